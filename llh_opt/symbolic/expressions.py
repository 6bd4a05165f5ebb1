"""Symbol values as sympy expressions: atoms, integer division functions, canonical form, evaluation.

* ``atom(name)`` is the sympy value of a symbol name: ``Integer(v)`` for a constant name (``c64``,
  ``c-1``), otherwise the one interned ``Symbol(name, integer=True, positive=True)``.
* ``FloorDiv``, ``CeilDiv`` and ``Mod`` are structural integer functions (Python/affine semantics:
  floor rounds toward -inf, ``Mod`` has the sign of the divisor). They fold constants and apply a
  few cheap exact rules on construction (sympy's own ``floor``/``Mod`` cost milliseconds each).
  ``floordiv``/``ceildiv``/``mod`` accept ints or expressions and stay in Python ints when they can.
* ``Canonicalizer`` brings an expression to the canonical form used as hash-consing key (products of
  sums distributed, sympy ``floor``/``ceiling``/``Mod`` converted, non-integer rationals rejected).
* ``evaluate_expr`` evaluates an expression on concrete integers (exact, no sympy arithmetic).

Which symbol owns which expression lives in ``equality.py``; affine maps in ``affine_convert.py``.
"""

from __future__ import annotations

from typing import Any

import sympy
from sympy import Add, Integer, Mul, Pow, Symbol
from sympy.core.cache import cacheit
from sympy.core.sympify import _sympify
from sympy.printing.precedence import PRECEDENCE
from sympy.printing.str import StrPrinter

from llh_opt.dialects.llh.attrs import constant_symbol_name, constant_symbol_value

__all__ = [
    "Canonicalizer",
    "CeilDiv",
    "ExprLike",
    "FloorDiv",
    "Mod",
    "SymbolExpressionError",
    "atom",
    "ceildiv",
    "constant_symbol_name",
    "constant_symbol_value",
    "evaluate_expr",
    "expr_str",
    "floordiv",
    "is_operand",
    "mod",
    "to_expr",
    "window_output_size",
]

ExprLike = sympy.Expr | int


class SymbolExpressionError(ValueError):
    """An expression that is not an integer expression we can represent (e.g. `s0/2`, `Max`)."""


_ATOMS: dict[str, Symbol] = {}


def atom(name: str) -> sympy.Expr:
    """The sympy value of symbol `name`: `Integer(v)` for `c<v>`, else its interned Symbol."""
    a = _ATOMS.get(name)
    if a is not None:
        return a
    v = constant_symbol_value(name)
    if v is not None:
        return Integer(v)
    a = _ATOMS[name] = Symbol(name, integer=True, positive=True)
    return a


def to_expr(x: ExprLike) -> sympy.Expr:
    """An int or sympy expression as a sympy expression."""
    if isinstance(x, int):
        return Integer(x)
    if isinstance(x, sympy.Basic):
        return x  # type: ignore[return-value]
    raise TypeError(f"expected an int or a sympy expression, got {type(x).__name__}")


def is_operand(e: sympy.Expr) -> bool:
    """A symbol or an integer: what a `llh.symbol_binary_relation` can name."""
    return e.is_Symbol or e.is_Integer


# --------------------------------------------------------------------------- integer functions


def _split_by_divisor(
    a: sympy.Expr, b: int
) -> tuple[list[sympy.Expr], list[sympy.Expr], int] | None:
    """`a = b*sum(q) + sum(r) + c`: `q` holds the quotients of the terms whose integer coefficient
    `b` divides, `r` the other non-constant terms and `c` the constant term; None when a
    coefficient is not an integer. Builds nothing for terms that stay in `r`."""
    q: list[sympy.Expr] = []
    r: list[sympy.Expr] = []
    c = 0
    for t in Add.make_args(a):
        if t.is_Integer:
            c += int(t)
            continue
        coeff, rest = t.as_coeff_Mul()
        if not coeff.is_Integer:
            return None
        cv = int(coeff)
        if cv % b == 0:
            q.append(Integer(cv // b) * rest)
        else:
            r.append(t)
    return q, r, c


def _ratio_str(printer: StrPrinter, a: sympy.Expr, b: sympy.Expr) -> str:  # type: ignore[name-defined]
    """`a/b` as sympy prints a quotient: `(s0 + 1)/2`, `s0/(2*s1)`."""
    level = PRECEDENCE["Mul"]
    return f"{printer.parenthesize(a, level, strict=True)}/{printer.parenthesize(b, level)}"


class _ExprPrinter(StrPrinter):
    """sympy's string form with a cheap term order for sums (sympy's own sorting costs ~0.3 ms per
    sum): higher-degree terms first, the constant last: `s0 + 1`, `128*s0*s1 + s1`."""

    def __init__(self) -> None:
        super().__init__({"order": "none"})

    def _as_ordered_terms(self, expr: sympy.Expr, order: Any = None) -> list[sympy.Expr]:
        return sorted(expr.args, key=_print_rank)


def term_degree(t: sympy.Expr) -> int:
    """How many factors a term of a sum has besides its numeric coefficient (0 for a number)."""
    if t.is_Number:
        return 0
    rest = t.as_coeff_Mul()[1]
    return sum(int(f.args[1]) if f.is_Pow else 1 for f in Mul.make_args(rest))


def _print_rank(t: sympy.Expr) -> tuple[bool, int]:
    """Sum terms print highest degree first, the constant last (`128*s0*s1 + s1 + 1`)."""
    return (t.is_Number, -term_degree(t))


_PRINTER = _ExprPrinter()


def expr_str(e: ExprLike) -> str:
    """The text of an expression in the symbol names (`floor((s0 + 1)/2) - 1`), as sympy would
    print it up to term order; used for `express` of `llh.symbol_relation_map`."""
    return _PRINTER.doprint(to_expr(e))


class _IntBinary(sympy.Expr):
    """Base of the integer binary functions: an `Expr` node with two arguments whose `__new__`
    folds through `_eval` (lighter than `sympy.Function`, whose construction costs ~10x more)."""

    __slots__ = ()
    is_integer = True
    is_commutative = True

    @cacheit
    def __new__(cls, a: ExprLike, b: ExprLike) -> sympy.Expr:  # type: ignore[misc]
        a, b = _sympify(a), _sympify(b)
        r = cls._eval(a, b)
        if r is not None:
            return r
        return sympy.Expr.__new__(cls, a, b)

    @classmethod
    def _eval(cls, a: sympy.Expr, b: sympy.Expr) -> sympy.Expr | None:
        raise NotImplementedError

    def _eval_subs(self, old: Any, new: Any) -> Any:
        return None


class FloorDiv(_IntBinary):
    """`floor(a / b)` on integers (affine `floordiv`)."""

    __slots__ = ()

    @classmethod
    def _eval(cls, a: sympy.Expr, b: sympy.Expr) -> sympy.Expr | None:
        if b.is_Integer:
            bv = int(b)
            if bv == 0:
                raise ZeroDivisionError(f"floor division of {a} by zero")
            if a.is_Integer:
                return Integer(int(a) // bv)
            if bv == 1:
                return a
            if bv < 0:
                return cls(-a, Integer(-bv))
            parts = _split_by_divisor(a, bv)
            if parts is None:
                return None
            q, r, c = parts
            qc, rc = divmod(c, bv)
            # floor((floor(x/m) + k)/b) == floor((x + k*m)/(m*b)) for m, b > 0.
            if len(r) == 1 and type(r[0]) is FloorDiv:
                x, m = r[0].args
                if m.is_Integer and int(m) > 0:
                    return Add(*q, Integer(qc)) + cls(x + rc * int(m), Integer(int(m) * bv))
            if not r:
                return Add(*q, Integer(qc))
            if q or qc:
                return Add(*q, Integer(qc)) + cls(Add(*r, Integer(rc)), b)
            return None
        if a == b:
            return sympy.S.One
        if a is sympy.S.Zero:
            return a
        if a.is_Mul and b in a.args:  # (x*b) // b == x
            args = list(a.args)
            args.remove(b)
            return Mul(*args)
        return None

    def _eval_is_nonnegative(self) -> bool | None:
        a, b = self.args
        if a.is_nonnegative and b.is_positive:
            return True
        return None

    def _sympystr(self, printer: StrPrinter) -> str:
        return f"floor({_ratio_str(printer, *self.args)})"


class CeilDiv(_IntBinary):
    """`ceil(a / b)` on integers (affine `ceildiv`); a constant divisor turns it into `FloorDiv`."""

    __slots__ = ()

    @classmethod
    def _eval(cls, a: sympy.Expr, b: sympy.Expr) -> sympy.Expr | None:
        if b.is_Integer:
            bv = int(b)
            if bv == 0:
                raise ZeroDivisionError(f"ceil division of {a} by zero")
            if bv > 0:
                return FloorDiv(a + (bv - 1), b)
            return -FloorDiv(-a, b)
        if a == b:
            return sympy.S.One
        if a is sympy.S.Zero:
            return a
        return None

    def _sympystr(self, printer: StrPrinter) -> str:
        return f"ceiling({_ratio_str(printer, *self.args)})"


class Mod(_IntBinary):
    """`a mod b` on integers with the sign of `b` (Python `%`, affine `mod`)."""

    __slots__ = ()

    @classmethod
    def _eval(cls, a: sympy.Expr, b: sympy.Expr) -> sympy.Expr | None:
        if b.is_Integer:
            bv = int(b)
            if bv == 0:
                raise ZeroDivisionError(f"modulo of {a} by zero")
            if a.is_Integer:
                return Integer(int(a) % bv)
            if bv in (1, -1):
                return sympy.S.Zero
            if bv < 0:
                return None
            parts = _split_by_divisor(a, bv)
            if parts is None:
                return None
            q, r, c = parts
            if not r:
                return Integer(c % bv)
            if q or not 0 <= c < bv:
                return cls(Add(*r, Integer(c % bv)), b)
            return None
        if a == b or a is sympy.S.Zero:
            return sympy.S.Zero
        return None

    def _eval_is_nonnegative(self) -> bool | None:
        return True if self.args[1].is_positive else None

    def _sympystr(self, printer: StrPrinter) -> str:
        a, b = self.args
        return f"Mod({printer.doprint(a)}, {printer.doprint(b)})"


def window_output_size(
    size: ExprLike,
    kernel: int,
    stride: int = 1,
    pad: int = 0,
    dilation: int = 1,
    ceil_mode: bool = False,
) -> ExprLike:
    """Output size of a conv/pool window along one axis: `floor((size + pad - dilation*(kernel-1)
    - 1) / stride) + 1` (`ceil` with `ceil_mode`); `pad` is the sum of both sides. Integer
    arithmetic is folded before any sympy node is built; a static `size` gives an int."""
    offset = pad - dilation * (kernel - 1) - 1
    if ceil_mode:
        offset += stride - 1
    if isinstance(size, int):
        return (size + offset) // stride + 1
    return FloorDiv(size + offset, Integer(stride)) + 1


def floordiv(a: ExprLike, b: ExprLike) -> ExprLike:
    """`a // b`: a Python int when both are ints, else a sympy expression."""
    if isinstance(a, int) and isinstance(b, int):
        return a // b
    return FloorDiv(to_expr(a), to_expr(b))


def ceildiv(a: ExprLike, b: ExprLike) -> ExprLike:
    """`ceil(a / b)`: a Python int when both are ints, else a sympy expression."""
    if isinstance(a, int) and isinstance(b, int):
        return -((-a) // b)
    return CeilDiv(to_expr(a), to_expr(b))


def mod(a: ExprLike, b: ExprLike) -> ExprLike:
    """`a mod b` (sign of `b`): a Python int when both are ints, else a sympy expression."""
    if isinstance(a, int) and isinstance(b, int):
        return a % b
    return Mod(to_expr(a), to_expr(b))


# --------------------------------------------------------------------------- canonical form

_INT_FUNCS = (FloorDiv, CeilDiv, Mod)
_DIV_HINT = " (use floordiv/ceildiv for division)"


class Canonicalizer:
    """Canonical form of integer expressions, memoized per instance.

    Sums and products keep sympy's automatic canonical order; products (and positive integer
    powers) of sums are distributed; sympy's `floor(p/q)`, `ceiling(p/q)` and `Mod` become
    `FloorDiv`/`CeilDiv`/`Mod`. Anything else (non-integer rationals, `Max`, `sqrt`, ...) raises
    `SymbolExpressionError`. Never calls `simplify`."""

    __slots__ = ("_memo",)

    def __init__(self) -> None:
        self._memo: dict[sympy.Expr, sympy.Expr] = {}

    def __call__(self, e: sympy.Expr) -> sympy.Expr:
        r = self._memo.get(e)
        if r is None:
            r = self._memo[e] = self._canon(e)
        return r

    def _canon(self, e: sympy.Expr) -> sympy.Expr:
        if e.is_Atom:
            if e.is_Integer or e.is_Symbol:
                return e
            raise SymbolExpressionError(f"not an integer expression: {e}{_DIV_HINT}")
        func = e.func
        args = e.args
        if func is Mul and not e.as_coeff_Mul()[0].is_Integer:
            raise SymbolExpressionError(f"not an integer expression: {e}{_DIV_HINT}")
        if func is sympy.floor or func is sympy.ceiling:
            num, den = sympy.fraction(sympy.together(args[0]))
            num, den = self(num), self(den)
            return FloorDiv(num, den) if func is sympy.floor else CeilDiv(num, den)
        new_args = tuple(self(a) for a in args)
        changed = any(x is not y for x, y in zip(new_args, args))
        if func is Add:
            return Add(*new_args) if changed else e
        if func is Mul:
            r = Mul(*new_args) if changed else e
            if r.is_Mul:
                coeff = r.as_coeff_Mul()[0]
                if not coeff.is_Integer:
                    raise SymbolExpressionError(f"not an integer expression: {e}{_DIV_HINT}")
                if any(a.is_Add for a in r.args):
                    r = sympy.expand_mul(r)
            return r
        if func is Pow:
            base, exp = new_args
            if not (exp.is_Integer and int(exp) > 0):
                raise SymbolExpressionError(f"not an integer expression: {e}{_DIV_HINT}")
            r = Pow(base, exp) if changed else e
            if base.is_Add:
                r = sympy.expand_multinomial(r)
            return r
        if func in _INT_FUNCS:
            return func(*new_args) if changed else e
        if func is sympy.Mod:
            return Mod(*new_args)
        raise SymbolExpressionError(f"unsupported operation in a symbol expression: {e}")


# --------------------------------------------------------------------------- evaluation


def evaluate_expr(
    e: sympy.Expr, env: dict[sympy.Expr, int], memo: dict[sympy.Expr, int] | None = None
) -> int:
    """The integer value of `e` (``+ * ^``, ``FloorDiv``, ``CeilDiv``, ``Mod``, ``Max``,
    ``Min``) with the free symbols taken from `env` (atom → int).

    `memo` may be shared across calls to reuse common sub-expressions. Raises `KeyError` for an
    unbound symbol and `ZeroDivisionError` for a division by zero."""
    if memo is None:
        memo = {}
    v = memo.get(e)
    if v is not None:
        return v
    if e.is_Integer:
        v = int(e)
    elif e.is_Symbol:
        v = env[e]
    else:
        func = e.func
        vals = [evaluate_expr(a, env, memo) for a in e.args]
        if func is Add:
            v = sum(vals)
        elif func is Mul:
            v = 1
            for x in vals:
                v *= x
        elif func is Pow:
            v = vals[0] ** vals[1]
        elif func is FloorDiv:
            v = vals[0] // vals[1]
        elif func is CeilDiv:
            v = -((-vals[0]) // vals[1])
        elif func is Mod:
            v = vals[0] % vals[1]
        elif func is sympy.Max:
            v = max(vals)
        elif func is sympy.Min:
            v = min(vals)
        else:
            raise SymbolExpressionError(f"cannot evaluate {e}")
    memo[e] = v
    return v
