"""`canonicalize`: MLIR's canonicalizer — every registered op's folder and canonicalization
patterns applied by the greedy driver (spec §5, §6.2) — plus LLH's symbol canonicalization (D3,
D6) when it runs on a root module with symbolic information:

* before every iteration, equal symbols are renamed to their class representative everywhere
  (free = free: later → earlier; free = constant: the constant, and `?` dimensions it names become
  static, function signatures included) and relations that became trivial are erased;
* after the driver, relations and `llh.symbolic_int` declarations nothing refers to are erased.

IR without symbolic information (no declaration, no `__symbol__`) never gets any. Options are
MLIR's (`max-iterations=10 top-down region-simplify=normal ...`); non-convergence fails the pass
only with `test-convergence`.

What does not live here: the driver (``rewrite/greedy.py``), folds and patterns (the op classes,
``dialects/llh/fold.py``, ``dialects/llh/canonicalize.py``), the symbol engine (``symbolic/``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from llh_opt.dialects.llh.rewriter import LLHPatternRewriter
from llh_opt.dialects import load_all
from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.dialects.llh.attrs import SymbolRelationAttr, constant_symbol_value
from llh_opt.ir.attributes import SymbolRefAttr
from llh_opt.ir.core import OP_CLASSES, Operation, Region
from llh_opt.passes.pass_manager import PassContext
from llh_opt.passes.pattern_pass import GreedyPatternPass
from llh_opt.passes.registry import PassOption, PassOptionsError, register_pass
from llh_opt.rewrite.greedy import (
    FrozenPatternSet,
    GreedyResult,
    GreedyRewriteConfig,
    GreedyRewriteDriver,
    canonical_patterns,
    non_convergence_error,
)
from llh_opt.rewrite.rewriter import RewritePattern
from llh_opt.symbolic import SymbolAnalysis, is_symbol_module

__all__ = ["CanonicalizerPass", "SymbolCanonicalizer"]

load_all()  # every dialect registered: the canonical patterns of all their op classes

_REGION_SIMPLIFY = ("disabled", "normal", "aggressive")


class SymbolCanonicalizer:
    """The symbol step of one root module (a `RegionHook`): apply the equalities the analysis
    knows (D3) and drop the relations that became trivial; `finish()` drops what nothing refers
    to (D6)."""

    __slots__ = ("_applied", "_declared", "module", "sa")

    def __init__(self, module: Operation, sa: SymbolAnalysis) -> None:
        self.module = module
        self.sa = sa
        self._applied: dict[str, str] = {}  # renamings already done by this step
        self._declared = False  # referenced symbols declared (first iteration)

    @classmethod
    def of(cls, op: Operation) -> SymbolCanonicalizer | None:
        """The step for `op` when it is a root module with symbolic information, else None."""
        if op.name != "builtin.module" or is_symbol_module(op):
            return None
        sa = SymbolAnalysis.get(op)
        if not sa.symbols() and sa.symbol_module() is None:
            return None
        return cls(op, sa)

    def _size(self) -> tuple[int, int]:
        m = self.sa.symbol_module()
        body = self.module.regions[0].blocks
        n = len(body[0]) if body else 0
        return n, (len(m.regions[0].blocks[0]) if m is not None and m.regions[0].blocks else 0)

    def __call__(self, region: Region) -> bool:
        """`SymbolAnalysis.apply_equalities(refine_static=True)`, reporting a change only when
        the IR changed: every member of a class becomes its representative (free = free: the
        earlier symbol; with a constant: the constant), renamings this step already applied are
        not walked again (the hook runs every iteration)."""
        self.check_constant_relations()
        sa = self.sa
        before = self._size()
        if not self._declared:
            self._declared = True
            sa.declare_referenced()
        mapping: dict[str, str] = {}
        for rep, members in sa.classes.classes().items():
            if len(members) < 2:
                continue
            for m in members:
                if m != rep and self._applied.get(m) != rep:
                    mapping[m] = rep
        changed = 0
        if mapping:
            changed = sa.replace_symbols(mapping, refine_static=True)
            self._applied.update(mapping)
        changed += sa.cleanup_relations()
        return bool(changed) or self._size() != before

    def check_constant_relations(self) -> None:
        """A comparison between constants that is false (`@c2 GT @c3`) is an error at the
        relation (D9), before such relations are erased as saying nothing. (False equalities and
        definitions are already errors of the analysis: `dimension mismatch: 6 vs 8`.)"""
        for op in self.sa.table.relation_ops():
            if op.name == "llh.symbol_relation":
                a, b = _ref(op, "symbol"), _ref(op, "relation")
                kind = _case(op)
                holds = _COMPARE.get(kind)
                if a is None or b is None or holds is None or holds(a, b) is not False:
                    continue
                raise _relation_error(op, f"relation @{a} {kind} @{b} does not hold")

    def finish(self) -> bool:
        before = self._size()
        self.sa.remove_unused()
        return bool(self.sa.remove_empty_symbol_module()) or self._size() != before


@register_pass
class CanonicalizerPass(GreedyPatternPass):
    NAME = "canonicalize"
    SUMMARY = "Canonicalize operations"
    REWRITER = LLHPatternRewriter
    DESCRIPTION = (
        "Folds operations, applies every registered op's canonicalization patterns with the "
        "greedy driver, and canonicalizes LLH symbols (equal symbols merged, constants "
        "substituted, unused relations and declarations removed)."
    )
    DISPLAY_NAME = "Canonicalizer"
    ANCHOR = "any"
    OPTIONS = {
        "cse-between-iterations": PassOption(
            bool,
            False,
            "Run full CSE between each pattern-application iteration. CSE-driven changes "
            "trigger extra iterations, so this may push the iteration count up to "
            "max-iterations and affect convergence under test-convergence.",
        ),
        "disable-patterns": PassOption(
            list[str], [], "Labels of patterns that should be filtered out during application"
        ),
        "enable-patterns": PassOption(
            list[str],
            [],
            "Labels of patterns that should be used during application, all other patterns "
            "are filtered out",
        ),
        "filter-dialects": PassOption(
            list[str],
            [],
            "If non-empty, only collect canonicalization patterns from the dialects with the "
            "given namespaces. The listed dialects are force-loaded into the context as "
            "dependent dialects.",
        ),
        "max-iterations": PassOption(
            int, 10, "Max. iterations between applying patterns / simplifying regions"
        ),
        "max-num-rewrites": PassOption(
            int, -1, "Max. number of pattern rewrites within an iteration"
        ),
        "region-simplify": PassOption(
            str,
            "normal",
            "Perform control flow optimizations to the region tree",
            value_name="value",
        ),
        "test-convergence": PassOption(
            bool, False, "Test only: Fail pass on non-convergence to detect cyclic pattern"
        ),
        "top-down": PassOption(bool, True, "Seed the worklist in general top-down order"),
    }

    __slots__ = ()

    def parse_options(self, text: str) -> None:
        super().parse_options(text)
        value = self.options["region-simplify"]
        if value not in _REGION_SIMPLIFY:
            raise PassOptionsError(
                self.NAME,
                text,
                f"for the --region-simplify option: Cannot find option named '{value}'!\n",
            )

    def patterns(self) -> Iterable[RewritePattern]:
        return canonical_patterns(self.options["filter-dialects"] or None)

    def frozen_patterns(self) -> FrozenPatternSet:
        key = (
            len(OP_CLASSES),
            tuple(self.options["filter-dialects"]),
            tuple(self.options["disable-patterns"]),
            tuple(self.options["enable-patterns"]),
        )
        frozen = _FROZEN.get(key)
        if frozen is None:
            frozen = _FROZEN[key] = FrozenPatternSet(
                self.patterns(), self.options["disable-patterns"], self.options["enable-patterns"]
            )
        return frozen

    def config(self, op: Operation, ctx: PassContext) -> GreedyRewriteConfig:
        o = self.options
        pre: list[Any] = []
        post: list[Any] = []
        symbols = SymbolCanonicalizer.of(op)
        if symbols is not None:
            pre.append(symbols)
        if o["cse-between-iterations"]:
            post.append(_cse_hook)
        return GreedyRewriteConfig(
            max_iterations=o["max-iterations"],
            max_num_rewrites=o["max-num-rewrites"],
            top_down=o["top-down"],
            region_simplify=o["region-simplify"],
            pre_iteration=pre,
            post_iteration=post,
        )

    def run(self, op: Operation, ctx: PassContext) -> None:
        config = self.config(op, ctx)
        result = GreedyRewriteDriver(self.frozen_patterns(), config, self.REWRITER()).run(op)
        self.bump("num-rewrites", result.num_rewrites)
        self.bump("num-folds", result.num_folds)
        self.bump("num-erased", result.num_erased)
        for hook in config.pre_iteration:
            if isinstance(hook, SymbolCanonicalizer):
                hook.finish()
        self.finish(op, result, ctx)
        if self.options["test-convergence"] and not result.converged:
            raise non_convergence_error(op, "canonicalization", result.iterations)

    def finish(self, op: Operation, result: GreedyResult, ctx: PassContext) -> None:
        """Nothing beyond the symbol step (kept for subclasses)."""


_FROZEN: dict[tuple[Any, ...], FrozenPatternSet] = {}


def _ref(op: Operation, key: str) -> str | None:
    a = op.properties.get(key)
    return a.root if isinstance(a, SymbolRefAttr) else None


def _case(op: Operation) -> str:
    kind = op.properties.get("relation_kind")
    return kind.case if isinstance(kind, SymbolRelationAttr) else ""


def _compare(fn: Any) -> Any:
    def holds(a: str, b: str) -> bool | None:
        x, y = constant_symbol_value(a), constant_symbol_value(b)
        return None if x is None or y is None else bool(fn(x, y))

    return holds


_COMPARE = {
    "EQ": _compare(lambda x, y: x == y),
    "GE": _compare(lambda x, y: x >= y),
    "LE": _compare(lambda x, y: x <= y),
    "GT": _compare(lambda x, y: x > y),
    "LT": _compare(lambda x, y: x < y),
    "NOTEQ": _compare(lambda x, y: x != y),
}


def _relation_error(op: Operation, message: str) -> DiagnosticError:
    loc = op.location.file_loc() if op.location is not None else None
    err = DiagnosticError(Diagnostic(Severity.ERROR, f"'{op.name}' op {message}", loc))
    err.op = op  # type: ignore[attr-defined]
    return err


def _cse_hook(region: Region) -> bool:
    from llh_opt.passes.cse import eliminate_common_subexpressions

    op = region.parent
    if op is None:
        return False
    num_cse, num_dce = eliminate_common_subexpressions(op)
    return bool(num_cse or num_dce)
