"""Building the relation ops that print a symbol's facts (spec §3.1, §4.8, D2, HEAD §9).

* `llh.symbol_relation {symbol, relation, relation_kind}` for EQ/GE/LE/GT/LT/NOTEQ;
* `llh.symbol_binary_relation {symbol, relations_lhs, relations_rhs, relation_kind}` for a
  definition with two symbol/constant operands (Add, Sub, Mul, FloorDiv);
* `llh.symbol_relation_map {express, relation, relations, symbol}` for any other definition: the
  affine map's `s<i>` is the i-th name of `relations`, `express` the sympy text.

The ops are built unattached; `table.py` inserts them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import sympy
from sympy import Add, Mul, Pow

from llh_opt.dialects.llh.attrs import SymbolRelationAttr
from llh_opt.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    LocationAttr,
    StringAttr,
    SymbolRefAttr,
    UnknownLoc,
)
from llh_opt.ir.core import Operation
from llh_opt.symbolic.affine_convert import to_affine_map
from llh_opt.symbolic.expressions import FloorDiv, constant_symbol_name, expr_str, is_operand

__all__ = [
    "BinaryForm",
    "binary_form",
    "definition_op",
    "relation_op",
]

_UNKNOWN = UnknownLoc()

BinaryForm = tuple[str, sympy.Expr, sympy.Expr]
"""(kind, lhs, rhs): kind is Add/Sub/Mul/FloorDiv, operands are Symbols or Integers."""


def _negated_symbol(e: sympy.Expr) -> sympy.Expr | None:
    """`x` when `e` is `-x` for a symbol `x`."""
    if e.is_Mul and len(e.args) == 2 and e.args[0] == -1 and e.args[1].is_Symbol:
        return e.args[1]
    return None


def binary_form(e: sympy.Expr) -> BinaryForm | None:
    """`e` as one binary operation on two symbols/constants, if it is one (`s0 + 1` → Add(s0, 1),
    `s0 - 1` → Sub(s0, 1), `1 - s0` → Sub(1, s0), `128*s0` → Mul(128, s0), `s0**2` →
    Mul(s0, s0), `floor(s0/s1)` → FloorDiv(s0, s1))."""
    func = e.func
    args = e.args
    if len(args) != 2:
        return None
    x, y = args
    if func is Add:
        if x.is_Integer and y.is_Symbol:
            n = int(x)
            return ("Add", y, x) if n >= 0 else ("Sub", y, sympy.Integer(-n))
        if x.is_Symbol and y.is_Symbol:
            return ("Add", x, y)
        ny = _negated_symbol(y)
        if ny is not None and is_operand(x):
            return ("Sub", x, ny)
        nx = _negated_symbol(x)
        if nx is not None and y.is_Symbol:
            return ("Sub", y, nx)
        return None
    if func is Mul:
        if is_operand(x) and is_operand(y):
            return ("Mul", x, y)
        return None
    if func is FloorDiv:
        if is_operand(x) and is_operand(y):
            return ("FloorDiv", x, y)
        return None
    if func is Pow and x.is_Symbol and y == 2:
        return ("Mul", x, x)
    return None


def operand_name(e: sympy.Expr) -> str:
    """The symbol name of an operand: its Symbol name or `c<v>`."""
    return constant_symbol_name(int(e)) if e.is_Integer else e.name  # type: ignore[attr-defined]


def relation_op(
    symbol: str, relation: str, kind: str, location: LocationAttr = _UNKNOWN
) -> Operation:
    """`"llh.symbol_relation"() <{relation = @relation, relation_kind = kind, symbol = @symbol}>`."""
    return Operation.create(
        "llh.symbol_relation",
        properties={
            "relation": SymbolRefAttr(relation),
            "relation_kind": SymbolRelationAttr(kind),
            "symbol": SymbolRefAttr(symbol),
        },
        location=location,
    )


def definition_op(
    symbol: str,
    expr: sympy.Expr,
    order: Callable[[str], int],
    location: LocationAttr = _UNKNOWN,
) -> tuple[Operation, Sequence[str]]:
    """The op stating `symbol = expr` and the names it references besides `symbol` (they must be
    declared). `order` sorts the names of a relation map (earlier symbols first)."""
    form = binary_form(expr)
    if form is not None:
        kind, lhs, rhs = form
        lname, rname = operand_name(lhs), operand_name(rhs)
        op = Operation.create(
            "llh.symbol_binary_relation",
            properties={
                "relation_kind": SymbolRelationAttr(kind),
                "relations_lhs": SymbolRefAttr(lname),
                "relations_rhs": SymbolRefAttr(rname),
                "symbol": SymbolRefAttr(symbol),
            },
            location=location,
        )
        return op, (lname, rname)
    names = sorted((s.name for s in expr.free_symbols), key=order)  # type: ignore[attr-defined]
    amap = to_affine_map(expr, names)
    op = Operation.create(
        "llh.symbol_relation_map",
        properties={
            "express": StringAttr(expr_str(expr)),
            "relation": AffineMapAttr(amap),
            "relations": ArrayAttr(tuple(SymbolRefAttr(n) for n in names)),
            "symbol": SymbolRefAttr(symbol),
        },
        location=location,
    )
    return op, names
