"""The ATen operators the importer translates, one handler per overload packet.

`HANDLERS["aten.conv2d"] = fn` where `fn(b, node) -> value` builds the LLH ops for one FX node
with the `GraphBuilder` `b` and returns its value (a `Value`, a tuple of them for ops with several
results, or None for ops that produce nothing LLH needs, such as torch's runtime asserts).
`SUPPORTED_ATEN` is the set of packet names; `CHECKS[name](node)` returns why one particular call
cannot be imported (a transposed convolution, dropout in training mode, a use of max-pool
indices, ...) or None.

Both the operators of torch's pre-dispatch export IR (`aten.conv2d`, `aten.linear`,
`aten.batch_norm`, `aten.softmax`, ...) and their core-ATen forms after `run_decompositions()`
(`aten.convolution`, `aten.addmm`, `aten._native_batch_norm_legit_no_training`, `aten._softmax`,
...) are handled. Ops LLH has natively map onto one LLH op (conv, batch_norm, layer_norm,
max_pool, adaptive_average_pool, matmul, transpose, reshape, cat, slice, reductions, elementwise
arithmetic, compare, where); softmax, log_softmax, gelu, sigmoid, tanh, silu, mean are decomposed
into LLH ops here. Result types are torch's: every handler gives its result the FakeTensor shape
the node records (`out_shape(node)`).

What does not live here: the graph walk, placeholders, outputs, symbolic binds (`importer.py`).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

import torch

from llh_opt.dialects.llh import (
    AbsOp,
    AdaptiveAvgPoolOp,
    AddOp,
    BatchMatMulOp,
    BatchNormOp,
    CatOp,
    ConvBiasOp,
    ConvOp,
    DivOp,
    ExpOp,
    LayerNormOp,
    MatMulOp,
    MaxOp,
    MaxPoolOp,
    MinOp,
    MulOp,
    PowOp,
    ReduceMaxOp,
    ReduceMinOp,
    ReduceSumOp,
    ReluOp,
    RsqrtOp,
    SliceOp,
    SqrtOp,
    StrideSliceOp,
    SubOp,
    TransposeOp,
    WhereOp,
)
from llh_opt.dialects.llh import ExpandOp
from llh_opt.dialects.llh import DimOp
from llh_opt.ir.core import Value
from llh_opt.ir.types import FloatType, Type, element_type_of

from .builder import GraphBuilder, ImportError_, element_type
from .symbols import SizeExpr, size_expr

__all__ = [
    "CHECKS",
    "HANDLERS",
    "IGNORED_ATEN",
    "SCALAR_FUNCTIONS",
    "SUPPORTED_ATEN",
    "SYMBOOL_FUNCTIONS",
]

Handler = Callable[[GraphBuilder, torch.fx.Node], Any]
HANDLERS: dict[str, Handler] = {}
CHECKS: dict[str, Callable[[torch.fx.Node], str | None]] = {}

# torch's runtime checks: nothing to compute.
IGNORED_ATEN = frozenset(
    {
        "aten._assert_scalar",
        "aten._assert_async",
        "aten._assert_tensor_metadata",
        "aten.sym_constrain_range",
        "aten.sym_constrain_range_for_size",
        "aten._functional_assert_scalar",
    }
)


def aten(*names: str, check: Callable[[torch.fx.Node], str | None] | None = None):  # type: ignore[no-untyped-def]
    def deco(fn: Handler) -> Handler:
        for n in names:
            HANDLERS[f"aten.{n}"] = fn
            if check is not None:
                CHECKS[f"aten.{n}"] = check
        return fn

    return deco


# --------------------------------------------------------------------------- argument access


def arg(node: torch.fx.Node, i: int, name: str, default: Any = None) -> Any:
    if len(node.args) > i:
        return node.args[i]
    return node.kwargs.get(name, default)


def out_val(node: torch.fx.Node) -> Any:
    v = node.meta.get("val")
    if isinstance(v, (tuple, list)):
        v = v[0]
    return v


def out_shape(node: torch.fx.Node) -> tuple[SizeExpr, ...]:
    return tuple(size_expr(d) for d in out_val(node).shape)


def out_elt(node: torch.fx.Node) -> Type:
    return element_type(out_val(node).dtype)


def tensor(b: GraphBuilder, x: Any) -> Value:
    v = b.values.get(x) if isinstance(x, torch.fx.Node) else None
    if not isinstance(v, Value):
        raise ImportError_(f"expected a tensor operand, got {x!r}")
    return v


def _is_tensor_node(b: GraphBuilder, x: Any) -> bool:
    return isinstance(x, torch.fx.Node) and isinstance(
        getattr(x, "meta", {}).get("val"), torch.Tensor
    )


def _ints(x: Any, n: int | None = None) -> list[int]:
    if isinstance(x, (list, tuple)):
        vals = [int(v) for v in x]
    else:
        vals = [int(x)]
    if n is not None and len(vals) == 1 and n > 1:
        vals = vals * n
    return vals


def _dims(x: Any, rank: int) -> list[int]:
    """Dimension arguments normalized to `0 <= d < rank` (None / [] = all)."""
    if x is None or (isinstance(x, (list, tuple)) and not x):
        return list(range(rank))
    return sorted({d % max(rank, 1) for d in _ints(x)})


def _dtype_of_arg(b: GraphBuilder, x: Any) -> torch.dtype | None:
    if isinstance(x, torch.fx.Node):
        v = x.meta.get("val")
        if isinstance(v, torch.Tensor):
            return v.dtype
        if isinstance(v, (torch.SymInt, int)):
            return None
    return None


def _common_dtype(b: GraphBuilder, xs: Sequence[Any]) -> torch.dtype:
    """torch's type promotion for elementwise operands (tensors first, then Python scalars)."""
    dt: torch.dtype | None = None
    for x in xs:
        d = _dtype_of_arg(b, x)
        if d is not None:
            dt = d if dt is None else torch.promote_types(dt, d)
    has_float = any(isinstance(x, float) for x in xs)
    if dt is None:
        return torch.get_default_dtype() if has_float else torch.int64
    if has_float and not dt.is_floating_point:
        return torch.get_default_dtype()
    return dt


def operands(b: GraphBuilder, xs: Sequence[Any], elt: Type, rank: int) -> list[Value]:
    """Elementwise operands as tensors of `elt` and rank `rank` (scalars become `1x...x1`)."""
    out: list[Value] = []
    for x in xs:
        if _is_tensor_node(b, x):
            v = b.convert(tensor(b, x), elt)
            out.append(b.align_rank(v, rank))
        elif isinstance(x, torch.fx.Node):
            out.append(b.scalar_tensor(b.int_operand(x), elt, rank))
        elif isinstance(x, (bool, int, float)):
            out.append(b.splat(x, elt, rank))
        else:
            raise ImportError_(f"unsupported elementwise operand {x!r}")
    return out


# --------------------------------------------------------------------------- elementwise


def _binary(b: GraphBuilder, node: torch.fx.Node, cls: Any, x: Any, y: Any) -> Value:
    shape = out_shape(node)
    elt = out_elt(node)
    lhs, rhs = operands(b, [x, y], elt, len(shape))
    return b.emit(cls.build(lhs, rhs), shape)


def _scaled(b: GraphBuilder, node: torch.fx.Node, y: Any, alpha: Any) -> Any:
    """`alpha * y` for add/sub's `alpha` (y itself when alpha is 1)."""
    if alpha is None or alpha == 1:
        return y
    if not isinstance(y, torch.fx.Node):
        return y * alpha
    shape = out_shape(node)
    elt = out_elt(node)
    yv, av = operands(b, [y, alpha], elt, len(shape))
    v = b.emit(MulOp.build(yv, av), _broadcast(b, [yv, av]))
    return _ValueArg(v)


class _ValueArg:
    """An already-built tensor value standing in an argument list."""

    __slots__ = ("value",)

    def __init__(self, value: Value) -> None:
        self.value = value


def _broadcast(b: GraphBuilder, vs: Sequence[Value]) -> tuple[SizeExpr, ...]:
    shapes = [b.shape(v) for v in vs]
    rank = max(len(s) for s in shapes)
    out: list[SizeExpr] = []
    for i in range(rank):
        d: SizeExpr = 1
        for s in shapes:
            j = i - (rank - len(s))
            if j >= 0 and s[j] != 1:
                d = s[j]
        out.append(d)
    return tuple(out)


def _elementwise(b: GraphBuilder, node: torch.fx.Node, cls: Any, xs: Sequence[Any]) -> Value:
    shape = out_shape(node)
    elt = out_elt(node)
    vals = []
    pending = []
    for x in xs:
        if isinstance(x, _ValueArg):
            vals.append(b.align_rank(b.convert(x.value, elt), len(shape)))
        else:
            pending.append(x)
            vals.append(None)
    built = iter(operands(b, pending, elt, len(shape)))
    vals = [v if v is not None else next(built) for v in vals]
    return b.emit(cls.build(*vals), shape)


@aten("add", "sub")
def _add_sub(b: GraphBuilder, node: torch.fx.Node) -> Value:
    cls = AddOp if node.target.overloadpacket is torch.ops.aten.add else SubOp  # type: ignore[union-attr]
    y = _scaled(b, node, arg(node, 1, "other"), arg(node, 2, "alpha", 1))
    return _elementwise(b, node, cls, [arg(node, 0, "self"), y])


@aten("rsub")
def _rsub(b: GraphBuilder, node: torch.fx.Node) -> Value:
    x = _scaled(b, node, arg(node, 0, "self"), arg(node, 2, "alpha", 1))
    return _elementwise(b, node, SubOp, [arg(node, 1, "other"), x])


def _no_rounding_mode(node: torch.fx.Node) -> str | None:
    mode = arg(node, 2, "rounding_mode")
    if mode is not None and out_val(node).dtype.is_floating_point:
        return f"div with rounding_mode={mode!r} on floating-point tensors"
    if mode == "trunc":
        return "div with rounding_mode='trunc'"
    return None


@aten("div", check=_no_rounding_mode)
def _div(b: GraphBuilder, node: torch.fx.Node) -> Value:
    return _binary(b, node, DivOp, arg(node, 0, "self"), arg(node, 1, "other"))


_SIMPLE_BINARY = {"mul": MulOp, "maximum": MaxOp, "minimum": MinOp}


@aten(*_SIMPLE_BINARY)
def _simple_binary(b: GraphBuilder, node: torch.fx.Node) -> Value:
    cls = _SIMPLE_BINARY[node.target.overloadpacket.__name__]  # type: ignore[union-attr]
    return _binary(b, node, cls, arg(node, 0, "self"), arg(node, 1, "other"))


@aten("pow")
def _pow(b: GraphBuilder, node: torch.fx.Node) -> Value:
    x, y = arg(node, 0, "self"), arg(node, 1, "exponent")
    if y == 2 and isinstance(x, torch.fx.Node):
        return _binary(b, node, MulOp, x, x)
    if y == 0.5:
        return _unary_node(b, node, SqrtOp, x)
    return _binary(b, node, PowOp, x, y)


_COMPARE = {"eq": "EQ", "ne": "NE", "lt": "LT", "le": "LE", "gt": "GT", "ge": "GE"}


@aten(*_COMPARE)
def _compare(b: GraphBuilder, node: torch.fx.Node) -> Value:
    x, y = arg(node, 0, "self"), arg(node, 1, "other")
    shape = out_shape(node)
    elt = element_type(_common_dtype(b, [x, y]))
    lhs, rhs = operands(b, [x, y], elt, len(shape))
    kind = _COMPARE[node.target.overloadpacket.__name__]  # type: ignore[union-attr]
    return b.compare(lhs, rhs, kind, shape)


@aten("where")
def _where(b: GraphBuilder, node: torch.fx.Node) -> Value:
    c, x, y = arg(node, 0, "condition"), arg(node, 1, "self"), arg(node, 2, "other")
    shape = out_shape(node)
    elt = out_elt(node)
    (cv,) = operands(b, [c], element_type(torch.bool), len(shape))
    xv, yv = operands(b, [x, y], elt, len(shape))
    return b.emit(WhereOp.build(cv, xv, yv), shape)


def _bool_only(node: torch.fx.Node) -> str | None:
    for x in node.args[:2]:
        if isinstance(x, torch.fx.Node) and getattr(x.meta.get("val"), "dtype", None) != torch.bool:
            return f"{node.target} of non-boolean tensors"
    return None


@aten(
    "logical_and", "bitwise_and", "__and__", "logical_or", "bitwise_or", "__or__", check=_bool_only
)
def _and_or(b: GraphBuilder, node: torch.fx.Node) -> Value:
    """On booleans: a and b = where(a, b, false); a or b = where(a, true, b)."""
    shape = out_shape(node)
    i1 = element_type(torch.bool)
    x, y = operands(b, [arg(node, 0, "self"), arg(node, 1, "other")], i1, len(shape))
    if "and" in node.target.overloadpacket.__name__:  # type: ignore[union-attr]
        return b.emit(WhereOp.build(x, y, b.splat(False, i1, len(shape))), shape)
    return b.emit(WhereOp.build(x, b.splat(True, i1, len(shape)), y), shape)


@aten("logical_not", "bitwise_not", "__invert__", check=_bool_only)
def _not(b: GraphBuilder, node: torch.fx.Node) -> Value:
    shape = out_shape(node)
    i1 = element_type(torch.bool)
    (x,) = operands(b, [arg(node, 0, "self")], i1, len(shape))
    return b.compare(x, b.splat(False, i1, len(shape)), "EQ", shape)


def _clamp_bounds(node: torch.fx.Node) -> tuple[Any, Any]:
    name = node.target.overloadpacket.__name__  # type: ignore[union-attr]
    if name == "clamp_min":
        return arg(node, 1, "min"), None
    if name == "clamp_max":
        return None, arg(node, 1, "max")
    return arg(node, 1, "min"), arg(node, 2, "max")


@aten("clamp", "clamp_min", "clamp_max")
def _clamp(b: GraphBuilder, node: torch.fx.Node) -> Value:
    lo, hi = _clamp_bounds(node)
    shape = out_shape(node)
    elt = out_elt(node)
    (v,) = operands(b, [arg(node, 0, "self")], elt, len(shape))
    if lo is not None:
        (lv,) = operands(b, [lo], elt, len(shape))
        v = b.emit(MaxOp.build(v, lv), shape)
    if hi is not None:
        (hv,) = operands(b, [hi], elt, len(shape))
        v = b.emit(MinOp.build(v, hv), shape)
    return v


def _hardtanh_bounds(node: torch.fx.Node) -> tuple[Any, Any]:
    if node.target.overloadpacket.__name__ == "relu6":  # type: ignore[union-attr]
        return 0.0, 6.0
    return arg(node, 1, "min_val", -1.0), arg(node, 2, "max_val", 1.0)


@aten("hardtanh", "relu6")
def _hardtanh(b: GraphBuilder, node: torch.fx.Node) -> Value:
    """min(max(x, lo), hi)."""
    lo, hi = _hardtanh_bounds(node)
    shape, elt = out_shape(node), out_elt(node)
    (v,) = operands(b, [arg(node, 0, "self")], elt, len(shape))
    v = b.emit(MaxOp.build(v, b.splat(lo, elt, len(shape))), shape)
    return b.emit(MinOp.build(v, b.splat(hi, elt, len(shape))), shape)


@aten("leaky_relu")
def _leaky_relu(b: GraphBuilder, node: torch.fx.Node) -> Value:
    """where(x > 0, x, slope * x)."""
    shape, elt = out_shape(node), out_elt(node)
    r = len(shape)
    (v,) = operands(b, [arg(node, 0, "self")], elt, r)
    scaled = b.emit(MulOp.build(v, b.splat(arg(node, 1, "negative_slope", 0.01), elt, r)), shape)
    pos = b.compare(v, b.splat(0.0, elt, r), "GT", shape)
    return b.emit(WhereOp.build(pos, v, scaled), shape)


def _unary_node(b: GraphBuilder, node: torch.fx.Node, cls: Any, x: Any) -> Value:
    shape = out_shape(node)
    (v,) = operands(b, [x], out_elt(node), len(shape))
    return b.emit(cls.build(v), shape)


_UNARY = {"relu": ReluOp, "abs": AbsOp, "sqrt": SqrtOp, "rsqrt": RsqrtOp, "exp": ExpOp}


@aten(*_UNARY)
def _unary(b: GraphBuilder, node: torch.fx.Node) -> Value:
    cls = _UNARY[node.target.overloadpacket.__name__]  # type: ignore[union-attr]
    return _unary_node(b, node, cls, arg(node, 0, "self"))


def _input(b: GraphBuilder, node: torch.fx.Node) -> tuple[Value, tuple[SizeExpr, ...], Type]:
    shape = out_shape(node)
    elt = out_elt(node)
    (v,) = operands(b, [arg(node, 0, "self")], elt, len(shape))
    return v, shape, elt


def _c(b: GraphBuilder, value: float, elt: Type, rank: int) -> Value:
    return b.splat(value, elt, rank)


@aten("neg")
def _neg(b: GraphBuilder, node: torch.fx.Node) -> Value:
    v, shape, elt = _input(b, node)
    return b.emit(MulOp.build(v, _c(b, -1, elt, len(shape))), shape)


@aten("reciprocal")
def _reciprocal(b: GraphBuilder, node: torch.fx.Node) -> Value:
    v, shape, elt = _input(b, node)
    return b.emit(DivOp.build(_c(b, 1.0, elt, len(shape)), v), shape)


def _sigmoid_of(b: GraphBuilder, v: Value, shape: tuple[SizeExpr, ...], elt: Type) -> Value:
    """1 / (1 + exp(-v))."""
    r = len(shape)
    e = b.emit(ExpOp.build(b.emit(MulOp.build(v, _c(b, -1.0, elt, r)), shape)), shape)
    d = b.emit(AddOp.build(e, _c(b, 1.0, elt, r)), shape)
    return b.emit(DivOp.build(_c(b, 1.0, elt, r), d), shape)


@aten("sigmoid")
def _sigmoid(b: GraphBuilder, node: torch.fx.Node) -> Value:
    v, shape, elt = _input(b, node)
    return _sigmoid_of(b, v, shape, elt)


@aten("silu")
def _silu(b: GraphBuilder, node: torch.fx.Node) -> Value:
    v, shape, elt = _input(b, node)
    return b.emit(MulOp.build(v, _sigmoid_of(b, v, shape, elt)), shape)


@aten("tanh")
def _tanh(b: GraphBuilder, node: torch.fx.Node) -> Value:
    """tanh(x) = 2 * sigmoid(2x) - 1."""
    v, shape, elt = _input(b, node)
    r = len(shape)
    s = _sigmoid_of(b, b.emit(MulOp.build(v, _c(b, 2.0, elt, r)), shape), shape, elt)
    s2 = b.emit(MulOp.build(s, _c(b, 2.0, elt, r)), shape)
    return b.emit(SubOp.build(s2, _c(b, 1.0, elt, r)), shape)


# erfc(z) for z >= 0 as t * exp(-z^2 + P(t)), t = 1 / (1 + z/2): a Chebyshev fit with fractional
# error below 1.2e-7 everywhere (Numerical Recipes, `erfcc`); the coefficients of P, t^0 first.
_ERFC = (
    -1.26551223, 1.00002368, 0.37409196, 0.09678418, -0.18628806,
    0.27886807, -1.13520398, 1.48851587, -0.82215223, 0.17087277,
)  # fmt: skip


def _gelu_check(node: torch.fx.Node) -> str | None:
    a = arg(node, 1, "approximate", "none")
    return None if a in ("none", "tanh") else f"gelu with approximate={a!r}"


@aten("gelu", check=_gelu_check)
def _gelu(b: GraphBuilder, node: torch.fx.Node) -> Value:
    """x * Phi(x). Exact form: Phi(x) = erfc(-x/sqrt(2)) / 2, with erfc from the fit above
    (relative accuracy, so tiny negative outputs keep their digits). `tanh` form:
    0.5 * (1 + tanh(y)) = sigmoid(2y), y = sqrt(2/pi) * (x + 0.044715 x^3)."""
    v, shape, elt = _input(b, node)
    r = len(shape)

    def c(x: float) -> Value:
        return _c(b, x, elt, r)

    def mul(x: Value, y: Value) -> Value:
        return b.emit(MulOp.build(x, y), shape)

    def add(x: Value, y: Value) -> Value:
        return b.emit(AddOp.build(x, y), shape)

    if arg(node, 1, "approximate", "none") == "tanh":
        x3 = mul(mul(v, v), v)
        y = mul(add(v, mul(x3, c(0.044715))), c(2.0 * 0.7978845608028654))
        return mul(v, _sigmoid_of(b, y, shape, elt))
    z = mul(b.emit(AbsOp.build(v), shape), c(0.7071067811865476))
    t = b.emit(DivOp.build(c(1.0), add(c(1.0), mul(z, c(0.5)))), shape)
    p = c(_ERFC[-1])
    for k in reversed(_ERFC[:-1]):
        p = add(mul(p, t), c(k))
    expo = b.emit(SubOp.build(p, mul(z, z)), shape)
    half_erfc = mul(mul(t, b.emit(ExpOp.build(expo), shape)), c(0.5))  # erfc(|x|/sqrt2) / 2
    neg = b.compare(v, c(0.0), "LT", shape)
    phi = b.emit(
        WhereOp.build(neg, half_erfc, b.emit(SubOp.build(c(1.0), half_erfc), shape)), shape
    )
    return mul(v, phi)


# --------------------------------------------------------------------------- identity-like


def _dropout_check(node: torch.fx.Node) -> str | None:
    train = arg(node, 2, "train", None)
    return "dropout in training mode" if train else None


@aten("dropout", "feature_dropout", "alpha_dropout", check=_dropout_check)
def _dropout(b: GraphBuilder, node: torch.fx.Node) -> Value:
    """Inference: the identity."""
    return tensor(b, arg(node, 0, "input"))


@aten("native_dropout", check=_dropout_check)
def _native_dropout(b: GraphBuilder, node: torch.fx.Node) -> Any:
    return (tensor(b, arg(node, 0, "input")), None)


@aten("clone", "contiguous", "alias", "detach", "detach_", "lift_fresh_copy", "lift_fresh",
      "_to_copy", "to", "type_as", "_to_dim_order_copy")  # fmt: skip
def _copy(b: GraphBuilder, node: torch.fx.Node) -> Value:
    """A copy (values are immutable in LLH): only an element-type change is an op."""
    return b.convert(tensor(b, arg(node, 0, "self")), out_elt(node))


# --------------------------------------------------------------------------- constants


def _fill_value(node: torch.fx.Node) -> Any:
    name = node.target.overloadpacket.__name__  # type: ignore[union-attr]
    if name in ("zeros", "zeros_like", "new_zeros"):
        return 0
    if name in ("ones", "ones_like", "new_ones"):
        return 1
    if name == "scalar_tensor":
        return arg(node, 0, "s")
    if name == "new_full":
        return arg(node, 2, "fill_value")
    return arg(node, 1, "fill_value")


def _fill_check(node: torch.fx.Node) -> str | None:
    v = _fill_value(node)
    return None if isinstance(v, (bool, int, float)) else f"a fill value {v!r}"


@aten("full", "zeros", "ones", "full_like", "zeros_like", "ones_like", "new_zeros", "new_ones",
      "new_full", "scalar_tensor", check=_fill_check)  # fmt: skip
def _full(b: GraphBuilder, node: torch.fx.Node) -> Value:
    """A splat constant, `llh.expand`ed to the (possibly symbolic) result sizes."""
    shape, elt = out_shape(node), out_elt(node)
    v = b.splat(_fill_value(node), elt, len(shape))
    if all(d == 1 for d in shape):
        return v
    return b.emit(ExpandOp.build(v, [b.size_value(d) for d in shape]), shape)


# --------------------------------------------------------------------------- shapes


@aten("view", "_unsafe_view", "reshape", "flatten", "unflatten", "unsqueeze", "squeeze",
      "view_copy", "_reshape_alias", "view_as", "reshape_as")  # fmt: skip
def _reshape(b: GraphBuilder, node: torch.fx.Node) -> Value:
    return b.reshape(tensor(b, arg(node, 0, "self")), out_shape(node))


@aten("expand", "expand_as", "broadcast_to", "expand_copy")
def _expand(b: GraphBuilder, node: torch.fx.Node) -> Value:
    shape = out_shape(node)
    v = b.align_rank(tensor(b, arg(node, 0, "self")), len(shape))
    if b.shape(v) == shape:
        return v
    return b.emit(ExpandOp.build(v, [b.size_value(d) for d in shape]), shape)


def _transpose_to(b: GraphBuilder, node: torch.fx.Node, perms: Sequence[int]) -> Value:
    v = tensor(b, arg(node, 0, "self"))
    if list(perms) == list(range(len(perms))):
        return v
    return b.emit(TransposeOp.build(v, list(perms)), out_shape(node))


@aten("permute", "permute_copy")
def _permute(b: GraphBuilder, node: torch.fx.Node) -> Value:
    rank = len(out_shape(node))
    return _transpose_to(b, node, [d % rank for d in _ints(arg(node, 1, "dims"))])


@aten("transpose", "swapaxes", "transpose_copy")
def _transpose(b: GraphBuilder, node: torch.fx.Node) -> Value:
    rank = len(out_shape(node))
    perms = list(range(rank))
    if rank:
        i, j = int(arg(node, 1, "dim0")) % rank, int(arg(node, 2, "dim1")) % rank
        perms[i], perms[j] = perms[j], perms[i]
    return _transpose_to(b, node, perms)


@aten("t", "numpy_T")
def _t(b: GraphBuilder, node: torch.fx.Node) -> Value:
    rank = len(out_shape(node))
    return _transpose_to(b, node, list(range(rank))[::-1])


@aten("cat", "concat", "concatenate")
def _cat(b: GraphBuilder, node: torch.fx.Node) -> Value:
    shape = out_shape(node)
    elt = out_elt(node)
    # torch skips 1-D empty tensors (legacy); only statically empty ones are recognized here.
    xs = [x for x in arg(node, 0, "tensors") if tuple(out_shape(x)) != (0,)]
    vals = [b.convert(tensor(b, x), elt) for x in xs]
    dim = int(arg(node, 1, "dim", 0)) % len(shape)
    if len(vals) == 1:
        return vals[0]
    return b.emit(CatOp.build(vals, dim), shape)


def _slice_to(
    b: GraphBuilder, node: torch.fx.Node, v: Value, dim: int, start: SizeExpr, length: SizeExpr,
    step: int,
) -> Value:  # fmt: skip
    """`v[..., start : start + (length - 1) * step + 1 : step, ...]` in dimension `dim`."""
    shape = b.shape(v)
    rank = len(shape)
    out = list(shape)
    out[dim] = length
    starts = [b.const_int(0)] * rank
    ends = [b.size_value(d) for d in shape]
    starts[dim] = b.size_value(start)
    ends[dim] = b.size_value(start + (length - 1) * step + 1 if step != 1 else start + length)
    if step == 1:
        return b.emit(SliceOp.build(v, starts, ends, result_type=v.type), out)
    strides = [b.const_int(1)] * rank
    strides[dim] = b.const_int(step)
    return b.emit(StrideSliceOp.build(v, starts, ends, strides, result_type=v.type), out)


def _start_expr(b: GraphBuilder, x: Any, size: SizeExpr) -> SizeExpr:
    """A start index as torch normalizes it (negative counts from the end, clamped)."""
    if x is None:
        return 0
    if isinstance(x, torch.fx.Node):
        return size_expr(x.meta["val"])
    s = int(x)
    if s < 0:
        s = size + s
        if isinstance(s, int):
            s = max(s, 0)
        return s
    if isinstance(size, int):
        return min(s, size)
    return s


def _slice_check(node: torch.fx.Node) -> str | None:
    step = arg(node, 4, "step", 1)
    if not isinstance(step, int) or step < 1:
        return f"slice with step {step!r}"
    return None


@aten("slice", "slice_copy", check=_slice_check)
def _slice(b: GraphBuilder, node: torch.fx.Node) -> Value:
    v = tensor(b, arg(node, 0, "self"))
    shape = b.shape(v)
    dim = int(arg(node, 1, "dim", 0)) % len(shape)
    length = out_shape(node)[dim]
    if length == shape[dim]:
        return v
    start = _start_expr(b, arg(node, 2, "start"), shape[dim])
    return _slice_to(b, node, v, dim, start, length, int(arg(node, 4, "step", 1)))


@aten("narrow", "narrow_copy")
def _narrow(b: GraphBuilder, node: torch.fx.Node) -> Value:
    v = tensor(b, arg(node, 0, "self"))
    shape = b.shape(v)
    dim = int(arg(node, 1, "dim")) % len(shape)
    start = _start_expr(b, arg(node, 2, "start"), shape[dim])
    return _slice_to(b, node, v, dim, start, out_shape(node)[dim], 1)


@aten("select", "select_copy")
def _select(b: GraphBuilder, node: torch.fx.Node) -> Value:
    v = tensor(b, arg(node, 0, "self"))
    shape = b.shape(v)
    dim = int(arg(node, 1, "dim")) % len(shape)
    start = _start_expr(b, arg(node, 2, "index"), shape[dim])
    s = _slice_to(b, node, v, dim, start, 1, 1)
    return b.reshape(s, out_shape(node))


# --------------------------------------------------------------------------- reductions


def _reduce_to(
    b: GraphBuilder, node: torch.fx.Node, cls: Any, v: Value, dims: list[int], keepdim: bool,
) -> Value:  # fmt: skip
    shape = b.shape(v)
    kept = [d for i, d in enumerate(shape) if i not in dims]
    if not dims:
        return v
    r = b.emit(cls.build(v, dims), kept)
    if keepdim:
        r = b.reshape(r, [1 if i in dims else d for i, d in enumerate(shape)])
    return r


def _reduce_args(
    b: GraphBuilder, node: torch.fx.Node, dims_default: Any = None
) -> tuple[Value, list[int], bool]:
    v = b.convert(tensor(b, arg(node, 0, "self")), out_elt(node))
    rank = len(b.shape(v))
    dims = _dims(arg(node, 1, "dim", dims_default), rank)
    keep = bool(arg(node, 2, "keepdim", False))
    return v, dims, keep


@aten("sum")
def _sum(b: GraphBuilder, node: torch.fx.Node) -> Value:
    if node.target is torch.ops.aten.sum.default:
        v = b.convert(tensor(b, arg(node, 0, "self")), out_elt(node))
        return _reduce_to(b, node, ReduceSumOp, v, list(range(len(b.shape(v)))), False)
    v, dims, keep = _reduce_args(b, node)
    return _reduce_to(b, node, ReduceSumOp, v, dims, keep)


@aten("amax", "amin")
def _amax(b: GraphBuilder, node: torch.fx.Node) -> Value:
    cls = ReduceMaxOp if node.target.overloadpacket is torch.ops.aten.amax else ReduceMinOp  # type: ignore[union-attr]
    v, dims, keep = _reduce_args(b, node)
    return _reduce_to(b, node, cls, v, dims, keep)


@aten("mean")
def _mean(b: GraphBuilder, node: torch.fx.Node) -> Value:
    """sum / (number of reduced elements)."""
    elt = out_elt(node)
    if node.target is torch.ops.aten.mean.default:
        v = b.convert(tensor(b, arg(node, 0, "self")), elt)
        dims, keep = list(range(len(b.shape(v)))), False
    else:
        v, dims, keep = _reduce_args(b, node)
    shape = b.shape(v)
    s = _reduce_to(b, node, ReduceSumOp, v, dims, keep)
    count: Any = 1
    for i in dims:
        count = count * shape[i]
    rank = len(b.shape(s))
    n = (
        b.splat(count, elt, rank)
        if isinstance(count, int)
        else b.scalar_tensor(b.size_value(count), elt, rank)
    )
    return b.emit(DivOp.build(s, n), b.shape(s))


def _softmax_parts(
    b: GraphBuilder, node: torch.fx.Node
) -> tuple[Value, Value, Value, tuple[SizeExpr, ...], Type]:
    """(x - max(x), exp(x - max(x)), their sum with kept dims) along the node's dimension."""
    shape = out_shape(node)
    elt = out_elt(node)
    x = b.convert(tensor(b, arg(node, 0, "self")), elt)
    dim = int(arg(node, 1, "dim")) % max(len(shape), 1)
    m = _reduce_to(b, node, ReduceMaxOp, x, [dim], True)
    shifted = b.emit(SubOp.build(x, m), shape)
    e = b.emit(ExpOp.build(shifted), shape)
    s = _reduce_to(b, node, ReduceSumOp, e, [dim], True)
    return shifted, e, s, shape, elt


@aten("softmax", "_softmax", "special_softmax")
def _softmax(b: GraphBuilder, node: torch.fx.Node) -> Value:
    _, e, s, shape, _ = _softmax_parts(b, node)
    return b.emit(DivOp.build(e, s), shape)


def log_positive(b: GraphBuilder, v: Value, shape: tuple[SizeExpr, ...], elt: Type) -> Value:
    """log(v) for positive v with LLH ops: in f64, log(v) = 2^16 * log1p(u) where
    u = v^(2^-16) - 1 is tiny, and log1p(u) = u - u^2/2 + u^3/3 - u^4/4 + u^5/5 (truncation
    error < 2^16 * u^6/6, below 1e-12 for v in [1e-30, 1e30])."""
    f64 = element_type(torch.float64)
    r = len(shape)
    x = b.convert(v, f64)

    def c(k: float) -> Value:
        return b.splat(k, f64, r)

    t = b.emit(PowOp.build(x, c(2.0**-16)), shape)
    u = b.emit(SubOp.build(t, c(1.0)), shape)
    p = c(1.0 / 5)
    for k in (-1.0 / 4, 1.0 / 3, -1.0 / 2, 1.0):
        p = b.emit(AddOp.build(b.emit(MulOp.build(p, u), shape), c(k)), shape)
    lg = b.emit(MulOp.build(b.emit(MulOp.build(p, u), shape), c(2.0**16)), shape)
    return b.convert(lg, elt)


@aten("log_softmax", "_log_softmax", "special_log_softmax")
def _log_softmax(b: GraphBuilder, node: torch.fx.Node) -> Value:
    """(x - max) - log(sum(exp(x - max))); the sum is in [1, n], see `log_positive`."""
    shifted, _, s, shape, elt = _softmax_parts(b, node)
    return b.emit(SubOp.build(shifted, log_positive(b, s, b.shape(s), elt)), shape)


# --------------------------------------------------------------------------- linear algebra


@aten("mm")
def _mm(b: GraphBuilder, node: torch.fx.Node) -> Value:
    elt = out_elt(node)
    x, y = (b.convert(tensor(b, a), elt) for a in (arg(node, 0, "self"), arg(node, 1, "mat2")))
    return b.emit(MatMulOp.build(x, y), out_shape(node))


@aten("bmm")
def _bmm(b: GraphBuilder, node: torch.fx.Node) -> Value:
    elt = out_elt(node)
    x, y = (b.convert(tensor(b, a), elt) for a in (arg(node, 0, "self"), arg(node, 1, "mat2")))
    return b.emit(BatchMatMulOp.build(x, y), out_shape(node))


def matmul_values(b: GraphBuilder, x: Value, y: Value, out: tuple[SizeExpr, ...]) -> Value:
    """torch.matmul of `x` and `y` (any ranks >= 1) with result shape `out`."""
    xs, ys = b.shape(x), b.shape(y)
    if len(xs) == 1:
        r = matmul_values(
            b, b.reshape(x, (1, xs[0])), y, (*out[:-1], 1, out[-1]) if len(ys) > 1 else (1,)
        )
        return b.reshape(r, out)
    if len(ys) == 1:
        r = matmul_values(b, x, b.reshape(y, (ys[0], 1)), (*out, 1))
        return b.reshape(r, out)
    if len(xs) == 2 and len(ys) == 2:
        return b.emit(MatMulOp.build(x, y), out)
    if len(ys) == 2:  # [..., M, K] x [K, N]: fold the batch into M
        m = 1
        for d in xs[:-1]:
            m = m * d
        r = b.emit(MatMulOp.build(b.reshape(x, (m, xs[-1])), y), (m, ys[-1]))
        return b.reshape(r, out)
    batch = out[:-2]
    nb: Any = 1
    for d in batch:
        nb = nb * d

    def to3(v: Value, s: tuple[SizeExpr, ...]) -> Value:
        full = (*batch, *s[-2:])
        if s != full:
            v = b.align_rank(v, len(full))
            if b.shape(v) != full:
                v = b.emit(ExpandOp.build(v, [b.size_value(d) for d in full]), full)
        return b.reshape(v, (nb, *s[-2:]))

    r = b.emit(BatchMatMulOp.build(to3(x, xs), to3(y, ys)), (nb, out[-2], out[-1]))
    return b.reshape(r, out)


@aten("matmul")
def _matmul(b: GraphBuilder, node: torch.fx.Node) -> Value:
    elt = out_elt(node)
    x, y = (b.convert(tensor(b, a), elt) for a in (arg(node, 0, "self"), arg(node, 1, "other")))
    return matmul_values(b, x, y, out_shape(node))


def _add_bias(
    b: GraphBuilder, v: Value, bias: Any, elt: Type, shape: tuple[SizeExpr, ...]
) -> Value:
    if bias is None:
        return v
    (bv,) = operands(b, [bias], elt, len(shape))
    return b.emit(AddOp.build(v, bv), shape)


@aten("addmm")
def _addmm(b: GraphBuilder, node: torch.fx.Node) -> Value:
    """beta * bias + alpha * (m1 @ m2)."""
    elt, shape = out_elt(node), out_shape(node)
    x, y = (b.convert(tensor(b, a), elt) for a in (arg(node, 1, "mat1"), arg(node, 2, "mat2")))
    mm = b.emit(MatMulOp.build(x, y), shape)
    alpha, beta = arg(node, 4, "alpha", 1), arg(node, 3, "beta", 1)
    if alpha != 1:
        mm = b.emit(MulOp.build(mm, b.splat(alpha, elt, 2)), shape)
    bias = arg(node, 0, "self")
    if beta == 0:
        return mm
    (bv,) = operands(b, [bias], elt, 2)
    if beta != 1:
        bv = b.emit(MulOp.build(bv, b.splat(beta, elt, 2)), b.shape(bv))
    return b.emit(AddOp.build(mm, bv), shape)


@aten("linear")
def _linear(b: GraphBuilder, node: torch.fx.Node) -> Value:
    elt, shape = out_elt(node), out_shape(node)
    x = b.convert(tensor(b, arg(node, 0, "input")), elt)
    w = b.convert(tensor(b, arg(node, 1, "weight")), elt)
    ws = b.shape(w)
    wt = b.emit(TransposeOp.build(w, [1, 0]), (ws[1], ws[0])) if len(ws) == 2 else w
    r = matmul_values(b, x, wt, shape)
    return _add_bias(b, r, arg(node, 2, "bias"), elt, shape)


# --------------------------------------------------------------------------- convolution, pooling


def _conv_check(node: torch.fx.Node) -> str | None:
    if node.target.overloadpacket is torch.ops.aten.convolution and arg(node, 6, "transposed"):  # type: ignore[union-attr]
        return "transposed convolution"
    return None


def _pads(padding: Any, kernel: Sequence[int], dilation: Sequence[int]) -> list[int]:
    k = len(kernel)
    if padding == "valid":
        return [0] * (2 * k)
    if padding == "same":
        total = [d * (s - 1) for d, s in zip(dilation, kernel)]
        begin = [t // 2 for t in total]
        return begin + [t - bg for t, bg in zip(total, begin)]
    p = _ints(padding, k)
    return p + p


@aten("convolution", "conv1d", "conv2d", "conv3d", "_convolution", check=_conv_check)
def _conv(b: GraphBuilder, node: torch.fx.Node) -> Value:
    elt, shape = out_elt(node), out_shape(node)
    x = b.convert(tensor(b, arg(node, 0, "input")), elt)
    w = b.convert(tensor(b, arg(node, 1, "weight")), elt)
    bias = arg(node, 2, "bias")
    kernel = [int(d) for d in b.shape(w)[2:]]  # weights are static
    k = len(kernel)
    stride = _ints(arg(node, 3, "stride", 1), k)
    dilation = _ints(arg(node, 5, "dilation", 1), k)
    pad = _pads(arg(node, 4, "padding", 0), kernel, dilation)
    if node.target.overloadpacket in (torch.ops.aten.convolution, torch.ops.aten._convolution):  # type: ignore[union-attr]
        groups = int(arg(node, 8, "groups", 1))
    else:
        groups = int(arg(node, 6, "groups", 1))
    if bias is None:
        op = ConvOp.build(x, w, kernel, stride, pad, dilation, groups)
    else:
        bv = b.convert(tensor(b, bias), elt)
        op = ConvBiasOp.build(x, w, bv, kernel, stride, pad, dilation, groups)
    return b.emit(op, shape)


def _pool_indices_unused(node: torch.fx.Node) -> str | None:
    if node.target.overloadpacket is torch.ops.aten.max_pool2d_with_indices:  # type: ignore[union-attr]
        for user in node.users:
            if user.target is operator.getitem and user.args[1] != 0:
                return "max_pool2d_with_indices whose indices are used"
    return None


@aten(
    "max_pool1d", "max_pool2d", "max_pool3d", "max_pool2d_with_indices", check=_pool_indices_unused
)
def _max_pool(b: GraphBuilder, node: torch.fx.Node) -> Any:
    v = tensor(b, arg(node, 0, "self"))
    k = len(b.shape(v)) - 2
    kernel = _ints(arg(node, 1, "kernel_size"), k)
    stride = _ints(arg(node, 2, "stride") or kernel, k)
    pad = _ints(arg(node, 3, "padding", 0), k)
    dilation = _ints(arg(node, 4, "dilation", 1), k)
    ceil = bool(arg(node, 5, "ceil_mode", False))
    r = b.emit(MaxPoolOp.build(v, kernel, stride, pad + pad, dilation, ceil), out_shape(node))
    if node.target.overloadpacket is torch.ops.aten.max_pool2d_with_indices:  # type: ignore[union-attr]
        return (r, None)
    return r


@aten("adaptive_avg_pool1d", "adaptive_avg_pool2d", "_adaptive_avg_pool2d", "adaptive_avg_pool3d",
      "_adaptive_avg_pool3d")  # fmt: skip
def _adaptive_avg_pool(b: GraphBuilder, node: torch.fx.Node) -> Value:
    v = tensor(b, arg(node, 0, "self"))
    shape = out_shape(node)
    k = len(_ints(arg(node, 1, "output_size")))
    out = [int(d) for d in shape[len(shape) - k :]]
    return b.emit(AdaptiveAvgPoolOp.build(v, out), shape)


# --------------------------------------------------------------------------- normalization


def _param(b: GraphBuilder, x: Any, fill: float, elt: Type, n: SizeExpr) -> Value:
    """A per-feature parameter, or a constant vector of `fill` when torch passes None."""
    if x is not None:
        return b.convert(tensor(b, x), elt)
    if not isinstance(n, int):
        raise ImportError_("a normalization without weight over a dynamic feature size")
    import numpy as np

    from llh_opt.dialects.llh import ConstantOp
    from llh_opt.ir.dense import dense_from_numpy
    from llh_opt.ir.types import RankedTensorType

    t = RankedTensorType((n,), elt)
    data = np.full((n,), fill, dtype=np.float64)
    return b.emit(ConstantOp.build(dense_from_numpy(data, t), result_type=t), (n,))


def _statistics_used(node: torch.fx.Node) -> bool:
    """Whether a normalization's saved statistics (outputs after the first) are read."""
    return any(u.target is operator.getitem and u.args[1] != 0 for u in node.users)


def _bn_check(node: torch.fx.Node) -> str | None:
    packet = node.target.overloadpacket  # type: ignore[union-attr]
    if packet is torch.ops.aten.batch_norm and arg(node, 5, "training"):
        return "batch_norm in training mode"
    if packet is torch.ops.aten._native_batch_norm_legit_no_training and _statistics_used(node):
        return "the saved statistics of batch_norm"
    return None


@aten("batch_norm", "_native_batch_norm_legit_no_training", check=_bn_check)
def _batch_norm(b: GraphBuilder, node: torch.fx.Node) -> Any:
    elt, shape = out_elt(node), out_shape(node)
    x = b.convert(tensor(b, arg(node, 0, "input")), elt)
    c = shape[1] if len(shape) > 1 else shape[0]
    w = _param(b, arg(node, 1, "weight"), 1.0, elt, c)
    bias = _param(b, arg(node, 2, "bias"), 0.0, elt, c)
    mean = b.convert(tensor(b, arg(node, 3, "running_mean")), elt)
    var = b.convert(tensor(b, arg(node, 4, "running_var")), elt)
    if node.target.overloadpacket is torch.ops.aten.batch_norm:  # type: ignore[union-attr]
        momentum, eps = arg(node, 6, "momentum", 0.1), arg(node, 7, "eps", 1e-5)
    else:
        momentum, eps = arg(node, 5, "momentum", 0.1), arg(node, 6, "eps", 1e-5)
    op = BatchNormOp.build(x, w, bias, mean, var, float(eps), float(momentum), 1)
    r = b.emit(op, shape)
    if node.target.overloadpacket is torch.ops.aten.batch_norm:  # type: ignore[union-attr]
        return r
    return (r, None, None)


def _ln_check(node: torch.fx.Node) -> str | None:
    packet = node.target.overloadpacket  # type: ignore[union-attr]
    if packet is torch.ops.aten.native_layer_norm and _statistics_used(node):
        return "the saved statistics of layer_norm"
    return None


@aten("layer_norm", "native_layer_norm", check=_ln_check)
def _layer_norm(b: GraphBuilder, node: torch.fx.Node) -> Any:
    elt, shape = out_elt(node), out_shape(node)
    x = b.convert(tensor(b, arg(node, 0, "input")), elt)
    norm = _ints(arg(node, 1, "normalized_shape"))
    n: Any = 1
    for d in norm:
        n *= d
    w, bias = arg(node, 2, "weight"), arg(node, 3, "bias")
    eps = arg(node, 4, "eps", 1e-5)
    if w is None or bias is None:
        import numpy as np

        from llh_opt.dialects.llh import ConstantOp
        from llh_opt.ir.dense import dense_from_numpy
        from llh_opt.ir.types import RankedTensorType

        t = RankedTensorType(tuple(norm), elt)

        def filled(v: float) -> Value:
            data = np.full(tuple(norm), v, dtype=np.float64)
            return b.emit(ConstantOp.build(dense_from_numpy(data, t), result_type=t), tuple(norm))

    wv = b.convert(tensor(b, w), elt) if w is not None else filled(1.0)
    bv = b.convert(tensor(b, bias), elt) if bias is not None else filled(0.0)
    r = b.emit(LayerNormOp.build(x, wv, bv, len(shape) - len(norm), float(eps)), shape)
    if node.target.overloadpacket is torch.ops.aten.native_layer_norm:  # type: ignore[union-attr]
        return (r, None, None)
    return r


# --------------------------------------------------------------------------- sizes


@aten("sym_size")
def _sym_size(b: GraphBuilder, node: torch.fx.Node) -> Value:
    v = tensor(b, arg(node, 0, "self"))
    rank = len(b.shape(v))
    d = int(arg(node, 1, "dim")) % rank
    e = b.shape(v)[d]
    if isinstance(e, int):
        return b.const_int(e)
    return b.emit(DimOp.build(v, b.const_int(d)))


def _is_float_elt(t: Type) -> bool:
    return isinstance(element_type_of(t), FloatType)


# Python operators on SymInts (`operator.mul(sym_size, 8)`) → i64 scalar arithmetic.
SCALAR_FUNCTIONS: dict[Any, Any] = {
    operator.add: AddOp,
    operator.sub: SubOp,
    operator.mul: MulOp,
    operator.floordiv: DivOp,
}

# Comparisons of SymInts: only torch's runtime asserts (ignored above) consume them.
SYMBOOL_FUNCTIONS = frozenset(
    {operator.ge, operator.gt, operator.le, operator.lt, operator.eq, operator.ne, operator.and_}
)

SUPPORTED_ATEN: frozenset[str] = frozenset(HANDLERS)

# What each handler builds (the README's supported-op table, `tools/gen_torch_op_table.py`).
TRANSLATIONS: dict[str, str] = {
    "_add_sub": "`llh.add` / `llh.sub` (`alpha` as an `llh.mul`)",
    "_rsub": "`llh.sub` with swapped operands",
    "_div": "`llh.div` (no float `rounding_mode`)",
    "_simple_binary": "`llh.mul` / `llh.max` / `llh.min`",
    "_pow": "`llh.pow` (`x**2` as `llh.mul`, `x**0.5` as `llh.sqrt`)",
    "_compare": "`llh.compare` (EQ, NE, LT, LE, GT, GE)",
    "_where": "`llh.where`",
    "_and_or": "`llh.where` on booleans",
    "_not": "`llh.compare` EQ false on booleans",
    "_clamp": "`llh.max` / `llh.min`",
    "_unary": "`llh.relu` / `llh.abs` / `llh.sqrt` / `llh.rsqrt` / `llh.exp`",
    "_neg": "`llh.mul` by -1",
    "_reciprocal": "`llh.div` of 1",
    "_sigmoid": "decomposed: 1 / (1 + exp(-x))",
    "_silu": "decomposed: x * sigmoid(x)",
    "_tanh": "decomposed: 2 * sigmoid(2x) - 1",
    "_gelu": "decomposed: x * Phi(x) with erfc from `llh.exp` (rel. error < 1.2e-7); tanh form as x * sigmoid(2y)",
    "_dropout": "identity (inference; training mode is refused)",
    "_native_dropout": "identity (inference; training mode is refused)",
    "_copy": "identity, or `llh.convert_to` for a dtype change",
    "_reshape": "`llh.reshape` to torch's result sizes (`i64` size operands)",
    "_expand": "`llh.expand`",
    "_permute": "`llh.transpose`",
    "_transpose": "`llh.transpose`",
    "_t": "`llh.transpose`",
    "_cat": "`llh.cat`",
    "_slice": "`llh.slice` / `llh.stride_slice` (step > 1)",
    "_narrow": "`llh.slice`",
    "_select": "`llh.slice` + `llh.reshape`",
    "_sum": "`llh.reduce_sum` (+ `llh.reshape` for keepdim)",
    "_amax": "`llh.reduce_max` / `llh.reduce_min` (+ `llh.reshape` for keepdim)",
    "_mean": "decomposed: `llh.reduce_sum` / element count",
    "_softmax": "decomposed: `reduce_max`, `sub`, `exp`, `reduce_sum`, `div`",
    "_log_softmax": "decomposed: x - max - log(sum(exp(x - max))), log by `llh.pow` in f64",
    "_mm": "`llh.matmul`",
    "_bmm": "`llh.batch_matmul`",
    "_matmul": "`llh.matmul` / `llh.batch_matmul` with `llh.reshape` / `llh.expand` for other ranks",
    "_addmm": "`llh.matmul` + `llh.add` (`alpha`/`beta` as `llh.mul`)",
    "_linear": "`llh.transpose` + `llh.matmul` + `llh.add`",
    "_conv": "`llh.conv` / `llh.conv_bias` (1-D/2-D/3-D, groups, dilation, padding incl. 'same'; not transposed)",
    "_max_pool": "`llh.max_pool` (indices not used)",
    "_adaptive_avg_pool": "`llh.adaptive_average_pool`",
    "_batch_norm": "`llh.batch_norm` (inference statistics)",
    "_layer_norm": "`llh.layer_norm`",
    "_sym_size": "`llh.dim` (a static size: `llh.constant`)",
    "_hardtanh": "`llh.max` + `llh.min` (relu6: bounds 0 and 6)",
    "_leaky_relu": "`llh.compare` + `llh.mul` + `llh.where`",
    "_full": "`llh.constant` splat, `llh.expand`ed to the result sizes",
}
