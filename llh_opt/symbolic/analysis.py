"""`SymbolAnalysis`: the symbol system of one root module (spec §4.1–§4.8, D2, D3, D5, D6).

One instance per root `builtin.module`, cached until `SymbolAnalysis.clear()`. It ties together
the IR side (``table.py``: declarations, `__symbol__`; ``materialize.py``: relation ops;
``rewrite.py``: renaming and liveness) and the symbolic side (``expressions.py``: sympy values;
``equality.py``: classes, hash-consing, congruence).

Shape rules use it like this::

    sa = SymbolAnalysis.get(op)
    h = sa.sym(in_syms[2])                                  # sympy value of a symbol name
    out = sa.define(floordiv(h + 2 - 3, 1) + 1, at_op=op)    # -> "s3" (same expr → same symbol)
    sa.merge(lhs_syms[1], rhs_syms[0], at_op=op)            # records EQ, may raise a diagnostic

On creation it reads the top-level `llh.symbolic_int` ops and the relations of `__symbol__` (EQ
relations are merged, definitions recorded), so a later pass sees what an earlier one derived.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

import sympy

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.dialects.llh.attrs import EncodingAttr, SymbolRelationAttr
from llh_opt.ir.affine import AffineMap
from llh_opt.ir.attributes import AffineMapAttr, LocationAttr, UnknownLoc
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import DYNAMIC, RankedTensorType, Type
from llh_opt.symbolic.affine_convert import from_affine_map as _from_affine_map
from llh_opt.symbolic.affine_convert import to_affine_map as _to_affine_map
from llh_opt.symbolic.equality import SymbolClasses, SymbolConflict
from llh_opt.symbolic.expressions import (
    Canonicalizer,
    ExprLike,
    FloorDiv,
    SymbolExpressionError,
    atom,
    constant_symbol_name,
    constant_symbol_value,
    evaluate_expr,
    expr_str,
    to_expr,
)
from llh_opt.symbolic.materialize import definition_op, relation_op
from llh_opt.symbolic.rewrite import (
    RELATION_OPS,
    NameCollector,
    SymbolRenamer,
    encoding_symbols_in_order,
    relation_operands,
    walk_ops,
)
from llh_opt.symbolic.table import SymbolTable, is_symbol_module

__all__ = ["COMPARE_KINDS", "SymbolAnalysis", "encoding_of", "root_module"]

_UNKNOWN = UnknownLoc()

COMPARE_KINDS = ("EQ", "GE", "LE", "GT", "LT", "NOTEQ")

_BINARY_BUILDERS = {
    "Add": lambda a, b: a + b,
    "Sub": lambda a, b: a - b,
    "Mul": lambda a, b: a * b,
    "FloorDiv": FloorDiv,
}

_COMPARE = {
    "EQ": lambda a, b: a == b,
    "GE": lambda a, b: a >= b,
    "LE": lambda a, b: a <= b,
    "GT": lambda a, b: a > b,
    "LT": lambda a, b: a < b,
    "NOTEQ": lambda a, b: a != b,
}


def root_module(op: Operation) -> Operation:
    """The root module of `op`: the nearest enclosing (or own) `builtin.module`, skipping
    `module @__symbol__` (whose parent is the root)."""
    m: Operation | None = op
    while m is not None:
        if m.name == "builtin.module" and not is_symbol_module(m):
            return m
        m = m.parent_op
    raise ValueError(f"{op.name} is not inside a builtin.module")


def encoding_of(t: Type) -> tuple[str, ...] | None:
    """The dimension symbols of a ranked tensor type with an `#llh.encoding`, else None."""
    if isinstance(t, RankedTensorType) and isinstance(t.encoding, EncodingAttr):
        return t.encoding.symbols
    return None


def _location(at_op: Operation | None) -> LocationAttr:
    return at_op.location if at_op is not None else _UNKNOWN


def _error(message: str, at_op: Operation | None) -> DiagnosticError:
    loc = at_op.location if at_op is not None else None
    return DiagnosticError(Diagnostic(Severity.ERROR, message, loc))


class SymbolAnalysis:
    """The symbol table, symbol values, equality classes and relations of one root module."""

    __slots__ = (
        "_canon",
        "_def_ops",
        "_def_raw",
        "_raw",
        "_used_names",
        "classes",
        "module",
        "table",
    )

    _INSTANCES: ClassVar[dict[Operation, SymbolAnalysis]] = {}

    # ------------------------------------------------------------------ lifetime

    @classmethod
    def get(cls, op: Operation) -> SymbolAnalysis:
        """The (cached) analysis of `op`'s root module, created on first request."""
        module = root_module(op)
        sa = cls._INSTANCES.get(module)
        if sa is None:
            sa = cls._INSTANCES[module] = cls(module)
        return sa

    @classmethod
    def clear(cls, op: Operation | None = None) -> None:
        """Forget the cached analysis of `op`'s root module (all of them when `op` is None)."""
        if op is None:
            cls._INSTANCES.clear()
        else:
            cls._INSTANCES.pop(root_module(op), None)

    def __init__(self, module: Operation) -> None:
        """A fresh analysis of `module` (not cached; use `get`)."""
        self.module = module
        self.table = SymbolTable(module)
        self._canon = Canonicalizer()
        self.classes = SymbolClasses(self._canon)
        self._raw: dict[sympy.Expr, str] = {}  # expression as given to define → symbol
        self._def_raw: dict[str, sympy.Expr] = {}  # derived symbol → its defining expression
        self._def_ops: dict[str, Operation] = {}  # symbol → the relation op defining it
        self._used_names: set[str] | None = None  # names referenced in the IR (lazy)
        # Declarations print newest first: the oldest is at the bottom.
        for name in reversed(list(self.table.declared_names())):
            self.classes.know(name)
        self._load_relations()

    def _load_relations(self) -> None:
        ops = list(self.table.relation_ops())
        for op in reversed(ops):  # oldest first
            if op.name not in RELATION_OPS:
                continue
            try:
                self._load_relation(op)
            except SymbolConflict as c:
                raise _error(self._mismatch_message(c, None), op) from None
            except (SymbolExpressionError, ZeroDivisionError, ValueError) as e:
                raise _error(f"invalid symbol relation: {e}", op) from None

    def _load_relation(self, op: Operation) -> None:
        defined, names = relation_operands(op)
        for n in names:
            if n:
                self.classes.know(n)
        if defined is None:
            kind = op.properties.get("relation_kind")
            case = kind.case if isinstance(kind, SymbolRelationAttr) else ""
            a, b = names
            if case == "EQ":
                self.classes.union(a, b)
            elif case in _COMPARE:
                self.classes.facts.append((case, a, b))
            return
        if not defined:
            return
        self.classes.know(defined)
        if op.name == "llh.symbol_binary_relation":
            kind = op.properties.get("relation_kind")
            build = _BINARY_BUILDERS.get(kind.case if isinstance(kind, SymbolRelationAttr) else "")
            if build is None:
                return
            raw = build(atom(names[0]), atom(names[1]))
        else:
            rel = op.properties.get("relation")
            if not isinstance(rel, AffineMapAttr) or rel.map.num_results != 1:
                return
            raw = _from_affine_map(rel.map, names)[0]
        raw = to_expr(raw)
        self._def_raw.setdefault(defined, raw)
        self._def_ops.setdefault(defined, op)
        self._raw.setdefault(raw, defined)
        self.classes.assert_value(defined, self._key(raw))

    # ------------------------------------------------------------------ names and declarations

    def sym(self, name: str) -> sympy.Expr:
        """The sympy value to build expressions with: `Integer(v)` for `c<v>`, else the symbol's
        atom `Symbol(name, integer=True, positive=True)`."""
        self.classes.know(name)
        return atom(name)

    def is_declared(self, name: str) -> bool:
        """`name` has a live `llh.symbolic_int` declaration."""
        return self.table.is_declared(name)

    def declaration(self, name: str) -> Operation | None:
        return self.table.declaration(name)

    def symbols(self) -> list[str]:
        """Declared names in printing order (newest first)."""
        return list(self.table.declared_names())

    def get_or_build(self, name: str, at_op: Operation | None = None) -> str:
        """Declare `name` (at the front of the module body) unless it already is; returns it."""
        if self.table.declaration(name) is None:
            self._know(name, at_op)
            self.table.declare(name, _location(at_op))
        return name

    def declare_referenced(self) -> list[str]:
        """Declare every symbol an `#llh.encoding` references but no `llh.symbolic_int` declares,
        in the order of first reference, each at the front of the module body (seed 000: the
        analysis builds the symbols it meets, so they print newest first). Returns the new names."""
        new = [n for n in encoding_symbols_in_order(self.module) if not self.is_declared(n)]
        for name in new:
            self.get_or_build(name)
        return new

    def remove_empty_symbol_module(self) -> bool:
        """Erase `module @__symbol__` when it holds no op (seed 000's canonical form)."""
        m = self.table.symbol_module()
        if m is None or any(True for _ in self.table.relation_ops()):
            return False
        m.erase()
        return True

    def const(self, value: int, at_op: Operation | None = None) -> str:
        """The declared constant symbol `c<value>` (`c-1` for -1, printed `@"c-1"`)."""
        return self.get_or_build(constant_symbol_name(int(value)), at_op)

    def fresh(self, at_op: Operation | None = None) -> str:
        """A new free symbol `s<N>` (§4.2 counter rules; names declared or referenced anywhere in
        the module are skipped), declared at the front of the module body."""
        name = self._new_name()
        self.classes.know(name)
        self.table.declare(name, _location(at_op))
        return name

    def _new_name(self) -> str:
        if self._used_names is None:
            self._used_names = NameCollector().in_tree(self.module)
        used, known = self._used_names, self.classes.is_known
        return self.table.fresh_name(lambda n: n in used or known(n))

    def _know(self, name: str, at_op: Operation | None) -> None:
        implied = self._guard(lambda: self.classes.know(name), at_op, None)
        self._emit_implied(implied, at_op)

    @staticmethod
    def is_constant(name: str) -> bool:
        """`name` spells a constant (`c64`, `c-1`); says nothing about merged classes."""
        return constant_symbol_value(name) is not None

    # ------------------------------------------------------------------ expressions

    def define(self, expr: ExprLike, at_op: Operation | None = None) -> str:
        """The symbol whose value is `expr` (an int or a sympy expression over `sym()` values).

        Hash-consed: an expression structurally equal (after canonicalization) to a known value
        returns that symbol's representative; an integer gives `c<N>`; a new expression gets a fresh
        `s<N>` with its definition emitted (binary relation or relation map)."""
        if isinstance(expr, int):
            return self.const(expr, at_op)
        name = self._raw.get(expr)
        if name is not None:
            rep = self.classes.find(name)
            if self.table.declaration(rep) is None:
                self._materialize(rep, at_op)
            return rep
        e = to_expr(expr)
        if e.is_Integer:
            return self.const(int(e), at_op)
        if e.is_Symbol:
            self._know(e.name, at_op)  # type: ignore[attr-defined]
            rep = self.classes.find(e.name)  # type: ignore[attr-defined]
            self._materialize(rep, at_op)
            return rep
        try:
            key = self._key(e)
        except ZeroDivisionError as z:
            raise _error(f"symbol expression divides by zero: {z}", at_op) from None
        hit = self.classes.lookup(key)
        if hit is not None:
            self._materialize(hit, at_op)
            self._raw[e] = hit
            return hit
        if key.is_Integer:
            name = self.const(int(key), at_op)
            self._raw[e] = name
            return name
        name = self._new_name()
        self.classes.add_class(name, key)
        self.table.declare(name, _location(at_op))
        self._def_raw[name] = e
        self._emit_definition(name, e, at_op)
        self._raw[e] = name
        return name

    def _key(self, e: sympy.Expr) -> sympy.Expr:
        """The canonical value of `e`: atoms replaced by their class values, canonicalized."""
        classes = self.classes
        sub: dict[sympy.Expr, sympy.Expr] = {}
        for a in e.free_symbols:
            name = a.name  # type: ignore[attr-defined]
            if not classes.is_known(name):
                classes.know(name)
                continue
            v = classes.value(name)
            if v is not a:
                sub[a] = v
        return self._canon(e.xreplace(sub) if sub else e)

    def _materialize(self, rep: str, at_op: Operation | None) -> None:
        """Make sure `rep` is declared and, when derived, that its class has a live definition."""
        if self.table.declaration(rep) is not None:
            return
        self.table.declare(rep, _location(at_op))
        value = self.classes.value(rep)
        if value.is_Integer or value.is_Symbol:
            return
        for m in self.classes.members(rep):
            op = self._def_ops.get(m)
            if op is not None and op.parent is not None and self.table.is_declared(m):
                return
        self._emit_definition(rep, self._def_raw.get(rep, value), at_op)

    def _emit_definition(self, name: str, raw: sympy.Expr, at_op: Operation | None) -> None:
        """Emit the relation defining `name` from the expression it was defined with (so the IR
        keeps the caller's local structure, e.g. `s24 = s23 * s22`), symbols replaced by their
        representatives."""
        e = self._canon(self._with_representatives(raw))
        if e.is_Integer or e.is_Symbol:  # became trivial through merges: state it as an equality
            other = constant_symbol_name(int(e)) if e.is_Integer else e.name  # type: ignore[attr-defined]
            if other != name:
                self.get_or_build(other, at_op)
                self.table.emit_relation(relation_op(name, other, "EQ", _location(at_op)))
            return
        op, names = definition_op(name, e, self.classes.stamp, _location(at_op))
        for n in names:
            self._know(n, at_op)
            self._materialize(self.classes.find(n), at_op)
            self.get_or_build(n, at_op)
        self.table.emit_relation(op)
        self._def_ops[name] = op

    def _with_representatives(self, e: sympy.Expr) -> sympy.Expr:
        """`e` with every symbol replaced by its class representative (a constant becomes its
        integer)."""
        sub: dict[sympy.Expr, sympy.Expr] = {}
        for a in e.free_symbols:
            rep = self.classes.find(a.name)  # type: ignore[attr-defined]
            if rep != a.name:  # type: ignore[attr-defined]
                sub[a] = atom(rep)
        return e.xreplace(sub) if sub else e

    def expr_of(self, name: str) -> sympy.Expr:
        """The value of `name` over free (input) symbols: definitions substituted recursively,
        representatives applied; an `Integer` for a constant class."""
        self.classes.know(name)
        return self.classes.value(name)

    def representative(self, name: str) -> str:
        """The representative of `name`'s equality class (a constant if the class has one, else the
        earliest symbol)."""
        self.classes.know(name)
        return self.classes.find(name)

    def known_value(self, name: str) -> int | None:
        """The integer `name` is known to equal, if any (through constants and merges)."""
        self.classes.know(name)
        return self.classes.constant_of(name)

    def provably_equal(self, a: str, b: str) -> bool:
        """`a == b` follows from what is recorded (same class, or equal values)."""
        ra, rb = self.representative(a), self.representative(b)
        if ra == rb:
            return True
        diff = self.classes.value(ra) - self.classes.value(rb)
        return bool(diff == 0)

    def provably_different(self, a: str, b: str) -> bool:
        """`a != b` follows from what is recorded: different constants, values differing by a
        nonzero constant, or a recorded NOTEQ/GT/LT between their classes."""
        ra, rb = self.representative(a), self.representative(b)
        if ra == rb:
            return False
        diff = self.classes.value(ra) - self.classes.value(rb)
        if diff.is_Integer:
            return diff != 0
        for kind, x, y in self.classes.facts:
            if kind in ("NOTEQ", "GT", "LT"):
                fx, fy = self.classes.find(x), self.classes.find(y)
                if (fx, fy) in ((ra, rb), (rb, ra)):
                    return True
        return bool(diff.is_positive or diff.is_negative)

    def evaluate(self, bindings: Mapping[str, int], check: bool = False) -> dict[str, int]:
        """The integer value of every known symbol, given sizes for free symbols (by name; any
        member of a class binds the class). Symbols depending on an unbound one are left out.
        With `check`, conflicting bindings, recorded equations and comparisons that do not hold
        raise `ValueError`."""
        classes = self.classes
        env: dict[sympy.Expr, int] = {}
        for name, v in bindings.items():
            classes.know(name)
            value = classes.value(name)
            if value.is_Symbol:
                old = env.setdefault(value, int(v))
                if check and old != int(v):
                    raise ValueError(f"conflicting bindings for @{name}'s class: {old} vs {v}")
        memo: dict[sympy.Expr, int] = {}
        out: dict[str, int] = {}
        for name in classes.names():
            try:
                out[name] = evaluate_expr(classes.value(name), env, memo)
            except KeyError:
                continue
        if check:
            self._check_values(bindings, out)
        return out

    def _check_values(self, bindings: Mapping[str, int], out: dict[str, int]) -> None:
        for name, v in bindings.items():
            if name in out and out[name] != int(v):
                raise ValueError(f"@{name} is bound to {v} but its class evaluates to {out[name]}")
        env = {atom(n): v for n, v in out.items() if constant_symbol_value(n) is None}
        for lhs, rhs in self.classes.equations:
            try:
                a, b = evaluate_expr(lhs, env), evaluate_expr(rhs, env)
            except KeyError:
                continue
            if a != b:
                raise ValueError(f"recorded equality {lhs} == {rhs} fails: {a} vs {b}")
        for kind, x, y in self.classes.facts:
            if x in out and y in out and not _COMPARE[kind](out[x], out[y]):
                raise ValueError(f"recorded relation @{x} {kind} @{y} fails: {out[x]}, {out[y]}")

    # ------------------------------------------------------------------ relations

    def merge(
        self, a: str, b: str, at_op: Operation | None = None, context: str | None = None
    ) -> str:
        """Record `a == b` (an `EQ` relation `symbol = @a, relation = @b`, plus one per implied
        equality). Returns the representative. Provably different values (e.g. two different
        constants) raise a `DiagnosticError` "dimension mismatch: ..." located at `at_op`."""
        self._know(a, at_op)
        self._know(b, at_op)
        merged = self._guard(lambda: self.classes.union(a, b), at_op, context, (a, b))
        if merged:
            self._emit_equalities(merged, at_op)
        return self.classes.find(a)

    def relate(self, a: str, b: str, kind: str, at_op: Operation | None = None) -> None:
        """Record `a <kind> b` for kind EQ/GE/LE/GT/LT/NOTEQ (EQ is `merge`). When both sides are
        known constants nothing is emitted, but a relation that does not hold is an error."""
        if kind == "EQ":
            self.merge(a, b, at_op)
            return
        if kind not in _COMPARE:
            raise ValueError(f"not a comparison kind: {kind}")
        va, vb = self.known_value(a), self.known_value(b)
        if va is not None and vb is not None:
            if not _COMPARE[kind](va, vb):
                raise _error(f"symbol relation does not hold: {va} {kind} {vb}", at_op)
            return
        for kind_, x, y in self.classes.facts:
            if kind_ == kind and x == a and y == b:
                return
        self.classes.facts.append((kind, a, b))
        self.get_or_build(a, at_op)
        self.get_or_build(b, at_op)
        self.table.emit_relation(relation_op(a, b, kind, _location(at_op)))

    def _guard(
        self,
        fn: Any,
        at_op: Operation | None,
        context: str | None,
        names: tuple[str, str] | None = None,
    ) -> Any:
        try:
            return fn()
        except SymbolConflict as c:
            raise _error(self._mismatch_message(c, context, names), at_op) from None
        except ZeroDivisionError as e:
            what = f" when @{names[0]} == @{names[1]}" if names else ""
            raise _error(f"symbol expression divides by zero{what}: {e}", at_op) from None

    def _mismatch_message(
        self, c: SymbolConflict, context: str | None, names: tuple[str, str] | None = None
    ) -> str:
        """`dimension mismatch: [context: ]512 vs 256` — sides named by the caller's symbols when
        the conflict is between them, else by the classes found to clash."""

        def describe(name: str, value: sympy.Expr) -> str:
            if constant_symbol_value(name) is not None:
                return str(value)
            if value == atom(name):
                return f"@{name}"
            return f"@{name} = {expr_str(value)}"

        prefix = f"{context}: " if context else ""
        suffix = ""
        sides = [(c.a, c.va), (c.b, c.vb)]
        if names is not None:
            a, b = names
            ra, rb = self.classes.find(a), self.classes.find(b)
            if (ra, rb) == (c.a, c.b):
                sides = [(a, c.va), (b, c.vb)]
            elif (ra, rb) == (c.b, c.a):
                sides = [(a, c.vb), (b, c.va)]
            else:
                suffix = f" (implied by @{a} == @{b})"
        (na, va), (nb, vb) = sides
        return f"dimension mismatch: {prefix}{describe(na, va)} vs {describe(nb, vb)}{suffix}"

    def _emit_implied(self, merged: list[tuple[str, str]], at_op: Operation | None) -> None:
        if merged:
            self._emit_equalities(merged, at_op)

    def _emit_equalities(self, merged: list[tuple[str, str]], at_op: Operation | None) -> None:
        """EQ relations for `merged`: the first pair as given, implied ones with the free (or
        earlier) symbol as `symbol`."""
        loc = _location(at_op)
        for i, (x, y) in enumerate(merged):
            if i and (
                constant_symbol_value(x) is not None
                or (
                    constant_symbol_value(y) is None
                    and self.classes.stamp(y) < self.classes.stamp(x)
                )
            ):
                x, y = y, x
            self.get_or_build(x, at_op)
            self.get_or_build(y, at_op)
            self.table.emit_relation(relation_op(x, y, "EQ", loc))

    # ------------------------------------------------------------------ encodings

    def symbols_for_shape(
        self,
        shape: Sequence[int],
        syms: Sequence[str | None] | None = None,
        at_op: Operation | None = None,
    ) -> tuple[str, ...]:
        """One declared symbol per dimension, in order: `syms[i]` when given (not None), else
        `c<d>` for a static size and a fresh `s<N>` for `?`."""
        out: list[str] = []
        for i, d in enumerate(shape):
            s = syms[i] if syms is not None and i < len(syms) else None
            if s is not None:
                out.append(self.get_or_build(s, at_op))
            elif d == DYNAMIC:
                out.append(self.fresh(at_op))
            else:
                out.append(self.const(d, at_op))
        return tuple(out)

    def add_encoding(
        self,
        value: Value,
        syms: Sequence[str | None] | None = None,
        at_op: Operation | None = None,
    ) -> bool:
        """Give a ranked tensor value without an `#llh.encoding` one (§4.2 `add_encoding`); a
        foreign encoding is replaced. Rank-0, unranked and non-tensor values are left alone.
        Returns whether the type changed."""
        t = value.type
        if not isinstance(t, RankedTensorType) or not t.shape:
            return False
        if isinstance(t.encoding, EncodingAttr):
            return False
        names = self.symbols_for_shape(t.shape, syms, at_op)
        value.type = t.with_encoding(EncodingAttr(names))
        return True

    # ------------------------------------------------------------------ affine maps

    def from_affine_map(
        self, amap: AffineMap, operand_symbols: Sequence[str | sympy.Expr | int]
    ) -> tuple[sympy.Expr, ...]:
        """The results of `amap` (e.g. a `llh.symbolic_bind`'s `expressions`, D8) as sympy
        expressions with `s<i>` bound to `operand_symbols[i]` (names become their atoms)."""
        for s in operand_symbols:
            if isinstance(s, str):
                self.classes.know(s)
        return _from_affine_map(amap, operand_symbols)

    @staticmethod
    def to_affine_map(
        exprs: ExprLike | Sequence[ExprLike], symbols: Sequence[str | sympy.Expr]
    ) -> AffineMap:
        """`affine_map<()[s0, ...] -> (exprs)>` with `symbols[i]` → `s<i>`."""
        return _to_affine_map(exprs, symbols)

    # ------------------------------------------------------------------ IR maintenance

    def symbol_module(self, create: bool = False) -> Operation | None:
        """The root's `module @__symbol__` (appended at the end of the module when `create`)."""
        return self.table.symbol_module(create)

    def replace_symbol(self, old: str, new: str, refine_static: bool = False) -> int:
        """Rewrite every reference to `old` in the root module into `new` (see `replace_symbols`)."""
        if old == new:
            return 0
        return self.replace_symbols({old: new}, refine_static)

    def replace_symbols(self, mapping: Mapping[str, str], refine_static: bool = False) -> int:
        """Rename symbol references `old → new` in one walk of the root module: properties,
        attributes and types (result types, block arguments, `function_type`), nested in arrays,
        dictionaries and encodings; `StringAttr`s are untouched. The classes record `old == new`;
        the declarations of `old` are erased and the `new` names declared. With `refine_static`,
        `?` dims whose symbol is a constant `c<N>` become `N`. Returns the number of changed ops."""
        mapping = {k: v for k, v in mapping.items() if k != v}
        if not mapping:
            return 0
        for old, new in mapping.items():
            self._know(old, None)
            self._know(new, None)
            self._guard(lambda o=old, n=new: self.classes.union(o, n), None, None)
        for new in dict.fromkeys(mapping.values()):
            self.get_or_build(new)
        changed = SymbolRenamer(dict(mapping), refine_static).op_tree(self.module)
        for old in mapping:
            self.table.forget(old)
        if self._used_names is not None:
            self._used_names.update(mapping.values())
        self._reindex_definitions()
        return changed

    def apply_equalities(
        self, refine_static: bool = False, constants: bool = True
    ) -> dict[str, str]:
        """Replace every symbol by its class representative throughout the module (D3: later →
        earlier, free → constant), then drop the relations this made trivial or duplicate and the
        replaced declarations. With `constants=False`, classes holding a constant are mapped to
        their earliest non-constant symbol instead (keeping `s EQ c` relations). Returns the
        mapping applied."""
        mapping: dict[str, str] = {}
        classes = self.classes
        for rep, members in classes.classes().items():
            if len(members) < 2:
                continue
            target = rep
            if not constants and constant_symbol_value(rep) is not None:
                free = [m for m in members if constant_symbol_value(m) is None]
                if not free:
                    continue
                target = min(free, key=classes.stamp)
            for m in members:
                if m != target and (constants or constant_symbol_value(m) is None):
                    mapping[m] = target
        if mapping:
            self.replace_symbols(mapping, refine_static)
        self.cleanup_relations()
        return mapping

    def cleanup_relations(self) -> int:
        """Erase relation ops that say nothing: `a EQ a`, relations between constants only, and
        exact duplicates. Returns how many were erased."""
        seen: set[tuple[Any, ...]] = set()
        erased = 0
        for op in list(self.table.relation_ops()):
            if op.name not in RELATION_OPS:
                continue
            defined, names = relation_operands(op)
            key = (op.name, tuple(sorted((k, id(v)) for k, v in op.properties.items())))
            trivial = key in seen
            if defined is None:
                kind = op.properties.get("relation_kind")
                if isinstance(kind, SymbolRelationAttr) and kind.case == "EQ":
                    trivial = trivial or names[0] == names[1]
                trivial = trivial or all(constant_symbol_value(n) is not None for n in names)
            else:
                trivial = trivial or all(
                    constant_symbol_value(n) is not None for n in (defined, *names)
                )
            seen.add(key)
            if trivial:
                op.erase()
                erased += 1
        if erased:
            self._reindex_definitions()
        return erased

    def remove_unused(self) -> set[str]:
        """D6: erase relation ops and `llh.symbolic_int` declarations nothing refers to.

        Live names are those referenced outside declarations and relations; a definition (binary
        relation, relation map) is live when the symbol it defines is, a comparison when one of its
        non-constant sides is; live relations make their operands live. Trivial relations are
        erased too (`cleanup_relations`). Returns the names whose declarations were erased."""
        self.cleanup_relations()
        collector = NameCollector()
        live: set[str] = set()
        relations: list[Operation] = []
        body = self.table.body
        for op in walk_ops(self.module):
            if op.name == "llh.symbolic_int" and op.parent is body:
                continue
            if op.name in RELATION_OPS:
                relations.append(op)
                continue
            collector.add_op(op, live)
        waiting: dict[str, list[tuple[Operation, tuple[str, ...]]]] = {}
        live_ops: set[Operation] = set()
        work: list[str] = list(live)
        for op in relations:
            defined, names = relation_operands(op)
            if defined is not None:
                triggers: Iterable[str] = (defined,)
                refs = (defined, *names)
            else:
                triggers = [n for n in names if constant_symbol_value(n) is None]
                refs = names
            for t in triggers:
                waiting.setdefault(t, []).append((op, refs))
        while work:
            name = work.pop()
            for op, refs in waiting.pop(name, ()):
                if op in live_ops:
                    continue
                live_ops.add(op)
                for r in refs:
                    if r not in live:
                        live.add(r)
                        work.append(r)
        for op in relations:
            if op not in live_ops:
                op.erase()
        removed: set[str] = set()
        for name in list(self.table.declared_names()):
            if name not in live:
                self.table.forget(name)
                removed.add(name)
        self._reindex_definitions()
        return removed

    def _reindex_definitions(self) -> None:
        self._def_ops = {}
        for op in self.table.relation_ops():
            if op.name in RELATION_OPS and op.name != "llh.symbol_relation":
                defined, _ = relation_operands(op)
                if defined:
                    self._def_ops.setdefault(defined, op)
