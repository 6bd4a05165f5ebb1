"""LLVM's "Did you mean" rule: the known name nearest to a misspelled one by edit distance
(``llvm::cl::LookupNearestOption``, ``StringRef::edit_distance``). Used for driver flags, pass
names in pipelines and pass options; what to do with the suggestion is the caller's business.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["edit_distance", "nearest"]


def edit_distance(a: str, b: str) -> int:
    """Levenshtein distance with replacements (LLVM's `StringRef::edit_distance`)."""
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def nearest(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate closest to `name` (the first of the closest, as LLVM's
    `LookupNearestOption`, which has no distance limit), or None without candidates."""
    best: str | None = None
    best_d = 0
    for c in candidates:
        d = edit_distance(c, name)
        if best is None or d < best_d:
            best, best_d = c, d
    return best
