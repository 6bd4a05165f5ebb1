"""Elementwise LLH ops → one loop nest each (implicit numpy broadcasting as index maps).

Lowered here: ``llh.add sub mul div max min pow`` (tensors with broadcasting, and scalars),
``relu abs sqrt rsqrt exp drop`` (drop is the identity in inference mode: the result shares the
input's buffer), ``compare`` (→ i1), ``where``, ``convert_to``.

Per element: floats use ``arith.addf/subf/mulf/divf/maximumf/minimumf`` (NaN-propagating, as
numpy's ``maximum``/``minimum``) and ``math.powf/absf/sqrt/rsqrt/exp``; ``f16``/``bf16`` compute in
``f32`` and round once (numpy's half-precision semantics); integers use ``arith.addi/subi/muli``,
``floordivsi`` (numpy's ``//``, as the LLH folder; a zero divisor gives 0 instead of trapping),
``maxsi/minsi``, square-and-multiply for ``pow``, ``math.absi``; compare uses ordered float predicates (``une`` for NE, so NaN != NaN) and signed
integer predicates. Integer scalars (``i64`` sizes) go to ``scalar.py``.

``emit_elementwise(ctx, result, operands, fn)`` is the shared helper: allocate the result, one
``scf.parallel`` over its dimensions, load every operand with broadcasting, store ``fn(values)``.

What does not live here: ``broadcast_to`` (``broadcast.py``), reductions, data movement.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from llh_opt.ir.attributes import Attribute
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import FloatType, IntegerType, RankedTensorType, Type, VectorType, f32
from llh_opt.lowering.context import LoweringContext
from llh_opt.lowering.fusion import defer_elementwise, element_at
from llh_opt.lowering.registry import lowers
from llh_opt.lowering.vector_loops import emit_maybe_one_guard, emit_vectorized

__all__ = ["compute_type", "emit_elementwise", "float_binary", "unary_value"]


def element_type(t: Type) -> Type:
    return t.element_type if isinstance(t, RankedTensorType) else t  # type: ignore[return-value]


def compute_type(t: Type) -> Type:
    """The type the arithmetic runs in: f32 for f16/bf16, else `t`."""
    if isinstance(t, FloatType) and t.name in ("f16", "bf16"):
        return f32
    return t


def emit_elementwise(
    ctx: LoweringContext,
    result: Value,
    operands: Sequence[Value],
    fn: Callable[[list[Value]], Value],
) -> Value | None:
    """Fill a fresh buffer for tensor `result` with `fn(elements of operands)` under
    broadcasting; returns the buffer, or None when the op being lowered is deferred into its
    consumer's loop (``fusion.defer_elementwise``). Deferred operands are computed in this
    loop (``fusion.element_at``)."""
    op = ctx.op
    if op is not None and op.results[0] is result and defer_elementwise(op, ctx, operands, fn):
        return None
    out = ctx.alloc_for(result)
    if emit_vectorized(ctx, result, operands, fn, out):
        return out

    def nest() -> None:
        with ctx.loop_nest(ctx.dims(result)) as ivs:
            loaded: dict[Value, Value] = {}  # an operand used twice is loaded once
            vals = [element_at(ctx, v, ivs, loaded) for v in operands]
            ctx.store(fn(vals), out, ivs)

    if not emit_maybe_one_guard(ctx, result, operands, fn, out, nest):
        nest()
    return out


def _widen(ctx: LoweringContext, x: Value) -> Value:
    ct = compute_type(x.type)
    return ctx.convert(x, ct) if ct is not x.type else x


def _fastmath_free(ctx: LoweringContext, name: str, args: Sequence[Value]) -> Value:
    return ctx.create1(name, args, args[0].type)


FLOAT_BINARY = {
    "llh.add": "arith.addf",
    "llh.sub": "arith.subf",
    "llh.mul": "arith.mulf",
    "llh.div": "arith.divf",
    "llh.max": "arith.maximumf",
    "llh.min": "arith.minimumf",
    "llh.pow": "math.powf",
}
INT_BINARY = {
    # also the scalar (index) formulas of `lowering/scalar.py`
    "llh.add": "arith.addi",
    "llh.sub": "arith.subi",
    "llh.mul": "arith.muli",
    "llh.div": "arith.floordivsi",
    "llh.max": "arith.maxsi",
    "llh.min": "arith.minsi",
}


def float_binary(ctx: LoweringContext, opname: str, a: Value, b: Value) -> Value:
    """`a <op> b` for one element of any supported element type (result of a's type)."""
    t = a.type
    if isinstance(t, VectorType):  # f32/f64 lanes (vector_loops.py): no widening
        return ctx.create1(FLOAT_BINARY[opname], (a, b), t)
    if isinstance(t, FloatType):
        wa, wb = _widen(ctx, a), _widen(ctx, b)
        r = _fastmath_free(ctx, FLOAT_BINARY[opname], (wa, wb))
        return ctx.convert(r, t) if r.type is not t else r
    if isinstance(t, IntegerType) and t.width > 1:
        if opname == "llh.pow":
            return _int_pow(ctx, a, b)
        if opname == "llh.div":
            return _int_floordiv(ctx, a, b)
        return ctx.create1(INT_BINARY[opname], (a, b), t)
    raise ctx.error(ctx.op, f"'{opname}' op cannot be lowered for element type '{t}'")


def _int_floordiv(ctx: LoweringContext, a: Value, b: Value) -> Value:
    """`a // b` (floor division, numpy's `//`) that never traps: a zero divisor gives 0 and
    `x // -1` is `-x` (wrapping, as numpy), computed without dividing by 0 or -1."""
    t = a.type
    zero, one, minus_one = ctx.const(0, t), ctx.const(1, t), ctx.const(-1, t)
    is_zero = ctx.cmpi("eq", b, zero)
    is_m1 = ctx.cmpi("eq", b, minus_one)
    safe = ctx.select(ctx.ori(is_zero, is_m1), one, b)
    q = ctx.floordivsi(a, safe)
    q = ctx.select(is_m1, ctx.subi(zero, a), q)
    return ctx.select(is_zero, zero, q)


def _int_pow(ctx: LoweringContext, a: Value, b: Value) -> Value:
    """`a ** b` on integers by repeated squaring over the bits of `b` (0 for `b < 0` except
    as numpy's wrap-around would give; exponents are non-negative in practice)."""
    t = a.type
    one = ctx.const(1, t)
    # Loop over the bits of b: at most the bit width of t iterations.
    width = t.width  # type: ignore[attr-defined]
    with ctx.for_loop(ctx.c(0), ctx.c(width), iter_args=(one, a, b)) as loop:
        acc, base, e = loop.args
        bit = ctx.create1("arith.andi", (e, one), t)
        odd = ctx.cmpi("ne", bit, ctx.const(0, t))
        acc2 = ctx.select(odd, ctx.muli(acc, base), acc)
        base2 = ctx.muli(base, base)
        e2 = ctx.create1("arith.shrsi", (e, one), t)
        loop.yield_((acc2, base2, e2))
    return loop.results[0]


@lowers("llh.add", "llh.sub", "llh.mul", "llh.div", "llh.max", "llh.min", "llh.pow")
def lower_binary(op: Operation, ctx: LoweringContext) -> None:
    r = op.results[0]
    if not isinstance(r.type, RankedTensorType):
        from llh_opt.lowering.scalar import lower_scalar_binary

        lower_scalar_binary(op, ctx)
        return
    name = op.name
    emit_elementwise(ctx, r, (op.lhs, op.rhs), lambda v: float_binary(ctx, name, v[0], v[1]))


def unary_value(ctx: LoweringContext, opname: str, x: Value) -> Value:
    """One element of a unary op (or a vector of f32/f64 lanes)."""
    t = x.type
    if isinstance(t, VectorType):
        if opname == "llh.relu":
            zero = ctx.create1("vector.broadcast", (ctx.const(0.0, t.element_type),), t)
            return ctx.create1("arith.maximumf", (x, zero), t)
        if opname == "llh.rsqrt":
            one = ctx.create1("vector.broadcast", (ctx.const(1.0, t.element_type),), t)
            return ctx.create1("arith.divf", (one, ctx.create1("math.sqrt", (x,), t)), t)
        name = {"llh.abs": "math.absf", "llh.sqrt": "math.sqrt", "llh.exp": "math.exp"}[opname]
        return ctx.create1(name, (x,), t)
    if isinstance(t, FloatType):
        w = _widen(ctx, x)
        if opname == "llh.relu":
            r = ctx.create1("arith.maximumf", (w, ctx.const(0.0, w.type)), w.type)
        else:
            name = {
                "llh.abs": "math.absf",
                "llh.sqrt": "math.sqrt",
                "llh.rsqrt": "math.rsqrt",
                "llh.exp": "math.exp",
            }[opname]
            r = ctx.create1(name, (w,), w.type)
        return ctx.convert(r, t) if r.type is not t else r
    if isinstance(t, IntegerType) and t.width > 1:
        if opname == "llh.relu":
            return ctx.maxsi(x, ctx.const(0, t))
        if opname == "llh.abs":
            return ctx.create1("math.absi", (x,), t)
        if opname in ("llh.sqrt", "llh.rsqrt", "llh.exp"):
            raise ctx.error(ctx.op, f"'{opname}' op needs a float element type, got '{t}'")
    raise ctx.error(ctx.op, f"'{opname}' op cannot be lowered for element type '{t}'")


@lowers("llh.relu", "llh.abs", "llh.sqrt", "llh.rsqrt", "llh.exp")
def lower_unary(op: Operation, ctx: LoweringContext) -> None:
    r = op.results[0]
    name = op.name
    if not isinstance(r.type, RankedTensorType):
        ctx.set_scalar(r, unary_value(ctx, name, ctx.scalar(op.input)))
        return
    emit_elementwise(ctx, r, (op.input,), lambda v: unary_value(ctx, name, v[0]))


@lowers("llh.drop")
def lower_drop(op: Operation, ctx: LoweringContext) -> None:
    """Dropout in inference mode is the identity: the result is the input's buffer."""
    ctx.alias(op.results[0], op.input)


_CMPF = {"EQ": "oeq", "NE": "une", "GT": "ogt", "GE": "oge", "LT": "olt", "LE": "ole"}
_CMPI = {"EQ": "eq", "NE": "ne", "GT": "sgt", "GE": "sge", "LT": "slt", "LE": "sle"}


def compare_value(ctx: LoweringContext, kind: str, a: Value, b: Value) -> Value:
    t = a.type
    if isinstance(t, FloatType):
        return ctx.cmpf(_CMPF[kind], a, b)
    if isinstance(t, IntegerType) and t.width == 1:
        pred = {"GT": "ugt", "GE": "uge", "LT": "ult", "LE": "ule"}.get(kind, _CMPI[kind])
        return ctx.cmpi(pred, a, b)
    return ctx.cmpi(_CMPI[kind], a, b)


def _case(attr: Attribute | None) -> str:
    return getattr(attr, "case", "EQ")


@lowers("llh.compare")
def lower_compare(op: Operation, ctx: LoweringContext) -> None:
    kind = _case(op.kind)
    r = op.results[0]
    if not isinstance(r.type, RankedTensorType):
        ctx.set_scalar(r, compare_value(ctx, kind, ctx.scalar(op.lhs), ctx.scalar(op.rhs)))
        return
    emit_elementwise(ctx, r, (op.lhs, op.rhs), lambda v: compare_value(ctx, kind, v[0], v[1]))


@lowers("llh.where")
def lower_where(op: Operation, ctx: LoweringContext) -> None:
    r = op.results[0]
    if not isinstance(r.type, RankedTensorType):
        p, a, b = (ctx.scalar(v) for v in (op.pred, op.on_true, op.on_false))
        ctx.set_scalar(r, ctx.select(_to_i1(ctx, p), a, b))
        return
    emit_elementwise(
        ctx, r, (op.pred, op.on_true, op.on_false),
        lambda v: ctx.select(_to_i1(ctx, v[0]), v[1], v[2]),
    )  # fmt: skip


def _to_i1(ctx: LoweringContext, p: Value) -> Value:
    t = p.type
    if isinstance(t, IntegerType) and t.width == 1:
        return p
    from llh_opt.ir.types import i1

    return ctx.convert(p, i1)


@lowers("llh.convert_to")
def lower_convert_to(op: Operation, ctx: LoweringContext) -> None:
    r = op.results[0]
    to = element_type(r.type)
    if not isinstance(r.type, RankedTensorType):
        ctx.set_scalar(r, ctx.convert(ctx.scalar(op.input), to))
        return
    emit_elementwise(ctx, r, (op.input,), lambda v: ctx.convert(v[0], to))
