"""`scf` ops → LLVM basic blocks: for/while loops with phis, if/else diamonds, parallel nests.

Region terminators (`scf.yield`, `scf.condition`, `scf.reduce`) are read by their parent op, never
translated on their own. The outermost `scf.parallel` of a nest without reductions is outlined
and run on the thread pool (``outline.py``, ``threadpool.py``); nested ones, and those with
reductions (`scf.reduce` with operands), run serially here: one loop per dimension, the
reductions accumulating in entry-block stack slots in iteration order (deterministic).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from llvmlite import ir

from llh_opt.codegen.llvm.errors import TranslationError
from llh_opt.codegen.llvm.translator import FunctionTranslator, handles, segments
from llh_opt.ir.core import Operation


def emit_loop(
    ft: FunctionTranslator,
    lb: Any,
    ub: Any,
    step: Any,
    inits: Sequence[Any],
    body: Callable[[Any, list[Any]], Sequence[Any]],
    *,
    unsigned: bool = False,
    name: str = "loop",
) -> list[Any]:
    """`for (iv = lb; iv < ub; iv += step)` carrying `inits` through phis; `body(iv, carried)`
    emits the body at the builder and returns the next carried values. Returns the final ones."""
    b = ft.b
    fn = ft.fn
    pre = b.block
    header = fn.append_basic_block(f"{name}.header")
    body_bb = fn.append_basic_block(f"{name}.body")
    exit_bb = fn.append_basic_block(f"{name}.exit")
    b.branch(header)
    b.position_at_end(header)
    iv = b.phi(lb.type, name=f"{name}.iv")
    iv.add_incoming(lb, pre)
    phis = []
    for v in inits:
        p = b.phi(v.type)
        p.add_incoming(v, pre)
        phis.append(p)
    cond = b.icmp_unsigned("<", iv, ub) if unsigned else b.icmp_signed("<", iv, ub)
    b.cbranch(cond, body_bb, exit_bb)
    b.position_at_end(body_bb)
    nxt = list(body(iv, list(phis)))
    latch = b.block
    iv_next = b.add(iv, step)
    b.branch(header)
    iv.add_incoming(iv_next, latch)
    for p, v in zip(phis, nxt):
        p.add_incoming(v, latch)
    b.position_at_end(exit_bb)
    return list(phis)


def emit_loop_nest(
    ft: FunctionTranslator,
    depth: int,
    bounds: Callable[[int], tuple[Any, Any, Any]],
    innermost: Callable[[list[Any]], None],
    *,
    name: str = "loop",
) -> None:
    """`depth` perfectly nested loops carrying nothing; `bounds(k)` emits and returns the
    `(lb, ub, step)` of level k (outermost 0) where that loop starts, `innermost(ivs)` emits the
    body with the induction variables of every level."""
    ivs: list[Any] = []

    def level(k: int) -> None:
        if k == depth:
            innermost(ivs)
            return

        def body(iv: Any, carried: list[Any]) -> list[Any]:
            ivs.append(iv)
            level(k + 1)
            ivs.pop()
            return []

        lb, ub, step = bounds(k)
        emit_loop(ft, lb, ub, step, [], body, name=name)

    level(0)


def expect_terminator(op: Operation, term: Operation, name: str) -> None:
    if term.name != name:
        raise TranslationError(term, f"expected '{name}' to terminate the region of '{op.name}'")


@handles("scf.for")
def _for(op: Operation, ft: FunctionTranslator) -> None:
    vals = ft.operands(op)
    if len(vals) < 3:
        raise TranslationError(op, "expects lower bound, upper bound and step operands")
    lb, ub, step, *inits = vals
    unsigned = "unsignedCmp" in op.properties or "unsignedCmp" in op.attributes

    def body(iv: Any, carried: list[Any]) -> list[Any]:
        term = ft.inline_region(op, op.regions[0], [iv, *carried])
        expect_terminator(op, term, "scf.yield")
        return ft.operands(term)

    ft.bind_results(op, emit_loop(ft, lb, ub, step, inits, body, unsigned=unsigned, name="for"))


@handles("scf.if")
def _if(op: Operation, ft: FunctionTranslator) -> None:
    (cond,) = ft.operands(op)
    b = ft.b
    fn = ft.fn
    then_bb = fn.append_basic_block("if.then")
    has_else = len(op.regions) > 1 and bool(op.regions[1].blocks)
    else_bb = fn.append_basic_block("if.else") if has_else else None
    merge = fn.append_basic_block("if.end")
    b.cbranch(cond, then_bb, else_bb if else_bb is not None else merge)
    incoming: list[tuple[list[Any], ir.Block]] = []
    for region, bb in ((op.regions[0], then_bb), (op.regions[1] if has_else else None, else_bb)):
        if region is None or bb is None:
            continue
        b.position_at_end(bb)
        term = ft.inline_region(op, region, [])
        expect_terminator(op, term, "scf.yield")
        incoming.append((ft.operands(term), b.block))
        b.branch(merge)
    b.position_at_end(merge)
    if op.results:
        if not has_else:
            raise TranslationError(op, "with results needs an else region")
        for i, r in enumerate(op.results):
            phi = b.phi(ft.type_of(op, r.type))
            for vals, blk in incoming:
                phi.add_incoming(vals[i], blk)
            ft.bind(r, phi)


@handles("scf.while")
def _while(op: Operation, ft: FunctionTranslator) -> None:
    inits = ft.operands(op)
    b = ft.b
    fn = ft.fn
    pre = b.block
    before = fn.append_basic_block("while.cond")
    after = fn.append_basic_block("while.body")
    exit_bb = fn.append_basic_block("while.end")
    b.branch(before)
    b.position_at_end(before)
    phis = []
    for v in inits:
        p = b.phi(v.type)
        p.add_incoming(v, pre)
        phis.append(p)
    cond_op = ft.inline_region(op, op.regions[0], phis)
    expect_terminator(op, cond_op, "scf.condition")
    cond, *forwarded = ft.operands(cond_op)
    b.cbranch(cond, after, exit_bb)
    b.position_at_end(after)
    term = ft.inline_region(op, op.regions[1], forwarded)
    expect_terminator(op, term, "scf.yield")
    nxt = ft.operands(term)
    latch = b.block
    b.branch(before)
    for p, v in zip(phis, nxt):
        p.add_incoming(v, latch)
    b.position_at_end(exit_bb)
    ft.bind_results(op, forwarded)


@handles("scf.parallel")
def _parallel(op: Operation, ft: FunctionTranslator) -> None:
    n_lb, n_ub, n_step, n_init = segments(op, 4)
    if not n_lb == n_ub == n_step:
        raise TranslationError(op, "expects as many lower bounds, upper bounds and steps")
    vals = ft.operands(op)
    lbs = vals[:n_lb]
    ubs = vals[n_lb : 2 * n_lb]
    steps = vals[2 * n_lb : 3 * n_lb]
    inits = vals[3 * n_lb : 3 * n_lb + n_init]
    if n_init or ft.serial or not n_lb:
        _serial_parallel(op, ft, lbs, ubs, steps, inits)
    else:
        from llh_opt.codegen.llvm.outline import outline_parallel

        outline_parallel(op, ft, lbs, ubs, steps)


def _serial_parallel(
    op: Operation,
    ft: FunctionTranslator,
    lbs: list[Any],
    ubs: list[Any],
    steps: list[Any],
    inits: list[Any],
) -> None:
    """One loop per dimension on the calling thread; reductions accumulate in entry-block stack
    slots (promoted to registers by LLVM), combined in iteration order."""
    b = ft.b
    slots = []
    for v in inits:
        slot = ft.entry_alloca(v.type)
        b.store(v, slot)
        slots.append(slot)

    def innermost(ivs: list[Any]) -> None:
        term = ft.inline_region(op, op.regions[0], ivs)
        expect_terminator(op, term, "scf.reduce")
        reduced = ft.operands(term)
        if len(reduced) != len(slots) or len(term.regions) != len(slots):
            raise TranslationError(term, "must reduce one value per result of 'scf.parallel'")
        for slot, value, region in zip(slots, reduced, term.regions):
            acc = b.load(slot, typ=value.type)
            ret = ft.inline_region(term, region, [acc, value])
            expect_terminator(term, ret, "scf.reduce.return")
            (new,) = ft.operands(ret)
            b.store(new, slot)

    emit_loop_nest(ft, len(lbs), lambda k: (lbs[k], ubs[k], steps[k]), innermost, name="par")
    ft.bind_results(op, [b.load(s, typ=v.type) for s, v in zip(slots, inits)])


@handles("scf.execute_region")
def _execute_region(op: Operation, ft: FunctionTranslator) -> None:
    if len(op.regions[0].blocks) != 1:
        raise TranslationError(op, "cannot be translated to LLVM IR: only single-block regions")
    term = ft.inline_region(op, op.regions[0], [])
    expect_terminator(op, term, "scf.yield")
    ft.bind_results(op, ft.operands(term))


@handles("scf.yield", "scf.condition", "scf.reduce", "scf.reduce.return")
def _stray_terminator(op: Operation, ft: FunctionTranslator) -> None:
    raise TranslationError(op, "is only valid as the terminator of an scf region")
