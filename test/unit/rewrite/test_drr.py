"""Unit tests for the declarative rewrite rules (``llh_opt/rewrite/drr.py``): parsing and its
errors, matching (nested ops, repeated names, `_`, `...`, attributes), constraints, results (new
ops, existing values, native calls, several results), the type guard and benefits. The rules the
LLH ops declare are exercised by the lit tests (``canonicalize-patterns.mlir``).
"""

from __future__ import annotations

import pytest

from llh_opt.ir.attributes import DenseArrayAttr, IntegerAttr
from llh_opt.ir.core import Operation
from llh_opt.ir.types import i64
from llh_opt.ir.verifier import verify
from llh_opt.parser import parse_source
from llh_opt.rewrite import PatternRewriter
from llh_opt.rewrite.drr import (
    DRRSyntaxError,
    Pat,
    has_one_use,
    is_constant,
    same_type,
    where,
)
from llh_opt.rewrite.greedy import GreedyRewriteConfig, apply_patterns_greedily


def body(m: Operation) -> list[Operation]:
    func = m.regions[0].blocks[0].first
    assert func is not None
    return list(func.regions[0].blocks[0].ops)


def run(text: str, *rules: Pat) -> Operation:
    m = parse_source(text)
    apply_patterns_greedily(m, rules, GreedyRewriteConfig(fold=False, check_rewrites=True))
    verify(m)
    return m


TWO_ABS = """
func.func @f(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "llh.abs"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %1 = "llh.abs"(%0) : (tensor<3xf32>) -> tensor<3xf32>
  return %1 : tensor<3xf32>
}
"""


# --------------------------------------------------------------------------- parsing


def test_rule_facts() -> None:
    p = Pat("(llh.abs (llh.abs:$r $x))", "(llh.abs $x)", [has_one_use("r")], name="Two")
    assert p.ROOT == "llh.abs" and p.BENEFIT == 2 and p.NAME == "Two"
    assert "Two" in repr(p)
    q = Pat("(llh.abs $x)", "$x", name="One", benefit=5)
    assert q.BENEFIT == 6


@pytest.mark.parametrize(
    ("source", "result", "message"),
    [
        ("$x", "$x", "source pattern must be an op"),
        ("(llh.abs $x", "$x", "missing"),
        ("(llh.abs $x))", "$x", "trailing"),
        ("(abs $x)", "$x", "op name"),
        ("(llh.abs $x)", "$y", r"\$y is not bound"),
        ("(llh.abs $x)", "(llh.relu (@f $z))", r"\$z is not bound"),
        ("(@f $x)", "$x", "only appear in results"),
        ("(llh.abs $x)", "(llh.abs _)", "expected"),
        ("(llh.abs $x {p = (llh.abs $y)})", "$x", "bind names"),
        ("(llh.abs $x {p $y})", "$x", "expected '='"),
        ("(llh.abs $x ... $y)", "$x", r"'\.\.\.' only ends"),
        ("(llh.abs $x) %", "$x", "unexpected text"),
    ],
)
def test_syntax_errors(source: str, result: str, message: str) -> None:
    with pytest.raises(DRRSyntaxError, match=message):
        Pat(source, result, name="Bad")


# --------------------------------------------------------------------------- matching


def test_seed_fold_two_abs() -> None:
    rule = Pat(
        "(llh.abs (llh.abs:$res $input))",
        "(llh.abs $input)",
        [has_one_use("res")],
        name="FoldTwoAbsOpPattern",
    )
    m = parse_source(TWO_ABS)
    outer = body(m)[1]
    b = rule.match(outer)
    assert b is not None and b.root is outer and b["input"] is outer.operand(0).op.operand(0)  # type: ignore[attr-defined]
    assert rule.match(body(m)[0]) is None  # its operand is not an abs
    m = run(TWO_ABS, rule)
    ops = body(m)
    # The new abs replaced the outer one; the inner one is unused (not Pure: it stays).
    assert [op.name for op in ops] == ["llh.abs", "llh.abs", "func.return"]
    assert ops[2].operand(0) is ops[1].results[0] and ops[1].operand(0) is ops[0].operand(0)


def test_constraints_block_the_rewrite() -> None:
    rule = Pat("(llh.abs (llh.abs:$res $input))", "$res", [has_one_use("res")], name="AbsAbs")
    m = parse_source(TWO_ABS.replace("return %1 : tensor<3xf32>", "return %0 : tensor<3xf32>"))
    outer = body(m)[1]
    assert len(outer.operand(0).uses) == 2  # by the outer abs and by return
    assert rule.match(outer) is None


def test_repeated_names_must_be_the_same_value_and_underscore_matches_anything() -> None:
    text = """
    func.func @f(%x: i64, %y: i64) -> (i64, i64) {
      %0 = "llh.sub"(%x, %x) : (i64, i64) -> i64
      %1 = "llh.sub"(%x, %y) : (i64, i64) -> i64
      return %0, %1 : i64, i64
    }"""
    same = Pat("(llh.sub $a $a)", "(llh.mul $a $a)", name="Same")
    m = run(text, same)
    assert [op.name for op in body(m)] == ["llh.mul", "llh.sub", "func.return"]
    anything = Pat("(llh.sub _ $b)", "$b", name="Any")
    m = run(text, anything)
    ret = body(m)[-1]
    args = m.regions[0].blocks[0].first.regions[0].blocks[0].args  # type: ignore[union-attr]
    assert ret.operands == [args[0], args[1]]


def test_variadic_tail_and_operand_counts() -> None:
    text = """
    func.func @f(%x: tensor<6xf32>, %a: i64, %b: i64) -> (tensor<2x3xf32>) {
      %0 = "llh.reshape"(%x, %a, %b) : (tensor<6xf32>, i64, i64) -> tensor<2x3xf32>
      return %0 : tensor<2x3xf32>
    }"""
    m = parse_source(text)
    reshape = body(m)[0]
    assert Pat("(llh.reshape $x ...)", "$x", name="V").match(reshape) is not None
    assert Pat("(llh.reshape $x $a $b ...)", "$x", name="V").match(reshape) is not None
    assert Pat("(llh.reshape $x)", "$x", name="N").match(reshape) is None
    assert Pat("(llh.reshape $x $a $b $c ...)", "$x", name="N").match(reshape) is None


def test_attribute_binding_and_native_calls() -> None:
    text = """
    func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
      %0 = "llh.transpose"(%x) <{perms = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
      %1 = "llh.transpose"(%0) <{perms = array<i64: 1, 0>}> : (tensor<3x2xf32>) -> tensor<2x3xf32>
      return %1 : tensor<2x3xf32>
    }"""

    def compose(rewriter: PatternRewriter, root: Operation, x, p, q):  # type: ignore[no-untyped-def]
        perms = [p.values[i] for i in q.values]
        if perms == sorted(perms):
            return x
        return None

    rule = Pat(
        "(llh.transpose (llh.transpose $x {perms = $p}) {perms = $q})",
        "(@compose $x $p $q)",
        name="Compose",
        natives={"compose": compose},
    )
    m = run(text, rule)
    args = m.regions[0].blocks[0].first.regions[0].blocks[0].args  # type: ignore[union-attr]
    assert body(m)[-1].operand(0) is args[0]

    def perms(rewriter: PatternRewriter, root: Operation) -> DenseArrayAttr:
        return DenseArrayAttr.i64([1, 0])

    set_attr = Pat(
        "(llh.transpose (llh.transpose $x {perms = $p}) {perms = $q})",
        "(llh.transpose $x {perms = (@perms)})",
        [where(lambda p, q: p is not q, "p", "q")],
        name="SetAttr",
        natives={"perms": perms},
    )
    m = parse_source(text)
    assert set_attr.match(body(m)[1]) is None  # the where() constraint fails
    missing = Pat("(llh.abs $x)", "(@nope $x)", name="Missing")
    m = parse_source(TWO_ABS)
    with pytest.raises(DRRSyntaxError, match="no native function @nope"):
        missing.match_and_rewrite(body(m)[0], PatternRewriter())


def test_nested_result_ops_are_built_with_the_op_class() -> None:
    text = """
    func.func @f(%x: i64, %y: i64) -> i64 {
      %0 = "llh.sub"(%x, %y) : (i64, i64) -> i64
      return %0 : i64
    }"""
    rule = Pat(
        "(llh.sub $a $b)",
        "(llh.add $a (llh.mul $b (@minus_one)))",
        name="SubToAdd",
        natives={
            "minus_one": lambda rw, root: rw.create(
                __import__("llh_opt.dialects.llh", fromlist=["ConstantOp"]).ConstantOp,
                IntegerAttr(-1, i64),
            )
        },
    )
    m = run(text, rule)
    assert [op.name for op in body(m)] == ["llh.constant", "llh.mul", "llh.add", "func.return"]


def test_value_replacement_needs_the_root_type() -> None:
    text = """
    func.func @f(%x: tensor<?xf32>) -> tensor<3xf32> {
      %0 = "llh.relu"(%x) : (tensor<?xf32>) -> tensor<3xf32>
      return %0 : tensor<3xf32>
    }"""
    rule = Pat("(llh.relu $x)", "$x", name="Drop")
    m = parse_source(text)
    assert not rule.match_and_rewrite(body(m)[0], PatternRewriter())
    assert [op.name for op in body(m)] == ["llh.relu", "func.return"]


def test_constraint_helpers() -> None:
    text = """
    func.func @f(%x: tensor<3xf32>) -> (tensor<3xf32>, i64) {
      %c = "llh.constant"() <{value = 1 : i64}> : () -> i64
      %0 = "llh.add"(%x, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
      %1 = "llh.add"(%c, %c) : (i64, i64) -> i64
      return %0, %1 : tensor<3xf32>, i64
    }"""
    m = parse_source(text)
    add_t, add_i = body(m)[1], body(m)[2]
    p = Pat("(llh.add $a $b)", "$a", [same_type("a", "b"), is_constant("a")], name="C")
    assert p.match(add_t) is None and p.match(add_i) is not None
    assert has_one_use("a")(p.match(add_i)) is False  # type: ignore[arg-type]
