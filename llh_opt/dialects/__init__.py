"""The op registry's dialects: importing this package registers builtin, func, arith, tensor and
index (and llh, once it exists), so the parser and CLI only need `import llh_opt.dialects`.

Each dialect lives in its own module; nothing else belongs here.
"""

from __future__ import annotations

import importlib

from llh_opt.dialects import arith, builtin, func, index, tensor

__all__ = ["arith", "builtin", "func", "index", "load_all", "tensor"]


def load_all() -> None:
    """Import every dialect module (idempotent); the llh dialect is loaded when present."""
    importlib.import_module("llh_opt.dialects.llh")


load_all()
