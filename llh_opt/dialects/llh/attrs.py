"""LLH dialect attributes: `#llh.encoding<shapes = @s0, @c64>` (a tensor's dimension symbols) and
the enum attributes (`#llh.Layout<NCHW>`, `#llh.SymbolRelation<EQ>`, `#llh.Compare<GE>`, ...), with
the dialect's attribute-parsing hook. Spec: LLH_DIALECT.md §1.2 and §9.

Ops live in the ``*_ops.py`` modules; what a symbol *means* lives in ``llh_opt/symbolic``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.ir import literals
from llh_opt.ir.attr_body import AttrBodyParser
from llh_opt.ir.attributes import Attribute, DialectAttribute, format_symbol_name
from llh_opt.ir.types import DYNAMIC

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "ENUM_ATTRIBUTES",
    "AutoPadAttr",
    "CeilModeAttr",
    "CompareAttr",
    "EncodingAttr",
    "EnumAttr",
    "LayoutAttr",
    "ModeAttr",
    "ShiftDirectionAttr",
    "SymbolRelationAttr",
    "constant_symbol_name",
    "constant_symbol_value",
    "is_constant_symbol",
    "parse_llh_attribute",
]


# --------------------------------------------------------------------------- symbol names


def constant_symbol_name(value: int) -> str:
    """The symbol naming the integer `value`: `c64`, `c-1` (printed `@"c-1"`, spec D5)."""
    return f"c{value}"


_CONST_NAME = re.compile(r"c(-?[0-9]+)\Z")


def constant_symbol_value(name: str) -> int | None:
    """The value a constant symbol stands for (`c64` → 64, `c-1` → -1), None for other names.

    A name that only *starts* with `c` (`cols`) is not a constant (unlike the reference, §8.1)."""
    m = _CONST_NAME.match(name)
    return int(m.group(1)) if m is not None else None


def is_constant_symbol(name: str) -> bool:
    return _CONST_NAME.match(name) is not None


# --------------------------------------------------------------------------- #llh.encoding


class EncodingAttr(DialectAttribute):
    """`#llh.encoding<shapes = @s0, @c3, @"c-1">`: the symbol of each dimension of a ranked tensor,
    in order. `symbols` holds the names (strings). Rank-0 tensors carry no encoding, so the list
    is never empty."""

    __slots__ = ("symbols",)
    dialect = "llh"
    mnemonic = "encoding"

    def verify_encoding(self, t: Any) -> str | None:
        """Why this encoding contradicts the tensor type `t` (rank, static sizes), or None: the
        `VerifiableTensorEncoding` check callers outside the llh dialect use (func signatures)."""
        shape = t.shape
        if len(self.symbols) != len(shape):
            return f"has {len(self.symbols)} encoding symbols for rank {len(shape)}"
        for d, (name, size) in enumerate(zip(self.symbols, shape)):
            value = constant_symbol_value(name)
            if value is not None and size != DYNAMIC and value != size:
                return f"names dimension {d} of static size {size} @{name}"
        return None

    def __new__(cls, symbols: Iterable[str]) -> Self:
        key = tuple(symbols)
        self = cls._cache.get(key)
        if self is None:
            if not key:
                raise ValueError("an #llh.encoding needs at least one symbol")
            self = object.__new__(cls)
            self._init()
            self.symbols = key
            cls._cache[key] = self
        return self  # type: ignore[return-value]

    def render(self, aliases: dict[Any, str] | None) -> str:
        return "#llh.encoding<shapes = " + ", ".join(map(format_symbol_name, self.symbols)) + ">"

    def __len__(self) -> int:
        return len(self.symbols)

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.symbols)

    def __getitem__(self, i: int) -> str:
        return self.symbols[i]


# --------------------------------------------------------------------------- enum attributes


class EnumAttr(DialectAttribute):
    """Base of `#llh.<Mnemonic><Case>` enum attributes; `case` is the case name, `value` the
    stored integer. Subclasses list `CASES` (name → value, in declaration order)."""

    __slots__ = ("case",)
    dialect = "llh"
    CASES: ClassVar[dict[str, int]] = {}
    ENUM: ClassVar[str] = ""  # the C++ enum name diagnostics mention

    def __new__(cls, case: str) -> Any:
        self = cls._cache.get(case)
        if self is None:
            if case not in cls.CASES:
                raise ValueError(
                    f"'{case}' is not a case of #llh.{cls.mnemonic} "
                    f"(expected one of: {', '.join(cls.CASES)})"
                )
            self = object.__new__(cls)
            self._init()
            self.case = case
            cls._cache[case] = self
        return self

    @classmethod
    def from_value(cls, value: int) -> Any:
        for name, v in cls.CASES.items():
            if v == value:
                return cls(name)
        raise ValueError(f"{value} is not a value of #llh.{cls.mnemonic}")

    @property
    def value(self) -> int:
        return self.CASES[self.case]

    def render(self, aliases: dict[Any, str] | None) -> str:
        return f"#llh.{self.mnemonic}<{self.case}>"


class LayoutAttr(EnumAttr):
    """`#llh.Layout<NCHW>`: data layout of conv/pool inputs (NCHW, NHWC, NCW, NWC) and weights
    (FCHW, HWCF, FHWC, FCW, WCF)."""

    __slots__ = ()
    mnemonic = "Layout"
    ENUM = "::mlir::llh::Layout"
    CASES: ClassVar[dict[str, int]] = {
        "NCHW": 0,
        "NHWC": 1,
        "NCW": 2,
        "NWC": 3,
        "FCHW": 4,
        "HWCF": 5,
        "FHWC": 6,
        "FCW": 7,
        "WCF": 8,
    }

    INPUT_LAYOUTS: ClassVar[frozenset[str]] = frozenset(("NCHW", "NHWC", "NCW", "NWC"))
    WEIGHT_LAYOUTS: ClassVar[frozenset[str]] = frozenset(("FCHW", "HWCF", "FHWC", "FCW", "WCF"))

    @property
    def is_input_layout(self) -> bool:
        return self.case in self.INPUT_LAYOUTS

    @property
    def is_weight_layout(self) -> bool:
        return self.case in self.WEIGHT_LAYOUTS

    @property
    def channels_last(self) -> bool:
        """Input layouts: the feature dimension is the last one (NHWC, NWC)."""
        return self.case in ("NHWC", "NWC")

    def feature_index(self, rank: int) -> int:
        """Index of the channel dimension of an input tensor of `rank` in this layout."""
        return rank - 1 if self.channels_last else 1

    def spatial_indices(self, rank: int) -> range:
        """Indices of the spatial dimensions of an input tensor of `rank` in this layout."""
        return range(1, rank - 1) if self.channels_last else range(2, rank)

    def weight_indices(self, rank: int) -> tuple[int, int, range]:
        """(output-feature index, input-channel index, spatial indices) of a weight of `rank`."""
        if self.case in ("FCHW", "FCW"):
            return 0, 1, range(2, rank)
        if self.case == "FHWC":
            return 0, rank - 1, range(1, rank - 1)
        # HWCF / WCF: spatial dims first, then C, then F.
        return rank - 1, rank - 2, range(rank - 2)


class SymbolRelationAttr(EnumAttr):
    """`#llh.SymbolRelation<EQ>`: Add/Sub/Mul/FloorDiv (binary relations) and EQ/GE/LE/GT/LT/NOTEQ
    (comparisons)."""

    __slots__ = ()
    mnemonic = "SymbolRelation"
    ENUM = "::mlir::llh::SymbolRelation"
    CASES: ClassVar[dict[str, int]] = {
        "Add": 0,
        "Sub": 1,
        "Mul": 2,
        "FloorDiv": 3,
        "EQ": 4,
        "GE": 5,
        "LE": 6,
        "GT": 7,
        "LT": 8,
        "NOTEQ": 9,
    }
    BINARY_CASES: ClassVar[frozenset[str]] = frozenset(("Add", "Sub", "Mul", "FloorDiv"))
    COMPARE_CASES: ClassVar[frozenset[str]] = frozenset(("EQ", "GE", "LE", "GT", "LT", "NOTEQ"))

    @property
    def is_binary(self) -> bool:
        return self.case in self.BINARY_CASES


class CompareAttr(EnumAttr):
    """`#llh.Compare<GE>`: the predicate of `llh.compare` (HEAD)."""

    __slots__ = ()
    mnemonic = "Compare"
    ENUM = "::mlir::llh::Compare"
    CASES: ClassVar[dict[str, int]] = {"EQ": 1, "GE": 2, "LE": 3, "GT": 4, "LT": 5, "NE": 6}


class ModeAttr(EnumAttr):
    """`#llh.Mode<inference>` (HEAD's `builtin.mode` module attribute)."""

    __slots__ = ()
    mnemonic = "Mode"
    ENUM = "::mlir::llh::Mode"
    CASES: ClassVar[dict[str, int]] = {"training": 0, "inference": 1}


class AutoPadAttr(EnumAttr):
    """`#llh.AutoPad<DEFAULT>` (defined, unused by any op)."""

    __slots__ = ()
    mnemonic = "AutoPad"
    ENUM = "::mlir::llh::AutoPad"
    CASES: ClassVar[dict[str, int]] = {"DEFAULT": 0, "SAME_UPPER": 1, "SAME_LOWER": 2, "VALID": 3}


class CeilModeAttr(EnumAttr):
    """`#llh.CeilMode<FLOOR>` (defined, unused: max_pool takes a bool)."""

    __slots__ = ()
    mnemonic = "CeilMode"
    ENUM = "::mlir::llh::CeilMode"
    CASES: ClassVar[dict[str, int]] = {"CEIL": 0, "FLOOR": 1}


class ShiftDirectionAttr(EnumAttr):
    """`#llh.ShiftDirection<Left>` (defined, unused)."""

    __slots__ = ()
    mnemonic = "ShiftDirection"
    ENUM = "::mlir::llh::ShiftDirection"
    CASES: ClassVar[dict[str, int]] = {"Right": 0, "Left": 1}


ENUM_ATTRIBUTES: dict[str, type[EnumAttr]] = {
    cls.mnemonic: cls
    for cls in (
        LayoutAttr,
        SymbolRelationAttr,
        CompareAttr,
        ModeAttr,
        AutoPadAttr,
        CeilModeAttr,
        ShiftDirectionAttr,
    )
}


# --------------------------------------------------------------------------- the parsing hook


def _error(message: str, loc: Any, *notes: str) -> DiagnosticError:
    diag = Diagnostic(Severity.ERROR, message, loc)
    return DiagnosticError(diag, *(Diagnostic(Severity.ERROR, n, loc) for n in notes))


def parse_llh_attribute(body: str, loc: Any = None) -> Attribute:
    """The dialect hook: `body` is the text after `#llh` (`.encoding<shapes = @s0, @c64>`,
    `.Layout<NCHW>`). Whitespace inside the angle brackets may vary; the result prints in the
    canonical form."""
    p = AttrBodyParser(body)
    mnemonic = p.parse_mnemonic()
    if mnemonic is None:
        raise _error("expected an LLH attribute mnemonic after '#llh.'", loc)
    if mnemonic != "encoding" and mnemonic not in ENUM_ATTRIBUTES:
        raise _error(f"unknown attribute `{mnemonic}` in dialect `llh`", loc)
    inner = p.parse_angle_body()
    if inner is None:
        raise _error(f"expected '<' ... '>' after '#llh.{mnemonic}'", loc)
    if mnemonic == "encoding":
        return _parse_encoding(AttrBodyParser(inner), loc)
    cls = ENUM_ATTRIBUTES[mnemonic]
    p = AttrBodyParser(inner)
    case = p.parse_identifier()
    if case is None or not p.at_end() or case not in cls.CASES:
        raise _error(
            f"expected {cls.ENUM} to be one of: {', '.join(cls.CASES)}",
            loc,
            f"failed to parse LLH_{mnemonic}Attr parameter 'value' which is to be a `{cls.ENUM}`",
        )
    return cls(case)


def _parse_encoding(p: AttrBodyParser, loc: Any) -> EncodingAttr:
    if not p.parse_optional("shapes"):
        raise _error("expected 'shapes' in #llh.encoding", loc)
    if not p.parse_optional("="):
        raise _error("expected '=' after 'shapes' in #llh.encoding", loc)
    if p.at_end():
        raise _error(
            "#llh.encoding needs at least one symbol (rank-0 tensors carry no encoding)", loc
        )
    names: list[str] = []
    while True:
        symbol = p.parse_symbol_name()
        if symbol is None:
            raise _error("expected a symbol reference (@name) in #llh.encoding", loc)
        name, quoted = symbol
        if quoted:
            try:
                raw = literals.unescape_string(name)
            except ValueError as e:
                raise _error(f"invalid symbol name in #llh.encoding: {e}", loc) from None
            name = raw.decode("utf-8", "surrogateescape")
        names.append(name)
        if p.at_end():
            break
        if not p.parse_optional(","):
            raise _error("expected ',' or '>' in #llh.encoding", loc)
    return EncodingAttr(names)
