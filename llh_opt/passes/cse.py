"""`cse`: common sub-expression elimination with MLIR's semantics (``mlir/lib/Transforms/CSE.cpp``).

What lives here: the scoped-table walk over regions and dominator trees, op equivalence keys
(MLIR's `OperationEquivalence` with `IgnoreLocations`), and `eliminate_common_subexpressions` for
other passes. What does not: side-effect facts (``ir/opdef.py``: `is_memory_effect_free`, ...).

Behaviour matched (checked against torch-mlir-opt):

- An op is replaced by an *equivalent* op that dominates it: same name, operands (as a multiset
  for `Commutative` ops), result types, properties, discardable attributes, successors and
  structurally equal regions; locations are ignored.  When the survivor has an unknown location
  it takes the duplicate's.
- Only memory-effect-free ops (registered and `Pure`) are eliminated; unregistered ops, calls and
  ops without `Pure` (e.g. `llh.constant`, which is only `ConstantLike`) never are.  Terminators
  are never touched; ops with a multi-block region are not eliminated.
- Ops that are *already* trivially dead when visited (unused, `Pure`, not a terminator or
  symbol) are erased, as MLIR's CSE does (its `numDCE` statistic).  Ops made dead by CSE itself
  are not (one pass, no worklist).
- Scopes: values of enclosing regions are visible in nested regions; the regions of ops that
  might be `IsolatedFromAbove` (registered isolated ops and every unregistered op) start from an
  empty table.  Multi-block regions are walked along the dominator tree (a block sees the ops of
  the blocks dominating it; unreachable blocks are skipped); graph regions (module bodies,
  regions of unregistered ops) only replace uses by ops not yet visited and skip multi-block
  regions entirely.
"""

from __future__ import annotations

import gc
from typing import Any

from llh_opt.ir.attributes import UnknownLoc
from llh_opt.ir.dominance import dominator_tree
from llh_opt.ir.core import Block, ExplicitProperties, Operation, Region, Value
from llh_opt.ir.opdef import Commutative, IsolatedFromAbove, IsTerminator, Pure, SymbolTrait
from llh_opt.ir.verifier import has_ssa_dominance
from llh_opt.passes.pass_manager import PassContext
from llh_opt.passes.registry import Pass, register_pass

__all__ = ["CSEPass", "eliminate_common_subexpressions", "operation_key"]


# --------------------------------------------------------------------------- per-class facts

_TERMINATOR = 1
_PURE = 2  # memory-effect free: may be eliminated
_DEAD_IF_UNUSED = 4  # MLIR's wouldOpBeTriviallyDead
_MAYBE_ISOLATED = 8  # MLIR's mightHaveTrait<IsIsolatedFromAbove>
_COMMUTATIVE = 16

_FLAGS: dict[type, int] = {}


def _class_flags(cls: type) -> int:
    traits = cls.TRAIT_SET  # type: ignore[attr-defined]
    flags = 0
    if IsTerminator in traits:
        flags |= _TERMINATOR
    if Pure in traits:
        flags |= _PURE
        if IsTerminator not in traits and SymbolTrait not in traits:
            flags |= _DEAD_IF_UNUSED
    if not cls.registered or IsolatedFromAbove in traits:  # type: ignore[attr-defined]
        flags |= _MAYBE_ISOLATED
    if Commutative in traits:
        flags |= _COMMUTATIVE
    _FLAGS[cls] = flags
    return flags


# --------------------------------------------------------------------------- equivalence keys

_EXPLICIT_EMPTY = ("<{}>",)


class _Separator:
    """Marks the end of the properties in a flat key (nothing else compares equal to it)."""

    __slots__ = ()


_SEP = _Separator()


def operation_key(op: Operation, flags: int | None = None) -> tuple[Any, ...]:
    """A hashable key such that two ops have equal keys iff MLIR's `OperationEquivalence`
    (`IgnoreLocations`, exact value match) calls them equivalent: name, operand values (sorted
    by identity for `Commutative` ops), result types, properties, `_SEP`, discardable
    attributes (both sorted by name, as MLIR's dictionaries are), then successors and a region
    signature when present. One flat tuple of interned objects: cheap to hash and compare, and
    the parts cannot run into each other (values, types, names and attributes never compare
    equal to one another)."""
    if flags is None:
        cls = type(op)
        flags = _FLAGS.get(cls)
        if flags is None:
            flags = _class_flags(cls)
    uses = op.operand_uses
    props = op.properties
    attrs = op.attributes
    results = op.results
    if (
        len(uses) == 2
        and len(results) == 1
        and len(props) <= 1
        and not attrs
        and not op.regions
        and not op.successors
    ):
        # Fast path for binary ops (most of what CSE sees): one tuple, no list.
        a = uses[0].value
        b = uses[1].value
        if flags & _COMMUTATIVE and id(b) < id(a):
            a, b = b, a
        if props:
            for k in props:
                return (op.name, a, b, results[0].type, k, props[k], _SEP)
        if type(props) is ExplicitProperties:
            return (op.name, a, b, results[0].type, _EXPLICIT_EMPTY, _SEP)
        return (op.name, a, b, results[0].type, _SEP)
    key: list[Any] = [op.name]
    if flags & _COMMUTATIVE and len(uses) > 1:
        key += sorted([u.value for u in uses], key=id)
    else:
        for u in uses:
            key.append(u.value)
    for r in results:
        key.append(r.type)
    if props:
        for k, v in sorted(props.items()) if len(props) > 1 else props.items():
            key.append(k)
            key.append(v)
    elif type(props) is ExplicitProperties:
        key.append(_EXPLICIT_EMPTY)
    key.append(_SEP)
    if attrs:
        for k, v in sorted(attrs.items()) if len(attrs) > 1 else attrs.items():
            key.append(k)
            key.append(v)
    if op.successors:
        key.append(tuple(op.successors))
    if op.regions:
        key.append(_regions_signature(op.regions))
    return tuple(key)


def _dict_key(d: dict[str, Any]) -> Any:
    """An order-insensitive key for an attribute dictionary (used inside region signatures)."""
    if not d:
        return _EXPLICIT_EMPTY if type(d) is ExplicitProperties else None
    return tuple(sorted(d.items())) if len(d) > 1 else tuple(d.items())


def _regions_signature(regions: list[Region]) -> tuple[Any, ...]:
    """The regions of an op, with values defined inside them numbered in visiting order (MLIR's
    `isRegionEquivalentTo`: blocks pairwise, arguments by type, ops pairwise, successors by
    position). A use of an inner value not numbered yet keeps its identity, so it only matches
    itself -- as MLIR's one-pass mapping fails on such uses."""
    numbers: dict[Value, int] = {}

    def value_ref(v: Value) -> Any:
        n = numbers.get(v)
        return v if n is None else n

    def op_sig(op: Operation, block_index: dict[Block, int]) -> tuple[Any, ...]:
        sig: tuple[Any, ...] = (
            op.name,
            tuple([value_ref(u.value) for u in op.operand_uses]),
            tuple([r.type for r in op.results]),
            _dict_key(op.properties),
            _dict_key(op.attributes),
            tuple([block_index.get(s, s) for s in op.successors]),
        )
        for r in op.results:
            numbers[r] = len(numbers)
        if op.regions:
            sig += (regions_sig(op.regions),)
        return sig

    def regions_sig(rs: list[Region]) -> tuple[Any, ...]:
        out = []
        for region in rs:
            block_index = {b: i for i, b in enumerate(region.blocks)}
            blocks = []
            for block in region.blocks:
                arg_types = tuple([a.type for a in block.args])
                for a in block.args:
                    numbers[a] = len(numbers)
                blocks.append((arg_types, tuple([op_sig(o, block_index) for o in block.ops])))
            out.append(tuple(blocks))
        return tuple(out)

    return regions_sig(regions)


# --------------------------------------------------------------------------- scoped table


class _ScopedTable:
    """MLIR's `ScopedHashTable<Operation*, Operation*>`: a dict plus a log of inserted keys;
    a scope is a log position and closing it deletes what was inserted since. A key is only
    inserted when absent (a duplicate is replaced instead), so nothing is ever shadowed."""

    __slots__ = ("log", "map")

    def __init__(self) -> None:
        self.map: dict[tuple[Any, ...], Operation] = {}
        self.log: list[tuple[Any, ...]] = []

    def pop_to(self, mark: int) -> None:
        log = self.log
        if len(log) > mark:
            m = self.map
            for key in log[mark:]:
                del m[key]
            del log[mark:]


# --------------------------------------------------------------------------- dominator tree


# --------------------------------------------------------------------------- the driver


class _CSEDriver:
    """One run of CSE over the regions of an op (MLIR's `CSEDriver`)."""

    __slots__ = ("num_cse", "num_dce", "to_erase")

    def __init__(self) -> None:
        self.to_erase: list[Operation] = []
        self.num_cse = 0
        self.num_dce = 0

    def run(self, root: Operation) -> None:
        # The walk allocates one key tuple per side-effect free op and frees none of them
        # until it ends; pausing the cyclic GC meanwhile keeps it linear (3x faster on 100k
        # arith ops; nothing here creates reference cycles).
        gc_was_enabled = gc.isenabled()
        gc.disable()
        try:
            table = _ScopedTable()
            for region in root.regions:
                self.simplify_region(table, region)
        finally:
            if gc_was_enabled:
                gc.enable()
        for op in self.to_erase:
            op.erase()

    def simplify_region(self, table: _ScopedTable, region: Region, last: bool = False) -> None:
        """`last`: `table` is dropped afterwards, so the region's scope need not be closed."""
        blocks = region.blocks
        if not blocks:
            return
        ssa = has_ssa_dominance(region)
        if len(blocks) == 1:
            mark = len(table.log)
            self.simplify_block(table, blocks[0], ssa)
            if not last:
                table.pop_to(mark)
            return
        if not ssa:
            # MLIR has no traversal order for multi-block graph regions: they are skipped.
            return
        rpo, children = dominator_tree(region)
        mark = len(table.log)
        self.simplify_block(table, rpo[0], ssa)
        stack: list[tuple[int, Any]] = [(mark, iter(children[0]))]
        while stack:
            mark, it = stack[-1]
            child = next(it, None)
            if child is None:
                table.pop_to(mark)
                stack.pop()
                continue
            child_mark = len(table.log)
            self.simplify_block(table, rpo[child], ssa)
            stack.append((child_mark, iter(children[child])))

    def simplify_block(self, table: _ScopedTable, block: Block, ssa: bool) -> None:
        # Hot loop (guarded by tools/bench `--cse` timings): one class-flag lookup per op; keys
        # are built only for memory-effect-free ops.
        flag_table = _FLAGS
        known = table.map
        log = table.log
        to_erase = self.to_erase
        op = block.first
        while op is not None:
            cls = type(op)
            flags = flag_table.get(cls)
            if flags is None:
                flags = _class_flags(cls)
            if op.regions:
                if flags & _MAYBE_ISOLATED:
                    nested = _ScopedTable()
                    regions = op.regions
                    for region in regions:
                        self.simplify_region(nested, region, region is regions[-1])
                else:
                    for region in op.regions:
                        self.simplify_region(table, region)
            if flags & _PURE and not flags & _TERMINATOR:
                used = False
                for r in op.results:
                    if r.uses:
                        used = True
                        break
                if not used and flags & _DEAD_IF_UNUSED:
                    to_erase.append(op)
                    self.num_dce += 1
                elif not op.regions or all(len(r.blocks) <= 1 for r in op.regions):
                    key = operation_key(op, flags)
                    existing = known.get(key)
                    if existing is None:
                        known[key] = op
                        log.append(key)
                    else:
                        self.replace(table, op, existing, ssa)
            op = op.next

    def replace(self, table: _ScopedTable, op: Operation, existing: Operation, ssa: bool) -> None:
        """MLIR's `replaceUsesAndDelete`."""
        if ssa:
            for r, e in zip(op.results, existing.results):
                r.replace_all_uses_with(e)
            self.to_erase.append(op)
        else:
            # Graph region: a user visited already (recorded in the table) keeps its operand.
            def not_visited(use: Any) -> bool:
                return not _is_known(table, use.owner)

            for r, e in zip(op.results, existing.results):
                r.replace_uses_if(e, not_visited)
            if not any(r.uses for r in op.results):
                self.to_erase.append(op)
        if isinstance(existing.location, UnknownLoc) and not isinstance(op.location, UnknownLoc):
            existing.location = op.location
        self.num_cse += 1


def _is_known(table: _ScopedTable, op: Operation) -> bool:
    """MLIR's `knownValues.count(op)`: an equivalent op is in the table (only memory-effect-free
    ops are ever recorded, so others cannot be)."""
    cls = type(op)
    flags = _FLAGS.get(cls)
    if flags is None:
        flags = _class_flags(cls)
    if not flags & _PURE:
        return False
    return operation_key(op, flags) in table.map


def eliminate_common_subexpressions(op: Operation) -> tuple[int, int]:
    """Run CSE on the regions of `op` (MLIR's `eliminateCommonSubExpressions`). Returns
    `(num_cse, num_dce)`: duplicates replaced and already-dead ops erased."""
    driver = _CSEDriver()
    driver.run(op)
    return driver.num_cse, driver.num_dce


@register_pass
class CSEPass(Pass):
    NAME = "cse"
    SUMMARY = "Eliminate common sub-expressions"
    DESCRIPTION = (
        "Replaces an operation by an equivalent, dominating, side-effect free operation and "
        "erases operations that are already trivially dead."
    )
    DISPLAY_NAME = "CSE"
    ANCHOR = "any"
    STATISTICS = {  # noqa: RUF012 - class constant, as MLIR's Statistic declarations
        "num-cse'd": "Number of operations CSE'd",
        "num-dce'd": "Number of operations DCE'd",
    }

    __slots__ = ()

    def run(self, op: Operation, ctx: PassContext) -> None:
        num_cse, num_dce = eliminate_common_subexpressions(op)
        self.bump("num-cse'd", num_cse)
        self.bump("num-dce'd", num_dce)
