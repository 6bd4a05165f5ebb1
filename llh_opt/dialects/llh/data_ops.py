"""LLH data, shape and layout ops (spec §3.2) and HEAD's `stride_slice`, `scalar_cast` and
`convert_to` (§9): constants and weights, dimension queries, reshapes, broadcasts, slices,
concatenation and transposition, each with its verifier and builder.

Each op with a symbolic-shape rule states it as `infer_symbolic_shape` (formulas in
``shape_rules.py``); ops that fold declare `fold(operands)` with their arithmetic on the class
(`integer_fn` / `float_fn` / `numpy_fn` / `reduce_fn`, functions in ``elementwise.py``, folders in
``fold.py``), and ops with canonicalization patterns build them from ``canonicalize.py``'s classes
in `get_canonical_patterns`. Operands and properties read through the named accessors.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from llh_opt.lazy import lazy_import

from llh_opt.dialects.llh.attrs import constant_symbol_name, constant_symbol_value
from llh_opt.dialects.llh.base import (
    UNKNOWN_LOC,
    LLHOp,
    check_compatible_shapes,
    check_same_element_type,
    constant_int,
    i64_array,
    llh_op,
    sizes_from_operands,
    symbol_ref,
)
from llh_opt.dialects.llh.constraints import (
    CONSTANT_ATTR,
    LLH_COMPUTABLE,
    LLH_DENSE_I64_ARRAY_ATTR,
    LLH_FLAT_SYMBOL_REF_ATTR,
    LLH_INT64,
    LLH_TENSOR,
    NoMemoryEffect,
    SymbolicInferShape,
    dims_compatible,
    format_shape,
    is_tensor,
    ranked_shape,
    shapes_compatible,
    static_product,
)
from llh_opt.ir.attributes import (
    Attribute,
    DenseArrayAttr,
    DenseElementsAttr,
    IntegerAttr,
    LocationAttr,
    StringAttr,
)
from llh_opt.ir.core import Value
from llh_opt.ir.opdef import (
    DENSE_I32_ARRAY_ATTR,
    I64_ATTR,
    UNTYPED_STRING_ATTR,
    AttrSizedOperandSegments,
    ConstantLike,
    OperandDef,
    PropDef,
    Pure,
    ResultDef,
    SameOperandsAndResultElementType,
    SameOperandsAndResultRank,
    emit_warning,
)
from llh_opt.ir.types import (
    DYNAMIC,
    IndexType,
    IntegerType,
    RankedTensorType,
    Type,
    UnrankedTensorType,
    element_type_of,
    i1,
    i32,
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
    "BroadcastToOp",
    "CatOp",
    "ConstantOp",
    "ConvertToOp",
    "DimOp",
    "EmptyOp",
    "ExpandOp",
    "ExtractOp",
    "FlattenOp",
    "ReshapeOp",
    "ScalarCastOp",
    "ShapeOfOp",
    "SliceOp",
    "StrideSliceOp",
    "TransposeOp",
    "WeightOp",
]


def _check_size_operands(
    op: LLHOp, sizes: Sequence[Value], result: Type, what: str, wildcard: bool = False
) -> None:
    """One size operand per result dimension; constant sizes agree with static result sizes.
    With `wildcard` (reshape), one size may be `-1`: the remaining element count."""
    shape = ranked_shape(result)
    if shape is None:
        return
    if len(sizes) != len(shape):
        raise op.error(
            f"expects one {what} operand per result dimension: {len(sizes)} operands for a "
            f"rank-{len(shape)} result"
        )
    wildcards = 0
    for i, (v, d) in enumerate(zip(sizes, shape)):
        c = constant_int(v)
        if c is None:
            continue
        if c == -1 and wildcard:
            wildcards += 1
            if wildcards > 1:
                raise op.error(f"at most one {what} operand may be -1, operand {i} is the second")
            continue
        if c < 0 and what == "size":
            raise op.error(f"{what} operand {i} is negative ({c})")
        if c >= 0 and d != DYNAMIC and c != d:
            raise op.error(f"{what} operand {i} is {c} but result dimension {i} is {d}")


# --------------------------------------------------------------------------- constants


def _value_type(value: Attribute) -> Type:
    return value.type  # type: ignore[attr-defined, no-any-return]


@llh_op
class ConstantOp(LLHOp):
    """`"llh.constant"() <{value = 3 : i64, symbol = @c3}> : () -> i64`, or a dense tensor.

    The result type may be less precise than the value's (`tensor<*xf32>` for a
    `dense<...> : tensor<384xf32>`), as the reference writes it. A `symbol` naming a different
    constant than the value is a warning: ``--infer-symbolic-shape`` corrects it."""

    __slots__ = ()
    OPERATION_NAME = "llh.constant"
    SUMMARY = "constant scalar or tensor"
    RESULTS = (ResultDef("result", LLH_COMPUTABLE),)
    PROPERTIES = (
        PropDef("symbol", LLH_FLAT_SYMBOL_REF_ATTR, optional=True),
        PropDef("value", CONSTANT_ATTR),
    )
    TRAITS = (ConstantLike, SymbolicInferShape)

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        return [P.EraseNoUserOp(cls.OPERATION_NAME)]

    @classmethod
    def build(
        cls,
        value: Attribute,
        symbol: str | None = None,
        result_type: Type | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> ConstantOp:
        """A constant whose result type is the value's type (unless `result_type` is given)."""
        return cls.create_op(
            result_types=(result_type or _value_type(value),),
            properties={"value": value, "symbol": symbol_ref(symbol)},
            location=location,
        )

    @classmethod
    def build_int(
        cls, value: int, type: Type = i64, symbol: str | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> ConstantOp:  # fmt: skip
        """An integer scalar constant (pass `symbol=constant_symbol_name(value)` to name it)."""
        return cls.build(IntegerAttr(value, type), symbol, location=location)

    @property
    def value(self) -> Attribute:
        return self.properties["value"]

    def fold(self, operands: Sequence[Attribute | None]) -> Attribute:
        """Its `value` (what constant de-duplication keys on)."""
        return self.properties["value"]

    def verify_op(self) -> None:
        value = self.value
        rtype = self.results[0].type
        if isinstance(value, DenseElementsAttr):
            if not is_tensor(rtype):
                raise self.error(f"a dense value needs a tensor result, got '{rtype}'")
            if element_type_of(rtype) is not value.type.element_type:
                raise self.error(
                    f"value element type '{value.type.element_type}' does not match the result "
                    f"element type '{element_type_of(rtype)}'"
                )
            shape = ranked_shape(rtype)
            if shape is not None and not shapes_compatible(value.type.shape, shape):
                raise self.error(
                    f"value shape {format_shape(value.type.shape)} does not match the result "
                    f"shape {format_shape(shape)}"
                )
        elif _value_type(value) is not rtype:
            raise self.error(
                f"value type '{_value_type(value)}' does not match the result type '{rtype}'"
            )
        symbol = self.symbol
        if isinstance(value, IntegerAttr) and symbol is not None:
            named = constant_symbol_value(symbol)
            wrapped = value.value % (1 << 64)  # the reference's unsigned naming (spec §8.1)
            if named is not None and named not in (value.value, wrapped):
                emit_warning(
                    self,
                    f"symbol @{symbol} does not match the value {value.value} (expected "
                    f"@{constant_symbol_name(value.value)})",
                )

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """An integer scalar equals its value (spec §4.6); a dense tensor has the value's static
        shape (whatever result type was written); float scalars get nothing."""
        value = self.value
        if isinstance(value, IntegerAttr):
            t = value.type
            if not isinstance(t, (IntegerType, IndexType)) or t is i1:
                return False
            ctx.set_scalar(self.results[0], sympy.Integer(value.value))
            return True
        if isinstance(value, DenseElementsAttr):
            ctx.set_shape(self.results[0], [sympy.Integer(d) for d in value.type.shape])
            return True
        return False


def _weight_file_summary(a: Attribute) -> tuple[Any, ...]:
    """What the verifiers of `llh.weight` read of its `weight_file`: the attribute's class, its
    type (if a string) and whether its value is empty."""
    if isinstance(a, StringAttr):
        return (StringAttr, a.type, not a.value)
    return (a.__class__, a)


@llh_op
class WeightOp(LLHOp):
    """A constant tensor whose data lives in a file (`.npy`), materialized by load-weight."""

    __slots__ = ()
    OPERATION_NAME = "llh.weight"
    SUMMARY = "weight tensor loaded from a file"
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    PROPERTIES = (PropDef("weight_file", UNTYPED_STRING_ATTR),)
    TRAITS = (SymbolicInferShape,)
    # Every weight names its own file, but the verifiers read only what `_weight_file_summary`
    # keeps (the kind check: a StringAttr without a type; `verify_op`: non-empty), so weights of
    # one type share one memo entry (keep the summary in step with `verify_op`).
    VERIFY_MEMO_PROPS = {"weight_file": _weight_file_summary}

    @classmethod
    def build(
        cls, weight_file: str, result_type: Type, location: LocationAttr = UNKNOWN_LOC
    ) -> WeightOp:
        return cls.create_op(
            result_types=(result_type,),
            properties={"weight_file": StringAttr(weight_file)},
            location=location,
        )

    def verify_op(self) -> None:
        if not self.weight_file.value:
            raise self.error("requires a non-empty 'weight_file'")

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """The declared static sizes (a fresh symbol for each `?`); nothing when unranked."""
        shape = ranked_shape(self.results[0].type)
        if shape is None:
            return False
        ctx.set_shape(self.results[0], [None if d == DYNAMIC else sympy.Integer(d) for d in shape])
        return True


# --------------------------------------------------------------------------- shape queries


@llh_op
class DimOp(LLHOp):
    """`"llh.dim"(%t, %k) <{symbol = @s0}> : (tensor<...>, i64) -> i64`: size of dimension k."""

    __slots__ = ()
    OPERATION_NAME = "llh.dim"
    SUMMARY = "size of one dimension of a tensor"
    OPERANDS = (OperandDef("input", LLH_TENSOR), OperandDef("dim", LLH_INT64))
    RESULTS = (ResultDef("result", LLH_INT64),)
    PROPERTIES = (PropDef("symbol", LLH_FLAT_SYMBOL_REF_ATTR, optional=True),)
    TRAITS = (Pure,)

    @classmethod
    def build(
        cls, input: Value, dim: Value, symbol: str | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> DimOp:  # fmt: skip
        return cls.create_op(
            (input, dim), (i64,), {"symbol": symbol_ref(symbol)}, location=location
        )

    def verify_op(self) -> None:
        shape = ranked_shape(self.input.type)
        k = constant_int(self.dim)
        if shape is not None and k is not None and not 0 <= k < len(shape):
            raise self.error(f"dimension index {k} is out of range for a rank-{len(shape)} input")

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        """A static dimension's size (D4); the size operand of a reshape / empty /
        broadcast_to that made a dynamic one."""
        return F.fold_dim(self, operands)

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """The result equals dimension `k` of the input when `k` is a constant (spec §4.6)."""
        dims = ctx.shape(self.input)
        k = ctx.scalar(self.dim)
        if dims is None or k is None or not k.is_Integer:
            return False
        k = R.normalize_axis(ctx, self, int(k), len(dims), "dimension index")
        ctx.set_scalar(self.results[0], dims[k])
        return True


@llh_op
class ShapeOfOp(LLHOp):
    """One i64 per dimension of the input."""

    __slots__ = ()
    OPERATION_NAME = "llh.shape_of"
    SUMMARY = "all dimension sizes of a tensor"
    OPERANDS = (OperandDef("input", LLH_TENSOR),)
    RESULTS = (ResultDef("results", LLH_INT64, variadic=True),)
    TRAITS = (Pure,)

    @classmethod
    def build(cls, input: Value, location: LocationAttr = UNKNOWN_LOC) -> ShapeOfOp:
        shape = ranked_shape(input.type)
        if shape is None:
            raise ValueError("llh.shape_of needs a ranked input")
        return cls.create_op((input,), (i64,) * len(shape), location=location)

    def verify_op(self) -> None:
        shape = ranked_shape(self.input.type)
        if shape is not None and len(self.results) != len(shape):
            raise self.error(f"has {len(self.results)} results but the input has rank {len(shape)}")

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """Result i equals dimension i of the input."""
        dims = ctx.shape(self.input)
        if dims is None:
            return False
        if len(dims) != len(self.results):
            ctx.error(self, f"has {len(self.results)} results but the input has rank {len(dims)}")
        for r, d in zip(self.results, dims):
            ctx.set_scalar(r, d)
        return True


# --------------------------------------------------------------------------- reshapes


def _shaped_result(input_type: Type, sizes: Sequence[Value], result_type: Type | None) -> Type:
    if result_type is not None:
        return result_type
    return RankedTensorType(sizes_from_operands(sizes), element_type_of(input_type))


class _InputAndSizesOp(LLHOp):
    """`op(input, size_0, ..., size_{r-1})`: a tensor reshaped/expanded to one i64 size per result
    dimension (reshape, expand)."""

    __slots__ = ()
    OPERANDS = (
        OperandDef("input", LLH_TENSOR),
        OperandDef("shapes", LLH_INT64, variadic=True),
    )
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    TRAITS = (SymbolicInferShape,)

    @classmethod
    def build(
        cls, input: Value, shapes: Sequence[Value], result_type: Type | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> Any:  # fmt: skip
        """Result sizes come from constant `shapes` operands (`?` otherwise)."""
        rt = _shaped_result(input.type, shapes, result_type)
        return cls.create_op((input, *shapes), (rt,), location=location)


@llh_op
class ReshapeOp(_InputAndSizesOp):
    """Reshape to the sizes `shapes` (one i64 operand per result dimension)."""

    __slots__ = ()
    OPERATION_NAME = "llh.reshape"
    SUMMARY = "reshape a tensor"

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        return [P.ReshapeOfReshape()]

    def verify_op(self) -> None:
        input_type, rtype = self.input.type, self.results[0].type
        check_same_element_type(self, (input_type, rtype))
        _check_size_operands(self, self.shapes, rtype, "size", wildcard=True)
        a = ranked_shape(input_type)
        b = ranked_shape(rtype)
        if a is not None and b is not None:
            na, nb = static_product(a), static_product(b)
            if na is not None and nb is not None and na != nb:
                raise self.error(
                    f"input {format_shape(a)} has {na} elements but result {format_shape(b)} "
                    f"has {nb}"
                )

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        return F.fold_reshape(self, operands)

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """The sizes the `shapes` operands hold; one `-1` is the remaining element count."""
        dims = ctx.shape(self.input)
        ctx.set_shape(self.results[0], R.reshape_sizes(ctx, self, dims, self.shapes))
        return True


@llh_op
class EmptyOp(LLHOp):
    """An uninitialized tensor of sizes `shapes` (one per dimension)."""

    __slots__ = ()
    OPERATION_NAME = "llh.empty"
    SUMMARY = "uninitialized tensor"
    OPERANDS = (OperandDef("shapes", LLH_INT64, variadic=True),)
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    TRAITS = (NoMemoryEffect, SymbolicInferShape)

    @classmethod
    def build(
        cls, shapes: Sequence[Value], element_type: Type, result_type: Type | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> EmptyOp:  # fmt: skip
        rt = result_type or RankedTensorType(sizes_from_operands(shapes), element_type)
        return cls.create_op(shapes, (rt,), location=location)

    def verify_op(self) -> None:
        _check_size_operands(self, self.shapes, self.results[0].type, "size")

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """The sizes the `shapes` operands hold."""
        ctx.set_shape(self.results[0], R.sizes_from_scalars(ctx, self, self.shapes))
        return True


@llh_op
class BroadcastToOp(LLHOp):
    """Broadcast `input` to the sizes `out_shapes`; `cast_dims` lists the result dimensions
    expanded from size 1 (HEAD adds the optional `expand_dims` / `noexpand_dims`)."""

    __slots__ = ()
    OPERATION_NAME = "llh.broadcast_to"
    SUMMARY = "broadcast a tensor to a shape"
    OPERANDS = (
        OperandDef("input", LLH_TENSOR),
        OperandDef("out_shapes", LLH_INT64, variadic=True),
    )
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    PROPERTIES = (
        PropDef("cast_dims", LLH_DENSE_I64_ARRAY_ATTR),
        PropDef("expand_dims", LLH_DENSE_I64_ARRAY_ATTR, optional=True),
        PropDef("noexpand_dims", LLH_DENSE_I64_ARRAY_ATTR, optional=True),
    )
    TRAITS = (SymbolicInferShape,)

    @classmethod
    def build(
        cls,
        input: Value,
        out_shapes: Sequence[Value],
        cast_dims: Sequence[int],
        result_type: Type | None = None,
        expand_dims: Sequence[int] | None = None,
        noexpand_dims: Sequence[int] | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> BroadcastToOp:
        rt = _shaped_result(input.type, out_shapes, result_type)
        return cls.create_op(
            (input, *out_shapes),
            (rt,),
            {
                "cast_dims": DenseArrayAttr.i64(cast_dims),
                "expand_dims": i64_array(expand_dims),
                "noexpand_dims": i64_array(noexpand_dims),
            },
            location=location,
        )

    def verify_op(self) -> None:
        input_type, rtype = self.input.type, self.results[0].type
        check_same_element_type(self, (input_type, rtype))
        _check_size_operands(self, self.out_shapes, rtype, "size")
        rshape = ranked_shape(rtype)
        if rshape is None:
            return
        rank = len(rshape)
        for name in ("cast_dims", "expand_dims", "noexpand_dims"):
            dims = self.int_array(name)
            for d in dims:
                if not 0 <= d < rank:
                    raise self.error(f"'{name}' value {d} is out of range for a rank-{rank} result")
            if len(set(dims)) != len(dims):
                raise self.error(f"'{name}' has repeated dimensions")
        ishape = ranked_shape(input_type)
        if ishape is None:
            return
        if len(ishape) > rank:
            raise self.error(f"cannot broadcast a rank-{len(ishape)} input to a rank-{rank} result")
        if len(ishape) != rank:
            return
        cast = set(self.cast_dims.values)
        for i, (a, b) in enumerate(zip(ishape, rshape)):
            if i in cast:
                if a not in (1, DYNAMIC):
                    raise self.error(
                        f"dimension {i} is in 'cast_dims' but the input size there is {a}, not 1"
                    )
            elif not dims_compatible(a, b):
                raise self.error(
                    f"input dimension {i} of size {a} cannot become {b} without being listed "
                    "in 'cast_dims'"
                )

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        return F.fold_broadcast_to(self, operands)

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """The sizes the `out_shapes` operands hold. With the input's rank, a dimension not in
        `cast_dims` keeps the input size (recorded equal to the operand's)."""
        sizes = R.sizes_from_scalars(ctx, self, self.out_shapes)
        dims = ctx.shape(self.input)
        if dims is not None and len(dims) == len(sizes):
            cast = set(self.cast_dims.values)
            for i, (d, e) in enumerate(zip(dims, sizes)):
                if i not in cast:
                    sizes[i] = d if e is None else R.unify(ctx, self, d, e)
        ctx.set_shape(self.results[0], sizes)
        return True


# --------------------------------------------------------------------------- indexing


@llh_op
class ExtractOp(LLHOp):
    """`input[index]` along dimension 0 (negative indices count from the end); the rank drops by
    one (a rank-1 input gives a rank-0 tensor)."""

    __slots__ = ()
    OPERATION_NAME = "llh.extract"
    SUMMARY = "extract a sub-tensor along dimension 0"

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        return [P.ExtractOpRefine()]

    OPERANDS = (OperandDef("input", LLH_TENSOR), OperandDef("index", LLH_INT64))
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    TRAITS = (SymbolicInferShape,)

    @classmethod
    def build(
        cls, input: Value, index: Value, result_type: Type | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> ExtractOp:  # fmt: skip
        if result_type is None:
            shape = ranked_shape(input.type)
            if shape is None or not shape:
                result_type = UnrankedTensorType(element_type_of(input.type))
            else:
                result_type = RankedTensorType(shape[1:], element_type_of(input.type))
        return cls.create_op((input, index), (result_type,), location=location)

    def verify_op(self) -> None:
        input_type, rtype = self.input.type, self.results[0].type
        check_same_element_type(self, (input_type, rtype))
        ishape = ranked_shape(input_type)
        if ishape is None:
            return
        if not ishape:
            raise self.error("cannot extract from a rank-0 tensor")
        k = constant_int(self.index)
        if k is not None and ishape[0] != DYNAMIC and not -ishape[0] <= k < ishape[0]:
            raise self.error(f"index {k} is out of range for dimension 0 of size {ishape[0]}")
        rshape = ranked_shape(rtype)
        if rshape is not None and not shapes_compatible(ishape[1:], rshape):
            raise self.error(
                f"result shape {format_shape(rshape)} is not the input shape "
                f"{format_shape(ishape)} without its first dimension"
            )

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        return F.fold_extract(self, operands)

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """The input's dimensions without the first (a rank-1 input gives a rank-0 tensor, spec
        D1); a constant index must lie in a static first dimension."""
        dims = ctx.shape(self.input)
        if dims is None or not is_tensor(self.results[0].type):
            return False
        if not dims:
            ctx.error(self, "cannot extract from a rank-0 tensor")
        k = ctx.scalar(self.index)
        if k is not None and k.is_Integer and dims[0].is_Integer:
            if not -int(dims[0]) <= int(k) < int(dims[0]):
                ctx.error(self, f"index {k} is out of range for dimension 0 of size {dims[0]}")
        ctx.set_shape(self.results[0], dims[1:])
        return True


class _SegmentedSliceOp(LLHOp):
    """Shared checks of `slice` / `stride_slice`: one index operand per input dimension in each
    group, and a result of the input's rank no larger than the input."""

    __slots__ = ()
    GROUPS: tuple[str, ...] = ()

    def verify_op(self) -> None:
        input_type, rtype = self.input.type, self.results[0].type
        check_same_element_type(self, (input_type, rtype))
        counts = self.operandSegmentSizes.values[1:]
        if len(set(counts)) > 1:
            listed = ", ".join(f"{n} {g}" for n, g in zip(counts, self.GROUPS))
            raise self.error(f"needs as many operands in each index group, got {listed}")
        ishape = ranked_shape(input_type)
        rshape = ranked_shape(rtype)
        if ishape is not None and counts and counts[0] != len(ishape):
            raise self.error(
                f"expects one index per input dimension: {counts[0]} for a rank-{len(ishape)} input"
            )
        if ishape is not None and rshape is not None:
            if len(ishape) != len(rshape):
                raise self.error(
                    f"result rank {len(rshape)} differs from the input rank {len(ishape)}"
                )
            for i, (a, b) in enumerate(zip(ishape, rshape)):
                if a != DYNAMIC and b != DYNAMIC and b > a:
                    raise self.error(
                        f"result dimension {i} of size {b} is larger than the input's {a}"
                    )
        if "stride" in self.GROUPS:
            for i, v in enumerate(self.stride):
                if constant_int(v) == 0:
                    raise self.error(f"stride {i} is zero")

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """Per dimension, the length of `input[start:end:stride]` (`shape_rules.slice_length`;
        `slice` has stride 1)."""
        dims = ctx.shape(self.input)
        if dims is None:
            return False
        starts, ends = self.start, self.end
        strides = self.stride if "stride" in self.GROUPS else None
        if len(starts) != len(dims) or len(ends) != len(dims):
            ctx.error(self, f"expects one index per input dimension, for a rank-{len(dims)} input")
        out = []
        for i, d in enumerate(dims):
            step = ctx.scalar(strides[i]) if strides is not None else R.ONE
            out.append(
                R.slice_length(ctx, self, d, ctx.scalar(starts[i]), ctx.scalar(ends[i]), step)
            )
        ctx.set_shape(self.results[0], out)
        return True


def _segment_sizes(*groups: Sequence[Value]) -> DenseArrayAttr:
    return DenseArrayAttr(i32, (1, *(len(g) for g in groups)))


@llh_op
class SliceOp(_SegmentedSliceOp):
    """HEAD form: `input[start_i : end_i]` in every dimension i (one `start` and one `end` i64
    per dimension, sized by `operandSegmentSizes`)."""

    __slots__ = ()
    OPERATION_NAME = "llh.slice"
    SUMMARY = "slice a tensor"
    OPERANDS = (
        OperandDef("input", LLH_TENSOR),
        OperandDef("start", LLH_INT64, variadic=True),
        OperandDef("end", LLH_INT64, variadic=True),
    )
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    PROPERTIES = (PropDef("operandSegmentSizes", DENSE_I32_ARRAY_ATTR),)
    TRAITS = (AttrSizedOperandSegments, SymbolicInferShape)
    GROUPS = ("start", "end")

    @classmethod
    def build(
        cls, input: Value, start: Sequence[Value], end: Sequence[Value], result_type: Type,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> SliceOp:  # fmt: skip
        return cls.create_op(
            (input, *start, *end),
            (result_type,),
            {"operandSegmentSizes": _segment_sizes(start, end)},
            location=location,
        )


@llh_op
class StrideSliceOp(_SegmentedSliceOp):
    """HEAD: `input[start_i : end_i : stride_i]` in every dimension i."""

    __slots__ = ()
    OPERATION_NAME = "llh.stride_slice"
    SUMMARY = "strided slice of a tensor"
    OPERANDS = (
        OperandDef("input", LLH_TENSOR),
        OperandDef("start", LLH_INT64, variadic=True),
        OperandDef("end", LLH_INT64, variadic=True),
        OperandDef("stride", LLH_INT64, variadic=True),
    )
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    PROPERTIES = (PropDef("operandSegmentSizes", DENSE_I32_ARRAY_ATTR),)
    TRAITS = (AttrSizedOperandSegments, Pure, SymbolicInferShape)
    GROUPS = ("start", "end", "stride")

    @classmethod
    def build(
        cls,
        input: Value,
        start: Sequence[Value],
        end: Sequence[Value],
        stride: Sequence[Value],
        result_type: Type,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> StrideSliceOp:
        return cls.create_op(
            (input, *start, *end, *stride),
            (result_type,),
            {"operandSegmentSizes": _segment_sizes(start, end, stride)},
            location=location,
        )


# --------------------------------------------------------------------------- concatenation etc.


@llh_op
class CatOp(LLHOp):
    """Concatenate `inputs` along dimension `dim` (negative counts from the end)."""

    __slots__ = ()
    OPERATION_NAME = "llh.cat"
    SUMMARY = "concatenate tensors"
    OPERANDS = (OperandDef("inputs", LLH_TENSOR, variadic=True),)
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    PROPERTIES = (PropDef("dim", I64_ATTR),)
    TRAITS = (SymbolicInferShape,)

    @classmethod
    def build(
        cls, inputs: Sequence[Value], dim: int, result_type: Type | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> CatOp:  # fmt: skip
        if result_type is None:
            result_type = _cat_type([v.type for v in inputs], dim)
        return cls.create_op(
            inputs, (result_type,), {"dim": IntegerAttr(dim, i64)}, location=location
        )

    def verify_op(self) -> None:
        types = self.operand_types
        if not types:
            raise self.error("requires at least one input")
        check_same_element_type(self, [*types, self.results[0].type])
        shapes = [s for s in map(ranked_shape, [*types, self.results[0].type]) if s is not None]
        if not shapes:
            return
        rank = len(shapes[0])
        if any(len(s) != rank for s in shapes):
            raise self.error("inputs and result must all have the same rank")
        dim = self.dim.value
        assert dim is not None
        if not -rank <= dim < rank:
            raise self.error(f"'dim' {dim} is out of range for rank {rank}")
        d = dim % rank if rank else 0
        for i in range(rank):
            if i == d:
                continue
            sizes = {s[i] for s in shapes if s[i] != DYNAMIC}
            if len(sizes) > 1:
                raise self.error(
                    f"dimension {i} differs between inputs and result: "
                    f"{', '.join(map(str, sorted(sizes)))}"
                )
        in_shapes = [ranked_shape(t) for t in types]
        rshape = ranked_shape(self.results[0].type)
        if rshape is not None and rshape[d] != DYNAMIC and all(s is not None for s in in_shapes):
            parts = [s[d] for s in in_shapes]  # type: ignore[index]
            if DYNAMIC not in parts and sum(parts) != rshape[d]:
                raise self.error(
                    f"result dimension {d} is {rshape[d]} but the inputs sum to {sum(parts)}"
                )

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """The sum of the inputs' sizes along `dim`; the other dimensions are recorded equal."""
        shapes = [ctx.shape(v) for v in self.operands]
        if not shapes or any(s is None for s in shapes):
            return False
        rank = len(shapes[0])  # type: ignore[arg-type]
        if any(len(s) != rank for s in shapes):  # type: ignore[arg-type]
            ctx.error(self, "inputs must all have the same rank")
        d = R.normalize_axis(ctx, self, self.dim.value, rank, "'dim'")
        out = list(shapes[0])  # type: ignore[arg-type]
        for s in shapes[1:]:
            for i in range(rank):
                if i != d:
                    out[i] = R.unify(ctx, self, out[i], s[i])  # type: ignore[index]
        out[d] = sympy.Add(*(s[d] for s in shapes))  # type: ignore[index]
        ctx.set_shape(self.results[0], out)
        return True


def _cat_type(types: Sequence[Type], dim: int) -> Type:
    shapes = [ranked_shape(t) for t in types]
    elt = element_type_of(types[0])
    if not shapes or any(s is None for s in shapes):
        return UnrankedTensorType(elt)
    rank = len(shapes[0])  # type: ignore[arg-type]
    d = dim % rank
    out = list(shapes[0])  # type: ignore[arg-type]
    parts = [s[d] for s in shapes]  # type: ignore[index]
    out[d] = DYNAMIC if DYNAMIC in parts else sum(parts)
    for i in range(rank):
        if i != d:
            known = [s[i] for s in shapes if s[i] != DYNAMIC]  # type: ignore[index]
            out[i] = known[0] if known else DYNAMIC
    return RankedTensorType(tuple(out), elt)


@llh_op
class ExpandOp(_InputAndSizesOp):
    """torch `expand`: broadcast `input` to the sizes `shapes` (one per result dimension)."""

    __slots__ = ()
    OPERATION_NAME = "llh.expand"
    SUMMARY = "expand a tensor to a larger shape"

    def verify_op(self) -> None:
        input_type, rtype = self.input.type, self.results[0].type
        check_same_element_type(self, (input_type, rtype))
        rshape = ranked_shape(rtype)
        ishape = ranked_shape(input_type)
        if rshape is None:
            return
        if len(self.shapes) != len(rshape):
            raise self.error(
                f"expects one size operand per result dimension: {len(self.shapes)} "
                f"operands for a rank-{len(rshape)} result"
            )
        if ishape is None:
            return
        if len(ishape) > len(rshape):
            raise self.error(
                f"cannot expand a rank-{len(ishape)} input to a rank-{len(rshape)} result"
            )
        offset = len(rshape) - len(ishape)
        for i, a in enumerate(ishape):
            b = rshape[offset + i]
            if a not in (1, DYNAMIC) and not dims_compatible(a, b):
                raise self.error(f"input dimension {i} of size {a} cannot expand to {b}")

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """torch `expand`: new leading dimensions take the operand sizes; for the input's own
        dimensions `-1` keeps the input size, a size-1 input dimension takes the operand size,
        any other is recorded equal to it."""
        sizes: list[sympy.Expr | None] = [ctx.scalar(v) for v in self.shapes]
        dims = ctx.shape(self.input)
        offset = len(sizes) - len(dims) if dims is not None else 0
        if offset < 0:
            rank = len(sizes) - offset
            ctx.error(self, f"cannot expand a rank-{rank} input to rank {len(sizes)}")
        for i, e in enumerate(sizes):
            minus_one = e is not None and e.is_Integer and int(e) == -1
            if e is not None and e.is_Integer and int(e) < 0 and not minus_one:
                ctx.error(self, f"size operand {i} is negative ({e})")
            if dims is None:
                if minus_one:
                    sizes[i] = None
                continue
            if i < offset:
                if minus_one:
                    ctx.error(self, f"size operand {i} is -1 for a new dimension")
                continue
            d = dims[i - offset]
            if minus_one or (e is None and d is not R.ONE):
                sizes[i] = d
            elif e is not None and d is not R.ONE:
                sizes[i] = R.unify(ctx, self, d, e)
        ctx.set_shape(self.results[0], sizes)
        return True


@llh_op
class FlattenOp(LLHOp):
    """Flatten dimensions `[dim, rank)` into one (torch `flatten(start_dim=dim)`)."""

    __slots__ = ()
    OPERATION_NAME = "llh.flatten"
    SUMMARY = "flatten trailing dimensions"
    OPERANDS = (OperandDef("input", LLH_TENSOR), OperandDef("dim", LLH_INT64))
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    TRAITS = (SymbolicInferShape,)

    @classmethod
    def build(
        cls, input: Value, dim: Value, result_type: Type | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> FlattenOp:  # fmt: skip
        if result_type is None:
            shape = ranked_shape(input.type)
            k = constant_int(dim)
            elt = element_type_of(input.type)
            if shape is None or k is None or not 0 <= k < max(len(shape), 1):
                result_type = UnrankedTensorType(elt)
            else:
                tail = static_product(shape[k:])
                result_type = RankedTensorType(
                    (*shape[:k], tail if tail is not None else DYNAMIC), elt
                )
        return cls.create_op((input, dim), (result_type,), location=location)

    def verify_op(self) -> None:
        input_type, rtype = self.input.type, self.results[0].type
        check_same_element_type(self, (input_type, rtype))
        ishape, rshape = ranked_shape(input_type), ranked_shape(rtype)
        if ishape is None:
            return
        k = constant_int(self.dim)
        if k is not None and not 0 <= k < max(len(ishape), 1):
            raise self.error(f"'dim' {k} is out of range for a rank-{len(ishape)} input")
        if rshape is None:
            return
        if k is not None and len(rshape) != k + 1:
            raise self.error(f"flattening from dimension {k} gives rank {k + 1}, not {len(rshape)}")
        if len(rshape) > max(len(ishape), 1):
            raise self.error(
                f"result rank {len(rshape)} is larger than the input rank {len(ishape)}"
            )
        na, nb = static_product(ishape), static_product(rshape)
        if na is not None and nb is not None and na != nb:
            raise self.error(f"input has {na} elements but the result has {nb}")

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """Dimensions before `dim`, then the product of the others; needs a constant `dim`."""
        dims = ctx.shape(self.input)
        k = ctx.scalar(self.dim)
        if dims is None or k is None or not k.is_Integer:
            return False
        k = R.normalize_axis(ctx, self, int(k), max(len(dims), 1), "'dim'")
        ctx.set_shape(self.results[0], [*dims[:k], R.product(dims[k:])])
        return True


@llh_op
class TransposeOp(LLHOp):
    """`result.shape[i] = input.shape[perms[i]]`."""

    __slots__ = ()
    OPERATION_NAME = "llh.transpose"
    SUMMARY = "permute the dimensions of a tensor"

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        return [P.TransposeOfTranspose()]

    OPERANDS = (OperandDef("input", LLH_TENSOR),)
    RESULTS = (ResultDef("result", LLH_TENSOR),)
    PROPERTIES = (PropDef("perms", LLH_DENSE_I64_ARRAY_ATTR),)
    TRAITS = (SameOperandsAndResultElementType, SameOperandsAndResultRank, SymbolicInferShape)

    @classmethod
    def build(
        cls, input: Value, perms: Sequence[int], location: LocationAttr = UNKNOWN_LOC
    ) -> TransposeOp:
        shape = ranked_shape(input.type)
        elt = element_type_of(input.type)
        if shape is None or len(shape) != len(perms):
            rt: Type = UnrankedTensorType(elt)
        else:
            rt = RankedTensorType(tuple(shape[p] for p in perms), elt)
        return cls.create_op(
            (input,), (rt,), {"perms": DenseArrayAttr.i64(perms)}, location=location
        )

    @property
    def perms(self) -> tuple[int, ...]:
        return self.int_array("perms")

    def verify_op(self) -> None:
        perms = self.perms
        if sorted(perms) != list(range(len(perms))):
            raise self.error(
                f"'perms' must be a permutation of [0, {len(perms)}), got "
                f"[{', '.join(map(str, perms))}]"
            )
        ishape = ranked_shape(self.input.type)
        if ishape is None:
            return
        if len(perms) != len(ishape):
            raise self.error(
                f"'perms' has {len(perms)} entries but the input has rank {len(ishape)}"
            )
        rshape = ranked_shape(self.results[0].type)
        if rshape is None:
            return
        want = tuple(ishape[p] for p in perms)
        if not shapes_compatible(want, rshape):
            raise self.error(
                f"result shape {format_shape(rshape)} is not the input shape "
                f"{format_shape(ishape)} permuted by 'perms' ({format_shape(want)})"
            )

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        return F.fold_transpose(self, operands)

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """`result.shape[i] = input.shape[perms[i]]`."""
        dims = ctx.shape(self.input)
        if dims is None:
            return False
        perms = self.perms
        if sorted(perms) != list(range(len(dims))):
            ctx.error(self, f"'perms' is not a permutation of the {len(dims)} input dimensions")
        ctx.set_shape(self.results[0], [dims[p] for p in perms])
        return True


# --------------------------------------------------------------------------- HEAD casts


@llh_op
class ScalarCastOp(LLHOp):
    """HEAD: a scalar ↔ single-element tensor cast (`(i64) -> tensor<1xi64>` and back)."""

    __slots__ = ()
    OPERATION_NAME = "llh.scalar_cast"
    SUMMARY = "cast between a scalar and a one-element tensor"
    OPERANDS = (OperandDef("input", LLH_COMPUTABLE),)
    RESULTS = (ResultDef("result", LLH_COMPUTABLE),)
    TRAITS = (Pure, SymbolicInferShape)

    @classmethod
    def build(
        cls, input: Value, result_type: Type | None = None, location: LocationAttr = UNKNOWN_LOC
    ) -> ScalarCastOp:
        """A scalar input gives `tensor<1xT>`; a tensor input gives its element type."""
        if result_type is None:
            t = input.type
            result_type = element_type_of(t) if is_tensor(t) else RankedTensorType((1,), t)
        return cls.create_op((input,), (result_type,), location=location)

    def verify_op(self) -> None:
        a, b = self.input.type, self.results[0].type
        if is_tensor(a) == is_tensor(b):
            raise self.error(f"casts between a scalar and a tensor, got '{a}' and '{b}'")
        if element_type_of(a) is not element_type_of(b):
            raise self.error(
                f"element types differ: '{element_type_of(a)}' vs '{element_type_of(b)}'"
            )
        shape = ranked_shape(a if is_tensor(a) else b)
        n = static_product(shape) if shape is not None else None
        if n is not None and n != 1:
            raise self.error(f"the tensor side must have exactly one element, it has {n}")

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        return F.fold_scalar_cast(self, operands)

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """A scalar becomes a one-element tensor (`tensor<1xT>` unless written otherwise); a
        tensor-to-scalar cast has nothing to infer."""
        rt = self.results[0].type
        if not is_tensor(rt):
            return False
        shape = ranked_shape(rt)
        ctx.set_shape(self.results[0], [R.ONE] * (len(shape) if shape is not None else 1))
        return True


@llh_op
class ConvertToOp(LLHOp):
    """HEAD: element-type conversion (`tensor<?x3xf32>` → `tensor<?x3xi1>`, or scalars)."""

    __slots__ = ()
    OPERATION_NAME = "llh.convert_to"
    SUMMARY = "convert the element type"
    OPERANDS = (OperandDef("input", LLH_COMPUTABLE),)
    RESULTS = (ResultDef("result", LLH_COMPUTABLE),)
    TRAITS = (Pure, SymbolicInferShape)

    @classmethod
    def build(
        cls, input: Value, element_type: Type, location: LocationAttr = UNKNOWN_LOC
    ) -> ConvertToOp:
        t = input.type
        if isinstance(t, RankedTensorType):
            rt: Type = RankedTensorType(t.shape, element_type)
        elif isinstance(t, UnrankedTensorType):
            rt = UnrankedTensorType(element_type)
        else:
            rt = element_type
        return cls.create_op((input,), (rt,), location=location)

    def verify_op(self) -> None:
        a, b = self.input.type, self.results[0].type
        if is_tensor(a) != is_tensor(b):
            raise self.error(
                f"input and result must both be tensors or both scalars, got '{a}' and '{b}'"
            )
        check_compatible_shapes(self, a, b)

    def fold(self, operands: Sequence[Attribute | None]) -> Any:
        return F.fold_convert_to(self, operands)

    def infer_symbolic_shape(self, ctx: ShapeContext) -> bool:
        """The input's dimensions (tensors only)."""
        dims = ctx.shape(self.input)
        if dims is None or not is_tensor(self.results[0].type):
            return False
        ctx.set_shape(self.results[0], dims)
        return True
