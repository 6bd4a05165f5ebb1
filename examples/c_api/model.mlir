// y = relu(x) * scale + x for NCHW images with any batch N and any square size H = W.
// The symbols say so: s0 is the batch, both spatial sizes are s1 (checked at run time).
func.func @main(%x: tensor<?x3x?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c3", func.input_symbol_2 = "s1", func.input_symbol_3 = "s1"}) -> tensor<?x3x?x?xf32> attributes {entrance} {
  %scale = "llh.weight"() <{weight_file = "scale.npy"}> : () -> tensor<1x3x1x1xf32>
  %0 = "llh.relu"(%x) : (tensor<?x3x?x?xf32>) -> tensor<?x3x?x?xf32>
  %1 = "llh.mul"(%0, %scale) : (tensor<?x3x?x?xf32>, tensor<1x3x1x1xf32>) -> tensor<?x3x?x?xf32>
  %2 = "llh.add"(%1, %x) : (tensor<?x3x?x?xf32>, tensor<?x3x?x?xf32>) -> tensor<?x3x?x?xf32>
  return %2 : tensor<?x3x?x?xf32>
}
