// RUN: llh-opt %s -split-input-file -verify-diagnostics

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-non-zero-bitwidth-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.shrui' op operand #0 must be signless-non-zero-bitwidth-integer-like, but got 'f32'}}
  %0 = "arith.shrui"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.mulf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.mulf"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.negf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.negf"(%a) : (i32) -> i32
  return
}

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%a) : (i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.addi' op requires one result}}
  %0:2 = "arith.addi"(%a, %a) : (i32, i32) -> (i32, i32)
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.negf' op requires a single operand}}
  %0 = "arith.negf"() : () -> f32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.constant' op requires zero operands}}
  %0 = "arith.constant"(%a) <{value = 1 : i32}> : (i32) -> i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = 1 : i64}> : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = "s"}> : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %0 = "arith.constant"() {value = @x} : () -> i32
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<3xi32>
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 42 : i64} : (i32, i32) -> i1
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%a, %a) : (i32, i32) -> i1
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.cmpi' op operand #0 must be signless-non-zero-bitwidth-integer-like, but got 'f32'}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (f32, f32) -> i1
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32, %b: i64) {
  // expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%a, %b) <{predicate = 1 : i64}> : (i32, i64) -> i1
  return
}

// -----

func.func @f(%a: tensor<2xi32>) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) <{predicate = 1 : i64}> : (tensor<2xi32>, tensor<2xi32>) -> tensor<3xi1>
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.cmpf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.cmpf"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i1
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.cmpf' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpf"(%a, %a) <{predicate = 1 : i64}> : (f32, f32) -> i32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.index_cast' op operand #0 must be signless-non-zero-bitwidth-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = "arith.index_cast"(%a) : (f32) -> index
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = "arith.index_cast"(%a) : (i32) -> i64
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.index_castui' op result #0 must be signless-non-zero-bitwidth-integer-like or memref of signless-integer, but got 'f32'}}
  %0 = "arith.index_castui"(%a) : (i32) -> f32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.extsi' op operand #0 must be signless-fixed-width-integer-like, but got 'f32'}}
  %0 = "arith.extsi"(%a) : (f32) -> i64
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.extsi' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %0 = "arith.extsi"(%a) : (i32) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.extui' op operand type 'i32' and result type 'i16' are cast incompatible}}
  %0 = "arith.extui"(%a) : (i32) -> i16
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.extui' op result #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = "arith.extui"(%a) : (i32) -> index
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = "arith.trunci"(%a) : (i32) -> i64
  return
}

// -----

func.func @f(%a: tensor<2xi32>) {
  // expected-error@+1 {{'arith.extsi' op failed to verify that input and output have the same tensor dimensions}}
  %0 = "arith.extsi"(%a) : (tensor<2xi32>) -> tensor<3xi64>
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = "arith.sitofp"(%a) : (index) -> f32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.sitofp' op result #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.sitofp"(%a) : (i32) -> i32
  return
}

// -----

func.func @f(%a: f32) {
  // expected-error@+1 {{'arith.fptosi' op result #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = "arith.fptosi"(%a) : (f32) -> index
  return
}

// -----

func.func @f(%a: i32, %c: i32) {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%c, %a, %a) : (i32, i32, i32) -> i32
  return
}

// -----

func.func @f(%a: i32, %c: i1, %b: i64) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}

// -----

func.func @f(%a: tensor<2xi32>, %c: tensor<3xi1>) {
  // expected-error@+1 {{'arith.select' op failed to verify that condition is signless i1 or has matching shape}}
  %0 = "arith.select"(%c, %a, %a) : (tensor<3xi1>, tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'arith.addi' op requires zero regions}}
  %0 = "arith.addi"(%a, %a) ({
  }) : (i32, i32) -> i32
  return
}
