// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/attr_affine_map.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/attr_affine_map.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/attr_affine_map.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// affine_map attributes and MLIR's alias generation for them: every affine map
// gets a `#mapN` alias (even if used once), numbered in order of first use
// (op regions first, then operand types, result types, then attributes in
// sorted order); input alias names are not preserved and unused input aliases
// disappear.  Properties reuse existing aliases but never create new ones.

#unused = affine_map<(d0) -> (d0 + 1)>
#named = affine_map<(d0, d1) -> (d1, d0)>
#also_unused = affine_map<(d0)[s0] -> (d0 * s0)>

"test.exprs"() {z = affine_map<(d0)[s0] -> (d0 floordiv 2, d0 ceildiv 3, d0 mod 4, s0 * 2 + d0 - 1)>, a = affine_map<() -> (0)>, b = affine_map<(d0, d1) -> (d1, d0)>, c = #named} : () -> ()
"test.more_exprs"() {m = affine_map<(d0, d1)[s0, s1] -> (d0 * s0 + d1 * s1, -d0, d0 - d1, (d0 + d1) * 3)>, n = affine_map<(i, j) -> (j + i)>, o = affine_map<(d0) -> ()>, p = affine_map<()[s0] -> (s0)>, q = affine_map<(d0) -> (d0)>} : () -> ()
%0 = "test.simplified"() {x = affine_map<(d0) -> (d0 * 2 + 1 - 3, 4 * d0, d0 floordiv -2, (d0 mod 3) mod 2, d0 * -1, 2 - d0)>} : () -> memref<4x4xf32, #named>
"test.once"() {once = affine_map<(d0, d1, d2) -> (d2)>} : () -> ()
"test.constants"() {a = affine_map<(d0) -> (5, -3, 0)>, b = affine_map<(d0, d1) -> (d0 + 10, d1 - 10, d0 * 0)>, c = affine_map<()[s0, s1] -> (s0 floordiv s1, s0 mod 8, s1 ceildiv 4)>} : () -> ()
"test.nested_in_array"() {arr = [affine_map<(d0) -> (d0 + 100)>, [affine_map<(d0) -> (d0 + 101)>]], dict = {k = affine_map<(d0) -> (d0 + 102)>}} : () -> ()
%1 = "test.map_src"() : () -> memref<4xf32, affine_map<(d0) -> (d0 + 5)>>
%2 = "test.order"(%1) <{p = affine_map<(d0) -> (d0 + 4)>}> ({
  "test.inner"() {r = affine_map<(d0) -> (d0 + 1)>} : () -> ()
}) {a = affine_map<(d0) -> (d0 + 3)>} : (memref<4xf32, affine_map<(d0) -> (d0 + 5)>>) -> memref<4xf32, affine_map<(d0) -> (d0 + 2)>>
"test.operand_vs_result"(%0) {a = affine_map<(d0) -> (d0 + 6)>} : (memref<4x4xf32, #named>) -> memref<8xf32, affine_map<(d0) -> (d0 + 7)>>
"test.props"() <{p = affine_map<(d0) -> (d0 + 4)>, q = [affine_map<(d0) -> (d0 + 8)>], t = memref<4xf32, affine_map<(d0) -> (d0 + 9)>>, u = #named}> {a = affine_map<(d0) -> (d0 + 4)>} : () -> ()
"test.type_attr"() {t = memref<4xf32, affine_map<(d0) -> (d0 + 11)>>, e = tensor<4xf32, affine_map<(d0) -> (d0 + 12)>>} : () -> ()
