// RUN: llh-opt %s --split-input-file --canonicalize 2>/dev/null | filecheck %s --match-full-lines --strict-whitespace

// Seed 000's listings, verbatim, through --canonicalize (issue 13 item 4: the seed's design wins).

// `relation_eq` as the seed writes it (no declarations): every symbol an encoding references is
// declared, in the order the analysis meets them (s0, c64, s1, s2, each at the front, so they print
// newest first), s3/s4/s5 are replaced, and the emptied `__symbol__` goes. The expected text is
// the seed's "after" listing.
// CHECK-LABEL:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c64"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:  func.func @relation_eq(%arg0: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, %arg1: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> i64 attributes {entrance} {
// CHECK-NEXT:    %0 = "llh.constant"() <{symbol = @c0, value = 2 : i64}> : () -> i64
// CHECK-NEXT:    %1 = "llh.add"(%arg0, %arg1) : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>
// CHECK-NEXT:    %2 = "llh.add"(%arg1, %arg1) : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>
// CHECK-NEXT:    "llh.encoding_bind"(%2) <{encoding = #llh.encoding<shapes = @s0, @c64, @s1, @s2>}> : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> ()
// CHECK-NEXT:    %3 = "llh.dim"(%2, %0) <{symbol = @s1}> : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, i64) -> i64
// CHECK-NEXT:    return %3 : i64
// CHECK-NEXT:  }
// CHECK-NEXT:}
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

// The seed's matmul example after inference: canonicalization replaces s1 by c512, and the
// entrance argument's `func.input_symbol_1` follows the replacement.
// CHECK-LABEL:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c10"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c512"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:  func.func @matmul(%arg0: tensor<?x512xf32, #llh.encoding<shapes = @s0, @c512>> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c512"}) -> tensor<?x10xf32, #llh.encoding<shapes = @s0, @c10>> attributes {entrance} {
// CHECK-NEXT:    %0 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<512x10xf32, #llh.encoding<shapes = @c512, @c10>>
// CHECK-NEXT:    %1 = "llh.matmul"(%arg0, %0) : (tensor<?x512xf32, #llh.encoding<shapes = @s0, @c512>>, tensor<512x10xf32, #llh.encoding<shapes = @c512, @c10>>) -> tensor<?x10xf32, #llh.encoding<shapes = @s0, @c10>>
// CHECK-NEXT:    return %1 : tensor<?x10xf32, #llh.encoding<shapes = @s0, @c10>>
// CHECK-NEXT:  }
// CHECK-NEXT:}
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
