"""The cf dialect subset: `cf.br`, `cf.cond_br` and `cf.assert`, with MLIR's custom forms
(`cf.br ^bb1(%a : i32)`, `cf.cond_br %c, ^bb1, ^bb2(%x : f32)`, `cf.assert %c, "msg"`),
builders and verifier messages (successor operand counts and types).

Parsing the custom forms lives in ``parser/custom.py``; the structured-to-CFG lowering lives in
the translator.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from llh_opt.ir.attributes import DenseArrayAttr, LocationAttr, StringAttr, UnknownLoc
from llh_opt.ir.core import Block, Operation, Value
from llh_opt.ir.opdef import (
    ANY_TYPE,
    STRING_ATTR,
    AttrSizedOperandSegments,
    Dialect,
    IsTerminator,
    OperandDef,
    PropDef,
    Pure,
    TypeConstraint,
    VerifyError,
    register,
    register_dialect,
)
from llh_opt.ir.types import i1, i32

if TYPE_CHECKING:
    from llh_opt.printer import Printer

__all__ = ["CF", "AssertOp", "BranchOp", "CondBranchOp"]

CF = register_dialect(Dialect("cf", inlinable=True))

_UNKNOWN = UnknownLoc()

I1 = TypeConstraint("1-bit signless integer", lambda t: t is i1)


def _plain_error(op: Operation, message: str) -> VerifyError:
    """MLIR's BranchOpInterface errors have no `'name' op` prefix."""
    err = VerifyError(op, message)
    err.diagnostic.message = message
    err.args = (message,)
    return err


def _check_successor(op: Operation, index: int, block: Block, values: Sequence[Value]) -> None:
    if len(values) != len(block.args):
        raise _plain_error(
            op,
            f"branch has {len(values)} operands for successor #{index}, but target block has "
            f"{len(block.args)}",
        )
    for i, (v, a) in enumerate(zip(values, block.args)):
        if v.type is not a.type:
            raise _plain_error(op, f"type mismatch for bb argument #{i} of successor #{index}")


def _print_successor(p: Printer, block: Block, values: Sequence[Value]) -> None:
    p.print_successor(block)
    if values:
        p.write("(")
        p.print_operands(values)
        p.write(" : ")
        p.print_types([v.type for v in values])
        p.write(")")


@register
class BranchOp(Operation):
    """`cf.br ^bb1(%a, %b : i32, f32)`."""

    __slots__ = ()
    OPERATION_NAME = "cf.br"
    SUMMARY = "branch operation"
    OPERANDS = (OperandDef("destOperands", ANY_TYPE, variadic=True),)
    TRAITS = (Pure, IsTerminator)
    NUM_SUCCESSORS = 1

    @classmethod
    def build(
        cls, dest: Block, operands: Sequence[Value] = (), location: LocationAttr = _UNKNOWN
    ) -> BranchOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, operands, successors=[dest], location=location
        )

    def verify_op(self) -> None:
        _check_successor(self, 0, self.successors[0], self.operands)

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        _print_successor(p, self.successors[0], self.operands)
        p.print_optional_attr_dict(p.op_attributes(self))


@register
class CondBranchOp(Operation):
    """`cf.cond_br %c, ^bb1(%a : i32), ^bb2`."""

    __slots__ = ()
    OPERATION_NAME = "cf.cond_br"
    SUMMARY = "conditional branch operation"
    OPERANDS = (
        OperandDef("condition", I1),
        OperandDef("trueDestOperands", ANY_TYPE, variadic=True),
        OperandDef("falseDestOperands", ANY_TYPE, variadic=True),
    )
    PROPERTIES = (PropDef("operandSegmentSizes"), PropDef("branch_weights", optional=True))
    TRAITS = (AttrSizedOperandSegments, Pure, IsTerminator)
    NUM_SUCCESSORS = 2

    @classmethod
    def build(
        cls,
        condition: Value,
        true_dest: Block,
        false_dest: Block,
        true_operands: Sequence[Value] = (),
        false_operands: Sequence[Value] = (),
        location: LocationAttr = _UNKNOWN,
    ) -> CondBranchOp:
        props = {
            "operandSegmentSizes": DenseArrayAttr(i32, (1, len(true_operands), len(false_operands)))
        }
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME,
            [condition, *true_operands, *false_operands],
            properties=props,
            successors=[true_dest, false_dest],
            location=location,
        )

    def _groups(self) -> tuple[list[Value], list[Value]]:
        sizes = self.properties["operandSegmentSizes"].values  # type: ignore[attr-defined]
        ops = self.operands
        n1 = sizes[1]
        return ops[1 : 1 + n1], ops[1 + n1 :]

    def verify_op(self) -> None:
        t, f = self._groups()
        _check_successor(self, 0, self.successors[0], t)
        _check_successor(self, 1, self.successors[1], f)

    def print_custom(self, p: Printer) -> None:
        t, f = self._groups()
        p.write(" ")
        p.print_operand(self.condition)
        p.write(", ")
        _print_successor(p, self.successors[0], t)
        p.write(", ")
        _print_successor(p, self.successors[1], f)
        p.print_optional_attr_dict(p.op_attributes(self, ("operandSegmentSizes",)))


@register
class AssertOp(Operation):
    """`cf.assert %c, "message"`: aborts with `message` when `%c` is false."""

    __slots__ = ()
    OPERATION_NAME = "cf.assert"
    SUMMARY = "Assert operation with message attribute"
    OPERANDS = (OperandDef("arg", I1),)
    PROPERTIES = (PropDef("msg", STRING_ATTR),)

    @classmethod
    def build(cls, condition: Value, msg: str, location: LocationAttr = _UNKNOWN) -> AssertOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, [condition], properties={"msg": StringAttr(msg)}, location=location
        )

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operand(self.arg)
        p.write(", ")
        p.print_attribute(self.properties["msg"])
        p.print_optional_attr_dict(p.op_attributes(self, ("msg",)))
