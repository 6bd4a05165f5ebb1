// REQUIRES: mlir-opt
// `%upstream-check` passes llh-opt's printed IR through when upstream mlir-opt accepts it,
// reprints it byte for byte, prints the same generic form and (`--lower`) lowers it to LLVM; and
// it fails on text mlir-opt would print differently (the source as written, a generic print).
// RUN: llh-opt %s | %upstream-check --lower | filecheck %s
// RUN: not %upstream-check < %s
// RUN: llh-opt %s --mlir-print-op-generic | not %upstream-check

// CHECK-LABEL: func.func @sum(%arg0: memref<?xf32>) -> f32 {
// CHECK:         %0 = scf.for %arg1 = %c0 to %dim step %c1 iter_args(%arg2 = %cst) -> (f32) {
func.func @sum(%m: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %n = memref.dim %m, %c0 : memref<?xf32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %v = memref.load %m[%i] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  return %r : f32
}
