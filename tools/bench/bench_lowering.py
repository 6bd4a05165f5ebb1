"""Benchmark of the compiled code: ResNet-18 compile time and run time beside numpy (and torch).

What lives here: generating ResNet-18 with ``tools/gen_resnet18.py`` (seeded weights), timing

* its compile time to an object file (``llh-opt resnet18.mlir --lower-to-llvm --emit=obj -o``,
  the whole CLI process, best of ``--compile-runs``) and to an in-process JIT module
  (``llh_opt.runtime.compile``);
* its run time at 1x3x224x224 and 1x3x160x160 (configurable) through ``llh_opt.runtime``, for
  each ``--layouts`` model (NCHW, and NHWC with FHWC conv weights), the
  float32 numpy reference of ``gen_resnet18.numpy_forward`` (im2col + BLAS ``tensordot``, numpy's
  own thread count) and, when ``torch`` is importable, torch eager with 2 threads on the same
  weights; the engines run interleaved (round-robin, best of ``--runs``) so machine load hits them
  alike. Every compiled output is checked against the float64 numpy reference first.

A Markdown report is printed and, with ``--write-results``, appended to ``tools/bench/RESULTS.md``
with the machine, the date and the load (``uptime``) at the start and the end.

What does not live here: the model (``tools/gen_resnet18.py``), the compiler, the parser
benchmarks (``run_bench.py``).

Usage: ``python tools/bench/bench_lowering.py [--sizes 1x3x224x224,1x3x160x160]
[--layouts NCHW,NHWC] [--runs 3] [--write-results]``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
RESULTS = HERE / "RESULTS.md"
sys.path.insert(0, str(ROOT / "tools"))

import gen_resnet18  # noqa: E402
import run_bench  # noqa: E402  (this folder: the shared machine line)

# --------------------------------------------------------------------------- environment


def machine_info() -> str:
    """The machine line of ``run_bench.py`` with the numpy version."""
    return run_bench.machine_info(f"numpy {np.__version__}")


def uptime() -> str:
    """`uptime`'s line (load averages over 1, 5, 15 minutes)."""
    try:
        out = subprocess.run(["uptime"], capture_output=True, text=True, timeout=5).stdout
        return out.strip()
    except (OSError, subprocess.SubprocessError):
        return "load average: " + ", ".join(f"{v:.2f}" for v in os.getloadavg())


def _llh_opt() -> str:
    exe = Path(sys.executable).with_name("llh-opt")
    return str(exe) if exe.exists() else "llh-opt"


# --------------------------------------------------------------------------- torch (optional)


def torch_model(params: dict[str, np.ndarray]) -> Callable[[np.ndarray], np.ndarray] | None:
    """ResNet-18 in torch eager (functional ops) on `params`, 2 threads; None without torch."""
    try:
        import torch
        import torch.nn.functional as F
    except ImportError:
        return None
    torch.set_num_threads(2)
    t = {k: torch.from_numpy(v) for k, v in params.items()}
    layers = gen_resnet18._architecture()

    def run(x: np.ndarray) -> np.ndarray:
        with torch.inference_mode():
            vals: dict[int, Any] = {-1: torch.from_numpy(x)}
            for i, layer in enumerate(layers):
                a = vals[layer.inputs[0]]
                at = layer.attrs
                if layer.kind == "conv":
                    r = F.conv2d(a, t[layer.weights[0]], stride=at["stride"], padding=at["pad"])
                elif layer.kind == "bn":
                    s, b, m, v = (t[n] for n in layer.weights)
                    r = F.batch_norm(a, m, v, s, b, False, 0.1, gen_resnet18.EPS)
                elif layer.kind == "relu":
                    r = F.relu(a)
                elif layer.kind == "maxpool":
                    r = F.max_pool2d(a, at["k"], at["stride"], at["pad"])
                elif layer.kind == "add":
                    r = a + vals[layer.inputs[1]]
                elif layer.kind == "avgpool":
                    r = F.adaptive_avg_pool2d(a, 1)
                elif layer.kind == "flatten":
                    r = torch.flatten(a, 1)
                else:
                    r = F.linear(a, t["fc_w"], t["fc_b"])
                vals[i] = r
            return vals[len(layers) - 1].numpy()

    return run


# --------------------------------------------------------------------------- measuring


def best_of(fn: Callable[[], Any], runs: int) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def compile_to_object(model: Path, out: Path, runs: int) -> tuple[float, int]:
    """Best wall time of the CLI compiling `model` to an object, and the object's size."""
    argv = [_llh_opt(), str(model), "--lower-to-llvm", "--emit=obj", "-o", str(out)]
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        proc = subprocess.run(argv, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        if proc.returncode != 0:
            raise SystemExit(f"compile failed:\n{proc.stderr}")
        best = min(best, wall)
    return best, out.stat().st_size


def parse_sizes(text: str) -> list[tuple[int, ...]]:
    return [tuple(int(d) for d in s.split("x")) for s in text.split(",") if s]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default="1x3x224x224,1x3x160x160", help="input shapes, NCHW")
    ap.add_argument("--layouts", default="NCHW,NHWC", help="model layouts (NCHW, NHWC)")
    ap.add_argument("--runs", type=int, default=3, help="timed runs per engine and size")
    ap.add_argument("--compile-runs", type=int, default=1, help="timed CLI compiles")
    ap.add_argument("--opt-level", type=int, default=2, help="LLVM -O level of the runtime")
    ap.add_argument("--seed", type=int, default=0, help="weight seed")
    ap.add_argument("--write-results", action="store_true", help="append to RESULTS.md")
    args = ap.parse_args(argv)

    from llh_opt import runtime

    load_start = uptime()
    started = dt.datetime.now(dt.timezone.utc)
    sizes = parse_sizes(args.sizes)
    layouts = [v for v in args.layouts.split(",") if v]
    compile_rows: list[str] = []
    rows: list[str] = []
    notes: list[str] = []
    with tempfile.TemporaryDirectory(prefix="bench-lowering-") as tmp:
        compiled: dict[str, Any] = {}
        params: dict[str, np.ndarray] = {}
        for layout in layouts:
            d = Path(tmp) / layout
            model = Path(gen_resnet18.write_resnet18(str(d), args.seed, layout))
            params = gen_resnet18.load_weights(str(d))
            obj_time, obj_size = compile_to_object(model, d / "resnet18.o", args.compile_runs)
            t0 = time.perf_counter()
            compiled[layout] = runtime.compile(str(model), opt_level=args.opt_level)
            jit_time = time.perf_counter() - t0
            compile_rows += [
                f"| {layout} | `llh-opt resnet18.mlir --lower-to-llvm --emit=obj -o resnet18.o` "
                f"(whole process, best of {args.compile_runs}; object {obj_size / 1e6:.1f} MB) "
                f"| {obj_time:.2f} |",
                f"| {layout} | `llh_opt.runtime.compile(path, opt_level={args.opt_level})` "
                f"(in-process JIT) | {jit_time:.2f} |",
            ]
        torch_run = torch_model(params)
        if torch_run is None:
            notes.append("torch is not installed here: no torch eager column.")
        rng = np.random.default_rng(1)
        for shape in sizes:
            x = rng.standard_normal(shape).astype(np.float32)
            xl = np.ascontiguousarray(x.transpose(0, 2, 3, 1))
            ref = gen_resnet18.numpy_forward(x, params)
            err = 0.0
            engines: dict[str, Callable[[], Any]] = {}
            for layout, module in compiled.items():
                arg = xl if layout == "NHWC" else x
                got = module.main(arg)
                err = max(err, float(np.max(np.abs(got - ref)) / float(np.max(np.abs(ref)))))
                engines[layout] = lambda m=module, a=arg: m.main(a)
            engines["numpy"] = lambda x=x: gen_resnet18.numpy_forward(x, params, np.float32)
            if torch_run is not None:
                engines["torch"] = lambda x=x: torch_run(x)
            best = {name: float("inf") for name in engines}
            for _ in range(args.runs):  # round-robin
                for name, fn in engines.items():
                    best[name] = min(best[name], best_of(fn, 1))
            ours = min(best[layout] for layout in compiled)
            cells = [f"{best[layout]:.3f}" for layout in compiled]
            torch_cell = f"{best['torch']:.3f}" if "torch" in best else "–"
            rows.append(
                f"| {'x'.join(map(str, shape))} | {' | '.join(cells)} | {best['numpy']:.3f} | "
                f"{torch_cell} | {ours / best['numpy']:.1f} | {err:.1e} |"
            )
    load_end = uptime()
    cmd = "python tools/bench/bench_lowering.py " + " ".join(argv or sys.argv[1:])
    head = " | ".join(f"llh-opt {layout} s" for layout in layouts)
    report = [
        f"## {started:%Y-%m-%d %H:%M} UTC — compiled ResNet-18 (`--lower-to-llvm`)",
        "",
        f"**Machine:** {machine_info()}",
        "",
        f"**Load (`uptime`):** start: `{load_start}`; end: `{load_end}`",
        "",
        f"**Command:** `{cmd.strip()}`",
        "",
        "| layout | compile | seconds |",
        "|---|---|---:|",
        *compile_rows,
        "",
        f"| input (NCHW) | {head} | numpy s | torch eager (2 threads) s | best llh-opt / numpy | "
        "max rel. error vs float64 |",
        "|---|" + "---:|" * (len(layouts) + 4),
        *rows,
        "",
        f"Run times: best of {args.runs}, engines interleaved. NHWC = the model written "
        "channels-last with FHWC conv weights (what `--transform-layout` makes), fed the same input "
        "transposed. numpy = float32 im2col + `tensordot` (BLAS) reference; error = max "
        "|llh-opt − float64 reference| / max |reference| (worst layout).",
        "The compiled code is the unpacked, unvectorized loop nests of issue 10 (speed is the next "
        "issue).",
        *(f"\n- {n}" for n in notes),
        "",
    ]
    text = "\n".join(report)
    print(text)
    if args.write_results:
        with open(RESULTS, "a", encoding="utf-8") as f:
            f.write("\n" + text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
