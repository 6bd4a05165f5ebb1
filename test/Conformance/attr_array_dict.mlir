// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/attr_array_dict.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/attr_array_dict.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/attr_array_dict.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Array and dictionary attributes: nesting, element type elision inside arrays,
// and dictionaries sorted by key on output.

"test.arrays"() {a = [], b = [1, 2, 3], c = [1 : i32, "s", 2.0 : f32, unit, [], [[]]], d = [[1, [2, [3]]], {}], e = [true, false, @sym, i32], f = [1.0, 0.5]} : () -> ()
"test.dicts"() {z = {}, y = {b = 1, a = 2, c = {z = 0, y = [1]}}, x = {unit_attr, "q k" = "v", a = [{c = 1, b = 2}]}, w = [{b, a}]} : () -> ()
"test.sorted"() {dict = {k3 = 3 : i8, k1 = 1 : i8, k2 = 2 : i8}, arr = [{k2 = 2, k1 = 1}, {}], b10 = 1, b9 = 2, b1 = 3, B = 4, _ = 5} : () -> ()
"test.deep"() {d = [[[[[[1]]]]]], e = {a = {b = {c = {d = {e = "deep"}}}}}} : () -> ()
"test.mixed"() {m = [{k = [i32, tensor<4xf32>, dense<1> : tensor<2xi8>]}, affine_map<(d0) -> (d0)>, array<i64: 1>, #test.attr<x>, @a::@b]} : () -> ()
