"""The dialect registry: which module defines each dialect, each loaded when first needed.

`DIALECT_MODULES` maps every dialect namespace (builtin, func, arith, tensor, index, the
loop-level dialects scf, memref, math, cf, vector, and llh) to the module that registers it.
Importing this package registers `builtin` (the module op every parse builds) and installs
`load_dialect` as the IR registry's loader: an op or dialect looked up by name
(`llh_opt.ir.core.lookup_op`, `llh_opt.ir.opdef.lookup_dialect`: the parser, the verifier,
`Operation.create`) has its dialect loaded on that first lookup, so a run over an LLH file never
loads arith, memref or scf (start-up time). `load_all()` registers every dialect (the CLI's
listings, the pass manager, code that walks the whole registry); `llh_opt.dialects.arith` and
`from llh_opt.dialects import arith` load that one.

Each dialect lives in its own module; nothing else belongs here.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from llh_opt.ir.core import set_dialect_loader

__all__ = [
    "DIALECT_MODULES",
    "arith",
    "builtin",
    "cf",
    "func",
    "index",
    "llh",
    "load_all",
    "load_dialect",
    "math",
    "memref",
    "scf",
    "tensor",
    "vector",
]

DIALECT_MODULES: dict[str, str] = {
    "builtin": "llh_opt.dialects.builtin",
    "func": "llh_opt.dialects.func",
    "arith": "llh_opt.dialects.arith",
    "tensor": "llh_opt.dialects.tensor",
    "index": "llh_opt.dialects.index",
    "scf": "llh_opt.dialects.scf",
    "memref": "llh_opt.dialects.memref",
    "math": "llh_opt.dialects.math",
    "cf": "llh_opt.dialects.cf",
    "vector": "llh_opt.dialects.vector",
    "llh": "llh_opt.dialects.llh",
}
"""Dialect namespace → the module that registers its ops (and its `Dialect`, if it has one)."""

_loaded: set[str] = set()


def load_dialect(namespace: str) -> bool:
    """Load the module of dialect `namespace` if it is one of ours and not loaded yet; True if
    it was loaded now (a lookup that missed may then succeed)."""
    module = DIALECT_MODULES.get(namespace)
    if module is None or namespace in _loaded:
        return False
    _loaded.add(namespace)
    try:
        importlib.import_module(module)
    except BaseException:
        _loaded.discard(namespace)
        raise
    return True


def load_all() -> None:
    """Register every dialect (idempotent)."""
    for namespace in DIALECT_MODULES:
        load_dialect(namespace)


def __getattr__(name: str) -> ModuleType:
    """`llh_opt.dialects.<namespace>`: that dialect's module, loaded now."""
    module = DIALECT_MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    load_dialect(name)
    return importlib.import_module(module)


set_dialect_loader(load_dialect, load_all)
load_dialect("builtin")
