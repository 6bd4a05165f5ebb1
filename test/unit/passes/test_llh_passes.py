"""Tests for the LLH clean-up passes of spec §6.2 from Python: `--transform-layout` (its layout
algebra, and numerically: the shared reference interpreter runs conv / conv_bias / max_pool /
transpose graphs before and after the rewrite on random data), `--load-weight` (`.npy` reading, element
types, byte and memory orders, path resolution, diagnostics), `--operation-legalization` (the
scalar → tensor conversion on in-memory IR, which text cannot express) and
`--remove-redundant-ops` (seeding and its patterns' errors)."""

from __future__ import annotations

from support.complexity import assert_size_independent

import os
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest

from support.llh_interpreter import interpret
from support.np_reference import assert_same_values

from llh_opt.diagnostics import DiagnosticError
from llh_opt.dialects.llh.attrs import LayoutAttr
from llh_opt.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr, UnknownLoc
from llh_opt.ir.core import Operation
from llh_opt.ir.dense import dense_from_numpy, dense_to_numpy
from llh_opt.ir.types import (
    IntegerType,
    RankedTensorType,
    bf16,
    f16,
    f32,
    f64,
    i1,
    i8,
    i32,
    i64,
)
from llh_opt.ir.verifier import verify
from llh_opt.parser import parse_source
from llh_opt.passes import PassManager, create_pass, lookup_pass
from llh_opt.passes.load_weight import (
    WeightFileError,
    dense_values,
    element_type_of_dtype,
    read_npy,
    resolve_weight_path,
)
from llh_opt.passes.operation_legalization import convert_scalar
from llh_opt.passes.remove_redundant_ops import seed_entrance_arguments
from llh_opt.passes.transform_layout import (
    input_roles,
    layout_permutation,
    target_layouts,
    weight_roles,
)
from llh_opt.printer import print_operation
from llh_opt.symbolic import SymbolAnalysis


@pytest.fixture(autouse=True)
def _clear_cache():
    SymbolAnalysis.clear()
    yield
    SymbolAnalysis.clear()


def run(m: Operation, pipeline: str) -> Operation:
    PassManager.parse(f"builtin.module({pipeline})").run(m)
    verify(m)
    return m


def ops_named(m: Operation, name: str) -> list[Operation]:
    return [op for op in m.walk() if op.name == name]


# --------------------------------------------------------------------------- registration


def test_passes_are_registered_with_their_options() -> None:
    for name in (
        "remove-redundant-ops",
        "operation-legalization",
        "load-weight",
        "transform-layout",
    ):
        assert lookup_pass(name) is not None, name
    assert create_pass("transform-layout").options == {"target-layout": "NHWC"}
    p = create_pass("transform-layout", "target-layout=NCHW")
    assert p.pipeline_text() == "transform-layout{target-layout=NCHW}"
    assert create_pass("load-weight", "weight-dir=/w").options == {"weight-dir": "/w"}
    with pytest.raises(DiagnosticError, match="Cannot find option named 'HWCF'"):
        create_pass("transform-layout", "target-layout=HWCF")


# --------------------------------------------------------------------------- layout algebra


@pytest.mark.parametrize(
    ("src", "dst", "rank", "perms"),
    [
        ("NCHW", "NHWC", 4, (0, 2, 3, 1)),
        ("NHWC", "NCHW", 4, (0, 3, 1, 2)),
        ("NCW", "NWC", 3, (0, 2, 1)),
        ("NWC", "NCW", 3, (0, 2, 1)),
        ("NCHW", "NHWC", 5, (0, 2, 3, 4, 1)),
        ("NHWC", "NCHW", 5, (0, 4, 1, 2, 3)),
    ],
)
def test_data_layout_permutations(src: str, dst: str, rank: int, perms: tuple[int, ...]) -> None:
    a, b = input_roles(LayoutAttr(src), rank), input_roles(LayoutAttr(dst), rank)
    assert layout_permutation(a, b) == perms
    x = np.arange(np.prod(range(2, rank + 2))).reshape(range(2, rank + 2))
    # The roles say where N, C and each spatial axis are; the permutation moves them there.
    moved = np.transpose(x, perms)
    assert [moved.shape[b.index(r)] for r in a] == list(x.shape)


@pytest.mark.parametrize(
    ("src", "dst", "rank", "perms"),
    [
        ("FCHW", "FHWC", 4, (0, 2, 3, 1)),  # §8.28: FHWC, not the input permutation's "NHWC"
        ("FHWC", "FCHW", 4, (0, 3, 1, 2)),
        ("HWCF", "FHWC", 4, (3, 0, 1, 2)),
        ("HWCF", "FCHW", 4, (3, 2, 0, 1)),
        ("FCW", "WCF", 3, (2, 1, 0)),
        ("FCHW", "FHWC", 5, (0, 2, 3, 4, 1)),
    ],
)
def test_weight_layout_permutations(src: str, dst: str, rank: int, perms: tuple[int, ...]) -> None:
    a, b = weight_roles(LayoutAttr(src), rank), weight_roles(LayoutAttr(dst), rank)
    assert layout_permutation(a, b) == perms


def test_target_layouts() -> None:
    assert target_layouts(True, 4) == ("NHWC", "FHWC")
    assert target_layouts(False, 4) == ("NCHW", "FCHW")
    assert target_layouts(True, 3) == ("NWC", "WCF")
    assert target_layouts(False, 3) == ("NCW", "FCW")
    assert target_layouts(True, 5) == ("NHWC", "FHWC")


# --------------------------------------------------------------------------- layouts
#
# Written from the layouts' definitions, independently of the pass: a data layout says whether
# channels come first (N, C, spatial...) or last (N, spatial..., C); a weight layout where F, C
# and the spatial axes are. The numerics run on the shared reference interpreter.

_CHANNELS_LAST = {"NCHW": False, "NCW": False, "NHWC": True, "NWC": True}
_WEIGHT_ORDER = {"FCHW": "FCS", "FCW": "FCS", "FHWC": "FSC", "HWCF": "SCF", "WCF": "SCF"}


def _layout(op: Operation, name: str, default: str) -> str:
    a = op.properties.get(name)
    return a.case if isinstance(a, LayoutAttr) else default  # type: ignore[no-any-return]


def _out(size: int, k: int, s: int, pb: int, pe: int, d: int, ceil: bool = False) -> int:
    span = size + pb + pe - d * (k - 1) - 1
    if not ceil:
        return span // s + 1
    out = -(-span // s) + 1
    return out - 1 if (out - 1) * s >= size + pb else out


def _arr(values: Sequence[int]) -> str:
    return "array<i64: " + ", ".join(map(str, values)) + ">"


def _t(shape: Sequence[int]) -> str:
    return "tensor<" + "x".join(map(str, shape)) + "xf32>"


def _to_layout(shape_ncs: Sequence[int], layout: str) -> tuple[int, ...]:
    s = tuple(shape_ncs)
    return (s[0], *s[2:], s[1]) if _CHANNELS_LAST[layout] else s


def _weight_shape(fcs: Sequence[int], layout: str) -> tuple[int, ...]:
    f, c, *sp = fcs
    return {"FCS": (f, c, *sp), "FSC": (f, *sp, c), "SCF": (*sp, c, f)}[_WEIGHT_ORDER[layout]]


def conv_ir(
    op: str, layout: str, wl: str | None, n: int, c: int, f: int, spatial: Sequence[int],
    kernel: Sequence[int], stride: Sequence[int], pad: Sequence[int], dilation: Sequence[int],
    group: int = 1,
) -> str:  # fmt: skip
    """A function applying one conv / conv_bias to its arguments."""
    k = len(kernel)
    out = [
        _out(spatial[i], kernel[i], stride[i], pad[i], pad[i + k], dilation[i]) for i in range(k)
    ]
    xt = _t(_to_layout((n, c, *spatial), layout))
    wt = _t(_weight_shape((f, c // group, *kernel), wl or "FCHW"))
    rt = _t(_to_layout((n, f, *out), layout))
    props = (
        f"dilation = {_arr(dilation)}, group = {group} : i64, kernel_shape = {_arr(kernel)}, "
        f"layout = #llh.Layout<{layout}>, pad = {_arr(pad)}, stride = {_arr(stride)}"
    )
    if wl is not None:
        props += f", weight_layout = #llh.Layout<{wl}>"
    if op == "conv":
        return f"""
func.func @main(%x: {xt}, %w: {wt}) -> {rt} {{
  %0 = "llh.conv"(%x, %w) <{{{props}}}> : ({xt}, {wt}) -> {rt}
  return %0 : {rt}
}}"""
    bt = _t((f,))
    return f"""
func.func @main(%x: {xt}, %w: {wt}, %b: {bt}) -> {rt} {{
  %0 = "llh.conv_bias"(%x, %w, %b) <{{{props}}}> : ({xt}, {wt}, {bt}) -> {rt}
  return %0 : {rt}
}}"""


def pool_ir(
    layout: str, n: int, c: int, spatial: Sequence[int], kernel: Sequence[int],
    stride: Sequence[int], pad: Sequence[int], dilation: Sequence[int], ceil: bool,
) -> str:  # fmt: skip
    k = len(kernel)
    out = [
        _out(spatial[i], kernel[i], stride[i], pad[i], pad[i + k], dilation[i], ceil)
        for i in range(k)
    ]
    xt = _t(_to_layout((n, c, *spatial), layout))
    rt = _t(_to_layout((n, c, *out), layout))
    props = (
        f"ceil_mode = {'true' if ceil else 'false'}, dilation = {_arr(dilation)}, "
        f"kernel_shape = {_arr(kernel)}, layout = #llh.Layout<{layout}>, pad = {_arr(pad)}, "
        f"stride = {_arr(stride)}"
    )
    return f"""
func.func @main(%x: {xt}) -> {rt} {{
  %0 = "llh.max_pool"(%x) <{{{props}}}> : ({xt}) -> {rt}
  return %0 : {rt}
}}"""


def check_same_values(src: str, pipeline: str, target: str, seed: int = 0) -> Operation:
    """Evaluate @main before and after `pipeline` on the same random arguments; the results must
    agree, and every conv / conv_bias / max_pool afterwards is in `target` (the rewrite really
    happened). Returns the rewritten module."""
    m = parse_source(src)
    func = next(op for op in m.walk() if op.name == "func.func")
    rng = np.random.default_rng(seed)
    args = [rng.standard_normal(a.type.shape) for a in func.regions[0].blocks[0].args]
    before = interpret(m, args)
    run(m, pipeline)
    after = interpret(m, args)
    assert_same_values(after, before, rtol=1e-6, atol=1e-6)
    last = target in ("NHWC", "NWC")
    for op in m.walk():
        if op.name in ("llh.conv", "llh.conv_bias", "llh.max_pool"):
            assert LayoutAttr(_layout(op, "layout", "NCHW")).channels_last is last
            if op.name != "llh.max_pool":
                rank = len(op.properties["kernel_shape"].values) + 2  # type: ignore[attr-defined]
                assert _layout(op, "weight_layout", "FCHW") == target_layouts(last, rank)[1]
    return m


CONV_CASES = [
    # op, layout, weight layout, N, C, F, spatial, kernel, stride, pad, dilation, group
    ("conv", "NCHW", None, 2, 3, 4, (7, 6), (3, 3), (1, 1), (1, 1, 1, 1), (1, 1), 1),
    ("conv", "NCHW", "FCHW", 2, 4, 6, (7, 6), (3, 2), (2, 1), (1, 0, 2, 1), (1, 2), 2),
    ("conv_bias", "NCHW", "FCHW", 1, 3, 5, (5, 8), (2, 3), (1, 2), (0, 1, 1, 0), (2, 1), 1),
    ("conv", "NCW", "FCW", 2, 3, 4, (9,), (3,), (2,), (1, 2), (1,), 1),
    (
        "conv_bias",
        "NCHW",
        None,
        1,
        2,
        3,
        (4, 5, 6),
        (2, 2, 3),
        (1, 2, 1),
        (0, 1, 1, 1, 0, 1),
        (1, 1, 2),
        1,
    ),
]


@pytest.mark.parametrize("case", CONV_CASES)
def test_conv_to_channels_last_computes_the_same(case: tuple[Any, ...]) -> None:
    m = check_same_values(conv_ir(*case), "transform-layout", "NHWC")
    assert len(ops_named(m, "llh.transpose")) == 3


@pytest.mark.parametrize(
    ("layout", "wl"), [("NHWC", "FHWC"), ("NHWC", "HWCF"), ("NWC", "WCF"), ("NHWC", None)]
)
def test_conv_to_channels_first_computes_the_same(layout: str, wl: str | None) -> None:
    rank = 3 if layout == "NWC" else 4
    k = rank - 2
    src = conv_ir(
        "conv", layout, wl, 2, 4, 6, (7, 5)[:k], (3, 2)[:k], (2, 1)[:k], (1, 0, 1, 1)[: 2 * k] if k == 2 else (1, 1),
        (1, 2)[:k], 2,
    )  # fmt: skip
    if wl is None:  # a conv without weight_layout has FCHW weights (read as the verifier does)
        src = src.replace("tensor<6x3x2x2xf32>", "tensor<6x2x3x2xf32>")
    check_same_values(src, "transform-layout{target-layout=NCHW}", "NCHW")


def test_weight_only_rewrite_computes_the_same() -> None:
    """An NHWC conv with HWCF weights: only the weight is transposed (to FHWC)."""
    m = check_same_values(
        conv_ir("conv", "NHWC", "HWCF", 1, 3, 4, (6, 6), (3, 3), (1, 1), (1, 1, 1, 1), (1, 1)),
        "transform-layout",
        "NHWC",
    )
    assert [op.properties["perms"].values for op in ops_named(m, "llh.transpose")] == [(3, 0, 1, 2)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("ceil", [False, True])
@pytest.mark.parametrize(("layout", "target"), [("NCHW", "NHWC"), ("NHWC", "NCHW"), ("NCW", "NWC")])
def test_max_pool_computes_the_same(layout: str, target: str, ceil: bool) -> None:
    k = 1 if layout == "NCW" else 2
    src = pool_ir(
        layout, 2, 3, (7, 8)[:k], (3, 2)[:k], (2, 2)[:k], (1, 0, 1, 1)[: 2 * k] if k == 2 else (1, 0),
        (1, 2)[:k], ceil,
    )  # fmt: skip
    check_same_values(src, f"transform-layout{{target-layout={target}}}", target)


CHAIN = """
func.func @main(%x: tensor<2x3x9x9xf32>, %w: tensor<4x3x3x3xf32>, %w2: tensor<6x4x1x1xf32>, %b: tensor<6xf32>) -> tensor<2x6x3x3xf32> {
  %k = "llh.constant"() <{value = dense<[[[[0.5]], [[-1.0]], [[2.0]], [[0.25]]]]> : tensor<1x4x1x1xf32>}> : () -> tensor<1x4x1x1xf32>
  %0 = "llh.conv"(%x, %w) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<2x3x9x9xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x5x5xf32>
  %1 = "llh.relu"(%0) : (tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
  %2 = "llh.max_pool"(%1) <{ceil_mode = true, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<2x4x5x5xf32>) -> tensor<2x4x3x3xf32>
  %3 = "llh.conv_bias"(%2, %w2, %b) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 1, 1>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>, weight_layout = #llh.Layout<FCHW>}> : (tensor<2x4x3x3xf32>, tensor<6x4x1x1xf32>, tensor<6xf32>) -> tensor<2x6x3x3xf32>
  %4 = "llh.conv"(%2, %k) <{dilation = array<i64: 1, 1>, kernel_shape = array<i64: 1, 1>, layout = #llh.Layout<NCHW>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<2x4x3x3xf32>, tensor<1x4x1x1xf32>) -> tensor<2x1x3x3xf32>
  %5 = "llh.add"(%3, %4) : (tensor<2x6x3x3xf32>, tensor<2x1x3x3xf32>) -> tensor<2x6x3x3xf32>
  return %5 : tensor<2x6x3x3xf32>
}
"""


@pytest.mark.parametrize(
    "pipeline",
    [
        "transform-layout",
        "transform-layout, canonicalize",
        "infer-symbolic-shape, transform-layout, canonicalize",
    ],
)
def test_a_network_computes_the_same(pipeline: str) -> None:
    """conv → relu → max_pool → (conv_bias, conv with a constant weight) → add, rewritten to
    NHWC; --canonicalize then cancels the transposes between converted ops and the constant
    weight's transpose folds, without changing the values."""
    m = check_same_values(CHAIN, pipeline, "NHWC")
    if "canonicalize" in pipeline:
        live = [op for op in ops_named(m, "llh.transpose") if op.results[0].uses]
        # In: x, w, the relu's input, w2; out: conv_bias and conv. (max_pool → conv_bias / conv
        # cancel; transpose(relu(transpose(y))) does not: relu sits between them.)
        assert len(live) <= 7
        pool = ops_named(m, "llh.max_pool")[0]
        users = {u.owner.name for u in pool.results[0].uses}
        assert "llh.conv_bias" in users and "llh.conv" in users


def test_second_run_changes_nothing() -> None:
    m = parse_source(CHAIN)
    run(m, "infer-symbolic-shape, transform-layout")
    once = print_operation(m)
    run(m, "transform-layout")
    assert print_operation(m) == once


# --------------------------------------------------------------------------- load-weight


@pytest.mark.parametrize(
    ("dtype", "elt"),
    [
        ("<f2", f16), (">f2", f16), ("<f4", f32), (">f4", f32), ("<f8", f64), (">f8", f64),
        ("|i1", i8), ("<i4", i32), (">i4", i32), ("<i8", i64), (">i8", i64), ("|b1", i1),
        ("<u2", IntegerType(16, 2)), ("<u8", IntegerType(64, 2)),
    ],
)  # fmt: skip
def test_dtypes_and_dense_values(dtype: str, elt: Any) -> None:
    assert element_type_of_dtype(np.dtype(dtype)) is elt
    rng = np.random.default_rng(1)
    if np.dtype(dtype).kind == "f":
        a = (rng.standard_normal((3, 4)) * 100).astype(dtype)
        a[0, 0] = -0.0
        a[0, 1] = np.inf
    elif np.dtype(dtype).kind == "b":
        a = rng.integers(0, 2, (3, 4)).astype(dtype)
    else:
        info = np.iinfo(np.dtype(dtype))
        a = rng.integers(
            info.min, info.max, (3, 4), endpoint=True, dtype=np.dtype(dtype).newbyteorder("=")
        )
        a = a.astype(dtype)
        a[0, 0], a[0, 1] = info.min, info.max
    fortran = np.asfortranarray(a)
    t = RankedTensorType((3, 4), elt)
    # The fast path stores exactly what the generic numpy bridge stores, whatever the byte or
    # memory order.
    want = dense_from_numpy(a, t).values
    assert DenseElementsAttr(t, dense_values(a, elt)).values == want
    assert DenseElementsAttr(t, dense_values(fortran, elt)).values == want
    np.testing.assert_array_equal(dense_to_numpy(DenseElementsAttr(t, dense_values(a, elt))), a)


def test_nan_bit_patterns_are_kept() -> None:
    a = np.array([0x7FC00001, 0xFF800001], dtype="<u4").view("<f4")  # quiet NaN payload, sNaN
    assert dense_values(a, f32) == (0x7FC00001, 0xFF800001)


@pytest.mark.parametrize(
    "dtype", ["<c8", "<U3", "|S2", "<M8[s]", [("a", "<f4"), ("b", "<i4")], "<f4,(2,)<f4"]
)
def test_unsupported_dtypes(dtype: Any) -> None:
    assert element_type_of_dtype(np.dtype(dtype)) is None


def test_read_npy_errors(tmp_path: Any) -> None:
    good = tmp_path / "good.npy"
    np.save(good, np.arange(3, dtype="<f4"))
    assert read_npy(str(good)).tolist() == [0.0, 1.0, 2.0]
    with pytest.raises(WeightFileError, match="does not exist"):
        read_npy(str(tmp_path / "nope.npy"))
    with pytest.raises(WeightFileError, match="is a directory"):
        read_npy(str(tmp_path))
    (tmp_path / "text.npy").write_text("hello")
    with pytest.raises(WeightFileError, match=r"not a \.npy file \(no \.npy magic\)"):
        read_npy(str(tmp_path / "text.npy"))
    np.savez(tmp_path / "a.npz", x=np.zeros(1))
    with pytest.raises(WeightFileError, match="an .npz archive"):
        read_npy(str(tmp_path / "a.npz"))
    np.save(tmp_path / "obj.npy", np.array([None, 1], dtype=object), allow_pickle=True)
    with pytest.raises(WeightFileError, match="Python objects"):
        read_npy(str(tmp_path / "obj.npy"))
    data = good.read_bytes()
    (tmp_path / "short.npy").write_bytes(data[:-2])
    with pytest.raises(WeightFileError, match="malformed"):
        read_npy(str(tmp_path / "short.npy"))
    (tmp_path / "header.npy").write_bytes(data[:12])
    with pytest.raises(WeightFileError, match="malformed"):
        read_npy(str(tmp_path / "header.npy"))


WEIGHT = """
func.func @f() -> tensor<2x3xf32> {
  %0 = "llh.weight"() <{weight_file = "PATH"}> : () -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
"""


def weight_ir(path: object) -> str:
    return WEIGHT.replace("PATH", str(path))


def test_weight_paths(tmp_path: Any, monkeypatch: Any) -> None:
    data = np.arange(6, dtype=">f4").reshape(2, 3)
    np.save(tmp_path / "w.npy", data)
    src_dir = tmp_path / "src"
    src_dir.mkdir()
    # Relative to the file the op was parsed from.
    m = parse_source(weight_ir("../w.npy"), str(src_dir / "model.mlir"))
    weight = ops_named(m, "llh.weight")[0]
    assert resolve_weight_path(weight, "") == os.path.join(str(src_dir), "../w.npy")
    assert resolve_weight_path(weight, "/elsewhere") == "/elsewhere/../w.npy"
    run(m, "load-weight")
    (c,) = ops_named(m, "llh.constant")
    np.testing.assert_array_equal(dense_to_numpy(c.properties["value"]), data)  # type: ignore[arg-type]
    # Absolute paths are used as they are; stdin input resolves against the working directory.
    m = parse_source(weight_ir(tmp_path / "w.npy"), "<stdin>")
    run(m, "load-weight{weight-dir=/nonexistent}")
    monkeypatch.chdir(tmp_path)
    m = parse_source(weight_ir("w.npy"), "<stdin>")
    run(m, "load-weight")
    m = parse_source(weight_ir("w.npy"), "-")
    ops_named(m, "llh.weight")[0].location = UnknownLoc()
    run(m, "load-weight")
    assert ops_named(m, "llh.constant")


def test_all_failures_are_reported(tmp_path: Any) -> None:
    src = """
func.func @f() -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %0 = "llh.weight"() <{weight_file = "a.npy"}> : () -> tensor<2xf32>
  %1 = "llh.weight"() <{weight_file = "ok.npy"}> : () -> tensor<2xf32>
  %2 = "llh.weight"() <{weight_file = "b.npy"}> : () -> tensor<2xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}
"""
    np.save(tmp_path / "ok.npy", np.ones(2, dtype="<f4"))
    m = parse_source(src, str(tmp_path / "m.mlir"))
    pm = PassManager.parse("builtin.module(load-weight)")
    with pytest.raises(DiagnosticError) as e:
        pm.run(m)
    msgs = [d.message for d in e.value.diagnostics]
    assert len(msgs) == 2
    assert "a.npy' does not exist" in msgs[0] and "b.npy' does not exist" in msgs[1]
    # A second run of the same pass instance reports them again (no stale state).
    with pytest.raises(DiagnosticError) as e:
        pm.run(parse_source(src, str(tmp_path / "m.mlir")))
    assert len(e.value.diagnostics) == 2


def test_large_weight_is_loaded_quickly(tmp_path: Any) -> None:
    """A weight is loaded in bulk: the work does not grow with its element count (counted calls,
    support/complexity.py), and the values arrive exactly."""
    loaded: dict[int, Any] = {}

    def run_at(channels: int):  # type: ignore[no-untyped-def]
        data = np.random.default_rng(2).standard_normal((channels, 64, 3, 3)).astype("<f4")
        np.save(tmp_path / f"w{channels}.npy", data)
        t = f"tensor<{channels}x64x3x3xf32>"
        src = f"""
func.func @f() -> {t} {{
  %0 = "llh.weight"() <{{weight_file = "w{channels}.npy"}}> : () -> {t}
  return %0 : {t}
}}
"""
        m = parse_source(src, str(tmp_path / "m.mlir"))
        loaded[channels] = (m, data)
        return lambda: run(m, "load-weight")

    assert_size_independent(run_at, 2, 64)
    m, data = loaded[64]
    (c,) = ops_named(m, "llh.constant")
    np.testing.assert_array_equal(dense_to_numpy(c.properties["value"]), data)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- operation-legalization


@pytest.mark.parametrize(
    ("value", "elt", "expected"),
    [
        (IntegerAttr(1, i64), i64, 1),
        (IntegerAttr(-1, i64), i8, -1),
        (IntegerAttr(300, i64), i8, 44),  # integers keep their value modulo 2^width
        (IntegerAttr(255, IntegerType(8, 2)), i32, 255),
        (FloatAttr.from_value(1.0, f32), i64, 1),
        (FloatAttr.from_value(-2.7, f64), i32, -2),  # truncation toward zero
        (IntegerAttr(-1, i64), f32, FloatAttr.from_value(-1.0, f32).bits),  # §8.30: the value
        (IntegerAttr(3, i64), bf16, FloatAttr.from_value(3.0, bf16).bits),
        (FloatAttr.from_value(0.1, f64), f32, FloatAttr.from_value(0.1, f32).bits),
        (FloatAttr.from_value(1.0, f32), bf16, FloatAttr.from_value(1.0, bf16).bits),
        # f64 → bf16 rounds once (through f32 it would be a double rounding).
        (FloatAttr.from_value(1.00390625 + 2**-30, f64), bf16, FloatAttr.from_value(1.0078125, bf16).bits),
    ],
)  # fmt: skip
def test_convert_scalar(value: Any, elt: Any, expected: int) -> None:
    assert convert_scalar(value, elt) == expected


@pytest.mark.parametrize(
    ("value", "elt"),
    [
        (FloatAttr.from_value(float("nan"), f32), i32),
        (FloatAttr.from_value(float("inf"), f32), i64),
        (FloatAttr.from_value(1e10, f64), i32),
        (FloatAttr.from_value(-1.0, f32), IntegerType(8, 2)),
        (FloatAttr.from_value(2.0, f32), i1),
    ],
)
def test_convert_scalar_out_of_range(value: Any, elt: Any) -> None:
    assert convert_scalar(value, elt) is None


MIXED = """
func.func @f(%a: tensor<?x3xi64>, %b: tensor<?x3xbf16>, %c: tensor<1xf32>, %n: i64) -> (tensor<?x3xi64>, tensor<?x3xbf16>, tensor<1xf32>, i64) {
  %s = "llh.constant"() <{value = 1.5 : f32}> : () -> f32
  %k = "llh.constant"() <{symbol = @c2, value = 2 : i64}> : () -> i64
  %0 = "llh.add"(%a, %a) : (tensor<?x3xi64>, tensor<?x3xi64>) -> tensor<?x3xi64>
  %1 = "llh.mul"(%b, %b) : (tensor<?x3xbf16>, tensor<?x3xbf16>) -> tensor<?x3xbf16>
  %2 = "llh.sub"(%c, %c) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  %3 = "llh.add"(%n, %k) : (i64, i64) -> i64
  return %0, %1, %2, %3 : tensor<?x3xi64>, tensor<?x3xbf16>, tensor<1xf32>, i64
}
"""


def _mixed() -> tuple[Operation, dict[str, Operation]]:
    """MIXED with scalar operands put in, as an importer builds them in memory:
    `add(a, i64 2)`, `mul(f32 1.5, b)` and `sub(f32 1.5, f32 1.5)` with a `tensor<1xf32>` result."""
    m = parse_source(MIXED)
    s = next(op for op in m.walk() if op.name == "llh.constant" and "symbol" not in op.properties)
    k = next(op for op in m.walk() if op.name == "llh.constant" and "symbol" in op.properties)
    add, mul, sub, _ = [op for op in m.walk() if op.name in ("llh.add", "llh.mul", "llh.sub")]
    add.set_operand(1, k.results[0])
    mul.set_operand(0, s.results[0])
    sub.set_operand(0, s.results[0])
    sub.set_operand(1, s.results[0])
    return m, {"add": add, "mul": mul, "sub": sub, "s": s, "k": k}


def test_scalar_operands_become_one_element_tensors() -> None:
    m, o = _mixed()
    run(m, "operation-legalization")
    text = print_operation(m)
    assert '"llh.constant"() <{value = dense<2> : tensor<1xi64>}> : () -> tensor<1xi64>' in text
    assert '"llh.constant"() <{value = dense<1.500000e+00> : tensor<1xbf16>}>' in text
    # One new constant per user; a user using the scalar twice gets both operands replaced.
    assert o["add"].operand(1).type == RankedTensorType((1,), i64)
    assert o["mul"].operand(0).type == RankedTensorType((1,), bf16)
    assert o["sub"].operand(0) is o["sub"].operand(1)
    assert o["sub"].operand(0).type == RankedTensorType((1,), f32)
    # The scalar add of index arithmetic keeps its scalar constant (negative case).
    scalar_add = [op for op in ops_named(m, "llh.add") if op.results[0].type is i64]
    assert scalar_add and scalar_add[0].operand(1).type is i64
    # Idempotent.
    run(m, "operation-legalization")
    assert print_operation(m) == text


def test_scalar_that_does_not_fit_is_an_error() -> None:
    m = parse_source(
        """
func.func @f(%a: tensor<3xi8>) -> tensor<3xi8> {
  %s = "llh.constant"() <{value = 1000.0 : f32}> : () -> f32
  %0 = "llh.add"(%a, %a) : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8>
  return %0 : tensor<3xi8>
}
"""
    )
    s = ops_named(m, "llh.constant")[0]
    ops_named(m, "llh.add")[0].set_operand(1, s.results[0])
    with pytest.raises(
        DiagnosticError,
        match=r"'llh.add' op scalar operand .* cannot be converted to the element type 'i8'",
    ):
        PassManager.parse("builtin.module(operation-legalization)").run(m)


# --------------------------------------------------------------------------- remove-redundant-ops


def test_seeding_only_with_argument_attributes() -> None:
    m = parse_source(
        "func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> attributes {entrance} {\n"
        "  return %a : tensor<?xf32>\n}\n"
    )
    assert not seed_entrance_arguments(m)
    assert SymbolAnalysis.get(m).symbol_module() is None  # no symbolic information appears (D6)
    m = parse_source(
        'func.func @f(%a: tensor<?x4xf32> {func.input_symbol_0 = "s9"}) -> tensor<?x4xf32> '
        "attributes {entrance} {\n  return %a : tensor<?x4xf32>\n}\n"
    )
    assert seed_entrance_arguments(m)
    text = print_operation(m)
    # A name not given is c<size> / fresh, as --infer-symbolic-shape seeds it.
    assert "tensor<?x4xf32, #llh.encoding<shapes = @s9, @c4>>" in text
    assert "module @__symbol__" in text


def test_remove_redundant_ops_then_infer() -> None:
    """The pipeline order of §6.4: the seeded names survive inference."""
    src = """
func.func @f(%a: tensor<?x?x2xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1", func.input_symbol_2 = "c2"}) -> tensor<*xf32> attributes {entrance} {
  %n = "llh.torch_symbolic_int"() <{sym_name = "s1"}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %0 = "llh.flatten"(%a, %c1) : (tensor<?x?x2xf32>, i64) -> tensor<*xf32>
  return %0 : tensor<*xf32>
}
"""
    m = parse_source(src)
    run(m, "remove-redundant-ops, infer-symbolic-shape, canonicalize")
    text = print_operation(m)
    assert "llh.flatten" not in text and "llh.torch_symbolic_int" not in text
    assert "-> tensor<?x?xf32, #llh.encoding<shapes = @s0, @" in text
