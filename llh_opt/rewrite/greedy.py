"""The greedy pattern rewrite driver (MLIR's `applyPatternsGreedily`, spec §5.1): a worklist seeded
in program order (top-down) or reverse (bottom-up) with constants de-duplicated and hoisted per
isolated region, erasure of trivially dead ops, folding (with constant materialization) before
patterns, patterns tried in decreasing benefit, region simplification, and an iteration bound.

What does not live here: the patterns (op classes' `get_canonical_patterns`, ``drr.py`` rules,
pass modules), the fold rules (op classes' `fold`), constant materialization (``folding.py``,
through the dialects' hooks), the region utilities (``region_utils.py``), per-class trait flags
(``op_facts.py``) and the passes (``passes/canonicalize.py``, ``passes/pattern_pass.py``).

Behaviour matched against torch-mlir-opt's `-canonicalize` (LLVM 24): the worklist is a LIFO stack
with O(1) membership; the seeding walk replaces a constant by an earlier equal one (same dialect,
value and result type, within the nearest isolated region; the survivor's location becomes
unknown) and moves it to the front of that region's entry block unless it already sits in the
leading run of constants gathered this iteration; folds materialize constants in place (the next
iteration hoists them); an erased op queues the defining ops of operands left with at most one
other user; an iteration that changes nothing ends the run (converged). Seeding and hoisting do not
count as changes.

Hot path (`--canonicalize` on the 100k-op graphs of tools/bench): per-class facts are cached, the
worklist is a list plus an index dict, folding only looks at ops whose class has a `fold`, and
patterns are looked up by op name once per name.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.ir.attributes import Attribute, UnknownLoc
from llh_opt.ir.core import OP_CLASSES, Block, Operation, OpResult, Region, Value
from llh_opt.ir.types import RankedTensorType, Type, UnrankedTensorType
from llh_opt.rewrite.folding import constant_value, materialize_constant
from llh_opt.rewrite.op_facts import (
    F_COMM,
    F_CONST,
    F_DEAD,
    CLASS_FLAGS,
    F_FOLD,
    F_ISOLATED,
    class_flags,
    op_flags,
)
from llh_opt.rewrite.region_utils import simplify_regions
from llh_opt.rewrite.rewriter import PatternRewriter, RewriteListener, RewritePattern

__all__ = [
    "FrozenPatternSet",
    "GreedyResult",
    "GreedyRewriteConfig",
    "GreedyRewriteDriver",
    "PatternCheckError",
    "apply_patterns_greedily",
    "canonical_patterns",
    "non_convergence_error",
    "pattern_name",
]

_UNKNOWN = UnknownLoc()
# --------------------------------------------------------------------------- patterns


def pattern_name(p: RewritePattern) -> str:
    """A pattern's debug name (what `disable-patterns` / `enable-patterns` match): its `NAME`
    attribute when set (DRR rules), else its class name."""
    name = getattr(p, "NAME", None)
    return name if isinstance(name, str) and name else type(p).__name__


def _labels(p: RewritePattern) -> tuple[str, ...]:
    return (pattern_name(p), *getattr(p, "LABELS", ()))


class FrozenPatternSet:
    """Patterns indexed by root op name. For an op, its own patterns and the any-op patterns
    (`ROOT = None`) are merged in decreasing `BENEFIT`; at equal benefit, op-specific ones come
    first, then registration order (MLIR's `PatternApplicator`). `disabled` / `enabled` filter by
    debug name or label (MLIR's `disable-patterns` / `enable-patterns`)."""

    __slots__ = ("_any", "_by_name", "_cache", "patterns")

    def __init__(
        self,
        patterns: Iterable[RewritePattern] = (),
        disabled: Iterable[str] = (),
        enabled: Iterable[str] = (),
    ) -> None:
        off, on = set(disabled), set(enabled)
        kept = []
        for p in patterns:
            labels = _labels(p)
            if off and any(label in off for label in labels):
                continue
            if on and not any(label in on for label in labels):
                continue
            kept.append(p)
        self.patterns: tuple[RewritePattern, ...] = tuple(kept)
        by_name: dict[str, list[RewritePattern]] = {}
        anyop: list[RewritePattern] = []
        for p in kept:
            root = p.ROOT
            if root is None:
                anyop.append(p)
            else:
                by_name.setdefault(root, []).append(p)
        key = _benefit_key
        self._by_name = {n: sorted(ps, key=key) for n, ps in by_name.items()}
        self._any = sorted(anyop, key=key)
        self._cache: dict[str, tuple[RewritePattern, ...]] = {}

    def for_op(self, name: str) -> tuple[RewritePattern, ...]:
        """The patterns to try on an op named `name`, in order."""
        r = self._cache.get(name)
        if r is None:
            own = self._by_name.get(name, [])
            anyop = self._any
            if not anyop:
                r = tuple(own)
            else:
                merged: list[RewritePattern] = []
                i = j = 0
                while i < len(own) or j < len(anyop):
                    if j >= len(anyop) or (i < len(own) and own[i].BENEFIT >= anyop[j].BENEFIT):
                        merged.append(own[i])
                        i += 1
                    else:
                        merged.append(anyop[j])
                        j += 1
                r = tuple(merged)
            self._cache[name] = r
        return r

    def __len__(self) -> int:
        return len(self.patterns)

    def __iter__(self) -> Iterator[RewritePattern]:
        return iter(self.patterns)


def _benefit_key(p: RewritePattern) -> int:
    return -p.BENEFIT


_CANONICAL: dict[tuple[Any, ...], tuple[RewritePattern, ...]] = {}


def canonical_patterns(dialects: Iterable[str] | None = None) -> tuple[RewritePattern, ...]:
    """Every registered op class's canonicalization patterns (`get_canonical_patterns()`), in
    registry order; only those of `dialects` when given (MLIR's `filter-dialects`). The caller
    loads the dialects it wants (``import llh_opt.dialects`` registers all of them)."""
    wanted = tuple(sorted(set(dialects))) if dialects else None
    key = (wanted, len(OP_CLASSES))  # ops registered later (tests) invalidate the cache
    r = _CANONICAL.get(key)
    if r is None:
        out: list[RewritePattern] = []
        for name, cls in list(OP_CLASSES.items()):
            if wanted is not None and name.partition(".")[0] not in wanted:
                continue
            get = getattr(cls, "get_canonical_patterns", None)
            if get is not None:
                out.extend(get())
        r = _CANONICAL[key] = tuple(out)
    return r


# --------------------------------------------------------------------------- config and result


def _check_default() -> bool:
    env = os.environ
    return env.get("LLH_OPT_CHECK_REWRITES", env.get("LLH_OPT_TEST", "")) == "1"


RegionHook = Callable[[Region], bool]
"""Runs on the driver's region once per iteration; returns whether it changed the IR."""


class GreedyRewriteConfig:
    """How the driver runs (MLIR's `GreedyRewriteConfig`, plus hooks):

    - `max_iterations` (10; -1 = no limit) and `max_num_rewrites` per iteration (-1 = no limit);
    - `top_down` (True): seed in program order, else bottom-up (post-order, processed last first);
    - `fold` (True) and `cse_constants` (True: de-duplicate and hoist constants while seeding);
    - `region_simplify`: "disabled", "normal" (erase unreachable blocks, region DCE) or
      "aggressive" (the same here: no block merging);
    - `strict`: "any" (default), "existing-and-new" or "existing" — which ops patterns may touch;
    - `listener`: a `RewriteListener` told of every change (as the driver's own);
    - `pre_iteration` / `post_iteration`: `RegionHook`s run before seeding / after the worklist
      (e.g. symbol canonicalization, CSE between iterations); their changes count as changes;
    - `check_rewrites`: verify that every pattern reporting success changed the IR (raises
      `PatternCheckError`; default on under `LLH_OPT_TEST=1` / `LLH_OPT_CHECK_REWRITES=1`)."""

    __slots__ = (
        "check_rewrites",
        "cse_constants",
        "fold",
        "listener",
        "max_iterations",
        "max_num_rewrites",
        "post_iteration",
        "pre_iteration",
        "region_simplify",
        "strict",
        "top_down",
    )

    def __init__(
        self,
        *,
        max_iterations: int = 10,
        max_num_rewrites: int = -1,
        top_down: bool = True,
        fold: bool = True,
        cse_constants: bool = True,
        region_simplify: str = "normal",
        strict: str = "any",
        listener: RewriteListener | None = None,
        pre_iteration: Sequence[RegionHook] = (),
        post_iteration: Sequence[RegionHook] = (),
        check_rewrites: bool | None = None,
    ) -> None:
        if region_simplify not in ("disabled", "normal", "aggressive"):
            raise ValueError("region_simplify must be disabled, normal or aggressive")
        if strict not in ("any", "existing-and-new", "existing"):
            raise ValueError("strict must be any, existing-and-new or existing")
        self.max_iterations = max_iterations
        self.max_num_rewrites = max_num_rewrites
        self.top_down = top_down
        self.fold = fold
        self.cse_constants = cse_constants
        self.region_simplify = region_simplify
        self.strict = strict
        self.listener = listener
        self.pre_iteration = tuple(pre_iteration)
        self.post_iteration = tuple(post_iteration)
        self.check_rewrites = _check_default() if check_rewrites is None else check_rewrites


class GreedyResult:
    """What a run did: `converged` (the last iteration changed nothing), `changed` (anything at
    all), `iterations` run, and counts of pattern rewrites, folds and dead ops erased."""

    __slots__ = ("changed", "converged", "iterations", "num_erased", "num_folds", "num_rewrites")

    def __init__(self) -> None:
        self.converged = True
        self.changed = False
        self.iterations = 0
        self.num_rewrites = 0
        self.num_folds = 0
        self.num_erased = 0

    def merge(self, other: GreedyResult) -> None:
        self.converged = self.converged and other.converged
        self.changed = self.changed or other.changed
        self.iterations = max(self.iterations, other.iterations)
        self.num_rewrites += other.num_rewrites
        self.num_folds += other.num_folds
        self.num_erased += other.num_erased

    def __repr__(self) -> str:
        return (
            f"<GreedyResult converged={self.converged} changed={self.changed} "
            f"iterations={self.iterations} rewrites={self.num_rewrites} folds={self.num_folds} "
            f"erased={self.num_erased}>"
        )


class PatternCheckError(AssertionError):
    """A pattern reported success without changing the IR (D9), found by `check_rewrites`."""


def non_convergence_error(op: Operation, what: str, iterations: int) -> DiagnosticError:
    """The diagnostic of a pass that requires convergence: `'<op>' op <what> did not converge
    after N iterations` at `op`."""
    loc = op.location.file_loc() if op.location is not None else None
    err = DiagnosticError(
        Diagnostic(
            Severity.ERROR,
            f"'{op.name}' op {what} did not converge after {iterations} iterations",
            loc,
        )
    )
    err.op = op  # type: ignore[attr-defined]
    return err


# --------------------------------------------------------------------------- the driver


class GreedyRewriteDriver(RewriteListener):
    """Applies a `FrozenPatternSet` to the regions of an op until nothing changes (see the module
    docstring). One driver may run several times; `run` returns a `GreedyResult`.

    Patterns mutate IR through `rewriter` (default: a plain `PatternRewriter`; a dialect's own
    rewriter, e.g. LLH's infer-on-create one, is passed by its passes); the driver becomes its
    listener and, unless it has one, its folder."""

    __slots__ = (
        "_allowed",
        "_const_keys",
        "_constants",
        "_events",
        "_list",
        "_live",
        "_owned",
        "_root",
        "_scope",
        "config",
        "patterns",
        "result",
        "rewriter",
    )

    def __init__(
        self,
        patterns: FrozenPatternSet | Iterable[RewritePattern],
        config: GreedyRewriteConfig | None = None,
        rewriter: PatternRewriter | None = None,
    ) -> None:
        if not isinstance(patterns, FrozenPatternSet):
            patterns = FrozenPatternSet(patterns)
        self.patterns = patterns
        self.config = config if config is not None else GreedyRewriteConfig()
        if rewriter is None:
            rewriter = PatternRewriter(self, self._fold_new_op)
        else:
            rewriter.listener = self
            if rewriter.folder is None:
                rewriter.folder = self._fold_new_op
        self.rewriter = rewriter
        # The worklist: a LIFO list plus the set of ops it holds. A removed op stays in the list
        # as a stale entry, skipped when popped (a live entry of the same op is always above it).
        self._list: list[Operation] = []
        self._live: set[Operation] = set()
        self._scope: Region | None = None
        self._root: Operation | None = None
        self._constants: dict[Region, dict[tuple[Any, ...], Operation]] = {}
        self._const_keys: dict[Operation, tuple[dict[tuple[Any, ...], Operation], Any]] = {}
        self._owned: set[Operation] = set()
        self._allowed: set[Operation] | None = None
        self._events = 0
        self.result = GreedyResult()

    # ------------------------------------------------------------------ entry points

    def run(self, op: Operation) -> GreedyResult:
        """Simplify every region of `op` (each region separately, as MLIR does)."""
        total = GreedyResult()
        for region in op.regions:
            total.merge(self.run_region(region))
        return total

    def run_region(self, region: Region) -> GreedyResult:
        """Simplify `region` (the scope: ops outside it are never queued)."""
        cfg = self.config
        self._scope = region
        self._root = region.parent
        self.result = result = GreedyResult()
        if cfg.strict != "any":
            self._allowed = set()
            for block in region.blocks:
                for op in block.ops:
                    self._allowed.update(op.walk())
        else:
            self._allowed = None
        max_it = cfg.max_iterations
        changed = False
        while True:
            if max_it >= 0 and result.iterations >= max_it:
                break
            result.iterations += 1
            changed = False
            for hook in cfg.pre_iteration:
                changed = bool(hook(region)) or changed
            self._reset()
            self._seed(region, cfg.top_down, cfg.cse_constants)
            if cfg.top_down:
                self._list.reverse()
            changed = self._process_worklist() or changed
            if cfg.region_simplify != "disabled":
                changed = simplify_regions([region], self) or changed
            for hook in cfg.post_iteration:
                changed = bool(hook(region)) or changed
            if changed:
                result.changed = True
            else:
                break
        self._reset()
        result.converged = not changed
        return result

    def _reset(self) -> None:
        self._list = []
        self._live = set()
        self._constants = {}
        self._const_keys = {}
        self._owned = set()

    # ------------------------------------------------------------------ the worklist

    def _push(self, op: Operation) -> None:
        live = self._live
        if op in live:
            return
        allowed = self._allowed
        if allowed is not None and op not in allowed:
            return
        live.add(op)
        self._list.append(op)

    def _remove(self, op: Operation) -> None:
        self._live.discard(op)

    def add_to_worklist(self, op: Operation) -> None:
        """Queue `op` and its ancestors up to the scope (MLIR's `addToWorklist`); ops outside
        the scope are ignored."""
        scope = self._scope
        block = op.parent
        if block is None:
            return
        region = block.parent
        if region is scope:
            self._push(op)
            return
        ancestors = [op]
        while region is not None:
            parent = region.parent
            if parent is None:
                return
            ancestors.append(parent)
            block = parent.parent
            if block is None:
                return
            region = block.parent
            if region is scope:
                for a in ancestors:
                    self._push(a)
                return

    def _add_operands_to_worklist(self, op: Operation) -> None:
        """Queue the defining ops of `op`'s operands that have at most one user besides `op`
        (they may now be dead or simplifiable)."""
        for u in op.operand_uses:
            v = u.value
            if v.__class__ is not OpResult:
                continue
            other: Operation | None = None
            more = False
            for use in v.uses:
                owner = use.owner
                if owner is op or owner is other:
                    continue
                if other is None:
                    other = owner
                    continue
                more = True
                break
            if not more:
                self.add_to_worklist(v.op)  # type: ignore[attr-defined]

    # ------------------------------------------------------------------ seeding and constants

    def _seed(self, region: Region, top_down: bool, cse: bool) -> None:
        """Queue every op nested in `region` (pre-order when `top_down`, else post-order),
        de-duplicating and hoisting constants on the way."""
        push = self._push if self._allowed is not None else None
        live, lst = self._live, self._list
        for block in region.blocks:
            op = block.first
            while op is not None:
                nxt = op.next
                flags = CLASS_FLAGS.get(op.__class__)
                if flags is None:
                    flags = class_flags(op.__class__)
                if not top_down and op.regions:
                    for r in op.regions:
                        self._seed(r, top_down, cse)
                if cse and flags & F_CONST:
                    value = _own_constant(op)
                    if value is not None and not self._insert_known_constant(op, value):
                        op = nxt
                        continue
                if push is not None:
                    push(op)
                elif op not in live:
                    live.add(op)
                    lst.append(op)
                if top_down and op.regions:
                    for r in op.regions:
                        self._seed(r, top_down, cse)
                op = nxt

    def _insert_known_constant(self, op: Operation, value: Attribute) -> bool:
        """MLIR's `OperationFolder::insertKnownConstant`: False when `op` was replaced by an
        earlier equal constant (and erased), True when it is kept (hoisted if needed)."""
        block = op.parent
        assert block is not None
        owned = self._owned
        if op in owned:
            if block.first is not op and op.prev not in owned:
                op.move_before(block.first)  # type: ignore[arg-type]
            return True
        region = _insertion_region(block)
        table = self._constants.get(region)
        if table is None:
            table = self._constants[region] = {}
        key = (op.name.partition(".")[0], value, op.results[0].type)
        existing = table.get(key)
        if existing is not None:
            self.rewriter.replace_op(op, existing.results)
            existing.location = _UNKNOWN
            return False
        insert_block = region.blocks[0]
        if block is not insert_block or (insert_block.first is not op and op.prev not in owned):
            op.move_before(insert_block.first)  # type: ignore[arg-type]
        table[key] = op
        self._const_keys[op] = (table, key)
        owned.add(op)
        return True

    # ------------------------------------------------------------------ processing

    def _process_worklist(self) -> bool:
        changed = False
        lst = self._list
        live = self._live
        cfg = self.config
        fold = cfg.fold
        max_rewrites = cfg.max_num_rewrites
        rewrites = 0
        patterns_for = self.patterns.for_op
        result = self.result
        rewriter = self.rewriter
        while lst:
            if 0 <= max_rewrites <= rewrites:
                break
            op = lst.pop()
            if op not in live:
                continue  # removed (erased) while queued
            live.discard(op)
            if op.parent is None:  # erased behind the driver's back
                continue
            flags = CLASS_FLAGS.get(op.__class__)
            if flags is None:
                flags = class_flags(op.__class__)
            if flags & F_DEAD:
                for r in op.results:
                    if r.uses:
                        break
                else:
                    rewriter.erase_op(op)
                    result.num_erased += 1
                    changed = True
                    continue
            if fold and flags & F_FOLD and not flags & F_CONST:
                if self._try_fold(op, flags):
                    changed = True
                    continue
            elif fold and flags & F_COMM and self._fold_commutative(op):
                self.notify_operation_modified(op)
                changed = True
                continue
            pats = patterns_for(op.name)
            if pats and self._apply_patterns(op, pats):
                rewrites += 1
                result.num_rewrites += 1
                changed = True
        return changed

    def _try_fold(self, op: Operation, flags: int) -> bool:
        operands = [constant_value(u.value) for u in op.operand_uses]
        folded = op.fold(operands)  # type: ignore[attr-defined]
        results = op.results
        in_place = False
        if folded is None:
            values = None
        elif isinstance(folded, (list, tuple)):
            values = list(folded)
            in_place = not values
        else:
            values = [folded]
            in_place = len(results) == 1 and folded is results[0]
        if values is None or in_place:
            if flags & F_COMM and self._fold_commutative(op, operands):
                in_place = True
            if in_place:
                self.notify_operation_modified(op)
                self.result.num_folds += 1
                return True
            return False
        if len(values) != len(results):
            return False
        rewriter = self.rewriter
        rewriter.set_insertion_point(op)
        replacements: list[Value] = []
        created: list[Operation] = []
        for v, r in zip(values, results):
            if isinstance(v, Value):
                if v.type is not r.type:
                    return self._undo(created)
                replacements.append(v)
                continue
            c = materialize_constant(op, v, r.type, rewriter)
            if c is not None and c.results[0].type is not r.type:
                _adopt_encoding_free_type(c.results[0], r.type)
            if c is None or c.results[0].type is not r.type:
                if c is not None:
                    created.append(c)
                return self._undo(created)
            created.append(c)
            replacements.append(c.results[0])
        rewriter.replace_op(op, replacements)
        self.result.num_folds += 1
        return True

    def _undo(self, created: list[Operation]) -> bool:
        for c in created:
            if c.parent is not None and not any(r.uses for r in c.results):
                self.rewriter.erase_op(c)
        return False

    def _fold_commutative(
        self, op: Operation, operands: Sequence[Attribute | None] | None = None
    ) -> bool:
        """MLIR's `foldCommutative`: move constant operands after the others (stable)."""
        uses = op.operand_uses
        if len(uses) < 2:
            return False
        if operands is None:
            operands = [constant_value(u.value) for u in uses]
        first = next((i for i, c in enumerate(operands) if c is not None), None)
        if first is None:
            return False
        rest = list(range(first, len(uses)))
        order = [i for i in rest if operands[i] is None] + [
            i for i in rest if operands[i] is not None
        ]
        if order == rest:
            return False
        values = [uses[i].value for i in order]
        for pos, v in zip(rest, values):
            uses[pos].set(v)
        return True

    def _apply_patterns(self, op: Operation, patterns: Sequence[RewritePattern]) -> bool:
        rewriter = self.rewriter
        check = self.config.check_rewrites
        for p in patterns:
            rewriter.set_insertion_point(op)
            before = self._events
            snapshot = self._fingerprint() if check else None
            if p.match_and_rewrite(op, rewriter):
                if check and (self._events == before or self._fingerprint() == snapshot):
                    raise PatternCheckError(
                        f"pattern {pattern_name(p)} reported success on '{op.name}' without "
                        "changing the IR"
                    )
                return True
        return False

    def _fingerprint(self) -> str:
        from llh_opt.printer import print_operation

        root = self._root
        while root is not None and root.parent_op is not None:
            root = root.parent_op
        return print_operation(root, generic=True) if root is not None else ""

    def _fold_new_op(self, op: Operation) -> Sequence[Value] | None:
        """`create_or_fold`'s folder: the values a just-created op folds to (attributes are
        materialized before it), or None."""
        flags = op_flags(op)
        if not flags & F_FOLD or flags & F_CONST:
            return None
        folded = op.fold([constant_value(u.value) for u in op.operand_uses])  # type: ignore[attr-defined]
        if folded is None:
            return None
        values = list(folded) if isinstance(folded, (list, tuple)) else [folded]
        if (
            not values
            or len(values) != len(op.results)
            or any(v is r for v, r in zip(values, op.results))
        ):
            return None
        out: list[Value] = []
        created: list[Operation] = []
        rewriter = self.rewriter
        for v, r in zip(values, op.results):
            if isinstance(v, Value):
                if v.type is not r.type:
                    self._undo(created)
                    return None
                out.append(v)
                continue
            c = materialize_constant(op, v, r.type, rewriter)
            if c is None:
                self._undo(created)
                return None
            created.append(c)
            out.append(c.results[0])
        return out

    # ------------------------------------------------------------------ RewriteListener

    def notify_operation_inserted(self, op: Operation) -> None:
        self._events += 1
        if self._allowed is not None and self.config.strict == "existing-and-new":
            self._allowed.add(op)
        self.add_to_worklist(op)
        listener = self.config.listener
        if listener is not None:
            listener.notify_operation_inserted(op)

    def notify_operation_modified(self, op: Operation) -> None:
        self._events += 1
        self.add_to_worklist(op)
        listener = self.config.listener
        if listener is not None:
            listener.notify_operation_modified(op)

    def notify_operation_replaced(self, op: Operation, values: Sequence[Value]) -> None:
        self._events += 1
        listener = self.config.listener
        if listener is not None:
            listener.notify_operation_replaced(op, values)

    def notify_operation_erased(self, op: Operation) -> None:
        self._events += 1
        listener = self.config.listener
        if listener is not None:
            listener.notify_operation_erased(op)
        self._add_operands_to_worklist(op)
        self._forget(op)
        if op.regions:
            for nested in op.walk():
                if nested is not op:
                    self._forget(nested)

    def _forget(self, op: Operation) -> None:
        self._remove(op)
        entry = self._const_keys.pop(op, None)
        if entry is not None:
            table, key = entry
            if table.get(key) is op:
                del table[key]
            self._owned.discard(op)

    def notify_match_failure(self, op: Operation, reason: str) -> None:
        listener = self.config.listener
        if listener is not None:
            listener.notify_match_failure(op, reason)


def _own_constant(op: Operation) -> Attribute | None:
    """The value of a ConstantLike op (MLIR's `m_Constant` on the op itself)."""
    if len(op.results) != 1:
        return None
    return constant_value(op.results[0])


def _insertion_region(block: Block) -> Region:
    """Where constants of `block` are hoisted to: the region of the nearest isolated ancestor."""
    region = block.parent
    assert region is not None
    while True:
        parent = region.parent
        if parent is None or op_flags(parent) & F_ISOLATED:
            return region
        pb = parent.parent
        if pb is None or pb.parent is None:
            return region
        region = pb.parent


def apply_patterns_greedily(
    op: Operation | Region,
    patterns: FrozenPatternSet | Iterable[RewritePattern],
    config: GreedyRewriteConfig | None = None,
    rewriter: PatternRewriter | None = None,
) -> GreedyResult:
    """Run a `GreedyRewriteDriver` on the regions of `op` (or on one region), with `rewriter`
    (default: a plain `PatternRewriter`)."""
    driver = GreedyRewriteDriver(patterns, config, rewriter)
    if isinstance(op, Region):
        return driver.run_region(op)
    return driver.run(op)


def _adopt_encoding_free_type(v: Value, want: Type) -> None:
    """A materialized constant whose type differs from the folded result's only by what a creation
    hook inferred (a tensor encoding the folded op's result never had, or the reverse; a ranked
    shape where the folded result was unranked) takes the folded result's type, so the fold is
    not refused over an annotation."""
    t = v.type
    if not isinstance(t, RankedTensorType) or t.element_type is not getattr(
        want, "element_type", None
    ):
        return
    if isinstance(want, UnrankedTensorType) or (
        isinstance(want, RankedTensorType)
        and t.shape == want.shape
        and (t.encoding is None or want.encoding is None)
    ):
        v.type = want
