"""Folding support shared by the op folders and the greedy driver: reading constant operands,
scalar and tensor constant arithmetic (numpy, loaded lazily), and materializing a folded attribute
through the folded op's dialect (`Dialect.materialize_constant`).

What does not live here: which op folds to what (the ops' `fold` methods; LLH's rules are in
``dialects/llh/fold.py``), which constant op a dialect builds (its `Dialect` subclass) and when
folding runs (``greedy.py``).

The fold protocol (MLIR's `OpFoldResult`): `op.fold(operands)` receives one entry per operand, the
constant attribute of that operand (`IntegerAttr`, `FloatAttr`, `DenseElementsAttr`) or None, and
returns None (no fold), an existing `Value` or an `Attribute` per result (a single one for
single-result ops), or the op's own result / an empty list when it changed the op in place.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from llh_opt.ir.attributes import (
    Attribute,
    DenseElementsAttr,
    FloatAttr,
    IntegerAttr,
)
from llh_opt.ir.core import Operation, OpResult, Value
from llh_opt.ir.literals import bits_to_float, float_to_bits, storage_bits, wrap_integer
from llh_opt.ir.opdef import DIALECTS, constant_like_value
from llh_opt.ir.types import (
    DYNAMIC,
    FloatType,
    IndexType,
    IntegerType,
    RankedTensorType,
    Type,
    UnrankedTensorType,
    element_type_of,
)
from llh_opt.lazy import lazy_import

if TYPE_CHECKING:
    import numpy

    from llh_opt.rewrite.rewriter import PatternRewriter

np = lazy_import("numpy")

__all__ = [
    "FoldResult",
    "constant_value",
    "constant_operands",
    "dense_scalar",
    "fold_elementwise",
    "float_attr",
    "int_attr",
    "is_splat_of",
    "materialize_constant",
    "scalar_value",
    "static_value_type",
]

FoldResult = Value | Attribute | Sequence[Value | Attribute] | None
"""What `op.fold(operands)` returns (see the module docstring)."""

# --------------------------------------------------------------------------- constant operands


def constant_value(value: Value) -> Attribute | None:
    """The constant a value holds (MLIR's `m_Constant`): the `value` of the `ConstantLike` op
    defining it, None otherwise."""
    if value.__class__ is not OpResult:
        return None
    return constant_like_value(value.op)  # type: ignore[attr-defined]


def constant_operands(op: Operation) -> list[Attribute | None]:
    """The fold adaptor of `op`: each operand's constant, or None."""
    return [constant_value(u.value) for u in op.operand_uses]


# --------------------------------------------------------------------------- scalar values


def scalar_value(attr: Attribute | None) -> int | float | None:
    """The number a scalar or splat constant stands for (ints as stored, floats decoded)."""
    if attr is None:
        return None
    cls = attr.__class__
    if cls is IntegerAttr:
        return attr.value  # type: ignore[attr-defined, no-any-return]
    if cls is FloatAttr:
        return attr.value  # type: ignore[attr-defined, no-any-return]
    if cls is DenseElementsAttr and attr.is_splat:  # type: ignore[attr-defined]
        et = attr.type.element_type  # type: ignore[attr-defined]
        v = attr.values[0]  # type: ignore[attr-defined]
        if isinstance(et, FloatType):
            return bits_to_float(v, et.name)
        if isinstance(et, (IntegerType, IndexType)):
            return v  # type: ignore[no-any-return]
    return None


def is_splat_of(attr: Attribute | None, number: float, negative_zero: bool = False) -> bool:
    """`attr` is a scalar or splat equal to `number`; with `negative_zero`, a float zero must be
    −0.0 (the additive identity of IEEE floats)."""
    v = scalar_value(attr)
    if v is None or v != number:
        return False
    if negative_zero and isinstance(v, float):
        return str(v).startswith("-")
    return True


def int_attr(value: int, type: Type) -> IntegerAttr:
    """`value` wrapped to `type`'s width (two's complement; unsigned types hold [0, 2^w))."""
    if isinstance(type, IntegerType):
        sign = ("signless", "signed", "unsigned")[type.signedness]
        return IntegerAttr(wrap_integer(value, type.width, sign), type)
    return IntegerAttr(wrap_integer(value, 64, "signless"), type)  # index


def float_attr(value: float, type: FloatType) -> FloatAttr:
    """`value` rounded to `type` (nearest even, overflow to ±inf)."""
    return FloatAttr(storage_bits(float_to_bits(value, type.name), type.name), type)


# --------------------------------------------------------------------------- tensors (numpy)


def static_value_type(result_type: Type, shape: tuple[int, ...]) -> RankedTensorType | None:
    """The type of a dense value of `shape` for a result of `result_type` (its element type, no
    encoding), or None when the shape contradicts a ranked result type."""
    if isinstance(result_type, RankedTensorType):
        rs = result_type.shape
        if len(rs) != len(shape) or any(d != DYNAMIC and d != s for d, s in zip(rs, shape)):
            return None
    elif not isinstance(result_type, UnrankedTensorType):
        return None
    return RankedTensorType(tuple(shape), element_type_of(result_type))


def _to_numpy(attr: DenseElementsAttr) -> numpy.ndarray:
    from llh_opt.ir.dense import dense_to_numpy

    if attr.is_splat:
        one = DenseElementsAttr(RankedTensorType((), attr.type.element_type), attr.values)
        return dense_to_numpy(one)
    return dense_to_numpy(attr)


def dense_scalar(array: numpy.ndarray, element_type: Type) -> Any:
    """The storage value (int, or float bits) of a one-element numpy array."""
    from llh_opt.ir.dense import dense_from_numpy

    return dense_from_numpy(array.reshape(1), RankedTensorType((1,), element_type)).values[0]


def fold_elementwise(
    fn: Callable[..., numpy.ndarray],
    attrs: Sequence[Attribute | None],
    result_type: Type,
    check: Callable[..., bool] | None = None,
) -> DenseElementsAttr | None:
    """`fn` applied with numpy broadcasting to dense constants; the result has `result_type`'s
    element type and the broadcast shape (which must fit `result_type`). Splat operands are
    computed once. `check(*arrays)` may veto the fold (e.g. integer division by zero)."""
    if not attrs or any(a.__class__ is not DenseElementsAttr for a in attrs):
        return None
    dense: list[DenseElementsAttr] = attrs  # type: ignore[assignment]
    try:
        shape = tuple(np.broadcast_shapes(*(a.type.shape for a in dense)))
    except ValueError:
        return None
    value_type = static_value_type(result_type, shape)
    if value_type is None:
        return None
    arrays = [_to_numpy(a) for a in dense]
    if check is not None and not check(*arrays):
        return None
    with np.errstate(all="ignore"):
        out = np.asarray(fn(*arrays))
    return _dense(out, value_type)


def _dense(out: numpy.ndarray, value_type: RankedTensorType) -> DenseElementsAttr | None:
    from llh_opt.ir.dense import dense_from_numpy

    et = value_type.element_type
    out = _cast(out, et)
    if out is None:
        return None
    if value_type.num_elements == 0:
        return None
    if out.ndim == 0:
        return DenseElementsAttr(value_type, (dense_scalar(out, et),))
    if out.shape != value_type.shape:
        out = np.broadcast_to(out, value_type.shape)
    return dense_from_numpy(out, value_type)


def _cast(out: numpy.ndarray, et: Type) -> numpy.ndarray | None:
    """`out` in a dtype `dense_from_numpy` stores exactly for `et` (None if it cannot)."""
    if isinstance(et, FloatType):
        return out if out.dtype.kind == "f" else None
    if isinstance(et, IntegerType) and et.width == 1:
        return out.astype(bool) if out.dtype.kind in "biu" else None
    if isinstance(et, (IntegerType, IndexType)):
        return out if out.dtype.kind in "iu" else None
    return None


def dense_array(attr: DenseElementsAttr) -> numpy.ndarray:
    """The full numpy array of a dense constant (splats expanded)."""
    from llh_opt.ir.dense import dense_to_numpy

    return dense_to_numpy(attr)


def dense_from_array(array: numpy.ndarray, result_type: Type) -> DenseElementsAttr | None:
    """A dense constant holding `array` for a result of `result_type` (None if it does not fit)."""
    value_type = static_value_type(result_type, tuple(array.shape))
    if value_type is None:
        return None
    return _dense(np.asarray(array), value_type)


# --------------------------------------------------------------------------- materialization


def materialize_constant(
    origin: Operation, value: Attribute, type: Type, rewriter: PatternRewriter
) -> Operation | None:
    """A constant op holding `value` with result `type`, built by the hook of `origin`'s dialect
    (`Dialect.materialize_constant`, MLIR's) at `origin`'s location and inserted at the
    rewriter's insertion point; None when the dialect cannot build one (the fold is then
    dropped)."""
    dialect = DIALECTS.get(origin.name.partition(".")[0])
    if dialect is None:
        return None
    op = dialect.materialize_constant(value, type, origin.location, origin)
    if op is None:
        return None
    return rewriter.insert(op)
