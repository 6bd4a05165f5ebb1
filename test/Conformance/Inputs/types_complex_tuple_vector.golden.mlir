"builtin.module"() ({
  %0:6 = "test.complex"() : () -> (complex<f32>, complex<f64>, complex<f16>, complex<bf16>, complex<i32>, complex<si8>)
  %1:6 = "test.tuple"() : () -> (tuple<>, tuple<i32>, tuple<i32, f32>, tuple<i32, f32, tuple<index, none>>, tuple<complex<f16>, vector<4xf32>, tensor<?xf32>>, tuple<tuple<>>)
  %2:6 = "test.vector"() : () -> (vector<4xf32>, vector<4x8xi32>, vector<1x2x3x4xindex>, vector<f32>, vector<2xi1>, vector<3xindex>)
  %3:5 = "test.scalable"() : () -> (vector<[4]xf32>, vector<2x[4]xf32>, vector<[2]x[4]xi1>, vector<[1]xi8>, vector<4x[8]x2xf16>)
  %4:3 = "test.nested_vector"() : () -> (tensor<4xvector<4xf32>>, memref<2xvector<[4]xi32>>, tuple<vector<[16]xi8>>)
  "test.type_attrs"() {c = complex<f64>, t = tuple<i1, tuple<>>, v = vector<[4]xf32>, v0 = vector<i64>} : () -> ()
}) : () -> ()

