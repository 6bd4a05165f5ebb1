"""Issue 11's results table in one command: per-op kernels and ResNet-18 against the targets.

What lives here: running the measured peaks (``peak.py``), the per-op benchmark
(``bench_kernels.measure``) and the ResNet-18 benchmark (``bench_lowering.measure``) in one
process, and the summary table of issue 11 — op / model, llh-opt, torch eager (2 threads), IREE,
numpy, the measured peak, llh-opt's share of it, the time ratios, the target and whether it is
met — followed by the detailed tables of both benchmarks. ``--write-results`` appends the whole
report to ``RESULTS.md``.

What does not live here: any measuring (the scripts above do it); the pure row builders below
only turn their results into table rows.

Usage: ``python tools/bench/summary.py [--threads 2] [--runs 5] [--torch-compile] [--no-iree]
[--write-results]``; ``--quick`` for a short smoke run (small sizes, few runs).
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench_kernels  # noqa: E402
import bench_lowering  # noqa: E402
import common  # noqa: E402
import engines as eng  # noqa: E402
import peak  # noqa: E402

# Issue 11's targets.
COMPUTE_SHARE = 0.60  # conv 3x3 and matmul: of the measured FMA peak at the thread count
MEMORY_SHARE = 0.70  # elementwise and pooling: of the measured memory bandwidth
MODEL_VS_TORCH = 1.0  # ResNet-18 time / torch eager's (stretch 0.8)
COMPILE_SECONDS = 20.0


@dataclass
class Row:
    """One line of the summary: cells with their units, the target text and whether it holds
    (None: not measurable in this run)."""

    name: str
    llh: str
    torch: str
    iree: str
    numpy: str
    peak: str
    share: str
    vs_torch: str
    vs_iree: str
    vs_numpy: str
    target: str
    met: bool | None

    def cells(self) -> list[str]:
        met = "–" if self.met is None else ("yes" if self.met else "**no**")
        return [
            self.name,
            self.llh,
            self.torch,
            self.iree,
            self.numpy,
            self.peak,
            self.share,
            self.vs_torch,
            self.vs_iree,
            self.vs_numpy,
            self.target,
            met,
        ]


HEADERS = [
    "op / model",
    "llh-opt",
    "torch eager (2T)",
    "IREE",
    "numpy",
    "measured peak",
    "llh-opt % of peak",
    "llh-opt / torch",
    "llh-opt / IREE",
    "llh-opt / numpy",
    "target",
    "met",
]


def _ms(t: float | None) -> str:
    return "–" if t is None or not math.isfinite(t) else f"{common.fmt_time(t)} ms"


def _le(a: float | None, b: float | None, factor: float = 1.0) -> bool | None:
    if a is None or b is None or not (math.isfinite(a) and math.isfinite(b)):
        return None
    return a <= factor * b


def kernel_row(
    name: str,
    times: dict[str, float | None],
    rate: float | None,
    peak_value: float,
    compute_bound: bool,
    threads: int,
) -> Row:
    """The summary line of one op: `times` (seconds) by engine ("llh-opt", "torch 2T", "IREE",
    "numpy"), llh-opt's `rate` (GFLOP/s or GB/s) and the peak it is held against."""
    llh = times.get("llh-opt")
    share = rate / peak_value if rate is not None and peak_value > 0 else None
    if compute_bound:
        peak_txt = f"{peak_value:.0f} GFLOP/s (FMA, {threads}T)"
        target, need = f"≥ {COMPUTE_SHARE:.0%} of peak", COMPUTE_SHARE
    else:
        peak_txt = f"{peak_value:.1f} GB/s (memory)"
        target, need = f"≥ {MEMORY_SHARE:.0%} of bandwidth", MEMORY_SHARE
    met = None if share is None or not math.isfinite(share) else share >= need
    return Row(
        name,
        _ms(llh),
        _ms(times.get("torch 2T")),
        _ms(times.get("IREE")),
        _ms(times.get("numpy")),
        peak_txt if math.isfinite(peak_value) else "–",
        common.fmt_pct(rate, peak_value),
        common.fmt_ratio(llh, times.get("torch 2T")),
        common.fmt_ratio(llh, times.get("IREE")),
        common.fmt_ratio(llh, times.get("numpy")),
        target,
        met,
    )


def model_row(
    name: str,
    times: dict[str, float | None],
    flops: float,
    fma_peak: float | None,
    threads: int,
) -> Row:
    """The summary line of ResNet-18 at one size: `times` (seconds) by engine ("llh-opt" = the
    best layout, "torch eager", "IREE", "numpy")."""
    llh, torch_t, iree = times.get("llh-opt"), times.get("torch eager"), times.get("IREE")
    rate = flops / llh / 1e9 if llh else None
    vs_torch = _le(llh, torch_t, MODEL_VS_TORCH)
    vs_iree = None if iree is None else _le(llh, iree)
    met = vs_torch if vs_iree is None or vs_torch is None else (vs_torch and vs_iree)
    return Row(
        name,
        _ms(llh),
        _ms(torch_t),
        _ms(iree),
        _ms(times.get("numpy")),
        f"{fma_peak:.0f} GFLOP/s (FMA, {threads}T)" if fma_peak else "–",
        common.fmt_pct(rate, fma_peak),
        common.fmt_ratio(llh, torch_t),
        common.fmt_ratio(llh, iree),
        common.fmt_ratio(llh, times.get("numpy")),
        f"≤ {MODEL_VS_TORCH:.1f}× torch eager, faster than IREE",
        met,
    )


def _other_row(
    name: str, llh: str, torch: str, vs_torch: str, target: str, met: bool | None
) -> Row:
    return Row(name, llh, torch, "–", "–", "–", "–", vs_torch, "–", "–", target, met)


def compile_row(layout: str, seconds: float) -> Row:
    """Compile time of ResNet-18 to an object (no engine to compare with)."""
    target = f"≤ {COMPILE_SECONDS:.0f} s"
    return _other_row(
        f"ResNet-18 compile to .o ({layout})",
        f"{seconds:.1f} s",
        "–",
        "–",
        target,
        seconds <= COMPILE_SECONDS,
    )


def rss_row(what: str, llh_mib: float | None, torch_mib: float | None) -> Row:
    """Peak RSS of a process running ResNet-18, llh-opt vs torch eager."""
    return _other_row(
        f"ResNet-18 peak RSS ({what})",
        "–" if llh_mib is None else f"{llh_mib:.0f} MiB",
        "–" if torch_mib is None else f"{torch_mib:.0f} MiB",
        common.fmt_ratio(llh_mib, torch_mib),
        "≤ torch eager's",
        _le(llh_mib, torch_mib),
    )


def summary_rows(
    k: bench_kernels.KernelsResult | None, m: bench_lowering.LoweringResult | None
) -> list[Row]:
    """The summary lines of both benchmarks' results."""
    rows: list[Row] = []
    if k is not None:
        for r in k.results:
            times = {n: (t.best if t.samples else None) for n, t in r.times.items()}
            best = times.get("llh-opt")
            rate = bench_kernels.rate(r.spec, best) if best else None
            pk = bench_kernels.op_peak(r.spec, k.peaks, k.threads)
            rows.append(kernel_row(r.spec.name, times, rate, pk, r.spec.compute_bound, k.threads))
    if m is not None:
        for sr in m.sizes:
            times = {
                "llh-opt": sr.best_llh(),
                "torch eager": sr.best("torch eager"),
                "IREE": sr.best("IREE"),
                "numpy": sr.best("numpy"),
            }
            shape = "x".join(map(str, sr.shape))
            rows.append(model_row(f"ResNet-18 {shape}", times, sr.flops, m.fma_peak, m.threads))
        for layout, sec in m.compile_seconds.items():
            rows.append(compile_row(layout, sec))
        if m.rss:
            llh = next((r for r in m.rss if r.what.startswith("llh-opt")), None)
            rows.append(
                rss_row(
                    "own process, first size",
                    llh.mib if llh else None,
                    m.rss_of("torch eager"),
                )
            )
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--threads", type=int, default=2, help="threads of llh-opt, torch, IREE")
    ap.add_argument("--runs", type=int, default=5, help="timed runs per engine (at least)")
    ap.add_argument("--sizes", default="1x3x224x224,1x3x160x160", help="ResNet-18 inputs")
    ap.add_argument("--layouts", default="NCHW,NHWC", help="ResNet-18 layouts")
    ap.add_argument("--ops", default=",".join(bench_kernels.all_ops()), help="per-op keys")
    ap.add_argument("--torch-compile", action="store_true", help="also torch.compile (slow)")
    ap.add_argument("--no-iree", action="store_true", help="skip IREE even when installed")
    ap.add_argument("--no-model", action="store_true", help="skip ResNet-18")
    ap.add_argument("--no-kernels", action="store_true", help="skip the per-op benchmark")
    ap.add_argument("--quick", action="store_true", help="smoke run: tiny sizes, 2 runs")
    ap.add_argument("--peak-mib", type=float, default=256.0, help="MiB per bandwidth array")
    ap.add_argument("--write-results", action="store_true", help="append to RESULTS.md")
    ap.add_argument("--results", type=Path, default=common.RESULTS, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.quick:
        args.runs, args.sizes, args.layouts, args.peak_mib = 2, "1x3x64x64", "NCHW", 64.0
    ops = [o for o in args.ops.split(",") if o]
    unknown = [o for o in ops if o not in bench_kernels.all_ops()]
    if unknown:
        ap.error(f"unknown op(s): {', '.join(unknown)}")

    import torch

    load_start = common.uptime()
    started = dt.datetime.now(dt.timezone.utc)
    peak_seconds = 0.05 if args.quick else 0.2
    peaks = peak.measure(sorted({1, args.threads}), peak_seconds, args.peak_mib, runs=3)
    k = None
    if not args.no_kernels:
        k = bench_kernels.measure(
            ops,
            args.threads,
            args.runs,
            0.1 if args.quick else 0.5,
            iree=not args.no_iree,
            peaks=peaks,
        )
    m = None
    if not args.no_model:
        m = bench_lowering.measure(
            bench_lowering.parse_sizes(args.sizes),
            [v for v in args.layouts.split(",") if v],
            runs=args.runs,
            threads=args.threads,
            torch_compile=args.torch_compile,
            iree=not args.no_iree,
            peak_seconds=0,
        )
        m.fma_peak = peaks.fma.get(args.threads)
    load_end = common.uptime()
    versions = f"numpy {np.__version__}, torch {torch.__version__}"
    if eng.iree_status() is None and not args.no_iree:
        versions += f", IREE {eng.iree_version()}"
    cmd = "python tools/bench/summary.py " + " ".join(argv or sys.argv[1:])
    lines = common.report_head(
        "issue 11: compiled code vs torch eager, IREE, numpy and the measured peaks",
        started,
        common.machine_info(versions),
        load_start,
        load_end,
        cmd,
    )
    lines += [
        common.md_table(HEADERS, [r.cells() for r in summary_rows(k, m)]),
        "",
        "Times are the best of the interleaved runs below; ratios are time ratios (< 1× = "
        "llh-opt faster; for peak RSS the memory ratio). llh-opt for ResNet-18 = its faster "
        "layout. The measured peaks are this run's (`peak.py`). Targets from issue 11.",
        "",
    ]
    if k is not None:
        lines += ["### Per op", "", *bench_kernels.report_tables(k), ""]
    if m is not None:
        lines += ["### ResNet-18", "", *bench_lowering.report_tables(m, args.runs), ""]
    text = "\n".join(lines)
    return common.emit_report(text, args.write_results, args.results)


if __name__ == "__main__":
    sys.exit(main())
