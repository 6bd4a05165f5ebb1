// A ResNet basic block in LLH form: the example the README runs.
module attributes {builtin.gloabal_layout = "NCHW"} {
  func.func @main(%arg0: tensor<?x64x?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c64", func.input_symbol_2 = "s1", func.input_symbol_3 = "s1"}) -> tensor<?x64x?x?xf32> attributes {entrance} {
    %0 = "llh.weight"() <{weight_file = "w0.npy"}> : () -> tensor<64x64x3x3xf32>
    %1 = "llh.conv"(%arg0, %0) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<?x64x?x?xf32>, tensor<64x64x3x3xf32>) -> tensor<?x64x?x?xf32>
    %2 = "llh.weight"() <{weight_file = "bn_scale.npy"}> : () -> tensor<64xf32>
    %3 = "llh.weight"() <{weight_file = "bn_bias.npy"}> : () -> tensor<64xf32>
    %4 = "llh.weight"() <{weight_file = "bn_mean.npy"}> : () -> tensor<64xf32>
    %5 = "llh.weight"() <{weight_file = "bn_var.npy"}> : () -> tensor<64xf32>
    %6 = "llh.batch_norm"(%1, %2, %3, %4, %5) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<?x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<?x64x?x?xf32>
    %7 = "llh.relu"(%6) : (tensor<?x64x?x?xf32>) -> tensor<?x64x?x?xf32>
    %8 = "llh.conv"(%7, %0) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<?x64x?x?xf32>, tensor<64x64x3x3xf32>) -> tensor<?x64x?x?xf32>
    %9 = "llh.add"(%8, %arg0) : (tensor<?x64x?x?xf32>, tensor<?x64x?x?xf32>) -> tensor<?x64x?x?xf32>
    %10 = "llh.relu"(%9) : (tensor<?x64x?x?xf32>) -> tensor<?x64x?x?xf32>
    return %10 : tensor<?x64x?x?xf32>
  }
  func.func private @unused_helper(%arg0: i64) -> i64 {
    return %arg0 : i64
  }
}
