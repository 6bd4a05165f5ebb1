"""MLIR's syntax-error messages, each with small inputs that the grammar rejects in that context.

What lives here: `EXAMPLES`, message → erroneous inputs. ``errors.py`` parses each input once to
learn the LALR state where it fails, so a real error in the same state gets the same message
(checked against `torch-mlir-opt`'s wording). The inputs end where the error is (the rejected
token is the end of input or the last token). What does not: semantic errors (raised where they
are detected, mostly in ``builder.py``/``attrs.py``).
"""

from __future__ import annotations

EXAMPLES: dict[str, list[str]] = {
    "expected operation name in quotes": [
        "}",
        '"foo.op"() : () -> () }',
        '%0 = }',
        "%0 = ",
        '"foo.op"() ({ ) : () -> ()',
        '"foo.op"() ({ ^bb0: ) : () -> ()',
        'func.func @f() { %0 = }',
    ],
    "expected '=' after SSA name": [],
    "expected ')' to end operand list": [
        '"foo.op"( : () -> ()',
        '"foo.op"(%a : () -> ()',
        '"foo.op"(%a, : () -> ()',
    ],
    "expected ':' followed by operation type": [
        '"foo.op"()',
        '"foo.op"() }',
        '"foo.op"() <{a}> }',
        '"foo.op"() <{a}> {b} }',
        '"foo.op"() ({}) }',
        '"foo.op"() [^bb1] }',
    ],
    "expected function type": ['"foo.op"() : i32', '"foo.op"() : }'],
    "expected attribute value": [
        '"foo.op"() {a = }',
        '"foo.op"() <{a = }>',
        '"foo.op"() {a = [}',
        '"foo.op"() {a = [1, }',
        "#a = }",
        '"foo.op"() {a = {b = }}',
    ],
    "expected '}' in attribute dictionary": [
        '"foo.op"() {a 1}',
        '"foo.op"() {a = 1 : i32 :',
        '"foo.op"() {a = 1 2}',
        '"foo.op"() {a, b c}',
        '"foo.op"() {a = {b = 1 c}}',
    ],
    "expected '}>' in properties dictionary": [
        '"foo.op"() <{a 1}>',
        '"foo.op"() <{a = 1 2}>',
    ],
    "expected attribute name": [
        '"foo.op"() {1 = 1}',
        '"foo.op"() {a = 1, }',
        '"foo.op"() <{1 = 1}>',
        '"foo.op"() <{a = 1, }>',
        '"foo.op"() {a = {, }}',
    ],
    "expected ',' or ']'": [
        '"foo.op"() {a = [1, 2}',
        '"foo.op"() {a = [1 2]}',
        '"foo.op"() [^bb1 ^bb2]',
    ],
    "expected non-function type": [
        '"foo.op"() : () -> ',
        '"foo.op"() : () -> }',
        '"foo.op"() : (i32,) -> ()',
        '"foo.op"() : (}) -> ()',
        '"foo.op"() {a = 1 : }',
        '"foo.op"() : () -> tensor<2x>',
        '"foo.op"() : () -> tensor<2x}>',
        '"foo.op"() : () -> tensor<}>',
        '"foo.op"() : () -> vector<}>',
        '"foo.op"() : () -> memref<}>',
        '"foo.op"() : () -> complex<}>',
        '"foo.op"() : () -> tuple<i32, }>',
        '"foo.op"() : () -> (i32, }',
        '"foo.op"() {a = array<}>}',
    ],
    "expected ')'": [
        '"foo.op"() : () -> (i32',
        '"foo.op"() : () -> (i32 i32',
        '"foo.op"() : (i32 -> ()',
        '"foo.op"() : (i32 i32) -> ()',
    ],
    "expected '->' in function type": ['"foo.op"() : () }', '"foo.op"() : (i32) }'],
    "expected '>' in tensor type": [
        '"foo.op"() : () -> tensor<2xf32',
        '"foo.op"() : () -> tensor<2xf32 }',
        '"foo.op"() : () -> tensor<2xf32, 1 }',
    ],
    "expected '>' in vector type": ['"foo.op"() : () -> vector<2xf32 }'],
    "expected '>' in memref type": ['"foo.op"() : () -> memref<2xf32 }'],
    "expected '>'": [
        '"foo.op"() : () -> complex<f32 }',
        '"foo.op"() : () -> tuple<f32 }',
        '"foo.op"() {a = array<i32: 1 2>}',
        '"foo.op"() {a = dense<1 2>}',
    ],
    "expected '{' to begin a region": [
        '"foo.op"() ({}, ) : () -> ()',
        '"foo.op"() ( ) : () -> ()',
        "module @m }",
        "module attributes {} }",
    ],
    "expected block name": [],
    "expected ':' after block name": [
        '"foo.op"() ({ ^bb0 "foo.x"() : () -> () }) : () -> ()',
        '"foo.op"() ({ ^bb0(%a: i32) "foo.x"() : () -> () }) : () -> ()',
    ],
    "expected SSA operand": [
        '"foo.op"(, ) : () -> ()',
        "func.func @f() { return %a, }",
        "func.func @f() { return }",
    ],
    "expected '=' in attribute alias definition": ["#map 1", "#map }"],
    "expected '=' in type alias definition": ["!t i32", "!t }"],
    "expected ':'": [
        "func.func @f() { return %a }",
        "func.func @f() { return %a, %b }",
        '"foo.op"() {a = dense<1>}',
    ],
    "expected '(' in inline location": ['"foo.op"() : () -> () loc }'],
    "expected location instance": ['"foo.op"() : () -> () loc(}'],
    "expected ')' in inline location": ['"foo.op"() : () -> () loc(unknown }'],
    "expected '[' in strided layout": ['"foo.op"() {a = strided<1>}'],
    "expected integer literal": ['"foo.op"() {a = array<i64: 1, x>}'],
    "expected '(' in function argument list": ["func.func @f }", "func.func @f {"],
    "expected SSA identifier": [],
    "expected '(' or '[' in successor": [],
}
