// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops | filecheck %s
// RUN: llh-opt %s --split-input-file --lower-to-llvm --emit=mlir | filecheck %s --check-prefix=PIPE

// Epilogue: the bias add, the residual add and the relu after a conv are applied to the
// accumulator in the conv's store; the chain has one buffer, the conv's.
// CHECK-LABEL: func.func @conv_epilogue
// CHECK-SAME: (%[[X:[^:]*]]: memref<1x2x5x5xf32>, %[[W:[^:]*]]: memref<3x2x3x3xf32>, %[[B:[^:]*]]: memref<1x3x1x1xf32>, %[[R:[^:]*]]: memref<1x3x5x5xf32>)
// CHECK: ^bb2:
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<1x3x5x5xf32>
// CHECK-NOT: memref.alloc() : memref<1x3x5x5xf32>
// CHECK: %[[OF:.*]] = memref.collapse_shape %[[OUT]]
// CHECK: memref.load %[[B]]
// CHECK: arith.addf
// CHECK: memref.load %[[R]]
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK-NEXT: {{(memref|vector)}}.store {{.*}}, %[[OF]]
// CHECK-NOT: memref.alloc() : memref<1x3x5x5xf32>
// CHECK: return %[[OUT]]
func.func @conv_epilogue(%x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>, %b: tensor<1x3x1x1xf32>, %r: tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32> attributes {entrance} {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x5x5xf32>
  %1 = "llh.add"(%0, %b) : (tensor<1x3x5x5xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x5x5xf32>
  %2 = "llh.add"(%r, %1) : (tensor<1x3x5x5xf32>, tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  %3 = "llh.relu"(%2) : (tensor<1x3x5x5xf32>) -> tensor<1x3x5x5xf32>
  return %3 : tensor<1x3x5x5xf32>
}

// -----

// An elementwise chain whose intermediates have one use is ONE loop nest over the merged
// dimensions (a collapse_shape view, no copy): no intermediate buffer. 1x64x112x112 is flat,
// 802816 elements in chunks of 4096 per scf.parallel iteration, 8 x f32 vectors, and no
// scalar tail (the size is a multiple of 8: a static bucket).
// CHECK-LABEL: func.func @chain
// CHECK: ^bb2:
// CHECK-NEXT: %[[OUT:.*]] = memref.alloc() : memref<1x64x112x112xf32>
// CHECK-NEXT: %[[O:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0, 1, 2, 3]] : memref<1x64x112x112xf32> into memref<802816xf32>
// CHECK-NEXT: %[[A:.*]] = memref.collapse_shape %arg0
// CHECK-NEXT: %[[B:.*]] = memref.collapse_shape %arg1
// CHECK-NEXT: scf.parallel (%[[C:.*]]) = (%c0) to (%c196) step (%c1) {
// CHECK-NEXT: %[[LO:.*]] = arith.muli %[[C]], %c4096 : index
// CHECK-NEXT: %[[E:.*]] = arith.addi %[[LO]], %c4096 : index
// CHECK-NEXT: %[[HI:.*]] = arith.minsi %[[E]], %c802816 : index
// CHECK-NEXT: scf.for %[[I:.*]] = %[[LO]] to %[[HI]] step %c8 {
// CHECK-NEXT: %[[VA:.*]] = vector.load %[[A]][%[[I]]] : memref<802816xf32>, vector<8xf32>
// CHECK-NEXT: %[[VB:.*]] = vector.load %[[B]][%[[I]]] : memref<802816xf32>, vector<8xf32>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[VA]], %[[VB]] : vector<8xf32>
// CHECK-NEXT: %[[Z:.*]] = vector.broadcast %cst : f32 to vector<8xf32>
// CHECK-NEXT: %[[M:.*]] = arith.maximumf %[[S]], %[[Z]] : vector<8xf32>
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[M]], %[[VB]] : vector<8xf32>
// CHECK-NEXT: vector.store %[[P]], %[[O]][%[[I]]] : memref<802816xf32>, vector<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: return %[[OUT]]
func.func @chain(%a: tensor<1x64x112x112xf32>, %b: tensor<1x64x112x112xf32>) -> tensor<1x64x112x112xf32> attributes {entrance} {
  %0 = "llh.add"(%a, %b) : (tensor<1x64x112x112xf32>, tensor<1x64x112x112xf32>) -> tensor<1x64x112x112xf32>
  %1 = "llh.relu"(%0) : (tensor<1x64x112x112xf32>) -> tensor<1x64x112x112xf32>
  %2 = "llh.mul"(%1, %b) : (tensor<1x64x112x112xf32>, tensor<1x64x112x112xf32>) -> tensor<1x64x112x112xf32>
  return %2 : tensor<1x64x112x112xf32>
}

// -----

// A per-channel broadcast is an index map: [s0, 4, s1, s1] + [4, 1, 1] is viewed as
// [s0, 4, s1 * s1] (the spatial dimensions merge; the batch does not merge with the channels,
// the bias follows one and not the other); the bias is one scalar load per row, broadcast to a
// vector. The bucket "row length s1 * s1 is a multiple of 8" is computed once, before
// everything else, and selects the variant without a scalar tail.
// CHECK-LABEL: func.func @per_channel
// CHECK: %[[S0:.*]] = memref.dim %arg0, %c0
// CHECK: %[[S1:.*]] = memref.dim %arg0, %c2
// CHECK: ^bb2:
// CHECK-NEXT: %[[LEN:.*]] = arith.muli %[[S1]], %[[S1]] : index
// CHECK-NEXT: %[[REM:.*]] = arith.remsi %[[LEN]], %c8 : index
// CHECK-NEXT: %[[DIV8:.*]] = arith.cmpi eq, %[[REM]], %c0 : index
// CHECK-NEXT: %[[OUT:.*]] = memref.alloc(%[[S0]], %[[S1]], %[[S1]]) : memref<?x4x?x?xf32>
// CHECK-NEXT: %[[O:.*]] = memref.collapse_shape %[[OUT]] {{\[\[}}0], [1], [2, 3]] : memref<?x4x?x?xf32> into memref<?x4x?xf32>
// CHECK-NEXT: %[[A:.*]] = memref.collapse_shape %arg0 {{\[\[}}0], [1], [2, 3]]
// CHECK-NEXT: %[[B:.*]] = memref.collapse_shape %arg1 {{\[\[}}0], [1, 2]] : memref<4x1x1xf32> into memref<4x1xf32>
// CHECK-NEXT: scf.if %[[DIV8]] {
// CHECK-NEXT: scf.parallel (%[[N:.*]], %[[C:.*]]) = (%c0, %c0) to (%[[S0]], %c4) step (%c1, %c1) {
// CHECK-NEXT: %[[BS:.*]] = memref.load %[[B]][%[[C]], %c0] : memref<4x1xf32>
// CHECK-NEXT: %[[BV:.*]] = vector.broadcast %[[BS]] : f32 to vector<8xf32>
// CHECK-NEXT: scf.for %[[J:.*]] = %c0 to %[[LEN]] step %c8 {
// CHECK-NEXT: %[[VA:.*]] = vector.load %[[A]][%[[N]], %[[C]], %[[J]]] : memref<?x4x?xf32>, vector<8xf32>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[VA]], %[[BV]] : vector<8xf32>
// CHECK-NEXT: vector.store %[[S]], %[[O]][%[[N]], %[[C]], %[[J]]] : memref<?x4x?xf32>, vector<8xf32>
// CHECK: } else {
// CHECK: %[[WHOLE:.*]] = arith.muli {{.*}}, %c8 : index
// CHECK-NEXT: scf.parallel
// CHECK: scf.for %[[J:.*]] = %c0 to %[[WHOLE]] step %c8 {
// CHECK: scf.for %[[T:.*]] = %[[WHOLE]] to %[[LEN]] step %c1 {
// CHECK-NEXT: memref.load %[[A]]
// CHECK-NEXT: arith.addf {{.*}} : f32
func.func @per_channel(%a: tensor<?x4x?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c4", func.input_symbol_2 = "s1", func.input_symbol_3 = "s1"}, %b: tensor<4x1x1xf32>) -> tensor<?x4x?x?xf32> attributes {entrance} {
  %0 = "llh.add"(%a, %b) : (tensor<?x4x?x?xf32>, tensor<4x1x1xf32>) -> tensor<?x4x?x?xf32>
  return %0 : tensor<?x4x?x?xf32>
}

// -----

// lower-to-llvm folds a batch norm with constant parameters into the conv (conv_bias): the
// loop module has no per-channel sqrt; W' = W * s, B' = (0 - mean) * s + bias with
// s = scale / sqrt(var) = [0.5, 2]. The GEMM kernel packs the folded weight W' = [1, 6] at
// compile time into one 6-row panel [1, K = 1, 6] (rows past F repeat the last one).
// PIPE: memref.global "private" constant @[[BG:.*]] : memref<2xf32> = dense<[0.000000e+00, 2.250000e+00]>
// PIPE-NEXT: memref.global "private" constant @[[WG:.*]] : memref<1x1x6xf32> = dense<{{\[\[\[}}1.000000e+00, 6.000000e+00, 6.000000e+00, 6.000000e+00, 6.000000e+00, 6.000000e+00]]]>
// PIPE-LABEL: func.func @folded
// PIPE-NOT: math.sqrt
// PIPE: memref.get_global @[[BG]]
// PIPE-NOT: math.sqrt
// PIPE: return
func.func @folded(%x: tensor<1x1x4x4xf32>) -> tensor<1x2x4x4xf32> attributes {entrance} {
  %w = "llh.constant"() <{value = dense<[[[[2.0]]], [[[3.0]]]]> : tensor<2x1x1x1xf32>}> : () -> tensor<2x1x1x1xf32>
  %s = "llh.constant"() <{value = dense<[1.0, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %t = "llh.constant"() <{value = dense<[0.5, 0.25]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %m = "llh.constant"() <{value = dense<[1.0, -1.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %v = "llh.constant"() <{value = dense<[4.0, 1.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 1, 1>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x1x4x4xf32>, tensor<2x1x1x1xf32>) -> tensor<1x2x4x4xf32>
  %1 = "llh.batch_norm"(%0, %s, %t, %m, %v) <{epsilon = 0.0 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x2x4x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> tensor<1x2x4x4xf32>
  return %1 : tensor<1x2x4x4xf32>
}
