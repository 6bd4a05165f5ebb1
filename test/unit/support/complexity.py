"""Deterministic cost measures for complexity tests: counted function calls, not seconds.

Speed is measured by the benchmarks in tools/bench, never by timed assertions (a shared, loaded
machine makes wall-clock limits flaky). What a test can assert without a clock is how the work
grows: `calls(fn)` counts the Python and C function calls `fn()` makes (the same number on every
run), and `assert_linear` compares that count at two sizes, so a quadratic scan (16x the calls at
4x the size) fails while a linear pass (4x) passes. What does not live here: timing of any kind.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any


def calls(fn: Callable[[], Any]) -> int:
    """The number of function calls (Python and C) made while running `fn()`."""
    count = 0

    def profile(frame: Any, event: str, arg: Any) -> None:
        nonlocal count
        if event == "call" or event == "c_call":
            count += 1

    old = sys.getprofile()
    sys.setprofile(profile)
    try:
        fn()
    finally:
        sys.setprofile(old)
    return count


def assert_linear(
    run_at: Callable[[int], Callable[[], Any]], n: int, factor: int = 4, slack: float = 1.25
) -> None:
    """`run_at(size)` prepares the input of that size (uncounted) and returns the work to count;
    the work at `factor * n` must cost at most `slack * factor` times the work at `n`."""
    small = calls(run_at(n))
    large = calls(run_at(factor * n))
    assert large <= slack * factor * small, (
        f"{large} calls at size {factor * n} against {small} at size {n}: "
        f"{large / small:.1f}x for {factor}x the size (not linear)"
    )


def assert_size_independent(run_at: Callable[[int], Callable[[], Any]], n: int, big: int) -> None:
    """The work must not grow with the size (e.g. one bulk copy rather than one call per element)."""
    small = calls(run_at(n))
    large = calls(run_at(big))
    assert large <= 1.25 * small + 50, f"{large} calls at size {big} against {small} at size {n}"
