// RUN: llh-opt %s --infer-symbolic-shape --canonicalize --convert-llh-to-loops | %upstream-check --lower | filecheck %s

// The add records s0 * s1 == 12 (the reshaped size against the static 12): the entry checks it
// with the other input checks, and canonical reshape sizes become static, so the view casts its
// one-dimensional form to the static size before expanding.
// CHECK-LABEL: module attributes {llh.shape_checks = ["argument 1 dimension 0 (static size 1)", "argument 1 dimension 1 (static size 12)", "size relation s0*s1 = 12"]}
// CHECK: func.func @main(%[[A:[^:]*]]: memref<?x?xf32>
// CHECK-DAG: %[[ID2:.*]] = arith.constant 2 : i32
// CHECK-DAG: %[[C12:.*]] = arith.constant 12 : index
// CHECK-DAG: %[[C12L:.*]] = arith.constant 12 : i64
// CHECK: %[[S0:.*]] = memref.dim %[[A]], %c0
// CHECK: %[[S1:.*]] = memref.dim %[[A]], %c1
// CHECK: %[[N:.*]] = arith.muli %[[S0]], %[[S1]] : index
// CHECK-NEXT: %[[BAD:.*]] = arith.cmpi ne, %[[N]], %[[C12]] : index
// CHECK-NEXT: scf.if %[[BAD]] {
// CHECK-NEXT: %[[G:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK-NEXT: func.call @llh_shape_error(%[[ID2]], %[[C12L]], %[[G]])
// CHECK: ^bb2:
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[A]] {{\[\[}}0, 1]] : memref<?x?xf32> into memref<?xf32>
// CHECK-NEXT: %[[CAST:.*]] = memref.cast %[[FLAT]] : memref<?xf32> to memref<12xf32>
// CHECK-NEXT: memref.expand_shape %[[CAST]] {{\[\[}}0, 1]] output_shape [1, 12] : memref<12xf32> into memref<1x12xf32>
func.func @main(%a: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}, %b: tensor<1x12xf32>) -> tensor<1x12xf32> attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %d0 = "llh.dim"(%a, %c0) : (tensor<?x?xf32>, i64) -> i64
  %d1 = "llh.dim"(%a, %c1) : (tensor<?x?xf32>, i64) -> i64
  %n = "llh.mul"(%d0, %d1) : (i64, i64) -> i64
  %r = "llh.reshape"(%a, %c1, %n) : (tensor<?x?xf32>, i64, i64) -> tensor<1x?xf32>
  %s = "llh.add"(%r, %b) : (tensor<1x?xf32>, tensor<1x12xf32>) -> tensor<1x12xf32>
  return %s : tensor<1x12xf32>
}
