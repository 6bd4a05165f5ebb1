// RUN: llh-opt %s -split-input-file -verify-diagnostics --remove-redundant-ops

// Where the reference asserts (flatten), or warns and then fails to converge (torch_symbolic_int),
// llh-opt reports an error at the op (D9, §8.39).

// The torch SymInt's name is on no argument dimension.
func.func @unknown_symbol(%arg0: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}) -> i64 attributes {entrance} {
  // expected-error@+1 {{'llh.torch_symbolic_int' op symbol 's7' names no dimension of the function's tensor arguments}}
  %0 = "llh.torch_symbolic_int"() <{sym_name = "s7"}> : () -> i64
  return %0 : i64
}

// -----

// Nothing was seeded (no argument attributes), so no argument dimension has a name.
func.func @not_seeded(%arg0: tensor<?x?xf32>) -> i64 attributes {entrance} {
  // expected-error@+1 {{'llh.torch_symbolic_int' op symbol 's0' names no dimension of the function's tensor arguments}}
  %0 = "llh.torch_symbolic_int"() <{sym_name = "s0"}> : () -> i64
  return %0 : i64
}

// -----

// The flatten start must be a constant.
func.func @flatten_dynamic_dim(%arg0: tensor<2x3xf32>, %d: i64) -> tensor<*xf32> {
  // expected-error@+1 {{'llh.flatten' op cannot be decomposed: 'dim' must be an llh.constant (the flatten start)}}
  %0 = "llh.flatten"(%arg0, %d) : (tensor<2x3xf32>, i64) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// The input's rank must be known.
func.func @flatten_unranked(%arg0: tensor<*xf32>) -> tensor<*xf32> {
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  // expected-error@+1 {{'llh.flatten' op cannot be decomposed: the input type 'tensor<*xf32>' is unranked}}
  %0 = "llh.flatten"(%arg0, %c1) : (tensor<*xf32>, i64) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}

// -----

// Seeding (shared with --infer-symbolic-shape): a constant name on a different static size.
// expected-error@+1 {{argument #0: func.input_symbol_1 = "c4" names a dimension of static size 3}}
func.func @seed_mismatch(%arg0: tensor<?x3xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c4"}) -> tensor<?x3xf32> attributes {entrance} {
  return %arg0 : tensor<?x3xf32>
}
