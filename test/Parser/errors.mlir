// RUN: llh-opt --allow-unregistered-dialect %s --split-input-file --verify-diagnostics
//
// One case per parser error kind, with MLIR's wording and position (the same file passes
// `torch-mlir-opt --allow-unregistered-dialect --split-input-file --verify-diagnostics`).

// ==== syntax

// expected-error@+1 {{expected attribute value}}
"foo.op"() {a = } : () -> ()

// -----

// expected-error@+1 {{expected non-function type}}
"foo.op"() {a = 1 : } : () -> ()

// -----

// expected-error@+1 {{expected ')' to end operand list}}
"foo.op"( : () -> ()

// -----

// expected-error@+1 {{expected non-function type}}
"foo.op"() : () -> }

// -----

// expected-error@+1 {{expected ')'}}
"foo.op"() : () -> (i32 i32)

// -----

// expected-error@+1 {{expected function type}}
"foo.op"() : i32

// -----

// expected-error@+1 {{expected ':' followed by operation type}}
"foo.op"() {a = 1} }

// -----

// expected-error@+1 {{expected ',' or ']'}}
"foo.op"() {a = [1, 2} : () -> ()

// -----

// expected-error@+1 {{expected '}' in attribute dictionary}}
"foo.op"() {a 1} : () -> ()

// -----

// expected-error@+1 {{expected attribute name}}
"foo.op"() {1 = 1} : () -> ()

// -----

// expected-error@+1 {{expected operation name in quotes}}
"foo.op"() : () -> () }

// -----

// expected-error@+1 {{expected '=' after SSA name}}
%0 "foo.op"() : () -> ()

// -----

// expected-error@+1 {{expected '{' to begin a region}}
"foo.op"() ({}, ) : () -> ()

// -----

// expected-error@+1 {{expected '>' in tensor type}}
"foo.op"() : () -> tensor<2xf32 }

// -----

// expected-error@+1 {{expected '>' in tuple type}}
"foo.op"() : () -> tuple<f32 }

// -----

"foo.op"() ({
// expected-error@+1 {{expected ':' after block name}}
^bb0 "foo.x"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{expected '=' in attribute alias definition}}
#map 1

// -----

// expected-error@+1 {{expected '>' to close an array attribute}}
"foo.op"() {a = array<i32: 1 2>} : () -> ()

// -----

// expected-error@+1 {{expected integer literal}}
"foo.op"() {a = array<i64: 1, x>} : () -> ()

// -----

// expected-error@+1 {{expected '"' in string literal}}
"foo.op"() {a = "abc} : () -> ()

// -----

// expected-error@+1 {{unknown escape in string literal}}
"foo.op"() {a = "a\qb"} : () -> ()

// -----

// expected-error@+1 {{expected location instance}}
"foo.op"() : () -> () loc(}

// ==== SSA values and blocks

// -----

func.func @f() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "foo.a"(%1) : (i32) -> ()
  return
}

// -----

func.func @f() {
  // expected-note@+1 {{previously defined here}}
  %0 = "foo.a"() : () -> i32
  // expected-error@+1 {{redefinition of SSA value '%0'}}
  %0 = "foo.a"() : () -> i32
  return
}

// -----

func.func @f() {
  // expected-note@+1 {{previously used here with type 'i32'}}
  "foo.a"(%1) : (i32) -> ()
  // expected-error@+1 {{definition of SSA value '%1#0' has type 'i64'}}
  %1 = "foo.b"() : () -> i64
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @f(%a: i32) {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i64' vs 'i32'}}
  "foo.a"(%a) : (i64) -> ()
  return
}

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{expected 2 operand types but had 1}}
  "foo.a"(%a, %a) : (i32) -> ()
  return
}

// -----

// expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
%0 = "foo.op"() : () -> (i32, i32)

// -----

// expected-error@+2 {{region entry argument '%a' is already in use}}
// expected-note@+1 {{previously referenced here}}
func.func @f(%a: i32, %a: i32) {
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{reference to an undefined block}}
  "foo.br"()[^bb2] : () -> ()
^bb1:
  return
}

// -----

func.func @f() {
  "foo.br"()[^bb1] : () -> ()
^bb1:
  "foo.a"() : () -> ()
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  return
}

// -----

func.func @f(%a: i32) {
// expected-error@+1 {{invalid block name in region with named arguments}}
^bb0:
  return
}

// ==== ops

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'foo' is unknown (tried 'func.foo' as well)}}
  foo
}

// -----

// expected-error@+1 {{custom op 'return' is unknown (tried 'builtin.return' as well)}}
return

// -----

// expected-error@+1 {{custom op 'func.foo' is unknown}}
func.foo %a : i32

// -----

// expected-error@+2 {{Dialect `foo' not found for custom op 'foo.bar'}}
// expected-note@+1 {{Available dialects: }}
foo.bar %a : i32

// -----

// expected-error@+1 {{unregistered operation 'func.foo' found in dialect ('func') that does not allow unknown operations}}
"func.foo"() : () -> ()

// -----

func.func @f(%a: i32) -> i32 {
  // expected-error@+1 {{custom op 'func.return' number of operands and types do not match: got 1 operands and 2 types}}
  return %a : i32, i32
}

// -----

// expected-error@+1 {{custom op 'func.func' expected SSA identifier}}
func.func @f(%a: i32, i32) {
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'arith.constant' invalid kind of attribute specified}}
  %0 = arith.constant unit
  return
}

// ==== attributes and types

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"foo.op"() {a = 300 : i8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range}}
"foo.op"() {a = array<i8: 300>} : () -> ()

// -----

// expected-error@+2 {{unexpected decimal integer literal for a floating point value}}
// expected-note@+1 {{add a trailing dot to make the literal a float}}
"foo.op"() {a = 1 : f32} : () -> ()

// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"foo.op"() {a = 1.5 : i32} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float literal should not have a leading minus}}
"foo.op"() {a = -0x7FC00000 : f32} : () -> ()

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"foo.op"() {a = 0x7FC000001 : f32} : () -> ()

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"foo.op"() {a = 1, a = 2} : () -> ()

// -----

// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"foo.op"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"foo.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"foo.op"() {a = dense<[1, 2]> : tensor<?xi32>} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for type}}
"foo.op"() {a = dense<300> : tensor<2xi8>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"foo.op"() {a = dense<1.5> : tensor<2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected ':'}}
"foo.op"() {a = dense<1>} : () -> ()

// -----

// expected-error@+1 {{expected integer or float type, got: 'tensor<2xf32>'}}
"foo.op"() {a = array<tensor<2xf32>: 1>} : () -> ()

// -----

// expected-error@+1 {{use of undeclared identifier}}
"foo.op"() {a = affine_map<(d0) -> (d1)>} : () -> ()

// -----

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"foo.op"() : () -> i99999999

// ==== aliases

// -----

// expected-error@+1 {{undefined symbol alias id 'foo'}}
"foo.op"() {a = #foo} : () -> ()

// -----

// expected-error@+1 {{undefined symbol alias id 't'}}
"foo.op"() : () -> !t

// -----

#map = 1
// expected-error@+1 {{redefinition of attribute alias id 'map'}}
#map = 2

// -----

// expected-error@+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#a.b = 1

// -----

// expected-error@+1 {{type names with a '.' are reserved for dialect-defined names}}
!a.b = i32

// -----

// expected-error@+1 {{operation location alias was never defined}}
"foo.op"() : () -> () loc(#nowhere)
