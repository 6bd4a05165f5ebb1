"""Numerics of the GEMM engine (``lowering/kernels``): f32/f64 matmul, batch_matmul and 2-D
convolution (implicit GEMM, NCHW and NHWC) through `--lower-to-llvm` and the JIT, against
numpy float64 references written here.

Each module has symbolic sizes and is compiled once, then run at several sizes chosen to hit
every variant of the kernels: full 6x16 tiles only, M/N tails, sizes smaller than one tile,
K = 1, the contiguous and the gathered im2col panel packing (output rows longer / shorter than
8 pixels, stride 2), 1x1 convolutions (linear plane), dilation, asymmetric padding, the weight
packed by vector loads (HWCF) and by scalar loads (FHWC), `conv_bias`'s bias and fused
epilogues (bias + relu + residual add in the tile store). Hypothesis draws matmul shapes.

Tolerance: an element summing L products satisfies |got - ref| <= (L + 2)·u·Σ|terms| + 1e-6
(u = 2^-24 for f32, 2^-53 for f64), the bound of recursive summation.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

runtime = pytest.importorskip("llh_opt.runtime")

U = {np.float32: 2.0**-24, np.float64: 2.0**-53}


def check(got: np.ndarray, ref: np.ndarray, ref_abs: np.ndarray, length: int) -> None:
    assert got.shape == ref.shape, (got.shape, ref.shape)
    tol = (length + 2) * U[got.dtype.type] * ref_abs + 1e-6
    err = np.abs(got.astype(np.float64) - ref)
    assert (err <= tol).all(), f"worst error {err.max():.3g}, {int((err > tol).sum())} bad"


def func(args: Sequence[str], result: str, body: Sequence[str]) -> str:
    params = ", ".join(args)
    lines = [f"func.func @main({params}) -> {result} attributes {{entrance}} {{"]
    lines += [f"  {b}" for b in body]
    lines += [f"  return %r : {result}", "}"]
    return "\n".join(lines)


def sym_arg(name: str, elt: str, syms: Sequence[str | int]) -> str:
    dims = "x".join("?" if isinstance(s, str) else str(s) for s in syms)
    attrs = ", ".join(
        f'func.input_symbol_{k} = "{s if isinstance(s, str) else f"c{s}"}"'
        for k, s in enumerate(syms)
    )
    return f"%{name}: tensor<{dims}x{elt}> {{{attrs}}}"


def ttype(elt: str, syms: Sequence[str | int]) -> str:
    return "tensor<" + "x".join("?" if isinstance(s, str) else str(s) for s in syms) + f"x{elt}>"


# --------------------------------------------------------------------------- matmul


@pytest.fixture(scope="module")
def matmul_f32():
    t = ttype("f32", ["m", "n"])
    src = func(
        [sym_arg("a", "f32", ["m", "k"]), sym_arg("b", "f32", ["k", "n"])],
        t,
        [
            f'%r = "llh.matmul"(%a, %b) : ({ttype("f32", ["m", "k"])}, {ttype("f32", ["k", "n"])}) -> {t}'
        ],
    )
    return runtime.compile(src)


def _matmul_check(mod, m: int, k: int, n: int, dtype: type, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((m, k)).astype(dtype)
    b = rng.standard_normal((k, n)).astype(dtype)
    got = mod.main(a, b)
    assert got.dtype == dtype
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    check(got, a64 @ b64, np.abs(a64) @ np.abs(b64), k)


@pytest.mark.parametrize(
    "m,k,n",
    [
        (6, 8, 16),  # exactly one full tile
        (12, 64, 48),  # full tiles only
        (1, 1, 1),  # smaller than a tile, K = 1
        (5, 3, 7),  # M and N tails only
        (13, 17, 33),  # full tiles plus M and N tails
        (7, 300, 20),  # long K
        (70, 5, 130),  # several row chunks and column panels
        (0, 4, 3),  # empty
    ],
)
def test_matmul_f32_shapes(matmul_f32, m: int, k: int, n: int) -> None:
    _matmul_check(matmul_f32, m, k, n, np.float32)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 40), st.integers(1, 40), st.integers(1, 70), st.integers(0, 2**31))
def test_matmul_f32_hypothesis(matmul_f32, m: int, k: int, n: int, seed: int) -> None:
    _matmul_check(matmul_f32, m, k, n, np.float32, seed)


def test_matmul_f64_and_batched() -> None:
    t = ttype("f64", ["b", "m", "n"])
    src = func(
        [sym_arg("a", "f64", ["b", "m", "k"]), sym_arg("c", "f64", ["b", "k", "n"])],
        t,
        [
            f'%r = "llh.batch_matmul"(%a, %c) : ({ttype("f64", ["b", "m", "k"])}, '
            f"{ttype('f64', ['b', 'k', 'n'])}) -> {t}"
        ],
    )
    mod = runtime.compile(src)
    rng = np.random.default_rng(1)
    for bsz, m, k, n in ((1, 6, 4, 8), (3, 7, 9, 19), (2, 1, 1, 1)):
        a = rng.standard_normal((bsz, m, k))
        c = rng.standard_normal((bsz, k, n))
        got = mod.main(a, c)
        check(got, a @ c, np.abs(a) @ np.abs(c), k)


def test_matmul_fused_bias_relu() -> None:
    """`relu(A·B + bias)`: the add and relu are applied in the tile store (both variants)."""
    t = ttype("f32", ["m", 20])
    src = func(
        [
            sym_arg("a", "f32", ["m", "k"]),
            sym_arg("b", "f32", ["k", 20]),
            sym_arg("c", "f32", [20]),
        ],
        t,
        [
            f'%0 = "llh.matmul"(%a, %b) : ({ttype("f32", ["m", "k"])}, {ttype("f32", ["k", 20])}) -> {t}',
            f'%1 = "llh.add"(%0, %c) : ({t}, tensor<20xf32>) -> {t}',
            f'%r = "llh.relu"(%1) : ({t}) -> {t}',
        ],
    )
    mod = runtime.compile(src)
    rng = np.random.default_rng(2)
    for m, k in ((6, 5), (13, 40)):
        a = rng.standard_normal((m, k)).astype(np.float32)
        b = rng.standard_normal((k, 20)).astype(np.float32)
        c = rng.standard_normal(20).astype(np.float32)
        a64, b64 = a.astype(np.float64), b.astype(np.float64)
        ref = np.maximum(a64 @ b64 + c, 0.0)
        check(mod.main(a, b, c), ref, np.abs(a64) @ np.abs(b64) + np.abs(c), k + 1)


# --------------------------------------------------------------------------- convolution


def conv_ref(x, w, stride, dilation, pad):  # type: ignore[no-untyped-def]
    """NCHW x, FCHW w (float64), pad = (top, left, bottom, right): explicit window sums."""
    x = np.pad(x, ((0, 0), (0, 0), (pad[0], pad[2]), (pad[1], pad[3])))
    n, c, h, wd = x.shape
    f, _, kh, kw = w.shape
    oh = (h - dilation[0] * (kh - 1) - 1) // stride[0] + 1
    ow = (wd - dilation[1] * (kw - 1) - 1) // stride[1] + 1
    y = np.zeros((n, f, oh, ow))
    ya = np.zeros((n, f, oh, ow))
    for i in range(kh):
        for j in range(kw):
            r0, c0 = i * dilation[0], j * dilation[1]
            patch = x[:, :, r0 : r0 + (oh - 1) * stride[0] + 1 : stride[0],
                      c0 : c0 + (ow - 1) * stride[1] + 1 : stride[1]]  # fmt: skip
            y += np.einsum("nchw,fc->nfhw", patch, w[:, :, i, j])
            ya += np.einsum("nchw,fc->nfhw", np.abs(patch), np.abs(w[:, :, i, j]))
    return y, ya


WEIGHT_PERM = {"FCHW": (0, 1, 2, 3), "FHWC": (0, 2, 3, 1), "HWCF": (2, 3, 1, 0)}


def conv_module(layout: str, wlayout: str, kernel, stride, dilation, pad, bias: bool,
                epilogue: bool = False) -> str:  # fmt: skip
    cl = layout == "NHWC"
    xs = ["n", "h", "w", "c"] if cl else ["n", "c", "h", "w"]
    ws = [("f", "c", kernel[0], kernel[1])[i] for i in WEIGHT_PERM[wlayout]]
    ys = ["n", "oh", "ow", "f"] if cl else ["n", "f", "oh", "ow"]
    yt = ttype("f32", ys)
    args = [sym_arg("x", "f32", xs), sym_arg("wt", "f32", ws)]
    operands = "%x, %wt"
    types = f"{ttype('f32', xs)}, {ttype('f32', ws)}"
    if bias:
        args.append(sym_arg("b", "f32", ["f"]))
        operands += ", %b"
        types += ", " + ttype("f32", ["f"])
    name = "llh.conv_bias" if bias else "llh.conv"
    props = (
        f"dilation = array<i64: {dilation[0]}, {dilation[1]}>, group = 1 : i64, "
        f"kernel_shape = array<i64: {kernel[0]}, {kernel[1]}>, layout = #llh.Layout<{layout}>, "
        f"pad = array<i64: {', '.join(map(str, pad))}>, "
        f"stride = array<i64: {stride[0]}, {stride[1]}>, weight_layout = #llh.Layout<{wlayout}>"
    )
    body = [f'%{"0" if epilogue else "r"} = "{name}"({operands}) <{{{props}}}> : ({types}) -> {yt}']
    if epilogue:
        args.append(sym_arg("res", "f32", ys))
        body += [
            f'%1 = "llh.relu"(%0) : ({yt}) -> {yt}',
            f'%r = "llh.add"(%1, %res) : ({yt}, {yt}) -> {yt}',
        ]
    src = func(args, yt, body)
    return src


CONV_CASES = [
    # layout, weight layout, kernel, stride, dilation, pad (t, l, b, r), bias, sizes [(n, c, f, h, w)]
    (
        "NCHW",
        "FCHW",
        (3, 3),
        (1, 1),
        (1, 1),
        (1, 1, 1, 1),
        False,
        [(1, 3, 7, 20, 20), (2, 8, 13, 5, 9), (1, 1, 1, 1, 1)],
    ),
    (
        "NCHW",
        "FCHW",
        (3, 3),
        (2, 2),
        (1, 1),
        (1, 1, 1, 1),
        True,
        [(1, 4, 6, 17, 17), (1, 2, 20, 9, 30)],
    ),
    (
        "NCHW",
        "FCHW",
        (1, 1),
        (1, 1),
        (1, 1),
        (0, 0, 0, 0),
        True,
        [(1, 5, 12, 8, 8), (2, 3, 7, 5, 7)],
    ),
    ("NCHW", "FCHW", (1, 1), (2, 2), (1, 1), (0, 0, 0, 0), False, [(1, 6, 9, 9, 11)]),
    ("NCHW", "FCHW", (7, 7), (2, 2), (1, 1), (3, 3, 3, 3), False, [(1, 3, 8, 23, 19)]),
    (
        "NCHW",
        "FCHW",
        (3, 2),
        (1, 2),
        (2, 1),
        (2, 0, 1, 1),
        True,
        [(1, 3, 5, 10, 12), (2, 2, 7, 7, 5)],
    ),
    (
        "NHWC",
        "HWCF",
        (3, 3),
        (1, 1),
        (1, 1),
        (1, 1, 1, 1),
        True,
        [(1, 5, 20, 9, 9), (2, 3, 16, 4, 3)],
    ),
    (
        "NHWC",
        "FHWC",
        (3, 3),
        (2, 1),
        (1, 2),
        (0, 1, 2, 0),
        False,
        [(1, 4, 11, 12, 10), (1, 1, 3, 6, 7)],
    ),
    ("NHWC", "HWCF", (1, 1), (1, 1), (1, 1), (0, 0, 0, 0), False, [(1, 16, 24, 7, 7)]),
]


@pytest.mark.parametrize(
    "case", CONV_CASES, ids=lambda c: f"{c[0]}-{c[1]}-k{c[2][0]}{c[2][1]}s{c[3][0]}{c[3][1]}"
)
def test_conv_gemm(case) -> None:  # type: ignore[no-untyped-def]
    layout, wlayout, kernel, stride, dilation, pad, bias, sizes = case
    mod = runtime.compile(conv_module(layout, wlayout, kernel, stride, dilation, pad, bias))
    rng = np.random.default_rng(7)
    for n, c, f, h, w in sizes:
        x = rng.standard_normal((n, c, h, w)).astype(np.float32)
        wt = rng.standard_normal((f, c, *kernel)).astype(np.float32)
        b = rng.standard_normal(f).astype(np.float32)
        ref, ref_abs = conv_ref(x.astype(np.float64), wt.astype(np.float64), stride, dilation, pad)
        if bias:
            ref = ref + b.reshape(1, f, 1, 1)
            ref_abs = ref_abs + np.abs(b).reshape(1, f, 1, 1)
        xa = np.ascontiguousarray(x.transpose(0, 2, 3, 1)) if layout == "NHWC" else x
        wa = np.ascontiguousarray(wt.transpose(WEIGHT_PERM[wlayout]))
        got = mod.main(xa, wa, b) if bias else mod.main(xa, wa)
        if layout == "NHWC":
            got = got.transpose(0, 3, 1, 2)
        check(got, ref, ref_abs, c * kernel[0] * kernel[1] + 1)


@pytest.mark.parametrize("layout,wlayout", [("NCHW", "FCHW"), ("NHWC", "HWCF")])
def test_conv_fused_epilogue(layout: str, wlayout: str) -> None:
    """`relu(conv_bias(x, w, b)) + residual` with the relu and the residual add fused into the
    tile store (full tiles and tails: 10x10 output, 20 features)."""
    mod = runtime.compile(
        conv_module(layout, wlayout, (3, 3), (1, 1), (1, 1), (1, 1, 1, 1), True, epilogue=True)
    )
    rng = np.random.default_rng(9)
    for n, c, f, h, w in ((1, 6, 20, 10, 10), (2, 3, 7, 3, 5)):
        x = rng.standard_normal((n, c, h, w)).astype(np.float32)
        wt = rng.standard_normal((f, c, 3, 3)).astype(np.float32)
        b = rng.standard_normal(f).astype(np.float32)
        res = rng.standard_normal((n, f, h, w)).astype(np.float32)
        ref, ref_abs = conv_ref(x.astype(np.float64), wt.astype(np.float64), (1, 1), (1, 1),
                                (1, 1, 1, 1))  # fmt: skip
        ref = np.maximum(ref + b.reshape(1, f, 1, 1), 0.0) + res
        ref_abs = ref_abs + np.abs(b).reshape(1, f, 1, 1) + np.abs(res)
        if layout == "NHWC":
            args = (x.transpose(0, 2, 3, 1), wt.transpose(2, 3, 1, 0), b, res.transpose(0, 2, 3, 1))
            args = tuple(np.ascontiguousarray(a) for a in args)
            got = mod.main(*args).transpose(0, 3, 1, 2)
        else:
            got = mod.main(x, wt, b, res)
        check(got, ref, ref_abs, c * 9 + 3)


def _dense(a: np.ndarray) -> str:
    body = np.array2string(a, separator=", ", threshold=10**9, floatmode="unique")
    return f"dense<{body}> : tensor<{'x'.join(map(str, a.shape))}xf32>"


@pytest.mark.parametrize("layout,wlayout", [("NCHW", "FHWC"), ("NHWC", "FCHW")])
def test_conv_constant_weight_prepacked(layout: str, wlayout: str) -> None:
    """A constant weight is packed at compile time into a new global (no run-time packing)."""
    rng = np.random.default_rng(11)
    c, f = 3, 19
    wt = rng.standard_normal((f, c, 3, 3)).astype(np.float32)
    wa = np.ascontiguousarray(wt.transpose(WEIGHT_PERM[wlayout]))
    cl = layout == "NHWC"
    xs = ["n", "h", "w", c] if cl else ["n", c, "h", "w"]
    ys = ["n", "oh", "ow", f] if cl else ["n", f, "oh", "ow"]
    yt = ttype("f32", ys)
    wtt = ttype("f32", list(wa.shape))
    props = (
        "dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, "
        f"layout = #llh.Layout<{layout}>, pad = array<i64: 1, 1, 1, 1>, "
        f"stride = array<i64: 1, 1>, weight_layout = #llh.Layout<{wlayout}>"
    )
    src = func(
        [sym_arg("x", "f32", xs)],
        yt,
        [
            f'%w = "llh.constant"() <{{value = {_dense(wa)}}}> : () -> {wtt}',
            f'%r = "llh.conv"(%x, %w) <{{{props}}}> : ({ttype("f32", xs)}, {wtt}) -> {yt}',
        ],
    )
    from llh_opt.passes import PassManager
    from llh_opt.runtime.jit import as_module

    lowered = as_module(src, False)
    PassManager.parse("builtin.module(lower-to-llvm)").run(lowered)
    text = None
    globals_ = [op for op in lowered.regions[0].blocks[0].ops if op.name == "memref.global"]
    packed_shape = (4, c * 9, 6) if not cl else (2, c * 9, 16)
    shapes = [tuple(g.properties["type"].type.shape) for g in globals_]
    assert packed_shape in shapes, text
    assert wa.shape not in shapes, "the unpacked weight should not stay in the module"
    mod = runtime.compile(src)
    for n, h, w in ((1, 7, 9), (2, 4, 3)):
        x = rng.standard_normal((n, c, h, w)).astype(np.float32)
        ref, ref_abs = conv_ref(x.astype(np.float64), wt.astype(np.float64), (1, 1), (1, 1),
                                (1, 1, 1, 1))  # fmt: skip
        if cl:
            got = mod.main(np.ascontiguousarray(x.transpose(0, 2, 3, 1))).transpose(0, 3, 1, 2)
        else:
            got = mod.main(x)
        check(got, ref, ref_abs, c * 9)


def test_matmul_constant_rhs_prepacked() -> None:
    rng = np.random.default_rng(12)
    b = rng.standard_normal((5, 21)).astype(np.float32)
    t = ttype("f32", ["m", 21])
    src = func(
        [sym_arg("a", "f32", ["m", 5])],
        t,
        [
            f'%b = "llh.constant"() <{{value = {_dense(b)}}}> : () -> tensor<5x21xf32>',
            f'%r = "llh.matmul"(%a, %b) : ({ttype("f32", ["m", 5])}, tensor<5x21xf32>) -> {t}',
        ],
    )
    mod = runtime.compile(src)
    for m in (1, 6, 13):
        a = rng.standard_normal((m, 5)).astype(np.float32)
        a64, b64 = a.astype(np.float64), b.astype(np.float64)
        check(mod.main(a), a64 @ b64, np.abs(a64) @ np.abs(b64), 5)
