"""Parallel loops on the thread pool: numerics of every op family with 1 and 2 threads (and with
`LLH_NUM_THREADS=2` in a fresh process) against numpy references written here, the number of
worker threads the pool starts (counted in /proc/self/task of a fresh process), and the inline
path of tiny loops.

The sizes are chosen so that every op's outer loop is large enough for the pool to wake its
workers (estimated work above `threadpool.INLINE_WORK`); the thread-count test proves the
workers do run. References are float64 numpy; f32 tolerances follow the summation bound
(relative ~1e-5 for sums of a few hundred terms).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pytest

from llh_opt import runtime

pytestmark = pytest.mark.skipif(
    not os.path.isdir("/proc/self/task"), reason="needs Linux /proc to count threads"
)


@dataclass
class Case:
    src: str
    inputs: Callable[[np.random.Generator], list[np.ndarray]]
    ref: Callable[..., np.ndarray]
    rtol: float = 1e-5
    atol: float = 1e-5


def _module(args: list[str], result: str, body: str) -> str:
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    return (
        f"func.func @main({params}) -> {result} attributes {{entrance}} {{\n"
        f"  {body}\n  return %r : {result}\n}}\n"
    )


def _rand(shape: tuple[int, ...]) -> Callable[[np.random.Generator], np.ndarray]:
    return lambda rng: rng.standard_normal(shape).astype(np.float32)


def _max_pool_ref(x: np.ndarray) -> np.ndarray:
    """3x3, stride 2, pad 1 over NCHW (padding never wins)."""
    n, c, h, w = x.shape
    xp = np.pad(x.astype(np.float64), [(0, 0), (0, 0), (1, 1), (1, 1)], constant_values=-np.inf)
    oh, ow = (h - 1) // 2 + 1, (w - 1) // 2 + 1
    out = np.full((n, c, oh, ow), -np.inf)
    for i in range(3):
        for j in range(3):
            out = np.maximum(out, xp[:, :, i : i + 2 * oh : 2, j : j + 2 * ow : 2])
    return out


def _conv_ref(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """3x3, stride 1, pad 1, NCHW / FCHW."""
    n, c, h, wd = x.shape
    xp = np.pad(x.astype(np.float64), [(0, 0), (0, 0), (1, 1), (1, 1)])
    out = np.zeros((n, w.shape[0], h, wd))
    for i in range(3):
        for j in range(3):
            out += np.einsum("nchw,fc->nfhw", xp[:, :, i : i + h, j : j + wd], w[:, :, i, j])
    return out


def _layer_norm_ref(x: np.ndarray, g: np.ndarray, b: np.ndarray) -> np.ndarray:
    x64 = x.astype(np.float64)
    mean = x64.mean(-1, keepdims=True)
    var = ((x64 - mean) ** 2).mean(-1, keepdims=True)
    return (x64 - mean) / np.sqrt(var + 1e-5) * g + b


def _batch_norm_ref(x, s, b, m, v):  # type: ignore[no-untyped-def]
    r = (1, -1, 1, 1)
    return (x - m.reshape(r)) / np.sqrt(v.reshape(r).astype(np.float64) + 1e-3) * s.reshape(
        r
    ) + b.reshape(r)


T4 = "tensor<2x8x40x48xf32>"
POOL = (
    "ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, "
    "layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>"
)
CONV = (
    "dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, "
    "layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>, "
    "weight_layout = #llh.Layout<FCHW>"
)
BN = "epsilon = 1.000000e-03 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64"

CASES: dict[str, Case] = {
    "elementwise": Case(
        _module(
            [T4, "tensor<48xf32>"],
            T4,
            f'%0 = "llh.add"(%a0, %a1) : ({T4}, tensor<48xf32>) -> {T4}\n'
            f'  %1 = "llh.exp"(%0) : ({T4}) -> {T4}\n'
            f'  %r = "llh.relu"(%1) : ({T4}) -> {T4}',
        ),
        lambda rng: [_rand((2, 8, 40, 48))(rng), _rand((48,))(rng)],
        lambda x, b: np.maximum(np.exp(x.astype(np.float64) + b), 0),
    ),
    "reduce_sum": Case(
        _module(
            [T4],
            "tensor<2x8x48xf32>",
            f'%r = "llh.reduce_sum"(%a0) <{{axis = array<i64: 2>}}> : ({T4}) -> tensor<2x8x48xf32>',
        ),
        lambda rng: [_rand((2, 8, 40, 48))(rng)],
        lambda x: x.astype(np.float64).sum(axis=2),
    ),
    "reduce_max": Case(
        _module(
            [T4],
            "tensor<2x40x48xf32>",
            f'%r = "llh.reduce_max"(%a0) <{{axis = array<i64: 1>}}> : ({T4}) -> tensor<2x40x48xf32>',
        ),
        lambda rng: [_rand((2, 8, 40, 48))(rng)],
        lambda x: x.max(axis=1),
        rtol=0,
        atol=0,
    ),
    "reduce_sum_last": Case(
        _module(
            ["tensor<2x8x40x45xf32>"],
            "tensor<2x8x40xf32>",
            '%r = "llh.reduce_sum"(%a0) <{axis = array<i64: -1>}> : (tensor<2x8x40x45xf32>) -> '
            "tensor<2x8x40xf32>",
        ),
        lambda rng: [_rand((2, 8, 40, 45))(rng)],
        lambda x: x.astype(np.float64).sum(axis=-1),
        rtol=1e-5,
        atol=1e-4,
    ),
    "reduce_min_last": Case(
        _module(
            ["tensor<64x1001xf32>"],
            "tensor<64xf32>",
            '%r = "llh.reduce_min"(%a0) <{axis = array<i64: 1>}> : (tensor<64x1001xf32>) -> '
            "tensor<64xf32>",
        ),
        lambda rng: [_rand((64, 1001))(rng)],
        lambda x: x.min(axis=1),
        rtol=0,
        atol=0,
    ),
    "max_pool": Case(
        _module(
            ["tensor<2x16x64x63xf32>"],
            "tensor<2x16x32x32xf32>",
            f'%r = "llh.max_pool"(%a0) <{{{POOL}}}> : (tensor<2x16x64x63xf32>) -> '
            "tensor<2x16x32x32xf32>",
        ),
        lambda rng: [_rand((2, 16, 64, 63))(rng)],
        _max_pool_ref,
        rtol=0,
        atol=0,
    ),
    "global_avg_pool": Case(
        _module(
            ["tensor<2x64x28x28xf32>"],
            "tensor<2x64x1x1xf32>",
            '%r = "llh.adaptive_average_pool"(%a0) <{out_size = array<i64: 1, 1>}> : '
            "(tensor<2x64x28x28xf32>) -> tensor<2x64x1x1xf32>",
        ),
        lambda rng: [_rand((2, 64, 28, 28))(rng)],
        lambda x: x.astype(np.float64).mean(axis=(2, 3), keepdims=True),
    ),
    "adaptive_avg_pool": Case(
        _module(
            ["tensor<2x32x30x31xf32>"],
            "tensor<2x32x3x5xf32>",
            '%r = "llh.adaptive_average_pool"(%a0) <{out_size = array<i64: 3, 5>}> : '
            "(tensor<2x32x30x31xf32>) -> tensor<2x32x3x5xf32>",
        ),
        lambda rng: [_rand((2, 32, 30, 31))(rng)],
        lambda x: np.stack(
            [
                np.stack(
                    [
                        x[
                            :,
                            :,
                            (i * 30) // 3 : -(-(i + 1) * 30 // 3),
                            (j * 31) // 5 : -(-(j + 1) * 31 // 5),
                        ]
                        .astype(np.float64)
                        .mean(axis=(2, 3))
                        for j in range(5)
                    ],
                    axis=-1,
                )
                for i in range(3)
            ],
            axis=-2,
        ),
    ),  # fmt: skip
    "batch_norm": Case(
        _module(
            [T4] + ["tensor<8xf32>"] * 4,
            T4,
            f'%r = "llh.batch_norm"(%a0, %a1, %a2, %a3, %a4) <{{{BN}}}> : '
            f"({T4}, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> {T4}",
        ),
        lambda rng: (
            [_rand((2, 8, 40, 48))(rng)]
            + [_rand((8,))(rng) for _ in range(3)]
            + [rng.uniform(0.5, 2, 8).astype(np.float32)]
        ),
        _batch_norm_ref,
    ),
    "layer_norm": Case(
        _module(
            ["tensor<128x384xf32>", "tensor<384xf32>", "tensor<384xf32>"],
            "tensor<128x384xf32>",
            '%r = "llh.layer_norm"(%a0, %a1, %a2) <{axis = -1 : i64, epsilon = 1.000000e-05 : f64}>'
            " : (tensor<128x384xf32>, tensor<384xf32>, tensor<384xf32>) -> tensor<128x384xf32>",
        ),
        lambda rng: [_rand((128, 384))(rng), _rand((384,))(rng), _rand((384,))(rng)],
        _layer_norm_ref,
        rtol=1e-4,
        atol=1e-4,
    ),
    "matmul": Case(
        _module(
            ["tensor<96x128xf32>", "tensor<128x80xf32>"],
            "tensor<96x80xf32>",
            '%r = "llh.matmul"(%a0, %a1) : (tensor<96x128xf32>, tensor<128x80xf32>) -> '
            "tensor<96x80xf32>",
        ),
        lambda rng: [_rand((96, 128))(rng), _rand((128, 80))(rng)],
        lambda a, b: a.astype(np.float64) @ b,
        rtol=1e-4,
        atol=1e-4,
    ),
    "conv": Case(
        _module(
            ["tensor<1x8x32x32xf32>", "tensor<16x8x3x3xf32>"],
            "tensor<1x16x32x32xf32>",
            f'%r = "llh.conv"(%a0, %a1) <{{{CONV}}}> : '
            "(tensor<1x8x32x32xf32>, tensor<16x8x3x3xf32>) -> tensor<1x16x32x32xf32>",
        ),
        lambda rng: [_rand((1, 8, 32, 32))(rng), _rand((16, 8, 3, 3))(rng)],
        _conv_ref,
        rtol=1e-4,
        atol=1e-4,
    ),
    "transpose": Case(
        _module(
            [T4],
            "tensor<2x40x48x8xf32>",
            f'%r = "llh.transpose"(%a0) <{{perms = array<i64: 0, 2, 3, 1>}}> : ({T4}) -> '
            "tensor<2x40x48x8xf32>",
        ),
        lambda rng: [_rand((2, 8, 40, 48))(rng)],
        lambda x: x.transpose(0, 2, 3, 1),
        rtol=0,
        atol=0,
    ),
    "cat": Case(
        _module(
            [T4, T4],
            "tensor<2x16x40x48xf32>",
            f'%r = "llh.cat"(%a0, %a1) <{{dim = 1 : i64}}> : ({T4}, {T4}) -> tensor<2x16x40x48xf32>',
        ),
        lambda rng: [_rand((2, 8, 40, 48))(rng), _rand((2, 8, 40, 48))(rng)],
        lambda a, b: np.concatenate([a, b], axis=1),
        rtol=0,
        atol=0,
    ),
}


def _check(case: Case, compiled: object, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    inputs = case.inputs(rng)
    got = compiled.main(*inputs)  # type: ignore[attr-defined]
    ref = case.ref(*inputs)
    assert got.shape == ref.shape
    np.testing.assert_allclose(got, ref, rtol=case.rtol, atol=case.atol)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("name", sorted(CASES))
def test_op_family_numerics(name: str, threads: int) -> None:
    case = CASES[name]
    compiled = runtime.compile(case.src, threads=threads)
    _check(case, compiled)
    # A second call reuses the started pool.
    _check(case, compiled, seed=1)


def test_identical_results_across_thread_counts() -> None:
    """Loops split across threads compute each output on one thread in the same order as the
    serial loop: the results are bit-identical (no parallel reductions)."""
    for name in ("reduce_sum", "layer_norm", "global_avg_pool", "conv"):
        case = CASES[name]
        rng = np.random.default_rng(5)
        inputs = case.inputs(rng)
        one = runtime.compile(case.src, threads=1).main(*inputs)
        two = runtime.compile(case.src, threads=2).main(*inputs)
        np.testing.assert_array_equal(one, two)


_CHILD = r"""
import json, os, sys
import numpy as np
sys.path.insert(0, {here!r})
from test_threads import CASES, _check
from llh_opt import runtime

def tasks():
    return len(os.listdir("/proc/self/task"))

names = {names!r}
compiled = [runtime.compile(CASES[n].src, threads={threads}) for n in names]
before = tasks()
for n, c in zip(names, compiled):
    _check(CASES[n], c)
    _check(CASES[n], c, seed=3)
print(json.dumps({{"before": before, "after": tasks(), "cpus": os.cpu_count()}}))
"""


def _run_child(names: list[str], threads: int, env_threads: str | None) -> dict[str, int]:
    env = dict(os.environ)
    env.pop("LLH_NUM_THREADS", None)
    if env_threads is not None:
        env["LLH_NUM_THREADS"] = env_threads
    here = os.path.dirname(os.path.abspath(__file__))
    code = _CHILD.format(here=here, names=names, threads=threads)
    r = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600
    )
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_env_two_threads_every_family() -> None:
    """LLH_NUM_THREADS=2 overrides threads=1: every family is right and exactly one worker
    thread is started (the caller is the second thread)."""
    counts = _run_child(sorted(CASES), threads=1, env_threads="2")
    assert counts["after"] - counts["before"] == 1


@pytest.mark.parametrize(("env_threads", "compiled", "workers"),
                         [("3", 8, 2), ("1", 2, 0), (None, 1, 0), (None, 3, 2), ("junk", 2, 1)])  # fmt: skip
def test_pool_starts_at_most_n_workers(
    env_threads: str | None, compiled: int, workers: int
) -> None:
    """N threads = the environment variable when set to a positive number, else the compiled
    value: the pool starts exactly N - 1 workers (the calling thread works too), never more,
    however many parallel loops run."""
    counts = _run_child(["max_pool", "batch_norm", "elementwise"], compiled, env_threads)
    assert counts["after"] - counts["before"] == workers


def test_auto_threads_is_online_cpus() -> None:
    """threads=0 (auto) without the environment variable: one worker per online CPU but one."""
    counts = _run_child(["max_pool"], 0, None)
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else counts["cpus"]
    assert 0 <= counts["after"] - counts["before"] <= max(cpus, counts["cpus"]) - 1


def test_tiny_loops_run_inline() -> None:
    """A loop whose estimated work is below the pool's threshold never wakes or starts a
    worker (counted in a fresh process)."""
    src = _module(
        ["tensor<4x8xf32>"], "tensor<4x8xf32>", '%r = "llh.relu"(%a0) : (tensor<4x8xf32>) -> tensor<4x8xf32>'
    )  # fmt: skip
    code = (
        "import os, numpy as np\nfrom llh_opt import runtime\n"
        f"m = runtime.compile({src!r}, threads=2)\n"
        "b = len(os.listdir('/proc/self/task'))\n"
        "x = np.arange(-16, 16, dtype=np.float32).reshape(4, 8)\n"
        "assert (m.main(x) == np.maximum(x, 0)).all()\n"
        "print(len(os.listdir('/proc/self/task')) - b)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "LLH_NUM_THREADS"}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "0"


def test_runtime_rejects_negative_threads() -> None:
    with pytest.raises(ValueError, match="threads must be >= 0"):
        runtime.compile(CASES["elementwise"].src, threads=-1)
