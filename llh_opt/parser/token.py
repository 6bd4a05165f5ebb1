"""`Token`: the text of one terminal as the parser's callbacks receive it.

A `str` (its text) carrying `type` (the terminal's name), `value` (the same text) and `start_pos`
(its offset in the text being parsed) -- the attributes of Lark's `Token` that the callbacks read,
so the fast driver hands the callbacks the same thing whether or not Lark is loaded (a run that
finds the parser tables cached never imports Lark; Lark's own driver still makes Lark tokens).
What does not live here: lexing, and any other attribute of Lark's tokens (lines, columns).
"""

from __future__ import annotations

__all__ = ["Token"]


class Token(str):
    """A terminal's text with its `type`, `value` and `start_pos`."""

    __slots__ = ("start_pos", "type", "value")

    type: str
    value: str
    start_pos: int | None

    def __new__(cls, type: str, value: str, start_pos: int | None = None) -> Token:  # noqa: A002 - Lark's spelling
        tok = str.__new__(cls, value)
        tok.type = type
        tok.value = value
        tok.start_pos = start_pos
        return tok

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"

    def __reduce__(self) -> tuple[object, ...]:
        return (Token, (self.type, self.value, self.start_pos))
