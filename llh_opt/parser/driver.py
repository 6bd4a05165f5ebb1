"""The loops that run the grammar: Lark's own driver, and a fused fast driver over the same tables.

What lives here: `FastDriver`, one tight loop doing Lark's contextual lexing (the per-state
terminal sets, priorities and keyword rules of Lark's `ContextualLexer`) and Lark's LALR(1) shift/
reduce on Lark's parse table, calling the transformer callbacks Lark bound at construction; and
`LarkDriver`, which simply calls `Lark.parse` (the reference, used when Lark's internals are not
what the fast driver expects, and in tests). Both report a rejected token as `SyntaxFailure` with
absolute offsets. What does not: the grammar, the callbacks, or turning failures into messages.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

END = "$END"
_IGNORE = r"(?:\s|//[^\n]*)*"
_IGNORE_RE = re.compile(_IGNORE)
_str_new = str.__new__


class SyntaxFailure(Exception):
    """The grammar rejected the input: `offset` is absolute, `state` the LALR state (or None),
    `token_type` the rejected terminal (`$END` at end of input, None if no terminal matched)."""

    def __init__(
        self, offset: int, state: int | None, token_type: str | None, expected: frozenset[str],
        text: str,
    ) -> None:
        super().__init__(f"syntax error at offset {offset}")
        self.offset = offset
        self.state = state
        self.token_type = token_type
        self.expected = expected
        self.text = text


class LarkDriver:
    """Runs `Lark.parse` (the reference driver); tokens' positions are relative to the text."""

    def __init__(self, lark: Lark) -> None:
        self.lark = lark

    def parse(self, text: str, start: str, base: int) -> Any:
        try:
            return self.lark.parse(text, start=start)
        except UnexpectedInput as e:
            raise _from_lark(e, text, base) from None


def _from_lark(e: UnexpectedInput, text: str, base: int) -> SyntaxFailure:
    state = getattr(e, "state", None)
    position = getattr(state, "position", None)
    if isinstance(e, UnexpectedToken):
        tok = e.token
        ttype = tok.type
        offset = len(text) if ttype == END else (tok.start_pos or 0)
        expected = frozenset(e.expected or ())
    elif isinstance(e, UnexpectedCharacters):
        ttype = None
        offset = e.pos_in_stream
        expected = frozenset(e.allowed or ())
    else:
        assert isinstance(e, UnexpectedEOF)
        ttype = END
        offset = len(text)
        expected = frozenset(e.expected or ())
    return SyntaxFailure(base + offset, position, ttype, expected, text)


COARSE_HEADS = {
    "PROPS": r"<\{",
    "ATTR_DICT": r"\{",
    "FUNCTYPE": r":\s*\(",
    "COARSE_TYPE": r"(?:tensor|vector|memref|complex|tuple)<",
    "DENSE": r"dense<",
    "ARRAY": r"array<",
    "STRIDED": r"strided<",
    "LOC": r"loc\(",
    "HASH_ATTR": r"#(?:[0-9]+|[A-Za-z$._\-][\w$.\-]*)",
    "DIALECT_TYPE": r"!(?:[0-9]+|[A-Za-z$._\-][\w$.\-]*)",
}
"""A prefix of every text each coarse (bracket-balanced, hence large) terminal matches.

A state's lexer regex uses these instead of the full patterns (compiling the full patterns into
every state's alternation would cost seconds at start-up); when a head matches, the full pattern
(compiled once) decides, and if it fails the terminals after it in Lark's order are tried."""


class _CoarseTerminals:
    """The full patterns of the coarse terminals, compiled on first use."""

    __slots__ = ("patterns", "compiled", "heads")

    def __init__(self, patterns: dict[str, str]) -> None:
        self.patterns = patterns
        self.compiled: dict[str, Any] = {}
        self.heads = frozenset(patterns)

    def match(self, name: str, text: str, pos: int) -> Any:
        m = self.compiled.get(name)
        if m is None:
            m = self.compiled[name] = re.compile(self.patterns[name]).match
        return m(text, pos)


class _StateLexer:
    """One state's terminals (Lark's order) as a regex with heads for the coarse terminals."""

    __slots__ = ("terms", "full", "match", "_rest")

    def __init__(self, terms: list[tuple[str, str]], full: _CoarseTerminals, skip: bool) -> None:
        self.terms = terms
        self.full = full
        alternatives = "|".join(
            f"(?P<{name}>{COARSE_HEADS[name] if name in full.heads else regex})"
            for name, regex in terms
        )
        self.match = re.compile((_IGNORE if skip else "") + "(?:" + alternatives + ")").match
        self._rest: dict[str, _StateLexer | None] = {}

    def extend(self, text: str, start: int, name: str) -> tuple[str | None, int]:
        """The coarse terminal `name`'s head matched at `start`: the real token there."""
        while True:
            m = self.full.match(name, text, start)
            if m is not None:
                return name, m.end()
            rest = self._after(name)
            if rest is None:
                return None, start
            m = rest.match(text, start)
            if m is None:
                return None, start
            name = m.lastgroup
            if name not in self.full.heads:
                return name, m.end()
            self = rest  # noqa: PLW0642 - continue with the terminals after `name`

    def _after(self, name: str) -> _StateLexer | None:
        if name not in self._rest:
            i = [t[0] for t in self.terms].index(name)
            rest = self.terms[i + 1 :]
            self._rest[name] = _StateLexer(rest, self.full, False) if rest else None
        return self._rest[name]


class FastDriver:
    """Lark's contextual lexer and LALR(1) parser fused in one loop (same tables, same callbacks).

    Tokens handed to terminal callbacks and kept in rule children are Lark `Token`s carrying
    `type`, `value` and `start_pos` (relative to the parsed text); terminals that every rule
    filters out are pushed as plain strings."""

    def __init__(self, lark: Lark) -> None:
        from lark.lexer import ContextualLexer, _create_unless
        from lark.parsers.lalr_analysis import Shift

        frontend = lark.parser
        lexer = frontend.lexer
        if not isinstance(lexer, ContextualLexer):
            raise TypeError("the fast driver needs Lark's contextual lexer")
        lalr = frontend.parser.parser
        self._create_unless = _create_unless
        self._shift = Shift
        self._lexers = lexer.lexers
        self._table = lalr.parse_table
        self._callbacks = lalr.callbacks
        self._states: list[Any] = [None] * (max(self._table.states) + 1)
        self._lexer_of: dict[int, Any] = {}
        self._full = _CoarseTerminals(
            {t.name: t.pattern.to_regexp() for t in lark.terminals if t.name in COARSE_HEADS}
        )
        self._gotos: dict[str, dict[int, int]] = {}
        kept: set[str] = set()
        filtered: set[str] = set()
        for rule in lark.rules:
            keep_all = rule.options.keep_all_tokens
            for sym in rule.expansion:
                if sym.is_term:
                    (filtered if sym.filter_out and not keep_all else kept).add(sym.name)
        self._plain = frozenset(filtered - kept)
        # Fail now (not mid-parse) if the lexer internals are not what we expect.
        self._state(self._table.start_states["start"])

    def _state(self, state: int) -> tuple[Any, Any, dict[str, tuple[Any, ...]]]:
        """(lexer, keyword maps or None, actions) of a parser state, built on first visit.

        Actions: `(True, next_state, terminal_callback, keep_token)` for a shift,
        `(False, size, callback, goto)` for a reduce, where `goto` maps each state to the state
        reached after reducing to this rule's nonterminal from it."""
        info = self._states[state]
        if info is not None:
            return info
        basic = self._lexers[state]
        lexer = self._lexer_of.get(id(basic))
        if lexer is None:
            terminals, unless = self._create_unless(
                list(basic.terminals), basic.g_regex_flags, basic.re, basic.use_bytes
            )
            keywords: dict[str, dict[str, str]] | None = None
            for name, cb in unless.items():
                if keywords is None:
                    keywords = {}
                keywords[name] = {t.pattern.value: t.name for t in cb.scanner.terminals}
            terms = [
                (t.name, t.pattern.to_regexp()) for t in terminals if t.name not in basic.ignore_types
            ]
            lexer = self._lexer_of[id(basic)] = (_StateLexer(terms, self._full, True), keywords)
        actions: dict[str, tuple[Any, ...]] = {}
        callbacks = self._callbacks
        for sym, (action, arg) in self._table.states[state].items():
            if action is self._shift:
                actions[sym] = (True, arg, callbacks.get(sym), sym not in self._plain)
            else:
                actions[sym] = (
                    False, len(arg.expansion), callbacks[arg], self._goto(arg.origin.name)
                )
        info = self._states[state] = (lexer[0], lexer[1], actions)
        return info

    def _goto(self, origin: str) -> dict[int, int]:
        g = self._gotos.get(origin)
        if g is None:
            g = self._gotos[origin] = {}
            for st, acts in self._table.states.items():
                entry = acts.get(origin)
                if entry is not None:
                    g[st] = entry[1]
        return g

    def _fail(self, state: int, offset: int, ttype: str | None, text: str, base: int) -> None:
        expected = frozenset(s for s in self._table.states[state] if s.isupper() or s == END)
        raise SyntaxFailure(base + offset, state, ttype, expected, text)

    def parse(self, text: str, start: str, base: int) -> Any:  # noqa: C901 - the hot loop
        table = self._table
        state = table.start_states[start]
        end_state = table.end_states[start]
        state_stack = [state]
        value_stack: list[Any] = []
        push_state = state_stack.append
        push_value = value_stack.append
        states = self._states
        new_token = _str_new
        token_class = Token
        ignore = _IGNORE_RE.match
        n = len(text)
        pos = 0
        full = self._full
        coarse = full.heads
        compiled = full.compiled
        while True:
            lexer, keywords, actions = states[state] or self._state(state)
            m = lexer.match(text, pos)
            if m is None:
                pos = ignore(text, pos).end()
                if pos < n:
                    self._fail(state, pos, None, text, base)
                ttype = END
                tstart = n
                value = ""
            else:
                ttype = m.lastgroup
                tstart, pos = m.span(ttype)
                if ttype in coarse:
                    fm = compiled.get(ttype)
                    m2 = fm(text, tstart) if fm is not None else None
                    if m2 is not None:
                        pos = m2.end()
                    else:
                        ttype, pos = lexer.extend(text, tstart, ttype)
                        if ttype is None:
                            self._fail(state, tstart, None, text, base)
                value = text[tstart:pos]
                if keywords is not None:
                    kw = keywords.get(ttype)
                    if kw is not None:
                        ttype = kw.get(value, ttype)
            while True:
                act = actions.get(ttype)
                if act is None:
                    self._fail(state, tstart, ttype, text, base)
                if act[0]:
                    state = act[1]
                    push_state(state)
                    if act[3]:
                        tok = new_token(token_class, value)
                        tok.type = ttype
                        tok.value = value
                        tok.start_pos = tstart
                        cb = act[2]
                        push_value(tok if cb is None else cb(tok))
                    else:
                        push_value(value)
                    break
                size = act[1]
                if size:
                    children = value_stack[-size:]
                    del state_stack[-size:]
                    del value_stack[-size:]
                else:
                    children = []
                result = act[2](children)
                state = act[3][state_stack[-1]]
                push_state(state)
                push_value(result)
                if state == end_state and ttype == END:
                    return result
                actions = (states[state] or self._state(state))[2]
