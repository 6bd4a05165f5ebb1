// RUN: llh-opt %s --convert-llh-to-loops | %upstream-check --lower | filecheck %s
// RUN: llh-opt %s --convert-llh-to-loops --mlir-print-ir-after-all -o /dev/null 2>&1 | filecheck %s --check-prefix=DUMP

// Shape buckets of the elementwise loops: predicates on the symbols computed once, at the top of
// the body (after the symbol reads and shape checks), guarding scf.if variants. (The module
// carries its symbols: infer-symbolic-shape would unify s1 with s0 and check it instead.)

// A dimension that may be 1: %b's rows are symbol s1, the result's s0. The guard s1 == 1
// selects the broadcast variant (row 0 of %b: an index map, the row is not copied); the
// other branch is the contiguous variant, one flat vector loop. Rows of 16: no tail bucket.
// CHECK-LABEL: func.func @maybe_one
// CHECK: %[[S0:.*]] = memref.dim %arg0, %c0
// CHECK: %[[S1:.*]] = memref.dim %arg1, %c0
// CHECK: ^bb2:
// CHECK-NEXT: %[[ONE:.*]] = arith.cmpi eq, %[[S1]], %c1 : index
// CHECK-NEXT: %[[N:.*]] = arith.muli %[[S0]], %c16 : index
// CHECK-NEXT: %[[OUT:.*]] = memref.alloc(%[[S0]]) : memref<?x16xf32>
// CHECK-NEXT: scf.if %[[ONE]] {
// CHECK-NEXT: scf.parallel (%[[I:.*]]) = (%c0) to (%[[S0]]) step (%c1) {
// CHECK-NEXT: scf.for %[[J:.*]] = %c0 to %c16 step %c8 {
// CHECK-NEXT: %[[A:.*]] = vector.load %arg0[%[[I]], %[[J]]] : memref<?x16xf32>, vector<8xf32>
// CHECK-NEXT: %[[B:.*]] = vector.load %arg1[%c0, %[[J]]] : memref<?x16xf32>, vector<8xf32>
// CHECK-NEXT: arith.subf %[[A]], %[[B]] : vector<8xf32>
// CHECK: } else {
// CHECK-NEXT: memref.collapse_shape %[[OUT]] {{\[\[}}0, 1]] : memref<?x16xf32> into memref<?xf32>
// CHECK-NEXT: memref.collapse_shape %arg0 {{\[\[}}0, 1]]
// CHECK-NEXT: memref.collapse_shape %arg1 {{\[\[}}0, 1]]
// CHECK-NEXT: %[[CH:.*]] = arith.ceildivsi %[[N]], %c4096 : index
// CHECK-NEXT: scf.parallel ({{.*}}) = (%c0) to (%[[CH]]) step (%c1) {
// CHECK-NOT: scf.if
// CHECK: return %[[OUT]]

// An inner size that is a multiple of 8 or not: s0 * s2 elements, flat; the bucket
// (s0 * s2) % 8 == 0 runs the vector loop alone, the other variant adds a scalar tail.
// CHECK-LABEL: func.func @inner_size
// CHECK: %[[S0:.*]] = memref.dim %arg0, %c0
// CHECK-NEXT: %[[S2:.*]] = memref.dim %arg0, %c1
// CHECK-NEXT: %[[N:.*]] = arith.muli %[[S0]], %[[S2]] : index
// CHECK-NEXT: %[[REM:.*]] = arith.remsi %[[N]], %c8 : index
// CHECK-NEXT: %[[DIV:.*]] = arith.cmpi eq, %[[REM]], %c0 : index
// CHECK: scf.if %[[DIV]] {
// CHECK: scf.for {{.*}} step %c8 {
// CHECK-NOT: step %c1 {
// CHECK: } else {
// CHECK: scf.for {{.*}} step %c8 {
// CHECK: scf.for {{.*}} step %c1 {
// CHECK: memref.load
// CHECK: arith.mulf {{.*}} : f32

// DUMP-LABEL: IR Dump After ConvertLLHToLoops (convert-llh-to-loops)
// DUMP: func.func @maybe_one
// DUMP: %[[ONE:.*]] = arith.cmpi eq, %dim_{{[0-9]+}}, %c1 : index
// DUMP: scf.if %[[ONE]] {
// DUMP: func.func @inner_size
// DUMP: %[[DIV:.*]] = arith.cmpi eq, %{{.*}}, %c0 : index
// DUMP: scf.if %[[DIV]] {
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c16"}> : () -> ()
func.func @maybe_one(%a: tensor<?x16xf32, #llh.encoding<shapes = @s0, @c16>> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c16"}, %b: tensor<?x16xf32, #llh.encoding<shapes = @s1, @c16>> {func.input_symbol_0 = "s1", func.input_symbol_1 = "c16"}) -> tensor<?x16xf32, #llh.encoding<shapes = @s0, @c16>> attributes {entrance} {
  %0 = "llh.sub"(%a, %b) : (tensor<?x16xf32, #llh.encoding<shapes = @s0, @c16>>, tensor<?x16xf32, #llh.encoding<shapes = @s1, @c16>>) -> tensor<?x16xf32, #llh.encoding<shapes = @s0, @c16>>
  return %0 : tensor<?x16xf32, #llh.encoding<shapes = @s0, @c16>>
}
func.func @inner_size(%a: tensor<?x?xf32, #llh.encoding<shapes = @s0, @s2>> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s2"}) -> tensor<?x?xf32, #llh.encoding<shapes = @s0, @s2>> attributes {entrance} {
  %0 = "llh.mul"(%a, %a) : (tensor<?x?xf32, #llh.encoding<shapes = @s0, @s2>>, tensor<?x?xf32, #llh.encoding<shapes = @s0, @s2>>) -> tensor<?x?xf32, #llh.encoding<shapes = @s0, @s2>>
  return %0 : tensor<?x?xf32, #llh.encoding<shapes = @s0, @s2>>
}
