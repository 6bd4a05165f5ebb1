"builtin.module"() ({
  "llh.symbolic_int"() <{sym_name = "c1000"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c512"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c64"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c7"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c1"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s3"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s4"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s5"}> : () -> ()
  "func.func"() <{function_type = (tensor<?x3x?x?xf32>) -> tensor<?x1000xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<?x3x?x?xf32>):
    %0 = "llh.constant"() <{symbol = @c3, value = 3 : i64}> : () -> i64
    %1 = "llh.constant"() <{symbol = @c1, value = 1 : i64}> : () -> i64
    %2 = "llh.constant"() <{symbol = @c64, value = 64 : i64}> : () -> i64
    %3 = "llh.constant"() <{value = 0 : i64}> : () -> i64
    %4 = "llh.constant"() <{symbol = @c1000, value = 1000 : i64}> : () -> i64
    %5 = "llh.constant"() <{symbol = @c7, value = 7 : i64}> : () -> i64
    %6 = "llh.constant"() <{value = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %7 = "llh.weight"() <{weight_file = "weights/conv1.weight.npy"}> : () -> tensor<64x3x7x7xf32>
    %8 = "llh.weight"() <{weight_file = "weights/bn1.weight.npy"}> : () -> tensor<64xf32>
    %9 = "llh.weight"() <{weight_file = "weights/bn1.bias.npy"}> : () -> tensor<64xf32>
    %10 = "llh.weight"() <{weight_file = "weights/bn1.running_mean.npy"}> : () -> tensor<64xf32>
    %11 = "llh.weight"() <{weight_file = "weights/bn1.running_var.npy"}> : () -> tensor<64xf32>
    %12 = "llh.weight"() <{weight_file = "weights/fc.weight.npy"}> : () -> tensor<1000x64xf32>
    %13 = "llh.weight"() <{weight_file = "weights/fc.bias.npy"}> : () -> tensor<1000xf32>
    "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @c3, @s1, @s2>}> : (tensor<?x3x?x?xf32>) -> ()
    %14 = "llh.conv"(%arg0, %7) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NCHW>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x?x?xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
    %15 = "llh.batch_norm"(%14, %8, %9, %10, %11) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<*xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s3, @s4>>
    %16 = "llh.relu"(%15) : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s3, @s4>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s3, @s4>>
    %17 = "llh.max_pool"(%16) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s3, @s4>>) -> tensor<?x64x?x?xf32>
    %18 = "llh.adaptive_average_pool"(%17) <{out_size = array<i64: 1, 1>}> : (tensor<?x64x?x?xf32>) -> tensor<?x64x1x1xf32, #llh.encoding<shapes = @s0, @c64, @c1, @c1>>
    %19 = "llh.dim"(%18, %3) <{symbol = @s0}> : (tensor<?x64x1x1xf32, #llh.encoding<shapes = @s0, @c64, @c1, @c1>>, i64) -> i64
    %20 = "llh.reshape"(%18, %19, %2) : (tensor<?x64x1x1xf32, #llh.encoding<shapes = @s0, @c64, @c1, @c1>>, i64, i64) -> tensor<?x64xf32, #llh.encoding<shapes = @s0, @c64>>
    %21 = "llh.transpose"(%12) <{perms = array<i64: 1, 0>}> : (tensor<1000x64xf32>) -> tensor<64x1000xf32>
    %22 = "llh.matmul"(%20, %21) : (tensor<?x64xf32, #llh.encoding<shapes = @s0, @c64>>, tensor<64x1000xf32>) -> tensor<?x1000xf32, #llh.encoding<shapes = @s0, @c1000>>
    %23 = "llh.reshape"(%13, %1, %4) : (tensor<1000xf32>, i64, i64) -> tensor<1x1000xf32>
    %24 = "llh.add"(%22, %23) : (tensor<?x1000xf32, #llh.encoding<shapes = @s0, @c1000>>, tensor<1x1000xf32>) -> tensor<?x1000xf32>
    %25 = "llh.mul"(%24, %6) : (tensor<?x1000xf32>, tensor<1xf32>) -> tensor<?x1000xf32>
    "func.return"(%25) : (tensor<?x1000xf32>) -> ()
  }) {entrance} : () -> ()
  "llh.symbol_relation"() <{relation = @s5, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s2}> : () -> ()
  "llh.symbol_relation"() <{relation = @s1, relation_kind = #llh.SymbolRelation<GE>, symbol = @s3}> : () -> ()
  "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @s3, relations_rhs = @c1, symbol = @s4}> : () -> ()
}) : () -> ()

