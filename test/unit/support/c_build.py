"""Compiling and linking for the tests that run llh-opt's objects from C: the C compiler on PATH
(`CC`, None when there is none), the llh-opt CLI in a fresh Python process (`llh_opt`), a checked
compiler run (`cc`) and a shared library from objects (`link_shared`).

What does not live here: the C programs, the models and the numpy references (the tests' own).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
_MAIN = "import sys; from llh_opt.cli import main; sys.argv[0] = 'llh-opt'; main()"


def llh_opt(*args: str) -> subprocess.CompletedProcess[str]:
    """`llh-opt ARGS` in a fresh interpreter (the worktree's, not one on PATH)."""
    return subprocess.run([sys.executable, "-c", _MAIN, *args], capture_output=True, text=True)


def cc(*args: str) -> None:
    """Run the C compiler with `args`; a failure fails the test with the compiler's message."""
    assert CC is not None
    r = subprocess.run([CC, *args], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def link_shared(objects: Sequence[str | Path], so: Path) -> None:
    """Link `objects` into the shared library `so` (with libpthread and libm)."""
    cc("-shared", *map(str, objects), "-o", str(so), "-lpthread", "-lm")
