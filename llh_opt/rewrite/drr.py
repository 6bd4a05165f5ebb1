"""Declarative rewrite rules: a small Python mirror of MLIR's DRR (`Pat<source, result,
constraints>`), so a tree rewrite is one line:

    FoldTwoAbs = Pat("(llh.abs (llh.abs:$res $input))", "(llh.abs $input)",
                     [has_one_use("res")], name="FoldTwoAbsOpPattern")

What does not live here: imperative patterns (subclass `RewritePattern`), the driver
(``greedy.py``), and the rules themselves (they are declared by the ops that own them).

Source syntax (s-expressions; commas count as spaces):

* `(op.name arg ...)` matches an op of that name with exactly those operands (`...` as the last
  argument allows more); nested, it matches the op defining the operand;
* `(op.name:$x ...)` also binds the op's (first) result to `$x`;
* `$x` binds an operand (a name bound twice must be the same value), `_` matches anything;
* `{key = $a, ...}` after the arguments binds properties / attributes (which must be present).

Result syntax: `$x` (an existing value), `(op.name arg ... {key = $a})` (a new op: the root
replacement takes the matched root's result types, nested ones are built with the op class's
`build(*operands)`), and `(@fn arg ...)`, a call of `natives["fn"](rewriter, root, *args)`
returning a value (or an attribute, in `{...}`). Several results (a list) replace a multi-result
root. A rule's benefit is its number of source ops plus `benefit` (as DRR).

Constraints are callables on the `Bindings` (name → value/attribute; the matched root is
`bindings.root`): `has_one_use("x")`, `same_type("x", "y")`, `is_constant("x")`, `where(fn, "x",
...)`. A value replacing the root must have the root result's type, else the rule does not apply.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from llh_opt.ir.attributes import Attribute
from llh_opt.ir.core import OP_CLASSES, Operation, OpResult, Value
from llh_opt.ir.opdef import ConstantLike
from llh_opt.rewrite.rewriter import PatternRewriter, RewritePattern

__all__ = [
    "Bindings",
    "DRRSyntaxError",
    "Pat",
    "has_one_use",
    "is_constant",
    "same_type",
    "where",
]


class DRRSyntaxError(ValueError):
    """A rule whose source or result text does not parse or refers to unbound names."""


class Bindings(dict):  # type: ignore[type-arg]
    """Name → bound value / attribute of one match; `root` is the matched root op."""

    __slots__ = ("root",)

    def __init__(self, root: Operation) -> None:
        super().__init__()
        self.root = root


Constraint = Callable[[Bindings], bool]


# --------------------------------------------------------------------------- constraints


def has_one_use(name: str) -> Constraint:
    """DRR's `HasOneUse`: the value bound to `name` has exactly one use."""

    def check(b: Bindings) -> bool:
        v = b.get(name)
        return isinstance(v, Value) and len(v.uses) == 1

    check.__name__ = f"has_one_use({name})"
    return check


def same_type(*names: str) -> Constraint:
    """The values bound to `names` all have the same type."""

    def check(b: Bindings) -> bool:
        types = [b[n].type for n in names]
        return all(t is types[0] for t in types)

    check.__name__ = f"same_type({', '.join(names)})"
    return check


def is_constant(name: str) -> Constraint:
    """The value bound to `name` is defined by a ConstantLike op."""

    def check(b: Bindings) -> bool:
        v = b.get(name)
        return (
            isinstance(v, OpResult) and ConstantLike in type(v.op).TRAIT_SET  # type: ignore[attr-defined]
        )

    check.__name__ = f"is_constant({name})"
    return check


def where(fn: Callable[..., bool], *names: str) -> Constraint:
    """`fn(*bound values)` must hold."""

    def check(b: Bindings) -> bool:
        return bool(fn(*(b[n] for n in names)))

    check.__name__ = f"where({getattr(fn, '__name__', 'fn')}, {', '.join(names)})"
    return check


# --------------------------------------------------------------------------- syntax tree


class _Var:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name


class _Any:
    __slots__ = ()


class _OpNode:
    __slots__ = ("args", "attrs", "bind", "name", "variadic")

    def __init__(self, name: str, bind: str | None) -> None:
        self.name = name
        self.bind = bind
        self.args: list[Any] = []
        self.attrs: list[tuple[str, Any]] = []
        self.variadic = False


class _Native:
    __slots__ = ("args", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self.args: list[Any] = []


_TOKEN = re.compile(
    r"\s*(?:([(){}=])|(\.\.\.)|(\$[A-Za-z_][\w]*)|(@?[A-Za-z_][\w.]*(?::\$[A-Za-z_]\w*)?))"
)


def _tokens(text: str) -> list[str]:
    text = text.replace(",", " ")
    out: list[str] = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise DRRSyntaxError(f"unexpected text at {text[pos:]!r}")
        out.append(next(g for g in m.groups() if g is not None))
        pos = m.end()
    return out


def _parse(text: str, result: bool) -> Any:
    toks = _tokens(text)
    node, i = _parse_node(toks, 0, result)
    if i != len(toks):
        raise DRRSyntaxError(f"trailing text in {text!r}")
    return node


def _parse_node(toks: list[str], i: int, result: bool) -> tuple[Any, int]:
    if i >= len(toks):
        raise DRRSyntaxError("unexpected end of rule")
    t = toks[i]
    if t.startswith("$"):
        return _Var(t[1:]), i + 1
    if t == "_" and not result:
        return _Any(), i + 1
    if t != "(":
        raise DRRSyntaxError(f"expected '(', '$name' or '_', got {t!r}")
    i += 1
    head = toks[i]
    i += 1
    if head.startswith("@"):
        if not result:
            raise DRRSyntaxError("native calls (@fn) only appear in results")
        node: Any = _Native(head[1:])
    else:
        name, _, bind = head.partition(":$")
        if "." not in name:
            raise DRRSyntaxError(f"expected an op name, got {head!r}")
        node = _OpNode(name, bind or None)
    while True:
        if i >= len(toks):
            raise DRRSyntaxError("missing ')'")
        t = toks[i]
        if t == ")":
            return node, i + 1
        if t == "...":
            if (
                result
                or not isinstance(node, _OpNode)
                or toks[i + 1 : i + 2]
                not in (
                    [")"],
                    ["{"],
                )
            ):
                raise DRRSyntaxError("'...' only ends the operands of a source op")
            node.variadic = True
            i += 1
            continue
        if t == "{":
            if not isinstance(node, _OpNode):
                raise DRRSyntaxError("attributes belong to ops")
            i += 1
            while toks[i] != "}":
                key = toks[i]
                if toks[i + 1] != "=":
                    raise DRRSyntaxError(f"expected '=' after {key!r}")
                value, i = _parse_node(toks, i + 2, result)
                if not result and not isinstance(value, _Var):
                    raise DRRSyntaxError("source attributes bind names ($a)")
                node.attrs.append((key, value))
            i += 1
            continue
        arg, i = _parse_node(toks, i, result)
        node.args.append(arg)


def _source_vars(node: Any, out: set[str]) -> int:
    """Collect bound names; returns the number of op nodes."""
    if isinstance(node, _Var):
        out.add(node.name)
        return 0
    if isinstance(node, _OpNode):
        if node.bind:
            out.add(node.bind)
        n = 1
        for a in node.args:
            n += _source_vars(a, out)
        for _, a in node.attrs:
            n += _source_vars(a, out)
        return n
    return 0


def _check_result(node: Any, bound: set[str]) -> None:
    if isinstance(node, _Var):
        if node.name not in bound:
            raise DRRSyntaxError(f"${node.name} is not bound by the source pattern")
    elif isinstance(node, (_OpNode, _Native)):
        for a in node.args:
            _check_result(a, bound)
        for _, a in getattr(node, "attrs", ()):
            _check_result(a, bound)


# --------------------------------------------------------------------------- the rule


class Pat(RewritePattern):
    """One declarative rule (see the module docstring). `NAME` is its debug name."""

    def __init__(
        self,
        source: str,
        result: str | Sequence[str],
        constraints: Sequence[Constraint] = (),
        *,
        name: str,
        benefit: int = 0,
        natives: Mapping[str, Callable[..., Any]] | None = None,
    ) -> None:
        src = _parse(source, result=False)
        if not isinstance(src, _OpNode):
            raise DRRSyntaxError("the source pattern must be an op")
        bound: set[str] = set()
        nops = _source_vars(src, bound)
        results = [result] if isinstance(result, str) else list(result)
        self._results = [_parse(r, result=True) for r in results]
        for r in self._results:
            _check_result(r, bound)
        self._source = src
        self._constraints = tuple(constraints)
        self._natives = dict(natives or {})
        self.NAME = name
        self.ROOT = src.name  # type: ignore[misc]
        self.BENEFIT = nops + benefit  # type: ignore[misc]
        self.source_text = source
        self.result_text = results

    def __repr__(self) -> str:
        return f"<Pat {self.NAME}: {self.source_text} -> {', '.join(self.result_text)}>"

    # ------------------------------------------------------------------ matching

    def match(self, op: Operation) -> Bindings | None:
        """The bindings of a match rooted at `op` (constraints checked), or None."""
        b = Bindings(op)
        if not _match_op(self._source, op, b):
            return None
        for c in self._constraints:
            if not c(b):
                return None
        return b

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        b = self.match(op)
        if b is None:
            return False
        results = self._results
        if len(results) != len(op.results):
            return False
        # A value replacing the root must have its type (checked before anything is built).
        for node, r in zip(results, op.results):
            if isinstance(node, _Var) and b[node.name].type is not r.type:
                return False
        created: list[Operation] = []
        values: list[Value] = []
        for node, r in zip(results, op.results):
            v = self._build(node, b, rewriter, op, created, r)
            if not isinstance(v, Value) or v.type is not r.type:
                for c in reversed(created):
                    if c.parent is not None and not any(x.uses for x in c.results):
                        rewriter.erase_op(c)
                return False
            values.append(v)
        rewriter.replace_op(op, values)
        return True

    # ------------------------------------------------------------------ building

    def _build(
        self,
        node: Any,
        b: Bindings,
        rewriter: PatternRewriter,
        root: Operation,
        created: list[Operation],
        replaces: Value | None,
    ) -> Any:
        if isinstance(node, _Var):
            return b[node.name]
        if isinstance(node, _Native):
            fn = self._natives.get(node.name)
            if fn is None:
                raise DRRSyntaxError(f"rule {self.NAME}: no native function @{node.name}")
            args = [self._build(a, b, rewriter, root, created, None) for a in node.args]
            out = fn(rewriter, root, *args)
            if isinstance(out, Operation):
                created.append(out)
                return out.results[0] if out.results else None
            return out
        operands = [self._build(a, b, rewriter, root, created, None) for a in node.args]
        if any(not isinstance(v, Value) for v in operands):
            return None
        attrs: dict[str, Attribute] = {}
        for key, a in node.attrs:
            v = self._build(a, b, rewriter, root, created, None)
            if not isinstance(v, Attribute):
                return None
            attrs[key] = v
        cls = OP_CLASSES.get(node.name)
        inherent = getattr(cls, "PROPERTY_NAMES", frozenset())
        props = {k: v for k, v in attrs.items() if k in inherent}
        discardable = {k: v for k, v in attrs.items() if k not in inherent}
        if replaces is not None:
            new = Operation.create(
                node.name,
                operands,
                root.result_types,
                props,
                discardable or None,
                location=root.location,
            )
        else:
            build = getattr(cls, "build", None)
            if build is None:
                raise DRRSyntaxError(
                    f"rule {self.NAME}: {node.name} has no build(); use a native call"
                )
            new = build(*operands)
            new.properties.update(props)
            new.attributes.update(discardable)
            new.location = root.location
        rewriter.insert(new)
        created.append(new)
        return new.results[0] if new.results else None


def _match_op(node: _OpNode, op: Operation, b: Bindings) -> bool:
    if op.name != node.name:
        return False
    uses = op.operand_uses
    args = node.args
    if len(uses) != len(args) and not (node.variadic and len(uses) >= len(args)):
        return False
    if node.bind is not None:
        if not op.results:
            return False
        if not _bind(b, node.bind, op.results[0]):
            return False
    for a, u in zip(args, uses):
        if not _match_value(a, u.value, b):
            return False
    for key, var in node.attrs:
        v = op.properties.get(key)
        if v is None:
            v = op.attributes.get(key)
        if v is None or not _bind(b, var.name, v):
            return False
    return True


def _match_value(node: Any, value: Value, b: Bindings) -> bool:
    cls = node.__class__
    if cls is _Var:
        return _bind(b, node.name, value)
    if cls is _Any:
        return True
    if value.__class__ is not OpResult:
        return False
    return _match_op(node, value.op, b)  # type: ignore[attr-defined]


def _bind(b: Bindings, name: str, value: Any) -> bool:
    old = b.get(name)
    if old is None:
        b[name] = value
        return True
    return old is value
