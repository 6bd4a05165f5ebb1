// RUN: llh-opt %s --split-input-file --canonicalize | filecheck %s
// RUN: llh-opt %s --split-input-file --canonicalize > %t.1.mlir
// RUN: llh-opt %t.1.mlir --split-input-file --canonicalize="test-convergence" > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// LLH canonicalization patterns (spec section 5.3, P1-P14) on IR without symbolic
// information, with negative cases; the symbolic ones are in canonicalize-symbols.mlir.

// P1 EraseNoUserOp: an unused llh.constant / llh.abs is erased; an unused llh.relu (not Pure
// at the reference commit, no such pattern) stays.
// CHECK-LABEL: func.func @erase_no_user
// CHECK-NEXT:    "llh.relu"(%arg0)
// CHECK-NEXT:    return %arg0
func.func @erase_no_user(%x: tensor<3xf32>) -> tensor<3xf32> {
  %c = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %a = "llh.abs"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %r = "llh.relu"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  return %x : tensor<3xf32>
}

// -----

// P2 FoldTwoAbsOpPattern (DRR, seed 000): abs(abs(x)) -> abs(x).
// CHECK-LABEL: func.func @fold_two_abs
// CHECK-NEXT:    %[[A:.+]] = "llh.abs"(%arg0)
// CHECK-NEXT:    return %[[A]]
func.func @fold_two_abs(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %4 = "llh.abs"(%arg0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %5 = "llh.abs"(%4) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %5 : tensor<?x?xf32>
}

// -----

// Negative: the inner abs has another use (HasOneUse).
// CHECK-LABEL: func.func @fold_two_abs_two_uses
// CHECK-NEXT:    %[[A:.+]] = "llh.abs"(%arg0)
// CHECK-NEXT:    %[[B:.+]] = "llh.abs"(%[[A]])
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @fold_two_abs_two_uses(%arg0: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %4 = "llh.abs"(%arg0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %5 = "llh.abs"(%4) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %4, %5 : tensor<?x?xf32>, tensor<?x?xf32>
}

// -----

// relu(relu(x)) and abs(relu(x)) are relu(x); relu(abs(x)) is abs(x).
// CHECK-LABEL: func.func @relu_abs
// CHECK-NEXT:    %[[R:.+]] = "llh.relu"(%arg0)
// CHECK-NEXT:    %[[A:.+]] = "llh.abs"(%arg0)
// CHECK-NEXT:    return %[[R]], %[[R]], %[[A]]
func.func @relu_abs(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %r = "llh.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %rr = "llh.relu"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  %ar = "llh.abs"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  %a = "llh.abs"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %ra = "llh.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %rr, %ar, %ra : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// P4 then P5: the lower-rank operand is reshaped to 1x..x1 x its shape (any mix of static and
// dynamic sizes: `3` against `?x?` is valid, spec 8.25), then broadcast to the result.
// CHECK-LABEL: func.func @reshape_before_broadcast
// CHECK-NEXT:    %[[C2:.+]] = "llh.constant"() <{value = 2 : i64}>
// CHECK-NEXT:    %[[C0:.+]] = "llh.constant"() <{value = 0 : i64}>
// CHECK-NEXT:    %[[C1:.+]] = "llh.constant"() <{value = 1 : i64}>
// CHECK-NEXT:    %[[C3:.+]] = "llh.constant"() <{value = 3 : i64}>
// CHECK-NEXT:    %[[R:.+]] = "llh.reshape"(%arg1, %[[C1]], %[[C1]], %[[C1]], %[[C3]]) : (tensor<3xf32>, i64, i64, i64, i64) -> tensor<1x1x1x3xf32>
// CHECK-NEXT:    %[[D0:.+]] = "llh.dim"(%arg0, %[[C0]])
// CHECK-NEXT:    %[[D1:.+]] = "llh.dim"(%arg0, %[[C1]])
// CHECK-NEXT:    %[[D2:.+]] = "llh.dim"(%arg0, %[[C2]])
// CHECK-NEXT:    %[[B:.+]] = "llh.broadcast_to"(%[[R]], %[[D0]], %[[D1]], %[[D2]], %[[C3]]) <{cast_dims = array<i64: 0, 1, 2>}> : (tensor<1x1x1x3xf32>, i64, i64, i64, i64) -> tensor<?x?x?x3xf32>
// CHECK-NEXT:    %[[ADD:.+]] = "llh.add"(%arg0, %[[B]])
// CHECK-NEXT:    %[[R2:.+]] = "llh.reshape"(%arg1, %[[C1]], %[[C3]]) : (tensor<3xf32>, i64, i64) -> tensor<1x3xf32>
// CHECK-NEXT:    %[[E0:.+]] = "llh.dim"(%arg2, %[[C0]])
// CHECK-NEXT:    %[[B2:.+]] = "llh.broadcast_to"(%[[R2]], %[[E0]], %[[C3]]) <{cast_dims = array<i64: 0>}> : (tensor<1x3xf32>, i64, i64) -> tensor<?x3xf32>
// CHECK-NEXT:    %[[MUL:.+]] = "llh.mul"(%[[B2]], %arg2) : (tensor<?x3xf32>, tensor<?x?xf32>) -> tensor<?x3xf32>
// CHECK-NEXT:    return %[[ADD]], %[[MUL]]
func.func @reshape_before_broadcast(%x: tensor<?x?x?x?xf32>, %b: tensor<3xf32>, %y: tensor<?x?xf32>) -> (tensor<?x?x?x3xf32>, tensor<?x3xf32>) {
  %0 = "llh.add"(%x, %b) : (tensor<?x?x?x?xf32>, tensor<3xf32>) -> tensor<?x?x?x3xf32>
  %1 = "llh.mul"(%b, %y) : (tensor<3xf32>, tensor<?x?xf32>) -> tensor<?x3xf32>
  return %0, %1 : tensor<?x?x?x3xf32>, tensor<?x3xf32>
}

// -----

// P5: the lhs may be the broadcast one, both may need it (spec 8.26: no crash); `?` against
// `?` is not broadcast.
// CHECK-LABEL: func.func @insert_broadcast
// CHECK-NEXT:    %[[C5:.+]] = "llh.constant"() <{value = 5 : i64}>
// CHECK-NEXT:    %[[C4:.+]] = "llh.constant"() <{value = 4 : i64}>
// CHECK-NEXT:    %[[C3:.+]] = "llh.constant"() <{value = 3 : i64}>
// CHECK-NEXT:    %[[C0:.+]] = "llh.constant"() <{value = 0 : i64}>
// CHECK-NEXT:    %[[D:.+]] = "llh.dim"(%arg0, %[[C0]])
// CHECK-NEXT:    %[[B:.+]] = "llh.broadcast_to"(%arg1, %[[D]], %[[C3]]) <{cast_dims = array<i64: 0>}> : (tensor<1x3xf32>, i64, i64) -> tensor<?x3xf32>
// CHECK-NEXT:    %[[SUB:.+]] = "llh.sub"(%[[B]], %arg0)
// CHECK-NEXT:    %[[L:.+]] = "llh.broadcast_to"(%arg2, %[[C4]], %[[C5]]) <{cast_dims = array<i64: 1>}> : (tensor<4x1xi32>, i64, i64) -> tensor<4x5xi32>
// CHECK-NEXT:    %[[R:.+]] = "llh.broadcast_to"(%arg3, %[[C4]], %[[C5]]) <{cast_dims = array<i64: 0>}> : (tensor<1x5xi32>, i64, i64) -> tensor<4x5xi32>
// CHECK-NEXT:    %[[MAX:.+]] = "llh.max"(%[[L]], %[[R]])
// CHECK-NEXT:    %[[MIN:.+]] = "llh.min"(%arg4, %arg5)
// CHECK-NEXT:    return %[[SUB]], %[[MAX]], %[[MIN]]
func.func @insert_broadcast(%x: tensor<?x3xf32>, %y: tensor<1x3xf32>, %a: tensor<4x1xi32>, %b: tensor<1x5xi32>, %p: tensor<?x?xf32>, %q: tensor<?x?xf32>) -> (tensor<?x3xf32>, tensor<4x5xi32>, tensor<?x?xf32>) {
  %0 = "llh.sub"(%y, %x) : (tensor<1x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %1 = "llh.max"(%a, %b) : (tensor<4x1xi32>, tensor<1x5xi32>) -> tensor<4x5xi32>
  %2 = "llh.min"(%p, %q) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0, %1, %2 : tensor<?x3xf32>, tensor<4x5xi32>, tensor<?x?xf32>
}

// -----

// P6 ExtractOpRefine: a negative index k becomes dim(x, 0) + k (spec 8.24: not + k + 1), a
// constant for a static dimension; a non-negative index is left alone.
// CHECK-LABEL: func.func @extract_refine
// CHECK-NEXT:    %[[C4:.+]] = "llh.constant"() <{value = 4 : i64}>
// CHECK-NEXT:    %[[C2:.+]] = "llh.constant"() <{value = 2 : i64}>
// CHECK-NEXT:    %[[M5:.+]] = "llh.constant"() <{value = -5 : i64}>
// CHECK-NEXT:    %[[C0:.+]] = "llh.constant"() <{value = 0 : i64}>
// CHECK-NEXT:    %[[D:.+]] = "llh.dim"(%arg0, %[[C0]])
// CHECK-NEXT:    %[[I:.+]] = "llh.add"(%[[D]], %[[M5]]) : (i64, i64) -> i64
// CHECK-NEXT:    %[[E0:.+]] = "llh.extract"(%arg0, %[[I]])
// CHECK-NEXT:    %[[E1:.+]] = "llh.extract"(%arg1, %[[C4]])
// CHECK-NEXT:    %[[E2:.+]] = "llh.extract"(%arg0, %[[C2]])
// CHECK-NEXT:    return %[[E0]], %[[E1]], %[[E2]]
func.func @extract_refine(%x: tensor<?x?xf32>, %s: tensor<5x3xf32>) -> (tensor<?xf32>, tensor<3xf32>, tensor<?xf32>) {
  %m5 = "llh.constant"() <{value = -5 : i64}> : () -> i64
  %0 = "llh.extract"(%x, %m5) : (tensor<?x?xf32>, i64) -> tensor<?xf32>
  %m1 = "llh.constant"() <{value = -1 : i64}> : () -> i64
  %1 = "llh.extract"(%s, %m1) : (tensor<5x3xf32>, i64) -> tensor<3xf32>
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %2 = "llh.extract"(%x, %c2) : (tensor<?x?xf32>, i64) -> tensor<?xf32>
  return %0, %1, %2 : tensor<?xf32>, tensor<3xf32>, tensor<?xf32>
}

// -----

// P7 / P8: layouts from `builtin.gloabal_layout` (sic) and the window rank.
// CHECK-LABEL: func.func @layout_nchw
// CHECK-NEXT:    "llh.conv"(%arg0, %arg1) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NCHW>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FCHW>}>
// CHECK-NEXT:    "llh.max_pool"(%{{.+}}) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}>
// CHECK-NEXT:    "llh.conv_bias"(%arg2, %arg3, %arg4) <{dilation = array<i64: 1>, kernel_shape = array<i64: 3>, layout = #llh.Layout<NCW>, pad = array<i64: 1, 1>, stride = array<i64: 1>, weight_layout = #llh.Layout<FCW>}>
module attributes {builtin.gloabal_layout = "NCHW"} {
func.func @layout_nchw(%arg0: tensor<?x3x?x?xf32>, %w: tensor<64x3x7x7xf32>, %x1: tensor<?x3x?xf32>, %w1: tensor<8x3x3xf32>, %b: tensor<8xf32>) -> (tensor<?x64x?x?xf32>, tensor<?x8x?xf32>) {
  %124 = "llh.conv"(%arg0, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x?x?xf32>, tensor<64x3x7x7xf32>) -> tensor<?x64x?x?xf32>
  %129 = "llh.max_pool"(%124) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x64x?x?xf32>) -> tensor<?x64x?x?xf32>
  %c1 = "llh.conv_bias"(%x1, %w1, %b) <{dilation = array<i64: 1>, kernel_shape = array<i64: 3>, pad = array<i64: 1, 1>, stride = array<i64: 1>}> : (tensor<?x3x?xf32>, tensor<8x3x3xf32>, tensor<8xf32>) -> tensor<?x8x?xf32>
  return %129, %c1 : tensor<?x64x?x?xf32>, tensor<?x8x?xf32>
}
}

// -----

// An existing layout is kept. A missing one reads as NCHW, so an NHWC global layout is only
// set where the op still verifies with it (not on %arg4's pool, whose shapes are NCHW).
// CHECK-LABEL: func.func @layout_nhwc
// CHECK-NEXT:    "llh.conv"(%arg0, %arg1) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FHWC>}>
// CHECK-NEXT:    "llh.max_pool"(%arg2) <{{.*}}layout = #llh.Layout<NCHW>
// CHECK-NEXT:    "llh.max_pool"(%arg3) <{{.*}}layout = #llh.Layout<NHWC>
// CHECK-NEXT:    "llh.max_pool"(%arg4) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}>
module attributes {builtin.gloabal_layout = "NHWC"} {
func.func @layout_nhwc(%arg0: tensor<?x?x?x?xf32>, %w: tensor<?x?x?x?xf32>, %p: tensor<?x3x?x?xf32>, %q: tensor<1x4x4x4xf32>, %r: tensor<1x3x8x8xf32>) -> (tensor<?x?x?x?xf32>, tensor<?x3x?x?xf32>, tensor<1x4x4x4xf32>, tensor<1x3x4x4xf32>) {
  %0 = "llh.conv"(%arg0, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
  %1 = "llh.max_pool"(%p) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x3x?x?xf32>) -> tensor<?x3x?x?xf32>
  %2 = "llh.max_pool"(%q) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %3 = "llh.max_pool"(%r) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x3x8x8xf32>) -> tensor<1x3x4x4xf32>
  return %0, %1, %2, %3 : tensor<?x?x?x?xf32>, tensor<?x3x?x?xf32>, tensor<1x4x4x4xf32>, tensor<1x3x4x4xf32>
}
}

// -----

// Negative: no global layout, nothing to set.
// CHECK-LABEL: func.func @layout_without_global
// CHECK-NEXT:    "llh.conv"(%arg0, %arg1) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}>
func.func @layout_without_global(%arg0: tensor<?x3x?x?xf32>, %w: tensor<64x3x7x7xf32>) -> tensor<?x64x?x?xf32> {
  %0 = "llh.conv"(%arg0, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x?x?xf32>, tensor<64x3x7x7xf32>) -> tensor<?x64x?x?xf32>
  return %0 : tensor<?x64x?x?xf32>
}

// -----

// P12 binds the input of arith.index_cast; P13 rebinds the input of index.castu right after
// its definition. The casts, Pure and now unused, are erased.
// CHECK-LABEL: func.func @symbol_binds
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[DIM:.+]] = tensor.dim %arg0, %[[C0]]
// CHECK-NEXT:    "llh.symbol_bind"(%[[DIM]]) <{symbol = @s1}> : (index) -> ()
// CHECK-NEXT:    "llh.symbol_bind"(%[[DIM]]) <{symbol = @s0}> : (index) -> ()
// CHECK-NEXT:    return
func.func @symbol_binds(%t: tensor<?x3xf32>) -> () {
  %c0 = arith.constant 0 : index
  %dim = tensor.dim %t, %c0 : tensor<?x3xf32>
  %0 = arith.index_cast %dim : index to i64
  "llh.symbol_bind"(%0) <{symbol = @s0}> : (i64) -> ()
  %1 = index.castu %dim : index to i64
  "llh.symbol_bind"(%1) <{symbol = @s1}> : (i64) -> ()
  return
}

// -----

// P14: binds move next to what they bind (block start for arguments) and then stay put
// (spec 8.27: the reference always reports success and never converges).
// CHECK-LABEL: func.func @encoding_binds
// CHECK-NEXT:    "llh.encoding_bind"(%arg0)
// CHECK-NEXT:    "llh.encoding_bind"(%arg1)
// CHECK-NEXT:    %[[R:.+]] = "llh.relu"(%arg0)
// CHECK-NEXT:    "llh.encoding_bind"(%[[R]])
// CHECK-NEXT:    return %[[R]]
func.func @encoding_binds(%arg0: tensor<?x3xf32>, %arg1: tensor<?x3xf32>) -> tensor<?x3xf32> {
  %0 = "llh.relu"(%arg0) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  %1 = "llh.relu"(%0) : (tensor<?x3xf32>) -> tensor<?x3xf32>
  "llh.encoding_bind"(%0) <{encoding = #llh.encoding<shapes = @s0, @c3>}> : (tensor<?x3xf32>) -> ()
  "llh.encoding_bind"(%arg1) <{encoding = #llh.encoding<shapes = @s0, @c3>}> : (tensor<?x3xf32>) -> ()
  "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @c3>}> : (tensor<?x3xf32>) -> ()
  return %1 : tensor<?x3xf32>
}

// -----

// transpose(transpose(x, p), q) -> transpose(x, p o q), or x when that is the identity;
// reshape(reshape(x)) -> reshape(x). (The inner ops, not Pure, stay.)
// CHECK-LABEL: func.func @compose
// CHECK:         %[[T:.+]] = "llh.transpose"(%arg0) <{perms = array<i64: 2, 0, 1>}> : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK:         %[[R:.+]] = "llh.reshape"(%arg0, %{{.+}}) : (tensor<2x3x4xf32>, i64) -> tensor<24xf32>
// CHECK-NEXT:    return %[[T]], %arg0, %[[R]]
func.func @compose(%x: tensor<2x3x4xf32>) -> (tensor<4x2x3xf32>, tensor<2x3x4xf32>, tensor<24xf32>) {
  %t = "llh.transpose"(%x) <{perms = array<i64: 1, 2, 0>}> : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %0 = "llh.transpose"(%t) <{perms = array<i64: 1, 2, 0>}> : (tensor<3x4x2xf32>) -> tensor<4x2x3xf32>
  %1 = "llh.transpose"(%t) <{perms = array<i64: 2, 0, 1>}> : (tensor<3x4x2xf32>) -> tensor<2x3x4xf32>
  %c6 = "llh.constant"() <{value = 6 : i64}> : () -> i64
  %c4 = "llh.constant"() <{value = 4 : i64}> : () -> i64
  %c24 = "llh.constant"() <{value = 24 : i64}> : () -> i64
  %r = "llh.reshape"(%x, %c6, %c4) : (tensor<2x3x4xf32>, i64, i64) -> tensor<6x4xf32>
  %2 = "llh.reshape"(%r, %c24) : (tensor<6x4xf32>, i64) -> tensor<24xf32>
  return %0, %1, %2 : tensor<4x2x3xf32>, tensor<2x3x4xf32>, tensor<24xf32>
}
