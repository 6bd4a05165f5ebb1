// RUN: llh-opt %s --allow-unregistered-dialect --inline | filecheck %s
// RUN: llh-opt %s --allow-unregistered-dialect --pass-pipeline="builtin.module(inline)" | filecheck %s
// RUN: llh-opt %s --allow-unregistered-dialect --inline="op-pipelines=func.func(cse)" | filecheck %s

// `--inline` with its default pipeline (`canonicalize` on every function, run
// only if llh-opt has it registered). The IR is chosen so that MLIR's
// canonicalizer leaves every function unchanged: the expected output is
// torch-mlir-opt's `--inline`, with or without the canonicalizer.

// CHECK-LABEL: func.func @func_with_arg
// CHECK-NEXT:    %[[A:.+]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %[[A]] : i32
func.func @func_with_arg(%c : i32) -> i32 {
  %b = arith.addi %c, %c : i32
  return %b : i32
}

// CHECK-LABEL: func.func @inline_with_arg
// CHECK-NEXT:    %[[A:.+]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %[[B:.+]] = arith.muli %[[A]], %arg1 : i32
// CHECK-NEXT:    return %[[B]] : i32
func.func @inline_with_arg(%arg0 : i32, %arg1 : i32) -> i32 {
  %0 = call @func_with_arg(%arg0) : (i32) -> i32
  %1 = arith.muli %0, %arg1 : i32
  return %1 : i32
}

// CHECK-NOT:   @twice
func.func private @twice(%v : i32) -> i32 {
  %0 = arith.muli %v, %v : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @call_twice
// CHECK-NEXT:    %[[A:.+]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    %[[B:.+]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:    return %[[A]], %[[B]] : i32, i32
func.func @call_twice(%v : i32) -> (i32, i32) {
  %0 = call @twice(%v) : (i32) -> i32
  %1 = call @twice(%0) : (i32) -> i32
  return %0, %1 : i32, i32
}

// CHECK-NOT:   @tensor_dim
func.func private @tensor_dim(%t : tensor<?x4xf32>, %i : index) -> index {
  %0 = tensor.dim %t, %i : tensor<?x4xf32>
  return %0 : index
}

// CHECK-LABEL: func.func @inline_tensor
// CHECK-NEXT:    %[[DIM:.+]] = tensor.dim %arg0, %arg1 : tensor<?x4xf32>
// CHECK-NEXT:    return %[[DIM]] : index
func.func @inline_tensor(%t : tensor<?x4xf32>, %i : index) -> index {
  %0 = call @tensor_dim(%t, %i) : (tensor<?x4xf32>, index) -> index
  return %0 : index
}

// CHECK-LABEL: func.func private @unknown_op
// CHECK-LABEL: func.func @no_inline_unknown_op
// CHECK-NEXT:    call @unknown_op(%arg0)
func.func private @unknown_op(%v : i32) -> i32 {
  %0 = "foo.op"(%v) : (i32) -> i32
  return %0 : i32
}

func.func @no_inline_unknown_op(%v : i32) -> i32 {
  %0 = call @unknown_op(%v) : (i32) -> i32
  return %0 : i32
}

// CHECK-LABEL: func.func @no_inline_recursive
// CHECK-NEXT:    call @no_inline_recursive(%arg0)
func.func @no_inline_recursive(%v : i32) -> i32 {
  %0 = call @no_inline_recursive(%v) : (i32) -> i32
  return %0 : i32
}
