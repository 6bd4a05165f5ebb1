"""Options of the LLVM translation and emission: target (triple, CPU, features), optimization level.

Plain data, importable without llvmlite (the CLI builds it while parsing flags). The translator
(``translator.py``) and the target machine (``target.py``) read it; nothing here touches LLVM.
"""

from __future__ import annotations

from dataclasses import dataclass

EMIT_KINDS = ("mlir", "llvm", "asm", "obj", "header")
"""What `--emit` accepts: the module after the passes, LLVM IR text, assembly, an object, a C header."""

DEFAULT_OPT_LEVEL = 2

DEFAULT_EXTERNAL_DATA_BYTES = 4096
"""Constant globals at least this large reach an object file through `.incbin` of a raw file
instead of an LLVM IR initializer (see ``globals.py``)."""


@dataclass
class TargetOptions:
    """Where and how the code is generated. Empty strings mean "the host" (triple, CPU, features)."""

    triple: str = ""
    cpu: str = ""
    features: str = ""
    opt_level: int = DEFAULT_OPT_LEVEL
    external_data_bytes: int = DEFAULT_EXTERNAL_DATA_BYTES
    threads: int = 0
    """Threads of parallel loops (0: the online CPUs); `LLH_NUM_THREADS` overrides it at run time."""
    external_pool: bool = False
    """Declare the thread pool instead of defining it (the JIT links one process-wide copy)."""

    @property
    def is_host(self) -> bool:
        return not self.triple
