// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/attr_dialect_alias.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/attr_dialect_alias.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/attr_dialect_alias.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Opaque dialect attributes (#dialect.name<...> and #dialect<"...">) and
// attribute aliases.  Aliases are resolved on parse and never printed back
// (only builtin affine maps get generated aliases); opaque bodies are kept
// verbatim.

#enc = #llh.encoding<shapes = @s0, @c3>
#layout = #llh.Layout<NCHW>
#str = "aliased string"
#int = 42 : i32
#arr = [1, #int, #str]
#dict = {b = #int, a = #enc}
#unused = #foo.never_used<>
#alias_of_alias = #arr
#map_alias = affine_map<(d0) -> (d0 * 3)>
#arr_with_map = [#map_alias, #enc]

"test.llh_attrs"() {a = #llh.encoding<shapes = @s0, @c3>, b = #llh.Layout<NCHW>, c = #llh.SymbolRelation<EQ>, d = #llh.encoding<shapes = @s0, @s1, @c1, @c1>, e = #llh.Layout<NHWC>} : () -> ()
"test.opaque"() {c = #foo<"x">, d = #foo.bar<[1, 2] {x = "y"}>, f = #foo.a.b<c>, g = #foo.nested<<a>, (b), [c], {d}>, h = #foo<"with \"esc\"">, i = #foo.empty, j = #foo.str<"a>b">, k = #foo.sym<@a::@b>} : () -> ()
"test.opaque_spacing"() {a = #foo.ws<shapes  =   @s0,@c3>, b = #foo.x< spaced >, c = #foo.y<a
  b>} : () -> ()
"test.aliases"() {s = #str, i = #int, arr = #arr, dict = #dict, t = tensor<?x3xf32, #enc>, l = #layout, aa = #alias_of_alias, m = #arr_with_map} : () -> ()
%0 = "test.in_types"() : () -> tensor<4xf32, #foo.enc<1>>
"test.use"(%0) {w = [#foo<"a">, #foo.b<c>]} : (tensor<4xf32, #foo.enc<1>>) -> ()
