"""Builder callbacks for the custom forms of the loop-level dialects: `scf.for/if/parallel/yield/
reduce/reduce.return` (region-carrying forms: the head callback defines the entry block arguments
before the region opens, and the implicit terminators are added as MLIR's parsers do),
`memref.alloc/alloca/dealloc/load/store/global/get_global/copy/subview/view/reinterpret_cast/
collapse_shape/expand_shape` (`memref.dim` and `memref.cast` share the tensor/cast callbacks),
the `math` ops, and `cf.assert`.

Each builds exactly the op MLIR's `--mlir-print-op-generic` shows for the same text. What does not
live here: the grammar (``grammar/mlir.lark``), printing (the op classes' `print_custom`), the
shared helpers (`_create`, `_flags`, ... in ``custom.py``).
"""

from __future__ import annotations

from typing import Any

from llh_opt.parser.token import Token

from llh_opt.ir.attributes import (
    Attribute,
    DenseArrayAttr,
    DictionaryAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
)
from llh_opt.ir.core import Region, lookup_op
from llh_opt.ir.types import IndexType, MemRefType, RankedTensorType, Type, i1, i32, i64
from llh_opt.parser.errors import ParseError

_INDEX = IndexType()
_ATTR_DICT: list[Any] = [None]


class _ForHead:
    __slots__ = ("operands", "result_types", "unsigned")

    def __init__(self, unsigned: bool, operands: list[Any], result_types: list[Type]) -> None:
        self.unsigned = unsigned
        self.operands = operands
        self.result_types = result_types


class _ParallelHead:
    __slots__ = ("inits", "lbs", "result_types", "steps", "ubs")

    def __init__(self, lbs: Any, ubs: Any, steps: Any, inits: Any, types: list[Type]) -> None:
        self.lbs = lbs
        self.ubs = ubs
        self.steps = steps
        self.inits = inits
        self.result_types = types


class _TypeList(list):  # type: ignore[type-arg]
    """The types of an `-> (...)` / `-> T` arrow (distinguished from operand lists)."""

    __slots__ = ()


class _GlobalInit:
    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


class LoopOpsMixin:
    """Callbacks of the loop-level `custom_body` alternatives (see the module docstring)."""

    base: int
    src: Any
    ssa: Any
    pending_entry: Any
    pending_dialect: Any

    # ------------------------------------------------------------------ shared pieces

    def nodialect(self, c: list[Any]) -> None:
        self.pending_dialect = ""
        return None

    def arrow_single(self, c: list[Any]) -> _TypeList:
        return _TypeList(c)

    def arrow_list(self, c: list[Any]) -> _TypeList:
        return _TypeList(c[0] if c and c[0] is not None else ())

    def index_list(self, c: list[Any]) -> list[Any]:
        return c

    def index_item(self, c: list[Any]) -> Any:
        return c[0]

    def reassociation_group(self, c: list[Any]) -> list[int]:
        return [int(t.value, 0) for t in c]

    def reassociation(self, c: list[Any]) -> list[list[int]]:
        return c

    def global_init(self, c: list[Any]) -> _GlobalInit:
        return _GlobalInit(c[0])

    def _tail(self, c: list[Any]) -> tuple[Any, list[Any]]:
        """(attr-dict or None, the other children) of a custom form."""
        attr_dict = _ATTR_DICT[0]
        if attr_dict is None:  # builder.py imports this module: bind its class on first use
            from llh_opt.parser.builder import AttrDict

            attr_dict = _ATTR_DICT[0] = AttrDict
        attrs = None
        out = []
        for x in c:
            if type(x) is attr_dict:
                attrs = x
            elif type(x) is DictionaryAttr:  # `dict_fine` after a type
                attrs = x.items
            elif x is not None:
                out.append(x)
        return attrs, out

    def _mixed(self, items: list[Any]) -> tuple[tuple[int, ...], list[Any]]:
        """A `[%a, 4]` list: static entries (`DYNAMIC_INDEX` for values) and the values."""
        from llh_opt.dialects.memref import DYNAMIC_INDEX  # loaded with its dialect

        static: list[int] = []
        toks = []
        for t in items:
            if t.type == "VALUE_USE":
                static.append(DYNAMIC_INDEX)
                toks.append(t)
            else:
                static.append(int(t.value, 0))
        return tuple(static), self.resolve_uses(toks, [_INDEX] * len(toks))  # type: ignore[attr-defined]

    def _memref_type(self, t: Type, name: str, kw: Any) -> MemRefType:
        if not isinstance(t, MemRefType):
            after = self.base + kw.start_pos + len(kw.value)
            raise ParseError(
                f"custom op '{name}' invalid kind of type specified: expected builtin.memref, "
                f"but found '{t}'",
                self._colon_type(after),  # type: ignore[attr-defined]
            )
        return t

    def _into_memref(self, name: str, t: Type, rt: Type, into: Any) -> None:
        """MLIR parses both types of `: T into U` as memrefs (errors at the offending type)."""
        after_into = self.base + into.start_pos + len(into.value)
        for x, at_into in ((t, False), (rt, True)):
            if not isinstance(x, MemRefType):
                if at_into:
                    where = self._next_token_offset(after_into)  # type: ignore[attr-defined]
                else:
                    where = self._colon_type(self.base + into.start_pos - 1)  # type: ignore[attr-defined]
                raise ParseError(
                    f"custom op '{name}' invalid kind of type specified: expected builtin.memref, "
                    f"but found '{x}'",
                    where,
                )

    def _after(self, tok: Any) -> int:
        """The first token after `tok` (where MLIR reports a missing punctuation)."""
        return self._next_token_offset(self.base + tok.start_pos + len(tok.value))  # type: ignore[attr-defined]

    def _loc_of(self, kw: Any) -> Any:
        return self.src.loc(self.base + kw.start_pos)

    # ------------------------------------------------------------------ scf

    def SCF_FOR_KW(self, tok: Any) -> Any:
        self.loop_kw = tok  # for the head's errors (the head is reduced before the op)
        return tok

    def SCF_PARALLEL_KW(self, tok: Any) -> Any:
        self.loop_kw = tok
        return tok

    def _count_error(self, name: str, operands: int, types: int, off: int) -> ParseError:
        return ParseError(
            f"custom op '{name}' number of operands and types do not match: got {operands} "
            f"operands and {types} types",
            off,
        )

    def scf_iter_arg(self, c: list[Any]) -> tuple[Any, Any]:
        return (c[0], c[1])

    def scf_iter_args(self, c: list[Any]) -> tuple[list[Any], _TypeList]:
        return (c[1:-1], c[-1])

    def scf_for_head(self, c: list[Any]) -> _ForHead:
        unsigned = c[0].type == "UNSIGNED_KW"
        i = 1 if unsigned else 0
        iv, lb, _to, ub, _step, step = c[i : i + 6]
        t: Type = _INDEX
        pairs: list[Any] = []
        types: list[Type] = []
        for x in c[i + 6 :]:
            if isinstance(x, tuple):
                pairs, types = x
            else:
                t = x
        operands = self.resolve_uses([lb, ub, step], [t, t, t])  # type: ignore[attr-defined]
        if len(types) != len(pairs):
            raise ParseError(
                "custom op 'scf.for' mismatch in number of loop-carried values and defined values",
                self.base + self.loop_kw.start_pos,
            )
        operands += self.resolve_uses([v for _, v in pairs], types)  # type: ignore[attr-defined]
        self.pending_entry = [(iv, t, None)] + [(a, ty, None) for (a, _), ty in zip(pairs, types)]
        return _ForHead(unsigned, operands, list(types))

    def scf_for(self, c: list[Any]) -> Any:
        from llh_opt.dialects.scf import ensure_terminator  # loaded with its dialect

        kw, head = c[0], c[1]
        attrs, rest = self._tail(c[2:])
        region: Region = rest[0]
        ensure_terminator(region, "scf.yield", self._loc_of(kw))  # as MLIR, even with iter_args
        props: dict[str, Attribute] = {"unsignedCmp": UnitAttr()} if head.unsigned else {}
        return self._create(  # type: ignore[attr-defined]
            kw, "scf.for", head.operands, head.result_types, props, attrs, [region]
        )

    def scf_if(self, c: list[Any]) -> Any:
        from llh_opt.dialects.scf import ensure_terminator  # loaded with its dialect

        kw = c[0]
        cond = self.resolve_uses([c[1]], [i1])  # type: ignore[attr-defined]
        attrs, rest = self._tail(c[2:])
        types: list[Type] = []
        regions: list[Region] = []
        for x in rest:
            if isinstance(x, _TypeList):
                types = list(x)
            elif isinstance(x, Region):
                regions.append(x)
        then = regions[0]
        other = regions[1] if len(regions) > 1 else Region()
        loc = self._loc_of(kw)
        ensure_terminator(then, "scf.yield", loc)
        if len(regions) > 1:
            ensure_terminator(other, "scf.yield", loc)
        return self._create(kw, "scf.if", cond, types, {}, attrs, [then, other])  # type: ignore[attr-defined]

    def scf_parallel_head(self, c: list[Any]) -> _ParallelHead:
        ivs, lbs, _to, ubs, _step, steps = c[:6]
        inits: list[Any] = []
        types: _TypeList = _TypeList()
        rest = c[6:]
        for k, x in enumerate(rest):
            if isinstance(x, _TypeList):
                types = x
            elif getattr(x, "type", None) == "INIT_KW":
                inits = rest[k + 1]
        n = len(steps)
        for group in (lbs, ubs):
            if len(group) != len(ivs):
                off = group[0][2] if group else self.base
                raise ParseError(f"custom op 'scf.parallel' expected {len(ivs)} operands", off)
        if n != len(ivs):
            off = steps[0][2] if steps else self.base
            raise ParseError(f"custom op 'scf.parallel' expected {len(ivs)} operands", off)
        if len(inits) != len(types):
            off = self.base + self.loop_kw.start_pos
            raise self._count_error("scf.parallel", len(inits), len(types), off)
        resolve = self.ssa.resolve
        self.pending_entry = [
            (Token("VALUE_USE", "%" + name, start_pos=off - self.base), _INDEX, None)
            for name, _, off in ivs
        ]
        return _ParallelHead(
            [resolve(nm, no, _INDEX, off) for nm, no, off in lbs],
            [resolve(nm, no, _INDEX, off) for nm, no, off in ubs],
            [resolve(nm, no, _INDEX, off) for nm, no, off in steps],
            [resolve(nm, no, t, off) for (nm, no, off), t in zip(inits, types)],
            list(types),
        )

    def scf_parallel(self, c: list[Any]) -> Any:
        from llh_opt.dialects.scf import ensure_terminator  # loaded with its dialect

        kw, head = c[0], c[1]
        attrs, rest = self._tail(c[2:])
        region: Region = rest[0]
        ensure_terminator(region, "scf.reduce", self._loc_of(kw))
        n = len(head.steps)
        props: dict[str, Attribute] = {
            "operandSegmentSizes": DenseArrayAttr(i32, (n, n, n, len(head.inits)))
        }
        operands = [*head.lbs, *head.ubs, *head.steps, *head.inits]
        return self._create(  # type: ignore[attr-defined]
            kw, "scf.parallel", operands, head.result_types, props, attrs, [region]
        )

    def scf_yield(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        operands: list[Any] = []
        if rest:
            toks, types = rest
            if len(toks) != len(types):
                off = self.base + toks[0].start_pos
                raise self._count_error("scf.yield", len(toks), len(types), off)
            operands = self.resolve_uses(toks, types)  # type: ignore[attr-defined]
        return self._create(kw, "scf.yield", operands, [], {}, attrs)  # type: ignore[attr-defined]

    def scf_reduce(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        operands: list[Any] = []
        regions = [x for x in rest if isinstance(x, Region)]
        lists = [x for x in rest if isinstance(x, list)]
        if lists:
            toks, types = lists[0], lists[1]
            if len(toks) != len(types):
                off = self.base + toks[0].start_pos
                raise self._count_error("scf.reduce", len(toks), len(types), off)
            operands = self.resolve_uses(toks, types)  # type: ignore[attr-defined]
        return self._create(kw, "scf.reduce", operands, [], {}, attrs, regions)  # type: ignore[attr-defined]

    def scf_reduce_return(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        tok, t = rest
        operands = self.resolve_uses([tok], [t])  # type: ignore[attr-defined]
        return self._create(kw, "scf.reduce.return", operands, [], {}, attrs)  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ memref

    def memref_alloc(self, c: list[Any]) -> Any:
        kw = c[0]
        name = kw.value
        sizes = c[1]
        attrs, rest = self._tail(c[2:])
        t = rest[-1]
        symbols = rest[0] if len(rest) > 1 else []
        t = self._memref_type(t, name, kw)
        resolve = self.ssa.resolve
        dyn = [resolve(nm, no, _INDEX, off) for nm, no, off in sizes]
        syms = self.resolve_uses(symbols, [_INDEX] * len(symbols))  # type: ignore[attr-defined]
        props: dict[str, Attribute] = {
            "operandSegmentSizes": DenseArrayAttr(i32, (len(dyn), len(syms)))
        }
        return self._create(kw, name, [*dyn, *syms], [t], props, attrs)  # type: ignore[attr-defined]

    def memref_dealloc(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        tok, t = rest
        operands = self.resolve_uses([tok], [t])  # type: ignore[attr-defined]
        return self._create(kw, "memref.dealloc", operands, [], {}, attrs)  # type: ignore[attr-defined]

    def memref_load(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        tok, t = rest[0], rest[-1]
        idx = rest[1] if len(rest) > 2 else []
        t = self._memref_type(t, "memref.load", kw)
        operands = self.resolve_uses([tok, *idx], [t] + [_INDEX] * len(idx))  # type: ignore[attr-defined]
        return self._create(kw, "memref.load", operands, [t.element_type], {}, attrs)  # type: ignore[attr-defined]

    def memref_store(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        vtok, mtok, t = rest[0], rest[1], rest[-1]
        idx = rest[2] if len(rest) > 3 else []
        t = self._memref_type(t, "memref.store", kw)
        operands = self.resolve_uses(  # type: ignore[attr-defined]
            [vtok, mtok, *idx], [t.element_type, t] + [_INDEX] * len(idx)
        )
        return self._create(kw, "memref.store", operands, [], {}, attrs)  # type: ignore[attr-defined]

    def memref_global(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        props: dict[str, Attribute] = {}
        i = 0
        if getattr(rest[0], "type", None) == "STRING":
            tok = rest[0]
            props["sym_visibility"] = StringAttr(
                self.unescape(tok.value, self.base + tok.start_pos)  # type: ignore[attr-defined]
            )
            i = 1
        if getattr(rest[i], "type", None) == "FUNC_CONSTANT_KW":
            tok = rest[i]
            if tok.value != "constant":
                raise ParseError("expected '@'", self.base + tok.start_pos)
            props["constant"] = UnitAttr()
            i += 1
        sym = rest[i]
        props["sym_name"] = StringAttr(self.symbol_name(sym))  # type: ignore[attr-defined]
        t = rest[i + 1]
        if not isinstance(t, MemRefType) or not t.has_static_shape:
            raise ParseError(
                f"custom op 'memref.global' type should be static shaped memref, but got '{t}'",
                self.base + kw.start_pos,
            )
        props["type"] = TypeAttr(t)
        if len(rest) > i + 2:
            init = rest[i + 2].value
            if getattr(init, "type", None) == "UNINITIALIZED_KW":
                props["initial_value"] = UnitAttr()
            else:
                if isinstance(init, str):  # a token (this driver's or Lark's), not yet decoded
                    init = self.decode_dense_body(init.value, self.base + init.start_pos)  # type: ignore[attr-defined]
                tensor = RankedTensorType(t.shape, t.element_type)
                props["initial_value"] = self.make_dense(init, tensor)  # type: ignore[attr-defined]
        return self._create(kw, "memref.global", [], [], props, attrs)  # type: ignore[attr-defined]

    def memref_get_global(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        sym, t = rest
        name = self.symbol_name(sym)  # type: ignore[attr-defined]
        return self._create(  # type: ignore[attr-defined]
            kw, "memref.get_global", [], [t], {"name": SymbolRefAttr(name)}, attrs
        )

    def memref_copy(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        a, b, ta, _to, tb = rest
        operands = self.resolve_uses([a, b], [ta, tb])  # type: ignore[attr-defined]
        return self._create(kw, "memref.copy", operands, [], {}, attrs)  # type: ignore[attr-defined]

    def _view(
        self, kw: Any, name: str, src: Any, lists: list[Any], t: Type, rt: Type, attrs: Any
    ) -> Any:
        (so, do), (ss, ds), (st, dt) = (self._mixed(x) for x in lists)
        source = self.resolve_uses([src], [t])  # type: ignore[attr-defined]
        props: dict[str, Attribute] = {
            "operandSegmentSizes": DenseArrayAttr(i32, (1, len(do), len(ds), len(dt))),
            "static_offsets": DenseArrayAttr(i64, so),
            "static_sizes": DenseArrayAttr(i64, ss),
            "static_strides": DenseArrayAttr(i64, st),
        }
        return self._create(kw, name, [*source, *do, *ds, *dt], [rt], props, attrs)  # type: ignore[attr-defined]

    def memref_subview(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        src, l1, l2, l3, t, _to, rt = rest
        return self._view(kw, "memref.subview", src, [l1, l2, l3], t, rt, attrs)

    def memref_view(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        src, shift = rest[0], rest[1]
        sizes = rest[2] if isinstance(rest[2], list) else []
        t, rt = rest[-3], rest[-1]
        operands = self.resolve_uses(  # type: ignore[attr-defined]
            [src, shift, *sizes], [t, _INDEX, *([_INDEX] * len(sizes))]
        )
        return self._create(kw, "memref.view", operands, [rt], {}, attrs)  # type: ignore[attr-defined]

    def memref_reinterpret_cast(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        src = rest[0]
        lists = [x for x in rest if isinstance(x, list)]
        t, rt = rest[-3], rest[-1]
        return self._view(kw, "memref.reinterpret_cast", src, lists, t, rt, attrs)

    def memref_collapse_shape(self, c: list[Any]) -> Any:
        from llh_opt.dialects.memref import reassociation_attr  # loaded with its dialect

        kw = c[0]
        attrs, rest = self._tail(c[1:])
        src, groups, t, into, rt = rest
        self._into_memref("memref.collapse_shape", t, rt, into)
        operands = self.resolve_uses([src], [t])  # type: ignore[attr-defined]
        props = {"reassociation": reassociation_attr(groups)}
        return self._create(kw, "memref.collapse_shape", operands, [rt], props, attrs)  # type: ignore[attr-defined]

    def memref_expand_shape(self, c: list[Any]) -> Any:
        from llh_opt.dialects.memref import reassociation_attr  # loaded with its dialect

        kw = c[0]
        attrs, rest = self._tail(c[1:])
        src, groups, _kw, shape, t, into, rt = rest
        self._into_memref("memref.expand_shape", t, rt, into)
        static, dyn = self._mixed(shape)
        operands = self.resolve_uses([src], [t])  # type: ignore[attr-defined]
        props = {
            "reassociation": reassociation_attr(groups),
            "static_output_shape": DenseArrayAttr(i64, static),
        }
        return self._create(kw, "memref.expand_shape", [*operands, *dyn], [rt], props, attrs)  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ math / cf

    def math_op(self, c: list[Any]) -> Any:
        kw = c[0]
        name = kw.value
        flags, attrs, rest = self._split_tail(c[2:])  # type: ignore[attr-defined]
        toks = c[1]
        t = rest[0]
        cls = lookup_op(name)
        arity = len(cls.OPERANDS) if cls is not None else len(toks)
        if len(toks) < arity:  # MLIR's format wants `, %next`
            raise ParseError("expected ','", self._after(toks[-1]), backup=True)
        if len(toks) > arity:  # ... and `:` after the last operand
            raise ParseError("expected ':'", self._after(toks[arity - 1]), backup=True)
        operands = self.resolve_uses(toks, [t] * len(toks))  # type: ignore[attr-defined]
        return self._create(kw, name, operands, [t], self._flags(name, flags), attrs)  # type: ignore[attr-defined]

    def vector_load(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        tok, t, vt = rest[0], rest[-2], rest[-1]
        idx = rest[1] if len(rest) > 3 else []
        t = self._memref_type(t, "vector.load", kw)
        operands = self.resolve_uses([tok, *idx], [t] + [_INDEX] * len(idx))  # type: ignore[attr-defined]
        return self._create(kw, "vector.load", operands, [vt], {}, attrs)  # type: ignore[attr-defined]

    def vector_store(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        vtok, mtok, t, vt = rest[0], rest[1], rest[-2], rest[-1]
        idx = rest[2] if len(rest) > 4 else []
        t = self._memref_type(t, "vector.store", kw)
        operands = self.resolve_uses(  # type: ignore[attr-defined]
            [vtok, mtok, *idx], [vt, t] + [_INDEX] * len(idx)
        )
        return self._create(kw, "vector.store", operands, [], {}, attrs)  # type: ignore[attr-defined]

    def vector_reduction(self, c: list[Any]) -> Any:
        from llh_opt.dialects.vector import COMBINING_KINDS, CombiningKindAttr

        kw, kind = c[0], c[1]
        flags, attrs, rest = self._split_tail(c[3:])  # type: ignore[attr-defined]
        toks = c[2]
        vt, _into, rt = rest
        if kind.value not in COMBINING_KINDS:
            raise ParseError(
                "custom op 'vector.reduction' expected ::mlir::vector::CombiningKind to be one "
                "of: " + ", ".join(COMBINING_KINDS),
                self.base + kind.start_pos,
            )
        if len(toks) > 2:
            raise ParseError("expected ':'", self._after(toks[1]), backup=True)
        operands = self.resolve_uses(toks, [vt, rt][: len(toks)])  # type: ignore[attr-defined]
        props = self._flags("vector.reduction", flags)  # type: ignore[attr-defined]
        props["kind"] = CombiningKindAttr(kind.value)
        return self._create(kw, "vector.reduction", operands, [rt], props, attrs)  # type: ignore[attr-defined]

    def cf_assert(self, c: list[Any]) -> Any:
        kw = c[0]
        attrs, rest = self._tail(c[1:])
        tok, msg = rest
        cond = self.resolve_uses([tok], [i1])  # type: ignore[attr-defined]
        text = self.unescape(msg.value, self.base + msg.start_pos)  # type: ignore[attr-defined]
        return self._create(kw, "cf.assert", cond, [], {"msg": StringAttr(text)}, attrs)  # type: ignore[attr-defined]
