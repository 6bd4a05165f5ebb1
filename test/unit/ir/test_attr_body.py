"""Tests for ``llh_opt.ir.attr_body``: the cursor dialect `parse_attribute` hooks read bodies with."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from llh_opt.ir.attr_body import AttrBodyParser


def test_mnemonic_and_angle_body() -> None:
    p = AttrBodyParser(".encoding < shapes = @s0 >  ")
    assert p.parse_mnemonic() == "encoding"
    assert p.parse_angle_body() == " shapes = @s0 "
    assert p.at_end()
    assert AttrBodyParser("encoding<x>").parse_mnemonic() is None  # the `.` is required
    assert AttrBodyParser(". x<y>").parse_mnemonic() is None  # right after the `.`
    q = AttrBodyParser(".Layout NCHW")
    assert q.parse_mnemonic() == "Layout"
    assert q.parse_angle_body() is None
    assert q.pos == len(".Layout")  # nothing consumed on failure


def test_literals_identifiers_and_symbols() -> None:
    p = AttrBodyParser(' shapes = @s0 , @"a \\"b\\"", @x.y$z')
    assert not p.parse_optional("=")
    assert p.parse_optional("shapes")
    assert p.parse_optional("=")
    assert p.parse_symbol_name() == ("s0", False)
    assert p.parse_optional(",")
    assert p.parse_symbol_name() == ('a \\"b\\"', True)  # still escaped
    assert p.parse_optional(",")
    assert p.parse_symbol_name() == ("x.y$z", False)
    assert p.at_end()
    assert AttrBodyParser("@9").parse_symbol_name() is None
    assert AttrBodyParser(" NCHW ").parse_identifier() == "NCHW"
    assert AttrBodyParser("é").parse_identifier() is None
    assert AttrBodyParser("aé").parse_identifier() == "a"  # ASCII, as MLIR's lexer


@given(st.lists(st.from_regex(r"[A-Za-z_][A-Za-z0-9_$.]{0,6}", fullmatch=True), min_size=1))
def test_symbol_lists_read_back(names: list[str]) -> None:
    p = AttrBodyParser(" , ".join("@" + n for n in names))
    got = []
    while True:
        symbol = p.parse_symbol_name()
        assert symbol is not None
        got.append(symbol[0])
        if p.at_end():
            break
        assert p.parse_optional(",")
    assert got == names
