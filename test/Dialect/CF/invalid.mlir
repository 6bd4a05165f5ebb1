// RUN: llh-opt %s -split-input-file -verify-diagnostics

func.func @br_count(%x: f32) {
  // expected-error@+1 {{branch has 0 operands for successor #0, but target block has 1}}
  "cf.br"()[^bb1] : () -> ()
^bb1(%a: f32):
  return
}

// -----

func.func @br_type(%x: i32) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  "cf.br"(%x)[^bb1] : (i32) -> ()
^bb1(%a: f32):
  return
}

// -----

func.func @cond_br_condition(%c: i32) {
  // expected-error@+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i32) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_false_count(%c: i1, %x: f32) {
  // expected-error@+1 {{branch has 1 operands for successor #1, but target block has 0}}
  "cf.cond_br"(%c, %x)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (i1, f32) -> ()
^bb1:
  return
^bb2:
  return
}

// -----

func.func @assert_condition(%c: i32) {
  // expected-error@+1 {{'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.assert"(%c) <{msg = "m"}> : (i32) -> ()
  return
}

// -----

func.func @assert_msg(%c: i1) {
  // expected-error@+1 {{'cf.assert' op requires attribute 'msg'}}
  "cf.assert"(%c) : (i1) -> ()
  return
}

// -----

func.func @br_not_last(%x: f32) {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  cf.br ^bb1
  %0 = arith.addf %x, %x : f32
^bb1:
  return
}
