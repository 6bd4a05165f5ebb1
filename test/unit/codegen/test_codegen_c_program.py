"""The README's C program (examples/c_api/main.c) linked with an object from `--emit=obj`: run at
two input sizes against numpy, a wrong shape giving status 1 and the module's message; the same
object as a shared library through `llh_opt.runtime.load`."""

from __future__ import annotations

import os
import subprocess

import numpy as np
import pytest
from support.c_build import CC, cc, link_shared, llh_opt
from support.paths import REPO_ROOT

from llh_opt import runtime

ROOT = REPO_ROOT
EXAMPLE = ROOT / "examples" / "c_api"
pytestmark = pytest.mark.skipif(CC is None, reason="no C compiler")
SCALE = np.array([0.5, -1.0, 2.0], np.float32).reshape(1, 3, 1, 1)


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    out = tmp_path_factory.mktemp("c_api")
    model = str(EXAMPLE / "model.mlir")
    for kind, name in (("obj", "model.o"), ("header", "model.h")):
        r = llh_opt(model, "--lower-to-llvm", f"--emit={kind}", "-o", str(out / name))
        assert r.returncode == 0, r.stderr
    cc(
        "-Wall",
        "-Werror",
        f"-I{out}",
        str(EXAMPLE / "main.c"),
        str(out / "model.o"),
        "-o",
        str(out / "run"),
        "-lpthread",
        "-lm",
    )
    return out


def _input(n: int, h: int, w: int) -> np.ndarray:
    i = np.arange(n * 3 * h * w)
    return ((i % 7 - 3) * 0.25).astype(np.float32).reshape(n, 3, h, w)


def _reference(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, 0) * SCALE + x


@pytest.mark.parametrize("n,h", [(1, 4), (2, 7)])
def test_c_program_two_sizes(build, n, h):
    r = subprocess.run([str(build / "run"), str(n), str(h)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.split()
    assert [int(v) for v in lines[:4]] == [n, 3, h, h]
    got = np.array([float(v) for v in lines[4:]], np.float32).reshape(n, 3, h, h)
    np.testing.assert_array_equal(got, _reference(_input(n, h, h)))


def test_c_program_wrong_shape(build):
    r = subprocess.run([str(build / "run"), "1", "5", "6"], capture_output=True, text=True)
    assert r.returncode == 2
    assert r.stderr == "error: argument 0 dimension 3 (symbol s1): expected 5, got 6\n"


def test_header_declares_the_entry(build):
    header = (build / "model.h").read_text()
    assert "int32_t main_status(llh_memref_4d_f32 *result, llh_memref_4d_f32 *arg0);" in header
    assert "const char *llh_last_error(void);" in header


def test_object_carries_the_weights(build):
    """One object is the whole model: no reference to the .npy file or a data file remains."""
    data = (build / "model.o").read_bytes()
    assert b"scale.npy" not in data and b"llh-data-" not in data


def test_shared_library_through_runtime_load(build):
    so = build / "libmodel.so"
    link_shared([build / "model.o"], so)
    lib = runtime.load(so)
    for n, h in ((1, 3), (3, 8)):
        x = _input(n, h, h)
        np.testing.assert_array_equal(lib.main(x), _reference(x))
    with pytest.raises(runtime.ShapeError, match=r"dimension 3 \(symbol s1\): expected 3, got 2"):
        lib.main(_input(1, 3, 2))
    with pytest.raises(runtime.ShapeError, match="expected rank 4, got 3"):
        lib.main(np.zeros((3, 2, 2), np.float32))


def test_two_models_in_one_shared_library(tmp_path):
    from support.loop_ir_samples import SAMPLES

    objects = []
    for name in ("weights", "elementwise"):
        src = tmp_path / f"{name}.mlir"
        src.write_text(SAMPLES[name])
        obj = tmp_path / f"{name}.o"
        r = llh_opt(str(src), "--emit=obj", "-o", str(obj))
        assert r.returncode == 0, r.stderr
        objects.append(str(obj))
    so = tmp_path / "libtwo.so"
    link_shared(objects, so)  # the runtime symbols are weak: no duplicate definitions
    lib = runtime.load(so, entries=["weights", "elementwise"])
    x = np.ones(4, np.float32)
    np.testing.assert_array_equal(lib.weights(x), [0.0, 1.25, 2.5, 3.75])  # x*w + bias
    a = np.full((2, 2), 2.0, np.float32)
    assert lib.elementwise(a, a).shape == (2, 2)
    with pytest.raises(runtime.RuntimeLoadError, match="no such entry"):
        runtime.load(so, entries=["missing"])


def test_readme_shows_this_program():
    readme = (ROOT / "README.md").read_text()
    source = (EXAMPLE / "main.c").read_text()
    assert source.strip() in readme


def test_obj_output_untouched_on_failure(tmp_path):
    bad = tmp_path / "bad.mlir"
    bad.write_text(
        'func.func @f(%t: tensor<?xf32>) -> tensor<?xf32> {\n  "foo.op"() : () -> ()\n'
        "  return %t : tensor<?xf32>\n}\n"
    )
    out = tmp_path / "out.o"
    out.write_bytes(b"previous")
    r = llh_opt(
        str(bad), "--allow-unregistered-dialect", "--lower-to-llvm", "--emit=obj", "-o", str(out)
    )
    assert r.returncode == 1
    assert "error:" in r.stderr and "Traceback" not in r.stderr
    assert out.read_bytes() == b"previous"
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".llh-opt-")]
