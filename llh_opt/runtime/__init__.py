"""Run compiled LLH / loop-level modules from Python with numpy arrays.

* `compile(module_or_text_or_path, opt_level=2) -> CompiledModule` — in-process JIT (llvmlite);
* `load(path_to_shared_library) -> CompiledModule` — an object linked with `cc -shared`;
* `compiled.<entry>(*arrays)` / `compiled.main(...)` — numpy arrays in, numpy arrays out (outputs
  own the callee's buffers); wrong input shapes raise `ShapeError` with the module's message.
llvmlite is imported only when `compile` runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llh_opt.runtime.errors import RuntimeLoadError, ShapeError

if TYPE_CHECKING:
    from llh_opt.runtime.entry import CompiledModule


def compile(source: Any, opt_level: int = 2, **kwargs: Any) -> CompiledModule:  # noqa: A001
    """JIT-compile a module (an `Operation`, MLIR text, or a path to an .mlir file); keyword
    arguments: `threads=N` (parallel loops; 0 = the online CPUs, `LLH_NUM_THREADS` overrides),
    `options=TargetOptions(...)`, `allow_unregistered=`."""
    from llh_opt.runtime.jit import compile as jit_compile

    return jit_compile(source, opt_level, **kwargs)


def load(path: Any, entries: Any = None) -> CompiledModule:
    """Load a shared library linked from `llh-opt --emit=obj` object(s); `entries` names the entry
    points to bind when several models share the library (default: the library's manifest)."""
    from llh_opt.runtime.shared import load as load_shared

    return load_shared(path, entries)


__all__ = ["RuntimeLoadError", "ShapeError", "compile", "load"]
