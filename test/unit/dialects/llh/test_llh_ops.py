"""Tests for the LLH ops (``llh_opt.dialects.llh``): the registry, the declared facts, the Python
builders (result types computed from static operand types), verification through the Python API
(errors at the op, the constant-symbol warning channel) and printing of built IR.

The text-level tests (every op's round trip, one invalid instance per rule, the seed fragments)
are the lit suites in ``test/Dialect/LLH``; attributes are in ``test_llh_attrs.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from llh_opt import dialects  # noqa: F401 - registers every dialect
from llh_opt.diagnostics import DiagnosticEngine, DiagnosticError, Severity
from llh_opt.dialects import builtin, func
from llh_opt.dialects import llh as L
from llh_opt.dialects.llh.constraints import (
    Broadcastable,
    EncodingsMatchShapes,
    NoMemoryEffect,
    SymbolicInferShape,
    broadcast_shapes,
)
from llh_opt.parser.affine_parser import parse_affine_map
from llh_opt.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from llh_opt.ir.core import OP_CLASSES, Block, Operation, Value
from llh_opt.ir.opdef import ConstantLike, Pure
from llh_opt.ir.types import (
    DYNAMIC,
    FunctionType,
    RankedTensorType,
    Type,
    UnrankedTensorType,
    f32,
    i1,
    i64,
)
from llh_opt.ir.verifier import verify
from llh_opt.parser import parse_source
from llh_opt.printer import print_operation

Q = DYNAMIC


def T(*shape: int, elt: Type = f32) -> RankedTensorType:
    return RankedTensorType(tuple(shape), elt)


def _module(
    arg_types: Sequence[Type], build: Callable[..., object], results: Sequence[Type] = ()
) -> builtin.ModuleOp:
    """`func.func @f(args) -> results` in a module; `build(block, *args)` fills the body and may
    return the values to return."""
    m = builtin.ModuleOp.build()
    f = func.FuncOp.build("f", FunctionType(tuple(arg_types), tuple(results)))
    m.body.append(f)
    block = f.entry_block
    returned = build(block, *block.args)
    block.append(func.ReturnOp.build(list(returned) if returned else []))
    return m


def _add(block: Block, op: Operation) -> Operation:
    return block.append(op)


def _const(block: Block, value: int) -> Value:
    return block.append(L.ConstantOp.build_int(value)).result


def _verify_error(m: Operation) -> str:
    with pytest.raises(DiagnosticError) as info:
        verify(m)
    return info.value.diagnostic.message


# --------------------------------------------------------------------------- registry

SPEC_OPS = [
    "symbolic_int",
    "symbol_relation",
    "symbol_binary_relation",
    "encoding_bind",
    "symbol_bind",
    "symbolic_cast",
    "torch_symbolic_int",
    "symbolic_bind",
    "aot",
    "constant",
    "weight",
    "dim",
    "shape_of",
    "reshape",
    "empty",
    "broadcast_to",
    "extract",
    "slice",
    "cat",
    "expand",
    "flatten",
    "transpose",
    "relu",
    "abs",
    "drop",
    "adaptive_average_pool",
    "add",
    "sub",
    "mul",
    "div",
    "max",
    "min",
    "matmul",
    "conv",
    "conv_bias",
    "max_pool",
    "batch_norm",
    "layer_norm",
]
HEAD_OPS = [
    "symbol_relation_map",
    "scalar_cast",
    "convert_to",
    "sqrt",
    "exp",
    "rsqrt",
    "pow",
    "compare",
    "where",
    "reduce_max",
    "reduce_min",
    "reduce_sum",
    "batch_matmul",
    "stride_slice",
    "print",
]


def test_every_spec_and_head_op_is_registered() -> None:
    assert len(SPEC_OPS) == 38 and len(HEAD_OPS) == 15
    registered = {n for n in OP_CLASSES if n.startswith("llh.")}
    assert registered == {f"llh.{n}" for n in SPEC_OPS + HEAD_OPS}
    for name in registered:
        cls = OP_CLASSES[name]
        assert cls.__dict__.get("__slots__") == ()
        assert cls.OPERATION_NAME == name
        assert cls.SUMMARY
        assert not hasattr(cls, "print_custom")  # LLH ops print in generic form (spec §1.1)
        assert callable(getattr(cls, "build", None)), name
    assert OP_CLASSES["llh.add"] is L.AddOp
    assert all(EncodingsMatchShapes in OP_CLASSES[n].TRAIT_SET for n in registered)


def test_declared_traits() -> None:
    assert ConstantLike in L.ConstantOp.TRAIT_SET
    assert Pure in L.DimOp.TRAIT_SET and Pure in L.ShapeOfOp.TRAIT_SET
    assert NoMemoryEffect in L.EmptyOp.TRAIT_SET and Pure in L.EmptyOp.TRAIT_SET
    # Seed-era compute ops are not side-effect free in the reference (spec §3 legend).
    assert Pure not in L.AddOp.TRAIT_SET and Pure not in L.ConvOp.TRAIT_SET
    assert Pure in L.SqrtOp.TRAIT_SET and Pure not in L.PrintOp.TRAIT_SET
    for cls in (L.AddOp, L.SubOp, L.MulOp, L.DivOp, L.MaxOp, L.MinOp, L.MatMulOp):
        assert Broadcastable in cls.TRAIT_SET
    for cls in (L.ConvOp, L.ReshapeOp, L.TransposeOp, L.ConstantOp, L.WeightOp, L.StrideSliceOp):
        assert SymbolicInferShape in cls.TRAIT_SET
    for cls in (L.DimOp, L.ShapeOfOp, L.SymbolicIntOp, L.EncodingBindOp, L.PrintOp):
        assert SymbolicInferShape not in cls.TRAIT_SET
    assert L.ConvOp.PROPERTIES[1].name == "group" and L.ConvOp.PROPERTIES[1].default.value == 1


# --------------------------------------------------------------------------- builders


def test_broadcast_shapes_follow_numpy_with_dynamic_sizes() -> None:
    assert broadcast_shapes((2, 1, 3), (4, 3)) == (2, 4, 3)
    assert broadcast_shapes((Q, 3), (1,)) == (Q, 3)
    assert broadcast_shapes((Q,), (3,)) == (3,)  # a static size wins over `?`
    assert broadcast_shapes((Q,), (1,)) == (Q,)
    assert broadcast_shapes((2, 3), (4,)) is None


def test_binary_builders_broadcast_static_shapes() -> None:
    def body(b: Block, x: Value, y: Value, n: Value) -> list[Value]:
        add = _add(b, L.AddOp.build(x, y))
        assert add.result.type is T(4, 2, 3)
        mul = _add(b, L.MulOp.build(n, n, symbol="s3"))
        assert mul.result.type is i64 and mul.symbol == "s3"
        cmp = _add(b, L.CompareOp.build(x, y, "GE"))
        assert cmp.result.type is T(4, 2, 3, elt=i1)
        where = _add(b, L.WhereOp.build(cmp.result, x, y))
        assert where.result.type is T(4, 2, 3)
        pw = _add(b, L.PowOp.build(x, y))
        return [add.result, mul.result, pw.result]

    m = _module((T(2, 3), T(4, 1, 3), i64), body, (T(4, 2, 3), i64, T(4, 2, 3)))
    verify(m)
    text = print_operation(m)
    assert '%1 = "llh.mul"(%arg2, %arg2) <{symbol = @s3}> : (i64, i64) -> i64' in text
    assert "<{kind = #llh.Compare<GE>}>" in text


def test_binary_builder_rejects_incompatible_static_shapes() -> None:
    def body(b: Block, x: Value, y: Value) -> None:
        with pytest.raises(ValueError, match="broadcast-compatible"):
            L.SubOp.build(x, y)

    _module((T(2, 3), T(4)), body)


def test_constant_builders() -> None:
    dense = DenseElementsAttr(T(2), (1, 2))
    op = L.ConstantOp.build(dense)
    assert op.result.type is T(2, elt=dense.type.element_type)
    c = L.ConstantOp.build_int(3, symbol="c3")
    assert c.result.type is i64 and c.symbol == "c3" and c.value is IntegerAttr(3, i64)
    fc = L.ConstantOp.build(FloatAttr.from_value(2.0, f32))
    assert fc.result.type is f32
    unranked = L.ConstantOp.build(dense, result_type=UnrankedTensorType(dense.type.element_type))
    assert isinstance(unranked.result.type, UnrankedTensorType)


def test_conv_and_pool_builders_compute_the_spec_worked_numbers() -> None:
    """Spec §4.5 conv_static and max_pool_static."""

    def body(b: Block, x: Value, w: Value, p: Value) -> list[Value]:
        conv = _add(b, L.ConvOp.build(x, w, [7, 7], [2, 1], [3, 2, 3, 2], [2, 3], layout="NCHW"))
        assert conv.result.type is T(2, 64, 109, 210)
        pool = _add(b, L.MaxPoolOp.build(p, [7, 7], [2, 2], [3, 1, 3, 1], [2, 1], layout="NCHW"))
        assert pool.result.type is T(2, 64, 2, 7)
        return [conv.result, pool.result]

    m = _module(
        (T(2, 3, 224, 224), T(64, 3, 7, 7), T(2, 64, 9, 17)),
        body,
        (T(2, 64, 109, 210), T(2, 64, 2, 7)),
    )
    verify(m)
    text = print_operation(m)
    assert "group = 1 : i64" in text and "layout = #llh.Layout<NCHW>" in text


def test_conv_builder_variants() -> None:
    def body(b: Block, x: Value, w: Value, xd: Value, bias: Value, wn: Value) -> None:
        nhwc = _add(
            b,
            L.ConvOp.build(
                x, wn, [7, 7], [2, 2], [3, 3, 3, 3], [1, 1], group=None, layout="NHWC",
                weight_layout="FHWC",
            ),
        )  # fmt: skip
        assert nhwc.result.type is T(2, 112, 112, 64)
        assert "group" not in nhwc.properties and nhwc.group == 1
        dyn = _add(b, L.ConvBiasOp.build(xd, w, bias, [7, 7], [2, 2], [3, 3, 3, 3], [1, 1]))
        assert dyn.result.type is T(Q, 64, Q, Q)
        ceil = _add(b, L.MaxPoolOp.build(xd, [3, 3], [2, 2], [0, 0, 0, 0], [1, 1], ceil_mode=True))
        assert ceil.ceil_mode and ceil.result.type is T(Q, 3, Q, Q)

    m = _module((T(2, 224, 224, 3), T(64, 3, 7, 7), T(Q, 3, Q, Q), T(64), T(64, 7, 7, 3)), body)
    verify(m)


def test_shape_builders() -> None:
    def body(b: Block, x: Value, v: Value) -> None:
        c1, c6 = _const(b, 1), _const(b, 6)
        dim = _add(b, L.DimOp.build(x, _const(b, 2), symbol="c224"))
        assert dim.result.type is i64 and dim.symbol == "c224"
        r = _add(b, L.ReshapeOp.build(x, [c1, c6, dim.result, _const(b, 226)]))
        assert r.result.type is T(1, 6, Q, 226)  # sizes from constants, `?` otherwise
        e = _add(b, L.EmptyOp.build([c6, dim.result], f32))
        assert e.result.type is T(6, Q)
        t = _add(b, L.TransposeOp.build(x, [3, 2, 1, 0]))
        assert t.result.type is T(226, 224, Q, Q)
        s = _add(b, L.ShapeOfOp.build(x))
        assert len(s.results) == 4
        ex = _add(b, L.ExtractOp.build(x, c1))
        assert ex.result.type is T(Q, 224, 226)
        ex0 = _add(b, L.ExtractOp.build(v, c1))
        assert ex0.result.type is RankedTensorType((), f32)  # rank-1 → rank-0 (spec D1)
        fl = _add(b, L.FlattenOp.build(x, c1))
        assert fl.result.type is T(Q, Q)
        bc = _add(b, L.BroadcastToOp.build(_add(b, L.ReshapeOp.build(v, [c1, c6])).result,
                                             [c6, c6], [0]))  # fmt: skip
        assert bc.result.type is T(6, 6)
        cat = _add(b, L.CatOp.build([v, v], 0))
        assert cat.result.type is T(12)
        red = _add(b, L.ReduceSumOp.build(x, [1, -1]))
        assert red.result.type is T(Q, 224)
        pool = _add(b, L.AdaptiveAvgPoolOp.build(x, [1, 1]))
        assert pool.result.type is T(Q, Q, 1, 1)
        sc = _add(b, L.ScalarCastOp.build(c1))
        assert sc.result.type is T(1, elt=i64)
        assert _add(b, L.ScalarCastOp.build(sc.result)).result.type is i64
        cv = _add(b, L.ConvertToOp.build(x, i1))
        assert cv.result.type is T(Q, Q, 224, 226, elt=i1)

    verify(_module((T(Q, Q, 224, 226), T(6)), body))


def test_slice_builders_size_their_operand_segments() -> None:
    def body(b: Block, x: Value) -> None:
        c0, c1, c2 = _const(b, 0), _const(b, 1), _const(b, 2)
        s = _add(b, L.SliceOp.build(x, [c0, c0], [c1, c2], T(1, 2)))
        assert s.properties["operandSegmentSizes"].values == (1, 2, 2)
        assert s.end == [c1, c2] and s.start == [c0, c0]
        ss = _add(b, L.StrideSliceOp.build(x, [c0, c0], [c2, c2], [c1, c2], T(2, 1)))
        assert ss.stride == [c1, c2]

    m = _module((T(4, 4),), body)
    verify(m)
    assert "operandSegmentSizes = array<i32: 1, 2, 2, 2>" in print_operation(m)


def test_matmul_and_norm_builders() -> None:
    def body(b: Block, a: Value, w: Value, ba: Value, bw: Value, s: Value) -> None:
        mm = _add(b, L.MatMulOp.build(a, w))
        assert mm.result.type is T(Q, 10)
        bmm = _add(b, L.BatchMatMulOp.build(ba, bw))
        assert bmm.result.type is T(12, Q, 10)
        bn = _add(b, L.BatchNormOp.build(a, s, s, s, s, feature_index=1))
        assert bn.result.type is a.type
        ln = _add(b, L.LayerNormOp.build(a, s, s, -1))
        assert ln.properties["axis"].value == -1
        relu = _add(b, L.ReluOp.build(a))
        assert relu.result.type is a.type
        _add(b, L.DropOp.build(a, 0.5))
        _add(b, L.SqrtOp.build(a))
        _add(b, L.PrintOp.build(a, "a"))

    verify(_module((T(Q, 512), T(512, 10), T(12, Q, 512), T(12, 512, 10), T(512)), body))


def test_symbol_op_builders_print_like_the_reference() -> None:
    m = builtin.ModuleOp.build()
    m.body.append(L.SymbolicIntOp.build("s0"))
    m.body.append(L.SymbolRelationOp.build("s1", "c512", "EQ"))
    m.body.append(L.SymbolBinaryRelationOp.build("s24", "s23", "s22", "Mul"))
    m.body.append(
        L.SymbolRelationMapOp.build(
            "s1", ["s0"], parse_affine_map("()[s0] -> (s0 * 512)"), "512*s0"
        )
    )

    def body(b: Block, x: Value, n: Value) -> None:
        _add(b, L.EncodingBindOp.build(x, ["s0", "c3"]))
        _add(b, L.SymbolBindOp.build(n, "s0"))
        s = _add(b, L.TorchSymbolicIntOp.build("s0"))
        _add(b, L.SymbolicBindOp.build(x, [s.result], parse_affine_map("()[s0] -> (s0, 3)")))
        _add(b, L.SymbolicCastOp.build(x, T(Q, 3)))
        _add(b, L.AotOp.build("aot1", [n], [i64]))
        _add(b, L.WeightOp.build("w.npy", T(3)))

    fm = _module((T(Q, 3), i64), body)
    for op in list(fm.body.ops):
        op.detach()
        m.body.append(op)
    verify(m)
    text = print_operation(m)
    assert '"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()' in text
    assert (
        '"llh.symbol_relation"() <{relation = @c512, relation_kind = #llh.SymbolRelation<EQ>, '
        "symbol = @s1}> : () -> ()"
    ) in text
    assert (
        '"llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Mul>, '
        "relations_lhs = @s23, relations_rhs = @s22, symbol = @s24}> : () -> ()"
    ) in text
    assert 'express = "512*s0", relation = #map, relations = [@s0], symbol = @s1' in text
    assert '"llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @c3>}>' in text


# --------------------------------------------------------------------------- verification


def test_verifier_errors_are_diagnostics_at_the_op() -> None:
    src = """
func.func @f(%a: tensor<?x256xf32>, %b: tensor<512x10xf32>) -> tensor<?x10xf32> {
  %0 = "llh.matmul"(%a, %b) : (tensor<?x256xf32>, tensor<512x10xf32>) -> tensor<?x10xf32>
  return %0 : tensor<?x10xf32>
}
"""
    m = parse_source(src, "m.mlir")
    with pytest.raises(DiagnosticError) as info:
        verify(m)
    d = info.value.diagnostic
    assert d.severity == Severity.ERROR
    assert d.message == "'llh.matmul' op contracting dims differ: 256 vs 512"
    assert (d.loc.line, d.loc.col) == (3, 8)


def test_built_ops_are_checked_too() -> None:
    def body(b: Block, x: Value) -> None:
        _add(b, L.TransposeOp.build(x, [0, 0]))

    assert _verify_error(_module((T(2, 3),), body)) == (
        "'llh.transpose' op 'perms' must be a permutation of [0, 2), got [0, 0]"
    )


def test_constant_symbol_mismatch_is_a_warning() -> None:
    src = """
func.func @f() -> i64 {
  %0 = "llh.constant"() <{symbol = @c0, value = 2 : i64}> : () -> i64
  %1 = "llh.constant"() <{symbol = @"c-1", value = -1 : i64}> : () -> i64
  %2 = "llh.constant"() <{symbol = @c18446744073709551615, value = -1 : i64}> : () -> i64
  %3 = "llh.constant"() <{symbol = @s7, value = 5 : i64}> : () -> i64
  return %0 : i64
}
"""
    m = parse_source(src, "w.mlir")
    verify(m)  # no sink: the warning is dropped, verification succeeds
    engine = DiagnosticEngine(collect=True)
    verify(m, diagnostics=engine)
    assert [(d.severity, d.message, d.loc.line) for d in engine.diagnostics] == [
        (
            Severity.WARNING,
            "'llh.constant' op symbol @c0 does not match the value 2 (expected @c2)",
            3,
        )
    ]


def test_unregistered_llh_op_is_rejected() -> None:
    with pytest.raises(DiagnosticError) as info:
        parse_source('"llh.nope"() : () -> ()', "u.mlir", allow_unregistered=True)
    assert "unregistered operation 'llh.nope' found in dialect ('llh')" in (
        info.value.diagnostic.message
    )
