"""Builder callbacks for attributes, types and locations, with MLIR's checks and messages.

What lives here: `AttrMixin` — the grammar callbacks of the attribute, type and location rules
(`int_attr`, `tensor_ranked`, `loc_file`, ...) and the constructors they share with the
coarse-token fast paths (integer/float literals with their range rules, strings with escapes,
`dense<...>` literals with MLIR's shape checks, `array<...>`, `strided<...>`, symbol references,
dialect attributes/types and their hooks, `#alias`/`!alias` lookup, fused locations normalized as
MLIR's `FusedLoc::get` does: `fused_loc`). What does not: the decoding of coarse tokens
(``decode.py``) and op construction (``builder.py``, ``custom.py``).
"""

from __future__ import annotations

from typing import Any

from llh_opt.diagnostics import DiagnosticError
from llh_opt.ir import dense as dense_mod
from llh_opt.ir import literals
from llh_opt.ir.affine import INT64_MAX
from llh_opt.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    Attribute,
    BoolAttr,
    CallSiteLoc,
    DenseArrayAttr,
    DenseElementsAttr,
    DictionaryAttr,
    FileLineColLoc,
    FloatAttr,
    FusedLoc,
    IntegerAttr,
    LocationAttr,
    NameLoc,
    OpaqueAttr,
    StridedLayoutAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
    UnknownLoc,
)
from llh_opt.ir.opdef import lookup_dialect
from llh_opt.ir.types import (
    DYNAMIC,
    FLOAT_TYPE_NAMES,
    ComplexType,
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    NoneType,
    OpaqueType,
    RankedTensorType,
    TupleType,
    Type,
    UnrankedMemRefType,
    UnrankedTensorType,
    VectorType,
    f64,
    i1,
    i64,
)
from llh_opt.parser.errors import ParseError
from llh_opt.parser.lexemes import (
    ATOM_RE,
    INT_TYPE_RE,
    SYMBOL_PART_RE,
    WS_COMMENT_RE,
    scan_brackets,
)

MAX_INT_WIDTH = literals.MAX_INT_WIDTH
_SIGN_NAMES = ("signless", "signed", "unsigned")

UNREGISTERED_ATTR = (
    "attribute created with unregistered dialect. If this is intended, please call "
    "allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the "
    "MLIR opt tool used"
)
UNREGISTERED_TYPE = (
    "type created with unregistered dialect. If this is intended, please call "
    "allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the "
    "MLIR opt tool used"
)

_SCALARS: dict[str, Type] = {"index": IndexType(), "none": NoneType()}
for _n in FLOAT_TYPE_NAMES:
    _SCALARS[_n] = FloatType(_n)


def scalar_type(text: str) -> Type | None:
    """A builtin scalar type from its spelling (`i32`, `ui8`, `f32`, `index`), or None."""
    t = _SCALARS.get(text)
    if t is not None:
        return t
    m = INT_TYPE_RE.match(text)
    if m is None:
        return None
    width = int(m.group(2))
    if width > MAX_INT_WIDTH:
        return None
    t = IntegerType(width, ("", "s", "u").index(m.group(1)))
    _SCALARS[text] = t
    return t


class DeferredLoc:
    """`loc(#alias)` whose alias is not defined yet (MLIR allows it for op locations)."""

    __slots__ = ("name", "offset")

    def __init__(self, name: str, offset: int) -> None:
        self.name = name
        self.offset = offset

    def undefined(self) -> ParseError:
        """The error for a use where MLIR needs the alias defined already (nested locations)."""
        return ParseError(
            f"undefined symbol alias id '{self.name}'",
            self.offset + 1 + len(self.name),
            backup=True,
        )


class DenseList(list):
    """A bracketed dense literal level; `end` is the offset after its last element."""

    __slots__ = ("end",)


class Leaf(tuple):
    """A dense literal element: (kind, value, offset) — see `dense.convert_leaf` for kinds."""

    __slots__ = ()


class AttrMixin:
    """Callbacks and constructors for attributes, types and locations."""

    # ------------------------------------------------------------------ scalar literals

    def make_int(self, text: str, off: int, type_: Type | None) -> Attribute:
        negative = text.startswith("-")
        digits = text[1:] if negative else text
        if type_ is None:
            type_ = i64
        if isinstance(type_, FloatType):
            if digits.startswith("0x"):
                if negative:
                    raise ParseError(literals.HEX_FLOAT_NEGATIVE, off + 1)
                try:
                    bits = literals.parse_hex_float_literal(digits, type_.name)
                except ValueError as e:
                    raise ParseError(str(e), off) from None
                return FloatAttr(bits, type_)
            raise ParseError(
                literals.DECIMAL_INT_FOR_FLOAT, off, [(literals.DECIMAL_INT_FOR_FLOAT_NOTE, off)]
            )
        magnitude = literals.literal_magnitude(digits)
        if isinstance(type_, IntegerType):
            width, sign = type_.width, _SIGN_NAMES[type_.signedness]
        elif isinstance(type_, IndexType):
            width, sign = 64, "signless"
        else:
            raise ParseError("integer literal not valid for specified type", off)
        try:
            value = literals.check_integer_literal(magnitude, negative, width, sign)
        except ValueError as e:
            raise ParseError(str(e), off) from None
        return IntegerAttr(value, type_)

    def make_float(self, text: str, off: int, type_: Type | None, type_end: int) -> Attribute:
        if type_ is None:
            type_ = f64
        if not isinstance(type_, FloatType):
            raise ParseError("floating point value not valid for specified type", type_end)
        try:
            bits = literals.parse_float_literal(text, type_.name)
        except ValueError as e:
            raise ParseError(str(e), off) from None
        return FloatAttr(bits, type_)

    def unescape(self, quoted: str, off: int) -> str:
        """The value of a string literal token (with its quotes) found at `off`."""
        body = quoted[1:-1]
        if "\\" not in body:
            return body
        try:
            return literals.unescape_string(body).decode("utf-8", "surrogateescape")
        except ValueError as e:
            i = 0
            while True:
                i = body.find("\\", i)
                if i < 0 or body[i + 1 : i + 2] not in '"\\nt' and not _hex2(body, i + 1):
                    break
                i += 2
            raise ParseError(str(e), off + 1 + max(i, 0)) from None

    def type_end_offset(self, after: int) -> int:
        """The offset of the token after the type that starts at (or after blanks at) `after`."""
        text = self.src.text
        pos = WS_COMMENT_RE.match(text, after).end()
        m = ATOM_RE.match(text, pos)
        if m is not None:
            pos = m.end()
        return WS_COMMENT_RE.match(text, pos).end()

    # ------------------------------------------------------------------ attribute callbacks

    def int_attr(self, c: list[Any]) -> Attribute:
        tok = c[0]
        return self.make_int(tok.value, self.base + tok.start_pos, c[1] if len(c) > 1 else None)

    def float_attr(self, c: list[Any]) -> Attribute:
        tok = c[0]
        off = self.base + tok.start_pos
        t = c[1] if len(c) > 1 else None
        end = self.type_end_offset(self._after_colon(off + len(tok.value))) if t else 0
        return self.make_float(tok.value, off, t, end)

    def _after_colon(self, pos: int) -> int:
        text = self.src.text
        pos = WS_COMMENT_RE.match(text, pos).end()
        return pos + 1 if text.startswith(":", pos) else pos

    def true_attr(self, c: list[Any]) -> Attribute:
        return BoolAttr(True)

    def false_attr(self, c: list[Any]) -> Attribute:
        return BoolAttr(False)

    def unit_attr(self, c: list[Any]) -> Attribute:
        return UnitAttr()

    def string_attr(self, c: list[Any]) -> Attribute:
        tok = c[0]
        value = self.unescape(tok.value, self.base + tok.start_pos)
        t = c[1] if len(c) > 1 else None
        return StringAttr(value, None if isinstance(t, NoneType) else t)

    def array_attr(self, c: list[Any]) -> Attribute:
        return ArrayAttr(tuple(c))

    def dense_array_attr(self, c: list[Any]) -> Attribute:
        x = c[0]
        if isinstance(x, Attribute):
            return x
        return self.decode_dense_array(x.value, self.base + x.start_pos)

    def affine_map_attr(self, c: list[Any]) -> Attribute:
        tok = c[0]
        return self.make_affine_map(tok.value, self.base + tok.start_pos)

    def make_affine_map(self, text: str, off: int) -> Attribute:
        from llh_opt.parser.affine_parser import AffineParseError, parse_affine_map

        body = text[len("affine_map<") : -1]
        try:
            return AffineMapAttr(parse_affine_map(body))
        except AffineParseError as e:
            raise ParseError(e.message, off + len("affine_map<") + e.offset) from None

    def strided_attr(self, c: list[Any]) -> Attribute:
        x = c[0]
        if isinstance(x, Attribute):
            return x
        return self.decode_strided(x.value, self.base + x.start_pos)

    def hash_attr(self, c: list[Any]) -> Attribute:
        tok = c[0]
        return self.make_hash_attr(tok.value, self.base + tok.start_pos)

    def symbol_ref_attr(self, c: list[Any]) -> Attribute:
        tok = c[0]
        return self.make_symbol_ref(tok.value, self.base + tok.start_pos)

    def type_attr(self, c: list[Any]) -> Attribute:
        return TypeAttr(c[0])

    def loc_attr(self, c: list[Any]) -> Attribute:
        loc = c[0]
        if isinstance(loc, DeferredLoc):
            raise loc.undefined()
        return loc

    def dict_attr_coarse(self, c: list[Any]) -> Attribute:
        tok = c[0]
        return self.decode_dict(tok.value, self.base + tok.start_pos)

    def dict_attr(self, c: list[Any]) -> Attribute:
        return c[0]

    def dict_fine(self, c: list[Any]) -> Attribute:
        return DictionaryAttr(self.named_items(c))

    def named_attr(self, c: list[Any]) -> tuple[str, Attribute, int]:
        key = c[0]
        off = self.base + key.start_pos
        name = key.value if key.type == "BARE_ID" else self.unescape(key.value, off)
        if key.type != "BARE_ID" and not name:
            raise ParseError("expected valid attribute name", off)
        return (name, c[1] if len(c) > 1 else UnitAttr(), off)

    def named_items(self, entries: list[tuple[str, Attribute, int]]) -> list[tuple[str, Attribute]]:
        seen: set[str] = set()
        out = []
        for name, attr, off in entries:
            if name in seen:
                raise ParseError(f"duplicate key '{name}' in dictionary attribute", off)
            seen.add(name)
            out.append((name, attr))
        return out

    def make_symbol_ref(self, text: str, off: int) -> Attribute:
        parts = []
        for m in SYMBOL_PART_RE.finditer(text):
            part = m.group(1)
            if part.startswith('"'):
                part = self.unescape(part, off + m.start(1))
            parts.append(part)
        return SymbolRefAttr(parts[0], tuple(parts[1:]))

    def symbol_name(self, tok: Any) -> str:
        """The name of a flat `@name` token (func.func, module, call)."""
        off = self.base + tok.start_pos
        ref = self.make_symbol_ref(tok.value, off)
        if ref.nested:
            raise ParseError("expected '('", off + tok.value.index("::@"), backup=True)
        return ref.root

    # ------------------------------------------------------------------ dense elements

    def dense_attr(self, c: list[Any]) -> Attribute:
        x = c[0]
        if isinstance(x, DenseLiteral):
            lit = x
        else:
            lit = self.decode_dense_body(x.value, self.base + x.start_pos)
        if len(c) < 2:
            raise ParseError("expected ':'", lit.end, backup=True)
        return self.make_dense(lit, c[1])

    def dense_fine(self, c: list[Any]) -> DenseLiteral:
        kw = c[0]
        off = self.base + kw.start_pos
        end = scan_brackets(self.src.text, off + len("dense"))
        if len(c) == 1:
            return DenseLiteral(None, off, end)
        return DenseLiteral(c[1], off, end)

    def dense_list(self, c: list[Any]) -> DenseList:
        lst = DenseList(c)
        lst.end = _end_of(c[-1]) if c else self.base
        return lst

    def dense_complex(self, c: list[Any]) -> Leaf:
        return Leaf(("complex", c[0], c[1], c[0][2]))

    def dense_scalar(self, c: list[Any]) -> Leaf:
        tok = c[0]
        return self.make_leaf(tok.type, tok.value, self.base + tok.start_pos)

    def make_leaf(self, ttype: str, text: str, off: int) -> Leaf:
        if ttype == "INT_LIT":
            if "0x" in text:
                return Leaf(("hexint", text, off))
            return Leaf(("int", parse_int(text), off))
        if ttype == "FLOAT_LIT":
            return Leaf(("float", text, off))
        if ttype == "TRUE_KW":
            return Leaf(("bool", True, off))
        if ttype == "FALSE_KW":
            return Leaf(("bool", False, off))
        return Leaf(("str", self.unescape(text, off), off))

    def make_dense(self, lit: DenseLiteral, type_: Type) -> Attribute:
        """`dense<lit> : type` with MLIR's checks (messages at the offending element)."""
        off = lit.offset
        value = lit.value
        if not isinstance(type_, (RankedTensorType, VectorType)):
            raise ParseError("elements literal must be a shaped type", off)
        if not type_.has_static_shape:
            raise ParseError("elements literal type must have static shape", off)
        et = type_.element_type
        if value is None:
            if type_.num_elements != 0:
                raise ParseError(
                    f"parsed zero elements, but type ('{type_}') expected at least 1", off
                )
            return DenseElementsAttr(type_, ())
        if isinstance(value, Leaf):
            if value[0] == "str" and isinstance(
                et, (IntegerType, IndexType, FloatType, ComplexType)
            ):
                try:
                    return DenseElementsAttr(type_, dense_mod.values_from_hex(value[1], type_))
                except dense_mod.DenseLiteralError as e:
                    msg = str(e)
                    if msg.startswith("elements hex data size is invalid"):
                        raise ParseError(
                            f"elements hex data size is invalid for provided type: '{type_}'", off
                        ) from None
                    raise ParseError(msg, value[2]) from None
            return DenseElementsAttr(type_, (self._convert_leaf(value, et),))
        shape = self._literal_shape(value)
        if list(shape) != list(type_.shape):
            raise ParseError(
                f"inferred shape of elements literal ({_shape_text(shape)}) does not match type "
                f"({_shape_text(type_.shape)})",
                off,
            )
        flat: list[Leaf] = []
        _flatten(value, flat)
        return DenseElementsAttr(type_, tuple(self._convert_leaf(x, et) for x in flat))

    def _literal_shape(self, lit: Any) -> list[int]:
        if not isinstance(lit, DenseList):
            return []
        if not lit:
            return [0]
        shapes = [self._literal_shape(x) for x in lit]
        first = shapes[0]
        for s in shapes[1:]:
            if s != first:
                text = self.src.text
                close = text.find("]", lit.end)
                raise ParseError(
                    "tensor literal is invalid; ranks are not consistent between elements",
                    close if close >= 0 else lit.end,
                )
        return [len(lit), *first]

    def _convert_leaf(self, leaf: Leaf, et: Type) -> Any:
        kind = leaf[0]
        try:
            if kind == "complex":
                return dense_mod.convert_leaf(("complex", leaf[1][:2], leaf[2][:2]), et)
            if kind == "str" and not isinstance(et, (OpaqueType,)):
                raise dense_mod.DenseLiteralError(
                    "expected string containing hex digits starting with `0x`"
                )
            v = dense_mod.convert_leaf(leaf[:2], et)
            if isinstance(et, IntegerType) and et.width == 1:
                v = literals.wrap_integer(v, 1, _SIGN_NAMES[et.signedness])
            return v
        except (dense_mod.DenseLiteralError, ValueError) as e:
            msg = str(e)
            at = leaf[3] if kind == "complex" else leaf[2]
            if msg == literals.DECIMAL_INT_FOR_FLOAT:
                raise ParseError(msg, at, [(literals.DECIMAL_INT_FOR_FLOAT_NOTE, at)]) from None
            raise ParseError(msg, at) from None

    # ------------------------------------------------------------------ dense arrays, strided

    def array_fine(self, c: list[Any]) -> Attribute:
        kw = c[0]
        type_ = c[1]
        off = self.base + kw.start_pos
        items = [(t.type, t.value, self.base + t.start_pos) for t in c[2:]]
        return self.make_dense_array(type_, items, off + len("array<"))

    def array_item(self, c: list[Any]) -> Any:
        return c[0]

    def make_dense_array(
        self, type_: Type, items: list[tuple[str, str, int]], toff: int
    ) -> Attribute:
        if not isinstance(type_, (IntegerType, FloatType)):
            raise ParseError(f"expected integer or float type, got: '{type_}'", toff)
        values = []
        for kind, text, off in items:
            if isinstance(type_, FloatType):
                if kind == "INT_LIT" and not text.lstrip("-").startswith("0x"):
                    raise ParseError(
                        literals.DECIMAL_INT_FOR_FLOAT,
                        off,
                        [(literals.DECIMAL_INT_FOR_FLOAT_NOTE, off)],
                    )
                if kind in ("TRUE_KW", "FALSE_KW"):
                    raise ParseError("expected floating point literal", off)
                try:
                    if kind == "INT_LIT":
                        if text.startswith("-"):
                            raise ParseError(literals.HEX_FLOAT_NEGATIVE, off + 1)
                        bits = literals.parse_hex_float_literal(text, type_.name)
                    else:
                        bits = literals.parse_float_literal(text, type_.name)
                except ValueError as e:
                    raise ParseError(str(e), off) from None
                values.append(bits)
                continue
            if kind in ("TRUE_KW", "FALSE_KW"):
                if type_.width != 1:
                    raise ParseError("expected integer literal", off)
                values.append(1 if kind == "TRUE_KW" else 0)
                continue
            if kind != "INT_LIT":
                raise ParseError("expected integer literal", off)
            negative = text.startswith("-")
            digits = text[1:] if negative else text
            magnitude = literals.literal_magnitude(digits)
            try:
                v = literals.check_integer_literal(
                    magnitude, negative, type_.width, _SIGN_NAMES[type_.signedness]
                )
            except ValueError:
                # MLIR reports this at the token after the literal.
                after = WS_COMMENT_RE.match(self.src.text, off + len(text)).end()
                raise ParseError("integer constant out of range", after) from None
            values.append(v)
        return DenseArrayAttr(type_, tuple(values))

    def strided_fine(self, c: list[Any]) -> Attribute:
        strides: list[int] = []
        offset = 0
        it = iter(c[1:])
        for x in it:
            if getattr(x, "type", None) == "OFFSET_KW":
                offset = next(it)
                break
            strides.append(x)
        return StridedLayoutAttr(offset, tuple(strides))

    def stride(self, c: list[Any]) -> int:
        if not c:
            return DYNAMIC
        return parse_int(c[0].value)

    # ------------------------------------------------------------------ dialect attrs/types, aliases

    def make_hash_attr(self, text: str, off: int) -> Attribute:
        """`#alias`, `#dialect.name<...>`, `#dialect<...>` (or `#dialect.name`)."""
        lt = text.find("<")
        ident = text[1:] if lt < 0 else text[1:lt]
        if lt < 0 and "." not in ident:
            attr = self.attr_aliases.get(ident)
            if attr is None:
                raise self._undefined_alias("#", ident, off + len(text))
            return attr
        dialect = ident.split(".", 1)[0]
        body = text[1 + len(dialect) :]
        d = lookup_dialect(dialect)
        loc = self.src.loc(off)
        if d is not None and d.parse_attribute is not None:
            return _call_hook(d.parse_attribute, body, loc, off, "attribute")
        if d is None and not self.allow_unregistered:
            data = body[1:] if body.startswith(".") else body[1:-1]
            at = off + 1 + len(dialect) + 1 if body.startswith(".") else off
            raise ParseError(f'#"{dialect}"<"{data}"> : \'none\' {UNREGISTERED_ATTR}', at)
        return OpaqueAttr(dialect, body)

    def make_dialect_type(self, text: str, off: int) -> Type:
        """`!alias`, `!dialect.name<...>`, `!dialect<...>`."""
        lt = text.find("<")
        ident = text[1:] if lt < 0 else text[1:lt]
        if lt < 0 and "." not in ident:
            t = self.type_aliases.get(ident)
            if t is None:
                raise self._undefined_alias("!", ident, off + len(text))
            return t
        dialect = ident.split(".", 1)[0]
        body = text[1 + len(dialect) :]
        d = lookup_dialect(dialect)
        loc = self.src.loc(off)
        if d is not None and d.parse_type is not None:
            return _call_hook(d.parse_type, body, loc, off, "type")
        if d is None and not self.allow_unregistered:
            data = body[1:] if body.startswith(".") else body[1:-1]
            at = off + 1 + len(dialect) + 1 if body.startswith(".") else off
            raise ParseError(f'`!"{dialect}"<"{data}">` {UNREGISTERED_TYPE}', at)
        return OpaqueType(dialect, body)

    def _undefined_alias(self, sigil: str, name: str, end: int) -> ParseError:
        return ParseError(f"undefined symbol alias id '{name}'", end, backup=True)

    def dialect_attr_text(self, dialect: str, body: str, off: int) -> Attribute:
        """A dialect attribute built by the custom-op forms (`#arith.overflow<none>`)."""
        key = "#" + dialect + body
        a = self.attr_cache.get(key)
        if a is None:
            a = self.attr_cache[key] = self.make_hash_attr(key, off)
        return a

    # ------------------------------------------------------------------ types

    def scalar_type(self, c: list[Any]) -> Type:
        tok = c[0]
        t = scalar_type(tok.value)
        if t is None:
            raise ParseError(
                f"integer bitwidth is limited to {MAX_INT_WIDTH} bits", self.base + tok.start_pos
            )
        return t

    def coarse_type(self, c: list[Any]) -> Type:
        tok = c[0]
        return self.decode_type(tok.value, self.base + tok.start_pos)

    def dialect_type(self, c: list[Any]) -> Type:
        tok = c[0]
        return self.make_dialect_type(tok.value, self.base + tok.start_pos)

    def type_nofn(self, c: list[Any]) -> Type:
        return c[0]

    def type_list(self, c: list[Any]) -> list[Type]:
        return c

    def function_type_single(self, c: list[Any]) -> FunctionType:
        ins = c[0] or ()
        return FunctionType(tuple(ins), (c[1],))

    def function_type_list(self, c: list[Any]) -> FunctionType:
        return FunctionType(tuple(c[0] or ()), tuple(c[1] or ()))

    def _dims(self, tok: Any) -> tuple[tuple[int, ...], tuple[bool, ...] | None]:
        dims = []
        scalable = []
        for part in tok.value.replace(" ", "").replace("\t", "").split("x")[:-1]:
            if part == "?":
                dims.append(DYNAMIC)
                scalable.append(False)
            elif part.startswith("["):
                dims.append(self._dim(part[1:-1], tok))
                scalable.append(True)
            else:
                dims.append(self._dim(part, tok))
                scalable.append(False)
        return tuple(dims), (tuple(scalable) if any(scalable) else None)

    def _dim(self, digits: str, tok: Any) -> int:
        """One static dimension; MLIR's "invalid dimension" (at the dimension) above int64."""
        value = literals.literal_magnitude(digits)
        if value > INT64_MAX:
            raise ParseError(
                "invalid dimension", self.base + tok.start_pos + tok.value.find(digits)
            )
        return value

    def tensor_ranked(self, c: list[Any]) -> Type:
        kw = c[0]
        i = 1
        shape: tuple[int, ...] = ()
        if getattr(c[1], "type", None) == "DIMS":
            shape, scalable = self._dims(c[1])
            if scalable is not None:
                raise ParseError("unexpected '[' in tensor type", self.base + c[1].start_pos)
            i = 2
        elt = c[i]
        self._check_element(elt, kw, "tensor")
        enc = c[i + 1] if len(c) > i + 1 else None
        return RankedTensorType(shape, elt, enc)

    def tensor_unranked(self, c: list[Any]) -> Type:
        self._check_element(c[2], c[0], "tensor")
        return UnrankedTensorType(c[2])

    def vector_fine(self, c: list[Any]) -> Type:
        shape: tuple[int, ...] = ()
        scalable = None
        i = 1
        if getattr(c[1], "type", None) == "DIMS":
            shape, scalable = self._dims(c[1])
            i = 2
        elt = c[i]
        if not isinstance(elt, (IntegerType, IndexType, FloatType)):
            raise ParseError(
                f"vector elements must be int/index/float type but got '{elt}'",
                self.base + c[0].start_pos,
            )
        return VectorType(shape, elt, scalable)

    def memref_ranked(self, c: list[Any]) -> Type:
        shape: tuple[int, ...] = ()
        i = 1
        if getattr(c[1], "type", None) == "DIMS":
            shape, _ = self._dims(c[1])
            i = 2
        elt = c[i]
        extra = c[i + 1 :]
        layout = space = None
        for a in extra:
            if (
                layout is None
                and space is None
                and isinstance(a, (AffineMapAttr, StridedLayoutAttr))
            ):
                layout = a
            elif space is None:
                space = a
            else:
                raise ParseError(
                    "multiple memory spaces specified in memref type", self.base + c[0].start_pos
                )
        if isinstance(layout, AffineMapAttr):
            if layout.map.num_dims != len(shape):
                raise ParseError(
                    "memref layout mismatch between rank and affine map: "
                    f"{len(shape)} != {layout.map.num_dims}",
                    self.base + c[0].start_pos,
                )
            if layout.map.is_identity():
                layout = None
        elif isinstance(layout, StridedLayoutAttr) and len(layout.strides) != len(shape):
            raise ParseError(
                "expected the number of strides to match the rank", self.base + c[0].start_pos
            )
        return MemRefType(shape, elt, layout, _memory_space(space))

    def memref_unranked(self, c: list[Any]) -> Type:
        space = c[3] if len(c) > 3 else None
        if isinstance(space, (AffineMapAttr, StridedLayoutAttr)):
            # MLIR reports it at the `>` closing the type.
            start = self.base + c[0].start_pos
            end = scan_brackets(self.src.text, start + len("memref"))
            raise ParseError("cannot have affine map for unranked memref type", end - 1)
        return UnrankedMemRefType(c[2], _memory_space(space))

    def complex_fine(self, c: list[Any]) -> Type:
        return ComplexType(c[1])

    def tuple_fine(self, c: list[Any]) -> Type:
        return TupleType(tuple(c[1]) if len(c) > 1 else ())

    def _check_element(self, elt: Type, kw: Any, what: str) -> None:
        if isinstance(elt, FunctionType):
            raise ParseError(f"invalid {what} element type", self.base + kw.start_pos)

    # ------------------------------------------------------------------ locations

    def loc_coarse(self, c: list[Any]) -> Any:
        tok = c[0]
        return self.decode_loc(tok.value, self.base + tok.start_pos)

    def loc_fine(self, c: list[Any]) -> Any:
        return c[1]

    def loc_unknown(self, c: list[Any]) -> LocationAttr:
        return UnknownLoc()

    def _loc_number(self, tok: Any, what: str) -> int:
        """A line or column of a file location: an unsigned 32-bit integer, decimal or hex
        (MLIR's `getUnsignedIntegerValue`), else MLIR's error at the token."""
        text = tok.value
        try:
            v = int(text, 16) if text[:2] in ("0x", "0X") else int(text)
        except ValueError:
            v = -1
        if not 0 <= v <= 0xFFFFFFFF:
            raise ParseError(
                f"expected integer {what} number in FileLineColRange", self.base + tok.start_pos
            )
        return v

    def loc_file(self, c: list[Any]) -> LocationAttr:
        base = self.base
        name = self.unescape(c[0].value, base + c[0].start_pos)
        num = self._loc_number
        line = num(c[1], "line")
        if len(c) == 2:
            return FileLineColLoc(name, line, 0)
        col = num(c[2], "column")
        if len(c) == 3:
            return FileLineColLoc(name, line, col)
        rest = c[4:]
        if len(rest) == 2:
            return FileLineColLoc(name, line, col, num(rest[0], "line"), num(rest[1], "column"))
        return FileLineColLoc(name, line, col, None, num(rest[0], "column"))

    def loc_name(self, c: list[Any]) -> LocationAttr:
        name = self.unescape(c[0].value, self.base + c[0].start_pos)
        child = c[1] if len(c) > 1 else None
        if isinstance(child, DeferredLoc):
            raise child.undefined()
        return NameLoc(name, child)

    def loc_callsite(self, c: list[Any]) -> LocationAttr:
        callee, caller = c[1], c[3]
        for x in (callee, caller):
            if isinstance(x, DeferredLoc):
                raise x.undefined()
        return CallSiteLoc(callee, caller)

    def loc_fused(self, c: list[Any]) -> LocationAttr:
        meta = c[1]
        locs = c[2:]
        for x in locs:
            if isinstance(x, DeferredLoc):
                raise x.undefined()
        return fused_loc(locs, meta)

    def loc_alias(self, c: list[Any]) -> Any:
        tok = c[0]
        off = self.base + tok.start_pos
        text = tok.value
        if "<" in text or "." in text:
            attr = self.make_hash_attr(text, off)
            if not isinstance(attr, LocationAttr):
                raise ParseError(
                    f"expected location attribute, but got{attr}", off + len(text), backup=True
                )
            return attr
        return self.loc_from_alias(text[1:], off)

    def loc_from_alias(self, name: str, off: int) -> Any:
        attr = self.attr_aliases.get(name)
        if attr is None:
            return DeferredLoc(name, off)
        if not isinstance(attr, LocationAttr):
            raise ParseError(f"expected location, but found '{attr}'", off)
        return attr


def fused_loc(locs: list[LocationAttr], metadata: Attribute | None) -> LocationAttr:
    """MLIR's `FusedLoc::get`: nested fused locations with the same metadata are flattened,
    `unknown` entries and duplicates dropped; no entry left gives `unknown` (or, with metadata,
    `fused<m>[unknown]`) and a single entry without metadata is that location."""
    unknown = UnknownLoc()
    kept: dict[LocationAttr, None] = {}
    for loc in locs:
        if isinstance(loc, FusedLoc) and loc.metadata is metadata:
            kept.update(dict.fromkeys(loc.locations))
        elif loc is not unknown:
            kept[loc] = None
    if not kept:
        return unknown if metadata is None else FusedLoc((unknown,), metadata)
    if len(kept) == 1 and metadata is None:
        return next(iter(kept))
    return FusedLoc(tuple(kept), metadata)


class DenseLiteral:
    """A parsed `dense<...>` body waiting for its type: a `Leaf` (splat), a `DenseList`, or None
    (`dense<>`); `offset` is the `dense` keyword, `end` the offset after its `>`."""

    __slots__ = ("end", "offset", "value")

    def __init__(self, value: Any, offset: int, end: int) -> None:
        self.value = value
        self.offset = offset
        self.end = end


def _memory_space(space: Attribute | None) -> Attribute | None:
    """MLIR drops an integer memory space 0 (the default)."""
    if isinstance(space, IntegerAttr) and space.value == 0 and space.type is not i1:
        return None
    return space


def parse_int(text: str) -> int:
    """The value of an integer literal token (`-12`, `0x1F`)."""
    negative = text.startswith("-")
    digits = text[1:] if negative else text
    v = literals.literal_magnitude(digits)
    return -v if negative else v


def _end_of(x: Any) -> int:
    if isinstance(x, DenseList):
        return x.end + 1
    if isinstance(x, Leaf):
        return x[-1] + 1
    return 0


def _flatten(lit: Any, out: list[Leaf]) -> None:
    for x in lit:
        if isinstance(x, DenseList):
            _flatten(x, out)
        else:
            out.append(x)


def _shape_text(shape: Any) -> str:
    return "[" + ", ".join("?" if d == DYNAMIC else str(d) for d in shape) + "]"


def _hex2(body: str, i: int) -> bool:
    pair = body[i : i + 2]
    return len(pair) == 2 and all(ch in "0123456789abcdefABCDEF" for ch in pair)


def _call_hook(hook: Any, body: str, loc: Any, off: int, what: str) -> Any:
    try:
        return hook(body, loc)
    except DiagnosticError:
        raise
    except ParseError:
        raise
    except Exception as e:  # noqa: BLE001 - a hook's failure on bad input is a diagnostic
        raise ParseError(f"invalid dialect {what}: {e}", off) from None


__all__ = ["AttrMixin", "DeferredLoc", "DenseLiteral", "scalar_type"]
