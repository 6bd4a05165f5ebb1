"""`LLHPatternRewriter`: the rewriter of LLH patterns and passes -- a `PatternRewriter` whose
creation hook is infer-on-create (seed 000 `processWileBuildOperation`, spec §4.4): every op it
creates runs its symbolic shape rule at once, so patterns never compute encodings by hand.

What does not live here: the generic rewriter and the greedy driver (``rewrite/``; the driver
defaults to a plain `PatternRewriter`, LLH passes hand it this one) and the shape-inference step
itself (``shape_inference.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from llh_opt.ir.core import Operation, Value
from llh_opt.rewrite.rewriter import Folder, PatternRewriter, RewriteListener

if TYPE_CHECKING:
    from llh_opt.dialects.llh.shape_inference import SymbolicShapeContext
    from llh_opt.symbolic import SymbolAnalysis

__all__ = ["LLHPatternRewriter"]


class LLHPatternRewriter(PatternRewriter):
    """The rewriter of LLH patterns and passes: every op it creates runs its symbolic shape rule
    (infer-on-create), and a replaced value that a `func.return` uses updates the function's
    result types (the return fix-up), so patterns never compute encodings by hand.

    Nothing happens for ops outside a module, in a module without symbolic information (no
    `llh.symbolic_int`, no `__symbol__`: D6, canonicalization never adds any), or whose operands
    carry no encoding (the rules' NO_ENC guard), so the rewriter is safe on IR that was never
    inferred."""

    __slots__ = ("_contexts", "infer")

    def __init__(
        self,
        listener: RewriteListener | None = None,
        folder: Folder | None = None,
        infer: bool = True,
    ) -> None:
        super().__init__(listener, folder)
        self.infer = infer
        # Per analysis: its context, or None when the module has no symbolic information.
        self._contexts: dict[SymbolAnalysis, SymbolicShapeContext | None] = {}

    def on_create(self, op: Operation) -> None:
        if not self.infer or op.parent is None:
            return
        # Imported here: the symbolic machinery pulls in sympy, which IR without LLH symbols
        # (arith-only canonicalize, inline) never needs.
        from llh_opt.dialects.llh.shape_inference import SymbolicShapeContext, check_and_infer
        from llh_opt.symbolic import SymbolAnalysis, root_module

        try:
            sa = SymbolAnalysis.get(root_module(op))
        except ValueError:
            return
        if sa in self._contexts:
            ctx = self._contexts[sa]
        else:
            symbolic = bool(sa.symbols()) or sa.symbol_module() is not None
            ctx = self._contexts[sa] = SymbolicShapeContext(sa) if symbolic else None
        if ctx is not None and check_and_infer(op, ctx):
            self.listener.notify_operation_modified(op)

    def replace_op(self, op: Operation, new: Operation | Sequence[Value]) -> None:
        returns = {u.owner for r in op.results for u in r.uses if u.owner.name == "func.return"}
        super().replace_op(op, new)
        if not returns:
            return
        from llh_opt.dialects.llh.shape_inference import sync_function_results

        for ret in returns:
            func = ret.parent_op
            if func is not None and sync_function_results(func):
                self.listener.notify_operation_modified(func)
