"""Numerics of the light op families (elementwise, broadcasting, reductions, data movement,
scalars): LLH text → `lower-to-llvm` → JIT (`llh_opt.runtime.compile`) → numpy arrays, compared
with numpy references written here.

Every compiled module is run at three input sizes (one compile, three calls), with random inputs
and random attributes drawn by hypothesis. Tolerances: f32 rel 1e-5 / abs 1e-6 per element;
sums by a bound that grows with the reduction length `n`: |err| <= n * 2^-23 * sum(|x|) (the
sequential summation bound); f16 results within one f16 ulp (computed in f32, rounded once);
integers and booleans exact.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

runtime = pytest.importorskip("llh_opt.runtime")
pytest.importorskip("llvmlite")

SIZES = (1, 3, 8)
PROP = settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

_DT = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "i64": np.int64,
       "i32": np.int32, "i1": np.bool_}  # fmt: skip


def tensor(shape: tuple, elt: str) -> str:
    dims = "x".join("?" if d is None else str(d) for d in shape)
    return f"tensor<{dims}x{elt}>" if shape else f"tensor<{elt}>"


def arg(name: str, shape: tuple, elt: str, syms: dict[int, str] | None = None) -> str:
    """`%name: tensor<...>` with `func.input_symbol_k` for dynamic dims (symbol names given)."""
    attrs = []
    for k, d in enumerate(shape):
        if d is None:
            attrs.append(f'func.input_symbol_{k} = "{(syms or {}).get(k, "s0")}"')
        else:
            attrs.append(f'func.input_symbol_{k} = "c{d}"')
    a = f" {{{', '.join(attrs)}}}" if attrs else ""
    return f"%{name}: {tensor(shape, elt)}{a}"


def module(args: list[str], body: list[str], results: list[tuple[str, str]]) -> str:
    rets = ", ".join(v for v, _ in results)
    rtypes = ", ".join(t for _, t in results)
    lines = [f"func.func @main({', '.join(args)}) -> ({rtypes}) attributes {{entrance}} {{"]
    lines += [f"  {b}" for b in body]
    lines.append(f"  return {rets} : {rtypes}")
    lines.append("}")
    return "\n".join(lines)


def rand(rng: np.random.Generator, shape: tuple, elt: str, positive: bool = False) -> np.ndarray:
    dt = _DT[elt]
    if elt == "i1":
        return rng.random(shape) < 0.5
    if elt in ("i64", "i32"):
        lo = 1 if positive else -50
        return rng.integers(lo, 50, size=shape).astype(dt)
    x = rng.standard_normal(shape)
    if positive:
        x = np.abs(x) + 0.1
    return x.astype(dt)


def close(got: np.ndarray, want: np.ndarray, elt: str) -> None:
    want = np.asarray(want)
    assert got.shape == want.shape, (got.shape, want.shape)
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    if elt in ("i64", "i32", "i1"):
        np.testing.assert_array_equal(got, want)
    elif elt == "f16":
        np.testing.assert_allclose(got.astype(np.float32), want.astype(np.float32),
                                   rtol=2**-10, atol=2**-14)  # fmt: skip
    else:
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6, equal_nan=True)


# --------------------------------------------------------------------------- elementwise

_FLOAT_BIN = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "div": np.divide,
    "max": np.maximum, "min": np.minimum, "pow": np.power,
}  # fmt: skip

# Broadcasting patterns: (lhs shape, rhs shape, result shape) with None = the dynamic size n.
_PATTERNS = [
    ((None, 4), (None, 4), (None, 4)),
    ((None, 4), (4,), (None, 4)),
    ((None, 1, 3), (None, 5, 1), (None, 5, 3)),
    ((2, None), (1, None), (2, None)),
    ((None,), (1,), (None,)),
]


def _compile_binary(op: str, pattern: tuple, elt: str) -> Any:
    """`llh.<op>` of two arguments with the shapes of a broadcasting `pattern`, compiled."""
    ls, rs, out = pattern
    return runtime.compile(
        module(
            [arg("a", ls, elt), arg("b", rs, elt)],
            [
                f'%0 = "llh.{op}"(%a, %b) : ({tensor(ls, elt)}, {tensor(rs, elt)}) -> '
                f"{tensor(out, elt)}"
            ],
            [("%0", tensor(out, elt))],
        )
    )


def _at(shape: tuple, n: int) -> tuple:
    """A pattern shape with its dynamic dimensions (None) set to `n`."""
    return tuple(n if d is None else d for d in shape)


@PROP
@given(
    op=st.sampled_from(sorted(_FLOAT_BIN)),
    pattern=st.sampled_from(_PATTERNS),
    elt=st.sampled_from(["f32", "f64", "f16"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_float_binary_broadcasting(op: str, pattern: tuple, elt: str, seed: int) -> None:
    ls, rs, _ = pattern
    m = _compile_binary(op, pattern, elt)
    rng = np.random.default_rng(seed)
    for n in SIZES:
        a = rand(rng, _at(ls, n), elt, positive=op == "pow")
        b = rand(rng, _at(rs, n), elt)
        if op == "div":
            b = np.where(np.abs(b) < 0.1, 1, b).astype(a.dtype)
        want = _FLOAT_BIN[op](a.astype(np.float32), b.astype(np.float32)).astype(a.dtype)
        close(m.main(a, b), want if elt == "f16" else _FLOAT_BIN[op](a, b), elt)


def _floor_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore"):
        return np.floor_divide(a, b)  # 0 where b == 0


_INT_BIN = {
    "add": np.add, "sub": np.subtract, "mul": np.multiply, "div": _floor_div,
    "max": np.maximum, "min": np.minimum, "pow": np.power,
}  # fmt: skip


@PROP
@given(
    op=st.sampled_from(sorted(_INT_BIN)),
    pattern=st.sampled_from(_PATTERNS),
    elt=st.sampled_from(["i64", "i32"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_integer_binary_exact(op: str, pattern: tuple, elt: str, seed: int) -> None:
    ls, rs, _ = pattern
    m = _compile_binary(op, pattern, elt)
    rng = np.random.default_rng(seed)
    for n in SIZES:
        a = rand(rng, _at(ls, n), elt)
        b = rand(rng, _at(rs, n), elt)
        if op == "div":
            b.flat[:3] = np.array([0, -1, 7])[: b.size]  # a zero divisor, -1, a positive one
        if op == "pow":
            a = (a % 7).astype(a.dtype)
            b = rng.integers(0, 6, size=b.shape).astype(b.dtype)
        close(m.main(a, b), _INT_BIN[op](a, b), elt)


def _relu(x: np.ndarray) -> np.ndarray:
    return np.maximum(x, np.zeros((), x.dtype))


_UNARY = {
    "relu": _relu,
    "abs": np.abs,
    "sqrt": np.sqrt,
    "rsqrt": lambda x: (np.ones((), x.dtype) / np.sqrt(x)).astype(x.dtype),
    "exp": np.exp,
}


@PROP
@given(
    op=st.sampled_from(sorted(_UNARY)),
    elt=st.sampled_from(["f32", "f64", "f16"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_unary(op: str, elt: str, seed: int) -> None:
    shape = (None, 3)
    text = module(
        [arg("a", shape, elt)],
        [f'%0 = "llh.{op}"(%a) : ({tensor(shape, elt)}) -> {tensor(shape, elt)}'],
        [("%0", tensor(shape, elt))],
    )
    m = runtime.compile(text)
    rng = np.random.default_rng(seed)
    for n in SIZES:
        a = rand(rng, (n, 3), elt, positive=op in ("sqrt", "rsqrt"))
        if elt == "f16":
            want = _UNARY[op](a.astype(np.float32)).astype(np.float16)
        else:
            want = _UNARY[op](a)
        close(m.main(a), want, elt)


@pytest.mark.parametrize("elt", ["i64", "i32"])
def test_integer_unary_and_drop(elt: str) -> None:
    shape = (None,)
    t = tensor(shape, elt)
    text = module(
        [arg("a", shape, elt)],
        [
            f'%0 = "llh.relu"(%a) : ({t}) -> {t}',
            f'%1 = "llh.abs"(%a) : ({t}) -> {t}',
            f'%2 = "llh.drop"(%a) <{{p = 1.000000e-01 : f64}}> : ({t}) -> {t}',
        ],
        [("%0", t), ("%1", t), ("%2", t)],
    )
    m = runtime.compile(text)
    rng = np.random.default_rng(0)
    for n in SIZES:
        a = rand(rng, (n,), elt)
        r0, r1, r2 = m.main(a)
        close(r0, _relu(a), elt)
        close(r1, np.abs(a), elt)
        close(r2, a, elt)
        assert r2.ctypes.data != a.ctypes.data  # a fresh buffer, not the argument


_CMP = {"EQ": np.equal, "NE": np.not_equal, "GT": np.greater, "GE": np.greater_equal,
        "LT": np.less, "LE": np.less_equal}  # fmt: skip


@PROP
@given(
    kind=st.sampled_from(sorted(_CMP)),
    elt=st.sampled_from(["f32", "i64"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_compare_and_where(kind: str, elt: str, seed: int) -> None:
    a_s, b_s, o_s = (None, 4), (4,), (None, 4)
    text = module(
        [arg("a", a_s, elt), arg("b", b_s, elt), arg("c", o_s, elt)],
        [
            f'%0 = "llh.compare"(%a, %b) <{{kind = #llh.Compare<{kind}>}}> : '
            f"({tensor(a_s, elt)}, {tensor(b_s, elt)}) -> {tensor(o_s, 'i1')}",
            f'%1 = "llh.where"(%0, %c, %b) : ({tensor(o_s, "i1")}, {tensor(o_s, elt)}, '
            f"{tensor(b_s, elt)}) -> {tensor(o_s, elt)}",
        ],
        [("%0", tensor(o_s, "i1")), ("%1", tensor(o_s, elt))],
    )
    m = runtime.compile(text)
    rng = np.random.default_rng(seed)
    for n in SIZES:
        a = rand(rng, (n, 4), elt)
        b = rand(rng, (4,), elt)
        a[0, :2] = b[:2]  # some equal pairs
        c = rand(rng, (n, 4), elt)
        p, w = m.main(a, b, c)
        close(p, _CMP[kind](a, b), "i1")
        close(w, np.where(_CMP[kind](a, b), c, b), elt)


_CONVERSIONS = [("f32", "i32"), ("f32", "i64"), ("i64", "f32"), ("i32", "i64"), ("i64", "i32"),
                ("f32", "i1"), ("i1", "i64"), ("i1", "f32"), ("f32", "f64"), ("f64", "f32"),
                ("f32", "f16"), ("f16", "f32"), ("i64", "i1")]  # fmt: skip


@pytest.mark.parametrize(("src", "dst"), _CONVERSIONS)
def test_convert_to(src: str, dst: str) -> None:
    shape = (None, 2)
    text = module(
        [arg("a", shape, src)],
        [f'%0 = "llh.convert_to"(%a) : ({tensor(shape, src)}) -> {tensor(shape, dst)}'],
        [("%0", tensor(shape, dst))],
    )
    m = runtime.compile(text)
    rng = np.random.default_rng(1)
    for n in SIZES:
        a = rand(rng, (n, 2), src)
        if src.startswith("f"):
            a = (a * 40).astype(a.dtype)
            a[0, 0] = 0
        want = a.astype(_DT[dst]) if dst != "i1" else a != 0
        close(m.main(a), want, dst)


# --------------------------------------------------------------------------- broadcasting


@PROP
@given(seed=st.integers(0, 2**32 - 1), k=st.integers(1, 4))
def test_broadcast_to_and_expand(seed: int, k: int) -> None:
    # x: [1, 3] broadcast to [n, 3] by cast_dims (a virtual broadcast read by the add), and
    # expand of y: [3] to [n, 3] (materialized: it is returned).
    text = f"""
func.func @main(%a: tensor<?x3xf32> {{func.input_symbol_0 = "s0", func.input_symbol_1 = "c3"}}, %x: tensor<1x3xf32>, %y: tensor<3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>) attributes {{entrance}} {{
  %c0 = "llh.constant"() <{{value = 0 : i64}}> : () -> i64
  %c3 = "llh.constant"() <{{value = 3 : i64}}> : () -> i64
  %ck = "llh.constant"() <{{value = {k} : i64}}> : () -> i64
  %n = "llh.dim"(%a, %c0) : (tensor<?x3xf32>, i64) -> i64
  %b = "llh.broadcast_to"(%x, %n, %c3) <{{cast_dims = array<i64: 0>}}> : (tensor<1x3xf32>, i64, i64) -> tensor<?x3xf32>
  %s = "llh.mul"(%a, %b) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %e = "llh.expand"(%y, %n, %c3) : (tensor<3xf32>, i64, i64) -> tensor<?x3xf32>
  return %s, %e : tensor<?x3xf32>, tensor<?x3xf32>
}}"""
    m = runtime.compile(text)
    rng = np.random.default_rng(seed)
    for n in SIZES:
        a, x, y = rand(rng, (n, 3), "f32"), rand(rng, (1, 3), "f32"), rand(rng, (3,), "f32")
        s, e = m.main(a, x, y)
        close(s, a * np.broadcast_to(x, (n, 3)), "f32")
        close(e, np.broadcast_to(y, (n, 3)), "f32")


# --------------------------------------------------------------------------- reductions


@PROP
@given(
    kind=st.sampled_from(["sum", "max", "min"]),
    axes=st.sampled_from([(0,), (1,), (2,), (0, 2), (1, 2), (0, 1, 2), (-1,)]),
    elt=st.sampled_from(["f32", "i64"]),
    seed=st.integers(0, 2**32 - 1),
)
def test_reductions(kind: str, axes: tuple, elt: str, seed: int) -> None:
    shape = (None, 3, None)
    norm = {a % 3 for a in axes}
    out = tuple(d for i, d in enumerate(shape) if i not in norm)
    axis = ", ".join(map(str, axes))
    text = module(
        [arg("a", shape, elt, {0: "s0", 2: "s1"})],
        [
            f'%0 = "llh.reduce_{kind}"(%a) <{{axis = array<i64: {axis}>}}> : '
            f"({tensor(shape, elt)}) -> {tensor(out, elt)}"
        ],
        [("%0", tensor(out, elt))],
    )
    m = runtime.compile(text)
    rng = np.random.default_rng(seed)
    ref = {"sum": np.sum, "max": np.max, "min": np.min}[kind]
    for n in SIZES:
        a = rand(rng, (n, 3, n + 2), elt)
        got = m.main(a)
        want = ref(a, axis=tuple(sorted(norm))).astype(a.dtype)
        if kind == "sum" and elt == "f32":
            length = int(np.prod([a.shape[i] for i in norm]))
            bound = length * 2.0**-23 * np.sum(np.abs(a), axis=tuple(sorted(norm))) + 1e-6
            assert got.shape == want.shape
            assert np.all(np.abs(got.astype(np.float64) - want) <= bound)
        else:
            close(np.asarray(got), want, elt)


# --------------------------------------------------------------------------- data movement


@PROP
@given(perm=st.permutations([0, 1, 2]), seed=st.integers(0, 2**32 - 1))
def test_transpose(perm: list, seed: int) -> None:
    shape = (None, 3, None)
    out = tuple(shape[p] for p in perm)
    perms = ", ".join(map(str, perm))
    text = module(
        [arg("a", shape, "f32", {0: "s0", 2: "s1"})],
        [
            f'%0 = "llh.transpose"(%a) <{{perms = array<i64: {perms}>}}> : '
            f"({tensor(shape, 'f32')}) -> {tensor(out, 'f32')}"
        ],
        [("%0", tensor(out, "f32"))],
    )
    m = runtime.compile(text)
    rng = np.random.default_rng(seed)
    for n in SIZES:
        a = rand(rng, (n, 3, n + 1), "f32")
        close(m.main(a), np.transpose(a, perm), "f32")


def test_reshape_flatten_views() -> None:
    text = """
func.func @main(%a: tensor<?x3x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c3", func.input_symbol_2 = "s1"}) -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>) attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %c3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %e = "llh.exp"(%a) : (tensor<?x3x?xf32>) -> tensor<?x3x?xf32>
  %d0 = "llh.dim"(%a, %c0) : (tensor<?x3x?xf32>, i64) -> i64
  %d2 = "llh.dim"(%a, %c2) : (tensor<?x3x?xf32>, i64) -> i64
  %m = "llh.mul"(%d0, %c3) : (i64, i64) -> i64
  %r = "llh.reshape"(%e, %m, %d2) : (tensor<?x3x?xf32>, i64, i64) -> tensor<?x?xf32>
  %f = "llh.flatten"(%e, %c1) : (tensor<?x3x?xf32>, i64) -> tensor<?x?xf32>
  %g = "llh.flatten"(%a, %c0) : (tensor<?x3x?xf32>, i64) -> tensor<?xf32>
  return %r, %f, %g : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?xf32>
}"""
    m = runtime.compile(text)
    rng = np.random.default_rng(2)
    for n in SIZES:
        a = rand(rng, (n, 3, n + 2), "f32")
        r, f, g = m.main(a)
        close(r, np.exp(a).reshape(n * 3, n + 2), "f32")
        close(f, np.exp(a).reshape(n, 3 * (n + 2)), "f32")
        close(g, a.reshape(-1), "f32")


@PROP
@given(dim=st.integers(-3, 2), seed=st.integers(0, 2**32 - 1))
def test_cat(dim: int, seed: int) -> None:
    d = dim % 3
    s1 = [None, 3, 4]
    s2 = [None, 3, 4]
    s2[d] = 2 if d else None
    out = list(s1)
    out[d] = None if d == 0 else s1[d] + s2[d]
    t1, t2, to = tensor(tuple(s1), "f32"), tensor(tuple(s2), "f32"), tensor(tuple(out), "f32")
    syms2 = {0: "s1"} if d == 0 else {}
    text = module(
        [arg("a", tuple(s1), "f32"), arg("b", tuple(s2), "f32", syms2)],
        [f'%0 = "llh.cat"(%a, %b) <{{dim = {dim} : i64}}> : ({t1}, {t2}) -> {to}'],
        [("%0", to)],
    )
    m = runtime.compile(text)
    rng = np.random.default_rng(seed)
    for n in SIZES:
        a = rand(rng, (n, 3, 4), "f32")
        bs = [n, 3, 4]
        bs[d] = n + 1 if d == 0 else 2
        b = rand(rng, tuple(bs), "f32")
        close(m.main(a, b), np.concatenate([a, b], axis=d), "f32")


@PROP
@given(
    start=st.integers(-4, 3),
    stop=st.sampled_from([1, 3, 4, 9223372036854775807]),
    step=st.integers(1, 3),
    seed=st.integers(0, 2**32 - 1),
)
def test_stride_slice(start: int, stop: int, step: int, seed: int) -> None:
    # dimension 0 (dynamic n): [0 : end : 1]; dimension 1 (static 5): [start : stop : step]
    n1 = len(range(*slice(start, stop, step).indices(5)))
    to = tensor((None, n1), "f32")
    text = f"""
func.func @main(%a: tensor<?x5xf32> {{func.input_symbol_0 = "s0", func.input_symbol_1 = "c5"}}) -> ({to}, {to}) attributes {{entrance}} {{
  %z = "llh.constant"() <{{value = 0 : i64}}> : () -> i64
  %one = "llh.constant"() <{{value = 1 : i64}}> : () -> i64
  %big = "llh.constant"() <{{value = 9223372036854775807 : i64}}> : () -> i64
  %s = "llh.constant"() <{{value = {start} : i64}}> : () -> i64
  %e = "llh.constant"() <{{value = {stop} : i64}}> : () -> i64
  %k = "llh.constant"() <{{value = {step} : i64}}> : () -> i64
  %0 = "llh.stride_slice"(%a, %z, %s, %big, %e, %one, %k) <{{operandSegmentSizes = array<i32: 1, 2, 2, 2>}}> : (tensor<?x5xf32>, i64, i64, i64, i64, i64, i64) -> {to}
  %1 = "llh.slice"(%0, %z, %z, %big, %big) <{{operandSegmentSizes = array<i32: 1, 2, 2>}}> : ({to}, i64, i64, i64, i64) -> {to}
  return %0, %1 : {to}, {to}
}}"""
    m = runtime.compile(text)
    rng = np.random.default_rng(seed)
    for n in SIZES:
        a = rand(rng, (n, 5), "f32")
        r0, r1 = m.main(a)
        close(r0, a[:, start:stop:step], "f32")
        close(r1, a[:, start:stop:step], "f32")


@PROP
@given(index=st.integers(-3, 2), seed=st.integers(0, 2**32 - 1))
def test_extract(index: int, seed: int) -> None:
    text = f"""
func.func @main(%a: tensor<3x?xi64> {{func.input_symbol_0 = "c3", func.input_symbol_1 = "s0"}}, %b: tensor<?x2xf32> {{func.input_symbol_0 = "s1", func.input_symbol_1 = "c2"}}) -> (tensor<?xi64>, tensor<2xf32>) attributes {{entrance}} {{
  %i = "llh.constant"() <{{value = {index} : i64}}> : () -> i64
  %0 = "llh.extract"(%a, %i) : (tensor<3x?xi64>, i64) -> tensor<?xi64>
  %1 = "llh.extract"(%b, %i) : (tensor<?x2xf32>, i64) -> tensor<2xf32>
  return %0, %1 : tensor<?xi64>, tensor<2xf32>
}}"""
    m = runtime.compile(text)
    rng = np.random.default_rng(seed)
    for n in SIZES:
        a = rand(rng, (3, n), "i64")
        b = rand(rng, (n + 3, 2), "f32")
        r0, r1 = m.main(a, b)
        close(r0, a[index], "i64")
        close(r1, b[index], "f32")


# --------------------------------------------------------------------------- scalars


def test_scalar_ops_and_empty() -> None:
    text = """
func.func @main(%a: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}, %f: f32) -> (i64, i64, tensor<1xf32>, f32, tensor<?x2xf32>, i64) attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %d0 = "llh.dim"(%a, %c0) : (tensor<?x?xf32>, i64) -> i64
  %d1 = "llh.dim"(%a, %c1) : (tensor<?x?xf32>, i64) -> i64
  %n = "llh.mul"(%d0, %d1) : (i64, i64) -> i64
  %q = "llh.div"(%n, %c2) : (i64, i64) -> i64
  %s = "llh.sub"(%q, %c1) : (i64, i64) -> i64
  %m = "llh.max"(%d0, %d1) : (i64, i64) -> i64
  %t = "llh.scalar_cast"(%f) : (f32) -> tensor<1xf32>
  %g = "llh.scalar_cast"(%t) : (tensor<1xf32>) -> f32
  %h = "llh.mul"(%g, %f) : (f32, f32) -> f32
  %e = "llh.empty"(%d1, %c2) : (i64, i64) -> tensor<?x2xf32>
  %sh:2 = "llh.shape_of"(%a) : (tensor<?x?xf32>) -> (i64, i64)
  return %s, %m, %t, %h, %e, %sh#1 : i64, i64, tensor<1xf32>, f32, tensor<?x2xf32>, i64
}"""
    m = runtime.compile(text)
    for n in SIZES:
        a = np.zeros((n, n + 3), np.float32)
        s, mx, t, h, e, sh1 = m.main(a, np.float32(1.5))
        assert sh1 == n + 3
        assert s == n * (n + 3) // 2 - 1
        assert mx == n + 3
        close(t, np.array([1.5], np.float32), "f32")
        assert h == np.float32(2.25)
        assert e.shape == (n + 3, 2) and e.dtype == np.float32


def test_dense_constant_and_weight_result_is_a_copy() -> None:
    text = """
func.func @main(%a: tensor<?x2xi64> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c2"}) -> (tensor<?x2xi64>, tensor<2xi64>) attributes {entrance} {
  %k = "llh.constant"() <{value = dense<[7, -3]> : tensor<2xi64>}> : () -> tensor<2xi64>
  %0 = "llh.add"(%a, %k) : (tensor<?x2xi64>, tensor<2xi64>) -> tensor<?x2xi64>
  return %0, %k : tensor<?x2xi64>, tensor<2xi64>
}"""
    m = runtime.compile(text)
    for n in SIZES:
        a = np.arange(2 * n, dtype=np.int64).reshape(n, 2)
        r, k = m.main(a)
        close(r, a + np.array([7, -3]), "i64")
        k[0] = 100  # the caller owns a copy, the constant is untouched
        _, k2 = m.main(a)
        close(k2, np.array([7, -3], np.int64), "i64")


# --------------------------------------------------------------------------- shape errors


def test_shape_error_names_argument_dimension_and_symbol() -> None:
    text = """
func.func @main(%a: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s0"}, %b: tensor<?xf32> {func.input_symbol_0 = "s0"}) -> tensor<?x?xf32> attributes {entrance} {
  %0 = "llh.add"(%a, %b) : (tensor<?x?xf32>, tensor<?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}"""
    m = runtime.compile(text)
    for n in SIZES:
        a = np.ones((n, n), np.float32)
        close(m.main(a, np.ones(n, np.float32)), a + 1, "f32")
    with pytest.raises(runtime.ShapeError, match=r"argument 0 dimension 1 \(symbol s0\).*4.*5"):
        m.main(np.ones((4, 5), np.float32), np.ones(4, np.float32))
    with pytest.raises(runtime.ShapeError, match=r"argument 1 dimension 0 \(symbol s0\).*3.*2"):
        m.main(np.ones((3, 3), np.float32), np.ones(2, np.float32))


def test_size_relation_is_checked() -> None:
    # reshape(a, [1, s0 * s1]) + b[1, 12] records s0 * s1 == 12: inputs that break it are a
    # ShapeError naming the relation, not an out-of-bounds read.
    text = """
func.func @main(%a: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}, %b: tensor<1x12xf32>) -> tensor<1x12xf32> attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %d0 = "llh.dim"(%a, %c0) : (tensor<?x?xf32>, i64) -> i64
  %d1 = "llh.dim"(%a, %c1) : (tensor<?x?xf32>, i64) -> i64
  %n = "llh.mul"(%d0, %d1) : (i64, i64) -> i64
  %r = "llh.reshape"(%a, %c1, %n) : (tensor<?x?xf32>, i64, i64) -> tensor<1x?xf32>
  %s = "llh.add"(%r, %b) : (tensor<1x?xf32>, tensor<1x12xf32>) -> tensor<1x12xf32>
  return %s : tensor<1x12xf32>
}"""
    m = runtime.compile(text)
    b = np.arange(12, dtype=np.float32).reshape(1, 12)
    for shape in ((3, 4), (2, 6), (12, 1)):
        a = np.random.default_rng(3).standard_normal(shape).astype(np.float32)
        close(m.main(a, b), a.reshape(1, 12) + b, "f32")
    with pytest.raises(runtime.ShapeError, match=r"size relation s0\*s1 = 12: expected 12, got 15"):
        m.main(np.ones((3, 5), np.float32), b)


def test_weights_from_npy_files(tmp_path: object) -> None:
    """`compile(path)`: lower-to-llvm loads the weights next to the .mlir file."""
    import pathlib

    d = pathlib.Path(str(tmp_path))
    w = np.random.default_rng(4).standard_normal((3, 4)).astype(np.float32)
    bias = np.arange(4, dtype=np.int64)
    np.save(d / "w.npy", w)
    np.save(d / "b.npy", bias)
    (d / "model.mlir").write_text("""
func.func @main(%a: tensor<?x3x4xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c3", func.input_symbol_2 = "c4"}, %i: tensor<?x4xi64> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c4"}) -> (tensor<?x3x4xf32>, tensor<?x4xi64>, tensor<3x4xf32>) attributes {entrance} {
  %w = "llh.weight"() <{weight_file = "w.npy"}> : () -> tensor<3x4xf32>
  %b = "llh.weight"() <{weight_file = "b.npy"}> : () -> tensor<4xi64>
  %0 = "llh.sub"(%a, %w) : (tensor<?x3x4xf32>, tensor<3x4xf32>) -> tensor<?x3x4xf32>
  %1 = "llh.mul"(%i, %b) : (tensor<?x4xi64>, tensor<4xi64>) -> tensor<?x4xi64>
  return %0, %1, %w : tensor<?x3x4xf32>, tensor<?x4xi64>, tensor<3x4xf32>
}""")
    m = runtime.compile(str(d / "model.mlir"))
    rng = np.random.default_rng(5)
    for n in SIZES:
        a = rand(rng, (n, 3, 4), "f32")
        i = rand(rng, (n, 4), "i64")
        r0, r1, r2 = m.main(a, i)
        close(r0, a - w, "f32")
        close(r1, i * bias, "i64")
        close(r2, w, "f32")


def test_sizes_from_integer_arguments() -> None:
    """A size computed from an i64 argument (bound to a symbol by the inference) sizes the
    buffers of every later op."""
    text = """
func.func @main(%x: tensor<1xf32>, %n: i64) -> tensor<?xf32> attributes {entrance} {
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %m = "llh.mul"(%n, %c2) : (i64, i64) -> i64
  %b = "llh.broadcast_to"(%x, %m) <{cast_dims = array<i64: 0>}> : (tensor<1xf32>, i64) -> tensor<?xf32>
  %e = "llh.exp"(%b) : (tensor<?xf32>) -> tensor<?xf32>
  %f = "llh.abs"(%e) : (tensor<?xf32>) -> tensor<?xf32>
  return %f : tensor<?xf32>
}"""
    m = runtime.compile(text)
    x = np.array([-0.5], np.float32)
    for n in SIZES:
        close(m.main(x, np.int64(n)), np.full(2 * n, np.exp(np.float32(-0.5))), "f32")


@pytest.mark.parametrize(
    ("elt", "literal", "value"),
    [("f32", "-2.500000e-01", -0.25), ("i64", "-7", -7), ("i32", "5", 5)],
)
def test_splat_constants(elt: str, literal: str, value: float) -> None:
    """A splat constant is read as a scalar by the add and filled into a buffer once returned."""
    t = f"tensor<2x3x{elt}>"
    text = f"""
func.func @main(%a: tensor<?x2x3x{elt}> {{func.input_symbol_0 = "s0", func.input_symbol_1 = "c2", func.input_symbol_2 = "c3"}}) -> (tensor<?x2x3x{elt}>, {t}) attributes {{entrance}} {{
  %k = "llh.constant"() <{{value = dense<{literal}> : {t}}}> : () -> {t}
  %0 = "llh.add"(%a, %k) : (tensor<?x2x3x{elt}>, {t}) -> tensor<?x2x3x{elt}>
  return %0, %k : tensor<?x2x3x{elt}>, {t}
}}"""
    m = runtime.compile(text)
    rng = np.random.default_rng(6)
    k = np.full((2, 3), value, _DT[elt])
    for n in SIZES:
        a = rand(rng, (n, 2, 3), elt)
        r, kk = m.main(a)
        close(r, a + k, elt)
        close(kk, k, elt)


def _bf16(x: np.ndarray) -> np.ndarray:
    """float32 rounded to bfloat16 (nearest, ties to even), kept as float32."""
    u = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) << 16
    return r.astype(np.uint32).view(np.float32)


def test_bf16_compute_rounds_once_per_op() -> None:
    """bf16 values (converted from and back to f32 inside the module): every op computes in
    f32 and rounds its result to bf16 once, exactly as the emulation here."""
    text = """
func.func @main(%a: tensor<?xf32> {func.input_symbol_0 = "s0"}, %b: tensor<?xf32> {func.input_symbol_0 = "s0"}) -> (tensor<?xf32>, tensor<?xf32>) attributes {entrance} {
  %0 = "llh.convert_to"(%a) : (tensor<?xf32>) -> tensor<?xbf16>
  %1 = "llh.convert_to"(%0) : (tensor<?xbf16>) -> tensor<?xf32>
  %2 = "llh.convert_to"(%b) : (tensor<?xf32>) -> tensor<?xbf16>
  %3 = "llh.mul"(%0, %2) : (tensor<?xbf16>, tensor<?xbf16>) -> tensor<?xbf16>
  %4 = "llh.exp"(%3) : (tensor<?xbf16>) -> tensor<?xbf16>
  %5 = "llh.convert_to"(%4) : (tensor<?xbf16>) -> tensor<?xf32>
  return %1, %5 : tensor<?xf32>, tensor<?xf32>
}"""
    m = runtime.compile(text)
    rng = np.random.default_rng(7)
    for n in SIZES:
        a, b = rand(rng, (n,), "f32"), rand(rng, (n,), "f32")
        r1, r5 = m.main(a, b)
        np.testing.assert_array_equal(r1, _bf16(a))
        np.testing.assert_array_equal(r5, _bf16(np.exp(_bf16(_bf16(a) * _bf16(b)))))


def test_constant_indices_on_dynamic_dimensions_are_checked() -> None:
    """slice [1:3] and extract [-2] on a dynamic dimension assume it large enough: a smaller
    input is a ShapeError, never an out-of-bounds read."""
    text = """
func.func @main(%a: tensor<?x2xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c2"}) -> (tensor<2x2xf32>, tensor<2xf32>) attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %c3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %cm2 = "llh.constant"() <{value = -2 : i64}> : () -> i64
  %0 = "llh.slice"(%a, %c1, %c0, %c3, %c2) <{operandSegmentSizes = array<i32: 1, 2, 2>}> : (tensor<?x2xf32>, i64, i64, i64, i64) -> tensor<2x2xf32>
  %1 = "llh.extract"(%a, %cm2) : (tensor<?x2xf32>, i64) -> tensor<2xf32>
  return %0, %1 : tensor<2x2xf32>, tensor<2xf32>
}"""
    m = runtime.compile(text)
    rng = np.random.default_rng(8)
    for n in (3, 4, 9):
        a = rand(rng, (n, 2), "f32")
        r0, r1 = m.main(a)
        close(r0, a[1:3], "f32")
        close(r1, a[-2], "f32")
    with pytest.raises(runtime.ShapeError, match=r"'llh.slice' at .* needs input dimension 0 "
                       r"\(symbol s0\) of size at least 3: expected 3, got 2"):  # fmt: skip
        m.main(np.zeros((2, 2), np.float32))


def test_two_entry_functions_share_one_check_table() -> None:
    text = """
func.func @f(%a: tensor<?xf32> {func.input_symbol_0 = "s0"}, %b: tensor<?xf32> {func.input_symbol_0 = "s0"}) -> tensor<?xf32> attributes {entrance} {
  %0 = "llh.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @g(%a: tensor<?x?xf32> {func.input_symbol_0 = "s1", func.input_symbol_1 = "s1"}) -> tensor<?x?xf32> attributes {entrance} {
  %0 = "llh.transpose"(%a) <{perms = array<i64: 1, 0>}> : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}"""
    m = runtime.compile(text)
    rng = np.random.default_rng(9)
    for n in SIZES:
        a, b = rand(rng, (n,), "f32"), rand(rng, (n,), "f32")
        close(m.f(a, b), a + b, "f32")
        c = rand(rng, (n, n), "f32")
        close(m.g(c), c.T, "f32")
    with pytest.raises(runtime.ShapeError, match=r"argument 1 dimension 0 \(symbol s0\)"):
        m.f(np.ones(3, np.float32), np.ones(4, np.float32))
    with pytest.raises(runtime.ShapeError, match=r"argument 0 dimension 1 \(symbol s1\)"):
        m.g(np.ones((3, 4), np.float32))
