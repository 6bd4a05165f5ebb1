// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/types_integer_float.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/types_integer_float.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/types_integer_float.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Builtin integer (signless / signed / unsigned, odd widths), index, none and
// the common float types as op result types and as type attributes.

"test.int_types"() : () -> (i1, i8, i16, i32, i64, i128, i0, i17, i1024)
"test.signed_types"() : () -> (si1, si8, si16, si32, si64, ui1, ui8, ui16, ui32, ui64, si7, ui3)
"test.misc_types"() : () -> (index, none, index)
"test.float_types"() : () -> (f16, bf16, f32, f64, tf32, f80, f128)
%0 = "test.single"() : () -> i32
%1 = "test.single_paren"() : () -> (f32)
"test.operand_types"(%0, %1) : (i32, f32) -> ()
"test.type_attrs"() {a = i1, b = si8, c = ui16, d = index, e = none, f = f16, g = bf16, h = f64, i = [i32, f32, index]} : () -> ()
