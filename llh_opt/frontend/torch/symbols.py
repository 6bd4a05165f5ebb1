"""torch's symbolic sizes as LLH sees them: names, static-or-dynamic dimensions, and affine maps.

torch describes every size of a FakeTensor as an int or a `SymInt` whose `node.expr` is a sympy
expression over its shape-environment symbols (`s0`, `s77`, ...) with torch's own functions
(`FloorDiv`, `Mod`/`PythonMod`, `CleanDiv`, `CeilDiv`, `ModularIndexing`). Here:

* `size_expr(d)` -- the sympy expression (or Python int) of one size;
* `is_static(e)` / `static_value(e)` -- whether a size is a constant;
* `to_affine(e, positions)` -- the `AffineExpr` of an expression over `s<i>` symbols
  (`positions`: torch symbol name -> symbol position); None when torch's expression is not affine
  over symbols (`Max`, `Min`, a true division ...), so the caller leaves that binding out;
* `unbacked(e)` -- data-dependent symbols (`u0`, ...), which LLH cannot express.

What does not live here: the ops that carry these (`importer.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import sympy

from llh_opt.ir.affine import AffineExpr, affine_constant, affine_symbol

__all__ = [
    "NotAffine",
    "free_symbol_names",
    "is_static",
    "size_expr",
    "static_value",
    "to_affine",
    "unbacked_symbols",
]

SizeExpr = int | sympy.Expr


class NotAffine(Exception):
    """A torch size expression with no affine-map form."""


def size_expr(d: Any) -> SizeExpr:
    """The expression of a size: a Python int, or the sympy expression of a `SymInt`."""
    if isinstance(d, int):
        return d
    node = getattr(d, "node", None)
    if node is not None:
        e = node.expr
        return int(e) if isinstance(e, sympy.Integer) else e
    if isinstance(d, sympy.Integer):
        return int(d)
    if isinstance(d, sympy.Expr):
        return d
    return int(d)


def is_static(e: SizeExpr) -> bool:
    return isinstance(e, int) or (isinstance(e, sympy.Expr) and e.is_Integer)


def static_value(e: SizeExpr) -> int | None:
    if isinstance(e, int):
        return e
    return int(e) if e.is_Integer else None


def free_symbol_names(exprs: Iterable[SizeExpr]) -> list[str]:
    """The torch symbols used by `exprs`, ordered by name (`s2` before `s10`)."""
    names: set[str] = set()
    for e in exprs:
        if isinstance(e, sympy.Expr):
            names.update(s.name for s in e.free_symbols)
    return sorted(names, key=_name_key)


def _name_key(name: str) -> tuple[str, int, str]:
    head = name.rstrip("0123456789")
    tail = name[len(head) :]
    return (head, int(tail) if tail else -1, name)


def unbacked_symbols(exprs: Iterable[SizeExpr]) -> list[str]:
    """The data-dependent (unbacked, `u<N>`) symbols among `exprs`."""
    return [n for n in free_symbol_names(exprs) if n.startswith("u")]


def to_affine(e: SizeExpr, positions: Mapping[str, int]) -> AffineExpr:
    """The affine expression of `e`, torch symbol `n` being `s<positions[n]>`; raises `NotAffine`."""
    if isinstance(e, int):
        return affine_constant(e)
    return _affine(e, positions)


def _affine(e: sympy.Expr, pos: Mapping[str, int]) -> AffineExpr:
    if e.is_Integer:
        return affine_constant(int(e))
    if isinstance(e, sympy.Symbol):
        if e.name not in pos:
            raise NotAffine(f"unknown symbol {e.name}")
        return affine_symbol(pos[e.name])
    if isinstance(e, sympy.Add):
        out: AffineExpr | None = None
        for a in e.args:
            t = _affine(a, pos)
            out = t if out is None else out + t
        assert out is not None
        return out
    if isinstance(e, sympy.Mul):
        out = None
        for a in e.args:
            t = _affine(a, pos)
            out = t if out is None else out * t
        assert out is not None
        return out
    if isinstance(e, sympy.Pow):
        base, exp = e.args
        if exp.is_Integer and int(exp) >= 1:
            b = _affine(base, pos)
            out = b
            for _ in range(int(exp) - 1):
                out = out * b
            return out
        raise NotAffine(str(e))
    name = type(e).__name__
    args = e.args
    if name in ("FloorDiv", "CleanDiv"):
        return _affine(args[0], pos).floordiv(_affine(args[1], pos))
    if name == "CeilDiv":
        return _affine(args[0], pos).ceildiv(_affine(args[1], pos))
    if name in ("Mod", "PythonMod"):
        return _affine(args[0], pos) % _affine(args[1], pos)
    if name == "ModularIndexing":  # (x // a) % b
        x, a, b = (_affine(x, pos) for x in args)
        return x.floordiv(a) % b
    raise NotAffine(str(e))
