// REQUIRES: torch-mlir-opt
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic --split-input-file %s > %t.llh
// RUN: %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --split-input-file %s > %t.ref
// RUN: diff %t.ref %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic --split-input-file %t.llh | diff %t.ref -
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
