"""Region utilities (MLIR's ``RegionUtils``): `simplify_regions` (erase unreachable blocks, then
region DCE, in one walk), `erase_unreachable_blocks` and `run_region_dce`, each reporting erasures
to an optional `RewriteListener`.

What does not live here: the greedy driver that runs them between iterations (``greedy.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from llh_opt.ir.core import Block, Operation, OpResult, Region
from llh_opt.rewrite.op_facts import F_DEAD, CLASS_FLAGS, class_flags, op_flags
from llh_opt.rewrite.rewriter import RewriteListener

__all__ = ["erase_unreachable_blocks", "run_region_dce", "simplify_regions"]


def simplify_regions(regions: Sequence[Region], listener: RewriteListener | None = None) -> bool:
    """MLIR's `simplifyRegions` (normal level): erase unreachable blocks, then dead ops (region
    DCE), in one walk of the regions. Returns whether anything was erased."""
    changed = False
    candidates: list[Operation] = []
    flags_of = CLASS_FLAGS
    stack = list(regions)
    while stack:
        region = stack.pop()
        if len(region.blocks) > 1:
            changed = _erase_unreachable(region, listener) or changed
        for block in region.blocks:
            op = block.first
            while op is not None:
                f = flags_of.get(op.__class__)
                if f is None:
                    f = class_flags(op.__class__)
                if f & F_DEAD:
                    candidates.append(op)
                if op.regions:
                    stack.extend(op.regions)
                op = op.next
    return _erase_dead(candidates, listener) or changed


def _successors(block: Block) -> list[Block]:
    t = block.last
    return list(t.successors) if t is not None else []


def erase_unreachable_blocks(
    regions: Sequence[Region], listener: RewriteListener | None = None
) -> bool:
    """Erase the blocks of multi-block regions (nested ones included) that the entry block
    cannot reach."""
    erased = False
    stack = list(regions)
    while stack:
        region = stack.pop()
        if len(region.blocks) > 1:
            erased = _erase_unreachable(region, listener) or erased
        for block in region.blocks:
            op = block.first
            while op is not None:
                if op.regions:
                    stack.extend(op.regions)
                op = op.next
    return erased


def _erase_unreachable(region: Region, listener: RewriteListener | None) -> bool:
    blocks = region.blocks
    reachable = {blocks[0]}
    stack = [blocks[0]]
    while stack:
        for succ in _successors(stack.pop()):
            if succ not in reachable:
                reachable.add(succ)
                stack.append(succ)
    dead = [b for b in blocks if b not in reachable]
    for block in dead:
        _erase_block(block, listener)
    return bool(dead)


def _erase_block(block: Block, listener: RewriteListener | None) -> None:
    ops = list(block.ops)
    for op in ops:
        if listener is not None:
            listener.notify_operation_erased(op)
        for r in op.results:
            for u in list(r.uses):
                u.drop()
    for op in reversed(ops):
        op.erase()
    region = block.parent
    if region is not None:
        region.blocks.remove(block)
        block.parent = None


def run_region_dce(regions: Sequence[Region], listener: RewriteListener | None = None) -> bool:
    """MLIR's `runRegionDCE`: erase every op that would be trivially dead (Pure, not a terminator
    or symbol) and whose results only feed other such dead ops (this also removes dead cycles).
    Block arguments are kept."""
    candidates: list[Operation] = []
    stack = list(regions)
    while stack:
        region = stack.pop()
        for block in region.blocks:
            op = block.first
            while op is not None:
                if op_flags(op) & F_DEAD:
                    candidates.append(op)
                if op.regions:
                    stack.extend(op.regions)
                op = op.next
    return _erase_dead(candidates, listener)


def _erase_dead(candidates: list[Operation], listener: RewriteListener | None) -> bool:
    """Erase the `candidates` (would-be-dead ops) no live op depends on."""
    if not candidates:
        return False
    cset = set(candidates)
    live: set[Operation] = set()
    work: list[Operation] = []
    for c in candidates:
        found = False
        for r in c.results:
            for u in r.uses:
                if u.owner not in cset:
                    found = True
                    break
            if found:
                break
        if found:
            live.add(c)
            work.append(c)
    while work:
        c = work.pop()
        for nested in c.walk():
            for u in nested.operand_uses:
                v = u.value
                if v.__class__ is OpResult:
                    d = v.op  # type: ignore[attr-defined]
                    if d in cset and d not in live:
                        live.add(d)
                        work.append(d)
    dead = [c for c in candidates if c not in live]
    if not dead:
        return False
    for op in dead:
        if listener is not None:
            listener.notify_operation_erased(op)
    for op in dead:
        op.drop_all_references()
    for op in dead:
        for r in op.results:
            r.uses.clear()
        op.detach()
    return True
