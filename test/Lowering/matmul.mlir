// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | filecheck %s
// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | %mlir-opt --split-input-file --convert-scf-to-cf --expand-strided-metadata --convert-to-llvm --reconcile-unrealized-casts > /dev/null
// REQUIRES: mlir-opt

// matmul in i-k-j order: the output row is zeroed, A[i, k] is loaded once per (i, k) and the
// row B[k, :] is streamed with unit stride into the output row.
// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: memref<?x64xf32> {{.*}}, %[[B:.*]]: memref<64x10xf32>) -> memref<?x10xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[M:.*]] = memref.dim %[[A]], %c0
// CHECK: ^bb2:
// CHECK-NEXT: %[[C:.*]] = memref.alloc(%[[M]]) : memref<?x10xf32>
// CHECK-NEXT: scf.for %[[i:.*]] = %c0 to %[[M]] step %c1 {
// CHECK-NEXT:   scf.for %[[j0:.*]] = %c0 to %c10 step %c1 {
// CHECK-NEXT:     memref.store %[[ZERO]], %[[C]][%[[i]], %[[j0]]] : memref<?x10xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.for %[[k:.*]] = %c0 to %c64 step %c1 {
// CHECK-NEXT:     %[[AIK:.*]] = memref.load %[[A]][%[[i]], %[[k]]] : memref<?x64xf32>
// CHECK-NEXT:     scf.for %[[j:.*]] = %c0 to %c10 step %c1 {
// CHECK-NEXT:       %[[BKJ:.*]] = memref.load %[[B]][%[[k]], %[[j]]] : memref<64x10xf32>
// CHECK-NEXT:       %[[CIJ:.*]] = memref.load %[[C]][%[[i]], %[[j]]] : memref<?x10xf32>
// CHECK-NEXT:       %[[P:.*]] = arith.mulf %[[AIK]], %[[BKJ]] : f32
// CHECK-NEXT:       %[[S:.*]] = arith.addf %[[CIJ]], %[[P]] : f32
// CHECK-NEXT:       memref.store %[[S]], %[[C]][%[[i]], %[[j]]] : memref<?x10xf32>
// CHECK: return %[[C]] : memref<?x10xf32>
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
