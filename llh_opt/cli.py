"""The `llh-opt` command: read MLIR, run passes in command-line order, print or emit the result.

A thin shell over the library (`OptRunner` does the work so tests and tools can call it directly);
argument parsing follows mlir-opt: single- or double-dash flags, one flag per registered pass.
"""

from __future__ import annotations

import contextlib
import gc
import os
import stat
import sys
from collections.abc import Sequence
from typing import IO, Any

from llh_opt import __version__
from llh_opt.diagnostics import (
    Diagnostic,
    DiagnosticEngine,
    DiagnosticError,
    Severity,
    SourceManager,
    format_internal_error,
)

SPLIT_MARKER = "// -----"
OUTPUT_SPLIT = "// -----\n"

EMIT_KINDS = ("mlir", "llvm", "asm", "obj", "header")
"""`--emit`: the module after the passes, LLVM IR, assembly, an object file (needs -o), a C header.
Kept in step with `llh_opt.codegen.llvm.options.EMIT_KINDS` (not imported: start-up time)."""

MLIR_VERSION = "22"
"""The MLIR/LLVM release whose mlir-opt llh-opt follows (flags, pass names, output formats)."""


_BYTECODE_MAGIC = "ML\udcefR"
"""The first bytes of an MLIR bytecode file (`ML\xefR`) as read with surrogateescape."""


class UsageError(Exception):
    """A command-line mistake: printed as `llh-opt: error: ...`, exit 1."""


_OPTION_DEFAULTS: dict[str, Any] = {
    "input": "-",
    "output": "-",
    "split_input_file": False,
    "split_marker": SPLIT_MARKER,
    "output_split_marker": SPLIT_MARKER,
    "generic": False,
    "debuginfo": False,
    "allow_unregistered": False,
    "verify_diagnostics": False,
    "only_expected": False,
    "pass_pipeline": None,
    "pass_flags": [],
    "print_ir_before_all": False,
    "print_ir_after_all": False,
    "print_ir_before": [],
    "print_ir_after": [],
    "print_ir_after_change": False,
    "print_ir_after_failure": False,
    "print_ir_module_scope": False,
    "print_ir_tree_dir": None,
    "local_scope": False,
    "elide_limit": None,
    "skip_regions": False,
    "unique_ids": False,
    "value_users": False,
    "timing": False,
    "timing_display": "tree",
    "statistics": False,
    "statistics_display": "pipeline",
    "dump_pass_pipeline": False,
    "no_implicit_module": False,
    "verify_roundtrip": False,
    "disable_threading": False,
    "crash_reproducer": None,
    "local_reproducer": False,
    "run_reproducer": False,
    "verbosity": "remarks",
    "color": False,
    "log_actions_to": None,
    "emit_bytecode": False,
    "verify_each": True,
    "progress": False,
    "emit": "mlir",
    "emit_explicit": False,
    "opt_level": 2,
    "target_triple": "",
    "target_cpu": "",
    "target_features": "",
    "threads": 0,
}
"""Every `Options` field and its default (a list default is copied for each instance)."""


class Options:
    """The settings of one llh-opt invocation (the parsed command line).

    A plain slotted class (not a dataclass: `dataclasses` costs milliseconds of start-up);
    `Options(output="x.mlir")` overrides any field's default."""

    __slots__ = tuple(_OPTION_DEFAULTS)

    input: str
    output: str
    split_input_file: bool
    split_marker: str
    output_split_marker: str
    generic: bool
    debuginfo: bool
    allow_unregistered: bool
    verify_diagnostics: bool
    only_expected: bool
    pass_pipeline: str | None
    pass_flags: list[tuple[str, str | None]]
    print_ir_before_all: bool
    print_ir_after_all: bool
    print_ir_before: list[str]
    print_ir_after: list[str]
    print_ir_after_change: bool
    print_ir_after_failure: bool
    print_ir_module_scope: bool
    print_ir_tree_dir: str | None
    local_scope: bool
    elide_limit: int | None
    skip_regions: bool
    unique_ids: bool
    value_users: bool
    timing: bool
    timing_display: str
    statistics: bool
    statistics_display: str
    dump_pass_pipeline: bool
    no_implicit_module: bool
    verify_roundtrip: bool
    disable_threading: bool
    crash_reproducer: str | None
    local_reproducer: bool
    run_reproducer: bool
    verbosity: str
    color: bool
    log_actions_to: str | None
    emit_bytecode: bool
    verify_each: bool
    progress: bool
    emit: str
    emit_explicit: bool
    opt_level: int
    target_triple: str
    target_cpu: str
    target_features: str
    threads: int

    def __init__(self, **values: Any) -> None:
        for name, default in _OPTION_DEFAULTS.items():
            setattr(self, name, list(default) if isinstance(default, list) else default)
        for name, value in values.items():
            if name not in _OPTION_DEFAULTS:
                raise TypeError(f"Options() got an unexpected keyword argument '{name}'")
            setattr(self, name, value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Options):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in _OPTION_DEFAULTS)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return "Options(" + ", ".join(f"{n}={getattr(self, n)!r}" for n in _OPTION_DEFAULTS) + ")"

    def print_options(self) -> dict[str, Any]:
        """The `print_operation` keywords of the printing flags."""
        return {
            "local_scope": self.local_scope,
            "elide_limit": self.elide_limit,
            "skip_regions": self.skip_regions,
            "unique_ids": self.unique_ids,
            "value_users": self.value_users,
        }


def _bool_value(name: str, value: str | None) -> bool:
    if value is None or value in ("", "true", "TRUE", "True", "1"):
        return True
    if value in ("false", "FALSE", "False", "0"):
        return False
    raise UsageError(
        f"for the --{name} option: '{value}' is invalid value for boolean argument! Try 0 or 1"
    )


def _choice(name: str, value: str | None, choices: Sequence[str]) -> str:
    if value not in choices:
        raise UsageError(f"for the --{name} option: Cannot find option named '{value}'!")
    return value


_PHASE_WORDS = {"Parser": "parsing and verifying", "Output": "printing", "Translate": "translating"}


@contextlib.contextmanager
def _progress_phase(stream: IO[str], what: str, inner: Any):  # type: ignore[no-untyped-def]
    """`--progress`: `llh-opt: parsing and verifying...` then `... done in 1.23 s` on stderr."""
    import time

    stream.write(f"llh-opt: progress: {what}...\n")
    stream.flush()
    start = time.perf_counter()
    with inner:
        yield
    stream.write(f"llh-opt: progress: {what} done in {time.perf_counter() - start:.2f} s\n")
    stream.flush()


def _driver_options() -> dict[str, Any]:
    from llh_opt.cli_options import DRIVER_OPTIONS

    return {o.name: o for o in DRIVER_OPTIONS}


def parse_arguments(argv: Sequence[str]) -> Options:
    """Parse mlir-opt style arguments, keeping pass flags in their command-line order."""
    from llh_opt.passes import lookup_pass

    table = _driver_options()
    opts = Options()
    positional: list[str] = []
    args = list(argv)
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if arg == "-" or not arg.startswith("-"):
            positional.append(arg)
            continue
        if arg == "--":
            positional.extend(args[i:])
            break
        body = arg.lstrip("-")
        name, eq, value = body.partition("=")
        val: str | None = value if eq else None
        spec = table.get(name)
        if spec is not None and name not in ("help", "version"):
            if spec.value == "required" and val is None:
                if i >= len(args):
                    raise UsageError(f"for the -{name} option: requires a value!")
                val = args[i]
                i += 1
            _apply_driver_flag(opts, name, val)
            continue
        if lookup_pass(name) is not None:
            opts.pass_flags.append((name, val))
            continue
        raise UsageError(_unknown_argument(arg, name, value if eq else None))
    if len(positional) > 1:
        raise UsageError(
            f"Too many positional arguments specified! Can specify at most 1 (got {len(positional)})"
        )
    if positional:
        opts.input = positional[0]
    if opts.pass_pipeline is not None and opts.pass_flags:
        raise UsageError("'--pass-pipeline' cannot be used with individual pass options")
    for names in (opts.print_ir_before, opts.print_ir_after):
        for n in names:
            if lookup_pass(n) is None:
                which = "before" if names is opts.print_ir_before else "after"
                raise UsageError(
                    f"for the --mlir-print-ir-{which} option: Cannot find option named '{n}'!"
                )
    if opts.emit_bytecode:
        raise UsageError(
            "'--emit-bytecode' is not supported: llh-opt has no MLIR bytecode writer; "
            "use the textual output"
        )
    if not opts.emit_explicit and _runs_lower_to_llvm(opts):
        opts.emit = "llvm"
    if opts.emit == "obj" and opts.output == "-":
        raise UsageError("'--emit=obj' writes a binary object: give an output file with -o")
    if opts.emit == "obj" and opts.split_input_file:
        raise UsageError("'--emit=obj' cannot be used with '--split-input-file'")
    return opts


def _unknown_argument(arg: str, name: str, value: str | None) -> str:
    """LLVM's message for an unknown flag, with its nearest known option (`Did you mean`)."""
    from llh_opt.cli_options import DRIVER_OPTIONS
    from llh_opt.passes import all_passes
    from llh_opt.suggest import nearest

    candidates = [o.name for o in DRIVER_OPTIONS]
    for p in all_passes():
        candidates.append(p.NAME)
        candidates.extend(p.ALIASES)
    text = f"Unknown command line argument '{arg}'.  Try: 'llh-opt --help'"
    best = nearest(name, candidates)
    if best is not None:
        suggestion = f"--{best}" + (f"={value}" if value is not None else "")
        text += f"\nllh-opt: Did you mean '{suggestion}'?"
    return text


def _runs_lower_to_llvm(opts: Options) -> bool:
    """`--lower-to-llvm` (as a flag or in the pipeline) makes LLVM IR the default output."""
    if any(name == "lower-to-llvm" for name, _ in opts.pass_flags):
        return True
    return opts.pass_pipeline is not None and "lower-to-llvm" in opts.pass_pipeline


def _apply_driver_flag(opts: Options, name: str, val: str | None) -> None:
    flag = _BOOL_FLAGS.get(name)
    if flag is not None:
        setattr(opts, flag, _bool_value(name, val))
    elif name == "o":
        opts.output = val or "-"
    elif name == "split-input-file":
        opts.split_input_file = True
        if val:
            opts.split_marker = val
    elif name == "output-split-marker":
        opts.output_split_marker = val or ""
    elif name == "verify-diagnostics":
        if val == "only-expected":
            opts.verify_diagnostics = opts.only_expected = True
        elif val == "all" or val == "":
            opts.verify_diagnostics = True
        else:
            opts.verify_diagnostics = _bool_value(name, val)
    elif name == "pass-pipeline":
        opts.pass_pipeline = val
    elif name in ("mlir-print-ir-before", "mlir-print-ir-after"):
        target = opts.print_ir_before if name.endswith("before") else opts.print_ir_after
        target.extend(n for n in (val or "").split(",") if n)
    elif name == "mlir-print-ir-tree-dir":
        opts.print_ir_tree_dir = val
    elif name == "mlir-elide-elementsattrs-if-larger":
        if val is None or not val.isdigit():
            raise UsageError(f"for the --{name} option: '{val}' value invalid for uint argument!")
        opts.elide_limit = int(val)
    elif name == "mlir-timing-display":
        opts.timing_display = _choice(name, val, ("list", "tree"))
    elif name == "mlir-pass-statistics-display":
        opts.statistics_display = _choice(name, val, ("list", "pipeline"))
    elif name == "mlir-pass-pipeline-crash-reproducer":
        opts.crash_reproducer = val
    elif name == "mlir-diagnostic-verbosity-level":
        opts.verbosity = _choice(name, val, ("errors", "warnings", "remarks"))
    elif name == "log-actions-to":
        opts.log_actions_to = val
    elif name == "emit":
        if val not in EMIT_KINDS:
            raise UsageError(
                f"Cannot find option named '{val}'! (for --emit: supported: {', '.join(EMIT_KINDS)})"
            )
        opts.emit = val
        opts.emit_explicit = True
    elif name == "opt-level" or name in ("O0", "O1", "O2", "O3"):
        level = val if name == "opt-level" else name[1]
        if level not in ("0", "1", "2", "3"):
            raise UsageError(
                f"invalid optimization level '{level}' (for --opt-level: 0, 1, 2 or 3)"
            )
        opts.opt_level = int(level)
    elif name == "target-triple":
        opts.target_triple = val or ""
    elif name == "target-cpu":
        opts.target_cpu = val or ""
    elif name == "target-features":
        opts.target_features = val or ""
    elif name == "threads":
        if val is None or not val.isdigit():
            raise UsageError(
                f"invalid thread count '{val}' (for --threads: a number, 0 = the online CPUs)"
            )
        opts.threads = int(val)
    elif name in ("list-passes", "show-dialects", "show-ops"):
        pass  # handled before parsing (print and exit)


_BOOL_FLAGS = {
    "mlir-print-op-generic": "generic",
    "mlir-print-debuginfo": "debuginfo",
    "allow-unregistered-dialect": "allow_unregistered",
    "mlir-print-ir-before-all": "print_ir_before_all",
    "mlir-print-ir-after-all": "print_ir_after_all",
    "mlir-print-ir-after-change": "print_ir_after_change",
    "mlir-print-ir-after-failure": "print_ir_after_failure",
    "mlir-print-ir-module-scope": "print_ir_module_scope",
    "mlir-print-local-scope": "local_scope",
    "mlir-print-skip-regions": "skip_regions",
    "mlir-print-unique-ssa-ids": "unique_ids",
    "mlir-print-value-users": "value_users",
    "mlir-timing": "timing",
    "mlir-pass-statistics": "statistics",
    "dump-pass-pipeline": "dump_pass_pipeline",
    "no-implicit-module": "no_implicit_module",
    "verify-roundtrip": "verify_roundtrip",
    "mlir-disable-threading": "disable_threading",
    "mlir-pass-pipeline-local-reproducer": "local_reproducer",
    "run-reproducer": "run_reproducer",
    "color": "color",
    "emit-bytecode": "emit_bytecode",
    "verify-each": "verify_each",
    "progress": "progress",
}
"""Boolean driver flags → the `Options` field they set."""


def split_chunks(text: str, marker: str = SPLIT_MARKER) -> list[tuple[str, int, int]]:
    """Split at every `marker` (as mlir-opt does, wherever it occurs): (chunk text, first line,
    first column) for each chunk, so diagnostics report positions in the original file."""
    chunks = []
    start = 0
    line, col = 1, 1
    while True:
        end = text.find(marker, start)
        if end < 0:
            chunks.append((text[start:], line, col))
            return chunks
        chunks.append((text[start:end], line, col))
        consumed = text[start : end + len(marker)]
        nl = consumed.count("\n")
        if nl:
            line += nl
            col = len(consumed) - consumed.rfind("\n")
        else:
            col += len(consumed)
        start = end + len(marker)


class OptRunner:
    """Runs one llh-opt invocation: parse each chunk, verify, run the pipeline, print."""

    def __init__(self, opts: Options, stderr: IO[str]) -> None:
        self.opts = opts
        self.stderr = stderr
        self.srcmgr = SourceManager()
        self.engine = DiagnosticEngine(self.srcmgr, stderr, collect=opts.verify_diagnostics)
        self.engine.color = opts.color
        self.engine.verbosity = opts.verbosity
        self.action_log: IO[str] | None = None
        self.timing = None
        if opts.timing:
            from llh_opt.passes import TimingManager

            self.timing = TimingManager()

    def _phase(self, name: str):  # type: ignore[no-untyped-def]
        """A timer context for a driver phase ("Parser", "Output") when --mlir-timing is on, and
        its progress lines on stderr with --progress."""
        timer = (
            contextlib.nullcontext()
            if self.timing is None
            else self.timing.nest(name, name).measure()
        )
        if not self.opts.progress:
            return timer
        return _progress_phase(self.stderr, _PHASE_WORDS.get(name, name), timer)

    def build_pass_manager(self, anchor: str = "builtin.module"):  # type: ignore[no-untyped-def]
        from llh_opt.passes import PassManager

        opts = self.opts
        if opts.pass_pipeline is not None:
            pm = PassManager.parse(opts.pass_pipeline)
        else:
            pm = PassManager.from_flags(opts.pass_flags, anchor)
        pm.verify_each = opts.verify_each
        pm.print_ir_before_all = opts.print_ir_before_all
        pm.print_ir_after_all = opts.print_ir_after_all
        pm.print_ir_before = set(opts.print_ir_before)
        pm.print_ir_after = set(opts.print_ir_after)
        pm.print_ir_after_change = opts.print_ir_after_change
        pm.print_ir_after_failure = opts.print_ir_after_failure
        pm.print_ir_module_scope = opts.print_ir_module_scope
        pm.print_ir_tree_dir = opts.print_ir_tree_dir
        pm.print_options = opts.print_options()
        pm.timing = self.timing if self.timing is not None else False
        pm.timing_display = opts.timing_display
        pm.statistics = opts.statistics_display if opts.statistics else None
        pm.crash_reproducer = opts.crash_reproducer
        pm.local_reproducer = opts.local_reproducer
        pm.disable_threading = opts.disable_threading
        pm.action_log = self.action_log
        pm.progress = self.stderr if opts.progress else None
        pm.allow_unregistered = opts.allow_unregistered
        pm.ir_stream = self.stderr
        pm.deferred_failure_dumps = []  # written after the pass's diagnostics, as mlir-opt
        pm.statistics_stream = self.stderr
        pm.generic = opts.generic
        pm.debuginfo = opts.debuginfo
        return pm

    def _top_level(self, module, filename: str):  # type: ignore[no-untyped-def]
        """`--no-implicit-module`: the one op the source holds (not wrapped in a module)."""
        from llh_opt.ir.attributes import FileLineColLoc

        loc = module.location
        implicit = isinstance(loc, FileLineColLoc) and loc.line == 0 and loc.col == 0
        if not implicit:
            return module
        ops = list(module.regions[0].blocks[0].ops) if module.regions[0].blocks else []
        if len(ops) != 1:
            raise DiagnosticError(
                Diagnostic(
                    Severity.ERROR,
                    f"source must contain a single top-level operation, found: {len(ops)}",
                    FileLineColLoc(filename, 0, 0),
                )
            )
        ops[0].detach()
        return ops[0]

    def _roundtrip(self, module, filename: str) -> None:  # type: ignore[no-untyped-def]
        """`--verify-roundtrip`: print (generic, then custom form, with locations), re-parse,
        and check the re-parsed module prints the same."""
        from llh_opt.parser import parse_source
        from llh_opt.printer import print_operation

        opts = self.opts
        reference = print_operation(module, generic=True, debuginfo=True)
        for kind, generic in (("generic", True), ("custom", False)):
            text = print_operation(module, generic=generic, debuginfo=True)
            try:
                again = parse_source(text, filename, allow_unregistered=opts.allow_unregistered)
            except DiagnosticError as err:
                raise DiagnosticError(
                    Diagnostic(
                        Severity.ERROR,
                        f"'{module.name}' op failed to parse {kind} textual roundtrip: "
                        + err.diagnostics[0].message,
                        module.location.file_loc() if module.location is not None else None,
                    )
                ) from None
            roundtripped = print_operation(again, generic=True, debuginfo=True)
            if roundtripped != reference:
                raise DiagnosticError(
                    Diagnostic(
                        Severity.ERROR,
                        f"'{module.name}' op {kind} textual roundTrip testing roundtripped module "
                        f"differs from reference:\n<<<<<<Reference\n{reference}\n=====\n"
                        f"{roundtripped}\n>>>>>roundtripped",
                        module.location.file_loc() if module.location is not None else None,
                    )
                )

    def process_chunk(  # type: ignore[no-untyped-def]
        self, text: str, filename: str, first_line: int, first_col: int, pm, stream: bool = False
    ) -> str | bytes | _PendingPrint | None:
        """Output text for one chunk, or None when it failed (diagnostics already emitted).
        With `stream`, a successful chunk's printing is left to `write_output` (`_PendingPrint`),
        which streams the text to the destination."""
        from llh_opt.ir.verifier import verify
        from llh_opt.parser import parse_source
        from llh_opt.printer import print_operation

        opts = self.opts
        try:
            # A chunk that starts mid-line (after the marker) is padded so columns stay exact.
            with self._phase("Parser"):
                module = parse_source(
                    " " * (first_col - 1) + text,
                    filename,
                    first_line=first_line,
                    allow_unregistered=opts.allow_unregistered,
                )
                if opts.no_implicit_module:
                    module = self._top_level(module, filename)
                # The parsed IR lives until exit: move it out of the cyclic GC's sight so later
                # collections scan only what passes allocate (a 100k-op module otherwise costs
                # ~1 s of GC traversals during verify/print; tools/bench figures).
                gc.freeze()
                verify(module, allow_unregistered=opts.allow_unregistered, diagnostics=self.engine)
            if opts.verify_roundtrip:
                self._roundtrip(module, filename)
            if pm.anchor != module.name and opts.pass_pipeline is None:
                # Flags nest under the top-level op, whatever it is (mlir-opt's implicit nesting).
                pm = self.build_pass_manager(module.name)
            pm.run(module, allow_unregistered=opts.allow_unregistered, diagnostics=self.engine)
            if opts.emit != "mlir":
                with self._phase("Translate"):
                    return self.translate(module)
        except DiagnosticError as err:
            self.engine.emit_all(self._with_op_notes(err))
            self._write_failure_dumps(pm)
            return None
        options = dict(generic=opts.generic, debuginfo=opts.debuginfo, **opts.print_options())
        # mlir-opt ends each printed module with one more newline, except under local scope,
        # where MLIR prints the top-level op as a nested one.
        end = "" if opts.local_scope else "\n"
        if stream:
            return _PendingPrint(module, options, end)
        with self._phase("Output"):
            return print_operation(module, **options) + end

    def _write_failure_dumps(self, pm) -> None:  # type: ignore[no-untyped-def]
        dumps = pm.deferred_failure_dumps
        if dumps:
            self.engine.flush()
            self.stderr.write("".join(dumps))
            dumps.clear()

    def translate(self, module) -> str | bytes:  # type: ignore[no-untyped-def]
        """`--emit=llvm|asm|obj|header`: LLVM code generation (llvmlite is imported here only)."""
        from llh_opt.codegen.llvm import TargetOptions, emit_module
        from llh_opt.codegen.llvm.errors import LLVMError

        opts = self.opts
        target = TargetOptions(
            triple=opts.target_triple,
            cpu=opts.target_cpu,
            features=opts.target_features,
            opt_level=opts.opt_level,
            threads=opts.threads,
        )
        try:
            return emit_module(module, opts.emit, target)
        except LLVMError as e:
            raise UsageError(str(e)) from None

    def _with_op_notes(self, err: DiagnosticError) -> list[Diagnostic]:
        """Verifier errors get mlir-opt's `see current operation` note (not under
        --verify-diagnostics, where mlir-opt turns it off)."""
        diags = list(err.diagnostics)
        ops = getattr(err, "ops", None)
        if ops is None and getattr(err, "op", None) is not None:
            ops = [err.op] * len(diags)  # type: ignore[attr-defined]
        if self.opts.verify_diagnostics or not ops or len(ops) != len(diags):
            return diags
        from llh_opt.printer import print_operation

        for d, op in zip(diags, ops):
            if op is not None:
                text = print_operation(op, generic=True, local_scope=True).rstrip("\n")
                sep = "\n" if "\n" in text else ""
                d.attach_note(f"see current operation: {sep}{text}", d.loc)
        return diags

    def run(self) -> int:
        opts = self.opts
        filename = "<stdin>" if opts.input == "-" else opts.input
        try:
            if opts.input == "-":
                text = sys.stdin.read()
            else:
                with open(opts.input, encoding="utf-8", errors="surrogateescape") as f:
                    text = f.read()
        except OSError as e:
            self.stderr.write(
                f"llh-opt: error: could not open input file '{opts.input}': {e.strerror}\n"
            )
            return 1
        if text.startswith(_BYTECODE_MAGIC):
            self.stderr.write(
                f"llh-opt: error: '{opts.input}' is MLIR bytecode, which llh-opt cannot read "
                "(not supported); print it as text first (mlir-opt FILE -o FILE.mlir)\n"
            )
            return 1
        if opts.run_reproducer:
            text = self._load_reproducer(text)
        self.srcmgr.add_buffer(filename, text)
        with self._open_action_log():
            try:
                pm = self.build_pass_manager()
            except DiagnosticError as err:
                self.engine.emit_all(err.diagnostics)
                self.engine.flush()
                return 1
            if opts.dump_pass_pipeline:
                self.stderr.write(pm.dump_text())
            if opts.split_input_file:
                chunks = split_chunks(text, opts.split_marker)
            else:
                chunks = [(text, 1, 1)]
            # One module printed as text is streamed to its destination (no whole-text string):
            # nothing after its printing can fail any more.
            stream = (
                not opts.split_input_file and opts.emit == "mlir" and not opts.verify_diagnostics
            )
            outputs: list[str | bytes | _PendingPrint] = []
            failed = False
            for chunk, first_line, first_col in chunks:
                out = self.process_chunk(chunk, filename, first_line, first_col, pm, stream)
                if out is None:
                    failed = True
                outputs.append(out if out is not None else "")
        self.engine.flush()
        if len(outputs) == 1 and isinstance(outputs[0], _PendingPrint):
            with self._phase("Output"):
                status = self.write_output(outputs[0])
            if self.timing is not None:
                self.stderr.write(self.timing.report(opts.timing_display))
            return status
        if self.timing is not None:
            self.stderr.write(self.timing.report(opts.timing_display))
        if opts.verify_diagnostics:
            from llh_opt.verify_diagnostics import ExpectedDiagnostics

            expected = ExpectedDiagnostics.from_text(filename, text)
            problems = expected.verify(self.engine.diagnostics, only_expected=opts.only_expected)
            out_engine = DiagnosticEngine(self.srcmgr, self.stderr)
            out_engine.color = opts.color
            out_engine.emit_all(problems)
            out_engine.flush()
            failed = bool(problems)
        if opts.emit == "obj":
            data: str | bytes = outputs[0] if outputs else b""  # type: ignore[assignment]
        else:
            joiner = opts.output_split_marker + "\n"
            data = joiner.join(o for o in outputs if isinstance(o, str))
        if failed:
            # Like mlir-opt, what did succeed still goes to stdout; never to an -o file.
            if self.opts.output == "-" and any(outputs) and isinstance(data, str):
                sys.stdout.write(data)
            return 1
        return self.write_output(data)

    def _load_reproducer(self, text: str) -> str:
        """`--run-reproducer`: take the pipeline and settings from the file's `mlir_reproducer`
        resource; the IR is the rest of the file."""
        from llh_opt.passes.instrumentation import ReproducerError, parse_reproducer

        opts = self.opts
        try:
            ir, settings = parse_reproducer(text)
        except ReproducerError as e:
            raise UsageError(f"invalid reproducer '{opts.input}': {e}") from None
        if settings is None:
            raise UsageError(
                f"'{opts.input}' holds no 'mlir_reproducer' resource to run "
                "(--run-reproducer needs a file written by --mlir-pass-pipeline-crash-reproducer)"
            )
        if opts.pass_flags:
            raise UsageError("'--run-reproducer' cannot be used with individual pass options")
        opts.pass_pipeline = settings["pipeline"]
        opts.disable_threading = bool(settings.get("disable_threading", opts.disable_threading))
        opts.verify_each = bool(settings.get("verify_each", opts.verify_each))
        return ir

    @contextlib.contextmanager
    def _open_action_log(self):  # type: ignore[no-untyped-def]
        """`--log-actions-to=FILE` (`-`: stdout): the stream pass executions are logged to."""
        path = self.opts.log_actions_to
        if path is None:
            yield
            return
        if path == "-":
            # mlir-opt writes the log to stdout for `-` (its help says stderr).
            self.action_log = sys.stdout
            self.stderr.write("ExecutionContext registered on the context\n")
            yield
            return
        try:
            f = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as e:
            raise UsageError(f"cannot open action log file '{path}': {e.strerror}") from None
        with f:
            self.stderr.write("ExecutionContext registered on the context\n")
            self.action_log = f
            yield

    def write_output(self, data: str | bytes | _PendingPrint) -> int:
        out = self.opts.output
        if out == "-":
            if isinstance(data, _PendingPrint):
                data.write_to(sys.stdout.write, None)
            elif isinstance(data, bytes):
                sys.stdout.buffer.write(data)
            else:
                sys.stdout.write(data)
            sys.stdout.flush()
            return 0
        # Through symlinks to the file they name; a device or FIFO (`-o /dev/null`) is written in
        # place: renaming a temporary file over it would replace the device node itself.
        target = os.path.realpath(out)
        try:
            if os.path.exists(target) and not stat.S_ISREG(os.stat(target).st_mode):
                with open(target, "wb") as fb:
                    if isinstance(data, _PendingPrint):
                        # Restarting on the null device is a no-op: what it was given is gone.
                        restart = _no_restart if _is_null_device(target) else None
                        data.write_to(lambda s: fb.write(_encode(s)), restart)
                    else:
                        fb.write(data if isinstance(data, bytes) else _encode(data))
                return 0
            mode = _output_mode(target)
            fd, tmp = _create_temporary(os.path.dirname(target))
            try:
                with os.fdopen(fd, "wb") as fb:
                    if isinstance(data, _PendingPrint):

                        def restart() -> None:
                            fb.seek(0)
                            fb.truncate()

                        data.write_to(lambda s: fb.write(_encode(s)), restart)
                    else:
                        fb.write(data if isinstance(data, bytes) else _encode(data))
                os.chmod(tmp, mode)  # created 0600; keep the file's mode or the umask's
                os.replace(tmp, target)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
        except OSError as e:
            self.stderr.write(f"llh-opt: error: cannot write output file '{out}': {e.strerror}\n")
            return 1
        return 0


def _create_temporary(directory: str) -> tuple[int, str]:
    """A new private (0600) file beside the output, opened for writing: (descriptor, path).

    What `tempfile.mkstemp` does, without importing `tempfile` (start-up time)."""
    for attempt in range(100):
        path = os.path.join(directory, f".llh-opt-{os.getpid()}-{attempt}.tmp")
        try:
            fd = os.open(
                path, os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600
            )
        except FileExistsError:
            continue
        return fd, path
    raise FileExistsError(f"no free temporary file name in {directory}")


def _output_mode(path: str) -> int:
    """The mode an output file gets: an existing file's, else 0666 minus the umask (as `open`)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def _encode(text: str) -> bytes:
    return text.encode("utf-8", errors="surrogateescape")


class _PendingPrint:
    """A module whose printing waits for the output to be opened, so that its text is streamed
    there in pieces (``printer.write_operation``) rather than built as one string first."""

    __slots__ = ("end", "module", "options")

    def __init__(self, module: Any, options: dict[str, Any], end: str) -> None:
        self.module = module
        self.options = options
        self.end = end

    def write_to(self, write: Any, restart: Any) -> None:
        """Print to `write`; `restart()` (or None) discards what was written (see
        `write_operation`)."""
        from llh_opt.printer import write_operation

        write_operation(self.module, write, restart, **self.options)
        if self.end:
            write(self.end)


def _no_restart() -> None:
    return None


def _is_null_device(path: str) -> bool:
    """Whether `path` is the null device (`/dev/null`), where written bytes are discarded."""
    try:
        st = os.stat(path)
        null = os.stat(os.devnull)
    except OSError:
        return False
    return stat.S_ISCHR(st.st_mode) and st.st_rdev == null.st_rdev


def _dialects_and_ops() -> dict[str, list[str]]:
    """Registered dialect namespace → its op names (sorted)."""
    from llh_opt.dialects import load_all

    load_all()  # every dialect registered (a plain run loads them on demand)
    from llh_opt.ir.core import OP_CLASSES

    out: dict[str, list[str]] = {}
    for name in sorted(OP_CLASSES):
        out.setdefault(name.partition(".")[0], []).append(name)
    return out


def show_dialects_text() -> str:
    """`--show-dialects`, as mlir-opt prints it."""
    return "Available Dialects: " + ",".join(sorted(_dialects_and_ops())) + "\n"


def show_ops_text(dialect: str | None = None) -> str:
    """`--show-ops`: every registered operation, one per line, grouped by dialect;
    `--show-ops=<dialect>`: that dialect's op reference (operands, results, properties, what each
    class implements) as a Markdown table, the README's LLH op reference."""
    if dialect:
        from llh_opt.op_reference import op_reference

        if dialect not in _dialects_and_ops():
            raise UsageError(f"for the --show-ops option: no dialect named '{dialect}'")
        return op_reference(dialect)
    lines = []
    for dialect, ops in sorted(_dialects_and_ops().items()):
        lines.append(f"{dialect}:")
        lines.extend(f"  {op}" for op in ops)
    return "\n".join(lines) + "\n"


def help_text() -> str:
    from llh_opt.cli_options import format_help
    from llh_opt.passes.registry import format_pass_list

    pass_lines = ["    " + line if line else line for line in format_pass_list().splitlines()]
    return format_help(sorted(_dialects_and_ops()), pass_lines)


def list_passes_text() -> str:
    from llh_opt.passes import all_passes

    lines = ["Registered passes:"]
    for p in all_passes():
        aliases = f" (alias: {', '.join(p.ALIASES)})" if p.ALIASES else ""
        lines.append(f"  {p.NAME}{aliases}: {p.SUMMARY}")
        for oname, o in p.OPTIONS.items():
            lines.append(f"    --{oname}=<{o.type_name}> (default {o.default_text}): {o.help}")
    return "\n".join(lines) + "\n"


def version_text() -> str:
    return (
        f"llh-opt {__version__}\n"
        f"  follows MLIR/LLVM {MLIR_VERSION} (mlir-opt's flags, pass names and output formats)\n"
    )


def run_cli(argv: Sequence[str], stderr: IO[str] | None = None) -> int:
    """Run llh-opt with `argv` (without the program name); returns the exit code."""
    err = stderr if stderr is not None else sys.stderr
    try:
        names = {a.lstrip("-").partition("=")[0] for a in argv if a.startswith("-")}
        if "help" in names or "h" in names:
            sys.stdout.write(help_text())
            return 0
        if "version" in names:
            sys.stdout.write(version_text())
            return 0
        if "list-passes" in names:
            sys.stdout.write(list_passes_text())
            return 0
        if "show-dialects" in names:
            sys.stdout.write(show_dialects_text())
            return 0
        if "show-ops" in names:
            value = next(
                (a.partition("=")[2] for a in argv if a.lstrip("-").startswith("show-ops=")), None
            )
            sys.stdout.write(show_ops_text(value))
            return 0
        opts = parse_arguments(argv)
        return OptRunner(opts, err).run()
    except UsageError as e:
        err.write(f"llh-opt: error: {e}\n")
        return 1
    except DiagnosticError as e:
        for d in e.diagnostics:
            err.write(f"llh-opt: error: {d.message}\n")
        return 1
    except KeyboardInterrupt:
        return 130
    except RecursionError as e:
        err.write(format_internal_error(e) + "\n")
        return 2
    except Exception as e:  # noqa: BLE001 - any other exception is a bug in llh-opt
        err.write(format_internal_error(e) + "\n")
        if os.environ.get("LLH_OPT_TRACEBACK"):
            raise
        return 2


def main() -> None:
    """Console-script entry point."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    # Integers of any size an MLIR type can hold print and parse (literals.literal_magnitude
    # keeps the conversion of longer literals from running at all).
    sys.set_int_max_str_digits(0)
    sys.exit(run_cli(sys.argv[1:]))


__all__ = ["Diagnostic", "Options", "OptRunner", "Severity", "main", "parse_arguments", "run_cli"]
