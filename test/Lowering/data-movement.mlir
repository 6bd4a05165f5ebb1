// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | filecheck %s

// reshape is a view (collapse to one dimension, expand to the result sizes) of the same
// allocation: no copy. The view is returned as is; the second result aliases the same
// allocation, so it is a copy the caller owns. flatten of the last dimension is the identity.
// CHECK-LABEL: func.func @reshape_view
// CHECK: %[[S0:.*]] = memref.dim %arg0, %c0
// CHECK: %[[S1:.*]] = memref.dim %arg0, %c2
// CHECK: %[[N:.*]] = arith.muli %c3, %[[S1]] : index
// CHECK: ^bb2:
// CHECK: %[[E:.*]] = memref.alloc(%[[S0]], %[[S1]]) : memref<?x3x?xf32>
// CHECK: math.exp
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[E]] {{\[\[}}0, 1, 2]] : memref<?x3x?xf32> into memref<?xf32>
// CHECK-NEXT: %[[V:.*]] = memref.expand_shape %[[FLAT]] {{\[\[}}0, 1]] output_shape [%[[S0]], %[[N]]] : memref<?xf32> into memref<?x?xf32>
// CHECK-NEXT: %[[COPY:.*]] = memref.alloc(%[[S0]], %[[S1]]) : memref<?x3x?xf32>
// CHECK-NEXT: memref.copy %[[E]], %[[COPY]]
// CHECK-NEXT: return %[[V]], %[[COPY]] : memref<?x?xf32>, memref<?x3x?xf32>
func.func @reshape_view(%a: tensor<?x3x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c3", func.input_symbol_2 = "s1"}) -> (tensor<?x?xf32>, tensor<?x3x?xf32>) attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %c3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %e = "llh.exp"(%a) : (tensor<?x3x?xf32>) -> tensor<?x3x?xf32>
  %d0 = "llh.dim"(%a, %c0) : (tensor<?x3x?xf32>, i64) -> i64
  %d2 = "llh.dim"(%a, %c2) : (tensor<?x3x?xf32>, i64) -> i64
  %m = "llh.mul"(%d2, %c3) : (i64, i64) -> i64
  %r = "llh.reshape"(%e, %d0, %m) : (tensor<?x3x?xf32>, i64, i64) -> tensor<?x?xf32>
  %f = "llh.flatten"(%e, %c2) : (tensor<?x3x?xf32>, i64) -> tensor<?x3x?xf32>
  return %r, %e : tensor<?x?xf32>, tensor<?x3x?xf32>
}

// -----

// cat: one loop nest per input, the second stored at offset 3 along dim 1.
// stride_slice: input[0:end, 1:3, 0:3:2] reads input[i, 1 + j, 2 * k]; its dynamic size is the
// input's symbol. extract of index -1 reads row (size - 1), computed once. reductions: an
// scf.for carrying the accumulator inside one scf.parallel over the kept dimensions.
// CHECK-LABEL: func.func @moves
// CHECK: %[[S0:.*]] = memref.dim %arg0, %c0
// extract [-1] needs a non-empty dimension 0: a bound check at the entry.
// CHECK: %[[SHORT:.*]] = arith.cmpi slt, %[[S0]], %c1 : index
// CHECK-NEXT: scf.if %[[SHORT]] {
// CHECK: ^bb2:
// CHECK: %[[CAT:.*]] = memref.alloc(%[[S0]]) : memref<?x5x4xf32>
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]], %[[K:.*]]) = (%c0, %c0, %c0) to (%[[S0]], %c3, %c4)
// CHECK-NEXT: %[[X:.*]] = memref.load %arg0[%[[I]], %[[J]], %[[K]]]
// CHECK-NEXT: memref.store %[[X]], %[[CAT]][%[[I]], %[[J]], %[[K]]]
// CHECK: scf.parallel (%[[I:.*]], %[[J:.*]], %[[K:.*]]) = (%c0, %c0, %c0) to (%[[S0]], %c2, %c4)
// CHECK-NEXT: %[[Y:.*]] = memref.load %arg1[%[[I]], %[[J]], %[[K]]]
// CHECK-NEXT: %[[OFF:.*]] = arith.addi %[[J]], %c3 : index
// CHECK-NEXT: memref.store %[[Y]], %[[CAT]][%[[I]], %[[OFF]], %[[K]]]
// CHECK: %[[SL:.*]] = memref.alloc(%[[S0]]) : memref<?x2x2xf32>
// CHECK-NEXT: scf.parallel (%[[I:.*]], %[[J:.*]], %[[K:.*]]) = (%c0, %c0, %c0) to (%[[S0]], %c2, %c2)
// CHECK-NEXT: %[[J1:.*]] = arith.addi %c1, %[[J]] : index
// CHECK-NEXT: %[[K2:.*]] = arith.muli %[[K]], %c2 : index
// CHECK-NEXT: memref.load %arg0[%[[I]], %[[J1]], %[[K2]]]
// CHECK: %[[LAST:.*]] = arith.addi %[[S0]], %c-1 : index
// CHECK-NEXT: %[[EX:.*]] = memref.alloc() : memref<3x4xf32>
// CHECK-NEXT: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%c0, %c0) to (%c3, %c4)
// CHECK-NEXT: memref.load %arg0[%[[LAST]], %[[I]], %[[J]]]
// CHECK: %[[MAX:.*]] = memref.alloc(%[[S0]]) : memref<?x3xf32>
// CHECK-NEXT: scf.parallel (%[[I:.*]], %[[J:.*]]) = (%c0, %c0) to (%[[S0]], %c3)
// CHECK-NEXT: %[[RED:.*]] = scf.for %[[K:.*]] = %c0 to %c4 step %c1 iter_args(%[[ACC:.*]] = %[[NEGINF:.*]]) -> (f32) {
// CHECK-NEXT: %[[V:.*]] = memref.load %arg0[%[[I]], %[[J]], %[[K]]]
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[ACC]], %[[V]] : f32
// CHECK-NEXT: scf.yield %[[M]] : f32
// CHECK: memref.store %[[RED]], %[[MAX]][%[[I]], %[[J]]]
// The sum over the middle axis keeps the last one: parallel over N, each output row is zeroed,
// then one contiguous pass per reduced index adds a row of the input into it.
// CHECK: %[[SUM:.*]] = memref.alloc(%[[S0]]) : memref<?x4xf32>
// CHECK-NEXT: scf.parallel (%[[N:.*]]) = (%c0) to (%[[S0]]) step (%c1) {
// CHECK-NEXT: scf.for %[[J0:.*]] = %c0 to %c4 step %c1 {
// CHECK-NEXT: memref.store %cst{{.*}}, %[[SUM]][%[[N]], %[[J0]]] : memref<?x4xf32>
// CHECK: scf.for %[[K:.*]] = %c0 to %c3 step %c1 {
// CHECK-NEXT: scf.for %[[J:.*]] = %c0 to %c4 step %c1 {
// CHECK-NEXT: %[[OLD:.*]] = memref.load %[[SUM]][%[[N]], %[[J]]]
// CHECK-NEXT: %[[IN:.*]] = memref.load %arg0[%[[N]], %[[K]], %[[J]]]
// CHECK-NEXT: %[[NEW:.*]] = arith.addf %[[OLD]], %[[IN]] : f32
// CHECK-NEXT: memref.store %[[NEW]], %[[SUM]][%[[N]], %[[J]]]
// CHECK: %[[EMPTY:.*]] = memref.alloc(%[[S0]]) : memref<?x2x3xf32>
// CHECK-NEXT: return %[[CAT]], %[[SL]], %[[EX]], %[[MAX]], %{{.*}}, %[[EMPTY]]
func.func @moves(%a: tensor<?x3x4xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c3", func.input_symbol_2 = "c4"}, %b: tensor<?x2x4xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c2", func.input_symbol_2 = "c4"}) -> (tensor<?x5x4xf32>, tensor<?x2x2xf32>, tensor<3x4xf32>, tensor<?x3xf32>, tensor<?x4xf32>, tensor<?x?x?xf32>) attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %c3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %cm1 = "llh.constant"() <{value = -1 : i64}> : () -> i64
  %big = "llh.constant"() <{value = 9223372036854775807 : i64}> : () -> i64
  %0 = "llh.cat"(%a, %b) <{dim = 1 : i64}> : (tensor<?x3x4xf32>, tensor<?x2x4xf32>) -> tensor<?x5x4xf32>
  %1 = "llh.stride_slice"(%a, %c0, %c1, %c0, %big, %c3, %c3, %c1, %c1, %c2) <{operandSegmentSizes = array<i32: 1, 3, 3, 3>}> : (tensor<?x3x4xf32>, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> tensor<?x2x2xf32>
  %2 = "llh.extract"(%a, %cm1) : (tensor<?x3x4xf32>, i64) -> tensor<3x4xf32>
  %3 = "llh.reduce_max"(%a) <{axis = array<i64: 2>}> : (tensor<?x3x4xf32>) -> tensor<?x3xf32>
  %4 = "llh.reduce_sum"(%a) <{axis = array<i64: 1>}> : (tensor<?x3x4xf32>) -> tensor<?x4xf32>
  %d0 = "llh.dim"(%a, %c0) : (tensor<?x3x4xf32>, i64) -> i64
  %5 = "llh.empty"(%d0, %c2, %c3) : (i64, i64, i64) -> tensor<?x?x?xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<?x5x4xf32>, tensor<?x2x2xf32>, tensor<3x4xf32>, tensor<?x3xf32>, tensor<?x4xf32>, tensor<?x?x?xf32>
}

// -----

// A multi-axis reduction nests scf.for loops threading the accumulator; f16 accumulates in
// f32 and rounds once; an integer max starts at the smallest i32.
// CHECK-LABEL: func.func @reductions
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[IMIN:.*]] = arith.constant -2147483648 : i32
// CHECK: scf.parallel (%[[I:.*]]) = (%c0) to (%c3)
// CHECK-NEXT: %[[R:.*]] = scf.for %[[A:.*]] = %c0 to %c2 step %c1 iter_args(%[[X:.*]] = %[[ZERO]]) -> (f32) {
// CHECK-NEXT: %[[R2:.*]] = scf.for %[[B:.*]] = %c0 to %c4 step %c1 iter_args(%[[Y:.*]] = %[[X]]) -> (f32) {
// CHECK-NEXT: %[[H:.*]] = memref.load %arg0[%[[A]], %[[I]], %[[B]]] : memref<2x3x4xf16>
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[H]] : f16 to f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[Y]], %[[W]] : f32
// CHECK-NEXT: scf.yield %[[S]] : f32
// CHECK: scf.yield %[[R2]] : f32
// CHECK: %[[T:.*]] = arith.truncf %[[R]] : f32 to f16
// CHECK: iter_args(%{{.*}} = %[[IMIN]]) -> (i32)
// CHECK: arith.maxsi
// Reducing every axis gives a rank-0 buffer.
// CHECK: %[[SC:.*]] = memref.alloc() : memref<f32>
// CHECK: memref.store %{{.*}}, %[[SC]][] : memref<f32>
func.func @reductions(%a: tensor<2x3x4xf16>, %i: tensor<5x6xi32>, %f: tensor<5x6xf32>) -> (tensor<3xf16>, tensor<5xi32>, tensor<f32>) attributes {entrance} {
  %0 = "llh.reduce_sum"(%a) <{axis = array<i64: 0, -1>}> : (tensor<2x3x4xf16>) -> tensor<3xf16>
  %1 = "llh.reduce_max"(%i) <{axis = array<i64: 1>}> : (tensor<5x6xi32>) -> tensor<5xi32>
  %2 = "llh.reduce_min"(%f) <{axis = array<i64: 0, 1>}> : (tensor<5x6xf32>) -> tensor<f32>
  return %0, %1, %2 : tensor<3xf16>, tensor<5xi32>, tensor<f32>
}
