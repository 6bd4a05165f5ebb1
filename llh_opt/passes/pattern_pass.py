"""`GreedyPatternPass`: the base of passes that are "a pattern set + a driver config" (the
canonicalizer and the LLH clean-up passes of spec §6.2): subclasses list their patterns and tune
the `GreedyRewriteConfig`; the base runs the greedy driver and reports non-convergence as an error
when the pass requires convergence (spec §5.1.5).

What does not live here: the driver (``rewrite/greedy.py``) and the patterns themselves.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from llh_opt.ir.core import Operation
from llh_opt.passes.pass_manager import PassContext
from llh_opt.passes.registry import Pass
from llh_opt.rewrite.greedy import (
    FrozenPatternSet,
    GreedyResult,
    GreedyRewriteConfig,
    GreedyRewriteDriver,
    non_convergence_error,
)
from llh_opt.rewrite.rewriter import PatternRewriter, RewritePattern

__all__ = ["GreedyPatternPass"]


class GreedyPatternPass(Pass):
    """A pass applying `patterns()` greedily with `config(op, ctx)`.

    Subclasses set `NAME`, `SUMMARY`, `OPTIONS` as any pass, implement `patterns()` and
    optionally override `config()` (defaults: MLIR's — top-down, 10 iterations, folding) and
    `finish()` (runs after the driver with its `GreedyResult`). `REWRITER` is the class of the
    rewriter the patterns run through, made fresh for every run (default: the plain
    `PatternRewriter`; LLH passes set `LLHPatternRewriter`, infer-on-create). With
    `REQUIRES_CONVERGENCE = True` a run that is still changing after the last iteration fails
    with `'<op>' op <NAME> did not converge after N iterations` (as the reference's LLH passes
    do, §5.1.5).

    Example (the next LLH passes are written like this)::

        @register_pass
        class RemoveRedundantOps(GreedyPatternPass):
            NAME = "remove-redundant-ops"
            SUMMARY = "..."
            ANCHOR = "builtin.module"
            REQUIRES_CONVERGENCE = True
            REWRITER = LLHPatternRewriter

            def patterns(self):
                return [ReplaceFlattenOp(), ReplaceTorchSymbolicIntOp(), ...]
    """

    REQUIRES_CONVERGENCE: ClassVar[bool] = False
    REWRITER: ClassVar[type[PatternRewriter]] = PatternRewriter

    STATISTICS = {  # noqa: RUF012 - class constant, as MLIR's Statistic declarations
        "num-erased": "Number of trivially dead operations erased",
        "num-folds": "Number of operations folded",
        "num-rewrites": "Number of pattern rewrites applied",
    }

    __slots__ = ("_frozen",)

    def patterns(self) -> Iterable[RewritePattern]:
        """The patterns to apply (called once per pass instance)."""
        raise NotImplementedError(f"pass '{self.NAME}' does not list its patterns")

    def frozen_patterns(self) -> FrozenPatternSet:
        """`patterns()` indexed by root (cached on the instance)."""
        try:
            return self._frozen  # type: ignore[no-any-return]
        except AttributeError:
            pass
        frozen = self._frozen = FrozenPatternSet(self.patterns())
        return frozen

    def config(self, op: Operation, ctx: PassContext) -> GreedyRewriteConfig:
        """The driver configuration for one run on `op`."""
        return GreedyRewriteConfig()

    def finish(self, op: Operation, result: GreedyResult, ctx: PassContext) -> None:
        """Runs after the driver (nothing by default)."""

    def run(self, op: Operation, ctx: PassContext) -> None:
        config = self.config(op, ctx)
        result = GreedyRewriteDriver(self.frozen_patterns(), config, self.REWRITER()).run(op)
        self.bump("num-rewrites", result.num_rewrites)
        self.bump("num-folds", result.num_folds)
        self.bump("num-erased", result.num_erased)
        self.finish(op, result, ctx)
        if self.REQUIRES_CONVERGENCE and not result.converged:
            raise non_convergence_error(op, self.NAME, result.iterations)
