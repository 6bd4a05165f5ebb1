// RUN: llh-opt --allow-unregistered-dialect %s -split-input-file -verify-diagnostics

func.func @f(%a: i32) -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
  return
}

// -----

func.func @f(%a: i32) -> i32 {
  %0 = "test.x"() : () -> i64
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f}}
  return %0 : i64
}

// -----

// expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> ()

// -----

func.func @f() {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return
  "test.x"() : () -> ()
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
  %0 = func.call @nope(%a) : (i32) -> i32
  return %0 : i32
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = func.call @g(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func private @g(i64) -> i32
func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i64', but provided 'i32' for operand number 0}}
  %0 = func.call @g(%a) : (i32) -> i32
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  func.call @g(%a) : (i32) -> ()
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: i32) {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{op result types: 'i64'}}
  // expected-note@+1 {{function result types: 'i32'}}
  %0 = func.call @g(%a) : (i32) -> i64
  return
}

// -----

"test.sym"() {sym_name = "x"} : () -> ()
func.func @f(%a: i64) {
  // expected-error@+1 {{'func.call' op 'x' does not reference a valid function}}
  "func.call"(%a) {callee = @x} : (i64) -> ()
  return
}

// -----

func.func @f(%a: i64) {
  // expected-error@+1 {{'func.call' op requires attribute 'callee'}}
  "func.call"(%a) : (i64) -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.constant' op reference to undefined function 'g'}}
  %0 = func.constant @g : () -> ()
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = func.constant @f : () -> i32
  return
}

// -----

func.func @f(%a: i32, %g: (i32) -> i64) {
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  %0 = "func.call_indirect"(%g, %a) : ((i32) -> i64, i32) -> i32
  return
}

// -----

func.func @f(%a: i64, %g: (i32) -> i32) {
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  %0 = "func.call_indirect"(%g, %a) : ((i32) -> i32, i64) -> i32
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call_indirect' op operand #0 must be function type, but got 'i32'}}
  %0 = "func.call_indirect"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @decl(i32) -> i32

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('i64') must match the type of the corresponding argument in function signature('i32')}}
"func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
^bb0(%arg0: i64):
  "test.x"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
^bb0:
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
func.func @f(%a: i32 {foo = 1}) {
  return
}

// -----

// expected-error@+1 {{'func.func' op results may only have dialect attributes}}
func.func private @f() -> (i32 {foo = 1})

// -----

// expected-error@+1 {{'func.func' op visibility expected to be one of ["public", "private", "nested"], but got "bad"}}
"func.func"() <{function_type = () -> (), sym_name = "f", sym_visibility = "bad"}> ({
^bb0:
  "func.return"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() <{sym_name = "f"}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() <{sym_name = "f", function_type = i32}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op expects argument attribute array to have the same number of elements as the number of function arguments, got 1, but expected 0}}
"func.func"() <{sym_name = "f", function_type = () -> (), sym_visibility = "private", arg_attrs = [{}]}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op attribute 'arg_attrs' failed to satisfy constraint: Array of dictionary attributes}}
"func.func"() <{sym_name = "f", function_type = (i32) -> (), sym_visibility = "private", arg_attrs = [1]}> ({
}) : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires one region}}
"func.func"() <{function_type = () -> (), sym_name = "f"}> ({
^bb0:
  "func.return"() : () -> ()
}, {
}) : () -> ()
