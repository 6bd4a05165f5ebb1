"""Numpy reference computations the LLH interpreter and the numerics tests share, written from the
ops' definitions: convolution and pooling by explicit windows (channels-first data, the layouts'
axis orders), bf16 rounding, and the comparison of results (floats within tolerance, NaN = NaN,
everything else exactly). Pure functions on arrays; invalid window configurations raise
`ValueError`.

What does not live here: anything that reads IR (``llh_interpreter.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = [
    "CHANNELS_LAST",
    "WEIGHT_ORDER",
    "assert_same_values",
    "data_from_ncs",
    "data_to_ncs",
    "np_adaptive_avg_pool",
    "np_conv",
    "np_max_pool",
    "pool_output_size",
    "round_bf16",
    "same_values",
    "weight_to_fcs",
]


def round_bf16(x: Any) -> np.ndarray:
    """Round float32/float64 values to the nearest bfloat16 (ties to even), kept as float32."""
    a = np.asarray(x, dtype=np.float32)
    bits = a.view(np.uint32).astype(np.uint64)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000).astype(np.uint32)
    out = rounded.view(np.float32)
    return np.where(np.isnan(a), a, out)


# --------------------------------------------------------------------------- window ops
#
# Convolution and pooling in channels-first form: data (N, C, S...), weights (F, C/group, K...).
# `pad` is [begin_0 .. begin_{k-1}, end_0 .. end_{k-1}] (ONNX order).


def pool_output_size(
    size: int, kernel: int, stride: int, pad_begin: int, pad_end: int, dilation: int,
    ceil_mode: bool = False,
) -> int:  # fmt: skip
    """Output length of a window op along one spatial axis. Ceil mode as PyTorch: the last window
    must start inside the input or its front padding."""
    span = size + pad_begin + pad_end - dilation * (kernel - 1) - 1
    if span < 0:
        raise ValueError(f"window of extent {dilation * (kernel - 1) + 1} exceeds {size}")
    if not ceil_mode:
        return span // stride + 1
    out = -(-span // stride) + 1
    if (out - 1) * stride >= size + pad_begin:
        out -= 1
    return out


def _offsets(kidx: Sequence[int], stride: Sequence[int], dilation: Sequence[int],
             out: Sequence[int]) -> tuple[slice, ...]:  # fmt: skip
    """The strided slice of a padded input that kernel offset `kidx` sees for every output."""
    return tuple(
        slice(
            kidx[i] * dilation[i], kidx[i] * dilation[i] + stride[i] * (out[i] - 1) + 1, stride[i]
        )
        for i in range(len(kidx))
    )


def np_conv(
    x: np.ndarray, w: np.ndarray, stride: Sequence[int], pad: Sequence[int],
    dilation: Sequence[int], group: int = 1,
) -> np.ndarray:  # fmt: skip
    """Cross-correlation of x (N, C, S...) with w (F, C/group, K...), zero padding, in float64."""
    k = w.ndim - 2
    if x.ndim != k + 2:
        raise ValueError(f"rank-{x.ndim} input for a {k}-D kernel")
    n, c = x.shape[:2]
    f, cg = w.shape[:2]
    if group < 1 or c != cg * group or f % group:
        raise ValueError(f"{c} channels, weight {w.shape}, group {group} do not fit")
    kernel = w.shape[2:]
    out = [
        pool_output_size(x.shape[2 + i], kernel[i], stride[i], pad[i], pad[k + i], dilation[i])
        for i in range(k)
    ]
    xp = np.pad(x.astype(np.float64), [(0, 0), (0, 0)] + [(pad[i], pad[k + i]) for i in range(k)])
    wf = w.astype(np.float64)
    fg = f // group
    y = np.zeros((n, f, *out))
    for g in range(group):
        xs = xp[:, g * cg : (g + 1) * cg]
        ws = wf[g * fg : (g + 1) * fg]
        for kidx in np.ndindex(*kernel):
            patch = xs[(slice(None), slice(None), *_offsets(kidx, stride, dilation, out))]
            tap = ws[(slice(None), slice(None), *kidx)]
            y[:, g * fg : (g + 1) * fg] += np.einsum("nc...,fc->nf...", patch, tap)
    return y


def np_max_pool(
    x: np.ndarray, kernel: Sequence[int], stride: Sequence[int], pad: Sequence[int],
    dilation: Sequence[int], ceil_mode: bool = False,
) -> np.ndarray:  # fmt: skip
    """Max pooling of x (N, C, S...); padding never wins (it is -inf / the integer minimum), and
    ceil-mode windows that run past the end see only the elements that exist."""
    k = len(kernel)
    out = [
        pool_output_size(
            x.shape[2 + i], kernel[i], stride[i], pad[i], pad[k + i], dilation[i], ceil_mode
        )
        for i in range(k)
    ]
    ends = [
        max(pad[k + i], (out[i] - 1) * stride[i] + dilation[i] * (kernel[i] - 1) + 1
            - x.shape[2 + i] - pad[i])
        for i in range(k)
    ]  # fmt: skip
    low = -np.inf if x.dtype.kind == "f" else np.iinfo(x.dtype).min
    xp = np.pad(x, [(0, 0), (0, 0)] + [(pad[i], ends[i]) for i in range(k)], constant_values=low)
    y = np.full((*x.shape[:2], *out), low, dtype=x.dtype)
    for kidx in np.ndindex(*kernel):
        y = np.maximum(y, xp[(slice(None), slice(None), *_offsets(kidx, stride, dilation, out))])
    return y


def np_adaptive_avg_pool(x: np.ndarray, out_size: Sequence[int]) -> np.ndarray:
    """Adaptive average pooling of the trailing `len(out_size)` axes (PyTorch's windows: output i
    of n over a length L averages [floor(i·L/n), ceil((i+1)·L/n))), in float64."""
    k = len(out_size)
    if x.ndim <= k:
        raise ValueError(f"rank-{x.ndim} input for {k} pooled dimensions")
    lead = x.shape[: x.ndim - k]
    sizes = x.shape[x.ndim - k :]
    y = np.zeros((*lead, *out_size))
    axes = tuple(range(x.ndim - k, x.ndim))
    xf = x.astype(np.float64)
    for idx in np.ndindex(*out_size):
        window = tuple(
            slice(idx[i] * sizes[i] // out_size[i], -(-(idx[i] + 1) * sizes[i] // out_size[i]))
            for i in range(k)
        )
        y[(Ellipsis, *idx)] = xf[(Ellipsis, *window)].mean(axis=axes)
    return y


# Layouts (spec §3.3, `#llh.Layout`): a data layout is channels-first or channels-last for any
# spatial rank; a weight layout places F, C and the spatial axes.
CHANNELS_LAST = {"NCHW": False, "NCW": False, "NHWC": True, "NWC": True}
WEIGHT_ORDER = {"FCHW": "FCS", "FCW": "FCS", "FHWC": "FSC", "HWCF": "SCF", "WCF": "SCF"}


def data_to_ncs(x: np.ndarray, layout: str) -> np.ndarray:
    return np.moveaxis(x, -1, 1) if CHANNELS_LAST[layout] else x


def data_from_ncs(x: np.ndarray, layout: str) -> np.ndarray:
    return np.moveaxis(x, 1, -1) if CHANNELS_LAST[layout] else x


def weight_to_fcs(w: np.ndarray, layout: str) -> np.ndarray:
    order = WEIGHT_ORDER[layout]
    if order == "FCS":
        return w
    if order == "FSC":
        return np.moveaxis(w, -1, 1)
    r = w.ndim
    return np.transpose(w, (r - 1, r - 2, *range(r - 2)))  # S..., C, F


# --------------------------------------------------------------------------- comparisons


def same_values(a: Any, b: Any, rtol: float = 1e-6, atol: float = 1e-6) -> bool:
    """Equal results: same kind, shape and dtype; floats within tolerance (NaN equals NaN),
    everything else exactly."""
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        if not (isinstance(a, np.ndarray) and isinstance(b, np.ndarray)):
            return False
        if a.shape != b.shape or a.dtype != b.dtype:
            return False
        if a.dtype.kind == "f":
            return bool(np.allclose(a, b, rtol=rtol, atol=atol, equal_nan=True))
        return bool(np.array_equal(a, b))
    if isinstance(a, np.floating) or isinstance(b, np.floating):
        if type(a) is not type(b):
            return False
        return bool(np.isclose(a, b, rtol=rtol, atol=atol, equal_nan=True))
    return type(a) is type(b) and a == b


def assert_same_values(
    actual: Sequence[Any], expected: Sequence[Any], rtol: float = 1e-6, atol: float = 1e-6
) -> None:
    """`same_values` for every pair of results, with a readable failure."""
    assert len(actual) == len(expected), f"{len(actual)} results, expected {len(expected)}"
    for i, (a, b) in enumerate(zip(actual, expected)):
        assert same_values(a, b, rtol, atol), f"result {i}: {a!r} != {b!r}"
