"""Calling a shared library built from an emitted object (`cc -shared model.o -o model.so`).

The entry signatures come from the object's `llh_manifest()` (JSON written by the translator); the
calls go through the same `EntryPoint` as the JIT's.
"""

from __future__ import annotations

import ctypes
import os
from collections.abc import Sequence

from llh_opt.codegen.llvm.signature import EntrySignature, parse_manifest
from llh_opt.runtime.entry import CompiledModule, EntryPoint
from llh_opt.runtime.errors import RuntimeLoadError


def _describe(lib: ctypes.CDLL, symbol: str) -> tuple[list[EntrySignature], int]:
    fn = getattr(lib, symbol)
    fn.restype = ctypes.c_char_p
    return parse_manifest(fn().decode("utf-8"))


def load(path: str | os.PathLike[str], entries: Sequence[str] | None = None) -> CompiledModule:
    """Open a shared library built from llh-opt object(s); returns the entry points. Without
    `entries`, those of the library's manifest (one model); with them, each named entry (several
    models linked into one library)."""
    lib = ctypes.CDLL(os.path.abspath(os.fspath(path)))
    try:
        last_error = lib.llh_last_error
        if entries is None:
            signatures, checks = _describe(lib, "llh_manifest")
            found = [(sig, checks) for sig in signatures]
        else:
            found = []
            for name in entries:
                sigs, checks = _describe(lib, f"__llh_signature_{name}")
                found += [(sig, checks) for sig in sigs]
    except AttributeError as e:
        raise RuntimeLoadError(f"{path}: not an llh-opt object or no such entry ({e})") from None
    last_error.restype = ctypes.c_char_p
    points = []
    for sig, checks in found:
        status = getattr(lib, f"{sig.name}_status")
        address = ctypes.cast(status, ctypes.c_void_p).value
        assert address is not None
        points.append(EntryPoint(sig, address, last_error, lib, check_static=not checks))
    return CompiledModule(points, lib)
