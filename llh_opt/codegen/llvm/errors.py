"""Translation failures as diagnostics at the offending op (`file:line:col: error: ...`).

Raised by every op translator; the CLI and the runtime render/raise them like verifier errors.
"""

from __future__ import annotations

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.ir.core import Operation


class TranslationError(DiagnosticError):
    """`loc: error: 'name' op <message>` at the op that cannot be translated to LLVM IR."""

    def __init__(self, op: Operation, message: str) -> None:
        loc = op.location.file_loc() if op.location is not None else None
        super().__init__(Diagnostic(Severity.ERROR, f"'{op.name}' op {message}", loc))
        self.op = op


class LLVMError(Exception):
    """LLVM rejected what the translator produced (an internal error) or the target is unknown."""
