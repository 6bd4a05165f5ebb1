// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/attr_symbol_type.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/attr_symbol_type.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/attr_symbol_type.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Symbol reference attributes (flat, nested, quoted) and type attributes.

"test.symbols"() {a = @a, b = @a::@b::@c, c = @"c-1", d = @"with space", e = @_x.y$z, f = @"a"::@"b-c", g = @"0abc", h = [@x, @y::@z], i = @"\22q", j = @"plain"} : () -> ()
"test.symbols_more"() {a = @"ünï", b = @a.b::@"c d"::@e, d = @A9, e = @"9"} : () -> ()
"test.types"() {a = i32, b = tensor<?xf32>, c = () -> (), d = !foo.bar, e = index, f = none, g = memref<4xf32, 1>, h = [f32, i1], i = tuple<i32>, j = complex<f64>, k = (i32, f32) -> (tensor<*xf32>)} : () -> ()
