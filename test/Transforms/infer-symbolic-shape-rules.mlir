// RUN: llh-opt %s -split-input-file --infer-symbolic-shape | filecheck %s
// Idempotence: a second run over the annotated output changes nothing.
// RUN: llh-opt %s -split-input-file --infer-symbolic-shape > %t.1.mlir
// RUN: llh-opt %t.1.mlir -split-input-file --infer-symbolic-shape > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// The shape rule of every LLH op through --infer-symbolic-shape, static and dynamic inputs
// (spec §4.5 as corrected by D1/D2): conv/pool in NCHW and NHWC, 1-D/2-D/3-D, ceil_mode, grouped
// convs, broadcasting of different ranks, shape-from-operands ops, scalar symbols (§4.6).

// Unary ops (relu, abs, drop, sqrt, exp, rsqrt, convert_to) keep the input's dims; `*`
// results become ranked; element types are the declared ones.
func.func @unary(%x: tensor<?x3x?xf32>, %y: tensor<2x3xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<?x3x?xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xi32>) attributes {entrance} {
  %0 = "llh.relu"(%x) : (tensor<?x3x?xf32>) -> tensor<*xf32>
  %1 = "llh.abs"(%0) : (tensor<*xf32>) -> tensor<*xf32>
  %2 = "llh.drop"(%x) <{p = 5.000000e-01 : f64}> : (tensor<?x3x?xf32>) -> tensor<?x3x?xf32>
  %3 = "llh.sqrt"(%y) : (tensor<2x3xf32>) -> tensor<*xf32>
  %4 = "llh.exp"(%3) : (tensor<*xf32>) -> tensor<*xf32>
  %5 = "llh.rsqrt"(%4) : (tensor<*xf32>) -> tensor<*xf32>
  %6 = "llh.convert_to"(%x) : (tensor<?x3x?xf32>) -> tensor<*xi32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<*xf32>, tensor<*xf32>, tensor<?x3x?xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xi32>
}

// CHECK-LABEL: func.func @unary(%arg0: tensor<?x3x?xf32, #llh.encoding<shapes = @s0, @c3, @s1>>, %arg1: tensor<2x3xf32, #llh.encoding<shapes = @c2, @c3>>) -> (tensor<?x3x?xf32, #llh.encoding<shapes = @s0, @c3, @s1>>, tensor<?x3x?xf32, #llh.encoding<shapes = @s0, @c3, @s1>>, tensor<?x3x?xf32, #llh.encoding<shapes = @s0, @c3, @s1>>, tensor<2x3xf32, #llh.encoding<shapes = @c2, @c3>>, tensor<2x3xf32, #llh.encoding<shapes = @c2, @c3>>, tensor<2x3xf32, #llh.encoding<shapes = @c2, @c3>>, tensor<?x3x?xi32, #llh.encoding<shapes = @s0, @c3, @s1>>) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.relu"{{.*}} -> tensor<?x3x?xf32, #llh.encoding<shapes = @s0, @c3, @s1>>
// CHECK-NEXT: %1 = "llh.abs"{{.*}} -> tensor<?x3x?xf32, #llh.encoding<shapes = @s0, @c3, @s1>>
// CHECK-NEXT: %2 = "llh.drop"{{.*}} -> tensor<?x3x?xf32, #llh.encoding<shapes = @s0, @c3, @s1>>
// CHECK-NEXT: %3 = "llh.sqrt"{{.*}} -> tensor<2x3xf32, #llh.encoding<shapes = @c2, @c3>>
// CHECK-NEXT: %4 = "llh.exp"{{.*}} -> tensor<2x3xf32, #llh.encoding<shapes = @c2, @c3>>
// CHECK-NEXT: %5 = "llh.rsqrt"{{.*}} -> tensor<2x3xf32, #llh.encoding<shapes = @c2, @c3>>
// CHECK-NEXT: %6 = "llh.convert_to"{{.*}} -> tensor<?x3x?xi32, #llh.encoding<shapes = @s0, @c3, @s1>>
// CHECK-NEXT: return %0, %1, %2, %3, %4, %5, %6 : tensor<?x3x?xf32, #llh.encoding<shapes = @s0, @c3, @s1>>, tensor<?x3x?xf32, #llh.encoding<shapes = @s0, @c3, @s1>>, tensor<?x3x?xf32, #llh.encoding<shapes = @s0, @c3, @s1>>, tensor<2x3xf32, #llh.encoding<shapes = @c2, @c3>>, tensor<2x3xf32, #llh.encoding<shapes = @c2, @c3>>, tensor<2x3xf32, #llh.encoding<shapes = @c2, @c3>>, tensor<?x3x?xi32, #llh.encoding<shapes = @s0, @c3, @s1>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: }

// -----

// Same-rank broadcasting: two free sizes are equated (s2 -> s0 after the symbol phase);
// a static size beats a dynamic one and records `s EQ c4` (D1); a static 1 gives way.
func.func @binary_same_rank(%a: tensor<?x?xf32>, %b: tensor<?x4xf32>, %c: tensor<1x?xf32>) -> (tensor<*xf32>, tensor<*xf32>) attributes {entrance} {
  %0 = "llh.sub"(%a, %b) : (tensor<?x?xf32>, tensor<?x4xf32>) -> tensor<*xf32>
  %1 = "llh.max"(%0, %c) : (tensor<*xf32>, tensor<1x?xf32>) -> tensor<*xf32>
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

// CHECK-LABEL: func.func @binary_same_rank(%arg0: tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>, %arg1: tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>, %arg2: tensor<1x?xf32, #llh.encoding<shapes = @c1, @s1>>) -> (tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>, tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.sub"{{.*}} -> tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
// CHECK-NEXT: %1 = "llh.max"{{.*}} -> tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
// CHECK-NEXT: return %0, %1 : tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>, tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_relation"() <{relation = @c4, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s1}> : () -> ()
// CHECK-NEXT: }

// -----

// Broadcasting of different ranks, aligned at the trailing end (numpy), both ways round:
// `?x1x3 * 4x1 -> ?x4x3`; `3 / ?x4x3`; `?x?x1 min 3 -> ?x?x3`.
func.func @binary_ranks(%a: tensor<?x1x3xf32>, %b: tensor<4x1xf32>, %c: tensor<3xf32>, %d: tensor<?x?x1xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) attributes {entrance} {
  %0 = "llh.mul"(%a, %b) : (tensor<?x1x3xf32>, tensor<4x1xf32>) -> tensor<*xf32>
  %1 = "llh.div"(%c, %0) : (tensor<3xf32>, tensor<*xf32>) -> tensor<*xf32>
  %2 = "llh.min"(%d, %c) : (tensor<?x?x1xf32>, tensor<3xf32>) -> tensor<*xf32>
  return %0, %1, %2 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// CHECK-LABEL: func.func @binary_ranks(%arg0: tensor<?x1x3xf32, #llh.encoding<shapes = @s0, @c1, @c3>>, %arg1: tensor<4x1xf32, #llh.encoding<shapes = @c4, @c1>>, %arg2: tensor<3xf32, #llh.encoding<shapes = @c3>>, %arg3: tensor<?x?x1xf32, #llh.encoding<shapes = @s1, @s2, @c1>>) -> (tensor<?x4x3xf32, #llh.encoding<shapes = @s0, @c4, @c3>>, tensor<?x4x3xf32, #llh.encoding<shapes = @s0, @c4, @c3>>, tensor<?x?x3xf32, #llh.encoding<shapes = @s1, @s2, @c3>>) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.mul"{{.*}} -> tensor<?x4x3xf32, #llh.encoding<shapes = @s0, @c4, @c3>>
// CHECK-NEXT: %1 = "llh.div"{{.*}} -> tensor<?x4x3xf32, #llh.encoding<shapes = @s0, @c4, @c3>>
// CHECK-NEXT: %2 = "llh.min"{{.*}} -> tensor<?x?x3xf32, #llh.encoding<shapes = @s1, @s2, @c3>>
// CHECK-NEXT: return %0, %1, %2 : tensor<?x4x3xf32, #llh.encoding<shapes = @s0, @c4, @c3>>, tensor<?x4x3xf32, #llh.encoding<shapes = @s0, @c4, @c3>>, tensor<?x?x3xf32, #llh.encoding<shapes = @s1, @s2, @c3>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: }

// -----

// compare (i1 result) and where broadcast their operands.
func.func @compare_where(%a: tensor<?x4xf32>, %b: tensor<4xf32>) -> (tensor<*xi1>, tensor<*xf32>) attributes {entrance} {
  %0 = "llh.compare"(%a, %b) <{kind = #llh.Compare<GE>}> : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<*xi1>
  %1 = "llh.where"(%0, %a, %b) : (tensor<*xi1>, tensor<?x4xf32>, tensor<4xf32>) -> tensor<*xf32>
  return %0, %1 : tensor<*xi1>, tensor<*xf32>
}

// CHECK-LABEL: func.func @compare_where(%arg0: tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>, %arg1: tensor<4xf32, #llh.encoding<shapes = @c4>>) -> (tensor<?x4xi1, #llh.encoding<shapes = @s0, @c4>>, tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.compare"{{.*}} -> tensor<?x4xi1, #llh.encoding<shapes = @s0, @c4>>
// CHECK-NEXT: %1 = "llh.where"{{.*}} -> tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
// CHECK-NEXT: return %0, %1 : tensor<?x4xi1, #llh.encoding<shapes = @s0, @c4>>, tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: }

// -----

// matmul: K equated (s2 -> s1); batch_matmul: the batch sizes and K equated, a static batch
// size wins.
func.func @matmuls(%a: tensor<?x?xf32>, %b: tensor<?x7xf32>, %x: tensor<?x?x5xf32>, %y: tensor<3x5x?xf32>) -> (tensor<*xf32>, tensor<*xf32>) attributes {entrance} {
  %0 = "llh.matmul"(%a, %b) : (tensor<?x?xf32>, tensor<?x7xf32>) -> tensor<*xf32>
  %1 = "llh.batch_matmul"(%x, %y) : (tensor<?x?x5xf32>, tensor<3x5x?xf32>) -> tensor<*xf32>
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

// CHECK-LABEL: func.func @matmuls(%arg0: tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>, %arg1: tensor<?x7xf32, #llh.encoding<shapes = @s1, @c7>>, %arg2: tensor<?x?x5xf32, #llh.encoding<shapes = @s3, @s4, @c5>>, %arg3: tensor<3x5x?xf32, #llh.encoding<shapes = @c3, @c5, @s5>>) -> (tensor<?x7xf32, #llh.encoding<shapes = @s0, @c7>>, tensor<3x?x?xf32, #llh.encoding<shapes = @c3, @s4, @s5>>) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.matmul"{{.*}} -> tensor<?x7xf32, #llh.encoding<shapes = @s0, @c7>>
// CHECK-NEXT: %1 = "llh.batch_matmul"{{.*}} -> tensor<3x?x?xf32, #llh.encoding<shapes = @c3, @s4, @s5>>
// CHECK-NEXT: return %0, %1 : tensor<?x7xf32, #llh.encoding<shapes = @s0, @c7>>, tensor<3x?x?xf32, #llh.encoding<shapes = @c3, @s4, @s5>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_relation"() <{relation = @c3, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s3}> : () -> ()
// CHECK-NEXT: }

// -----

// Spec §4.5 worked numbers (conv_static): 2x3x224x224, kernel 7x7, dilation [2,3], pad
// [3,2,3,2], stride [2,1] -> 2x64x109x210.
func.func @conv_static(%x: tensor<2x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) -> tensor<*xf32> attributes {entrance} {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 2, 3>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NCHW>, pad = array<i64: 3, 2, 3, 2>, stride = array<i64: 2, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<2x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// CHECK-LABEL: func.func @conv_static(%arg0: tensor<2x3x224x224xf32, #llh.encoding<shapes = @c2, @c3, @c224, @c224>>, %arg1: tensor<64x3x7x7xf32, #llh.encoding<shapes = @c64, @c3, @c7, @c7>>) -> tensor<2x64x109x210xf32, #llh.encoding<shapes = @c2, @c64, @c109, @c210>> attributes {entrance} {
// CHECK-NEXT: %0 = "llh.conv"{{.*}} -> tensor<2x64x109x210xf32, #llh.encoding<shapes = @c2, @c64, @c109, @c210>>
// CHECK-NEXT: return %0 : tensor<2x64x109x210xf32, #llh.encoding<shapes = @c2, @c64, @c109, @c210>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: }

// -----

// NCHW, dynamic spatial sizes: each output size is a derived symbol with its definition
// (`floor((s + 1)/2)` for 7x7/2 pad 3, D2).
func.func @conv_nchw(%x: tensor<?x3x?x?xf32>, %w: tensor<64x3x7x7xf32>) -> tensor<*xf32> attributes {entrance} {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NCHW>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FCHW>}> : (tensor<?x3x?x?xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// CHECK-LABEL: func.func @conv_nchw(%arg0: tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s1, @s2>>, %arg1: tensor<64x3x7x7xf32, #llh.encoding<shapes = @c64, @c3, @c7, @c7>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s3, @s4>> attributes {entrance} {
// CHECK-NEXT: %0 = "llh.conv"{{.*}} -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s3, @s4>>
// CHECK-NEXT: return %0 : tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s3, @s4>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s2 + 1)/2)", relation = #map, relations = [@s2], symbol = @s4}> : () -> ()
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s1 + 1)/2)", relation = #map, relations = [@s1], symbol = @s3}> : () -> ()
// CHECK-NEXT: }

// -----

// NHWC: spatial sizes at positions 1 and 2, features last (D1).
func.func @conv_nhwc(%x: tensor<?x?x?x8xf32>, %w: tensor<16x3x3x8xf32>) -> tensor<*xf32> attributes {entrance} {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FHWC>}> : (tensor<?x?x?x8xf32>, tensor<16x3x3x8xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// CHECK-LABEL: func.func @conv_nhwc(%arg0: tensor<?x?x?x8xf32, #llh.encoding<shapes = @s0, @s1, @s2, @c8>>, %arg1: tensor<16x3x3x8xf32, #llh.encoding<shapes = @c16, @c3, @c3, @c8>>) -> tensor<?x?x?x16xf32, #llh.encoding<shapes = @s0, @s3, @s4, @c16>> attributes {entrance} {
// CHECK-NEXT: %0 = "llh.conv"{{.*}} -> tensor<?x?x?x16xf32, #llh.encoding<shapes = @s0, @s3, @s4, @c16>>
// CHECK-NEXT: return %0 : tensor<?x?x?x16xf32, #llh.encoding<shapes = @s0, @s3, @s4, @c16>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s2 + 1)/2)", relation = #map, relations = [@s2], symbol = @s4}> : () -> ()
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s1 + 1)/2)", relation = #map, relations = [@s1], symbol = @s3}> : () -> ()
// CHECK-NEXT: }

// -----

// NHWC, static: 224 -> 112.
func.func @conv_nhwc_static(%x: tensor<1x224x224x3xf32>, %w: tensor<64x7x7x3xf32>) -> tensor<*xf32> attributes {entrance} {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FHWC>}> : (tensor<1x224x224x3xf32>, tensor<64x7x7x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// CHECK-LABEL: func.func @conv_nhwc_static(%arg0: tensor<1x224x224x3xf32, #llh.encoding<shapes = @c1, @c224, @c224, @c3>>, %arg1: tensor<64x7x7x3xf32, #llh.encoding<shapes = @c64, @c7, @c7, @c3>>) -> tensor<1x112x112x64xf32, #llh.encoding<shapes = @c1, @c112, @c112, @c64>> attributes {entrance} {
// CHECK-NEXT: %0 = "llh.conv"{{.*}} -> tensor<1x112x112x64xf32, #llh.encoding<shapes = @c1, @c112, @c112, @c64>>
// CHECK-NEXT: return %0 : tensor<1x112x112x64xf32, #llh.encoding<shapes = @c1, @c112, @c112, @c64>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: }

// -----

// 1-D conv, NCW and NWC layouts (dilation 2, kernel 5, stride 3, pad [0, 1]):
// floor((W + 1 - 9)/3) + 1.
func.func @conv_1d(%x: tensor<2x4x?xf32>, %w: tensor<6x4x5xf32>, %y: tensor<2x?x4xf32>, %v: tensor<5x4x6xf32>) -> (tensor<*xf32>, tensor<*xf32>) attributes {entrance} {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 2>, group = 1 : i64, kernel_shape = array<i64: 5>, layout = #llh.Layout<NCW>, pad = array<i64: 0, 1>, stride = array<i64: 3>, weight_layout = #llh.Layout<FCW>}> : (tensor<2x4x?xf32>, tensor<6x4x5xf32>) -> tensor<*xf32>
  %1 = "llh.conv"(%y, %v) <{dilation = array<i64: 2>, group = 1 : i64, kernel_shape = array<i64: 5>, layout = #llh.Layout<NWC>, pad = array<i64: 0, 1>, stride = array<i64: 3>, weight_layout = #llh.Layout<WCF>}> : (tensor<2x?x4xf32>, tensor<5x4x6xf32>) -> tensor<*xf32>
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

// CHECK-LABEL: func.func @conv_1d(%arg0: tensor<2x4x?xf32, #llh.encoding<shapes = @c2, @c4, @s0>>, %arg1: tensor<6x4x5xf32, #llh.encoding<shapes = @c6, @c4, @c5>>, %arg2: tensor<2x?x4xf32, #llh.encoding<shapes = @c2, @s1, @c4>>, %arg3: tensor<5x4x6xf32, #llh.encoding<shapes = @c5, @c4, @c6>>) -> (tensor<2x6x?xf32, #llh.encoding<shapes = @c2, @c6, @s2>>, tensor<2x?x6xf32, #llh.encoding<shapes = @c2, @s3, @c6>>) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.conv"{{.*}} -> tensor<2x6x?xf32, #llh.encoding<shapes = @c2, @c6, @s2>>
// CHECK-NEXT: %1 = "llh.conv"{{.*}} -> tensor<2x?x6xf32, #llh.encoding<shapes = @c2, @s3, @c6>>
// CHECK-NEXT: return %0, %1 : tensor<2x6x?xf32, #llh.encoding<shapes = @c2, @c6, @s2>>, tensor<2x?x6xf32, #llh.encoding<shapes = @c2, @s3, @c6>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s1 + 1)/3) - 2", relation = #map, relations = [@s1], symbol = @s3}> : () -> ()
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s0 + 1)/3) - 2", relation = #map, relations = [@s0], symbol = @s2}> : () -> ()
// CHECK-NEXT: }

// -----

// 3-D grouped conv: C_in 4 == group 2 * weight channels 2; depth keeps its symbol (3/1/1),
// height 10 -> 5, width -> floor((s + 1)/2).
func.func @conv_3d_grouped(%x: tensor<1x4x?x10x?xf32>, %w: tensor<8x2x3x3x3xf32>) -> tensor<*xf32> attributes {entrance} {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1, 1>, group = 2 : i64, kernel_shape = array<i64: 3, 3, 3>, pad = array<i64: 1, 1, 1, 1, 1, 1>, stride = array<i64: 1, 2, 2>}> : (tensor<1x4x?x10x?xf32>, tensor<8x2x3x3x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// CHECK-LABEL: func.func @conv_3d_grouped(%arg0: tensor<1x4x?x10x?xf32, #llh.encoding<shapes = @c1, @c4, @s0, @c10, @s1>>, %arg1: tensor<8x2x3x3x3xf32, #llh.encoding<shapes = @c8, @c2, @c3, @c3, @c3>>) -> tensor<1x8x?x5x?xf32, #llh.encoding<shapes = @c1, @c8, @s0, @c5, @s2>> attributes {entrance} {
// CHECK-NEXT: %0 = "llh.conv"{{.*}} -> tensor<1x8x?x5x?xf32, #llh.encoding<shapes = @c1, @c8, @s0, @c5, @s2>>
// CHECK-NEXT: return %0 : tensor<1x8x?x5x?xf32, #llh.encoding<shapes = @c1, @c8, @s0, @c5, @s2>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s1 + 1)/2)", relation = #map, relations = [@s1], symbol = @s2}> : () -> ()
// CHECK-NEXT: }

// -----

// conv_bias with group 8 and a dynamic input channel count: C_in == 8 * 4 is recorded
// (`s1 EQ c32`), features from the weight and bias.
func.func @conv_grouped_dynamic(%x: tensor<?x?x?x?xf32>, %w: tensor<32x4x3x3xf32>, %b: tensor<32xf32>) -> tensor<*xf32> attributes {entrance} {
  %0 = "llh.conv_bias"(%x, %w, %b) <{dilation = array<i64: 1, 1>, group = 8 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<?x?x?x?xf32>, tensor<32x4x3x3xf32>, tensor<32xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// CHECK-LABEL: func.func @conv_grouped_dynamic(%arg0: tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>, %arg1: tensor<32x4x3x3xf32, #llh.encoding<shapes = @c32, @c4, @c3, @c3>>, %arg2: tensor<32xf32, #llh.encoding<shapes = @c32>>) -> tensor<?x32x?x?xf32, #llh.encoding<shapes = @s0, @c32, @s2, @s3>> attributes {entrance} {
// CHECK-NEXT: %0 = "llh.conv_bias"{{.*}} -> tensor<?x32x?x?xf32, #llh.encoding<shapes = @s0, @c32, @s2, @s3>>
// CHECK-NEXT: return %0 : tensor<?x32x?x?xf32, #llh.encoding<shapes = @s0, @c32, @s2, @s3>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_relation"() <{relation = @c32, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s1}> : () -> ()
// CHECK-NEXT: }

// -----

// Spec §4.5 worked numbers (max_pool_static): 2x64x9x17, kernel 7x7, dilation [2,1],
// pad [3,1,3,1], stride [2,2] -> 2x64x2x7.
func.func @pool_static(%x: tensor<2x64x9x17xf32>) -> tensor<*xf32> attributes {entrance} {
  %0 = "llh.max_pool"(%x) <{ceil_mode = false, dilation = array<i64: 2, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NCHW>, pad = array<i64: 3, 1, 3, 1>, stride = array<i64: 2, 2>}> : (tensor<2x64x9x17xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// CHECK-LABEL: func.func @pool_static(%arg0: tensor<2x64x9x17xf32, #llh.encoding<shapes = @c2, @c64, @c9, @c17>>) -> tensor<2x64x2x7xf32, #llh.encoding<shapes = @c2, @c64, @c2, @c7>> attributes {entrance} {
// CHECK-NEXT: %0 = "llh.max_pool"{{.*}} -> tensor<2x64x2x7xf32, #llh.encoding<shapes = @c2, @c64, @c2, @c7>>
// CHECK-NEXT: return %0 : tensor<2x64x2x7xf32, #llh.encoding<shapes = @c2, @c64, @c2, @c7>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: }

// -----

// max_pool NCHW and NHWC with dynamic sizes.
func.func @pool_dynamic(%x: tensor<?x64x?x?xf32>, %y: tensor<?x?x?x64xf32>) -> (tensor<*xf32>, tensor<*xf32>) attributes {entrance} {
  %0 = "llh.max_pool"(%x) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x64x?x?xf32>) -> tensor<*xf32>
  %1 = "llh.max_pool"(%y) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x?x?x64xf32>) -> tensor<*xf32>
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

// CHECK-LABEL: func.func @pool_dynamic(%arg0: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, %arg1: tensor<?x?x?x64xf32, #llh.encoding<shapes = @s3, @s4, @s5, @c64>>) -> (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s6, @s7>>, tensor<?x?x?x64xf32, #llh.encoding<shapes = @s3, @s8, @s9, @c64>>) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.max_pool"{{.*}} -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s6, @s7>>
// CHECK-NEXT: %1 = "llh.max_pool"{{.*}} -> tensor<?x?x?x64xf32, #llh.encoding<shapes = @s3, @s8, @s9, @c64>>
// CHECK-NEXT: return %0, %1 : tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s6, @s7>>, tensor<?x?x?x64xf32, #llh.encoding<shapes = @s3, @s8, @s9, @c64>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s5 + 1)/2)", relation = #map, relations = [@s5], symbol = @s9}> : () -> ()
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s4 + 1)/2)", relation = #map, relations = [@s4], symbol = @s8}> : () -> ()
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s2 + 1)/2)", relation = #map, relations = [@s2], symbol = @s7}> : () -> ()
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s1 + 1)/2)", relation = #map, relations = [@s1], symbol = @s6}> : () -> ()
// CHECK-NEXT: }

// -----

// ceil_mode (PyTorch): 2x2/2 over 9 gives 5 (ceil) vs 4 (floor), `floor((H + 1)/2)` vs
// `floor(H/2)`; 1-D ceil with padding (the last window must start inside the input:
// `floor(W/2) + 1`); 3-D ceil.
func.func @pool_ceil(%x: tensor<1x3x?x9xf32>, %y: tensor<1x3x?xf32>, %z: tensor<1x2x?x5x6xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) attributes {entrance} {
  %0 = "llh.max_pool"(%x) <{ceil_mode = true, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x3x?x9xf32>) -> tensor<*xf32>
  %1 = "llh.max_pool"(%x) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x3x?x9xf32>) -> tensor<*xf32>
  %2 = "llh.max_pool"(%y) <{ceil_mode = true, dilation = array<i64: 1>, kernel_shape = array<i64: 3>, layout = #llh.Layout<NCW>, pad = array<i64: 1, 1>, stride = array<i64: 2>}> : (tensor<1x3x?xf32>) -> tensor<*xf32>
  %3 = "llh.max_pool"(%z) <{ceil_mode = true, dilation = array<i64: 1, 1, 1>, kernel_shape = array<i64: 2, 2, 2>, pad = array<i64: 0, 0, 0, 0, 0, 0>, stride = array<i64: 2, 2, 2>}> : (tensor<1x2x?x5x6xf32>) -> tensor<*xf32>
  return %0, %1, %2, %3 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// CHECK-LABEL: func.func @pool_ceil(%arg0: tensor<1x3x?x9xf32, #llh.encoding<shapes = @c1, @c3, @s0, @c9>>, %arg1: tensor<1x3x?xf32, #llh.encoding<shapes = @c1, @c3, @s1>>, %arg2: tensor<1x2x?x5x6xf32, #llh.encoding<shapes = @c1, @c2, @s2, @c5, @c6>>) -> (tensor<1x3x?x5xf32, #llh.encoding<shapes = @c1, @c3, @s3, @c5>>, tensor<1x3x?x4xf32, #llh.encoding<shapes = @c1, @c3, @s4, @c4>>, tensor<1x3x?xf32, #llh.encoding<shapes = @c1, @c3, @s5>>, tensor<1x2x?x3x3xf32, #llh.encoding<shapes = @c1, @c2, @s6, @c3, @c3>>) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.max_pool"{{.*}} -> tensor<1x3x?x5xf32, #llh.encoding<shapes = @c1, @c3, @s3, @c5>>
// CHECK-NEXT: %1 = "llh.max_pool"{{.*}} -> tensor<1x3x?x4xf32, #llh.encoding<shapes = @c1, @c3, @s4, @c4>>
// CHECK-NEXT: %2 = "llh.max_pool"{{.*}} -> tensor<1x3x?xf32, #llh.encoding<shapes = @c1, @c3, @s5>>
// CHECK-NEXT: %3 = "llh.max_pool"{{.*}} -> tensor<1x2x?x3x3xf32, #llh.encoding<shapes = @c1, @c2, @s6, @c3, @c3>>
// CHECK-NEXT: return %0, %1, %2, %3 : tensor<1x3x?x5xf32, #llh.encoding<shapes = @c1, @c3, @s3, @c5>>, tensor<1x3x?x4xf32, #llh.encoding<shapes = @c1, @c3, @s4, @c4>>, tensor<1x3x?xf32, #llh.encoding<shapes = @c1, @c3, @s5>>, tensor<1x2x?x3x3xf32, #llh.encoding<shapes = @c1, @c2, @s6, @c3, @c3>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s2 + 1)/2)", relation = #map, relations = [@s2], symbol = @s6}> : () -> ()
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor(s1/2) + 1", relation = #map1, relations = [@s1], symbol = @s5}> : () -> ()
// CHECK-NEXT: "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<FloorDiv>, relations_lhs = @s0, relations_rhs = @c2, symbol = @s4}> : () -> ()
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s0 + 1)/2)", relation = #map, relations = [@s0], symbol = @s3}> : () -> ()
// CHECK-NEXT: }

// -----

// batch_norm and layer_norm keep the input's dims (parameters equated with the features);
// adaptive_average_pool keeps the leading dims and takes `out_size`.
func.func @norms_pools(%x: tensor<?x3x?x?xf32>, %s: tensor<3xf32>, %a: tensor<?x?x8xf32>, %g: tensor<8xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) attributes {entrance} {
  %0 = "llh.batch_norm"(%x, %s, %s, %s, %s) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<?x3x?x?xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<*xf32>
  %1 = "llh.adaptive_average_pool"(%x) <{out_size = array<i64: 1, 1>}> : (tensor<?x3x?x?xf32>) -> tensor<*xf32>
  %2 = "llh.layer_norm"(%a, %g, %g) <{axis = -1 : i64, epsilon = 1.000000e-05 : f64}> : (tensor<?x?x8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<*xf32>
  return %0, %1, %2 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// CHECK-LABEL: func.func @norms_pools(%arg0: tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s1, @s2>>, %arg1: tensor<3xf32, #llh.encoding<shapes = @c3>>, %arg2: tensor<?x?x8xf32, #llh.encoding<shapes = @s3, @s4, @c8>>, %arg3: tensor<8xf32, #llh.encoding<shapes = @c8>>) -> (tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s1, @s2>>, tensor<?x3x1x1xf32, #llh.encoding<shapes = @s0, @c3, @c1, @c1>>, tensor<?x?x8xf32, #llh.encoding<shapes = @s3, @s4, @c8>>) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.batch_norm"{{.*}} -> tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s1, @s2>>
// CHECK-NEXT: %1 = "llh.adaptive_average_pool"{{.*}} -> tensor<?x3x1x1xf32, #llh.encoding<shapes = @s0, @c3, @c1, @c1>>
// CHECK-NEXT: %2 = "llh.layer_norm"{{.*}} -> tensor<?x?x8xf32, #llh.encoding<shapes = @s3, @s4, @c8>>
// CHECK-NEXT: return %0, %1, %2 : tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s1, @s2>>, tensor<?x3x1x1xf32, #llh.encoding<shapes = @s0, @c3, @c1, @c1>>, tensor<?x?x8xf32, #llh.encoding<shapes = @s3, @s4, @c8>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: }

// -----

// Spec §4.5 example (reshape): sizes from constants and from `llh.dim` of static dims.
func.func @reshape(%arg0: tensor<?x?x224x226xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1", func.input_symbol_2 = "c224", func.input_symbol_3 = "c226"}) -> tensor<*xf32> attributes {entrance} {
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %c6 = "llh.constant"() <{value = 6 : i64}> : () -> i64
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %c3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %d2 = "llh.dim"(%arg0, %c2) : (tensor<?x?x224x226xf32>, i64) -> i64
  %d3 = "llh.dim"(%arg0, %c3) : (tensor<?x?x224x226xf32>, i64) -> i64
  %r = "llh.reshape"(%arg0, %c1, %c6, %d2, %d3) : (tensor<?x?x224x226xf32>, i64, i64, i64, i64) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// CHECK-LABEL: func.func @reshape(%arg0: tensor<?x?x224x226xf32, #llh.encoding<shapes = @s0, @s1, @c224, @c226>> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1", func.input_symbol_2 = "c224", func.input_symbol_3 = "c226"}) -> tensor<1x6x224x226xf32, #llh.encoding<shapes = @c1, @c6, @c224, @c226>> attributes {entrance} {
// CHECK-NEXT: %0 = "llh.constant"{{.*}}symbol = @c1{{.*}} -> i64
// CHECK-NEXT: %1 = "llh.constant"{{.*}}symbol = @c6{{.*}} -> i64
// CHECK-NEXT: %2 = "llh.constant"{{.*}}symbol = @c2{{.*}} -> i64
// CHECK-NEXT: %3 = "llh.constant"{{.*}}symbol = @c3{{.*}} -> i64
// CHECK-NEXT: %4 = "llh.dim"{{.*}}symbol = @c224{{.*}} -> i64
// CHECK-NEXT: %5 = "llh.dim"{{.*}}symbol = @c226{{.*}} -> i64
// CHECK-NEXT: %6 = "llh.reshape"{{.*}} -> tensor<1x6x224x226xf32, #llh.encoding<shapes = @c1, @c6, @c224, @c226>>
// CHECK-NEXT: return %6 : tensor<1x6x224x226xf32, #llh.encoding<shapes = @c1, @c6, @c224, @c226>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: }

// -----

// Spec §4.5 example (empty): sizes from `llh.dim` symbols (s2, s1); an integer argument of
// the entrance function gets `func.symbol_int` (HEAD), a constant gives a static size.
func.func @empty(%a: tensor<?x?x?xf32>, %n: i64) -> (tensor<?x?xf32>, tensor<*xf32>) attributes {entrance} {
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %d1 = "llh.dim"(%a, %c1) : (tensor<?x?x?xf32>, i64) -> i64
  %d2 = "llh.dim"(%a, %c2) : (tensor<?x?x?xf32>, i64) -> i64
  %e = "llh.empty"(%d2, %d1) : (i64, i64) -> tensor<?x?xf32>
  %f = "llh.empty"(%n, %c2) : (i64, i64) -> tensor<*xf32>
  return %e, %f : tensor<?x?xf32>, tensor<*xf32>
}

// CHECK-LABEL: func.func @empty(%arg0: tensor<?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2>>, %arg1: i64 {func.symbol_int = @s3}) -> (tensor<?x?xf32, #llh.encoding<shapes = @s2, @s1>>, tensor<?x2xf32, #llh.encoding<shapes = @s3, @c2>>) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.constant"{{.*}}symbol = @c1{{.*}} -> i64
// CHECK-NEXT: %1 = "llh.constant"{{.*}}symbol = @c2{{.*}} -> i64
// CHECK-NEXT: %2 = "llh.dim"{{.*}}symbol = @s1{{.*}} -> i64
// CHECK-NEXT: %3 = "llh.dim"{{.*}}symbol = @s2{{.*}} -> i64
// CHECK-NEXT: %4 = "llh.empty"{{.*}} -> tensor<?x?xf32, #llh.encoding<shapes = @s2, @s1>>
// CHECK-NEXT: %5 = "llh.empty"{{.*}} -> tensor<?x2xf32, #llh.encoding<shapes = @s3, @c2>>
// CHECK-NEXT: return %4, %5 : tensor<?x?xf32, #llh.encoding<shapes = @s2, @s1>>, tensor<?x2xf32, #llh.encoding<shapes = @s3, @c2>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: }

// -----

// broadcast_to: sizes from the operands; the non-broadcast dim is equated with the input's.
func.func @broadcast_to(%x: tensor<1x?xf32>, %y: tensor<?x?xf32>) -> tensor<*xf32> attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %d0 = "llh.dim"(%y, %c0) : (tensor<?x?xf32>, i64) -> i64
  %d1 = "llh.dim"(%y, %c1) : (tensor<?x?xf32>, i64) -> i64
  %b = "llh.broadcast_to"(%x, %d0, %d1) <{cast_dims = array<i64: 0>}> : (tensor<1x?xf32>, i64, i64) -> tensor<*xf32>
  return %b : tensor<*xf32>
}

// CHECK-LABEL: func.func @broadcast_to(%arg0: tensor<1x?xf32, #llh.encoding<shapes = @c1, @s0>>, %arg1: tensor<?x?xf32, #llh.encoding<shapes = @s1, @s0>>) -> tensor<?x?xf32, #llh.encoding<shapes = @s1, @s0>> attributes {entrance} {
// CHECK-NEXT: %0 = "llh.constant"{{.*}}symbol = @c0{{.*}} -> i64
// CHECK-NEXT: %1 = "llh.constant"{{.*}}symbol = @c1{{.*}} -> i64
// CHECK-NEXT: %2 = "llh.dim"{{.*}}symbol = @s1{{.*}} -> i64
// CHECK-NEXT: %3 = "llh.dim"{{.*}}symbol = @s0{{.*}} -> i64
// CHECK-NEXT: %4 = "llh.broadcast_to"{{.*}} -> tensor<?x?xf32, #llh.encoding<shapes = @s1, @s0>>
// CHECK-NEXT: return %4 : tensor<?x?xf32, #llh.encoding<shapes = @s1, @s0>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: }

// -----

// extract drops dim 0; a rank-1 input gives a rank-0 tensor, printed without an encoding (D1).
func.func @extract(%x: tensor<?x?x4xf32>, %v: tensor<?xf32>) -> (tensor<*xf32>, tensor<*xf32>) attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %0 = "llh.extract"(%x, %c0) : (tensor<?x?x4xf32>, i64) -> tensor<*xf32>
  %1 = "llh.extract"(%v, %c0) : (tensor<?xf32>, i64) -> tensor<*xf32>
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

// CHECK-LABEL: func.func @extract(%arg0: tensor<?x?x4xf32, #llh.encoding<shapes = @s0, @s1, @c4>>, %arg1: tensor<?xf32, #llh.encoding<shapes = @s2>>) -> (tensor<?x4xf32, #llh.encoding<shapes = @s1, @c4>>, tensor<f32>) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.constant"{{.*}}symbol = @c0{{.*}} -> i64
// CHECK-NEXT: %1 = "llh.extract"{{.*}} -> tensor<?x4xf32, #llh.encoding<shapes = @s1, @c4>>
// CHECK-NEXT: %2 = "llh.extract"{{.*}} -> tensor<f32>
// CHECK-NEXT: return %1, %2 : tensor<?x4xf32, #llh.encoding<shapes = @s1, @c4>>, tensor<f32>
// CHECK: module @__symbol__ {
// CHECK-NEXT: }

// -----

// slice / stride_slice lengths: `x[1:-1]` on `?` is `s - 2`; `x[0:-1:2]` is `floor(s/2)`;
// static ranges are computed exactly.
func.func @slices(%x: tensor<?x8xf32>) -> (tensor<*xf32>, tensor<*xf32>) attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %c6 = "llh.constant"() <{value = 6 : i64}> : () -> i64
  %cm1 = "llh.constant"() <{value = -1 : i64}> : () -> i64
  %0 = "llh.slice"(%x, %c1, %c2, %cm1, %c6) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (tensor<?x8xf32>, i64, i64, i64, i64) -> tensor<*xf32>
  %1 = "llh.stride_slice"(%x, %c0, %c0, %cm1, %c6, %c2, %c2) <{operandSegmentSizes = array<i32: 1, 2, 2, 2>}> : (tensor<?x8xf32>, i64, i64, i64, i64, i64, i64) -> tensor<*xf32>
  return %0, %1 : tensor<*xf32>, tensor<*xf32>
}

// CHECK-LABEL: func.func @slices(%arg0: tensor<?x8xf32, #llh.encoding<shapes = @s0, @c8>>) -> (tensor<?x4xf32, #llh.encoding<shapes = @s1, @c4>>, tensor<?x3xf32, #llh.encoding<shapes = @s2, @c3>>) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.constant"{{.*}}symbol = @c0{{.*}} -> i64
// CHECK-NEXT: %1 = "llh.constant"{{.*}}symbol = @c1{{.*}} -> i64
// CHECK-NEXT: %2 = "llh.constant"{{.*}}symbol = @c2{{.*}} -> i64
// CHECK-NEXT: %3 = "llh.constant"{{.*}}symbol = @c6{{.*}} -> i64
// CHECK-NEXT: %4 = "llh.constant"{{.*}}symbol = @"c-1"{{.*}} -> i64
// CHECK-NEXT: %5 = "llh.slice"{{.*}} -> tensor<?x4xf32, #llh.encoding<shapes = @s1, @c4>>
// CHECK-NEXT: %6 = "llh.stride_slice"{{.*}} -> tensor<?x3xf32, #llh.encoding<shapes = @s2, @c3>>
// CHECK-NEXT: return %5, %6 : tensor<?x4xf32, #llh.encoding<shapes = @s1, @c4>>, tensor<?x3xf32, #llh.encoding<shapes = @s2, @c3>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<FloorDiv>, relations_lhs = @s0, relations_rhs = @c2, symbol = @s2}> : () -> ()
// CHECK-NEXT: "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Sub>, relations_lhs = @s0, relations_rhs = @c2, symbol = @s1}> : () -> ()
// CHECK-NEXT: }

// -----

// cat sums the sizes along `dim` and equates the others; expand (-1 keeps the input size);
// flatten multiplies the trailing dims (one derived symbol, a relation map).
func.func @cat_expand_flatten(%a: tensor<?x3xf32>, %b: tensor<?x5xf32>, %c: tensor<1x?xf32>, %d: tensor<2x?x?x4xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) attributes {entrance} {
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %c4 = "llh.constant"() <{value = 4 : i64}> : () -> i64
  %cm1 = "llh.constant"() <{value = -1 : i64}> : () -> i64
  %0 = "llh.cat"(%a, %b) <{dim = 1 : i64}> : (tensor<?x3xf32>, tensor<?x5xf32>) -> tensor<*xf32>
  %1 = "llh.expand"(%c, %c4, %c4, %cm1) : (tensor<1x?xf32>, i64, i64, i64) -> tensor<*xf32>
  %2 = "llh.flatten"(%d, %c1) : (tensor<2x?x?x4xf32>, i64) -> tensor<*xf32>
  return %0, %1, %2 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// CHECK-LABEL: func.func @cat_expand_flatten(%arg0: tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, %arg1: tensor<?x5xf32, #llh.encoding<shapes = @s0, @c5>>, %arg2: tensor<1x?xf32, #llh.encoding<shapes = @c1, @s2>>, %arg3: tensor<2x?x?x4xf32, #llh.encoding<shapes = @c2, @s3, @s4, @c4>>) -> (tensor<?x8xf32, #llh.encoding<shapes = @s0, @c8>>, tensor<4x4x?xf32, #llh.encoding<shapes = @c4, @c4, @s2>>, tensor<2x?xf32, #llh.encoding<shapes = @c2, @s5>>) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.constant"{{.*}}symbol = @c1{{.*}} -> i64
// CHECK-NEXT: %1 = "llh.constant"{{.*}}symbol = @c4{{.*}} -> i64
// CHECK-NEXT: %2 = "llh.constant"{{.*}}symbol = @"c-1"{{.*}} -> i64
// CHECK-NEXT: %3 = "llh.cat"{{.*}} -> tensor<?x8xf32, #llh.encoding<shapes = @s0, @c8>>
// CHECK-NEXT: %4 = "llh.expand"{{.*}} -> tensor<4x4x?xf32, #llh.encoding<shapes = @c4, @c4, @s2>>
// CHECK-NEXT: %5 = "llh.flatten"{{.*}} -> tensor<2x?xf32, #llh.encoding<shapes = @c2, @s5>>
// CHECK-NEXT: return %3, %4, %5 : tensor<?x8xf32, #llh.encoding<shapes = @s0, @c8>>, tensor<4x4x?xf32, #llh.encoding<shapes = @c4, @c4, @s2>>, tensor<2x?xf32, #llh.encoding<shapes = @c2, @s5>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "4*s3*s4", relation = #map, relations = [@s3, @s4], symbol = @s5}> : () -> ()
// CHECK-NEXT: }

// -----

// transpose permutes symbols; reduce drops the axes (negative axes normalized); shape_of's
// results carry the dims (a later mul uses them).
func.func @transpose_reduce_shape_of(%x: tensor<?x3x?xf32>) -> (tensor<*xf32>, tensor<*xf32>, i64, i64) attributes {entrance} {
  %0 = "llh.transpose"(%x) <{perms = array<i64: 2, 0, 1>}> : (tensor<?x3x?xf32>) -> tensor<*xf32>
  %1 = "llh.reduce_max"(%x) <{axis = array<i64: 0, -1>}> : (tensor<?x3x?xf32>) -> tensor<*xf32>
  %s:3 = "llh.shape_of"(%x) : (tensor<?x3x?xf32>) -> (i64, i64, i64)
  %m = "llh.mul"(%s#0, %s#2) : (i64, i64) -> i64
  return %0, %1, %s#1, %m : tensor<*xf32>, tensor<*xf32>, i64, i64
}

// CHECK-LABEL: func.func @transpose_reduce_shape_of(%arg0: tensor<?x3x?xf32, #llh.encoding<shapes = @s0, @c3, @s1>>) -> (tensor<?x?x3xf32, #llh.encoding<shapes = @s1, @s0, @c3>>, tensor<3xf32, #llh.encoding<shapes = @c3>>, i64, i64) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.transpose"{{.*}} -> tensor<?x?x3xf32, #llh.encoding<shapes = @s1, @s0, @c3>>
// CHECK-NEXT: %1 = "llh.reduce_max"{{.*}} -> tensor<3xf32, #llh.encoding<shapes = @c3>>
// CHECK-NEXT: %2:3 = "llh.shape_of"{{.*}} -> (i64, i64, i64)
// CHECK-NEXT: %3 = "llh.mul"{{.*}}symbol = @s2{{.*}} -> i64
// CHECK-NEXT: return %0, %1, %2#1, %3 : tensor<?x?x3xf32, #llh.encoding<shapes = @s1, @s0, @c3>>, tensor<3xf32, #llh.encoding<shapes = @c3>>, i64, i64
// CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @s0, relations_rhs = @s1, symbol = @s2}> : () -> ()
// CHECK-NEXT: }

// -----

// A dense constant takes its value's shape (whatever result type was written); a `?` weight
// gets a fresh symbol; an unranked weight and a float scalar get nothing; scalar_cast gives
// a one-element tensor.
func.func @constants() -> (tensor<*xf32>, tensor<*xf32>, tensor<?x2xf32>, f32, tensor<*xi64>, tensor<1xi64>) attributes {entrance} {
  %0 = "llh.constant"() <{value = dense<1.000000e+00> : tensor<384xf32>}> : () -> tensor<*xf32>
  %1 = "llh.weight"() <{weight_file = "w.npy"}> : () -> tensor<*xf32>
  %2 = "llh.weight"() <{weight_file = "w.npy"}> : () -> tensor<?x2xf32>
  %3 = "llh.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
  %c = "llh.constant"() <{value = 7 : i64}> : () -> i64
  %4 = "llh.scalar_cast"(%c) : (i64) -> tensor<*xi64>
  %5 = "llh.constant"() <{value = dense<[1]> : tensor<1xi64>}> : () -> tensor<1xi64>
  return %0, %1, %2, %3, %4, %5 : tensor<*xf32>, tensor<*xf32>, tensor<?x2xf32>, f32, tensor<*xi64>, tensor<1xi64>
}

// CHECK-LABEL: func.func @constants() -> (tensor<384xf32, #llh.encoding<shapes = @c384>>, tensor<*xf32>, tensor<?x2xf32, #llh.encoding<shapes = @s0, @c2>>, f32, tensor<1xi64, #llh.encoding<shapes = @c1>>, tensor<1xi64, #llh.encoding<shapes = @c1>>) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.constant"{{.*}} -> tensor<384xf32, #llh.encoding<shapes = @c384>>
// CHECK-NEXT: %1 = "llh.weight"{{.*}} -> tensor<*xf32>
// CHECK-NEXT: %2 = "llh.weight"{{.*}} -> tensor<?x2xf32, #llh.encoding<shapes = @s0, @c2>>
// CHECK-NEXT: %3 = "llh.constant"{{.*}} -> f32
// CHECK-NEXT: %4 = "llh.constant"{{.*}}symbol = @c7{{.*}} -> i64
// CHECK-NEXT: %5 = "llh.scalar_cast"{{.*}} -> tensor<1xi64, #llh.encoding<shapes = @c1>>
// CHECK-NEXT: %6 = "llh.constant"{{.*}} -> tensor<1xi64, #llh.encoding<shapes = @c1>>
// CHECK-NEXT: return %0, %1, %2, %3, %5, %6 : tensor<384xf32, #llh.encoding<shapes = @c384>>, tensor<*xf32>, tensor<?x2xf32, #llh.encoding<shapes = @s0, @c2>>, f32, tensor<1xi64, #llh.encoding<shapes = @c1>>, tensor<1xi64, #llh.encoding<shapes = @c1>>
// CHECK: module @__symbol__ {
// CHECK-NEXT: }

// -----

// Spec §4.6 (extra_symbol_infer_shape, case mul): `llh.dim` carries the dim's symbol; integer
// arithmetic on symbols is hash-consed (s0 * 1 is s0, D2), constant arithmetic folds to `c<N>`,
// new values get a definition, also over an integer argument's `func.symbol_int`.
func.func @scalars(%x: tensor<?x512x1x1xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c512", func.input_symbol_2 = "c1", func.input_symbol_3 = "c1"}, %n: i64) -> (i64, i64, i64, i64, i64, i64) attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %c3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %d0 = "llh.dim"(%x, %c0) : (tensor<?x512x1x1xf32>, i64) -> i64
  %d1 = "llh.dim"(%x, %c1) : (tensor<?x512x1x1xf32>, i64) -> i64
  %d2 = "llh.dim"(%x, %c2) : (tensor<?x512x1x1xf32>, i64) -> i64
  %m0 = "llh.mul"(%d0, %d2) : (i64, i64) -> i64
  %m1 = "llh.mul"(%d1, %d2) : (i64, i64) -> i64
  %a = "llh.add"(%d0, %c3) : (i64, i64) -> i64
  %s = "llh.sub"(%d1, %c3) : (i64, i64) -> i64
  %q = "llh.div"(%a, %c2) : (i64, i64) -> i64
  %u = "llh.add"(%n, %c1) : (i64, i64) -> i64
  return %m0, %m1, %a, %s, %q, %u : i64, i64, i64, i64, i64, i64
}

// CHECK-LABEL: func.func @scalars(%arg0: tensor<?x512x1x1xf32, #llh.encoding<shapes = @s0, @c512, @c1, @c1>> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c512", func.input_symbol_2 = "c1", func.input_symbol_3 = "c1"}, %arg1: i64 {func.symbol_int = @s1}) -> (i64, i64, i64, i64, i64, i64) attributes {entrance} {
// CHECK-NEXT: %0 = "llh.constant"{{.*}}symbol = @c0{{.*}} -> i64
// CHECK-NEXT: %1 = "llh.constant"{{.*}}symbol = @c1{{.*}} -> i64
// CHECK-NEXT: %2 = "llh.constant"{{.*}}symbol = @c2{{.*}} -> i64
// CHECK-NEXT: %3 = "llh.constant"{{.*}}symbol = @c3{{.*}} -> i64
// CHECK-NEXT: %4 = "llh.dim"{{.*}}symbol = @s0{{.*}} -> i64
// CHECK-NEXT: %5 = "llh.dim"{{.*}}symbol = @c512{{.*}} -> i64
// CHECK-NEXT: %6 = "llh.dim"{{.*}}symbol = @c1{{.*}} -> i64
// CHECK-NEXT: %7 = "llh.mul"{{.*}}symbol = @s0{{.*}} -> i64
// CHECK-NEXT: %8 = "llh.mul"{{.*}}symbol = @c512{{.*}} -> i64
// CHECK-NEXT: %9 = "llh.add"{{.*}}symbol = @s2{{.*}} -> i64
// CHECK-NEXT: %10 = "llh.sub"{{.*}}symbol = @c509{{.*}} -> i64
// CHECK-NEXT: %11 = "llh.div"{{.*}}symbol = @s3{{.*}} -> i64
// CHECK-NEXT: %12 = "llh.add"{{.*}}symbol = @s4{{.*}} -> i64
// CHECK-NEXT: return %7, %8, %9, %10, %11, %12 : i64, i64, i64, i64, i64, i64
// CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Add>, relations_lhs = @s1, relations_rhs = @c1, symbol = @s4}> : () -> ()
// CHECK-NEXT: "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<FloorDiv>, relations_lhs = @s2, relations_rhs = @c2, symbol = @s3}> : () -> ()
// CHECK-NEXT: "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Add>, relations_lhs = @s0, relations_rhs = @c3, symbol = @s2}> : () -> ()
// CHECK-NEXT: }

// -----

// A non-entrance function is not seeded: only weights/constants get encodings (§4.3).
func.func private @helper(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %w = "llh.weight"() <{weight_file = "w.npy"}> : () -> tensor<4xf32>
  %0 = "llh.add"(%x, %w) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// CHECK-LABEL: func.func private @helper(%arg0: tensor<?x4xf32>) -> tensor<?x4xf32> {
// CHECK-NEXT: %0 = "llh.weight"{{.*}} -> tensor<4xf32, #llh.encoding<shapes = @c4>>
// CHECK-NEXT: %1 = "llh.add"{{.*}} -> tensor<?x4xf32>
// CHECK-NEXT: return %1 : tensor<?x4xf32>
// CHECK: module @__symbol__ {
// CHECK-NEXT: }
