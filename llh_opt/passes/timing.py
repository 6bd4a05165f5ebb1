"""Wall-clock timers and MLIR's `--mlir-timing` report (``mlir/lib/Support/Timing.cpp``).

A `TimingManager` owns a tree of `Timer`s: the CLI times "Parser" and "Output" under its root, the
pass manager nests one timer per pass and per nested pipeline. Nothing here knows about passes.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

__all__ = ["Timer", "TimingManager"]

_BANNER = "===" + "-" * 73 + "==="
_DESCRIPTION = "... Execution time report ..."


class Timer:
    """A named, re-startable wall-clock timer with children keyed by identity (so one pass
    instance run on many ops accumulates into one timer, as in MLIR)."""

    __slots__ = ("_start", "children", "hidden", "name", "wall")

    def __init__(self, name: str) -> None:
        self.name = name
        self.wall = 0.0
        self.children: dict[Any, Timer] = {}
        self.hidden = False
        self._start: float | None = None

    def nest(self, key: Any, name: str) -> Timer:
        child = self.children.get(key)
        if child is None:
            child = self.children[key] = Timer(name)
        return child

    def start(self) -> None:
        self._start = time.perf_counter()

    def stop(self) -> None:
        if self._start is not None:
            self.wall += time.perf_counter() - self._start
            self._start = None

    @contextmanager
    def measure(self) -> Iterator[Timer]:
        self.start()
        try:
            yield self
        finally:
            self.stop()


class TimingManager:
    """The root timer runs from construction to `report()`.

    `report(display="tree")` is MLIR's text report for a single-threaded run: the banner, the
    total, then `  %8.4f (%5.1f%%)  name` lines (tree: children indented by two per level in
    execution order; list: timers merged by name, sorted by time), `Rest` and `Total`."""

    __slots__ = ("root",)

    def __init__(self) -> None:
        self.root = Timer("root")
        self.root.hidden = True
        self.root.start()

    def nest(self, key: Any, name: str) -> Timer:
        return self.root.nest(key, name)

    def report(self, display: str = "tree") -> str:
        root = self.root
        if root._start is not None:
            root.stop()
        total = root.wall
        lines = [
            _BANNER,
            " " * ((80 - len(_DESCRIPTION)) // 2) + _DESCRIPTION,
            _BANNER,
            f"  Total Execution Time: {total:.4f} seconds",
            "",
            "  ----Wall Time----  ----Name----",
        ]
        if display == "list":
            merged: dict[str, float] = {}
            stack = [root]
            while stack:
                t = stack.pop()
                merged[t.name] = merged.get(t.name, 0.0) + t.wall
                stack.extend(reversed(list(t.children.values())))
            for name, wall in sorted(merged.items(), key=lambda kv: -kv[1]):
                lines.append(_entry(wall, total, name))
        elif display == "tree":
            _tree(root, total, 0, lines)
        else:
            raise ValueError(f"unknown timing display '{display}' (expected tree or list)")
        rest = total - sum(c.wall for c in root.children.values())
        lines.append(_entry(rest, total, "Rest"))
        lines.append(_entry(total, total, "Total"))
        return "\n".join(lines) + "\n"


def _entry(wall: float, total: float, name: str, indent: int = 0) -> str:
    pct = 100.0 * wall / total if total else float("nan")
    return f"  {wall:8.4f} ({pct:5.1f}%)  " + " " * indent + name


def _tree(timer: Timer, total: float, indent: int, lines: list[str]) -> None:
    child_indent = indent
    if not timer.hidden:
        lines.append(_entry(timer.wall, total, timer.name, indent))
        child_indent += 2
    for child in timer.children.values():
        _tree(child, total, child_indent, lines)
