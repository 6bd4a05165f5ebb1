"""LLH compute ops (spec §3.3) and HEAD's compute ops (§9): elementwise unary and binary ops,
comparisons and selection, reductions, matmuls, convolution, pooling and normalization, and
`llh.print`; each with its verifier and builder.

Each op with a symbolic-shape rule states it as `infer_symbolic_shape` (formulas in
``shape_rules.py``); ops that fold declare `fold(operands)` with their arithmetic on the class
(`integer_fn` / `float_fn` / `numpy_fn` / `reduce_fn`, functions in ``elementwise.py``, folders in
``fold.py``), and ops with canonicalization patterns build them from ``canonicalize.py``'s classes
in `get_canonical_patterns`. Operands and properties read through the named accessors.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from llh_opt.lazy import lazy_import

from llh_opt.dialects.llh import elementwise as E
from llh_opt.dialects.llh.attrs import CompareAttr, LayoutAttr
from llh_opt.dialects.llh.base import (
    UNKNOWN_LOC,
    LLHOp,
    WindowInfo,
    check_both_tensors_or_scalars,
    check_compatible_shapes,
    check_same_element_type,
    check_window_output,
    input_layout,
    llh_op,
    symbol_ref,
    weight_layout,
)
from llh_opt.dialects.llh.constraints import (
    COMPARE_ATTR,
    LAYOUT_ATTR,
    LLH_2D_TENSOR,
    LLH_3D_TENSOR,
    LLH_BOOL_ATTR,
    LLH_BOOL_COMPUTABLE,
    LLH_COMPUTABLE,
    LLH_DENSE_I64_ARRAY_ATTR,
    LLH_FLAT_SYMBOL_REF_ATTR,
    LLH_FLOAT_TENSOR,
    LLH_TENSOR,
    Broadcastable,
    ResultsBroadcastableShape,
    SymbolUser,
    SymbolicInferShape,
    broadcast_shapes,
    dims_compatible,
    format_shape,
    is_tensor,
    ranked_shape,
)
from llh_opt.ir.attributes import (
    Attribute,
    DenseArrayAttr,
    FloatAttr,
    IntegerAttr,
    LocationAttr,
    StringAttr,
)
from llh_opt.ir.core import Value
from llh_opt.ir.opdef import (
    F64_ATTR,
    I64_ATTR,
    UNTYPED_STRING_ATTR,
    OperandDef,
    PropDef,
    Pure,
    ResultDef,
    SameOperandsAndResultElementType,
    SameOperandsAndResultRank,
    SameOperandsAndResultType,
)
from llh_opt.ir.types import (
    DYNAMIC,
    RankedTensorType,
    Type,
    UnrankedTensorType,
    element_type_of,
    IntegerType,
    f64,
    i1,
    i64,
)

# Loaded on first use: only shape inference needs sympy (start-up time, see llh_opt/lazy.py).
sympy = lazy_import("sympy")
R = lazy_import("llh_opt.dialects.llh.shape_rules")
F = lazy_import("llh_opt.dialects.llh.fold")
# The canonicalization patterns, loaded when a pass asks for them (they need the rewriter).
P = lazy_import("llh_opt.dialects.llh.canonicalize")


if TYPE_CHECKING:
    from llh_opt.dialects.llh.shape_context import ShapeContext
    from llh_opt.rewrite.rewriter import RewritePattern

__all__ = [
    "AbsOp",
    "AdaptiveAvgPoolOp",
    "AddOp",
    "BatchMatMulOp",
    "BatchNormOp",
    "CompareOp",
    "ConvBiasOp",
    "ConvOp",
    "DivOp",
    "DropOp",
    "ExpOp",
    "LayerNormOp",
    "MatMulOp",
    "MaxOp",
    "MaxPoolOp",
    "MinOp",
    "MulOp",
    "PowOp",
    "PrintOp",
    "ReduceMaxOp",
    "ReduceMinOp",
    "ReduceSumOp",
    "ReluOp",
    "RsqrtOp",
    "SqrtOp",
    "SubOp",
    "WhereOp",
    "broadcast_result_type",
]


def broadcast_result_type(types: Sequence[Type], element_type: Type | None = None) -> Type:
    """The result type of broadcasting `types` (numpy rules, a static size wins over `?`): a
    ranked tensor when every tensor operand is ranked, unranked otherwise, the scalar type for
    scalars. Raises ValueError when static sizes conflict."""
    elt = element_type or element_type_of(types[0])
    if not any(is_tensor(t) for t in types):
        return elt
    shapes = [ranked_shape(t) for t in types if is_tensor(t)]
    if any(s is None for s in shapes):
        return UnrankedTensorType(elt)
    shape: tuple[int, ...] | None = shapes[0]
    for s in shapes[1:]:
        shape = broadcast_shapes(shape, s)  # type: ignore[arg-type]
        if shape is None:
            raise ValueError(
                "operands don't have broadcast-compatible shapes: "
                + ", ".join(format_shape(s) for s in shapes)  # type: ignore[arg-type]
            )
    return RankedTensorType(shape, elt)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- elementwise unary


class _UnaryOp(LLHOp):
    """Elementwise `result = f(input)`: same shape, same element type."""

    __slots__ = ()
    OPERANDS = (OperandDef("input", LLH_TENSOR),)
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    TRAITS = (SameOperandsAndResultElementType, SameOperandsAndResultRank, SymbolicInferShape)
    # The op's arithmetic on a numpy array or float64 scalar (``elementwise.py``), which the
    # folder applies to a constant input; None: the op does not fold. `FLOATS_ONLY`: integer
    # tensors are not folded.
    numpy_fn: ClassVar[Callable[[Any], Any] | None] = None
    FLOATS_ONLY: ClassVar[bool] = False

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        return None if self.numpy_fn is None else F.fold_unary(self, operands)

    @classmethod
    def build(cls, input: Value, location: LocationAttr = UNKNOWN_LOC) -> _UnaryOp:
        """The result type is the input's (encoding included: the dimensions are the same)."""
        return cls.create_op((input,), (input.type,), location=location)

    def verify_op(self) -> None:
        a, b = self.input.type, self.results[0].type
        if is_tensor(a) != is_tensor(b):
            raise self.error(
                f"input and result must both be tensors or both scalars, got '{a}' and '{b}'"
            )
        check_compatible_shapes(self, a, b)

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """The input's dimensions (tensors only)."""
        dims = ctx.shape(self.input)
        if dims is None or not is_tensor(self.results[0].type):
            return False
        ctx.set_shape(self.results[0], dims)
        return True


@llh_op
class ReluOp(_UnaryOp):
    """max(x, 0)."""

    __slots__ = ()
    OPERATION_NAME = "llh.relu"
    numpy_fn = staticmethod(E.relu)
    SUMMARY = "rectified linear unit"

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        return [P.FOLD_TWO_RELU, P.RELU_OF_ABS]


@llh_op
class AbsOp(_UnaryOp):
    """|x|."""

    __slots__ = ()
    OPERATION_NAME = "llh.abs"
    numpy_fn = staticmethod(E.absolute)
    SUMMARY = "absolute value"

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        return [P.EraseNoUserOp(cls.OPERATION_NAME), P.FOLD_TWO_ABS, P.ABS_OF_RELU]


@llh_op
class DropOp(_UnaryOp):
    """Dropout with probability `p` in [0, 1] (shape-preserving)."""

    __slots__ = ()
    OPERATION_NAME = "llh.drop"
    SUMMARY = "dropout"
    PROPERTIES = (PropDef("p", F64_ATTR),)
    TRAITS = (
        SameOperandsAndResultType,
        SameOperandsAndResultElementType,
        SameOperandsAndResultRank,
        SymbolicInferShape,
    )

    @classmethod
    def build(  # type: ignore[override]
        cls, input: Value, p: float, location: LocationAttr = UNKNOWN_LOC
    ) -> DropOp:
        return cls.create_op(
            (input,), (input.type,), {"p": FloatAttr.from_value(p, f64)}, location=location
        )

    def verify_op(self) -> None:
        p = self.p.value
        if not 0.0 <= p <= 1.0:
            raise self.error(f"'p' must be a probability in [0, 1], got {p}")


class _MathUnaryOp(_UnaryOp):
    """HEAD elementwise math on tensors or scalars."""

    __slots__ = ()
    OPERANDS = (OperandDef("input", LLH_COMPUTABLE),)
    RESULTS = (ResultDef("result", LLH_COMPUTABLE),)
    TRAITS = (
        Pure,
        SameOperandsAndResultElementType,
        SameOperandsAndResultRank,
        SymbolicInferShape,
    )


@llh_op
class SqrtOp(_MathUnaryOp):
    """√x."""

    __slots__ = ()
    OPERATION_NAME = "llh.sqrt"
    numpy_fn = staticmethod(E.sqrt)
    FLOATS_ONLY = True
    SUMMARY = "square root"


@llh_op
class RsqrtOp(_MathUnaryOp):
    """1/√x."""

    __slots__ = ()
    OPERATION_NAME = "llh.rsqrt"
    numpy_fn = staticmethod(E.rsqrt)
    FLOATS_ONLY = True
    SUMMARY = "reciprocal square root"


@llh_op
class ExpOp(_MathUnaryOp):
    """eˣ."""

    __slots__ = ()
    OPERATION_NAME = "llh.exp"
    numpy_fn = staticmethod(E.exp)
    FLOATS_ONLY = True
    SUMMARY = "exponential"


# --------------------------------------------------------------------------- elementwise binary


class _BinaryOp(LLHOp):
    """`result = lhs ∘ rhs` elementwise with numpy broadcasting; the reference's BINARY rule: all
    tensors, all integers or all floats. An integer scalar result may carry `symbol = @s0`."""

    __slots__ = ()
    OPERANDS = (OperandDef("lhs", LLH_COMPUTABLE), OperandDef("rhs", LLH_COMPUTABLE))
    RESULTS = (ResultDef("result", LLH_COMPUTABLE),)
    PROPERTIES = (PropDef("symbol", LLH_FLAT_SYMBOL_REF_ATTR, optional=True),)
    TRAITS = (
        ResultsBroadcastableShape,
        SameOperandsAndResultElementType,
        Broadcastable,
        SymbolicInferShape,
    )

    @classmethod
    def build(
        cls,
        lhs: Value,
        rhs: Value,
        symbol: str | None = None,
        result_type: Type | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> _BinaryOp:
        """The result type broadcasts the operand shapes (unless `result_type` is given)."""
        rt = result_type or broadcast_result_type((lhs.type, rhs.type))
        props = {"symbol": symbol_ref(symbol)} if symbol is not None else None
        return cls.create_op((lhs, rhs), (rt,), props, location=location)

    # The op's arithmetic, stated once (domain-generic functions in ``elementwise.py``):
    # `integer_fn(a, b)` on integers -- Python ints (the scalar folder), numpy integer arrays
    # (the tensor folder) and, when `SCALAR_SHAPE_RULE`, sympy expressions (the integer-scalar
    # shape rule of spec §4.6: result = integer_fn(lhs, rhs)); `float_fn(a, b)` on numpy
    # float64 scalars and arrays. None: not folded. ZeroDivisionError: not folded (a shape-rule
    # error). `fold_identity` states the op's identities (`x + 0`, ...).
    integer_fn: ClassVar[Callable[[Any, Any], Any] | None] = None
    float_fn: ClassVar[Callable[[Any, Any], Any] | None] = None
    SCALAR_SHAPE_RULE: ClassVar[bool] = False

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        """P4 and P5: operands of different ranks / size-1 dimensions made explicit."""
        root = cls.OPERATION_NAME
        return [P.SimplyBinaryOpReshape(root), P.SimplyBinaryOpInsertBraodcast(root)]

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        return F.fold_binary(self, operands)

    def fold_identity(
        self, a: Attribute | None, b: Attribute | None, result_type: Type, floating: bool
    ) -> Any:
        """An existing value (or constant) the op equals although an operand is not constant;
        `a`, `b` are the constant operands (None when not constant). None: no identity."""
        return None

    def verify_op(self) -> None:
        check_both_tensors_or_scalars(self, [*self.operand_types, self.results[0].type])

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """Tensors: numpy broadcasting of the operand shapes (`shape_rules.broadcast`). Integer
        scalars: the result's value from the operands' (add/sub/mul/div)."""
        if isinstance(self.lhs.type, IntegerType):
            return _infer_scalar(self, ctx)
        return _infer_broadcast(self, ctx, self.operands)


def _infer_broadcast(op: LLHOp, ctx: ShapeContext, operands: Sequence[Value]) -> bool:
    """Tensor result = numpy broadcasting of the operand shapes."""
    if not is_tensor(op.results[0].type):
        return False
    shapes = [ctx.shape(v) for v in operands]
    if any(s is None for s in shapes):
        return False
    ctx.set_shape(op.results[0], R.broadcast(ctx, op, shapes))  # type: ignore[arg-type]
    return True


def _infer_scalar(op: _BinaryOp, ctx: ShapeContext) -> bool:
    """Integer scalar result = `integer_fn(lhs, rhs)` (with `SCALAR_SHAPE_RULE`) when both
    operands are known."""
    fn = op.integer_fn if op.SCALAR_SHAPE_RULE else None
    a, b = ctx.scalar(op.lhs), ctx.scalar(op.rhs)  # (declares the operands' symbols)
    if fn is None or a is None or b is None:
        return False
    try:
        value = fn(a, b)
    except ZeroDivisionError:
        ctx.error(op, "integer division by zero")
    ctx.set_scalar(op.results[0], value)
    return True


@llh_op
class AddOp(_BinaryOp):
    __slots__ = ()
    OPERATION_NAME = "llh.add"
    SUMMARY = "elementwise addition"
    integer_fn = float_fn = staticmethod(operator.add)
    SCALAR_SHAPE_RULE = True
    TRAITS = (
        ResultsBroadcastableShape,
        SymbolUser,
        SameOperandsAndResultElementType,
        Broadcastable,
        SymbolicInferShape,
    )

    def fold_identity(
        self, a: Attribute | None, b: Attribute | None, result_type: Type, floating: bool
    ) -> Any:
        """`x + 0`, `0 + x` (floats: −0.0 only, as −0.0 + 0.0 is +0.0); integers also
        `(x − y) + y` and `y + (x − y)`."""
        return F.add_identity(self, a, b, result_type, floating)


@llh_op
class SubOp(_BinaryOp):
    __slots__ = ()
    OPERATION_NAME = "llh.sub"
    SUMMARY = "elementwise subtraction"
    integer_fn = float_fn = staticmethod(operator.sub)
    SCALAR_SHAPE_RULE = True

    def fold_identity(
        self, a: Attribute | None, b: Attribute | None, result_type: Type, floating: bool
    ) -> Any:
        """`x − 0` (floats: +0.0 only); integers also `x − x = 0`, `(x + y) − y`, `(x + y) − x`."""
        return F.sub_identity(self, a, b, result_type, floating)


@llh_op
class MulOp(_BinaryOp):
    __slots__ = ()
    OPERATION_NAME = "llh.mul"
    SUMMARY = "elementwise multiplication"
    integer_fn = float_fn = staticmethod(operator.mul)
    SCALAR_SHAPE_RULE = True

    def fold_identity(
        self, a: Attribute | None, b: Attribute | None, result_type: Type, floating: bool
    ) -> Any:
        """`x · 1`, `1 · x`; integers also `x · 0 = 0`."""
        return F.mul_identity(self, a, b, result_type, floating)


@llh_op
class DivOp(_BinaryOp):
    __slots__ = ()
    OPERATION_NAME = "llh.div"
    SUMMARY = "elementwise division"
    # Integers: floor division, the `FloorDiv` relation's meaning, for constants and symbols
    # alike (spec §8.22), never by zero; floats: true division.
    integer_fn = staticmethod(E.floor_div)
    float_fn = staticmethod(E.true_div)
    SCALAR_SHAPE_RULE = True

    def fold_identity(
        self, a: Attribute | None, b: Attribute | None, result_type: Type, floating: bool
    ) -> Any:
        """`x / 1`."""
        return F.div_identity(self, a, b, result_type, floating)


@llh_op
class MaxOp(_BinaryOp):
    __slots__ = ()
    OPERATION_NAME = "llh.max"
    SUMMARY = "elementwise maximum"
    integer_fn = float_fn = staticmethod(E.maximum)

    def fold_identity(
        self, a: Attribute | None, b: Attribute | None, result_type: Type, floating: bool
    ) -> Any:
        """`max(x, x)`."""
        return F.same_operands_identity(self, result_type)


@llh_op
class MinOp(_BinaryOp):
    __slots__ = ()
    OPERATION_NAME = "llh.min"
    SUMMARY = "elementwise minimum"
    integer_fn = float_fn = staticmethod(E.minimum)

    def fold_identity(
        self, a: Attribute | None, b: Attribute | None, result_type: Type, floating: bool
    ) -> Any:
        """`min(x, x)`."""
        return F.same_operands_identity(self, result_type)


@llh_op
class PowOp(_BinaryOp):
    """HEAD: `lhs ** rhs` elementwise."""

    __slots__ = ()
    OPERATION_NAME = "llh.pow"
    SUMMARY = "elementwise power"
    float_fn = staticmethod(E.power)

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        return []

    PROPERTIES = ()
    TRAITS = (
        Pure,
        ResultsBroadcastableShape,
        SameOperandsAndResultElementType,
        Broadcastable,
        SymbolicInferShape,
    )

    @classmethod
    def build(  # type: ignore[override]
        cls, lhs: Value, rhs: Value, result_type: Type | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> PowOp:  # fmt: skip
        rt = result_type or broadcast_result_type((lhs.type, rhs.type))
        return cls.create_op((lhs, rhs), (rt,), location=location)


@llh_op
class CompareOp(LLHOp):
    """HEAD: `lhs <kind> rhs` elementwise with broadcasting; an `i1` (tensor) result."""

    __slots__ = ()
    OPERATION_NAME = "llh.compare"
    SUMMARY = "elementwise comparison"
    OPERANDS = (OperandDef("lhs", LLH_COMPUTABLE), OperandDef("rhs", LLH_COMPUTABLE))
    RESULTS = (ResultDef("result", LLH_BOOL_COMPUTABLE),)
    PROPERTIES = (PropDef("kind", COMPARE_ATTR),)
    TRAITS = (Pure, ResultsBroadcastableShape, Broadcastable, SymbolicInferShape)

    @classmethod
    def build(
        cls, lhs: Value, rhs: Value, kind: str, location: LocationAttr = UNKNOWN_LOC
    ) -> CompareOp:
        rt = broadcast_result_type((lhs.type, rhs.type), i1)
        return cls.create_op((lhs, rhs), (rt,), {"kind": CompareAttr(kind)}, location=location)

    def verify_op(self) -> None:
        check_same_element_type(self, self.operand_types)
        check_both_tensors_or_scalars(self, self.operand_types)
        if is_tensor(self.lhs.type) != is_tensor(self.results[0].type):
            raise self.error("result must be a tensor exactly when the operands are")

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """Numpy broadcasting of the operand shapes (the result is `i1`)."""
        return _infer_broadcast(self, ctx, self.operands)

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        return F.fold_compare(self, operands)


@llh_op
class WhereOp(LLHOp):
    """HEAD: `cond ? lhs : rhs` elementwise with broadcasting."""

    __slots__ = ()
    OPERATION_NAME = "llh.where"
    SUMMARY = "elementwise selection"
    OPERANDS = (
        OperandDef("pred", LLH_BOOL_COMPUTABLE),
        OperandDef("on_true", LLH_COMPUTABLE),
        OperandDef("on_false", LLH_COMPUTABLE),
    )
    RESULTS = (ResultDef("result", LLH_COMPUTABLE),)
    TRAITS = (Pure, ResultsBroadcastableShape, Broadcastable, SymbolicInferShape)

    @classmethod
    def build(
        cls, pred: Value, on_true: Value, on_false: Value, location: LocationAttr = UNKNOWN_LOC
    ) -> WhereOp:
        rt = broadcast_result_type(
            (pred.type, on_true.type, on_false.type), element_type_of(on_true.type)
        )
        return cls.create_op((pred, on_true, on_false), (rt,), location=location)

    def verify_op(self) -> None:
        types = self.operand_types
        check_same_element_type(self, [self.on_true.type, self.on_false.type, self.result.type])
        kinds = {is_tensor(t) for t in [*types, self.results[0].type]}
        if len(kinds) > 1:
            raise self.error("operands and result must be all tensors or all scalars")

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """Numpy broadcasting of the three operand shapes."""
        return _infer_broadcast(self, ctx, self.operands)

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        return F.fold_where(self, operands)


# --------------------------------------------------------------------------- reductions


class _ReduceOp(LLHOp):
    """HEAD: reduce over the dimensions `axis`, which disappear from the result."""

    __slots__ = ()
    OPERANDS = (OperandDef("input", LLH_TENSOR),)
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    PROPERTIES = (PropDef("axis", LLH_DENSE_I64_ARRAY_ATTR),)
    TRAITS = (Pure, SameOperandsAndResultElementType, SymbolicInferShape)

    @classmethod
    def build(
        cls, input: Value, axis: Sequence[int], location: LocationAttr = UNKNOWN_LOC
    ) -> _ReduceOp:
        shape = ranked_shape(input.type)
        elt = element_type_of(input.type)
        if shape is None:
            rt: Type = UnrankedTensorType(elt)
        else:
            drop = {a % len(shape) for a in axis}
            rt = RankedTensorType(tuple(d for i, d in enumerate(shape) if i not in drop), elt)
        return cls.create_op((input,), (rt,), {"axis": DenseArrayAttr.i64(axis)}, location=location)

    def verify_op(self) -> None:
        axis = self.axis.values
        ishape = ranked_shape(self.input.type)
        if ishape is None:
            return
        rank = len(ishape)
        for a in axis:
            if not -rank <= a < rank:
                raise self.error(f"'axis' value {a} is out of range for a rank-{rank} input")
        normalized = [a % rank for a in axis]
        if len(set(normalized)) != len(normalized):
            raise self.error("'axis' has repeated dimensions")
        rshape = ranked_shape(self.results[0].type)
        if rshape is None:
            return
        kept = tuple(d for i, d in enumerate(ishape) if i not in normalized)
        if len(rshape) != len(kept) or not all(map(dims_compatible, kept, rshape)):
            raise self.error(
                f"result shape {format_shape(rshape)} is not the input shape "
                f"{format_shape(ishape)} without the reduced dimensions ({format_shape(kept)})"
            )

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """The input's dimensions without those in `axis` (no keepdim form, spec §9)."""
        dims = ctx.shape(self.input)
        if dims is None:
            return False
        drop = {R.normalize_axis(ctx, self, a, len(dims), "'axis' value") for a in self.axis.values}
        ctx.set_shape(self.results[0], [d for i, d in enumerate(dims) if i not in drop])
        return True

    # The reduction on a numpy array over a tuple of axes (``elementwise.py``).
    reduce_fn: ClassVar[Callable[[Any, tuple[int, ...]], Any]]

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        return F.fold_reduce(self, operands)


@llh_op
class ReduceMaxOp(_ReduceOp):
    __slots__ = ()
    OPERATION_NAME = "llh.reduce_max"
    SUMMARY = "maximum over dimensions"
    reduce_fn = staticmethod(E.reduce_max)


@llh_op
class ReduceMinOp(_ReduceOp):
    __slots__ = ()
    OPERATION_NAME = "llh.reduce_min"
    SUMMARY = "minimum over dimensions"
    reduce_fn = staticmethod(E.reduce_min)


@llh_op
class ReduceSumOp(_ReduceOp):
    __slots__ = ()
    OPERATION_NAME = "llh.reduce_sum"
    SUMMARY = "sum over dimensions"
    reduce_fn = staticmethod(E.reduce_sum)


# --------------------------------------------------------------------------- pooling


@llh_op
class AdaptiveAvgPoolOp(LLHOp):
    """Adaptive average pooling of the trailing `len(out_size)` dimensions to `out_size`."""

    __slots__ = ()
    OPERATION_NAME = "llh.adaptive_average_pool"
    SUMMARY = "adaptive average pooling"
    OPERANDS = (OperandDef("input", LLH_TENSOR),)
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    PROPERTIES = (PropDef("out_size", LLH_DENSE_I64_ARRAY_ATTR),)
    TRAITS = (SameOperandsAndResultElementType, SameOperandsAndResultRank, SymbolicInferShape)

    @classmethod
    def build(
        cls, input: Value, out_size: Sequence[int], location: LocationAttr = UNKNOWN_LOC
    ) -> AdaptiveAvgPoolOp:
        shape = ranked_shape(input.type)
        elt = element_type_of(input.type)
        if shape is None or len(shape) < len(out_size):
            rt: Type = UnrankedTensorType(elt)
        else:
            rt = RankedTensorType((*shape[: len(shape) - len(out_size)], *out_size), elt)
        return cls.create_op(
            (input,), (rt,), {"out_size": DenseArrayAttr.i64(out_size)}, location=location
        )

    def verify_op(self) -> None:
        out = self.out_size.values
        if not out:
            raise self.error("'out_size' must not be empty")
        for v in out:
            if v <= 0:
                raise self.error(f"'out_size' values must be positive, got {v}")
        ishape = ranked_shape(self.input.type)
        rshape = ranked_shape(self.results[0].type)
        if ishape is not None and len(ishape) <= len(out):
            raise self.error(
                f"input of rank {len(ishape)} has no leading dimensions besides the "
                f"{len(out)} pooled ones"
            )
        if ishape is None or rshape is None:
            return
        r = len(ishape) - len(out)
        want = (*ishape[:r], *out)
        if not all(map(dims_compatible, want, rshape)):
            raise self.error(f"result shape {format_shape(rshape)} should be {format_shape(want)}")

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """The leading dimensions of the input, then `out_size`."""
        dims = ctx.shape(self.input)
        if dims is None:
            return False
        out = self.out_size.values
        r = len(dims) - len(out)
        if r <= 0:
            ctx.error(self, f"input of rank {len(dims)} has no dimensions besides the pooled ones")
        ctx.set_shape(self.results[0], [*dims[:r], *map(sympy.Integer, out)])
        return True


@llh_op
class MaxPoolOp(LLHOp):
    """Max pooling; window conventions as `llh.conv` (`pad` = begins then ends)."""

    __slots__ = ()
    OPERATION_NAME = "llh.max_pool"
    SUMMARY = "max pooling"

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        return [P.AddLayoutAttr()]

    OPERANDS = (OperandDef("input", LLH_TENSOR),)
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    PROPERTIES = (
        PropDef("ceil_mode", LLH_BOOL_ATTR),
        PropDef("dilation", LLH_DENSE_I64_ARRAY_ATTR),
        PropDef("kernel_shape", LLH_DENSE_I64_ARRAY_ATTR),
        PropDef("layout", LAYOUT_ATTR, optional=True),
        PropDef("pad", LLH_DENSE_I64_ARRAY_ATTR),
        PropDef("stride", LLH_DENSE_I64_ARRAY_ATTR),
    )
    TRAITS = (SymbolicInferShape,)

    @classmethod
    def build(
        cls,
        input: Value,
        kernel_shape: Sequence[int],
        stride: Sequence[int],
        pad: Sequence[int],
        dilation: Sequence[int],
        ceil_mode: bool = False,
        layout: str | None = None,
        result_type: Type | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> MaxPoolOp:
        op = cls.create_op(
            (input,),
            (UnrankedTensorType(element_type_of(input.type)),),
            {
                "ceil_mode": IntegerAttr(int(ceil_mode), i1),
                "dilation": DenseArrayAttr.i64(dilation),
                "kernel_shape": DenseArrayAttr.i64(kernel_shape),
                "layout": LayoutAttr(layout) if layout is not None else None,
                "pad": DenseArrayAttr.i64(pad),
                "stride": DenseArrayAttr.i64(stride),
            },
            location=location,
        )
        op.results[0].type = result_type or op.static_result_type()
        return op  # type: ignore[no-any-return]

    @property
    def ceil_mode(self) -> bool:
        return bool(self.properties["ceil_mode"].value)  # type: ignore[attr-defined]

    def static_result_type(self) -> Type:
        """The result type the static input sizes determine (`?` elsewhere)."""
        t = self.input.type
        shape = ranked_shape(t)
        window = WindowInfo(self, t)
        if shape is None:
            return UnrankedTensorType(element_type_of(t))
        layout = input_layout(self)
        out = list(shape)
        for i, axis in enumerate(layout.spatial_indices(len(shape))):
            out[axis] = window.output_size(shape[axis], i, self.ceil_mode)
        return RankedTensorType(tuple(out), element_type_of(t))

    def verify_op(self) -> None:
        t, rt = self.input.type, self.results[0].type
        check_same_element_type(self, (t, rt))
        window = WindowInfo(self, t)
        layout = input_layout(self)
        shape = ranked_shape(t)
        channels = shape[layout.feature_index(len(shape))] if shape is not None else DYNAMIC
        check_window_output(self, window, layout, t, rt, channels, self.ceil_mode)

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """The input's dimensions with the window outputs at the layout's spatial positions
        (`ceil_mode` honoured)."""
        x = self.input
        dims = ctx.shape(x)
        if dims is None:
            return False
        window = WindowInfo(self, x.type)
        if len(dims) != window.rank:
            ctx.error(
                self, f"input of rank {len(dims)} does not match the {window.rank - 2}-D window"
            )
        spatial = input_layout(self).spatial_indices(len(dims))
        ctx.set_shape(
            self.results[0], R.window_dims(ctx, self, dims, window, spatial, self.ceil_mode)
        )
        return True


# --------------------------------------------------------------------------- convolution


class _ConvBase(LLHOp):
    """ONNX-style N-d convolution: `X` in `layout` (default NCHW), weight `W` in
    `weight_layout` (default FCHW, `[F, C/group, k...]`), `pad` = begins then ends."""

    __slots__ = ()
    RESULTS = (ResultDef("result", LLH_FLOAT_TENSOR),)
    PROPERTIES = (
        PropDef("dilation", LLH_DENSE_I64_ARRAY_ATTR),
        PropDef("group", I64_ATTR, default=IntegerAttr(1, i64)),
        PropDef("kernel_shape", LLH_DENSE_I64_ARRAY_ATTR),
        PropDef("layout", LAYOUT_ATTR, optional=True),
        PropDef("pad", LLH_DENSE_I64_ARRAY_ATTR),
        PropDef("stride", LLH_DENSE_I64_ARRAY_ATTR),
        PropDef("weight_layout", LAYOUT_ATTR, optional=True),
    )
    TRAITS = (SymbolicInferShape,)
    # `X`, `W` (and conv_bias's `B`) read as `input`, `weight` and `bias`.
    ALIASES = {"input": "X", "weight": "W", "bias": "B"}

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        """P7: the layouts from the module's `builtin.gloabal_layout`."""
        return [P.AddConvLayoutAttr(cls.OPERATION_NAME)]

    @classmethod
    def _build(
        cls,
        operands: Sequence[Value],
        kernel_shape: Sequence[int],
        stride: Sequence[int],
        pad: Sequence[int],
        dilation: Sequence[int],
        group: int | None,
        layout: str | None,
        weight_layout_name: str | None,
        result_type: Type | None,
        location: LocationAttr,
    ) -> _ConvBase:
        op = cls.create_op(
            operands,
            (UnrankedTensorType(element_type_of(operands[0].type)),),
            {
                "dilation": DenseArrayAttr.i64(dilation),
                "group": IntegerAttr(group, i64) if group is not None else None,
                "kernel_shape": DenseArrayAttr.i64(kernel_shape),
                "layout": LayoutAttr(layout) if layout is not None else None,
                "pad": DenseArrayAttr.i64(pad),
                "stride": DenseArrayAttr.i64(stride),
                "weight_layout": (
                    LayoutAttr(weight_layout_name) if weight_layout_name is not None else None
                ),
            },
            location=location,
        )
        op.results[0].type = result_type or op.static_result_type()
        return op  # type: ignore[no-any-return]

    @property
    def group(self) -> int:
        g = self.int_prop("group")
        return g if g is not None else 1

    def static_result_type(self) -> Type:
        """The result type the static input/weight sizes determine (`?` elsewhere)."""
        x, w = self.input.type, self.weight.type
        xs, ws = ranked_shape(x), ranked_shape(w)
        window = WindowInfo(self, x)
        elt = element_type_of(x)
        if xs is None:
            return UnrankedTensorType(elt)
        layout = input_layout(self)
        rank = len(xs)
        out = [DYNAMIC] * rank
        out[0] = xs[0]
        if ws is not None and len(ws) == rank:
            f, _, _ = weight_layout(self).weight_indices(rank)
            out[layout.feature_index(rank)] = ws[f]
        for i, axis in enumerate(layout.spatial_indices(rank)):
            out[axis] = window.output_size(xs[axis], i)
        return RankedTensorType(tuple(out), elt)

    def verify_op(self) -> None:
        x, w, rt = self.input.type, self.weight.type, self.results[0].type
        check_same_element_type(self, [*self.operand_types, rt])
        window = WindowInfo(self, x)
        layout = input_layout(self)
        wlayout = weight_layout(self)
        group = self.group
        if group <= 0:
            raise self.error(f"'group' must be positive, got {group}")
        xs, ws = ranked_shape(x), ranked_shape(w)
        rank = window.rank
        if ws is not None and len(ws) != rank:
            raise self.error(
                f"weight of rank {len(ws)} does not match the {rank - 2}-D window "
                f"(expected rank {rank})"
            )
        features = DYNAMIC
        if ws is not None:
            f_idx, c_idx, spatial = wlayout.weight_indices(rank)
            features = ws[f_idx]
            for i, axis in enumerate(spatial):
                if ws[axis] != DYNAMIC and ws[axis] != window.kernel[i]:
                    raise self.error(
                        f"weight spatial dimension {i} is {ws[axis]} but 'kernel_shape' says "
                        f"{window.kernel[i]}"
                    )
            if features != DYNAMIC and features % group:
                raise self.error(
                    f"output features ({features}) must be divisible by group ({group})"
                )
            if xs is not None:
                c_in = xs[layout.feature_index(rank)]
                c_w = ws[c_idx]
                if c_in != DYNAMIC and c_w != DYNAMIC and c_in != group * c_w:
                    raise self.error(
                        f"input channels ({c_in}) must equal group ({group}) times the weight's "
                        f"input channels ({c_w})"
                    )
        check_window_output(self, window, layout, x, rt, features)
        bias = self.bias
        bs = ranked_shape(bias.type) if bias is not None else None
        if bs is not None:
            if len(bs) != 1:
                raise self.error(f"bias must be a 1-D tensor, got rank {len(bs)}")
            if not dims_compatible(bs[0], features):
                raise self.error(
                    f"bias has {bs[0]} values but there are {features} output features"
                )

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """Batch from the input, features from the weight (and bias), window outputs at the
        layout's spatial positions; records `C_in == group · W_c`, the weight's spatial sizes
        equal to `kernel_shape`, and checks `F % group == 0` when F is static."""
        x = self.input
        dims = ctx.shape(x)
        if dims is None:
            return False
        window = WindowInfo(self, x.type)
        rank = len(dims)
        if rank != window.rank:
            ctx.error(self, f"input of rank {rank} does not match the {window.rank - 2}-D window")
        layout = input_layout(self)
        out = R.window_dims(ctx, self, dims, window, layout.spatial_indices(rank))
        c = layout.feature_index(rank)
        out[c] = features = self._infer_features(ctx, dims[c], rank, window)
        bias = self.bias
        if bias is not None:
            b = ctx.shape(bias)
            if b is not None and len(b) == 1:
                out[c] = b[0] if features is None else R.unify(ctx, self, features, b[0])
        ctx.set_shape(self.results[0], out)
        return True

    def _infer_features(
        self, ctx: ShapeContext, c_in: sympy.Expr, rank: int, window: WindowInfo
    ) -> sympy.Expr | None:
        """The weight's output features (None when the weight is unranked), after checking the
        weight against the input channels, `group` and `kernel_shape`."""
        w = ctx.shape(self.weight)
        if w is None:
            return None
        if len(w) != rank:
            ctx.error(self, f"weight of rank {len(w)} does not match the input rank {rank}")
        f, ci, spatial = weight_layout(self).weight_indices(rank)
        group = self.group
        if w[f].is_Integer and int(w[f]) % group:
            ctx.error(self, f"output features ({w[f]}) must be divisible by group ({group})")
        for i, axis in enumerate(spatial):
            R.unify(ctx, self, w[axis], sympy.Integer(window.kernel[i]))
        R.unify(ctx, self, c_in, group * w[ci])
        return w[f]


@llh_op
class ConvOp(_ConvBase):
    __slots__ = ()
    OPERATION_NAME = "llh.conv"
    SUMMARY = "convolution"
    OPERANDS = (OperandDef("X", LLH_FLOAT_TENSOR), OperandDef("W", LLH_FLOAT_TENSOR))

    @property
    def bias(self) -> None:
        """A conv has no bias (`llh.conv_bias` has one)."""
        return None

    @classmethod
    def build(
        cls,
        x: Value,
        w: Value,
        kernel_shape: Sequence[int],
        stride: Sequence[int],
        pad: Sequence[int],
        dilation: Sequence[int],
        group: int | None = 1,
        layout: str | None = None,
        weight_layout: str | None = None,
        result_type: Type | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> ConvOp:
        """A conv whose result type follows from the static sizes (unless given); `group=None`
        leaves the default-valued `group` unset (not printed)."""
        return cls._build(  # type: ignore[return-value]
            (x, w), kernel_shape, stride, pad, dilation, group, layout, weight_layout,
            result_type, location,
        )  # fmt: skip


@llh_op
class ConvBiasOp(_ConvBase):
    __slots__ = ()
    OPERATION_NAME = "llh.conv_bias"
    SUMMARY = "convolution plus bias"
    OPERANDS = (
        OperandDef("X", LLH_FLOAT_TENSOR),
        OperandDef("W", LLH_FLOAT_TENSOR),
        OperandDef("B", LLH_FLOAT_TENSOR),
    )

    @classmethod
    def build(
        cls,
        x: Value,
        w: Value,
        b: Value,
        kernel_shape: Sequence[int],
        stride: Sequence[int],
        pad: Sequence[int],
        dilation: Sequence[int],
        group: int | None = 1,
        layout: str | None = None,
        weight_layout: str | None = None,
        result_type: Type | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> ConvBiasOp:
        return cls._build(  # type: ignore[return-value]
            (x, w, b), kernel_shape, stride, pad, dilation, group, layout, weight_layout,
            result_type, location,
        )  # fmt: skip


# --------------------------------------------------------------------------- matmul


@llh_op
class MatMulOp(LLHOp):
    """`[M, K] × [K, N] → [M, N]`."""

    __slots__ = ()
    OPERATION_NAME = "llh.matmul"
    SUMMARY = "matrix multiplication"
    OPERANDS = (OperandDef("lhs", LLH_2D_TENSOR), OperandDef("rhs", LLH_2D_TENSOR))
    RESULTS = (ResultDef("result", LLH_2D_TENSOR),)
    TRAITS = (Broadcastable, SymbolicInferShape)

    @classmethod
    def build(cls, lhs: Value, rhs: Value, location: LocationAttr = UNKNOWN_LOC) -> MatMulOp:
        a, b = ranked_shape(lhs.type), ranked_shape(rhs.type)
        elt = element_type_of(lhs.type)
        rt: Type = (
            RankedTensorType((a[0], b[1]), elt)
            if a is not None and b is not None
            else UnrankedTensorType(elt)
        )
        return cls.create_op((lhs, rhs), (rt,), location=location)

    def verify_op(self) -> None:
        check_same_element_type(self, [*self.operand_types, self.results[0].type])
        _check_matmul(self, 0)

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """`[M, K] × [K, N] → [M, N]`, the two K recorded equal."""
        return _infer_matmul(self, ctx, 0)


def _check_matmul(op: LLHOp, batch: int) -> None:
    """`[..., M, K] × [..., K, N] → [..., M, N]` with `batch` leading dimensions."""
    a, b = ranked_shape(op.lhs.type), ranked_shape(op.rhs.type)
    r = ranked_shape(op.results[0].type)
    if a is not None and b is not None:
        k1, k2 = a[batch + 1], b[batch]
        if not dims_compatible(k1, k2):
            raise op.error(f"contracting dims differ: {k1} vs {k2}")
        for i in range(batch):
            if not dims_compatible(a[i], b[i]):
                raise op.error(f"batch dims differ: {a[i]} vs {b[i]}")
    if r is None:
        return
    want = [DYNAMIC] * (batch + 2)
    if a is not None:
        want[: batch + 1] = a[: batch + 1]
    if b is not None:
        want[batch + 1] = b[batch + 1]
        for i in range(batch):
            if want[i] == DYNAMIC:
                want[i] = b[i]
    if not all(map(dims_compatible, want, r)):
        raise op.error(
            f"result shape {format_shape(r)} is incompatible with the expected {format_shape(want)}"
        )


def _infer_matmul(op: LLHOp, ctx: ShapeContext, batch: int) -> bool:
    """`[..., M, K] × [..., K, N] → [..., M, N]` with `batch` leading dimensions."""
    a, b = ctx.shape(op.lhs), ctx.shape(op.rhs)
    if a is None or b is None:
        return False
    if len(a) != batch + 2 or len(b) != batch + 2:
        ctx.error(op, f"operands must have rank {batch + 2}, got {len(a)} and {len(b)}")
    R.unify(ctx, op, a[batch + 1], b[batch])
    out = [R.unify(ctx, op, x, y) for x, y in zip(a[:batch], b[:batch])]
    ctx.set_shape(op.results[0], [*out, a[batch], b[batch + 1]])
    return True


@llh_op
class BatchMatMulOp(LLHOp):
    """HEAD: `[B, M, K] × [B, K, N] → [B, M, N]`."""

    __slots__ = ()
    OPERATION_NAME = "llh.batch_matmul"
    SUMMARY = "batched matrix multiplication"
    OPERANDS = (OperandDef("lhs", LLH_3D_TENSOR), OperandDef("rhs", LLH_3D_TENSOR))
    RESULTS = (ResultDef("result", LLH_3D_TENSOR),)
    TRAITS = (Pure, SymbolicInferShape)

    @classmethod
    def build(cls, lhs: Value, rhs: Value, location: LocationAttr = UNKNOWN_LOC) -> BatchMatMulOp:
        a, b = ranked_shape(lhs.type), ranked_shape(rhs.type)
        elt = element_type_of(lhs.type)
        if a is None or b is None:
            rt: Type = UnrankedTensorType(elt)
        else:
            rt = RankedTensorType((a[0] if a[0] != DYNAMIC else b[0], a[1], b[2]), elt)
        return cls.create_op((lhs, rhs), (rt,), location=location)

    def verify_op(self) -> None:
        check_same_element_type(self, [*self.operand_types, self.results[0].type])
        _check_matmul(self, 1)

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """`[B, M, K] × [B, K, N] → [B, M, N]`, the two B and the two K recorded equal."""
        return _infer_matmul(self, ctx, 1)


# --------------------------------------------------------------------------- normalization


@llh_op
class BatchNormOp(LLHOp):
    """Inference-mode batch norm along `feature_index` (the seed-era single-result form):
    `(x − mean) / sqrt(var + epsilon) · scale + bias`."""

    __slots__ = ()
    OPERATION_NAME = "llh.batch_norm"
    SUMMARY = "batch normalization"
    OPERANDS = (
        OperandDef("input", LLH_TENSOR),
        OperandDef("scale", LLH_TENSOR),
        OperandDef("bias", LLH_TENSOR),
        OperandDef("input_mean", LLH_TENSOR),
        OperandDef("input_var", LLH_TENSOR),
    )
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    PROPERTIES = (
        PropDef("epsilon", F64_ATTR),
        PropDef("feature_index", I64_ATTR),
        PropDef("momentum", F64_ATTR),
    )
    TRAITS = (SymbolicInferShape,)

    @classmethod
    def build(
        cls,
        input: Value,
        scale: Value,
        bias: Value,
        mean: Value,
        var: Value,
        epsilon: float = 1e-5,
        momentum: float = 0.1,
        feature_index: int = 1,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> BatchNormOp:
        return cls.create_op(
            (input, scale, bias, mean, var),
            (input.type,),
            {
                "epsilon": FloatAttr.from_value(epsilon, f64),
                "feature_index": IntegerAttr(feature_index, i64),
                "momentum": FloatAttr.from_value(momentum, f64),
            },
            location=location,
        )

    def verify_op(self) -> None:
        types = self.operand_types
        check_same_element_type(self, [*types, self.results[0].type])
        eps = self.epsilon.value
        if eps < 0:
            raise self.error(f"'epsilon' must be non-negative, got {eps}")
        check_compatible_shapes(self, self.input.type, self.results[0].type)
        shape = ranked_shape(self.input.type)
        if shape is None:
            return
        k = self.feature_index.value
        if not 0 <= k < len(shape):
            raise self.error(f"'feature_index' {k} is out of range for a rank-{len(shape)} input")
        features = shape[k]
        params = (
            ("scale", self.scale),
            ("bias", self.bias),
            ("input_mean", self.input_mean),
            ("input_var", self.input_var),
        )
        for name, v in params:
            s = ranked_shape(v.type)
            if s is None:
                continue
            if len(s) != 1:
                raise self.error(f"'{name}' must be a 1-D tensor, got rank {len(s)}")
            if not dims_compatible(s[0], features):
                raise self.error(
                    f"'{name}' has {s[0]} values but the input has {features} features"
                )

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """The input's dimensions; each 1-D parameter's size is recorded equal to the features."""
        dims = ctx.shape(self.input)
        if dims is None:
            return False
        out = list(dims)
        k = self.feature_index.value
        k = R.normalize_axis(ctx, self, k, len(out), "'feature_index'")
        for v in (self.scale, self.bias, self.input_mean, self.input_var):
            p = ctx.shape(v)
            if p is not None and len(p) == 1:
                out[k] = R.unify(ctx, self, out[k], p[0])
        ctx.set_shape(self.results[0], out)
        return True


@llh_op
class LayerNormOp(LLHOp):
    """Layer norm over the dimensions from `axis` on."""

    __slots__ = ()
    OPERATION_NAME = "llh.layer_norm"
    SUMMARY = "layer normalization"
    OPERANDS = (
        OperandDef("input", LLH_TENSOR),
        OperandDef("scale", LLH_TENSOR),
        OperandDef("bias", LLH_TENSOR),
    )
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    PROPERTIES = (PropDef("axis", I64_ATTR), PropDef("epsilon", F64_ATTR))
    TRAITS = (SymbolicInferShape,)

    @classmethod
    def build(
        cls,
        input: Value,
        scale: Value,
        bias: Value,
        axis: int,
        epsilon: float = 1e-5,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> LayerNormOp:
        return cls.create_op(
            (input, scale, bias),
            (input.type,),
            {"axis": IntegerAttr(axis, i64), "epsilon": FloatAttr.from_value(epsilon, f64)},
            location=location,
        )

    def verify_op(self) -> None:
        types = self.operand_types
        check_same_element_type(self, [*types, self.results[0].type])
        eps = self.epsilon.value
        if eps < 0:
            raise self.error(f"'epsilon' must be non-negative, got {eps}")
        check_compatible_shapes(self, self.input.type, self.results[0].type)
        shape = ranked_shape(self.input.type)
        axis = self.axis.value
        if shape is not None and not -len(shape) <= axis < len(shape):
            raise self.error(f"'axis' {axis} is out of range for a rank-{len(shape)} input")

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """The input's dimensions; a scale/bias of the normalized rank has its sizes (other than a
        broadcast 1) recorded equal to the normalized dimensions `[axis, rank)`."""
        dims = ctx.shape(self.input)
        if dims is None:
            return False
        out = list(dims)
        a = R.normalize_axis(ctx, self, self.axis.value, len(out), "'axis'")
        for v in (self.scale, self.bias):
            p = ctx.shape(v)
            if p is not None and len(p) == len(out) - a:
                for j, e in enumerate(p):
                    if e is not R.ONE:
                        out[a + j] = R.unify(ctx, self, out[a + j], e)
        ctx.set_shape(self.results[0], out)
        return True


# --------------------------------------------------------------------------- side effects


@llh_op
class PrintOp(LLHOp):
    """HEAD: print a value at run time, after `prefix_description`."""

    __slots__ = ()
    OPERATION_NAME = "llh.print"
    SUMMARY = "print a value"
    OPERANDS = (OperandDef("input", LLH_COMPUTABLE),)
    PROPERTIES = (PropDef("prefix_description", UNTYPED_STRING_ATTR, optional=True),)

    @classmethod
    def build(
        cls, input: Value, prefix: str | None = None, location: LocationAttr = UNKNOWN_LOC
    ) -> PrintOp:
        props = {"prefix_description": StringAttr(prefix) if prefix is not None else None}
        return cls.create_op((input,), (), props, location=location)
