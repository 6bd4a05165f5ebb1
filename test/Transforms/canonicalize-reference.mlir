// REQUIRES: torch-mlir-opt
// RUN: %torch-mlir-opt --canonicalize %S/canonicalize-arith.mlir > %t.ref
// RUN: llh-opt --canonicalize %S/canonicalize-arith.mlir > %t.llh
// RUN: diff %t.ref %t.llh
// RUN: %torch-mlir-opt --canonicalize="top-down=false" %S/canonicalize-arith.mlir > %t.ref2
// RUN: llh-opt --canonicalize="top-down=false" %S/canonicalize-arith.mlir > %t.llh2
// RUN: diff %t.ref2 %t.llh2
// RUN: %torch-mlir-opt --canonicalize="max-iterations=1 region-simplify=disabled" %S/canonicalize-arith.mlir > %t.ref3
// RUN: llh-opt --canonicalize="max-iterations=1 region-simplify=disabled" %S/canonicalize-arith.mlir > %t.llh3
// RUN: diff %t.ref3 %t.llh3
// RUN: %torch-mlir-opt --canonicalize="max-num-rewrites=0" --mlir-print-debuginfo %S/canonicalize-arith.mlir > %t.ref4
// RUN: llh-opt --canonicalize="max-num-rewrites=0" --mlir-print-debuginfo %S/canonicalize-arith.mlir > %t.llh4
// RUN: diff %t.ref4 %t.llh4
// RUN: %torch-mlir-opt --pass-pipeline="builtin.module(func.func(canonicalize))" %S/canonicalize-arith.mlir > %t.ref5
// RUN: llh-opt --pass-pipeline="builtin.module(func.func(canonicalize))" %S/canonicalize-arith.mlir > %t.llh5
// RUN: diff %t.ref5 %t.llh5

// llh-opt's `--canonicalize` gives exactly torch-mlir-opt's output on arith / tensor IR: the
// same folds, the same constant order (hoisting, de-duplication), the same locations.
