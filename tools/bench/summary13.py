"""Issue 13's front-half table in one command: llh-opt's parse/print speed, memory and start-up
as ratios to reference tools measured in the same run, plus the robustness rows.

What lives here: preparing the inputs (``run_bench.prepare_inputs``: ResNet-like 100k-op files,
plain and with ``#llh.encoding``, and a 300k-op file whose ops are all in the one ``@main``
block), timing ``TOOL --allow-unregistered-dialect FILE -o /dev/null`` for llh-opt and
torch-mlir-opt round-robin over every input (best of R runs, peak RSS through ``common.run_once``),
start-up on a small file against a bare ``python -c pass`` of llh-opt's own interpreter (best of
N, interleaved), the deep-nesting / huge-literal inputs (must end with exit 1 and one MLIR
diagnostic, never a traceback; or be accepted), and the pure row builders that turn those
figures into the table (measure, llh-opt, reference, ratio, target, met). ``--write-results``
appends the report to ``RESULTS.md``.

What does not live here: the input generator (``gen_resnet.py``), the general size sweep with
xdsl-opt and pass timing (``run_bench.py``), anything of ``llh_opt`` (only its executable runs).

Usage: ``python tools/bench/summary13.py [--torch-mlir-opt PATH] [--runs 3] [--startup-runs 10]
[--write-results]``; ``--quick`` for a smoke run (10k / 30k ops, 2 runs).
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import common  # noqa: E402
import run_bench  # noqa: E402

# Issue 13's targets (ratios to the reference measured in the same run).
TIME_RATIO = 4.0  # round trip at 100k (plain, enc) and 300k ops in one block vs torch-mlir-opt
RSS_GROWTH_RATIO = 2.0  # peak RSS growth at 100k ops vs torch-mlir-opt's growth
STARTUP_RATIO = 4.0  # llh-opt on a small file vs `python -c pass` of the same interpreter
SMALL_OPS = 100  # the "small file" of the start-up row
ROBUST_TIMEOUT = 60.0

HEADERS = ["measure", "llh-opt", "reference", "ref.", "ratio", "target", "met"]

# A diagnostic's first line, as `file:line:col: error: message`.
_DIAG = re.compile(r"^[^\s:][^:]*:\d+:\d+: error: \S")


# --------------------------------------------------------------------------- rows (pure)


@dataclass
class Row:
    """One line of the table; `met` is None when the run could not measure it."""

    measure: str
    llh: str
    ref: str
    ref_name: str
    ratio: str
    target: str
    met: bool | None

    def cells(self) -> list[str]:
        met = "–" if self.met is None else ("yes" if self.met else "**no**")
        return [self.measure, self.llh, self.ref, self.ref_name, self.ratio, self.target, met]


def _finite(x: float | None) -> bool:
    return x is not None and math.isfinite(x)


def ratio_row(
    measure: str,
    llh: float | None,
    ref: float | None,
    ref_name: str,
    limit: float,
    unit: str = "s",
) -> Row:
    """A row met when llh / ref <= limit (both measured, ref > 0). `unit` is "s" (seconds,
    three decimals) or "MiB" (values given in MiB, one decimal)."""

    def cell(v: float | None) -> str:
        if not _finite(v):
            return "–"
        assert v is not None
        return f"{v:.3f} s" if unit == "s" else f"{v:.1f} MiB"

    ok = _finite(llh) and _finite(ref) and ref is not None and ref > 0
    met = None if not ok else (llh is not None and ref is not None and llh / ref <= limit)
    return Row(
        measure,
        cell(llh),
        cell(ref),
        ref_name,
        common.fmt_ratio(llh, ref) if ok else "–",
        f"≤ {limit:g}×",
        met,
    )


def growth_mib(peak_kib: int | None, base_kib: int | None) -> float | None:
    """Peak RSS growth in MiB (peak on the file − peak on the empty module), None if either is
    unknown."""
    if peak_kib is None or base_kib is None:
        return None
    return (peak_kib - base_kib) / 1024.0


@dataclass
class RobustResult:
    """How llh-opt ended on one robustness input."""

    code: int | None  # None: timed out or could not start
    stderr: str
    seconds: float


def robust_verdict(expect_error: bool, res: RobustResult) -> tuple[bool, str]:
    """(passed, what happened). An input that must be rejected passes on exit 1 whose stderr
    starts with one `file:line:col: error: ...` diagnostic and has no Python traceback; one that
    must be accepted passes on exit 0 without a traceback."""
    if res.code is None:
        return False, f"no exit ({res.stderr or 'timeout'})"
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    traceback = "Traceback (most recent call last)" in res.stderr
    first = lines[0][:100] if lines else ""
    if traceback:
        return False, f"exit {res.code}, Python traceback"
    if expect_error:
        if res.code != 1:
            return False, f"exit {res.code}" + (f": {first}" if first else "")
        if not lines or not _DIAG.match(lines[0]):
            return False, f"exit 1 without a diagnostic ({first or 'no output'})"
        msg = lines[0].split(": error: ", 1)[1]
        return True, f"exit 1: error: {msg[:70]}"
    if res.code != 0:
        return False, f"exit {res.code}" + (f": {first}" if first else "")
    return True, "exit 0"


def robust_row(name: str, expect_error: bool, res: RobustResult) -> Row:
    ok, what = robust_verdict(expect_error, res)
    target = "exit 1 + diagnostic, no traceback" if expect_error else "accepted, no traceback"
    return Row(name, f"{what} ({res.seconds:.2f} s)", "–", "–", "–", target, ok)


# --------------------------------------------------------------------------- robustness inputs


def _regions(n: int) -> str:
    return '"t.r"() ({\n' * n + "}) : () -> ()\n" * n


def _loops(n: int) -> str:
    heads = "".join(f"    scf.for %i{k} = %a to %a step %a {{\n" for k in range(n))
    return "func.func @f(%a: index) {\n" + heads + "    }\n" * n + "  return\n}\n"


# name, expected error?, text, extra llh-opt flags (the loop nest uses registered ops only)
ROBUST_CASES: list[tuple[str, bool, Callable[[], str], list[str]]] = [
    ("deep nesting: 10k regions", True, lambda: _regions(10_000), []),
    ("deep nesting: 10k arrays", True, lambda: '"t.a"() {v = ' + "[" * 10_000 + "]" * 10_000
     + "} : () -> ()\n", []),
    ("deep nesting: 5k tuple types", True, lambda: '"t.a"() : () -> ' + "tuple<" * 5_000 + "i32"
     + ">" * 5_000 + "\n", []),
    ("deep nesting: 3k scf.for", True, lambda: _loops(3_000), []),
    ("huge literal: 100k-digit i64", True, lambda: '"t.a"() {v = ' + "9" * 100_000
     + " : i64} : () -> ()\n", []),
    ("huge literal: 10 MB string", False, lambda: '"t.a"() {v = "' + "x" * 10_000_000
     + '"} : () -> ()\n', []),
    ("huge literal: dense<> of 1M i32", False, lambda: '"t.a"() {v = dense<['
     + ",".join(["7"] * 1_000_000) + "]> : tensor<1000000xi32>} : () -> ()\n", []),
]  # fmt: skip


def run_robust(llh: str, progress: Callable[[str], None]) -> list[Row]:
    """Write every robustness input to the cache and run llh-opt on it once."""
    import time

    d = run_bench.CACHE / "robust"
    d.mkdir(parents=True, exist_ok=True)
    rows = []
    for i, (name, expect_error, make, flags) in enumerate(ROBUST_CASES):
        path = d / f"case{i}.mlir"
        text = make()
        if not path.exists() or path.stat().st_size != len(text.encode()):
            path.write_text(text, encoding="utf-8")
        progress(f"robustness: {name} ...")
        cmd = [llh, "--allow-unregistered-dialect", *flags, str(path), "-o", os.devnull]
        t0 = time.perf_counter()
        try:
            p = subprocess.run(
                cmd, capture_output=True, text=True, timeout=ROBUST_TIMEOUT, check=False
            )
            res = RobustResult(p.returncode, p.stderr, time.perf_counter() - t0)
        except subprocess.TimeoutExpired:
            res = RobustResult(None, f"timeout after {ROBUST_TIMEOUT:g} s", ROBUST_TIMEOUT)
        rows.append(robust_row(name, expect_error, res))
    return rows


# --------------------------------------------------------------------------- measuring


@dataclass
class Case:
    """One command timed over several interleaved rounds (best time, largest peak RSS)."""

    key: str
    cmd: list[str]
    runs: int
    timeout: float
    times: list[float] = field(default_factory=list)
    rss: list[int] = field(default_factory=list)
    error: str = ""

    @property
    def best(self) -> float | None:
        return min(self.times) if self.times and not self.error else None

    @property
    def maxrss(self) -> int | None:
        return max(self.rss) if self.rss and not self.error else None


def run_cases(cases: Sequence[Case], progress: Callable[[str], None]) -> None:
    """Every case `runs` times, round-robin (a burst of outside load spoils one run of many
    cases, not every run of one); a case that fails once is dropped."""
    for r in range(max((c.runs for c in cases), default=0)):
        for c in cases:
            if c.error or r >= c.runs:
                continue
            progress(f"{c.key}: run {r + 1}/{c.runs} ...")
            res = common.run_once(c.cmd, c.timeout)
            if not res.ok:
                c.error = res.error
                progress(f"{c.key}: failed: {res.error}")
                continue
            c.times.append(res.wall)
            if res.maxrss_kib is not None:
                c.rss.append(res.maxrss_kib)


def interpreter_of(exe: str) -> str:
    """The Python interpreter an entry-point script runs with (its `#!` line), else this one."""
    try:
        with open(exe, "rb") as f:
            first = f.readline(512).decode("utf-8", "replace").strip()
    except OSError:
        return sys.executable
    if first.startswith("#!"):
        parts = first[2:].split()
        if parts and os.path.basename(parts[0]) == "env" and len(parts) > 1:
            import shutil

            return shutil.which(parts[1]) or sys.executable
        if parts and os.access(parts[0], os.X_OK):
            return parts[0]
    return sys.executable


def find_llh_opt() -> str | None:
    """llh-opt next to the running interpreter (a worktree's venv), else as run_bench finds it."""
    cand = Path(sys.executable).parent / "llh-opt"
    if cand.is_file() and os.access(cand, os.X_OK):
        return str(cand)
    return run_bench.find_tool("llh-opt")


def find_reference(given: str | None) -> str | None:
    """torch-mlir-opt: --torch-mlir-opt, $TORCH_MLIR_OPT, or as run_bench finds it."""
    for cand in (given, os.environ.get("TORCH_MLIR_OPT")):
        if cand:
            return cand if os.access(cand, os.X_OK) else None
    return run_bench.find_tool("torch-mlir-opt")


def block_ops(path: Path) -> tuple[int, int]:
    """(ops in @main's body, blocks in @main) of a generated file, counted on its text: one op
    per line between `func.func @main` and its closing `}`, and every `^bb` label."""
    ops = blocks = 0
    inside = False
    with open(path, encoding="utf-8") as f:
        for line in f:
            s = line.strip()
            if not inside:
                inside = s.startswith("func.func @main")
                blocks = 1 if inside else 0
                continue
            if s == "}":
                break
            if s.startswith("^"):
                blocks += 1
            elif s:
                ops += 1
    return ops, blocks


# --------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", "-r", type=int, default=3, help="runs of each big input (best kept)")
    ap.add_argument("--startup-runs", type=int, default=10, help="runs of the start-up pair")
    ap.add_argument("--llh-opt", help="llh-opt to measure (default: next to this interpreter)")
    ap.add_argument("--torch-mlir-opt", help="reference tool (default: $TORCH_MLIR_OPT or PATH)")
    ap.add_argument("--ops", type=int, default=100_000, help="ops of the plain/enc inputs")
    ap.add_argument("--big-ops", type=int, default=300_000, help="ops of the one-block input")
    ap.add_argument("--timeout", type=float, default=300.0, help="timeout (s) of every run")
    ap.add_argument("--no-robust", action="store_true", help="skip the robustness rows")
    ap.add_argument("--quick", action="store_true", help="smoke run: 10k / 30k ops, 2 runs")
    ap.add_argument("--write-results", action="store_true", help="append to tools/bench/RESULTS.md")
    args = ap.parse_args(argv)
    if args.quick:
        args.ops, args.big_ops, args.runs, args.startup_runs = 10_000, 30_000, 2, 5
    if min(args.ops, args.big_ops) < 40:
        ap.error("--ops and --big-ops must be at least 40")

    def progress(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    llh = args.llh_opt or find_llh_opt()
    ref = find_reference(args.torch_mlir_opt)
    if llh is None:
        ap.error("llh-opt not found: give --llh-opt")
    if ref is None:
        ap.error("torch-mlir-opt not found: give --torch-mlir-opt or set $TORCH_MLIR_OPT")
    python = interpreter_of(llh)

    started = dt.datetime.now(dt.timezone.utc)
    load_start = common.uptime()
    machine = common.machine_info()
    n, big = run_bench.size_label(args.ops), run_bench.size_label(args.big_ops)
    inputs = run_bench.prepare_inputs([args.ops], ["plain", "enc"], 0, False)
    inputs += run_bench.prepare_inputs([args.big_ops], ["plain"], 0, False)
    small = run_bench.prepare_inputs([SMALL_OPS], ["plain"], 0, False)[0]
    empty = run_bench.empty_module()
    plain, enc, one_block = inputs
    ops_in_main, blocks = block_ops(one_block.path)
    notes = [
        f"`{one_block.label}`: {ops_in_main} ops in {blocks} block(s) of `@main`",
        f"llh-opt: `{llh}` ({run_bench.tool_version(llh)}); interpreter `{python}`",
        f"reference: `{ref}` ({run_bench.tool_version(ref)})",
    ]

    def tool_cmd(exe: str, path: Path) -> list[str]:
        return [exe, "--allow-unregistered-dialect", str(path), "-o", os.devnull]

    cases: dict[str, Case] = {}
    for tool, exe in (("llh", llh), ("ref", ref)):
        for inp, runs in ((empty, args.runs), (plain.path, args.runs), (enc.path, args.runs),
                          (one_block.path, args.runs)):  # fmt: skip
            key = f"{tool} {inp.name}"
            cases[key] = Case(key, tool_cmd(exe, inp), runs, args.timeout)
    # The start-up pair alternates on its own, many runs of a fraction of a second each.
    startup = {
        "llh small": Case("llh-opt small", tool_cmd(llh, small.path), args.startup_runs, 60.0),
        "python": Case("python -c pass", [python, "-c", "pass"], args.startup_runs, 60.0),
    }
    progress(f"# {machine}\n# {load_start}")
    run_cases(list(startup.values()), progress)
    run_cases(list(cases.values()), progress)

    def best(tool: str, p: Path) -> float | None:
        return cases[f"{tool} {p.name}"].best

    def peak(tool: str, p: Path) -> int | None:
        return cases[f"{tool} {p.name}"].maxrss

    refname = "torch-mlir-opt"
    rows = [
        ratio_row(f"round trip, {n} ops", best("llh", plain.path), best("ref", plain.path),
                  refname, TIME_RATIO),
        ratio_row(f"round trip, {n} ops, `#llh.encoding`", best("llh", enc.path),
                  best("ref", enc.path), refname, TIME_RATIO),
        ratio_row(f"round trip, {big} ops in one block", best("llh", one_block.path),
                  best("ref", one_block.path), refname, TIME_RATIO),
        ratio_row(f"peak RSS growth, {n} ops", growth_mib(peak("llh", plain.path),
                  peak("llh", empty)), growth_mib(peak("ref", plain.path), peak("ref", empty)),
                  refname, RSS_GROWTH_RATIO, unit="MiB"),
        ratio_row(f"start-up, {SMALL_OPS}-op file", startup["llh small"].best,
                  startup["python"].best, "`python -c pass`", STARTUP_RATIO),
    ]  # fmt: skip
    for c in [*startup.values(), *cases.values()]:
        if c.error:
            notes.append(f"{c.key}: failed — {c.error}")
    if not args.no_robust:
        rows += run_robust(llh, progress)
    load_end = common.uptime()

    command = "python tools/bench/summary13.py " + " ".join(
        shlex.quote(a) for a in (sys.argv[1:] if argv is None else argv)
    )
    lines = common.report_head(
        "issue 13: front half vs torch-mlir-opt", started, machine, load_start, load_end, command
    )
    lines += [common.md_table(HEADERS, [r.cells() for r in rows]), ""]
    peaks = [
        f"{t} {p.stem.split('-s0-')[0]} {v / 1024:.1f} MiB"
        for t, p in (
            ("llh-opt", empty),
            ("llh-opt", plain.path),
            ("ref", empty),
            ("ref", plain.path),
        )  # fmt: skip
        if (v := peak("llh" if t == "llh-opt" else "ref", p)) is not None
    ]
    lines += [
        (
            f"Round trip = best of {args.runs} wall times of `TOOL --allow-unregistered-dialect "
            "FILE -o /dev/null` (all inputs and both tools interleaved round-robin); peak RSS "
            "growth = peak RSS on the file − peak RSS on the empty module (peaks: "
            + "; ".join(peaks)
            + f"); start-up = best of {args.startup_runs} alternating runs of llh-opt on a "
            f"{SMALL_OPS}-op file and of its own interpreter's `-c pass`. Robustness rows: one "
            "run each of llh-opt on the input (— = no reference)."
        ),
        "",
        "Notes:",
        "",
        *(f"- {x}" for x in notes),
    ]
    text = "\n".join(lines) + "\n"
    if args.write_results:
        progress(f"appending to {common.RESULTS}")
    return common.emit_report(text, args.write_results)


if __name__ == "__main__":
    raise SystemExit(main())
