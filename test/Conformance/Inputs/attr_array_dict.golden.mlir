#map = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "test.arrays"() {a = [], b = [1, 2, 3], c = [1 : i32, "s", 2.000000e+00 : f32, unit, [], [[]]], d = [[1, [2, [3]]], {}], e = [true, false, @sym, i32], f = [1.000000e+00, 5.000000e-01]} : () -> ()
  "test.dicts"() {w = [{a, b}], x = {a = [{b = 2 : i64, c = 1 : i64}], "q k" = "v", unit_attr}, y = {a = 2 : i64, b = 1 : i64, c = {y = [1], z = 0 : i64}}, z = {}} : () -> ()
  "test.sorted"() {B = 4 : i64, _ = 5 : i64, arr = [{k1 = 1 : i64, k2 = 2 : i64}, {}], b1 = 3 : i64, b10 = 1 : i64, b9 = 2 : i64, dict = {k1 = 1 : i8, k2 = 2 : i8, k3 = 3 : i8}} : () -> ()
  "test.deep"() {d = [[[[[[1]]]]]], e = {a = {b = {c = {d = {e = "deep"}}}}}} : () -> ()
  "test.mixed"() {m = [{k = [i32, tensor<4xf32>, dense<1> : tensor<2xi8>]}, #map, array<i64: 1>, #test.attr<x>, @a::@b]} : () -> ()
}) : () -> ()

