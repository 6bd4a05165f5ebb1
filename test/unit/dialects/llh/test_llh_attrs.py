"""Tests for ``llh_opt.dialects.llh.attrs``: the LLH attributes parse into interned structured
values through the dialect hook, print canonically, and reject malformed input with diagnostics.

Ops are tested in ``test_llh_ops.py``.
"""

from __future__ import annotations

import pytest

import llh_opt.dialects  # noqa: F401 - registers the llh dialect
from llh_opt.diagnostics import DiagnosticError
from llh_opt.dialects.llh import attrs as A
from llh_opt.ir.opdef import DIALECTS
from llh_opt.ir.types import RankedTensorType, f32
from llh_opt.parser import parse_attribute, parse_type


def test_dialect_is_registered_with_an_attribute_hook() -> None:
    d = DIALECTS["llh"]
    assert d.parse_attribute is A.parse_llh_attribute
    assert d.parse_type is None  # `!llh.*` types stay opaque (spec §1.3)
    assert not d.allows_unknown_ops


@pytest.mark.parametrize(
    ("text", "symbols", "canonical"),
    [
        ("#llh.encoding<shapes = @s0, @c64>", ("s0", "c64"), "#llh.encoding<shapes = @s0, @c64>"),
        ("#llh.encoding<shapes=@s0,@c3>", ("s0", "c3"), "#llh.encoding<shapes = @s0, @c3>"),
        (
            '#llh.encoding< shapes =  @s0 ,@"c-1" >',
            ("s0", "c-1"),
            '#llh.encoding<shapes = @s0, @"c-1">',
        ),
        ('#llh.encoding<shapes = @"s2">', ("s2",), "#llh.encoding<shapes = @s2>"),
        (
            '#llh.encoding<shapes = @"a b", @"q\\22">',
            ("a b", 'q"'),
            '#llh.encoding<shapes = @"a b", @"q\\22">',
        ),
    ],
)
def test_encoding_parses_to_symbol_names(
    text: str, symbols: tuple[str, ...], canonical: str
) -> None:
    a = parse_attribute(text)
    assert isinstance(a, A.EncodingAttr)
    assert a.symbols == symbols
    assert str(a) == canonical
    assert a is A.EncodingAttr(symbols)  # interned
    assert parse_attribute(str(a)) is a  # canonical text round-trips
    assert len(a) == len(symbols) and list(a) == list(symbols) and a[0] == symbols[0]


def test_encoding_in_a_tensor_type_is_structured_and_interned() -> None:
    t = parse_type("tensor<?x3xf32, #llh.encoding<shapes=@s0, @c3>>")
    assert isinstance(t, RankedTensorType)
    assert t.encoding is A.EncodingAttr(["s0", "c3"])
    assert t is RankedTensorType((-1, 3), f32, A.EncodingAttr(("s0", "c3")))
    assert str(t) == "tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>"


def test_empty_encoding_cannot_be_built() -> None:
    with pytest.raises(ValueError, match="at least one symbol"):
        A.EncodingAttr(())


ENUMS = [
    (A.LayoutAttr, "Layout", ["NCHW", "NHWC", "NCW", "NWC", "FCHW", "HWCF", "FHWC", "FCW", "WCF"]),
    (
        A.SymbolRelationAttr,
        "SymbolRelation",
        ["Add", "Sub", "Mul", "FloorDiv", "EQ", "GE", "LE", "GT", "LT", "NOTEQ"],
    ),
    (A.CompareAttr, "Compare", ["EQ", "GE", "LE", "GT", "LT", "NE"]),
    (A.ModeAttr, "Mode", ["training", "inference"]),
    (A.AutoPadAttr, "AutoPad", ["DEFAULT", "SAME_UPPER", "SAME_LOWER", "VALID"]),
    (A.CeilModeAttr, "CeilMode", ["CEIL", "FLOOR"]),
    (A.ShiftDirectionAttr, "ShiftDirection", ["Right", "Left"]),
]


@pytest.mark.parametrize(("cls", "mnemonic", "cases"), ENUMS)
def test_enum_attributes_parse_every_case(cls: type, mnemonic: str, cases: list[str]) -> None:
    assert list(cls.CASES) == cases
    for case in cases:
        a = parse_attribute(f"#llh.{mnemonic}< {case} >")
        assert isinstance(a, cls)
        assert a.case == case
        assert a is cls(case)
        assert str(a) == f"#llh.{mnemonic}<{case}>"
        assert cls.from_value(a.value) is a


def test_enum_values_follow_the_reference() -> None:
    assert A.LayoutAttr("NCHW").value == 0 and A.LayoutAttr("WCF").value == 8
    assert A.SymbolRelationAttr("EQ").value == 4 and A.SymbolRelationAttr("NOTEQ").value == 9
    assert A.CompareAttr("EQ").value == 1 and A.CompareAttr("NE").value == 6
    assert A.SymbolRelationAttr("FloorDiv").is_binary
    assert not A.SymbolRelationAttr("GE").is_binary


def test_unknown_enum_case_is_a_value_error_in_python() -> None:
    with pytest.raises(ValueError, match="not a case"):
        A.LayoutAttr("nchw")
    with pytest.raises(ValueError):
        A.CompareAttr.from_value(0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("#llh.Layuot<NCHW>", "unknown attribute `Layuot` in dialect `llh`"),
        (
            "#llh.Layout<nchw>",
            (
                "expected ::mlir::llh::Layout to be one of: NCHW, NHWC, NCW, NWC, FCHW, HWCF, "
                "FHWC, FCW, WCF"
            ),
        ),
        (
            "#llh.Compare<NOTEQ>",
            "expected ::mlir::llh::Compare to be one of: EQ, GE, LE, GT, LT, NE",
        ),
        (
            "#llh.encoding<shapes = >",
            "#llh.encoding needs at least one symbol (rank-0 tensors carry no encoding)",
        ),
        ("#llh.encoding<@s0>", "expected 'shapes' in #llh.encoding"),
        ("#llh.encoding<shapes @s0>", "expected '=' after 'shapes' in #llh.encoding"),
        ("#llh.encoding<shapes = s0>", "expected a symbol reference (@name) in #llh.encoding"),
        ("#llh.encoding<shapes = @s0,>", "expected a symbol reference (@name) in #llh.encoding"),
        ("#llh.encoding<shapes = @s0 @s1>", "expected ',' or '>' in #llh.encoding"),
        ("#llh<foo>", "expected an LLH attribute mnemonic after '#llh.'"),
        ("#llh.Layout", "expected '<' ... '>' after '#llh.Layout'"),
    ],
)
def test_malformed_attributes_are_diagnostics(text: str, message: str) -> None:
    with pytest.raises(DiagnosticError) as info:
        parse_attribute(text)
    assert info.value.diagnostics[0].message == message


def test_hook_reports_at_the_given_location() -> None:
    with pytest.raises(DiagnosticError) as info:
        A.parse_llh_attribute(".Mode<x>", "LOC")
    diags = info.value.diagnostics
    assert [d.loc for d in diags] == ["LOC", "LOC"]
    assert diags[1].message == (
        "failed to parse LLH_ModeAttr parameter 'value' which is to be a `::mlir::llh::Mode`"
    )


def test_constant_symbol_names() -> None:
    assert A.constant_symbol_name(64) == "c64"
    assert A.constant_symbol_name(-1) == "c-1"  # spec D5
    assert A.constant_symbol_value("c64") == 64
    assert A.constant_symbol_value("c-1") == -1
    assert A.constant_symbol_value("s0") is None
    assert A.constant_symbol_value("cols") is None  # not a constant, unlike the reference
    assert A.is_constant_symbol("c18446744073709551615")


def test_layout_positions() -> None:
    nchw, nhwc = A.LayoutAttr("NCHW"), A.LayoutAttr("NHWC")
    assert nchw.is_input_layout and not nchw.is_weight_layout
    assert (nchw.feature_index(4), list(nchw.spatial_indices(4))) == (1, [2, 3])
    assert (nhwc.feature_index(4), list(nhwc.spatial_indices(4))) == (3, [1, 2])
    assert A.LayoutAttr("NWC").feature_index(3) == 2
    f, c, spatial = A.LayoutAttr("FCHW").weight_indices(4)
    assert (f, c, list(spatial)) == (0, 1, [2, 3])
    f, c, spatial = A.LayoutAttr("FHWC").weight_indices(4)
    assert (f, c, list(spatial)) == (0, 3, [1, 2])
    f, c, spatial = A.LayoutAttr("HWCF").weight_indices(4)
    assert (f, c, list(spatial)) == (3, 2, [0, 1])
    f, c, spatial = A.LayoutAttr("WCF").weight_indices(3)
    assert (f, c, list(spatial)) == (2, 1, [0])
