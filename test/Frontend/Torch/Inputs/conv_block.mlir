#map = affine_map<()[s0] -> (1, 3, s0, s0)>
#map1 = affine_map<()[s0] -> (1, 4, (s0 - 1) floordiv 2 + 1, (s0 - 1) floordiv 2 + 1)>
#map2 = affine_map<()[s0] -> (1, 4, (s0 - 1) floordiv 4 + 1, (s0 - 1) floordiv 4 + 1)>
#map3 = affine_map<() -> (1, 4, 1, 1)>
#map4 = affine_map<() -> (1, 4)>
#map5 = affine_map<() -> (4, 2)>
#map6 = affine_map<() -> (1, 2)>
module attributes {builtin.gloabal_layout = "NCHW"} {
  func.func @main(%arg0: tensor<1x3x?x?xf32> {func.input_symbol_0 = "c1", func.input_symbol_1 = "c3", func.input_symbol_2 = "s0", func.input_symbol_3 = "s0"}) -> tensor<1x2xf32> attributes {entrance} {
    %0 = "llh.torch_symbolic_int"() <{sym_name = "s0"}> : () -> i64
    "llh.symbolic_bind"(%arg0, %0) <{expressions = #map}> : (tensor<1x3x?x?xf32>, i64) -> ()
    %1 = "llh.constant"() <{value = dense<"0x8BDABCBAC56ED33D543222BEDB0711BECCCD97BDC461533D56E479BBFC401C3ED7E88BBC6E96503D293A6EBD9CF21ABDFC443CBEE48302BE0379A2BDB69AE93B09D19B3DDD7DEC3DE29905BEE2A1ABBD58288F3DC5A4233E2D3A22BD0E78133E221DFEBC43D2A63CF270323EA2D036BEEC1FF8BD619047BD88A299BD87442A3EDB78FFBD416FB5BD28AE09BE299138BEFD12E6BD6966293E1CDFAF3D1C07BF3D9AD3253C6511CABD395D053D8F0038BE34650EBE9A30CBBD2EADF83D6317E73D54CCAEBDFC8AE3BB3613FC3DA8E9433E206D9C3D15FBD43CCB21043EBA11E8BDF4E3123DE2C918BEF29508BEE89ACBBD3456B23DB1819E3DF077E9BDC6246E3DE15ED83DF6FCC6BCD7C7F03BADA5363D8C83F43D72393D3EAEDD17BE887090BD6AE69A3D0448233EA57D2B3E94E22D3ED9E01C3D215E2BBEE807913C2093F6BDC0A837BE1F182F3EE0D7153EEC9444BE0C8B133DFCCA04BD34B801BD566BB4BD7091973DFF72E9BDCD7C903D9451C73D76130D3E5D5F933DC90B43BE0CADFFBD86CCC43DB5FC243DF5BA19BEC5F3E2BD7664393EDEC9043E9FDAABBDA06546BD3ABA3BBE7BB262BB8C6714BEAA0218BE"> : tensor<4x3x3x3xf32>}> : () -> tensor<4x3x3x3xf32>
    %2 = "llh.constant"() <{value = dense<[-0.0106039243, 0.0288954284, -0.0788141414, 0.11419557]> : tensor<4xf32>}> : () -> tensor<4xf32>
    %3 = "llh.constant"() <{value = dense<1.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>
    %4 = "llh.constant"() <{value = dense<0.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>
    %5 = "llh.constant"() <{value = dense<[[-0.304269552, 0.453685045, 0.342649937, -0.421641469], [-0.12444216, 0.0225613117, 0.072950542, 0.118587136]]> : tensor<2x4xf32>}> : () -> tensor<2x4xf32>
    %6 = "llh.constant"() <{value = dense<[0.196214139, 0.0299500823]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %7 = "llh.constant"() <{value = dense<0.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>
    %8 = "llh.constant"() <{value = dense<1.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>
    %9 = "llh.conv_bias"(%arg0, %1, %2) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<1x3x?x?xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x?x?xf32>
    "llh.symbolic_bind"(%9, %0) <{expressions = #map1}> : (tensor<1x4x?x?xf32>, i64) -> ()
    %10 = "llh.batch_norm"(%9, %3, %4, %7, %8) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x4x?x?xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<1x4x?x?xf32>
    "llh.symbolic_bind"(%10, %0) <{expressions = #map1}> : (tensor<1x4x?x?xf32>, i64) -> ()
    %11 = "llh.relu"(%10) : (tensor<1x4x?x?xf32>) -> tensor<1x4x?x?xf32>
    "llh.symbolic_bind"(%11, %0) <{expressions = #map1}> : (tensor<1x4x?x?xf32>, i64) -> ()
    %12 = "llh.max_pool"(%11) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<1x4x?x?xf32>) -> tensor<1x4x?x?xf32>
    "llh.symbolic_bind"(%12, %0) <{expressions = #map2}> : (tensor<1x4x?x?xf32>, i64) -> ()
    %13 = "llh.adaptive_average_pool"(%12) <{out_size = array<i64: 1, 1>}> : (tensor<1x4x?x?xf32>) -> tensor<1x4x1x1xf32>
    "llh.symbolic_bind"(%13) <{expressions = #map3}> : (tensor<1x4x1x1xf32>) -> ()
    %14 = "llh.constant"() <{value = 1 : i64}> : () -> i64
    %15 = "llh.constant"() <{value = 4 : i64}> : () -> i64
    %16 = "llh.reshape"(%13, %14, %15) : (tensor<1x4x1x1xf32>, i64, i64) -> tensor<1x4xf32>
    "llh.symbolic_bind"(%16) <{expressions = #map4}> : (tensor<1x4xf32>) -> ()
    %17 = "llh.transpose"(%5) <{perms = array<i64: 1, 0>}> : (tensor<2x4xf32>) -> tensor<4x2xf32>
    "llh.symbolic_bind"(%17) <{expressions = #map5}> : (tensor<4x2xf32>) -> ()
    %18 = "llh.matmul"(%16, %17) : (tensor<1x4xf32>, tensor<4x2xf32>) -> tensor<1x2xf32>
    %19 = "llh.constant"() <{value = 2 : i64}> : () -> i64
    %20 = "llh.reshape"(%6, %14, %19) : (tensor<2xf32>, i64, i64) -> tensor<1x2xf32>
    %21 = "llh.add"(%18, %20) : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
    "llh.symbolic_bind"(%21) <{expressions = #map6}> : (tensor<1x2xf32>) -> ()
    return %21 : tensor<1x2xf32>
  }
}
