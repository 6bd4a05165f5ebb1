// RUN: llh-opt %s | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: llh-opt %s | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
//
// Every symbol-infrastructure op (spec §3.1, and HEAD's symbol_relation_map of §9) in generic
// form: parses without --allow-unregistered-dialect, verifies and round-trips through the default
// and the generic printer (LLH ops have no custom form: both print the generic form).

// CHECK: #map = affine_map<()[s0] -> (s0, 3)>
// CHECK: #map1 = affine_map<()[s0, s1] -> (s0 * 512)>
// CHECK: "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT: "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
// CHECK-LABEL: func.func @symbols(%arg0: tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, %arg1: i64, %arg2: index) -> tensor<?x3xf32> {
// CHECK-NEXT: "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @c3>}> : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> ()
// CHECK-NEXT: "llh.symbol_bind"(%arg1) <{symbol = @s0}> : (i64) -> ()
// CHECK-NEXT: "llh.symbol_bind"(%arg2) <{symbol = @s0}> : (index) -> ()
// CHECK-NEXT: %0 = "llh.symbolic_cast"(%arg0) : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> tensor<?x3xf32>
// CHECK-NEXT: %1 = "llh.torch_symbolic_int"() <{sym_name = "s0"}> : () -> i64
// CHECK-NEXT: "llh.symbolic_bind"(%0, %1) <{expressions = #map}> : (tensor<?x3xf32>, i64) -> ()
// CHECK-NEXT: "llh.symbolic_bind"(%0) <{expressions = #map}> {stop_run} : (tensor<?x3xf32>) -> ()
// CHECK-NEXT: %2:2 = "llh.aot"(%0, %arg1) <{name = "aot1"}> : (tensor<?x3xf32>, i64) -> (tensor<?x3xf32>, i64)
// CHECK-NEXT: return %2#0 : tensor<?x3xf32>
// CHECK: module @__symbol__ {
// CHECK-NEXT: "llh.symbol_relation"() <{relation = @c3, relation_kind = #llh.SymbolRelation<GE>, symbol = @s0}> : () -> ()
// CHECK-NEXT: "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @s0, relations_rhs = @c3, symbol = @s1}> : () -> ()
// CHECK-NEXT: "llh.symbol_relation_map"() <{express = "512*s0", relation = #map1, relations = [@s0, @c512], symbol = @s2}> : () -> ()

// GENERIC: "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// GENERIC: "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
// GENERIC: "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @c3>}> : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> ()
// GENERIC: "llh.symbol_bind"(%arg1) <{symbol = @s0}> : (i64) -> ()
// GENERIC: "llh.symbol_bind"(%arg2) <{symbol = @s0}> : (index) -> ()
// GENERIC: %0 = "llh.symbolic_cast"(%arg0) : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> tensor<?x3xf32>
// GENERIC: %1 = "llh.torch_symbolic_int"() <{sym_name = "s0"}> : () -> i64
// GENERIC: "llh.symbolic_bind"(%0, %1) <{expressions = #map}> : (tensor<?x3xf32>, i64) -> ()
// GENERIC: "llh.symbolic_bind"(%0) <{expressions = #map}> {stop_run} : (tensor<?x3xf32>) -> ()
// GENERIC: %2:2 = "llh.aot"(%0, %arg1) <{name = "aot1"}> : (tensor<?x3xf32>, i64) -> (tensor<?x3xf32>, i64)
// GENERIC: "llh.symbol_relation"() <{relation = @c3, relation_kind = #llh.SymbolRelation<GE>, symbol = @s0}> : () -> ()
// GENERIC: "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @s0, relations_rhs = @c3, symbol = @s1}> : () -> ()
// GENERIC: "llh.symbol_relation_map"() <{express = "512*s0", relation = #map1, relations = [@s0, @c512], symbol = @s2}> : () -> ()

"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
func.func @symbols(%arg0: tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, %n: i64, %i: index) -> tensor<?x3xf32> {
  "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @c3>}> : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> ()
  "llh.symbol_bind"(%n) <{symbol = @s0}> : (i64) -> ()
  "llh.symbol_bind"(%i) <{symbol = @s0}> : (index) -> ()
  %0 = "llh.symbolic_cast"(%arg0) : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> tensor<?x3xf32>
  %1 = "llh.torch_symbolic_int"() <{sym_name = "s0"}> : () -> i64
  "llh.symbolic_bind"(%0, %1) <{expressions = affine_map<()[s0] -> (s0, 3)>}> : (tensor<?x3xf32>, i64) -> ()
  "llh.symbolic_bind"(%0) <{expressions = affine_map<()[s0] -> (s0, 3)>}> {stop_run} : (tensor<?x3xf32>) -> ()
  %2:2 = "llh.aot"(%0, %n) <{name = "aot1"}> : (tensor<?x3xf32>, i64) -> (tensor<?x3xf32>, i64)
  return %2#0 : tensor<?x3xf32>
}
module @__symbol__ {
  "llh.symbol_relation"() <{relation = @c3, relation_kind = #llh.SymbolRelation<GE>, symbol = @s0}> : () -> ()
  "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @s0, relations_rhs = @c3, symbol = @s1}> : () -> ()
  "llh.symbol_relation_map"() <{express = "512*s0", relation = affine_map<()[s0, s1] -> (s0 * 512)>, relations = [@s0, @c512], symbol = @s2}> : () -> ()
}
