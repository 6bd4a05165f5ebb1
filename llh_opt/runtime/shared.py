"""Calling a shared library built from an emitted object (`cc -shared model.o -o model.so`).

The entry signatures come from the object's `llh_manifest()` (JSON written by the translator); the
calls go through the same `EntryPoint` as the JIT's.
"""

from __future__ import annotations

import ctypes
import os

from llh_opt.codegen.llvm.signature import parse_manifest
from llh_opt.runtime.entry import CompiledModule, EntryPoint
from llh_opt.runtime.errors import RuntimeLoadError


def load(path: str | os.PathLike[str]) -> CompiledModule:
    """Open a shared library holding one compiled model; returns its entry points."""
    lib = ctypes.CDLL(os.path.abspath(os.fspath(path)))
    try:
        manifest = lib.llh_manifest
        last_error = lib.llh_last_error
    except AttributeError:
        raise RuntimeLoadError(f"{path} was not built from an llh-opt object") from None
    manifest.restype = ctypes.c_char_p
    last_error.restype = ctypes.c_char_p
    entries = []
    for sig in parse_manifest(manifest().decode("utf-8")):
        status = getattr(lib, f"{sig.name}_status")
        address = ctypes.cast(status, ctypes.c_void_p).value
        assert address is not None
        entries.append(EntryPoint(sig, address, last_error, lib))
    return CompiledModule(entries, lib)
