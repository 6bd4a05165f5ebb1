// RUN: llh-opt %s -split-input-file -verify-diagnostics

func.func @extf_narrow(%f: f32) {
  // expected-error@+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %f : f32 to f16
  return
}

// -----

func.func @truncf_wide(%f: f32) {
  // expected-error@+1 {{'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %0 = arith.truncf %f : f32 to f64
  return
}

// -----

func.func @bitcast_width(%f: f32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'f32' and result type 'i64' are cast incompatible}}
  %0 = arith.bitcast %f : f32 to i64
  return
}

// -----

func.func @uitofp_float(%f: f32) {
  // expected-error@+1 {{'arith.uitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = "arith.uitofp"(%f) : (f32) -> f32
  return
}

// -----

func.func @maximumf_int(%i: i32) {
  // expected-error@+1 {{'arith.maximumf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.maximumf"(%i, %i) : (i32, i32) -> i32
  return
}

// -----

func.func @extf_rounding(%f: f16) {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.extf %f to_nearest_even : f16 to f32
  return
}
