"builtin.module"() ({
  "test.splat"() {a = dense<1.000000e+00> : tensor<4xf32>, b = dense<5> : tensor<i32>, c = dense<-1> : tensor<2x3xi8>, d = dense<255> : tensor<2xui8>, e = dense<true> : tensor<2xi1>, f = dense<false> : tensor<4x4xi1>, g = dense<1.000000e-01> : vector<4xf32>, h = dense<0> : tensor<3x4x5xi16>} : () -> ()
  "test.literal"() {a = dense<[1, 2, 3]> : tensor<3xi32>, b = dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>, c = dense<[true, false, true]> : tensor<3xi1>, d = dense<[[1.500000e+00, 2.000000e+00]]> : tensor<1x2xf64>, e = dense<[1, 2]> : vector<2xindex>, f = dense<[[[1], [2]], [[3], [4]]]> : tensor<2x2x1xi8>, g = dense<[-1, -1, -128]> : tensor<3xi8>} : () -> ()
  "test.uniform_literal"() {a = dense<1> : tensor<3xi8>, b = dense<2.000000e+00> : tensor<2x2xf32>, c = dense<true> : tensor<2xi1>} : () -> ()
  "test.hex"() {a = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, b = dense<[1, 2, 3, 4]> : tensor<4xi8>, c = dense<1.000000e+00> : tensor<4xf32>, d = dense<[1, 2]> : tensor<2xi32>, e = dense<-1> : tensor<3xi8>} : () -> ()
  "test.empty"() {a = dense<> : tensor<0xf32>, b = dense<> : tensor<0xi32>, c = dense<> : tensor<1x0xf32>, d = dense<> : tensor<0x4xi1>} : () -> ()
  "test.special_floats"() {a = dense<0x7FC00000> : tensor<2xf32>, b = dense<[0x7FC00000, 1.000000e+00]> : tensor<2xf32>, c = dense<[1.000000e-01, 2.000000e-01, 3.000000e-01]> : tensor<3xf64>, d = dense<[1.500000e+00, -0.000000e+00]> : tensor<2xf16>, e = dense<[0.333333343, 9.99999904]> : tensor<2xf32>} : () -> ()
  "test.complex"() {a = dense<[(1.000000e+00,2.000000e+00), (3.000000e+00,4.000000e+00)]> : tensor<2xcomplex<f32>>, b = dense<(1,2)> : tensor<2xcomplex<i32>>, c = dense<(5.000000e-01,-5.000000e-01)> : tensor<complex<f64>>} : () -> ()
  "test.strings"() {a = dense<["a", "b"]> : tensor<2x!test.str>, b = dense<"splat"> : tensor<3x!test.str>} : () -> ()
  "test.dense_types"() {a = dense<1> : tensor<2xindex>, b = dense<[1, 2]> : tensor<2xui16>, c = dense<[-1, 2]> : tensor<2xsi32>, d = dense<1.000000e+00> : tensor<2xbf16>, e = dense<7> : tensor<1x1x1xi64>} : () -> ()
}) : () -> ()

