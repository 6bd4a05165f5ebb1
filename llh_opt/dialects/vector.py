"""The vector dialect subset for vectorized loop bodies: `vector.load`, `vector.store`,
`vector.broadcast`, `vector.fma`, `vector.reduction`, with MLIR's custom forms, builders and
verifier messages, and the `#vector.kind<add>` combining-kind attribute.

Parsing the custom forms lives in ``parser/custom_loops.py`` (`vector.broadcast` shares the cast
form, `vector.fma` the math form); lowering to LLVM vectors lives in the translator.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.dialects.arith import FASTMATH_NONE, FastMathFlagsAttr
from llh_opt.dialects.memref import ALIGNMENT_ATTR, BOOL_ATTR, print_access
from llh_opt.ir.attributes import (
    Attribute,
    DialectAttribute,
    LocationAttr,
    UnknownLoc,
)
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.opdef import (
    AttrKind,
    Dialect,
    OperandDef,
    PropDef,
    Pure,
    ResultDef,
    Trait,
    TypeConstraint,
    op_error,
    register,
    register_dialect,
)
from llh_opt.ir.types import FloatType, IndexType, IntegerType, MemRefType, Type, VectorType

from llh_opt.printer import print_cast_form

if TYPE_CHECKING:
    from llh_opt.printer import Printer

__all__ = [
    "COMBINING_KINDS",
    "VECTOR",
    "BroadcastOp",
    "CombiningKindAttr",
    "FMAOp",
    "LoadOp",
    "ReductionOp",
    "StoreOp",
]

_UNKNOWN = UnknownLoc()

COMBINING_KINDS = (
    "add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf",
    "and", "or", "xor", "maximumf", "minimumf",
)  # fmt: skip
"""MLIR's `CombiningKind` names, in its enum order (the order of its error message)."""
_INT_KINDS = frozenset(("minui", "minsi", "maxui", "maxsi", "and", "or", "xor"))
_FLOAT_KINDS = frozenset(("minnumf", "maxnumf", "maximumf", "minimumf"))


class CombiningKindAttr(DialectAttribute):
    """`#vector.kind<add>` (printed `<add>` in `vector.reduction`'s custom form)."""

    __slots__ = ("kind",)
    dialect = "vector"
    mnemonic = "kind"

    def __new__(cls, kind: str) -> Any:
        self = cls._cache.get(kind)
        if self is None:
            self = object.__new__(cls)
            self._init()
            self.kind = kind
            cls._cache[kind] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        return f"#vector.kind<{self.kind}>"


_KIND_RE = re.compile(r"\.kind\s*<\s*(\w*)\s*>\s*\Z")


def _kind_error(loc: Any) -> DiagnosticError:
    return DiagnosticError(
        Diagnostic(
            Severity.ERROR,
            "expected ::mlir::vector::CombiningKind to be one of: " + ", ".join(COMBINING_KINDS),
            loc,
        ),
        Diagnostic(
            Severity.ERROR,
            "failed to parse Vector_CombiningKindAttr parameter 'value' which is to be a "
            "`::mlir::vector::CombiningKind`",
            loc,
        ),
    )


def parse_vector_attribute(body: str, loc: Any = None) -> Attribute:
    """The dialect hook: `body` is the text after `#vector` (`.kind<add>`)."""
    mnemonic = body[1:].split("<", 1)[0].strip() if body.startswith(".") else body
    if mnemonic != "kind":
        raise DiagnosticError(
            Diagnostic(Severity.ERROR, f"unknown attribute `{mnemonic}` in dialect `vector`", loc)
        )
    m = _KIND_RE.match(body)
    if m is None or m.group(1) not in COMBINING_KINDS:
        raise _kind_error(loc)
    return CombiningKindAttr(m.group(1))


VECTOR = register_dialect(Dialect("vector", parse_attribute=parse_vector_attribute, inlinable=True))

VECTOR_ANY = TypeConstraint("vector of any type values", lambda t: isinstance(t, VectorType))
VECTOR_FLOAT = TypeConstraint(
    "vector of floating-point values",
    lambda t: isinstance(t, VectorType) and isinstance(t.element_type, FloatType),
)
MEMREF = TypeConstraint("memref of any type values", lambda t: isinstance(t, MemRefType))
INDEX = TypeConstraint("index", lambda t: isinstance(t, IndexType))
KIND_ATTR = AttrKind(
    "Kind of combining function for contractions and reductions", CombiningKindAttr
)


def _memref_element(t: MemRefType) -> Type:
    return t.element_type


# --------------------------------------------------------------------------- load / store


@register
class LoadOp(Operation):
    """`vector.load %m[%i, %j] : memref<?x8xf32>, vector<8xf32>`."""

    __slots__ = ()
    OPERATION_NAME = "vector.load"
    SUMMARY = "reads an n-D slice of memory into an n-D vector"
    OPERANDS = (OperandDef("base", MEMREF), OperandDef("indices", INDEX, variadic=True))
    RESULTS = (ResultDef("result", VECTOR_ANY),)
    PROPERTIES = (
        PropDef("nontemporal", BOOL_ATTR, optional=True),
        PropDef("alignment", ALIGNMENT_ATTR, optional=True),
    )

    @classmethod
    def build(
        cls,
        base: Value,
        indices: Sequence[Value],
        result_type: VectorType,
        location: LocationAttr = _UNKNOWN,
    ) -> LoadOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, [base, *indices], [result_type], location=location
        )

    def verify_op(self) -> None:
        base = self.base.type
        assert isinstance(base, MemRefType)
        res = self.results[0].type
        assert isinstance(res, VectorType)
        if base.element_type is not res.element_type and base.element_type is not res:
            raise op_error(self, "base and result element types should match")
        if len(self.operand_uses) - 1 != base.rank:
            raise op_error(self, f"requires {base.rank} indices")

    def print_custom(self, p: Printer) -> None:
        print_access(p, self, 0)
        p.write(", ")
        p.print_type(self.results[0].type)


@register
class StoreOp(Operation):
    """`vector.store %v, %m[%i, %j] : memref<?x8xf32>, vector<8xf32>`."""

    __slots__ = ()
    OPERATION_NAME = "vector.store"
    SUMMARY = "writes an n-D vector to an n-D slice of memory"
    OPERANDS = (
        OperandDef("valueToStore", VECTOR_ANY),
        OperandDef("base", MEMREF),
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
        base: Value,
        indices: Sequence[Value],
        location: LocationAttr = _UNKNOWN,
    ) -> StoreOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, [value, base, *indices], location=location
        )

    def verify_op(self) -> None:
        value = self.valueToStore.type
        base = self.base.type
        assert isinstance(base, MemRefType) and isinstance(value, VectorType)
        if base.element_type is not value.element_type and base.element_type is not value:
            raise op_error(self, "base and valueToStore element type should match")
        if len(self.operand_uses) - 2 != base.rank:
            raise op_error(self, f"requires {base.rank} indices")

    def print_custom(self, p: Printer) -> None:
        print_access(p, self, 1)
        p.write(", ")
        p.print_type(self.valueToStore.type)


# --------------------------------------------------------------------------- broadcast / fma


def _element(t: Type) -> Type:
    return t.element_type if isinstance(t, VectorType) else t


class _SameElement(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        if _element(op.source.type) is not _element(op.results[0].type):  # type: ignore[attr-defined]
            raise op_error(
                op, "failed to verify that source operand and result have same element type"
            )


@register
class BroadcastOp(Operation):
    """`vector.broadcast %a : f32 to vector<8xf32>`."""

    __slots__ = ()
    OPERATION_NAME = "vector.broadcast"
    SUMMARY = "broadcast operation"
    OPERANDS = (OperandDef("source", TypeConstraint("any type", lambda t: True)),)
    RESULTS = (ResultDef("vector", VECTOR_ANY),)
    TRAITS = (Pure, _SameElement)

    @classmethod
    def build(
        cls, source: Value, type: VectorType, location: LocationAttr = _UNKNOWN
    ) -> BroadcastOp:
        return Operation.create(cls.OPERATION_NAME, [source], [type], location=location)  # type: ignore[return-value]

    def verify_op(self) -> None:
        src = self.source.type
        dst = self.results[0].type
        assert isinstance(dst, VectorType)
        if not isinstance(src, VectorType):
            return
        if len(src.shape) > len(dst.shape):
            raise op_error(self, "source rank higher than destination rank")
        lead = len(dst.shape) - len(src.shape)
        for s, d in zip(src.shape, dst.shape[lead:]):
            if s != 1 and s != d:
                raise op_error(self, f"dimension mismatch ({s} vs. {d})")

    def print_custom(self, p: Printer) -> None:
        print_cast_form(p, self, self.source)


class _SameFMATypes(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        t = op.results[0].type
        if any(v.type is not t for v in op.operands):
            raise op_error(
                op, "failed to verify that all of {lhs, rhs, acc, result} have same type"
            )


@register
class FMAOp(Operation):
    """`vector.fma %a, %b, %c : vector<8xf32>` (a * b + c)."""

    __slots__ = ()
    OPERATION_NAME = "vector.fma"
    SUMMARY = "vector fused multiply-add"
    OPERANDS = (
        OperandDef("lhs", VECTOR_FLOAT),
        OperandDef("rhs", VECTOR_FLOAT),
        OperandDef("acc", VECTOR_FLOAT),
    )
    RESULTS = (ResultDef("result", VECTOR_FLOAT),)
    TRAITS = (Pure, _SameFMATypes)
    FLAGS_PROP = None

    @classmethod
    def build(cls, lhs: Value, rhs: Value, acc: Value, location: LocationAttr = _UNKNOWN) -> FMAOp:
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, [lhs, rhs, acc], [acc.type], location=location
        )

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operands(self.operands)
        p.print_optional_attr_dict(p.op_attributes(self))
        p.write(" : ")
        p.print_type(self.results[0].type)


# --------------------------------------------------------------------------- reduction


@register
class ReductionOp(Operation):
    """`vector.reduction <add>, %v [, %acc] [fastmath<...>] : vector<8xf32> into f32`."""

    __slots__ = ()
    OPERATION_NAME = "vector.reduction"
    SUMMARY = "reduction operation"
    OPERANDS = (
        OperandDef("vector", VECTOR_ANY),
        OperandDef("acc", TypeConstraint("any type", lambda t: True), optional=True),
    )
    ALIASES = {"source": "vector"}  # the name `_SameElement` shares with broadcast
    RESULTS = (ResultDef("dest", TypeConstraint("any type", lambda t: True)),)
    PROPERTIES = (
        PropDef("kind", KIND_ATTR),
        PropDef(
            "fastmath",
            AttrKind("Floating point fast math flags", FastMathFlagsAttr),
            default=FASTMATH_NONE,
        ),
    )
    TRAITS = (Pure, _SameElement)
    GENERIC_DEFAULTS = (("fastmath", FASTMATH_NONE),)
    FLAGS_PROP = "fastmath"

    @classmethod
    def build(
        cls,
        kind: str,
        vector: Value,
        acc: Value | None = None,
        *,
        fastmath: Attribute | None = None,
        location: LocationAttr = _UNKNOWN,
    ) -> ReductionOp:
        t = vector.type
        assert isinstance(t, VectorType)
        props: dict[str, Attribute] = {"kind": CombiningKindAttr(kind)}
        if fastmath is not None:
            props["fastmath"] = fastmath
        operands = [vector] if acc is None else [vector, acc]
        return Operation.create(  # type: ignore[return-value]
            cls.OPERATION_NAME, operands, [t.element_type], props, location=location
        )

    @property
    def kind(self) -> str:
        return self.properties["kind"].kind  # type: ignore[attr-defined]

    def verify_op(self) -> None:
        t = self.results[0].type
        kind = self.kind
        ok_int = isinstance(t, (IntegerType, IndexType))
        ok = (ok_int and kind not in _FLOAT_KINDS) or (
            isinstance(t, FloatType) and kind not in _INT_KINDS
        )
        if not ok:
            raise op_error(self, f"unsupported reduction type ''{t}'' for kind '{kind}'")
        if len(self.operand_uses) > 1 and self.acc.type is not t:
            raise op_error(self, "failed to verify that dest and acc have same type")

    def print_custom(self, p: Printer) -> None:
        p.write(f" <{self.kind}>, ")
        p.print_operands(self.operands)
        flags = self.properties.get("fastmath")
        if isinstance(flags, FastMathFlagsAttr) and flags.value:
            p.write(" fastmath" + flags.body())
        p.print_optional_attr_dict(p.op_attributes(self, ("kind", "fastmath")))
        p.write(" : ")
        p.print_type(self.vector.type)
        p.write(" into ")
        p.print_type(self.results[0].type)
