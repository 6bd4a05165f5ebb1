// REQUIRES: mlir-opt
// Upstream mlir-opt (MLIR 22) accepts what llh-opt prints for ops.mlir and reprints it byte for
// byte; both print the same generic form (with locations too); and upstream reports the
// diagnostics invalid.mlir expects from llh-opt.
// RUN: llh-opt %S/ops.mlir -o %t.llh.mlir
// RUN: %mlir-opt %t.llh.mlir -o %t.upstream.mlir
// RUN: diff %t.llh.mlir %t.upstream.mlir
// RUN: llh-opt %S/ops.mlir --mlir-print-op-generic -o %t.llh-generic.mlir
// RUN: %mlir-opt %S/ops.mlir --mlir-print-op-generic -o %t.upstream-generic.mlir
// RUN: diff %t.llh-generic.mlir %t.upstream-generic.mlir
// RUN: llh-opt %S/ops.mlir --mlir-print-debuginfo --mlir-print-op-generic -o %t.llh-debug.mlir
// RUN: %mlir-opt %S/ops.mlir --mlir-print-debuginfo --mlir-print-op-generic -o %t.upstream-debug.mlir
// RUN: diff %t.llh-debug.mlir %t.upstream-debug.mlir
// RUN: %mlir-opt %S/invalid.mlir -split-input-file -verify-diagnostics
