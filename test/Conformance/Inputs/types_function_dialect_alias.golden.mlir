"builtin.module"() ({
  %0:7 = "test.function_types"() : () -> (() -> (), (i32) -> i32, (i32, f32) -> (i64, f64), () -> (() -> i1), ((i1) -> i2) -> (), (tensor<*xf32>) -> i32, (i32) -> i64)
  %1:9 = "test.dialect_types"() : () -> (!test.x<...>, !test.x<4, "a">, !foo.bar, !foo<"bar">, !foo.bar<[1, 2], {a}>, !test.tensor<?x3xf32>, !foo.a.b, !foo.nest<x<y<z>>>, !foo.str<"a>b">)
  %2:2 = "test.odd_spacing"() : () -> (!foo.t< 4 ,"a" >, !foo.u<a
b>)
  %3:5 = "test.aliases"() : () -> (tensor<?x3xf32>, tuple<i32, i32>, !test.x<4, "a">, tensor<4x!test.x<4, "a">>, tensor<?x3xf32>)
  %4 = "test.alias_operand"() : () -> tensor<?x3xf32>
  "test.use"(%4) : (tensor<?x3xf32>) -> ()
  "test.type_attrs"() {d = !foo.bar, fn = (tensor<?x3xf32>) -> tuple<i32, i32>, ty = tensor<?x3xf32>, tyl = [tuple<i32, i32>, tensor<?x3xf32>]} : () -> ()
}) : () -> ()

