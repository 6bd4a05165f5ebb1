// RUN: llh-opt %s | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: llh-opt %s | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
//
// Every data, shape and layout op (spec §3.2, and HEAD's stride_slice, scalar_cast and convert_to
// of §9): parses, verifies and round-trips through the default and the generic printer.

// CHECK-LABEL: func.func @data(%arg0: tensor<?x3x224x224xf32>, %arg1: tensor<?x?xf32>, %arg2: tensor<4xi64>) {
// CHECK-NEXT: %0 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
// CHECK-NEXT: %1 = "llh.constant"() <{symbol = @c1, value = 1 : i64}> : () -> i64
// CHECK-NEXT: %2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
// CHECK-NEXT: %3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
// CHECK-NEXT: %4 = "llh.constant"() <{symbol = @"c-1", value = -1 : i64}> : () -> i64
// CHECK-NEXT: %5 = "llh.constant"() <{symbol = @c18446744073709551615, value = -1 : i64}> : () -> i64
// CHECK-NEXT: %6 = "llh.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
// CHECK-NEXT: %7 = "llh.constant"() <{value = dense<1.000000e+00> : tensor<384xf32>}> : () -> tensor<*xf32>
// CHECK-NEXT: %8 = "llh.constant"() <{value = dense<[0.866779148, 0.87528336]> : tensor<2xf32>}> : () -> tensor<2xf32>
// CHECK-NEXT: %9 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x3x7x7xf32>
// CHECK-NEXT: %10 = "llh.dim"(%arg0, %0) <{symbol = @s0}> : (tensor<?x3x224x224xf32>, i64) -> i64
// CHECK-NEXT: %11:4 = "llh.shape_of"(%arg0) : (tensor<?x3x224x224xf32>) -> (i64, i64, i64, i64)
// CHECK-NEXT: %12 = "llh.reshape"(%arg0, %10, %3, %2, %11#3) : (tensor<?x3x224x224xf32>, i64, i64, i64, i64) -> tensor<?x3x2x?xf32>
// CHECK-NEXT: %13 = "llh.reshape"(%8, %1, %2) : (tensor<2xf32>, i64, i64) -> tensor<1x2xf32>
// CHECK-NEXT: %14 = "llh.empty"(%10, %3) : (i64, i64) -> tensor<?x3xf32>
// CHECK-NEXT: %15 = "llh.broadcast_to"(%13, %3, %2) <{cast_dims = array<i64: 0>}> : (tensor<1x2xf32>, i64, i64) -> tensor<3x2xf32>
// CHECK-NEXT: %16 = "llh.broadcast_to"(%13, %3, %2) <{cast_dims = array<i64: 0>, expand_dims = array<i64: 0>, noexpand_dims = array<i64: 1>}> : (tensor<1x2xf32>, i64, i64) -> tensor<3x2xf32>
// CHECK-NEXT: %17 = "llh.extract"(%arg0, %0) : (tensor<?x3x224x224xf32>, i64) -> tensor<3x224x224xf32>
// CHECK-NEXT: %18 = "llh.extract"(%8, %4) : (tensor<2xf32>, i64) -> tensor<f32>
// CHECK-NEXT: %19 = "llh.slice"(%arg0, %0, %0, %0, %0, %1, %2, %3, %3) <{operandSegmentSizes = array<i32: 1, 4, 4>}> : (tensor<?x3x224x224xf32>, i64, i64, i64, i64, i64, i64, i64, i64) -> tensor<1x2x3x3xf32>
// CHECK-NEXT: %20 = "llh.stride_slice"(%arg0, %0, %0, %0, %0, %1, %2, %3, %3, %1, %1, %1, %1) <{operandSegmentSizes = array<i32: 1, 4, 4, 4>}> : (tensor<?x3x224x224xf32>, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> tensor<1x2x3x3xf32>
// CHECK-NEXT: %21 = "llh.cat"(%arg1, %14) <{dim = 1 : i64}> : (tensor<?x?xf32>, tensor<?x3xf32>) -> tensor<?x?xf32>
// CHECK-NEXT: %22 = "llh.expand"(%13, %3, %2) : (tensor<1x2xf32>, i64, i64) -> tensor<3x2xf32>
// CHECK-NEXT: %23 = "llh.flatten"(%arg0, %1) : (tensor<?x3x224x224xf32>, i64) -> tensor<?x150528xf32>
// CHECK-NEXT: %24 = "llh.transpose"(%arg0) <{perms = array<i64: 3, 2, 1, 0>}> : (tensor<?x3x224x224xf32>) -> tensor<224x224x3x?xf32>
// CHECK-NEXT: %25 = "llh.scalar_cast"(%1) : (i64) -> tensor<1xi64>
// CHECK-NEXT: %26 = "llh.scalar_cast"(%25) : (tensor<1xi64>) -> i64
// CHECK-NEXT: %27 = "llh.convert_to"(%arg0) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xi1>
// CHECK-NEXT: %28 = "llh.convert_to"(%1) : (i64) -> f32
// CHECK-NEXT: return

// GENERIC: %0 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
// GENERIC: %1 = "llh.constant"() <{symbol = @c1, value = 1 : i64}> : () -> i64
// GENERIC: %2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
// GENERIC: %3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
// GENERIC: %4 = "llh.constant"() <{symbol = @"c-1", value = -1 : i64}> : () -> i64
// GENERIC: %5 = "llh.constant"() <{symbol = @c18446744073709551615, value = -1 : i64}> : () -> i64
// GENERIC: %6 = "llh.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
// GENERIC: %7 = "llh.constant"() <{value = dense<1.000000e+00> : tensor<384xf32>}> : () -> tensor<*xf32>
// GENERIC: %8 = "llh.constant"() <{value = dense<[0.866779148, 0.87528336]> : tensor<2xf32>}> : () -> tensor<2xf32>
// GENERIC: %9 = "llh.weight"() <{weight_file = "xxx.npy"}> : () -> tensor<64x3x7x7xf32>
// GENERIC: %10 = "llh.dim"(%arg0, %0) <{symbol = @s0}> : (tensor<?x3x224x224xf32>, i64) -> i64
// GENERIC: %11:4 = "llh.shape_of"(%arg0) : (tensor<?x3x224x224xf32>) -> (i64, i64, i64, i64)
// GENERIC: %12 = "llh.reshape"(%arg0, %10, %3, %2, %11#3) : (tensor<?x3x224x224xf32>, i64, i64, i64, i64) -> tensor<?x3x2x?xf32>
// GENERIC: %13 = "llh.reshape"(%8, %1, %2) : (tensor<2xf32>, i64, i64) -> tensor<1x2xf32>
// GENERIC: %14 = "llh.empty"(%10, %3) : (i64, i64) -> tensor<?x3xf32>
// GENERIC: %15 = "llh.broadcast_to"(%13, %3, %2) <{cast_dims = array<i64: 0>}> : (tensor<1x2xf32>, i64, i64) -> tensor<3x2xf32>
// GENERIC: %16 = "llh.broadcast_to"(%13, %3, %2) <{cast_dims = array<i64: 0>, expand_dims = array<i64: 0>, noexpand_dims = array<i64: 1>}> : (tensor<1x2xf32>, i64, i64) -> tensor<3x2xf32>
// GENERIC: %17 = "llh.extract"(%arg0, %0) : (tensor<?x3x224x224xf32>, i64) -> tensor<3x224x224xf32>
// GENERIC: %18 = "llh.extract"(%8, %4) : (tensor<2xf32>, i64) -> tensor<f32>
// GENERIC: %19 = "llh.slice"(%arg0, %0, %0, %0, %0, %1, %2, %3, %3) <{operandSegmentSizes = array<i32: 1, 4, 4>}> : (tensor<?x3x224x224xf32>, i64, i64, i64, i64, i64, i64, i64, i64) -> tensor<1x2x3x3xf32>
// GENERIC: %20 = "llh.stride_slice"(%arg0, %0, %0, %0, %0, %1, %2, %3, %3, %1, %1, %1, %1) <{operandSegmentSizes = array<i32: 1, 4, 4, 4>}> : (tensor<?x3x224x224xf32>, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> tensor<1x2x3x3xf32>
// GENERIC: %21 = "llh.cat"(%arg1, %14) <{dim = 1 : i64}> : (tensor<?x?xf32>, tensor<?x3xf32>) -> tensor<?x?xf32>
// GENERIC: %22 = "llh.expand"(%13, %3, %2) : (tensor<1x2xf32>, i64, i64) -> tensor<3x2xf32>
// GENERIC: %23 = "llh.flatten"(%arg0, %1) : (tensor<?x3x224x224xf32>, i64) -> tensor<?x150528xf32>
// GENERIC: %24 = "llh.transpose"(%arg0) <{perms = array<i64: 3, 2, 1, 0>}> : (tensor<?x3x224x224xf32>) -> tensor<224x224x3x?xf32>
// GENERIC: %25 = "llh.scalar_cast"(%1) : (i64) -> tensor<1xi64>
// GENERIC: %26 = "llh.scalar_cast"(%25) : (tensor<1xi64>) -> i64
// GENERIC: %27 = "llh.convert_to"(%arg0) : (tensor<?x3x224x224xf32>) -> tensor<?x3x224x224xi1>
// GENERIC: %28 = "llh.convert_to"(%1) : (i64) -> f32

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
