"""A small parser over the body of a dialect attribute, for the dialects' `parse_attribute` hooks.

What lives here: `AttrBodyParser`, a cursor over the text a hook receives (what follows `#dialect`,
e.g. `.encoding<shapes = @s0, @"x y">`) with the few reads such bodies need, in the manner of
MLIR's `DialectAsmParser`: the mnemonic after the `.`, the `<...>` body, literal punctuation and
words, identifiers and symbol names. Identifiers and strings are the grammar's terminals
(``llh_opt.ir.lexicon.terminal``; identifiers ASCII-only, as MLIR's lexer reads them), so hooks keep
no copy of the lexical language. What does not: any dialect's attributes or messages (the hooks
word their own diagnostics), and parsing nested types or attributes (the parser does that).
"""

from __future__ import annotations

import re

__all__ = ["AttrBodyParser"]

_BLANKS = re.compile(r"\s*")
_MNEMONIC = re.compile(r"\.([A-Za-z_][A-Za-z0-9_]*)")
_lexemes: tuple[re.Pattern[str], re.Pattern[str]] | None = None


def _identifier_and_symbol() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """(identifier, `@name` or `@"string"`), built from the grammar on first use."""
    global _lexemes
    if _lexemes is None:
        from llh_opt.ir.lexicon import terminal

        bare, string = terminal("_BARE"), terminal("_STR")
        _lexemes = (
            re.compile(bare, re.ASCII),
            re.compile(r"@(?:(" + bare + r")|(" + string + r"))", re.ASCII),
        )
    return _lexemes


class AttrBodyParser:
    """Reads a dialect attribute body from left to right; `pos` is the offset reached.

    Every `parse_*` method returns None/False without moving when what it looks for is not
    there; all but `parse_mnemonic` first skip blanks."""

    __slots__ = ("pos", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def skip_blanks(self) -> None:
        self.pos = _BLANKS.match(self.text, self.pos).end()  # type: ignore[union-attr]

    def at_end(self) -> bool:
        """Whether only blanks are left."""
        return _BLANKS.match(self.text, self.pos).end() == len(self.text)  # type: ignore[union-attr]

    def parse_mnemonic(self) -> str | None:
        """`.name` right here (letters, digits, `_`): the attribute's mnemonic."""
        m = _MNEMONIC.match(self.text, self.pos)
        if m is None:
            return None
        self.pos = m.end()
        return m.group(1)

    def parse_angle_body(self) -> str | None:
        """The text between `<` and the final `>` when the rest (blanks aside) is `<...>`; the
        parser consumes everything then."""
        rest = self.text[self.pos :].strip()
        if not (rest.startswith("<") and rest.endswith(">")):
            return None
        self.pos = len(self.text)
        return rest[1:-1]

    def parse_optional(self, literal: str) -> bool:
        """`literal` (punctuation, or a word matched as a prefix) after blanks."""
        self.skip_blanks()
        if not self.text.startswith(literal, self.pos):
            return False
        self.pos += len(literal)
        return True

    def parse_identifier(self) -> str | None:
        """A bare identifier (MLIR's `[A-Za-z_][A-Za-z0-9_$.]*`) after blanks."""
        self.skip_blanks()
        m = _identifier_and_symbol()[0].match(self.text, self.pos)
        if m is None:
            return None
        self.pos = m.end()
        return m.group()

    def parse_symbol_name(self) -> tuple[str, bool] | None:
        """`@name` or `@"..."` after blanks: (name, False), or (the string's still-escaped
        contents, True) for the quoted form; blanks after it are skipped too."""
        self.skip_blanks()
        m = _identifier_and_symbol()[1].match(self.text, self.pos)
        if m is None:
            return None
        self.pos = m.end()
        self.skip_blanks()
        if m.group(1) is not None:
            return m.group(1), False
        return m.group(2)[1:-1], True
