"builtin.module"() ({
  %0:7 = "test.ranked"() : () -> (tensor<f32>, tensor<4xf32>, tensor<?xf32>, tensor<?x3xf32>, tensor<2x?x?x4xi8>, tensor<0xf32>, tensor<1x0x?xi64>)
  %1:6 = "test.elements"() : () -> (tensor<1x2xcomplex<f32>>, tensor<4xvector<4xf32>>, tensor<3x!test.elt>, tensor<2xindex>, tensor<8xi1>, tensor<2xbf16>)
  %2:4 = "test.unranked"() : () -> (tensor<*xf32>, tensor<*xi1>, tensor<*xcomplex<f64>>, tensor<*x!test.elt>)
  %3:3 = "test.encoded"() : () -> (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>, tensor<f32, #test.enc>)
  %4:11 = "test.builtin_encodings"() : () -> (tensor<4xf32, "foo">, tensor<4xf32, 1 : i64>, tensor<4xf32, 7 : i8>, tensor<?xi32, {a = 1 : i64}>, tensor<4xf32, [1, 2]>, tensor<f32, @sym>, tensor<2xf32, #foo<"x">>, tensor<2xf32, unit>, tensor<2xf32, true>, tensor<2xf32, 1.500000e+00 : f32>, tensor<2xf32, i32>)
  %5 = "test.src"() : () -> tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>
  "test.sink"(%5) : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> ()
  "test.tensor_type_attrs"() {a = tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, b = tensor<*xf32>, c = tensor<4xf32, "foo">} : () -> ()
}) : () -> ()

