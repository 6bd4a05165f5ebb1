"""MLIR-exact printing of the IR: value/block naming, attribute and location aliases, the generic
form of every op, and the `Printer` that registered ops use for their custom forms.

What does not live here: the custom forms themselves (each op's `print_custom` method in
``dialects/``), the spelling of types and attributes (``ir/types.py``, ``ir/attributes.py``).

The naming, uniquing and alias rules below reproduce ``mlir/lib/IR/AsmPrinter.cpp`` as observed
with ``torch-mlir-opt`` (LLVM 24):

* Values are numbered per region (``SSANameState``): a region's own block arguments and results
  first, then the regions nested in its ops, from a stack (the last nested region first).  In the
  default form every nested region starts from the counters its parent region ended with (so
  sibling regions reuse numbers); with ``generic=True`` (MLIR's unique-SSA-ids mode) counters are
  never restored and the stack order shows.  Entry-block arguments are ``%argN`` from their own
  counter; other block arguments take value numbers.  Blocks are ``^bbN`` per region.
* Result names from ops (``result_names``, MLIR's ``getAsmResultNames``; custom form only) are
  uniqued against the names of the enclosing regions: a clash becomes ``name_K`` where K comes
  from one conflict counter that is saved/restored like the value counters.
* Aliases: every attribute/type/location that would be printed is visited in the order MLIR's
  ``DummyAliasOperationPrinter`` visits it (generic ops: regions, operand types, result types,
  then the sorted attributes -- properties included only for registered ops; custom ops: in
  printing order, except region-argument attributes).  Aliased entries are sorted by
  (nesting depth, types first, name), stable, and numbered per name (``#map``, ``#map1``);
  aliases that only ops' locations use are deferred to after the op.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from llh_opt.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    Attribute,
    CallSiteLoc,
    DenseArrayAttr,
    DictionaryAttr,
    FileLineColLoc,
    FloatAttr,
    FusedLoc,
    IntegerAttr,
    LocationAttr,
    NameLoc,
    StringAttr,
    TypeAttr,
    UnitAttr,
    UnknownLoc,
    format_key,
    format_symbol_name,
)
from llh_opt.ir.core import ExplicitProperties
from llh_opt.ir.literals import escape_string, format_float_bits
from llh_opt.ir.opdef import IsolatedFromAbove, IsTerminator
from llh_opt.ir.types import FunctionType, MemRefType, NoneType, Type, format_result_types

if TYPE_CHECKING:
    from llh_opt.ir.core import Block, BlockArgument, Operation, Region, Value

__all__ = ["Printer", "print_operation", "sanitize_identifier", "write_operation"]

UNKNOWN_VALUE = "<<UNKNOWN SSA VALUE>>"
_UNIT = UnitAttr()
_INDENT = "  "


# --------------------------------------------------------------------------- entry point


def print_operation(
    op: Operation,
    *,
    generic: bool = False,
    debuginfo: bool = False,
    local_scope: bool = False,
    elide_limit: int | None = None,
    skip_regions: bool = False,
    unique_ids: bool = False,
    value_users: bool = False,
) -> str:
    """The text of `op` as ``mlir-opt`` prints it: alias definitions, the op, deferred (location)
    aliases; ends in a newline.  Registered ops with a custom form print it unless `generic`.

    Values are numbered from `op` itself (values defined outside print as
    `<<UNKNOWN SSA VALUE>>`).  `local_scope` is MLIR's `--mlir-print-local-scope`, as used for
    the "see current operation" note of verifier errors: numbering starts at the nearest
    IsolatedFromAbove ancestor (or `op`) and no aliases are used.

    The other keywords are mlir-opt's printing flags: `elide_limit` (`--mlir-elide-elementsattrs-
    if-larger`: dense elements attributes with more elements print as
    `dense_resource<__elided__>`), `skip_regions` (regions print as `{...}`), `unique_ids`
    (`--mlir-print-unique-ssa-ids`: no number is reused across sibling regions) and
    `value_users` (`--mlir-print-value-users`: `// users: %1, %2` comments)."""
    flags = (generic, debuginfo, local_scope, skip_regions, unique_ids, value_users)
    if elide_limit is not None:
        from llh_opt.ir.attributes import eliding_elements

        with eliding_elements(elide_limit):
            return _print(op, None, None, *flags)  # type: ignore[return-value]
    return _print(op, None, None, *flags)  # type: ignore[return-value]


def write_operation(
    op: Operation,
    write: Callable[[str], Any],
    restart: Callable[[], Any] | None = None,
    *,
    generic: bool = False,
    debuginfo: bool = False,
    local_scope: bool = False,
    elide_limit: int | None = None,
    skip_regions: bool = False,
    unique_ids: bool = False,
    value_users: bool = False,
) -> None:
    """`print_operation`'s text, streamed: handed to `write` in pieces of about
    `FLUSH_PIECES` printed fragments, so printing never holds the whole text (nor the list of
    its fragments) in memory.  The pieces concatenate to exactly `print_operation`'s string.

    `restart()` must discard everything written so far: printing starts over when a module
    turns out to need aliases (known only once an aliasable attribute is reached). Without it,
    the pieces of that first attempt are kept (joined) until it ends, then written."""
    flags = (generic, debuginfo, local_scope, skip_regions, unique_ids, value_users)
    if elide_limit is not None:
        from llh_opt.ir.attributes import eliding_elements

        with eliding_elements(elide_limit):
            _print(op, write, restart, *flags)
        return
    _print(op, write, restart, *flags)


FLUSH_PIECES = 4096
"""How many printed fragments `write_operation` gathers before joining and writing them."""


def _print(
    op: Operation,
    write: Callable[[str], Any] | None,
    restart: Callable[[], Any] | None,
    generic: bool,
    debuginfo: bool,
    local_scope: bool,
    skip_regions: bool,
    unique_ids: bool,
    value_users: bool,
) -> str | None:
    """`print_operation` (`write` None: the text is returned) or `write_operation`."""
    unique = generic or unique_ids
    if local_scope:
        root = op
        while not _is_isolated(root) and root.parent_op is not None:
            root = root.parent_op
        names = _Names(root, generic, unique, value_users)
        p = Printer(names, generic, debuginfo, None, None)
        p._set_flags(skip_regions, value_users)
        return p._emit(op, write, "\n")
    names = _Names(op, generic, unique, value_users)
    if not debuginfo:
        # Fast path: print once with a probe alias map; the first aliasable attribute that is
        # actually printed aborts it (most modules have none).
        held: list[str] | None = None
        try:
            p = Printer(names, generic, False, _AliasProbe(), None)
            p._set_flags(skip_regions, value_users)
            if write is None or restart is not None:
                return p._emit(op, write, "\n")
            held = []
            p._emit(op, held.append, "\n")
            for piece in held:
                write(piece)
            return None
        except _NeedAliases:
            if restart is not None:
                restart()
    collector = _AliasCollector(names, generic, debuginfo)
    aliases, top, deferred = collector.collect(op)
    if not aliases:
        p = Printer(names, generic, debuginfo, None, None)
        p._set_flags(skip_regions, value_users)
        return p._emit(op, write, "\n")
    p = Printer(names, generic, debuginfo, aliases, aliases)
    p._set_flags(skip_regions, value_users)
    head = "".join([f"{aliases[obj]} = {p._alias_definition(obj)}\n" for obj in top])
    if write is not None:
        write(head)
    text = p._emit(op, write, "\n")
    tail = "".join([f"{aliases[obj]} = {p._alias_definition(obj)}\n" for obj in deferred])
    if text is None:
        write(tail)  # type: ignore[misc]
        return None
    return head + text + tail


class _NeedAliases(Exception):
    pass


class _AliasProbe(dict):  # type: ignore[type-arg]
    """An empty alias map that aborts printing on the first lookup (an aliasable attribute)."""

    def get(self, key: Any, default: Any = None) -> Any:
        raise _NeedAliases

    def __getitem__(self, key: Any) -> Any:
        raise _NeedAliases

    def __contains__(self, key: object) -> bool:
        raise _NeedAliases


# --------------------------------------------------------------------------- value naming


_PLAIN_NAME = re.compile(r"[A-Za-z_$.\-][A-Za-z0-9_$.\-]*\Z")


def print_cast_form(p: Any, op: Operation, source: Value) -> None:
    """The custom form of a one-operand conversion, ` %src {attrs} : T to U` (`tensor.cast`,
    `memref.cast`, `vector.broadcast`), through either printer's API."""
    p.write(" ")
    p.print_operand(source)
    p.print_optional_attr_dict(p.op_attributes(op))
    p.write(" : ")
    p.print_type(source.type)
    p.write(" to ")
    p.print_type(op.results[0].type)


def sanitize_identifier(name: str, allowed: str = "$._-", allow_trailing_digit: bool = True) -> str:
    """MLIR's `sanitizeIdentifier`: a name usable after `%` (or as an alias)."""
    if allowed == "$._-" and allow_trailing_digit and _PLAIN_NAME.match(name):
        return name
    ok = all(c.isascii() and (c.isalnum() or c in allowed) for c in name)
    if ok and not name[:1].isdigit() and (allow_trailing_digit or not name[-1:].isdigit()):
        return name
    buf = []
    for c in name:
        if c.isascii() and (c.isalnum() or c in allowed):
            buf.append(c)
        elif c == " ":
            buf.append("_")
        else:
            buf.append("".join(f"{b:X}" for b in c.encode("utf-8")))
    out = "".join(buf)
    if name[:1].isdigit():
        return "_" + out
    if not allow_trailing_digit and name[-1:].isdigit():
        return out + "_"
    return out


class _Names:
    """SSA value and block names for one print (MLIR's `SSANameState`)."""

    __slots__ = (
        "_generic",
        "_na",
        "_nc",
        "_nv",
        "_unique_ids",
        "_used",
        "blocks",
        "defs",
        "op_ids",
        "values",
    )

    def __init__(
        self, top: Operation, generic: bool, unique: bool | None = None, op_ids: bool = False
    ) -> None:
        self.values: dict[Value, str] = {}  # value -> its spelling at a use ("%0", "%0#1")
        self.blocks: dict[Block, str] = {}
        self.defs: dict[Operation, str] = {}  # multi-result ops: "%0:2" or "%a, %b:2"
        # --mlir-print-value-users: result-less ops get an id from the value counter.
        self.op_ids: dict[Operation, str] | None = {} if op_ids else None
        self._used: set[str] = set()
        self._nv = self._na = self._nc = 0
        self._generic = generic
        unique = generic if unique is None else unique
        self._unique_ids = unique
        top_scope: list[str] = []
        scopes = [top_scope]
        stack = [(r, 0, 0, 0, top_scope) for r in top.regions]
        self._number_op(top)
        if self.op_ids is not None and not top.results:
            # Numbered after the regions' contexts were taken: only unique-id mode sees it.
            self.op_ids[top] = f"%{self._nv}"
            self._nv += 1
        used = self._used
        while stack:
            region, nv, na, nc, parent_scope = stack.pop()
            if not unique:
                self._nv, self._na, self._nc = nv, na, nc
                while scopes[-1] is not parent_scope:
                    for n in scopes.pop():
                        used.discard(n)
            scope: list[str] = []
            scopes.append(scope)
            self._number_region(region, scope)
            for block in region.blocks:
                op = block.first
                while op is not None:
                    if op.regions:
                        for r in op.regions:
                            stack.append((r, self._nv, self._na, self._nc, scope))
                    op = op.next

    def _unique(self, name: str, scope: list[str]) -> str:
        name = sanitize_identifier(name)
        used = self._used
        if name in used:
            base = name + "_"
            while True:
                probe = base + str(self._nc)
                self._nc += 1
                if probe not in used:
                    name = probe
                    break
        used.add(name)
        scope.append(name)
        return name

    def _number_region(self, region: Region, scope: list[str]) -> None:
        # Hot path (guarded by the 100k-op benchmark in test_printer.py): single results
        # without a name hint are numbered inline.
        values = self.values
        blocks = self.blocks
        number_op = self._number_op
        hinted = _HINTED
        generic = self._generic
        op_ids = self.op_ids
        for i, block in enumerate(region.blocks):
            blocks[block] = f"^bb{i}"
            if block.args:
                if i == 0:
                    for a in block.args:
                        values[a] = "%" + self._unique(f"arg{self._na}", scope)
                        self._na += 1
                else:
                    for a in block.args:
                        values[a] = f"%{self._nv}"
                        self._nv += 1
            op = block.first
            nv = self._nv
            while op is not None:
                results = op.results
                if results:
                    if len(results) == 1:
                        if generic:
                            values[results[0]] = f"%{nv}"
                            nv += 1
                            op = op.next
                            continue
                        h = hinted.get(op.__class__)
                        if h is None:
                            h = hinted[op.__class__] = hasattr(op.__class__, "result_names")
                        if not h:
                            values[results[0]] = f"%{nv}"
                            nv += 1
                            op = op.next
                            continue
                    self._nv = nv
                    number_op(op, scope)
                    nv = self._nv
                elif op_ids is not None:
                    op_ids[op] = f"%{nv}"
                    nv += 1
                op = op.next
            self._nv = nv

    def _number_op(self, op: Operation, scope: list[str] | None = None) -> None:
        results = op.results
        if not results:
            return
        values = self.values
        starts: list[int] = []
        if not self._generic and scope is not None:
            hook = getattr(op, "result_names", None)
            if hook is not None:
                for i, hint in enumerate(hook()):
                    if hint is None:
                        continue
                    if hint:
                        values[results[i]] = "%" + self._unique(hint, scope)
                    else:
                        values[results[i]] = f"%{self._nv}"
                        self._nv += 1
                    if i:
                        starts.append(i)
        r0 = results[0]
        if r0 not in values:
            values[r0] = f"%{self._nv}"
            self._nv += 1
        n = len(results)
        if n == 1:
            return
        groups = [0, *sorted(set(starts))] if starts else [0]
        bounds = [*groups, n]
        defs = []
        for g in range(len(groups)):
            first, end = bounds[g], bounds[g + 1]
            lead = values[results[first]]
            if end - first == 1:
                defs.append(lead)
                continue
            defs.append(f"{lead}:{end - first}")
            for i in range(first, end):
                values[results[i]] = f"{lead}#{i - first}"
        self.defs[op] = ", ".join(defs)


_HINTED: dict[type, bool] = {}


# --------------------------------------------------------------------------- the printer


class Printer:
    """Emits one op tree as text.  Custom printers (`print_custom(self, p)`) get this object; the
    framework has already written `%results = ` and the op name, and writes the trailing location.

    Methods mirror MLIR's `OpAsmPrinter`: `write`, `print_operand(s)`, `print_type(s)`,
    `print_attribute`, `print_attribute_without_type`, `print_optional_attr_dict`,
    `print_optional_attr_dict_with_keyword`, `print_symbol_name`, `print_successor`,
    `print_region`, `print_region_argument`, `print_functional_type`, `print_function_type`;
    `op_attributes(op)` gives the sorted (properties + discardable) list that `attr-dict` prints.
    """

    __slots__ = (
        "_block_names",
        "_dialect",
        "_indent",
        "_names",
        "_out",
        "_sink",
        "_unreg_aliases",
        "_users",
        "_values",
        "aliases",
        "debuginfo",
        "generic",
        "skip_regions",
    )

    def __init__(
        self,
        names: _Names,
        generic: bool,
        debuginfo: bool,
        aliases: dict[Any, str] | None,
        unregistered_aliases: dict[Any, str] | None,
    ) -> None:
        self._out: list[str] = []
        self._sink: Callable[[str], Any] | None = None
        self._indent = ""
        self._names = names
        self._values = names.values
        self._block_names = names.blocks
        self.generic = generic
        self.debuginfo = debuginfo
        self.aliases = aliases
        # Properties of unregistered ops are not walked for aliases but print them when present.
        self._unreg_aliases = unregistered_aliases
        self._dialect = "builtin"
        self.skip_regions = False
        self._users = False

    def _set_flags(self, skip_regions: bool, value_users: bool) -> None:
        self.skip_regions = skip_regions
        self._users = value_users and self._names.op_ids is not None

    def _run(self, op: Operation) -> str:
        self._print_op(op)
        return "".join(self._out)

    def _emit(self, op: Operation, write: Callable[[str], Any] | None, end: str) -> str | None:
        """Print `op` then `end`: the text, or (with `write`) None after streaming it there."""
        if write is None:
            self._print_op(op)
            self._out.append(end)
            return "".join(self._out)
        self._sink = write
        self._print_op(op)
        self._out.append(end)
        write("".join(self._out))
        self._out.clear()
        return None

    # ------------------------------------------------------------------ API for custom printers

    def write(self, text: str) -> None:
        self._out.append(text)

    def print_operand(self, value: Value) -> None:
        self._out.append(self._values.get(value, UNKNOWN_VALUE))

    def print_operands(self, values: Iterable[Value]) -> None:
        get = self._values.get
        self._out.append(", ".join([get(v, UNKNOWN_VALUE) for v in values]))

    def value_name(self, value: Value) -> str:
        return self._values.get(value, UNKNOWN_VALUE)

    def print_type(self, t: Type) -> None:
        self._out.append(t.text(self.aliases))

    def print_types(self, types: Iterable[Type]) -> None:
        aliases = self.aliases
        self._out.append(", ".join([t.text(aliases) for t in types]))

    def print_attribute(self, attr: Attribute) -> None:
        self._out.append(attr.text(self.aliases))

    def print_attribute_without_type(self, attr: Attribute) -> None:
        """An integer/float attribute without its `: type` (`3`, `true`, `1.000000e+00`)."""
        if isinstance(attr, IntegerAttr):
            text = str(attr)
            self._out.append(text if " : " not in text else str(attr.value))
        elif isinstance(attr, FloatAttr):
            self._out.append(format_float_bits(attr.bits, attr.type.name))
        else:
            self._out.append(attr.text(self.aliases))

    def print_symbol_name(self, name: str) -> None:
        self._out.append(format_symbol_name(name))

    def print_successor(self, block: Block) -> None:
        self._out.append(self._block_names.get(block, "<<UNKNOWN BLOCK>>"))

    def op_attributes(
        self, op: Operation, elided: Sequence[str] = ()
    ) -> list[tuple[str, Attribute]]:
        """The attributes `attr-dict` prints: properties and discardable ones, sorted by name,
        without `elided`."""
        items: list[tuple[str, Attribute]]
        if op.properties:
            items = [*op.properties.items(), *op.discardable_items()]
        else:
            items = list(op.discardable_items())
        if elided:
            items = [kv for kv in items if kv[0] not in elided]
        if len(items) > 1:
            items.sort(key=_first)
        return items

    def print_optional_attr_dict(self, items: Iterable[tuple[str, Attribute]]) -> None:
        """` {a = 1 : i64, b}` when `items` (sorted name/value pairs) is not empty."""
        text = _named_attributes(items, self.aliases)
        if text:
            self._out.append(" {" + text + "}")

    def print_optional_attr_dict_with_keyword(self, items: Iterable[tuple[str, Attribute]]) -> None:
        text = _named_attributes(items, self.aliases)
        if text:
            self._out.append(" attributes {" + text + "}")

    def print_function_type(self, inputs: Sequence[Type], results: Sequence[Type]) -> None:
        """`(i32, f32) -> i64`; results parenthesized unless a single non-function type."""
        aliases = self.aliases
        self._out.append(
            "("
            + ", ".join([t.text(aliases) for t in inputs])
            + ") -> "
            + format_result_types(tuple(results), aliases)
        )

    def print_functional_type(self, op: Operation) -> None:
        """The op's operand types to its result types (`functional-type(operands, results)`)."""
        self.print_function_type(op.operand_types, op.result_types)

    def print_region_argument(
        self, arg: BlockArgument, attrs: Iterable[tuple[str, Attribute]] = ()
    ) -> None:
        """`%arg0: i32 {attrs} loc(...)` as in a function signature."""
        out = self._out
        out.append(self._values.get(arg, UNKNOWN_VALUE))
        out.append(": ")
        out.append(arg.type.text(self.aliases))
        text = _named_attributes(attrs, self.aliases)
        if text:
            out.append(" {" + text + "}")
        if self.debuginfo:
            out.append(" " + self._location(arg.location, False))

    def print_region(
        self,
        region: Region,
        print_entry_block_args: bool = True,
        print_block_terminators: bool = True,
        print_empty_block: bool = False,
    ) -> None:
        out = self._out
        if self.skip_regions:
            out.append("{...}")
            return
        out.append("{\n")
        blocks = region.blocks
        if blocks:
            saved = self._dialect
            owner = region.parent
            self._dialect = getattr(owner, "DEFAULT_DIALECT", "") if owner is not None else ""
            preds = _predecessors(region) if len(blocks) > 1 else None
            entry = blocks[0]
            header = (print_empty_block and entry.first is None) or (
                print_entry_block_args and bool(entry.args)
            )
            self._print_block(entry, header, print_block_terminators, preds)
            for b in blocks[1:]:
                self._print_block(b, True, True, preds)
            self._dialect = saved
        out.append(self._indent + "}")

    # ------------------------------------------------------------------ ops and blocks

    def _print_op(self, op: Operation) -> None:
        # Hot path, guarded by test_printer.py::test_large_module_speed.
        out = self._out
        results = op.results
        if results:
            if len(results) == 1:
                out.append(self._indent + self._values[results[0]] + " = ")
            else:
                out.append(self._indent + self._names.defs[op] + " = ")
        else:
            out.append(self._indent)
        cls = op.__class__
        custom = None if self.generic else _CUSTOM.get(cls, _MISSING)
        if custom is _MISSING:
            custom = _custom_printer(cls)
        if custom is not None:
            name = op.name
            d = self._dialect
            if d and name.startswith(d) and name[len(d)] == "." and name.count(".") == 1:
                name = name[len(d) + 1 :]
            out.append(name)
            custom(op, self)
        else:
            self._print_generic(op)
        if self.debuginfo:
            out.append(" " + self._location(op.location, True))
        if self._users:
            self._users_comment(op)

    # ------------------------------------------------------------------ --mlir-print-value-users

    def _id(self, op: Operation) -> str:
        ids = self._names.op_ids
        return ids.get(op, UNKNOWN_VALUE) if ids is not None else UNKNOWN_VALUE

    def _user_ids(self, user: Operation) -> str:
        if not user.results:
            return self._id(user)
        get = self._values.get
        return ", ".join([get(r, UNKNOWN_VALUE) for r in user.results])

    def _value_users(self, value: Value) -> str:
        """MLIR's `printValueUsers`: each user once, most recent use first (MLIR's use lists)."""
        if not value.uses:
            return "unused"
        seen: set[Operation] = set()
        parts = []
        for use in reversed(list(value.uses)):
            user = use.owner
            if user in seen:
                continue
            seen.add(user)
            parts.append(self._user_ids(user))
        return ", ".join(parts)

    def _users_comment(self, op: Operation) -> None:
        results = op.results
        out = self._out
        if not results:
            if op.operand_uses:
                out.append(" // id: " + self._id(op))
            return
        if all(not r.uses for r in results):
            out.append(" // unused")
            return
        users: dict[Operation, None] = {}
        for r in results:
            for use in r.uses:
                users[use.owner] = None
        in_results = sum(len(u.results) for u in users)
        one = in_results <= 1 and len(users) <= 1 and len(results) == 1
        out.append(" // " + ("user" if one else "users") + ": ")
        if len(results) > 1:
            out.append(", ".join(["(" + self._value_users(r) + ")" for r in results]))
        else:
            out.append(self._value_users(results[0]))

    def _print_generic(self, op: Operation) -> None:
        out = self._out
        aliases = self.aliases
        uses = op.operand_uses
        if uses:
            get = self._values.get
            text = (
                '"' + op.name + '"(' + ", ".join([get(u.value, UNKNOWN_VALUE) for u in uses]) + ")"
            )
        else:
            text = '"' + op.name + '"()'
        if op.successors:
            bn = self._block_names.get
            text += "[" + ", ".join([bn(b, "<<UNKNOWN BLOCK>>") for b in op.successors]) + "]"
        props = op.properties
        if op.registered:
            defaults = getattr(op, "GENERIC_DEFAULTS", None)
            if defaults:
                props = _with_defaults(props, defaults)
            prop_aliases = aliases
        else:
            prop_aliases = self._unreg_aliases
        if props or props.__class__ is ExplicitProperties:
            items = sorted(props.items(), key=_first) if len(props) > 1 else props.items()
            text += " <{" + _named_attributes(items, prop_aliases) + "}>"
        if op.regions:
            out.append(text + " (")
            first = True
            for r in op.regions:
                if not first:
                    out.append(", ")
                first = False
                self.print_region(r, True, True, True)
            text = ")"
        attrs = op._attributes
        if attrs:
            items = sorted(attrs.items(), key=_first) if len(attrs) > 1 else attrs.items()
            text += " {" + _named_attributes(items, aliases) + "}"
        if uses:
            types = [u.value.type for u in uses]
            text += (
                " : ("
                + ", ".join(
                    [
                        t._text if t._text is not None and not t.may_alias else _text(t, aliases)
                        for t in types
                    ]
                )
                + ") -> "
            )
        else:
            text += " : () -> "
        results = op.results
        if len(results) == 1:
            t = results[0].type
            if t.__class__ is FunctionType:
                text += "(" + t.text(aliases) + ")"
            else:
                text += _text(t, aliases)
        else:
            text += "(" + ", ".join([_text(r.type, aliases) for r in results]) + ")"
        out.append(text)

    def _print_block(
        self,
        block: Block,
        header: bool,
        print_terminator: bool,
        preds: dict[Block, list[Block]] | None,
    ) -> None:
        out = self._out
        indent = self._indent
        if header:
            out.append(indent + self._block_names.get(block, "<<UNKNOWN BLOCK>>"))
            if block.args:
                aliases = self.aliases
                get = self._values.get
                parts = []
                for a in block.args:
                    s = f"{get(a, UNKNOWN_VALUE)}: {a.type.text(aliases)}"
                    if self.debuginfo:
                        s += " " + self._location(a.location, False)
                    parts.append(s)
                out.append("(" + ", ".join(parts) + ")")
            out.append(":")
            pred_list = preds.get(block) if preds is not None else None
            if not pred_list:
                parent = block.parent
                if parent is not None and parent.blocks and parent.blocks[0] is not block:
                    out.append("  // no predecessors")
            elif len(pred_list) == 1:
                out.append("  // pred: " + self._block_names.get(pred_list[0], "<<UNKNOWN>>"))
            else:
                order = {b: i for i, b in enumerate(block.parent.blocks)}  # type: ignore[union-attr]
                ps = sorted(pred_list, key=lambda b: order.get(b, -1))
                bn = self._block_names.get
                out.append(
                    f"  // {len(ps)} preds: " + ", ".join([bn(b, "<<UNKNOWN>>") for b in ps])
                )
            out.append("\n")
        self._indent = indent + _INDENT
        if self._users and block.args:
            for a in block.args:
                name = self._values.get(a, UNKNOWN_VALUE)
                if a.uses:
                    out.append(f"{self._indent}// {name} is used by {self._value_users(a)}\n")
                else:
                    out.append(f"{self._indent}// {name} is unused\n")
        op = block.first
        last = block.last
        if not print_terminator and last is not None and _is_terminator(last):
            stop = last
        else:
            stop = None
        print_op = self._print_op
        sink = self._sink
        while op is not None and op is not stop:
            print_op(op)
            out.append("\n")
            if sink is not None and len(out) >= FLUSH_PIECES:
                sink("".join(out))
                out.clear()
            op = op.next
        self._indent = indent

    # ------------------------------------------------------------------ locations and aliases

    def _location(self, loc: LocationAttr | None, allow_alias: bool) -> str:
        if loc is None:
            loc = UnknownLoc()
        if allow_alias and self.aliases is not None:
            name = self.aliases.get(loc)
            if name is not None:
                return f"loc({name})"
        return f"loc({self._loc_inner(loc)})"

    def _loc_nested(self, loc: LocationAttr) -> str:
        if self.aliases is not None:
            name = self.aliases.get(loc)
            if name is not None:
                return name
        return self._loc_inner(loc)

    def _loc_inner(self, loc: LocationAttr) -> str:
        if isinstance(loc, FileLineColLoc):
            return loc.inner()
        if isinstance(loc, NameLoc):
            s = '"' + escape_string(loc.name) + '"'
            child = loc.child
            if child is not None and not isinstance(child, UnknownLoc):
                s += "(" + self._loc_nested(child) + ")"
            return s
        if isinstance(loc, CallSiteLoc):
            return f"callsite({self._loc_nested(loc.callee)} at {self._loc_nested(loc.caller)})"
        if isinstance(loc, FusedLoc):
            meta = "" if loc.metadata is None else f"<{loc.metadata.text(self.aliases)}>"
            return f"fused{meta}[" + ", ".join(self._loc_nested(x) for x in loc.locations) + "]"
        if isinstance(loc, UnknownLoc):
            return "unknown"
        text = str(loc)
        return text[4:-1] if text.startswith("loc(") else text

    def _alias_definition(self, obj: Any) -> str:
        """The right-hand side of `#alias = ...` (nested aliases substituted, not its own)."""
        if isinstance(obj, LocationAttr):
            return f"loc({self._loc_inner(obj)})"
        if isinstance(obj, AffineMapAttr):
            return str(obj)
        return obj.render(self.aliases)


_MISSING = object()
_CUSTOM: dict[type, Any] = {}


def _custom_printer(cls: type) -> Any:
    fn = getattr(cls, "print_custom", None) if getattr(cls, "registered", False) else None
    _CUSTOM[cls] = fn
    return fn


def _first(kv: tuple[str, Any]) -> str:
    return kv[0]


def _text(x: Any, aliases: dict[Any, str] | None) -> str:
    """`x.text(aliases)` without the method calls when the cached spelling is right."""
    if x.may_alias and aliases is not None:
        return x.text(aliases)
    t = x._text
    return t if t is not None else str(x)


_KEYS: dict[str, str] = {}


def _named_attributes(items: Iterable[tuple[str, Attribute]], aliases: Any) -> str:
    """`a = 1 : i64, b` (as `format_named_attributes`, with cached key spellings)."""
    parts = []
    for k, v in items:
        key = _KEYS.get(k)
        if key is None:
            key = _KEYS[k] = format_key(k)
        if v is _UNIT:
            parts.append(key)
        elif v.may_alias and aliases is not None:
            parts.append(key + " = " + v.text(aliases))
        else:
            t = v._text
            parts.append(key + " = " + (t if t is not None else str(v)))
    return ", ".join(parts)


def _with_defaults(
    props: dict[str, Attribute], defaults: Sequence[tuple[str, Attribute]]
) -> dict[str, Attribute]:
    missing = [(k, v) for k, v in defaults if k not in props]
    if not missing:
        return props
    merged = dict(props)
    merged.update(missing)
    return merged


def _is_isolated(op: Operation) -> bool:
    return IsolatedFromAbove in op.TRAIT_SET  # type: ignore[attr-defined]


def _is_terminator(op: Operation) -> bool:
    return IsTerminator in op.TRAIT_SET  # type: ignore[attr-defined]


def _predecessors(region: Region) -> dict[Block, list[Block]]:
    preds: dict[Block, list[Block]] = {}
    for b in region.blocks:
        term = b.last
        if term is not None and term.successors:
            for s in term.successors:
                preds.setdefault(s, []).append(b)
    return preds


# --------------------------------------------------------------------------- alias collection


class _AliasInfo:
    __slots__ = ("children", "deferrable", "depth", "is_type", "name")

    def __init__(self, name: str | None, is_type: bool, deferrable: bool) -> None:
        self.name = name
        self.depth = 1 if name else 0
        self.is_type = is_type
        self.deferrable = deferrable
        self.children: list[_AliasInfo] = []


def _alias_name(obj: Any) -> str | None:
    if isinstance(obj, AffineMapAttr):
        return "map"
    if isinstance(obj, LocationAttr):
        return "loc"
    return getattr(obj, "ALIAS_NAME", None)


class _AliasCollector(Printer):
    """A printer that writes nothing and visits what would be printed (MLIR's
    `DummyAliasOperationPrinter` + `AliasInitializer`)."""

    __slots__ = ("_infos",)

    def __init__(self, names: _Names, generic: bool, debuginfo: bool) -> None:
        super().__init__(names, generic, debuginfo, None, None)
        self._infos: dict[Any, _AliasInfo] = {}

    def collect(self, op: Operation) -> tuple[dict[Any, str], list[Any], list[Any]]:
        self._collect_op(op)
        aliased = [(obj, info) for obj, info in self._infos.items() if info.name]
        aliased.sort(key=lambda kv: (kv[1].depth, not kv[1].is_type, kv[1].name))
        counts: dict[str, int] = {}
        aliases: dict[Any, str] = {}
        top: list[Any] = []
        deferred: list[Any] = []
        for obj, info in aliased:
            name = info.name
            assert name is not None
            n = counts.get(name, 0)
            counts[name] = n + 1
            aliases[obj] = ("!" if info.is_type else "#") + name + (str(n) if n else "")
            (deferred if info.deferrable else top).append(obj)
        return aliases, top, deferred

    # ------------------------------------------------------------------ visiting

    def _visit(self, obj: Any, deferrable: bool = False) -> _AliasInfo:
        info = self._infos.get(obj)
        if info is not None:
            if not deferrable:
                _mark_non_deferrable(info)
            return info
        info = _AliasInfo(_alias_name(obj), isinstance(obj, Type), deferrable)
        self._infos[obj] = info
        depth = 0
        for child in _printed_children(obj):
            ci = self._visit(child, deferrable)
            info.children.append(ci)
            depth = max(depth, ci.depth)
        if depth:
            info.depth = depth + 1
        return info

    def _collect_op(self, op: Operation) -> None:
        if self.debuginfo:
            self._visit(op.location or UnknownLoc(), True)
        custom = None if self.generic else _CUSTOM.get(op.__class__, _MISSING)
        if custom is _MISSING:
            custom = _custom_printer(op.__class__)
        if custom is not None:
            custom(op, self)
            return
        visit = self._visit
        for r in op.regions:
            self.print_region(r, True, True, True)
        for u in op.operand_uses:
            visit(u.value.type)
        for r in op.results:
            visit(r.type)
        if op.registered:
            items: Iterable[tuple[str, Attribute]] = self.op_attributes(op)
        else:
            items = sorted(op.discardable_items(), key=_first)
        for _, v in items:
            visit(v)

    # ------------------------------------------------------------------ Printer API, visiting

    def _print_op(self, op: Operation) -> None:
        self._collect_op(op)

    def write(self, text: str) -> None:
        pass

    def print_operand(self, value: Value) -> None:
        pass

    def print_operands(self, values: Iterable[Value]) -> None:
        pass

    def print_type(self, t: Type) -> None:
        self._visit(t)

    def print_types(self, types: Iterable[Type]) -> None:
        for t in types:
            self._visit(t)

    def print_attribute(self, attr: Attribute) -> None:
        self._visit(attr)

    def print_attribute_without_type(self, attr: Attribute) -> None:
        self._visit(attr)

    def print_symbol_name(self, name: str) -> None:
        pass

    def print_successor(self, block: Block) -> None:
        pass

    def print_optional_attr_dict(self, items: Iterable[tuple[str, Attribute]]) -> None:
        for _, v in items:
            self._visit(v)

    def print_optional_attr_dict_with_keyword(self, items: Iterable[tuple[str, Attribute]]) -> None:
        for _, v in items:
            self._visit(v)

    def print_function_type(self, inputs: Sequence[Type], results: Sequence[Type]) -> None:
        for t in inputs:
            self._visit(t)
        for t in results:
            self._visit(t)

    def print_region_argument(
        self, arg: BlockArgument, attrs: Iterable[tuple[str, Attribute]] = ()
    ) -> None:
        self._visit(arg.type)
        if self.debuginfo:
            self._visit(arg.location or UnknownLoc(), False)

    def print_region(
        self,
        region: Region,
        print_entry_block_args: bool = True,
        print_block_terminators: bool = True,
        print_empty_block: bool = False,
    ) -> None:
        for i, block in enumerate(region.blocks):
            if i or print_entry_block_args:
                for a in block.args:
                    self._visit(a.type)
                    if self.debuginfo:
                        self._visit(a.location or UnknownLoc(), False)
            last = block.last
            stop = (
                last
                if (
                    i == 0
                    and not print_block_terminators
                    and last is not None
                    and _is_terminator(last)
                )
                else None
            )
            op = block.first
            while op is not None and op is not stop:
                self._collect_op(op)
                op = op.next


def _mark_non_deferrable(info: _AliasInfo) -> None:
    if not info.deferrable:
        return
    info.deferrable = False
    for c in info.children:
        _mark_non_deferrable(c)


def _printed_children(obj: Any) -> Sequence[Any]:
    """The nested attributes/types MLIR visits while printing `obj` (for aliases)."""
    if isinstance(obj, Type):
        if isinstance(obj, MemRefType):
            out: list[Any] = [obj.element_type]
            layout = obj.layout
            if layout is not None and not (
                isinstance(layout, AffineMapAttr) and layout.map.is_identity()
            ):
                out.append(layout)
            if obj.memory_space is not None:
                out.append(obj.memory_space)
            return out
        return obj.children()
    if isinstance(obj, (AffineMapAttr, DenseArrayAttr, FloatAttr, IntegerAttr, UnitAttr)):
        return ()
    if isinstance(obj, LocationAttr):
        if isinstance(obj, NameLoc):
            child = obj.child
            return () if child is None or isinstance(child, UnknownLoc) else (child,)
        if isinstance(obj, CallSiteLoc):
            return (obj.callee, obj.caller)
        if isinstance(obj, FusedLoc):
            if obj.metadata is not None:
                return (obj.metadata, *obj.locations)
            return obj.locations
        return ()
    if isinstance(obj, (DictionaryAttr, ArrayAttr)):
        return obj.children()
    if isinstance(obj, TypeAttr):
        return (obj.type,)
    if isinstance(obj, StringAttr):
        t = obj.type
        return () if t is None or isinstance(t, NoneType) else (t,)
    return obj.children()
