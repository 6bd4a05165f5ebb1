"""Benchmark runner: round-trip time, start-up time and peak RSS of opt-style MLIR tools.

What lives here: generating (or reusing from ``tools/bench/.cache/``) ResNet-like LLH inputs
with ``gen_resnet.py`` at several sizes, plain and with ``#llh.encoding``; running each
available tool (``llh-opt``, ``torch-mlir-opt``, ``xdsl-opt``) as
``TOOL --allow-unregistered-dialect FILE -o /dev/null`` (best of R runs), on an empty module
for start-up time, and optionally ``llh-opt`` with extra pass flags (``--passes``); printing a
Markdown report and, with ``--write-results``, appending it to ``tools/bench/RESULTS.md``.

What does not live here: the input generator (``gen_resnet.py``) and any checking of the
tools' output (it goes to ``/dev/null``; only the exit status is looked at).

Every measured run goes through a tiny fresh launcher process (``python -S -I``) that spawns
the tool, times it and reads its peak RSS (``ru_maxrss``) with ``os.wait4``; the figure is
therefore per run and not inflated by this process's own memory (see ``_LAUNCHER``).
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import launcher_floor_kib, machine_info, run_once  # noqa: E402

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"
RESULTS = HERE / "RESULTS.md"
GENERATOR = HERE / "gen_resnet.py"

TOOLS = ("llh-opt", "torch-mlir-opt", "xdsl-opt")
# xdsl-opt is pure Python, 0.4-0.6 ms/op here; above this size it only runs with --slow.
XDSL_MAX_OPS = 10_000
STARTUP_RUNS = 5
EMPTY_MODULE = "module {\n}\n"


# -- measuring: run_once (the launcher) and machine_info live in common.py ----------------


# -- inputs ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Input:
    label: str
    ops: int
    path: Path


@dataclass
class Case:
    """One command to time over several rounds (runs of different cases are interleaved)."""

    name: str  # tool, or "llh-opt FLAGS" for pass timing
    inp: Input
    cmd: list[str]
    runs: int
    timeout: float
    times: list[float] = field(default_factory=list)
    rss: list[int] = field(default_factory=list)
    error: str = ""

    @property
    def best(self) -> float:
        return min(self.times)

    @property
    def maxrss(self) -> int | None:
        return max(self.rss) if self.rss else None

    @property
    def variant(self) -> str:
        return "enc" if self.inp.label.endswith("-enc") else "plain"


def run_rounds(cases: list[Case], progress: Callable[[str], None]) -> None:
    """Run every case ``runs`` times, round-robin, so that a burst of load from other processes
    hits one run of many cases rather than every run of one case (the best run is kept).
    A case that fails is dropped; a timeout also drops the larger inputs of that variant."""
    rounds = max((c.runs for c in cases), default=0)
    for r in range(rounds):
        for i, c in enumerate(cases):
            if c.error or r >= c.runs:
                continue
            progress(f"{c.name}: {c.inp.label} run {r + 1}/{c.runs} ...")
            res = run_once(c.cmd, c.timeout)
            if not res.ok:
                c.error = res.error
                progress(f"{c.name}: {c.inp.label} failed: {res.error}")
                if res.timed_out:
                    for later in cases[i + 1 :]:
                        same = later.name == c.name and later.variant == c.variant
                        if same and later.inp.ops > c.inp.ops and not later.error:
                            later.error = f"not run (resnet-{size_label(c.inp.ops)} timed out)"
                continue
            c.times.append(res.wall)
            if res.maxrss_kib is not None:
                c.rss.append(res.maxrss_kib)


def parse_size(text: str) -> int:
    t = text.strip().lower()
    mult = 1
    if t.endswith("k"):
        mult, t = 1000, t[:-1]
    elif t.endswith("m"):
        mult, t = 1_000_000, t[:-1]
    return int(float(t) * mult)


def size_label(n: int) -> str:
    if n % 1_000_000 == 0:
        return f"{n // 1_000_000}M"
    if n % 1000 == 0:
        return f"{n // 1000}k"
    return str(n)


def generator_hash() -> str:
    return hashlib.sha1(GENERATOR.read_bytes()).hexdigest()[:10]


def prepare_inputs(
    sizes: Sequence[int], variants: Sequence[str], seed: int, regen: bool
) -> list[Input]:
    """Generate the input files into the cache unless an up-to-date copy is there."""
    sys.path.insert(0, str(HERE))
    import gen_resnet  # sibling script, imported lazily on purpose

    CACHE.mkdir(exist_ok=True)
    tag = generator_hash()
    for stale in CACHE.glob("resnet-*.mlir"):
        if f"-{tag}." not in stale.name:
            stale.unlink()
    inputs: list[Input] = []
    for n in sizes:
        for variant in variants:
            enc = variant == "enc"
            label = f"resnet-{size_label(n)}" + ("-enc" if enc else "")
            path = CACHE / f"{label}-s{seed}-{tag}.mlir"
            if regen or not path.exists():
                tmp = path.with_suffix(".tmp")
                tmp.write_text(gen_resnet.generate(n, encoding=enc, seed=seed), encoding="utf-8")
                tmp.replace(path)
            inputs.append(Input(label, n, path))
    return inputs


def empty_module() -> Path:
    CACHE.mkdir(exist_ok=True)
    path = CACHE / "empty.mlir"
    if not path.exists() or path.read_text(encoding="utf-8") != EMPTY_MODULE:
        path.write_text(EMPTY_MODULE, encoding="utf-8")
    return path


# -- tools and machine -----------------------------------------------------------------------


def find_tool(name: str) -> str | None:
    """``name`` on PATH, else next to the running interpreter, else in /opt/venv/bin."""
    found = shutil.which(name)
    if found:
        return found
    for d in (Path(sys.executable).parent, Path("/opt/venv/bin")):
        cand = d / name
        if cand.is_file() and os.access(cand, os.X_OK):
            return str(cand)
    return None


def tool_version(exe: str) -> str:
    try:
        out = subprocess.run(
            [exe, "--version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return "?"
    lines = [ln.strip() for ln in (out.stdout + out.stderr).splitlines() if ln.strip()]
    if out.returncode != 0 or not lines:
        return "?"
    wanted = [ln for ln in lines if "version" in ln.lower()]
    return (wanted or lines)[0]


def load_average() -> str:
    """1-minute load average (other processes on the machine skew the timings)."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:  # pragma: no cover
        return "?"


# -- report ----------------------------------------------------------------------------------


@dataclass
class Row:
    tool: str
    file: str
    ops: int
    time: float
    maxrss_kib: int | None
    startup: float = 0.0
    base_rss_kib: int | None = None


@dataclass
class Report:
    header: str
    command: str
    versions: dict[str, str] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)
    pass_rows: list[tuple[str, int, float, float]] = field(default_factory=list)
    passes: str = ""
    notes: list[str] = field(default_factory=list)
    unmeasured: dict[str, str] = field(default_factory=dict)
    floor_kib: int | None = None
    load: str = ""

    def render(self) -> str:
        mib = 1024.0
        out = [f"**Machine:** {self.header}", ""]
        if self.load:
            out += [f"**Load average (1 min):** {self.load}", ""]
        out += [f"**Command:** `{self.command}`", ""]
        if self.versions:
            out.append("**Tools:** " + "; ".join(f"`{t}`: {v}" for t, v in self.versions.items()))
            out.append("")
        out += [
            "| tool | file | ops | time s | µs/op | peak RSS MiB | RSS growth MiB |",
            "|---|---|---:|---:|---:|---:|---:|",
        ]
        for r in self.rows:
            per_op = f"{(r.time - r.startup) / r.ops * 1e6:.1f}" if r.ops else "–"
            rss = f"{r.maxrss_kib / mib:.1f}" if r.maxrss_kib is not None else "?"
            if not r.ops:
                growth = "–"
            elif r.maxrss_kib is not None and r.base_rss_kib is not None:
                growth = f"{(r.maxrss_kib - r.base_rss_kib) / mib:.1f}"
            else:
                growth = "?"
            out.append(
                f"| {r.tool} | {r.file} | {r.ops} | {r.time:.3f} | {per_op} | {rss} | {growth} |"
            )
        out += [
            "",
            (
                "time = best wall time of `TOOL --allow-unregistered-dialect FILE -o /dev/null`; "
                "`empty` rows are the start-up time (best of 5); µs/op = (time − start-up) / ops; "
                "RSS growth = peak RSS on FILE − peak RSS on the empty module."
            ),
        ]
        if self.floor_kib is not None:
            floor = self.floor_kib / mib
            out += [
                "",
                f"Peak RSS floor of the launcher: {floor:.1f} MiB (lower peaks show as it).",
            ]
        if self.pass_rows:
            out += [
                "",
                (
                    f"Pass timing for `llh-opt {self.passes}` (pass time = time with the flags − "
                    "plain round trip):"
                ),
                "",
                "| file | ops | with passes s | round trip s | pass s | pass µs/op | "
                "pass / round trip |",
                "|---|---:|---:|---:|---:|---:|---:|",
            ]
            for label, ops, with_p, plain in self.pass_rows:
                delta = with_p - plain
                out.append(
                    f"| {label} | {ops} | {with_p:.3f} | {plain:.3f} | {delta:.3f} | "
                    f"{delta / ops * 1e6:.1f} | {delta / plain:.2f}× |"
                )
        if self.notes or self.unmeasured:
            out += ["", "Notes:", ""]
            out += [f"- **{t}**: not yet measured — {why}" for t, why in self.unmeasured.items()]
            out += [f"- {n}" for n in self.notes]
        return "\n".join(out) + "\n"


def append_results(report: Report, date: str) -> None:
    if not RESULTS.exists():
        RESULTS.write_text(
            "# llh-opt benchmark results\n\nAppended by `tools/bench/run_bench.py --write-results`; "
            "see `tools/bench/README.md` for the method and the targets.\n",
            encoding="utf-8",
        )
    with RESULTS.open("a", encoding="utf-8") as f:
        f.write(f"\n## {date}\n\n{report.render()}")


# -- main ------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--sizes", default="1k,10k,100k", help="comma-separated op counts (1k, 10k, ...)"
    )
    ap.add_argument(
        "--variants", default="plain,enc", help="comma-separated: plain, enc (--encoding inputs)"
    )
    ap.add_argument("--runs", "-r", type=int, default=3, help="runs per measurement (best is kept)")
    ap.add_argument(
        "--only", action="append", default=[], help=f"tool(s) to run, of {', '.join(TOOLS)}"
    )
    ap.add_argument("--slow", action="store_true", help=f"run xdsl-opt above {XDSL_MAX_OPS} ops")
    ap.add_argument(
        "--slow-timeout", type=float, default=90.0, help="timeout (s) of the single --slow runs"
    )
    ap.add_argument("--timeout", type=float, default=300.0, help="timeout (s) of every other run")
    ap.add_argument(
        "--passes",
        default="",
        help='extra llh-opt flags to time on top of the round trip, e.g. "--infer-symbolic-shape"',
    )
    ap.add_argument("--seed", type=int, default=0, help="generator seed")
    ap.add_argument("--regen", action="store_true", help="regenerate the cached inputs")
    ap.add_argument("--write-results", action="store_true", help="append to tools/bench/RESULTS.md")
    raw = list(sys.argv[1:] if argv is None else argv)
    # `--passes "--infer-symbolic-shape"`: argparse would take the value for an option.
    for i in range(len(raw) - 1):
        if raw[i] == "--passes":
            raw[i : i + 2] = [f"--passes={raw[i + 1]}", ""]
    raw = [a for a in raw if a != ""]
    args = ap.parse_args(raw)

    only = [t.strip() for o in args.only for t in o.split(",") if t.strip()]
    for t in only:
        if t not in TOOLS:
            ap.error(f"unknown tool {t!r}; choose from {', '.join(TOOLS)}")
    tools = [t for t in TOOLS if not only or t in only]
    sizes = sorted({parse_size(s) for s in args.sizes.split(",") if s.strip()})
    if not sizes or sizes[0] < 40:
        ap.error("--sizes must name op counts of at least 40")
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    if any(v not in ("plain", "enc") for v in variants):
        ap.error("--variants takes plain and/or enc")
    pass_flags = shlex.split(args.passes)

    now = dt.datetime.now().astimezone()
    date = now.strftime("%Y-%m-%d %H:%M %Z")
    report = Report(
        header=f"{machine_info()}; {date}",
        command="python tools/bench/run_bench.py " + " ".join(shlex.quote(a) for a in raw),
    )
    print(f"# {report.header}", file=sys.stderr)
    inputs = prepare_inputs(sizes, variants, args.seed, args.regen)
    empty = empty_module()
    report.floor_kib = launcher_floor_kib()
    report.load = load_average()

    def progress(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    for tool in tools:
        exe = find_tool(tool)
        if exe is None:
            report.unmeasured[tool] = "not installed (not on PATH nor next to the interpreter)"
            progress(f"{tool}: not installed, skipped")
            continue
        base = [exe, "--allow-unregistered-dialect"]
        progress(f"{tool}: start-up check ...")
        empty_cmd = [*base, str(empty), "-o", os.devnull]
        check = run_once(empty_cmd, args.timeout)
        if not check.ok:
            report.unmeasured[tool] = f"fails on the empty module ({check.error})"
            progress(f"{tool}: fails on the empty module, skipped: {check.error}")
            continue
        report.versions[tool] = tool_version(exe)
        # The start-up runs are interleaved with the others too (the check is the first one).
        startup = Case(tool, Input("empty", 0, empty), empty_cmd, STARTUP_RUNS - 1, args.timeout)
        startup.times.append(check.wall)
        if check.maxrss_kib is not None:
            startup.rss.append(check.maxrss_kib)
        cases: list[Case] = [startup]
        for inp in inputs:
            runs, timeout = args.runs, args.timeout
            if tool == "xdsl-opt" and inp.ops > XDSL_MAX_OPS:
                if not args.slow:
                    report.notes.append(f"{tool} on {inp.label}: not run (needs --slow)")
                    continue
                runs, timeout = 1, args.slow_timeout
            cmd = [*base, str(inp.path), "-o", os.devnull]
            cases.append(Case(tool, inp, cmd, runs, timeout))
            if tool == "llh-opt" and pass_flags:
                cmd = [*base, *pass_flags, str(inp.path), "-o", os.devnull]
                cases.append(Case(f"{tool} {' '.join(pass_flags)}", inp, cmd, runs, timeout))
        run_rounds(cases, progress)
        if startup.error:  # failed on a later round: keep the runs that worked
            report.notes.append(f"{tool} on the empty module: failed once — {startup.error}")
        st_best, st_rss = startup.best, startup.maxrss
        report.rows.append(Row(tool, "empty", 0, st_best, st_rss))
        plain: dict[str, Case] = {}
        for c in cases[1:]:
            if c.error:
                what = c.error if c.error.startswith("not run") else f"failed — {c.error}"
                report.notes.append(f"{c.name} on {c.inp.label}: {what}")
            elif c.name == tool:
                plain[c.inp.label] = c
                report.rows.append(
                    Row(tool, c.inp.label, c.inp.ops, c.best, c.maxrss, st_best, st_rss)
                )
                if c.runs == 1 and args.runs > 1:
                    report.notes.append(f"{tool} on {c.inp.label}: single run (--slow)")
            elif c.inp.label in plain:
                report.passes = " ".join(pass_flags)
                base_time = plain[c.inp.label].best
                report.pass_rows.append((c.inp.label, c.inp.ops, c.best, base_time))

    report.load = f"{report.load} at the start, {load_average()} at the end"
    text = report.render()
    print(text)
    if args.write_results:
        append_results(report, date)
        progress(f"appended to {RESULTS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
