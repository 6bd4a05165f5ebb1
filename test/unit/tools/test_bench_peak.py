"""tools/bench/peak.py builds its C microbenchmarks and they compute what they claim (figures
are only checked to be positive; nothing is timed against a bound)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools" / "bench"))
import peak  # noqa: E402


@pytest.fixture(scope="module")
def lib():  # type: ignore[no-untyped-def]
    try:
        return peak.library()
    except peak.PeakUnavailable as e:
        pytest.skip(str(e))


def test_fma_loop_value(lib) -> None:  # type: ignore[no-untyped-def]
    # Each chain runs a <- a * m + c; after `iters` steps the 96 lanes sum to a closed form.
    m, c, iters = np.float32(0.9999999), np.float32(1e-7), 1000
    starts = np.array([1.0 + 0.1 * i for i in range(12)], np.float64)
    mm = float(m)
    want = 8 * float(np.sum(starts * mm**iters + float(c) * (1 - mm**iters) / (1 - mm)))
    assert lib.fma_loop(iters) == pytest.approx(want, rel=1e-5)


def test_copy_and_triad(lib) -> None:  # type: ignore[no-untyped-def]
    assert peak.bandwidth_gbs(1, mib=1, kind="copy", runs=1) > 0
    assert peak.bandwidth_gbs(2, mib=1, kind="triad", runs=1) > 0  # checks a[i] == 7
    with pytest.raises(ValueError, match="copy or triad"):
        peak.bandwidth_gbs(1, mib=1, kind="scale", runs=1)


def test_peaks_bandwidth_picks_best_up_to_threads() -> None:
    p = peak.Peaks(fma={1: 90.0, 2: 180.0}, triad={1: 10.0, 2: 20.0}, copy={1: 12.0, 2: 15.0})
    assert p.bandwidth(1) == 12.0
    assert p.bandwidth(2) == 20.0
    assert [r[0] for r in p.rows()] == ["1 thread", "2 threads"]
