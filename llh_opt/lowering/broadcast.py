"""Explicit broadcasting: ``llh.broadcast_to`` and ``llh.expand`` (torch ``expand``).

Both become one copy loop nest whose load reads index 0 in every broadcast dimension: for
``broadcast_to`` the dimensions listed in ``cast_dims`` and the static size-1 input dimensions;
for ``expand`` (input aligned to the trailing result dimensions) the static size-1 input
dimensions. Result sizes come from the result's symbols, or from the size operands when a symbol
is not determined by the inputs. (Implicit broadcasting of elementwise operands needs no op: it
is ``LoweringContext.load_broadcast``.)

What does not live here: elementwise ops (``elementwise.py``).
"""

from __future__ import annotations

from llh_opt.ir.core import Operation
from llh_opt.ir.types import RankedTensorType
from llh_opt.lowering.context import LoweringContext, int_list
from llh_opt.lowering.registry import lowers

__all__ = ["lower_broadcast_to", "lower_expand"]


@lowers("llh.broadcast_to")
def lower_broadcast_to(op: Operation, ctx: LoweringContext) -> None:
    r = op.results[0]
    x = op.input
    xt, rt = x.type, r.type
    if not isinstance(xt, RankedTensorType) or not isinstance(rt, RankedTensorType):
        raise ctx.error(op, "'llh.broadcast_to' op needs ranked tensors")
    if len(xt.shape) != len(rt.shape):
        raise ctx.error(op, "'llh.broadcast_to' op input and result ranks differ")
    cast = {d % len(rt.shape) for d in int_list(op.cast_dims)} if rt.shape else set()
    sizes = op.out_shapes
    out = ctx.alloc(ctx_type(ctx, r), ctx.dims(r, sizes if len(sizes) == len(rt.shape) else None))
    ctx.set_buffer(r, out)
    m = ctx.buffer(x)
    with ctx.loop_nest(ctx.dims(r, sizes if len(sizes) == len(rt.shape) else None)) as ivs:
        idx = [
            ctx.c(0) if (i in cast or (d == 1 and rt.shape[i] != 1)) else ivs[i]
            for i, d in enumerate(xt.shape)
        ]
        ctx.store(ctx.load(m, idx), out, ivs)


def ctx_type(ctx: LoweringContext, v: object) -> object:
    from llh_opt.lowering.context import memref_type_of

    return memref_type_of(v.type, ctx.op)  # type: ignore[attr-defined]


@lowers("llh.expand")
def lower_expand(op: Operation, ctx: LoweringContext) -> None:
    r = op.results[0]
    x = op.input
    rt = r.type
    if not isinstance(rt, RankedTensorType):
        raise ctx.error(op, "'llh.expand' op needs a ranked result")
    sizes = op.shapes
    dims = ctx.dims(r, sizes if len(sizes) == len(rt.shape) else None)
    out = ctx.alloc(ctx_type(ctx, r), dims)  # type: ignore[arg-type]
    ctx.set_buffer(r, out)
    with ctx.loop_nest(dims) as ivs:
        ctx.store(ctx.load_broadcast(x, ivs), out, ivs)
