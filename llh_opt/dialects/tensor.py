"""The tensor dialect subset LLH lowers to: `tensor.dim`, `tensor.empty`, `tensor.extract`,
`tensor.cast`, `tensor.from_elements`, `tensor.reshape`, with MLIR's custom forms, result names
and verifier messages.

`tensor.dim` folds static sizes (MLIR's folder). Shape inference and the LLH → tensor conversion
live in ``passes/``, not here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from llh_opt.dialects.arith import materialize_arith_constant
from llh_opt.ir.attributes import Attribute, LocationAttr, UnknownLoc
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.opdef import (
    ANY_TYPE,
    Dialect,
    OperandDef,
    Pure,
    ResultDef,
    Trait,
    TypeConstraint,
    op_error,
    register,
    register_dialect,
)
from llh_opt.ir.types import (
    DYNAMIC,
    IndexType,
    IntegerType,
    RankedTensorType,
    Type,
    UnrankedTensorType,
    index,
)

from llh_opt.printer import print_cast_form

if TYPE_CHECKING:
    from llh_opt.printer import Printer

__all__ = [
    "TENSOR",
    "CastOp",
    "DimOp",
    "EmptyOp",
    "ExtractOp",
    "FromElementsOp",
    "ReshapeOp",
]


class TensorDialect(Dialect):
    """`tensor`: inlinable; folds materialize as `arith.constant` (as MLIR's tensor dialect)."""

    __slots__ = ()

    def materialize_constant(
        self, value: Attribute, type: Type, location: Any, origin: Operation | None = None
    ) -> Operation | None:
        return materialize_arith_constant(value, type, location)


TENSOR = register_dialect(TensorDialect("tensor", inlinable=True))

_UNKNOWN = UnknownLoc()

ANY_TENSOR = TypeConstraint(
    "tensor of any non-token type values",
    lambda t: isinstance(t, (RankedTensorType, UnrankedTensorType)),
)
RANKED_TENSOR = TypeConstraint(
    "ranked tensor of any non-token type values", lambda t: isinstance(t, RankedTensorType)
)
NON0_RANKED_OR_UNRANKED_TENSOR = TypeConstraint(
    "non-0-ranked or unranked tensor",
    lambda t: (
        isinstance(t, UnrankedTensorType) or (isinstance(t, RankedTensorType) and len(t.shape) > 0)
    ),
)
STATIC_TENSOR = TypeConstraint(
    "statically shaped tensor of any non-token type values",
    lambda t: isinstance(t, RankedTensorType) and DYNAMIC not in t.shape,
)
INDEX = TypeConstraint("index", lambda t: isinstance(t, IndexType))
VARIADIC_INDEX = TypeConstraint("variadic of index", lambda t: isinstance(t, IndexType))
SHAPE_TENSOR = TypeConstraint(
    "1D tensor of signless integer or index values",
    lambda t: (
        isinstance(t, RankedTensorType)
        and len(t.shape) == 1
        and (
            isinstance(t.element_type, IndexType)
            or (isinstance(t.element_type, IntegerType) and t.element_type.signedness == 0)
        )
    ),
)


def _cast_compatible(a: Type, b: Type) -> bool:
    """Tensor types with the same element type whose shapes agree where both are static."""
    if not isinstance(a, (RankedTensorType, UnrankedTensorType)) or not isinstance(
        b, (RankedTensorType, UnrankedTensorType)
    ):
        return False
    if a.element_type is not b.element_type:
        return False
    if isinstance(a, UnrankedTensorType) or isinstance(b, UnrankedTensorType):
        return True
    if len(a.shape) != len(b.shape):
        return False
    return all(x == y or DYNAMIC in (x, y) for x, y in zip(a.shape, b.shape))


@register
class DimOp(Operation):
    """`tensor.dim {attrs} %t, %i : tensor<...>` (attributes come right after the name).
    Its result is named `%dim`."""

    __slots__ = ()
    OPERATION_NAME = "tensor.dim"
    SUMMARY = "dimension index operation"
    OPERANDS = (
        OperandDef("source", NON0_RANKED_OR_UNRANKED_TENSOR),
        OperandDef("index", INDEX),
    )
    RESULTS = (ResultDef("result", INDEX),)
    TRAITS = (Pure,)

    @classmethod
    def build(cls, source: Value, idx: Value, location: LocationAttr = _UNKNOWN) -> DimOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, (source, idx), [index], location=location
        )

    def result_names(self) -> list[str | None]:
        return ["dim"]

    def fold(self, operands: Sequence[Any]) -> Any:
        """MLIR's `DimOp::fold` for a static dimension (its size, an index attribute; the tensor
        dialect materializes it as `arith.constant`)."""
        from llh_opt.ir.attributes import IntegerAttr

        k = operands[1]
        t = self.source.type
        if not isinstance(k, IntegerAttr) or not isinstance(t, RankedTensorType):
            return None
        if not 0 <= k.value < len(t.shape) or t.shape[k.value] == DYNAMIC:
            return None
        return IntegerAttr(t.shape[k.value], index)

    def print_custom(self, p: Printer) -> None:
        p.print_optional_attr_dict(p.op_attributes(self))
        p.write(" ")
        p.print_operands(self.operands)
        p.write(" : ")
        p.print_type(self.source.type)


@register
class EmptyOp(Operation):
    """`tensor.empty(%d0, %d1) : tensor<?x3x?xf32>`: one index operand per dynamic size."""

    __slots__ = ()
    OPERATION_NAME = "tensor.empty"
    SUMMARY = "empty tensor operation"
    OPERANDS = (OperandDef("dynamicSizes", VARIADIC_INDEX, variadic=True),)
    RESULTS = (ResultDef("result", RANKED_TENSOR),)
    TRAITS = (Pure,)

    @classmethod
    def build(
        cls,
        type: RankedTensorType,
        dynamic_sizes: Sequence[Value] = (),
        location: LocationAttr = _UNKNOWN,
    ) -> EmptyOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, dynamic_sizes, [type], location=location
        )

    def verify_op(self) -> None:
        t = self.results[0].type
        want = sum(1 for d in t.shape if d == DYNAMIC)  # type: ignore[attr-defined]
        if want != len(self.operand_uses):
            raise op_error(
                self,
                f"incorrect number of dynamic sizes, has {len(self.operand_uses)}, expected {want}",
            )

    def print_custom(self, p: Printer) -> None:
        p.write("(")
        p.print_operands(self.operands)
        p.write(")")
        p.print_optional_attr_dict(p.op_attributes(self))
        p.write(" : ")
        p.print_type(self.results[0].type)


class _ResultIsElementType(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        if op.results[0].type is not op.tensor.type.element_type:  # type: ignore[attr-defined]
            raise op_error(op, "failed to verify that result type matches element type of tensor")


@register
class ExtractOp(Operation):
    """`tensor.extract %t[%i, %j] : tensor<...>`.  Its result is named `%extracted`."""

    __slots__ = ()
    OPERATION_NAME = "tensor.extract"
    SUMMARY = "element extraction operation"
    OPERANDS = (
        OperandDef("tensor", RANKED_TENSOR),
        OperandDef("indices", VARIADIC_INDEX, variadic=True),
    )
    RESULTS = (ResultDef("result", ANY_TYPE),)
    TRAITS = (Pure, _ResultIsElementType)

    @classmethod
    def build(
        cls, tensor: Value, indices: Sequence[Value] = (), location: LocationAttr = _UNKNOWN
    ) -> ExtractOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME,
            (tensor, *indices),
            [tensor.type.element_type],  # type: ignore[attr-defined]
            location=location,
        )

    def result_names(self) -> list[str | None]:
        return ["extracted"]

    def verify_op(self) -> None:
        if len(self.tensor.type.shape) != len(self.indices):  # type: ignore[attr-defined]
            raise op_error(self, "incorrect number of indices for extract_element")

    def print_custom(self, p: Printer) -> None:
        tensor = self.tensor
        p.write(" ")
        p.print_operand(tensor)
        p.write("[")
        p.print_operands(self.indices)
        p.write("]")
        p.print_optional_attr_dict(p.op_attributes(self))
        p.write(" : ")
        p.print_type(tensor.type)


@register
class CastOp(Operation):
    """`tensor.cast %t : tensor<?x3xf32> to tensor<*xf32>`.  Its result is named `%cast`."""

    __slots__ = ()
    OPERATION_NAME = "tensor.cast"
    SUMMARY = "tensor cast operation"
    OPERANDS = (OperandDef("source", ANY_TENSOR),)
    RESULTS = (ResultDef("dest", ANY_TENSOR),)
    TRAITS = (Pure,)

    @classmethod
    def build(cls, source: Value, type: Type, location: LocationAttr = _UNKNOWN) -> CastOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, (source,), [type], location=location
        )

    def result_names(self) -> list[str | None]:
        return ["cast"]

    def verify_op(self) -> None:
        a, b = self.source.type, self.results[0].type
        if not _cast_compatible(a, b):
            raise op_error(self, f"operand type '{a}' and result type '{b}' are cast incompatible")

    def print_custom(self, p: Printer) -> None:
        print_cast_form(p, self, self.source)


class _ElementsMatchResult(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        t = op.results[0].type
        elt = t.element_type  # type: ignore[attr-defined]
        n = t.num_elements  # type: ignore[attr-defined]
        types = op.operand_types
        if len(types) != n or any(x is not elt for x in types):
            raise op_error(op, "failed to verify that operand types match result element type")


@register
class FromElementsOp(Operation):
    """`tensor.from_elements %a, %b : tensor<2xi64>`.  Its result is named `%from_elements`."""

    __slots__ = ()
    OPERATION_NAME = "tensor.from_elements"
    SUMMARY = "tensor from elements operation."
    OPERANDS = (OperandDef("elements", ANY_TYPE, variadic=True),)
    RESULTS = (ResultDef("result", STATIC_TENSOR),)
    TRAITS = (Pure, _ElementsMatchResult)

    @classmethod
    def build(
        cls,
        elements: Sequence[Value],
        type: RankedTensorType | None = None,
        location: LocationAttr = _UNKNOWN,
    ) -> FromElementsOp:
        if type is None:
            type = RankedTensorType((len(elements),), elements[0].type)
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, elements, [type], location=location
        )

    def result_names(self) -> list[str | None]:
        return ["from_elements"]

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operands(self.operands)
        p.print_optional_attr_dict(p.op_attributes(self))
        p.write(" : ")
        p.print_type(self.results[0].type)


@register
class ReshapeOp(Operation):
    """`tensor.reshape %src(%shape) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>`.
    Its result is named `%reshape`."""

    __slots__ = ()
    OPERATION_NAME = "tensor.reshape"
    SUMMARY = "tensor reshape operation"
    OPERANDS = (OperandDef("source", ANY_TENSOR), OperandDef("shape", SHAPE_TENSOR))
    RESULTS = (ResultDef("result", ANY_TENSOR),)
    TRAITS = (Pure,)

    @classmethod
    def build(
        cls, source: Value, shape: Value, type: Type, location: LocationAttr = _UNKNOWN
    ) -> ReshapeOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, (source, shape), [type], location=location
        )

    def result_names(self) -> list[str | None]:
        return ["reshape"]

    def verify_op(self) -> None:
        src: Any = self.source.type
        shape: Any = self.shape.type
        res: Any = self.results[0].type
        if src.element_type is not res.element_type:
            raise op_error(
                self, "element types of source and destination tensor types should be the same"
            )
        n = shape.shape[0]
        if isinstance(res, UnrankedTensorType):
            return
        if (
            isinstance(src, RankedTensorType)
            and DYNAMIC not in src.shape
            and DYNAMIC not in res.shape
            and src.num_elements != res.num_elements
        ):
            raise op_error(
                self, "source and destination tensor should have the same number of elements"
            )
        if n == DYNAMIC:
            raise op_error(
                self,
                "cannot use shape operand with dynamic length to reshape to statically-ranked "
                "tensor type",
            )
        if n != len(res.shape):
            raise op_error(self, "length of shape operand differs from the result's tensor rank")

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operand(self.source)
        p.write("(")
        p.print_operand(self.shape)
        p.write(")")
        p.print_optional_attr_dict(p.op_attributes(self))
        p.write(" : ")
        p.print_functional_type(self)
