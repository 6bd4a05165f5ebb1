"""Declarative op definitions: operand/result/property specs, type constraints, traits, dialects.

An op is a slotted `Operation` subclass whose class body states its facts (MLIR's ODS, xDSL style):

    @register
    class AddOp(Operation):
        __slots__ = ()
        OPERATION_NAME = "llh.add"
        SUMMARY = "elementwise addition"
        OPERANDS = (OperandDef("lhs", COMPUTABLE), OperandDef("rhs", COMPUTABLE))
        RESULTS = (ResultDef("result", COMPUTABLE),)
        PROPERTIES = (PropDef("symbol", FlatSymbolRefKind, optional=True),)
        TRAITS = (Pure, SameOperandsAndResultElementType)

        def verify_op(self) -> None: ...

The generic verification of these specs is `verify_op_definition`; the IR walk is ``verifier.py``.
"""

from __future__ import annotations

from keyword import iskeyword
from typing import Any, ClassVar
from collections.abc import Callable, Sequence

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    Attribute,
    DenseArrayAttr,
    DenseElementsAttr,
    DictionaryAttr,
    FloatAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
)
from llh_opt.ir.core import OP_CLASSES, Operation
from llh_opt.ir.types import (
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    RankedTensorType,
    ShapedType,
    Type,
    UnrankedTensorType,
    f32,
    f64,
    i1,
    i32,
    i64,
)

# --------------------------------------------------------------------------- errors


class VerifyError(DiagnosticError):
    """A verifier failure at an op: renders as `loc: error: 'name' op message`."""

    def __init__(self, op: Operation, message: str, notes: Sequence[Diagnostic] = ()) -> None:
        loc = op.location.file_loc() if op.location is not None else None
        diag = Diagnostic(Severity.ERROR, f"'{op.name}' op {message}", loc)
        for n in notes:
            diag.notes.append(n)
        super().__init__(diag)
        self.op = op


def op_error(op: Operation, message: str) -> VerifyError:
    return VerifyError(op, message)


WARNING_SINKS: list[Callable[[Diagnostic], object]] = []
_WARNING_COUNT = [0]
"""Where verifier warnings go: `verifier.verify(..., diagnostics=engine)` pushes `engine.emit`."""


def emit_warning(op: Operation, message: str) -> None:
    """A non-fatal verifier finding (`loc: warning: 'name' op message`), handed to the innermost
    sink in `WARNING_SINKS`; dropped when verification runs without one (e.g. after each pass)."""
    _WARNING_COUNT[0] += 1
    if WARNING_SINKS:
        loc = op.location.file_loc() if op.location is not None else None
        WARNING_SINKS[-1](Diagnostic(Severity.WARNING, f"'{op.name}' op {message}", loc))


# --------------------------------------------------------------------------- type constraints


class TypeConstraint:
    """A named predicate on types; `description` is what diagnostics say the type must be."""

    __slots__ = ("description", "predicate")

    def __init__(self, description: str, predicate: Callable[[Type], bool]) -> None:
        self.description = description
        self.predicate = predicate

    def __call__(self, t: Type) -> bool:
        return self.predicate(t)

    def __or__(self, other: TypeConstraint) -> TypeConstraint:
        return TypeConstraint(
            f"{self.description} or {other.description}", lambda t: self(t) or other(t)
        )


ANY_TYPE = TypeConstraint("any type", lambda t: True)
I64 = TypeConstraint("64-bit signless integer", lambda t: t is i64)
I1 = TypeConstraint("1-bit signless integer", lambda t: t is i1)
INDEX = TypeConstraint("index", lambda t: isinstance(t, IndexType))
ANY_INTEGER = TypeConstraint("integer", lambda t: isinstance(t, IntegerType))
SIGNLESS_INTEGER = TypeConstraint(
    "signless integer", lambda t: isinstance(t, IntegerType) and t.signedness == 0
)
SIGNLESS_INTEGER_OR_INDEX = TypeConstraint(
    "signless integer or index",
    lambda t: isinstance(t, IndexType) or (isinstance(t, IntegerType) and t.signedness == 0),
)
ANY_FLOAT = TypeConstraint("floating-point", lambda t: isinstance(t, FloatType))
ANY_TENSOR = TypeConstraint(
    "tensor of any type values", lambda t: isinstance(t, (RankedTensorType, UnrankedTensorType))
)
ANY_RANKED_TENSOR = TypeConstraint(
    "ranked tensor of any type values", lambda t: isinstance(t, RankedTensorType)
)


def tensor_of(elem: TypeConstraint, description: str | None = None) -> TypeConstraint:
    return TypeConstraint(
        description or f"tensor of {elem.description} values",
        lambda t: isinstance(t, (RankedTensorType, UnrankedTensorType)) and elem(t.element_type),
    )


def shaped_or_scalar(elem: TypeConstraint, description: str) -> TypeConstraint:
    """`elem`, or a tensor/vector of `elem` (MLIR's "-like" constraints)."""
    return TypeConstraint(
        description,
        lambda t: elem(t) or (isinstance(t, ShapedType) and elem(t.element_type)),
    )


# --------------------------------------------------------------------------- attribute kinds


class AttrKind:
    """What a property/attribute must be: an attribute class plus an optional extra predicate."""

    __slots__ = ("description", "classes", "predicate")

    def __init__(
        self,
        description: str,
        classes: type | tuple[type, ...],
        predicate: Callable[[Any], bool] | None = None,
    ) -> None:
        self.description = description
        self.classes = classes
        self.predicate = predicate

    def __call__(self, a: Attribute) -> bool:
        return isinstance(a, self.classes) and (self.predicate is None or self.predicate(a))


ANY_ATTR = AttrKind("any attribute", Attribute)
I64_ATTR = AttrKind("64-bit signless integer attribute", IntegerAttr, lambda a: a.type is i64)
INTEGER_ATTR = AttrKind("integer attribute", IntegerAttr)
BOOL_ATTR = AttrKind("bool attribute", IntegerAttr, lambda a: a.type is i1)
F64_ATTR = AttrKind("64-bit float attribute", FloatAttr, lambda a: a.type is f64)
F32_ATTR = AttrKind("32-bit float attribute", FloatAttr, lambda a: a.type is f32)
FLOAT_ATTR = AttrKind("float attribute", FloatAttr)
STRING_ATTR = AttrKind("string attribute", StringAttr)
SYMBOL_NAME_ATTR = AttrKind("string attribute", StringAttr)
# A string without a `: type` (LLH's string properties; the message is MLIR's StrAttr's).
UNTYPED_STRING_ATTR = AttrKind("string attribute", StringAttr, lambda a: a.type is None)
FLAT_SYMBOL_REF_ATTR = AttrKind(
    "flat symbol reference attribute", SymbolRefAttr, lambda a: not a.nested
)
SYMBOL_REF_ATTR = AttrKind("symbol reference attribute", SymbolRefAttr)
FLAT_SYMBOL_REF_ARRAY_ATTR = AttrKind(
    "flat symbol ref array attribute",
    ArrayAttr,
    lambda a: all(isinstance(x, SymbolRefAttr) and not x.nested for x in a.value),
)
UNIT_ATTR = AttrKind("unit attribute", UnitAttr)
TYPE_ATTR = AttrKind("type attribute", TypeAttr)
FUNCTION_TYPE_ATTR = AttrKind(
    "type attribute of function type", TypeAttr, lambda a: isinstance(a.type, FunctionType)
)
ARRAY_ATTR = AttrKind("array attribute", ArrayAttr)
DICT_ARRAY_ATTR = AttrKind(
    "Array of dictionary attributes",
    ArrayAttr,
    lambda a: all(isinstance(x, DictionaryAttr) for x in a.value),
)
DICT_ATTR = AttrKind("dictionary of named attribute values", DictionaryAttr)
DENSE_I64_ARRAY_ATTR = AttrKind(
    "i64 dense array attribute", DenseArrayAttr, lambda a: a.element_type is i64
)
DENSE_I32_ARRAY_ATTR = AttrKind(
    "i32 dense array attribute", DenseArrayAttr, lambda a: a.element_type is i32
)
ELEMENTS_ATTR = AttrKind("constant vector/tensor attribute", DenseElementsAttr)
AFFINE_MAP_ATTR = AttrKind("AffineMap attribute", AffineMapAttr)
TYPED_ATTR = AttrKind("typed attribute", (IntegerAttr, FloatAttr, DenseElementsAttr))


# --------------------------------------------------------------------------- specs


class OperandDef:
    __slots__ = ("name", "constraint", "variadic", "optional")

    def __init__(
        self,
        name: str,
        constraint: TypeConstraint = ANY_TYPE,
        variadic: bool = False,
        optional: bool = False,
    ) -> None:
        self.name = name
        self.constraint = constraint
        self.variadic = variadic
        self.optional = optional


class ResultDef(OperandDef):
    __slots__ = ()


class PropDef:
    """An inherent attribute. `default` is used when absent (and not printed unless stored)."""

    __slots__ = ("name", "kind", "optional", "default")

    def __init__(
        self,
        name: str,
        kind: AttrKind = ANY_ATTR,
        optional: bool = False,
        default: Attribute | None = None,
    ) -> None:
        self.name = name
        self.kind = kind
        self.optional = optional or default is not None
        self.default = default


# --------------------------------------------------------------------------- traits


class Trait:
    """A reusable property of ops; `verify` runs after the spec checks."""

    @staticmethod
    def verify(op: Operation) -> None:
        return None


class Pure(Trait):
    """No side effects: erasable when unused, CSE-able."""


class ConstantLike(Trait):
    """Materializes a constant, held in its `value` property (what its `fold` returns; read by
    `constant_like_value`); hoisted and de-duplicated by the greedy driver."""


class Commutative(Trait):
    """MLIR's `IsCommutative`: operand order does not matter (CSE compares operands as a
    multiset; canonicalization may reorder them)."""


class IsTerminator(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        b = op.parent
        if b is not None and b.last is not op:
            raise op_error(op, "must be the last operation in the parent block")


class NoTerminator(Trait):
    """Single-block regions whose block needs no terminator."""


class SingleBlock(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        for i, r in enumerate(op.regions):
            if len(r.blocks) > 1:
                raise op_error(op, f"expects region #{i} to have 0 or 1 blocks")


class IsolatedFromAbove(Trait):
    """Regions may not use values defined outside the op (checked by the verifier)."""


class SymbolTrait(Trait):
    """Defines a symbol through its `sym_name` string property; nested directly in a symbol
    table (or an unregistered op), as MLIR's `SymbolOpInterface` verifies."""

    @staticmethod
    def verify(op: Operation) -> None:
        name = op.properties.get("sym_name")
        if not isinstance(name, StringAttr):
            raise op_error(op, "requires string attribute 'sym_name'")
        parent = op.parent_op
        if parent is None or not parent.registered:
            return
        traits = getattr(type(op), "TRAIT_SET", ())
        if any(issubclass(t, HasParent) for t in traits):
            return  # its `has_parent` check names the parents it allows
        if SymbolTableTrait not in getattr(type(parent), "TRAIT_SET", ()):
            raise op_error(op, "symbol's parent must have the SymbolTable trait")


class SymbolTableTrait(Trait):
    """Its single region's symbols must have unique names (checked by the verifier)."""


class GraphRegion(Trait):
    """Regions are graph regions: no SSA dominance required (e.g. builtin.module)."""


class HasParent(Trait):
    """Declare with `has_parent("func.func")`."""

    parents: ClassVar[tuple[str, ...]] = ()


def has_parent(*names: str) -> type[Trait]:
    def verify(op: Operation) -> None:
        p = op.parent_op
        if p is None or p.name not in names:
            expect = ", ".join(f"'{n}'" for n in names)
            raise op_error(
                op, f"expects parent op {'to be one of ' if len(names) > 1 else ''}{expect}"
            )

    return type("HasParent", (HasParent,), {"parents": names, "verify": staticmethod(verify)})


class SameOperandsAndResultType(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        types = op.operand_types + op.result_types
        if types and any(t is not types[0] for t in types):
            raise op_error(op, "requires the same type for all operands and results")


class SameOperandsAndResultElementType(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        from llh_opt.ir.types import element_type_of

        types = op.operand_types + op.result_types
        if not types:
            return
        e0 = element_type_of(types[0])
        if any(element_type_of(t) is not e0 for t in types[1:]):
            raise op_error(op, "requires the same element type for all operands and results")


class SameOperandsAndResultRank(Trait):
    @staticmethod
    def verify(op: Operation) -> None:
        ranks = {
            len(t.shape)
            for t in op.operand_types + op.result_types
            if isinstance(t, ShapedType) and t.has_rank
        }
        if len(ranks) > 1:
            raise op_error(op, "requires the same rank for all operands and results")


class AttrSizedOperandSegments(Trait):
    """MLIR's AttrSizedOperandSegments: the `operandSegmentSizes` property (`array<i32: ...>`, one
    entry per OperandDef) sizes the operand groups, so several groups may be variadic."""


def operand_segment_sizes(op: Operation) -> tuple[int, ...]:
    """The `operandSegmentSizes` of an AttrSizedOperandSegments op, checked with MLIR's messages."""
    defs = type(op).OPERANDS
    attr = op.properties.get("operandSegmentSizes")
    if not isinstance(attr, DenseArrayAttr) or attr.element_type is not i32:
        raise op_error(op, "requires attribute 'operandSegmentSizes'")
    sizes = attr.values
    if len(sizes) != len(defs):
        raise op_error(
            op,
            "'operandSegmentSizes' attribute for specifying operand segments must have "
            f"{len(defs)} elements, but got {len(sizes)}",
        )
    if any(n < 0 for n in sizes):
        raise op_error(op, "'operandSegmentSizes' attribute cannot have negative elements")
    if sum(sizes) != len(op.operand_uses):
        raise op_error(
            op,
            f"operand count ({len(op.operand_uses)}) does not match with the total size "
            f"({sum(sizes)}) specified in attribute 'operandSegmentSizes'",
        )
    start = 0
    for d, n in zip(defs, sizes):
        if d.optional and not d.variadic and n > 1:
            raise op_error(
                op, f"operand group starting at #{start} requires 0 or 1 element, but found {n}"
            )
        if not (d.optional or d.variadic) and n != 1:
            raise op_error(
                op, f"operand group starting at #{start} requires 1 element, but found {n}"
            )
        start += n
    return sizes


# --------------------------------------------------------------------------- dialects and registry


class Dialect:
    """A registered dialect namespace and its hooks (MLIR's `Dialect` and dialect interfaces).

    `parse_attribute(body, loc)` receives the text after `#ns` (e.g. `.encoding<shapes = @s0>`);
    `parse_type(body, loc)` the text after `!ns`. Both return structured values or raise
    `DiagnosticError`. `allows_unknown_ops`: ops of the namespace without a class are accepted.

    Hooks generic layers call instead of naming dialects (a dialect overrides them in a subclass):

    - `materialize_constant(value, type, location, origin)`: MLIR's
      `Dialect::materializeConstant` -- an unattached constant op of this dialect holding the
      folded `value` with result `type`, or None (the fold is then dropped);
    - `inlinable` / `is_legal_to_inline(op)`: MLIR's `DialectInlinerInterface` that accepts every
      op and region of the dialect (the inliner refuses ops of dialects without one)."""

    __slots__ = ("allows_unknown_ops", "inlinable", "name", "parse_attribute", "parse_type")

    def __init__(
        self,
        name: str,
        parse_attribute: Callable[[str, Any], Attribute] | None = None,
        parse_type: Callable[[str, Any], Type] | None = None,
        allows_unknown_ops: bool = False,
        inlinable: bool = False,
    ) -> None:
        self.name = name
        self.parse_attribute = parse_attribute
        self.parse_type = parse_type
        self.allows_unknown_ops = allows_unknown_ops
        self.inlinable = inlinable

    def materialize_constant(
        self, value: Attribute, type: Type, location: Any, origin: Operation | None = None
    ) -> Operation | None:
        """A new, unattached constant op of this dialect holding `value` as a `type` result at
        `location`; None when the dialect has no constant for it. `origin` is the op being folded
        (a dialect may carry facts over from it). The default builds nothing."""
        return None

    def is_legal_to_inline(self, op: Operation) -> bool:
        """Whether `op` (an op of this dialect, possibly the parent of the inlined region) may
        take part in inlining: the `inlinable` flag."""
        return self.inlinable


DIALECTS: dict[str, Dialect] = {}


def lookup_dialect(namespace: str) -> Dialect | None:
    """The registered `Dialect` of `namespace`, loading the dialect first if it is one not
    loaded yet (`llh_opt.ir.core.lookup_op`'s loader); None if it has none."""
    d = DIALECTS.get(namespace)
    if d is None and load_dialect(namespace):
        d = DIALECTS.get(namespace)
    return d


def load_all_dialects() -> None:
    """Load every dialect the installed loader knows (for listings of the whole registry)."""
    from llh_opt.ir import core

    if core._all_dialects_loader is not None:
        core._all_dialects_loader()


def load_dialect(namespace: str) -> bool:
    """Load dialect `namespace` through the installed loader; True if it was loaded just now."""
    from llh_opt.ir import core

    loader = core._dialect_loader
    return loader is not None and loader(namespace)


def register_dialect(dialect: Dialect) -> Dialect:
    DIALECTS[dialect.name] = dialect
    return dialect


def register(cls: type[Operation]) -> type[Operation]:
    """Class decorator: add a declared op class to the registry."""
    name = cls.OPERATION_NAME
    assert name and "." in name, f"{cls.__name__} needs OPERATION_NAME"
    assert "__slots__" in cls.__dict__, f"{cls.__name__} must declare __slots__ = ()"
    cls.registered = True
    # Pre-compute the spec facts the verifier and parser need.
    cls.PROPERTY_NAMES = frozenset(p.name for p in cls.PROPERTIES)
    cls.TRAIT_SET = frozenset(_all_traits(cls.TRAITS))
    _define_accessors(cls)
    OP_CLASSES[name] = cls
    return cls


# --------------------------------------------------------------------------- named accessors


class Accessor(property):
    """A named accessor generated from a spec (`op.lhs`, `op.bias`, `op.kernel_shape`); a class
    may override it with its own method of the same name."""


def _define_accessors(cls: type[Operation]) -> None:
    """Generate ODS-style accessors from the class's OPERANDS, RESULTS and PROPERTIES.

    A single operand/result reads as a `Value`, an optional one as `Value | None`, a variadic one
    as `list[Value]`; a property reads as its `Attribute` (the declared default when absent, None
    when optional). Names the class (or `Operation`) already defines are left alone, and so are
    names Python cannot spell as attributes (`in`); `ALIASES` (alias → spec name) adds readable
    names for those and for terse spec names (conv's `X` → `input`)."""
    segmented = AttrSizedOperandSegments in cls.TRAIT_SET
    aliases: dict[str, list[str]] = {}
    for alias, target in cls.ALIASES.items():
        aliases.setdefault(target, []).append(alias)
    for defs, kind in ((cls.OPERANDS, "operand"), (cls.RESULTS, "result")):
        for index, d in enumerate(defs):
            for name in (d.name, *aliases.get(d.name, ())):
                if _taken(cls, name) or not name.isidentifier() or iskeyword(name):
                    continue
                getter = _value_getter(defs, index, kind, segmented)
                setattr(cls, name, Accessor(getter, doc=d.name))
    for p in cls.PROPERTIES:
        for name in (p.name, *aliases.get(p.name, ())):
            if _taken(cls, name) or not name.isidentifier() or iskeyword(name):
                continue
            setattr(cls, name, Accessor(_prop_getter(p), doc=p.name))


def _taken(cls: type, name: str) -> bool:
    for klass in cls.__mro__:
        found = klass.__dict__.get(name)
        if found is not None:
            return not isinstance(found, Accessor)
    return False


def _value_getter(
    defs: Sequence[OperandDef], index: int, kind: str, segmented: bool
) -> Callable[[Operation], Any]:
    d = defs[index]
    flexible = [i for i, x in enumerate(defs) if x.variadic or x.optional]
    if not flexible:
        if kind == "operand":
            return lambda op: op.operand_uses[index].value
        return lambda op: op.results[index]
    if len(flexible) == 1 and not (segmented and kind == "operand"):
        return _single_group_getter(d, index, flexible[0], len(defs), kind)

    def getter(op: Operation) -> Any:
        values = op.operands if kind == "operand" else op.results
        sizes = None
        if segmented and kind == "operand":
            attr = op.properties.get("operandSegmentSizes")
            sizes = attr.values if isinstance(attr, DenseArrayAttr) else None
        layout = _segments(defs, len(values), sizes)
        if layout is None:
            raise ValueError(f"'{op.name}' has {len(values)} {kind}s, which do not fit its spec")
        _, start, n = layout[index]
        return _group_value(d, values[start : start + n])

    return getter


def _single_group_getter(
    d: OperandDef, index: int, flex: int, count: int, kind: str
) -> Callable[[Operation], Any]:
    """The accessor of def `index` when only def `flex` is variadic/optional: the defs before it
    sit at their index, those after it count from the end (no segment layout to compute)."""
    after = count - flex - 1
    if kind == "operand":
        if index < flex:
            return lambda op: op.operand_uses[index].value
        if index > flex:
            back = count - index
            return lambda op: op.operand_uses[len(op.operand_uses) - back].value
        return lambda op: _group_value(
            d, [u.value for u in op.operand_uses[flex : len(op.operand_uses) - after]]
        )
    if index < flex:
        return lambda op: op.results[index]
    if index > flex:
        back = count - index
        return lambda op: op.results[len(op.results) - back]
    return lambda op: _group_value(d, op.results[flex : len(op.results) - after])


def _group_value(d: OperandDef, group: Sequence[Any]) -> Any:
    """A group of values as its def reads: a list (variadic), the value or None (optional)."""
    if d.variadic:
        return list(group)
    if d.optional:
        return group[0] if group else None
    return group[0]


def _prop_getter(p: PropDef) -> Callable[[Operation], Attribute | None]:
    name, default = p.name, p.default
    return lambda op: op.properties.get(name, default)


def _all_traits(traits: Sequence[type[Trait]]) -> list[type[Trait]]:
    out: list[type[Trait]] = []
    for t in traits:
        out.extend(t.__mro__[: t.__mro__.index(Trait)])
    return out


def has_trait(op: Operation, trait: type[Trait]) -> bool:
    return trait in type(op).TRAIT_SET


# --------------------------------------------------------------------------- side effects


def is_memory_effect_free(op: Operation) -> bool:
    """MLIR's `isMemoryEffectFree`: a registered op declared `Pure` (or `NoMemoryEffect`).
    Unregistered ops and ops without declared effects (e.g. `func.call`) may have any effect."""
    return Pure in type(op).TRAIT_SET


def would_op_be_trivially_dead(op: Operation) -> bool:
    """MLIR's `wouldOpBeTriviallyDead`: erasable if unused -- memory-effect free, not a
    terminator (unregistered ops might be one) and not a symbol."""
    traits = type(op).TRAIT_SET
    return Pure in traits and IsTerminator not in traits and SymbolTrait not in traits


def is_op_trivially_dead(op: Operation) -> bool:
    """MLIR's `isOpTriviallyDead`: no result is used and `would_op_be_trivially_dead`."""
    for r in op.results:
        if r.uses:
            return False
    return would_op_be_trivially_dead(op)


# --------------------------------------------------------------------------- generic verification


def _segments(
    defs: Sequence[OperandDef], count: int, sizes: Sequence[int] | None = None
) -> list[tuple[OperandDef, int, int]] | None:
    """Map `count` actual values onto the defs; at most one variadic/optional def unless the
    group `sizes` are given (AttrSizedOperandSegments, already checked).
    Returns (def, start, length) or None when the count cannot fit."""
    if sizes is not None:
        starts = [sum(sizes[:i]) for i in range(len(sizes))]
        return list(zip(defs, starts, sizes))
    fixed = sum(1 for d in defs if not (d.variadic or d.optional))
    flexible = [d for d in defs if d.variadic or d.optional]
    if len(flexible) > 1:
        return None
    if not flexible:
        if count != fixed:
            return None
        return [(d, i, 1) for i, d in enumerate(defs)]
    extra = count - fixed
    if extra < 0:
        return None
    (flex,) = flexible
    if flex.optional and not flex.variadic and extra > 1:
        return None
    out = []
    pos = 0
    for d in defs:
        n = extra if d is flex else 1
        out.append((d, pos, n))
        pos += n
    return out


def _count_phrase(defs: Sequence[OperandDef], what: str) -> str:
    fixed = sum(1 for d in defs if not (d.variadic or d.optional))
    if any(d.variadic or d.optional for d in defs):
        return f"expected {fixed} or more {what}"
    return f"expected {fixed} {what}"


class _VerifyPlan:
    """Per-class facts for `verify_op_definition`, computed on first use (the verifier's hot
    path: ``test/unit/ir/test_verifier.py::test_large_function_is_linear``)."""

    __slots__ = (
        "operand_checks",
        "result_checks",
        "trait_verifiers",
        "verify_op",
        "memo",
        "memo_props",
    )

    def __init__(self, cls: type[Operation]) -> None:
        self.operand_checks = _fixed_checks(cls.OPERANDS)
        self.result_checks = _fixed_checks(cls.RESULTS)
        # Declaration order (deterministic), skipping traits with nothing to verify.
        verifiers: list[Callable[[Operation], None]] = []
        for trait in dict.fromkeys(_all_traits(cls.TRAITS)):
            fn = trait.__dict__.get("verify")
            if fn is not None and trait is not Trait:
                verifiers.append(trait.verify)
        self.trait_verifiers = tuple(verifiers)
        self.verify_op = cls.verify_op is not Operation.verify_op
        # Position-dependent traits (parent, terminator, symbol tables) rule memoization out.
        self.memo = (
            cls.VERIFY_MEMO
            and cls.NUM_REGIONS == 0
            and cls.NUM_SUCCESSORS == 0
            and not any(
                issubclass(t, (HasParent, IsTerminator, SymbolTrait)) for t in cls.TRAIT_SET
            )
        )
        # Properties the verifiers read only through a summary (see `VERIFY_MEMO_PROPS`).
        memo_props: dict[str, Callable[[Attribute], Any]] | None = getattr(
            cls, "VERIFY_MEMO_PROPS", None
        )
        self.memo_props = memo_props or None


def _fixed_checks(defs: Sequence[OperandDef]) -> tuple[TypeConstraint | None, ...] | None:
    """One constraint per position (None = any type) when no def is variadic/optional."""
    if any(d.variadic or d.optional for d in defs):
        return None
    return tuple(None if d.constraint is ANY_TYPE else d.constraint for d in defs)


_PLANS: dict[type, _VerifyPlan] = {}


_VERIFIED: set[tuple[Any, ...]] = set()
"""Signatures of ops already verified clean (see `_memo_key`)."""
_VERIFIED_OLD: set[tuple[Any, ...]] = set()
"""The previous generation of `_VERIFIED`: when `_VERIFIED` reaches `_VERIFIED_LIMIT` it becomes
this one (and a hit here is copied back), so signatures that repeat stay known while the ones
that never repeat (a `weight_file` per op) do not pile up for the life of the process."""
_VERIFIED_LIMIT = 1 << 12


def _memo_key(
    op: Operation, memo_props: dict[str, Callable[[Attribute], Any]] | None = None
) -> tuple[Any, ...]:
    """Everything a local verifier may read: class, operand types and constant operand values,
    result types, properties and attributes (all interned, so the tuple hashes cheaply). A
    property named in `memo_props` enters as its summary instead of its value (see
    `VERIFY_MEMO_PROPS`). No per-op allocation beyond the key's own tuples."""
    uses = op.operand_uses
    if uses:
        operands: list[Any] = []
        for u in uses:
            v = u.value
            operands.append(v.type)
            d = getattr(v, "op", None)
            if d is not None:
                c = _CONSTANT_LIKE.get(d.__class__)
                if c is None:
                    c = _constant_like_class(d.__class__)
                if c:
                    operands.append(d.properties.get("value"))
        okey: tuple[Any, ...] = tuple(operands)
    else:
        okey = ()
    results = op.results
    rkey = (results[0].type,) if len(results) == 1 else tuple([r.type for r in results])
    props = op.properties
    if not props:
        pkey: tuple[Any, ...] = ()
    elif memo_props is None:
        pkey = tuple(props.items())
    else:
        pkey = tuple(
            [(k, memo_props[k](a)) if k in memo_props else (k, a) for k, a in props.items()]
        )
    attrs = op._attributes  # not `op.attributes`: that would make the dict of every op
    return (op.__class__, okey, rkey, pkey, tuple(attrs.items()) if attrs else ())


_CONSTANT_LIKE: dict[type, bool] = {}
"""Per op class: whether it is `ConstantLike` (computed once per class, read on hot paths)."""


def _constant_like_class(cls: type) -> bool:
    r = _CONSTANT_LIKE[cls] = ConstantLike in getattr(cls, "TRAIT_SET", ())
    return r


def constant_like_value(op: Operation) -> Attribute | None:
    """The value of a `ConstantLike` op (its `value` property); None for any other op."""
    c = _CONSTANT_LIKE.get(op.__class__)
    if c is None:
        c = _constant_like_class(op.__class__)
    return op.properties.get("value") if c else None


def verify_op_definition(op: Operation) -> None:
    """Check a registered op against its declared specs and traits (MLIR's ODS verifier), in
    MLIR's order: region/result/successor/operand counts, attributes, operand types, result
    types, traits, then the op's own `verify_op`.

    Ops whose class sets `VERIFY_MEMO` (verification reads only the facts in `_memo_key`) are
    checked once per distinct signature: a ResNet graph repeats a few hundred signatures 100k
    times (guarded by tools/bench round-trip figures). A class whose ops differ in a property
    the verifiers only test (a weight's file name: non-empty?) names it in
    `VERIFY_MEMO_PROPS` with the summary they read, so those ops share signatures too."""
    cls = op.__class__
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _VerifyPlan(cls)
    if plan.memo:
        key = _memo_key(op, plan.memo_props)
        if key in _VERIFIED:
            return
        if key in _VERIFIED_OLD:
            _remember_verified(key)
            return
        warnings_before = _WARNING_COUNT[0]
        _verify_op_definition(op, cls, plan)
        if _WARNING_COUNT[0] == warnings_before:
            _remember_verified(key)
        return
    _verify_op_definition(op, cls, plan)


def _remember_verified(key: tuple[Any, ...]) -> None:
    global _VERIFIED, _VERIFIED_OLD
    if len(_VERIFIED) >= _VERIFIED_LIMIT:
        _VERIFIED_OLD = _VERIFIED
        _VERIFIED = set()
    _VERIFIED.add(key)


def _verify_op_definition(op: Operation, cls: type[Operation], plan: _VerifyPlan) -> None:
    uses = op.operand_uses
    results = op.results
    ochecks = plan.operand_checks
    rchecks = plan.result_checks
    sizes = operand_segment_sizes(op) if AttrSizedOperandSegments in cls.TRAIT_SET else None
    if (
        (cls.NUM_REGIONS >= 0 and len(op.regions) != cls.NUM_REGIONS)
        or len(op.successors) != cls.NUM_SUCCESSORS
        or (
            len(results) != len(rchecks)
            if rchecks is not None
            else _segments(cls.RESULTS, len(results)) is None
        )
        or (
            len(uses) != len(ochecks)
            if ochecks is not None
            else _segments(cls.OPERANDS, len(uses), sizes) is None
        )
    ):
        _raise_count_error(op)
    props = op.properties
    for p in cls.PROPERTIES:
        a = props.get(p.name)
        if a is None:
            if not p.optional:
                raise op_error(op, f"requires attribute '{p.name}'")
            continue
        if not p.kind(a):
            raise op_error(
                op, f"attribute '{p.name}' failed to satisfy constraint: {p.kind.description}"
            )
    if props:
        for name in props:
            if name not in cls.PROPERTY_NAMES:
                raise op_error(op, f"has unknown property '{name}'")
    if ochecks is not None:
        for i, c in enumerate(ochecks):
            if c is not None and not c(uses[i].value.type):
                t = uses[i].value.type
                raise op_error(op, f"operand #{i} must be {c.description}, but got '{t}'")
    else:
        values = op.operands
        for d, start, n in _segments(cls.OPERANDS, len(values), sizes) or ():
            for i in range(start, start + n):
                t = values[i].type
                if not d.constraint(t):
                    raise op_error(
                        op, f"operand #{i} must be {d.constraint.description}, but got '{t}'"
                    )
    if rchecks is not None:
        for i, c in enumerate(rchecks):
            if c is not None and not c(results[i].type):
                t = results[i].type
                raise op_error(op, f"result #{i} must be {c.description}, but got '{t}'")
    else:
        rtypes = op.result_types
        for d, start, n in _segments(cls.RESULTS, len(rtypes)) or ():
            for i in range(start, start + n):
                if not d.constraint(rtypes[i]):
                    raise op_error(
                        op, f"result #{i} must be {d.constraint.description}, but got '{rtypes[i]}'"
                    )
    for verify_trait in plan.trait_verifiers:
        verify_trait(op)
    if plan.verify_op:
        op.verify_op()


def _raise_count_error(op: Operation) -> None:
    """MLIR's structural-trait messages (ZeroRegions/OneRegion, OneResult, NOperands, ...),
    checked in MLIR's trait order: regions, results, successors, operands."""
    cls = type(op)
    n, want = len(op.regions), cls.NUM_REGIONS
    if want >= 0 and n != want:  # -1: variadic regions (checked by the op)
        if want == 0:
            raise op_error(op, "requires zero regions")
        if want == 1:
            raise op_error(op, "requires one region")
        raise op_error(op, f"expected {want} regions")
    _check_count(op, cls.RESULTS, len(op.results), "result")
    n, want = len(op.successors), cls.NUM_SUCCESSORS
    if n != want:
        raise op_error(op, f"requires {want} successor{'' if want == 1 else 's'} but found {n}")
    _check_count(op, cls.OPERANDS, len(op.operand_uses), "operand")


def _check_count(op: Operation, defs: Sequence[OperandDef], count: int, what: str) -> None:
    fixed = sum(1 for d in defs if not (d.variadic or d.optional))
    if any(d.variadic or d.optional for d in defs):
        if _segments(defs, count) is None:
            found = f", but found {count}" if what == "operand" else ""
            raise op_error(op, f"expected {fixed} or more {what}s{found}")
        return
    if count == fixed:
        return
    if fixed == 0:
        raise op_error(op, f"requires zero {what}s")
    if fixed == 1:
        raise op_error(
            op, "requires a single operand" if what == "operand" else "requires one result"
        )
    found = f", but found {count}" if what == "operand" else ""
    raise op_error(op, f"expected {fixed} {what}s{found}")


def get_prop(op: Operation, name: str) -> Attribute | None:
    """A property's value, falling back to the declared default."""
    a = op.properties.get(name)
    if a is not None:
        return a
    for p in type(op).PROPERTIES:
        if p.name == name:
            return p.default
    return None


def split_inherent(cls: type[Operation], attrs: dict[str, Attribute]) -> dict[str, Attribute]:
    """Move a registered op's inherent attributes written in `{...}` into properties (as MLIR
    does for the generic form without `<{...}>`). Returns the properties dict."""
    names = cls.PROPERTY_NAMES
    props = {}
    for k in list(attrs):
        if k in names:
            props[k] = attrs.pop(k)
    return props
