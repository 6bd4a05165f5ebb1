// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | filecheck %s
// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | %mlir-opt --split-input-file --convert-scf-to-cf --expand-strided-metadata --convert-to-llvm --reconcile-unrealized-casts > /dev/null
// REQUIRES: mlir-opt

// Inference batch_norm: scale / sqrt(var + eps) once per channel into a temporary, then one
// nest in memory order: an scf.parallel over (N, C) (split across threads) whose body loads the
// per-channel mean, bias and factor, then the H and W loops.
// CHECK-LABEL: func.func @batch_norm_nchw
// CHECK-SAME: (%[[X:.*]]: memref<?x3x?x?xf32>, %[[S:.*]]: memref<3xf32>, %[[B:.*]]: memref<3xf32>, %[[M:.*]]: memref<3xf32>, %[[V:.*]]: memref<3xf32>)
// CHECK-DAG: %[[EPS:.*]] = arith.constant 9.99999974E-6 : f32
// CHECK: ^bb2:
// CHECK-NEXT: %[[OUT:.*]] = memref.alloc
// CHECK-NEXT: %[[INV:.*]] = memref.alloc(%c3) : memref<?xf32>
// CHECK-NEXT: scf.for %[[c:.*]] = %c0 to %c3 step %c1 {
// CHECK-NEXT:   %[[VAR:.*]] = memref.load %[[V]][%[[c]]] : memref<3xf32>
// CHECK-NEXT:   %[[VE:.*]] = arith.addf %[[VAR]], %[[EPS]] : f32
// CHECK-NEXT:   %[[SD:.*]] = math.sqrt %[[VE]] : f32
// CHECK-NEXT:   %[[SC:.*]] = memref.load %[[S]][%[[c]]] : memref<3xf32>
// CHECK-NEXT:   %[[F:.*]] = arith.divf %[[SC]], %[[SD]] : f32
// CHECK-NEXT:   memref.store %[[F]], %[[INV]][%[[c]]] : memref<?xf32>
// CHECK: scf.parallel (%[[n:.*]], %[[ch:.*]]) = (%c0, %c0) to (%{{.*}}, %c3) step (%c1, %c1) {
// CHECK-NEXT:     %[[MEAN:.*]] = memref.load %[[M]][%[[ch]]] : memref<3xf32>
// CHECK-NEXT:     %[[BIAS:.*]] = memref.load %[[B]][%[[ch]]] : memref<3xf32>
// CHECK-NEXT:     %[[FAC:.*]] = memref.load %[[INV]][%[[ch]]] : memref<?xf32>
// CHECK-NEXT:     scf.for %[[h:.*]] = %c0 to
// CHECK-NEXT:       scf.for %[[w:.*]] = %c0 to
// CHECK-NEXT:         %[[XV:.*]] = memref.load %[[X]][%[[n]], %[[ch]], %[[h]], %[[w]]]
// CHECK-NEXT:         %[[D:.*]] = arith.subf %[[XV]], %[[MEAN]] : f32
// CHECK-NEXT:         %[[P:.*]] = arith.mulf %[[D]], %[[FAC]] : f32
// CHECK-NEXT:         %[[Y:.*]] = arith.addf %[[P]], %[[BIAS]] : f32
// CHECK-NEXT:         memref.store %[[Y]], %[[OUT]][%[[n]], %[[ch]], %[[h]], %[[w]]]
// CHECK: memref.dealloc %[[INV]] : memref<?xf32>
// CHECK-NEXT: return %[[OUT]]
func.func @batch_norm_nchw(%x: tensor<?x3x?x?xf32>, %s: tensor<3xf32>, %b: tensor<3xf32>, %m: tensor<3xf32>, %v: tensor<3xf32>) -> tensor<?x3x?x?xf32> attributes {entrance} {
  %r = "llh.batch_norm"(%x, %s, %b, %m, %v) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<?x3x?x?xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<?x3x?x?xf32>
  return %r : tensor<?x3x?x?xf32>
}

// -----

// layer_norm over the last axis: per row, a sum (mean), a sum of squared deviations (variance,
// two passes), rsqrt(var + eps), then the normalized, scaled and shifted row; the rows are one
// scf.parallel over the leading dimensions. The element count is converted once, outside.
// CHECK-LABEL: func.func @layer_norm
// CHECK-SAME: (%[[X:.*]]: memref<?x?x8xf32>, %[[G:.*]]: memref<8xf32>, %[[B:.*]]: memref<8xf32>)
// CHECK: ^bb2:
// CHECK-NEXT: %[[OUT:.*]] = memref.alloc
// CHECK-NEXT: %[[CI:.*]] = arith.index_cast %c8 : index to i64
// CHECK-NEXT: %[[CNT:.*]] = arith.sitofp %[[CI]] : i64 to f32
// CHECK-NEXT: scf.parallel (%[[i:.*]], %[[j:.*]]) = (%c0, %c0) to
// CHECK-NEXT:     %[[SUM:.*]] = scf.for %[[k:.*]] = %c0 to %c8 step %c1 iter_args(%[[A:.*]] = %cst) -> (f32) {
// CHECK-NEXT:       %[[V:.*]] = memref.load %[[X]][%[[i]], %[[j]], %[[k]]]
// CHECK-NEXT:       %[[S1:.*]] = arith.addf %[[A]], %[[V]] : f32
// CHECK-NEXT:       scf.yield %[[S1]] : f32
// CHECK-NEXT:     }
// CHECK-NEXT:     %[[MEAN:.*]] = arith.divf %[[SUM]], %[[CNT]] : f32
// CHECK-NEXT:     %[[SQ:.*]] = scf.for %{{.*}} = %c0 to %c8 step %c1 iter_args
// CHECK-NEXT:       memref.load %[[X]]
// CHECK-NEXT:       %[[D:.*]] = arith.subf %{{.*}}, %[[MEAN]] : f32
// CHECK-NEXT:       %[[D2:.*]] = arith.mulf %[[D]], %[[D]] : f32
// CHECK:          %[[VAR:.*]] = arith.divf %[[SQ]], %[[CNT]] : f32
// CHECK-NEXT:     %[[VE:.*]] = arith.addf %[[VAR]], %{{.*}} : f32
// CHECK-NEXT:     %[[RSTD:.*]] = math.rsqrt %[[VE]] : f32
// CHECK-NEXT:     scf.for %[[k3:.*]] = %c0 to %c8 step %c1 {
// CHECK-NEXT:       memref.load %[[X]][%[[i]], %[[j]], %[[k3]]]
// CHECK-NEXT:       arith.subf
// CHECK-NEXT:       %[[NRM:.*]] = arith.mulf %{{.*}}, %[[RSTD]] : f32
// CHECK-NEXT:       %[[GV:.*]] = memref.load %[[G]][%[[k3]]] : memref<8xf32>
// CHECK-NEXT:       %[[BV:.*]] = memref.load %[[B]][%[[k3]]] : memref<8xf32>
// CHECK-NEXT:       %[[SC:.*]] = arith.mulf %[[NRM]], %[[GV]] : f32
// CHECK-NEXT:       %[[Y:.*]] = arith.addf %[[SC]], %[[BV]] : f32
// CHECK-NEXT:       memref.store %[[Y]], %[[OUT]][%[[i]], %[[j]], %[[k3]]]
func.func @layer_norm(%x: tensor<?x?x8xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<?x?x8xf32> attributes {entrance} {
  %r = "llh.layer_norm"(%x, %s, %b) <{axis = -1 : i64, epsilon = 1.000000e-05 : f64}> : (tensor<?x?x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<?x?x8xf32>
  return %r : tensor<?x?x8xf32>
}
