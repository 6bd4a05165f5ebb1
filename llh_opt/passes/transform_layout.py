"""`--transform-layout` (spec §6.2, corrected by §8.28 and D9): rewrite every `llh.conv`,
`llh.conv_bias` and `llh.max_pool` whose data layout is not the target one (option
`target-layout`, `NHWC` by default) into

    transpose(X) → the same op in the target layout → transpose back

so the rest of the graph is untouched. Convolution weights are transposed to the weight layout
that goes with the target (`FHWC` for `NHWC`, `FCHW` for `NCHW`; §8.28: the reference writes
`weight_layout = NHWC` and reuses the input permutation). Every new op's encoding comes from
infer-on-create; the final transpose keeps the replaced op's result type, so users and function
signatures keep their types, and the symbols inferred for the new ops are recorded equal to the
old ones (`EQ` relations: free = free ones are applied by this pass's P9, free = constant ones by
`--canonicalize`, D3).

Deviations from the reference, each on purpose:

* `llh.conv_bias` and `llh.max_pool` are converted too (the reference only converts `llh.conv`);
* an op without `layout` does not crash (§8.28): it is read as the verifier and the shape rules
  read it, NCHW (FCHW weights) — `builtin.gloabal_layout` is applied by `--canonicalize`
  (AddConvLayoutAttr), not here. An op already in the target layout keeps its operands (a
  missing attribute is written out), and a conv in the target layout with another weight layout
  (e.g. `HWCF`) only has its weight transposed;
* every rank is handled by where the channel dimension is: 1-D `NCW ↔ NWC` (weights
  `FCW ↔ WCF`, the spec's §1.2 pairing) and 3-D `NCDHW ↔ NDHWC`, spelled `NCHW` / `NHWC`
  (weights `FCHW` / `FHWC`) since `#llh.Layout` has no 5-D cases and the dialect reads these
  names by channel position at any rank.

The transposes this leaves between consecutive converted ops (`transpose(transpose(x, p), p⁻¹)`)
cancel under `--canonicalize` (TransposeOfTranspose); weights that are constants are transposed
by folding. The driver runs bottom-up (§5.1.1) with P9–P12 (§5.3), and must converge.

What does not live here: the ops and their shape rules (``dialects/llh``), the patterns P9–P12
(``dialects/llh/canonicalize.py``), the driver (``rewrite/greedy.py``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from llh_opt.dialects.llh.rewriter import LLHPatternRewriter
from llh_opt.dialects.llh.attrs import LayoutAttr
from llh_opt.dialects.llh.base import input_layout, weight_layout
from llh_opt.dialects.llh.compute_ops import ConvBiasOp, ConvOp, MaxPoolOp
from llh_opt.dialects.llh.data_ops import TransposeOp
from llh_opt.ir.attributes import IntegerAttr
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import RankedTensorType, Type
from llh_opt.lazy import lazy_import
from llh_opt.passes.pass_manager import PassContext
from llh_opt.passes.pattern_pass import GreedyPatternPass
from llh_opt.passes.registry import PassOption, PassOptionsError, register_pass
from llh_opt.rewrite.greedy import GreedyRewriteConfig
from llh_opt.rewrite.rewriter import PatternRewriter, RewritePattern

# The LLH canonicalization patterns, loaded when the pass runs.
P = lazy_import("llh_opt.dialects.llh.canonicalize")

__all__ = [
    "ConvertLayout",
    "TransformLayoutPass",
    "input_roles",
    "layout_permutation",
    "target_layouts",
    "weight_roles",
]

_CHANNELS_LAST = {"NHWC": True, "NWC": True, "NCHW": False, "NCW": False}
"""The accepted `target-layout` values and whether they put channels last."""

# --------------------------------------------------------------------------- layout algebra


def input_roles(layout: LayoutAttr, rank: int) -> tuple[str, ...]:
    """What each dimension of a data tensor of `rank` holds in `layout`: `N`, `C` and the spatial
    dimensions `S0`, `S1`, ... (in their order)."""
    roles = ["N"] * rank
    roles[layout.feature_index(rank)] = "C"
    for i, axis in enumerate(layout.spatial_indices(rank)):
        roles[axis] = f"S{i}"
    return tuple(roles)


def weight_roles(layout: LayoutAttr, rank: int) -> tuple[str, ...]:
    """What each dimension of a convolution weight of `rank` holds in `layout`: `F` (output
    features), `C` (input channels per group) and `S0`, `S1`, ..."""
    f, c, spatial = layout.weight_indices(rank)
    roles = [""] * rank
    roles[f], roles[c] = "F", "C"
    for i, axis in enumerate(spatial):
        roles[axis] = f"S{i}"
    return tuple(roles)


def layout_permutation(src: Sequence[str], dst: Sequence[str]) -> tuple[int, ...]:
    """The `perms` of the `llh.transpose` taking dimensions ordered as `src` to `dst`
    (`result.shape[i] = input.shape[perms[i]]`)."""
    return tuple(src.index(r) for r in dst)


def _inverse(perms: Sequence[int]) -> tuple[int, ...]:
    inv = [0] * len(perms)
    for i, p in enumerate(perms):
        inv[p] = i
    return tuple(inv)


def _is_identity(perms: Sequence[int]) -> bool:
    return tuple(perms) == tuple(range(len(perms)))


def target_layouts(channels_last: bool, rank: int) -> tuple[str, str]:
    """(data layout, weight layout) names of the target for an op of `rank`."""
    if rank == 3:
        return ("NWC", "WCF") if channels_last else ("NCW", "FCW")
    return ("NHWC", "FHWC") if channels_last else ("NCHW", "FCHW")


def _current_layouts(op: Operation) -> tuple[LayoutAttr, LayoutAttr | None]:
    """The op's data layout and (conv, conv_bias) weight layout as the verifier and the shape
    rules read them: the attributes, NCHW / FCHW when absent."""
    layout = input_layout(op)  # type: ignore[arg-type]
    if op.name == "llh.max_pool":
        return layout, None
    return layout, weight_layout(op)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- the pattern


class ConvertLayout(RewritePattern):
    """ConvOpConvertLayout (§6.2), for `llh.conv`, `llh.conv_bias` and `llh.max_pool`: the op in
    the target layout between two transposes (see the module docstring)."""

    def __init__(self, root: str, channels_last: bool) -> None:
        self.ROOT = root  # type: ignore[misc]
        self.channels_last = channels_last

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        kernel = op.properties.get("kernel_shape")
        rank = len(getattr(kernel, "values", ())) + 2
        layout, wlayout = _current_layouts(op)
        t_name, tw_name = target_layouts(self.channels_last, rank)
        target = LayoutAttr(t_name)
        wtarget = LayoutAttr(tw_name) if wlayout is not None else None
        explicit = op.properties.get("layout") is layout and (
            wlayout is None or op.properties.get("weight_layout") is wlayout
        )
        if layout is target and wlayout is wtarget:
            if explicit:
                return False
            rewriter.modify_op_in_place(op, lambda: self._set_layouts(op, target, wtarget))
            return True
        x_perm = layout_permutation(input_roles(layout, rank), input_roles(target, rank))
        x: Value = op.input  # type: ignore[attr-defined]
        w: Value | None = op.weight if wlayout is not None else None  # type: ignore[attr-defined]
        loc = op.location
        if not _is_identity(x_perm):
            x = rewriter.create(TransposeOp, x, x_perm, location=loc).results[0]
        if wlayout is not None and wlayout is not wtarget:
            w_perm = layout_permutation(weight_roles(wlayout, rank), weight_roles(wtarget, rank))  # type: ignore[arg-type]
            w = rewriter.create(TransposeOp, w, w_perm, location=loc).results[0]
        if _is_identity(x_perm):  # only the weight changes: same op, new weight operand
            new_w = w

            def update() -> None:
                op.set_operand(1, new_w)
                self._set_layouts(op, target, wtarget)

            rewriter.modify_op_in_place(op, update)
            return True
        new = self._build(op, x, w, t_name, tw_name if wtarget is not None else None)
        new.attributes.update(op.attributes)
        rewriter.insert(new)
        back = TransposeOp.build(new.results[0], _inverse(x_perm), location=loc)
        back.results[0].type = _keep_type(op.results[0].type, back.results[0].type)
        rewriter.insert(back)
        rewriter.replace_op(op, back)
        return True

    @staticmethod
    def _set_layouts(op: Operation, layout: LayoutAttr, wlayout: LayoutAttr | None) -> None:
        op.properties["layout"] = layout
        if wlayout is not None:
            op.properties["weight_layout"] = wlayout

    @staticmethod
    def _build(
        op: Operation, x: Value, w: Value | None, layout: str, wlayout: str | None
    ) -> Operation:
        """The op again on input `x` (and weight `w`), in `layout` / `wlayout` (result type from
        the static sizes; infer-on-create adds the encoding)."""
        window = (
            op.kernel_shape.values,  # type: ignore[attr-defined]
            op.stride.values,  # type: ignore[attr-defined]
            op.pad.values,  # type: ignore[attr-defined]
            op.dilation.values,  # type: ignore[attr-defined]
        )
        if isinstance(op, MaxPoolOp):
            return MaxPoolOp.build(
                x, *window, ceil_mode=op.ceil_mode, layout=layout, location=op.location
            )
        assert isinstance(op, (ConvOp, ConvBiasOp)) and w is not None
        g = op.properties.get("group")  # an absent group stays absent (not printed)
        group = g.value if isinstance(g, IntegerAttr) else None
        if isinstance(op, ConvBiasOp):
            return ConvBiasOp.build(
                x, w, op.bias, *window, group=group, layout=layout,
                weight_layout=wlayout, location=op.location,
            )  # fmt: skip
        return ConvOp.build(
            x, w, *window, group=group, layout=layout,
            weight_layout=wlayout, location=op.location,
        )  # fmt: skip


def _keep_type(old: Type, computed: Type) -> Type:
    """The final transpose's result type: the replaced op's when it is ranked (users keep their
    types; infer-on-create then records its symbols equal to the derived ones), else the one the
    builder computed."""
    if isinstance(old, RankedTensorType):
        return old
    return computed


# --------------------------------------------------------------------------- the pass


def _symbol_patterns() -> list[RewritePattern]:
    """P9–P12 (§5.3), as `--transform-layout` registers them."""
    return [
        P.ReplaceSymbolIfEquel(),
        P.RemoveSymbolRelationIfAllConst(),
        P.RemoveSymbolBinaryRelationIfAllConst("llh.symbol_binary_relation"),
        P.SinkSymbolBindOp(),
    ]


@register_pass
class TransformLayoutPass(GreedyPatternPass):
    NAME = "transform-layout"
    SUMMARY = "Convert conv, conv_bias and max_pool to the target data layout"
    REWRITER = LLHPatternRewriter
    DESCRIPTION = (
        "Rewrites llh.conv, llh.conv_bias and llh.max_pool whose layout differs from "
        "target-layout into the target layout between transposes (weights to FHWC for NHWC, "
        "FCHW for NCHW; 1-D: WCF / FCW)."
    )
    ANCHOR = "builtin.module"
    OPTIONS = {
        "target-layout": PassOption(
            str,
            "NHWC",
            "Target data layout: NHWC or NCHW (NWC and NCW are accepted as the same choice)",
            value_name="Layout",
        ),
    }
    REQUIRES_CONVERGENCE = True

    __slots__ = ()

    def parse_options(self, text: str) -> None:
        super().parse_options(text)
        value = self.options["target-layout"]
        if value not in _CHANNELS_LAST:
            raise PassOptionsError(
                self.NAME,
                text,
                f"for the --target-layout option: Cannot find option named '{value}'!\n",
            )

    def patterns(self) -> Iterable[RewritePattern]:
        value = self.options["target-layout"]
        if value not in _CHANNELS_LAST:
            raise ValueError(f"target-layout must be one of {', '.join(_CHANNELS_LAST)}")
        last = _CHANNELS_LAST[value]
        return [
            ConvertLayout("llh.conv", last),
            ConvertLayout("llh.conv_bias", last),
            ConvertLayout("llh.max_pool", last),
            *_symbol_patterns(),
        ]

    def config(self, op: Operation, ctx: PassContext) -> GreedyRewriteConfig:
        return GreedyRewriteConfig(top_down=False)
