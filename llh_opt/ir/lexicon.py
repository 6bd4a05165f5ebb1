"""The lexical language of the textual form, taken from the grammar: `terminal(name)`.

What lives here: `grammar_text()` (the text of ``grammar/mlir.lark``, read once per process) and
`terminal(name)`, the Python regex of one of the grammar's terminals, expanded the way Lark expands
it, so that every piece of code that recognizes a lexeme outside Lark (the parser's fast paths in
``parser/lexemes.py`` and its driver, the dialect-attribute body parser in ``ir/attr_body.py``)
takes it from the grammar instead of keeping a copy. It sits in ``ir/`` because the dialects' hooks
need it and they may not import the parser. What does not: the grammar itself, Lark, and any
parsing.
"""

from __future__ import annotations

import os
import re

from llh_opt.regex_cache import compile as _compile

__all__ = ["grammar_text", "terminal"]

_GRAMMAR_TEXT: str | None = None


def grammar_text() -> str:
    """The text of ``mlir.lark`` (the package data of ``llh_opt.grammar``), read once per
    process (the parser's Lark set-up and `terminal` share it)."""
    global _GRAMMAR_TEXT
    if _GRAMMAR_TEXT is None:
        try:
            text = _read_package_grammar()
        except (ModuleNotFoundError, FileNotFoundError):  # running from a source tree
            here = os.path.dirname(os.path.abspath(__file__))
            path = os.path.join(here, "..", "..", "grammar", "mlir.lark")
            with open(path, encoding="utf-8") as f:
                text = f.read()
        _GRAMMAR_TEXT = text
    return _GRAMMAR_TEXT


def _read_package_grammar() -> str:
    """``mlir.lark`` from the installed package: read as a plain file when the package is a
    directory (no `importlib.resources`, which costs milliseconds of start-up), else through
    `importlib.resources` (a zipped install)."""
    import importlib.util

    spec = importlib.util.find_spec("llh_opt.grammar")
    if spec is None:
        raise ModuleNotFoundError("llh_opt.grammar")
    for directory in spec.submodule_search_locations or ():
        path = os.path.join(directory, "mlir.lark")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                return f.read()
    from importlib import resources

    return resources.files("llh_opt.grammar").joinpath("mlir.lark").read_text("utf-8")


# `NAME(.priority)?: definition` at the start of a line; terminal names are upper case.
_TERMINAL_DEF_RE = _compile(r"^(_?[A-Z][A-Z0-9_]*)(?:\.-?[0-9]+)?[ \t]*:[ \t]*(.+)$", re.M)
# The pieces of a terminal definition: a string, a regex (with flags), a name, an operator.
_PIECE_RE = _compile(
    r'\s*(?:("(?:[^"\\]|\\.)*")|/((?:[^/\\\n]|\\.)+)/([imslux]*)|(_?[A-Z][A-Z0-9_]*)|([()|?*+]))'
)


def _read_terminals(text: str) -> dict[str, str]:
    return {m.group(1): m.group(2).strip() for m in _TERMINAL_DEF_RE.finditer(text)}


class _TerminalCompiler:
    """Expands Lark's terminal syntax (strings, `/regex/flags`, terminal names, grouping,
    `|`, `?`, `*`, `+`) into one Python regex, the way Lark inlines terminal references."""

    __slots__ = ("definitions", "done", "pieces", "pos")

    def __init__(self, definitions: dict[str, str]) -> None:
        self.definitions = definitions
        self.done: dict[str, str] = {}
        self.pieces: list[tuple[str, ...]] = []
        self.pos = 0

    def compile(self, name: str) -> str:
        pattern = self.done.get(name)
        if pattern is None:
            source = self.definitions.get(name)
            if source is None:
                raise KeyError(f"grammar/mlir.lark defines no terminal {name}")
            saved = self.pieces, self.pos
            self.pieces, self.pos = self._split(name, source), 0
            pattern = self._alternatives()
            if self.pos != len(self.pieces):
                raise ValueError(f"terminal {name}: cannot read {source!r}")
            self.pieces, self.pos = saved
            self.done[name] = pattern
        return pattern

    @staticmethod
    def _split(name: str, source: str) -> list[tuple[str, ...]]:
        pieces: list[tuple[str, ...]] = []
        pos = 0
        source = source.rstrip()
        while pos < len(source):
            m = _PIECE_RE.match(source, pos)
            if m is None or m.end() == pos:
                raise ValueError(f"terminal {name}: unsupported syntax at {source[pos:]!r}")
            string, regex, flags, ref, op = m.groups()
            if string is not None:
                value = string[1:-1].replace('\\"', '"').replace("\\\\", "\\")
                pieces.append(("str", re.escape(value)))
            elif regex is not None:
                pieces.append(("re", f"(?{flags}:{regex})" if flags else regex))
            elif ref is not None:
                pieces.append(("ref", ref))
            else:
                pieces.append(("op", op))
            pos = m.end()
        return pieces

    def _peek(self) -> tuple[str, ...] | None:
        return self.pieces[self.pos] if self.pos < len(self.pieces) else None

    def _alternatives(self) -> str:
        options = [self._sequence()]
        while self._peek() == ("op", "|"):
            self.pos += 1
            options.append(self._sequence())
        return options[0] if len(options) == 1 else "(?:" + "|".join(options) + ")"

    def _sequence(self) -> str:
        parts: list[str] = []
        while True:
            piece = self._peek()
            if piece is None or piece in (("op", "|"), ("op", ")")):
                return "".join(parts)
            self.pos += 1
            kind, value = piece
            if kind == "op" and value == "(":
                item = self._alternatives()
                if self._peek() != ("op", ")"):
                    raise ValueError("unbalanced '(' in a terminal")
                self.pos += 1
            elif kind == "op":
                raise ValueError(f"unexpected {value!r} in a terminal")
            elif kind == "ref":
                item = self.compile(value)
            else:
                item = value
            following = self._peek()
            if following is not None and following[0] == "op" and following[1] in "?*+":
                self.pos += 1
                item = f"(?:{item}){following[1]}"
            parts.append(item)


_TERMINALS: _TerminalCompiler | None = None


def terminal(name: str) -> str:
    """The Python regex (without capturing groups) of the grammar terminal `name`, e.g. `_B4`,
    expanded the way Lark expands it (the grammar is read on the first call)."""
    global _TERMINALS
    if _TERMINALS is None:
        _TERMINALS = _TerminalCompiler(_read_terminals(grammar_text()))
    return _TERMINALS.compile(name)
