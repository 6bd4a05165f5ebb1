"""The rows of tools/bench/summary13.py's issue-13 table: ratios, targets, the robustness
verdicts and the one-block count, from given figures (no benchmark is run, no timing is
asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools" / "bench"))
summary13 = pytest.importorskip("summary13")
gen_resnet = pytest.importorskip("gen_resnet")


@pytest.mark.parametrize(
    ("llh", "ref", "met", "ratio"),
    [
        (3.0, 0.75, True, "4.00×"),  # exactly at the target
        (3.1, 0.75, False, "4.13×"),
        (None, 0.75, None, "–"),
        (3.0, None, None, "–"),
        (3.0, 0.0, None, "–"),
        (float("nan"), 0.75, None, "–"),
    ],
)
def test_ratio_row_seconds(
    llh: float | None, ref: float | None, met: bool | None, ratio: str
) -> None:
    row = summary13.ratio_row("round trip", llh, ref, "torch-mlir-opt", 4.0)
    assert row.met is met
    cells = row.cells()
    assert len(cells) == len(summary13.HEADERS)
    assert cells[4] == ratio and cells[5] == "≤ 4×"
    assert cells[6] == {True: "yes", False: "**no**", None: "–"}[met]
    if llh == 3.0:
        assert cells[1] == "3.000 s"


def test_ratio_row_mib_and_growth() -> None:
    g_llh = summary13.growth_mib(332 * 1024, 42 * 1024)
    g_ref = summary13.growth_mib(95 * 1024, 13 * 1024)
    assert g_llh == 290.0 and g_ref == 82.0
    row = summary13.ratio_row("rss", g_llh, g_ref, "t", 2.0, unit="MiB")
    assert row.met is False and row.llh == "290.0 MiB" and row.ratio == "3.54×"
    assert summary13.ratio_row("rss", 150.0, 82.0, "t", 2.0, unit="MiB").met is True
    assert summary13.growth_mib(None, 1) is None and summary13.growth_mib(1, None) is None


R = summary13.RobustResult


@pytest.mark.parametrize(
    ("expect_error", "res", "ok", "says"),
    [
        (True, R(1, "f.mlir:3:7: error: nesting too deep\nx\n  ^\n", 0.1), True, "nesting"),
        (True, R(1, "error: nesting too deep\n", 0.1), False, "without a diagnostic"),
        (True, R(2, "f.mlir:1:1: error: x\n", 0.1), False, "exit 2"),
        (True, R(0, "", 0.1), False, "exit 0"),
        (True, R(1, "Traceback (most recent call last):\nRecursionError\n", 0.1), False, "trace"),
        (
            True,
            R(1, "f.mlir:1:1: error: x\nTraceback (most recent call last):\n", 0.1),
            False,
            "trace",
        ),
        (True, R(None, "timeout after 60 s", 60.0), False, "timeout"),
        (False, R(0, "", 1.0), True, "exit 0"),
        (False, R(1, "f.mlir:1:1: error: x\n", 1.0), False, "exit 1"),
    ],
)
def test_robust_verdict(expect_error: bool, res: object, ok: bool, says: str) -> None:
    passed, what = summary13.robust_verdict(expect_error, res)
    assert passed is ok
    assert says in what
    row = summary13.robust_row("case", expect_error, res)
    assert row.met is ok and row.cells()[-1] == ("yes" if ok else "**no**")


def test_robust_cases_are_well_formed() -> None:
    names = [c[0] for c in summary13.ROBUST_CASES]
    assert len(set(names)) == len(names)
    assert any(c[1] for c in summary13.ROBUST_CASES)  # some must be rejected
    assert any(not c[1] for c in summary13.ROBUST_CASES)  # some accepted


@pytest.mark.parametrize("ops", [40, 1000, 5003])
def test_block_ops_counts_one_block(ops: int, tmp_path: Path) -> None:
    p = tmp_path / "r.mlir"
    p.write_text(gen_resnet.generate(ops), encoding="utf-8")
    assert summary13.block_ops(p) == (ops, 1)


def test_block_ops_sees_more_blocks(tmp_path: Path) -> None:
    p = tmp_path / "b.mlir"
    p.write_text(
        'module {\n  func.func @main() {\n    %0 = "t.a"() : () -> i32\n'
        "  ^bb1:\n    return\n  }\n}\n",
        encoding="utf-8",
    )
    assert summary13.block_ops(p) == (2, 2)


def test_interpreter_of_reads_the_shebang(tmp_path: Path) -> None:
    exe = tmp_path / "tool"
    exe.write_text(f"#!{sys.executable}\nprint(1)\n", encoding="utf-8")
    assert summary13.interpreter_of(str(exe)) == sys.executable
    none = tmp_path / "bin"
    none.write_bytes(b"\x7fELF")
    assert summary13.interpreter_of(str(none)) == sys.executable
