"""Tests for ``llh_opt.ir.lexicon.terminal`` and ``llh_opt.parser.lexemes`` (built from it), and the
bracket scanner."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.paths import TEST_ROOT

from llh_opt.parser import lexemes
from llh_opt.ir.lexicon import grammar_text, terminal
from llh_opt.parser.grammar_loader import lark_parser
from llh_opt.parser.lexemes import scan_brackets

TEST_DIR = TEST_ROOT


def _sample_texts() -> list[str]:
    files = sorted(TEST_DIR.glob("Parser/*.mlir")) + sorted(TEST_DIR.glob("Dialect/LLH/*.mlir"))
    return [f.read_text("utf-8", "surrogateescape") for f in files[:12]]


def _grammar_terminal_names() -> set[str]:
    return set(re.findall(r"^(_?[A-Z][A-Z0-9_]*)(?:\.-?[0-9]+)?\s*:", grammar_text(), re.M))


def test_every_grammar_terminal_compiles_without_groups() -> None:
    names = _grammar_terminal_names()
    assert len(names) > 60
    for name in names:
        pattern = re.compile(terminal(name))
        assert pattern.groups == 0, name


def test_terminals_match_what_lark_compiles() -> None:
    """Our expansion of each terminal accepts exactly what Lark's own expansion accepts."""
    lark = lark_parser()
    texts = _sample_texts()
    named = _grammar_terminal_names()
    checked = 0
    # Lark's anonymous terminals ("=", "->", ...) are not definitions of the grammar.
    for t in (t for t in lark.terminals if t.name in named):
        theirs = re.compile(t.pattern.to_regexp())
        ours = re.compile(terminal(t.name))
        for text in texts:
            for i in range(0, len(text), 5):
                a, b = theirs.match(text, i), ours.match(text, i)
                assert (a and a.span()) == (b and b.span()), (t.name, text[i : i + 60])
                checked += 1
    assert checked > 10_000


def test_fast_path_regexes_are_built_from_terminals() -> None:
    assert terminal("SCALAR_TYPE") in lexemes.SCALAR_TYPE_RE.pattern
    assert "f8E4M3FN" not in Path(lexemes.__file__).read_text("utf-8")
    assert lexemes.BAL == terminal("_B4")
    assert lexemes.SCALAR_TYPE_RE.match("f8E4M3FN")
    assert not lexemes.SCALAR_TYPE_RE.match("f8E4M3FNx")
    assert lexemes.SYMBOL_REF_RE.match('@a::@"b c"')
    m = lexemes.NUMBER_RE.match("-1.5e3 : f32")
    assert m is not None and (m.group(1), m.group(2), m.group(3)) == ("-1.5e3", None, "f32")
    m = lexemes.NUMBER_RE.match("0x1F")
    assert m is not None and (m.group(1), m.group(2), m.group(3)) == (None, "0x1F", None)
    assert lexemes.NUMBER_RE.match("0x1.5") is None
    assert lexemes.WS_COMMENT_RE.match("  // c\n  x").end() == 9
    assert lexemes.WS_COMMENT_RE.match("x").end() == 0


def test_unknown_terminal() -> None:
    with pytest.raises(KeyError):
        terminal("NO_SUCH_TERMINAL")


@pytest.mark.parametrize(
    ("text", "start", "stop", "expected"),
    [
        ("(a, b), c", 1, ",", 2),
        ("(a<b, c>, d)", 1, ",", 8),
        ("f(x) -> y, z", 0, ",", 9),  # the `>` of `->` does not close anything
        ('x = "a, b", y', 0, ",", 10),  # commas inside strings do not count
        (r'x = "a\", b", y', 0, ",", 12),  # nor escaped quotes
        ("a) , b", 0, ",", -1),  # a closing bracket of an enclosing construct ends the search
        ("%a : tensor<2x!t<f: 1>> : i32", 3, ":", 3),
        ("{a = 1 : i32} : f32", 0, ":", 14),
        ("%a : i32 to i64", 0, "to", 9),
        ("tot to", 0, "to", 4),  # `to` is a whole word
        ("<a to b> to c", 0, "to", 9),
        ("<a, <b>, c>x", 0, "", 11),
        ("(a -> b)", 0, "", 8),
        ('<"a>">', 0, "", 6),
        ("<<a>", 0, "", 4),  # unclosed: the end of the text
    ],
)
def test_scan_brackets(text: str, start: int, stop: str, expected: int) -> None:
    assert scan_brackets(text, start, stop) == expected


_OPEN = {"<": ">", "(": ")", "[": "]", "{": "}"}


@st.composite
def _balanced(draw: st.DrawFn, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["word", "arrow", "string", "nest"] if depth < 4 else ["word"]))
        if kind == "word":
            parts.append(draw(st.sampled_from(["a", "b, c", " x ", "-1", "1"])))
        elif kind == "arrow":
            parts.append("->")
        elif kind == "string":
            parts.append('"' + draw(st.sampled_from(["", ">", ")", '\\"', "(("])) + '"')
        else:
            opener = draw(st.sampled_from(sorted(_OPEN)))
            parts.append(opener + draw(_balanced(depth + 1)) + _OPEN[opener])
    return "".join(parts)


@given(_balanced(), st.sampled_from(sorted(_OPEN)), st.text(alphabet="ab )>", max_size=4))
def test_scan_brackets_finds_the_matching_close(inner: str, opener: str, tail: str) -> None:
    text = opener + inner + _OPEN[opener]
    assert scan_brackets(text + tail, 0) == len(text)
    assert scan_brackets("x" + inner, 0, ",") == (1 + _first_top_level_comma(inner))


def _first_top_level_comma(text: str) -> int:
    """An independent reference: strip strings and arrows, then count brackets."""
    depth = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            i += 1
            while text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif text.startswith("->", i):
            i += 1
        elif ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == "," and depth == 0:
            return i
        i += 1
    return -2  # scan_brackets returns -1, plus the 1 of the prefix
