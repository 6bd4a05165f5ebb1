// RUN: llh-opt %s --infer-symbolic-shape --llh-bufferize | filecheck %s
// RUN: llh-opt %s --infer-symbolic-shape --llh-bufferize --convert-llh-to-loops | %upstream-check --lower | filecheck %s --check-prefix=LOOPS

// Stage 1: memref signature, each free symbol read once (memref.dim), each derived symbol
// computed once from its defining expression (s1 = (s0 + 1) floordiv 2, recorded by the
// stride-2 slice and equated with %b's size by the add), then one check per other input
// dimension: %a's second dimension shares s0, %b's size must equal the derived s1.
// CHECK-LABEL: module attributes {llh.shape_checks = ["argument 0 dimension 1 (symbol s0)", "argument 1 dimension 0 (symbol s1)"]}
// CHECK: func.func private @llh_shape_error(i32, i64, i64)
// CHECK: func.func @derived(%[[A:[^:]*]]: memref<?x?xf32> {{.*}}, %[[B:[^:]*]]: memref<?xf32> {{.*}}) -> memref<?x?xf32>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : index
// CHECK-DAG: %[[ID0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[ID1:.*]] = arith.constant 1 : i32
// CHECK: %[[S0:.*]] = memref.dim {llh.symbol = ["s0"]} %[[A]], %[[C0]] : memref<?x?xf32>
// CHECK-NEXT: %[[T:.*]] = arith.addi %[[C1]], %[[S0]] : index
// CHECK-NEXT: %[[S1:.*]] = arith.floordivsi %[[T]], %[[C2]] {llh.symbol = ["s1"]} : index
// CHECK-NEXT: %[[D1:.*]] = memref.dim %[[A]], %[[C1]] : memref<?x?xf32>
// CHECK-NEXT: %[[BAD0:.*]] = arith.cmpi ne, %[[D1]], %[[S0]] : index
// CHECK-NEXT: scf.if %[[BAD0]] {
// CHECK-NEXT:   %[[E:.*]] = arith.index_cast %[[S0]] : index to i64
// CHECK-NEXT:   %[[G:.*]] = arith.index_cast %[[D1]] : index to i64
// CHECK-NEXT:   func.call @llh_shape_error(%[[ID0]], %[[E]], %[[G]]) : (i32, i64, i64) -> ()
// CHECK-NEXT: }
// CHECK-NEXT: %[[DB:.*]] = memref.dim %[[B]], %[[C0]] : memref<?xf32>
// CHECK-NEXT: %[[BAD1:.*]] = arith.cmpi ne, %[[DB]], %[[S1]] : index
// CHECK-NEXT: scf.if %[[BAD1]] {
// CHECK:        func.call @llh_shape_error(%[[ID1]], {{.*}}) : (i32, i64, i64) -> ()
// CHECK:      %[[ANY:.*]] = arith.ori %[[BAD0]], %[[BAD1]] : i1
// CHECK-NEXT: cf.cond_br %[[ANY]], ^bb1, ^bb2
// The failure block computes nothing and returns empty buffers.
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %[[EMPTY:.*]] = memref.alloc(%[[C0]], %[[C0]]) : memref<?x?xf32>
// CHECK-NEXT: return %[[EMPTY]] : memref<?x?xf32>
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: %[[TA:.*]] = builtin.unrealized_conversion_cast %[[A]] : memref<?x?xf32> to tensor<?x?xf32, #llh.encoding<shapes = @s0, @s0>>
// CHECK-NEXT: %[[TB:.*]] = builtin.unrealized_conversion_cast %[[B]] : memref<?xf32> to tensor<?xf32, #llh.encoding<shapes = @s1>>
// CHECK: %[[R:.*]] = "llh.add"
// CHECK: %[[M:.*]] = builtin.unrealized_conversion_cast %[[R]] : tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>> to memref<?x?xf32>
// CHECK-NEXT: return %[[M]] : memref<?x?xf32>

// Stage 2 uses the symbol values of stage 1 (no recomputation) and removes the tags, the casts
// and the symbol declarations.
// LOOPS-LABEL: func.func @derived
// LOOPS: %[[S0:.*]] = memref.dim %arg0, %c0 : memref<?x?xf32>
// LOOPS: %[[S1:.*]] = arith.floordivsi %{{.*}}, %c2 : index
// LOOPS: ^bb2:
// The add's shape bucket (inner size S1 a multiple of 8) is computed once, first.
// LOOPS-NEXT: %[[REM:.*]] = arith.remsi %[[S1]], %c8 : index
// LOOPS-NEXT: %[[DIV8:.*]] = arith.cmpi eq, %[[REM]], %c0 : index
// LOOPS-NEXT: %[[OUT:.*]] = memref.alloc(%[[S0]], %[[S1]]) : memref<?x?xf32>
// LOOPS-NEXT: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%c0, %c0) to (%[[S0]], %[[S1]]) step (%c1, %c1) {
// LOOPS-NEXT: %[[K:.*]] = arith.muli %[[J]], %c2 : index
// LOOPS-NEXT: memref.load %arg0[%[[I]], %[[K]]] : memref<?x?xf32>
// LOOPS: scf.if %[[DIV8]] {
// LOOPS: vector.load %[[OUT]]
// LOOPS-NOT: llh.
// LOOPS-NOT: unrealized_conversion_cast
func.func @derived(%a: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s0"}, %b: tensor<?xf32> {func.input_symbol_0 = "s1"}) -> tensor<?x?xf32> attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %big = "llh.constant"() <{value = 9223372036854775807 : i64}> : () -> i64
  %0 = "llh.stride_slice"(%a, %c0, %c0, %big, %big, %c1, %c2) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (tensor<?x?xf32>, i64, i64, i64, i64, i64, i64) -> tensor<?x?xf32>
  %1 = "llh.add"(%0, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}
