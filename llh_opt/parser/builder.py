"""The Lark transformer that builds IR while the grammar is parsed (rule and terminal callbacks).

What lives here: `Builder` — per-parse state (SSA scopes, the stack of regions being filled,
aliases, deferred location aliases), the callbacks for the top level, regions, blocks and generic
operations (with MLIR's handling of `<{...}>`: kept as written on unregistered ops, converted
into a registered op's declared properties), result/operand binding, and `finish` (the implicit
`builtin.module`). Attribute, type
and location callbacks are in ``attrs.py``, coarse-token decoding in ``decode.py``, custom op
forms in ``custom.py``. Callbacks receive Lark's filtered children lists; tokens carry positions
relative to the text being parsed, so absolute offsets are `self.base + tok.start_pos`.
What does not: the grammar, the parse loop (``driver.py``), message wording for syntax errors.
"""

from __future__ import annotations

from typing import Any

from llh_opt.ir.attributes import (
    Attribute,
    DictionaryAttr,
    FileLineColLoc,
    LocationAttr,
)
from llh_opt.ir.core import OP_CLASSES, Block, ExplicitProperties, Operation, Region, lookup_op
from llh_opt.ir.opdef import (
    BOOL_ATTR,
    DENSE_I64_ARRAY_ATTR,
    DIALECTS,
    FLAT_SYMBOL_REF_ATTR,
    AttrKind,
    split_inherent,
)
from llh_opt.ir.types import FunctionType, Type
from llh_opt.parser.attrs import AttrMixin, DeferredLoc
from llh_opt.parser.custom import CustomOpsMixin
from llh_opt.parser.decode import DecodeMixin
from llh_opt.parser.errors import ParseError
from llh_opt.parser.lexemes import (
    RESULT_DEF_RE,
    SINGLE_RESULT_RE,
    VALUE_USE_RE,
    WS_COMMENT_RE,
    scan_brackets,
)
from llh_opt.parser.scopes import RegionContext, SSAScopes
from llh_opt.parser.source import SourceText

UNREGISTERED_DIALECT = (
    "operation being parsed with an unregistered dialect. If this is intended, please use "
    "-allow-unregistered-dialect with the MLIR tool used"
)


class Props(tuple):
    """`<{...}>`: (name, attribute) pairs."""

    __slots__ = ()


class AttrDict(tuple):
    """An op's `{...}` attribute dictionary: (name, attribute) pairs."""

    __slots__ = ()


class OperandRefs(list):
    """Unresolved operands: (name, number, absolute offset) triples."""

    __slots__ = ()


class Successors(list):
    __slots__ = ()


class Regions(list):
    __slots__ = ()


class _Session:
    """The per-parse state saved and restored around nested `parse_source` calls."""

    FIELDS = (
        "src",
        "allow_unregistered",
        "ssa",
        "regions",
        "attr_aliases",
        "type_aliases",
        "base",
        "pending_entry",
        "pending_dialect",
        "deferred",
        "type_cache",
        "attr_cache",
        "group_cache",
        "op_infos",
        "driver",
        "last_symbol_end",
    )


class Builder(CustomOpsMixin, AttrMixin, DecodeMixin):
    """Inline transformer: every callback builds IR directly (no parse tree is kept)."""

    def __init__(self) -> None:
        self._saved: list[tuple[Any, ...]] = []
        self.src: SourceText | None = None
        self.driver: Any = None

    # ------------------------------------------------------------------ session

    def begin(self, src: SourceText, allow_unregistered: bool, driver: Any) -> None:
        if self.src is not None:
            self._saved.append(tuple(getattr(self, f) for f in _Session.FIELDS))
        self.src = src
        self.allow_unregistered = allow_unregistered
        self.driver = driver
        self.ssa = SSAScopes()
        top = RegionContext(Region(), "builtin")
        self.regions: list[RegionContext] = [top]
        self.attr_aliases: dict[str, Attribute] = {}
        self.type_aliases: dict[str, Type] = {}
        self.base = 0
        self.pending_entry: list[Any] | None = None
        self.pending_dialect: str | None = None
        self.deferred: list[tuple[Any, DeferredLoc]] = []
        self.type_cache: dict[str, Type] = {}
        self.attr_cache: dict[str, Attribute] = {}
        self.group_cache: dict[str, Any] = {}
        self.op_infos: dict[str, type[Operation] | None] = {}
        self.last_symbol_end = 0

    def end(self) -> None:
        if self._saved:
            for f, v in zip(_Session.FIELDS, self._saved.pop()):
                setattr(self, f, v)
        else:
            self.src = None
            self.driver = None
            self.ssa = None  # type: ignore[assignment]
            self.regions = []
            self.type_cache = {}
            self.attr_cache = {}
            self.group_cache = {}

    def sub_parse(self, text: str, start: str, offset: int) -> Any:
        """Parse `text` (found at absolute `offset`) with start symbol `start`."""
        saved = self.base
        self.base = offset
        try:
            return self.driver.parse(text, start, offset)
        finally:
            self.base = saved

    def finish(self) -> Operation:
        """Resolve what waited for the end of the file and return the `builtin.module`."""
        self.ssa.check_all_defined()
        top = self.regions[0]
        top.close()
        self._resolve_deferred_locs()
        block = top.region.blocks[0] if top.region.blocks else Block()
        first = block.first
        if first is not None and first is block.last and first.name == "builtin.module":
            first.detach()
            return first
        module = Operation.create(
            "builtin.module", regions=1, location=FileLineColLoc(self.src.filename, 0, 0)
        )
        body = Block()
        module.regions[0].add_block(body)
        op = block.first
        while op is not None:
            nxt = op.next
            op.detach()
            body.append(op)
            op = nxt
        return module

    def _resolve_deferred_locs(self) -> None:
        for target, marker in self.deferred:
            attr = self.attr_aliases.get(marker.name)
            if attr is None:
                raise ParseError("operation location alias was never defined", marker.offset)
            if not isinstance(attr, LocationAttr):
                raise ParseError(f"expected location, but found '{attr}'", marker.offset)
            target.location = attr

    # ------------------------------------------------------------------ top level and regions

    def start(self, c: list[Any]) -> None:
        return None

    def top_items(self, c: list[Any]) -> None:
        return None

    def region_items(self, c: list[Any]) -> None:
        return None

    def region_open(self, c: list[Any]) -> RegionContext:
        pending = self.pending_dialect  # "" (scf regions): no default dialect, as in MLIR
        dialect = pending if pending is not None else self.regions[-1].dialect
        self.pending_dialect = None
        ctx = RegionContext(Region(), dialect)
        self.ssa.push()
        self.regions.append(ctx)
        entry = self.pending_entry
        if entry is not None:
            self.pending_entry = None
            self._define_entry_args(ctx, entry)
        return ctx

    def _define_entry_args(self, ctx: RegionContext, args: list[Any]) -> None:
        """The named arguments of a function signature become the entry block's arguments."""
        block = ctx.current_block()
        ctx.named_entry = True
        ssa = self.ssa
        for tok, type_, loc in args:
            name = _use_name(tok.value)[0]
            off = self.base + tok.start_pos
            prior = ssa.reference_offset(name)
            if prior is not None:
                raise ParseError(
                    f"region entry argument '%{name}' is already in use",
                    off,
                    [("previously referenced here", prior)],
                )
            arg = block.add_argument(type_, self._value_loc(loc, off, block, len(block.args)))
            ssa.define(name, [arg], off)

    def _value_loc(self, loc: Any, offset: int, block: Block, index: int) -> LocationAttr:
        if loc is None:
            return self.src.loc(offset)
        if isinstance(loc, DeferredLoc):
            self.deferred.append((_ArgRef(block, index), loc))
            return self.src.loc(offset)
        return loc

    def region(self, c: list[Any]) -> Region:
        ctx = self.regions.pop()
        ctx.close()
        self.ssa.pop()
        return ctx.region

    def block_label(self, c: list[Any]) -> None:
        tok = c[0]
        off = self.base + tok.start_pos
        ctx = self.regions[-1]
        block = ctx.define_block(tok.value[1:], off)
        args = c[1] if len(c) > 1 else ()
        ssa = self.ssa
        for vtok, type_, loc in args:
            name = _use_name(vtok.value)[0]
            aoff = self.base + vtok.start_pos
            arg = block.add_argument(type_, self._value_loc(loc, aoff, block, len(block.args)))
            ssa.define(name, [arg], aoff)

    def block_arg_list(self, c: list[Any]) -> list[Any]:
        return c

    def block_arg(self, c: list[Any]) -> tuple[Any, Type, Any]:
        return (c[0], c[1], c[2] if len(c) > 2 else None)

    # ------------------------------------------------------------------ generic operations

    def generic_op(self, c: list[Any]) -> None:
        first = c[0]
        if first.type == "RESULTS":
            results = first
            name_tok = c[1]
            operands: OperandRefs = c[2]
            rest = c[3:]
        else:
            results = None
            name_tok = first
            operands = c[1]
            rest = c[2:]
        succ = props = regions = attrs = loc = None
        ftype: Any = None
        for x in rest:
            cls = type(x)
            if cls is FunctionType:
                ftype = x
            elif cls is Props:
                props = x
            elif cls is AttrDict:
                attrs = x
            elif cls is Regions:
                regions = x
            elif cls is Successors:
                succ = x
            else:
                loc = x
        op_off = self.base + name_tok.start_pos
        name = name_tok.value[1:-1]
        if "\\" in name:
            name = self.unescape(name_tok.value, op_off)
        info = self.op_infos.get(name, False)
        if info is False:
            info = self._op_info(name, op_off)
        inputs = ftype.inputs
        if len(inputs) != len(operands):
            raise ParseError(
                f"expected {len(operands)} operand types but had {len(inputs)}",
                self._functype_offset(name_tok),
            )
        if operands:
            values = self.ssa.values
            resolve = self.ssa.resolve
            vals = []
            for (n, k, o), t in zip(operands, inputs):
                entries = values.get(n)
                if entries is not None and k < len(entries):
                    v = entries[k]
                    if v is not None and v.type is t:
                        vals.append(v)
                        continue
                vals.append(resolve(n, k, t, o))
        else:
            vals = ()
        if props is not None:
            attributes = dict(attrs) if attrs else {}
            if info is None:
                properties = ExplicitProperties(props)
            else:
                properties = self._registered_props(info, props, attributes, op_off)
        elif attrs:
            attributes = dict(attrs)
            properties = self._inherent_attrs(info, attributes, op_off) if info is not None else {}
        else:
            attributes = {}
            properties = {}
        if loc is None or isinstance(loc, DeferredLoc):
            location = self.src.loc(op_off)
        else:
            location = loc
        op = Operation.create(
            name, vals, ftype.results, properties, attributes, regions or (), succ or (), location
        )
        if loc is not None and isinstance(loc, DeferredLoc):
            self.deferred.append((op, loc))
        ctx = self.regions[-1]
        block = ctx.block
        if block is None:
            block = ctx.current_block()
        block.append(op)
        if results is not None:
            self.bind_results(op, results)

    def _registered_props(
        self,
        cls: type[Operation],
        props: Props,
        attributes: dict[str, Attribute],
        op_off: int,
    ) -> dict[str, Attribute]:
        """A registered op's properties from `<{...}>` (and the inherent attributes of its
        `{...}`, which `<{...}>` overrides), as MLIR's `setPropertiesFromAttr` builds them:
        unknown keys are dropped; a value the property's storage cannot hold is an error."""
        kinds = _property_kinds(cls)
        if kinds is _LEGACY:
            return dict(props)
        if not kinds:
            raise ParseError(
                f"invalid properties {DictionaryAttr(props)} for op {cls.OPERATION_NAME}: this "
                "operation has empty properties",
                op_off,
            )
        written = {}
        for key, value in props:
            kind = kinds.get(key)
            if kind is None:
                continue
            if not property_converts(kind, value):
                raise ParseError(
                    f"invalid properties {DictionaryAttr(props)} for op {cls.OPERATION_NAME}: "
                    f"Invalid attribute `{key}` in property conversion: {value}",
                    op_off,
                )
            written[key] = value
        properties = {}
        if attributes:
            # Inherent attributes of the `{...}` are set first, each dropped silently when
            # its storage cannot hold it (MLIR's `setInherentAttr`).
            for key, value in split_inherent(cls, attributes).items():
                if property_converts(kinds[key], value):
                    properties[key] = value
        properties.update(written)
        return properties

    def _inherent_attrs(
        self, cls: type[Operation], attributes: dict[str, Attribute], op_off: int
    ) -> dict[str, Attribute]:
        """Move the inherent attributes of a registered op's `{...}` to its properties, checked
        as MLIR's parser does (`verifyInherentAttrs`, reported without the verifier's note)."""
        properties = split_inherent(cls, attributes)
        if properties:
            kinds = _property_kinds(cls)
            if kinds is not _LEGACY:
                for key, value in properties.items():
                    kind = kinds[key]
                    if not kind(value):
                        raise ParseError(
                            f"'{cls.OPERATION_NAME}' op attribute '{key}' failed to satisfy "
                            f"constraint: {kind.description}",
                            op_off,
                        )
        return properties

    def _functype_offset(self, name_tok: Any) -> int:
        """The `(` of a generic op's function type (for operand-count errors): the first `:` at
        bracket depth 0 after the op name."""
        pos = self.base + name_tok.start_pos
        colon = scan_brackets(self.src.text, pos + len(name_tok.value), ":")
        return self._next_token_offset(colon + 1) if colon >= 0 else pos

    def _op_info(self, name: str, op_off: int) -> type[Operation] | None:
        """The registered class of `name` (None if unregistered), checking it may be used."""
        cls = OP_CLASSES.get(name) or lookup_op(name)
        if cls is None:
            dialect = name.split(".", 1)[0] if "." in name else ""
            d = DIALECTS.get(dialect)
            if d is None and dialect != "builtin":
                if not self.allow_unregistered:
                    end = op_off + len(name) + 2
                    raise ParseError(UNREGISTERED_DIALECT, self._next_token_offset(end))
            elif d is None or not d.allows_unknown_ops:
                raise ParseError(
                    f"unregistered operation '{name}' found in dialect ('{dialect}') that does "
                    "not allow unknown operations",
                    op_off,
                )
        self.op_infos[name] = cls
        return cls

    def _next_token_offset(self, offset: int) -> int:
        return WS_COMMENT_RE.match(self.src.text, offset).end()

    # ------------------------------------------------------------------ results and operands

    def bind_results(self, op: Operation, tok: Any) -> None:
        """Define the names of `%a, %b:2 = ...` as `op`'s results."""
        text = tok.value
        off = self.base + tok.start_pos
        m = SINGLE_RESULT_RE.match(text)
        nres = len(op.results)
        if m is not None:
            if nres != 1:
                raise ParseError(
                    f"operation defines {nres} results but was provided 1 to bind", off
                )
            name = m.group(1)
            ssa = self.ssa
            if name not in ssa.values:
                ssa.values[name] = [op.results[0]]
                ssa.def_pos[name] = off
                ssa.scope_defs[-1].append(name)
            else:
                ssa.define(name, [op.results[0]], off)
            return
        groups = []
        for m in RESULT_DEF_RE.finditer(text):
            count = 1
            if m.group(2) is not None:
                digits = m.group(2).lstrip("0")
                # MLIR reads the count as a uint64 and wants it >= 1.
                count = int(digits) if digits and len(digits) <= 20 else 0
                if not 1 <= count < 1 << 64:
                    raise ParseError(
                        "expected named operation to have at least 1 result", off + m.start(2)
                    )
            groups.append((m.group(1), count, off + m.start()))
        total = sum(g[1] for g in groups)
        if total != nres:
            raise ParseError(
                f"operation defines {nres} results but was provided {total} to bind", off
            )
        k = 0
        for name, count, goff in groups:
            self.ssa.define(name, op.results[k : k + count], goff)
            k += count

    def append_op(self, op: Operation, results: Any, loc: Any) -> None:
        """Place a custom-form op: its trailing location, its block, its result names."""
        if loc is not None:
            if isinstance(loc, DeferredLoc):
                self.deferred.append((op, loc))
            else:
                op.location = loc
        self.regions[-1].current_block().append(op)
        if results is not None:
            self.bind_results(op, results)

    def resolve_uses(self, toks: list[Any], types: list[Type] | tuple[Type, ...]) -> list[Any]:
        base = self.base
        resolve = self.ssa.resolve
        out = []
        for tok, t in zip(toks, types):
            name, number = _use_name(tok.value)
            out.append(resolve(name, number, t, base + tok.start_pos))
        return out

    def operands(self, c: list[Any]) -> OperandRefs:
        tok = c[0]
        text = tok.value
        off = self.base + tok.start_pos
        refs = OperandRefs()
        if "%" in text:
            for m in VALUE_USE_RE.finditer(text):
                num = m.group(2)
                refs.append((m.group(1), int(num) if num else 0, off + m.start()))
        return refs

    def operands_fine(self, c: list[Any]) -> OperandRefs:
        refs = OperandRefs()
        if c:
            base = self.base
            for tok in c[0]:
                name, number = _use_name(tok.value)
                refs.append((name, number, base + tok.start_pos))
        return refs

    def value_uses(self, c: list[Any]) -> list[Any]:
        return c

    def successors(self, c: list[Any]) -> Successors:
        ctx = self.regions[-1]
        base = self.base
        return Successors(ctx.reference(t.value[1:], base + t.start_pos) for t in c)

    def regions(self, c: list[Any]) -> Regions:
        return Regions(c)

    def props(self, c: list[Any]) -> Props:
        x = c[0]
        if type(x) is Props:
            return x
        return Props(self.decode_props(x.value, self.base + x.start_pos))

    def props_fine(self, c: list[Any]) -> Props:
        return Props(self.named_items(c))

    def attr_dict(self, c: list[Any]) -> AttrDict:
        return AttrDict(c[0].items)

    def functype(self, c: list[Any]) -> FunctionType:
        x = c[0]
        if type(x) is FunctionType:
            return x
        return self.decode_functype(x.value, self.base + x.start_pos)

    def functype_start(self, c: list[Any]) -> FunctionType:
        return c[0]

    # ------------------------------------------------------------------ aliases

    def ALIAS_HASH(self, tok: Any) -> Any:
        name = tok.value[1:]
        off = self.base + tok.start_pos
        if name in self.attr_aliases:
            raise ParseError(f"redefinition of attribute alias id '{name}'", off)
        if "." in name:
            raise ParseError(
                "attribute names with a '.' are reserved for dialect-defined names", off
            )
        return tok

    def ALIAS_BANG(self, tok: Any) -> Any:
        name = tok.value[1:]
        off = self.base + tok.start_pos
        if name in self.type_aliases:
            raise ParseError(f"redefinition of type alias id '{name}'", off)
        if "." in name:
            raise ParseError("type names with a '.' are reserved for dialect-defined names", off)
        return tok

    def attr_alias_def(self, c: list[Any]) -> None:
        self.attr_aliases[c[0].value[1:]] = c[1]

    def type_alias_def(self, c: list[Any]) -> None:
        self.type_aliases[c[0].value[1:]] = c[1]


MLIR_PROPERTY_DIALECTS = frozenset(
    ("arith", "builtin", "cf", "func", "index", "llh", "math", "memref", "scf", "tensor", "vector")
)
"""Dialects whose registered ops get MLIR's `<{...}>` handling (`_registered_props`), checked
against `torch-mlir-opt`. Other dialects keep every written key as a property, for the verifier
to report (``test/Dialect/LLH`` expects `has unknown property`)."""

_LEGACY: dict[str, AttrKind] = {}  # a sentinel: compared by identity
_PROPERTY_KINDS: dict[type, dict[str, AttrKind]] = {}


def _property_kinds(cls: type[Operation]) -> dict[str, AttrKind]:
    """A registered op's property kinds by name (`_LEGACY` outside `MLIR_PROPERTY_DIALECTS`)."""
    kinds = _PROPERTY_KINDS.get(cls)
    if kinds is None:
        if cls.OPERATION_NAME.split(".", 1)[0] not in MLIR_PROPERTY_DIALECTS:
            kinds = _LEGACY
        else:
            kinds = {p.name: p.kind for p in cls.PROPERTIES}
        _PROPERTY_KINDS[cls] = kinds
    return kinds


_STRICT_KINDS = (FLAT_SYMBOL_REF_ATTR, BOOL_ATTR, DENSE_I64_ARRAY_ATTR)
"""Kinds whose MLIR storage class itself checks the constraint (`FlatSymbolRefAttr`,
`BoolAttr`, `DenseI64ArrayAttr`)."""


def property_converts(kind: AttrKind, value: Attribute) -> bool:
    """Whether MLIR's property conversion accepts `value` for a property of `kind`: the
    storage class's `dyn_cast`. That checks the attribute class; the full constraint only for
    interface storage (`TypedAttr`), enum attributes (`allowed ... cases`) and the strict kinds;
    other constraints (an `I64Attr`'s width, a `TypeAttr`'s function type) are left to the
    verifier, whose message differs."""
    if not isinstance(value, kind.classes):
        return False
    if kind.predicate is None:
        return True
    if (
        kind.classes is Attribute
        or kind in _STRICT_KINDS
        or kind.description.startswith("allowed ")
    ):
        return kind.predicate(value)
    return True


class _ArgRef:
    """Where a deferred location goes: argument `index` of `block`."""

    __slots__ = ("block", "index")

    def __init__(self, block: Block, index: int) -> None:
        self.block = block
        self.index = index

    @property
    def location(self) -> LocationAttr:
        return self.block.args[self.index].location

    @location.setter
    def location(self, loc: LocationAttr) -> None:
        self.block.args[self.index].location = loc


def _use_name(text: str) -> tuple[str, int]:
    """`%name#3` → ('name', 3)."""
    h = text.find("#")
    if h < 0:
        return text[1:], 0
    return text[1:h], int(text[h + 1 :])
