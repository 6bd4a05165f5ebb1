"""SSA value and block name scopes, as MLIR's parser keeps them.

What lives here: `SSAScopes` (one table of names for the file; each region pushes a scope whose
definitions are forgotten when it closes, so names are visible in nested regions and reusable in
sibling regions; uses before the definition create `ForwardRef` placeholders that the definition
replaces, anywhere later in the file), and `RegionContext` (the region being filled: its blocks by
label, forward-referenced blocks, the current block, the default dialect for bare op names).
Like MLIR's parser, no op opens an *isolated* name scope: `func.func` bodies see outer names (the
verifier rejects such uses) and cannot redefine them.
What does not: building ops (``builder.py``) and turning offsets into locations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from llh_opt.ir.core import Block, Region, Value
from llh_opt.parser.errors import ParseError, ParseErrors

if TYPE_CHECKING:
    from collections.abc import Sequence

    from llh_opt.ir.types import Type


class ForwardRef(Value):
    """A placeholder for a value used before its definition."""

    __slots__ = ("name", "number", "offset")

    def __init__(self, type: Type, name: str, number: int, offset: int) -> None:
        self.type = type
        self._first_use = self._last_use = None
        self.name = name
        self.number = number
        self.offset = offset


class SSAScopes:
    """Name → values (one per result number), with per-region definition lists.

    A name's entry is the defining op's results tuple (or a slice of it) until a forward
    reference needs to change it; it is then copied into a list."""

    __slots__ = ("def_pos", "forward", "scope_defs", "values")

    def __init__(self) -> None:
        self.values: dict[str, list[Value | None] | tuple[Value, ...]] = {}
        self.def_pos: dict[str, int] = {}
        self.scope_defs: list[list[str]] = [[]]
        self.forward: dict[ForwardRef, int] = {}

    def push(self) -> None:
        self.scope_defs.append([])

    def pop(self) -> None:
        values = self.values
        def_pos = self.def_pos
        for name in self.scope_defs.pop():
            values.pop(name, None)
            def_pos.pop(name, None)

    def resolve(self, name: str, number: int, type: Type, offset: int) -> Value:
        """The value `%name#number` of `type` (a placeholder if not defined yet)."""
        entries = self.values.get(name)
        if entries is not None and number < len(entries):
            v = entries[number]
            if v is not None:
                if v.type is not type:
                    self._mismatch(name, number, type, v, offset)
                return v
        ref = ForwardRef(type, name, number, offset)
        if entries is None:
            entries = self.values[name] = []
        elif entries.__class__ is not list:
            entries = self.values[name] = list(entries)
        if number >= len(entries):
            entries.extend([None] * (number + 1 - len(entries)))
        entries[number] = ref
        self.forward[ref] = offset
        return ref

    def _mismatch(self, name: str, number: int, type: Type, v: Value, offset: int) -> None:
        prior = v.offset if isinstance(v, ForwardRef) else self.def_pos.get(name, offset)
        raise ParseError(
            f"use of value '%{name}' expects different type than prior uses: '{type}' vs "
            f"'{v.type}'",
            offset,
            [("prior use here", prior)],
        )

    def reference_offset(self, name: str) -> int | None:
        """Where `%name` was defined or first used, if it is known in the visible scopes."""
        entries = self.values.get(name)
        if not entries:
            return None
        for v in entries:
            if isinstance(v, ForwardRef):
                return v.offset
        return self.def_pos.get(name)

    def define(self, name: str, values: Sequence[Value], offset: int) -> None:
        """Define `%name` (a group of `len(values)` results) at `offset`."""
        entries = self.values.get(name)
        if entries is None:
            self.values[name] = values
            self.def_pos[name] = offset
            self.scope_defs[-1].append(name)
            return
        if entries.__class__ is not list:
            entries = self.values[name] = list(entries)
        for i, new in enumerate(values):
            if i >= len(entries):
                entries.append(new)
                continue
            old = entries[i]
            if old is not None:
                if not isinstance(old, ForwardRef):
                    raise ParseError(
                        f"redefinition of SSA value '%{name}'",
                        offset,
                        [("previously defined here", self.def_pos.get(name, offset))],
                    )
                if old.type is not new.type:
                    raise ParseError(
                        f"definition of SSA value '%{name}#{i}' has type '{new.type}'",
                        offset,
                        [(f"previously used here with type '{old.type}'", old.offset)],
                    )
                old.replace_all_uses_with(new)
                del self.forward[old]
            entries[i] = new
        self.def_pos[name] = offset
        self.scope_defs[-1].append(name)

    def check_all_defined(self) -> None:
        if self.forward:
            raise ParseErrors(
                [
                    ParseError("use of undeclared SSA value name", off)
                    for off in sorted(self.forward.values())
                ]
            )


class RegionContext:
    """The region being parsed: blocks by label, forward block references, the current block."""

    __slots__ = (
        "block",
        "block_pos",
        "blocks",
        "dialect",
        "forward_blocks",
        "named_entry",
        "region",
    )

    def __init__(self, region: Region, dialect: str) -> None:
        self.region = region
        self.block: Block | None = None
        self.blocks: dict[str, Block] = {}
        self.block_pos: dict[str, int] = {}
        self.forward_blocks: dict[Block, int] = {}
        self.dialect = dialect
        self.named_entry = False

    def current_block(self) -> Block:
        b = self.block
        if b is None:
            b = self.block = Block()
            self.region.add_block(b)
        return b

    def reference(self, name: str, offset: int) -> Block:
        """The block `^name` used as a successor (created if not defined yet)."""
        b = self.blocks.get(name)
        if b is None:
            b = self.blocks[name] = Block()
            self.forward_blocks[b] = offset
        return b

    def define_block(self, name: str, offset: int) -> Block:
        if (
            self.named_entry
            and self.block is not None
            and not self.region.blocks[1:]
            and (self.block is self.region.blocks[0] and self.block.first is None)
        ):
            raise ParseError("invalid block name in region with named arguments", offset)
        b = self.blocks.get(name)
        if b is None:
            b = self.blocks[name] = Block()
        elif b in self.forward_blocks:
            del self.forward_blocks[b]
        else:
            raise ParseError(f"redefinition of block '^{name}'", offset)
        self.block_pos[name] = offset
        self.region.add_block(b)
        self.block = b
        return b

    def close(self) -> None:
        if self.forward_blocks:
            raise ParseError("reference to an undefined block", min(self.forward_blocks.values()))
