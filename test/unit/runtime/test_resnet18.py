"""ResNet-18 end to end through the Python runtime: `tools/gen_resnet18.py` → ONE compiled module
(`llh_opt.runtime.compile`) → run at 1x3x224x224 and 2x3x160x160 → equal to the numpy reference
(float64) of the generator; in NCHW and in NHWC (FHWC conv weights). (The NCHW model as an
object linked with a C driver is ``test_resnet_c_program.py``.)

The model is compiled once per layout (module-scoped fixture) and both sizes run in one test.
Tolerance: the logits' largest error must stay below 1e-4 of their largest magnitude (f32 loop
nests with reductions of up to 4608 terms over 18 layers; seen: ~1e-6).
A call with H != W is a shape error naming the dimension, raised before any compute. The runs go
through the memory plan's workspace, poisoned (``LLH_POISON_WORKSPACE=1``).
"""

from __future__ import annotations

import sys

import numpy as np
import pytest
from support.paths import REPO_ROOT

runtime = pytest.importorskip("llh_opt.runtime")
if not hasattr(runtime, "compile"):  # pragma: no cover - before the translator lands
    pytest.skip("llh_opt.runtime.compile is not available", allow_module_level=True)

sys.path.insert(0, str(REPO_ROOT / "tools"))
import gen_resnet18  # noqa: E402

# Run once per suite run (CI runs the suite once); `-m "not slow"` skips it locally.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module", params=["NCHW", "NHWC"])
def resnet(request, tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    """The model compiled once per layout: NCHW with FCHW weights, and NHWC with FHWC weights
    (what `--transform-layout` produces)."""
    out = tmp_path_factory.mktemp(f"resnet18-{request.param}")
    path = gen_resnet18.write_resnet18(str(out), seed=0, layout=request.param)
    return runtime.compile(path), gen_resnet18.load_weights(str(out)), request.param


def test_resnet18_two_sizes_one_module(resnet, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    compiled, params, layout = resnet
    # The memory plan's workspace is filled with 0xFF bytes (NaN) before each call: a plan that
    # read a byte it had not written would change the logits.
    monkeypatch.setenv("LLH_POISON_WORKSPACE", "1")
    assert "main_with_workspace" in compiled.entries
    rng = np.random.default_rng(7)
    for shape in ((1, 3, 224, 224), (2, 3, 160, 160)):
        x = rng.standard_normal(shape).astype(np.float32)
        arg = np.ascontiguousarray(x.transpose(0, 2, 3, 1)) if layout == "NHWC" else x
        got = compiled.main(arg)
        ref = gen_resnet18.numpy_forward(x, params)
        assert got.shape == (shape[0], 1000)
        assert got.dtype == np.float32
        scale = float(np.abs(ref).max())
        err = float(np.abs(got - ref).max())
        assert err <= 1e-4 * scale, f"{shape}: max error {err:.3g} vs max |logit| {scale:.3g}"
        # The ranking of the classes is the model's answer: it must be the same.
        assert (got.argmax(axis=1) == ref.argmax(axis=1)).all()


def test_resnet18_rejects_non_square_input(resnet) -> None:  # type: ignore[no-untyped-def]
    compiled, _, layout = resnet
    x = np.zeros((1, 64, 48, 3) if layout == "NHWC" else (1, 3, 64, 48), dtype=np.float32)
    with pytest.raises(runtime.ShapeError, match=f"dimension {2 if layout == 'NHWC' else 3}"):
        compiled.main(x)
