"""Conversion between sympy symbol expressions and affine maps of symbols.

`llh.symbolic_bind` carries torch's shapes as `affine_map<()[s0, ...] -> (...)>` over its bound
symbols (spec D8); `llh.symbol_relation_map` carries a definition the same way (D2). Symbol `s<i>` of
a map stands for the i-th name of an ordered list; `FloorDiv`/`CeilDiv`/`Mod` map to
`floordiv`/`ceildiv`/`mod`, positive integer powers to repeated products.
"""

from __future__ import annotations

from collections.abc import Sequence

import sympy
from sympy import Add, Integer, Mul, Pow

from llh_opt.ir.affine import (
    AffineBinaryExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
    AffineSymbolExpr,
    affine_constant,
    affine_symbol,
)
from llh_opt.symbolic.expressions import (
    CeilDiv,
    ExprLike,
    FloorDiv,
    Mod,
    SymbolExpressionError,
    atom,
    term_degree,
    to_expr,
)

__all__ = [
    "from_affine_expr",
    "from_affine_map",
    "to_affine_expr",
    "to_affine_map",
]

SymbolLike = str | sympy.Expr | int


def _operand(x: SymbolLike) -> sympy.Expr:
    return atom(x) if isinstance(x, str) else to_expr(x)


def from_affine_expr(
    expr: AffineExpr, symbols: Sequence[SymbolLike], dims: Sequence[SymbolLike] = ()
) -> sympy.Expr:
    """The sympy expression of `expr` with `s<i>` → `symbols[i]` and `d<i>` → `dims[i]` (names
    become their atoms; ints and sympy expressions are used as given)."""
    syms = [_operand(s) for s in symbols]
    dvals = [_operand(d) for d in dims]
    memo: dict[AffineExpr, sympy.Expr] = {}
    return _from_affine(expr, syms, dvals, memo)


def _from_affine(
    e: AffineExpr,
    syms: list[sympy.Expr],
    dims: list[sympy.Expr],
    memo: dict[AffineExpr, sympy.Expr],
) -> sympy.Expr:
    r = memo.get(e)
    if r is not None:
        return r
    if isinstance(e, AffineConstantExpr):
        r = Integer(e.value)
    elif isinstance(e, AffineSymbolExpr):
        if e.position >= len(syms):
            raise ValueError(f"no symbol bound to s{e.position} (only {len(syms)} given)")
        r = syms[e.position]
    elif isinstance(e, AffineDimExpr):
        if e.position >= len(dims):
            raise ValueError(f"no value bound to d{e.position} (only {len(dims)} given)")
        r = dims[e.position]
    else:
        assert isinstance(e, AffineBinaryExpr)
        a = _from_affine(e.lhs, syms, dims, memo)
        b = _from_affine(e.rhs, syms, dims, memo)
        kind = e.kind
        if kind == "add":
            r = a + b
        elif kind == "mul":
            r = a * b
        elif kind == "floordiv":
            r = FloorDiv(a, b)
        elif kind == "ceildiv":
            r = CeilDiv(a, b)
        else:
            r = Mod(a, b)
    memo[e] = r
    return r


def from_affine_map(
    amap: AffineMap, symbols: Sequence[SymbolLike], dims: Sequence[SymbolLike] = ()
) -> tuple[sympy.Expr, ...]:
    """One sympy expression per result of `amap`, its symbols bound to `symbols` in order (extra
    map symbols without a binding raise `ValueError` only when a result uses them)."""
    syms = [_operand(s) for s in symbols]
    dvals = [_operand(d) for d in dims]
    memo: dict[AffineExpr, sympy.Expr] = {}
    return tuple(_from_affine(r, syms, dvals, memo) for r in amap.results)


def to_affine_expr(expr: ExprLike, symbols: Sequence[SymbolLike]) -> AffineExpr:
    """The affine expression of `expr` with `symbols[i]` (a name or a sympy symbol) → `s<i>`."""
    positions = {_operand(s): i for i, s in enumerate(symbols)}
    memo: dict[sympy.Expr, AffineExpr] = {}
    return _to_affine(to_expr(expr), positions, memo)


def _to_affine(
    e: sympy.Expr, positions: dict[sympy.Expr, int], memo: dict[sympy.Expr, AffineExpr]
) -> AffineExpr:
    r = memo.get(e)
    if r is not None:
        return r
    pos = positions.get(e)
    if pos is not None:
        r = affine_symbol(pos)
    elif e.is_Integer:
        r = affine_constant(int(e))
    elif e.is_Symbol:
        raise SymbolExpressionError(f"symbol {e} is not among the map's symbols")
    else:
        func = e.func
        args = [_to_affine(a, positions, memo) for a in _ordered_args(e)]
        if func is Add:
            r = args[0]
            for a in args[1:]:
                r = r + a
        elif func is Mul:
            r = args[0]
            for a in args[1:]:
                r = r * a
        elif func is Pow:
            exp = e.args[1]
            if not (exp.is_Integer and int(exp) > 0):
                raise SymbolExpressionError(f"not an affine expression: {e}")
            base = args[0]
            r = base
            for _ in range(int(exp) - 1):
                r = r * base
        elif func is FloorDiv:
            r = args[0].floordiv(args[1])
        elif func is CeilDiv:
            r = args[0].ceildiv(args[1])
        elif func is Mod:
            r = args[0] % args[1]
        else:
            raise SymbolExpressionError(f"not an affine expression: {e}")
    memo[e] = r
    return r


def _ordered_args(e: sympy.Expr) -> tuple[sympy.Expr, ...]:
    """Arguments in a printing-friendly order: for sums, terms with a positive coefficient first,
    then negated ones (higher degree first within each), the constant last (`s0 * s1 - s1 + 7`);
    for products, the numeric
    coefficient last (`(s0 * s1) * 128`, as MLIR prints it)."""
    args = e.args
    if e.func is Add:
        return tuple(sorted(args, key=_term_rank))
    if e.func is Mul and args and args[0].is_Number:
        return (*args[1:], args[0])
    return args


def _term_rank(t: sympy.Expr) -> tuple[int, int]:
    if t.is_Number:
        return (2, 0)
    return (1 if t.as_coeff_Mul()[0].is_negative else 0, -term_degree(t))


def to_affine_map(exprs: ExprLike | Sequence[ExprLike], symbols: Sequence[SymbolLike]) -> AffineMap:
    """`affine_map<()[s0, ...] -> (exprs...)>` with `symbols[i]` → `s<i>` (one result for a
    single expression)."""
    if isinstance(exprs, (int, sympy.Basic)):
        exprs = (exprs,)
    positions = {_operand(s): i for i, s in enumerate(symbols)}
    memo: dict[sympy.Expr, AffineExpr] = {}
    results = [_to_affine(to_expr(e), positions, memo) for e in exprs]
    return AffineMap(0, len(symbols), results)
