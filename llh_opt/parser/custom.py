"""Builder callbacks for the custom (pretty) op forms llh-opt parses.

What lives here: `CustomOpsMixin` — `module`, `func.func`, `func.return`/`return`, `func.call`,
`func.call_indirect`, `func.constant`, `builtin.unrealized_conversion_cast`, `arith.constant`, the
arith binary/unary/compare/cast/select forms (with their `overflow<...>`/`fastmath<...>`/`nneg`
flags), `tensor.dim/empty/extract/cast/from_elements/reshape`, `index.constant` and the index
binary/cast forms, `cf.br`/`cf.cond_br`, and the errors for unknown custom ops. Each builds
exactly the op MLIR's `--mlir-print-op-generic` shows for the same text (inherent attributes as
properties, default `overflowFlags`/`fastmath` included when the op declares them) and reports
MLIR's errors for bad operand counts and kinds of types. What does not: the grammar of these forms
(``grammar/mlir.lark``) or printing them.
"""

from __future__ import annotations

from typing import Any

from llh_opt.ir.attributes import (
    ArrayAttr,
    Attribute,
    DenseArrayAttr,
    DenseElementsAttr,
    DictionaryAttr,
    FloatAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
)
from llh_opt.ir.core import Operation, Region, lookup_op
from llh_opt.ir.opdef import DIALECTS, load_all_dialects, lookup_dialect, split_inherent
from llh_opt.ir.types import (
    DYNAMIC,
    FunctionType,
    IndexType,
    RankedTensorType,
    ShapedType,
    Type,
    UnrankedTensorType,
    VectorType,
    i1,
    i32,
    i64,
)
from llh_opt.parser.custom_loops import LoopOpsMixin
from llh_opt.parser.errors import ParseError
from llh_opt.parser.lexemes import SCALAR_TYPE_RE, scan_brackets

CMPI_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
CMPF_PREDICATES = (
    "false",
    "oeq",
    "ogt",
    "oge",
    "olt",
    "ole",
    "one",
    "ord",
    "ueq",
    "ugt",
    "uge",
    "ult",
    "ule",
    "une",
    "uno",
    "true",
)
OVERFLOW_OPS = frozenset(("arith.addi", "arith.subi", "arith.muli", "arith.shli", "arith.trunci"))
FASTMATH_OPS = frozenset(
    (
        "arith.addf",
        "arith.subf",
        "arith.mulf",
        "arith.divf",
        "arith.remf",
        "arith.maxnumf",
        "arith.minnumf",
        "arith.maximumf",
        "arith.minimumf",
        "arith.negf",
        "arith.cmpf",
    )
)
_INDEX = IndexType()
_TYPE_MNEMONICS: dict[type, str] = {
    FunctionType: "builtin.function",
    RankedTensorType: "builtin.tensor",
}
"""MLIR's names of the builtin type classes for "invalid kind of type specified" errors."""
_TENSOR_TYPES = (RankedTensorType, UnrankedTensorType)

MLIR_KEYWORDS = frozenset(
    [
        "affine_map",
        "affine_set",
        "array",
        "attributes",
        "ceildiv",
        "complex",
        "dense",
        "dense_resource",
        "distinct",
        "false",
        "floordiv",
        "loc",
        "max",
        "memref",
        "min",
        "mod",
        "offset",
        "size",
        "sparse",
        "step",
        "strided",
        "symbol",
        "tensor",
        "to",
        "true",
        "tuple",
        "type",
        "unit",
        "vector",
    ]
)
"""Bare words MLIR's lexer turns into keyword tokens (with the builtin type names)."""


class CustomOpsMixin(LoopOpsMixin):
    """Callbacks of the `custom_body` alternatives (see the module docstring); the loop-level
    dialects' forms are in ``custom_loops.py``."""

    # ------------------------------------------------------------------ shared

    def custom_op(self, c: list[Any]) -> None:
        results = None
        i = 0
        if getattr(c[0], "type", None) == "RESULTS":
            results = c[0]
            i = 1
        op = c[i]
        loc = c[i + 1] if len(c) > i + 1 else None
        self.append_op(op, results, loc)

    def _create(
        self,
        kw: Any,
        name: str,
        operands: list[Any],
        result_types: Any,
        properties: dict[str, Attribute] | None = None,
        attrs: Any = None,
        regions: Any = (),
        successors: Any = (),
    ) -> Operation:
        off = self.base + kw.start_pos
        cls = self._custom_op_class(name, off)
        attributes = dict(attrs) if attrs else {}
        props = properties if properties is not None else {}
        if attributes and cls is not None:
            for k, v in split_inherent(cls, attributes).items():
                props.setdefault(k, v)
        return Operation.create(
            name,
            operands,
            list(result_types),
            props,
            attributes,
            regions,
            successors,
            self.src.loc(off),
        )

    def _custom_op_class(self, name: str, off: int) -> type[Operation] | None:
        cls = lookup_op(name)
        if cls is not None:
            return cls
        dialect = name.split(".", 1)[0]
        d = DIALECTS.get(dialect)
        if d is None and dialect != "builtin":
            if not self.allow_unregistered:
                raise _dialect_not_found(dialect, name, off)
        elif d is not None and not d.allows_unknown_ops:
            raise ParseError(f"custom op '{name}' is unknown", off)
        return None

    def _declares(self, name: str, prop: str) -> bool:
        cls = lookup_op(name)
        return cls is None or prop in getattr(cls, "PROPERTY_NAMES", ())

    def _flags(self, name: str, flags: Any) -> dict[str, Attribute]:
        """`overflowFlags`/`fastmath`/`nonNeg` of an arith op (written, or MLIR's `none`
        default)."""
        props: dict[str, Attribute] = {}
        if flags is not None:
            text = flags.value
            if text == "nneg":
                if name != "arith.extui":
                    raise ParseError("expected ':'", self.base + flags.start_pos, backup=True)
                props["nonNeg"] = UnitAttr()
                return props
            kind = "overflow" if text.startswith("overflow") else "fastmath"
            prop = "overflowFlags" if kind == "overflow" else "fastmath"
            allowed = OVERFLOW_OPS if kind == "overflow" else FASTMATH_OPS
            off = self.base + flags.start_pos
            if name not in allowed and _flags_prop(name) != prop:
                raise ParseError("expected ':'", off, backup=True)
            props[prop] = self.dialect_attr_text("arith", "." + text, off)
            return props
        if name in OVERFLOW_OPS and self._declares(name, "overflowFlags"):
            props["overflowFlags"] = self.dialect_attr_text("arith", ".overflow<none>", 0)
        elif (name in FASTMATH_OPS and self._declares(name, "fastmath")) or _default_fastmath(name):
            props["fastmath"] = self.dialect_attr_text("arith", ".fastmath<none>", 0)
        return props

    @staticmethod
    def _split_tail(rest: list[Any]) -> tuple[Any, Any, list[Any]]:
        """(flags token or None, attr-dict or None, remaining) from optional trailing children."""
        from llh_opt.parser.builder import AttrDict

        flags = attrs = None
        out = []
        for x in rest:
            if type(x) is AttrDict:
                attrs = x
            elif getattr(x, "type", None) == "ARITH_FLAGS":
                flags = x
            else:
                out.append(x)
        return flags, attrs, out

    def _use(self, tok: Any, type_: Type) -> Any:
        return self.resolve_uses([tok], [type_])[0]

    # ------------------------------------------------------------------ builtin / func

    def MODULE_KW(self, tok: Any) -> Any:
        self.pending_dialect = "builtin"
        return tok

    def FUNC_KW(self, tok: Any) -> Any:
        self.pending_dialect = "func"
        return tok

    def module_op(self, c: list[Any]) -> Operation:
        kw = c[0]
        props: dict[str, Attribute] = {}
        attrs = None
        region = c[-1]
        for x in c[1:-1]:
            if getattr(x, "type", None) == "SYMBOL_REF":
                props["sym_name"] = StringAttr(self.symbol_name(x))
            else:
                attrs = x
        if not region.blocks:
            from llh_opt.ir.core import Block

            region.add_block(Block())
        return self._create(kw, "builtin.module", [], [], props, attrs, [region])

    def module_attrs(self, c: list[Any]) -> tuple[tuple[str, Attribute], ...]:
        return c[1].items

    def func_attrs(self, c: list[Any]) -> tuple[tuple[str, Attribute], ...]:
        return c[1].items

    def func_op(self, c: list[Any]) -> Operation:
        self.pending_entry = None
        self.pending_dialect = None
        kw = c[0]
        i = 1
        visibility = None
        if getattr(c[1], "type", None) == "FUNC_VISIBILITY":
            visibility = c[1].value
            i = 2
        name = self.symbol_name(c[i])
        sig: _FuncSig = c[i + 1]
        attrs = None
        region = None
        for x in c[i + 2 :]:
            if isinstance(x, Region):
                region = x
            else:
                attrs = x
        props: dict[str, Attribute] = {
            "function_type": TypeAttr(FunctionType(sig.inputs, sig.results)),
            "sym_name": StringAttr(name),
        }
        if visibility is not None:
            props["sym_visibility"] = StringAttr(visibility)
        if any(sig.arg_attrs):
            props["arg_attrs"] = ArrayAttr(tuple(DictionaryAttr(a or ()) for a in sig.arg_attrs))
        if any(sig.res_attrs):
            props["res_attrs"] = ArrayAttr(tuple(DictionaryAttr(a or ()) for a in sig.res_attrs))
        op = self._create(kw, "func.func", [], [], props, attrs, [region or Region()])
        return op

    def SYMBOL_REF(self, tok: Any) -> Any:
        self.last_symbol_end = self.base + tok.start_pos + len(tok.value)
        return tok

    def func_sig(self, c: list[Any]) -> _FuncSig:
        sig = _FuncSig()
        named = []
        first_kind = None
        index = 0
        for x in c:
            if isinstance(x, _FuncResults):
                sig.results = x.types
                sig.res_attrs = x.attrs
                continue
            kind = x[0]
            if first_kind is None:
                first_kind = kind
            if kind == "named":
                _, tok, t, attrs, loc = x
                named.append((tok, t, loc))
                if first_kind != kind:
                    raise ParseError(
                        "custom op 'func.func' expected type instead of SSA identifier",
                        self.base + tok.start_pos,
                    )
            else:
                _, t, attrs = x
                if first_kind != kind:
                    raise ParseError(
                        "custom op 'func.func' expected SSA identifier", self._arg_offset(index)
                    )
            sig.inputs += (t,)
            sig.arg_attrs.append(attrs.items if attrs is not None else None)
            index += 1
        if named:
            self.pending_entry = named
        return sig

    def _arg_offset(self, index: int) -> int:
        """The start of argument `index` of the signature after the last `@name`."""
        text = self.src.text
        i = text.find("(", self.last_symbol_end) + 1
        k = 0
        while i < len(text):
            while text[i] in " \t\r\n":
                i += 1
            if k == index:
                return i
            comma = scan_brackets(text, i, ",")
            if comma < 0:
                break
            i = comma + 1
            k += 1
        return self.last_symbol_end

    def func_arg_named(self, c: list[Any]) -> tuple[Any, ...]:
        attrs = loc = None
        for x in c[2:]:
            if isinstance(x, DictionaryAttr):
                attrs = x
            else:
                loc = x
        return ("named", c[0], c[1], attrs, loc)

    def func_arg_type(self, c: list[Any]) -> tuple[Any, ...]:
        return ("type", c[0], c[1] if len(c) > 1 else None)

    def func_results_single(self, c: list[Any]) -> _FuncResults:
        return _FuncResults((c[0],), [None])

    def func_results_list(self, c: list[Any]) -> _FuncResults:
        return _FuncResults(tuple(t for t, _ in c), [a for _, a in c])

    def func_result(self, c: list[Any]) -> tuple[Type, Any]:
        return (c[0], c[1].items if len(c) > 1 else None)

    def return_op(self, c: list[Any]) -> Operation:
        kw = c[0]
        name = self._bare_name(kw, "return")
        operands: list[Any] = []
        if len(c) > 1:
            toks, types = c[1], c[2]
            if len(toks) != len(types):
                raise ParseError(
                    f"custom op '{name}' number of operands and types do not match: got "
                    f"{len(toks)} operands and {len(types)} types",
                    self.base + toks[0].start_pos,
                )
            operands = self.resolve_uses(toks, types)
        return self._create(kw, name, operands, [])

    def call_op(self, c: list[Any]) -> Operation:
        kw = c[0]
        name = self._bare_name(kw, "call")
        callee = self.symbol_name(c[1])
        toks: list[Any] = []
        attrs = None
        ft: FunctionType = c[-1]
        for x in c[2:-1]:
            if isinstance(x, list):
                toks = x
            else:
                attrs = x
        if len(toks) != len(ft.inputs):
            raise ParseError(
                f"custom op '{name}' number of operands and types do not match: got {len(toks)} "
                f"operands and {len(ft.inputs)} types",
                self.base + (toks[0].start_pos if toks else c[1].start_pos + len(c[1].value) + 1),
            )
        operands = self.resolve_uses(toks, ft.inputs)
        return self._create(
            kw, name, operands, ft.results, {"callee": SymbolRefAttr(callee)}, attrs
        )

    def _bare_name(self, kw: Any, short: str, dialect: str = "func") -> str:
        """`<dialect>.X`, also for bare `X` where the default dialect is `dialect`."""
        if kw.value == short:
            default = self.regions[-1].dialect
            if default == "":
                raise _no_default_dialect(short, self.base + kw.start_pos)
            if default != dialect:
                raise ParseError(
                    f"custom op '{short}' is unknown (tried '{default}.{short}' as well)",
                    self.base + kw.start_pos,
                )
        return dialect + "." + short

    def call_indirect_op(self, c: list[Any]) -> Operation:
        kw = c[0]
        name = self._bare_name(kw, "call_indirect")
        callee = c[1]
        toks: list[Any] = []
        attrs = None
        for x in c[2:-1]:
            if isinstance(x, list):
                toks = x
            else:
                attrs = x
        ft: FunctionType = c[-1]
        if len(toks) != len(ft.inputs):
            at = self._next_token_offset(self._after_token(callee) + 1)
            self._count_mismatch(name, len(toks), len(ft.inputs), at)
        operands = self.resolve_uses([callee, *toks], [ft, *ft.inputs])
        return self._create(kw, name, operands, ft.results, {}, attrs)

    def _count_mismatch(self, name: str, operands: int, types: int, off: int) -> None:
        raise ParseError(
            f"custom op '{name}' number of operands and types do not match: got {operands} "
            f"operands and {types} types",
            off,
        )

    def _expect_type(self, t: Type, cls: Any, name: str, after: int) -> Any:
        """`t` if it is a `cls` (a builtin type class), else MLIR's "invalid kind of type"
        error at the type after the first `:` following offset `after`."""
        if isinstance(t, cls):
            return t
        mnemonic = _TYPE_MNEMONICS.get(cls)
        detail = f": expected {mnemonic}, but found '{t}'" if mnemonic else ""
        raise ParseError(
            f"custom op '{name}' invalid kind of type specified{detail}", self._colon_type(after)
        )

    def _colon_type(self, start: int) -> int:
        """The first token after the first `:` at bracket depth 0 from absolute `start`."""
        colon = scan_brackets(self.src.text, start, ":")
        return self._next_token_offset(colon + 1) if colon >= 0 else start

    def _to_type(self, start: int) -> int:
        """The first token after the keyword `to` at bracket depth 0 from absolute `start`."""
        to = scan_brackets(self.src.text, start, "to")
        return self._next_token_offset(to + 2) if to >= 0 else start

    def func_constant(self, c: list[Any]) -> Operation:
        kw = c[0]
        name = self._bare_name(kw, "constant")
        attrs = c[1].items if len(c) > 3 else None
        tok = c[-2]
        symbol = self.make_symbol_ref(tok.value, self.base + tok.start_pos)
        if symbol.nested:
            raise ParseError(
                f"custom op '{name}' invalid kind of attribute specified",
                self.base + tok.start_pos,
            )
        return self._create(kw, name, [], [c[-1]], {"value": symbol}, attrs)

    def unrealized_cast(self, c: list[Any]) -> Operation:
        kw = c[0]
        name = self._bare_name(kw, "unrealized_conversion_cast", "builtin")
        attrs = None
        if type(c[-1]) is DictionaryAttr:
            attrs = c[-1].items
            c = c[:-1]
        if len(c) == 5:
            toks, types = c[1], c[2]
            if len(toks) != len(types):
                self._count_mismatch(name, len(toks), len(types), self.base + toks[0].start_pos)
            operands = self.resolve_uses(toks, types)
        else:
            operands = []
        return self._create(kw, name, operands, c[-1], {}, attrs)

    def _after_token(self, tok: Any) -> int:
        return self.base + tok.start_pos + len(tok.value)

    def BARE_OPNAME(self, tok: Any) -> Any:
        name = tok.value
        off = self.base + tok.start_pos
        if name in MLIR_KEYWORDS or SCALAR_TYPE_RE.match(name):
            # MLIR's lexer makes these keyword tokens, which cannot start an operation.
            raise ParseError("expected operation name in quotes", off, backup=True)
        if "." not in name:
            dialect = self.regions[-1].dialect
            if dialect == "":
                raise _no_default_dialect(name, off)
            raise ParseError(
                f"custom op '{name}' is unknown (tried '{dialect}.{name}' as well)", off
            )
        dialect = name.split(".", 1)[0]
        if lookup_dialect(dialect) is None and dialect != "builtin":
            raise _dialect_not_found(dialect, name, off)
        raise ParseError(f"custom op '{name}' is unknown", off)

    def unknown_op(self, c: list[Any]) -> None:  # pragma: no cover - BARE_OPNAME raises first
        raise AssertionError("unknown_op is reported by the BARE_OPNAME terminal callback")

    # ------------------------------------------------------------------ arith

    def arith_constant(self, c: list[Any]) -> Operation:
        kw = c[0]
        value = c[-1]
        attrs = c[1].items if len(c) > 2 else None
        if isinstance(value, (IntegerAttr, FloatAttr, DenseElementsAttr)):
            rtype = value.type
        else:
            off = self._next_token_offset(self.base + kw.start_pos + len(kw.value))
            if attrs is not None:
                off = self._skip_braces(off)
            raise ParseError("custom op 'arith.constant' invalid kind of attribute specified", off)
        return self._create(kw, "arith.constant", [], [rtype], {"value": value}, attrs)

    def _skip_braces(self, off: int) -> int:
        return self._next_token_offset(scan_brackets(self.src.text, off))

    def arith_binop(self, c: list[Any]) -> Operation:
        kw = c[0]
        name = kw.value
        flags, attrs, rest = self._split_tail(c[3:])
        t = rest[0]
        operands = self.resolve_uses([c[1], c[2]], [t, t])
        return self._create(kw, name, operands, [t], self._flags(name, flags), attrs)

    def arith_unop(self, c: list[Any]) -> Operation:
        kw = c[0]
        name = kw.value
        flags, attrs, rest = self._split_tail(c[2:])
        t = rest[0]
        operands = self.resolve_uses([c[1]], [t])
        return self._create(kw, name, operands, [t], self._flags(name, flags), attrs)

    def arith_cmp(self, c: list[Any]) -> Operation:
        kw = c[0]
        name = kw.value
        pred_tok = c[1]
        flags, attrs, rest = self._split_tail(c[4:])
        t = rest[0]
        table = CMPI_PREDICATES if name == "arith.cmpi" else CMPF_PREDICATES
        pred = pred_tok.value
        if pred not in table:
            raise ParseError(
                f"custom op '{name}' expected string or keyword containing one of the following "
                f"enum values for attribute 'predicate' [{', '.join(table)}]",
                self.base + pred_tok.start_pos,
            )
        operands = self.resolve_uses([c[2], c[3]], [t, t])
        props = self._flags(name, flags)
        props["predicate"] = IntegerAttr(table.index(pred), i64)
        return self._create(kw, name, operands, [_i1_like(t)], props, attrs)

    def cast_op(self, c: list[Any]) -> Operation:
        kw = c[0]
        name = kw.value
        flags, attrs, rest = self._split_tail(c[2:])
        rounding = None
        if getattr(rest[0], "type", None) == "ROUNDING_KW":
            rounding = rest.pop(0)
            if name != "arith.truncf":
                raise ParseError("expected ':'", self.base + rounding.start_pos, backup=True)
        src_t, _to, dst_t = rest
        props = self._flags(name, flags) if name == "arith.trunci" or flags is not None else {}
        if rounding is not None:
            props["roundingmode"] = IntegerAttr(ROUNDING_MODES.index(rounding.value), i32)
        if name == "tensor.cast":
            after = self._after_token(c[1])
            self._expect_type(src_t, _TENSOR_TYPES, name, after)
            if not isinstance(dst_t, _TENSOR_TYPES):
                raise ParseError(
                    f"custom op '{name}' invalid kind of type specified",
                    self._to_type(self._colon_type(after)),
                )
        operands = self.resolve_uses([c[1]], [src_t])
        return self._create(kw, name, operands, [dst_t], props, attrs)

    def arith_select(self, c: list[Any]) -> Operation:
        kw = c[0]
        types = c[-1]
        attrs = c[4] if len(c) > 5 else None
        if len(types) == 1:
            cond_t, t = i1, types[0]
        elif len(types) == 2:
            cond_t, t = types
        else:
            raise ParseError("expected ':'", self.base + kw.start_pos)
        operands = self.resolve_uses(c[1:4], [cond_t, t, t])
        return self._create(kw, "arith.select", operands, [t], {}, attrs)

    # ------------------------------------------------------------------ tensor

    def tensor_dim(self, c: list[Any]) -> Operation:
        kw = c[0]
        attrs = c[1] if len(c) == 5 else None
        src, idx, t = c[-3], c[-2], c[-1]
        operands = self.resolve_uses([src, idx], [t, _INDEX])
        return self._create(kw, kw.value, operands, [_INDEX], {}, attrs)  # tensor.dim, memref.dim

    def tensor_empty(self, c: list[Any]) -> Operation:
        kw = c[0]
        toks: list[Any] = []
        attrs = None
        for x in c[1:-1]:
            if isinstance(x, list):
                toks = x
            else:
                attrs = x
        t = c[-1]
        operands = self.resolve_uses(toks, [_INDEX] * len(toks))
        return self._create(kw, "tensor.empty", operands, [t], {}, attrs)

    def tensor_extract(self, c: list[Any]) -> Operation:
        kw = c[0]
        src = c[1]
        toks: list[Any] = []
        attrs = None
        for x in c[2:-1]:
            if isinstance(x, list):
                toks = x
            else:
                attrs = x
        t = c[-1]
        if not isinstance(t, ShapedType):
            raise ParseError(
                f"'tensor.extract' op operand #0 must be ranked tensor of any type values, but "
                f"got '{t}'",
                self.base + kw.start_pos,
            )
        operands = self.resolve_uses([src, *toks], [t] + [_INDEX] * len(toks))
        return self._create(kw, "tensor.extract", operands, [t.element_type], {}, attrs)

    def tensor_from_elements(self, c: list[Any]) -> Operation:
        kw = c[0]
        name = "tensor.from_elements"
        toks: list[Any] = []
        attrs = None
        for x in c[1:-1]:
            if isinstance(x, list):
                toks = x
            else:
                attrs = x
        after = self._after_token(kw)
        t = self._expect_type(c[-1], RankedTensorType, name, after)
        if DYNAMIC in t.shape:
            raise ParseError(
                f"custom op '{name}' 'result' must be statically shaped tensor of any non-token "
                f"type values, but got '{t}'",
                self.base + kw.start_pos,
            )
        n = t.num_elements
        if len(toks) != n:
            self._count_mismatch(name, len(toks), n, self._next_token_offset(after))
        operands = self.resolve_uses(toks, [t.element_type] * n)
        return self._create(kw, name, operands, [t], {}, attrs)

    def tensor_reshape(self, c: list[Any]) -> Operation:
        kw = c[0]
        name = "tensor.reshape"
        src, shape = c[1], c[2]
        attrs = c[3] if len(c) > 4 else None
        ft: FunctionType = c[-1]
        if len(ft.inputs) != 2:
            self._count_mismatch(name, 2, len(ft.inputs), self.base + kw.start_pos)
        operands = self.resolve_uses([src, shape], ft.inputs)
        return self._create(kw, name, operands, ft.results, {}, attrs)

    # ------------------------------------------------------------------ index

    def index_constant(self, c: list[Any]) -> Operation:
        kw = c[0]
        tok = c[-1]
        attrs = c[1].items if len(c) > 2 else None
        value = self.make_int(tok.value, self.base + tok.start_pos, _INDEX)
        return self._create(kw, "index.constant", [], [_INDEX], {"value": value}, attrs)

    def index_binop(self, c: list[Any]) -> Operation:
        kw = c[0]
        attrs = c[3] if len(c) > 3 else None
        operands = self.resolve_uses([c[1], c[2]], [_INDEX, _INDEX])
        return self._create(kw, kw.value, operands, [_INDEX], {}, attrs)

    # ------------------------------------------------------------------ cf

    def successor_args(self, c: list[Any]) -> tuple[Any, list[Any]]:
        tok = c[0]
        block = self.regions[-1].reference(tok.value[1:], self.base + tok.start_pos)
        if len(c) == 1:
            return block, []
        toks, types = c[1], c[2]
        if len(toks) != len(types):
            raise ParseError(
                f"expected {len(toks)} types to match operand list", self.base + toks[0].start_pos
            )
        return block, self.resolve_uses(toks, types)

    def cf_br(self, c: list[Any]) -> Operation:
        kw = c[0]
        block, operands = c[1]
        attrs = c[2] if len(c) > 2 else None
        return self._create(kw, "cf.br", operands, [], {}, attrs, (), [block])

    def cf_cond_br(self, c: list[Any]) -> Operation:
        kw = c[0]
        cond = self._use(c[1], i1)
        (b1, ops1), (b2, ops2) = c[2], c[3]
        attrs = c[4] if len(c) > 4 else None
        props = {"operandSegmentSizes": DenseArrayAttr(i32, (1, len(ops1), len(ops2)))}
        return self._create(kw, "cf.cond_br", [cond, *ops1, *ops2], [], props, attrs, (), [b1, b2])


ROUNDING_MODES = ("to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away")
"""`arith.truncf`'s rounding modes (the `roundingmode` property is the index, as i32)."""


def _flags_prop(name: str) -> str | None:
    """The flags property a registered op declares (`FLAGS_PROP`: math ops, extf, truncf)."""
    return getattr(lookup_op(name), "FLAGS_PROP", None)


def _default_fastmath(name: str) -> bool:
    """Whether the registered op stores MLIR's default `fastmath = none` (math ops)."""
    cls = lookup_op(name)
    return cls is not None and "fastmath" in dict(getattr(cls, "GENERIC_DEFAULTS", ()))


def _no_default_dialect(name: str, off: int) -> ParseError:
    """MLIR's error for a bare op name in a region without a default dialect (scf bodies)."""
    err = _dialect_not_found("", name, off)
    err.message += f" (tried '.{name}' as well)"
    return err


def _dialect_not_found(dialect: str, name: str, off: int) -> ParseError:
    load_all_dialects()  # the message lists every registered dialect
    names = ", ".join(sorted(set(DIALECTS) | {"builtin"}))
    return ParseError(
        f"Dialect `{dialect}' not found for custom op '{name}' ",
        off,
        [
            (
                (
                    f"Available dialects: {names} ; for more info on dialect registration see "
                    "https://mlir.llvm.org/getting_started/Faq/"
                    "#registered-loaded-dependent-whats-up-with-dialects-management"
                ),
                off,
            )
        ],
    )


class _FuncSig:
    """A parsed `func.func` signature."""

    __slots__ = ("arg_attrs", "inputs", "res_attrs", "results")

    def __init__(self) -> None:
        self.inputs: tuple[Type, ...] = ()
        self.results: tuple[Type, ...] = ()
        self.arg_attrs: list[Any] = []
        self.res_attrs: list[Any] = []


class _FuncResults:
    __slots__ = ("attrs", "types")

    def __init__(self, types: tuple[Type, ...], attrs: list[Any]) -> None:
        self.types = types
        self.attrs = attrs


def _i1_like(t: Type) -> Type:
    """The i1 (or i1-element) type of a comparison result for operands of type `t`."""
    if isinstance(t, RankedTensorType):
        return RankedTensorType(t.shape, i1)
    if isinstance(t, UnrankedTensorType):
        return UnrankedTensorType(i1)
    if isinstance(t, VectorType):
        return VectorType(t.shape, i1, t.scalable)
    return i1
