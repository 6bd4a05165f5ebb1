"""LLVM side of code generation: target machines, the optimization pipeline, emission.

* `target_machine(options)`: the host (process triple, host CPU and features) unless a triple is
  given; position-independent code so objects link into executables and shared libraries.
* `optimize(module_ref, tm, level)`: LLVM's standard `default<O{level}>` pipeline through
  llvmlite's new pass manager (loop and SLP vectorization on from -O2, as clang does).
* `llvm_text(translation, data=...)`: the final LLVM IR text, attaching external constant data
  either inline (standalone text) or as `module asm` `.incbin` of raw files (``globals.py``).
* `emit(translation, kind, options)`: "llvm" text, "asm" text or "obj" bytes.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from llh_opt.codegen.llvm.errors import LLVMError
from llh_opt.codegen.llvm.options import TargetOptions

if TYPE_CHECKING:
    import llvmlite.binding as llvm

    from llh_opt.codegen.llvm import LLVMTranslation

_INITIALIZED: set[str] = set()


def _initialize(all_targets: bool) -> None:
    import llvmlite.binding as llvm

    if "native" not in _INITIALIZED:
        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()
        llvm.initialize_native_asmparser()
        _INITIALIZED.add("native")
    if all_targets and "all" not in _INITIALIZED:
        llvm.initialize_all_targets()
        llvm.initialize_all_asmprinters()
        _INITIALIZED.add("all")


def resolved_triple(options: TargetOptions) -> str:
    import llvmlite.binding as llvm

    return options.triple or llvm.get_process_triple()


def target_machine(options: TargetOptions, *, jit: bool = False) -> llvm.TargetMachine:
    import llvmlite.binding as llvm

    _initialize(all_targets=not options.is_host)
    triple = resolved_triple(options)
    try:
        target = llvm.Target.from_triple(triple)
    except RuntimeError as e:
        raise LLVMError(f"unknown target triple '{triple}': {e}") from None
    cpu = options.cpu
    features = options.features
    if options.is_host:
        cpu = cpu or llvm.get_host_cpu_name()
        if not features:
            features = llvm.get_host_cpu_features().flatten()
    level = max(0, min(3, options.opt_level))
    return target.create_target_machine(
        cpu=cpu,
        features=features,
        opt=level,
        reloc="pic",
        codemodel="jitdefault" if jit else "default",
        jit=jit,
    )


def optimize(module: llvm.ModuleRef, tm: llvm.TargetMachine, level: int) -> None:
    """Run `default<O{level}>` on `module` in place (-O0 runs LLVM's O0 pipeline)."""
    import llvmlite.binding as llvm

    pto = llvm.create_pipeline_tuning_options(speed_level=max(0, min(3, level)))
    if level >= 2:
        pto.loop_vectorization = True
        pto.slp_vectorization = True
    pb = llvm.create_pass_builder(tm, pto)
    mpm = pb.getModulePassManager()
    mpm.run(module, pb)


def _is_macho(triple: str) -> bool:
    return any(k in triple for k in ("apple", "darwin", "macos", "ios"))


def _is_coff(triple: str) -> bool:
    return "windows" in triple or "win32" in triple or "mingw" in triple


def incbin_asm(symbol: str, path: str, nbytes: int, align: int, triple: str) -> list[str]:
    """Assembly defining `symbol` as the bytes of the file `path` in read-only data."""
    log2 = max(0, align.bit_length() - 1)
    quoted = path.replace("\\", "\\\\").replace('"', '\\"')
    if _is_macho(triple):
        return [
            ".section __TEXT,__const",
            f".p2align {log2}",
            f"_{symbol}:",
            f'.incbin "{quoted}"',
            ".text",
        ]
    if _is_coff(triple):
        return [
            '.section .rdata,"dr"',
            f".p2align {log2}",
            f"{symbol}:",
            f'.incbin "{quoted}"',
            ".text",
        ]
    return [
        f'.section .rodata.{symbol},"a",%progbits',  # `%`: `@` starts a comment on ARM
        f".p2align {log2}",
        f".type {symbol},%object",
        f"{symbol}:",
        f'.incbin "{quoted}"',
        f".size {symbol}, {nbytes}",
        ".text",
    ]


def _module_asm_line(line: str) -> str:
    return 'module asm "' + line.replace("\\", "\\5C").replace('"', "\\22") + '"'


@contextmanager
def data_files(translation: LLVMTranslation) -> Iterator[dict[str, str]]:
    """Raw files of the translation's external data, removed on exit: symbol → path."""
    if not translation.external:
        yield {}
        return
    with tempfile.TemporaryDirectory(prefix="llh-data-") as tmp:
        paths = {}
        for i, ext in enumerate(translation.external):
            path = os.path.join(tmp, f"data{i}.bin")
            ext.raw().tofile(path)
            paths[ext.symbol] = path
        yield paths


def llvm_text(
    translation: LLVMTranslation, *, triple: str, data_paths: dict[str, str] | None = None
) -> str:
    """The module's LLVM IR. External data goes inline (`data_paths` None) or through `.incbin`
    of the given raw files."""
    from llh_opt.codegen.llvm.globals import RawInitializer, llvm_string_literal

    module = translation.module
    module.triple = triple
    saved: list[tuple[Any, Any, str, str]] = []
    asm: list[str] = []
    try:
        for ext in translation.external:
            gv = ext.gv
            saved.append((gv, gv.initializer, gv.linkage, gv.storage_class))
            if data_paths is None:
                gv.initializer = RawInitializer(gv.value_type, llvm_string_literal(ext.raw()))
                gv.linkage = "internal"
                gv.storage_class = ""
            else:
                gv.storage_class = "hidden"
                asm += incbin_asm(ext.symbol, data_paths[ext.symbol], ext.nbytes, ext.align, triple)
        text = str(module)
    finally:
        for gv, init, linkage, storage in saved:
            gv.initializer = init
            gv.linkage = linkage
            gv.storage_class = storage
    if asm:
        text += "\n" + "\n".join(_module_asm_line(a) for a in asm) + "\n"
    return text


def parse(text: str) -> llvm.ModuleRef:
    import llvmlite.binding as llvm

    try:
        mod = llvm.parse_assembly(text)
        mod.verify()
    except RuntimeError as e:
        raise LLVMError(f"LLVM rejected the translated module: {e}") from None
    return mod


def build_module(
    translation: LLVMTranslation,
    options: TargetOptions,
    tm: llvm.TargetMachine,
    data_paths: dict[str, str] | None,
) -> llvm.ModuleRef:
    """Parse, set the data layout and optimize at `options.opt_level`."""
    text = llvm_text(translation, triple=tm.triple, data_paths=data_paths)
    mod = parse(text)
    mod.triple = tm.triple
    mod.data_layout = str(tm.target_data)
    optimize(mod, tm, options.opt_level)
    return mod


def _arch(triple: str) -> str:
    arch = triple.split("-", 1)[0]
    return {"amd64": "x86_64", "x86-64": "x86_64", "arm64": "aarch64"}.get(arch, arch)


def can_assemble(triple: str) -> bool:
    """Whether `module asm` can be assembled for `triple`: llvmlite initializes the assembly
    parser of the host architecture only."""
    import llvmlite.binding as llvm

    return _arch(triple) == _arch(llvm.get_process_triple())


def emit(translation: LLVMTranslation, kind: str, options: TargetOptions) -> str | bytes:
    """`kind` is "llvm" (optimized LLVM IR text), "asm" (assembly) or "obj" (object bytes).
    Objects for another architecture carry their constant data as IR initializers (no assembly
    parser for `.incbin` there): correct, only slower to compile."""
    tm = target_machine(options)
    if kind == "obj" and not can_assemble(tm.triple):
        return tm.emit_object(build_module(translation, options, tm, None))
    if kind == "obj":
        with data_files(translation) as paths:
            mod = build_module(translation, options, tm, paths)
            return tm.emit_object(mod)
    mod = build_module(translation, options, tm, None)
    if kind == "asm":
        return tm.emit_assembly(mod)
    if kind == "llvm":
        return str(mod)
    raise ValueError(f"unknown emission kind {kind!r}")
