// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/attr_float.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/attr_float.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/attr_float.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Float attributes: MLIR prints "%e"-style with 6 digits when that round-trips,
// otherwise the shortest exact decimal, and hex bit patterns for NaN/Inf or when
// no decimal form with a '.' exists.

"test.f32"() {a = 0.0 : f32, b = -0.0 : f32, c = 1.0 : f32, d = -2.5 : f32, e = 0.1 : f32, f = 0.333333343 : f32, g = 1.0e-10 : f32, h = 3.0e38 : f32, i = 100.0 : f32, j = 1.0e+20 : f32} : () -> ()
"test.f32_shortest"() {a = 3.14159 : f32, b = 9.999999 : f32, c = 12345678.0 : f32, d = 1.0e6 : f32, e = 0.5 : f32, f = 16777217.0 : f32, g = 2.71828182 : f32, h = 1.17549435e-38 : f32} : () -> ()
"test.f64"() {a = 0.1 : f64, b = 1.0e10 : f64, c = 3.14159265358979 : f64, d = 6.02e23 : f64, e = -0.0 : f64, f = 1.7976931348623157e308 : f64, g = 1.0e-5 : f64, h = 123456.789 : f64, i = 0.30000000000000004 : f64, j = 1.0E+5 : f64} : () -> ()
"test.default_f64"() {a = 1.0, b = -1.5, c = 0.1, d = 2.0e-3, e = 10.0} : () -> ()
"test.half"() {a = 1.5 : f16, b = 65504.0 : f16, c = 0.1 : f16, d = -2.0 : f16, e = 1.0 : bf16, f = 0.1 : bf16, g = 3.0e38 : bf16, h = 6.1035156e-05 : f16} : () -> ()
"test.hex"() {a = 0x7FC00000 : f32, b = 0x7F800000 : f32, c = 0xFF800000 : f32, d = 0x7FF8000000000000 : f64, e = 0x7FF0000000000000 : f64, f = 0xFFF0000000000000 : f64, g = 0x7C00 : f16, h = 0xFC00 : f16, i = 0x7E00 : f16, j = 0x7FC0 : bf16, k = 0xFF80 : bf16, l = 0x7FC00001 : f32} : () -> ()
"test.hex_finite"() {a = 0x3F800000 : f32, b = 0x00000001 : f32, c = 0x0000000000000001 : f64, d = 0x3C00 : f16, e = 0x80000000 : f32, f = 0x4B3C614E : f32} : () -> ()
"test.in_containers"() {a = [1.0, 2.5 : f32, 0.1 : f16], b = {x = 1.0, y = 0.25 : f32}} : () -> ()
