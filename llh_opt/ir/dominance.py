"""Dominance inside one multi-block region: the dominator tree of its CFG.

Cooper–Harvey–Kennedy over the reverse post-order of the blocks reachable from the entry. Used by
the verifier (SSA dominance) and CSE (scoped walk); single-block regions never need it.
"""

from __future__ import annotations

from typing import Any
from collections.abc import Sequence

from llh_opt.ir.core import Block, Region


def region_successors(block: Block, region: Region) -> Sequence[Block]:
    """The successors of `block`'s terminator that are blocks of `region`."""
    last = block.last
    if last is None or not last.successors:
        return ()
    return [s for s in last.successors if s.parent is region]


def dominator_tree(region: Region) -> tuple[list[Block], list[list[int]]]:
    """Reachable blocks in reverse post-order, and each one's dominator-tree children (indices
    into that list; the entry is index 0). Unreachable blocks are left out."""
    entry = region.blocks[0]
    post: list[Block] = []
    seen = {entry}
    stack: list[tuple[Block, Any]] = [(entry, iter(region_successors(entry, region)))]
    while stack:
        block, it = stack[-1]
        for succ in it:
            if succ not in seen:
                seen.add(succ)
                stack.append((succ, iter(region_successors(succ, region))))
                break
        else:
            stack.pop()
            post.append(block)
    rpo = post[::-1]
    index = {b: i for i, b in enumerate(rpo)}
    preds: list[list[int]] = [[] for _ in rpo]
    for b, i in index.items():
        for succ in region_successors(b, region):
            j = index.get(succ)
            if j is not None:
                preds[j].append(i)
    idom = [-1] * len(rpo)
    idom[0] = 0
    changed = True
    while changed:
        changed = False
        for i in range(1, len(rpo)):
            new = -1
            for p in preds[i]:
                if idom[p] == -1:
                    continue
                if new == -1:
                    new = p
                    continue
                a, b = p, new
                while a != b:
                    while a > b:
                        a = idom[a]
                    while b > a:
                        b = idom[b]
                new = a
            if idom[i] != new:
                idom[i] = new
                changed = True
    children: list[list[int]] = [[] for _ in rpo]
    for i in range(1, len(rpo)):
        children[idom[i]].append(i)
    return rpo, children
