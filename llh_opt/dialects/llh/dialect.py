"""`LLHDialect`: the `llh` namespace's hooks -- its attribute parser, the inliner interface
(every LLH op inlines) and constant materialization (`llh.constant`, keeping a folded op's
`symbol`).

What does not live here: the attributes (``attrs.py``), the ops and their folds.
"""

from __future__ import annotations

from typing import Any

from llh_opt.dialects.llh.attrs import constant_symbol_name, constant_symbol_value
from llh_opt.ir.attributes import (
    Attribute,
    DenseElementsAttr,
    FloatAttr,
    IntegerAttr,
    SymbolRefAttr,
)
from llh_opt.ir.core import Operation
from llh_opt.ir.opdef import Dialect
from llh_opt.ir.types import (
    IntegerType,
    RankedTensorType,
    Type,
    UnrankedTensorType,
    element_type_of,
)

__all__ = ["LLHDialect"]


class LLHDialect(Dialect):
    """`llh`: inlinable (the reference declares a `DialectInlinerInterface` accepting all of it);
    folds materialize as `llh.constant`."""

    __slots__ = ()

    def materialize_constant(
        self, value: Attribute, type: Type, location: Any, origin: Operation | None = None
    ) -> Operation | None:
        """`llh.constant`: an integer or f32/f64 scalar of exactly `type`, or a dense value for a
        tensor result (of compatible shape). An integer folded from an op carrying
        `symbol = @...` keeps a symbol: `@c<value>` (D4), and a free symbol it replaces is
        recorded equal to it."""
        # Imported here: parsing and printing LLH never load the rewrite machinery (start-up).
        from llh_opt.rewrite.folding import static_value_type

        props: dict[str, Attribute] = {}
        if isinstance(value, DenseElementsAttr):
            if not isinstance(type, (RankedTensorType, UnrankedTensorType)):
                return None
            if value.type.element_type is not element_type_of(type):
                return None
            if static_value_type(type, value.type.shape) is None:
                return None
        elif isinstance(value, IntegerAttr):
            if value.type is not type or not isinstance(type, IntegerType):
                return None
            old = origin.properties.get("symbol") if origin is not None else None
            if isinstance(old, SymbolRefAttr):
                name = constant_symbol_name(value.value)
                props["symbol"] = SymbolRefAttr(name)
                _record_constant_symbol(origin, old.root, name, value.value)  # type: ignore[arg-type]
        elif isinstance(value, FloatAttr):
            if value.type is not type or type.name not in ("f32", "f64"):  # type: ignore[attr-defined]
                return None
        else:
            return None
        props["value"] = value
        return Operation.create("llh.constant", (), [type], props, location=location)


def _record_constant_symbol(origin: Operation, old: str, name: str, value: int) -> None:
    """Declare `name` (a module with symbolic information only, D6) and record a free symbol
    `old` of the folded op equal to it."""
    # Imported here: the symbol engine pulls in sympy, which folding without symbols never needs.
    from llh_opt.symbolic import SymbolAnalysis

    try:
        sa = SymbolAnalysis.get(origin)
    except ValueError:
        return
    if not sa.symbols() and sa.symbol_module() is None:
        return
    sa.const(value, origin)
    if old != name and constant_symbol_value(old) is None:
        sa.merge(old, name, at_op=origin)
