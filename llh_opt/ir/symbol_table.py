"""Symbol tables: MLIR's ``SymbolTable`` / ``SymbolTableCollection`` lookups over the IR.

What lives here: whether an op is a symbol table (`is_symbol_table`), the nearest enclosing one
(`nearest_symbol_table`), a symbol's visibility (`symbol_visibility`), cached name → op tables
with MLIR's lookup rules for nested references (`SymbolTableCollection`), and the walk that finds
the ops whose `verify_symbol_uses(tables)` hook the verifier runs (`symbol_user_classes`,
`walk_symbol_table`).

What does not: verifying a symbol table (one region, one block, unique names) and running the
hooks, which is the verifier's job (``verifier.py``); symbol DCE and inlining (``passes/``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from llh_opt.ir.attributes import StringAttr, SymbolRefAttr
from llh_opt.ir.core import OP_CLASSES, Operation, Region
from llh_opt.ir.opdef import SymbolTableTrait

__all__ = [
    "SymbolTableCollection",
    "is_symbol_table",
    "nearest_symbol_table",
    "symbol_user_classes",
    "symbol_visibility",
    "walk_symbol_table",
]


def is_symbol_table(op: Operation) -> bool:
    """Whether `op`'s class has the `SymbolTable` trait."""
    return SymbolTableTrait in type(op).TRAIT_SET  # type: ignore[attr-defined]


def _attr(op: Operation, name: str) -> Any:
    """An inherent or discardable attribute (MLIR's `getAttr`)."""
    return op.get_attr(name)


_symbol_users_size = -1
_symbol_users: frozenset[type] = frozenset()


def symbol_user_classes() -> frozenset[type]:
    """The registered op classes with a `verify_symbol_uses(tables)` hook."""
    global _symbol_users_size, _symbol_users
    if len(OP_CLASSES) != _symbol_users_size:
        _symbol_users_size = len(OP_CLASSES)
        _symbol_users = frozenset(
            c for c in OP_CLASSES.values() if hasattr(c, "verify_symbol_uses")
        )
    return _symbol_users


def walk_symbol_table(regions: Sequence[Region], types: frozenset[type]) -> list[Operation]:
    """Ops of the given classes nested in `regions`, in MLIR's `walkSymbolTable` order, not
    looking inside nested symbol tables."""
    found: list[Operation] = []
    stack = list(regions)
    while stack:
        region = stack.pop()
        for block in region.blocks:
            op = block.first
            while op is not None:
                if type(op) in types:
                    found.append(op)
                if op.regions and not is_symbol_table(op):
                    stack.extend(op.regions)
                op = op.next
    return found


class SymbolTableCollection:
    """Cached symbol lookups (MLIR's `SymbolTableCollection`), handed to `verify_symbol_uses`
    hooks and used by passes. A table maps `sym_name` strings to the ops of a symbol-table op's
    single block; lookups follow MLIR's rules (nested references may not name private symbols)."""

    __slots__ = ("_tables",)

    def __init__(self) -> None:
        self._tables: dict[Operation, dict[str, Operation]] = {}

    def table(self, table_op: Operation) -> dict[str, Operation]:
        table = self._tables.get(table_op)
        if table is None:
            table = {}
            if table_op.regions and table_op.regions[0].blocks:
                op = table_op.regions[0].blocks[0].first
                while op is not None:
                    name = _attr(op, "sym_name")
                    if isinstance(name, StringAttr):
                        table.setdefault(name.value, op)
                    op = op.next
            self._tables[table_op] = table
        return table

    def invalidate(self, table_op: Operation) -> None:
        self._tables.pop(table_op, None)

    def lookup_symbol_in(
        self, table_op: Operation, symbol: str | SymbolRefAttr
    ) -> Operation | None:
        if isinstance(symbol, str):
            return self.table(table_op).get(symbol)
        path = self.resolve(table_op, symbol)
        return path[-1] if path else None

    def resolve(self, table_op: Operation, ref: SymbolRefAttr) -> list[Operation] | None:
        """Every op along `@a::@b::@c` (MLIR's `lookupSymbolIn` with a result vector), or None."""
        op = self.table(table_op).get(ref.root)
        if op is None:
            return None
        path = [op]
        for name in ref.nested:
            if not is_symbol_table(op):
                return None
            op = self.table(op).get(name)
            if op is None or symbol_visibility(op) == "private":
                return None
            path.append(op)
        return path

    def lookup_nearest_symbol_from(
        self, op: Operation, ref: str | SymbolRefAttr
    ) -> Operation | None:
        table_op = nearest_symbol_table(op)
        return self.lookup_symbol_in(table_op, ref) if table_op is not None else None


def nearest_symbol_table(op: Operation) -> Operation | None:
    """`op` itself if it is a symbol table, else its closest symbol-table ancestor."""
    current: Operation | None = op
    while current is not None:
        if is_symbol_table(current):
            return current
        current = current.parent_op
    return None


def symbol_visibility(op: Operation) -> str:
    """'public', 'private' or 'nested' from the `sym_visibility` attribute."""
    vis = _attr(op, "sym_visibility")
    if isinstance(vis, StringAttr) and vis.value in ("private", "nested"):
        return vis.value
    return "public"
