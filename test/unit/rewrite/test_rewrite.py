"""Tests for `llh_opt/rewrite/rewriter.py`: the `PatternRewriter` (insertion points, creation,
replacement, erasure, listener notifications, `create_or_fold`) and `LLHPatternRewriter`'s
infer-on-create (seed 000 `processWileBuildOperation`, spec §4.4), exercised by patterns that
build new LLH ops: the reference's replaceFlattenOp and the relu → max rewrite of
preprocessing-llh-to-hlo."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from llh_opt.dialects.llh import ConstantOp, DimOp, MaxOp, MulOp, ReshapeOp
from llh_opt.ir.attributes import DenseElementsAttr, IntegerAttr
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import RankedTensorType, f32, i64
from llh_opt.ir.verifier import verify
from llh_opt.parser import parse_source
from llh_opt.passes import PassManager
from llh_opt.dialects.llh.rewriter import LLHPatternRewriter
from llh_opt.dialects.llh.shape_inference import check_and_infer
from llh_opt.rewrite import PatternRewriter, RewriteListener, RewritePattern
from llh_opt.symbolic import SymbolAnalysis


@pytest.fixture(autouse=True)
def _clear_cache():
    SymbolAnalysis.clear()
    yield
    SymbolAnalysis.clear()


def func_body(m: Operation, name: str | None = None) -> list[Operation]:
    for op in m.regions[0].blocks[0].ops:
        if op.name == "func.func" and (name is None or op.properties["sym_name"].value == name):
            return list(op.regions[0].blocks[0].ops)
    raise KeyError(name)


def first(m: Operation, name: str) -> Operation:
    return next(op for op in m.walk() if op.name == name)


def infer(m: Operation) -> None:
    PassManager.parse("builtin.module(infer-symbolic-shape)").run(m)


class Recorder(RewriteListener):
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

    def notify_match_failure(self, op: Operation, reason: str) -> None:
        self.events.append(("failure", reason))


SIMPLE = """
func.func @f(%a: i64) -> i64 {
  %0 = "llh.add"(%a, %a) : (i64, i64) -> i64
  return %0 : i64
}
"""


# --------------------------------------------------------------------------- PatternRewriter


def test_insertion_points_and_order() -> None:
    m = parse_source(SIMPLE)
    add = first(m, "llh.add")
    rw = PatternRewriter()
    rw.set_insertion_point(add)
    c1 = rw.create(ConstantOp, IntegerAttr(1, i64))
    c2 = rw.create(ConstantOp, IntegerAttr(2, i64))
    rw.set_insertion_point_after(add)
    c3 = rw.create(ConstantOp, IntegerAttr(3, i64))
    c4 = rw.create(ConstantOp, IntegerAttr(4, i64))
    block = add.parent
    assert block is not None
    rw.set_insertion_point_to_start(block)
    c0 = rw.create(ConstantOp, IntegerAttr(0, i64))
    rw.set_insertion_point_after_value(c0.result)
    c05 = rw.create(ConstantOp, IntegerAttr(5, i64))
    ops = list(block.ops)
    assert ops == [c0, c05, c1, c2, add, c3, c4, block.last]
    assert rw.insertion_block is block
    rw.set_insertion_point_to_end(block)
    rw.clear_insertion_point()
    loose = rw.create(ConstantOp, IntegerAttr(9, i64))
    assert loose.parent is None  # no insertion point: created unattached


def test_replace_and_erase_notify_the_listener() -> None:
    m = parse_source(SIMPLE)
    add = first(m, "llh.add")
    rec = Recorder()
    rw = PatternRewriter(rec)
    new = rw.replace_op_with_new_op(add, MulOp, add.operand(0), add.operand(1))
    assert new.name == "llh.mul" and add.parent is None
    ret = new.parent.last  # type: ignore[union-attr]
    assert ret.operand(0) is new.result
    assert rec.events == [
        ("inserted", "llh.mul"),
        ("replaced", "llh.add"),
        ("modified", "func.return"),
        ("erased", "llh.add"),
    ]
    with pytest.raises(ValueError, match="still used"):
        rw.erase_op(new)
    with pytest.raises(ValueError, match="1 results"):
        rw.replace_op(new, [])
    assert rw.notify_match_failure(new, "nope") is False
    assert rec.events[-1] == ("failure", "nope")
    rw.modify_op_in_place(new, lambda: new.properties.pop("symbol", None))
    assert rec.events[-1] == ("modified", "llh.mul")
    verify(m)


def test_create_or_fold_uses_the_folder() -> None:
    m = parse_source(SIMPLE)
    add = first(m, "llh.add")
    a = add.operand(0)

    def fold_mul_by_itself(op: Operation) -> list[Value] | None:
        return [op.operand(0)] if op.name == "llh.mul" else None

    rw = PatternRewriter(folder=fold_mul_by_itself)
    rw.set_insertion_point(add)
    (v,) = rw.create_or_fold(MulOp, a, a)
    assert v is a
    assert not any(op.name == "llh.mul" for op in m.walk())  # the folded op is gone
    (c,) = rw.create_or_fold(ConstantOp, IntegerAttr(1, i64))
    assert isinstance(c.owner, Operation) and c.owner.name == "llh.constant"


def test_the_plain_rewriter_does_not_infer() -> None:
    m = parse_source(
        'func.func @f(%a: tensor<?xf32>) attributes {entrance} { "llh.relu"(%a) : '
        "(tensor<?xf32>) -> tensor<?xf32> return }"
    )
    infer(m)
    relu = first(m, "llh.relu")
    rw = PatternRewriter()
    rw.set_insertion_point(relu)
    new = rw.create(ReshapeOp, relu.operand(0), [])
    assert "encoding" not in str(new.result.type)


def test_pattern_base_class() -> None:
    class P(RewritePattern):
        ROOT = "llh.add"

    assert P.BENEFIT == 1
    with pytest.raises(NotImplementedError):
        P().match_and_rewrite(first(parse_source(SIMPLE), "llh.add"), PatternRewriter())


# --------------------------------------------------------------------------- infer on create


class FlattenToReshape(RewritePattern):
    """The reference's replaceFlattenOp: `flatten(x, k)` → `reshape(x, dim(x, 0), ...,
    dim(x, k) * ... * dim(x, rank-1))`, built without computing any encoding."""

    ROOT = "llh.flatten"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        x = op.operand(0)
        k_op = op.operand(1).owner
        if not isinstance(k_op, Operation) or k_op.name != "llh.constant":
            return rewriter.notify_match_failure(op, "non-constant start dim")
        if not isinstance(x.type, RankedTensorType):
            return rewriter.notify_match_failure(op, "unranked input")
        k = k_op.properties["value"].value  # type: ignore[attr-defined]
        rewriter.set_insertion_point(op)
        dims = []
        for i in range(x.type.rank):
            c = rewriter.create(ConstantOp, IntegerAttr(i, i64))
            dims.append(rewriter.create(DimOp, x, c.result).result)
        size = dims[k]
        for d in dims[k + 1 :]:
            size = rewriter.create(MulOp, size, d).result
        rewriter.replace_op_with_new_op(op, ReshapeOp, x, [*dims[:k], size])
        return True


class ReluToMax(RewritePattern):
    """preprocessing-llh-to-hlo: `relu(x)` → `max(x, constant dense<0> : tensor<1xE>)`."""

    ROOT = "llh.relu"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        x = op.operand(0)
        rewriter.set_insertion_point(op)
        # (0,) is +0.0's bit pattern: float dense values are stored as bits.
        zero = rewriter.create(ConstantOp, DenseElementsAttr(RankedTensorType((1,), f32), (0,)))
        rewriter.replace_op_with_new_op(op, MaxOp, x, zero.result, result_type=op.result.type)
        return True


FLATTEN = """
func.func @f(%x: tensor<?x3x?x?xf32>) -> tensor<*xf32> attributes {entrance} {
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %0 = "llh.flatten"(%x, %c1) : (tensor<?x3x?x?xf32>, i64) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
"""


def run(pattern: RewritePattern, m: Operation, rewriter: PatternRewriter) -> int:
    hits = 0
    for op in list(m.walk()):
        if op.name == pattern.ROOT and op.parent is not None:
            hits += pattern.match_and_rewrite(op, rewriter)
    return hits


def test_infer_on_create_annotates_new_ops_and_reuses_symbols() -> None:
    m = parse_source(FLATTEN)
    infer(m)
    flat_type = first(m, "llh.flatten").result.type
    assert str(flat_type) == "tensor<?x?xf32, #llh.encoding<shapes = @s0, @s3>>"
    rec = Recorder()
    assert run(FlattenToReshape(), m, LLHPatternRewriter(rec)) == 1
    verify(m)
    text = m.print()
    # The dims carry the input's symbols; the muls define the product; the reshape's result is
    # the flatten's (hash-consed: 3 * s1 * s2 is s3 again), and the function keeps its type.
    assert '"llh.dim"(%arg0, %1) <{symbol = @s0}>' in text
    assert '"llh.dim"(%arg0, %3) <{symbol = @c3}>' in text
    assert "relations_lhs = @c3, relations_rhs = @s1" in text
    reshape = first(m, "llh.reshape")
    assert reshape.result.type is flat_type
    assert ("modified", "llh.reshape") in rec.events  # the rule refined its result type
    ret = reshape.parent.last  # type: ignore[union-attr]
    assert ret.operand(0) is reshape.result


def test_replacing_a_returned_value_updates_the_function_type() -> None:
    m = parse_source(
        """
        func.func @f(%x: tensor<?x4xf32>) -> tensor<*xf32> attributes {entrance} {
          %0 = "llh.relu"(%x) : (tensor<?x4xf32>) -> tensor<*xf32>
          return %0 : tensor<*xf32>
        }
        """
    )
    infer(m)
    func = first(m, "func.func")
    # Undo the relu's inference so that the replacement changes the returned type.
    relu = first(m, "llh.relu")
    assert run(ReluToMax(), m, LLHPatternRewriter()) == 1
    mx = first(m, "llh.max")
    zero = first(m, "llh.constant")
    assert str(zero.result.type) == "tensor<1xf32, #llh.encoding<shapes = @c1>>"
    assert mx.result.type is relu.result.type
    assert func.properties["function_type"].type.results == (mx.result.type,)  # type: ignore[attr-defined]
    verify(m)


def test_return_fix_up_when_the_new_type_differs() -> None:
    # An op without a rule returns a plain type; replacing it by a relu (created with the plain
    # type, annotated on creation) changes what `func.return` returns: the function type follows.
    src = """
    func.func @f(%x: tensor<?x4xf32>) -> tensor<?x4xf32> attributes {entrance} {
      %0 = "test.opaque"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
      return %0 : tensor<?x4xf32>
    }
    """
    m = parse_source(src, allow_unregistered=True)
    infer(m)
    func = first(m, "func.func")
    opaque = first(m, "test.opaque")
    plain = opaque.result.type
    assert func.properties["function_type"].type.results == (plain,)  # type: ignore[attr-defined]
    rw = LLHPatternRewriter()
    rw.set_insertion_point(opaque)
    relu = rw.insert(Operation.create("llh.relu", [opaque.operand(0)], [plain]))
    assert str(relu.result.type) == "tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>"
    rw.replace_op(opaque, relu)
    assert func.properties["function_type"].type.results == (relu.result.type,)  # type: ignore[attr-defined]
    verify(m, allow_unregistered=True)
    assert not check_and_infer(func.regions[0].blocks[0].last)  # func.return has no rule


def test_no_inference_without_symbolic_information_or_when_disabled() -> None:
    src = """
    func.func @f(%x: tensor<?x3x?x?xf32>) -> tensor<*xf32> {
      %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
      %0 = "llh.flatten"(%x, %c1) : (tensor<?x3x?x?xf32>, i64) -> tensor<*xf32>
      return %0 : tensor<*xf32>
    }
    """
    m = parse_source(src)
    assert run(FlattenToReshape(), m, LLHPatternRewriter()) == 1
    text = m.print()
    assert "symbol" not in text and "llh.symbolic_int" not in text  # D6: nothing added
    assert "__symbol__" not in text
    m2 = parse_source(FLATTEN)
    infer(m2)
    assert run(FlattenToReshape(), m2, LLHPatternRewriter(infer=False)) == 1
    assert first(m2, "llh.reshape").result.type == RankedTensorType((-1, -1), f32)


def test_match_failure_is_reported() -> None:
    m = parse_source(
        """
        func.func @f(%x: tensor<*xf32>, %k: i64) -> tensor<*xf32> {
          %0 = "llh.flatten"(%x, %k) : (tensor<*xf32>, i64) -> tensor<*xf32>
          return %0 : tensor<*xf32>
        }
        """
    )
    rec = Recorder()
    assert run(FlattenToReshape(), m, LLHPatternRewriter(rec)) == 0
    assert rec.events == [("failure", "non-constant start dim")]
