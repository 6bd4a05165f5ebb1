"""The builtin dialect: `builtin.module` and `builtin.unrealized_conversion_cast`.

Builtin types and attributes live in ``ir/types.py`` and ``ir/attributes.py``; the symbol table
and region checks shared by all ops live in ``ir/verifier.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from llh_opt.ir.attributes import Attribute, LocationAttr, StringAttr, UnknownLoc
from llh_opt.ir.core import Block, Operation, Value
from llh_opt.ir.opdef import (
    ANY_TYPE,
    STRING_ATTR,
    SYMBOL_NAME_ATTR,
    Dialect,
    GraphRegion,
    IsolatedFromAbove,
    NoTerminator,
    OperandDef,
    PropDef,
    Pure,
    ResultDef,
    SingleBlock,
    SymbolTableTrait,
    op_error,
    register,
    register_dialect,
)
from llh_opt.ir.types import Type

if TYPE_CHECKING:
    from llh_opt.printer import Printer

__all__ = ["BUILTIN", "ModuleOp", "UnrealizedConversionCastOp"]

BUILTIN = register_dialect(Dialect("builtin", inlinable=True))

_UNKNOWN = UnknownLoc()


@register
class ModuleOp(Operation):
    """`module [@name] [attributes {...}] { ... }`: the top-level container."""

    __slots__ = ()
    OPERATION_NAME = "builtin.module"
    SUMMARY = "A top level container operation"
    PROPERTIES = (
        PropDef("sym_name", SYMBOL_NAME_ATTR, optional=True),
        PropDef("sym_visibility", STRING_ATTR, optional=True),
    )
    TRAITS = (SingleBlock, NoTerminator, SymbolTableTrait, IsolatedFromAbove, GraphRegion)
    NUM_REGIONS = 1
    DEFAULT_DIALECT = "builtin"

    @classmethod
    def build(
        cls,
        name: str | None = None,
        attributes: dict[str, Attribute] | None = None,
        location: LocationAttr = _UNKNOWN,
    ) -> ModuleOp:
        props: dict[str, Attribute] = {}
        if name is not None:
            props["sym_name"] = StringAttr(name)
        op = Operation.create(
            cls.OPERATION_NAME,
            properties=props,
            attributes=attributes,
            regions=1,
            location=location,
        )
        op.regions[0].add_block(Block())
        return op  # type: ignore[return-value]

    @property
    def body(self) -> Block:
        """The single block (created on demand)."""
        region = self.regions[0]
        if not region.blocks:
            region.add_block(Block())
        return region.blocks[0]

    @property
    def sym_name(self) -> str | None:
        a = self.properties.get("sym_name")
        return a.value if isinstance(a, StringAttr) else None

    def verify_op(self) -> None:
        region = self.regions[0]
        if len(region.blocks) != 1:
            raise op_error(
                self, "region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks"
            )
        if region.blocks[0].args:
            raise op_error(self, "region should have no arguments")
        for name in sorted([*self.properties, *(k for k, _ in self.discardable_items())]):
            if "." not in name and name not in ("sym_name", "sym_visibility"):
                raise op_error(
                    self,
                    f"can only contain attributes with dialect-prefixed names, found: '{name}'",
                )

    def print_custom(self, p: Printer) -> None:
        name = self.properties.get("sym_name")
        if isinstance(name, StringAttr):
            p.write(" ")
            p.print_symbol_name(name.value)
        p.print_optional_attr_dict_with_keyword(p.op_attributes(self, ("sym_name",)))
        p.write(" ")
        p.print_region(self.regions[0])


@register
class UnrealizedConversionCastOp(Operation):
    """`unrealized_conversion_cast %a, %b : T0, T1 to U0, U1`: a placeholder cast between type
    systems during partial conversion."""

    __slots__ = ()
    OPERATION_NAME = "builtin.unrealized_conversion_cast"
    SUMMARY = "An unrealized conversion from one set of types to another"
    OPERANDS = (OperandDef("inputs", ANY_TYPE, variadic=True),)
    RESULTS = (ResultDef("outputs", ANY_TYPE, variadic=True),)
    TRAITS = (Pure,)

    @classmethod
    def build(
        cls,
        inputs: Sequence[Value],
        result_types: Sequence[Type],
        location: LocationAttr = _UNKNOWN,
    ) -> UnrealizedConversionCastOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, inputs, result_types, location=location
        )

    def verify_op(self) -> None:
        if not self.results:
            raise op_error(self, "expected at least one result for cast operation")

    def print_custom(self, p: Printer) -> None:
        if self.operand_uses:
            p.write(" ")
            p.print_operands(self.operands)
            p.write(" : ")
            p.print_types(self.operand_types)
        p.write(" to ")
        p.print_types(self.result_types)
        p.print_optional_attr_dict(p.op_attributes(self))
