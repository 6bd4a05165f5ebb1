#map = affine_map<()[s0] -> (s0, 3)>
#map1 = affine_map<()[s0] -> (s0)>
#map2 = affine_map<()[s0] -> (s0, 2)>
#map3 = affine_map<()[s0] -> (s0, 1)>
#map4 = affine_map<()[s0] -> (s0 * 3)>
#map5 = affine_map<()[s0] -> (s0 * 3, 1)>
module attributes {builtin.gloabal_layout = "NCHW"} {
  func.func @main(%arg0: tensor<?x3xf32> {func.input_symbol_0 = "s77", func.input_symbol_1 = "c3"}) -> tensor<?x1xf32> attributes {entrance} {
    %0 = "llh.torch_symbolic_int"() <{sym_name = "s77"}> : () -> i64
    "llh.symbolic_bind"(%arg0, %0) <{expressions = #map}> : (tensor<?x3xf32>, i64) -> ()
    %1 = "llh.constant"() <{value = 0 : i64}> : () -> i64
    %2 = "llh.dim"(%arg0, %1) : (tensor<?x3xf32>, i64) -> i64
    "llh.symbolic_bind"(%2, %0) <{expressions = #map1}> : (i64, i64) -> ()
    %3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
    %4 = "llh.constant"() <{value = 1 : i64}> : () -> i64
    %5 = "llh.slice"(%arg0, %1, %4, %2, %3) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (tensor<?x3xf32>, i64, i64, i64, i64) -> tensor<?x2xf32>
    "llh.symbolic_bind"(%5, %0) <{expressions = #map2}> : (tensor<?x2xf32>, i64) -> ()
    %6 = "llh.slice"(%arg0, %1, %1, %2, %4) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (tensor<?x3xf32>, i64, i64, i64, i64) -> tensor<?x1xf32>
    "llh.symbolic_bind"(%6, %0) <{expressions = #map3}> : (tensor<?x1xf32>, i64) -> ()
    %7 = "llh.constant"() <{value = dense<2.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %8 = "llh.mul"(%6, %7) : (tensor<?x1xf32>, tensor<1x1xf32>) -> tensor<?x1xf32>
    "llh.symbolic_bind"(%8, %0) <{expressions = #map3}> : (tensor<?x1xf32>, i64) -> ()
    %9 = "llh.cat"(%5, %8) <{dim = 1 : i64}> : (tensor<?x2xf32>, tensor<?x1xf32>) -> tensor<?x3xf32>
    "llh.symbolic_bind"(%9, %0) <{expressions = #map}> : (tensor<?x3xf32>, i64) -> ()
    %10 = "llh.mul"(%2, %3) : (i64, i64) -> i64
    "llh.symbolic_bind"(%10, %0) <{expressions = #map4}> : (i64, i64) -> ()
    %11 = "llh.reshape"(%9, %10, %4) : (tensor<?x3xf32>, i64, i64) -> tensor<?x1xf32>
    "llh.symbolic_bind"(%11, %0) <{expressions = #map5}> : (tensor<?x1xf32>, i64) -> ()
    return %11 : tensor<?x1xf32>
  }
}
