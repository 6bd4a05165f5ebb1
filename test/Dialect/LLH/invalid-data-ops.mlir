// RUN: llh-opt %s -split-input-file -verify-diagnostics
//
// One invalid instance per verifier rule of the data, shape and layout ops (spec §3.2, §9).

func.func @f() {
  // expected-error@+1 {{'llh.constant' op requires attribute 'value'}}
  %0 = "llh.constant"() : () -> i64
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'llh.constant' op attribute 'value' failed to satisfy constraint: dense elements, integer, f32 or f64 attribute}}
  %0 = "llh.constant"() <{value = 2.0 : f16}> : () -> f16
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'llh.constant' op value type 'i32' does not match the result type 'i64'}}
  %0 = "llh.constant"() <{value = 3 : i32}> : () -> i64
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'llh.constant' op a dense value needs a tensor result, got 'f32'}}
  %0 = "llh.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> f32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'llh.constant' op value shape 2 does not match the result shape 3}}
  %0 = "llh.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<3xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'llh.constant' op value element type 'f32' does not match the result element type 'f16'}}
  %0 = "llh.constant"() <{value = dense<1.0> : tensor<2xf32>}> : () -> tensor<*xf16>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'llh.constant' op result #0 must be LLH tensor, float or integer, but got 'index'}}
  %0 = "llh.constant"() <{value = 3 : index}> : () -> index
  return
}

// -----

func.func @f() {
  // A symbol naming another constant is only a warning (--infer-symbolic-shape corrects it).
  // expected-warning@+1 {{'llh.constant' op symbol @c0 does not match the value 2 (expected @c2)}}
  %0 = "llh.constant"() <{symbol = @c0, value = 2 : i64}> : () -> i64
  // expected-error@+1 {{'llh.constant' op value type 'i32' does not match the result type 'i64'}}
  %1 = "llh.constant"() <{value = 3 : i32}> : () -> i64
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'llh.weight' op result #0 must be tensor of LLH float or integer values, but got 'f32'}}
  %0 = "llh.weight"() <{weight_file = "w.npy"}> : () -> f32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'llh.weight' op requires a non-empty 'weight_file'}}
  %0 = "llh.weight"() <{weight_file = ""}> : () -> tensor<3xf32>
  return
}

// -----

func.func @f(%arg0: tensor<?x3xf32>) {
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  // expected-error@+1 {{'llh.dim' op dimension index 2 is out of range for a rank-2 input}}
  %0 = "llh.dim"(%arg0, %c2) : (tensor<?x3xf32>, i64) -> i64
  return
}

// -----

func.func @f(%arg0: tensor<?x3xf32>, %k: i32) {
  // expected-error@+1 {{'llh.dim' op operand #1 must be 64-bit signless integer, but got 'i32'}}
  %0 = "llh.dim"(%arg0, %k) : (tensor<?x3xf32>, i32) -> i64
  return
}

// -----

func.func @f(%arg0: tensor<?x3xf32>, %k: i64) {
  // expected-error@+1 {{'llh.dim' op expected 2 operands, but found 1}}
  %0 = "llh.dim"(%arg0) : (tensor<?x3xf32>) -> i64
  return
}

// -----

func.func @f(%arg0: tensor<?x3xf32>) {
  // expected-error@+1 {{'llh.shape_of' op has 3 results but the input has rank 2}}
  %0:3 = "llh.shape_of"(%arg0) : (tensor<?x3xf32>) -> (i64, i64, i64)
  return
}

// -----

func.func @f(%arg0: tensor<2x3xf32>) {
  %c5 = "llh.constant"() <{value = 5 : i64}> : () -> i64
  // expected-error@+1 {{'llh.reshape' op input 2x3 has 6 elements but result 5 has 5}}
  %0 = "llh.reshape"(%arg0, %c5) : (tensor<2x3xf32>, i64) -> tensor<5xf32>
  return
}

// -----

func.func @f(%arg0: tensor<2x3xf32>, %n: i64) {
  // expected-error@+1 {{'llh.reshape' op expects one size operand per result dimension: 1 operands for a rank-2 result}}
  %0 = "llh.reshape"(%arg0, %n) : (tensor<2x3xf32>, i64) -> tensor<3x2xf32>
  return
}

// -----

func.func @f(%arg0: tensor<2x3xf32>, %n: i64) {
  %c4 = "llh.constant"() <{value = 4 : i64}> : () -> i64
  // expected-error@+1 {{'llh.reshape' op size operand 0 is 4 but result dimension 0 is 3}}
  %0 = "llh.reshape"(%arg0, %c4, %n) : (tensor<2x3xf32>, i64, i64) -> tensor<3x2xf32>
  return
}

// -----

func.func @f(%arg0: tensor<2x3xf32>, %n: i64) {
  // expected-error@+1 {{'llh.reshape' op element types differ: 'f32' vs 'i32'}}
  %0 = "llh.reshape"(%arg0, %n) : (tensor<2x3xf32>, i64) -> tensor<?xi32>
  return
}

// -----

func.func @f(%n: i64) {
  %cm = "llh.constant"() <{value = -2 : i64}> : () -> i64
  // expected-error@+1 {{'llh.empty' op size operand 1 is negative (-2)}}
  %0 = "llh.empty"(%n, %cm) : (i64, i64) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%n: i64) {
  // expected-error@+1 {{'llh.empty' op expects one size operand per result dimension: 1 operands for a rank-2 result}}
  %0 = "llh.empty"(%n) : (i64) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%arg0: tensor<1x2xf32>, %n: i64) {
  // expected-error@+1 {{'llh.broadcast_to' op dimension 1 is in 'cast_dims' but the input size there is 2, not 1}}
  %0 = "llh.broadcast_to"(%arg0, %n, %n) <{cast_dims = array<i64: 0, 1>}> : (tensor<1x2xf32>, i64, i64) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%arg0: tensor<1x2xf32>, %n: i64) {
  // expected-error@+1 {{'llh.broadcast_to' op input dimension 1 of size 2 cannot become 3 without being listed in 'cast_dims'}}
  %0 = "llh.broadcast_to"(%arg0, %n, %n) <{cast_dims = array<i64: 0>}> : (tensor<1x2xf32>, i64, i64) -> tensor<?x3xf32>
  return
}

// -----

func.func @f(%arg0: tensor<1x2xf32>, %n: i64) {
  // expected-error@+1 {{'llh.broadcast_to' op 'cast_dims' value 2 is out of range for a rank-2 result}}
  %0 = "llh.broadcast_to"(%arg0, %n, %n) <{cast_dims = array<i64: 2>}> : (tensor<1x2xf32>, i64, i64) -> tensor<?x2xf32>
  return
}

// -----

func.func @f(%arg0: tensor<1x1x2xf32>, %n: i64) {
  // expected-error@+1 {{'llh.broadcast_to' op cannot broadcast a rank-3 input to a rank-2 result}}
  %0 = "llh.broadcast_to"(%arg0, %n, %n) <{cast_dims = array<i64: 0>}> : (tensor<1x1x2xf32>, i64, i64) -> tensor<?x2xf32>
  return
}

// -----

func.func @f(%arg0: tensor<1x2xf32>, %n: i64) {
  // expected-error@+1 {{'llh.broadcast_to' op requires attribute 'cast_dims'}}
  %0 = "llh.broadcast_to"(%arg0, %n, %n) : (tensor<1x2xf32>, i64, i64) -> tensor<?x2xf32>
  return
}

// -----

func.func @f(%arg0: tensor<4x2x3xf32>, %i: i64) {
  // expected-error@+1 {{'llh.extract' op result shape 3x2 is not the input shape 4x2x3 without its first dimension}}
  %0 = "llh.extract"(%arg0, %i) : (tensor<4x2x3xf32>, i64) -> tensor<3x2xf32>
  return
}

// -----

func.func @f(%arg0: tensor<4x2xf32>) {
  %c4 = "llh.constant"() <{value = 4 : i64}> : () -> i64
  // expected-error@+1 {{'llh.extract' op index 4 is out of range for dimension 0 of size 4}}
  %0 = "llh.extract"(%arg0, %c4) : (tensor<4x2xf32>, i64) -> tensor<2xf32>
  return
}

// -----

func.func @f(%arg0: tensor<f32>, %i: i64) {
  // expected-error@+1 {{'llh.extract' op cannot extract from a rank-0 tensor}}
  %0 = "llh.extract"(%arg0, %i) : (tensor<f32>, i64) -> tensor<*xf32>
  return
}

// -----

func.func @f(%arg0: tensor<4x4xf32>, %i: i64) {
  // expected-error@+1 {{'llh.slice' op needs as many operands in each index group, got 2 start, 1 end}}
  %0 = "llh.slice"(%arg0, %i, %i, %i) <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (tensor<4x4xf32>, i64, i64, i64) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%arg0: tensor<4x4xf32>, %i: i64) {
  // expected-error@+1 {{'llh.slice' op expects one index per input dimension: 1 for a rank-2 input}}
  %0 = "llh.slice"(%arg0, %i, %i) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (tensor<4x4xf32>, i64, i64) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%arg0: tensor<4x4xf32>, %i: i64) {
  // expected-error@+1 {{'llh.slice' op result dimension 1 of size 5 is larger than the input's 4}}
  %0 = "llh.slice"(%arg0, %i, %i, %i, %i) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (tensor<4x4xf32>, i64, i64, i64, i64) -> tensor<?x5xf32>
  return
}

// -----

func.func @f(%arg0: tensor<4x4xf32>, %i: i64) {
  // expected-error@+1 {{'llh.slice' op result rank 1 differs from the input rank 2}}
  %0 = "llh.slice"(%arg0, %i, %i, %i, %i) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (tensor<4x4xf32>, i64, i64, i64, i64) -> tensor<?xf32>
  return
}

// -----

func.func @f(%arg0: tensor<4x4xf32>, %i: i64) {
  // expected-error@+1 {{'llh.slice' op requires attribute 'operandSegmentSizes'}}
  %0 = "llh.slice"(%arg0, %i, %i, %i, %i) : (tensor<4x4xf32>, i64, i64, i64, i64) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%arg0: tensor<4x4xf32>, %i: i64) {
  // expected-error@+1 {{'llh.slice' op operand count (5) does not match with the total size (6) specified in attribute 'operandSegmentSizes'}}
  %0 = "llh.slice"(%arg0, %i, %i, %i, %i) <{operandSegmentSizes = array<i32: 1, 2, 3>}> : (tensor<4x4xf32>, i64, i64, i64, i64) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%arg0: tensor<4x4xf32>, %i: i64) {
  // expected-error@+1 {{'llh.slice' op 'operandSegmentSizes' attribute for specifying operand segments must have 3 elements, but got 2}}
  %0 = "llh.slice"(%arg0, %i, %i, %i, %i) <{operandSegmentSizes = array<i32: 1, 4>}> : (tensor<4x4xf32>, i64, i64, i64, i64) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%arg0: tensor<4x4xf32>, %i: i64) {
  // expected-error@+1 {{'llh.slice' op operand group starting at #0 requires 1 element, but found 2}}
  %0 = "llh.slice"(%arg0, %arg0, %i, %i) <{operandSegmentSizes = array<i32: 2, 1, 1>}> : (tensor<4x4xf32>, tensor<4x4xf32>, i64, i64) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%arg0: tensor<4x4xf32>, %i: i32) {
  // expected-error@+1 {{'llh.slice' op operand #1 must be 64-bit signless integer, but got 'i32'}}
  %0 = "llh.slice"(%arg0, %i, %i, %i, %i) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (tensor<4x4xf32>, i32, i32, i32, i32) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%arg0: tensor<4xf32>, %i: i64) {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  // expected-error@+1 {{'llh.stride_slice' op stride 0 is zero}}
  %0 = "llh.stride_slice"(%arg0, %i, %i, %c0) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>}> : (tensor<4xf32>, i64, i64, i64) -> tensor<?xf32>
  return
}

// -----

func.func @f(%arg0: tensor<4x4xf32>, %i: i64) {
  // expected-error@+1 {{'llh.stride_slice' op needs as many operands in each index group, got 2 start, 2 end, 1 stride}}
  %0 = "llh.stride_slice"(%arg0, %i, %i, %i, %i, %i) <{operandSegmentSizes = array<i32: 1, 2, 2, 1>}> : (tensor<4x4xf32>, i64, i64, i64, i64, i64) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error@+1 {{'llh.cat' op dimension 1 differs between inputs and result: 3, 4}}
  %0 = "llh.cat"(%a, %b) <{dim = 0 : i64}> : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<6x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error@+1 {{'llh.cat' op result dimension 0 is 7 but the inputs sum to 6}}
  %0 = "llh.cat"(%a, %b) <{dim = 0 : i64}> : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<7x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) {
  // expected-error@+1 {{'llh.cat' op 'dim' 2 is out of range for rank 2}}
  %0 = "llh.cat"(%a, %b) <{dim = 2 : i64}> : (tensor<2x3xf32>, tensor<4x3xf32>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error@+1 {{'llh.cat' op inputs and result must all have the same rank}}
  %0 = "llh.cat"(%a, %b) <{dim = 0 : i64}> : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<?x3xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'llh.cat' op requires at least one input}}
  %0 = "llh.cat"() <{dim = 0 : i64}> : () -> tensor<?xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x3xf16>) {
  // expected-error@+1 {{'llh.cat' op element types differ: 'f32' vs 'f16'}}
  %0 = "llh.cat"(%a, %b) <{dim = 0 : i64}> : (tensor<2x3xf32>, tensor<4x3xf16>) -> tensor<6x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %n: i64) {
  // expected-error@+1 {{'llh.expand' op input dimension 0 of size 2 cannot expand to 4}}
  %0 = "llh.expand"(%a, %n, %n, %n) : (tensor<2x3xf32>, i64, i64, i64) -> tensor<5x4x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>, %n: i64) {
  // expected-error@+1 {{'llh.expand' op expects one size operand per result dimension: 2 operands for a rank-3 result}}
  %0 = "llh.expand"(%a, %n, %n) : (tensor<2x3xf32>, i64, i64) -> tensor<5x2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>) {
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  // expected-error@+1 {{'llh.flatten' op input has 24 elements but the result has 20}}
  %0 = "llh.flatten"(%a, %c1) : (tensor<2x3x4xf32>, i64) -> tensor<2x10xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>) {
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  // expected-error@+1 {{'llh.flatten' op flattening from dimension 1 gives rank 2, not 1}}
  %0 = "llh.flatten"(%a, %c1) : (tensor<2x3x4xf32>, i64) -> tensor<24xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>) {
  %c3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
  // expected-error@+1 {{'llh.flatten' op 'dim' 3 is out of range for a rank-3 input}}
  %0 = "llh.flatten"(%a, %c3) : (tensor<2x3x4xf32>, i64) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>) {
  // expected-error@+1 {{'llh.transpose' op 'perms' must be a permutation of [0, 3), got [0, 2, 2]}}
  %0 = "llh.transpose"(%a) <{perms = array<i64: 0, 2, 2>}> : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>) {
  // expected-error@+1 {{'llh.transpose' op 'perms' has 2 entries but the input has rank 3}}
  %0 = "llh.transpose"(%a) <{perms = array<i64: 1, 0>}> : (tensor<2x3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>) {
  // expected-error@+1 {{'llh.transpose' op result shape 2x3x4 is not the input shape 2x3x4 permuted by 'perms' (2x4x3)}}
  %0 = "llh.transpose"(%a) <{perms = array<i64: 0, 2, 1>}> : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>) {
  // expected-error@+1 {{'llh.transpose' op requires the same rank for all operands and results}}
  %0 = "llh.transpose"(%a) <{perms = array<i64: 0, 2, 1>}> : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @f(%a: tensor<2x3x4xf32>) {
  // expected-error@+1 {{'llh.transpose' op requires the same element type for all operands and results}}
  %0 = "llh.transpose"(%a) <{perms = array<i64: 0, 2, 1>}> : (tensor<2x3x4xf32>) -> tensor<2x4x3xi32>
  return
}

// -----

func.func @f(%a: i64) {
  // expected-error@+1 {{'llh.scalar_cast' op casts between a scalar and a tensor, got 'i64' and 'i64'}}
  %0 = "llh.scalar_cast"(%a) : (i64) -> i64
  return
}

// -----

func.func @f(%a: i64) {
  // expected-error@+1 {{'llh.scalar_cast' op element types differ: 'i64' vs 'i32'}}
  %0 = "llh.scalar_cast"(%a) : (i64) -> tensor<1xi32>
  return
}

// -----

func.func @f(%a: i64) {
  // expected-error@+1 {{'llh.scalar_cast' op the tensor side must have exactly one element, it has 2}}
  %0 = "llh.scalar_cast"(%a) : (i64) -> tensor<2xi64>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'llh.convert_to' op result shape 3x2 is incompatible with the input shape 2x3}}
  %0 = "llh.convert_to"(%a) : (tensor<2x3xf32>) -> tensor<3x2xi32>
  return
}

// -----

func.func @f(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'llh.convert_to' op input and result must both be tensors or both scalars, got 'tensor<2x3xf32>' and 'i32'}}
  %0 = "llh.convert_to"(%a) : (tensor<2x3xf32>) -> i32
  return
}

// -----

func.func @reshape_two_wildcards(%arg0: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  %m = "llh.constant"() <{value = -1 : i64}> : () -> i64
  // expected-error@+1 {{'llh.reshape' op at most one size operand may be -1, operand 1 is the second}}
  %0 = "llh.reshape"(%arg0, %m, %m) : (tensor<2x3x4xf32>, i64, i64) -> tensor<2x12xf32>
  return %0 : tensor<2x12xf32>
}

// -----

func.func @reshape_one_wildcard_is_fine(%arg0: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %m = "llh.constant"() <{value = -1 : i64}> : () -> i64
  %0 = "llh.reshape"(%arg0, %c2, %m) : (tensor<2x3x4xf32>, i64, i64) -> tensor<2x12xf32>
  return %0 : tensor<2x12xf32>
}
