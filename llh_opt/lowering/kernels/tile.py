"""The register tile of the GEMM engine: accumulation over the K space and the tile store.

A tile is `MR` rows × `NH` vectors of `L` lanes (`NR = NH·L` columns): f32 uses 6 × 2 ×
`vector<8xf32>` (12 ymm accumulators, 2 for the right-operand row, 1 broadcast: 15 of AVX2's 16
registers), f64 6 × 2 × `vector<4xf64>`. Per K step the micro-kernel loads `NH` vectors of the
right operand, broadcasts `MR` scalars of the left one and issues `MR·NH` `vector.fma`s; the
accumulators are `scf.for` iteration arguments (registers after LLVM's mem2reg), so each output
element sums its K products in order, one fused multiply-add at a time.

The K space may have several dimensions (a convolution window: channel, kernel row, kernel
column) — a nest of `scf.for` loops, with the linear index `k` computed level by level; a
static size-1 dimension emits no loop.

Stores: a *full* tile (all `MR` rows and `NR` columns inside the output) stores each
accumulator with one `vector.store` after the output's `finish` (bias, fused epilogue); a *tail*
tile writes its accumulators to a stack scratch tile (`memref.alloca`, hoisted to the function
entry by the translator) and stores the valid rows × columns element by element. The two are an
`scf.if` on `i0 + MR <= M && j0 + NR <= N`; rows and columns outside the output are computed
from clamped (valid) operand positions and never stored.

What does not live here: the schedules (loop order, packing, parallel chunks: ``gemm.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from llh_opt.ir.attributes import DenseArrayAttr
from llh_opt.ir.core import Block, Operation, Region, Value
from llh_opt.ir.types import FloatType, MemRefType, Type, VectorType, i32, i1
from llh_opt.lowering.context import InsertionPoint, LoweringContext

__all__ = [
    "KDim",
    "Tile",
    "TileOutput",
    "accumulate",
    "emit_if_else",
    "k_nest",
    "store_tile",
    "tile_for",
]


class Tile:
    """Register-tile geometry for element type `elt`."""

    __slots__ = ("elt", "lanes", "mr", "nh", "nr", "vt")

    def __init__(self, elt: FloatType, lanes: int, mr: int, nh: int) -> None:
        self.elt = elt
        self.lanes = lanes
        self.mr = mr
        self.nh = nh
        self.nr = lanes * nh
        self.vt = VectorType((lanes,), elt)


def tile_for(elt: Type) -> Tile | None:
    """The tile for f32 / f64 (None: no vector kernel for this element type)."""
    if isinstance(elt, FloatType) and elt.name == "f32":
        return Tile(elt, 8, 6, 2)
    if isinstance(elt, FloatType) and elt.name == "f64":
        return Tile(elt, 4, 6, 2)
    return None


@dataclass
class KDim:
    """One dimension of the K space: `name` (the key of its induction variable) and `size`
    (an `index` value); `static` is its size when known at compile time."""

    name: str
    size: Value
    static: int | None = None


KIvs = dict[str, Value]


def k_nest(
    ctx: LoweringContext,
    kdims: Sequence[KDim],
    init: Sequence[Value],
    body: Callable[[KIvs, Value, list[Value]], list[Value]],
) -> list[Value]:
    """Loops over the K space (outermost first) carrying `init`; `body(ivs, k, args)` gets the
    induction variables by name and the linear index `k`, and returns the next values."""
    ivs: KIvs = {}

    def rec(level: int, lin: Value | None, args: list[Value]) -> list[Value]:
        if level == len(kdims):
            return body(ivs, lin if lin is not None else ctx.c(0), args)
        d = kdims[level]

        def linear(iv: Value) -> Value:
            if lin is None:
                return iv
            scaled = ctx.muli(lin, d.size) if d.static != 1 else lin
            return ctx.addi(scaled, iv) if iv is not ctx.c(0) else scaled

        if d.static == 1:
            ivs[d.name] = ctx.c(0)
            return rec(level + 1, linear(ctx.c(0)), args)
        with ctx.for_loop(ctx.c(0), d.size, iter_args=args) as loop:
            ivs[d.name] = loop.iv
            out = rec(level + 1, linear(loop.iv), list(loop.args))
            loop.yield_(out)
        return loop.results

    return rec(0, None, list(init))


def k_size(ctx: LoweringContext, kdims: Sequence[KDim]) -> Value:
    """The product of the K dimensions' sizes."""
    total: Value | None = None
    for d in kdims:
        if d.static == 1:
            continue
        total = d.size if total is None else ctx.muli(total, d.size)
    return total if total is not None else ctx.c(1)


def splat(ctx: LoweringContext, x: Value, vt: VectorType) -> Value:
    return ctx.create1("vector.broadcast", (x,), vt)


def accumulate(
    ctx: LoweringContext,
    tile: Tile,
    kdims: Sequence[KDim],
    a_at: Callable[[KIvs, Value, int], Value],
    b_at: Callable[[KIvs, Value, int], Value],
) -> list[Value]:
    """The micro-kernel: `acc[r][h] += A[r, k] · B[k, h·L : (h+1)·L]` over the K space;
    `a_at(ivs, k, r)` is a scalar of the left operand, `b_at(ivs, k, h)` a vector of the right
    one. Returns the `MR·NH` accumulators, row-major (`r·NH + h`)."""
    zero = splat(ctx, ctx.const(0.0, tile.elt), tile.vt)
    init = [zero] * (tile.mr * tile.nh)

    def body(ivs: KIvs, k: Value, accs: list[Value]) -> list[Value]:
        bs = [b_at(ivs, k, h) for h in range(tile.nh)]
        out = list(accs)
        for r in range(tile.mr):
            av = splat(ctx, a_at(ivs, k, r), tile.vt)
            for h in range(tile.nh):
                idx = r * tile.nh + h
                out[idx] = ctx.create1("vector.fma", (av, bs[h], out[idx]), tile.vt)
        return out

    return k_nest(ctx, kdims, init, body)


def emit_if_else(
    ctx: LoweringContext,
    cond: Value,
    then_fn: Callable[[], None],
    else_fn: Callable[[], None],
) -> Operation:
    """`scf.if %cond { then } else { else }` without results."""
    blocks = (Block(), Block())
    op = ctx.create("scf.if", (cond,), (), regions=[Region([blocks[0]]), Region([blocks[1]])])
    for blk, fn in zip(blocks, (then_fn, else_fn)):
        term = Operation.create("scf.yield", (), (), location=op.location)
        blk.append(term)
        with ctx.at(InsertionPoint(blk, term)):
            fn()
    return op


class TileOutput:
    """Where a tile goes: `buffer` indexed by `ivs(i, j)` (consecutive `j` must be consecutive
    in memory), and `finish(acc, i, j)` mapping an accumulator (scalar, or vector of lanes
    `j, j+1, ...`) to the stored value (bias, fused epilogue, conversion)."""

    __slots__ = ("buffer", "finish", "ivs")

    def __init__(
        self,
        buffer: Value,
        ivs: Callable[[Value, Value], list[Value]],
        finish: Callable[[Value, Value, Value], Value] | None = None,
    ) -> None:
        self.buffer = buffer
        self.ivs = ivs
        self.finish = finish


def store_tile(
    ctx: LoweringContext,
    tile: Tile,
    accs: Sequence[Value],
    i0: Value,
    j0: Value,
    m: Value,
    n: Value,
    out: TileOutput,
) -> None:
    """Store the tile at rows `i0 + r`, columns `j0 + c` of the `m × n` output (see the module
    docstring: full tiles by vector stores, tail tiles through a scratch tile)."""
    mr, nr, lanes = tile.mr, tile.nr, tile.lanes
    full_m = ctx.cmpi("sle", ctx.addi(i0, ctx.c(mr)), m)
    full_n = ctx.cmpi("sle", ctx.addi(j0, ctx.c(nr)), n)
    full = ctx.create1("arith.andi", (full_m, full_n), i1)

    def full_tile() -> None:
        for r in range(mr):
            i = ctx.addi(i0, ctx.c(r)) if r else i0
            for h in range(tile.nh):
                j = ctx.addi(j0, ctx.c(h * lanes)) if h else j0
                v = accs[r * tile.nh + h]
                if out.finish is not None:
                    v = out.finish(v, i, j)
                ctx.create("vector.store", (v, out.buffer, *out.ivs(i, j)))

    def tail_tile() -> None:
        st = MemRefType((mr, nr), tile.elt)
        scratch = ctx.create1(
            "memref.alloca", (), st, {"operandSegmentSizes": DenseArrayAttr(i32, (0, 0))}
        )
        for r in range(mr):
            for h in range(tile.nh):
                ctx.create("vector.store", (accs[r * tile.nh + h], scratch, ctx.c(r),
                                            ctx.c(h * lanes)))  # fmt: skip
        rows = ctx.minsi(ctx.c(mr), ctx.subi(m, i0))
        cols = ctx.minsi(ctx.c(nr), ctx.subi(n, j0))
        with ctx.for_loop(ctx.c(0), rows) as lr:
            i = ctx.addi(i0, lr.iv)
            with ctx.for_loop(ctx.c(0), cols) as lc:
                j = ctx.addi(j0, lc.iv)
                x = ctx.load(scratch, [lr.iv, lc.iv])
                if out.finish is not None:
                    x = out.finish(x, i, j)
                ctx.store(x, out.buffer, out.ivs(i, j))

    emit_if_else(ctx, full, full_tile, tail_tile)
