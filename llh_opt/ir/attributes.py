"""Builtin MLIR attributes and locations: immutable, interned, printing themselves in MLIR's spelling.

Dialect attributes (``#llh.encoding<...>``) subclass `DialectAttribute`; unregistered ones are
`OpaqueAttr`. Types live in ``types.py``; literal spelling rules (floats, strings) in ``literals.py``.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, ClassVar
from collections.abc import Iterable

from llh_opt.ir import literals
from llh_opt.ir.affine import AffineMap
from llh_opt.ir.interned import Interned
from llh_opt.ir.types import (
    DYNAMIC,
    SIGNED,
    SIGNLESS,
    UNSIGNED,
    ComplexType,
    FloatType,
    IndexType,
    IntegerType,
    ShapedType,
    Type,
    f64,
    i1,
    i64,
)

Aliases = "dict[Any, str] | None"

_BARE_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*\Z")
_SUFFIX_ID = re.compile(r"([A-Za-z_$.\-][A-Za-z0-9_$.\-]*|[0-9]+)\Z")


def is_bare_identifier(name: str) -> bool:
    return _BARE_ID.match(name) is not None


def format_symbol_name(name: str) -> str:
    """`@name`, quoted when the name is not a bare identifier (`@"c-1"`)."""
    if _BARE_ID.match(name):
        return "@" + name
    return '@"' + literals.escape_string(name) + '"'


def format_key(name: str) -> str:
    """A dictionary key: bare when possible, otherwise a quoted string."""
    if _BARE_ID.match(name):
        return name
    return '"' + literals.escape_string(name) + '"'


class Attribute(Interned):
    """Base of every attribute. Instances are interned: equality is identity."""

    __slots__ = ()

    def text(self, aliases: dict[Any, str] | None, elide_type: bool = False) -> str:
        """The spelling, with aliases substituted; `elide_type` drops `: i64`/`: f64` (arrays)."""
        if aliases is not None and self.may_alias:
            return self.render(aliases)
        return str(self)


def _alias_of(items: Iterable[Any]) -> bool:
    return any(getattr(x, "may_alias", False) for x in items)


class IntegerAttr(Attribute):
    __slots__ = ("value", "type")

    def __new__(cls, value: int, type: Type = i64) -> IntegerAttr:
        if value.__class__ is not int:
            # Interning keys compare by value: 2.0 == 2 == True would hand a float (or bool)
            # to every later user of the same attribute. numpy ints and bools are converted.
            value = operator.index(value)
        key = (value, type)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init()
            self.value = value
            self.type = type
            cls._cache[key] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        t = self.type
        if t is i1:
            return "true" if self.value else "false"
        return f"{self.value} : {t}"

    def text(self, aliases: dict[Any, str] | None, elide_type: bool = False) -> str:
        if elide_type and self.type is i64:
            return str(self.value)
        return str(self)


def BoolAttr(value: bool) -> IntegerAttr:  # noqa: N802 - reads like MLIR's BoolAttr
    return IntegerAttr(1 if value else 0, i1)


class FloatAttr(Attribute):
    """A float stored as its IEEE bit pattern for `type` (bitwise equality, as in MLIR)."""

    __slots__ = ("bits", "type")

    def __new__(cls, bits: int, type: FloatType = f64) -> FloatAttr:
        if bits.__class__ is not int:
            bits = operator.index(bits)  # a bit pattern, never a float value
        key = (bits, type)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init()
            self.bits = bits
            self.type = type
            cls._cache[key] = self
        return self

    @classmethod
    def from_value(cls, value: float, type: FloatType = f64) -> FloatAttr:
        return cls(literals.float_to_bits(value, type.name), type)

    @property
    def value(self) -> float:
        return literals.bits_to_float(self.bits, self.type.name)

    def render(self, aliases: dict[Any, str] | None) -> str:
        return f"{literals.format_float_bits(self.bits, self.type.name)} : {self.type}"

    def text(self, aliases: dict[Any, str] | None, elide_type: bool = False) -> str:
        if elide_type and self.type is f64:
            text = literals.format_float_bits(self.bits, "f64")
            if not text.startswith(("0x", "-0x")):  # MLIR keeps the type after a hex float
                return text
        return str(self)


class StringAttr(Attribute):
    __slots__ = ("value", "type")

    def __new__(cls, value: str, type: Type | None = None) -> StringAttr:
        key = (value, type)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init()
            self.value = value
            self.type = type
            cls._cache[key] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        s = '"' + literals.escape_string(self.value.encode("utf-8", "surrogateescape")) + '"'
        return s if self.type is None else f"{s} : {self.type}"


class UnitAttr(Attribute):
    __slots__ = ()

    def __new__(cls) -> UnitAttr:
        return cls.singleton()

    def render(self, aliases: dict[Any, str] | None) -> str:
        return "unit"


class ArrayAttr(Attribute):
    __slots__ = ("value",)

    def __new__(cls, value: tuple[Attribute, ...]) -> ArrayAttr:
        self = cls._cache.get(value)
        if self is None:
            self = object.__new__(cls)
            self._init(_alias_of(value))
            self.value = value
            cls._cache[value] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        return "[" + ", ".join(a.text(aliases, True) for a in self.value) + "]"

    def children(self) -> tuple[Any, ...]:
        return self.value

    def __len__(self) -> int:
        return len(self.value)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.value)

    def __getitem__(self, i: int) -> Attribute:
        return self.value[i]


class DictionaryAttr(Attribute):
    """Named attributes sorted by name, as MLIR keeps them."""

    __slots__ = ("items",)

    def __new__(
        cls, items: Iterable[tuple[str, Attribute]] | dict[str, Attribute]
    ) -> DictionaryAttr:
        if isinstance(items, dict):
            items = items.items()
        key = tuple(sorted(items, key=_first))
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init(_alias_of(a for _, a in key))
            self.items = key
            cls._cache[key] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        return "{" + format_named_attributes(self.items, aliases) + "}"

    def children(self) -> tuple[Any, ...]:
        return tuple(a for _, a in self.items)

    def get(self, name: str) -> Attribute | None:
        for k, v in self.items:
            if k == name:
                return v
        return None

    def as_dict(self) -> dict[str, Attribute]:
        return dict(self.items)

    def __len__(self) -> int:
        return len(self.items)


def _first(kv: tuple[str, Attribute]) -> str:
    return kv[0]


def format_named_attributes(items: Iterable[tuple[str, Attribute]], aliases: Any) -> str:
    """`a = 1 : i64, b` — unit attributes print as their bare name."""
    parts = []
    unit = UnitAttr()
    for k, v in items:
        if v is unit:
            parts.append(format_key(k))
        else:
            parts.append(f"{format_key(k)} = {v.text(aliases)}")
    return ", ".join(parts)


class SymbolRefAttr(Attribute):
    __slots__ = ("root", "nested")

    def __new__(cls, root: str, nested: tuple[str, ...] = ()) -> SymbolRefAttr:
        key = (root, nested)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init()
            self.root = root
            self.nested = nested
            cls._cache[key] = self
        return self

    @property
    def is_flat(self) -> bool:
        return not self.nested

    def render(self, aliases: dict[Any, str] | None) -> str:
        out = format_symbol_name(self.root)
        for n in self.nested:
            out += "::" + format_symbol_name(n)
        return out


def FlatSymbolRefAttr(name: str) -> SymbolRefAttr:  # noqa: N802 - reads like MLIR's
    return SymbolRefAttr(name)


class TypeAttr(Attribute):
    __slots__ = ("type",)

    def __new__(cls, type: Type) -> TypeAttr:
        self = cls._cache.get(type)
        if self is None:
            self = object.__new__(cls)
            self._init(type.may_alias)
            self.type = type
            cls._cache[type] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        return self.type.text(aliases)

    def children(self) -> tuple[Any, ...]:
        return (self.type,)


class AffineMapAttr(Attribute):
    """`affine_map<...>`; the one builtin attribute that gets a file-level alias (`#map`)."""

    __slots__ = ("map",)

    def __new__(cls, map: AffineMap) -> AffineMapAttr:
        self = cls._cache.get(map)
        if self is None:
            self = object.__new__(cls)
            self._init(True)
            self.map = map
            cls._cache[map] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        if aliases is not None:
            name = aliases.get(self)
            if name is not None:
                return name
        return f"affine_map<{self.map}>"

    def text(self, aliases: dict[Any, str] | None, elide_type: bool = False) -> str:
        if aliases is not None:
            name = aliases.get(self)
            if name is not None:
                return name
        return str(self)


class StridedLayoutAttr(Attribute):
    __slots__ = ("offset", "strides")

    def __new__(cls, offset: int, strides: tuple[int, ...]) -> StridedLayoutAttr:
        key = (offset, strides)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init()
            self.offset = offset
            self.strides = strides
            cls._cache[key] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        strides = ", ".join("?" if s == DYNAMIC else str(s) for s in self.strides)
        if self.offset == 0:
            return f"strided<[{strides}]>"
        off = "?" if self.offset == DYNAMIC else str(self.offset)
        return f"strided<[{strides}], offset: {off}>"


class DenseArrayAttr(Attribute):
    """`array<i64: 1, 2>`: a flat list of integers or floats (floats kept as bit patterns)."""

    __slots__ = ("element_type", "values")

    def __new__(cls, element_type: Type, values: tuple[int, ...]) -> DenseArrayAttr:
        key = (element_type, values)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init()
            self.element_type = element_type
            self.values = values
            cls._cache[key] = self
        return self

    @classmethod
    def i64(cls, values: Iterable[int]) -> DenseArrayAttr:
        return cls(i64, tuple(values))

    def render(self, aliases: dict[Any, str] | None) -> str:
        t = self.element_type
        if not self.values:
            return f"array<{t}>"
        if isinstance(t, FloatType):
            items = ", ".join(literals.format_float_bits(b, t.name) for b in self.values)
        elif t is i1:
            items = ", ".join("true" if v else "false" for v in self.values)
        else:
            items = ", ".join(map(str, self.values))
        return f"array<{t}: {items}>"

    def __len__(self) -> int:
        return len(self.values)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.values)

    def __getitem__(self, i: int) -> int:
        return self.values[i]


_DENSE_VALUE_CLASSES = frozenset((int, tuple, str))
_class_of = type


class DenseElementsAttr(Attribute):
    """`dense<...> : tensor<...>`. `values` is the flat element list in row-major order (floats as
    bit patterns, complex as (re, im) pairs); a splat keeps one value."""

    __slots__ = ("type", "values", "is_splat")

    def __new__(cls, type: ShapedType, values: tuple[Any, ...]) -> DenseElementsAttr:
        kinds = set(map(_class_of, values))
        if kinds - _DENSE_VALUE_CLASSES:
            # Interning keys compare by value (0.0 == 0): a float or numpy scalar stored here
            # would be handed to every later user of the same attribute. Integers and float bit
            # patterns must be Python ints; numpy ints and bools are converted.
            values = tuple(
                v if v.__class__ in _DENSE_VALUE_CLASSES else operator.index(v) for v in values
            )
        if len(values) > 1 and all(v == values[0] for v in values):
            values = values[:1]
        key = (type, values)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init(type.may_alias)
            self.type = type
            self.values = values
            self.is_splat = len(values) == 1
            cls._cache[key] = self
        return self

    @property
    def element_type(self) -> Type:
        return self.type.element_type

    def full_values(self) -> tuple[Any, ...]:
        n = self.type.num_elements
        if len(self.values) == n:
            return self.values
        return self.values * n

    def render(self, aliases: dict[Any, str] | None) -> str:
        limit = _ELIDE[0]
        if limit is not None and not self.is_splat and self.type.num_elements > limit:
            return f"dense_resource<__elided__> : {self.type.text(aliases)}"
        return f"dense<{self.body()}> : {self.type.text(aliases)}"

    def body(self) -> str:
        from llh_opt.ir.dense import format_dense_body

        return format_dense_body(self)

    def children(self) -> tuple[Any, ...]:
        return (self.type,)


_ELIDE: list[int | None] = [None]


@contextmanager
def eliding_elements(limit: int) -> Iterator[None]:
    """While active, dense elements attributes with more than `limit` elements (splats excepted)
    print as `dense_resource<__elided__> : type`, as MLIR's `--mlir-elide-elementsattrs-if-larger`.
    The cached spellings of the interned attributes concerned are swapped and restored."""
    saved: list[tuple[DenseElementsAttr, str | None]] = []
    previous = _ELIDE[0]
    _ELIDE[0] = limit
    try:
        for attr in DenseElementsAttr._cache.values():
            if not attr.is_splat and attr.type.num_elements > limit:
                saved.append((attr, attr._text))
                attr._text = attr.render(None)
        yield
    finally:
        _ELIDE[0] = previous
        for attr, text in saved:
            attr._text = text


class DialectAttribute(Attribute):
    """Base for structured attributes of registered dialects (`#llh.encoding<...>`)."""

    __slots__ = ()
    dialect: ClassVar[str] = ""
    mnemonic: ClassVar[str] = ""


class OpaqueAttr(Attribute):
    """An attribute of an unregistered dialect kept verbatim: `#foo.bar<...>` = ('foo', '.bar<...>')."""

    __slots__ = ("dialect", "body")

    def __new__(cls, dialect: str, body: str) -> OpaqueAttr:
        key = (dialect, body)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init()
            self.dialect = dialect
            self.body = body
            cls._cache[key] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        return f"#{self.dialect}{self.body}"


# --------------------------------------------------------------------------- locations


class LocationAttr(Attribute):
    """Base of source locations. Not printed unless debug info is requested."""

    __slots__ = ()
    filename: str | None = None
    line: int = 0
    col: int = 0

    def file_loc(self) -> FileLineColLoc | None:
        """The first file:line:col location inside this one, for diagnostics."""
        return None

    def text(self, aliases: dict[Any, str] | None, elide_type: bool = False) -> str:
        """As an attribute value a location prints through its alias (`#loc1`), like MLIR."""
        if aliases is not None:
            name = aliases.get(self)
            return name if name is not None else self.render(aliases)
        return str(self)


def _loc_ref(loc: LocationAttr, aliases: dict[Any, str] | None) -> str:
    """A location nested in another: its alias, or its text without `loc(...)`."""
    if aliases is not None:
        name = aliases.get(loc)
        if name is not None:
            return name
    return loc.render(aliases)[4:-1]


class UnknownLoc(LocationAttr):
    __slots__ = ()

    def __new__(cls) -> UnknownLoc:
        self = cls.singleton()
        self.may_alias = True
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        return "loc(unknown)"


class FileLineColLoc(LocationAttr):
    __slots__ = ("filename", "line", "col", "end_line", "end_col")

    # `file:line:col` locations without a range (one per parsed op) are interned per file name
    # under one int, `line << 32 | col`, rather than a 5-tuple key each.
    _points: ClassVar[dict[str, dict[int, FileLineColLoc]]] = {}

    def __new__(
        cls,
        filename: str,
        line: int,
        col: int,
        end_line: int | None = None,
        end_col: int | None = None,
    ) -> FileLineColLoc:
        if end_col is None and end_line is None and 0 <= col < 1 << 32 and line >= 0:
            table = cls._points.get(filename)
            if table is None:
                table = cls._points[filename] = {}
            point = line << 32 | col
            self = table.get(point)
            if self is None:
                self = table[point] = object.__new__(cls)
                self._init(True)
                self.filename = filename
                self.line = line
                self.col = col
                self.end_line = self.end_col = None
            return self
        key = (filename, line, col, end_line, end_col)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init(True)
            self.filename = filename
            self.line = line
            self.col = col
            self.end_line = end_line
            self.end_col = end_col
            cls._cache[key] = self
        return self

    def file_loc(self) -> FileLineColLoc:
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        return f"loc({self.inner()})"

    def inner(self) -> str:
        s = f'"{literals.escape_string(self.filename)}":{self.line}:{self.col}'
        if self.end_col is not None:
            if self.end_line is not None and self.end_line != self.line:
                s += f" to {self.end_line}:{self.end_col}"
            else:
                s += f" to :{self.end_col}"
        return s


class NameLoc(LocationAttr):
    __slots__ = ("name", "child")

    def __new__(cls, name: str, child: LocationAttr | None = None) -> NameLoc:
        key = (name, child)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init(True)
            self.name = name
            self.child = child
            cls._cache[key] = self
        return self

    def file_loc(self) -> FileLineColLoc | None:
        return self.child.file_loc() if self.child is not None else None

    def render(self, aliases: dict[Any, str] | None) -> str:
        s = f'"{literals.escape_string(self.name)}"'
        if self.child is not None and not isinstance(self.child, UnknownLoc):
            s += f"({_loc_ref(self.child, aliases)})"
        return f"loc({s})"


class CallSiteLoc(LocationAttr):
    __slots__ = ("callee", "caller")

    def __new__(cls, callee: LocationAttr, caller: LocationAttr) -> CallSiteLoc:
        key = (callee, caller)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init(True)
            self.callee = callee
            self.caller = caller
            cls._cache[key] = self
        return self

    def file_loc(self) -> FileLineColLoc | None:
        return self.callee.file_loc() or self.caller.file_loc()

    def render(self, aliases: dict[Any, str] | None) -> str:
        callee = _loc_ref(self.callee, aliases)
        return f"loc(callsite({callee} at {_loc_ref(self.caller, aliases)}))"


class FusedLoc(LocationAttr):
    __slots__ = ("locations", "metadata")

    def __new__(
        cls, locations: tuple[LocationAttr, ...], metadata: Attribute | None = None
    ) -> FusedLoc:
        key = (locations, metadata)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init(True)
            self.locations = locations
            self.metadata = metadata
            cls._cache[key] = self
        return self

    def file_loc(self) -> FileLineColLoc | None:
        for loc in self.locations:
            fl = loc.file_loc()
            if fl is not None:
                return fl
        return None

    def render(self, aliases: dict[Any, str] | None) -> str:
        meta = "" if self.metadata is None else f"<{self.metadata.text(aliases)}>"
        inner = ", ".join(_loc_ref(loc, aliases) for loc in self.locations)
        return f"loc(fused{meta}[{inner}])"


# --------------------------------------------------------------------------- helpers


def integer_attr(value: int, type: Type = i64) -> IntegerAttr:
    """An IntegerAttr whose value is wrapped into `type`'s range the way MLIR stores it."""
    if isinstance(type, IntegerType):
        sign = ("signless", "signed", "unsigned")[type.signedness]
        value = literals.wrap_integer(value, type.width, sign)
    return IntegerAttr(value, type)


def is_integer_like(t: Type) -> bool:
    return isinstance(t, (IntegerType, IndexType))


__all__ = [
    "SIGNED",
    "SIGNLESS",
    "UNSIGNED",
    "Attribute",
    "ArrayAttr",
    "AffineMapAttr",
    "BoolAttr",
    "CallSiteLoc",
    "ComplexType",
    "DenseArrayAttr",
    "DenseElementsAttr",
    "DialectAttribute",
    "DictionaryAttr",
    "FileLineColLoc",
    "FlatSymbolRefAttr",
    "FloatAttr",
    "FusedLoc",
    "IntegerAttr",
    "LocationAttr",
    "NameLoc",
    "OpaqueAttr",
    "StridedLayoutAttr",
    "StringAttr",
    "SymbolRefAttr",
    "TypeAttr",
    "UnitAttr",
    "UnknownLoc",
    "format_key",
    "format_named_attributes",
    "format_symbol_name",
    "integer_attr",
    "is_bare_identifier",
    "is_integer_like",
    "f64",
]
