"""Lowering of `llh.max_pool` and `llh.adaptive_average_pool` to `scf.for` loop nests.

* `llh.max_pool` — any number of spatial dimensions, NCHW/NHWC-style layouts, `stride`,
  `dilation`, asymmetric `pad`, `ceil_mode` (PyTorch's rule: the last window starts inside the
  front-padded input; the output size comes from the result's symbols). Padding reads as -inf
  (the smallest integer for integer tensors): the input is copied into a temporary filled with
  it, extended to `max(in + pad_begin + pad_end, (out - 1)·stride + extent)` so windows of
  `ceil_mode` that hang past the end need no bounds test either. Output loops follow the
  output's memory order; `o·stride` is computed at its level, the window loops carry the
  running maximum in `iter_args` (`arith.maximumf`: NaN propagates, as in PyTorch).
* `llh.adaptive_average_pool` — the trailing `len(out_size)` dimensions pooled to `out_size`
  with PyTorch's windows `[⌊o·in/out⌋, ⌈(o+1)·in/out⌉)`; the bounds are computed once per
  output position at its loop level, the sum is an `iter_args` accumulator (f32 for f16/bf16)
  divided by the window's element count.

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
from llh_opt.lowering.window import (
    Level,
    Window,
    accumulator_type,
    add,
    from_acc,
    grow,
    lowest,
    maximum,
    padded_copy,
    ranked,
    reduce_nest,
    to_acc,
)

__all__ = ["lower_adaptive_average_pool", "lower_max_pool"]


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

    xb = ctx.buffer(x)
    xd = ctx.dims(x)
    out = ctx.alloc_for(op.result)
    od = ctx.dims(op.result)

    src = xb
    if win.padded or ceil_mode:
        sizes = []
        for i, a in enumerate(sp):
            size = grow(ctx, xd[a], win.pad_begin[i] + win.pad_end[i])
            if ceil_mode:
                last = ctx.muli(ctx.subi(od[a], ctx.c(1)), ctx.c(win.stride[i]))
                size = ctx.maxsi(size, ctx.addi(last, ctx.c(win.extent(i))))
            sizes.append(size)
        src = padded_copy(ctx, xb, xd, sp, win.pad_begin, sizes, lowest(ctx, elt))

    o_idx: list[Value] = [ctx.c(0)] * rank
    x_idx: list[Value] = [ctx.c(0)] * rank
    base: list[Value] = [ctx.c(0)] * win.k
    with ExitStack() as stack:
        for axis in range(rank):
            o = stack.enter_context(ctx.for_loop(ctx.c(0), od[axis])).iv
            o_idx[axis] = x_idx[axis] = o
            if axis in sp:
                i = sp.index(axis)
                base[i] = ctx.muli(o, ctx.c(win.stride[i])) if win.stride[i] != 1 else o
        levels = [
            Level(
                ctx.c(win.kernel[i]),
                _on_tap(ctx, x_idx, base, a, i, win.dilation[i]),
                trip_one=win.kernel[i] == 1,
            )
            for i, a in enumerate(sp)
        ]
        best = reduce_nest(
            ctx, levels, lowest(ctx, elt), lambda m: maximum(ctx, m, ctx.load(src, x_idx))
        )
        ctx.store(best, out, o_idx)
    if src is not xb:
        ctx.dealloc(src)


def _on_tap(
    ctx: LoweringContext, x_idx: list[Value], base: list[Value], axis: int, i: int, dilation: int
) -> Callable[[Value], None]:
    def hook(r: Value) -> None:
        if r is ctx.c(0):
            x_idx[axis] = base[i]
            return
        off = ctx.muli(r, ctx.c(dilation)) if dilation != 1 else r
        x_idx[axis] = ctx.addi(base[i], off)

    return hook


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
    with ExitStack() as stack:
        for axis in range(rank):
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
        total = reduce_nest(
            ctx,
            levels,
            ctx.const(0.0, acc_t),
            lambda s: add(ctx, s, to_acc(ctx, ctx.load(xb, x_idx), acc_t)),
        )
        mean = ctx.create1("arith.divf", (total, ctx.convert(count, acc_t)), acc_t)
        ctx.store(from_acc(ctx, mean, elt), out, o_idx)


def _on_position(x_idx: list[Value], axis: int) -> Callable[[Value], None]:
    def hook(iv: Value) -> None:
        x_idx[axis] = iv

    return hook
