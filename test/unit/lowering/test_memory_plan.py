"""The symbolic static memory plan (`plan-memory`): placement invariants (hypothesis over random
live ranges and symbolic sizes), the checker on every function of the lowering corpus and on
ResNet-18, the checker rejecting broken plans, numerics of planned vs unplanned code against
numpy at several sizes from one module, poisoned-workspace runs and workspace reuse."""

from __future__ import annotations

import sys

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st
from support.corpus import chunks
from support.paths import REPO_ROOT, TEST_ROOT

from llh_opt.lowering.memory_plan import (
    ALIGNMENT,
    Atom,
    Buffer,
    MaxSum,
    _best_placement,
    _order,
    _place,
    evaluate,
    plan_function,
)
from llh_opt.lowering.memory_plan_check import check_function, collect_views, unproved_pairs
from llh_opt.parser import parse_source
from llh_opt.passes import PassManager
from llh_opt.passes.plan_memory import plan_module

runtime = pytest.importorskip("llh_opt.runtime")

MODEL = """
func.func @main(%x: tensor<?x16xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c16"},
                %w: tensor<16x16xf32> {func.input_symbol_0 = "c16", func.input_symbol_1 = "c16"})
    -> tensor<?x16xf32> attributes {entrance} {
  %0 = "llh.matmul"(%x, %w) : (tensor<?x16xf32>, tensor<16x16xf32>) -> tensor<?x16xf32>
  %1 = "llh.relu"(%0) : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %2 = "llh.exp"(%1) : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %3 = "llh.add"(%2, %1) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %4 = "llh.matmul"(%3, %w) : (tensor<?x16xf32>, tensor<16x16xf32>) -> tensor<?x16xf32>
  %5 = "llh.mul"(%4, %1) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  %6 = "llh.sqrt"(%3) : (tensor<?x16xf32>) -> tensor<?x16xf32>
  %7 = "llh.sub"(%5, %6) : (tensor<?x16xf32>, tensor<?x16xf32>) -> tensor<?x16xf32>
  return %7 : tensor<?x16xf32>
}
"""


def reference(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    x64, w64 = x.astype(np.float64), w.astype(np.float64)
    r = np.maximum(x64 @ w64, 0)
    a = np.exp(r) + r
    return (a @ w64) * r - np.sqrt(a)


def lowered(text: str, plan: bool = True):  # type: ignore[no-untyped-def]
    m = parse_source(text)
    PassManager.parse("builtin.module(infer-symbolic-shape, convert-llh-to-loops)").run(m)
    plans = plan_module(m) if plan else []
    return m, plans


def functions(module) -> dict:  # type: ignore[no-untyped-def]
    return {
        op.properties["sym_name"].value: op
        for op in module.regions[0].blocks[0].ops
        if op.name == "func.func"
    }


def check_module(module, envs) -> list[str]:  # type: ignore[no-untyped-def]
    fns = functions(module)
    problems = []
    for name, f in fns.items():
        if name.endswith("_with_workspace"):
            size_fn = fns[name[: -len("_with_workspace")] + "_workspace_size"]
            problems += check_function(f, size_fn, envs)
    return problems


# --------------------------------------------------------------------------- placement property

_SYMS = sympy.symbols("p q", integer=True, nonnegative=True)
_MONOS = [(), (_SYMS[0],), (_SYMS[1],), (_SYMS[0], _SYMS[1]), (_SYMS[0], _SYMS[0])]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 30),
            st.integers(0, 8),
            st.sampled_from([1, 3, 4, 16, 64, 100]),
            st.integers(0, len(_MONOS) - 1),
        ),
        min_size=1,
        max_size=14,
    ),
    st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), min_size=3, max_size=6),
    st.sampled_from(["size", "program", "lifetime", "area", "best"]),
)
def test_placement_never_overlaps_live_buffers(specs, points, order) -> None:  # type: ignore[no-untyped-def]
    atoms: dict = {}
    buffers = []
    for start, length, coeff, mono in specs:
        key = (coeff, _MONOS[mono])
        a = atoms.get(key)
        if a is None:
            a = atoms[key] = Atom(len(atoms), ((_MONOS[mono], coeff),), (coeff * 7) % 97)
        size = sympy.Mul(coeff, *_MONOS[mono])
        buffers.append(Buffer(None, start, start + length, size, a))  # type: ignore[arg-type]
    if order == "best":
        total = _best_placement(buffers).expr()
    else:
        _place(buffers, _order(buffers, order))
        total = MaxSum.union([b.top for b in buffers]).expr()
    for p, q in [*points, (0, 0), (1, 0), (0, 1)]:
        env = {_SYMS[0]: p, _SYMS[1]: q}
        spans = [(evaluate(b.offset.expr(), env), evaluate(b.size, env)) for b in buffers]
        w = evaluate(total, env)
        for o, s in spans:
            assert o % ALIGNMENT == 0 and 0 <= o and o + s <= w
        for i in range(len(buffers)):
            for j in range(i + 1, len(buffers)):
                if buffers[i].overlaps(buffers[j]):
                    (oi, si), (oj, sj) = spans[i], spans[j]
                    assert not (si and sj and oi < oj + sj and oj < oi + si), (i, j, p, q)


# --------------------------------------------------------------------------- checker on the corpus

_LOWERING = sorted((TEST_ROOT / "Lowering").glob("*.mlir"))


def _corpus_chunks() -> list[tuple[str, str]]:
    out = []
    for path in _LOWERING:
        for line, text in chunks(path):
            if "llh." in text or "memref.alloc" in text:
                out.append((f"{path.name}:{line}", text))
    return out


_ENVS = st.fixed_dictionaries(
    {n: st.integers(0, 40) for n in ("s0", "s1", "s2", "s3", "s4", "s5", "a0d0", "a0d1")}
)


@pytest.mark.parametrize("where,text", _corpus_chunks(), ids=lambda x: x.split("\n")[0][:40])
def test_corpus_plans_hold(where: str, text: str) -> None:
    try:
        m = parse_source(text)
        PassManager.parse("builtin.module(infer-symbolic-shape, convert-llh-to-loops)").run(m)
    except Exception:  # noqa: BLE001 - chunks that do not lower (error tests) have no plan
        pytest.skip("does not lower")
    plans = plan_module(m)
    for p in plans:
        assert unproved_pairs(p) == [], where  # type: ignore[arg-type]

    @settings(max_examples=25, deadline=None)
    @given(st.lists(_ENVS, min_size=1, max_size=4))
    def sampled(envs: list[dict[str, int]]) -> None:
        assert check_module(m, envs) == []

    sampled()


@pytest.mark.slow
def test_resnet18_plan_holds_and_saves(tmp_path) -> None:  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(REPO_ROOT / "tools"))
    import gen_resnet18

    path = gen_resnet18.write_resnet18(str(tmp_path), seed=0)
    m = parse_source(open(path).read())
    PassManager.parse(
        f"builtin.module(lower-to-llvm{{plan-memory=false weight-dir={tmp_path}}})"
    ).run(m)
    main = functions(m)["main"]
    peaks = {}
    for hw in (224, 160):
        p = plan_function(main, {"s0": 1, "s1": hw})
        assert unproved_pairs(p) == []
        env = {s: {"s0": 1, "s1": hw}[str(s)] for s in p.leaves}
        peaks[hw] = (evaluate(p.size_expr, env), evaluate(p.unplanned_expr(), env))
        assert peaks[hw][0] < 0.5 * peaks[hw][1]  # the plan at least halves the memory
    plan_module(m)
    envs = [{"s0": b, "s1": hw} for b in (1, 2) for hw in (1, 7, 32, 64, 160, 224, 225)]
    assert check_module(m, envs) == []
    # Numerics of the planned ResNet-18 under a poisoned workspace: test_resnet18.py.


# --------------------------------------------------------------------------- broken plans


def test_checker_rejects_broken_plans() -> None:
    m, plans = lowered(MODEL)
    (plan,) = plans
    assert unproved_pairs(plan) == []  # type: ignore[arg-type]
    fns = functions(m)
    body, size_fn = fns["main_with_workspace"], fns["main_workspace_size"]
    envs = [{"s0": n} for n in (1, 3, 17)]
    assert check_function(body, size_fn, envs) == []
    views, _ = collect_views(body)
    assert len(views) >= 4
    # Symbolic: two live buffers at the same offset.
    a, b = next((x, y) for x in plan.buffers for y in plan.buffers if x is not y and x.overlaps(y))  # type: ignore[attr-defined]
    saved = b.offset
    b.offset = a.offset
    assert unproved_pairs(plan)  # type: ignore[arg-type]
    b.offset = saved
    # Numeric, on the IR: a view moved onto a live neighbour's bytes.
    first, second = next(
        (x, y) for x in views for y in views if x is not y and x.start <= y.start <= x.end
    )
    old = second.op.operands[1]
    second.op.set_operand(1, first.op.operands[1])
    problems = check_function(body, size_fn, envs)
    assert any("overlap while both are live" in p for p in problems)
    # Misaligned, and beyond the workspace.
    from llh_opt.lowering.context import LoweringContext

    ctx = LoweringContext(body, None)
    from llh_opt.lowering.context import InsertionPoint

    ctx.ip = InsertionPoint.before_op(second.op)
    second.op.set_operand(1, ctx.addi(old, ctx.c(4)))
    problems = check_function(body, size_fn, envs)
    assert any("not 64-aligned" in p for p in problems)
    second.op.set_operand(1, ctx.addi(old, ctx.c(1 << 20)))
    problems = check_function(body, size_fn, envs)
    assert any("exceeds the workspace" in p for p in problems)


# --------------------------------------------------------------------------- numerics


@pytest.fixture(scope="module")
def compiled():  # type: ignore[no-untyped-def]
    return runtime.compile(MODEL), runtime.compile(MODEL, plan_memory=False)


@pytest.mark.parametrize("poison", ["", "1", "nan"])
def test_planned_equals_unplanned_and_numpy(compiled, poison, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    planned, unplanned = compiled
    assert "main_with_workspace" in planned.entries
    assert "main_with_workspace" not in unplanned.entries
    monkeypatch.setenv("LLH_POISON_WORKSPACE", poison)
    rng = np.random.default_rng(3)
    w = (rng.standard_normal((16, 16)) / 4).astype(np.float32)
    for n in (1, 5, 33, 5):
        x = (rng.standard_normal((n, 16)) / 4).astype(np.float32)
        ref = reference(x, w)
        got = planned.main(x, w)
        assert np.isfinite(got).all()
        np.testing.assert_allclose(got, ref, rtol=1e-4, atol=1e-4)
        np.testing.assert_allclose(unplanned.main(x, w), ref, rtol=1e-4, atol=1e-4)
        # The self-allocating entry and the caller-workspace entry agree.
        ws = np.full(planned.main.workspace_size(x, w) + 64, -1, np.int8)
        off = (-ws.ctypes.data) % 64
        direct = planned.main_with_workspace(x, w, ws[off : off + len(ws) - 64])
        np.testing.assert_allclose(direct, ref, rtol=1e-4, atol=1e-4)


def test_workspace_is_reused_across_calls(compiled) -> None:  # type: ignore[no-untyped-def]
    planned, _ = compiled
    entry = planned.main
    w = np.eye(16, dtype=np.float32)
    x = np.ones((8, 16), np.float32)
    entry(x, w)
    first = entry.workspace(entry.workspace_size(x, w))
    entry(x, w)
    assert entry.workspace(entry.workspace_size(x, w)).ctypes.data == first.ctypes.data
    assert first.ctypes.data % 64 == 0
    small = np.ones((2, 16), np.float32)
    assert entry.workspace_size(small, w) < entry.workspace_size(x, w)
    entry(small, w)  # a smaller call reuses the larger workspace
    assert entry.workspace(entry.workspace_size(small, w)).ctypes.data == first.ctypes.data


def test_poison_fills_the_workspace() -> None:
    from llh_opt.runtime.workspace import poison_workspace

    ws = np.zeros(10, np.int8)
    poison_workspace(ws, "1")
    assert (ws.view(np.uint8) == 0xFF).all()
    ws = np.zeros(10, np.int8)
    poison_workspace(ws, "nan")
    assert np.isnan(ws[:8].view(np.float32)).all()
    ws = np.zeros(10, np.int8)
    poison_workspace(ws, "0")
    assert not ws.any()


def test_shape_error_through_the_planned_entry(compiled) -> None:  # type: ignore[no-untyped-def]
    planned, _ = compiled
    with pytest.raises(runtime.ShapeError):
        planned.main(np.ones((3, 16), np.float32), np.ones((16, 15), np.float32))
