"""2-D convolution as an implicit GEMM on the engine of ``gemm.py`` (f32 / f64, `group == 1`).

The input is zero-padded once (``window.padded_copy``, only when a pad is non-zero), so every
window position reads memory without a bounds test. With `P = OH·OW` output pixels per image
and the K space (input channel, kernel row, kernel column):

* **channels-first** (`NCHW`): `Y[n][F, P] = W[F, K] · cols[K, P]`. The weight is the left
  operand, read in place in any weight layout; `cols` is never materialized: each 16-pixel
  column panel is packed on the fly (``gemm_streamed_b``) — per 8-pixel half, two `vector.load`s
  of the padded input row when the half is unit-stride in memory (stride 1 and the 8 pixels in
  one output row, or a 1-wide kernel row over an unpadded width: the plane is then linear),
  else a gather through per-pixel offsets computed once per panel. The K order is
  `(c, kh, kw)`.
* **channels-last** (`NHWC`): `Y[n][P, F] = cols[P, K] · W[K, F]`. The weight is packed once
  per op into `[F/16, K, 16]` panels (``gemm_packed_b``; vector loads when the weight layout has
  F innermost, e.g. `HWCF`); the micro-kernel broadcasts input scalars straight from the
  padded input (per row: the pixel's window origin, computed once per tile), K order
  `(kh, kw, c)` so the innermost loop runs along contiguous channels.

Outputs are stored through a view collapsing the pixel dimensions (`[N, F, P]` or
`[N, P, F]`), so a tile's lanes are consecutive pixels (channels-first) or channels
(channels-last); `conv_bias`'s bias and the fused epilogue are applied to the accumulators
(the epilogue gets the 4-D output position of the first lane).

Not handled here (``conv.py`` keeps its generic direct loops for them): `group > 1`, 1-D and
3-D convolutions, f16/bf16 and integer types.
"""

from __future__ import annotations

import numpy as np

from collections.abc import Callable, Sequence
from typing import Any

from llh_opt.ir.core import Value
from llh_opt.ir.types import VectorType
from llh_opt.lowering.context import LoweringContext
from llh_opt.lowering.fusion import Epilogue
from llh_opt.lowering.kernels.gemm import gemm_packed_b, gemm_streamed_b, pack_a_whole
from llh_opt.lowering.kernels.prepack import constant_array, packed_constant
from llh_opt.lowering.kernels.tile import (
    KDim,
    KIvs,
    Tile,
    TileOutput,
    emit_if_else,
    k_nest,
    k_size,
)

__all__ = ["ConvGeometry", "conv2d_gemm"]


class ConvGeometry:
    """The sizes and attributes an implicit-GEMM convolution needs (index values, static ints)."""

    __slots__ = (
        "batch", "channels", "features", "oh", "ow", "hp", "wp", "kh", "kw", "stride",
        "dilation", "channels_last", "w_index", "linear_plane", "w_axes",
    )  # fmt: skip

    def __init__(
        self,
        batch: Value,
        channels: Value,
        features: Value,
        oh: Value,
        ow: Value,
        hp: Value,
        wp: Value,
        kernel: Sequence[int],
        stride: Sequence[int],
        dilation: Sequence[int],
        channels_last: bool,
        w_index: Callable[[Value, Value, Value, Value], list[Value]],
        linear_plane: bool,
        w_axes: tuple[int, int, int, int] = (0, 1, 2, 3),
    ) -> None:
        self.batch = batch
        self.channels = channels
        self.features = features
        self.oh = oh
        self.ow = ow
        self.hp = hp
        self.wp = wp
        self.kh, self.kw = kernel
        self.stride = tuple(stride)
        self.dilation = tuple(dilation)
        self.channels_last = channels_last
        self.w_index = w_index  # (f, c, kh, kw) -> weight indices
        self.linear_plane = linear_plane  # NCHW: stride 1, 1-wide kernel rows, Wp == OW
        self.w_axes = w_axes  # positions of F, C, KH, KW in the weight


def _collapse(ctx: LoweringContext, m: Value, groups: Sequence[Sequence[int]]) -> Value:
    from llh_opt.lowering.data_movement import collapse

    view = collapse(ctx, m, groups)
    ctx.add_view(view, m)  # the input may be read only through this view: keep it alive
    return view


def _scaled(ctx: LoweringContext, v: Value, k: int) -> Value:
    return ctx.muli(v, ctx.c(k)) if k != 1 else v


def conv2d_gemm(
    ctx: LoweringContext,
    tile: Tile,
    g: ConvGeometry,
    src: Value,
    wb: Value,
    bias: Value | None,
    out: Value,
    epi: Epilogue | None,
    w_vec: Callable[[Value, Value, Value, Value], Value] | None = None,
) -> None:
    """Emit the convolution `out = conv(src, wb) (+ bias) (epilogue)` (see the module
    docstring). `src` is the padded input; `w_vec(f, c, kh, kw)` (optional) loads weight
    lanes `f...f+L` (F innermost in the weight layout)."""
    n_iv: list[Value] = [ctx.c(0)]
    p_total = ctx.muli(g.oh, g.ow)
    if g.channels_last:
        _nhwc(ctx, tile, g, src, wb, bias, out, epi, w_vec, n_iv, p_total)
    else:
        _nchw(ctx, tile, g, src, wb, bias, out, epi, n_iv, p_total)


def _batch_loop(ctx: LoweringContext, g: ConvGeometry, n_iv: list[Value]) -> Any:
    def around(run: Callable[[], None]) -> None:
        with ctx.for_loop(ctx.c(0), g.batch) as lb:
            n_iv[0] = lb.iv
            run()

    return around


def _finish(
    ctx: LoweringContext,
    g: ConvGeometry,
    bias: Value | None,
    epi: Epilogue | None,
    n_iv: list[Value],
) -> Callable[[Value, Value, Value], Value] | None:
    """Bias then epilogue, for an accumulator at (pixel p, feature f) given as `(acc, i, j)` in
    GEMM coordinates."""
    if bias is None and epi is None:
        return None

    def finish(acc: Value, i: Value, j: Value) -> Value:
        p, f = (i, j) if g.channels_last else (j, i)
        vt = acc.type
        if bias is not None:
            if isinstance(vt, VectorType) and g.channels_last:
                b = ctx.create1("vector.load", (bias, f), vt)
            else:
                b = ctx.load(bias, [f])
                if isinstance(vt, VectorType):
                    b = ctx.create1("vector.broadcast", (b,), vt)
            acc = ctx.create1("arith.addf", (acc, b), vt)
        if epi is not None:
            oh = ctx.divsi(p, g.ow)
            ow = ctx.remsi(p, g.ow)
            ivs = [n_iv[0], oh, ow, f] if g.channels_last else [n_iv[0], f, oh, ow]
            acc = epi.apply(ctx, acc, ivs)
        return acc

    return finish


def _nchw(
    ctx: LoweringContext,
    tile: Tile,
    g: ConvGeometry,
    src: Value,
    wb: Value,
    bias: Value | None,
    out: Value,
    epi: Epilogue | None,
    n_iv: list[Value],
    p_total: Value,
) -> None:
    sh, sw = g.stride
    dh, dw = g.dilation
    lanes = tile.lanes
    kdims = [
        KDim("c", g.channels),
        KDim("kh", ctx.c(g.kh), g.kh),
        KDim("kw", ctx.c(g.kw), g.kw),
    ]
    p_last = ctx.subi(p_total, ctx.c(1))
    xflat = _collapse(ctx, src, [[0], [1], [2, 3]])
    oflat = _collapse(ctx, out, [[0], [1], [2, 3]])

    # The weight as packed [F/MR, K, MR] row panels: a constant packed at compile time, else
    # packed once per op; the micro-kernel loops over the linear K.
    kk = k_size(ctx, kdims)
    kernel_kdims = [KDim("k", kk)]
    ap = _prepacked_weight(ctx, tile, g, wb)
    if ap is None:

        def a_elem(f: Value, ivs: KIvs, k: Value) -> Value:
            return ctx.load(wb, g.w_index(f, ivs["c"], ivs["kh"], ivs["kw"]))

        ap = pack_a_whole(ctx, tile, g.features, kdims, a_elem)
    mr_c = ctx.c(tile.mr)

    def a_rows(i0: Value) -> list[tuple[Value, Value]]:
        ip = ctx.divsi(i0, mr_c)
        return [(ip, ctx.c(r)) for r in range(tile.mr)]

    def a_at(row: tuple[Value, Value], ivs: KIvs, k: Value) -> Value:
        return ctx.load(ap, [row[0], k, row[1]])

    def tap(ivs: KIvs) -> Value:
        """Offset of the window tap (kh, kw) in the padded plane."""
        row = ctx.muli(_scaled(ctx, ivs["kh"], dh), g.wp) if g.kh != 1 else None
        col = _scaled(ctx, ivs["kw"], dw) if g.kw != 1 else None
        if row is None and col is None:
            return ctx.c(0)
        if row is None:
            return col  # type: ignore[return-value]
        return ctx.addi(row, col) if col is not None else row

    def pack_b_panel(bp: Value, slot: Value, j0: Value) -> None:
        for h in range(tile.nh):
            p0 = ctx.addi(j0, ctx.c(h * lanes)) if h else j0
            _pack_half(bp, slot, p0, h)

    def _pack_half(bp: Value, slot: Value, p0: Value, h: int) -> None:
        # Per-lane pixel offsets in the padded plane (clamped pixels past P).
        offs = []
        for lane in range(lanes):
            p = ctx.minsi(ctx.addi(p0, ctx.c(lane)), p_last) if lane else ctx.minsi(p0, p_last)
            oh = ctx.divsi(p, g.ow)
            ow = ctx.remsi(p, g.ow)
            offs.append(ctx.addi(ctx.muli(_scaled(ctx, oh, sh), g.wp), _scaled(ctx, ow, sw)))
        base_lane = h * lanes

        def gather() -> None:
            def body(ivs: KIvs, k: Value, _: list[Value]) -> list[Value]:
                t = tap(ivs)
                for lane in range(lanes):
                    x = ctx.load(xflat, [n_iv[0], ivs["c"], ctx.addi(offs[lane], t)])
                    ctx.store(x, bp, [slot, k, ctx.c(base_lane + lane)])
                return []

            k_nest(ctx, kdims, [], body)

        if sw != 1:
            gather()
            return

        def contiguous() -> None:
            def body(ivs: KIvs, k: Value, _: list[Value]) -> list[Value]:
                at = ctx.addi(offs[0], tap(ivs))
                v = ctx.create1("vector.load", (xflat, n_iv[0], ivs["c"], at), tile.vt)
                ctx.create("vector.store", (v, bp, slot, k, ctx.c(base_lane)))
                return []

            k_nest(ctx, kdims, [], body)

        in_range = ctx.cmpi("sle", ctx.addi(p0, ctx.c(lanes)), p_total)
        if g.linear_plane:
            ok = in_range
        else:
            ow0 = ctx.remsi(p0, g.ow)
            one_row = ctx.cmpi("sle", ctx.addi(ow0, ctx.c(lanes)), g.ow)
            ok = ctx.create1("arith.andi", (in_range, one_row), in_range.type)
        emit_if_else(ctx, ok, contiguous, gather)

    output = TileOutput(oflat, lambda i, j: [n_iv[0], i, j], _finish(ctx, g, bias, epi, n_iv))
    gemm_streamed_b(ctx, tile, g.features, p_total, kdims, a_rows, a_at, pack_b_panel, output,
                    _batch_loop(ctx, g, n_iv), kernel_kdims)  # fmt: skip


def _nhwc(
    ctx: LoweringContext,
    tile: Tile,
    g: ConvGeometry,
    src: Value,
    wb: Value,
    bias: Value | None,
    out: Value,
    epi: Epilogue | None,
    w_vec: Callable[[Value, Value, Value, Value], Value] | None,
    n_iv: list[Value],
    p_total: Value,
) -> None:
    sh, sw = g.stride
    dh, dw = g.dilation
    kdims = [
        KDim("kh", ctx.c(g.kh), g.kh),
        KDim("kw", ctx.c(g.kw), g.kw),
        KDim("c", g.channels),
    ]
    p_last = ctx.subi(p_total, ctx.c(1))
    oflat = _collapse(ctx, out, [[0], [1, 2], [3]])

    def a_rows(i0: Value) -> list[tuple[Value, Value]]:
        rows = []
        for r in range(tile.mr):
            p = ctx.minsi(ctx.addi(i0, ctx.c(r)), p_last) if r else i0
            oh = ctx.divsi(p, g.ow)
            ow = ctx.remsi(p, g.ow)
            rows.append((_scaled(ctx, oh, sh), _scaled(ctx, ow, sw)))
        return rows

    def a_at(row: tuple[Value, Value], ivs: KIvs, k: Value) -> Value:
        bh, bw = row
        ih = ctx.addi(bh, _scaled(ctx, ivs["kh"], dh)) if g.kh != 1 else bh
        iw = ctx.addi(bw, _scaled(ctx, ivs["kw"], dw)) if g.kw != 1 else bw
        return ctx.load(src, [n_iv[0], ih, iw, ivs["c"]])

    def b_elem(ivs: KIvs, k: Value, f: Value) -> Value:
        return ctx.load(wb, g.w_index(f, ivs["c"], ivs["kh"], ivs["kw"]))

    b_vec = None
    if w_vec is not None:
        wv = w_vec

        def b_vec(ivs: KIvs, k: Value, f: Value) -> Value:
            return wv(f, ivs["c"], ivs["kh"], ivs["kw"])

    output = TileOutput(oflat, lambda i, j: [n_iv[0], i, j], _finish(ctx, g, bias, epi, n_iv))
    packed = _prepacked_weight_cl(ctx, tile, g, wb)
    gemm_packed_b(ctx, tile, p_total, g.features, kdims, a_rows, a_at, b_elem, b_vec, output,
                  _batch_loop(ctx, g, n_iv), packed, b_per_batch=False)  # fmt: skip


def _weight_fchw(ctx: LoweringContext, g: ConvGeometry, wb: Value) -> np.ndarray | None:
    """The constant weight as a `[F, C, KH, KW]` numpy array (None: not a constant)."""
    data = constant_array(ctx, wb)
    if data is None or data.ndim != 4 or 0 in data.shape:
        return None
    return np.transpose(data, g.w_axes)


def _prepacked_weight(ctx: LoweringContext, tile: Tile, g: ConvGeometry, wb: Value) -> Value | None:
    """Channels-first: a constant weight as `[F/MR, K, MR]` row panels, K = (c, kh, kw) (rows
    past F repeat the last one)."""
    w = _weight_fchw(ctx, g, wb)
    if w is None:
        return None
    f = w.shape[0]
    a = w.reshape(f, -1)
    mp = -(-f // tile.mr)
    a = np.concatenate([a, np.repeat(a[-1:], mp * tile.mr - f, axis=0)]) if mp * tile.mr > f else a
    return packed_constant(ctx, a.reshape(mp, tile.mr, -1).transpose(0, 2, 1), tile.elt)


def _prepacked_weight_cl(
    ctx: LoweringContext, tile: Tile, g: ConvGeometry, wb: Value
) -> Value | None:
    """Channels-last: a constant weight as `[F/NR, K, NR]` column panels, K = (kh, kw, c)
    (columns past F repeat the last one)."""
    w = _weight_fchw(ctx, g, wb)
    if w is None:
        return None
    f = w.shape[0]
    b = np.transpose(w, (2, 3, 1, 0)).reshape(-1, f)  # [K, F]
    npn = -(-f // tile.nr)
    if npn * tile.nr > f:
        b = np.concatenate([b, np.repeat(b[:, -1:], npn * tile.nr - f, axis=1)], axis=1)
    return packed_constant(ctx, b.reshape(b.shape[0], npn, tile.nr).transpose(1, 0, 2), tile.elt)
