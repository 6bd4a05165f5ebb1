"""Diagnostics: severities, locations, the diagnostic value type and its rendering.

This module holds everything about *reporting* problems the way ``mlir-opt``
does: the :class:`Diagnostic` value type, the :class:`DiagnosticError`
exception raised at the parser / verifier / pass boundaries, the
:class:`SourceManager` that remembers input buffers, :func:`render` (byte-exact
with MLIR's ``SourceMgrDiagnosticHandler``), the :class:`DiagnosticEngine` that
collects or prints diagnostics, and the one-line internal-error report.

What does *not* live here: ``--verify-diagnostics`` (``verify_diagnostics.py``,
with the POSIX regex translation of ``-re`` designators in ``llvm_regex.py``),
location attributes of the IR (they only need to expose ``.filename``, ``.line``
and ``.col``), the parser, and the CLI (which decides exit codes and where
output goes).  This module imports nothing from
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
import sys
from collections.abc import Iterable
from typing import Any, TextIO

__all__ = [
    "Diagnostic",
    "DiagnosticEngine",
    "DiagnosticError",
    "Severity",
    "SourceLoc",
    "SourceManager",
    "file_location",
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


def file_location(loc: object) -> Any:
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

    def headline(self) -> str:
        """`file:line:col: error: message` (the first line the CLI prints), or `error: message`
        when the location is unknown; notes follow on their own lines."""
        lines = []
        for d in (self, *self.notes):
            loc = file_location(d.loc)
            where = f"{loc.filename}:{loc.line}:{loc.col}: " if loc is not None else ""
            lines.append(f"{where}{d.severity.label}: {d.message}")
        return "\n".join(lines)


class DiagnosticError(Exception):
    """Raised at a boundary (parser, verifier, pass) carrying one or more diagnostics.

    ``DiagnosticError(diag)``, ``DiagnosticError(d1, d2)`` or
    ``DiagnosticError([d1, d2])``.  The CLI renders ``.diagnostics`` in order; ``str()`` gives
    each one's ``file:line:col: error: message`` line (and its notes), like the CLI's first lines.
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
        super().__init__("\n".join(d.headline() for d in diags))

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


_COLORS = {
    Severity.ERROR: "31",
    Severity.WARNING: "35",
    Severity.REMARK: "34",
    Severity.NOTE: "30",
}


def _colorize(text: str, severity: Severity) -> str:
    """llvm::SourceMgr's `--color` rendering of one diagnostic: bold location and message,
    the severity in its color, the caret line green."""
    head, sep, rest = text.partition(f"{severity.label}: ")
    if not sep:
        return text
    # The message runs up to the source line (or the end); the caret line is last.
    lines = rest.split("\n")
    has_source = len(lines) >= 3 and lines[-1] == "" and lines[-2].lstrip(" ~").startswith("^")
    if has_source:
        message = "\n".join(lines[:-3])
        source, caret = lines[-3], lines[-2]
    else:
        message, source, caret = rest[:-1] if rest.endswith("\n") else rest, None, None
    out = (
        f"\x1b[1m{head}\x1b[0m\x1b[0;1;{_COLORS[severity]}m{severity.label}: \x1b[0m"
        f"\x1b[1m{message}\n\x1b[0m"
    )
    if source is not None:
        out += f"{source}\n\x1b[0;1;32m{caret}\n\x1b[0m"
    return out


def _render_single(
    loc: Any,
    message: str,
    severity: Severity,
    srcmgr: SourceManager | None,
    span: int = 0,
    show_source: bool = True,
    color: bool = False,
) -> str:
    text = _render_plain(loc, message, severity, srcmgr, span, show_source)
    return _colorize(text, severity) if color else text


def _render_plain(
    loc: Any,
    message: str,
    severity: Severity,
    srcmgr: SourceManager | None,
    span: int = 0,
    show_source: bool = True,
) -> str:
    label = severity.label
    file_loc = file_location(loc)
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


def render(diag: Diagnostic, srcmgr: SourceManager | None = None, color: bool = False) -> str:
    """Render ``diag`` and its notes exactly like ``mlir-opt`` prints them.

    Every line ends with ``\\n`` and nothing separates consecutive diagnostics.
    As in MLIR, a note repeats the source line only if its location differs
    from the previous diagnostic's (or note's) location.
    """
    out = _render_single(diag.loc, diag.message, diag.severity, srcmgr, diag.span, color=color)
    prev = _loc_key(diag.loc)
    for note in diag.notes:
        key = _loc_key(note.loc)
        out += _render_single(
            note.loc,
            note.message,
            note.severity,
            srcmgr,
            note.span,
            show_source=key != prev,
            color=color,
        )
        prev = key
    return out


# ----------------------------------------------------------------------------
# Engine
# ----------------------------------------------------------------------------


_LEAST_SHOWN = {"errors": Severity.ERROR, "warnings": Severity.WARNING, "remarks": Severity.NOTE}


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
        self.color = False  # --color: llvm::SourceMgr's ANSI colors
        self.verbosity = "remarks"  # --mlir-diagnostic-verbosity-level: errors|warnings|remarks

    @property
    def stream(self) -> TextIO:
        return self._stream if self._stream is not None else sys.stderr

    def emit(self, diag: Diagnostic) -> Diagnostic:
        if diag.severity == Severity.NOTE:
            raise ValueError("notes cannot be emitted on their own; attach them to a diagnostic")
        if not self.collect and diag.severity < _LEAST_SHOWN.get(self.verbosity, Severity.NOTE):
            return diag
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
            stream.write(render(pending, self.srcmgr, self.color))
            stream.flush()

    @property
    def has_errors(self) -> bool:
        return any(d.severity == Severity.ERROR for d in self.diagnostics)

    def clear(self) -> None:
        self.flush()
        self.diagnostics.clear()


# ----------------------------------------------------------------------------
# Internal errors
# ----------------------------------------------------------------------------


def format_internal_error(exc: BaseException, prog: str = "llh-opt") -> str:
    """The single line (no trailing newline) the CLI prints for a bug in llh-opt."""
    detail = " ".join(part.strip() for part in str(exc).splitlines() if part.strip())
    kind = type(exc).__name__
    what = f"{kind}: {detail}" if detail else kind
    return f"{prog}: internal error: {what} (please report this bug)"
