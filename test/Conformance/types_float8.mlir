// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/types_float8.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/types_float8.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/types_float8.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Small / exotic float types (8-bit, 6-bit, 4-bit and E8M0 formats).

"test.f8"() : () -> (f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f8E4M3B11FNUZ, f8E4M3, f8E3M4)
"test.f6_f4"() : () -> (f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E8M0FNU)
"test.f8_in_shaped"() : () -> (tensor<4xf8E4M3FN>, vector<2xf8E5M2>, memref<8xf8E4M3FNUZ>)
"test.f8_type_attr"() {t = f8E5M2} : () -> ()
