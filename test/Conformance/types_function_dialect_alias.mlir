// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/types_function_dialect_alias.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/types_function_dialect_alias.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/types_function_dialect_alias.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Function types, opaque dialect types and type aliases (aliases are resolved
// on parse; the printer never re-creates them).

!t = tensor<?x3xf32>
!pair = tuple<i32, i32>
!unused = i8
!opaque = !test.x<4, "a">
!nested = !t

"test.function_types"() : () -> (() -> (), (i32) -> i32, (i32, f32) -> (i64, f64), () -> (() -> i1), ((i1) -> i2) -> (), (tensor<*xf32>) -> (i32), (i32) -> (i64))
"test.dialect_types"() : () -> (!test.x<...>, !test.x<4, "a">, !foo.bar, !foo<"bar">, !foo.bar<[1, 2], {a}>, !test.tensor<?x3xf32>, !foo.a.b, !foo.nest<x<y<z>>>, !foo.str<"a>b">)
"test.odd_spacing"() : () -> (!foo.t< 4 ,"a" >, !foo.u<a
b>)
"test.aliases"() : () -> (!t, !pair, !opaque, tensor<4x!opaque>, !nested)
%0 = "test.alias_operand"() : () -> !t
"test.use"(%0) : (!t) -> ()
"test.type_attrs"() {ty = !t, tyl = [!pair, !t], fn = (!t) -> !pair, d = !foo.bar} : () -> ()
