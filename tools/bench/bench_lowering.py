"""Benchmark of the compiled code: ResNet-18 beside torch (eager, torch.compile), IREE and numpy.

What lives here: generating ResNet-18 with ``tools/gen_resnet18.py`` (seeded weights; dynamic
batch and H = W) and measuring

* its compile time to an object file (``llh-opt resnet18.mlir --lower-to-llvm --emit=obj -o``,
  with ``--threads=N`` when this llh-opt has that option; the whole CLI process, best of
  ``--compile-runs``), per ``--layouts`` model (NCHW, and NHWC with FHWC conv weights);
* its run time at every ``--sizes`` shape (default 1x3x224x224 and 1x3x160x160) from that ONE
  object (linked with ``cc -shared ... -lm -lpthread`` and loaded with ``llh_opt.runtime.load``),
  with ``LLH_NUM_THREADS`` = ``--threads`` (default 2) unless already set; beside torch eager
  (2 threads), ``torch.compile(mode="max-autotune-no-cudagraphs")`` with inductor freezing
  (``--torch-compile``; compiled per size before timing), IREE's llvm-cpu build of the same
  network (``engines.py``; one static-shape build per size, cached in ``.cache/``) and the
  float32 numpy reference (im2col + BLAS). Engines run interleaved round-robin (best and
  median of ``--runs``); every output is checked against the float64 numpy reference first;
* the peak RSS of a fresh process that runs ResNet-18 at the first size twice: llh-opt (the
  object) and torch eager, each in its own process started through ``common.run_once``'s
  launcher (``ru_maxrss`` via ``os.wait4``), and the same Python with only numpy imported.

A Markdown report is printed and, with ``--write-results``, appended to ``tools/bench/RESULTS.md``
with the machine, the date and the load (``uptime``) at the start and the end. ``measure`` returns
the figures for ``summary.py``.

What does not live here: the model (``tools/gen_resnet18.py``), the reference engines
(``engines.py``), the per-op kernels (``bench_kernels.py``), the parser benchmarks
(``run_bench.py``).

Usage: ``python tools/bench/bench_lowering.py [--sizes 1x3x224x224,1x3x160x160]
[--layouts NCHW,NHWC] [--runs 3] [--threads 2] [--torch-compile] [--no-iree] [--no-rss]
[--write-results]``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
CACHE = HERE / ".cache"
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(HERE))

import common  # noqa: E402
import engines as eng  # noqa: E402
import gen_resnet18  # noqa: E402

# --------------------------------------------------------------------------- the model


def resnet18_flops(h: int, w: int | None = None) -> float:
    """Floating-point operations (2 per multiply-add) of the convolutions and the classifier
    of ResNet-18 on one h x w image (batch norm, relu, adds and pools left out: < 1%)."""
    w = h if w is None else w
    sizes: dict[int, tuple[int, int]] = {-1: (h, w)}
    flops = 0.0
    for i, layer in enumerate(gen_resnet18._architecture()):
        ih, iw = sizes[layer.inputs[0]]
        a = layer.attrs
        if layer.kind in ("conv", "maxpool"):
            k, s, p = a["k"], a["stride"], a["pad"]
            oh, ow = (ih + 2 * p - k) // s + 1, (iw + 2 * p - k) // s + 1
            if layer.kind == "conv":
                flops += 2.0 * a["cout"] * a["cin"] * k * k * oh * ow
            sizes[i] = (oh, ow)
        elif layer.kind in ("avgpool", "flatten"):
            sizes[i] = (1, 1)
        elif layer.kind == "fc":
            flops += 2.0 * a["cin"] * a["cout"]
            sizes[i] = (1, 1)
        else:
            sizes[i] = (ih, iw)
    return flops


def parse_sizes(text: str) -> list[tuple[int, ...]]:
    """``1x3x224x224,1x3x160x160`` → [(1, 3, 224, 224), (1, 3, 160, 160)]."""
    out = []
    for s in text.split(","):
        if not s:
            continue
        dims = tuple(int(d) for d in s.split("x"))
        if len(dims) != 4 or dims[1] != 3 or dims[2] != dims[3] or min(dims) < 1:
            raise ValueError(f"size {s!r}: want Nx3xHxH (NCHW, H = W)")
        out.append(dims)
    return out


# --------------------------------------------------------------------------- llh-opt


def _llh_opt() -> str:
    exe = Path(sys.executable).with_name("llh-opt")
    return str(exe) if exe.exists() else "llh-opt"


def cli_threads_flag(threads: int) -> list[str]:
    """``--threads=N`` when this llh-opt lists that option in ``--help``, else nothing."""
    proc = subprocess.run([_llh_opt(), "--help"], capture_output=True, text=True)
    return [f"--threads={threads}"] if "--threads" in proc.stdout else []


def compile_to_object(model: Path, out: Path, runs: int, extra: Sequence[str]) -> float:
    """Best wall time of the CLI compiling `model` to the object `out`."""
    argv = [_llh_opt(), str(model), "--lower-to-llvm", *extra, "--emit=obj", "-o", str(out)]
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.run(argv, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        if proc.returncode != 0:
            raise SystemExit(f"compile failed: {' '.join(argv)}\n{proc.stderr}")
        best = min(best, wall)
    return best


def link_shared(obj: Path, so: Path) -> None:
    """``cc -shared obj -o so -lm -lpthread``."""
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        raise SystemExit("no C compiler (cc) to link the object")
    argv = [cc, "-shared", str(obj), "-o", str(so), "-lm", "-lpthread"]
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"link failed: {' '.join(argv)}\n{proc.stderr}")


# --------------------------------------------------------------------------- peak RSS

_RSS_LLH = r"""
import sys
import numpy as np
from llh_opt import runtime
so, layout, shape = sys.argv[1], sys.argv[2], tuple(int(d) for d in sys.argv[3].split("x"))
x = np.random.default_rng(1).standard_normal(shape).astype(np.float32)
if layout == "NHWC":
    x = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
m = runtime.load(so)
for _ in range(2):
    m.main(x)
"""

_RSS_TORCH = r"""
import sys
sys.path[:0] = sys.argv[4:6]
import numpy as np
import engines, gen_resnet18
wdir, threads, shape = sys.argv[1], int(sys.argv[2]), tuple(int(d) for d in sys.argv[3].split("x"))
x = np.random.default_rng(1).standard_normal(shape).astype(np.float32)
run = engines.torch_callable(engines.resnet18_module(gen_resnet18.load_weights(wdir)), threads)
for _ in range(2):
    run(x)
"""

_RSS_NUMPY = "import numpy\n"


@dataclass
class RssRow:
    what: str
    mib: float | None
    error: str = ""


def measure_rss(
    so: Path, layout: str, model_dir: Path, shape: Sequence[int], threads: int, tmp: Path
) -> list[RssRow]:
    """Peak RSS (MiB) of fresh processes running ResNet-18 twice: llh-opt, torch eager, and the
    bare interpreter with numpy."""
    shape_s = "x".join(map(str, shape))
    scripts = {
        "python + numpy only": (_RSS_NUMPY, []),
        f"llh-opt {layout} (object, {threads} threads)": (_RSS_LLH, [str(so), layout, shape_s]),
        f"torch eager ({threads} threads)": (
            _RSS_TORCH,
            [str(model_dir), str(threads), shape_s, str(HERE), str(ROOT / "tools")],
        ),
    }
    rows = []
    for what, (code, args) in scripts.items():
        path = tmp / f"rss_{len(rows)}.py"
        path.write_text(code)
        r = common.run_once([sys.executable, str(path), *args], timeout=600.0)
        mib = r.maxrss_kib / 1024 if r.maxrss_kib is not None else None
        rows.append(RssRow(what, mib if r.ok else None, "" if r.ok else r.error))
    return rows


# --------------------------------------------------------------------------- the run


@dataclass
class SizeResult:
    """Times of one input size: engine name → timings, and the worst check error per engine."""

    shape: tuple[int, ...]
    times: dict[str, common.Timings] = field(default_factory=dict)
    errors: dict[str, float] = field(default_factory=dict)

    @property
    def flops(self) -> float:
        return self.shape[0] * resnet18_flops(self.shape[2], self.shape[3])

    def best(self, name: str) -> float | None:
        t = self.times.get(name)
        return t.best if t is not None and t.samples else None

    def best_llh(self) -> float | None:
        vals = [t.best for n, t in self.times.items() if n.startswith("llh-opt") and t.samples]
        return min(vals) if vals else None


@dataclass
class LoweringResult:
    """Everything one run measured (what ``summary.py`` reads)."""

    layouts: list[str]
    threads: int
    compile_seconds: dict[str, float] = field(default_factory=dict)
    object_bytes: dict[str, int] = field(default_factory=dict)
    sizes: list[SizeResult] = field(default_factory=list)
    rss: list[RssRow] = field(default_factory=list)
    engines: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    fma_peak: float | None = None  # GFLOP/s at `threads` threads
    threads_how: str = ""

    def rss_of(self, prefix: str) -> float | None:
        return next((r.mib for r in self.rss if r.what.startswith(prefix)), None)


def _log(msg: str) -> None:
    print(f"[bench_lowering] {msg}", file=sys.stderr, flush=True)


def measure(
    sizes: Sequence[tuple[int, ...]],
    layouts: Sequence[str],
    runs: int = 3,
    threads: int = 2,
    compile_runs: int = 1,
    seed: int = 0,
    torch_compile: bool = False,
    iree: bool = True,
    rss: bool = True,
    peak_seconds: float = 0.2,
) -> LoweringResult:
    """Compile, check and time ResNet-18 on every engine (see the module docstring)."""
    from llh_opt import runtime

    res = LoweringResult(list(layouts), threads)
    if "LLH_NUM_THREADS" in os.environ:
        res.threads_how = f"LLH_NUM_THREADS={os.environ['LLH_NUM_THREADS']} (from the caller)"
    else:
        os.environ["LLH_NUM_THREADS"] = str(threads)
        res.threads_how = f"LLH_NUM_THREADS={threads}"
    flag = cli_threads_flag(threads)
    if flag:
        res.threads_how += f", `{flag[0]}` at compile time"
    else:
        res.threads_how += " (this llh-opt has no `--threads` option; it may run single-threaded)"
    if peak_seconds > 0:
        import peak

        try:
            res.fma_peak = peak.fma_gflops(threads, peak_seconds)
        except peak.PeakUnavailable as e:
            res.notes.append(f"no FMA peak: {e}")
    iree_why = None if iree else "--no-iree"
    if iree_why is None:
        iree_why = eng.iree_status()
    if iree_why:
        res.notes.append(f"IREE column empty: {iree_why}.")
    with tempfile.TemporaryDirectory(prefix="bench-lowering-") as tmp_s:
        tmp = Path(tmp_s)
        modules: dict[str, Any] = {}
        sos: dict[str, Path] = {}
        params: dict[str, np.ndarray] = {}
        model_dir = tmp
        for layout in layouts:
            d = tmp / layout
            model = Path(gen_resnet18.write_resnet18(str(d), seed, layout))
            params = gen_resnet18.load_weights(str(d))
            model_dir = d
            _log(f"{layout}: compiling to an object")
            obj = d / "resnet18.o"
            res.compile_seconds[layout] = compile_to_object(model, obj, compile_runs, flag)
            res.object_bytes[layout] = obj.stat().st_size
            sos[layout] = d / "resnet18.so"
            link_shared(obj, sos[layout])
            modules[layout] = runtime.load(sos[layout])
        torch_mod = eng.resnet18_module(params)
        torch_eager = eng.torch_callable(torch_mod, threads)
        rng = np.random.default_rng(1)
        for shape in sizes:
            x = rng.standard_normal(shape).astype(np.float32)
            xl = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
            sr = SizeResult(tuple(shape))
            ref = gen_resnet18.numpy_forward(x, params)
            fns: dict[str, Callable[[], Any]] = {}
            for layout, module in modules.items():
                arg = xl if layout == "NHWC" else x
                fns[f"llh-opt {layout}"] = lambda m=module, a=arg: m.main(a)
            fns["torch eager"] = lambda x=x: torch_eager(x)
            if torch_compile:
                _log(f"{shape}: torch.compile (max-autotune-no-cudagraphs, freezing)")
                try:
                    tc = eng.torch_compiled(torch_mod, x, threads)
                    fns["torch.compile"] = lambda x=x, tc=tc: tc(x)
                except Exception as e:
                    res.notes.append(f"torch.compile failed: {type(e).__name__}: {str(e)[:300]}")
            if iree_why is None:
                _log(f"{shape}: IREE")
                try:
                    im = _iree_resnet(torch_mod, x, seed, tmp, threads)
                    fns["IREE"] = lambda x=x, im=im: im.run(x)
                except Exception as e:
                    res.notes.append(f"IREE failed at {shape}: {type(e).__name__}: {str(e)[:400]}")
            fns["numpy"] = lambda x=x: gen_resnet18.numpy_forward(x, params, np.float32)
            for name in list(fns):
                try:
                    sr.errors[name] = common.check_close(name, fns[name](), ref, 1e-3)
                except Exception as e:
                    res.notes.append(f"{'x'.join(map(str, shape))}: {name} dropped: {str(e)[:300]}")
                    del fns[name]
            _log(f"{shape}: timing {', '.join(fns)}")
            sr.times = common.round_robin(fns, runs)
            for name in fns:
                if name not in res.engines:
                    res.engines.append(name)
            res.sizes.append(sr)
        if rss and sizes:
            _log("peak RSS")
            layout = layouts[0]
            res.rss = measure_rss(sos[layout], layout, model_dir, sizes[0], threads, tmp)
    return res


def _iree_resnet(module: Any, x: np.ndarray, seed: int, tmp: Path, threads: int) -> Any:
    """IREE build of ResNet-18 at x's shape, the ``.vmfb`` cached by seed, shape and versions."""
    from importlib import metadata

    try:
        tm = metadata.version("torch-mlir")
    except metadata.PackageNotFoundError:
        tm = "?"
    key = f"resnet18-s{seed}-{'x'.join(map(str, x.shape))}-iree{eng.iree_version()}-tm{tm}"
    return eng.iree_compile(module, [x], tmp / "iree" / key, threads, cache=CACHE / f"{key}.vmfb")


# --------------------------------------------------------------------------- the report


def report_tables(res: LoweringResult, runs: int) -> list[str]:
    """The compile, run-time and peak-RSS tables and their notes."""
    lines = ["| layout | compile to an object | seconds | object MB |", "|---|---|---:|---:|"]
    for layout, sec in res.compile_seconds.items():
        lines.append(
            f"| {layout} | `llh-opt resnet18.mlir --lower-to-llvm --emit=obj -o resnet18.o` "
            f"(whole process) | {sec:.2f} | {res.object_bytes[layout] / 1e6:.1f} |"
        )
    names = res.engines
    headers = [
        "input (NCHW)",
        "GFLOP",
        *(f"{n} ms" for n in names),
        "best llh-opt GFLOP/s",
        f"% of {res.threads}-thread FMA peak",
        "llh-opt / torch eager",
        *(["llh-opt / torch.compile"] if "torch.compile" in names else []),
        "llh-opt / IREE",
        "llh-opt / numpy",
        "max rel. error",
    ]
    rows = []
    for sr in res.sizes:
        ours = sr.best_llh()
        gflops = sr.flops / ours / 1e9 if ours else float("nan")
        err = max(sr.errors.values()) if sr.errors else float("nan")
        cells = []
        for n in names:
            t = sr.times.get(n)
            ok = t is not None and t.samples
            cells.append(f"{common.fmt_time(t.best)} ({common.fmt_time(t.median)})" if ok else "–")
        rows.append(
            [
                "x".join(map(str, sr.shape)),
                f"{sr.flops / 1e9:.2f}",
                *cells,
                f"{gflops:.1f}" if math.isfinite(gflops) else "–",
                common.fmt_pct(gflops, res.fma_peak),
                common.fmt_ratio(ours, sr.best("torch eager")),
                *(
                    [common.fmt_ratio(ours, sr.best("torch.compile"))]
                    if "torch.compile" in names
                    else []
                ),
                common.fmt_ratio(ours, sr.best("IREE")),
                common.fmt_ratio(ours, sr.best("numpy")),
                f"{err:.1e}" if math.isfinite(err) else "–",
            ]
        )
    lines += ["", common.md_table(headers, rows)]
    if res.rss:
        lines += [
            "",
            common.md_table(
                ["process running ResNet-18 twice", "peak RSS MiB"],
                [
                    [r.what, f"{r.mib:.0f}" if r.mib is not None else f"failed: {r.error}"]
                    for r in res.rss
                ],
            ),
        ]
    peak_txt = f"{res.fma_peak:.0f} GFLOP/s" if res.fma_peak else "not measured"
    lines += [
        "",
        f"Run times: best (median) of {runs} in ms, engines interleaved round-robin; both sizes "
        f"run the same object per layout. llh-opt threads: {res.threads_how}. NHWC = the model "
        "written channels-last with FHWC conv weights (what `--transform-layout` makes), fed the "
        f"same input transposed. torch eager: {res.threads} intra-op threads, the same weights "
        'as an `nn.Module`; torch.compile: `mode="max-autotune-no-cudagraphs"`, inductor '
        "`freezing=True`, compiled per size before timing; IREE: `iree-compile` llvm-cpu for the "
        f"host CPU from torch-mlir's FX import, static shapes (one build per size), local-task "
        f"with {res.threads} workers; numpy: float32 im2col + `tensordot` (BLAS). GFLOP counts "
        f"the convolutions and the classifier (2 per multiply-add); FMA peak: `peak.py`, "
        f"{res.threads} threads, {peak_txt}. Ratios are time ratios (< 1× = llh-opt faster). "
        "Error: max |engine − float64 numpy| / max |reference| (worst engine).",
        "Peak RSS: `ru_maxrss` of a fresh Python process (started through a tiny launcher) that "
        "loads the model and runs the first size twice.",
        *(f"\n- {n}" for n in res.notes),
    ]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1x3x224x224,1x3x160x160", help="input shapes, NCHW")
    ap.add_argument("--layouts", default="NCHW,NHWC", help="model layouts (NCHW, NHWC)")
    ap.add_argument("--runs", type=int, default=3, help="timed runs per engine and size")
    ap.add_argument("--threads", type=int, default=2, help="threads of llh-opt, torch, IREE")
    ap.add_argument("--compile-runs", type=int, default=1, help="timed CLI compiles")
    ap.add_argument("--seed", type=int, default=0, help="weight seed")
    ap.add_argument("--torch-compile", action="store_true", help="also torch.compile (slow)")
    ap.add_argument("--no-iree", action="store_true", help="skip IREE even when installed")
    ap.add_argument("--no-rss", action="store_true", help="skip the peak-RSS processes")
    ap.add_argument("--peak-seconds", type=float, default=0.2, help="FMA peak sample (0: skip)")
    ap.add_argument("--write-results", action="store_true", help="append to RESULTS.md")
    ap.add_argument("--results", type=Path, default=common.RESULTS, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    try:
        sizes = parse_sizes(args.sizes)
    except ValueError as e:
        ap.error(str(e))
    layouts = [v for v in args.layouts.split(",") if v]
    if not layouts or any(v not in ("NCHW", "NHWC") for v in layouts):
        ap.error("--layouts takes NCHW and/or NHWC")

    import torch

    load_start = common.uptime()
    started = dt.datetime.now(dt.timezone.utc)
    res = measure(
        sizes,
        layouts,
        args.runs,
        args.threads,
        args.compile_runs,
        args.seed,
        args.torch_compile,
        not args.no_iree,
        not args.no_rss,
        args.peak_seconds,
    )
    load_end = common.uptime()
    versions = f"numpy {np.__version__}, torch {torch.__version__}"
    if "IREE" in res.engines:
        versions += f", IREE {eng.iree_version()}"
    cmd = "python tools/bench/bench_lowering.py " + " ".join(argv or sys.argv[1:])
    lines = common.report_head(
        "compiled ResNet-18 (`--lower-to-llvm`) vs torch, IREE, numpy",
        started,
        common.machine_info(versions),
        load_start,
        load_end,
        cmd,
    )
    text = "\n".join([*lines, *report_tables(res, args.runs), ""])
    return common.emit_report(text, args.write_results, args.results)


if __name__ == "__main__":
    sys.exit(main())
