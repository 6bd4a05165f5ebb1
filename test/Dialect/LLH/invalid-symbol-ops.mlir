// RUN: llh-opt %s -split-input-file -verify-diagnostics
//
// One invalid instance per verifier rule of the symbol-infrastructure ops (spec §3.1, §9).

// expected-note@+1 {{see existing symbol definition here}}
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// expected-error@+1 {{redefinition of symbol named 's0'}}
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()

// -----

// expected-error@+1 {{'llh.symbolic_int' op requires attribute 'sym_name'}}
"llh.symbolic_int"() : () -> ()

// -----

// expected-error@+1 {{invalid properties {sym_name = @s0} for op llh.symbolic_int: Invalid attribute `sym_name` in property conversion: @s0}}
"llh.symbolic_int"() <{sym_name = @s0}> : () -> ()

// -----

// expected-error@+1 {{'llh.symbolic_int' op requires a non-empty 'sym_name'}}
"llh.symbolic_int"() <{sym_name = ""}> : () -> ()

// -----

func.func @f() {
  // expected-error@+1 {{'llh.symbolic_int' op expects parent op 'builtin.module'}}
  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
  return
}

// -----

// expected-error@+1 {{'llh.symbolic_int' op requires zero results}}
%0 = "llh.symbolic_int"() <{sym_name = "s0"}> : () -> i64

// -----

// expected-error@+1 {{'llh.symbol_relation' op 'relation_kind' must be one of EQ, GE, LE, GT, LT, NOTEQ, got Mul}}
"llh.symbol_relation"() <{relation = @s1, relation_kind = #llh.SymbolRelation<Mul>, symbol = @s0}> : () -> ()

// -----

// expected-error@+1 {{'llh.symbol_relation' op requires attribute 'relation'}}
"llh.symbol_relation"() <{relation_kind = #llh.SymbolRelation<EQ>, symbol = @s0}> : () -> ()

// -----

// expected-error@+1 {{invalid properties {relation = @s1, relation_kind = #llh.Layout<NCHW>, symbol = @s0} for op llh.symbol_relation: Invalid attribute `relation_kind` in property conversion: #llh.Layout<NCHW>}}
"llh.symbol_relation"() <{relation = @s1, relation_kind = #llh.Layout<NCHW>, symbol = @s0}> : () -> ()

// -----

// expected-error@+1 {{'llh.symbol_relation' op attribute 'symbol' failed to satisfy constraint: flat symbol reference attribute}}
"llh.symbol_relation"() <{relation = @s1, relation_kind = #llh.SymbolRelation<EQ>, symbol = @m::@s0}> : () -> ()

// -----

// expected-error@+1 {{'llh.symbol_binary_relation' op 'relation_kind' must be one of Add, Sub, Mul, FloorDiv, got EQ}}
"llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<EQ>, relations_lhs = @s0, relations_rhs = @c1, symbol = @s1}> : () -> ()

// -----

// expected-error@+1 {{'llh.symbol_binary_relation' op FloorDiv relation divides by the constant symbol @c0}}
"llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<FloorDiv>, relations_lhs = @s0, relations_rhs = @c0, symbol = @s1}> : () -> ()

// -----

// expected-error@+1 {{'llh.symbol_relation_map' op 'relation' must have exactly one result, got 2}}
"llh.symbol_relation_map"() <{express = "s0", relation = affine_map<()[s0] -> (s0, s0)>, relations = [@s0], symbol = @s1}> : () -> ()

// -----

// expected-error@+1 {{'llh.symbol_relation_map' op 'relation' has 2 symbols but 'relations' names 1}}
"llh.symbol_relation_map"() <{express = "512*s0", relation = affine_map<()[s0, s1] -> (s0 * 512)>, relations = [@s0], symbol = @s1}> : () -> ()

// -----

// expected-error@+1 {{'llh.symbol_relation_map' op attribute 'relations' failed to satisfy constraint: flat symbol ref array attribute}}
"llh.symbol_relation_map"() <{express = "s0", relation = affine_map<()[s0] -> (s0)>, relations = ["s0"], symbol = @s1}> : () -> ()

// -----

func.func @f(%arg0: tensor<?x3xf32>) {
  // expected-error@+1 {{'llh.encoding_bind' op 'encoding' has 3 symbols but the operand has rank 2}}
  "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @c3, @s1>}> : (tensor<?x3xf32>) -> ()
  return
}

// -----

func.func @f(%arg0: tensor<?x3xf32>) {
  // expected-error@+1 {{'llh.encoding_bind' op dimension 1 has static size 3 but 'encoding' names it @c4}}
  "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @c4>}> : (tensor<?x3xf32>) -> ()
  return
}

// -----

func.func @f(%arg0: vector<3xf32>) {
  // expected-error@+1 {{'llh.encoding_bind' op operand #0 must be ranked memref of rank >= 1 or tensor of LLH float or integer values, but got 'vector<3xf32>'}}
  "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @c3>}> : (vector<3xf32>) -> ()
  return
}

// -----

func.func @f(%arg0: tensor<3xf32>) {
  // expected-error@+1 {{invalid properties {encoding = #llh.Layout<NCHW>} for op llh.encoding_bind: Invalid attribute `encoding` in property conversion: #llh.Layout<NCHW>}}
  "llh.encoding_bind"(%arg0) <{encoding = #llh.Layout<NCHW>}> : (tensor<3xf32>) -> ()
  return
}

// -----

func.func @f(%arg0: f32) {
  // expected-error@+1 {{'llh.symbol_bind' op operand #0 must be signless integer or index, but got 'f32'}}
  "llh.symbol_bind"(%arg0) <{symbol = @s0}> : (f32) -> ()
  return
}

// -----

func.func @f(%arg0: tensor<?x3xf32>) {
  // expected-error@+1 {{'llh.symbolic_cast' op operand type 'tensor<?x3xf32>' and result type 'tensor<*xf32>' are cast incompatible}}
  %0 = "llh.symbolic_cast"(%arg0) : (tensor<?x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%arg0: tensor<?x3xf32>) {
  // expected-error@+1 {{'llh.symbolic_cast' op operand type 'tensor<?x3xf32>' and result type 'tensor<?x3xf16>' are cast incompatible}}
  %0 = "llh.symbolic_cast"(%arg0) : (tensor<?x3xf32>) -> tensor<?x3xf16>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'llh.torch_symbolic_int' op result #0 must be 64-bit signless integer, but got 'i32'}}
  %0 = "llh.torch_symbolic_int"() <{sym_name = "s0"}> : () -> i32
  return
}

// -----

func.func @f(%arg0: tensor<1x3x?x?xf32>, %s: i64) {
  // expected-error@+1 {{'llh.symbolic_bind' op 'expressions' has 3 results but the operand has rank 4}}
  "llh.symbolic_bind"(%arg0, %s) <{expressions = affine_map<()[s0] -> (1, 3, s0)>}> : (tensor<1x3x?x?xf32>, i64) -> ()
  return
}

// -----

func.func @f(%arg0: tensor<1x3x?x?xf32>, %s: i64) {
  // expected-error@+1 {{'llh.symbolic_bind' op dimension 1 has static size 3 but 'expressions' gives 4}}
  "llh.symbolic_bind"(%arg0, %s) <{expressions = affine_map<()[s0] -> (1, 4, s0, s0)>}> : (tensor<1x3x?x?xf32>, i64) -> ()
  return
}

// -----

func.func @f(%arg0: tensor<1x3x?x?xf32>, %s: i64) {
  // expected-error@+1 {{'llh.symbolic_bind' op has 2 bind symbols but 'expressions' declares only 1}}
  "llh.symbolic_bind"(%arg0, %s, %s) <{expressions = affine_map<()[s0] -> (1, 3, s0, s0)>}> : (tensor<1x3x?x?xf32>, i64, i64) -> ()
  return
}

// -----

func.func @f(%arg0: tensor<1x3x?x?xf32>, %s: i64) {
  // expected-error@+1 {{'llh.symbolic_bind' op 'expressions' must use symbols only, but it has 1 dimensions}}
  "llh.symbolic_bind"(%arg0, %s) <{expressions = affine_map<(d0)[s0] -> (1, 3, s0, d0)>}> : (tensor<1x3x?x?xf32>, i64) -> ()
  return
}

// -----

func.func @f(%arg0: tensor<1x3x?x?xf32>, %s: i32) {
  // expected-error@+1 {{'llh.symbolic_bind' op operand #1 must be 64-bit signless integer, but got 'i32'}}
  "llh.symbolic_bind"(%arg0, %s) <{expressions = affine_map<()[s0] -> (1, 3, s0, s0)>}> : (tensor<1x3x?x?xf32>, i32) -> ()
  return
}

// -----

func.func @f(%arg0: index) {
  // expected-error@+1 {{'llh.aot' op operand #0 must be LLH tensor, float or integer, but got 'index'}}
  %0 = "llh.aot"(%arg0) <{name = "aot1"}> : (index) -> index
  return
}

// -----

func.func @f(%arg0: i64) {
  // expected-error@+1 {{'llh.aot' op requires attribute 'name'}}
  %0 = "llh.aot"(%arg0) : (i64) -> i64
  return
}

// -----

// Every LLH op checks the #llh.encoding of its tensor types against their shapes.
func.func @f(%arg0: tensor<?x3xf32>) {
  %c = builtin.unrealized_conversion_cast %arg0 : tensor<?x3xf32> to tensor<?x3xf32, #llh.encoding<shapes = @s0>>
  // expected-error@+1 {{'llh.relu' op operand #0 type 'tensor<?x3xf32, #llh.encoding<shapes = @s0>>' has 1 encoding symbols for rank 2}}
  %0 = "llh.relu"(%c) : (tensor<?x3xf32, #llh.encoding<shapes = @s0>>) -> tensor<?x3xf32>
  return
}

// -----

// So does every function signature, entrance or not, whether the argument is used or not (the
// encoding's verify_encoding, MLIR's VerifiableTensorEncoding).
// expected-error@+1 {{'func.func' op argument #0 type 'tensor<?x3xf32, #llh.encoding<shapes = @s0>>' has 1 encoding symbols for rank 2}}
func.func private @helper(%arg0: tensor<?x3xf32, #llh.encoding<shapes = @s0>>) {
  return
}

// -----

// expected-error@+1 {{'func.func' op result #0 type 'tensor<4xf32, #llh.encoding<shapes = @c3>>' names dimension 0 of static size 4 @c3}}
func.func private @declared() -> tensor<4xf32, #llh.encoding<shapes = @c3>>

// -----

// expected-error@+1 {{'func.func' op argument #1 type 'tensor<?xf32, #llh.encoding<shapes = @s0, @s1>>' has 2 encoding symbols for rank 1}}
func.func @main(%arg0: tensor<?xf32>, %arg1: tensor<?xf32, #llh.encoding<shapes = @s0, @s1>>) attributes {entrance} {
  return
}

// -----

func.func @f(%arg0: tensor<?x3xf32>) {
  // expected-error@+1 {{'llh.relu' op result #0 type 'tensor<?x3xf32, #llh.encoding<shapes = @s0, @c4>>' names dimension 1 of static size 3 @c4}}
  %0 = "llh.relu"(%arg0) : (tensor<?x3xf32>) -> tensor<?x3xf32, #llh.encoding<shapes = @s0, @c4>>
  return
}
