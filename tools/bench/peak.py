"""Measured machine peaks: fp32 FMA throughput and memory bandwidth, on 1 and 2 threads.

What lives here: a small C file (built once with ``cc -O3 -mavx2 -mfma -shared`` into
``tools/bench/.cache/``) with

* ``fma_loop(iters)``: 12 independent chains of 8-wide ``vfmadd`` on ymm registers (enough
  chains to cover the FMA latency times the two FMA ports of a core), 192 flops per iteration;
* ``copy_f32`` / ``triad_f32``: STREAM-like ``a[i] = b[i]`` and ``a[i] = b[i] + s * c[i]`` over a
  slice of large float32 arrays;

and the Python side that calls them through ctypes (which releases the GIL) on 1 or N Python
threads started together at a barrier; a sample is the wall time from the barrier to the last
thread's end, best of ``runs``. Bandwidth counts the bytes read and written once (STREAM's
convention: 8 bytes per copied float, 12 per triad float, no write-allocate traffic).

What does not live here: the kernels measured against these peaks (``bench_kernels.py``).

Usage: ``python tools/bench/peak.py [--threads 1,2] [--seconds 0.2] [--mib 256] [--runs 3]``.
"""

from __future__ import annotations

import argparse
import ctypes
import hashlib
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
CACHE = HERE / ".cache"

FLOPS_PER_ITER = 12 * 8 * 2  # chains x lanes x (multiply + add)

C_SOURCE = r"""
#include <immintrin.h>
#include <stddef.h>

float fma_loop(long iters) {
    __m256 m = _mm256_set1_ps(0.9999999f), c = _mm256_set1_ps(1e-7f);
    __m256 a0 = _mm256_set1_ps(1.0f), a1 = _mm256_set1_ps(1.1f), a2 = _mm256_set1_ps(1.2f);
    __m256 a3 = _mm256_set1_ps(1.3f), a4 = _mm256_set1_ps(1.4f), a5 = _mm256_set1_ps(1.5f);
    __m256 a6 = _mm256_set1_ps(1.6f), a7 = _mm256_set1_ps(1.7f), a8 = _mm256_set1_ps(1.8f);
    __m256 a9 = _mm256_set1_ps(1.9f), a10 = _mm256_set1_ps(2.0f), a11 = _mm256_set1_ps(2.1f);
    for (long i = 0; i < iters; i++) {
        a0 = _mm256_fmadd_ps(a0, m, c); a1 = _mm256_fmadd_ps(a1, m, c);
        a2 = _mm256_fmadd_ps(a2, m, c); a3 = _mm256_fmadd_ps(a3, m, c);
        a4 = _mm256_fmadd_ps(a4, m, c); a5 = _mm256_fmadd_ps(a5, m, c);
        a6 = _mm256_fmadd_ps(a6, m, c); a7 = _mm256_fmadd_ps(a7, m, c);
        a8 = _mm256_fmadd_ps(a8, m, c); a9 = _mm256_fmadd_ps(a9, m, c);
        a10 = _mm256_fmadd_ps(a10, m, c); a11 = _mm256_fmadd_ps(a11, m, c);
    }
    __m256 s = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(a0, a1), _mm256_add_ps(a2, a3)),
                             _mm256_add_ps(_mm256_add_ps(a4, a5), _mm256_add_ps(a6, a7)));
    s = _mm256_add_ps(s, _mm256_add_ps(_mm256_add_ps(a8, a9), _mm256_add_ps(a10, a11)));
    float out[8];
    _mm256_storeu_ps(out, s);
    return out[0] + out[1] + out[2] + out[3] + out[4] + out[5] + out[6] + out[7];
}

void copy_f32(float *restrict a, const float *restrict b, long n) {
    for (long i = 0; i < n; i++) a[i] = b[i];
}

void triad_f32(float *restrict a, const float *restrict b, const float *restrict c, float s,
               long n) {
    for (long i = 0; i < n; i++) a[i] = b[i] + s * c[i];
}
"""


class PeakUnavailable(RuntimeError):
    """The microbenchmark library could not be built (no C compiler, no AVX2/FMA)."""


_LIB: list[ctypes.CDLL] = []


def library() -> ctypes.CDLL:
    """The compiled microbenchmarks (built on first use, cached by source hash)."""
    if _LIB:
        return _LIB[0]
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if cc is None:
        raise PeakUnavailable("no C compiler (cc) on PATH")
    digest = hashlib.sha256(C_SOURCE.encode()).hexdigest()[:12]
    so = CACHE / f"peak-{digest}.so"
    if not so.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        src = CACHE / f"peak-{digest}.c"
        src.write_text(C_SOURCE)
        tmp = so.with_suffix(".so.tmp")
        argv = [cc, "-O3", "-mavx2", "-mfma", "-shared", "-fPIC", str(src), "-o", str(tmp)]
        proc = subprocess.run(argv, capture_output=True, text=True)
        if proc.returncode != 0:
            raise PeakUnavailable(f"{' '.join(argv)} failed: {proc.stderr.strip()[:300]}")
        tmp.replace(so)
    lib = ctypes.CDLL(str(so))
    lib.fma_loop.argtypes = [ctypes.c_long]
    lib.fma_loop.restype = ctypes.c_float
    fp = ctypes.POINTER(ctypes.c_float)
    lib.copy_f32.argtypes = [fp, fp, ctypes.c_long]
    lib.copy_f32.restype = None
    lib.triad_f32.argtypes = [fp, fp, fp, ctypes.c_float, ctypes.c_long]
    lib.triad_f32.restype = None
    _LIB.append(lib)
    return lib


def parallel_wall(jobs: Sequence[Callable[[], object]]) -> float:
    """Start one thread per job at a barrier; the wall time until the last one ends."""
    if len(jobs) == 1:
        t0 = time.perf_counter()
        jobs[0]()
        return time.perf_counter() - t0
    barrier = threading.Barrier(len(jobs) + 1)

    def body(job: Callable[[], object]) -> None:
        barrier.wait()
        job()

    threads = [threading.Thread(target=body, args=(j,)) for j in jobs]
    for t in threads:
        t.start()
    barrier.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    return time.perf_counter() - t0


def fma_gflops(threads: int, seconds: float = 0.2, runs: int = 3) -> float:
    """Best fp32 FMA throughput in GFLOP/s on `threads` threads (each runs ~`seconds`)."""
    lib = library()
    iters = 1_000_000
    t = parallel_wall([lambda: lib.fma_loop(iters)])  # calibrate on one thread
    iters = max(1000, int(iters * seconds / max(t, 1e-6)))
    best = float("inf")
    for _ in range(runs):
        best = min(best, parallel_wall([lambda: lib.fma_loop(iters)] * threads))
    return threads * iters * FLOPS_PER_ITER / best / 1e9


def bandwidth_gbs(threads: int, mib: float = 256.0, kind: str = "triad", runs: int = 3) -> float:
    """Best STREAM-like bandwidth in GB/s (1e9 bytes) of `kind` (copy or triad) over arrays
    of `mib` MiB each, split in `threads` contiguous slices."""
    import numpy as np

    lib = library()
    n = int(mib * 2**20) // 4
    a = np.zeros(n, np.float32)
    b = np.ones(n, np.float32)
    c = np.full(n, 2.0, np.float32)
    fp = ctypes.POINTER(ctypes.c_float)
    bounds = [n * i // threads for i in range(threads + 1)]

    def ptr(arr: np.ndarray, off: int) -> ctypes._Pointer:  # type: ignore[type-arg]
        return ctypes.cast(arr.ctypes.data + 4 * off, fp)

    jobs: list[Callable[[], object]] = []
    for lo, hi in zip(bounds, bounds[1:]):
        if kind == "copy":
            jobs.append(lambda lo=lo, hi=hi: lib.copy_f32(ptr(a, lo), ptr(b, lo), hi - lo))
        elif kind == "triad":
            jobs.append(
                lambda lo=lo, hi=hi: lib.triad_f32(ptr(a, lo), ptr(b, lo), ptr(c, lo), 3.0, hi - lo)
            )
        else:
            raise ValueError(f"kind must be copy or triad, not {kind!r}")
    nbytes = n * (8 if kind == "copy" else 12)
    parallel_wall(jobs)  # touch the pages
    best = min(parallel_wall(jobs) for _ in range(runs))
    if kind == "triad" and not (a[0] == 7.0 and a[-1] == 7.0):
        raise AssertionError("triad computed a wrong result")
    return nbytes / best / 1e9


@dataclass
class Peaks:
    """Measured peaks per thread count: FMA GFLOP/s and triad / copy GB/s."""

    fma: dict[int, float] = field(default_factory=dict)
    triad: dict[int, float] = field(default_factory=dict)
    copy: dict[int, float] = field(default_factory=dict)
    mib: float = 0.0

    def bandwidth(self, threads: int) -> float:
        """The memory bandwidth the kernels are compared with: the best of copy and triad,
        and of `threads` and fewer threads (a kernel may saturate memory with one thread)."""
        vals = [d[t] for d in (self.triad, self.copy) for t in d if t <= threads]
        return max(vals) if vals else float("nan")

    def rows(self) -> list[list[str]]:
        out = []
        for t in sorted(self.fma):
            out.append(
                [
                    f"{t} thread{'s' if t > 1 else ''}",
                    f"{self.fma[t]:.1f}",
                    f"{self.copy.get(t, float('nan')):.1f}",
                    f"{self.triad.get(t, float('nan')):.1f}",
                ]
            )
        return out


def measure(
    threads: Sequence[int] = (1, 2), seconds: float = 0.2, mib: float = 256.0, runs: int = 3
) -> Peaks:
    """FMA and bandwidth peaks for each thread count (about 2·runs·seconds + a few copies of
    `mib` per thread count)."""
    p = Peaks(mib=mib)
    for t in threads:
        p.fma[t] = fma_gflops(t, seconds, runs)
        p.copy[t] = bandwidth_gbs(t, mib, "copy", runs)
        p.triad[t] = bandwidth_gbs(t, mib, "triad", runs)
    return p


PEAK_HEADERS = ["threads", "FMA fp32 GFLOP/s", "copy GB/s", "triad GB/s"]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--threads", default="1,2", help="thread counts")
    ap.add_argument("--seconds", type=float, default=0.2, help="seconds per FMA sample")
    ap.add_argument("--mib", type=float, default=256.0, help="MiB per bandwidth array")
    ap.add_argument("--runs", type=int, default=3, help="samples (best kept)")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(HERE))
    from common import md_table

    threads = [int(t) for t in args.threads.split(",") if t]
    peaks = measure(threads, args.seconds, args.mib, args.runs)
    print(md_table(PEAK_HEADERS, peaks.rows()))
    print(f"\nBandwidth arrays: {args.mib:g} MiB each; best of {args.runs}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
