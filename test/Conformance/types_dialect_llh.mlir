// REQUIRES: torch-mlir-opt
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.ref
// RUN: diff %t.ref %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %t.ref -
//
// Opaque types spelled with the llh dialect namespace.

"test.llh_types"() : () -> (!llh.x<...>, !llh.x<4, "a">, !llh.tensor<?x3xf32>)
"test.llh_type_attr"() {t = !llh.x<...>} : () -> ()
