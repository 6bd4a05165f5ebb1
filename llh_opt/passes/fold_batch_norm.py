"""`--fold-batch-norm`: fold an inference `llh.batch_norm` into the convolution that feeds it.

    batch_norm(conv(x, W) | conv_bias(x, W, B), scale, bias, mean, var)   (feature axis = conv's)
      → conv_bias(x, W', B')
    W'[f, ...] = W[f, ...] · s[f],   B'[f] = (B[f] − mean[f]) · s[f] + bias[f],
    s[f] = scale[f] / sqrt(var[f] + epsilon)                           (B = 0 for a plain conv)

Conditions: the conv's result has the batch norm as its only user; `W`, `B` and the four batch
norm parameters are `llh.constant`s with dense values of the same float element type (run
``--load-weight`` first); the batch norm's `feature_index` is the conv layout's channel axis; the
parameters are 1-D of the conv's output-channel count. The new factors are computed in float64
and rounded once to the element type. The result type is the batch norm's (its encoding kept);
the old conv, batch norm and constants that become unused are erased. Anything else is left
unchanged (the loop lowering still fuses an unfolded batch norm into the conv's store).

``lower-to-llvm`` runs this pass after ``load-weight`` and before ``canonicalize``.

What does not live here: the ops (``dialects/llh``), dense conversion helpers (``ir/dense.py``),
the epilogue fusion of the loop lowering (``lowering/fusion.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from llh_opt.dialects.llh.base import input_layout, weight_layout
from llh_opt.ir.attributes import DenseElementsAttr
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import FloatType, RankedTensorType, Type
from llh_opt.passes.pass_manager import PassContext
from llh_opt.passes.registry import Pass, register_pass

if TYPE_CHECKING:
    import numpy

__all__ = ["FoldBatchNormPass", "fold_batch_norms"]

_BITS = {"f16": ("<u2", "<f2"), "f32": ("<u4", "<f4"), "f64": ("<u8", "<f8")}


def _constant_array(v: Value) -> numpy.ndarray | None:
    """The float64 data of `v` when it is a dense float `llh.constant`, else None."""
    import numpy as np

    owner = v.owner
    if not isinstance(owner, Operation) or owner.name != "llh.constant":
        return None
    attr = owner.properties.get("value")
    t = v.type
    if not isinstance(attr, DenseElementsAttr) or not isinstance(t, RankedTensorType):
        return None
    et = t.element_type
    if not isinstance(et, FloatType) or attr.type.shape != t.shape:
        return None
    if et.name in _BITS:
        u, f = _BITS[et.name]
        raw = np.array(attr.full_values(), dtype=u)
        return raw.view(f).astype(np.float64).reshape(t.shape)
    from llh_opt.ir.dense import dense_to_numpy

    return dense_to_numpy(attr).astype(np.float64)


def _constant(array: numpy.ndarray, t: Type, like: Operation) -> Operation:
    """A new `llh.constant` of type `t` holding `array` (rounded once), before `like`."""
    import numpy as np

    from llh_opt.dialects.llh.data_ops import ConstantOp

    assert isinstance(t, RankedTensorType)
    et = t.element_type
    assert isinstance(et, FloatType)
    if et.name in _BITS:
        u, f = _BITS[et.name]
        flat = np.ascontiguousarray(array, dtype=f).reshape(-1)
        attr = DenseElementsAttr(RankedTensorType(t.shape, et), tuple(flat.view(u).tolist()))
    else:
        from llh_opt.ir.dense import dense_from_numpy

        attr = dense_from_numpy(array.astype(np.float32), RankedTensorType(t.shape, et))
    op = ConstantOp.build(attr, result_type=t, location=like.location)
    assert like.parent is not None
    like.parent.insert_before(like, op)
    return op


def _single_user(v: Value) -> Operation | None:
    users = {u.owner for u in v.uses}
    return next(iter(users)) if len(users) == 1 else None


def _fold(bn: Operation) -> bool:
    """Fold batch norm `bn` into its producer conv when possible (see the module docstring)."""
    import numpy as np

    x = bn.operands[0]
    conv = x.owner
    if not isinstance(conv, Operation) or conv.name not in ("llh.conv", "llh.conv_bias"):
        return False
    if _single_user(x) is not bn or conv.parent is not bn.parent:
        return False
    xt = x.type
    if not isinstance(xt, RankedTensorType) or not isinstance(xt.element_type, FloatType):
        return False
    rank = len(xt.shape)
    k = bn.feature_index.value  # type: ignore[attr-defined]
    if (k + rank if k < 0 else k) != input_layout(conv).feature_index(rank):  # type: ignore[arg-type]
        return False
    w = conv.operands[1]
    wa = _constant_array(w)
    if wa is None or w.type.element_type is not xt.element_type:  # type: ignore[attr-defined]
        return False
    f_w = weight_layout(conv).weight_indices(rank)[0]  # type: ignore[arg-type]
    nf = wa.shape[f_w]
    params = []
    for p in bn.operands[1:5]:
        a = _constant_array(p)
        if a is None or a.shape != (nf,) or p.type.element_type is not xt.element_type:  # type: ignore[attr-defined]
            return False
        params.append(a)
    b = conv.operands[2] if conv.name == "llh.conv_bias" else None
    ba = np.zeros(nf) if b is None else _constant_array(b)
    if ba is None or ba.reshape(-1).shape != (nf,):
        return False
    scale, bias, mean, var = params
    s = scale / np.sqrt(var + float(bn.epsilon.value))  # type: ignore[attr-defined]
    shape = [1] * rank
    shape[f_w] = nf
    w2 = wa * s.reshape(shape)
    b2 = (ba.reshape(-1) - mean) * s + bias
    wc = _constant(w2, w.type, conv)
    bc = _constant(b2, bn.operands[2].type, conv)
    new = Operation.create(
        "llh.conv_bias",
        (conv.operands[0], wc.results[0], bc.results[0]),
        (bn.results[0].type,),
        dict(conv.properties),
        dict(conv.attributes),
        location=conv.location,
    )
    assert bn.parent is not None
    bn.parent.insert_before(bn, new)
    bn.results[0].replace_all_uses_with(new.results[0])
    dead = [o for o in (w, b, *bn.operands[1:5]) if o is not None]
    bn.erase()
    conv.erase()
    for v in dead:
        owner = v.owner
        if isinstance(owner, Operation) and owner.parent is not None and not v.uses:
            owner.erase()
    return True


def fold_batch_norms(module: Operation) -> int:
    """Fold every foldable batch norm of `module`; returns how many were folded."""
    bns = [op for op in module.walk() if op.name == "llh.batch_norm"]
    return sum(1 for bn in bns if _fold(bn))


@register_pass
class FoldBatchNormPass(Pass):
    NAME = "fold-batch-norm"
    SUMMARY = "Fold inference batch_norm into the preceding conv's constant weights and bias"
    DESCRIPTION = (
        "batch_norm(conv(x, W[, B]), scale, bias, mean, var) with constant parameters becomes "
        "conv_bias(x, W·s, (B − mean)·s + bias), s = scale / sqrt(var + epsilon), per output "
        "channel; run after load-weight."
    )
    ANCHOR = "builtin.module"
    __slots__ = ()

    def run(self, op: Operation, ctx: PassContext) -> None:
        fold_batch_norms(op)
