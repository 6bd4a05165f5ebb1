"""ResNet-18 (torchvision's layout) written in LLH, with seeded random weights as `.npy` files.

What lives here:

* :func:`write_resnet18` writes ``<out>/resnet18.mlir`` and ``<out>/weights/*.npy``. The entry
  function ``@main`` takes ``tensor<?x3x?x?xf32>`` with ``func.input_symbol_*`` naming the batch
  ``s0`` and both spatial sizes ``s1`` (so H = W is part of the contract, checked at run time by
  the compiled code) and returns ``tensor<?x1000xf32>`` logits. Weights are ``llh.weight`` ops with
  paths relative to the ``.mlir`` file (``--load-weight`` resolves them there).
* :func:`numpy_forward`, the same network evaluated with numpy (im2col through
  ``sliding_window_view`` + ``tensordot``) from the arrays written, in float64 by default: the
  reference the end-to-end test and the benchmark compare the compiled model against. It shares
  nothing with llh-opt.

The network: 7x7/2 conv (pad 3), batch_norm, relu, 3x3/2 max_pool (pad 1); four stages of two
basic blocks (64, 128, 256, 512 channels; the first block of stages 2-4 has stride 2 and a
1x1/2 conv + batch_norm shortcut); adaptive_average_pool to 1x1, flatten, a fully connected
512 → 1000 layer (weight stored ``[1000, 512]`` as torch's ``Linear``, transposed in the graph,
then ``llh.matmul`` and a broadcast ``llh.add`` of the bias). About 11.7 M parameters (47 MB).

Weights: conv weights Kaiming-normal (std √(2 / fan_in)); batch-norm scale U(0.5, 1.5), bias and
running mean N(0, 0.1), running var U(0.5, 1.5); fc weight N(0, 1/512), bias N(0, 0.01). The same
seed always gives the same bytes.

What does not live here: compiling or running the model (``llh_opt.runtime``, the tests, the
benchmark ``tools/bench/bench_lowering.py``).

Usage: ``python tools/gen_resnet18.py OUT_DIR [--seed N] [--layout NCHW|NHWC]``. NHWC writes the
network channels-last with FHWC conv weights (``<name>_fhwc.npy``), what ``--transform-layout``
produces, the input being ``tensor<?x?x?x3xf32>``; :func:`numpy_forward` stays NCHW.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

NUM_CLASSES = 1000
STAGES = ((64, 1), (128, 2), (256, 2), (512, 2))  # (channels, stride of the first block)
BLOCKS_PER_STAGE = 2
EPS = 1e-5

# --------------------------------------------------------------------------- the graph as data


@dataclass
class Layer:
    """One op of the network: its kind, the weight file names it reads and its attributes."""

    kind: str  # conv | bn | relu | maxpool | add | avgpool | flatten | fc
    inputs: tuple[int, ...]  # indices of earlier layers (-1 = the network input)
    weights: tuple[str, ...] = ()
    attrs: dict[str, int] = field(default_factory=dict)


def _architecture() -> list[Layer]:
    """The layers in order; each reads the layers named by index in `inputs`."""
    layers: list[Layer] = []
    n_conv = 0
    n_bn = 0

    def add(layer: Layer) -> int:
        layers.append(layer)
        return len(layers) - 1

    def conv(x: int, cin: int, cout: int, k: int, stride: int, pad: int) -> int:
        nonlocal n_conv
        name = f"conv{n_conv}"
        n_conv += 1
        attrs = {"cin": cin, "cout": cout, "k": k, "stride": stride, "pad": pad}
        return add(Layer("conv", (x,), (f"{name}_w",), attrs))

    def bn(x: int, c: int) -> int:
        nonlocal n_bn
        name = f"bn{n_bn}"
        n_bn += 1
        ws = tuple(f"{name}_{p}" for p in ("scale", "bias", "mean", "var"))
        return add(Layer("bn", (x,), ws, {"c": c}))

    def relu(x: int) -> int:
        return add(Layer("relu", (x,)))

    x = relu(bn(conv(-1, 3, 64, 7, 2, 3), 64))
    x = add(Layer("maxpool", (x,), attrs={"k": 3, "stride": 2, "pad": 1}))
    cin = 64
    for cout, stride in STAGES:
        for b in range(BLOCKS_PER_STAGE):
            s = stride if b == 0 else 1
            y = relu(bn(conv(x, cin, cout, 3, s, 1), cout))
            y = bn(conv(y, cout, cout, 3, 1, 1), cout)
            shortcut = x
            if s != 1 or cin != cout:
                shortcut = bn(conv(x, cin, cout, 1, s, 0), cout)
            x = relu(add(Layer("add", (y, shortcut))))
            cin = cout
    x = add(Layer("avgpool", (x,)))
    x = add(Layer("flatten", (x,)))
    add(Layer("fc", (x,), ("fc_w", "fc_b"), {"cin": cin, "cout": NUM_CLASSES}))
    return layers


# --------------------------------------------------------------------------- weights


def make_weights(seed: int = 0) -> dict[str, np.ndarray]:
    """The network's parameters (float32, C order), deterministic in `seed`."""
    rng = np.random.default_rng(seed)
    params: dict[str, np.ndarray] = {}
    for layer in _architecture():
        a = layer.attrs
        if layer.kind == "conv":
            fan_in = a["cin"] * a["k"] * a["k"]
            shape = (a["cout"], a["cin"], a["k"], a["k"])
            params[layer.weights[0]] = rng.normal(0.0, np.sqrt(2.0 / fan_in), shape)
        elif layer.kind == "bn":
            c = a["c"]
            scale, bias, mean, var = layer.weights
            params[scale] = rng.uniform(0.5, 1.5, c)
            params[bias] = rng.normal(0.0, 0.1, c)
            params[mean] = rng.normal(0.0, 0.1, c)
            params[var] = rng.uniform(0.5, 1.5, c)
        elif layer.kind == "fc":
            params["fc_w"] = rng.normal(0.0, np.sqrt(1.0 / a["cin"]), (a["cout"], a["cin"]))
            params["fc_b"] = rng.normal(0.0, 0.01, a["cout"])
    return {k: np.ascontiguousarray(v, dtype=np.float32) for k, v in params.items()}


# --------------------------------------------------------------------------- LLH text


class _Emitter:
    """SSA numbering and op lines of `@main`."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.n = 0

    def value(self) -> str:
        v = f"%{self.n}"
        self.n += 1
        return v

    def op(self, text: str) -> str:
        v = self.value()
        self.lines.append(f"    {v} = {text}")
        return v


def _t(dims: Sequence[int | None]) -> str:
    return "tensor<" + "x".join("?" if d is None else str(d) for d in dims) + "xf32>"


def _act(c: int, channels_last: bool = False) -> str:
    return _t((None, None, None, c) if channels_last else (None, c, None, None))


def _arr(values: Sequence[int]) -> str:
    return "array<i64: " + ", ".join(map(str, values)) + ">"


def resnet18_text(
    params: dict[str, np.ndarray], weight_dir: str = "weights", layout: str = "NCHW"
) -> str:
    """The LLH module text; `weight_file`s are `<weight_dir>/<name>.npy`. With `layout="NHWC"`
    activations are channels-last and conv weights FHWC (files `<name>_fhwc.npy`), as
    `--transform-layout` would make them; the pooled features are transposed back to NCHW before
    `adaptive_average_pool` (which pools the trailing dimensions)."""
    if layout not in ("NCHW", "NHWC"):
        raise ValueError(f"layout must be NCHW or NHWC, not {layout}")
    cl = layout == "NHWC"
    e = _Emitter()
    weights: dict[str, str] = {}

    def act(c: int) -> str:
        return _act(c, cl)

    def weight(name: str) -> tuple[str, str]:
        shape = params[name].shape
        if cl and len(shape) == 4:
            name, shape = f"{name}_fhwc", (shape[0], shape[2], shape[3], shape[1])
        ty = _t(shape)
        if name not in weights:
            path = f"{weight_dir}/{name}.npy"
            weights[name] = e.op(f'"llh.weight"() <{{weight_file = "{path}"}}> : () -> {ty}')
        return weights[name], ty

    layers = _architecture()
    vals: dict[int, tuple[str, int]] = {-1: ("%arg0", 3)}  # layer index -> (SSA value, channels)
    for i, layer in enumerate(layers):
        x, c = vals[layer.inputs[0]]
        a = layer.attrs
        if layer.kind == "conv":
            w, wty = weight(layer.weights[0])
            k, s, p = a["k"], a["stride"], a["pad"]
            props = (
                f"dilation = {_arr((1, 1))}, group = 1 : i64, kernel_shape = {_arr((k, k))}, "
                f"layout = #llh.Layout<{layout}>, pad = {_arr((p,) * 4)}, stride = {_arr((s, s))}, "
                f"weight_layout = #llh.Layout<{'FHWC' if cl else 'FCHW'}>"
            )
            c = a["cout"]
            v = e.op(f'"llh.conv"({x}, {w}) <{{{props}}}> : ({act(a["cin"])}, {wty}) -> {act(c)}')
        elif layer.kind == "bn":
            ws = [weight(n) for n in layer.weights]
            operands = ", ".join([x] + [w for w, _ in ws])
            types = ", ".join([act(c)] + [t for _, t in ws])
            props = (
                f"epsilon = 1.000000e-05 : f64, feature_index = {3 if cl else 1} : i64, "
                "momentum = 1.000000e-01 : f64"
            )
            v = e.op(f'"llh.batch_norm"({operands}) <{{{props}}}> : ({types}) -> {act(c)}')
        elif layer.kind == "relu":
            v = e.op(f'"llh.relu"({x}) : ({act(c)}) -> {act(c)}')
        elif layer.kind == "maxpool":
            k, s, p = a["k"], a["stride"], a["pad"]
            props = (
                f"ceil_mode = false, dilation = {_arr((1, 1))}, kernel_shape = {_arr((k, k))}, "
                f"layout = #llh.Layout<{layout}>, pad = {_arr((p,) * 4)}, stride = {_arr((s, s))}"
            )
            v = e.op(f'"llh.max_pool"({x}) <{{{props}}}> : ({act(c)}) -> {act(c)}')
        elif layer.kind == "add":
            y, _ = vals[layer.inputs[1]]
            v = e.op(f'"llh.add"({x}, {y}) : ({act(c)}, {act(c)}) -> {act(c)}')
        elif layer.kind == "avgpool":
            if cl:
                x = e.op(
                    f'"llh.transpose"({x}) <{{perms = {_arr((0, 3, 1, 2))}}}> : '
                    f"({act(c)}) -> {_act(c)}"
                )
            out = _t((None, c, 1, 1))
            v = e.op(
                f'"llh.adaptive_average_pool"({x}) <{{out_size = {_arr((1, 1))}}}> : '
                f"({_act(c)}) -> {out}"
            )
        elif layer.kind == "flatten":
            one = e.op('"llh.constant"() <{value = 1 : i64}> : () -> i64')
            v = e.op(f'"llh.flatten"({x}, {one}) : ({_t((None, c, 1, 1))}, i64) -> {_t((None, c))}')
        elif layer.kind == "fc":
            w, wty = weight("fc_w")
            b, bty = weight("fc_b")
            cout = a["cout"]
            wt = e.op(
                f'"llh.transpose"({w}) <{{perms = {_arr((1, 0))}}}> : ({wty}) -> {_t((c, cout))}'
            )
            mm = e.op(
                f'"llh.matmul"({x}, {wt}) : ({_t((None, c))}, {_t((c, cout))}) -> {_t((None, cout))}'
            )
            v = e.op(f'"llh.add"({mm}, {b}) : ({_t((None, cout))}, {bty}) -> {_t((None, cout))}')
            c = cout
        else:  # pragma: no cover - _architecture only makes the kinds above
            raise AssertionError(layer.kind)
        vals[i] = (v, c)
    result, c = vals[len(layers) - 1]
    syms = ("s0", "s1", "s1", "c3") if cl else ("s0", "c3", "s1", "s1")
    arg_attrs = ", ".join(f'func.input_symbol_{i} = "{n}"' for i, n in enumerate(syms))
    out_ty = _t((None, c))
    lines = [
        f"// ResNet-18 (torchvision's network) in LLH, {layout}, written by tools/gen_resnet18.py.",
        "// Dynamic batch s0 and H = W = s1; weights are .npy files read by --load-weight.",
        f'module attributes {{builtin.gloabal_layout = "{layout}"}} {{',
        f"  func.func @main(%arg0: {act(3)} {{{arg_attrs}}}) -> {out_ty} attributes {{entrance}} {{",
        *e.lines,
        f"    return {result} : {out_ty}",
        "  }",
        "}",
    ]
    return "\n".join(lines) + "\n"


def write_resnet18(out_dir: str, seed: int = 0, layout: str = "NCHW") -> str:
    """Write `resnet18.mlir` and its weights under `out_dir`; returns the `.mlir` path. The
    canonical (FCHW) parameters are always written; NHWC also writes FHWC conv weights."""
    params = make_weights(seed)
    wdir = os.path.join(out_dir, "weights")
    os.makedirs(wdir, exist_ok=True)
    for name, arr in params.items():
        np.save(os.path.join(wdir, f"{name}.npy"), arr)
        if layout == "NHWC" and arr.ndim == 4:
            fhwc = np.ascontiguousarray(arr.transpose(0, 2, 3, 1))
            np.save(os.path.join(wdir, f"{name}_fhwc.npy"), fhwc)
    path = os.path.join(out_dir, "resnet18.mlir")
    with open(path, "w", encoding="utf-8") as f:
        f.write(resnet18_text(params, layout=layout))
    return path


def load_weights(out_dir: str) -> dict[str, np.ndarray]:
    """The canonical parameters written by :func:`write_resnet18` under `out_dir` (the
    layout-specific copies left out), as :func:`numpy_forward` takes them."""
    wdir = os.path.join(out_dir, "weights")
    return {
        name[:-4]: np.load(os.path.join(wdir, name))
        for name in sorted(os.listdir(wdir))
        if name.endswith(".npy") and not name.endswith("_fhwc.npy")
    }


# --------------------------------------------------------------------------- numpy reference


def _pad_hw(x: np.ndarray, p: int, value: float) -> np.ndarray:
    if p == 0:
        return x
    return np.pad(x, ((0, 0), (0, 0), (p, p), (p, p)), constant_values=value)


def _windows(x: np.ndarray, k: int, stride: int) -> np.ndarray:
    """[N, C, OH, OW, k, k] views of the k x k windows of a padded NCHW array."""
    v = np.lib.stride_tricks.sliding_window_view(x, (k, k), axis=(2, 3))
    return v[:, :, ::stride, ::stride]


def _np_conv(x: np.ndarray, w: np.ndarray, stride: int, pad: int) -> np.ndarray:
    win = _windows(_pad_hw(x, pad, 0.0), w.shape[2], stride)  # N C OH OW kh kw
    return np.tensordot(win, w, axes=([1, 4, 5], [1, 2, 3])).transpose(0, 3, 1, 2)


def numpy_forward(
    x: np.ndarray, params: dict[str, np.ndarray], dtype: type = np.float64
) -> np.ndarray:
    """ResNet-18 on NCHW input `x` with numpy, computed in `dtype`."""
    p = {k: v.astype(dtype) for k, v in params.items()}
    layers = _architecture()
    vals: dict[int, np.ndarray] = {-1: x.astype(dtype)}
    for i, layer in enumerate(layers):
        a = vals[layer.inputs[0]]
        attrs = layer.attrs
        if layer.kind == "conv":
            r = _np_conv(a, p[layer.weights[0]], attrs["stride"], attrs["pad"])
        elif layer.kind == "bn":
            scale, bias, mean, var = (p[n][None, :, None, None] for n in layer.weights)
            r = (a - mean) / np.sqrt(var + EPS) * scale + bias
        elif layer.kind == "relu":
            r = np.maximum(a, 0)
        elif layer.kind == "maxpool":
            win = _windows(_pad_hw(a, attrs["pad"], -np.inf), attrs["k"], attrs["stride"])
            r = win.max(axis=(4, 5))
        elif layer.kind == "add":
            r = a + vals[layer.inputs[1]]
        elif layer.kind == "avgpool":
            r = a.mean(axis=(2, 3), keepdims=True)
        elif layer.kind == "flatten":
            r = a.reshape(a.shape[0], -1)
        else:  # fc
            r = a @ p["fc_w"].T + p["fc_b"]
        vals[i] = r
    return vals[len(layers) - 1]


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out_dir", help="directory for resnet18.mlir and weights/")
    ap.add_argument("--seed", type=int, default=0, help="weight seed (default 0)")
    ap.add_argument("--layout", choices=("NCHW", "NHWC"), default="NCHW", help="data layout")
    args = ap.parse_args(argv)
    path = write_resnet18(args.out_dir, args.seed, args.layout)
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
