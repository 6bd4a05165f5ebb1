"""Op classes are self-contained: each op's arithmetic on its class (checked against numpy
written here), readable accessors for every operand and property, conv's bias by class, a new
binary op as one class, the spec defaults on `Operation`, and a start-up that loads neither the
rewrite machinery nor sympy / numpy."""

from __future__ import annotations

import inspect
import keyword
import operator
import subprocess
import sys
from collections.abc import Iterator

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

import llh_opt
from llh_opt.dialects import arith
from llh_opt.dialects import llh as L
from llh_opt.dialects.llh import constraints, elementwise
from llh_opt.dialects.llh.base import llh_op
from llh_opt.dialects.llh.compute_ops import _BinaryOp
from llh_opt.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from llh_opt.ir.core import OP_CLASSES, Operation
from llh_opt.ir.verifier import verify
from llh_opt.rewrite.folding import constant_operands

SMALL = st.integers(-(2**20), 2**20)

# The reference: numpy's own functions, on int64 / float64.
INT_REFERENCE = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "div": np.floor_divide,
    "max": np.maximum,
    "min": np.minimum,
}
FLOAT_REFERENCE = {**INT_REFERENCE, "div": np.true_divide, "pow": np.power}


def _fold_first(text: str, name: str) -> object:
    module = llh_opt.parse(text)
    verify(module)
    op = next(o for o in module.walk() if o.name == name)
    return op.fold(constant_operands(op))  # type: ignore[attr-defined]


def _scalar_program(op: str, a: object, b: object, t: str) -> str:
    return f"""func.func @f() -> {t} {{
      %a = "llh.constant"() <{{value = {a} : {t}}}> : () -> {t}
      %b = "llh.constant"() <{{value = {b} : {t}}}> : () -> {t}
      %0 = "llh.{op}"(%a, %b) : ({t}, {t}) -> {t}
      return %0 : {t}
    }}"""


# --------------------------------------------------------------------------- arithmetic


@pytest.mark.parametrize("op", sorted(INT_REFERENCE))
@settings(deadline=None, max_examples=50)
@given(a=SMALL, b=SMALL)
def test_integer_scalar_folds_match_numpy(op: str, a: int, b: int) -> None:
    got = _fold_first(_scalar_program(op, a, b, "i64"), f"llh.{op}")
    if op == "div" and b == 0:
        assert got is None  # never folded by zero
        return
    assert isinstance(got, IntegerAttr)
    assert got.value == int(INT_REFERENCE[op](np.int64(a), np.int64(b)))


@pytest.mark.parametrize(("a", "b", "q"), [(-7, 2, -4), (7, -2, -4), (-7, -2, 3), (7, 2, 3)])
def test_div_is_floor_division_of_negatives(a: int, b: int, q: int) -> None:
    assert q == int(np.floor_divide(a, b))
    got = _fold_first(_scalar_program("div", a, b, "i64"), "llh.div")
    assert isinstance(got, IntegerAttr) and got.value == q
    tensor = _fold_first(
        f"""func.func @f() -> tensor<2xi64> {{
          %a = "llh.constant"() <{{value = dense<[{a}, {-a}]> : tensor<2xi64>}}>
            : () -> tensor<2xi64>
          %b = "llh.constant"() <{{value = dense<{b}> : tensor<2xi64>}}> : () -> tensor<2xi64>
          %0 = "llh.div"(%a, %b) : (tensor<2xi64>, tensor<2xi64>) -> tensor<2xi64>
          return %0 : tensor<2xi64>
        }}""",
        "llh.div",
    )
    assert isinstance(tensor, DenseElementsAttr)
    assert list(tensor.values) == list(np.floor_divide(np.array([a, -a]), b))


@pytest.mark.parametrize("op", sorted(FLOAT_REFERENCE))
@settings(deadline=None, max_examples=50)
@given(
    a=st.floats(-1e6, 1e6, allow_nan=False, width=64),
    b=st.floats(0.5, 1e3, allow_nan=False, width=64),
)
def test_f64_scalar_folds_match_numpy(op: str, a: float, b: float) -> None:
    if op == "pow":
        a = abs(a) % 10
        b = b % 4
    got = _fold_first(_scalar_program(op, f"{a:.17e}", f"{b:.17e}", "f64"), f"llh.{op}")
    assert isinstance(got, FloatAttr)
    want = float(FLOAT_REFERENCE[op](np.float64(a), np.float64(b)))
    assert got.value == want or (want != want and got.value != got.value)


def test_integer_tensor_division_by_zero_is_not_folded() -> None:
    text = """func.func @f() -> tensor<2xi32> {
      %a = "llh.constant"() <{value = dense<[4, 5]> : tensor<2xi32>}> : () -> tensor<2xi32>
      %b = "llh.constant"() <{value = dense<[2, 0]> : tensor<2xi32>}> : () -> tensor<2xi32>
      %0 = "llh.div"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
      return %0 : tensor<2xi32>
    }"""
    assert _fold_first(text, "llh.div") is None


def test_floor_division_is_defined_once_for_every_domain() -> None:
    """`llh.div`'s integer arithmetic is `elementwise.floor_div`, on ints, numpy arrays and
    sympy expressions alike (the shape rule's domain); a zero divisor raises in each."""
    assert L.DivOp.integer_fn is elementwise.floor_div
    assert elementwise.floor_div(-7, 2) == -4
    arr = elementwise.floor_div(np.array([-7, 7, -8]), np.array([2, -2, 3]))
    assert list(arr) == list(np.floor_divide([-7, 7, -8], [2, -2, 3]))
    s = sympy.Symbol("s", integer=True, positive=True)
    assert elementwise.floor_div(2 * s + 5, sympy.Integer(2)) == s + 2
    assert elementwise.floor_div(sympy.Integer(-7), sympy.Integer(2)) == -4
    for a, b in ((1, 0), (np.array([1]), np.array([0])), (s, sympy.Integer(0))):
        with pytest.raises(ZeroDivisionError):
            elementwise.floor_div(a, b)


def test_no_fold_kind_strings_remain() -> None:
    for cls in OP_CLASSES.values():
        assert not hasattr(cls, "FOLD_KIND") and not hasattr(cls, "SCALAR_RULE"), cls


@pytest.mark.parametrize(
    ("cls", "x", "y", "w", "want"),
    [
        (arith.AddIOp, 3, 4, 32, 7),
        (arith.FloorDivSIOp, 0xFFFFFFF9, 2, 32, -4),  # -7 floordiv 2
        (arith.DivSIOp, 0xFFFFFFF9, 2, 32, -3),  # rounds toward zero
        (arith.CeilDivSIOp, 7, 2, 32, 4),
        (arith.RemSIOp, 0xFFFFFFF9, 2, 32, -1),
        (arith.MaxSIOp, 0xFFFFFFFF, 1, 32, 1),  # -1 < 1 signed
        (arith.MaxUIOp, 0xFFFFFFFF, 1, 32, 0xFFFFFFFF),
        (arith.ShLIOp, 1, 32, 32, None),  # shift by the width: not folded
    ],
)
def test_arith_ops_are_declared_classes_with_their_arithmetic(
    cls: type, x: int, y: int, w: int, want: int | None
) -> None:
    assert f"\nclass {cls.__name__}(" in "\n" + inspect.getsource(cls)  # not made by type()
    assert cls.int_fn(x, y, w) == want


# --------------------------------------------------------------------------- accessors


def _llh_classes() -> Iterator[type[Operation]]:
    for name, cls in sorted(OP_CLASSES.items()):
        if name.startswith("llh."):
            yield cls


def test_every_llh_operand_and_property_has_a_readable_accessor() -> None:
    """What the lowering calls: each operand / property of an LLH op reads by a Python name,
    the spec name or an `ALIASES` entry (`operand`, conv's `X` / `W` / `B`)."""
    for cls in _llh_classes():
        aliased = set(cls.ALIASES.values())
        for d in (*cls.OPERANDS, *cls.PROPERTIES):
            if d.name in aliased:
                alias = next(a for a, t in cls.ALIASES.items() if t == d.name)
                assert isinstance(inspect.getattr_static(cls, alias), property), (cls, alias)
                continue
            assert d.name.isidentifier() and not keyword.iskeyword(d.name), (cls, d.name)
            assert isinstance(inspect.getattr_static(cls, d.name), property), (cls, d.name)


CONV = """func.func @f(%x: tensor<1x3x8x8xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<4xf32>) {
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>,
        pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}>
        : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>) -> tensor<1x4x6x6xf32>
  %1 = "llh.conv_bias"(%x, %w, %b) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>,
        pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}>
        : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
  return
}"""


def test_conv_has_no_bias_by_class_and_readable_names() -> None:
    module = llh_opt.parse(CONV)
    ops = {o.name: o for o in module.walk()}
    conv, conv_bias = ops["llh.conv"], ops["llh.conv_bias"]
    x, w, b = conv_bias.operands
    assert conv.input is x and conv.weight is w and conv.bias is None
    assert conv_bias.input is conv_bias.X is x and conv_bias.bias is conv_bias.B is b
    assert type(conv).bias is not type(conv_bias).bias  # by class, not by operand count
    assert conv.group == 1 and list(conv.kernel_shape.values) == [3, 3]
    bind = llh_opt.parse(
        'func.func @g(%k: i64) { "llh.symbol_bind"(%k) <{symbol = @s0}> : (i64) -> ()  return }',
        allow_unregistered=True,
    )
    op = next(o for o in bind.walk() if o.name == "llh.symbol_bind")
    assert op.input is op.operand(0)


def test_cast_aliases_spell_keyword_spec_names() -> None:
    module = llh_opt.parse(
        "func.func @f(%i: index) -> i64 {\n"
        "  %0 = arith.index_cast %i : index to i64\n"
        "  return %0 : i64\n}"
    )
    cast = next(o for o in module.walk() if o.name == "arith.index_cast")
    assert cast.input is cast.operand(0) and cast.output is cast.results[0]


# --------------------------------------------------------------------------- one class per op


def test_a_new_binary_op_is_one_class() -> None:
    """Declaring the op is all it takes: verification, builder, folds (its arithmetic), the
    broadcast shape rule and the binary-op canonicalization patterns come with `_BinaryOp`."""
    name = "llh.test_floor_mod"

    @llh_op
    class FloorModOp(_BinaryOp):
        __slots__ = ()
        OPERATION_NAME = name
        SUMMARY = "elementwise floor modulo (a test op)"
        integer_fn = staticmethod(operator.mod)  # Python's % is numpy's np.mod: floor modulo
        float_fn = staticmethod(operator.mod)

    try:
        got = _fold_first(_scalar_program("test_floor_mod", -7, 3, "i64"), name)
        assert isinstance(got, IntegerAttr) and got.value == int(np.mod(-7, 3))
        got = _fold_first(_scalar_program("test_floor_mod", 7.5, -2.0, "f64"), name)
        assert isinstance(got, FloatAttr) and got.value == float(np.mod(7.5, -2.0))
        tensor = _fold_first(
            """func.func @f() -> tensor<3xi32> {
              %a = "llh.constant"() <{value = dense<[-7, 7, 8]> : tensor<3xi32>}>
                : () -> tensor<3xi32>
              %b = "llh.constant"() <{value = dense<3> : tensor<3xi32>}> : () -> tensor<3xi32>
              %0 = "llh.test_floor_mod"(%a, %b) : (tensor<3xi32>, tensor<3xi32>)
                -> tensor<3xi32>
              return %0 : tensor<3xi32>
            }""",
            name,
        )
        assert isinstance(tensor, DenseElementsAttr)
        assert list(tensor.values) == list(np.mod([-7, 7, 8], 3))
        patterns = FloorModOp.get_canonical_patterns()
        assert [p.ROOT for p in patterns] == [name, name]
    finally:
        del OP_CLASSES[name]


# --------------------------------------------------------------------------- declarations


def test_spec_defaults_are_class_vars_of_operation() -> None:
    hints = Operation.__annotations__
    for field in ("SUMMARY", "DESCRIPTION", "OPERANDS", "RESULTS", "PROPERTIES", "TRAITS"):
        assert field in Operation.__dict__ and "ClassVar" in str(hints[field]), field
    assert Operation.OPERANDS == () and Operation.NUM_REGIONS == 0


def test_one_set_of_attribute_kinds() -> None:
    """The generic kinds live in ``opdef`` only; LLH's differing ones have their own names."""
    for name in ("STRING_ATTR", "I64_ATTR", "F64_ATTR", "SYMBOL_NAME_ATTR", "BOOL_ATTR"):
        assert not hasattr(constraints, name), name
    assert constraints.LLH_FLAT_SYMBOL_REF_ATTR.description == "flat symbol reference attribute"


def test_start_up_loads_neither_rewrite_nor_sympy_nor_numpy() -> None:
    """Parsing, verifying and printing LLH ops (whose classes name their folds and patterns)
    executes none of the rewrite machinery, sympy or numpy (lazy modules stay unloaded)."""
    code = (
        "import sys, llh_opt\n"
        "from llh_opt.ir.verifier import verify\n"
        "m = llh_opt.parse(sys.argv[1])\n"
        "verify(m)\n"
        "m.print()\n"
        "heavy = ('sympy', 'numpy', 'llh_opt.rewrite', 'llh_opt.dialects.llh.canonicalize',\n"
        "         'llh_opt.dialects.llh.fold', 'llh_opt.dialects.llh.shape_rules')\n"
        "print([n for n in heavy\n"
        "       if n in sys.modules and type(sys.modules[n]).__name__ != '_LazyModule'])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, CONV], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
