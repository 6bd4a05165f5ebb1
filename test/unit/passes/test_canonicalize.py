"""Unit tests for `--canonicalize` (``llh_opt/passes/canonicalize.py``), the LLH folders
(``dialects/llh/fold.py``), constant materialization (``rewrite/folding.py``) and the op classes'
pattern declarations, through the Python API. The MLIR-style cases are the lit tests
``test/Transforms/canonicalize-*.mlir``; the numerics property is
``test_canonicalize_numerics.py``; convergence on every lit input ``test_canonicalize_corpus.py``.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support.mlir_reference import TORCH_MLIR_OPT, run_reference
from llh_opt.diagnostics import DiagnosticError
from llh_opt.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from llh_opt.ir.core import OP_CLASSES, Operation
from llh_opt.ir.literals import bits_to_float
from llh_opt.ir.types import RankedTensorType, f16, f32, i1, i8, i32, i64
from llh_opt.parser import parse_source
from llh_opt.passes import PassManager, create_pass
from llh_opt.passes.canonicalize import CanonicalizerPass, SymbolCanonicalizer
from llh_opt.rewrite import PatternRewriter
from llh_opt.rewrite.drr import Pat
from llh_opt.rewrite.folding import constant_operands, materialize_constant
from llh_opt.symbolic import SymbolAnalysis


@pytest.fixture(autouse=True)
def _clear_cache():
    SymbolAnalysis.clear()
    yield
    SymbolAnalysis.clear()


def body(m: Operation, name: str | None = None) -> list[Operation]:
    for op in m.regions[0].blocks[0].ops:
        if op.name == "func.func" and (name is None or op.properties["sym_name"].value == name):
            return list(op.regions[0].blocks[0].ops)
    raise KeyError(name)


def canonicalize(text: str, options: str = "") -> Operation:
    m = parse_source(text, allow_unregistered=True)
    PassManager.parse(f"builtin.module(canonicalize{{{options}}})").run(m)
    return m


def fold(text: str, op_name: str) -> object:
    """`fold` of the first `op_name` op of `text`, with its constant operands."""
    m = parse_source(text)
    op = next(o for o in m.walk() if o.name == op_name)
    return op.fold(constant_operands(op))  # type: ignore[attr-defined]


# --------------------------------------------------------------------------- the pass


def test_options_print_as_mlir_does() -> None:
    pm = PassManager.parse("builtin.module(canonicalize)")
    assert pm.pipeline_text() == (
        "builtin.module(canonicalize{cse-between-iterations=false    max-iterations=10 "
        "max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true})"
    )
    p = create_pass("canonicalize", "region-simplify=aggressive disable-patterns=A,B")
    assert p.options["region-simplify"] == "aggressive"
    assert p.options["disable-patterns"] == ["A", "B"]
    with pytest.raises(DiagnosticError, match="Cannot find option named 'x'"):
        create_pass("canonicalize", "region-simplify=x")
    assert CanonicalizerPass.ANCHOR == "any" and CanonicalizerPass.display_name() == "Canonicalizer"


def test_symbol_step_only_on_symbolic_root_modules() -> None:
    plain = parse_source("func.func @f() { return }")
    assert SymbolCanonicalizer.of(plain) is None
    symbolic = parse_source('"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()')
    step = SymbolCanonicalizer.of(symbolic)
    assert step is not None
    assert step(symbolic.regions[0]) is False  # nothing to apply
    func = parse_source("func.func @f() { return }").regions[0].blocks[0].first
    assert func is not None and SymbolCanonicalizer.of(func) is None


def test_cse_between_iterations() -> None:
    text = """
    func.func @f(%x: tensor<?xf32>, %k: i64) -> (i64, i64) {
      %0 = "llh.dim"(%x, %k) : (tensor<?xf32>, i64) -> i64
      %1 = "llh.dim"(%x, %k) : (tensor<?xf32>, i64) -> i64
      return %0, %1 : i64, i64
    }"""
    assert [o.name for o in body(canonicalize(text))].count("llh.dim") == 2
    m = canonicalize(text, "cse-between-iterations")
    assert [o.name for o in body(m)].count("llh.dim") == 1


def test_region_simplify_disabled_keeps_dead_cycles() -> None:
    text = """
    %0 = arith.addi %1, %1 : i32
    %1 = arith.addi %0, %0 : i32
    """
    m = canonicalize(text, "region-simplify=disabled")
    assert len(m.regions[0].blocks[0]) == 2
    m = canonicalize(text)
    assert len(m.regions[0].blocks[0]) == 0


def test_canonicalize_on_a_function_does_not_touch_the_module() -> None:
    text = """
    "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
    "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
    "llh.symbolic_int"() <{sym_name = "s9"}> : () -> ()
    func.func @f(%x: tensor<?xf32, #llh.encoding<shapes = @s1>>) -> tensor<?xf32, #llh.encoding<shapes = @s1>> {
      return %x : tensor<?xf32, #llh.encoding<shapes = @s1>>
    }
    module @__symbol__ {
      "llh.symbol_relation"() <{relation = @s1, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s0}> : () -> ()
    }"""
    m = parse_source(text)
    PassManager.parse("builtin.module(func.func(canonicalize))").run(m)
    assert "s9" in str(m) and "@s1" in str(m)
    PassManager.parse("builtin.module(canonicalize)").run(m)
    assert "s9" not in str(m) and "@s1" not in str(m)


# --------------------------------------------------------------------------- declarations


@pytest.mark.parametrize(
    ("op_name", "patterns"),
    [
        ("llh.constant", ["EraseNoUserOp"]),
        ("llh.abs", ["EraseNoUserOp", "FoldTwoAbsOpPattern", "AbsOfRelu"]),
        ("llh.add", ["SimplyBinaryOpReshape", "SimplyBinaryOpInsertBraodcast"]),
        ("llh.min", ["SimplyBinaryOpReshape", "SimplyBinaryOpInsertBraodcast"]),
        ("llh.pow", []),
        ("llh.extract", ["ExtractOpRefine"]),
        ("llh.conv_bias", ["AddConvLayoutAttr"]),
        ("llh.max_pool", ["AddLayoutAttr"]),
        ("llh.symbol_relation", ["ReplaceSymbolIfEquel", "RemoveSymbolRelationIfAllConst"]),
        ("llh.symbol_bind", ["SinkSymbolBindOp", "MoveSymbolBindOp"]),
        ("llh.encoding_bind", ["MoveEncodingBindOp"]),
    ],
)
def test_ops_declare_their_patterns(op_name: str, patterns: list[str]) -> None:
    cls = OP_CLASSES[op_name]
    got = cls.get_canonical_patterns()  # type: ignore[attr-defined]
    names = [p.NAME if isinstance(p, Pat) else type(p).__name__ for p in got]
    assert names == patterns
    assert all(p.ROOT == op_name for p in got)


def test_patterns_are_referenced_as_classes() -> None:
    """The op classes build their patterns from the pattern classes themselves (no name table):
    each one is an instance of the class of that name in ``canonicalize.py``."""
    from llh_opt.dialects.llh import canonicalize as P

    assert not hasattr(P, "PATTERN_FACTORIES") and not hasattr(P, "instantiate")
    conv = OP_CLASSES["llh.conv"].get_canonical_patterns()  # type: ignore[attr-defined]
    assert [type(p) for p in conv] == [P.AddConvLayoutAttr] and conv[0].ROOT == "llh.conv"
    add = OP_CLASSES["llh.add"].get_canonical_patterns()  # type: ignore[attr-defined]
    assert [type(p) for p in add] == [P.SimplyBinaryOpReshape, P.SimplyBinaryOpInsertBraodcast]
    assert OP_CLASSES["llh.relu"].get_canonical_patterns() == [  # type: ignore[attr-defined]
        P.FOLD_TWO_RELU,
        P.RELU_OF_ABS,
    ]


def test_folders_are_declared_on_the_op_classes() -> None:
    for name in ("llh.add", "llh.dim", "llh.constant", "llh.transpose", "llh.reshape"):
        assert callable(getattr(OP_CLASSES[name], "fold", None)), name
    for name in ("llh.conv", "llh.weight", "llh.symbolic_int"):
        assert getattr(OP_CLASSES[name], "fold", None) is None, name


# --------------------------------------------------------------------------- folders


def _float(a: object) -> float:
    assert isinstance(a, FloatAttr)
    return a.value


def test_scalar_folds() -> None:
    def scalar(op: str, a: str, b: str, t: str) -> object:
        return fold(
            f"""func.func @f() -> {t} {{
              %a = "llh.constant"() <{{value = {a} : {t}}}> : () -> {t}
              %b = "llh.constant"() <{{value = {b} : {t}}}> : () -> {t}
              %0 = "llh.{op}"(%a, %b) : ({t}, {t}) -> {t}
              return %0 : {t}
            }}""",
            f"llh.{op}",
        )

    assert scalar("div", "-7", "2", "i64") is IntegerAttr(-4, i64)  # floor division
    assert scalar("div", "7", "0", "i64") is None
    assert scalar("mul", "100", "3", "i8") is IntegerAttr(44, i8)  # 300 wraps
    assert scalar("min", "-7", "2", "i32") is IntegerAttr(-7, i32)
    assert _float(scalar("div", "1.0", "3.0", "f32")) == float(
        FloatAttr.from_value(1 / 3, f32).value
    )
    assert math.isinf(_float(scalar("div", "1.0", "0.0", "f32")))
    assert math.isnan(_float(scalar("div", "0.0", "0.0", "f32")))
    assert _float(scalar("max", "-1.5", "2.5", "f64")) == 2.5


def test_materialization_per_dialect() -> None:
    rw = PatternRewriter()  # no insertion point: the constants are built unattached
    op = Operation.create("llh.add", (), [f16])
    assert materialize_constant(op, FloatAttr.from_value(1.0, f16), f16, rw) is None  # no f16
    assert materialize_constant(op, IntegerAttr(1, i32), i64, rw) is None  # type mismatch
    c = materialize_constant(op, FloatAttr.from_value(2.0, f32), f32, rw)
    assert c is not None and c.name == "llh.constant"
    arith = Operation.create("arith.addi", (), [i32])
    assert materialize_constant(arith, IntegerAttr(1, i32), i32, rw).name == "arith.constant"  # type: ignore[union-attr]
    assert materialize_constant(arith, IntegerAttr(1, i64), i32, rw) is None
    other = Operation.create("foo.bar", (), [i32])
    assert materialize_constant(other, IntegerAttr(1, i32), i32, rw) is None


def _tensor(text_value: str, t: str) -> str:
    return f'"llh.constant"() <{{value = dense<{text_value}> : {t}}}> : () -> {t}'


def _values(a: object) -> list[float]:
    assert isinstance(a, DenseElementsAttr)
    et = a.type.element_type
    if et.__class__.__name__ == "FloatType":
        return [bits_to_float(v, et.name) for v in a.full_values()]  # type: ignore[attr-defined]
    return list(a.full_values())


def test_tensor_folds() -> None:
    def unary(op: str, value: str, t: str, rt: str, props: str = "") -> object:
        return fold(
            f"""func.func @f() -> {rt} {{
              %a = {_tensor(value, t)}
              %0 = "llh.{op}"(%a) {props} : ({t}) -> {rt}
              return %0 : {rt}
            }}""",
            f"llh.{op}",
        )

    assert _values(unary("abs", "[-1, 2]", "tensor<2xi32>", "tensor<2xi32>")) == [1, 2]
    assert _values(unary("relu", "[-1.0, 2.0]", "tensor<2xf32>", "tensor<2xf32>")) == [0.0, 2.0]
    assert _values(unary("sqrt", "[4.0, 9.0]", "tensor<2xf32>", "tensor<2xf32>")) == [2.0, 3.0]
    assert unary("sqrt", "[4, 9]", "tensor<2xi32>", "tensor<2xi32>") is None  # floats only
    r = unary(
        "transpose", "7.0", "tensor<2x3xf32>", "tensor<3x2xf32>", "<{perms = array<i64: 1, 0>}>"
    )
    assert isinstance(r, DenseElementsAttr) and r.is_splat and r.type.shape == (3, 2)
    r = unary(
        "reduce_sum",
        "[[1, 2], [3, 4]]",
        "tensor<2x2xi32>",
        "tensor<2xi32>",
        "<{axis = array<i64: 0>}>",
    )
    assert _values(r) == [4, 6]
    r = unary(
        "reduce_max",
        "[[1.0, 5.0], [3.0, 4.0]]",
        "tensor<2x2xf32>",
        "tensor<2xf32>",
        "<{axis = array<i64: -1>}>",
    )
    assert _values(r) == [5.0, 4.0]
    r = unary("convert_to", "[1.7, -2.2]", "tensor<2xf32>", "tensor<2xi32>")
    assert _values(r) == [1, -2]
    r = unary("convert_to", "[0, 3]", "tensor<2xi32>", "tensor<2xi1>")
    assert _values(r) == [0, 1]


def test_compare_where_extract_scalar_cast() -> None:
    text = f"""func.func @f() -> (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>, i32, tensor<1xi32>) {{
      %a = {_tensor("[1.0, 5.0]", "tensor<2xf32>")}
      %b = {_tensor("[3.0, 3.0]", "tensor<2xf32>")}
      %c = "llh.compare"(%a, %b) <{{kind = #llh.Compare<GT>}}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xi1>
      %w = "llh.where"(%c, %a, %b) : (tensor<2xi1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      %m = {_tensor("[[1.0, 2.0], [3.0, 4.0]]", "tensor<2x2xf32>")}
      %k = "llh.constant"() <{{value = -1 : i64}}> : () -> i64
      %e = "llh.extract"(%m, %k) : (tensor<2x2xf32>, i64) -> tensor<2xf32>
      %one = {_tensor("[7]", "tensor<1xi32>")}
      %s = "llh.scalar_cast"(%one) : (tensor<1xi32>) -> i32
      %t = "llh.scalar_cast"(%s) : (i32) -> tensor<1xi32>
      return %c, %w, %e, %s, %t : tensor<2xi1>, tensor<2xf32>, tensor<2xf32>, i32, tensor<1xi32>
    }}"""
    assert _values(fold(text, "llh.compare")) == [0, 1]
    m = canonicalize(text)
    ret = body(m)[-1]
    values = [o.op.properties["value"] for o in ret.operands]  # type: ignore[attr-defined]
    assert _values(values[1]) == [3.0, 5.0]
    assert _values(values[2]) == [3.0, 4.0]
    assert values[3] is IntegerAttr(7, i32)
    assert _values(values[4]) == [7]


def test_dim_of_shaped_results_folds_to_the_size_operand() -> None:
    text = """func.func @f(%x: tensor<?xf32>, %n: i64, %m: i64) -> (i64, i64) {
      %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
      %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
      %b = "llh.broadcast_to"(%x, %n, %m) <{cast_dims = array<i64>}> : (tensor<?xf32>, i64, i64) -> tensor<?x?xf32>
      %d0 = "llh.dim"(%b, %c0) : (tensor<?x?xf32>, i64) -> i64
      %r = "llh.reshape"(%x, %m) : (tensor<?xf32>, i64) -> tensor<?xf32>
      %d1 = "llh.dim"(%r, %c0) : (tensor<?xf32>, i64) -> i64
      return %d0, %d1 : i64, i64
    }"""
    m = canonicalize(text)
    args = m.regions[0].blocks[0].first.regions[0].blocks[0].args  # type: ignore[union-attr]
    assert body(m)[-1].operands == [args[1], args[2]]


def test_reshape_and_broadcast_identities_need_known_shapes() -> None:
    text = """func.func @f(%x: tensor<?xf32>, %y: tensor<4xf32>, %n: i64) -> (tensor<?xf32>, tensor<4xf32>) {
      %c4 = "llh.constant"() <{value = 4 : i64}> : () -> i64
      %0 = "llh.reshape"(%x, %n) : (tensor<?xf32>, i64) -> tensor<?xf32>
      %1 = "llh.reshape"(%y, %c4) : (tensor<4xf32>, i64) -> tensor<4xf32>
      return %0, %1 : tensor<?xf32>, tensor<4xf32>
    }"""
    m = canonicalize(text)
    args = m.regions[0].blocks[0].first.regions[0].blocks[0].args  # type: ignore[union-attr]
    ret = body(m)[-1]
    assert ret.operand(0) is not args[0]  # `?` to `?` need not be the identity
    assert ret.operand(1) is args[1]


def test_splat_one_for_integers_is_one() -> None:
    """Spec 8.23: the reference's integer "splat one" is all bits set (-1)."""
    text = f"""func.func @f(%x: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {{
      %m1 = {_tensor("-1", "tensor<2xi32>")}
      %p1 = {_tensor("1", "tensor<2xi32>")}
      %0 = "llh.mul"(%x, %m1) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
      %1 = "llh.mul"(%x, %p1) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
      return %0, %1 : tensor<2xi32>, tensor<2xi32>
    }}"""
    m = canonicalize(text)
    ret = body(m)[-1]
    arg = m.regions[0].blocks[0].first.regions[0].blocks[0].args[0]  # type: ignore[union-attr]
    assert ret.operand(0).op.name == "llh.mul" and ret.operand(1) is arg  # type: ignore[attr-defined]


def test_tensor_mul_of_splats_multiplies() -> None:
    """Spec 8.21: the reference computes a / b."""
    text = f"""func.func @f() -> tensor<3xf32> {{
      %a = {_tensor("6.0", "tensor<3xf32>")}
      %b = {_tensor("2.0", "tensor<3xf32>")}
      %0 = "llh.mul"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
      return %0 : tensor<3xf32>
    }}"""
    assert _values(fold(text, "llh.mul")) == [12.0, 12.0, 12.0]


def test_folded_free_symbol_contradicting_a_constant_is_an_error() -> None:
    text = """
    "llh.symbolic_int"() <{sym_name = "s7"}> : () -> ()
    func.func @f(%x: tensor<?xf32, #llh.encoding<shapes = @s7>>) -> (i64, tensor<?xf32, #llh.encoding<shapes = @s7>>) {
      %a = "llh.constant"() <{value = 2 : i64}> : () -> i64
      %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
      %d = "llh.dim"(%x, %c0) <{symbol = @s7}> : (tensor<?xf32, #llh.encoding<shapes = @s7>>, i64) -> i64
      %0 = "llh.mul"(%a, %a) <{symbol = @s7}> : (i64, i64) -> i64
      return %0, %x : i64, tensor<?xf32, #llh.encoding<shapes = @s7>>
    }"""
    m = canonicalize(text)
    # s7 == 4: the argument's `?` becomes static, the dim folds.
    assert "tensor<4xf32, #llh.encoding<shapes = @c4>>" in str(m)
    assert "llh.dim" not in str(m) and "s7" not in str(m)


# --------------------------------------------------------------------------- arith against MLIR

INT_OPS = ["addi", "subi", "muli", "divsi", "divui", "remsi", "remui", "andi", "ori", "xori",
           "maxsi", "minsi", "maxui", "minui", "shli", "shrsi", "shrui"]  # fmt: skip
FLOAT_OPS = ["addf", "subf", "mulf", "divf", "maxnumf", "minnumf"]


@st.composite
def arith_programs(draw: st.DrawFn) -> str:
    """Straight-line arith on i8/i32 (constants of interesting values and arguments) and f32."""
    lines: list[str] = []
    ints: list[str] = ["%arg0", "%arg1"]
    floats: list[str] = ["%arg2"]
    t = draw(st.sampled_from(["i8", "i32"]))
    for i in range(draw(st.integers(3, 14))):
        kind = draw(st.sampled_from(["ic", "ic", "iop", "iop", "iop", "fc", "fop"]))
        name = f"%v{i}"
        if kind == "ic":
            v = draw(st.sampled_from([0, 1, -1, 2, 3, 7, -128, 127, 100, -5]))
            if t == "i8" or -128 <= v < 128:
                lines.append(f"{name} = arith.constant {v} : {t}")
                ints.append(name)
        elif kind == "iop":
            op = draw(st.sampled_from(INT_OPS))
            a, b = draw(st.sampled_from(ints)), draw(st.sampled_from(ints))
            lines.append(f"{name} = arith.{op} {a}, {b} : {t}")
            ints.append(name)
        elif kind == "fc":
            v = draw(st.sampled_from(["0.0", "-0.0", "1.0", "2.5", "-3.0", "0.1"]))
            lines.append(f"{name} = arith.constant {v} : f32")
            floats.append(name)
        else:
            op = draw(st.sampled_from(FLOAT_OPS))
            a, b = draw(st.sampled_from(floats)), draw(st.sampled_from(floats))
            lines.append(f"{name} = arith.{op} {a}, {b} : f32")
            floats.append(name)
    outs = ints[2:] + floats[1:]
    types = [t] * len(ints[2:]) + ["f32"] * len(floats[1:])
    rets = ", ".join(outs)
    rtypes = ", ".join(types)
    body = "\n  ".join(lines)
    return (
        f"func.func @f(%arg0: {t}, %arg1: {t}, %arg2: f32) -> ({rtypes}) {{\n  {body}\n"
        f"  return {rets} : {rtypes}\n}}\n"
    )


@pytest.mark.skipif(TORCH_MLIR_OPT is None, reason="torch-mlir-opt not installed")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(arith_programs())
def test_arith_folding_matches_torch_mlir_opt(text: str) -> None:
    """The driver (constant order, dead code) and the arith folders against MLIR's. Patterns are
    filtered out on both sides (`enable-patterns=none`): MLIR's arith canonicalization patterns
    (`subf(-0.0, x) -> negf(x)`, ...) are not part of llh-opt."""
    ref = run_reference(["--canonicalize=enable-patterns=none"], text)
    m = parse_source(text)
    PassManager.parse("builtin.module(canonicalize{enable-patterns=none})").run(m)
    assert str(m).rstrip() == ref.rstrip(), text


def test_i1_and_select_folds() -> None:
    text = """func.func @f(%c: i1, %x: i32) -> (i32, i1) {
      %t = arith.constant true
      %f = arith.constant false
      %0 = arith.select %c, %t, %f : i1
      %1 = arith.select %t, %x, %x : i32
      return %1, %0 : i32, i1
    }"""
    m = canonicalize(text)
    args = m.regions[0].blocks[0].first.regions[0].blocks[0].args  # type: ignore[union-attr]
    assert body(m)[-1].operands == [args[1], args[0]]
    assert i1 is not None and RankedTensorType((1,), i1) is not None
