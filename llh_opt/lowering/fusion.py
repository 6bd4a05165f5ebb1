"""Fusion decisions of the loop lowering: conv/matmul epilogues and elementwise producer chains.

* **Epilogues** (contract §2). ``epilogue_for(op, ctx)`` follows the single-use chain after the
  result of a conv/matmul ``op`` and absorbs, in program order, every step it can apply to an
  accumulator in the kernel's store:

  - ``llh.add / sub / mul / div / max / min`` of the chain value and another operand that is
    available before ``op`` (an argument, or a value defined earlier in the block): a
    per-channel bias or scale (a tensor broadcast against the output, e.g. ``1xCx1x1``), a
    residual of the output's shape, or a scalar;
  - ``llh.relu``;
  - ``llh.batch_norm`` (inference) on the chain value: folded at lowering time into a
    per-channel scale ``s = scale / sqrt(var + eps)`` and shift ``t = bias - mean · s`` (two
    small temporaries filled before the kernel), applied as ``acc · s[c] + t[c]``.

  Each step's result must have the chain value's shape and element type (an op that broadcasts
  the chain value up is not absorbed) and the chain value must have no other use.
  ``Epilogue.apply(ctx, acc, out_ivs)`` emits the steps on a scalar accumulator or on a
  ``vector<Nxf32>`` whose lanes run along the last output index; ``Epilogue.result`` is the LLH
  value the kernel's output buffer holds; ``Epilogue.consumed`` the absorbed ops, marked with
  ``ctx.mark_fused`` so the pass does not lower them again.

* **Elementwise chains**. ``defer_elementwise(op, ctx, operands, fn)`` is called by the
  elementwise lowerings: when the op's tensor result has one user, an elementwise op of the same
  shape in the same block, nothing is emitted — the value is recorded as *deferred*
  (``ctx.defer``) and ``element_at(ctx, v, ivs)`` evaluates it inside the consumer's loop nest
  from its own operands. A chain thus becomes one loop nest with no intermediate buffer.

What does not live here: the loop nests themselves (``elementwise.py``), the kernels that call
``apply`` (``conv.py``, ``matmul.py``), buckets (``buckets.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from llh_opt.diagnostics import DiagnosticError
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import (
    FloatType,
    IntegerType,
    MemRefType,
    RankedTensorType,
    Type,
    VectorType,
)
from llh_opt.lowering.context import LoweringContext

__all__ = [
    "ELEMENTWISE_OPS",
    "Epilogue",
    "defer_elementwise",
    "element_at",
    "epilogue_for",
]

# Ops whose tensor lowering is one elementwise loop nest (`elementwise.emit_elementwise`).
ELEMENTWISE_OPS = frozenset(
    (
        "llh.add", "llh.sub", "llh.mul", "llh.div", "llh.max", "llh.min", "llh.pow",
        "llh.relu", "llh.abs", "llh.sqrt", "llh.rsqrt", "llh.exp",
        "llh.compare", "llh.where", "llh.convert_to",
    )
)  # fmt: skip

_EPILOGUE_BINARY = ("llh.add", "llh.sub", "llh.mul", "llh.div", "llh.max", "llh.min")


# --------------------------------------------------------------------------- helpers


def _single_user(v: Value) -> Operation | None:
    """The one op using `v`'s elements (all of `v`'s uses are operands of that op, apart from
    `llh.dim` size queries, which read the symbols), else None."""
    user: Operation | None = None
    for u in v.uses:
        if u.owner.name == "llh.dim":
            continue
        if user is None:
            user = u.owner
        elif u.owner is not user:
            return None
    return user


def _available_before(v: Value, op: Operation) -> bool:
    """Whether `v` is computed before `op` runs (a block argument of `op`'s function, or the
    result of an op earlier in `op`'s block)."""
    owner = v.owner
    if not isinstance(owner, Operation):
        return True
    block = op.parent
    return owner.parent is block and owner.is_before_in_block(op)


def _same_dims(ctx: LoweringContext, a: Value, b: Value) -> bool:
    ta, tb = a.type, b.type
    if not isinstance(ta, RankedTensorType) or not isinstance(tb, RankedTensorType):
        return False
    if ta.shape != tb.shape or ta.element_type is not tb.element_type:
        return False
    try:
        da, db = ctx.dims(a), ctx.dims(b)
    except DiagnosticError:  # an undetermined size: not provably the same shape
        return False
    return all(x is y for x, y in zip(da, db))


def _lanes(t: Type) -> int:
    return t.shape[0] if isinstance(t, VectorType) else 0


def _elt(t: Type) -> Type:
    return t.element_type if isinstance(t, VectorType) else t


def _splat(ctx: LoweringContext, x: Value, like: Type) -> Value:
    """Scalar `x` as a value of type `like` (itself for a scalar, a broadcast for a vector)."""
    if isinstance(like, VectorType):
        return ctx.create1("vector.broadcast", (x,), like)
    return x


def _arith(ctx: LoweringContext, opname: str, a: Value, b: Value) -> Value:
    # elementwise.py imports this module: its op tables are read here, on use.
    from llh_opt.lowering.elementwise import FLOAT_BINARY, INT_BINARY, float_binary

    elt = _elt(a.type)
    if isinstance(elt, FloatType):
        return ctx.create1(FLOAT_BINARY[opname], (a, b), a.type)
    if opname == "llh.div":
        return float_binary(ctx, opname, a, b)  # integer floor division
    return ctx.create1(INT_BINARY[opname], (a, b), a.type)


def _operand_at(ctx: LoweringContext, v: Value, out_ivs: Sequence[Value], like: Type) -> Value:
    """Operand `v` (tensor broadcast against the output, or scalar) at output position
    `out_ivs`, converted to `like`'s element type; a vector of lanes along the last output
    index when `like` is a vector (a contiguous `vector.load` when `v`'s last dimension follows
    the output's, else one element broadcast)."""
    elt = _elt(like)
    t = v.type
    if not isinstance(t, RankedTensorType):
        x = ctx.scalar(v)
        return _splat(ctx, ctx.convert(x, elt), like)
    n = _lanes(like)
    if n and t.shape and t.shape[-1] != 1 and t.element_type is elt and not ctx.virtual(v):
        rank, out_rank = len(t.shape), len(out_ivs)
        ivs = [ctx.c(0) if d == 1 else out_ivs[out_rank - rank + i] for i, d in enumerate(t.shape)]
        return ctx.create1("vector.load", (ctx.buffer(v), *ivs), like)
    x = ctx.convert(ctx.load_broadcast(v, out_ivs), elt)
    return _splat(ctx, x, like)


# --------------------------------------------------------------------------- epilogues


class _Step:
    """One absorbed op: `kind` is an LLH op name; `other` the second operand of a binary op
    (`other_first` when it is the left one); `scale`/`shift`/`axis` for a batch norm."""

    __slots__ = ("axis", "kind", "other", "other_first", "scale", "shift")

    def __init__(self, kind: str, other: Value | None = None, other_first: bool = False) -> None:
        self.kind = kind
        self.other = other
        self.other_first = other_first
        self.scale: Value | None = None
        self.shift: Value | None = None
        self.axis = 0


class Epilogue:
    """The ops fused into a kernel's store (see the module docstring)."""

    __slots__ = ("consumed", "result", "steps")

    def __init__(self, result: Value, consumed: list[Operation], steps: list[_Step]) -> None:
        self.result = result
        self.consumed = consumed
        self.steps = steps

    def apply(self, ctx: LoweringContext, acc: Value, out_ivs: Sequence[Value]) -> Value:
        """The value to store for accumulator `acc` (scalar or vector along the last output
        index) at output position `out_ivs`; of `acc`'s type."""
        x = acc
        for s in self.steps:
            if s.kind == "llh.relu":
                elt = _elt(x.type)
                zero = ctx.const(0.0 if isinstance(elt, FloatType) else 0, elt)
                x = _arith(ctx, "llh.max", x, _splat(ctx, zero, x.type))
            elif s.kind == "llh.batch_norm":
                ivs = [out_ivs[s.axis]]
                last = s.axis == len(out_ivs) - 1 and _lanes(x.type)
                sc: Value
                sh: Value
                if last:
                    sc = ctx.create1("vector.load", (s.scale, out_ivs[s.axis]), x.type)  # type: ignore[arg-type]
                    sh = ctx.create1("vector.load", (s.shift, out_ivs[s.axis]), x.type)  # type: ignore[arg-type]
                else:
                    sc = _splat(ctx, ctx.load(s.scale, ivs), x.type)  # type: ignore[arg-type]
                    sh = _splat(ctx, ctx.load(s.shift, ivs), x.type)  # type: ignore[arg-type]
                x = _arith(ctx, "llh.add", _arith(ctx, "llh.mul", x, sc), sh)
            else:
                assert s.other is not None
                y = _operand_at(ctx, s.other, out_ivs, x.type)
                x = _arith(ctx, s.kind, y, x) if s.other_first else _arith(ctx, s.kind, x, y)
        return x


def epilogue_for(op: Operation, ctx: LoweringContext) -> Epilogue | None:
    """The epilogue to fuse into the store of conv/matmul `op` (None: nothing to fuse). The
    absorbed ops are marked fused; per-channel batch-norm factors are computed here, at the
    insertion point (before the kernel)."""
    if len(op.results) != 1:
        return None
    v = op.results[0]
    elt = v.type.element_type if isinstance(v.type, RankedTensorType) else None
    if not isinstance(elt, FloatType | IntegerType):
        return None
    steps: list[_Step] = []
    consumed: list[Operation] = []
    while True:
        user = _single_user(v)
        if user is None or user.parent is not op.parent or ctx.is_fused(user):
            break
        step = _step_for(user, v, op, ctx)
        if step is None or not _same_dims(ctx, user.results[0], v):
            break
        if step.kind == "llh.batch_norm":
            _prepare_batch_norm(ctx, user, step)
        steps.append(step)
        consumed.append(user)
        v = user.results[0]
    if not steps:
        return None
    for u in consumed:
        ctx.mark_fused(u)
    for s in steps:  # a virtual broadcast operand is copied now, before the kernel's loops
        if s.other is not None and isinstance(s.other.type, RankedTensorType):
            virt = ctx.virtual(s.other)
            if virt is not None and virt[1] is not None:
                ctx.buffer(s.other)
    return Epilogue(v, consumed, steps)


def _step_for(user: Operation, v: Value, op: Operation, ctx: LoweringContext) -> _Step | None:
    name = user.name
    elt = v.type.element_type  # type: ignore[attr-defined]
    if name == "llh.relu":
        return _Step(name)
    if name in _EPILOGUE_BINARY:
        lhs, rhs = user.operands[0], user.operands[1]
        if lhs is v and rhs is v:
            return None
        other, first = (rhs, False) if lhs is v else (lhs, True)
        if name == "llh.div" and not isinstance(elt, FloatType):
            return None
        other = _through_broadcast(other, op)
        if not _available_before(other, op) or ctx.is_deferred(other):
            return None
        ot = other.type
        if isinstance(ot, RankedTensorType):
            if len(ot.shape) > len(v.type.shape) or ot.element_type is not elt:  # type: ignore[attr-defined]
                return None
        elif ot is not elt:
            return None
        return _Step(name, other, first)
    if name == "llh.batch_norm" and isinstance(elt, FloatType):
        if user.operands[0] is not v:
            return None
        rank = len(v.type.shape)  # type: ignore[attr-defined]
        k = user.feature_index.value  # type: ignore[attr-defined]
        k = k + rank if k < 0 else k
        if not 0 <= k < rank:
            return None
        for p in user.operands[1:]:
            pt = p.type
            if not _available_before(p, op) or ctx.is_deferred(p):
                return None
            if not isinstance(pt, RankedTensorType):
                return None
            if len(pt.shape) != 1 or pt.element_type is not elt:
                return None
        s = _Step(name)
        s.axis = k
        return s
    return None


def _through_broadcast(v: Value, op: Operation) -> Value:
    """The input of an explicit `llh.broadcast_to` / `llh.expand` producing `v` when that input
    is available before `op` and reading it with implicit broadcasting gives the same elements
    (every broadcast dimension of the input is a static 1), else `v`. Canonicalization makes
    a bias add's broadcast explicit, with sizes read from the conv's result (after the conv)."""
    owner = v.owner
    if not isinstance(owner, Operation) or owner.name not in ("llh.broadcast_to", "llh.expand"):
        return v
    x = _through_unit_reshape(owner.operands[0], op)
    xt, vt = x.type, v.type
    if not isinstance(xt, RankedTensorType) or not isinstance(vt, RankedTensorType):
        return v
    if len(xt.shape) > len(vt.shape) or not _available_before(x, op):
        return v
    if owner.name == "llh.broadcast_to":
        from llh_opt.lowering.context import int_list

        rank = len(vt.shape)
        cast = {d % rank for d in int_list(owner.cast_dims)} if rank else set()  # type: ignore[attr-defined]
        off = rank - len(xt.shape)
        if any(d >= off and xt.shape[d - off] != 1 for d in cast):
            return v
    return x


def _through_unit_reshape(v: Value, op: Operation) -> Value:
    """The input of an `llh.reshape` producing `v` that only prepends static 1s to a static
    shape (the same elements under trailing-aligned broadcasting), when that input is available
    before `op`; else `v`."""
    owner = v.owner
    if not isinstance(owner, Operation) or owner.name != "llh.reshape":
        return v
    x = owner.operands[0]
    xt, vt = x.type, v.type
    if not isinstance(xt, RankedTensorType) or not isinstance(vt, RankedTensorType):
        return v
    n = len(vt.shape) - len(xt.shape)
    if n < 0 or any(d != 1 for d in vt.shape[:n]) or vt.shape[n:] != xt.shape:
        return v
    if any(d < 0 for d in xt.shape) or not _available_before(x, op):
        return v
    return x


def _prepare_batch_norm(ctx: LoweringContext, bn: Operation, step: _Step) -> None:
    """Per-channel `scale / sqrt(var + eps)` and `bias - mean · that`, in the accumulator
    type (f32 for f16/bf16), filled once before the kernel."""
    from llh_opt.lowering.window import accumulator_type

    x = bn.operands[0]
    elt = x.type.element_type  # type: ignore[attr-defined]
    acc_t = accumulator_type(elt)
    scale, bias, mean, var = bn.operands[1:5]
    c = ctx.dims(x)[step.axis]
    eps = ctx.const(float(bn.epsilon.value), acc_t)  # type: ignore[attr-defined]
    sb = ctx.alloc(MemRefType((-1,), acc_t), [c])
    tb = ctx.alloc(MemRefType((-1,), acc_t), [c])
    with ctx.for_loop(ctx.c(0), c) as loop:
        i = [loop.iv]

        def ld(p: Value) -> Value:
            return ctx.convert(ctx.load_at(p, i), acc_t)

        sd = ctx.create1("math.sqrt", (ctx.create1("arith.addf", (ld(var), eps), acc_t),), acc_t)
        s = ctx.create1("arith.divf", (ld(scale), sd), acc_t)
        t = ctx.create1("arith.subf", (ld(bias), ctx.create1("arith.mulf", (ld(mean), s), acc_t)),
                        acc_t)  # fmt: skip
        ctx.store(s, sb, i)
        ctx.store(t, tb, i)
    step.scale, step.shift = sb, tb


# --------------------------------------------------------------------------- elementwise chains


def defer_elementwise(
    op: Operation,
    ctx: LoweringContext,
    operands: Sequence[Value],
    fn: Callable[[list[Value]], Value],
) -> bool:
    """Record `op`'s tensor result as computed inside its consumer's loop (see the module
    docstring); False when it must be materialized (several users, a consumer that is not an
    elementwise op of the same shape, a returned value)."""
    r = op.results[0]
    user = _single_user(r)
    if user is None or user.name not in ELEMENTWISE_OPS or user.parent is not op.parent:
        return False
    if ctx.is_fused(user) or not isinstance(user.results[0].type, RankedTensorType):
        return False
    if not _same_dims(ctx, r, user.results[0]) and not _same_shape_dims(ctx, r, user.results[0]):
        return False
    ctx.defer(r, list(operands), fn)
    return True


def _same_shape_dims(ctx: LoweringContext, a: Value, b: Value) -> bool:
    """Same sizes (element types may differ: a compare or convert consumer)."""
    ta, tb = a.type, b.type
    if not isinstance(ta, RankedTensorType) or not isinstance(tb, RankedTensorType):
        return False
    if ta.shape != tb.shape:
        return False
    try:
        return all(x is y for x, y in zip(ctx.dims(a), ctx.dims(b)))
    except DiagnosticError:
        return False


def element_at(
    ctx: LoweringContext, v: Value, ivs: Sequence[Value], cache: dict[Value, Value] | None = None
) -> Value:
    """Element of tensor operand `v` at output position `ivs` under broadcasting; a deferred
    value is computed here from its own operands (each loaded once per position)."""
    if cache is not None:
        x = cache.get(v)
        if x is not None:
            return x
    d = ctx.deferred(v)
    if d is None:
        x = ctx.load_broadcast(v, ivs) if isinstance(v.type, RankedTensorType) else ctx.scalar(v)
    else:
        operands, fn = d
        sub: dict[Value, Value] = {} if cache is None else cache
        x = fn([element_at(ctx, o, ivs, sub) for o in operands])
    if cache is not None:
        cache[v] = x
    return x
