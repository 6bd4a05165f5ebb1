"""Explicit broadcasting: ``llh.broadcast_to`` and ``llh.expand`` (torch ``expand``).

Both are virtual (``LoweringContext.set_broadcast``): consumers read the input with index 0 in
every broadcast dimension — for ``broadcast_to`` the dimensions listed in ``cast_dims`` and the
static size-1 input dimensions; for ``expand`` (input aligned to the trailing result dimensions)
the static size-1 input dimensions. A copy loop nest is emitted only when a consumer needs the
result in memory (a view, a returned value, a matmul operand). Result sizes come from the result's symbols, or from the size operands when a symbol
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
    dims = ctx.dims(r, sizes if len(sizes) == len(rt.shape) else None)
    mapping = [
        None if (i in cast or (d == 1 and rt.shape[i] != 1)) else i for i, d in enumerate(xt.shape)
    ]
    ctx.set_broadcast(r, x, mapping, dims)


@lowers("llh.expand")
def lower_expand(op: Operation, ctx: LoweringContext) -> None:
    r = op.results[0]
    x = op.input
    rt = r.type
    if not isinstance(rt, RankedTensorType):
        raise ctx.error(op, "'llh.expand' op needs a ranked result")
    sizes = op.shapes
    dims = ctx.dims(r, sizes if len(sizes) == len(rt.shape) else None)
    xt = x.type
    if not isinstance(xt, RankedTensorType):
        raise ctx.error(op, "'llh.expand' op needs a ranked input")
    off = len(rt.shape) - len(xt.shape)
    mapping = [None if (d == 1 and rt.shape[off + i] != 1) else off + i
               for i, d in enumerate(xt.shape)]  # fmt: skip
    ctx.set_broadcast(r, x, mapping, dims)
