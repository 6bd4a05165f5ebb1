"""Vectorized loop nests for fused elementwise expressions (f32: 8 lanes, f64: 4 lanes).

``emit_vectorized(ctx, result, operands, fn, out)`` writes ``fn(operands)`` — an expression whose
deferred operands (``fusion.py``) expand into their own operands — into buffer ``out`` for every
position of tensor ``result``, or returns False when the expression is not vectorizable (an
integer/f16 element type, a conversion, a compare, ``pow``, an operand that cannot be indexed
positionally); the caller then emits the scalar nest.

Plan, for each *leaf* (a tensor read, through a virtual ``broadcast_to``/``expand`` to its
source, or a scalar splat):

1. each leaf dimension is *full* (indexed by the output position aligned from the end), *zero*
   (a static size 1: index 0, a broadcast as an index map), or *maybe one* (a size symbol that
   is not provably the output's: 1 at run time means broadcast). Maybe-one dimensions are shape
   buckets: ``scf.if %size == 1`` selects the broadcast variant, the contiguous variant is the
   other branch (several maybe-one dimensions: a scalar variant with ``arith.select`` indices);
2. adjacent output dimensions on which every leaf is in the same state (static size-1 output
   dimensions go with anything) are merged: every buffer is viewed through one
   ``memref.collapse_shape`` (no copy), so a same-shape chain is one flat loop and a
   per-channel bias over NCHW is ``[C, H·W]``;
3. loops: one flat dimension → ``scf.parallel`` over chunks of ``CHUNK`` elements; otherwise
   ``scf.parallel`` over the outer merged dimensions. The innermost loop is ``scf.for`` step
   N with ``vector.load``/``vector.store`` (a leaf constant along it: one scalar load per row and
   a ``vector.broadcast``), then a scalar tail loop — omitted in the bucket where the inner size
   is a multiple of N (``buckets.divisible``).

What does not live here: the fusion decisions (``fusion.py``), the scalar nest and per-element
formulas (``elementwise.py``), bucket predicates (``buckets.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from llh_opt.ir.core import Value
from llh_opt.ir.types import FloatType, RankedTensorType, VectorType
from llh_opt.lowering.buckets import divisible, is_one, static_value, variants
from llh_opt.lowering.context import LoweringContext

__all__ = ["CHUNK", "VECTOR_OPS", "emit_vectorized", "lanes_for"]

CHUNK = 4096
"""Elements per `scf.parallel` iteration of a flat loop (a multiple of every lane count)."""

VECTOR_OPS = frozenset(
    ("llh.add", "llh.sub", "llh.mul", "llh.div", "llh.max", "llh.min",
     "llh.relu", "llh.abs", "llh.sqrt", "llh.rsqrt", "llh.exp")
)  # fmt: skip
"""Ops whose per-element formula also applies to vectors (``elementwise.float_binary`` /
``unary_value`` on vector operands)."""

_FULL, _ZERO, _MAYBE = 1, 0, 2


def lanes_for(t: object) -> int:
    """Vector lanes for element type `t` (0: not vectorized)."""
    if isinstance(t, FloatType):
        return {"f32": 8, "f64": 4}.get(t.name, 0)
    return 0


class _Leaf:
    """A read of the expression: `mem` (a memref, None for a scalar `x`), `state[k]` per memref
    dimension, `sizes[k]` its size values (for maybe-one tests)."""

    __slots__ = ("mem", "sizes", "state", "x")

    def __init__(self, mem: Value | None, state: list[int], sizes: list[Value],
                 x: Value | None = None) -> None:  # fmt: skip
        self.mem = mem
        self.state = state
        self.sizes = sizes
        self.x = x


def _collect(
    ctx: LoweringContext,
    operands: Sequence[Value],
    elt: object,
    leaves: dict[Value, _Leaf],
    out_dims: list[Value],
    out_shape: tuple[int, ...],
) -> bool:
    """Walk the expression, classifying each leaf; False when it cannot be vectorized."""
    for v in operands:
        if v in leaves:
            continue
        d = ctx.deferred(v)
        if d is not None:
            owner = v.owner
            if getattr(owner, "name", None) not in VECTOR_OPS:
                return False
            if v.type.element_type is not elt:  # type: ignore[attr-defined]
                return False
            if not _collect(ctx, d[0], elt, leaves, out_dims, out_shape):
                return False
            continue
        t = v.type
        if not isinstance(t, RankedTensorType):
            if t is not elt:
                return False
            leaves[v] = _Leaf(None, [], [], ctx.scalar(v))
            continue
        if t.element_type is not elt or len(t.shape) > len(out_shape):
            return False
        leaf = _leaf(ctx, v, out_dims, out_shape)
        if leaf is None:
            return False
        leaves[v] = leaf
    return True


def _leaf(
    ctx: LoweringContext, v: Value, out_dims: list[Value], out_shape: tuple[int, ...]
) -> _Leaf | None:
    t = v.type
    assert isinstance(t, RankedTensorType)
    r = len(out_shape)
    virt = ctx.virtual(v)
    if virt is None:
        dims = ctx.dims(v)
        off = r - len(t.shape)
        state = []
        for k, d in enumerate(t.shape):
            j = off + k
            if d == 1:
                state.append(_ZERO)
            elif dims[k] is out_dims[j] or (d != -1 and d == out_shape[j]):
                state.append(_FULL)
            else:
                state.append(_MAYBE)
        return _Leaf(ctx.buffer(v), state, dims)
    src, mapping, _ = virt
    if mapping is None:  # a splat of scalar `src`
        return _Leaf(None, [], [], src)
    st = src.type
    if not isinstance(st, RankedTensorType) or ctx.virtual(src) is not None:
        return None
    if ctx.deferred(src) is not None or st.element_type is not t.element_type:
        return None
    off_v = r - len(t.shape)
    off_s = r - len(st.shape)
    state = []
    for k, m in enumerate(mapping):
        if m is None:
            state.append(_ZERO)
            continue
        if off_v + m != off_s + k:  # not positional: leave it to the scalar nest
            return None
        state.append(_ZERO if t.shape[m] == 1 else _FULL)
    return _Leaf(ctx.buffer(src), state, ctx.dims(src))


def emit_vectorized(
    ctx: LoweringContext,
    result: Value,
    operands: Sequence[Value],
    fn: Callable[[list[Value]], Value],
    out: Value,
) -> bool:
    """Fill `out` (the buffer of `result`) with the vectorized expression (module docstring);
    False (nothing emitted) when it does not apply."""
    rt = result.type
    assert isinstance(rt, RankedTensorType)
    elt = rt.element_type
    n = lanes_for(elt)
    if n == 0 or not rt.shape or ctx.op is None or ctx.op.name not in VECTOR_OPS:
        return False
    out_dims = ctx.dims(result)
    leaves: dict[Value, _Leaf] = {}
    if not _collect(ctx, operands, elt, leaves, out_dims, rt.shape):
        return False
    maybe = [(leaf, k) for leaf in leaves.values() for k, s in enumerate(leaf.state) if s == _MAYBE]
    any_dims = [d == 1 for d in rt.shape]
    emit = _Emitter(ctx, operands, fn, leaves, out, out_dims, any_dims, n)
    if not maybe:
        emit.plan({})
        return True
    preds = [is_one(ctx, leaf.sizes[k]) for leaf, k in maybe]
    pred: Value | bool = False
    for p in preds:
        if p is True or pred is True:
            pred = True
        elif p is not False:
            pred = p if pred is False else ctx.ori(pred, p)  # type: ignore[arg-type]
    all_full = {(id(leaf), k): _FULL for leaf, k in maybe}
    if len(maybe) == 1:
        broadcast = {(id(leaf), k): _ZERO for leaf, k in maybe}
        variants(ctx, pred, lambda: emit.plan(broadcast), lambda: emit.plan(all_full))
    else:
        variants(ctx, pred, lambda: emit.generic(maybe), lambda: emit.plan(all_full))
    return True


class _Emitter:
    __slots__ = ("any_dims", "ctx", "fn", "lanes", "leaves", "operands", "out", "out_dims")

    def __init__(
        self,
        ctx: LoweringContext,
        operands: Sequence[Value],
        fn: Callable[[list[Value]], Value],
        leaves: dict[Value, _Leaf],
        out: Value,
        out_dims: list[Value],
        any_dims: list[bool],
        lanes: int,
    ) -> None:
        self.ctx = ctx
        self.operands = list(operands)
        self.fn = fn
        self.leaves = leaves
        self.out = out
        self.out_dims = out_dims
        self.any_dims = any_dims
        self.lanes = lanes

    # ---------------------------------------------------------------- evaluation

    def _eval(self, load: Callable[[Value], Value]) -> Value:
        """`fn` over the operands, deferred values expanded, leaves read by `load`."""
        cache: dict[Value, Value] = {}

        def value(v: Value) -> Value:
            x = cache.get(v)
            if x is None:
                d = self.ctx.deferred(v)
                if d is None:
                    x = load(v)
                else:
                    x = d[1]([value(o) for o in d[0]])
                cache[v] = x
            return x

        return self.fn([value(v) for v in self.operands])

    # ---------------------------------------------------------------- variants

    def generic(self, maybe: list[tuple[_Leaf, int]]) -> None:
        """Scalar nest; a maybe-one dimension reads `select(size == 1, 0, iv)`."""
        ctx = self.ctx
        r = len(self.out_dims)
        with ctx.loop_nest(self.out_dims) as ivs:
            idx_cache: dict[tuple[int, int], Value] = {}
            for leaf, k in maybe:
                j = r - len(leaf.state) + k
                one = ctx.cmpi("eq", leaf.sizes[k], ctx.c(1))
                idx_cache[(id(leaf), k)] = ctx.select(one, ctx.c(0), ivs[j])

            def load(v: Value) -> Value:
                leaf = self.leaves[v]
                if leaf.mem is None:
                    assert leaf.x is not None
                    return leaf.x
                off = r - len(leaf.state)
                idx = []
                for k, s in enumerate(leaf.state):
                    if s == _ZERO:
                        idx.append(ctx.c(0))
                    elif s == _MAYBE:
                        idx.append(idx_cache[(id(leaf), k)])
                    else:
                        idx.append(ivs[off + k])
                return ctx.load(leaf.mem, idx)

            ctx.store(self._eval(load), self.out, ivs)

    def plan(self, resolved: dict[tuple[int, int], int]) -> None:
        """The vector nest with the maybe-one dimensions resolved as given."""
        ctx = self.ctx
        r = len(self.out_dims)
        states: dict[Value, list[int]] = {}
        for v, leaf in self.leaves.items():
            if leaf.mem is not None:
                states[v] = [resolved.get((id(leaf), k), s) for k, s in enumerate(leaf.state)]

        def st(v: Value, j: int) -> int:
            s = states[v]
            k = j - (r - len(s))
            return _ZERO if k < 0 else s[k]

        # Merge adjacent output dimensions with the same state in every leaf.
        groups: list[list[int]] = []
        gstate: list[dict[Value, int | None]] = []
        for j in range(r):
            here = {v: (None if self.any_dims[j] else st(v, j)) for v in states}
            if groups:
                prev = gstate[-1]
                if all(here[v] is None or prev[v] is None or here[v] == prev[v] for v in states):
                    groups[-1].append(j)
                    for v in states:
                        if prev[v] is None:
                            prev[v] = here[v]
                    continue
            groups.append([j])
            gstate.append(here)
        sizes = [_product(ctx, [self.out_dims[j] for j in g]) for g in groups]
        out = self._collapsed(self.out, r, groups)
        views: dict[Value, tuple[Value, list[int | None]]] = {}
        for v, s in states.items():
            leaf = self.leaves[v]
            assert leaf.mem is not None
            q = len(s)
            lgroups: list[list[int]] = []
            gidx: list[int | None] = []  # per leaf-view dim: the output group it follows, or None
            for gi, g in enumerate(groups):
                ks = [j - (r - q) for j in g if j - (r - q) >= 0]
                if not ks:
                    continue
                lgroups.append(ks)
                full = any(states[v][k] == _FULL and not self.any_dims[r - q + k] for k in ks)
                gidx.append(gi if full else None)
            if q == 0:
                views[v] = (leaf.mem, [])
            else:
                views[v] = (self._collapsed(leaf.mem, q, lgroups), gidx)
        g_count = len(groups)
        inner = g_count - 1
        n = self.lanes
        vt = VectorType((n,), self.out.type.element_type)  # type: ignore[attr-defined]

        def split(lo: Value, hi: Value, exact: bool) -> tuple[Value, bool]:
            """Where the vector loop over [lo, hi) stops, and whether it covers everything."""
            lo_c, hi_c = static_value(lo), static_value(hi)
            if lo_c is not None and hi_c is not None:  # a static row: split at compile time
                vec_hi = ctx.c(lo_c + (hi_c - lo_c) // n * n)
                return vec_hi, vec_hi is hi
            if exact:
                return hi, True
            count = hi if lo_c == 0 else ctx.subi(hi, lo)
            whole = ctx.muli(ctx.divsi(count, ctx.c(n)), ctx.c(n))
            return (whole if lo_c == 0 else ctx.addi(lo, whole)), False

        def body(outer: list[Value], lo: Value, hi: Value, vec_hi: Value, exact: bool) -> None:
            # Per-row values: leaves constant along the inner dimension.
            row: dict[Value, Value] = {}
            for v, leaf in self.leaves.items():
                if leaf.mem is None:
                    assert leaf.x is not None
                    row[v] = leaf.x
                    continue
                m, gidx = views[v]
                if inner not in gidx:
                    idx = [outer[g] if g is not None else ctx.c(0) for g in gidx]
                    row[v] = ctx.load(m, idx)

            def access(v: Value, j: Value) -> list[Value]:
                gidx = views[v][1]
                return [j if g == inner else (outer[g] if g is not None else ctx.c(0))
                        for g in gidx]  # fmt: skip

            if vec_hi is not lo:
                splat = {v: ctx.create1("vector.broadcast", (x,), vt) for v, x in row.items()}
                with ctx.for_loop(lo, vec_hi, ctx.c(n)) as loop:

                    def vload(v: Value) -> Value:
                        if v in splat:
                            return splat[v]
                        return ctx.create1("vector.load", (views[v][0], *access(v, loop.iv)), vt)

                    ctx.create("vector.store", (self._eval(vload), out, *outer, loop.iv))
            if not exact:
                with ctx.for_loop(vec_hi, hi) as tail:

                    def sload(v: Value) -> Value:
                        if v in row:
                            return row[v]
                        return ctx.load(views[v][0], access(v, tail.iv))

                    ctx.store(self._eval(sload), out, [*outer, tail.iv])

        def nest(exact: bool) -> None:
            if g_count == 1:
                total = sizes[0]
                chunks = ctx.ceildivsi(total, ctx.c(CHUNK)) if static_value(total) is None else (
                    ctx.c(-(-static_value(total) // CHUNK)))  # type: ignore[operator]  # fmt: skip
                with ctx.loop_nest([chunks]) as (c,):
                    lo = ctx.muli(c, ctx.c(CHUNK))
                    hi = ctx.minsi(ctx.addi(lo, ctx.c(CHUNK)), total)
                    body([], lo, hi, *split(lo, hi, exact))
                return
            vec_hi, exact = split(ctx.c(0), sizes[inner], exact)  # the same for every row
            with ctx.loop_nest(sizes[:inner]) as outer:
                body(list(outer), ctx.c(0), sizes[inner], vec_hi, exact)

        pred = divisible(ctx, [self.out_dims[j] for j in groups[inner]], n)
        variants(ctx, pred, lambda: nest(True), lambda: nest(False))

    def _collapsed(self, m: Value, rank: int, groups: list[list[int]]) -> Value:
        if len(groups) == rank:
            return m
        from llh_opt.lowering.data_movement import collapse

        view = collapse(self.ctx, m, groups)
        self.ctx.add_view(view, m)
        return view


def _product(ctx: LoweringContext, sizes: list[Value]) -> Value:
    from llh_opt.lowering.buckets import product

    return product(ctx, sizes)
