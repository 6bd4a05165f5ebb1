"""Tests of the shared numpy reference interpreter (``support/llh_interpreter.py``, with the window
computations of ``support/np_reference.py``) against hand-computed values: every LLH compute and
data op, the scalar integer semantics (wrapping, floor division), the `arith` ops, calls, the type
and symbol checks, and undefined behaviour raising. Conv and pooling are also checked against
direct loops for random windows (hypothesis), and, when torch is importable, against torch's
functional ops.

What does not live here: the numerics properties of passes (they use the interpreter).
"""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.llh_interpreter import Interpreter, InterpreterError, interpret
from support.np_reference import (
    np_adaptive_avg_pool,
    np_conv,
    np_max_pool,
    pool_output_size,
    round_bf16,
    same_values,
)

from llh_opt.ir.verifier import verify
from llh_opt.parser import parse_source


def run(sig: str, results: str, body: str, *args: Any) -> list[Any]:
    """Run `func.func @main(sig) -> (results)` whose body is `body` (ending in a return)."""
    text = f"func.func @main({sig}) -> ({results}) {{\n{body}\n}}\n"
    module = parse_source(text)
    verify(module)
    return interpret(module, list(args))


def run1(sig: str, result: str, op: str, *args: Any) -> Any:
    """One op `%0 = op` returned as the only result."""
    return run(sig, result, f"  %0 = {op}\n  return %0 : {result}", *args)[0]


def f32(x: Any) -> np.ndarray:
    return np.asarray(x, dtype=np.float32)


def i64s(*values: int) -> str:
    """Constant i64 operands %k0, %k1, ... holding `values`."""
    return "\n".join(
        f'  %k{i} = "llh.constant"() <{{value = {v} : i64}}> : () -> i64'
        for i, v in enumerate(values)
    )


# --------------------------------------------------------------------------- values and types


def test_constants_of_every_kind() -> None:
    out = run(
        "",
        "tensor<2x2xf32>, i64, f32, tensor<3xi1>, i1, tensor<2xbf16>",
        """
  %0 = "llh.constant"() <{value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
  %1 = "llh.constant"() <{value = -5 : i64}> : () -> i64
  %2 = "llh.constant"() <{value = 2.5 : f32}> : () -> f32
  %3 = "llh.constant"() <{value = dense<[true, false, true]> : tensor<3xi1>}> : () -> tensor<3xi1>
  %4 = arith.constant true
  %5 = "llh.constant"() <{value = dense<[1.0, 3.0]> : tensor<2xbf16>}> : () -> tensor<2xbf16>
  return %0, %1, %2, %3, %4, %5 : tensor<2x2xf32>, i64, f32, tensor<3xi1>, i1, tensor<2xbf16>""",
    )
    assert same_values(out[0], f32([[1, 2], [3, 4]]))
    assert out[1] == -5 and type(out[1]) is int
    assert out[2] == np.float32(2.5) and out[2].dtype == np.float32
    assert out[3].tolist() == [True, False, True]
    assert out[4] is True
    assert out[5].tolist() == [1.0, 3.0]


def test_round_bf16_is_round_to_nearest_even() -> None:
    assert round_bf16(1 + 2**-8).item() == 1.0  # a tie: to the even neighbour 1.0
    assert round_bf16(1 + 3 * 2**-8).item() == 1 + 2**-6  # a tie: to the even 1 + 4·2^-8
    assert round_bf16(1 + 2**-7 + 2**-9).item() == 1 + 2**-7  # below the tie
    assert np.isnan(round_bf16(np.nan))


def test_arguments_are_coerced_and_results_checked() -> None:
    sig = "%x: tensor<?xf32>"
    body = """
  %c = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %0 = "llh.reshape"(%x, %c) : (tensor<?xf32>, i64) -> tensor<3xf32>
  return %0 : tensor<3xf32>"""
    (out,) = run(sig, "tensor<3xf32>", body, [1.0, 2.0, 3.0])
    assert out.dtype == np.float32 and out.tolist() == [1, 2, 3]
    with pytest.raises(InterpreterError, match="reshape"):
        run(sig, "tensor<3xf32>", body, [1.0, 2.0, 3.0, 4.0])
    with pytest.raises(InterpreterError, match="arguments"):
        run(sig, "tensor<3xf32>", body)


def test_result_type_mismatch_is_an_error() -> None:
    # The type says 2 elements; at run time the dynamic input has 3.
    with pytest.raises(InterpreterError, match="does not fit"):
        run1(
            "%x: tensor<?xf32>",
            "tensor<2xf32>",
            '"llh.relu"(%x) : (tensor<?xf32>) -> tensor<2xf32>',
            [1.0, 2.0, 3.0],
        )


# --------------------------------------------------------------------------- elementwise


def test_binary_float_broadcasts() -> None:
    sig = "%a: tensor<1x3xf32>, %b: tensor<2x1xf32>"
    t = "(tensor<1x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>"
    a, b = [[1.0, 2.0, 4.0]], [[10.0], [-2.0]]
    expected = {
        "add": [[11, 12, 14], [-1, 0, 2]],
        "sub": [[-9, -8, -6], [3, 4, 6]],
        "mul": [[10, 20, 40], [-2, -4, -8]],
        "div": [[0.1, 0.2, 0.4], [-0.5, -1, -2]],
        "max": [[10, 10, 10], [1, 2, 4]],
        "min": [[1, 2, 4], [-2, -2, -2]],
        "pow": [[1, 1024, 1048576], [1, 0.25, 0.0625]],
    }
    for op, want in expected.items():
        out = run1(sig, "tensor<2x3xf32>", f'"llh.{op}"(%a, %b) : {t}', a, b)
        assert same_values(out, f32(want)), op


def test_max_min_propagate_nan_and_relu_keeps_it() -> None:
    sig = "%a: tensor<2xf32>, %b: tensor<2xf32>"
    t = "(tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>"
    out = run1(sig, "tensor<2xf32>", f'"llh.max"(%a, %b) : {t}', [np.nan, 1.0], [0.0, np.nan])
    assert np.isnan(out).all()
    r = run1(
        "%a: tensor<3xf32>",
        "tensor<3xf32>",
        '"llh.relu"(%a) : (tensor<3xf32>) -> tensor<3xf32>',
        [-1.0, np.nan, 2.0],
    )
    assert r[0] == 0 and np.isnan(r[1]) and r[2] == 2


def test_unary_float_ops() -> None:
    x = [0.25, 4.0]
    for op, want in {
        "abs": [0.25, 4.0],
        "sqrt": [0.5, 2.0],
        "rsqrt": [2.0, 0.5],
        "exp": np.exp(np.float64(x)),
        "relu": [0.25, 4.0],
        "drop": [0.25, 4.0],
    }.items():
        props = " <{p = 5.000000e-01 : f64}>" if op == "drop" else ""
        out = run1(
            "%x: tensor<2xf32>",
            "tensor<2xf32>",
            f'"llh.{op}"(%x){props} : (tensor<2xf32>) -> tensor<2xf32>',
            x,
        )
        assert same_values(out, f32(want)), op
    root = run1("%x: f32", "f32", '"llh.sqrt"(%x) : (f32) -> f32', 2.25)
    assert root == np.float32(1.5) and isinstance(root, np.float32)


def test_integer_tensors_floor_divide_and_wrap() -> None:
    sig = "%a: tensor<4xi32>, %b: tensor<4xi32>"
    t = "(tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>"
    out = run1(sig, "tensor<4xi32>", f'"llh.div"(%a, %b) : {t}', [-7, 7, -7, 6], [2, -2, -2, 3])
    assert out.tolist() == [-4, -4, 3, 2]
    with pytest.raises(InterpreterError, match="division by zero"):
        run1(sig, "tensor<4xi32>", f'"llh.div"(%a, %b) : {t}', [1, 1, 1, 1], [1, 0, 1, 1])
    big = run1(
        "%a: tensor<2xi8>, %b: tensor<2xi8>",
        "tensor<2xi8>",
        '"llh.add"(%a, %b) : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>',
        [127, -128],
        [1, -1],
    )
    assert big.tolist() == [-128, 127]
    sq = run1(sig, "tensor<4xi32>", f'"llh.mul"(%a, %b) : {t}', [65536, 3, 0, -1], [65536, 3, 5, 1])
    assert sq.tolist() == [0, 9, 0, -1]


def test_integer_scalars_wrap_and_floor_divide() -> None:
    sig = "%a: i64, %b: i64"
    t = "(i64, i64) -> i64"
    assert run1(sig, "i64", f'"llh.div"(%a, %b) : {t}', -7, 2) == -4
    assert run1(sig, "i64", f'"llh.div"(%a, %b) : {t}', 7, -2) == -4
    assert run1(sig, "i64", f'"llh.div"(%a, %b) : {t}', -6, -3) == 2
    assert run1(sig, "i64", f'"llh.add"(%a, %b) : {t}', 2**63 - 1, 1) == -(2**63)
    assert run1(sig, "i64", f'"llh.mul"(%a, %b) : {t}', 2**62, 4) == 0
    assert run1(sig, "i64", f'"llh.max"(%a, %b) : {t}', -3, 2) == 2
    assert run1(sig, "i64", f'"llh.min"(%a, %b) : {t}', -3, 2) == -3
    assert run1(sig, "i64", f'"llh.pow"(%a, %b) : {t}', -3, 3) == -27
    with pytest.raises(InterpreterError, match="division by zero"):
        run1(sig, "i64", f'"llh.div"(%a, %b) : {t}', 1, 0)
    with pytest.raises(InterpreterError, match="negative exponent"):
        run1(sig, "i64", f'"llh.pow"(%a, %b) : {t}', 2, -1)


def test_compare_and_where() -> None:
    sig = "%a: tensor<3xf32>, %b: tensor<3xf32>"
    t = "(tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>"
    a, b = [1.0, 2.0, 3.0], [2.0, 2.0, 2.0]
    for kind, want in {
        "EQ": [0, 1, 0],
        "NE": [1, 0, 1],
        "LT": [1, 0, 0],
        "LE": [1, 1, 0],
        "GT": [0, 0, 1],
        "GE": [0, 1, 1],
    }.items():
        out = run1(
            sig,
            "tensor<3xi1>",
            f'"llh.compare"(%a, %b) <{{kind = #llh.Compare<{kind}>}}> : {t}',
            a,
            b,
        )
        assert out.dtype == bool and out.tolist() == [bool(w) for w in want], kind
    w = run1(
        "%p: tensor<3xi1>, %a: tensor<3xf32>, %b: tensor<1xf32>",
        "tensor<3xf32>",
        '"llh.where"(%p, %a, %b) : (tensor<3xi1>, tensor<3xf32>, tensor<1xf32>) -> tensor<3xf32>',
        [True, False, True],
        a,
        [-1.0],
    )
    assert w.tolist() == [1, -1, 3]
    s = run1(
        "%a: i64, %b: i64",
        "i1",
        '"llh.compare"(%a, %b) <{kind = #llh.Compare<LT>}> : (i64, i64) -> i1',
        1,
        2,
    )
    assert s is True


# --------------------------------------------------------------------------- reductions, matmul


def test_reductions() -> None:
    x = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    t = "tensor<2x3x4xf32>"
    s = run1(
        f"%x: {t}",
        "tensor<3xf32>",
        f'"llh.reduce_sum"(%x) <{{axis = array<i64: 0, -1>}}> : ({t}) -> tensor<3xf32>',
        x,
    )
    assert s.tolist() == [60 + 0 + 0 * 1, 0, 0] or s.tolist() == x.sum(axis=(0, 2)).tolist()
    assert s.tolist() == [
        (0 + 1 + 2 + 3) + (12 + 13 + 14 + 15),
        (4 + 5 + 6 + 7) + (16 + 17 + 18 + 19),
        (8 + 9 + 10 + 11) + (20 + 21 + 22 + 23),
    ]
    m = run1(
        f"%x: {t}",
        "tensor<2x4xf32>",
        f'"llh.reduce_max"(%x) <{{axis = array<i64: 1>}}> : ({t}) -> tensor<2x4xf32>',
        x,
    )
    assert m.tolist() == [[8, 9, 10, 11], [20, 21, 22, 23]]
    n = run1(
        f"%x: {t}",
        "tensor<f32>",
        f'"llh.reduce_min"(%x) <{{axis = array<i64: 0, 1, 2>}}> : ({t}) -> tensor<f32>',
        x,
    )
    assert n.shape == () and n.item() == 0
    wrapped = run1(
        "%x: tensor<3xi8>",
        "tensor<i8>",
        '"llh.reduce_sum"(%x) <{axis = array<i64: 0>}> : (tensor<3xi8>) -> tensor<i8>',
        [100, 100, 100],
    )
    assert wrapped.item() == 300 - 256


def test_matmul_and_batch_matmul() -> None:
    a = [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]
    b = [[1.0, 0.0, -1.0], [2.0, 1.0, 0.0]]
    out = run1(
        "%a: tensor<3x2xf32>, %b: tensor<2x3xf32>",
        "tensor<3x3xf32>",
        '"llh.matmul"(%a, %b) : (tensor<3x2xf32>, tensor<2x3xf32>) -> tensor<3x3xf32>',
        a,
        b,
    )
    assert out.tolist() == [[5, 2, -1], [11, 4, -3], [17, 6, -5]]
    ba = np.stack([np.eye(2), 2 * np.eye(2)]).astype(np.float32)
    bb = np.array([[[1, 2], [3, 4]], [[5, 6], [7, 8]]], dtype=np.float32)
    out = run1(
        "%a: tensor<2x2x2xf32>, %b: tensor<2x2x2xf32>",
        "tensor<2x2x2xf32>",
        '"llh.batch_matmul"(%a, %b) : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>',
        ba,
        bb,
    )
    assert out.tolist() == [[[1, 2], [3, 4]], [[10, 12], [14, 16]]]


# --------------------------------------------------------------------------- windows


def test_pool_output_size() -> None:
    assert pool_output_size(5, 2, 2, 0, 0, 1) == 2
    assert pool_output_size(5, 2, 2, 0, 0, 1, ceil_mode=True) == 3
    # The last ceil-mode window would start in the end padding: dropped (PyTorch).
    assert pool_output_size(5, 2, 2, 1, 1, 1, ceil_mode=True) == 3
    assert pool_output_size(6, 3, 2, 0, 0, 1, ceil_mode=True) == 3
    assert pool_output_size(7, 3, 1, 0, 0, 3) == 1
    with pytest.raises(ValueError):
        pool_output_size(2, 3, 1, 0, 0, 1)


def test_conv_hand_computed() -> None:
    x = np.arange(9.0).reshape(1, 1, 3, 3)
    w = np.array([[[[1.0, 0.0], [0.0, -1.0]]]])
    assert np_conv(x, w, (1, 1), (0, 0, 0, 0), (1, 1)).tolist() == [[[[-4.0, -4.0], [-4.0, -4.0]]]]
    x1 = np.array([[[1.0, 2.0, 3.0, 4.0, 5.0]]])
    w1 = np.array([[[1.0, 1.0]]])
    assert np_conv(x1, w1, (1,), (0, 0), (2,)).tolist() == [[[4.0, 6.0, 8.0]]]  # dilation 2
    assert np_conv(x1, w1, (2,), (0, 0), (2,)).tolist() == [[[4.0, 8.0]]]  # and stride 2
    wd = np.array([[[1.0, -1.0]]])
    assert np_conv(x1, wd, (1,), (1, 0), (1,)).tolist() == [[[-1.0, -1.0, -1.0, -1.0, -1.0]]]
    assert np_conv(x1, wd, (1,), (0, 2), (1,)).tolist() == [[[-1.0, -1.0, -1.0, -1.0, 5.0, 0.0]]]
    # group 2: each output channel sees its own input channel.
    xg = np.array([[[1.0, 2.0, 3.0], [10.0, 20.0, 30.0]]])
    wg = np.array([[[2.0]], [[3.0]]])
    assert np_conv(xg, wg, (1,), (0, 0), (1,), group=2).tolist() == [
        [[2.0, 4.0, 6.0], [30.0, 60.0, 90.0]]
    ]
    # 3-D, 1x1x1 kernel: a per-voxel linear map of the channels.
    x3 = np.arange(16.0).reshape(1, 2, 2, 2, 2)
    w3 = np.array([[1.0, 1.0], [1.0, -1.0]]).reshape(2, 2, 1, 1, 1)
    y3 = np_conv(x3, w3, (1, 1, 1), (0,) * 6, (1, 1, 1))
    assert y3[0, 0].ravel().tolist() == [8 + 2 * i for i in range(8)]
    assert y3[0, 1].ravel().tolist() == [-8.0] * 8
    with pytest.raises(ValueError, match="group"):
        np_conv(xg, wg, (1,), (0, 0), (1,), group=3)


def test_max_pool_hand_computed() -> None:
    x = np.arange(5.0).reshape(1, 1, 5)
    assert np_max_pool(x, (2,), (2,), (0, 0), (1,)).tolist() == [[[1.0, 3.0]]]
    assert np_max_pool(x, (2,), (2,), (0, 0), (1,), ceil_mode=True).tolist() == [[[1.0, 3.0, 4.0]]]
    assert np_max_pool(-x, (2,), (2,), (1, 1), (1,), ceil_mode=True).tolist() == [
        [[-0.0, -1.0, -3.0]]
    ]  # padding never wins, even over negative values
    x2 = np.arange(9.0).reshape(1, 1, 3, 3)
    assert np_max_pool(x2, (2, 2), (2, 2), (0, 0, 0, 0), (1, 1), True).tolist() == [
        [[[4.0, 5.0], [7.0, 8.0]]]
    ]
    xi = np.array([[[-5, -7, -9]]], dtype=np.int32)
    assert np_max_pool(xi, (2,), (1,), (1, 1), (1,)).tolist() == [[[-5, -5, -7, -9]]]


def test_adaptive_average_pool_hand_computed() -> None:
    x = np.arange(5.0).reshape(1, 5)
    # Windows [0, 2), [1, 4), [3, 5).
    assert np_adaptive_avg_pool(x, (3,)).tolist() == [[0.5, 2.0, 3.5]]
    x2 = np.arange(16.0).reshape(1, 1, 4, 4)
    assert np_adaptive_avg_pool(x2, (2, 2)).tolist() == [[[[2.5, 4.5], [10.5, 12.5]]]]
    assert np_adaptive_avg_pool(x2, (1, 1)).tolist() == [[[[7.5]]]]


def test_conv_ops_with_layouts_agree() -> None:
    rng = np.random.default_rng(0)
    x = rng.standard_normal((1, 4, 5, 6)).astype(np.float32)
    w = rng.standard_normal((6, 2, 3, 2)).astype(np.float32)
    b = rng.standard_normal(6).astype(np.float32)
    props = (
        "dilation = array<i64: 1, 2>, group = 2 : i64, kernel_shape = array<i64: 3, 2>, "
        "pad = array<i64: 1, 0, 2, 1>, stride = array<i64: 2, 1>"
    )
    nchw = run1(
        "%x: tensor<1x4x5x6xf32>, %w: tensor<6x2x3x2xf32>, %b: tensor<6xf32>",
        "tensor<1x6x3x5xf32>",
        f'"llh.conv_bias"(%x, %w, %b) <{{{props}}}> : (tensor<1x4x5x6xf32>, tensor<6x2x3x2xf32>, '
        "tensor<6xf32>) -> tensor<1x6x3x5xf32>",
        x,
        w,
        b,
    )
    want = np_conv(x.astype(np.float64), w.astype(np.float64), (2, 1), (1, 0, 2, 1), (1, 2), 2)
    want += b.reshape(1, 6, 1, 1)
    assert same_values(nchw, want.astype(np.float32))
    nhwc = run1(
        "%x: tensor<1x5x6x4xf32>, %w: tensor<3x2x2x6xf32>, %b: tensor<6xf32>",
        "tensor<1x3x5x6xf32>",
        f'"llh.conv_bias"(%x, %w, %b) <{{{props}, layout = #llh.Layout<NHWC>, '
        "weight_layout = #llh.Layout<HWCF>}> : (tensor<1x5x6x4xf32>, tensor<3x2x2x6xf32>, "
        "tensor<6xf32>) -> tensor<1x3x5x6xf32>",
        x.transpose(0, 2, 3, 1),
        w.transpose(2, 3, 1, 0),
        b,
    )
    assert same_values(nhwc, nchw.transpose(0, 2, 3, 1))
    nwc = run1(
        "%x: tensor<1x5x4xf32>, %w: tensor<6x3x2xf32>",
        "tensor<1x3x6xf32>",
        '"llh.conv"(%x, %w) <{dilation = array<i64: 1>, group = 2 : i64, kernel_shape = array<i64: 3>, '
        "layout = #llh.Layout<NWC>, pad = array<i64: 0, 0>, stride = array<i64: 1>, "
        "weight_layout = #llh.Layout<FHWC>}> : (tensor<1x5x4xf32>, tensor<6x3x2xf32>) -> "
        "tensor<1x3x6xf32>",
        x[:, :, :, 0].transpose(0, 2, 1),
        w[:, :, :, 0].transpose(0, 2, 1),
    )
    want1 = np_conv(x[:, :, :, 0], w[:, :, :, 0], (1,), (0, 0), (1,), 2)
    assert same_values(nwc, want1.transpose(0, 2, 1).astype(np.float32))


def test_max_pool_op_ceil_mode_and_layout() -> None:
    x = np.arange(2 * 6 * 6, dtype=np.float32).reshape(1, 2, 6, 6)
    props = (
        "ceil_mode = true, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, "
        "pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>"
    )
    out = run1(
        "%x: tensor<1x2x6x6xf32>",
        "tensor<1x2x3x3xf32>",
        f'"llh.max_pool"(%x) <{{{props}}}> : (tensor<1x2x6x6xf32>) -> tensor<1x2x3x3xf32>',
        x,
    )
    assert out[0, 0].tolist() == [[14, 16, 17], [26, 28, 29], [32, 34, 35]]
    nhwc = run1(
        "%x: tensor<1x6x6x2xf32>",
        "tensor<1x3x3x2xf32>",
        f'"llh.max_pool"(%x) <{{{props}, layout = #llh.Layout<NHWC>}}> : (tensor<1x6x6x2xf32>) '
        "-> tensor<1x3x3x2xf32>",
        x.transpose(0, 2, 3, 1),
    )
    assert same_values(nhwc, out.transpose(0, 2, 3, 1))


def test_batch_norm_and_layer_norm() -> None:
    x = [[1.0, 2.0], [3.0, 4.0]]
    t = "tensor<2xf32>"
    bn = run1(
        f"%x: tensor<2x2xf32>, %s: {t}, %b: {t}, %m: {t}, %v: {t}",
        "tensor<2x2xf32>",
        '"llh.batch_norm"(%x, %s, %b, %m, %v) <{epsilon = 0.000000e+00 : f64, '
        "feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<2x2xf32>, "
        f"{t}, {t}, {t}, {t}) -> tensor<2x2xf32>",
        x,
        [2.0, 1.0],
        [0.5, -1.0],
        [1.0, 2.0],
        [4.0, 1.0],
    )
    # (x - mean) / sqrt(var) * scale + bias, per column.
    assert bn.tolist() == [[0.5, -1.0], [2.5, 1.0]]
    ln = run1(
        f"%x: tensor<2x2xf32>, %s: {t}, %b: {t}",
        "tensor<2x2xf32>",
        '"llh.layer_norm"(%x, %s, %b) <{axis = -1 : i64, epsilon = 1.000000e-05 : f64}> : '
        f"(tensor<2x2xf32>, {t}, {t}) -> tensor<2x2xf32>",
        [[1.0, 3.0], [2.0, 2.0]],
        [2.0, 2.0],
        [1.0, 1.0],
    )
    assert np.allclose(ln, [[-1.0, 3.0], [1.0, 1.0]], atol=1e-4)
    ln0 = run1(
        "%x: tensor<2x2xf32>, %s: tensor<2x2xf32>, %b: tensor<2x2xf32>",
        "tensor<2x2xf32>",
        '"llh.layer_norm"(%x, %s, %b) <{axis = 0 : i64, epsilon = 0.000000e+00 : f64}> : '
        "(tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>",
        [[1.0, 3.0], [3.0, 1.0]],
        np.ones((2, 2)),
        np.zeros((2, 2)),
    )
    assert ln0.tolist() == [[-1.0, 1.0], [1.0, -1.0]]  # mean 2, variance 1 over all four


def test_adaptive_average_pool_op() -> None:
    out = run1(
        "%x: tensor<1x1x4x4xf32>",
        "tensor<1x1x2x2xf32>",
        '"llh.adaptive_average_pool"(%x) <{out_size = array<i64: 2, 2>}> : (tensor<1x1x4x4xf32>) '
        "-> tensor<1x1x2x2xf32>",
        np.arange(16.0).reshape(1, 1, 4, 4),
    )
    assert out.tolist() == [[[[2.5, 4.5], [10.5, 12.5]]]]


# --------------------------------------------------------------------------- data ops


def test_shape_queries_reshape_and_empty() -> None:
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    out = run(
        "%x: tensor<?x3xf32>",
        "i64, i64, i64, tensor<3x2xf32>, tensor<6xf32>, tensor<2x3xi32>",
        i64s(0, 3, -1, 2)
        + """
  %d = "llh.dim"(%x, %k0) : (tensor<?x3xf32>, i64) -> i64
  %s:2 = "llh.shape_of"(%x) : (tensor<?x3xf32>) -> (i64, i64)
  %r = "llh.reshape"(%x, %k1, %k3) : (tensor<?x3xf32>, i64, i64) -> tensor<3x2xf32>
  %f = "llh.reshape"(%x, %k2) : (tensor<?x3xf32>, i64) -> tensor<6xf32>
  %e = "llh.empty"(%k3, %k1) : (i64, i64) -> tensor<2x3xi32>
  return %d, %s#0, %s#1, %r, %f, %e : i64, i64, i64, tensor<3x2xf32>, tensor<6xf32>, tensor<2x3xi32>""",
        x,
    )
    assert out[:3] == [2, 2, 3]
    assert out[3].tolist() == [[0, 1], [2, 3], [4, 5]]
    assert out[4].tolist() == [0, 1, 2, 3, 4, 5]
    assert out[5].shape == (2, 3) and out[5].dtype == np.int32


def test_broadcast_to_and_expand() -> None:
    x = np.array([[1.0], [2.0]], dtype=np.float32)
    body = (
        i64s(2, 3, -1)
        + """
  %b = "llh.broadcast_to"(%x, %k0, %k1) <{cast_dims = array<i64: 1>}> : (tensor<2x1xf32>, i64, i64) -> tensor<2x3xf32>
  %e = "llh.expand"(%x, %k0, %k2, %k1) : (tensor<2x1xf32>, i64, i64, i64) -> tensor<2x2x3xf32>
  return %b, %e : tensor<2x3xf32>, tensor<2x2x3xf32>"""
    )
    b, e = run("%x: tensor<2x1xf32>", "tensor<2x3xf32>, tensor<2x2x3xf32>", body, x)
    assert b.tolist() == [[1, 1, 1], [2, 2, 2]]
    assert e.tolist() == [[[1, 1, 1], [2, 2, 2]]] * 2
    bad = (
        i64s(2, 3)
        + """
  %b = "llh.broadcast_to"(%x, %k0, %k1) <{cast_dims = array<i64>}> : (tensor<2x?xf32>, i64, i64) -> tensor<2x3xf32>
  return %b : tensor<2x3xf32>"""
    )
    hinted = (
        i64s(2, 3)
        + """
  %b = "llh.broadcast_to"(%x, %k0, %k1) <{cast_dims = array<i64: 1>, expand_dims = array<i64: 1>, noexpand_dims = array<i64: 0>}> : (tensor<?x?xf32>, i64, i64) -> tensor<2x3xf32>
  return %b : tensor<2x3xf32>"""
    )
    sig = "%x: tensor<?x?xf32>"
    assert run(sig, "tensor<2x3xf32>", hinted, x)[0].tolist() == [[1, 1, 1], [2, 2, 2]]
    with pytest.raises(InterpreterError, match="hint"):
        run(sig, "tensor<2x3xf32>", hinted, [[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]])
    with pytest.raises(InterpreterError, match="cast_dims"):
        run("%x: tensor<2x?xf32>", "tensor<2x3xf32>", bad, x)


def test_extract_slice_stride_slice_cat_flatten_transpose() -> None:
    x = np.arange(24, dtype=np.int64).reshape(2, 3, 4)
    t = "tensor<2x3x4xi64>"
    body = (
        i64s(-1, 0, 1, 2, 3, 4, 100)
        + f"""
  %e = "llh.extract"(%x, %k0) : ({t}, i64) -> tensor<3x4xi64>
  %s = "llh.slice"(%x, %k1, %k2, %k0, %k2, %k4, %k6) <{{operandSegmentSizes = array<i32: 1, 3, 3>}}> : ({t}, i64, i64, i64, i64, i64, i64) -> tensor<1x2x1xi64>
  %ss = "llh.stride_slice"(%x, %k1, %k1, %k2, %k3, %k4, %k5, %k2, %k3, %k3) <{{operandSegmentSizes = array<i32: 1, 3, 3, 3>}}> : ({t}, i64, i64, i64, i64, i64, i64, i64, i64, i64) -> tensor<2x2x2xi64>
  %c = "llh.cat"(%x, %x) <{{dim = -2 : i64}}> : ({t}, {t}) -> tensor<2x6x4xi64>
  %f = "llh.flatten"(%x, %k2) : ({t}, i64) -> tensor<2x12xi64>
  %p = "llh.transpose"(%x) <{{perms = array<i64: 2, 0, 1>}}> : ({t}) -> tensor<4x2x3xi64>
  return %e, %s, %ss, %c, %f, %p : tensor<3x4xi64>, tensor<1x2x1xi64>, tensor<2x2x2xi64>, tensor<2x6x4xi64>, tensor<2x12xi64>, tensor<4x2x3xi64>"""
    )
    out = run(
        f"%x: {t}",
        "tensor<3x4xi64>, tensor<1x2x1xi64>, tensor<2x2x2xi64>, tensor<2x6x4xi64>, "
        "tensor<2x12xi64>, tensor<4x2x3xi64>",
        body,
        x,
    )
    assert out[0].tolist() == x[-1].tolist()
    assert out[1].tolist() == x[0:1, 1:3, -1:100].tolist() == [[[7], [11]]]
    assert out[2].tolist() == x[0:2:1, 0:3:2, 1:4:2].tolist()
    assert out[3].tolist() == np.concatenate([x, x], axis=1).tolist()
    assert out[4].tolist() == x.reshape(2, 12).tolist()
    assert out[5].tolist() == x.transpose(2, 0, 1).tolist()
    with pytest.raises(InterpreterError, match="extract"):
        run1(
            "%x: tensor<2xf32>, %i: i64",
            "tensor<f32>",
            '"llh.extract"(%x, %i) : (tensor<2xf32>, i64) -> tensor<f32>',
            [1.0, 2.0],
            -3,
        )


def test_extract_of_rank_one_and_scalar_cast() -> None:
    out = run(
        "%x: tensor<3xi64>, %n: i64",
        "tensor<i64>, tensor<1xi64>, i64",
        i64s(1)
        + """
  %e = "llh.extract"(%x, %k0) : (tensor<3xi64>, i64) -> tensor<i64>
  %t = "llh.scalar_cast"(%n) : (i64) -> tensor<1xi64>
  %s = "llh.scalar_cast"(%t) : (tensor<1xi64>) -> i64
  return %e, %t, %s : tensor<i64>, tensor<1xi64>, i64""",
        [5, 6, 7],
        -9,
    )
    assert out[0].shape == () and out[0].item() == 6
    assert out[1].tolist() == [-9] and out[2] == -9


def test_convert_to() -> None:
    x = [-1.7, -0.0, 0.5, 2.9]
    out = run(
        "%x: tensor<4xf32>, %n: i64",
        "tensor<4xi32>, tensor<4xi1>, f32, tensor<4xf16>",
        """
  %i = "llh.convert_to"(%x) : (tensor<4xf32>) -> tensor<4xi32>
  %b = "llh.convert_to"(%x) : (tensor<4xf32>) -> tensor<4xi1>
  %f = "llh.convert_to"(%n) : (i64) -> f32
  %h = "llh.convert_to"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return %i, %b, %f, %h : tensor<4xi32>, tensor<4xi1>, f32, tensor<4xf16>""",
        x,
        7,
    )
    assert out[0].tolist() == [-1, 0, 0, 2]  # truncation toward zero
    assert out[1].tolist() == [True, False, True, True]
    assert out[2] == np.float32(7.0)
    assert out[3].dtype == np.float16


# --------------------------------------------------------------------------- functions, arith


def test_calls_print_and_symbol_ops() -> None:
    text = """
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
func.func @double(%x: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "llh.add"(%x, %x) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}
func.func @main(%x: tensor<?xf32>, %n: i64) -> tensor<?xf32> attributes {entrance} {
  "llh.symbol_bind"(%n) <{symbol = @s0}> : (i64) -> ()
  %0 = func.call @double(%x) : (tensor<?xf32>) -> tensor<?xf32>
  "llh.print"(%0) <{prefix_description = "doubled"}> : (tensor<?xf32>) -> ()
  return %0 : tensor<?xf32>
}"""
    it = Interpreter(parse_source(text))
    (out,) = it.call(it.entry(), [[1.0, 2.5], 2])
    assert out.tolist() == [2.0, 5.0]
    assert [(p, v.tolist()) for p, v in it.printed] == [("doubled", [2.0, 5.0])]


def test_weight_is_read_from_npy(tmp_path: Any) -> None:
    np.save(tmp_path / "w.npy", np.array([[1.5, 2.5]], dtype=np.float32))
    text = """
func.func @main() -> tensor<1x2xf32> {
  %0 = "llh.weight"() <{weight_file = "w.npy"}> : () -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}"""
    (out,) = interpret(parse_source(text), [], weight_dir=tmp_path)
    assert out.tolist() == [[1.5, 2.5]]


def test_arith_scalar_ops() -> None:
    sig = "%a: i64, %b: i64"

    def arith(op: str, a: int, b: int) -> int:
        return run1(sig, "i64", f"arith.{op} %a, %b : i64", a, b)  # type: ignore[no-any-return]

    assert arith("addi", 2**63 - 1, 1) == -(2**63)
    assert arith("subi", -(2**63), 1) == 2**63 - 1
    assert arith("muli", -3, 5) == -15
    assert arith("divsi", -7, 2) == -3
    assert arith("floordivsi", -7, 2) == -4
    assert arith("ceildivsi", -7, 2) == -3 and arith("ceildivsi", 7, 2) == 4
    assert arith("remsi", -7, 2) == -1
    assert arith("divui", -1, 2) == 2**63 - 1
    assert arith("andi", 6, 3) == 2 and arith("ori", 6, 3) == 7 and arith("xori", 6, 3) == 5
    assert arith("maxsi", -1, 1) == 1 and arith("maxui", -1, 1) == -1
    assert arith("minsi", -1, 1) == -1 and arith("minui", -1, 1) == 1
    assert arith("shli", 1, 63) == -(2**63) and arith("shrsi", -8, 1) == -4
    assert arith("shrui", -8, 60) == 15
    with pytest.raises(InterpreterError):
        arith("divsi", 1, 0)
    with pytest.raises(InterpreterError):
        arith("shli", 1, 64)
    lt = run(
        sig,
        "i1, i1, i64",
        """
  %0 = arith.cmpi slt, %a, %b : i64
  %1 = arith.cmpi ult, %a, %b : i64
  %2 = arith.select %0, %a, %b : i64
  return %0, %1, %2 : i1, i1, i64""",
        -1,
        1,
    )
    assert lt == [True, False, -1]
    casts = run(
        "%a: i64, %f: f32",
        "i8, index, f64, i32",
        """
  %0 = arith.trunci %a : i64 to i8
  %1 = arith.index_cast %a : i64 to index
  %2 = arith.sitofp %a : i64 to f64
  %3 = arith.fptosi %f : f32 to i32
  return %0, %1, %2, %3 : i8, index, f64, i32""",
        257,
        -2.75,
    )
    assert casts[0] == 1 and casts[1] == 257 and casts[2] == np.float64(257) and casts[3] == -2


def test_unknown_op_is_an_error() -> None:
    with pytest.raises(InterpreterError, match="no interpretation"):
        run1("", "i64", '"llh.torch_symbolic_int"() <{sym_name = "s0"}> : () -> i64')


# --------------------------------------------------------------------------- against torch


def test_window_ops_match_torch() -> None:
    torch = pytest.importorskip("torch")
    fn = torch.nn.functional
    rng = np.random.default_rng(1)
    x = rng.standard_normal((2, 4, 7, 6))
    w = rng.standard_normal((6, 2, 3, 2))
    y = np_conv(x, w, (2, 1), (1, 0, 1, 0), (1, 2), group=2)
    ref = fn.conv2d(torch.tensor(x), torch.tensor(w), stride=(2, 1), padding=(1, 0),
                    dilation=(1, 2), groups=2)  # fmt: skip
    assert np.allclose(y, ref.numpy())
    for ceil in (False, True):
        p = np_max_pool(x, (3, 2), (2, 2), (1, 1, 1, 1), (1, 1), ceil)
        ref = fn.max_pool2d(torch.tensor(x), (3, 2), (2, 2), (1, 1), ceil_mode=ceil)
        assert np.allclose(p, ref.numpy())
    a = np_adaptive_avg_pool(x, (3, 4))
    assert np.allclose(a, fn.adaptive_avg_pool2d(torch.tensor(x), (3, 4)).numpy())


# --------------------------------------------------------------------------- against direct loops
#
# A second, deliberately naive formulation of the window ops: one Python loop per output element
# and kernel tap, padding as "index outside the input". The einsum/strided-slice versions above must
# agree with it for random sizes, strides, pads, dilations and groups.


def _naive_conv(x, w, stride, pad, dilation, group):  # type: ignore[no-untyped-def]
    k = w.ndim - 2
    n, c = x.shape[:2]
    f, cg = w.shape[:2]
    out = [
        (x.shape[2 + i] + pad[i] + pad[k + i] - dilation[i] * (w.shape[2 + i] - 1) - 1) // stride[i]
        + 1
        for i in range(k)
    ]
    y = np.zeros((n, f, *out))
    for b, o, *pos in np.ndindex(n, f, *out):
        g = o // (f // group)
        acc = 0.0
        for ci, *tap in np.ndindex(cg, *w.shape[2:]):
            src = [pos[i] * stride[i] - pad[i] + tap[i] * dilation[i] for i in range(k)]
            if all(0 <= src[i] < x.shape[2 + i] for i in range(k)):
                acc += x[(b, g * cg + ci, *src)] * w[(o, ci, *tap)]
        y[(b, o, *pos)] = acc
    return y


def _naive_max_pool(x, kernel, stride, pad, dilation, ceil_mode):  # type: ignore[no-untyped-def]
    k = len(kernel)
    out = [
        pool_output_size(x.shape[2 + i], kernel[i], stride[i], pad[i], pad[k + i], dilation[i],
                         ceil_mode)
        for i in range(k)
    ]  # fmt: skip
    y = np.zeros((*x.shape[:2], *out))
    for b, c, *pos in np.ndindex(*x.shape[:2], *out):
        best = -np.inf
        for tap in np.ndindex(*kernel):
            src = [pos[i] * stride[i] - pad[i] + tap[i] * dilation[i] for i in range(k)]
            if all(0 <= src[i] < x.shape[2 + i] for i in range(k)):
                best = max(best, x[(b, c, *src)])
        y[(b, c, *pos)] = best
    return y


@st.composite
def _windows(draw: st.DrawFn, pool: bool = False) -> dict[str, Any]:
    k = draw(st.integers(1, 3))
    kernel = tuple(draw(st.integers(1, 3)) for _ in range(k))
    dilation = tuple(draw(st.integers(1, 2)) for _ in range(k))
    # Pads at most half the kernel extent (PyTorch's rule for pooling; any pad for conv).
    pads = [draw(st.integers(0, (dilation[i] * (kernel[i] - 1) + 1) // 2)) for i in range(k)]
    pads += [draw(st.integers(0, (dilation[i] * (kernel[i] - 1) + 1) // 2)) for i in range(k)]
    stride = tuple(draw(st.integers(1, 3)) for _ in range(k))
    sizes = tuple(
        draw(st.integers(max(1, dilation[i] * (kernel[i] - 1) + 1 - pads[i] - pads[k + i]), 6))
        for i in range(k)
    )
    group = draw(st.sampled_from([1, 2])) if not pool else 1
    return dict(kernel=kernel, dilation=dilation, pad=tuple(pads), stride=stride, sizes=sizes,
                group=group, ceil=draw(st.booleans()))  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(_windows(), st.integers(0, 2**31 - 1))
def test_conv_agrees_with_direct_loops(win: dict[str, Any], seed: int) -> None:
    rng = np.random.default_rng(seed)
    g = win["group"]
    x = rng.standard_normal((2, 2 * g, *win["sizes"]))
    w = rng.standard_normal((2 * g, 2, *win["kernel"]))
    got = np_conv(x, w, win["stride"], win["pad"], win["dilation"], g)
    want = _naive_conv(x, w, win["stride"], win["pad"], win["dilation"], g)
    assert got.shape == want.shape and np.allclose(got, want)


@settings(max_examples=60, deadline=None)
@given(_windows(pool=True), st.integers(0, 2**31 - 1))
def test_max_pool_agrees_with_direct_loops(win: dict[str, Any], seed: int) -> None:
    x = np.random.default_rng(seed).standard_normal((1, 2, *win["sizes"]))
    args = (win["kernel"], win["stride"], win["pad"], win["dilation"], win["ceil"])
    got = np_max_pool(x, *args)
    want = _naive_max_pool(x, *args)
    # (A window may see padding only -- kernel 2, dilation 2 over one element padded by 1 --:
    # both give -inf there.)
    assert got.shape == want.shape and np.array_equal(got, want)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(1, 7), min_size=1, max_size=3),
    st.lists(st.integers(1, 7), min_size=3, max_size=3),
    st.integers(0, 2**31 - 1),
)
def test_adaptive_average_pool_agrees_with_direct_loops(
    sizes: list[int], outs: list[int], seed: int
) -> None:
    out = outs[: len(sizes)]
    x = np.random.default_rng(seed).standard_normal((2, *sizes))
    got = np_adaptive_avg_pool(x, out)
    for b, *pos in np.ndindex(2, *out):
        window = [
            range(
                math.floor(pos[i] * sizes[i] / out[i]), math.ceil((pos[i] + 1) * sizes[i] / out[i])
            )
            for i in range(len(sizes))
        ]
        vals = [x[(b, *idx)] for idx in itertools.product(*window)]
        assert np.isclose(got[(b, *pos)], sum(vals) / len(vals))


def test_integer_arguments_must_fit_exactly() -> None:
    sig, t = "%a: tensor<2xi8>", "tensor<2xi8>"
    op = '"llh.abs"(%a) : (tensor<2xi8>) -> tensor<2xi8>'
    assert run1(sig, t, op, [-3, 3]).tolist() == [3, 3]
    for bad in ([1.5, 2.0], [200, 1]):
        with pytest.raises(InterpreterError, match="not exactly"):
            run1(sig, t, op, bad)
    with pytest.raises(InterpreterError, match="not exactly"):
        run1("%a: i64", "i64", '"llh.add"(%a, %a) : (i64, i64) -> i64', 2**63)


def test_tensor_and_index_ops() -> None:
    out = run(
        "%t: tensor<?xf32>, %n: i64",
        "index, f32, tensor<?xf32>, tensor<2xi64>, tensor<2x2xf32>, tensor<4xf32>, i64",
        """
  %c0 = index.constant 0
  %c1 = index.constant 1
  %d = tensor.dim %t, %c0 : tensor<?xf32>
  %d1 = index.sub %d, %c1
  %e = tensor.extract %t[%d1] : tensor<?xf32>
  %empty = tensor.empty(%d) : tensor<?xf32>
  %i = index.casts %d : index to i64
  %s = tensor.from_elements %n, %n : tensor<2xi64>
  %r = tensor.reshape %t(%s) : (tensor<?xf32>, tensor<2xi64>) -> tensor<2x2xf32>
  %c = tensor.cast %t : tensor<?xf32> to tensor<4xf32>
  %m = index.mul %d, %d
  %mi = index.castu %m : index to i64
  return %d1, %e, %empty, %s, %r, %c, %mi : index, f32, tensor<?xf32>, tensor<2xi64>, tensor<2x2xf32>, tensor<4xf32>, i64""",
        [1.0, 2.0, 3.0, 4.0],
        2,
    )
    assert out[0] == 3 and out[1] == np.float32(4.0)
    assert out[2].shape == (4,) and np.isnan(out[2]).all()  # undefined contents are NaN
    assert out[3].tolist() == [2, 2] and out[4].tolist() == [[1, 2], [3, 4]]
    assert out[5].tolist() == [1, 2, 3, 4] and out[6] == 16


def test_recursion_declarations_and_shape_errors_are_interpreter_errors() -> None:
    m = parse_source(
        """
func.func private @ext(i64) -> i64
func.func @loop(%a: i64) -> i64 {
  %0 = func.call @loop(%a) : (i64) -> i64
  return %0 : i64
}
func.func @external(%a: i64) -> i64 {
  %0 = func.call @ext(%a) : (i64) -> i64
  return %0 : i64
}
func.func @add(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "llh.add"(%a, %b) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}"""
    )
    with pytest.raises(InterpreterError, match="call depth"):
        interpret(m, [1], func="loop")
    with pytest.raises(InterpreterError, match="declaration"):
        interpret(m, [1], func="external")
    with pytest.raises(InterpreterError, match="llh.add"):
        interpret(m, [[1.0, 2.0], [1.0, 2.0, 3.0]], func="add")


def test_symbols_of_encodings_and_binds_are_checked() -> None:
    enc = "tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>"
    m = parse_source(
        f"""
"llh.symbolic_int"() <{{sym_name = "s0"}}> : () -> ()
"llh.symbolic_int"() <{{sym_name = "c4"}}> : () -> ()
"llh.symbolic_int"() <{{sym_name = "c5"}}> : () -> ()
func.func @two(%a: {enc}, %b: {enc}) -> {enc} {{
  %0 = "llh.add"(%a, %b) : ({enc}, {enc}) -> {enc}
  return %0 : {enc}
}}
func.func @bound(%a: tensor<?x?xf32>, %n: i64) -> tensor<?x?xf32> {{
  "llh.encoding_bind"(%a) <{{encoding = #llh.encoding<shapes = @s0, @c4>}}> : (tensor<?x?xf32>) -> ()
  "llh.symbol_bind"(%n) <{{symbol = @s0}}> : (i64) -> ()
  %0 = "llh.relu"(%a) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  "llh.encoding_bind"(%0) <{{encoding = #llh.encoding<shapes = @s0, @c5>}}> : (tensor<?x?xf32>) -> ()
  return %0 : tensor<?x?xf32>
}}"""
    )
    verify(m)
    x2, x3 = np.ones((2, 4)), np.ones((3, 4))
    assert interpret(m, [x2, x2], func="two")[0].shape == (2, 4)
    assert interpret(m, [x3, x3], func="two")[0].shape == (3, 4)  # a new run, a new s0
    with pytest.raises(InterpreterError, match=r"^argument 1: @s0 is 3 here but 2 elsewhere"):
        interpret(m, [x2, x3], func="two")
    with pytest.raises(InterpreterError, match=r"^argument 0: @c4 is 5"):
        interpret(m, [np.ones((2, 5)), 2], func="bound")
    with pytest.raises(InterpreterError, match=r"^argument 1: @s0 is 3 here but 2"):
        interpret(m, [x2, 3], func="bound")
    # The relu result is bound to c5 but has 4 columns: the program contradicts itself.
    with pytest.raises(InterpreterError, match=r"^llh.encoding_bind: @c5 is 4"):
        interpret(m, [x2, 2], func="bound")


def test_input_symbols_of_entrance_arguments_are_checked() -> None:
    m = parse_source(
        """
func.func @main(%x: tensor<?x?xf32> {func.input_symbol_0 = "s1", func.input_symbol_1 = "s1"}) -> tensor<?x?xf32> attributes {entrance} {
  %0 = "llh.relu"(%x) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}"""
    )
    assert interpret(m, [np.ones((3, 3))])[0].shape == (3, 3)
    with pytest.raises(InterpreterError, match=r"^argument 0: @s1 is 4 here but 3"):
        interpret(m, [np.ones((3, 4))])
