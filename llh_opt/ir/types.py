"""Builtin MLIR types: immutable, interned, printing themselves in MLIR's spelling.

Structured dialect types (``!llh....``) are built by dialect hooks; unregistered ones are `OpaqueType`.
Attributes live in ``attributes.py``; the op/region/value graph in ``core.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llh_opt.ir.interned import Interned

if TYPE_CHECKING:
    from llh_opt.ir.attributes import Attribute

DYNAMIC = -1
"""The stored size of a `?` dimension."""

SIGNLESS, SIGNED, UNSIGNED = 0, 1, 2


class Type(Interned):
    """Base of every type. Instances are interned: equality is identity."""

    __slots__ = ()

    def text(self, aliases: dict[Any, str] | None) -> str:
        """The spelling with attribute aliases substituted (`aliases` maps attribute → `#name`)."""
        if aliases is None or not self.may_alias:
            return str(self)
        return self.render(aliases)

    # Interned: default identity equality/hash is correct and fastest.


def _alias_of(items: tuple[Any, ...]) -> bool:
    return any(getattr(x, "may_alias", False) for x in items)


class IntegerType(Type):
    __slots__ = ("width", "signedness")

    def __new__(cls, width: int, signedness: int = SIGNLESS) -> IntegerType:
        key = (width, signedness)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init()
            self.width = width
            self.signedness = signedness
            cls._cache[key] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        return ("i", "si", "ui")[self.signedness] + str(self.width)

    @property
    def is_signless(self) -> bool:
        return self.signedness == SIGNLESS


class IndexType(Type):
    __slots__ = ()

    def __new__(cls) -> IndexType:
        return cls.singleton()

    def render(self, aliases: dict[Any, str] | None) -> str:
        return "index"


FLOAT_TYPE_NAMES = frozenset(
    (
        "bf16",
        "f16",
        "f32",
        "f64",
        "f80",
        "f128",
        "tf32",
        "f8E5M2",
        "f8E4M3",
        "f8E4M3FN",
        "f8E5M2FNUZ",
        "f8E4M3FNUZ",
        "f8E4M3B11FNUZ",
        "f8E3M4",
        "f4E2M1FN",
        "f6E2M3FN",
        "f6E3M2FN",
        "f8E8M0FNU",
    )
)


class FloatType(Type):
    __slots__ = ("name",)

    def __new__(cls, name: str) -> FloatType:
        self = cls._cache.get(name)
        if self is None:
            self = object.__new__(cls)
            self._init()
            self.name = name
            cls._cache[name] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        return self.name


class NoneType(Type):
    __slots__ = ()

    def __new__(cls) -> NoneType:
        return cls.singleton()

    def render(self, aliases: dict[Any, str] | None) -> str:
        return "none"


class ComplexType(Type):
    __slots__ = ("element_type",)

    def __new__(cls, element_type: Type) -> ComplexType:
        self = cls._cache.get(element_type)
        if self is None:
            self = object.__new__(cls)
            self._init(element_type.may_alias)
            self.element_type = element_type
            cls._cache[element_type] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        return f"complex<{self.element_type.text(aliases)}>"

    def children(self) -> tuple[Type, ...]:
        return (self.element_type,)


class TupleType(Type):
    __slots__ = ("types",)

    def __new__(cls, types: tuple[Type, ...]) -> TupleType:
        self = cls._cache.get(types)
        if self is None:
            self = object.__new__(cls)
            self._init(_alias_of(types))
            self.types = types
            cls._cache[types] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        return "tuple<" + ", ".join(t.text(aliases) for t in self.types) + ">"

    def children(self) -> tuple[Type, ...]:
        return self.types


def _dims_prefix(shape: tuple[int, ...]) -> str:
    return "".join(("?x" if d == DYNAMIC else f"{d}x") for d in shape)


class ShapedType(Type):
    """Common base of vector, tensor and memref types."""

    __slots__ = ("shape", "element_type")

    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def has_rank(self) -> bool:
        return True

    @property
    def has_static_shape(self) -> bool:
        return DYNAMIC not in self.shape

    @property
    def num_elements(self) -> int:
        n = 1
        for d in self.shape:
            n *= d
        return n


class VectorType(ShapedType):
    __slots__ = ("scalable",)

    def __new__(
        cls, shape: tuple[int, ...], element_type: Type, scalable: tuple[bool, ...] | None = None
    ) -> VectorType:
        if scalable is not None and not any(scalable):
            scalable = None
        key = (shape, element_type, scalable)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init(element_type.may_alias)
            self.shape = shape
            self.element_type = element_type
            self.scalable = scalable
            cls._cache[key] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        if self.scalable is None:
            dims = _dims_prefix(self.shape)
        else:
            dims = "".join((f"[{d}]x" if s else f"{d}x") for d, s in zip(self.shape, self.scalable))
        return f"vector<{dims}{self.element_type.text(aliases)}>"

    def children(self) -> tuple[Type, ...]:
        return (self.element_type,)


class RankedTensorType(ShapedType):
    __slots__ = ("encoding",)

    def __new__(
        cls, shape: tuple[int, ...], element_type: Type, encoding: Attribute | None = None
    ) -> RankedTensorType:
        key = (shape, element_type, encoding)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init(element_type.may_alias or (encoding is not None and encoding.may_alias))
            self.shape = shape
            self.element_type = element_type
            self.encoding = encoding
            cls._cache[key] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        enc = self.encoding
        elt = self.element_type.text(aliases)
        if enc is None:
            return f"tensor<{_dims_prefix(self.shape)}{elt}>"
        return f"tensor<{_dims_prefix(self.shape)}{elt}, {enc.text(aliases)}>"

    def children(self) -> tuple[Any, ...]:
        if self.encoding is None:
            return (self.element_type,)
        return (self.element_type, self.encoding)

    def with_encoding(self, encoding: Attribute | None) -> RankedTensorType:
        return RankedTensorType(self.shape, self.element_type, encoding)

    def with_shape(self, shape: tuple[int, ...]) -> RankedTensorType:
        return RankedTensorType(shape, self.element_type, self.encoding)


class UnrankedTensorType(ShapedType):
    __slots__ = ()

    def __new__(cls, element_type: Type) -> UnrankedTensorType:
        self = cls._cache.get(element_type)
        if self is None:
            self = object.__new__(cls)
            self._init(element_type.may_alias)
            self.shape = ()
            self.element_type = element_type
            cls._cache[element_type] = self
        return self

    @property
    def has_rank(self) -> bool:
        return False

    @property
    def rank(self) -> int:
        raise ValueError("unranked tensor has no rank")

    def render(self, aliases: dict[Any, str] | None) -> str:
        return f"tensor<*x{self.element_type.text(aliases)}>"

    def children(self) -> tuple[Type, ...]:
        return (self.element_type,)


class MemRefType(ShapedType):
    __slots__ = ("layout", "memory_space")

    def __new__(
        cls,
        shape: tuple[int, ...],
        element_type: Type,
        layout: Attribute | None = None,
        memory_space: Attribute | None = None,
    ) -> MemRefType:
        key = (shape, element_type, layout, memory_space)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init(_alias_of((element_type, layout, memory_space)))
            self.shape = shape
            self.element_type = element_type
            self.layout = layout
            self.memory_space = memory_space
            cls._cache[key] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        parts = [_dims_prefix(self.shape) + self.element_type.text(aliases)]
        if self.layout is not None:
            parts.append(self.layout.text(aliases))
        if self.memory_space is not None:
            parts.append(self.memory_space.text(aliases, True))  # `1`, not `1 : i64`
        return "memref<" + ", ".join(parts) + ">"

    def children(self) -> tuple[Any, ...]:
        return tuple(x for x in (self.element_type, self.layout, self.memory_space) if x)


class UnrankedMemRefType(ShapedType):
    __slots__ = ("memory_space",)

    def __new__(
        cls, element_type: Type, memory_space: Attribute | None = None
    ) -> UnrankedMemRefType:
        key = (element_type, memory_space)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init(_alias_of((element_type, memory_space)))
            self.shape = ()
            self.element_type = element_type
            self.memory_space = memory_space
            cls._cache[key] = self
        return self

    @property
    def has_rank(self) -> bool:
        return False

    def render(self, aliases: dict[Any, str] | None) -> str:
        ms = "" if self.memory_space is None else ", " + self.memory_space.text(aliases, True)
        return f"memref<*x{self.element_type.text(aliases)}{ms}>"

    def children(self) -> tuple[Any, ...]:
        return tuple(x for x in (self.element_type, self.memory_space) if x)


class FunctionType(Type):
    __slots__ = ("inputs", "results")

    def __new__(cls, inputs: tuple[Type, ...], results: tuple[Type, ...]) -> FunctionType:
        key = (inputs, results)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init(_alias_of(inputs) or _alias_of(results))
            self.inputs = inputs
            self.results = results
            cls._cache[key] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        ins = ", ".join(t.text(aliases) for t in self.inputs)
        return f"({ins}) -> {format_result_types(self.results, aliases)}"

    def children(self) -> tuple[Type, ...]:
        return self.inputs + self.results


def format_result_types(results: tuple[Type, ...], aliases: dict[Any, str] | None) -> str:
    """A result list as MLIR prints it after `->`: bare when single and not a function type."""
    if len(results) == 1 and not isinstance(results[0], FunctionType):
        return results[0].text(aliases)
    return "(" + ", ".join(t.text(aliases) for t in results) + ")"


class OpaqueType(Type):
    """A type of an unregistered dialect, kept as its verbatim text: `!foo.bar<...>`."""

    __slots__ = ("dialect", "body")

    def __new__(cls, dialect: str, body: str) -> OpaqueType:
        key = (dialect, body)
        self = cls._cache.get(key)
        if self is None:
            self = object.__new__(cls)
            self._init()
            self.dialect = dialect
            self.body = body
            cls._cache[key] = self
        return self

    def render(self, aliases: dict[Any, str] | None) -> str:
        return f"!{self.dialect}{self.body}"


# Frequently used singletons.
i1 = IntegerType(1)
i8 = IntegerType(8)
i16 = IntegerType(16)
i32 = IntegerType(32)
i64 = IntegerType(64)
index = IndexType()
f16 = FloatType("f16")
bf16 = FloatType("bf16")
f32 = FloatType("f32")
f64 = FloatType("f64")
none = NoneType()


def element_type_of(t: Type) -> Type:
    """The element type of a shaped type, or the type itself for scalars."""
    return t.element_type if isinstance(t, ShapedType) else t


def is_tensor(t: Type) -> bool:
    return isinstance(t, (RankedTensorType, UnrankedTensorType))
