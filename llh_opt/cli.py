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
import tempfile
from dataclasses import dataclass, field
from typing import IO
from collections.abc import Sequence

import click

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

# Flags of the driver itself (not passes). Value-taking ones are listed with True.
DRIVER_FLAGS: dict[str, bool] = {
    "o": True,
    "split-input-file": False,
    "mlir-print-op-generic": False,
    "mlir-print-debuginfo": False,
    "allow-unregistered-dialect": False,
    "verify-diagnostics": False,
    "pass-pipeline": True,
    "mlir-print-ir-before-all": False,
    "mlir-print-ir-after-all": False,
    "mlir-timing": False,
    "verify-each": False,
    "list-passes": False,
    "version": False,
    "help": False,
    "emit": True,
    "opt-level": True,
    "O0": False,
    "O1": False,
    "O2": False,
    "O3": False,
    "target-triple": True,
    "target-cpu": True,
    "target-features": True,
}

EMIT_KINDS = ("mlir", "llvm", "asm", "obj", "header")
"""`--emit`: the module after the passes, LLVM IR, assembly, an object file (needs -o), a C header.
Kept in step with `llh_opt.codegen.llvm.options.EMIT_KINDS` (not imported: start-up time)."""


class UsageError(Exception):
    """A command-line mistake: printed as `llh-opt: error: ...`, exit 1."""


@dataclass
class Options:
    input: str = "-"
    output: str = "-"
    split_input_file: bool = False
    generic: bool = False
    debuginfo: bool = False
    allow_unregistered: bool = False
    verify_diagnostics: bool = False
    only_expected: bool = False
    pass_pipeline: str | None = None
    pass_flags: list[tuple[str, str | None]] = field(default_factory=list)
    print_ir_before_all: bool = False
    print_ir_after_all: bool = False
    timing: bool = False
    verify_each: bool = True
    emit: str = "mlir"
    emit_explicit: bool = False
    opt_level: int = 2
    target_triple: str = ""
    target_cpu: str = ""
    target_features: str = ""


def _bool_value(name: str, value: str | None) -> bool:
    if value is None or value.lower() in ("true", "1", "on", "yes"):
        return True
    if value.lower() in ("false", "0", "off", "no"):
        return False
    raise UsageError(f"'{value}' is invalid value for boolean argument '--{name}'! Try 0 or 1")


def parse_arguments(argv: Sequence[str]) -> Options:
    """Parse mlir-opt style arguments, keeping pass flags in their command-line order."""
    from llh_opt.passes import lookup_pass

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
        if name in DRIVER_FLAGS:
            if DRIVER_FLAGS[name] and val is None:
                if i >= len(args):
                    raise UsageError(f"option '-{name}' requires a value")
                val = args[i]
                i += 1
            _apply_driver_flag(opts, name, val)
            continue
        if lookup_pass(name) is not None:
            opts.pass_flags.append((name, val))
            continue
        raise UsageError(f"Unknown command line argument '{arg}'.  Try: 'llh-opt --help'")
    if len(positional) > 1:
        raise UsageError(
            f"Too many positional arguments specified! Can specify at most 1 (got {len(positional)})"
        )
    if positional:
        opts.input = positional[0]
    if opts.pass_pipeline is not None and opts.pass_flags:
        raise UsageError("'--pass-pipeline' cannot be used with individual pass options")
    if not opts.emit_explicit and _runs_lower_to_llvm(opts):
        opts.emit = "llvm"
    if opts.emit == "obj" and opts.output == "-":
        raise UsageError("'--emit=obj' writes a binary object: give an output file with -o")
    if opts.emit == "obj" and opts.split_input_file:
        raise UsageError("'--emit=obj' cannot be used with '--split-input-file'")
    return opts


def _runs_lower_to_llvm(opts: Options) -> bool:
    """`--lower-to-llvm` (as a flag or in the pipeline) makes LLVM IR the default output."""
    if any(name == "lower-to-llvm" for name, _ in opts.pass_flags):
        return True
    return opts.pass_pipeline is not None and "lower-to-llvm" in opts.pass_pipeline


def _apply_driver_flag(opts: Options, name: str, val: str | None) -> None:
    if name == "o":
        opts.output = val or "-"
    elif name == "split-input-file":
        opts.split_input_file = _bool_value(name, val)
    elif name == "mlir-print-op-generic":
        opts.generic = _bool_value(name, val)
    elif name == "mlir-print-debuginfo":
        opts.debuginfo = _bool_value(name, val)
    elif name == "allow-unregistered-dialect":
        opts.allow_unregistered = _bool_value(name, val)
    elif name == "verify-diagnostics":
        if val == "only-expected":
            opts.verify_diagnostics = opts.only_expected = True
        elif val == "all":
            opts.verify_diagnostics = True
        else:
            opts.verify_diagnostics = _bool_value(name, val)
    elif name == "pass-pipeline":
        opts.pass_pipeline = val
    elif name == "mlir-print-ir-before-all":
        opts.print_ir_before_all = _bool_value(name, val)
    elif name == "mlir-print-ir-after-all":
        opts.print_ir_after_all = _bool_value(name, val)
    elif name == "mlir-timing":
        opts.timing = _bool_value(name, val)
    elif name == "verify-each":
        opts.verify_each = _bool_value(name, val)
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


def split_chunks(text: str) -> list[tuple[str, int, int]]:
    """Split at every `// -----` (as mlir-opt does, wherever it occurs): (chunk text, first line,
    first column) for each chunk, so diagnostics report positions in the original file."""
    chunks = []
    start = 0
    line, col = 1, 1
    while True:
        end = text.find(SPLIT_MARKER, start)
        if end < 0:
            chunks.append((text[start:], line, col))
            return chunks
        chunks.append((text[start:end], line, col))
        consumed = text[start : end + len(SPLIT_MARKER)]
        nl = consumed.count("\n")
        if nl:
            line += nl
            col = len(consumed) - consumed.rfind("\n")
        else:
            col += len(consumed)
        start = end + len(SPLIT_MARKER)


class OptRunner:
    """Runs one llh-opt invocation: parse each chunk, verify, run the pipeline, print."""

    def __init__(self, opts: Options, stderr: IO[str]) -> None:
        self.opts = opts
        self.stderr = stderr
        self.srcmgr = SourceManager()
        self.engine = DiagnosticEngine(self.srcmgr, stderr, collect=opts.verify_diagnostics)
        self.timing = None
        if opts.timing:
            from llh_opt.passes import TimingManager

            self.timing = TimingManager()

    def _phase(self, name: str):  # type: ignore[no-untyped-def]
        """A timer context for a driver phase ("Parser", "Output") when --mlir-timing is on."""
        if self.timing is None:
            return contextlib.nullcontext()
        return self.timing.nest(name, name).measure()

    def build_pass_manager(self):  # type: ignore[no-untyped-def]
        from llh_opt.passes import PassManager

        opts = self.opts
        if opts.pass_pipeline is not None:
            pm = PassManager.parse(opts.pass_pipeline)
        else:
            pm = PassManager.from_flags(opts.pass_flags)
        pm.verify_each = opts.verify_each
        pm.print_ir_before_all = opts.print_ir_before_all
        pm.print_ir_after_all = opts.print_ir_after_all
        pm.timing = self.timing if self.timing is not None else False
        pm.allow_unregistered = opts.allow_unregistered
        pm.ir_stream = self.stderr
        pm.generic = opts.generic
        pm.debuginfo = opts.debuginfo
        return pm

    def process_chunk(  # type: ignore[no-untyped-def]
        self, text: str, filename: str, first_line: int, first_col: int, pm
    ) -> str | bytes | None:
        """Output text for one chunk, or None when it failed (diagnostics already emitted)."""
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
                # The parsed IR lives until exit: move it out of the cyclic GC's sight so later
                # collections scan only what passes allocate (a 100k-op module otherwise costs
                # ~1 s of GC traversals during verify/print; tools/bench figures).
                gc.freeze()
                verify(module, allow_unregistered=opts.allow_unregistered, diagnostics=self.engine)
            pm.run(module, allow_unregistered=opts.allow_unregistered, diagnostics=self.engine)
            if opts.emit != "mlir":
                with self._phase("Translate"):
                    return self.translate(module)
        except DiagnosticError as err:
            self.engine.emit_all(self._with_op_notes(err))
            return None
        with self._phase("Output"):
            # mlir-opt ends each printed module with one more newline.
            return print_operation(module, generic=opts.generic, debuginfo=opts.debuginfo) + "\n"

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
        self.srcmgr.add_buffer(filename, text)
        try:
            pm = self.build_pass_manager()
        except DiagnosticError as err:
            self.engine.emit_all(err.diagnostics)
            self.engine.flush()
            return 1
        chunks = split_chunks(text) if opts.split_input_file else [(text, 1, 1)]
        outputs: list[str | bytes] = []
        failed = False
        for chunk, first_line, first_col in chunks:
            out = self.process_chunk(chunk, filename, first_line, first_col, pm)
            if out is None:
                failed = True
            outputs.append(out if out is not None else "")
        self.engine.flush()
        if self.timing is not None:
            self.stderr.write(self.timing.report())
        if opts.verify_diagnostics:
            from llh_opt.verify_diagnostics import ExpectedDiagnostics

            expected = ExpectedDiagnostics.from_text(filename, text)
            problems = expected.verify(self.engine.diagnostics, only_expected=opts.only_expected)
            out_engine = DiagnosticEngine(self.srcmgr, self.stderr)
            out_engine.emit_all(problems)
            out_engine.flush()
            failed = bool(problems)
        if opts.emit == "obj":
            data: str | bytes = outputs[0] if outputs else b""
        else:
            data = OUTPUT_SPLIT.join(o for o in outputs if isinstance(o, str))
        if failed:
            # Like mlir-opt, what did succeed still goes to stdout; never to an -o file.
            if self.opts.output == "-" and any(outputs) and isinstance(data, str):
                sys.stdout.write(data)
            return 1
        return self.write_output(data)

    def write_output(self, data: str | bytes) -> int:
        out = self.opts.output
        if out == "-":
            if isinstance(data, bytes):
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
                    fb.write(data if isinstance(data, bytes) else _encode(data))
                return 0
            mode = _output_mode(target)
            fd, tmp = tempfile.mkstemp(prefix=".llh-opt-", dir=os.path.dirname(target))
            try:
                with os.fdopen(fd, "wb") as fb:
                    fb.write(data if isinstance(data, bytes) else _encode(data))
                os.chmod(tmp, mode)  # mkstemp makes 0600; keep the file's mode or the umask's
                os.replace(tmp, target)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
                raise
        except OSError as e:
            self.stderr.write(f"llh-opt: error: cannot write output file '{out}': {e.strerror}\n")
            return 1
        return 0


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


def help_text() -> str:
    from llh_opt.passes import all_passes

    lines = [
        "OVERVIEW: LLH modular optimizer driver",
        "",
        "USAGE: llh-opt [options] <input file>",
        "",
        "OPTIONS:",
        "  -o <filename>                     Output filename (written only on success)",
        "  --allow-unregistered-dialect      Allow operations of unregistered dialects",
        "  --split-input-file                Split the input at '// -----' and process each chunk",
        "  --verify-diagnostics[=only-expected]  Check emitted diagnostics against expected-* comments",
        "  --mlir-print-op-generic           Print every operation in the generic form",
        "  --mlir-print-debuginfo            Print locations",
        "  --pass-pipeline=<pipeline>        A textual pass pipeline, e.g. builtin.module(canonicalize)",
        "  --mlir-print-ir-before-all        Print the IR before each pass",
        "  --mlir-print-ir-after-all         Print the IR after each pass",
        "  --mlir-timing                     Report the wall time of each pass",
        "  --verify-each[=false]             Verify the IR after each pass (default on)",
        "  --list-passes                     List the registered passes",
        "  --version                         Print the version",
        "  --emit=<kind>                     Output: mlir (default), llvm (LLVM IR), asm, obj (needs -o),",
        "                                    header (C declarations of the entry points);",
        "                                    --lower-to-llvm makes llvm the default",
        "  --opt-level=<0-3>, -O0..-O3       LLVM optimization level (default 2)",
        "  --target-triple=<triple>          Generate code for this target (default: the host)",
        "  --target-cpu=<cpu>                Target CPU (default: the host's, or generic)",
        "  --target-features=<+f,-g>         Target features (default: the host's)",
        "",
        'Passes (run in command-line order; options as --name="k=v k2=v2"):',
    ]
    for p in all_passes():
        lines.append(f"  --{p.NAME:<32} {p.SUMMARY}")
        for oname, o in p.OPTIONS.items():
            lines.append(f"      {oname:<30} {o.help}")
    return "\n".join(lines) + "\n"


def list_passes_text() -> str:
    from llh_opt.passes import all_passes

    lines = ["Registered passes:"]
    for p in all_passes():
        aliases = f" (alias: {', '.join(p.ALIASES)})" if p.ALIASES else ""
        lines.append(f"  {p.NAME}{aliases}: {p.SUMMARY}")
        for oname, o in p.OPTIONS.items():
            lines.append(f"    --{oname}=<{o.type_name}> (default {o.default_text}): {o.help}")
    return "\n".join(lines) + "\n"


@click.command(
    context_settings={
        "ignore_unknown_options": True,
        "allow_extra_args": True,
        "help_option_names": [],
    },
    add_help_option=False,
)
@click.argument("argv", nargs=-1, type=click.UNPROCESSED)
def _click_main(argv: tuple[str, ...]) -> None:
    sys.exit(run_cli(list(argv)))


def run_cli(argv: Sequence[str], stderr: IO[str] | None = None) -> int:
    """Run llh-opt with `argv` (without the program name); returns the exit code."""
    err = stderr if stderr is not None else sys.stderr
    try:
        names = {a.lstrip("-").partition("=")[0] for a in argv if a.startswith("-")}
        if "help" in names or "h" in names:
            sys.stdout.write(help_text())
            return 0
        if "version" in names:
            sys.stdout.write(f"llh-opt {__version__}\n")
            return 0
        if "list-passes" in names:
            sys.stdout.write(list_passes_text())
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
    _click_main.main(args=sys.argv[1:], prog_name="llh-opt", standalone_mode=True)


__all__ = ["Diagnostic", "Options", "OptRunner", "Severity", "main", "parse_arguments", "run_cli"]
