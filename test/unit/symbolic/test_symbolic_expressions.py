"""Tests for the symbolic engine's expression layer: atoms, FloorDiv/CeilDiv/Mod folding rules,
the canonicalizer, evaluation and the sympy ↔ affine map conversion (llh_opt/symbolic)."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from llh_opt.ir.affine import AffineMap
from llh_opt.parser.affine_parser import parse_affine_map
from llh_opt.symbolic import (
    Canonicalizer,
    CeilDiv,
    FloorDiv,
    Mod,
    SymbolExpressionError,
    atom,
    ceildiv,
    evaluate_expr,
    floordiv,
    from_affine_map,
    mod,
    to_affine_map,
    window_output_size,
)
from llh_opt.symbolic.expressions import expr_str

s0, s1, s2 = atom("s0"), atom("s1"), atom("s2")


def test_atoms_are_interned_positive_integers_and_constants_are_integers() -> None:
    assert atom("s0") is s0
    assert s0.is_integer and s0.is_positive
    assert atom("c64") == 64 and atom("c64").is_Integer
    assert atom("c-1") == -1
    assert atom("cols").is_Symbol  # not a constant spelling


def test_floordiv_folding_rules() -> None:
    assert FloorDiv(sympy.Integer(7), sympy.Integer(2)) == 3
    assert FloorDiv(sympy.Integer(-7), sympy.Integer(2)) == -4
    assert FloorDiv(s0, sympy.Integer(1)) == s0
    assert FloorDiv(2 * s0 + 3, 2) == s0 + 1
    assert FloorDiv(4 * s0 * s1, 2) == 2 * s0 * s1
    assert FloorDiv(s0 * s1, s1) == s0
    assert FloorDiv(s0, s0) == 1
    # The constant term is normalized into [0, b): (s0 - 1)//2 + 1 == (s0 + 1)//2.
    assert FloorDiv(s0 - 1, 2) + 1 == FloorDiv(s0 + 1, 2)
    # Nested divisions by positive constants merge.
    assert FloorDiv(FloorDiv(s0 - 1, 2) + 1 + 2 - 3, 2) + 1 == FloorDiv(s0 + 3, 4)
    # A negative divisor flips signs.
    assert FloorDiv(s0, -2) == FloorDiv(-s0, 2)
    with pytest.raises(ZeroDivisionError):
        FloorDiv(s0, 0)


def test_ceildiv_and_mod() -> None:
    assert CeilDiv(s0, 2) == FloorDiv(s0 + 1, 2)
    assert CeilDiv(sympy.Integer(7), sympy.Integer(2)) == 4
    assert isinstance(CeilDiv(s0, s1), CeilDiv)
    assert Mod(2 * s0 + 3, 2) == 1
    assert Mod(s0 + 7, 4) == Mod(s0 + 3, 4)
    assert Mod(s0, 1) == 0
    assert Mod(sympy.Integer(-7), sympy.Integer(3)) == 2
    assert Mod(s0, 4).is_nonnegative


def test_python_int_helpers_stay_in_ints() -> None:
    assert floordiv(7, 2) == 3 and isinstance(floordiv(7, 2), int)
    assert ceildiv(7, 2) == 4 and ceildiv(-7, 2) == -3
    assert mod(-7, 3) == 2
    assert floordiv(s0, 2) == FloorDiv(s0, 2)
    assert window_output_size(224, 7, 2, 6) == 112
    assert window_output_size(s0, 3, 1, 2) == s0
    assert window_output_size(s0, 3, 2, 2) == FloorDiv(s0 + 1, 2)
    assert window_output_size(s0, 3, 2, 0, ceil_mode=True) == FloorDiv(s0 - 2, 2) + 1


def test_printing() -> None:
    assert expr_str(FloorDiv(s0 - 1, 2) + 1) == "floor((s0 + 1)/2)"
    assert expr_str(FloorDiv(s0, s1) - 1) == "floor(s0/s1) - 1"
    assert expr_str(128 * s0 * s1) == "128*s0*s1"
    assert expr_str(CeilDiv(s0, s1 + 1)) == "ceiling(s0/(s1 + 1))"
    assert expr_str(Mod(s0, 3)) == "Mod(s0, 3)"
    assert expr_str(s0 - 1) == "s0 - 1"


def test_canonicalizer() -> None:
    c = Canonicalizer()
    assert c(s0 * (s1 + 1)) == s0 * s1 + s0
    assert c((s0 + 1) ** 2) == s0**2 + 2 * s0 + 1
    assert c(sympy.floor((s0 - 1) / 2)) == FloorDiv(s0 - 1, 2)
    assert c(sympy.ceiling(s0 / s1)) == CeilDiv(s0, s1)
    assert c(sympy.Mod(s0, 3)) == Mod(s0, 3)
    with pytest.raises(SymbolExpressionError):
        c(s0 / 2)
    with pytest.raises(SymbolExpressionError):
        c(sympy.Max(s0, s1))
    with pytest.raises(SymbolExpressionError):
        c(s0**-1)


def test_evaluate_expr() -> None:
    e = FloorDiv(s0 * s1 + 3, 4) + Mod(s0, 3) * CeilDiv(s1, s0)
    assert evaluate_expr(e, {s0: 5, s1: 7}) == (5 * 7 + 3) // 4 + (5 % 3) * -(-7 // 5)
    with pytest.raises(KeyError):
        evaluate_expr(e, {s0: 5})


def test_affine_round_trip() -> None:
    exprs = [
        FloorDiv(s0 - 1, 2) + 1,
        128 * s0 * s1,
        128 * s0**2 + 128,
        1 - s0,
        Mod(s0, 4),
        CeilDiv(s0, s1),
        s0 * s1 - s1 + 7,
    ]
    amap = to_affine_map(exprs, ["s0", "s1"])
    assert amap.text() == (
        "()[s0, s1] -> ((s0 + 1) floordiv 2, (s0 * s1) * 128, (s0 * s0) * 128 + 128, -s0 + 1, "
        "s0 mod 4, s0 ceildiv s1, s0 * s1 - s1 + 7)"
    )
    back = from_affine_map(amap, ["s0", "s1"])
    c = Canonicalizer()
    assert [c(b) for b in back] == [c(e) for e in exprs]


def test_from_affine_map_of_a_torch_binding() -> None:
    amap = parse_affine_map(
        "()[s0] -> (1, 64, (s0 - 1) floordiv 2 + 1, (s0 - 1) floordiv 4 + 1, "
        "(((s0 - 1) floordiv 8) * ((s0 - 1) floordiv 8)) * 128 + 128)"
    )
    r = from_affine_map(amap, ["s7"])
    s7 = atom("s7")
    assert r[:4] == (1, 64, FloorDiv(s7 + 1, 2), FloorDiv(s7 + 3, 4))
    assert evaluate_expr(r[4], {s7: 33}) == (32 // 8) ** 2 * 128 + 128
    with pytest.raises(ValueError):
        from_affine_map(AffineMap(0, 2, [parse_affine_map("()[s0, s1] -> (s1)").results[0]]), ["a"])


_SYMS = (s0, s1, s2)
_leaf = st.sampled_from(_SYMS).map(lambda a: (a, lambda env, a=a: env[a])) | st.integers(-5, 9).map(
    lambda n: (sympy.Integer(n), lambda env, n=n: n)
)


def _combine(children: st.SearchStrategy) -> st.SearchStrategy:
    ops = st.sampled_from(["add", "sub", "mul", "floordiv", "ceildiv", "mod"])
    return st.tuples(ops, children, children, st.integers(1, 5)).map(_build)


def _build(t: tuple) -> tuple:
    """(expression built through our constructors, independent evaluator in Python ints)."""
    op, (a, fa), (b, fb), k = t
    if op == "add":
        return a + b, lambda env: fa(env) + fb(env)
    if op == "sub":
        return a - b, lambda env: fa(env) - fb(env)
    if op == "mul":
        return a * b, lambda env: fa(env) * fb(env)
    # Divisors stay positive: a positive constant, or k times a (positive) symbol of `b`.
    if b.free_symbols:
        sym = min(b.free_symbols, key=str)
        d, fd = sym * k, (lambda env, sym=sym: env[sym] * k)
    else:
        d, fd = sympy.Integer(k), (lambda env: k)
    if op == "floordiv":
        return FloorDiv(a, d), lambda env: fa(env) // fd(env)
    if op == "ceildiv":
        return CeilDiv(a, d), lambda env: -(-fa(env) // fd(env))
    return Mod(a, d), lambda env: fa(env) % fd(env)


@settings(max_examples=200, deadline=None)
@given(
    st.recursive(_leaf, _combine, max_leaves=8),
    st.integers(1, 40),
    st.integers(1, 40),
    st.integers(1, 40),
)
def test_folding_and_affine_conversion_preserve_values(pair, v0, v1, v2) -> None:
    e, reference = pair
    env = {s0: v0, s1: v1, s2: v2}
    expected = reference(env)
    assert evaluate_expr(e, env) == expected
    canon = Canonicalizer()(e)
    assert evaluate_expr(canon, env) == expected
    amap = to_affine_map(canon, ["s0", "s1", "s2"])
    assert amap.eval((), (v0, v1, v2)) == (expected,)
