"""`inline`: MLIR's SCC-based inliner for `func.call` (``mlir/lib/Transforms/InlinerPass.cpp``,
``Utils/Inliner.cpp``, ``Utils/InliningUtils.cpp``).

What lives here: the call graph, the discardable-symbol use lists, the bottom-up SCC walk with
its simplification pipeline, and `inline_call` (single-block and multi-block callees). What does
not: the simplification passes themselves (`canonicalize` and any other pipeline run on the
callers are looked up in the pass registry at run time).

Behaviour matched (checked against torch-mlir-opt):

- Callables are `func.func` ops with a body; calls are `func.call` with a flat symbol reference.
  Declarations, `func.call_indirect` and nested references are never inlined; neither are calls
  marked `no_inline` (or calling a function marked so), calls whose callee refers to itself or
  to the caller (recursion), calls whose callee holds an op of a dialect without an inliner
  interface (e.g. unregistered `foo.*` ops), calls inside ops of such dialects, and multi-block
  callees into single-block regions; `inlining-threshold` (callee/caller op-count percentage)
  as in MLIR.
- SCCs are visited bottom-up (callees first). For each SCC, up to `max-iterations` times: run
  the simplification pipeline on its callables (`op-pipelines` for their op name, else
  `default-pipeline`, `canonicalize` by default; an empty `default-pipeline=` disables it), then
  inline the calls inside them, including calls brought in by inlining (an inline history stops
  cycles). `--canonicalize` is run only if registered; without it the default pipeline is empty.
- A single-block callee is spliced in place of the call (the `func.return` operands replace the
  call results); a multi-block callee splits the caller's block and each `func.return` becomes a
  `cf.br` to the continuation block, whose arguments replace the call results (`cf` is not
  registered in llh-opt: the branches print in generic form).
- Inlined ops get `callsite(<callee loc> at <call loc>)` locations (nested call sites stack).
- Private (discardable) callables whose last use is inlined are moved in instead of cloned and
  erased; private callables with no uses are erased; public ones stay.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.dialects.interfaces import is_legal_to_inline
from llh_opt.ir.attributes import (
    CallSiteLoc,
    LocationAttr,
    StringAttr,
    SymbolRefAttr,
    UnknownLoc,
)
from llh_opt.ir.core import Block, Operation, Region
from llh_opt.ir.opdef import IsolatedFromAbove, IsTerminator, SingleBlock, SymbolTrait
from llh_opt.ir.symbol_table import SymbolTableCollection, is_symbol_table, symbol_visibility
from llh_opt.passes.pass_manager import PassContext, PassManager
from llh_opt.passes.registry import Pass, PassOption, PassOptionsError, lookup_pass, register_pass

__all__ = ["InlinerPass", "inline_call"]


# --------------------------------------------------------------------------- interfaces
# (the dialect inliner interface: `dialects/interfaces.py` `is_legal_to_inline`)


def _is_callable(op: Operation) -> bool:
    """MLIR's `CallableOpInterface` (llh-opt: `func.func`)."""
    return op.name == "func.func" and op.registered


def _callable_region(op: Operation) -> Region | None:
    """`getCallableRegion()`: the body of a defined function, None for a declaration."""
    if _is_callable(op) and op.regions and op.regions[0].blocks:
        return op.regions[0]
    return None


def _is_call(op: Operation) -> bool:
    """MLIR's `CallOpInterface` with a symbol callee (llh-opt: `func.call`)."""
    return op.name == "func.call" and op.registered


def _is_symbol(op: Operation) -> bool:
    cls = type(op)
    if not cls.registered:
        return False
    if SymbolTrait in cls.TRAIT_SET:  # type: ignore[attr-defined]
        return True
    return isinstance(op.properties.get("sym_name"), StringAttr)


# --------------------------------------------------------------------------- call graph

_ABSTRACT, _CALL, _CHILD = 0, 1, 2


class _Node:
    """MLIR's `CallGraphNode`: a callable region (None for the external/unknown nodes) and its
    outgoing edges in insertion order (a set-vector of (kind, target))."""

    __slots__ = ("edges", "edge_set", "has_children", "region")

    def __init__(self, region: Region | None) -> None:
        self.region = region
        self.edges: list[tuple[int, _Node]] = []
        self.edge_set: set[tuple[int, int]] = set()
        self.has_children = False

    def add_edge(self, kind: int, target: _Node) -> None:
        key = (kind, id(target))
        if key not in self.edge_set:
            self.edge_set.add(key)
            self.edges.append((kind, target))
            if kind == _CHILD:
                self.has_children = True

    @property
    def is_external(self) -> bool:
        return self.region is None

    @property
    def callable_op(self) -> Operation:
        assert self.region is not None and self.region.parent is not None
        return self.region.parent


class _CallGraph:
    """MLIR's `CallGraph`: nodes for every defined callable under the root (nested callables
    are children of their parent's node, others hang off the external caller node) and call
    edges resolved through the symbol tables."""

    __slots__ = ("external", "nodes", "tables", "unknown")

    def __init__(self, root: Operation, tables: SymbolTableCollection) -> None:
        self.external = _Node(None)
        self.unknown = _Node(None)
        self.nodes: dict[Region, _Node] = {}
        self.tables = tables
        # MLIR walks twice (nodes, then call edges) so that every callee has its node before
        # calls are resolved; one walk that resolves the calls afterwards, in walk order, adds
        # the same edges in the same order.
        calls: list[tuple[_Node, Operation]] = []
        self._compute(root, None, calls)
        for parent, call in calls:
            parent.add_edge(_CALL, self.resolve(call))

    def _compute(
        self, op: Operation, parent: _Node | None, calls: list[tuple[_Node, Operation]]
    ) -> None:
        if op.name == "func.call" and op.registered:
            if parent is not None:
                calls.append((parent, op))
            return
        if _is_callable(op):
            region = _callable_region(op)
            if region is None:
                return
            parent = self._get_or_add(region, parent)
        for region in op.regions:
            for block in region.blocks:
                nested = block.first
                while nested is not None:
                    if nested.regions or nested.name == "func.call":
                        self._compute(nested, parent, calls)
                    nested = nested.next

    def _get_or_add(self, region: Region, parent: _Node | None) -> _Node:
        node = self.nodes.get(region)
        if node is None:
            node = self.nodes[region] = _Node(region)
            if parent is not None:
                parent.add_edge(_CHILD, node)
            else:
                self.external.add_edge(_ABSTRACT, node)
        return node

    def lookup(self, region: Region | None) -> _Node | None:
        return self.nodes.get(region) if region is not None else None

    def resolve(self, call: Operation) -> _Node:
        """`resolveCallable`: the callee's node, or the unknown-callee node."""
        callee = call.properties.get("callee")
        if isinstance(callee, SymbolRefAttr):
            target = self.tables.lookup_nearest_symbol_from(call, callee)
            if target is not None:
                node = self.lookup(_callable_region(target))
                if node is not None:
                    return node
        return self.unknown

    def sccs(self) -> list[list[_Node]]:
        """Strongly connected components in post-order from the external node (callees before
        callers), as `llvm::scc_iterator` produces them."""
        numbers: dict[_Node, int] = {}
        done = 1 << 62
        scc_stack: list[_Node] = []
        out: list[list[_Node]] = []
        counter = 0

        def visit(node: _Node) -> list[Any]:
            nonlocal counter
            counter += 1
            numbers[node] = counter
            scc_stack.append(node)
            return [node, iter(node.edges), counter]

        visit_stack = [visit(self.external)]
        while visit_stack:
            top = visit_stack[-1]
            for _, child in top[1]:
                n = numbers.get(child)
                if n is None:
                    visit_stack.append(visit(child))
                    break
                if n < top[2]:
                    top[2] = n
            else:
                visit_stack.pop()
                node, low = top[0], top[2]
                if visit_stack and visit_stack[-1][2] > low:
                    visit_stack[-1][2] = low
                if low != numbers[node]:
                    continue
                scc: list[_Node] = []
                while True:
                    member = scc_stack.pop()
                    numbers[member] = done
                    scc.append(member)
                    if member is node:
                        break
                out.append(scc)
        return out


# --------------------------------------------------------------------------- symbol uses


def _attr_refs(attr: Any, cache: dict[Any, tuple[SymbolRefAttr, ...]]) -> tuple[SymbolRefAttr, ...]:
    found = cache.get(attr)
    if found is None:
        if isinstance(attr, SymbolRefAttr):
            found = (attr,)
        else:
            kids = attr.children()
            found = tuple(r for k in kids if k is not None for r in _attr_refs(k, cache))
        cache[attr] = found
    return found


def _symbol_uses(
    op: Operation, cache: dict[Any, tuple[SymbolRefAttr, ...]]
) -> Iterator[tuple[SymbolRefAttr, Operation]]:
    """(reference, user) for the attributes of `op` and of the ops nested in it, not looking
    into nested symbol tables (MLIR's `SymbolTable::getSymbolUses(Operation*)`)."""
    stack = [op]
    while stack:
        current = stack.pop()
        for attrs in (current.properties, current.attributes):
            if attrs:
                for a in attrs.values():
                    refs = cache.get(a)
                    if refs is None:
                        refs = _attr_refs(a, cache)
                    for ref in refs:
                        yield ref, current
        if current.regions and not is_symbol_table(current):
            nested_ops = [o for r in current.regions for b in r.blocks for o in b.ops]
            stack.extend(reversed(nested_ops))


class _UseList:
    """MLIR's `CGUseList`: symbol-use counts of the discardable callables (private, or all
    non-public ones when every use is visible), per user node."""

    __slots__ = ("cache", "cg", "discardable", "node_uses", "tables")

    def __init__(self, root: Operation, cg: _CallGraph, tables: SymbolTableCollection) -> None:
        self.cg = cg
        self.tables = tables
        self.cache: dict[Any, tuple[SymbolRefAttr, ...]] = {}
        self.discardable: dict[_Node, int] = {}
        # node -> (top-level uses, inner uses)
        self.node_uses: dict[_Node, tuple[set[_Node], dict[_Node, int]]] = {}
        always_live: set[_Node] = set()
        for table_op, all_visible in _symbol_tables(root, root.parent is None):
            for block in table_op.regions[0].blocks:
                for child in block.ops:
                    if _is_callable(child):
                        node = cg.lookup(_callable_region(child))
                        if node is not None:
                            vis = symbol_visibility(child)
                            if (all_visible or vis == "private") and vis != "public":
                                self.discardable.setdefault(node, 0)
                            continue
                    for target, _ in self._referenced_nodes(child):
                        always_live.add(target)
        for node in always_live:
            self.discardable.pop(node, None)
        for node in cg.nodes.values():
            self.recompute_uses(node)

    def _referenced_nodes(self, op: Operation) -> Iterator[tuple[_Node, Operation]]:
        """MLIR's `walkReferencedSymbolNodes`: the call-graph nodes referenced inside `op`."""
        scope = op.parent_op
        if scope is None:
            return
        resolved: dict[SymbolRefAttr, _Node | None] = {}
        for ref, user in _symbol_uses(op, self.cache):
            if ref in resolved:
                node = resolved[ref]
            else:
                target = self.tables.lookup_nearest_symbol_from(scope, ref)
                node = self.cg.lookup(_callable_region(target)) if target is not None else None
                resolved[ref] = node
            if node is not None:
                yield node, user

    def recompute_uses(self, node: _Node) -> None:
        op = node.callable_op
        old = self.node_uses.get(node)
        if old is not None:
            self._decrement(old)
        top: set[_Node] = set()
        inner: dict[_Node, int] = {}
        discardable = self.discardable
        if not discardable:
            # Nothing can be erased (no private callables): skip walking the body (a 100k-op
            # `@main` with public functions only, tools/bench).
            self.node_uses[node] = (top, inner)
            return
        for target, user in self._referenced_nodes(op):
            if target not in discardable:
                continue
            if user is not op:
                inner[target] = inner.get(target, 0) + 1
            elif target in top:
                continue
            else:
                top.add(target)
            discardable[target] += 1
        self.node_uses[node] = (top, inner)

    def drop_call_uses(self, user_node: _Node, call: Operation) -> None:
        inner = self.node_uses[user_node][1]
        for target, _ in self._referenced_nodes(call):
            if target in inner:
                inner[target] -= 1
                self.discardable[target] = self.discardable.get(target, 0) - 1

    def merge_uses_after_inlining(self, callee: _Node, caller: _Node) -> None:
        caller_inner = self.node_uses[caller][1]
        for target, count in self.node_uses[callee][1].items():
            caller_inner[target] = caller_inner.get(target, 0) + count
            self.discardable[target] = self.discardable.get(target, 0) + count

    def erase_node(self, node: _Node) -> None:
        for kind, child in node.edges:
            if kind == _CHILD:
                self.erase_node(child)
        uses = self.node_uses.pop(node, None)
        if uses is not None:
            self._decrement(uses)
        self.discardable.pop(node, None)

    def _decrement(self, uses: tuple[set[_Node], dict[_Node, int]]) -> None:
        d = self.discardable
        for target in uses[0]:
            d[target] = d.get(target, 0) - 1
        for target, count in uses[1].items():
            d[target] = d.get(target, 0) - count

    def is_dead(self, node: _Node) -> bool:
        return self.discardable.get(node, -1) == 0

    def has_one_use_and_discardable(self, node: _Node) -> bool:
        return self.discardable.get(node, -1) == 1


def _symbol_tables(root: Operation, all_visible: bool) -> list[tuple[Operation, bool]]:
    """MLIR's `SymbolTable::walkSymbolTables`: (symbol table, all its uses are visible), nested
    tables first."""
    out: list[tuple[Operation, bool]] = []

    def walk(op: Operation, visible: bool) -> None:
        table = is_symbol_table(op)
        if table:
            visible = visible or not _is_symbol(op) or symbol_visibility(op) == "private"
        else:
            visible = True
        for region in op.regions:
            for block in region.blocks:
                nested = block.first
                while nested is not None:
                    if nested.regions:
                        walk(nested, visible)
                    nested = nested.next
        if table:
            out.append((op, visible))

    walk(root, all_visible)
    return out


# --------------------------------------------------------------------------- inlining a call


def _legal_ops(region: Region) -> bool:
    """Every op of the callee (recursively) belongs to a dialect that allows inlining."""
    stack = [region]
    while stack:
        r = stack.pop()
        for block in r.blocks:
            for op in block.ops:
                if not is_legal_to_inline(op):
                    return False
                stack.extend(op.regions)
    return True


def _remap_locations(blocks: list[Block], caller: LocationAttr) -> None:
    """Give every inlined op (and block argument) the location `callsite(loc at caller)`,
    stacking into existing call sites as MLIR's `remapInlinedLocations` does."""
    memo: dict[LocationAttr, LocationAttr] = {}

    def remap(loc: LocationAttr) -> LocationAttr:
        new = memo.get(loc)
        if new is None:
            new = memo[loc] = _stack_call_site(loc, caller)
        return new

    stack = list(blocks)
    while stack:
        block = stack.pop()
        for arg in block.args:
            arg.location = remap(arg.location)
        for op in block.ops:
            op.location = remap(op.location)
            for region in op.regions:
                stack.extend(region.blocks)


def _stack_call_site(callee: LocationAttr, caller: LocationAttr) -> LocationAttr:
    if isinstance(callee, CallSiteLoc):
        return CallSiteLoc(callee.callee, _stack_call_site(callee.caller, caller))
    return CallSiteLoc(callee, caller)


def _clone_blocks(src: Region, mapping: dict[Any, Any]) -> list[Block]:
    """Copies of `src`'s blocks (not attached to a region), operands remapped through
    `mapping`, which is extended with the copied blocks, arguments and results."""
    new_blocks = []
    for block in src.blocks:
        nb = Block()
        mapping[block] = nb
        for a in block.args:
            if a not in mapping:  # entry arguments are mapped to the call operands
                mapping[a] = nb.add_argument(a.type, a.location)
        new_blocks.append(nb)
    nested_regions = False
    for block, nb in zip(src.blocks, new_blocks):
        for op in block.ops:
            c = op.clone(mapping)
            if op.successors:
                c.successors = [mapping.get(s, s) for s in op.successors]
            if op.regions:
                nested_regions = True
            nb.append(c)
    if len(new_blocks) == 1 and not nested_regions:
        return new_blocks
    # A use may precede its definition in block order (the definition dominates through the
    # CFG): the copy then still points at the original; redirect it now that all exist.
    stack = list(new_blocks)
    while stack:
        nb = stack.pop()
        for op in nb.ops:
            for use in op.operand_uses:
                v = mapping.get(use.value)
                if v is not None and v is not use.value:
                    use.set(v)
            for region in op.regions:
                stack.extend(region.blocks)
    return new_blocks


def _collect_calls(blocks: list[Block]) -> list[Operation]:
    """The calls in `blocks` and their nested regions, in MLIR's `collectCallOps` order (a LIFO
    worklist of blocks)."""
    calls: list[Operation] = []
    worklist = list(blocks)
    while worklist:
        block = worklist.pop()
        for op in block.ops:
            if _is_call(op):
                calls.append(op)
                continue
            for region in op.regions:
                worklist.extend(region.blocks)
    return calls


def inline_call(
    call: Operation, callee: Operation, clone: bool = True, *, check_ops: bool = True
) -> list[Operation] | None:
    """Inline `callee` (a `func.func`) at `call` (MLIR's `inlineCall` with the func dialect's
    inliner interface). With `clone=False` the body is moved out of the callee. Returns the
    call ops brought in by the inlined body, or None (IR untouched) when inlining is not legal.
    The call itself is left in place, without uses, for the caller to erase. `check_ops=False`
    skips checking the dialects of the callee's ops (the caller knows they are inlinable)."""
    src = _callable_region(callee)
    block = call.parent
    if src is None or block is None or block.parent is None:
        return None
    if call.get_attr("no_inline") is not None or callee.get_attr("no_inline") is not None:
        return None
    entry = src.blocks[0]
    operands = call.operands
    if len(operands) != len(entry.args):
        return None
    if any(a.type is not v.type for a, v in zip(entry.args, operands)):
        return None
    results = callee.function_type.results  # type: ignore[attr-defined]
    if len(results) != len(call.results) or any(
        t is not r.type for t, r in zip(results, call.results)
    ):
        return None
    dest = block.parent
    dest_op = dest.parent
    if dest_op is None or not is_legal_to_inline(dest_op):
        return None
    if check_ops and not _legal_ops(src):
        return None
    single = len(src.blocks) == 1
    if single:
        term = entry.last
        if term is None or term.name != "func.return" or len(term.operand_uses) != len(results):
            return None

    if clone:
        mapping: dict[Any, Any] = dict(zip(entry.args, operands))
        new_blocks = _clone_blocks(src, mapping)
    else:
        new_blocks = list(src.blocks)
        src.blocks.clear()
        for nb in new_blocks:
            nb.parent = None
        for arg, v in zip(entry.args, operands):
            arg.replace_all_uses_with(v)
    if not isinstance(call.location, UnknownLoc):
        _remap_locations(new_blocks, call.location)
    new_calls = _collect_calls(new_blocks)

    first = new_blocks[0]
    if single:
        term = first.last
        assert term is not None
        for r, v in zip(call.results, term.operands):
            r.replace_all_uses_with(v)
        term.erase()
        _move_ops_before(first, call)
        return new_calls

    # Multi-block: split the caller's block after the call; returns branch to the rest.
    post = Block()
    index = dest.blocks.index(block)
    _insert_blocks(dest, index + 1, [post])
    op = call.next
    while op is not None:
        nxt = op.next
        op.detach()
        post.append(op)
        op = nxt
    for r in call.results:
        r.replace_all_uses_with(post.add_argument(r.type, call.location))
    for nb in new_blocks:
        term = nb.last
        if term is not None and term.name == "func.return":
            br = Operation.create(
                "cf.br", term.operands, (), successors=[post], location=term.location
            )
            nb.insert_before(term, br)
            term.erase()
    op = first.first
    while op is not None:
        nxt = op.next
        op.detach()
        block.append(op)
        op = nxt
    _insert_blocks(dest, index + 1, new_blocks[1:])
    # Branches of the inlined body to its entry block now go to the caller's block: MLIR's
    # callee entry blocks have no predecessors, so there are none to redirect.
    return new_calls


def _move_ops_before(block: Block, anchor: Operation) -> None:
    target = anchor.parent
    assert target is not None
    op = block.first
    while op is not None:
        nxt = op.next
        op.detach()
        target.insert_before(anchor, op)
        op = nxt


def _insert_blocks(region: Region, index: int, blocks: list[Block]) -> None:
    for i, b in enumerate(blocks):
        b.parent = region
        region.blocks.insert(index + i, b)


# --------------------------------------------------------------------------- the pass


class _Resolved:
    """MLIR's `ResolvedCall`."""

    __slots__ = ("call", "source", "target")

    def __init__(self, call: Operation, source: _Node, target: _Node) -> None:
        self.call = call
        self.source = source
        self.target = target


def _count_ops(region: Region) -> int:
    count = 0
    stack = [region]
    while stack:
        r = stack.pop()
        for b in r.blocks:
            for op in b.ops:
                count += 1
                stack.extend(op.regions)
    return count


_UINT_MAX = 4294967295
_DEFAULT_PIPELINE = "canonicalize"


@register_pass
class InlinerPass(Pass):
    NAME = "inline"
    SUMMARY = "Inline function calls"
    DESCRIPTION = (
        "Inlines calls to defined functions bottom-up over the call graph's SCCs, simplifying "
        "the callers with an optimization pipeline (canonicalize by default) and erasing "
        "private functions that are no longer used."
    )
    DISPLAY_NAME = "Inliner"
    ANCHOR = "any"
    OPTIONS = {
        "default-pipeline": PassOption(
            str,
            _DEFAULT_PIPELINE,
            "The optimizer pipeline used for callables that do not have a dedicated optimizer "
            "pipeline in opPipelineList",
        ),
        "inlining-threshold": PassOption(
            int,
            _UINT_MAX,
            "If the ratio between the number of the operations in the callee and the number of "
            "the operations in the caller exceeds this value (in percentage), then the callee "
            "is not inlined even if it is legal to inline it",
            value_name="uint",
        ),
        "max-iterations": PassOption(
            int,
            4,
            "Maximum number of iterations when inlining within an SCC",
            value_name="uint",
        ),
        "op-pipelines": PassOption(
            list[str],
            [],
            "Callable operation specific optimizer pipelines (in the form of "
            "`dialect.op(pipeline)`)",
            value_name="pass-manager",
        ),
    }

    __slots__ = ()

    def parse_options(self, text: str) -> None:
        super().parse_options(text)
        normalized = []
        for pipeline in self.options["op-pipelines"]:
            try:
                normalized.append(PassManager.parse(pipeline).pipeline_text())
            except DiagnosticError as err:
                raise PassOptionsError(
                    self.NAME, text, err.diagnostics[0].message.rstrip("\n") + "\n"
                ) from None
        self.options["op-pipelines"] = normalized

    # ----------------------------------------------------------------- pipelines

    def _pipelines(self) -> tuple[dict[str, PassManager], str | None]:
        by_op: dict[str, PassManager] = {}
        for text in self.options["op-pipelines"]:
            pm = PassManager.parse(text)
            if len(pm):
                by_op.setdefault(pm.anchor, pm)
        default: str | None = self.options["default-pipeline"]
        if not default or (default == _DEFAULT_PIPELINE and lookup_pass(default) is None):
            # `default-pipeline=` disables simplification; a missing canonicalizer (not yet
            # written) leaves the default pipeline empty.
            default = None
        return by_op, default

    # ----------------------------------------------------------------- run

    def run(self, op: Operation, ctx: PassContext) -> None:
        if not is_symbol_table(op):
            loc = op.location.file_loc() if op.location is not None else None
            err = DiagnosticError(
                Diagnostic(
                    Severity.ERROR,
                    f"'{op.name}' op  was scheduled to run under the inliner, but does not "
                    "define a symbol table",
                    loc,
                )
            )
            err.op = op  # type: ignore[attr-defined]
            raise err
        _Inliner(self, op, ctx).run()


class _Inliner:
    """One run of the inliner (MLIR's `Inliner` + `InlinerInterfaceImpl`)."""

    __slots__ = (
        "by_op",
        "cg",
        "ctx",
        "dead",
        "default",
        "default_pms",
        "max_iterations",
        "root",
        "tables",
        "threshold",
        "uses",
    )

    def __init__(self, p: InlinerPass, root: Operation, ctx: PassContext) -> None:
        self.root = root
        self.ctx = ctx
        self.by_op, self.default = p._pipelines()
        self.default_pms: dict[str, PassManager] = {}
        self.max_iterations = p.options["max-iterations"]
        self.threshold = p.options["inlining-threshold"]
        self.tables = SymbolTableCollection()
        self.cg = _CallGraph(root, self.tables)
        self.uses = _UseList(root, self.cg, self.tables)
        self.dead: dict[_Node, None] = {}

    def run(self) -> None:
        # Inlining allocates a copy of every inlined op and frees nothing until it ends;
        # pausing the cyclic GC keeps that linear (3x faster on 10k calls, tools/bench).
        gc_was_enabled = gc.isenabled()
        gc.disable()
        try:
            for scc in self.cg.sccs():
                self.inline_scc(scc)
            for node in self.dead:
                node.callable_op.erase()
        finally:
            if gc_was_enabled:
                gc.enable()

    def inline_scc(self, scc: list[_Node]) -> None:
        iteration = 0
        while True:
            self.optimize_scc(scc)
            if not self.inline_calls_in_scc(scc):
                break
            iteration += 1
            if iteration >= self.max_iterations:
                break

    # ----------------------------------------------------------------- simplification

    def optimize_scc(self, scc: list[_Node]) -> None:
        visited = []
        for node in scc:
            if node.is_external or node.has_children:
                continue
            callable_op = node.callable_op
            if IsolatedFromAbove not in type(callable_op).TRAIT_SET:  # type: ignore[attr-defined]
                continue
            visited.append(node)
        if not visited:
            return
        optimized = []
        for node in visited:
            pm = self.pipeline_for(node.callable_op.name)
            if pm is not None:
                pm.run(node.callable_op, self.ctx)
                optimized.append(node)
        # Unchanged callables keep their (incrementally maintained) use counts.
        for node in optimized:
            self.uses.recompute_uses(node)

    def pipeline_for(self, op_name: str) -> PassManager | None:
        pm = self.by_op.get(op_name)
        if pm is not None:
            return pm
        if self.default is None:
            return None
        pm = self.default_pms.get(op_name)
        if pm is None:
            pm = self.default_pms[op_name] = PassManager.parse(f"{op_name}({self.default})")
        return pm

    # ----------------------------------------------------------------- inlining

    def collect_calls(self, blocks: list[Block], source: _Node, nested: bool) -> list[_Resolved]:
        """MLIR's `collectCallOps`: resolved calls to defined callables in `blocks` (a LIFO
        worklist of blocks; regions of nested callables only when `nested`)."""
        out: list[_Resolved] = []
        worklist: list[tuple[Block, _Node]] = [(b, source) for b in blocks]
        cg = self.cg
        while worklist:
            block, node = worklist.pop()
            op = block.first
            while op is not None:
                if op.name == "func.call" and op.registered:
                    callee = op.properties.get("callee")
                    if not (isinstance(callee, SymbolRefAttr) and callee.nested):
                        target = cg.resolve(op)
                        if not target.is_external:
                            out.append(_Resolved(op, node, target))
                elif op.regions:
                    for region in op.regions:
                        nested_node = cg.lookup(region)
                        if nested or nested_node is None:
                            inner = nested_node if nested_node is not None else node
                            worklist.extend((b, inner) for b in region.blocks)
                op = op.next
        return out

    def inline_calls_in_scc(self, scc: list[_Node]) -> bool:
        uses = self.uses
        dead_nodes: dict[_Node, None] = {}
        calls: list[_Resolved] = []
        for node in scc:
            if node.is_external:
                continue
            if uses.is_dead(node):
                dead_nodes[node] = None
            else:
                assert node.region is not None
                calls.extend(self.collect_calls(list(node.region.blocks), node, False))
        history: list[tuple[_Node, int | None]] = []
        legal_bodies: dict[Region, bool] = {}
        call_history: list[int | None] = [None] * len(calls)
        inlined_any = False
        i = 0
        while i < len(calls):
            resolved = calls[i]
            history_id = call_history[i]
            i += 1
            if resolved.source in dead_nodes:
                continue
            if _history_includes(resolved.target, history_id, history):
                continue
            if not self.should_inline(resolved):
                continue
            target_region = resolved.target.region
            assert target_region is not None
            legal = legal_bodies.get(target_region)
            if legal is None:
                legal = legal_bodies[target_region] = _legal_ops(target_region)
            if not legal:
                continue
            in_place = uses.has_one_use_and_discardable(resolved.target)
            call = resolved.call
            new_calls = inline_call(
                call, resolved.target.callable_op, clone=not in_place, check_ops=False
            )
            if new_calls is None:
                continue
            # The caller's body changed: its legality as a callee must be recomputed.
            if resolved.source.region is not None:
                legal_bodies.pop(resolved.source.region, None)
            inlined_any = True
            new_id = len(history)
            history.append((resolved.target, history_id))
            for new_call in new_calls:
                target = self.cg.resolve(new_call)
                callee = new_call.properties.get("callee")
                if target.is_external or (isinstance(callee, SymbolRefAttr) and callee.nested):
                    continue
                calls.append(_Resolved(new_call, resolved.source, target))
                call_history.append(new_id)
            uses.drop_call_uses(resolved.source, call)
            uses.merge_uses_after_inlining(resolved.target, resolved.source)
            call.erase()
            if in_place:
                uses.erase_node(resolved.target)
                dead_nodes[resolved.target] = None
        for node in dead_nodes:
            if node in scc:
                scc.remove(node)
            self.dead[node] = None
        return inlined_any

    def should_inline(self, resolved: _Resolved) -> bool:
        call, source, target = resolved.call, resolved.source, resolved.target
        if IsTerminator in type(call).TRAIT_SET:  # type: ignore[attr-defined]
            return False
        for _, edge_target in target.edges:
            if edge_target is target or edge_target is source:
                return False
        region = target.region
        assert region is not None
        r: Region | None = call.parent.parent if call.parent is not None else None
        while r is not None:
            if r is region:
                return False
            parent = r.parent
            r = parent.parent.parent if parent is not None and parent.parent is not None else None
        if len(region.blocks) > 1:
            caller_op = call.parent_op
            if caller_op is None:
                return False
            same = caller_op.name == target.callable_op.name
            traits = type(caller_op).TRAIT_SET  # type: ignore[attr-defined]
            single_block = not caller_op.registered or SingleBlock in traits
            if not same and single_block:
                return False
        return self.is_profitable(resolved)

    def is_profitable(self, resolved: _Resolved) -> bool:
        threshold = self.threshold
        if threshold == 0:
            return False
        if threshold == _UINT_MAX:
            return True
        caller_region = resolved.source.region
        callee_region = resolved.target.region
        assert caller_region is not None and callee_region is not None
        caller_ops = _count_ops(caller_region)
        if caller_ops == 0:
            return True
        return _count_ops(callee_region) * 100 // caller_ops <= threshold


def _history_includes(
    node: _Node, history_id: int | None, history: list[tuple[_Node, int | None]]
) -> bool:
    while history_id is not None:
        entry_node, parent = history[history_id]
        if entry_node is node:
            return True
        history_id = parent
    return False
