"""Tests for `--infer-symbolic-shape` from Python: the pass and its options, and
`SymbolicShapeContext` (``dialects/llh/shape_inference.py``), the `ShapeContext` the LLH rules run
against: reading shapes and scalars, naming and refining results, equalities and their
diagnostics, the rules' `floor`/`ceiling` conversion (spec §4.3–§4.9, D1–D3, D7, D8)."""

from __future__ import annotations

import pytest
import sympy
from hypothesis import given
from hypothesis import strategies as st

from llh_opt.diagnostics import DiagnosticError
from llh_opt.dialects.llh import shape_rules
from llh_opt.ir.core import Operation
from llh_opt.ir.opdef import VerifyError
from llh_opt.ir.types import RankedTensorType, UnrankedTensorType, f32
from llh_opt.parser import parse_source
from llh_opt.passes import PassManager, create_pass, lookup_pass
from llh_opt.passes.infer_symbolic_shape import infer_symbolic_shapes
from llh_opt.dialects.llh.shape_inference import SymbolicShapeContext, check_and_infer, engine_form
from llh_opt.symbolic import SymbolAnalysis, atom, evaluate_expr


@pytest.fixture(autouse=True)
def _clear_cache():
    SymbolAnalysis.clear()
    yield
    SymbolAnalysis.clear()


def first(m: Operation, name: str) -> Operation:
    return next(op for op in m.walk() if op.name == name)


MATMUL = """
func.func @matmul(%arg0: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}) -> tensor<*xf32> attributes {entrance} {
  %const = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<512x10xf32>
  %matmul = "llh.matmul"(%arg0, %const) : (tensor<?x?xf32>, tensor<512x10xf32>) -> tensor<*xf32>
  return %matmul : tensor<*xf32>
}
"""


# --------------------------------------------------------------------------- the pass


def test_registration_names_and_options() -> None:
    cls = lookup_pass("infer-symbolic-shape")
    assert cls is not None and lookup_pass("infer-symbol-shape") is cls
    assert lookup_pass("encoding-to-bind") is lookup_pass("unload-and-bind-encoding")
    p = create_pass("infer-symbol-shape", "use-binding=false clean-symbol-cache=false")
    assert p.options == {"use-encoding": False, "clean-symbol-cache": False}
    assert p.pipeline_text() == "infer-symbolic-shape{clean-symbol-cache=false use-encoding=false}"


def test_python_api_and_the_symbol_cache() -> None:
    m = parse_source(MATMUL)
    infer_symbolic_shapes(m)
    assert "symbol = @s1" in m.print()
    sa = SymbolAnalysis.get(m)
    assert sa.known_value("s1") == 512  # the EQ relation is read back from __symbol__
    SymbolAnalysis.clear()
    m = parse_source(MATMUL)
    PassManager.parse("builtin.module(infer-symbolic-shape{clean-symbol-cache=false})").run(m)
    kept = SymbolAnalysis.get(m)
    assert kept.representative("s1") == "c512"
    m2 = parse_source(MATMUL)
    PassManager.parse("builtin.module(infer-symbolic-shape)").run(m2)
    assert SymbolAnalysis._INSTANCES.get(m2) is None  # cleared by default


def test_not_a_module() -> None:
    m = parse_source(MATMUL)
    with pytest.raises(DiagnosticError, match="expects a builtin.module"):
        infer_symbolic_shapes(first(m, "func.func"))


def test_idempotent_and_concrete_values() -> None:
    src = """
    func.func @f(%x: tensor<?x3x?x?xf32>, %w: tensor<8x3x3x3xf32>) -> tensor<*xf32> attributes {entrance} {
      %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<?x3x?x?xf32>, tensor<8x3x3x3xf32>) -> tensor<*xf32>
      %1 = "llh.max_pool"(%0) <{ceil_mode = true, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<*xf32>) -> tensor<*xf32>
      return %1 : tensor<*xf32>
    }
    """
    m = parse_source(src)
    infer_symbolic_shapes(m)
    once = m.print()
    infer_symbolic_shapes(m)
    assert m.print() == once
    pool = first(m, "llh.max_pool").result.type
    h = pool.encoding.symbols[2]
    values = SymbolAnalysis.get(m).evaluate({"s1": 33, "s2": 34})
    assert values[h] == -(-((33 - 3) // 2 + 1) // 2)  # conv 3x3/2: 16; ceil(16/2) = 8
    assert values[pool.encoding.symbols[3]] == -(-((34 - 3) // 2 + 1) // 2)


# --------------------------------------------------------------------------- the context


CTX_SRC = """
"llh.symbolic_int"() <{sym_name = "s5"}> : () -> ()
func.func @f(%t: tensor<?x4xf32, #llh.encoding<shapes = @s5, @c4>>, %u: tensor<?x?xf32>,
             %z: tensor<f32>, %n: i64 {func.symbol_int = "s7"}, %p: i64) attributes {entrance} {
  "llh.encoding_bind"(%u) <{encoding = #llh.encoding<shapes = @s8, @s9>}> : (tensor<?x?xf32>) -> ()
  %c = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %k = "llh.torch_symbolic_int"() <{sym_name = "s30"}> : () -> i64
  %d = "llh.dim"(%t, %c) <{symbol = @s5}> : (tensor<?x4xf32, #llh.encoding<shapes = @s5, @c4>>, i64) -> i64
  %i = arith.constant 2 : index
  %m = "test.m"() : () -> i64
  "llh.symbol_bind"(%m) <{symbol = @s11}> : (i64) -> ()
  %r = "llh.relu"(%u) : (tensor<?x?xf32>) -> tensor<*xf32>
  %q = "llh.relu"(%t) : (tensor<?x4xf32, #llh.encoding<shapes = @s5, @c4>>) -> tensor<?x4xf32, #llh.encoding<shapes = @s5, @c4>>
  %s:2 = "llh.shape_of"(%u) : (tensor<?x?xf32>) -> (i64, i64)
  %a = "llh.add"(%c, %c) <{symbol = @c9}> : (i64, i64) -> i64
  %o = "test.o"() : () -> i64
  return
}
"""


@pytest.fixture
def ctx_ir() -> tuple[Operation, SymbolicShapeContext, dict[str, object]]:
    m = parse_source(CTX_SRC, allow_unregistered=True)
    ctx = SymbolicShapeContext.of(m)
    func = first(m, "func.func")
    block = func.regions[0].blocks[0]
    vals: dict[str, object] = dict(zip(("t", "u", "z", "n", "p"), block.args))
    names = ["c", "k", "d", "i", "m", "r", "q", "s", "a", "o"]
    ops = [op for op in block.ops if op.results]
    for name, op in zip(names, ops):
        vals[name] = op.results[0]
    vals["s#1"] = ops[7].results[1]
    return m, ctx, vals


def test_reading_shapes(ctx_ir) -> None:
    m, ctx, v = ctx_ir
    s5, s8, s9 = atom("s5"), atom("s8"), atom("s9")
    assert ctx.shape(v["t"]) == (s5, sympy.Integer(4))
    assert ctx.shape(v["u"]) == (s8, s9)  # from the llh.encoding_bind
    assert ctx.shape(v["z"]) == ()  # rank 0: no encoding needed
    assert ctx.shape(v["r"]) is None  # unranked
    assert ctx.shape(v["n"]) is None  # not a tensor
    ctx.merge("s8", "s9", None)
    assert ctx.shape(v["u"]) == (s8, s8)  # representatives (the cache follows merges)
    ctx.merge("s9", "c6", None)
    assert ctx.shape(v["u"]) == (sympy.Integer(6), sympy.Integer(6))


def test_reading_scalars(ctx_ir) -> None:
    m, ctx, v = ctx_ir
    assert ctx.scalar(v["c"]) == 3
    assert ctx.scalar(v["i"]) == 2  # arith.constant
    assert ctx.scalar(v["k"]) == atom("s30")  # torch_symbolic_int's name (declared)
    assert ctx.sa.is_declared("s30")
    assert ctx.scalar(v["d"]) == atom("s5")  # the `symbol` property
    assert ctx.scalar(v["m"]) == atom("s11")  # an llh.symbol_bind
    assert ctx.scalar(v["n"]) == atom("s7")  # func.symbol_int (a string)
    assert ctx.scalar(v["p"]) is None
    assert ctx.scalar(v["o"]) is None


def test_set_shape_refines_and_names(ctx_ir) -> None:
    m, ctx, v = ctx_ir
    r = v["r"]
    ctx.set_shape(r, [atom("s8"), sympy.Integer(5), None, shape_rules.floordiv(atom("s9") + 1, 2)])
    t = r.type
    assert isinstance(t, RankedTensorType)
    assert t.shape == (-1, 5, -1, -1)
    a, b, c, d = t.encoding.symbols
    assert (a, b) == ("s8", "c5")
    assert c not in ("s8", "s9", "s5") and ctx.sa.classes.is_free(c)  # fresh for an unknown dim
    assert str(ctx.sa.expr_of(d)) == "floor((s9 + 1)/2)"
    assert ctx.sa.is_declared(d)
    # The same expression again: the same symbol (D2).
    assert ctx.define(shape_rules.floordiv(atom("s9") + 1, 2), None) == d
    # A `?` dim known to be a constant becomes static.
    ctx.merge("s9", "c7", None)
    q = Operation.create("llh.relu", [v["u"]], [UnrankedTensorType(f32)])
    first(m, "func.func").regions[0].blocks[0].insert_before(v["r"].owner, q)
    ctx.set_shape(q.results[0], [atom("s9")])
    assert str(q.results[0].type) == "tensor<7xf32, #llh.encoding<shapes = @c7>>"


def test_set_shape_keeps_and_checks_an_existing_encoding(ctx_ir) -> None:
    m, ctx, v = ctx_ir
    q = v["q"]
    before = q.type
    ctx.set_shape(q, [atom("s6"), sympy.Integer(4)])
    assert q.type is before  # kept ...
    assert ctx.sa.provably_equal("s5", "s6")  # ... and merged with what the rule says
    with pytest.raises(VerifyError, match="dimension mismatch: result dimension 1 is declared 4"):
        ctx.set_shape(q, [atom("s5"), sympy.Integer(5)])
    with pytest.raises(VerifyError, match="has rank 2 but the shape rule gives rank 1"):
        ctx.set_shape(q, [atom("s5")])
    with pytest.raises(VerifyError, match="non-tensor value"):
        ctx.set_shape(v["c"], [atom("s5")])
    with pytest.raises(VerifyError, match="result dimension 0 would have the negative size -2"):
        ctx.set_shape(v["r"], [atom("s8") - atom("s8") - 2])


def test_set_scalar(ctx_ir) -> None:
    m, ctx, v = ctx_ir
    a = v["a"]
    ctx.set_scalar(a, sympy.Integer(6))  # a wrong constant symbol is corrected
    assert a.owner.properties["symbol"].root == "c6"
    d = v["d"]
    ctx.set_scalar(d, atom("s12"))  # an existing free symbol is kept and merged
    assert d.owner.properties["symbol"].root == "s5"
    assert ctx.sa.provably_equal("s5", "s12")
    o = v["o"]
    ctx.set_scalar(o, atom("s5") * 2)  # no `symbol` property: a discardable attribute
    name = o.owner.attributes["symbol"].root
    assert str(ctx.sa.expr_of(name)) == "2*s5"
    assert ctx.scalar(o) == atom(name)
    s1 = v["s#1"]
    ctx.set_scalar(s1, atom("s9"))  # a multi-result op: remembered by the context
    assert ctx.scalar(s1) == atom("s9")


def test_equate(ctx_ir) -> None:
    m, ctx, v = ctx_ir
    op = v["q"].owner
    ctx.equate(sympy.Integer(4), atom("s8"), op)
    rel = next(o for o in ctx.sa.symbol_module().walk() if o.name == "llh.symbol_relation")
    assert rel.properties["symbol"].root == "s8"  # `s EQ c`, as the reference writes it
    assert rel.properties["relation"].root == "c4"
    with pytest.raises(VerifyError, match="'llh.relu' op dimension mismatch: 4 vs 5"):
        ctx.equate(atom("s8"), sympy.Integer(5), op)
    with pytest.raises(VerifyError, match="'llh.relu' op boom"):
        ctx.error(op, "boom")
    with pytest.raises(VerifyError, match="unsupported shape expression"):
        ctx.define(atom("s8") / 3, op)


def test_check_and_infer_outside_a_module() -> None:
    op = Operation.create("llh.constant", [], [])
    assert not check_and_infer(op)
    assert not check_and_infer(Operation.create("test.x"))


# --------------------------------------------------------------------------- floor/ceiling


@given(
    st.integers(-3, 3),
    st.integers(-9, 9),
    st.integers(1, 5),
    st.booleans(),
    st.lists(st.integers(1, 40), min_size=1, max_size=3),
)
def test_engine_form_keeps_the_value(coeff: int, const: int, div: int, ceil: bool, xs) -> None:
    s = atom("s0")
    num = coeff * s + const
    e = (shape_rules.ceildiv if ceil else shape_rules.floordiv)(num, div) + 1
    conv = engine_form(e, {})
    assert not conv.has(sympy.floor, sympy.ceiling)
    for x in xs:
        want = (-(-(coeff * x + const) // div) if ceil else (coeff * x + const) // div) + 1
        assert evaluate_expr(conv, {s: x}) == want


def test_engine_form_symbolic_divisor() -> None:
    s0, s1 = atom("s0"), atom("s1")
    conv = engine_form(shape_rules.floordiv(s0 + 3, s1), {})
    assert evaluate_expr(conv, {s0: 10, s1: 4}) == 3
    conv = engine_form(shape_rules.ceildiv(s0 + 3, s1), {})
    assert evaluate_expr(conv, {s0: 10, s1: 4}) == 4
