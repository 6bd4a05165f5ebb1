"""Numerics of the heavy op lowerings (conv, conv_bias, max_pool, adaptive_average_pool, matmul,
batch_matmul, batch_norm, layer_norm) through `--lower-to-llvm` and the Python runtime.

Every test builds one LLH module with dynamic (`?`) sizes, compiles it ONCE with
`llh_opt.runtime.compile`, runs it at three input sizes and compares with a numpy reference
written here (explicit windows and `np.einsum`, float64), independent of the code under test.
Attributes (kernel sizes, strides, dilations, asymmetric pads, groups, ceil_mode, data and
weight layouts, ranks 1-3, feature/normalized axes) are drawn by hypothesis.

Tolerance for f32 results: an element that sums L products must satisfy
`|got - ref| <= (L + 2) · 2⁻²⁴ · ref_abs + 1e-6`, where `ref_abs` is the same reduction of the
absolute values (the standard bound of recursive summation, γ_L·Σ|terms|); element-wise ops
(batch_norm) use rel 1e-5 / abs 1e-6 plus that bound for their few operations; layer_norm uses
the bound with L = the normalized size, relative to the normalized scale. Max-pool is exact.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

runtime = pytest.importorskip("llh_opt.runtime")
if not hasattr(runtime, "compile"):  # pragma: no cover - before the translator lands
    pytest.skip("llh_opt.runtime.compile is not available", allow_module_level=True)

U = 2.0**-24  # f32 unit roundoff
SETTINGS = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# --------------------------------------------------------------------------- helpers


def tensor(dims: Sequence[int | None], elt: str = "f32") -> str:
    if not dims:
        return f"tensor<{elt}>"
    return "tensor<" + "x".join("?" if d is None else str(d) for d in dims) + f"x{elt}>"


def arr(values: Sequence[int]) -> str:
    return "array<i64: " + ", ".join(map(str, values)) + ">"


def module(args: Sequence[str], result: str, body: str) -> str:
    params = ", ".join(f"%a{i}: {t}" for i, t in enumerate(args))
    return (
        "module {\n"
        f"  func.func @main({params}) -> {result} attributes {{entrance}} {{\n"
        f"    {body}\n"
        f"    return %r : {result}\n"
        "  }\n"
        "}\n"
    )


def check_bound(got: np.ndarray, ref: np.ndarray, ref_abs: np.ndarray, length: int) -> None:
    """|got - ref| <= (L + 2)·u·ref_abs + 1e-6 everywhere (see the module docstring)."""
    assert got.shape == ref.shape, (got.shape, ref.shape)
    assert got.dtype == np.float32
    tol = (length + 2) * U * ref_abs + 1e-6
    err = np.abs(got.astype(np.float64) - ref)
    bad = err > tol
    assert not bad.any(), (
        f"{int(bad.sum())} of {bad.size} elements off; worst error {err.max():.3g} "
        f"(tolerance there {tol.flat[int(np.argmax(err - tol))]:.3g})"
    )


def rand(rng: np.random.Generator, shape: Sequence[int], dtype: type = np.float32) -> np.ndarray:
    return rng.standard_normal(shape).astype(dtype)


# --------------------------------------------------------------------------- convolution

SPATIAL = {1: ("NCW", "NWC"), 2: ("NCHW", "NHWC"), 3: ("NCHW", "NHWC")}
WEIGHTS_CF = {1: "FCW", 2: "FCHW", 3: "FCHW"}
WEIGHTS_CL = {1: ("WCF", "FHWC"), 2: ("FHWC", "HWCF"), 3: ("FHWC", "HWCF")}


def to_channels_first_weight(w: np.ndarray, layout: str) -> np.ndarray:
    """Weight in `layout` → `[F, C, k...]`."""
    k = w.ndim - 2
    if layout in ("FCW", "FCHW"):
        return w
    if layout == "FHWC":
        return np.moveaxis(w, -1, 1)
    return np.transpose(w, (k + 1, k, *range(k)))  # HWCF / WCF: [k..., C, F]


def from_channels_first_weight(w: np.ndarray, layout: str) -> np.ndarray:
    k = w.ndim - 2
    if layout in ("FCW", "FCHW"):
        return w
    if layout == "FHWC":
        return np.moveaxis(w, 1, -1)
    return np.transpose(w, (*range(2, k + 2), 1, 0))


def ref_conv(x, w, b, stride, pad, dilation, group, channels_last, wlayout):  # type: ignore[no-untyped-def]
    """Convolution by explicit window slices and einsum, float64, in the op's layouts."""
    k = x.ndim - 2
    x = x.astype(np.float64)
    w = to_channels_first_weight(w.astype(np.float64), wlayout)
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    x = np.pad(x, [(0, 0), (0, 0)] + [(pad[i], pad[i + k]) for i in range(k)])
    n, c = x.shape[:2]
    f = w.shape[0]
    cg, fg = c // group, f // group
    ext = [dilation[i] * (w.shape[2 + i] - 1) + 1 for i in range(k)]
    out = [(x.shape[2 + i] - ext[i]) // stride[i] + 1 for i in range(k)]
    y = np.zeros((n, f, *out))
    for taps in itertools.product(*(range(s) for s in w.shape[2:])):
        window = tuple(
            slice(t * d, t * d + (o - 1) * s + 1, s)
            for t, d, o, s in zip(taps, dilation, out, stride)
        )
        patch = x[(slice(None), slice(None), *window)]
        for g in range(group):
            y[:, g * fg : (g + 1) * fg] += np.einsum(
                "nc...,fc->nf...",
                patch[:, g * cg : (g + 1) * cg],
                w[(slice(g * fg, (g + 1) * fg), slice(None), *taps)],
            )
    if b is not None:
        y += b.astype(np.float64).reshape((1, f) + (1,) * k)
    return np.moveaxis(y, 1, -1) if channels_last else y


@st.composite
def conv_cases(draw):  # type: ignore[no-untyped-def]
    k = draw(st.sampled_from([1, 2, 2, 3]))
    kmax = 3 if k < 3 else 2
    kernel = [draw(st.integers(1, kmax)) for _ in range(k)]
    stride = [draw(st.integers(1, 3)) for _ in range(k)]
    dilation = [draw(st.integers(1, 2)) for _ in range(k)]
    pad = [draw(st.integers(0, 2)) for _ in range(2 * k)]
    group = draw(st.sampled_from([1, 1, 2, 3]))
    cg = draw(st.integers(1, 3))
    fg = draw(st.integers(1, 3))
    channels_last = draw(st.booleans())
    layout = SPATIAL[k][int(channels_last)]
    wlayout = draw(st.sampled_from(WEIGHTS_CL[k])) if channels_last else WEIGHTS_CF[k]
    bias = draw(st.booleans())
    # Three input sizes (batch, spatial...) each giving at least one output position.
    sizes = []
    for _ in range(3):
        n = draw(st.integers(1, 2))
        sp = []
        for i in range(k):
            ext = dilation[i] * (kernel[i] - 1) + 1
            lo = max(1, ext - pad[i] - pad[i + k])
            sp.append(draw(st.integers(lo, lo + (6 if k < 3 else 3))))
        sizes.append((n, sp))
    seed = draw(st.integers(0, 2**31))
    return (
        k,
        kernel,
        stride,
        dilation,
        pad,
        group,
        cg,
        fg,
        channels_last,
        layout,
        wlayout,
        bias,
        sizes,
        seed,
    )


@SETTINGS
@given(conv_cases())
def test_conv(case) -> None:  # type: ignore[no-untyped-def]
    k, kernel, stride, dilation, pad, group, cg, fg, cl, layout, wlayout, bias, sizes, seed = case
    c, f = group * cg, group * fg
    x_dims: list[int | None] = [None, *([None] * k), c] if cl else [None, c, *([None] * k)]
    w_cf = (f, cg, *kernel)
    w_shape = from_channels_first_weight(np.zeros(w_cf), wlayout).shape
    out_dims = [None] * (k + 2)
    out_dims[-1 if cl else 1] = f
    args = [tensor(x_dims), tensor(w_shape)] + ([tensor([f])] if bias else [])
    name = "llh.conv_bias" if bias else "llh.conv"
    operands = ", ".join(f"%a{i}" for i in range(len(args)))
    props = (
        f"dilation = {arr(dilation)}, group = {group} : i64, kernel_shape = {arr(kernel)}, "
        f"layout = #llh.Layout<{layout}>, pad = {arr(pad)}, stride = {arr(stride)}, "
        f"weight_layout = #llh.Layout<{wlayout}>"
    )
    body = f'%r = "{name}"({operands}) <{{{props}}}> : ({", ".join(args)}) -> {tensor(out_dims)}'
    compiled = runtime.compile(module(args, tensor(out_dims), body))
    rng = np.random.default_rng(seed)
    w = rand(rng, w_shape)
    b = rand(rng, (f,)) if bias else None
    for n, sp in sizes:
        x = rand(rng, (n, *sp, c) if cl else (n, c, *sp))
        inputs = [x, w] + ([b] if bias else [])
        got = compiled.main(*inputs)
        ref = ref_conv(x, w, b, stride, pad, dilation, group, cl, wlayout)
        ref_abs = ref_conv(
            np.abs(x), np.abs(w), np.abs(b) if bias else None, stride, pad, dilation, group, cl,
            wlayout,
        )  # fmt: skip
        check_bound(got, ref, ref_abs, cg * int(np.prod(kernel)) + int(bias))


# --------------------------------------------------------------------------- pooling


def pool_out(size: int, k: int, s: int, d: int, pb: int, pe: int, ceil: bool) -> int:
    """PyTorch's pooling output size (the last window starts inside the front-padded input)."""
    span = size + pb + pe - (d * (k - 1) + 1)
    out = (-(-span // s) if ceil else span // s) + 1
    if ceil and (out - 1) * s >= size + pb:
        out -= 1
    return out


def ref_max_pool(x, kernel, stride, dilation, pad, ceil, channels_last):  # type: ignore[no-untyped-def]
    k = x.ndim - 2
    if channels_last:
        x = np.moveaxis(x, -1, 1)
    out = [
        pool_out(x.shape[2 + i], kernel[i], stride[i], dilation[i], pad[i], pad[i + k], ceil)
        for i in range(k)
    ]
    widths = []
    for i in range(k):
        need = (out[i] - 1) * stride[i] + dilation[i] * (kernel[i] - 1) + 1
        end = max(pad[i + k], need - x.shape[2 + i] - pad[i])
        widths.append((pad[i], end))
    xp = np.pad(x, [(0, 0), (0, 0), *widths], constant_values=-np.inf)
    y = np.full((*x.shape[:2], *out), -np.inf, dtype=x.dtype)
    for taps in itertools.product(*(range(kk) for kk in kernel)):
        window = tuple(
            slice(t * d, t * d + (o - 1) * s + 1, s)
            for t, d, o, s in zip(taps, dilation, out, stride)
        )
        y = np.maximum(y, xp[(slice(None), slice(None), *window)])
    return np.moveaxis(y, 1, -1) if channels_last else y


@st.composite
def pool_cases(draw):  # type: ignore[no-untyped-def]
    k = draw(st.sampled_from([1, 2, 2, 3]))
    kernel = [draw(st.integers(1, 3)) for _ in range(k)]
    stride = [draw(st.integers(1, 3)) for _ in range(k)]
    dilation = [draw(st.integers(1, 2)) for _ in range(k)]
    # Pads at most half the kernel (as PyTorch requires): every window sees an input element.
    pad = [draw(st.integers(0, kernel[i % k] // 2)) for i in range(2 * k)]
    ceil = draw(st.booleans())
    cl = draw(st.booleans())
    c = draw(st.integers(1, 3))
    sizes = []
    for _ in range(3):
        sp = []
        for i in range(k):
            ext = dilation[i] * (kernel[i] - 1) + 1
            lo = max(1, ext - pad[i] - pad[i + k])
            sp.append(draw(st.integers(lo, lo + (7 if k < 3 else 3))))
        sizes.append((draw(st.integers(1, 2)), sp))
    return k, kernel, stride, dilation, pad, ceil, cl, c, sizes, draw(st.integers(0, 2**31))


@SETTINGS
@given(pool_cases())
def test_max_pool(case) -> None:  # type: ignore[no-untyped-def]
    k, kernel, stride, dilation, pad, ceil, cl, c, sizes, seed = case
    layout = SPATIAL[k][int(cl)]
    x_dims: list[int | None] = [None, *([None] * k), c] if cl else [None, c, *([None] * k)]
    props = (
        f"ceil_mode = {'true' if ceil else 'false'}, dilation = {arr(dilation)}, "
        f"kernel_shape = {arr(kernel)}, layout = #llh.Layout<{layout}>, pad = {arr(pad)}, "
        f"stride = {arr(stride)}"
    )
    t = tensor(x_dims)
    body = f'%r = "llh.max_pool"(%a0) <{{{props}}}> : ({t}) -> {t}'
    compiled = runtime.compile(module([t], t, body))
    rng = np.random.default_rng(seed)
    for n, sp in sizes:
        x = rand(rng, (n, *sp, c) if cl else (n, c, *sp))
        got = compiled.main(x)
        ref = ref_max_pool(x, kernel, stride, dilation, pad, ceil, cl)
        assert got.shape == ref.shape
        np.testing.assert_array_equal(got, ref)


def ref_adaptive_avg(x: np.ndarray, out_size: Sequence[int]) -> np.ndarray:
    m = len(out_size)
    lead = x.shape[: x.ndim - m]
    y = np.zeros((*lead, *out_size))
    for pos in itertools.product(*(range(o) for o in out_size)):
        window = []
        for o, n_out, n_in in zip(pos, out_size, x.shape[x.ndim - m :]):
            start = (o * n_in) // n_out
            end = -(-((o + 1) * n_in) // n_out)
            window.append(slice(start, end))
        y[(..., *pos)] = x[(..., *window)].astype(np.float64).mean(axis=tuple(range(-m, 0)))
    return y


@SETTINGS
@given(
    st.integers(1, 3).flatmap(
        lambda m: st.tuples(
            st.just(m),
            st.integers(1, 2),  # leading dims
            st.lists(st.integers(1, 4), min_size=m, max_size=m),  # out_size
            st.integers(0, 2**31),
        )
    )
)
def test_adaptive_average_pool(case) -> None:  # type: ignore[no-untyped-def]
    m, lead, out_size, seed = case
    t = tensor([None] * (lead + m))
    rt = tensor([None] * lead + list(out_size))
    body = f'%r = "llh.adaptive_average_pool"(%a0) <{{out_size = {arr(out_size)}}}> : ({t}) -> {rt}'
    compiled = runtime.compile(module([t], rt, body))
    rng = np.random.default_rng(seed)
    for trial in range(3):
        shape = [int(rng.integers(1, 4)) for _ in range(lead)]
        shape += [int(rng.integers(1, 3 * o + 3)) + trial for o in out_size]
        x = rand(rng, shape)
        got = compiled.main(x)
        ref = ref_adaptive_avg(x, out_size)
        ref_abs = ref_adaptive_avg(np.abs(x), out_size)
        window = max(-(-n // o) + 1 for n, o in zip(shape[lead:], out_size))
        check_bound(got, ref, ref_abs, window**m + 2)


def test_global_average_pool_partial_sums() -> None:
    """A global window over the last axis sums in LANES partials (reduce.py's split line); one
    compiled module at widths with and without a remainder, shorter than the lanes, and large."""
    t = tensor([None, None, None, None])
    rt = tensor([None, None, 1, 1])
    body = f'%r = "llh.adaptive_average_pool"(%a0) <{{out_size = {arr([1, 1])}}}> : ({t}) -> {rt}'
    compiled = runtime.compile(module([t], rt, body))
    rng = np.random.default_rng(7)
    for shape in ([1, 3, 5, 37], [2, 2, 3, 16], [1, 4, 2, 5], [1, 64, 56, 56], [1, 1, 1, 1]):
        x = rand(rng, shape)
        got = compiled.main(x)
        ref = ref_adaptive_avg(x, [1, 1])
        ref_abs = ref_adaptive_avg(np.abs(x), [1, 1])
        check_bound(got, ref, ref_abs, shape[2] * shape[3] + 2)


# --------------------------------------------------------------------------- matmul


@SETTINGS
@given(st.booleans(), st.integers(0, 2**31))
def test_matmul(batched: bool, seed: int) -> None:
    rng = np.random.default_rng(seed)
    lead: list[int | None] = [None] if batched else []
    name = "llh.batch_matmul" if batched else "llh.matmul"
    a_t, b_t = tensor([*lead, None, None]), tensor([*lead, None, None])
    r_t = tensor([*lead, None, None])
    body = f'%r = "{name}"(%a0, %a1) : ({a_t}, {b_t}) -> {r_t}'
    compiled = runtime.compile(module([a_t, b_t], r_t, body))
    for _ in range(3):
        bsz = [int(rng.integers(1, 4))] if batched else []
        m, k, n = (int(v) for v in rng.integers(1, 40, size=3))
        a, b = rand(rng, (*bsz, m, k)), rand(rng, (*bsz, k, n))
        got = compiled.main(a, b)
        ref = np.matmul(a.astype(np.float64), b.astype(np.float64))
        ref_abs = np.matmul(np.abs(a).astype(np.float64), np.abs(b).astype(np.float64))
        check_bound(got, ref, ref_abs, k)


@pytest.mark.parametrize("elt,dtype", [("i64", np.int64), ("i32", np.int32), ("f64", np.float64)])
def test_matmul_dtypes(elt: str, dtype: type) -> None:
    """Integers are exact; f64 matches to its own roundoff. Static K, dynamic M and N."""
    a_t, b_t, r_t = tensor([None, 7], elt), tensor([7, None], elt), tensor([None, None], elt)
    body = f'%r = "llh.matmul"(%a0, %a1) : ({a_t}, {b_t}) -> {r_t}'
    compiled = runtime.compile(module([a_t, b_t], r_t, body))
    rng = np.random.default_rng(0)
    for m, n in ((1, 1), (3, 5), (8, 2)):
        a = rng.integers(-50, 50, size=(m, 7)).astype(dtype)
        b = rng.integers(-50, 50, size=(7, n)).astype(dtype)
        got = compiled.main(a, b)
        assert got.dtype == dtype
        np.testing.assert_array_equal(got, a @ b)


# --------------------------------------------------------------------------- normalization


@SETTINGS
@given(st.integers(1, 4).flatmap(lambda r: st.tuples(st.just(r), st.integers(0, r - 1))),
       st.integers(0, 2**31))  # fmt: skip
def test_batch_norm(rank_axis, seed: int) -> None:  # type: ignore[no-untyped-def]
    rank, fi = rank_axis
    rng = np.random.default_rng(seed)
    c = int(rng.integers(1, 5))
    dims: list[int | None] = [None] * rank
    dims[fi] = c
    t, p = tensor(dims), tensor([c])
    props = (
        f"epsilon = 1.000000e-03 : f64, feature_index = {fi} : i64, momentum = 1.000000e-01 : f64"
    )
    body = f'%r = "llh.batch_norm"(%a0, %a1, %a2, %a3, %a4) <{{{props}}}> : ({t}, {p}, {p}, {p}, {p}) -> {t}'
    compiled = runtime.compile(module([t, p, p, p, p], t, body))
    scale, bias, mean = rand(rng, (c,)), rand(rng, (c,)), rand(rng, (c,))
    var = rng.uniform(0.1, 2.0, c).astype(np.float32)
    for _ in range(3):
        shape = [int(rng.integers(1, 6)) for _ in range(rank)]
        shape[fi] = c
        x = rand(rng, shape)
        got = compiled.main(x, scale, bias, mean, var)
        bshape = [1] * rank
        bshape[fi] = c
        s, b_, m_, v_ = (a.astype(np.float64).reshape(bshape) for a in (scale, bias, mean, var))
        ref = (x - m_) / np.sqrt(v_ + 1e-3) * s + b_
        ref_abs = (np.abs(x) + np.abs(m_)) / np.sqrt(v_ + 1e-3) * np.abs(s) + np.abs(b_)
        check_bound(got, ref, ref_abs, 8)


@SETTINGS
@given(st.integers(1, 4).flatmap(lambda r: st.tuples(st.just(r), st.integers(-r, r - 1))),
       st.integers(0, 2**31))  # fmt: skip
def test_layer_norm(rank_axis, seed: int) -> None:  # type: ignore[no-untyped-def]
    rank, axis = rank_axis
    a = axis % rank
    rng = np.random.default_rng(seed)
    t = tensor([None] * rank)
    p = tensor([None] * (rank - a))
    props = f"axis = {axis} : i64, epsilon = 1.000000e-05 : f64"
    body = f'%r = "llh.layer_norm"(%a0, %a1, %a2) <{{{props}}}> : ({t}, {p}, {p}) -> {t}'
    compiled = runtime.compile(module([t, p, p], t, body))
    for _ in range(3):
        shape = [int(rng.integers(1, 7)) for _ in range(rank)]
        x = rand(rng, shape) * 3 + 1
        g, b = rand(rng, shape[a:]), rand(rng, shape[a:])
        got = compiled.main(x, g, b)
        x64 = x.astype(np.float64)
        axes = tuple(range(a, rank))
        mean = x64.mean(axis=axes, keepdims=True)
        var = ((x64 - mean) ** 2).mean(axis=axes, keepdims=True)
        norm = (x64 - mean) / np.sqrt(var + 1e-5)
        ref = norm * g + b
        n = int(np.prod(shape[a:]))
        # Errors of mean and variance (O(n·u) relative to |x|/std) scale the normalized value.
        scale_abs = (np.abs(x64).max(axis=axes, keepdims=True) + np.abs(mean)) / np.sqrt(var + 1e-5)
        ref_abs = (np.abs(norm) + scale_abs) * np.abs(g) + np.abs(b)
        check_bound(got, ref, ref_abs, 4 * n + 8)


# --------------------------------------------------------------------------- --transform-layout


def test_transform_layout_nhwc_fhwc() -> None:
    """A grouped, padded, dilated NCHW conv_bias + ceil-mode max_pool, rewritten by
    `--transform-layout` to NHWC data and FHWC weights (transposes around), gives the numpy
    result at three sizes from one compiled module."""
    import llh_opt
    from llh_opt.passes.pass_manager import PassManager

    text = """module attributes {builtin.gloabal_layout = "NCHW"} {
func.func @main(%x: tensor<?x4x?x?xf32>, %w: tensor<6x2x3x3xf32>, %b: tensor<6xf32>) -> tensor<?x6x?x?xf32> attributes {entrance} {
  %r = "llh.conv_bias"(%x, %w, %b) <{dilation = array<i64: 1, 2>, group = 2 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 0, 2, 1>, stride = array<i64: 2, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<?x4x?x?xf32>, tensor<6x2x3x3xf32>, tensor<6xf32>) -> tensor<?x6x?x?xf32>
  %p = "llh.max_pool"(%r) <{ceil_mode = true, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<?x6x?x?xf32>) -> tensor<?x6x?x?xf32>
  return %p : tensor<?x6x?x?xf32>
}}"""  # noqa: E501
    m = llh_opt.parse(text)
    PassManager.parse("builtin.module(infer-symbolic-shape,transform-layout,canonicalize)").run(m)
    printed = m.print()
    assert "weight_layout = #llh.Layout<FHWC>" in printed
    assert "layout = #llh.Layout<NHWC>" in printed
    compiled = runtime.compile(m)
    rng = np.random.default_rng(3)
    w, b = rand(rng, (6, 2, 3, 3)), rand(rng, (6,))
    for n, h, wd in ((1, 5, 7), (2, 9, 4), (1, 16, 16)):
        x = rand(rng, (n, 4, h, wd))
        got = compiled.main(x, w, b)
        conv = ref_conv(x, w, b, (2, 1), (1, 0, 2, 1), (1, 2), 2, False, "FCHW")
        conv_abs = ref_conv(
            np.abs(x), np.abs(w), np.abs(b), (2, 1), (1, 0, 2, 1), (1, 2), 2, False, "FCHW"
        )
        ref = ref_max_pool(conv, (2, 2), (2, 2), (1, 1), (0, 0, 0, 0), True, False)
        # max of values each within its conv bound: bound by the largest bound of the window.
        bound = ref_max_pool(conv_abs, (2, 2), (2, 2), (1, 1), (0, 0, 0, 0), True, False)
        check_bound(got, ref, bound, 2 * 9 + 1)


# --------------------------------------------------------------------------- other dtypes


@pytest.mark.parametrize("elt,dtype", [("f64", np.float64), ("f16", np.float16)])
def test_conv_dtypes(elt: str, dtype: type) -> None:
    """f64 sums in f64 (bound with u = 2⁻⁵³); f16 sums in f32 and rounds once (bound: half an
    f16 ulp of the result plus the f32 summation bound)."""
    w_t, x_t = tensor([4, 3, 3, 3], elt), tensor([None, 3, None, None], elt)
    r_t = tensor([None, 4, None, None], elt)
    props = (
        "dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, "
        "layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 2>, "
        "weight_layout = #llh.Layout<FCHW>"
    )
    body = f'%r = "llh.conv"(%a0, %a1) <{{{props}}}> : ({x_t}, {w_t}) -> {r_t}'
    compiled = runtime.compile(module([x_t, w_t], r_t, body))
    rng = np.random.default_rng(5)
    w = rand(rng, (4, 3, 3, 3), dtype)
    for shape in ((1, 3, 4, 4), (2, 3, 7, 5), (1, 3, 10, 12)):
        x = rand(rng, shape, dtype)
        got = compiled.main(x, w)
        assert got.dtype == dtype
        args = ((1, 2), (1, 1, 1, 1), (1, 1), 1, False, "FCHW")
        ref = ref_conv(x, w, None, *args)
        ref_abs = ref_conv(np.abs(x), np.abs(w), None, *args)
        err = np.abs(got.astype(np.float64) - ref)
        if dtype is np.float64:
            tol = 29 * 2.0**-53 * ref_abs + 1e-15
        else:
            tol = np.abs(ref) * 2.0**-11 + 29 * U * ref_abs + 2.0**-24
        assert (err <= tol).all(), float((err - tol).max())


def test_max_pool_int_padded() -> None:
    """Integer max_pool: padding never wins (it reads as the smallest i32); exact."""
    t = tensor([None, 2, None], "i32")
    props = (
        "ceil_mode = true, dilation = array<i64: 1>, kernel_shape = array<i64: 3>, "
        "layout = #llh.Layout<NCW>, pad = array<i64: 1, 1>, stride = array<i64: 2>"
    )
    compiled = runtime.compile(
        module([t], t, f'%r = "llh.max_pool"(%a0) <{{{props}}}> : ({t}) -> {t}')
    )
    rng = np.random.default_rng(9)
    for n, w in ((1, 1), (2, 6), (3, 9)):
        x = rng.integers(-1000, -1, size=(n, 2, w)).astype(
            np.int32
        )  # all negative: pad = 0 would win
        got = compiled.main(x)
        ref = ref_max_pool(x.astype(np.float64), (3,), (2,), (1,), (1, 1), True, False)
        np.testing.assert_array_equal(got, ref.astype(np.int32))


def test_max_pool_nan_propagates() -> None:
    """A NaN anywhere in a window (interior or clamped border, before or after the maximum)
    makes that output NaN, as in PyTorch; other outputs are the plain maximum."""
    t, r = tensor([1, 2, 9, 10]), tensor([1, 2, 5, 5])
    props = (
        "ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, "
        "layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>"
    )
    compiled = runtime.compile(
        module([t], r, f'%r = "llh.max_pool"(%a0) <{{{props}}}> : ({t}) -> {r}')
    )
    rng = np.random.default_rng(3)
    x = rand(rng, (1, 2, 9, 10))
    for pos in [(0, 0, 0, 0), (0, 0, 4, 5), (0, 1, 8, 9), (1, 3, 7), (1, 8, 0)]:
        x[(0, *pos[-3:])] = np.nan
    ref = ref_max_pool(x.astype(np.float64), (3, 3), (2, 2), (1, 1), (1, 1, 1, 1), False, False)
    # numpy's maximum propagates NaN as well: the reference marks the same windows.
    got = compiled.main(x)
    assert np.isnan(ref).sum() > 0
    np.testing.assert_array_equal(np.isnan(got), np.isnan(ref))
    np.testing.assert_array_equal(got[~np.isnan(got)], ref[~np.isnan(ref)])


@pytest.mark.parametrize("kernel,stride,pad,ceil,cl",
                         [((1,), (2,), (0, 0), False, False), ((3, 2), (2, 3), (0, 0, 0, 0), False, False),
                          ((3, 3), (2, 2), (1, 1, 1, 1), False, True), ((2, 3), (2, 2), (0, 1, 1, 0), True, False),
                          ((3, 3), (1, 1), (0, 0, 0, 0), True, True)])  # fmt: skip
def test_max_pool_paths(kernel, stride, pad, ceil, cl) -> None:  # type: ignore[no-untyped-def]
    """Each path of the lowering: no bounds (no pad, no ceil_mode), clamped rows and columns,
    the last axis spatial (unrolled interior, borders) or the channels (NHWC)."""
    k = len(kernel)
    layout = SPATIAL[k][int(cl)]
    c = 3
    x_dims: list[int | None] = [None, *([None] * k), c] if cl else [None, c, *([None] * k)]
    props = (
        f"ceil_mode = {'true' if ceil else 'false'}, dilation = {arr([1] * k)}, "
        f"kernel_shape = {arr(kernel)}, layout = #llh.Layout<{layout}>, pad = {arr(pad)}, "
        f"stride = {arr(stride)}"
    )
    t = tensor(x_dims)
    compiled = runtime.compile(
        module([t], t, f'%r = "llh.max_pool"(%a0) <{{{props}}}> : ({t}) -> {t}')
    )
    rng = np.random.default_rng(11)
    for sp in ([7] * k, [12, 9][:k], [3 + kernel[0], 17][:k]):
        x = rand(rng, (2, *sp, c) if cl else (2, c, *sp))
        ref = ref_max_pool(x, kernel, stride, (1,) * k, pad, ceil, cl)
        np.testing.assert_array_equal(compiled.main(x), ref)
