// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/types_dialect_llh.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/types_dialect_llh.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/types_dialect_llh.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Opaque types spelled with the llh dialect namespace.

"test.llh_types"() : () -> (!llh.x<...>, !llh.x<4, "a">, !llh.tensor<?x3xf32>)
"test.llh_type_attr"() {t = !llh.x<...>} : () -> ()
