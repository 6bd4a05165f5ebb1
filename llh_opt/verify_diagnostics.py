"""``--verify-diagnostics``: the ``expected-*`` designators of an input and the checker.

What lives here: :class:`ExpectedDiagnostics`, a re-implementation of MLIR's
``SourceMgrDiagnosticVerifierHandler`` (reading ``expected-(error|warning|remark|note)(-re)?``
designators with their ``@+N``/``@-N``/``@above``/``@below``/``@unknown`` targets, matching
emitted diagnostics against them, and producing mlir-opt's failure diagnostics in its order),
and :class:`ExpectedDiagnostic`, one designator.

What does not: the diagnostic value types and rendering (``diagnostics.py``), the POSIX ERE
translation behind ``-re`` designators (``llvm_regex.py``), and the CLI, which decides when to
verify and how to exit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from llh_opt.diagnostics import Diagnostic, Severity, SourceLoc, file_location
from llh_opt.llvm_regex import RegexError, compile_ere, llvm_regex_escape

__all__ = ["ExpectedDiagnostic", "ExpectedDiagnostics"]

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
                pieces.append(llvm_regex_escape(rest))
                break
            pieces.append(llvm_regex_escape(rest[:start]))
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
                compile_ere(block)
            except RegexError as err:
                return Diagnostic(
                    Severity.ERROR,
                    f"invalid regex: {err}",
                    exp.loc,
                    span=len(exp.substring.encode("utf-8", "surrogateescape")),
                )
            pieces.append(f"({block})")
            rest = rest[end + 2 :]
        try:
            exp.regex = compile_ere("".join(pieces))
        except RegexError:
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
        file_loc = file_location(diag.loc)
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
