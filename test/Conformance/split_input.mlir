// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic --split-input-file %s > %t.llh
// RUN: diff %S/Inputs/split_input.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic --split-input-file %t.llh | diff %S/Inputs/split_input.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --split-input-file %s | diff %S/Inputs/split_input.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// --split-input-file: each chunk is parsed and printed independently (aliases
// and value numbers restart), chunks are joined by separator lines.

#map = affine_map<(d0) -> (d0 + 1)>
"test.a"() {m = #map} : () -> ()

// -----

"test.b"() {m = affine_map<(d0) -> (d0 * 2)>} : () -> memref<4xf32, affine_map<(d0) -> (d0 + 1)>>

// -----

module @m {
}

// -----
%0 = "test.c"() : () -> i32
"test.d"(%0) : (i32) -> ()
// -----
func.func @g(%arg0: i32) -> i32 {
  %c = arith.constant 5 : i32
  %0 = func.call @g(%c) : (i32) -> i32
  return %0 : i32
}
