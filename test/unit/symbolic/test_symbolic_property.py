"""Property tests for the symbolic engine: random expression DAGs over a few free symbols are
defined through `SymbolAnalysis.define` (mixing symbol atoms and inline sub-expressions), with
random equalities between inputs; at random positive sizes `evaluate` must agree with a direct
evaluation, hash-consing must never give one symbol to two expressions that differ somewhere, and
the relations materialized in the IR must reproduce the same values when read back."""

from __future__ import annotations

from collections.abc import Callable

import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from llh_opt.ir.core import new_module
from llh_opt.ir.verifier import verify
from llh_opt.parser import parse_source
from llh_opt.symbolic import CeilDiv, FloorDiv, Mod, SymbolAnalysis, window_output_size

Env = dict[str, int]

_OPS = ("add", "sub", "mul", "floordiv", "ceildiv", "mod", "div_sym", "window", "scale")


@st.composite
def programs(draw: st.DrawFn) -> tuple[int, list[tuple], list[tuple[int, int, bool]], list[Env]]:
    n_inputs = draw(st.integers(1, 3))
    n_nodes = draw(st.integers(1, 10))
    nodes = []
    for i in range(n_nodes):
        n_avail = n_inputs + i
        op = draw(st.sampled_from(_OPS))
        a = draw(st.integers(0, n_avail - 1))
        b = draw(st.integers(0, n_avail - 1))
        k = draw(st.integers(1, 4))
        c = draw(st.integers(-3, 6))
        inline = draw(st.booleans())
        nodes.append((op, a, b, k, c, inline))
    # (i, j, late): input i == input j (j = -1: the constant 7), before or after the DAG.
    merges = draw(
        st.lists(
            st.tuples(st.integers(0, n_inputs - 1), st.integers(-1, n_inputs - 1), st.booleans()),
            max_size=3,
        )
    )
    points = draw(
        st.lists(
            st.lists(st.integers(1, 60), min_size=n_inputs, max_size=n_inputs),
            min_size=1,
            max_size=4,
        )
    )
    return n_inputs, nodes, merges, [dict(enumerate(p)) for p in points]  # type: ignore[misc]


def _node_value(op: str, x: int, y: int, k: int, c: int, sym_div: int) -> int:
    if op == "add":
        return x + y
    if op == "sub":
        return x - y + c
    if op == "mul":
        return x * y
    if op == "floordiv":
        return (x + c) // k
    if op == "ceildiv":
        return -(-(x + c) // k)
    if op == "mod":
        return (x * k + c) % (k + 1)
    if op == "div_sym":
        return x // sym_div
    if op == "window":
        return (x + 2 * c - (k - 1) - 1) // k + 1
    return k * x + c  # scale


def _node_expr(op: str, x: sympy.Expr, y: sympy.Expr, k: int, c: int, sym_div: sympy.Expr):
    if op == "add":
        return x + y
    if op == "sub":
        return x - y + c
    if op == "mul":
        return x * y
    if op == "floordiv":
        return FloorDiv(x + c, k)
    if op == "ceildiv":
        return CeilDiv(x + c, k)
    if op == "mod":
        return Mod(x * k + c, k + 1)
    if op == "div_sym":
        return FloorDiv(x, sym_div)
    if op == "window":
        return window_output_size(x, k, k, 2 * c)
    return k * x + c


def _run(
    n_inputs: int, nodes: list[tuple], merges: list[tuple[int, int, bool]]
) -> tuple[SymbolAnalysis, list[str], list[str], Callable[[Env], list[int]]]:
    m = new_module()
    sa = SymbolAnalysis(m)
    inputs = [sa.fresh() for _ in range(n_inputs)]
    # Equalities between inputs (j = -1: input i is the constant 7), before or after the DAG.
    for i, j, late in merges:
        if not late:
            sa.merge(inputs[i], inputs[j] if j >= 0 else "c7")
    names: list[str] = list(inputs)
    exprs: list[sympy.Expr] = [sa.sym(n) for n in inputs]
    for op, a, b, k, c, inline in nodes:
        x = exprs[a] if inline else sa.sym(names[a])
        y = exprs[b] if inline else sa.sym(names[b])
        div = sa.sym(inputs[b % n_inputs])
        e = _node_expr(op, x, y, k, c, div)
        names.append(sa.define(e))
        exprs.append(sympy.sympify(e))
    for i, j, late in merges:
        if late:
            sa.merge(inputs[i], inputs[j] if j >= 0 else "c7")

    def direct(point: Env) -> list[int]:
        vals = [point[i] for i in range(n_inputs)]
        for op, a, b, k, c, _ in nodes:
            vals.append(_node_value(op, vals[a], vals[b], k, c, vals[b % n_inputs]))
        return vals

    return sa, inputs, names, direct


def _consistent_point(point: Env, merges: list[tuple[int, int, bool]], n_inputs: int) -> Env:
    """Sizes respecting the merges (merged inputs share a value, input = c7 means 7)."""
    parent = list(range(n_inputs))
    fixed: dict[int, int] = {}

    def find(i: int) -> int:
        while parent[i] != i:
            i = parent[i]
        return i

    for i, j, _ in merges:
        if j < 0:
            fixed[find(i)] = 7
        else:
            ri, rj = find(i), find(j)
            if ri != rj:
                parent[rj] = ri
                if rj in fixed:
                    fixed[ri] = fixed.pop(rj)
    return {i: fixed.get(find(i), point[find(i)]) for i in range(n_inputs)}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_evaluate_matches_direct_evaluation_and_hash_consing_is_sound(program) -> None:
    n_inputs, nodes, merges, points = program
    sa, inputs, names, direct = _run(n_inputs, nodes, merges)
    for raw_point in points:
        point = _consistent_point(raw_point, merges, n_inputs)
        expected = direct(point)
        values = sa.evaluate({inputs[i]: v for i, v in point.items()}, check=True)
        by_symbol: dict[str, int] = {}
        for name, v in zip(names, expected):
            assert values[name] == v, (name, sa.expr_of(name))
            # One symbol never stands for two different values.
            assert by_symbol.setdefault(name, v) == v
        # Every other known symbol (constants, representatives) is consistent too.
        for name, v in values.items():
            if name.startswith("c") and name[1:].lstrip("-").isdigit():
                assert v == int(name[1:])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_materialized_relations_reproduce_the_values(program) -> None:
    n_inputs, nodes, merges, points = program
    sa, inputs, _names, _direct = _run(n_inputs, nodes, merges)
    SymbolAnalysis.clear()
    verify(sa.module)
    reparsed = parse_source(sa.module.print())
    sa2 = SymbolAnalysis.get(reparsed)
    try:
        for raw_point in points:
            point = _consistent_point(raw_point, merges, n_inputs)
            bindings = {inputs[i]: v for i, v in point.items()}
            v1 = sa.evaluate(bindings)
            v2 = sa2.evaluate(bindings)
            assert set(sa2.symbols()) == set(sa.symbols())
            for name in sa2.symbols():
                assert v2.get(name) == v1.get(name), name
    finally:
        SymbolAnalysis.clear()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_apply_equalities_and_remove_unused_keep_values(program) -> None:
    n_inputs, nodes, merges, points = program
    sa, inputs, names, direct = _run(n_inputs, nodes, merges)
    mapping = sa.apply_equalities()
    sa.remove_unused()  # nothing outside __symbol__ refers to the symbols: all of it goes
    assert sa.symbols() == []
    assert all(mapping.get(n, sa.representative(n)) == sa.representative(n) for n in names)
    # The classes (and so the values) survive the IR clean-up.
    point = _consistent_point(points[0], merges, n_inputs)
    expected = direct(point)
    values = sa.evaluate({inputs[i]: v for i, v in point.items()})
    assert [values[n] for n in names] == expected
