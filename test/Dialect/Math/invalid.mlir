// RUN: llh-opt %s -split-input-file -verify-diagnostics

func.func @int_operand(%i: i32) {
  // expected-error@+1 {{'math.exp' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.exp"(%i) : (i32) -> i32
  return
}

// -----

func.func @float_absi(%f: f32) {
  // expected-error@+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.absi"(%f) : (f32) -> f32
  return
}

// -----

func.func @result_type(%f: f32) {
  // expected-error@+1 {{'math.sqrt' op requires the same type for all operands and results}}
  %0 = "math.sqrt"(%f) : (f32) -> f64
  return
}

// -----

func.func @operand_count(%f: f32) {
  // expected-error@+1 {{'math.powf' op expected 2 operands, but found 1}}
  %0 = "math.powf"(%f) : (f32) -> f32
  return
}

// -----

func.func @fastmath_kind(%f: f32) {
  // expected-error@+1 {{invalid properties {fastmath = 1 : i32} for op math.exp: Invalid attribute `fastmath` in property conversion: 1 : i32}}
  %0 = "math.exp"(%f) <{fastmath = 1 : i32}> : (f32) -> f32
  return
}

// -----

func.func @overflow_flag(%f: f32) {
  // expected-error@+1 {{expected ':'}}
  %0 = math.exp %f overflow<nsw> : f32
  return
}

// -----

func.func @absi_fastmath(%i: i32) {
  // expected-error@+1 {{expected ':'}}
  %0 = math.absi %i fastmath<fast> : i32
  return
}
