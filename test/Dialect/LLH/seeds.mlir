// RUN: llh-opt %s -split-input-file -verify-diagnostics > /dev/null
// RUN: llh-opt %s -split-input-file 2>/dev/null | filecheck %s
// RUN: llh-opt %s -split-input-file 2>/dev/null > %t.custom
// RUN: llh-opt %t.custom -split-input-file 2>/dev/null | diff %t.custom -
// RUN: llh-opt %s -split-input-file --mlir-print-op-generic 2>/dev/null > %t.generic
// RUN: llh-opt %t.generic -split-input-file 2>/dev/null | diff %t.custom -
// RUN: llh-opt %t.generic -split-input-file --mlir-print-op-generic 2>/dev/null | diff %t.generic -
//
// The IR fragments of the symbol-system design (shared/seeds/000): each parses, verifies (without
// --allow-unregistered-dialect) and round-trips through the default and the generic printer.
// The fragments are verbatim except where noted; the seed's memref- and LLVM-level listings are
// left out (they use dialects llh-opt does not register).

// matmul example (seed 000), before --infer-symbolic-shape
// CHECK-LABEL: func.func @matmul(%arg0: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}) -> tensor<*xf32> attributes {entrance}
// CHECK-NEXT:    %0 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<512x10xf32>
// CHECK-NEXT:    %1 = "llh.matmul"(%arg0, %0) : (tensor<?x?xf32>, tensor<512x10xf32>) -> tensor<*xf32>

func.func @matmul(%arg0: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}) -> tensor<*xf32> attributes {entrance} {
    %const = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<512x10xf32>
    %matmul = "llh.matmul"(%arg0, %const) : (tensor<?x?xf32>, tensor<512x10xf32>) -> tensor<*xf32>
    return %matmul : tensor<*xf32>
}

// -----
// matmul example, after: s1 EQ c512 is recorded
// CHECK:         "llh.symbolic_int"() <{sym_name = "c10"}> : () -> ()
// CHECK-LABEL: func.func @matmul(%arg0: tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}) -> tensor<?x10xf32, #llh.encoding<shapes = @s0, @c10>> attributes {entrance}
// CHECK:         module @__symbol__ {
// CHECK-NEXT:      "llh.symbol_relation"() <{relation = @c512, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s1}> : () -> ()

module {
  "llh.symbolic_int"() <{sym_name = "c10"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c512"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
  func.func @matmul(%arg0: tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}) -> tensor<?x10xf32, #llh.encoding<shapes = @s0, @c10>> attributes {entrance} {
    %0 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<512x10xf32, #llh.encoding<shapes = @c512, @c10>>
    %1 = "llh.matmul"(%arg0, %0) : (tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>, tensor<512x10xf32, #llh.encoding<shapes = @c512, @c10>>) -> tensor<?x10xf32, #llh.encoding<shapes = @s0, @c10>>
    return %1 : tensor<?x10xf32, #llh.encoding<shapes = @s0, @c10>>
  }
  module @__symbol__ {
    "llh.symbol_relation"() <{relation = @c512, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s1}> : () -> ()
  }
}

// -----
// relation_eq example, before: the constant `symbol = @c0, value = 2` is a warning, not an error
// CHECK-LABEL: func.func @relation_eq
// CHECK:         %0 = "llh.constant"() <{symbol = @c0, value = 2 : i64}> : () -> i64
// CHECK:         %3 = "llh.dim"(%2, %0) <{symbol = @s4}>
// CHECK:       module @__symbol__ {
// CHECK-NEXT:    "llh.symbol_relation"() <{relation = @s5, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s2}> : () -> ()

func.func @relation_eq(%arg0: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, %arg1: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>) ->(i64) attributes {entrance} {
  // expected-warning@+1 {{'llh.constant' op symbol @c0 does not match the value 2 (expected @c2)}}
  %2 = "llh.constant"() <{symbol = @c0, value = 2 : i64}> : () -> i64
  %0 = "llh.add"(%arg0, %arg1) : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>
  %1 = "llh.add"(%arg1, %arg1) : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>, tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>
  "llh.encoding_bind"(%1) <{encoding = #llh.encoding<shapes = @s3, @c64, @s4, @s5>}> : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>) -> ()
  %193 = "llh.dim"(%1, %2) <{symbol = @s4}> : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>, i64) -> i64
  return %193: i64
}
module @__symbol__ {
  "llh.symbol_relation"() <{relation = @s5, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s2}> : () -> ()
  "llh.symbol_relation"() <{relation = @s4, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s1}> : () -> ()
  "llh.symbol_relation"() <{relation = @s3, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s0}> : () -> ()
}

// -----
// relation_eq example, after
// CHECK-LABEL: func.func @relation_eq
// CHECK:         %3 = "llh.dim"(%2, %0) <{symbol = @s1}>

module {
  "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c64"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
  func.func @relation_eq(%arg0: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, %arg1: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> i64 attributes {entrance} {
    // expected-warning@+1 {{'llh.constant' op symbol @c0 does not match the value 2 (expected @c2)}}
    %0 = "llh.constant"() <{symbol = @c0, value = 2 : i64}> : () -> i64
    %1 = "llh.add"(%arg0, %arg1) : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>
    %2 = "llh.add"(%arg1, %arg1) : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>
    "llh.encoding_bind"(%2) <{encoding = #llh.encoding<shapes = @s0, @c64, @s1, @s2>}> : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> ()
    %3 = "llh.dim"(%2, %0) <{symbol = @s1}> : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, i64) -> i64
    return %3 : i64
  }
}

// -----
// encoding example, before --encoding-to-bind
// CHECK-LABEL: func.func @encoding(%arg0: tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>)

func.func @encoding(%arg0: tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>) -> tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>> attributes {entrance} {
    %0 = "llh.add"(%arg0, %arg0) : (tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>, tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>) -> tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>
    return %0 : tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>
}

// -----
// encoding example, after: encodings moved into llh.encoding_bind
// CHECK-LABEL: func.func @encoding(%arg0: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> attributes {entrance}
// CHECK-NEXT:    "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @s1, @s2, @s3>}> : (tensor<?x?x?x?xf32>) -> ()

module {
  "llh.symbolic_int"() <{sym_name = "s3"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
  func.func @encoding(%arg0: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> attributes {entrance} {
    "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @s1, @s2, @s3>}> : (tensor<?x?x?x?xf32>) -> ()
    %0 = "llh.add"(%arg0, %arg0) : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
    "llh.encoding_bind"(%0) <{encoding = #llh.encoding<shapes = @s0, @s1, @s2, @s3>}> : (tensor<?x?x?x?xf32>) -> ()
    return %0 : tensor<?x?x?x?xf32>
  }
}

// -----
// encoding example, lowered to arith
// CHECK-LABEL: func.func @main
// CHECK:         %0 = arith.addf %arg0, %arg0 : tensor<?x?x?x?xf32>

module attributes {builtin.gloabal_layout = "NCHW"} {
  func.func @main(%arg0: tensor<?x?x?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1", func.input_symbol_2 = "s2", func.input_symbol_3 = "s3"}) -> tensor<?x?x?x?xf32> attributes {entrance} {
    "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @s1, @s2, @s3>}> : (tensor<?x?x?x?xf32>) -> ()
    %0 = arith.addf %arg0, %arg0 : tensor<?x?x?x?xf32>
    "llh.encoding_bind"(%0) <{encoding = #llh.encoding<shapes = @s0, @s1, @s2, @s3>}> : (tensor<?x?x?x?xf32>) -> ()
    return %0 : tensor<?x?x?x?xf32>
  }
}

// -----
// fold_two_abs, before
// CHECK-LABEL: func.func @fold_two_abs
// CHECK-NEXT:    %0 = "llh.abs"(%arg0)
// CHECK-NEXT:    %1 = "llh.abs"(%0)

func.func @fold_two_abs(%arg0: tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>) ->  tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>> attributes {entrance} {
  %4 = "llh.abs"(%arg0) : (tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>) -> tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>
  %5 = "llh.abs"(%4) : (tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>) -> tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>
  return %5 : tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>
}

// -----
// fold_two_abs, after
// CHECK-LABEL: func.func @fold_two_abs
// CHECK-NEXT:    %0 = "llh.abs"(%arg0)
// CHECK-NEXT:    return %0

func.func @fold_two_abs(%arg0: tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>) -> tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>> attributes {entrance} {
    %0 = "llh.abs"(%arg0) : (tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>) -> tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>
    return %0 : tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>
  }

// -----
// ResNet-18 imported with torch_symbolic_int / symbolic_bind (the elided weights are filled in as llh.weight ops)
// CHECK:       #map = affine_map<()[s0] -> (1, 3, s0, s0)>
// CHECK:       #map3 = affine_map<()[s0] -> (1, 10)>
// CHECK-LABEL: func.func @main
// CHECK:         %[[S:[0-9]+]] = "llh.torch_symbolic_int"() <{sym_name = "s1"}> : () -> i64
// CHECK-NEXT:    "llh.symbolic_bind"(%arg0, %[[S]]) <{expressions = #map}> : (tensor<1x3x?x?xf32>, i64) -> ()
// CHECK:         "llh.symbolic_bind"(%{{.*}}) <{expressions = #map3}> : (tensor<1x10xf32>) -> ()

#map = affine_map<()[s0] -> (1, 3, s0, s0)>
#map1 = affine_map<()[s0] -> (1, 64, (s0 - 1) floordiv 2 + 1, (s0 - 1) floordiv 2 + 1)>
#map2 = affine_map<()[s0] -> (1, 64, (s0 - 1) floordiv 4 + 1, (s0 - 1) floordiv 4 + 1)>
#map3 = affine_map<()[s0] -> (1, 128, (s0 - 1) floordiv 8 + 1, (s0 - 1) floordiv 8 + 1)>
#map4 = affine_map<()[s0] -> (1, (((s0 - 1) floordiv 8) * ((s0 - 1) floordiv 8)) * 128 + 128)>
#map5 = affine_map<()[s0] -> (1, 512)>
#map6 = affine_map<()[s0] -> (1, 10)>
module attributes {builtin.gloabal_layout = "NCHW"} {
  func.func @main(%arg0: tensor<1x3x?x?xf32> {func.input_symbol_0 = "c1", func.input_symbol_1 = "c3", func.input_symbol_2 = "s1", func.input_symbol_3 = "s1"}) -> tensor<1x10xf32> attributes {entrance} {
    %0 = "llh.constant"() <{value = 1 : i64}> : () -> i64
    %1 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x3x7x7xf32>
    %2 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %3 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %4 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x64x3x3xf32>
    %5 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %6 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %34 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<10xf32>
    %35 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %36 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %38 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %39 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %106 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<1x10xf32>
    %64 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<1xi64>
    %65 = "llh.torch_symbolic_int"() <{sym_name = "s1"}> : () -> i64
    "llh.symbolic_bind"(%arg0, %65) <{expressions = #map}> : (tensor<1x3x?x?xf32>, i64) -> ()
    %66 = "llh.conv"(%arg0, %1) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<1x3x?x?xf32>, tensor<64x3x7x7xf32>) -> tensor<1x64x?x?xf32>
    "llh.symbolic_bind"(%66, %65) <{expressions = #map1}> : (tensor<1x64x?x?xf32>, i64) -> ()
    %67 = "llh.batch_norm"(%66, %2, %3, %35, %36) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x?x?xf32>
    "llh.symbolic_bind"(%67, %65) <{expressions = #map1}> : (tensor<1x64x?x?xf32>, i64) -> ()
    %68 = "llh.relu"(%67) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    "llh.symbolic_bind"(%68, %65) <{expressions = #map1}> : (tensor<1x64x?x?xf32>, i64) -> ()
    %69 = "llh.max_pool"(%68) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    "llh.symbolic_bind"(%69, %65) <{expressions = #map2}> : (tensor<1x64x?x?xf32>, i64) -> ()
    %70 = "llh.conv"(%69, %4) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x64x?x?xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x?x?xf32>
    "llh.symbolic_bind"(%70, %65) <{expressions = #map2}> : (tensor<1x64x?x?xf32>, i64) -> ()
    %71 = "llh.batch_norm"(%70, %5, %6, %38, %39) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x?x?xf32>
    "llh.symbolic_bind"(%71, %65) <{expressions = #map2}> : (tensor<1x64x?x?xf32>, i64) -> ()
    %72 = "llh.relu"(%71) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    "llh.symbolic_bind"(%72, %65) <{expressions = #map2}> : (tensor<1x64x?x?xf32>, i64) -> ()
    %107 = "llh.add"(%106, %34) : (tensor<1x10xf32>, tensor<10xf32>) -> tensor<1x10xf32>
    "llh.symbolic_bind"(%107) <{expressions = #map6}> : (tensor<1x10xf32>) -> ()
    return %107 : tensor<1x10xf32>
  }
}

// -----
// ResNet-18, before --infer-symbolic-shape (elided weights filled in; the conv operand type of %arg0 follows the signature)
// CHECK-LABEL: func.func @main
// CHECK:         "llh.conv"(%arg0, %4) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}>
// CHECK:         "llh.matmul"

func.func @main(%arg0: tensor<1x3x?x?xf32> {func.input_symbol_0 = "c1", func.input_symbol_1 = "c3", func.input_symbol_2 = "s1", func.input_symbol_3 = "s1"}) -> tensor<1x10xf32> attributes {entrance} {
    %0 = "llh.constant"() <{symbol = @c3, value = 3 : i64}> : () -> i64
    %1 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
    %2 = "llh.constant"() <{symbol = @c2, value = 2 : i64}> : () -> i64
    %3 = "llh.constant"() <{value = 1 : i64}> : () -> i64
    %4 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x3x7x7xf32>
    %5 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %6 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %7 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x64x3x3xf32>
    %8 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %9 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %10 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x64x3x3xf32>
    %11 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %12 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %13 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x64x3x3xf32>
    %14 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %15 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %16 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x64x3x3xf32>
    %17 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %18 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %19 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128x64x3x3xf32>
    %20 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %21 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %22 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128x128x3x3xf32>
    %23 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %24 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %25 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128x64x1x1xf32>
    %26 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %27 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %28 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128x128x3x3xf32>
    %29 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %30 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %31 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128x128x3x3xf32>
    %32 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %33 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %34 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<512x100352xf32>
    %35 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<512xf32>
    %36 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<10x512xf32>
    %37 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<10xf32>
    %38 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %39 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %41 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %42 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %44 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %45 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %47 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %48 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %50 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %51 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64xf32>
    %53 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %54 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %56 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %57 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %59 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %60 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %62 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %63 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %65 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %66 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<128xf32>
    %67 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<1xi64>
    %68 = "llh.conv"(%arg0, %4) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<1x3x?x?xf32>, tensor<64x3x7x7xf32>) -> tensor<1x64x?x?xf32>
    %69 = "llh.batch_norm"(%68, %5, %6, %38, %39) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x?x?xf32>
    %70 = "llh.relu"(%69) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %71 = "llh.max_pool"(%70) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %72 = "llh.conv"(%71, %7) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x64x?x?xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x?x?xf32>
    %73 = "llh.batch_norm"(%72, %8, %9, %41, %42) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x?x?xf32>
    %74 = "llh.relu"(%73) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %75 = "llh.conv"(%74, %10) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x64x?x?xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x?x?xf32>
    %76 = "llh.batch_norm"(%75, %11, %12, %44, %45) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x?x?xf32>
    %77 = "llh.add"(%76, %71) : (tensor<1x64x?x?xf32>, tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %78 = "llh.relu"(%77) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %79 = "llh.conv"(%78, %13) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x64x?x?xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x?x?xf32>
    %80 = "llh.batch_norm"(%79, %14, %15, %47, %48) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x?x?xf32>
    %81 = "llh.relu"(%80) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %82 = "llh.conv"(%81, %16) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x64x?x?xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x?x?xf32>
    %83 = "llh.batch_norm"(%82, %17, %18, %50, %51) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x?x?xf32>
    %84 = "llh.add"(%83, %78) : (tensor<1x64x?x?xf32>, tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %85 = "llh.relu"(%84) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
    %86 = "llh.conv"(%85, %19) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<1x64x?x?xf32>, tensor<128x64x3x3xf32>) -> tensor<1x128x?x?xf32>
    %87 = "llh.batch_norm"(%86, %20, %21, %53, %54) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x128x?x?xf32>
    %88 = "llh.relu"(%87) : (tensor<1x128x?x?xf32>) -> tensor<1x128x?x?xf32>
    %89 = "llh.conv"(%88, %22) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x128x?x?xf32>, tensor<128x128x3x3xf32>) -> tensor<1x128x?x?xf32>
    %90 = "llh.batch_norm"(%89, %23, %24, %56, %57) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x128x?x?xf32>
    %91 = "llh.conv"(%85, %25) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x64x?x?xf32>, tensor<128x64x1x1xf32>) -> tensor<1x128x?x?xf32>
    %92 = "llh.batch_norm"(%91, %26, %27, %59, %60) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x128x?x?xf32>
    %93 = "llh.add"(%90, %92) : (tensor<1x128x?x?xf32>, tensor<1x128x?x?xf32>) -> tensor<1x128x?x?xf32>
    %94 = "llh.relu"(%93) : (tensor<1x128x?x?xf32>) -> tensor<1x128x?x?xf32>
    %95 = "llh.conv"(%94, %28) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x128x?x?xf32>, tensor<128x128x3x3xf32>) -> tensor<1x128x?x?xf32>
    %96 = "llh.batch_norm"(%95, %29, %30, %62, %63) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x128x?x?xf32>
    %97 = "llh.relu"(%96) : (tensor<1x128x?x?xf32>) -> tensor<1x128x?x?xf32>
    %98 = "llh.conv"(%97, %31) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x128x?x?xf32>, tensor<128x128x3x3xf32>) -> tensor<1x128x?x?xf32>
    %99 = "llh.batch_norm"(%98, %32, %33, %65, %66) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>, tensor<128xf32>) -> tensor<1x128x?x?xf32>
    %100 = "llh.add"(%99, %94) : (tensor<1x128x?x?xf32>, tensor<1x128x?x?xf32>) -> tensor<1x128x?x?xf32>
    %101 = "llh.relu"(%100) : (tensor<1x128x?x?xf32>) -> tensor<1x128x?x?xf32>
    %102 = "llh.dim"(%101, %1) : (tensor<1x128x?x?xf32>, i64) -> i64
    %103 = "llh.dim"(%101, %3) : (tensor<1x128x?x?xf32>, i64) -> i64
    %104 = "llh.dim"(%101, %2) : (tensor<1x128x?x?xf32>, i64) -> i64
    %105 = "llh.dim"(%101, %0) : (tensor<1x128x?x?xf32>, i64) -> i64
    %106 = "llh.mul"(%103, %104) : (i64, i64) -> i64
    %107 = "llh.mul"(%106, %105) : (i64, i64) -> i64
    %108 = "llh.reshape"(%101, %102, %107) : (tensor<1x128x?x?xf32>, i64, i64) -> tensor<1x?xf32>
    %109 = "llh.transpose"(%34) <{perms = array<i64: 1, 0>}> : (tensor<512x100352xf32>) -> tensor<100352x512xf32>
    %110 = "llh.matmul"(%108, %109) : (tensor<1x?xf32>, tensor<100352x512xf32>) -> tensor<1x512xf32>
    %111 = "llh.add"(%110, %35) : (tensor<1x512xf32>, tensor<512xf32>) -> tensor<1x512xf32>
    %112 = "llh.dim"(%111, %1) : (tensor<1x512xf32>, i64) -> i64
    %113 = "llh.dim"(%111, %3) : (tensor<1x512xf32>, i64) -> i64
    %114 = "llh.reshape"(%111, %112, %113) : (tensor<1x512xf32>, i64, i64) -> tensor<1x512xf32>
    %115 = "llh.transpose"(%36) <{perms = array<i64: 1, 0>}> : (tensor<10x512xf32>) -> tensor<512x10xf32>
    %116 = "llh.matmul"(%114, %115) : (tensor<1x512xf32>, tensor<512x10xf32>) -> tensor<1x10xf32>
    %117 = "llh.add"(%116, %37) : (tensor<1x10xf32>, tensor<10xf32>) -> tensor<1x10xf32>
    return %117 : tensor<1x10xf32>
  }

// -----
// ResNet-18, after --infer-symbolic-shape (elided weights filled in)
// CHECK-LABEL: func.func @main
// CHECK:         "llh.reshape"(%{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}) : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>, i64, i64) -> tensor<1x?xf32, #llh.encoding<shapes = @c1, @s24>>
// CHECK:         module @__symbol__ {
// CHECK-NEXT:      "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @s23, relations_rhs = @s22, symbol = @s24}> : () -> ()

module attributes {builtin.gloabal_layout = "NCHW"} {
  "llh.symbolic_int"() <{sym_name = "s24"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s23"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s22"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s21"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s20"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s19"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s14"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s13"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s12"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s11"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s10"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s9"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s6"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s5"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c7"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c64"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c10"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c512"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c128"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c0"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c1"}> : () -> ()
  func.func @main(%arg0: tensor<1x3x?x?xf32, #llh.encoding<shapes = @c1, @c3, @s1, @s1>> {func.input_symbol_0 = "c1", func.input_symbol_1 = "c3", func.input_symbol_2 = "s1", func.input_symbol_3 = "s1"}) -> tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>> attributes {entrance} {
    %0 = "llh.constant"() <{symbol = @c10, value = 10 : i64}> : () -> i64
    %1 = "llh.constant"() <{symbol = @c512, value = 512 : i64}> : () -> i64
    %2 = "llh.constant"() <{symbol = @c128, value = 128 : i64}> : () -> i64
    %3 = "llh.constant"() <{symbol = @c3, value = 3 : i64}> : () -> i64
    %4 = "llh.constant"() <{symbol = @c2, value = 2 : i64}> : () -> i64
    %5 = "llh.constant"() <{symbol = @c1, value = 1 : i64}> : () -> i64
    %6 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64x3x7x7xf32, #llh.encoding<shapes = @c64, @c3, @c7, @c7>>
    %7 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %8 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %9 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64x64x3x3xf32, #llh.encoding<shapes = @c64, @c64, @c3, @c3>>
    %10 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %11 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %12 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64x64x3x3xf32, #llh.encoding<shapes = @c64, @c64, @c3, @c3>>
    %13 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %14 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %15 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64x64x3x3xf32, #llh.encoding<shapes = @c64, @c64, @c3, @c3>>
    %16 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %17 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %18 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64x64x3x3xf32, #llh.encoding<shapes = @c64, @c64, @c3, @c3>>
    %19 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %20 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %21 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128x64x3x3xf32, #llh.encoding<shapes = @c128, @c64, @c3, @c3>>
    %22 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %23 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %24 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128x128x3x3xf32, #llh.encoding<shapes = @c128, @c128, @c3, @c3>>
    %25 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %26 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %27 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128x64x1x1xf32, #llh.encoding<shapes = @c128, @c64, @c1, @c1>>
    %28 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %29 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %30 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128x128x3x3xf32, #llh.encoding<shapes = @c128, @c128, @c3, @c3>>
    %31 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %32 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %33 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128x128x3x3xf32, #llh.encoding<shapes = @c128, @c128, @c3, @c3>>
    %34 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %35 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %36 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<512x100352xf32, #llh.encoding<shapes = @c512, @s24>>
    %37 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<512xf32, #llh.encoding<shapes = @c512>>
    %38 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<10x512xf32, #llh.encoding<shapes = @c10, @c512>>
    %39 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<10xf32, #llh.encoding<shapes = @c10>>
    %40 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %41 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %43 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %44 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %46 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %47 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %49 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %50 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %52 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %53 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<64xf32, #llh.encoding<shapes = @c64>>
    %55 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %56 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %58 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %59 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %61 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %62 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %64 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %65 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %67 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %68 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<128xf32, #llh.encoding<shapes = @c128>>
    %70 = "llh.conv"(%arg0, %6) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NCHW>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x3x?x?xf32, #llh.encoding<shapes = @c1, @c3, @s1, @s1>>, tensor<64x3x7x7xf32, #llh.encoding<shapes = @c64, @c3, @c7, @c7>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s0, @s2>>
    %71 = "llh.batch_norm"(%70, %7, %8, %40, %41) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s0, @s2>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s0, @s2>>
    %72 = "llh.relu"(%71) : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s0, @s2>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s0, @s2>>
    %73 = "llh.max_pool"(%72) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s0, @s2>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>
    %74 = "llh.conv"(%73, %9) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>, tensor<64x64x3x3xf32, #llh.encoding<shapes = @c64, @c64, @c3, @c3>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s5, @s6>>
    %75 = "llh.batch_norm"(%74, %10, %11, %43, %44) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s5, @s6>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s5, @s6>>
    %76 = "llh.relu"(%75) : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s5, @s6>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s5, @s6>>
    %77 = "llh.conv"(%76, %12) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s5, @s6>>, tensor<64x64x3x3xf32, #llh.encoding<shapes = @c64, @c64, @c3, @c3>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>
    %78 = "llh.batch_norm"(%77, %13, %14, %46, %47) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>
    %79 = "llh.add"(%78, %73) : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>, tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>
    %80 = "llh.relu"(%79) : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>
    %81 = "llh.conv"(%80, %15) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>, tensor<64x64x3x3xf32, #llh.encoding<shapes = @c64, @c64, @c3, @c3>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s9, @s10>>
    %82 = "llh.batch_norm"(%81, %16, %17, %49, %50) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s9, @s10>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s9, @s10>>
    %83 = "llh.relu"(%82) : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s9, @s10>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s9, @s10>>
    %84 = "llh.conv"(%83, %18) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s9, @s10>>, tensor<64x64x3x3xf32, #llh.encoding<shapes = @c64, @c64, @c3, @c3>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>
    %85 = "llh.batch_norm"(%84, %19, %20, %52, %53) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>, tensor<64xf32, #llh.encoding<shapes = @c64>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>
    %86 = "llh.add"(%85, %80) : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>, tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>
    %87 = "llh.relu"(%86) : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>) -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>
    %88 = "llh.conv"(%87, %21) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>, tensor<128x64x3x3xf32, #llh.encoding<shapes = @c128, @c64, @c3, @c3>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s13, @s14>>
    %89 = "llh.batch_norm"(%88, %22, %23, %55, %56) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s13, @s14>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s13, @s14>>
    %90 = "llh.relu"(%89) : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s13, @s14>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s13, @s14>>
    %91 = "llh.conv"(%90, %24) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s13, @s14>>, tensor<128x128x3x3xf32, #llh.encoding<shapes = @c128, @c128, @c3, @c3>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>
    %92 = "llh.batch_norm"(%91, %25, %26, %58, %59) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>
    %93 = "llh.conv"(%87, %27) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 1, 1>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s11, @s12>>, tensor<128x64x1x1xf32, #llh.encoding<shapes = @c128, @c64, @c1, @c1>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>
    %94 = "llh.batch_norm"(%93, %28, %29, %61, %62) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>
    %95 = "llh.add"(%92, %94) : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>, tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>
    %96 = "llh.relu"(%95) : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>
    %97 = "llh.conv"(%96, %30) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>, tensor<128x128x3x3xf32, #llh.encoding<shapes = @c128, @c128, @c3, @c3>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s19, @s20>>
    %98 = "llh.batch_norm"(%97, %31, %32, %64, %65) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s19, @s20>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s19, @s20>>
    %99 = "llh.relu"(%98) : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s19, @s20>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s19, @s20>>
    %100 = "llh.conv"(%99, %33) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s19, @s20>>, tensor<128x128x3x3xf32, #llh.encoding<shapes = @c128, @c128, @c3, @c3>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>
    %101 = "llh.batch_norm"(%100, %34, %35, %67, %68) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>, tensor<128xf32, #llh.encoding<shapes = @c128>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>
    %102 = "llh.add"(%101, %96) : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>, tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>
    %103 = "llh.relu"(%102) : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>) -> tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>
    %104 = "llh.dim"(%103, %4) <{symbol = @s21}> : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>, i64) -> i64
    %105 = "llh.dim"(%103, %3) <{symbol = @s22}> : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>, i64) -> i64
    %106 = "llh.mul"(%2, %104) <{symbol = @s23}> : (i64, i64) -> i64
    %107 = "llh.mul"(%106, %105) <{symbol = @s24}> : (i64, i64) -> i64
    %108 = "llh.reshape"(%103, %5, %107) : (tensor<1x128x?x?xf32, #llh.encoding<shapes = @c1, @c128, @s21, @s22>>, i64, i64) -> tensor<1x?xf32, #llh.encoding<shapes = @c1, @s24>>
    %109 = "llh.transpose"(%36) <{perms = array<i64: 1, 0>}> : (tensor<512x100352xf32, #llh.encoding<shapes = @c512, @s24>>) -> tensor<100352x512xf32, #llh.encoding<shapes = @s24, @c512>>
    %110 = "llh.matmul"(%108, %109) : (tensor<1x?xf32, #llh.encoding<shapes = @c1, @s24>>, tensor<100352x512xf32, #llh.encoding<shapes = @s24, @c512>>) -> tensor<1x512xf32, #llh.encoding<shapes = @c1, @c512>>
    %111 = "llh.reshape"(%37, %5, %1) : (tensor<512xf32, #llh.encoding<shapes = @c512>>, i64, i64) -> tensor<1x512xf32, #llh.encoding<shapes = @c1, @c512>>
    %112 = "llh.add"(%110, %111) : (tensor<1x512xf32, #llh.encoding<shapes = @c1, @c512>>, tensor<1x512xf32, #llh.encoding<shapes = @c1, @c512>>) -> tensor<1x512xf32, #llh.encoding<shapes = @c1, @c512>>
    %113 = "llh.reshape"(%112, %5, %1) : (tensor<1x512xf32, #llh.encoding<shapes = @c1, @c512>>, i64, i64) -> tensor<1x512xf32, #llh.encoding<shapes = @c1, @c512>>
    %114 = "llh.transpose"(%38) <{perms = array<i64: 1, 0>}> : (tensor<10x512xf32, #llh.encoding<shapes = @c10, @c512>>) -> tensor<512x10xf32, #llh.encoding<shapes = @c512, @c10>>
    %115 = "llh.matmul"(%113, %114) : (tensor<1x512xf32, #llh.encoding<shapes = @c1, @c512>>, tensor<512x10xf32, #llh.encoding<shapes = @c512, @c10>>) -> tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>>
    %116 = "llh.reshape"(%39, %5, %0) : (tensor<10xf32, #llh.encoding<shapes = @c10>>, i64, i64) -> tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>>
    %117 = "llh.add"(%115, %116) : (tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>>, tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>>) -> tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>>
    return %117 : tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>>
  }
  module @__symbol__ {
    "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @s23, relations_rhs = @s22, symbol = @s24}> : () -> ()
    "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @c128, relations_rhs = @s21, symbol = @s23}> : () -> ()
  }
}
