"""Helpers of the `torch.compile(backend="llh")` tests: compile once, run at several sizes, compare
with torch eager, and check that no size after the first compiled anything.

The reference is torch eager on the same module (an implementation independent of llh-opt).
Tolerance: rel 1e-4 of the reference's largest magnitude, f32 (`assert_matches`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import torch

from llh_opt.frontend.torch import backend
from llh_opt.frontend.torch.runtime_bridge import CompiledGraph

RTOL = 1e-4


def assert_matches(got: Any, ref: Any, rtol: float = RTOL) -> None:
    """`got` equals `ref` (tensors, or tuples/lists of them) within `rtol` of ref's largest
    magnitude; shapes and dtypes equal."""
    if isinstance(ref, list | tuple):
        assert isinstance(got, list | tuple) and len(got) == len(ref)
        for g, r in zip(got, ref):
            assert_matches(g, r, rtol)
        return
    if not isinstance(ref, torch.Tensor):
        assert got == ref
        return
    assert isinstance(got, torch.Tensor), type(got)
    assert got.shape == ref.shape, (got.shape, ref.shape)
    assert got.dtype == ref.dtype, (got.dtype, ref.dtype)
    got, ref = got.detach(), ref.detach()
    if ref.dtype.is_floating_point:
        scale = float(ref.abs().max()) if ref.numel() else 0.0
        err = float((got - ref).abs().max()) if ref.numel() else 0.0
        assert err <= rtol * max(scale, 1e-6), f"max error {err:.3g} vs max |ref| {scale:.3g}"
    else:
        assert torch.equal(got, ref)


def run_sizes(
    model: torch.nn.Module | Callable[..., Any],
    inputs: Sequence[Sequence[Any]],
    *,
    expect_compiled: bool = True,
    rtol: float = RTOL,
) -> Any:
    """`torch.compile(model, backend="llh", dynamic=True)` called with each argument tuple of
    `inputs` under `torch.no_grad()`; every result equals eager. The first call compiles (when
    `expect_compiled`: at least one subgraph runs compiled code), later calls compile nothing
    (neither dynamo graphs nor JIT modules) and run compiled code again. Returns the compiled
    callable."""
    torch._dynamo.reset()
    backend.STATS.reset()
    compiled = torch.compile(model, backend="llh", dynamic=True)
    first: tuple[int, int] | None = None
    for args in inputs:
        calls_before = CompiledGraph.calls
        with torch.no_grad():
            ref = model(*args)
            got = compiled(*args)
        assert_matches(got, ref, rtol)
        if expect_compiled:
            assert CompiledGraph.calls > calls_before, "no compiled subgraph ran"
        counts = (backend.STATS.graphs, backend.STATS.compiles)
        if first is None:
            first = counts
            if expect_compiled:
                assert backend.STATS.compiles + backend.STATS.cache_hits >= 1
        else:
            assert counts == first, (
                f"recompiled for {[tuple(a.shape) for a in args if isinstance(a, torch.Tensor)]}: {first} -> {counts}"
            )
    assert backend.STATS.fallbacks == 0 or not expect_compiled, backend.STATS
    return compiled
