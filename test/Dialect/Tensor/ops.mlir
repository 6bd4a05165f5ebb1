// RUN: llh-opt %s | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: llh-opt %s | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt | filecheck %s

// CHECK-LABEL: func.func @tensor_ops(%arg0: tensor<?x3xf32>, %arg1: i64, %arg2: index, %arg3: f32) -> tensor<?x?xf32> {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %dim = tensor.dim %arg0, %c0 : tensor<?x3xf32>
// CHECK-NEXT:    %dim_0 = tensor.dim {symbol = @s0} %arg0, %c0 : tensor<?x3xf32>
// CHECK-NEXT:    %0 = tensor.empty(%dim) : tensor<?x3xf32>
// CHECK-NEXT:    %1 = tensor.empty() : tensor<2x3xf32>
// CHECK-NEXT:    %extracted = tensor.extract %arg0[%c0, %c0] : tensor<?x3xf32>
// CHECK-NEXT:    %cast = tensor.cast %arg0 : tensor<?x3xf32> to tensor<*xf32>
// CHECK-NEXT:    %cast_1 = tensor.cast %cast : tensor<*xf32> to tensor<2x3xf32>
// CHECK-NEXT:    %from_elements = tensor.from_elements %arg1, %arg1 : tensor<2xi64>
// CHECK-NEXT:    %from_elements_2 = tensor.from_elements %arg3 : tensor<f32>
// CHECK-NEXT:    %from_elements_3 = tensor.from_elements %arg2, %arg2 : tensor<2xindex>
// CHECK-NEXT:    %reshape = tensor.reshape %arg0(%from_elements_3) : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT:    return %reshape : tensor<?x?xf32>
// GENERIC:       %[[C0:.*]] = "arith.constant"() <{value = 0 : index}> : () -> index
// GENERIC-NEXT:  %[[D:.*]] = "tensor.dim"(%arg0, %[[C0]]) : (tensor<?x3xf32>, index) -> index
// GENERIC-NEXT:  "tensor.dim"(%arg0, %[[C0]]) {symbol = @s0} : (tensor<?x3xf32>, index) -> index
// GENERIC-NEXT:  "tensor.empty"(%[[D]]) : (index) -> tensor<?x3xf32>
// GENERIC-NEXT:  "tensor.empty"() : () -> tensor<2x3xf32>
// GENERIC-NEXT:  "tensor.extract"(%arg0, %[[C0]], %[[C0]]) : (tensor<?x3xf32>, index, index) -> f32
// GENERIC-NEXT:  "tensor.cast"(%arg0) : (tensor<?x3xf32>) -> tensor<*xf32>
// GENERIC-NEXT:  "tensor.cast"(%{{.*}}) : (tensor<*xf32>) -> tensor<2x3xf32>
// GENERIC-NEXT:  "tensor.from_elements"(%arg1, %arg1) : (i64, i64) -> tensor<2xi64>
// GENERIC-NEXT:  "tensor.from_elements"(%arg3) : (f32) -> tensor<f32>
// GENERIC-NEXT:  "tensor.from_elements"(%arg2, %arg2) : (index, index) -> tensor<2xindex>
// GENERIC-NEXT:  "tensor.reshape"(%arg0, %{{.*}}) : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x?xf32>
func.func @tensor_ops(%t: tensor<?x3xf32>, %j: i64, %i: index, %x: f32) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<?x3xf32>
  %d2 = tensor.dim {symbol = @s0} %t, %c0 : tensor<?x3xf32>
  %e = tensor.empty(%d) : tensor<?x3xf32>
  %e2 = tensor.empty() : tensor<2x3xf32>
  %x1 = tensor.extract %t[%c0, %c0] : tensor<?x3xf32>
  %c = tensor.cast %t : tensor<?x3xf32> to tensor<*xf32>
  %c2 = tensor.cast %c : tensor<*xf32> to tensor<2x3xf32>
  %fe = tensor.from_elements %j, %j : tensor<2xi64>
  %fe0 = tensor.from_elements %x : tensor<f32>
  %sh = tensor.from_elements %i, %i : tensor<2xindex>
  %rs = tensor.reshape %t(%sh) : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  return %rs : tensor<?x?xf32>
}
