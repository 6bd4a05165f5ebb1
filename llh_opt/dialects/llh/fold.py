"""LLH fold rules (spec §5.2 with D4 and the §8 fixes): what each LLH op's `fold` method folds
to. The op classes declare `fold(self, operands)` and call in here (loaded on first use); the
arithmetic itself is the op's (`integer_fn`, `float_fn`, `numpy_fn`, `reduce_fn` on its class).

* integer scalars fold to new constants with the op's `integer_fn` (`llh.div`'s is floor
  division, the meaning the shape rules and the `FloorDiv` relation give it, never by zero),
  floats with its `float_fn` in the op's precision; tensor constants fold with numpy
  (elementwise ops, comparisons, selection, reductions, transpose, reshape, broadcast,
  element-type conversion, extraction);
* identities return an existing value of the result's exact type: `x + 0`, `x - 0`, `x · 1`,
  `x / 1`, `max(x, x)`, identity transposes / reshapes / broadcasts / conversions; `x − x` and
  `x · 0` give zero for integers only; `(a − b) + b` and `(a + b) − b` for integers only (floats
  round); a float `x + 0` needs −0.0 (`−0.0 + 0.0` is `+0.0`);
* `llh.dim` of a static dimension is its size; of a `reshape` / `empty` / `broadcast_to` result,
  the size operand that made it.

What does not live here: each op's arithmetic (its class, ``elementwise.py``), materializing
the folded constants (``rewrite/folding.py``) and the canonicalization patterns
(``canonicalize.py``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
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


def fold_binary(op: Any, operands: Operands) -> Any:
    """Constants: the op's `integer_fn` on integer scalars (Python ints) and integer tensors,
    its `float_fn` on float scalars (float64, rounded once to the type) and float tensors;
    otherwise the op's `fold_identity`. `i1` tensors are not folded (numpy's bool arithmetic is
    not arithmetic modulo 2), nor is a division by zero."""
    a, b = operands
    rt = op.results[0].type
    if isinstance(rt, IntegerType):
        if isinstance(a, IntegerAttr) and isinstance(b, IntegerAttr):
            fn = op.integer_fn
            if fn is None:
                return None
            try:
                v = fn(a.value, b.value)
            except ZeroDivisionError:
                return None
            return F.int_attr(v, rt)
        return op.fold_identity(a, b, rt, False)
    if isinstance(rt, FloatType):
        if isinstance(a, FloatAttr) and isinstance(b, FloatAttr):
            fn = op.float_fn
            if fn is None:
                return None
            with np.errstate(all="ignore"):
                v = float(fn(np.float64(a.value), np.float64(b.value)))
            return F.float_attr(v, rt)
        return op.fold_identity(a, b, rt, True)
    if not _is_tensor(rt):
        return None
    elt = element_type_of(rt)
    floating = isinstance(elt, FloatType)
    if elt is i1:
        return None
    if isinstance(a, DenseElementsAttr) and isinstance(b, DenseElementsAttr):
        fn = op.float_fn if floating else op.integer_fn
        if fn is None:
            return None
        try:
            return F.fold_elementwise(fn, (a, b), rt)
        except ZeroDivisionError:
            return None
    return op.fold_identity(a, b, rt, floating)


def _same(v: Value, t: Type) -> Value | None:
    return v if v.type is t else None


def _zero_of(t: Type) -> Attribute | None:
    """The integer zero of type `t` (a scalar, or a splat of a static tensor)."""
    if isinstance(t, IntegerType):
        return IntegerAttr(0, t)
    if isinstance(t, RankedTensorType) and DYNAMIC not in t.shape:
        return DenseElementsAttr(RankedTensorType(t.shape, t.element_type), (0,))
    return None


def add_identity(op: Any, a: Attribute | None, b: Attribute | None, rt: Type, fl: bool) -> Any:
    """`llh.add`: `x + 0`, `0 + x` (floats: −0.0); integers `(x − y) + y`, `y + (x − y)`."""
    lhs, rhs = op.lhs, op.rhs
    is_of = F.is_splat_of
    if fl:
        if is_of(b, 0.0, negative_zero=True):
            return _same(lhs, rt)
        if is_of(a, 0.0, negative_zero=True):
            return _same(rhs, rt)
        return None
    if is_of(b, 0):
        return _same(lhs, rt)
    if is_of(a, 0):
        return _same(rhs, rt)
    s = _def(lhs, "llh.sub")  # (x - y) + y
    if s is not None and s.rhs is rhs:  # type: ignore[attr-defined]
        return _same(s.lhs, rt)  # type: ignore[attr-defined]
    s = _def(rhs, "llh.sub")  # y + (x - y)
    if s is not None and s.rhs is lhs:  # type: ignore[attr-defined]
        return _same(s.lhs, rt)  # type: ignore[attr-defined]
    return None


def sub_identity(op: Any, a: Attribute | None, b: Attribute | None, rt: Type, fl: bool) -> Any:
    """`llh.sub`: `x − 0` (floats: +0.0); integers `x − x = 0`, `(x + y) − y`, `(x + y) − x`."""
    lhs, rhs = op.lhs, op.rhs
    is_of = F.is_splat_of
    if fl:
        if is_of(b, 0.0) and not is_of(b, 0.0, negative_zero=True):
            return _same(lhs, rt)
        return None
    if is_of(b, 0):
        return _same(lhs, rt)
    if lhs is rhs and (isinstance(rt, IntegerType) or _known_shape(rt)):
        return _zero_of(rt)
    s = _def(lhs, "llh.add")  # (x + y) - y, (x + y) - x
    if s is not None:
        if s.rhs is rhs:  # type: ignore[attr-defined]
            return _same(s.lhs, rt)  # type: ignore[attr-defined]
        if s.lhs is rhs:  # type: ignore[attr-defined]
            return _same(s.rhs, rt)  # type: ignore[attr-defined]
    return None


def mul_identity(op: Any, a: Attribute | None, b: Attribute | None, rt: Type, fl: bool) -> Any:
    """`llh.mul`: `x · 1`, `1 · x`; integers `x · 0 = 0` (the zero operand)."""
    lhs, rhs = op.lhs, op.rhs
    is_of = F.is_splat_of
    one = 1.0 if fl else 1
    if is_of(b, one):
        return _same(lhs, rt)
    if is_of(a, one):
        return _same(rhs, rt)
    if fl:
        return None
    if is_of(b, 0):
        return _same(rhs, rt)
    if is_of(a, 0):
        return _same(lhs, rt)
    return None


def div_identity(op: Any, a: Attribute | None, b: Attribute | None, rt: Type, fl: bool) -> Any:
    """`llh.div`: `x / 1`."""
    return _same(op.lhs, rt) if F.is_splat_of(b, 1.0 if fl else 1) else None


def same_operands_identity(op: Any, rt: Type) -> Any:
    """`max(x, x)`, `min(x, x)`: x."""
    return _same(op.lhs, rt) if op.lhs is op.rhs else None


# --------------------------------------------------------------------------- unary ops


def fold_unary(op: Any, operands: Operands) -> Any:
    """The op's `numpy_fn` of a constant (tensor, or float scalar); integer tensors not for
    `FLOATS_ONLY` ops, `i1` tensors never."""
    (a,) = operands
    fn = op.numpy_fn
    if a is None or fn is None:
        return None
    rt = op.results[0].type
    if isinstance(a, FloatAttr) and isinstance(rt, FloatType):
        with np.errstate(all="ignore"):
            v = float(fn(np.float64(a.value)))
        return F.float_attr(v, rt)
    if isinstance(a, DenseElementsAttr) and _is_tensor(rt):
        if op.FLOATS_ONLY and not isinstance(a.type.element_type, FloatType):
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
    kind = op.kind
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
    perms = op.perms
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


def fold_reduce(op: Any, operands: Operands) -> Any:
    """The op's `reduce_fn` over `axis` of a constant."""
    (a,) = operands
    if not isinstance(a, DenseElementsAttr):
        return None
    rt = op.results[0].type
    rank = len(a.type.shape)
    axis = tuple(x % rank for x in op.axis.values)
    arr = F.dense_array(a)
    with np.errstate(all="ignore"):
        out = op.reduce_fn(arr, axis)
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
