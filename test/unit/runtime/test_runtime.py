"""`llh_opt.runtime`: compile from a module, text or path; argument checks; ownership of outputs;
shape errors (Python exceptions with the module's message, per thread); LLH input."""

from __future__ import annotations

import gc
import threading
import weakref

import numpy as np
import pytest
from support.paths import REPO_ROOT

from llh_opt import runtime
from llh_opt.diagnostics import DiagnosticError
from llh_opt.parser import parse_source

ROOT = REPO_ROOT

COPY_ROWS = """
func.func @copy_rows(%a: memref<?x4xf32>) -> memref<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %a, %c0 : memref<?x4xf32>
  %r = memref.alloc(%n) : memref<?x4xf32>
  memref.copy %a, %r : memref<?x4xf32> to memref<?x4xf32>
  return %r : memref<?x4xf32>
}
"""

ALIASING = """
memref.global "private" constant @numbers : memref<3xi32> = dense<[7, 8, 9]>
func.func @identity(%a: memref<?xf32>) -> memref<?xf32> {
  return %a : memref<?xf32>
}
func.func @table() -> memref<3xi32> {
  %g = memref.get_global @numbers : memref<3xi32>
  return %g : memref<3xi32>
}
func.func @twice(%n: index) -> (memref<?xf64>, memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %r = memref.alloc(%n) : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    memref.store %one, %r[%i] : memref<?xf64>
  }
  return %r, %r : memref<?xf64>, memref<?xf64>
}
"""

# The shape-check protocol of the lowering (contract: llh.shape_checks + llh_shape_error).
SQUARE = """
module attributes {llh.shape_checks = ["argument 0 (%x) dimension 1 (symbol s1)"]} {
  func.func private @llh_shape_error(i32, i64, i64)
  func.func @square(%x: memref<?x?xf32>) -> memref<?x?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %id = arith.constant 0 : i32
    %n = memref.dim %x, %c0 : memref<?x?xf32>
    %m = memref.dim %x, %c1 : memref<?x?xf32>
    %bad = arith.cmpi ne, %m, %n : index
    scf.if %bad {
      %e = arith.index_cast %n : index to i64
      %a = arith.index_cast %m : index to i64
      func.call @llh_shape_error(%id, %e, %a) : (i32, i64, i64) -> ()
    }
    cf.cond_br %bad, ^fail, ^body
  ^fail:
    %z = memref.alloc(%c0, %c0) : memref<?x?xf32>
    return %z : memref<?x?xf32>
  ^body:
    %r = memref.alloc(%n, %n) : memref<?x?xf32>
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %n step %c1 {
        %v = memref.load %x[%j, %i] : memref<?x?xf32>
        memref.store %v, %r[%i, %j] : memref<?x?xf32>
      }
    }
    return %r : memref<?x?xf32>
  }
}
"""


@pytest.fixture(scope="module")
def copy_rows():
    return runtime.compile(COPY_ROWS)


def test_compile_from_text_module_and_path(tmp_path, copy_rows):
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    path = tmp_path / "copy.mlir"
    path.write_text(COPY_ROWS)
    for mod in (
        copy_rows,
        runtime.compile(parse_source(COPY_ROWS, "copy")),
        runtime.compile(str(path)),
        runtime.compile(path, 0),
    ):
        np.testing.assert_array_equal(mod.copy_rows(x), x)
        np.testing.assert_array_equal(mod["copy_rows"](x), x)
    assert "copy_rows" in dir(copy_rows)
    with pytest.raises(AttributeError, match="no entry point 'main'"):
        copy_rows.main  # noqa: B018


def test_arguments_are_checked_before_the_call(copy_rows):
    with pytest.raises(TypeError, match="takes 1 arguments"):
        copy_rows.copy_rows()
    with pytest.raises(TypeError, match="must have dtype float32"):
        copy_rows.copy_rows(np.zeros((2, 4), np.float64))
    with pytest.raises(TypeError, match="must be a numpy array"):
        copy_rows.copy_rows([[1.0, 2.0, 3.0, 4.0]])
    with pytest.raises(runtime.ShapeError, match="argument 0: expected rank 2, got 1"):
        copy_rows.copy_rows(np.zeros(4, np.float32))
    # No checks in the module: its static sizes are checked in Python.
    with pytest.raises(runtime.ShapeError, match="argument 0 dimension 1: expected 4, got 5"):
        copy_rows.copy_rows(np.zeros((2, 5), np.float32))


def test_non_contiguous_inputs_are_made_dense(copy_rows):
    base = np.arange(48, dtype=np.float32).reshape(6, 8)
    view = base[::2, 1::2]
    np.testing.assert_array_equal(copy_rows.copy_rows(view), view)
    empty = np.zeros((0, 4), np.float32)
    assert copy_rows.copy_rows(empty).shape == (0, 4)


def test_outputs_own_the_callee_buffer(copy_rows):
    y = copy_rows.copy_rows(np.ones((5, 4), np.float32))
    owner = y.base.owner
    assert owner.address != 0
    ref = weakref.ref(owner)
    z = y[1:3]  # a view keeps the buffer alive
    del y, owner
    gc.collect()
    assert ref() is not None
    np.testing.assert_array_equal(z, np.ones((2, 4), np.float32))
    del z
    gc.collect()
    assert ref() is None


def test_aliased_and_constant_outputs_are_copied():
    mod = runtime.compile(ALIASING)
    x = np.arange(3, dtype=np.float32)
    y = mod.identity(x)
    x[0] = 42
    assert y[0] == 0  # a copy: the caller's input is not the output
    table = mod.table()
    np.testing.assert_array_equal(table, [7, 8, 9])
    table[0] = 1
    np.testing.assert_array_equal(mod.table(), [7, 8, 9])  # constant data untouched
    a, b = mod.twice(4)
    assert a.base.owner is b.base.owner  # one buffer, freed once
    np.testing.assert_array_equal(a, np.ones(4))


def test_shape_error_carries_the_module_message():
    mod = runtime.compile(SQUARE)
    x = np.arange(9, dtype=np.float32).reshape(3, 3)
    np.testing.assert_array_equal(mod.square(x), x.T)
    with pytest.raises(
        runtime.ShapeError,
        match=r"^argument 0 \(%x\) dimension 1 \(symbol s1\): expected 3, got 5$",
    ):
        mod.square(np.zeros((3, 5), np.float32))
    # The error state is per call: a good call after a bad one succeeds.
    np.testing.assert_array_equal(mod.square(x), x.T)


def test_shape_errors_are_per_thread():
    mod = runtime.compile(SQUARE)
    messages: dict[int, set[str]] = {2: set(), 3: set()}
    barrier = threading.Barrier(2)

    def worker(cols: int) -> None:
        barrier.wait()
        for _ in range(300):
            try:
                mod.square(np.zeros((1, cols), np.float32))
            except runtime.ShapeError as e:
                messages[cols].add(str(e))

    threads = [threading.Thread(target=worker, args=(c,)) for c in (2, 3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert messages[2] == {"argument 0 (%x) dimension 1 (symbol s1): expected 1, got 2"}
    assert messages[3] == {"argument 0 (%x) dimension 1 (symbol s1): expected 1, got 3"}


def test_llh_input_is_lowered_first():
    mod = runtime.compile(ROOT / "examples" / "c_api" / "model.mlir")
    scale = np.array([0.5, -1.0, 2.0], np.float32).reshape(1, 3, 1, 1)
    for n, h in ((1, 2), (2, 5), (3, 9)):
        x = np.random.default_rng(n).standard_normal((n, 3, h, h)).astype(np.float32)
        np.testing.assert_array_equal(mod.main(x), np.maximum(x, 0) * scale + x)
    with pytest.raises(
        runtime.ShapeError, match=r"dimension 1 \(static size 3\): expected 3, got 4"
    ):
        mod.main(np.zeros((1, 4, 2, 2), np.float32))
    with pytest.raises(runtime.ShapeError, match=r"dimension 3 \(symbol s1\): expected 2, got 3"):
        mod.main(np.zeros((1, 3, 2, 3), np.float32))


def test_translation_errors_are_diagnostics():
    bad = 'func.func @f() {\n  "foo.op"() : () -> ()\n  return\n}\n'
    with pytest.raises(DiagnosticError, match="'foo.op' op cannot be translated to LLVM IR"):
        runtime.compile(bad, allow_unregistered=True)
    with pytest.raises(runtime.RuntimeLoadError, match="no public function"):
        runtime.compile("func.func private @g() {\n  return\n}\n")
