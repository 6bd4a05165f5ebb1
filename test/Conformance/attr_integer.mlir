// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/attr_integer.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/attr_integer.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/attr_integer.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Integer attributes: default i64 type, explicit widths, signedness, i1 (printed
// as true/false), hex input, wrap-around printing of signless values.

"test.default_i64"() {a = 0, b = 1, c = -1, d = 9223372036854775807, e = -9223372036854775808, f = 0x10, g = 0xFFFF, h = 42} : () -> ()
"test.i1"() {a = 0 : i1, b = 1 : i1, c = -1 : i1, d = true, e = false, f = 0 : ui1, g = -1 : si1, h = 1 : ui1, i = 0 : si1} : () -> ()
"test.signless"() {a = 127 : i8, b = -128 : i8, c = 255 : i8, d = 5 : i3, e = 0xFF : i8, f = 65535 : i16, g = 4294967295 : i32, h = -1 : i64, i = 18446744073709551615 : i64, j = 0 : i0} : () -> ()
"test.unsigned"() {a = 200 : ui8, b = 255 : ui8, c = 65535 : ui16, d = 4294967295 : ui32, e = 18446744073709551615 : ui64, f = 12345678901234567890 : ui64, g = 0 : ui32, h = 0xFF : ui8} : () -> ()
"test.signed"() {a = -5 : si8, b = 127 : si8, c = -128 : si8, d = -32768 : si16, e = 32767 : si16, f = -2147483648 : si32, g = -9223372036854775808 : si64, h = 0 : si4} : () -> ()
"test.wide"() {a = 1 : i65, b = 170141183460469231731687303715884105727 : i128, c = -170141183460469231731687303715884105728 : si128, d = 340282366920938463463374607431768211455 : ui128, e = -1 : i128, f = 1 : i1024} : () -> ()
"test.index"() {a = 0 : index, b = -1 : index, c = 9223372036854775807 : index, d = 4096 : index} : () -> ()
"test.in_containers"() {a = [0, -1, 7 : i8, 1 : i1, 3 : index, 255 : ui8], b = {x = 5, y = -5 : si16, z = 1 : i1}} : () -> ()
