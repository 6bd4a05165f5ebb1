"""In-process compilation: MLIR (text, path or module) → LLVM (llvmlite's ORC LLJIT) → callables.

LLH input (anything outside the loop-level dialects) first runs the `lower-to-llvm` pipeline. The
JIT needs `__emutls_get_address` for the thread-local error state (LLVM's ORC JIT emulates TLS);
it comes from libgcc_s, loaded once. Constant data is attached with `.incbin`, as for objects.
Parallel loops call the thread pool (``codegen/llvm/threadpool.py``): one copy per process, JIT-
compiled on first use into its own LLJIT that is never freed (its worker threads outlive every
compiled module), and bound into each module by address.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import dataclasses
import itertools
import os
from typing import Any

from llh_opt.codegen.llvm.options import TargetOptions
from llh_opt.ir.core import Operation
from llh_opt.runtime.entry import CompiledModule, EntryPoint
from llh_opt.runtime.errors import RuntimeLoadError

LOOP_LEVEL_DIALECTS = frozenset(
    {"builtin", "func", "arith", "math", "scf", "memref", "cf", "index"}
)

_counter = itertools.count()
_TLS_READY: list[bool] = []
_POOL: list[int] = []


def _pool_address() -> int:
    """The address of the process-wide `__llh_pool_parallel` (built once, never released)."""
    if not _POOL:
        import llvmlite.binding as llvm
        from llvmlite import ir

        from llh_opt.codegen.llvm.target import target_machine
        from llh_opt.codegen.llvm.threadpool import POOL_ENTRY, define_pool

        module = ir.Module(name="llh_pool")
        define_pool(module)
        tm = target_machine(TargetOptions(), jit=True)
        module.triple = tm.triple
        lljit = llvm.create_lljit_compiler()
        builder = llvm.JITLibraryBuilder().add_ir(str(module)).add_current_process()
        tracker = builder.export_symbol(POOL_ENTRY).link(lljit, "llh_thread_pool")
        # Workers sleep inside this code for the life of the process: keep it mapped forever.
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(lljit))
        ctypes.pythonapi.Py_IncRef(ctypes.py_object(tracker))
        _POOL.append(tracker[POOL_ENTRY])
    return _POOL[0]


def _emulated_tls_available() -> bool:
    if not _TLS_READY:
        import llvmlite.binding as llvm

        ok = False
        for name in (ctypes.util.find_library("gcc_s"), "libgcc_s.so.1"):
            if not name:
                continue
            try:
                llvm.load_library_permanently(name)
                ok = True
                break
            except RuntimeError:
                continue
        _TLS_READY.append(ok)
    return _TLS_READY[0]


def as_module(source: Any, allow_unregistered: bool = False) -> Operation:
    """A `builtin.module` from an Operation, MLIR text, or a path to an .mlir file."""
    from llh_opt.ir.verifier import verify
    from llh_opt.parser import parse_source

    if isinstance(source, Operation):
        return source
    if isinstance(source, os.PathLike) or (
        isinstance(source, str) and "\n" not in source and os.path.exists(source)
    ):
        path = os.fspath(source)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        module = parse_source(text, path, allow_unregistered=allow_unregistered)
    elif isinstance(source, str):
        module = parse_source(source, "<string>", allow_unregistered=allow_unregistered)
    else:
        raise TypeError(f"cannot compile a {type(source).__name__}")
    verify(module, allow_unregistered=allow_unregistered)
    return module


def needs_lowering(module: Operation) -> bool:
    """True when the module holds ops of other dialects than the loop-level ones (LLH)."""
    from llh_opt.codegen.llvm.translator import ANNOTATION_OPS

    for op in module.walk():
        if op is module or op.name in ANNOTATION_OPS:
            continue
        if op.dialect not in LOOP_LEVEL_DIALECTS:
            return True
    return False


def lower(module: Operation, plan_memory: bool = True) -> None:
    """Run `lower-to-llvm` (LLH → loop-level IR) in place (`plan_memory=False`: without the
    memory plan, every temporary its own allocation)."""
    from llh_opt.passes import PassManager, lookup_pass

    if lookup_pass("lower-to-llvm") is None:
        raise RuntimeLoadError(
            "the module is not loop-level IR and the 'lower-to-llvm' pipeline is not available"
        )
    opts = "" if plan_memory else "{plan-memory=false}"
    PassManager.parse(f"builtin.module(lower-to-llvm{opts})").run(module)


def compile(  # noqa: A001 - the public name of the runtime API
    source: Any,
    opt_level: int = 2,
    *,
    options: TargetOptions | None = None,
    allow_unregistered: bool = False,
    threads: int | None = None,
    plan_memory: bool = True,
) -> CompiledModule:
    """Compile `source` (a module, MLIR text or a path) in-process; returns its entry points.
    `threads`: threads of parallel loops (0: the online CPUs; default: `options.threads`), the
    environment variable `LLH_NUM_THREADS` overrides it when the pool starts."""
    import llvmlite.binding as llvm

    from llh_opt.codegen.llvm import translate_module
    from llh_opt.codegen.llvm.abi import LAST_ERROR
    from llh_opt.codegen.llvm.target import build_module, data_files, target_machine
    from llh_opt.codegen.llvm.threadpool import POOL_ENTRY

    module = as_module(source, allow_unregistered)
    if needs_lowering(module):
        lower(module, plan_memory)
    opts = dataclasses.replace(options or TargetOptions(), opt_level=opt_level, external_pool=True)
    if threads is not None:
        if threads < 0:
            raise ValueError(f"threads must be >= 0 (0: the online CPUs), got {threads}")
        opts.threads = threads
    if not opts.is_host:
        raise RuntimeLoadError("the JIT runs on the host: do not set a target triple")
    tls = _emulated_tls_available()
    translation = translate_module(module, opts, tls=tls)
    if not translation.signatures:
        raise RuntimeLoadError("the module has no public function to call")
    tm = target_machine(opts, jit=True)
    with data_files(translation) as paths:
        mod = build_module(translation, opts, tm, paths)
        # The default JIT target machine (host) emulates TLS; ours would not.
        lljit = llvm.create_lljit_compiler()
        builder = llvm.JITLibraryBuilder().add_ir(mod).add_current_process()
        if POOL_ENTRY in translation.module.globals:
            builder.import_symbol(POOL_ENTRY, _pool_address())
        builder.export_symbol(LAST_ERROR)
        for sig in translation.signatures:
            builder.export_symbol(f"{sig.name}_status")
        tracker = builder.link(lljit, f"llh_module_{next(_counter)}")
    keepalive = (lljit, tracker)
    last_error_fn = ctypes.CFUNCTYPE(ctypes.c_char_p)(tracker[LAST_ERROR])
    entries = [
        EntryPoint(
            sig,
            tracker[f"{sig.name}_status"],
            last_error_fn,
            keepalive,
            check_static=not translation.shape_checks,
        )
        for sig in translation.signatures
    ]
    return CompiledModule(entries, keepalive)
