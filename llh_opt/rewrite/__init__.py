"""Rewriting IR, dialect-independent: the `PatternRewriter` patterns mutate IR through,
`RewritePattern`, the greedy driver (``greedy.py``), declarative rules (``drr.py``), folding
support (``folding.py``) and region utilities (``region_utils.py``).

Dialect-specific rewriting lives with the dialect (LLH's infer-on-create `LLHPatternRewriter` and
shape inference: ``dialects/llh/rewriter.py``, ``dialects/llh/shape_inference.py``); the passes
live in ``passes/``.
"""

from __future__ import annotations

from llh_opt.rewrite.rewriter import (
    Folder,
    PatternRewriter,
    RewriteListener,
    RewritePattern,
)

__all__ = [
    "Folder",
    "PatternRewriter",
    "RewriteListener",
    "RewritePattern",
]
