// RUN: llh-opt %s --allow-unregistered-dialect --inline="default-pipeline=" | filecheck %s
// RUN: llh-opt %s --allow-unregistered-dialect --pass-pipeline="builtin.module(inline{default-pipeline=})" | filecheck %s
// RUN: llh-opt %s --allow-unregistered-dialect --inline="default-pipeline=" --mlir-print-debuginfo | filecheck %s --check-prefix=LOC

// Modelled on mlir/test/Transforms/inlining.mlir. `default-pipeline=` turns the
// simplification of callers off, so this is the inliner alone; the expected IR
// is torch-mlir-opt's output on the same input (inline-reference.mlir diffs the
// two tools). `cf` ops print generically in llh-opt: matched loosely.

// A public callee is cloned into its callers and kept.
// CHECK-LABEL: func.func @func_with_arg
func.func @func_with_arg(%c : i32) -> i32 {
  %b = arith.addi %c, %c : i32
  return %b : i32
}

// CHECK-LABEL: func.func @inline_with_arg
// CHECK-NEXT:    %[[A:.+]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %[[A]] : i32
func.func @inline_with_arg(%arg0 : i32) -> i32 {
  %0 = call @func_with_arg(%arg0) : (i32) -> i32
  return %0 : i32
}

// CHECK-LABEL: func.func @noinline_with_arg
// CHECK-NEXT:    call @func_with_arg(%arg0) {no_inline}
func.func @noinline_with_arg(%arg0 : i32) -> i32 {
  %0 = call @func_with_arg(%arg0) {no_inline} : (i32) -> i32
  return %0 : i32
}

// CHECK-LABEL: func.func @non_inlinable_func_with_arg
// CHECK-SAME:    attributes {no_inline}
func.func @non_inlinable_func_with_arg(%c : i32) -> i32 attributes {no_inline} {
  %b = arith.addi %c, %c : i32
  return %b : i32
}

// CHECK-LABEL: func.func @noinline_with_func_arg
// CHECK-NEXT:    call @non_inlinable_func_with_arg(%arg0)
func.func @noinline_with_func_arg(%arg0 : i32) -> i32 {
  %0 = call @non_inlinable_func_with_arg(%arg0) : (i32) -> i32
  return %0 : i32
}

// Several results, one of them a callee argument. A private callee with a
// single call is moved into the caller and erased.
// CHECK-NOT:   @multi_result
func.func private @multi_result(%a : i32, %b : i32) -> (i32, i32, i32) {
  %0 = arith.muli %a, %b : i32
  %1 = arith.subi %a, %b : i32
  return %0, %1, %a : i32, i32, i32
}

// CHECK-LABEL: func.func @inline_multi_result
// CHECK-NEXT:    %[[MUL:.+]] = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT:    arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[ADD:.+]] = arith.addi %[[MUL]], %arg0 : i32
// CHECK-NEXT:    return %[[ADD]], %[[MUL]] : i32, i32
func.func @inline_multi_result(%x : i32, %y : i32) -> (i32, i32) {
  %0:3 = call @multi_result(%x, %y) : (i32, i32) -> (i32, i32, i32)
  %1 = arith.addi %0#0, %0#2 : i32
  return %1, %0#0 : i32, i32
}

// A multi-block callee splits the caller's block; its returns branch to the rest.
// CHECK-LABEL: func.func @func_with_multi_return
func.func @func_with_multi_return(%a : i1) -> (i32) {
  cf.cond_br %a, ^bb1, ^bb2
^bb1:
  %const_0 = arith.constant 0 : i32
  return %const_0 : i32
^bb2:
  %const_55 = arith.constant 55 : i32
  return %const_55 : i32
}

// CHECK-LABEL: func.func @inline_with_multi_return
// CHECK-NEXT:    cf.cond_br{{.*}}%arg0
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : i32
// CHECK-NEXT:    cf.br ^bb3(%[[C0]] : i32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[C55:.+]] = arith.constant 55 : i32
// CHECK-NEXT:    cf.br ^bb3(%[[C55]] : i32)
// CHECK-NEXT:  ^bb3(%[[R:.+]]: i32):
// CHECK-NEXT:    %[[Y:.+]] = arith.addi %[[R]], %[[R]] : i32
// CHECK-NEXT:    return %[[Y]] : i32
func.func @inline_with_multi_return(%c : i1) -> i32 {
  %x = call @func_with_multi_return(%c) : (i1) -> i32
  %y = arith.addi %x, %x : i32
  return %y : i32
}

// Inlined ops get call-site locations.
func.func @func_with_locations(%c : i32) -> i32 {
  %b = arith.addi %c, %c : i32 loc("mysource.cc":10:8)
  return %b : i32 loc("mysource.cc":11:2)
}

// LOC-LABEL: func.func @inline_with_locations
// LOC-NEXT:    arith.addi %arg0, %arg0 : i32 loc(#[[SITE:.+]])
// LOC-NEXT:    return
// LOC-DAG:     #[[CALLEE:.+]] = loc("mysource.cc":10:8)
// LOC-DAG:     #[[CALLER:.+]] = loc("mysource.cc":55:14)
// LOC-DAG:     #[[SITE]] = loc(callsite(#[[CALLEE]] at #[[CALLER]]))
func.func @inline_with_locations(%arg0 : i32) -> i32 {
  %0 = call @func_with_locations(%arg0) : (i32) -> i32 loc("mysource.cc":55:14)
  return %0 : i32
}

// External declarations are not inlined.
// CHECK-LABEL: func.func private @func_external()
func.func private @func_external()

// CHECK-LABEL: func.func @no_inline_external
// CHECK-NEXT:    call @func_external() : () -> ()
func.func @no_inline_external() {
  call @func_external() : () -> ()
  return
}

// Several levels of private calls are inlined bottom-up; the callees go away.
// CHECK-NOT:   @multilevel_func_a
// CHECK-NOT:   @multilevel_func_b
func.func private @multilevel_func_a(%v : i32) -> i32 {
  %0 = arith.xori %v, %v : i32
  return %0 : i32
}
func.func private @multilevel_func_b(%v : i32) -> i32 {
  %0 = call @multilevel_func_a(%v) : (i32) -> i32
  %1 = arith.ori %0, %v : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @inline_multilevel
// CHECK-NEXT:    %[[X:.+]] = arith.xori %arg0, %arg0 : i32
// CHECK-NEXT:    %[[O:.+]] = arith.ori %[[X]], %arg0 : i32
// CHECK-NEXT:    return %[[O]] : i32
func.func @inline_multilevel(%v : i32) -> i32 {
  %0 = call @multilevel_func_b(%v) : (i32) -> i32
  return %0 : i32
}

// Recursive calls are not inlined, directly or through a cycle.
// CHECK-LABEL: func.func @no_inline_recursive
// CHECK-NEXT:    call @no_inline_recursive(%arg0)
func.func @no_inline_recursive(%v : i32) -> i32 {
  %0 = call @no_inline_recursive(%v) : (i32) -> i32
  return %0 : i32
}

// CHECK-LABEL: func.func private @mutual_a
// CHECK-NEXT:    call @mutual_b(%arg0)
func.func private @mutual_a(%v : i32) -> i32 {
  %0 = call @mutual_b(%v) : (i32) -> i32
  return %0 : i32
}
// CHECK-LABEL: func.func private @mutual_b
// CHECK-NEXT:    call @mutual_a(%arg0)
func.func private @mutual_b(%v : i32) -> i32 {
  %0 = call @mutual_a(%v) : (i32) -> i32
  return %0 : i32
}

// CHECK-LABEL: func.func @call_mutual
// CHECK-NEXT:    call @mutual_a(%arg0)
func.func @call_mutual(%v : i32) -> i32 {
  %0 = call @mutual_a(%v) : (i32) -> i32
  return %0 : i32
}

// A callee holding an op of a dialect without inliner interface is not inlined.
// CHECK-LABEL: func.func private @unknown_op
func.func private @unknown_op(%v : i32) -> i32 {
  %0 = "foo.op"(%v) : (i32) -> i32
  return %0 : i32
}

// CHECK-LABEL: func.func @no_inline_unknown_op
// CHECK-NEXT:    call @unknown_op(%arg0)
func.func @no_inline_unknown_op(%v : i32) -> i32 {
  %0 = call @unknown_op(%v) : (i32) -> i32
  return %0 : i32
}

// Private functions nobody calls are erased; a function only called by such a
// function is not (the inliner does no symbol DCE beyond that).
// CHECK-NOT:   @dead_private()
func.func private @dead_private() {
  call @dead_private_callee() : () -> ()
  return
}
// CHECK-LABEL: func.func private @dead_private_callee
func.func private @dead_private_callee() {
  "foo.effect"() : () -> ()
  return
}

// A private callee called twice: cloned, moved in for its last call, erased.
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

// CHECK-LABEL: func.func @inline_tensor
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[DIM:.+]] = tensor.dim %arg0, %[[C0]] : tensor<?x4xf32>
// CHECK-NEXT:    return %[[DIM]] : index
func.func private @tensor_dim(%t : tensor<?x4xf32>) -> index {
  %c0 = arith.constant 0 : index
  %0 = tensor.dim %t, %c0 : tensor<?x4xf32>
  return %0 : index
}

func.func @inline_tensor(%t : tensor<?x4xf32>) -> index {
  %0 = call @tensor_dim(%t) : (tensor<?x4xf32>) -> index
  return %0 : index
}

// A symbol reference keeps a private function alive; call_indirect is not inlined.
// CHECK-LABEL: func.func private @referenced
func.func private @referenced() {
  return
}

// CHECK-LABEL: func.func @indirect
// CHECK-NEXT:    %[[F:.+]] = constant @referenced
// CHECK-NEXT:    call_indirect %[[F]]()
func.func @indirect() {
  %f = constant @referenced : () -> ()
  call_indirect %f() : () -> ()
  return
}
