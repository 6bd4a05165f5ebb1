// RUN: llh-opt %s | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: llh-opt %s | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
//
// Every compute op (spec §3.3, and HEAD's compute ops and llh.print of §9): parses, verifies and
// round-trips through the default and the generic printer. @windows exercises the window
// arithmetic the verifier checks (layouts, groups, 1-D windows, ceil_mode).

// CHECK-LABEL: func.func @compute(%arg0: tensor<?x3x224x224xf32>, %arg1: tensor<64x3x7x7xf32>, %arg2: tensor<64xf32>, %arg3: tensor<?x4xf32>, %arg4: tensor<4xf32>, %arg5: i64, %arg6: f32, %arg7: tensor<?x512xf32>, %arg8: tensor<512x10xf32>, %arg9: tensor<12x?x512xf32>, %arg10: tensor<12x512x10xf32>, %arg11: tensor<?x4xi1>) {
// CHECK-NEXT: %0 = "llh.relu"(%arg0) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
// CHECK-NEXT: %1 = "llh.abs"(%arg0) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
// CHECK-NEXT: %2 = "llh.drop"(%arg0) <{p = 5.000000e-01 : f64}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
// CHECK-NEXT: %3 = "llh.sqrt"(%arg5) : (i64) -> i64
// CHECK-NEXT: %4 = "llh.exp"(%arg3) : (tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: %5 = "llh.rsqrt"(%arg6) : (f32) -> f32
// CHECK-NEXT: %6 = "llh.add"(%arg3, %arg4) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: %7 = "llh.sub"(%arg5, %arg5) <{symbol = @s3}> : (i64, i64) -> i64
// CHECK-NEXT: %8 = "llh.mul"(%arg6, %arg6) : (f32, f32) -> f32
// CHECK-NEXT: %9 = "llh.div"(%arg3, %arg3) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<*xf32>
// CHECK-NEXT: %10 = "llh.max"(%arg3, %arg4) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: %11 = "llh.min"(%arg3, %arg4) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: %12 = "llh.pow"(%arg3, %arg4) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: %13 = "llh.compare"(%arg3, %arg4) <{kind = #llh.Compare<GE>}> : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xi1>
// CHECK-NEXT: %14 = "llh.where"(%arg11, %arg3, %arg4) : (tensor<?x4xi1>, tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: %15 = "llh.reduce_max"(%arg0) <{axis = array<i64: 1, 2>}> : (tensor<?x3x224x224xf32>) -> tensor<?x224xf32>
// CHECK-NEXT: %16 = "llh.reduce_min"(%arg0) <{axis = array<i64: -1>}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x224xf32>
// CHECK-NEXT: %17 = "llh.reduce_sum"(%arg3) <{axis = array<i64: 0, 1>}> : (tensor<?x4xf32>) -> tensor<f32>
// CHECK-NEXT: %18 = "llh.adaptive_average_pool"(%arg0) <{out_size = array<i64: 1, 1>}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x1x1xf32>
// CHECK-NEXT: %19 = "llh.matmul"(%arg7, %arg8) : (tensor<?x512xf32>, tensor<512x10xf32>) -> tensor<?x10xf32>
// CHECK-NEXT: %20 = "llh.batch_matmul"(%arg9, %arg10) : (tensor<12x?x512xf32>, tensor<12x512x10xf32>) -> tensor<12x?x10xf32>
// CHECK-NEXT: %21 = "llh.conv"(%arg0, %arg1) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NCHW>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FCHW>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<?x64x112x112xf32>
// CHECK-NEXT: %22 = "llh.conv_bias"(%arg0, %arg1, %arg2) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<?x64x?x?xf32>
// CHECK-NEXT: %23 = "llh.max_pool"(%21) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xf32>
// CHECK-NEXT: %24 = "llh.batch_norm"(%21, %arg2, %arg2, %arg2, %arg2) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<?x64x112x112xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<?x64x112x112xf32>
// CHECK-NEXT: %25 = "llh.layer_norm"(%arg3, %arg4, %arg4) <{axis = -1 : i64, epsilon = 1.000000e-05 : f64}> : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: "llh.print"(%arg3) <{prefix_description = "a"}> : (tensor<?x4xf32>) -> ()
// CHECK-NEXT: "llh.print"(%arg5) : (i64) -> ()
// CHECK-NEXT: return
// CHECK-LABEL: func.func @windows(%arg0: tensor<2x224x224x3xf32>, %arg1: tensor<64x7x7x3xf32>, %arg2: tensor<7x7x3x64xf32>, %arg3: tensor<1x8x32x32xf32>, %arg4: tensor<16x2x3x3xf32>, %arg5: tensor<4x16x100xf32>, %arg6: tensor<32x16x5xf32>, %arg7: tensor<*xf32>) {
// CHECK-NEXT: %0 = "llh.conv"(%arg0, %arg1) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FHWC>}> : (tensor<2x224x224x3xf32>, tensor<64x7x7x3xf32>) -> tensor<2x112x112x64xf32>
// CHECK-NEXT: %1 = "llh.conv"(%arg0, %arg2) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<HWCF>}> : (tensor<2x224x224x3xf32>, tensor<7x7x3x64xf32>) -> tensor<2x218x218x64xf32>
// CHECK-NEXT: %2 = "llh.conv"(%arg3, %arg4) <{dilation = array<i64: 2, 2>, group = 4 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 2, 2, 2, 2>, stride = array<i64: 1, 1>}> : (tensor<1x8x32x32xf32>, tensor<16x2x3x3xf32>) -> tensor<1x16x32x32xf32>
// CHECK-NEXT: %3 = "llh.conv"(%arg5, %arg6) <{dilation = array<i64: 1>, kernel_shape = array<i64: 5>, layout = #llh.Layout<NCW>, pad = array<i64: 2, 2>, stride = array<i64: 3>, weight_layout = #llh.Layout<FCW>}> : (tensor<4x16x100xf32>, tensor<32x16x5xf32>) -> tensor<4x32x34xf32>
// CHECK-NEXT: %4 = "llh.max_pool"(%arg3) <{ceil_mode = true, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x8x32x32xf32>) -> tensor<1x8x16x16xf32>
// CHECK-NEXT: %5 = "llh.max_pool"(%arg0) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<2x224x224x3xf32>) -> tensor<2x112x112x3xf32>
// CHECK-NEXT: %6 = "llh.relu"(%arg7) : (tensor<*xf32>) -> tensor<?x?xf32>
// CHECK-NEXT: %7 = "llh.add"(%arg7, %arg7) : (tensor<*xf32>, tensor<*xf32>) -> tensor<3x4xf32>
// CHECK-NEXT: return

// GENERIC: %8 = "llh.relu"(%arg8) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
// GENERIC: %9 = "llh.abs"(%arg8) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
// GENERIC: %10 = "llh.drop"(%arg8) <{p = 5.000000e-01 : f64}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
// GENERIC: %11 = "llh.sqrt"(%arg13) : (i64) -> i64
// GENERIC: %12 = "llh.exp"(%arg11) : (tensor<?x4xf32>) -> tensor<?x4xf32>
// GENERIC: %13 = "llh.rsqrt"(%arg14) : (f32) -> f32
// GENERIC: %14 = "llh.add"(%arg11, %arg12) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// GENERIC: %15 = "llh.sub"(%arg13, %arg13) <{symbol = @s3}> : (i64, i64) -> i64
// GENERIC: %16 = "llh.mul"(%arg14, %arg14) : (f32, f32) -> f32
// GENERIC: %17 = "llh.div"(%arg11, %arg11) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<*xf32>
// GENERIC: %18 = "llh.max"(%arg11, %arg12) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// GENERIC: %19 = "llh.min"(%arg11, %arg12) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// GENERIC: %20 = "llh.pow"(%arg11, %arg12) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// GENERIC: %21 = "llh.compare"(%arg11, %arg12) <{kind = #llh.Compare<GE>}> : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xi1>
// GENERIC: %22 = "llh.where"(%arg19, %arg11, %arg12) : (tensor<?x4xi1>, tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// GENERIC: %23 = "llh.reduce_max"(%arg8) <{axis = array<i64: 1, 2>}> : (tensor<?x3x224x224xf32>) -> tensor<?x224xf32>
// GENERIC: %24 = "llh.reduce_min"(%arg8) <{axis = array<i64: -1>}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x224xf32>
// GENERIC: %25 = "llh.reduce_sum"(%arg11) <{axis = array<i64: 0, 1>}> : (tensor<?x4xf32>) -> tensor<f32>
// GENERIC: %26 = "llh.adaptive_average_pool"(%arg8) <{out_size = array<i64: 1, 1>}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x1x1xf32>
// GENERIC: %27 = "llh.matmul"(%arg15, %arg16) : (tensor<?x512xf32>, tensor<512x10xf32>) -> tensor<?x10xf32>
// GENERIC: %28 = "llh.batch_matmul"(%arg17, %arg18) : (tensor<12x?x512xf32>, tensor<12x512x10xf32>) -> tensor<12x?x10xf32>
// GENERIC: %29 = "llh.conv"(%arg8, %arg9) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NCHW>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FCHW>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<?x64x112x112xf32>
// GENERIC: %30 = "llh.conv_bias"(%arg8, %arg9, %arg10) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<?x64x?x?xf32>
// GENERIC: %31 = "llh.max_pool"(%29) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xf32>
// GENERIC: %32 = "llh.batch_norm"(%29, %arg10, %arg10, %arg10, %arg10) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<?x64x112x112xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<?x64x112x112xf32>
// GENERIC: %33 = "llh.layer_norm"(%arg11, %arg12, %arg12) <{axis = -1 : i64, epsilon = 1.000000e-05 : f64}> : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
// GENERIC: "llh.print"(%arg11) <{prefix_description = "a"}> : (tensor<?x4xf32>) -> ()
// GENERIC: "llh.print"(%arg13) : (i64) -> ()
// GENERIC: %0 = "llh.conv"(%arg0, %arg1) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FHWC>}> : (tensor<2x224x224x3xf32>, tensor<64x7x7x3xf32>) -> tensor<2x112x112x64xf32>
// GENERIC: %1 = "llh.conv"(%arg0, %arg2) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<HWCF>}> : (tensor<2x224x224x3xf32>, tensor<7x7x3x64xf32>) -> tensor<2x218x218x64xf32>
// GENERIC: %2 = "llh.conv"(%arg3, %arg4) <{dilation = array<i64: 2, 2>, group = 4 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 2, 2, 2, 2>, stride = array<i64: 1, 1>}> : (tensor<1x8x32x32xf32>, tensor<16x2x3x3xf32>) -> tensor<1x16x32x32xf32>
// GENERIC: %3 = "llh.conv"(%arg5, %arg6) <{dilation = array<i64: 1>, kernel_shape = array<i64: 5>, layout = #llh.Layout<NCW>, pad = array<i64: 2, 2>, stride = array<i64: 3>, weight_layout = #llh.Layout<FCW>}> : (tensor<4x16x100xf32>, tensor<32x16x5xf32>) -> tensor<4x32x34xf32>
// GENERIC: %4 = "llh.max_pool"(%arg3) <{ceil_mode = true, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x8x32x32xf32>) -> tensor<1x8x16x16xf32>
// GENERIC: %5 = "llh.max_pool"(%arg0) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<2x224x224x3xf32>) -> tensor<2x112x112x3xf32>
// GENERIC: %6 = "llh.relu"(%arg7) : (tensor<*xf32>) -> tensor<?x?xf32>
// GENERIC: %7 = "llh.add"(%arg7, %arg7) : (tensor<*xf32>, tensor<*xf32>) -> tensor<3x4xf32>

func.func @compute(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>, %bias: tensor<64xf32>, %a: tensor<?x4xf32>, %b: tensor<4xf32>, %i: i64, %f: f32, %m: tensor<?x512xf32>, %n: tensor<512x10xf32>, %bm: tensor<12x?x512xf32>, %bn: tensor<12x512x10xf32>, %c: tensor<?x4xi1>) {
  %0 = "llh.relu"(%x) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
  %1 = "llh.abs"(%x) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
  %2 = "llh.drop"(%x) <{p = 5.000000e-01 : f64}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
  %3 = "llh.sqrt"(%i) : (i64) -> i64
  %4 = "llh.exp"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %5 = "llh.rsqrt"(%f) : (f32) -> f32
  %6 = "llh.add"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %7 = "llh.sub"(%i, %i) <{symbol = @s3}> : (i64, i64) -> i64
  %8 = "llh.mul"(%f, %f) : (f32, f32) -> f32
  %9 = "llh.div"(%a, %a) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<*xf32>
  %10 = "llh.max"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %11 = "llh.min"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %12 = "llh.pow"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %13 = "llh.compare"(%a, %b) <{kind = #llh.Compare<GE>}> : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xi1>
  %14 = "llh.where"(%c, %a, %b) : (tensor<?x4xi1>, tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %15 = "llh.reduce_max"(%x) <{axis = array<i64: 1, 2>}> : (tensor<?x3x224x224xf32>) -> tensor<?x224xf32>
  %16 = "llh.reduce_min"(%x) <{axis = array<i64: -1>}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x224xf32>
  %17 = "llh.reduce_sum"(%a) <{axis = array<i64: 0, 1>}> : (tensor<?x4xf32>) -> tensor<f32>
  %18 = "llh.adaptive_average_pool"(%x) <{out_size = array<i64: 1, 1>}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x1x1xf32>
  %19 = "llh.matmul"(%m, %n) : (tensor<?x512xf32>, tensor<512x10xf32>) -> tensor<?x10xf32>
  %20 = "llh.batch_matmul"(%bm, %bn) : (tensor<12x?x512xf32>, tensor<12x512x10xf32>) -> tensor<12x?x10xf32>
  %21 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NCHW>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FCHW>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<?x64x112x112xf32>
  %22 = "llh.conv_bias"(%x, %w, %bias) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<?x64x?x?xf32>
  %23 = "llh.max_pool"(%21) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xf32>
  %24 = "llh.batch_norm"(%21, %bias, %bias, %bias, %bias) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<?x64x112x112xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<?x64x112x112xf32>
  %25 = "llh.layer_norm"(%a, %b, %b) <{axis = -1 : i64, epsilon = 1.000000e-05 : f64}> : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  "llh.print"(%a) <{prefix_description = "a"}> : (tensor<?x4xf32>) -> ()
  "llh.print"(%i) : (i64) -> ()
  return
}

// Layouts, groups, 1-D windows and ceil_mode: the static sizes the verifier checks.
func.func @windows(%x: tensor<2x224x224x3xf32>, %w: tensor<64x7x7x3xf32>, %wh: tensor<7x7x3x64xf32>, %g: tensor<1x8x32x32xf32>, %gw: tensor<16x2x3x3xf32>, %x1: tensor<4x16x100xf32>, %w1: tensor<32x16x5xf32>, %u: tensor<*xf32>) {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FHWC>}> : (tensor<2x224x224x3xf32>, tensor<64x7x7x3xf32>) -> tensor<2x112x112x64xf32>
  %1 = "llh.conv"(%x, %wh) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<HWCF>}> : (tensor<2x224x224x3xf32>, tensor<7x7x3x64xf32>) -> tensor<2x218x218x64xf32>
  %2 = "llh.conv"(%g, %gw) <{dilation = array<i64: 2, 2>, group = 4 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 2, 2, 2, 2>, stride = array<i64: 1, 1>}> : (tensor<1x8x32x32xf32>, tensor<16x2x3x3xf32>) -> tensor<1x16x32x32xf32>
  %3 = "llh.conv"(%x1, %w1) <{dilation = array<i64: 1>, kernel_shape = array<i64: 5>, layout = #llh.Layout<NCW>, pad = array<i64: 2, 2>, stride = array<i64: 3>, weight_layout = #llh.Layout<FCW>}> : (tensor<4x16x100xf32>, tensor<32x16x5xf32>) -> tensor<4x32x34xf32>
  %4 = "llh.max_pool"(%g) <{ceil_mode = true, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x8x32x32xf32>) -> tensor<1x8x16x16xf32>
  %5 = "llh.max_pool"(%x) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<2x224x224x3xf32>) -> tensor<2x112x112x3xf32>
  %6 = "llh.relu"(%u) : (tensor<*xf32>) -> tensor<?x?xf32>
  %7 = "llh.add"(%u, %u) : (tensor<*xf32>, tensor<*xf32>) -> tensor<3x4xf32>
  return
}
