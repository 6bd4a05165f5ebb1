"""Data movement: ``transpose``, ``reshape``, ``flatten``, ``cat``, ``slice``, ``stride_slice``,
``extract``, ``empty``.

* ``reshape`` and ``flatten`` are views, no copy: every buffer the lowering makes is contiguous
  with the identity layout, so ``memref.collapse_shape`` to one dimension then
  ``memref.expand_shape`` to the result sizes (each skipped when not needed) gives an identity
  memref over the same allocation; ``flatten`` is one ``collapse_shape``. The view shares the
  input's allocation (it is freed after the last use of either).
* ``transpose``: one loop nest over the result, reading ``input[perm^-1(ivs)]``.
* ``cat``: one loop nest per input storing at an offset along ``dim`` (offsets computed once).
* ``slice`` / ``stride_slice``: one loop nest reading ``input[start + iv * stride]``; constant
  negative starts/ends and torch's huge "open" end are resolved against the size (Python
  clamping when the size is static), as the shape rule does.
* ``extract``: ``input[index]`` along dimension 0 (a negative index counts from the end),
  copied into a fresh buffer (a view would need a non-identity layout).
* ``empty``: an uninitialized ``memref.alloc``.

What does not live here: broadcasting (``broadcast.py``), reductions.
"""

from __future__ import annotations

from collections.abc import Sequence

from llh_opt.dialects.llh.base import constant_int
from llh_opt.ir.attributes import ArrayAttr, DenseArrayAttr, IntegerAttr
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import DYNAMIC, MemRefType, RankedTensorType, i64
from llh_opt.lowering.context import LoweringContext, int_list, memref_type_of
from llh_opt.lowering.registry import lowers
from llh_opt.symbolic.analysis import encoding_of

__all__ = ["collapse", "expand"]

_DYN = -(2**63)
_OPEN_END = 2**62  # ends at or above this are "to the end" (torch's sys.maxsize)


def _ranked(ctx: LoweringContext, v: Value) -> RankedTensorType:
    t = v.type
    if not isinstance(t, RankedTensorType):
        raise ctx.error(ctx.op, f"'{t}' is not a ranked tensor")
    return t


def _reassoc(groups: Sequence[Sequence[int]]) -> ArrayAttr:
    return ArrayAttr(tuple(ArrayAttr(tuple(IntegerAttr(i, i64) for i in g)) for g in groups))


def collapse(ctx: LoweringContext, m: Value, groups: Sequence[Sequence[int]]) -> Value:
    """`memref.collapse_shape` of identity memref `m` by `groups`."""
    t = m.type
    assert isinstance(t, MemRefType)
    shape = []
    for g in groups:
        n = 1
        for i in g:
            if t.shape[i] == DYNAMIC:
                n = DYNAMIC
                break
            n *= t.shape[i]
        shape.append(n)
    rt = MemRefType(tuple(shape), t.element_type)
    return ctx.create1("memref.collapse_shape", (m,), rt, {"reassociation": _reassoc(groups)})


def expand(
    ctx: LoweringContext,
    m: Value,
    groups: Sequence[Sequence[int]],
    shape: Sequence[int],
    sizes: Sequence[Value],
) -> Value:
    """`memref.expand_shape` of identity memref `m` to `shape` (`sizes` gives the dynamic ones)."""
    t = m.type
    assert isinstance(t, MemRefType)
    rt = MemRefType(tuple(shape), t.element_type)
    dyn = [s for s, d in zip(sizes, shape) if d == DYNAMIC]
    static = DenseArrayAttr(i64, tuple(_DYN if d == DYNAMIC else d for d in shape))
    return ctx.create1(
        "memref.expand_shape",
        (m, *dyn),
        rt,
        {"reassociation": _reassoc(groups), "static_output_shape": static},
    )


def _same_symbols(ctx: LoweringContext, a: RankedTensorType, b: RankedTensorType) -> bool:
    sa, sb = encoding_of(a), encoding_of(b)
    if sa is None or sb is None:
        return False
    if ctx.sa is None:
        return sa == sb
    return all(x == y or ctx.sa.provably_equal(x, y) for x, y in zip(sa, sb))


def _product(shape: Sequence[int]) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


def _view(ctx: LoweringContext, x: Value, result: Value, sizes: Sequence[Value] | None) -> None:
    """`result` as a view of `x`'s buffer with `result`'s shape (same number of elements)."""
    xt, rt = _ranked(ctx, x), _ranked(ctx, result)
    m = ctx.buffer(x)
    root = ctx.root_of(m)
    if xt.shape == rt.shape and (DYNAMIC not in xt.shape or _same_symbols(ctx, xt, rt)):
        ctx.set_buffer(result, m, root)
        return
    rin, rout = len(xt.shape), len(rt.shape)
    if rin == 0:
        flat = expand(ctx, m, [], (1,), [])
    elif rin == 1:
        flat = m
    else:
        flat = collapse(ctx, m, [list(range(rin))])
    # The one-dimensional form is static exactly when the result's size is.
    total = DYNAMIC if DYNAMIC in rt.shape else _product(rt.shape)
    if rout > 1 and flat.type.shape[0] != total:  # type: ignore[attr-defined]
        flat = ctx.create1("memref.cast", (flat,), MemRefType((total,), rt.element_type))
    if rout == 0:
        if flat.type.shape[0] != 1:  # type: ignore[attr-defined]
            flat = ctx.create1("memref.cast", (flat,), MemRefType((1,), rt.element_type))
        out = collapse(ctx, flat, [])
    elif rout == 1:
        out = flat
        if flat.type is not memref_type_of(rt):  # static size known only on one side
            out = ctx.create1("memref.cast", (flat,), memref_type_of(rt))
    else:
        out = expand(ctx, flat, [list(range(rout))], rt.shape, ctx.dims(result, sizes))
    ctx.set_buffer(result, out, root)


@lowers("llh.reshape")
def lower_reshape(op: Operation, ctx: LoweringContext) -> None:
    r = op.results[0]
    sizes = op.shapes
    _view(ctx, op.input, r, sizes if len(sizes) == len(_ranked(ctx, r).shape) else None)


@lowers("llh.flatten")
def lower_flatten(op: Operation, ctx: LoweringContext) -> None:
    xt = _ranked(ctx, op.input)
    r = op.results[0]
    k = constant_int(op.dim)
    if k is None:
        raise ctx.error(op, "'llh.flatten' op with a non-constant 'dim' cannot be lowered")
    rank = len(xt.shape)
    if k < 0:
        k += max(rank, 1)
    if rank == 0 or k >= rank - 1:
        m = ctx.buffer(op.input)
        if rank == 0 or _ranked(ctx, r).shape != xt.shape:
            _view(ctx, op.input, r, None)
        else:
            ctx.set_buffer(r, m, ctx.root_of(m))
        return
    m = ctx.buffer(op.input)
    groups = [[i] for i in range(k)] + [list(range(k, rank))]
    out = collapse(ctx, m, groups)
    want = memref_type_of(r.type, op)
    if out.type is not want:
        out = ctx.create1("memref.cast", (out,), want)
    ctx.set_buffer(r, out, ctx.root_of(m))


@lowers("llh.transpose")
def lower_transpose(op: Operation, ctx: LoweringContext) -> None:
    r = op.results[0]
    perms = int_list(op.perms)
    rank = len(perms)
    out = ctx.alloc_for(r)
    with ctx.loop_nest(ctx.dims(r)) as ivs:
        idx: list[Value] = [ivs[0]] * rank
        for i, p in enumerate(perms):
            idx[p % rank] = ivs[i]
        ctx.store(ctx.load_at(op.input, idx), out, ivs)


@lowers("llh.empty")
def lower_empty(op: Operation, ctx: LoweringContext) -> None:
    r = op.results[0]
    rt = _ranked(ctx, r)
    sizes = op.shapes
    ctx.set_buffer(
        r,
        ctx.alloc(
            memref_type_of(rt, op), ctx.dims(r, sizes if len(sizes) == len(rt.shape) else None)
        ),
    )


@lowers("llh.cat")
def lower_cat(op: Operation, ctx: LoweringContext) -> None:
    r = op.results[0]
    rt = _ranked(ctx, r)
    rank = len(rt.shape)
    d = int(op.dim.value)
    if d < 0:
        d += rank
    out = ctx.alloc_for(r)
    offset: Value | None = None
    inputs = op.inputs
    for n, x in enumerate(inputs):
        xdims = ctx.dims(x)
        with ctx.loop_nest(xdims) as ivs:
            v = ctx.load_at(x, ivs)
            oi = list(ivs)
            if offset is not None:
                oi[d] = ctx.addi(ivs[d], offset)
            ctx.store(v, out, oi)
        if n + 1 < len(inputs):
            offset = xdims[d] if offset is None else ctx.addi(offset, xdims[d])


def _slice(op: Operation, ctx: LoweringContext, strides: Sequence[Value] | None) -> None:
    x = op.input
    xt = _ranked(ctx, x)
    r = op.results[0]
    rt = _ranked(ctx, r)
    starts, ends = op.start, op.end
    in_dims = ctx.dims(x)
    rsyms = encoding_of(rt)
    first: list[Value] = []
    steps: list[Value | None] = []
    out_sizes: list[Value] = []
    for i, size in enumerate(xt.shape):
        s0, e0 = constant_int(starts[i]), constant_int(ends[i])
        st0 = constant_int(strides[i]) if strides is not None else 1
        if st0 is not None and st0 == 0:
            raise ctx.error(op, f"slice stride {i} is zero")
        if size != DYNAMIC and s0 is not None and e0 is not None and st0 is not None:
            s, e, st = slice(s0, e0, st0).indices(size)
            first.append(ctx.c(s))
            steps.append(None if st == 1 else ctx.c(st))
            out_sizes.append(ctx.c(len(range(s, e, st))))
            continue
        if s0 is not None:
            start = ctx.c(s0) if s0 >= 0 else ctx.addi(in_dims[i], ctx.c(s0))
        else:
            start = ctx.index_of(starts[i])
        if e0 is not None:
            if e0 >= _OPEN_END:
                end = in_dims[i]
            else:
                end = ctx.c(e0) if e0 >= 0 else ctx.addi(in_dims[i], ctx.c(e0))
        else:
            end = ctx.index_of(ends[i])
        step = ctx.c(st0) if st0 is not None else ctx.index_of(strides[i])  # type: ignore[index]
        first.append(start)
        steps.append(None if st0 == 1 else step)
        if rt.shape[i] != DYNAMIC:
            out_sizes.append(ctx.c(rt.shape[i]))
        elif rsyms is not None and ctx.determined(rsyms[i]):
            out_sizes.append(ctx.sym(rsyms[i]))
        else:
            n = ctx.ceildivsi(ctx.subi(end, start), step)
            out_sizes.append(ctx.maxsi(n, ctx.c(0)))
    out = ctx.alloc(memref_type_of(rt, op), out_sizes)
    ctx.set_buffer(r, out)
    with ctx.loop_nest(out_sizes) as ivs:
        idx = []
        for i, iv in enumerate(ivs):
            step = steps[i]
            j = iv if step is None else ctx.muli(iv, step)
            idx.append(ctx.addi(first[i], j) if constant_int(first[i]) != 0 else j)
        ctx.store(ctx.load_at(x, idx), out, ivs)


@lowers("llh.slice")
def lower_slice(op: Operation, ctx: LoweringContext) -> None:
    _slice(op, ctx, None)


@lowers("llh.stride_slice")
def lower_stride_slice(op: Operation, ctx: LoweringContext) -> None:
    _slice(op, ctx, op.stride)


@lowers("llh.extract")
def lower_extract(op: Operation, ctx: LoweringContext) -> None:
    x = op.input
    xt = _ranked(ctx, x)
    r = op.results[0]
    size0 = ctx.dim(x, 0)
    k = constant_int(op.index)
    if k is not None:
        if xt.shape[0] != DYNAMIC:
            k = k + xt.shape[0] if k < 0 else k
            if not 0 <= k < xt.shape[0]:
                raise ctx.error(op, f"'llh.extract' op index {k} is out of range")
            idx0 = ctx.c(k)
        else:
            idx0 = ctx.c(k) if k >= 0 else ctx.addi(size0, ctx.c(k))
    else:
        i = ctx.index_of(op.index)
        neg = ctx.cmpi("slt", i, ctx.c(0))
        idx0 = ctx.select(neg, ctx.addi(i, size0), i)
    out = ctx.alloc_for(r)
    with ctx.loop_nest(ctx.dims(r)) as ivs:
        ctx.store(ctx.load_at(x, [idx0, *ivs]), out, ivs)
