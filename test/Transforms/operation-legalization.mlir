// RUN: llh-opt %s -split-input-file --operation-legalization | filecheck %s --match-full-lines --strict-whitespace
// Idempotence: a second run changes nothing.
// RUN: llh-opt %s -split-input-file --operation-legalization --operation-legalization | filecheck %s --match-full-lines --strict-whitespace
// No pattern reports success without changing the IR (D9).
// RUN: env LLH_OPT_CHECK_REWRITES=1 llh-opt %s -split-input-file --operation-legalization | filecheck %s --match-full-lines --strict-whitespace

// --operation-legalization (spec §6.2). BraodcastableScalarToTensor rewrites a scalar constant
// mixed with tensors by a broadcasting op — IR only importers build in memory: the verifier
// rejects `(tensor<...>, f32)` operands in text (§3.3), so that pattern is tested in
// test/unit/test_llh_passes.py.

// WeightOpRefine (the reference's test): a rank-0 weight becomes rank 1; users and the function
// type follow.
func.func @weight(%x: tensor<3xf32>) -> (tensor<f32>, tensor<3xf32>) {
  %0 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<f32>
  %1 = "llh.add"(%x, %0) : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
  return %0, %1 : tensor<f32>, tensor<3xf32>
}

//      CHECK:module {
// CHECK-NEXT:  func.func @weight(%arg0: tensor<3xf32>) -> (tensor<1xf32>, tensor<3xf32>) {
// CHECK-NEXT:    %0 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<1xf32>
// CHECK-NEXT:    %1 = "llh.add"(%arg0, %0) : (tensor<3xf32>, tensor<1xf32>) -> tensor<3xf32>
// CHECK-NEXT:    return %0, %1 : tensor<1xf32>, tensor<3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// In a module with symbolic information, the refined weight gets its encoding by infer-on-create.
"llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
func.func @weight_symbolic() -> tensor<bf16> {
  %0 = "llh.weight"() <{weight_file = "w.npy"}> : () -> tensor<bf16>
  return %0 : tensor<bf16>
}
module @__symbol__ {
}

//      CHECK:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c1"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
// CHECK-NEXT:  func.func @weight_symbolic() -> tensor<1xbf16, #llh.encoding<shapes = @c1>> {
// CHECK-NEXT:    %0 = "llh.weight"() <{weight_file = "w.npy"}> : () -> tensor<1xbf16, #llh.encoding<shapes = @c1>>
// CHECK-NEXT:    return %0 : tensor<1xbf16, #llh.encoding<shapes = @c1>>
// CHECK-NEXT:  }
// CHECK-NEXT:  module @__symbol__ {
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// Negative: a scalar constant used by scalar arithmetic (index computations) and tensor operands
// are left alone (the driver still folds what folds, e.g. `mul(x, 1.0)` would be `x`).
func.func @negative(%x: tensor<?x3xf32>, %n: i64) -> (i64, tensor<?x3xf32>) {
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %0 = "llh.add"(%n, %c1) : (i64, i64) -> i64
  %two = "llh.constant"() <{value = dense<2.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %1 = "llh.mul"(%x, %two) : (tensor<?x3xf32>, tensor<1xf32>) -> tensor<?x3xf32>
  %w = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<1xf32>
  %2 = "llh.add"(%1, %w) : (tensor<?x3xf32>, tensor<1xf32>) -> tensor<?x3xf32>
  return %0, %2 : i64, tensor<?x3xf32>
}

//      CHECK:module {
// CHECK-NEXT:  func.func @negative(%arg0: tensor<?x3xf32>, %arg1: i64) -> (i64, tensor<?x3xf32>) {
// CHECK-NEXT:    %0 = "llh.constant"() <{value = dense<2.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
// CHECK-NEXT:    %1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
// CHECK-NEXT:    %2 = "llh.add"(%arg1, %1) : (i64, i64) -> i64
// CHECK-NEXT:    %3 = "llh.mul"(%arg0, %0) : (tensor<?x3xf32>, tensor<1xf32>) -> tensor<?x3xf32>
// CHECK-NEXT:    %4 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<1xf32>
// CHECK-NEXT:    %5 = "llh.add"(%3, %4) : (tensor<?x3xf32>, tensor<1xf32>) -> tensor<?x3xf32>
// CHECK-NEXT:    return %2, %5 : i64, tensor<?x3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}
