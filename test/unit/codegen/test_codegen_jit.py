"""JIT-compiled loop-level modules against numpy references written here (one module, several
input sizes), one test per op family of the translator: arith, math, integer ops, reductions,
views/copies, control flow, dtypes and scalars, constant data (weights)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from llh_opt import runtime
from support.loop_ir_samples import SAMPLES

SIZES = (1, 5, 33)


@pytest.fixture(scope="module")
def compiled():
    cache: dict[str, object] = {}

    def get(name: str, opt_level: int = 2):
        key = f"{name}@{opt_level}"
        if key not in cache:
            cache[key] = runtime.compile(SAMPLES[name], opt_level)
        return cache[key]

    return get


@pytest.mark.parametrize("opt_level", [0, 2, 3])
def test_elementwise_f32(compiled, opt_level):
    mod = compiled("elementwise", opt_level)
    rng = np.random.default_rng(0)
    for n, m in ((1, 1), (3, 7), (16, 33)):
        a = rng.standard_normal((n, m)).astype(np.float32)
        b = rng.standard_normal((n, m)).astype(np.float32)
        q = ((a * b + a) - b) / np.float32(0.5)
        mn = np.minimum(np.maximum(q, b), a)
        ref = np.where(a > b, -mn, q)
        out = mod.elementwise(a, b)
        assert out.shape == (n, m) and out.dtype == np.float32
        np.testing.assert_allclose(out, ref, rtol=1e-5, atol=1e-6)


def test_math_functions(compiled):
    mod = compiled("math")
    rng = np.random.default_rng(1)
    for n in SIZES:
        x = (rng.standard_normal(n) * 2).astype(np.float32)
        o0, o1, o2, o3 = mod.math(x)
        ax = np.abs(x).astype(np.float64)
        erf = np.array([math.erf(float(v)) for v in x])
        np.testing.assert_allclose(o0, np.sqrt(ax) + np.exp(x) + np.log1p(ax), rtol=1e-5)
        np.testing.assert_allclose(o1, np.tanh(x) - erf, rtol=1e-5, atol=1e-6)
        np.testing.assert_array_equal(o2, np.floor(x) + np.ceil(x) + np.round(x))
        np.testing.assert_allclose(o3, (ax + 1) ** -0.5 * (ax + 1) ** x, rtol=1e-5)


def _floordiv(x: int, y: int) -> int:
    return x // y


def _ceildiv(x: int, y: int) -> int:
    return -((-x) // y)


def _trunc_div(x: int, y: int) -> int:
    q = abs(x) // abs(y)
    return q if (x >= 0) == (y > 0) else -q


def _int_reference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    rows = []
    for x, y in zip(a.tolist(), b.tolist()):
        dv = _trunc_div(x, y)
        rm = x - dv * y
        sh = x >> 3
        sl = ((y << 3) + 2**31) % 2**32 - 2**31  # i32 wrap-around
        xo = max(sh, sl) ^ min(rm, dv)
        rows.append([_floordiv(x, y), _ceildiv(x, y), rm, dv, xo, x * y - x])
    return np.array(rows, dtype=np.int64).astype(np.int32)


_INTOPS: list[object] = []


def _intops_module():
    if not _INTOPS:
        _INTOPS.append(runtime.compile(SAMPLES["intops"]))
    return _INTOPS[0]


@given(
    st.lists(
        st.tuples(st.integers(-(2**15), 2**15), st.integers(-300, 300).filter(lambda v: v != 0)),
        min_size=1,
        max_size=40,
    )
)
@settings(max_examples=30, deadline=None)
def test_integer_division_semantics(pairs):
    """floordivsi/ceildivsi/remsi/divsi and friends: exact, any signs."""
    mod = _intops_module()
    a = np.array([p[0] for p in pairs], dtype=np.int32)
    b = np.array([p[1] for p in pairs], dtype=np.int32)
    np.testing.assert_array_equal(mod.intops(a, b), _int_reference(a, b))


def test_reductions(compiled):
    mod = compiled("reduce")
    rng = np.random.default_rng(2)
    for n, m in ((1, 1), (4, 9), (20, 57)):
        a = rng.standard_normal((n, m)).astype(np.float32)
        rows, mx = mod.reduce(a)
        # Sequential f32 sums: error bound grows with the reduction length m.
        bound = m * 1.2e-7 * np.abs(a).sum(axis=1) + 1e-6
        assert np.all(np.abs(rows - a.astype(np.float64).sum(axis=1)) <= bound)
        assert mx == np.float32(a.max())


def test_views_and_copies(compiled):
    mod = compiled("views")
    for n in (2, 3, 17):
        a = np.arange(n * 4, dtype=np.float32).reshape(n, 4) * 1.5
        res, cols = mod.views(a)
        pairs = a[1:].reshape(-1, 2)
        np.testing.assert_array_equal(res, pairs[:, 0] - pairs[:, 1])
        np.testing.assert_array_equal(cols, a[:, 1::2])


def test_control_flow(compiled):
    mod = compiled("control")
    rng = np.random.default_rng(3)
    for n in SIZES:
        a = rng.integers(-1000, 1000, n).astype(np.int64)
        for k in (3, 7, -5):
            out, count = mod.control(a, k)
            ref = np.array([_floordiv(x, k) if x < 0 else _ceildiv(x, k) for x in a.tolist()])
            np.testing.assert_array_equal(out, ref)
            negatives = int((a < 0).sum())
            assert count == (negatives * negatives if negatives > k else negatives)


def test_dtypes_and_scalars(compiled):
    mod = compiled("dtypes")
    rng = np.random.default_rng(4)
    for n in SIZES:
        a = rng.standard_normal(n)
        h = rng.standard_normal(n).astype(np.float16)
        i = rng.integers(-128, 127, n).astype(np.int8)
        o0, o1, o2, o3 = mod.dtypes(a, h, i)
        assert (o0.dtype, o1.dtype, o2.dtype, o3.dtype) == (
            np.float64,
            np.float16,
            np.bool_,
            np.int64,
        )
        np.testing.assert_array_equal(o0, (a + h.astype(np.float64)) * 0.25)
        np.testing.assert_array_equal(o1, h * h)
        np.testing.assert_array_equal(o2, a < h.astype(np.float64))
        np.testing.assert_array_equal(o3, i.astype(np.int64) * np.arange(n))
    assert mod.scalar(1.5, 4) == 6.0
    assert isinstance(mod.scalar(np.float32(2.0), np.int64(-3)), float)


@pytest.mark.parametrize("opt_level", [0, 2])
def test_constant_data(compiled, opt_level):
    """A 4400-byte constant goes through `.incbin` (external data), a small one inline."""
    mod = compiled("weights", opt_level)
    w = ((np.arange(1100) % 17) * 0.25 - 1.0).astype(np.float32)
    bias = np.array([1, 2, 3, 4], np.float32)
    for n in (3, 1100, 2500):
        x = np.linspace(-2, 2, n, dtype=np.float32)
        idx = np.arange(n)
        np.testing.assert_array_equal(mod.weights(x), x * w[idx % 1100] + bias[idx % 4])


BF16 = """
func.func @bf(%a: memref<?xbf16>) -> memref<?xbf16> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : bf16
  %n = memref.dim %a, %c0 : memref<?xbf16>
  %r = memref.alloc(%n) : memref<?xbf16>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xbf16>
    %y = arith.mulf %x, %two : bf16
    %e = arith.extf %y : bf16 to f32
    %s = math.sqrt %e : f32
    %t = arith.truncf %s : f32 to bf16
    memref.store %t, %r[%i] : memref<?xbf16>
  }
  return %r : memref<?xbf16>
}
"""


def test_bf16_as_bit_patterns():
    """bf16 memrefs are uint16 bit patterns in numpy; extf/truncf round to nearest even."""
    mod = runtime.compile(BF16)
    x = np.array([1.0, 8.0, 0.5, 2.25, 3.0], np.float32)
    bits = (x.view(np.uint32) >> 16).astype(np.uint16)  # exact: these are bf16 values
    out = (mod.bf(bits).astype(np.uint32) << 16).view(np.float32)
    exact = np.sqrt(2 * x.astype(np.float64))
    # Round to nearest even on the 16 high bits of the float32 value.
    f = exact.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = ((f + 0x7FFF + ((f >> 16) & 1)) >> 16 << 16).astype(np.uint32).view(np.float32)
    np.testing.assert_array_equal(out, rounded)


WHILE_LOOP = """
func.func @pow2_above(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %c2 = arith.constant 2 : i64
  %r = "xscf.while"(%c1) ({
  ^bb0(%v: i64):
    %c = arith.cmpi slt, %v, %n : i64
    "xscf.condition"(%c, %v) : (i1, i64) -> ()
  }, {
  ^bb0(%w: i64):
    %d = arith.muli %w, %c2 : i64
    "xscf.yield"(%d) : (i64) -> ()
  }) : (i64) -> i64
  return %r : i64
}
"""


def test_scf_while():
    """scf.while is translated though the loop dialects do not register it yet: the module is
    parsed with stand-in names, renamed to the scf ops before translation."""
    from llh_opt.parser import parse_source

    module = parse_source(WHILE_LOOP, "while.mlir", allow_unregistered=True)
    for op in module.walk():
        if op.name.startswith("xscf."):
            op.name = op.name[1:]
    mod = runtime.compile(module)
    for n, expected in ((0, 1), (1, 1), (2, 2), (5, 8), (1000, 1024)):
        assert mod.pow2_above(n) == expected


DYNAMIC_STRIDE_COPY = """
func.func @column_block(%a: memref<?x?xf32>, %k: index) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  %v = memref.reinterpret_cast %a to offset: [0], sizes: [%n, %k], strides: [%m, 1]
      : memref<?x?xf32> to memref<?x?xf32, strided<[?, 1]>>
  %r = memref.alloc(%n, %k) : memref<?x?xf32>
  memref.copy %v, %r : memref<?x?xf32, strided<[?, 1]>> to memref<?x?xf32>
  return %r : memref<?x?xf32>
}
"""


def test_copy_out_of_a_view_with_dynamic_strides():
    """A `?` stride is not known to be dense: the copy walks the elements."""
    mod = runtime.compile(DYNAMIC_STRIDE_COPY)
    a = np.arange(35, dtype=np.float32).reshape(5, 7)
    for k in (1, 3, 7):
        np.testing.assert_array_equal(mod.column_block(a, k), a[:, :k])
