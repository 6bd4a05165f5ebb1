#map = affine_map<() -> (0)>
#map1 = affine_map<(d0, d1) -> (d1, d0)>
#map2 = affine_map<(d0)[s0] -> (d0 floordiv 2, d0 ceildiv 3, d0 mod 4, d0 + s0 * 2 - 1)>
#map3 = affine_map<(d0, d1)[s0, s1] -> (d0 * s0 + d1 * s1, -d0, d0 - d1, (d0 + d1) * 3)>
#map4 = affine_map<(d0, d1) -> (d0 + d1)>
#map5 = affine_map<(d0) -> ()>
#map6 = affine_map<()[s0] -> (s0)>
#map7 = affine_map<(d0) -> (d0)>
#map8 = affine_map<(d0) -> (d0 * 2 - 2, d0 * 4, d0 floordiv -2, (d0 mod 3) mod 2, -d0, -d0 + 2)>
#map9 = affine_map<(d0, d1, d2) -> (d2)>
#map10 = affine_map<(d0) -> (5, -3, 0)>
#map11 = affine_map<(d0, d1) -> (d0 + 10, d1 - 10, 0)>
#map12 = affine_map<()[s0, s1] -> (s0 floordiv s1, s0 mod 8, s1 ceildiv 4)>
#map13 = affine_map<(d0) -> (d0 + 100)>
#map14 = affine_map<(d0) -> (d0 + 101)>
#map15 = affine_map<(d0) -> (d0 + 102)>
#map16 = affine_map<(d0) -> (d0 + 5)>
#map17 = affine_map<(d0) -> (d0 + 1)>
#map18 = affine_map<(d0) -> (d0 + 2)>
#map19 = affine_map<(d0) -> (d0 + 3)>
#map20 = affine_map<(d0) -> (d0 + 7)>
#map21 = affine_map<(d0) -> (d0 + 6)>
#map22 = affine_map<(d0) -> (d0 + 4)>
#map23 = affine_map<(d0) -> (d0 + 12)>
#map24 = affine_map<(d0) -> (d0 + 11)>
"builtin.module"() ({
  "test.exprs"() {a = #map, b = #map1, c = #map1, z = #map2} : () -> ()
  "test.more_exprs"() {m = #map3, n = #map4, o = #map5, p = #map6, q = #map7} : () -> ()
  %0 = "test.simplified"() {x = #map8} : () -> memref<4x4xf32, #map1>
  "test.once"() {once = #map9} : () -> ()
  "test.constants"() {a = #map10, b = #map11, c = #map12} : () -> ()
  "test.nested_in_array"() {arr = [#map13, [#map14]], dict = {k = #map15}} : () -> ()
  %1 = "test.map_src"() : () -> memref<4xf32, #map16>
  %2 = "test.order"(%1) <{p = #map22}> ({
    "test.inner"() {r = #map17} : () -> ()
  }) {a = #map19} : (memref<4xf32, #map16>) -> memref<4xf32, #map18>
  %3 = "test.operand_vs_result"(%0) {a = #map21} : (memref<4x4xf32, #map1>) -> memref<8xf32, #map20>
  "test.props"() <{p = #map22, q = [affine_map<(d0) -> (d0 + 8)>], t = memref<4xf32, affine_map<(d0) -> (d0 + 9)>>, u = #map1}> {a = #map22} : () -> ()
  "test.type_attr"() {e = tensor<4xf32, #map23>, t = memref<4xf32, #map24>} : () -> ()
}) : () -> ()

