"""Tests for the builtin, func, arith, tensor and index dialects: builders, custom and generic
printing, result names and verifier messages.

Expected texts and messages were captured from ``torch-mlir-opt`` (LLVM 24.0.0git) on equivalent
MLIR input (verifier messages with ``--mlir-print-op-on-diagnostic=false``), except the index
dialect, which torch-mlir-opt does not register: its forms follow MLIR's ``IndexOps.td``
(``index.constant`` result names from ``IndexOps.cpp``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from llh_opt.diagnostics import DiagnosticError
from llh_opt.dialects import arith, builtin, func, index, tensor
from llh_opt.ir.attributes import (
    DenseElementsAttr,
    FloatAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    UnitAttr,
    UnknownLoc,
)
from llh_opt.ir.core import OP_CLASSES, Block, BlockArgument, Operation, Value
from llh_opt.ir.opdef import DIALECTS
from llh_opt.ir.types import (
    FunctionType,
    IndexType,
    RankedTensorType,
    Type,
    UnrankedTensorType,
    VectorType,
    f32,
    f64,
    i1,
    i8,
    i16,
    i32,
    i64,
)
from llh_opt.ir.verifier import verify
from llh_opt.printer import print_operation

INDEX = IndexType()


def _op(block: Block, name: str, operands: Sequence[Value] = (), results: Sequence[Type] = (),
        props: dict | None = None, regions: int = 0) -> Operation:  # fmt: skip
    return block.append(
        Operation.create(name, operands, results, props, None, regions, (), UnknownLoc())
    )


def _in_func(
    arg_types: Sequence[Type], build: Callable[..., object], results: Sequence[Type] = ()
) -> builtin.ModuleOp:
    """A module with `func.func @f(args) -> results` whose body `build(block, *args)` fills; a
    `func.return` is appended unless the body already ends with one."""
    m = builtin.ModuleOp.build()
    f = func.FuncOp.build("f", FunctionType(tuple(arg_types), tuple(results)))
    m.body.append(f)
    block = f.entry_block
    build(block, *block.args)
    if block.last is None or block.last.name != "func.return":
        block.append(func.ReturnOp.build())
    return m


def _body_lines(m: Operation, generic: bool = False) -> list[str]:
    """The stripped lines of the single function's body."""
    lines = [line.strip() for line in print_operation(m, generic=generic).splitlines()]
    start = 2 if generic and lines[2].startswith("^bb0") else 1
    return lines[start + 1 : -2]


def _error(m: Operation) -> str:
    with pytest.raises(DiagnosticError) as info:
        verify(m, allow_unregistered=True)
    return info.value.diagnostic.message


def test_dialects_and_ops_are_registered() -> None:
    for name in ("builtin", "func", "arith", "tensor", "index"):
        assert name in DIALECTS
    for name in (
        "builtin.module", "builtin.unrealized_conversion_cast", "func.func", "func.return",
        "func.call", "func.call_indirect", "func.constant", "arith.constant", "arith.addi",
        "arith.shrui", "arith.negf", "arith.cmpi", "arith.cmpf", "arith.select",
        "arith.index_cast", "arith.fptosi", "tensor.dim", "tensor.empty", "tensor.extract",
        "tensor.cast", "tensor.from_elements", "tensor.reshape", "index.constant",
        "index.castu", "index.casts", "index.add", "index.sub", "index.mul",
    ):  # fmt: skip
        assert OP_CLASSES[name].OPERATION_NAME == name


# --------------------------------------------------------------------------- builtin


def test_module_forms() -> None:
    m = builtin.ModuleOp.build()
    assert print_operation(m) == "module {\n}\n"
    assert print_operation(m, generic=True) == '"builtin.module"() ({\n^bb0:\n}) : () -> ()\n'
    named = builtin.ModuleOp.build("m", {"x.y": StringAttr("s")})
    named.properties["sym_visibility"] = StringAttr("private")
    assert print_operation(named) == (
        'module @m attributes {sym_visibility = "private", x.y = "s"} {\n}\n'
    )
    assert print_operation(named, generic=True) == (
        '"builtin.module"() <{sym_name = "m", sym_visibility = "private"}> ({\n^bb0:\n})'
        ' {x.y = "s"} : () -> ()\n'
    )
    verify(named)


def test_module_verifier() -> None:
    m = builtin.ModuleOp.build(attributes={"foo": UnitAttr()})
    assert _error(m) == (
        "'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'"
    )
    m = builtin.ModuleOp.build()
    m.body.add_argument(i32)
    assert _error(m) == "'builtin.module' op region should have no arguments"


def test_unrealized_conversion_cast() -> None:
    def body(b: Block, a: BlockArgument, c: BlockArgument) -> None:
        b.append(builtin.UnrealizedConversionCastOp.build([a], [i64]))
        b.append(builtin.UnrealizedConversionCastOp.build([a, c], [i64, i64]))
        b.append(builtin.UnrealizedConversionCastOp.build([], [i64]))

    m = _in_func([i32, i32], body)
    assert _body_lines(m) == [
        "%0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64",
        "%1:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i32 to i64, i64",
        "%2 = builtin.unrealized_conversion_cast to i64",
        "return",
    ]
    verify(m)
    m = _in_func([i64], lambda b, a: _op(b, "builtin.unrealized_conversion_cast", [a]))
    assert _error(m) == (
        "'builtin.unrealized_conversion_cast' op expected at least one result for cast operation"
    )


# --------------------------------------------------------------------------- func


def test_func_forms() -> None:
    fi = FunctionType((i32,), (i32,))
    m = builtin.ModuleOp.build()
    m.body.append(func.FuncOp.build("d", FunctionType((i32, f32), (i32,)), visibility="private",
                                    declaration=True))  # fmt: skip
    m.body.append(func.FuncOp.build("d2", FunctionType((i32,), (i32, f32)), visibility="private",
                                    arg_attrs=[{"x.a": UnitAttr()}],
                                    res_attrs=[{"x.b": UnitAttr()}, {}], declaration=True))  # fmt: skip
    m.body.append(func.FuncOp.build("d3", FunctionType((), (fi,)), visibility="nested",
                                    declaration=True))  # fmt: skip
    f = func.FuncOp.build("g", fi, arg_attrs=[{"x.in": IntegerAttr(0)}],
                          res_attrs=[{"x.out": UnitAttr()}], attributes={"entrance": UnitAttr()})  # fmt: skip
    m.body.append(f)
    f.entry_block.append(func.ReturnOp.build([f.entry_block.args[0]]))
    assert print_operation(m) == (
        "module {\n"
        "  func.func private @d(i32, f32) -> i32\n"
        "  func.func private @d2(i32 {x.a}) -> (i32 {x.b}, f32)\n"
        "  func.func nested @d3() -> ((i32) -> i32)\n"
        "  func.func @g(%arg0: i32 {x.in = 0 : i64}) -> (i32 {x.out}) attributes {entrance} {\n"
        "    return %arg0 : i32\n"
        "  }\n"
        "}\n"
    )
    assert print_operation(m, generic=True) == (
        '"builtin.module"() ({\n'
        '  "func.func"() <{function_type = (i32, f32) -> i32, sym_name = "d", '
        'sym_visibility = "private"}> ({\n  }) : () -> ()\n'
        '  "func.func"() <{arg_attrs = [{x.a}], function_type = (i32) -> (i32, f32), '
        'res_attrs = [{x.b}, {}], sym_name = "d2", sym_visibility = "private"}> ({\n'
        "  }) : () -> ()\n"
        '  "func.func"() <{function_type = () -> ((i32) -> i32), sym_name = "d3", '
        'sym_visibility = "nested"}> ({\n  }) : () -> ()\n'
        '  "func.func"() <{arg_attrs = [{x.in = 0 : i64}], function_type = (i32) -> i32, '
        'res_attrs = [{x.out}], sym_name = "g"}> ({\n'
        "  ^bb0(%arg0: i32):\n"
        '    "func.return"(%arg0) : (i32) -> ()\n'
        "  }) {entrance} : () -> ()\n"
        "}) : () -> ()\n"
    )
    verify(m)


def test_func_explicit_public_visibility_prints() -> None:
    m = builtin.ModuleOp.build()
    f = func.FuncOp.build("f", FunctionType((), ()), visibility="public")
    m.body.append(f)
    f.entry_block.append(func.ReturnOp.build())
    assert print_operation(m) == "module {\n  func.func public @f() {\n    return\n  }\n}\n"


def test_call_forms() -> None:
    fi = FunctionType((i32,), (i32,))

    def body(b: Block, a: BlockArgument) -> None:
        r = b.append(func.CallOp.build("f", [a], [i32]))
        c = b.append(func.CallOp.build("f", [r.result], [i32]))
        c.attributes["x.q"] = UnitAttr()
        fc = b.append(func.ConstantOp.build("f", fi))
        r3 = b.append(func.CallIndirectOp.build(fc.result, [a]))
        b.append(func.ReturnOp.build([r3.result]))

    m = _in_func([i32], body, [i32])
    assert _body_lines(m) == [
        "%0 = call @f(%arg0) : (i32) -> i32",
        "%1 = call @f(%0) {x.q} : (i32) -> i32",
        "%f = constant @f : (i32) -> i32",
        "%2 = call_indirect %f(%arg0) : (i32) -> i32",
        "return %2 : i32",
    ]
    assert _body_lines(m, generic=True) == [
        '%0 = "func.call"(%arg0) <{callee = @f}> : (i32) -> i32',
        '%1 = "func.call"(%0) <{callee = @f}> {x.q} : (i32) -> i32',
        '%2 = "func.constant"() <{value = @f}> : () -> ((i32) -> i32)',
        '%3 = "func.call_indirect"(%2, %arg0) : ((i32) -> i32, i32) -> i32',
        '"func.return"(%3) : (i32) -> ()',
    ]
    verify(m)


@pytest.mark.parametrize(
    ("build", "results", "message"),
    [
        (lambda b, a: b.append(func.ReturnOp.build()), [i32],
         "'func.return' op has 0 operands, but enclosing function (@f) returns 1"),
        (lambda b, a: b.append(func.ReturnOp.build([_op(b, "t.x", results=[i64]).result])),
         [i32], ("type of return operand 0 ('i64') doesn't match function result type ('i32') "
         "in function @f")),
        (lambda b, a: b.append(func.CallOp.build("nope", [a], [i32])), [],
         "'func.call' op 'nope' does not reference a valid function"),
        (lambda b, a: b.append(func.CallOp.build("f", [a, a], [])), [],
         "'func.call' op incorrect number of operands for callee"),
        (lambda b, a: b.append(func.CallOp.build("f", [_op(b, "t.x", results=[i64]).result])),
         [], ("'func.call' op operand type mismatch: expected operand type 'i32', but provided "
         "'i64' for operand number 0")),
        (lambda b, a: (b.append(func.CallOp.build("f", [a], [])),
                       b.append(func.ReturnOp.build([a]))), [i32],
         "'func.call' op incorrect number of results for callee"),
        (lambda b, a: (b.append(func.CallOp.build("f", [a], [i64])),
                       b.append(func.ReturnOp.build([a]))), [i32],
         "'func.call' op result type mismatch at index 0"),
        (lambda b, a: b.append(func.ConstantOp.build("g", FunctionType((), ()))), [],
         "'func.constant' op reference to undefined function 'g'"),
        (lambda b, a: b.append(func.ConstantOp.build("f", FunctionType((), ()))), [],
         "'func.constant' op reference to function with mismatched type"),
        (lambda b, a: _op(b, "func.call_indirect", [a, a], [i32]), [],
         "'func.call_indirect' op operand #0 must be function type, but got 'i32'"),
    ],
)  # fmt: skip
def test_func_verifier(build: Callable[..., object], results: list[Type], message: str) -> None:
    assert _error(_in_func([i32], build, results)) == message


def test_call_result_mismatch_notes() -> None:
    def body(b: Block, a: BlockArgument) -> None:
        b.append(func.CallOp.build("f", [a], [i64]))
        b.append(func.ReturnOp.build([a]))

    m = _in_func([i32], body, [i32])
    with pytest.raises(DiagnosticError) as info:
        verify(m)
    notes = [n.message for n in info.value.diagnostic.notes]
    assert notes == ["      op result types: 'i64'", "function result types: 'i32'"]


def test_func_signature_verifier() -> None:
    m = builtin.ModuleOp.build()
    f = func.FuncOp.build("f", FunctionType((i32,), (i32,)), declaration=True)
    f.regions[0].add_block(Block([i64]))
    m.body.append(f)
    f.entry_block.append(func.ReturnOp.build([f.entry_block.args[0]]))
    assert _error(m) == (
        "'func.func' op type of entry block argument #0('i64') must match the type of the "
        "corresponding argument in function signature('i32')"
    )
    f.regions[0].blocks[0].args.clear()
    f.entry_block.first.erase()
    f.entry_block.append(func.ReturnOp.build())
    assert (
        _error(m) == "'func.func' op entry block must have 1 arguments to match function signature"
    )

    m = builtin.ModuleOp.build()
    m.body.append(func.FuncOp.build("d", FunctionType((), ()), declaration=True))
    assert _error(m) == "'func.func' op symbol declaration cannot have public visibility"

    m = builtin.ModuleOp.build()
    m.body.append(func.FuncOp.build("d", FunctionType((), ()), visibility="bad",
                                    declaration=True))  # fmt: skip
    assert _error(m) == (
        '\'func.func\' op visibility expected to be one of ["public", "private", "nested"], '
        'but got "bad"'
    )

    m = builtin.ModuleOp.build()
    m.body.append(func.FuncOp.build("d", FunctionType((i32,), ()), visibility="private",
                                    arg_attrs=[{"foo": UnitAttr()}], declaration=True))  # fmt: skip
    assert _error(m) == "'func.func' op arguments may only have dialect attributes"

    m = builtin.ModuleOp.build()
    m.body.append(func.FuncOp.build("d", FunctionType((), ()), visibility="private",
                                    res_attrs=[{}], declaration=True))  # fmt: skip
    assert _error(m) == (
        "'func.func' op expects result attribute array to have the same number of elements as "
        "the number of function results, got 1, but expected 0"
    )


def test_return_outside_func() -> None:
    m = builtin.ModuleOp.build()
    m.body.append(func.ReturnOp.build())
    assert _error(m) == "'func.return' op expects parent op 'func.func'"


# --------------------------------------------------------------------------- arith


def test_constant_names_and_forms() -> None:
    def body(b: Block) -> None:
        for attr in (
            IntegerAttr(3, i32), IntegerAttr(3, i32), IntegerAttr(1, INDEX), IntegerAttr(1, i1),
            IntegerAttr(0, i1), IntegerAttr(-2, i8), IntegerAttr(-1, i64),
            FloatAttr.from_value(1.5, f64), FloatAttr.from_value(2.0, f32),
            DenseElementsAttr(RankedTensorType((2,), i32), (1, 2)),
            DenseElementsAttr(VectorType((4,), f32), (FloatAttr.from_value(1.0, f32).bits,)),
        ):  # fmt: skip
            b.append(arith.ConstantOp.build(attr))
        c = b.append(arith.ConstantOp.build(IntegerAttr(3, i64)))
        c.attributes["symbol"] = SymbolRefAttr("c3")

    m = _in_func([], body)
    assert _body_lines(m) == [
        "%c3_i32 = arith.constant 3 : i32",
        "%c3_i32_0 = arith.constant 3 : i32",
        "%c1 = arith.constant 1 : index",
        "%true = arith.constant true",
        "%false = arith.constant false",
        "%c-2_i8 = arith.constant -2 : i8",
        "%c-1_i64 = arith.constant -1 : i64",
        "%cst = arith.constant 1.500000e+00 : f64",
        "%cst_1 = arith.constant 2.000000e+00 : f32",
        "%cst_2 = arith.constant dense<[1, 2]> : tensor<2xi32>",
        "%cst_3 = arith.constant dense<1.000000e+00> : vector<4xf32>",
        "%c3_i64 = arith.constant {symbol = @c3} 3 : i64",
        "return",
    ]
    assert _body_lines(m, generic=True)[:2] == [
        '%0 = "arith.constant"() <{value = 3 : i32}> : () -> i32',
        '%1 = "arith.constant"() <{value = 3 : i32}> : () -> i32',
    ]
    assert _body_lines(m, generic=True)[-2] == (
        '%11 = "arith.constant"() <{value = 3 : i64}> {symbol = @c3} : () -> i64'
    )
    verify(m)


def test_binary_and_flag_forms() -> None:
    ov = arith.IntegerOverflowFlagsAttr
    fm = arith.FastMathFlagsAttr

    def body(b: Block, a: BlockArgument, c: BlockArgument, x: BlockArgument) -> None:
        b.append(arith.AddIOp.build(a, c))
        b.append(arith.SubIOp.build(a, c, ov.from_names(["nuw", "nsw"])))
        b.append(arith.RemUIOp.build(a, c))
        b.append(arith.ShRSIOp.build(a, c))
        b.append(arith.DivFOp.build(x, x, fm.from_names(["ninf", "nnan"])))
        b.append(arith.MinNumFOp.build(x, x, fm.from_names(["fast", "nnan"])))
        b.append(arith.NegFOp.build(x, fm.from_names(["afn", "reassoc"])))

    m = _in_func([i32, i32, f32], body)
    assert _body_lines(m) == [
        "%0 = arith.addi %arg0, %arg1 : i32",
        "%1 = arith.subi %arg0, %arg1 overflow<nsw, nuw> : i32",
        "%2 = arith.remui %arg0, %arg1 : i32",
        "%3 = arith.shrsi %arg0, %arg1 : i32",
        "%4 = arith.divf %arg2, %arg2 fastmath<nnan,ninf> : f32",
        "%5 = arith.minnumf %arg2, %arg2 fastmath<fast> : f32",
        "%6 = arith.negf %arg2 fastmath<reassoc,afn> : f32",
        "return",
    ]
    assert _body_lines(m, generic=True) == [
        (
            '%0 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : '
            "(i32, i32) -> i32"
        ),
        (
            '%1 = "arith.subi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : '
            "(i32, i32) -> i32"
        ),
        '%2 = "arith.remui"(%arg0, %arg1) : (i32, i32) -> i32',
        '%3 = "arith.shrsi"(%arg0, %arg1) : (i32, i32) -> i32',
        (
            '%4 = "arith.divf"(%arg2, %arg2) <{fastmath = #arith.fastmath<nnan,ninf>}> : '
            "(f32, f32) -> f32"
        ),
        (
            '%5 = "arith.minnumf"(%arg2, %arg2) <{fastmath = #arith.fastmath<fast>}> : '
            "(f32, f32) -> f32"
        ),
        '%6 = "arith.negf"(%arg2) <{fastmath = #arith.fastmath<reassoc,afn>}> : (f32) -> f32',
        '"func.return"() : () -> ()',
    ]
    verify(m)


def test_compare_cast_select_forms() -> None:
    v4 = VectorType((4,), i32)

    def body(b: Block, a: BlockArgument, x: BlockArgument, i: BlockArgument,
             v: BlockArgument) -> None:  # fmt: skip
        c = b.append(arith.CmpIOp.build("sge", a, a))
        cf = b.append(arith.CmpFOp.build("uno", x, x))
        cf.properties["fastmath"] = arith.FastMathFlagsAttr.from_names(["fast"])
        b.append(arith.IndexCastOp.build(a, INDEX))
        b.append(arith.IndexCastUIOp.build(i, i64))
        b.append(arith.ExtSIOp.build(a, i64))
        e = b.append(arith.ExtUIOp.build(a, i64))
        e.properties["nonNeg"] = UnitAttr()
        t = b.append(arith.TruncIOp.build(a, i16))
        t.properties["overflowFlags"] = arith.IntegerOverflowFlagsAttr.from_names(["nuw"])
        b.append(arith.SIToFPOp.build(a, f32))
        b.append(arith.FPToSIOp.build(x, i32))
        b.append(arith.SelectOp.build(c.result, a, a))
        vc = b.append(arith.CmpIOp.build("ne", v, v))
        b.append(arith.SelectOp.build(vc.result, v, v))

    m = _in_func([i32, f32, INDEX, v4], body)
    assert _body_lines(m) == [
        "%0 = arith.cmpi sge, %arg0, %arg0 : i32",
        "%1 = arith.cmpf uno, %arg1, %arg1 fastmath<fast> : f32",
        "%2 = arith.index_cast %arg0 : i32 to index",
        "%3 = arith.index_castui %arg2 : index to i64",
        "%4 = arith.extsi %arg0 : i32 to i64",
        "%5 = arith.extui %arg0 nneg : i32 to i64",
        "%6 = arith.trunci %arg0 overflow<nuw> : i32 to i16",
        "%7 = arith.sitofp %arg0 : i32 to f32",
        "%8 = arith.fptosi %arg1 : f32 to i32",
        "%9 = arith.select %0, %arg0, %arg0 : i32",
        "%10 = arith.cmpi ne, %arg3, %arg3 : vector<4xi32>",
        "%11 = arith.select %10, %arg3, %arg3 : vector<4xi1>, vector<4xi32>",
        "return",
    ]
    generic = _body_lines(m, generic=True)
    assert (
        generic[0] == '%0 = "arith.cmpi"(%arg0, %arg0) <{predicate = 5 : i64}> : (i32, i32) -> i1'
    )
    assert generic[1] == (
        '%1 = "arith.cmpf"(%arg1, %arg1) <{fastmath = #arith.fastmath<fast>, predicate = 14 : i64}>'
        " : (f32, f32) -> i1"
    )
    assert generic[5] == '%5 = "arith.extui"(%arg0) <{nonNeg}> : (i32) -> i64'
    assert generic[6] == (
        '%6 = "arith.trunci"(%arg0) <{overflowFlags = #arith.overflow<nuw>}> : (i32) -> i16'
    )
    assert generic[4] == '%4 = "arith.extsi"(%arg0) : (i32) -> i64'
    verify(m)


@pytest.mark.parametrize(
    ("args", "build", "message"),
    [
        ([f32], lambda b, x: _op(b, "arith.addi", [x, x], [f32]),
         ("'arith.addi' op operand #0 must be signless-non-zero-bitwidth-integer-like, but got "
         "'f32'")),
        ([i32], lambda b, a: _op(b, "arith.addf", [a, a], [i32]),
         "'arith.addf' op operand #0 must be floating-point-like, but got 'i32'"),
        ([i32, i64], lambda b, a, c: _op(b, "arith.addi", [a, c], [i32]),
         "'arith.addi' op requires the same type for all operands and results"),
        ([i32], lambda b, a: _op(b, "arith.addi", [a], [i32]),
         "'arith.addi' op expected 2 operands, but found 1"),
        ([i32], lambda b, a: _op(b, "arith.addi", [a, a], [i32, i32]),
         "'arith.addi' op requires one result"),
        ([i32], lambda b, a: _op(b, "arith.addi", [a, a], [i32], regions=1),
         "'arith.addi' op requires zero regions"),
        ([i32], lambda b, a: _op(b, "arith.negf", [], [f32]),
         "'arith.negf' op requires a single operand"),
        ([i32], lambda b, a: _op(b, "arith.constant", [a], [i32], {"value": IntegerAttr(1, i32)}),
         "'arith.constant' op requires zero operands"),
        ([], lambda b: _op(b, "arith.constant", [], [i32]),
         "'arith.constant' op requires attribute 'value'"),
        ([], lambda b: _op(b, "arith.constant", [], [i32], {"value": IntegerAttr(1, i64)}),
         "'arith.constant' op failed to verify that all of {value, result} have same type"),
        ([], lambda b: _op(b, "arith.constant", [], [i32], {"value": StringAttr("s")}),
         "'arith.constant' op failed to verify that all of {value, result} have same type"),
        ([], lambda b: _op(b, "arith.constant", [], [i32], {"value": SymbolRefAttr("x")}),
         "'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance"),
        ([i32], lambda b, a: _op(b, "arith.cmpi", [a, a], [i1], {"predicate": IntegerAttr(42)}),
         ("'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit "
         "signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9")),
        ([i32], lambda b, a: _op(b, "arith.cmpi", [a, a], [i1]),
         "'arith.cmpi' op requires attribute 'predicate'"),
        ([i32], lambda b, a: _op(b, "arith.cmpi", [a, a], [i32], {"predicate": IntegerAttr(0)}),
         "'arith.cmpi' op result #0 must be bool-like, but got 'i32'"),
        ([i32, i64], lambda b, a, c: _op(b, "arith.cmpi", [a, c], [i1],
                                         {"predicate": IntegerAttr(1)}),
         "'arith.cmpi' op requires all operands to have the same type"),
        ([f32], lambda b, x: _op(b, "arith.cmpf", [x, x], [i32], {"predicate": IntegerAttr(1)}),
         "'arith.cmpf' op result #0 must be bool-like, but got 'i32'"),
        ([f32], lambda b, x: _op(b, "arith.index_cast", [x], [INDEX]),
         ("'arith.index_cast' op operand #0 must be signless-non-zero-bitwidth-integer-like or "
         "memref of signless-integer, but got 'f32'")),
        ([i32], lambda b, a: _op(b, "arith.index_cast", [a], [i64]),
         "'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible"),
        ([i32], lambda b, a: _op(b, "arith.extsi", [a], [i32]),
         "'arith.extsi' op operand type 'i32' and result type 'i32' are cast incompatible"),
        ([i32], lambda b, a: _op(b, "arith.extui", [a], [INDEX]),
         "'arith.extui' op result #0 must be signless-fixed-width-integer-like, but got 'index'"),
        ([i32], lambda b, a: _op(b, "arith.trunci", [a], [i64]),
         "'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible"),
        ([INDEX], lambda b, i: _op(b, "arith.sitofp", [i], [f32]),
         ("'arith.sitofp' op operand #0 must be signless-fixed-width-integer-like, but got "
         "'index'")),
        ([i32], lambda b, a: _op(b, "arith.sitofp", [a], [RankedTensorType((2,), f32)]),
         ("'arith.sitofp' op failed to verify that input and output have the same tensor "
         "dimensions")),
        ([f32], lambda b, x: _op(b, "arith.fptosi", [x], [f32]),
         "'arith.fptosi' op result #0 must be signless-fixed-width-integer-like, but got 'f32'"),
        ([i32], lambda b, a: _op(b, "arith.select", [a, a, a], [i32]),
         "'arith.select' op operand #0 must be bool-like, but got 'i32'"),
        ([i1, i32, i64], lambda b, c, a, d: _op(b, "arith.select", [c, a, d], [i32]),
         ("'arith.select' op failed to verify that all of {true_value, false_value, result} "
         "have same type")),
        ([RankedTensorType((3,), i1), RankedTensorType((2,), i32)],
         lambda b, c, a: _op(b, "arith.select", [c, a, a], [a.type]),
         ("'arith.select' op failed to verify that condition is signless i1 or has matching "
         "shape")),
    ],
)  # fmt: skip
def test_arith_verifier(args: list[Type], build: Callable[..., object], message: str) -> None:
    assert _error(_in_func(args, build)) == message


def test_arith_attribute_hook() -> None:
    parse = DIALECTS["arith"].parse_attribute
    assert parse is not None
    a = parse(".overflow<nuw , nsw>", None)
    assert a is arith.IntegerOverflowFlagsAttr.from_names(["nsw", "nuw"])
    assert str(a) == "#arith.overflow<nsw, nuw>"
    assert str(parse(".fastmath<fast,nnan>", None)) == "#arith.fastmath<fast>"
    assert str(parse(".fastmath<none,nnan>", None)) == "#arith.fastmath<nnan>"
    assert str(parse(".fastmath<afn,reassoc>", None)) == "#arith.fastmath<reassoc,afn>"
    assert str(arith.OVERFLOW_NONE) == "#arith.overflow<none>"
    with pytest.raises(DiagnosticError) as info:
        parse(".fastmath<bogus>", None)
    assert info.value.diagnostic.message == (
        "expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, "
        "arcp, contract, afn, fast"
    )
    with pytest.raises(DiagnosticError) as info:
        parse(".what<x>", None)
    assert info.value.diagnostic.message == "unknown attribute `what` in dialect `arith`"


# --------------------------------------------------------------------------- tensor


def test_tensor_forms() -> None:
    t = RankedTensorType((-1, 3), f32)

    def body(b: Block, x: BlockArgument, j: BlockArgument, i: BlockArgument) -> None:
        c0 = b.append(arith.ConstantOp.build(IntegerAttr(0, INDEX)))
        d = b.append(tensor.DimOp.build(x, c0.result))
        d2 = b.append(tensor.DimOp.build(x, c0.result))
        d2.attributes["symbol"] = SymbolRefAttr("s0")
        b.append(tensor.EmptyOp.build(t, [d.result]))
        b.append(tensor.EmptyOp.build(RankedTensorType((2, 3), f32)))
        b.append(tensor.ExtractOp.build(x, [c0.result, c0.result]))
        b.append(tensor.CastOp.build(x, UnrankedTensorType(f32)))
        b.append(tensor.FromElementsOp.build([j, j]))
        sh = b.append(tensor.FromElementsOp.build([i, i]))
        b.append(tensor.ReshapeOp.build(x, sh.result, RankedTensorType((-1, -1), f32)))

    m = _in_func([t, i64, INDEX], body)
    assert _body_lines(m) == [
        "%c0 = arith.constant 0 : index",
        "%dim = tensor.dim %arg0, %c0 : tensor<?x3xf32>",
        "%dim_0 = tensor.dim {symbol = @s0} %arg0, %c0 : tensor<?x3xf32>",
        "%0 = tensor.empty(%dim) : tensor<?x3xf32>",
        "%1 = tensor.empty() : tensor<2x3xf32>",
        "%extracted = tensor.extract %arg0[%c0, %c0] : tensor<?x3xf32>",
        "%cast = tensor.cast %arg0 : tensor<?x3xf32> to tensor<*xf32>",
        "%from_elements = tensor.from_elements %arg1, %arg1 : tensor<2xi64>",
        "%from_elements_1 = tensor.from_elements %arg2, %arg2 : tensor<2xindex>",
        (
            "%reshape = tensor.reshape %arg0(%from_elements_1) : (tensor<?x3xf32>, tensor<2xindex>)"
            " -> tensor<?x?xf32>"
        ),
        "return",
    ]
    generic = _body_lines(m, generic=True)
    assert (
        generic[2]
        == '%2 = "tensor.dim"(%arg0, %0) {symbol = @s0} : (tensor<?x3xf32>, index) -> index'
    )
    assert generic[5] == (
        '%5 = "tensor.extract"(%arg0, %0, %0) : (tensor<?x3xf32>, index, index) -> f32'
    )
    verify(m)


@pytest.mark.parametrize(
    ("args", "build", "message"),
    [
        ([i32, INDEX], lambda b, a, i: _op(b, "tensor.dim", [a, i], [INDEX]),
         "'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got 'i32'"),
        ([RankedTensorType((), f32), INDEX], lambda b, a, i: _op(b, "tensor.dim", [a, i], [INDEX]),
         ("'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor, but got "
         "'tensor<f32>'")),
        ([RankedTensorType((-1,), f32)], lambda b, a: _op(b, "tensor.dim", [a], [INDEX]),
         "'tensor.dim' op expected 2 operands, but found 1"),
        ([INDEX], lambda b, i: _op(b, "tensor.empty", [i], [RankedTensorType((2,), f32)]),
         "'tensor.empty' op incorrect number of dynamic sizes, has 1, expected 0"),
        ([i32], lambda b, a: _op(b, "tensor.empty", [a], [RankedTensorType((-1,), f32)]),
         "'tensor.empty' op operand #0 must be variadic of index, but got 'i32'"),
        ([], lambda b: _op(b, "tensor.empty", [], [UnrankedTensorType(f32)]),
         ("'tensor.empty' op result #0 must be ranked tensor of any non-token type values, but got"
         " 'tensor<*xf32>'")),
        ([RankedTensorType((-1, -1), f32), INDEX],
         lambda b, t, i: _op(b, "tensor.extract", [t, i], [f32]),
         "'tensor.extract' op incorrect number of indices for extract_element"),
        ([RankedTensorType((-1,), f32), INDEX],
         lambda b, t, i: _op(b, "tensor.extract", [t, i], [f64]),
         "'tensor.extract' op failed to verify that result type matches element type of tensor"),
        ([], lambda b: _op(b, "tensor.extract", [], [f32]),
         "'tensor.extract' op expected 1 or more operands, but found 0"),
        ([RankedTensorType((2,), f32)],
         lambda b, t: _op(b, "tensor.cast", [t], [RankedTensorType((3,), f32)]),
         ("'tensor.cast' op operand type 'tensor<2xf32>' and result type 'tensor<3xf32>' are "
         "cast incompatible")),
        ([f32], lambda b, x: _op(b, "tensor.from_elements", [x], [RankedTensorType((2,), f32)]),
         ("'tensor.from_elements' op failed to verify that operand types match result element "
         "type")),
        ([f32], lambda b, x: _op(b, "tensor.from_elements", [x], [RankedTensorType((-1,), f32)]),
         ("'tensor.from_elements' op result #0 must be statically shaped tensor of any non-token "
         "type values, but got 'tensor<?xf32>'")),
        ([RankedTensorType((6,), f32), RankedTensorType((2,), INDEX)],
         lambda b, t, s: _op(b, "tensor.reshape", [t, s], [RankedTensorType((2, 2), f32)]),
         ("'tensor.reshape' op source and destination tensor should have the same number of "
         "elements")),
        ([RankedTensorType((-1,), f32), RankedTensorType((2,), INDEX)],
         lambda b, t, s: _op(b, "tensor.reshape", [t, s], [RankedTensorType((-1,), f32)]),
         "'tensor.reshape' op length of shape operand differs from the result's tensor rank"),
        ([RankedTensorType((-1,), f32), RankedTensorType((2,), f32)],
         lambda b, t, s: _op(b, "tensor.reshape", [t, s], [RankedTensorType((-1, -1), f32)]),
         ("'tensor.reshape' op operand #1 must be 1D tensor of signless integer or index values, "
         "but got 'tensor<2xf32>'")),
    ],
)  # fmt: skip
def test_tensor_verifier(args: list[Type], build: Callable[..., object], message: str) -> None:
    assert _error(_in_func(args, build)) == message


# --------------------------------------------------------------------------- index


def test_index_forms() -> None:
    def body(b: Block, j: BlockArgument) -> None:
        c = b.append(index.ConstantOp.build(3))
        b.append(index.ConstantOp.build(-2))
        b.append(index.ConstantOp.build(3))
        u = b.append(index.CastUOp.build(j, INDEX))
        s = b.append(index.CastSOp.build(u.result, i64))
        s.attributes["x.a"] = UnitAttr()
        b.append(index.AddOp.build(u.result, c.result))
        b.append(index.SubOp.build(u.result, c.result))
        b.append(index.MulOp.build(u.result, c.result))

    m = _in_func([i64], body)
    assert _body_lines(m) == [
        "%idx3 = index.constant 3",
        "%idx-2 = index.constant -2",
        "%idx3_0 = index.constant 3",
        "%0 = index.castu %arg0 : i64 to index",
        "%1 = index.casts %0 {x.a} : index to i64",
        "%2 = index.add %0, %idx3",
        "%3 = index.sub %0, %idx3",
        "%4 = index.mul %0, %idx3",
        "return",
    ]
    assert _body_lines(m, generic=True)[:4] == [
        '%0 = "index.constant"() <{value = 3 : index}> : () -> index',
        '%1 = "index.constant"() <{value = -2 : index}> : () -> index',
        '%2 = "index.constant"() <{value = 3 : index}> : () -> index',
        '%3 = "index.castu"(%arg0) : (i64) -> index',
    ]
    verify(m)


@pytest.mark.parametrize(
    ("args", "build", "message"),
    [
        ([i64], lambda b, j: _op(b, "index.castu", [j], [i32]),
         "'index.castu' op operand type 'i64' and result type 'i32' are cast incompatible"),
        ([f32], lambda b, x: _op(b, "index.casts", [x], [INDEX]),
         "'index.casts' op operand #0 must be integer or index, but got 'f32'"),
        ([i64], lambda b, j: _op(b, "index.add", [j, j], [INDEX]),
         "'index.add' op operand #0 must be index, but got 'i64'"),
        ([], lambda b: _op(b, "index.constant", [], [INDEX], {"value": IntegerAttr(1, i64)}),
         "'index.constant' op attribute 'value' failed to satisfy constraint: index attribute"),
    ],
)  # fmt: skip
def test_index_verifier(args: list[Type], build: Callable[..., object], message: str) -> None:
    assert _error(_in_func(args, build)) == message


def test_empty_variadic_custom_forms() -> None:
    """`tensor.from_elements  : tensor<0xf32>` keeps both spaces, as MLIR's declarative printer."""
    t0 = RankedTensorType((0,), f32)

    def body(b: Block) -> None:
        fe = b.append(tensor.FromElementsOp.build([], t0))
        b.append(func.CallOp.build("f", [], [t0]))
        b.append(func.ReturnOp.build([fe.result]))

    m = _in_func([], body, [t0])
    assert _body_lines(m) == [
        "%from_elements = tensor.from_elements  : tensor<0xf32>",
        "%0 = call @f() : () -> tensor<0xf32>",
        "return %from_elements : tensor<0xf32>",
    ]
    verify(m)
