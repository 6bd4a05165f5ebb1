"""Compiled regular expressions the parser's fast paths use to split coarse tokens.

What lives here: Python mirrors of the grammar's lexical pieces (identifiers, strings, the
bracket-balanced body `_B4`, atoms such as `tensor<...>` or `#dialect.name<...>`, list items,
dictionary keys, literals), used only to decode the text of a coarse token quickly. Whatever these
do not fully match is handed to the grammar (``grammar/mlir.lark``), which stays the definition of
the language. They are kept few and small: compiling them is part of every process's start-up.
What does not: tokenizing whole files (the grammar's contextual lexer) and any semantics.
"""

from __future__ import annotations

import re

ID_SUFFIX = r"(?:[0-9]+|[A-Za-z$._\-][\w$.\-]*)"
BARE = r"[A-Za-z_][\w$.]*"
STR = r'"[^"\\\n]*(?:\\.[^"\\\n]*)*"'

_SPECIAL = r"(?:->|-(?!>)|/(?!/)|" + STR + r")"


def _balanced(depth: int, plain: str) -> str:
    body = plain + r"(?:" + _SPECIAL + plain + r")*"
    for _ in range(depth):
        body = plain + r"(?:(?:" + _SPECIAL + r"|[<({\[]" + body + r"[>)}\]])" + plain + r")*"
    return body


BAL = _balanced(4, r'[^<>(){}\[\]"\-/]*')
"""Bracket-balanced content, four levels deep: the grammar's `_B4`."""

ATOM_RE = re.compile(r"(?:[#!]" + ID_SUFFIX + r"|" + BARE + r")(?:<" + BAL + r">)?(?!<)")
"""One type or dialect attribute: `f32`, `tensor<...>`, `!llh.x<...>`, `!t`, `#llh.enc<...>`."""

_NOCOMMA = r'[^,<>(){}\[\]"\-/]*'
LIST_ITEM_RE = re.compile(
    r"\s*("
    + _NOCOMMA
    + r"(?:(?:"
    + _SPECIAL
    + r"|[<({\[]"
    + _balanced(3, r'[^<>(){}\[\]"\-/]*')
    + r"[>)}\]])"
    + _NOCOMMA
    + r")*)(,?)",
    re.DOTALL,
)
"""One element of a list or dictionary value (no top-level comma) and the `,` after it."""

DICT_KEY_RE = re.compile(r"\s*(" + BARE + r"|" + STR + r")\s*(=?)")
ARROW_RE = re.compile(r"\s*->\s*")
BLANKS_RE = re.compile(r"\s*")

SCALAR_TYPE_RE = re.compile(
    r"(?:[su]?i[0-9]+|index|none|bf16|f16|f32|f64|f80|f128|tf32|f8E5M2FNUZ|f8E5M2|f8E4M3FNUZ"
    r"|f8E4M3FN|f8E4M3B11FNUZ|f8E4M3|f8E3M4|f4E2M1FN|f6E2M3FN|f6E3M2FN|f8E8M0FNU)\Z"
)
INT_TYPE_RE = re.compile(r"([su]?)i([0-9]+)\Z")

TENSOR_FAST_RE = re.compile(r"tensor<((?:(?:\?|[0-9]+)x)*)(\w+)(?:,\s*(#.*))?>\Z", re.DOTALL)
"""`tensor<2x?xf32>` / `tensor<?xf32, #enc>` with a scalar element type (the common case)."""

SYMBOL_REF_RE = re.compile(
    r"@(?:" + BARE + r"|" + STR + r")(?:::@(?:" + BARE + r"|" + STR + r"))*\Z"
)
SYMBOL_PART_RE = re.compile(r"@(" + BARE + r"|" + STR + r")")

NUMBER_RE = re.compile(
    r"(-?)(0x[0-9a-fA-F]+|[0-9]+(\.[0-9]*(?:[eE][-+]?[0-9]+)?)?)(?:\s*:\s*(\S.*?))?\s*\Z", re.DOTALL
)
"""An integer or float attribute with an optional `: type`."""

STRING_ATTR_RE = re.compile(r"(" + STR + r")(?:\s*:\s*(\S.*?))?\s*\Z", re.DOTALL)
DENSE_FAST_RE = re.compile(r"dense<(.*)>\s*:\s*(\S.*?)\s*\Z", re.DOTALL)
ARRAY_FAST_RE = re.compile(r"array<\s*(\w+)\s*(?::(.*))?>\Z", re.DOTALL)
STRIDED_FAST_RE = re.compile(r"strided<\s*\[([^\]]*)\]\s*(?:,\s*offset\s*:\s*(\?|-?[0-9]+)\s*)?>\Z")
LOC_FILE_RE = re.compile(r"loc\(\s*(" + STR + r")\s*:\s*([0-9]+)\s*:\s*([0-9]+)\s*\)\Z")
LOC_ALIAS_RE = re.compile(r"loc\(\s*(#" + ID_SUFFIX + r")\s*\)\Z")

SIMPLE_SCALAR_RE = re.compile(
    r"\s*(?:(-?(?:0x[0-9a-fA-F]+|[0-9]+))|(-?[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?)|(true|false))\s*\Z"
)
"""One element of a flat dense/array literal."""

RESULT_DEF_RE = re.compile(r"%(" + ID_SUFFIX + r")(?::([0-9]+))?")
VALUE_USE_RE = re.compile(r"%(" + ID_SUFFIX + r")(?:#([0-9]+))?")
SINGLE_RESULT_RE = re.compile(r"%(" + ID_SUFFIX + r")\s*=\Z")

WS_COMMENT_RE = re.compile(r"(?:\s|//[^\n]*)*")
