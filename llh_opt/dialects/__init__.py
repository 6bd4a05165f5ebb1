"""The op registry's dialects: importing this package registers builtin, func, arith, tensor,
index, the loop-level dialects (scf, memref, math, cf, vector) and llh, so the parser and CLI
only need `import llh_opt.dialects`.

Each dialect lives in its own module; nothing else belongs here.
"""

from __future__ import annotations

import importlib

from llh_opt.dialects import arith, builtin, cf, func, index, math, memref, scf, tensor, vector

__all__ = [
    "arith",
    "builtin",
    "cf",
    "func",
    "index",
    "load_all",
    "math",
    "memref",
    "scf",
    "tensor",
    "vector",
]


def load_all() -> None:
    """Import every dialect module (idempotent); the llh dialect is loaded when present."""
    importlib.import_module("llh_opt.dialects.llh")


load_all()
