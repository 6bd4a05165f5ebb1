"""Walking the IR for symbol references: renaming them in one pass (§4.2 `replace_symbol`) and
collecting which names are referenced (fresh-name avoidance, D6 dead-symbol removal).

A reference is a flat `SymbolRefAttr` or an entry of an `#llh.encoding`, wherever it sits: in
properties, discardable attributes, or inside types (result types, block-argument types, a
function's `function_type`), nested in arrays and dictionaries. `StringAttr`s (`sym_name`,
`func.input_symbol_N`) are never references, but a renaming follows into `func.input_symbol_N`
argument attributes (seed 000: they name the symbol the dimension has). Attributes and types are
interned, so every rewrite and every collection is memoized per distinct object.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from llh_opt.dialects.llh.attrs import EncodingAttr, constant_symbol_value
from llh_opt.ir.attributes import (
    ArrayAttr,
    DictionaryAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
)
from llh_opt.ir.core import Operation
from llh_opt.ir.types import DYNAMIC, FunctionType, RankedTensorType, TupleType

__all__ = [
    "RELATION_OPS",
    "NameCollector",
    "SymbolRenamer",
    "encoding_symbols_in_order",
    "relation_operands",
    "walk_ops",
]

RELATION_OPS = frozenset(
    ("llh.symbol_relation", "llh.symbol_binary_relation", "llh.symbol_relation_map")
)
"""Ops stating facts about symbols (they live in `__symbol__`)."""

_SKIPPED_KEYS = frozenset(("sym_name", "callee"))
"""Properties that name other symbol kinds (functions), never dimension symbols."""

INPUT_SYMBOL_PREFIX = "func.input_symbol_"
"""Argument attributes naming the symbol of an entrance argument's dimension (a `StringAttr`)."""


def walk_ops(root: Operation) -> Iterator[Operation]:
    """Every op nested in `root` (pre-order, `root` included), without recursion."""
    stack = [root]
    while stack:
        op = stack.pop()
        yield op
        regions = op.regions
        if regions:
            children: list[Operation] = []
            for region in regions:
                for block in region.blocks:
                    o = block.first
                    while o is not None:
                        children.append(o)
                        o = o.next
            children.reverse()
            stack.extend(children)


def relation_operands(op: Operation) -> tuple[str | None, tuple[str, ...]]:
    """(defined symbol, referenced symbols) of a relation op: binary relations and relation maps
    define `symbol` from their operands; a comparison defines nothing and refers to both sides."""
    props = op.properties
    if op.name == "llh.symbol_relation":
        return None, (_ref(props.get("symbol")), _ref(props.get("relation")))
    sym = _ref(props.get("symbol"))
    if op.name == "llh.symbol_binary_relation":
        return sym, (_ref(props.get("relations_lhs")), _ref(props.get("relations_rhs")))
    rels = props.get("relations")
    names = tuple(_ref(r) for r in rels.value) if isinstance(rels, ArrayAttr) else ()
    return sym, names


def _ref(a: Any) -> str:
    return a.root if isinstance(a, SymbolRefAttr) else ""


# --------------------------------------------------------------------------- renaming


class SymbolRenamer:
    """Rewrites references `old → new` (a mapping) in attributes, types and whole op trees.

    With `refine_static`, a `?` dimension of a ranked tensor whose encoding names a constant symbol
    `c<N>` (N ≥ 0) becomes the static size N (D3)."""

    __slots__ = ("_amemo", "_tmemo", "mapping", "refine_static")

    def __init__(self, mapping: dict[str, str], refine_static: bool = False) -> None:
        self.mapping = mapping
        self.refine_static = refine_static
        self._amemo: dict[Any, Any] = {}
        self._tmemo: dict[Any, Any] = {}

    def attr(self, a: Any) -> Any:
        r = self._amemo.get(a)
        if r is not None:
            return r
        r = a
        if isinstance(a, SymbolRefAttr):
            if not a.nested:
                new = self.mapping.get(a.root)
                if new is not None:
                    r = SymbolRefAttr(new)
        elif isinstance(a, EncodingAttr):
            m = self.mapping
            syms = tuple(m.get(s, s) for s in a.symbols)
            if syms != a.symbols:
                r = EncodingAttr(syms)
        elif isinstance(a, ArrayAttr):
            vals = tuple(self.attr(x) for x in a.value)
            if any(x is not y for x, y in zip(vals, a.value)):
                r = ArrayAttr(vals)
        elif isinstance(a, DictionaryAttr):
            items = tuple((k, self._entry(k, v)) for k, v in a.items)
            if any(x[1] is not y[1] for x, y in zip(items, a.items)):
                r = DictionaryAttr(items)
        elif isinstance(a, TypeAttr):
            t = self.type(a.type)
            if t is not a.type:
                r = TypeAttr(t)
        self._amemo[a] = r
        return r

    def _entry(self, key: str, v: Any) -> Any:
        """A dictionary entry: `func.input_symbol_N = "s1"` follows the renaming of `s1`."""
        if isinstance(v, StringAttr) and key.startswith(INPUT_SYMBOL_PREFIX):
            new = self.mapping.get(v.value)
            return v if new is None else StringAttr(new)
        return self.attr(v)

    def type(self, t: Any) -> Any:
        r = self._tmemo.get(t)
        if r is not None:
            return r
        r = t
        if isinstance(t, RankedTensorType):
            enc = t.encoding
            if enc is not None:
                new_enc = self.attr(enc)
                shape = t.shape
                if self.refine_static and isinstance(new_enc, EncodingAttr):
                    shape = _refined_shape(shape, new_enc.symbols)
                if new_enc is not enc or shape != t.shape:
                    r = RankedTensorType(shape, t.element_type, new_enc)
        elif isinstance(t, FunctionType):
            ins = tuple(self.type(x) for x in t.inputs)
            outs = tuple(self.type(x) for x in t.results)
            if ins != t.inputs or outs != t.results:
                r = FunctionType(ins, outs)
        elif isinstance(t, TupleType):
            ts = tuple(self.type(x) for x in t.types)
            if ts != t.types:
                r = TupleType(ts)
        self._tmemo[t] = r
        return r

    def op_tree(self, root: Operation) -> int:
        """Rewrite every op nested in `root` (included); returns how many ops changed."""
        changed = 0
        attr, type_ = self.attr, self.type
        for op in walk_ops(root):
            touched = False
            for store in (op.properties, op.attributes):
                if not store:
                    continue
                for k, v in list(store.items()):
                    if k in _SKIPPED_KEYS:
                        continue
                    nv = attr(v)
                    if nv is not v:
                        store[k] = nv
                        touched = True
            for res in op.results:
                nt = type_(res.type)
                if nt is not res.type:
                    res.type = nt
                    touched = True
            for region in op.regions:
                for block in region.blocks:
                    for arg in block.args:
                        nt = type_(arg.type)
                        if nt is not arg.type:
                            arg.type = nt
                            touched = True
            changed += touched
        return changed


def _refined_shape(shape: tuple[int, ...], symbols: tuple[str, ...]) -> tuple[int, ...]:
    if DYNAMIC not in shape or len(shape) != len(symbols):
        return shape
    out = list(shape)
    for i, (d, s) in enumerate(zip(shape, symbols)):
        if d == DYNAMIC:
            v = constant_symbol_value(s)
            if v is not None and v >= 0:
                out[i] = v
    return tuple(out)


# --------------------------------------------------------------------------- collecting


_EMPTY: frozenset[str] = frozenset()


class NameCollector:
    """The symbol names referenced by attributes, types and ops (memoized)."""

    __slots__ = ("_memo",)

    def __init__(self) -> None:
        self._memo: dict[Any, frozenset[str]] = {}

    def of(self, x: Any) -> frozenset[str]:
        r = self._memo.get(x)
        if r is not None:
            return r
        r = _EMPTY
        if isinstance(x, SymbolRefAttr):
            if not x.nested:
                r = frozenset((x.root,))
        elif isinstance(x, EncodingAttr):
            r = frozenset(x.symbols)
        elif isinstance(x, ArrayAttr):
            r = self._union(x.value)
        elif isinstance(x, DictionaryAttr):
            r = self._union(v for _, v in x.items)
        elif isinstance(x, TypeAttr):
            r = self.of(x.type)
        elif isinstance(x, RankedTensorType):
            if x.encoding is not None:
                r = self.of(x.encoding)
        elif isinstance(x, FunctionType):
            r = self._union((*x.inputs, *x.results))
        elif isinstance(x, TupleType):
            r = self._union(x.types)
        self._memo[x] = r
        return r

    def _union(self, items: Any) -> frozenset[str]:
        acc: set[str] = set()
        for i in items:
            acc |= self.of(i)
        return frozenset(acc) if acc else _EMPTY

    def add_op(self, op: Operation, into: set[str]) -> None:
        """Add the names `op` itself references (not its nested ops) to `into`."""
        of = self.of
        for store in (op.properties, op.attributes):
            for k, v in store.items():
                if k not in _SKIPPED_KEYS:
                    n = of(v)
                    if n:
                        into |= n
        for res in op.results:
            n = of(res.type)
            if n:
                into |= n
        for region in op.regions:
            for block in region.blocks:
                for arg in block.args:
                    n = of(arg.type)
                    if n:
                        into |= n

    def in_tree(self, root: Operation) -> set[str]:
        """Every name referenced anywhere under `root`."""
        names: set[str] = set()
        for op in walk_ops(root):
            self.add_op(op, names)
        return names


def encoding_symbols_in_order(root: Operation) -> list[str]:
    """The symbols `#llh.encoding`s under `root` reference, each once, in the order of first
    reference (pre-order walk; per op its properties and attributes, then result types, then the
    argument types of its blocks)."""
    seen: dict[str, None] = {}
    memo: set[int] = set()

    def visit(x: Any) -> None:
        if id(x) in memo:
            return
        memo.add(id(x))
        if isinstance(x, EncodingAttr):
            for s in x.symbols:
                seen.setdefault(s, None)
        elif isinstance(x, RankedTensorType):
            if x.encoding is not None:
                visit(x.encoding)
        elif isinstance(x, ArrayAttr):
            for v in x.value:
                visit(v)
        elif isinstance(x, DictionaryAttr):
            for _, v in x.items:
                visit(v)
        elif isinstance(x, TypeAttr):
            visit(x.type)
        elif isinstance(x, FunctionType):
            for t in (*x.inputs, *x.results):
                visit(t)
        elif isinstance(x, TupleType):
            for t in x.types:
                visit(t)

    for op in walk_ops(root):
        for store in (op.properties, op.attributes):
            for v in store.values():
                visit(v)
        for res in op.results:
            visit(res.type)
        for region in op.regions:
            for block in region.blocks:
                for arg in block.args:
                    visit(arg.type)
    return list(seen)
