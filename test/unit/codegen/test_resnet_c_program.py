"""ResNet-18 end to end through C: `tools/gen_resnet18.py` writes the model (dynamic batch and
H = W, weights as .npy), `llh-opt --lower-to-llvm --emit=obj` compiles it ONCE to an object that
`cc` links with `tools/resnet18_driver.c`; the executable runs at 1x3x224x224 and 2x3x160x160
and its logits equal the generator's numpy reference (float64); a non-square input gives status 2
and the model's message. The same object as a shared library runs through `runtime.load`.

Skipped when the generator or a C compiler is missing.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import numpy as np
import pytest
from support.c_build import CC, cc, link_shared, llh_opt
from support.paths import REPO_ROOT

from llh_opt import runtime

ROOT = REPO_ROOT
GENERATOR = ROOT / "tools" / "gen_resnet18.py"
DRIVER = ROOT / "tools" / "resnet18_driver.c"
pytestmark = pytest.mark.skipif(
    CC is None or not GENERATOR.exists(), reason="needs tools/gen_resnet18.py and a C compiler"
)


def _generator():
    spec = importlib.util.spec_from_file_location("gen_resnet18", GENERATOR)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def resnet(tmp_path_factory):
    out = tmp_path_factory.mktemp("resnet18")
    gen = _generator()
    model = gen.write_resnet18(str(out))
    obj = out / "resnet18.o"
    r = llh_opt(model, "--lower-to-llvm", "--emit=obj", "-o", str(obj))
    assert r.returncode == 0, r.stderr
    exe = out / "resnet18"
    cc("-O2", str(DRIVER), str(obj), "-o", str(exe), "-lpthread", "-lm")
    return out, exe, gen, gen.load_weights(str(out))


def _check(logits: np.ndarray, reference: np.ndarray) -> None:
    # float32 through ~20 layers of convolutions (reductions up to 4608 long) against float64.
    scale = np.abs(reference).max()
    np.testing.assert_allclose(logits, reference, rtol=1e-4, atol=1e-4 * scale)


@pytest.mark.parametrize("n,h", [(1, 224), (2, 160)])
def test_resnet18_c_driver(resnet, n, h):
    out, exe, gen, params = resnet
    x = np.random.default_rng(h).standard_normal((n, 3, h, h)).astype(np.float32)
    src, dst = out / f"in{n}_{h}.f32", out / f"out{n}_{h}.f32"
    x.tofile(src)
    r = subprocess.run(
        [str(exe), str(n), str(h), str(h), str(src), str(dst)], capture_output=True, text=True
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == [str(n), "1000"]
    logits = np.fromfile(dst, np.float32).reshape(n, 1000)
    _check(logits, gen.numpy_forward(x, params))


def test_resnet18_c_driver_wrong_shape(resnet):
    out, exe, _, _ = resnet
    src = out / "bad.f32"
    np.zeros(3 * 64 * 65, np.float32).tofile(src)
    r = subprocess.run(
        [str(exe), "1", "64", "65", str(src), str(out / "bad.out")], capture_output=True, text=True
    )
    assert r.returncode == 2
    assert "(symbol s1): expected 64, got 65" in r.stderr


def test_resnet18_shared_library(resnet):
    out, _, gen, params = resnet
    so = out / "libresnet18.so"
    link_shared([out / "resnet18.o"], so)
    model = runtime.load(so)
    x = np.random.default_rng(3).standard_normal((1, 3, 96, 96)).astype(np.float32)
    _check(model.main(x), gen.numpy_forward(x, params))
    with pytest.raises(runtime.ShapeError, match="expected 96, got 97"):
        model.main(np.zeros((1, 3, 96, 97), np.float32))
