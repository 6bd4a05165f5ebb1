// RUN: llh-opt %s -split-input-file -verify-diagnostics

func.func @f(%j: i64) {
  // expected-error@+1 {{'index.castu' op operand type 'i64' and result type 'i32' are cast incompatible}}
  %0 = "index.castu"(%j) : (i64) -> i32
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'index.casts' op operand type 'index' and result type 'index' are cast incompatible}}
  %0 = "index.casts"(%i) : (index) -> index
  return
}

// -----

func.func @f(%x: f32) {
  // expected-error@+1 {{'index.casts' op operand #0 must be integer or index, but got 'f32'}}
  %0 = "index.casts"(%x) : (f32) -> index
  return
}

// -----

func.func @f(%j: i64) {
  // expected-error@+1 {{'index.add' op operand #0 must be index, but got 'i64'}}
  %0 = "index.add"(%j, %j) : (i64, i64) -> index
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'index.mul' op result #0 must be index, but got 'i64'}}
  %0 = "index.mul"(%i, %i) : (index, index) -> i64
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'index.constant' op requires attribute 'value'}}
  %0 = "index.constant"() : () -> index
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'index.constant' op attribute 'value' failed to satisfy constraint: index attribute}}
  %0 = "index.constant"() {value = 1 : i64} : () -> index
  return
}
