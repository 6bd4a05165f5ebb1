"""Loop-building helpers shared by the heavy op families (``conv``, ``pool``, ``matmul``, ``norm``).

What lives here:

* :class:`Window` — the static window attributes of `llh.conv` / `llh.conv_bias` /
  `llh.max_pool` (`kernel_shape`, `stride`, `dilation`, `pad` = begins then ends), read through
  the ops' named accessors;
* :func:`padded_copy` — a buffer holding the input with its spatial dimensions padded (filled
  with a given value, interior copied), so the compute loops read every window position
  without a bounds test;
* :class:`Level` and :func:`reduce_nest` — an `scf.for` nest that carries one accumulator in
  `iter_args` through every level, with a hook per level where hoisted address arithmetic goes;
* :func:`accumulator_type`, :func:`to_acc` / :func:`from_acc` — f16/bf16 accumulate in f32;
* scalar arithmetic shorthands (:func:`add`, :func:`mul`, :func:`sub`, :func:`maximum`) that
  pick the float or integer `arith` op from the value's type.

What does not live here: the context and its generic helpers (``context.py``), the per-op
lowerings (``conv.py``, ``pool.py``, ``matmul.py``, ``norm.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import (
    DYNAMIC,
    FloatType,
    IntegerType,
    MemRefType,
    RankedTensorType,
    Type,
    f32,
)
from llh_opt.lowering.context import LoweringContext

__all__ = [
    "Level",
    "Window",
    "accumulator_type",
    "add",
    "from_acc",
    "grow",
    "lowest",
    "maximum",
    "mul",
    "padded_copy",
    "ranked",
    "reduce_nest",
    "sub",
    "to_acc",
]


def ranked(ctx: LoweringContext, op: Operation, v: Value, what: str) -> RankedTensorType:
    """`v`'s type, which must be a ranked tensor (else a diagnostic at `op`)."""
    t = v.type
    if not isinstance(t, RankedTensorType):
        raise ctx.error(op, f"'{op.name}' op cannot be lowered: {what} of type '{t}' is not ranked")
    return t


class Window:
    """Static window attributes of a conv/pool op (`pad` split into begins and ends)."""

    __slots__ = ("dilation", "k", "kernel", "pad_begin", "pad_end", "stride")

    def __init__(self, op: Operation) -> None:
        self.kernel: tuple[int, ...] = tuple(op.kernel_shape.values)  # type: ignore[attr-defined]
        self.stride: tuple[int, ...] = tuple(op.stride.values)  # type: ignore[attr-defined]
        self.dilation: tuple[int, ...] = tuple(op.dilation.values)  # type: ignore[attr-defined]
        pad: tuple[int, ...] = tuple(op.pad.values)  # type: ignore[attr-defined]
        self.k = len(self.kernel)
        self.pad_begin = pad[: self.k]
        self.pad_end = pad[self.k :]

    @property
    def padded(self) -> bool:
        return any(self.pad_begin) or any(self.pad_end)

    def extent(self, i: int) -> int:
        """Input positions the dilated window spans along spatial axis `i`."""
        return self.dilation[i] * (self.kernel[i] - 1) + 1


def grow(ctx: LoweringContext, size: Value, by: int) -> Value:
    """`size + by` (no op when `by` is 0)."""
    return ctx.addi(size, ctx.c(by)) if by else size


def padded_copy(
    ctx: LoweringContext,
    src: Value,
    dims: Sequence[Value],
    axes: Sequence[int],
    pad_begin: Sequence[int],
    sizes: Sequence[Value],
    fill: Value,
) -> Value:
    """A new buffer of the shape of `src` (sizes `dims`) with dimension `axes[i]` of size
    `sizes[i]`, filled with `fill`, holding `src` at offset `pad_begin[i]` along `axes[i]`.
    The caller deallocates it (`ctx.dealloc`)."""
    st: MemRefType = src.type  # type: ignore[assignment]
    shape = list(st.shape)
    out_dims = list(dims)
    for a, size in zip(axes, sizes):
        shape[a] = DYNAMIC
        out_dims[a] = size
    buf = ctx.alloc(MemRefType(tuple(shape), st.element_type), out_dims, temporary=False)
    with ctx.loop_nest(out_dims) as ivs:
        ctx.store(fill, buf, ivs)
    with ctx.loop_nest(list(dims)) as ivs:
        shifted = list(ivs)
        for a, p in zip(axes, pad_begin):
            if p:
                shifted[a] = ctx.addi(ivs[a], ctx.c(p))
        ctx.store(ctx.load(src, ivs), buf, shifted)
    return buf


@dataclass
class Level:
    """One loop of a nest: `[lo, hi)` (step 1; `lo` None is 0), and a hook run first in its
    body with the induction variable (hoisted index arithmetic goes there). A loop known to run
    once from 0 (`trip_one`) is not emitted: the hook gets the index constant 0."""

    hi: Value
    on_iv: Callable[[Value], None]
    trip_one: bool = False
    lo: Value | None = None


def reduce_nest(
    ctx: LoweringContext, levels: Sequence[Level], init: Value, body: Callable[[Value], Value]
) -> Value:
    """Loops `levels` (outermost first) carrying one accumulator through `iter_args`; `body`
    maps the accumulator to its next value in the innermost body. Returns the final value."""

    def rec(i: int, acc: Value) -> Value:
        if i == len(levels):
            return body(acc)
        level = levels[i]
        if level.trip_one:
            level.on_iv(ctx.c(0))
            return rec(i + 1, acc)
        lo = level.lo if level.lo is not None else ctx.c(0)
        with ctx.for_loop(lo, level.hi, iter_args=[acc]) as loop:
            level.on_iv(loop.iv)
            loop.yield_([rec(i + 1, loop.args[0])])
        return loop.results[0]

    return rec(0, init)


def accumulator_type(elt: Type) -> Type:
    """f16 and bf16 accumulate in f32; other types in themselves."""
    if isinstance(elt, FloatType) and elt.name in ("f16", "bf16"):
        return f32
    return elt


def to_acc(ctx: LoweringContext, x: Value, acc_t: Type) -> Value:
    return x if x.type is acc_t else ctx.convert(x, acc_t)


def from_acc(ctx: LoweringContext, x: Value, elt: Type) -> Value:
    return x if x.type is elt else ctx.convert(x, elt)


def add(ctx: LoweringContext, a: Value, b: Value) -> Value:
    name = "arith.addf" if isinstance(a.type, FloatType) else "arith.addi"
    return ctx.create1(name, (a, b), a.type)


def sub(ctx: LoweringContext, a: Value, b: Value) -> Value:
    name = "arith.subf" if isinstance(a.type, FloatType) else "arith.subi"
    return ctx.create1(name, (a, b), a.type)


def mul(ctx: LoweringContext, a: Value, b: Value) -> Value:
    name = "arith.mulf" if isinstance(a.type, FloatType) else "arith.muli"
    return ctx.create1(name, (a, b), a.type)


def maximum(ctx: LoweringContext, a: Value, b: Value) -> Value:
    """NaN-propagating float maximum (`arith.maximumf`, as torch's max_pool), signed for ints."""
    name = "arith.maximumf" if isinstance(a.type, FloatType) else "arith.maxsi"
    return ctx.create1(name, (a, b), a.type)


def lowest(ctx: LoweringContext, t: Type) -> Value:
    """The identity of `maximum`: -inf for floats, the smallest signed integer for integers."""
    if isinstance(t, FloatType):
        return ctx.const(float("-inf"), t)
    assert isinstance(t, IntegerType)
    return ctx.const(-(1 << (t.width - 1)) if t.width > 1 else 0, t)
