"""`symbol-dce`: delete private (or hidden) symbols that nothing references, as MLIR's SymbolDCE
(``mlir/lib/Transforms/SymbolDCE.cpp``) does, including nested symbol tables.

Deviation, on purpose: symbol references are also looked for in the *types* of op results and
block arguments (LLH tensor encodings name `@s0` dimension symbols there); MLIR only scans
attributes. Symbol lookup rules live in ``ir/symbol_table.py`` (`SymbolTableCollection`).
"""

from __future__ import annotations

from typing import Any

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.ir.attributes import StringAttr, SymbolRefAttr
from llh_opt.ir.core import Operation
from llh_opt.ir.opdef import SymbolTrait
from llh_opt.ir.symbol_table import SymbolTableCollection, is_symbol_table, symbol_visibility
from llh_opt.ir.verifier import is_dialect_loaded, op_error
from llh_opt.passes.pass_manager import PassContext
from llh_opt.passes.registry import Pass, register_pass

__all__ = ["SymbolDCEPass", "is_symbol", "symbol_uses"]


def is_symbol(op: Operation) -> bool:
    """MLIR's `isa<SymbolOpInterface>`: a registered op with the Symbol trait, or one that
    declares an optional `sym_name` property and has it (builtin.module)."""
    cls = type(op)
    if not cls.registered:
        return False
    if SymbolTrait in cls.TRAIT_SET:  # type: ignore[attr-defined]
        return True
    return "sym_name" in cls.PROPERTY_NAMES and isinstance(  # type: ignore[attr-defined]
        op.properties.get("sym_name"), StringAttr
    )


def _can_discard_on_use_empty(op: Operation) -> bool:
    """An op's `can_discard_on_use_empty()` hook, else MLIR's default: any non-public symbol."""
    hook = getattr(op, "can_discard_on_use_empty", None)
    if hook is not None:
        return bool(hook())
    return symbol_visibility(op) != "public"


def _potentially_unknown_symbol_table(op: Operation) -> bool:
    """An op of an unloaded dialect with one region might define a symbol table."""
    if op.registered or len(op.regions) != 1:
        return False
    name = op.name
    return not is_dialect_loaded(name.split(".", 1)[0] if "." in name else "")


def _refs(obj: Any, cache: dict[Any, tuple[SymbolRefAttr, ...]]) -> tuple[SymbolRefAttr, ...]:
    """Symbol references inside an attribute or type (not inside other references)."""
    found = cache.get(obj)
    if found is None:
        if isinstance(obj, SymbolRefAttr):
            found = (obj,)
        else:
            kids = obj.children()
            found = tuple(r for k in kids if k is not None for r in _refs(k, cache)) if kids else ()
        cache[obj] = found
    return found


def _op_refs(op: Operation, cache: dict[Any, tuple[SymbolRefAttr, ...]], out: list[Any]) -> None:
    for a in op.properties.values():
        out.extend(_refs(a, cache))
    for a in op.attributes.values():
        out.extend(_refs(a, cache))
    for r in op.results:
        if r.type.may_alias or r.type.children():
            out.extend(_refs(r.type, cache))


def symbol_uses(
    op: Operation, cache: dict[Any, tuple[SymbolRefAttr, ...]] | None = None
) -> list[SymbolRefAttr] | None:
    """References held by `op` and the ops nested in it, not looking inside nested symbol tables
    (MLIR's `SymbolTable::getSymbolUses(Operation*)`); None when an unknown op might hide a
    symbol table."""
    if cache is None:
        cache = {}
    if _potentially_unknown_symbol_table(op):
        return None
    out: list[Any] = []
    _op_refs(op, cache, out)
    if is_symbol_table(op):
        return out
    stack = list(reversed(op.regions))
    while stack:
        region = stack.pop()
        for block in region.blocks:
            for arg in block.args:
                if arg.type.children():
                    out.extend(_refs(arg.type, cache))
            nested = block.first
            while nested is not None:
                if _potentially_unknown_symbol_table(nested):
                    return None
                _op_refs(nested, cache, out)
                if nested.regions and not is_symbol_table(nested):
                    stack.extend(reversed(nested.regions))
                nested = nested.next
    return out


@register_pass
class SymbolDCEPass(Pass):
    NAME = "symbol-dce"
    SUMMARY = "Eliminate dead symbols"
    DESCRIPTION = (
        "Deletes symbols that are private (or in a symbol table not visible from outside) and "
        "not referenced by live operations; public symbols and non-symbol operations are live."
    )
    ANCHOR = "any"
    STATISTICS = {"num-dce'd": "Number of symbols DCE'd"}  # noqa: RUF012 - MLIR's Statistic

    __slots__ = ()

    def run(self, op: Operation, ctx: PassContext) -> None:
        if not is_symbol_table(op):
            raise op_error(
                op, " was scheduled to run under SymbolDCE, but does not define a symbol table"
            )
        hidden = True
        if op.parent_op is not None and is_symbol(op):
            hidden = symbol_visibility(op) == "private"
        live: set[Operation] = set()
        tables = SymbolTableCollection()
        _compute_liveness(op, tables, hidden, live, {})
        for table in _nested_symbol_tables(op):
            for block in table.regions[0].blocks:
                for child in list(block.ops):
                    if child not in live and is_symbol(child):
                        child.erase()
                        self.bump("num-dce'd")


def _compute_liveness(
    table_op: Operation,
    tables: SymbolTableCollection,
    hidden: bool,
    live: set[Operation],
    cache: dict[Any, tuple[SymbolRefAttr, ...]],
) -> None:
    worklist: list[Operation] = []
    for block in table_op.regions[0].blocks:
        for child in block.ops:
            if not is_symbol(child):
                worklist.append(child)
                continue
            discardable = (hidden or symbol_visibility(child) == "private") and (
                _can_discard_on_use_empty(child)
            )
            if not discardable and child not in live:
                live.add(child)
                worklist.append(child)
    while worklist:
        op = worklist.pop()
        if is_symbol_table(op):
            nested_hidden = hidden or not is_symbol(op) or symbol_visibility(op) == "private"
            _compute_liveness(op, tables, nested_hidden, live, cache)
        else:
            for region in op.regions:
                for block in region.blocks:
                    for nested in block.ops:
                        if nested.regions:
                            worklist.append(nested)
        parent = op.parent_op
        if parent is None or not is_symbol_table(parent):
            continue
        uses = symbol_uses(op, cache)
        if uses is None:
            loc = op.location.file_loc() if op.location is not None else None
            err = DiagnosticError(
                Diagnostic(
                    Severity.ERROR,
                    "operation contains potentially unknown symbol table, meaning that we "
                    "can't reliable compute symbol uses",
                    loc,
                )
            )
            err.op = op  # type: ignore[attr-defined]
            raise err
        for ref in uses:
            resolved = tables.resolve(parent, ref)
            if resolved is None:
                continue
            for symbol in resolved:
                if symbol not in live:
                    live.add(symbol)
                    worklist.append(symbol)


def _nested_symbol_tables(root: Operation) -> list[Operation]:
    """Symbol-table ops under (and including) `root`, innermost first (post-order)."""
    out: list[Operation] = []
    stack: list[tuple[Operation, bool]] = [(root, False)]
    while stack:
        op, done = stack.pop()
        if done:
            if is_symbol_table(op) and op.regions:
                out.append(op)
            continue
        stack.append((op, True))
        for region in reversed(op.regions):
            for block in reversed(region.blocks):
                child = block.last
                while child is not None:
                    if child.regions:
                        stack.append((child, False))
                    child = child.prev
    return out
