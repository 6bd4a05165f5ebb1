// RUN: llh-opt %s -split-input-file --infer-symbolic-shape | filecheck %s --match-full-lines --strict-whitespace
// RUN: llh-opt %s -split-input-file --infer-symbol-shape | filecheck %s --match-full-lines --strict-whitespace
// RUN: llh-opt %s -split-input-file --pass-pipeline="builtin.module(infer-symbolic-shape{use-encoding=true})" | filecheck %s --match-full-lines --strict-whitespace
// Idempotence: a second run over the annotated output changes nothing.
// RUN: llh-opt %s -split-input-file --infer-symbolic-shape --infer-symbolic-shape | filecheck %s --match-full-lines --strict-whitespace

// The examples of spec §4.3 (case `block`), §4.8 (seed 000's matmul, and the EQ example),
// reproduced byte for byte: declarations newest first at the top, `module @__symbol__` last.

// §4.3: no argument attributes: fresh `s<N>` for `?`, `c<N>` for static sizes, in dimension
// order; the bf16 scalar argument is untouched; the result type follows the return.
func.func @block(%arg2: tensor<?x3x?x?xbf16>, %arg3: bf16) -> (tensor<?x3x?x?xbf16>) attributes {entrance} {
  return %arg2 : tensor<?x3x?x?xbf16>
}

//      CHECK:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:  func.func @block(%arg0: tensor<?x3x?x?xbf16, #llh.encoding<shapes = @s0, @c3, @s1, @s2>>, %arg1: bf16) -> tensor<?x3x?x?xbf16, #llh.encoding<shapes = @s0, @c3, @s1, @s2>> attributes {entrance} {
// CHECK-NEXT:    return %arg0 : tensor<?x3x?x?xbf16, #llh.encoding<shapes = @s0, @c3, @s1, @s2>>
// CHECK-NEXT:  }
// CHECK-NEXT:  module @__symbol__ {
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// §4.8 / seed 000: `func.input_symbol_N` seeds the argument; the matmul equates K (s1) with the
// weight's 512, recorded as `s1 EQ c512` (free = constant stays a relation, D3); the `*` result
// becomes `?x10`.
func.func @matmul(%arg0: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}) -> tensor<*xf32> attributes {entrance} {
  %const = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<512x10xf32>
  %matmul = "llh.matmul"(%arg0, %const) : (tensor<?x?xf32>, tensor<512x10xf32>) -> tensor<*xf32>
  return %matmul : tensor<*xf32>
}

//      CHECK:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c10"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c512"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:  func.func @matmul(%arg0: tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}) -> tensor<?x10xf32, #llh.encoding<shapes = @s0, @c10>> attributes {entrance} {
// CHECK-NEXT:    %0 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<512x10xf32, #llh.encoding<shapes = @c512, @c10>>
// CHECK-NEXT:    %1 = "llh.matmul"(%arg0, %0) : (tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>, tensor<512x10xf32, #llh.encoding<shapes = @c512, @c10>>) -> tensor<?x10xf32, #llh.encoding<shapes = @s0, @c10>>
// CHECK-NEXT:    return %1 : tensor<?x10xf32, #llh.encoding<shapes = @s0, @c10>>
// CHECK-NEXT:  }
// CHECK-NEXT:  module @__symbol__ {
// CHECK-NEXT:    "llh.symbol_relation"() <{relation = @c512, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s1}> : () -> ()
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// §4.8 EQ example: the add equates s0/s2 and s1/s3; the symbol phase replaces the later symbols
// by the earlier ones everywhere (D3) and drops the relations and declarations that became
// trivial.
func.func @f(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> attributes {entrance} {
  %0 = "llh.add"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

//      CHECK:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:  func.func @f(%arg0: tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>, %arg1: tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>) -> tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>> attributes {entrance} {
// CHECK-NEXT:    %0 = "llh.add"(%arg0, %arg1) : (tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>, tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>) -> tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>
// CHECK-NEXT:    return %0 : tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>
// CHECK-NEXT:  }
// CHECK-NEXT:  module @__symbol__ {
// CHECK-NEXT:  }
// CHECK-NEXT:}
