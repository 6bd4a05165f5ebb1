"""Helpers shared by the benchmark scripts of this folder.

What lives here: the machine line and the load (``uptime``) of a report; the tiny fresh launcher
that runs a command and reads its own peak RSS (``ru_maxrss`` via ``os.wait4``); interleaved
(round-robin) timing of several engines with best / median; the output check against a numpy
reference; Markdown table and ratio formatting; appending a report to ``RESULTS.md``.

What does not live here: any model, kernel or engine (the scripts own those), and nothing here
imports ``llh_opt``.
"""

from __future__ import annotations

import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS.md"

# --------------------------------------------------------------------------- the environment


def machine_info(extra: str = "") -> str:
    """One line on the machine: CPU, cores, memory, Python, OS (`extra`, e.g. library
    versions, goes before the OS)."""
    cpu = platform.processor() or platform.machine()
    mem = "?"
    try:
        for ln in Path("/proc/cpuinfo").read_text().splitlines():
            if ln.startswith("model name"):
                cpu = ln.split(":", 1)[1].strip()
                break
        for ln in Path("/proc/meminfo").read_text().splitlines():
            if ln.startswith("MemTotal:"):
                mem = f"{int(ln.split()[1]) / 1024 / 1024:.1f} GiB"
                break
    except OSError:
        pass
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover
        cores = os.cpu_count() or 0
    return (
        f"CPU {cpu}, {cores} cores, {mem} RAM, Python {platform.python_version()}, "
        f"{extra + ', ' if extra else ''}{platform.system()} {platform.release()}"
    )


def uptime() -> str:
    """`uptime`'s line (load averages over 1, 5, 15 minutes)."""
    try:
        out = subprocess.run(["uptime"], capture_output=True, text=True, timeout=5).stdout
        return out.strip()
    except (OSError, subprocess.SubprocessError):
        return "load average: " + ", ".join(f"{v:.2f}" for v in os.getloadavg())


# --------------------------------------------------------------------------- peak RSS launcher


@dataclass
class RunResult:
    ok: bool
    wall: float  # seconds
    maxrss_kib: int | None  # None if the platform cannot tell
    error: str = ""  # first meaningful stderr line, or "timeout after N s"
    timed_out: bool = False
    stdout: str = ""  # the command's output when run_once(..., capture=True)


# Launcher run as a fresh ``python -S -I`` process for every measured run. Linux seeds a
# process's ru_maxrss with the RSS of the address space it replaced at exec time, so spawning
# the tool straight from a (large) benchmark process would report *its* RSS for small
# tools; the launcher is ~9 MiB, which is below what every measured tool uses. It times the
# tool itself (so the launcher's own start-up is not counted), kills it on timeout, and
# prints "<wall seconds> <ru_maxrss> <exit code> <timed out 0/1>" on its last line; with a
# third argument "1" the tool's stdout goes through (before that line) instead of /dev/null.
_LAUNCHER = r"""
import os, signal, sys, time
timeout = float(sys.argv[1]); keep = sys.argv[2] == "1"; argv = sys.argv[3:]
fa = [(os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0)]
if not keep:
    fa.append((os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0))
sys.stdout.flush()
t0 = time.perf_counter()
pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=fa)
hit = []
def on_alarm(signum, frame):
    try:
        os.kill(pid, signal.SIGKILL)
        hit.append(1)
    except ProcessLookupError:
        pass
signal.signal(signal.SIGALRM, on_alarm)
signal.setitimer(signal.ITIMER_REAL, timeout)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - t0
signal.setitimer(signal.ITIMER_REAL, 0)
code = os.waitstatus_to_exitcode(status)
print(wall, usage.ru_maxrss, code, 1 if hit and code == -signal.SIGKILL else 0)
"""


def run_once(
    cmd: Sequence[str],
    timeout: float,
    capture: bool = False,
    env: Mapping[str, str] | None = None,
) -> RunResult:
    """Run ``cmd`` once through the launcher: wall time and the tool's own peak RSS (and its
    stdout with `capture`)."""
    launcher = [sys.executable, "-S", "-I", "-c", _LAUNCHER, str(timeout), "1" if capture else "0"]
    with tempfile.TemporaryFile() as err:
        # A session of its own, so a stuck launcher can be killed together with the tool.
        proc = subprocess.Popen(
            [*launcher, *cmd],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=err,
            start_new_session=True,
            env=None if env is None else dict(env),
        )
        try:
            out, _ = proc.communicate(timeout=timeout + 30)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            proc.communicate()
            return RunResult(False, timeout, None, f"timeout after {timeout:g} s", timed_out=True)
        err.seek(0)
        text = err.read().decode("utf-8", "replace")
    lines = out.decode("utf-8", "replace").rstrip("\n").split("\n")
    fields = lines[-1].split()
    tool_out = "\n".join(lines[:-1])
    if proc.returncode != 0 or len(fields) != 4:
        last = text.strip().splitlines()[-1:] or ["no output"]
        return RunResult(False, 0.0, None, f"launcher failed: {last[0][:200]}")
    wall, maxrss, code, hit = float(fields[0]), int(fields[1]), int(fields[2]), fields[3] == "1"
    if sys.platform == "darwin":
        maxrss //= 1024  # bytes there, KiB on Linux
    if hit:
        return RunResult(False, wall, maxrss, f"timeout after {timeout:g} s", True, tool_out)
    if code != 0:
        errs = [ln.strip() for ln in text.splitlines() if ln.strip()]
        msg = next((ln for ln in errs if "error" in ln.lower()), errs[-1] if errs else "")
        return RunResult(False, wall, maxrss, f"exit {code}: {msg[:200]}", stdout=tool_out)
    return RunResult(True, wall, maxrss, stdout=tool_out)


def launcher_floor_kib() -> int | None:
    """Peak RSS reported for ``/bin/true``: the floor below which RSS figures mean nothing."""
    true = shutil.which("true")
    if true is None:
        return None
    r = run_once([true], 30.0)
    return r.maxrss_kib if r.ok else None


# --------------------------------------------------------------------------- timing


@dataclass
class Timings:
    """The wall times (seconds) of one engine's runs."""

    samples: list[float] = field(default_factory=list)

    @property
    def best(self) -> float:
        return min(self.samples) if self.samples else float("nan")

    @property
    def median(self) -> float:
        return statistics.median(self.samples) if self.samples else float("nan")


def round_robin(
    engines: Mapping[str, Callable[[], Any]], runs: int, inner: int | Mapping[str, int] = 1
) -> dict[str, Timings]:
    """Time each engine `runs` times, interleaved (one sample of every engine per round), so a
    burst of load from other processes spoils one sample of many engines rather than every
    sample of one. A sample is the mean of `inner` back-to-back calls (one count for all, or
    one per engine name) for very short kernels."""
    reps = {n: inner if isinstance(inner, int) else inner.get(n, 1) for n in engines}
    out = {name: Timings() for name in engines}
    for _ in range(runs):
        for name, fn in engines.items():
            t0 = time.perf_counter()
            for _ in range(reps[name]):
                fn()
            out[name].samples.append((time.perf_counter() - t0) / reps[name])
    return out


def rounds_for(
    engines: Mapping[str, Callable[[], Any]], runs: int, budget: float = 0.5, cap: int = 200
) -> int:
    """Rounds of :func:`round_robin` for `engines`: at least `runs`, more (up to `cap`) while
    one round of all of them (one warm call each, timed here) fits `budget` seconds that many
    times, so sub-millisecond kernels get enough single-call samples."""
    total = 0.0
    for fn in engines.values():
        t0 = time.perf_counter()
        fn()
        total += time.perf_counter() - t0
    if total <= 0:
        return max(runs, cap)
    return max(runs, min(cap, int(budget / total)))


# --------------------------------------------------------------------------- checking


def rel_error(got: Any, ref: Any) -> float:
    """max |got − ref| / max |ref| (computed in float64); inf if the shapes differ or `got`
    has a non-finite value where `ref` is finite."""
    import numpy as np

    g = np.asarray(got, dtype=np.float64)
    r = np.asarray(ref, dtype=np.float64)
    if g.shape != r.shape:
        return float("inf")
    if not np.all(np.isfinite(g) == np.isfinite(r)):
        return float("inf")
    scale = float(np.max(np.abs(r))) if r.size else 0.0
    diff = float(np.max(np.abs(g - r))) if r.size else 0.0
    if scale == 0.0:
        return 0.0 if diff == 0.0 else float("inf")
    return diff / scale


class CheckError(AssertionError):
    """An engine's output does not match the reference."""


def check_close(name: str, got: Any, ref: Any, tol: float) -> float:
    """The relative error of `got` (see :func:`rel_error`); raises :class:`CheckError` above
    `tol`, naming the engine and the shapes."""
    import numpy as np

    err = rel_error(got, ref)
    if not err <= tol:
        g, r = np.shape(got), np.shape(ref)
        shapes = f"shape {g}" if g == r else f"shape {g}, expected {r}"
        raise CheckError(
            f"{name}: output differs from numpy: rel. error {err:.2e} > {tol:g} ({shapes})"
        )
    return err


# --------------------------------------------------------------------------- formatting


def fmt_ratio(num: float | None, den: float | None, digits: int = 2) -> str:
    """`num / den` as ``1.23×``, or ``–`` when either is missing, not finite, or den is 0."""
    import math

    if num is None or den is None or not math.isfinite(num) or not math.isfinite(den) or den == 0:
        return "–"
    return f"{num / den:.{digits}f}×"


def fmt_pct(part: float | None, whole: float | None) -> str:
    """`part / whole` as a whole percentage, or ``–``."""
    import math

    if part is None or whole is None or not (math.isfinite(part) and math.isfinite(whole)):
        return "–"
    if whole <= 0:
        return "–"
    return f"{100.0 * part / whole:.0f}%"


def fmt_time(seconds: float | None, unit: str = "ms") -> str:
    """Seconds as ms (3 significant digits) or s, ``–`` when missing."""
    import math

    if seconds is None or not math.isfinite(seconds):
        return "–"
    if unit == "s":
        return f"{seconds:.3f}"
    ms = seconds * 1e3
    return f"{ms:.3g}" if ms < 100 else f"{ms:.0f}"


def md_table(headers: Sequence[str], rows: Sequence[Sequence[str]], numeric_from: int = 1) -> str:
    """A Markdown table; columns from index `numeric_from` on are right-aligned. Every row must
    have as many cells as there are headers; `|` inside a cell is escaped."""
    n = len(headers)
    for r in rows:
        if len(r) != n:
            raise ValueError(f"row has {len(r)} cells, the table {n}: {list(r)}")

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |"

    align = ["---" if i < numeric_from else "---:" for i in range(n)]
    return "\n".join([line(headers), "|" + "|".join(align) + "|", *(line(r) for r in rows)])


def report_head(
    title: str, started: Any, machine: str, load_start: str, load_end: str, command: str
) -> list[str]:
    """The header lines every report starts with (title with the UTC date, machine, load at
    the start and the end, command line)."""
    return [
        f"## {started:%Y-%m-%d %H:%M} UTC — {title}",
        "",
        f"**Machine:** {machine}",
        "",
        f"**Load (`uptime`):** start: `{load_start}`; end: `{load_end}`",
        "",
        f"**Command:** `{command.strip()}`",
        "",
    ]


def emit_report(text: str, write_results: bool, path: Path = RESULTS) -> int:
    """Print a report, append it to `path` when asked; the exit code of a finished run (0)."""
    print(text)
    if write_results:
        append_results(text, path)
    return 0


def append_results(text: str, path: Path = RESULTS) -> None:
    """Append a report to `path` (a blank line before it)."""
    with open(path, "a", encoding="utf-8") as f:
        f.write("\n" + text.rstrip("\n") + "\n")
