"""LLH fold rules (spec §5.2 with D4 and the §8 fixes): what each LLH op's `fold` method folds
to. The op classes declare `fold(self, operands)` and call in here (loaded on first use).

* integer scalars fold to new constants (add/sub/mul; `div` is floor division, the meaning the
  shape rules and the `FloorDiv` relation give it, never by zero; max/min), floats likewise in the
  op's precision; tensor constants fold with numpy (elementwise ops, comparisons, selection,
  reductions, transpose, reshape, broadcast, element-type conversion, extraction);
* identities return an existing value of the result's exact type: `x + 0`, `x - 0`, `x · 1`,
  `x / 1`, `max(x, x)`, identity transposes / reshapes / broadcasts / conversions; `x − x` and
  `x · 0` give zero for integers only; `(a − b) + b` and `(a + b) − b` for integers only (floats
  round); a float `x + 0` needs −0.0 (`−0.0 + 0.0` is `+0.0`);
* `llh.dim` of a static dimension is its size; of a `reshape` / `empty` / `broadcast_to` result,
  the size operand that made it.

What does not live here: materializing the folded constants (``rewrite/folding.py``) and the
canonicalization patterns (``canonicalize.py``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from llh_opt.dialects.llh.attrs import CompareAttr
from llh_opt.ir.attributes import Attribute, DenseElementsAttr, FloatAttr, IntegerAttr
from llh_opt.ir.core import Operation, OpResult, Value
from llh_opt.ir.types import (
    DYNAMIC,
    FloatType,
    IndexType,
    IntegerType,
    RankedTensorType,
    Type,
    UnrankedTensorType,
    element_type_of,
    i1,
)
from llh_opt.lazy import lazy_import
from llh_opt.rewrite import folding as F

if TYPE_CHECKING:
    import numpy

np = lazy_import("numpy")

__all__ = [
    "fold_binary",
    "fold_broadcast_to",
    "fold_compare",
    "fold_convert_to",
    "fold_dim",
    "fold_extract",
    "fold_reduce",
    "fold_reshape",
    "fold_scalar_cast",
    "fold_transpose",
    "fold_unary",
    "fold_where",
]

Operands = Sequence[Attribute | None]


def _def(v: Value, name: str) -> Operation | None:
    if v.__class__ is OpResult and v.op.name == name:  # type: ignore[attr-defined]
        return v.op  # type: ignore[attr-defined, no-any-return]
    return None


def _is_tensor(t: Type) -> bool:
    return isinstance(t, (RankedTensorType, UnrankedTensorType))


def _known_shape(t: Type) -> bool:
    """Two values of this type have the same dimensions: static, or every `?` named by an
    encoding (equal types then mean equal symbols)."""
    if not isinstance(t, RankedTensorType):
        return False
    return DYNAMIC not in t.shape or t.encoding is not None


# --------------------------------------------------------------------------- binary ops


def _int_binary(kind: str, a: int, b: int) -> int | None:
    if kind == "add":
        return a + b
    if kind == "sub":
        return a - b
    if kind == "mul":
        return a * b
    if kind == "div":
        return None if b == 0 else a // b
    if kind == "max":
        return max(a, b)
    if kind == "min":
        return min(a, b)
    return None


def _np_binary(kind: str, floating: bool) -> Callable[..., Any] | None:
    if kind == "div":
        return np.true_divide if floating else np.floor_divide
    if kind == "pow":
        return np.power if floating else None
    return {
        "add": np.add,
        "sub": np.subtract,
        "mul": np.multiply,
        "max": np.maximum,
        "min": np.minimum,
    }.get(kind)


def _no_zero_divisor(a: numpy.ndarray, b: numpy.ndarray) -> bool:
    return not bool(np.any(b == 0))


def fold_binary(op: Operation, operands: Operands, kind: str) -> Any:
    """add / sub / mul / div / max / min / pow (see the module docstring)."""
    lhs, rhs = op.lhs, op.rhs
    a, b = operands
    rt = op.results[0].type
    if isinstance(rt, IntegerType):
        if isinstance(a, IntegerAttr) and isinstance(b, IntegerAttr):
            v = _int_binary(kind, a.value, b.value)
            return F.int_attr(v, rt) if v is not None else None
        return _int_identities(kind, lhs, rhs, a, b, rt)
    if isinstance(rt, FloatType):
        if isinstance(a, FloatAttr) and isinstance(b, FloatAttr):
            fn = _np_binary(kind, True)
            if fn is None:
                return None
            with np.errstate(all="ignore"):
                v = float(fn(np.float64(a.value), np.float64(b.value)))
            return F.float_attr(v, rt)
        return _float_identities(kind, lhs, rhs, a, b, rt)
    if not _is_tensor(rt):
        return None
    elt = element_type_of(rt)
    floating = isinstance(elt, FloatType)
    if elt is i1:
        return None  # numpy's bool arithmetic is not arithmetic modulo 2
    if isinstance(a, DenseElementsAttr) and isinstance(b, DenseElementsAttr):
        fn = _np_binary(kind, floating)
        if fn is None:
            return None
        check = _no_zero_divisor if kind == "div" and not floating else None
        return F.fold_elementwise(fn, (a, b), rt, check)
    if floating:
        return _float_identities(kind, lhs, rhs, a, b, rt)
    return _int_identities(kind, lhs, rhs, a, b, rt)


def _same(v: Value, t: Type) -> Value | None:
    return v if v.type is t else None


def _zero_of(t: Type) -> Attribute | None:
    """The integer zero of type `t` (a scalar, or a splat of a static tensor)."""
    if isinstance(t, IntegerType):
        return IntegerAttr(0, t)
    if isinstance(t, RankedTensorType) and DYNAMIC not in t.shape:
        return DenseElementsAttr(RankedTensorType(t.shape, t.element_type), (0,))
    return None


def _int_identities(
    kind: str, lhs: Value, rhs: Value, a: Attribute | None, b: Attribute | None, rt: Type
) -> Any:
    one, zero = F.is_splat_of, F.is_splat_of
    if kind == "add":
        if zero(b, 0):
            return _same(lhs, rt)
        if zero(a, 0):
            return _same(rhs, rt)
        s = _def(lhs, "llh.sub")  # (x - y) + y
        if s is not None and s.rhs is rhs:
            return _same(s.lhs, rt)
        s = _def(rhs, "llh.sub")  # y + (x - y)
        if s is not None and s.rhs is lhs:
            return _same(s.lhs, rt)
        return None
    if kind == "sub":
        if zero(b, 0):
            return _same(lhs, rt)
        if lhs is rhs and (isinstance(rt, IntegerType) or _known_shape(rt)):
            return _zero_of(rt)
        s = _def(lhs, "llh.add")  # (x + y) - y, (x + y) - x
        if s is not None:
            if s.rhs is rhs:
                return _same(s.lhs, rt)
            if s.lhs is rhs:
                return _same(s.rhs, rt)
        return None
    if kind == "mul":
        if one(b, 1):
            return _same(lhs, rt)
        if one(a, 1):
            return _same(rhs, rt)
        if zero(b, 0):
            return _same(rhs, rt)
        if zero(a, 0):
            return _same(lhs, rt)
        return None
    if kind == "div":
        return _same(lhs, rt) if one(b, 1) else None
    if kind in ("max", "min"):
        return _same(lhs, rt) if lhs is rhs else None
    return None


def _float_identities(
    kind: str, lhs: Value, rhs: Value, a: Attribute | None, b: Attribute | None, rt: Type
) -> Any:
    is_of = F.is_splat_of
    if kind == "add":
        if is_of(b, 0.0, negative_zero=True):
            return _same(lhs, rt)
        if is_of(a, 0.0, negative_zero=True):
            return _same(rhs, rt)
        return None
    if kind == "sub":
        if is_of(b, 0.0) and not is_of(b, 0.0, negative_zero=True):
            return _same(lhs, rt)
        return None
    if kind == "mul":
        if is_of(b, 1.0):
            return _same(lhs, rt)
        if is_of(a, 1.0):
            return _same(rhs, rt)
        return None
    if kind == "div":
        return _same(lhs, rt) if is_of(b, 1.0) else None
    if kind in ("max", "min"):
        return _same(lhs, rt) if lhs is rhs else None
    return None


# --------------------------------------------------------------------------- unary ops


def _relu(x: numpy.ndarray) -> numpy.ndarray:
    """max(x, 0); NaN stays NaN."""
    return np.where(x < 0, np.zeros_like(x), x)


def _rsqrt(x: numpy.ndarray) -> numpy.ndarray:
    return 1 / np.sqrt(x)


_UNARY: dict[str, tuple[Callable[..., Any], bool]] = {}


def _unary_fn(kind: str) -> tuple[Callable[..., Any], bool] | None:
    """(numpy function, floats only) of a unary op kind."""
    if not _UNARY:
        _UNARY.update(
            {
                "abs": (np.abs, False),
                "relu": (_relu, False),
                "sqrt": (np.sqrt, True),
                "rsqrt": (_rsqrt, True),
                "exp": (np.exp, True),
            }
        )
    return _UNARY.get(kind)


def fold_unary(op: Operation, operands: Operands, kind: str) -> Any:
    """abs / relu / sqrt / rsqrt / exp of a constant (tensor, or float scalar)."""
    (a,) = operands
    entry = _unary_fn(kind)
    if a is None or entry is None:
        return None
    fn, floats_only = entry
    rt = op.results[0].type
    if isinstance(a, FloatAttr) and isinstance(rt, FloatType):
        with np.errstate(all="ignore"):
            v = float(fn(np.float64(a.value)))
        return F.float_attr(v, rt)
    if isinstance(a, DenseElementsAttr) and _is_tensor(rt):
        if floats_only and not isinstance(a.type.element_type, FloatType):
            return None
        if a.type.element_type is i1:
            return None
        return F.fold_elementwise(fn, (a,), rt)
    return None


# --------------------------------------------------------------------------- comparisons, selection


_COMPARE = {
    "EQ": "equal",
    "NE": "not_equal",
    "GE": "greater_equal",
    "GT": "greater",
    "LE": "less_equal",
    "LT": "less",
}


def fold_compare(op: Operation, operands: Operands) -> Any:
    a, b = operands
    kind = op.properties.get("kind")
    if not isinstance(kind, CompareAttr):
        return None
    fn = getattr(np, _COMPARE[kind.case])
    rt = op.results[0].type
    if isinstance(a, DenseElementsAttr) and isinstance(b, DenseElementsAttr):
        return F.fold_elementwise(fn, (a, b), rt)
    va, vb = F.scalar_value(a), F.scalar_value(b)
    if isinstance(rt, IntegerType) and va is not None and vb is not None:
        if not isinstance(a, DenseElementsAttr) and not isinstance(b, DenseElementsAttr):
            return IntegerAttr(int(bool(fn(va, vb))), rt)
    return None


def fold_where(op: Operation, operands: Operands) -> Any:
    p, a, b = operands
    rt = op.results[0].type
    if isinstance(p, DenseElementsAttr) and isinstance(a, DenseElementsAttr):
        if isinstance(b, DenseElementsAttr):
            return F.fold_elementwise(np.where, (p, a, b), rt)
    choice = F.scalar_value(p)
    if choice is not None:
        return _same(op.on_true if choice else op.on_false, rt)
    if op.on_true is op.on_false:
        return _same(op.on_true, rt)
    return None


# --------------------------------------------------------------------------- shape and data ops


def fold_dim(op: Operation, operands: Operands) -> Any:
    """Static size → constant; size of a reshape / empty / broadcast_to result → its operand."""
    k = operands[1]
    if not isinstance(k, IntegerAttr):
        return None
    src = op.input
    t = src.type
    if not isinstance(t, RankedTensorType):
        return None
    rank = len(t.shape)
    idx = k.value
    if not -rank <= idx < rank:
        return None
    idx %= rank
    size = t.shape[idx]
    rt = op.results[0].type
    if size != DYNAMIC:
        return F.int_attr(size, rt) if isinstance(rt, IntegerType) else None
    if src.__class__ is OpResult:
        d = src.op  # type: ignore[attr-defined]
        sizes: list[Value] | None = None
        if d.name in ("llh.reshape", "llh.empty"):
            sizes = d.shapes
        elif d.name == "llh.broadcast_to":
            sizes = d.out_shapes
        if sizes is not None and len(sizes) == rank:
            v = sizes[idx]
            c = F.constant_value(v)
            if v.type is rt and (c is None or (isinstance(c, IntegerAttr) and c.value >= 0)):
                return v
    return None


def fold_transpose(op: Operation, operands: Operands) -> Any:
    (a,) = operands
    perms = tuple(op.properties["perms"].values)  # type: ignore[attr-defined]
    rt = op.results[0].type
    src = op.input
    if perms == tuple(range(len(perms))):
        return _same(src, rt)
    if isinstance(a, DenseElementsAttr) and len(perms) == len(a.type.shape):
        if a.is_splat:
            shape = tuple(a.type.shape[p] for p in perms)
            vt = F.static_value_type(rt, shape)
            return DenseElementsAttr(vt, a.values) if vt is not None else None
        return F.dense_from_array(np.transpose(F.dense_array(a), perms), rt)
    return None


def _static_result(rt: Type) -> tuple[int, ...] | None:
    if isinstance(rt, RankedTensorType) and DYNAMIC not in rt.shape:
        return rt.shape
    return None


def fold_reshape(op: Operation, operands: Operands) -> Any:
    """Constant input and static result → reshaped constant; same (known) type → the input."""
    a = operands[0]
    rt = op.results[0].type
    src = op.input
    if src.type is rt and _known_shape(rt):
        return src
    shape = _static_result(rt)
    if isinstance(a, DenseElementsAttr) and shape is not None:
        if math.prod(shape) != a.type.num_elements:
            return None
        vt = RankedTensorType(shape, a.type.element_type)
        if a.is_splat:
            return DenseElementsAttr(vt, a.values)
        return DenseElementsAttr(vt, a.values)  # row-major order is unchanged
    return None


def fold_broadcast_to(op: Operation, operands: Operands) -> Any:
    a = operands[0]
    rt = op.results[0].type
    src = op.input
    if src.type is rt and _known_shape(rt):
        return src
    shape = _static_result(rt)
    if isinstance(a, DenseElementsAttr) and shape is not None:
        try:
            np.broadcast_shapes(a.type.shape, shape)
        except ValueError:
            return None
        vt = RankedTensorType(shape, a.type.element_type)
        if a.is_splat:
            return DenseElementsAttr(vt, a.values)
        return F.dense_from_array(np.broadcast_to(F.dense_array(a), shape), rt)
    return None


def fold_convert_to(op: Operation, operands: Operands) -> Any:
    (a,) = operands
    rt = op.results[0].type
    src = op.input
    if src.type is rt:
        return src
    et = element_type_of(rt)
    if isinstance(a, DenseElementsAttr) and _is_tensor(rt):
        arr = F.dense_array(a)
        out = _convert(arr, et)
        return F.dense_from_array(out, rt) if out is not None else None
    v = F.scalar_value(a)
    if v is None or a.__class__ is DenseElementsAttr:
        return None
    out = _convert(np.asarray(v), rt)
    if out is None:
        return None
    if isinstance(rt, FloatType):
        return F.float_attr(float(out), rt)
    if isinstance(rt, (IntegerType, IndexType)):
        return F.int_attr(int(out), rt)
    return None


def _convert(arr: numpy.ndarray, et: Type) -> numpy.ndarray | None:
    if isinstance(et, FloatType):
        return arr.astype(np.float64)
    if isinstance(et, IntegerType) and et.width == 1:
        return arr != 0
    if isinstance(et, (IntegerType, IndexType)):
        if arr.dtype.kind == "f":
            if not np.all(np.isfinite(arr)):
                return None
            arr = np.trunc(arr)
            width = et.width if isinstance(et, IntegerType) else 64
            if np.any(np.abs(arr) >= 2.0 ** (width - 1)):
                return None
            return arr.astype(np.int64)
        return arr.astype(np.int64)
    return None


def fold_reduce(op: Operation, operands: Operands, kind: str) -> Any:
    (a,) = operands
    if not isinstance(a, DenseElementsAttr):
        return None
    rt = op.results[0].type
    rank = len(a.type.shape)
    axis = tuple(x % rank for x in op.properties["axis"].values)  # type: ignore[attr-defined]
    arr = F.dense_array(a)
    with np.errstate(all="ignore"):
        if kind == "sum":
            out = np.sum(arr, axis=axis, dtype=arr.dtype)
        elif kind == "max":
            out = np.max(arr, axis=axis)
        else:
            out = np.min(arr, axis=axis)
    return F.dense_from_array(np.asarray(out), rt)


def fold_extract(op: Operation, operands: Operands) -> Any:
    a, k = operands
    if not isinstance(a, DenseElementsAttr) or not isinstance(k, IntegerAttr):
        return None
    shape = a.type.shape
    if not shape or not -shape[0] <= k.value < shape[0]:
        return None
    rt = op.results[0].type
    if a.is_splat:
        vt = F.static_value_type(rt, shape[1:])
        return DenseElementsAttr(vt, a.values) if vt is not None else None
    return F.dense_from_array(F.dense_array(a)[k.value], rt)


def fold_scalar_cast(op: Operation, operands: Operands) -> Any:
    (a,) = operands
    rt = op.results[0].type
    if a is None:
        return None
    if _is_tensor(rt):
        vt = F.static_value_type(
            rt, (1,) * (len(rt.shape) if isinstance(rt, RankedTensorType) else 1)
        )
        if vt is None:
            return None
        if isinstance(a, IntegerAttr):
            return DenseElementsAttr(vt, (a.value,))
        if isinstance(a, FloatAttr):
            return DenseElementsAttr(vt, (a.bits,))
        return None
    if isinstance(a, DenseElementsAttr) and a.type.num_elements == 1:
        v = a.values[0]
        if isinstance(rt, FloatType):
            return FloatAttr(v, rt)
        if isinstance(rt, (IntegerType, IndexType)):
            return IntegerAttr(v, rt)
    return None
