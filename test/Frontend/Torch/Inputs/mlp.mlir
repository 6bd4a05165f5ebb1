#map = affine_map<()[s0] -> (s0, 4)>
#map1 = affine_map<() -> (4, 8)>
#map2 = affine_map<()[s0] -> (s0, 8)>
#map3 = affine_map<() -> (8, 3)>
#map4 = affine_map<()[s0] -> (s0, 3)>
module attributes {builtin.gloabal_layout = "NCHW"} {
  func.func @main(%arg0: tensor<?x4xf32> {func.input_symbol_0 = "s77", func.input_symbol_1 = "c4"}) -> tensor<?x3xf32> attributes {entrance} {
    %0 = "llh.torch_symbolic_int"() <{sym_name = "s77"}> : () -> i64
    "llh.symbolic_bind"(%arg0, %0) <{expressions = #map}> : (tensor<?x4xf32>, i64) -> ()
    %1 = "llh.constant"() <{value = dense<[[-3.743410e-03, 0.268221796, -0.411522567, -0.367969513], [-0.192577183, 0.134078681, -0.00990658998, 0.396444738], [-0.0443720222, 0.132306278, -0.151106536, -0.0982826948], [-0.477674246, -0.331141055, -0.20611155, 0.0185217857], [0.197667599, 0.300011396, -0.338970542, -0.217731416], [0.181608558, 0.415193975, -0.102900088, 0.374155879], [-0.0805916786, 0.0529070497, 0.452738106, -0.46383518], [-0.31476897, -0.126582623, -0.194899976, 0.432000399]]> : tensor<8x4xf32>}> : () -> tensor<8x4xf32>
    %2 = "llh.constant"() <{value = dense<[-0.324089825, -0.230166435, -0.349320233, -0.468280494, -0.291870236, 0.42979902, 0.223109186, 0.242336273]> : tensor<8xf32>}> : () -> tensor<8xf32>
    %3 = "llh.constant"() <{value = dense<[[0.0185939241, -0.181260988, 0.0598158166, -0.330110937, -0.255465746, -0.182267368, 0.223070249, 0.20729585], [-0.156799167, -0.0127570499, 0.226118848, 0.351479113, 0.140319034, 0.0477625355, 0.237052709, -0.208173066], [0.0658825636, -0.274111897, -0.24504295, -0.182639867, 0.159973383, 0.142185166, -0.209428236, 0.106810987]]> : tensor<3x8xf32>}> : () -> tensor<3x8xf32>
    %4 = "llh.constant"() <{value = dense<[0.194090918, -0.0446245782, 0.0134992143]> : tensor<3xf32>}> : () -> tensor<3xf32>
    %5 = "llh.transpose"(%1) <{perms = array<i64: 1, 0>}> : (tensor<8x4xf32>) -> tensor<4x8xf32>
    "llh.symbolic_bind"(%5) <{expressions = #map1}> : (tensor<4x8xf32>) -> ()
    %6 = "llh.matmul"(%arg0, %5) : (tensor<?x4xf32>, tensor<4x8xf32>) -> tensor<?x8xf32>
    %7 = "llh.constant"() <{value = 1 : i64}> : () -> i64
    %8 = "llh.constant"() <{value = 8 : i64}> : () -> i64
    %9 = "llh.reshape"(%2, %7, %8) : (tensor<8xf32>, i64, i64) -> tensor<1x8xf32>
    %10 = "llh.add"(%6, %9) : (tensor<?x8xf32>, tensor<1x8xf32>) -> tensor<?x8xf32>
    "llh.symbolic_bind"(%10, %0) <{expressions = #map2}> : (tensor<?x8xf32>, i64) -> ()
    %11 = "llh.mul"(%10, %10) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %12 = "llh.mul"(%11, %10) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %13 = "llh.constant"() <{value = dense<4.471500e-02> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %14 = "llh.mul"(%12, %13) : (tensor<?x8xf32>, tensor<1x1xf32>) -> tensor<?x8xf32>
    %15 = "llh.add"(%10, %14) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %16 = "llh.constant"() <{value = dense<1.59576917> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %17 = "llh.mul"(%15, %16) : (tensor<?x8xf32>, tensor<1x1xf32>) -> tensor<?x8xf32>
    %18 = "llh.constant"() <{value = dense<-1.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %19 = "llh.mul"(%17, %18) : (tensor<?x8xf32>, tensor<1x1xf32>) -> tensor<?x8xf32>
    %20 = "llh.exp"(%19) : (tensor<?x8xf32>) -> tensor<?x8xf32>
    %21 = "llh.constant"() <{value = dense<1.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %22 = "llh.add"(%20, %21) : (tensor<?x8xf32>, tensor<1x1xf32>) -> tensor<?x8xf32>
    %23 = "llh.div"(%21, %22) : (tensor<1x1xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    %24 = "llh.mul"(%10, %23) : (tensor<?x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
    "llh.symbolic_bind"(%24, %0) <{expressions = #map2}> : (tensor<?x8xf32>, i64) -> ()
    %25 = "llh.transpose"(%3) <{perms = array<i64: 1, 0>}> : (tensor<3x8xf32>) -> tensor<8x3xf32>
    "llh.symbolic_bind"(%25) <{expressions = #map3}> : (tensor<8x3xf32>) -> ()
    %26 = "llh.matmul"(%24, %25) : (tensor<?x8xf32>, tensor<8x3xf32>) -> tensor<?x3xf32>
    %27 = "llh.constant"() <{value = 3 : i64}> : () -> i64
    %28 = "llh.reshape"(%4, %7, %27) : (tensor<3xf32>, i64, i64) -> tensor<1x3xf32>
    %29 = "llh.add"(%26, %28) : (tensor<?x3xf32>, tensor<1x3xf32>) -> tensor<?x3xf32>
    "llh.symbolic_bind"(%29, %0) <{expressions = #map4}> : (tensor<?x3xf32>, i64) -> ()
    %30 = "llh.reduce_max"(%29) <{axis = array<i64: 1>}> : (tensor<?x3xf32>) -> tensor<?xf32>
    %31 = "llh.constant"() <{value = 0 : i64}> : () -> i64
    %32 = "llh.dim"(%arg0, %31) : (tensor<?x4xf32>, i64) -> i64
    %33 = "llh.reshape"(%30, %32, %7) : (tensor<?xf32>, i64, i64) -> tensor<?x1xf32>
    %34 = "llh.sub"(%29, %33) : (tensor<?x3xf32>, tensor<?x1xf32>) -> tensor<?x3xf32>
    %35 = "llh.exp"(%34) : (tensor<?x3xf32>) -> tensor<?x3xf32>
    %36 = "llh.reduce_sum"(%35) <{axis = array<i64: 1>}> : (tensor<?x3xf32>) -> tensor<?xf32>
    %37 = "llh.reshape"(%36, %32, %7) : (tensor<?xf32>, i64, i64) -> tensor<?x1xf32>
    %38 = "llh.div"(%35, %37) : (tensor<?x3xf32>, tensor<?x1xf32>) -> tensor<?x3xf32>
    "llh.symbolic_bind"(%38, %0) <{expressions = #map4}> : (tensor<?x3xf32>, i64) -> ()
    return %38 : tensor<?x3xf32>
  }
}
