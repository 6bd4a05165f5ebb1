// RUN: llh-opt %s -split-input-file -verify-diagnostics
//
// One invalid instance per verifier rule of the compute ops (spec §3.3, §9), including the
// reference's trait checks (SameOperandsAndResultElementType/Rank/Type, ResultsBroadcastableShape,
// the BINARY rule).

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'llh.relu' op result shape 3x2 is incompatible with the input shape 2x3}}
  %0 = "llh.relu"(%a) : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'llh.abs' op requires the same rank for all operands and results}}
  %0 = "llh.abs"(%a) : (tensor<2x3xf32>) -> tensor<6xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'llh.relu' op requires the same element type for all operands and results}}
  %0 = "llh.relu"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf16>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'llh.relu' op operand #0 must be tensor of LLH float or integer values, but got 'f32'}}
  %0 = "llh.relu"(%a) : (f32) -> f32
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'llh.drop' op requires the same type for all operands and results}}
  %0 = "llh.drop"(%a) <{p = 5.000000e-01 : f64}> : (tensor<2x3xf32>) -> tensor<?x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'llh.drop' op 'p' must be a probability in [0, 1], got 1.5}}
  %0 = "llh.drop"(%a) <{p = 1.500000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'llh.drop' op attribute 'p' failed to satisfy constraint: 64-bit float attribute}}
  %0 = "llh.drop"(%a) <{p = 5.000000e-01 : f32}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<1xf32>) {
  // expected-error@+1 {{'llh.sqrt' op input and result must both be tensors or both scalars, got 'tensor<1xf32>' and 'f32'}}
  %0 = "llh.sqrt"(%a) : (tensor<1xf32>) -> f32
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'llh.exp' op operand #0 must be LLH tensor, float or integer, but got 'index'}}
  %0 = "llh.exp"(%a) : (index) -> index
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'llh.rsqrt' op result shape 3 is incompatible with the input shape 2}}
  %0 = "llh.rsqrt"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: f32) {
  // expected-error@+1 {{'llh.add' op operands and result must be all tensors, all integers or all floats, got 'tensor<2x3xf32>', 'f32', 'tensor<2x3xf32>'}}
  %0 = "llh.add"(%a, %b) : (tensor<2x3xf32>, f32) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4xf32>) {
  // expected-error@+1 {{'llh.sub' op operands don't have broadcast-compatible shapes}}
  %0 = "llh.sub"(%a, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{'llh.mul' op result type f32 not broadcast compatible with broadcasted operands's shapes 2x3}}
  %0 = "llh.mul"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<?x3xf32>, %b: tensor<1xf32>) {
  // expected-error@+1 {{'llh.div' op result type f32 not broadcast compatible with broadcasted operands's shapes ?x3}}
  %0 = "llh.div"(%a, %b) : (tensor<?x3xf32>, tensor<1xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>) {
  // expected-error@+1 {{'llh.max' op requires the same element type for all operands and results}}
  %0 = "llh.max"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: i64, %b: i64) {
  // expected-error@+1 {{invalid properties {symbol = "s0"} for op llh.min: Invalid attribute `symbol` in property conversion: "s0"}}
  %0 = "llh.min"(%a, %b) <{symbol = "s0"}> : (i64, i64) -> i64
  return
}

// -----

func.func @f(%a: i64, %b: i64) {
  // expected-error@+1 {{invalid properties {symbol = @s0} for op llh.pow: this operation has empty properties}}
  %0 = "llh.pow"(%a, %b) <{symbol = @s0}> : (i64, i64) -> i64
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) {
  // expected-error@+1 {{'llh.compare' op result #0 must be 1-bit signless integer or tensor of 1-bit signless integer values, but got 'tensor<2x3xf32>'}}
  %0 = "llh.compare"(%a, %b) <{kind = #llh.Compare<EQ>}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xi32>) {
  // expected-error@+1 {{'llh.compare' op element types differ: 'f32' vs 'i32'}}
  %0 = "llh.compare"(%a, %b) <{kind = #llh.Compare<EQ>}> : (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<2x3xi1>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) {
  // expected-error@+1 {{invalid properties {kind = #llh.SymbolRelation<EQ>} for op llh.compare: Invalid attribute `kind` in property conversion: #llh.SymbolRelation<EQ>}}
  %0 = "llh.compare"(%a, %b) <{kind = #llh.SymbolRelation<EQ>}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xi1>
  return
}

// -----

func.func @f(%c: tensor<2x3xf32>, %a: tensor<2x3xf32>) {
  // expected-error@+1 {{'llh.where' op operand #0 must be 1-bit signless integer or tensor of 1-bit signless integer values, but got 'tensor<2x3xf32>'}}
  %0 = "llh.where"(%c, %a, %a) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%c: tensor<2x3xi1>, %a: tensor<2x3xf32>, %b: tensor<2x3xf16>) {
  // expected-error@+1 {{'llh.where' op element types differ: 'f32' vs 'f16'}}
  %0 = "llh.where"(%c, %a, %b) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf16>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%c: tensor<4x3xi1>, %a: tensor<2x3xf32>) {
  // expected-error@+1 {{'llh.where' op operands don't have broadcast-compatible shapes}}
  %0 = "llh.where"(%c, %a, %a) : (tensor<4x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>) {
  // expected-error@+1 {{'llh.reduce_max' op 'axis' value 3 is out of range for a rank-3 input}}
  %0 = "llh.reduce_max"(%a) <{axis = array<i64: 3>}> : (tensor<2x3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>) {
  // expected-error@+1 {{'llh.reduce_min' op 'axis' has repeated dimensions}}
  %0 = "llh.reduce_min"(%a) <{axis = array<i64: 2, -1>}> : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>) {
  // expected-error@+1 {{'llh.reduce_sum' op result shape 2x4 is not the input shape 2x3x4 without the reduced dimensions (3x4)}}
  %0 = "llh.reduce_sum"(%a) <{axis = array<i64: 0>}> : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>) {
  // expected-error@+1 {{'llh.reduce_sum' op requires the same element type for all operands and results}}
  %0 = "llh.reduce_sum"(%a) <{axis = array<i64: 0>}> : (tensor<2x3x4xf32>) -> tensor<3x4xf64>
  return
}

// -----

func.func @f(%a: tensor<2x64x9x9xf32>) {
  // expected-error@+1 {{'llh.adaptive_average_pool' op result shape 2x512x1x1 should be 2x64x1x1}}
  %0 = "llh.adaptive_average_pool"(%a) <{out_size = array<i64: 1, 1>}> : (tensor<2x64x9x9xf32>) -> tensor<2x512x1x1xf32>
  return
}

// -----

func.func @f(%a: tensor<2x64x9x9xf32>) {
  // expected-error@+1 {{'llh.adaptive_average_pool' op 'out_size' values must be positive, got 0}}
  %0 = "llh.adaptive_average_pool"(%a) <{out_size = array<i64: 0, 1>}> : (tensor<2x64x9x9xf32>) -> tensor<2x64x0x1xf32>
  return
}

// -----

func.func @f(%a: tensor<9x9xf32>) {
  // expected-error@+1 {{'llh.adaptive_average_pool' op input of rank 2 has no leading dimensions besides the 2 pooled ones}}
  %0 = "llh.adaptive_average_pool"(%a) <{out_size = array<i64: 1, 1>}> : (tensor<9x9xf32>) -> tensor<1x1xf32>
  return
}

// -----

func.func @f(%a: tensor<?x256xf32>, %b: tensor<512x10xf32>) {
  // expected-error@+1 {{'llh.matmul' op contracting dims differ: 256 vs 512}}
  %0 = "llh.matmul"(%a, %b) : (tensor<?x256xf32>, tensor<512x10xf32>) -> tensor<?x10xf32>
  return
}

// -----

func.func @f(%a: tensor<?x512xf32>, %b: tensor<512x10xf32>) {
  // expected-error@+1 {{'llh.matmul' op result shape ?x11 is incompatible with the expected ?x10}}
  %0 = "llh.matmul"(%a, %b) : (tensor<?x512xf32>, tensor<512x10xf32>) -> tensor<?x11xf32>
  return
}

// -----

func.func @f(%a: tensor<2x?x512xf32>, %b: tensor<512x10xf32>) {
  // expected-error@+1 {{'llh.matmul' op operand #0 must be unranked or 2-D tensor of LLH float or integer values, but got 'tensor<2x?x512xf32>'}}
  %0 = "llh.matmul"(%a, %b) : (tensor<2x?x512xf32>, tensor<512x10xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<?x512xf32>, %b: tensor<512x10xf16>) {
  // expected-error@+1 {{'llh.matmul' op element types differ: 'f32' vs 'f16'}}
  %0 = "llh.matmul"(%a, %b) : (tensor<?x512xf32>, tensor<512x10xf16>) -> tensor<?x10xf32>
  return
}

// -----

func.func @f(%a: tensor<12x?x512xf32>, %b: tensor<6x512x10xf32>) {
  // expected-error@+1 {{'llh.batch_matmul' op batch dims differ: 12 vs 6}}
  %0 = "llh.batch_matmul"(%a, %b) : (tensor<12x?x512xf32>, tensor<6x512x10xf32>) -> tensor<12x?x10xf32>
  return
}

// -----

func.func @f(%a: tensor<12x?x512xf32>, %b: tensor<12x256x10xf32>) {
  // expected-error@+1 {{'llh.batch_matmul' op contracting dims differ: 512 vs 256}}
  %0 = "llh.batch_matmul"(%a, %b) : (tensor<12x?x512xf32>, tensor<12x256x10xf32>) -> tensor<12x?x10xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op 'stride' has 1 elements but the 2-D window needs 2}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op 'pad' has 2 elements but the 2-D window needs 4}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op 'dilation' has 3 elements but the 2-D window needs 2}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op 'stride' values must be positive, got 0}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 0>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op 'dilation' values must be positive, got -1}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: -1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op 'pad' values must be non-negative, got -3}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, -3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op 'kernel_shape' must not be empty}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64>, kernel_shape = array<i64>, pad = array<i64>, stride = array<i64>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224xf32>, %w: tensor<64x3x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op input of rank 3 does not match the 2-D window (expected rank 4)}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7xf32>) {
  // expected-error@+1 {{'llh.conv' op weight of rank 3 does not match the 2-D window (expected rank 4)}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x6x224x224xf32>, %w: tensor<64x4x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op input channels (6) must equal group (2) times the weight's input channels (4)}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 2 : i64, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x6x224x224xf32>, tensor<64x4x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x1x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op input channels (3) must equal group (1) times the weight's input channels (1)}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x1x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x6x224x224xf32>, %w: tensor<64x2x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op output features (64) must be divisible by group (3)}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 3 : i64, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x6x224x224xf32>, tensor<64x2x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op 'group' must be positive, got 0}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 0 : i64, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x5x5xf32>) {
  // expected-error@+1 {{'llh.conv' op weight spatial dimension 0 is 5 but 'kernel_shape' says 7}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x5x5xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op result has 32 channels but 64 are expected}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<?x32x?x?xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op result spatial dimension 1 is 224 but the window gives 112}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<?x64x112x224xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) {
  // expected-error@+1 {{'llh.conv' op 'layout' must be an input layout (NCHW, NHWC, NCW, NWC), got FCHW}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<FCHW>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x224x224x3xf32>, %w: tensor<64x7x7x3xf32>) {
  // expected-error@+1 {{'llh.conv' op 'weight_layout' must be a weight layout (FCHW, HWCF, FHWC, FCW, WCF), got NHWC}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<NHWC>}> : (tensor<?x224x224x3xf32>, tensor<64x7x7x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x224x224x3xf32>, %w: tensor<64x7x7x3xf32>) {
  // NHWC input with an FHWC weight: the result's channels are last.
  // expected-error@+1 {{'llh.conv' op result has 112 channels but 64 are expected}}
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NHWC>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>, weight_layout = #llh.Layout<FHWC>}> : (tensor<?x224x224x3xf32>, tensor<64x7x7x3xf32>) -> tensor<?x64x112x112xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) {
  %c = "llh.convert_to"(%x) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xi32>
  // expected-error@+1 {{'llh.conv' op operand #0 must be tensor of LLH float values, but got 'tensor<?x3x224x224xi32>'}}
  %0 = "llh.conv"(%c, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xi32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>, %b: tensor<32xf32>) {
  // expected-error@+1 {{'llh.conv_bias' op bias has 32 values but there are 64 output features}}
  %0 = "llh.conv_bias"(%x, %w, %b) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<32xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>) {
  // expected-error@+1 {{'llh.conv_bias' op expected 3 operands, but found 2}}
  %0 = "llh.conv_bias"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x64x9x17xf32>) {
  // expected-error@+1 {{'llh.max_pool' op result spatial dimension 0 is 3 but the window gives 2}}
  %0 = "llh.max_pool"(%x) <{ceil_mode = false, dilation = array<i64: 2, 1>, kernel_shape = array<i64: 7, 7>, layout = #llh.Layout<NCHW>, pad = array<i64: 3, 1, 3, 1>, stride = array<i64: 2, 2>}> : (tensor<2x64x9x17xf32>) -> tensor<2x64x3x7xf32>
  return
}

// -----

func.func @f(%x: tensor<2x64x9x17xf32>) {
  // expected-error@+1 {{'llh.max_pool' op result has 32 channels but 64 are expected}}
  %0 = "llh.max_pool"(%x) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<2x64x9x17xf32>) -> tensor<2x32x5x9xf32>
  return
}

// -----

func.func @f(%x: tensor<2x64x3x3xf32>) {
  // expected-error@+1 {{'llh.max_pool' op window of extent 5 does not fit spatial dimension 0 of size 3 (padded: 3)}}
  %0 = "llh.max_pool"(%x) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 5, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<2x64x3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x64x9x17xf32>) {
  // expected-error@+1 {{'llh.max_pool' op attribute 'ceil_mode' failed to satisfy constraint: bool attribute}}
  %0 = "llh.max_pool"(%x) <{ceil_mode = 0 : i64, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<2x64x9x17xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x64x9x17xf32>) {
  // expected-error@+1 {{'llh.max_pool' op 'kernel_shape' values must be positive, got 0}}
  %0 = "llh.max_pool"(%x) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 0, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<2x64x9x17xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4x4xf32>, %s: tensor<3xf32>) {
  // expected-error@+1 {{'llh.batch_norm' op 'feature_index' 4 is out of range for a rank-4 input}}
  %0 = "llh.batch_norm"(%x, %s, %s, %s, %s) <{epsilon = 1.000000e-05 : f64, feature_index = 4 : i64, momentum = 1.000000e-01 : f64}> : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4x4xf32>, %s: tensor<3xf32>, %t: tensor<4xf32>) {
  // expected-error@+1 {{'llh.batch_norm' op 'input_mean' has 4 values but the input has 3 features}}
  %0 = "llh.batch_norm"(%x, %s, %s, %t, %s) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<4xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4x4xf32>, %s: tensor<3xf32>) {
  // expected-error@+1 {{'llh.batch_norm' op 'epsilon' must be non-negative, got -1e-05}}
  %0 = "llh.batch_norm"(%x, %s, %s, %s, %s) <{epsilon = -1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4x4xf32>, %s: tensor<3xf32>) {
  // expected-error@+1 {{'llh.batch_norm' op result shape 2x3x4 is incompatible with the input shape 2x3x4x4}}
  %0 = "llh.batch_norm"(%x, %s, %s, %s, %s) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @f(%x: tensor<2x3x4x4xf32>, %s: tensor<3xf32>) {
  // The seed-era batch_norm has one result (HEAD's three-result form is not accepted).
  // expected-error@+1 {{'llh.batch_norm' op requires one result}}
  %0:3 = "llh.batch_norm"(%x, %s, %s, %s, %s) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4x4xf32>, tensor<0xf32>, tensor<0xf32>)
  return
}

// -----

func.func @f(%x: tensor<2x3x4xf32>, %s: tensor<4xf32>) {
  // expected-error@+1 {{'llh.layer_norm' op 'axis' 3 is out of range for a rank-3 input}}
  %0 = "llh.layer_norm"(%x, %s, %s) <{axis = 3 : i64, epsilon = 1.000000e-05 : f64}> : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @f(%x: index) {
  // expected-error@+1 {{'llh.print' op operand #0 must be LLH tensor, float or integer, but got 'index'}}
  "llh.print"(%x) <{prefix_description = "x"}> : (index) -> ()
  return
}

// -----

func.func @f(%x: tensor<3xf32>) {
  // expected-error@+1 {{'llh.print' op requires zero results}}
  %0 = "llh.print"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  return
}
