// RUN: llh-opt %s -split-input-file --transform-layout | filecheck %s --match-full-lines --strict-whitespace
// RUN: llh-opt %s -split-input-file --transform-layout="target-layout=NHWC" | filecheck %s --match-full-lines --strict-whitespace
// RUN: llh-opt %s -split-input-file --pass-pipeline="builtin.module(transform-layout{target-layout=NHWC})" | filecheck %s --match-full-lines --strict-whitespace
// Idempotence: a second run changes nothing.
// RUN: llh-opt %s -split-input-file --transform-layout --transform-layout | filecheck %s --match-full-lines --strict-whitespace
// No pattern reports success without changing the IR (D9).
// RUN: env LLH_OPT_CHECK_REWRITES=1 llh-opt %s -split-input-file --transform-layout | filecheck %s --match-full-lines --strict-whitespace

// --transform-layout (spec §6.2, §8.28 fixed): a conv / conv_bias / max_pool not in the target
// layout is rewritten between transposes; weights go to FHWC (the reference writes NHWC);
// encodings come from infer-on-create and the final transpose keeps the old result type.

// The reference's test (transform_layout.mlir): the two input transposes [0, 2, 3, 1], the conv,
// the transpose back [0, 3, 1, 2]. The old result's free symbols s1/s3 are recorded equal to the
// derived output size and replaced by it (P9): both spatial outputs are the same symbol (D2).
"llh.symbolic_int"() <{sym_name = "s3"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c0"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c7"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c4"}> : () -> ()
func.func @conv_nchw_to_nhwc(%arg0: tensor<4x3x7x7xf32, #llh.encoding<shapes = @c4, @c3, @c7, @c7>> , %arg1: tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s2, @s2>>) -> (tensor<?x4x?x?xf32, #llh.encoding<shapes = @s0, @c4, @s1, @s3>>, tensor<4x3x7x7xf32, #llh.encoding<shapes = @c4, @c3, @c7, @c7>>, tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s2, @s2>>, i64, i64) attributes {entrance} {
  %0 = "llh.constant"() <{symbol = @c2, value = 2 : i64}> : () -> i64
  %1 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
  %2 = "llh.dim"(%arg1, %1) <{symbol = @s0}> : (tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s2, @s2>>, i64) -> i64
  %3 = "llh.dim"(%arg1, %0) <{symbol = @s2}> : (tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s2, @s2>>, i64) -> i64
  %4 = "llh.conv"(%arg1, %arg0) <{dilation = array<i64: 2, 2>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NCHW>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s2, @s2>>, tensor<4x3x7x7xf32, #llh.encoding<shapes = @c4, @c3, @c7, @c7>>) -> tensor<?x4x?x?xf32, #llh.encoding<shapes = @s0, @c4, @s1, @s3>>
  return %4, %arg0, %arg1, %2, %3 : tensor<?x4x?x?xf32, #llh.encoding<shapes = @s0, @c4, @s1, @s3>>, tensor<4x3x7x7xf32, #llh.encoding<shapes = @c4, @c3, @c7, @c7>>, tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s2, @s2>>, i64, i64
}
module @__symbol__ {
}

//      CHECK:#map = affine_map<()[s0] -> ((s0 + 1) floordiv 2 - 3)>
// CHECK-NEXT:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c0"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c7"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c4"}> : () -> ()
// CHECK-NEXT:  func.func @conv_nchw_to_nhwc(%arg0: tensor<4x3x7x7xf32, #llh.encoding<shapes = @c4, @c3, @c7, @c7>>, %arg1: tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s2, @s2>>) -> (tensor<?x4x?x?xf32, #llh.encoding<shapes = @s0, @c4, @s1, @s1>>, tensor<4x3x7x7xf32, #llh.encoding<shapes = @c4, @c3, @c7, @c7>>, tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s2, @s2>>, i64, i64) attributes {entrance} {
// CHECK-NEXT:    %0 = "llh.constant"() <{symbol = @c2, value = 2 : i64}> : () -> i64
// CHECK-NEXT:    %1 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
// CHECK-NEXT:    %2 = "llh.dim"(%arg1, %1) <{symbol = @s0}> : (tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s2, @s2>>, i64) -> i64
// CHECK-NEXT:    %3 = "llh.dim"(%arg1, %0) <{symbol = @s2}> : (tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s2, @s2>>, i64) -> i64
// CHECK-NEXT:    %4 = "llh.transpose"(%arg1) <{perms = array<i64: 0, 2, 3, 1>}> : (tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s2, @s2>>) -> tensor<?x?x?x3xf32, #llh.encoding<shapes = @s0, @s2, @s2, @c3>>
// CHECK-NEXT:    %5 = "llh.transpose"(%arg0) <{perms = array<i64: 0, 2, 3, 1>}> : (tensor<4x3x7x7xf32, #llh.encoding<shapes = @c4, @c3, @c7, @c7>>) -> tensor<4x7x7x3xf32, #llh.encoding<shapes = @c4, @c7, @c7, @c3>>
// CHECK-NEXT:    %6 = "llh.conv"(%4, %5) <{dilation = array<i64: 2, 2>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FHWC>}> : (tensor<?x?x?x3xf32, #llh.encoding<shapes = @s0, @s2, @s2, @c3>>, tensor<4x7x7x3xf32, #llh.encoding<shapes = @c4, @c7, @c7, @c3>>) -> tensor<?x?x?x4xf32, #llh.encoding<shapes = @s0, @s1, @s1, @c4>>
// CHECK-NEXT:    %7 = "llh.transpose"(%6) <{perms = array<i64: 0, 3, 1, 2>}> : (tensor<?x?x?x4xf32, #llh.encoding<shapes = @s0, @s1, @s1, @c4>>) -> tensor<?x4x?x?xf32, #llh.encoding<shapes = @s0, @c4, @s1, @s1>>
// CHECK-NEXT:    return %7, %arg0, %arg1, %2, %3 : tensor<?x4x?x?xf32, #llh.encoding<shapes = @s0, @c4, @s1, @s1>>, tensor<4x3x7x7xf32, #llh.encoding<shapes = @c4, @c3, @c7, @c7>>, tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s2, @s2>>, i64, i64
// CHECK-NEXT:  }
// CHECK-NEXT:  module @__symbol__ {
// CHECK-NEXT:    "llh.symbol_relation_map"() <{express = "floor((s2 + 1)/2) - 3", relation = #map, relations = [@s2], symbol = @s1}> : () -> ()
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// conv_bias and max_pool are converted too (the reference only converts conv); the bias is
// 1-D and stays; a grouped conv keeps `group` (its weight is [F, C/group, kH, kW] → FHWC), and
// a constant weight's transpose folds into a new constant. Without symbolic information in the
// module nothing gets an encoding.
func.func @conv_bias_pool(%x: tensor<2x4x8x8xf32>, %w: tensor<6x2x3x3xf32>, %b: tensor<6xf32>) -> tensor<2x6x4x4xf32> {
  %0 = "llh.conv_bias"(%x, %w, %b) <{dilation = array<i64: 1, 1>, group = 2 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<2x4x8x8xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<2x6x8x8xf32>
  %1 = "llh.max_pool"(%0) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<2x6x8x8xf32>) -> tensor<2x6x4x4xf32>
  return %1 : tensor<2x6x4x4xf32>
}

func.func @constant_weight(%x: tensor<1x2x3x3xf32>) -> tensor<1x1x2x2xf32> {
  %w = "llh.constant"() <{value = dense<[[[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]]> : tensor<1x2x2x2xf32>}> : () -> tensor<1x2x2x2xf32>
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>) -> tensor<1x1x2x2xf32>
  return %0 : tensor<1x1x2x2xf32>
}

//      CHECK:module {
// CHECK-NEXT:  func.func @conv_bias_pool(%arg0: tensor<2x4x8x8xf32>, %arg1: tensor<6x2x3x3xf32>, %arg2: tensor<6xf32>) -> tensor<2x6x4x4xf32> {
// CHECK-NEXT:    %0 = "llh.transpose"(%arg0) <{perms = array<i64: 0, 2, 3, 1>}> : (tensor<2x4x8x8xf32>) -> tensor<2x8x8x4xf32>
// CHECK-NEXT:    %1 = "llh.transpose"(%arg1) <{perms = array<i64: 0, 2, 3, 1>}> : (tensor<6x2x3x3xf32>) -> tensor<6x3x3x2xf32>
// CHECK-NEXT:    %2 = "llh.conv_bias"(%0, %1, %arg2) <{dilation = array<i64: 1, 1>, group = 2 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FHWC>}> : (tensor<2x8x8x4xf32>, tensor<6x3x3x2xf32>, tensor<6xf32>) -> tensor<2x8x8x6xf32>
// CHECK-NEXT:    %3 = "llh.transpose"(%2) <{perms = array<i64: 0, 3, 1, 2>}> : (tensor<2x8x8x6xf32>) -> tensor<2x6x8x8xf32>
// CHECK-NEXT:    %4 = "llh.transpose"(%3) <{perms = array<i64: 0, 2, 3, 1>}> : (tensor<2x6x8x8xf32>) -> tensor<2x8x8x6xf32>
// CHECK-NEXT:    %5 = "llh.max_pool"(%4) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<2x8x8x6xf32>) -> tensor<2x4x4x6xf32>
// CHECK-NEXT:    %6 = "llh.transpose"(%5) <{perms = array<i64: 0, 3, 1, 2>}> : (tensor<2x4x4x6xf32>) -> tensor<2x6x4x4xf32>
// CHECK-NEXT:    return %6 : tensor<2x6x4x4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @constant_weight(%arg0: tensor<1x2x3x3xf32>) -> tensor<1x1x2x2xf32> {
// CHECK-NEXT:    %0 = "llh.constant"() <{value = dense<[[[[1.000000e+00, 5.000000e+00], [2.000000e+00, 6.000000e+00]], [[3.000000e+00, 7.000000e+00], [4.000000e+00, 8.000000e+00]]]]> : tensor<1x2x2x2xf32>}> : () -> tensor<1x2x2x2xf32>
// CHECK-NEXT:    %1 = "llh.constant"() <{value = dense<[[[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]], [[5.000000e+00, 6.000000e+00], [7.000000e+00, 8.000000e+00]]]]> : tensor<1x2x2x2xf32>}> : () -> tensor<1x2x2x2xf32>
// CHECK-NEXT:    %2 = "llh.transpose"(%arg0) <{perms = array<i64: 0, 2, 3, 1>}> : (tensor<1x2x3x3xf32>) -> tensor<1x3x3x2xf32>
// CHECK-NEXT:    %3 = "llh.conv"(%2, %0) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FHWC>}> : (tensor<1x3x3x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x1xf32>
// CHECK-NEXT:    %4 = "llh.transpose"(%3) <{perms = array<i64: 0, 3, 1, 2>}> : (tensor<1x2x2x1xf32>) -> tensor<1x1x2x2xf32>
// CHECK-NEXT:    return %4 : tensor<1x1x2x2xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// A conv without `layout` / `weight_layout` does not crash (§8.28): it is read as the verifier
// and the shape rules read it, NCHW / FCHW.
func.func @default_nchw(%x: tensor<1x3x5x5xf32>, %w: tensor<2x3x3x3xf32>) -> tensor<1x2x3x3xf32> {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x3x5x5xf32>, tensor<2x3x3x3xf32>) -> tensor<1x2x3x3xf32>
  return %0 : tensor<1x2x3x3xf32>
}

//      CHECK:module {
// CHECK-NEXT:  func.func @default_nchw(%arg0: tensor<1x3x5x5xf32>, %arg1: tensor<2x3x3x3xf32>) -> tensor<1x2x3x3xf32> {
// CHECK-NEXT:    %0 = "llh.transpose"(%arg0) <{perms = array<i64: 0, 2, 3, 1>}> : (tensor<1x3x5x5xf32>) -> tensor<1x5x5x3xf32>
// CHECK-NEXT:    %1 = "llh.transpose"(%arg1) <{perms = array<i64: 0, 2, 3, 1>}> : (tensor<2x3x3x3xf32>) -> tensor<2x3x3x3xf32>
// CHECK-NEXT:    %2 = "llh.conv"(%0, %1) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FHWC>}> : (tensor<1x5x5x3xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x3x2xf32>
// CHECK-NEXT:    %3 = "llh.transpose"(%2) <{perms = array<i64: 0, 3, 1, 2>}> : (tensor<1x3x3x2xf32>) -> tensor<1x2x3x3xf32>
// CHECK-NEXT:    return %3 : tensor<1x2x3x3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// Negative: ops already in NHWC / FHWC are left alone; an NHWC conv with an HWCF weight only
// gets its weight transposed (HWCF → FHWC is [3, 0, 1, 2]).
func.func @already_nhwc(%x: tensor<1x5x5x3xf32>, %w: tensor<2x3x3x3xf32>, %w2: tensor<3x3x3x2xf32>) -> (tensor<1x3x3x2xf32>, tensor<1x3x3x3xf32>, tensor<1x3x3x2xf32>) {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FHWC>}> : (tensor<1x5x5x3xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x3x2xf32>
  %1 = "llh.max_pool"(%x) <{ceil_mode = true, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x5x5x3xf32>) -> tensor<1x3x3x3xf32>
  %2 = "llh.conv"(%x, %w2) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<HWCF>}> : (tensor<1x5x5x3xf32>, tensor<3x3x3x2xf32>) -> tensor<1x3x3x2xf32>
  return %0, %1, %2 : tensor<1x3x3x2xf32>, tensor<1x3x3x3xf32>, tensor<1x3x3x2xf32>
}

//      CHECK:module {
// CHECK-NEXT:  func.func @already_nhwc(%arg0: tensor<1x5x5x3xf32>, %arg1: tensor<2x3x3x3xf32>, %arg2: tensor<3x3x3x2xf32>) -> (tensor<1x3x3x2xf32>, tensor<1x3x3x3xf32>, tensor<1x3x3x2xf32>) {
// CHECK-NEXT:    %0 = "llh.conv"(%arg0, %arg1) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FHWC>}> : (tensor<1x5x5x3xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x3x2xf32>
// CHECK-NEXT:    %1 = "llh.max_pool"(%arg0) <{ceil_mode = true, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x5x5x3xf32>) -> tensor<1x3x3x3xf32>
// CHECK-NEXT:    %2 = "llh.transpose"(%arg2) <{perms = array<i64: 3, 0, 1, 2>}> : (tensor<3x3x3x2xf32>) -> tensor<2x3x3x3xf32>
// CHECK-NEXT:    %3 = "llh.conv"(%arg0, %2) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FHWC>}> : (tensor<1x5x5x3xf32>, tensor<2x3x3x3xf32>) -> tensor<1x3x3x2xf32>
// CHECK-NEXT:    return %0, %1, %3 : tensor<1x3x3x2xf32>, tensor<1x3x3x3xf32>, tensor<1x3x3x2xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// 1-D: NCW → NWC with weights FCW → WCF ([2, 1, 0]); 3-D: NCDHW → NDHWC, spelled NCHW / NHWC
// (#llh.Layout has no 5-D cases; the dialect reads them by channel position).
func.func @conv1d(%x: tensor<2x3x9xf32>, %w: tensor<4x3x3xf32>) -> tensor<2x4x7xf32> {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1>, kernel_shape = array<i64: 3>, layout = #llh.Layout<NCW>, pad = array<i64: 0, 0>, stride = array<i64: 1>, weight_layout = #llh.Layout<FCW>}> : (tensor<2x3x9xf32>, tensor<4x3x3xf32>) -> tensor<2x4x7xf32>
  return %0 : tensor<2x4x7xf32>
}

func.func @conv3d(%x: tensor<2x3x5x6x7xf32>, %w: tensor<4x3x3x3x3xf32>) -> tensor<2x4x3x4x5xf32> {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1, 1>, kernel_shape = array<i64: 3, 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>}> : (tensor<2x3x5x6x7xf32>, tensor<4x3x3x3x3xf32>) -> tensor<2x4x3x4x5xf32>
  return %0 : tensor<2x4x3x4x5xf32>
}

//      CHECK:module {
// CHECK-NEXT:  func.func @conv1d(%arg0: tensor<2x3x9xf32>, %arg1: tensor<4x3x3xf32>) -> tensor<2x4x7xf32> {
// CHECK-NEXT:    %0 = "llh.transpose"(%arg0) <{perms = array<i64: 0, 2, 1>}> : (tensor<2x3x9xf32>) -> tensor<2x9x3xf32>
// CHECK-NEXT:    %1 = "llh.transpose"(%arg1) <{perms = array<i64: 2, 1, 0>}> : (tensor<4x3x3xf32>) -> tensor<3x3x4xf32>
// CHECK-NEXT:    %2 = "llh.conv"(%0, %1) <{dilation = array<i64: 1>, kernel_shape = array<i64: 3>, layout = #llh.Layout<NWC>, pad = array<i64: 0, 0>, stride = array<i64: 1>, weight_layout = #llh.Layout<WCF>}> : (tensor<2x9x3xf32>, tensor<3x3x4xf32>) -> tensor<2x7x4xf32>
// CHECK-NEXT:    %3 = "llh.transpose"(%2) <{perms = array<i64: 0, 2, 1>}> : (tensor<2x7x4xf32>) -> tensor<2x4x7xf32>
// CHECK-NEXT:    return %3 : tensor<2x4x7xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @conv3d(%arg0: tensor<2x3x5x6x7xf32>, %arg1: tensor<4x3x3x3x3xf32>) -> tensor<2x4x3x4x5xf32> {
// CHECK-NEXT:    %0 = "llh.transpose"(%arg0) <{perms = array<i64: 0, 2, 3, 4, 1>}> : (tensor<2x3x5x6x7xf32>) -> tensor<2x5x6x7x3xf32>
// CHECK-NEXT:    %1 = "llh.transpose"(%arg1) <{perms = array<i64: 0, 2, 3, 4, 1>}> : (tensor<4x3x3x3x3xf32>) -> tensor<4x3x3x3x3xf32>
// CHECK-NEXT:    %2 = "llh.conv"(%0, %1) <{dilation = array<i64: 1, 1, 1>, kernel_shape = array<i64: 3, 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 1, 1, 1>, weight_layout = #llh.Layout<FHWC>}> : (tensor<2x5x6x7x3xf32>, tensor<4x3x3x3x3xf32>) -> tensor<2x3x4x5x4xf32>
// CHECK-NEXT:    %3 = "llh.transpose"(%2) <{perms = array<i64: 0, 4, 1, 2, 3>}> : (tensor<2x3x4x5x4xf32>) -> tensor<2x4x3x4x5xf32>
// CHECK-NEXT:    return %3 : tensor<2x4x3x4x5xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}
