"""Reductions: ``llh.reduce_sum``, ``llh.reduce_max``, ``llh.reduce_min`` over ``axis`` (the
reduced dimensions disappear from the result).

One ``scf.parallel`` over the kept dimensions; inside, an ``scf.for`` nest over the reduced
dimensions carrying the accumulator (``iter_args``), then one store. ``f16``/``bf16`` accumulate in
``f32``. Initial values: 0 for sums, -inf/+inf for float max/min, the smallest/largest integer
for integer max/min; float max/min are NaN-propagating (``arith.maximumf``/``minimumf``), as
numpy's ``max``/``min``. The sum is sequential, so its rounding error grows with the reduction
length (tests state their bound).

``emit_reduction(ctx, x, axes, result, combine, init)`` is the shared helper (adaptive average
pooling and norms can build on it).

What does not live here: pooling (``pool.py``), norms (``norm.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import FloatType, IntegerType, RankedTensorType, Type
from llh_opt.lowering.context import LoweringContext, int_list, memref_type_of
from llh_opt.lowering.elementwise import compute_type
from llh_opt.lowering.registry import lowers

__all__ = ["emit_reduction", "reduction_init"]


def reduction_init(ctx: LoweringContext, kind: str, t: Type) -> Value:
    """The neutral element of `kind` ("sum", "max", "min") for accumulator type `t`."""
    if kind == "sum":
        return ctx.const(0.0 if isinstance(t, FloatType) else 0, t)
    if isinstance(t, FloatType):
        return ctx.const(float("-inf") if kind == "max" else float("inf"), t)
    assert isinstance(t, IntegerType)
    w = t.width
    if w == 1:
        return ctx.const(0 if kind == "max" else 1, t)
    return ctx.const(-(2 ** (w - 1)) if kind == "max" else 2 ** (w - 1) - 1, t)


def combine_fn(ctx: LoweringContext, kind: str, t: Type) -> Callable[[Value, Value], Value]:
    if isinstance(t, FloatType):
        name = {"sum": "arith.addf", "max": "arith.maximumf", "min": "arith.minimumf"}[kind]
    elif isinstance(t, IntegerType) and t.width == 1:
        name = {"sum": "arith.ori", "max": "arith.ori", "min": "arith.andi"}[kind]
    else:
        name = {"sum": "arith.addi", "max": "arith.maxsi", "min": "arith.minsi"}[kind]
    return lambda a, b: ctx.create1(name, (a, b), a.type)


def emit_reduction(
    ctx: LoweringContext,
    x: Value,
    axes: Sequence[int],
    result: Value,
    kind: str,
) -> Value:
    """Reduce tensor `x` over `axes` into a fresh buffer for `result`; returns the buffer."""
    xt = x.type
    assert isinstance(xt, RankedTensorType)
    elt = xt.element_type
    acc_t = compute_type(elt)
    rank = len(xt.shape)
    red = sorted({a % rank for a in axes}) if rank else []
    kept = [i for i in range(rank) if i not in red]
    in_dims = ctx.dims(x)
    out = ctx.alloc(memref_type_of(result.type, ctx.op), ctx.dims(result))
    ctx.set_buffer(result, out)
    combine = combine_fn(ctx, kind, acc_t)
    init = reduction_init(ctx, kind, acc_t)
    with ctx.loop_nest([in_dims[i] for i in kept]) as out_ivs:
        idx: list[Value | None] = [None] * rank
        for k, i in enumerate(kept):
            idx[i] = out_ivs[k]

        def nest(level: int, acc: Value) -> Value:
            if level == len(red):
                v = ctx.load_at(x, idx)  # type: ignore[arg-type]
                if v.type is not acc_t:
                    v = ctx.convert(v, acc_t)
                return combine(acc, v)
            with ctx.for_loop(ctx.c(0), in_dims[red[level]], iter_args=(acc,)) as loop:
                idx[red[level]] = loop.iv
                loop.yield_((nest(level + 1, loop.args[0]),))
            return loop.results[0]

        total = nest(0, init)
        if total.type is not elt:
            total = ctx.convert(total, elt)
        ctx.store(total, out, out_ivs)
    return out


def _lower(kind: str) -> Callable[[Operation, LoweringContext], None]:
    def lower(op: Operation, ctx: LoweringContext) -> None:
        emit_reduction(ctx, op.input, int_list(op.axis), op.results[0], kind)

    return lower


lowers("llh.reduce_sum")(_lower("sum"))
lowers("llh.reduce_max")(_lower("max"))
lowers("llh.reduce_min")(_lower("min"))
