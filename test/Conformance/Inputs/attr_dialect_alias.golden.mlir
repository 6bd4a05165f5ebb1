#map = affine_map<(d0) -> (d0 * 3)>
"builtin.module"() ({
  "test.llh_attrs"() {a = #llh.encoding<shapes = @s0, @c3>, b = #llh.Layout<NCHW>, c = #llh.SymbolRelation<EQ>, d = #llh.encoding<shapes = @s0, @s1, @c1, @c1>, e = #llh.Layout<NHWC>} : () -> ()
  "test.opaque"() {c = #foo<"x">, d = #foo.bar<[1, 2] {x = "y"}>, f = #foo.a.b<c>, g = #foo.nested<<a>, (b), [c], {d}>, h = #foo<"with \"esc\"">, i = #foo.empty, j = #foo.str<"a>b">, k = #foo.sym<@a::@b>} : () -> ()
  "test.opaque_spacing"() {a = #foo.ws<shapes  =   @s0,@c3>, b = #foo.x< spaced >, c = #foo.y<a
  b>} : () -> ()
  "test.aliases"() {aa = [1, 42 : i32, "aliased string"], arr = [1, 42 : i32, "aliased string"], dict = {a = #llh.encoding<shapes = @s0, @c3>, b = 42 : i32}, i = 42 : i32, l = #llh.Layout<NCHW>, m = [#map, #llh.encoding<shapes = @s0, @c3>], s = "aliased string", t = tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>} : () -> ()
  %0 = "test.in_types"() : () -> tensor<4xf32, #foo.enc<1>>
  "test.use"(%0) {w = [#foo<"a">, #foo.b<c>]} : (tensor<4xf32, #foo.enc<1>>) -> ()
}) : () -> ()

