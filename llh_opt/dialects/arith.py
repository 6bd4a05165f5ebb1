"""The arith dialect: constants, integer/float binary ops, comparisons, casts and select, with
MLIR's custom forms, result names (`%c3_i32`, `%cst`, `%true`), properties and verifier messages;
plus its two attributes `#arith.overflow<...>` and `#arith.fastmath<...>`.

Each op is a declared class holding its folds: binary ops their arithmetic on bit patterns
(`int_fn(x, y, width)`) or floats (`float_fn(x, y)`) and their MLIR identities
(`fold_identity`), casts `fold_chain` / `fold_constant`; the shared constant helpers are at the
end of the file. The greedy driver that runs the folds lives in ``rewrite/``.
"""

from __future__ import annotations

import math

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.ir.attr_body import AttrBodyParser
from llh_opt.ir.attributes import (
    Attribute,
    DenseElementsAttr,
    DialectAttribute,
    FloatAttr,
    IntegerAttr,
    LocationAttr,
    StringAttr,
    UnitAttr,
    UnknownLoc,
)
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.opdef import (
    ANY_TYPE,
    AttrKind,
    Commutative,
    ConstantLike,
    Dialect,
    OperandDef,
    PropDef,
    Pure,
    ResultDef,
    SameOperandsAndResultType,
    Trait,
    TypeConstraint,
    op_error,
    register,
    register_dialect,
)
from llh_opt.ir.types import (
    DYNAMIC,
    FloatType,
    IndexType,
    IntegerType,
    MemRefType,
    NoneType,
    RankedTensorType,
    ShapedType,
    Type,
    UnrankedTensorType,
    VectorType,
    i1,
    i64,
)

if TYPE_CHECKING:
    from llh_opt.printer import Printer

__all__ = [
    "ARITH",
    "CMPF_PREDICATES",
    "CMPI_PREDICATES",
    "CmpFOp",
    "CmpIOp",
    "ConstantOp",
    "FastMathFlagsAttr",
    "IntegerOverflowFlagsAttr",
    "SelectOp",
]

_UNKNOWN = UnknownLoc()


# --------------------------------------------------------------------------- attributes


class _FlagsAttr(DialectAttribute):
    """A bit-enum attribute `#arith.<mnemonic><flag, flag>`; `none` is 0."""

    __slots__ = ("value",)
    dialect = "arith"
    FLAGS: ClassVar[tuple[tuple[str, int], ...]] = ()
    GROUPS: ClassVar[tuple[tuple[str, int], ...]] = ()
    SEPARATOR: ClassVar[str] = ","
    ENUM: ClassVar[str] = ""
    ATTR: ClassVar[str] = ""

    def __new__(cls, value: int = 0) -> Any:
        self = cls._cache.get(value)
        if self is None:
            self = object.__new__(cls)
            self._init()
            self.value = value
            cls._cache[value] = self
        return self

    @classmethod
    def from_names(cls, names: Sequence[str]) -> Any:
        table = dict(cls.FLAGS + cls.GROUPS)
        value = 0
        for n in names:
            value |= table[n]
        return cls(value)

    def names(self) -> list[str]:
        v = self.value
        if v == 0:
            return ["none"]
        out = []
        for name, bits in self.GROUPS:
            if v & bits == bits:
                out.append(name)
                v &= ~bits
        for name, bits in self.FLAGS:
            if v & bits:
                out.append(name)
        return out

    def body(self) -> str:
        """`<nsw, nuw>` as printed after the keyword in custom forms."""
        return "<" + self.SEPARATOR.join(self.names()) + ">"

    def render(self, aliases: dict[Any, str] | None) -> str:
        return f"#arith.{self.mnemonic}{self.body()}"

    def __contains__(self, flag: str) -> bool:
        return (self.value & dict(self.FLAGS + self.GROUPS)[flag]) != 0


class IntegerOverflowFlagsAttr(_FlagsAttr):
    """`#arith.overflow<nsw, nuw>` (`overflowFlags` of addi/subi/muli/shli/trunci)."""

    __slots__ = ()
    mnemonic = "overflow"
    FLAGS = (("nsw", 1), ("nuw", 2))
    SEPARATOR = ", "
    ENUM = "::mlir::arith::IntegerOverflowFlags"
    ATTR = "Arith_IntegerOverflowAttr"


class FastMathFlagsAttr(_FlagsAttr):
    """`#arith.fastmath<nnan,ninf>` (`fastmath` of the float ops)."""

    __slots__ = ()
    mnemonic = "fastmath"
    FLAGS = (
        ("reassoc", 1),
        ("nnan", 2),
        ("ninf", 4),
        ("nsz", 8),
        ("arcp", 16),
        ("contract", 32),
        ("afn", 64),
    )
    GROUPS = (("fast", 127),)
    ENUM = "::mlir::arith::FastMathFlags"
    ATTR = "Arith_FastMathAttr"


OVERFLOW_NONE = IntegerOverflowFlagsAttr(0)
FASTMATH_NONE = FastMathFlagsAttr(0)


def parse_arith_attribute(body: str, loc: Any = None) -> Attribute:
    """The dialect hook: `body` is the text after `#arith` (`.overflow<nsw, nuw>`)."""
    p = AttrBodyParser(body)
    mnemonic = body[1:].split("<", 1)[0].strip() if body.startswith(".") else body
    cls = {"overflow": IntegerOverflowFlagsAttr, "fastmath": FastMathFlagsAttr}.get(mnemonic)
    if cls is None:
        raise DiagnosticError(
            Diagnostic(Severity.ERROR, f"unknown attribute `{mnemonic}` in dialect `arith`", loc)
        )
    flags = p.parse_angle_body() if p.parse_mnemonic() is not None else None
    if flags is None or "<" in flags or ">" in flags:
        raise DiagnosticError(Diagnostic(Severity.ERROR, "expected '>'", loc))
    names = [n.strip() for n in flags.split(",")]
    allowed = ["none", *(n for n, _ in cls.FLAGS), *(n for n, _ in cls.GROUPS)]
    for n in names:
        if n not in allowed:
            diag = Diagnostic(
                Severity.ERROR, f"expected {cls.ENUM} to be one of: {', '.join(allowed)}", loc
            )
            raise DiagnosticError(
                diag,
                Diagnostic(
                    Severity.ERROR,
                    f"failed to parse {cls.ATTR} parameter 'value' which is to be a `{cls.ENUM}`",
                    loc,
                ),
            )
    return cls.from_names([n for n in names if n != "none"])


def materialize_arith_constant(value: Attribute, type: Type, location: Any) -> Operation | None:
    """MLIR's `arith::ConstantOp::materialize`: an `arith.constant` holding an integer, float or
    dense `value` of exactly `type`, else None."""
    if getattr(value, "type", None) is not type:
        return None
    if isinstance(value, (IntegerAttr, FloatAttr, DenseElementsAttr)):
        return Operation.create("arith.constant", (), [type], {"value": value}, location=location)
    return None


class ArithDialect(Dialect):
    """`arith`: inlinable; folds materialize as `arith.constant`."""

    __slots__ = ()

    def materialize_constant(
        self, value: Attribute, type: Type, location: Any, origin: Operation | None = None
    ) -> Operation | None:
        return materialize_arith_constant(value, type, location)


ARITH = register_dialect(
    ArithDialect("arith", parse_attribute=parse_arith_attribute, inlinable=True)
)


# --------------------------------------------------------------------------- type constraints


def _like(scalar: Any) -> Any:
    """`scalar`, or a vector/tensor of it (MLIR's `...-like` constraints)."""

    def pred(t: Type) -> bool:
        if isinstance(t, (VectorType, RankedTensorType, UnrankedTensorType)):
            return scalar(t.element_type)
        return scalar(t)

    return pred


def _signless_nonzero_int_or_index(t: Type) -> bool:
    return isinstance(t, IndexType) or (
        isinstance(t, IntegerType) and t.signedness == 0 and t.width > 0
    )


def _signless_int(t: Type) -> bool:
    return isinstance(t, IntegerType) and t.signedness == 0


SIGNLESS_INTEGER_LIKE = TypeConstraint(
    "signless-non-zero-bitwidth-integer-like", _like(_signless_nonzero_int_or_index)
)
SIGNLESS_FIXED_WIDTH_INTEGER_LIKE = TypeConstraint(
    "signless-fixed-width-integer-like", _like(_signless_int)
)
FLOAT_LIKE = TypeConstraint("floating-point-like", _like(lambda t: isinstance(t, FloatType)))
BOOL_LIKE = TypeConstraint("bool-like", _like(lambda t: t is i1))
INDEX_CASTABLE = TypeConstraint(
    "signless-non-zero-bitwidth-integer-like or memref of signless-integer",
    lambda t: (
        SIGNLESS_INTEGER_LIKE(t) or (isinstance(t, MemRefType) and _signless_int(t.element_type))
    ),
)


def _element(t: Type) -> Type:
    return t.element_type if isinstance(t, ShapedType) else t


def _shape_key(t: Type) -> Any:
    """What "the same tensor dimensions" compares: container kind and shape (None for scalars)."""
    if isinstance(t, (VectorType, RankedTensorType, MemRefType)):
        return (type(t), t.shape)
    if isinstance(t, UnrankedTensorType):
        return (type(t), None)
    return None


class _SameShapeCast(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        if _shape_key(op.input.type) != _shape_key(op.results[0].type):
            raise op_error(
                op, "failed to verify that input and output have the same tensor dimensions"
            )


def _cast_incompatible(op: Operation) -> None:
    raise op_error(
        op,
        f"operand type '{op.input.type}' and result type '{op.results[0].type}' are cast "
        "incompatible",
    )


# --------------------------------------------------------------------------- arith.constant


def _typed_attr_type(a: Attribute) -> Type | None:
    if isinstance(a, (IntegerAttr, FloatAttr, DenseElementsAttr)):
        return a.type
    if isinstance(a, StringAttr):
        return a.type if a.type is not None else NoneType()
    return None


TYPED_ATTR = AttrKind("TypedAttr instance", Attribute, lambda a: _typed_attr_type(a) is not None)


@register
class ConstantOp(Operation):
    """`arith.constant 3 : i32` (`{attrs}` go before the value).  Results are named `%c3_i32`,
    `%c1` (index), `%true`/`%false`, `%cst` (floats, dense)."""

    __slots__ = ()
    OPERATION_NAME = "arith.constant"
    SUMMARY = "integer or floating point constant"
    RESULTS = (ResultDef("result", ANY_TYPE),)
    PROPERTIES = (PropDef("value", TYPED_ATTR),)
    TRAITS = (Pure, ConstantLike)

    @classmethod
    def build(cls, value: Attribute, location: LocationAttr = _UNKNOWN) -> ConstantOp:
        t = _typed_attr_type(value)
        assert t is not None, "arith.constant needs a typed attribute"
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, (), [t], {"value": value}, location=location
        )

    @property
    def value(self) -> Attribute:
        return self.properties["value"]

    def fold(self, operands: Sequence[Attribute | None]) -> Attribute:
        return self.properties["value"]

    def result_names(self) -> list[str | None]:
        v = self.properties.get("value")
        if isinstance(v, IntegerAttr):
            t = self.results[0].type
            if isinstance(t, IntegerType):
                if t.width == 1:
                    return ["true" if v.value else "false"]
                return [f"c{v.value}_{t}"]
            return [f"c{v.value}"]
        return ["cst"]

    def verify_op(self) -> None:
        value = self.properties["value"]
        rtype = self.results[0].type
        if _typed_attr_type(value) is not rtype:
            raise op_error(self, "failed to verify that all of {value, result} have same type")
        if isinstance(rtype, IntegerType) and rtype.signedness != 0:
            raise op_error(self, "integer return type must be signless")
        if not isinstance(value, (IntegerAttr, FloatAttr, DenseElementsAttr)):
            raise op_error(self, "value must be an integer, float, or elements attribute")

    def print_custom(self, p: Printer) -> None:
        p.print_optional_attr_dict(p.op_attributes(self, ("value",)))
        p.write(" ")
        p.print_attribute(self.properties["value"])


# --------------------------------------------------------------------------- binary ops


class _BinaryOp(Operation):
    """`arith.<op> %a, %b [overflow<...> | fastmath<...>] {attrs} : T`."""

    __slots__ = ()
    FLAGS_PROP: ClassVar[str | None] = None  # "overflowFlags" / "fastmath"
    FLAGS_KEYWORD: ClassVar[str] = ""
    GENERIC_DEFAULTS: ClassVar[tuple[tuple[str, Attribute], ...]] = ()

    @classmethod
    def build(
        cls,
        lhs: Value,
        rhs: Value,
        flags: Attribute | None = None,
        location: LocationAttr = _UNKNOWN,
    ) -> Any:
        props = {cls.FLAGS_PROP: flags} if flags is not None and cls.FLAGS_PROP else None
        return Operation.create(
            cls.OPERATION_NAME, (lhs, rhs), [lhs.type], props, location=location
        )

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        """The op's arithmetic on two constants (`fold_constants`), else its identities."""
        a, b = operands
        if a is not None and b is not None:
            r = self.fold_constants(a, b)
            if r is not None:
                return r
        return self.fold_identity(a, b)

    def fold_constants(self, a: Attribute, b: Attribute) -> Attribute | None:
        return None

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        return None

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operands(self.operands)
        _print_flags(self, p)
        p.write(" : ")
        p.print_type(self.results[0].type)


def _print_flags(op: Operation, p: Printer) -> None:
    """The optional ` overflow<...>` / ` fastmath<...>` / ` nneg` group, then the attr-dict."""
    prop = op.FLAGS_PROP  # type: ignore[attr-defined]
    if prop is None:
        p.print_optional_attr_dict(p.op_attributes(op))
        return
    flags = op.properties.get(prop)
    if isinstance(flags, _FlagsAttr):
        if flags.value:
            p.write(" " + op.FLAGS_KEYWORD + flags.body())  # type: ignore[attr-defined]
    elif isinstance(flags, UnitAttr):
        p.write(" " + op.FLAGS_KEYWORD)  # type: ignore[attr-defined]
    p.print_optional_attr_dict(p.op_attributes(op, (prop,)))


# Bit-pattern predicates of integer constants (`_is_int(a, pred)`), for the identities.


def _zero(u: int, w: int) -> bool:
    return u == 0


def _one(u: int, w: int) -> bool:
    return u == 1


def _all_ones(u: int, w: int) -> bool:
    return u == (1 << w) - 1


def _smax(u: int, w: int) -> bool:
    return u == (1 << (w - 1)) - 1


def _smin(u: int, w: int) -> bool:
    return u == 1 << (w - 1)


class _IntBinaryOp(_BinaryOp):
    """An integer binary op. `int_fn(x, y, width)` is its arithmetic on the unsigned bit
    patterns of two constants (None: not folded, e.g. a division by zero); `fold_identity` its
    MLIR identities (constants are on the right: commutative ops were reordered)."""

    __slots__ = ()
    OPERANDS = (
        OperandDef("lhs", SIGNLESS_INTEGER_LIKE),
        OperandDef("rhs", SIGNLESS_INTEGER_LIKE),
    )
    RESULTS = (ResultDef("result", SIGNLESS_INTEGER_LIKE),)
    TRAITS = (Pure, SameOperandsAndResultType)

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return None

    def fold_constants(self, a: Attribute, b: Attribute) -> Attribute | None:
        return _fold_ints(a, b, self.int_fn)


class _OverflowFlags:
    """Mixin of the integer ops with `overflow<nsw, nuw>` flags (`overflowFlags`)."""

    __slots__ = ()
    PROPERTIES = (
        PropDef(
            "overflowFlags",
            AttrKind("Integer overflow arith flags", IntegerOverflowFlagsAttr),
            default=OVERFLOW_NONE,
        ),
    )
    FLAGS_PROP = "overflowFlags"
    FLAGS_KEYWORD = "overflow"
    GENERIC_DEFAULTS = (("overflowFlags", OVERFLOW_NONE),)


_COMMUTATIVE_INT = (Pure, SameOperandsAndResultType, Commutative)


@register
class AddIOp(_OverflowFlags, _IntBinaryOp):
    __slots__ = ()
    OPERATION_NAME = "arith.addi"
    SUMMARY = "integer addition operation"
    TRAITS = _COMMUTATIVE_INT

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return x + y

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        """x + 0, (x - y) + y, y + (x - y)."""
        lhs, rhs = self.lhs, self.rhs
        if _is_int(b, _zero):
            return lhs
        s = _defined_by(lhs, "arith.subi")
        if s is not None and s.rhs is rhs:
            return s.lhs
        s = _defined_by(rhs, "arith.subi")
        if s is not None and s.rhs is lhs:
            return s.lhs
        return None


@register
class SubIOp(_OverflowFlags, _IntBinaryOp):
    __slots__ = ()
    OPERATION_NAME = "arith.subi"
    SUMMARY = "integer subtraction operation"

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return x - y

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        """x - x, x - 0, (x + y) - y, (x + y) - x, x - (x - y)."""
        lhs, rhs = self.lhs, self.rhs
        if lhs is rhs:
            return _zero_attr(self.results[0].type)
        if _is_int(b, _zero):
            return lhs
        s = _defined_by(lhs, "arith.addi")
        if s is not None:
            if s.rhs is rhs:
                return s.lhs
            if s.lhs is rhs:
                return s.rhs
        s = _defined_by(rhs, "arith.subi")  # a - (a - b) -> b
        if s is not None and s.lhs is lhs:
            return s.rhs
        return None


@register
class MulIOp(_OverflowFlags, _IntBinaryOp):
    __slots__ = ()
    OPERATION_NAME = "arith.muli"
    SUMMARY = "integer multiplication operation"
    TRAITS = _COMMUTATIVE_INT

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return x * y

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        """x * 0, x * 1."""
        if _is_int(b, _zero):
            return self.rhs
        if _is_int(b, _one):
            return self.lhs
        return None


class _ZeroLhsOp(_IntBinaryOp):
    """Division, remainder and shifts: `0 op x` is 0 (division by zero is undefined behaviour);
    `fold_rhs_identity` adds the op's own identities."""

    __slots__ = ()

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        if _is_int(a, _zero):
            return self.lhs  # 0 / x, 0 % x, 0 << x
        return self.fold_rhs_identity(b)

    def fold_rhs_identity(self, b: Attribute | None) -> Any:
        return None


class _DivIOp(_ZeroLhsOp):
    __slots__ = ()

    def fold_rhs_identity(self, b: Attribute | None) -> Any:
        """x / 1, x / x (x = 0 is undefined behaviour)."""
        if _is_int(b, _one):
            return self.lhs
        if self.lhs is self.rhs:
            return _zero_attr(self.results[0].type, 1)
        return None


@register
class DivSIOp(_DivIOp):
    __slots__ = ()
    OPERATION_NAME = "arith.divsi"
    SUMMARY = "signed integer division operation"

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        """Rounds toward zero; not folded by zero or for `INT_MIN / -1`."""
        a, b = _signed(x, w), _signed(y, w)
        if b == 0 or (a == -(1 << (w - 1)) and b == -1):
            return None
        q = abs(a) // abs(b)
        return q if (a < 0) == (b < 0) else -q


@register
class DivUIOp(_DivIOp):
    __slots__ = ()
    OPERATION_NAME = "arith.divui"
    SUMMARY = "unsigned integer division operation"

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return None if y == 0 else x // y


@register
class FloorDivSIOp(_DivIOp):
    __slots__ = ()
    OPERATION_NAME = "arith.floordivsi"
    SUMMARY = "signed floor integer division operation"

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        a, b = _signed(x, w), _signed(y, w)
        if b == 0 or (a == -(1 << (w - 1)) and b == -1):
            return None
        return a // b


@register
class CeilDivSIOp(_DivIOp):
    __slots__ = ()
    OPERATION_NAME = "arith.ceildivsi"
    SUMMARY = "signed ceil integer division operation"

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        a, b = _signed(x, w), _signed(y, w)
        if b == 0 or (a == -(1 << (w - 1)) and b == -1):
            return None
        return -((-a) // b)


class _RemIOp(_ZeroLhsOp):
    __slots__ = ()

    def fold_rhs_identity(self, b: Attribute | None) -> Any:
        """x % 1, x % x."""
        if _is_int(b, _one) or self.lhs is self.rhs:
            return _zero_attr(self.results[0].type)
        return None


@register
class RemSIOp(_RemIOp):
    __slots__ = ()
    OPERATION_NAME = "arith.remsi"
    SUMMARY = "signed integer division remainder operation"

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        """The sign of the dividend."""
        a, b = _signed(x, w), _signed(y, w)
        if b == 0:
            return None
        r = abs(a) % abs(b)
        return r if a >= 0 else -r


@register
class RemUIOp(_RemIOp):
    __slots__ = ()
    OPERATION_NAME = "arith.remui"
    SUMMARY = "unsigned integer division remainder operation"

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return None if y == 0 else x % y


@register
class AndIOp(_IntBinaryOp):
    __slots__ = ()
    OPERATION_NAME = "arith.andi"
    SUMMARY = "integer binary and"
    TRAITS = _COMMUTATIVE_INT

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return x & y

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        """x & 0, x & -1, x & ~x, a & (a & b), x & x."""
        lhs, rhs = self.lhs, self.rhs
        if _is_int(b, _zero):
            return rhs
        if _is_int(b, _all_ones):
            return lhs
        if _is_not(rhs, lhs) or _is_not(lhs, rhs):  # x & ~x -> 0
            return _zero_attr(self.results[0].type)
        for prev, other in ((lhs, rhs), (rhs, lhs)):  # a & (a & b) -> a & b
            d = _defined_by(prev, "arith.andi")
            if d is not None and (other is d.lhs or other is d.rhs):
                return prev
        if lhs is rhs:
            return lhs
        return None


@register
class OrIOp(_IntBinaryOp):
    __slots__ = ()
    OPERATION_NAME = "arith.ori"
    SUMMARY = "integer binary or"
    TRAITS = _COMMUTATIVE_INT

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return x | y

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        """x | 0, x | -1, x | ~x, x | x."""
        lhs, rhs = self.lhs, self.rhs
        if _is_int(b, _zero):
            return lhs
        if _is_int(b, _all_ones):
            return b
        if _is_not(rhs, lhs):  # x | ~x -> -1
            return rhs.op.rhs  # type: ignore[attr-defined]
        if _is_not(lhs, rhs):
            return lhs.op.rhs  # type: ignore[attr-defined]
        if lhs is rhs:
            return lhs
        return None


@register
class XOrIOp(_IntBinaryOp):
    __slots__ = ()
    OPERATION_NAME = "arith.xori"
    SUMMARY = "integer binary xor"
    TRAITS = _COMMUTATIVE_INT

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return x ^ y

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        """x ^ 0, x ^ x, (x ^ a) ^ a, a ^ (x ^ a) and their mirrors."""
        lhs, rhs = self.lhs, self.rhs
        if _is_int(b, _zero):
            return lhs
        if lhs is rhs:
            return _zero_attr(self.results[0].type)
        d = _defined_by(lhs, "arith.xori")  # (x ^ a) ^ a -> x, (a ^ x) ^ a -> x
        if d is not None:
            if d.rhs is rhs:
                return d.lhs
            if d.lhs is rhs:
                return d.rhs
        d = _defined_by(rhs, "arith.xori")  # a ^ (x ^ a) -> x, a ^ (a ^ x) -> x
        if d is not None:
            if d.rhs is lhs:
                return d.lhs
            if d.lhs is lhs:
                return d.rhs
        return None


class _MinMaxIOp(_IntBinaryOp):
    """`op(x, x)` is x; a right operand at the op's extreme (`top`: the result is it, `bottom`:
    the result is the left operand)."""

    __slots__ = ()
    TRAITS = _COMMUTATIVE_INT

    @staticmethod
    def top(u: int, w: int) -> bool:
        return False

    @staticmethod
    def bottom(u: int, w: int) -> bool:
        return False

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        lhs, rhs = self.lhs, self.rhs
        if lhs is rhs:
            return lhs
        if _is_int(b, self.top):
            return rhs
        if _is_int(b, self.bottom):
            return lhs
        return None


@register
class MaxSIOp(_MinMaxIOp):
    __slots__ = ()
    OPERATION_NAME = "arith.maxsi"
    SUMMARY = "signed integer maximum operation"
    top, bottom = staticmethod(_smax), staticmethod(_smin)

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return x if _signed(x, w) >= _signed(y, w) else y


@register
class MinSIOp(_MinMaxIOp):
    __slots__ = ()
    OPERATION_NAME = "arith.minsi"
    SUMMARY = "signed integer minimum operation"
    top, bottom = staticmethod(_smin), staticmethod(_smax)

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return x if _signed(x, w) <= _signed(y, w) else y


@register
class MaxUIOp(_MinMaxIOp):
    __slots__ = ()
    OPERATION_NAME = "arith.maxui"
    SUMMARY = "unsigned integer maximum operation"
    top, bottom = staticmethod(_all_ones), staticmethod(_zero)

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return max(x, y)


@register
class MinUIOp(_MinMaxIOp):
    __slots__ = ()
    OPERATION_NAME = "arith.minui"
    SUMMARY = "unsigned integer minimum operation"
    top, bottom = staticmethod(_zero), staticmethod(_all_ones)

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return min(x, y)


class _ShiftOp(_ZeroLhsOp):
    """Shifts: not folded by the width or more (poison)."""

    __slots__ = ()

    def fold_rhs_identity(self, b: Attribute | None) -> Any:
        """x shifted by 0; x >> x is 0 (or poison: a shift by the width or more)."""
        if _is_int(b, _zero):
            return self.lhs
        if self.lhs is self.rhs and self.ZERO_SELF_SHIFT:
            return _zero_attr(self.results[0].type)
        return None

    ZERO_SELF_SHIFT: ClassVar[bool] = True


@register
class ShLIOp(_OverflowFlags, _ShiftOp):
    __slots__ = ()
    OPERATION_NAME = "arith.shli"
    SUMMARY = "integer left-shift"
    ZERO_SELF_SHIFT = False

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return None if y >= w else x << y


@register
class ShRSIOp(_ShiftOp):
    __slots__ = ()
    OPERATION_NAME = "arith.shrsi"
    SUMMARY = "signed integer right-shift"

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return None if y >= w else _signed(x, w) >> y

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        """Also -1 >> x is -1 (an arithmetic shift keeps the sign bits)."""
        if self.lhs is not self.rhs and _is_int(a, _all_ones):
            return self.lhs
        return super().fold_identity(a, b)


@register
class ShRUIOp(_ShiftOp):
    __slots__ = ()
    OPERATION_NAME = "arith.shrui"
    SUMMARY = "unsigned integer right-shift"

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return None if y >= w else x >> y


_FASTMATH_PROP = PropDef(
    "fastmath",
    AttrKind("Floating point fast math flags", FastMathFlagsAttr),
    default=FASTMATH_NONE,
)


class _FloatBinaryOp(_BinaryOp):
    """A float binary op with `fastmath<...>` flags. `float_fn(x, y)` is its arithmetic on
    Python floats (the result is rounded once to the type); `fold_identity` its identities."""

    __slots__ = ()
    OPERANDS = (OperandDef("lhs", FLOAT_LIKE), OperandDef("rhs", FLOAT_LIKE))
    RESULTS = (ResultDef("result", FLOAT_LIKE),)
    PROPERTIES = (_FASTMATH_PROP,)
    TRAITS = (Pure, SameOperandsAndResultType)
    FLAGS_PROP = "fastmath"
    FLAGS_KEYWORD = "fastmath"
    GENERIC_DEFAULTS = (("fastmath", FASTMATH_NONE),)

    @staticmethod
    def float_fn(x: float, y: float) -> float:
        raise NotImplementedError

    def fold_constants(self, a: Attribute, b: Attribute) -> Attribute | None:
        return _fold_floats(a, b, self.float_fn)


_COMMUTATIVE_FLOAT = (Pure, SameOperandsAndResultType, Commutative)


@register
class AddFOp(_FloatBinaryOp):
    __slots__ = ()
    OPERATION_NAME = "arith.addf"
    SUMMARY = "floating point addition operation"
    TRAITS = _COMMUTATIVE_FLOAT

    @staticmethod
    def float_fn(x: float, y: float) -> float:
        return x + y

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        """x + -0.0 (not x + 0.0: -0.0 + 0.0 is +0.0)."""
        return self.lhs if _is_float(b, 0.0, negative=True) else None


@register
class SubFOp(_FloatBinaryOp):
    __slots__ = ()
    OPERATION_NAME = "arith.subf"
    SUMMARY = "floating point subtraction operation"

    @staticmethod
    def float_fn(x: float, y: float) -> float:
        return x - y

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        """x - +0.0."""
        return self.lhs if _is_float(b, 0.0, negative=False) else None


@register
class MulFOp(_FloatBinaryOp):
    __slots__ = ()
    OPERATION_NAME = "arith.mulf"
    SUMMARY = "floating point multiplication operation"
    TRAITS = _COMMUTATIVE_FLOAT

    @staticmethod
    def float_fn(x: float, y: float) -> float:
        return x * y

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        """x * 1.0."""
        return self.lhs if _is_float(b, 1.0) else None


@register
class DivFOp(_FloatBinaryOp):
    __slots__ = ()
    OPERATION_NAME = "arith.divf"
    SUMMARY = "floating point division operation"

    @staticmethod
    def float_fn(x: float, y: float) -> float:
        """IEEE division: by zero gives ±inf (NaN for 0/0 and NaN/0)."""
        if y == 0.0:
            if x == 0.0 or x != x:
                return float("nan")
            neg = (x < 0) != (str(y).startswith("-"))
            return float("-inf") if neg else float("inf")
        return x / y

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        """x / 1.0."""
        return self.lhs if _is_float(b, 1.0) else None


def _float_max(x: float, y: float) -> float:
    """The larger of two non-NaN floats, +0.0 above -0.0."""
    if x == y == 0.0:
        return y if str(x).startswith("-") else x
    return max(x, y)


def _float_min(x: float, y: float) -> float:
    """The smaller of two non-NaN floats, -0.0 below +0.0."""
    if x == y == 0.0:
        return x if str(x).startswith("-") else y
    return min(x, y)


class _MinMaxNumFOp(_FloatBinaryOp):
    __slots__ = ()
    TRAITS = _COMMUTATIVE_FLOAT

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        """op(x, x) and op(x, NaN) are x."""
        lhs = self.lhs
        if lhs is self.rhs:
            return lhs
        v = _float_values(b)
        if v is not None and all(x != x for x in v[1]):
            return lhs
        return None


@register
class MaxNumFOp(_MinMaxNumFOp):
    __slots__ = ()
    OPERATION_NAME = "arith.maxnumf"
    SUMMARY = "floating-point maximum operation"

    @staticmethod
    def float_fn(x: float, y: float) -> float:
        """IEEE maxNum: a NaN operand loses; +0.0 is above -0.0."""
        if x != x:
            return y
        if y != y:
            return x
        return _float_max(x, y)


@register
class MinNumFOp(_MinMaxNumFOp):
    __slots__ = ()
    OPERATION_NAME = "arith.minnumf"
    SUMMARY = "floating-point minimum operation"

    @staticmethod
    def float_fn(x: float, y: float) -> float:
        """IEEE minNum: a NaN operand loses; -0.0 is below +0.0."""
        if x != x:
            return y
        if y != y:
            return x
        return _float_min(x, y)


@register
class NegFOp(Operation):
    """`arith.negf %a [fastmath<...>] : T`."""

    __slots__ = ()
    OPERATION_NAME = "arith.negf"
    SUMMARY = "floating point negation"
    OPERANDS = (OperandDef("operand", FLOAT_LIKE),)
    ALIASES = {"input": "operand"}  # `operand` is `Operation.operand(i)`
    RESULTS = (ResultDef("result", FLOAT_LIKE),)
    PROPERTIES = (_FASTMATH_PROP,)
    TRAITS = (Pure, SameOperandsAndResultType)
    FLAGS_PROP = "fastmath"
    FLAGS_KEYWORD = "fastmath"
    GENERIC_DEFAULTS = (("fastmath", FASTMATH_NONE),)

    @classmethod
    def build(
        cls, operand: Value, flags: Attribute | None = None, location: LocationAttr = _UNKNOWN
    ) -> NegFOp:
        props = {"fastmath": flags} if flags is not None else None
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, (operand,), [operand.type], props, location=location
        )

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        return _fold_negf(self, operands)

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operand(self.input)
        _print_flags(self, p)
        p.write(" : ")
        p.print_type(self.results[0].type)


# --------------------------------------------------------------------------- comparisons

CMPI_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
CMPF_PREDICATES = (
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
)  # fmt: skip


def _predicate_kind(names: Sequence[str]) -> AttrKind:
    cases = ", ".join(str(i) for i in range(len(names)))
    return AttrKind(
        f"allowed 64-bit signless integer cases: {cases}",
        IntegerAttr,
        lambda a: (
            a.type.__class__ is IntegerType and a.type.width == 64 and 0 <= a.value < len(names)
        ),
    )


class _ShapeOfOperandsI1(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        if op.results[0].type is not _with_element(op.lhs.type, i1):
            raise op_error(
                op,
                "failed to verify that result type has i1 element type and same shape as operands",
            )


class _SameTypeOperands(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        types = op.operand_types
        if any(t is not types[0] for t in types[1:]):
            raise op_error(op, "requires all operands to have the same type")


class _CmpOp(Operation):
    __slots__ = ()
    PREDICATES: ClassVar[tuple[str, ...]] = ()

    @classmethod
    def build(
        cls, predicate: str | int, lhs: Value, rhs: Value, location: LocationAttr = _UNKNOWN
    ) -> Any:
        if isinstance(predicate, str):
            predicate = cls.PREDICATES.index(predicate)
        rt = _with_element(lhs.type, i1)
        return Operation.create(
            cls.OPERATION_NAME,
            (lhs, rhs),
            [rt],
            {"predicate": IntegerAttr(predicate, i64)},
            location=location,
        )

    @property
    def predicate(self) -> str:
        return self.PREDICATES[self.properties["predicate"].value]  # type: ignore[attr-defined]

    def print_custom(self, p: Printer) -> None:
        p.write(" " + self.predicate + ", ")
        p.print_operands(self.operands)
        _print_flags_cmp(self, p)
        p.write(" : ")
        p.print_type(self.lhs.type)


def _print_flags_cmp(op: Operation, p: Printer) -> None:
    if op.FLAGS_PROP is None:  # type: ignore[attr-defined]
        p.print_optional_attr_dict(p.op_attributes(op, ("predicate",)))
        return
    flags = op.properties.get("fastmath")
    if isinstance(flags, _FlagsAttr) and flags.value:
        p.write(" fastmath" + flags.body())
    p.print_optional_attr_dict(p.op_attributes(op, ("predicate", "fastmath")))


def _with_element(t: Type, elt: Type) -> Type:
    if isinstance(t, RankedTensorType):
        return RankedTensorType(t.shape, elt, t.encoding)
    if isinstance(t, UnrankedTensorType):
        return UnrankedTensorType(elt)
    if isinstance(t, VectorType):
        return VectorType(t.shape, elt, t.scalable)
    return elt


@register
class CmpIOp(_CmpOp):
    """`arith.cmpi slt, %a, %b : i64` (predicate stored as `predicate = 2 : i64`)."""

    __slots__ = ()
    OPERATION_NAME = "arith.cmpi"
    SUMMARY = "integer comparison operation"
    OPERANDS = (OperandDef("lhs", SIGNLESS_INTEGER_LIKE), OperandDef("rhs", SIGNLESS_INTEGER_LIKE))
    RESULTS = (ResultDef("result", BOOL_LIKE),)
    PROPERTIES = (PropDef("predicate", _predicate_kind(CMPI_PREDICATES)),)
    TRAITS = (Pure, _ShapeOfOperandsI1, _SameTypeOperands)
    PREDICATES = CMPI_PREDICATES
    FLAGS_PROP = None

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        return _fold_cmpi(self, operands)


@register
class CmpFOp(_CmpOp):
    """`arith.cmpf olt, %a, %b [fastmath<...>] : f32`."""

    __slots__ = ()
    OPERATION_NAME = "arith.cmpf"
    SUMMARY = "floating-point comparison operation"
    OPERANDS = (OperandDef("lhs", FLOAT_LIKE), OperandDef("rhs", FLOAT_LIKE))
    RESULTS = (ResultDef("result", BOOL_LIKE),)
    PROPERTIES = (PropDef("predicate", _predicate_kind(CMPF_PREDICATES)), _FASTMATH_PROP)
    TRAITS = (Pure, _ShapeOfOperandsI1, _SameTypeOperands)
    PREDICATES = CMPF_PREDICATES
    FLAGS_PROP = "fastmath"
    GENERIC_DEFAULTS = (("fastmath", FASTMATH_NONE),)


# --------------------------------------------------------------------------- casts


class _CastOp(Operation):
    """`arith.<cast> %x [nneg | overflow<...>] {attrs} : T to U`."""

    __slots__ = ()
    # The spec names are MLIR's `in` / `out`; `in` is a Python keyword.
    ALIASES = {"input": "in", "output": "out"}
    TRAITS = (Pure, _SameShapeCast)
    FLAGS_PROP: ClassVar[str | None] = None
    FLAGS_KEYWORD: ClassVar[str] = ""

    @classmethod
    def build(cls, value: Value, result_type: Type, location: LocationAttr = _UNKNOWN) -> Any:
        return Operation.create(cls.OPERATION_NAME, (value,), [result_type], location=location)

    def compatible(self, src: Type, dst: Type) -> bool:
        return True

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        """A cast of a cast (`fold_chain`), else the cast of a scalar constant."""
        r = self.fold_chain()
        if r is not None:
            return r
        a = operands[0]
        if not isinstance(a, (IntegerAttr, FloatAttr)):
            return None
        return self.fold_constant(a)

    def fold_chain(self) -> Any:
        return None

    def fold_constant(self, a: IntegerAttr | FloatAttr) -> Any:
        return None

    def verify_op(self) -> None:
        if not self.compatible(_element(self.input.type), _element(self.results[0].type)):
            _cast_incompatible(self)

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operand(self.input)
        _print_flags(self, p)
        p.write(" : ")
        p.print_type(self.input.type)
        p.write(" to ")
        p.print_type(self.results[0].type)


def _index_compatible(self: Any, src: Type, dst: Type) -> bool:
    return isinstance(src, IndexType) != isinstance(dst, IndexType)


def _ext_compatible(self: Any, src: Type, dst: Type) -> bool:
    return isinstance(src, IntegerType) and isinstance(dst, IntegerType) and dst.width > src.width


def _trunc_compatible(self: Any, src: Type, dst: Type) -> bool:
    return isinstance(src, IntegerType) and isinstance(dst, IntegerType) and dst.width < src.width


class _IntegerCastOp(_CastOp):
    """An integer-to-integer cast: a constant's bit pattern, sign- or zero-extended (`UNSIGNED`)
    from the source width, stored in the result type."""

    __slots__ = ()
    UNSIGNED: ClassVar[bool] = False

    def fold_constant(self, a: IntegerAttr | FloatAttr) -> Any:
        if not isinstance(a, IntegerAttr):
            return None
        rt = self.results[0].type
        w = _fold_width(a.type)
        u = a.value & ((1 << w) - 1)
        v = u if self.UNSIGNED else _signed(u, w)
        return IntegerAttr(_store(v, rt), rt)


class _IndexCastBase(_IntegerCastOp):
    __slots__ = ()
    OPERANDS = (OperandDef("in", INDEX_CASTABLE),)
    RESULTS = (ResultDef("out", INDEX_CASTABLE),)
    compatible = _index_compatible

    def fold_chain(self) -> Any:
        """`cast(cast(x))` of the same kind back to x's type is x."""
        inner = getattr(self.input, "op", None)
        if inner is not None and inner.name == self.name:
            if inner.input.type is self.results[0].type:
                return inner.input
        return None


@register
class IndexCastOp(_IndexCastBase):
    __slots__ = ()
    OPERATION_NAME = "arith.index_cast"
    SUMMARY = "index cast"


@register
class IndexCastUIOp(_IndexCastBase):
    __slots__ = ()
    OPERATION_NAME = "arith.index_castui"
    SUMMARY = "unsigned index cast"
    UNSIGNED = True


class _ExtOp(_IntegerCastOp):
    __slots__ = ()
    OPERANDS = (OperandDef("in", SIGNLESS_FIXED_WIDTH_INTEGER_LIKE),)
    RESULTS = (ResultDef("out", SIGNLESS_FIXED_WIDTH_INTEGER_LIKE),)
    compatible = _ext_compatible

    def fold_chain(self) -> Any:
        """`ext(ext(x))` of the same kind extends x at once (in place)."""
        inner = getattr(self.input, "op", None)
        if inner is not None and inner.name == self.name:
            self.set_operand(0, inner.input)
            return self.results[0]
        return None


@register
class ExtSIOp(_ExtOp):
    __slots__ = ()
    OPERATION_NAME = "arith.extsi"
    SUMMARY = "integer sign extension operation"


@register
class ExtUIOp(_ExtOp):
    __slots__ = ()
    OPERATION_NAME = "arith.extui"
    SUMMARY = "integer zero extension operation"
    UNSIGNED = True
    PROPERTIES = (PropDef("nonNeg", AttrKind("unit attribute", UnitAttr), optional=True),)
    FLAGS_PROP = "nonNeg"
    FLAGS_KEYWORD = "nneg"


@register
class TruncIOp(_OverflowFlags, _IntegerCastOp):
    __slots__ = ()
    OPERATION_NAME = "arith.trunci"
    SUMMARY = "integer truncation operation"
    OPERANDS = (OperandDef("in", SIGNLESS_FIXED_WIDTH_INTEGER_LIKE),)
    RESULTS = (ResultDef("out", SIGNLESS_FIXED_WIDTH_INTEGER_LIKE),)
    compatible = _trunc_compatible

    def fold_chain(self) -> Any:
        """`trunci(extsi/extui(x))` back to x's type is x."""
        inner = getattr(self.input, "op", None)
        if inner is not None and inner.name in ("arith.extsi", "arith.extui"):
            if inner.input.type is self.results[0].type:
                return inner.input
        return None


@register
class SIToFPOp(_CastOp):
    __slots__ = ()
    OPERATION_NAME = "arith.sitofp"
    SUMMARY = "cast from integer type to floating-point"
    OPERANDS = (OperandDef("in", SIGNLESS_FIXED_WIDTH_INTEGER_LIKE),)
    RESULTS = (ResultDef("out", FLOAT_LIKE),)

    def fold_constant(self, a: IntegerAttr | FloatAttr) -> Any:
        """The signed value, rounded once to the float type."""
        rt = self.results[0].type
        if not isinstance(a, IntegerAttr) or not isinstance(rt, FloatType):
            return None
        if rt.name not in _FOLD_FLOATS:
            return None
        w = _fold_width(a.type)
        return _make_floats(rt, (float(_signed(a.value & ((1 << w) - 1), w)),), True)


@register
class FPToSIOp(_CastOp):
    __slots__ = ()
    OPERATION_NAME = "arith.fptosi"
    SUMMARY = "cast from floating-point type to integer type"
    OPERANDS = (OperandDef("in", FLOAT_LIKE),)
    RESULTS = (ResultDef("out", SIGNLESS_FIXED_WIDTH_INTEGER_LIKE),)

    def fold_constant(self, a: IntegerAttr | FloatAttr) -> Any:
        """Rounds toward zero; not folded for NaN, infinities or values out of range."""
        rt = self.results[0].type
        if not isinstance(a, FloatAttr) or not isinstance(rt, IntegerType):
            return None
        x = a.value
        if x != x or x in (float("inf"), float("-inf")):
            return None
        v = int(x)
        if not -(1 << (rt.width - 1)) <= v < (1 << (rt.width - 1)):
            return None
        return IntegerAttr(_store(v, rt), rt)


# --------------------------------------------------------------------------- select


class _SelectTypes(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        t = op.true_value.type
        if op.false_value.type is not t or op.results[0].type is not t:
            raise op_error(
                op,
                "failed to verify that all of {true_value, false_value, result} have same type",
            )
        c = op.condition.type
        if c is not i1 and not (_element(c) is i1 and _shape_key(c) == _shape_key(t)):
            raise op_error(
                op, "failed to verify that condition is signless i1 or has matching shape"
            )


@register
class SelectOp(Operation):
    """`arith.select %c, %a, %b : T` (`: vector<4xi1>, vector<4xi32>` for a shaped condition)."""

    __slots__ = ()
    OPERATION_NAME = "arith.select"
    SUMMARY = "select operation"
    OPERANDS = (
        OperandDef("condition", BOOL_LIKE),
        OperandDef("true_value", ANY_TYPE),
        OperandDef("false_value", ANY_TYPE),
    )
    RESULTS = (ResultDef("result", ANY_TYPE),)
    TRAITS = (Pure, _SelectTypes)

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        return _fold_select(self, operands)

    @classmethod
    def build(
        cls,
        condition: Value,
        true_value: Value,
        false_value: Value,
        location: LocationAttr = _UNKNOWN,
    ) -> SelectOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME,
            (condition, true_value, false_value),
            [true_value.type],
            location=location,
        )

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operands(self.operands)
        p.print_optional_attr_dict(p.op_attributes(self))
        p.write(" : ")
        c = self.condition.type
        if isinstance(c, ShapedType):
            p.print_type(c)
            p.write(", ")
        p.print_type(self.results[0].type)


# --------------------------------------------------------------------------- folding
#
# MLIR's arith folders for constants and identities (ArithOps.cpp `fold` methods): integers are
# folded on their bit patterns (signed or unsigned as the op says), floats in the type's precision
# (f16/bf16/f32/f64: a double result rounded once, exact for + - * /). Scalars and dense
# constants of the same type; a fold that would divide by zero, overflow a signed division or
# shift by the width or more is not done (MLIR leaves those ops alone too).


def _fold_width(t: Type) -> int:
    t = _element(t)
    return t.width if isinstance(t, IntegerType) else 64


def _signed(u: int, w: int) -> int:
    return u - (1 << w) if w and u >> (w - 1) else u


def _store(u: int, t: Type) -> int:
    from llh_opt.ir.literals import wrap_integer

    e = _element(t)
    if isinstance(e, IntegerType):
        return wrap_integer(u, e.width, ("signless", "signed", "unsigned")[e.signedness])
    return wrap_integer(u, 64, "signless")


def _int_values(a: Attribute | None) -> tuple[Type, tuple[int, ...], bool] | None:
    """(type, unsigned bit patterns, is a scalar) of an integer constant."""
    if isinstance(a, IntegerAttr):
        w = _fold_width(a.type)
        return a.type, (a.value & ((1 << w) - 1),), True
    if isinstance(a, DenseElementsAttr) and isinstance(
        a.type.element_type, (IntegerType, IndexType)
    ):
        w = _fold_width(a.type)
        return a.type, tuple(v & ((1 << w) - 1) for v in a.values), False
    return None


def _make_ints(t: Type, values: Sequence[int], scalar: bool) -> Attribute:
    if scalar:
        return IntegerAttr(_store(values[0], t), t)
    return DenseElementsAttr(t, tuple(_store(v, t) for v in values))  # type: ignore[arg-type]


def _fold_ints(
    a: Attribute | None, b: Attribute | None, fn: Any, out_type: Type | None = None
) -> Attribute | None:
    """`fn(x, y, width)` on the bit patterns of two integer constants of one type (elementwise
    for dense ones; a splat with a splat stays a splat); None when `fn` refuses an element."""
    va, vb = _int_values(a), _int_values(b)
    if va is None or vb is None or va[0] is not vb[0]:
        return None
    t, xs, scalar = va
    _, ys, _ = vb
    w = _fold_width(t)
    if len(xs) != len(ys):
        n = max(len(xs), len(ys))
        xs, ys = xs * (n // len(xs)), ys * (n // len(ys))
    out = []
    for x, y in zip(xs, ys):
        r = fn(x, y, w)
        if r is None:
            return None
        out.append(r)
    rt = out_type if out_type is not None else t
    return _make_ints(rt, out, scalar)


def _is_int(a: Attribute | None, pred: Any) -> bool:
    """`a` is an integer scalar or splat whose bit pattern satisfies `pred(u, width)`."""
    v = _int_values(a)
    if v is None or len(set(v[1])) != 1:
        return False
    return bool(pred(v[1][0], _fold_width(v[0])))


def _zero_attr(t: Type, value: int = 0) -> Attribute | None:
    """The integer `value` (0 by default) of type `t`: a scalar, or a splat of a static shape."""
    e = _element(t)
    if not isinstance(e, (IntegerType, IndexType)):
        return None
    if isinstance(t, (IntegerType, IndexType)):
        return IntegerAttr(_store(value, t), t)
    if isinstance(t, (RankedTensorType, VectorType)) and DYNAMIC not in t.shape:
        return DenseElementsAttr(t, (_store(value, t),))
    return None


def _defined_by(v: Value, name: str) -> Operation | None:
    op = getattr(v, "op", None)
    return op if op is not None and op.name == name else None


def _is_not(v: Value, x: Value) -> bool:
    """`v` is `xori(x, -1)` (MLIR's `not`)."""
    d = _defined_by(v, "arith.xori")
    if d is None or d.lhs is not x:  # type: ignore[attr-defined]
        return False
    c = getattr(d.rhs, "op", None)  # type: ignore[attr-defined]
    value = c.properties.get("value") if c is not None and c.name == "arith.constant" else None
    return _is_int(value, _all_ones)


_FOLD_FLOATS = frozenset(("f16", "bf16", "f32", "f64"))


def _float_values(a: Attribute | None) -> tuple[Type, tuple[float, ...], bool] | None:
    from llh_opt.ir.literals import bits_to_float

    if isinstance(a, FloatAttr) and a.type.name in _FOLD_FLOATS:
        return a.type, (a.value,), True
    if isinstance(a, DenseElementsAttr):
        e = a.type.element_type
        if isinstance(e, FloatType) and e.name in _FOLD_FLOATS:
            return a.type, tuple(bits_to_float(v, e.name) for v in a.values), False
    return None


def _make_floats(t: Type, values: Sequence[float], scalar: bool) -> Attribute:
    from llh_opt.ir.literals import float_to_bits, storage_bits

    e = _element(t)
    assert isinstance(e, FloatType)
    bits = tuple(storage_bits(float_to_bits(v, e.name), e.name) for v in values)
    if scalar:
        return FloatAttr(bits[0], e)
    return DenseElementsAttr(t, bits)  # type: ignore[arg-type]


def _fold_floats(a: Attribute | None, b: Attribute | None, fn: Any) -> Attribute | None:
    va, vb = _float_values(a), _float_values(b)
    if va is None or vb is None or va[0] is not vb[0]:
        return None
    t, xs, scalar = va
    ys = vb[1]
    if len(xs) != len(ys):
        n = max(len(xs), len(ys))
        xs, ys = xs * (n // len(xs)), ys * (n // len(ys))
    try:
        out = [fn(x, y) for x, y in zip(xs, ys)]
    except OverflowError:
        return None
    return _make_floats(t, out, scalar)


def _is_float(a: Attribute | None, value: float, negative: bool | None = None) -> bool:
    v = _float_values(a)
    if v is None or len(set(v[1])) != 1 or v[1][0] != value:
        return False
    return negative is None or str(v[1][0]).startswith("-") == negative


_CMPI = {
    "eq": lambda x, y, w: x == y,
    "ne": lambda x, y, w: x != y,
    "slt": lambda x, y, w: _signed(x, w) < _signed(y, w),
    "sle": lambda x, y, w: _signed(x, w) <= _signed(y, w),
    "sgt": lambda x, y, w: _signed(x, w) > _signed(y, w),
    "sge": lambda x, y, w: _signed(x, w) >= _signed(y, w),
    "ult": lambda x, y, w: x < y,
    "ule": lambda x, y, w: x <= y,
    "ugt": lambda x, y, w: x > y,
    "uge": lambda x, y, w: x >= y,
}


def _fold_cmpi(op: Operation, operands: Sequence[Attribute | None]) -> Any:
    pred = op.predicate  # type: ignore[attr-defined]
    rt = op.results[0].type
    if op.lhs is op.rhs:
        value = int(pred in ("eq", "sle", "sge", "ule", "uge"))
        if isinstance(rt, IntegerType):
            return IntegerAttr(value, rt)
        if isinstance(rt, (RankedTensorType, VectorType)) and DYNAMIC not in rt.shape:
            return DenseElementsAttr(rt, (value,))
        return None
    a, b = operands
    fn = _CMPI[pred]
    return _fold_ints(a, b, lambda x, y, w: int(fn(x, y, w)), out_type=rt)


def _fold_select(op: Operation, operands: Sequence[Attribute | None]) -> Any:
    cond, t, f = op.condition, op.true_value, op.false_value
    c = operands[0]
    if t is f:
        return t
    if isinstance(c, IntegerAttr):
        return t if c.value else f
    rt = op.results[0].type
    if rt is i1 and isinstance(operands[1], IntegerAttr) and isinstance(operands[2], IntegerAttr):
        if operands[1].value == 1 and operands[2].value == 0:
            return cond
    return None


def _fold_negf(op: Operation, operands: Sequence[Attribute | None]) -> Any:
    inner = getattr(op.input, "op", None)
    if inner is not None and inner.name == "arith.negf":
        return inner.input
    v = _float_values(operands[0])
    if v is None:
        return None
    return _make_floats(v[0], [-x for x in v[1]], v[2])


# --------------------------------------------------------------------------- more ops
#
# Ops the loop-level IR uses beyond the ones above (appended; same building blocks).


class _MinMaxFOp(_FloatBinaryOp):
    """`arith.maximumf` / `arith.minimumf`: a NaN operand wins; `op(x, x)` folds to x."""

    __slots__ = ()
    TRAITS = _COMMUTATIVE_FLOAT

    def fold_identity(self, a: Attribute | None, b: Attribute | None) -> Any:
        """op(x, x) is x."""
        return self.lhs if self.lhs is self.rhs else None


@register
class MaximumFOp(_MinMaxFOp):
    __slots__ = ()
    OPERATION_NAME = "arith.maximumf"
    SUMMARY = "floating-point maximum operation"

    @staticmethod
    def float_fn(x: float, y: float) -> float:
        """IEEE maximum: a NaN operand wins; +0.0 is above -0.0."""
        return float("nan") if x != x or y != y else _float_max(x, y)


@register
class MinimumFOp(_MinMaxFOp):
    __slots__ = ()
    OPERATION_NAME = "arith.minimumf"
    SUMMARY = "floating-point minimum operation"

    @staticmethod
    def float_fn(x: float, y: float) -> float:
        """IEEE minimum: a NaN operand wins; -0.0 is below +0.0."""
        return float("nan") if x != x or y != y else _float_min(x, y)


@register
class RemFOp(_FloatBinaryOp):
    __slots__ = ()
    OPERATION_NAME = "arith.remf"
    SUMMARY = "floating point division remainder operation"

    @staticmethod
    def float_fn(x: float, y: float) -> float:
        """C fmod (APFloat::mod): the sign of the dividend; NaN for x % 0 and inf % y."""
        return (
            math.fmod(x, y) if y != 0.0 and x not in (float("inf"), float("-inf")) else float("nan")
        )


@register
class CeilDivUIOp(_DivIOp):
    __slots__ = ()
    OPERATION_NAME = "arith.ceildivui"
    SUMMARY = "unsigned ceil integer division operation"

    @staticmethod
    def int_fn(x: int, y: int, w: int) -> int | None:
        return None if y == 0 else -((-x) // y)


def _float_ext_compatible(self: Any, src: Type, dst: Type) -> bool:
    return isinstance(src, FloatType) and isinstance(dst, FloatType) and _fwidth(dst) > _fwidth(src)


def _float_trunc_compatible(self: Any, src: Type, dst: Type) -> bool:
    return isinstance(src, FloatType) and isinstance(dst, FloatType) and _fwidth(dst) < _fwidth(src)


_FLOAT_WIDTHS = {"f16": 16, "bf16": 16, "f32": 32, "tf32": 19, "f64": 64, "f80": 80, "f128": 128}


def _fwidth(t: FloatType) -> int:
    return _FLOAT_WIDTHS.get(t.name, 8)


def _bitcast_compatible(self: Any, src: Type, dst: Type) -> bool:
    def width(t: Type) -> int | None:
        if isinstance(t, IntegerType):
            return t.width
        if isinstance(t, FloatType):
            return _fwidth(t)
        return None

    w = width(src)
    return w is not None and w == width(dst)


_OPTIONAL_FASTMATH = PropDef(
    "fastmath", AttrKind("Floating point fast math flags", FastMathFlagsAttr), optional=True
)
ROUNDING_MODES = ("to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away")
_ROUNDING_PROP = PropDef(
    "roundingmode",
    AttrKind(
        "Floating point rounding mode",
        IntegerAttr,
        lambda a: a.type.__class__ is IntegerType and a.type.width == 32 and 0 <= a.value < 5,
    ),
    optional=True,
)


@register
class UIToFPOp(_CastOp):
    __slots__ = ()
    OPERATION_NAME = "arith.uitofp"
    SUMMARY = "cast from unsigned integer type to floating-point"
    OPERANDS = (OperandDef("in", SIGNLESS_FIXED_WIDTH_INTEGER_LIKE),)
    RESULTS = (ResultDef("out", FLOAT_LIKE),)


@register
class FPToUIOp(_CastOp):
    __slots__ = ()
    OPERATION_NAME = "arith.fptoui"
    SUMMARY = "cast from floating-point type to integer type"
    OPERANDS = (OperandDef("in", FLOAT_LIKE),)
    RESULTS = (ResultDef("out", SIGNLESS_FIXED_WIDTH_INTEGER_LIKE),)


@register
class ExtFOp(_CastOp):
    __slots__ = ()
    OPERATION_NAME = "arith.extf"
    SUMMARY = "cast from floating-point to wider floating-point"
    OPERANDS = (OperandDef("in", FLOAT_LIKE),)
    RESULTS = (ResultDef("out", FLOAT_LIKE),)
    compatible = _float_ext_compatible
    PROPERTIES = (_OPTIONAL_FASTMATH,)
    FLAGS_PROP = "fastmath"
    FLAGS_KEYWORD = "fastmath"


class _TruncFBase(_CastOp):
    """`arith.truncf %x [to_nearest_even] [fastmath<...>] : f32 to f16`."""

    __slots__ = ()

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operand(self.input)
        mode = self.properties.get("roundingmode")
        if isinstance(mode, IntegerAttr):
            p.write(" " + ROUNDING_MODES[mode.value])
        flags = self.properties.get("fastmath")
        if isinstance(flags, _FlagsAttr) and flags.value:
            p.write(" fastmath" + flags.body())
        p.print_optional_attr_dict(p.op_attributes(self, ("roundingmode", "fastmath")))
        p.write(" : ")
        p.print_type(self.input.type)
        p.write(" to ")
        p.print_type(self.results[0].type)


@register
class TruncFOp(_TruncFBase):
    __slots__ = ()
    OPERATION_NAME = "arith.truncf"
    SUMMARY = "cast from floating-point to narrower floating-point"
    OPERANDS = (OperandDef("in", FLOAT_LIKE),)
    RESULTS = (ResultDef("out", FLOAT_LIKE),)
    PROPERTIES = (_ROUNDING_PROP, _OPTIONAL_FASTMATH)
    TRAITS = (Pure, _SameShapeCast)
    FLAGS_PROP = "fastmath"
    compatible = _float_trunc_compatible


_BITCASTABLE = TypeConstraint(
    "signless-integer-or-float-like or memref of signless-integer or float",
    _like(lambda t: isinstance(t, FloatType) or _signless_int(t)),
)


@register
class BitcastOp(_CastOp):
    __slots__ = ()
    OPERATION_NAME = "arith.bitcast"
    SUMMARY = "bitcast between values of equal bit width"
    OPERANDS = (OperandDef("in", _BITCASTABLE),)
    RESULTS = (ResultDef("out", _BITCASTABLE),)
    compatible = _bitcast_compatible
