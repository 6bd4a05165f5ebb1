// RUN: llh-opt %s --infer-symbolic-shape 2>/dev/null | filecheck %s --match-full-lines --strict-whitespace
// RUN: llh-opt %s --infer-symbolic-shape 2>&1 >/dev/null | filecheck %s --check-prefix=WARN

// Seed 000's `relation_eq` example ("符号优化" 3): the EQ relations already recorded in
// `__symbol__` are loaded into the analysis; the symbol phase replaces s3/s4/s5 by s0/s1/s2
// everywhere (argument types, results, the `llh.encoding_bind`, the dim's `symbol`), erases their
// declarations and the relations that became trivial. The output is the seed's, except that the
// constant's wrong `symbol = @c0` (value 2) is corrected to `@c2` (the verifier warns, §8.33), and
// `module @__symbol__` stays (empty), as this pass always keeps it.

// WARN: warning: 'llh.constant' op symbol @c0 does not match the value 2 (expected @c2)

module {
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
}

//      CHECK:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c64"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:  func.func @relation_eq(%arg0: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, %arg1: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> i64 attributes {entrance} {
// CHECK-NEXT:    %0 = "llh.constant"() <{symbol = @c2, value = 2 : i64}> : () -> i64
// CHECK-NEXT:    %1 = "llh.add"(%arg0, %arg1) : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>
// CHECK-NEXT:    %2 = "llh.add"(%arg1, %arg1) : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>
// CHECK-NEXT:    "llh.encoding_bind"(%2) <{encoding = #llh.encoding<shapes = @s0, @c64, @s1, @s2>}> : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>) -> ()
// CHECK-NEXT:    %3 = "llh.dim"(%2, %0) <{symbol = @s1}> : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, i64) -> i64
// CHECK-NEXT:    return %3 : i64
// CHECK-NEXT:  }
// CHECK-NEXT:  module @__symbol__ {
// CHECK-NEXT:  }
// CHECK-NEXT:}
