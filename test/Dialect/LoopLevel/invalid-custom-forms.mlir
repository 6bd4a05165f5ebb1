// RUN: llh-opt %s -split-input-file -verify-diagnostics
// Errors in the custom forms of the loop-level dialects, with MLIR's messages and positions
// (upstream mlir-opt expects the same: see upstream.mlir).

func.func @a(%n: index, %z: f32) {
  // expected-error@+1 {{custom op 'scf.for' mismatch in number of loop-carried values and defined values}}
  %r = scf.for %i = %n to %n step %n iter_args(%a = %z) -> (f32, f32) {
    scf.yield %a : f32
  }
  return
}

// -----

func.func @a(%n: index, %z: f32) {
  // expected-error@+1 {{custom op 'scf.parallel' number of operands and types do not match: got 1 operands and 2 types}}
  %r = scf.parallel (%i) = (%n) to (%n) step (%n) init (%z) -> (f32, f32) {
  }
  return
}

// -----

func.func @a(%n: index, %z: f32) {
  // expected-error@+1 {{custom op 'memref.load' invalid kind of type specified: expected builtin.memref, but found 'f32'}}
  %0 = memref.load %z[%n] : f32
  return
}

// -----

func.func @a(%n: index, %z: f32) {
  // expected-error@+1 {{custom op 'scf.yield' number of operands and types do not match: got 2 operands and 1 types}}
  scf.yield %z, %z : f32
}

// -----

func.func @a(%n: index, %z: f32) {
  // expected-error@+1 {{custom op 'memref.alloc' invalid kind of type specified: expected builtin.memref, but found 'f32'}}
  %0 = memref.alloc(%n) : f32
  return
}

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
memref.global "private" constant @w : memref<2xf32> = dense<[1, 2]>

// -----

func.func @a(%m: memref<4x4xf32>) {
  // expected-error@+1 {{custom op 'memref.collapse_shape' invalid kind of type specified: expected builtin.memref, but found 'f32'}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32> into f32
  return
}

// -----

func.func @a(%v: vector<4xf32>) {
  // expected-error@+1 {{expected ':'}}
  %0 = vector.reduction <add>, %v, %v, %v : vector<4xf32> into f32
  return
}

// -----

func.func @a(%n: index) {
  scf.for %i = %n to %n step %n {
  // expected-error@+1 {{invalid block name in region with named arguments}}
  ^bb1:
  }
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @a(%m: memref<4xf32>) {
  // expected-error@+1 {{use of value '%m' expects different type than prior uses: 'index' vs 'memref<4xf32>'}}
  %0 = memref.subview %m[%m] [1] [1] : memref<4xf32> to memref<1xf32, strided<[1], offset: ?>>
  return
}

// -----

func.func @a(%x: f32) {
  // expected-error@+1 {{expected ','}}
  %0 = math.powf %x : f32
  return
}
