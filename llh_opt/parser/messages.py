"""MLIR's syntax-error messages, each with small inputs that the grammar rejects in that context.

What lives here: `EXAMPLES`, message → erroneous inputs, and `NO_BACKUP`, the messages MLIR
reports at the offending token itself rather than just after the previous token. ``errors.py``
parses each input once to learn the top of the LALR stack where it fails, so a real error with the
same stack top gets the same message (wording checked against `torch-mlir-opt`). Several inputs per
message cover the coarse-token and the fine-grained paths. What does not: semantic errors (raised
where they are detected, in ``builder.py``, ``attrs.py``, ``custom.py``, ``scopes.py``).
"""

from __future__ import annotations

EXAMPLES: dict[str, list[str]] = {
    "expected operation name in quotes": [
        "}",
        '"foo.op"() : () -> () }',
        "%0 = }",
        "%0 = ",
        '"foo.op"() ({ ) : () -> ()',
        '"foo.op"() ({ ^bb0: ) : () -> ()',
        "func.func @f() { %0 = }",
        "func.func @f() { return }",
        '"foo.op"() : () -> () loc(unknown) }',
    ],
    "expected ')' to end operand list": [
        '"foo.op"( : () -> ()',
        '"foo.op"(%a : () -> ()',
        '"foo.op"(%a, %b : () -> ()',
    ],
    "expected SSA operand": ['"foo.op"(%a, : () -> ()', '"foo.op"(, ) : () -> ()'],
    "expected ':' followed by operation type": [
        '"foo.op"()',
        '"foo.op"() }',
        '"foo.op"(%a) }',
        '"foo.op"() <{a}> }',
        '"foo.op"() <{a}> {b} }',
        '"foo.op"() {b} } : () -> ()',
        '"foo.op"() ({}) }',
        '"foo.op"() [^bb1] }',
        '"foo.op"() {b} ({}) : () -> ()',
        '"foo.op"() <{a}> {b} ({}) : () -> ()',
    ],
    "expected function type": ['"foo.op"() : i32', '"foo.op"() : }'],
    "expected attribute value": [
        '"foo.op"() {a = } : () -> ()',
        '"foo.op"() {a = ,} : () -> ()',
        '"foo.op"() <{a = }> : () -> ()',
        '"foo.op"() {a = [} : () -> ()',
        '"foo.op"() {a = [1, } : () -> ()',
        "#a = }",
        '"foo.op"() {a = {b = }} : () -> ()',
    ],
    "expected '}' in attribute dictionary": [
        '"foo.op"() {a 1} : () -> ()',
        '"foo.op"() {a = 1 : i32 :',
        '"foo.op"() {a = 1 : i32 : () -> ()',
        '"foo.op"() {a = 1 2} : () -> ()',
        '"foo.op"() {a, b c} : () -> ()',
        '"foo.op"() {a = {b = 1 c}} : () -> ()',
        '"foo.op"() {a = "s" 2} : () -> ()',
        '"foo.op"() {a = @s 2} : () -> ()',
        '"foo.op"() {a = i32 2} : () -> ()',
        '"foo.op"() {a = [1] 2} : () -> ()',
    ],
    "expected '}>' to close properties": [],
    "expected attribute name": [
        '"foo.op"() {1 = 1} : () -> ()',
        '"foo.op"() {a = 1, } : () -> ()',
        '"foo.op"() <{1 = 1}> : () -> ()',
        '"foo.op"() <{a = 1, }> : () -> ()',
        '"foo.op"() {a = {, }} : () -> ()',
        '"foo.op"() {a = {1 = 1}} : () -> ()',
    ],
    "expected ',' or ']'": [
        '"foo.op"() {a = [1, 2} : () -> ()',
        '"foo.op"() {a = [1 2]} : () -> ()',
        '"foo.op"() {a = [1 2] 3} : () -> ()',
        '"foo.op"() {a = ["s" 2]} : () -> ()',
        '"foo.op"() {a = [@s 2]} : () -> ()',
        '"foo.op"() {a = [i32 2]} : () -> ()',
        '"foo.op"() [^bb1 ^bb2]',
        '"foo.op"() [^bb1 }',
    ],
    "expected non-function type": [
        '"foo.op"() : () -> ',
        '"foo.op"() : () -> }',
        '"foo.op"() : () -> foo',
        '"foo.op"() : (i32,) -> ()',
        '"foo.op"() : (}) -> ()',
        '"foo.op"() : (foo) -> ()',
        '"foo.op"() {a = 1 : } : () -> ()',
        '"foo.op"() {a = 1 : foo} : () -> ()',
        '"foo.op"() {a = "x" : } : () -> ()',
        '"foo.op"() {a = dense<1> : } : () -> ()',
        '"foo.op"() {a = dense<1> : foo} : () -> ()',
        '"foo.op"() : () -> tensor<2x>',
        '"foo.op"() : () -> tensor<2x}>',
        '"foo.op"() : () -> tensor<}>',
        '"foo.op"() : () -> tensor<',
        '"foo.op"() : () -> tensor<axf32>',
        '"foo.op"() : () -> tensor<2xfoo>',
        '"foo.op"() : () -> vector<}>',
        '"foo.op"() : () -> memref<}>',
        '"foo.op"() : () -> complex<}>',
        '"foo.op"() : () -> tuple<i32, }>',
        '"foo.op"() : () -> (i32, }',
        '"foo.op"() {a = array<}>} : () -> ()',
        "!t = }",
        "func.func @f(%a: i32) -> {",
        "func.func @f(%a: i32) -> }",
    ],
    "expected ')'": [
        '"foo.op"() : () -> (i32',
        '"foo.op"() : () -> (i32 i32',
        '"foo.op"() : (i32 -> ()',
        '"foo.op"() : (i32 i32) -> ()',
    ],
    "expected '->' in function type": [
        '"foo.op"() : () }',
        '"foo.op"() : (i32) }',
        '"foo.op"() {a = (i32) } : () -> ()',
    ],
    "expected '>' in tensor type": [
        '"foo.op"() : () -> tensor<2xf32',
        '"foo.op"() : () -> tensor<2xf32 }',
        '"foo.op"() : () -> tensor<2xf32 }>',
        '"foo.op"() : () -> tensor<2xf32, 1 }',
        '"foo.op"() : () -> tensor<*xf32 }',
    ],
    "expected '>' in vector type": [
        '"foo.op"() : () -> vector<2xf32 }',
        '"foo.op"() : () -> vector<2xf32',
    ],
    "expected ',' or '>' in memref type": [
        '"foo.op"() : () -> memref<2xf32 }',
        '"foo.op"() : () -> memref<2xf32',
        '"foo.op"() : () -> memref<2xf32, 1 }',
    ],
    "expected '>' in complex type": [
        '"foo.op"() : () -> complex<f32 }',
        '"foo.op"() : () -> complex<f32',
    ],
    "expected '>' in tuple type": [
        '"foo.op"() : () -> tuple<f32 }',
        '"foo.op"() : () -> tuple<f32',
    ],
    "expected '>' to close an array attribute": [
        '"foo.op"() {a = array<i32: 1 2>} : () -> ()',
        '"foo.op"() {a = array<i32 2>} : () -> ()',
    ],
    "expected integer literal": ['"foo.op"() {a = array<i64: 1, x>} : () -> ()'],
    "expected '>'": [
        '"foo.op"() {a = dense<1 2>} : () -> ()',
        '"foo.op"() {a = dense<[1] 2>} : () -> ()',
    ],
    "expected '{' to begin a region": [
        '"foo.op"() ({}, ) : () -> ()',
        '"foo.op"() ( ) : () -> ()',
        "module @m }",
        "module attributes {} }",
        "module }",
    ],
    "expected ':' after block name": [
        '"foo.op"() ({ ^bb0 "foo.x"() : () -> () }) : () -> ()',
        '"foo.op"() ({ ^bb0(%a: i32) "foo.x"() : () -> () }) : () -> ()',
    ],
    "expected '=' in attribute alias definition": ["#map 1", "#map }"],
    "expected '=' in type alias definition": ["!t i32", "!t }"],
    "expected ':'": [
        "func.func @f(%a i32) {",
        "func.func @f() { return %a }",
        "func.func @f() { return %a, %b }",
        '"foo.op"() {a = dense<1>} : () -> ()',
    ],
    "expected '(' in location": ['"foo.op"() : () -> () loc }'],
    "expected location instance": ['"foo.op"() : () -> () loc(}'],
    "expected ')' in location": ['"foo.op"() : () -> () loc(unknown }'],
    "expected '['": ['"foo.op"() {a = strided<1>} : () -> ()'],
    "expected '('": ["func.func @f }", "func.func @f {"],
    "expected '{' in attribute dictionary": ["func.func @f(%a: i32) attributes 1 {"],
    "custom op 'func.func' expected valid '@'-identifier for symbol name": [
        "func.func f(%a: i32) {",
        "func.func private public @f()",
    ],
    "custom op 'func.call' invalid kind of type specified: expected builtin.function, but found "
    "'{found}'": [
        "func.func @f(%a: i32) -> i32 { %1 = func.call @f(%a) : i32",
        "func.func @f(%a: i32) -> i32 { %1 = func.call @f(%a) {x} : i32",
    ],
    "custom op 'builtin.unrealized_conversion_cast' expected 'to'": [
        "builtin.unrealized_conversion_cast : i32 to i64",
        "builtin.unrealized_conversion_cast }",
    ],
    "custom op 'func.call_indirect' invalid kind of type specified: expected builtin.function, "
    "but found '{found}'": [
        "func.func @f(%a: i32) { func.call_indirect %a(%a) : i32",
        "func.func @f(%a: i32) { func.call_indirect %a(%a) {x} : i32",
    ],
    "custom op 'tensor.reshape' invalid kind of type specified: expected builtin.function, "
    "but found '{found}'": [
        "func.func @f(%a: i32) { %0 = tensor.reshape %a(%a) : i32",
        "func.func @f(%a: i32) { %0 = tensor.reshape %a(%a) {x} : i32",
    ],
    "expected either integer or `:` post `to` in FileLineColRange": [
        '"foo.x"() : () -> () loc("a":1:2 to 3)'
    ],
}

NO_BACKUP: frozenset[str] = frozenset(
    {
        "expected function type",
        "expected integer literal",
        "custom op 'builtin.unrealized_conversion_cast' expected 'to'",
        (
            "custom op 'func.call_indirect' invalid kind of type specified: expected "
            "builtin.function, but found '{found}'"
        ),
        (
            "custom op 'tensor.reshape' invalid kind of type specified: expected "
            "builtin.function, but found '{found}'"
        ),
        "custom op 'func.func' expected valid '@'-identifier for symbol name",
        (
            "custom op 'func.call' invalid kind of type specified: expected builtin.function, "
            "but found '{found}'"
        ),
    }
)
"""Messages MLIR reports at the offending token itself (`{found}` is that token's text)."""
