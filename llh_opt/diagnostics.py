"""Diagnostics: severities, locations, rendering and ``--verify-diagnostics``.

This module holds everything about *reporting* problems the way ``mlir-opt``
does: the :class:`Diagnostic` value type, the :class:`DiagnosticError`
exception raised at the parser / verifier / pass boundaries, the
:class:`SourceManager` that remembers input buffers, :func:`render` (byte-exact
with MLIR's ``SourceMgrDiagnosticHandler``), the :class:`DiagnosticEngine` that
collects or prints diagnostics, and :class:`ExpectedDiagnostics`, the
re-implementation of MLIR's ``SourceMgrDiagnosticVerifierHandler``.

What does *not* live here: location attributes of the IR (they only need to
expose ``.filename``, ``.line`` and ``.col``), the parser, and the CLI (which
decides exit codes and where output goes).  This module imports nothing from
the rest of ``llh_opt``.

Locations: wherever a location is taken, ``None`` means "unknown location" and
any object with ``.filename/.line/.col`` is a file location (1-based line and
column; like MLIR the column counts bytes of the UTF-8 encoded line, which only
differs from characters on non-ASCII lines, where MLIR prints no caret anyway).
Any other object is treated like a non-file MLIR location: if it has a
``file_loc()`` method, its result is used (``NameLoc("x"(file:1:2))``-style
wrappers); otherwise it is printed with ``str()`` in front of the message, as
MLIR does for e.g. ``loc("name")``.  An object whose ``str()`` is
``loc(unknown)`` counts as unknown.
"""

from __future__ import annotations

import enum
import re
import sys
from collections.abc import Iterable
from typing import Any, TextIO

__all__ = [
    "Diagnostic",
    "DiagnosticEngine",
    "DiagnosticError",
    "ExpectedDiagnostic",
    "ExpectedDiagnostics",
    "Severity",
    "SourceLoc",
    "SourceManager",
    "format_internal_error",
    "render",
]


# ----------------------------------------------------------------------------
# Severity, locations, diagnostics
# ----------------------------------------------------------------------------


class Severity(enum.IntEnum):
    """Diagnostic severity, ordered from least to most severe."""

    NOTE = 0
    REMARK = 1
    WARNING = 2
    ERROR = 3

    @property
    def label(self) -> str:
        """The word MLIR prints: ``note``, ``remark``, ``warning`` or ``error``."""
        return self.name.lower()


class SourceLoc:
    """An immutable, hashable ``file:line:col`` location (1-based line and column)."""

    __slots__ = ("col", "filename", "line")

    filename: str
    line: int
    col: int

    def __init__(self, filename: str, line: int, col: int) -> None:
        object.__setattr__(self, "filename", filename)
        object.__setattr__(self, "line", line)
        object.__setattr__(self, "col", col)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"SourceLoc is immutable (cannot set {name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"SourceLoc is immutable (cannot delete {name!r})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SourceLoc):
            return NotImplemented
        return (self.filename, self.line, self.col) == (other.filename, other.line, other.col)

    def __hash__(self) -> int:
        return hash((self.filename, self.line, self.col))

    def __repr__(self) -> str:
        return f"SourceLoc({self.filename!r}, {self.line}, {self.col})"

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}:{self.col}"

    def __reduce__(self) -> tuple[Any, ...]:
        return (SourceLoc, (self.filename, self.line, self.col))


def _is_file_loc(loc: object) -> bool:
    return hasattr(loc, "filename") and hasattr(loc, "line") and hasattr(loc, "col")


def _is_unknown(loc: object) -> bool:
    return loc is None or (not _is_file_loc(loc) and str(loc) == "loc(unknown)")


def _file_loc(loc: object) -> Any:
    """The file location inside ``loc`` (MLIR's ``findInstanceOf<FileLineColLoc>``), or None."""
    seen = 0
    while loc is not None and seen < 64:
        if _is_file_loc(loc):
            return loc
        getter = getattr(loc, "file_loc", None)
        if not callable(getter):
            return None
        loc = getter()
        seen += 1
    return None


def _loc_key(loc: object) -> object:
    """A value-equality key for locations of any (duck) type."""
    if _is_unknown(loc):
        return None
    if _is_file_loc(loc):
        return ("file", loc.filename, loc.line, loc.col)  # type: ignore[attr-defined]
    return ("other", str(loc))


class Diagnostic:
    """One diagnostic: severity, message, optional location and attached notes.

    ``span`` is the number of bytes highlighted from the caret on (MLIR prints
    them as ``^~~~``); it is only used by verifier failures.
    """

    __slots__ = ("loc", "message", "notes", "severity", "span")

    def __init__(
        self,
        severity: Severity,
        message: str,
        loc: Any = None,
        notes: list[Diagnostic] | None = None,
        span: int = 0,
    ) -> None:
        self.severity = Severity(severity)
        self.message = message
        self.loc = loc
        self.notes: list[Diagnostic] = list(notes) if notes else []
        self.span = span

    @classmethod
    def error(cls, message: str, loc: Any = None) -> Diagnostic:
        return cls(Severity.ERROR, message, loc)

    @classmethod
    def warning(cls, message: str, loc: Any = None) -> Diagnostic:
        return cls(Severity.WARNING, message, loc)

    @classmethod
    def remark(cls, message: str, loc: Any = None) -> Diagnostic:
        return cls(Severity.REMARK, message, loc)

    def attach_note(self, message: str, loc: Any = None) -> Diagnostic:
        """Attach a note and return it (so the caller can reword or inspect it)."""
        note = Diagnostic(Severity.NOTE, message, loc)
        self.notes.append(note)
        return note

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Diagnostic):
            return NotImplemented
        return (
            self.severity == other.severity
            and self.message == other.message
            and _loc_key(self.loc) == _loc_key(other.loc)
            and self.span == other.span
            and self.notes == other.notes
        )

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        extra = f", notes={self.notes!r}" if self.notes else ""
        return f"Diagnostic({self.severity.name}, {self.message!r}, {self.loc!r}{extra})"

    def __str__(self) -> str:
        return f"{self.severity.label}: {self.message}"


class DiagnosticError(Exception):
    """Raised at a boundary (parser, verifier, pass) carrying one or more diagnostics.

    ``DiagnosticError(diag)``, ``DiagnosticError(d1, d2)`` or
    ``DiagnosticError([d1, d2])``.  The CLI renders ``.diagnostics`` in order.
    """

    def __init__(self, *diagnostics: Diagnostic | Iterable[Diagnostic]) -> None:
        diags: list[Diagnostic] = []
        for item in diagnostics:
            if isinstance(item, Diagnostic):
                diags.append(item)
            else:
                diags.extend(item)
        if not diags:
            raise ValueError("DiagnosticError needs at least one Diagnostic")
        self.diagnostics: list[Diagnostic] = diags
        super().__init__("; ".join(d.message for d in diags))

    @property
    def diagnostic(self) -> Diagnostic:
        """The first (usually only) diagnostic."""
        return self.diagnostics[0]


# ----------------------------------------------------------------------------
# Source manager
# ----------------------------------------------------------------------------


class _Buffer:
    __slots__ = ("first_col", "first_line", "lines")

    def __init__(self, first_line: int, first_col: int, lines: list[str]) -> None:
        self.first_line = first_line
        self.first_col = first_col
        self.lines = lines


class SourceManager:
    """Remembers input buffers so diagnostics can show source lines.

    ``add_buffer(name, text, first_line)`` registers ``text`` as lines
    ``first_line, first_line + 1, ...`` of file ``name``.  Two ways of using it
    with ``--split-input-file`` both work:

    * register the whole file once and make each chunk's parser report absolute
      line numbers (recommended: this is exactly what MLIR shows, including the
      full text of a line that contains a ``// -----`` marker), or
    * register every chunk with its ``first_line`` (and ``first_col`` when the
      chunk starts in the middle of a marker line).

    When several registered buffers cover a line, their pieces are overlaid at
    their columns (identical text for the same file, so the result is the most
    complete line available; gaps between pieces become spaces).
    """

    def __init__(self) -> None:
        self._files: dict[str, list[_Buffer]] = {}

    def add_buffer(self, filename: str, text: str, first_line: int = 1, first_col: int = 1) -> None:
        bufs = self._files.setdefault(filename, [])
        lines = text.split("\n")
        for i, buf in enumerate(bufs):
            if buf.first_line == first_line and buf.first_col == first_col:
                bufs[i] = _Buffer(first_line, first_col, lines)
                return
        bufs.append(_Buffer(first_line, first_col, lines))

    def has_file(self, filename: str) -> bool:
        return filename in self._files

    def filenames(self) -> list[str]:
        return list(self._files)

    def _raw_line(self, filename: str, line: int) -> str | None:
        segments: list[tuple[int, str]] = []
        for buf in self._files.get(filename, ()):
            idx = line - buf.first_line
            if 0 <= idx < len(buf.lines):
                segments.append((buf.first_col if idx == 0 else 1, buf.lines[idx]))
        if not segments:
            return None
        if len(segments) == 1 and segments[0][0] == 1:
            return segments[0][1]
        chars: list[str] = []
        for start, text in sorted(segments, key=lambda s: s[0]):
            begin = max(start - 1, 0)
            if begin > len(chars):
                chars.extend(" " * (begin - len(chars)))
            for i, ch in enumerate(text):
                pos = begin + i
                if pos < len(chars):
                    chars[pos] = ch
                else:
                    chars.append(ch)
        return "".join(chars)

    def line_text(self, filename: str, line: int) -> str | None:
        """Text of 1-based ``line`` of ``filename`` without its terminator, or None."""
        text = self._raw_line(filename, line)
        if text is not None and text.endswith("\r"):
            text = text[:-1]
        return text


# ----------------------------------------------------------------------------
# Rendering (llvm::SourceMgr / SMDiagnostic::print)
# ----------------------------------------------------------------------------

_TAB_STOP = 8


def _expand_source_line(line: str) -> str:
    out: list[str] = []
    col = 0
    for ch in line:
        if ch != "\t":
            out.append(ch)
            col += 1
            continue
        out.append(" ")
        col += 1
        while col % _TAB_STOP:
            out.append(" ")
            col += 1
    return "".join(out)


def _caret_line(line: str, col0: int, span: int) -> str:
    ncols = len(line)
    caret = [" "] * (ncols + 1)
    if span > 0:
        for i in range(col0, min(col0 + span, len(caret))):
            caret[i] = "~"
    caret[min(col0, ncols)] = "^"
    trimmed = "".join(caret).rstrip(" ")
    out: list[str] = []
    out_col = 0
    for i, ch in enumerate(trimmed):
        if i >= len(line) or line[i] != "\t":
            out.append(ch)
            out_col += 1
            continue
        out.append(ch)
        out_col += 1
        while out_col % _TAB_STOP:
            out.append(ch)
            out_col += 1
    return "".join(out)


def _render_single(
    loc: Any,
    message: str,
    severity: Severity,
    srcmgr: SourceManager | None,
    span: int = 0,
    show_source: bool = True,
) -> str:
    label = severity.label
    file_loc = _file_loc(loc)
    if file_loc is None:
        prefix = "" if _is_unknown(loc) else f"{loc}: "
        return f"<unknown>:0: {label}: {prefix}{message}\n"
    filename, line, col = str(file_loc.filename), int(file_loc.line), int(file_loc.col)
    header_only = f"{filename}:{line}:{col}: {label}: {message}\n"
    if not show_source or srcmgr is None or line <= 0 or col <= 0:
        return header_only
    raw = srcmgr._raw_line(filename, line)
    if raw is None:
        return header_only
    # llvm::SourceMgr::FindLocForLineAndColumn: the column may point at most
    # one past the end of the line and may not cross a line break.
    raw_bytes = raw.encode("utf-8", "surrogateescape")
    if col - 1 > len(raw_bytes) or b"\r" in raw_bytes[: col - 1]:
        return header_only
    cut = raw.find("\r")
    text = raw if cut < 0 else raw[:cut]
    # SMDiagnostic::print omits the location of a buffer without a name.
    head = f"{filename}:{line}:{col}: " if filename else ""
    out = f"{head}{label}: {message}\n"
    out += _expand_source_line(text) + "\n"
    if text.isascii():
        out += _caret_line(text, col - 1, span) + "\n"
    return out


def render(diag: Diagnostic, srcmgr: SourceManager | None = None) -> str:
    """Render ``diag`` and its notes exactly like ``mlir-opt`` prints them.

    Every line ends with ``\\n`` and nothing separates consecutive diagnostics.
    As in MLIR, a note repeats the source line only if its location differs
    from the previous diagnostic's (or note's) location.
    """
    out = _render_single(diag.loc, diag.message, diag.severity, srcmgr, diag.span)
    prev = _loc_key(diag.loc)
    for note in diag.notes:
        key = _loc_key(note.loc)
        out += _render_single(
            note.loc, note.message, note.severity, srcmgr, note.span, show_source=key != prev
        )
        prev = key
    return out


# ----------------------------------------------------------------------------
# Engine
# ----------------------------------------------------------------------------


class DiagnosticEngine:
    """Collects diagnostics; by default also renders them to a stream (stderr).

    ``emit``/``error``/``warning``/``remark`` record a diagnostic and return it
    so that notes can still be attached (``engine.error(m, loc).attach_note(..)``),
    like MLIR's in-flight diagnostics.  In rendering mode a diagnostic is
    therefore written when the next one is emitted or on :meth:`flush` (call it
    before exiting).  With ``collect=True`` nothing is printed; use
    :attr:`diagnostics` (e.g. feed it to :meth:`ExpectedDiagnostics.verify`).
    """

    def __init__(
        self,
        srcmgr: SourceManager | None = None,
        stream: TextIO | None = None,
        *,
        collect: bool = False,
    ) -> None:
        self.srcmgr = srcmgr if srcmgr is not None else SourceManager()
        self.collect = collect
        self._stream = stream
        self.diagnostics: list[Diagnostic] = []
        self._pending: Diagnostic | None = None

    @property
    def stream(self) -> TextIO:
        return self._stream if self._stream is not None else sys.stderr

    def emit(self, diag: Diagnostic) -> Diagnostic:
        if diag.severity == Severity.NOTE:
            raise ValueError("notes cannot be emitted on their own; attach them to a diagnostic")
        self.flush()
        self.diagnostics.append(diag)
        if not self.collect:
            self._pending = diag
        return diag

    def emit_all(self, diags: Iterable[Diagnostic]) -> None:
        for diag in diags:
            self.emit(diag)

    def error(self, message: str, loc: Any = None) -> Diagnostic:
        return self.emit(Diagnostic(Severity.ERROR, message, loc))

    def warning(self, message: str, loc: Any = None) -> Diagnostic:
        return self.emit(Diagnostic(Severity.WARNING, message, loc))

    def remark(self, message: str, loc: Any = None) -> Diagnostic:
        return self.emit(Diagnostic(Severity.REMARK, message, loc))

    def flush(self) -> None:
        """Render the last emitted diagnostic if it has not been written yet."""
        pending, self._pending = self._pending, None
        if pending is not None:
            stream = self.stream
            stream.write(render(pending, self.srcmgr))
            stream.flush()

    @property
    def has_errors(self) -> bool:
        return any(d.severity == Severity.ERROR for d in self.diagnostics)

    def clear(self) -> None:
        self.flush()
        self.diagnostics.clear()


# ----------------------------------------------------------------------------
# POSIX ERE (llvm::Regex) -> Python ``re`` translation
# ----------------------------------------------------------------------------

_REG_ECOLLATE = "invalid collating element"
_REG_ECTYPE = "invalid character class"
_REG_EESCAPE = "trailing backslash (\\)"
_REG_ESUBREG = "invalid backreference number"
_REG_EBRACK = "brackets ([ ]) not balanced"
_REG_EPAREN = "parentheses not balanced"
_REG_EBRACE = "braces not balanced"
_REG_BADBR = "invalid repetition count(s)"
_REG_ERANGE = "invalid character range"
_REG_BADRPT = "repetition-operator operand invalid"
_REG_EMPTY = "empty (sub)expression"

_DUPMAX = 255

_UPPER = set(range(ord("A"), ord("Z") + 1))
_LOWER = set(range(ord("a"), ord("z") + 1))
_DIGIT = set(range(ord("0"), ord("9") + 1))
_PUNCT = set(b"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_CCLASSES: dict[bytes, set[int]] = {
    b"alnum": _UPPER | _LOWER | _DIGIT,
    b"alpha": _UPPER | _LOWER,
    b"blank": set(b" \t"),
    b"cntrl": set(range(1, 32)) | {127},
    b"digit": _DIGIT,
    b"graph": _UPPER | _LOWER | _DIGIT | _PUNCT,
    b"lower": _LOWER,
    b"print": _UPPER | _LOWER | _DIGIT | _PUNCT | {32},
    b"punct": _PUNCT,
    b"space": set(b"\t\n\v\f\r "),
    b"upper": _UPPER,
    b"xdigit": _DIGIT | set(b"ABCDEFabcdef"),
}

# Collating-element names of regcomp.c's ``cnames`` table: "code name[/alias]".
_CNAME_TABLE = """
0 NUL 1 SOH 2 STX 3 ETX 4 EOT 5 ENQ 6 ACK 7 BEL/alert 8 BS/backspace 9 HT/tab 10 LF/newline
11 VT/vertical-tab 12 FF/form-feed 13 CR/carriage-return 14 SO 15 SI 16 DLE 17 DC1 18 DC2
19 DC3 20 DC4 21 NAK 22 SYN 23 ETB 24 CAN 25 EM 26 SUB 27 ESC 28 IS4/FS 29 IS3/GS 30 IS2/RS
31 IS1/US 32 space 33 exclamation-mark 34 quotation-mark 35 number-sign 36 dollar-sign
37 percent-sign 38 ampersand 39 apostrophe 40 left-parenthesis 41 right-parenthesis
42 asterisk 43 plus-sign 44 comma 45 hyphen/hyphen-minus 46 period/full-stop 47 slash/solidus
48 zero 49 one 50 two 51 three 52 four 53 five 54 six 55 seven 56 eight 57 nine 58 colon
59 semicolon 60 less-than-sign 61 equals-sign 62 greater-than-sign 63 question-mark
64 commercial-at 91 left-square-bracket 92 backslash/reverse-solidus 93 right-square-bracket
94 circumflex/circumflex-accent 95 underscore/low-line 96 grave-accent
123 left-brace/left-curly-bracket 124 vertical-line 125 right-brace/right-curly-bracket
126 tilde 127 DEL
"""


def _parse_cname_table(table: str) -> dict[bytes, int]:
    tokens = table.split()
    return {
        name.encode(): int(code)
        for code, names in zip(tokens[::2], tokens[1::2])
        for name in names.split("/")
    }


_CNAMES = _parse_cname_table(_CNAME_TABLE)

_LLVM_REGEX_METACHARS = "()^$|*+?.[]\\{}"


def _llvm_regex_escape(text: str) -> str:
    """``llvm::Regex::escape``."""
    return "".join("\\" + ch if ch in _LLVM_REGEX_METACHARS else ch for ch in text)


class _RegexError(Exception):
    pass


class _EreTranslator:
    """Validates a POSIX extended regex like LLVM's ``regcomp.c`` and builds a
    Python ``bytes`` pattern with the same language (``.`` matches newlines,
    ``$`` only at the very end, ``\\c`` is a literal ``c``)."""

    def __init__(self, pattern: bytes) -> None:
        self.p = pattern
        self.i = 0
        self.nsub = 0
        self.closed: set[int] = set()

    def more(self, n: int = 1) -> bool:
        return len(self.p) - self.i >= n

    def peek(self, k: int = 0) -> int:
        j = self.i + k
        return self.p[j] if j < len(self.p) else 0

    def eat(self, c: str) -> bool:
        if self.more() and self.peek() == ord(c):
            self.i += 1
            return True
        return False

    def eat_two(self, a: str, b: str) -> bool:
        if self.more(2) and self.peek() == ord(a) and self.peek(1) == ord(b):
            self.i += 2
            return True
        return False

    def translate(self) -> bytes:
        return self.ere(None)

    def ere(self, stop: int | None) -> bytes:
        alternatives: list[bytes] = []
        while True:
            parts: list[bytes] = []
            while self.more() and self.peek() != ord("|") and self.peek() != stop:
                parts.append(self.ere_exp())
            if not parts:
                raise _RegexError(_REG_EMPTY)
            alternatives.append(b"".join(parts))
            if not self.eat("|"):
                break
        return b"|".join(alternatives)

    def is_repetition_next(self) -> bool:
        if not self.more():
            return False
        c = self.peek()
        return c in b"*+?" or (c == ord("{") and self.more(2) and chr(self.peek(1)).isdigit())

    def ere_exp(self) -> bytes:
        c = self.p[self.i]
        self.i += 1
        was_caret = False
        atom: bytes
        if c == ord("("):
            if not self.more():
                raise _RegexError(_REG_EPAREN)
            self.nsub += 1
            subno = self.nsub
            inner = b"" if self.peek() == ord(")") else self.ere(ord(")"))
            if not self.eat(")"):
                raise _RegexError(_REG_EPAREN)
            self.closed.add(subno)
            atom = b"(" + inner + b")"
        elif c == ord(")"):
            raise _RegexError(_REG_EPAREN)
        elif c == ord("^"):
            atom = b"^"
            was_caret = True
        elif c == ord("$"):
            atom = b"\\Z"
        elif c == ord("|"):
            raise _RegexError(_REG_EMPTY)
        elif c in b"*+?":
            raise _RegexError(_REG_BADRPT)
        elif c == ord("."):
            atom = b"."
        elif c == ord("["):
            atom = self.bracket()
        elif c == ord("\\"):
            if not self.more():
                raise _RegexError(_REG_EESCAPE)
            c = self.p[self.i]
            self.i += 1
            if ord("1") <= c <= ord("9"):
                if c - ord("0") not in self.closed:
                    raise _RegexError(_REG_ESUBREG)
                atom = b"(?:\\" + bytes([c]) + b")"
            else:
                atom = re.escape(bytes([c]))
        else:
            if c == ord("{") and self.more() and chr(self.peek()).isdigit():
                raise _RegexError(_REG_BADRPT)
            atom = re.escape(bytes([c]))

        if not self.is_repetition_next():
            return atom
        c = self.p[self.i]
        self.i += 1
        if was_caret:
            raise _RegexError(_REG_BADRPT)
        if c == ord("{"):
            count = self.count()
            if self.eat(","):
                if chr(self.peek()).isdigit():
                    count2: int | None = self.count()
                    if count > count2:  # type: ignore[operator]
                        raise _RegexError(_REG_BADBR)
                else:
                    count2 = None
            else:
                count2 = count
            if not self.eat("}"):
                while self.more() and self.peek() != ord("}"):
                    self.i += 1
                if not self.more():
                    raise _RegexError(_REG_EBRACE)
                raise _RegexError(_REG_BADBR)
            if count2 is None:
                quant = b"{%d,}" % count
            elif count2 == count:
                quant = b"{%d}" % count
            else:
                quant = b"{%d,%d}" % (count, count2)
        else:
            quant = bytes([c])
        if self.is_repetition_next():
            raise _RegexError(_REG_BADRPT)
        return b"(?:" + atom + b")" + quant

    def count(self) -> int:
        value = 0
        ndigits = 0
        while self.more() and chr(self.peek()).isdigit() and value <= _DUPMAX:
            value = value * 10 + self.peek() - ord("0")
            self.i += 1
            ndigits += 1
        if ndigits == 0 or value > _DUPMAX:
            raise _RegexError(_REG_BADBR)
        return value

    def bracket(self) -> bytes:
        if self.p[self.i : self.i + 6] == b"[:<:]]":
            self.i += 6
            return b"\\b(?=\\w)"
        if self.p[self.i : self.i + 6] == b"[:>:]]":
            self.i += 6
            return b"\\b(?<=\\w)"
        members: set[int] = set()
        invert = self.eat("^")
        if self.eat("]"):
            members.add(ord("]"))
        elif self.eat("-"):
            members.add(ord("-"))
        while (
            self.more()
            and self.peek() != ord("]")
            and not (self.more(2) and self.peek() == ord("-") and self.peek(1) == ord("]"))
        ):
            self.bracket_term(members)
        if self.eat("-"):
            members.add(ord("-"))
        if not self.eat("]"):
            raise _RegexError(_REG_EBRACK)
        if invert:
            members = set(range(256)) - members
        if not members:
            return b"(?!)"
        ranges: list[bytes] = []
        ordered = sorted(members)
        start = prev = ordered[0]
        for b in ordered[1:] + [-2]:
            if b == prev + 1:
                prev = b
                continue
            ranges.append(
                b"\\x%02x" % start if start == prev else b"\\x%02x-\\x%02x" % (start, prev)
            )
            start = prev = b
        return b"[" + b"".join(ranges) + b"]"

    def bracket_term(self, members: set[int]) -> None:
        first = self.peek() if self.more() else 0
        if first == ord("-"):
            raise _RegexError(_REG_ERANGE)
        kind = self.peek(1) if first == ord("[") and self.more(2) else 0
        if kind == ord(":"):
            self.i += 2
            if not self.more():
                raise _RegexError(_REG_EBRACK)
            if self.peek() in b"-]":
                raise _RegexError(_REG_ECTYPE)
            start = self.i
            while self.more() and chr(self.peek()).isalpha():
                self.i += 1
            chars = _CCLASSES.get(self.p[start : self.i])
            if chars is None:
                raise _RegexError(_REG_ECTYPE)
            members |= chars
            if not self.more():
                raise _RegexError(_REG_EBRACK)
            if not self.eat_two(":", "]"):
                raise _RegexError(_REG_ECTYPE)
        elif kind == ord("="):
            self.i += 2
            if not self.more():
                raise _RegexError(_REG_EBRACK)
            if self.peek() in b"-]":
                raise _RegexError(_REG_ECOLLATE)
            members.add(self.collating_element("="))
            if not self.more():
                raise _RegexError(_REG_EBRACK)
            if not self.eat_two("=", "]"):
                raise _RegexError(_REG_ECOLLATE)
        else:
            lo = self.symbol()
            if self.more(2) and self.peek() == ord("-") and self.peek(1) != ord("]"):
                self.i += 1
                hi = ord("-") if self.eat("-") else self.symbol()
            else:
                hi = lo
            if lo > hi:
                raise _RegexError(_REG_ERANGE)
            members.update(range(lo, hi + 1))

    def symbol(self) -> int:
        if not self.more():
            raise _RegexError(_REG_EBRACK)
        if self.eat_two("[", "."):
            value = self.collating_element(".")
            if not self.eat_two(".", "]"):
                raise _RegexError(_REG_ECOLLATE)
            return value
        c = self.p[self.i]
        self.i += 1
        return c

    def collating_element(self, end: str) -> int:
        start = self.i
        while self.more() and not (
            self.more(2) and self.peek() == ord(end) and self.peek(1) == ord("]")
        ):
            self.i += 1
        if not self.more():
            raise _RegexError(_REG_EBRACK)
        name = self.p[start : self.i]
        if name in _CNAMES:
            return _CNAMES[name]
        if len(name) == 1:
            return name[0]
        raise _RegexError(_REG_ECOLLATE)


def _compile_ere(pattern: str) -> re.Pattern[bytes]:
    """Compile an llvm::Regex (POSIX ERE) pattern; raises _RegexError like regcomp."""
    translated = _EreTranslator(pattern.encode("utf-8", "surrogateescape")).translate()
    try:
        return re.compile(translated, re.DOTALL)
    except re.error as exc:  # pragma: no cover - the translator only emits valid syntax
        raise _RegexError("invalid regular expression") from exc


# ----------------------------------------------------------------------------
# --verify-diagnostics
# ----------------------------------------------------------------------------

# SourceMgrDiagnosticVerifierHandlerImpl::expected, applied to each rtrimmed line.
_DESIGNATOR_RE = re.compile(
    r"expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$"
)
_SEVERITY_BY_NAME = {
    "error": Severity.ERROR,
    "warning": Severity.WARNING,
    "remark": Severity.REMARK,
    "note": Severity.NOTE,
}


def _llvm_get_as_integer(text: str) -> int:
    """``StringRef::getAsInteger(0, ...)`` for a run of decimal digits (a leading
    ``0`` means octal).  Invalid octal is undefined behaviour in MLIR; use 0."""
    if len(text) > 1 and text[0] == "0":
        try:
            return int(text[1:], 8)
        except ValueError:
            return 0
    return int(text)


class ExpectedDiagnostic:
    """One ``expected-*`` designator.

    ``line`` is the absolute line the diagnostic must be reported on (None for
    ``@unknown``); ``loc`` is where the designator itself is (start of
    ``expected-``), None for ``@unknown`` (MLIR forgets it).
    """

    __slots__ = ("line", "loc", "regex", "severity", "substring")

    def __init__(
        self,
        severity: Severity,
        line: int | None,
        loc: SourceLoc | None,
        substring: str,
        regex: re.Pattern[bytes] | None = None,
    ) -> None:
        self.severity = severity
        self.line = line
        self.loc = loc
        self.substring = substring
        self.regex = regex

    @property
    def is_regex(self) -> bool:
        return self.regex is not None

    def matches(self, message: str) -> bool:
        if self.regex is not None:
            return self.regex.search(message.encode("utf-8", "surrogateescape")) is not None
        return self.substring in message

    def __repr__(self) -> str:
        where = "unknown" if self.line is None else str(self.line)
        return f"ExpectedDiagnostic({self.severity.name}@{where}, {self.substring!r})"


class _NeverMatches:
    """Stand-in for a combined -re pattern that llvm::Regex would reject."""

    def search(self, _: bytes) -> None:
        return None


class ExpectedDiagnostics:
    """The ``expected-*`` designators of one or more buffers, and the checker.

    Build with :meth:`from_text` from the *whole* input file, then call
    :meth:`verify` once with every diagnostic emitted.  With
    ``--split-input-file`` mlir-opt still uses a single verifier for the whole
    file (chunks report original line numbers, ``@above``/``@-N`` may reach
    into a previous chunk, and unmatched designators are reported after the
    last chunk), so do not build one per chunk.  ``first_line``/``first_col``
    exist for buffers that are a piece of a larger file.  Designators are
    exactly MLIR's: ``expected-(error|warning|remark|note)(-re)?``, optionally
    ``@+N``/``@-N``/``@above``/``@below``/``@unknown``, then ``{{message}}``
    ending the (right-trimmed) line.  Lines that do not have that shape
    (``expected-error@+1 text`` without braces, absolute ``@5``, text after
    ``}}``) are silently not designators, as in MLIR; a target line outside
    the file is simply never matched.
    """

    def __init__(self) -> None:
        self.by_file: dict[str, list[ExpectedDiagnostic]] = {}
        self.unknown: list[ExpectedDiagnostic] = []
        #: Failures found while reading designators (invalid ``-re`` regexes).
        self.errors: list[Diagnostic] = []

    @classmethod
    def from_text(
        cls, filename: str, text: str, first_line: int = 1, first_col: int = 1
    ) -> ExpectedDiagnostics:
        result = cls()
        result.add_buffer(filename, text, first_line, first_col)
        return result

    @property
    def expectations(self) -> list[ExpectedDiagnostic]:
        """All designators, file ones first (in file order), then ``@unknown`` ones."""
        return [e for exps in self.by_file.values() for e in exps] + list(self.unknown)

    def add_buffer(self, filename: str, text: str, first_line: int = 1, first_col: int = 1) -> None:
        """Scan ``text`` (lines ``first_line...`` of ``filename``) for designators."""
        expected = self.by_file.setdefault(filename, [])
        offset = first_line - 1
        lines = text.split("\n")
        last_non_designator = 0
        for_next_line: list[ExpectedDiagnostic] = []
        for idx, line in enumerate(lines):
            m = _DESIGNATOR_RE.search(line.rstrip(" \t\n\v\f\r"))
            if m is None:
                for exp in for_next_line:
                    exp.line = idx + 1 + offset
                for_next_line.clear()
                last_non_designator = idx
                continue
            col = len(line[: m.start()].encode("utf-8", "surrogateescape")) + 1
            if idx == 0:
                col += first_col - 1
            loc = SourceLoc(filename, idx + 1 + offset, col)
            substring = m.group(5)
            exp = ExpectedDiagnostic(
                _SEVERITY_BY_NAME[m.group(1)], idx + 1 + offset, loc, substring
            )
            if m.group(2):
                failure = self._compute_regex(exp)
                if failure is not None:
                    self.errors.append(failure)
                    continue
            where = m.group(4)
            if where is None:
                pass
            elif where[0] in "+-":
                delta = _llvm_get_as_integer(where[1:])
                exp.line = exp.line + delta if where[0] == "+" else exp.line - delta  # type: ignore[operator]
            elif where == "unknown":
                exp.line = None
                exp.loc = None
                self.unknown.append(exp)
                continue
            elif where == "above":
                exp.line = last_non_designator + 1 + offset
            else:  # below; dangling designators point at the last line
                for_next_line.append(exp)
                exp.line = len(lines) + offset
            expected.append(exp)

    @staticmethod
    def _compute_regex(exp: ExpectedDiagnostic) -> Diagnostic | None:
        pieces: list[str] = []
        rest = exp.substring
        while rest:
            start = rest.find("{{")
            if start < 0:
                pieces.append(_llvm_regex_escape(rest))
                break
            pieces.append(_llvm_regex_escape(rest[:start]))
            rest = rest[start + 2 :]
            end = rest.find("}}")
            if end < 0:
                return Diagnostic(
                    Severity.ERROR,
                    "found start of regex with no end '}}'",
                    exp.loc,
                    span=len(exp.substring.encode("utf-8", "surrogateescape")),
                )
            block = rest[:end]
            try:
                _compile_ere(block)
            except _RegexError as err:
                return Diagnostic(
                    Severity.ERROR,
                    f"invalid regex: {err}",
                    exp.loc,
                    span=len(exp.substring.encode("utf-8", "surrogateescape")),
                )
            pieces.append(f"({block})")
            rest = rest[end + 2 :]
        try:
            exp.regex = _compile_ere("".join(pieces))
        except _RegexError:
            # llvm::Regex would be invalid (e.g. back-references renumbered by
            # the wrapping groups): it never matches.
            exp.regex = _NeverMatches()  # type: ignore[assignment]
        return None

    def verify(
        self, emitted: Iterable[Diagnostic], *, only_expected: bool = False
    ) -> list[Diagnostic]:
        """Check ``emitted`` against the designators; return the failures.

        The result is exactly what mlir-opt prints, in its order: invalid
        ``-re`` designators, then per emitted diagnostic (and each of its
        notes) ``unexpected <kind>: <msg>`` at the diagnostic's location or
        ``'<kind>' diagnostic emitted when expecting a '<kind>'`` at the
        designator, then ``expected <kind> "<msg>" was not produced`` for every
        unmatched designator.  mlir-opt reports unmatched ``@unknown``
        designators twice (``verify()`` runs again in the handler's
        destructor); that is reproduced.  ``only_expected`` is
        ``--verify-diagnostics=only-expected``: unexpected diagnostics and
        near misses are ignored.  An empty result means success.  Calling this
        does not change ``self``.
        """
        failures: list[Diagnostic] = list(self.errors)
        matched: set[int] = set()
        for diag in emitted:
            for one in (diag, *diag.notes):
                failure = self._process(one, matched, only_expected)
                if failure is not None:
                    failures.append(failure)
        for exps in self.by_file.values():
            failures.extend(self._not_produced(e) for e in exps if id(e) not in matched)
        unmatched_unknown = [e for e in self.unknown if id(e) not in matched]
        for _ in range(2):
            failures.extend(self._not_produced(e) for e in unmatched_unknown)
        return failures

    def _process(
        self, diag: Diagnostic, matched: set[int], only_expected: bool
    ) -> Diagnostic | None:
        file_loc = _file_loc(diag.loc)
        if file_loc is not None:
            candidates = self.by_file.get(str(file_loc.filename), [])
        else:
            candidates = self.unknown
        near_miss: ExpectedDiagnostic | None = None
        for exp in candidates:
            if file_loc is not None and int(file_loc.line) != exp.line:
                continue
            if exp.matches(diag.message):
                if exp.severity == diag.severity:
                    matched.add(id(exp))
                    return None
                near_miss = exp
        if only_expected:
            return None
        if near_miss is not None:
            return Diagnostic(
                Severity.ERROR,
                f"'{diag.severity.label}' diagnostic emitted when expecting a "
                f"'{near_miss.severity.label}'",
                near_miss.loc,
            )
        return Diagnostic(
            Severity.ERROR, f"unexpected {diag.severity.label}: {diag.message}", diag.loc
        )

    @staticmethod
    def _not_produced(exp: ExpectedDiagnostic) -> Diagnostic:
        return Diagnostic(
            Severity.ERROR,
            f'expected {exp.severity.label} "{exp.substring}" was not produced',
            exp.loc,
            span=len(exp.substring.encode("utf-8", "surrogateescape"))
            if exp.loc is not None
            else 0,
        )


# ----------------------------------------------------------------------------
# Internal errors
# ----------------------------------------------------------------------------


def format_internal_error(exc: BaseException, prog: str = "llh-opt") -> str:
    """The single line (no trailing newline) the CLI prints for a bug in llh-opt."""
    detail = " ".join(part.strip() for part in str(exc).splitlines() if part.strip())
    kind = type(exc).__name__
    what = f"{kind}: {detail}" if detail else kind
    return f"{prog}: internal error: {what} (please report this bug)"
