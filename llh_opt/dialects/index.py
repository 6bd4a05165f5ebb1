"""The index dialect subset: `index.constant`, `index.castu`, `index.casts`, `index.add`,
`index.sub`, `index.mul`, with MLIR's custom forms (`index.constant 3`, result `%idx3`).

Folding of these ops lives in ``passes/`` / ``rewrite/``, not here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llh_opt.ir.attributes import Attribute, IntegerAttr, LocationAttr, UnknownLoc
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.opdef import (
    AttrKind,
    Commutative,
    ConstantLike,
    Dialect,
    OperandDef,
    PropDef,
    Pure,
    ResultDef,
    TypeConstraint,
    op_error,
    register,
    register_dialect,
)
from llh_opt.ir.types import IndexType, IntegerType, Type, index

if TYPE_CHECKING:
    from llh_opt.printer import Printer

__all__ = ["INDEX_DIALECT", "AddOp", "CastSOp", "CastUOp", "ConstantOp", "MulOp", "SubOp"]


class IndexDialect(Dialect):
    """`index`: inlinable; folds materialize as `index.constant`."""

    __slots__ = ()

    def materialize_constant(
        self, value: Attribute, type: Type, location: Any, origin: Operation | None = None
    ) -> Operation | None:
        if isinstance(value, IntegerAttr) and isinstance(type, IndexType) and value.type is type:
            return Operation.create(
                "index.constant", (), [type], {"value": value}, location=location
            )
        return None


INDEX_DIALECT = register_dialect(IndexDialect("index", inlinable=True))

_UNKNOWN = UnknownLoc()

INDEX = TypeConstraint("index", lambda t: isinstance(t, IndexType))
INTEGER_OR_INDEX = TypeConstraint(
    "integer or index", lambda t: isinstance(t, (IntegerType, IndexType))
)
INDEX_ATTR = AttrKind("index attribute", IntegerAttr, lambda a: isinstance(a.type, IndexType))


@register
class ConstantOp(Operation):
    """`index.constant 42`; its result is named `%idx42`."""

    __slots__ = ()
    OPERATION_NAME = "index.constant"
    SUMMARY = "index constant"
    RESULTS = (ResultDef("result", INDEX),)
    PROPERTIES = (PropDef("value", INDEX_ATTR),)
    TRAITS = (Pure, ConstantLike)

    @classmethod
    def build(cls, value: int, location: LocationAttr = _UNKNOWN) -> ConstantOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME,
            (),
            [index],
            {"value": IntegerAttr(value, index)},
            location=location,
        )

    @property
    def value(self) -> int:
        return self.properties["value"].value  # type: ignore[attr-defined]

    def result_names(self) -> list[str | None]:
        v = self.properties.get("value")
        return [f"idx{v.value}" if isinstance(v, IntegerAttr) else None]

    def print_custom(self, p: Printer) -> None:
        p.print_optional_attr_dict(p.op_attributes(self, ("value",)))
        p.write(" ")
        p.print_attribute_without_type(self.properties["value"])


class _CastOp(Operation):
    """`index.cast[su] %x : T to U` between index and a fixed-width integer."""

    __slots__ = ()
    OPERANDS = (OperandDef("input", INTEGER_OR_INDEX),)
    RESULTS = (ResultDef("output", INTEGER_OR_INDEX),)
    TRAITS = (Pure,)

    @classmethod
    def build(cls, value: Value, result_type: Type, location: LocationAttr = _UNKNOWN) -> Any:
        return Operation.create(cls.OPERATION_NAME, (value,), [result_type], location=location)

    def verify_op(self) -> None:
        a, b = self.input.type, self.results[0].type
        if isinstance(a, IndexType) == isinstance(b, IndexType):
            raise op_error(self, f"operand type '{a}' and result type '{b}' are cast incompatible")

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operand(self.input)
        p.print_optional_attr_dict(p.op_attributes(self))
        p.write(" : ")
        p.print_type(self.input.type)
        p.write(" to ")
        p.print_type(self.results[0].type)


@register
class CastSOp(_CastOp):
    """Signed cast: sign-extends when widening."""

    __slots__ = ()
    OPERATION_NAME = "index.casts"
    SUMMARY = "index signed cast"


@register
class CastUOp(_CastOp):
    """Unsigned cast: zero-extends when widening."""

    __slots__ = ()
    OPERATION_NAME = "index.castu"
    SUMMARY = "index unsigned cast"


class _BinaryOp(Operation):
    """`index.<op> %a, %b` (operands and result are `index`)."""

    __slots__ = ()
    OPERANDS = (OperandDef("lhs", INDEX), OperandDef("rhs", INDEX))
    RESULTS = (ResultDef("result", INDEX),)
    TRAITS = (Pure,)

    @classmethod
    def build(cls, lhs: Value, rhs: Value, location: LocationAttr = _UNKNOWN) -> Any:
        return Operation.create(cls.OPERATION_NAME, (lhs, rhs), [index], location=location)

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operands(self.operands)
        p.print_optional_attr_dict(p.op_attributes(self))


@register
class AddOp(_BinaryOp):
    __slots__ = ()
    OPERATION_NAME = "index.add"
    SUMMARY = "index addition"
    TRAITS = (Pure, Commutative)


@register
class SubOp(_BinaryOp):
    __slots__ = ()
    OPERATION_NAME = "index.sub"
    SUMMARY = "index subtraction"


@register
class MulOp(_BinaryOp):
    __slots__ = ()
    OPERATION_NAME = "index.mul"
    SUMMARY = "index multiplication"
    TRAITS = (Pure, Commutative)
