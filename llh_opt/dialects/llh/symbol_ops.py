"""LLH symbol-infrastructure ops (spec §3.1 and HEAD's `symbol_relation_map`, §9): symbol
declarations, relations between symbols, binds of symbols to values, and the deprecated torch
binding ops. All print in generic form.

What symbols mean and how relations are derived lives in ``llh_opt/symbolic``, not here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from llh_opt.dialects.llh.attrs import (
    EncodingAttr,
    SymbolRelationAttr,
    constant_symbol_value,
)
from llh_opt.dialects.llh.base import UNKNOWN_LOC, LLHOp, llh_op
from llh_opt.dialects.llh.constraints import (
    ENCODING_ATTR,
    LLH_COMPUTABLE,
    LLH_ENCODING_BIND,
    LLH_FLAT_SYMBOL_REF_ATTR,
    LLH_INT64,
    LLH_SYMBOLIC,
    LLH_TENSOR,
    SYMBOL_RELATION_ATTR,
    SymbolUser,
    ranked_shape,
)
from llh_opt.ir.affine import AffineConstantExpr, AffineMap
from llh_opt.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    LocationAttr,
    StringAttr,
    SymbolRefAttr,
)
from llh_opt.ir.core import Value
from llh_opt.ir.opdef import (
    AFFINE_MAP_ATTR,
    FLAT_SYMBOL_REF_ARRAY_ATTR,
    SIGNLESS_INTEGER_OR_INDEX,
    UNTYPED_STRING_ATTR,
    OperandDef,
    PropDef,
    ResultDef,
    SymbolTrait,
    has_parent,
)
from llh_opt.ir.types import DYNAMIC, RankedTensorType, Type, i64
from llh_opt.lazy import lazy_import

if TYPE_CHECKING:
    from llh_opt.rewrite.rewriter import RewritePattern

# The canonicalization patterns, loaded when a pass asks for them (they need the rewriter).
P = lazy_import("llh_opt.dialects.llh.canonicalize")

__all__ = [
    "AotOp",
    "EncodingBindOp",
    "SymbolBinaryRelationOp",
    "SymbolBindOp",
    "SymbolRelationMapOp",
    "SymbolRelationOp",
    "SymbolicBindOp",
    "SymbolicCastOp",
    "SymbolicIntOp",
    "TorchSymbolicIntOp",
]


@llh_op
class SymbolicIntOp(LLHOp):
    """`"llh.symbolic_int"() <{sym_name = "s0"}>`: declares symbol `s0` at the top level of the
    root module; names are unique there (the module's symbol table)."""

    __slots__ = ()
    OPERATION_NAME = "llh.symbolic_int"
    SUMMARY = "declare a dimension symbol"
    PROPERTIES = (PropDef("sym_name", UNTYPED_STRING_ATTR),)
    TRAITS = (SymbolTrait, has_parent("builtin.module"))

    @classmethod
    def build(cls, name: str, location: LocationAttr = UNKNOWN_LOC) -> SymbolicIntOp:
        return cls.create_op(properties={"sym_name": StringAttr(name)}, location=location)

    @property
    def sym_name(self) -> str:
        return self.properties["sym_name"].value  # type: ignore[attr-defined]

    def verify_op(self) -> None:
        if not self.sym_name:
            raise self.error("requires a non-empty 'sym_name'")


def _relation_kind(op: LLHOp) -> SymbolRelationAttr:
    return op.properties["relation_kind"]  # type: ignore[return-value]


@llh_op
class SymbolRelationOp(LLHOp):
    """`symbol <relation_kind> relation`, e.g. `s2 EQ s5`, `s1 GE c1`. Lives in `__symbol__`."""

    __slots__ = ()
    OPERATION_NAME = "llh.symbol_relation"
    SUMMARY = "a comparison between two symbols"

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        return [P.ReplaceSymbolIfEquel(), P.RemoveSymbolRelationIfAllConst()]

    PROPERTIES = (
        PropDef("relation", LLH_FLAT_SYMBOL_REF_ATTR),
        PropDef("relation_kind", SYMBOL_RELATION_ATTR),
        PropDef("symbol", LLH_FLAT_SYMBOL_REF_ATTR),
    )
    TRAITS = (SymbolUser,)

    @classmethod
    def build(
        cls, symbol: str, relation: str, kind: str, location: LocationAttr = UNKNOWN_LOC
    ) -> SymbolRelationOp:
        return cls.create_op(
            properties={
                "symbol": SymbolRefAttr(symbol),
                "relation": SymbolRefAttr(relation),
                "relation_kind": SymbolRelationAttr(kind),
            },
            location=location,
        )

    @property
    def relation_kind(self) -> str:
        return _relation_kind(self).case

    @property
    def relation(self) -> str:
        return self.properties["relation"].root  # type: ignore[attr-defined]

    def verify_op(self) -> None:
        kind = _relation_kind(self)
        if kind.case not in SymbolRelationAttr.COMPARE_CASES:
            raise self.error(
                f"'relation_kind' must be one of EQ, GE, LE, GT, LT, NOTEQ, got {kind.case} "
                "(binary kinds belong to 'llh.symbol_binary_relation')"
            )


@llh_op
class SymbolBinaryRelationOp(LLHOp):
    """`symbol = relations_lhs <kind> relations_rhs` with kind Add/Sub/Mul/FloorDiv."""

    __slots__ = ()
    OPERATION_NAME = "llh.symbol_binary_relation"
    SUMMARY = "a symbol defined by a binary operation on two symbols"

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        return [P.RemoveSymbolBinaryRelationIfAllConst(cls.OPERATION_NAME)]

    PROPERTIES = (
        PropDef("relation_kind", SYMBOL_RELATION_ATTR),
        PropDef("relations_lhs", LLH_FLAT_SYMBOL_REF_ATTR),
        PropDef("relations_rhs", LLH_FLAT_SYMBOL_REF_ATTR),
        PropDef("symbol", LLH_FLAT_SYMBOL_REF_ATTR),
    )
    TRAITS = (SymbolUser,)

    @classmethod
    def build(
        cls, symbol: str, lhs: str, rhs: str, kind: str, location: LocationAttr = UNKNOWN_LOC
    ) -> SymbolBinaryRelationOp:
        return cls.create_op(
            properties={
                "symbol": SymbolRefAttr(symbol),
                "relations_lhs": SymbolRefAttr(lhs),
                "relations_rhs": SymbolRefAttr(rhs),
                "relation_kind": SymbolRelationAttr(kind),
            },
            location=location,
        )

    @property
    def relation_kind(self) -> str:
        return _relation_kind(self).case

    def verify_op(self) -> None:
        kind = _relation_kind(self)
        if kind.case not in SymbolRelationAttr.BINARY_CASES:
            raise self.error(
                f"'relation_kind' must be one of Add, Sub, Mul, FloorDiv, got {kind.case} "
                "(comparisons belong to 'llh.symbol_relation')"
            )
        if kind.case == "FloorDiv":
            rhs = self.properties["relations_rhs"].root  # type: ignore[attr-defined]
            if constant_symbol_value(rhs) == 0:
                raise self.error("FloorDiv relation divides by the constant symbol @c0")


@llh_op
class SymbolRelationMapOp(LLHOp):
    """HEAD: `symbol = relation(relations...)`, the single-result affine map `relation` applied to
    the symbols `relations` (bound to the map's symbols s0, s1, ... in order); `express` is the
    same definition as text (`"512*s0"`)."""

    __slots__ = ()
    OPERATION_NAME = "llh.symbol_relation_map"
    SUMMARY = "a symbol defined by an affine expression of other symbols"

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        return [P.RemoveSymbolBinaryRelationIfAllConst(cls.OPERATION_NAME)]

    PROPERTIES = (
        PropDef("express", UNTYPED_STRING_ATTR),
        PropDef("relation", AFFINE_MAP_ATTR),
        PropDef("relations", FLAT_SYMBOL_REF_ARRAY_ATTR),
        PropDef("symbol", LLH_FLAT_SYMBOL_REF_ATTR),
    )
    TRAITS = (SymbolUser,)

    @classmethod
    def build(
        cls,
        symbol: str,
        relations: Sequence[str],
        relation: AffineMap,
        express: str,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> SymbolRelationMapOp:
        return cls.create_op(
            properties={
                "symbol": SymbolRefAttr(symbol),
                "relations": ArrayAttr(tuple(SymbolRefAttr(r) for r in relations)),
                "relation": AffineMapAttr(relation),
                "express": StringAttr(express),
            },
            location=location,
        )

    @property
    def relations(self) -> list[str]:
        return [r.root for r in self.properties["relations"].value]  # type: ignore[attr-defined]

    def verify_op(self) -> None:
        amap: AffineMap = self.properties["relation"].map  # type: ignore[attr-defined]
        if amap.num_results != 1:
            raise self.error(f"'relation' must have exactly one result, got {amap.num_results}")
        n = len(self.properties["relations"].value)  # type: ignore[attr-defined]
        if amap.num_symbols != n:
            raise self.error(f"'relation' has {amap.num_symbols} symbols but 'relations' names {n}")


def _check_encoding_against_shape(op: LLHOp, symbols: Sequence[str], t: Type, what: str) -> None:
    shape = ranked_shape(t)
    if shape is None:
        return
    if len(symbols) != len(shape):
        raise op.error(f"{what} has {len(symbols)} symbols but the operand has rank {len(shape)}")
    for i, (name, size) in enumerate(zip(symbols, shape)):
        value = constant_symbol_value(name)
        if value is not None and size != DYNAMIC and value != size:
            raise op.error(f"dimension {i} has static size {size} but {what} names it @{name}")


@llh_op
class EncodingBindOp(LLHOp):
    """`"llh.encoding_bind"(%t) <{encoding = #llh.encoding<...>}>`: the dimensions of `%t` are
    named by `encoding` (used once encodings are stripped from the types)."""

    __slots__ = ()
    OPERATION_NAME = "llh.encoding_bind"
    SUMMARY = "bind dimension symbols to a tensor"

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        return [P.MoveEncodingBindOp()]

    OPERANDS = (OperandDef("operand", LLH_ENCODING_BIND),)
    # `operand` is `Operation.operand(i)`: the accessor is `input`.
    ALIASES = {"input": "operand"}
    PROPERTIES = (PropDef("encoding", ENCODING_ATTR),)

    @classmethod
    def build(
        cls, operand: Value, encoding: EncodingAttr | Sequence[str],
        location: LocationAttr = UNKNOWN_LOC,
    ) -> EncodingBindOp:  # fmt: skip
        if not isinstance(encoding, EncodingAttr):
            encoding = EncodingAttr(encoding)
        return cls.create_op((operand,), properties={"encoding": encoding}, location=location)

    @property
    def encoding(self) -> EncodingAttr:
        return self.properties["encoding"]  # type: ignore[return-value]

    def verify_op(self) -> None:
        _check_encoding_against_shape(self, self.encoding.symbols, self.input.type, "'encoding'")


@llh_op
class SymbolBindOp(LLHOp):
    """`"llh.symbol_bind"(%n) <{symbol = @s0}>`: the integer `%n` equals symbol `s0`."""

    __slots__ = ()
    OPERATION_NAME = "llh.symbol_bind"
    SUMMARY = "bind a symbol to an integer value"

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        return [P.SinkSymbolBindOp(), P.MoveSymbolBindOp()]

    OPERANDS = (OperandDef("operand", SIGNLESS_INTEGER_OR_INDEX),)
    # `operand` is `Operation.operand(i)`: the accessor is `input`.
    ALIASES = {"input": "operand"}
    PROPERTIES = (PropDef("symbol", LLH_FLAT_SYMBOL_REF_ATTR),)

    @classmethod
    def build(
        cls, operand: Value, symbol: str, location: LocationAttr = UNKNOWN_LOC
    ) -> SymbolBindOp:
        return cls.create_op(
            (operand,), properties={"symbol": SymbolRefAttr(symbol)}, location=location
        )


@llh_op
class SymbolicCastOp(LLHOp):
    """Re-types a value (`tensor<?x3xf32>` → `tensor<?x3xf32, #llh.encoding<...>>`)."""

    __slots__ = ()
    OPERATION_NAME = "llh.symbolic_cast"
    SUMMARY = "re-type a tensor"
    OPERANDS = (OperandDef("operand", LLH_SYMBOLIC),)
    # `operand` is `Operation.operand(i)`: the accessor is `input`.
    ALIASES = {"input": "operand"}
    RESULTS = (ResultDef("result", LLH_TENSOR),)

    @classmethod
    def build(
        cls, operand: Value, result_type: Type, location: LocationAttr = UNKNOWN_LOC
    ) -> SymbolicCastOp:
        return cls.create_op((operand,), (result_type,), location=location)

    def verify_op(self) -> None:
        a, b = self.input.type, self.results[0].type
        if not (
            isinstance(a, RankedTensorType)
            and isinstance(b, RankedTensorType)
            and a.element_type is b.element_type
        ):
            raise self.error(f"operand type '{a}' and result type '{b}' are cast incompatible")


@llh_op
class TorchSymbolicIntOp(LLHOp):
    """A torch SymInt read from the FX graph (deprecated import path)."""

    __slots__ = ()
    OPERATION_NAME = "llh.torch_symbolic_int"
    SUMMARY = "a torch symbolic integer"
    RESULTS = (ResultDef("result", LLH_INT64),)
    PROPERTIES = (PropDef("sym_name", UNTYPED_STRING_ATTR),)

    @classmethod
    def build(cls, name: str, location: LocationAttr = UNKNOWN_LOC) -> TorchSymbolicIntOp:
        return cls.create_op(
            result_types=(i64,), properties={"sym_name": StringAttr(name)}, location=location
        )


@llh_op
class SymbolicBindOp(LLHOp):
    """`"llh.symbolic_bind"(%t, %s...) <{expressions = affine_map<()[s0] -> (1, 3, s0, s0)>}>`:
    the shape of `%t` is `expressions` with its symbols bound to `bind_symbols` (deprecated import
    path; the discardable unit attribute `stop_run` protects it from remove-redundant-ops)."""

    __slots__ = ()
    OPERATION_NAME = "llh.symbolic_bind"
    SUMMARY = "bind a tensor's shape to torch symbol expressions"
    OPERANDS = (
        OperandDef("operand", LLH_SYMBOLIC),
        OperandDef("bind_symbols", LLH_INT64, variadic=True),
    )
    # `operand` is `Operation.operand(i)`: the accessor is `input`.
    ALIASES = {"input": "operand"}
    PROPERTIES = (PropDef("expressions", AFFINE_MAP_ATTR),)

    @classmethod
    def build(
        cls,
        operand: Value,
        bind_symbols: Sequence[Value],
        expressions: AffineMap,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> SymbolicBindOp:
        return cls.create_op(
            (operand, *bind_symbols),
            properties={"expressions": AffineMapAttr(expressions)},
            location=location,
        )

    def verify_op(self) -> None:
        amap: AffineMap = self.properties["expressions"].map  # type: ignore[attr-defined]
        if amap.num_dims != 0:
            raise self.error(
                f"'expressions' must use symbols only, but it has {amap.num_dims} dimensions"
            )
        nbind = self.num_operands - 1
        if nbind > amap.num_symbols:
            raise self.error(
                f"has {nbind} bind symbols but 'expressions' declares only {amap.num_symbols}"
            )
        t = self.input.type
        shape = ranked_shape(t)
        if shape is None:
            if t is i64 and amap.num_results != 1:
                raise self.error(
                    f"'expressions' has {amap.num_results} results but an integer needs 1"
                )
            return
        if amap.num_results != len(shape):
            raise self.error(
                f"'expressions' has {amap.num_results} results but the operand has rank "
                f"{len(shape)}"
            )
        for i, (expr, size) in enumerate(zip(amap.results, shape)):
            if isinstance(expr, AffineConstantExpr) and size != DYNAMIC and expr.value != size:
                raise self.error(
                    f"dimension {i} has static size {size} but 'expressions' gives {expr.value}"
                )


@llh_op
class AotOp(LLHOp):
    """Marker for an ahead-of-time compiled call (no semantics)."""

    __slots__ = ()
    OPERATION_NAME = "llh.aot"
    SUMMARY = "ahead-of-time compiled call"
    OPERANDS = (OperandDef("inputs", LLH_COMPUTABLE, variadic=True),)
    RESULTS = (ResultDef("outputs", LLH_COMPUTABLE, variadic=True),)
    PROPERTIES = (PropDef("name", UNTYPED_STRING_ATTR),)
    # `name` is the op's name (`Operation.name`): the property reads as `callee`.
    ALIASES = {"callee": "name"}

    @classmethod
    def build(
        cls,
        name: str,
        inputs: Sequence[Value],
        result_types: Sequence[Type],
        location: LocationAttr = UNKNOWN_LOC,
    ) -> AotOp:
        return cls.create_op(
            inputs, result_types, properties={"name": StringAttr(name)}, location=location
        )
