"""llh-opt: an opt-style compiler driver for the LLH tensor dialect with symbolic shapes.

Public Python API (imported lazily so `llh-opt` starts fast): `parse`, `verify`, `PassManager`.
The command-line tool lives in ``cli.py``; the IR in ``ir/``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

if TYPE_CHECKING:
    from llh_opt.ir.core import Operation


def parse(text: str, filename: str = "-", *, allow_unregistered: bool = False) -> Operation:
    """Parse MLIR text into a verified `builtin.module` operation."""
    from llh_opt.ir.verifier import verify
    from llh_opt.parser import parse_source

    module = parse_source(text, filename, allow_unregistered=allow_unregistered)
    verify(module, allow_unregistered=allow_unregistered)
    return module


def __getattr__(name: str) -> Any:
    if name == "PassManager":
        from llh_opt.passes import PassManager

        return PassManager
    if name == "verify":
        from llh_opt.ir.verifier import verify

        return verify
    raise AttributeError(name)
