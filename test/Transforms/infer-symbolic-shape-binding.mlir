// RUN: llh-opt %s -split-input-file --infer-symbolic-shape="use-encoding=false" | filecheck %s
// RUN: llh-opt %s -split-input-file --infer-symbolic-shape="use-binding=false" | filecheck %s
// RUN: llh-opt %s -split-input-file --pass-pipeline="builtin.module(infer-symbol-shape{use-encoding=false})" | filecheck %s
// The binding mode is the encoding mode followed by --encoding-to-bind:
// RUN: llh-opt %s -split-input-file --infer-symbolic-shape --encoding-to-bind | filecheck %s
// Idempotence: a second run over the bound output changes nothing.
// RUN: llh-opt %s -split-input-file --infer-symbolic-shape="use-encoding=false" > %t.1.mlir
// RUN: llh-opt %t.1.mlir -split-input-file --infer-symbolic-shape="use-encoding=false" > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// `use-encoding=false` (alias `use-binding=false`, spec D7): the same symbols as the encoding
// mode, recorded with `llh.encoding_bind` right after each defining op (arguments: at the top
// of the entry block) and `llh.symbol_bind` after each symbol-carrying integer; types stay
// plain, the function type follows them.

// The matmul example of §4.8 in binding mode.
func.func @matmul(%arg0: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}) -> tensor<*xf32> attributes {entrance} {
  %const = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<512x10xf32>
  %matmul = "llh.matmul"(%arg0, %const) : (tensor<?x?xf32>, tensor<512x10xf32>) -> tensor<*xf32>
  return %matmul : tensor<*xf32>
}

//      CHECK: module {
// CHECK-NEXT:   "llh.symbolic_int"() <{sym_name = "c10"}> : () -> ()
// CHECK-NEXT:   "llh.symbolic_int"() <{sym_name = "c512"}> : () -> ()
// CHECK-NEXT:   "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:   "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:   func.func @matmul(%arg0: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}) -> tensor<?x10xf32> attributes {entrance} {
// CHECK-NEXT:     "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @s1>}> : (tensor<?x?xf32>) -> ()
// CHECK-NEXT:     %0 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<512x10xf32>
// CHECK-NEXT:     "llh.encoding_bind"(%0) <{encoding = #llh.encoding<shapes = @c512, @c10>}> : (tensor<512x10xf32>) -> ()
// CHECK-NEXT:     %1 = "llh.matmul"(%arg0, %0) : (tensor<?x?xf32>, tensor<512x10xf32>) -> tensor<?x10xf32>
// CHECK-NEXT:     "llh.encoding_bind"(%1) <{encoding = #llh.encoding<shapes = @s0, @c10>}> : (tensor<?x10xf32>) -> ()
// CHECK-NEXT:     return %1 : tensor<?x10xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   module @__symbol__ {
// CHECK-NEXT:     "llh.symbol_relation"() <{relation = @c512, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s1}> : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Integer arguments of an entrance function get `func.symbol_int = @sN` (a string given there
// becomes a reference, HEAD §4.9; the encoding mode does the same), so sizes taken from them have a symbol; scalars get
// `llh.symbol_bind`.
func.func @scalars(%x: tensor<?x4xf32>, %n: i64, %m: i64 {func.symbol_int = "s7"}) -> (tensor<*xf32>, tensor<*xf32>) attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %d = "llh.dim"(%x, %c0) : (tensor<?x4xf32>, i64) -> i64
  %s = "llh.add"(%d, %n) : (i64, i64) -> i64
  %e = "llh.empty"(%s, %m) : (i64, i64) -> tensor<*xf32>
  %f = "llh.empty"(%n, %m) : (i64, i64) -> tensor<*xf32>
  return %e, %f : tensor<*xf32>, tensor<*xf32>
}

// CHECK-LABEL: func.func @scalars(%arg0: tensor<?x4xf32>, %arg1: i64 {func.symbol_int = @s1}, %arg2: i64 {func.symbol_int = @s7}) -> (tensor<?x?xf32>, tensor<?x?xf32>) attributes {entrance} {
//  CHECK-NEXT: "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @c4>}> : (tensor<?x4xf32>) -> ()
//  CHECK-NEXT: %0 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
//  CHECK-NEXT: "llh.symbol_bind"(%0) <{symbol = @c0}> : (i64) -> ()
//  CHECK-NEXT: %1 = "llh.dim"(%arg0, %0) <{symbol = @s0}> : (tensor<?x4xf32>, i64) -> i64
//  CHECK-NEXT: "llh.symbol_bind"(%1) <{symbol = @s0}> : (i64) -> ()
//  CHECK-NEXT: %2 = "llh.add"(%1, %arg1) <{symbol = @s2}> : (i64, i64) -> i64
//  CHECK-NEXT: "llh.symbol_bind"(%2) <{symbol = @s2}> : (i64) -> ()
//  CHECK-NEXT: %3 = "llh.empty"(%2, %arg2) : (i64, i64) -> tensor<?x?xf32>
//  CHECK-NEXT: "llh.encoding_bind"(%3) <{encoding = #llh.encoding<shapes = @s2, @s7>}> : (tensor<?x?xf32>) -> ()
//  CHECK-NEXT: %4 = "llh.empty"(%arg1, %arg2) : (i64, i64) -> tensor<?x?xf32>
//  CHECK-NEXT: "llh.encoding_bind"(%4) <{encoding = #llh.encoding<shapes = @s1, @s7>}> : (tensor<?x?xf32>) -> ()
//  CHECK-NEXT: return %3, %4 : tensor<?x?xf32>, tensor<?x?xf32>
//       CHECK: "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Add>, relations_lhs = @s0, relations_rhs = @s1, symbol = @s2}> : () -> ()

// -----

// Input that already records its argument's symbols with a bind (no type encoding): the rules
// read the bind, no second bind is added.
"llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
func.func @from_binds(%a: tensor<?x?xf32>) -> tensor<*xf32> attributes {entrance} {
  "llh.encoding_bind"(%a) <{encoding = #llh.encoding<shapes = @s0, @s1>}> : (tensor<?x?xf32>) -> ()
  %0 = "llh.relu"(%a) : (tensor<?x?xf32>) -> tensor<*xf32>
  %1 = "llh.transpose"(%0) <{perms = array<i64: 1, 0>}> : (tensor<*xf32>) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}

// CHECK-LABEL: func.func @from_binds(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32> attributes {entrance} {
//  CHECK-NEXT: "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @s1>}> : (tensor<?x?xf32>) -> ()
//  CHECK-NEXT: %0 = "llh.relu"(%arg0) : (tensor<?x?xf32>) -> tensor<?x?xf32>
//  CHECK-NEXT: "llh.encoding_bind"(%0) <{encoding = #llh.encoding<shapes = @s0, @s1>}> : (tensor<?x?xf32>) -> ()
//  CHECK-NEXT: %1 = "llh.transpose"(%0) <{perms = array<i64: 1, 0>}> : (tensor<?x?xf32>) -> tensor<?x?xf32>
//  CHECK-NEXT: "llh.encoding_bind"(%1) <{encoding = #llh.encoding<shapes = @s1, @s0>}> : (tensor<?x?xf32>) -> ()
//  CHECK-NEXT: return %1 : tensor<?x?xf32>
