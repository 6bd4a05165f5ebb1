"""Lowering of `llh.batch_norm` (inference) and `llh.layer_norm` to loop nests.

* `llh.batch_norm`: `y = (x − mean[c]) · inv[c] + bias[c]` with `inv[c] = scale[c] /
  sqrt(var[c] + epsilon)` computed once per channel into a temporary (one `math.sqrt` and one
  division per channel, not per element), `c` the index along `feature_index`. The main nest
  follows the input's memory order: one `scf.parallel` over the dimensions up to the channel's
  (split across threads), `scf.for` loops inside; the three per-channel values are loaded in
  the parallel body (hoisted out of the inner loops).
* `llh.layer_norm`: normalization over the dimensions `[axis, rank)` (negative `axis` counts
  from the end): for each position of the leading dimensions (one `scf.parallel` over them,
  split across threads), one nest sums the elements
  (mean), a second sums the squared deviations (biased variance, two-pass for accuracy), then
  `y = (x − mean) · rsqrt(var + epsilon) · scale + bias`, `scale` and `bias` broadcast against
  the input from the trailing end (numpy rules; torch's `normalized_shape` weights). Sums are
  `iter_args` accumulators.

f16/bf16 compute in f32 and round the result. What does not live here: the shared helpers
(``window.py``), the elementwise ops (``elementwise.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack

from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import FloatType, MemRefType
from llh_opt.lowering.context import LoweringContext
from llh_opt.lowering.registry import lowers
from llh_opt.lowering.window import (
    Level,
    accumulator_type,
    add,
    from_acc,
    mul,
    ranked,
    reduce_nest,
    sub,
    to_acc,
)

__all__ = ["lower_batch_norm", "lower_layer_norm"]


def _float_elt(ctx: LoweringContext, op: Operation, v: Value) -> FloatType:
    elt = ranked(ctx, op, v, "input").element_type
    if not isinstance(elt, FloatType):
        raise ctx.error(
            op, f"'{op.name}' op cannot be lowered: element type '{elt}' is not a float"
        )
    return elt


def _axis(ctx: LoweringContext, op: Operation, prop: str, rank: int) -> int:
    """The dimension named by `op`'s integer property `prop` (negative: from the end)."""
    k: int = getattr(op, prop).value
    if k < 0:
        k += rank
    if not 0 <= k < rank:
        raise ctx.error(op, f"'{op.name}' op '{prop}' is out of range")
    return k


@lowers("llh.batch_norm")
def lower_batch_norm(op: Operation, ctx: LoweringContext) -> None:
    """Inference-mode batch normalization (see the module docstring)."""
    x: Value = op.input  # type: ignore[attr-defined]
    elt = _float_elt(ctx, op, x)
    rank = len(x.type.shape)  # type: ignore[attr-defined]
    k = _axis(ctx, op, "feature_index", rank)
    eps: float = op.epsilon.value  # type: ignore[attr-defined]
    params = {}
    for name in ("scale", "bias", "input_mean", "input_var"):
        v = getattr(op, name)
        if len(ranked(ctx, op, v, f"'{name}'").shape) != 1:
            raise ctx.error(op, f"'{op.name}' op cannot be lowered: '{name}' is not 1-D")
        params[name] = ctx.buffer(v)
    acc_t = accumulator_type(elt)

    xb = ctx.buffer(x)
    xd = ctx.dims(x)
    out = ctx.alloc_for(op.result)
    channels = xd[k]

    inv = ctx.alloc(MemRefType((-1,), acc_t), [channels], temporary=False)
    with ctx.for_loop(ctx.c(0), channels) as lc:
        var = to_acc(ctx, ctx.load(params["input_var"], [lc.iv]), acc_t)
        std = ctx.create1("math.sqrt", (add(ctx, var, ctx.const(eps, acc_t)),), acc_t)
        scale = to_acc(ctx, ctx.load(params["scale"], [lc.iv]), acc_t)
        ctx.store(ctx.create1("arith.divf", (scale, std), acc_t), inv, [lc.iv])

    idx: list[Value] = [ctx.c(0)] * rank
    with ExitStack() as stack:
        # Parallel over the dimensions up to the channel's (rows of one channel per thread).
        outer = stack.enter_context(ctx.loop_nest(xd[: k + 1]))
        idx[: k + 1] = outer
        c = idx[k]
        mean = to_acc(ctx, ctx.load(params["input_mean"], [c]), acc_t)
        bias = to_acc(ctx, ctx.load(params["bias"], [c]), acc_t)
        scale_c = ctx.load(inv, [c])
        for axis in range(k + 1, rank):
            idx[axis] = stack.enter_context(ctx.for_loop(ctx.c(0), xd[axis])).iv
        xv = to_acc(ctx, ctx.load(xb, idx), acc_t)
        y = add(ctx, mul(ctx, sub(ctx, xv, mean), scale_c), bias)
        ctx.store(from_acc(ctx, y, elt), out, idx)
    ctx.dealloc(inv)


@lowers("llh.layer_norm")
def lower_layer_norm(op: Operation, ctx: LoweringContext) -> None:
    """Layer normalization over `[axis, rank)` (see the module docstring)."""
    x: Value = op.input  # type: ignore[attr-defined]
    elt = _float_elt(ctx, op, x)
    rank = len(x.type.shape)  # type: ignore[attr-defined]
    a = _axis(ctx, op, "axis", rank)
    eps: float = op.epsilon.value  # type: ignore[attr-defined]
    scale: Value = op.scale  # type: ignore[attr-defined]
    bias: Value = op.bias  # type: ignore[attr-defined]
    for name, v in (("scale", scale), ("bias", bias)):
        r = len(ranked(ctx, op, v, f"'{name}'").shape)
        if r > rank:
            raise ctx.error(
                op,
                f"'{op.name}' op cannot be lowered: '{name}' of rank {r} does not broadcast "
                f"against the rank-{rank} input",
            )
    acc_t = accumulator_type(elt)

    xb = ctx.buffer(x)
    xd = ctx.dims(x)
    out = ctx.alloc_for(op.result)
    idx: list[Value] = [ctx.c(0)] * rank

    count = xd[a]
    for d in xd[a + 1 :]:
        count = ctx.muli(count, d)
    zero = ctx.const(0.0, acc_t)

    def setter(axis: int) -> Callable[[Value], None]:
        def hook(iv: Value) -> None:
            idx[axis] = iv

        return hook

    def inner_levels() -> list[Level]:
        return [Level(xd[axis], setter(axis)) for axis in range(a, rank)]

    n = ctx.convert(count, acc_t)
    with ExitStack() as stack:
        # Parallel over the leading (not normalized) dimensions: one row per iteration.
        idx[:a] = stack.enter_context(ctx.loop_nest(xd[:a]))

        def load_x() -> Value:
            return to_acc(ctx, ctx.load(xb, idx), acc_t)

        total = reduce_nest(ctx, inner_levels(), zero, lambda s: add(ctx, s, load_x()))
        mean = ctx.create1("arith.divf", (total, n), acc_t)

        def square_dev(s: Value) -> Value:
            d = sub(ctx, load_x(), mean)
            return add(ctx, s, mul(ctx, d, d))

        sq = reduce_nest(ctx, inner_levels(), zero, square_dev)
        var = ctx.create1("arith.divf", (sq, n), acc_t)
        rstd = ctx.create1("math.rsqrt", (add(ctx, var, ctx.const(eps, acc_t)),), acc_t)

        with ExitStack() as inner:
            for axis in range(a, rank):
                idx[axis] = inner.enter_context(ctx.for_loop(ctx.c(0), xd[axis])).iv
            norm = mul(ctx, sub(ctx, load_x(), mean), rstd)
            g = to_acc(ctx, ctx.load_broadcast(scale, idx), acc_t)
            bv = to_acc(ctx, ctx.load_broadcast(bias, idx), acc_t)
            ctx.store(from_acc(ctx, add(ctx, mul(ctx, norm, g), bv), elt), out, idx)
