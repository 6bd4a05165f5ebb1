"""The parser's tables as plain data, cached on disk, and the driver that runs them without Lark.

What lives here: `derive_tables` (run once, with Lark loaded: the LALR table, every state's lexer
as `FastDriver` builds it -- terminal regexes in Lark's order, keyword maps -- with each lexer's
compiled regex program, the shape of every callback Lark composed, the coarse terminals' patterns,
the string terminals' texts), `load_tables` (those tables from a file in the user's cache
directory, keyed by everything they are derived from: the grammar, the modules that derive them,
the Lark release and the Python build; rebuilt and rewritten when missing or stale) and
`TableDriver`, `FastDriver`'s parse loop over them: the Builder's callbacks are composed the way
Lark composes them (children filtered, `_rule`s inlined, `?rule`s expanded when they have one
child, `[x]` placeholders), so a run that finds the tables imports no Lark at all (start-up time).
What does not: the parse loop itself (``driver.py``), the grammar, the callbacks, Lark's set-up
(``grammar_loader.py``).

The lexers' regexes are kept as compiled programs (``regex_cache.py``): loading one costs
microseconds where compiling the pattern costs a millisecond; the Python build is in the key.
"""

from __future__ import annotations

import marshal
import os
import sys
from collections.abc import Callable, Mapping
from typing import Any

import _sre

from llh_opt.parser.driver import GENERIC_OP_PARTS, FastDriver, _CoarseTerminals, _StateLexer
from llh_opt.regex_cache import load_regex, regex_program
from llh_opt.user_cache import keep_fresh, prune, publish, read

__all__ = ["Node", "TableDriver", "derive_tables", "load_tables", "tables_key"]

FORMAT = 2
"""The layout of the cached data; bumped when `derive_tables`' output changes shape."""

_KEY_SOURCES = (
    ("parser", "driver.py"),
    ("parser", "tables.py"),
    ("parser", "lexemes.py"),
    ("parser", "grammar_loader.py"),
    ("ir", "lexicon.py"),
)
"""The modules (under ``llh_opt/``) whose code decides the tables' content."""

_HERE = os.path.dirname(os.path.abspath(__file__))


# --------------------------------------------------------------------------- callbacks


class Node:
    """What a rule without a Builder method (an inlined `_rule`) builds: its name and children
    (Lark builds a `Tree`; the parent's callback takes the children out of it)."""

    __slots__ = ("children", "data")

    def __init__(self, data: str, children: list[Any]) -> None:
        self.data = data
        self.children = children


class _MakeNode:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __call__(self, children: list[Any]) -> Node:
        return Node(self.name, children)


class _ExpandSingle:
    """`?rule`: a single child is passed up as it is."""

    __slots__ = ("inner",)

    def __init__(self, inner: Callable[[list[Any]], Any]) -> None:
        self.inner = inner

    def __call__(self, children: list[Any]) -> Any:
        if len(children) == 1:
            return children[0]
        return self.inner(children)


class _FilterChildren:
    """The children a rule's callback sees: filtered-out terminals dropped, inlined `_rule`s'
    children spliced in, `None` for each absent `[x]` (`include`: (index, splice, Nones before
    it) triples; `trailing`: Nones after the last)."""

    __slots__ = ("include", "inner", "trailing")

    def __init__(
        self,
        include: tuple[tuple[int, bool, int], ...],
        trailing: int,
        inner: Callable[[list[Any]], Any],
    ) -> None:
        self.include = include
        self.trailing = trailing
        self.inner = inner

    def __call__(self, children: list[Any]) -> Any:
        out: list[Any] = []
        for i, splice, nones in self.include:
            if nones:
                out.extend([None] * nones)
            if splice:
                if out:
                    out.extend(children[i].children)
                else:  # the first child's list is reused (left recursion: no copying)
                    out = children[i].children
            else:
                out.append(children[i])
        if self.trailing:
            out.extend([None] * self.trailing)
        return self.inner(out)


def compose_callback(
    shape: tuple[Any, ...], methods: Mapping[str, Callable[[list[Any]], Any]]
) -> Callable[[list[Any]], Any]:
    """A rule's callback from its shape `(target, expand_single, include, trailing)`:
    `target` is ("m", method name) or ("n", node name); `include` is None when the rule passes
    its children unchanged. `methods`: the Builder's methods, looked up before any parse (as
    Lark does: a session attribute such as `regions` later hides the method of that name)."""
    (kind, name), expand_single, include, trailing = shape
    f: Callable[[list[Any]], Any] = methods[name] if kind == "m" else _MakeNode(name)
    if expand_single:
        f = _ExpandSingle(f)
    if include is not None:
        f = _FilterChildren(include, trailing, f)
    return f


def _callback_shape(rule: Any, callback: Any, builder: Any) -> tuple[Any, ...]:
    """The shape of the callback Lark composed for `rule` (checked against what it is)."""
    from lark.parse_tree_builder import (
        ChildFilterLALR,
        ChildFilterLALR_NoPlaceholders,
        ExpandSingleChild,
    )
    from lark.tree import Tree

    f = callback
    include: tuple[tuple[int, bool, int], ...] | None = None
    trailing = 0
    if isinstance(f, ChildFilterLALR):
        include = tuple((int(i), bool(x), int(n)) for i, x, n in f.to_include)
        trailing = int(f.append_none)
        f = f.node_builder
    elif isinstance(f, ChildFilterLALR_NoPlaceholders):
        include = tuple((int(i), bool(x), 0) for i, x in f.to_include)
        f = f.node_builder
    expand_single = isinstance(f, ExpandSingleChild)
    if expand_single:
        f = f.node_builder
    name = rule.alias or rule.options.template_source or rule.origin.name
    if getattr(f, "func", None) is Tree and getattr(f, "args", None) == (name,):
        if hasattr(builder, name):
            raise TypeError(f"rule {name}: Lark did not use the Builder's method")
        target = ("n", name)
    elif getattr(f, "__self__", None) is builder and getattr(f, "__func__", None) is getattr(
        getattr(builder, name, None), "__func__", ()
    ):
        target = ("m", name)
    else:
        raise TypeError(f"rule {name}: a callback of an unexpected kind ({f!r})")
    return (target, expand_single, include, trailing)


# --------------------------------------------------------------------------- deriving


def derive_tables(lark: Any, builder: Any) -> dict[str, Any]:
    """The tables of a `Lark` built with `builder` as its transformer (plain, marshal-able)."""
    from lark.parsers.lalr_analysis import Shift

    driver = FastDriver(lark)
    lalr = lark.parser.parser.parser
    table = lalr.parse_table
    rules: list[tuple[str, int, tuple[Any, ...]]] = []
    rule_index: dict[Any, int] = {}
    terminal_callbacks: list[str] = []
    for key, callback in lalr.callbacks.items():
        if isinstance(key, str):
            if getattr(callback, "__self__", None) is not builder or getattr(
                callback, "__func__", None
            ) is not getattr(getattr(builder, key, None), "__func__", ()):
                raise TypeError(f"terminal {key}: a callback of an unexpected kind")
            terminal_callbacks.append(key)
            continue
        rule_index[key] = len(rules)
        rules.append((key.origin.name, len(key.expansion), _callback_shape(key, callback, builder)))
    origins = {name for name, _, _ in rules}
    states: dict[int, dict[str, tuple[int, int]]] = {}
    gotos: dict[str, dict[int, int]] = {name: {} for name in origins}
    for state, actions in table.states.items():
        out: dict[str, tuple[int, int]] = {}
        for sym, (action, arg) in actions.items():
            if action is Shift:
                out[sym] = (1, int(arg))
                if sym in origins:
                    gotos[sym][int(state)] = int(arg)
            else:
                out[sym] = (0, rule_index[arg])
        states[int(state)] = out
    if sorted(states) != list(range(len(states))):
        raise ValueError("Lark's states are not numbered 0..n-1")
    lexers: list[tuple[Any, ...]] = []
    lexer_index: dict[int, int] = {}
    lexer_of_state: dict[int, int] = {}
    for state in states:
        lexer, keywords, _actions = driver._state(state)
        i = lexer_index.get(id(lexer))
        if i is None:
            i = lexer_index[id(lexer)] = len(lexers)
            pattern = lexer.match.__self__
            if pattern.pattern != _StateLexer.source(lexer.terms, driver._full, True):
                raise ValueError("a state lexer's regex is not the one its terminals give")
            lexers.append(
                (
                    [(str(n), str(r)) for n, r in lexer.terms],
                    {t: dict(words) for t, words in (keywords or {}).items()} or None,
                    _program(pattern.pattern),
                )
            )
        lexer_of_state[state] = i
    return _plain_data(
        {
            "format": FORMAT,
            "start_states": {str(k): int(v) for k, v in table.start_states.items()},
            "end_states": {str(k): int(v) for k, v in table.end_states.items()},
            "states": [marshal.dumps(_plain_data(states[i])) for i in range(len(states))],
            "rules": rules,
            "gotos": gotos,
            "terminals": sorted(t.name for t in lark.terminals),
            "terminal_callbacks": terminal_callbacks,
            "plain": sorted(driver._plain),
            "coarse": dict(driver._full.patterns),
            "fast_op_terminals": {
                t.name: t.pattern.to_regexp() for t in lark.terminals if t.name in GENERIC_OP_PARTS
            },
            "lexers": [marshal.dumps(_plain_data(x)) for x in lexers],
            "lexer_of_state": lexer_of_state,
            "terminal_text": {
                t.name: t.pattern.value for t in lark.terminals if t.pattern.type == "str"
            },
        }
    )


def _plain_data(obj: Any) -> Any:
    """`obj` with every str / int subclass (Lark's names are `Token`s) made a plain one."""
    if isinstance(obj, (bool, bytes)) or obj is None:
        return obj
    if isinstance(obj, str):
        return str.__str__(obj)
    if isinstance(obj, int):
        return int(obj)
    if isinstance(obj, dict):
        return {_plain_data(k): _plain_data(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_plain_data(x) for x in obj]
    if isinstance(obj, tuple):
        return tuple(_plain_data(x) for x in obj)
    raise TypeError(f"not plain data: {type(obj).__name__}")


def _program(pattern: str) -> tuple[Any, ...]:
    program = regex_program(pattern, 0)
    if program is None:
        raise ValueError(f"no regex program for {pattern[:40]!r}")
    return program


def fits_builder(tables: Mapping[str, Any], builder: Any) -> bool:
    """Whether the tables' callback shapes still match `builder`'s methods (a method added for a
    rule or terminal, or one removed, makes Lark compose differently: the tables are rebuilt)."""
    for _origin, _size, ((kind, name), _e, _i, _t) in tables["rules"]:
        method = getattr(builder, name, None)
        if (method is not None) != (kind == "m"):
            return False
        if method is not None and getattr(method, "visit_wrapper", None) is not None:
            return False
    with_callback = set(tables["terminal_callbacks"])
    return all((hasattr(builder, t)) == (t in with_callback) for t in tables["terminals"])


# --------------------------------------------------------------------------- the cache


def tables_key(grammar: str) -> str:
    """Everything the tables are derived from, as one string (compared exactly on load)."""
    parts = [
        f"format {FORMAT}",
        sys.version,
        f"sre {_sre.MAGIC} {getattr(_sre, 'CODESIZE', '')}",
        _lark_release(),
        grammar,
    ]
    root = os.path.dirname(_HERE)
    for package, name in _KEY_SOURCES:
        try:
            with open(os.path.join(root, package, name), encoding="utf-8") as f:
                parts.append(f.read())
        except OSError:
            parts.append(f"<no {package}/{name}>")
    return "\n\x00".join(parts)


def _lark_release() -> str:
    """Lark's installed release, without importing Lark (its `__init__` file's size and time)."""
    import importlib.util

    spec = importlib.util.find_spec("lark")
    origin = spec.origin if spec is not None else None
    if not origin:
        return "lark: none"
    try:
        st = os.stat(origin)
    except OSError:
        return f"lark: {origin}"
    return f"lark: {origin} {st.st_size} {st.st_mtime_ns}"


def _file_name(key: str) -> str:
    import binascii

    crc = binascii.crc32(key.encode("utf-8", "surrogatepass"))
    return f"parser-tables-{crc:08x}-{len(key)}-py{sys.version_info[0]}{sys.version_info[1]}.bin"


def load_tables(grammar: str, builder: Any, build: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The tables for `grammar`: from the cache file if it holds them for exactly this key,
    else `build()` (written to the first usable cache directory; kept in memory if none is)."""
    key = tables_key(grammar)
    name = _file_name(key)
    for path, data in read(name):
        try:
            stored = marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            continue
        if (
            isinstance(stored, tuple)
            and len(stored) == 2
            and stored[0] == key
            and isinstance(stored[1], dict)
            and stored[1].get("format") == FORMAT
            and fits_builder(stored[1], builder)
        ):
            keep_fresh(path)
            return stored[1]
    tables = build()
    directory = publish(name, marshal.dumps((key, tables)))
    if directory is not None:
        prune(directory, "parser-tables-", name[name.rindex("-") :])
    return tables


# --------------------------------------------------------------------------- the driver


class _States:
    """`states[s]`: state `s`'s actions (symbol → (shift?, next state or rule)), decoded from
    its marshalled form on first use (a run visits a few dozen of the ~1200 states)."""

    __slots__ = ("_decoded", "_encoded")

    def __init__(self, encoded: list[bytes]) -> None:
        self._encoded = encoded
        self._decoded: list[dict[str, tuple[int, int]] | None] = [None] * len(encoded)

    def __len__(self) -> int:
        return len(self._encoded)

    def __getitem__(self, state: int) -> dict[str, tuple[int, int]]:
        actions = self._decoded[state]
        if actions is None:
            actions = self._decoded[state] = marshal.loads(self._encoded[state])
        return actions


class _Table:
    """The parse table as `FastDriver` reads it: `states[s]` maps each symbol to its action,
    `start_states` / `end_states` map start symbols to states."""

    __slots__ = ("end_states", "start_states", "states")

    def __init__(self, tables: Mapping[str, Any]) -> None:
        self.states = _States(tables["states"])
        self.start_states: dict[str, int] = tables["start_states"]
        self.end_states: dict[str, int] = tables["end_states"]


class TableDriver(FastDriver):
    """`FastDriver` over cached tables: same loop, same lexers, callbacks composed from the
    tables' shapes (each state's lexer and actions built on its first visit)."""

    def __init__(self, tables: Mapping[str, Any], builder: Any) -> None:
        self._table = _Table(tables)
        self._rules: list[tuple[str, int, tuple[Any, ...]]] = tables["rules"]
        self._methods = {
            name: getattr(builder, name)
            for _o, _s, ((kind, name), _e, _i, _t) in self._rules
            if kind == "m"
        }
        self._rule_callbacks: list[Any] = [None] * len(self._rules)
        self._callbacks = {t: getattr(builder, t) for t in tables["terminal_callbacks"]}
        self._gotos = tables["gotos"]
        self._plain = frozenset(tables["plain"])
        self._full = _CoarseTerminals(tables["coarse"])
        self._fast_op_terminals: dict[str, str] = tables["fast_op_terminals"]
        self._builder = builder
        self._fast_ops = None
        self._lexer_specs: list[bytes] = tables["lexers"]
        self._lexer_of_state: dict[int, int] = tables["lexer_of_state"]
        self._lexers_built: list[Any] = [None] * len(self._lexer_specs)
        self._states = [None] * len(self._table.states)
        self._finite = {}

    def _state(self, state: int) -> tuple[Any, Any, dict[str, tuple[Any, ...]]]:
        info = self._states[state]
        if info is not None:
            return info
        i = self._lexer_of_state[state]
        lexer = self._lexers_built[i]
        if lexer is None:
            terms, keywords, program = marshal.loads(self._lexer_specs[i])
            lexer = self._lexers_built[i] = (
                _StateLexer(terms, self._full, True, load_regex(program)),
                keywords,
            )
        actions: dict[str, tuple[Any, ...]] = {}
        callbacks = self._callbacks
        plain = self._plain
        for sym, (shift, arg) in self._table.states[state].items():
            if shift:
                actions[sym] = (True, arg, callbacks.get(sym), sym not in plain)
            else:
                origin, size, shape = self._rules[arg]
                cb = self._rule_callbacks[arg]
                if cb is None:
                    cb = self._rule_callbacks[arg] = compose_callback(shape, self._methods)
                actions[sym] = (False, size, cb, self._gotos[origin])
        info = self._states[state] = (lexer[0], lexer[1], actions)
        return info

    def _goto(self, origin: str) -> dict[int, int]:
        return self._gotos[origin]  # type: ignore[no-any-return]

    def _fast_ops_inputs(self) -> tuple[dict[str, str], Any]:
        return self._fast_op_terminals, self._builder.generic_op_match
