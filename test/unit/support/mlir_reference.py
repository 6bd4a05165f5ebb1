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
