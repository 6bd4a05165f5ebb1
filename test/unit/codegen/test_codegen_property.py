"""Property: translating a random elementwise expression (f32 arith ops, comparisons and selects
over two inputs, inside an scf.parallel loop) and running it gives exactly numpy's float32 result.

Each arith op is one IEEE single-precision operation in both (LLVM contracts nothing without
fast-math flags), so the comparison is exact, NaNs included.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from llh_opt import runtime

BINARY = {
    "addf": np.add,
    "subf": np.subtract,
    "mulf": np.multiply,
    "divf": np.divide,
    "maximumf": np.maximum,
    "minimumf": np.minimum,
}
PREDICATES = {"olt": np.less, "oge": np.greater_equal, "une": np.not_equal}


@st.composite
def expressions(draw):
    """A list of (kind, args) steps; operand k refers to value k (0, 1: the inputs)."""
    steps = []
    count = 2
    for _ in range(draw(st.integers(1, 8))):
        kind = draw(st.sampled_from([*BINARY, "negf", "select"]))
        pick = st.integers(0, count - 1)
        if kind == "negf":
            steps.append((kind, (draw(pick),)))
        elif kind == "select":
            pred = draw(st.sampled_from(sorted(PREDICATES)))
            steps.append((kind, (pred, draw(pick), draw(pick), draw(pick), draw(pick))))
        else:
            steps.append((kind, (draw(pick), draw(pick))))
        count += 1
    return steps


def to_mlir(steps) -> str:
    body = []
    for k, (kind, args) in enumerate(steps, start=2):
        if kind == "negf":
            body.append(f"%v{k} = arith.negf %v{args[0]} : f32")
        elif kind == "select":
            pred, a, b, x, y = args
            body.append(f"%c{k} = arith.cmpf {pred}, %v{a}, %v{b} : f32")
            body.append(f"%v{k} = arith.select %c{k}, %v{x}, %v{y} : f32")
        else:
            body.append(f"%v{k} = arith.{kind} %v{args[0]}, %v{args[1]} : f32")
    last = len(steps) + 1
    inner = "\n    ".join(body)
    return f"""
func.func @expr(%a: memref<?xf32>, %b: memref<?xf32>) -> memref<?xf32> {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %out = memref.alloc(%n) : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {{
    %v0 = memref.load %a[%i] : memref<?xf32>
    %v1 = memref.load %b[%i] : memref<?xf32>
    {inner}
    memref.store %v{last}, %out[%i] : memref<?xf32>
    scf.reduce
  }}
  return %out : memref<?xf32>
}}
"""


def evaluate(steps, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    vals = [a, b]
    with np.errstate(all="ignore"):
        for kind, args in steps:
            if kind == "negf":
                vals.append(-vals[args[0]])
            elif kind == "select":
                pred, x, y, t, f = args
                vals.append(np.where(PREDICATES[pred](vals[x], vals[y]), vals[t], vals[f]))
            else:
                vals.append(BINARY[kind](vals[args[0]], vals[args[1]]).astype(np.float32))
    return vals[-1]


FLOATS = st.floats(width=32, allow_nan=True, allow_infinity=True)


@given(expressions(), st.lists(st.tuples(FLOATS, FLOATS), min_size=1, max_size=12))
@settings(max_examples=25, deadline=None)
def test_translation_preserves_elementwise_semantics(steps, pairs):
    mod = runtime.compile(to_mlir(steps), opt_level=2)
    a = np.array([p[0] for p in pairs], np.float32)
    b = np.array([p[1] for p in pairs], np.float32)
    np.testing.assert_array_equal(mod.expr(a, b), evaluate(steps, a, b))
