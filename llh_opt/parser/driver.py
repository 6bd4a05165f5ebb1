"""The loops that run the grammar: Lark's own driver, and a fused fast driver over the same tables.

What lives here: `FastDriver`, one tight loop doing Lark's contextual lexing (the per-state
terminal sets, priorities and keyword rules of Lark's `ContextualLexer`) and Lark's LALR(1) shift/
reduce on Lark's parse table, calling the transformer callbacks Lark bound at construction; and
`LarkDriver`, which simply calls `Lark.parse` (the reference, used when Lark's internals are not
what the fast driver expects, and in tests). Both report a rejected token as `SyntaxFailure` with
absolute offsets. What does not: the grammar, the callbacks, or turning failures into messages.

`FastDriver` reads Lark internals (the contextual lexer's per-state lexers, the LALR parse table
and callbacks), so it is written against one Lark minor series, `LARK_SERIES`; ``pyproject.toml``
pins Lark to it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from llh_opt.parser.lexemes import BARE, ID_SUFFIX, IGNORE
from llh_opt.parser.token import Token
from llh_opt.regex_cache import compile as _compile

if TYPE_CHECKING:  # Lark is imported where it is used: a run over cached tables never loads it
    from lark import Lark
    from lark.exceptions import UnexpectedInput

LARK_SERIES = (1, 3)
"""The Lark minor version `FastDriver` is written against (``lark>=1.3.1,<1.4``)."""

END = "$END"
MAX_PARSE_DEPTH = 2000
"""The deepest LALR stack `FastDriver` builds: nesting (regions, attributes, types) past it is
rejected with a located diagnostic instead of overflowing the recursive walks that follow
(verifier, passes, printer). A region level takes about 4 entries, an array attribute level 1,
a `tuple<` level 2; flat lists (ops of a block, elements of an array) take none."""
NESTING_TOO_DEEP = (
    "nesting too deep: regions, attributes and types may nest at most "
    f"{MAX_PARSE_DEPTH} parser levels"
)
_IGNORE_RE = _compile(IGNORE)
_SKIP = r"(?=(?P<_ws>" + IGNORE + r"))(?P=_ws)"
"""Blanks and comments before a token, matched atomically (a lookahead captures them, the
back-reference consumes exactly that): the regex must never back into a comment to find a token."""
_str_new = str.__new__


FAST_DEPTH = MAX_PARSE_DEPTH - 8
"""`FastOps` runs only where the token-by-token path could not reach `MAX_PARSE_DEPTH` inside
the op (its at most 7 tokens push at most one state each)."""


class SyntaxFailure(Exception):
    """The grammar rejected the input: `offset` is absolute, `state` the LALR state (or None),
    `token_type` the rejected terminal (`$END` at end of input, None if no terminal matched)."""

    def __init__(
        self,
        offset: int,
        stack: tuple[int, ...],
        token_type: str | None,
        expected: frozenset[str],
        text: str,
    ) -> None:
        super().__init__(f"syntax error at offset {offset}")
        self.offset = offset
        self.stack = stack
        self.state = stack[-1] if stack else None
        self.token_type = token_type
        self.expected = expected
        self.text = text


class LarkDriver:
    """Runs `Lark.parse` (the reference driver); tokens' positions are relative to the text."""

    def __init__(self, lark: Lark) -> None:
        self.lark = lark

    def parse(self, text: str, start: str, base: int) -> Any:
        from lark.exceptions import UnexpectedInput

        try:
            return self.lark.parse(text, start=start)
        except UnexpectedInput as e:
            raise _from_lark(e, text, base) from None


def _from_lark(e: UnexpectedInput, text: str, base: int) -> SyntaxFailure:
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    state = getattr(e, "state", None)
    stack = tuple(getattr(state, "state_stack", ()) or ())
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
    return SyntaxFailure(base + offset, stack, ttype, expected, text)


COARSE_HEADS = {
    "PROPS": r"<\{",
    "ATTR_DICT": r"\{",
    "FUNCTYPE": r":\s*\(",
    "COARSE_TYPE": r"(?:tensor|vector|memref|complex|tuple)<",
    "DENSE": r"dense<",
    "ARRAY": r"array<",
    "STRIDED": r"strided<",
    "LOC": r"loc\(",
    "HASH_ATTR": "#" + ID_SUFFIX,
    "DIALECT_TYPE": "!" + ID_SUFFIX,
}
"""A prefix of every text each coarse (bracket-balanced, hence large) terminal matches.

A state's lexer regex uses these instead of the full patterns (compiling the full patterns into
every state's alternation would cost seconds at start-up); when a head matches, the full pattern
(compiled once) decides, and if it fails the terminals after it in Lark's order are tried."""


CHECK_VIABLE = frozenset({"ATTR_DICT", "HASH_ATTR", "DIALECT_TYPE"})
"""Coarse terminals whose text another terminal of the same lexer state may also start (an
attribute dictionary `{...}` and a region's `{`; `#a`/`!t` and the next alias definition): taken
only when the parser can shift them."""


class _CoarseTerminals:
    """The full patterns of the coarse terminals, each compiled on first use.

    `matchers` maps every coarse terminal to its compiled `match` (a stub compiling the pattern
    on its first call), so the parse loop does one dict lookup per token to learn both whether
    the token is coarse and how to extend it."""

    __slots__ = ("heads", "matchers", "patterns")

    def __init__(self, patterns: dict[str, str]) -> None:
        self.patterns = patterns
        self.heads = frozenset(patterns)
        self.matchers: dict[str, Any] = {name: self._stub(name) for name in patterns}

    def _stub(self, name: str) -> Any:
        def compile_and_match(text: str, pos: int) -> Any:
            m = self.matchers[name] = _compile(self.patterns[name]).match
            return m(text, pos)

        return compile_and_match

    def match(self, name: str, text: str, pos: int) -> Any:
        return self.matchers[name](text, pos)


class _StateLexer:
    """One state's terminals (Lark's order) as a regex with heads for the coarse terminals."""

    __slots__ = ("_rest", "full", "match", "terms")

    def __init__(
        self,
        terms: list[tuple[str, str]],
        full: _CoarseTerminals,
        skip: bool,
        compiled: re.Pattern[str] | None = None,
    ) -> None:
        self.terms = terms
        self.full = full
        if compiled is None:
            compiled = re.compile(self.source(terms, full, skip))
        self.match = compiled.match
        self._rest: dict[str, _StateLexer | None] = {}

    @staticmethod
    def source(terms: list[tuple[str, str]], full: _CoarseTerminals, skip: bool) -> str:
        """The regex of a state's terminals (`compiled`, when given, was compiled from it)."""
        alternatives = "|".join(
            f"(?P<{name}>{COARSE_HEADS[name] if name in full.heads else regex})"
            for name, regex in terms
        )
        if not alternatives:
            alternatives = "(?!)"  # a state where only the end of the input is acceptable
        return (_SKIP if skip else "") + "(?:" + alternatives + ")"

    def extend(
        self, text: str, start: int, name: str, skip: bool = False
    ) -> tuple[str | None, int]:
        """The coarse terminal `name`'s head matched at `start`: the real token there (with
        `skip`, the token of the terminals after `name`)."""
        while True:
            if not skip:
                m = self.full.match(name, text, start)
                if m is not None:
                    return name, m.end()
            skip = False
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


_WHOLE_ID = r"(?![\w$.])"
_IDENTIFIER = _compile(BARE)


def _finite_language(regex: str, limit: int = 1000) -> frozenset[str] | None:
    """All strings a regex without repetition matches (None if infinite or too many)."""
    try:
        from re import _constants as C  # Python >= 3.11
        from re import _parser as P
    except ImportError:  # pragma: no cover - Python 3.10
        import sre_constants as C  # type: ignore[no-redef]
        import sre_parse as P  # type: ignore[no-redef]

    def expand(items: Any) -> list[str] | None:
        out = [""]
        for op, av in items:
            if op is C.LITERAL:
                alts: list[str] | None = [chr(av)]
            elif op is C.SUBPATTERN:
                alts = expand(av[-1])
            elif op is C.BRANCH:
                alts = []
                for branch in av[1]:
                    sub = expand(branch)
                    if sub is None:
                        return None
                    alts.extend(sub)
            elif op is C.IN:
                alts = []
                for kind, value in av:
                    if kind is C.LITERAL:
                        alts.append(chr(value))
                    elif kind is C.RANGE and value[1] - value[0] < 64:
                        alts.extend(chr(c) for c in range(value[0], value[1] + 1))
                    else:
                        return None
            elif op in (C.MAX_REPEAT, C.MIN_REPEAT) and av[1] <= 1:
                sub = expand(av[2])
                if sub is None:
                    return None
                alts = sub if av[0] == 1 else ["", *sub]
            else:
                return None
            if alts is None:
                return None
            out = [a + b for a in out for b in alts]
            if len(out) > limit:
                return None
        return out

    try:
        strings = expand(P.parse(regex))
    except Exception:  # noqa: BLE001 - anything unusual: not a finite language
        return None
    return frozenset(strings) if strings else None


GENERIC_OP_PARTS = ("RESULTS", "STRING", "OPERANDS", "PROPS", "ATTR_DICT", "FUNCTYPE", "LOC")
"""The terminals of the generic-op form `FastOps` reads in one regex, in order; all but
`STRING`, `OPERANDS` and `FUNCTYPE` optional. Successors and regions are not in it: ops with them
take the token-by-token path."""
_REQUIRED = frozenset(("STRING", "OPERANDS", "FUNCTYPE"))
_FAST_SKIP = r"(?>\s*(?://[^\n]*\s*)*)"
"""The grammar's ignored text (`WS_COMMENT`: blanks and `//` comments) as the lexer takes it
(all of it, atomically), written without a per-character alternation."""


class FastOps:
    """Whole generic operations recognized by one regex where the parser may start an operation.

    In a state with an action on an op's first token (`RESULTS` or `STRING`), one regex made of the
    grammar's own coarse terminals (`GENERIC_OP_PARTS`, with the grammar's blanks and comments
    between them, matched atomically as the lexer does) matches the whole op. The parser runs the
    reductions the op's first token causes, hands the match to the transformer's
    `generic_op_match` (which builds the op exactly as the token-by-token callbacks would) and
    pushes the state `generic_op` leads to. Anything the regex does not match (a region,
    successors, a comment inside the op, nesting the coarse terminals refuse) takes the
    token-by-token path, so the language is unchanged. Syntax errors are reported by re-parsing
    without it (`parse(..., fast_ops=False)`): the state stack at the error is then exactly Lark's."""

    __slots__ = ("build", "goto", "groups", "match")

    def __init__(self, terminals: dict[str, str], build: Any, driver: FastDriver) -> None:
        """`terminals`: the grammar's terminal regexes by name; `build`: the transformer's
        `generic_op_match`."""
        skip = _FAST_SKIP
        pieces = []
        for i, term in enumerate(GENERIC_OP_PARTS):
            piece = f"{skip}(?P<g{i}>{terminals[term]})"
            pieces.append(piece if term in _REQUIRED else f"(?:{piece})?")
        # `loc(` after the op that the coarse LOC refused is read token by token.
        pattern = _compile("".join(pieces) + f"(?!{skip}loc\\()")
        self.match = pattern.match
        self.groups = tuple(pattern.groupindex[f"g{i}"] for i in range(len(GENERIC_OP_PARTS)))
        self.build = build
        self.goto = driver._goto("generic_op")


def _reduce(act: tuple[Any, ...], state_stack: list[int], value_stack: list[Any]) -> int:
    """Apply the reduce action `act` (`(False, size, callback, goto)`): the rule's children
    leave both stacks, its callback's value and the goto state are pushed; returns that state."""
    size = act[1]
    if size:
        children = value_stack[-size:]
        del state_stack[-size:]
        del value_stack[-size:]
    else:
        children = []
    value_stack.append(act[2](children))
    state = act[3][state_stack[-1]]
    state_stack.append(state)
    return state


class FastDriver:
    """Lark's contextual lexer and LALR(1) parser fused in one loop (same tables, same callbacks).

    Tokens handed to terminal callbacks and kept in rule children are Lark `Token`s carrying
    `type`, `value` and `start_pos` (relative to the parsed text); terminals that every rule
    filters out are pushed as plain strings."""

    def __init__(self, lark: Lark) -> None:
        from lark.lexer import ContextualLexer
        from lark.parsers.lalr_analysis import Shift

        self._lark = lark
        self._fast_ops: FastOps | None = None
        frontend = lark.parser
        lexer = frontend.lexer
        if not isinstance(lexer, ContextualLexer):
            raise TypeError("the fast driver needs Lark's contextual lexer")
        lalr = frontend.parser.parser
        self._shift = Shift
        self._lexers = lexer.lexers
        self._table = lalr.parse_table
        self._callbacks = lalr.callbacks
        self._states: list[Any] = [None] * (max(self._table.states) + 1)
        self._lexer_of: dict[int, Any] = {}
        self._finite: dict[str, frozenset[str] | None] = {}
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
            lexer = self._lexer_of[id(basic)] = self._build_lexer(
                [t for t in basic.terminals if t.name not in basic.ignore_types]
            )
        actions: dict[str, tuple[Any, ...]] = {}
        callbacks = self._callbacks
        for sym, (action, arg) in self._table.states[state].items():
            if action is self._shift:
                actions[sym] = (True, arg, callbacks.get(sym), sym not in self._plain)
            else:
                actions[sym] = (
                    False,
                    len(arg.expansion),
                    callbacks[arg],
                    self._goto(arg.origin.name),
                )
        info = self._states[state] = (lexer[0], lexer[1], actions)
        return info

    def _build_lexer(self, terminals: list[Any]) -> tuple[_StateLexer, dict[str, Any] | None]:
        """A state's lexer, with keywords recognized through an identifier terminal.

        Lark's keyword rule: a string terminal that a regex terminal of the same priority
        matches entirely is recognized as that regex's token plus a dict lookup on its text. The
        same is done for a regex terminal whose language is a finite set of whole identifiers
        (the op-name groups such as `ARITH_BINOP_KW`) when the state's lexer, without it, reads
        each of its words entirely as a later terminal (`BARE_OPNAME`). Candidates are checked on
        the compiled lexer itself (a candidate that fails stays in the alternation), so no
        terminal is compiled on its own: fewer, shorter regexes at start-up, the same tokens."""
        by_name = {t.name: t for t in terminals}
        position = {t.name: i for i, t in enumerate(terminals)}
        candidates: dict[str, list[str]] = {}
        for t in terminals:
            if t.pattern.type == "str":
                if _IDENTIFIER.fullmatch(t.pattern.value):
                    candidates[t.name] = [t.pattern.value]
            else:
                lang = self._finite_identifiers(t, t.pattern.to_regexp())
                if lang:
                    candidates[t.name] = sorted(lang)
        while True:
            terms = [(t.name, t.pattern.to_regexp()) for t in terminals if t.name not in candidates]
            lexer = _StateLexer(terms, self._full, True)
            keywords: dict[str, dict[str, str]] = {}
            rejected = []
            for name, words in candidates.items():
                k = by_name[name]
                for word in words:
                    m = lexer.match(word)
                    r = m.lastgroup if m is not None and m.end() == len(word) else None
                    target = by_name.get(r) if r is not None else None
                    ok = (
                        target is not None
                        and target.pattern.type == "re"
                        and (r not in self._full.heads)
                    )
                    if ok and k.pattern.type == "str":
                        ok = (
                            target.priority == k.priority
                            and k.pattern.flags <= target.pattern.flags
                        )
                    elif ok:
                        ok = position[r] > position[name]
                    if not ok:
                        rejected.append(name)
                        break
                    keywords.setdefault(r, {})[word] = name
            if not rejected:
                return lexer, keywords or None
            for name in rejected:
                del candidates[name]

    def _finite_identifiers(self, t: Any, regex: str) -> frozenset[str] | None:
        """The language of a regex terminal written as alternatives of whole identifiers
        (ending in `(?![\\w$.])`), or None."""
        if t.name in self._finite:
            return self._finite[t.name]
        lang = None
        if t.pattern.type == "re" and regex.endswith(_WHOLE_ID):
            lang = _finite_language(regex[: -len(_WHOLE_ID)])
        self._finite[t.name] = lang
        return lang

    def _viable(self, stack: list[int], ttype: str) -> bool:
        """Whether the parser can shift `ttype` from `stack` (after its pending reductions).

        LALR merges lookaheads, so a state's lexer may accept a terminal that only another
        context can use; this tells e.g. a `{...}` attribute dictionary from a region's `{`."""
        pushed: list[int] = []
        k = len(stack)
        s = stack[-1]
        while True:
            act = (self._states[s] or self._state(s))[2].get(ttype)
            if act is None:
                return False
            if act[0]:
                return True
            size = act[1]
            if size <= len(pushed):
                del pushed[len(pushed) - size :]
            else:
                k -= size - len(pushed)
                pushed.clear()
            s = act[3][pushed[-1] if pushed else stack[k - 1]]
            pushed.append(s)

    def _goto(self, origin: str) -> dict[int, int]:
        g = self._gotos.get(origin)
        if g is None:
            g = self._gotos[origin] = {}
            for st, acts in self._table.states.items():
                entry = acts.get(origin)
                if entry is not None:
                    g[st] = entry[1]
        return g

    def _fail(self, stack: list[int], offset: int, ttype: str | None, text: str, base: int) -> None:
        expected = frozenset(s for s in self._table.states[stack[-1]] if s.isupper() or s == END)
        raise SyntaxFailure(base + offset, tuple(stack), ttype, expected, text)

    @staticmethod
    def _too_deep(offset: int) -> None:
        from llh_opt.parser.errors import ParseError  # errors imports this module

        raise ParseError(NESTING_TOO_DEEP, offset)

    def _fast_ops_run(
        self, fm: Any, state_stack: list[int], value_stack: list[Any], text: str, base: int
    ) -> int:
        """Build the generic op `fm` matched and every one that follows it (`FastOps`): for each,
        the reductions its first token causes, then the op. Returns the offset after the last."""
        fast = self._fast_ops
        assert fast is not None
        states = self._states
        match = fast.match
        build = fast.build
        groups = fast.groups
        results_group = groups[0]
        goto = fast.goto
        while True:
            if fm.regs[results_group][0] >= 0:
                first_group, first = results_group, "RESULTS"
            else:
                first_group, first = groups[1], "STRING"
            while True:
                act = (states[state_stack[-1]] or self._state(state_stack[-1]))[2].get(first)
                if act is None:
                    self._fail(state_stack, fm.start(first_group), first, text, base)
                if act[0]:
                    break
                _reduce(act, state_stack, value_stack)
            target = goto.get(state_stack[-1])
            if target is None:
                self._fail(state_stack, fm.start(first_group), first, text, base)
            value_stack.append(build(fm, groups))
            state_stack.append(target)
            pos = fm.end()
            fm = match(text, pos)
            if fm is None:
                return pos

    def fast_ops(self) -> FastOps:
        """The whole-op recognizer, built on first use (a few ms of regex compilation)."""
        if self._fast_ops is None:
            terminals, build = self._fast_ops_inputs()
            self._fast_ops = FastOps(terminals, build, self)
        return self._fast_ops

    def _fast_ops_inputs(self) -> tuple[dict[str, str], Any]:
        """The regexes of `GENERIC_OP_PARTS` and the transformer's `generic_op_match`."""
        lark = self._lark
        terminals = {t.name: t.pattern.to_regexp() for t in lark.terminals}
        return terminals, lark.options.transformer.generic_op_match

    def parse(self, text: str, start: str, base: int, fast_ops: bool = False) -> Any:
        """Run the grammar over `text` from `start` (`base`: the absolute offset of `text`).

        With `fast_ops`, whole generic operations are read by `FastOps`; a syntax error is then
        raised as `SyntaxFailure` too, but its state stack may differ from Lark's: callers re-parse
        without it to report the error."""
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
        coarse = self._full.matchers.get
        checked = CHECK_VIABLE
        reduce = _reduce
        fast = self.fast_ops() if fast_ops else None
        while True:
            lexer, keywords, actions = states[state] or self._state(state)
            # A state that can start an op (shift its first token, or reduce before it).
            if (
                fast is not None
                and "STRING" in actions
                and "RESULTS" in actions
                and len(state_stack) < FAST_DEPTH
            ):
                fm = fast.match(text, pos)  # type: ignore[union-attr]
                if fm is not None:
                    pos = self._fast_ops_run(fm, state_stack, value_stack, text, base)
                    state = state_stack[-1]
                    continue
            m = lexer.match(text, pos)
            if m is None:
                pos = ignore(text, pos).end()
                if pos < n:
                    self._fail(state_stack, pos, None, text, base)
                ttype = END
                tstart = n
                value = ""
            else:
                ttype = m.lastgroup
                tstart, pos = m.span(ttype)
                extend = coarse(ttype)
                if extend is not None:
                    m2 = extend(text, tstart)
                    if m2 is not None:
                        pos = m2.end()
                    else:
                        ttype, pos = lexer.extend(text, tstart, ttype)
                        if ttype is None:
                            self._fail(state_stack, tstart, None, text, base)
                    if ttype in checked and not self._viable(state_stack, ttype):
                        ttype, pos = lexer.extend(text, tstart, ttype, skip=True)
                        if ttype is None:
                            self._fail(state_stack, tstart, None, text, base)
                value = text[tstart:pos]
                if keywords is not None:
                    kw = keywords.get(ttype)
                    if kw is not None:
                        ttype = kw.get(value, ttype)
            while True:
                act = actions.get(ttype)
                if act is None:
                    self._fail(state_stack, tstart, ttype, text, base)
                if act[0]:
                    state = act[1]
                    push_state(state)
                    if len(state_stack) > MAX_PARSE_DEPTH:
                        self._too_deep(base + tstart)
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
                state = reduce(act, state_stack, value_stack)
                if state == end_state and ttype == END:
                    return value_stack[-1]
                actions = (states[state] or self._state(state))[2]
