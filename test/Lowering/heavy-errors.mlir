// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops --verify-diagnostics

// Heavy ops the lowering cannot compute are errors at the op, naming it.

func.func @batch_norm_int(%x: tensor<?x3xi32>, %s: tensor<3xi32>) -> tensor<?x3xi32> attributes {entrance} {
  // expected-error @+1 {{'llh.batch_norm' op cannot be lowered: element type 'i32' is not a float}}
  %r = "llh.batch_norm"(%x, %s, %s, %s, %s) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<?x3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>, tensor<3xi32>) -> tensor<?x3xi32>
  return %r : tensor<?x3xi32>
}

// -----

func.func @avg_pool_int(%x: tensor<?x3x?xi64>) -> tensor<?x3x2xi64> attributes {entrance} {
  // expected-error @+1 {{'llh.adaptive_average_pool' op cannot be lowered: element type 'i64' is not a float}}
  %r = "llh.adaptive_average_pool"(%x) <{out_size = array<i64: 2>}> : (tensor<?x3x?xi64>) -> tensor<?x3x2xi64>
  return %r : tensor<?x3x2xi64>
}

// -----

func.func @layer_norm_scale_rank(%x: tensor<?x4xf32>, %s: tensor<2x?x4xf32>) -> tensor<?x4xf32> attributes {entrance} {
  // expected-error @+1 {{'llh.layer_norm' op cannot be lowered: 'scale' of rank 3 does not broadcast against the rank-2 input}}
  %r = "llh.layer_norm"(%x, %s, %s) <{axis = 1 : i64, epsilon = 1.000000e-05 : f64}> : (tensor<?x4xf32>, tensor<2x?x4xf32>, tensor<2x?x4xf32>) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
