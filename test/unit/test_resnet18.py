"""ResNet-18 end to end: `tools/gen_resnet18.py` → ONE compiled module → run at 1x3x224x224 and
2x3x160x160 → equal to the numpy reference (float64) of the generator; twice: through the
Python runtime (`llh_opt.runtime.compile`), and as an object from `llh-opt --lower-to-llvm
--emit=obj` linked by `cc` with a C driver (`--emit=header` declarations, `main_status`).

Each way compiles the model once (module-scoped fixtures) and runs both sizes in one test.
Tolerance: the logits' largest error must stay below 1e-4 of their largest magnitude (f32 loop
nests with reductions of up to 4608 terms over 18 layers; seen: ~1e-6).
A call with H != W is a shape error naming the dimension, raised before any compute.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

runtime = pytest.importorskip("llh_opt.runtime")
if not hasattr(runtime, "compile"):  # pragma: no cover - before the translator lands
    pytest.skip("llh_opt.runtime.compile is not available", allow_module_level=True)

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import gen_resnet18  # noqa: E402

# Run once per suite run (CI runs the suite once); `-m "not slow"` skips it locally.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def resnet(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    out = tmp_path_factory.mktemp("resnet18")
    path = gen_resnet18.write_resnet18(str(out), seed=0)
    return runtime.compile(path), gen_resnet18.load_weights(str(out))


def test_resnet18_two_sizes_one_module(resnet) -> None:  # type: ignore[no-untyped-def]
    compiled, params = resnet
    rng = np.random.default_rng(7)
    for shape in ((1, 3, 224, 224), (2, 3, 160, 160)):
        x = rng.standard_normal(shape).astype(np.float32)
        got = compiled.main(x)
        ref = gen_resnet18.numpy_forward(x, params)
        assert got.shape == (shape[0], 1000)
        assert got.dtype == np.float32
        scale = float(np.abs(ref).max())
        err = float(np.abs(got - ref).max())
        assert err <= 1e-4 * scale, f"{shape}: max error {err:.3g} vs max |logit| {scale:.3g}"
        # The ranking of the classes is the model's answer: it must be the same.
        assert (got.argmax(axis=1) == ref.argmax(axis=1)).all()


def test_resnet18_rejects_non_square_input(resnet) -> None:  # type: ignore[no-untyped-def]
    compiled, _ = resnet
    x = np.zeros((1, 3, 64, 48), dtype=np.float32)
    with pytest.raises(runtime.ShapeError, match="dimension 3"):
        compiled.main(x)


# --------------------------------------------------------------------------- C driver

C_DRIVER = r"""
#include <stdio.h>
#include <stdlib.h>
#include "resnet18.h"

/* resnet18_run IN OUT N H W: reads N*3*H*W floats from IN, writes the N*1000 logits to OUT. */
int main(int argc, char **argv) {
  if (argc != 6) return 64;
  int64_t n = atoll(argv[3]), h = atoll(argv[4]), w = atoll(argv[5]);
  size_t count = (size_t)(n * 3 * h * w);
  float *x = malloc(count * sizeof(float));
  FILE *f = fopen(argv[1], "rb");
  if (!x || !f || fread(x, sizeof(float), count, f) != count) return 65;
  fclose(f);
  llh_memref_4d_f32 in = {x, x, 0, {n, 3, h, w}, {3 * h * w, h * w, w, 1}};
  llh_memref_2d_f32 out;
  if (main_status(&out, &in) != 0) {
    fprintf(stderr, "shape error: %s\n", llh_last_error());
    free(out.allocated);
    free(x);
    return 2;
  }
  FILE *g = fopen(argv[2], "wb");
  size_t m = (size_t)(out.sizes[0] * out.sizes[1]);
  if (!g || fwrite(out.aligned + out.offset, sizeof(float), m, g) != m) return 66;
  fclose(g);
  free(out.allocated);
  free(x);
  return 0;
}
"""


@pytest.fixture(scope="module")
def resnet_exe(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """ResNet-18 compiled ONCE to an object by the CLI, linked with a C driver by `cc`."""
    import shutil
    import subprocess

    cc = shutil.which("cc")
    if cc is None:
        pytest.skip("no C compiler")
    out = tmp_path_factory.mktemp("resnet18c")
    model = gen_resnet18.write_resnet18(str(out), seed=0)
    llh_opt = Path(sys.executable).with_name("llh-opt")
    for emit, name in (("obj", "resnet18.o"), ("header", "resnet18.h")):
        subprocess.run(
            [str(llh_opt), model, "--lower-to-llvm", f"--emit={emit}", "-o", str(out / name)],
            check=True,
        )
    (out / "driver.c").write_text(C_DRIVER)
    exe = out / "resnet18_run"
    subprocess.run(
        [cc, "-O1", "-I", str(out), str(out / "driver.c"), str(out / "resnet18.o"), "-o", str(exe)],
        check=True,
    )
    return exe, gen_resnet18.load_weights(str(out))


def test_resnet18_c_driver_two_sizes(resnet_exe, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The object linked by `cc` runs at 1x3x224x224 and 2x3x160x160 with the numpy result, and
    reports a non-square input as a shape error (status 1 of `main_status`)."""
    import subprocess

    exe, params = resnet_exe
    rng = np.random.default_rng(11)
    for shape in ((1, 3, 224, 224), (2, 3, 160, 160)):
        x = rng.standard_normal(shape).astype(np.float32)
        x.tofile(tmp_path / "in.bin")
        argv = [
            str(exe),
            str(tmp_path / "in.bin"),
            str(tmp_path / "out.bin"),
            *map(str, shape[:1] + shape[2:]),
        ]
        subprocess.run(argv, check=True)
        got = np.fromfile(tmp_path / "out.bin", dtype=np.float32).reshape(shape[0], 1000)
        ref = gen_resnet18.numpy_forward(x, params)
        assert float(np.abs(got - ref).max()) <= 1e-4 * float(np.abs(ref).max())
    np.zeros((1, 3, 64, 48), np.float32).tofile(tmp_path / "bad.bin")
    proc = subprocess.run(
        [str(exe), str(tmp_path / "bad.bin"), str(tmp_path / "out.bin"), "1", "64", "48"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert "dimension 3" in proc.stderr and "expected 64, got 48" in proc.stderr, proc.stderr
