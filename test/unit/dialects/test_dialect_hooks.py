"""Dialect hooks and the `ConstantLike` trait: the generic layers (folding, the greedy driver, the
inliner, the verifier memo, LLH's constant reading) reach a dialect only through its registered
`Dialect` and op traits, so a dialect they have never heard of plugs in the same way.

Covered: each shipped dialect's `materialize_constant` (llh, arith, index, tensor; none for func),
a test dialect's hook called by folding, a test `ConstantLike` op read as a constant everywhere,
the `inlinable` flag deciding inlining, and the rewriter the driver and the LLH passes use.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import llh_opt
from llh_opt.dialects.llh.base import constant_int
from llh_opt.dialects.llh.rewriter import LLHPatternRewriter
from llh_opt.ir.attributes import (
    Attribute,
    DenseElementsAttr,
    FileLineColLoc,
    FloatAttr,
    IntegerAttr,
    SymbolRefAttr,
)
from llh_opt.ir.core import OP_CLASSES, Operation
from llh_opt.ir.opdef import (
    ANY_TYPE,
    DIALECTS,
    ConstantLike,
    Dialect,
    PropDef,
    Pure,
    ResultDef,
    TYPED_ATTR,
    constant_like_value,
    register,
    register_dialect,
)
from llh_opt.ir.types import IntegerType, RankedTensorType, f16, f32, i32, index
from llh_opt.passes import PassManager, lookup_pass
from llh_opt.printer import print_operation
from llh_opt.rewrite import PatternRewriter
from llh_opt.rewrite.folding import constant_value, materialize_constant
from llh_opt.rewrite.greedy import GreedyRewriteDriver, apply_patterns_greedily

LOC = FileLineColLoc("x.mlir", 3, 7)


def parse(text: str) -> Operation:
    return llh_opt.parse(text, allow_unregistered=True)


def body(m: Operation, func: int = 0) -> list[Operation]:
    f = list(m.regions[0].blocks[0].ops)[func]
    return list(f.regions[0].blocks[0].ops)


# --------------------------------------------------------------------------- materialize_constant


def test_shipped_dialects_materialize_their_constants() -> None:
    seven = IntegerAttr(7, i32)
    c = DIALECTS["arith"].materialize_constant(seven, i32, LOC)
    assert c is not None and c.name == "arith.constant" and c.location is LOC
    assert c.properties["value"] is seven and c.parent is None
    assert DIALECTS["arith"].materialize_constant(seven, IntegerType(64), LOC) is None
    t = DIALECTS["tensor"].materialize_constant(seven, i32, LOC)
    assert t is not None and t.name == "arith.constant"  # as MLIR's tensor dialect
    i = DIALECTS["index"].materialize_constant(IntegerAttr(3, index), index, LOC)
    assert i is not None and i.name == "index.constant" and i.location is LOC
    assert DIALECTS["index"].materialize_constant(seven, i32, LOC) is None
    h = DIALECTS["llh"].materialize_constant(seven, i32, LOC)
    assert h is not None and h.name == "llh.constant" and "symbol" not in h.properties
    f16_one = FloatAttr.from_value(1.0, f16)
    assert DIALECTS["llh"].materialize_constant(f16_one, f16, LOC) is None  # f32/f64 only
    dense = DenseElementsAttr(RankedTensorType((2,), f32), (0, 0))
    d = DIALECTS["llh"].materialize_constant(dense, RankedTensorType((2,), f32), LOC)
    assert d is not None and d.properties["value"] is dense
    assert DIALECTS["func"].materialize_constant(seven, i32, LOC) is None  # no constant op


def test_llh_keeps_the_symbol_of_the_folded_op() -> None:
    origin = Operation.create("llh.dim", (), [i32], {"symbol": SymbolRefAttr("s0")})
    c = DIALECTS["llh"].materialize_constant(IntegerAttr(4, i32), i32, LOC, origin)
    assert c is not None and c.properties["symbol"] is SymbolRefAttr("c4")


@pytest.fixture
def test_dialect() -> Iterator[list[tuple[Any, ...]]]:
    """`zzc`: a dialect whose constants are `zzc.const` ops, recording its hook's calls."""
    calls: list[tuple[Any, ...]] = []

    class ZZDialect(Dialect):
        __slots__ = ()

        def materialize_constant(
            self, value: Attribute, type: Any, location: Any, origin: Operation | None = None
        ) -> Operation | None:
            calls.append((value, type, location, origin))
            return Operation.create("zzc.const", (), [type], {"value": value}, location=location)

    @register
    class ZZConstOp(Operation):
        __slots__ = ()
        OPERATION_NAME = "zzc.const"
        SUMMARY = "test constant"
        RESULTS = (ResultDef("result", ANY_TYPE),)
        PROPERTIES = (PropDef("value", TYPED_ATTR),)
        TRAITS = (Pure, ConstantLike)

    register_dialect(ZZDialect("zzc", allows_unknown_ops=True))
    try:
        yield calls
    finally:
        del DIALECTS["zzc"]
        OP_CLASSES.pop("zzc.const", None)


def test_folding_materializes_through_the_dialect_hook(test_dialect: list[Any]) -> None:
    origin = Operation.create("zzc.other", (), [i32], location=LOC)
    m = parse("func.func @f() {\n  return\n}\n")
    block = list(m.regions[0].blocks[0].ops)[0].regions[0].blocks[0]
    rw = PatternRewriter()
    rw.set_insertion_point_to_start(block)
    c = materialize_constant(origin, IntegerAttr(5, i32), i32, rw)
    assert c is not None and c.name == "zzc.const" and c.parent is block
    assert test_dialect == [(IntegerAttr(5, i32), i32, LOC, origin)]
    unknown = Operation.create("nodialect.op", (), [i32])
    assert materialize_constant(unknown, IntegerAttr(5, i32), i32, rw) is None


def test_constant_like_ops_are_constants_everywhere(test_dialect: list[Any]) -> None:
    """A `ConstantLike` op of an unknown dialect is read as a constant by folding (`arith.addi`
    folds with it), the LLH integer reader and `constant_like_value`; by trait, not by name."""
    m = parse(
        "func.func @f() -> i32 {\n"
        '  %a = "zzc.const"() <{value = 2 : i32}> : () -> i32\n'
        "  %b = arith.constant 3 : i32\n"
        "  %c = arith.addi %a, %b : i32\n"
        "  return %c : i32\n"
        "}\n"
    )
    a, _, add, _ = body(m)
    assert constant_like_value(a) is IntegerAttr(2, i32)
    assert constant_value(a.results[0]) is IntegerAttr(2, i32)
    assert constant_int(a.results[0]) == 2
    assert constant_like_value(add) is None
    apply_patterns_greedily(m, [])
    assert "arith.constant 5 : i32" in print_operation(m)
    # The driver de-duplicates and hoists it like any constant (keyed by its dialect).
    assert ConstantLike in OP_CLASSES["zzc.const"].TRAIT_SET


# --------------------------------------------------------------------------- inlining


CALLER = """
func.func private @callee() {{
  "{op}"() : () -> ()
  return
}}
func.func @caller() {{
  func.call @callee() : () -> ()
  return
}}
"""


@pytest.mark.parametrize("inlinable", [True, False])
def test_the_inlinable_flag_decides_inlining(inlinable: bool) -> None:
    register_dialect(Dialect("zzinl", allows_unknown_ops=True, inlinable=inlinable))
    try:
        m = parse(CALLER.format(op="zzinl.op"))
        PassManager.parse("builtin.module(inline{default-pipeline=})").run(m)
    finally:
        del DIALECTS["zzinl"]
    funcs = {o.properties["sym_name"].value: o for o in m.regions[0].blocks[0].ops}  # type: ignore[attr-defined]
    names = [op.name for op in funcs["caller"].regions[0].blocks[0].ops]
    assert ("func.call" not in names) is inlinable
    assert ("zzinl.op" in names) is inlinable


def test_unregistered_upstream_dialects_inline_as_in_mlir_opt() -> None:
    m = parse(CALLER.format(op="complex.thing"))
    PassManager.parse("builtin.module(inline{default-pipeline=})").run(m)
    assert "call @callee" not in print_operation(m)
    m = parse(CALLER.format(op="zzunknown.thing"))
    PassManager.parse("builtin.module(inline{default-pipeline=})").run(m)
    assert "call @callee" in print_operation(m)


def test_every_shipped_dialect_is_inlinable() -> None:
    """Every dialect llh-opt registers has, in MLIR (or the reference, for LLH), an inliner
    interface accepting all its ops: each must say `inlinable=True` or inlining IR using it would
    differ from mlir-opt."""
    for name in ("builtin", "func", "arith", "index", "tensor", "llh"):
        assert name in DIALECTS
    for name, dialect in DIALECTS.items():
        assert dialect.inlinable, f"dialect '{name}' is registered without inlinable=True"


# --------------------------------------------------------------------------- rewriters


def test_the_driver_defaults_to_a_plain_rewriter_and_llh_passes_choose_theirs() -> None:
    assert type(GreedyRewriteDriver([]).rewriter) is PatternRewriter
    driver = GreedyRewriteDriver([], rewriter=LLHPatternRewriter())
    assert type(driver.rewriter) is LLHPatternRewriter and driver.rewriter.listener is driver
    for name in (
        "canonicalize",
        "remove-redundant-ops",
        "operation-legalization",
        "load-weight",
        "transform-layout",
    ):
        assert lookup_pass(name).REWRITER is LLHPatternRewriter, name  # type: ignore[attr-defined]
