"""The op registry's dialects: importing this package registers builtin, func, arith, tensor and
index (and llh, once it exists), so the parser and CLI only need `import llh_opt.dialects`.

Each dialect lives in its own module; besides loading them, this package only states the facts
about upstream MLIR dialects llh-opt does not register that generic passes need
(`UNREGISTERED_INLINABLE_DIALECTS`).
"""

from __future__ import annotations

import importlib

from llh_opt.dialects import arith, builtin, func, index, tensor

__all__ = [
    "UNREGISTERED_INLINABLE_DIALECTS",
    "arith",
    "builtin",
    "func",
    "index",
    "load_all",
    "tensor",
]

UNREGISTERED_INLINABLE_DIALECTS = frozenset(
    ("affine", "cf", "complex", "linalg", "math", "memref", "scf", "vector")
)
"""Upstream dialects llh-opt does not register whose MLIR `DialectInlinerInterface` accepts all
their ops and regions: IR using them (with `--allow-unregistered-dialect`) inlines as in mlir-opt.
A dialect llh-opt registers states it with `Dialect(..., inlinable=True)` instead."""


def load_all() -> None:
    """Import every dialect module (idempotent); the llh dialect is loaded when present."""
    importlib.import_module("llh_opt.dialects.llh")


load_all()
