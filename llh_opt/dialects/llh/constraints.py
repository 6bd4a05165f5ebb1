"""LLH's type constraints (LLH_Tensor, LLH_Computable_Type, ... of spec §2), attribute kinds, the
LLH traits (ResultsBroadcastableShape and the marker traits the passes look for) and the static
shape helpers the verifiers and builders share (numpy broadcasting with `?`).

The ops themselves live in the ``*_ops.py`` modules; symbolic reasoning in ``llh_opt/symbolic``.
"""

from __future__ import annotations

from collections.abc import Sequence

from llh_opt.dialects.llh.attrs import (
    CompareAttr,
    EncodingAttr,
    LayoutAttr,
    SymbolRelationAttr,
)
from llh_opt.ir.attributes import (
    DenseArrayAttr,
    DenseElementsAttr,
    FloatAttr,
    IntegerAttr,
    SymbolRefAttr,
)
from llh_opt.ir.core import Operation
from llh_opt.ir.opdef import AttrKind, Pure, Trait, TypeConstraint, op_error
from llh_opt.ir.types import (
    DYNAMIC,
    FloatType,
    IntegerType,
    MemRefType,
    RankedTensorType,
    ShapedType,
    Type,
    UnrankedTensorType,
    element_type_of,
    f32,
    f64,
    i1,
    i64,
)

# --------------------------------------------------------------------------- type constraints

_LLH_FLOAT_NAMES = frozenset(("f16", "bf16", "f32", "f64"))


def is_llh_float(t: Type) -> bool:
    return isinstance(t, FloatType) and t.name in _LLH_FLOAT_NAMES


def is_llh_int(t: Type) -> bool:
    return isinstance(t, IntegerType)


def is_llh_scalar(t: Type) -> bool:
    return isinstance(t, IntegerType) or is_llh_float(t)


def is_tensor(t: Type) -> bool:
    return isinstance(t, (RankedTensorType, UnrankedTensorType))


def is_llh_tensor(t: Type) -> bool:
    return is_tensor(t) and is_llh_scalar(t.element_type)  # type: ignore[attr-defined]


LLH_INT64 = TypeConstraint("64-bit signless integer", lambda t: t is i64)
LLH_INT = TypeConstraint("integer", is_llh_int)
LLH_FLOAT = TypeConstraint("16-bit, 32-bit or 64-bit float or bfloat16 type", is_llh_float)
LLH_TENSOR = TypeConstraint("tensor of LLH float or integer values", is_llh_tensor)
LLH_FLOAT_TENSOR = TypeConstraint(
    "tensor of LLH float values",
    lambda t: is_tensor(t) and is_llh_float(t.element_type),  # type: ignore[attr-defined]
)
LLH_2D_TENSOR = TypeConstraint(
    "unranked or 2-D tensor of LLH float or integer values",
    lambda t: is_llh_tensor(t) and (not isinstance(t, RankedTensorType) or t.rank == 2),
)
LLH_3D_TENSOR = TypeConstraint(
    "unranked or 3-D tensor of LLH float or integer values",
    lambda t: is_llh_tensor(t) and (not isinstance(t, RankedTensorType) or t.rank == 3),
)
LLH_COMPUTABLE = TypeConstraint(
    "LLH tensor, float or integer", lambda t: is_llh_tensor(t) or is_llh_scalar(t)
)
LLH_SCALAR = TypeConstraint("LLH float or integer", is_llh_scalar)
LLH_SYMBOLIC = TypeConstraint(
    "tensor of LLH float or integer values or 64-bit signless integer",
    lambda t: is_llh_tensor(t) or t is i64,
)
LLH_ENCODING_BIND = TypeConstraint(
    "ranked memref of rank >= 1 or tensor of LLH float or integer values",
    lambda t: is_llh_tensor(t) or (isinstance(t, MemRefType) and t.rank >= 1),
)
LLH_BOOL_COMPUTABLE = TypeConstraint(
    "1-bit signless integer or tensor of 1-bit signless integer values",
    lambda t: element_type_of(t) is i1 and (t is i1 or is_tensor(t)),
)


# --------------------------------------------------------------------------- attribute kinds

# The generic kinds (I64_ATTR, F64_ATTR, UNTYPED_STRING_ATTR, ...) are ``opdef``'s; these are
# the LLH attributes, and three kinds that check what ``opdef``'s namesakes check but whose
# property storage is the plain attribute class (SymbolRefAttr, IntegerAttr, DenseArrayAttr):
# parsing `<{...}>` accepts any attribute of that class and the verifier reports the constraint
# (``parser/builder.py`` `property_converts`, which treats ``opdef``'s three as strict).
LLH_FLAT_SYMBOL_REF_ATTR = AttrKind(
    "flat symbol reference attribute", SymbolRefAttr, lambda a: not a.nested
)
LLH_BOOL_ATTR = AttrKind("bool attribute", IntegerAttr, lambda a: a.type is i1)
LLH_DENSE_I64_ARRAY_ATTR = AttrKind(
    "i64 dense array attribute", DenseArrayAttr, lambda a: a.element_type is i64
)
ENCODING_ATTR = AttrKind("LLH encoding attribute", EncodingAttr)
LAYOUT_ATTR = AttrKind("LLH layout attribute", LayoutAttr)
SYMBOL_RELATION_ATTR = AttrKind("LLH symbol relation attribute", SymbolRelationAttr)
COMPARE_ATTR = AttrKind("LLH compare kind attribute", CompareAttr)
CONSTANT_ATTR = AttrKind(
    "dense elements, integer, f32 or f64 attribute",
    (DenseElementsAttr, IntegerAttr, FloatAttr),
    lambda a: not isinstance(a, FloatAttr) or a.type in (f32, f64),
)


# --------------------------------------------------------------------------- traits


class NoMemoryEffect(Pure):
    """No memory effects (MLIR's NoMemoryEffect): erasable when unused, like Pure."""


class SymbolicInferShape(Trait):
    """The op has a symbolic-shape rule (the reference's SymbolicInferShapeOpInterface): the
    op class provides `infer_symbolic_shape` once ``--infer-symbolic-shape`` exists."""


class Broadcastable(Trait):
    """Operands are broadcast against each other (the reference's BraodcastableOpInterface):
    operation-legalization and the reshape/broadcast insertion patterns apply."""


class SymbolUser(Trait):
    """References symbols by name (the reference's SymbolUserOpInterface, whose check always
    succeeds: relations may name symbols declared elsewhere)."""


class EncodingsMatchShapes(Trait):
    """Every ranked tensor operand/result whose encoding is an `#llh.encoding` has one symbol per
    dimension, and a constant symbol (`@c3`) never names a static dimension of another size.
    Every LLH op has it (added by `base.llh_op`)."""

    @staticmethod
    def verify(op: Operation) -> None:
        for what, types in (("operand", op.operand_types), ("result", op.result_types)):
            for i, t in enumerate(types):
                if t.__class__ is RankedTensorType and t.encoding is not None:  # type: ignore[attr-defined]
                    problem = encoding_problem(t)  # type: ignore[arg-type]
                    if problem is not None:
                        raise op_error(op, f"{what} #{i} type '{t}' {problem}")


_ENCODING_PROBLEMS: dict[RankedTensorType, str | None] = {}


def encoding_problem(t: RankedTensorType) -> str | None:
    """Why `t`'s `#llh.encoding` contradicts its shape, or None (cached: types are interned;
    the verifier's hot path)."""
    try:
        return _ENCODING_PROBLEMS[t]
    except KeyError:
        pass
    enc = t.encoding
    problem = enc.verify_encoding(t) if isinstance(enc, EncodingAttr) else None
    _ENCODING_PROBLEMS[t] = problem
    return problem


class ResultsBroadcastableShape(Trait):
    """MLIR's `ResultsBroadcastableShape`: the ranked operand shapes broadcast together (numpy
    rules, `?` compatible with anything) and every ranked result is compatible with that shape."""

    @staticmethod
    def verify(op: Operation) -> None:
        ranked = [t for t in op.operand_types if isinstance(t, RankedTensorType)]
        if not ranked:
            return
        shape: tuple[int, ...] | None = ranked[0].shape
        for t in ranked[1:]:
            shape = broadcast_shapes(shape, t.shape)  # type: ignore[arg-type]
            if shape is None:
                raise op_error(op, "operands don't have broadcast-compatible shapes")
        assert shape is not None
        for t in op.result_types:
            if not isinstance(t, RankedTensorType):
                continue
            suffix = t.shape[-len(shape) :] if shape else ()
            if len(suffix) != len(shape) or not shapes_compatible(shape, suffix):
                raise op_error(
                    op,
                    f"result type {t.element_type} not broadcast compatible with broadcasted "
                    f"operands's shapes {format_shape(shape)}",
                )


# --------------------------------------------------------------------------- shape helpers


def format_shape(shape: Sequence[int]) -> str:
    """`2x?x3` (`?` for dynamic sizes), or `[]` for rank 0."""
    if not shape:
        return "[]"
    return "x".join("?" if d == DYNAMIC else str(d) for d in shape)


def broadcast_dim(a: int, b: int) -> int | None:
    """MLIR's `getBroadcastedShape` for one dimension pair; None when incompatible."""
    if a == DYNAMIC or b == DYNAMIC:
        if a > 1:
            return a
        if b > 1:
            return b
        if a == 1:
            return b
        if b == 1:
            return a
        return DYNAMIC
    if a == b or b == 1:
        return a
    if a == 1:
        return b
    return None


def broadcast_shapes(a: Sequence[int], b: Sequence[int]) -> tuple[int, ...] | None:
    """Numpy broadcasting from the trailing end, `?` compatible with anything; None when two
    static sizes differ and neither is 1."""
    if len(a) < len(b):
        a, b = b, a
    out = list(a)
    offset = len(a) - len(b)
    for i, d in enumerate(b):
        r = broadcast_dim(a[offset + i], d)
        if r is None:
            return None
        out[offset + i] = r
    return tuple(out)


def dims_compatible(a: int, b: int) -> bool:
    return a == DYNAMIC or b == DYNAMIC or a == b


def shapes_compatible(a: Sequence[int], b: Sequence[int]) -> bool:
    return len(a) == len(b) and all(dims_compatible(x, y) for x, y in zip(a, b))


def ranked_shape(t: Type) -> tuple[int, ...] | None:
    """The shape of a ranked tensor/memref type, None otherwise."""
    if isinstance(t, ShapedType) and t.has_rank and not isinstance(t, UnrankedTensorType):
        return t.shape
    return None


def static_product(shape: Sequence[int]) -> int | None:
    """The element count of a fully static shape, None when any size is dynamic."""
    n = 1
    for d in shape:
        if d == DYNAMIC:
            return None
        n *= d
    return n


def with_shape(t: Type, shape: Sequence[int], element_type: Type | None = None) -> Type:
    """A ranked tensor type of `shape` with `t`'s element type (or `element_type`), no encoding."""
    return RankedTensorType(tuple(shape), element_type or element_type_of(t))
