// RUN: llh-opt %s --split-input-file --canonicalize | filecheck %s
// RUN: llh-opt %s --split-input-file --canonicalize > %t.1.mlir
// RUN: llh-opt %t.1.mlir --split-input-file --canonicalize="test-convergence" > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// LLH folders (spec section 5.2 with D4 and the section 8 fixes). The last three RUN lines
// check idempotence: canonicalizing the output again changes nothing.

// Integer scalar arithmetic on constants folds to new constants (D4); `div` is floor
// division (the meaning the shape rules give it); division by zero is left alone.
// CHECK-LABEL: func.func @int_scalar_folds
// CHECK-NEXT:    %[[C0:.+]] = "llh.constant"() <{value = 0 : i64}> : () -> i64
// CHECK-NEXT:    %[[C7:.+]] = "llh.constant"() <{value = 7 : i64}> : () -> i64
// CHECK-NEXT:    %[[ADD:.+]] = "llh.constant"() <{value = 5 : i64}> : () -> i64
// CHECK-NEXT:    %[[SUB:.+]] = "llh.constant"() <{value = 9 : i64}> : () -> i64
// CHECK-NEXT:    %[[MUL:.+]] = "llh.constant"() <{value = -14 : i64}> : () -> i64
// CHECK-NEXT:    %[[DIV:.+]] = "llh.constant"() <{value = -4 : i64}> : () -> i64
// CHECK-NEXT:    %[[MIN:.+]] = "llh.constant"() <{value = -2 : i64}> : () -> i64
// CHECK-NEXT:    %[[DIV0:.+]] = "llh.div"(%[[C7]], %[[C0]])
// CHECK-NEXT:    return %[[ADD]], %[[SUB]], %[[MUL]], %[[DIV]], %[[C7]], %[[MIN]], %[[DIV0]]
func.func @int_scalar_folds() -> (i64, i64, i64, i64, i64, i64, i64) {
  %a = "llh.constant"() <{value = 7 : i64}> : () -> i64
  %b = "llh.constant"() <{value = -2 : i64}> : () -> i64
  %0 = "llh.add"(%a, %b) : (i64, i64) -> i64
  %1 = "llh.sub"(%a, %b) : (i64, i64) -> i64
  %2 = "llh.mul"(%a, %b) : (i64, i64) -> i64
  %3 = "llh.div"(%a, %b) : (i64, i64) -> i64
  %4 = "llh.max"(%a, %b) : (i64, i64) -> i64
  %5 = "llh.min"(%a, %b) : (i64, i64) -> i64
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %6 = "llh.div"(%a, %c0) : (i64, i64) -> i64
  return %0, %1, %2, %3, %4, %5, %6 : i64, i64, i64, i64, i64, i64, i64
}

// -----

// Results wrap to the type's width.
// CHECK-LABEL: func.func @int_wrap
// CHECK-NEXT:    %[[C:.+]] = "llh.constant"() <{value = -56 : i8}> : () -> i8
// CHECK-NEXT:    return %[[C]]
func.func @int_wrap() -> i8 {
  %a = "llh.constant"() <{value = 100 : i8}> : () -> i8
  %0 = "llh.add"(%a, %a) : (i8, i8) -> i8
  return %0 : i8
}

// -----

// x+0, 0+x, x-0, x-x, x*1, x*0, x/1, (x-y)+y, (x+y)-x, max(x,x). The unused llh.sub /
// llh.add stay: LLH compute ops are not Pure at the reference commit (spec section 3).
// CHECK-LABEL: func.func @int_identities
// CHECK-NEXT:    %[[Z:.+]] = "llh.constant"() <{value = 0 : i64}> : () -> i64
// CHECK-NEXT:    "llh.sub"(%arg0, %arg1)
// CHECK-NEXT:    "llh.add"(%arg0, %arg1)
// CHECK-NEXT:    return %arg0, %arg0, %arg0, %[[Z]], %arg0, %[[Z]], %arg0, %arg0, %arg1, %arg0 :
func.func @int_identities(%x: i64, %y: i64) -> (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %0 = "llh.add"(%x, %c0) : (i64, i64) -> i64
  %1 = "llh.add"(%c0, %x) : (i64, i64) -> i64
  %2 = "llh.sub"(%x, %c0) : (i64, i64) -> i64
  %3 = "llh.sub"(%x, %x) : (i64, i64) -> i64
  %4 = "llh.mul"(%x, %c1) : (i64, i64) -> i64
  %5 = "llh.mul"(%x, %c0) : (i64, i64) -> i64
  %6 = "llh.div"(%x, %c1) : (i64, i64) -> i64
  %d = "llh.sub"(%x, %y) : (i64, i64) -> i64
  %7 = "llh.add"(%d, %y) : (i64, i64) -> i64
  %s = "llh.add"(%x, %y) : (i64, i64) -> i64
  %8 = "llh.sub"(%s, %x) : (i64, i64) -> i64
  %9 = "llh.max"(%x, %x) : (i64, i64) -> i64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i64, i64, i64, i64, i64, i64, i64, i64, i64, i64
}

// -----

// Float identities are only those IEEE arithmetic keeps: x + (-0.0), x - (+0.0), x * 1.0,
// x / 1.0. Not x + 0.0 (-0.0 + 0.0 is +0.0), x - x (inf, NaN), x * 0.0, (x - y) + y (rounding).
// CHECK-LABEL: func.func @float_identities
// CHECK-NEXT:    %[[PZ:.+]] = "llh.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
// CHECK-NEXT:    %[[ADDPZ:.+]] = "llh.add"(%arg0, %[[PZ]])
// CHECK-NEXT:    %[[SUBXX:.+]] = "llh.sub"(%arg0, %arg0)
// CHECK-NEXT:    %[[MUL0:.+]] = "llh.mul"(%arg0, %[[PZ]])
// CHECK-NEXT:    %[[D:.+]] = "llh.sub"(%arg0, %arg1)
// CHECK-NEXT:    %[[ADDD:.+]] = "llh.add"(%[[D]], %arg1)
// CHECK-NEXT:    return %arg0, %[[ADDPZ]], %arg0, %[[SUBXX]], %arg0, %[[MUL0]], %arg0, %[[ADDD]] :
func.func @float_identities(%x: f32, %y: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %pz = "llh.constant"() <{value = 0.0 : f32}> : () -> f32
  %nz = "llh.constant"() <{value = -0.0 : f32}> : () -> f32
  %one = "llh.constant"() <{value = 1.0 : f32}> : () -> f32
  %0 = "llh.add"(%x, %nz) : (f32, f32) -> f32
  %1 = "llh.add"(%x, %pz) : (f32, f32) -> f32
  %2 = "llh.sub"(%x, %pz) : (f32, f32) -> f32
  %3 = "llh.sub"(%x, %x) : (f32, f32) -> f32
  %4 = "llh.mul"(%x, %one) : (f32, f32) -> f32
  %5 = "llh.mul"(%x, %pz) : (f32, f32) -> f32
  %6 = "llh.div"(%x, %one) : (f32, f32) -> f32
  %d = "llh.sub"(%x, %y) : (f32, f32) -> f32
  %7 = "llh.add"(%d, %y) : (f32, f32) -> f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, f32, f32, f32, f32
}

// -----

// Float scalars fold in their own precision; 1.5 / 0.0 is +inf.
// CHECK-LABEL: func.func @float_scalar_folds
// CHECK-NEXT:    %[[A:.+]] = "llh.constant"() <{value = 1.600000e+00 : f32}> : () -> f32
// CHECK-NEXT:    %[[B:.+]] = "llh.constant"() <{value = 0x7F800000 : f32}> : () -> f32
// CHECK-NEXT:    %[[C:.+]] = "llh.constant"() <{value = 1.4142135623730951 : f64}> : () -> f64
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]]
func.func @float_scalar_folds() -> (f32, f32, f64) {
  %a = "llh.constant"() <{value = 1.5 : f32}> : () -> f32
  %b = "llh.constant"() <{value = 0.1 : f32}> : () -> f32
  %0 = "llh.add"(%a, %b) : (f32, f32) -> f32
  %z = "llh.constant"() <{value = 0.0 : f32}> : () -> f32
  %1 = "llh.div"(%a, %z) : (f32, f32) -> f32
  %c = "llh.constant"() <{value = 2.0 : f64}> : () -> f64
  %2 = "llh.sqrt"(%c) : (f64) -> f64
  return %0, %1, %2 : f32, f32, f64
}

// -----

// Tensor constants fold with numpy: broadcasting add, integer floor division, transpose,
// reshape, relu, sqrt then broadcast_to.
// CHECK-LABEL: func.func @tensor_folds
// CHECK-NEXT:    "llh.constant"() <{value = dense<{{\[}}[1.100000e+01, 1.800000e+01, 3.300000e+01], [1.400000e+01, 2.500000e+01, 2.400000e+01]]> : tensor<2x3xf32>}>
// CHECK-NEXT:    "llh.constant"() <{value = dense<{{\[}}[3, -4, 4], [0, 1, 1]]> : tensor<2x3xi32>}>
// CHECK-NEXT:    "llh.constant"() <{value = dense<{{\[}}[1.000000e+00, 4.000000e+00], [-2.000000e+00, 5.000000e+00], [3.000000e+00, -6.000000e+00]]> : tensor<3x2xf32>}>
// CHECK-NEXT:    "llh.constant"() <{value = dense<[1.000000e+00, -2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, -6.000000e+00]> : tensor<6xf32>}>
// CHECK-NEXT:    "llh.constant"() <{value = dense<{{\[}}[1.000000e+00, 0.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 0.000000e+00]]> : tensor<2x3xf32>}>
// CHECK-NEXT:    "llh.constant"() <{value = dense<2.000000e+00> : tensor<4xf32>}>
// CHECK-NEXT:    return
func.func @tensor_folds() -> (tensor<2x3xf32>, tensor<2x3xi32>, tensor<3x2xf32>, tensor<6xf32>, tensor<2x3xf32>, tensor<4xf32>) {
  %a = "llh.constant"() <{value = dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
  %b = "llh.constant"() <{value = dense<[10.0, 20.0, 30.0]> : tensor<3xf32>}> : () -> tensor<3xf32>
  %0 = "llh.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %i = "llh.constant"() <{value = dense<[[7, -7, 9], [1, 2, 3]]> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
  %j = "llh.constant"() <{value = dense<2> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
  %1 = "llh.div"(%i, %j) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %2 = "llh.transpose"(%a) <{perms = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %c6 = "llh.constant"() <{value = 6 : i64}> : () -> i64
  %3 = "llh.reshape"(%a, %c6) : (tensor<2x3xf32>, i64) -> tensor<6xf32>
  %4 = "llh.relu"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %s = "llh.constant"() <{value = dense<4.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %c4 = "llh.constant"() <{value = 4 : i64}> : () -> i64
  %sq = "llh.sqrt"(%s) : (tensor<1xf32>) -> tensor<1xf32>
  %5 = "llh.broadcast_to"(%sq, %c4) <{cast_dims = array<i64: 0>}> : (tensor<1xf32>, i64) -> tensor<4xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3xf32>, tensor<2x3xi32>, tensor<3x2xf32>, tensor<6xf32>, tensor<2x3xf32>, tensor<4xf32>
}

// -----

// Tensor identities need the kept operand to have the result type; x - x gives a zero
// constant only for integers with a static shape.
// CHECK-LABEL: func.func @tensor_identities
// CHECK-NEXT:    %[[Z:.+]] = "llh.constant"() <{value = dense<0> : tensor<2x3xi32>}>
// CHECK-NEXT:    %[[PZ:.+]] = "llh.constant"() <{value = dense<0.000000e+00> : tensor<2x3xf32>}>
// CHECK-NEXT:    %[[ADD:.+]] = "llh.add"(%arg0, %[[PZ]])
// CHECK-NEXT:    %[[SUB:.+]] = "llh.sub"(%arg2, %arg2)
// CHECK-NEXT:    return %arg0, %[[ADD]], %arg1, %[[Z]], %arg1, %[[SUB]], %arg0 :
func.func @tensor_identities(%x: tensor<2x3xf32>, %i: tensor<2x3xi32>, %d: tensor<?x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<?x3xf32>, tensor<2x3xf32>) {
  %nz = "llh.constant"() <{value = dense<-0.0> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
  %pz = "llh.constant"() <{value = dense<0.0> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
  %one = "llh.constant"() <{value = dense<1> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
  %0 = "llh.add"(%x, %nz) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "llh.add"(%x, %pz) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "llh.mul"(%i, %one) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %3 = "llh.sub"(%i, %i) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %4 = "llh.div"(%i, %one) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
  %5 = "llh.sub"(%d, %d) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %6 = "llh.transpose"(%x) <{perms = array<i64: 0, 1>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<?x3xf32>, tensor<2x3xf32>
}

// -----

// llh.dim of a static dimension is a constant (D4, P3); of an llh.empty result, the size
// operand that made it (the unused llh.empty, Pure, is erased).
// CHECK-LABEL: func.func @dims
// CHECK-NEXT:    %[[C0:.+]] = "llh.constant"() <{value = 0 : i64}> : () -> i64
// CHECK-NEXT:    %[[C4:.+]] = "llh.constant"() <{value = 4 : i64}> : () -> i64
// CHECK-NEXT:    %[[D:.+]] = "llh.dim"(%arg0, %[[C0]])
// CHECK-NEXT:    return %[[C4]], %[[D]], %arg1 :
func.func @dims(%x: tensor<?x4xf32>, %n: i64) -> (i64, i64, i64) {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %0 = "llh.dim"(%x, %c1) : (tensor<?x4xf32>, i64) -> i64
  %1 = "llh.dim"(%x, %c0) : (tensor<?x4xf32>, i64) -> i64
  %e = "llh.empty"(%n, %0) : (i64, i64) -> tensor<?x4xf32>
  %2 = "llh.dim"(%e, %c0) : (tensor<?x4xf32>, i64) -> i64
  return %0, %1, %2 : i64, i64, i64
}
