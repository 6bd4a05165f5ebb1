"""Unit tests for the greedy driver (``llh_opt/rewrite/greedy.py``) and the `GreedyPatternPass`
base (``llh_opt/passes/pattern_pass.py``): pattern ordering and filters, worklist order (top-down
and bottom-up), folding and in-place folds, constant de-duplication and hoisting, dead-code
erasure, region simplification, iteration bounds and non-convergence, the rewrite checks, strict
modes, hooks and listener forwarding. The MLIR-compatibility of the whole (constant order,
locations) is checked against torch-mlir-opt by the lit tests (``canonicalize-reference.mlir``).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from llh_opt.diagnostics import DiagnosticError
from llh_opt.dialects.llh import AbsOp, ConstantOp, ReluOp
from llh_opt.ir.attributes import IntegerAttr, UnitAttr, UnknownLoc
from llh_opt.ir.core import Operation, Region, Value
from llh_opt.ir.types import i64
from llh_opt.ir.verifier import verify
from llh_opt.parser import parse_source
from llh_opt.passes import PassContext
from llh_opt.passes.pattern_pass import GreedyPatternPass
from llh_opt.rewrite import PatternRewriter, RewriteListener, RewritePattern
from llh_opt.rewrite.greedy import (
    FrozenPatternSet,
    GreedyRewriteConfig,
    GreedyRewriteDriver,
    PatternCheckError,
    apply_patterns_greedily,
    canonical_patterns,
    pattern_name,
)
from llh_opt.rewrite.region_utils import erase_unreachable_blocks, run_region_dce
from llh_opt.symbolic import SymbolAnalysis


@pytest.fixture(autouse=True)
def _clear_cache():
    SymbolAnalysis.clear()
    yield
    SymbolAnalysis.clear()


def ops_of(m: Operation, func: str | None = None) -> list[Operation]:
    for op in m.regions[0].blocks[0].ops:
        if op.name == "func.func" and (func is None or op.properties["sym_name"].value == func):
            return list(op.regions[0].blocks[0].ops)
    raise KeyError(func)


def names(m: Operation) -> list[str]:
    return [op.name for op in ops_of(m)]


class Recorder(RewritePattern):
    """Any-op pattern that records the order ops are visited in and never matches."""

    BENEFIT = 0

    def __init__(self) -> None:
        self.seen: list[Operation] = []

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        self.seen.append(op)
        return False


class Named(RewritePattern):
    def __init__(self, root: str | None, benefit: int, name: str, labels: Sequence[str] = ()):
        self.ROOT = root  # type: ignore[misc]
        self.BENEFIT = benefit  # type: ignore[misc]
        self.NAME = name
        self.LABELS = tuple(labels)

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        return False


CHAIN = """
func.func @f(%x: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "llh.relu"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %1 = "llh.abs"(%0) : (tensor<3xf32>) -> tensor<3xf32>
  %2 = "llh.relu"(%1) : (tensor<3xf32>) -> tensor<3xf32>
  return %2 : tensor<3xf32>
}
"""


# --------------------------------------------------------------------------- pattern sets


def test_frozen_pattern_set_orders_by_benefit_then_op_specific_then_registration() -> None:
    a = Named("llh.relu", 1, "A")
    b = Named("llh.relu", 5, "B")
    c = Named(None, 5, "C")
    d = Named(None, 1, "D")
    e = Named("llh.relu", 1, "E")
    ps = FrozenPatternSet([a, b, c, d, e])
    assert [pattern_name(p) for p in ps.for_op("llh.relu")] == ["B", "C", "A", "E", "D"]
    assert [pattern_name(p) for p in ps.for_op("llh.abs")] == ["C", "D"]
    assert len(ps) == 5 and list(ps) == [a, b, c, d, e]


def test_frozen_pattern_set_filters_by_name_and_label() -> None:
    a = Named("llh.relu", 1, "A", labels=["group"])
    b = Named("llh.relu", 1, "B")
    assert list(FrozenPatternSet([a, b], disabled=["A"])) == [b]
    assert list(FrozenPatternSet([a, b], disabled=["group"])) == [b]
    assert list(FrozenPatternSet([a, b], enabled=["group"])) == [a]
    assert list(FrozenPatternSet([a, b], enabled=["B"])) == [b]


def test_pattern_name_defaults_to_the_class_name() -> None:
    assert pattern_name(Recorder()) == "Recorder"


def test_canonical_patterns_collects_every_declared_pattern() -> None:
    got = {pattern_name(p) for p in canonical_patterns()}
    for name in (
        "EraseNoUserOp",
        "FoldTwoAbsOpPattern",
        "SimplyBinaryOpReshape",
        "SimplyBinaryOpInsertBraodcast",
        "ExtractOpRefine",
        "AddConvLayoutAttr",
        "AddLayoutAttr",
        "ReplaceSymbolIfEquel",
        "RemoveSymbolRelationIfAllConst",
        "RemoveSymbolBinaryRelationIfAllConst",
        "SinkSymbolBindOp",
        "MoveSymbolBindOp",
        "MoveEncodingBindOp",
    ):
        assert name in got, name
    assert {p.ROOT for p in canonical_patterns(["arith"])} == set()
    roots = [p.ROOT for p in canonical_patterns() if pattern_name(p) == "SimplyBinaryOpReshape"]
    assert sorted(roots) == ["llh.add", "llh.div", "llh.max", "llh.min", "llh.mul", "llh.sub"]


# --------------------------------------------------------------------------- worklist order


def test_top_down_visits_in_program_order_and_bottom_up_in_reverse() -> None:
    m = parse_source(CHAIN)
    rec = Recorder()
    apply_patterns_greedily(m, [rec], GreedyRewriteConfig(region_simplify="disabled"))
    body = ops_of(m)
    func = m.regions[0].blocks[0].first
    assert rec.seen == [func, *body]
    rec2 = Recorder()
    apply_patterns_greedily(m, [rec2], GreedyRewriteConfig(top_down=False))
    # Post-order seeding (nested ops, then their parent), processed from the back.
    assert rec2.seen == [func, *reversed(body)]


def test_run_region_only_touches_the_scope() -> None:
    m = parse_source(CHAIN)
    func = m.regions[0].blocks[0].first
    rec = Recorder()
    result = GreedyRewriteDriver([rec]).run_region(func.regions[0])
    assert rec.seen == ops_of(m) and func not in rec.seen
    assert result.converged and not result.changed and result.iterations == 1


# --------------------------------------------------------------------------- folding


FOLDS = """
func.func @f(%x: i64) -> (i64, i64) {
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %c3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %0 = "llh.mul"(%c2, %c3) : (i64, i64) -> i64
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %1 = "llh.add"(%x, %c0) : (i64, i64) -> i64
  return %0, %1 : i64, i64
}
"""


def test_folds_materialize_constants_and_replace_by_values() -> None:
    m = parse_source(FOLDS)
    result = apply_patterns_greedily(m, [])
    assert result.converged and result.changed and result.num_folds == 2
    body = ops_of(m)
    ret = body[-1]
    assert ret.operand(1) is m.regions[0].blocks[0].first.regions[0].blocks[0].args[0]
    six = ret.operand(0).op  # type: ignore[attr-defined]
    assert six.name == "llh.constant" and six.properties["value"] is IntegerAttr(6, i64)
    # Unused llh.constant ops are not Pure: without the EraseNoUserOp pattern they stay.
    assert names(m).count("llh.constant") == 4
    verify(m)


def test_fold_disabled() -> None:
    m = parse_source(FOLDS)
    result = apply_patterns_greedily(m, [], GreedyRewriteConfig(fold=False))
    assert result.num_folds == 0 and "llh.mul" in names(m)


def test_commutative_fold_moves_constants_right_in_place() -> None:
    m = parse_source(
        """
        func.func @f(%x: i32) -> i32 {
          %c = arith.constant 5 : i32
          %0 = arith.muli %c, %x : i32
          return %0 : i32
        }"""
    )
    apply_patterns_greedily(m, [])
    mul = ops_of(m)[1]
    assert mul.name == "arith.muli"
    assert mul.operand(1).op.name == "arith.constant"  # type: ignore[attr-defined]


def test_create_or_fold_through_the_driver_rewriter() -> None:
    m = parse_source(FOLDS)
    driver = GreedyRewriteDriver([])
    rw = driver.rewriter
    mul = ops_of(m)[2]
    rw.set_insertion_point(mul)
    c2, c3 = mul.operand(0), mul.operand(1)
    from llh_opt.dialects.llh import MulOp

    values = rw.create_or_fold(MulOp, c2, c3)
    (v,) = values
    assert v.op.name == "llh.constant"  # type: ignore[attr-defined]
    assert v.op.properties["value"] is IntegerAttr(6, i64)  # type: ignore[attr-defined]
    assert "llh.mul" in names(m) and names(m).count("llh.mul") == 1


# --------------------------------------------------------------------------- constants and DCE


CONSTANTS = """
func.func @f(%x: i32) -> (i32, i32, i32) {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %x, %c1 : i32
  %c7 = arith.constant 7 : i32
  %1 = arith.addi %0, %c7 : i32
  %c1b = arith.constant 1 : i32
  %2 = arith.addi %1, %c1b : i32
  %c9 = arith.constant 9 : i32
  %3 = arith.addi %2, %c9 : i32
  return %1, %2, %3 : i32, i32, i32
}
"""


def test_constants_are_deduplicated_and_hoisted_in_reverse_visit_order() -> None:
    m = parse_source(CONSTANTS)
    apply_patterns_greedily(m, [], GreedyRewriteConfig(max_iterations=1))
    body = ops_of(m)
    values = [op.properties["value"].value for op in body if op.name == "arith.constant"]
    assert values == [9, 7, 1]
    one = body[2]
    assert isinstance(one.location, UnknownLoc)  # the survivor of de-duplication
    assert not isinstance(body[0].location, UnknownLoc)  # a moved constant keeps its location
    assert body[3].operand(1) is one.results[0] and body[5].operand(1) is one.results[0]


def test_without_constant_cse_nothing_moves() -> None:
    m = parse_source(CONSTANTS)
    before = names(m)
    apply_patterns_greedily(m, [], GreedyRewriteConfig(cse_constants=False, max_iterations=1))
    assert names(m) == before


def test_trivially_dead_pure_ops_are_erased_but_not_others() -> None:
    m = parse_source(
        """
        func.func @f(%x: tensor<?xf32>, %k: i64) -> () {
          %0 = "llh.dim"(%x, %k) : (tensor<?xf32>, i64) -> i64
          %1 = "llh.relu"(%x) : (tensor<?xf32>) -> tensor<?xf32>
          %2 = arith.addi %k, %k : i64
          %3 = arith.muli %2, %2 : i64
          return
        }"""
    )
    result = apply_patterns_greedily(m, [])
    assert names(m) == ["llh.relu", "func.return"]
    assert result.num_erased == 3


def test_region_dce_removes_dead_cycles_in_graph_regions() -> None:
    m = parse_source(
        """
        %0 = arith.addi %1, %1 : i32
        %1 = arith.addi %0, %0 : i32
        "test.keep"() : () -> ()
        """,
        allow_unregistered=True,
    )
    body = m.regions[0].blocks[0]
    assert run_region_dce(m.regions)
    assert [op.name for op in body.ops] == ["test.keep"]
    assert not run_region_dce(m.regions)


def test_unreachable_blocks_are_erased() -> None:
    m = parse_source(
        """
        func.func @f(%x: i32) -> i32 {
          "test.br"()[^bb2] : () -> ()
        ^bb1:
          %0 = arith.addi %x, %x : i32
          "test.br"()[^bb2] : () -> ()
        ^bb2:
          return %x : i32
        }""",
        allow_unregistered=True,
    )
    func = m.regions[0].blocks[0].first
    assert len(func.regions[0].blocks) == 3
    assert erase_unreachable_blocks(m.regions)
    assert len(func.regions[0].blocks) == 2
    assert not erase_unreachable_blocks(m.regions)
    verify(m, allow_unregistered=True)


# --------------------------------------------------------------------------- iteration bound


class Flip(RewritePattern):
    """Toggles a discardable attribute behind the driver's back: never converges."""

    ROOT = "llh.relu"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        if op.attributes.pop("flip", None) is None:
            op.attributes["flip"] = UnitAttr()
        return True


def test_non_convergence_is_reported_after_max_iterations() -> None:
    m = parse_source(CHAIN)
    config = GreedyRewriteConfig(max_iterations=3, check_rewrites=False)
    result = apply_patterns_greedily(m, [Flip()], config)
    assert not result.converged and result.iterations == 3 and result.num_rewrites == 6


def test_no_iteration_limit() -> None:
    class FlipThrice(Flip):
        count = 0

        def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
            if FlipThrice.count >= 7:
                return False
            FlipThrice.count += 1
            return super().match_and_rewrite(op, rewriter)

    m = parse_source(CHAIN)
    config = GreedyRewriteConfig(max_iterations=-1, check_rewrites=False)
    result = apply_patterns_greedily(m, [FlipThrice()], config)
    assert result.converged and result.iterations == 5


def test_max_num_rewrites_bounds_each_iteration() -> None:
    m = parse_source(CHAIN)
    config = GreedyRewriteConfig(max_iterations=1, max_num_rewrites=1, check_rewrites=False)
    result = apply_patterns_greedily(m, [Flip()], config)
    assert result.num_rewrites == 1


class RequiresConvergence(GreedyPatternPass):
    NAME = "test-requires-convergence"
    SUMMARY = "test pass"
    REQUIRES_CONVERGENCE = True

    __slots__ = ()

    def patterns(self) -> list[RewritePattern]:
        return [Flip()]

    def config(self, op: Operation, ctx: PassContext) -> GreedyRewriteConfig:
        return GreedyRewriteConfig(max_iterations=2, check_rewrites=False)


def test_pattern_pass_requiring_convergence_fails_with_a_diagnostic() -> None:
    m = parse_source(CHAIN, "in.mlir")
    with pytest.raises(DiagnosticError) as err:
        RequiresConvergence().run(m, PassContext())
    msg = err.value.diagnostics[0].message
    assert msg == (
        "'builtin.module' op test-requires-convergence did not converge after 2 iterations"
    )


# --------------------------------------------------------------------------- rewrite checks


class Liar(RewritePattern):
    ROOT = "llh.relu"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        return True


class NoOpModify(RewritePattern):
    """Reports a modification that changes nothing."""

    ROOT = "llh.relu"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        rewriter.modify_op_in_place(op, lambda: None)
        return True


@pytest.mark.parametrize("pattern", [Liar(), NoOpModify()])
def test_check_rewrites_catches_patterns_that_change_nothing(pattern: RewritePattern) -> None:
    m = parse_source(CHAIN)
    with pytest.raises(PatternCheckError, match=f"{type(pattern).__name__} reported success"):
        apply_patterns_greedily(m, [pattern], GreedyRewriteConfig(check_rewrites=True))


def test_check_rewrites_accepts_real_changes() -> None:
    m = parse_source(CHAIN)
    erase = [p for p in canonical_patterns() if pattern_name(p) == "FoldTwoRelu"]
    result = apply_patterns_greedily(m, erase, GreedyRewriteConfig(check_rewrites=True))
    assert result.converged


# --------------------------------------------------------------------------- strict modes, hooks


class ReluToAbs(RewritePattern):
    ROOT = "llh.relu"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        rewriter.replace_op_with_new_op(op, AbsOp, op.operand(0))
        return True


class AbsToRelu(RewritePattern):
    ROOT = "llh.abs"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        rewriter.replace_op_with_new_op(op, ReluOp, op.operand(0))
        return True


def test_strict_existing_ops_does_not_revisit_new_ops() -> None:
    m = parse_source(CHAIN)
    config = GreedyRewriteConfig(strict="existing", max_iterations=1)
    apply_patterns_greedily(m, [ReluToAbs(), AbsToRelu()], config)
    assert names(m) == ["llh.abs", "llh.relu", "llh.abs", "func.return"]
    with pytest.raises(ValueError):
        GreedyRewriteConfig(strict="some")
    with pytest.raises(ValueError):
        GreedyRewriteConfig(region_simplify="lots")


def test_hooks_run_every_iteration_and_their_changes_count() -> None:
    calls: list[str] = []
    state = {"left": 2}

    def pre(region: Region) -> bool:
        calls.append("pre")
        state["left"] -= 1
        return state["left"] >= 0

    def post(region: Region) -> bool:
        calls.append("post")
        return False

    m = parse_source(CHAIN)
    result = apply_patterns_greedily(
        m, [], GreedyRewriteConfig(pre_iteration=[pre], post_iteration=[post])
    )
    assert calls == ["pre", "post"] * 3 and result.converged and result.changed


class Listener(RewriteListener):
    def __init__(self) -> None:
        self.events: list[tuple[str, str]] = []

    def notify_operation_inserted(self, op: Operation) -> None:
        self.events.append(("inserted", op.name))

    def notify_operation_modified(self, op: Operation) -> None:
        self.events.append(("modified", op.name))

    def notify_operation_replaced(self, op: Operation, values: Sequence[Value]) -> None:
        self.events.append(("replaced", op.name))

    def notify_operation_erased(self, op: Operation) -> None:
        self.events.append(("erased", op.name))


def test_the_config_listener_sees_every_change() -> None:
    m = parse_source(FOLDS)
    listener = Listener()
    apply_patterns_greedily(m, [], GreedyRewriteConfig(listener=listener))
    assert ("inserted", "llh.constant") in listener.events
    assert ("replaced", "llh.mul") in listener.events
    assert ("erased", "llh.add") in listener.events


def test_a_driver_may_use_a_given_rewriter() -> None:
    m = parse_source(FOLDS)
    rw = PatternRewriter()
    driver = GreedyRewriteDriver([], rewriter=rw)
    assert driver.rewriter is rw and rw.listener is driver
    assert driver.run(m).num_folds == 2
    c = ConstantOp.build(IntegerAttr(1, i64))
    assert driver._fold_new_op(c) is None  # constants do not fold to anything new
