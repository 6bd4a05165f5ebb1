"""Lowering of `llh.conv` and `llh.conv_bias` to loop nests.

2-D convolutions with `group == 1` on f32/f64, channels-first or channels-last, any stride,
dilation, padding and weight layout, go through the GEMM engine as an implicit GEMM
(``kernels/conv2d.py``: packed vector micro-kernels, the fused epilogue in the tile store,
constant weights packed at compile time). Everything else — `group > 1` (including depthwise),
1-D and 3-D convolutions, f16/bf16 — uses the generic direct convolution below.

Any number of spatial dimensions (1-D, 2-D, 3-D), `group`, `dilation`, `stride`, asymmetric
`pad`, channels-first (`NCHW`/`NCW`) and channels-last (`NHWC`/`NWC`) data layouts and the
weight layouts `FCHW`/`FCW`, `FHWC` (what `--transform-layout` produces) and `HWCF`/`WCF`:

    Y[n, f, o...] = B[f] + Σ_{c < C/group, r...} Xp[n, g·C/group + c, o·stride + r·dilation] · W[f, c, r...]

with `g = f / (F/group)` and `Xp` the input padded with zeros (a temporary copy, only when a
pad is non-zero, so the compute loops need no bounds test).

Loop structure (no division or modulo inside any loop):

* output loops follow the output's memory order, the channel dimension split into a group
  loop and a feature-in-group loop (`f = g·F/group + fl`, `c_base = g·C/group` computed at the
  group level; the loop is omitted when `group == 1`);
* `o·stride` is computed at its output level, `r·dilation` and the input position at its
  reduction level, so each level adds one product;
* the reduction loops follow the weight's memory order (`C, r...` for FCHW, `r..., C` for FHWC),
  so a filter is streamed contiguously from the cache for every output position, and the sum is
  an `iter_args` accumulator (f32 for f16/bf16 inputs) stored once per output element;
* a kernel dimension of size 1 emits no loop.

What does not live here: the shared loop helpers (``window.py``), the context (``context.py``),
pooling (``pool.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack

from llh_opt.dialects.llh.base import input_layout, weight_layout
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import FloatType
from llh_opt.lowering.context import LoweringContext
from llh_opt.lowering.fusion import Epilogue, epilogue_for
from llh_opt.lowering.kernels import Tile, tile_for
from llh_opt.lowering.kernels.conv2d import ConvGeometry, conv2d_gemm
from llh_opt.lowering.kernels.prepack import drop_unpacked
from llh_opt.lowering.registry import lowers
from llh_opt.lowering.window import (
    Level,
    Window,
    accumulator_type,
    add,
    from_acc,
    grow,
    mul,
    padded_copy,
    ranked,
    reduce_nest,
    to_acc,
)

__all__ = ["lower_conv"]


@lowers("llh.conv", "llh.conv_bias")
def lower_conv(op: Operation, ctx: LoweringContext) -> None:
    """Direct convolution (see the module docstring)."""
    x: Value = op.X  # type: ignore[attr-defined]
    w: Value = op.W  # type: ignore[attr-defined]
    b: Value | None = op.B if op.name == "llh.conv_bias" else None  # type: ignore[attr-defined]
    xt = ranked(ctx, op, x, "input")
    ranked(ctx, op, w, "weight")
    elt = xt.element_type
    if not isinstance(elt, FloatType):
        raise ctx.error(
            op, f"'{op.name}' op cannot be lowered: element type '{elt}' is not a float"
        )
    win = Window(op)
    rank = win.k + 2
    if len(xt.shape) != rank:
        raise ctx.error(op, f"'{op.name}' op input rank {len(xt.shape)} does not match the window")
    layout, wlayout = input_layout(op), weight_layout(op)  # type: ignore[arg-type]
    group: int = op.group  # type: ignore[attr-defined]
    c_ax = layout.feature_index(rank)
    sp = list(layout.spatial_indices(rank))
    f_w, c_w, sp_w = wlayout.weight_indices(rank)

    xb, wb = ctx.buffer(x), ctx.buffer(w)
    bb = ctx.buffer(b) if b is not None else None
    xd, wd = ctx.dims(x), ctx.dims(w)
    epi = epilogue_for(op, ctx)
    out = ctx.alloc_for(epi.result if epi is not None else op.result)
    od = ctx.dims(op.result)

    tile = tile_for(elt)
    if tile is not None and win.k == 2 and group == 1 and c_ax in (1, 3):
        _lower_gemm(ctx, op, tile, win, xb, wb, bb, out, xd, wd, od, c_ax, sp, f_w, c_w,
                    sp_w, epi)  # fmt: skip
        return

    src = xb
    if win.padded:
        sizes = [grow(ctx, xd[a], win.pad_begin[i] + win.pad_end[i]) for i, a in enumerate(sp)]
        src = padded_copy(ctx, xb, xd, sp, win.pad_begin, sizes, ctx.const(0.0, elt))

    acc_t = accumulator_type(elt)
    wt = w.type
    f_static = wt.shape[f_w]  # type: ignore[attr-defined]
    fg = ctx.c(f_static // group) if f_static >= 0 else ctx.divsi(wd[f_w], ctx.c(group))
    cg = wd[c_w]

    x_idx: list[Value] = [ctx.c(0)] * rank
    w_idx: list[Value] = [ctx.c(0)] * rank
    o_idx: list[Value] = [ctx.c(0)] * rank
    base: list[Value] = [ctx.c(0)] * win.k
    state: dict[str, Value] = {"cbase": ctx.c(0)}
    gbase = ctx.c(0)
    init = ctx.const(0.0, acc_t)

    with ExitStack() as stack:
        # Output loops, in the output's memory order.
        for axis in range(rank):
            if axis == 0:
                loop = stack.enter_context(ctx.for_loop(ctx.c(0), od[0]))
                o_idx[0] = x_idx[0] = loop.iv
            elif axis == c_ax:
                if group > 1:
                    g = stack.enter_context(ctx.for_loop(ctx.c(0), ctx.c(group))).iv
                    state["cbase"] = ctx.muli(g, cg)
                    gbase = ctx.muli(g, fg)
                fl = stack.enter_context(ctx.for_loop(ctx.c(0), fg)).iv
                f = ctx.addi(gbase, fl) if group > 1 else fl
                o_idx[c_ax] = w_idx[f_w] = f
                if bb is not None:  # hoisted to the feature's level
                    init = to_acc(ctx, ctx.load(bb, [f]), acc_t)
            else:
                i = sp.index(axis)
                o = stack.enter_context(ctx.for_loop(ctx.c(0), od[axis])).iv
                o_idx[axis] = o
                base[i] = ctx.muli(o, ctx.c(win.stride[i])) if win.stride[i] != 1 else o

        # Reduction loops, in the weight's memory order.
        levels: list[Level] = []
        for axis in range(rank):
            if axis == f_w:
                continue
            if axis == c_w:
                levels.append(Level(cg, _on_channel(ctx, x_idx, w_idx, c_ax, c_w, state, group)))
            else:
                i = list(sp_w).index(axis)
                levels.append(
                    Level(
                        ctx.c(win.kernel[i]),
                        _on_tap(ctx, x_idx, w_idx, base, sp[i], axis, i, win.dilation[i]),
                        trip_one=win.kernel[i] == 1,
                    )
                )

        def body(acc: Value) -> Value:
            xv = to_acc(ctx, ctx.load(src, x_idx), acc_t)
            wv = to_acc(ctx, ctx.load(wb, w_idx), acc_t)
            return add(ctx, acc, mul(ctx, xv, wv))

        total = reduce_nest(ctx, levels, init, body)
        if epi is not None:
            total = epi.apply(ctx, total, o_idx)
        ctx.store(from_acc(ctx, total, elt), out, o_idx)
    if src is not xb:
        ctx.dealloc(src)


def _lower_gemm(
    ctx: LoweringContext,
    op: Operation,
    tile: Tile,
    win: Window,
    xb: Value,
    wb: Value,
    bb: Value | None,
    out: Value,
    xd: list[Value],
    wd: list[Value],
    od: list[Value],
    c_ax: int,
    sp: list[int],
    f_w: int,
    c_w: int,
    sp_w: tuple[int, ...],
    epi: Epilogue | None,
) -> None:
    """2-D, `group == 1`, f32/f64: implicit GEMM (``kernels/conv2d.py``)."""
    src = xb
    sizes = [xd[a] for a in sp]
    if win.padded:
        sizes = [grow(ctx, xd[a], win.pad_begin[i] + win.pad_end[i]) for i, a in enumerate(sp)]
        src = padded_copy(ctx, xb, xd, sp, win.pad_begin, sizes, ctx.const(0.0, tile.elt))

    def w_index(f: Value, c: Value, kh: Value, kw: Value) -> list[Value]:
        idx = [ctx.c(0)] * 4
        idx[f_w], idx[c_w], idx[sp_w[0]], idx[sp_w[1]] = f, c, kh, kw
        return idx

    w_vec = None
    if f_w == 3:

        def w_vec(f: Value, c: Value, kh: Value, kw: Value) -> Value:
            return ctx.create1("vector.load", (wb, *w_index(f, c, kh, kw)), tile.vt)

    channels_last = c_ax == 3
    linear_plane = (
        not channels_last
        and win.stride == (1, 1)
        and win.kernel[1] == 1
        and win.pad_begin[1] == 0
        and win.pad_end[1] == 0
    )
    g = ConvGeometry(
        xd[0], wd[c_w], wd[f_w], od[sp[0]], od[sp[1]], sizes[0], sizes[1],
        win.kernel, win.stride, win.dilation, channels_last, w_index, linear_plane,
        (f_w, c_w, sp_w[0], sp_w[1]),
    )  # fmt: skip
    conv2d_gemm(ctx, tile, g, src, wb, bb, out, epi, w_vec)
    drop_unpacked(ctx, wb, op.W)  # type: ignore[attr-defined]
    if src is not xb:
        ctx.dealloc(src)


def _on_channel(
    ctx: LoweringContext,
    x_idx: list[Value],
    w_idx: list[Value],
    c_ax: int,
    c_w: int,
    state: dict[str, Value],
    group: int,
) -> Callable[[Value], None]:
    def hook(c: Value) -> None:
        w_idx[c_w] = c
        x_idx[c_ax] = ctx.addi(state["cbase"], c) if group > 1 else c

    return hook


def _on_tap(
    ctx: LoweringContext,
    x_idx: list[Value],
    w_idx: list[Value],
    base: list[Value],
    x_axis: int,
    w_axis: int,
    i: int,
    dilation: int,
) -> Callable[[Value], None]:
    def hook(r: Value) -> None:
        w_idx[w_axis] = r
        if r is ctx.c(0):  # a kernel dimension of size 1: no loop
            x_idx[x_axis] = base[i]
            return
        off = ctx.muli(r, ctx.c(dilation)) if dilation != 1 else r
        x_idx[x_axis] = ctx.addi(base[i], off)

    return hook
