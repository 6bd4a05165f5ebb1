"""Tests for the LLH per-op symbolic-shape rules (`infer_symbolic_shape` on the op classes, the
formulas in ``llh_opt/dialects/llh/shape_rules.py``) driven through `FakeShapeContext`: static and
dynamic inputs for every rule, layouts and window options, broadcasting, the integer-scalar rules,
and a hypothesis property comparing the rules' expressions with shapes computed independently.

The `--infer-symbolic-shape` pass (symbols, encodings, relations) is tested with the pass.
"""

from __future__ import annotations

from support.complexity import assert_linear

import itertools
import math
from collections.abc import Callable, Sequence

import numpy as np
import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from llh_opt import dialects  # noqa: F401 - registers every dialect
from llh_opt.diagnostics import DiagnosticError
from llh_opt.dialects import llh as L
from llh_opt.dialects.llh import shape_rules as R
from llh_opt.dialects.llh.base import WindowInfo
from llh_opt.dialects.llh.constraints import SymbolicInferShape
from llh_opt.dialects.llh.shape_context import FakeShapeContext, ShapeContext
from llh_opt.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from llh_opt.ir.core import OP_CLASSES, Block, Operation, Value
from llh_opt.ir.types import (
    DYNAMIC,
    RankedTensorType,
    Type,
    UnrankedTensorType,
    f32,
    i1,
    i32,
    i64,
)
from llh_opt.parser import parse_source

Q = DYNAMIC
I = sympy.Integer  # noqa: E741
S = [sympy.Symbol(f"s{i}", integer=True, positive=True) for i in range(8)]
s0, s1, s2, s3, s4, s5, s6, s7 = S

_typed: ShapeContext = FakeShapeContext()  # FakeShapeContext satisfies the protocol (mypy)


def T(*shape: int, elt: Type = f32) -> RankedTensorType:
    return RankedTensorType(tuple(shape), elt)


def args(*types: Type) -> list[Value]:
    return list(Block(list(types)).args)


def seeded(
    *dims: Sequence[sympy.Expr | int], elt: Type = f32
) -> tuple[FakeShapeContext, list[Value]]:
    """A context and one tensor value per `dims`, seeded with those dims (ints become Integers;
    the value's type has `?` where the dim is not an int)."""
    ctx = FakeShapeContext()
    values = args(*(T(*(d if isinstance(d, int) else Q for d in ds), elt=elt) for ds in dims))
    for v, ds in zip(values, dims):
        ctx.set_shape(v, [I(d) if isinstance(d, int) else d for d in ds])
    return ctx, values


def const(v: int) -> Value:
    return L.ConstantOp.build_int(v).results[0]


def run(op: Operation, ctx: FakeShapeContext) -> tuple[sympy.Expr | None, ...] | None:
    """Run the op's rule; the first result's dims (None entries kept)."""
    assert op.infer_symbolic_shape(ctx) is True
    return ctx.raw_shape(op.results[0])


def error_of(fn: Callable[[], object]) -> str:
    with pytest.raises(DiagnosticError) as info:
        fn()
    return info.value.diagnostic.message


def ev(e: sympy.Expr, env: dict[sympy.Symbol, int]) -> int:
    r = e.subs(env)
    assert r.is_Integer, (e, r)
    return int(r)


# --------------------------------------------------------------------------- coverage


SIS_EXTRA = {"llh.dim", "llh.shape_of"}


def test_every_shape_rule_op_has_a_rule() -> None:
    names = [
        name
        for name, cls in OP_CLASSES.items()
        if name.startswith("llh.") and SymbolicInferShape in cls.TRAITS
    ]
    assert len(names) >= 40
    for name in [*names, *SIS_EXTRA]:
        assert callable(getattr(OP_CLASSES[name], "infer_symbolic_shape", None)), name


# --------------------------------------------------------------------------- formula helpers


@pytest.mark.parametrize("a", range(-13, 14))
@pytest.mark.parametrize("b", [-5, -2, -1, 1, 2, 3, 7])
def test_floordiv_ceildiv_integers(a: int, b: int) -> None:
    assert R.floordiv(I(a), b) == I(a // b)
    assert R.ceildiv(I(a), b) == I(-((-a) // b))
    assert R.floordiv(I(a), b).is_Integer


def test_floordiv_symbolic() -> None:
    assert R.floordiv(2 * s0 + 4, 2) == s0 + 2
    assert R.floordiv(s0, 1) is s0
    assert R.floordiv(s0 * s1, s0 * s1) == 1
    for a in (s0 + 5, 3 * s0 - 7, 6 * s0 + s1 + 1, s0 * s1 - 2):
        for b in (2, 3, -4, s2):
            f, c = R.floordiv(a, b), R.ceildiv(a, b)
            for v0, v1, v2 in itertools.product((1, 2, 5, 9), (1, 4), (1, 3, 6)):
                env = {s0: v0, s1: v1, s2: v2}
                av, bv = ev(a, env), (b if isinstance(b, int) else v2)
                assert ev(f, env) == av // bv
                assert ev(c, env) == -((-av) // bv)
    with pytest.raises(ZeroDivisionError):
        R.floordiv(s0, 0)


def test_broadcast_rules() -> None:
    ctx = FakeShapeContext()
    op = L.ReluOp.build(args(T(1))[0])
    assert R.broadcast(ctx, op, [(I(1), s0), (I(4), I(1), I(1))]) == [4, 1, s0]
    assert R.broadcast(ctx, op, [(s0,), (I(1),)]) == [s0]
    assert ctx.equalities == []
    assert R.broadcast(ctx, op, [(s0, I(3)), (I(5), s1)]) == [5, 3]
    assert ctx.equalities == [(s0, 5), (3, s1)]  # operand order
    assert R.broadcast(ctx, op, [(s0,), (s2,)]) == [s0]
    assert ctx.equalities[-1] == (s0, s2)
    assert "dimension 0 is 3 vs 4" in error_of(lambda: R.broadcast(ctx, op, [(I(3),), (I(4),)]))


@pytest.mark.parametrize("ceil_mode", [False, True])
def test_symbolic_window_matches_the_verifiers_static_arithmetic(ceil_mode: bool) -> None:
    """The closed form equals `WindowInfo.output_size` (PyTorch's ceil-mode correction included)
    for every size the window fits, also for pads PyTorch would reject."""
    x = args(T(1, 1, Q))[0]
    for k, st_, pb, pe, dil in itertools.product(
        (1, 2, 3, 4), (1, 2, 3), (0, 1, 2, 5), (0, 1, 3, 6), (1, 2)
    ):
        op = L.MaxPoolOp.build(x, [k], [st_], [pb, pe], [dil], ceil_mode=ceil_mode)
        window = WindowInfo(op, x.type)
        e = R.window_output(FakeShapeContext(), op, s0, window, 0, ceil_mode)
        for n in range(1, 30):
            if window.padded(n, 0) < window.extent(0):
                continue
            assert ev(e, {s0: n}) == window.output_size(n, 0, ceil_mode), (k, st_, pb, pe, dil, n)
            assert R.window_output(FakeShapeContext(), op, I(n), window, 0, ceil_mode).is_Integer


# --------------------------------------------------------------------------- conv


def test_conv_static_worked_example() -> None:
    """Spec §4.5 (test conv_static), with D1's correct indexing."""
    ctx, (x, w) = seeded((2, 3, 224, 224), (64, 3, 7, 7))
    op = L.ConvOp.build(x, w, [7, 7], [2, 1], [3, 2, 3, 2], [2, 3], layout="NCHW")
    assert run(op, ctx) == (2, 64, 109, 210)
    assert all(d.is_Integer for d in ctx.raw_shape(op.results[0]))
    assert op.results[0].type == T(2, 64, 109, 210)  # the builder's static arithmetic agrees


def test_conv_dynamic_resnet_stem_and_repeated_3x3() -> None:
    """Seed 000: the 7x7/2 stem on `1x3xs1xs1`, then 3x3/1 pad-1 convs keep the same size."""
    ctx, (x, w7, w3) = seeded((1, 3, s1, s1), (64, 3, 7, 7), (64, 64, 3, 3))
    stem = L.ConvOp.build(x, w7, [7, 7], [2, 2], [3, 3, 3, 3], [1, 1])
    h = run(stem, ctx)
    assert h[:2] == (1, 64) and h[2] == h[3]
    assert [ev(h[2], {s1: n}) for n in (224, 225, 7)] == [112, 113, 4]
    pool = L.MaxPoolOp.build(stem.results[0], [3, 3], [2, 2], [1, 1, 1, 1], [1, 1])
    p = run(pool, ctx)
    assert ev(p[2], {s1: 224}) == 56
    c3 = L.ConvOp.build(pool.results[0], w3, [3, 3], [1, 1], [1, 1, 1, 1], [1, 1])
    assert run(c3, ctx) == p  # same expressions: D2's shared symbols
    assert ctx.equalities == []


@pytest.mark.parametrize(
    ("layout", "xdims", "wdims", "wl", "out"),
    [
        # 1-D channels first / last
        ("NCW", (2, 4, s0), (8, 4, 3), "FCW", lambda h: (2, 8, h)),
        ("NWC", (2, s0, 4), (8, 4, 3), "FCW", lambda h: (2, h, 8)),
        ("NWC", (2, s0, 4), (3, 4, 8), "WCF", lambda h: (2, h, 8)),
        # 2-D
        ("NCHW", (2, 4, s0, s0), (8, 4, 3, 3), "FCHW", lambda h: (2, 8, h, h)),
        ("NHWC", (2, s0, s0, 4), (8, 4, 3, 3), "FCHW", lambda h: (2, h, h, 8)),
        ("NHWC", (2, s0, s0, 4), (8, 3, 3, 4), "FHWC", lambda h: (2, h, h, 8)),
        ("NHWC", (2, s0, s0, 4), (3, 3, 4, 8), "HWCF", lambda h: (2, h, h, 8)),
        # 3-D (NCDHW / NDHWC by rank)
        ("NCHW", (2, 4, s0, s0, s0), (8, 4, 3, 3, 3), "FCHW", lambda h: (2, 8, h, h, h)),
        ("NHWC", (2, s0, s0, s0, 4), (8, 4, 3, 3, 3), "FCHW", lambda h: (2, h, h, h, 8)),
    ],
)
def test_conv_layouts_and_ranks(
    layout: str, xdims: tuple, wdims: tuple, wl: str, out: Callable[[sympy.Expr], tuple]
) -> None:
    k = len(xdims) - 2
    ctx, (x, w) = seeded(xdims, wdims)
    op = L.ConvOp.build(
        x, w, [3] * k, [2] * k, [1] * (2 * k), [1] * k, layout=layout, weight_layout=wl
    )
    dims = run(op, ctx)
    h = R.floordiv(s0 - 1, 2) + 1  # (s0 + 2 - 3) floordiv 2 + 1
    assert dims == out(h)
    assert [ev(dims[d], {s0: 9}) for d in range(len(dims)) if dims[d].free_symbols] == [5] * k
    # static input: the same layout gives Integers equal to the builder's static arithmetic
    static = tuple(9 if isinstance(d, sympy.Symbol) else d for d in xdims)
    ctx2, (x2, w2) = seeded(static, wdims)
    op2 = L.ConvOp.build(
        x2, w2, [3] * k, [2] * k, [1] * (2 * k), [1] * k, layout=layout, weight_layout=wl
    )
    dims2 = run(op2, ctx2)
    assert all(d.is_Integer for d in dims2)
    assert tuple(map(int, dims2)) == op2.results[0].type.shape


def test_conv_asymmetric_pad_stride_dilation_per_axis() -> None:
    ctx, (x, w) = seeded((1, 2, s0, s1), (4, 2, 3, 5))
    op = L.ConvOp.build(x, w, [3, 5], [2, 3], [1, 0, 2, 4], [2, 1])
    _, _, h, wd = run(op, ctx)
    for a, b in itertools.product(range(6, 20), range(6, 20)):
        env = {s0: a, s1: b}
        assert ev(h, env) == (a + 1 + 2 - 2 * 2 - 1) // 2 + 1
        assert ev(wd, env) == (b + 0 + 4 - 1 * 4 - 1) // 3 + 1


def test_conv_group() -> None:
    ctx, (x, w) = seeded((1, 8, 5, 5), (6, 4, 3, 3))
    op = L.ConvOp.build(x, w, [3, 3], [1, 1], [0, 0, 0, 0], [1, 1], group=2)
    assert run(op, ctx) == (1, 6, 3, 3)
    assert ctx.equalities == []
    # dynamic input channels: C_in == group * W[1]
    ctx, (x, w) = seeded((1, s0, 5, 5), (6, 4, 3, 3))
    op = L.ConvOp.build(x, w, [3, 3], [1, 1], [0, 0, 0, 0], [1, 1], group=2)
    assert run(op, ctx) == (1, 6, 3, 3)
    assert ctx.equalities == [(s0, 8)]
    # dynamic weight channels (depthwise-style group = C_in)
    ctx, (x, w) = seeded((1, 8, 5, 5), (8, s1, 3, 3))
    op = L.ConvOp.build(x, w, [3, 3], [1, 1], [0, 0, 0, 0], [1, 1], group=8)
    run(op, ctx)
    assert ctx.equalities == [(8, 8 * s1)]
    # contradictions
    ctx, (x, w) = seeded((1, 8, 5, 5), (6, 3, 3, 3))
    op = L.ConvOp.build(x, w, [3, 3], [1, 1], [0] * 4, [1, 1], group=2, result_type=T(1))
    assert "dimension mismatch: 8 vs 6" in error_of(lambda: op.infer_symbolic_shape(ctx))
    ctx, (x, w) = seeded((1, 8, 5, 5), (5, 4, 3, 3))
    op = L.ConvOp.build(x, w, [3, 3], [1, 1], [0] * 4, [1, 1], group=2, result_type=T(1))
    assert "output features (5) must be divisible by group (2)" in error_of(
        lambda: op.infer_symbolic_shape(ctx)
    )


def test_conv_weight_spatial_sizes_equal_kernel_and_bias() -> None:
    ctx, (x, w, b) = seeded((s0, 3, 8, 8), (s1, 3, s2, 3), (s3,))
    op = L.ConvBiasOp.build(x, w, b, [3, 3], [1, 1], [0] * 4, [1, 1])
    assert run(op, ctx) == (s0, s1, 6, 6)
    assert (s2, 3) in ctx.equalities and (s1, s3) in ctx.equalities
    ctx, (x, w, b) = seeded((s0, 3, 8, 8), (s1, 3, 3, 3), (16,))
    op = L.ConvBiasOp.build(x, w, b, [3, 3], [1, 1], [0] * 4, [1, 1])
    assert run(op, ctx) == (s0, 16, 6, 6)  # the static bias size wins


def test_conv_unranked_weight_leaves_features_unknown() -> None:
    ctx = FakeShapeContext()
    x, w = args(T(1, 3, 8, 8), UnrankedTensorType(f32))
    op = L.ConvOp.build(x, w, [3, 3], [1, 1], [0] * 4, [1, 1])
    assert run(op, ctx) == (1, None, 6, 6)
    (b,) = args(T(Q))
    ctx.set_shape(b, (s0,))
    op = L.ConvBiasOp.build(x, w, b, [3, 3], [1, 1], [0] * 4, [1, 1])
    assert run(op, ctx) == (1, s0, 6, 6)  # the features from the bias


def test_conv_nothing_known() -> None:
    x, w = args(UnrankedTensorType(f32), T(4, 3, 3, 3))
    op = L.ConvOp.build(x, w, [3, 3], [1, 1], [0] * 4, [1, 1])
    assert op.infer_symbolic_shape(FakeShapeContext()) is False


def test_conv_window_does_not_fit() -> None:
    ctx, (x, w) = seeded((1, 3, s0, 8), (4, 3, 3, 3))
    ctx.set_shape(x, (I(1), I(3), I(2), I(8)))  # e.g. s0 was found equal to 2
    op = L.ConvOp.build(x, w, [3, 3], [1, 1], [0] * 4, [1, 1])
    assert "window of extent 3 does not fit spatial dimension 0 of size 2" in error_of(
        lambda: op.infer_symbolic_shape(ctx)
    )


# --------------------------------------------------------------------------- pooling


def test_max_pool_static_worked_example() -> None:
    """Spec §4.5 (test max_pool_static)."""
    ctx, (x,) = seeded((2, 64, 9, 17))
    op = L.MaxPoolOp.build(x, [7, 7], [2, 2], [3, 1, 3, 1], [2, 1], layout="NCHW")
    assert run(op, ctx) == (2, 64, 2, 7)


def _torch_pool(n: int, k: int, s: int, p: int, d: int, ceil: bool) -> int:
    out = (n + 2 * p - d * (k - 1) - 1 + (s - 1 if ceil else 0)) // s + 1
    if ceil and (out - 1) * s >= n + p:
        out -= 1
    return out


@pytest.mark.parametrize("layout", ["NCW", "NWC", "NCHW", "NHWC"])
@pytest.mark.parametrize("ceil_mode", [False, True])
def test_max_pool_ceil_mode_and_layouts(layout: str, ceil_mode: bool) -> None:
    k = 1 if layout in ("NCW", "NWC") else 2
    last = layout in ("NWC", "NHWC")
    xdims = (2, *[s0] * k, 5) if last else (2, 5, *[s0] * k)
    ctx, (x,) = seeded(xdims)
    op = L.MaxPoolOp.build(
        x, [3] * k, [2] * k, [1] * (2 * k), [1] * k, ceil_mode=ceil_mode, layout=layout
    )
    dims = run(op, ctx)
    assert dims[0] == 2 and (dims[-1] if last else dims[1]) == 5
    for n in range(2, 40):
        for d in dims[1:-1] if last else dims[2:]:
            assert ev(d, {s0: n}) == _torch_pool(n, 3, 2, 1, 1, ceil_mode)


def test_max_pool_ceil_mode_static_is_integer() -> None:
    ctx, (x,) = seeded((1, 1, 5, 6))
    op = L.MaxPoolOp.build(x, [2, 2], [2, 2], [0] * 4, [1, 1], ceil_mode=True)
    assert run(op, ctx) == (1, 1, 3, 3)
    assert all(d.is_Integer for d in ctx.raw_shape(op.results[0]))
    op = L.MaxPoolOp.build(x, [2, 2], [2, 2], [0] * 4, [1, 1], ceil_mode=False)
    assert run(op, ctx) == (1, 1, 2, 3)


def test_max_pool_3d() -> None:
    ctx, (x,) = seeded((s0, 4, s1, s2, 10))
    op = L.MaxPoolOp.build(x, [2, 2, 2], [2, 2, 2], [0] * 6, [1, 1, 1])
    dims = run(op, ctx)
    assert dims[:2] == (s0, 4) and dims[4] == 5
    assert ev(dims[2], {s1: 7}) == 3 and ev(dims[3], {s2: 8}) == 4


def test_adaptive_average_pool() -> None:
    ctx, (x,) = seeded((s0, 64, s1, s2))
    assert run(L.AdaptiveAvgPoolOp.build(x, [1, 1]), ctx) == (s0, 64, 1, 1)
    assert run(L.AdaptiveAvgPoolOp.build(x, [7]), ctx) == (s0, 64, s1, 7)
    op = L.AdaptiveAvgPoolOp.build(x, [1, 1, 1, 1])
    assert "no dimensions besides" in error_of(lambda: op.infer_symbolic_shape(ctx))


# --------------------------------------------------------------------------- shape-preserving


@pytest.mark.parametrize("make", [
    L.ReluOp.build, L.AbsOp.build, L.SqrtOp.build, L.ExpOp.build, L.RsqrtOp.build,
    lambda v: L.DropOp.build(v, 0.5), lambda v: L.ConvertToOp.build(v, i32),
])  # fmt: skip
def test_unary_shape_preserving(make: Callable[[Value], Operation]) -> None:
    ctx, (x,) = seeded((s0, 3, s1))
    assert run(make(x), ctx) == (s0, 3, s1)
    ctx, (x,) = seeded((2, 3))
    assert run(make(x), ctx) == (2, 3)


def test_unary_on_scalars_and_unranked_infers_nothing() -> None:
    (f,) = args(f32)
    assert L.SqrtOp.build(f).infer_symbolic_shape(FakeShapeContext()) is False
    (u,) = args(UnrankedTensorType(f32))
    assert L.ReluOp.build(u).infer_symbolic_shape(FakeShapeContext()) is False


def test_batch_norm() -> None:
    ctx, (x, a, b, m, v) = seeded((s0, s1, 7, 7), (64,), (s2,), (64,), (64,))
    op = L.BatchNormOp.build(x, a, b, m, v)
    assert run(op, ctx) == (s0, 64, 7, 7)
    assert (s1, 64) in ctx.equalities and (64, s2) in ctx.equalities
    ctx, (x, a, b, m, v) = seeded((s0, 7, 7, 32), (32,), (32,), (32,), (32,))
    assert run(L.BatchNormOp.build(x, a, b, m, v, feature_index=3), ctx) == (s0, 7, 7, 32)
    assert ctx.equalities == []


def test_layer_norm() -> None:
    ctx, (x, a, b) = seeded((s0, s1, s2), (s1, 768), (1, 768))
    op = L.LayerNormOp.build(x, a, b, axis=1)
    assert run(op, ctx) == (s0, s1, 768)
    assert ctx.equalities == [(s2, 768)]
    ctx, (x, a, b) = seeded((s0, s1, 768), (768,), (768,))
    assert run(L.LayerNormOp.build(x, a, b, axis=-1), ctx) == (s0, s1, 768)
    assert ctx.equalities == []


# --------------------------------------------------------------------------- elementwise binary


BINARY = [L.AddOp, L.SubOp, L.MulOp, L.DivOp, L.MaxOp, L.MinOp, L.PowOp]


@pytest.mark.parametrize("cls", BINARY)
def test_binary_broadcasting_any_ranks(cls: type) -> None:
    ctx, (a, b) = seeded((1, 3), (4, 1, 1))
    assert run(cls.build(a, b), ctx) == (4, 1, 3)  # the reference got this wrong (§8.12)
    ctx, (a, b) = seeded((s0, 1, s1), (s2, 1))
    assert run(cls.build(a, b), ctx) == (s0, s2, s1)
    assert ctx.equalities == []
    ctx, (a, b) = seeded((s0, s1), (3,))
    assert run(cls.build(a, b), ctx) == (s0, 3)  # static beats dynamic, s1 == 3 recorded
    assert ctx.equalities == [(s1, 3)]
    ctx, (a, b) = seeded((s0, s1), (s2, s3))
    assert run(cls.build(a, b), ctx) == (s0, s1)
    assert ctx.equalities == [(s0, s2), (s1, s3)]
    ctx, (a, b) = seeded((), (s0, 2))
    assert run(cls.build(a, b), ctx) == (s0, 2)


def test_binary_static_mismatch_is_an_error() -> None:
    ctx, (a, b) = seeded((2, 3), (2, 4))
    op = L.AddOp.build(a, b, result_type=UnrankedTensorType(f32))
    assert "broadcast-compatible" in error_of(lambda: op.infer_symbolic_shape(ctx))


def test_compare_and_where() -> None:
    ctx, (a, b) = seeded((s0, 1), (1, s1))
    op = L.CompareOp.build(a, b, "GT")
    assert run(op, ctx) == (s0, s1)
    ctx, (a, b) = seeded((s0, 1), (1, s1))
    (p,) = args(T(Q, 1, 1, elt=i1))
    ctx.set_shape(p, (s2, I(1), I(1)))
    op = L.WhereOp.build(p, a, b)
    assert run(op, ctx) == (s2, s0, s1)


# --------------------------------------------------------------------------- integer scalars


def test_constant_rules() -> None:
    ctx = FakeShapeContext()
    c = L.ConstantOp.build_int(-7)
    assert c.infer_symbolic_shape(ctx) is True and ctx.scalars[c.results[0]] == -7
    dense = DenseElementsAttr(T(3, 4), (0x3F800000,))  # 1.0 as an f32 bit pattern
    op = L.ConstantOp.build(dense, result_type=UnrankedTensorType(f32))
    assert run(op, ctx) == (3, 4)
    assert L.ConstantOp.build(FloatAttr.from_value(2.0, f32)).infer_symbolic_shape(ctx) is False
    assert L.ConstantOp.build(IntegerAttr(1, i1)).infer_symbolic_shape(ctx) is False


def test_weight_rule() -> None:
    ctx = FakeShapeContext()
    assert run(L.WeightOp.build("w.npy", T(512, 10)), ctx) == (512, 10)
    assert run(L.WeightOp.build("w.npy", T(Q, 10)), ctx) == (None, 10)
    assert L.WeightOp.build("w.npy", UnrankedTensorType(f32)).infer_symbolic_shape(ctx) is False


def test_dim_and_shape_of() -> None:
    ctx, (x,) = seeded((s0, 512, 1, 1))
    for k, want in enumerate((s0, 512, 1, 1)):
        d = L.DimOp.build(x, const(k))
        assert d.infer_symbolic_shape(ctx) is True
        assert ctx.scalars[d.results[0]] == want
    d = L.DimOp.build(x, const(-4))
    d.infer_symbolic_shape(ctx)
    assert ctx.scalars[d.results[0]] == s0
    (k,) = args(i64)
    assert L.DimOp.build(x, k).infer_symbolic_shape(ctx) is False  # unknown index
    assert "out of range" in error_of(lambda: L.DimOp.build(x, const(4)).infer_symbolic_shape(ctx))
    sh = L.ShapeOfOp.build(x)
    assert sh.infer_symbolic_shape(ctx) is True
    assert [ctx.scalars[r] for r in sh.results] == [s0, 512, 1, 1]


def test_scalar_arithmetic() -> None:
    ctx = FakeShapeContext()
    a, b = args(i64, i64)
    ctx.set_scalar(a, s0)
    ctx.set_scalar(b, s1)
    cases = [(L.AddOp, s0 + s1), (L.SubOp, s0 - s1), (L.MulOp, s0 * s1)]
    for cls, want in cases:
        op = cls.build(a, b)
        assert op.infer_symbolic_shape(ctx) is True and ctx.scalars[op.results[0]] == want
    op = L.DivOp.build(a, b)
    op.infer_symbolic_shape(ctx)
    assert ev(ctx.scalars[op.results[0]], {s0: 7, s1: 2}) == 3
    # constants fold to Integers; division is floor division (signed)
    for cls, x, y, want in [
        (L.AddOp, 3, 4, 7), (L.SubOp, 3, 4, -1), (L.MulOp, 128, 7, 896),
        (L.DivOp, 7, 2, 3), (L.DivOp, -7, 2, -4), (L.DivOp, 7, -2, -4),
    ]:  # fmt: skip
        op = cls.build(const(x), const(y))
        op.infer_symbolic_shape(ctx)
        r = ctx.scalars[op.results[0]]
        assert r.is_Integer and r == want
    op = L.MulOp.build(const(128), a)
    op.infer_symbolic_shape(ctx)
    assert ctx.scalars[op.results[0]] == 128 * s0
    assert "division by zero" in error_of(
        lambda: L.DivOp.build(a, const(0)).infer_symbolic_shape(ctx)
    )
    # no rule: max/min scalars, unknown operands, float scalars
    assert L.MaxOp.build(a, b).infer_symbolic_shape(ctx) is False
    (u,) = args(i64)
    assert L.AddOp.build(a, u).infer_symbolic_shape(ctx) is False
    f, g = args(f32, f32)
    assert L.AddOp.build(f, g).infer_symbolic_shape(ctx) is False


def test_scalar_cast() -> None:
    ctx = FakeShapeContext()
    (n,) = args(i64)
    assert run(L.ScalarCastOp.build(n), ctx) == (1,)
    (t,) = args(T(1, elt=i64))
    assert L.ScalarCastOp.build(t).infer_symbolic_shape(ctx) is False


# --------------------------------------------------------------------------- matmul


def test_matmul() -> None:
    ctx, (a, b) = seeded((s0, s1), (512, 10))
    assert run(L.MatMulOp.build(a, b), ctx) == (s0, 10)
    assert ctx.equalities == [(s1, 512)]  # seed 000's `s1 EQ c512`
    ctx, (a, b) = seeded((s0, s1), (s1, s2))
    assert run(L.MatMulOp.build(a, b), ctx) == (s0, s2)
    assert ctx.equalities == []
    ctx, (a, b) = seeded((3, 512), (256, 10))
    op = L.MatMulOp.create_op((a, b), (UnrankedTensorType(f32),))
    assert "dimension mismatch: 512 vs 256" in error_of(lambda: op.infer_symbolic_shape(ctx))


def test_batch_matmul() -> None:
    ctx, (a, b) = seeded((s0, s1, 64), (8, s2, s3))
    assert run(L.BatchMatMulOp.build(a, b), ctx) == (8, s1, s3)
    assert ctx.equalities == [(64, s2), (s0, 8)]


# --------------------------------------------------------------------------- data / shape ops


def test_transpose() -> None:
    ctx, (x,) = seeded((s0, 3, s1, s2))
    assert run(L.TransposeOp.build(x, [3, 2, 1, 0]), ctx) == (s2, s1, 3, s0)


def test_reshape_from_scalars() -> None:
    """Seed 000's ResNet flatten: reshape(x, 1, 128 * dim(x, 2) * dim(x, 3))."""
    ctx, (x,) = seeded((1, 128, s0, s1))
    ops = [L.DimOp.build(x, const(2)), L.DimOp.build(x, const(3))]
    ops.append(L.MulOp.build(const(128), ops[0].results[0]))
    ops.append(L.MulOp.build(ops[2].results[0], ops[1].results[0]))
    for op in ops:
        assert op.infer_symbolic_shape(ctx)
    r = L.ReshapeOp.build(x, [const(1), ops[3].results[0]])
    assert run(r, ctx) == (1, 128 * s0 * s1)


def test_reshape_minus_one_and_counts() -> None:
    ctx, (x,) = seeded((s0, 3, 4))
    assert run(L.ReshapeOp.build(x, [const(-1), const(6)]), ctx) == (2 * s0, 6)
    assert run(L.ReshapeOp.build(x, [const(3), const(-1)]), ctx) == (3, 4 * s0)
    ctx, (x,) = seeded((s0, s1))
    dims = run(L.ReshapeOp.build(x, [const(2), const(-1)]), ctx)
    assert ev(dims[1], {s0: 4, s1: 3}) == 6
    ctx, (x,) = seeded((2, 3, 4))
    assert run(L.ReshapeOp.build(x, [const(-1), const(4)]), ctx) == (6, 4)
    (u,) = args(i64)
    assert run(L.ReshapeOp.build(x, [u, const(4)]), ctx) == (None, 4)
    for sizes, msg in [
        ([const(5), const(4)], "input has 24 elements but the result has 20"),
        ([const(-1), const(5)], "cannot split 24 elements into groups of 5"),
        ([const(-1), const(-1)], "at most one size operand may be -1"),
        ([const(-2), const(12)], "size operand 0 is negative"),
    ]:
        op = L.ReshapeOp.build(x, sizes, result_type=UnrankedTensorType(f32))
        assert msg in error_of(lambda op=op: op.infer_symbolic_shape(ctx))
    # Regression (found by the property test): `-1` beside a 0 of a 0-element input is
    # ambiguous, as in PyTorch; it is a diagnostic, not a division by zero.
    ctx, (x,) = seeded((1, 0, 0, 1))
    op = L.ReshapeOp.build(x, [const(0), const(-1)], result_type=UnrankedTensorType(f32))
    assert "cannot split 0 elements into groups of 0" in error_of(
        lambda: op.infer_symbolic_shape(ctx)
    )


def test_empty() -> None:
    ctx, (x,) = seeded((s0, s1))
    d = L.DimOp.build(x, const(1))
    d.infer_symbolic_shape(ctx)
    (u,) = args(i64)
    op = L.EmptyOp.build([d.results[0], const(3), u], f32)
    assert run(op, ctx) == (s1, 3, None)


def test_broadcast_to() -> None:
    ctx, (x,) = seeded((1, s0))
    d = L.DimOp.build(x, const(1))
    d.infer_symbolic_shape(ctx)
    (u,) = args(i64)
    ctx.set_scalar(u, s1)
    op = L.BroadcastToOp.build(x, [u, d.results[0]], cast_dims=[0])
    assert run(op, ctx) == (s1, s0)
    (w,) = args(i64)  # unknown size of a non-cast dim: the input's
    assert run(L.BroadcastToOp.build(x, [u, w], cast_dims=[0]), ctx) == (s1, s0)
    assert ctx.equalities == []
    assert run(L.BroadcastToOp.build(x, [const(4), const(7)], cast_dims=[0]), ctx) == (4, 7)
    assert ctx.equalities == [(s0, 7)]
    ctx, (y,) = seeded((s0,))  # rank-changing form: the operand sizes
    assert run(L.BroadcastToOp.build(y, [const(2), const(5)], cast_dims=[0]), ctx) == (2, 5)


def test_expand() -> None:
    ctx, (x,) = seeded((s0, 1))
    op = L.ExpandOp.build(x, [const(3), const(-1), const(5)])
    assert run(op, ctx) == (3, s0, 5)
    assert ctx.equalities == []
    (u,) = args(i64)
    assert run(L.ExpandOp.build(x, [u, const(4)]), ctx) == (s0, 4)  # unknown: the input's
    assert run(L.ExpandOp.build(x, [const(6), u]), ctx) == (6, None)
    assert ctx.equalities == [(s0, 6)]
    op = L.ExpandOp.build(x, [const(-1), const(3), const(5)], result_type=UnrankedTensorType(f32))
    assert "-1 for a new dimension" in error_of(lambda: op.infer_symbolic_shape(ctx))
    op = L.ExpandOp.build(x, [const(5)], result_type=UnrankedTensorType(f32))
    assert "cannot expand a rank-2 input to rank 1" in error_of(
        lambda: op.infer_symbolic_shape(ctx)
    )


def test_flatten() -> None:
    ctx, (x,) = seeded((s0, 128, s1, 2))
    assert run(L.FlattenOp.build(x, const(1)), ctx) == (s0, 256 * s1)
    assert run(L.FlattenOp.build(x, const(0)), ctx) == (256 * s0 * s1,)
    assert run(L.FlattenOp.build(x, const(3)), ctx) == (s0, 128, s1, 2)
    ctx, (x,) = seeded((2, 3, 4))
    assert run(L.FlattenOp.build(x, const(1)), ctx) == (2, 12)
    (k,) = args(i64)
    assert L.FlattenOp.build(x, k).infer_symbolic_shape(ctx) is False


def test_cat() -> None:
    ctx, (a, b, c) = seeded((s0, 3), (s1, 3), (4, s2))
    assert run(L.CatOp.build([a, b, c], 0), ctx) == (s0 + s1 + 4, 3)
    assert ctx.equalities == [(3, s2)]
    ctx, (a, b) = seeded((s0, 3, 2), (s1, 3, 5))
    assert run(L.CatOp.build([a, b], -1), ctx) == (s0, 3, 7)
    assert ctx.equalities == [(s0, s1)]
    ctx, (a, b) = seeded((2, 3), (3,))
    op = L.CatOp.build([a, b], 0, result_type=UnrankedTensorType(f32))
    assert "same rank" in error_of(lambda: op.infer_symbolic_shape(ctx))


def test_extract() -> None:
    ctx, (x, v) = seeded((s0, 3, s1), (s2,))
    assert run(L.ExtractOp.build(x, const(0)), ctx) == (3, s1)
    assert run(L.ExtractOp.build(v, const(-1)), ctx) == ()  # rank-0 result (D1)
    ctx, (y,) = seeded((4, 2))
    op = L.ExtractOp.build(y, const(4))
    assert "index 4 is out of range" in error_of(lambda: op.infer_symbolic_shape(ctx))
    op = L.ExtractOp.build(y, const(-4))
    assert run(op, ctx) == (2,)


def test_slice_and_stride_slice() -> None:
    ctx, (x,) = seeded((10, s0, s1))
    int64_max = (1 << 63) - 1  # torch's end of `x[a:]`
    op = L.SliceOp.build(
        x, [const(2), const(1), const(0)], [const(100), const(-1), const(int64_max)],
        UnrankedTensorType(f32),
    )  # fmt: skip
    assert run(op, ctx) == (8, s0 - 2, s1)
    (lo,) = args(i64)
    ctx.set_scalar(lo, s2)
    op = L.StrideSliceOp.build(
        x, [const(1), lo, const(-3)], [const(10), const(int64_max), const(-1)],
        [const(3), const(2), const(1)], UnrankedTensorType(f32),
    )  # fmt: skip
    dims = run(op, ctx)
    assert dims[0] == 3 and dims[2] == 2
    for a, b in itertools.product(range(1, 12), range(0, 12)):
        if b < a:
            assert ev(dims[1], {s0: a, s2: b}) == len(range(b, a, 2))
    (u,) = args(i64)
    op = L.SliceOp.build(
        x, [u, const(0), const(0)], [const(5), const(1), const(1)], UnrankedTensorType(f32)
    )
    assert run(op, ctx) == (None, 1, 1)
    op = L.StrideSliceOp.build(
        x, [const(0)] * 3, [const(1)] * 3, [const(0)] * 3, UnrankedTensorType(f32)
    )
    assert "stride is zero" in error_of(lambda: op.infer_symbolic_shape(ctx))
    ctx2, (y,) = seeded((10,))
    op = L.StrideSliceOp.build(y, [const(8)], [const(-100)], [const(-3)], UnrankedTensorType(f32))
    assert run(op, ctx2) == (3,)  # Python semantics: 8, 5, 2


@pytest.mark.parametrize("cls", [L.ReduceMaxOp, L.ReduceMinOp, L.ReduceSumOp])
def test_reduce(cls: type) -> None:
    ctx, (x,) = seeded((s0, 3, s1, 4))
    assert run(cls.build(x, [1, -1]), ctx) == (s0, s1)
    assert run(cls.build(x, [0, 1, 2, 3]), ctx) == ()
    (y,) = args(T(1, 2, 3, 4, 5))
    op = cls.build(y, [4])
    ctx.set_shape(y, (s0, s1))  # e.g. a rank the context knows better
    assert "'axis' value 4 is out of range for rank 2" in error_of(
        lambda: op.infer_symbolic_shape(ctx)
    )


# --------------------------------------------------------------------------- from text


RESNET_TAIL = """
func.func @main(%arg0: tensor<1x3x?x?xf32>) -> tensor<*xf32> {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %c3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %c128 = "llh.constant"() <{value = 128 : i64}> : () -> i64
  %w0 = "llh.weight"() <{weight_file = "w0.npy"}> : () -> tensor<128x3x3x3xf32>
  %0 = "llh.conv"(%arg0, %w0) <{dilation = array<i64: 1, 1>, group = 1 : i64,
      kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}>
      : (tensor<1x3x?x?xf32>, tensor<128x3x3x3xf32>) -> tensor<*xf32>
  %1 = "llh.relu"(%0) : (tensor<*xf32>) -> tensor<*xf32>
  %2 = "llh.dim"(%1, %c2) : (tensor<*xf32>, i64) -> i64
  %3 = "llh.dim"(%1, %c3) : (tensor<*xf32>, i64) -> i64
  %4 = "llh.mul"(%c128, %2) : (i64, i64) -> i64
  %5 = "llh.mul"(%4, %3) : (i64, i64) -> i64
  %6 = "llh.reshape"(%1, %c1, %5) : (tensor<*xf32>, i64, i64) -> tensor<*xf32>
  %w1 = "llh.weight"() <{weight_file = "w1.npy"}> : () -> tensor<100352x512xf32>
  %7 = "llh.matmul"(%6, %w1) : (tensor<*xf32>, tensor<100352x512xf32>) -> tensor<*xf32>
  return %7 : tensor<*xf32>
}
"""


def test_rules_over_parsed_text() -> None:
    """A mini driver over parsed IR: every op with a rule runs it in program order."""
    module = parse_source(RESNET_TAIL)
    ctx = FakeShapeContext()
    ran = []
    for op in module.walk():
        rule = getattr(op, "infer_symbolic_shape", None)
        if rule is not None and rule(ctx):
            ran.append(op.name)
    assert ran.count("llh.constant") == 5 and "llh.matmul" in ran
    ops = {op.name: op for op in module.walk()}
    q0, q1 = ctx.shape(
        next(op for op in module.walk() if op.name == "func.func").regions[0].entry.args[0]
    )[2:]
    h = R.floordiv(q0 - 1, 2) + 1
    w = R.floordiv(q1 - 1, 2) + 1
    assert ctx.raw_shape(ops["llh.conv"].results[0]) == (1, 128, h, w)
    assert ctx.raw_shape(ops["llh.reshape"].results[0]) == (1, 128 * h * w)
    assert ctx.raw_shape(ops["llh.matmul"].results[0]) == (1, 512)
    assert ctx.equalities == [(128 * h * w, 100352)]  # 224x224: 128 * 28 * 28


# --------------------------------------------------------------------------- property


def _conv_out(n: int, k: int, s: int, pb: int, pe: int, d: int) -> int:
    """PyTorch/ONNX convolution output size (floor)."""
    return (n + pb + pe - d * (k - 1) - 1) // s + 1


class _Graph:
    """Random graph state: values with their rule-derived dims and independently computed
    concrete shapes, the concrete value of every symbol, and the context."""

    def __init__(self, data: st.DataObject) -> None:
        self.data = data
        self.ctx = FakeShapeContext()
        self.env: dict[sympy.Symbol, int] = {}
        self.values: list[tuple[Value, tuple[int, ...]]] = []
        self.ops: list[tuple[Operation, tuple[int, ...]]] = []
        self.n = 0

    def draw(self, strategy):  # type: ignore[no-untyped-def]
        return self.data.draw(strategy)

    def symbol(self, value: int) -> sympy.Symbol:
        s = sympy.Symbol(f"r{self.n}", integer=True, positive=True)
        self.n += 1
        self.env[s] = value
        return s

    def input(
        self, concrete: Sequence[int], dims: Sequence[sympy.Expr | None] | None = None
    ) -> Value:
        """A fresh argument with `concrete` sizes; each dim static or a fresh symbol unless
        `dims` gives it."""
        if dims is None:
            dims = [None] * len(concrete)
        out = []
        for c, d in zip(concrete, dims):
            if d is None:
                d = I(c) if self.draw(st.booleans()) else self.symbol(c)
            out.append(d)
        (v,) = args(T(*(int(d) if d.is_Integer else Q for d in out)))
        self.ctx.set_shape(v, out)
        self.values.append((v, tuple(concrete)))
        return v

    def fresh_input(self, rank: int, lo: int = 1, hi: int = 12) -> Value:
        return self.input([self.draw(st.integers(lo, hi)) for _ in range(rank)])

    def like(self, dim: sympy.Expr, concrete: int) -> sympy.Expr:
        """A dim equal to `dim` at the concrete point: the same expression, a fresh symbol
        (recorded equal by the rule), or the static size."""
        kind = self.draw(st.sampled_from(["same", "fresh", "static"]))
        if kind == "same":
            return dim
        return self.symbol(concrete) if kind == "fresh" else I(concrete)

    def pick(
        self, ok: Callable[[tuple[int, ...]], bool] = lambda c: True
    ) -> tuple[Value, tuple[int, ...]] | None:
        cands = [vc for vc in self.values if ok(vc[1])]
        return self.draw(st.sampled_from(cands)) if cands else None

    def add(self, op: Operation, concrete: Sequence[int]) -> None:
        assert op.infer_symbolic_shape(self.ctx) is True
        self.ops.append((op, tuple(concrete)))
        self.values.append((op.results[0], tuple(concrete)))


def _dim(g: _Graph, a: Value, i: int) -> Value:
    d = L.DimOp.build(a, const(i))
    assert d.infer_symbolic_shape(g.ctx)
    return d.results[0]


def _step(g: _Graph) -> None:
    kind = g.draw(
        st.sampled_from(
            ["conv", "pool", "matmul", "binary", "transpose", "reshape", "expand", "reduce", "cat"]
            + ["broadcast_to", "flatten", "slice", "batch_matmul"]
        )
    )
    if kind in ("conv", "pool"):
        k = g.draw(st.integers(1, 3))
        last = g.draw(st.booleans())
        layout = ("NWC", "NHWC", "NHWC")[k - 1] if last else ("NCW", "NCHW", "NCHW")[k - 1]
        rank = k + 2
        spatial = range(1, rank - 1) if last else range(2, rank)
        cax = rank - 1 if last else 1
        ker = [g.draw(st.integers(1, 3)) for _ in range(k)]
        dil = [g.draw(st.integers(1, 2)) for _ in range(k)]
        stride = [g.draw(st.integers(1, 3)) for _ in range(k)]
        ext = [d * (kk - 1) + 1 for d, kk in zip(dil, ker)]
        if kind == "pool":  # PyTorch: pad <= half the (dilated) window
            pads = [g.draw(st.integers(0, e // 2)) for e in ext]
            pad = [*pads, *pads]
        else:
            pad = [g.draw(st.integers(0, 2)) for _ in range(2 * k)]

        def fits(c: tuple[int, ...]) -> bool:
            return len(c) == rank and all(
                c[a] + pad[i] + pad[i + k] >= ext[i] for i, a in enumerate(spatial)
            )

        picked = g.pick(fits)
        if picked is None or g.draw(st.booleans()):
            conc = [g.draw(st.integers(1, 4)) for _ in range(rank)]
            for a in spatial:
                conc[a] = g.draw(st.integers(8, 40))
            x = g.input(conc)
        else:
            x, conc = picked
        xd = g.ctx.shape(x)
        out = list(conc)
        if kind == "pool":
            ceil = g.draw(st.booleans())
            op = L.MaxPoolOp.build(
                x,
                ker,
                stride,
                pad,
                dil,
                ceil_mode=ceil,
                layout=layout,
                result_type=UnrankedTensorType(f32),
            )
            for i, a in enumerate(spatial):
                out[a] = _torch_pool(conc[a], ker[i], stride[i], pad[i], dil[i], ceil)
        else:
            c_in = conc[cax]
            group = g.draw(st.sampled_from([d for d in (1, 2, 3) if c_in % d == 0]))
            feats = group * g.draw(st.integers(1, 3))
            if group == 1:
                wc = g.like(xd[cax], c_in)
            else:
                wc = I(c_in // group)
            wconc = [feats, c_in // group, *ker]
            w = g.input(wconc, [None, wc, *map(I, ker)])
            op = L.ConvOp.build(
                x,
                w,
                ker,
                stride,
                pad,
                dil,
                group=group,
                layout=layout,
                result_type=UnrankedTensorType(f32),
            )
            for i, a in enumerate(spatial):
                out[a] = _conv_out(conc[a], ker[i], stride[i], pad[i], pad[i + k], dil[i])
            out[cax] = feats
        g.add(op, out)
    elif kind == "matmul":
        picked = g.pick(lambda c: len(c) == 2) or (None, None)
        a, ac = picked
        if a is None:
            a = g.fresh_input(2)
            ac = g.values[-1][1]
        n = g.draw(st.integers(1, 9))
        b = g.input([ac[1], n], [g.like(g.ctx.shape(a)[1], ac[1]), None])
        g.add(L.MatMulOp.create_op((a, b), (UnrankedTensorType(f32),)), (ac[0], n))
    elif kind == "binary":
        a, ac = g.pick()  # type: ignore[misc]
        ad = g.ctx.shape(a)
        rank = g.draw(st.integers(0, len(ac) + 1))
        bd: list[sympy.Expr] = []
        bc: list[int] = []
        for j in range(rank):
            i = len(ac) - rank + j
            if i < 0:
                c = g.draw(st.integers(1, 5))
                bd.append(g.symbol(c) if g.draw(st.booleans()) else I(c))
                bc.append(c)
            elif g.draw(st.integers(0, 3)) == 0:
                bd.append(I(1))
                bc.append(1)
            else:
                bd.append(g.like(ad[i], ac[i]))
                bc.append(ac[i])
        b = g.input(bc, bd)
        lhs, rhs = (a, b) if g.draw(st.booleans()) else (b, a)
        cls = g.draw(st.sampled_from([L.AddOp, L.MulOp, L.MaxOp, L.SubOp]))
        g.add(
            cls.create_op((lhs, rhs), (UnrankedTensorType(f32),)),
            np.broadcast_shapes(ac, tuple(bc)),
        )
    elif kind == "transpose":
        a, ac = g.pick()  # type: ignore[misc]
        perm = g.draw(st.permutations(range(len(ac))))
        g.add(L.TransposeOp.build(a, perm), [ac[p] for p in perm])
    elif kind == "reshape":
        a, ac = g.pick(lambda c: len(c) >= 1)  # type: ignore[misc]
        k = g.draw(st.integers(0, len(ac) - 1))
        sizes: list[Value] = []
        for i in range(k):
            d = L.DimOp.build(a, const(i))
            assert d.infer_symbolic_shape(g.ctx)
            sizes.append(d.results[0])
        # A `-1` beside known sizes whose product is 0 is ambiguous (PyTorch rejects it too).
        if math.prod(ac[:k]) != 0 and g.draw(st.booleans()):
            sizes.append(const(-1))
        else:  # the product of the trailing dims through llh.dim / llh.mul
            acc = const(1)
            for i in range(k, len(ac)):
                d = L.DimOp.build(a, const(i))
                m = L.MulOp.build(acc, d.results[0])
                assert d.infer_symbolic_shape(g.ctx) and m.infer_symbolic_shape(g.ctx)
                acc = m.results[0]
            sizes.append(acc)
        g.add(L.ReshapeOp.build(a, sizes, UnrankedTensorType(f32)), (*ac[:k], math.prod(ac[k:])))
    elif kind == "expand":
        a, ac = g.pick()  # type: ignore[misc]
        new = g.draw(st.integers(0, 2))
        lead = [g.draw(st.integers(1, 4)) for _ in range(new)]
        # torch.expand: -1 keeps a dimension, a size-1 dimension may grow
        # (a dynamic size is never 1 by the rules' convention: only a static 1 grows)
        ad = g.ctx.shape(a)
        choice = [-1 if d != 1 or g.draw(st.booleans()) else 3 for d in ad]
        sizes = [const(c) for c in (*lead, *choice)]
        target = (*lead, *(c if v == -1 else v for c, v in zip(ac, choice)))
        g.add(L.ExpandOp.build(a, sizes, UnrankedTensorType(f32)), target)
    elif kind == "reduce":
        a, ac = g.pick(lambda c: len(c) >= 1)  # type: ignore[misc]
        axes = g.draw(st.lists(st.integers(0, len(ac) - 1), unique=True, min_size=1))
        g.add(L.ReduceSumOp.build(a, axes), [c for i, c in enumerate(ac) if i not in axes])
    elif kind == "broadcast_to":  # static 1s grow (cast_dims), the other sizes via llh.dim
        a, ac = g.pick()  # type: ignore[misc]
        sizes, cast, target = [], [], []
        for i, (d, c) in enumerate(zip(g.ctx.shape(a), ac)):
            if d is R.ONE and g.draw(st.booleans()):
                n = g.draw(st.integers(2, 5))
                sizes.append(const(n))
                cast.append(i)
                target.append(n)
            else:
                sizes.append(_dim(g, a, i))
                target.append(c)
        g.add(L.BroadcastToOp.build(a, sizes, cast, UnrankedTensorType(f32)), target)
    elif kind == "flatten":
        a, ac = g.pick(lambda c: len(c) >= 1)  # type: ignore[misc]
        k = g.draw(st.integers(0, len(ac) - 1))
        g.add(L.FlattenOp.build(a, const(k), UnrankedTensorType(f32)), (*ac[:k], math.prod(ac[k:])))
    elif kind == "slice":  # constant indices in range, torch's open end, or llh.dim as the end
        a, ac = g.pick(lambda c: len(c) >= 1)  # type: ignore[misc]
        starts, ends, strides, out = [], [], [], []
        for i, c in enumerate(ac):
            lo = g.draw(st.integers(0, c))
            start = lo - c if lo < c and g.draw(st.booleans()) else lo  # negative: from the end
            end_kind = g.draw(st.sampled_from(["const", "open", "dim"]))
            hi = g.draw(st.integers(lo, c)) if end_kind == "const" else c
            step = g.draw(st.integers(1, 3))
            starts.append(const(start))
            ends.append(
                const(hi) if end_kind == "const" else
                const((1 << 63) - 1) if end_kind == "open" else _dim(g, a, i)
            )  # fmt: skip
            strides.append(const(step))
            out.append(len(range(lo, hi, step)))
        g.add(L.StrideSliceOp.build(a, starts, ends, strides, UnrankedTensorType(f32)), out)
    elif kind == "batch_matmul":
        picked = g.pick(lambda c: len(c) == 3)
        a, ac = picked if picked is not None else (g.fresh_input(3), None)
        ac = ac or g.values[-1][1]
        ad = g.ctx.shape(a)
        n = g.draw(st.integers(1, 6))
        b = g.input([ac[0], ac[2], n], [g.like(ad[0], ac[0]), g.like(ad[2], ac[2]), None])
        op = L.BatchMatMulOp.create_op((a, b), (UnrankedTensorType(f32),))
        g.add(op, (ac[0], ac[1], n))
    else:  # cat
        a, ac = g.pick(lambda c: len(c) >= 1)  # type: ignore[misc]
        ad = g.ctx.shape(a)
        d = g.draw(st.integers(0, len(ac) - 1))
        extra = g.draw(st.integers(1, 6))
        bc = list(ac)
        bc[d] = extra
        b = g.input(bc, [None if i == d else g.like(ad[i], ac[i]) for i in range(len(ac))])
        out = list(ac)
        out[d] += extra
        g.add(L.CatOp.build([a, b], d, UnrankedTensorType(f32)), out)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_property_rules_match_independent_shapes(data: st.DataObject) -> None:
    g = _Graph(data)
    g.fresh_input(data.draw(st.integers(1, 4)), 1, 6)
    for _ in range(data.draw(st.integers(1, 8))):
        _step(g)
    for op, concrete in g.ops:
        dims = g.ctx.raw_shape(op.results[0])
        assert dims is not None and None not in dims
        got = tuple(ev(d, g.env) for d in dims)
        assert got == tuple(concrete), (op.name, dims, g.env)
        if all(
            all(d.is_Integer for d in (g.ctx.shape(v) or ())) for v in op.operands if v.type != i64
        ):
            assert all(d.is_Integer for d in dims), (op.name, dims)
    for a, b in g.ctx.equalities:  # every recorded equality holds at the concrete point
        assert ev(a, g.env) == ev(b, g.env)


# --------------------------------------------------------------------------- performance


def test_rules_are_light() -> None:
    """A chain of symbolic conv/relu/add/pool rules costs the same per rule however long the chain
    (counted calls, support/complexity.py; the speed itself is measured by tools/bench)."""
    assert_linear(_rule_chain, 40)


def _rule_chain(n: int):  # type: ignore[no-untyped-def]
    ctx, (x, w) = seeded((s0, 16, s1, s2), (16, 16, 3, 3))
    return lambda: _run_rule_chain(ctx, x, w, n)


def _run_rule_chain(ctx, x, w, n: int) -> None:  # type: ignore[no-untyped-def]
    v = x
    for i in range(n):
        conv = L.ConvOp.build(
            v, w, [3, 3], [1 + i % 2, 1], [1, 1, 1, 1], [1, 1], result_type=UnrankedTensorType(f32)
        )
        conv.infer_symbolic_shape(ctx)
        relu = L.ReluOp.create_op((conv.results[0],), (UnrankedTensorType(f32),))
        relu.infer_symbolic_shape(ctx)
        add = L.AddOp.create_op((relu.results[0], conv.results[0]), (UnrankedTensorType(f32),))
        add.infer_symbolic_shape(ctx)
        pool = L.MaxPoolOp.build(
            add.results[0],
            [1, 1],
            [1, 1],
            [0] * 4,
            [1, 1],
            ceil_mode=bool(i % 3),
            result_type=UnrankedTensorType(f32),
        )
        pool.infer_symbolic_shape(ctx)
        v = pool.results[0] if i % 50 else x
