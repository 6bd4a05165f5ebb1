// RUN: llh-opt %s --split-input-file --inline="default-pipeline=" | filecheck %s
// RUN: llh-opt %s --split-input-file --inline="default-pipeline=cse" | filecheck %s --check-prefix=CSE

// LLH ops inline (the reference's LLH dialect declares an inliner interface
// accepting all of them): a private helper holding llh ops is inlined at each
// call and erased once its last call is inlined. `default-pipeline=` keeps the
// canonicalizer (and its LLH patterns) out of these checks.

// CHECK-LABEL: module
// CHECK-NOT:     @bn_relu
// CHECK-LABEL:   func.func @main
// CHECK-NEXT:      %[[W:.+]] = "llh.weight"() <{weight_file = "w.npy"}>
// CHECK-NEXT:      %[[BN0:.+]] = "llh.batch_norm"(%arg0, %[[W]], %[[W]], %[[W]], %[[W]])
// CHECK-NEXT:      %[[R0:.+]] = "llh.relu"(%[[BN0]])
// CHECK-NEXT:      %[[BN1:.+]] = "llh.batch_norm"(%[[R0]], %[[W]], %[[W]], %[[W]], %[[W]])
// CHECK-NEXT:      %[[R1:.+]] = "llh.relu"(%[[BN1]])
// CHECK-NEXT:      %[[SUM:.+]] = "llh.add"(%[[R1]], %arg0)
// CHECK-NEXT:      return %[[SUM]]
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
func.func private @bn_relu(%x: tensor<?x64x8x8xf32>, %w: tensor<64xf32>) -> tensor<?x64x8x8xf32> {
  %0 = "llh.batch_norm"(%x, %w, %w, %w, %w) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<?x64x8x8xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<?x64x8x8xf32>
  %1 = "llh.relu"(%0) : (tensor<?x64x8x8xf32>) -> tensor<?x64x8x8xf32>
  return %1 : tensor<?x64x8x8xf32>
}
func.func @main(%arg0: tensor<?x64x8x8xf32>) -> tensor<?x64x8x8xf32> attributes {entrance} {
  %w = "llh.weight"() <{weight_file = "w.npy"}> : () -> tensor<64xf32>
  %0 = call @bn_relu(%arg0, %w) : (tensor<?x64x8x8xf32>, tensor<64xf32>) -> tensor<?x64x8x8xf32>
  %1 = call @bn_relu(%0, %w) : (tensor<?x64x8x8xf32>, tensor<64xf32>) -> tensor<?x64x8x8xf32>
  %2 = "llh.add"(%1, %arg0) : (tensor<?x64x8x8xf32>, tensor<?x64x8x8xf32>) -> tensor<?x64x8x8xf32>
  return %2 : tensor<?x64x8x8xf32>
}

// -----

// Scalar shape computations: a helper multiplying two llh.dim results, called
// twice with the same operands. Without a simplification pipeline both inlined
// copies stay; with `default-pipeline=cse` the caller is simplified after
// inlining: the Pure llh.dim ops are shared, the non-Pure llh.mul ops are not.

// CHECK-LABEL: func.func @shapes
// CHECK-NEXT:    %[[C0:.+]] = "llh.constant"() <{value = 0 : i64}> : () -> i64
// CHECK-NEXT:    %[[C1:.+]] = "llh.constant"() <{value = 1 : i64}> : () -> i64
// CHECK-NEXT:    %[[D0:.+]] = "llh.dim"(%arg0, %[[C0]])
// CHECK-NEXT:    %[[D1:.+]] = "llh.dim"(%arg0, %[[C1]])
// CHECK-NEXT:    %[[M0:.+]] = "llh.mul"(%[[D0]], %[[D1]])
// CHECK-NEXT:    %[[D0B:.+]] = "llh.dim"(%arg0, %[[C0]])
// CHECK-NEXT:    %[[D1B:.+]] = "llh.dim"(%arg0, %[[C1]])
// CHECK-NEXT:    %[[M1:.+]] = "llh.mul"(%[[D0B]], %[[D1B]])
// CHECK-NEXT:    %[[R:.+]] = "llh.reshape"(%arg0, %[[M0]], %[[M1]])
// CHECK-NEXT:    return %[[R]]

// CSE-LABEL: func.func @shapes
// CSE-NEXT:    %[[C0:.+]] = "llh.constant"() <{value = 0 : i64}> : () -> i64
// CSE-NEXT:    %[[C1:.+]] = "llh.constant"() <{value = 1 : i64}> : () -> i64
// CSE-NEXT:    %[[D0:.+]] = "llh.dim"(%arg0, %[[C0]])
// CSE-NEXT:    %[[D1:.+]] = "llh.dim"(%arg0, %[[C1]])
// CSE-NEXT:    %[[M0:.+]] = "llh.mul"(%[[D0]], %[[D1]])
// CSE-NEXT:    %[[M1:.+]] = "llh.mul"(%[[D0]], %[[D1]])
// CSE-NEXT:    %[[R:.+]] = "llh.reshape"(%arg0, %[[M0]], %[[M1]])
// CSE-NEXT:    return %[[R]]
func.func private @numel(%x: tensor<?x?xf32>, %i: i64, %j: i64) -> i64 {
  %d0 = "llh.dim"(%x, %i) : (tensor<?x?xf32>, i64) -> i64
  %d1 = "llh.dim"(%x, %j) : (tensor<?x?xf32>, i64) -> i64
  %n = "llh.mul"(%d0, %d1) : (i64, i64) -> i64
  return %n : i64
}
func.func @shapes(%arg0: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %0 = call @numel(%arg0, %c0, %c1) : (tensor<?x?xf32>, i64, i64) -> i64
  %1 = call @numel(%arg0, %c0, %c1) : (tensor<?x?xf32>, i64, i64) -> i64
  %2 = "llh.reshape"(%arg0, %0, %1) : (tensor<?x?xf32>, i64, i64) -> tensor<?x?xf32>
  return %2 : tensor<?x?xf32>
}

// -----

// Encoded tensor types and symbol relations come along unchanged; the
// `llh.symbolic_int` declarations are not callables and stay.

// CHECK-LABEL: module
// CHECK:         "llh.symbolic_int"() <{sym_name = "s0"}>
// CHECK:         "llh.symbolic_int"() <{sym_name = "c4"}>
// CHECK-NOT:     @scale
// CHECK-LABEL:   func.func @encoded
// CHECK-NEXT:      %[[E:.+]] = "llh.exp"(%arg0) : (tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>) -> tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
// CHECK-NEXT:      return %[[E]]
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c4"}> : () -> ()
func.func private @scale(%x: tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>) -> tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>> {
  %0 = "llh.exp"(%x) : (tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>) -> tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
  return %0 : tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
}
func.func @encoded(%arg0: tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>) -> tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>> attributes {entrance} {
  %0 = call @scale(%arg0) : (tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>) -> tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
  return %0 : tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
}
