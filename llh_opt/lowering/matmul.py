"""Lowering of `llh.matmul` (`[M, K] × [K, N]`) and `llh.batch_matmul` (`[B, M, K] × [B, K, N]`).

Loop order `(b,) i, k, j` ("ikj"): for each row `i` the output row is zeroed, then for each `k`
the scalar `A[i, k]` is loaded once (held in a register) and the row `B[k, :]` is streamed
contiguously into the output row: `C[i, j] += A[i, k] · B[k, j]`. Every load of the innermost
loop is unit-stride (the right operand is usually the weight, read once per row of the left
one), and each `C[i, j]` still sums over `k` in increasing order. f32/f64/integer outputs
accumulate in the output row itself; f16/bf16 ones in an f32 scratch row (allocated once per
op) that is rounded into the output after the `k` loop. Integers are exact (`arith.muli/addi`).

What does not live here: the shared helpers (``window.py``), the context (``context.py``).
"""

from __future__ import annotations

from contextlib import ExitStack

from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import FloatType, IntegerType, MemRefType
from llh_opt.lowering.context import LoweringContext
from llh_opt.lowering.fusion import epilogue_for
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
