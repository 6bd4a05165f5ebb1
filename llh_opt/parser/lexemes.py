"""The lexical pieces of the parser's fast paths, built from the grammar's terminals at load time.

What lives here: regexes built from the terminals of ``grammar/mlir.lark`` (through
`llh_opt.ir.lexicon.terminal`, when this module is imported, so the grammar stays the only
definition of identifiers, strings, the bracket-balanced body `_B4`, scalar types, literals and
comments) that decode the text of a coarse token quickly (atoms such as `tensor<...>` or
`#dialect.name<...>`, list items, dictionary keys, literals), and `scan_brackets`, the one
bracket-depth scanner of the parser (error offsets, the end of `dense<...>`). Whatever the regexes
do not fully match is handed to the grammar, which stays the definition of the language. They are
kept few and small, and compiled through ``regex_cache.py`` (a start-up loads them compiled).
What does not: tokenizing whole files (the grammar's contextual lexer) and any semantics.
"""

from __future__ import annotations

import re

from llh_opt.ir.lexicon import terminal
from llh_opt.regex_cache import compile as _compile

__all__ = ["scan_brackets"]

# --------------------------------------------------------------------------- lexemes

ID_SUFFIX = terminal("_ID_SUFFIX")
BARE = terminal("_BARE")
STR = terminal("_STR")

BAL = terminal("_B4")
"""Bracket-balanced content, four levels deep: the grammar's `_B4`."""

ATOM_RE = _compile(r"(?:[#!]" + ID_SUFFIX + r"|" + BARE + r")(?:<" + BAL + r">)?(?!<)")
"""One type or dialect attribute: `f32`, `tensor<...>`, `!llh.x<...>`, `!t`, `#llh.enc<...>`."""

# A plain run of `_B3`'s level that also stops at a comma.
_NOCOMMA = terminal("_BN").replace("[^", "[^,", 1)
LIST_ITEM_RE = _compile(
    r"\s*("
    + _NOCOMMA
    + r"(?:(?:"
    + terminal("_BS")
    + r"|[<({\[]"
    + terminal("_B3")
    + r"[>)}\]])"
    + _NOCOMMA
    + r")*)(,?)",
    re.DOTALL,
)
"""One element of a list or dictionary value (no top-level comma) and the `,` after it."""

PLAIN_STRING_ITEM_RE = _compile(r'\s*"([^"\\\n]*)"\s*(?:(,)|\Z)')
"""A list or dictionary element that is a string literal without escapes or type, and the `,`
after it (match with the element list's end as `endpos`)."""
SINGLE_STRING_PROPS_RE = _compile(r"<\{\s*(" + BARE + r')\s*=\s*"([^"\\\n]*)"\s*\}>\Z')
"""A property dictionary of one bare key and a string literal without escapes or type:
`<{weight_file = "w0.npy"}>`, `<{sym_name = "s0"}>` (mostly distinct texts)."""
DICT_KEY_RE = _compile(r"\s*(" + BARE + r"|" + STR + r")\s*(=?)")
ARROW_RE = _compile(r"\s*->\s*")
BLANKS_RE = _compile(r"\s*")

SCALAR_TYPE_RE = _compile(terminal("SCALAR_TYPE") + r"\Z")
INT_TYPE_RE = _compile(r"([su]?)i([0-9]+)\Z")

TENSOR_FAST_RE = _compile(r"tensor<((?:(?:\?|[0-9]+)x)*)(\w+)(?:,\s*(#.*))?>\Z", re.DOTALL)
"""`tensor<2x?xf32>` / `tensor<?xf32, #enc>` with a scalar element type (the common case)."""

SYMBOL_REF_RE = _compile(terminal("SYMBOL_REF") + r"\Z")
SYMBOL_PART_RE = _compile(r"@(" + BARE + r"|" + STR + r")")

_INT = terminal("INT_LIT")
_FLOAT = terminal("FLOAT_LIT")

NUMBER_RE = _compile(r"(?:(" + _FLOAT + r")|(" + _INT + r"))(?:\s*:\s*(\S.*?))?\s*\Z", re.DOTALL)
"""A float (group 1) or integer (group 2) attribute with an optional `: type` (group 3)."""

STRING_ATTR_RE = _compile(r"(" + STR + r")(?:\s*:\s*(\S.*?))?\s*\Z", re.DOTALL)
DENSE_FAST_RE = _compile(r"dense<(.*)>\s*:\s*(\S.*?)\s*\Z", re.DOTALL)
ARRAY_FAST_RE = _compile(r"array<\s*(\w+)\s*(?::(.*))?>\Z", re.DOTALL)
STRIDED_FAST_RE = _compile(r"strided<\s*\[([^\]]*)\]\s*(?:,\s*offset\s*:\s*(\?|-?[0-9]+)\s*)?>\Z")
LOC_FILE_RE = _compile(r"loc\(\s*(" + STR + r")\s*:\s*([0-9]+)\s*:\s*([0-9]+)\s*\)\Z")
LOC_ALIAS_RE = _compile(r"loc\(\s*(#" + ID_SUFFIX + r")\s*\)\Z")

SIMPLE_SCALAR_RE = _compile(
    r"\s*(?:("
    + _INT
    + r")|("
    + _FLOAT
    + r")|("
    + terminal("TRUE_KW")
    + r"|"
    + terminal("FALSE_KW")
    + r"))\s*\Z"
)
"""One element of a flat dense/array literal: an integer, a float or a boolean (groups 1-3)."""

RESULT_DEF_RE = _compile(r"%(" + ID_SUFFIX + r")(?::([0-9]+))?")
VALUE_USE_RE = _compile(r"%(" + ID_SUFFIX + r")(?:#([0-9]+))?")
SINGLE_RESULT_RE = _compile(r"%(" + ID_SUFFIX + r")\s*=\Z")

_WS_COMMENT = terminal("WS_COMMENT")
if not _WS_COMMENT.endswith(")+"):  # pragma: no cover - a grammar edit must keep this shape
    raise ValueError("grammar terminal WS_COMMENT is expected to read /(?:...)+/")
IGNORE = _WS_COMMENT[:-1] + "*"
"""Blanks and `//` comments, possibly none (the grammar's `WS_COMMENT`, which Lark requires to
be non-empty, with `*` for its `+`)."""
WS_COMMENT_RE = _compile(IGNORE)

# --------------------------------------------------------------------------- bracket scanning

_SCAN_TOKENS = r'->|"(?:[^"\\\n]|\\.)*"|[<([{]|[>)\]}]'
_SCAN_STOPS = {"": "", ",": "|,", ":": "|:", "to": r"|\bto\b"}
_SCANNERS: dict[str, re.Pattern[str]] = {}
"""Compiled on first use (error paths and `dense<...>` ends only): not part of start-up."""


def scan_brackets(text: str, start: int, stop: str = "") -> int:
    """Walk `text` from `start` tracking the bracket depth (`<([{` open, `>)]}` close; the `>`
    of `->` and everything inside strings do not count; bracket kinds are not matched).

    With `stop` (`","`, `":"` or `"to"`): the offset of the first `stop` at depth 0, or -1 (a
    closing bracket of an enclosing construct makes the depth negative, so nothing after it is
    found). Without: the offset just after the bracket that brings the depth back to 0 (call it
    on an opening bracket), or `len(text)` if there is none."""
    scanner = _SCANNERS.get(stop)
    if scanner is None:
        scanner = _SCANNERS[stop] = re.compile(_SCAN_TOKENS + _SCAN_STOPS[stop])
    depth = 0
    for m in scanner.finditer(text, start):
        ch = m.group()
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
            if depth == 0 and not stop:
                return m.end()
        elif ch == stop and depth == 0:
            return m.start()
    return -1 if stop else len(text)
