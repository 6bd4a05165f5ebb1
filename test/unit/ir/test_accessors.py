"""Named accessors generated from op specs (OperandDef/ResultDef/PropDef), ODS style."""

from __future__ import annotations

import pytest

import llh_opt
from llh_opt.ir.opdef import Accessor

SRC = """
func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>,
             %i: i64, %j: i64, %v: tensor<8xf32>) -> tensor<1x4x6x6xf32> {
  %0 = "llh.conv_bias"(%x, %w, %b) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>,
        pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}>
        : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  %1 = "llh.add"(%0, %0) : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %2 = "llh.slice"(%v, %i, %j) <{operandSegmentSizes = array<i32: 1, 1, 1>}>
        : (tensor<8xf32>, i64, i64) -> tensor<?xf32>
  return %1 : tensor<1x4x6x6xf32>
}
"""


@pytest.fixture(scope="module")
def ops():
    module = llh_opt.parse(SRC)
    return {op.name: op for op in module.walk()}


def test_operand_and_result_accessors(ops):
    conv = ops["llh.conv_bias"]
    assert conv.X is conv.operand(0) and conv.W is conv.operand(1) and conv.B is conv.operand(2)
    add = ops["llh.add"]
    assert add.lhs is conv.results[0] and add.rhs is conv.results[0]
    assert add.result is add.results[0]


def test_property_accessors_and_defaults(ops):
    conv = ops["llh.conv_bias"]
    assert list(conv.kernel_shape.values) == [3, 3]
    assert list(conv.stride.values) == [1, 1]
    assert conv.layout is None  # optional and absent


def test_declared_default_and_optional_operand():
    from llh_opt.ir.attributes import IntegerAttr
    from llh_opt.ir.core import Operation
    from llh_opt.ir.opdef import I64_ATTR, OperandDef, PropDef, ResultDef, register
    from llh_opt.ir.types import i64

    @register
    class _TestOp(Operation):
        __slots__ = ()
        OPERATION_NAME = "test_accessors.op"
        OPERANDS = (OperandDef("a"), OperandDef("b", optional=True))
        RESULTS = (ResultDef("out"),)
        PROPERTIES = (PropDef("n", I64_ATTR, default=IntegerAttr(7, i64)),)

    module = llh_opt.parse(
        'func.func @g(%x: i64) { %0 = "test_accessors.op"(%x) : (i64) -> i64  return }'
    )
    op = next(o for o in module.walk() if o.name == "test_accessors.op")
    assert op.a is op.operand(0) and op.b is None and op.out is op.results[0]
    assert op.n == IntegerAttr(7, i64) and "n" not in op.properties


def test_segmented_variadic_operands(ops):
    sl = ops["llh.slice"]
    assert sl.input is sl.operand(0)
    assert sl.start == [sl.operand(1)] and sl.end == [sl.operand(2)]


def test_class_methods_win_over_generated_accessors():
    from llh_opt.dialects.arith import ConstantOp

    assert not isinstance(ConstantOp.__dict__["value"], Accessor)
