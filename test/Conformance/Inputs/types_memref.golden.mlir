#map = affine_map<(d0, d1) -> (d1, d0)>
#map1 = affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>
"builtin.module"() ({
  %0:6 = "test.plain"() : () -> (memref<4xf32>, memref<?x?xf32>, memref<f32>, memref<*xf32>, memref<0xi8>, memref<4x?xindex>)
  %1:6 = "test.memory_space"() : () -> (memref<4xf32, 1>, memref<*xf32, 2>, memref<4xf32, 1 : i32>, memref<4xf32>, memref<4xf32, 5>, memref<*xf32, 3 : i16>)
  %2:7 = "test.strided"() : () -> (memref<4x4xf32, strided<[4, 1]>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[1], offset: 4>>, memref<4x4xf32, strided<[?, ?]>>, memref<4x4xf32, strided<[4, 1]>, 3>, memref<f32, strided<[]>>, memref<f32, strided<[], offset: ?>>)
  %3:4 = "test.affine_layout"() : () -> (memref<4x4xf32, #map>, memref<4x4xf32, #map1, 1>, memref<4xf32>, memref<4x4xf32>)
  %4:4 = "test.memref_elements"() : () -> (memref<2xvector<4xf32>>, memref<2xcomplex<f32>>, memref<2xmemref<4xi8>>, memref<?xi1>)
  "test.memref_type_attrs"() {a = memref<4xf32, 1>, b = memref<?x?xf32, strided<[?, 1], offset: ?>>, c = memref<4x4xf32, #map>} : () -> ()
}) : () -> ()

