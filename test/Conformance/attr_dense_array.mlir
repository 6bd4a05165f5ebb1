// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/attr_dense_array.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/attr_dense_array.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/attr_dense_array.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// array<T: ...> dense array attributes of all element types, including empty ones.

"test.ints"() {a = array<i64: 1, 2, 3>, b = array<i64>, c = array<i32>, d = array<i32: -1, 0, 2147483647>, h = array<i8: 127, -128>, i = array<i16: 300, -300>, k = array<i64: -9223372036854775808, 9223372036854775807>, l = array<i8: 255>} : () -> ()
"test.bools"() {g = array<i1: true, false>, j = array<i1>, m = array<i1: false>, n = array<i1: true, true, false, true>} : () -> ()
"test.floats"() {e = array<f32: 1.0, 0.1, -2.5>, f = array<f64: 0.1, 1.0e10>, o = array<f32>, p = array<f64>, q = array<f32: 0x7FC00000>, r = array<f64: 3.14159265358979, 0.30000000000000004>, s = array<f32: 9.999999, 12345678.0>} : () -> ()
"test.nested"() {a = [array<i64: 1>, array<i32>], b = {x = array<i1: true>}} : () -> ()
