// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | filecheck %s
// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | %mlir-opt --split-input-file --convert-scf-to-cf --expand-strided-metadata --convert-to-llvm --reconcile-unrealized-casts > /dev/null
// REQUIRES: mlir-opt

// max_pool with ceil_mode, asymmetric pads (H: 1 / 1, W: 0 / 1), dilation (1, 2), stride 2:
// no padded temporary. One scf.parallel over (N, C, OH) (rows split across threads); each row
// starts at -inf, the H taps are clamped to the input ([max(0, -base), min(3, H - base))), and
// along W the outputs whose whole window is inside the input take both taps unrolled, the
// border outputs (after `end`; W has no front pad) their clamped taps. A tap replaces the
// running maximum when it is greater or NaN (PyTorch's rule: NaN propagates).
// CHECK-LABEL: func.func @max_pool_ceil
// CHECK-SAME: (%[[X:.*]]: memref<?x4x?x?xf32>) -> memref<?x4x?x?xf32>
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK-DAG: %[[H:.*]] = memref.dim %[[X]], %c2
// CHECK-DAG: %[[W:.*]] = memref.dim %[[X]], %c3
// CHECK: ^bb2:
// CHECK: %[[OUT:.*]] = memref.alloc(%{{.*}}, %[[OH:.*]], %[[OW:.*]]) : memref<?x4x?x?xf32>
// CHECK-NOT: memref.alloc
// CHECK: scf.parallel (%[[n:.*]], %[[c:.*]], %[[oh:.*]]) = (%c0, %c0, %c0) to (%{{.*}}, %c4, %[[OH]]) step (%c1, %c1, %c1) {
// CHECK-NEXT:   scf.for %[[i:.*]] = %c0 to %[[OW]] step %c1 {
// CHECK-NEXT:     memref.store %[[NINF]], %[[OUT]][%[[n]], %[[c]], %[[oh]], %[[i]]]
// CHECK:        %[[S:.*]] = arith.muli %[[oh]], %c2 : index
// CHECK-NEXT:   %[[BH:.*]] = arith.subi %[[S]], %c1 : index
// CHECK-NEXT:   %[[NEG:.*]] = arith.subi %c0, %[[BH]] : index
// CHECK-NEXT:   %[[LO:.*]] = arith.maxsi %[[NEG]], %c0 : index
// CHECK-NEXT:   %[[ROOM:.*]] = arith.subi %[[H]], %[[BH]] : index
// CHECK-NEXT:   %[[HI:.*]] = arith.minsi %c3, %[[ROOM]] : index
// CHECK-NEXT:   scf.for %[[kh:.*]] = %[[LO]] to %[[HI]] step %c1 {
// CHECK-NEXT:     %[[IH:.*]] = arith.addi %[[BH]], %[[kh]] : index
// CHECK-NOT:      scf.for %{{.*}} = %c0 to %c0
// CHECK:          scf.for %[[ow:.*]] = %[[FIRST:.*]] to %[[END:.*]] step %c1 {
// CHECK-NEXT:       %[[BW:.*]] = arith.muli %[[ow]], %c2 : index
// CHECK-NEXT:       %[[M0:.*]] = memref.load %[[OUT]][%[[n]], %[[c]], %[[oh]], %[[ow]]]
// CHECK-NEXT:       %[[V0:.*]] = memref.load %[[X]][%[[n]], %[[c]], %[[IH]], %[[BW]]]
// CHECK-NEXT:       %[[GT0:.*]] = arith.cmpf ogt, %[[V0]], %[[M0]] : f32
// CHECK-NEXT:       %[[NAN0:.*]] = arith.cmpf uno, %[[V0]], %[[V0]] : f32
// CHECK-NEXT:       %[[T0:.*]] = arith.ori %[[GT0]], %[[NAN0]] : i1
// CHECK-NEXT:       %[[M1:.*]] = arith.select %[[T0]], %[[V0]], %[[M0]] : f32
// CHECK-NEXT:       %[[IW:.*]] = arith.addi %[[BW]], %c2 : index
// CHECK-NEXT:       %[[V1:.*]] = memref.load %[[X]][%[[n]], %[[c]], %[[IH]], %[[IW]]]
// CHECK:            %[[M2:.*]] = arith.select %{{.*}}, %[[V1]], %[[M1]] : f32
// CHECK-NEXT:       memref.store %[[M2]], %[[OUT]][%[[n]], %[[c]], %[[oh]], %[[ow]]]
// CHECK:          scf.for %[[ow2:.*]] = %[[END]] to %[[OW]] step %c1 {
// CHECK:            scf.for %{{.*}} = %c0 to %{{.*}} step %c1 iter_args(%{{.*}} = %{{.*}}) -> (f32) {
// CHECK:              arith.select
// CHECK:        scf.reduce
// CHECK-NOT: memref.dealloc
func.func @max_pool_ceil(%x: tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32> attributes {entrance} {
  %r = "llh.max_pool"(%x) <{ceil_mode = true, dilation = array<i64: 1, 2>, kernel_shape = array<i64: 3, 2>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 0, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x4x?x?xf32>) -> tensor<?x4x?x?xf32>
  return %r : tensor<?x4x?x?xf32>
}

// -----

// 1-D channels-last on i32, no padding: the input is read in place, every window is inside it
// (constant tap bounds). Parallel over (N, OW); per tap, the innermost loop runs along the
// channels, updating the output line (contiguous: LLVM vectorizes it). The identity of the
// maximum is the smallest i32 and the comparison is signed.
// CHECK-LABEL: func.func @max_pool_nwc_i32
// CHECK-SAME: (%[[X:.*]]: memref<?x?x3xi32>)
// CHECK: ^bb2:
// CHECK-NEXT: %[[OUT:.*]] = memref.alloc
// CHECK-NEXT: scf.parallel (%[[n:.*]], %[[o:.*]]) = (%c0, %c0) to
// CHECK-NEXT: scf.for %[[i:.*]] = %c0 to %c3 step %c1 {
// CHECK-NEXT: memref.store %c-2147483648_i32, %[[OUT]][%[[n]], %[[o]], %[[i]]]
// CHECK-NEXT: }
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[o]], %c2 : index
// CHECK-NEXT: scf.for %[[k:.*]] = %c0 to %c2 step %c1 {
// CHECK-NEXT: %[[I:.*]] = arith.addi %[[B]], %[[k]] : index
// CHECK-NEXT: scf.for %[[c:.*]] = %c0 to %c3 step %c1 {
// CHECK-NEXT: %[[M:.*]] = memref.load %[[OUT]][%[[n]], %[[o]], %[[c]]]
// CHECK-NEXT: %[[V:.*]] = memref.load %[[X]][%[[n]], %[[I]], %[[c]]] : memref<?x?x3xi32>
// CHECK-NEXT: %[[MX:.*]] = arith.maxsi %[[M]], %[[V]] : i32
// CHECK-NEXT: memref.store %[[MX]], %[[OUT]][%[[n]], %[[o]], %[[c]]]
func.func @max_pool_nwc_i32(%x: tensor<?x?x3xi32>) -> tensor<?x?x3xi32> attributes {entrance} {
  %r = "llh.max_pool"(%x) <{ceil_mode = false, dilation = array<i64: 1>, kernel_shape = array<i64: 2>, layout = #llh.Layout<NWC>, pad = array<i64: 0, 0>, stride = array<i64: 2>}> : (tensor<?x?x3xi32>) -> tensor<?x?x3xi32>
  return %r : tensor<?x?x3xi32>
}

// -----

// adaptive_average_pool to 2x3: one scf.parallel over (N, C, OH), the last output dimension a
// loop inside; PyTorch's windows [o·in/out, ceil((o+1)·in/out)) computed once per output
// position at its loop level; the window loops run between those bounds with the sum in
// iter_args; the mean divides by the window's element count.
// CHECK-LABEL: func.func @adaptive_avg
// CHECK-SAME: (%[[X:.*]]: memref<?x4x?x?xf32>) -> memref<?x4x2x3xf32>
// CHECK-DAG: %[[H:.*]] = memref.dim %[[X]], %c2
// CHECK-DAG: %[[W:.*]] = memref.dim %[[X]], %c3
// CHECK: scf.parallel (%{{.*}}, %{{.*}}, %[[oh:.*]]) = (%c0, %c0, %c0) to (%{{.*}}, %c4, %c2) step (%c1, %c1, %c1) {
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
