#map = affine_map<()[s0] -> (s0, 3)>
#map1 = affine_map<()[s0, s1] -> (s0 * 512)>
"builtin.module"() ({
  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
  "func.func"() <{function_type = (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, i64, index) -> tensor<?x3xf32>, sym_name = "symbols"}> ({
  ^bb0(%arg24: tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, %arg25: i64, %arg26: index):
    "llh.encoding_bind"(%arg24) <{encoding = #llh.encoding<shapes = @s0, @c3>}> : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> ()
    "llh.symbol_bind"(%arg25) <{symbol = @s0}> : (i64) -> ()
    "llh.symbol_bind"(%arg26) <{symbol = @s0}> : (index) -> ()
    %63 = "llh.symbolic_cast"(%arg24) : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> tensor<?x3xf32>
    %64 = "llh.torch_symbolic_int"() <{sym_name = "s0"}> : () -> i64
    "llh.symbolic_bind"(%63, %64) <{expressions = #map}> : (tensor<?x3xf32>, i64) -> ()
    "llh.symbolic_bind"(%63) <{expressions = #map}> {stop_run} : (tensor<?x3xf32>) -> ()
    %65:2 = "llh.aot"(%63, %arg25) <{name = "aot1"}> : (tensor<?x3xf32>, i64) -> (tensor<?x3xf32>, i64)
    "func.return"(%65#0) : (tensor<?x3xf32>) -> ()
  }) {maps = [#map, #map1]} : () -> ()
  "builtin.module"() <{sym_name = "__symbol__"}> ({
    "llh.symbol_relation"() <{relation = @c3, relation_kind = #llh.SymbolRelation<GE>, symbol = @s0}> : () -> ()
    "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @s0, relations_rhs = @c3, symbol = @s1}> : () -> ()
    "llh.symbol_relation_map"() <{express = "512*s0", relation = #map1, relations = [@s0, @c512], symbol = @s2}> : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<?x3x224x224xf32>, tensor<?x?xf32>, tensor<4xi64>) -> (), sym_name = "data"}> ({
  ^bb0(%arg21: tensor<?x3x224x224xf32>, %arg22: tensor<?x?xf32>, %arg23: tensor<4xi64>):
    %34 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
    %35 = "llh.constant"() <{symbol = @c1, value = 1 : i64}> : () -> i64
    %36 = "llh.constant"() <{value = 2 : i64}> : () -> i64
    %37 = "llh.constant"() <{value = 3 : i64}> : () -> i64
    %38 = "llh.constant"() <{symbol = @"c-1", value = -1 : i64}> : () -> i64
    %39 = "llh.constant"() <{symbol = @c18446744073709551615, value = -1 : i64}> : () -> i64
    %40 = "llh.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
    %41 = "llh.constant"() <{value = dense<1.000000e+00> : tensor<384xf32>}> : () -> tensor<*xf32>
    %42 = "llh.constant"() <{value = dense<[0.866779148, 0.87528336]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %43 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x3x7x7xf32>
    %44 = "llh.dim"(%arg21, %34) <{symbol = @s0}> : (tensor<?x3x224x224xf32>, i64) -> i64
    %45:4 = "llh.shape_of"(%arg21) : (tensor<?x3x224x224xf32>) -> (i64, i64, i64, i64)
    %46 = "llh.reshape"(%arg21, %44, %37, %36, %45#3) : (tensor<?x3x224x224xf32>, i64, i64, i64, i64) -> tensor<?x3x2x?xf32>
    %47 = "llh.reshape"(%42, %35, %36) : (tensor<2xf32>, i64, i64) -> tensor<1x2xf32>
    %48 = "llh.empty"(%44, %37) : (i64, i64) -> tensor<?x3xf32>
    %49 = "llh.broadcast_to"(%47, %37, %36) <{cast_dims = array<i64: 0>}> : (tensor<1x2xf32>, i64, i64) -> tensor<3x2xf32>
    %50 = "llh.broadcast_to"(%47, %37, %36) <{cast_dims = array<i64: 0>, expand_dims = array<i64: 0>, noexpand_dims = array<i64: 1>}> : (tensor<1x2xf32>, i64, i64) -> tensor<3x2xf32>
    %51 = "llh.extract"(%arg21, %34) : (tensor<?x3x224x224xf32>, i64) -> tensor<3x224x224xf32>
    %52 = "llh.extract"(%42, %38) : (tensor<2xf32>, i64) -> tensor<f32>
    %53 = "llh.slice"(%arg21, %34, %34, %34, %34, %35, %36, %37, %37) <{operandSegmentSizes = array<i32: 1, 4, 4>}> : (tensor<?x3x224x224xf32>, i64, i64, i64, i64, i64, i64, i64, i64) -> tensor<1x2x3x3xf32>
    %54 = "llh.stride_slice"(%arg21, %34, %34, %34, %34, %35, %36, %37, %37, %35, %35, %35, %35) <{operandSegmentSizes = array<i32: 1, 4, 4, 4>}> : (tensor<?x3x224x224xf32>, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> tensor<1x2x3x3xf32>
    %55 = "llh.cat"(%arg22, %48) <{dim = 1 : i64}> : (tensor<?x?xf32>, tensor<?x3xf32>) -> tensor<?x?xf32>
    %56 = "llh.expand"(%47, %37, %36) : (tensor<1x2xf32>, i64, i64) -> tensor<3x2xf32>
    %57 = "llh.flatten"(%arg21, %35) : (tensor<?x3x224x224xf32>, i64) -> tensor<?x150528xf32>
    %58 = "llh.transpose"(%arg21) <{perms = array<i64: 3, 2, 1, 0>}> : (tensor<?x3x224x224xf32>) -> tensor<224x224x3x?xf32>
    %59 = "llh.scalar_cast"(%35) : (i64) -> tensor<1xi64>
    %60 = "llh.scalar_cast"(%59) : (tensor<1xi64>) -> i64
    %61 = "llh.convert_to"(%arg21) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xi1>
    %62 = "llh.convert_to"(%35) : (i64) -> f32
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>, tensor<?x4xf32>, tensor<4xf32>, i64, f32, tensor<?x512xf32>, tensor<512x10xf32>, tensor<12x?x512xf32>, tensor<12x512x10xf32>, tensor<?x4xi1>) -> (), sym_name = "compute"}> ({
  ^bb0(%arg9: tensor<?x3x224x224xf32>, %arg10: tensor<64x3x7x7xf32>, %arg11: tensor<64xf32>, %arg12: tensor<?x4xf32>, %arg13: tensor<4xf32>, %arg14: i64, %arg15: f32, %arg16: tensor<?x512xf32>, %arg17: tensor<512x10xf32>, %arg18: tensor<12x?x512xf32>, %arg19: tensor<12x512x10xf32>, %arg20: tensor<?x4xi1>):
    %8 = "llh.relu"(%arg9) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
    %9 = "llh.abs"(%arg9) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
    %10 = "llh.drop"(%arg9) <{p = 5.000000e-01 : f64}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
    %11 = "llh.sqrt"(%arg14) : (i64) -> i64
    %12 = "llh.exp"(%arg12) : (tensor<?x4xf32>) -> tensor<?x4xf32>
    %13 = "llh.rsqrt"(%arg15) : (f32) -> f32
    %14 = "llh.add"(%arg12, %arg13) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
    %15 = "llh.sub"(%arg14, %arg14) <{symbol = @s3}> : (i64, i64) -> i64
    %16 = "llh.mul"(%arg15, %arg15) : (f32, f32) -> f32
    %17 = "llh.div"(%arg12, %arg12) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<*xf32>
    %18 = "llh.max"(%arg12, %arg13) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
    %19 = "llh.min"(%arg12, %arg13) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
    %20 = "llh.pow"(%arg12, %arg13) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
    %21 = "llh.compare"(%arg12, %arg13) <{kind = #llh.Compare<GE>}> : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xi1>
    %22 = "llh.where"(%arg20, %arg12, %arg13) : (tensor<?x4xi1>, tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
    %23 = "llh.reduce_max"(%arg9) <{axis = array<i64: 1, 2>}> : (tensor<?x3x224x224xf32>) -> tensor<?x224xf32>
    %24 = "llh.reduce_min"(%arg9) <{axis = array<i64: -1>}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x224xf32>
    %25 = "llh.reduce_sum"(%arg12) <{axis = array<i64: 0, 1>}> : (tensor<?x4xf32>) -> tensor<f32>
    %26 = "llh.adaptive_average_pool"(%arg9) <{out_size = array<i64: 1, 1>}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x1x1xf32>
    %27 = "llh.matmul"(%arg16, %arg17) : (tensor<?x512xf32>, tensor<512x10xf32>) -> tensor<?x10xf32>
    %28 = "llh.batch_matmul"(%arg18, %arg19) : (tensor<12x?x512xf32>, tensor<12x512x10xf32>) -> tensor<12x?x10xf32>
    %29 = "llh.conv"(%arg9, %arg10) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NCHW>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FCHW>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<?x64x112x112xf32>
    %30 = "llh.conv_bias"(%arg9, %arg10, %arg11) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<?x64x?x?xf32>
    %31 = "llh.max_pool"(%29) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xf32>
    %32 = "llh.batch_norm"(%29, %arg11, %arg11, %arg11, %arg11) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<?x64x112x112xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<?x64x112x112xf32>
    %33 = "llh.layer_norm"(%arg12, %arg13, %arg13) <{axis = -1 : i64, epsilon = 1.000000e-05 : f64}> : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
    "llh.print"(%arg12) <{prefix_description = "a"}> : (tensor<?x4xf32>) -> ()
    "llh.print"(%arg14) : (i64) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x224x224x3xf32>, tensor<64x7x7x3xf32>, tensor<7x7x3x64xf32>, tensor<1x8x32x32xf32>, tensor<16x2x3x3xf32>, tensor<4x16x100xf32>, tensor<32x16x5xf32>, tensor<*xf32>) -> (), sym_name = "windows"}> ({
  ^bb0(%arg1: tensor<2x224x224x3xf32>, %arg2: tensor<64x7x7x3xf32>, %arg3: tensor<7x7x3x64xf32>, %arg4: tensor<1x8x32x32xf32>, %arg5: tensor<16x2x3x3xf32>, %arg6: tensor<4x16x100xf32>, %arg7: tensor<32x16x5xf32>, %arg8: tensor<*xf32>):
    %0 = "llh.conv"(%arg1, %arg2) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FHWC>}> : (tensor<2x224x224x3xf32>, tensor<64x7x7x3xf32>) -> tensor<2x112x112x64xf32>
    %1 = "llh.conv"(%arg1, %arg3) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<HWCF>}> : (tensor<2x224x224x3xf32>, tensor<7x7x3x64xf32>) -> tensor<2x218x218x64xf32>
    %2 = "llh.conv"(%arg4, %arg5) <{dilation = array<i64: 2, 2>, group = 4 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 2, 2, 2, 2>, stride = array<i64: 1, 1>}> : (tensor<1x8x32x32xf32>, tensor<16x2x3x3xf32>) -> tensor<1x16x32x32xf32>
    %3 = "llh.conv"(%arg6, %arg7) <{dilation = array<i64: 1>, kernel_shape = array<i64: 5>, layout = #llh.Layout<NCW>, pad = array<i64: 2, 2>, stride = array<i64: 3>, weight_layout = #llh.Layout<FCW>}> : (tensor<4x16x100xf32>, tensor<32x16x5xf32>) -> tensor<4x32x34xf32>
    %4 = "llh.max_pool"(%arg4) <{ceil_mode = true, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x8x32x32xf32>) -> tensor<1x8x16x16xf32>
    %5 = "llh.max_pool"(%arg1) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<2x224x224x3xf32>) -> tensor<2x112x112x3xf32>
    %6 = "llh.relu"(%arg8) : (tensor<*xf32>) -> tensor<?x?xf32>
    %7 = "llh.add"(%arg8, %arg8) : (tensor<*xf32>, tensor<*xf32>) -> tensor<3x4xf32>
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<?x?x1xi64, #llh.encoding<shapes = @s0, @"c-1", @c1>>) -> (), sym_name = "attributes"}> ({
  ^bb0(%arg0: tensor<?x?x1xi64, #llh.encoding<shapes = @s0, @"c-1", @c1>>):
    "func.return"() : () -> ()
  }) {a = #llh.Layout<NCHW>, b = #llh.Layout<NHWC>, c = #llh.Layout<NCW>, d = #llh.Layout<NWC>, e = #llh.Layout<FCHW>, f = #llh.Layout<HWCF>, g = #llh.Layout<FHWC>, h = #llh.Layout<FCW>, i = #llh.Layout<WCF>, j = #llh.SymbolRelation<Add>, k = #llh.SymbolRelation<Sub>, l = #llh.SymbolRelation<Mul>, m = #llh.SymbolRelation<FloorDiv>, n = #llh.SymbolRelation<EQ>, o = #llh.SymbolRelation<GE>, p = #llh.SymbolRelation<LE>, q = #llh.SymbolRelation<GT>, r = #llh.SymbolRelation<LT>, s = #llh.SymbolRelation<NOTEQ>, t = #llh.Compare<EQ>, u = #llh.Compare<GE>, v = #llh.Compare<LE>, w = #llh.Compare<GT>, x = #llh.Compare<LT>, y = #llh.Compare<NE>, z0 = #llh.Mode<training>, z1 = #llh.Mode<inference>, z2 = #llh.AutoPad<DEFAULT>, z3 = #llh.AutoPad<SAME_UPPER>, z4 = #llh.AutoPad<SAME_LOWER>, z5 = #llh.AutoPad<VALID>, z6 = #llh.CeilMode<CEIL>, z7 = #llh.CeilMode<FLOOR>, z8 = #llh.ShiftDirection<Right>, z9 = #llh.ShiftDirection<Left>, za = #llh.encoding<shapes = @s0>} : () -> ()
}) : () -> ()

