// RUN: llh-opt %s -split-input-file --remove-redundant-ops | filecheck %s --match-full-lines --strict-whitespace
// RUN: llh-opt %s -split-input-file --pass-pipeline="builtin.module(remove-redundant-ops)" | filecheck %s --match-full-lines --strict-whitespace
// Idempotence: a second run changes nothing.
// RUN: llh-opt %s -split-input-file --remove-redundant-ops --remove-redundant-ops | filecheck %s --match-full-lines --strict-whitespace
// No pattern reports success without changing the IR (D9).
// RUN: env LLH_OPT_CHECK_REWRITES=1 llh-opt %s -split-input-file --remove-redundant-ops | filecheck %s --match-full-lines --strict-whitespace

// --remove-redundant-ops (spec §6.2): seed the entrance arguments from func.input_symbol_N
// (declaring the symbols, creating module @__symbol__), then replace torch_symbolic_int by
// llh.dim of the argument dimension carrying its name, erase symbolic_bind (unless stop_run),
// and decompose flatten into reshape.

// The reference's test (remove_redundant_ops.mlir): "s0" → dim 0, "s1" → dim 1, "s2" → dim 2
// (the first dimension named s2); the symbolic_bind disappears; the reshape uses the dims. The
// new dims and their index constants get their symbols by infer-on-create.
#map1 = affine_map<()[s0, s1, s2] -> (s0, s1, s2, s1)>
module attributes {builtin.gloabal_layout = "NCHW"} {
func.func @replaceTorchSymbolicIntOp(%arg0: tensor<?x?x?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1", func.input_symbol_2 = "s2", func.input_symbol_3 = "s2"}) ->() attributes {entrance}{
  %3 = "llh.torch_symbolic_int"() <{sym_name = "s0"}> : () -> i64
  %4 = "llh.torch_symbolic_int"() <{sym_name = "s1"}> : () -> i64
  %5 = "llh.torch_symbolic_int"() <{sym_name = "s2"}> : () -> i64
  %6 = "llh.reshape"(%arg0, %3, %5, %4, %5) : (tensor<?x?x?x?xf32>, i64, i64, i64, i64) -> tensor<?x?x?x?xf32>
  "llh.symbolic_bind"(%6, %3, %5, %4) <{expressions = #map1}> : (tensor<?x?x?x?xf32>, i64, i64, i64) -> ()
  return
}
}

//      CHECK:module attributes {builtin.gloabal_layout = "NCHW"} {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c1"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c0"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:  func.func @replaceTorchSymbolicIntOp(%arg0: tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s2>> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1", func.input_symbol_2 = "s2", func.input_symbol_3 = "s2"}) attributes {entrance} {
// CHECK-NEXT:    %0 = "llh.constant"() <{symbol = @c2, value = 2 : i64}> : () -> i64
// CHECK-NEXT:    %1 = "llh.constant"() <{symbol = @c1, value = 1 : i64}> : () -> i64
// CHECK-NEXT:    %2 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
// CHECK-NEXT:    %3 = "llh.dim"(%arg0, %2) <{symbol = @s0}> : (tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s2>>, i64) -> i64
// CHECK-NEXT:    %4 = "llh.dim"(%arg0, %1) <{symbol = @s1}> : (tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s2>>, i64) -> i64
// CHECK-NEXT:    %5 = "llh.dim"(%arg0, %0) <{symbol = @s2}> : (tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s2>>, i64) -> i64
// CHECK-NEXT:    %6 = "llh.reshape"(%arg0, %3, %5, %4, %5) : (tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s2>>, i64, i64, i64, i64) -> tensor<?x?x?x?xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  module @__symbol__ {
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// A torch SymInt naming a static dimension ("c3") becomes that constant; a symbolic_bind marked
// stop_run stays (negative case); scalar arguments are not seeded.
func.func @stop_run(%arg0: tensor<?x3xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c3"}, %n: i64) -> tensor<?x3xf32> attributes {entrance} {
  %0 = "llh.torch_symbolic_int"() <{sym_name = "c3"}> : () -> i64
  %1 = "llh.torch_symbolic_int"() <{sym_name = "s0"}> : () -> i64
  "llh.symbolic_bind"(%arg0, %1, %0) <{expressions = affine_map<()[s0, s1] -> (s0, s1)>}> {stop_run} : (tensor<?x3xf32>, i64, i64) -> ()
  return %arg0 : tensor<?x3xf32>
}

//      CHECK:#map = affine_map<()[s0, s1] -> (s0, s1)>
// CHECK-NEXT:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c0"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:  func.func @stop_run(%arg0: tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c3"}, %arg1: i64) -> tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>> attributes {entrance} {
// CHECK-NEXT:    %0 = "llh.constant"() <{symbol = @c3, value = 3 : i64}> : () -> i64
// CHECK-NEXT:    %1 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
// CHECK-NEXT:    %2 = "llh.dim"(%arg0, %1) <{symbol = @s0}> : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, i64) -> i64
// CHECK-NEXT:    "llh.symbolic_bind"(%arg0, %2, %0) <{expressions = #map}> {stop_run} : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, i64, i64) -> ()
// CHECK-NEXT:    return %arg0 : tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>
// CHECK-NEXT:  }
// CHECK-NEXT:  module @__symbol__ {
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// flatten(x, 1) of a ?x3x?x4 tensor: dim 0, then the left-nested product 3·dim(x, 2)·4 (static
// dims are constants, D4); the reshape keeps the flatten's result type and gets its encoding by
// infer-on-create (which also returns it from the function).
func.func @flatten(%arg0: tensor<?x3x?x4xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c3", func.input_symbol_2 = "s1", func.input_symbol_3 = "c4"}) -> tensor<?x?xf32> attributes {entrance} {
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %0 = "llh.flatten"(%arg0, %c1) : (tensor<?x3x?x4xf32>, i64) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

//      CHECK:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s3"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c0"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c4"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:  func.func @flatten(%arg0: tensor<?x3x?x4xf32, #llh.encoding<shapes = @s0, @c3, @s1, @c4>> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c3", func.input_symbol_2 = "s1", func.input_symbol_3 = "c4"}) -> tensor<?x?xf32, #llh.encoding<shapes = @s0, @s3>> attributes {entrance} {
// CHECK-NEXT:    %0 = "llh.constant"() <{symbol = @c4, value = 4 : i64}> : () -> i64
// CHECK-NEXT:    %1 = "llh.constant"() <{symbol = @c3, value = 3 : i64}> : () -> i64
// CHECK-NEXT:    %2 = "llh.constant"() <{symbol = @c2, value = 2 : i64}> : () -> i64
// CHECK-NEXT:    %3 = "llh.constant"() <{value = 1 : i64}> : () -> i64
// CHECK-NEXT:    %4 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
// CHECK-NEXT:    %5 = "llh.dim"(%arg0, %4) <{symbol = @s0}> : (tensor<?x3x?x4xf32, #llh.encoding<shapes = @s0, @c3, @s1, @c4>>, i64) -> i64
// CHECK-NEXT:    %6 = "llh.dim"(%arg0, %2) <{symbol = @s1}> : (tensor<?x3x?x4xf32, #llh.encoding<shapes = @s0, @c3, @s1, @c4>>, i64) -> i64
// CHECK-NEXT:    %7 = "llh.mul"(%1, %6) <{symbol = @s2}> : (i64, i64) -> i64
// CHECK-NEXT:    %8 = "llh.mul"(%7, %0) <{symbol = @s3}> : (i64, i64) -> i64
// CHECK-NEXT:    %9 = "llh.reshape"(%arg0, %5, %8) : (tensor<?x3x?x4xf32, #llh.encoding<shapes = @s0, @c3, @s1, @c4>>, i64, i64) -> tensor<?x?xf32, #llh.encoding<shapes = @s0, @s3>>
// CHECK-NEXT:    return %9 : tensor<?x?xf32, #llh.encoding<shapes = @s0, @s3>>
// CHECK-NEXT:  }
// CHECK-NEXT:  module @__symbol__ {
// CHECK-NEXT:    "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @c4, relations_rhs = @s2, symbol = @s3}> : () -> ()
// CHECK-NEXT:    "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @c3, relations_rhs = @s1, symbol = @s2}> : () -> ()
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// Without argument attributes nothing is seeded and no symbolic information appears (negative);
// flatten still decomposes: all-static sizes are one constant, flatten from 0 of a rank-0 tensor
// is reshape(x, 1), and dims of a dynamic tensor stay llh.dim / llh.mul.
func.func @no_seeding(%a: tensor<2x3x4xf32>, %b: tensor<f32>, %c: tensor<?x?xf32>) -> (tensor<2x12xf32>, tensor<1xf32>, tensor<?xf32>) attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %0 = "llh.flatten"(%a, %c1) : (tensor<2x3x4xf32>, i64) -> tensor<2x12xf32>
  %1 = "llh.flatten"(%b, %c0) : (tensor<f32>, i64) -> tensor<1xf32>
  %2 = "llh.flatten"(%c, %c0) : (tensor<?x?xf32>, i64) -> tensor<?xf32>
  return %0, %1, %2 : tensor<2x12xf32>, tensor<1xf32>, tensor<?xf32>
}

//      CHECK:module {
// CHECK-NEXT:  func.func @no_seeding(%arg0: tensor<2x3x4xf32>, %arg1: tensor<f32>, %arg2: tensor<?x?xf32>) -> (tensor<2x12xf32>, tensor<1xf32>, tensor<?xf32>) attributes {entrance} {
// CHECK-NEXT:    %0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
// CHECK-NEXT:    %1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
// CHECK-NEXT:    %2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
// CHECK-NEXT:    %3 = "llh.constant"() <{value = 12 : i64}> : () -> i64
// CHECK-NEXT:    %4 = "llh.reshape"(%arg0, %2, %3) : (tensor<2x3x4xf32>, i64, i64) -> tensor<2x12xf32>
// CHECK-NEXT:    %5 = "llh.reshape"(%arg1, %1) : (tensor<f32>, i64) -> tensor<1xf32>
// CHECK-NEXT:    %6 = "llh.dim"(%arg2, %0) : (tensor<?x?xf32>, i64) -> i64
// CHECK-NEXT:    %7 = "llh.dim"(%arg2, %1) : (tensor<?x?xf32>, i64) -> i64
// CHECK-NEXT:    %8 = "llh.mul"(%6, %7) : (i64, i64) -> i64
// CHECK-NEXT:    %9 = "llh.reshape"(%arg2, %8) : (tensor<?x?xf32>, i64) -> tensor<?xf32>
// CHECK-NEXT:    return %4, %5, %9 : tensor<2x12xf32>, tensor<1xf32>, tensor<?xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// Seeding skips an entrance function without argument attributes and goes on with the next one
// (the reference stops at the first such function); non-entrance functions are not seeded.
func.func @first(%a: tensor<?xf32>) -> tensor<?xf32> attributes {entrance} {
  return %a : tensor<?xf32>
}
func.func @second(%a: tensor<?xf32> {func.input_symbol_0 = "n"}) -> tensor<?xf32> attributes {entrance} {
  return %a : tensor<?xf32>
}
func.func @helper(%a: tensor<?xf32> {func.input_symbol_0 = "m"}) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}

//      CHECK:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "n"}> : () -> ()
// CHECK-NEXT:  func.func @first(%arg0: tensor<?xf32>) -> tensor<?xf32> attributes {entrance} {
// CHECK-NEXT:    return %arg0 : tensor<?xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @second(%arg0: tensor<?xf32, #llh.encoding<shapes = @n>> {func.input_symbol_0 = "n"}) -> tensor<?xf32, #llh.encoding<shapes = @n>> attributes {entrance} {
// CHECK-NEXT:    return %arg0 : tensor<?xf32, #llh.encoding<shapes = @n>>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @helper(%arg0: tensor<?xf32> {func.input_symbol_0 = "m"}) -> tensor<?xf32> {
// CHECK-NEXT:    return %arg0 : tensor<?xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:  module @__symbol__ {
// CHECK-NEXT:  }
// CHECK-NEXT:}
