"""Tests for `SymbolAnalysis` (llh_opt/symbolic): the symbol table and naming rules, emission
order, hash-consing of derived symbols, equality classes and their diagnostics, relation
materialization, loading relations back, `replace_symbol`, `apply_equalities`, `remove_unused`
and `evaluate` (spec LLH_DIALECT.md §4.1–4.8, D2, D3, D5, D6)."""

from __future__ import annotations

import pytest
import sympy

from llh_opt.diagnostics import DiagnosticError
from llh_opt.dialects.llh import EncodingAttr
from llh_opt.ir.attributes import FileLineColLoc
from llh_opt.ir.core import Operation, new_module
from llh_opt.ir.types import RankedTensorType, f32
from llh_opt.parser import parse_source
from llh_opt.symbolic import (
    FloorDiv,
    SymbolAnalysis,
    encoding_of,
    floordiv,
    root_module,
    window_output_size,
)


@pytest.fixture(autouse=True)
def _clear_cache():
    SymbolAnalysis.clear()
    yield
    SymbolAnalysis.clear()


def parse(text: str) -> Operation:
    return parse_source(text)


def text(m: Operation) -> str:
    return m.print()


def decl_names(m: Operation) -> list[str]:
    body = m.regions[0].blocks[0]
    return [op.properties["sym_name"].value for op in body.ops if op.name == "llh.symbolic_int"]


def relation_lines(m: Operation) -> list[str]:
    return [
        line.strip()
        for line in text(m).splitlines()
        if '"llh.symbol_' in line and "symbolic_int" not in line
    ]


def first_func(m: Operation) -> Operation:
    return next(op for op in m.regions[0].blocks[0].ops if op.name == "func.func")


# --------------------------------------------------------------------------- lifetime


def test_analysis_is_cached_per_root_module_and_clearable() -> None:
    m = parse(
        """
        func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> { return %a : tensor<?xf32> }
        module @__symbol__ { }
        """
    )
    f = first_func(m)
    ret = f.regions[0].blocks[0].last
    sa = SymbolAnalysis.get(ret)
    assert SymbolAnalysis.get(m) is sa
    assert root_module(ret) is m
    sym_mod = sa.symbol_module()
    assert sym_mod is not None and root_module(sym_mod) is m
    SymbolAnalysis.clear(m)
    assert SymbolAnalysis.get(m) is not sa


def test_creating_and_querying_touch_no_ir() -> None:
    src = """
    func.func @f(%a: tensor<?x3xf32>) -> tensor<?x3xf32> { return %a : tensor<?x3xf32> }
    """
    m = parse(src)
    before = text(m)
    sa = SymbolAnalysis.get(m)
    sa.provably_equal("s0", "s1")
    sa.expr_of("s7")
    sa.representative("c3")
    sa.evaluate({"s0": 4})
    assert sa.symbol_module() is None
    assert text(m) == before  # D6: no declarations, no __symbol__


def test_symbol_module_created_lazily_at_the_end() -> None:
    m = parse("func.func @f() { return }")
    sa = SymbolAnalysis.get(m)
    sa.fresh()
    assert sa.symbol_module() is None  # a declaration alone needs no __symbol__
    sa.merge("s0", "s1")
    body = m.regions[0].blocks[0]
    assert body.last is sa.symbol_module()
    assert "module @__symbol__" in text(m)


# --------------------------------------------------------------------------- naming and order


def test_fresh_names_skip_declared_and_referenced_names_and_never_go_back() -> None:
    m = parse(
        """
        "llh.symbolic_int"() <{sym_name = "s3"}> : () -> ()
        "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
        "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
        func.func @s4(%a: tensor<?xf32, #llh.encoding<shapes = @s5>>) { return }
        """
    )
    sa = SymbolAnalysis.get(m)
    # s4 names a function, s5 is used in an encoding without a declaration.
    assert [sa.fresh() for _ in range(3)] == ["s2", "s6", "s7"]
    sa.table.forget("s2")
    assert not sa.is_declared("s2")
    assert sa.fresh() == "s8"
    # A fresh analysis starts its counter again (names of erased symbols may be reused).
    SymbolAnalysis.clear()
    assert SymbolAnalysis.get(m).fresh() == "s2"


def test_new_declarations_print_newest_first_above_existing_ones() -> None:
    m = parse(
        """
        "llh.symbolic_int"() <{sym_name = "c64"}> : () -> ()
        "llh.symbolic_int"() <{sym_name = "c7"}> : () -> ()
        "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
        "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
        "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
        "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
        func.func @conv() { return }
        """
    )
    sa = SymbolAnalysis.get(m)
    assert sa.fresh() == "s3"
    assert sa.fresh() == "s4"
    assert decl_names(m) == ["s4", "s3", "c64", "c7", "c3", "s2", "s1", "s0"]
    assert sa.symbols() == decl_names(m)


def test_get_or_build_and_constants() -> None:
    m = new_module()
    sa = SymbolAnalysis(m)
    assert sa.get_or_build("batch") == "batch"
    assert sa.get_or_build("batch") == "batch"
    assert sa.const(64) == "c64"
    assert sa.const(-1) == "c-1"
    assert decl_names(m) == ["c-1", "c64", "batch"]
    t = text(m)
    assert '<{sym_name = "c-1"}>' in t
    sa.merge("batch", "c-1")
    assert '@"c-1"' in text(m)  # printed quoted, never through unsigned wrap (D5)
    assert "18446744073709551615" not in text(m)
    assert sa.known_value("batch") == -1


def test_add_encoding_and_symbols_for_shape() -> None:
    m = parse(
        """
        func.func @block(%arg2: tensor<?x3x?x?xbf16>, %arg3: bf16, %arg4: tensor<f32>) attributes {entrance} {
          return
        }
        """
    )
    sa = SymbolAnalysis.get(m)
    args = first_func(m).regions[0].blocks[0].args
    assert sa.add_encoding(args[0])
    assert not sa.add_encoding(args[1])  # not a tensor
    assert not sa.add_encoding(args[2])  # rank 0: no encoding
    assert not sa.add_encoding(args[0])  # already encoded
    assert encoding_of(args[0].type) == ("s0", "c3", "s1", "s2")
    assert decl_names(m) == ["s2", "s1", "c3", "s0"]
    assert sa.symbols_for_shape((4, -1), ("n", None)) == ("n", "s3")


# --------------------------------------------------------------------------- define / hash-consing


def test_conv_like_expressions_are_hash_consed() -> None:
    m = new_module()
    sa = SymbolAnalysis(m)
    s0 = sa.sym(sa.fresh())
    # 3x3, stride 1, pad 1 keeps the size: the expression is s0 itself.
    assert sa.define(floordiv(s0 + 2 * 1 - 3, 1) + 1) == "s0"
    assert sa.define(floordiv(s0 + 2 * 1 - 3, 1) + 1) == "s0"
    a = sa.define(floordiv(s0 + 2 * 1 - 3, 2) + 1)
    b = sa.define(floordiv(s0 + 2 * 1 - 3, 2) + 1)  # built again: same symbol
    c = sa.define(window_output_size(s0, 3, 2, 2))  # same value, other spelling
    d = sa.define(FloorDiv(s0 + 1, 2))
    assert a == b == c == d == "s1"
    # Chains canonicalize: two stride-2 windows = one division by 4.
    e = sa.define(floordiv(sa.sym(a) - 1, 2) + 1)
    assert sa.expr_of(e) == FloorDiv(s0 + 3, 4)
    assert sa.define(FloorDiv(s0 + 3, 4)) == e
    assert decl_names(m) == [e, "s1", "s0"]


def test_constant_folding_and_existing_symbols() -> None:
    m = new_module()
    sa = SymbolAnalysis(m)
    s0 = sa.sym(sa.fresh())
    assert sa.define(floordiv(224 + 6 - 7, 2) + 1) == "c112"
    assert sa.define(s0 - s0 + 5) == "c5"
    assert sa.define(12) == "c12"
    assert sa.define(-1) == "c-1"
    assert sa.define(s0 * 1) == "s0"
    t = sa.define(s0 * 2)
    assert sa.define(sa.sym(t) * 3) == sa.define(6 * s0)
    assert sa.define(sa.sym(t) - s0) == "s0"  # 2*s0 - s0 is the value of s0
    assert sa.known_value("c112") == 112


def _binary(kind: str, lhs: str, rhs: str, symbol: str) -> str:
    return (
        f'"llh.symbol_binary_relation"() <{{relation_kind = #llh.SymbolRelation<{kind}>, '
        f"relations_lhs = @{lhs}, relations_rhs = @{rhs}, symbol = @{symbol}}}> : () -> ()"
    )


def test_binary_relation_materialization() -> None:
    m = new_module()
    sa = SymbolAnalysis(m)
    s21, s22 = sa.get_or_build("s21"), sa.get_or_build("s22")
    s23 = sa.define(128 * sa.sym(s21))
    s24 = sa.define(sa.sym(s22) * sa.sym(s23))
    d = sa.define(sa.sym(s21) - 1)
    e = sa.define(1 - sa.sym(s21))
    f = sa.define(FloorDiv(sa.sym(s21), sa.sym(s22)))
    g = sa.define(sa.sym(s21) + sa.sym(s22))
    h = sa.define(sa.sym(s22) * sa.sym(s22))
    assert (s23, s24, d, e, f, g, h) == ("s0", "s1", "s2", "s3", "s4", "s5", "s6")
    # Relations print newest first; operands of sums and products in sympy's order.
    assert relation_lines(m) == [
        _binary("Mul", "s22", "s22", h),
        _binary("Add", "s21", "s22", g),
        _binary("FloorDiv", "s21", "s22", f),
        _binary("Sub", "c1", "s21", e),
        _binary("Sub", "s21", "c1", d),
        _binary("Mul", "s0", "s22", s24),
        _binary("Mul", "c128", "s21", s23),
    ]
    # Operands that are constants get declared.
    assert sa.is_declared("c128") and sa.is_declared("c1")


def test_relation_map_materialization() -> None:
    m = new_module()
    sa = SymbolAnalysis(m)
    s0, s1 = sa.sym(sa.fresh()), sa.sym(sa.fresh())
    a = sa.define(floordiv(s0 - 1, 2) + 1)
    b = sa.define(s0 * s1 * 128 + s1)
    ops = {op.properties["symbol"].root: op for op in sa.table.relation_ops()}
    assert ops[a].name == ops[b].name == "llh.symbol_relation_map"
    assert ops[a].properties["express"].value == "floor((s0 + 1)/2)"
    assert str(ops[a].properties["relation"]) == "affine_map<()[s0] -> ((s0 + 1) floordiv 2)>"
    assert str(ops[a].properties["relations"]) == "[@s0]"
    assert ops[b].properties["express"].value == "128*s0*s1 + s1"
    assert str(ops[b].properties["relation"]) == "affine_map<()[s0, s1] -> ((s0 * s1) * 128 + s1)>"
    assert str(ops[b].properties["relations"]) == "[@s0, @s1]"
    t = text(m)
    assert (
        '"llh.symbol_relation_map"() <{express = "floor((s0 + 1)/2)", relation = #map1, '
        f"relations = [@s0], symbol = @{a}}}> : () -> ()"
    ) in t
    assert "#map1 = affine_map<()[s0] -> ((s0 + 1) floordiv 2)>" in t


def test_definition_uses_representatives() -> None:
    m = new_module()
    sa = SymbolAnalysis(m)
    s0, s1 = sa.fresh(), sa.fresh()
    sa.merge(s0, s1)
    t = sa.define(sa.sym(s1) + 3)
    assert relation_lines(m)[0] == (
        '"llh.symbol_binary_relation"() <{relation_kind = #llh.SymbolRelation<Add>, '
        f"relations_lhs = @s0, relations_rhs = @c3, symbol = @{t}}}> : () -> ()"
    )
    assert sa.define(sa.sym(s0) + 3) == t


def test_sympy_floor_ceiling_and_mod_are_accepted() -> None:
    m = new_module()
    sa = SymbolAnalysis(m)
    s0 = sa.sym(sa.fresh())
    a = sa.define(sympy.floor((s0 - 1) / 2) + 1)
    assert sa.define(FloorDiv(s0 + 1, 2)) == a
    b = sa.define(sympy.ceiling(s0 / 3))
    c = sa.define(sympy.Mod(s0, 3))
    ops = {op.properties["symbol"].root: op for op in sa.table.relation_ops()}
    assert str(ops[a].properties["relation"]) == "affine_map<()[s0] -> ((s0 + 1) floordiv 2)>"
    assert str(ops[b].properties["relation"]) == "affine_map<()[s0] -> ((s0 + 2) floordiv 3)>"
    assert str(ops[c].properties["relation"]) == "affine_map<()[s0] -> (s0 mod 3)>"
    assert sa.evaluate({"s0": 10})[b] == 4


def test_unsupported_expressions_are_rejected() -> None:
    sa = SymbolAnalysis(new_module())
    s0 = sa.sym(sa.fresh())
    with pytest.raises(ValueError, match="floordiv"):
        sa.define(s0 / 2)


# --------------------------------------------------------------------------- equality classes


def test_union_find_later_to_earlier_and_constant_wins() -> None:
    m = new_module()
    sa = SymbolAnalysis(m)
    s0, s1, s2, s3 = (sa.fresh() for _ in range(4))
    assert sa.merge(s3, s1) == "s1"
    assert sa.representative(s3) == "s1"
    sa.merge(s1, s2)
    assert sa.representative(s2) == "s1"
    sa.merge(s2, s0)
    assert {sa.representative(x) for x in (s0, s1, s2, s3)} == {"s0"}
    sa.merge("c7", s3)
    assert {sa.representative(x) for x in (s0, s1, s2, s3)} == {"c7"}
    assert sa.known_value(s2) == 7
    assert sa.provably_equal(s0, "c7")
    assert sa.provably_different(s0, "c8")
    assert relation_lines(m)[-1] == (
        '"llh.symbol_relation"() <{relation = @s1, relation_kind = #llh.SymbolRelation<EQ>, '
        "symbol = @s3}> : () -> ()"
    )


def test_congruence_merges_derived_symbols() -> None:
    m = new_module()
    sa = SymbolAnalysis(m)
    s0, s2 = sa.fresh(), sa.fresh()
    t1 = sa.define(sa.sym(s0) + 1)
    t2 = sa.define(sa.sym(s2) + 1)
    assert t1 != t2 and not sa.provably_equal(t1, t2)
    sa.merge(s0, s2)
    assert sa.provably_equal(t1, t2)
    assert sa.representative(t2) == t1
    sa.merge(s0, "c4")
    assert sa.representative(t1) == "c5"  # the derived class folded to a constant
    assert sa.is_declared("c5")
    assert sa.expr_of(t2) == 5


def test_free_symbol_equal_to_expression_becomes_derived() -> None:
    sa = SymbolAnalysis(new_module())
    s0, s1 = sa.fresh(), sa.fresh()
    half = sa.define(floordiv(sa.sym(s0) + 1, 2))
    sa.merge(s1, half)
    assert sa.representative(half) == s1  # s1 is older
    assert sa.expr_of(s1) == FloorDiv(sa.sym(s0) + 1, 2)
    assert sa.define(2 * sa.sym(s1)) == sa.define(2 * FloorDiv(sa.sym(s0) + 1, 2))
    assert sa.evaluate({s0: 9})[s1] == 5


def test_contradiction_is_a_located_diagnostic() -> None:
    m = parse(
        """
        func.func @f(%a: tensor<?x512xf32>, %b: tensor<256x10xf32>) {
          %0 = "llh.matmul"(%a, %b) : (tensor<?x512xf32>, tensor<256x10xf32>) -> tensor<?x10xf32>
          return
        }
        """
    )
    sa = SymbolAnalysis.get(m)
    matmul = next(op for op in first_func(m).walk() if op.name == "llh.matmul")
    with pytest.raises(DiagnosticError) as info:
        sa.merge(sa.const(512), sa.const(256), at_op=matmul)
    diag = info.value.diagnostic
    assert diag.message == "dimension mismatch: 512 vs 256"
    assert isinstance(diag.loc, FileLineColLoc) and diag.loc.line == 3
    with pytest.raises(DiagnosticError, match=r"mismatch: matmul: @s0 = 512 vs 256"):
        sa.merge("s0", "c512")
        sa.merge("s0", "c256", at_op=matmul, context="matmul")
    t = sa.define(sa.sym("s1") + 1)
    with pytest.raises(DiagnosticError, match=r"@s1 vs @s\d+ = s1 \+ 1"):
        sa.merge("s1", t)


def test_division_by_a_symbol_that_becomes_zero_is_a_diagnostic() -> None:
    sa = SymbolAnalysis(new_module())
    a, b = sa.fresh(), sa.fresh()
    sa.define(FloorDiv(sa.sym(a), sa.sym(b)))
    with pytest.raises(DiagnosticError, match="divides by zero when @s1 == @c0"):
        sa.merge(b, "c0")
    sa2 = SymbolAnalysis(new_module())
    a, b = sa2.fresh(), sa2.fresh()
    sa2.merge(b, "c0")
    with pytest.raises(DiagnosticError, match="divides by zero"):
        sa2.define(FloorDiv(sa2.sym(a), sa2.sym(b)))


def test_congruence_contradiction_names_the_merge() -> None:
    sa = SymbolAnalysis(new_module())
    a, b = sa.fresh(), sa.fresh()
    ta = sa.define(sa.sym(a) + 1)
    sa.merge(ta, "c3")
    sa.merge(b, "c5")
    with pytest.raises(DiagnosticError, match=r"implied by @s\d+ == @s\d+"):
        sa.merge(a, b)


def test_comparison_relations() -> None:
    m = new_module()
    sa = SymbolAnalysis(m)
    s0, s1 = sa.fresh(), sa.fresh()
    sa.relate(s0, "c1", "GE")
    sa.relate(s0, s1, "NOTEQ")
    sa.relate(s0, s1, "NOTEQ")  # recorded once
    sa.relate("c3", "c1", "GT")  # constants: checked, nothing emitted
    with pytest.raises(DiagnosticError, match="does not hold: 1 GT 3"):
        sa.relate("c1", "c3", "GT")
    assert sa.provably_different(s0, s1)
    assert [line.split("relation_kind = ")[1][:24] for line in relation_lines(m)] == [
        "#llh.SymbolRelation<NOTE",
        "#llh.SymbolRelation<GE>,",
    ]


# --------------------------------------------------------------------------- loading from IR


def test_relations_are_read_back_by_a_new_analysis() -> None:
    m = new_module()
    sa = SymbolAnalysis(m)
    s0, s1 = sa.fresh(), sa.fresh()
    a = sa.define(floordiv(sa.sym(s0) - 1, 2) + 1)
    b = sa.define(sa.sym(a) * sa.sym(s1))
    sa.merge(s1, "c3")
    reparsed = parse(text(m))
    sa2 = SymbolAnalysis.get(reparsed)
    assert sa2.expr_of(b) == 3 * FloorDiv(sa2.sym(s0) + 1, 2)
    assert sa2.define(3 * FloorDiv(sa2.sym(s0) + 1, 2)) == b
    assert sa2.representative(s1) == "c3"
    assert sa2.evaluate({s0: 11})[b] == 18
    assert text(reparsed) == text(parse(text(m)))  # loading emitted nothing


def test_loading_conflicting_relations_reports_the_relation() -> None:
    m = parse(
        """
        "llh.symbolic_int"() <{sym_name = "c256"}> : () -> ()
        "llh.symbolic_int"() <{sym_name = "c512"}> : () -> ()
        module @__symbol__ {
          "llh.symbol_relation"() <{relation = @c256, relation_kind = #llh.SymbolRelation<EQ>, symbol = @c512}> : () -> ()
        }
        """
    )
    with pytest.raises(DiagnosticError) as info:
        SymbolAnalysis.get(m)
    assert info.value.diagnostic.message == "dimension mismatch: 512 vs 256"
    assert info.value.diagnostic.loc.line == 5


# --------------------------------------------------------------------------- rewriting the IR

_EQ_INPUT = """
"llh.symbolic_int"() <{sym_name = "s5"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s4"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s3"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c64"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
func.func @relation_eq(%arg0: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>, %arg1: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>> attributes {entrance} {
  %2 = "llh.constant"() <{symbol = @c0, value = 2 : i64}> : () -> i64
  %1 = "llh.add"(%arg1, %arg1) : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>, tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>) -> tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>
  "llh.encoding_bind"(%1) <{encoding = #llh.encoding<shapes = @s3, @c64, @s4, @s5>}> : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>) -> ()
  %193 = "llh.dim"(%1, %2) <{symbol = @s4}> : (tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>, i64) -> i64
  cf.br ^bb1(%1 : tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>)
^bb1(%x: tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>):
  return %x : tensor<?x64x?x?xf32, #llh.encoding<shapes = @s3, @c64, @s4, @s5>>
}
module @__symbol__ {
  "llh.symbol_relation"() <{relation = @s5, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s2}> : () -> ()
  "llh.symbol_relation"() <{relation = @s4, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s1}> : () -> ()
  "llh.symbol_relation"() <{relation = @s3, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s0}> : () -> ()
}
"""


def test_replace_symbol_reaches_every_reference() -> None:
    m = parse_source(_EQ_INPUT, allow_unregistered=True)
    sa = SymbolAnalysis.get(m)
    changed = sa.replace_symbol("s4", "s1")
    assert changed > 0
    t = text(m)
    assert "@s4" not in t
    f = first_func(m)
    ftype = f.properties["function_type"].type
    assert encoding_of(ftype.inputs[1]) == ("s3", "c64", "s1", "s5")
    assert encoding_of(ftype.results[0]) == ("s3", "c64", "s1", "s5")
    bb1 = f.regions[0].blocks[1]
    assert encoding_of(bb1.args[0].type) == ("s3", "c64", "s1", "s5")  # a non-entry block argument
    dim = next(op for op in f.walk() if op.name == "llh.dim")
    assert dim.properties["symbol"].root == "s1"
    bind = next(op for op in f.walk() if op.name == "llh.encoding_bind")
    assert bind.properties["encoding"] == EncodingAttr(("s3", "c64", "s1", "s5"))
    assert "s4" not in decl_names(m)  # its declaration is erased
    assert (
        '"llh.symbol_relation"() <{relation = @s1, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s1}>'
        in t
    )


def test_apply_equalities_then_remove_unused() -> None:
    m = parse_source(_EQ_INPUT, allow_unregistered=True)
    sa = SymbolAnalysis.get(m)
    mapping = sa.apply_equalities()
    assert mapping == {"s3": "s0", "s4": "s1", "s5": "s2"}
    t = text(m)
    assert "@s3" not in t and "@s4" not in t and "@s5" not in t
    assert decl_names(m) == ["s2", "s1", "c64", "s0"]
    assert relation_lines(m) == []  # the EQ relations became trivial
    assert "tensor<?x64x?x?xf32, #llh.encoding<shapes = @s0, @c64, @s1, @s2>>" in t
    removed = sa.remove_unused()
    assert removed == set()  # c0 is referenced but undeclared; everything declared is used


def test_apply_equalities_refines_static_sizes() -> None:
    m = parse(
        """
        func.func @f(%a: tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>) -> tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>> {
          return %a : tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>
        }
        """
    )
    sa = SymbolAnalysis.get(m)
    sa.merge("s1", "c512")
    kept = sa.apply_equalities(constants=False)
    assert kept == {}
    assert "s1 EQ" not in text(
        m
    ) and "<{relation = @c512, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s1}>" in text(m)
    sa.apply_equalities(refine_static=True)
    f = first_func(m)
    assert f.properties["function_type"].type.inputs[0] == RankedTensorType(
        (-1, 512), f32, EncodingAttr(("s0", "c512"))
    )
    assert f.regions[0].blocks[0].args[0].type == f.properties["function_type"].type.inputs[0]
    assert relation_lines(m) == []


def test_remove_unused_keeps_what_live_symbols_need() -> None:
    m = parse(
        """
        func.func @f(%a: tensor<?xf32>) -> tensor<?xf32> { return %a : tensor<?xf32> }
        """
    )
    sa = SymbolAnalysis.get(m)
    a = first_func(m).regions[0].blocks[0].args[0]
    s0 = sa.fresh()
    live = sa.define(128 * sa.sym(s0) + 1)  # needs s0 through its definition
    dead = sa.define(sa.sym(s0) * 3)
    dead2 = sa.define(sa.sym(dead) + 7)
    sa.relate(dead, "c1", "GE")
    s9 = sa.fresh()
    sa.relate(s0, "c1", "GE")
    a.type = RankedTensorType((-1,), f32, EncodingAttr((live,)))
    removed = sa.remove_unused()
    assert removed == {dead, dead2, s9, "c3", "c7"}
    assert set(decl_names(m)) == {live, s0, "c1"}
    lines = relation_lines(m)
    assert len(lines) == 2
    assert any(f"symbol = @{live}" in x for x in lines)
    assert any("GE" in x and f"symbol = @{s0}" in x for x in lines)
    # A removed derived symbol comes back, with its definition, when it is needed again.
    assert sa.define(sa.sym(s0) * 3) == dead
    assert sa.is_declared(dead)
    assert any(f"symbol = @{dead}" in x for x in relation_lines(m))


# --------------------------------------------------------------------------- evaluate


def test_evaluate() -> None:
    sa = SymbolAnalysis(new_module())
    n, h, w = sa.fresh(), sa.fresh(), sa.fresh()
    sa.merge(h, w)
    oh = sa.define(window_output_size(sa.sym(h), 7, 2, 6))
    ow = sa.define(window_output_size(sa.sym(w), 7, 2, 6))
    assert oh == ow
    flat = sa.define(sa.sym(oh) * sa.sym(ow) * 64)
    values = sa.evaluate({n: 2, h: 224})
    assert values[oh] == 112 and values[flat] == 112 * 112 * 64 and values[w] == 224
    assert values[n] == 2
    assert flat not in sa.evaluate({n: 2})  # unbound input: left out
    with pytest.raises(ValueError, match="conflicting"):
        sa.evaluate({h: 3, w: 4}, check=True)


# --------------------------------------------------------------------------- the seed's example


def test_seed_matmul_example_prints_as_the_reference() -> None:
    """Seed 000's matmul example, with the steps a shape rule takes spelled out."""
    m = parse(
        """
        func.func @matmul(%arg0: tensor<?x?xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}) -> tensor<*xf32> attributes {entrance} {
          %const = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<512x10xf32>
          %matmul = "llh.matmul"(%arg0, %const) : (tensor<?x?xf32>, tensor<512x10xf32>) -> tensor<*xf32>
          return %matmul : tensor<*xf32>
        }
        """
    )
    f = first_func(m)
    sa = SymbolAnalysis.get(f)
    arg = f.regions[0].blocks[0].args[0]
    names = [sa.get_or_build(n) for n in ("s0", "s1")]  # seeding (§4.3)
    sa.add_encoding(arg, names)
    weight, matmul, _ret = list(f.regions[0].blocks[0].ops)
    sa.add_encoding(weight.results[0], at_op=weight)
    lhs, rhs = encoding_of(arg.type), encoding_of(weight.results[0].type)
    out = sa.symbols_for_shape((-1, 10), (lhs[0], rhs[1]), at_op=matmul)
    matmul.results[0].type = RankedTensorType((-1, 10), f32, EncodingAttr(out))
    sa.merge(lhs[1], rhs[0], at_op=matmul)
    ftype = f.properties["function_type"].type
    f.properties["function_type"] = type(f.properties["function_type"])(
        type(ftype)((arg.type,), (matmul.results[0].type,))
    )
    assert text(m) == (
        """module {
  "llh.symbolic_int"() <{sym_name = "c10"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "c512"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
  func.func @matmul(%arg0: tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>> {func.input_symbol_0 = "s0", func.input_symbol_1 = "s1"}) -> tensor<?x10xf32, #llh.encoding<shapes = @s0, @c10>> attributes {entrance} {
    %0 = "llh.weight"() <{weight_file = "xxx"}> : () -> tensor<512x10xf32, #llh.encoding<shapes = @c512, @c10>>
    %1 = "llh.matmul"(%arg0, %0) : (tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>, tensor<512x10xf32, #llh.encoding<shapes = @c512, @c10>>) -> tensor<?x10xf32, #llh.encoding<shapes = @s0, @c10>>
    return %1 : tensor<?x10xf32, #llh.encoding<shapes = @s0, @c10>>
  }
  module @__symbol__ {
    "llh.symbol_relation"() <{relation = @c512, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s1}> : () -> ()
  }
}
"""
    )
    # D3 under canonicalization: s1 becomes c512 and the `?` refines to 512.
    sa.apply_equalities(refine_static=True)
    sa.remove_unused()
    assert "tensor<?x512xf32, #llh.encoding<shapes = @s0, @c512>>" in text(m)
    assert decl_names(m) == ["c10", "c512", "s0"]
    assert relation_lines(m) == []


def test_resnet_like_spatial_sizes_share_symbols() -> None:
    """ResNet-18's spatial sizes for an `s1 x s1` input: every 3x3/stride-1/pad-1 conv keeps its
    input's symbol, equal H and W share one symbol per stage, and the stages match torch's
    `(s0 - 1) floordiv 2^k + 1` bindings of seed 000."""
    sa = SymbolAnalysis(new_module())
    h = w = sa.get_or_build("s1")
    stages = []

    def window(x: str, k: int, s: int, p: int) -> str:
        return sa.define(window_output_size(sa.sym(x), k, s, 2 * p))

    h, w = window(h, 7, 2, 3), window(w, 7, 2, 3)  # stem conv
    stages.append(h)
    h, w = window(h, 3, 2, 1), window(w, 3, 2, 1)  # max pool
    for stage in range(4):
        for block in range(2):
            stride = 2 if stage and not block else 1
            identity = h
            h, w = window(h, 3, stride, 1), window(w, 3, stride, 1)
            h, w = window(h, 3, 1, 1), window(w, 3, 1, 1)
            if stride == 2:
                assert window(identity, 1, 2, 0) == h  # the 1x1 downsample path agrees
        stages.append(h)
        assert h == w
    s1 = sa.sym("s1")
    for k, name in enumerate(stages[1:], start=2):
        assert sa.define(floordiv(s1 - 1, 2**k) + 1) == name
    flat = sa.define(512 * sa.sym(h) * sa.sym(w))
    assert sa.evaluate({"s1": 224})[flat] == 512 * 7 * 7
    assert len(set(stages)) == 5
    assert len(sa.symbols()) == 7  # s1, five stage sizes, the flatten size
