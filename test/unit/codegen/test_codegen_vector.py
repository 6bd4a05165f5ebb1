"""JIT-compiled `vector` ops against numpy references written here: a vectorized saxpy-with-relu
(load, broadcast, fma, arith on vectors, store) with a scalar tail, a dot product carried as a
vector `scf.for` iteration argument and reduced with `vector.reduction`, and f64 / integer
reductions. One compiled module, several sizes (full vectors, tails, smaller than a vector)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from llh_opt import runtime

VECTOR_IR = r"""
func.func @saxpy_relu(%a: memref<?xf32>, %x: memref<?xf32>, %s: f32) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %vzero = arith.constant dense<0.0> : vector<8xf32>
  %n = memref.dim %a, %c0 : memref<?xf32>
  %out = memref.alloc(%n) : memref<?xf32>
  %nv = arith.divui %n, %c8 : index
  %full = arith.muli %nv, %c8 : index
  %vs = vector.broadcast %s : f32 to vector<8xf32>
  scf.for %i = %c0 to %full step %c8 {
    %va = vector.load %a[%i] : memref<?xf32>, vector<8xf32>
    %vx = vector.load %x[%i] : memref<?xf32>, vector<8xf32>
    %f = vector.fma %vs, %va, %vx : vector<8xf32>
    %r = arith.maximumf %f, %vzero : vector<8xf32>
    vector.store %r, %out[%i] : memref<?xf32>, vector<8xf32>
  }
  scf.for %i = %full to %n step %c1 {
    %sa = memref.load %a[%i] : memref<?xf32>
    %sx = memref.load %x[%i] : memref<?xf32>
    %f = math.fma %s, %sa, %sx : f32
    %r = arith.maximumf %f, %zero : f32
    memref.store %r, %out[%i] : memref<?xf32>
  }
  return %out : memref<?xf32>
}

func.func @dot(%a: memref<?x4xf64>, %b: memref<?x4xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant dense<0.0> : vector<4xf64>
  %n = memref.dim %a, %c0 : memref<?x4xf64>
  %acc = scf.for %i = %c0 to %n step %c1 iter_args(%v = %z) -> (vector<4xf64>) {
    %x = vector.load %a[%i, %c0] : memref<?x4xf64>, vector<4xf64>
    %y = vector.load %b[%i, %c0] : memref<?x4xf64>, vector<4xf64>
    %f = vector.fma %x, %y, %v : vector<4xf64>
    scf.yield %f : vector<4xf64>
  }
  %r = vector.reduction <add>, %acc : vector<4xf64> into f64
  return %r : f64
}

func.func @int_reduce(%a: memref<?x8xi32>) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %lo = arith.constant -2147483648 : i32
  %n = memref.dim %a, %c0 : memref<?x8xi32>
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %zero, %m = %lo) -> (i32, i32) {
    %v = vector.load %a[%i, %c0] : memref<?x8xi32>, vector<8xi32>
    %s2 = vector.reduction <add>, %v, %s : vector<8xi32> into i32
    %m2 = vector.reduction <maxsi>, %v, %m : vector<8xi32> into i32
    scf.yield %s2, %m2 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}
"""


@pytest.fixture(scope="module")
def mod():
    return runtime.compile(VECTOR_IR, 2)


@pytest.mark.parametrize("n", [0, 3, 8, 21, 64, 67])
def test_saxpy_relu(mod, n):
    rng = np.random.default_rng(n)
    a = rng.standard_normal(n).astype(np.float32)
    x = rng.standard_normal(n).astype(np.float32)
    s = np.float32(1.5)
    ref = np.maximum(np.float64(s) * a.astype(np.float64) + x, 0.0)
    out = mod.saxpy_relu(a, x, s)
    assert out.shape == (n,)
    np.testing.assert_allclose(out, ref, rtol=1e-6, atol=1e-6)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 40), st.integers(0, 2**31 - 1))
def test_dot_f64(mod, n, seed):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((n, 4))
    b = rng.standard_normal((n, 4))
    assert mod.dot(a, b) == pytest.approx(float(np.sum(a * b)), rel=1e-12, abs=1e-12)


def test_int_reductions(mod):
    rng = np.random.default_rng(3)
    for n in (1, 2, 9):
        a = rng.integers(-1000, 1000, (n, 8)).astype(np.int32)
        s, m = mod.int_reduce(a)
        assert s == int(a.sum()) and m == int(a.max())
