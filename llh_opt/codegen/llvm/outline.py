"""Outlining the outermost `scf.parallel` of a nest into a body function run by the thread pool.

For `scf.parallel (%i0, ..., %in-1) = (lb) to (ub) step (s)` without reductions:
* the dimensions are linearized into `[0, total)` — all of them when the body holds loops of
  its own, else all but the last, which stays a full loop inside each iteration so that the
  innermost loop keeps its shape for LLVM's vectorizer;
* the values the region uses from outside (memref descriptors, sizes, scalars) are stored into a
  context struct on the caller's stack; LLVM constants (from `arith.constant`, globals) are used
  directly in the body so they still fold there;
* `<func>.par<k>(ptr ctx, i64 begin, i64 end)` (internal) loads the context, splits `begin`
  into the multi-index once, walks `[begin, end)` carrying the index with increment-and-wrap
  selects, and translates the region there; scf.parallel ops nested in it run serially;
* the caller calls `__llh_pool_parallel(body, ctx, total, cost, threads)` (``threadpool.py``)
  with `cost` = a static estimate of the region's work per iteration × the trailing trip count.

What does not live here: the pool itself (``threadpool.py``), serial loops (``ops_scf.py``).
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir

from llh_opt.codegen.llvm.errors import TranslationError
from llh_opt.codegen.llvm.threadpool import BODY_TYPE, declare_pool, define_pool
from llh_opt.codegen.llvm.translator import FunctionInfo, FunctionTranslator
from llh_opt.codegen.llvm.types import I32, I64, PTR
from llh_opt.ir.core import Operation, Region, Value

LOOPS = frozenset({"scf.for", "scf.while", "scf.parallel"})
MAX_COST = 1 << 20
DYNAMIC_TRIP = 16
"""The assumed trip count of a nested loop whose bounds are not constants (cost estimate)."""


def _c(v: int) -> ir.Constant:
    return ir.Constant(I64, v)


def captured_values(region: Region) -> list[Value]:
    """Values used in `region` (at any depth) and defined outside it, in first-use order."""
    defined: set[Value] = set()
    ops: list[Operation] = []
    for block in region.blocks:
        defined.update(block.args)
        for top in block.ops:
            for op in top.walk():
                ops.append(op)
                defined.update(op.results)
                for r in op.regions:
                    for blk in r.blocks:
                        defined.update(blk.args)
    seen: set[Value] = set()
    out: list[Value] = []
    for op in ops:
        for v in op.operands:
            if v not in defined and v not in seen:
                seen.add(v)
                out.append(v)
    return out


def _const_int(v: Value) -> int | None:
    owner = v.owner
    if isinstance(owner, Operation) and owner.name in ("arith.constant", "index.constant"):
        attr = owner.properties.get("value")
        val = getattr(attr, "value", None)
        if isinstance(val, int):
            return val
    return None


def _trip(lb: Value, ub: Value, step: Value) -> int:
    lo, hi, st = _const_int(lb), _const_int(ub), _const_int(step)
    if lo is None or hi is None or st is None or st <= 0:
        return DYNAMIC_TRIP
    return max(0, -(-(hi - lo) // st))


def static_cost(region: Region) -> int:
    """Ops executed by one run of `region`, nested loops counted by their (constant or assumed)
    trip counts; capped at MAX_COST."""
    total = 0
    for block in region.blocks:
        for op in block.ops:
            w = 1
            if op.regions:
                inner = sum(static_cost(r) for r in op.regions)
                if op.name == "scf.for":
                    inner *= _trip(*op.operands[:3])
                elif op.name == "scf.parallel":
                    n = (len(op.operands) - len(op.results)) // 3
                    for k in range(n):
                        inner *= _trip(op.operands[k], op.operands[n + k], op.operands[2 * n + k])
                elif op.name == "scf.while":
                    inner *= DYNAMIC_TRIP
                w += inner
            total += w
            if total >= MAX_COST:
                return MAX_COST
    return total


def has_loops(region: Region) -> bool:
    """Whether `region` holds a loop (at any depth)."""
    return any(
        op.name in LOOPS for block in region.blocks for top in block.ops for op in top.walk()
    )


def trip_count(b: ir.IRBuilder, lb: Any, ub: Any, step: Any) -> Any:
    """max(0, ceil((ub - lb) / step)) for a positive step (constants fold in the builder)."""
    if all(isinstance(x, ir.Constant) for x in (lb, ub, step)):
        lo, hi, st = (int(x.constant) for x in (lb, ub, step))
        return ir.Constant(lb.type, max(0, -(-(hi - lo) // st)) if st > 0 else 0)
    span = b.sub(ub, lb)
    if isinstance(step, ir.Constant) and step.constant == 1:
        n = span
    else:
        n = b.sdiv(b.add(span, b.sub(step, ir.Constant(step.type, 1))), step)
    return b.select(b.icmp_signed(">", n, ir.Constant(n.type, 0)), n, ir.Constant(n.type, 0))


def _product(b: ir.IRBuilder, values: list[Any]) -> Any:
    out: Any = _c(1)
    for v in values:
        if isinstance(out, ir.Constant) and isinstance(v, ir.Constant):
            out = _c(int(out.constant) * int(v.constant))
        elif isinstance(out, ir.Constant) and out.constant == 1:
            out = v
        else:
            out = b.mul(out, v)
    return out


class _Context:
    """The caller's values handed to the body: constants inline, the rest through a struct."""

    __slots__ = ("values", "fields")

    def __init__(self) -> None:
        self.values: list[Any] = []
        self.fields: list[Any] = []

    def add(self, v: Any) -> int:
        self.values.append(v)
        if not isinstance(v, ir.Constant | ir.GlobalValue):
            self.fields.append(v)
        return len(self.values) - 1

    def struct_type(self) -> ir.LiteralStructType:
        return ir.LiteralStructType([f.type for f in self.fields])

    def store(self, ft: FunctionTranslator) -> Any:
        st = self.struct_type()
        slot = ft.entry_alloca(st, name="par.ctx")
        slot.type = PTR  # an opaque pointer: field addresses are plain `ptr`s (see types.py)
        for i, f in enumerate(self.fields):
            ptr = ft.b.gep(slot, [ir.Constant(I32, 0), ir.Constant(I32, i)], source_etype=st)
            ft.b.store(f, ptr)
        return slot

    def load(self, b: ir.IRBuilder, ctx: Any) -> list[Any]:
        st = self.struct_type()
        out = []
        i = 0
        for v in self.values:
            if isinstance(v, ir.Constant | ir.GlobalValue):
                out.append(v)
                continue
            ptr = b.gep(ctx, [ir.Constant(I32, 0), ir.Constant(I32, i)], source_etype=st)
            out.append(b.load(ptr, typ=v.type))
            i += 1
        return out


def pool_entry(ft: FunctionTranslator) -> ir.Function:
    mt = ft.mt
    if mt.pool is None:
        if mt.options.external_pool:
            mt.pool = declare_pool(mt.module)
        else:
            mt.pool = define_pool(mt.module)
    return mt.pool


def outline_parallel(
    op: Operation, ft: FunctionTranslator, lbs: list[Any], ubs: list[Any], steps: list[Any]
) -> None:
    """Translate `op` (no reductions) as a pool call over an outlined body (module docstring)."""
    from llh_opt.codegen.llvm.ops_scf import emit_loop, emit_loop_nest, expect_terminator

    b = ft.b
    n = len(lbs)
    p = n if n == 1 or has_loops(op.regions[0]) else n - 1
    trips = [trip_count(b, lbs[k], ubs[k], steps[k]) for k in range(p)]
    total = _product(b, trips)
    inner = _product(b, [trip_count(b, lbs[k], ubs[k], steps[k]) for k in range(p, n)])
    cost = _product(b, [_c(max(1, static_cost(op.regions[0]))), inner])

    ctx = _Context()
    captures = captured_values(op.regions[0])
    cap_idx = [ctx.add(ft.get(v)) for v in captures]
    lb_idx = [ctx.add(v) for v in lbs]
    step_idx = [ctx.add(v) for v in steps]
    ub_idx = [ctx.add(v) for v in ubs]
    trip_idx = [ctx.add(v) for v in trips]
    slot = ctx.store(ft)

    mt = ft.mt
    name = f"{ft.info.name}.par{mt.outlined}"
    mt.outlined += 1
    fn = ir.Function(mt.module, BODY_TYPE, name=name)
    fn.linkage = "internal"
    fn.args[0].name, fn.args[1].name, fn.args[2].name = "ctx", "begin", "end"
    info = FunctionInfo(ft.info.op, name, ft.info.type, fn)
    info.public = False
    body_ft = FunctionTranslator(mt, info)
    body_ft.serial = True
    allocas = fn.append_basic_block("entry")
    start = fn.append_basic_block("body")
    body_ft.entry_builder = ir.IRBuilder(allocas)
    bb = body_ft.b
    bb.position_at_end(start)
    vals = ctx.load(bb, fn.args[0])
    for v, i in zip(captures, cap_idx):
        body_ft.bind(v, vals[i])
    blbs = [vals[i] for i in lb_idx]
    bsteps = [vals[i] for i in step_idx]
    bubs = [vals[i] for i in ub_idx]
    btrips = [vals[i] for i in trip_idx]

    # The multi-index of `begin` over the linearized dimensions (outermost first).
    q: Any = fn.args[1]
    first: list[Any] = [None] * p
    for k in reversed(range(1, p)):
        first[k] = bb.urem(q, btrips[k])
        q = bb.udiv(q, btrips[k])
    first[0] = q

    def iv_of(k: int, idx: Any) -> Any:
        scaled = idx
        if not (isinstance(bsteps[k], ir.Constant) and bsteps[k].constant == 1):
            scaled = bb.mul(idx, bsteps[k])
        if isinstance(blbs[k], ir.Constant) and blbs[k].constant == 0:
            return scaled
        return bb.add(blbs[k], scaled)

    def step_body(lin: Any, idx: list[Any]) -> list[Any]:
        outer = [iv_of(k, idx[k]) for k in range(p)]

        def innermost(rest: list[Any]) -> None:
            term = body_ft.inline_region(op, op.regions[0], outer + rest)
            expect_terminator(op, term, "scf.reduce")
            if term.operands or term.regions:
                raise TranslationError(term, "reductions are not outlined")

        emit_loop_nest(
            body_ft, n - p, lambda k: (blbs[p + k], bubs[p + k], bsteps[p + k]), innermost,
            name="par",
        )  # fmt: skip
        # Increment the multi-index, wrapping each linearized dimension at its trip count.
        nxt: list[Any] = [None] * p
        carry: Any = _c(1)
        for k in reversed(range(p)):
            bumped = bb.add(idx[k], carry)
            if k == 0:
                nxt[k] = bumped
                break
            wrap = bb.icmp_unsigned("==", bumped, btrips[k])
            nxt[k] = bb.select(wrap, _c(0), bumped)
            carry = bb.zext(wrap, I64)
        return nxt

    emit_loop(body_ft, fn.args[1], fn.args[2], _c(1), first, step_body, name="chunk")
    bb.ret_void()
    body_ft.entry_builder.branch(start)

    pool = pool_entry(ft)
    threads = ir.Constant(I32, max(0, int(mt.options.threads)))
    b.call(pool, [fn, slot, total, cost, threads])
