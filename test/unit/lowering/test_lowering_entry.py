"""The entry prologue: derived symbols computed from their defining expressions, and the input
checks, observed at run time through the JIT.

Property: for a random size expression `s2 = f(s0, s1)` recorded as a relation
(`llh.symbol_relation_map`), the compiled function accepts exactly the inputs whose third size
equals `f` of the first two, and the ShapeError of a wrong size names the check and gives the
value of `f` (computed here with Python integers) as the expected size.
"""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

runtime = pytest.importorskip("llh_opt.runtime")
pytest.importorskip("llvmlite")

from llh_opt.parser import parse_source  # noqa: E402
from llh_opt.passes import PassManager  # noqa: E402

_OPS = {
    "floordiv": lambda x, d: x // d,
    "ceildiv": lambda x, d: -((-x) // d),
    "mod": lambda x, d: x % d,
}


def _module(a: int, b: int, c: int, op: str, d: int) -> str:
    expr = f"(s0 * {a} + s1 * {b} + {c}) {op} {d}"
    return f"""
module {{
  "llh.symbolic_int"() <{{sym_name = "s2"}}> : () -> ()
  "llh.symbolic_int"() <{{sym_name = "s1"}}> : () -> ()
  "llh.symbolic_int"() <{{sym_name = "s0"}}> : () -> ()
  func.func @main(%x: tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>, %y: tensor<?xf32, #llh.encoding<shapes = @s2>>) -> tensor<?xf32, #llh.encoding<shapes = @s2>> attributes {{entrance}} {{
    %0 = "llh.relu"(%y) : (tensor<?xf32, #llh.encoding<shapes = @s2>>) -> tensor<?xf32, #llh.encoding<shapes = @s2>>
    return %0 : tensor<?xf32, #llh.encoding<shapes = @s2>>
  }}
  module @__symbol__ {{
    "llh.symbol_relation_map"() <{{express = "f", relation = affine_map<()[s0, s1] -> ({expr})>, relations = [@s0, @s1], symbol = @s2}}> : () -> ()
  }}
}}"""


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    a=st.integers(0, 3),
    b=st.integers(1, 3),
    c=st.integers(0, 5),
    op=st.sampled_from(sorted(_OPS)),
    d=st.integers(1, 4),
    sizes=st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6)), min_size=3, max_size=3),
)
def test_derived_symbol_is_computed_from_its_expression(
    a: int, b: int, c: int, op: str, d: int, sizes: list
) -> None:
    m = runtime.compile(_module(a, b, c, op, d))
    for n0, n1 in sizes:
        want = _OPS[op](n0 * a + n1 * b + c, d)
        x = np.zeros((n0, n1), np.float32)
        y = np.linspace(-1, 1, want).astype(np.float32)
        np.testing.assert_array_equal(m.main(x, y), np.maximum(y, 0))
        with pytest.raises(runtime.ShapeError) as err:
            m.main(x, np.zeros(want + 1, np.float32))
        msg = str(err.value)
        # s2, s1 when equal, or no symbol when constant (then the size is static: checked
        # before the call)
        assert re.search(r"argument 1 dimension 0( \((symbol s\d+|static size \d+)\))?: ", msg), msg
        assert f"expected {want}, got {want + 1}" in msg


def _lowered(text: str) -> str:
    module = parse_source(text)
    PassManager.parse("builtin.module(infer-symbolic-shape, convert-llh-to-loops)").run(module)
    return module.print()


def test_each_symbol_is_read_once_and_sizes_are_not_recomputed() -> None:
    """Every size in the body is an SSA value of the entry: one memref.dim per free symbol (and
    one per checked input dimension), no memref.dim and no size arithmetic inside loops."""
    text = """
func.func @main(%a: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}, %b: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}) -> tensor<?x?xf32> attributes {entrance} {
  %0 = "llh.add"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %1 = "llh.mul"(%0, %a) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  %2 = "llh.exp"(%1) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %3 = "llh.sub"(%2, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  return %3 : tensor<?x?xf32>
}"""
    out = _lowered(text)
    assert out.count("memref.dim") == 4  # s0, s1, and b's two checked dimensions
    body = out.split("^bb2:")[1]
    assert "memref.dim" not in body
    # sizes (s0 * s1 and its bucket test) are computed once, before the loops; inside the
    # loops, index arithmetic only combines induction variables with constants
    head, loops = body.split("scf.", 1)
    assert head.count("arith.muli %dim") == 1
    assert not re.search(r"arith\.(muli|addi) %dim", loops)
    # the single-use chain is one loop nest: no temporary, the result returned
    assert body.count("memref.alloc(") == 1 and body.count("memref.dealloc") == 0
    assert body.count("scf.parallel") == 2  # one nest per bucket (s0 * s1 % 8 == 0 or not)


POOL3 = """
func.func @main(%x: tensor<1x1x?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s0"})
    -> tensor<1x1x?x?xf32> attributes {entrance} {
  %0 = "llh.max_pool"(%x) <{ceil_mode = false, dilation = array<i64: 1, 1>,
        kernel_shape = array<i64: 3, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}>
        : (tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32>
  return %0 : tensor<1x1x?x?xf32>
}
"""


def test_input_too_small_for_a_window_is_a_shape_error() -> None:
    """Regression: a derived size that comes out negative (a 1x1 input into a 3x3 window) is a
    ShapeError naming the size, not an allocation of a negative size; size 0 is a valid result."""
    m = runtime.compile(POOL3)
    assert m.main(np.ones((1, 1, 5, 5), np.float32)).shape == (1, 1, 3, 3)
    assert m.main(np.ones((1, 1, 2, 2), np.float32)).shape == (1, 1, 0, 0)
    with pytest.raises(runtime.ShapeError, match=r"must be at least 0: expected 0, got -1"):
        m.main(np.ones((1, 1, 1, 1), np.float32))
