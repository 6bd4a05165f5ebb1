"""`--operation-legalization` (spec §6.2, corrected by §8.30 and D9): greedy, top-down, with

* *BraodcastableScalarToTensor* (sic): an `llh.constant` holding an integer or float scalar that
  an elementwise broadcasting op (`llh.add/sub/mul/div/max/min/pow`) mixes with tensors — IR the
  importers build in memory; the verifier rejects it in text (§3.3) — gets, for each such user,
  an `llh.constant dense<v> : tensor<1xE>` (E = the user's result element type) in its place;
* *WeightOpRefine*: an `llh.weight` with a rank-0 result `tensor<E>` becomes `tensor<1xE>`
  (``--load-weight`` accepts a 0-d `.npy` file for it).

Value conversion to E (§8.30 fixed): integer → integer keeps the value modulo 2^width (the
integer as stored: signed for signless / signed types); float → integer truncates toward zero and
must fit E (else an error at the user); integer → float converts the *value* (the reference reads
the raw bits as an unsigned number); float → float rounds the double value to E once (the
reference narrows f64 through f32).

Deviations: the scalar must meet a tensor in its user (a scalar-only `llh.add(i64, i64)` is index
arithmetic and stays; the reference would crash on it); `llh.matmul` (the reference's other BCI
op) and ops whose operands need not share the result's element type (`compare`, `where`) are not
users: a `tensor<1xE>` operand would not be legal for them either. As at f979680 this pass adds no
layout attributes; the scalar constant is left for `--canonicalize` when nothing uses it any more.

What does not live here: the ops (``dialects/llh``), the driver (``rewrite/greedy.py``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from llh_opt.dialects.llh.rewriter import LLHPatternRewriter
from llh_opt.dialects.llh.constraints import Broadcastable, is_tensor
from llh_opt.dialects.llh.data_ops import ConstantOp, WeightOp
from llh_opt.ir.attributes import Attribute, DenseElementsAttr, FloatAttr, IntegerAttr
from llh_opt.ir.core import Operation
from llh_opt.ir.opdef import SameOperandsAndResultElementType, VerifyError
from llh_opt.ir.types import (
    FloatType,
    IndexType,
    IntegerType,
    RankedTensorType,
    Type,
    element_type_of,
)
from llh_opt.passes.pattern_pass import GreedyPatternPass
from llh_opt.passes.registry import register_pass
from llh_opt.rewrite.folding import float_attr, int_attr
from llh_opt.rewrite.rewriter import PatternRewriter, RewritePattern

__all__ = [
    "BraodcastableScalarToTensor",
    "OperationLegalizationPass",
    "WeightOpRefine",
    "convert_scalar",
]


def _int_value(attr: IntegerAttr) -> int:
    """The number an integer attribute holds (i1 is 0 or 1, unsigned types are non-negative:
    the canonical stored value)."""
    return attr.value  # type: ignore[no-any-return]


def _int_range(t: IntegerType) -> tuple[int, int]:
    if t.width == 1:
        return 0, 1
    if t.signedness == 2:  # unsigned
        return 0, (1 << t.width) - 1
    return -(1 << (t.width - 1)), (1 << (t.width - 1)) - 1


def convert_scalar(value: Attribute, elt: Type) -> int | None:
    """The dense storage value (an integer, or a float's bit pattern) of scalar `value` converted
    to element type `elt` (see the module docstring); None when it does not fit `elt` (a float
    that is NaN, infinite or out of range for an integer type) or cannot be converted."""
    if isinstance(elt, IntegerType):
        if isinstance(value, IntegerAttr):
            return int_attr(_int_value(value), elt).value  # type: ignore[no-any-return]
        if isinstance(value, FloatAttr):
            x = value.value
            if math.isnan(x) or math.isinf(x):
                return None
            n = math.trunc(x)
            lo, hi = _int_range(elt)
            return n if lo <= n <= hi else None
        return None
    if isinstance(elt, FloatType):
        if isinstance(value, IntegerAttr):
            x = float(_int_value(value))
        elif isinstance(value, FloatAttr):
            x = value.value
        else:
            return None
        return float_attr(x, elt).bits  # type: ignore[no-any-return]
    return None


def _scalar_users(op: Operation) -> list[Operation]:
    """The users of `op`'s result that mix it with tensors: broadcasting elementwise ops whose
    operands share the result's element type, with a tensor result; each once, in use order."""
    out: list[Operation] = []
    for use in op.results[0].uses:
        user = use.owner
        if user in out:
            continue
        traits = type(user).TRAIT_SET  # type: ignore[attr-defined]
        if Broadcastable not in traits or SameOperandsAndResultElementType not in traits:
            continue
        if len(user.results) != 1 or not is_tensor(user.results[0].type):
            continue
        out.append(user)
    return out


class BraodcastableScalarToTensor(RewritePattern):
    """A scalar constant mixed with tensors → a `tensor<1xE>` constant per user (§6.2)."""

    ROOT = "llh.constant"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        t = op.results[0].type
        if not isinstance(t, (IntegerType, IndexType, FloatType)):
            return False
        value = op.properties.get("value")
        if not isinstance(value, (IntegerAttr, FloatAttr)):
            return False
        users = _scalar_users(op)
        if not users:
            return False
        result = op.results[0]
        for user in users:
            elt = element_type_of(user.results[0].type)
            stored = convert_scalar(value, elt)
            if stored is None:
                raise VerifyError(
                    user,
                    f"scalar operand {value} cannot be converted to the element type '{elt}'",
                )
            tensor_type = RankedTensorType((1,), elt)
            dense = DenseElementsAttr(tensor_type, (stored,))
            new = rewriter.create(ConstantOp, dense, location=op.location).results[0]

            def update(user: Operation = user, new=new) -> None:  # type: ignore[no-untyped-def]
                for use in list(user.operand_uses):
                    if use.value is result:
                        use.set(new)

            rewriter.modify_op_in_place(user, update)
        return True


class WeightOpRefine(RewritePattern):
    """`llh.weight` with a rank-0 result `tensor<E>` → the same weight as `tensor<1xE>` (§6.2)."""

    ROOT = "llh.weight"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        t = op.results[0].type
        if not isinstance(t, RankedTensorType) or t.shape:
            return False
        new = WeightOp.build(
            op.properties["weight_file"].value,  # type: ignore[attr-defined]
            RankedTensorType((1,), t.element_type),
            location=op.location,
        )
        new.attributes.update(op.attributes)
        rewriter.set_insertion_point(op)
        rewriter.insert(new)
        rewriter.replace_op(op, new)
        return True


@register_pass
class OperationLegalizationPass(GreedyPatternPass):
    NAME = "operation-legalization"
    SUMMARY = "Turn scalar operands of broadcasting ops into tensors, rank-0 weights into rank 1"
    REWRITER = LLHPatternRewriter
    DESCRIPTION = (
        "Replaces a scalar llh.constant used by a broadcasting elementwise op with tensor "
        "operands by a tensor<1xE> constant (E: the op's element type), and gives rank-0 "
        "llh.weight results the type tensor<1xE>."
    )
    ANCHOR = "builtin.module"
    REQUIRES_CONVERGENCE = True

    __slots__ = ()

    def patterns(self) -> Iterable[RewritePattern]:
        return [BraodcastableScalarToTensor(), WeightOpRefine()]
