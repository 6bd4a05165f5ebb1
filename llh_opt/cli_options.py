"""The driver's command-line options as data: spelling, value kind, help text and `--help` group
(laid out as mlir-opt's llvm::cl help), plus LLVM's "Did you mean" nearest-name rule.

Parsing the command line and running things is ``cli.py``'s job; pass options live with passes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

__all__ = ["DRIVER_OPTIONS", "CLOption", "format_help"]


class CLOption(NamedTuple):
    """One option: `value` is "" (a flag, `=true/false` accepted), "required" (`--x=V` or
    `--x V`) or "optional" (`--x` or `--x=V`); `choices` are (value, help) pairs."""

    name: str
    value: str
    value_name: str
    help: str
    group: str = "General options"
    choices: tuple[tuple[str, str], ...] = ()


_G = "General options"

DRIVER_OPTIONS: tuple[CLOption, ...] = (
    CLOption("color", "", "", "Use colors in output (default=autodetect)", "Color Options"),
    CLOption("allow-unregistered-dialect", "", "", "Allow operation with no registered dialects"),
    CLOption("dump-pass-pipeline", "", "", "Print the pipeline that will be run"),
    CLOption(
        "progress",
        "",
        "",
        "Report each phase and pass on stderr as it starts and ends, with its time (off by "
        "default; for long runs)",
    ),
    CLOption(
        "emit",
        "required",
        "value",
        "Output kind (--lower-to-llvm makes llvm the default)",
        _G,
        (
            ("mlir", "The module after the passes (default)"),
            ("llvm", "LLVM IR"),
            ("asm", "Target assembly"),
            ("obj", "An object file (needs -o)"),
            ("header", "C declarations of the entry points"),
        ),
    ),
    CLOption("emit-bytecode", "", "", "Emit bytecode when generating output (not supported)"),
    CLOption("list-passes", "", "", "Print the list of registered passes and exit"),
    CLOption(
        "log-actions-to",
        "required",
        "string",
        "Log action execution to a file, or stderr if  '-' is passed",
    ),
    CLOption(
        "mlir-diagnostic-verbosity-level",
        "required",
        "value",
        "Choose level of diagnostic information",
        _G,
        (
            ("errors", "Errors only"),
            ("warnings", "Errors and warnings"),
            ("remarks", "Errors, warnings and remarks"),
        ),
    ),
    CLOption(
        "mlir-disable-threading",
        "",
        "",
        "Disable multi-threading within MLIR (llh-opt always runs passes on one thread)",
    ),
    CLOption(
        "mlir-elide-elementsattrs-if-larger",
        "required",
        "uint",
        'Elide ElementsAttrs with "..." that have more elements than the given upper limit',
    ),
    CLOption(
        "mlir-pass-pipeline-crash-reproducer",
        "required",
        "string",
        "Generate a .mlir reproducer file at the given output path if the pass manager crashes "
        "or fails",
    ),
    CLOption(
        "mlir-pass-pipeline-local-reproducer",
        "",
        "",
        "When generating a crash reproducer, attempt to generated a reproducer with the smallest "
        "pipeline.",
    ),
    CLOption("mlir-pass-statistics", "", "", "Display the statistics of each pass"),
    CLOption(
        "mlir-pass-statistics-display",
        "required",
        "value",
        "Display method for pass statistics",
        _G,
        (
            ("list", "display the results in a merged list sorted by pass name"),
            ("pipeline", "display the results with a nested pipeline view"),
        ),
    ),
    CLOption("mlir-print-debuginfo", "", "", "Print debug info in MLIR output"),
    CLOption("mlir-print-ir-after", "required", "pass-arg", "Print IR after specified passes"),
    CLOption("mlir-print-ir-after-all", "", "", "Print IR after each pass"),
    CLOption(
        "mlir-print-ir-after-change",
        "",
        "",
        "When printing the IR after a pass, only print if the IR changed",
    ),
    CLOption(
        "mlir-print-ir-after-failure",
        "",
        "",
        "When printing the IR after a pass, only print if the pass failed",
    ),
    CLOption("mlir-print-ir-before", "required", "pass-arg", "Print IR before specified passes"),
    CLOption("mlir-print-ir-before-all", "", "", "Print IR before each pass"),
    CLOption(
        "mlir-print-ir-module-scope",
        "",
        "",
        "When printing IR for print-ir-[before|after]{-all} always print the top-level operation",
    ),
    CLOption(
        "mlir-print-ir-tree-dir",
        "required",
        "string",
        "When printing the IR before/after a pass, print file tree rooted at this directory. "
        "Use in conjunction with mlir-print-ir-* flags",
    ),
    CLOption(
        "mlir-print-local-scope",
        "",
        "",
        "Print with local scope and inline information (eliding aliases for attributes, types, "
        "and locations)",
    ),
    CLOption("mlir-print-op-generic", "", "", "Print the generic op form"),
    CLOption("mlir-print-skip-regions", "", "", "Skip regions when printing ops."),
    CLOption(
        "mlir-print-unique-ssa-ids",
        "",
        "",
        "Print unique SSA ID numbers for values, block arguments and naming conflicts across all "
        "regions",
    ),
    CLOption(
        "mlir-print-value-users",
        "",
        "",
        "Print users of operation results and block arguments as a comment",
    ),
    CLOption("mlir-timing", "", "", "Display execution times"),
    CLOption(
        "mlir-timing-display",
        "required",
        "value",
        "Display method for timing data",
        _G,
        (
            ("list", "display the results in a list sorted by total time"),
            ("tree", "display the results ina with a nested tree view"),
        ),
    ),
    CLOption(
        "no-implicit-module",
        "",
        "",
        "Disable implicit addition of a top-level module op during parsing",
    ),
    CLOption("o", "required", "filename", "Output filename (written only on success)"),
    CLOption("opt-level", "required", "0-3", "LLVM optimization level for --emit (default 2)"),
    CLOption("O0", "", "", "Same as --opt-level=0"),
    CLOption("O1", "", "", "Same as --opt-level=1"),
    CLOption("O2", "", "", "Same as --opt-level=2"),
    CLOption("O3", "", "", "Same as --opt-level=3"),
    CLOption(
        "output-split-marker", "required", "string", "Split marker to use for merging the ouput"
    ),
    CLOption(
        "pass-pipeline", "required", "string", "Textual description of the pass pipeline to run"
    ),
    CLOption("run-reproducer", "", "", "Run the pipeline stored in the reproducer"),
    CLOption("show-dialects", "", "", "Print the list of registered dialects and exit"),
    CLOption(
        "show-ops",
        "optional",
        "dialect",
        "Print the list of registered operations and exit (=<dialect>: that dialect's op "
        "reference table)",
    ),
    CLOption(
        "split-input-file",
        "optional",
        "string",
        "Split the input file into chunks using the given or default marker and process each "
        "chunk independently",
    ),
    CLOption(
        "target-cpu", "required", "cpu", "Target CPU for --emit (default: the host's, or generic)"
    ),
    CLOption(
        "target-features", "required", "+f,-g", "Target features for --emit (default: the host's)"
    ),
    CLOption(
        "target-triple", "required", "triple", "Generate code for this target (default: the host)"
    ),
    CLOption(
        "threads",
        "required",
        "N",
        "Threads of parallel loops in the generated code (default 0: the online CPUs; "
        "LLH_NUM_THREADS overrides it at run time)",
    ),
    CLOption(
        "verify-diagnostics",
        "optional",
        "value",
        "Check that emitted diagnostics match expected-* lines on the corresponding line",
        _G,
        (
            ("all", "Check all diagnostics (expected, unexpected, near-misses)"),
            ("only-expected", "Check only expected diagnostics"),
        ),
    ),
    CLOption("verify-each", "", "", "Run the verifier after each transformation pass"),
    CLOption("verify-roundtrip", "", "", "Round-trip the IR after parsing and ensure it succeeds"),
    CLOption("help", "", "", "Display available options", "Generic Options"),
    CLOption("version", "", "", "Display the version of this program", "Generic Options"),
)


def _spec(opt: CLOption) -> str:
    dash = "-" if opt.name == "o" else "--"
    if opt.name == "o":
        return "-o <filename>"
    if opt.value == "required":
        return f"{dash}{opt.name}=<{opt.value_name}>"
    if opt.value == "optional":
        return f"{dash}{opt.name}[=<{opt.value_name}>]"
    return f"{dash}{opt.name}"


def format_help(
    dialects: Iterable[str], pass_lines: list[str], overview: str = "LLH modular optimizer driver"
) -> str:
    """`--help` in llvm::cl's layout: groups, options sorted, descriptions after ` - ` in one
    column; the passes ("Compiler passes to run") sit where mlir-opt puts them, as
    `pass_lines` (already indented by the caller)."""
    width = max(len(_spec(o)) for o in DRIVER_OPTIONS) + 4
    width = max(width, max((len(line.split(" - ")[0]) for line in pass_lines), default=0))
    groups: dict[str, list[CLOption]] = {}
    for o in DRIVER_OPTIONS:
        groups.setdefault(o.group, []).append(o)
    out = [
        f"OVERVIEW: {overview}",
        "",
        "Available Dialects: " + ", ".join(dialects),
        "USAGE: llh-opt [options] <input file>",
        "",
        "OPTIONS:",
    ]
    for group in ("Color Options", "General options", "Generic Options"):
        out.append("")
        out.append(f"{group}:")
        out.append("")
        passes_done = False
        for o in sorted(groups[group], key=lambda o: o.name.lower()):
            if group == "General options" and not passes_done and o.name.lower() > "compiler":
                out.append("  Compiler passes to run")
                out.extend(
                    line if " - " not in line else _align(line, width) for line in pass_lines
                )
                passes_done = True
            out.append(f"  {_spec(o).ljust(width)} - {o.help}")
            for value, text in o.choices:
                out.append(f"    {('=' + value).ljust(width - 2)} -   {text}")
    return "\n".join(out) + "\n"


def _align(line: str, width: int) -> str:
    head, _, tail = line.partition(" - ")
    return f"{head.rstrip().ljust(width + 2)} - {tail.lstrip()}"
