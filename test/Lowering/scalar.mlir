// RUN: llh-opt %s --infer-symbolic-shape --convert-llh-to-loops | %upstream-check --lower | filecheck %s

// Integer scalars compute in index (llh.dim is the symbol's value read at the entry), and are
// returned as i64; scalar_cast stores into / loads from a one-element buffer; a dense constant
// is a private constant global, copied into a fresh buffer when returned.
// CHECK: memref.global "private" constant @__llh_weight_0 : memref<2x2xi64> = dense<{{\[\[}}1, 2], [3, 4]]>
// CHECK-LABEL: func.func @scalars
// CHECK-SAME: (%[[A:[^:]*]]: memref<?x?xf32> {{.*}}, %[[F:[^:]*]]: f32) -> (i64, memref<1xf32>, f32, memref<2x2xi64>)
// CHECK: %[[D0:.*]] = memref.dim %[[A]], %c0
// CHECK-NEXT: %[[D1:.*]] = memref.dim %[[A]], %c1
// CHECK-NEXT: %[[N:.*]] = arith.muli %[[D0]], %[[D1]] : index
// CHECK-NEXT: %[[Q:.*]] = arith.floordivsi %[[N]], %c2 : index
// CHECK-NEXT: %[[S:.*]] = arith.subi %[[Q]], %c1 : index
// CHECK-NEXT: %[[S64:.*]] = arith.index_cast %[[S]] : index to i64
// CHECK-NEXT: %[[T:.*]] = memref.alloc() : memref<1xf32>
// CHECK-NEXT: memref.store %[[F]], %[[T]][%c0] : memref<1xf32>
// CHECK-NEXT: %[[G:.*]] = memref.load %[[T]][%c0] : memref<1xf32>
// CHECK-NEXT: %[[H:.*]] = arith.mulf %[[G]], %[[F]] : f32
// CHECK-NEXT: %[[K:.*]] = memref.get_global @__llh_weight_0 : memref<2x2xi64>
// CHECK-NEXT: %[[KC:.*]] = memref.alloc() : memref<2x2xi64>
// CHECK-NEXT: memref.copy %[[K]], %[[KC]]
// CHECK-NEXT: return %[[S64]], %[[T]], %[[H]], %[[KC]] : i64, memref<1xf32>, f32, memref<2x2xi64>
func.func @scalars(%a: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}, %f: f32) -> (i64, tensor<1xf32>, f32, tensor<2x2xi64>) attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %d0 = "llh.dim"(%a, %c0) : (tensor<?x?xf32>, i64) -> i64
  %d1 = "llh.dim"(%a, %c1) : (tensor<?x?xf32>, i64) -> i64
  %n = "llh.mul"(%d0, %d1) : (i64, i64) -> i64
  %q = "llh.div"(%n, %c2) : (i64, i64) -> i64
  %s = "llh.sub"(%q, %c1) : (i64, i64) -> i64
  %t = "llh.scalar_cast"(%f) : (f32) -> tensor<1xf32>
  %g = "llh.scalar_cast"(%t) : (tensor<1xf32>) -> f32
  %h = "llh.mul"(%g, %f) : (f32, f32) -> f32
  %k = "llh.constant"() <{value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>}> : () -> tensor<2x2xi64>
  return %s, %t, %h, %k : i64, tensor<1xf32>, f32, tensor<2x2xi64>
}
