// RUN: llh-opt %s --split-input-file --fold-batch-norm | filecheck %s

// conv + batch_norm with constant parameters: one conv_bias whose weights are scaled per output
// channel (s = scale / sqrt(var + eps) = [0.5, 2, 1]) and whose bias is (0 - mean) * s + bias;
// the old constants, conv and batch_norm are gone.
// CHECK-LABEL: func.func @conv_bn
// CHECK-NEXT: %[[W:.*]] = "llh.constant"() <{value = dense<{{\[\[\[\[}}5.000000e-01]], {{\[\[}}1.000000e+00]]], {{\[\[\[}}6.000000e+00]], {{\[\[}}8.000000e+00]]], {{\[\[\[}}5.000000e+00]], {{\[\[}}6.000000e+00]]]]> : tensor<3x2x1x1xf32>}>
// CHECK-NEXT: %[[B:.*]] = "llh.constant"() <{value = dense<[-4.000000e-01, 2.200000e+00, 3.000000e-01]> : tensor<3xf32>}>
// CHECK-NEXT: %[[C:.*]] = "llh.conv_bias"(%arg0, %[[W]], %[[B]]) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 1, 1>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}>
// CHECK-NEXT: %[[R:.*]] = "llh.relu"(%[[C]])
// CHECK-NEXT: return %[[R]]
// CHECK-NOT: llh.batch_norm
func.func @conv_bn(%x: tensor<1x2x5x5xf32>) -> tensor<1x3x5x5xf32> {
  %w = "llh.constant"() <{value = dense<[[[[1.0]],[[2.0]]],[[[3.0]],[[4.0]]],[[[5.0]],[[6.0]]]]> : tensor<3x2x1x1xf32>}> : () -> tensor<3x2x1x1xf32>
  %s = "llh.constant"() <{value = dense<[1.0, 2.0, 0.5]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %t = "llh.constant"() <{value = dense<[0.1, 0.2, 0.3]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %m = "llh.constant"() <{value = dense<[1.0, -1.0, 0.0]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %v = "llh.constant"() <{value = dense<[4.0, 1.0, 0.25]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 1, 1>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x2x5x5xf32>, tensor<3x2x1x1xf32>) -> tensor<1x3x5x5xf32>
  %1 = "llh.batch_norm"(%0, %s, %t, %m, %v) <{epsilon = 0.0 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x3x5x5xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x5x5xf32>
  %2 = "llh.relu"(%1) : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  return %2 : tensor<1x3x5x5xf32>
}

// -----

// conv_bias (bias [1, 1]) channels-last with FHWC weights (F is axis 0 of the weight, the
// channel axis 3 of the activation): B' = (B - mean) * s + bias = [(1 - 1) * 2 + 0, (1 - 0) * 1 + 5].
// CHECK-LABEL: func.func @conv_bias_bn_nhwc
// CHECK-NEXT: %[[W:.*]] = "llh.constant"() <{value = dense<{{\[\[\[\[}}2.000000e+00]]], {{\[\[\[}}3.000000e+00]]]]> : tensor<2x1x1x1xf32>}>
// CHECK-NEXT: %[[B:.*]] = "llh.constant"() <{value = dense<[0.000000e+00, 6.000000e+00]> : tensor<2xf32>}>
// CHECK-NEXT: "llh.conv_bias"(%arg0, %[[W]], %[[B]])
// CHECK-SAME: layout = #llh.Layout<NHWC>
// CHECK-SAME: -> tensor<1x4x4x2xf32>
// CHECK-NOT: llh.batch_norm
func.func @conv_bias_bn_nhwc(%x: tensor<1x4x4x1xf32>) -> tensor<1x4x4x2xf32> {
  %w = "llh.constant"() <{value = dense<[[[[1.0]]],[[[3.0]]]]> : tensor<2x1x1x1xf32>}> : () -> tensor<2x1x1x1xf32>
  %b = "llh.constant"() <{value = dense<[1.0, 1.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %s = "llh.constant"() <{value = dense<[4.0, 1.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %t = "llh.constant"() <{value = dense<[0.0, 5.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %m = "llh.constant"() <{value = dense<[1.0, 0.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %v = "llh.constant"() <{value = dense<[4.0, 1.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %0 = "llh.conv_bias"(%x, %w, %b) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 1, 1>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FHWC>}> : (tensor<1x4x4x1xf32>, tensor<2x1x1x1xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  %1 = "llh.batch_norm"(%0, %s, %t, %m, %v) <{epsilon = 0.0 : f64, feature_index = 3 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x4x4x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x4x4x2xf32>
  return %1 : tensor<1x4x4x2xf32>
}

// -----

// Not folded: a parameter that is not a constant, the conv result used twice, a batch norm on
// another axis than the conv's channels.
// CHECK-LABEL: func.func @not_folded
// CHECK-COUNT-3: llh.batch_norm
// CHECK-NOT: llh.conv_bias
func.func @not_folded(%x: tensor<1x1x4x4xf32>, %var: tensor<1xf32>) -> (tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>) {
  %w = "llh.constant"() <{value = dense<2.0> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
  %p = "llh.constant"() <{value = dense<1.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %q = "llh.constant"() <{value = dense<1.0> : tensor<4xf32>}> : () -> tensor<4xf32>
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 1, 1>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x4x4xf32>
  %1 = "llh.batch_norm"(%0, %p, %p, %p, %var) <{epsilon = 0.0 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x1x4x4xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x4x4xf32>
  %2 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 1, 1>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x4x4xf32>
  %3 = "llh.batch_norm"(%2, %p, %p, %p, %p) <{epsilon = 0.0 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x1x4x4xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x4x4xf32>
  %4 = "llh.add"(%3, %2) : (tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>) -> tensor<1x1x4x4xf32>
  %5 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 1, 1>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x1x4x4xf32>, tensor<1x1x1x1xf32>) -> tensor<1x1x4x4xf32>
  %6 = "llh.batch_norm"(%5, %q, %q, %q, %q) <{epsilon = 0.0 : f64, feature_index = 3 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x1x4x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x1x4x4xf32>
  return %1, %4, %6 : tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>, tensor<1x1x4x4xf32>
}
