"""Generator of ResNet-like LLH graphs of a requested size, for benchmarking llh-opt.

What lives here: a deterministic text generator that emits one MLIR module holding a
``func.func @main`` with (almost exactly) N operations in its body: a ResNet stem
(conv/batch_norm/relu/max_pool), a sequence of basic residual blocks
(conv/bn/relu/conv/bn/add/relu, with a strided 1x1 projection at the start of every stage
but the first), padding relus to hit N exactly, and a classifier head
(adaptive_average_pool/dim/constant/reshape/transpose/matmul/add). LLH ops are always printed
in MLIR generic form; ``module`` and ``func.func`` use the custom form. With ``--encoding``
every tensor type carries an ``#llh.encoding<shapes = ...>`` naming its dimensions, the module
starts with ``llh.symbolic_int`` declarations and ends with a ``module @__symbol__`` holding
a few ``llh.symbol_relation`` ops.

What does not live here: running tools or timing anything (see ``run_bench.py``), and any
semantic checking of the output (``torch-mlir-opt --allow-unregistered-dialect`` is the
reference parser for that).

The ``--seed`` only chooses the number of blocks per stage (2..6); the same arguments always
produce byte-identical output.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

# Number of ops in the function body outside the residual blocks.
STEM_OPS = 9  # weight, conv, 4 x weight, batch_norm, relu, max_pool
HEAD_OPS = 14  # see _emit_head (13 ops) + return
BLOCK_OPS = 17  # 10 weights + conv, bn, relu, conv, bn, add, relu
DOWN_BLOCK_OPS = 24  # BLOCK_OPS + 1x1 conv weight, 4 bn weights, conv, bn
FIXED_OPS = STEM_OPS + HEAD_OPS
NUM_CLASSES = 1000

Dim = int | None  # None is a dynamic dimension


@dataclass
class Act:
    """The running activation: its SSA name, channel count and spatial symbols."""

    name: str
    channels: int
    h: str
    w: str


@dataclass
class Gen:
    """Text emitter with SSA numbering, symbol allocation and op counting."""

    encoding: bool
    lines: list[str] = field(default_factory=list)
    next_value: int = 0
    next_weight: int = 0
    next_sym: int = 0
    ops: int = 0
    used_c: set[int] = field(default_factory=set)
    used_s: set[int] = field(default_factory=set)

    # -- naming -----------------------------------------------------------------------------
    def value(self) -> str:
        name = f"%{self.next_value}"
        self.next_value += 1
        return name

    def sym(self) -> str:
        name = f"s{self.next_sym}"
        self.used_s.add(self.next_sym)
        self.next_sym += 1
        return name

    def const_sym(self, n: int) -> str:
        self.used_c.add(n)
        return f"c{n}"

    # -- types ------------------------------------------------------------------------------
    def tensor(self, dims: Sequence[Dim], syms: Sequence[str] = ()) -> str:
        """``tensor<...xf32>``; ``syms`` names the dynamic dims in order (encoding only)."""
        shape = "x".join("?" if d is None else str(d) for d in dims)
        body = f"{shape}xf32" if dims else "f32"
        if not self.encoding:
            return f"tensor<{body}>"
        names: list[str] = []
        it = iter(syms)
        for d in dims:
            names.append(next(it) if d is None else self.const_sym(d))
        assert next(it, None) is None, "too many symbols for the dynamic dims"
        enc = ", ".join(f"@{n}" for n in names)
        return f"tensor<{body}, #llh.encoding<shapes = {enc}>>"

    def act_type(self, channels: int, h: str, w: str) -> str:
        return self.tensor([None, channels, None, None], ["s0", h, w])

    # -- emission ---------------------------------------------------------------------------
    def op(self, text: str) -> None:
        self.lines.append("    " + text)
        self.ops += 1

    def weight(self, dims: Sequence[int]) -> tuple[str, str]:
        v = self.value()
        ty = self.tensor(dims)
        self.op(f'{v} = "llh.weight"() <{{weight_file = "w{self.next_weight}.npy"}}> : () -> {ty}')
        self.next_weight += 1
        return v, ty

    def constant(self, n: int) -> str:
        v = self.value()
        sym = f"symbol = @{self.const_sym(n)}, " if self.encoding else ""
        self.op(f'{v} = "llh.constant"() <{{{sym}value = {n} : i64}}> : () -> i64')
        return v

    def conv(
        self, x: Act, out_ch: int, k: int, stride: int, pad: int, out_hw: tuple[str, str]
    ) -> Act:
        wv, wty = self.weight([out_ch, x.channels, k, k])
        v = self.value()
        in_ty = self.act_type(x.channels, x.h, x.w)
        out_ty = self.act_type(out_ch, *out_hw)
        attrs = (
            f"dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: {k}, {k}>, "
            f"layout = #llh.Layout<NCHW>, pad = array<i64: {pad}, {pad}, {pad}, {pad}>, "
            f"stride = array<i64: {stride}, {stride}>, weight_layout = #llh.Layout<FCHW>"
        )
        self.op(f'{v} = "llh.conv"({x.name}, {wv}) <{{{attrs}}}> : ({in_ty}, {wty}) -> {out_ty}')
        return Act(v, out_ch, *out_hw)

    def batch_norm(self, x: Act) -> Act:
        params = [self.weight([x.channels]) for _ in range(4)]
        v = self.value()
        ty = self.act_type(x.channels, x.h, x.w)
        operands = ", ".join([x.name] + [p[0] for p in params])
        types = ", ".join([ty] + [p[1] for p in params])
        attrs = (
            "epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64"
        )
        self.op(f'{v} = "llh.batch_norm"({operands}) <{{{attrs}}}> : ({types}) -> {ty}')
        return Act(v, x.channels, x.h, x.w)

    def relu(self, x: Act) -> Act:
        v = self.value()
        ty = self.act_type(x.channels, x.h, x.w)
        self.op(f'{v} = "llh.relu"({x.name}) : ({ty}) -> {ty}')
        return Act(v, x.channels, x.h, x.w)

    def add(self, a: Act, b: Act) -> Act:
        v = self.value()
        ty = self.act_type(a.channels, a.h, a.w)
        self.op(f'{v} = "llh.add"({a.name}, {b.name}) : ({ty}, {ty}) -> {ty}')
        return Act(v, a.channels, a.h, a.w)

    def max_pool(self, x: Act) -> Act:
        v = self.value()
        h, w = self.sym(), self.sym()
        in_ty = self.act_type(x.channels, x.h, x.w)
        out_ty = self.act_type(x.channels, h, w)
        attrs = (
            "ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, "
            "layout = #llh.Layout<NCHW>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>"
        )
        self.op(f'{v} = "llh.max_pool"({x.name}) <{{{attrs}}}> : ({in_ty}) -> {out_ty}')
        return Act(v, x.channels, h, w)


def _emit_block(g: Gen, x: Act, out_ch: int, downsample: bool) -> Act:
    """One basic block; ``downsample`` adds stride 2 and a 1x1 projection on the shortcut."""
    stride = 2 if downsample else 1
    out_hw = (g.sym(), g.sym()) if downsample else (x.h, x.w)
    y = g.conv(x, out_ch, 3, stride, 1, out_hw)
    y = g.batch_norm(y)
    y = g.relu(y)
    y = g.conv(y, out_ch, 3, 1, 1, out_hw)
    y = g.batch_norm(y)
    shortcut = x
    if downsample:
        shortcut = g.conv(x, out_ch, 1, 2, 0, out_hw)
        shortcut = g.batch_norm(shortcut)
    y = g.add(y, shortcut)
    return g.relu(y)


def _emit_head(g: Gen, x: Act) -> str:
    """Classifier head; returns the SSA name of the result. Emits HEAD_OPS - 1 ops."""
    c = x.channels
    pooled = g.value()
    pooled_ty = g.tensor([None, c, 1, 1], ["s0"])
    g.op(
        f'{pooled} = "llh.adaptive_average_pool"({x.name}) <{{out_size = array<i64: 1, 1>}}> : '
        f"({g.act_type(c, x.h, x.w)}) -> {pooled_ty}"
    )
    c0 = g.constant(0)
    batch = g.value()
    dim_sym = " <{symbol = @s0}>" if g.encoding else ""
    g.op(f'{batch} = "llh.dim"({pooled}, {c0}){dim_sym} : ({pooled_ty}, i64) -> i64')
    c_ch = g.constant(c)
    flat = g.value()
    flat_ty = g.tensor([None, c], ["s0"])
    g.op(
        f'{flat} = "llh.reshape"({pooled}, {batch}, {c_ch}) : ({pooled_ty}, i64, i64) -> {flat_ty}'
    )
    fc_w, fc_w_ty = g.weight([NUM_CLASSES, c])
    fc_t = g.value()
    fc_t_ty = g.tensor([c, NUM_CLASSES])
    g.op(
        f'{fc_t} = "llh.transpose"({fc_w}) <{{perms = array<i64: 1, 0>}}> : ({fc_w_ty}) -> {fc_t_ty}'
    )
    mm = g.value()
    out_ty = g.tensor([None, NUM_CLASSES], ["s0"])
    g.op(f'{mm} = "llh.matmul"({flat}, {fc_t}) : ({flat_ty}, {fc_t_ty}) -> {out_ty}')
    bias, bias_ty = g.weight([NUM_CLASSES])
    c1 = g.constant(1)
    c_cls = g.constant(NUM_CLASSES)
    bias2 = g.value()
    bias2_ty = g.tensor([1, NUM_CLASSES])
    g.op(f'{bias2} = "llh.reshape"({bias}, {c1}, {c_cls}) : ({bias_ty}, i64, i64) -> {bias2_ty}')
    res = g.value()
    g.op(f'{res} = "llh.add"({mm}, {bias2}) : ({out_ty}, {bias2_ty}) -> {out_ty}')
    return res


def _plan_stages(ops: int, seed: int) -> tuple[list[int], int]:
    """Blocks per stage and the number of padding relus so the body has exactly ``ops`` ops."""
    rng = random.Random(seed)
    budget = ops - FIXED_OPS
    stages: list[int] = []
    while True:
        want = rng.randint(2, 6)
        first = BLOCK_OPS if not stages else DOWN_BLOCK_OPS
        if budget < first:
            if stages and budget >= BLOCK_OPS:  # room for one more plain block
                stages[-1] += 1
                budget -= BLOCK_OPS
            break
        n = 1
        budget -= first
        while n < want and budget >= BLOCK_OPS:
            budget -= BLOCK_OPS
            n += 1
        stages.append(n)
        if n < want:
            break
    return stages, max(budget, 0)


def generate(ops: int, encoding: bool = False, seed: int = 0) -> str:
    """The MLIR text of a ResNet-like module whose ``@main`` body holds ``ops`` operations."""
    g = Gen(encoding=encoding)
    stages, pad_relus = _plan_stages(ops, seed)
    batch, in_h, in_w = g.sym(), g.sym(), g.sym()
    assert batch == "s0"
    in_ty = g.act_type(3, in_h, in_w)
    x = Act("%arg0", 3, in_h, in_w)
    # Stem.
    x = g.conv(x, 64, 7, 2, 3, (g.sym(), g.sym()))
    x = g.batch_norm(x)
    x = g.relu(x)
    x = g.max_pool(x)
    # Residual stages.
    for i, n_blocks in enumerate(stages):
        channels = 64 * 2 ** min(i, 3)
        for b in range(n_blocks):
            x = _emit_block(g, x, channels, downsample=(i > 0 and b == 0))
    for _ in range(pad_relus):
        x = g.relu(x)
    res = _emit_head(g, x)
    out_ty = g.tensor([None, NUM_CLASSES], ["s0"])
    g.op(f"return {res} : {out_ty}")

    out: list[str] = ['module attributes {builtin.gloabal_layout = "NCHW"} {']
    if encoding:
        names = [f"s{i}" for i in sorted(g.used_s)] + [f"c{n}" for n in sorted(g.used_c)]
        out += [f'  "llh.symbolic_int"() <{{sym_name = "{n}"}}> : () -> ()' for n in names]
    out.append(f"  func.func @main(%arg0: {in_ty}) -> {out_ty} attributes {{entrance}} {{")
    out += g.lines
    out.append("  }")
    if encoding:
        rel = '    "llh.symbol_relation"() <{{relation = @{r}, relation_kind = #llh.SymbolRelation<{k}>, symbol = @{s}}}> : () -> ()'
        out.append("  module @__symbol__ {")
        out += [rel.format(r="c1", k="GE", s=s) for s in (batch, in_h, in_w)]
        out.append(rel.format(r=in_h, k="EQ", s=in_w))
        out.append("  }")
    out.append("}")
    assert g.ops == ops or ops < FIXED_OPS + BLOCK_OPS, (g.ops, ops)
    return "\n".join(out) + "\n"


def count_body_ops(text: str) -> int:
    """Ops in the body of ``@main`` of a module printed by :func:`generate` (one op per line)."""
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.lstrip().startswith("func.func @main"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i] == "  }")
    return end - start - 1


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ops", type=int, required=True, help="operations in the @main body")
    ap.add_argument("--encoding", action="store_true", help="annotate tensors with #llh.encoding")
    ap.add_argument("--seed", type=int, default=0, help="chooses the blocks per stage")
    ap.add_argument("-o", "--output", default="-", help="output file ('-' for stdout)")
    args = ap.parse_args(argv)
    if args.ops < FIXED_OPS + BLOCK_OPS:
        ap.error(f"--ops must be at least {FIXED_OPS + BLOCK_OPS}")
    text = generate(args.ops, encoding=args.encoding, seed=args.seed)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
