// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/attr_float_exotic.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/attr_float_exotic.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/attr_float_exotic.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Float attributes of the less common types: f80, f128, tf32 and 8-bit floats.

"test.f80_f128"() {a = 1.0 : f80, b = 0.1 : f80, c = 1.0 : f128, d = 0.1 : f128, e = -2.5 : f128} : () -> ()
"test.tf32"() {a = 2.0 : tf32, b = 0.1 : tf32} : () -> ()
"test.f8"() {a = 1.0 : f8E4M3FN, b = 0.5 : f8E5M2, c = 448.0 : f8E4M3FN, d = 0x7F : f8E4M3FN, e = 0x7C : f8E5M2} : () -> ()
