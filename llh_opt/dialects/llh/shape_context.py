"""The interface between LLH shape rules and whoever runs them: `ShapeContext` (what an op's
`infer_symbolic_shape` may ask and record) and `FakeShapeContext`, a dict-backed one for tests.

The real context (the ``--infer-symbolic-shape`` pass over ``llh_opt/symbolic``) lives elsewhere;
the rules themselves are in the op classes, their shared formulas in ``shape_rules.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn, Protocol

import sympy

from llh_opt.dialects.llh.base import constant_int
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.opdef import VerifyError
from llh_opt.ir.types import DYNAMIC, RankedTensorType

__all__ = ["Dim", "FakeShapeContext", "ShapeContext"]

Dim = sympy.Expr | None
"""One result dimension as a rule states it: a sympy expression, or None for "unknown" (the
context uses the declared static size if there is one, else a fresh free symbol; the
reference's UNKOW)."""


class ShapeContext(Protocol):
    """What a shape rule may ask and record. Expressions are sympy integer expressions over
    positive-integer symbols: `sympy.Integer` for static sizes; division appears as `floor` /
    `ceiling` of a quotient (built unevaluated, see ``shape_rules.floordiv``)."""

    def shape(self, value: Value) -> tuple[sympy.Expr, ...] | None:
        """The dims of a ranked tensor value (`Integer` for static dims); None when the value is
        not a ranked tensor or nothing is known about it."""
        ...

    def scalar(self, value: Value) -> sympy.Expr | None:
        """The value of an integer scalar operand (a constant gives an `Integer`; a symbol-carrying
        value its expression); None when unknown."""
        ...

    def set_shape(self, result: Value, dims: Sequence[Dim]) -> None:
        """`result` (a tensor) has these dims; the context names them (symbols / encoding) and
        refines `?` and unranked result types."""
        ...

    def set_scalar(self, result: Value, expr: sympy.Expr) -> None:
        """The integer scalar `result` equals `expr` (the `symbol` attribute of spec §4.6)."""
        ...

    def equate(self, a: sympy.Expr, b: sympy.Expr, op: Operation) -> None:
        """Record `a == b`, found at `op` (broadcast `s0` vs `s2`, matmul K, ...); two different
        constants are a contradiction the context reports at `op` (spec D3)."""
        ...

    def error(self, op: Operation, message: str) -> NoReturn:
        """Report a shape contradiction at `op` (raises)."""
        ...


class FakeShapeContext:
    """A `ShapeContext` that keeps everything in dicts (for tests).

    Shapes and scalars may be seeded with `set_shape`/`set_scalar`. An unseeded ranked tensor
    value gets its static sizes as Integers and one fresh symbol `q<N>` per `?` (remembered);
    an unseeded scalar is known only when it is an integer constant. `equalities` lists what
    rules equated; differing constants raise `dimension mismatch`, errors raise `VerifyError`."""

    def __init__(self) -> None:
        self.shapes: dict[Value, tuple[sympy.Expr | None, ...]] = {}
        self.scalars: dict[Value, sympy.Expr] = {}
        self.equalities: list[tuple[sympy.Expr, sympy.Expr]] = []
        self._fresh = 0

    def fresh_symbol(self) -> sympy.Symbol:
        s = sympy.Symbol(f"q{self._fresh}", integer=True, positive=True)
        self._fresh += 1
        return s

    def shape(self, value: Value) -> tuple[sympy.Expr, ...] | None:
        dims = self.shapes.get(value)
        if dims is None:
            t = value.type
            if not isinstance(t, RankedTensorType):
                return None
            dims = tuple(None if d == DYNAMIC else sympy.Integer(d) for d in t.shape)
        if any(d is None for d in dims):
            # What the pass does with UNKOW dims: a fresh symbol (remembered for this value).
            dims = tuple(self.fresh_symbol() if d is None else d for d in dims)
            self.shapes[value] = dims
        return dims  # type: ignore[return-value]

    def scalar(self, value: Value) -> sympy.Expr | None:
        e = self.scalars.get(value)
        if e is not None:
            return e
        c = constant_int(value)
        return sympy.Integer(c) if c is not None else None

    def set_shape(self, result: Value, dims: Sequence[sympy.Expr | None]) -> None:
        self.shapes[result] = tuple(dims)

    def set_scalar(self, result: Value, expr: sympy.Expr) -> None:
        self.scalars[result] = expr

    def equate(self, a: sympy.Expr, b: sympy.Expr, op: Operation) -> None:
        if a.is_Integer and b.is_Integer and a != b:
            self.error(op, f"dimension mismatch: {a} vs {b}")
        self.equalities.append((a, b))

    def error(self, op: Operation, message: str) -> NoReturn:
        raise VerifyError(op, message)

    def raw_shape(self, value: Value) -> tuple[sympy.Expr | None, ...] | None:
        """What a rule set for `value`, `None` entries kept (unlike `shape`)."""
        return self.shapes.get(value)
