"""Rewriting IR: the `PatternRewriter` patterns mutate IR through (with `LLHPatternRewriter`'s
infer-on-create hook), `RewritePattern`, and the per-op shape-inference step they share with
``--infer-symbolic-shape`` (`check_and_infer`, `SymbolicShapeContext`).

The greedy driver and the declarative patterns build on these; the passes live in ``passes/``.
"""

from __future__ import annotations

from llh_opt.rewrite.rewriter import (
    Folder,
    LLHPatternRewriter,
    PatternRewriter,
    RewriteListener,
    RewritePattern,
)
from llh_opt.rewrite.shape_inference import (
    SymbolicShapeContext,
    check_and_infer,
    encoding_names,
    scalar_symbol_name,
    sync_function_results,
)

__all__ = [
    "Folder",
    "LLHPatternRewriter",
    "PatternRewriter",
    "RewriteListener",
    "RewritePattern",
    "SymbolicShapeContext",
    "check_and_infer",
    "encoding_names",
    "scalar_symbol_name",
    "sync_function_results",
]
