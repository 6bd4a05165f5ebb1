"""Unit tests for `--cse` (``llh_opt/passes/cse.py``) through the Python API.

What lives here: op-equivalence keys, scoping (nested regions, isolated ops, dominance), side
effects, region equivalence (with a test-only Pure op that has a region), a hypothesis property
(random straight-line arith programs evaluate the same after CSE, and a second run replaces
nothing), a differential property against torch-mlir-opt, and a linearity check. The lit tests
(``test/Transforms/cse*.mlir``) hold the MLIR-style cases.
"""

from __future__ import annotations

from support.complexity import assert_linear


import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import llh_opt
from support.mlir_reference import TORCH_MLIR_OPT, run_reference
from support.llh_interpreter import interpret
from llh_opt.ir.core import OP_CLASSES, Operation
from llh_opt.ir.opdef import (
    ANY_TYPE,
    IsTerminator,
    OperandDef,
    Pure,
    ResultDef,
    register,
)
from llh_opt.passes import PassManager
from llh_opt.passes.cse import eliminate_common_subexpressions, operation_key

# --------------------------------------------------------------------------- helpers


@register
class PureRegionOp(Operation):
    """A registered, side-effect free, non-isolated op with one region (like `scf.if` with a
    pure body): MLIR CSEs such ops when their regions are equivalent."""

    __slots__ = ()
    OPERATION_NAME = "test_cse.pure_region"
    SUMMARY = "test op"
    OPERANDS = (OperandDef("inputs", ANY_TYPE, variadic=True),)
    RESULTS = (ResultDef("results", ANY_TYPE, variadic=True),)
    NUM_REGIONS = 1
    TRAITS = (Pure,)


@register
class YieldOp(Operation):
    __slots__ = ()
    OPERATION_NAME = "test_cse.yield"
    SUMMARY = "test terminator"
    OPERANDS = (OperandDef("values", ANY_TYPE, variadic=True),)
    TRAITS = (Pure, IsTerminator)


def teardown_module() -> None:
    OP_CLASSES.pop(PureRegionOp.OPERATION_NAME, None)
    OP_CLASSES.pop(YieldOp.OPERATION_NAME, None)


def parse(text: str) -> Operation:
    return llh_opt.parse(text, allow_unregistered=True)


def cse(text: str, pipeline: str = "builtin.module(cse)") -> str:
    m = parse(text)
    PassManager.parse(pipeline).run(m)
    return m.print()


def body_ops(m: Operation, func_index: int = 0) -> list[Operation]:
    funcs = [op for op in m.regions[0].blocks[0].ops if op.name == "func.func"]
    return list(funcs[func_index].regions[0].blocks[0].ops)


# --------------------------------------------------------------------------- basics


def test_registered_and_listed() -> None:
    from llh_opt.passes import lookup_pass

    cls = lookup_pass("cse")
    assert cls is not None and cls.ANCHOR == "any" and cls.display_name() == "CSE"
    assert PassManager.parse("builtin.module(cse)").pipeline_text() == "builtin.module(cse)"


def test_counts_replacements_and_dead_ops() -> None:
    m = parse(
        """
        func.func @f(%a: i32) -> i32 {
          %0 = arith.addi %a, %a : i32
          %1 = arith.addi %a, %a : i32
          %2 = arith.muli %a, %a : i32
          %3 = arith.subi %0, %1 : i32
          return %3 : i32
        }
        """
    )
    assert eliminate_common_subexpressions(m) == (1, 1)
    text = m.print()
    assert "arith.muli" not in text
    assert "arith.subi %0, %0" in text
    # A second run has nothing left to do.
    assert eliminate_common_subexpressions(m) == (0, 0)


def test_key_commutative_and_attribute_order() -> None:
    m = parse(
        """
        func.func @f(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32) {
          %0 = arith.addi %a, %b {x = 1, y = 2} : i32
          %1 = arith.addi %b, %a {y = 2, x = 1} : i32
          %2 = arith.subi %a, %b : i32
          %3 = arith.subi %b, %a : i32
          %4 = arith.addi %a, %b {x = 1} : i32
          %5 = arith.addi %a, %b overflow<nsw> {x = 1, y = 2} : i32
          return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
        }
        """
    )
    ops = body_ops(m)
    keys = [operation_key(op) for op in ops[:6]]
    assert keys[0] == keys[1]
    assert keys[2] != keys[3]
    assert len({keys[0], keys[4], keys[5]}) == 3
    # Keys are hashable and cheap: interned types/attributes, values by identity.
    assert hash(keys[0]) == hash(keys[1])


def test_result_types_and_properties_matter() -> None:
    text = cse(
        """
        func.func @f(%t: tensor<*xf32>, %a: index, %b: index)
            -> (tensor<?xf32>, tensor<4xf32>, i1, i1) {
          %0 = tensor.cast %t : tensor<*xf32> to tensor<?xf32>
          %1 = tensor.cast %t : tensor<*xf32> to tensor<4xf32>
          %2 = arith.cmpi slt, %a, %b : index
          %3 = arith.cmpi sle, %a, %b : index
          return %0, %1, %2, %3 : tensor<?xf32>, tensor<4xf32>, i1, i1
        }
        """
    )
    assert text.count("tensor.cast") == 2 and text.count("arith.cmpi") == 2


def test_side_effecting_and_unregistered_ops_are_kept() -> None:
    text = cse(
        """
        func.func private @g(i32) -> i32
        func.func @f(%a: i32) -> (i32, i32, i32, i32) {
          %0 = func.call @g(%a) : (i32) -> i32
          %1 = func.call @g(%a) : (i32) -> i32
          %2 = "foo.op"(%a) : (i32) -> i32
          %3 = "foo.op"(%a) : (i32) -> i32
          "foo.dead"(%a) : (i32) -> ()
          %4 = func.call @g(%a) : (i32) -> i32
          return %0, %1, %2, %3 : i32, i32, i32, i32
        }
        """
    )
    assert text.count("call @g") == 3
    assert text.count('"foo.op"') == 2 and '"foo.dead"' in text


def test_llh_constant_is_not_pure() -> None:
    text = cse(
        """
        func.func @f(%x: tensor<?xf32>) -> (i64, i64) {
          %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
          %c1 = "llh.constant"() <{value = 0 : i64}> : () -> i64
          %unused = "llh.constant"() <{value = 7 : i64}> : () -> i64
          %d0 = "llh.dim"(%x, %c0) : (tensor<?xf32>, i64) -> i64
          %d1 = "llh.dim"(%x, %c0) : (tensor<?xf32>, i64) -> i64
          %dead = "llh.dim"(%x, %c1) : (tensor<?xf32>, i64) -> i64
          return %d0, %d1 : i64, i64
        }
        """
    )
    assert text.count('"llh.constant"') == 3
    assert text.count('"llh.dim"') == 1


def test_unknown_location_takes_the_duplicates() -> None:
    from llh_opt.ir.attributes import FileLineColLoc

    m = parse(
        """
        func.func @f(%a: i32) -> (i32, i32) {
          %0 = arith.addi %a, %a : i32 loc(unknown)
          %1 = arith.addi %a, %a : i32 loc("x.mlir":3:4)
          return %0, %1 : i32, i32
        }
        """
    )
    eliminate_common_subexpressions(m)
    survivor = body_ops(m)[0]
    assert survivor.location == FileLineColLoc("x.mlir", 3, 4)


# --------------------------------------------------------------------------- scopes


def test_outer_values_visible_in_nested_regions() -> None:
    text = cse(
        """
        func.func @f(%a: i32) -> i32 {
          %0 = arith.addi %a, %a : i32
          %1 = "test_cse.pure_region"() ({
            %2 = arith.addi %a, %a : i32
            %3 = arith.muli %2, %2 : i32
            "test_cse.yield"(%3) : (i32) -> ()
          }) : () -> i32
          %4 = arith.muli %0, %0 : i32
          %5 = arith.subi %1, %4 : i32
          return %5 : i32
        }
        """
    )
    # The nested addi is replaced by the outer one; the nested muli is not visible outside.
    assert text.count("arith.addi") == 1
    assert text.count("arith.muli") == 2


def test_sibling_regions_do_not_share() -> None:
    text = cse(
        """
        func.func @f(%a: i32) -> (i32, i32) {
          %0 = "test_cse.pure_region"() ({
            %1 = arith.addi %a, %a : i32
            "test_cse.yield"(%1) : (i32) -> ()
          }) : () -> i32
          %2 = "test_cse.pure_region"(%a) ({
            %3 = arith.addi %a, %a : i32
            "test_cse.yield"(%3) : (i32) -> ()
          }) : (i32) -> i32
          return %0, %2 : i32, i32
        }
        """
    )
    assert text.count("arith.addi") == 2


def test_unregistered_ops_start_a_fresh_scope() -> None:
    text = cse(
        """
        func.func @f(%a: i32) -> i32 {
          %0 = arith.addi %a, %a : i32
          "foo.region"() ({
            %1 = arith.addi %a, %a : i32
            %2 = arith.addi %a, %a : i32
            "foo.use"(%1, %2) : (i32, i32) -> ()
          }) : () -> ()
          return %0 : i32
        }
        """
    )
    assert text.count("arith.addi") == 2
    assert '"foo.use"(%1, %1)' in text


def test_module_level_graph_region() -> None:
    # Module bodies are graph regions: a duplicate only replaces uses by ops that are not in
    # the table yet (MLIR's `knownValues.count(user)`): the recorded addi, visited before the
    # constants, keeps its operand, so the duplicate stays.
    m = parse(
        """
        %2 = arith.addi %1, %1 : i32
        "foo.user"(%1) : (i32) -> ()
        %0 = arith.constant 1 : i32
        %1 = arith.constant 1 : i32
        "foo.user"(%1, %0, %2) : (i32, i32, i32) -> ()
        """
    )
    assert eliminate_common_subexpressions(m) == (1, 0)
    add, user0, c0, c1, user1 = m.regions[0].blocks[0].ops
    assert add.operands == [c1.results[0]] * 2
    assert user0.operands == [c0.results[0]]
    assert user1.operands == [c0.results[0], c0.results[0], add.results[0]]


# --------------------------------------------------------------------------- regions


PURE_REGION_PAIR = """
func.func @f(%a: i32, %b: i32) -> (i32, i32) {{
  %0 = "test_cse.pure_region"(%a) ({{
  ^bb0(%x: i32):
    %1 = arith.addi %x, %b : i32
    "test_cse.yield"(%1) : (i32) -> ()
  }}) : (i32) -> i32
  %2 = "test_cse.pure_region"(%a) ({{
  {second}
  }}) : (i32) -> i32
  return %0, %2 : i32, i32
}}
"""


@pytest.mark.parametrize(
    ("second", "merged"),
    [
        # Same body (block argument numbered, outer %b by identity).
        (
            '^bb0(%y: i32):\n %3 = arith.addi %y, %b : i32\n "test_cse.yield"(%3) : (i32) -> ()',
            True,
        ),
        # Commutative operands are not reordered inside regions (MLIR compares them pairwise).
        (
            '^bb0(%y: i32):\n %3 = arith.addi %b, %y : i32\n "test_cse.yield"(%3) : (i32) -> ()',
            False,
        ),
        # A different outer value.
        (
            '^bb0(%y: i32):\n %3 = arith.addi %y, %a : i32\n "test_cse.yield"(%3) : (i32) -> ()',
            False,
        ),
        # A different block signature.
        (
            "^bb0(%y: i32, %z: i32):\n %3 = arith.addi %y, %b : i32\n"
            ' "test_cse.yield"(%3) : (i32) -> ()',
            False,
        ),
        # One more op.
        (
            "^bb0(%y: i32):\n %3 = arith.addi %y, %b : i32\n %4 = arith.addi %y, %b : i32\n"
            ' "test_cse.yield"(%3) : (i32) -> ()',
            False,
        ),
    ],
)
def test_region_equivalence(second: str, merged: bool) -> None:
    text = cse(PURE_REGION_PAIR.format(second=second))
    assert text.count('"test_cse.pure_region"') == (1 if merged else 2)


def test_ops_with_multi_block_regions_are_not_eliminated() -> None:
    body = """
      %0 = "test_cse.pure_region"() ({
        "cf.br"()[^bb1] : () -> ()
      ^bb1:
        %c = arith.constant 1 : i32
        "test_cse.yield"(%c) : (i32) -> ()
      }) : () -> i32
    """
    text = cse(
        f"""
        func.func @f() -> (i32, i32) {{
          {body.replace("%0", "%r0")}
          {body.replace("%0", "%r1")}
          return %r0, %r1 : i32, i32
        }}
        """
    )
    assert text.count('"test_cse.pure_region"') == 2


def test_multi_block_dominance() -> None:
    m = parse(
        """
        func.func @f(%a: i32, %c: i1) -> i32 {
          %0 = arith.muli %a, %a : i32
          "cf.cond_br"(%c)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
        ^bb1:
          %1 = arith.muli %a, %a : i32
          %2 = arith.addi %1, %a : i32
          "cf.br"(%2)[^bb3] : (i32) -> ()
        ^bb2:
          %3 = arith.addi %0, %a : i32
          "cf.br"(%3)[^bb3] : (i32) -> ()
        ^bb3(%r: i32):
          %4 = arith.addi %0, %a : i32
          %5 = arith.addi %4, %r : i32
          return %5 : i32
        }
        """
    )
    assert eliminate_common_subexpressions(m) == (1, 0)
    text = m.print()
    # bb1's muli goes; the addi in bb2 and bb3 are not dominated by bb1's.
    assert text.count("arith.muli") == 1 and text.count("arith.addi") == 4


# --------------------------------------------------------------------------- properties

# Straight-line i64 arith, evaluated by the shared reference interpreter.
_OPS = (
    "arith.addi",
    "arith.andi",
    "arith.maxsi",
    "arith.minsi",
    "arith.muli",
    "arith.ori",
    "arith.subi",
    "arith.xori",
)


@st.composite
def arith_programs(draw: st.DrawFn) -> tuple[str, int]:
    """A function of 3 i64 inputs: random constants and binary arith ops over earlier values
    (few distinct constants and operands, so duplicates are frequent), returning a subset."""
    names = ["%a", "%b", "%c"]
    lines = []
    for i in range(draw(st.integers(1, 30))):
        if draw(st.integers(0, 4)) == 0:
            lines.append(f"%v{i} = arith.constant {draw(st.integers(-2, 2))} : i64")
        else:
            op = draw(st.sampled_from(_OPS))
            x = draw(st.sampled_from(names[-6:]))
            y = draw(st.sampled_from(names[:3] + names[-3:]))
            lines.append(f"%v{i} = {op} {x}, {y} : i64")
        names.append(f"%v{i}")
    returned = draw(st.lists(st.sampled_from(names), min_size=1, max_size=5))
    types = ", ".join("i64" for _ in returned)
    text = (
        f"func.func @f(%a: i64, %b: i64, %c: i64) -> ({types}) {{\n  "
        + "\n  ".join(lines)
        + f"\n  return {', '.join(returned)} : {types}\n}}\n"
    )
    return text, len(returned)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    arith_programs(),
    st.lists(st.integers(-(2**63), 2**63 - 1), min_size=3, max_size=3),
)
def test_cse_preserves_semantics_and_is_idempotent(
    program: tuple[str, int], args: list[int]
) -> None:
    text, _ = program
    m = parse(text)
    before = interpret(m, args)
    eliminate_common_subexpressions(m)
    llh_opt.verify(m)
    assert interpret(m, args) == before
    # Idempotent: a second run replaces nothing. (It may still erase ops that the first run
    # left dead -- MLIR's CSE erases only ops dead when visited.) Once nothing is dead, the
    # IR is a fixed point.
    num_cse, _ = eliminate_common_subexpressions(m)
    assert num_cse == 0
    while eliminate_common_subexpressions(m) != (0, 0):
        pass
    fixed = m.print()
    assert eliminate_common_subexpressions(m) == (0, 0)
    assert m.print() == fixed
    assert interpret(m, args) == before


_TORCH_MLIR_OPT = TORCH_MLIR_OPT


@pytest.mark.skipif(_TORCH_MLIR_OPT is None, reason="torch-mlir-opt not available")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(arith_programs())
def test_cse_matches_torch_mlir_opt(program: tuple[str, int]) -> None:
    text, _ = program
    assert _TORCH_MLIR_OPT is not None
    ref = run_reference(["--cse", "--mlir-print-op-generic", "-"], text)
    m = parse(text)
    PassManager.parse("builtin.module(cse)").run(m)
    assert m.print(generic=True).rstrip("\n") == ref.rstrip("\n")


# --------------------------------------------------------------------------- performance


def _chain(n: int) -> str:
    lines = ["func.func @f(%a: i64, %b: i64) -> i64 {"]
    prev = ["%a", "%b"]
    for i in range(n):
        # Every other op duplicates the previous one.
        x, y = prev[-2], prev[-1]
        lines.append(f"  %v{i} = arith.addi {x}, {y} : i64")
        if i % 2:
            prev.append(f"%v{i}")
    lines.append(f"  return {prev[-1]} : i64\n}}")
    return "\n".join(lines) + "\n"


def test_linear_time() -> None:
    """CSE's work grows linearly with the ops (counted calls; speed is in tools/bench)."""

    def run_at(n: int):  # type: ignore[no-untyped-def]
        m = parse(_chain(n))
        return lambda: eliminate_common_subexpressions(m)

    assert_linear(run_at, 2_000)
