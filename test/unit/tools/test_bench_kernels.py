"""tools/bench/bench_kernels.py's ops and tools/bench/bench_lowering.py's FLOP count: the numpy
references against direct loops, the float32 numpy engines against the references, the work
counts, and that every LLH module parses and verifies (nothing is timed or compiled)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools" / "bench"))
bench_kernels = pytest.importorskip("bench_kernels")
bench_lowering = pytest.importorskip("bench_lowering")


def _conv_loops(x: np.ndarray, w: np.ndarray, pad: int) -> np.ndarray:
    n, c, h, wd = x.shape
    f, _, k, _ = w.shape
    xp = np.zeros((n, c, h + 2 * pad, wd + 2 * pad))
    xp[:, :, pad : pad + h, pad : pad + wd] = x
    out = np.zeros((n, f, h + 2 * pad - k + 1, wd + 2 * pad - k + 1))
    for o in range(f):
        for i in range(out.shape[2]):
            for j in range(out.shape[3]):
                out[:, o, i, j] = (xp[:, :, i : i + k, j : j + k] * w[o]).sum(axis=(1, 2, 3))
    return out


def test_conv_reference_matches_loops() -> None:
    rng = np.random.default_rng(3)
    x = rng.standard_normal((1, 3, 6, 5))
    w = rng.standard_normal((4, 3, 3, 3))
    np.testing.assert_allclose(bench_kernels._np_conv_nchw(x, w, 1), _conv_loops(x, w, 1), 1e-12)


def test_max_pool_reference_matches_loops() -> None:
    x = np.random.default_rng(4).standard_normal((1, 2, 7, 6))
    got = bench_kernels._np_max_pool(x, 3, 2, 1)
    xp = np.full((1, 2, 9, 8), -np.inf)
    xp[:, :, 1:8, 1:7] = x
    want = np.array(
        [
            [
                [
                    [xp[0, c, 2 * i : 2 * i + 3, 2 * j : 2 * j + 3].max() for j in range(3)]
                    for i in range(4)
                ]
                for c in range(2)
            ]
        ]
    )
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("key", list(bench_kernels.all_ops()))
def test_numpy_engine_matches_reference(key: str) -> None:
    spec = bench_kernels.all_ops()[key]
    inputs = spec.make_inputs(np.random.default_rng(0))
    ref = spec.reference(*inputs)
    got = spec.numpy_fn(*inputs)
    assert got.shape == ref.shape
    assert bench_kernels.common.rel_error(got, ref) <= spec.tol


@pytest.mark.parametrize("key", list(bench_kernels.all_ops()))
def test_llh_module_parses_and_verifies(key: str) -> None:
    from llh_opt.ir.verifier import verify
    from llh_opt.parser import parse_source

    module = parse_source(bench_kernels.all_ops()[key].llh, "<bench>")
    verify(module)


def test_work_counts() -> None:
    ops = bench_kernels.all_ops()
    assert ops["conv3x3"].flops == 2 * 64 * 64 * 9 * 56 * 56
    assert ops["matmul"].flops == 2 * 512**3
    assert ops["add-relu"].nbytes == 3 * 4 * 64 * 112 * 112
    assert ops["max-pool"].nbytes == 4 * 64 * (112 * 112 + 56 * 56)
    assert not ops["gap"].compute_bound and ops["conv3x3-nhwc"].compute_bound


def test_resnet18_flops() -> None:
    # torchvision's ResNet-18 at 224x224: 1.814 G multiply-adds (convolutions and fc).
    assert bench_lowering.resnet18_flops(224) == pytest.approx(2 * 1.814e9, rel=2e-3)
    assert bench_lowering.resnet18_flops(160) < bench_lowering.resnet18_flops(224)


def test_parse_sizes() -> None:
    assert bench_lowering.parse_sizes("1x3x224x224,2x3x160x160") == [
        (1, 3, 224, 224),
        (2, 3, 160, 160),
    ]
    with pytest.raises(ValueError, match="want Nx3xHxH"):
        bench_lowering.parse_sizes("1x3x224x160")
