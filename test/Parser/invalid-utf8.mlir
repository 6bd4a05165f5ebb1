// RUN: not llh-opt --allow-unregistered-dialect %S/Inputs/invalid-utf8.mlir 2>&1 | filecheck %s
// Regression: input that is not UTF-8 crashed the diagnostic renderer ("internal error", exit 2);
// it is a plain parse error (exit 1).

// CHECK: invalid-utf8.mlir:{{[0-9]+}}:{{[0-9]+}}: error:
// CHECK-NOT: internal error
