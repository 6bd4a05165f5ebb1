// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/llh_ops.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/llh_ops.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/llh_ops.golden.mlir - %}
// RUN: llh-opt --mlir-print-op-generic %s | diff %S/Inputs/llh_ops.golden.mlir -
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Generic-form llh.* operations as produced by the LLH frontend (symbolic
// integers, encodings on tensor types, conv/batch_norm/relu/matmul/reshape,
// encoding_bind and symbol relations) inside a custom-form func.func.
// The llh dialect is registered: these ops are verified (the flag is harmless).

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
func.func @main(%arg0: tensor<?x3x?x?xf32>) -> tensor<?x1000xf32> attributes {entrance} {
  %0 = "llh.constant"() <{symbol = @c3, value = 3 : i64}> : () -> i64
  %1 = "llh.constant"() <{symbol = @c1, value = 1 : i64}> : () -> i64
  %2 = "llh.constant"() <{symbol = @c64, value = 64 : i64}> : () -> i64
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1000 = "llh.constant"() <{symbol = @c1000, value = 1000 : i64}> : () -> i64
  %c7 = "llh.constant"() <{value = 7 : i64, symbol = @c7}> : () -> i64
  %3 = "llh.constant"() <{value = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
  %4 = "llh.weight"() <{weight_file = "weights/conv1.weight.npy"}> : () -> tensor<64x3x7x7xf32>
  %5 = "llh.weight"() <{weight_file = "weights/bn1.weight.npy"}> : () -> tensor<64xf32>
  %6 = "llh.weight"() <{weight_file = "weights/bn1.bias.npy"}> : () -> tensor<64xf32>
  %7 = "llh.weight"() <{weight_file = "weights/bn1.running_mean.npy"}> : () -> tensor<64xf32>
  %8 = "llh.weight"() <{weight_file = "weights/bn1.running_var.npy"}> : () -> tensor<64xf32>
  %9 = "llh.weight"() <{weight_file = "weights/fc.weight.npy"}> : () -> tensor<1000x64xf32>
  %10 = "llh.weight"() <{weight_file = "weights/fc.bias.npy"}> : () -> tensor<1000xf32>
  "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @c3, @s1, @s2>}> : (tensor<?x3x?x?xf32>) -> ()
  %126 = "llh.conv"(%arg0, %4) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NCHW>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x?x?xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  %127 = "llh.batch_norm"(%126, %5, %6, %7, %8) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<*xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s3, @s4>>
  %128 = "llh.relu"(%127) : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s3, @s4>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s3, @s4>>
  %129 = "llh.max_pool"(%128) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s3, @s4>>) -> tensor<?x64x?x?xf32>
  %101 = "llh.adaptive_average_pool"(%129) <{out_size = array<i64: 1, 1>}> : (tensor<?x64x?x?xf32>) -> tensor<?x64x1x1xf32, #llh.encoding<shapes = @s0, @c64, @c1, @c1>>
  %102 = "llh.dim"(%101, %c0) <{symbol = @s0}> : (tensor<?x64x1x1xf32, #llh.encoding<shapes = @s0, @c64, @c1, @c1>>, i64) -> i64
  %103 = "llh.reshape"(%101, %102, %2) : (tensor<?x64x1x1xf32, #llh.encoding<shapes = @s0, @c64, @c1, @c1>>, i64, i64) -> tensor<?x64xf32, #llh.encoding<shapes = @s0, @c64>>
  %104 = "llh.transpose"(%9) <{perms = array<i64: 1, 0>}> : (tensor<1000x64xf32>) -> tensor<64x1000xf32>
  %105 = "llh.matmul"(%103, %104) : (tensor<?x64xf32, #llh.encoding<shapes = @s0, @c64>>, tensor<64x1000xf32>) -> tensor<?x1000xf32, #llh.encoding<shapes = @s0, @c1000>>
  %106 = "llh.reshape"(%10, %1, %c1000) : (tensor<1000xf32>, i64, i64) -> tensor<1x1000xf32>
  %107 = "llh.add"(%105, %106) : (tensor<?x1000xf32, #llh.encoding<shapes = @s0, @c1000>>, tensor<1x1000xf32>) -> tensor<?x1000xf32>
  %108 = "llh.mul"(%107, %3) : (tensor<?x1000xf32>, tensor<1xf32>) -> tensor<?x1000xf32>
  return %108 : tensor<?x1000xf32>
}
"llh.symbol_relation"() <{relation = @s5, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s2}> : () -> ()
"llh.symbol_relation"() <{relation = @s1, relation_kind = #llh.SymbolRelation<GE>, symbol = @s3}> : () -> ()
"llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @s3, relations_rhs = @c1, symbol = @s4}> : () -> ()
