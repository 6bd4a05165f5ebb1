"""`PatternRewriter`: the one object patterns mutate IR through (MLIR's `RewriterBase`), with an
insertion point, a `RewriteListener` for whoever drives the rewrites, and a creation hook
(`on_create`, a no-op here). `RewritePattern` is the base of patterns.

What does not live here: the greedy driver (worklist, folding, DCE), and dialect-specific
rewriters (LLH's infer-on-create `LLHPatternRewriter` is in ``dialects/llh/rewriter.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TypeVar

from llh_opt.ir.core import Block, Operation, OpResult, Value

__all__ = [
    "Folder",
    "PatternRewriter",
    "RewriteListener",
    "RewritePattern",
]

OpT = TypeVar("OpT", bound=Operation)

Folder = Callable[[Operation], "Sequence[Value] | None"]
"""Folds an op that was just inserted: the existing values replacing its results, or None."""


class RewriteListener:
    """Notified of every change made through a rewriter (the greedy driver keeps its worklist
    with these). The defaults do nothing."""

    def notify_operation_inserted(self, op: Operation) -> None:
        """`op` was inserted (created, or moved)."""

    def notify_operation_modified(self, op: Operation) -> None:
        """`op` was changed in place (operands, attributes, result types)."""

    def notify_operation_replaced(self, op: Operation, values: Sequence[Value]) -> None:
        """The results of `op` are about to be replaced by `values`."""

    def notify_operation_erased(self, op: Operation) -> None:
        """`op` is about to be erased."""

    def notify_match_failure(self, op: Operation, reason: str) -> None:
        """A pattern rooted at `op` did not apply, for `reason`."""


class PatternRewriter:
    """Creates, replaces, erases and modifies ops at an insertion point, telling `listener`.

    The insertion point is a block and the op to insert before (None: the end of the block).
    `on_create(op)` runs for every op the rewriter inserts; `folder` (if set) lets
    `create_or_fold` replace a new op by existing values."""

    __slots__ = ("_before", "_block", "folder", "listener")

    def __init__(
        self, listener: RewriteListener | None = None, folder: Folder | None = None
    ) -> None:
        self.listener = listener if listener is not None else RewriteListener()
        self.folder = folder
        self._block: Block | None = None
        self._before: Operation | None = None

    # ------------------------------------------------------------------ insertion point

    def set_insertion_point(self, op: Operation) -> None:
        """Insert before `op`."""
        self._block, self._before = op.parent, op

    def set_insertion_point_after(self, op: Operation) -> None:
        """Insert after `op` (successive inserts keep their order)."""
        self._block, self._before = op.parent, op.next

    def set_insertion_point_after_value(self, value: Value) -> None:
        """Insert right after the definition of `value` (a block argument: at the block start)."""
        if isinstance(value, OpResult):
            self.set_insertion_point_after(value.op)
        else:
            self.set_insertion_point_to_start(value.parent_block())  # type: ignore[arg-type]

    def set_insertion_point_to_start(self, block: Block) -> None:
        self._block, self._before = block, block.first

    def set_insertion_point_to_end(self, block: Block) -> None:
        self._block, self._before = block, None

    def clear_insertion_point(self) -> None:
        self._block = self._before = None

    @property
    def insertion_block(self) -> Block | None:
        return self._block

    # ------------------------------------------------------------------ creation

    def insert(self, op: OpT) -> OpT:
        """Insert an unattached `op` at the insertion point (left unattached when there is none),
        notify the listener, then run `on_create`."""
        block = self._block
        if block is not None:
            if self._before is None:
                block.append(op)
            else:
                block.insert_before(self._before, op)
            self.listener.notify_operation_inserted(op)
        self.on_create(op)
        return op

    def create(self, op_class: type[OpT], *args: Any, **kwargs: Any) -> OpT:
        """`op_class.build(*args, **kwargs)`, inserted (see `insert`)."""
        return self.insert(op_class.build(*args, **kwargs))  # type: ignore[attr-defined]

    def create_or_fold(self, op_class: type[Operation], *args: Any, **kwargs: Any) -> list[Value]:
        """Create an op and return its results, or the existing values `folder` folds it to (the
        new op is then erased)."""
        op = self.create(op_class, *args, **kwargs)
        if self.folder is not None:
            folded = self.folder(op)
            if folded is not None:
                values = list(folded)
                if len(values) == len(op.results) and all(v.owner is not op for v in values):
                    self.erase_op(op)
                    return values
        return list(op.results)

    def on_create(self, op: Operation) -> None:
        """Hook run on every op this rewriter inserts (nothing here)."""

    # ------------------------------------------------------------------ replacement and erasure

    def replace_all_uses_with(self, old: Value, new: Value) -> None:
        """Every use of `old` becomes a use of `new` (the users are reported modified)."""
        for use in list(old.uses):
            use.set(new)
            self.listener.notify_operation_modified(use.owner)

    def replace_op(self, op: Operation, new: Operation | Sequence[Value]) -> None:
        """Replace the results of `op` by `new` (an op's results or values), then erase `op`."""
        values = list(new.results) if isinstance(new, Operation) else list(new)
        if len(values) != len(op.results):
            raise ValueError(
                f"replacing {op.name} ({len(op.results)} results) with {len(values)} values"
            )
        self.listener.notify_operation_replaced(op, values)
        for r, v in zip(op.results, values):
            self.replace_all_uses_with(r, v)
        self.erase_op(op)

    def replace_op_with_new_op(
        self, op: Operation, op_class: type[OpT], *args: Any, **kwargs: Any
    ) -> OpT:
        """Create `op_class.build(...)` before `op` and replace `op` by it."""
        self.set_insertion_point(op)
        new = self.create(op_class, *args, **kwargs)
        self.replace_op(op, new)
        return new

    def erase_op(self, op: Operation) -> None:
        """Erase `op`, whose results must be unused."""
        for r in op.results:
            if r.uses:
                raise ValueError(f"erasing {op.name} whose result #{r.index} is still used")
        self.listener.notify_operation_erased(op)
        if op is self._before:
            self._before = op.next
        op.erase()

    def modify_op_in_place(self, op: Operation, change: Callable[[], object]) -> None:
        """Run `change()` (which mutates `op`) and report `op` modified."""
        change()
        self.listener.notify_operation_modified(op)

    def notify_match_failure(self, op: Operation, reason: str) -> bool:
        """Report why a pattern did not apply; returns False for `return rewriter.notify...`."""
        self.listener.notify_match_failure(op, reason)
        return False


class RewritePattern:
    """A rewrite rooted at ops named `ROOT` (None: any op), tried in decreasing `BENEFIT`.
    `match_and_rewrite` returns whether it changed the IR (never True without a change)."""

    ROOT: ClassVar[str | None] = None
    BENEFIT: ClassVar[int] = 1

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        raise NotImplementedError
