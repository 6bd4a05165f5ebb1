// RUN: llh-opt %s -split-input-file -verify-diagnostics

func.func @f(%m: memref<?xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op requires 1 indices}}
  %0 = vector.load %m[%i, %i] : memref<?xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%m: memref<?xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op base and result element types should match}}
  %0 = vector.load %m[%i] : memref<?xf32>, vector<4xf16>
  return
}

// -----

func.func @f(%m: memref<?xf32>, %i: index, %v: vector<4xf16>) {
  // expected-error@+1 {{'vector.store' op base and valueToStore element type should match}}
  vector.store %v, %m[%i] : memref<?xf32>, vector<4xf16>
  return
}

// -----

func.func @f(%m: memref<?xf32>, %i: index, %v: vector<4xf32>) {
  // expected-error@+1 {{'vector.store' op requires 1 indices}}
  vector.store %v, %m[%i, %i] : memref<?xf32>, vector<4xf32>
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.broadcast' op dimension mismatch (4 vs. 3)}}
  %0 = vector.broadcast %v : vector<4xf32> to vector<3xf32>
  return
}

// -----

func.func @f(%v: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.broadcast' op source rank higher than destination rank}}
  %0 = vector.broadcast %v : vector<2x4xf32> to vector<4xf32>
  return
}

// -----

func.func @f(%v: f32) {
  // expected-error@+1 {{'vector.broadcast' op failed to verify that source operand and result have same element type}}
  %0 = vector.broadcast %v : f32 to vector<4xf16>
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.reduction' op failed to verify that source operand and result have same element type}}
  %0 = vector.reduction <add>, %v : vector<4xf32> into f16
  return
}

// -----

func.func @f(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction type ''f32'' for kind 'xor'}}
  %0 = vector.reduction <xor>, %v : vector<4xf32> into f32
  return
}

// -----

func.func @f(%v: vector<4xi32>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction type ''i32'' for kind 'maxnumf'}}
  %0 = vector.reduction <maxnumf>, %v : vector<4xi32> into i32
  return
}

// -----

func.func @f(%v: vector<4xf32>, %w: vector<4xf16>) {
  // expected-error@+1 {{'vector.fma' op failed to verify that all of {lhs, rhs, acc, result} have same type}}
  %0 = "vector.fma"(%v, %v, %w) : (vector<4xf32>, vector<4xf32>, vector<4xf16>) -> vector<4xf32>
  return
}

// -----

func.func @f(%v: vector<4xi32>) {
  // expected-error@+1 {{'vector.fma' op operand #0 must be vector of floating-point values, but got 'vector<4xi32>'}}
  %0 = vector.fma %v, %v, %v : vector<4xi32>
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%v: vector<4xf32>, %a: f16) {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'f32' vs 'f16'}}
  %0 = vector.reduction <add>, %v, %a : vector<4xf32> into f32
  return
}

// -----

// Regression: the alignment is a signless i64 (MLIR's I64Attr), as on memref.load.
func.func @f(%m: memref<?xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = vector.load %m[%i] {alignment = 16 : si64} : memref<?xf32>, vector<4xf32>
  return
}
