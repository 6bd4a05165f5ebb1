"""The IR graph: Operation, Block, Region, Value (OpResult, BlockArgument) and OpOperand use lists.

Ops sit in a doubly linked list inside their block (O(1) insert/erase); every value knows its uses.
Op *definitions* (specs, verifiers, folders) are declared in ``opdef.py``; types/attributes elsewhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar
from collections.abc import Callable, Iterator, Sequence

from llh_opt.ir.attributes import Attribute, LocationAttr, UnknownLoc

if TYPE_CHECKING:
    from llh_opt.ir.opdef import OperandDef, PropDef, ResultDef, Trait
    from llh_opt.ir.types import Type

_UNKNOWN = UnknownLoc()


class Value:
    """An SSA value. Its uses form an intrusive doubly linked list of `OpOperand`s (oldest
    first): no container per value, O(1) insertion and removal. `uses` is a view of that list."""

    __slots__ = ("type", "_first_use", "_last_use")

    def __init__(self, type: Type) -> None:
        self.type = type
        self._first_use: OpOperand | None = None
        self._last_use: OpOperand | None = None

    @property
    def uses(self) -> UseList:
        """The uses, oldest first (iterable, sized, truthy when used, `clear()`)."""
        return UseList(self)

    @property
    def users(self) -> list[Operation]:
        return [u.owner for u in UseList(self)]

    def has_one_use(self) -> bool:
        u = self._first_use
        return u is not None and u is self._last_use

    def use_empty(self) -> bool:
        return self._first_use is None

    def replace_all_uses_with(self, new: Value) -> None:
        if new is self:
            return
        u = self._first_use
        while u is not None:
            nxt = u._next
            u.set(new)
            u = nxt

    def replace_uses_if(self, new: Value, pred: Any) -> None:
        for use in list(UseList(self)):
            if pred(use):
                use.set(new)

    @property
    def owner(self) -> Operation | Block:
        raise NotImplementedError

    def parent_block(self) -> Block | None:
        raise NotImplementedError


class UseList:
    """A live view of a value's uses (the linked list threaded through its `OpOperand`s).

    Iteration is oldest use first and survives removing (or re-pointing) the use just yielded;
    `len` counts (O(uses)); `bool` is O(1); `clear()` unlinks every use, as `drop` does."""

    __slots__ = ("_value",)

    def __init__(self, value: Value) -> None:
        self._value = value

    def __iter__(self) -> Iterator[OpOperand]:
        u = self._value._first_use
        while u is not None:
            nxt = u._next
            yield u
            u = nxt

    def __reversed__(self) -> Iterator[OpOperand]:
        u = self._value._last_use
        while u is not None:
            prv = u._prev
            yield u
            u = prv

    def __len__(self) -> int:
        n = 0
        u = self._value._first_use
        while u is not None:
            n += 1
            u = u._next
        return n

    def __bool__(self) -> bool:
        return self._value._first_use is not None

    def __contains__(self, use: object) -> bool:
        return isinstance(use, OpOperand) and use.value is self._value and use.is_linked()

    def __repr__(self) -> str:
        return f"<uses of {self._value!r}: {list(self)!r}>"

    def clear(self) -> None:
        v = self._value
        u = v._first_use
        while u is not None:
            nxt = u._next
            u._prev = u._next = None
            u = nxt
        v._first_use = v._last_use = None


class OpResult(Value):
    __slots__ = ("op", "index")

    def __init__(self, type: Type, op: Operation, index: int) -> None:
        self.type = type
        self._first_use = self._last_use = None
        self.op = op
        self.index = index

    @property
    def owner(self) -> Operation:
        return self.op

    def parent_block(self) -> Block | None:
        return self.op.parent

    def __repr__(self) -> str:
        return f"<OpResult #{self.index} of {self.op.name}: {self.type}>"


class BlockArgument(Value):
    __slots__ = ("block", "index", "location")

    def __init__(self, type: Type, block: Block, index: int, location: LocationAttr = _UNKNOWN):
        self.type = type
        self._first_use = self._last_use = None
        self.block = block
        self.index = index
        self.location = location

    @property
    def owner(self) -> Block:
        return self.block

    def parent_block(self) -> Block:
        return self.block

    def __repr__(self) -> str:
        return f"<BlockArgument #{self.index}: {self.type}>"


class OpOperand:
    """One use of a value by an operation: a node of that value's use list (`_prev`/`_next`)."""

    __slots__ = ("owner", "index", "value", "_prev", "_next")

    def __init__(self, owner: Operation, index: int, value: Value) -> None:
        self.owner = owner
        self.index = index
        self._link(value)

    def _link(self, value: Value) -> None:
        """Use `value`: this use goes to the end of its use list."""
        self.value = value
        self._next = None
        last = value._last_use
        self._prev = last
        if last is None:
            value._first_use = self
        else:
            last._next = self
        value._last_use = self

    def is_linked(self) -> bool:
        """Whether this use is in its value's use list (false after `drop`)."""
        return self._prev is not None or self.value._first_use is self

    def _unlink(self) -> None:
        v = self.value
        prv = self._prev
        nxt = self._next
        if prv is None:
            v._first_use = nxt
        else:
            prv._next = nxt
        if nxt is None:
            v._last_use = prv
        else:
            nxt._prev = prv
        self._prev = self._next = None

    def set(self, value: Value) -> None:
        if self.is_linked():
            self._unlink()
        self._link(value)

    def drop(self) -> None:
        if self.is_linked():
            self._unlink()

    def __repr__(self) -> str:
        return f"<OpOperand #{self.index} of {self.owner.name}>"


class ExplicitProperties(dict):  # type: ignore[type-arg]
    """The `properties` of an unregistered op written with `<{...}>`: MLIR keeps that dictionary
    and prints `<{}>` back even when it is empty (a plain dict prints nothing when empty)."""

    __slots__ = ()


class Operation:
    """A generic operation. Registered ops are subclasses declared with ``opdef.py``'s machinery;
    an unregistered op is a plain `Operation`. `properties` are the inherent attributes (`<{...}>`),
    `attributes` the discardable ones (`{...}`)."""

    __slots__ = (
        "name",
        "operand_uses",
        "results",
        "properties",
        "_attributes",
        "regions",
        "successors",
        "_location",
        "_location_source",
        "parent",
        "prev",
        "next",
    )

    # The spec a registered subclass declares (``opdef.py``); the defaults are an op with no
    # operands, results, properties, traits, regions or successors.
    OPERATION_NAME: ClassVar[str] = ""
    SUMMARY: ClassVar[str] = ""
    DESCRIPTION: ClassVar[str] = ""
    OPERANDS: ClassVar[tuple[OperandDef, ...]] = ()
    RESULTS: ClassVar[tuple[ResultDef, ...]] = ()
    PROPERTIES: ClassVar[tuple[PropDef, ...]] = ()
    TRAITS: ClassVar[tuple[type[Trait], ...]] = ()
    NUM_REGIONS: ClassVar[int] = 0  # -1: variadic (the op checks)
    NUM_SUCCESSORS: ClassVar[int] = 0
    # Readable accessor names for spec names (alias → operand/result/property name), e.g.
    # `{"input": "X"}`: for terse spec names and those `Operation` or Python keep (`operand`, `in`).
    ALIASES: ClassVar[dict[str, str]] = {}
    # Verification reads only the facts of `opdef._memo_key` (checked once per signature).
    VERIFY_MEMO: ClassVar[bool] = False
    # Set on registered subclasses by `opdef.register` (derived from the spec above).
    registered: ClassVar[bool] = False
    PROPERTY_NAMES: ClassVar[frozenset[str]] = frozenset()
    TRAIT_SET: ClassVar[frozenset[type[Trait]]] = frozenset()

    def __init__(
        self,
        name: str,
        operands: Sequence[Value] = (),
        result_types: Sequence[Type] = (),
        properties: dict[str, Attribute] | None = None,
        attributes: dict[str, Attribute] | None = None,
        regions: Sequence[Region] | int = 0,
        successors: Sequence[Block] = (),
        location: LocationAttr = _UNKNOWN,
    ) -> None:
        self.name = name
        # Per-op containers are built only when there is something to hold: no operands, results,
        # regions or successors share the empty tuple, and no discardable attributes is None
        # behind `attributes` (a dict made on first access). See docs/INTERNAL_API.md.
        self.operand_uses = (
            tuple([OpOperand(self, i, v) for i, v in enumerate(operands)]) if operands else ()
        )
        self.results = (
            tuple([OpResult(t, self, i) for i, t in enumerate(result_types)])
            if result_types
            else ()
        )
        self.properties = properties if properties is not None else {}
        self._attributes = attributes or None
        if regions:
            if regions.__class__ is int:
                regions = [Region() for _ in range(regions)]  # type: ignore[arg-type]
            self.regions: list[Region] | tuple[()] = list(regions)  # type: ignore[arg-type]
            for r in self.regions:
                r.parent = self
        else:
            self.regions = ()
        self.successors: list[Block] | tuple[()] = list(successors) if successors else ()
        self._location: LocationAttr | int = location
        self._location_source: Any = None
        self.parent: Block | None = None
        self.prev: Operation | None = None
        self.next: Operation | None = None

    # ------------------------------------------------------------------ location

    @property
    def location(self) -> LocationAttr:
        """Where the op comes from. A parsed op's location is made on first use from its
        source offset (`set_source_offset`): most runs never look at most locations."""
        source = self._location_source
        if source is None:
            return self._location  # type: ignore[return-value]
        loc = self._location = source.loc(self._location)
        self._location_source = None
        return loc

    @location.setter
    def location(self, loc: LocationAttr) -> None:
        self._location = loc
        self._location_source = None

    def set_source_offset(self, source: Any, offset: int) -> None:
        """Locate the op at `offset` of `source` (anything with `loc(offset) -> LocationAttr`,
        the parser's `SourceText`), resolved when `location` is first read."""
        self._location = offset
        self._location_source = source

    # ------------------------------------------------------------------ creation

    @staticmethod
    def create(
        name: str,
        operands: Sequence[Value] = (),
        result_types: Sequence[Type] = (),
        properties: dict[str, Attribute] | None = None,
        attributes: dict[str, Attribute] | None = None,
        regions: Sequence[Region] | int = 0,
        successors: Sequence[Block] = (),
        location: LocationAttr = _UNKNOWN,
    ) -> Operation:
        """Create an op of the registered class for `name` (or a plain unregistered op)."""
        cls = OP_CLASSES.get(name) or lookup_op(name) or Operation
        if cls is not Operation:
            name = cls.OPERATION_NAME  # one shared string per op name, not one per op
        op = cls.__new__(cls)
        Operation.__init__(
            op, name, operands, result_types, properties, attributes, regions, successors, location
        )
        return op

    # ------------------------------------------------------------------ operands/results

    @property
    def operands(self) -> list[Value]:
        return [u.value for u in self.operand_uses]

    @property
    def num_operands(self) -> int:
        return len(self.operand_uses)

    def operand(self, i: int) -> Value:
        return self.operand_uses[i].value

    def set_operand(self, i: int, value: Value) -> None:
        self.operand_uses[i].set(value)

    def set_operands(self, values: Sequence[Value]) -> None:
        for u in self.operand_uses:
            u.drop()
        self.operand_uses = (
            tuple([OpOperand(self, i, v) for i, v in enumerate(values)]) if values else ()
        )

    @property
    def result(self) -> OpResult:
        """The single result (asserts there is exactly one)."""
        (r,) = self.results
        return r

    @property
    def result_types(self) -> list[Type]:
        return [r.type for r in self.results]

    @property
    def operand_types(self) -> list[Type]:
        return [u.value.type for u in self.operand_uses]

    # ------------------------------------------------------------------ attributes

    @property
    def attributes(self) -> dict[str, Attribute]:
        """The discardable attributes (`{...}`), a dict made on first access (mutable)."""
        a = self._attributes
        if a is None:
            a = self._attributes = {}
        return a

    @attributes.setter
    def attributes(self, value: dict[str, Attribute]) -> None:
        self._attributes = value

    @property
    def has_attributes(self) -> bool:
        """Whether any discardable attribute is set (without making the dict)."""
        return bool(self._attributes)

    def discardable_items(self) -> Any:
        """The discardable attributes' items, read-only (without making the dict)."""
        a = self._attributes
        return a.items() if a else ()

    def get_attr(self, name: str) -> Attribute | None:
        """An inherent (property) or discardable attribute by name."""
        a = self.properties.get(name)
        if a is not None:
            return a
        attrs = self._attributes
        return attrs.get(name) if attrs else None

    @property
    def is_registered(self) -> bool:
        return self.registered

    @property
    def dialect(self) -> str:
        return self.name.split(".", 1)[0] if "." in self.name else ""

    # ------------------------------------------------------------------ structure

    @property
    def parent_op(self) -> Operation | None:
        b = self.parent
        if b is None or b.parent is None:
            return None
        return b.parent.parent

    @property
    def parent_region(self) -> Region | None:
        return self.parent.parent if self.parent is not None else None

    def ancestors(self) -> Iterator[Operation]:
        op = self.parent_op
        while op is not None:
            yield op
            op = op.parent_op

    def is_ancestor_of(self, other: Operation) -> bool:
        op: Operation | None = other
        while op is not None:
            if op is self:
                return True
            op = op.parent_op
        return False

    def walk(self, pre_order: bool = True) -> Iterator[Operation]:
        """All ops nested in (and including) this one. Safe against erasing the yielded op in
        post-order mode."""
        if pre_order:
            yield self
        for region in self.regions:
            for block in region.blocks:
                op = block.first
                while op is not None:
                    nxt = op.next
                    yield from op.walk(pre_order)
                    op = nxt
        if not pre_order:
            yield self

    def detach(self) -> Operation:
        """Unlink from the parent block (uses stay intact)."""
        b = self.parent
        if b is not None:
            b._unlink(self)
        return self

    def erase(self) -> None:
        """Unlink and drop all operand uses, recursively. Results must be unused."""
        self.detach()
        self.drop_all_references()

    def drop_all_references(self) -> None:
        for u in self.operand_uses:
            u.drop()
        for region in self.regions:
            for block in region.blocks:
                for op in list(block.ops):
                    op.drop_all_references()
                for arg in block.args:
                    UseList(arg).clear()

    def move_before(self, other: Operation) -> None:
        self.detach()
        assert other.parent is not None
        other.parent.insert_before(other, self)

    def move_after(self, other: Operation) -> None:
        self.detach()
        assert other.parent is not None
        other.parent.insert_after(other, self)

    def replace_all_uses_with(self, values: Sequence[Value]) -> None:
        for r, v in zip(self.results, values):
            r.replace_all_uses_with(v)

    def is_before_in_block(self, other: Operation) -> bool:
        """O(distance) order check; `other` must be in the same block."""
        op = self.next
        while op is not None:
            if op is other:
                return True
            op = op.next
        return False

    def clone(self, mapping: dict[Value, Value] | None = None) -> Operation:
        """Deep copy, remapping operands through `mapping` (which it extends with results)."""
        if mapping is None:
            mapping = {}
        new = Operation.create(
            self.name,
            [mapping.get(v, v) for v in self.operands],
            [r.type for r in self.results],
            dict(self.properties),
            dict(self._attributes) if self._attributes else None,
            [r.clone(mapping) for r in self.regions],
            list(self.successors),
            self.location,
        )
        for old, nr in zip(self.results, new.results):
            mapping[old] = nr
        return new

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"

    # ------------------------------------------------------------------ printing

    def print(self, generic: bool = False, **kw: Any) -> str:
        """The op's text (`print_operation` keywords accepted). A nested op prints with local
        scope by default, as MLIR's `Operation::print` does, so values defined above it are
        named rather than `<<UNKNOWN SSA VALUE>>`."""
        from llh_opt.printer import print_operation

        if self.parent is not None:
            kw.setdefault("local_scope", True)
        return print_operation(self, generic=generic, **kw)

    def __str__(self) -> str:
        return self.print()

    # ------------------------------------------------------------------ hooks for registered ops

    def verify_op(self) -> None:
        """Op-specific verification; raises `VerifyError`. Plain ops have nothing to check."""


class Block:
    """A list of operations with arguments. Ops are a doubly linked list (first/last)."""

    __slots__ = ("args", "first", "last", "parent", "_len")

    def __init__(
        self, arg_types: Sequence[Type] = (), arg_locs: Sequence[LocationAttr] = ()
    ) -> None:
        self.args: list[BlockArgument] = []
        self.first: Operation | None = None
        self.last: Operation | None = None
        self.parent: Region | None = None
        self._len = 0
        locs = list(arg_locs)
        for i, t in enumerate(arg_types):
            self.args.append(BlockArgument(t, self, i, locs[i] if i < len(locs) else _UNKNOWN))

    def add_argument(self, type: Type, location: LocationAttr = _UNKNOWN) -> BlockArgument:
        a = BlockArgument(type, self, len(self.args), location)
        self.args.append(a)
        return a

    def erase_argument(self, index: int) -> None:
        arg = self.args.pop(index)
        assert not arg.uses, "erasing a block argument that is still used"
        for i, a in enumerate(self.args):
            a.index = i

    @property
    def ops(self) -> Iterator[Operation]:
        """Iterate ops; safe against erasing the current op."""
        op = self.first
        while op is not None:
            nxt = op.next
            yield op
            op = nxt

    def __len__(self) -> int:
        return self._len

    def is_empty(self) -> bool:
        return self.first is None

    @property
    def terminator(self) -> Operation | None:
        return self.last

    @property
    def parent_op(self) -> Operation | None:
        return self.parent.parent if self.parent is not None else None

    def append(self, op: Operation) -> Operation:
        assert op.parent is None, "op is already in a block"
        op.parent = self
        op.prev = self.last
        op.next = None
        if self.last is None:
            self.first = op
        else:
            self.last.next = op
        self.last = op
        self._len += 1
        return op

    def prepend(self, op: Operation) -> Operation:
        if self.first is None:
            return self.append(op)
        return self.insert_before(self.first, op)

    def insert_before(self, anchor: Operation, op: Operation) -> Operation:
        assert op.parent is None and anchor.parent is self
        op.parent = self
        op.next = anchor
        op.prev = anchor.prev
        if anchor.prev is None:
            self.first = op
        else:
            anchor.prev.next = op
        anchor.prev = op
        self._len += 1
        return op

    def insert_after(self, anchor: Operation, op: Operation) -> Operation:
        assert op.parent is None and anchor.parent is self
        if anchor.next is None:
            return self.append(op)
        return self.insert_before(anchor.next, op)

    def _unlink(self, op: Operation) -> None:
        if op.prev is None:
            self.first = op.next
        else:
            op.prev.next = op.next
        if op.next is None:
            self.last = op.prev
        else:
            op.next.prev = op.prev
        op.parent = op.prev = op.next = None
        self._len -= 1

    def index_in_region(self) -> int:
        assert self.parent is not None
        return self.parent.blocks.index(self)

    def successors(self) -> list[Block]:
        t = self.last
        return list(t.successors) if t is not None else []

    def clone_into(self, region: Region, mapping: dict[Any, Any]) -> Block:
        nb = Block()
        region.add_block(nb)
        mapping[self] = nb
        for a in self.args:
            mapping[a] = nb.add_argument(a.type, a.location)
        return nb


class Region:
    """A list of blocks owned by an op."""

    __slots__ = ("blocks", "parent")

    def __init__(self, blocks: Sequence[Block] = ()) -> None:
        self.blocks: list[Block] = []
        self.parent: Operation | None = None
        for b in blocks:
            self.add_block(b)

    def add_block(self, block: Block) -> Block:
        block.parent = self
        self.blocks.append(block)
        return block

    @property
    def entry(self) -> Block | None:
        return self.blocks[0] if self.blocks else None

    def is_empty(self) -> bool:
        return not self.blocks

    def ops(self) -> Iterator[Operation]:
        for b in self.blocks:
            yield from b.ops

    def clone(self, mapping: dict[Any, Any]) -> Region:
        """Deep copy. A use whose definition comes later in block order (another block of a CFG)
        is remapped once every op is cloned."""
        new = Region()
        for b in self.blocks:
            b.clone_into(new, mapping)
        for b in self.blocks:
            nb = mapping[b]
            for op in b.ops:
                c = op.clone(mapping)
                c.successors = [mapping.get(s, s) for s in op.successors]
                nb.append(c)
        if len(self.blocks) > 1:
            for b in new.blocks:
                for op in b.ops:
                    for nested in op.walk():
                        for use in nested.operand_uses:
                            mapped = mapping.get(use.value)
                            if mapped is not None and mapped is not use.value:
                                use.set(mapped)
        return new


OP_CLASSES: dict[str, type[Operation]] = {}
"""The op registry: operation name → registered class. Filled by ``opdef.register``; dialects
are loaded on demand (`lookup_op`), so a name not found here may be of a dialect not loaded yet."""

_dialect_loader: Callable[[str], bool] | None = None
_all_dialects_loader: Callable[[], None] | None = None


def set_dialect_loader(
    loader: Callable[[str], bool] | None, load_all: Callable[[], None] | None = None
) -> None:
    """Install the functions that load a dialect by namespace (True when it loaded something
    just now) and every dialect (``llh_opt.dialects`` installs `load_dialect` and `load_all`)."""
    global _dialect_loader, _all_dialects_loader
    _dialect_loader = loader
    _all_dialects_loader = load_all


def lookup_op(name: str) -> type[Operation] | None:
    """The registered class of op `name`, loading its dialect first if that is not loaded yet
    (None: no such registered op)."""
    cls = OP_CLASSES.get(name)
    if cls is None and _dialect_loader is not None and _dialect_loader(name.partition(".")[0]):
        cls = OP_CLASSES.get(name)
    return cls


def module_body(module: Operation) -> Block:
    """The single block of a `builtin.module`, created on demand."""
    region = module.regions[0]
    if not region.blocks:
        region.add_block(Block())
    return region.blocks[0]


def new_module(location: LocationAttr = _UNKNOWN) -> Operation:
    m = Operation.create("builtin.module", regions=1, location=location)
    m.regions[0].add_block(Block())
    return m
