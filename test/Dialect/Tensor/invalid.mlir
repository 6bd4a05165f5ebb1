// RUN: llh-opt %s -split-input-file -verify-diagnostics

func.func @f(%a: i32, %i: index) {
  // expected-error@+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'i32'}}
  %0 = "tensor.dim"(%a, %i) : (i32, index) -> index
  return
}

// -----

func.func @f(%a: tensor<f32>, %i: index) {
  // expected-error@+1 {{'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'tensor<f32>'}}
  %0 = "tensor.dim"(%a, %i) : (tensor<f32>, index) -> index
  return
}

// -----

func.func @f(%a: tensor<?xf32>, %i: i32) {
  // expected-error@+1 {{'tensor.dim' op operand #1 must be index, but got 'i32'}}
  %0 = "tensor.dim"(%a, %i) : (tensor<?xf32>, i32) -> index
  return
}

// -----

func.func @f(%a: tensor<?xf32>, %i: index) {
  // expected-error@+1 {{'tensor.dim' op result #0 must be index, but got 'i32'}}
  %0 = "tensor.dim"(%a, %i) : (tensor<?xf32>, index) -> i32
  return
}

// -----

func.func @f(%a: tensor<?xf32>) {
  // expected-error@+1 {{'tensor.dim' op expected 2 operands, but found 1}}
  %0 = "tensor.dim"(%a) : (tensor<?xf32>) -> index
  return
}

// -----

func.func @f(%i: index) {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = "tensor.empty"(%i) : (index) -> tensor<2xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'tensor.empty' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = "tensor.empty"() : () -> tensor<?xf32>
  return
}

// -----

func.func @f(%i: i32) {
  // expected-error@+1 {{'tensor.empty' op operand #0 must be variadic of index, but got 'i32'}}
  %0 = "tensor.empty"(%i) : (i32) -> tensor<?xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'tensor.empty' op result #0 must be ranked tensor of any non-token type values, but got 'tensor<*xf32>'}}
  %0 = "tensor.empty"() : () -> tensor<*xf32>
  return
}

// -----

func.func @f(%a: tensor<?x?xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op incorrect number of indices for extract_element}}
  %0 = "tensor.extract"(%a, %i) : (tensor<?x?xf32>, index) -> f32
  return
}

// -----

func.func @f(%a: tensor<?xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op failed to verify that result type matches element type of tensor}}
  %0 = "tensor.extract"(%a, %i) : (tensor<?xf32>, index) -> f64
  return
}

// -----

func.func @f(%a: tensor<?xf32>, %i: i32) {
  // expected-error@+1 {{'tensor.extract' op operand #1 must be variadic of index, but got 'i32'}}
  %0 = "tensor.extract"(%a, %i) : (tensor<?xf32>, i32) -> f32
  return
}

// -----

func.func @f(%a: tensor<*xf32>, %i: index) {
  // expected-error@+1 {{'tensor.extract' op operand #0 must be ranked tensor of any non-token type values, but got 'tensor<*xf32>'}}
  %0 = "tensor.extract"(%a, %i) : (tensor<*xf32>, index) -> f32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'tensor.extract' op expected 1 or more operands, but found 0}}
  %0 = "tensor.extract"() : () -> f32
  return
}

// -----

func.func @f(%a: tensor<?xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<?xf32>' and result type 'tensor<?xi32>' are cast incompatible}}
  %0 = "tensor.cast"(%a) : (tensor<?xf32>) -> tensor<?xi32>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<2xf32>' and result type 'tensor<3xf32>' are cast incompatible}}
  %0 = "tensor.cast"(%a) : (tensor<2xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: tensor<?x?xf32>) {
  // expected-error@+1 {{'tensor.cast' op operand type 'tensor<?x?xf32>' and result type 'tensor<?xf32>' are cast incompatible}}
  %0 = "tensor.cast"(%a) : (tensor<?x?xf32>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'tensor.cast' op operand #0 must be tensor of any non-token type values, but got 'f32'}}
  %0 = "tensor.cast"(%a) : (f32) -> tensor<3xf32>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = "tensor.from_elements"(%a) : (f32) -> tensor<2xf32>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'tensor.from_elements' op failed to verify that operand types match result element type}}
  %0 = "tensor.from_elements"(%a, %a) : (f32, f32) -> tensor<2xf64>
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'tensor.from_elements' op result #0 must be statically shaped tensor of any non-token type values, but got 'tensor<?xf32>'}}
  %0 = "tensor.from_elements"(%a, %a) : (f32, f32) -> tensor<?xf32>
  return
}

// -----

func.func @f(%a: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error@+1 {{'tensor.reshape' op length of shape operand differs from the result's tensor rank}}
  %0 = "tensor.reshape"(%a, %s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?xf32>
  return
}

// -----

func.func @f(%a: tensor<?xf32>, %s: tensor<2xindex>) {
  // expected-error@+1 {{'tensor.reshape' op element types of source and destination tensor types should be the same}}
  %0 = "tensor.reshape"(%a, %s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xi32>
  return
}

// -----

func.func @f(%a: tensor<6xf32>, %s: tensor<2xindex>) {
  // expected-error@+1 {{'tensor.reshape' op source and destination tensor should have the same number of elements}}
  %0 = "tensor.reshape"(%a, %s) : (tensor<6xf32>, tensor<2xindex>) -> tensor<2x2xf32>
  return
}

// -----

func.func @f(%a: tensor<?xf32>, %s: tensor<?xindex>) {
  // expected-error@+1 {{'tensor.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked tensor type}}
  %0 = "tensor.reshape"(%a, %s) : (tensor<?xf32>, tensor<?xindex>) -> tensor<?x?xf32>
  return
}

// -----

func.func @f(%a: tensor<?xf32>, %s: tensor<2xf32>) {
  // expected-error@+1 {{'tensor.reshape' op operand #1 must be 1D tensor of signless integer or index values, but got 'tensor<2xf32>'}}
  %0 = "tensor.reshape"(%a, %s) : (tensor<?xf32>, tensor<2xf32>) -> tensor<?x?xf32>
  return
}
