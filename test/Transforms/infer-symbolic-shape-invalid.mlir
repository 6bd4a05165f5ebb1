// RUN: llh-opt %s -split-input-file -verify-diagnostics --infer-symbolic-shape

// Statically contradictory shapes are errors at the op that finds them (spec D3), not silently
// dropped relations (§8.4, §8.18).

// The matmul's K: the argument's dim 1 is named c512, the weight has 256 rows.
func.func @matmul(%a: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c512"}) -> tensor<*xf32> attributes {entrance} {
  %w = "llh.weight"() <{weight_file = "w"}> : () -> tensor<256x10xf32>
  // expected-error@+1 {{'llh.matmul' op dimension mismatch: 512 vs 256}}
  %0 = "llh.matmul"(%a, %w) : (tensor<?x?xf32>, tensor<256x10xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// Broadcasting: a `?` dim known to be 4 against a static 5.
func.func @add(%a: tensor<?x3xf32> {func.input_symbol_0 = "c4", func.input_symbol_1 = "c3"}, %b: tensor<5x3xf32>) -> tensor<*xf32> attributes {entrance} {
  // expected-error@+1 {{'llh.add' op operands don't have broadcast-compatible shapes: dimension 0 is 4 vs 5}}
  %0 = "llh.add"(%a, %b) : (tensor<?x3xf32>, tensor<5x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// Equal symbols propagate: s0 is 4 through the first add, so the second one fails.
func.func @propagated(%a: tensor<?xf32>, %b: tensor<4xf32>, %c: tensor<?xf32> {func.input_symbol_0 = "c6"}) -> tensor<*xf32> attributes {entrance} {
  %0 = "llh.add"(%a, %b) : (tensor<?xf32>, tensor<4xf32>) -> tensor<*xf32>
  // expected-error@+1 {{'llh.sub' op operands don't have broadcast-compatible shapes: dimension 0 is 4 vs 6}}
  %1 = "llh.sub"(%a, %c) : (tensor<?xf32>, tensor<?xf32>) -> tensor<*xf32>
  return %1 : tensor<*xf32>
}

// -----

// A conv's input channels against the weight's (group 1): 6 vs 3.
func.func @conv(%x: tensor<?x?x?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c6", func.input_symbol_2 = "s1", func.input_symbol_3 = "s2"}, %w: tensor<8x3x3x3xf32>) -> tensor<*xf32> attributes {entrance} {
  // expected-error@+1 {{'llh.conv' op dimension mismatch: 6 vs 3}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<?x?x?x?xf32>, tensor<8x3x3x3xf32>) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// A declared static result size the rule derives differently.
func.func @declared(%a: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c5"}) -> tensor<?x4xf32> attributes {entrance} {
  // expected-error@+1 {{'llh.relu' op dimension mismatch: result dimension 1 is declared 4 but the shape rule gives 5}}
  %0 = "llh.relu"(%a) : (tensor<?x?xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// `func.input_symbol_N` naming a constant other than the static size.
// expected-error@+1 {{'func.func' op argument #0: func.input_symbol_0 = "c4" names a dimension of static size 3}}
func.func @arg(%a: tensor<3x3xf32> {func.input_symbol_0 = "c4", func.input_symbol_1 = "c3"}) attributes {entrance} {
  return
}

// -----

// An encoding whose rank differs from the type's (on an argument, which no op verifier sees).
// expected-error@+1 {{'func.func' op argument #0 type 'tensor<?x?xf32, #llh.encoding<shapes = @s0>>' has 1 encoding symbols for rank 2}}
func.func @rank(%a: tensor<?x?xf32, #llh.encoding<shapes = @s0>>) -> tensor<?x?xf32, #llh.encoding<shapes = @s0>> attributes {entrance} {
  return %a : tensor<?x?xf32, #llh.encoding<shapes = @s0>>
}

// -----

// A torch binding that disagrees with the shape rules: both expressions are shown (D8).
#map = affine_map<()[s0] -> (1, 3, s0, s0)>
#map1 = affine_map<()[s0] -> (1, 8, s0 floordiv 2, s0 floordiv 2)>
func.func @torch(%x: tensor<1x3x?x?xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<*xf32> attributes {entrance} {
  %s = "llh.torch_symbolic_int"() <{sym_name = "s1"}> : () -> i64
  "llh.symbolic_bind"(%x, %s) <{expressions = #map}> : (tensor<1x3x?x?xf32>, i64) -> ()
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<1x3x?x?xf32>, tensor<8x3x3x3xf32>) -> tensor<*xf32>
  // expected-error@+1 {{'llh.symbolic_bind' op torch binding disagrees with the shape rules: dimension 2 is floor((s1 + 1)/2) by the shape rules but floor(s1/2) by the binding}}
  "llh.symbolic_bind"(%0, %s) <{expressions = #map1}> : (tensor<*xf32>, i64) -> ()
  return %0 : tensor<*xf32>
}

// -----

// A torch binding with a constant contradicting a static size found by the rules.
#map = affine_map<()[s0] -> (s0, 7)>
func.func @torch_const(%x: tensor<?x6xf32>) -> tensor<*xf32> attributes {entrance} {
  %s = "llh.torch_symbolic_int"() <{sym_name = "s1"}> : () -> i64
  %0 = "llh.relu"(%x) : (tensor<?x6xf32>) -> tensor<*xf32>
  // expected-error@+1 {{'llh.symbolic_bind' op torch binding disagrees with the shape rules: dimension 1 is 6 by the shape rules but 7 by the binding}}
  "llh.symbolic_bind"(%0, %s) <{expressions = #map}> : (tensor<*xf32>, i64) -> ()
  return %0 : tensor<*xf32>
}

// -----

// A torch binding of the wrong rank.
#map = affine_map<()[s0] -> (s0, 7, 1)>
func.func @torch_rank(%x: tensor<?x6xf32>) attributes {entrance} {
  %s = "llh.torch_symbolic_int"() <{sym_name = "s1"}> : () -> i64
  %0 = "llh.relu"(%x) : (tensor<?x6xf32>) -> tensor<*xf32>
  // expected-error@+1 {{'llh.symbolic_bind' op binds 3 dimensions to a value of rank 2}}
  "llh.symbolic_bind"(%0, %s) <{expressions = #map}> : (tensor<*xf32>, i64) -> ()
  return
}

// -----

// A call into a non-entrance function whose arguments stay unencoded would not verify once the
// caller's values are encoded: a plain diagnostic (the reference only sees inlined graphs).
func.func private @helper(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "llh.relu"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @main(%x: tensor<?x4xf32>) -> tensor<?x4xf32> attributes {entrance} {
  // expected-error@+1 {{'func.call' op operand #0 has type 'tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>' after symbolic shape inference but @helper expects 'tensor<?x4xf32>' (inline the call, or make the callee an entrance function)}}
  %w = func.call @helper(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %w : tensor<?x4xf32>
}

