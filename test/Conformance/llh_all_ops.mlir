// RUN: llh-opt --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/llh_all_ops.golden.mlir %t.llh
// RUN: llh-opt --mlir-print-op-generic %t.llh | diff %S/Inputs/llh_all_ops.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/llh_all_ops.golden.mlir - %}
// RUN: llh-opt %s | llh-opt --mlir-print-op-generic | diff %S/Inputs/llh_all_ops.golden.mlir -
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// The LLH corpus: one valid instance of every LLH op (the 38 ops of spec §3 and the HEAD ops of
// §9) and every LLH attribute, in generic form. llh-opt registers and verifies them; its generic
// output must equal torch-mlir-opt's, which sees them as unregistered ops. The affine maps of
// llh.symbolic_bind / llh.symbol_relation_map also appear in a discardable attribute: MLIR
// aliases (`#map`) property maps of registered ops but prints an unregistered op's property-only
// map inline, so a shared map makes both tools print `#map`.

"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
func.func @symbols(%arg0: tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, %n: i64, %i: index) -> tensor<?x3xf32> attributes {maps = [affine_map<()[s0] -> (s0, 3)>, affine_map<()[s0, s1] -> (s0 * 512)>]} {
  "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @c3>}> : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> ()
  "llh.symbol_bind"(%n) <{symbol = @s0}> : (i64) -> ()
  "llh.symbol_bind"(%i) <{symbol = @s0}> : (index) -> ()
  %0 = "llh.symbolic_cast"(%arg0) : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> tensor<?x3xf32>
  %1 = "llh.torch_symbolic_int"() <{sym_name = "s0"}> : () -> i64
  "llh.symbolic_bind"(%0, %1) <{expressions = affine_map<()[s0] -> (s0, 3)>}> : (tensor<?x3xf32>, i64) -> ()
  "llh.symbolic_bind"(%0) <{expressions = affine_map<()[s0] -> (s0, 3)>}> {stop_run} : (tensor<?x3xf32>) -> ()
  %2:2 = "llh.aot"(%0, %n) <{name = "aot1"}> : (tensor<?x3xf32>, i64) -> (tensor<?x3xf32>, i64)
  return %2#0 : tensor<?x3xf32>
}
module @__symbol__ {
  "llh.symbol_relation"() <{relation = @c3, relation_kind = #llh.SymbolRelation<GE>, symbol = @s0}> : () -> ()
  "llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, relations_lhs = @s0, relations_rhs = @c3, symbol = @s1}> : () -> ()
  "llh.symbol_relation_map"() <{express = "512*s0", relation = affine_map<()[s0, s1] -> (s0 * 512)>, relations = [@s0, @c512], symbol = @s2}> : () -> ()
}

func.func @data(%arg0: tensor<?x3x224x224xf32>, %arg1: tensor<?x?xf32>, %v: tensor<4xi64>) -> () {
  %c0 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{symbol = @c1, value = 1 : i64}> : () -> i64
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %c3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %cm1 = "llh.constant"() <{symbol = @"c-1", value = -1 : i64}> : () -> i64
  %cm1b = "llh.constant"() <{symbol = @c18446744073709551615, value = -1 : i64}> : () -> i64
  %f = "llh.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
  %d = "llh.constant"() <{value = dense<1.000000e+00> : tensor<384xf32>}> : () -> tensor<*xf32>
  %d2 = "llh.constant"() <{value = dense<[0.866779148, 0.87528336]> : tensor<2xf32>}> : () -> tensor<2xf32>
  %w = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x3x7x7xf32>
  %dim = "llh.dim"(%arg0, %c0) <{symbol = @s0}> : (tensor<?x3x224x224xf32>, i64) -> i64
  %s:4 = "llh.shape_of"(%arg0) : (tensor<?x3x224x224xf32>) -> (i64, i64, i64, i64)
  %r = "llh.reshape"(%arg0, %dim, %c3, %c2, %s#3) : (tensor<?x3x224x224xf32>, i64, i64, i64, i64) -> tensor<?x3x2x?xf32>
  %r2 = "llh.reshape"(%d2, %c1, %c2) : (tensor<2xf32>, i64, i64) -> tensor<1x2xf32>
  %e = "llh.empty"(%dim, %c3) : (i64, i64) -> tensor<?x3xf32>
  %b = "llh.broadcast_to"(%r2, %c3, %c2) <{cast_dims = array<i64: 0>}> : (tensor<1x2xf32>, i64, i64) -> tensor<3x2xf32>
  %b2 = "llh.broadcast_to"(%r2, %c3, %c2) <{cast_dims = array<i64: 0>, expand_dims = array<i64: 0>, noexpand_dims = array<i64: 1>}> : (tensor<1x2xf32>, i64, i64) -> tensor<3x2xf32>
  %x = "llh.extract"(%arg0, %c0) : (tensor<?x3x224x224xf32>, i64) -> tensor<3x224x224xf32>
  %x1 = "llh.extract"(%d2, %cm1) : (tensor<2xf32>, i64) -> tensor<f32>
  %sl = "llh.slice"(%arg0, %c0, %c0, %c0, %c0, %c1, %c2, %c3, %c3) <{operandSegmentSizes = array<i32: 1, 4, 4>}> : (tensor<?x3x224x224xf32>, i64, i64, i64, i64, i64, i64, i64, i64) -> tensor<1x2x3x3xf32>
  %ss = "llh.stride_slice"(%arg0, %c0, %c0, %c0, %c0, %c1, %c2, %c3, %c3, %c1, %c1, %c1, %c1) <{operandSegmentSizes = array<i32: 1, 4, 4, 4>}> : (tensor<?x3x224x224xf32>, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> tensor<1x2x3x3xf32>
  %cat = "llh.cat"(%arg1, %e) <{dim = 1 : i64}> : (tensor<?x?xf32>, tensor<?x3xf32>) -> tensor<?x?xf32>
  %ex = "llh.expand"(%r2, %c3, %c2) : (tensor<1x2xf32>, i64, i64) -> tensor<3x2xf32>
  %fl = "llh.flatten"(%arg0, %c1) : (tensor<?x3x224x224xf32>, i64) -> tensor<?x150528xf32>
  %t = "llh.transpose"(%arg0) <{perms = array<i64: 3, 2, 1, 0>}> : (tensor<?x3x224x224xf32>) -> tensor<224x224x3x?xf32>
  %sc = "llh.scalar_cast"(%c1) : (i64) -> tensor<1xi64>
  %sc2 = "llh.scalar_cast"(%sc) : (tensor<1xi64>) -> i64
  %cv = "llh.convert_to"(%arg0) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xi1>
  %cv2 = "llh.convert_to"(%c1) : (i64) -> f32
  return
}

func.func @compute(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>, %bias: tensor<64xf32>, %a: tensor<?x4xf32>, %b: tensor<4xf32>, %i: i64, %f: f32, %m: tensor<?x512xf32>, %n: tensor<512x10xf32>, %bm: tensor<12x?x512xf32>, %bn: tensor<12x512x10xf32>, %c: tensor<?x4xi1>) {
  %0 = "llh.relu"(%x) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
  %1 = "llh.abs"(%x) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
  %2 = "llh.drop"(%x) <{p = 5.000000e-01 : f64}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xf32>
  %3 = "llh.sqrt"(%i) : (i64) -> i64
  %4 = "llh.exp"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %5 = "llh.rsqrt"(%f) : (f32) -> f32
  %6 = "llh.add"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %7 = "llh.sub"(%i, %i) <{symbol = @s3}> : (i64, i64) -> i64
  %8 = "llh.mul"(%f, %f) : (f32, f32) -> f32
  %9 = "llh.div"(%a, %a) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<*xf32>
  %10 = "llh.max"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %11 = "llh.min"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %12 = "llh.pow"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %13 = "llh.compare"(%a, %b) <{kind = #llh.Compare<GE>}> : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xi1>
  %14 = "llh.where"(%c, %a, %b) : (tensor<?x4xi1>, tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %15 = "llh.reduce_max"(%x) <{axis = array<i64: 1, 2>}> : (tensor<?x3x224x224xf32>) -> tensor<?x224xf32>
  %16 = "llh.reduce_min"(%x) <{axis = array<i64: -1>}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x224xf32>
  %17 = "llh.reduce_sum"(%a) <{axis = array<i64: 0, 1>}> : (tensor<?x4xf32>) -> tensor<f32>
  %18 = "llh.adaptive_average_pool"(%x) <{out_size = array<i64: 1, 1>}> : (tensor<?x3x224x224xf32>) -> tensor<?x3x1x1xf32>
  %19 = "llh.matmul"(%m, %n) : (tensor<?x512xf32>, tensor<512x10xf32>) -> tensor<?x10xf32>
  %20 = "llh.batch_matmul"(%bm, %bn) : (tensor<12x?x512xf32>, tensor<12x512x10xf32>) -> tensor<12x?x10xf32>
  %21 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NCHW>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FCHW>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<?x64x112x112xf32>
  %22 = "llh.conv_bias"(%x, %w, %bias) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<?x64x?x?xf32>
  %23 = "llh.max_pool"(%21) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xf32>
  %24 = "llh.batch_norm"(%21, %bias, %bias, %bias, %bias) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<?x64x112x112xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<?x64x112x112xf32>
  %25 = "llh.layer_norm"(%a, %b, %b) <{axis = -1 : i64, epsilon = 1.000000e-05 : f64}> : (tensor<?x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  "llh.print"(%a) <{prefix_description = "a"}> : (tensor<?x4xf32>) -> ()
  "llh.print"(%i) : (i64) -> ()
  return
}

// Layouts, groups, 1-D windows and ceil_mode: the static sizes the verifier checks.
func.func @windows(%x: tensor<2x224x224x3xf32>, %w: tensor<64x7x7x3xf32>, %wh: tensor<7x7x3x64xf32>, %g: tensor<1x8x32x32xf32>, %gw: tensor<16x2x3x3xf32>, %x1: tensor<4x16x100xf32>, %w1: tensor<32x16x5xf32>, %u: tensor<*xf32>) {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FHWC>}> : (tensor<2x224x224x3xf32>, tensor<64x7x7x3xf32>) -> tensor<2x112x112x64xf32>
  %1 = "llh.conv"(%x, %wh) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<HWCF>}> : (tensor<2x224x224x3xf32>, tensor<7x7x3x64xf32>) -> tensor<2x218x218x64xf32>
  %2 = "llh.conv"(%g, %gw) <{dilation = array<i64: 2, 2>, group = 4 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 2, 2, 2, 2>, stride = array<i64: 1, 1>}> : (tensor<1x8x32x32xf32>, tensor<16x2x3x3xf32>) -> tensor<1x16x32x32xf32>
  %3 = "llh.conv"(%x1, %w1) <{dilation = array<i64: 1>, kernel_shape = array<i64: 5>, layout = #llh.Layout<NCW>, pad = array<i64: 2, 2>, stride = array<i64: 3>, weight_layout = #llh.Layout<FCW>}> : (tensor<4x16x100xf32>, tensor<32x16x5xf32>) -> tensor<4x32x34xf32>
  %4 = "llh.max_pool"(%g) <{ceil_mode = true, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x8x32x32xf32>) -> tensor<1x8x16x16xf32>
  %5 = "llh.max_pool"(%x) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NHWC>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<2x224x224x3xf32>) -> tensor<2x112x112x3xf32>
  %6 = "llh.relu"(%u) : (tensor<*xf32>) -> tensor<?x?xf32>
  %7 = "llh.add"(%u, %u) : (tensor<*xf32>, tensor<*xf32>) -> tensor<3x4xf32>
  return
}

func.func @attributes(%arg0: tensor<?x?x1xi64, #llh.encoding<shapes = @s0, @"c-1", @c1>>) attributes {a = #llh.Layout<NCHW>, b = #llh.Layout<NHWC>, c = #llh.Layout<NCW>, d = #llh.Layout<NWC>, e = #llh.Layout<FCHW>, f = #llh.Layout<HWCF>, g = #llh.Layout<FHWC>, h = #llh.Layout<FCW>, i = #llh.Layout<WCF>, j = #llh.SymbolRelation<Add>, k = #llh.SymbolRelation<Sub>, l = #llh.SymbolRelation<Mul>, m = #llh.SymbolRelation<FloorDiv>, n = #llh.SymbolRelation<EQ>, o = #llh.SymbolRelation<GE>, p = #llh.SymbolRelation<LE>, q = #llh.SymbolRelation<GT>, r = #llh.SymbolRelation<LT>, s = #llh.SymbolRelation<NOTEQ>, t = #llh.Compare<EQ>, u = #llh.Compare<GE>, v = #llh.Compare<LE>, w = #llh.Compare<GT>, x = #llh.Compare<LT>, y = #llh.Compare<NE>, z0 = #llh.Mode<training>, z1 = #llh.Mode<inference>, z2 = #llh.AutoPad<DEFAULT>, z3 = #llh.AutoPad<SAME_UPPER>, z4 = #llh.AutoPad<SAME_LOWER>, z5 = #llh.AutoPad<VALID>, z6 = #llh.CeilMode<CEIL>, z7 = #llh.CeilMode<FLOOR>, z8 = #llh.ShiftDirection<Right>, z9 = #llh.ShiftDirection<Left>, za = #llh.encoding<shapes = @s0>} {
  return
}
