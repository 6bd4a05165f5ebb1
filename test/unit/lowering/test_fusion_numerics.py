"""Numerics of fused code: conv/matmul epilogues (bias, batch norm folded or not, relu, residual
add, in combinations), elementwise chains in one loop nest, and every shape bucket of the
vectorized elementwise loops (a broadcastable dimension that is 1 at run time or not, inner sizes
that are a multiple of the vector width or not, one compiled module run at several sizes).

References are float64 numpy written here; f32 results compare with rel 1e-4·sqrt(K) for
reductions of length K, rel 1e-5 for elementwise chains. Each test also checks, on the lowered
IR, that the fusion it means to exercise happened (so a silent fallback cannot pass).
"""

from __future__ import annotations

import re

import numpy as np
import pytest

runtime = pytest.importorskip("llh_opt.runtime")
pytest.importorskip("llvmlite")

from llh_opt.parser import parse_source  # noqa: E402
from llh_opt.passes import PassManager  # noqa: E402


def _lowered(text: str) -> str:
    module = parse_source(text)
    PassManager.parse("builtin.module(lower-to-llvm)").run(module)
    return module.print()


def _t(shape: tuple, elt: str = "f32") -> str:
    return f"tensor<{'x'.join('?' if d is None else str(d) for d in shape)}x{elt}>"


def _conv_props(k: int, pad: int, layout: str) -> str:
    wl = "FHWC" if layout == "NHWC" else "FCHW"
    return (
        f"dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: {k}, {k}>, "
        f"layout = #llh.Layout<{layout}>, pad = array<i64: {pad}, {pad}, {pad}, {pad}>, "
        f"stride = array<i64: 1, 1>, weight_layout = #llh.Layout<{wl}>"
    )


def _np_conv(x: np.ndarray, w: np.ndarray, pad: int) -> np.ndarray:
    """NCHW float64 convolution, stride 1."""
    n, c, h, wd = x.shape
    f, _, k, _ = w.shape
    xp = np.pad(x.astype(np.float64), ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    oh, ow = h + 2 * pad - k + 1, wd + 2 * pad - k + 1
    out = np.zeros((n, f, oh, ow))
    for i in range(k):
        for j in range(k):
            out += np.einsum("nchw,fc->nfhw", xp[:, :, i : i + oh, j : j + ow], w[:, :, i, j])
    return out


def _close(got: np.ndarray, want: np.ndarray, k: int = 1) -> None:
    assert got.shape == want.shape
    tol = 1e-4 * np.sqrt(k) if k > 1 else 1e-5
    np.testing.assert_allclose(got.astype(np.float64), want, rtol=tol, atol=tol)


def _dense(a: np.ndarray) -> str:
    def nest(x: np.ndarray) -> str:
        if x.ndim == 0:
            return f"{float(x):.9e}"
        return "[" + ", ".join(nest(y) for y in x) + "]"

    return f"dense<{nest(a)}> : {_t(a.shape)}"


# --------------------------------------------------------------------------- conv epilogues

C, F, H, W, K = 3, 8, 6, 5, 3
_EPILOGUES = {
    "bias": ["bias"],
    "relu": ["relu"],
    "bn": ["bn"],
    "residual": ["residual"],
    "bias_relu": ["bias", "relu"],
    "bn_residual_relu": ["bn", "residual", "relu"],
    "bias_bn_relu_residual": ["bias", "bn", "relu", "residual"],
    "scale_shift": ["scale", "bias"],
}


def _conv_module(steps: list[str], layout: str, const_bn: bool) -> tuple[str, dict]:
    """conv → steps, returning (text, parameters); dynamic batch `s0`."""
    rng = np.random.default_rng(len(steps) * 7 + (layout == "NHWC"))
    cl = layout == "NHWC"
    xs = (None, H, W, C) if cl else (None, C, H, W)
    ys = (None, H, W, F) if cl else (None, F, H, W)
    ws = (F, K, K, C) if cl else (F, C, K, K)
    chan = (F,) if cl else (1, F, 1, 1)
    params = {
        "w": rng.standard_normal((F, C, K, K)).astype(np.float32),
        "b": rng.standard_normal(F).astype(np.float32),
        "scale": rng.uniform(0.5, 1.5, F).astype(np.float32),
        "shift": rng.standard_normal(F).astype(np.float32),
        "mean": rng.standard_normal(F).astype(np.float32),
        "var": rng.uniform(0.5, 1.5, F).astype(np.float32),
    }
    sym = ', '.join(f'func.input_symbol_{i} = "{"s0" if d is None else f"c{d}"}"'
                    for i, d in enumerate(xs))  # fmt: skip
    args = [f"%x: {_t(xs)} {{{sym}}}", f"%w: {_t(ws)}", f"%b: {_t(chan)}", f"%r: {_t(ys)}"]
    bn_args = ["%s", "%t", "%m", "%v"]
    body = []
    if const_bn:  # the weight is a constant too: the batch norm folds into it
        del args[1]
        wv = params["w"].transpose(0, 2, 3, 1) if cl else params["w"]
        body.append(f'%w = "llh.constant"() <{{value = {_dense(wv)}}}> : () -> {_t(ws)}')
        for name, key in zip(bn_args, ("scale", "shift", "mean", "var")):
            body.append(
                f'{name} = "llh.constant"() <{{value = {_dense(params[key])}}}> : () -> {_t((F,))}'
            )
    else:
        args += [f"{n}: {_t((F,))}" for n in bn_args]
    if "scale" in steps:
        args.append(f"%g: {_t(chan)}")
    y = _t(ys)
    body.append(
        f'%0 = "llh.conv"(%x, %w) <{{{_conv_props(K, 1, layout)}}}> : ({_t(xs)}, {_t(ws)}) -> {y}'
    )
    v = "%0"
    for i, s in enumerate(steps):
        o = f"%e{i}"
        if s == "bias":
            body.append(f'{o} = "llh.add"({v}, %b) : ({y}, {_t(chan)}) -> {y}')
        elif s == "scale":
            body.append(f'{o} = "llh.mul"(%g, {v}) : ({_t(chan)}, {y}) -> {y}')
        elif s == "relu":
            body.append(f'{o} = "llh.relu"({v}) : ({y}) -> {y}')
        elif s == "residual":
            body.append(f'{o} = "llh.add"(%r, {v}) : ({y}, {y}) -> {y}')
        else:
            fi = 3 if cl else 1
            body.append(
                f'{o} = "llh.batch_norm"({v}, %s, %t, %m, %v) <{{epsilon = 1.000000e-05 : f64, '
                f"feature_index = {fi} : i64, momentum = 1.000000e-01 : f64}}> : "
                f"({y}, {', '.join([_t((F,))] * 4)}) -> {y}"
            )
        v = o
    lines = [f"func.func @main({', '.join(args)}) -> {y} attributes {{entrance}} {{"]
    lines += [f"  {b}" for b in body] + [f"  return {v} : {y}", "}"]
    return "\n".join(lines), params


def _conv_reference(x: np.ndarray, steps: list[str], p: dict, r: np.ndarray, g: np.ndarray
                    ) -> np.ndarray:  # fmt: skip
    """float64 reference in NCHW (`x`, `r` NCHW)."""
    y = _np_conv(x, p["w"].astype(np.float64), 1)
    ch = (1, F, 1, 1)
    for s in steps:
        if s == "bias":
            y = y + p["b"].astype(np.float64).reshape(ch)
        elif s == "scale":
            y = g.astype(np.float64).reshape(ch) * y
        elif s == "relu":
            y = np.maximum(y, 0)
        elif s == "residual":
            y = y + r
        else:
            sc = p["scale"] / np.sqrt(p["var"].astype(np.float64) + 1e-5)
            y = (y - p["mean"].reshape(ch)) * sc.reshape(ch) + p["shift"].reshape(ch)
    return y


@pytest.mark.parametrize("name", sorted(_EPILOGUES))
@pytest.mark.parametrize("layout", ["NCHW", "NHWC"])
def test_conv_epilogue(name: str, layout: str) -> None:
    steps = _EPILOGUES[name]
    text, p = _conv_module(steps, layout, const_bn=False)
    ir = _lowered(text)
    # one buffer of the output's type: every step of the chain is applied in the conv's store
    assert _out_allocs(ir, layout) == 1
    m = runtime.compile(text)
    rng = np.random.default_rng(1)
    cl = layout == "NHWC"
    for n in (1, 2):
        x = rng.standard_normal((n, C, H, W)).astype(np.float32)
        r = rng.standard_normal((n, F, H, W)).astype(np.float32)
        g = rng.standard_normal(F).astype(np.float32)
        w = p["w"].transpose(0, 2, 3, 1) if cl else p["w"]
        b = p["b"] if cl else p["b"].reshape(1, F, 1, 1)
        gg = g if cl else g.reshape(1, F, 1, 1)
        args = [
            x.transpose(0, 2, 3, 1).copy() if cl else x,
            np.ascontiguousarray(w),
            b,
            r.transpose(0, 2, 3, 1).copy() if cl else r,
            p["scale"], p["shift"], p["mean"], p["var"],
        ]  # fmt: skip
        if "scale" in steps:
            args.append(gg)
        got = m.main(*args)
        if cl:
            got = got.transpose(0, 3, 1, 2)
        _close(got, _conv_reference(x, steps, p, r, g), C * K * K)


def _out_allocs(text: str, layout: str) -> int:
    out = "?x6x5x8xf32" if layout == "NHWC" else "?x8x6x5xf32"
    body = text.split("^bb2:")[1]
    return len(re.findall(rf"memref\.alloc\([^)]*\) : memref<{re.escape(out)}>", body))


def _alloc_count(text: str) -> int:
    return text.split("^bb2:")[1].count("memref.alloc(")


@pytest.mark.parametrize("layout", ["NCHW", "NHWC"])
def test_conv_constant_batch_norm_is_folded(layout: str) -> None:
    """Constant batch-norm parameters: fold-batch-norm rewrites conv + bn into conv_bias, then
    the relu and residual add are the epilogue."""
    steps = ["bn", "residual", "relu"]
    text, p = _conv_module(steps, layout, const_bn=True)
    ir = _lowered(text)
    assert "batch_norm" not in ir and "math.sqrt" not in ir  # folded at compile time
    assert _out_allocs(ir, layout) == 1
    m = runtime.compile(text)
    rng = np.random.default_rng(2)
    cl = layout == "NHWC"
    x = rng.standard_normal((2, C, H, W)).astype(np.float32)
    r = rng.standard_normal((2, F, H, W)).astype(np.float32)
    b = p["b"] if cl else p["b"].reshape(1, F, 1, 1)
    args = [x.transpose(0, 2, 3, 1).copy() if cl else x, b,
            r.transpose(0, 2, 3, 1).copy() if cl else r]  # fmt: skip
    got = m.main(*args)
    if cl:
        got = got.transpose(0, 3, 1, 2)
    _close(got, _conv_reference(x, steps, p, r, np.ones(F)), C * K * K)


def test_epilogue_stops_at_a_second_use() -> None:
    """The conv result also returned: nothing is fused into its store (the add is its own
    loop), and both results are right."""
    y = _t((1, F, H, W))
    text = f"""func.func @main(%x: {_t((1, C, H, W))}, %w: {_t((F, C, K, K))}, %b: {_t((1, F, 1, 1))}) -> ({y}, {y}) attributes {{entrance}} {{
  %0 = "llh.conv"(%x, %w) <{{{_conv_props(K, 1, "NCHW")}}}> : ({_t((1, C, H, W))}, {_t((F, C, K, K))}) -> {y}
  %1 = "llh.add"(%0, %b) : ({y}, {_t((1, F, 1, 1))}) -> {y}
  return %0, %1 : {y}, {y}
}}"""
    assert _out_allocs(_lowered(text).replace("memref<1x8", "memref<?x8"), "NCHW") == 2
    m = runtime.compile(text)
    rng = np.random.default_rng(3)
    x = rng.standard_normal((1, C, H, W)).astype(np.float32)
    w = rng.standard_normal((F, C, K, K)).astype(np.float32)
    b = rng.standard_normal((1, F, 1, 1)).astype(np.float32)
    c, s = m.main(x, w, b)
    want = _np_conv(x, w.astype(np.float64), 1)
    _close(c, want, C * K * K)
    _close(s, want + b, C * K * K)


@pytest.mark.parametrize("n_out", [8, 13])
def test_matmul_epilogue_bias_relu_residual(n_out: int) -> None:
    """matmul → + bias[N] → relu → + residual, for a full vector width and a tail."""
    mt, kt = _t((None, 7)), _t((7, n_out))
    o = _t((None, n_out))
    text = f"""func.func @main(%a: {mt} {{func.input_symbol_0 = "s0", func.input_symbol_1 = "c7"}}, %b: {kt}, %c: {_t((n_out,))}, %r: {o} {{func.input_symbol_0 = "s0", func.input_symbol_1 = "c{n_out}"}}) -> {o} attributes {{entrance}} {{
  %0 = "llh.matmul"(%a, %b) : ({mt}, {kt}) -> {o}
  %1 = "llh.add"(%0, %c) : ({o}, {_t((n_out,))}) -> {o}
  %2 = "llh.relu"(%1) : ({o}) -> {o}
  %3 = "llh.add"(%2, %r) : ({o}, {o}) -> {o}
  return %3 : {o}
}}"""
    ir = _lowered(text)
    assert "llh." not in ir.split("^bb2:")[1]
    m = runtime.compile(text)
    rng = np.random.default_rng(4)
    b = rng.standard_normal((7, n_out)).astype(np.float32)
    c = rng.standard_normal(n_out).astype(np.float32)
    for rows in (1, 5, 16):
        a = rng.standard_normal((rows, 7)).astype(np.float32)
        r = rng.standard_normal((rows, n_out)).astype(np.float32)
        want = np.maximum(a.astype(np.float64) @ b + c, 0) + r
        _close(m.main(a, b, c, r), want, 7)


# --------------------------------------------------------------------------- elementwise buckets

_SYMS = """"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
"""


def _enc(shape: tuple) -> str:
    dims = "x".join("?" if isinstance(d, str) else str(d) for d in shape)
    names = ", ".join(f"@{d}" if isinstance(d, str) else f"@c{d}" for d in shape)
    return f"tensor<{dims}xf32, #llh.encoding<shapes = {names}>>"


def _decl(*shapes: tuple) -> str:
    consts = sorted({d for shape in shapes for d in shape if not isinstance(d, str)})
    return "".join(f'"llh.symbolic_int"() <{{sym_name = "c{c}"}}> : () -> ()\n' for c in consts)


def _arg(name: str, shape: tuple) -> str:
    attrs = ", ".join(
        f'func.input_symbol_{i} = "{d if isinstance(d, str) else f"c{d}"}"'
        for i, d in enumerate(shape)
    )
    return f"%{name}: {_enc(shape)} {{{attrs}}}"


def _chain_module(a: tuple, b: tuple, out: tuple) -> str:
    """relu((a + b) * a - b) with explicit symbols (`b`'s symbols may be 1 where `a` has
    another symbol: a shape bucket)."""
    ta, tb, to = _enc(a), _enc(b), _enc(out)
    decls = _SYMS + _decl(a, b, out)
    return f"""{decls}func.func @main({_arg("a", a)}, {_arg("b", b)}) -> {to} attributes {{entrance}} {{
  %0 = "llh.add"(%a, %b) : ({ta}, {tb}) -> {to}
  %1 = "llh.mul"(%0, %a) : ({to}, {ta}) -> {to}
  %2 = "llh.sub"(%1, %b) : ({to}, {tb}) -> {to}
  %3 = "llh.relu"(%2) : ({to}) -> {to}
  return %3 : {to}
}}"""


def _chain_reference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    return np.maximum((a64 + b64) * a64 - b64, 0)


def _run_chain(text: str, shapes: list[tuple[tuple, tuple]]) -> None:
    ir = _lowered(text)
    body = ir.split("^bb2:")[1]
    assert body.count("memref.alloc(") == 1  # one loop nest, no intermediate buffer
    assert "vector.load" in body and "vector.store" in body
    m = runtime.compile(text)
    rng = np.random.default_rng(5)
    for sa, sb in shapes:
        a = rng.standard_normal(sa).astype(np.float32)
        b = rng.standard_normal(sb).astype(np.float32)
        _close(m.main(a, b), _chain_reference(a, b))


def test_bucket_symbolic_dim_that_may_be_one() -> None:
    """b's rows are `s1`, a's `s0`: s1 == 1 runs the broadcast variant, s1 == s0 the contiguous
    one (the guard is a predicate on s1 computed once)."""
    text = _chain_module(("s0", 16), ("s1", 16), ("s0", 16))
    ir = _lowered(text)
    assert "arith.cmpi eq, %dim_0, %c1 : index" in ir  # the s1 == 1 bucket
    _run_chain(text, [((5, 16), (1, 16)), ((5, 16), (5, 16)), ((1, 16), (1, 16)),
                      ((9, 16), (1, 16))])  # fmt: skip


def test_bucket_inner_size_multiple_of_vector_width_or_not() -> None:
    """One module, inner size `s1` symbolic: 16 and 24 (no tail), 5, 13, 1 (tail only / tail)."""
    text = _chain_module(("s0", "s1"), ("s0", "s1"), ("s0", "s1"))
    ir = _lowered(text)
    assert "arith.remsi" in ir and "scf.if" in ir
    _run_chain(text, [((3, 16), (3, 16)), ((2, 24), (2, 24)), ((3, 5), (3, 5)),
                      ((4, 13), (4, 13)), ((7, 1), (7, 1)), ((1100, 9), (1100, 9))])  # fmt: skip


def test_bucket_per_channel_broadcast_static_and_symbolic() -> None:
    """[s0, 4, s1, s1] (+) [4, 1, 1]: merged to [s0·4, s1·s1] rows with one scalar per row."""
    text = _chain_module(("s0", 4, "s1", "s1"), (4, 1, 1), ("s0", 4, "s1", "s1"))
    _run_chain(text, [((1, 4, 3, 3), (4, 1, 1)), ((2, 4, 4, 4), (4, 1, 1)),
                      ((1, 4, 9, 9), (4, 1, 1))])  # fmt: skip


def test_bucket_two_dims_that_may_be_one_generic_variant() -> None:
    """Two maybe-one dimensions (s1, s2 against s0, 8·?): the generic variant with select
    indices when either is 1, the contiguous one otherwise."""
    text = _chain_module(("s0", "s2"), ("s1", "s2"), ("s0", "s2"))
    _run_chain(text, [((3, 8), (1, 8)), ((3, 8), (3, 8)), ((6, 11), (1, 11)), ((6, 11), (6, 11))])


def test_chain_of_unary_and_binary_ops() -> None:
    """max(sqrt|x|, rsqrt(exp x)) / x: unary and binary ops in one vector loop (leaf x read once
    per position), f32 (8 lanes) and f64 (4 lanes)."""
    for elt, tol in (("f32", 1e-5), ("f64", 1e-12)):
        t = _t((None, 37), elt)
        text = f"""func.func @main(%x: {t} {{func.input_symbol_0 = "s0", func.input_symbol_1 = "c37"}}) -> {t} attributes {{entrance}} {{
  %0 = "llh.abs"(%x) : ({t}) -> {t}
  %1 = "llh.sqrt"(%0) : ({t}) -> {t}
  %2 = "llh.exp"(%x) : ({t}) -> {t}
  %3 = "llh.rsqrt"(%2) : ({t}) -> {t}
  %4 = "llh.max"(%1, %3) : ({t}, {t}) -> {t}
  %5 = "llh.div"(%4, %x) : ({t}, {t}) -> {t}
  return %5 : {t}
}}"""
        ir = _lowered(text)
        assert _alloc_count(ir) == 1 and "vector.load" in ir
        m = runtime.compile(text)
        rng = np.random.default_rng(6)
        for n in (1, 3, 64):
            x = (rng.standard_normal((n, 37)) + 0.05).astype(elt.replace("f", "float"))
            x64 = x.astype(np.float64)
            want = np.maximum(np.sqrt(np.abs(x64)), 1 / np.sqrt(np.exp(x64))) / x64
            np.testing.assert_allclose(m.main(x), want, rtol=tol)


def test_chain_intermediate_with_two_uses_is_materialized() -> None:
    t = _t((None, 16))
    text = f"""func.func @main(%x: {t} {{func.input_symbol_0 = "s0", func.input_symbol_1 = "c16"}}) -> ({t}, {t}) attributes {{entrance}} {{
  %0 = "llh.relu"(%x) : ({t}) -> {t}
  %1 = "llh.mul"(%0, %x) : ({t}, {t}) -> {t}
  %2 = "llh.add"(%0, %1) : ({t}, {t}) -> {t}
  return %2, %0 : {t}, {t}
}}"""
    ir = _lowered(text)
    assert _alloc_count(ir) == 2  # relu's buffer (returned, used twice) and the fused mul+add
    m = runtime.compile(text)
    x = np.random.default_rng(7).standard_normal((5, 16)).astype(np.float32)
    r = np.maximum(x.astype(np.float64), 0)
    got2, got0 = m.main(x)
    _close(got0, r)
    _close(got2, r + r * x)
