"""Where ResNet-18's time goes against torch eager: thread scaling and per-layer convolutions.

What lives here: two measurements behind RESULTS.md's "targets not met" notes.

* ``--scaling``: ResNet-18 (``tools/gen_resnet18.py`` weights) at 1x3x224x224, llh-opt
  (``llh_opt.runtime.compile(threads=N)``) and torch eager (``torch.set_num_threads(N)``) in one
  process per thread count, best of ``--runs``, interleaved;
* ``--layers``: each distinct 3x3/7x7 conv shape of ResNet-18 (NCHW, batch 1) as a one-op LLH
  module against ``torch.nn.functional.conv2d`` at ``--threads`` threads, with GFLOP/s.

Outputs are checked against torch before timing. Prints Markdown tables.

What does not live here: the issue's summary table (``summary.py``), the peaks (``peak.py``).

Usage: ``python tools/bench/bench_conv_layers.py [--scaling] [--layers] [--threads 2] [--runs 7]``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
LAYERS = [  # (in channels, size, out channels, kernel, stride, pad)
    (3, 224, 64, 7, 2, 3),
    (64, 56, 64, 3, 1, 1),
    (128, 28, 128, 3, 1, 1),
    (256, 14, 256, 3, 1, 1),
    (512, 7, 512, 3, 1, 1),
    (256, 14, 512, 3, 2, 1),
]


def _conv_module(c: int, h: int, f: int, k: int, s: int, p: int) -> str:
    return (
        f"func.func @main(%x: tensor<1x{c}x{h}x{h}xf32>, %w: tensor<{f}x{c}x{k}x{k}xf32>) -> "
        f"tensor<*xf32> attributes {{entrance}} {{\n"
        f'  %0 = "llh.conv"(%x, %w) <{{dilation = array<i64: 1, 1>, group = 1 : i64, '
        f"kernel_shape = array<i64: {k}, {k}>, pad = array<i64: {p}, {p}, {p}, {p}>, "
        f"stride = array<i64: {s}, {s}>}}> : (tensor<1x{c}x{h}x{h}xf32>, "
        f"tensor<{f}x{c}x{k}x{k}xf32>) -> tensor<*xf32>\n"
        f"  return %0 : tensor<*xf32>\n}}\n"
    )


def layers(threads: int, runs: int) -> None:
    import torch

    from llh_opt import runtime

    torch.set_num_threads(threads)
    print(f"| conv (C → F, size, kernel, stride), {threads} threads | llh-opt ms | GFLOP/s "
          "| torch ms | llh-opt / torch |")  # fmt: skip
    print("|---|---:|---:|---:|---:|")
    rng = np.random.default_rng(0)
    for c, h, f, k, s, p in LAYERS:
        m = runtime.compile(_conv_module(c, h, f, k, s, p), threads=threads)
        x = rng.standard_normal((1, c, h, h)).astype(np.float32)
        w = rng.standard_normal((f, c, k, k)).astype(np.float32)
        tx, tw = torch.from_numpy(x), torch.from_numpy(w)
        ref = torch.nn.functional.conv2d(tx, tw, stride=s, padding=p).numpy()
        got = m.main(x, w)
        assert np.allclose(got, ref, rtol=1e-3, atol=1e-3 * np.abs(ref).max()), "wrong result"
        best = [1e9, 1e9]
        for _ in range(runs):
            t = time.perf_counter()
            m.main(x, w)
            best[0] = min(best[0], time.perf_counter() - t)
            t = time.perf_counter()
            torch.nn.functional.conv2d(tx, tw, stride=s, padding=p)
            best[1] = min(best[1], time.perf_counter() - t)
        oh = (h + 2 * p - k) // s + 1
        gflop = 2 * f * c * k * k * oh * oh / 1e9
        print(f"| {c} → {f}, {h}x{h}, {k}x{k}, stride {s} | {best[0] * 1e3:.2f} | "
              f"{gflop / best[0]:.0f} | {best[1] * 1e3:.2f} | {best[0] / best[1]:.2f}× |")  # fmt: skip


def _scaling_child(runs: int) -> None:
    import torch

    sys.path.insert(0, str(HERE.parent))
    sys.path.insert(0, str(HERE))
    from engines import resnet18_module, torch_callable
    from gen_resnet18 import load_weights, numpy_forward, write_resnet18

    from llh_opt import runtime

    n = int(os.environ["LLH_NUM_THREADS"])
    torch.set_num_threads(n)
    out = os.environ["LLH_BENCH_DIR"]
    path = write_resnet18(out)
    weights = load_weights(out)
    m = runtime.compile(path, threads=n)
    tm = torch_callable(resnet18_module(weights), n)
    x = np.random.default_rng(0).standard_normal((1, 3, 224, 224)).astype(np.float32)
    ref = numpy_forward(x, weights)
    assert np.abs(m.main(x) - ref).max() <= 1e-4 * np.abs(ref).max(), "wrong result"
    best = {"llh": 1e9, "torch": 1e9}
    for _ in range(runs):
        for key, fn in (("llh", lambda: m.main(x)), ("torch", lambda: tm(x))):
            t = time.perf_counter()
            fn()
            best[key] = min(best[key], time.perf_counter() - t)
    print(f"| {n} | {best['llh'] * 1e3:.1f} ms | {best['torch'] * 1e3:.1f} ms | "
          f"{best['llh'] / best['torch']:.2f}× |", flush=True)  # fmt: skip


def scaling(runs: int, max_threads: int) -> None:
    import tempfile

    print("| threads | llh-opt ResNet-18 224 | torch eager | ratio |")
    print("|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as d:
        for n in range(1, max_threads + 1):
            env = dict(os.environ, LLH_NUM_THREADS=str(n), LLH_BENCH_DIR=d)
            subprocess.run(
                [sys.executable, __file__, "--scaling-child", "--runs", str(runs)],
                env=env, check=True,
            )  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--scaling", action="store_true")
    ap.add_argument("--layers", action="store_true")
    ap.add_argument("--scaling-child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args(argv)
    if args.scaling_child:
        _scaling_child(args.runs)
        return 0
    if not (args.scaling or args.layers):
        args.scaling = args.layers = True
    if args.scaling:
        scaling(args.runs, args.threads)
    if args.layers:
        print()
        layers(args.threads, max(args.runs, 15))
    return 0


if __name__ == "__main__":
    sys.exit(main())
