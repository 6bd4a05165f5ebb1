// Seed 000's matmul example (before inference): the README explains what --infer-symbolic-shape prints for it.
func.func @matmul(%arg0: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}) -> tensor<*xf32> attributes {entrance} {
    %const = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<512x10xf32>
    %matmul = "llh.matmul"(%arg0, %const) : (tensor<?x?xf32>, tensor<512x10xf32>) -> tensor<*xf32>
    return %matmul : tensor<*xf32>
}
