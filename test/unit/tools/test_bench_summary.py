"""The rows of tools/bench/summary.py's table: which targets count as met, from given figures
(no benchmark is run)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools" / "bench"))
summary = pytest.importorskip("summary")


def test_kernel_row_compute_bound() -> None:
    times = {"llh-opt": 0.002, "torch 2T": 0.004, "IREE": None, "numpy": 0.001}
    row = summary.kernel_row("matmul", times, 130.0, 200.0, True, 2)
    assert row.met is True  # 65% >= 60%
    cells = row.cells()
    assert cells[:5] == ["matmul", "2 ms", "4 ms", "–", "1 ms"]
    assert cells[5:10] == ["200 GFLOP/s (FMA, 2T)", "65%", "0.50×", "–", "2.00×"]
    assert cells[-1] == "yes"
    assert summary.kernel_row("matmul", times, 110.0, 200.0, True, 2).met is False


def test_kernel_row_memory_bound_and_missing() -> None:
    row = summary.kernel_row("add+relu", {"llh-opt": 0.001}, 16.0, 24.0, False, 2)
    assert row.met is False  # 67% < 70%
    assert row.cells()[-1] == "**no**"
    assert "GB/s (memory)" in row.peak
    missing = summary.kernel_row("add+relu", {}, None, 24.0, False, 2)
    assert missing.met is None and missing.cells()[-1] == "–"


@pytest.mark.parametrize(
    ("llh", "torch", "iree", "met"),
    [
        (0.05, 0.05, 0.5, True),
        (0.06, 0.05, 0.5, False),
        (0.05, 0.06, 0.04, False),
        (0.05, 0.06, None, True),
        (None, 0.06, 0.5, None),
    ],
)
def test_model_row_targets(
    llh: float | None, torch: float, iree: float | None, met: bool | None
) -> None:
    times = {"llh-opt": llh, "torch eager": torch, "IREE": iree, "numpy": 1.0}
    row = summary.model_row("ResNet-18 1x3x224x224", times, 3.6e9, 190.0, 2)
    assert row.met is met
    assert len(row.cells()) == len(summary.HEADERS)


def test_compile_and_rss_rows() -> None:
    assert summary.compile_row("NCHW", 12.0).met is True
    assert summary.compile_row("NCHW", 21.0).met is False
    rss = summary.rss_row("p", 80.0, 290.0)
    assert rss.met is True and rss.vs_torch == "0.28×"
    assert summary.rss_row("p", None, 290.0).met is None
    for row in (summary.compile_row("NHWC", 1.0), rss):
        assert len(row.cells()) == len(summary.HEADERS)
