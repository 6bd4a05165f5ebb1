// REQUIRES: torch-mlir-opt
// RUN: %torch-mlir-opt --allow-unregistered-dialect --split-input-file --cse --mlir-print-op-generic %S/cse.mlir > %t.ref
// RUN: llh-opt --allow-unregistered-dialect --split-input-file --cse --mlir-print-op-generic %S/cse.mlir > %t.llh
// RUN: diff %t.ref %t.llh
// RUN: %torch-mlir-opt --allow-unregistered-dialect --split-input-file --pass-pipeline="builtin.module(func.func(cse))" --mlir-print-op-generic %S/cse.mlir > %t.ref2
// RUN: llh-opt --allow-unregistered-dialect --split-input-file --pass-pipeline="builtin.module(func.func(cse))" --mlir-print-op-generic %S/cse.mlir > %t.llh2
// RUN: diff %t.ref2 %t.llh2

// llh-opt's `--cse` gives exactly torch-mlir-opt's output on cse.mlir (generic
// form, so that `cf` ops, unregistered in llh-opt, print alike).
