"""The counted-calls complexity checks (support/complexity.py) tell linear work from quadratic."""

from __future__ import annotations

import pytest
from support.complexity import assert_linear, assert_size_independent, calls


def _touch(x: int) -> int:
    return x


def _linear(n: int):  # type: ignore[no-untyped-def]
    return lambda: [_touch(i) for i in range(n)]


def _quadratic(n: int):  # type: ignore[no-untyped-def]
    return lambda: [_touch(i) for i in range(n) for _ in range(n)]


def test_calls_are_deterministic() -> None:
    assert calls(_linear(100)) == calls(_linear(100)) >= 100


def test_linear_passes_and_quadratic_fails() -> None:
    assert_linear(_linear, 200)
    with pytest.raises(AssertionError, match="not linear"):
        assert_linear(_quadratic, 50)


def test_size_independent_rejects_per_element_work() -> None:
    assert_size_independent(lambda n: lambda: sum(range(n)), 10, 100_000)
    with pytest.raises(AssertionError):
        assert_size_independent(_linear, 10, 1_000)
