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
    StringAttr,
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
from llh_opt.parser.decode import BoundedCache, DecodeMixin
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
        self.type_cache: dict[str, Type] = BoundedCache()
        self.attr_cache: dict[str, Attribute] = BoundedCache()
        self.group_cache: dict[str, Any] = BoundedCache()
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
        base = self.base
        self._generic(
            results.value if results is not None else None,
            base + results.start_pos if results is not None else 0,
            name_tok.value,
            base + name_tok.start_pos,
            operands,
            succ,
            props,
            regions,
            attrs,
            ftype,
            loc,
        )

    def generic_op_match(self, m: Any, groups: tuple[int, ...]) -> None:
        """A whole generic op matched by the driver's `FastOps` regex: the same as the
        token-by-token callbacks (`operands`, `props`, `dict_attr_coarse`, `functype`,
        `loc_coarse`, `generic_op`), in the same order. `groups` are the regex's group numbers
        of the results, name, operands, properties, attribute dictionary, function type and
        location."""
        spans = m.regs
        text = m.string
        base = self.base
        gr, gs, go, gp, ga, gf, gl = groups
        s, e = spans[go]
        operands: Any = self.operand_refs(text[s:e], base + s) if e - s > 2 else ()
        # Plain tuples where the token path wraps them in `Props`/`AttrDict` (which only tell
        # its children apart): the same entries.
        s, e = spans[gp]
        props = self.decode_props(text[s:e], base + s) if s >= 0 else None
        s, e = spans[ga]
        attrs = self.decode_dict(text[s:e], base + s).items if s >= 0 else None
        s, e = spans[gf]
        ftype = self.decode_functype(text[s:e], base + s)
        s, e = spans[gl]
        loc = self.decode_loc(text[s:e], base + s) if s >= 0 else None
        rs, re_ = spans[gr]
        s, e = spans[gs]
        self._generic(
            text[rs:re_] if rs >= 0 else None,
            base + rs,
            text[s:e],
            base + s,
            operands,
            None,
            props,
            None,
            attrs,
            ftype,
            loc,
        )

    def _generic(
        self,
        results: str | None,
        results_off: int,
        quoted_name: str,
        op_off: int,
        operands: OperandRefs | tuple[()],
        succ: Successors | None,
        props: tuple[tuple[str, Attribute], ...] | None,
        regions: Regions | None,
        attrs: tuple[tuple[str, Attribute], ...] | None,
        ftype: FunctionType,
        loc: Any,
    ) -> None:
        """Build a generic op from its decoded parts and bind its results."""
        # (A registered op keeps its class's name string: `Operation.create`.)
        name = quoted_name[1:-1]
        if "\\" in name:
            name = self.unescape(quoted_name, op_off)
        info = self.op_infos.get(name, False)
        if info is False:
            info = self._op_info(name, op_off)
        inputs = ftype.inputs
        if len(inputs) != len(operands):
            raise ParseError(
                f"expected {len(operands)} operand types but had {len(inputs)}",
                self._functype_offset(op_off, len(quoted_name)),
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
        op = Operation.create(
            name, vals, ftype.results, properties, attributes, regions or (), succ or ()
        )
        if loc is None:
            op.set_source_offset(self.src, op_off)
        elif isinstance(loc, DeferredLoc):
            op.set_source_offset(self.src, op_off)
            self.deferred.append((op, loc))
        else:
            op.location = loc
        ctx = self.regions[-1]
        block = ctx.block
        if block is None:
            block = ctx.current_block()
        block.append(op)
        if results is not None:
            self.bind_results(op, results, results_off)

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
        # Not for entries led by a string (file and symbol names: mostly distinct).
        memo = not attributes and props and type(props[0][1]) is not StringAttr
        if memo:
            known = _CONVERTED_PROPS.get((cls, props))
            if known is not None:
                return dict(known)
        kinds = _property_kinds(cls)
        if kinds is _LEGACY:
            return dict(props)
        if not kinds:
            raise ParseError(
                f"invalid properties {DictionaryAttr(props)} for op {cls.OPERATION_NAME}: this "
                "operation has empty properties",
                op_off,
            )
        written: dict[str, Attribute] = {}
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
        if attributes:
            # Inherent attributes of the `{...}` are set first, each dropped silently when
            # its storage cannot hold it (MLIR's `setInherentAttr`).
            properties = {}
            for key, value in split_inherent(cls, attributes).items():
                if property_converts(kinds[key], value):
                    properties[key] = value
            properties.update(written)
        else:
            properties = written
        if memo:
            if len(_CONVERTED_PROPS) >= _CONVERTED_LIMIT:
                _CONVERTED_PROPS.clear()
            _CONVERTED_PROPS[(cls, props)] = properties.copy()
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

    def _functype_offset(self, op_off: int, name_len: int) -> int:
        """The `(` of a generic op's function type (for operand-count errors): the first `:` at
        bracket depth 0 after the op name (at `op_off`, `name_len` characters with its quotes)."""
        pos = op_off
        colon = scan_brackets(self.src.text, pos + name_len, ":")
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

    def bind_results(self, op: Operation, text: str, off: int) -> None:
        """Define the names of `%a, %b:2 = ...` (`text`, at absolute `off`) as `op`'s results."""
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
                ssa.values[name] = op.results  # the one-result tuple itself: no list per name
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
            self.bind_results(op, results.value, self.base + results.start_pos)

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
        return self.operand_refs(tok.value, self.base + tok.start_pos)

    def operand_refs(self, text: str, off: int) -> OperandRefs:
        """The operands of an `OPERANDS` token `(%a, %b#1)` at absolute `off`."""
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
_CONVERTED_PROPS: dict[tuple[type, Props], dict[str, Attribute]] = {}
"""`_registered_props` results for ops without an attribute dictionary, by (class, entries):
the entries are interned attributes, so equal texts give equal keys."""
_CONVERTED_LIMIT = 50_000
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
