// RUN: llh-opt %s -split-input-file --infer-symbolic-shape | filecheck %s
// RUN: llh-opt %s -split-input-file --infer-symbolic-shape > %t.1.mlir
// RUN: llh-opt %t.1.mlir -split-input-file --infer-symbolic-shape > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// Torch bindings (spec D8, seed 000 "torch 符号信息传入" 2-5): `llh.torch_symbolic_int` names a
// torch symbol, `llh.symbolic_bind` gives a value's shape as an affine map over bound symbols.
// The bound expressions seed what the rules leave unknown and are checked against what they
// derive (a mismatch is an error, see infer-symbolic-shape-invalid.mlir).

// The beginning of the seed's ResNet listing (with its #map/#map1/#map2), without
// `func.input_symbol_N`: the argument's fresh symbols are merged into torch's `s1` (the torch
// name is declared first, so it is the representative); the conv/pool outputs agree with
// the bindings; `llh.aot` has no rule, its `*` result is seeded by its binding.
#map = affine_map<()[s0] -> (1, 3, s0, s0)>
#map1 = affine_map<()[s0] -> (1, 64, (s0 - 1) floordiv 2 + 1, (s0 - 1) floordiv 2 + 1)>
#map2 = affine_map<()[s0] -> (1, 64, (s0 - 1) floordiv 4 + 1, (s0 - 1) floordiv 4 + 1)>
module attributes {builtin.gloabal_layout = "NCHW"} {
  func.func @main(%arg0: tensor<1x3x?x?xf32>) -> tensor<*xf32> attributes {entrance} {
    %1 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x3x7x7xf32>
    %2 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %65 = "llh.torch_symbolic_int"() <{sym_name = "s1"}> : () -> i64
    "llh.symbolic_bind"(%arg0, %65) <{expressions = #map}> : (tensor<1x3x?x?xf32>, i64) -> ()
    %66 = "llh.conv"(%arg0, %1) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<1x3x?x?xf32>, tensor<64x3x7x7xf32>) -> tensor<1x64x?x?xf32>
    "llh.symbolic_bind"(%66, %65) <{expressions = #map1}> : (tensor<1x64x?x?xf32>, i64) -> ()
    %67 = "llh.batch_norm"(%66, %2, %2, %2, %2) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x?x?xf32>
    "llh.symbolic_bind"(%67, %65) <{expressions = #map1}> : (tensor<1x64x?x?xf32>, i64) -> ()
    %69 = "llh.max_pool"(%67) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    "llh.symbolic_bind"(%69, %65) <{expressions = #map2}> : (tensor<1x64x?x?xf32>, i64) -> ()
    %70 = "llh.aot"(%69) <{name = "opaque"}> : (tensor<1x64x?x?xf32>) -> tensor<*xf32>
    "llh.symbolic_bind"(%70, %65) <{expressions = #map2}> : (tensor<*xf32>, i64) -> ()
    return %70 : tensor<*xf32>
  }
}

// CHECK-LABEL: func.func @main(
//  CHECK-SAME: %arg0: tensor<1x3x?x?xf32, #llh.encoding<shapes = @c1, @c3, @s1, @s1>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[P:s[0-9]+]], @[[P]]>> attributes {entrance} {
//       CHECK: %[[T:[0-9]+]] = "llh.torch_symbolic_int"() <{sym_name = "s1"}> : () -> i64
//  CHECK-NEXT: "llh.symbolic_bind"(%arg0, %[[T]]) <{expressions = #map}> : (tensor<1x3x?x?xf32, #llh.encoding<shapes = @c1, @c3, @s1, @s1>>, i64) -> ()
//  CHECK-NEXT: "llh.conv"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[C:s[0-9]+]], @[[C]]>>
//  CHECK-NEXT: "llh.symbolic_bind"
//  CHECK-NEXT: "llh.batch_norm"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[C]], @[[C]]>>
//  CHECK-NEXT: "llh.symbolic_bind"
//  CHECK-NEXT: "llh.max_pool"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[P]], @[[P]]>>
//  CHECK-NEXT: "llh.symbolic_bind"
//  CHECK-NEXT: "llh.aot"{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @[[P]], @[[P]]>>
//       CHECK: module @__symbol__ {
//  CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor(([[C]] + 1)/2)", relation = #map3, relations = [@[[C]]], symbol = @[[P]]}> : () -> ()
//  CHECK-NEXT: "llh.symbol_relation_map"() <{express = "floor((s1 + 1)/2)", relation = #map3, relations = [@s1], symbol = @[[C]]}> : () -> ()
//  CHECK-NEXT: }

// -----

// With `func.input_symbol_N` as well (the seed's own input): the names agree, nothing to merge.
#map = affine_map<()[s0] -> (1, 3, s0, s0)>
func.func @both(%arg0: tensor<1x3x?x?xf32> {func.input_symbol_0 = "c1", func.input_symbol_1 = "c3", func.input_symbol_2 = "s1", func.input_symbol_3 = "s1"}) -> tensor<1x3x?x?xf32> attributes {entrance} {
  %0 = "llh.torch_symbolic_int"() <{sym_name = "s1"}> : () -> i64
  "llh.symbolic_bind"(%arg0, %0) <{expressions = #map}> : (tensor<1x3x?x?xf32>, i64) -> ()
  return %arg0 : tensor<1x3x?x?xf32>
}

// CHECK-LABEL: func.func @both(%arg0: tensor<1x3x?x?xf32, #llh.encoding<shapes = @c1, @c3, @s1, @s1>> {func.input_symbol_0 = "c1", func.input_symbol_1 = "c3", func.input_symbol_2 = "s1", func.input_symbol_3 = "s1"})
//       CHECK: module @__symbol__ {
//  CHECK-NEXT: }

// -----

// A binding learns relations between free sizes: two arguments bound to the same torch symbol
// become equal; a binding of a scalar names it (a discardable `symbol` on an op without the
// property).
#map = affine_map<()[s0] -> (s0, 4)>
#map1 = affine_map<()[s0] -> (s0 * 4)>
func.func @learn(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<*xf32> attributes {entrance} {
  %s = "llh.torch_symbolic_int"() <{sym_name = "s9"}> : () -> i64
  "llh.symbolic_bind"(%a, %s) <{expressions = #map}> : (tensor<?x4xf32>, i64) -> ()
  "llh.symbolic_bind"(%b, %s) <{expressions = #map}> : (tensor<?x4xf32>, i64) -> ()
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %c4 = "llh.constant"() <{value = 4 : i64}> : () -> i64
  %m = "llh.aot"(%c1) <{name = "numel"}> : (i64) -> i64
  "llh.symbolic_bind"(%m, %s) <{expressions = #map1}> : (i64, i64) -> ()
  %0 = "llh.add"(%a, %b) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// CHECK-LABEL: func.func @learn(%arg0: tensor<?x4xf32, #llh.encoding<shapes = @s9, @c4>>, %arg1: tensor<?x4xf32, #llh.encoding<shapes = @s9, @c4>>) -> tensor<?x4xf32, #llh.encoding<shapes = @s9, @c4>>
//       CHECK: "llh.aot"(%{{[0-9]+}}) <{name = "numel"}> {symbol = @[[N:s[0-9]+]]} : (i64) -> i64
//       CHECK: "llh.add"{{.*}} -> tensor<?x4xf32, #llh.encoding<shapes = @s9, @c4>>
//       CHECK: module @__symbol__ {
//  CHECK-NEXT: "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @c4, relations_rhs = @s9, symbol = @[[N]]}> : () -> ()
//  CHECK-NEXT: }

// -----

// A bound scalar defined after the bound value (here an `llh.dim`): the binding is applied when
// the walk reaches it, and still merges the free sizes (%b's first dim becomes %a's).
#map = affine_map<()[s0] -> (s0, 4)>
func.func @late(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<*xf32> attributes {entrance} {
  %0 = "llh.relu"(%b) : (tensor<?x4xf32>) -> tensor<*xf32>
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %d = "llh.dim"(%a, %c0) : (tensor<?x4xf32>, i64) -> i64
  "llh.symbolic_bind"(%0, %d) <{expressions = #map}> : (tensor<*xf32>, i64) -> ()
  return %0 : tensor<*xf32>
}

// CHECK-LABEL: func.func @late(%arg0: tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>, %arg1: tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>) -> tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
//       CHECK: "llh.dim"(%arg0, %{{[0-9]+}}) <{symbol = @s0}>
//       CHECK: module @__symbol__ {
//  CHECK-NEXT: }
