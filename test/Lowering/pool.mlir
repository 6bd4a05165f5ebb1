// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | filecheck %s
// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | %mlir-opt --split-input-file --convert-scf-to-cf --expand-strided-metadata --convert-to-llvm --reconcile-unrealized-casts > /dev/null
// REQUIRES: mlir-opt

// max_pool with ceil_mode, asymmetric pads (H: 1 / 1, W: 0 / 1), dilation (1, 2), stride 2:
// the padded temporary is -inf filled and extended to max(in + pads, (out - 1)·stride + extent)
// so the last (partial) window needs no bounds test; the window loops carry the maximum
// (NaN-propagating arith.maximumf) in iter_args.
// CHECK-LABEL: func.func @max_pool_ceil
// CHECK-SAME: (%[[X:.*]]: memref<?x4x?x?xf32>) -> memref<?x4x?x?xf32>
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[H:.*]] = memref.dim %[[X]], %c2
// CHECK: ^bb2:
// CHECK: %[[OUT:.*]] = memref.alloc(%{{.*}}, %[[OH:.*]], %[[OW:.*]]) : memref<?x4x?x?xf32>
// CHECK: %[[HP:.*]] = arith.addi %[[H]], %c2 : index
// CHECK: %[[L1:.*]] = arith.subi %[[OH]], %c1 : index
// CHECK: %[[L2:.*]] = arith.muli %[[L1]], %c2 : index
// CHECK: %[[L3:.*]] = arith.addi %[[L2]], %c3 : index
// CHECK: %[[PH:.*]] = arith.maxsi %[[HP]], %[[L3]] : index
// CHECK: %[[PW:.*]] = arith.maxsi
// CHECK: %[[P:.*]] = memref.alloc(%{{.*}}, %[[PH]], %[[PW]]) : memref<?x4x?x?xf32>
// CHECK: memref.store %[[NINF]], %[[P]]
// CHECK: scf.for %[[oh:.*]] = %c0 to %[[OH]] step %c1 {
// CHECK:   %[[BH:.*]] = arith.muli %[[oh]], %c2 : index
// CHECK:   scf.for %[[ow:.*]] = %c0 to %[[OW]] step %c1 {
// CHECK:     %[[BW:.*]] = arith.muli %[[ow]], %c2 : index
// CHECK:     %[[M:.*]] = scf.for %[[kh:.*]] = %c0 to %c3 step %c1 iter_args(%[[A:.*]] = %[[NINF]]) -> (f32) {
// CHECK:       %[[IH:.*]] = arith.addi %[[BH]], %[[kh]] : index
// CHECK:       scf.for %[[kw:.*]] = %c0 to %c2 step %c1 iter_args(%[[B:.*]] = %[[A]]) -> (f32) {
// CHECK:         %[[D:.*]] = arith.muli %[[kw]], %c2 : index
// CHECK:         %[[IW:.*]] = arith.addi %[[BW]], %[[D]] : index
// CHECK:         %[[V:.*]] = memref.load %[[P]][%{{.*}}, %{{.*}}, %[[IH]], %[[IW]]]
// CHECK:         %[[MX:.*]] = arith.maximumf %[[B]], %[[V]] : f32
// CHECK:         scf.yield %[[MX]] : f32
// CHECK:     memref.store %[[M]], %[[OUT]][%{{.*}}, %{{.*}}, %[[oh]], %[[ow]]]
// CHECK: memref.dealloc %[[P]]
func.func @max_pool_ceil(%x: tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32> attributes {entrance} {
  %r = "llh.max_pool"(%x) <{ceil_mode = true, dilation = array<i64: 1, 2>, kernel_shape = array<i64: 3, 2>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 0, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>
  return %r : tensor<?x4x?x?xf32>
}

// -----

// 1-D channels-last on i32, no padding: no temporary, the input is read in place; the identity
// of the maximum is the smallest i32 and the comparison is signed.
// CHECK-LABEL: func.func @max_pool_nwc_i32
// CHECK-SAME: (%[[X:.*]]: memref<?x?x3xi32>)
// CHECK: ^bb2:
// CHECK-NEXT: %[[OUT:.*]] = memref.alloc
// CHECK-NEXT: scf.for
// CHECK-NEXT: scf.for %[[o:.*]] = %c0 to
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[o]], %c2 : index
// CHECK-NEXT: scf.for %[[c:.*]] = %c0 to %c3 step %c1 {
// CHECK-NEXT: scf.for %[[k:.*]] = %c0 to %c2 step %c1 iter_args(%[[A:.*]] = %c-2147483648_i32) -> (i32) {
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[B]], %[[k]] : index
// CHECK-NEXT: %[[V:.*]] = memref.load %[[X]][%{{.*}}, %[[I]], %[[c]]] : memref<?x?x3xi32>
// CHECK-NEXT: arith.maxsi %[[A]], %[[V]] : i32
func.func @max_pool_nwc_i32(%x: tensor<?x?x3xi32>) -> tensor<?x?x3xi32> attributes {entrance} {
  %r = "llh.max_pool"(%x) <{ceil_mode = false, dilation = array<i64: 1>, kernel_shape = array<i64: 2>, layout = #llh.Layout<NWC>, pad = array<i64: 0, 0>, stride = array<i64: 2>}> : (tensor<?x?x3xi32>) -> tensor<?x?x3xi32>
  return %r : tensor<?x?x3xi32>
}

// -----

// adaptive_average_pool to 2x3: PyTorch's windows [o·in/out, ceil((o+1)·in/out)) computed once
// per output position at its loop level; the window loops run between those bounds with the sum
// in iter_args; the mean divides by the window's element count.
// CHECK-LABEL: func.func @adaptive_avg
// CHECK-SAME: (%[[X:.*]]: memref<?x4x?x?xf32>) -> memref<?x4x2x3xf32>
// CHECK-DAG: %[[H:.*]] = memref.dim %[[X]], %c2
// CHECK-DAG: %[[W:.*]] = memref.dim %[[X]], %c3
// CHECK: scf.for %[[oh:.*]] = %c0 to %c2 step %c1 {
// CHECK-NEXT: %[[T0:.*]] = arith.muli %[[oh]], %[[H]] : index
// CHECK-NEXT: %[[HS:.*]] = arith.divsi %[[T0]], %c2 : index
// CHECK-NEXT: %[[T1:.*]] = arith.addi %[[oh]], %c1 : index
// CHECK-NEXT: %[[T2:.*]] = arith.muli %[[T1]], %[[H]] : index
// CHECK-NEXT: %[[T3:.*]] = arith.addi %[[T2]], %c1 : index
// CHECK-NEXT: %[[HE:.*]] = arith.divsi %[[T3]], %c2 : index
// CHECK-NEXT: %[[HL:.*]] = arith.subi %[[HE]], %[[HS]] : index
// CHECK-NEXT: scf.for %[[ow:.*]] = %c0 to %c3 step %c1 {
// CHECK: %[[WS:.*]] = arith.divsi %{{.*}}, %c3 : index
// CHECK: %[[WE:.*]] = arith.divsi %{{.*}}, %c3 : index
// CHECK: %[[WL:.*]] = arith.subi %[[WE]], %[[WS]] : index
// CHECK: %[[CNT:.*]] = arith.muli %[[HL]], %[[WL]] : index
// CHECK: %[[S:.*]] = scf.for %[[h:.*]] = %[[HS]] to %[[HE]] step %c1 iter_args
// CHECK-NEXT: scf.for %[[w:.*]] = %[[WS]] to %[[WE]] step %c1 iter_args(%[[A:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT: %[[V:.*]] = memref.load %[[X]][%{{.*}}, %{{.*}}, %[[h]], %[[w]]]
// CHECK-NEXT: arith.addf %[[A]], %[[V]] : f32
// CHECK: %[[CI:.*]] = arith.index_cast %[[CNT]] : index to i64
// CHECK-NEXT: %[[CF:.*]] = arith.sitofp %[[CI]] : i64 to f32
// CHECK-NEXT: %[[MEAN:.*]] = arith.divf %[[S]], %[[CF]] : f32
// CHECK-NEXT: memref.store %[[MEAN]], %{{.*}}[%{{.*}}, %{{.*}}, %[[oh]], %[[ow]]] : memref<?x4x2x3xf32>
func.func @adaptive_avg(%x: tensor<?x4x?x?xf32>) -> tensor<?x4x2x3xf32> attributes {entrance} {
  %r = "llh.adaptive_average_pool"(%x) <{out_size = array<i64: 2, 3>}> : (tensor<?x4x?x?xf32>) -> tensor<?x4x2x3xf32>
  return %r : tensor<?x4x2x3xf32>
}
