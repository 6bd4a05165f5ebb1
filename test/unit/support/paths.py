"""Where the tests find the repository and the lit test directory, wherever the test file sits
(found by walking up from this file: the directory holding ``pyproject.toml`` and the one holding
``lit.cfg.py``)."""

from __future__ import annotations

from pathlib import Path


def _parent_with(name: str) -> Path:
    for parent in Path(__file__).resolve().parents:
        if (parent / name).is_file():
            return parent
    raise RuntimeError(f"no {name} above the unit tests")


REPO_ROOT = _parent_with("pyproject.toml")
TEST_ROOT = _parent_with("lit.cfg.py")
