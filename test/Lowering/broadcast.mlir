// RUN: llh-opt %s --infer-symbolic-shape --convert-llh-to-loops | %upstream-check --lower | filecheck %s

// broadcast_to and expand are virtual: the subtraction reads %x at row 0 (cast_dims = [0]),
// no copy of the broadcast is made (rows of 3 elements: shorter than a vector, a scalar loop); the expand is returned, so it is materialized once, by
// a copy loop reading %y with the inner index only, just before the return.
// CHECK-LABEL: func.func @broadcasts
// CHECK-SAME: (%[[A:[^:]*]]: memref<?x3xf32> {{.*}}, %[[X:[^:]*]]: memref<1x3xf32>, %[[Y:[^:]*]]: memref<3xf32>)
// CHECK: %[[N:.*]] = memref.dim %[[A]], %c0
// CHECK: ^bb2:
// CHECK-NEXT: %[[S:.*]] = memref.alloc(%[[N]]) : memref<?x3xf32>
// CHECK-NEXT: scf.parallel (%[[I:.*]]) = (%c0) to (%[[N]])
// CHECK-NEXT: scf.for %[[J:.*]] = %c0 to %c3 step %c1
// CHECK-NEXT: %[[L:.*]] = memref.load %[[A]][%[[I]], %[[J]]]
// CHECK-NEXT: %[[R:.*]] = memref.load %[[X]][%c0, %[[J]]] : memref<1x3xf32>
// CHECK-NEXT: arith.subf %[[L]], %[[R]] : f32
// CHECK: %[[E:.*]] = memref.alloc(%[[N]]) : memref<?x3xf32>
// CHECK-NEXT: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%c0, %c0) to (%[[N]], %c3)
// CHECK-NEXT: %[[V:.*]] = memref.load %[[Y]][%[[J]]] : memref<3xf32>
// CHECK-NEXT: memref.store %[[V]], %[[E]][%[[I]], %[[J]]]
// CHECK: return %[[S]], %[[E]]
func.func @broadcasts(%a: tensor<?x3xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c3"}, %x: tensor<1x3xf32>, %y: tensor<3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>) attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %n = "llh.dim"(%a, %c0) : (tensor<?x3xf32>, i64) -> i64
  %b = "llh.broadcast_to"(%x, %n, %c3) <{cast_dims = array<i64: 0>}> : (tensor<1x3xf32>, i64, i64) -> tensor<?x3xf32>
  %s = "llh.sub"(%a, %b) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %e = "llh.expand"(%y, %n, %c3) : (tensor<3xf32>, i64, i64) -> tensor<?x3xf32>
  return %s, %e : tensor<?x3xf32>, tensor<?x3xf32>
}
