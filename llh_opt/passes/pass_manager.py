"""The pass manager: MLIR's textual pipeline grammar, op-anchored nesting, and running passes with
instrumentation (verify-each, IR printing before/after, `--mlir-timing`).

Individual passes and the option syntax live in ``registry.py`` and the pass modules; the timers
in ``timing.py``. Semantics follow ``mlir/lib/Pass/{Pass,PassRegistry,IRPrinting}.cpp``: adjacent
nested pipelines are merged into one adaptor, an adaptor runs its pipelines on the *immediate*
children of the op, and failures of sibling ops are all reported (as threaded mlir-opt does).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.ir.core import Operation, lookup_op
from llh_opt.ir.opdef import IsolatedFromAbove, load_all_dialects
from llh_opt.passes.registry import Pass, PassOptionsError, create_pass, lookup_pass
from llh_opt.passes.timing import Timer, TimingManager

__all__ = ["OpPassManager", "PassContext", "PassManager"]

_WRAP_ERROR = (
    "expected pass pipeline to be wrapped with the anchor operation type, e.g. "
    "'builtin.module(...)'"
)


def _progress_begin(stream: TextIO, p: Pass, op: Operation) -> float:
    """`--progress`: the line announcing a pass run on `op`; returns the start time."""
    import time

    from llh_opt.passes.instrumentation import symbol_name

    name = symbol_name(op)
    where = f"'{op.name}'" + (f" @{name}" if name else "")
    stream.write(f"llh-opt: progress: {p.NAME} on {where}...\n")
    stream.flush()
    return time.perf_counter()


def _progress_end(stream: TextIO, p: Pass, started: float) -> None:
    import time

    stream.write(f"llh-opt: progress: {p.NAME} done in {time.perf_counter() - started:.2f} s\n")
    stream.flush()


class PassContext:
    """What a running pass may use besides its op: whether unregistered ops are allowed, and
    where to report non-fatal diagnostics (`emit`; a `DiagnosticEngine` or anything with
    `.emit(diag)`, else they are collected in `emitted`).

    `allow_unregistered=None` (the default) means "not said": verification after passes then
    accepts ops of unknown dialects (the input was already checked when it was parsed)."""

    __slots__ = ("allow_unregistered", "diagnostics", "emitted")

    def __init__(self, allow_unregistered: bool | None = None, diagnostics: Any = None) -> None:
        self.allow_unregistered = allow_unregistered
        self.diagnostics = diagnostics
        self.emitted: list[Diagnostic] = []

    def emit(self, diag: Diagnostic) -> Diagnostic:
        if self.diagnostics is not None:
            self.diagnostics.emit(diag)
        else:
            self.emitted.append(diag)
        return diag


# --------------------------------------------------------------------------- pass managers


class OpPassManager:
    """An ordered list of passes and nested pass managers anchored on an op name (or `"any"`).

    With `nesting="implicit"` (the default, as mlir-opt's command line), adding a pass anchored
    on another op nests it (`func.func(...)`); with `"explicit"` (textual pipelines) that is an
    error."""

    __slots__ = ("anchor", "nesting", "passes")

    def __init__(self, anchor: str = "builtin.module", nesting: str = "implicit") -> None:
        if nesting not in ("implicit", "explicit"):
            raise ValueError("nesting must be 'implicit' or 'explicit'")
        self.anchor = anchor
        self.passes: list[Pass | OpPassManager] = []
        self.nesting = nesting

    def add(self, p: Pass) -> OpPassManager:
        """Append a pass (nesting it implicitly when its anchor differs); returns `self`."""
        if not isinstance(p, Pass):
            raise TypeError(f"expected a Pass instance, got {p!r}")
        if self.anchor != "any" and p.ANCHOR not in ("any", self.anchor):
            if self.nesting == "implicit":
                self.nest(p.ANCHOR).add(p)
                return self
            raise DiagnosticError(Diagnostic(Severity.ERROR, _cant_add(p, self.anchor)))
        self.passes.append(p)
        return self

    def add_pass(self, name: str, options: str | None = None) -> OpPassManager:
        """Add a registered pass by name with MLIR-syntax options, as a command-line flag
        (`--canonicalize="max-iterations=3"`) does; returns `self`."""
        return self.add(create_pass(name, options))

    def nest(self, anchor: str) -> OpPassManager:
        """A new pass manager for ops named `anchor` nested in this one (MLIR's `nest`)."""
        nested = OpPassManager(anchor, self.nesting)
        self.passes.append(nested)
        return nested

    def __len__(self) -> int:
        return len(self.passes)

    def pipeline_text(self) -> str:
        """`builtin.module(func.func(cse),symbol-dce)` (MLIR's `printAsTextualPipeline`)."""
        inner = ",".join(p.pipeline_text() for p in self.passes)
        return f"{self.anchor}({inner})"

    def pretty_text(self, indent: int = 0) -> str:
        """The pipeline one element per line (MLIR's pretty `printAsTextualPipeline`)."""
        pad = " " * indent
        items = []
        for p in self.passes:
            if isinstance(p, Pass):
                items.append(" " * (indent + 2) + p.pipeline_text())
            else:
                items.append(p.pretty_text(indent + 2))
        return f"{pad}{self.anchor}(\n" + ",\n".join(items) + f"\n{pad})"

    def __str__(self) -> str:
        return self.pipeline_text()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.pipeline_text()}>"


class PassManager(OpPassManager):
    """The top-level pass manager, with instrumentation settings (all plain attributes):

    - `verify_each` (True): verify after each pass; a failure is an error naming the pass.
    - `print_ir_before_all` / `print_ir_after_all`, `print_ir_before` / `print_ir_after` (sets
      of pass names), `print_ir_after_change` (after-dumps only when the IR changed),
      `print_ir_after_failure` (after-dumps only when the pass failed), `print_ir_module_scope`
      (dump the top-level op), `print_ir_tree_dir` (one file per dump under that directory):
      IR dumps in mlir-opt's format to `ir_stream` (stderr), printed with `generic` /
      `debuginfo` and `print_options` (more `print_operation` keywords: `elide_limit`,
      `local_scope`, `skip_regions`, `unique_ids`, `value_users`).
    - `timing`: False, True (report to `timing_stream` after each `run`), or a `TimingManager`
      the caller reports itself (the CLI, which also times parsing and output).
    - `timing_display`: "tree" (default) or "list".
    - `statistics`: None, "pipeline" or "list": after each `run`, the passes' statistics report
      to `statistics_stream` (stderr); counters restart at every run.
    - `crash_reproducer`: a file to write an MLIR reproducer to when a pass fails (the IR before
      the pipeline and the pipeline, or with `local_reproducer` the IR before the failing pass
      and that pass alone); `disable_threading` is recorded in it.
    - `action_log`: a stream that gets mlir-opt's `--log-actions-to` lines, one `begins` and
      one `completed` per pass execution.
    - `allow_unregistered`: for verification after passes (None: accept unknown dialects)."""

    __slots__ = (
        "action_log",
        "progress",
        "allow_unregistered",
        "crash_reproducer",
        "debuginfo",
        "deferred_failure_dumps",
        "disable_threading",
        "generic",
        "ir_stream",
        "local_reproducer",
        "print_ir_after",
        "print_ir_after_all",
        "print_ir_after_change",
        "print_ir_after_failure",
        "print_ir_before",
        "print_ir_before_all",
        "print_ir_module_scope",
        "print_ir_tree_dir",
        "print_options",
        "statistics",
        "statistics_stream",
        "timing",
        "timing_display",
        "timing_stream",
        "verify_each",
    )

    def __init__(
        self,
        anchor: str = "builtin.module",
        nesting: str = "implicit",
        *,
        verify_each: bool = True,
        print_ir_before_all: bool = False,
        print_ir_after_all: bool = False,
        print_ir_before: Iterable[str] = (),
        print_ir_after: Iterable[str] = (),
        print_ir_after_change: bool = False,
        print_ir_after_failure: bool = False,
        print_ir_module_scope: bool = False,
        print_ir_tree_dir: str | None = None,
        print_options: dict[str, Any] | None = None,
        ir_stream: TextIO | None = None,
        generic: bool = False,
        debuginfo: bool = False,
        timing: bool | TimingManager = False,
        timing_display: str = "tree",
        timing_stream: TextIO | None = None,
        statistics: str | None = None,
        statistics_stream: TextIO | None = None,
        crash_reproducer: str | None = None,
        local_reproducer: bool = False,
        disable_threading: bool = False,
        action_log: TextIO | None = None,
        allow_unregistered: bool | None = None,
    ) -> None:
        super().__init__(anchor, nesting)
        self.verify_each = verify_each
        self.print_ir_before_all = print_ir_before_all
        self.print_ir_after_all = print_ir_after_all
        self.print_ir_before = set(print_ir_before)
        self.print_ir_after = set(print_ir_after)
        self.print_ir_after_change = print_ir_after_change
        self.print_ir_after_failure = print_ir_after_failure
        self.print_ir_module_scope = print_ir_module_scope
        self.print_ir_tree_dir = print_ir_tree_dir
        self.print_options = dict(print_options or {})
        self.ir_stream = ir_stream
        self.generic = generic
        self.debuginfo = debuginfo
        self.timing = timing
        self.timing_display = timing_display
        self.timing_stream = timing_stream
        self.statistics = statistics
        self.statistics_stream = statistics_stream
        self.crash_reproducer = crash_reproducer
        self.local_reproducer = local_reproducer
        self.disable_threading = disable_threading
        self.action_log = action_log
        self.progress: TextIO | None = None  # `--progress`: a line per pass run, on this stream
        self.allow_unregistered = allow_unregistered
        # A list here collects the "After X Failed" dumps instead of writing them, so a caller
        # that reports the pass's diagnostics itself can print them first, as mlir-opt does.
        self.deferred_failure_dumps: list[str] | None = None

    # ----------------------------------------------------------------- construction

    @classmethod
    def parse(cls, text: str, **config: Any) -> PassManager:
        """A pass manager from MLIR's textual pipeline (`builtin.module(func.func(cse))`).
        Errors are one `DiagnosticError` with mlir-opt's message, e.g. `MLIR Textual PassPipeline
        Parser:1:1: error: 'foo' does not refer to a registered pass or pass pipeline`."""
        text = text.strip(" \t\n\v\f\r")
        start = text.find("(")
        if start <= 0 or not text.endswith(")"):
            raise DiagnosticError(Diagnostic(Severity.ERROR, _WRAP_ERROR))
        anchor = text[:start].rstrip(" \t\n\v\f\r")
        pm = cls(anchor, "explicit", **config)
        inner = text[start + 1 : -1]
        if inner:
            elements = _parse_pipeline_text(inner)
            errors: list[str] = []
            suggestions: list[str] = []
            if not _add_elements(pm, elements, errors, suggestions):
                diag = Diagnostic(Severity.ERROR, "".join(errors))
                for hint in suggestions:
                    diag.attach_note(hint)
                raise DiagnosticError(diag)
        pm.nesting = "implicit"
        return pm

    @classmethod
    def from_flags(
        cls, flags: Sequence[tuple[str, str | None]], anchor: str = "builtin.module", **config: Any
    ) -> PassManager:
        """Passes given as command-line flags, in order (`[("canonicalize", "max-iterations=3")]`),
        implicitly nested like mlir-opt's; errors as mlir-opt reports a bad flag."""
        pm = cls(anchor, "implicit", **config)
        for name, options in flags:
            pm.add_pass(name, options)
        return pm

    def dump_text(self) -> str:
        """What `--dump-pass-pipeline` prints."""
        return f"Pass Manager with {len(self.passes)} passes:\n{self.pretty_text()}\n\n"

    # ----------------------------------------------------------------- running

    def run(
        self,
        op: Operation,
        ctx: PassContext | None = None,
        *,
        allow_unregistered: bool | None = None,
        diagnostics: Any = None,
    ) -> None:
        """Run the pipeline on `op` (usually a `builtin.module`); raises `DiagnosticError`."""
        if ctx is None:
            ctx = PassContext(
                self.allow_unregistered if allow_unregistered is None else allow_unregistered,
                diagnostics,
            )
        if self.anchor != "any" and op.name != self.anchor:
            raise DiagnosticError(
                Diagnostic(
                    Severity.ERROR,
                    f"can't run '{self.anchor}' pass manager on '{op.name}' op",
                    _loc(op),
                )
            )
        if self.passes:
            # Passes may create ops of any dialect, and some walk the whole registry (patterns
            # of every op class): every dialect is registered before one runs.
            load_all_dialects()
        plan = _finalize(self)
        timing = self.timing
        manager: TimingManager | None
        if isinstance(timing, TimingManager):
            manager = timing
        elif timing:
            manager = TimingManager()
        else:
            manager = None
        runner = _Runner(self, ctx, manager)
        if self.crash_reproducer is not None and not self.local_reproducer:
            from llh_opt.printer import print_operation

            runner.snapshot = print_operation(op)
        try:
            runner.run_pipeline(plan, op, manager.root if manager is not None else None)
        except DiagnosticError as err:
            if self.crash_reproducer is not None and runner.failures:
                raise runner.reproducer_error(err, op) from None
            raise
        finally:
            if manager is not None and manager is not timing:
                stream = self.timing_stream if self.timing_stream is not None else sys.stderr
                stream.write(manager.report(self.timing_display))
            if self.statistics:
                from llh_opt.passes.instrumentation import statistics_report

                stream = (
                    self.statistics_stream if self.statistics_stream is not None else sys.stderr
                )
                display = self.statistics if isinstance(self.statistics, str) else "pipeline"
                stream.write(statistics_report(self, display))
                self.reset_statistics()

    def reset_statistics(self) -> None:
        """Set every pass's statistics counters back to zero."""
        stack: list[Pass | OpPassManager] = list(self.passes)
        while stack:
            item = stack.pop()
            if isinstance(item, OpPassManager):
                stack.extend(item.passes)
            else:
                item.statistics = dict.fromkeys(item.statistics, 0)

    def reproducer_pipeline(self) -> str:
        """The pipeline as a crash reproducer records it (top-level elements joined by ", ")."""
        return f"{self.anchor}(" + ", ".join(p.pipeline_text() for p in self.passes) + ")"


def _cant_add(p: Pass, anchor: str) -> str:
    return (
        f"Can't add pass '{p.display_name()}' restricted to '{p.ANCHOR}' on a PassManager "
        f"intended to run on '{anchor}', did you intend to nest?"
    )


def _loc(op: Operation) -> Any:
    return op.location.file_loc() if op.location is not None else None


# --------------------------------------------------------------------------- pipeline text


class _Element:
    __slots__ = ("inner", "name", "options", "pos")

    def __init__(self, name: str, pos: int) -> None:
        self.name = name
        self.pos = pos
        self.options = ""
        self.inner: list[_Element] = []


class _PipelineSyntaxError(Exception):
    pass


def _source_error(text: str, pos: int, message: str) -> DiagnosticError:
    """llvm::SourceMgr's rendering of an error in the pipeline text (its own buffer)."""
    line_start = text.rfind("\n", 0, pos) + 1
    line_end = text.find("\n", pos)
    if line_end < 0:
        line_end = len(text)
    line_no = text.count("\n", 0, pos) + 1
    col = pos - line_start
    source = text[line_start:line_end]
    caret = " " * col + "^"
    return DiagnosticError(
        Diagnostic(
            Severity.ERROR,
            f"MLIR Textual PassPipeline Parser:{line_no}:{col + 1}: error: {message}\n"
            f"{source}\n{caret}\n",
        )
    )


_SEPARATORS = ",(){"


def _find_any(text: str, pos: int) -> int:
    best = -1
    for ch in _SEPARATORS:
        i = text.find(ch, pos)
        if i != -1 and (best == -1 or i < best):
            best = i
    return best


def _skip_ws(text: str, pos: int) -> int:
    n = len(text)
    while pos < n and text[pos] in " \t\n\v\f\r":
        pos += 1
    return pos


def _parse_pipeline_text(text: str) -> list[_Element]:
    """MLIR's `TextualPipeline::parsePipelineText` + `resolvePipelineElements` (structure and
    pass names; options are parsed when the passes are created)."""
    pipeline: list[_Element] = []
    stack = [pipeline]
    pos = 0
    while True:
        current = stack[-1]
        sep = _find_any(text, pos)
        segment = text[pos : sep if sep != -1 else len(text)]
        stripped = segment.lstrip(" \t\n\v\f\r")
        current.append(_Element(stripped.rstrip(" \t\n\v\f\r"), pos + len(segment) - len(stripped)))
        if sep == -1:
            break
        pos = sep
        if text[pos] == "{":
            pos += 1
            depth = 1
            close = -1
            for i in range(pos, len(text)):
                if text[i] == "{":
                    depth += 1
                elif text[i] == "}":
                    depth -= 1
                    if depth == 0:
                        close = i
                        break
            if close == -1:
                raise _source_error(
                    text, pos - 1, "missing closing '}' while processing pass options"
                )
            current[-1].options = text[pos:close]
            pos = _skip_ws(text, close + 1)
        elif text[pos] == "(":
            pos += 1
            stack.append(current[-1].inner)
            continue
        while pos < len(text) and text[pos] == ")":
            pos += 1
            if len(stack) == 1:
                raise _source_error(
                    text,
                    pos - 1,
                    "encountered extra closing ')' creating unbalanced parentheses while "
                    "parsing pipeline",
                )
            stack.pop()
            pos = _skip_ws(text, pos)
        if pos == len(text):
            break
        if text[pos] != ",":
            raise _source_error(text, pos, "expected ',' after parsing pipeline")
        pos += 1
    if len(stack) > 1:
        raise _source_error(text, pos, "encountered unbalanced parentheses while parsing pipeline")
    _resolve(text, pipeline)
    return pipeline


def _resolve(text: str, elements: list[_Element]) -> None:
    for e in elements:
        if e.inner:
            _resolve(text, e.inner)
        elif lookup_pass(e.name) is None:
            err = _source_error(
                text, e.pos, f"'{e.name}' does not refer to a registered pass or pass pipeline"
            )
            _suggest_pass(err, e.name)
            raise err


def _suggest_pass(err: DiagnosticError, name: str) -> None:
    """Attach LLVM's "did you mean" note naming the registered pass nearest to `name`."""
    from llh_opt.passes.registry import all_passes
    from llh_opt.suggest import nearest

    names = [n for p in all_passes() for n in (p.NAME, *p.ALIASES)]
    best = nearest(name, names)
    if best is not None:
        err.diagnostics[0].attach_note(f"did you mean '{best}'?")


def _add_elements(
    pm: OpPassManager, elements: list[_Element], errors: list[str], suggestions: list[str]
) -> bool:
    """MLIR's `TextualPipeline::addToPipeline` with explicit nesting; `errors` receives the
    lines mlir-opt writes to its error stream."""
    for e in elements:
        if not e.inner:
            cls = lookup_pass(e.name)
            assert cls is not None
            p = cls()
            ok = True
            if e.options:
                try:
                    p.parse_options(e.options)
                except PassOptionsError as err:
                    errors.append(err.text + "\n")
                    if err.suggestion:
                        suggestions.append(err.suggestion)
                    ok = False
            if pm.anchor != "any" and p.ANCHOR not in ("any", pm.anchor):
                errors.append(_cant_add(p, pm.anchor) + "\n")
                ok = False
            else:
                pm.passes.append(p)
            if not ok:
                errors.append(f"failed to add `{e.name}` with options `{e.options}`\n")
                return False
        elif not _add_elements(pm.nest(e.name), e.inner, errors, suggestions):
            errors.append(
                f"failed to add `{e.name}` with options `{e.options}` to inner pipeline\n"
            )
            return False
    return True


# --------------------------------------------------------------------------- execution plan


class _Pipeline:
    """A finalized pass manager: passes and merged adaptors."""

    __slots__ = ("anchor", "items", "raw")

    def __init__(self, anchor: str, raw: list[Pass | OpPassManager]) -> None:
        self.anchor = anchor
        self.raw = raw
        self.items: list[Pass | _Adaptor] = []

    def key(self) -> tuple[Any, ...]:
        """Stable across runs of the same pass manager (timers accumulate under it)."""
        return (self.anchor, *(id(p) for p in self.raw))

    def text(self) -> str:
        parts = []
        for p in self.raw:
            parts.append(p.pipeline_text())
        return f"{self.anchor}({','.join(parts)})"


class _Adaptor:
    """MLIR's `OpToOpPassAdaptor`: nested pipelines run on the immediate children of an op."""

    __slots__ = ("pipelines",)

    def __init__(self, pipelines: list[_Pipeline]) -> None:
        self.pipelines = pipelines

    def key(self) -> tuple[Any, ...]:
        return tuple(p.key() for p in self.pipelines)

    def name(self) -> str:
        return "Pipeline Collection : [" + ", ".join(f"'{p.anchor}'" for p in self.pipelines) + "]"

    def pipeline_for(self, op: Operation) -> _Pipeline | None:
        for p in self.pipelines:
            if p.anchor == "any":
                if _generic_can_schedule(p, op.name):
                    return p
            elif p.anchor == op.name:
                return p
        return None


def _isolated_op_name(name: str) -> bool:
    cls = lookup_op(name)
    return cls is not None and IsolatedFromAbove in getattr(cls, "TRAIT_SET", ())


def _generic_can_schedule(pipeline: _Pipeline, op_name: str) -> bool:
    """An op-agnostic pipeline runs on registered IsolatedFromAbove ops its passes accept."""
    if not _isolated_op_name(op_name):
        return False
    return all(p.ANCHOR in ("any", op_name) for p in pipeline.raw if isinstance(p, Pass))


def _try_merge(current: _Adaptor, last: _Adaptor) -> bool:
    """MLIR's `OpToOpPassAdaptor::tryMergeInto`: merge `current` into the preceding `last`."""

    def conflicts(generic: _Pipeline, others: list[_Pipeline]) -> bool:
        return any(o.anchor == "any" or _generic_can_schedule(generic, o.anchor) for o in others)

    for a, b in ((current, last), (last, current)):
        generic = next((p for p in a.pipelines if p.anchor == "any"), None)
        if generic is not None and conflicts(generic, b.pipelines):
            return False
    for p in current.pipelines:
        existing = next((q for q in last.pipelines if q.anchor == p.anchor), None)
        if existing is not None:
            existing.raw.extend(p.raw)
        else:
            last.pipelines.append(p)
    last.pipelines.sort(key=lambda p: (p.anchor == "any", p.anchor))
    return True


def _finalize(pm: OpPassManager) -> _Pipeline:
    return _finalize_raw(pm.anchor, list(pm.passes))


def _finalize_raw(anchor: str, raw: list[Pass | OpPassManager]) -> _Pipeline:
    pipeline = _Pipeline(anchor, raw)
    last: _Adaptor | None = None
    adaptors: list[_Adaptor] = []
    for item in raw:
        if isinstance(item, OpPassManager):
            current = _Adaptor([_Pipeline(item.anchor, list(item.passes))])
            if last is not None and _try_merge(current, last):
                continue
            pipeline.items.append(current)
            adaptors.append(current)
            last = current
        else:
            pipeline.items.append(item)
            last = None
    for adaptor in adaptors:
        for i, nested in enumerate(adaptor.pipelines):
            adaptor.pipelines[i] = _finalize_raw(nested.anchor, nested.raw)
    return pipeline


# --------------------------------------------------------------------------- running


class _Runner:
    __slots__ = ("ctx", "failures", "manager", "pm", "snapshot", "tree_counters")

    def __init__(self, pm: PassManager, ctx: PassContext, manager: TimingManager | None) -> None:
        self.pm = pm
        self.ctx = ctx
        self.manager = manager
        self.snapshot: str | None = None  # the IR text a crash reproducer records
        self.failures: list[tuple[Pass, Operation, str | None]] = []
        self.tree_counters: dict[int, int] = {}

    def run_pipeline(self, pipeline: _Pipeline, op: Operation, timer: Timer | None) -> None:
        for item in pipeline.items:
            if isinstance(item, _Adaptor):
                self.run_adaptor(item, op, timer)
            else:
                self.run_pass(item, op, timer)

    def run_pass(self, p: Pass, op: Operation, parent: Timer | None) -> None:
        if not op.registered:
            raise _op_error(op, "trying to schedule a pass on an unregistered operation")
        if not _isolated_op_name(op.name):
            raise _op_error(
                op,
                "trying to schedule a pass on an operation not marked as 'IsolatedFromAbove'",
            )
        if p.ANCHOR != "any" and p.ANCHOR != op.name:
            raise _op_error(
                op, f"trying to schedule pass '{p.display_name()}' on an unsupported operation"
            )
        pm = self.pm
        if pm.print_ir_before_all or (pm.print_ir_before and _named(p, pm.print_ir_before)):
            self.print_ir("Before", p, op)
        # MLIR's filter: --mlir-print-ir-after-failure alone prints every failing pass.
        print_after = (
            pm.print_ir_after_all
            or pm.print_ir_after_failure
            or bool(pm.print_ir_after and _named(p, pm.print_ir_after))
        )
        before = None
        if print_after and pm.print_ir_after_change and not pm.print_ir_after_failure:
            from llh_opt.passes.instrumentation import fingerprint

            before = fingerprint(op)
        local_snapshot = None
        if pm.crash_reproducer is not None and pm.local_reproducer:
            from llh_opt.printer import print_operation

            local_snapshot = print_operation(_top(op))
        timer = parent.nest(p, p.display_name()) if parent is not None else None
        if timer is not None:
            timer.start()
        log = pm.action_log
        if log is not None:
            _log_begin(log, p.display_name(), op)
        progress = pm.progress
        if progress is not None:
            started = _progress_begin(progress, p, op)
        try:
            try:
                p.run(op, self.ctx)
            finally:
                if log is not None:
                    log.write(f"{_THREAD} completed `pass-execution`\n")
                if progress is not None:
                    _progress_end(progress, p, started)
            if pm.verify_each:
                self.verify(op, True, f"pass '{p.NAME}'")
        except DiagnosticError:
            if timer is not None:
                timer.stop()
            if print_after:
                self.print_ir("After", p, op, failed=True)
            self.failures.append((p, op, local_snapshot))
            raise
        if timer is not None:
            timer.stop()
        # `print_ir_after_failure` means "only on failure", as in MLIR.
        if print_after and not pm.print_ir_after_failure:
            if before is not None:
                from llh_opt.passes.instrumentation import fingerprint

                if fingerprint(op) == before:
                    return
            self.print_ir("After", p, op)

    def reproducer_error(self, err: DiagnosticError, root: Operation) -> DiagnosticError:
        """Write the crash reproducer and add mlir-opt's report of it to `err`."""
        from llh_opt.passes.instrumentation import reproducer_text

        pm = self.pm
        path = pm.crash_reproducer
        assert path is not None
        first_pass, first_op, local_snapshot = self.failures[0]
        if pm.local_reproducer:
            pipeline = first_pass.pipeline_text()
            it: Operation | None = first_op
            while it is not None:
                pipeline = f"{it.name}({pipeline})"
                it = it.parent_op
            ir = local_snapshot or ""
        else:
            pipeline = pm.reproducer_pipeline()
            ir = self.snapshot or ""
        descriptions = [_failure_description(p, o) for p, o, _ in self.failures]
        if pm.local_reproducer:
            where = descriptions[0]
        else:
            where = "[" + ", ".join(descriptions) + "]"
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(reproducer_text(ir, pipeline, pm.disable_threading, pm.verify_each))
            outcome = f"reproducer generated at `{path}`"
        except OSError as e:
            outcome = f"failed to create reproducer file `{path}`: {e.strerror}"
        diag = Diagnostic(
            Severity.ERROR,
            "Failures have been detected while processing an MLIR pass pipeline",
            _loc(first_op),
        )
        diag.attach_note(f"Pipeline failed while executing {where}: {outcome}", _loc(first_op))
        combined = DiagnosticError([*err.diagnostics, diag])
        ops = getattr(err, "ops", None)
        if ops is None:
            ops = [getattr(err, "op", None)] * len(err.diagnostics)
        combined.ops = [*ops, None]  # type: ignore[attr-defined]
        return combined

    def run_adaptor(self, adaptor: _Adaptor, op: Operation, parent: Timer | None) -> None:
        atimer = None
        if parent is not None:
            atimer = parent.nest(adaptor.key(), adaptor.name())
            atimer.hidden = len(adaptor.pipelines) <= 1
            atimer.start()
        failures: list[DiagnosticError] = []
        log = self.pm.action_log
        if log is not None:
            _log_begin(log, "mlir::detail::OpToOpPassAdaptor", op)
        try:
            for region in op.regions:
                for block in region.blocks:
                    for child in list(block.ops):
                        pipeline = adaptor.pipeline_for(child)
                        if pipeline is None:
                            continue
                        ptimer = None
                        if atimer is not None:
                            ptimer = atimer.nest(pipeline.key(), f"'{pipeline.anchor}' Pipeline")
                            ptimer.start()
                        try:
                            self.run_pipeline(pipeline, child, ptimer)
                        except DiagnosticError as err:
                            failures.append(err)
                        finally:
                            if ptimer is not None:
                                ptimer.stop()
            if failures:
                raise _combine(failures)
            if self.pm.verify_each:
                what = " and ".join(f"pipeline '{p.text()}'" for p in adaptor.pipelines)
                self.verify(op, False, what)
        finally:
            if log is not None:
                log.write(f"{_THREAD} completed `pass-execution`\n")
            if atimer is not None:
                atimer.stop()

    def verify(self, op: Operation, recursive: bool, what: str) -> None:
        from llh_opt.ir.verifier import verify

        try:
            allow = self.ctx.allow_unregistered
            verify(op, allow_unregistered=allow is not False, recursive=recursive)
        except DiagnosticError as err:
            err.diagnostics[0].attach_note(f"IR verification failed after running {what}", _loc(op))
            raise

    def print_ir(self, when: str, p: Pass, op: Operation, failed: bool = False) -> None:
        from llh_opt.passes.instrumentation import dump_banner, tree_dump_path
        from llh_opt.printer import print_operation

        pm = self.pm
        scope = pm.print_ir_module_scope
        header = dump_banner(when, p, op, failed, scope)
        target = _top(op) if scope else op
        options = pm.print_options
        if target.parent is not None:
            # MLIR prints a nested op with local scope.
            options = {**options, "local_scope": True}
        text = print_operation(target, generic=pm.generic, debuginfo=pm.debuginfo, **options)
        if (target.parent is not None or options.get("local_scope")) and text.endswith("\n"):
            text = text[:-1]  # MLIR ends only a top-level op with a newline (not local scope)
        dump = f"{header}{text}\n\n"
        if pm.print_ir_tree_dir is not None:
            path = tree_dump_path(pm.print_ir_tree_dir, op, p.NAME, self.tree_counters)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                f.write(dump)
            return
        if failed and pm.deferred_failure_dumps is not None:
            pm.deferred_failure_dumps.append(dump)
            return
        stream = pm.ir_stream if pm.ir_stream is not None else sys.stderr
        stream.write(dump)


_THREAD = "[thread llh-opt]"


def _log_begin(log: TextIO, name: str, op: Operation) -> None:
    """mlir-opt's `--log-actions-to` line for a pass execution starting on `op`."""
    from llh_opt.printer import print_operation

    text = print_operation(op, local_scope=True, skip_regions=True).rstrip("\n")
    log.write(
        f"{_THREAD} begins (no breakpoint) Action `pass-execution` running `{name}` on "
        f"Operation `{op.name}` ({text})`\n"
    )


def _top(op: Operation) -> Operation:
    while op.parent_op is not None:
        op = op.parent_op
    return op


def _named(p: Pass, names: set[str]) -> bool:
    return p.NAME in names or any(a in names for a in p.ALIASES)


def _failure_description(p: Pass, op: Operation) -> str:
    """`` `Canonicalizer` on 'func.func' operation: @f `` (a crash reproducer's context)."""
    from llh_opt.passes.instrumentation import symbol_name

    text = f"`{p.display_name()}` on '{op.name}' operation"
    sym = symbol_name(op)
    return text + (f": @{sym}" if sym is not None else "")


def _combine(failures: list[DiagnosticError]) -> DiagnosticError:
    """One error carrying every diagnostic; `ops[i]` is the op diagnostic `i` is about (when
    known), for the CLI's "see current operation" notes."""
    ops: list[Operation | None] = []
    for err in failures:
        known = getattr(err, "ops", None)
        ops.extend(
            known if known is not None else [getattr(err, "op", None)] * len(err.diagnostics)
        )
    combined = DiagnosticError([d for err in failures for d in err.diagnostics])
    combined.ops = ops  # type: ignore[attr-defined]
    return combined


def _op_error(op: Operation, message: str) -> DiagnosticError:
    err = DiagnosticError(Diagnostic(Severity.ERROR, f"'{op.name}' op {message}", _loc(op)))
    err.op = op  # type: ignore[attr-defined]
    return err
