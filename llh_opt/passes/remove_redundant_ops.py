"""`--remove-redundant-ops` (spec §6.2, D8, D9): seed the `entrance` functions' tensor arguments
with the symbols their `func.input_symbol_<d>` attributes name (§4.3 step 1, declared in the module
with a `module @__symbol__`), then apply greedily, top-down:

* *replaceFlattenOp*: `flatten(x, %d)` with a constant `d` →
  `reshape(x, dim(x, 0), …, dim(x, d−1), dim(x, d)·dim(x, d+1)·…·dim(x, rank−1))`, the product a
  left-nested chain of scalar `llh.mul` (the flatten's result type; a rank-0 input gives
  `reshape(x, 1)`). Static dimensions fold to constants (D4);
* *replaceTorchSymbolicIntOp*: `torch_symbolic_int {sym_name = S}` → `llh.dim(arg, i)` for the
  first entry-block tensor argument of its function (argument order, then dimension order) whose
  encoding names `S` at position `i`;
* *replaceSymbolicBindOp*: every `llh.symbolic_bind` without the unit attribute `stop_run` is
  erased.

Ops the patterns create get their symbols by infer-on-create. Where the reference asserts or warns
and then fails to converge (D9, §8.39), this pass reports an error at the op: a flatten whose `dim`
is not a constant or whose input is unranked, a `torch_symbolic_int` whose name no argument
dimension carries. Seeding is the one of ``--infer-symbolic-shape`` (names not given get `c<N>` /
a fresh `s<N>`, a constant name on a different static size is an error); unlike the reference it
skips an entrance function without argument attributes instead of stopping there, and it never
corrupts a second function's signature (§8.7).

What does not live here: seeding itself (``infer_symbolic_shape.py``), the ops' builders and shape
rules (``dialects/llh``), the driver (``rewrite/greedy.py``).
"""

from __future__ import annotations

from collections.abc import Iterable

from llh_opt.dialects.llh.rewriter import LLHPatternRewriter
from llh_opt.dialects.llh.base import constant_int
from llh_opt.dialects.llh.compute_ops import MulOp
from llh_opt.dialects.llh.data_ops import ConstantOp, DimOp, ReshapeOp
from llh_opt.ir.attributes import ArrayAttr, IntegerAttr, StringAttr
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.opdef import VerifyError
from llh_opt.ir.types import DYNAMIC, RankedTensorType, i64
from llh_opt.passes.pass_manager import PassContext
from llh_opt.passes.pattern_pass import GreedyPatternPass
from llh_opt.passes.registry import register_pass
from llh_opt.rewrite.rewriter import PatternRewriter, RewritePattern

__all__ = [
    "RemoveRedundantOpsPass",
    "ReplaceFlattenOp",
    "ReplaceSymbolicBindOp",
    "ReplaceTorchSymbolicIntOp",
    "seed_entrance_arguments",
]


# --------------------------------------------------------------------------- seeding


def seed_entrance_arguments(module: Operation) -> bool:
    """Give the ranked tensor arguments of every `entrance` function of `module` that has argument
    attributes the symbols `func.input_symbol_<d>` name (an encoding already there is kept and
    checked against them); rebuild those functions' types. Declares the symbols and creates the
    `module @__symbol__` when anything was seeded. Returns whether it was."""
    from llh_opt.dialects.llh.shape_inference import SymbolicShapeContext, sync_function_results
    from llh_opt.passes.infer_symbolic_shape import seed_tensor_argument
    from llh_opt.symbolic import SymbolAnalysis

    sa = ctx = None
    for func in module.regions[0].blocks[0].ops:
        if func.name != "func.func" or "entrance" not in func.attributes:
            continue
        attrs = func.properties.get("arg_attrs")
        if not isinstance(attrs, ArrayAttr) or not func.regions[0].blocks:
            continue  # the reference stops seeding here (`return`); later functions still count
        if sa is None:
            sa = SymbolAnalysis.get(module)
            ctx = SymbolicShapeContext(sa)
        dicts = attrs.value
        for i, arg in enumerate(func.regions[0].blocks[0].args):
            if isinstance(arg.type, RankedTensorType):
                seed_tensor_argument(sa, ctx, func, arg, dicts[i] if i < len(dicts) else None)
        sync_function_results(func)
    if sa is None or not sa.symbols():
        return False
    sa.symbol_module(create=True)
    return True


# --------------------------------------------------------------------------- patterns


def _constant(rewriter: PatternRewriter, k: int, op: Operation) -> Value:
    return rewriter.create(ConstantOp, IntegerAttr(k, i64), location=op.location).results[0]


def _size(rewriter: PatternRewriter, x: Value, k: int, op: Operation) -> Value:
    """Dimension `k` of `x`: `llh.dim(x, k)`, or directly the constant it folds to when the
    dimension is static (D4; no dead index constant is left behind)."""
    d = x.type.shape[k]  # type: ignore[attr-defined]
    if d != DYNAMIC:
        return _constant(rewriter, d, op)
    return rewriter.create(DimOp, x, _constant(rewriter, k, op), location=op.location).results[0]


class ReplaceFlattenOp(RewritePattern):
    """replaceFlattenOp (§6.2): `flatten(x, d)` → `reshape(x, dims before d, product of the
    rest)`. The product is a left-nested `llh.mul` chain; static factors are multiplied out
    first and factors of 1 dropped (what folding would leave, D4)."""

    ROOT = "llh.flatten"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        x = op.input
        d = constant_int(op.dim)
        if d is None:
            raise VerifyError(
                op, "cannot be decomposed: 'dim' must be an llh.constant (the flatten start)"
            )
        t = x.type
        if not isinstance(t, RankedTensorType):
            raise VerifyError(op, f"cannot be decomposed: the input type '{t}' is unranked")
        rank = len(t.shape)
        sizes = [_size(rewriter, x, k, op) for k in range(min(d, rank))]
        product: Value | int = 1
        for k in range(d, rank):
            n = t.shape[k]
            if isinstance(product, int) and n != DYNAMIC:
                product *= n
                continue
            if n == 1:
                continue
            factor = _size(rewriter, x, k, op)
            if isinstance(product, int):
                if product == 1:
                    product = factor
                    continue
                product = _constant(rewriter, product, op)
            product = rewriter.create(MulOp, product, factor, location=op.location).results[0]
        sizes.append(_constant(rewriter, product, op) if isinstance(product, int) else product)
        reshape = rewriter.create(
            ReshapeOp, x, sizes, result_type=op.results[0].type, location=op.location
        )
        rewriter.replace_op(op, reshape)
        return True


class ReplaceTorchSymbolicIntOp(RewritePattern):
    """replaceTorchSymbolicIntOp (§6.2): a torch SymInt named `S` → `llh.dim` of the first
    argument dimension whose symbol is `S`."""

    ROOT = "llh.torch_symbolic_int"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        from llh_opt.dialects.llh.shape_inference import encoding_names

        name_attr = op.properties.get("sym_name")
        name = name_attr.value if isinstance(name_attr, StringAttr) else None
        func = op.parent_op
        while func is not None and func.name != "func.func":
            func = func.parent_op
        if name is None or func is None or not func.regions[0].blocks:
            raise VerifyError(op, "is not inside a function body")
        for arg in func.regions[0].blocks[0].args:
            names = encoding_names(arg)
            if names and name in names:
                rewriter.replace_op(op, [_size(rewriter, arg, names.index(name), op)])
                return True
        raise VerifyError(
            op,
            f"symbol '{name}' names no dimension of the function's tensor arguments (seed them "
            "with func.input_symbol_<d>)",
        )


class ReplaceSymbolicBindOp(RewritePattern):
    """replaceSymbolicBindOp (§6.2): erase an `llh.symbolic_bind` not marked `stop_run`."""

    ROOT = "llh.symbolic_bind"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        if "stop_run" in op.attributes or "stop_run" in op.properties:
            return False
        rewriter.erase_op(op)
        return True


# --------------------------------------------------------------------------- the pass


@register_pass
class RemoveRedundantOpsPass(GreedyPatternPass):
    NAME = "remove-redundant-ops"
    SUMMARY = "Seed entrance arguments, decompose flatten, replace torch symbolic ints"
    REWRITER = LLHPatternRewriter
    DESCRIPTION = (
        "Seeds the entrance functions' tensor arguments from func.input_symbol_N, replaces "
        "llh.flatten by llh.reshape of its dimensions, llh.torch_symbolic_int by llh.dim of the "
        "argument dimension carrying its name, and erases llh.symbolic_bind (unless stop_run)."
    )
    ANCHOR = "builtin.module"
    REQUIRES_CONVERGENCE = True

    __slots__ = ()

    def patterns(self) -> Iterable[RewritePattern]:
        return [ReplaceFlattenOp(), ReplaceTorchSymbolicIntOp(), ReplaceSymbolicBindOp()]

    def run(self, op: Operation, ctx: PassContext) -> None:
        seed_entrance_arguments(op)
        super().run(op, ctx)
