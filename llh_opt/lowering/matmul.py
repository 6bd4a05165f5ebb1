"""Lowering of `llh.matmul` (`[M, K] × [K, N]`) and `llh.batch_matmul` (`[B, M, K] × [B, K, N]`).

f32 and f64 go through the GEMM engine (``kernels/``): the right operand is packed into
`[N/NR, K, NR]` panels once per op (per batch), row panels of the left operand run in parallel
chunks against them in a 6×16 (f32) register tile, and the fused epilogue
(``fusion.epilogue_for``) is applied to the accumulators in the tile store.

Integers, f16 and bf16 keep the exact scalar path below. Loop order `(b,) i, k, j` ("ikj"): for each row `i` the output row is zeroed, then for each `k`
the scalar `A[i, k]` is loaded once (held in a register) and the row `B[k, :]` is streamed
contiguously into the output row: `C[i, j] += A[i, k] · B[k, j]`. Every load of the innermost
loop is unit-stride (the right operand is usually the weight, read once per row of the left
one), and each `C[i, j]` still sums over `k` in increasing order. f32/f64/integer outputs
accumulate in the output row itself; f16/bf16 ones in an f32 scratch row (allocated once per
op) that is rounded into the output after the `k` loop. Integers are exact (`arith.muli/addi`).

What does not live here: the shared helpers (``window.py``), the context (``context.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack

from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import FloatType, IntegerType, MemRefType
from llh_opt.lowering.context import LoweringContext
from llh_opt.lowering.fusion import Epilogue, epilogue_for
from llh_opt.lowering.kernels import KDim, Tile, TileOutput, gemm_packed_b, tile_for
from llh_opt.lowering.registry import lowers
from llh_opt.lowering.window import accumulator_type, add, from_acc, mul, ranked, to_acc

__all__ = ["lower_matmul"]


@lowers("llh.matmul", "llh.batch_matmul")
def lower_matmul(op: Operation, ctx: LoweringContext) -> None:
    """`C = A · B`, batched over the leading dimension for `llh.batch_matmul`."""
    a: Value = op.lhs  # type: ignore[attr-defined]
    b: Value = op.rhs  # type: ignore[attr-defined]
    at = ranked(ctx, op, a, "left operand")
    ranked(ctx, op, b, "right operand")
    batched = op.name == "llh.batch_matmul"
    rank = 3 if batched else 2
    if len(at.shape) != rank or len(b.type.shape) != rank:  # type: ignore[attr-defined]
        raise ctx.error(op, f"'{op.name}' op cannot be lowered: operands must have rank {rank}")
    elt = at.element_type
    if not isinstance(elt, FloatType | IntegerType):
        raise ctx.error(op, f"'{op.name}' op cannot be lowered: element type '{elt}'")
    acc_t = accumulator_type(elt)

    ab, bb = ctx.buffer(a), ctx.buffer(b)
    ad = ctx.dims(a)
    epi = epilogue_for(op, ctx)
    out = ctx.alloc_for(epi.result if epi is not None else op.result)
    od = ctx.dims(op.result)
    m_size, k_size, n_size = ad[-2], ad[-1], od[-1]
    tile = tile_for(elt)
    if tile is not None:
        _lower_gemm(ctx, tile, ab, bb, out, od[0] if batched else None, m_size, k_size, n_size,
                    epi)  # fmt: skip
        from llh_opt.lowering.kernels.prepack import drop_unpacked

        drop_unpacked(ctx, bb, b)
        return
    scratch = None
    if acc_t is not elt:
        scratch = ctx.alloc(MemRefType((-1,), acc_t), [n_size], temporary=False)
    zero = ctx.const(0.0, acc_t) if isinstance(acc_t, FloatType) else ctx.const(0, acc_t)

    with ExitStack() as stack:
        lead: list[Value] = []
        if batched:
            lead.append(stack.enter_context(ctx.for_loop(ctx.c(0), od[0])).iv)
        i = stack.enter_context(ctx.for_loop(ctx.c(0), m_size)).iv
        row = [*lead, i]

        def acc_ref(j: Value) -> tuple[Value, list[Value]]:
            return (scratch, [j]) if scratch is not None else (out, [*row, j])

        with ctx.for_loop(ctx.c(0), n_size) as lj:
            buf, idx = acc_ref(lj.iv)
            ctx.store(zero, buf, idx)
        with ctx.for_loop(ctx.c(0), k_size) as lk:
            aik = to_acc(ctx, ctx.load(ab, [*row, lk.iv]), acc_t)
            with ctx.for_loop(ctx.c(0), n_size) as lj:
                buf, idx = acc_ref(lj.iv)
                bkj = to_acc(ctx, ctx.load(bb, [*lead, lk.iv, lj.iv]), acc_t)
                ctx.store(add(ctx, ctx.load(buf, idx), mul(ctx, aik, bkj)), buf, idx)
        if scratch is not None or epi is not None:  # the epilogue, on the row still in cache
            with ctx.for_loop(ctx.c(0), n_size) as lj:
                buf, idx = acc_ref(lj.iv)
                total = ctx.load(buf, idx)
                if epi is not None:
                    total = epi.apply(ctx, total, [*row, lj.iv])
                ctx.store(from_acc(ctx, total, elt), out, [*row, lj.iv])
    if scratch is not None:
        ctx.dealloc(scratch)


def _lower_gemm(
    ctx: LoweringContext,
    tile: Tile,
    ab: Value,
    bb: Value,
    out: Value,
    batch: Value | None,
    m: Value,
    k: Value,
    n: Value,
    epi: Epilogue | None,
) -> None:
    """The vector path: `gemm_packed_b` per batch element (packing buffer allocated once)."""
    lead: list[Value] = []
    m_last = ctx.subi(m, ctx.c(1))

    def a_rows(i0: Value) -> list[Value]:
        return [ctx.minsi(ctx.addi(i0, ctx.c(r)), m_last) if r else i0 for r in range(tile.mr)]

    def a_at(row: Value, ivs: dict[str, Value], kk: Value) -> Value:
        return ctx.load(ab, [*lead, row, kk])

    def b_elem(ivs: dict[str, Value], kk: Value, j: Value) -> Value:
        return ctx.load(bb, [*lead, kk, j])

    def b_vec(ivs: dict[str, Value], kk: Value, j: Value) -> Value:
        return ctx.create1("vector.load", (bb, *lead, kk, j), tile.vt)

    def ivs(i: Value, j: Value) -> list[Value]:
        return [*lead, i, j]

    def finish(acc: Value, i: Value, j: Value) -> Value:
        return epi.apply(ctx, acc, [*lead, i, j]) if epi is not None else acc

    output = TileOutput(out, ivs, finish if epi is not None else None)
    kdims = [KDim("k", k, _static(k))]

    def around(run: Callable[[], None]) -> None:
        assert batch is not None
        with ctx.for_loop(ctx.c(0), batch) as lb:
            lead.append(lb.iv)
            run()

    packed = _prepacked_b(ctx, tile, bb) if batch is None else None
    gemm_packed_b(ctx, tile, m, n, kdims, a_rows, a_at, b_elem, b_vec, output,
                  around if batch is not None else None, packed)  # fmt: skip


def _prepacked_b(ctx: LoweringContext, tile: Tile, bb: Value) -> Value | None:
    """A constant right operand packed at compile time into `[N/NR, K, NR]` panels (columns past
    N repeat the last one)."""
    import numpy as np

    from llh_opt.lowering.kernels.prepack import constant_array, packed_constant

    b = constant_array(ctx, bb)
    if b is None or b.ndim != 2 or 0 in b.shape:
        return None
    k, n = b.shape
    npn = -(-n // tile.nr)
    if npn * tile.nr > n:
        b = np.concatenate([b, np.repeat(b[:, -1:], npn * tile.nr - n, axis=1)], axis=1)
    return packed_constant(ctx, b.reshape(k, npn, tile.nr).transpose(1, 0, 2), tile.elt)


def _static(v: Value) -> int | None:
    from llh_opt.ir.attributes import IntegerAttr
    from llh_opt.ir.core import Operation

    owner = v.owner
    if isinstance(owner, Operation) and owner.name == "arith.constant":
        a = owner.properties.get("value")
        if isinstance(a, IntegerAttr):
            return a.value
    return None
