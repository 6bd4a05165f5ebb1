"""Equality classes of symbols: union-find with a canonical value per class and congruence closure.

Every known symbol name belongs to a class. A class has a *representative* name and a *value*: a
canonical sympy expression over the atoms of free representatives — `Integer(v)` for a constant
class, the representative's own atom for a free class, an expression for a derived class. Values
are hash-consed: `lookup(value)` finds the class with that value, so structurally equal
definitions share a class.

Merging two classes (spec D3): a constant wins the representative; otherwise the earlier-known name
wins ("later → earlier"). When a free atom becomes determined (free = constant, free = free,
free = expression) it is substituted in every class value that uses it; values that then coincide
merge too (congruence), and a value that folds to an integer joins that constant's class. Two
different constants (or two values whose difference is a nonzero integer) raise `SymbolConflict`.

This module knows nothing about IR; ``analysis.py`` turns conflicts into diagnostics and merges into
relation ops.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator

import sympy

from llh_opt.symbolic.expressions import atom, constant_symbol_name, constant_symbol_value

__all__ = ["SymbolClasses", "SymbolConflict"]


class SymbolConflict(Exception):
    """Two symbols were declared equal but their values provably differ."""

    def __init__(self, a: str, b: str, va: sympy.Expr, vb: sympy.Expr) -> None:
        self.a, self.b, self.va, self.vb = a, b, va, vb
        super().__init__(f"@{a} = {va} vs @{b} = {vb}")


class SymbolClasses:
    """Union-find over symbol names with canonical class values (see the module docstring).

    `canon` brings a (substituted) expression back to canonical form; it must be the same function
    the caller uses to compute lookup keys."""

    __slots__ = (
        "_by_value",
        "_canon",
        "_keys",
        "_members",
        "_parent",
        "_stamp",
        "_users",
        "_value",
        "equations",
        "facts",
    )

    def __init__(self, canon: Callable[[sympy.Expr], sympy.Expr]) -> None:
        self._canon = canon
        self._parent: dict[str, str] = {}
        self._stamp: dict[str, int] = {}
        self._value: dict[str, sympy.Expr] = {}  # rep → class value
        self._keys: dict[str, list[sympy.Expr]] = {}  # rep → every value known for the class
        self._members: dict[str, list[str]] = {}  # rep → names in the class
        self._by_value: dict[sympy.Expr, str] = {}  # key → a name of the owning class
        self._users: dict[sympy.Expr, set[str]] = {}  # free atom → names whose keys may use it
        self.equations: list[tuple[sympy.Expr, sympy.Expr]] = []
        """Equalities between expressions that could not be turned into a substitution."""
        self.facts: list[tuple[str, str, str]] = []
        """Comparisons (kind, a, b) with kind GE/LE/GT/LT/NOTEQ."""

    # ------------------------------------------------------------------ names

    def is_known(self, name: str) -> bool:
        return name in self._parent

    def names(self) -> Iterator[str]:
        """Every known name, in the order they became known."""
        return iter(self._stamp)

    def stamp(self, name: str) -> int:
        """When `name` became known (smaller = earlier)."""
        return self._stamp[name]

    def know(self, name: str) -> list[tuple[str, str]]:
        """Make `name` known: a constant joins the class holding its value, any other name starts
        as a free class. Returns the merges this implied (see `union`)."""
        if name in self._parent:
            return []
        value = atom(name)
        self._register(name, value)
        holder = self._by_value.get(value)
        if holder is not None:
            return self.union(name, holder)
        self._set_key(name, value)
        return []

    def _register(self, name: str, value: sympy.Expr) -> None:
        self._parent[name] = name
        self._stamp[name] = len(self._stamp)
        self._value[name] = value
        self._keys[name] = []
        self._members[name] = [name]

    def add_class(self, name: str, value: sympy.Expr) -> None:
        """A new name whose canonical `value` no class holds yet (a fresh derived symbol)."""
        assert name not in self._parent and value not in self._by_value
        self._register(name, value)
        self._set_key(name, value)

    def _set_key(self, rep: str, key: sympy.Expr) -> None:
        self._by_value[key] = rep
        self._keys[rep].append(key)
        for a in key.free_symbols:
            users = self._users.get(a)
            if users is None:
                users = self._users[a] = set()
            users.add(rep)

    # ------------------------------------------------------------------ queries

    def find(self, name: str) -> str:
        parent = self._parent
        root = parent[name]
        if root == name:
            return name
        path = [name]
        while True:
            nxt = parent[root]
            if nxt == root:
                break
            path.append(root)
            root = nxt
        for n in path:
            parent[n] = root
        return root

    def value(self, name: str) -> sympy.Expr:
        """The canonical value of `name`'s class."""
        return self._value[self.find(name)]

    def lookup(self, key: sympy.Expr) -> str | None:
        """The representative of the class whose value is `key`, if any."""
        holder = self._by_value.get(key)
        return None if holder is None else self.find(holder)

    def members(self, name: str) -> list[str]:
        return self._members[self.find(name)]

    def is_free(self, name: str) -> bool:
        """`name`'s class value is a free atom (not a constant, not an expression)."""
        return self.value(name).is_Symbol

    # ------------------------------------------------------------------ merging

    def union(self, a: str, b: str) -> list[tuple[str, str]]:
        """Record `a == b`. Returns the merges performed, in order: `(a, b)` first when they were
        in different classes, then the implied ones (congruence, constant folding) as pairs of
        names of the two classes that met. Raises `SymbolConflict` on a contradiction (the state
        is then unspecified: the caller reports an error)."""
        merged: list[tuple[str, str]] = []
        pending: deque[tuple[str, str]] = deque([(a, b)])
        while pending:
            x, y = pending.popleft()
            rx, ry = self.find(x), self.find(y)
            if rx == ry:
                continue
            self._join(rx, ry, pending)
            merged.append((x, y))
        return merged

    def assert_value(self, name: str, key: sympy.Expr) -> list[tuple[str, str]]:
        """Record `name == key` for a canonical expression `key` (a loaded definition)."""
        if key.is_Integer:
            implied = self.know(constant_symbol_name(int(key)))
            return implied + self.union(name, constant_symbol_name(int(key)))
        holder = self.lookup(key)
        if holder is not None:
            return self.union(name, holder)
        rep = self.find(name)
        pending: deque[tuple[str, str]] = deque()
        self._absorb_value(rep, key, pending)
        merged: list[tuple[str, str]] = []
        while pending:
            x, y = pending.popleft()
            merged.extend(self.union(x, y))
        return merged

    def _absorb_value(self, rep: str, key: sympy.Expr, pending: deque[tuple[str, str]]) -> None:
        """The class of `rep` also has value `key` (held by no class)."""
        current = self._value[rep]
        diff = current - key
        if diff.is_Integer and diff != 0:
            raise SymbolConflict(rep, rep, current, key)
        self._set_key(rep, key)
        if current.is_Symbol and current not in key.free_symbols:
            self._value[rep] = key
            self._substitute(current, key, pending)
        else:
            self.equations.append((current, key))

    def _join(self, rx: str, ry: str, pending: deque[tuple[str, str]]) -> None:
        vx, vy = self._value[rx], self._value[ry]
        diff = vx - vy
        if diff.is_Integer and diff != 0:
            raise SymbolConflict(rx, ry, vx, vy)
        if vx.is_Integer:
            rep, other = rx, ry
        elif vy.is_Integer:
            rep, other = ry, rx
        elif self._stamp[rx] <= self._stamp[ry]:
            rep, other = rx, ry
        else:
            rep, other = ry, rx
        vr, vo = self._value[rep], self._value[other]
        # Union the bookkeeping.
        self._parent[other] = rep
        self._members[rep].extend(self._members.pop(other))
        for k in self._keys.pop(other):
            self._by_value[k] = rep
            self._keys[rep].append(k)
        del self._value[other]
        # Decide the class value and what (if anything) becomes determined.
        eliminated: sympy.Expr | None = None
        replacement: sympy.Expr | None = None
        new_value = vr
        if vo == vr:
            pass
        elif vr.is_Integer:
            if vo.is_Symbol:
                eliminated, replacement = vo, vr
            else:
                self.equations.append((vo, vr))
        elif vr.is_Symbol and vo.is_Symbol:
            eliminated, replacement = vo, vr
        elif vr.is_Symbol:  # rep free, other derived
            if vr not in vo.free_symbols:
                eliminated, replacement, new_value = vr, vo, vo
            else:
                self.equations.append((vr, vo))
        elif vo.is_Symbol:  # rep derived, other free
            if vo not in vr.free_symbols:
                eliminated, replacement = vo, vr
            else:
                self.equations.append((vo, vr))
        else:
            self.equations.append((vo, vr))
        self._value[rep] = new_value
        if eliminated is not None:
            assert replacement is not None
            self._substitute(eliminated, replacement, pending)

    def _substitute(
        self, free: sympy.Expr, replacement: sympy.Expr, pending: deque[tuple[str, str]]
    ) -> None:
        """`free` (an atom) now equals `replacement`: rewrite every key using it."""
        users = self._users.pop(free, None)
        if not users:
            return
        sub = {free: replacement}
        canon = self._canon
        done: set[str] = set()
        for name in users:
            rep = self.find(name)
            if rep in done:
                continue
            done.add(rep)
            keys = self._keys[rep]
            new_keys: list[sympy.Expr] = []
            changed = False
            for k in keys:
                if free in k.free_symbols:
                    changed = True
                    if self._by_value.get(k) is not None and self.find(self._by_value[k]) == rep:
                        del self._by_value[k]
                    nk = canon(k.xreplace(sub))
                    new_keys.append(nk)
                else:
                    new_keys.append(k)
            if not changed:
                continue
            old_value = self._value[rep]
            self._value[rep] = (
                canon(old_value.xreplace(sub)) if free in old_value.free_symbols else old_value
            )
            self._keys[rep] = []
            for nk in dict.fromkeys(new_keys):
                holder = self._by_value.get(nk)
                if holder is not None and self.find(holder) != rep:
                    pending.append((self.find(holder), rep))
                    self._keys[rep].append(nk)
                    continue
                if nk.is_Integer and holder is None:
                    cname = constant_symbol_name(int(nk))
                    if cname not in self._parent:
                        self._register(cname, nk)
                        self._set_key(cname, nk)
                        pending.append((cname, rep))
                        self._keys[rep].append(nk)
                        continue
                self._set_key(rep, nk)

    # ------------------------------------------------------------------ bulk views

    def classes(self) -> dict[str, list[str]]:
        """Representative → members, for every class."""
        return {rep: list(m) for rep, m in self._members.items()}

    def constant_of(self, name: str) -> int | None:
        """The integer value of `name`'s class, if it is a constant class."""
        v = self.value(name)
        return int(v) if v.is_Integer else None

    @staticmethod
    def is_constant_name(name: str) -> bool:
        return constant_symbol_value(name) is not None
