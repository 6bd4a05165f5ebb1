"""Loop-level MLIR → LLVM IR, assembly and object files (a translation, like `mlir-translate`).

Entry points (llvmlite is imported only when they run, so `import llh_opt` stays light):
* `translate_module(module, options) -> LLVMTranslation` — the llvmlite `ir.Module` plus what
  emission needs (external constant data, entry signatures);
* `emit_module(module, kind, options)` — "llvm" | "asm" | "obj" (bytes) | "header" (C text).
Modules: ``translator.py`` (driver), ``ops_*.py`` (one per dialect), ``descriptor.py``, ``types.py``,
``globals.py`` (constants/weights), ``abi.py`` (C interface, shape errors), ``signature.py`` and
``header.py`` (entry descriptions), ``target.py`` (LLVM passes and emission), ``options.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llh_opt.codegen.llvm.options import EMIT_KINDS, TargetOptions

if TYPE_CHECKING:
    from llh_opt.codegen.llvm.globals import ExternalData
    from llh_opt.codegen.llvm.signature import EntrySignature
    from llh_opt.ir.core import Operation


class LLVMTranslation:
    """The result of translating one module."""

    __slots__ = ("module", "external", "signatures", "shape_checks", "tls")

    def __init__(
        self,
        module: Any,
        external: list[ExternalData],
        signatures: list[EntrySignature],
        shape_checks: list[str],
        tls: bool,
    ) -> None:
        self.module = module
        self.external = external
        self.signatures = signatures
        self.shape_checks = shape_checks
        self.tls = tls


def translate_module(
    module: Operation, options: TargetOptions | None = None, *, tls: bool = True
) -> LLVMTranslation:
    """Translate a loop-level `builtin.module`; errors are `TranslationError` diagnostics."""
    from llh_opt.codegen.llvm.signature import module_signatures
    from llh_opt.codegen.llvm.translator import ModuleTranslator

    mt = ModuleTranslator(module, options, tls=tls)
    ir_module = mt.translate()
    return LLVMTranslation(
        ir_module, mt.globals.external, module_signatures(module), mt.shape_checks, tls
    )


def emit_module(module: Operation, kind: str, options: TargetOptions | None = None) -> str | bytes:
    """`kind`: "llvm" (LLVM IR text), "asm", "obj" (bytes) or "header" (C declarations)."""
    options = options if options is not None else TargetOptions()
    if kind == "header":
        from llh_opt.codegen.llvm.header import c_header
        from llh_opt.codegen.llvm.signature import module_signatures

        # Translating first reports what the object could not be built from.
        translate_module(module, options)
        return c_header(module_signatures(module))
    from llh_opt.codegen.llvm.target import emit

    return emit(translate_module(module, options), kind, options)


__all__ = ["EMIT_KINDS", "LLVMTranslation", "TargetOptions", "emit_module", "translate_module"]
