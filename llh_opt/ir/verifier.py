"""The IR verifier: `verify(op)` walks the IR like MLIR's ``mlir/lib/IR/Verifier.cpp``.

Structure (op specs and traits, terminators, successors, unregistered ops, region isolation, symbol
tables), then SSA dominance. Per-op rules live on the op classes (``opdef.py``), not here; symbol
lookups (`SymbolTableCollection`) live in ``symbol_table.py``.

Speed: one pass for structure, one for dominance, one for region isolation; ops of a block are
numbered once (a dict per block) and dominator trees are built only for multi-block regions.
Guarded by ``test/unit/ir/test_verifier.py::test_large_function_is_linear`` (the work grows linearly: counted calls, not time).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.ir.attributes import StringAttr
from llh_opt.ir.dominance import dominator_tree
from llh_opt.ir.core import OP_CLASSES, Block, BlockArgument, Operation, OpResult, Region, Value
from llh_opt.ir.opdef import (
    lookup_dialect,
    DIALECTS,
    WARNING_SINKS,
    GraphRegion,
    IsolatedFromAbove,
    IsTerminator,
    NoTerminator,
    SymbolTableTrait,
    verify_op_definition,
)
from llh_opt.ir.symbol_table import SymbolTableCollection, symbol_user_classes, walk_symbol_table

__all__ = [
    "has_ssa_dominance",
    "is_dialect_loaded",
    "is_isolated_from_above",
    "op_error",
    "verify",
]

_UNREGISTERED_DIALECT = (
    "created with unregistered dialect. If this is intended, please call "
    "allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with "
    "the MLIR opt tool used"
)


def verify(
    op: Operation,
    *,
    allow_unregistered: bool = False,
    recursive: bool = True,
    diagnostics: Any = None,
) -> None:
    """Verify `op` and (when `recursive`) everything nested in it; raise `DiagnosticError`.

    As in MLIR, verification of an op stops at its first failure, but sibling
    IsolatedFromAbove ops (e.g. the functions of a module) are all verified, so the error may
    carry several diagnostics (in IR order). `error.ops[i]` is the op diagnostic `i` is about
    (for the CLI's "see current operation" note). `recursive=False` checks `op` itself, its
    region invariants and the dominance of the values used directly in its regions (what MLIR
    runs after a nested pass pipeline). Verifier warnings (`opdef.emit_warning`) go to
    `diagnostics` (a `DiagnosticEngine`) when given, and are dropped otherwise."""
    v = _Verifier(allow_unregistered, recursive)
    if diagnostics is not None:
        WARNING_SINKS.append(diagnostics.emit)
    try:
        ok = v.verify_op_and_dominance(op)
    finally:
        if diagnostics is not None:
            WARNING_SINKS.pop()
    if not ok:
        err = DiagnosticError(v.errors)
        err.ops = v.error_ops  # type: ignore[attr-defined]
        raise err


def op_error(op: Operation, message: str) -> DiagnosticError:
    """`loc: error: 'name' op message` (MLIR's emitOpError) without opdef's `VerifyError` type."""
    err = DiagnosticError(
        Diagnostic(Severity.ERROR, f"'{op.name}' op {message}", _loc(op.location))
    )
    err.op = op  # type: ignore[attr-defined]
    return err


# --------------------------------------------------------------------------- per-class facts


class _ClassInfo:
    """What the verifier needs to know about an op class, computed once per class."""

    __slots__ = (
        "exit_work",
        "graph",
        "isolated",
        "no_terminator",
        "region_hook",
        "registered",
        "symbol_table",
        "terminator",
    )

    def __init__(self, cls: type[Operation]) -> None:
        traits = getattr(cls, "TRAIT_SET", frozenset())
        self.registered = bool(cls.registered)
        self.isolated = IsolatedFromAbove in traits
        self.symbol_table = SymbolTableTrait in traits
        self.graph = GraphRegion in traits
        self.no_terminator = NoTerminator in traits
        self.terminator = IsTerminator in traits
        self.region_hook: Callable[[Operation], None] | None = getattr(cls, "verify_regions", None)
        # Leaf ops only need the exit step for region invariants or the unregistered check.
        self.exit_work = (
            not self.registered
            or self.isolated
            or self.symbol_table
            or self.region_hook is not None
        )


_INFO: dict[type, _ClassInfo] = {}


def _info(cls: type[Operation]) -> _ClassInfo:
    info = _INFO.get(cls)
    if info is None:
        info = _INFO[cls] = _ClassInfo(cls)
    return info


def is_isolated_from_above(op: Operation) -> bool:
    return _info(type(op)).isolated


def has_ssa_dominance(region: Region) -> bool:
    """False for graph regions: regions of unregistered ops (MLIR's `mayBeGraphRegion`) and of
    registered ops with the `GraphRegion` trait (builtin.module)."""
    op = region.parent
    if op is None:
        return True
    info = _info(type(op))
    return info.registered and not info.graph


def _may_be_valid_without_terminator(block: Block) -> bool:
    region = block.parent
    if region is None:
        return True
    if len(region.blocks) != 1:
        return False
    op = region.parent
    if op is None:
        return True
    info = _info(type(op))
    return not info.registered or info.no_terminator


_known_dialects: set[str] = set()
_known_sizes = (-1, -1)


def is_dialect_loaded(namespace: str) -> bool:
    """A dialect is "loaded" (MLIR's `op->getDialect()` is non-null) when it is registered or
    owns registered ops."""
    global _known_sizes
    sizes = (len(OP_CLASSES), len(DIALECTS))
    if sizes != _known_sizes:
        _known_dialects.clear()
        _known_dialects.update(DIALECTS)
        _known_dialects.update(name.split(".", 1)[0] for name in OP_CLASSES)
        _known_sizes = sizes
    return namespace in _known_dialects


# --------------------------------------------------------------------------- the verifier


class _Failed(Exception):
    """Internal: a failure already recorded in `_Verifier.errors`."""


class _OutsideValue(Exception):
    """Internal: the dominance walk met a value defined outside the isolated root."""


class _Verifier:
    __slots__ = (
        "_domtrees",
        "_pos",
        "_unreg",
        "allow_unregistered",
        "error_ops",
        "errors",
        "recursive",
    )

    def __init__(self, allow_unregistered: bool, recursive: bool) -> None:
        self.allow_unregistered = allow_unregistered
        self.recursive = recursive
        self.errors: list[Diagnostic] = []
        self.error_ops: list[Operation | None] = []
        self._unreg: dict[str, tuple[str, bool] | None] = {}
        self._pos: dict[Block, dict[Operation, int]] = {}
        self._domtrees: dict[Region, _DomTree] = {}

    # ----------------------------------------------------------------- reporting

    def _fail(self, err: DiagnosticError, op: Operation | None) -> _Failed:
        ops = getattr(err, "ops", None)
        if ops is None:
            ops = [getattr(err, "op", op)] * len(err.diagnostics)
        self.errors.extend(err.diagnostics)
        self.error_ops.extend(ops)
        return _Failed()

    def _error(self, op: Operation | None, message: str, loc: Any = None) -> _Failed:
        """Record `message` at `loc` (default: `op`'s location)."""
        if loc is None and op is not None:
            loc = _loc(op.location)
        self.errors.append(Diagnostic(Severity.ERROR, message, loc))
        self.error_ops.append(op)
        return _Failed()

    # ----------------------------------------------------------------- entry point

    def verify_op_and_dominance(self, op: Operation) -> bool:
        # Region isolation is part of the structural checks; for a plain IsolatedFromAbove
        # root (a function) it is folded into the dominance walk, and the exact check only
        # runs when that walk finds something (so an isolation error still comes first).
        info = _info(type(op))
        defer = (
            self.recursive
            and info.registered
            and info.isolated
            and not info.symbol_table
            and info.region_hook is None
        )
        try:
            self._verify_structure(op, defer)
        except _Failed:
            return False
        if not op.regions:
            return True
        mark = len(self.errors)
        try:
            self._verify_dominance(op, op if defer else None)
        except _Failed:
            if not defer:
                return False
            found = self.errors[mark:], self.error_ops[mark:]
            del self.errors[mark:], self.error_ops[mark:]
            try:
                self._verify_isolation(op)
            except _Failed:
                return False
            self.errors.extend(found[0])
            self.error_ops.extend(found[1])
            return False
        except _OutsideValue:
            try:
                self._verify_isolation(op)
            except _Failed:
                return False
            try:  # pragma: no cover - the exact check always reports it
                self._verify_dominance(op, None)
            except _Failed:
                return False
        return True

    # ----------------------------------------------------------------- structure

    def _verify_structure(self, root: Operation, defer_isolation: bool = False) -> None:
        """DFS over ops and blocks (skipping nested IsolatedFromAbove ops, which are verified
        on exit of their parent), in MLIR's order: op entrance, its blocks, op exit."""
        self._enter_op(root, _info(type(root)))
        # Frames: [op, info, region index, block index] or [block, cursor op].
        stack: list[list[Any]] = [[root, _info(type(root)), 0, 0]]
        recursive = self.recursive
        while stack:
            frame = stack[-1]
            node = frame[0]
            if len(frame) == 2:  # block frame
                op = frame[1]
                while op is not None:
                    nxt = op.next
                    info = _INFO.get(type(op)) or _info(type(op))
                    if op.regions:
                        if info.isolated:
                            op = nxt
                            continue
                        frame[1] = nxt
                        self._enter_op(op, info)
                        stack.append([op, info, 0, 0])
                        break
                    # Leaf op: entrance and exit at once.
                    if info.registered:
                        try:
                            verify_op_definition(op)
                        except DiagnosticError as err:
                            raise self._fail(err, op) from None
                    if info.exit_work:
                        self._exit_op(op, info)
                    op = nxt
                else:
                    stack.pop()
                    self._exit_block(node)
                continue
            # Operation frame: visit its next block, or exit.
            regions = node.regions
            ri, bi = frame[2], frame[3]
            block = None
            if recursive:
                while ri < len(regions):
                    blocks = regions[ri].blocks
                    if bi < len(blocks):
                        block = blocks[bi]
                        bi += 1
                        break
                    ri += 1
                    bi = 0
            if block is None:
                stack.pop()
                self._exit_op(node, frame[1], defer_isolation and node is root)
                continue
            frame[2], frame[3] = ri, bi
            self._enter_block(block)
            stack.append([block, block.first])

    def _enter_op(self, op: Operation, info: _ClassInfo) -> None:
        if info.registered:
            try:
                verify_op_definition(op)
            except DiagnosticError as err:
                raise self._fail(err, op) from None
        for i, region in enumerate(op.regions):
            blocks = region.blocks
            if info.registered and info.graph and len(blocks) > 1:
                raise self._fail(
                    op_error(op, f"expects graph region #{i} to have 0 or 1 blocks"), op
                )
            if not blocks:
                continue
            entry = blocks[0]
            for b in blocks:
                last = b.last
                if last is not None and last.successors and entry in last.successors:
                    raise self._error(op, "entry block of region may not have predecessors")

    def _enter_block(self, block: Block) -> None:
        for arg in block.args:
            if arg.block is not block:
                raise self._error(None, "block argument not owned by block", _loc(arg.location))
        if block.first is None:
            if _may_be_valid_without_terminator(block):
                return
            owner = block.parent.parent if block.parent is not None else None
            raise self._error(
                owner,
                "empty block: expect at least a terminator",
                _loc(owner.location) if owner is not None else None,
            )
        last = block.last
        op = block.first
        while op is not None:
            if op.successors and op is not last:
                raise self._error(
                    op, "operation with block successors must terminate its parent block"
                )
            op = op.next

    def _exit_block(self, block: Block) -> None:
        last = block.last
        if last is not None and last.successors:
            for succ in last.successors:
                if succ.parent is not block.parent:
                    raise self._fail(
                        op_error(last, "branching to block of a different region"), last
                    )
        if _may_be_valid_without_terminator(block):
            return
        assert last is not None  # empty blocks were rejected on entrance
        info = _info(type(last))
        if info.registered and not info.terminator:
            raise self._error(last, "block with no terminator, has " + _op_text(last))

    def _exit_op(self, op: Operation, info: _ClassInfo, defer_isolation: bool = False) -> None:
        if self.recursive and op.regions:
            failed = False
            for region in op.regions:
                for block in region.blocks:
                    child = block.first
                    while child is not None:
                        if (
                            child.regions
                            and _info(type(child)).isolated
                            and not self.verify_op_and_dominance(child)
                        ):
                            failed = True
                        child = child.next
            if failed:
                raise _Failed()
        if info.registered:
            if info.isolated and not defer_isolation:
                self._verify_isolation(op)
            if info.symbol_table:
                self._verify_symbol_table(op)
            if info.region_hook is not None:
                try:
                    info.region_hook(op)
                except DiagnosticError as err:
                    raise self._fail(err, op) from None
            return
        self._check_unregistered(op)

    def _check_unregistered(self, op: Operation) -> None:
        name = op.name
        if name in self._unreg:
            verdict = self._unreg[name]
        else:
            namespace = name.split(".", 1)[0] if "." in name else ""
            dialect = lookup_dialect(namespace)
            if dialect is None and not is_dialect_loaded(namespace):
                verdict = None if self.allow_unregistered else (_UNREGISTERED_DIALECT, True)
            elif dialect is not None and dialect.allows_unknown_ops:
                verdict = None
            else:
                message = (
                    f"unregistered operation '{name}' found in dialect ('{namespace}') that does "
                    "not allow unknown operations"
                )
                verdict = (message, False)
            self._unreg[name] = verdict
        if verdict is not None:
            message, op_prefix = verdict
            if op_prefix:
                raise self._fail(op_error(op, message), op)
            raise self._error(op, message)

    def _verify_isolation(self, isolated: Operation) -> None:
        """MLIR's `verifyIsIsolatedFromAbove`: every operand used in the regions is defined in
        them (nested IsolatedFromAbove ops check themselves)."""
        for region in isolated.regions:
            pending = [region]
            while pending:
                current = pending.pop()
                for block in current.blocks:
                    op = block.first
                    while op is not None:
                        for use in op.operand_uses:
                            value = use.value
                            vblock = value.op.parent if type(value) is OpResult else value.block
                            value_region = vblock.parent if vblock is not None else None
                            if value_region is current:
                                continue
                            if value_region is None:
                                raise self._error(op, "operation's operand is unlinked")
                            if not _region_is_ancestor(region, value_region):
                                err = op_error(op, "using value defined outside the region")
                                err.diagnostic.attach_note(
                                    "required by region isolation constraints",
                                    _loc(isolated.location),
                                )
                                raise self._fail(err, op)
                        if op.regions and not _info(type(op)).isolated:
                            pending.extend(op.regions)
                        op = op.next

    def _verify_symbol_table(self, op: Operation) -> None:
        if len(op.regions) != 1:
            raise self._fail(
                op_error(op, "Operations with a 'SymbolTable' must have exactly one region"), op
            )
        region = op.regions[0]
        if len(region.blocks) != 1:
            raise self._fail(
                op_error(op, "Operations with a 'SymbolTable' must have exactly one block"), op
            )
        seen: dict[str, Operation] = {}
        child = region.blocks[0].first
        while child is not None:
            name = _attr(child, "sym_name")
            if isinstance(name, StringAttr):
                first = seen.get(name.value)
                if first is None:
                    seen[name.value] = child
                else:
                    err = self._error(child, f"redefinition of symbol named '{name.value}'")
                    self.errors[-1].attach_note(
                        "see existing symbol definition here", _loc(first.location)
                    )
                    raise err
            child = child.next
        users = symbol_user_classes()
        if users:
            tables = SymbolTableCollection()
            for user in walk_symbol_table(op.regions, users):
                try:
                    user.verify_symbol_uses(tables)  # type: ignore[attr-defined]
                except DiagnosticError as err:
                    raise self._fail(err, user) from None

    # ----------------------------------------------------------------- dominance

    def _verify_dominance(self, root: Operation, isolated: Operation | None = None) -> None:
        """MLIR's `verifyDominanceOfContainedRegions`: operands of ops in reachable blocks must
        properly dominate their user; nested IsolatedFromAbove ops are handled separately.
        With `isolated` (= root), a value defined outside it raises `_OutsideValue`."""
        worklist = [root]
        recursive = self.recursive
        pos_cache = self._pos
        while worklist:
            parent = worklist.pop()
            for region in parent.regions:
                blocks = region.blocks
                ssa = has_ssa_dominance(region)
                domtree = self._domtree(region) if len(blocks) > 1 else None
                for block in blocks:
                    reachable = domtree is None or block in domtree.index
                    pos: dict[Operation, int] = {}
                    pos_cache[block] = pos
                    i = 0
                    op = block.first
                    while op is not None:
                        if reachable:
                            for use in op.operand_uses:
                                value = use.value
                                if type(value) is OpResult:
                                    d = value.op
                                    if d.parent is block:
                                        if ssa and d not in pos:
                                            raise self._dominance_error(op, use.index)
                                        continue
                                elif type(value) is BlockArgument and value.block is block:
                                    continue
                                if isolated is not None and _defined_outside(value, isolated):
                                    raise _OutsideValue()
                                if not self._properly_dominates(value, op):
                                    raise self._dominance_error(op, use.index)
                        elif isolated is not None:
                            for use in op.operand_uses:
                                if _defined_outside(use.value, isolated):
                                    raise _OutsideValue()
                        pos[op] = i
                        i += 1
                        if recursive and op.regions and not _info(type(op)).isolated:
                            worklist.append(op)
                        op = op.next

    def _properly_dominates(self, value: Value, user: Operation) -> bool:
        """MLIR's `DominanceInfo::properlyDominates(Value, Operation*)`."""
        if isinstance(value, BlockArgument):
            a_block = value.block
            b_block = user.parent
            if a_block is b_block:
                return True
            a_region = a_block.parent
            if a_region is None or b_block is None:
                return False
            if b_block.parent is not a_region:
                b_block = _ancestor_block_in(b_block, a_region)
                if b_block is None:
                    return False
                if b_block is a_block:
                    return True
            return self._domtree(a_region).properly_dominates(a_block, b_block)
        assert isinstance(value, OpResult)
        a = value.op
        a_block = a.parent
        if a_block is None or user.parent is None:
            return False
        a_region = a_block.parent
        b: Operation | None = user
        if a_region is not user.parent.parent:
            b = _ancestor_op_in(user, a_region)
            if b is None or b is a:  # `a` enclosing the user is not dominance for a value
                return False
        assert b is not None and b.parent is not None
        if b.parent is a_block:
            if a_region is None or not has_ssa_dominance(a_region):
                return True
            pos = self._pos.get(a_block)
            if pos is None or a not in pos or b not in pos:
                pos = self._pos[a_block] = {o: i for i, o in enumerate(a_block.ops)}
            return pos[a] < pos[b]
        if a_region is None:
            return False
        return self._domtree(a_region).properly_dominates(a_block, b.parent)

    def _domtree(self, region: Region) -> _DomTree:
        tree = self._domtrees.get(region)
        if tree is None:
            tree = self._domtrees[region] = _DomTree(region)
        return tree

    def _dominance_error(self, op: Operation, index: int) -> _Failed:
        """MLIR's `diagnoseInvalidOperandDominance`."""
        err = self._error(op, f"operand #{index} does not dominate this use")
        diag = self.errors[-1]
        value = op.operand_uses[index].value
        block1 = op.parent
        region1 = block1.parent if block1 is not None else None
        if isinstance(value, OpResult):
            d = value.op
            block2 = d.parent
            region2 = block2.parent if block2 is not None else None
            if block1 is block2:
                where = " (op in the same block)"
            elif region1 is region2:
                where = " (op in the same region)"
            elif _region_is_proper_ancestor(region2, region1):
                where = " (op in a parent region)"
            elif _region_is_proper_ancestor(region1, region2):
                where = " (op in a child region)"
            else:
                where = " (op is neither in a parent nor in a child region)"
            diag.attach_note("operand defined here" + where, _loc(d.location))
            return err
        assert isinstance(value, BlockArgument)
        block2 = value.block
        region2 = block2.parent
        owner = region2.parent if region2 is not None else None
        loc = _loc(owner.location) if owner is not None else None
        if region2 is None:
            diag.attach_note(" (block without parent)", loc)
            return err
        index2 = region2.blocks.index(block2)
        if region1 is region2:
            where = " in the same region)"
        elif _region_is_proper_ancestor(region2, region1):
            where = " in a parent region)"
        elif _region_is_proper_ancestor(region1, region2):
            where = " in a child region)"
        else:
            where = " neither in a parent nor in a child region)"
        diag.attach_note(f"operand defined as a block argument (block #{index2}{where}", loc)
        return err


# --------------------------------------------------------------------------- helpers


def _loc(location: Any) -> Any:
    """The file location a diagnostic shows for an IR location (None when unknown)."""
    return location.file_loc() if location is not None else None


def _attr(op: Operation, name: str) -> Any:
    """An inherent or discardable attribute (MLIR's `getAttr`)."""
    return op.get_attr(name)


def _op_text(op: Operation) -> str:
    """The op in generic form, as MLIR streams an `Operation` into a diagnostic."""
    try:
        from llh_opt.printer import print_operation
    except ImportError:  # pragma: no cover - the printer lands separately
        return f'"{op.name}"(...)'
    return print_operation(op, generic=True).rstrip("\n")


def _defined_outside(value: Value, isolated: Operation) -> bool:
    """Whether `value` is defined outside the regions of `isolated` (or is unlinked)."""
    block = value.op.parent if type(value) is OpResult else value.block  # type: ignore[attr-defined]
    region = block.parent if block is not None else None
    while region is not None:
        owner = region.parent
        if owner is isolated:
            return False
        if owner is None or owner.parent is None:
            return True
        region = owner.parent.parent
    return True


def _parent_region(region: Region) -> Region | None:
    op = region.parent
    if op is None or op.parent is None:
        return None
    return op.parent.parent


def _region_is_ancestor(ancestor: Region, region: Region | None) -> bool:
    """`ancestor.isAncestor(region)`: equal or properly containing."""
    while region is not None:
        if region is ancestor:
            return True
        region = _parent_region(region)
    return False


def _region_is_proper_ancestor(ancestor: Region | None, region: Region | None) -> bool:
    if ancestor is None or region is None or ancestor is region:
        return False
    return _region_is_ancestor(ancestor, _parent_region(region))


def _ancestor_op_in(op: Operation, region: Region | None) -> Operation | None:
    """The ancestor of `op` (or `op`) whose parent region is `region` (`findAncestorOpInRegion`)."""
    current: Operation | None = op
    while current is not None:
        block = current.parent
        if block is None:
            return None
        if block.parent is region:
            return current
        current = block.parent.parent if block.parent is not None else None
    return None


def _ancestor_block_in(block: Block, region: Region) -> Block | None:
    current: Block | None = block
    while current is not None:
        if current.parent is region:
            return current
        r = current.parent
        if r is None or r.parent is None:
            return None
        current = r.parent.parent
    return None


class _DomTree:
    """Dominator tree of one multi-block region (Cooper–Harvey–Kennedy on reverse post-order),
    with DFS intervals for O(1) `properly_dominates`. Unreachable blocks are not in `index`."""

    __slots__ = ("index", "tin", "tout")

    def __init__(self, region: Region) -> None:
        rpo, children = dominator_tree(region)
        index = {b: i for i, b in enumerate(rpo)}
        tin = [0] * len(rpo)
        tout = [0] * len(rpo)
        clock = 0
        dfs: list[tuple[int, int]] = [(0, 0)]
        while dfs:
            node, state = dfs.pop()
            if state == 0:
                tin[node] = clock
                clock += 1
                dfs.append((node, 1))
                dfs.extend((c, 0) for c in reversed(children[node]))
            else:
                tout[node] = clock
                clock += 1
        self.index = index
        self.tin = tin
        self.tout = tout

    def properly_dominates(self, a: Block, b: Block) -> bool:
        """LLVM's semantics: unreachable `b` is dominated by anything; unreachable `a` dominates
        nothing."""
        if a is b:
            return False
        j = self.index.get(b)
        if j is None:
            return True
        i = self.index.get(a)
        if i is None:
            return False
        return self.tin[i] < self.tin[j] and self.tout[j] < self.tout[i]
