"""Property test of `--infer-symbolic-shape`: random LLH graphs (conv, max_pool, matmul, binary ops,
transpose, reshape, broadcast_to, reduce, cat) over inputs with dynamic dims are inferred once;
then, for random concrete input sizes, every op's concrete output shape computed independently
(numpy broadcasting, the PyTorch conv/pool formulas, plain products and sums) must equal its
inferred encoding evaluated at those sizes (spec D1, D2).

What is not here: per-op expectations (``test/Transforms/infer-symbolic-shape-rules.mlir``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from llh_opt.dialects.llh import EncodingAttr
from llh_opt.ir.types import DYNAMIC, RankedTensorType
from llh_opt.parser import parse_source
from llh_opt.passes import PassManager
from llh_opt.symbolic import SymbolAnalysis

SYMBOLS = ("n0", "n1", "n2", "n3")  # the free input sizes (named through func.input_symbol_N)
MIN_SIZE = 24  # smallest concrete value of a free size
MAX_SIZE = 70


@pytest.fixture(autouse=True)
def _clear_cache():
    SymbolAnalysis.clear()
    yield
    SymbolAnalysis.clear()


# --------------------------------------------------------------------------- the oracle


def window_out(size: int, k: int, s: int, pb: int, pe: int, d: int, ceil_mode: bool) -> int:
    """PyTorch's conv/pool output size (`torch.nn.MaxPool2d` docs, asymmetric padding summed)."""
    span = size + pb + pe - d * (k - 1) - 1
    if not ceil_mode:
        return span // s + 1
    out = -(-span // s) + 1
    if (out - 1) * s >= size + pb:  # the last window must start inside the input (or left pad)
        out -= 1
    return out


# --------------------------------------------------------------------------- graph generation


@dataclass
class Dim:
    """A dimension as the generator knows it: a key (equal keys are equal for every input), and a
    lower bound on its concrete value."""

    key: object
    low: int


@dataclass
class Val:
    name: str
    dims: list[Dim]


@dataclass
class Graph:
    args: list[tuple[str, str]] = field(default_factory=list)  # (name, argument text)
    lines: list[str] = field(default_factory=list)
    values: list[Val] = field(default_factory=list)
    ops: list[tuple[str, Val, dict]] = field(default_factory=list)  # (kind, result, params)
    counter: int = 0

    def fresh(self) -> str:
        self.counter += 1
        return f"%v{self.counter}"

    def const(self, v: int) -> str:
        name = self.fresh()
        self.lines.append(f'{name} = "llh.constant"() <{{value = {v} : i64}}> : () -> i64')
        return name

    def weight(self, shape: list[int]) -> Val:
        name = self.fresh()
        t = "x".join(map(str, shape))
        _types[name] = f"tensor<{t}xf32>"
        self.lines.append(
            f'{name} = "llh.weight"() <{{weight_file = "w.npy"}}> : () -> {_types[name]}'
        )
        v = Val(name, [Dim(("c", d), d) for d in shape])
        self.ops.append(("weight", v, {"shape": shape}))
        return v


_types: dict[str, str] = {}
"""The type a generated value is written with (results are `tensor<*xf32>` unless listed)."""


def _ty(v: Val) -> str:
    return _types.get(v.name, "tensor<*xf32>")


def _broadcastable(a: Val, b: Val) -> bool:
    for x, y in zip(reversed(a.dims), reversed(b.dims)):
        if x.key != y.key and x.key != ("c", 1) and y.key != ("c", 1):
            return False
    return True


def _bcast_dims(a: Val, b: Val) -> list[Dim]:
    la, lb = list(reversed(a.dims)), list(reversed(b.dims))
    out = []
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else None
        y = lb[i] if i < len(lb) else None
        if x is None or (x.key == ("c", 1) and y is not None):
            out.append(y)
        else:
            out.append(x)
    return list(reversed(out))  # type: ignore[arg-type]


# Window ops are listed thrice: they are the ones with real arithmetic (and are often rejected
# when the drawn input does not fit).
_KINDS = (
    *("conv", "pool") * 3,
    "matmul", "binary", "binary", "transpose", "reshape", "broadcast", "reduce", "cat",
)  # fmt: skip


def build_graph(draw: st.DrawFn) -> Graph:
    g = Graph()
    _types.clear()
    n_args = draw(st.integers(2, 3))
    for i in range(n_args):
        rank = draw(st.sampled_from([2, 4, 4]))
        names, dims, shape = [], [], []
        for d in range(rank):
            if rank == 4 and d == 1:  # static channels (weights are static)
                c = draw(st.sampled_from([2, 4, 6]))
                names.append(f"c{c}")
                dims.append(Dim(("c", c), c))
                shape.append(str(c))
            elif draw(st.booleans()) or rank == 2:
                s = draw(st.sampled_from(SYMBOLS))
                names.append(s)
                dims.append(Dim(("s", s), MIN_SIZE))
                shape.append("?")
            else:
                c = draw(st.sampled_from([1, 8, 16, 32]))
                names.append(f"c{c}")
                dims.append(Dim(("c", c), c))
                shape.append(str(c))
        attrs = ", ".join(f'func.input_symbol_{d} = "{n}"' for d, n in enumerate(names))
        t = f"tensor<{'x'.join(shape)}xf32>"
        name = f"%a{i}"
        _types[name] = t
        g.args.append((name, f"{name}: {t} {{{attrs}}}"))
        g.values.append(Val(name, dims))
    for _ in range(draw(st.integers(3, 12))):
        kind = draw(st.sampled_from(_KINDS))
        _add_op(draw, g, kind)
    return g


def _add_op(draw: st.DrawFn, g: Graph, kind: str) -> None:
    pick = draw(st.sampled_from(g.values))
    if kind in ("conv", "pool"):
        fours = [v for v in g.values if len(v.dims) == 4]
        if not fours:
            return
        x = draw(st.sampled_from(fours))
        nhwc = draw(st.booleans()) if kind == "pool" else draw(st.booleans())
        # Interpret x's dims 1 as channels (NCHW) or dim 3 (NHWC); the generator only uses
        # static channels in NCHW position 1, so NHWC reads dims (N, H, W, C) = x's dims.
        cpos, spatial = (3, [1, 2]) if nhwc else (1, [2, 3])
        if x.dims[cpos].key[0] != "c":
            return
        k = [draw(st.integers(1, 3)) for _ in range(2)]
        s = [draw(st.integers(1, 2)) for _ in range(2)]
        d = [draw(st.integers(1, 2)) for _ in range(2)]
        p = [draw(st.integers(0, (k[i] - 1) // 2 if kind == "pool" else 1)) for i in (0, 1, 0, 1)]
        ceil = kind == "pool" and draw(st.booleans())
        if kind == "pool":
            d = [1, 1]
        outs = []
        for i, axis in enumerate(spatial):
            lo = window_out(x.dims[axis].low, k[i], s[i], p[i], p[i + 2], d[i], ceil)
            if lo < 1 or x.dims[axis].low + p[i] + p[i + 2] < d[i] * (k[i] - 1) + 1:
                return
            key = ("win", x.dims[axis].key, k[i], s[i], p[i], p[i + 2], d[i], ceil)
            outs.append(Dim(key, lo))
        layout = "NHWC" if nhwc else "NCHW"
        attrs = (
            f"dilation = array<i64: {d[0]}, {d[1]}>, kernel_shape = array<i64: {k[0]}, {k[1]}>, "
            f"layout = #llh.Layout<{layout}>, pad = array<i64: {p[0]}, {p[1]}, {p[2]}, {p[3]}>, "
            f"stride = array<i64: {s[0]}, {s[1]}>"
        )
        dims = list(x.dims)
        for i, axis in enumerate(spatial):
            dims[axis] = outs[i]
        name = g.fresh()
        c = x.dims[cpos].key[1]
        if kind == "conv":
            group = draw(st.sampled_from([gr for gr in (1, 2) if c % gr == 0]))
            f = draw(st.sampled_from([2, 4]))
            wshape = [f, k[0], k[1], c // group] if nhwc else [f, c // group, k[0], k[1]]
            w = g.weight(wshape)
            wl = "FHWC" if nhwc else "FCHW"
            g.lines.append(
                f'{name} = "llh.conv"({x.name}, {w.name}) <{{{attrs}, group = {group} : i64, '
                f"weight_layout = #llh.Layout<{wl}>}}> : ({_ty(x)}, {_ty(w)}) -> tensor<*xf32>"
            )
            dims[cpos] = Dim(("c", f), f)
        else:
            g.lines.append(
                f'{name} = "llh.max_pool"({x.name}) <{{ceil_mode = {str(ceil).lower()}, {attrs}}}>'
                f" : ({_ty(x)}) -> tensor<*xf32>"
            )
        v = Val(name, dims)
        params = {"k": k, "s": s, "p": p, "d": d, "ceil": ceil, "spatial": spatial}
        if kind == "conv":
            params["features"] = dims[cpos].key[1]
            params["cpos"] = cpos
        g.ops.append((kind, v, {**params, "x": x}))
        g.values.append(v)
    elif kind == "matmul":
        twos = [v for v in g.values if len(v.dims) == 2]
        if not twos:
            return
        a = draw(st.sampled_from(twos))
        bs = [v for v in twos if v.dims[0].key == a.dims[1].key]
        if bs:
            b = draw(st.sampled_from(bs))
        elif a.dims[1].key[0] == "c":
            b = g.weight([a.dims[1].key[1], draw(st.sampled_from([3, 5]))])
        else:
            return
        name = g.fresh()
        g.lines.append(
            f'{name} = "llh.matmul"({a.name}, {b.name}) : ({_ty(a)}, {_ty(b)}) -> tensor<*xf32>'
        )
        v = Val(name, [a.dims[0], b.dims[1]])
        g.ops.append((kind, v, {"a": a, "b": b}))
        g.values.append(v)
    elif kind == "binary":
        others = [v for v in g.values if _broadcastable(pick, v)]
        b = draw(st.sampled_from(others))
        if draw(st.booleans()) and len(pick.dims) > 1:  # a lower-rank static operand
            tail = [draw(st.sampled_from([1, dd.key[1]])) if dd.key[0] == "c" else 1
                    for dd in pick.dims[1:]]  # fmt: skip
            b = g.weight(tail)
        op = draw(st.sampled_from(["add", "sub", "mul", "div", "max", "min"]))
        a, b = (pick, b) if draw(st.booleans()) else (b, pick)
        name = g.fresh()
        g.lines.append(
            f'{name} = "llh.{op}"({a.name}, {b.name}) : ({_ty(a)}, {_ty(b)}) -> tensor<*xf32>'
        )
        v = Val(name, _bcast_dims(a, b))
        g.ops.append(("binary", v, {"a": a, "b": b}))
        g.values.append(v)
    elif kind == "transpose":
        perm = draw(st.permutations(range(len(pick.dims))))
        name = g.fresh()
        g.lines.append(
            f'{name} = "llh.transpose"({pick.name}) <{{perms = array<i64: '
            f"{', '.join(map(str, perm))}>}}> : ({_ty(pick)}) -> tensor<*xf32>"
        )
        v = Val(name, [pick.dims[i] for i in perm])
        g.ops.append((kind, v, {"x": pick, "perm": list(perm)}))
        g.values.append(v)
    elif kind == "reshape":  # flatten from a split point, sizes from llh.dim and llh.mul
        r = len(pick.dims)
        split = draw(st.integers(1, r - 1)) if r > 1 else 1
        dims = []
        for i in range(r):
            c = g.const(i)
            dn = g.fresh()
            g.lines.append(f'{dn} = "llh.dim"({pick.name}, {c}) : ({_ty(pick)}, i64) -> i64')
            dims.append(dn)
        acc = dims[split - 1] if r > 1 else dims[0]
        lead = dims[: split - 1] if r > 1 else []
        for dn in dims[split:]:
            m = g.fresh()
            g.lines.append(f'{m} = "llh.mul"({acc}, {dn}) : (i64, i64) -> i64')
            acc = m
        sizes = [*lead, acc]
        name = g.fresh()
        g.lines.append(
            f'{name} = "llh.reshape"({pick.name}, {", ".join(sizes)}) : ({_ty(pick)}, '
            f"{', '.join(['i64'] * len(sizes))}) -> tensor<*xf32>"
        )
        keep = pick.dims[: split - 1] if r > 1 else []
        tail = pick.dims[split - 1 :]
        low = math.prod(d.low for d in tail)
        v = Val(name, [*keep, Dim(("prod", tuple(d.key for d in tail)), low)])
        g.ops.append((kind, v, {"x": pick, "split": split}))
        g.values.append(v)
    elif kind == "broadcast":  # a [1, K] weight broadcast to [dim(x, 0), K]
        kk = draw(st.sampled_from([3, 7]))
        w = g.weight([1, kk])
        c0 = g.const(0)
        d0 = g.fresh()
        g.lines.append(f'{d0} = "llh.dim"({pick.name}, {c0}) : ({_ty(pick)}, i64) -> i64')
        ck = g.const(kk)
        name = g.fresh()
        g.lines.append(
            f'{name} = "llh.broadcast_to"({w.name}, {d0}, {ck}) <{{cast_dims = array<i64: 0>}}>'
            f" : ({_ty(w)}, i64, i64) -> tensor<*xf32>"
        )
        v = Val(name, [pick.dims[0], Dim(("c", kk), kk)])
        g.ops.append((kind, v, {"x": pick, "k": kk}))
        g.values.append(v)
    elif kind == "reduce":
        if len(pick.dims) < 2:
            return
        axis = draw(st.integers(-len(pick.dims), len(pick.dims) - 1))
        name = g.fresh()
        g.lines.append(
            f'{name} = "llh.reduce_sum"({pick.name}) <{{axis = array<i64: {axis}>}}> : '
            f"({_ty(pick)}) -> tensor<*xf32>"
        )
        a = axis % len(pick.dims)
        v = Val(name, [d for i, d in enumerate(pick.dims) if i != a])
        g.ops.append((kind, v, {"x": pick, "axis": a}))
        g.values.append(v)
    elif kind == "cat":
        r = len(pick.dims)
        axis = draw(st.integers(0, r - 1))
        same = [
            v
            for v in g.values
            if len(v.dims) == r and all(v.dims[i].key == pick.dims[i].key for i in range(r) if i != axis)
        ]  # fmt: skip
        b = draw(st.sampled_from(same))
        name = g.fresh()
        g.lines.append(
            f'{name} = "llh.cat"({pick.name}, {b.name}) <{{dim = {axis} : i64}}> : '
            f"({_ty(pick)}, {_ty(b)}) -> tensor<*xf32>"
        )
        dims = list(pick.dims)
        dims[axis] = Dim(
            ("sum", pick.dims[axis].key, b.dims[axis].key), pick.dims[axis].low + b.dims[axis].low
        )
        v = Val(name, dims)
        g.ops.append((kind, v, {"a": pick, "b": b, "axis": axis}))
        g.values.append(v)


def module_text(g: Graph) -> str:
    args = ", ".join(a for _, a in g.args)
    body = "\n    ".join(g.lines)
    return (
        "module {\n"
        f"  func.func @main({args}) attributes {{entrance}} {{\n    {body}\n    return\n  }}\n"
        "}\n"
    )


# --------------------------------------------------------------------------- concrete shapes


def concrete_shapes(g: Graph, sizes: dict[str, int]) -> dict[str, tuple[int, ...]]:
    """Every value's concrete shape, computed from the inputs' with numpy / PyTorch formulas."""
    out: dict[str, tuple[int, ...]] = {}
    for name, _ in g.args:
        v = next(x for x in g.values if x.name == name)
        out[name] = tuple(
            sizes[d.key[1]] if d.key[0] == "s" else d.key[1]  # type: ignore[index]
            for d in v.dims
        )
    for kind, v, p in g.ops:
        if kind == "weight":
            out[v.name] = tuple(p["shape"])
        elif kind in ("conv", "pool"):
            shape = list(out[p["x"].name])
            for i, axis in enumerate(p["spatial"]):
                shape[axis] = window_out(
                    shape[axis], p["k"][i], p["s"][i], p["p"][i], p["p"][i + 2], p["d"][i],
                    p["ceil"],
                )  # fmt: skip
            if kind == "conv":
                shape[p["cpos"]] = p["features"]
            out[v.name] = tuple(shape)
        elif kind == "matmul":
            a, b = out[p["a"].name], out[p["b"].name]
            assert a[1] == b[0]
            out[v.name] = (a[0], b[1])
        elif kind == "binary":
            out[v.name] = tuple(np.broadcast_shapes(out[p["a"].name], out[p["b"].name]))
        elif kind == "transpose":
            x = out[p["x"].name]
            out[v.name] = tuple(x[i] for i in p["perm"])
        elif kind == "reshape":
            x = out[p["x"].name]
            k = p["split"]
            out[v.name] = (*x[: k - 1], math.prod(x[k - 1 :])) if len(x) > 1 else (x[0],)
        elif kind == "broadcast":
            out[v.name] = (out[p["x"].name][0], p["k"])
        elif kind == "reduce":
            x = out[p["x"].name]
            out[v.name] = tuple(s for i, s in enumerate(x) if i != p["axis"])
        elif kind == "cat":
            a, b = out[p["a"].name], out[p["b"].name]
            out[v.name] = tuple(a[i] + b[i] if i == p["axis"] else a[i] for i in range(len(a)))
    return out


# --------------------------------------------------------------------------- the property


@st.composite
def graphs_and_sizes(draw: st.DrawFn) -> tuple[Graph, list[dict[str, int]]]:
    g = build_graph(draw)
    sizes = draw(
        st.lists(
            st.fixed_dictionaries({s: st.integers(MIN_SIZE, MAX_SIZE) for s in SYMBOLS}),
            min_size=1,
            max_size=3,
        )
    )
    return g, sizes


@settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(graphs_and_sizes())
def test_inferred_shapes_evaluate_to_the_concrete_shapes(case) -> None:
    g, size_sets = case
    text = module_text(g)
    module = parse_source(text)
    # Map each generated name to its IR value before the pass (types change in place).
    func = next(op for op in module.regions[0].blocks[0].ops if op.name == "func.func")
    block = func.regions[0].blocks[0]
    by_name: dict[str, object] = {name: block.args[i] for i, (name, _) in enumerate(g.args)}
    defined = [line.split(" = ", 1)[0] for line in g.lines]
    ops = [op for op in block.ops if op.name != "func.return"]
    assert len(ops) == len(defined)
    for name, op in zip(defined, ops):
        by_name[name] = op.results[0]
    PassManager.parse("builtin.module(infer-symbolic-shape)").run(module)
    sa = SymbolAnalysis.get(module)  # re-read: declarations and the relations of __symbol__
    for sizes in size_sets:
        values = sa.evaluate(sizes, check=True)
        expected = concrete_shapes(g, sizes)
        for name, shape in expected.items():
            t = by_name[name].type  # type: ignore[attr-defined]
            assert isinstance(t, RankedTensorType), (name, t, text)
            assert isinstance(t.encoding, EncodingAttr), (name, t, text)
            got = []
            for size, sym in zip(t.shape, t.encoding.symbols):
                if size != DYNAMIC:
                    got.append(size)
                else:
                    assert sym in values, (name, sym, text)
                    got.append(values[sym])
            assert tuple(got) == shape, (name, t, shape, sizes, module.print())
