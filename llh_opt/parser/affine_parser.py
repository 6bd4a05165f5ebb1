"""The parser of affine maps: the body of ``affine_map<...>`` text → an ``ir.affine.AffineMap``.

What lives here: ``parse_affine_map``, a port of ``mlir/lib/AsmParser/AffineParser.cpp`` (and the
pieces of MLIR's lexer and ``Parser`` it uses) for maps written with dim/symbol identifiers, with
MLIR's diagnostics (wording and the character offset MLIR points at), raised as
``AffineParseError``. Integer sets are parsed only far enough to be rejected with MLIR's
diagnostic.

What does not: the expressions, their construction-time simplification, printing and
evaluation (``llh_opt/ir/affine.py``), and the ``affine_map<`` ``>`` attribute wrapper, which the
attribute parser (``parser/attrs.py``) handles.
"""

from __future__ import annotations

from llh_opt.ir.affine import (
    INT64_MAX,
    AffineConstantExpr,
    AffineDimExpr,
    AffineExpr,
    AffineMap,
    AffineSymbolExpr,
    get_affine_binary_op_expr,
)

__all__ = ["AffineParseError", "parse_affine_map"]


class AffineParseError(ValueError):
    """A diagnostic of the affine parser: MLIR's message and the offset it points at."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message, offset)
        self.message = message
        self.offset = offset

    def __str__(self) -> str:
        return self.message


class _Tok:
    __slots__ = ("kind", "offset", "text")

    def __init__(self, kind: str, text: str, offset: int) -> None:
        self.kind = kind
        self.text = text
        self.offset = offset


# Keywords with a meaning in affine expressions; every other keyword lexes as an identifier
# for our purposes (MLIR's affine parser accepts any keyword as a dim/symbol name).
_KEYWORDS = {"floordiv": "kw_floordiv", "ceildiv": "kw_ceildiv", "mod": "kw_mod"}
_IDENTIFIER_KINDS = (
    "bare_identifier",
    "inttype",
    "kw_floordiv",
    "kw_ceildiv",
    "kw_mod",
    "kw_symbol",
)
_PUNCT = {
    ":": "colon",
    ",": "comma",
    "(": "l_paren",
    ")": "r_paren",
    "}": "r_brace",
    "[": "l_square",
    "]": "r_square",
    "<": "less",
    ">": "greater",
    "=": "equal",
    "+": "plus",
    "*": "star",
    "?": "question",
    "|": "vertical_bar",
}
_HEX = "0123456789abcdefABCDEF"


def _is_alpha(ch: str) -> bool:
    return ("a" <= ch <= "z") or ("A" <= ch <= "Z")


def _is_digit(ch: str) -> bool:
    return "0" <= ch <= "9"


def _is_id_char(ch: str) -> bool:
    return _is_alpha(ch) or _is_digit(ch) or ch in "_$."


class _Lexer:
    """The subset of MLIR's lexer the affine parser can run into."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def _at(self, i: int) -> str:
        return self.text[i] if i < len(self.text) else "\0"

    def error(self, offset: int, message: str) -> AffineParseError:
        return AffineParseError(message, offset)

    def lex(self) -> _Tok:
        text = self.text
        while True:
            start = self.pos
            if start >= len(text):
                return _Tok("eof", "", len(text))
            ch = text[start]
            self.pos += 1
            if ch in " \t\n\r" or ch == "\0":
                continue
            if _is_alpha(ch) or ch == "_":
                return self._bare_identifier(start)
            if ch in _PUNCT:
                return _Tok(_PUNCT[ch], ch, start)
            if ch == "-":
                if self._at(self.pos) == ">":
                    self.pos += 1
                    return _Tok("arrow", "->", start)
                return _Tok("minus", "-", start)
            if ch == "{":
                if self._at(self.pos) == "-" and self._at(self.pos + 1) == "#":
                    self.pos += 2
                    return _Tok("file_metadata_begin", "{-#", start)
                return _Tok("l_brace", "{", start)
            if ch == ".":
                if self._at(self.pos) != "." or self._at(self.pos + 1) != ".":
                    raise self.error(self.pos, "expected three consecutive dots for an ellipsis")
                self.pos += 2
                return _Tok("ellipsis", "...", start)
            if ch == "/":
                if self._at(self.pos) == "/":
                    end = len(text)
                    for i in range(self.pos, len(text)):
                        if text[i] in "\n\r":
                            end = i + 1
                            break
                    self.pos = end
                    continue
                return _Tok("slash", "/", start)
            if ch == "@":
                return self._at_identifier(start)
            if ch == "#":
                if self._at(self.pos) == "-" and self._at(self.pos + 1) == "}":
                    self.pos += 2
                    return _Tok("file_metadata_end", "#-}", start)
                return self._prefixed_identifier(start)
            if ch in "!^%":
                return self._prefixed_identifier(start)
            if ch == '"':
                return self._string(start)
            if _is_digit(ch):
                return self._number(start)
            raise self.error(start, "unexpected character")

    def _bare_identifier(self, start: int) -> _Tok:
        while _is_id_char(self._at(self.pos)):
            self.pos += 1
        spelling = self.text[start : self.pos]
        if (len(spelling) > 1 and spelling[0] == "i" and spelling[1:].isdigit()) or (
            len(spelling) > 2
            and spelling[1] == "i"
            and spelling[0] in "su"
            and spelling[2:].isdigit()
        ):
            return _Tok("inttype", spelling, start)
        if spelling == "symbol":
            return _Tok("kw_symbol", spelling, start)
        return _Tok(_KEYWORDS.get(spelling, "bare_identifier"), spelling, start)

    def _at_identifier(self, start: int) -> _Tok:
        cur = self._at(self.pos)
        self.pos += 1
        if cur == '"':
            self._string(self.pos - 1)
            return _Tok("at_identifier", self.text[start : self.pos], start)
        if not _is_alpha(cur) and cur != "_":
            raise self.error(self.pos - 1, "@ identifier expected to start with letter or '_'")
        while _is_id_char(self._at(self.pos)):
            self.pos += 1
        return _Tok("at_identifier", self.text[start : self.pos], start)

    def _prefixed_identifier(self, start: int) -> _Tok:
        kind, error = {
            "#": ("hash_identifier", "invalid attribute name"),
            "%": ("percent_identifier", "invalid SSA name"),
            "^": ("caret_identifier", "invalid block name"),
            "!": ("exclamation_identifier", "invalid type identifier"),
        }[self.text[start]]
        cur = self._at(self.pos)
        if _is_digit(cur):
            while _is_digit(self._at(self.pos)):
                self.pos += 1
        elif _is_alpha(cur) or cur in "$._-":
            self.pos += 1
            while _is_id_char(self._at(self.pos)) or self._at(self.pos) == "-":
                self.pos += 1
        else:
            raise self.error(self.pos - 1, error)
        return _Tok(kind, self.text[start : self.pos], start)

    def _string(self, start: int) -> _Tok:
        text = self.text
        while True:
            if self.pos >= len(text):
                raise self.error(self.pos, "expected '\"' in string literal")
            ch = text[self.pos]
            self.pos += 1
            if ch == '"':
                return _Tok("string", text[start : self.pos], start)
            if ch in "\n\v\f":
                raise self.error(self.pos - 1, "expected '\"' in string literal")
            if ch == "\\":
                nxt = self._at(self.pos)
                if nxt in '"\\nt':
                    self.pos += 1
                elif nxt in _HEX and self._at(self.pos + 1) in _HEX and nxt != "\0":
                    self.pos += 2
                else:
                    raise self.error(self.pos - 1, "unknown escape in string literal")

    def _number(self, start: int) -> _Tok:
        text = self.text
        if text[start] == "0" and self._at(self.pos) == "x":
            if self._at(self.pos + 1) not in _HEX or self._at(self.pos + 1) == "\0":
                return _Tok("integer", "0", start)
            self.pos += 2
            while self._at(self.pos) in _HEX and self._at(self.pos) != "\0":
                self.pos += 1
            return _Tok("integer", text[start : self.pos], start)
        while _is_digit(self._at(self.pos)):
            self.pos += 1
        if self._at(self.pos) != ".":
            return _Tok("integer", text[start : self.pos], start)
        self.pos += 1
        while _is_digit(self._at(self.pos)):
            self.pos += 1
        if self._at(self.pos) in "eE":
            nxt, nxt2 = self._at(self.pos + 1), self._at(self.pos + 2)
            if _is_digit(nxt) or (nxt in "+-" and _is_digit(nxt2)):
                self.pos += 2
                while _is_digit(self._at(self.pos)):
                    self.pos += 1
        return _Tok("floatliteral", text[start : self.pos], start)


_HIGH_OPS = {"star": "mul", "kw_floordiv": "floordiv", "kw_ceildiv": "ceildiv", "kw_mod": "mod"}
_LOW_OPS = {"plus": "add", "minus": "sub"}


class _AffineParser:
    """Port of MLIR's ``AffineParser`` for maps written with dim/symbol identifiers."""

    def __init__(self, text: str) -> None:
        # The body is lexed with the closing '>' of `affine_map<...>` after it, as MLIR
        # sees it: a trailing '-' then lexes as '->'.
        self.end = len(text)
        self.text = text + ">"
        self.lexer = _Lexer(self.text)
        self.tok = self.lexer.lex()
        self.names: dict[str, AffineExpr] = {}

    # -- token helpers (mlir::detail::Parser) --------------------------------------------

    def consume(self) -> None:
        self.tok = self.lexer.lex()

    def consume_if(self, kind: str) -> bool:
        if self.tok.kind != kind:
            return False
        self.consume()
        return True

    def error(self, message: str, offset: int | None = None) -> AffineParseError:
        return AffineParseError(message, self.tok.offset if offset is None else offset)

    def wrong_token_error(self, message: str) -> AffineParseError:
        """``Parser::emitWrongTokenError``: point just past the previous token."""
        before = self.text[: self.tok.offset]
        while True:
            before = before.rstrip(" \t")
            if not before:
                # The character before the body is the '<' of `affine_map<`.
                return AffineParseError(message, 0)
            if before[-1] not in "\n\r":
                return AffineParseError(message, len(before))
            before = before[:-1]
            line_start = max(before.rfind("\n"), before.rfind("\r"))
            prev_line = before[line_start:] if line_start >= 0 else before
            comment = prev_line.find("//")
            if comment >= 0:
                before = before[: len(before) - (len(prev_line) - comment)]

    def parse_token(self, kind: str, message: str) -> None:
        if not self.consume_if(kind):
            raise self.wrong_token_error(message)

    def comma_separated(self, close: str, parse_element, context: str) -> None:
        opener = {"r_paren": ("l_paren", "("), "r_square": ("l_square", "[")}[close]
        closer = ")" if close == "r_paren" else "]"
        self.parse_token(opener[0], f"expected '{opener[1]}'{context}")
        if self.consume_if(close):
            return
        parse_element()
        while self.consume_if("comma"):
            parse_element()
        self.parse_token(close, f"expected '{closer}'{context}")

    def is_identifier(self) -> bool:
        return self.tok.kind in _IDENTIFIER_KINDS

    # -- maps ----------------------------------------------------------------------------

    def parse_map(self) -> AffineMap:
        start = self.tok.offset
        num_dims = 0
        num_symbols = 0

        def dim() -> None:
            nonlocal num_dims
            self.parse_identifier_definition(AffineDimExpr(num_dims))
            num_dims += 1

        def symbol() -> None:
            nonlocal num_symbols
            self.parse_identifier_definition(AffineSymbolExpr(num_symbols))
            num_symbols += 1

        self.comma_separated("r_paren", dim, " in dimensional identifier list")
        if self.tok.kind == "l_square":
            self.comma_separated("r_square", symbol, " in symbol list")

        if self.consume_if("arrow"):
            results: list[AffineExpr] = []
            self.comma_separated(
                "r_paren", lambda: results.append(self.parse_expr()), " in affine map range"
            )
            amap = AffineMap(num_dims, num_symbols, tuple(results))
        else:
            self.parse_token("colon", "expected '->' or ':'")
            self.comma_separated(
                "r_paren", self.parse_constraint, " in integer set constraint list"
            )
            raise AffineParseError("expected AffineMap, but got IntegerSet", start)

        if self.tok.kind == "greater" and self.tok.offset != self.end:
            # A '>' inside the text would have closed the attribute early.
            raise self.error("encountered unexpected token")
        if self.tok.kind != "greater":
            raise self.wrong_token_error("expected '>' in affine map")
        return amap

    def parse_identifier_definition(self, expr: AffineExpr) -> None:
        if not self.is_identifier():
            raise self.wrong_token_error("expected bare identifier")
        name = self.tok.text
        if name in self.names:
            raise self.error(f"redefinition of identifier '{name}'")
        self.consume()
        self.names[name] = expr

    def parse_constraint(self) -> None:
        """An integer-set constraint; parsed only to report MLIR's errors in order."""
        self.parse_expr()
        for first, second in (("greater", "equal"), ("less", "equal"), ("equal", "equal")):
            if self.consume_if(first):
                if self.consume_if(second):
                    self.parse_expr()
                    return
                break
        raise self.error(
            "expected '== affine-expr' or '>= affine-expr' at end of affine constraint"
        )

    # -- expressions ---------------------------------------------------------------------

    def parse_expr(self) -> AffineExpr:
        return self.parse_low(None, "")

    def high_op(self, op: str, lhs: AffineExpr, rhs: AffineExpr, op_offset: int) -> AffineExpr:
        if op == "mul":
            if not lhs.is_symbolic_or_constant() and not rhs.is_symbolic_or_constant():
                raise AffineParseError(
                    "non-affine expression: at least one of the multiply operands has to be "
                    "either a constant or symbolic",
                    op_offset,
                )
            return lhs * rhs
        if not rhs.is_symbolic_or_constant():
            raise AffineParseError(
                f"non-affine expression: right operand of {op} has to be either a constant "
                "or symbolic",
                op_offset,
            )
        return get_affine_binary_op_expr(op, lhs, rhs)

    @staticmethod
    def low_op(op: str, lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
        return lhs + rhs if op == "add" else lhs - rhs

    def consume_high(self) -> str:
        op = _HIGH_OPS.get(self.tok.kind, "")
        if op:
            self.consume()
        return op

    def consume_low(self) -> str:
        op = _LOW_OPS.get(self.tok.kind, "")
        if op:
            self.consume()
        return op

    def parse_low(self, llhs: AffineExpr | None, llhs_op: str) -> AffineExpr:
        """``parseAffineLowPrecOpExpr``, with its tail recursion turned into a loop."""
        while True:
            lhs = self.parse_operand(llhs)
            low = self.consume_low()
            if low:
                llhs = self.low_op(llhs_op, llhs, lhs) if llhs is not None else lhs
                llhs_op = low
                continue
            op_offset = self.tok.offset
            high = self.consume_high()
            if high:
                high_res = self.parse_high(lhs, high, op_offset)
                expr = self.low_op(llhs_op, llhs, high_res) if llhs is not None else high_res
                nxt = self.consume_low()
                if nxt:
                    llhs, llhs_op = expr, nxt
                    continue
                return expr
            return self.low_op(llhs_op, llhs, lhs) if llhs is not None else lhs

    def parse_high(self, llhs: AffineExpr | None, llhs_op: str, llhs_offset: int) -> AffineExpr:
        """``parseAffineHighPrecOpExpr``, with its tail recursion turned into a loop.

        Like MLIR, a non-affine ``a op b`` followed by another high-precedence operator is
        reported at that following operator.
        """
        while True:
            lhs = self.parse_operand(llhs)
            op_offset = self.tok.offset
            op = self.consume_high()
            if op:
                if llhs is not None:
                    llhs = self.high_op(llhs_op, llhs, lhs, op_offset)
                else:
                    llhs = lhs
                llhs_op, llhs_offset = op, op_offset
                continue
            if llhs is not None:
                return self.high_op(llhs_op, llhs, lhs, llhs_offset)
            return lhs

    def parse_operand(self, lhs: AffineExpr | None) -> AffineExpr:
        kind = self.tok.kind
        if kind == "kw_symbol":
            self.consume()
            self.parse_token("l_paren", "expected '(' at start of SSA symbol")
            raise self.wrong_token_error("unexpected ssa identifier")
        if kind == "percent_identifier":
            raise self.wrong_token_error("unexpected ssa identifier")
        if kind == "integer":
            return self.parse_integer()
        if kind == "l_paren":
            self.consume()
            if self.tok.kind == "r_paren":
                raise self.error("no expression inside parentheses")
            expr = self.parse_expr()
            self.parse_token("r_paren", "expected ')'")
            return expr
        if kind == "minus":
            self.consume()
            # Negation binds tighter than every binary operator.
            return -self.parse_operand(lhs)
        if kind in ("kw_ceildiv", "kw_floordiv", "kw_mod"):
            return self.parse_bare_id()
        if kind in ("plus", "star"):
            if lhs is not None:
                raise self.error("missing right operand of binary operator")
            raise self.error("missing left operand of binary operator")
        if self.is_identifier():
            return self.parse_bare_id()
        if lhs is not None:
            raise self.error("missing right operand of binary operator")
        raise self.error("expected affine expression")

    def parse_integer(self) -> AffineExpr:
        spelling = self.tok.text
        try:
            value = int(spelling, 16) if spelling[1:2] == "x" else int(spelling, 10)
        except ValueError:
            value = -1
        if value < 0 or value > INT64_MAX:
            raise self.error("constant too large for index")
        self.consume()
        return AffineConstantExpr(value)

    def parse_bare_id(self) -> AffineExpr:
        if not self.is_identifier():
            raise self.wrong_token_error("expected bare identifier")
        expr = self.names.get(self.tok.text)
        if expr is None:
            raise self.wrong_token_error("use of undeclared identifier")
        self.consume()
        return expr


def parse_affine_map(text: str) -> AffineMap:
    """Parse the body of ``affine_map<...>``, e.g. ``(d0, d1)[s0] -> (d0 + s0, d1)``.

    Dims and symbols are named by whatever bare identifiers the lists declare. Errors raise
    ``AffineParseError`` with MLIR's message and the offset (into ``text``) MLIR reports.
    The text is read as if the closing ``>`` of the attribute followed it (offset
    ``len(text)``); a ``>`` inside ``text`` is rejected.
    """
    return _AffineParser(text).parse_map()
