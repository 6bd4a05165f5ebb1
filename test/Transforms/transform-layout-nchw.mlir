// RUN: llh-opt %s -split-input-file --infer-symbolic-shape --transform-layout="target-layout=NCHW" | filecheck %s --match-full-lines --strict-whitespace
// RUN: llh-opt %s -split-input-file --infer-symbolic-shape --transform-layout="target-layout=NCHW" --transform-layout="target-layout=NCHW" | filecheck %s --match-full-lines --strict-whitespace
// RUN: env LLH_OPT_CHECK_REWRITES=1 llh-opt %s -split-input-file --infer-symbolic-shape --transform-layout="target-layout=NCW" | filecheck %s --match-full-lines --strict-whitespace

// --transform-layout="target-layout=NCHW" (NCW means the same: channels first): NHWC ops go back
// to NCHW ([0, 3, 1, 2] in, [0, 2, 3, 1] out), FHWC weights to FCHW ([0, 3, 1, 2]), 1-D NWC / WCF
// to NCW / FCW. Encodings come from infer-on-create; the derived output sizes are the symbols
// --infer-symbolic-shape gave the old ops (D2: equal expressions share one symbol), so the old
// result types are kept verbatim.
func.func @nhwc(%x: tensor<?x?x?x3xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<*xf32> attributes {entrance} {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FHWC>}> : (tensor<?x?x?x3xf32>, tensor<8x3x3x3xf32>) -> tensor<*xf32>
  %1 = "llh.max_pool"(%0) <{ceil_mode = true, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<*xf32>) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}

//      CHECK:#map = affine_map<()[s0] -> (s0 floordiv 2 + 1)>
// CHECK-NEXT:#map1 = affine_map<()[s0] -> ((s0 + 1) floordiv 2)>
// CHECK-NEXT:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s6"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s5"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s4"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s3"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c8"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:  func.func @nhwc(%arg0: tensor<?x?x?x3xf32, #llh.encoding<shapes = @s0, @s1, @s2, @c3>>, %arg1: tensor<8x3x3x3xf32, #llh.encoding<shapes = @c8, @c3, @c3, @c3>>) -> tensor<?x?x?x8xf32, #llh.encoding<shapes = @s0, @s5, @s6, @c8>> attributes {entrance} {
// CHECK-NEXT:    %0 = "llh.transpose"(%arg0) <{perms = array<i64: 0, 3, 1, 2>}> : (tensor<?x?x?x3xf32, #llh.encoding<shapes = @s0, @s1, @s2, @c3>>) -> tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s1, @s2>>
// CHECK-NEXT:    %1 = "llh.transpose"(%arg1) <{perms = array<i64: 0, 3, 1, 2>}> : (tensor<8x3x3x3xf32, #llh.encoding<shapes = @c8, @c3, @c3, @c3>>) -> tensor<8x3x3x3xf32, #llh.encoding<shapes = @c8, @c3, @c3, @c3>>
// CHECK-NEXT:    %2 = "llh.conv"(%0, %1) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FCHW>}> : (tensor<?x3x?x?xf32, #llh.encoding<shapes = @s0, @c3, @s1, @s2>>, tensor<8x3x3x3xf32, #llh.encoding<shapes = @c8, @c3, @c3, @c3>>) -> tensor<?x8x?x?xf32, #llh.encoding<shapes = @s0, @c8, @s3, @s4>>
// CHECK-NEXT:    %3 = "llh.transpose"(%2) <{perms = array<i64: 0, 2, 3, 1>}> : (tensor<?x8x?x?xf32, #llh.encoding<shapes = @s0, @c8, @s3, @s4>>) -> tensor<?x?x?x8xf32, #llh.encoding<shapes = @s0, @s3, @s4, @c8>>
// CHECK-NEXT:    %4 = "llh.transpose"(%3) <{perms = array<i64: 0, 3, 1, 2>}> : (tensor<?x?x?x8xf32, #llh.encoding<shapes = @s0, @s3, @s4, @c8>>) -> tensor<?x8x?x?xf32, #llh.encoding<shapes = @s0, @c8, @s3, @s4>>
// CHECK-NEXT:    %5 = "llh.max_pool"(%4) <{ceil_mode = true, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x8x?x?xf32, #llh.encoding<shapes = @s0, @c8, @s3, @s4>>) -> tensor<?x8x?x?xf32, #llh.encoding<shapes = @s0, @c8, @s5, @s6>>
// CHECK-NEXT:    %6 = "llh.transpose"(%5) <{perms = array<i64: 0, 2, 3, 1>}> : (tensor<?x8x?x?xf32, #llh.encoding<shapes = @s0, @c8, @s5, @s6>>) -> tensor<?x?x?x8xf32, #llh.encoding<shapes = @s0, @s5, @s6, @c8>>
// CHECK-NEXT:    return %6 : tensor<?x?x?x8xf32, #llh.encoding<shapes = @s0, @s5, @s6, @c8>>
// CHECK-NEXT:  }
// CHECK-NEXT:  module @__symbol__ {
// CHECK-NEXT:    "llh.symbol_relation_map"() <{express = "floor(s4/2) + 1", relation = #map, relations = [@s4], symbol = @s6}> : () -> ()
// CHECK-NEXT:    "llh.symbol_relation_map"() <{express = "floor(s3/2) + 1", relation = #map, relations = [@s3], symbol = @s5}> : () -> ()
// CHECK-NEXT:    "llh.symbol_relation_map"() <{express = "floor((s2 + 1)/2)", relation = #map1, relations = [@s2], symbol = @s4}> : () -> ()
// CHECK-NEXT:    "llh.symbol_relation_map"() <{express = "floor((s1 + 1)/2)", relation = #map1, relations = [@s1], symbol = @s3}> : () -> ()
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

func.func @nwc(%x: tensor<?x?x3xf32>, %w: tensor<3x3x4xf32>) -> tensor<*xf32> attributes {entrance} {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1>, kernel_shape = array<i64: 3>, layout = #llh.Layout<NWC>, pad = array<i64: 0, 0>, stride = array<i64: 1>, weight_layout = #llh.Layout<WCF>}> : (tensor<?x?x3xf32>, tensor<3x3x4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

//      CHECK:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c4"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:  func.func @nwc(%arg0: tensor<?x?x3xf32, #llh.encoding<shapes = @s0, @s1, @c3>>, %arg1: tensor<3x3x4xf32, #llh.encoding<shapes = @c3, @c3, @c4>>) -> tensor<?x?x4xf32, #llh.encoding<shapes = @s0, @s2, @c4>> attributes {entrance} {
// CHECK-NEXT:    %0 = "llh.transpose"(%arg0) <{perms = array<i64: 0, 2, 1>}> : (tensor<?x?x3xf32, #llh.encoding<shapes = @s0, @s1, @c3>>) -> tensor<?x3x?xf32, #llh.encoding<shapes = @s0, @c3, @s1>>
// CHECK-NEXT:    %1 = "llh.transpose"(%arg1) <{perms = array<i64: 2, 1, 0>}> : (tensor<3x3x4xf32, #llh.encoding<shapes = @c3, @c3, @c4>>) -> tensor<4x3x3xf32, #llh.encoding<shapes = @c4, @c3, @c3>>
// CHECK-NEXT:    %2 = "llh.conv"(%0, %1) <{dilation = array<i64: 1>, kernel_shape = array<i64: 3>, layout = #llh.Layout<NCW>, pad = array<i64: 0, 0>, stride = array<i64: 1>, weight_layout = #llh.Layout<FCW>}> : (tensor<?x3x?xf32, #llh.encoding<shapes = @s0, @c3, @s1>>, tensor<4x3x3xf32, #llh.encoding<shapes = @c4, @c3, @c3>>) -> tensor<?x4x?xf32, #llh.encoding<shapes = @s0, @c4, @s2>>
// CHECK-NEXT:    %3 = "llh.transpose"(%2) <{perms = array<i64: 0, 2, 1>}> : (tensor<?x4x?xf32, #llh.encoding<shapes = @s0, @c4, @s2>>) -> tensor<?x?x4xf32, #llh.encoding<shapes = @s0, @s2, @c4>>
// CHECK-NEXT:    return %3 : tensor<?x?x4xf32, #llh.encoding<shapes = @s0, @s2, @c4>>
// CHECK-NEXT:  }
// CHECK-NEXT:  module @__symbol__ {
// CHECK-NEXT:    "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Sub>, relations_lhs = @s1, relations_rhs = @c2, symbol = @s2}> : () -> ()
// CHECK-NEXT:  }
// CHECK-NEXT:}
