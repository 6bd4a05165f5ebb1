"""Per-op benchmark of the compiled code against torch, IREE, numpy and the measured peaks.

What lives here: the ops of issue 11's per-op targets, each a small hand-written LLH module
compiled with ``llh_opt.runtime.compile`` —

* ``conv3x3``: 3x3 convolution, 64 → 64 channels, 1x64x56x56, pad 1 (NCHW, and NHWC with FHWC
  weights as ``--transform-layout`` makes them);
* ``matmul``: 512x512 @ 512x512;
* ``add+relu``: ``relu(a + b)`` on 1x64x112x112;
* ``max_pool``: 3x3 / stride 2 / pad 1 on 1x64x112x112;
* ``global_avg_pool``: ``adaptive_average_pool`` to 1x1 on 1x64x112x112;

run beside torch eager (2 threads and 1 thread), IREE's llvm-cpu build of the same op (2
threads, when installed; see ``engines.py``) and numpy, interleaved round-robin (best and median
of ``--runs``); every engine's output is checked against a float64 numpy reference first. The
rate of each op (GFLOP/s for conv and matmul, GB/s of bytes read + written once for the
memory-bound ops) is compared with the machine peaks measured by ``peak.py`` at the same thread
count. A Markdown report goes to stdout; ``--write-results`` appends it to ``RESULTS.md``.

What does not live here: the peaks (``peak.py``), the reference engines (``engines.py``),
ResNet-18 (``bench_lowering.py``).

Usage: ``python tools/bench/bench_kernels.py [--ops conv3x3,matmul,...] [--threads 2]
[--runs 5] [--no-iree] [--write-results]``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import inspect
import math
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

import common  # noqa: E402
import engines as eng  # noqa: E402
import peak  # noqa: E402

# --------------------------------------------------------------------------- the ops


def _t(shape: Sequence[int]) -> str:
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


def _arr(values: Sequence[int]) -> str:
    return "array<i64: " + ", ".join(map(str, values)) + ">"


def _module(
    args: Sequence[Sequence[int]], body: Sequence[str], result: str, out: Sequence[int]
) -> str:
    params = ", ".join(f"%arg{i}: {_t(s)}" for i, s in enumerate(args))
    return "\n".join(
        [
            "module {",
            f"  func.func @main({params}) -> {_t(out)} attributes {{entrance}} {{",
            *(f"    {ln}" for ln in body),
            f"    return {result} : {_t(out)}",
            "  }",
            "}",
            "",
        ]
    )


def _np_conv_nchw(x: np.ndarray, w: np.ndarray, pad: int) -> np.ndarray:
    """Stride-1 convolution, NCHW / FCHW, zero padding `pad`, in float64 (im2col by views)."""
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    k = w.shape[2]
    win = np.lib.stride_tricks.sliding_window_view(xp, (k, k), axis=(2, 3))  # N C H W kh kw
    return np.tensordot(win, w.astype(np.float64), axes=([1, 4, 5], [1, 2, 3])).transpose(
        0, 3, 1, 2
    )


def _np_max_pool(x: np.ndarray, k: int, s: int, pad: int) -> np.ndarray:
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)), constant_values=-np.inf)
    win = np.lib.stride_tricks.sliding_window_view(xp, (k, k), axis=(2, 3))[:, :, ::s, ::s]
    return win.max(axis=(4, 5))


@dataclass
class OpSpec:
    """One benchmarked op: its LLH module, inputs, references and the work it does."""

    name: str
    shape: str  # what the row shows
    llh: str  # the LLH module text (entry @main)
    make_inputs: Callable[[np.random.Generator], list[np.ndarray]]
    reference: Callable[..., np.ndarray]  # float64 numpy, independent of every engine
    numpy_fn: Callable[..., np.ndarray]  # the float32 numpy engine (what a user would write)
    torch_fn: Callable[..., Any]  # on torch tensors
    flops: float = 0.0  # compute-bound ops: floating-point operations
    nbytes: float = 0.0  # memory-bound ops: bytes read + written once
    tol: float = 1e-6  # max relative error vs the reference
    torch_layout: str = "NCHW"  # NHWC: torch runs on channels_last tensors
    iree: bool = True  # also exported to IREE

    @property
    def compute_bound(self) -> bool:
        return self.flops > 0


def _conv_spec(layout: str) -> OpSpec:
    n, c, h, f, k = 1, 64, 56, 64, 3
    if layout == "NCHW":
        xs, ws, os_ = (n, c, h, h), (f, c, k, k), (n, f, h, h)
    else:
        xs, ws, os_ = (n, h, h, c), (f, k, k, c), (n, h, h, f)
    props = (
        f"dilation = {_arr((1, 1))}, group = 1 : i64, kernel_shape = {_arr((k, k))}, "
        f"layout = #llh.Layout<{layout}>, pad = {_arr((1, 1, 1, 1))}, stride = {_arr((1, 1))}, "
        f"weight_layout = #llh.Layout<{'FCHW' if layout == 'NCHW' else 'FHWC'}>"
    )
    llh = _module(
        [xs, ws],
        [f'%0 = "llh.conv"(%arg0, %arg1) <{{{props}}}> : ({_t(xs)}, {_t(ws)}) -> {_t(os_)}'],
        "%0",
        os_,
    )
    nhwc = layout == "NHWC"

    def inputs(rng: np.random.Generator) -> list[np.ndarray]:
        x = rng.standard_normal(xs, dtype=np.float32)
        w = rng.standard_normal(ws, dtype=np.float32) * np.float32(np.sqrt(2.0 / (c * k * k)))
        return [x, w]

    def ref(x: np.ndarray, w: np.ndarray) -> np.ndarray:
        if nhwc:
            return _np_conv_nchw(x.transpose(0, 3, 1, 2), w.transpose(0, 3, 1, 2), 1).transpose(
                0, 2, 3, 1
            )
        return _np_conv_nchw(x, w, 1)

    def np_fn(x: np.ndarray, w: np.ndarray) -> np.ndarray:
        if nhwc:  # im2col on the channels-last array: windows over H, W; contract kh kw c
            xp = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
            win = np.lib.stride_tricks.sliding_window_view(xp, (k, k), axis=(1, 2))  # N H W C kh kw
            return np.tensordot(win, w, axes=([3, 4, 5], [3, 1, 2]))
        xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
        win = np.lib.stride_tricks.sliding_window_view(xp, (k, k), axis=(2, 3))
        return np.tensordot(win, w, axes=([1, 4, 5], [1, 2, 3])).transpose(0, 3, 1, 2)

    def torch_fn(x: Any, w: Any) -> Any:
        import torch.nn.functional as F

        if nhwc:  # channels_last views of the NHWC buffers: torch's NHWC kernels, no copies
            r = F.conv2d(x.permute(0, 3, 1, 2), w.permute(0, 3, 1, 2), padding=1)
            return r.permute(0, 2, 3, 1)
        return F.conv2d(x, w, padding=1)

    return OpSpec(
        name=f"conv3x3 {layout}",
        shape=f"{'x'.join(map(str, xs))}, 64→64, pad 1",
        llh=llh,
        make_inputs=inputs,
        reference=ref,
        numpy_fn=np_fn,
        torch_fn=torch_fn,
        flops=2.0 * n * f * h * h * c * k * k,
        tol=1e-4 * math.sqrt(c * k * k),
        torch_layout=layout,
        iree=not nhwc,
    )


def _matmul_spec(m: int = 512) -> OpSpec:
    s = (m, m)
    llh = _module(
        [s, s], [f'%0 = "llh.matmul"(%arg0, %arg1) : ({_t(s)}, {_t(s)}) -> {_t(s)}'], "%0", s
    )
    return OpSpec(
        name="matmul",
        shape=f"{m}x{m} @ {m}x{m}",
        llh=llh,
        make_inputs=lambda rng: [rng.standard_normal(s, dtype=np.float32) for _ in range(2)],
        reference=lambda a, b: a.astype(np.float64) @ b.astype(np.float64),
        numpy_fn=lambda a, b: a @ b,
        torch_fn=lambda a, b: a @ b,
        flops=2.0 * m * m * m,
        tol=1e-4 * math.sqrt(m),
    )


ACT = (1, 64, 112, 112)


def _add_relu_spec() -> OpSpec:
    llh = _module(
        [ACT, ACT],
        [
            f'%0 = "llh.add"(%arg0, %arg1) : ({_t(ACT)}, {_t(ACT)}) -> {_t(ACT)}',
            f'%1 = "llh.relu"(%0) : ({_t(ACT)}) -> {_t(ACT)}',
        ],
        "%1",
        ACT,
    )

    def torch_fn(a: Any, b: Any) -> Any:
        import torch

        return torch.relu(a + b)

    return OpSpec(
        name="add+relu",
        shape="x".join(map(str, ACT)),
        llh=llh,
        make_inputs=lambda rng: [rng.standard_normal(ACT, dtype=np.float32) for _ in range(2)],
        reference=lambda a, b: np.maximum(a.astype(np.float64) + b, 0.0),
        numpy_fn=lambda a, b: np.maximum(a + b, np.float32(0)),
        torch_fn=torch_fn,
        nbytes=3.0 * 4 * math.prod(ACT),
    )


def _max_pool_spec() -> OpSpec:
    out = (1, 64, 56, 56)
    props = (
        f"ceil_mode = false, dilation = {_arr((1, 1))}, kernel_shape = {_arr((3, 3))}, "
        f"layout = #llh.Layout<NCHW>, pad = {_arr((1, 1, 1, 1))}, stride = {_arr((2, 2))}"
    )
    llh = _module(
        [ACT], [f'%0 = "llh.max_pool"(%arg0) <{{{props}}}> : ({_t(ACT)}) -> {_t(out)}'], "%0", out
    )

    def torch_fn(x: Any) -> Any:
        import torch.nn.functional as F

        return F.max_pool2d(x, 3, 2, 1)

    return OpSpec(
        name="max_pool 3x3/2",
        shape="x".join(map(str, ACT)) + ", pad 1",
        llh=llh,
        make_inputs=lambda rng: [rng.standard_normal(ACT, dtype=np.float32)],
        reference=lambda x: _np_max_pool(x.astype(np.float64), 3, 2, 1),
        numpy_fn=lambda x: _np_max_pool(x, 3, 2, 1),
        torch_fn=torch_fn,
        nbytes=4.0 * (math.prod(ACT) + math.prod(out)),
    )


def _gap_spec() -> OpSpec:
    out = (1, 64, 1, 1)
    llh = _module(
        [ACT],
        [
            f'%0 = "llh.adaptive_average_pool"(%arg0) <{{out_size = {_arr((1, 1))}}}> : '
            f"({_t(ACT)}) -> {_t(out)}"
        ],
        "%0",
        out,
    )

    def torch_fn(x: Any) -> Any:
        import torch.nn.functional as F

        return F.adaptive_avg_pool2d(x, 1)

    return OpSpec(
        name="global_avg_pool",
        shape="x".join(map(str, ACT)) + " → 1x1",
        llh=llh,
        make_inputs=lambda rng: [rng.standard_normal(ACT, dtype=np.float32)],
        reference=lambda x: x.astype(np.float64).mean(axis=(2, 3), keepdims=True),
        numpy_fn=lambda x: x.mean(axis=(2, 3), keepdims=True),
        torch_fn=torch_fn,
        nbytes=4.0 * (math.prod(ACT) + math.prod(out)),
        tol=1e-5,
    )


def all_ops() -> dict[str, OpSpec]:
    """The benchmarked ops by their `--ops` key."""
    specs = {
        "conv3x3": _conv_spec("NCHW"),
        "conv3x3-nhwc": _conv_spec("NHWC"),
        "matmul": _matmul_spec(),
        "add-relu": _add_relu_spec(),
        "max-pool": _max_pool_spec(),
        "gap": _gap_spec(),
    }
    return specs


# --------------------------------------------------------------------------- llh-opt


def llh_compile(text: str, threads: int, opt_level: int) -> tuple[Any, str]:
    """`llh_opt.runtime.compile` of `text` with `threads` when the runtime takes a thread count,
    and a note on how threads were set."""
    from llh_opt import runtime

    if "threads" in inspect.signature(runtime.compile).parameters:
        mod = runtime.compile(text, opt_level=opt_level, threads=threads)
        how = f"runtime.compile(threads={threads})"
        env = os.environ.get("LLH_NUM_THREADS")
        if env:
            how += f"; LLH_NUM_THREADS={env} in the environment wins"
        return mod, how
    try:
        from llh_opt.runtime import jit

        takes = "threads" in inspect.signature(jit.compile).parameters
    except (ImportError, AttributeError):
        takes = False
    if takes:
        return runtime.compile(text, opt_level=opt_level, threads=threads), (
            f"jit.compile(threads={threads})"
        )
    return runtime.compile(text, opt_level=opt_level), (
        "single-threaded: this llh_opt.runtime.compile takes no thread count"
    )


# --------------------------------------------------------------------------- measuring


@dataclass
class OpResult:
    """Times (best, median seconds) per engine and the check errors of one op."""

    spec: OpSpec
    times: dict[str, common.Timings] = field(default_factory=dict)
    errors: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    rounds: int = 0


ENGINE_COLUMNS = ("llh-opt", "torch 2T", "torch 1T", "IREE", "numpy")


def rate(spec: OpSpec, seconds: float) -> float:
    """GFLOP/s (compute-bound) or GB/s (memory-bound) of `spec` done in `seconds`."""
    if not math.isfinite(seconds) or seconds <= 0:
        return float("nan")
    return (spec.flops if spec.compute_bound else spec.nbytes) / seconds / 1e9


def op_peak(spec: OpSpec, peaks: peak.Peaks, threads: int) -> float:
    """The peak `spec` is compared with at `threads` threads (FMA or memory bandwidth)."""
    if spec.compute_bound:
        return peaks.fma.get(threads, float("nan"))
    return peaks.bandwidth(threads)


def result_row(r: OpResult, peaks: peak.Peaks, threads: int) -> list[str]:
    """One row of the table: op, shape, work, time per engine (best, median), the llh-opt rate
    and its share of the peak, torch's share, ratios and the worst check error."""
    spec = r.spec

    def cell(name: str) -> str:
        t = r.times.get(name)
        if t is None or not t.samples:
            return "–"
        return f"{common.fmt_time(t.best)} ({common.fmt_time(t.median)})"

    best = {n: t.best for n, t in r.times.items() if t.samples}
    pk = op_peak(spec, peaks, threads)
    unit = "GFLOP/s" if spec.compute_bound else "GB/s"
    work = f"{spec.flops / 1e9:.3f} GFLOP" if spec.compute_bound else f"{spec.nbytes / 1e6:.1f} MB"
    ours = rate(spec, best.get("llh-opt", float("nan")))
    torch2 = rate(spec, best.get("torch 2T", float("nan")))
    err = max(r.errors.values()) if r.errors else float("nan")
    return [
        spec.name,
        spec.shape,
        work,
        *(cell(n) for n in ENGINE_COLUMNS),
        f"{ours:.1f} {unit}" if math.isfinite(ours) else "–",
        common.fmt_pct(ours, pk),
        common.fmt_pct(torch2, pk),
        common.fmt_ratio(best.get("llh-opt"), best.get("torch 2T")),
        common.fmt_ratio(best.get("llh-opt"), best.get("IREE")),
        common.fmt_ratio(best.get("llh-opt"), best.get("numpy")),
        f"{err:.1e}" if math.isfinite(err) else "–",
    ]


TABLE_HEADERS = [
    "op",
    "shape",
    "work",
    *(f"{n} ms" for n in ENGINE_COLUMNS),
    "llh-opt rate",
    "llh-opt % of peak",
    "torch 2T % of peak",
    "llh-opt / torch 2T",
    "llh-opt / IREE",
    "llh-opt / numpy",
    "max rel. error",
]


def measure_op(
    spec: OpSpec,
    threads: int,
    runs: int,
    budget: float,
    opt_level: int,
    iree_dir: Path | None,
    progress: Callable[[str], None],
) -> tuple[OpResult, str]:
    """Compile, check and time `spec` on every engine; returns the result and how llh-opt's
    threads were set."""
    import torch

    res = OpResult(spec)
    rng = np.random.default_rng(0)
    inputs = spec.make_inputs(rng)
    ref = spec.reference(*inputs)
    fns: dict[str, Callable[[], Any]] = {}

    progress(f"{spec.name}: llh-opt compile")
    try:
        mod, how = llh_compile(spec.llh, threads, opt_level)
        fns["llh-opt"] = lambda: mod.main(*inputs)
    except Exception as e:  # a compiler failure is a row note, not the end of the benchmark
        how = "?"
        res.notes.append(f"{spec.name}: llh-opt failed: {type(e).__name__}: {str(e)[:200]}")

    tin = [torch.from_numpy(a) for a in inputs]

    def torch_run(n: int) -> Callable[[], Any]:
        def run() -> Any:
            torch.set_num_threads(n)
            with torch.inference_mode():
                return spec.torch_fn(*tin).numpy()

        return run

    fns["torch 2T"] = torch_run(2)
    fns["torch 1T"] = torch_run(1)
    if iree_dir is not None and spec.iree:
        progress(f"{spec.name}: IREE compile")
        try:

            class Op(torch.nn.Module):
                def forward(self, *xs: Any) -> Any:
                    return spec.torch_fn(*xs)

            key = spec.name.replace(" ", "_").replace("+", "_")
            im = eng.iree_compile(Op(), inputs, iree_dir / key, threads)
            fns["IREE"] = lambda: im.run(*inputs)
        except Exception as e:
            res.notes.append(f"{spec.name}: IREE failed: {type(e).__name__}: {str(e)[:300]}")
    fns["numpy"] = lambda: spec.numpy_fn(*inputs)

    for name in list(fns):  # check before timing; a wrong engine is dropped and noted
        try:
            res.errors[name] = common.check_close(name, fns[name](), ref, spec.tol)
        except Exception as e:
            res.notes.append(f"{spec.name}: {name} dropped: {str(e)[:300]}")
            del fns[name]
    progress(f"{spec.name}: timing {', '.join(fns)}")
    rounds = common.rounds_for(fns, runs, budget)
    res.times.update(common.round_robin(fns, rounds))
    res.rounds = rounds
    return res, how


@dataclass
class KernelsResult:
    """Everything one run measured (what ``summary.py`` reads)."""

    results: list[OpResult]
    peaks: peak.Peaks
    threads: int
    runs: int
    budget: float
    how: str  # how llh-opt's threads were set
    iree: bool
    notes: list[str] = field(default_factory=list)


def _log(msg: str) -> None:
    print(f"[bench_kernels] {msg}", file=sys.stderr, flush=True)


def measure(
    keys: Sequence[str],
    threads: int = 2,
    runs: int = 5,
    budget: float = 0.5,
    opt_level: int = 2,
    iree: bool = True,
    peaks: peak.Peaks | None = None,
    peak_seconds: float = 0.2,
    peak_mib: float = 256.0,
) -> KernelsResult:
    """Peaks (unless given), then every op of `keys` on every engine."""
    ops = all_ops()
    notes: list[str] = []
    iree_why = None if iree else "--no-iree"
    if iree_why is None:
        iree_why = eng.iree_status()
    if iree_why:
        notes.append(f"IREE column empty: {iree_why}.")
    if peaks is None:
        _log("peaks")
        peaks = peak.measure(sorted({1, threads}), peak_seconds, peak_mib, runs=3)
    results: list[OpResult] = []
    how = "?"
    with tempfile.TemporaryDirectory(prefix="bench-kernels-") as tmp:
        for key in keys:
            r, h = measure_op(
                ops[key], threads, runs, budget, opt_level, None if iree_why else Path(tmp), _log
            )
            how = h if h != "?" else how
            results.append(r)
            notes += r.notes
    return KernelsResult(results, peaks, threads, runs, budget, how, not iree_why, notes)


def report_tables(k: KernelsResult) -> list[str]:
    """The peak table, the per-op table and their notes."""
    rounds_text = "–".join(sorted({str(r.rounds) for r in k.results}, key=int)) or "0"
    return [
        "Measured peaks (`peak.py`):",
        "",
        common.md_table(peak.PEAK_HEADERS, k.peaks.rows()),
        "",
        common.md_table(TABLE_HEADERS, [result_row(r, k.peaks, k.threads) for r in k.results], 3),
        "",
        f"Times: best (median) in ms of one call per engine per round, engines interleaved "
        f"round-robin, {rounds_text} rounds (at least {k.runs}, more while a round fits "
        f"{k.budget:g} s / rounds). llh-opt: "
        f"`llh_opt.runtime.compile`, {k.how}. torch 2T / 1T: eager with 2 / 1 intra-op threads; "
        f"IREE: llvm-cpu for the host CPU, local-task driver with {k.threads} workers; "
        "numpy: float32, its own BLAS threads. Rates and % of peak: conv and matmul in GFLOP/s "
        f"against the measured {k.threads}-thread FMA peak, the other ops in GB/s (bytes "
        "read + written once) against the best measured copy/triad bandwidth with up to "
        f"{k.threads} threads ({k.peaks.mib:g} MiB arrays); their 3-10 MB working sets fit "
        "this CPU's last-level cache, so they can exceed 100%. Ratios are time ratios "
        "(< 1× = llh-opt faster). Error: max |engine − float64 numpy| / max |reference| over "
        "the engines kept.",
        *(f"\n- {n}" for n in k.notes),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    ops = all_ops()
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ops", default=",".join(ops), help=f"comma-separated of {', '.join(ops)}")
    ap.add_argument("--threads", type=int, default=2, help="threads of llh-opt and IREE")
    ap.add_argument("--runs", type=int, default=5, help="least timed calls per engine")
    ap.add_argument(
        "--budget", type=float, default=0.5, help="seconds of timed calls per op (more rounds)"
    )
    ap.add_argument("--opt-level", type=int, default=2, help="LLVM -O level of the runtime")
    ap.add_argument("--no-iree", action="store_true", help="skip IREE even when installed")
    ap.add_argument("--peak-seconds", type=float, default=0.2, help="seconds per FMA sample")
    ap.add_argument("--peak-mib", type=float, default=256.0, help="MiB per bandwidth array")
    ap.add_argument("--write-results", action="store_true", help="append to RESULTS.md")
    ap.add_argument("--results", type=Path, default=common.RESULTS, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    chosen = [o for o in args.ops.split(",") if o]
    unknown = [o for o in chosen if o not in ops]
    if unknown:
        ap.error(f"unknown op(s) {', '.join(unknown)}; choose from {', '.join(ops)}")

    import torch

    load_start = common.uptime()
    started = dt.datetime.now(dt.timezone.utc)
    k = measure(
        chosen,
        args.threads,
        args.runs,
        args.budget,
        args.opt_level,
        not args.no_iree,
        None,
        args.peak_seconds,
        args.peak_mib,
    )
    load_end = common.uptime()
    versions = f"numpy {np.__version__}, torch {torch.__version__}"
    if k.iree:
        versions += f", IREE {eng.iree_version()}"
    cmd = "python tools/bench/bench_kernels.py " + " ".join(argv or sys.argv[1:])
    lines = common.report_head(
        "per-op kernels (llh-opt vs torch vs IREE vs numpy vs measured peak)",
        started,
        common.machine_info(versions),
        load_start,
        load_end,
        cmd,
    )
    text = "\n".join([*lines, *report_tables(k), ""])
    return common.emit_report(text, args.write_results, args.results)


if __name__ == "__main__":
    sys.exit(main())
