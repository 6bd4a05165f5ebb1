"""Deferred imports: modules that are loaded on first attribute access.

sympy costs ~0.2 s to import; the parser, printer and verifier never need it, so the dialect
modules that hold shape rules import it through `lazy_import` and `llh-opt` starts fast
(tools/bench start-up figure). Nothing else lives here.
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType


def lazy_import(name: str) -> ModuleType:
    """`name` from sys.modules if loaded, else a module object executed on first use."""
    module = sys.modules.get(name)
    if module is not None:
        return module
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ImportError(f"no module named {name!r}")
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module
