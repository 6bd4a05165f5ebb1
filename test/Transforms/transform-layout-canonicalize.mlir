// RUN: llh-opt %s --infer-symbolic-shape --transform-layout --canonicalize | filecheck %s

// After --transform-layout, the transposes between consecutive converted ops compose to the
// identity and cancel under --canonicalize (TransposeOfTranspose): the NHWC conv feeds the NHWC
// max_pool, which feeds the NHWC conv_bias; one transpose remains on the way in per operand and
// one on the way out.
func.func @chain(%x: tensor<?x3x?x?xf32>, %w: tensor<4x3x3x3xf32>, %w2: tensor<8x4x1x1xf32>, %b: tensor<8xf32>) -> tensor<*xf32> attributes {entrance} {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x3x?x?xf32>, tensor<4x3x3x3xf32>) -> tensor<*xf32>
  %1 = "llh.max_pool"(%0) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<*xf32>) -> tensor<*xf32>
  %2 = "llh.conv_bias"(%1, %w2, %b) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 1, 1>, layout = #llh.Layout<NCHW>, weight_layout = #llh.Layout<FCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<*xf32>, tensor<8x4x1x1xf32>, tensor<8xf32>) -> tensor<*xf32>
  return %2 : tensor<*xf32>
}

// CHECK-LABEL: func.func @chain(
//       CHECK:   %[[X:.*]] = "llh.transpose"(%arg0) <{perms = array<i64: 0, 2, 3, 1>}>
//       CHECK:   %[[W:.*]] = "llh.transpose"(%arg1) <{perms = array<i64: 0, 2, 3, 1>}>
//       CHECK:   %[[C:.*]] = "llh.conv"(%[[X]], %[[W]]) {{.*}}layout = #llh.Layout<NHWC>{{.*}}weight_layout = #llh.Layout<FHWC>
//       CHECK:   %[[P:.*]] = "llh.max_pool"(%[[C]]) {{.*}}layout = #llh.Layout<NHWC>
//       CHECK:   %[[W2:.*]] = "llh.transpose"(%arg2) <{perms = array<i64: 0, 2, 3, 1>}>
//       CHECK:   %[[CB:.*]] = "llh.conv_bias"(%[[P]], %[[W2]], %arg3) {{.*}}layout = #llh.Layout<NHWC>{{.*}}weight_layout = #llh.Layout<FHWC>
//       CHECK:   %[[OUT:.*]] = "llh.transpose"(%[[CB]]) <{perms = array<i64: 0, 3, 1, 2>}>
//       CHECK:   return %[[OUT]] : tensor<?x8x?x?xf32, #llh.encoding<shapes = @s0, @c8, @{{s[0-9]+}}, @{{s[0-9]+}}>>
