"""The two GEMM schedules: `C[M, N] = A[M, K] · B[K, N]` with the register tile of ``tile.py``.

Operands are given by access functions, so the same schedules serve matmul and convolution
(implicit GEMM): `a_rows(i0)` computes per-tile state for the `MR` left-operand rows starting at
`i0` (clamped row indices, pixel positions; outside the K loop), `a_at(row, ivs, k)` loads one
scalar `A[row, k]` inside it; the right operand is packed into `[panels, K, NR]` buffers
(allocated once per op, through `ctx.alloc`) whose rows the micro-kernel reads with two
`vector.load`s.

* ``gemm_packed_b`` (vectors along `N` = the output's contiguous dimension, `B` small or
  constant: a weight): `B` is packed whole once per op (an `scf.parallel` over its column
  panels), then an `scf.parallel` over chunks of row panels runs, for each block of `NB` column
  panels (`NB·K·NR` elements ≈ half of L2, so the block stays in L2 across the chunk's rows), each
  row panel against each column panel of the block (the row panel's `MR·K` scalars stay in L1).
* ``gemm_streamed_b`` (`B` is the large, computed operand: the im2col matrix of a channels-first
  convolution): an `scf.parallel` over chunks of column panels; each panel is packed by the
  caller's `pack_b_panel` into the chunk's own slot of a `[chunks, K, NR]` buffer (never a full
  im2col buffer) and multiplied by every row panel of `A` (a weight, read in place).

Parallel chunks: at most `MAX_CHUNKS` iterations of the outer `scf.parallel`, each a contiguous
range of panels (enough work per iteration; the threads runtime splits them).

What does not live here: the register tile and stores (``tile.py``), operand index maps (the
callers ``matmul.py``, ``conv.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from llh_opt.ir.core import Value
from llh_opt.ir.types import MemRefType
from llh_opt.lowering.context import LoweringContext
from llh_opt.lowering.kernels.tile import (
    KDim,
    KIvs,
    Tile,
    TileOutput,
    accumulate,
    emit_if_else,
    k_nest,
    k_size,
    store_tile,
)

__all__ = ["MAX_CHUNKS", "L2_BLOCK_BYTES", "gemm_packed_b", "gemm_streamed_b", "pack_a_whole"]

MAX_CHUNKS = 8
"""Iterations of a kernel's outer `scf.parallel` (each a contiguous range of panels)."""
L2_BLOCK_BYTES = 256 * 1024
"""Bytes of packed `B` column panels kept hot in L2 while a chunk's row panels stream (Zen 3:
512 KiB L2 per core)."""

ARows = Callable[[Value], list[Any]]
Around = Callable[[Callable[[], None]], None]
AAt = Callable[[Any, KIvs, Value], Value]


def _esize(tile: Tile) -> int:
    return 8 if tile.elt.name == "f64" else 4


def _ceil_div(ctx: LoweringContext, a: Value, b: int) -> Value:
    return ctx.ceildivsi(a, ctx.c(b))


def _chunks(ctx: LoweringContext, panels: Value) -> tuple[Value, Value]:
    """(number of parallel chunks, panels per chunk) for `panels` panels."""
    nch = ctx.minsi(ctx.c(MAX_CHUNKS), panels)
    nch = ctx.maxsi(nch, ctx.c(1))
    return nch, ctx.ceildivsi(panels, nch)


def _b_vectors(ctx: LoweringContext, tile: Tile, bp: Value, slot: Value) -> AAt:
    def b_at(ivs: KIvs, k: Value, h: int) -> Value:
        return ctx.create1("vector.load", (bp, slot, k, ctx.c(h * tile.lanes)), tile.vt)

    return b_at  # type: ignore[return-value]


def _row_panel(
    ctx: LoweringContext,
    tile: Tile,
    kdims: Sequence[KDim],
    i0: Value,
    a_rows: ARows,
    a_at: AAt,
) -> Callable[[KIvs, Value, int], Value]:
    rows = a_rows(i0)

    def at(ivs: KIvs, k: Value, r: int) -> Value:
        return a_at(rows[r], ivs, k)

    return at


def gemm_packed_b(
    ctx: LoweringContext,
    tile: Tile,
    m: Value,
    n: Value,
    kdims: Sequence[KDim],
    a_rows: ARows,
    a_at: AAt,
    b_elem: Callable[[KIvs, Value, Value], Value],
    b_vec: Callable[[KIvs, Value, Value], Value] | None,
    out: TileOutput,
    around: Around | None = None,
    packed_b: Value | None = None,
    b_per_batch: bool = True,
) -> None:
    """`out = A · B` with `B` packed whole (see the module docstring). `b_elem(ivs, k, j)` is
    the scalar `B[k, j]`; `b_vec(ivs, k, j)` (optional) the vector `B[k, j : j+L]` when those
    columns are consecutive in memory. `around(run)` (optional) emits loops (a batch) around
    the packing and compute, which `run()` emits; the packing buffer is allocated before.
    `packed_b` (optional): `B` already packed (`[N/NR, K, NR]`, a compile-time constant);
    `b_per_batch=False`: `B` does not depend on the `around` loops (a conv weight): packed once,
    before them."""
    mr, nr = tile.mr, tile.nr
    kk = k_size(ctx, kdims)
    npn = _ceil_div(ctx, n, nr)
    if packed_b is None:
        bp = ctx.alloc(MemRefType((-1, -1, nr), tile.elt), [npn, kk])
    else:
        bp = packed_b
    mp = _ceil_div(ctx, m, mr)
    nch, per = _chunks(ctx, mp)
    nb = ctx.maxsi(ctx.divsi(ctx.c(L2_BLOCK_BYTES // (nr * _esize(tile))), kk), ctx.c(1))
    n_last = ctx.subi(n, ctx.c(1))

    if packed_b is None and not (b_per_batch and around is not None):
        _pack_b_whole(ctx, tile, n, kdims, bp, npn, n_last, b_elem, b_vec)

    def run() -> None:
        if packed_b is None and b_per_batch and around is not None:
            _pack_b_whole(ctx, tile, n, kdims, bp, npn, n_last, b_elem, b_vec)
        with ctx.loop_nest([nch]) as (ch,):
            ip_lo = ctx.muli(ch, per)
            ip_hi = ctx.minsi(ctx.addi(ip_lo, per), mp)
            with ctx.for_loop(ctx.c(0), npn, nb) as lb:
                jp_hi = ctx.minsi(ctx.addi(lb.iv, nb), npn)
                with ctx.for_loop(ip_lo, ip_hi) as li:
                    i0 = ctx.muli(li.iv, ctx.c(mr))
                    a_of = _row_panel(ctx, tile, kdims, i0, a_rows, a_at)
                    with ctx.for_loop(lb.iv, jp_hi) as lj:
                        j0 = ctx.muli(lj.iv, ctx.c(nr))
                        b_at = _b_vectors(ctx, tile, bp, lj.iv)
                        accs = accumulate(ctx, tile, kdims, a_of, b_at)
                        store_tile(ctx, tile, accs, i0, j0, m, n, out)

    if around is None:
        run()
    else:
        around(run)


def _pack_b_whole(
    ctx: LoweringContext,
    tile: Tile,
    n: Value,
    kdims: Sequence[KDim],
    bp: Value,
    npn: Value,
    n_last: Value,
    b_elem: Callable[[KIvs, Value, Value], Value],
    b_vec: Callable[[KIvs, Value, Value], Value] | None,
) -> None:
    nr, lanes = tile.nr, tile.lanes

    # Pack B: [panel, k, lane]; columns past N repeat the last one (computed, never stored).
    with ctx.loop_nest([npn]) as (jp,):
        j0 = ctx.muli(jp, ctx.c(nr))

        def pack_vec() -> None:
            assert b_vec is not None

            def body(ivs: KIvs, k: Value, _: list[Value]) -> list[Value]:
                for h in range(tile.nh):
                    j = ctx.addi(j0, ctx.c(h * lanes)) if h else j0
                    ctx.create("vector.store", (b_vec(ivs, k, j), bp, jp, k, ctx.c(h * lanes)))
                return []

            k_nest(ctx, kdims, [], body)

        def pack_scalar() -> None:
            def body(ivs: KIvs, k: Value, _: list[Value]) -> list[Value]:
                with ctx.for_loop(ctx.c(0), ctx.c(nr)) as ll:
                    j = ctx.minsi(ctx.addi(j0, ll.iv), n_last)
                    ctx.store(b_elem(ivs, k, j), bp, [jp, k, ll.iv])
                return []

            k_nest(ctx, kdims, [], body)

        if b_vec is None:
            pack_scalar()
        else:
            full = ctx.cmpi("sle", ctx.addi(j0, ctx.c(nr)), n)
            emit_if_else(ctx, full, pack_vec, pack_scalar)


def pack_a_whole(
    ctx: LoweringContext,
    tile: Tile,
    m: Value,
    kdims: Sequence[KDim],
    a_elem: Callable[[Value, KIvs, Value], Value],
) -> Value:
    """`A` packed into `[M/MR, K, MR]` row panels (an `scf.parallel` over panels; rows past M
    repeat the last one): the micro-kernel then reads its `MR` scalars per K step from one
    contiguous stream. `a_elem(row, ivs, k)` is the scalar `A[row, k]`."""
    mr = tile.mr
    mp = _ceil_div(ctx, m, mr)
    ap = ctx.alloc(MemRefType((-1, -1, mr), tile.elt), [mp, k_size(ctx, kdims)])
    m_last = ctx.subi(m, ctx.c(1))
    with ctx.loop_nest([mp]) as (ip,):
        i0 = ctx.muli(ip, ctx.c(mr))
        rows = [ctx.minsi(ctx.addi(i0, ctx.c(r)), m_last) for r in range(mr)]

        def body(ivs: KIvs, k: Value, _: list[Value]) -> list[Value]:
            for r in range(mr):
                ctx.store(a_elem(rows[r], ivs, k), ap, [ip, k, ctx.c(r)])
            return []

        k_nest(ctx, kdims, [], body)
    return ap


def gemm_streamed_b(
    ctx: LoweringContext,
    tile: Tile,
    m: Value,
    n: Value,
    kdims: Sequence[KDim],
    a_rows: ARows,
    a_at: AAt,
    pack_b_panel: Callable[[Value, Value, Value], None],
    out: TileOutput,
    around: Around | None = None,
    kernel_kdims: Sequence[KDim] | None = None,
) -> None:
    """`out = A · B` with `B` packed panel by panel inside the parallel chunks (see the module
    docstring). `pack_b_panel(bp, slot, j0)` fills `bp[slot, k, 0:NR]` with columns `j0...` of
    `B` (columns past N: any finite value, they are never stored). `kernel_kdims` (optional):
    the K space the micro-kernel loops over (one linear dimension when `a_at` can address `A`
    by the linear `k`: a single loop instead of a nest)."""
    mr, nr = tile.mr, tile.nr
    kk = k_size(ctx, kdims)
    npn = _ceil_div(ctx, n, nr)
    mp = _ceil_div(ctx, m, mr)
    nch, per = _chunks(ctx, npn)
    bp = ctx.alloc(MemRefType((-1, -1, nr), tile.elt), [nch, kk])

    def run() -> None:
        with ctx.loop_nest([nch]) as (ch,):
            jp_lo = ctx.muli(ch, per)
            jp_hi = ctx.minsi(ctx.addi(jp_lo, per), npn)
            with ctx.for_loop(jp_lo, jp_hi) as lj:
                j0 = ctx.muli(lj.iv, ctx.c(nr))
                pack_b_panel(bp, ch, j0)
                b_at = _b_vectors(ctx, tile, bp, ch)
                with ctx.for_loop(ctx.c(0), mp) as li:
                    i0 = ctx.muli(li.iv, ctx.c(mr))
                    a_of = _row_panel(ctx, tile, kdims, i0, a_rows, a_at)
                    accs = accumulate(ctx, tile, kernel_kdims or kdims, a_of, b_at)
                    store_tile(ctx, tile, accs, i0, j0, m, n, out)

    if around is None:
        run()
    else:
        around(run)
