// REQUIRES: mlir-opt
// Upstream mlir-opt (MLIR 22) reprints what llh-opt prints for loop-ops.mlir byte for byte, both
// print the same generic form, and upstream reports what invalid-loop-ops.mlir expects.
// RUN: llh-opt %S/loop-ops.mlir -o %t.llh.mlir
// RUN: %mlir-opt %t.llh.mlir -o %t.upstream.mlir
// RUN: diff %t.llh.mlir %t.upstream.mlir
// RUN: llh-opt %S/loop-ops.mlir --mlir-print-op-generic -o %t.llh-generic.mlir
// RUN: %mlir-opt %S/loop-ops.mlir --mlir-print-op-generic -o %t.upstream-generic.mlir
// RUN: diff %t.llh-generic.mlir %t.upstream-generic.mlir
// RUN: %mlir-opt %S/invalid-loop-ops.mlir -split-input-file -verify-diagnostics
