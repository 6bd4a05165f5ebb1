"""torch values in, torch tensors out: calling an `llh_opt.runtime` entry point from an FX graph.

`CompiledGraph(entry, plan)` is an `nn.Module` that stands in for a fused submodule: called with
the submodule's positional arguments (torch tensors, SymInt values as Python ints, constants), it
hands the entry point one numpy view per tensor argument -- no copy for a contiguous CPU tensor
(`Tensor.numpy()` shares the storage); a non-contiguous one is made contiguous first -- and scalar
arguments as Python ints, then wraps each result with `torch.from_numpy` (no copy: the tensor keeps
the buffer the compiled code allocated alive). The output structure is the submodule's: one
tensor, or a tuple.

Should the compiled code reject the inputs (`ShapeError`: a constraint between sizes LLH derived
that torch's guards did not check), the call runs the submodule in torch instead, with a warning.

What is not here: what the arguments are (the importer's `input_specs`, read by `backend.py` into
an `ArgPlan`), partitioning, compiling.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import torch

from llh_opt.runtime.errors import ShapeError

# torch dtypes numpy has no type for, passed as same-width integer bit patterns
# (the runtime's bf16 arrays are uint16 bit patterns).
_BITS_AS = {torch.bfloat16: torch.int16}


class LLHBackendWarning(UserWarning):
    """The llh backend ran (part of) a graph in torch instead of compiled code."""


@dataclass(frozen=True)
class ArgPlan:
    """How to build the entry point's argument list from the submodule's arguments: for each
    entry argument, the index of the submodule argument and whether it is a tensor (memref) or a
    scalar."""

    sources: tuple[int, ...]
    is_tensor: tuple[bool, ...]


@dataclass(frozen=True)
class OutputPlan:
    """How to build the submodule's outputs: for each, ("result", i) the entry's i-th result,
    ("input", j) the submodule's j-th argument passed through, or ("const", value). `dtypes[k]`
    is torch's dtype for output k (None for non-tensors); `single` is True when the submodule
    returns one value rather than a tuple."""

    items: tuple[tuple[str, Any], ...]
    dtypes: tuple[torch.dtype | None, ...]
    single: bool


def to_numpy(value: torch.Tensor) -> np.ndarray:
    """A numpy array over `value`'s data: shared when `value` is a contiguous CPU tensor."""
    t = value.detach()
    if t.device.type != "cpu":
        raise TypeError(f"the llh backend runs on the CPU; got a tensor on {t.device}")
    if not t.is_contiguous():
        t = t.contiguous()
    if t.is_conj():
        t = t.resolve_conj()
    bits = _BITS_AS.get(t.dtype)
    if bits is not None:
        arr = t.view(bits).numpy()
        return arr.view(np.uint16) if bits == torch.int16 else arr
    return t.numpy()


def from_numpy(array: Any, dtype: torch.dtype | None) -> torch.Tensor:
    """A torch tensor over `array` (no copy); reinterpreted or cast to `dtype` when torch's dtype
    for that output differs (bf16 bit patterns, or an element type the runtime widened)."""
    arr = np.asarray(array)
    if dtype is not None and dtype in _BITS_AS:
        return torch.from_numpy(arr.view(np.int16)).view(dtype)
    if not arr.flags.writeable:
        arr = arr.copy()
    t = torch.from_numpy(arr)
    if dtype is not None and t.dtype != dtype:
        t = t.to(dtype)
    return t


def _scalar(value: Any) -> int | float | bool:
    if isinstance(value, torch.SymInt | torch.SymFloat | torch.SymBool):
        raise TypeError("symbolic scalars reach the compiled code only as concrete values")
    if isinstance(value, torch.Tensor):
        return value.item()
    return value


class CompiledGraph(torch.nn.Module):
    """A compiled fused submodule: `forward(*args)` runs the entry point on torch values.
    `CompiledGraph.calls` counts the calls of all instances (tests check compiled code ran)."""

    calls = 0

    def __init__(
        self,
        entry: Any,
        args: ArgPlan,
        outputs: OutputPlan,
        name: str = "",
        fallback: torch.nn.Module | None = None,
    ) -> None:
        super().__init__()
        self.entry = entry
        self.arg_plan = args
        self.output_plan = outputs
        self.llh_name = name
        # The submodule this replaces: run in torch when the compiled code rejects the inputs.
        self.fallback = fallback

    def extra_repr(self) -> str:
        return f"entry={getattr(self.entry, 'name', '?')}, name={self.llh_name!r}"

    def forward(self, *args: Any) -> Any:
        CompiledGraph.calls += 1
        plan = self.arg_plan
        call_args: list[Any] = []
        for src, is_tensor in zip(plan.sources, plan.is_tensor):
            value = args[src]
            call_args.append(to_numpy(value) if is_tensor else _scalar(value))
        try:
            raw = self.entry(*call_args)
        except ShapeError as e:
            if self.fallback is None:
                raise
            warnings.warn(
                f"llh backend: {self.llh_name or 'subgraph'} runs in torch for these inputs: "
                f"the compiled code rejects them ({e})",
                LLHBackendWarning,
                stacklevel=2,
            )
            return self.fallback(*args)
        results: Sequence[Any] = raw if isinstance(raw, tuple) else (raw,)
        out: list[Any] = []
        for (kind, ref), dtype in zip(self.output_plan.items, self.output_plan.dtypes):
            if kind == "result":
                value = results[ref]
                out.append(
                    from_numpy(value, dtype)
                    if dtype is not None or isinstance(value, np.ndarray)
                    else value
                )
            elif kind == "input":
                out.append(args[ref])
            else:
                out.append(ref)
        return out[0] if self.output_plan.single else tuple(out)
