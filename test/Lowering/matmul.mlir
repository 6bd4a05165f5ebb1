// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | filecheck %s
// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | %mlir-opt --split-input-file --convert-scf-to-cf --expand-strided-metadata --convert-to-llvm --reconcile-unrealized-casts > /dev/null
// REQUIRES: mlir-opt

// f32 matmul through the GEMM engine: B is packed once into [N/16, K, 16] panels (an
// scf.parallel over panels; full panels by vector loads, the tail panel by clamped scalar
// loads), then an scf.parallel over chunks of 6-row panels runs the 6x16 register tile: 12
// vector<8xf32> accumulators carried through the K loop, 2 packed B vectors and 6 broadcast A
// scalars per step. The tile store is guarded: full tiles by vector stores, tail tiles through
// a stack scratch tile and scalar stores of the valid part.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: memref<?x64xf32> {{.*}}, %[[B:.*]]: memref<64x10xf32>) -> memref<?x10xf32>
// CHECK-DAG: %[[M:.*]] = memref.dim %[[A]], %c0
// CHECK: ^bb2:
// CHECK-NEXT: %[[C:.*]] = memref.alloc(%[[M]]) : memref<?x10xf32>
// CHECK: %[[BP:.*]] = memref.alloc(%{{.*}}, %c64) : memref<?x?x16xf32>
// CHECK: scf.parallel (%[[JP:.*]]) = (%c0) to (%{{.*}}) step (%c1) {
// CHECK:   %[[J0:.*]] = arith.muli %[[JP]], %c16 : index
// CHECK:   %[[FULLB:.*]] = arith.cmpi sle, %{{.*}}, %c10 : index
// CHECK-NEXT:   scf.if %[[FULLB]] {
// CHECK-NEXT:     scf.for %[[K:.*]] = %c0 to %c64 step %c1 {
// CHECK-NEXT:       %[[V:.*]] = vector.load %[[B]][%[[K]], %[[J0]]] : memref<64x10xf32>, vector<8xf32>
// CHECK-NEXT:       vector.store %[[V]], %[[BP]][%[[JP]], %[[K]], %c0] : memref<?x?x16xf32>, vector<8xf32>
// CHECK:   } else {
// CHECK:         %[[JC:.*]] = arith.minsi %{{.*}}, %{{.*}} : index
// CHECK-NEXT:         %[[X:.*]] = memref.load %[[B]][%{{.*}}, %[[JC]]] : memref<64x10xf32>
// CHECK-NEXT:         memref.store %[[X]], %[[BP]][%[[JP]], %{{.*}}, %{{.*}}] : memref<?x?x16xf32>
// CHECK: scf.parallel (%[[CH:.*]]) = (%c0) to (%{{.*}}) step (%c1) {
// CHECK:   %[[ACC:.*]]:12 = scf.for %[[K:.*]] = %c0 to %c64 step %c1 iter_args(%[[A0:[a-z0-9_]+]] = %{{.*}}, {{.*}}) -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>) {
// CHECK-NEXT:     %[[B0:.*]] = vector.load %[[BP]][%{{.*}}, %[[K]], %c0] : memref<?x?x16xf32>, vector<8xf32>
// CHECK-NEXT:     %[[B1:.*]] = vector.load %[[BP]][%{{.*}}, %[[K]], %c8] : memref<?x?x16xf32>, vector<8xf32>
// CHECK-NEXT:     %[[S:.*]] = memref.load %[[A]][%{{.*}}, %[[K]]] : memref<?x64xf32>
// CHECK-NEXT:     %[[SV:.*]] = vector.broadcast %[[S]] : f32 to vector<8xf32>
// CHECK-NEXT:     %{{.*}} = vector.fma %[[SV]], %[[B0]], %[[A0]] : vector<8xf32>
// CHECK-NEXT:     %{{.*}} = vector.fma %[[SV]], %[[B1]], %{{.*}} : vector<8xf32>
// CHECK-COUNT-5: vector.broadcast
// CHECK:     scf.yield
// CHECK:   %[[FM:.*]] = arith.cmpi sle, %{{.*}}, %[[M]] : index
// CHECK:   %[[FN:.*]] = arith.cmpi sle, %{{.*}}, %c10 : index
// CHECK-NEXT:   %[[FULL:.*]] = arith.andi %[[FM]], %[[FN]] : i1
// CHECK-NEXT:   scf.if %[[FULL]] {
// CHECK-NEXT:     vector.store %[[ACC]]#0, %[[C]][%{{.*}}, %{{.*}}] : memref<?x10xf32>, vector<8xf32>
// CHECK:   } else {
// CHECK-NEXT:     %[[T:.*]] = memref.alloca() : memref<6x16xf32>
// CHECK-NEXT:     vector.store %[[ACC]]#0, %[[T]][%c0, %c0] : memref<6x16xf32>, vector<8xf32>
// CHECK:           %[[E:.*]] = memref.load %[[T]][%{{.*}}, %{{.*}}] : memref<6x16xf32>
// CHECK-NEXT:      memref.store %[[E]], %[[C]][%{{.*}}, %{{.*}}] : memref<?x10xf32>
// CHECK: memref.dealloc %[[BP]] : memref<?x?x16xf32>
// CHECK-NEXT: return %[[C]] : memref<?x10xf32>
func.func @matmul(%a: tensor<?x64xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c64"}, %b: tensor<64x10xf32>) -> tensor<?x10xf32> attributes {entrance} {
  %r = "llh.matmul"(%a, %b) : (tensor<?x64xf32>, tensor<64x10xf32>) -> tensor<?x10xf32>
  return %r : tensor<?x10xf32>
}

// -----

// batch_matmul on bf16: the batch loop is outermost; products are summed in an f32 scratch row
// (one allocation per op) that is rounded into the output row after the k loop.
// CHECK-LABEL: func.func @batch_matmul_bf16
// CHECK-SAME: (%[[A:.*]]: memref<?x?x?xbf16>, %[[B:.*]]: memref<?x?x?xbf16>) -> memref<?x?x?xbf16>
// CHECK: ^bb2:
// CHECK-NEXT: %[[C:.*]] = memref.alloc(%{{.*}}, %{{.*}}, %[[N:.*]]) : memref<?x?x?xbf16>
// CHECK-NEXT: %[[ACC:.*]] = memref.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT: scf.for %[[b:.*]] = %c0 to
// CHECK-NEXT:   scf.for %[[i:.*]] = %c0 to
// CHECK-NEXT:     scf.for %{{.*}} = %c0 to %[[N]] step %c1 {
// CHECK-NEXT:       memref.store %{{.*}}, %[[ACC]][%{{.*}}] : memref<?xf32>
// CHECK:   scf.for %[[k:.*]] = %c0 to
// CHECK-NEXT:     memref.load %[[A]][%[[b]], %[[i]], %[[k]]] : memref<?x?x?xbf16>
// CHECK-NEXT:     arith.extf {{.*}} : bf16 to f32
// CHECK-NEXT:     scf.for %[[j:.*]] = %c0 to %[[N]] step %c1 {
// CHECK-NEXT:       memref.load %[[B]][%[[b]], %[[k]], %[[j]]] : memref<?x?x?xbf16>
// CHECK-NEXT:       arith.extf {{.*}} : bf16 to f32
// CHECK-NEXT:       memref.load %[[ACC]][%[[j]]] : memref<?xf32>
// CHECK:   scf.for %[[j2:.*]] = %c0 to %[[N]] step %c1 {
// CHECK-NEXT:     %[[V:.*]] = memref.load %[[ACC]][%[[j2]]] : memref<?xf32>
// CHECK-NEXT:     %[[T:.*]] = arith.truncf %[[V]] : f32 to bf16
// CHECK-NEXT:     memref.store %[[T]], %[[C]][%[[b]], %[[i]], %[[j2]]] : memref<?x?x?xbf16>
// CHECK: memref.dealloc %[[ACC]] : memref<?xf32>
// CHECK-NEXT: return %[[C]]
func.func @batch_matmul_bf16(%a: tensor<?x?x?xbf16>, %b: tensor<?x?x?xbf16>) -> tensor<?x?x?xbf16> attributes {entrance} {
  %r = "llh.batch_matmul"(%a, %b) : (tensor<?x?x?xbf16>, tensor<?x?x?xbf16>) -> tensor<?x?x?xbf16>
  return %r : tensor<?x?x?xbf16>
}
