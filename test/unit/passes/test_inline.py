"""Unit tests for `--inline` (``llh_opt/passes/inline.py``) through the Python API.

What lives here: `inline_call` on its own (single- and multi-block callees, legality, location
stacking), the pass (options, simplification pipeline scheduling, dead private functions,
recursion, thresholds), and a differential property against torch-mlir-opt on random call
graphs. The MLIR-style cases are the lit tests ``test/Transforms/inline*.mlir``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import llh_opt
from support.mlir_reference import TORCH_MLIR_OPT, run_reference
from llh_opt.diagnostics import DiagnosticError
from llh_opt.ir.attributes import CallSiteLoc, FileLineColLoc
from llh_opt.ir.core import Operation
from llh_opt.passes import Pass, PassContext, PassManager, lookup_pass, register_pass
from llh_opt.passes.inline import InlinerPass, inline_call
from llh_opt.passes.registry import _BY_NAME, _REGISTRY


def parse(text: str) -> Operation:
    return llh_opt.parse(text, allow_unregistered=True)


def funcs(m: Operation) -> dict[str, Operation]:
    return {
        op.properties["sym_name"].value: op  # type: ignore[attr-defined]
        for op in m.regions[0].blocks[0].ops
        if op.name == "func.func"
    }


def run(text: str, options: str = "default-pipeline=") -> Operation:
    m = parse(text)
    PassManager.parse(f"builtin.module(inline{{{options}}})").run(m)
    llh_opt.verify(m, allow_unregistered=True)
    return m


def names(ops: list[Operation]) -> list[str]:
    return [op.name for op in ops]


def has_calls(m: Operation) -> bool:
    return any(op.name == "func.call" for op in m.walk())


# --------------------------------------------------------------------------- inline_call


CALLEE = """
func.func private @callee(%x: i32, %y: i32) -> (i32, i32) {
  %0 = arith.addi %x, %y : i32 loc("callee.mlir":2:3)
  %1 = func.call @other(%0) : (i32) -> i32
  return %1, %x : i32, i32
}
func.func private @other(i32) -> i32
func.func @caller(%a: i32, %b: i32) -> (i32, i32) {
  %0 = arith.muli %a, %b : i32
  %1:2 = func.call @callee(%0, %b) : (i32, i32) -> (i32, i32) loc("caller.mlir":7:8)
  %2 = arith.subi %1#0, %1#1 : i32
  return %2, %1#1 : i32, i32
}
"""


@pytest.mark.parametrize("clone", [True, False])
def test_inline_call_single_block(clone: bool) -> None:
    m = parse(CALLEE)
    fs = funcs(m)
    block = fs["caller"].regions[0].blocks[0]
    call = list(block.ops)[1]
    new_calls = inline_call(call, fs["callee"], clone=clone)
    assert new_calls is not None and names(new_calls) == ["func.call"]
    assert all(not r.uses for r in call.results)
    call.erase()
    ops = list(block.ops)
    assert names(ops) == ["arith.muli", "arith.addi", "func.call", "arith.subi", "func.return"]
    mul, add, other, sub, ret = ops
    assert add.operands == [mul.results[0], block.args[1]]
    # The callee returns its first argument as second result: the caller's muli.
    assert sub.operands == [other.results[0], mul.results[0]]
    assert ret.operands == [sub.results[0], mul.results[0]]
    assert add.location == CallSiteLoc(
        FileLineColLoc("callee.mlir", 2, 3), FileLineColLoc("caller.mlir", 7, 8)
    )
    assert bool(fs["callee"].regions[0].blocks) == clone


def test_inline_call_illegal_leaves_ir_untouched() -> None:
    m = parse(
        """
        func.func private @f(%x: i32) -> i32 {
          %0 = "foo.op"(%x) : (i32) -> i32
          return %0 : i32
        }
        func.func private @g(%x: i32) -> i32 attributes {no_inline} {
          return %x : i32
        }
        func.func @main(%a: i32) -> (i32, i32, i32) {
          %0 = func.call @f(%a) : (i32) -> i32
          %1 = func.call @g(%a) : (i32) -> i32
          %2 = func.call @g(%a) {no_inline} : (i32) -> i32
          return %0, %1, %2 : i32, i32, i32
        }
        """
    )
    before = m.print()
    fs = funcs(m)
    c0, c1, c2, _ = fs["main"].regions[0].blocks[0].ops
    assert inline_call(c0, fs["f"]) is None
    assert inline_call(c1, fs["g"]) is None
    assert inline_call(c2, fs["g"]) is None
    assert m.print() == before


def test_inline_call_multi_block() -> None:
    m = parse(
        """
        func.func private @pick(%c: i1, %x: i32) -> i32 {
          "cf.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
        ^bb1:
          %0 = arith.addi %x, %x : i32
          return %0 : i32
        ^bb2:
          return %x : i32
        }
        func.func @main(%c: i1, %a: i32) -> i32 {
          %0 = arith.muli %a, %a : i32
          %1 = func.call @pick(%c, %0) : (i1, i32) -> i32
          %2 = arith.subi %1, %0 : i32
          return %2 : i32
        }
        """
    )
    fs = funcs(m)
    region = fs["main"].regions[0]
    call = list(region.blocks[0].ops)[1]
    assert inline_call(call, fs["pick"]) == []
    call.erase()
    blocks = region.blocks
    assert [names(list(b.ops)) for b in blocks] == [
        ["arith.muli", "cf.cond_br"],
        ["arith.addi", "cf.br"],
        ["cf.br"],
        ["arith.subi", "func.return"],
    ]
    post = blocks[3]
    assert [a.type for a in post.args] == [region.blocks[0].args[1].type]
    assert blocks[1].last.successors == [post] and blocks[2].last.successors == [post]
    assert blocks[0].last.successors == [blocks[1], blocks[2]]
    assert list(post.ops)[0].operand(0) is post.args[0]
    llh_opt.verify(m, allow_unregistered=True)


# --------------------------------------------------------------------------- the pass


def test_options_and_pipeline_text() -> None:
    p = InlinerPass()
    assert p.pipeline_text() == (
        "inline{default-pipeline=canonicalize inlining-threshold=4294967295 max-iterations=4 }"
    )
    pm = PassManager.parse(
        "builtin.module(inline{default-pipeline= max-iterations=2 op-pipelines=func.func(cse)})"
    )
    assert pm.pipeline_text() == (
        "builtin.module(inline{default-pipeline= inlining-threshold=4294967295 "
        "max-iterations=2 op-pipelines={func.func(cse)}})"
    )
    with pytest.raises(DiagnosticError, match="does not refer to a registered pass"):
        PassManager.parse("builtin.module(inline{op-pipelines=func.func(no-such-pass)})")


def test_requires_a_symbol_table() -> None:
    m = parse("func.func @f() {\n  return\n}\n")
    with pytest.raises(DiagnosticError, match="was scheduled to run under the inliner"):
        PassManager.parse("builtin.module(func.func(inline))").run(m)


def test_private_callees_are_erased_public_kept() -> None:
    m = run(
        """
        func.func private @once(%x: i32) -> i32 {
          %0 = arith.addi %x, %x : i32
          return %0 : i32
        }
        func.func private @twice(%x: i32) -> i32 {
          %0 = arith.muli %x, %x : i32
          return %0 : i32
        }
        func.func @public(%x: i32) -> i32 {
          %0 = arith.subi %x, %x : i32
          return %0 : i32
        }
        func.func private @unused() {
          return
        }
        func.func @main(%a: i32) -> i32 {
          %0 = func.call @once(%a) : (i32) -> i32
          %1 = func.call @twice(%0) : (i32) -> i32
          %2 = func.call @twice(%1) : (i32) -> i32
          %3 = func.call @public(%2) : (i32) -> i32
          return %3 : i32
        }
        """
    )
    fs = funcs(m)
    assert sorted(fs) == ["main", "public"]
    assert names(list(fs["main"].regions[0].blocks[0].ops)) == [
        "arith.addi",
        "arith.muli",
        "arith.muli",
        "arith.subi",
        "func.return",
    ]


def test_symbol_reference_outside_functions_keeps_callee() -> None:
    m = run(
        """
        "foo.table"() {entries = [@helper]} : () -> ()
        func.func private @helper(%x: i32) -> i32 {
          %0 = arith.addi %x, %x : i32
          return %0 : i32
        }
        func.func @main(%a: i32) -> i32 {
          %0 = func.call @helper(%a) : (i32) -> i32
          return %0 : i32
        }
        """
    )
    fs = funcs(m)
    # Referenced from a non-callable op: always live, so cloned rather than moved.
    assert "helper" in fs and len(list(fs["helper"].regions[0].blocks[0].ops)) == 2
    assert names(list(fs["main"].regions[0].blocks[0].ops)) == ["arith.addi", "func.return"]


def test_recursion_terminates() -> None:
    text = """
        func.func @a(%x: i32) -> i32 {
          %0 = func.call @b(%x) : (i32) -> i32
          return %0 : i32
        }
        func.func @b(%x: i32) -> i32 {
          %0 = func.call @c(%x) : (i32) -> i32
          return %0 : i32
        }
        func.func @c(%x: i32) -> i32 {
          %0 = func.call @a(%x) : (i32) -> i32
          %1 = func.call @c(%0) : (i32) -> i32
          return %1 : i32
        }
    """
    sizes = []
    for iterations in (1, 2, 8):
        m = run(text, f"default-pipeline= max-iterations={iterations}")
        sizes.append(sum(1 for _ in m.walk()))
    # Every iteration may unroll the cycle further, but it stops.
    assert sizes == sorted(sizes)


def test_inlining_threshold() -> None:
    text = """
        func.func @big(%x: i32) -> i32 {
          %0 = arith.addi %x, %x : i32
          %1 = arith.addi %0, %0 : i32
          %2 = arith.addi %1, %1 : i32
          return %2 : i32
        }
        func.func @main(%a: i32) -> i32 {
          %0 = func.call @big(%a) : (i32) -> i32
          return %0 : i32
        }
    """

    def inlined(options: str) -> bool:
        m = run(text, options)
        return not has_calls(m)

    assert inlined("default-pipeline=")
    assert not inlined("default-pipeline= inlining-threshold=0")
    # callee 4 ops / caller 2 ops = 200%.
    assert not inlined("default-pipeline= inlining-threshold=199")
    assert inlined("default-pipeline= inlining-threshold=200")


@register_pass
class RecordPass(Pass):
    """Records the functions it runs on (to observe the inliner's simplification schedule)."""

    NAME = "test-inline-record"
    SUMMARY = "test pass"
    ANCHOR = "func.func"
    log: ClassVar[list[tuple[str, int]]] = []

    __slots__ = ()

    def run(self, op: Operation, ctx: PassContext) -> None:
        calls = sum(1 for o in op.walk() if o.name == "func.call")
        self.log.append((op.properties["sym_name"].value, calls))  # type: ignore[attr-defined]


def teardown_module() -> None:
    _REGISTRY.pop(RecordPass.NAME, None)
    _BY_NAME.pop(RecordPass.NAME, None)


CHAIN = """
func.func private @leaf(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func private @mid(%x: i32) -> i32 {
  %0 = func.call @leaf(%x) : (i32) -> i32
  return %0 : i32
}
func.func @main(%x: i32) -> i32 {
  %0 = func.call @mid(%x) : (i32) -> i32
  return %0 : i32
}
func.func @alone() {
  return
}
"""


@pytest.mark.parametrize(
    "options",
    ["default-pipeline=test-inline-record", "op-pipelines=func.func(test-inline-record)"],
)
def test_simplification_schedule(options: str) -> None:
    RecordPass.log.clear()
    run(CHAIN, options)
    # Bottom-up over the SCCs; each callable is simplified first, then again after inlining
    # into it (with no call left: the loop ends); functions without calls run once.
    assert RecordPass.log == [
        ("leaf", 0),
        ("mid", 1),
        ("mid", 0),
        ("main", 1),
        ("main", 0),
        ("alone", 0),
    ]


def test_default_pipeline_is_canonicalize_when_registered() -> None:
    m = parse(CHAIN)
    PassManager.parse("builtin.module(inline)").run(m)
    if lookup_pass("canonicalize") is None:
        # Without a canonicalizer the default pipeline is empty: same as `default-pipeline=`.
        assert m.print() == run(CHAIN).print()
    assert not has_calls(m)


# --------------------------------------------------------------------------- differential

_TORCH_MLIR_OPT = TORCH_MLIR_OPT


@st.composite
def call_graphs(draw: st.DrawFn) -> str:
    """Up to 6 functions `(i32) -> i32` with random visibility, bodies of arith ops and calls
    (recursion and cycles included), a few declarations and `no_inline` calls."""
    n = draw(st.integers(1, 6))
    names_ = [f"f{i}" for i in range(n)]
    decl = draw(st.booleans())
    out = []
    if decl:
        out.append("func.func private @ext(i32) -> i32")
    for name in names_:
        vis = draw(st.sampled_from(["", "private "]))
        lines = [f"func.func {vis}@{name}(%x: i32) -> i32 {{"]
        prev = "%x"
        for j in range(draw(st.integers(0, 4))):
            kind = draw(st.integers(0, 3))
            if kind == 0:
                lines.append(f"  %v{j} = arith.addi {prev}, %x : i32")
            else:
                callee = draw(st.sampled_from(names_ + (["ext"] if decl else [])))
                attrs = " {no_inline}" if draw(st.integers(0, 6)) == 0 else ""
                lines.append(f"  %v{j} = func.call @{callee}({prev}){attrs} : (i32) -> i32")
            prev = f"%v{j}"
        lines.append(f"  return {prev} : i32\n}}")
        out.append("\n".join(lines))
    return "\n".join(out) + "\n"


@pytest.mark.skipif(_TORCH_MLIR_OPT is None, reason="torch-mlir-opt not available")
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    call_graphs(), st.sampled_from(["default-pipeline=", "default-pipeline=cse max-iterations=2"])
)
def test_inline_matches_torch_mlir_opt(text: str, options: str) -> None:
    assert _TORCH_MLIR_OPT is not None
    args = ["--mlir-print-op-generic", "--mlir-print-debuginfo", "-"]
    ref = run_reference([f"--inline={options}", *args], text)
    ours = subprocess.run(
        [str(Path(sys.executable).parent / "llh-opt"), f"--inline={options}", *args],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert ours == ref
