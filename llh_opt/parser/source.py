"""Offsets in the parsed text → MLIR-style `file:line:col` positions.

What lives here: `SourceText`, which maps absolute character offsets to (line, column) the way
MLIR reports them (lines counted from `first_line`, columns counting UTF-8 bytes), makes the
`FileLineColLoc`s ops carry (on the op's first `location` read: `Operation.set_source_offset`), and `backup`, MLIR's rule for where a "wrong token" error points (just
after the previous token). What does not: rendering diagnostics (``llh_opt.diagnostics``).
"""

from __future__ import annotations

from array import array
from bisect import bisect_right

from llh_opt.ir.attributes import FileLineColLoc


class SourceText:
    """The text being parsed, with a line index built on demand."""

    __slots__ = (
        "_cur_line",
        "_cur_off",
        "_cur_start",
        "_starts",
        "ascii",
        "filename",
        "first_line",
        "text",
    )

    def __init__(self, text: str, filename: str, first_line: int = 1) -> None:
        self.text = text
        self.filename = filename
        self.first_line = first_line
        self.ascii = text.isascii()
        self._starts: array[int] | None = None
        # A cursor for the (common) monotone queries of op locations.
        self._cur_off = 0
        self._cur_line = 0
        self._cur_start = 0

    def _line_starts(self) -> array[int]:
        """The offset of every line's start: a flat array (8 bytes a line, not an int object)."""
        starts = self._starts
        if starts is None:
            text = self.text
            starts = array("q", [0])
            add = starts.append
            find = text.find
            i = find("\n")
            while i >= 0:
                add(i + 1)
                i = find("\n", i + 1)
            self._starts = starts
        return starts

    def line_col(self, offset: int) -> tuple[int, int]:
        """(line, column) of `offset`, both as MLIR prints them."""
        text = self.text
        if offset >= self._cur_off:
            n = text.count("\n", self._cur_off, offset)
            if n:
                self._cur_line += n
                self._cur_start = text.rfind("\n", self._cur_off, offset) + 1
            self._cur_off = offset
            line0, start = self._cur_line, self._cur_start
        else:
            starts = self._line_starts()
            line0 = bisect_right(starts, offset) - 1
            start = starts[line0]
        if self.ascii:
            col = offset - start + 1
        else:
            col = len(text[start:offset].encode("utf-8")) + 1
        return line0 + self.first_line, col

    def loc(self, offset: int) -> FileLineColLoc:
        line, col = self.line_col(offset)
        return FileLineColLoc(self.filename, line, col)

    def backup(self, offset: int) -> int:
        """Where MLIR's `emitWrongTokenError` points for a bad token at `offset`: just after the
        previous non-blank text, skipping blank lines and `//` comments on the lines passed."""
        text = self.text
        if offset >= len(text):
            offset = max(len(text) - 1, 0)
        original = offset
        end = offset
        while True:
            while end > 0 and text[end - 1] in " \t":
                end -= 1
            if end == 0:
                return original
            if text[end - 1] not in "\n\r":
                return end
            end -= 1
            line_start = max(text.rfind("\n", 0, end), text.rfind("\r", 0, end))
            comment = text.find("//", line_start + 1, end)
            if comment >= 0:
                end = comment
