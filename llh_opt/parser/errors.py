"""Parser errors: the internal exception and the mapping of grammar rejections to MLIR's messages.

What lives here: `ParseError` (a semantic error at an absolute offset, raised by the builder),
`syntax_message` (the MLIR wording for a token the grammar rejected, chosen by the top of the LALR
stack it was rejected with: the stacks are labelled at the first syntax error of the process by
parsing the small erroneous inputs of ``messages.py``, so the labels follow the grammar), and
`to_diagnostic`, which turns either into a `DiagnosticError` at MLIR's `file:line:col` (syntax
errors just after the previous token, as MLIR's `emitWrongTokenError` does). What does not:
detecting errors (builder, driver) or the wording table (``messages.py``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.parser.driver import END, SyntaxFailure
from llh_opt.parser.lexemes import STR

if TYPE_CHECKING:
    from llh_opt.parser.source import SourceText


class ParseError(Exception):
    """A semantic error found while building: MLIR's message at absolute `offset`.

    `backup` places it just after the previous token (MLIR's `emitWrongTokenError`); `notes`
    are (message, offset) pairs."""

    def __init__(
        self,
        message: str,
        offset: int,
        notes: list[tuple[str, int]] | None = None,
        backup: bool = False,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.notes = notes or []
        self.backup = backup


class ParseErrors(Exception):
    """Several independent errors (e.g. every undeclared SSA use), reported together."""

    def __init__(self, errors: list[ParseError]) -> None:
        super().__init__("; ".join(e.message for e in errors))
        self.errors = errors


def to_diagnostic(exc: Exception, src: SourceText) -> DiagnosticError:
    """A `DiagnosticError` for a `ParseError`, `ParseErrors` or `SyntaxFailure`."""
    if isinstance(exc, ParseErrors):
        return DiagnosticError([_diag(e, src) for e in exc.errors])
    if isinstance(exc, ParseError):
        return DiagnosticError(_diag(exc, src))
    assert isinstance(exc, SyntaxFailure)
    message, offset = syntax_message(exc, src)
    return DiagnosticError(Diagnostic(Severity.ERROR, message, src.loc(offset)))


def _diag(e: ParseError, src: SourceText) -> Diagnostic:
    offset = src.backup(e.offset) if e.backup else e.offset
    d = Diagnostic(Severity.ERROR, e.message, src.loc(offset))
    for msg, off in e.notes:
        d.attach_note(msg, src.loc(off))
    return d


# --------------------------------------------------------------------------- syntax messages

# message → erroneous inputs (see ``messages.py``); the LALR stacks where they fail are learnt
# lazily, at the first syntax error of the process.
_EXAMPLES: dict[str, list[str]] = {}
_NO_BACKUP: frozenset[str] = frozenset()
_STACK_MESSAGES: dict[tuple[int, ...], str] | None = None
_parse_for_examples: Callable[[str], None] | None = None
_DEPTH = 3


def register_examples(
    examples: dict[str, list[str]], no_backup: frozenset[str], parse: Callable[[str], None]
) -> None:
    """Install the example table and the function that parses one example (the parser's own)."""
    global _STACK_MESSAGES, _parse_for_examples, _NO_BACKUP
    _EXAMPLES.clear()
    _EXAMPLES.update(examples)
    _NO_BACKUP = no_backup
    _STACK_MESSAGES = None
    _parse_for_examples = parse


def _stack_messages() -> dict[tuple[int, ...], str]:
    global _STACK_MESSAGES
    if _STACK_MESSAGES is None:
        table: dict[tuple[int, ...], str] = {}
        assert _parse_for_examples is not None
        for message, inputs in _EXAMPLES.items():
            for text in inputs:
                try:
                    _parse_for_examples(text)
                except SyntaxFailure as f:
                    for k in range(1, _DEPTH + 1):
                        if len(f.stack) >= k:
                            table.setdefault(f.stack[-k:], message)
                except Exception:  # noqa: BLE001, S110 - an example failing otherwise teaches nothing
                    pass
        _STACK_MESSAGES = table
    return _STACK_MESSAGES


def lookup_message(stack: tuple[int, ...]) -> str | None:
    """The message learnt for the longest matching top of `stack`."""
    table = _stack_messages()
    for k in range(min(_DEPTH, len(stack)), 0, -1):
        message = table.get(stack[-k:])
        if message is not None:
            return message
    return None


_ATOM_RE = re.compile(r"[!#]?[\w$.\-]+(?:<[^<>]*>)?")
_STRING_RE = re.compile(STR)
_RESULTS_RE = re.compile(r"%[\w$.\-]+(?::[0-9]+)?(?:\s*,\s*%[\w$.\-]+(?::[0-9]+)?)*")


def syntax_message(f: SyntaxFailure, src: SourceText) -> tuple[str, int]:
    """MLIR's message and offset for a rejected token."""
    text = src.text
    offset = f.offset
    if f.token_type is None and text.startswith("@", offset):
        return "@ identifier expected to start with letter or '_'", offset + 1
    if (
        f.token_type is None
        and 0 <= offset < len(text)
        and text[offset] == '"'
        and _STRING_RE.match(text, offset) is None
    ):
        # An unterminated string: MLIR points at the end of the line.
        end = text.find("\n", offset)
        return "expected '\"' in string literal", (len(text) if end < 0 else end)
    message = lookup_message(f.stack) if f.stack else None
    if message is None:
        message = _guess(f)
    if message == "expected operation name in quotes" and text.startswith("%", offset):
        m = _RESULTS_RE.match(text, offset)
        if m is not None:
            return "expected '=' after SSA name", src.backup(m.end())
    if "{found}" in message:
        m = _ATOM_RE.match(text, offset)
        message = message.replace("{found}", m.group() if m else text[offset : offset + 1])
        return message, offset
    if message in _NO_BACKUP:
        return message, offset
    return message, src.backup(offset)


_TYPE_STARTS = {"SCALAR_TYPE", "COARSE_TYPE", "DIALECT_TYPE", "TENSOR_KW"}
_ATTR_STARTS = {"INT_LIT", "TRUE_KW", "DENSE", "HASH_ATTR"}


def _guess(f: SyntaxFailure) -> str:
    """A message from the expected terminals when no example labels the state."""
    exp = f.expected
    if exp & _ATTR_STARTS:
        return "expected attribute value"
    if exp & _TYPE_STARTS:
        return "expected type"
    if "STRING" in exp and "RESULTS" in exp:
        return "expected operation name in quotes"
    literal = [_TERMINAL_TEXT.get(t) for t in exp if t != END]
    if len(literal) == 1 and literal[0] is not None:
        return f"expected '{literal[0]}'"
    if f.token_type == END:
        return "unexpected end of input"
    return "unexpected token"


_TERMINAL_TEXT: dict[str, str] = {}


def register_terminal_text(texts: dict[str, str]) -> None:
    """The spelling of the grammar's string terminals (for messages like "expected ')'")."""
    _TERMINAL_TEXT.clear()
    _TERMINAL_TEXT.update(texts)
