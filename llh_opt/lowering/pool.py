"""Lowering of `llh.max_pool` and `llh.adaptive_average_pool` to loop nests.

* `llh.max_pool` — any number of spatial dimensions, NCHW/NHWC-style layouts, `stride`,
  `dilation`, asymmetric `pad`, `ceil_mode` (PyTorch's rule: the last window starts inside the
  front-padded input; the output size comes from the result's symbols). No padded copy: padding
  never wins a maximum, so each window's taps are clamped to the input instead. One
  `scf.parallel` over every output dimension but the last (rows, split across threads); its
  body fills the output line with -inf (the smallest integer for integer tensors), loops over
  the clamped taps of the spatial dimensions other than the last, and updates the line with
  PyTorch's rule (a tap replaces the maximum when greater or NaN: NaN propagates) / `arith.maxsi`:
  - the last dimension spatial (NCHW): outputs whose whole window lies inside the input take
    their taps unrolled (a straight-line body LLVM vectorizes across outputs); the few border
    outputs on either side loop over their clamped taps;
  - the last dimension the channels (NHWC): a contiguous loop over the channels per tap.
  Without padding and `ceil_mode` every window is inside the input and no bound is computed.
* `llh.adaptive_average_pool` — the trailing `len(out_size)` dimensions pooled to `out_size`
  with PyTorch's windows `[⌊o·in/out⌋, ⌈(o+1)·in/out⌉)`; one `scf.parallel` over every output
  dimension but the last; the bounds are computed once per output position at its loop level,
  the sum is an `iter_args` accumulator (f32 for f16/bf16) divided by the window's element count.

What does not live here: the shared loop helpers (``window.py``), convolution (``conv.py``),
the reductions `reduce_*` (``reduce.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack

from llh_opt.dialects.llh.base import input_layout
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import FloatType, IntegerType
from llh_opt.lowering.context import LoweringContext
from llh_opt.lowering.registry import lowers
from llh_opt.lowering.reduce import LANES, split_line
from llh_opt.lowering.window import (
    Level,
    Window,
    accumulator_type,
    add,
    from_acc,
    lowest,
    maximum,
    ranked,
    reduce_nest,
    to_acc,
)

__all__ = ["lower_adaptive_average_pool", "lower_max_pool"]

UNROLL_TAPS = 8
"""Interior windows with at most this many taps along the last axis are unrolled."""


@lowers("llh.max_pool")
def lower_max_pool(op: Operation, ctx: LoweringContext) -> None:
    """Max pooling (see the module docstring)."""
    x: Value = op.input  # type: ignore[attr-defined]
    xt = ranked(ctx, op, x, "input")
    elt = xt.element_type
    if not isinstance(elt, FloatType | IntegerType):
        raise ctx.error(op, f"'{op.name}' op cannot be lowered: element type '{elt}'")
    win = Window(op)
    rank = win.k + 2
    if len(xt.shape) != rank:
        raise ctx.error(op, f"'{op.name}' op input rank {len(xt.shape)} does not match the window")
    ceil_mode: bool = op.ceil_mode  # type: ignore[attr-defined]
    sp = list(input_layout(op).spatial_indices(rank))  # type: ignore[arg-type]
    # Without padding and ceil_mode every window lies inside the input: no clamping.
    clamp = win.padded or ceil_mode

    xb = ctx.buffer(x)
    xd = ctx.dims(x)
    out = ctx.alloc_for(op.result)
    od = ctx.dims(op.result)
    low = lowest(ctx, elt)
    last = rank - 1

    with ctx.loop_nest(od[:last]) as outer:
        o_idx = [*outer, ctx.c(0)]
        x_idx = [*outer, ctx.c(0)]
        with ctx.for_loop(ctx.c(0), od[last]) as init:
            o_idx[last] = init.iv
            ctx.store(low, out, o_idx)
        bounds = _interior(ctx, od[last], xd[last], win, clamp) if last in sp else None
        with ExitStack() as stack:
            # Taps along the spatial axes other than the last, clamped to the input.
            for i, a in enumerate(sp):
                if a == last:
                    continue
                base = _base(ctx, outer[a], win, i)
                lo, hi = _taps(ctx, base, xd[a], win, i, clamp)
                r = stack.enter_context(ctx.for_loop(lo, hi)).iv
                x_idx[a] = _tap_index(ctx, base, r, win.dilation[i])

            def update(ol: Value, xl: Value) -> None:
                o_idx[last] = ol
                x_idx[last] = xl
                m = ctx.load(out, o_idx)
                ctx.store(_take_max(ctx, m, ctx.load(xb, x_idx)), out, o_idx)

            if last in sp:
                _spatial_line(ctx, out, xb, o_idx, x_idx, bounds, od[last], xd[last], win)
            else:
                with ctx.for_loop(ctx.c(0), od[last]) as line:
                    update(line.iv, line.iv)


def _take_max(ctx: LoweringContext, m: Value, x: Value) -> Value:
    """The running maximum after tap `x`, PyTorch's rule: `x` replaces `m` when `x > m` or `x`
    is NaN (a NaN, once taken, stays). Cheaper than `arith.maximumf`, which also orders -0 < +0
    (a max pool returns the first of equal zeros, as PyTorch does); integers: `arith.maxsi`."""
    if not isinstance(x.type, FloatType):
        return maximum(ctx, m, x)
    take = ctx.ori(ctx.cmpf("ogt", x, m), ctx.cmpf("uno", x, x))
    return ctx.select(take, x, m)


def _base(ctx: LoweringContext, o: Value, win: Window, i: int) -> Value:
    """The input position of window `o`'s first tap along spatial axis `i`: o·stride − pad."""
    b = ctx.muli(o, ctx.c(win.stride[i])) if win.stride[i] != 1 else o
    return ctx.subi(b, ctx.c(win.pad_begin[i])) if win.pad_begin[i] else b


def _tap_index(ctx: LoweringContext, base: Value, r: Value, dilation: int) -> Value:
    return ctx.addi(base, ctx.muli(r, ctx.c(dilation)) if dilation != 1 else r)


def _taps(
    ctx: LoweringContext, base: Value, size: Value, win: Window, i: int, clamp: bool
) -> tuple[Value, Value]:
    """The taps `[lo, hi)` of a window starting at `base` that read inside `[0, size)`."""
    k, d = win.kernel[i], win.dilation[i]
    if not clamp:
        return ctx.c(0), ctx.c(k)
    lo = ctx.c(0)
    if win.pad_begin[i]:
        before = ctx.maxsi(ctx.subi(ctx.c(0), base), ctx.c(0))
        lo = before if d == 1 else ctx.ceildivsi(before, ctx.c(d))
    room = ctx.subi(size, base)
    hi = ctx.minsi(ctx.c(k), room if d == 1 else ctx.ceildivsi(room, ctx.c(d)))
    return lo, hi


def _spatial_line(
    ctx: LoweringContext,
    out: Value,
    xb: Value,
    o_idx: list[Value],
    x_idx: list[Value],
    bounds: tuple[Value, Value] | None,
    n_out: Value,
    size: Value,
    win: Window,
) -> None:
    """The last axis when it is spatial: the outputs in `bounds` (``_interior``; None: all) take
    every tap unrolled (a straight-line body LLVM vectorizes across outputs); the border outputs
    on either side take their clamped taps."""
    i = win.k - 1
    last = len(o_idx) - 1
    d, k = win.dilation[i], win.kernel[i]

    def interior(o: Value) -> None:
        o_idx[last] = o
        base = _base(ctx, o, win, i)
        m = ctx.load(out, o_idx)
        if k <= UNROLL_TAPS:
            for r in range(k):
                x_idx[last] = ctx.addi(base, ctx.c(r * d)) if r else base
                m = _take_max(ctx, m, ctx.load(xb, x_idx))
        else:
            with ctx.for_loop(ctx.c(0), ctx.c(k), iter_args=(m,)) as taps:
                x_idx[last] = _tap_index(ctx, base, taps.iv, d)
                taps.yield_((_take_max(ctx, taps.args[0], ctx.load(xb, x_idx)),))
            m = taps.results[0]
        ctx.store(m, out, o_idx)

    def border(lo: Value, hi: Value) -> None:
        with ctx.for_loop(lo, hi) as line:
            o_idx[last] = line.iv
            base = _base(ctx, line.iv, win, i)
            t_lo, t_hi = _taps(ctx, base, size, win, i, True)
            m = ctx.load(out, o_idx)
            with ctx.for_loop(t_lo, t_hi, iter_args=(m,)) as taps:
                x_idx[last] = _tap_index(ctx, base, taps.iv, d)
                taps.yield_((_take_max(ctx, taps.args[0], ctx.load(xb, x_idx)),))
            ctx.store(taps.results[0], out, o_idx)

    if bounds is None:
        with ctx.for_loop(ctx.c(0), n_out) as line:
            interior(line.iv)
        return
    first, end = bounds
    if first is not ctx.c(0):
        border(ctx.c(0), first)
    with ctx.for_loop(first, end) as line:
        interior(line.iv)
    border(end, n_out)


def _interior(
    ctx: LoweringContext, n_out: Value, size: Value, win: Window, clamp: bool
) -> tuple[Value, Value] | None:
    """`[first, end)`: the outputs along the last (spatial) axis whose whole window is inside
    the input (o·s ≥ pad and o·s − pad + extent ≤ size); None when that is all of them."""
    if not clamp:
        return None
    i = win.k - 1
    s, pad = win.stride[i], win.pad_begin[i]
    first = ctx.minsi(ctx.c(-(-pad // s)), n_out) if pad else ctx.c(0)
    fits = ctx.subi(size, ctx.c(win.extent(i) - pad))
    end = ctx.addi(ctx.floordivsi(fits, ctx.c(s)) if s != 1 else fits, ctx.c(1))
    return first, ctx.maxsi(first, ctx.minsi(end, n_out))


@lowers("llh.adaptive_average_pool")
def lower_adaptive_average_pool(op: Operation, ctx: LoweringContext) -> None:
    """Adaptive average pooling (see the module docstring)."""
    x: Value = op.input  # type: ignore[attr-defined]
    xt = ranked(ctx, op, x, "input")
    elt = xt.element_type
    if not isinstance(elt, FloatType):
        raise ctx.error(
            op, f"'{op.name}' op cannot be lowered: element type '{elt}' is not a float"
        )
    out_size: tuple[int, ...] = tuple(op.out_size.values)  # type: ignore[attr-defined]
    rank = len(xt.shape)
    lead = rank - len(out_size)
    if lead < 0:
        raise ctx.error(op, f"'{op.name}' op input rank {rank} is below len(out_size)")
    acc_t = accumulator_type(elt)

    xb = ctx.buffer(x)
    xd = ctx.dims(x)
    out = ctx.alloc_for(op.result)
    od = ctx.dims(op.result)

    x_idx: list[Value] = [ctx.c(0)] * rank
    o_idx: list[Value] = [ctx.c(0)] * rank
    starts: list[Value] = []
    ends: list[Value] = []
    lengths: list[Value] = []
    n_par = rank - 1 if rank > 1 else rank
    with ExitStack() as stack:
        outer = stack.enter_context(ctx.loop_nest(od[:n_par]))
        for axis in range(rank):
            if axis < n_par:
                o = outer[axis]
            else:
                o = stack.enter_context(ctx.for_loop(ctx.c(0), od[axis])).iv
            o_idx[axis] = x_idx[axis] = o
            if axis >= lead:
                n_out = ctx.c(out_size[axis - lead])
                # [floor(o·in/out), ceil((o+1)·in/out)), non-negative operands.
                start = ctx.divsi(ctx.muli(o, xd[axis]), n_out)
                end_num = ctx.muli(ctx.addi(o, ctx.c(1)), xd[axis])
                end = ctx.divsi(ctx.addi(end_num, ctx.c(out_size[axis - lead] - 1)), n_out)
                starts.append(start)
                ends.append(end)
                lengths.append(ctx.subi(end, start))
        count = lengths[0] if lengths else ctx.c(1)
        for n in lengths[1:]:
            count = ctx.muli(count, n)
        levels = [
            Level(ends[j], _on_position(x_idx, lead + j), lo=starts[j])
            for j in range(len(out_size))
        ]
        zero = ctx.const(0.0, acc_t)

        def element(s: Value) -> Value:
            return add(ctx, s, to_acc(ctx, ctx.load(xb, x_idx), acc_t))

        if out_size and out_size[-1] == 1 and not (0 <= xt.shape[-1] < 2 * LANES):
            # A global window over the contiguous last axis: LANES partial sums (reduce.py's
            # split line), so the sum is not one chain of dependent adds.
            total = reduce_nest(
                ctx,
                levels[:-1],
                zero,
                lambda s: split_line(
                    ctx,
                    x_idx,
                    ends[-1],
                    s,
                    zero,
                    lambda a, b: add(ctx, a, b),
                    element,
                    lo=starts[-1],
                ),  # fmt: skip
            )
        else:
            total = reduce_nest(ctx, levels, zero, element)
        mean = ctx.create1("arith.divf", (total, ctx.convert(count, acc_t)), acc_t)
        ctx.store(from_acc(ctx, mean, elt), out, o_idx)


def _on_position(x_idx: list[Value], axis: int) -> Callable[[Value], None]:
    def hook(iv: Value) -> None:
        x_idx[axis] = iv

    return hook
