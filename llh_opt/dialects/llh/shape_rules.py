"""Formulas the LLH ops' symbolic-shape rules share, on sympy integer expressions: floor/ceil
division, conv/pool window output sizes (padding, stride, dilation, `ceil_mode`), numpy
broadcasting with "a static size beats a dynamic one", axis normalization, slice lengths, sizes
read from scalar operands.

The rules themselves are the `infer_symbolic_shape` methods of the op classes (ARCHITECTURE
decision 4); what a context is lives in ``shape_context.py``; symbols and equalities in
``llh_opt/symbolic``, which this module does not import.

Hot path (one rule per op on 100k-op graphs; guarded by `test_rules_are_light` in
``test/unit/dialects/llh/test_llh_shape_rules.py``): no `simplify`, no evaluated sympy `floor` (≈3 ms each);
integers stay Python ints until the end, divisions are built unevaluated, window sizes are cached.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

import sympy
from sympy import Add, Integer, Mul

from llh_opt.ir.core import Operation, Value

if TYPE_CHECKING:
    from llh_opt.dialects.llh.base import WindowInfo
    from llh_opt.dialects.llh.shape_context import Dim, ShapeContext

__all__ = [
    "ONE",
    "broadcast",
    "ceildiv",
    "floordiv",
    "normalize_axis",
    "product",
    "reshape_sizes",
    "sizes_from_scalars",
    "slice_length",
    "unify",
    "window_dims",
    "window_output",
]

ONE = sympy.S.One
# torch passes INT64_MAX as the end of an open slice (`x[1:]`); anything this large means "to the
# end of the dimension".
_OPEN_END = 1 << 62


# --------------------------------------------------------------------------- integer division


def _split_by_divisor(a: sympy.Expr, b: int) -> tuple[list[sympy.Expr], list[sympy.Expr], int]:
    """`a = b*sum(q) + sum(r) + c`: `q` holds the quotients of the terms with an integer
    coefficient divisible by `b`, `r` the other non-constant terms, `c` the constant term."""
    q: list[sympy.Expr] = []
    r: list[sympy.Expr] = []
    c = 0
    for t in Add.make_args(a):
        if t.is_Integer:
            c += int(t)
            continue
        coeff, rest = t.as_coeff_Mul()
        if coeff.is_Integer and int(coeff) % b == 0:
            q.append(Integer(int(coeff) // b) * rest)
        else:
            r.append(t)
    return q, r, c


def _floor_affine(a: sympy.Expr, c: int, b: int, plus: int = 0) -> sympy.Expr:
    """`floor((a + c) / b) + plus` for an integer `b > 0`, without building `a + c`: the terms of
    `a` that `b` divides and the integer parts leave the floor, which keeps the other terms
    divided by `b` (`floor(s0/2 + 1/2)`). Few sympy constructions: this is the window hot path."""
    if b == 1:
        return a + (c + plus)
    q, r, c0 = _split_by_divisor(a, b)
    qc, rc = divmod(c + c0, b)
    const = Integer(qc + plus)
    if not r:
        return Add(*q, const)
    inv = sympy.Rational(1, b)
    inner = Add(*(inv * t for t in r), sympy.Rational(rc, b)) if rc else Add(*(inv * t for t in r))
    return Add(*q, sympy.floor(inner, evaluate=False), const)


def floordiv(a: sympy.Expr, b: sympy.Expr | int) -> sympy.Expr:
    """`floor(a / b)` on integer expressions: an `Integer` when both are integers; otherwise the
    parts of `a` that `b` divides are taken out and the rest stays in an unevaluated `floor`:
    `floordiv(2*s0 + 5, 2) == s0 + 2`, `floordiv(s0 + 3, 2) == floor(s0/2 + 1/2) + 1`. Raises
    ZeroDivisionError."""
    b = Integer(b) if isinstance(b, int) else b
    if b.is_Integer:
        bv = int(b)
        if bv == 0:
            raise ZeroDivisionError(f"floor division of {a} by zero")
        if a.is_Integer:
            return Integer(int(a) // bv)
        if bv == 1:
            return a
        if bv < 0:
            return floordiv(-a, -bv)
        return _floor_affine(a, 0, bv)
    if a == b:
        return ONE
    return sympy.floor(a / b, evaluate=False)


def ceildiv(a: sympy.Expr, b: sympy.Expr | int) -> sympy.Expr:
    """`ceiling(a / b)` on integer expressions (an `Integer` when both are integers)."""
    b = Integer(b) if isinstance(b, int) else b
    if b.is_Integer:
        bv = int(b)
        if bv > 0:
            return Integer(-(-int(a) // bv)) if a.is_Integer else _floor_affine(a, bv - 1, bv)
        if bv < 0:
            return -floordiv(a, -bv)
        raise ZeroDivisionError(f"ceil division of {a} by zero")
    if a == b:
        return ONE
    return sympy.ceiling(a / b, evaluate=False)


def product(dims: Iterable[sympy.Expr]) -> sympy.Expr:
    """The product of `dims` (integers multiplied in Python first)."""
    n = 1
    rest: list[sympy.Expr] = []
    for d in dims:
        if d.is_Integer:
            n *= int(d)
        else:
            rest.append(d)
    return Mul(Integer(n), *rest) if rest else Integer(n)


# --------------------------------------------------------------------------- conv / pool windows


@lru_cache(maxsize=1 << 16)
def _symbolic_window(
    size: sympy.Expr, kernel: int, stride: int, pad_begin: int, pad_end: int, dilation: int,
    ceil_mode: bool,
) -> sympy.Expr:  # fmt: skip
    """`WindowInfo.output_size` for a symbolic `size`, in closed form.

    floor mode: `(size + pb + pe − extent) floordiv stride + 1`. ceil mode (PyTorch): the ceiling of
    the same quotient, minus one when the last window would start beyond the input and its left
    padding, i.e. when `ceil(span/stride)·stride ≥ size + pb`. With `d = pe + stride − extent` this
    is `(span + stride − 1) floordiv stride + 1` if `d ≤ 0`, `(size + pb − 1) floordiv stride + 1`
    if `0 < d < stride`, and `(span + stride − 1) floordiv stride` if `d ≥ stride`."""
    extent = dilation * (kernel - 1) + 1
    offset = pad_begin + pad_end - extent  # span = size + offset
    if not ceil_mode:
        return _floor_affine(size, offset, stride, 1)
    d = pad_end + stride - extent
    if d <= 0:
        return _floor_affine(size, offset + stride - 1, stride, 1)
    if d < stride:
        return _floor_affine(size, pad_begin - 1, stride, 1)
    return _floor_affine(size, offset + stride - 1, stride)


def window_output(
    ctx: ShapeContext, op: Operation, size: sympy.Expr, window: WindowInfo, i: int,
    ceil_mode: bool = False,
) -> sympy.Expr:  # fmt: skip
    """Output size of spatial axis `i` for input size `size`: the verifier's static arithmetic
    (`WindowInfo.output_size`) for an integer, its closed form for an expression."""
    k = len(window.kernel)
    if size.is_Integer:
        n = int(size)
        if window.padded(n, i) < window.extent(i):
            ctx.error(
                op,
                f"window of extent {window.extent(i)} does not fit spatial dimension {i} of size "
                f"{n} (padded: {window.padded(n, i)})",
            )
        return Integer(window.output_size(n, i, ceil_mode))
    return _symbolic_window(
        size, window.kernel[i], window.stride[i], window.pad[i], window.pad[i + k],
        window.dilation[i], ceil_mode,
    )  # fmt: skip


def window_dims(
    ctx: ShapeContext,
    op: Operation,
    dims: Sequence[sympy.Expr],
    window: WindowInfo,
    spatial: Iterable[int],
    ceil_mode: bool = False,
) -> list[Dim]:
    """`dims` (a conv/pool input's) with the sizes at the `spatial` positions (the layout's)
    replaced by the window outputs."""
    out: list[Dim] = list(dims)
    for i, axis in enumerate(spatial):
        out[axis] = window_output(ctx, op, dims[axis], window, i, ceil_mode)
    return out


# --------------------------------------------------------------------------- equal sizes


def unify(ctx: ShapeContext, op: Operation, a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    """Two sizes that must be equal: records `a == b` unless they are the same expression and
    returns the static one if there is one (else `a`)."""
    if a is b or a == b:
        return a
    ctx.equate(a, b, op)
    return b if b.is_Integer and not a.is_Integer else a


def broadcast(
    ctx: ShapeContext, op: Operation, shapes: Sequence[Sequence[sympy.Expr]]
) -> list[sympy.Expr]:
    """Numpy broadcasting of `shapes` (any ranks, aligned at the trailing end). Per position: a
    static 1 gives way to the other size; equal sizes stay; a static size against a dynamic one
    gives the static size and records `s == c`; two different dynamic sizes are recorded equal
    (the first is kept); two different static sizes (neither 1) are an error."""
    rank = max((len(s) for s in shapes), default=0)
    out: list[sympy.Expr] = []
    for pos in range(rank):
        acc: sympy.Expr | None = None
        for s in shapes:
            j = pos - (rank - len(s))
            if j < 0:
                continue
            d = s[j]
            if acc is None or acc is ONE:
                acc = d
            elif d is ONE or d is acc or d == acc:
                continue
            elif acc.is_Integer and d.is_Integer:
                ctx.error(
                    op,
                    "operands don't have broadcast-compatible shapes: dimension "
                    f"{pos} is {acc} vs {d}",
                )
            else:
                acc = unify(ctx, op, acc, d)
        out.append(acc)  # type: ignore[arg-type]
    return out


# --------------------------------------------------------------------------- axes and sizes


def normalize_axis(ctx: ShapeContext, op: Operation, axis: int, rank: int, what: str) -> int:
    """`axis` in `[-rank, rank)` as an index in `[0, rank)`; an error otherwise."""
    if not -rank <= axis < rank:
        ctx.error(op, f"{what} {axis} is out of range for rank {rank}")
    return axis % rank if rank else 0


def sizes_from_scalars(ctx: ShapeContext, op: Operation, values: Sequence[Value]) -> list[Dim]:
    """The sizes the integer operands `values` hold (None where unknown); a negative constant
    is an error."""
    out: list[Dim] = []
    for i, v in enumerate(values):
        e = ctx.scalar(v)
        if e is not None and e.is_Integer and int(e) < 0:
            ctx.error(op, f"size operand {i} is negative ({e})")
        out.append(e)
    return out


def reshape_sizes(
    ctx: ShapeContext, op: Operation, in_dims: Sequence[sympy.Expr] | None, values: Sequence[Value]
) -> list[Dim]:
    """Reshape target sizes from the operands `values`: at most one `-1`, computed from the
    element count when the input shape is known; static element counts must agree."""
    sizes: list[Dim] = [ctx.scalar(v) for v in values]
    wild = [i for i, e in enumerate(sizes) if e is not None and e.is_Integer and int(e) < 0]
    for i in wild:
        if int(sizes[i]) != -1:  # type: ignore[arg-type]
            ctx.error(op, f"size operand {i} is negative ({sizes[i]})")
    if len(wild) > 1:
        ctx.error(op, "at most one size operand may be -1")
    known = [e for i, e in enumerate(sizes) if i not in wild]
    if in_dims is None or any(e is None for e in known):
        if wild:
            sizes[wild[0]] = None
        return sizes
    total = product(in_dims)
    rest = product(known)  # type: ignore[arg-type]
    if wild:
        sizes[wild[0]] = _exact_div(ctx, op, total, rest)
    elif total.is_Integer and rest.is_Integer and total != rest:
        ctx.error(op, f"input has {total} elements but the result has {rest}")
    return sizes


def _exact_div(ctx: ShapeContext, op: Operation, a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    """`a / b` where `b` divides `a` (a reshape's `-1`)."""
    if a.is_Integer and b.is_Integer:
        if int(b) == 0 or int(a) % int(b):
            ctx.error(op, f"cannot split {a} elements into groups of {b}")
        return Integer(int(a) // int(b))
    q = a / b
    if q.is_Integer or q.is_Symbol:
        return q
    _, den = q.as_numer_denom()
    return q if den is ONE else floordiv(a, b)


def slice_length(
    ctx: ShapeContext,
    op: Operation,
    size: sympy.Expr,
    start: sympy.Expr | None,
    end: sympy.Expr | None,
    stride: sympy.Expr | None,
) -> Dim:
    """Length of `x[start:end:stride]` along a dimension of `size`: Python's clamping semantics
    when everything is static; otherwise `(end − start) ceildiv stride` after resolving negative
    constant indices against `size` and a huge constant end (torch's open end) to `size`
    (in-range indices are assumed: no clamping against a symbolic size). None when unknown."""
    if start is None or end is None or stride is None:
        return None
    if stride.is_Integer and int(stride) == 0:
        ctx.error(op, "slice stride is zero")
    if size.is_Integer and start.is_Integer and end.is_Integer and stride.is_Integer:
        return Integer(len(range(*slice(int(start), int(end), int(stride)).indices(int(size)))))
    if start.is_Integer and int(start) < 0:
        start = size + start
    if end.is_Integer:
        if int(end) >= _OPEN_END:
            end = size
        elif int(end) < 0:
            end = size + end
    return ceildiv(end - start, stride)
