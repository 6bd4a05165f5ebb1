"""``llvm::Regex`` patterns (POSIX extended regular expressions) for Python's ``re``.

What lives here: :func:`compile_ere`, which validates a pattern the way LLVM's ``regcomp.c``
does (same error wording, raised as :class:`RegexError`) and compiles an equivalent Python
``bytes`` pattern (``.`` matches newlines, ``$`` only at the very end, ``\\c`` is a literal
``c``, bracket expressions with POSIX classes, collating elements and equivalence classes);
and :func:`llvm_regex_escape` (``llvm::Regex::escape``).

What does not: where the patterns come from (``expected-*-re`` designators are read in
``verify_diagnostics.py``) and matching policy. This module imports nothing from ``llh_opt``.
"""

from __future__ import annotations

import re

__all__ = ["RegexError", "compile_ere", "llvm_regex_escape"]

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


def llvm_regex_escape(text: str) -> str:
    """``llvm::Regex::escape``."""
    return "".join("\\" + ch if ch in _LLVM_REGEX_METACHARS else ch for ch in text)


class RegexError(Exception):
    """A pattern ``llvm::Regex`` rejects; the message is ``regerror``'s wording."""


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
                raise RegexError(_REG_EMPTY)
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
                raise RegexError(_REG_EPAREN)
            self.nsub += 1
            subno = self.nsub
            inner = b"" if self.peek() == ord(")") else self.ere(ord(")"))
            if not self.eat(")"):
                raise RegexError(_REG_EPAREN)
            self.closed.add(subno)
            atom = b"(" + inner + b")"
        elif c == ord(")"):
            raise RegexError(_REG_EPAREN)
        elif c == ord("^"):
            atom = b"^"
            was_caret = True
        elif c == ord("$"):
            atom = b"\\Z"
        elif c == ord("|"):
            raise RegexError(_REG_EMPTY)
        elif c in b"*+?":
            raise RegexError(_REG_BADRPT)
        elif c == ord("."):
            atom = b"."
        elif c == ord("["):
            atom = self.bracket()
        elif c == ord("\\"):
            if not self.more():
                raise RegexError(_REG_EESCAPE)
            c = self.p[self.i]
            self.i += 1
            if ord("1") <= c <= ord("9"):
                if c - ord("0") not in self.closed:
                    raise RegexError(_REG_ESUBREG)
                atom = b"(?:\\" + bytes([c]) + b")"
            else:
                atom = re.escape(bytes([c]))
        else:
            if c == ord("{") and self.more() and chr(self.peek()).isdigit():
                raise RegexError(_REG_BADRPT)
            atom = re.escape(bytes([c]))

        if not self.is_repetition_next():
            return atom
        c = self.p[self.i]
        self.i += 1
        if was_caret:
            raise RegexError(_REG_BADRPT)
        if c == ord("{"):
            count = self.count()
            if self.eat(","):
                if chr(self.peek()).isdigit():
                    count2: int | None = self.count()
                    if count > count2:  # type: ignore[operator]
                        raise RegexError(_REG_BADBR)
                else:
                    count2 = None
            else:
                count2 = count
            if not self.eat("}"):
                while self.more() and self.peek() != ord("}"):
                    self.i += 1
                if not self.more():
                    raise RegexError(_REG_EBRACE)
                raise RegexError(_REG_BADBR)
            if count2 is None:
                quant = b"{%d,}" % count
            elif count2 == count:
                quant = b"{%d}" % count
            else:
                quant = b"{%d,%d}" % (count, count2)
        else:
            quant = bytes([c])
        if self.is_repetition_next():
            raise RegexError(_REG_BADRPT)
        return b"(?:" + atom + b")" + quant

    def count(self) -> int:
        value = 0
        ndigits = 0
        while self.more() and chr(self.peek()).isdigit() and value <= _DUPMAX:
            value = value * 10 + self.peek() - ord("0")
            self.i += 1
            ndigits += 1
        if ndigits == 0 or value > _DUPMAX:
            raise RegexError(_REG_BADBR)
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
            raise RegexError(_REG_EBRACK)
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
            raise RegexError(_REG_ERANGE)
        kind = self.peek(1) if first == ord("[") and self.more(2) else 0
        if kind == ord(":"):
            self.i += 2
            if not self.more():
                raise RegexError(_REG_EBRACK)
            if self.peek() in b"-]":
                raise RegexError(_REG_ECTYPE)
            start = self.i
            while self.more() and chr(self.peek()).isalpha():
                self.i += 1
            chars = _CCLASSES.get(self.p[start : self.i])
            if chars is None:
                raise RegexError(_REG_ECTYPE)
            members |= chars
            if not self.more():
                raise RegexError(_REG_EBRACK)
            if not self.eat_two(":", "]"):
                raise RegexError(_REG_ECTYPE)
        elif kind == ord("="):
            self.i += 2
            if not self.more():
                raise RegexError(_REG_EBRACK)
            if self.peek() in b"-]":
                raise RegexError(_REG_ECOLLATE)
            members.add(self.collating_element("="))
            if not self.more():
                raise RegexError(_REG_EBRACK)
            if not self.eat_two("=", "]"):
                raise RegexError(_REG_ECOLLATE)
        else:
            lo = self.symbol()
            if self.more(2) and self.peek() == ord("-") and self.peek(1) != ord("]"):
                self.i += 1
                hi = ord("-") if self.eat("-") else self.symbol()
            else:
                hi = lo
            if lo > hi:
                raise RegexError(_REG_ERANGE)
            members.update(range(lo, hi + 1))

    def symbol(self) -> int:
        if not self.more():
            raise RegexError(_REG_EBRACK)
        if self.eat_two("[", "."):
            value = self.collating_element(".")
            if not self.eat_two(".", "]"):
                raise RegexError(_REG_ECOLLATE)
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
            raise RegexError(_REG_EBRACK)
        name = self.p[start : self.i]
        if name in _CNAMES:
            return _CNAMES[name]
        if len(name) == 1:
            return name[0]
        raise RegexError(_REG_ECOLLATE)


def compile_ere(pattern: str) -> re.Pattern[bytes]:
    """Compile an llvm::Regex (POSIX ERE) pattern; raises RegexError like regcomp."""
    translated = _EreTranslator(pattern.encode("utf-8", "surrogateescape")).translate()
    try:
        return re.compile(translated, re.DOTALL)
    except re.error as exc:  # pragma: no cover - the translator only emits valid syntax
        raise RegexError("invalid regular expression") from exc
