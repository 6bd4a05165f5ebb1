// RUN: llh-opt %s -split-input-file --load-weight | filecheck %s --match-full-lines --strict-whitespace
// weight-dir: relative paths are resolved against it instead of the input file's directory.
// RUN: llh-opt %s -split-input-file --load-weight="weight-dir=%S" | filecheck %s --match-full-lines --strict-whitespace
// Idempotence: a second run changes nothing.
// RUN: llh-opt %s -split-input-file --load-weight --load-weight | filecheck %s --match-full-lines --strict-whitespace
// No pattern reports success without changing the IR (D9).
// RUN: env LLH_OPT_CHECK_REWRITES=1 llh-opt %s -split-input-file --load-weight | filecheck %s --match-full-lines --strict-whitespace
// Then --canonicalize applies `s0 EQ c2` (last case).
// RUN: llh-opt %s -split-input-file --load-weight --canonicalize | filecheck %s --check-prefix=CANON

// --load-weight (spec §6.2): llh.weight → llh.constant holding the .npy file's data, the path
// relative to this file's directory (Inputs/ is excluded from lit). Fixtures: see the file names.

// The spec's example: `w.npy` holds [1.0, 2.0] as <f4; the encoding stays (the constant's rule
// derives the same c2).
"llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
func.func @spec_example() -> tensor<2xf32, #llh.encoding<shapes = @c2>> {
  %0 = "llh.weight"() <{weight_file = "Inputs/load-weight/f32.npy"}> : () -> tensor<2xf32, #llh.encoding<shapes = @c2>>
  return %0 : tensor<2xf32, #llh.encoding<shapes = @c2>>
}
module @__symbol__ {
}

//      CHECK:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
// CHECK-NEXT:  func.func @spec_example() -> tensor<2xf32, #llh.encoding<shapes = @c2>> {
// CHECK-NEXT:    %0 = "llh.constant"() <{value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}> : () -> tensor<2xf32, #llh.encoding<shapes = @c2>>
// CHECK-NEXT:    return %0 : tensor<2xf32, #llh.encoding<shapes = @c2>>
// CHECK-NEXT:  }
// CHECK-NEXT:  module @__symbol__ {
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// Element types: f16/f32/f64, i8/i32/i64, ui8, i1; big-endian files (>f8, >i4) read right.
func.func @dtypes() -> (tensor<3xf16>, tensor<3xf64>, tensor<3xi64>, tensor<2x2xi32>, tensor<2xi8>, tensor<2xui8>, tensor<3xi1>) {
  %0 = "llh.weight"() <{weight_file = "Inputs/load-weight/f16.npy"}> : () -> tensor<3xf16>
  %1 = "llh.weight"() <{weight_file = "Inputs/load-weight/f64_be.npy"}> : () -> tensor<3xf64>
  %2 = "llh.weight"() <{weight_file = "Inputs/load-weight/i64.npy"}> : () -> tensor<3xi64>
  %3 = "llh.weight"() <{weight_file = "Inputs/load-weight/i32_be.npy"}> : () -> tensor<2x2xi32>
  %4 = "llh.weight"() <{weight_file = "Inputs/load-weight/i8.npy"}> : () -> tensor<2xi8>
  %5 = "llh.weight"() <{weight_file = "Inputs/load-weight/u8.npy"}> : () -> tensor<2xui8>
  %6 = "llh.weight"() <{weight_file = "Inputs/load-weight/bool.npy"}> : () -> tensor<3xi1>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<3xf16>, tensor<3xf64>, tensor<3xi64>, tensor<2x2xi32>, tensor<2xi8>, tensor<2xui8>, tensor<3xi1>
}

//      CHECK:module {
// CHECK-NEXT:  func.func @dtypes() -> (tensor<3xf16>, tensor<3xf64>, tensor<3xi64>, tensor<2x2xi32>, tensor<2xi8>, tensor<2xui8>, tensor<3xi1>) {
// CHECK-NEXT:    %0 = "llh.constant"() <{value = dense<[1.000000e+00, 5.000000e-01, -2.000000e+00]> : tensor<3xf16>}> : () -> tensor<3xf16>
// CHECK-NEXT:    %1 = "llh.constant"() <{value = dense<[5.000000e-01, -1.250000e+00, 3.000000e+00]> : tensor<3xf64>}> : () -> tensor<3xf64>
// CHECK-NEXT:    %2 = "llh.constant"() <{value = dense<[1, -2, 3]> : tensor<3xi64>}> : () -> tensor<3xi64>
// CHECK-NEXT:    %3 = "llh.constant"() <{value = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
// CHECK-NEXT:    %4 = "llh.constant"() <{value = dense<[-128, 127]> : tensor<2xi8>}> : () -> tensor<2xi8>
// CHECK-NEXT:    %5 = "llh.constant"() <{value = dense<[0, 255]> : tensor<2xui8>}> : () -> tensor<2xui8>
// CHECK-NEXT:    %6 = "llh.constant"() <{value = dense<[true, false, true]> : tensor<3xi1>}> : () -> tensor<3xi1>
// CHECK-NEXT:    return %0, %1, %2, %3, %4, %5, %6 : tensor<3xf16>, tensor<3xf64>, tensor<3xi64>, tensor<2x2xi32>, tensor<2xi8>, tensor<2xui8>, tensor<3xi1>
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// Shapes: a Fortran-order file holds the same 2x3 array as the C-order one (the constant
// de-duplication of the driver merges them); `?` and unranked results are refined from the
// file (the function type follows); a 0-d file fills the tensor<1xE> operation-legalization
// gives rank-0 weights; a splat prints as one.
func.func @shapes() -> (tensor<2x3xf32>, tensor<?x3xf32>, tensor<*xf32>, tensor<1xf32>, tensor<4xf32>) {
  %0 = "llh.weight"() <{weight_file = "Inputs/load-weight/f32_2x3.npy"}> : () -> tensor<2x3xf32>
  %1 = "llh.weight"() <{weight_file = "Inputs/load-weight/f32_fortran.npy"}> : () -> tensor<?x3xf32>
  %2 = "llh.weight"() <{weight_file = "Inputs/load-weight/f32_2x3.npy"}> : () -> tensor<*xf32>
  %3 = "llh.weight"() <{weight_file = "Inputs/load-weight/f32_scalar.npy"}> : () -> tensor<1xf32>
  %4 = "llh.weight"() <{weight_file = "Inputs/load-weight/f32_splat.npy"}> : () -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<?x3xf32>, tensor<*xf32>, tensor<1xf32>, tensor<4xf32>
}

//      CHECK:module {
// CHECK-NEXT:  func.func @shapes() -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1xf32>, tensor<4xf32>) {
// CHECK-NEXT:    %0 = "llh.constant"() <{value = dense<[[0.000000e+00, 1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00, 5.000000e+00]]> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
// CHECK-NEXT:    %1 = "llh.constant"() <{value = dense<3.500000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
// CHECK-NEXT:    %2 = "llh.constant"() <{value = dense<1.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>
// CHECK-NEXT:    return %0, %0, %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1xf32>, tensor<4xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// With symbolic information: a `?` whose symbol is free keeps its encoding and is recorded equal
// to the file's size (`s0 EQ c2`, applied by --canonicalize, D3); an unranked result gets its
// encoding by infer-on-create.
// CANON-LABEL: func.func @symbolic(%arg0: tensor<2x3xf32, #llh.encoding<shapes = @c2, @c3>>)
//       CANON:   "llh.add"(%arg0, %0) : (tensor<2x3xf32, #llh.encoding<shapes = @c2, @c3>>, tensor<2x3xf32, #llh.encoding<shapes = @c2, @c3>>) -> tensor<2x3xf32, #llh.encoding<shapes = @c2, @c3>>
//    CANON-NOT:   __symbol__
"llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
func.func @symbolic(%x: tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, tensor<*xi64>) {
  %0 = "llh.weight"() <{weight_file = "Inputs/load-weight/f32_2x3.npy"}> : () -> tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>
  %1 = "llh.weight"() <{weight_file = "Inputs/load-weight/i64.npy"}> : () -> tensor<*xi64>
  %2 = "llh.add"(%x, %0) : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>
  return %2, %1 : tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, tensor<*xi64>
}
module @__symbol__ {
}

//      CHECK:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:  func.func @symbolic(%arg0: tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, tensor<3xi64, #llh.encoding<shapes = @c3>>) {
// CHECK-NEXT:    %0 = "llh.constant"() <{value = dense<[[0.000000e+00, 1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00, 5.000000e+00]]> : tensor<2x3xf32>}> : () -> tensor<2x3xf32, #llh.encoding<shapes = @s0, @c3>>
// CHECK-NEXT:    %1 = "llh.constant"() <{value = dense<[1, -2, 3]> : tensor<3xi64>}> : () -> tensor<3xi64, #llh.encoding<shapes = @c3>>
// CHECK-NEXT:    %2 = "llh.add"(%arg0, %0) : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, tensor<2x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>
// CHECK-NEXT:    return %2, %1 : tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, tensor<3xi64, #llh.encoding<shapes = @c3>>
// CHECK-NEXT:  }
// CHECK-NEXT:  module @__symbol__ {
// CHECK-NEXT:    "llh.symbol_relation"() <{relation = @c2, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s0}> : () -> ()
// CHECK-NEXT:  }
// CHECK-NEXT:}
