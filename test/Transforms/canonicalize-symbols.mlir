// RUN: llh-opt %s --split-input-file --canonicalize | filecheck %s
// RUN: llh-opt %s --split-input-file --canonicalize > %t.1.mlir
// RUN: llh-opt %t.1.mlir --split-input-file --canonicalize="test-convergence" > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// Canonicalization of IR with symbolic information (spec D3, D4, D6; P3, P9-P11).

// Seed 000 `relation_eq` (P9): s3, s4, s5 are replaced by s0, s1, s2 everywhere (argument
// types, result types, the bind's encoding, the dim's symbol); their declarations and the EQ
// relations go, and so does the emptied `__symbol__` (seed 000). The constant's wrong symbol (@c0 for 2) is kept.
// CHECK-LABEL: module {
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "c64"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:    func.func @relation_eq(%arg0: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, %arg1: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> i64 attributes {entrance} {
// CHECK-NEXT:      %0 = "llh.constant"() <{symbol = @c0, value = 2 : i64}> : () -> i64
// CHECK-NEXT:      %1 = "llh.add"(%arg0, %arg1) : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>
// CHECK-NEXT:      %2 = "llh.add"(%arg1, %arg1) : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>
// CHECK-NEXT:      "llh.encoding_bind"(%2) <{encoding = #llh.encoding<shapes = @s0, @c64, @s1, @s2>}> : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> ()
// CHECK-NEXT:      %3 = "llh.dim"(%2, %0) <{symbol = @s1}> : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, i64) -> i64
// CHECK-NEXT:      return %3 : i64
// CHECK-NEXT:    }
// CHECK-NEXT:  }
"llh.symbolic_int"() <{sym_name = "s5"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s4"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s3"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c64"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
func.func @relation_eq(%arg0: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, %arg1: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>) ->(i64) attributes {entrance} {
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

// Seed 000 `fold_two_abs` (P2) on encoded types.
// CHECK-LABEL: func.func @fold_two_abs
// CHECK-NEXT:    %0 = "llh.abs"(%arg0) : (tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>) -> tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>
// CHECK-NEXT:    return %0 : tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>
func.func @fold_two_abs(%arg0: tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>) ->  tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>> attributes {entrance} {
  %4 = "llh.abs"(%arg0) : (tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>) -> tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>
  %5 = "llh.abs"(%4) : (tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>) -> tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>
  return %5 : tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>
}

// -----

// P3 (spec 5.3, case dim_to_const): static dims fold to constants that keep a symbol; the
// constants end up hoisted and de-duplicated as MLIR's driver does (checked against
// torch-mlir-opt on the tensor.dim equivalent), unused constants and declarations are gone, and
// no `__symbol__` is created.
// CHECK-LABEL: module {
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "c0"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "c1"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "c512"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:    func.func @dim_to_const
// CHECK-NEXT:      %0 = "llh.constant"() <{symbol = @c1, value = 1 : i64}> : () -> i64
// CHECK-NEXT:      %1 = "llh.constant"() <{symbol = @c512, value = 512 : i64}> : () -> i64
// CHECK-NEXT:      %2 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
// CHECK-NEXT:      %3 = "llh.dim"(%arg0, %2) <{symbol = @s0}>
// CHECK-NEXT:      return %3, %1, %0, %0 : i64, i64, i64, i64
// CHECK-NOT:     __symbol__
"llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c0"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c1"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c512"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
func.func @dim_to_const(%101: tensor<?x512x1x1xf32, #llh.encoding<shapes = @s0, @c512, @c1, @c1>>) -> (i64, i64, i64, i64) attributes {entrance} {
%0 = "llh.constant"() <{symbol = @c3, value = 3 : i64}> : () -> i64
%1 = "llh.constant"() <{symbol = @c2, value = 2 : i64}> : () -> i64
%2 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
%3 = "llh.constant"() <{symbol = @c1, value = 1 : i64}> : () -> i64
%102 = "llh.dim"(%101, %2) <{symbol = @s0}> : (tensor<?x512x1x1xf32, #llh.encoding<shapes = @s0, @c512, @c1, @c1>>, i64) -> i64
%103 = "llh.dim"(%101, %3) <{symbol = @c512}> : (tensor<?x512x1x1xf32, #llh.encoding<shapes = @s0, @c512, @c1, @c1>>, i64) -> i64
%104 = "llh.dim"(%101, %1) <{symbol = @c1}> : (tensor<?x512x1x1xf32, #llh.encoding<shapes = @s0, @c512, @c1, @c1>>, i64) -> i64
%105 = "llh.dim"(%101, %0) <{symbol = @c1}> : (tensor<?x512x1x1xf32, #llh.encoding<shapes = @s0, @c512, @c1, @c1>>, i64) -> i64
return %102, %103, %104, %105 : i64, i64, i64, i64
}

// -----

// An integer fold keeps a symbol (D4): `@c6` stays; a free `@s7` equal to the folded 6 is
// replaced by `@c6` everywhere and the `?` it named becomes static (D3), the function type
// included. The all-constant relation and the unused declarations disappear (P11, D6).
// CHECK-LABEL: module {
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "c6"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:    func.func @fold_keeps_symbol(%arg0: tensor<?x6xf32, #llh.encoding<shapes = @s0, @c6>>) -> (i64, tensor<6xf32, #llh.encoding<shapes = @c6>>)
// CHECK-NEXT:      %0 = "llh.constant"() <{symbol = @c6, value = 6 : i64}> : () -> i64
// CHECK-NEXT:      %1 = "llh.reshape"(%arg0, %0) : (tensor<?x6xf32, #llh.encoding<shapes = @s0, @c6>>, i64) -> tensor<6xf32, #llh.encoding<shapes = @c6>>
// CHECK-NEXT:      return %0, %1 : i64, tensor<6xf32, #llh.encoding<shapes = @c6>>
// CHECK-NEXT:    }
"llh.symbolic_int"() <{sym_name = "s7"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c6"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
func.func @fold_keeps_symbol(%x: tensor<?x6xf32, #llh.encoding<shapes = @s0, @c6>>) -> (i64, tensor<?xf32, #llh.encoding<shapes = @s7>>) attributes {entrance} {
  %a = "llh.constant"() <{symbol = @c2, value = 2 : i64}> : () -> i64
  %b = "llh.constant"() <{symbol = @c3, value = 3 : i64}> : () -> i64
  %0 = "llh.mul"(%a, %b) <{symbol = @c6}> : (i64, i64) -> i64
  %1 = "llh.mul"(%b, %a) <{symbol = @s7}> : (i64, i64) -> i64
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %d = "llh.dim"(%x, %c0) <{symbol = @s0}> : (tensor<?x6xf32, #llh.encoding<shapes = @s0, @c6>>, i64) -> i64
  %r = "llh.reshape"(%x, %1) : (tensor<?x6xf32, #llh.encoding<shapes = @s0, @c6>>, i64) -> tensor<?xf32, #llh.encoding<shapes = @s7>>
  return %0, %r : i64, tensor<?xf32, #llh.encoding<shapes = @s7>>
}
module @__symbol__ {
  "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @c2, relations_rhs = @c3, symbol = @c6}> : () -> ()
}

// -----

// D6: relations between constants (P10, P11) and relations about symbols nothing uses are
// erased, then the declarations nothing refers to. `s0 GE c1` stays (s0 is used).
// CHECK-LABEL: module {
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "c1"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:    func.func @dangling
// CHECK-NEXT:      return %arg0
// CHECK-NEXT:    }
// CHECK-NEXT:    module @__symbol__ {
// CHECK-NEXT:      "llh.symbol_relation"() <{relation = @c1, relation_kind = #llh.SymbolRelation<GE>, symbol = @s0}> : () -> ()
// CHECK-NEXT:    }
"llh.symbolic_int"() <{sym_name = "s9"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s8"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s3"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c512"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c1"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
func.func @dangling(%x: tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>) -> tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>> attributes {entrance} {
  return %x : tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>
}
module @__symbol__ {
  "llh.symbol_relation"() <{relation = @c1, relation_kind = #llh.SymbolRelation<GE>, symbol = @s0}> : () -> ()
  "llh.symbol_relation"() <{relation = @c1, relation_kind = #llh.SymbolRelation<GT>, symbol = @c2}> : () -> ()
  "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @c512, relations_rhs = @c1, symbol = @c512}> : () -> ()
  "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Add>, relations_lhs = @s0, relations_rhs = @s1, symbol = @s2}> : () -> ()
  "llh.symbol_relation"() <{relation = @c1, relation_kind = #llh.SymbolRelation<GE>, symbol = @s3}> : () -> ()
  "llh.symbol_relation"() <{relation = @s9, relation_kind = #llh.SymbolRelation<LE>, symbol = @s8}> : () -> ()
}

// -----

// D6: IR without symbolic information gets none, even when patterns build new ops.
// CHECK-LABEL: module {
// CHECK-NOT:     llh.symbolic_int
// CHECK:         func.func @no_symbolic_information
// CHECK:         "llh.broadcast_to"
// CHECK-NOT:     symbol
// CHECK-NOT:     __symbol__
func.func @no_symbolic_information(%x: tensor<?xf32>, %y: tensor<1xf32>) -> tensor<?xf32> attributes {entrance} {
  %0 = "llh.add"(%x, %y) : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

// -----

// P5 on the spec's insert_braodcast example: the new ops get symbols (infer-on-create); the
// static dimension is a constant instead of an llh.dim of it.
// CHECK-LABEL: module {
// CHECK:         func.func @insert_braodcast
// CHECK-NEXT:    %[[C3:.+]] = "llh.constant"() <{symbol = @c3, value = 3 : i64}>
// CHECK-NEXT:    %[[C2:.+]] = "llh.constant"() <{symbol = @c2, value = 2 : i64}>
// CHECK-NEXT:    %[[C1:.+]] = "llh.constant"() <{symbol = @c1, value = 1 : i64}>
// CHECK-NEXT:    %[[D1:.+]] = "llh.dim"(%arg0, %[[C1]]) <{symbol = @s1}>
// CHECK-NEXT:    %[[D2:.+]] = "llh.dim"(%arg0, %[[C2]]) <{symbol = @s2}>
// CHECK-NEXT:    %[[D3:.+]] = "llh.dim"(%arg0, %[[C3]]) <{symbol = @s3}>
// CHECK-NEXT:    %[[B:.+]] = "llh.broadcast_to"(%arg1, %[[C1]], %[[D1]], %[[D2]], %[[D3]]) <{cast_dims = array<i64: 1, 2, 3>}> : (tensor<1x1x1x1xf32, #llh.encoding<shapes = @c1, @c1, @c1, @c1>>, i64, i64, i64, i64) -> tensor<1x?x?x?xf32, #llh.encoding<shapes = @c1, @s1, @s2, @s3>>
// CHECK-NEXT:    %[[DIV:.+]] = "llh.div"(%arg0, %[[B]])
// CHECK-NEXT:    return %[[DIV]]
"llh.symbolic_int"() <{sym_name = "s3"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c1"}> : () -> ()
func.func @insert_braodcast(%arg0: tensor<1x?x?x?xf32, #llh.encoding<shapes = @c1, @s1, @s2, @s3>>, %15: tensor<1x1x1x1xf32, #llh.encoding<shapes = @c1, @c1, @c1, @c1>>) -> tensor<1x?x?x?xf32, #llh.encoding<shapes = @c1, @s1, @s2, @s3>> attributes {entrance} {
  %16 = "llh.div"(%arg0, %15) : (tensor<1x?x?x?xf32, #llh.encoding<shapes = @c1, @s1, @s2, @s3>>, tensor<1x1x1x1xf32, #llh.encoding<shapes = @c1, @c1, @c1, @c1>>) -> tensor<1x?x?x?xf32, #llh.encoding<shapes = @c1, @s1, @s2, @s3>>
  return %16 : tensor<1x?x?x?xf32, #llh.encoding<shapes = @c1, @s1, @s2, @s3>>
}
