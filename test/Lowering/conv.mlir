// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | filecheck %s
// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | %mlir-opt --split-input-file --convert-scf-to-cf --expand-strided-metadata --convert-to-llvm --reconcile-unrealized-casts > /dev/null
// REQUIRES: mlir-opt

// 2-D NCHW conv_bias (f32, group 1), asymmetric pads (H: 1 before / 2 after, W: 0 / 1),
// stride (2, 1), dilation (1, 2): implicit GEMM Y[F, OH·OW] = W[F, C·3·3] · cols. The input is
// copied into a zero-filled padded temporary (only H is shifted); input and output are viewed
// with the pixel dimensions collapsed. Per batch element, an scf.parallel over chunks of
// 16-pixel column panels packs each panel of cols into the chunk's slot of a [chunks, K, 16]
// buffer — per 8-pixel half, by vector loads when the half is one unit-stride run of an input
// row (the guard), else by a gather through per-pixel offsets — then runs the 6x16 register
// tile over the weight, packed once into [F/6, K, 6] row panels (at compile time when it is a
// constant); the bias is added to the accumulators in the tile store.
// CHECK-LABEL: func.func @conv2d_nchw
// CHECK-SAME: (%[[X:.*]]: memref<?x3x?x?xf32>, %[[W:.*]]: memref<8x3x3x3xf32>, %[[B:.*]]: memref<8xf32>) -> memref<?x8x?x?xf32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[N:.*]] = memref.dim %[[X]], %c0 : memref<?x3x?x?xf32>
// CHECK-DAG: %[[H:.*]] = memref.dim %[[X]], %c2 : memref<?x3x?x?xf32>
// CHECK-DAG: %[[WD:.*]] = memref.dim %[[X]], %c3 : memref<?x3x?x?xf32>
// CHECK: ^bb2:
// CHECK: %[[OUT:.*]] = memref.alloc(%[[N]], %[[OH:.*]], %[[OW:.*]]) : memref<?x8x?x?xf32>
// CHECK: %[[PH:.*]] = arith.addi %[[H]], %c3 : index
// CHECK: %[[PW:.*]] = arith.addi %[[WD]], %c1 : index
// CHECK: %[[P:.*]] = memref.alloc(%[[N]], %[[PH]], %[[PW]]) : memref<?x3x?x?xf32>
// CHECK: scf.parallel ({{.*}}) = ({{.*}}) to (%[[N]], %c3, %[[PH]], %[[PW]])
// CHECK:   memref.store %[[ZERO]], %[[P]]
// CHECK: scf.parallel (%[[I0:.*]], %[[I1:.*]], %[[I2:.*]], %[[I3:.*]]) = ({{.*}}) to (%[[N]], %c3, %[[H]], %[[WD]])
// CHECK:   %[[SH:.*]] = arith.addi %[[I2]], %c1 : index
// CHECK:   %[[V:.*]] = memref.load %[[X]][%[[I0]], %[[I1]], %[[I2]], %[[I3]]]
// CHECK:   memref.store %[[V]], %[[P]][%[[I0]], %[[I1]], %[[SH]], %[[I3]]]
// CHECK: %[[NPIX:.*]] = arith.muli %[[OH]], %[[OW]] : index
// CHECK: %[[XF:.*]] = memref.collapse_shape %[[P]] {{\[}}[0], [1], [2, 3]] : memref<?x3x?x?xf32> into memref<?x3x?xf32>
// CHECK: %[[OF:.*]] = memref.collapse_shape %[[OUT]] {{\[}}[0], [1], [2, 3]] : memref<?x8x?x?xf32> into memref<?x8x?xf32>
// CHECK: %[[AP:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?x6xf32>
// CHECK: scf.parallel
// CHECK:   %[[WV:.*]] = memref.load %[[W]][%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<8x3x3x3xf32>
// CHECK-NEXT:   memref.store %[[WV]], %[[AP]][%{{.*}}, %{{.*}}, %c0] : memref<?x?x6xf32>
// CHECK: %[[BP:.*]] = memref.alloc(%[[NCH:.*]], %{{.*}}) : memref<?x?x16xf32>
// CHECK: scf.for %[[n:.*]] = %c0 to %[[N]] step %c1 {
// CHECK:   scf.parallel (%[[CH:.*]]) = (%c0) to (%[[NCH]]) step (%c1) {
// CHECK:     scf.for %[[JP:.*]] = %{{.*}} to %{{.*}} step %c1 {
// CHECK:       %[[J0:.*]] = arith.muli %[[JP]], %c16 : index
// CHECK:       %[[INR:.*]] = arith.cmpi sle, %{{.*}}, %[[NPIX]] : index
// CHECK:       %[[ONEROW:.*]] = arith.cmpi sle, %{{.*}}, %[[OW]] : index
// CHECK-NEXT:  %[[OK:.*]] = arith.andi %[[INR]], %[[ONEROW]] : i1
// CHECK-NEXT:  scf.if %[[OK]] {
// CHECK:         %[[XV:.*]] = vector.load %[[XF]][%[[n]], %{{.*}}, %{{.*}}] : memref<?x3x?xf32>, vector<8xf32>
// CHECK-NEXT:    vector.store %[[XV]], %[[BP]][%[[CH]], %{{.*}}, %c0] : memref<?x?x16xf32>, vector<8xf32>
// CHECK:       } else {
// CHECK:         %[[XS:.*]] = memref.load %[[XF]][%[[n]], %{{.*}}, %{{.*}}] : memref<?x3x?xf32>
// CHECK-NEXT:    memref.store %[[XS]], %[[BP]][%[[CH]], %{{.*}}, %c0] : memref<?x?x16xf32>
// CHECK:       %{{.*}}:12 = scf.for
// CHECK:         vector.load %[[BP]][%[[CH]], %{{.*}}, %c0] : memref<?x?x16xf32>, vector<8xf32>
// CHECK:         vector.load %[[BP]][%[[CH]], %{{.*}}, %c8] : memref<?x?x16xf32>, vector<8xf32>
// CHECK:         memref.load %[[AP]][%{{.*}}, %{{.*}}, %c0] : memref<?x?x6xf32>
// CHECK:         vector.fma
// CHECK:       scf.if %{{.*}} {
// CHECK:         %[[BIAS:.*]] = memref.load %[[B]][%{{.*}}] : memref<8xf32>
// CHECK-NEXT:    %[[BV:.*]] = vector.broadcast %[[BIAS]] : f32 to vector<8xf32>
// CHECK-NEXT:    %[[SUM:.*]] = arith.addf %{{.*}}, %[[BV]] : vector<8xf32>
// CHECK-NEXT:    vector.store %[[SUM]], %[[OF]][%[[n]], %{{.*}}, %[[J0]]] : memref<?x8x?xf32>, vector<8xf32>
// CHECK:       } else {
// CHECK:         memref.alloca() : memref<6x16xf32>
// CHECK: memref.dealloc %[[P]] : memref<?x3x?x?xf32>
// CHECK: return %[[OUT]] : memref<?x8x?x?xf32>
func.func @conv2d_nchw(%x: tensor<?x3x?x?xf32>, %w: tensor<8x3x3x3xf32>, %b: tensor<8xf32>) -> tensor<?x8x?x?xf32> attributes {entrance} {
  %r = "llh.conv_bias"(%x, %w, %b) <{dilation = array<i64: 1, 2>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 0, 2, 1>, stride = array<i64: 2, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<?x3x?x?xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>) -> tensor<?x8x?x?xf32>
  return %r : tensor<?x8x?x?xf32>
}

// -----

// NHWC with FHWC weights (what --transform-layout produces) and group = 2 (C = 4, F = 6): no
// padding copy; output loops n, oh, ow, then the group loop (input channel base g·2 and
// feature base g·3 computed there) and the feature-in-group loop; the reduction runs kh, kw, c
// (FHWC order: the channel is innermost, contiguous in both X and W).
// CHECK-LABEL: func.func @conv2d_nhwc_grouped
// CHECK-SAME: (%[[X:.*]]: memref<?x?x?x4xf32>, %[[W:.*]]: memref<6x3x3x2xf32>)
// CHECK: ^bb2:
// CHECK-NEXT: %[[OUT:.*]] = memref.alloc({{.*}}) : memref<?x?x?x6xf32>
// CHECK-NOT: memref.alloc(
// CHECK: scf.for %[[n:.*]] = %c0 to
// CHECK:   scf.for %[[oh:.*]] = %c0 to
// CHECK:     scf.for %[[ow:.*]] = %c0 to
// CHECK:       scf.for %[[g:.*]] = %c0 to %c2 step %c1 {
// CHECK:         %[[CB:.*]] = arith.muli %[[g]], %c2 : index
// CHECK:         %[[FB:.*]] = arith.muli %[[g]], %c3 : index
// CHECK:         scf.for %[[fl:.*]] = %c0 to %c3 step %c1 {
// CHECK:           %[[f:.*]] = arith.addi %[[FB]], %[[fl]] : index
// CHECK:           scf.for %[[kh:.*]] = %c0 to %c3 step %c1 iter_args
// CHECK:             %[[IH:.*]] = arith.addi %[[oh]], %[[kh]] : index
// CHECK:             scf.for %[[kw:.*]] = %c0 to %c3 step %c1 iter_args
// CHECK:               %[[IW:.*]] = arith.addi %[[ow]], %[[kw]] : index
// CHECK:               scf.for %[[c:.*]] = %c0 to %c2 step %c1 iter_args
// CHECK:                 %[[IC:.*]] = arith.addi %[[CB]], %[[c]] : index
// CHECK:                 memref.load %[[X]][%[[n]], %[[IH]], %[[IW]], %[[IC]]] : memref<?x?x?x4xf32>
// CHECK:                 memref.load %[[W]][%[[f]], %[[kh]], %[[kw]], %[[c]]] : memref<6x3x3x2xf32>
// CHECK:           memref.store {{.*}}, %[[OUT]][%[[n]], %[[oh]], %[[ow]], %[[f]]] : memref<?x?x?x6xf32>
func.func @conv2d_nhwc_grouped(%x: tensor<?x?x?x4xf32>, %w: tensor<6x3x3x2xf32>) -> tensor<?x?x?x6xf32> attributes {entrance} {
  %r = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 2 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FHWC>}> : (tensor<?x?x?x4xf32>, tensor<6x3x3x2xf32>) -> tensor<?x?x?x6xf32>
  return %r : tensor<?x?x?x6xf32>
}

// -----

// 1-D, kernel 1, stride 2: the kernel loop is omitted (weight index 0, input position o·2).
// CHECK-LABEL: func.func @conv1d_k1
// CHECK-SAME: (%[[X:.*]]: memref<?x4x?xf32>, %[[W:.*]]: memref<5x4x1xf32>)
// CHECK: scf.for %{{.*}} = %c0 to %{{.*}} step %c1 {
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c5 step %c1 {
// CHECK-NEXT: scf.for %[[o:.*]] = %c0 to %{{.*}} step %c1 {
// CHECK-NEXT: %[[P:.*]] = arith.muli %[[o]], %c2 : index
// CHECK:   scf.for %[[c:.*]] = %c0 to %c4 step %c1 iter_args
// CHECK-NEXT: memref.load %[[X]][%{{.*}}, %[[c]], %[[P]]] : memref<?x4x?xf32>
// CHECK-NEXT: memref.load %[[W]][%{{.*}}, %[[c]], %c0] : memref<5x4x1xf32>
// CHECK-NOT: scf.for
// CHECK: memref.store
func.func @conv1d_k1(%x: tensor<?x4x?xf32>, %w: tensor<5x4x1xf32>) -> tensor<?x5x?xf32> attributes {entrance} {
  %r = "llh.conv"(%x, %w) <{dilation = array<i64: 1>, group = 1 : i64, kernel_shape = array<i64: 1>, layout = #llh.Layout<NCW>, pad = array<i64: 0, 0>, stride = array<i64: 2>, weight_layout = #llh.Layout<FCW>}> : (tensor<?x4x?xf32>, tensor<5x4x1xf32>) -> tensor<?x5x?xf32>
  return %r : tensor<?x5x?xf32>
}

// -----

// 3-D, f16: the products are summed in f32 and rounded once per output element.
// CHECK-LABEL: func.func @conv3d_f16
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ZERO]]) -> (f32)
// CHECK: scf.for {{.*}} -> (f32)
// CHECK: scf.for {{.*}} -> (f32)
// CHECK: scf.for {{.*}} -> (f32)
// CHECK: memref.load {{.*}} : memref<1x2x?x?x?xf16>
// CHECK-NEXT: arith.extf {{.*}} : f16 to f32
// CHECK: memref.load {{.*}} : memref<2x2x2x2x2xf16>
// CHECK-NEXT: arith.extf {{.*}} : f16 to f32
// CHECK: arith.mulf {{.*}} : f32
// CHECK: arith.addf {{.*}} : f32
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : f32 to f16
// CHECK-NEXT: memref.store %[[T]]
func.func @conv3d_f16(%x: tensor<1x2x?x?x?xf16>, %w: tensor<2x2x2x2x2xf16>) -> tensor<1x2x?x?x?xf16> attributes {entrance} {
  %r = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1, 1>, group = 1 : i64, kernel_shape = array<i64: 2, 2, 2>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x2x?x?x?xf16>, tensor<2x2x2x2x2xf16>) -> tensor<1x2x?x?x?xf16>
  return %r : tensor<1x2x?x?x?xf16>
}

// -----

// 2-D NHWC conv (f32, group 1, HWCF weight): implicit GEMM Y[P, F] = cols[P, K] · W[K, F]. The
// weight (an argument here) is packed once per op, outside the batch loop, into [F/16, K, 16]
// column panels by vector loads (F is innermost in HWCF); the micro-kernel loops over
// (kh, kw, c) and broadcasts input scalars straight from the input (no im2col), and full tiles
// are stored by vector stores into the output viewed as [N, OH·OW, F].
// CHECK-LABEL: func.func @conv2d_nhwc_gemm
// CHECK-SAME: (%[[X:.*]]: memref<1x?x?x4xf32>, %[[W:.*]]: memref<3x3x4x16xf32>)
// CHECK: ^bb2:
// CHECK: %[[OUT:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<1x?x?x16xf32>
// CHECK: %[[OF:.*]] = memref.collapse_shape %[[OUT]] {{\[}}[0], [1, 2], [3]] : memref<1x?x?x16xf32> into memref<1x?x16xf32>
// CHECK: %[[BP:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?x16xf32>
// CHECK: scf.parallel
// CHECK:   vector.load %[[W]][%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : memref<3x3x4x16xf32>, vector<8xf32>
// CHECK: scf.for %[[n:.*]] = %c0 to %c1 step %c1 {
// CHECK-NEXT: scf.parallel
// CHECK:   %{{.*}}:12 = scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args
// CHECK:     scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args
// CHECK:       scf.for %[[C:.*]] = %c0 to %c4 step %c1 iter_args
// CHECK:         vector.load %[[BP]]
// CHECK:         %[[XS:.*]] = memref.load %[[X]][%[[n]], %{{.*}}, %{{.*}}, %[[C]]] : memref<1x?x?x4xf32>
// CHECK-NEXT:    vector.broadcast %[[XS]] : f32 to vector<8xf32>
// CHECK:   scf.if
// CHECK-NEXT: vector.store %{{.*}}, %[[OF]][%[[n]], %{{.*}}, %{{.*}}] : memref<1x?x16xf32>, vector<8xf32>
func.func @conv2d_nhwc_gemm(%x: tensor<1x?x?x4xf32>, %w: tensor<3x3x4x16xf32>) -> tensor<1x?x?x16xf32> attributes {entrance} {
  %r = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<HWCF>}> : (tensor<1x?x?x4xf32>, tensor<3x3x4x16xf32>) -> tensor<1x?x?x16xf32>
  return %r : tensor<1x?x?x16xf32>
}

// -----

// A temporary read by a 1x1 conv only through the kernel's collapsed view (no padded copy)
// stays alive until that conv has run: its dealloc comes after the view's last load.
// CHECK-LABEL: func.func @view_keeps_input_alive
// CHECK: ^bb2:
// CHECK-NEXT: %[[T:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<1x4x?x?xf32>
// CHECK: memref.collapse_shape %[[T]] {{\[}}[0], [1], [2, 3]]
// CHECK: %[[TV:.*]] = memref.collapse_shape %[[T]] {{\[}}[0], [1], [2, 3]] : memref<1x4x?x?xf32> into memref<1x4x?xf32>
// CHECK-NOT: memref.dealloc %[[T]]
// CHECK: memref.load %[[TV]]
// CHECK: memref.dealloc %[[T]]
// CHECK-NEXT: return
func.func @view_keeps_input_alive(%x: tensor<1x4x?x?xf32>, %w1: tensor<4x4x3x3xf32>, %w2: tensor<4x4x3x3xf32>, %w3: tensor<4x4x1x1xf32>) -> tensor<1x4x?x?xf32> attributes {entrance} {
  %t = "llh.conv"(%x, %w1) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x4x?x?xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x?x?xf32>
  %a = "llh.conv"(%t, %w2) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x4x?x?xf32>, tensor<4x4x3x3xf32>) -> tensor<1x4x?x?xf32>
  %b = "llh.conv"(%t, %w3) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 1, 1>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x4x?x?xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x?x?xf32>
  %r = "llh.add"(%a, %b) : (tensor<1x4x?x?xf32>, tensor<1x4x?x?xf32>) -> tensor<1x4x?x?xf32>
  return %r : tensor<1x4x?x?xf32>
}
