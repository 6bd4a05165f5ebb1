"""Unit tests for the mlir-opt debugging instrumentation (``llh_opt/passes/instrumentation.py`` and
its use by the pass manager): change fingerprints, IR-dump banners and tree-dir paths, statistics,
crash reproducers and their parsing, the "did you mean" rule, printing flags, nested `str(op)`.

Expected texts are upstream mlir-opt 22's (the lit tests in test/Debug/ check the same outputs
against the tool itself).
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from llh_opt.diagnostics import DiagnosticError
from llh_opt.parser import parse_source
from llh_opt.passes import PassManager
from llh_opt.passes.instrumentation import (
    ReproducerError,
    fingerprint,
    parse_reproducer,
    reproducer_text,
    tree_dump_path,
)
from llh_opt.printer import print_operation
from llh_opt.suggest import edit_distance, nearest

SRC = """func.func private @dead() {
  return
}
func.func @live(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.addi %0, %0 : i32
  return %1 : i32
}
"""


def _module():  # type: ignore[no-untyped-def]
    return parse_source(SRC, "a.mlir")


def _headers(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("// -----// IR Dump")]


def test_fingerprint_sees_changes_only() -> None:
    m = _module()
    before = fingerprint(m)
    assert fingerprint(m) == before
    PassManager.parse("builtin.module(func.func(cse))").run(m)  # nothing to eliminate
    assert fingerprint(m) == before
    PassManager.parse("builtin.module(symbol-dce)").run(m)
    assert fingerprint(m) != before


def test_after_change_filter() -> None:
    out = io.StringIO()
    pm = PassManager.parse(
        "builtin.module(symbol-dce,func.func(canonicalize,cse))",
        print_ir_after_all=True,
        print_ir_after_change=True,
        ir_stream=out,
    )
    pm.run(_module())
    assert _headers(out.getvalue()) == [
        "// -----// IR Dump After SymbolDCE (symbol-dce) //----- //",
        "// -----// IR Dump After Canonicalizer (canonicalize) //----- //",
    ]


def test_named_dumps_and_aliases() -> None:
    out = io.StringIO()
    pm = PassManager.parse(
        "builtin.module(symbol-dce,func.func(cse))",
        print_ir_before=["cse"],
        print_ir_after=["symbol-dce"],
        ir_stream=out,
    )
    pm.run(_module())
    assert _headers(out.getvalue()) == [
        "// -----// IR Dump After SymbolDCE (symbol-dce) //----- //",
        "// -----// IR Dump Before CSE (cse) //----- //",
    ]


def test_tree_dump_path_counts() -> None:
    m = _module()
    live = m.regions[0].blocks[0].last
    counters: dict[int, int] = {}
    root = os.path.join("r")
    assert tree_dump_path(root, m, "symbol-dce", counters) == os.path.join(
        "r", "builtin_module_no-symbol-name", "0_symbol-dce.mlir"
    )
    paths = [tree_dump_path(root, live, "cse", counters) for _ in range(2)]
    folder = os.path.join("r", "builtin_module_no-symbol-name", "func_func_live")
    assert paths == [os.path.join(folder, "0_0_cse.mlir"), os.path.join(folder, "0_1_cse.mlir")]


def test_tree_dir_writes_files(tmp_path: Path) -> None:
    pm = PassManager.parse(
        "builtin.module(symbol-dce)", print_ir_after_all=True, print_ir_tree_dir=str(tmp_path)
    )
    pm.run(_module())
    dump = tmp_path / "builtin_module_no-symbol-name" / "0_symbol-dce.mlir"
    assert dump.read_text().startswith(
        "// -----// IR Dump After SymbolDCE (symbol-dce) //----- //\n"
    )


def test_statistics_report_and_reset() -> None:
    out = io.StringIO()
    pm = PassManager.parse(
        "builtin.module(symbol-dce,func.func(cse))", statistics="pipeline", statistics_stream=out
    )
    pm.run(_module())
    assert out.getvalue().splitlines()[3:9] == [
        "SymbolDCE",
        "  (S) 1 num-dce'd - Number of symbols DCE'd",
        "'func.func' Pipeline",
        "  CSE",
        "    (S) 0 num-cse'd - Number of operations CSE'd",
        "    (S) 0 num-dce'd - Number of operations DCE'd",
    ]
    sdce = pm.passes[0]
    assert sdce.statistics == {"num-dce'd": 0}  # reset after the report


def test_statistics_alignment_widest_value() -> None:
    from llh_opt.passes.instrumentation import _entry

    lines = _entry(0, "P", [("b", "B", 7), ("aaa", "A", 12)])
    assert lines == ["P", "  (S) 12 aaa - A", "  (S)  7 b   - B"]


def test_crash_reproducer(tmp_path: Path) -> None:
    path = tmp_path / "repro.mlir"
    src = (
        SRC + '"test.unknown_table"() ({\n  "test.use"() {ref = @dead} : () -> ()\n}) : () -> ()\n'
    )
    m = parse_source(src, "a.mlir", allow_unregistered=True)
    pm = PassManager.parse("builtin.module(func.func(cse),symbol-dce)", crash_reproducer=str(path))
    with pytest.raises(DiagnosticError) as info:
        pm.run(m, allow_unregistered=True)
    messages = [d.message for d in info.value.diagnostics]
    assert messages[-1] == "Failures have been detected while processing an MLIR pass pipeline"
    note = info.value.diagnostics[-1].notes[0].message
    assert note == (
        "Pipeline failed while executing [`SymbolDCE` on 'builtin.module' operation]: "
        f"reproducer generated at `{path}`"
    )
    ir, settings = parse_reproducer(path.read_text())
    assert settings == {
        "pipeline": "builtin.module(func.func(cse), symbol-dce)",
        "disable_threading": False,
        "verify_each": True,
    }
    # The IR is the input as the pipeline received it.
    again = parse_source(ir, "r.mlir", allow_unregistered=True)
    assert print_operation(again) == print_operation(
        parse_source(src, "a.mlir", allow_unregistered=True)
    )


@given(
    pipeline=st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40),
    threads=st.booleans(),
    verify=st.booleans(),
)
def test_reproducer_round_trip(pipeline: str, threads: bool, verify: bool) -> None:
    text = reproducer_text("module {\n}\n", pipeline, threads, verify)
    ir, settings = parse_reproducer(text)
    assert settings == {"pipeline": pipeline, "disable_threading": threads, "verify_each": verify}
    assert ir.startswith("module {\n}\n") and ir.count("\n") == text.count("\n")


def test_parse_reproducer_errors() -> None:
    assert parse_reproducer("module {}\n// {-# not metadata\n")[1] is None
    with pytest.raises(ReproducerError):
        parse_reproducer("{-#\n  external_resources: {\n")
    with pytest.raises(ReproducerError):
        parse_reproducer("{-# external_resources: { mlir_reproducer: { verify_each: maybe } } #-}")


def test_suggestions() -> None:
    assert edit_distance("canonicalze", "canonicalize") == 1
    assert edit_distance("", "abc") == 3
    assert nearest("canonicalze", ["cse", "canonicalize", "inline"]) == "canonicalize"
    assert nearest("x", []) is None


@given(st.text(max_size=8), st.text(max_size=8))
def test_edit_distance_symmetric_and_bounded(a: str, b: str) -> None:
    d = edit_distance(a, b)
    assert d == edit_distance(b, a)
    assert abs(len(a) - len(b)) <= d <= max(len(a), len(b))
    assert (d == 0) == (a == b)


def test_nested_str_uses_local_scope() -> None:
    m = _module()
    live = m.regions[0].blocks[0].last
    ops = list(live.regions[0].blocks[0].ops)
    assert str(ops[1]) == "%0 = arith.addi %arg0, %c0_i32 : i32\n"
    assert "<<UNKNOWN SSA VALUE>>" not in str(ops[-1])


def test_elision_is_scoped() -> None:
    m = parse_source(
        "func.func @f() -> tensor<3xi32> {\n"
        "  %0 = arith.constant dense<[1, 2, 3]> : tensor<3xi32>\n"
        "  return %0 : tensor<3xi32>\n}\n",
        "e.mlir",
    )
    elided = print_operation(m, elide_limit=2)
    assert "arith.constant dense_resource<__elided__> : tensor<3xi32>" in elided
    assert "dense<[1, 2, 3]>" in print_operation(m)  # the cached spelling is restored
    assert "dense<[1, 2, 3]>" in print_operation(m, elide_limit=3)


def test_reproducer_pipeline_with_options_replays(tmp_path: Path) -> None:
    path = tmp_path / "repro.mlir"
    pipeline = "builtin.module(func.func(canonicalize{max-iterations=1 test-convergence=true}))"
    pm = PassManager.parse(pipeline, crash_reproducer=str(path))
    with pytest.raises(DiagnosticError):
        pm.run(_module())
    ir, settings = parse_reproducer(path.read_text())
    assert settings is not None
    replay = PassManager.parse(settings["pipeline"])
    assert replay.pipeline_text() == pm.pipeline_text()
    with pytest.raises(DiagnosticError):
        replay.run(parse_source(ir, "repro.mlir"))
