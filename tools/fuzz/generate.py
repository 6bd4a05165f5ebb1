"""Grammar-aware generation of valid LLH modules, for the fuzz harness.

`random_module(rng)` writes one module as text: an entrance `func.func @main` whose tensor
arguments have static or symbolic (`?` + `func.input_symbol_N`) dimensions, then a random chain of
LLH ops drawn from the dialect (elementwise unary and binary ops with numpy broadcasting, scalar
constants, `llh.dim`, transposes, matmuls, reductions, `llh.cat`, convolutions, pooling, batch
norm, `llh.compare`/`llh.where`), optionally a `module @__symbol__` with relations between the
input symbols. Result types are the shapes the ops produce (`?` where a size is symbolic) or, at
random, unranked (`tensor<*xf32>`) for the shape inference to fill in; every module verifies
(a property test checks that).

What does not live here: mutating existing files (``mutate.py``), running llh-opt on the result
(``check.py``), the long-run driver (``run_fuzz.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

__all__ = ["random_module"]

Shape = tuple[int | None, ...]  # None: a symbolic dimension

_UNARY = ("llh.relu", "llh.abs", "llh.exp", "llh.sqrt", "llh.rsqrt")
_BINARY = ("llh.add", "llh.sub", "llh.mul", "llh.div", "llh.max", "llh.min")


@dataclass
class _Tensor:
    name: str
    shape: Shape
    syms: tuple[str | None, ...]  # the symbol of each symbolic dimension


def _type(t: _Tensor | None, shape: Shape | None = None, unranked: bool = False) -> str:
    s = shape if shape is not None else t.shape  # type: ignore[union-attr]
    if unranked:
        return "tensor<*xf32>"
    dims = "x".join("?" if d is None else str(d) for d in s)
    return f"tensor<{dims}xf32>" if dims else "tensor<f32>"


class _Builder:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.lines: list[str] = []
        self.values: list[_Tensor] = []
        self.n = 0
        self.scalars: dict[int, str] = {}

    def fresh(self) -> str:
        self.n += 1
        return f"%v{self.n}"

    def scalar(self, value: int) -> str:
        if value not in self.scalars:
            name = self.fresh()
            self.lines.append(
                f'  {name} = "llh.constant"() <{{value = {value} : i64}}> : () -> i64'
            )
            self.scalars[value] = name
        return self.scalars[value]

    def emit(self, op: str, operands: list[_Tensor], shape: Shape, props: str = "",
             syms: tuple[str | None, ...] | None = None, extra: str = "",
             unranked: bool = False) -> _Tensor:  # fmt: skip
        name = self.fresh()
        unranked = unranked or self.rng.random() < 0.15
        res = _Tensor(name, shape, syms if syms is not None else tuple(None for _ in shape))
        args = ", ".join(o.name for o in operands) + extra
        types = ", ".join(_type(o) for o in operands)
        p = f" <{{{props}}}>" if props else ""
        self.lines.append(
            f'  {name} = "{op}"({args}){p} : ({types}) -> {_type(res, unranked=unranked)}'
        )
        if unranked:  # later ops see an unranked value: only elementwise unary ops use it
            res = _Tensor(name, (), ())
            res.shape = None  # type: ignore[assignment]
        self.values.append(res)
        return res


def _same_shape(b: _Builder, shape: Shape) -> list[_Tensor]:
    return [v for v in b.values if v.shape == shape]


def random_module(rng: random.Random, max_ops: int = 12) -> str:
    """One valid LLH module (see the module docstring)."""
    b = _Builder(rng)
    rank = rng.randint(1, 4)
    n_args = rng.randint(1, 3)
    sym_count = 0
    args: list[str] = []
    base_shape: list[int | None] = []
    base_syms: list[str | None] = []
    for _ in range(rank):
        if rng.random() < 0.4:
            base_shape.append(None)
            base_syms.append(f"s{sym_count}")
            sym_count += 1
        else:
            base_shape.append(rng.choice((1, 2, 3, 4, 8)))
            base_syms.append(None)
    for i in range(n_args):
        t = _Tensor(f"%arg{i}", tuple(base_shape), tuple(base_syms))
        attrs = ", ".join(
            f'func.input_symbol_{k} = "{s if s else "c" + str(d)}"'
            for k, (d, s) in enumerate(zip(base_shape, base_syms))
        )
        args.append(f"%arg{i}: {_type(t)}" + (f" {{{attrs}}}" if rng.random() < 0.8 else ""))
        b.values.append(t)
    for _ in range(rng.randint(1, max_ops)):
        _random_op(b)
    ranked = [v for v in b.values if v.shape is not None]
    ret = rng.choice(ranked) if ranked else b.values[0]
    head = []
    if sym_count and rng.random() < 0.5:
        head = [
            f'"llh.symbolic_int"() <{{sym_name = "s{i}"}}> : () -> ()' for i in range(sym_count)
        ]
    body = "\n".join(b.lines)
    text = "\n".join(head) + ("\n" if head else "")
    text += (
        f"func.func @main({', '.join(args)}) -> {_type(ret)} attributes {{entrance}} {{\n"
        f"{body}\n  return {ret.name} : {_type(ret)}\n}}\n"
    )
    return text


def _random_op(b: _Builder) -> None:
    rng = b.rng
    ranked = [v for v in b.values if v.shape]
    if not ranked:
        return
    x = rng.choice(ranked)
    kind = rng.random()
    shape = x.shape
    if kind < 0.25:
        src = rng.choice(b.values)
        if src.shape is None:
            b.lines.append(
                f'  {b.fresh()} = "{rng.choice(_UNARY)}"({src.name}) : (tensor<*xf32>) -> tensor<*xf32>'
            )
            return
        b.emit(rng.choice(_UNARY), [src], src.shape, syms=src.syms)
    elif kind < 0.5:
        y = rng.choice(_same_shape(b, shape))
        b.emit(rng.choice(_BINARY), [x, y], shape, syms=x.syms)
    elif kind < 0.58 and len(shape) >= 2:
        perm = list(range(len(shape)))
        rng.shuffle(perm)
        b.emit(
            "llh.transpose", [x], tuple(shape[p] for p in perm),
            props=f"perms = array<i64: {', '.join(map(str, perm))}>",
            syms=tuple(x.syms[p] for p in perm),
        )  # fmt: skip
    elif kind < 0.66 and len(shape) == 2:
        k = shape[1]
        if k is None:
            return
        w = _constant(b, (k, 3))
        b.emit("llh.matmul", [x, w], (shape[0], 3), syms=(x.syms[0], None))
    elif kind < 0.74:
        axis = rng.randrange(len(shape))
        op = rng.choice(("llh.reduce_sum", "llh.reduce_max", "llh.reduce_min"))
        keep = [i for i in range(len(shape)) if i != axis]
        out = tuple(shape[i] for i in keep)
        b.emit(
            op, [x], out, props=f"axis = array<i64: {axis}>", syms=tuple(x.syms[i] for i in keep)
        )
    elif kind < 0.8:
        d = b.scalar(rng.randrange(len(shape)))
        name = b.fresh()
        b.lines.append(f'  {name} = "llh.dim"({x.name}, {d}) : ({_type(x)}, i64) -> i64')
    elif kind < 0.86:
        axis = rng.randrange(len(shape))
        if shape[axis] is None:
            return
        out = tuple(2 * d if i == axis else d for i, d in enumerate(shape))  # type: ignore[operator]
        b.emit("llh.cat", [x, x], out, props=f"dim = {axis} : i64", syms=x.syms)
    elif kind < 0.93 and len(shape) == 4 and all(d is not None for d in shape[1:]):
        c = shape[1]
        f = rng.choice((1, 2, 4))
        w = _constant(b, (f, c, 3, 3))
        out = (shape[0], f, shape[2], shape[3])
        b.emit(
            "llh.conv", [x, w], out, syms=(x.syms[0], None, None, None),
            props="dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, "
            "pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>",
        )  # fmt: skip
    elif kind < 0.97 and len(shape) == 4:
        b.emit(
            "llh.max_pool", [x], (shape[0], shape[1], None, None),
            props="ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 2, 2>, "
            "pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>", unranked=True,
        )  # fmt: skip
    else:
        c = _constant(b, shape if all(d is not None for d in shape) else (1,) * len(shape))
        b.emit(rng.choice(_BINARY), [x, c], shape, syms=x.syms)


def _constant(b: _Builder, shape: tuple[int, ...]) -> _Tensor:  # type: ignore[type-arg]
    name = b.fresh()
    t = _Tensor(name, shape, tuple(None for _ in shape))
    v = b.rng.choice(("1.000000e+00", "-2.500000e-01", "0.000000e+00"))
    b.lines.append(
        f'  {name} = "llh.constant"() <{{value = dense<{v}> : {_type(t)}}}> : () -> {_type(t)}'
    )
    b.values.append(t)
    return t
