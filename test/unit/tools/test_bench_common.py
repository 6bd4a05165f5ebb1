"""The pure helpers of tools/bench/common.py: table and ratio formatting, the output check and
the round-robin bookkeeping (no timing is asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools" / "bench"))
import common  # noqa: E402


def test_md_table_aligns_and_escapes() -> None:
    text = common.md_table(["op", "a|b", "ms"], [["conv", "x|y", "1.5"]], numeric_from=2)
    assert text.splitlines() == [
        "| op | a\\|b | ms |",
        "|---|---|---:|",
        "| conv | x\\|y | 1.5 |",
    ]


def test_md_table_rejects_ragged_rows() -> None:
    with pytest.raises(ValueError, match="row has 2 cells, the table 3"):
        common.md_table(["a", "b", "c"], [["1", "2"]])


@pytest.mark.parametrize(
    ("num", "den", "text"),
    [
        (1.0, 2.0, "0.50×"),
        (3.0, 1.0, "3.00×"),
        (None, 1.0, "–"),
        (1.0, 0.0, "–"),
        (float("nan"), 1.0, "–"),
        (1.0, float("inf"), "–"),
    ],
)
def test_fmt_ratio(num: float | None, den: float | None, text: str) -> None:
    assert common.fmt_ratio(num, den) == text


def test_fmt_pct_and_time() -> None:
    assert common.fmt_pct(60.0, 200.0) == "30%"
    assert common.fmt_pct(1.0, 0.0) == "–"
    assert common.fmt_pct(None, 1.0) == "–"
    assert common.fmt_time(0.0123) == "12.3"
    assert common.fmt_time(0.51234) == "512"
    assert common.fmt_time(1.5, "s") == "1.500"
    assert common.fmt_time(None) == "–"


def test_rel_error_and_check_close() -> None:
    ref = np.array([[1.0, -4.0], [2.0, 0.0]])
    got = ref + np.array([[0.0, 0.0], [0.02, 0.0]])
    assert common.rel_error(got, ref) == pytest.approx(0.005)
    assert common.check_close("x", got, ref, 1e-2) == pytest.approx(0.005)
    with pytest.raises(common.CheckError, match=r"x: output differs from numpy: rel\. error"):
        common.check_close("x", got, ref, 1e-3)


def test_rel_error_catches_shape_and_nan() -> None:
    ref = np.ones((2, 3))
    assert common.rel_error(np.ones((3, 2)), ref) == float("inf")
    bad = ref.copy()
    bad[0, 0] = np.nan
    assert common.rel_error(bad, ref) == float("inf")
    with pytest.raises(common.CheckError, match=r"shape \(3, 2\), expected \(2, 3\)"):
        common.check_close("y", np.ones((3, 2)), ref, 1.0)
    assert common.rel_error(np.zeros(3), np.zeros(3)) == 0.0
    assert common.rel_error(np.ones(3), np.zeros(3)) == float("inf")


def test_round_robin_interleaves_engines() -> None:
    order: list[str] = []
    engines = {"a": lambda: order.append("a"), "b": lambda: order.append("b")}
    times = common.round_robin(engines, 3, {"a": 2})
    assert order == ["a", "a", "b"] * 3
    assert [len(times[n].samples) for n in "ab"] == [3, 3]
    assert times["a"].best <= times["a"].median


def test_rounds_for_bounds() -> None:
    assert common.rounds_for({"a": lambda: None}, 4, budget=0.0) == 4
    assert common.rounds_for({"a": lambda: None}, 1, budget=10.0, cap=7) == 7


def test_timings_empty() -> None:
    t = common.Timings()
    assert np.isnan(t.best) and np.isnan(t.median)
