"""Tests for ``llh_opt.printer``: value/block naming, aliases, locations, generic and custom forms.

Each case builds IR with the Python API and compares the printed text with what
``torch-mlir-opt`` (LLVM 24.0.0git) prints for the equivalent MLIR source (with
``--allow-unregistered-dialect``, plus ``--mlir-print-op-generic`` / ``--mlir-print-debuginfo``);
the outputs were captured into ``EXPECTED`` (without mlir-opt's extra trailing newline, which the
CLI adds).  The binary is not run here.
"""

from __future__ import annotations

from support.complexity import assert_linear

from collections.abc import Sequence

import pytest

from llh_opt.dialects import arith, builtin, func, tensor
from llh_opt.parser.affine_parser import parse_affine_map
from llh_opt.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    Attribute,
    CallSiteLoc,
    DenseArrayAttr,
    DenseElementsAttr,
    DictionaryAttr,
    FileLineColLoc,
    FloatAttr,
    FusedLoc,
    IntegerAttr,
    LocationAttr,
    NameLoc,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
    UnknownLoc,
)
from llh_opt.ir.core import Block, ExplicitProperties, Operation, Value
from llh_opt.ir.opdef import ResultDef, register
from llh_opt.ir.types import (
    FunctionType,
    MemRefType,
    RankedTensorType,
    Type,
    UnrankedTensorType,
    VectorType,
    f32,
    i1,
    i8,
    i32,
    i64,
    index,
)
from llh_opt.printer import print_operation, sanitize_identifier

# --------------------------------------------------------------------------- IR builders


def add(
    block: Block,
    name: str,
    operands: Sequence[Value] = (),
    results: Sequence[Type] = (),
    props: dict[str, Attribute] | None = None,
    attrs: dict[str, Attribute] | None = None,
    regions: int = 0,
    successors: Sequence[Block] = (),
    loc: LocationAttr | None = None,
) -> Operation:
    """Append a new (usually unregistered) op to `block`."""
    o = Operation.create(
        name, operands, results, props, attrs, regions, successors, loc or UnknownLoc()
    )
    block.append(o)
    return o


def generic_basics() -> Operation:
    m = builtin.ModuleOp.build()
    b = m.body
    two = add(b, "test.two", results=[i32, i64])
    add(
        b,
        "test.use",
        [two.results[1], two.results[0]],
        attrs={
            "b": ArrayAttr((IntegerAttr(1), IntegerAttr(2), IntegerAttr(3))),
            "a": UnitAttr(),
            "c": FloatAttr.from_value(2.5, f32),
            "d": ArrayAttr((FloatAttr.from_value(1.5), IntegerAttr(2, i32))),
            "quoted key": StringAttr('s"q'),
        },
    )
    add(b, "test.props", props={"z": IntegerAttr(1), "a": StringAttr("s")}, attrs={"y": UnitAttr()})
    r = add(b, "test.region", regions=2)
    b0 = r.regions[0].add_block(Block([i32]))
    b1 = r.regions[0].add_block(Block([i32]))
    inner = add(b0, "test.inner", [b0.args[0]], [i32])
    add(b0, "test.br", [inner.result], successors=[b1])
    add(b1, "test.term", [b1.args[0]], successors=[b1])
    add(
        b,
        "test.fn",
        results=[FunctionType((i32,), (i32,))],
        attrs={
            "t": TypeAttr(FunctionType((i32,), (i32,))),
            "u": TypeAttr(FunctionType((), (FunctionType((i32,), (i32,)),))),
        },
    )
    e = add(b, "test.empty_block", regions=1)
    e.regions[0].add_block(Block())
    return m


def numbering() -> Operation:
    m = builtin.ModuleOp.build()
    b = m.body
    add(b, "test.top", results=[i32])
    r1 = add(b, "test.r1", regions=1)
    rb = r1.regions[0].add_block(Block())
    add(rb, "test.a", results=[i32])
    ri = add(rb, "test.r1inner", regions=1)
    add(ri.regions[0].add_block(Block()), "test.aa", results=[i32])
    add(rb, "test.a2", results=[i32])
    r2 = add(b, "test.r2", regions=2)
    add(r2.regions[0].add_block(Block()), "test.b", results=[i32])
    add(r2.regions[1].add_block(Block()), "test.c", results=[i32])
    f = func.FuncOp.build("f", FunctionType((i32,), (i32,)))
    b.append(f)
    fb = f.entry_block
    fa = add(fb, "test.fa", [fb.args[0]], [i32])
    fr = add(fb, "test.fr", regions=1)
    frb = fr.regions[0].add_block(Block([i32]))
    add(frb, "test.fb", [frb.args[0]], [i32])
    fb.append(func.ReturnOp.build([fa.result]))
    g = func.FuncOp.build("g", FunctionType((i32, i32), (i32,)))
    b.append(g)
    gb = g.entry_block
    ga = add(gb, "test.ga", list(gb.args), [i32])
    gb.append(func.ReturnOp.build([ga.result]))
    r3 = add(b, "test.r3", regions=1)
    b0 = r3.regions[0].add_block(Block([i32]))
    b1 = r3.regions[0].add_block(Block([i32, i32]))
    add(b0, "test.d", results=[i32])
    add(b1, "test.e", [b1.args[0]], [i32])
    inner = builtin.ModuleOp.build()
    b.append(inner)
    add(inner.body, "test.m", results=[i32])
    mr = add(inner.body, "test.mr", regions=1)
    mrb = mr.regions[0].add_block(Block([i32]))
    add(mrb, "test.n", results=[i32])
    add(b, "test.top2", results=[i32])
    return m


def amap(k: int) -> AffineMapAttr:
    return AffineMapAttr(parse_affine_map(f"(d0) -> (d0 + {k})"))


def aliases() -> Operation:
    m = builtin.ModuleOp.build()
    b = m.body
    add(b, "test.p", props={"q": amap(10)})
    add(b, "test.p2", props={"q": amap(11)})
    mr2 = MemRefType((4,), f32, amap(2))
    x = add(b, "test.x", results=[mr2])
    add(b, "test.a", [x.result], [MemRefType((4,), f32, amap(3))], attrs={"m": amap(1)})
    tb = add(b, "test.b", attrs={"m": amap(5), "a": amap(6)}, regions=1)
    add(
        tb.regions[0].add_block(Block()),
        "test.c",
        attrs={"m": amap(4), "n": ArrayAttr((amap(11), DictionaryAttr({"k": amap(12)})))},
    )
    f = func.FuncOp.build(
        "f",
        FunctionType((MemRefType((4,), f32, amap(7)), i32), (i32,)),
        arg_attrs=[{"x.m": amap(8)}, {"x.n": amap(6)}],
        res_attrs=[{"x.r": amap(9)}],
        attributes={"x.f": amap(13)},
    )
    b.append(f)
    f.entry_block.append(func.ReturnOp.build([f.entry_block.args[1]]))
    d = func.FuncOp.build(
        "d",
        FunctionType((i32,), (RankedTensorType((4,), f32, amap(15)),)),
        visibility="private",
        arg_attrs=[{"x.m": amap(14)}],
        declaration=True,
    )
    b.append(d)
    add(b, "test.id", results=[MemRefType((4,), f32)])
    return m


def locs() -> Operation:
    F = FileLineColLoc
    a11 = F("a.py", 1, 1)
    b22 = F("b.py", 2, 2)
    m = builtin.ModuleOp.build(location=F("m.py", 1, 1))
    b = m.body
    f = func.FuncOp.build(
        "f", FunctionType((i32, MemRefType((4,), f32, amap(2))), (i32,)), location=a11
    )
    b.append(f)
    e = f.entry_block
    e.args[0].location = a11
    add(e, "foo.x", results=[i32])
    add(e, "foo.x", results=[i32], loc=a11)
    add(e, "foo.x", results=[i32], loc=FusedLoc((a11, b22)))
    add(e, "foo.x", results=[i32], loc=NameLoc("name", b22))
    add(e, "foo.x", results=[i32], loc=CallSiteLoc(F("c.py", 3, 3), F("d.py", 4, 4)))
    add(
        e,
        "foo.x",
        results=[i32],
        loc=FusedLoc((F("e.py", 5, 5), NameLoc("name2")), StringAttr("meta")),
    )
    add(e, "foo.x", results=[i32], loc=NameLoc("name3"))
    x7 = add(e, "foo.x", results=[i32], loc=F("x.py", 9, 9, 10, 2))
    b1 = f.regions[0].add_block(Block([i32], [FusedLoc((F("q.py", 1, 1), b22))]))
    add(e, "foo.br", [x7.result], successors=[b1], loc=F("z.py", 1, 1, 1, 5))
    b1.append(func.ReturnOp.build([e.first.result], location=a11))
    return m


def custom() -> Operation:
    m = builtin.ModuleOp.build("mod", {"x.y": IntegerAttr(1)})
    b = m.body
    b.append(
        func.FuncOp.build(
            "decl", FunctionType((i32, f32), (i32,)), visibility="private", declaration=True
        )
    )
    b.append(
        func.FuncOp.build(
            "decl2",
            FunctionType((i32,), (i32, f32)),
            visibility="private",
            arg_attrs=[{"x.a": UnitAttr()}],
            res_attrs=[{"x.b": UnitAttr()}, {}],
            declaration=True,
        )
    )
    fi = FunctionType((i32,), (i32,))
    b.append(
        func.FuncOp.build("decl3", FunctionType((), (fi,)), visibility="nested", declaration=True)
    )
    callee = func.FuncOp.build("callee", fi, attributes={"entrance": UnitAttr()})
    b.append(callee)
    callee.entry_block.append(func.ReturnOp.build([callee.entry_block.args[0]]))
    t = RankedTensorType((-1, 3), f32)
    v4 = VectorType((4,), i32)
    f = func.FuncOp.build("all", FunctionType((i32, i32, f32, f32, index, t, v4, i64), (i32, f32)))
    b.append(f)
    e = f.entry_block
    a, bb, x, y, i, tt, v, j = e.args
    ap = e.append
    OV = arith.IntegerOverflowFlagsAttr
    FM = arith.FastMathFlagsAttr
    r0 = ap(arith.AddIOp.build(a, bb))
    ap(arith.AddIOp.build(a, bb, OV.from_names(["nsw"])))
    ap(arith.SubIOp.build(a, bb, OV.from_names(["nsw", "nuw"])))
    mul = ap(arith.MulIOp.build(a, bb))
    mul.attributes["symbol"] = SymbolRefAttr("s0")
    ap(arith.DivSIOp.build(a, bb))
    fd = ap(arith.FloorDivSIOp.build(a, bb))
    fd.attributes["x.q"] = UnitAttr()
    ap(arith.ShLIOp.build(a, bb, OV.from_names(["nuw"])))
    ap(arith.AddFOp.build(x, y))
    ap(arith.MulFOp.build(x, y, FM.from_names(["fast"])))
    ap(arith.MaxNumFOp.build(x, y, FM.from_names(["nnan", "ninf"])))
    ap(arith.NegFOp.build(x))
    c11 = ap(arith.CmpIOp.build("slt", a, bb))
    ap(arith.CmpFOp.build("olt", x, y))
    c13 = ap(arith.CmpFOp.build("une", x, y))
    c13.properties["fastmath"] = FM.from_names(["fast"])
    ap(arith.IndexCastOp.build(a, index))
    ap(arith.IndexCastUIOp.build(i, i64))
    ap(arith.ExtSIOp.build(a, i64))
    ext = ap(arith.ExtUIOp.build(a, i64))
    ext.properties["nonNeg"] = UnitAttr()
    tr = ap(arith.TruncIOp.build(a, i8))
    tr.properties["overflowFlags"] = OV.from_names(["nsw"])
    ap(arith.SIToFPOp.build(a, f32))
    ap(arith.FPToSIOp.build(x, i32))
    ap(arith.SelectOp.build(c11.result, a, bb))
    c22 = ap(arith.CmpIOp.build("eq", v, v))
    ap(arith.SelectOp.build(c22.result, v, v))
    c3 = ap(arith.ConstantOp.build(IntegerAttr(3, i64)))
    c3.attributes["symbol"] = SymbolRefAttr("c3")
    c0 = ap(arith.ConstantOp.build(IntegerAttr(0, index)))
    d = ap(tensor.DimOp.build(tt, c0.result))
    d2 = ap(tensor.DimOp.build(tt, c0.result))
    d2.attributes["symbol"] = SymbolRefAttr("s0")
    ap(tensor.EmptyOp.build(t, [d.result]))
    ap(tensor.EmptyOp.build(RankedTensorType((2, 3), f32)))
    ap(tensor.ExtractOp.build(tt, [c0.result, c0.result]))
    ap(tensor.CastOp.build(tt, UnrankedTensorType(f32)))
    ap(tensor.FromElementsOp.build([j, j]))
    ap(tensor.FromElementsOp.build([x], RankedTensorType((), f32)))
    sh = ap(tensor.FromElementsOp.build([i, i]))
    ap(tensor.ReshapeOp.build(tt, sh.result, RankedTensorType((-1, -1), f32)))
    ap(builtin.UnrealizedConversionCastOp.build([a], [i64]))
    ap(builtin.UnrealizedConversionCastOp.build([a, bb], [i64, i64]))
    ap(builtin.UnrealizedConversionCastOp.build([], [i64]))
    ap(func.CallOp.build("callee", [a], [i32]))
    c2 = ap(func.CallOp.build("callee", [a], [i32]))
    c2.attributes["x.q"] = UnitAttr()
    fc = ap(func.ConstantOp.build("callee", fi))
    ap(func.CallIndirectOp.build(fc.result, [a]))
    ap(func.ReturnOp.build([r0.result, x]))
    q = add(b, "test.x", results=[i32])
    b.append(builtin.UnrealizedConversionCastOp.build([q.result], [i64]))
    b.append(builtin.ModuleOp.build("inner"))
    return m


def names() -> Operation:
    m = builtin.ModuleOp.build()
    b = m.body
    f = func.FuncOp.build("f", FunctionType((), ()))
    b.append(f)
    e = f.entry_block

    def C(blk, v, t=index):  # type: ignore[no-untyped-def]
        return blk.append(arith.ConstantOp.build(IntegerAttr(v, t)))

    c = C(e, 1)
    C(e, 1)
    r = add(e, "foo.r", regions=2)
    r0 = r.regions[0].add_block(Block())
    r1 = r.regions[1].add_block(Block())
    a = C(r0, 1)
    C(r0, 2)
    C(r0, 2)
    add(r0, "foo.k", [a.result, c.result])
    a = C(r1, 1)
    C(r1, 2)
    r1.append(arith.ConstantOp.build(FloatAttr.from_value(1.0, f32)))
    r1.append(arith.ConstantOp.build(DenseElementsAttr(RankedTensorType((2,), i32), (1,))))
    C(r1, -2, i8)
    C(r1, -1, i64)
    C(r1, 1, i1)
    C(r1, 0, i1)
    C(r1, 0, i1)
    add(r1, "foo.k", [a.result])
    C(e, 1)
    add(e, "foo.x", results=[i32])
    e.append(func.ReturnOp.build())
    g = func.FuncOp.build("g", FunctionType((index,), ()))
    b.append(g)
    e = g.entry_block
    c = C(e, 1)
    e.append(tensor.FromElementsOp.build([c.result]))
    e.append(tensor.FromElementsOp.build([c.result]))
    e.append(func.ReturnOp.build())
    return m


def dialect_prefix() -> Operation:
    m = builtin.ModuleOp.build()
    b = m.body
    r = add(b, "foo.r", regions=1)
    inner = builtin.ModuleOp.build()
    r.regions[0].add_block(Block()).append(inner)
    inner.body.append(builtin.UnrealizedConversionCastOp.build([], [i64]))
    f = func.FuncOp.build("f", FunctionType((), ()))
    b.append(f)
    r2 = add(f.entry_block, "foo.r", regions=1)
    g = func.FuncOp.build("g", FunctionType((), ()))
    rb = r2.regions[0].add_block(Block())
    rb.append(g)
    g.entry_block.append(func.ReturnOp.build())
    add(rb, "foo.k")
    f.entry_block.append(func.ReturnOp.build())
    return m


CASES = {
    "generic_basics": generic_basics,
    "numbering": numbering,
    "aliases": aliases,
    "custom": custom,
    "names": names,
    "locs": locs,
    "dialect_prefix": dialect_prefix,
}

# --------------------------------------------------------------------------- expected text

EXPECTED = {
    ("generic_basics", "default"): r"""module {
  %0:2 = "test.two"() : () -> (i32, i64)
  "test.use"(%0#1, %0#0) {a, b = [1, 2, 3], c = 2.500000e+00 : f32, d = [1.500000e+00, 2 : i32], "quoted key" = "s\22q"} : (i64, i32) -> ()
  "test.props"() <{a = "s", z = 1 : i64}> {y} : () -> ()
  "test.region"() ({
  ^bb0(%arg0: i32):
    %2 = "test.inner"(%arg0) : (i32) -> i32
    "test.br"(%2)[^bb1] : (i32) -> ()
  ^bb1(%3: i32):  // 2 preds: ^bb0, ^bb1
    "test.term"(%3)[^bb1] : (i32) -> ()
  }, {
  }) : () -> ()
  %1 = "test.fn"() {t = (i32) -> i32, u = () -> ((i32) -> i32)} : () -> ((i32) -> i32)
  "test.empty_block"() ({
  ^bb0:
  }) : () -> ()
}
""",
    ("generic_basics", "generic"): r""""builtin.module"() ({
  %0:2 = "test.two"() : () -> (i32, i64)
  "test.use"(%0#1, %0#0) {a, b = [1, 2, 3], c = 2.500000e+00 : f32, d = [1.500000e+00, 2 : i32], "quoted key" = "s\22q"} : (i64, i32) -> ()
  "test.props"() <{a = "s", z = 1 : i64}> {y} : () -> ()
  "test.region"() ({
  ^bb0(%arg0: i32):
    %2 = "test.inner"(%arg0) : (i32) -> i32
    "test.br"(%2)[^bb1] : (i32) -> ()
  ^bb1(%3: i32):  // 2 preds: ^bb0, ^bb1
    "test.term"(%3)[^bb1] : (i32) -> ()
  }, {
  }) : () -> ()
  %1 = "test.fn"() {t = (i32) -> i32, u = () -> ((i32) -> i32)} : () -> ((i32) -> i32)
  "test.empty_block"() ({
  ^bb0:
  }) : () -> ()
}) : () -> ()
""",
    ("numbering", "default"): r"""module {
  %0 = "test.top"() : () -> i32
  "test.r1"() ({
    %2 = "test.a"() : () -> i32
    "test.r1inner"() ({
      %4 = "test.aa"() : () -> i32
    }) : () -> ()
    %3 = "test.a2"() : () -> i32
  }) : () -> ()
  "test.r2"() ({
    %2 = "test.b"() : () -> i32
  }, {
    %2 = "test.c"() : () -> i32
  }) : () -> ()
  func.func @f(%arg0: i32) -> i32 {
    %2 = "test.fa"(%arg0) : (i32) -> i32
    "test.fr"() ({
    ^bb0(%arg1: i32):
      %3 = "test.fb"(%arg1) : (i32) -> i32
    }) : () -> ()
    return %2 : i32
  }
  func.func @g(%arg0: i32, %arg1: i32) -> i32 {
    %2 = "test.ga"(%arg0, %arg1) : (i32, i32) -> i32
    return %2 : i32
  }
  "test.r3"() ({
  ^bb0(%arg0: i32):
    %2 = "test.d"() : () -> i32
  ^bb1(%3: i32, %4: i32):  // no predecessors
    %5 = "test.e"(%3) : (i32) -> i32
  }) : () -> ()
  module {
    %2 = "test.m"() : () -> i32
    "test.mr"() ({
    ^bb0(%arg0: i32):
      %3 = "test.n"() : () -> i32
    }) : () -> ()
  }
  %1 = "test.top2"() : () -> i32
}
""",
    ("numbering", "generic"): r""""builtin.module"() ({
  %0 = "test.top"() : () -> i32
  "test.r1"() ({
    %13 = "test.a"() : () -> i32
    "test.r1inner"() ({
      %15 = "test.aa"() : () -> i32
    }) : () -> ()
    %14 = "test.a2"() : () -> i32
  }) : () -> ()
  "test.r2"() ({
    %12 = "test.b"() : () -> i32
  }, {
    %11 = "test.c"() : () -> i32
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg4: i32):
    %9 = "test.fa"(%arg4) : (i32) -> i32
    "test.fr"() ({
    ^bb0(%arg5: i32):
      %10 = "test.fb"(%arg5) : (i32) -> i32
    }) : () -> ()
    "func.return"(%9) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "g"}> ({
  ^bb0(%arg2: i32, %arg3: i32):
    %8 = "test.ga"(%arg2, %arg3) : (i32, i32) -> i32
    "func.return"(%8) : (i32) -> ()
  }) : () -> ()
  "test.r3"() ({
  ^bb0(%arg1: i32):
    %4 = "test.d"() : () -> i32
  ^bb1(%5: i32, %6: i32):  // no predecessors
    %7 = "test.e"(%5) : (i32) -> i32
  }) : () -> ()
  "builtin.module"() ({
    %2 = "test.m"() : () -> i32
    "test.mr"() ({
    ^bb0(%arg0: i32):
      %3 = "test.n"() : () -> i32
    }) : () -> ()
  }) : () -> ()
  %1 = "test.top2"() : () -> i32
}) : () -> ()
""",
    ("aliases", "default"): r"""#map = affine_map<(d0) -> (d0 + 2)>
#map1 = affine_map<(d0) -> (d0 + 3)>
#map2 = affine_map<(d0) -> (d0 + 1)>
#map3 = affine_map<(d0) -> (d0 + 4)>
#map4 = affine_map<(d0) -> (d0 + 11)>
#map5 = affine_map<(d0) -> (d0 + 12)>
#map6 = affine_map<(d0) -> (d0 + 6)>
#map7 = affine_map<(d0) -> (d0 + 5)>
#map8 = affine_map<(d0) -> (d0 + 7)>
#map9 = affine_map<(d0) -> (d0 + 9)>
#map10 = affine_map<(d0) -> (d0 + 13)>
#map11 = affine_map<(d0) -> (d0 + 14)>
#map12 = affine_map<(d0) -> (d0 + 15)>
module {
  "test.p"() <{q = affine_map<(d0) -> (d0 + 10)>}> : () -> ()
  "test.p2"() <{q = #map4}> : () -> ()
  %0 = "test.x"() : () -> memref<4xf32, #map>
  %1 = "test.a"(%0) {m = #map2} : (memref<4xf32, #map>) -> memref<4xf32, #map1>
  "test.b"() ({
    "test.c"() {m = #map3, n = [#map4, {k = #map5}]} : () -> ()
  }) {a = #map6, m = #map7} : () -> ()
  func.func @f(%arg0: memref<4xf32, #map8> {x.m = affine_map<(d0) -> (d0 + 8)>}, %arg1: i32 {x.n = #map6}) -> (i32 {x.r = #map9}) attributes {x.f = #map10} {
    return %arg1 : i32
  }
  func.func private @d(i32 {x.m = #map11}) -> tensor<4xf32, #map12>
  %2 = "test.id"() : () -> memref<4xf32>
}
""",
    ("aliases", "generic"): r"""#map = affine_map<(d0) -> (d0 + 2)>
#map1 = affine_map<(d0) -> (d0 + 3)>
#map2 = affine_map<(d0) -> (d0 + 1)>
#map3 = affine_map<(d0) -> (d0 + 4)>
#map4 = affine_map<(d0) -> (d0 + 11)>
#map5 = affine_map<(d0) -> (d0 + 12)>
#map6 = affine_map<(d0) -> (d0 + 6)>
#map7 = affine_map<(d0) -> (d0 + 5)>
#map8 = affine_map<(d0) -> (d0 + 7)>
#map9 = affine_map<(d0) -> (d0 + 8)>
#map10 = affine_map<(d0) -> (d0 + 9)>
#map11 = affine_map<(d0) -> (d0 + 13)>
#map12 = affine_map<(d0) -> (d0 + 14)>
#map13 = affine_map<(d0) -> (d0 + 15)>
"builtin.module"() ({
  "test.p"() <{q = affine_map<(d0) -> (d0 + 10)>}> : () -> ()
  "test.p2"() <{q = #map4}> : () -> ()
  %0 = "test.x"() : () -> memref<4xf32, #map>
  %1 = "test.a"(%0) {m = #map2} : (memref<4xf32, #map>) -> memref<4xf32, #map1>
  "test.b"() ({
    "test.c"() {m = #map3, n = [#map4, {k = #map5}]} : () -> ()
  }) {a = #map6, m = #map7} : () -> ()
  "func.func"() <{arg_attrs = [{x.m = #map9}, {x.n = #map6}], function_type = (memref<4xf32, #map8>, i32) -> i32, res_attrs = [{x.r = #map10}], sym_name = "f"}> ({
  ^bb0(%arg0: memref<4xf32, #map8>, %arg1: i32):
    "func.return"(%arg1) : (i32) -> ()
  }) {x.f = #map11} : () -> ()
  "func.func"() <{arg_attrs = [{x.m = #map12}], function_type = (i32) -> tensor<4xf32, #map13>, sym_name = "d", sym_visibility = "private"}> ({
  }) : () -> ()
  %2 = "test.id"() : () -> memref<4xf32>
}) : () -> ()
""",
    ("custom", "default"): r"""module @mod attributes {x.y = 1 : i64} {
  func.func private @decl(i32, f32) -> i32
  func.func private @decl2(i32 {x.a}) -> (i32 {x.b}, f32)
  func.func nested @decl3() -> ((i32) -> i32)
  func.func @callee(%arg0: i32) -> i32 attributes {entrance} {
    return %arg0 : i32
  }
  func.func @all(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: index, %arg5: tensor<?x3xf32>, %arg6: vector<4xi32>, %arg7: i64) -> (i32, f32) {
    %2 = arith.addi %arg0, %arg1 : i32
    %3 = arith.addi %arg0, %arg1 overflow<nsw> : i32
    %4 = arith.subi %arg0, %arg1 overflow<nsw, nuw> : i32
    %5 = arith.muli %arg0, %arg1 {symbol = @s0} : i32
    %6 = arith.divsi %arg0, %arg1 : i32
    %7 = arith.floordivsi %arg0, %arg1 {x.q} : i32
    %8 = arith.shli %arg0, %arg1 overflow<nuw> : i32
    %9 = arith.addf %arg2, %arg3 : f32
    %10 = arith.mulf %arg2, %arg3 fastmath<fast> : f32
    %11 = arith.maxnumf %arg2, %arg3 fastmath<nnan,ninf> : f32
    %12 = arith.negf %arg2 : f32
    %13 = arith.cmpi slt, %arg0, %arg1 : i32
    %14 = arith.cmpf olt, %arg2, %arg3 : f32
    %15 = arith.cmpf une, %arg2, %arg3 fastmath<fast> : f32
    %16 = arith.index_cast %arg0 : i32 to index
    %17 = arith.index_castui %arg4 : index to i64
    %18 = arith.extsi %arg0 : i32 to i64
    %19 = arith.extui %arg0 nneg : i32 to i64
    %20 = arith.trunci %arg0 overflow<nsw> : i32 to i8
    %21 = arith.sitofp %arg0 : i32 to f32
    %22 = arith.fptosi %arg2 : f32 to i32
    %23 = arith.select %13, %arg0, %arg1 : i32
    %24 = arith.cmpi eq, %arg6, %arg6 : vector<4xi32>
    %25 = arith.select %24, %arg6, %arg6 : vector<4xi1>, vector<4xi32>
    %c3_i64 = arith.constant {symbol = @c3} 3 : i64
    %c0 = arith.constant 0 : index
    %dim = tensor.dim %arg5, %c0 : tensor<?x3xf32>
    %dim_0 = tensor.dim {symbol = @s0} %arg5, %c0 : tensor<?x3xf32>
    %26 = tensor.empty(%dim) : tensor<?x3xf32>
    %27 = tensor.empty() : tensor<2x3xf32>
    %extracted = tensor.extract %arg5[%c0, %c0] : tensor<?x3xf32>
    %cast = tensor.cast %arg5 : tensor<?x3xf32> to tensor<*xf32>
    %from_elements = tensor.from_elements %arg7, %arg7 : tensor<2xi64>
    %from_elements_1 = tensor.from_elements %arg2 : tensor<f32>
    %from_elements_2 = tensor.from_elements %arg4, %arg4 : tensor<2xindex>
    %reshape = tensor.reshape %arg5(%from_elements_2) : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %28 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
    %29:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i32 to i64, i64
    %30 = builtin.unrealized_conversion_cast to i64
    %31 = call @callee(%arg0) : (i32) -> i32
    %32 = call @callee(%arg0) {x.q} : (i32) -> i32
    %f = constant @callee : (i32) -> i32
    %33 = call_indirect %f(%arg0) : (i32) -> i32
    return %2, %arg2 : i32, f32
  }
  %0 = "test.x"() : () -> i32
  %1 = unrealized_conversion_cast %0 : i32 to i64
  module @inner {
  }
}
""",
    ("custom", "generic"): r""""builtin.module"() <{sym_name = "mod"}> ({
  "func.func"() <{function_type = (i32, f32) -> i32, sym_name = "decl", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{arg_attrs = [{x.a}], function_type = (i32) -> (i32, f32), res_attrs = [{x.b}, {}], sym_name = "decl2", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> ((i32) -> i32), sym_name = "decl3", sym_visibility = "nested"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> i32, sym_name = "callee"}> ({
  ^bb0(%arg8: i32):
    "func.return"(%arg8) : (i32) -> ()
  }) {entrance} : () -> ()
  "func.func"() <{function_type = (i32, i32, f32, f32, index, tensor<?x3xf32>, vector<4xi32>, i64) -> (i32, f32), sym_name = "all"}> ({
  ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: index, %arg5: tensor<?x3xf32>, %arg6: vector<4xi32>, %arg7: i64):
    %2 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %3 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
    %4 = "arith.subi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
    %5 = "arith.muli"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> {symbol = @s0} : (i32, i32) -> i32
    %6 = "arith.divsi"(%arg0, %arg1) : (i32, i32) -> i32
    %7 = "arith.floordivsi"(%arg0, %arg1) {x.q} : (i32, i32) -> i32
    %8 = "arith.shli"(%arg0, %arg1) <{overflowFlags = #arith.overflow<nuw>}> : (i32, i32) -> i32
    %9 = "arith.addf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %10 = "arith.mulf"(%arg2, %arg3) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
    %11 = "arith.maxnumf"(%arg2, %arg3) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32, f32) -> f32
    %12 = "arith.negf"(%arg2) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %13 = "arith.cmpi"(%arg0, %arg1) <{predicate = 2 : i64}> : (i32, i32) -> i1
    %14 = "arith.cmpf"(%arg2, %arg3) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
    %15 = "arith.cmpf"(%arg2, %arg3) <{fastmath = #arith.fastmath<fast>, predicate = 13 : i64}> : (f32, f32) -> i1
    %16 = "arith.index_cast"(%arg0) : (i32) -> index
    %17 = "arith.index_castui"(%arg4) : (index) -> i64
    %18 = "arith.extsi"(%arg0) : (i32) -> i64
    %19 = "arith.extui"(%arg0) <{nonNeg}> : (i32) -> i64
    %20 = "arith.trunci"(%arg0) <{overflowFlags = #arith.overflow<nsw>}> : (i32) -> i8
    %21 = "arith.sitofp"(%arg0) : (i32) -> f32
    %22 = "arith.fptosi"(%arg2) : (f32) -> i32
    %23 = "arith.select"(%13, %arg0, %arg1) : (i1, i32, i32) -> i32
    %24 = "arith.cmpi"(%arg6, %arg6) <{predicate = 0 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<4xi1>
    %25 = "arith.select"(%24, %arg6, %arg6) : (vector<4xi1>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
    %26 = "arith.constant"() <{value = 3 : i64}> {symbol = @c3} : () -> i64
    %27 = "arith.constant"() <{value = 0 : index}> : () -> index
    %28 = "tensor.dim"(%arg5, %27) : (tensor<?x3xf32>, index) -> index
    %29 = "tensor.dim"(%arg5, %27) {symbol = @s0} : (tensor<?x3xf32>, index) -> index
    %30 = "tensor.empty"(%28) : (index) -> tensor<?x3xf32>
    %31 = "tensor.empty"() : () -> tensor<2x3xf32>
    %32 = "tensor.extract"(%arg5, %27, %27) : (tensor<?x3xf32>, index, index) -> f32
    %33 = "tensor.cast"(%arg5) : (tensor<?x3xf32>) -> tensor<*xf32>
    %34 = "tensor.from_elements"(%arg7, %arg7) : (i64, i64) -> tensor<2xi64>
    %35 = "tensor.from_elements"(%arg2) : (f32) -> tensor<f32>
    %36 = "tensor.from_elements"(%arg4, %arg4) : (index, index) -> tensor<2xindex>
    %37 = "tensor.reshape"(%arg5, %36) : (tensor<?x3xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %38 = "builtin.unrealized_conversion_cast"(%arg0) : (i32) -> i64
    %39:2 = "builtin.unrealized_conversion_cast"(%arg0, %arg1) : (i32, i32) -> (i64, i64)
    %40 = "builtin.unrealized_conversion_cast"() : () -> i64
    %41 = "func.call"(%arg0) <{callee = @callee}> : (i32) -> i32
    %42 = "func.call"(%arg0) <{callee = @callee}> {x.q} : (i32) -> i32
    %43 = "func.constant"() <{value = @callee}> : () -> ((i32) -> i32)
    %44 = "func.call_indirect"(%43, %arg0) : ((i32) -> i32, i32) -> i32
    "func.return"(%2, %arg2) : (i32, f32) -> ()
  }) : () -> ()
  %0 = "test.x"() : () -> i32
  %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
  "builtin.module"() <{sym_name = "inner"}> ({
  ^bb0:
  }) : () -> ()
}) {x.y = 1 : i64} : () -> ()
""",
    ("names", "default"): r"""module {
  func.func @f() {
    %c1 = arith.constant 1 : index
    %c1_0 = arith.constant 1 : index
    "foo.r"() ({
      %c1_2 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c2_3 = arith.constant 2 : index
      "foo.k"(%c1_2, %c1) : (index, index) -> ()
    }, {
      %c1_2 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %cst = arith.constant 1.000000e+00 : f32
      %cst_3 = arith.constant dense<1> : tensor<2xi32>
      %c-2_i8 = arith.constant -2 : i8
      %c-1_i64 = arith.constant -1 : i64
      %true = arith.constant true
      %false = arith.constant false
      %false_4 = arith.constant false
      "foo.k"(%c1_2) : (index) -> ()
    }) : () -> ()
    %c1_1 = arith.constant 1 : index
    %0 = "foo.x"() : () -> i32
    return
  }
  func.func @g(%arg0: index) {
    %c1 = arith.constant 1 : index
    %from_elements = tensor.from_elements %c1 : tensor<1xindex>
    %from_elements_0 = tensor.from_elements %c1 : tensor<1xindex>
    return
  }
}
""",
    ("names", "generic"): r""""builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
    %3 = "arith.constant"() <{value = 1 : index}> : () -> index
    %4 = "arith.constant"() <{value = 1 : index}> : () -> index
    "foo.r"() ({
      %16 = "arith.constant"() <{value = 1 : index}> : () -> index
      %17 = "arith.constant"() <{value = 2 : index}> : () -> index
      %18 = "arith.constant"() <{value = 2 : index}> : () -> index
      "foo.k"(%16, %3) : (index, index) -> ()
    }, {
      %7 = "arith.constant"() <{value = 1 : index}> : () -> index
      %8 = "arith.constant"() <{value = 2 : index}> : () -> index
      %9 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
      %10 = "arith.constant"() <{value = dense<1> : tensor<2xi32>}> : () -> tensor<2xi32>
      %11 = "arith.constant"() <{value = -2 : i8}> : () -> i8
      %12 = "arith.constant"() <{value = -1 : i64}> : () -> i64
      %13 = "arith.constant"() <{value = true}> : () -> i1
      %14 = "arith.constant"() <{value = false}> : () -> i1
      %15 = "arith.constant"() <{value = false}> : () -> i1
      "foo.k"(%7) : (index) -> ()
    }) : () -> ()
    %5 = "arith.constant"() <{value = 1 : index}> : () -> index
    %6 = "foo.x"() : () -> i32
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (index) -> (), sym_name = "g"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 1 : index}> : () -> index
    %1 = "tensor.from_elements"(%0) : (index) -> tensor<1xindex>
    %2 = "tensor.from_elements"(%0) : (index) -> tensor<1xindex>
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
""",
    ("locs", "default"): r"""#loc1 = loc("a.py":1:1)
#loc2 = loc(unknown)
#loc3 = loc("b.py":2:2)
#loc11 = loc("q.py":1:1)
#map = affine_map<(d0) -> (d0 + 2)>
#loc16 = loc(fused[#loc11, #loc3])
module {
  func.func @f(%arg0: i32 loc("a.py":1:1), %arg1: memref<4xf32, #map> loc(unknown)) -> i32 {
    %0 = "foo.x"() : () -> i32 loc(#loc2)
    %1 = "foo.x"() : () -> i32 loc(#loc1)
    %2 = "foo.x"() : () -> i32 loc(#loc12)
    %3 = "foo.x"() : () -> i32 loc(#loc13)
    %4 = "foo.x"() : () -> i32 loc(#loc14)
    %5 = "foo.x"() : () -> i32 loc(#loc15)
    %6 = "foo.x"() : () -> i32 loc(#loc8)
    %7 = "foo.x"() : () -> i32 loc(#loc9)
    "foo.br"(%7)[^bb1] : (i32) -> () loc(#loc10)
  ^bb1(%8: i32 loc(fused[#loc11, #loc3])):  // pred: ^bb0
    return %0 : i32 loc(#loc1)
  } loc(#loc1)
} loc(#loc)
#loc = loc("m.py":1:1)
#loc4 = loc("c.py":3:3)
#loc5 = loc("d.py":4:4)
#loc6 = loc("e.py":5:5)
#loc7 = loc("name2")
#loc8 = loc("name3")
#loc9 = loc("x.py":9:9 to 10:2)
#loc10 = loc("z.py":1:1 to :5)
#loc12 = loc(fused[#loc1, #loc3])
#loc13 = loc("name"(#loc3))
#loc14 = loc(callsite(#loc4 at #loc5))
#loc15 = loc(fused<"meta">[#loc6, #loc7])
""",
    ("locs", "generic"): r"""#loc1 = loc("a.py":1:1)
#loc2 = loc(unknown)
#loc3 = loc("b.py":2:2)
#loc11 = loc("q.py":1:1)
#map = affine_map<(d0) -> (d0 + 2)>
#loc16 = loc(fused[#loc11, #loc3])
"builtin.module"() ({
  "func.func"() <{function_type = (i32, memref<4xf32, #map>) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32 loc("a.py":1:1), %arg1: memref<4xf32, #map> loc(unknown)):
    %0 = "foo.x"() : () -> i32 loc(#loc2)
    %1 = "foo.x"() : () -> i32 loc(#loc1)
    %2 = "foo.x"() : () -> i32 loc(#loc12)
    %3 = "foo.x"() : () -> i32 loc(#loc13)
    %4 = "foo.x"() : () -> i32 loc(#loc14)
    %5 = "foo.x"() : () -> i32 loc(#loc15)
    %6 = "foo.x"() : () -> i32 loc(#loc8)
    %7 = "foo.x"() : () -> i32 loc(#loc9)
    "foo.br"(%7)[^bb1] : (i32) -> () loc(#loc10)
  ^bb1(%8: i32 loc(fused[#loc11, #loc3])):  // pred: ^bb0
    "func.return"(%0) : (i32) -> () loc(#loc1)
  }) : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("m.py":1:1)
#loc4 = loc("c.py":3:3)
#loc5 = loc("d.py":4:4)
#loc6 = loc("e.py":5:5)
#loc7 = loc("name2")
#loc8 = loc("name3")
#loc9 = loc("x.py":9:9 to 10:2)
#loc10 = loc("z.py":1:1 to :5)
#loc12 = loc(fused[#loc1, #loc3])
#loc13 = loc("name"(#loc3))
#loc14 = loc(callsite(#loc4 at #loc5))
#loc15 = loc(fused<"meta">[#loc6, #loc7])
""",
    ("dialect_prefix", "default"): r"""module {
  "foo.r"() ({
    builtin.module {
      %0 = unrealized_conversion_cast to i64
    }
  }) : () -> ()
  func.func @f() {
    "foo.r"() ({
      func.func @g() {
        return
      }
      "foo.k"() : () -> ()
    }) : () -> ()
    return
  }
}
""",
}


@pytest.mark.parametrize(("case", "mode"), sorted(EXPECTED))
def test_matches_torch_mlir_opt(case: str, mode: str) -> None:
    module = CASES[case]()
    text = print_operation(module, generic=mode == "generic", debuginfo=case == "locs")
    assert text == EXPECTED[(case, mode)]


def test_printing_is_repeatable() -> None:
    module = aliases()
    assert print_operation(module) == print_operation(module)


# --------------------------------------------------------------------------- naming rules


def test_sanitize_identifier() -> None:
    assert sanitize_identifier("c-2_i8") == "c-2_i8"
    assert sanitize_identifier("3abc") == "_3abc"
    assert sanitize_identifier("a b") == "a_b"
    assert sanitize_identifier("a#b") == "a23b"
    assert sanitize_identifier("map1", "$_-", allow_trailing_digit=False) == "map1_"


@register
class _ThreeResults(Operation):
    """An op naming results 0 and 2 (result groups, as MLIR's getAsmResultNames allows)."""

    __slots__ = ()
    OPERATION_NAME = "printer_test.three"
    RESULTS = (ResultDef("r", variadic=True),)

    def result_names(self) -> list[str | None]:
        return ["a", None, "b", None]


def test_result_groups() -> None:
    m = builtin.ModuleOp.build()
    three = m.body.append(Operation.create("printer_test.three", (), [i32, i32, i32, i32]))
    add(m.body, "test.use", list(three.results))
    assert print_operation(m) == (
        "module {\n"
        '  %a:2, %b:2 = "printer_test.three"() : () -> (i32, i32, i32, i32)\n'
        '  "test.use"(%a#0, %a#1, %b#0, %b#1) : (i32, i32, i32, i32) -> ()\n'
        "}\n"
    )
    # The generic form ignores result names.
    assert '%0:4 = "printer_test.three"()' in print_operation(m, generic=True)


def test_values_from_outside_print_as_unknown() -> None:
    m = builtin.ModuleOp.build()
    x = add(m.body, "test.x", results=[i32])
    use = add(m.body, "test.use", [x.result])
    assert print_operation(use) == '"test.use"(<<UNKNOWN SSA VALUE>>) : (i32) -> ()\n'


def test_dense_array_and_unit_attributes() -> None:
    m = builtin.ModuleOp.build()
    add(m.body, "test.a", props={"p": DenseArrayAttr.i64([3, 3]), "u": UnitAttr()})
    assert print_operation(m, generic=True) == (
        '"builtin.module"() ({\n'
        '  "test.a"() <{p = array<i64: 3, 3>, u}> : () -> ()\n'
        "}) : () -> ()\n"
    )


def test_explicit_empty_properties_of_unregistered_op() -> None:
    m = builtin.ModuleOp.build()
    m.body.append(Operation.create("test.p", properties=ExplicitProperties()))
    m.body.append(Operation.create("test.q", properties={}))
    assert (
        print_operation(m) == 'module {\n  "test.p"() <{}> : () -> ()\n  "test.q"() : () -> ()\n}\n'
    )


def test_alias_only_in_unregistered_properties_prints_inline() -> None:
    m = builtin.ModuleOp.build()
    add(m.body, "test.a", props={"q": amap(0)})
    assert print_operation(m) == (
        'module {\n  "test.a"() <{q = affine_map<(d0) -> (d0)>}> : () -> ()\n}\n'
    )


# --------------------------------------------------------------------------- speed


def _large_module(n: int) -> Operation:
    t4 = RankedTensorType((-1, 3, 224, 224), f32)
    m = builtin.ModuleOp.build()
    f = func.FuncOp.build("f", FunctionType((t4, i64), (t4,)))
    m.body.append(f)
    b = f.entry_block
    x, k = b.args
    for i in range(n // 4):
        y = add(b, "llh.add", [x, x], [t4], props={"symbol": SymbolRefAttr("s0")})
        c = b.append(arith.ConstantOp.build(IntegerAttr(i % 50, i64)))
        b.append(arith.AddIOp.build(c.result, k))
        w = add(
            b,
            "llh.conv",
            [y.result, x],
            [t4],
            props={
                "dilation": DenseArrayAttr.i64([1, 1]),
                "group": IntegerAttr(1, i64),
                "pad": DenseArrayAttr.i64([3, 3, 3, 3]),
            },
        )
        x = w.result
    b.append(func.ReturnOp.build([x]))
    return m


@pytest.mark.parametrize("generic", [False, True])
def test_large_module_speed(generic: bool) -> None:
    """Printing work grows linearly with the ops (counted calls, support/complexity.py; the
    speed itself is measured by tools/bench)."""

    def run_at(n: int):  # type: ignore[no-untyped-def]
        m = _large_module(n)
        return lambda: print_operation(m, generic=generic)

    assert_linear(run_at, 1_000)
    assert print_operation(_large_module(1_000), generic=generic).count("\n") > 1_000


def test_local_scope_numbers_from_isolated_ancestor() -> None:
    """As MLIR's "see current operation" note: generic form, numbered from the function."""
    m = builtin.ModuleOp.build()
    f = func.FuncOp.build("g", FunctionType((i32,), ()))
    m.body.append(f)
    e = f.entry_block
    r = add(e, "foo.x", results=[i32], regions=1)
    rb = r.regions[0].add_block(Block())
    d = add(rb, "foo.y", results=[i32])
    bad = add(rb, "arith.addi", [d.result, e.args[0]], [i64])
    e.append(func.ReturnOp.build())
    assert print_operation(bad, generic=True, local_scope=True) == (
        '%2 = "arith.addi"(%1, %arg0) <{overflowFlags = #arith.overflow<none>}> : '
        "(i32, i32) -> i64\n"
    )


# --------------------------------------------------------------------------- streamed printing


class _Recorder:
    """A `write_operation` destination: the pieces written, and how often it was restarted."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.restarts = 0

    def write(self, text: str) -> None:
        self.pieces.append(text)

    def restart(self) -> None:
        self.pieces.clear()
        self.restarts += 1


@pytest.mark.parametrize("small_pieces", [False, True])
@pytest.mark.parametrize("restartable", [False, True])
@pytest.mark.parametrize(("case", "mode"), sorted(EXPECTED))
def test_streamed_text_is_the_printed_text(
    case: str, mode: str, restartable: bool, small_pieces: bool, monkeypatch
) -> None:
    from llh_opt import printer

    if small_pieces:
        monkeypatch.setattr(printer, "FLUSH_PIECES", 1)
    module = CASES[case]()
    kw = {"generic": mode == "generic", "debuginfo": case == "locs"}
    out = _Recorder()
    printer.write_operation(module, out.write, out.restart if restartable else None, **kw)
    assert "".join(out.pieces) == EXPECTED[(case, mode)] == print_operation(module, **kw)
    if small_pieces and len(EXPECTED[(case, mode)].splitlines()) > 3:
        assert len(out.pieces) > 2  # really written in pieces
    # Only a module that needs aliases, printed without debuginfo, starts over (once).
    needs_restart = restartable and case == "aliases" and not kw["debuginfo"]
    assert out.restarts == (1 if needs_restart else 0)


@pytest.mark.parametrize(
    "kw",
    [
        {"local_scope": True},
        {"elide_limit": 1},
        {"skip_regions": True},
        {"value_users": True},
        {"unique_ids": True},
        {"debuginfo": True, "generic": True},
    ],
)
def test_streamed_text_with_printing_flags(kw: dict, monkeypatch) -> None:
    from llh_opt import printer

    monkeypatch.setattr(printer, "FLUSH_PIECES", 2)
    for build in CASES.values():
        module = build()
        out = _Recorder()
        printer.write_operation(module, out.write, out.restart, **kw)
        assert "".join(out.pieces) == print_operation(module, **kw)


def test_streaming_holds_a_bounded_number_of_pieces(monkeypatch) -> None:
    """Each write carries about FLUSH_PIECES fragments: a large module is not built in memory."""
    from llh_opt import printer

    m = builtin.ModuleOp.build()
    body = m.body
    prev = Operation.create("test.src", result_types=[i32])
    body.append(prev)
    for _ in range(2000):
        prev = Operation.create("test.op", [prev.results[0]], [i32])
        body.append(prev)
    monkeypatch.setattr(printer, "FLUSH_PIECES", 64)
    out = _Recorder()
    printer.write_operation(m, out.write, out.restart)
    assert "".join(out.pieces) == print_operation(m)
    assert len(out.pieces) > 2000 * 3 // 64 // 2
    assert max(len(p) for p in out.pieces) < 64 * 80
