"""Reductions: ``llh.reduce_sum``, ``llh.reduce_max``, ``llh.reduce_min`` over ``axis`` (the
reduced dimensions disappear from the result).

Two loop shapes, both with an ``scf.parallel`` over kept dimensions (split across threads):

* the last dimension kept (``f32``/``f64``/integers): parallel over the other kept dimensions;
  each output row is set to the initial value, then for every reduced position one contiguous
  pass ``row[j] = combine(row[j], x[..., j])`` (LLVM vectorizes it); each output combines its
  elements in index order, as a scalar loop would;
* otherwise: parallel over all kept dimensions, an ``scf.for`` nest over the reduced ones
  carrying the accumulator (``iter_args``), then one store. When the last dimension is reduced
  (and not statically shorter than 16) its loop keeps ``LANES`` (8) independent partials (element ``k`` goes to partial ``k mod 8``),
  combined pairwise, then the tail: the loop is not one dependency chain, and a float sum's
  rounding error grows like ``(L/8 + 3)·u`` instead of ``L·u``.

``f16``/``bf16`` accumulate in ``f32``. Initial values: 0 for sums, -inf/+inf for float max/min,
the smallest/largest integer for integer max/min; float max/min are NaN-propagating
(``arith.maximumf``/``minimumf``), as numpy's ``max``/``min``. The summation order is fixed by
the shapes, never by the thread count: results are identical with any number of threads.

``emit_reduction(ctx, x, axes, result, kind)`` is the shared helper.

What does not live here: pooling (``pool.py``), norms (``norm.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import ExitStack

from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import FloatType, IntegerType, RankedTensorType, Type
from llh_opt.lowering.context import LoweringContext, int_list, memref_type_of
from llh_opt.lowering.elementwise import compute_type
from llh_opt.lowering.registry import lowers

__all__ = ["emit_reduction", "reduction_init"]

LANES = 8
"""Independent partial results of a reduction along the innermost (contiguous) dimension."""


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
    if red and kept and kept[-1] == rank - 1 and acc_t is elt:
        _reduce_into_rows(ctx, x, out, red, kept, in_dims, combine, init)
        return out
    last = rank - 1
    # A short static last dimension keeps the plain loop (LLVM unrolls it).
    split_last = bool(red) and not (0 <= xt.shape[last] < 2 * LANES)
    with ctx.loop_nest([in_dims[i] for i in kept]) as out_ivs:
        idx: list[Value | None] = [None] * rank
        for k, i in enumerate(kept):
            idx[i] = out_ivs[k]

        def element(acc: Value) -> Value:
            v = ctx.load_at(x, idx)  # type: ignore[arg-type]
            return combine(acc, v if v.type is acc_t else ctx.convert(v, acc_t))

        def nest(level: int, acc: Value) -> Value:
            if level == len(red):
                return element(acc)
            if red[level] == last and level == len(red) - 1 and split_last:
                return split_line(ctx, idx, in_dims[last], acc, init, combine, element)
            with ctx.for_loop(ctx.c(0), in_dims[red[level]], iter_args=(acc,)) as loop:
                idx[red[level]] = loop.iv
                loop.yield_((nest(level + 1, loop.args[0]),))
            return loop.results[0]

        total = nest(0, init)
        if total.type is not elt:
            total = ctx.convert(total, elt)
        ctx.store(total, out, out_ivs)
    return out


def _reduce_into_rows(
    ctx: LoweringContext,
    x: Value,
    out: Value,
    red: list[int],
    kept: list[int],
    in_dims: list[Value],
    combine: Callable[[Value, Value], Value],
    init: Value,
) -> None:
    """The last dimension is kept (and the accumulator is the element type): parallel over the
    other kept dimensions; each output row starts at `init` and, per reduced position, takes
    one contiguous pass `row[j] = combine(row[j], x[..., j])` (vectorizable). Every output
    combines its elements in the same order as the scalar nest."""
    rank = len(in_dims)
    last = rank - 1
    with ctx.loop_nest([in_dims[i] for i in kept[:-1]]) as outer:
        idx: list[Value] = [ctx.c(0)] * rank
        for k, i in enumerate(kept[:-1]):
            idx[i] = outer[k]
        o_idx = [*outer, ctx.c(0)]
        with ctx.for_loop(ctx.c(0), in_dims[last]) as line:
            o_idx[-1] = line.iv
            ctx.store(init, out, o_idx)
        with ExitStack() as stack:
            for r in red:
                idx[r] = stack.enter_context(ctx.for_loop(ctx.c(0), in_dims[r])).iv
            with ctx.for_loop(ctx.c(0), in_dims[last]) as line:
                idx[last] = o_idx[-1] = line.iv
                ctx.store(combine(ctx.load(out, o_idx), ctx.load_at(x, idx)), out, o_idx)


def split_line(
    ctx: LoweringContext,
    idx: list[Value | None],
    n: Value,
    acc: Value,
    init: Value,
    combine: Callable[[Value, Value], Value],
    element: Callable[[Value], Value],
    lo: Value | None = None,
) -> Value:
    """The innermost reduced dimension (the last one, indices `[lo, n)`, `lo` 0 by default) with
    LANES independent partial results (so the loop is not one long dependency chain; LLVM keeps
    them in a vector register): partial k takes elements lo + k, lo + k + LANES, ...; the
    partials combine pairwise, then the remaining elements in order, then `acc`. Also used by
    global average pooling (``pool.py``)."""
    last = len(idx) - 1
    start = lo if lo is not None else ctx.c(0)
    length = ctx.subi(n, start) if lo is not None else n
    main = ctx.addi(start, ctx.muli(ctx.floordivsi(length, ctx.c(LANES)), ctx.c(LANES)))
    with ctx.for_loop(start, main, ctx.c(LANES), iter_args=[init] * LANES) as loop:
        parts = []
        for k in range(LANES):
            idx[last] = ctx.addi(loop.iv, ctx.c(k)) if k else loop.iv
            parts.append(element(loop.args[k]))
        loop.yield_(parts)
    parts = list(loop.results)
    while len(parts) > 1:
        parts = [combine(parts[i], parts[i + 1]) for i in range(0, len(parts), 2)]
    with ctx.for_loop(main, n, iter_args=(parts[0],)) as tail:
        idx[last] = tail.iv
        tail.yield_((element(tail.args[0]),))
    return combine(acc, tail.results[0])


def _lower(kind: str) -> Callable[[Operation, LoweringContext], None]:
    def lower(op: Operation, ctx: LoweringContext) -> None:
        emit_reduction(ctx, op.input, int_list(op.axis), op.results[0], kind)

    return lower


lowers("llh.reduce_sum")(_lower("sum"))
lowers("llh.reduce_max")(_lower("max"))
lowers("llh.reduce_min")(_lower("min"))
