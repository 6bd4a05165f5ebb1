"""Checking a memory plan: no two live buffers ever share a byte.

Two independent checks:

* ``unproved_pairs(plan)`` — symbolic, on a `Plan` before the rewrite: for every pair of buffers
  whose live ranges overlap, one must be PROVED (for all sizes >= 0, with the max-plus prover of
  ``memory_plan.py``) to end where or before the other starts. Returns the pairs it cannot prove.
* ``check_function(body, size_fn, envs)`` — numeric, on the REWRITTEN IR only: it finds every
  ``memref.view`` of the workspace argument of ``@f_with_workspace``, recomputes each view's live
  range from its uses (and its views' uses) in pre-order, traces its byte offset and its sizes
  back to the input sizes, and the workspace size from ``@f_workspace_size``'s returned value; then
  at each assignment of the input sizes it checks that every offset is a multiple of 64, every
  buffer lies in ``[0, workspace size)`` and no two simultaneously live buffers overlap. Returns
  the violations as messages (empty: the plan holds at those sizes).

What does not live here: building the plan (``memory_plan.py``), the IR rewrite.
"""

from __future__ import annotations

from collections.abc import Iterable

import sympy
from sympy import Integer, Mul

from llh_opt.ir.core import Block, BlockArgument, Operation
from llh_opt.ir.types import DYNAMIC, MemRefType
from llh_opt.lowering.memory_plan import (
    ALIGNMENT,
    Plan,
    _aliases,
    _ancestor_in,
    _preorder,
    _Tracer,
    element_bytes,
    evaluate,
)

__all__ = ["ViewRecord", "check_function", "collect_views", "unproved_pairs"]


def unproved_pairs(plan: Plan) -> list[tuple[int, int]]:
    """Indices (program order) of live-overlapping buffer pairs not proved disjoint."""
    out = []
    bs = plan.buffers
    for i in range(len(bs)):
        for j in range(i + 1, len(bs)):
            a, b = bs[i], bs[j]
            if not a.overlaps(b):
                continue
            if a.top.le(b.offset) or b.top.le(a.offset):
                continue
            out.append((i, j))
    return out


class ViewRecord:
    """One workspace view of the rewritten body: live range, byte offset and size expressions."""

    __slots__ = ("end", "offset", "op", "size", "start")

    def __init__(self, op: Operation, start: int, end: int, offset: sympy.Expr, size: sympy.Expr):
        self.op = op
        self.start = start
        self.end = end
        self.offset = offset
        self.size = size


def _workspace_arg(body: Operation) -> BlockArgument | None:
    entry = body.regions[0].blocks[0]
    if not entry.args:
        return None
    ws = entry.args[-1]
    t = ws.type
    if isinstance(t, MemRefType) and len(t.shape) == 1 and str(t.element_type) == "i8":
        return ws  # type: ignore[return-value]
    return None


def collect_views(body: Operation) -> tuple[list[ViewRecord], _Tracer]:
    """The workspace views of `body` (``@f_with_workspace``) in program order."""
    ws = _workspace_arg(body)
    tracer = _Tracer(body)
    if ws is None:
        return [], tracer
    pos, end = _preorder(body)
    out = []
    for use in list(ws.uses):
        op = use.owner
        if op.name != "memref.view":
            raise ValueError(f"the workspace is used by '{op.name}', not only by memref.view")
        block = op.parent
        assert isinstance(block, Block)
        views, _ = _aliases(op.results[0])
        last = pos[op]
        for v in views:
            for u in v.uses:
                top = _ancestor_in(u.owner, block)
                if top is None:
                    raise ValueError("a workspace view is used outside the block that defines it")
                last = max(last, end[top])
        t = op.results[0].type
        assert isinstance(t, MemRefType)
        dyn = iter(op.operands[2:])
        dims: list[sympy.Expr] = []
        for d in t.shape:
            e = Integer(d) if d != DYNAMIC else tracer.trace(next(dyn))
            if e is None:
                raise ValueError("a view size is not an expression of the input sizes")
            dims.append(e)
        off = tracer.trace(op.operands[1])
        if off is None:
            raise ValueError("a view offset is not an expression of the input sizes")
        eb = element_bytes(t.element_type)
        assert eb is not None
        out.append(ViewRecord(op, pos[op], last, off, Mul(Integer(eb), *dims)))
    out.sort(key=lambda r: r.start)
    return out, tracer


def _returned(fn: Operation, tracer: _Tracer) -> sympy.Expr:
    for op in fn.regions[0].blocks[-1].ops:
        if op.name == "func.return":
            e = tracer.trace(op.operands[0])
            if e is None:
                raise ValueError("the workspace size is not an expression of the input sizes")
            return e
    raise ValueError("the workspace size function has no return")


def check_function(
    body: Operation, size_fn: Operation, envs: Iterable[dict[str, int]]
) -> list[str]:
    """Violations of the plan of `body` at each size assignment of `envs` (name → value; names
    are the symbols of the plan, e.g. ``s0``; a missing name takes the value 1)."""
    views, tracer = collect_views(body)
    size_tracer = _Tracer(size_fn)
    total = _returned(size_fn, size_tracer)
    problems: list[str] = []
    for env_names in envs:
        symbols = set(tracer.leaves) | set(size_tracer.leaves)
        env = {s: int(env_names.get(str(s), 1)) for s in symbols}
        at = ", ".join(f"{k}={v}" for k, v in sorted(env_names.items()))
        memo: dict[object, int] = {}
        try:
            w = evaluate(total, env, memo)  # type: ignore[arg-type]
            spans = [
                (evaluate(r.offset, env, memo), evaluate(r.size, env, memo))  # type: ignore[arg-type]
                for r in views
            ]
        except (ZeroDivisionError, ValueError):
            continue  # sizes the function itself cannot run at
        if any(sz < 0 for _, sz in spans):
            continue  # not valid input sizes (a negative dimension)
        for k, (o, sz) in enumerate(spans):
            if o % ALIGNMENT:
                problems.append(f"at {at}: buffer {k} offset {o} is not {ALIGNMENT}-aligned")
            if sz and (o < 0 or o + sz > w):
                problems.append(f"at {at}: buffer {k} [{o}, {o + sz}) exceeds the workspace {w}")
        # Sweep in program order: each buffer against those still live when it starts.
        live: list[int] = []
        for k, r in enumerate(views):
            live = [j for j in live if views[j].end >= r.start]
            o, sz = spans[k]
            for j in live:
                oj, szj = spans[j]
                if sz and szj and o < oj + szj and oj < o + sz:
                    problems.append(
                        f"at {at}: buffers {j} [{oj}, {oj + szj}) and {k} [{o}, {o + sz}) "
                        "overlap while both are live"
                    )
            live.append(k)
    return problems
