"""Parser diagnostics: MLIR's message and `line:col` for each kind of bad input.

Every expectation below is what `torch-mlir-opt --allow-unregistered-dialect` reports for the same
text (first error only); the parser must match message, line and column. Also: errors are always
`DiagnosticError`s, never other Python exceptions, for a sample of mangled inputs.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from llh_opt.diagnostics import DiagnosticError
from llh_opt.parser import parse_source

CASES = [
    ('"foo.op"() {a = } : () -> ()\n', "expected attribute value", 1, 16),
    ('"foo.op"() {a = 1 : } : () -> ()\n', "expected non-function type", 1, 20),
    ('"foo.op"( : () -> ()\n', "expected ')' to end operand list", 1, 10),
    ('"foo.op"() : () -> \n', "expected non-function type", 1, 19),
    ('"foo.op"() : () -> (i32\n', "expected ')'", 1, 24),
    ('"foo.op"() : (i32 -> ()\n', "expected ')'", 1, 18),
    ('"foo.op"() : i32\n', "expected function type", 1, 14),
    ('"foo.op"()\n', "expected ':' followed by operation type", 1, 11),
    ('"foo.op"() {a = [1, 2} : () -> ()\n', "expected ',' or ']'", 1, 22),
    ('"foo.op"() {a = #foo} : () -> ()\n', "undefined symbol alias id 'foo'", 1, 21),
    ('"foo.op"() : () -> !foo\n', "undefined symbol alias id 'foo'", 1, 24),
    (
        '"foo.op"() {a = 300 : i8} : () -> ()\n',
        "integer constant out of range for attribute",
        1,
        17,
    ),
    (
        '"foo.op"() {a = dense<[1, 2]> : tensor<3xi32>} : () -> ()\n',
        "inferred shape of elements literal ([2]) does not match type ([3])",
        1,
        17,
    ),
    (
        '"foo.op"() {a = affine_map<(d0) -> (d1)>} : () -> ()\n',
        "use of undeclared identifier",
        1,
        37,
    ),
    ('"foo.op"() {a = "abc} : () -> ()\n', "expected '\"' in string literal", 1, 33),
    (
        '%0 = "foo.op"() : () -> (i32, i32)\n',
        "operation defines 2 results but was provided 1 to bind",
        1,
        1,
    ),
    (
        '%0:3 = "foo.op"() : () -> (i32, i32)\n',
        "operation defines 2 results but was provided 3 to bind",
        1,
        1,
    ),
    ('"foo.op"(%0#3) : (i32) -> ()\n', "use of undeclared SSA value name", 1, 10),
    ('"foo.op"() {a = 1} : () -> ()  }\n', "expected operation name in quotes", 1, 30),
    ('"foo.op"() {a 1} : () -> ()\n', "expected '}' in attribute dictionary", 1, 14),
    ('"foo.op"() {1 = 1} : () -> ()\n', "expected attribute name", 1, 13),
    ('"foo.op"() {a = 1 : i32 : () -> ()\n', "expected '}' in attribute dictionary", 1, 24),
    ('"foo.op"() ({) : () -> ()\n', "expected operation name in quotes", 1, 14),
    ('"foo.op"() ({}, ) : () -> ()\n', "expected '{' to begin a region", 1, 16),
    ('"foo.op"() : (i32,) -> ()\n', "expected non-function type", 1, 19),
    ('"foo.op"() : () -> tensor<2xf32\n', "expected '>' in tensor type", 1, 32),
    ('"foo.op"() : () -> tensor<2x>\n', "expected non-function type", 1, 29),
    ('"foo.op"() : () -> tensor<axf32>\n', "expected non-function type", 1, 27),
    ('"foo.op"() : () -> tensor<2xfoo>\n', "expected non-function type", 1, 29),
    ('"foo.op"() : () -> foo\n', "expected non-function type", 1, 19),
    ("%0 = \n", "expected operation name in quotes", 1, 5),
    ('%0 "foo.op"() : () -> ()\n', "expected '=' after SSA name", 1, 3),
    ('"foo.op"() {a = array<i64: 1, x>} : () -> ()\n', "expected integer literal", 1, 31),
    ('"foo.op"() {a = array<i8: 300>} : () -> ()\n', "integer constant out of range", 1, 30),
    (
        '"foo.op"() {a = array<f32: 1>} : () -> ()\n',
        "unexpected decimal integer literal for a floating point value",
        1,
        28,
    ),
    (
        '"foo.op"() {a = dense<1.5> : tensor<2xi32>} : () -> ()\n',
        "expected integer elements, but parsed floating-point",
        1,
        23,
    ),
    (
        'func.func @f() {\n  "foo.a"(%1) : (i32) -> ()\n  %1 = "foo.b"() : () -> i64\n}\n',
        "definition of SSA value '%1#0' has type 'i64'",
        3,
        3,
    ),
    (
        'func.func @f() {\n  "foo.a"(%1) : (i32) -> ()\n}\n',
        "use of undeclared SSA value name",
        2,
        11,
    ),
    (
        'func.func @f() {\n  "foo.a"()[^bb2] : () -> ()\n^bb1:\n  "foo.a"() : () -> ()\n}\n',
        "reference to an undefined block",
        2,
        13,
    ),
    (
        'func.func @f() {\n  "foo.a"()[^bb1] : () -> ()\n^bb1:\n  "foo.a"() : () -> ()\n^bb1:\n  "foo.a"() : () -> ()\n}\n',
        "redefinition of block '^bb1'",
        5,
        1,
    ),
    (
        'func.func @f(%a: i32) {\n  "foo.a"(%a) : (i64) -> ()\n}\n',
        "use of value '%a' expects different type than prior uses: 'i64' vs 'i32'",
        2,
        11,
    ),
    (
        'func.func @f(%a: i32) {\n  "foo.a"(%a, %a) : (i32) -> ()\n}\n',
        "expected 2 operand types but had 1",
        2,
        21,
    ),
    (
        "func.func @f(%a: i32, %a: i32) {\n  return\n}\n",
        "region entry argument '%a' is already in use",
        1,
        23,
    ),
    (
        '"foo.op"() ({\n^bb0(%a: i32, %a: i32):\n  "foo.x"() : () -> ()\n}) : () -> ()\n',
        "redefinition of SSA value '%a'",
        2,
        15,
    ),
    (
        '%0 = "foo.op"() : () -> i32\nfunc.func @g() {\n  %0 = "foo.y"() : () -> i32\n  return\n}\n',
        "redefinition of SSA value '%0'",
        3,
        3,
    ),
    (
        'module {\n  %0 = "foo.op"() : () -> i32\n}\n"foo.y"(%0) : (i32) -> ()\n',
        "use of undeclared SSA value name",
        4,
        9,
    ),
    ('"foo.op"() {a = 1, a = 2} : () -> ()\n', "duplicate key 'a' in dictionary attribute", 1, 20),
    ('"foo.op"() {a = dense<1>} : () -> ()\n', "expected ':'", 1, 25),
    (
        '"foo.op"() {a = 1 : f32} : () -> ()\n',
        "unexpected decimal integer literal for a floating point value",
        1,
        17,
    ),
    (
        '"foo.op"() {a = 1.5 : i32} : () -> ()\n',
        "floating point value not valid for specified type",
        1,
        26,
    ),
    (
        '"foo.op"() {a = -0x7FC00000 : f32} : () -> ()\n',
        "hexadecimal float literal should not have a leading minus",
        1,
        18,
    ),
    (
        '"foo.op"() {a = 0x7FC000001 : f32} : () -> ()\n',
        "hexadecimal float constant out of range for type",
        1,
        17,
    ),
    (
        '"foo.op"() {a = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()\n',
        "tensor literal is invalid; ranks are not consistent between elements",
        1,
        35,
    ),
    (
        '"foo.op"() {a = dense<[1, 2]> : tensor<?xi32>} : () -> ()\n',
        "elements literal type must have static shape",
        1,
        17,
    ),
    (
        '"foo.op"() {a = dense<300> : tensor<2xi8>} : () -> ()\n',
        "integer constant out of range for type",
        1,
        23,
    ),
    ('"foo.op"() {a = "a\\qb"} : () -> ()\n', "unknown escape in string literal", 1, 19),
    ("#map = 1\n#map = 2\n", "redefinition of attribute alias id 'map'", 2, 1),
    ("#a.b = 1\n", "attribute names with a '.' are reserved for dialect-defined names", 1, 1),
    ("!a.b = i32\n", "type names with a '.' are reserved for dialect-defined names", 1, 1),
    ("#map 1\n", "expected '=' in attribute alias definition", 1, 5),
    ('"foo.op"() : () -> i99999999\n', "integer bitwidth is limited to 16777215 bits", 1, 20),
    (
        '"foo.op"() {a = array<tensor<2xf32>: 1>} : () -> ()\n',
        "expected integer or float type, got: 'tensor<2xf32>'",
        1,
        23,
    ),
    (
        "func.func @f(%a: i32, i32) {\n  return\n}\n",
        "custom op 'func.func' expected SSA identifier",
        1,
        23,
    ),
    (
        "func.func @f(%a: i32) -> i32 {\n  return %a : i32, i32\n}\n",
        "custom op 'func.return' number of operands and types do not match: got 1 operands and 2 types",
        2,
        10,
    ),
    (
        "func.func @f(%a: i32) {\n^bb0:\n  return\n}\n",
        "invalid block name in region with named arguments",
        2,
        1,
    ),
    ("func.func @f() {\n  foo\n}\n", "custom op 'foo' is unknown (tried 'func.foo' as well)", 2, 3),
    ("return\n", "custom op 'return' is unknown (tried 'builtin.return' as well)", 1, 1),
    (
        'func.func @f() {\n  %0 = "foo.x"() : () -> i32\n  return %0 : i32 i64\n}\n',
        "expected operation name in quotes",
        3,
        18,
    ),
    (
        'func.func @f() {\n  %0 = "foo.x"() : () -> i32\n  func.return %0 : i32,\n}\n',
        "expected non-function type",
        3,
        24,
    ),
    ("func.foo %a : i32\n", "custom op 'func.foo' is unknown", 1, 1),
    ("foo.bar %a : i32\n", "Dialect `foo' not found for custom op 'foo.bar' ", 1, 1),
    (
        '"func.foo"() : () -> ()\n',
        "unregistered operation 'func.foo' found in dialect ('func') that does not allow unknown operations",
        1,
        1,
    ),
    ('"foo.op"() {   1 = 1} : () -> ()\n', "expected attribute name", 1, 13),
    ('"foo.op"() {a = 1,    } : () -> ()\n', "expected attribute name", 1, 19),
    ('"foo.op"() {a = [1,     }   : () -> ()\n', "expected attribute value", 1, 20),
    ('"foo.op"() {a = [1     2] : () -> ()\n', "expected ',' or ']'", 1, 19),
    ('"foo.op"() :    i32\n', "expected function type", 1, 17),
    ('"foo.op"()    }\n', "expected ':' followed by operation type", 1, 11),
    ('"foo.op"(    :   ) : () -> ()\n', "expected ')' to end operand list", 1, 10),
    ('"foo.op"() ({}, ) : () -> ()\n', "expected '{' to begin a region", 1, 16),
    ('"foo.op"() ({},    ) : () -> ()\n', "expected '{' to begin a region", 1, 16),
    ('"foo.op"() :    (i32    i32) -> ()\n', "expected ')'", 1, 21),
    ('"foo.op"() : () ->    (i32   i32\n', "expected ')'", 1, 27),
    ('"foo.op"() : ()    }\n', "expected '->' in function type", 1, 16),
    ('"foo.op"() :  () -> tensor<2xf32    }\n', "expected '>' in tensor type", 1, 33),
    ('"foo.op"() :  () -> tensor<    }\n', "expected non-function type", 1, 28),
    ('"foo.op"() :  () -> vector<2xf32    }\n', "expected '>' in vector type", 1, 33),
    ('"foo.op"() :  () -> memref<2xf32    }\n', "expected ',' or '>' in memref type", 1, 33),
    ('"foo.op"() :  () -> complex<f32    }\n', "expected '>' in complex type", 1, 32),
    ('"foo.op"() :  () -> tuple<f32    }\n', "expected '>' in tuple type", 1, 30),
    (
        '"foo.op"() {a = array<i32: 1    2>} : () -> ()\n',
        "expected '>' to close an array attribute",
        1,
        29,
    ),
    ('"foo.op"() {a = dense<1    2>} : () -> ()\n', "expected '>'", 1, 24),
    ("module @m    }\n", "expected '{' to begin a region", 1, 10),
    (
        '"foo.op"() ({ ^bb0    "foo.x"() : () -> () }) : () -> ()\n',
        "expected ':' after block name",
        1,
        19,
    ),
    ('"foo.op"(   ,  ) : () -> ()\n', "expected ')' to end operand list", 1, 10),
    ("func.func @f() { return %a   }\n", "expected ':'", 1, 27),
    ("#map    1\n", "expected '=' in attribute alias definition", 1, 5),
    ("!t    i32\n", "expected '=' in type alias definition", 1, 3),
    ('"foo.op"() : () -> () loc    }\n', "expected '(' in location", 1, 26),
    ('"foo.op"() : () -> () loc(    }\n', "expected location instance", 1, 27),
    ('"foo.op"() : () -> () loc(unknown     }\n', "expected ')' in location", 1, 34),
    ('"foo.op"() {a = strided<    1>} : () -> ()\n', "expected '['", 1, 25),
    ("func.func @f    }\n", "expected '('", 1, 13),
    ('"foo.op"() [^bb1     ^bb2] : () -> ()\n', "expected ',' or ']'", 1, 17),
    ('"foo.op"() <{a    1}> : () -> ()\n', "expected '}' in attribute dictionary", 1, 15),
    ('"foo.op"() <{    1 = 1}> : () -> ()\n', "expected attribute name", 1, 14),
    ('"foo.op"() {a = {b = 1    c}} : () -> ()\n', "expected '}' in attribute dictionary", 1, 23),
    ('"foo.op"() {a = array<   }>} : () -> ()\n', "expected non-function type", 1, 23),
    ('"foo.op"() {a = dense<1> :   } : () -> ()\n', "expected non-function type", 1, 27),
    ('%0    "foo.op"() : () -> ()\n', "expected '=' after SSA name", 1, 3),
    ('"foo.op"() {a = "x" :    } : () -> ()\n', "expected non-function type", 1, 22),
    (
        '"foo.op"() {a = affine_map<(d0) -> (d0 +)>} : () -> ()\n',
        "missing right operand of binary operator",
        1,
        41,
    ),
    (
        '"foo.op"() {a = dense<"0x01"> : tensor<2xi32>} : () -> ()\n',
        "elements hex data size is invalid for provided type: 'tensor<2xi32>'",
        1,
        17,
    ),
    (
        '"foo.op"() {a = array<i8: 1, 2} : () -> ()\n',
        "expected '>' to close an array attribute",
        1,
        31,
    ),
    ('"foo.op"() {a = @} : () -> ()\n', "@ identifier expected to start with letter or '_'", 1, 18),
    (
        '"foo.op"() {a = 1} : () -> () loc(#x)\n#x = 3\n',
        "expected location, but found '3 : i64'",
        1,
        35,
    ),
    (
        '"foo.op"() : () -> () loc(callsite(#nope at "b":1:2))\n',
        "undefined symbol alias id 'nope'",
        1,
        41,
    ),
    ('"foo.op"() : () -> () loc(#a.b)\n', "expected location attribute, but got#a.b", 1, 31),
    ('module {\n  "foo.op"() : () -> ()\n', "expected operation name in quotes", 2, 24),
    ('"foo.op"() {a = 1 : i64, b = tensor<> } : () -> ()\n', "expected non-function type", 1, 37),
    (
        "func.func @f(%arg0: i32) -> i32 {\n  %0 = arith.addi %arg0, %arg0 : i32\n  %1 = arith.cmpi foo, %0, %0 : i32\n  return %0 : i32\n}\n",
        "custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]",
        3,
        19,
    ),
    (
        "func.func @f(%a: i32) -> i32 {\n  %1 = func.call @f(%a) : (i32, i32) -> i32\n  return %1 : i32\n}\n",
        "custom op 'func.call' number of operands and types do not match: got 1 operands and 2 types",
        2,
        21,
    ),
    (
        "func.func @f(%a: i32) -> i32 {\n  %1 = func.call @f(%a) : i32\n  return %1 : i32\n}\n",
        "custom op 'func.call' invalid kind of type specified: expected builtin.function, but found 'i32'",
        2,
        27,
    ),
    (
        "func.func @f(%a: i32) -> i32 {\n  %1 = func.call @f(%a, %a) : (i32) -> i32\n  return %1 : i32\n}\n",
        "custom op 'func.call' number of operands and types do not match: got 2 operands and 1 types",
        2,
        21,
    ),
    (
        "func.func @f(%a: i32) -> i32 {\n  %1 = func.call @f(%b) : (i32) -> i32\n  return %1 : i32\n}\n",
        "use of undeclared SSA value name",
        2,
        21,
    ),
    ("func.func @f(%a: i32) {\n  return %a\n}\n", "expected ':'", 2, 12),
    (
        "func.func @f(%a: i32) {\n  return %a : i64\n}\n",
        "use of value '%a' expects different type than prior uses: 'i64' vs 'i32'",
        2,
        10,
    ),
    ("func.func @f(%a: i32) {\n  return : i64\n}\n", "expected operation name in quotes", 2, 9),
    ("func.func @f(%a i32) {\n  return\n}\n", "expected ':'", 1, 16),
    (
        "func.func @f(%a: i32) -> i32\n  return\n",
        "custom op 'return' is unknown (tried 'builtin.return' as well)",
        2,
        3,
    ),
    ("func.func @f(%a: i32) -> {\n  return\n}\n", "expected non-function type", 1, 25),
    (
        "func.func @f(%a: i32) attributes 1 {\n  return\n}\n",
        "expected '{' in attribute dictionary",
        1,
        33,
    ),
    (
        "func.func f(%a: i32) {\n  return\n}\n",
        "custom op 'func.func' expected valid '@'-identifier for symbol name",
        1,
        11,
    ),
    (
        "func.func private public @f()\n",
        "custom op 'func.func' expected valid '@'-identifier for symbol name",
        1,
        19,
    ),
    (
        '"foo.x"() : () -> () loc("a":1:2 to 3)\n',
        "expected either integer or `:` post `to` in FileLineColRange",
        1,
        38,
    ),
]


_F = "func.func @f(%a: i32, %t: tensor<?xf32>, %s: tensor<1xindex>) {{\n  {}\n  return\n}}\n"

# Registered ops' `<{...}>` (MLIR's property conversion and `verifyInherentAttrs`) and the
# custom forms of func/builtin/tensor ops (captured with the function wrapper `_F`).
CASES += [
    (
        _F.format('"func.return"() <{foo = 1}> : () -> ()'),
        "invalid properties {foo = 1 : i64} for op func.return: this operation has empty properties",
        2,
        3,
    ),
    (
        _F.format('"func.return"() <{}> : () -> ()'),
        "invalid properties {} for op func.return: this operation has empty properties",
        2,
        3,
    ),
    (
        _F.format(
            '%0 = "arith.cmpi"(%a, %a) <{predicate = 1 : i32, foo = #x.y<"a">}> : (i32, i32) -> i1'
        ),
        'invalid properties {foo = #x.y<"a">, predicate = 1 : i32} for op arith.cmpi: Invalid attribute `predicate` in property conversion: 1 : i32',
        2,
        8,
    ),
    (
        _F.format('%0 = "arith.addi"(%a, %a) {overflowFlags = 1} : (i32, i32) -> i32'),
        "'arith.addi' op attribute 'overflowFlags' failed to satisfy constraint: Integer overflow arith flags",
        2,
        8,
    ),
    (
        _F.format('%0 = "arith.extui"(%a) <{nonNeg = 1}> : (i32) -> i64'),
        "invalid properties {nonNeg = 1 : i64} for op arith.extui: Invalid attribute `nonNeg` in property conversion: 1 : i64",
        2,
        8,
    ),
    (
        _F.format('"func.call"() <{callee = @a::@b}> : () -> ()'),
        "invalid properties {callee = @a::@b} for op func.call: Invalid attribute `callee` in property conversion: @a::@b",
        2,
        3,
    ),
    (
        _F.format('%0 = "arith.constant"() <{value = [1]}> : () -> i32'),
        "invalid properties {value = [1]} for op arith.constant: Invalid attribute `value` in property conversion: [1]",
        2,
        8,
    ),
    (
        _F.format(
            "%f = func.constant @f : (i32) -> ()\n  func.call_indirect %f(%a, %a) : (i32) -> ()"
        ),
        "custom op 'func.call_indirect' number of operands and types do not match: got 2 operands and 1 types",
        3,
        25,
    ),
    (
        _F.format("%f = func.constant @f : (i32) -> ()\n  func.call_indirect %f(%a) : i32"),
        "custom op 'func.call_indirect' invalid kind of type specified: expected builtin.function, but found 'i32'",
        3,
        31,
    ),
    (
        _F.format("%0 = builtin.unrealized_conversion_cast %a, %a : i32 to i64"),
        "custom op 'builtin.unrealized_conversion_cast' number of operands and types do not match: got 2 operands and 1 types",
        2,
        43,
    ),
    (
        _F.format("%0 = builtin.unrealized_conversion_cast : i32 to i64"),
        "custom op 'builtin.unrealized_conversion_cast' expected 'to'",
        2,
        43,
    ),
    (
        _F.format("%0 = unrealized_conversion_cast to i64"),
        "custom op 'unrealized_conversion_cast' is unknown (tried 'func.unrealized_conversion_cast' as well)",
        2,
        8,
    ),
    (
        _F.format("%0 = tensor.from_elements %a, %a : tensor<3xi32>"),
        "custom op 'tensor.from_elements' number of operands and types do not match: got 2 operands and 3 types",
        2,
        29,
    ),
    (
        _F.format("%0 = tensor.from_elements : tensor<3xi32>"),
        "custom op 'tensor.from_elements' number of operands and types do not match: got 0 operands and 3 types",
        2,
        29,
    ),
    (
        _F.format("%0 = tensor.from_elements %a : vector<1xi32>"),
        "custom op 'tensor.from_elements' invalid kind of type specified: expected builtin.tensor, but found 'vector<1xi32>'",
        2,
        34,
    ),
    (
        _F.format("%0 = tensor.from_elements %a : tensor<?xi32>"),
        "custom op 'tensor.from_elements' 'result' must be statically shaped tensor of any non-token type values, but got 'tensor<?xi32>'",
        2,
        8,
    ),
    (
        _F.format("%0 = tensor.reshape %t(%s) : (tensor<?xf32>) -> tensor<?xf32>"),
        "custom op 'tensor.reshape' number of operands and types do not match: got 2 operands and 1 types",
        2,
        8,
    ),
    (
        _F.format("%0 = tensor.reshape %t(%s) : i32"),
        "custom op 'tensor.reshape' invalid kind of type specified: expected builtin.function, but found 'i32'",
        2,
        32,
    ),
    (
        _F.format("%0 = tensor.cast %a : i32 to tensor<1xi32>"),
        "custom op 'tensor.cast' invalid kind of type specified",
        2,
        25,
    ),
    (
        _F.format("%0 = tensor.cast %t : tensor<?xf32> to i32"),
        "custom op 'tensor.cast' invalid kind of type specified",
        2,
        42,
    ),
    (
        _F.format("%0 = func.constant @f::@g : () -> ()"),
        "custom op 'func.constant' invalid kind of attribute specified",
        2,
        22,
    ),
    (_F.format("%0 = arith.extsi %a nneg : i32 to i64"), "expected ':'", 2, 22),
    (_F.format("%0 = arith.trunci %a fastmath<fast> : i32 to i8"), "expected ':'", 2, 23),
]


@pytest.mark.parametrize(("text", "message", "line", "col"), CASES)
def test_error_matches_mlir(text: str, message: str, line: int, col: int) -> None:
    with pytest.raises(DiagnosticError) as e:
        parse_source(text, "case.mlir", allow_unregistered=True)
    d = e.value.diagnostics[0]
    assert (d.message, d.loc.line, d.loc.col) == (message, line, col)


def test_notes_point_at_the_prior_definition() -> None:
    text = 'func.func @f() {\n  %0 = "foo.a"() : () -> i32\n  %0 = "foo.a"() : () -> i32\n}\n'
    with pytest.raises(DiagnosticError) as e:
        parse_source(text, "case.mlir", allow_unregistered=True)
    d = e.value.diagnostic
    assert [(n.message, n.loc.line, n.loc.col) for n in d.notes] == [
        ("previously defined here", 2, 3)
    ]


def test_error_lines_count_from_first_line() -> None:
    with pytest.raises(DiagnosticError) as e:
        parse_source(
            '"foo.op"() {a = } : () -> ()\n', "c.mlir", first_line=40, allow_unregistered=True
        )
    d = e.value.diagnostic
    assert (d.loc.filename, d.loc.line, d.loc.col) == ("c.mlir", 40, 16)


_SAMPLE = (
    "#map = affine_map<(d0) -> (d0)>\n"
    "func.func @f(%a: tensor<?x4xf32> {x.y = 1}, %i: index) -> tensor<?x4xf32> {\n"
    '  %0:2 = "foo.op"(%a) <{p = array<i64: 1, 2>, m = #map}> {q = dense<[1.0, 2.0]> : tensor<2xf32>}'
    ' : (tensor<?x4xf32>) -> (tensor<?x4xf32>, i1) loc("f":1:2)\n'
    "  %1 = tensor.dim %0#0, %i : tensor<?x4xf32>\n"
    '  "foo.r"() ({\n  ^bb0(%x: i32):\n    "foo.y"(%x)[^bb0] : (i32) -> ()\n  }) : () -> ()\n'
    "  return %0#0 : tensor<?x4xf32>\n"
    "}\n"
)


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mangled_input_gives_diagnostics_only(data: st.DataObject) -> None:
    text = _SAMPLE
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 8)))
        insert = data.draw(
            st.sampled_from(
                [
                    "",
                    "(",
                    ")",
                    "<",
                    ">",
                    "{",
                    "}",
                    "[",
                    "]",
                    ",",
                    ":",
                    "%",
                    "#",
                    "@",
                    '"',
                    "-",
                    "x",
                    "1",
                    " ",
                    "\n",
                    "//",
                    "^bb1",
                    "loc(",
                    "->",
                ]
            )
        )
        text = text[:i] + insert + text[j:]
    try:
        parse_source(text, "m.mlir", allow_unregistered=True)
    except DiagnosticError:
        pass
