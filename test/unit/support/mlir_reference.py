"""Where the tests find the reference MLIR tool (`torch-mlir-opt`) for live cross-checks.

Looked up next to the running interpreter, then inside the installed `torch_mlir` package, then on
PATH; None when it is not installed (the cross-checks then skip). Nothing else lives here.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path


def find_torch_mlir_opt() -> str | None:
    beside = Path(sys.executable).parent / "torch-mlir-opt"
    if beside.exists():
        return str(beside)
    spec = importlib.util.find_spec("torch_mlir")
    for location in (spec.submodule_search_locations or []) if spec else []:
        candidate = Path(location) / "_mlir_libs" / "torch-mlir-opt"
        if candidate.exists():
            return str(candidate)
    return shutil.which("torch-mlir-opt")


TORCH_MLIR_OPT = find_torch_mlir_opt()


REFERENCE_TIMEOUT = 30.0
"""Seconds a reference run may take. Some generated inputs make the reference tool itself run
away (its inliner on a dense call graph took minutes and 13 GiB), and it then has no answer."""


def run_reference(args: list[str], text: str, timeout: float = REFERENCE_TIMEOUT) -> str:
    """torch-mlir-opt's output for `text` (its stdin) with `args`; an error exit fails the test.
    A run longer than `timeout` rejects the hypothesis example: the reference has no answer."""
    import subprocess

    from hypothesis import reject

    assert TORCH_MLIR_OPT is not None
    try:
        ref = subprocess.run(
            [TORCH_MLIR_OPT, *args], input=text, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        reject()
    assert ref.returncode == 0, ref.stderr
    return ref.stdout
