"""The memref dialect subset the loop-level IR uses: `alloc`, `alloca`, `dealloc`, `load`, `store`,
`dim`, `global`, `get_global`, `copy`, `cast`, `subview`, `reinterpret_cast`, `collapse_shape`,
`expand_shape`, `view`, with MLIR's custom forms, result names (`%alloc`, `%dim`, `%subview`, ...),
builders and verifier messages (strided layouts of views are checked as MLIR infers them).

Static offsets/sizes/strides use MLIR's sentinel `DYNAMIC_INDEX` (INT64_MIN) for a dynamic value,
as MLIR's `static_*` properties do. Parsing the custom forms lives in ``parser/custom.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from llh_opt.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    Attribute,
    DenseArrayAttr,
    DenseElementsAttr,
    IntegerAttr,
    LocationAttr,
    StridedLayoutAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
    UnknownLoc,
)
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.opdef import (
    ANY_TYPE,
    DENSE_I64_ARRAY_ATTR,
    FLAT_SYMBOL_REF_ATTR,
    STRING_ATTR,
    SYMBOL_NAME_ATTR,
    UNIT_ATTR,
    AttrKind,
    AttrSizedOperandSegments,
    Dialect,
    OperandDef,
    PropDef,
    Pure,
    ResultDef,
    SymbolTrait,
    Trait,
    TypeConstraint,
    VerifyError,
    op_error,
    register,
    register_dialect,
)
from llh_opt.ir.types import (
    DYNAMIC,
    IndexType,
    MemRefType,
    RankedTensorType,
    Type,
    UnrankedMemRefType,
    i1,
    i8,
    i32,
    i64,
    index,
)

from llh_opt.printer import print_cast_form

if TYPE_CHECKING:
    from llh_opt.printer import Printer

__all__ = [
    "DYNAMIC_INDEX",
    "MEMREF",
    "AllocOp",
    "AllocaOp",
    "CastOp",
    "CollapseShapeOp",
    "CopyOp",
    "DeallocOp",
    "DimOp",
    "ExpandShapeOp",
    "GetGlobalOp",
    "GlobalOp",
    "LoadOp",
    "ReinterpretCastOp",
    "StoreOp",
    "SubViewOp",
    "ViewOp",
    "strides_and_offset",
]

MEMREF = register_dialect(Dialect("memref", inlinable=True))

_UNKNOWN = UnknownLoc()

DYNAMIC_INDEX = -(1 << 63)
"""MLIR's `ShapedType::kDynamic` in `static_offsets`/`static_sizes`/`static_strides`."""

ANY_MEMREF = TypeConstraint(
    "ranked or unranked memref of any type values",
    lambda t: isinstance(t, (MemRefType, UnrankedMemRefType)),
)
RANKED_MEMREF = TypeConstraint(
    "ranked or unranked memref of any type values",
    lambda t: isinstance(t, (MemRefType, UnrankedMemRefType)),
)
MEMREF_ONLY = TypeConstraint("memref of any type values", lambda t: isinstance(t, MemRefType))
STATIC_MEMREF = TypeConstraint(
    "statically shaped memref of any type values",
    lambda t: isinstance(t, MemRefType) and DYNAMIC not in t.shape,
)
STRIDED_MEMREF = TypeConstraint(
    "strided memref of any type values", lambda t: isinstance(t, MemRefType)
)
NON0_RANK_MEMREF = TypeConstraint(
    "unranked.memref of any type values or non-0-ranked.memref of any type values",
    lambda t: isinstance(t, UnrankedMemRefType) or (isinstance(t, MemRefType) and t.rank > 0),
)
INDEX = TypeConstraint("index", lambda t: isinstance(t, IndexType))
ALIGNMENT_ATTR = AttrKind(
    "64-bit signless integer attribute whose value is positive and whose value is a power of two "
    "> 0",
    IntegerAttr,
    lambda a: a.type is i64 and a.value > 0 and (a.value & (a.value - 1)) == 0,
)
BOOL_ATTR = AttrKind("bool attribute", IntegerAttr, lambda a: a.type is i1)
REASSOCIATION_ATTR = AttrKind(
    "Array of 64-bit integer array attributes",
    ArrayAttr,
    lambda a: all(
        isinstance(g, ArrayAttr)
        and all(isinstance(x, IntegerAttr) and x.type is i64 for x in g.value)
        for g in a.value
    ),
)
MEMREF_TYPE_ATTR = AttrKind(
    "memref type attribute", TypeAttr, lambda a: isinstance(a.type, MemRefType)
)


def strides_and_offset(t: MemRefType) -> tuple[list[int], int] | None:
    """(strides, offset) of a memref type, `DYNAMIC` where unknown; None for an affine-map
    layout that is not strided. Identity layout: the row-major strides of the shape."""
    layout = t.layout
    if isinstance(layout, StridedLayoutAttr):
        return list(layout.strides), layout.offset
    if layout is not None and not (isinstance(layout, AffineMapAttr) and _is_identity(layout)):
        return None
    strides = []
    running = 1
    for d in reversed(t.shape):
        strides.append(running)
        if running != DYNAMIC:
            running = DYNAMIC if d == DYNAMIC else running * d
    strides.reverse()
    return strides, 0


def _is_identity(layout: AffineMapAttr) -> bool:
    m = layout.map
    return bool(getattr(m, "is_identity", lambda: False)())


def _static(v: int) -> int:
    """A `static_*` entry as a shape/stride value (`DYNAMIC` for the sentinel)."""
    return DYNAMIC if v == DYNAMIC_INDEX else v


def _static_text(v: int) -> str:
    """A `static_*` entry as MLIR's reinterpret_cast messages spell it."""
    return "dynamic" if v == DYNAMIC_INDEX else str(v)


def _dims_text(values: Sequence[int]) -> str:
    return "x".join("?" if d == DYNAMIC else str(d) for d in values)


def _segments(op: Operation) -> list[list[Value]]:
    sizes = op.properties["operandSegmentSizes"].values  # type: ignore[attr-defined]
    ops = op.operands
    out = []
    k = 0
    for n in sizes:
        out.append(ops[k : k + n])
        k += n
    return out


def _mixed(static: Sequence[int], dynamic: Sequence[Value]) -> tuple[list[int], list[Value]]:
    return list(static), list(dynamic)


def split_mixed(values: Sequence[int | Value]) -> tuple[tuple[int, ...], list[Value]]:
    """MLIR's `dispatchIndexOpFoldResults`: ints stay static, values become dynamic operands
    (their static slot is `DYNAMIC_INDEX`)."""
    static: list[int] = []
    dynamic: list[Value] = []
    for v in values:
        if isinstance(v, int):
            static.append(v)
        else:
            static.append(DYNAMIC_INDEX)
            dynamic.append(v)
    return tuple(static), dynamic


def print_dynamic_index_list(p: Printer, static: Sequence[int], dynamic: Sequence[Value]) -> None:
    """`[%a, 4, %b]` (MLIR's `custom<DynamicIndexList>`)."""
    parts = []
    k = 0
    for s in static:
        if s == DYNAMIC_INDEX:
            parts.append(p.value_name(dynamic[k]))
            k += 1
        else:
            parts.append(str(s))
    p.write("[" + ", ".join(parts) + "]")


def _static_prop(op: Operation, name: str) -> tuple[int, ...]:
    a = op.properties.get(name)
    return a.values if isinstance(a, DenseArrayAttr) else ()  # type: ignore[return-value]


def _plain_error(op: Operation, message: str) -> VerifyError:
    """A verifier error without the `'name' op` prefix (MLIR's `emitError`)."""
    err = VerifyError(op, message)
    err.diagnostic.message = message
    err.args = (message,)
    return err


# --------------------------------------------------------------------------- alloc / alloca


class _AllocLike(Operation):
    """`memref.alloc(%d0)[%s0] {alignment = 64 : i64} : memref<?x64xf32>`."""

    __slots__ = ()
    OPERANDS = (
        OperandDef("dynamicSizes", INDEX, variadic=True),
        OperandDef("symbolOperands", INDEX, variadic=True),
    )
    RESULTS = (ResultDef("memref", MEMREF_ONLY),)
    PROPERTIES = (
        PropDef("alignment", ALIGNMENT_ATTR, optional=True),
        PropDef("operandSegmentSizes"),
    )
    TRAITS = (AttrSizedOperandSegments,)

    @classmethod
    def build(
        cls,
        type: MemRefType,
        dynamic_sizes: Sequence[Value] = (),
        symbol_operands: Sequence[Value] = (),
        *,
        alignment: int | None = None,
        location: LocationAttr = _UNKNOWN,
    ) -> Any:
        props: dict[str, Attribute] = {
            "operandSegmentSizes": DenseArrayAttr(i32, (len(dynamic_sizes), len(symbol_operands)))
        }
        if alignment is not None:
            props["alignment"] = IntegerAttr(alignment, i64)
        return Operation.create(
            cls.OPERATION_NAME,
            [*dynamic_sizes, *symbol_operands],
            [type],
            props,
            location=location,
        )

    @property
    def dynamic_sizes(self) -> list[Value]:
        return _segments(self)[0]

    def result_names(self) -> list[str | None]:
        return [self.OPERATION_NAME.split(".", 1)[1]]

    def verify_op(self) -> None:
        t = self.results[0].type
        assert isinstance(t, MemRefType)
        sizes, symbols = _segments(self)
        want = sum(1 for d in t.shape if d == DYNAMIC)
        if len(sizes) != want:
            raise op_error(
                self, f"incorrect number of dynamic sizes, has {len(sizes)}, expected {want}"
            )
        nsym = 0
        if isinstance(t.layout, AffineMapAttr):
            nsym = getattr(t.layout.map, "num_symbols", 0)
        if len(symbols) != nsym:
            raise op_error(
                self,
                f"symbol operand count does not equal memref symbol count: expected {nsym}, "
                f"got {len(symbols)}",
            )

    def print_custom(self, p: Printer) -> None:
        sizes, symbols = _segments(self)
        p.write("(")
        p.print_operands(sizes)
        p.write(")")
        if symbols:
            p.write("[")
            p.print_operands(symbols)
            p.write("]")
        p.print_optional_attr_dict(p.op_attributes(self, ("operandSegmentSizes",)))
        p.write(" : ")
        p.print_type(self.results[0].type)


@register
class AllocOp(_AllocLike):
    __slots__ = ()
    OPERATION_NAME = "memref.alloc"
    SUMMARY = "memory allocation operation"


@register
class AllocaOp(_AllocLike):
    __slots__ = ()
    OPERATION_NAME = "memref.alloca"
    SUMMARY = "stack memory allocation operation"


@register
class DeallocOp(Operation):
    """`memref.dealloc %m : memref<?xf32>`."""

    __slots__ = ()
    OPERATION_NAME = "memref.dealloc"
    SUMMARY = "memory deallocation operation"
    OPERANDS = (OperandDef("memref", ANY_MEMREF),)

    @classmethod
    def build(cls, memref: Value, location: LocationAttr = _UNKNOWN) -> DeallocOp:
        return Operation.create(cls.OPERATION_NAME, [memref], location=location)  # type: ignore[return-value]

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operand(self.memref)
        p.print_optional_attr_dict(p.op_attributes(self))
        p.write(" : ")
        p.print_type(self.memref.type)


# --------------------------------------------------------------------------- load / store


def _default_nontemporal(op: Operation) -> tuple[str, ...]:
    """`nontemporal = false` is MLIR's default: the custom form elides it."""
    v = op.properties.get("nontemporal")
    return ("nontemporal",) if isinstance(v, IntegerAttr) and v.value == 0 else ()


def print_access(p: Printer, op: Operation, base: int) -> None:
    """The custom form shared by `memref` and `vector` loads and stores up to the memref type:
    ` [%value, ]%base[%i, %j] {attrs} : memref<...>`, where `base` is the position of the memref
    operand (0 for a load, 1 for a store: operand 0 is the stored value)."""
    ops = op.operands
    p.write(" ")
    if base:
        p.print_operand(ops[0])
        p.write(", ")
    p.print_operand(ops[base])
    p.write("[")
    p.print_operands(ops[base + 1 :])
    p.write("]")
    p.print_optional_attr_dict(p.op_attributes(op, _default_nontemporal(op)))
    p.write(" : ")
    p.print_type(ops[base].type)


@register
class LoadOp(Operation):
    """`memref.load %m[%i, %j] : memref<?x?xf32>`."""

    __slots__ = ()
    OPERATION_NAME = "memref.load"
    SUMMARY = "load operation"
    OPERANDS = (OperandDef("memref", MEMREF_ONLY), OperandDef("indices", INDEX, variadic=True))
    RESULTS = (ResultDef("result", ANY_TYPE),)
    PROPERTIES = (
        PropDef("nontemporal", BOOL_ATTR, optional=True),
        PropDef("alignment", ALIGNMENT_ATTR, optional=True),
    )

    @classmethod
    def build(
        cls, memref: Value, indices: Sequence[Value] = (), location: LocationAttr = _UNKNOWN
    ) -> LoadOp:
        t = memref.type
        assert isinstance(t, MemRefType)
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, [memref, *indices], [t.element_type], location=location
        )

    @property
    def indices(self) -> list[Value]:
        return self.operands[1:]

    def verify_op(self) -> None:
        t = self.memref.type
        assert isinstance(t, MemRefType)
        if self.results[0].type is not t.element_type:
            raise op_error(
                self, "failed to verify that result type matches element type of 'memref'"
            )
        n = len(self.operand_uses) - 1
        if n != t.rank:
            raise op_error(
                self, f"incorrect number of indices for load, expected {t.rank} but got {n}"
            )

    def print_custom(self, p: Printer) -> None:
        print_access(p, self, 0)


@register
class StoreOp(Operation):
    """`memref.store %v, %m[%i, %j] : memref<?x?xf32>`."""

    __slots__ = ()
    OPERATION_NAME = "memref.store"
    SUMMARY = "store operation"
    OPERANDS = (
        OperandDef("value", ANY_TYPE),
        OperandDef("memref", MEMREF_ONLY),
        OperandDef("indices", INDEX, variadic=True),
    )
    PROPERTIES = (
        PropDef("nontemporal", BOOL_ATTR, optional=True),
        PropDef("alignment", ALIGNMENT_ATTR, optional=True),
    )

    @classmethod
    def build(
        cls,
        value: Value,
        memref: Value,
        indices: Sequence[Value] = (),
        location: LocationAttr = _UNKNOWN,
    ) -> StoreOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, [value, memref, *indices], location=location
        )

    @property
    def indices(self) -> list[Value]:
        return self.operands[2:]

    def verify_op(self) -> None:
        t = self.memref.type
        assert isinstance(t, MemRefType)
        if self.value.type is not t.element_type:
            raise op_error(
                self, "failed to verify that type of 'value' matches element type of 'memref'"
            )
        if len(self.operand_uses) - 2 != t.rank:
            raise op_error(self, "store index operand count not equal to memref rank")

    def print_custom(self, p: Printer) -> None:
        print_access(p, self, 1)


# --------------------------------------------------------------------------- dim


@register
class DimOp(Operation):
    """`memref.dim {attrs} %m, %i : memref<?x?xf32>`; its result is named `%dim`."""

    __slots__ = ()
    OPERATION_NAME = "memref.dim"
    SUMMARY = "dimension index operation"
    OPERANDS = (OperandDef("source", NON0_RANK_MEMREF), OperandDef("index", INDEX))
    RESULTS = (ResultDef("result", INDEX),)
    TRAITS = (Pure,)

    @classmethod
    def build(cls, source: Value, idx: Value, location: LocationAttr = _UNKNOWN) -> DimOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, [source, idx], [index], location=location
        )

    def result_names(self) -> list[str | None]:
        return ["dim"]

    def print_custom(self, p: Printer) -> None:
        p.print_optional_attr_dict(p.op_attributes(self))
        p.write(" ")
        p.print_operands(self.operands)
        p.write(" : ")
        p.print_type(self.source.type)


# --------------------------------------------------------------------------- globals


def _tensor_of(t: MemRefType) -> RankedTensorType:
    return RankedTensorType(t.shape, t.element_type)


@register
class GlobalOp(Operation):
    """`memref.global ["private"] [constant] @w : memref<2xf32> [= dense<...> | =
    uninitialized] [{alignment = 64 : i64}]`."""

    __slots__ = ()
    OPERATION_NAME = "memref.global"
    SUMMARY = "declare or define a global memref variable"
    PROPERTIES = (
        PropDef("sym_name", SYMBOL_NAME_ATTR),
        PropDef("sym_visibility", STRING_ATTR, optional=True),
        PropDef("type", MEMREF_TYPE_ATTR),
        PropDef(
            "initial_value",
            AttrKind("any attribute", (UnitAttr, DenseElementsAttr, Attribute)),
            optional=True,
        ),
        PropDef("constant", UNIT_ATTR, optional=True),
        PropDef("alignment", ALIGNMENT_ATTR, optional=True),
    )
    TRAITS = (SymbolTrait,)
    ELIDED = ("sym_name", "sym_visibility", "type", "initial_value", "constant")

    @classmethod
    def build(
        cls,
        name: str,
        type: MemRefType,
        initial_value: Attribute | None = None,
        *,
        constant: bool = False,
        visibility: str | None = "private",
        alignment: int | None = None,
        location: LocationAttr = _UNKNOWN,
    ) -> GlobalOp:
        """A global; `initial_value` is a DenseElementsAttr of the tensor type of `type`,
        `UnitAttr()` for `uninitialized`, or None for a declaration."""
        props: dict[str, Attribute] = {"sym_name": StringAttr(name), "type": TypeAttr(type)}
        if visibility is not None:
            props["sym_visibility"] = StringAttr(visibility)
        if initial_value is not None:
            props["initial_value"] = initial_value
        if constant:
            props["constant"] = UnitAttr()
        if alignment is not None:
            props["alignment"] = IntegerAttr(alignment, i64)
        return Operation.create(cls.OPERATION_NAME, properties=props, location=location)  # type: ignore[return-value]

    @property
    def sym_name(self) -> str:
        return self.properties["sym_name"].value  # type: ignore[attr-defined]

    @property
    def type(self) -> MemRefType:
        return self.properties["type"].type  # type: ignore[attr-defined,return-value]

    def verify_op(self) -> None:
        t = self.type
        if DYNAMIC in t.shape:
            raise op_error(self, f"type should be static shaped memref, but got '{t}'")
        init = self.properties.get("initial_value")
        if init is not None and not isinstance(init, UnitAttr):
            if not isinstance(init, DenseElementsAttr):
                raise op_error(
                    self, f"initial value should be a unit or elements attribute, but got '{init}'"
                )
            it = init.type
            if it.shape != t.shape:
                raise op_error(
                    self,
                    f"initial value shape expected to be {', '.join(map(str, t.shape))} but "
                    f"was {', '.join(map(str, it.shape))}",
                )
            if it.element_type is not t.element_type:
                raise op_error(
                    self,
                    f"initial value element expected to be of type '{t.element_type}', but was "
                    f"of type '{it.element_type}'",
                )

    def print_custom(self, p: Printer) -> None:
        props = self.properties
        p.write(" ")
        vis = props.get("sym_visibility")
        if isinstance(vis, StringAttr):
            p.write(f'"{vis.value}" ')
        if "constant" in props:
            p.write("constant ")
        p.print_symbol_name(self.sym_name)
        p.write(" : ")
        p.print_type(self.type)
        init = props.get("initial_value")
        if isinstance(init, UnitAttr):
            p.write(" = uninitialized")
        elif isinstance(init, DenseElementsAttr):
            p.write(f" = dense<{init.body()}>")
        elif init is not None:
            p.write(" = ")
            p.print_attribute(init)
        p.print_optional_attr_dict(p.op_attributes(self, self.ELIDED))


@register
class GetGlobalOp(Operation):
    """`memref.get_global @w : memref<2xf32>`."""

    __slots__ = ()
    OPERATION_NAME = "memref.get_global"
    SUMMARY = "get the memref pointing to a global variable"
    RESULTS = (ResultDef("result", STATIC_MEMREF),)
    PROPERTIES = (PropDef("name", FLAT_SYMBOL_REF_ATTR),)
    TRAITS = (Pure,)

    @classmethod
    def build(cls, name: str, type: MemRefType, location: LocationAttr = _UNKNOWN) -> GetGlobalOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, (), [type], {"name": SymbolRefAttr(name)}, location=location
        )

    def verify_symbol_uses(self, tables: Any) -> None:
        name = self.properties["name"].root  # type: ignore[attr-defined]
        g = tables.lookup_nearest_symbol_from(self, name)
        if not isinstance(g, GlobalOp):
            raise op_error(self, f"'{name}' does not reference a valid global memref")
        t = self.results[0].type
        if g.type is not t:
            raise op_error(
                self,
                f"result type '{t}' does not match type '{g.type}' of the global memref @{name}",
            )

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_attribute(self.properties["name"])
        p.write(" : ")
        p.print_type(self.results[0].type)
        p.print_optional_attr_dict(p.op_attributes(self, ("name",)))


# --------------------------------------------------------------------------- copy / cast


class _SameElementType(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        a, b = op.source.type, op.target.type  # type: ignore[attr-defined]
        if a.element_type is not b.element_type:  # type: ignore[attr-defined]
            raise op_error(op, "requires the same element type for all operands")


class _SameShape(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        a, b = op.source.type, op.target.type  # type: ignore[attr-defined]
        if isinstance(a, MemRefType) and isinstance(b, MemRefType):
            if len(a.shape) != len(b.shape) or any(
                x != y and DYNAMIC not in (x, y) for x, y in zip(a.shape, b.shape)
            ):
                raise op_error(op, "requires the same shape for all operands")


@register
class CopyOp(Operation):
    """`memref.copy %src, %dst : memref<4xf32> to memref<4xf32>`."""

    __slots__ = ()
    OPERATION_NAME = "memref.copy"
    SUMMARY = "copies the data from the source to the destination memref"
    OPERANDS = (OperandDef("source", ANY_MEMREF), OperandDef("target", ANY_MEMREF))
    TRAITS = (_SameElementType, _SameShape)

    @classmethod
    def build(cls, source: Value, target: Value, location: LocationAttr = _UNKNOWN) -> CopyOp:
        return Operation.create(cls.OPERATION_NAME, [source, target], location=location)  # type: ignore[return-value]

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operands(self.operands)
        p.print_optional_attr_dict(p.op_attributes(self))
        p.write(" : ")
        p.print_type(self.source.type)
        p.write(" to ")
        p.print_type(self.target.type)


def _cast_compatible(a: Type, b: Type) -> bool:
    """MLIR's `memref::CastOp::areCastCompatible`."""
    if isinstance(a, UnrankedMemRefType) and isinstance(b, UnrankedMemRefType):
        return False
    if isinstance(a, UnrankedMemRefType) or isinstance(b, UnrankedMemRefType):
        return a.element_type is b.element_type and a.memory_space == b.memory_space  # type: ignore[attr-defined]
    if not isinstance(a, MemRefType) or not isinstance(b, MemRefType):
        return False
    if a.element_type is not b.element_type or a.memory_space != b.memory_space:
        return False
    if len(a.shape) != len(b.shape):
        return False
    if a.layout != b.layout:
        sa, sb = strides_and_offset(a), strides_and_offset(b)
        if sa is None or sb is None:
            return False
        if sa[1] != sb[1] and DYNAMIC not in (sa[1], sb[1]):
            return False
        if any(x != y and DYNAMIC not in (x, y) for x, y in zip(sa[0], sb[0])):
            return False
    return all(x == y or DYNAMIC in (x, y) for x, y in zip(a.shape, b.shape))


@register
class CastOp(Operation):
    """`memref.cast %m : memref<4xf32> to memref<?xf32>`; its result is named `%cast`."""

    __slots__ = ()
    OPERATION_NAME = "memref.cast"
    SUMMARY = "memref cast operation"
    OPERANDS = (OperandDef("source", ANY_MEMREF),)
    RESULTS = (ResultDef("dest", ANY_MEMREF),)
    TRAITS = (Pure,)

    @classmethod
    def build(cls, source: Value, type: Type, location: LocationAttr = _UNKNOWN) -> CastOp:
        return Operation.create(cls.OPERATION_NAME, [source], [type], location=location)  # type: ignore[return-value]

    def result_names(self) -> list[str | None]:
        return ["cast"]

    def verify_op(self) -> None:
        a, b = self.source.type, self.results[0].type
        if not _cast_compatible(a, b):
            raise op_error(self, f"operand type '{a}' and result type '{b}' are cast incompatible")

    def print_custom(self, p: Printer) -> None:
        print_cast_form(p, self, self.source)


# --------------------------------------------------------------------------- views


def _view_build(
    cls: Any,
    source: Value,
    result_type: Type,
    offsets: Sequence[int | Value],
    sizes: Sequence[int | Value],
    strides: Sequence[int | Value],
    location: LocationAttr,
) -> Any:
    so, do = split_mixed(offsets)
    ss, ds = split_mixed(sizes)
    st, dt = split_mixed(strides)
    props = {
        "operandSegmentSizes": DenseArrayAttr(i32, (1, len(do), len(ds), len(dt))),
        "static_offsets": DenseArrayAttr(i64, so),
        "static_sizes": DenseArrayAttr(i64, ss),
        "static_strides": DenseArrayAttr(i64, st),
    }
    return Operation.create(
        cls.OPERATION_NAME, [source, *do, *ds, *dt], [result_type], props, location=location
    )


def _check_mixed_ranks(op: Operation) -> None:
    """MLIR's `verifyOffsetSizeAndStrideOp` rank agreement of offsets, sizes and strides."""
    n_off = len(_static_prop(op, "static_offsets"))
    n_size = len(_static_prop(op, "static_sizes"))
    n_str = len(_static_prop(op, "static_strides"))
    if n_off != n_size:
        raise _plain_error(
            op,
            f"expected mixed offsets rank to match mixed sizes rank ({n_off} vs {n_size}) so the "
            "rank of the result type is well-formed.",
        )
    if n_str != n_size:
        raise _plain_error(
            op,
            f"expected mixed sizes rank to match mixed strides rank ({n_size} vs {n_str}) so the "
            "rank of the result type is well-formed.",
        )


def _check_static_counts(op: Operation, rank: int, names: Sequence[str]) -> None:
    groups = _segments(op)
    for k, name in enumerate(names):
        static = _static_prop(op, "static_" + name)
        if len(static) != rank:
            raise op_error(op, f"expected {rank} {name} values, got {len(static)}")
        n = sum(1 for s in static if s == DYNAMIC_INDEX)
        if n != len(groups[k + 1]):
            raise op_error(
                op,
                f"expected {n} dynamic {name} values",
            )


class _ViewOp(Operation):
    __slots__ = ()
    OPERANDS = (
        OperandDef("source", ANY_TYPE),
        OperandDef("offsets", INDEX, variadic=True),
        OperandDef("sizes", INDEX, variadic=True),
        OperandDef("strides", INDEX, variadic=True),
    )
    PROPERTIES = (
        PropDef("operandSegmentSizes"),
        PropDef("static_offsets", DENSE_I64_ARRAY_ATTR),
        PropDef("static_sizes", DENSE_I64_ARRAY_ATTR),
        PropDef("static_strides", DENSE_I64_ARRAY_ATTR),
    )
    TRAITS = (AttrSizedOperandSegments, Pure)
    ELIDED = ("operandSegmentSizes", "static_offsets", "static_sizes", "static_strides")

    def mixed(self, name: str) -> list[int | Value]:
        """The offsets/sizes/strides as ints (static) or Values (dynamic)."""
        k = {"offsets": 1, "sizes": 2, "strides": 3}[name]
        dyn = iter(_segments(self)[k])
        return [
            next(dyn) if s == DYNAMIC_INDEX else s for s in _static_prop(self, "static_" + name)
        ]

    def result_names(self) -> list[str | None]:
        return [self.OPERATION_NAME.split(".", 1)[1]]

    def _print_list(self, p: Printer, name: str, k: int) -> None:
        print_dynamic_index_list(p, _static_prop(self, "static_" + name), _segments(self)[k])


@register
class SubViewOp(_ViewOp):
    """`memref.subview %m[%o, 1] [4, %n] [1, 1] : memref<?x?xf32> to memref<4x?xf32,
    strided<[?, 1], offset: ?>>`; its result is named `%subview`."""

    __slots__ = ()
    OPERATION_NAME = "memref.subview"
    SUMMARY = "memref subview operation"
    OPERANDS = (
        OperandDef("source", MEMREF_ONLY),
        OperandDef("offsets", INDEX, variadic=True),
        OperandDef("sizes", INDEX, variadic=True),
        OperandDef("strides", INDEX, variadic=True),
    )
    RESULTS = (ResultDef("result", MEMREF_ONLY),)

    @classmethod
    def build(
        cls,
        source: Value,
        offsets: Sequence[int | Value],
        sizes: Sequence[int | Value],
        strides: Sequence[int | Value],
        result_type: MemRefType | None = None,
        location: LocationAttr = _UNKNOWN,
    ) -> SubViewOp:
        """A subview; `result_type` defaults to MLIR's inferred (non-rank-reduced) type."""
        st = source.type
        assert isinstance(st, MemRefType)
        if result_type is None:
            result_type = infer_subview_type(
                st, split_mixed(offsets)[0], split_mixed(sizes)[0], split_mixed(strides)[0]
            )
        return _view_build(cls, source, result_type, offsets, sizes, strides, location)

    def verify_op(self) -> None:
        src = self.source.type
        res = self.results[0].type
        assert isinstance(src, MemRefType) and isinstance(res, MemRefType)
        _check_mixed_ranks(self)
        _check_static_counts(self, src.rank, ("offsets", "sizes", "strides"))
        if src.memory_space != res.memory_space:
            raise _plain_error(
                self,
                f"different memory spaces specified for base memref type '{src}' and subview "
                f"memref type '{res}'",
            )
        sizes = _static_prop(self, "static_sizes")
        inferred = infer_subview_type(
            src, _static_prop(self, "static_offsets"), sizes, _static_prop(self, "static_strides")
        )
        if inferred is None:
            raise _plain_error(self, f"base type '{src}' is not strided")
        why = _subview_result_error(inferred, res, sizes)
        if why is not None:
            raise _plain_error(self, why)
        bounds = _out_of_bounds(
            src.shape,
            _static_prop(self, "static_offsets"),
            _static_prop(self, "static_sizes"),
            _static_prop(self, "static_strides"),
        )
        if bounds is not None:
            raise _plain_error(self, bounds)

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operand(self.source)
        self._print_list(p, "offsets", 1)
        p.write(" ")
        self._print_list(p, "sizes", 2)
        p.write(" ")
        self._print_list(p, "strides", 3)
        p.print_optional_attr_dict(p.op_attributes(self, self.ELIDED))
        p.write(" : ")
        p.print_type(self.source.type)
        p.write(" to ")
        p.print_type(self.results[0].type)


def _out_of_bounds(
    shape: Sequence[int], offsets: Sequence[int], sizes: Sequence[int], strides: Sequence[int]
) -> str | None:
    """MLIR's `verifyInBoundsSlice` message for a slice outside a static source, or None."""
    for i, (d, o, n, s) in enumerate(zip(shape, offsets, sizes, strides)):
        if d == DYNAMIC or o == DYNAMIC_INDEX:
            continue
        if o >= d:
            return f"offset {i} is out-of-bounds: {o} >= {d}"
        if n == DYNAMIC_INDEX or s == DYNAMIC_INDEX:
            continue
        last = o + (n - 1) * s
        if last >= d:
            return f"slice along dimension {i} runs out-of-bounds: {last} >= {d}"
    return None


def infer_subview_type(
    src: MemRefType,
    offsets: Sequence[int],
    sizes: Sequence[int],
    strides: Sequence[int],
) -> MemRefType | None:
    """MLIR's `SubViewOp::inferResultType` (static entries; `DYNAMIC_INDEX` for dynamic ones)."""
    so = strides_and_offset(src)
    if so is None or len(offsets) != src.rank:
        return None
    src_strides, src_offset = so
    offset = src_offset
    out_strides = []
    for o, s, st in zip(offsets, src_strides, strides):
        o = _static(o)
        if o == 0:
            pass  # a zero offset adds nothing, whatever the stride
        elif DYNAMIC in (offset, o, s):
            offset = DYNAMIC
        else:
            offset += o * s
        st = _static(st)
        out_strides.append(DYNAMIC if DYNAMIC in (s, st) else s * st)
    shape = tuple(_static(s) for s in sizes)
    return MemRefType(
        shape, src.element_type, StridedLayoutAttr(offset, tuple(out_strides)), src.memory_space
    )


def _rank_reduction_mask(original: Sequence[int], reduced: Sequence[int]) -> set[int] | None:
    """MLIR's `computeRankReductionMask`: the unit dims of `original` dropped to get `reduced`
    (greedy), or None."""
    unused: set[int] = set()
    j = 0
    for i, d in enumerate(original):
        if j < len(reduced) and d == reduced[j]:
            j += 1
            continue
        unused.add(i)
        if d != 1:
            return None
    return unused if j == len(reduced) else None


def _memref_rank_reduction_mask(
    original: MemRefType, reduced: MemRefType, sizes: Sequence[int]
) -> set[int] | None:
    """MLIR's `computeMemRefRankReductionMask`: unit-size dims whose strides were dropped."""
    unused = {i for i, s in enumerate(sizes) if s == 1}
    if original.rank == reduced.rank:
        return set()
    if len(unused) + reduced.rank == original.rank:
        return unused
    so, ro = strides_and_offset(original), strides_and_offset(reduced)
    if so is None or ro is None:
        return None
    unaccounted: dict[int, int] = {}
    for st in so[0]:
        unaccounted[st] = unaccounted.get(st, 0) + 1
    candidate: dict[int, int] = {}
    for st in ro[0]:
        candidate[st] = candidate.get(st, 0) + 1
    for i in sorted(unused):
        st = so[0][i]
        have, want = unaccounted.get(st, 0), candidate.get(st, 0)
        if have > want:
            unaccounted[st] = have - 1
        elif have == want:
            unused.discard(i)
        else:
            return None
    return unused if len(unused) + reduced.rank == original.rank else None


def _subview_result_error(
    inferred: MemRefType, res: MemRefType, sizes: Sequence[int]
) -> str | None:
    """MLIR's `SubViewOp::verify` message when `res` is neither `inferred` nor a rank-reduced
    version of it (None when it is one)."""
    if res is inferred:
        return None
    mismatch = f"expected result type to be '{inferred}' or a rank-reduced version. "
    if res.rank > inferred.rank:
        return f"expected result rank to be smaller or equal to the source rank, but got '{res}'"
    if _rank_reduction_mask(inferred.shape, res.shape) is None:
        return mismatch + f"(mismatch of result sizes), but got '{res}'"
    if res.element_type is not inferred.element_type:
        return f"expected result element type to be '{inferred.element_type}', but got '{res}'"
    if res.memory_space != inferred.memory_space:
        return f"expected result and source memory spaces to match, but got '{res}'"
    layout = mismatch + f"(mismatch of result layout), but got '{res}'"
    so, ro = strides_and_offset(inferred), strides_and_offset(res)
    if so is None or ro is None or so[1] != ro[1]:
        return layout
    dropped = _memref_rank_reduction_mask(inferred, res, [_static(s) for s in sizes])
    if dropped is None:
        return layout
    kept = [st for i, st in enumerate(so[0]) if i not in dropped]
    return None if kept == ro[0] else layout


@register
class ReinterpretCastOp(_ViewOp):
    """`memref.reinterpret_cast %m to offset: [0], sizes: [%n, 64], strides: [64, 1] :
    memref<?x64xf32> to memref<?x64xf32, strided<[64, 1]>>`."""

    __slots__ = ()
    OPERATION_NAME = "memref.reinterpret_cast"
    SUMMARY = "memref reinterpret cast operation"
    OPERANDS = (
        OperandDef("source", ANY_MEMREF),
        OperandDef("offsets", INDEX, variadic=True),
        OperandDef("sizes", INDEX, variadic=True),
        OperandDef("strides", INDEX, variadic=True),
    )
    RESULTS = (ResultDef("result", MEMREF_ONLY),)

    @classmethod
    def build(
        cls,
        source: Value,
        result_type: MemRefType,
        offset: int | Value,
        sizes: Sequence[int | Value],
        strides: Sequence[int | Value],
        location: LocationAttr = _UNKNOWN,
    ) -> ReinterpretCastOp:
        return _view_build(cls, source, result_type, [offset], sizes, strides, location)

    def verify_op(self) -> None:
        src = self.source.type
        res = self.results[0].type
        assert isinstance(res, MemRefType)
        if src.element_type is not res.element_type:  # type: ignore[attr-defined]
            raise _plain_error(
                self,
                f"different element types specified for source type '{src}' and result memref "
                f"type '{res}'",
            )
        if src.memory_space != res.memory_space:  # type: ignore[attr-defined]
            raise _plain_error(
                self,
                f"different memory spaces specified for source type '{src}' and result memref "
                f"type '{res}'",
            )
        sizes = _static_prop(self, "static_sizes")
        if len(sizes) != res.rank:
            raise op_error(self, f"expected {res.rank} sizes values, got {len(sizes)}")
        # A static size/offset/stride of the result type must be the static value given.
        for i, (want, got) in enumerate(zip(sizes, res.shape)):
            if got != DYNAMIC and got != want:
                raise _plain_error(
                    self,
                    f"expected result type with size = {_static_text(want)} instead of {got} "
                    f"in dim = {i}",
                )
        so = strides_and_offset(res)
        if so is None:
            raise _plain_error(
                self, f"expected result type to have strided layout but found '{res}'"
            )
        strides, offset = so
        offs = _static_prop(self, "static_offsets")
        if offs and offset != DYNAMIC and offset != offs[0]:
            raise _plain_error(
                self,
                f"expected result type with offset = {_static_text(offs[0])} instead of {offset}",
            )
        for i, (want, got) in enumerate(zip(_static_prop(self, "static_strides"), strides)):
            if got != DYNAMIC and got != want:
                raise _plain_error(
                    self,
                    f"expected result type with stride = {_static_text(want)} instead of {got} "
                    f"in dim = {i}",
                )

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operand(self.source)
        p.write(" to offset: ")
        self._print_list(p, "offsets", 1)
        p.write(", sizes: ")
        self._print_list(p, "sizes", 2)
        p.write(", strides: ")
        self._print_list(p, "strides", 3)
        p.print_optional_attr_dict(p.op_attributes(self, self.ELIDED))
        p.write(" : ")
        p.print_type(self.source.type)
        p.write(" to ")
        p.print_type(self.results[0].type)


# --------------------------------------------------------------------------- reshapes


def reassociation_attr(groups: Sequence[Sequence[int]]) -> ArrayAttr:
    return ArrayAttr(tuple(ArrayAttr(tuple(IntegerAttr(i, i64) for i in g)) for g in groups))


def _groups(op: Operation) -> list[list[int]]:
    return [[x.value for x in g.value] for g in op.properties["reassociation"].value]  # type: ignore[attr-defined]


def _is_identity_layout(t: MemRefType) -> bool:
    """MLIR's `getLayout().isIdentity()`: no layout, an identity map, or a strided layout whose
    map is the identity (`strided<[1]>` or `strided<[]>` with offset 0)."""
    layout = t.layout
    if isinstance(layout, StridedLayoutAttr):
        return layout.offset == 0 and layout.strides in ((), (1,))
    return layout is None or (isinstance(layout, AffineMapAttr) and _is_identity(layout))


def _mul(a: int, b: int) -> int:
    return DYNAMIC if DYNAMIC in (a, b) else a * b


def collapsed_strides(src: MemRefType, groups: Sequence[Sequence[int]]) -> list[int] | None:
    """MLIR's `computeCollapsedLayoutMap` strides for a strided source (None when a group is not
    contiguous or the layout is not strided)."""
    so = strides_and_offset(src)
    if so is None:
        return None
    strides, _ = so
    shape = src.shape
    out = []
    for g in groups:
        ref = list(g)
        while len(ref) > 1 and shape[ref[-1]] == 1:
            ref.pop()
        out.append(strides[ref[-1]] if shape[ref[-1]] != DYNAMIC or len(ref) == 1 else DYNAMIC)
    for k, g in enumerate(groups):
        stride = out[k]
        for idx in reversed(g[1:]):
            stride = _mul(stride, shape[idx])
            src_stride = strides[idx - 1]
            if shape[idx - 1] == 1:
                continue
            if stride != DYNAMIC and src_stride != DYNAMIC and stride != src_stride:
                return None
    return out


def expanded_strides(
    src_strides: Sequence[int], shape: Sequence[int], groups: Sequence[Sequence[int]]
) -> list[int]:
    """MLIR's `computeExpandedLayoutMap` strides of the expanded result."""
    reverse: list[int] = []
    k = len(src_strides)
    for g in reversed(groups):
        k -= 1
        current = src_strides[k]
        for idx in reversed(g):
            reverse.append(current)
            current = _mul(current, shape[idx])
    out = list(reversed(reverse))
    return out + [1] * (len(shape) - len(out))


def collapsed_type(src: MemRefType, groups: Sequence[Sequence[int]]) -> MemRefType | None:
    """MLIR's `CollapseShapeOp::computeCollapsedType` (None: a group is not contiguous)."""
    shape = []
    for g in groups:
        n = 1
        for i in g:
            n = _mul(n, src.shape[i])
        shape.append(n)
    if _is_identity_layout(src):
        return MemRefType(tuple(shape), src.element_type, None, src.memory_space)
    strides = collapsed_strides(src, groups)
    so = strides_and_offset(src)
    if strides is None or so is None:
        return None
    layout = StridedLayoutAttr(so[1], tuple(strides))
    return MemRefType(tuple(shape), src.element_type, layout, src.memory_space)


def expanded_type(
    src: MemRefType, shape: Sequence[int], groups: Sequence[Sequence[int]]
) -> MemRefType | None:
    """MLIR's `ExpandShapeOp::computeExpandedType` (None: the source is not strided)."""
    if _is_identity_layout(src):
        return MemRefType(tuple(shape), src.element_type, None, src.memory_space)
    so = strides_and_offset(src)
    if so is None:
        return None
    layout = StridedLayoutAttr(so[1], tuple(expanded_strides(so[0], shape, groups)))
    return MemRefType(tuple(shape), src.element_type, layout, src.memory_space)


def _verify_reshape(op: Operation, collapsed: MemRefType, expanded: MemRefType) -> None:
    groups = _groups(op)
    if len(groups) != collapsed.rank:
        raise op_error(
            op,
            f"expected collapsed rank ({collapsed.rank}) to equal the number of reassociation "
            f"maps ({len(groups)})",
        )
    if collapsed.rank == 0:
        # MLIR: a rank-0 memref reshapes to / from all-ones shapes, with no groups.
        if any(d != 1 for d in expanded.shape):
            raise op_error(op, "rank 0 memrefs can only be extended/collapsed with/from ones")
        return
    flat = [i for g in groups for i in g]
    if flat != list(range(expanded.rank)):
        raise op_error(
            op,
            f"expected reassociation map #{0} to be valid and contiguous"
            if flat and flat != list(range(len(flat)))
            else f"expected expanded rank ({expanded.rank}) to equal the sum of reassociation "
            f"map sizes ({len(flat)})"
            if len(flat) != expanded.rank
            else "invalid reassociation",
        )
    for i, g in enumerate(groups):
        dims = [expanded.shape[k] for k in g]
        c = collapsed.shape[i]
        if DYNAMIC in dims:
            if c != DYNAMIC and len(dims) > 0:
                raise op_error(
                    op,
                    f"collapsed dim ({i}) must be dynamic if and only if reassociation group is "
                    "dynamic",
                )
            continue
        size = 1
        for d in dims:
            size *= d
        if c == DYNAMIC:
            raise op_error(
                op,
                f"collapsed dim ({i}) must be dynamic if and only if reassociation group is "
                "dynamic",
            )
        if c != size:
            raise op_error(
                op, f"collapsed dim size ({c}) must equal reassociation group size ({size})"
            )


@register
class CollapseShapeOp(Operation):
    """`memref.collapse_shape %m [[0, 1], [2]] : memref<?x4x8xf32> into memref<?x8xf32>`."""

    __slots__ = ()
    OPERATION_NAME = "memref.collapse_shape"
    SUMMARY = "operation to produce a memref with a smaller rank."
    OPERANDS = (OperandDef("src", STRIDED_MEMREF),)
    RESULTS = (ResultDef("result", STRIDED_MEMREF),)
    PROPERTIES = (PropDef("reassociation", REASSOCIATION_ATTR),)
    TRAITS = (Pure,)

    @classmethod
    def build(
        cls,
        src: Value,
        reassociation: Sequence[Sequence[int]],
        result_type: MemRefType | None = None,
        location: LocationAttr = _UNKNOWN,
    ) -> CollapseShapeOp:
        """`result_type` defaults to MLIR's (`collapsed_type`)."""
        if result_type is None:
            result_type = collapsed_type(src.type, reassociation)  # type: ignore[arg-type]
            assert result_type is not None, "the groups are not contiguous in the source"
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME,
            [src],
            [result_type],
            {"reassociation": reassociation_attr(reassociation)},
            location=location,
        )

    def result_names(self) -> list[str | None]:
        return ["collapse_shape"]

    def verify_op(self) -> None:
        src, res = self.src.type, self.results[0].type
        assert isinstance(src, MemRefType) and isinstance(res, MemRefType)
        _verify_reshape(self, res, src)
        if _is_identity_layout(src):
            want = MemRefType(res.shape, src.element_type, None, src.memory_space)
        else:
            strides = collapsed_strides(src, _groups(self))
            if strides is None:
                raise op_error(self, "invalid source layout map or collapsing non-contiguous dims")
            layout = StridedLayoutAttr(strides_and_offset(src)[1], tuple(strides))  # type: ignore[index]
            want = MemRefType(res.shape, src.element_type, layout, src.memory_space)
        if want is not res:
            raise op_error(self, f"expected collapsed type to be '{want}' but found '{res}'")

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operand(self.src)
        p.write(" ")
        p.print_attribute(self.properties["reassociation"])
        p.print_optional_attr_dict(p.op_attributes(self, ("reassociation",)))
        p.write(" : ")
        p.print_type(self.src.type)
        p.write(" into ")
        p.print_type(self.results[0].type)


@register
class ExpandShapeOp(Operation):
    """`memref.expand_shape %m [[0, 1]] output_shape [%n, 64] : memref<?xf32> into
    memref<?x64xf32>`."""

    __slots__ = ()
    OPERATION_NAME = "memref.expand_shape"
    SUMMARY = "operation to produce a memref with a higher rank."
    OPERANDS = (OperandDef("src", STRIDED_MEMREF), OperandDef("output_shape", INDEX, variadic=True))
    RESULTS = (ResultDef("result", STRIDED_MEMREF),)
    PROPERTIES = (
        PropDef("reassociation", REASSOCIATION_ATTR),
        PropDef("static_output_shape", DENSE_I64_ARRAY_ATTR),
    )
    TRAITS = (Pure,)

    @classmethod
    def build(
        cls,
        src: Value,
        reassociation: Sequence[Sequence[int]],
        result_type: MemRefType | None,
        output_shape: Sequence[int | Value],
        location: LocationAttr = _UNKNOWN,
    ) -> ExpandShapeOp:
        """`result_type` None: MLIR's (`expanded_type`) for the static `output_shape` entries."""
        static, dynamic = split_mixed(output_shape)
        if result_type is None:
            shape = tuple(DYNAMIC if s == DYNAMIC_INDEX else s for s in static)
            result_type = expanded_type(src.type, shape, reassociation)  # type: ignore[arg-type]
            assert result_type is not None, "the source layout is not strided"
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME,
            [src, *dynamic],
            [result_type],
            {
                "reassociation": reassociation_attr(reassociation),
                "static_output_shape": DenseArrayAttr(i64, static),
            },
            location=location,
        )

    def result_names(self) -> list[str | None]:
        return ["expand_shape"]

    def verify_op(self) -> None:
        src, res = self.src.type, self.results[0].type
        assert isinstance(src, MemRefType) and isinstance(res, MemRefType)
        _verify_reshape(self, src, res)
        if _is_identity_layout(src):
            want = MemRefType(res.shape, src.element_type, None, src.memory_space)
        else:
            so = strides_and_offset(src)
            if so is None:
                raise op_error(self, "invalid source layout map")
            strides = expanded_strides(so[0], res.shape, _groups(self))
            layout = StridedLayoutAttr(so[1], tuple(strides))
            want = MemRefType(res.shape, src.element_type, layout, src.memory_space)
        if want is not res:
            raise op_error(self, f"expected expanded type to be '{want}' but found '{res}'")
        static = _static_prop(self, "static_output_shape")
        if len(static) != res.rank:
            raise op_error(
                self,
                f"expected number of static shape dims to be equal to the output rank "
                f"({res.rank}) but found {len(static)} inputs instead",
            )
        ndyn = sum(1 for s in static if s == DYNAMIC_INDEX)
        if ndyn != len(self.operand_uses) - 1:
            raise op_error(
                self,
                f"mismatch in dynamic dims in output_shape and static_output_shape: "
                f"static_output_shape has {ndyn} dynamic dims while output_shape has "
                f"{len(self.operand_uses) - 1} values",
            )
        for i, (s, d) in enumerate(zip(static, res.shape)):
            if s != DYNAMIC_INDEX and d != DYNAMIC and s != d:
                raise op_error(
                    self,
                    f"invalid output shape provided at pos {i}",
                )

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operand(self.src)
        p.write(" ")
        p.print_attribute(self.properties["reassociation"])
        p.write(" output_shape ")
        print_dynamic_index_list(p, _static_prop(self, "static_output_shape"), self.operands[1:])
        p.print_optional_attr_dict(p.op_attributes(self, ("reassociation", "static_output_shape")))
        p.write(" : ")
        p.print_type(self.src.type)
        p.write(" into ")
        p.print_type(self.results[0].type)


# --------------------------------------------------------------------------- view


@register
class ViewOp(Operation):
    """`memref.view %ws[%byte_shift][%d0] : memref<?xi8> to memref<?x4xf32>`: a dense row-major
    buffer `byte_shift` bytes into a 1-D `i8` buffer (the memory plan's workspace); its result
    is named `%view`."""

    __slots__ = ()
    OPERATION_NAME = "memref.view"
    SUMMARY = "memref view operation"
    OPERANDS = (
        OperandDef("source", MEMREF_ONLY),
        OperandDef("byte_shift", INDEX),
        OperandDef("sizes", INDEX, variadic=True),
    )
    RESULTS = (ResultDef("result", MEMREF_ONLY),)
    TRAITS = (Pure,)

    @classmethod
    def build(
        cls,
        source: Value,
        byte_shift: Value,
        sizes: Sequence[Value],
        result_type: MemRefType,
        location: LocationAttr = _UNKNOWN,
    ) -> ViewOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, [source, byte_shift, *sizes], [result_type], location=location
        )

    def result_names(self) -> list[str | None]:
        return ["view"]

    def verify_op(self) -> None:
        src = self.operands[0].type
        res = self.results[0].type
        assert isinstance(src, MemRefType) and isinstance(res, MemRefType)
        if src.rank != 1 or src.element_type is not i8 or src.layout is not None:
            raise op_error(self, f"unsupported map for base memref type '{src}'")
        if res.layout is not None:
            raise op_error(self, f"unsupported map for result memref type '{res}'")
        if src.memory_space != res.memory_space:
            raise op_error(
                self,
                f"different memory spaces specified for base memref type '{src}' and view "
                f"memref type '{res}'",
            )
        want = sum(1 for d in res.shape if d == DYNAMIC)
        got = len(self.operands) - 2
        if got != want:
            raise op_error(self, f"incorrect number of size operands for type '{res}'")

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write("[")
        p.print_operand(self.operands[1])
        p.write("][")
        p.print_operands(self.operands[2:])
        p.write("]")
        p.print_optional_attr_dict(p.op_attributes(self))
        p.write(" : ")
        p.print_type(self.operands[0].type)
        p.write(" to ")
        p.print_type(self.results[0].type)
