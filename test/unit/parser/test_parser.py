"""Unit tests of the MLIR text parser: syntax forms, custom ops, scopes, locations, API details.

The expected IR was checked against `torch-mlir-opt --mlir-print-op-generic` for the same text.
Error messages are in ``test_parser_errors.py``; random round trips in ``test_parser_roundtrip.py``.
"""

from __future__ import annotations

import gc

import pytest
from support.paths import REPO_ROOT

from llh_opt.diagnostics import DiagnosticError
from llh_opt.ir import attributes as A
from llh_opt.ir import types as T
from llh_opt.ir.core import ExplicitProperties, Operation
from llh_opt.ir.opdef import DIALECTS, Dialect, register_dialect
from llh_opt.parser import parse_attribute, parse_source, parse_type
from llh_opt.printer import print_operation


def parse(text: str, **kw: object) -> Operation:
    kw.setdefault("allow_unregistered", True)
    return parse_source(text, "t.mlir", **kw)  # type: ignore[arg-type]


def body(module: Operation) -> list[Operation]:
    return list(module.regions[0].blocks[0].ops)


def only(module: Operation) -> Operation:
    (op,) = body(module)
    return op


def func_body(module: Operation, index: int = 0) -> list[Operation]:
    fn = body(module)[index]
    return list(fn.regions[0].blocks[0].ops)


def loc(op_or_arg: object) -> tuple[str, int, int]:
    location = op_or_arg.location  # type: ignore[attr-defined]
    return (location.filename, location.line, location.col)


# --------------------------------------------------------------------------- generic operations


def test_generic_op_parts() -> None:
    m = parse('%0 = "foo.op"() <{p = 1 : i32}> {q = "s"} : () -> tensor<2x?xf32> loc("x.py":3:4)\n')
    op = only(m)
    assert op.name == "foo.op"
    assert op.properties == {"p": A.IntegerAttr(1, T.i32)}
    assert op.attributes == {"q": A.StringAttr("s")}
    assert op.result_types == [T.RankedTensorType((2, T.DYNAMIC), T.f32)]
    assert op.location is A.FileLineColLoc("x.py", 3, 4)


def test_result_lists_and_uses() -> None:
    m = parse(
        '%a, %b = "foo.two"() : () -> (i1, i2)\n'
        '%0:3 = "foo.three"() : () -> (i8, i16, i32)\n'
        '%x:2, %y = "foo.mixed"() : () -> (f16, f32, f64)\n'
        '"foo.use"(%a, %b, %0#2, %0, %0#1, %x#1, %y) : (i1, i2, i32, i8, i16, f32, f64) -> ()\n'
    )
    two, three, mixed, use = body(m)
    assert use.operands == [
        two.results[0],
        two.results[1],
        three.results[2],
        three.results[0],
        three.results[1],
        mixed.results[1],
        mixed.results[2],
    ]


def test_successors_regions_blocks() -> None:
    m = parse(
        '"foo.top"() ({\n'
        '^entry(%a: i32 loc("q":1:1), %b: f32):\n'
        '  "foo.br"(%a)[^next, ^entry] : (i32) -> ()\n'
        "^next:\n"
        '  "foo.end"(%b) : (f32) -> ()\n'
        "}, {\n"
        "}) : () -> ()\n"
    )
    top = only(m)
    r0, r1 = top.regions
    assert r1.blocks == []
    entry, nxt = r0.blocks
    assert [a.type for a in entry.args] == [T.i32, T.f32]
    assert entry.args[0].location is A.FileLineColLoc("q", 1, 1)
    assert loc(entry.args[1]) == ("t.mlir", 2, 30)
    br = entry.first
    assert br.successors == [nxt, entry]
    assert br.operands == [entry.args[0]]
    assert nxt.first.operands == [entry.args[1]]


def test_forward_block_reference_and_order() -> None:
    m = parse(
        'func.func @f() {\n  "foo.br"()[^b2] : () -> ()\n^b1:\n  return\n^b2:\n  "foo.br"()[^b1] : () -> ()\n}\n'
    )
    fn = only(m)
    entry, b1, b2 = fn.regions[0].blocks
    assert entry.first.successors == [b2]
    assert b2.first.successors == [b1]


def test_registered_op_inherent_attrs_become_properties() -> None:
    m = parse('%0 = "arith.constant"() {value = 1 : i32, other} : () -> i32\n')
    op = only(m)
    assert op.properties == {"value": A.IntegerAttr(1, T.i32)}
    assert op.attributes == {"other": A.UnitAttr()}
    # With `<{...}>` written, the attribute dictionary stays as written.
    op = only(parse('%0 = "arith.constant"() <{value = 1 : i32}> {x} : () -> i32\n'))
    assert op.properties == {"value": A.IntegerAttr(1, T.i32)}
    assert op.attributes == {"x": A.UnitAttr()}


def test_unregistered_op_keeps_explicit_properties() -> None:
    """`<{}>` on an unregistered op is kept (and printed back); without it nothing is."""
    written, bare = body(parse('"foo.p"() <{}> : () -> ()\n"foo.q"() : () -> ()\n'))
    assert type(written.properties) is ExplicitProperties and written.properties == {}
    assert type(bare.properties) is dict
    text = print_operation(parse('"foo.p"() <{}> : () -> ()\n'), generic=True)
    assert '"foo.p"() <{}> : () -> ()' in text


def test_registered_op_properties_like_mlir() -> None:
    """MLIR's property conversion: unknown keys of `<{...}>` are dropped; inherent attributes
    of `{...}` fill properties `<{...}>` does not set, or are dropped when their storage cannot
    hold them (checked with torch-mlir-opt --mlir-print-op-generic)."""
    m = parse(
        "func.func @f(%a: i32) {\n"
        '  %0 = "arith.addi"(%a, %a) <{foo = 1}> : (i32, i32) -> i32\n'
        '  %1 = "arith.cmpi"(%a, %a) <{foo = 1}> {predicate = 3 : i64, foo = 2} '
        ": (i32, i32) -> i1\n"
        '  %2 = "arith.cmpi"(%a, %a) <{predicate = 1 : i64}> {predicate = 1 : i32} '
        ": (i32, i32) -> i1\n"
        '  %3 = "arith.cmpi"(%a, %a) <{}> {predicate = 1 : i32} : (i32, i32) -> i1\n'
        '  %4 = "arith.extui"(%a) <{}> : (i32) -> i64\n'
        "  return\n"
        "}\n"
    )
    addi, cmp_dict, cmp_both, cmp_bad, extui, _ = func_body(m)
    assert addi.properties == {}
    assert cmp_dict.properties == {"predicate": A.IntegerAttr(3, T.i64)}
    assert cmp_dict.attributes == {"foo": A.IntegerAttr(2)}
    assert cmp_both.properties == {"predicate": A.IntegerAttr(1, T.i64)}
    assert cmp_both.attributes == {}
    assert cmp_bad.properties == {} and cmp_bad.attributes == {}
    assert type(extui.properties) is dict and extui.properties == {}


def test_comment_after_the_last_op_is_not_code() -> None:
    for text in (
        "func.func @f() {\n  return\n}\n// y op\n",
        "func.func @f() {\n  return\n}\n// y op",
        "func.func @f() -> i32 {\n  %0 = arith.constant 1 : i32\n  return %0 : i32 // p op\n}\n//p",
        '"foo.a"() : () -> () // tail op\n// another p op',
        "func.func private @d() -> (i32)\n// p op\n",
    ):
        m = parse(text)
        assert len(body(m)) == 1, text
    # Not commented out, it is an op (MLIR: the same message at 4:1).
    with pytest.raises(DiagnosticError, match=r"custom op 'y' is unknown \(tried 'builtin.y'"):
        parse("func.func @f() {\n  return\n}\ny op\n")


def test_comments_and_line_breaks_inside_an_op() -> None:
    m = parse(
        '%0 = "foo.a"() : () -> i32  // trailing\n'
        '"foo.multi"(\n    %0,   // first\n    %0\n) {a = 1, // comment in a dict\n  b = 2} : (i32, i32) -> ()\n'
    )
    a, multi = body(m)
    assert multi.operands == [a.result, a.result]
    assert multi.attributes == {"a": A.IntegerAttr(1), "b": A.IntegerAttr(2)}


def test_deep_nesting_uses_the_fine_grammar() -> None:
    m = parse(
        '"foo.deep"() {d = [[[[[[[[1]]]]]]]]} : () -> (tuple<tuple<tuple<tuple<tuple<i1>>>>>)\n'
    )
    op = only(m)
    d = op.attributes["d"]
    for _ in range(7):
        d = d[0]
    assert d[0] is A.IntegerAttr(1)
    assert str(op.result_types[0]) == "tuple<tuple<tuple<tuple<tuple<i1>>>>>"


# --------------------------------------------------------------------------- custom forms


def test_module_forms() -> None:
    m = parse("module @m attributes {foo.bar = 1 : i64} {\n  module {\n  }\n}\n")
    assert m.name == "builtin.module"
    assert m.properties == {"sym_name": A.StringAttr("m")}
    assert m.attributes == {"foo.bar": A.IntegerAttr(1)}
    inner = only(m)
    assert inner.name == "builtin.module" and len(inner.regions[0].blocks) == 1


def test_func_forms() -> None:
    m = parse(
        "func.func private @d(i32, f32) -> i32\n"
        "func.func nested @g(%a: i32 {foo.x = 1}, %b: f32) -> (i32 {foo.r}, f32) "
        "attributes {llvm.emit_c_interface} {\n"
        "  %0 = func.call @d(%a, %b) : (i32, f32) -> i32\n"
        "  return %0, %b : i32, f32\n"
        "}\n"
    )
    d, g = body(m)
    assert d.properties == {
        "function_type": A.TypeAttr(T.FunctionType((T.i32, T.f32), (T.i32,))),
        "sym_name": A.StringAttr("d"),
        "sym_visibility": A.StringAttr("private"),
    }
    assert d.regions[0].blocks == []
    assert g.properties["arg_attrs"] == A.ArrayAttr(
        (A.DictionaryAttr({"foo.x": A.IntegerAttr(1)}), A.DictionaryAttr({}))
    )
    assert g.properties["res_attrs"] == A.ArrayAttr(
        (A.DictionaryAttr({"foo.r": A.UnitAttr()}), A.DictionaryAttr({}))
    )
    assert g.properties["sym_visibility"] is A.StringAttr("nested")
    assert g.attributes == {"llvm.emit_c_interface": A.UnitAttr()}
    entry = g.regions[0].blocks[0]
    call, ret = entry.ops
    assert call.name == "func.call"
    assert call.properties == {"callee": A.SymbolRefAttr("d")}
    assert call.operands == entry.args
    assert ret.name == "func.return" and ret.operands == [call.result, entry.args[1]]
    assert loc(entry.args[0]) == ("t.mlir", 2, 21)


def test_arith_tensor_index_cf_forms() -> None:
    m = parse(
        "func.func @h(%a: i64, %b: i64, %t: tensor<?x?xf32>, %i: index, %f: f32, %c: i1) {\n"
        "  %0 = arith.constant 3 : i32\n"
        "  %1 = arith.constant true\n"
        "  %2 = arith.constant {foo} dense<[1.0, 2.0]> : tensor<2xf32>\n"
        "  %3 = arith.addi %a, %b : i64\n"
        "  %4 = arith.muli %a, %b overflow<nsw> : i64\n"
        "  %5 = arith.addf %f, %f fastmath<fast> : f32\n"
        "  %6 = arith.cmpi sge, %a, %b : i64\n"
        "  %7 = arith.index_cast %a : i64 to index\n"
        "  %8 = arith.select %c, %a, %b : i64\n"
        "  %9 = tensor.dim %t, %i : tensor<?x?xf32>\n"
        "  %10 = tensor.empty(%i, %i) : tensor<?x?xf32>\n"
        "  %11 = tensor.extract %t[%i, %i] : tensor<?x?xf32>\n"
        "  %12 = index.constant 3\n"
        "  %13 = index.castu %a : i64 to index\n"
        "  %14 = index.add %i, %13\n"
        "  cf.br ^bb1(%a : i64)\n"
        "^bb1(%x: i64):\n"
        "  cf.cond_br %c, ^bb1(%x : i64), ^bb2\n"
        "^bb2:\n"
        "  return\n"
        "}\n"
    )
    fn = only(m)
    entry, bb1, bb2 = fn.regions[0].blocks
    ops = list(entry.ops)
    assert ops[0].properties == {"value": A.IntegerAttr(3, T.i32)}
    assert ops[1].result.type is T.i1
    assert ops[2].attributes == {"foo": A.UnitAttr()}
    assert str(ops[3].properties["overflowFlags"]) == "#arith.overflow<none>"
    assert str(ops[4].properties["overflowFlags"]) == "#arith.overflow<nsw>"
    assert str(ops[5].properties["fastmath"]) == "#arith.fastmath<fast>"
    assert ops[6].properties["predicate"] is A.IntegerAttr(5, T.i64)
    assert ops[6].result.type is T.i1
    assert ops[7].result_types == [T.index]
    assert ops[8].operand_types == [T.i1, T.i64, T.i64]
    assert ops[9].result.type is T.index
    assert ops[10].operand_types == [T.index, T.index]
    assert ops[11].result.type is T.f32
    assert ops[12].properties == {"value": A.IntegerAttr(3, T.index)}
    assert ops[13].operand_types == [T.i64] and ops[13].result_types == [T.index]
    assert ops[14].operands == [entry.args[3], ops[13].result]
    br = ops[15]
    assert br.name == "cf.br" and br.successors == [bb1] and br.operands == [entry.args[0]]
    cond = bb1.first
    assert cond.successors == [bb1, bb2]
    assert cond.properties["operandSegmentSizes"] == A.DenseArrayAttr(T.i32, (1, 1, 0))
    assert cond.operands == [entry.args[5], bb1.args[0]]


def test_func_builtin_tensor_forms() -> None:
    m = parse(
        "func.func @f(%a: i32, %t: tensor<?xf32>, %s: tensor<1xindex>) -> i32 {\n"
        "  %f = func.constant {x.y} @f : (i32, tensor<?xf32>, tensor<1xindex>) -> i32\n"
        "  %r = func.call_indirect %f(%a, %t, %s) {x.z} : "
        "(i32, tensor<?xf32>, tensor<1xindex>) -> i32\n"
        "  %0 = builtin.unrealized_conversion_cast %a : i32 to i64\n"
        "  %1:2 = builtin.unrealized_conversion_cast %a, %0 : i32, i64 to i64, i32 {x.q}\n"
        "  %2 = builtin.unrealized_conversion_cast to i64\n"
        "  %3 = tensor.cast %t {x.w} : tensor<?xf32> to tensor<4xf32>\n"
        "  %4 = tensor.from_elements %a, %a {x.e} : tensor<2xi32>\n"
        "  %5 = tensor.from_elements  : tensor<0xf32>\n"
        "  %6 = tensor.reshape %t(%s) {x.r} : (tensor<?xf32>, tensor<1xindex>) -> tensor<?xf32>\n"
        "  %7 = arith.extui %a nneg {x.g} : i32 to i64\n"
        "  %8 = arith.trunci %0 overflow<nsw> : i64 to i32\n"
        "  %9 = arith.subi %a, %a overflow<nsw, nuw> : i32\n"
        "  return %r : i32\n"
        "}\n"
        "module {\n  %u = unrealized_conversion_cast %x : i8 to i16\n"
        '  %x = "foo.x"() : () -> i8\n}\n'
    )
    fn, mod = body(m)
    a, t, s = fn.regions[0].blocks[0].args
    const, call, c0, c1, c2, cast, fe, fe0, rs, ext, trunc, sub, _ = func_body(m)
    ftype = T.FunctionType((T.i32, t.type, s.type), (T.i32,))
    assert const.name == "func.constant" and const.result.type is ftype
    assert const.properties == {"value": A.SymbolRefAttr("f")}
    assert const.attributes == {"x.y": A.UnitAttr()}
    assert call.name == "func.call_indirect" and call.operands == [const.result, a, t, s]
    assert call.result_types == [T.i32] and call.attributes == {"x.z": A.UnitAttr()}
    assert c0.name == "builtin.unrealized_conversion_cast" and c0.operands == [a]
    assert c1.operands == [a, c0.result] and c1.result_types == [T.i64, T.i32]
    assert c1.attributes == {"x.q": A.UnitAttr()}
    assert c2.operands == [] and c2.result_types == [T.i64]
    assert cast.name == "tensor.cast" and cast.result.type is T.RankedTensorType((4,), T.f32)
    assert fe.operands == [a, a] and fe.result.type is T.RankedTensorType((2,), T.i32)
    assert fe0.operands == [] and fe0.result.type is T.RankedTensorType((0,), T.f32)
    assert rs.name == "tensor.reshape" and rs.operands == [t, s]
    assert ext.properties == {"nonNeg": A.UnitAttr()} and ext.attributes == {"x.g": A.UnitAttr()}
    assert str(trunc.properties["overflowFlags"]) == "#arith.overflow<nsw>"
    assert str(sub.properties["overflowFlags"]) == "#arith.overflow<nsw, nuw>"
    u, x = mod.regions[0].blocks[0].ops
    assert u.name == "builtin.unrealized_conversion_cast" and u.operands == [x.result]


def test_custom_op_location_is_the_op_name() -> None:
    m = parse("func.func @f() {\n  %c3_i32 = arith.constant 3 : i32\n  return\n}\n")
    const, ret = func_body(m)
    assert loc(const) == ("t.mlir", 2, 13)
    assert loc(ret) == ("t.mlir", 3, 3)
    assert loc(only(m)) == ("t.mlir", 1, 1)


# --------------------------------------------------------------------------- top level


def test_implicit_module() -> None:
    m = parse('"foo.a"() : () -> ()\n"foo.b"() : () -> ()\n')
    assert m.name == "builtin.module"
    assert m.location is A.FileLineColLoc("t.mlir", 0, 0)
    assert [op.name for op in body(m)] == ["foo.a", "foo.b"]


def test_single_module_is_the_result() -> None:
    m = parse("module @m {\n}\n")
    assert m.properties == {"sym_name": A.StringAttr("m")}
    assert loc(m) == ("t.mlir", 1, 1)
    two = parse("module {\n}\nmodule {\n}\n")
    assert [op.name for op in body(two)] == ["builtin.module", "builtin.module"]


def test_aliases() -> None:
    m = parse(
        "#map = affine_map<(d0, d1) -> (d1, d0)>\n"
        "#int = 42 : i32\n"
        "#arr = [1, #int]\n"
        "!t = tensor<?x3xf32>\n"
        '#loc = loc("a.py":1:2)\n'
        '"foo.op"() {m = #map, a = #arr} : () -> !t loc(#loc)\n'
    )
    op = only(m)
    assert str(op.attributes["m"]) == "affine_map<(d0, d1) -> (d1, d0)>"
    assert op.attributes["a"] is A.ArrayAttr((A.IntegerAttr(1), A.IntegerAttr(42, T.i32)))
    assert op.result_types == [T.RankedTensorType((T.DYNAMIC, 3), T.f32)]
    assert op.location is A.FileLineColLoc("a.py", 1, 2)


def test_aliases_do_not_leak_between_parses() -> None:
    parse('#x = 1\n"foo.op"() {a = #x} : () -> ()\n')
    with pytest.raises(DiagnosticError, match="undefined symbol alias id 'x'"):
        parse('"foo.op"() {a = #x} : () -> ()\n')


# --------------------------------------------------------------------------- scopes


def test_names_visible_in_nested_regions_and_reusable_in_siblings() -> None:
    m = parse(
        '%0 = "foo.top"() : () -> i32\n'
        '"foo.r"() ({\n  %1 = "foo.a"(%0) : (i32) -> i32\n}) : () -> ()\n'
        '"foo.r"() ({\n  %1 = "foo.b"(%0) : (i32) -> i32\n}) : () -> ()\n'
    )
    top, r1, r2 = body(m)
    assert r1.regions[0].blocks[0].first.operands == [top.result]
    assert r2.regions[0].blocks[0].first.operands == [top.result]


def test_function_bodies_see_outer_names_like_mlir() -> None:
    # MLIR's parser opens no isolated name scope for func.func: the use resolves (and the
    # verifier rejects it), and a redefinition is an error.
    m = parse(
        '%0 = "foo.top"() : () -> i32\nfunc.func @g() {\n  "foo.y"(%0) : (i32) -> ()\n  return\n}\n'
    )
    top, g = body(m)
    assert g.regions[0].blocks[0].first.operands == [top.result]
    with pytest.raises(DiagnosticError, match="redefinition of SSA value '%0'"):
        parse(
            '%0 = "foo.top"() : () -> i32\nfunc.func @g() {\n  %0 = "foo.y"() : () -> i32\n  return\n}\n'
        )


def test_forward_references() -> None:
    m = parse(
        '"foo.graph"(%later, %p#1) : (i8, i2) -> ()\n'
        '"foo.r"() ({\n  "foo.in"(%later) : (i8) -> ()\n}) : () -> ()\n'
        '%later = "foo.later"() : () -> i8\n'
        '%p:2 = "foo.pair"() : () -> (i1, i2)\n'
    )
    graph, r, later, pair = body(m)
    assert graph.operands == [later.result, pair.results[1]]
    assert r.regions[0].blocks[0].first.operands == [later.result]
    assert later.result.users == [graph, r.regions[0].blocks[0].first]


def test_names_defined_in_a_region_are_not_visible_after_it() -> None:
    with pytest.raises(DiagnosticError, match="use of undeclared SSA value name") as e:
        parse(
            '"foo.r"() ({\n  %1 = "foo.a"() : () -> i32\n}) : () -> ()\n"foo.u"(%1) : (i32) -> ()\n'
        )
    assert (e.value.diagnostic.loc.line, e.value.diagnostic.loc.col) == (4, 9)


def test_all_undeclared_uses_are_reported_in_order() -> None:
    with pytest.raises(DiagnosticError) as e:
        parse('"foo.u"(%b) : (i32) -> ()\n"foo.u"(%a) : (i32) -> ()\n')
    assert [(d.loc.line, d.loc.col) for d in e.value.diagnostics] == [(1, 9), (2, 9)]


# --------------------------------------------------------------------------- locations


def test_first_line_offsets_locations_and_errors() -> None:
    m = parse('"foo.a"() : () -> ()\n', first_line=10)
    assert loc(only(m)) == ("t.mlir", 10, 1)
    with pytest.raises(DiagnosticError) as e:
        parse('\n"foo.a"() {a = } : () -> ()\n', first_line=10)
    d = e.value.diagnostic
    assert (d.loc.filename, d.loc.line, d.loc.col) == ("t.mlir", 11, 15)


def test_columns_count_utf8_bytes() -> None:
    m = parse('"foo.a"() {s = "é"} : () -> () "foo.b"() : () -> ()\n')
    assert loc(body(m)[1]) == ("t.mlir", 1, 33)


def test_location_forms() -> None:
    m = parse(
        '"foo.a"() : () -> () loc(unknown)\n'
        '"foo.b"() : () -> () loc("n"("f":1:2))\n'
        '"foo.c"() : () -> () loc(callsite("a" at "b":1:2))\n'
        '"foo.d"() : () -> () loc(fused<"m">["a", "b":3:4])\n'
        '"foo.e"() : () -> () loc("f":1:2 to 3:4)\n'
        '"foo.f"() : () -> () loc(#later)\n'
        '#later = loc("z":9:9)\n'
    )
    a, b, c, d, e, f = body(m)
    assert a.location is A.UnknownLoc()
    assert b.location is A.NameLoc("n", A.FileLineColLoc("f", 1, 2))
    assert c.location is A.CallSiteLoc(A.NameLoc("a"), A.FileLineColLoc("b", 1, 2))
    assert d.location is A.FusedLoc(
        (A.NameLoc("a"), A.FileLineColLoc("b", 3, 4)), A.StringAttr("m")
    )
    assert e.location is A.FileLineColLoc("f", 1, 2, 3, 4)
    assert f.location is A.FileLineColLoc("z", 9, 9)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("fused[]", A.UnknownLoc()),
        ('fused["a"]', A.NameLoc("a")),
        ('fused["a", unknown]', A.NameLoc("a")),
        ("fused[unknown, unknown]", A.UnknownLoc()),
        (
            'fused["a", fused["b", "c"]]',
            A.FusedLoc((A.NameLoc("a"), A.NameLoc("b"), A.NameLoc("c"))),
        ),
        (
            'fused["a", fused<"m">["b"]]',
            A.FusedLoc((A.NameLoc("a"), A.FusedLoc((A.NameLoc("b"),), A.StringAttr("m")))),
        ),
        ('fused<"m">[]', A.FusedLoc((A.UnknownLoc(),), A.StringAttr("m"))),
        (
            'fused<"m">[fused<"m">["a", "b"]]',
            A.FusedLoc((A.NameLoc("a"), A.NameLoc("b")), A.StringAttr("m")),
        ),
        ('fused["a", "b", "a"]', A.FusedLoc((A.NameLoc("a"), A.NameLoc("b")))),
        ('fused[fused[fused["a"]], "b"]', A.FusedLoc((A.NameLoc("a"), A.NameLoc("b")))),
        ('"n"(fused["a"])', A.NameLoc("n", A.NameLoc("a"))),
        ('callsite(fused[] at "x")', A.CallSiteLoc(A.UnknownLoc(), A.NameLoc("x"))),
    ],
)
def test_fused_locations_are_normalized_like_mlir(text: str, expected: A.LocationAttr) -> None:
    """MLIR's `FusedLoc::get` (checked with torch-mlir-opt --mlir-print-debuginfo)."""
    assert only(parse(f'"foo.a"() : () -> () loc({text})\n')).location is expected
    assert parse_attribute(f"loc({text})") is expected


# --------------------------------------------------------------------------- types and attributes

TYPES = [
    "i1",
    "i7",
    "si8",
    "ui32",
    "index",
    "bf16",
    "f16",
    "f32",
    "f64",
    "f80",
    "f128",
    "tf32",
    "none",
    "complex<f32>",
    "tuple<>",
    "tuple<i32, tuple<f32>>",
    "vector<4xf32>",
    "vector<[4]x8xf32>",
    "vector<f32>",
    "tensor<2x?xf32>",
    "tensor<*xi8>",
    "tensor<f32>",
    'tensor<4xf32, #foo.enc<"x">>',
    "tensor<0x4xi1>",
    "memref<4xf32>",
    "memref<*xf32, 1>",
    "memref<4x4xf32, strided<[4, 1]>>",
    "memref<?xf32, strided<[?], offset: ?>, 3>",
    "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>",
    "(i32) -> (i32, f32)",
    "() -> ()",
    "(i32, f32) -> tensor<*xf32>",
    "!foo.bar",
    '!foo.bar<"x", [1]>',
    '!foo<"y">',
]


@pytest.mark.parametrize("text", TYPES)
def test_type_spellings_round_trip(text: str) -> None:
    t = parse_type(text)
    assert str(t) == text
    assert parse_type(str(t)) is t


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("memref<4xf32, 0>", "memref<4xf32>"),
        ("memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>, 1>", "memref<4x4xf32, 1>"),
        ('tensor<4xf32, "x" : none>', 'tensor<4xf32, "x">'),
        ("tensor< 2 x f32 >", "tensor<2xf32>"),
    ],
)
def test_type_canonicalization(text: str, canonical: str) -> None:
    assert str(parse_type(text)) == canonical


ATTRS = [
    ("1", A.IntegerAttr(1)),
    ("-5 : i8", A.IntegerAttr(-5, T.i8)),
    ("255 : i8", A.IntegerAttr(-1, T.i8)),
    ("0xFF : ui8", A.IntegerAttr(255, T.IntegerType(8, T.UNSIGNED))),
    ("3 : index", A.IntegerAttr(3, T.index)),
    ("true", A.BoolAttr(True)),
    ("1.5", A.FloatAttr.from_value(1.5)),
    ("-2.5e-3 : f32", A.FloatAttr.from_value(-2.5e-3, T.f32)),
    ("0x7FC00000 : f32", A.FloatAttr(0x7FC00000, T.f32)),
    ('"a\\"b\\0A"', A.StringAttr('a"b\n')),
    ('"x" : i32', A.StringAttr("x", T.i32)),
    ("unit", A.UnitAttr()),
    ("[]", A.ArrayAttr(())),
    ("[1, [2]]", A.ArrayAttr((A.IntegerAttr(1), A.ArrayAttr((A.IntegerAttr(2),))))),
    (
        '{b = 1, a, "q k" = 2}',
        A.DictionaryAttr({"a": A.UnitAttr(), "b": A.IntegerAttr(1), "q k": A.IntegerAttr(2)}),
    ),
    ("array<i64: 1, 2>", A.DenseArrayAttr(T.i64, (1, 2))),
    ("array<i64>", A.DenseArrayAttr(T.i64, ())),
    ("array<i1: true, false>", A.DenseArrayAttr(T.i1, (1, 0))),
    ("array<f32: 1.5>", A.DenseArrayAttr(T.f32, (0x3FC00000,))),
    ("@a::@b", A.SymbolRefAttr("a", ("b",))),
    ('@"c-1"', A.SymbolRefAttr("c-1")),
    ("i32", A.TypeAttr(T.i32)),
    ("(i32) -> i32", A.TypeAttr(T.FunctionType((T.i32,), (T.i32,)))),
    ("strided<[4, 1], offset: ?>", A.StridedLayoutAttr(T.DYNAMIC, (4, 1))),
    ("#foo.bar<x>", A.OpaqueAttr("foo", ".bar<x>")),
    ('#foo<"a>b">', A.OpaqueAttr("foo", '<"a>b">')),
    ("#foo.nested<<a>, (b), [c], {d}>", A.OpaqueAttr("foo", ".nested<<a>, (b), [c], {d}>")),
    ('loc("f":1:2)', A.FileLineColLoc("f", 1, 2)),
]


@pytest.mark.parametrize(("text", "expected"), ATTRS)
def test_attribute_forms(text: str, expected: A.Attribute) -> None:
    assert parse_attribute(text) is expected
    op = only(parse(f'"foo.op"() {{a = {text}}} : () -> ()\n'))
    assert op.attributes["a"] is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("dense<1> : tensor<3xi32>", "dense<1> : tensor<3xi32>"),
        ("dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>", "dense<[[1, 2], [3, 4]]> : tensor<2x2xi64>"),
        ("dense<[true, false]> : tensor<2xi1>", "dense<[true, false]> : tensor<2xi1>"),
        (
            "dense<[(1.0, 2.0)]> : tensor<1xcomplex<f32>>",
            "dense<(1.000000e+00,2.000000e+00)> : tensor<1xcomplex<f32>>",
        ),
        ('dense<"0x0100000002000000"> : tensor<2xi32>', "dense<[1, 2]> : tensor<2xi32>"),
        ("dense<> : tensor<0xf32>", "dense<> : tensor<0xf32>"),
        (
            "dense<[1.5, -2.0]> : vector<2xf64>",
            "dense<[1.500000e+00, -2.000000e+00]> : vector<2xf64>",
        ),
    ],
)
def test_dense_elements(text: str, expected: str) -> None:
    assert str(parse_attribute(text)) == expected


def test_affine_map_attribute() -> None:
    a = parse_attribute("affine_map<(d0)[s0] -> (d0 + s0, d0 floordiv 2)>")
    assert isinstance(a, A.AffineMapAttr)
    assert str(a) == "affine_map<(d0)[s0] -> (d0 + s0, d0 floordiv 2)>"


# --------------------------------------------------------------------------- dialect hooks, flags


def test_dialect_hooks_receive_body_and_location() -> None:
    calls = []

    def parse_attr(body: str, location: object) -> A.Attribute:
        calls.append(("attr", body, (location.line, location.col)))  # type: ignore[attr-defined]
        return A.StringAttr("hooked:" + body)

    def parse_ty(body: str, location: object) -> T.Type:
        calls.append(("type", body, (location.line, location.col)))  # type: ignore[attr-defined]
        return T.i8

    register_dialect(
        Dialect("zzhook", parse_attribute=parse_attr, parse_type=parse_ty, allows_unknown_ops=True)
    )
    try:
        op = only(
            parse(
                '"zzhook.op"() {a = #zzhook.thing<1, 2>} : () -> !zzhook.t',
                allow_unregistered=False,
            )
        )
    finally:
        del DIALECTS["zzhook"]
    assert op.attributes["a"] is A.StringAttr("hooked:.thing<1, 2>")
    assert op.result_types == [T.i8]
    assert calls == [("attr", ".thing<1, 2>", (1, 20)), ("type", ".t", (1, 49))]


def test_unregistered_dialects_need_the_flag() -> None:
    with pytest.raises(
        DiagnosticError, match="operation being parsed with an unregistered dialect"
    ):
        parse('"foo.op"() : () -> ()\n', allow_unregistered=False)
    with pytest.raises(DiagnosticError, match="attribute created with unregistered dialect"):
        parse('"func.return"() {a = #foo.bar<1>} : () -> ()\n', allow_unregistered=False)


def test_gc_state_is_restored() -> None:
    assert gc.isenabled()
    parse('"foo.a"() : () -> ()\n')
    assert gc.isenabled()
    with pytest.raises(DiagnosticError):
        parse('"foo.a"() {a = } : () -> ()\n')
    assert gc.isenabled()


def test_reference_driver_builds_the_same_ir() -> None:
    from llh_opt.printer import print_operation

    text = (
        '#loc = loc("f":1:2)\n'
        "module {\n"
        "  func.func @f(%a: tensor<?x4xf32>, %i: index) -> tensor<?x4xf32> {\n"
        '    %0:2 = "foo.op"(%a) <{p = array<i64: 1, 2>}> {q = dense<1.0> : tensor<2xf32>} : '
        "(tensor<?x4xf32>) -> (tensor<?x4xf32>, i1) loc(#loc)\n"
        "    %1 = tensor.dim %0#0, %i : tensor<?x4xf32>\n"
        '    "foo.r"() ({\n    ^bb0(%x: i32):\n      "foo.y"(%x) : (i32) -> ()\n    }) : () -> ()\n'
        "    return %0#0 : tensor<?x4xf32>\n"
        "  }\n"
        "}\n"
    )
    fast = parse(text)
    reference = parse_source(text, "t.mlir", allow_unregistered=True, _reference=True)
    assert print_operation(fast, generic=True, debuginfo=True) == print_operation(
        reference, generic=True, debuginfo=True
    )


def test_parse_type_and_attribute_errors_are_diagnostics() -> None:
    with pytest.raises(DiagnosticError, match="expected non-function type"):
        parse_type("tensor<2x>")
    with pytest.raises(DiagnosticError):
        parse_attribute("[1, ")


def test_lark_is_the_series_the_fast_driver_is_written_for() -> None:
    """pyproject pins Lark to `LARK_SERIES`, and with it the fused driver is the one in use."""
    import re

    import lark

    from llh_opt.parser.driver import LARK_SERIES
    from llh_opt.parser.grammar_loader import machinery
    from llh_opt.parser.tables import TableDriver

    major, minor = LARK_SERIES
    assert tuple(int(x) for x in lark.__version__.split(".")[:2]) == LARK_SERIES
    pyproject = REPO_ROOT / "pyproject.toml"
    pins = re.findall(r'"lark([^"]*)"', pyproject.read_text("utf-8"))
    assert pins and pins[0].endswith(f",<{major}.{minor + 1}")
    assert f">={major}.{minor}" in pins[0]
    assert isinstance(machinery()[1], TableDriver)


def test_fast_lexer_agrees_with_larks_contextual_lexer() -> None:
    """Every parser state's fast lexer (heads for coarse terminals, keyword groups recognized
    through identifiers), as the cached tables carry it, reads the same token as Lark's own lexer
    for that state. The tables are derived here from the very Lark object compared: Lark numbers
    its states differently from one process to another, so a cache written by another process
    need not share this one's numbering (each process only ever uses one of them)."""
    from llh_opt.parser.driver import FastDriver
    from llh_opt.parser.grammar_loader import lark_parser
    from llh_opt.parser.tables import TableDriver, derive_tables

    lark = lark_parser()
    builder = lark.options.transformer
    driver = TableDriver(derive_tables(lark, builder), builder)
    if not isinstance(driver, FastDriver):
        pytest.skip("Lark internals differ: the fast driver is not in use")
    words = {t.pattern.value for t in lark.terminals if t.pattern.type == "str"}
    extra = (
        "arith.addi arith.cmpf index.casts func.return return call module arith.constant foo.bar "
        'i32 f32 true tensor x %a %a#1 @f ^bb0 #map !t 42 -1.5 "s" {a} tensor<4xf32> dense<1> '
        "loc(unknown) strided<[1]> #llh.x<1> !llh.y ?x4x *x overflow<nsw>"
    )
    words |= set(extra.split(" "))
    words |= {"%0 =", "(%a, %b)", "<{a = 1}>", ": (i32) -> i32", "array<i64: 1>"}
    words |= {"affine_map<(d0) -> (d0)>"}
    from lark import Token
    from lark.utils import TextSlice

    for state, basic in lark.parser.lexer.lexers.items():
        lexer, keywords, _ = driver._state(state)
        for word in sorted(words):
            expected = basic.match(TextSlice.cast_from(word), 0)  # Lark's lexer for the state
            if expected is not None and expected[1] in basic.callback:
                tok = basic.callback[expected[1]](Token(expected[1], expected[0]))
                expected = (expected[0], tok.type)
            m = lexer.match(word)
            got = None
            if m is not None:
                name = m.lastgroup
                start, end = m.span(name)
                if name in driver._full.heads:
                    name, end = lexer.extend(word, start, name)
                if name is not None:
                    value = word[start:end]
                    if keywords and name in keywords:
                        name = keywords[name].get(value, name)
                    got = (value, name)
            assert got == expected, (state, word)
