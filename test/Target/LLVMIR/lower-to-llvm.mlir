// RUN: llh-opt %s --lower-to-llvm | filecheck %s
// RUN: llh-opt %s --lower-to-llvm --emit=mlir | filecheck %s --check-prefix=LOOPS
// RUN: llh-opt %s --lower-to-llvm --emit=header | filecheck %s --check-prefix=HEADER
// RUN: llh-opt %s --pass-pipeline="builtin.module(lower-to-llvm)" -O0 | filecheck %s --check-prefix=PIPE

// `--lower-to-llvm` runs the lowering pipeline, then prints LLVM IR (the default --emit with it).
// The entry's shape checks become the module's message table; the exported symbols are the
// C-interface wrapper and the status wrapper.
// CHECK: @__llh_check_0 = private unnamed_addr constant {{.*}} c"argument 0 dimension 1 (static size 3)\00"
// CHECK: @__llh_check_1 = private unnamed_addr constant {{.*}} c"argument 0 dimension 3 (symbol s1)\00"
// CHECK: define void @_mlir_ciface_main(ptr {{.*}}%result, ptr {{.*}}%arg0)
// CHECK: define {{.*}}i32 @main_status(ptr {{.*}}%result, ptr {{.*}}%arg0)
// LOOPS: module attributes {llh.shape_checks = ["argument 0 dimension 1 (static size 3)", "argument 0 dimension 3 (symbol s1)"]}
// LOOPS: func.func @main(%{{.*}}: memref<?x3x?x?xf32>
// LOOPS: scf.parallel
// HEADER: /* main: (memref<?x3x?x?xf32>) -> (memref<?x3x?x?xf32>) */
// HEADER-NEXT: void _mlir_ciface_main(llh_memref_4d_f32 *result, llh_memref_4d_f32 *arg0);
// HEADER-NEXT: int32_t main_status(llh_memref_4d_f32 *result, llh_memref_4d_f32 *arg0);
// PIPE: define internal { ptr, ptr, i64, [4 x i64], [4 x i64] } @main(
func.func @main(%x: tensor<?x3x?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c3", func.input_symbol_2 = "s1", func.input_symbol_3 = "s1"}) -> tensor<?x3x?x?xf32> attributes {entrance} {
  %0 = "llh.relu"(%x) : (tensor<?x3x?x?xf32>) -> tensor<?x3x?x?xf32>
  %1 = "llh.add"(%0, %x) : (tensor<?x3x?x?xf32>, tensor<?x3x?x?xf32>) -> tensor<?x3x?x?xf32>
  return %1 : tensor<?x3x?x?xf32>
}
