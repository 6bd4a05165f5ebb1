"builtin.module"() ({
  "test.symbols"() {a = @a, b = @a::@b::@c, c = @"c-1", d = @"with space", e = @_x.y$z, f = @a::@"b-c", g = @"0abc", h = [@x, @y::@z], i = @"\22q", j = @plain} : () -> ()
  "test.symbols_more"() {a = @"\C3\BCn\C3\AF", b = @a.b::@"c d"::@e, d = @A9, e = @"9"} : () -> ()
  "test.types"() {a = i32, b = tensor<?xf32>, c = () -> (), d = !foo.bar, e = index, f = none, g = memref<4xf32, 1>, h = [f32, i1], i = tuple<i32>, j = complex<f64>, k = (i32, f32) -> tensor<*xf32>} : () -> ()
}) : () -> ()

