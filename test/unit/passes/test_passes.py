"""Unit tests for llh_opt.passes: registry and option syntax, pipeline parsing, nesting, running,
instrumentation (verify-each, IR dumps, timing) and the symbol-dce / strip-debuginfo passes.

IR is built with the Python API from throwaway `test_p.*` ops; the expected texts are mlir-opt's
(captured with torch-mlir-opt on equivalent input, see test/Pass/*.mlir).
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.ir.attributes import (
    ArrayAttr,
    DictionaryAttr,
    FileLineColLoc,
    NameLoc,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnknownLoc,
)
from llh_opt.ir.core import Block, Operation
from llh_opt.ir.opdef import (
    STRING_ATTR,
    GraphRegion,
    IsolatedFromAbove,
    IsTerminator,
    NoTerminator,
    OperandDef,
    PropDef,
    ResultDef,
    SingleBlock,
    SymbolTableTrait,
    SymbolTrait,
    register,
)
from llh_opt.ir.types import RankedTensorType, f32, i32
from llh_opt.passes import (
    OpPassManager,
    Pass,
    PassContext,
    PassManager,
    PassOption,
    PassOptionsError,
    TimingManager,
    all_passes,
    create_pass,
    format_pass_list,
    lookup_pass,
    register_pass,
    registry,
)

# --------------------------------------------------------------------------- test ops


@register
class _Module(Operation):
    __slots__ = ()
    OPERATION_NAME = "test_p.module"
    PROPERTIES = (
        PropDef("sym_name", STRING_ATTR, optional=True),
        PropDef("sym_visibility", STRING_ATTR, optional=True),
    )
    NUM_REGIONS = 1
    TRAITS = (SingleBlock, NoTerminator, SymbolTableTrait, IsolatedFromAbove, GraphRegion)


@register
class _Func(Operation):
    __slots__ = ()
    OPERATION_NAME = "test_p.func"
    PROPERTIES = (PropDef("sym_name", STRING_ATTR), PropDef("sym_visibility", STRING_ATTR, True))
    NUM_REGIONS = 1
    TRAITS = (SymbolTrait, IsolatedFromAbove)


@register
class _Return(Operation):
    __slots__ = ()
    OPERATION_NAME = "test_p.return"
    OPERANDS = (OperandDef("args", variadic=True),)
    TRAITS = (IsTerminator,)


@register
class _Const(Operation):
    __slots__ = ()
    OPERATION_NAME = "test_p.const"
    RESULTS = (ResultDef("r"),)


@register
class _Use(Operation):
    __slots__ = ()
    OPERATION_NAME = "test_p.use"
    OPERANDS = (OperandDef("args", variadic=True),)


# --------------------------------------------------------------------------- test passes

RECORD: list[str] = []


def _label(op: Operation) -> str:
    name = op.properties.get("sym_name")
    return op.name + (f"@{name.value}" if isinstance(name, StringAttr) else "")


@register_pass
class RecordPass(Pass):
    NAME = "test-record"
    ALIASES = ("test-record-alias",)
    SUMMARY = "Record the ops it runs on"
    OPTIONS: ClassVar[dict[str, PassOption]] = {"tag": PassOption(str, "", "A tag to record")}

    def run(self, op: Operation, ctx: PassContext) -> None:
        RECORD.append(f"{self.tag}:{_label(op)}" if self.tag else _label(op))


@register_pass
class RecordFuncPass(Pass):
    NAME = "test-record-func"
    SUMMARY = "Record the functions it runs on"
    ANCHOR = "test_p.func"

    def run(self, op: Operation, ctx: PassContext) -> None:
        RECORD.append("func:" + _label(op))


@register_pass
class OptionsPass(Pass):
    NAME = "test-options"
    SUMMARY = "Has one option of each type"
    OPTIONS: ClassVar[dict[str, PassOption]] = {
        "flag": PassOption(bool, False, "A flag"),
        "max-iterations": PassOption(int, 10, "An int", aliases=("max-iter",)),
        "label": PassOption(str, "", "A string"),
        "names": PassOption(list[str], [], "A list"),
        "count": PassOption(int, 1, "An unsigned int", value_name="uint"),
    }

    def run(self, op: Operation, ctx: PassContext) -> None:
        RECORD.append(self.pipeline_text())


@register_pass
class FailPass(Pass):
    NAME = "test-fail"
    SUMMARY = "Fails on every function"
    ANCHOR = "test_p.func"

    def run(self, op: Operation, ctx: PassContext) -> None:
        loc = op.location.file_loc()
        raise DiagnosticError(Diagnostic(Severity.ERROR, f"failed on {_label(op)}", loc))


@register_pass
class BreakPass(Pass):
    NAME = "test-break"
    SUMMARY = "Moves the last op of a function body to the front (breaking dominance)"
    ANCHOR = "test_p.func"

    def run(self, op: Operation, ctx: PassContext) -> None:
        block = op.regions[0].blocks[0]
        victim = block.last.prev  # type: ignore[union-attr]
        assert victim is not None
        victim.move_before(block.first)  # type: ignore[arg-type]


_TEST_PASSES = (RecordPass, RecordFuncPass, OptionsPass, FailPass, BreakPass)


def teardown_module() -> None:
    """Keep the global registry as other tests (and --list-passes checks) expect it."""
    for cls in _TEST_PASSES:
        registry._REGISTRY.pop(cls.NAME, None)
        for name in (cls.NAME, *cls.ALIASES):
            registry._BY_NAME.pop(name, None)


@pytest.fixture(autouse=True)
def _clear_record() -> Iterator[None]:
    RECORD.clear()
    yield


# --------------------------------------------------------------------------- IR builders


def loc(line: int, col: int = 1) -> FileLineColLoc:
    return FileLineColLoc("t.mlir", line, col)


def module(name: str | None = None, visibility: str | None = None, line: int = 1) -> Operation:
    props: dict[str, Any] = {}
    if name is not None:
        props["sym_name"] = StringAttr(name)
    if visibility is not None:
        props["sym_visibility"] = StringAttr(visibility)
    m = Operation.create("test_p.module", properties=props, regions=1, location=loc(line))
    m.regions[0].add_block(Block())
    return m


def body(m: Operation) -> Block:
    return m.regions[0].blocks[0]


def func(
    parent: Operation, name: str, visibility: str | None = None, line: int = 0, **attrs: Any
) -> Operation:
    props = {"sym_name": StringAttr(name)}
    if visibility is not None:
        props["sym_visibility"] = StringAttr(visibility)
    f = Operation.create(
        "test_p.func", properties=props, attributes=attrs, regions=1, location=loc(line)
    )
    b = f.regions[0].add_block(Block())
    c = Operation.create("test_p.const", (), [i32], location=loc(line + 1))
    b.append(c)
    b.append(Operation.create("test_p.use", [c.results[0]], location=loc(line + 2)))
    b.append(Operation.create("test_p.return", location=loc(line + 3)))
    body(parent).append(f)
    return f


def symbols(m: Operation) -> list[str]:
    return [_label(o) for o in body(m).ops]


def messages(err: DiagnosticError) -> list[str]:
    return [d.message for d in err.diagnostics]


# --------------------------------------------------------------------------- registry & options


def test_registry() -> None:
    names = [p.NAME for p in all_passes()]
    assert "symbol-dce" in names and "strip-debuginfo" in names
    assert names == sorted(names)
    assert lookup_pass("test-record") is RecordPass
    assert lookup_pass("test-record-alias") is RecordPass
    assert lookup_pass("nope") is None
    assert lookup_pass("symbol-dce").display_name() == "SymbolDCE"  # type: ignore[union-attr]


def test_register_pass_rejects_name_clash() -> None:
    class Other(Pass):
        NAME = "symbol-dce"
        SUMMARY = "clash"

    with pytest.raises(ValueError, match="already registered"):
        register_pass(Other)


def test_option_defaults_and_kwargs() -> None:
    p = OptionsPass()
    assert p.options == {"flag": False, "max-iterations": 10, "label": "", "names": [], "count": 1}
    p = OptionsPass(max_iterations=3, flag=True, names=["a"])
    assert (p.max_iterations, p.flag, p.names) == (3, True, ["a"])
    with pytest.raises(TypeError):
        OptionsPass(max_iterations="3")
    with pytest.raises(TypeError):
        OptionsPass(nope=1)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("flag", {"flag": True}),
        ("flag=false max-iterations=0x10", {"flag": False, "max-iterations": 16}),
        ("flag=1 flag=0", {"flag": False}),
        ("flag=TRUE", {"flag": True}),
        ("max-iter=-3", {"max-iterations": -3}),
        ("max-iterations=017", {"max-iterations": 15}),
        ('label="a b"', {"label": "a b"}),
        ("label={a b}", {"label": "a b"}),
        ("label='x'  max-iterations=2  ", {"label": "x", "max-iterations": 2}),
        ("names=a,b names=c", {"names": ["a", "b", "c"]}),
        ('names={a b},"c,d",{e}', {"names": ["a b", "c,d", "e"]}),
        ("names=", {"names": []}),
    ],
)
def test_option_parsing(text: str, expected: dict[str, Any]) -> None:
    p = OptionsPass()
    p.parse_options(text)
    for key, value in expected.items():
        assert p.options[key] == value


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("bad=1", "<Pass-Options-Parser>: no such option bad\n"),
        ("{flag=1}", "<Pass-Options-Parser>: no such option {flag\n"),
        (
            "flag=yes",
            "for the --flag option: 'yes' is invalid value for boolean argument! Try 0 or 1\n",
        ),
        (
            "max-iterations=x",
            "for the --max-iterations option: 'x' value invalid for long argument!\n",
        ),
        (
            "max-iterations=3,flag",
            "for the --max-iterations option: '3,flag' value invalid for long argument!\n",
        ),
        (
            "max-iterations= 3",
            "for the --max-iterations option: '' value invalid for long argument!\n",
        ),
        ("max-iterations = 3", "for the --max-iterations option: requires a value!\n"),
        ("count=-1", "for the --count option: '-1' value invalid for uint argument!\n"),
        ("label", "for the --label option: requires a value!\n"),
    ],
)
def test_option_errors(text: str, error: str) -> None:
    with pytest.raises(PassOptionsError) as info:
        OptionsPass().parse_options(text)
    assert info.value.text == error


def test_options_text() -> None:
    p = OptionsPass()
    # Sorted by name; an empty list prints nothing (MLIR leaves the separating spaces).
    assert p.pipeline_text() == "test-options{count=1 flag=false label= max-iterations=10 }"
    p.parse_options('names=x,"y z" label={a b} flag')
    assert p.pipeline_text() == (
        "test-options{count=1 flag=true label={a b} max-iterations=10 names={x,{y z}}}"
    )
    assert lookup_pass("symbol-dce")().pipeline_text() == "symbol-dce"  # type: ignore[misc]


def test_create_pass_flag_errors() -> None:
    p = create_pass("test-options", "max-iterations=3 flag")
    assert (p.max_iterations, p.flag) == (3, True)
    with pytest.raises(DiagnosticError) as info:
        create_pass("test-options", "bad=1")
    assert messages(info.value) == [
        "<Pass-Options-Parser>: no such option bad\n",
        "failed to add `test-options` with options `bad=1`",
    ]


def test_format_pass_list() -> None:
    text = format_pass_list([OptionsPass, RecordFuncPass])
    lines = text.splitlines()
    assert lines[0] == "Passes:"
    assert lines[1].startswith("  --test-options ") and lines[1].endswith(
        "-   Has one option of each type"
    )
    # Descriptions line up on one column (llvm::cl's layout).
    columns = {line.index("- ") for line in lines[1:]}
    assert len(columns) == 1
    assert "    --max-iterations=<long>" in text and "    --flag " in text
    assert "    --names=<string>" in text and "    --count=<uint>" in text


# --------------------------------------------------------------------------- pipeline text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("builtin.module(symbol-dce)", "builtin.module(symbol-dce)"),
        (
            " builtin.module( test_p.func( test-record , test-record-func ) , any(test-record))",
            "builtin.module(test_p.func(test-record{tag=},test-record-func),any(test-record{tag=}))",
        ),
        (
            "any(test-options{max-iterations=3 names=a,b})",
            "any(test-options{count=1 flag=false label= max-iterations=3 names={a,b}})",
        ),
        ("builtin.module()", "builtin.module()"),
        ("test_p.module (test-record{tag={a b}} )", "test_p.module(test-record{tag={a b}})"),
    ],
)
def test_pipeline_parsing(text: str, canonical: str) -> None:
    assert PassManager.parse(text).pipeline_text() == canonical


PIPELINE_ERRORS = [
    (
        "builtin.module(foo)",
        (
            "MLIR Textual PassPipeline Parser:1:1: error: 'foo' does not refer to a registered pass or "
            "pass pipeline\nfoo\n^\n"
        ),
    ),
    (
        "builtin.module(symbol-dce{bad=1})",
        "<Pass-Options-Parser>: no such option bad\n\nfailed to add `symbol-dce` with options `bad=1`\n",
    ),
    (
        "builtin.module(test_p.func(symbol-dce{a=1}))",
        (
            "<Pass-Options-Parser>: no such option a\n\nfailed to add `symbol-dce` with options `a=1`\n"
            "failed to add `test_p.func` with options `` to inner pipeline\n"
        ),
    ),
    (
        "builtin.module(cse",
        (
            "expected pass pipeline to be wrapped with the anchor operation type, e.g. "
            "'builtin.module(...)'"
        ),
    ),
    (
        "symbol-dce",
        (
            "expected pass pipeline to be wrapped with the anchor operation type, e.g. "
            "'builtin.module(...)'"
        ),
    ),
    (
        "(symbol-dce)",
        (
            "expected pass pipeline to be wrapped with the anchor operation type, e.g. "
            "'builtin.module(...)'"
        ),
    ),
    (
        "builtin.module(symbol-dce))",
        (
            "MLIR Textual PassPipeline Parser:1:11: error: encountered extra closing ')' creating "
            "unbalanced parentheses while parsing pipeline\nsymbol-dce)\n          ^\n"
        ),
    ),
    (
        "builtin.module(,symbol-dce)",
        (
            "MLIR Textual PassPipeline Parser:1:1: error: '' does not refer to a registered pass or "
            "pass pipeline\n,symbol-dce\n^\n"
        ),
    ),
    (
        "builtin.module(symbol-dce,)",
        (
            "MLIR Textual PassPipeline Parser:1:12: error: '' does not refer to a registered pass or "
            "pass pipeline\nsymbol-dce,\n           ^\n"
        ),
    ),
    (
        "builtin.module(symbol-dce{)",
        (
            "MLIR Textual PassPipeline Parser:1:11: error: missing closing '}' while processing pass "
            "options\nsymbol-dce{\n          ^\n"
        ),
    ),
    (
        "builtin.module(a.b(symbol-dce) symbol-dce)",
        (
            "MLIR Textual PassPipeline Parser:1:17: error: expected ',' after parsing pipeline\n"
            "a.b(symbol-dce) symbol-dce\n                ^\n"
        ),
    ),
    (
        "builtin.module(a.b(symbol-dce)",
        (
            "MLIR Textual PassPipeline Parser:1:5: error: encountered unbalanced parentheses while "
            "parsing pipeline\na.b(symbol-dce\n    ^\n"
        ),
    ),
    (
        "test_p.module(test-record-func)",
        (
            "Can't add pass 'RecordFunc' restricted to 'test_p.func' on a PassManager intended to "
            "run on 'test_p.module', did you intend to nest?\n"
            "failed to add `test-record-func` with options ``\n"
        ),
    ),
]


@pytest.mark.parametrize(("text", "message"), PIPELINE_ERRORS)
def test_pipeline_errors(text: str, message: str) -> None:
    with pytest.raises(DiagnosticError) as info:
        PassManager.parse(text)
    assert messages(info.value) == [message]
    assert info.value.diagnostic.loc is None


def test_dump_text() -> None:
    pm = PassManager.parse("builtin.module(test_p.func(test-record-func),symbol-dce)")
    assert pm.dump_text() == (
        "Pass Manager with 2 passes:\n"
        "builtin.module(\n"
        "  test_p.func(\n"
        "    test-record-func\n"
        "  ),\n"
        "  symbol-dce\n"
        ")\n\n"
    )
    assert PassManager().dump_text() == "Pass Manager with 0 passes:\nbuiltin.module(\n\n)\n\n"


def test_implicit_nesting() -> None:
    pm = PassManager("test_p.module")
    pm.add(RecordPass()).add(RecordFuncPass())
    pm.add_pass("test-record-func")
    assert pm.pipeline_text() == (
        "test_p.module(test-record{tag=},test_p.func(test-record-func),test_p.func(test-record-func))"
    )
    pm = PassManager.from_flags(
        [("test-record", "tag=x"), ("test-record-func", None)], anchor="test_p.module"
    )
    assert pm.pipeline_text() == "test_p.module(test-record{tag=x},test_p.func(test-record-func))"
    explicit = OpPassManager("test_p.module", nesting="explicit")
    with pytest.raises(DiagnosticError, match="did you intend to nest"):
        explicit.add(RecordFuncPass())


# --------------------------------------------------------------------------- running


def _two_funcs() -> Operation:
    m = module()
    func(m, "f", line=2)
    func(m, "g", line=10)
    return m


def test_anchored_and_agnostic_passes() -> None:
    m = _two_funcs()
    pm = PassManager("test_p.module")
    pm.add(RecordPass()).add(RecordFuncPass())  # implicit nesting for the anchored pass
    pm.run(m)
    assert RECORD == ["test_p.module", "func:test_p.func@f", "func:test_p.func@g"]


def test_adjacent_pipelines_merge() -> None:
    m = _two_funcs()
    PassManager.parse(
        "test_p.module(test_p.func(test-record{tag=a}),test_p.func(test-record{tag=b}))"
    ).run(m)
    assert RECORD == ["a:test_p.func@f", "b:test_p.func@f", "a:test_p.func@g", "b:test_p.func@g"]


def test_any_runs_on_isolated_children_only() -> None:
    m = _two_funcs()
    inner = module("inner", line=20)
    body(m).append(inner)
    func(inner, "h", line=21)
    body(m).append(Operation.create("test_p.use", location=loc(30)))
    PassManager.parse("test_p.module(any(test-record))").run(m)
    assert RECORD == ["test_p.func@f", "test_p.func@g", "test_p.module@inner"]
    RECORD.clear()
    # Nested pipelines only see immediate children: @h is not visited here.
    PassManager.parse("test_p.module(test_p.func(test-record-func))").run(m)
    assert RECORD == ["func:test_p.func@f", "func:test_p.func@g"]
    RECORD.clear()
    PassManager.parse("test_p.module(test_p.module(test_p.func(test-record-func)))").run(m)
    assert RECORD == ["func:test_p.func@h"]


def test_anchor_mismatch() -> None:
    m = _two_funcs()
    with pytest.raises(DiagnosticError) as info:
        PassManager.parse("test_p.func(test-record)").run(m)
    assert messages(info.value) == ["can't run 'test_p.func' pass manager on 'test_p.module' op"]
    assert info.value.diagnostic.loc.line == 1
    with pytest.raises(DiagnosticError) as info:
        PassManager.parse("any(test-record-func)").run(m)
    assert messages(info.value) == [
        "'test_p.module' op trying to schedule pass 'RecordFunc' on an unsupported operation"
    ]


def test_failures_of_all_siblings_are_reported() -> None:
    m = _two_funcs()
    with pytest.raises(DiagnosticError) as info:
        PassManager.parse("test_p.module(test_p.func(test-fail))").run(m)
    assert messages(info.value) == ["failed on test_p.func@f", "failed on test_p.func@g"]


def test_verify_each() -> None:
    m = module()
    func(m, "f", line=2)
    pm = PassManager.parse("test_p.module(test_p.func(test-break))")
    with pytest.raises(DiagnosticError) as info:
        pm.run(m)
    diag = info.value.diagnostic
    assert diag.message == "operand #0 does not dominate this use"
    assert [n.message for n in diag.notes] == [
        "operand defined here (op in the same block)",
        "IR verification failed after running pass 'test-break'",
    ]
    assert diag.notes[-1].loc.line == 2
    m = module()
    func(m, "f", line=2)
    pm.verify_each = False
    pm.run(m)  # the broken IR goes unnoticed


def test_non_fatal_diagnostics_go_to_the_context() -> None:
    @register_pass
    class WarnPass(Pass):
        NAME = "test-warn"
        SUMMARY = "Emits a warning"

        def run(self, op: Operation, ctx: PassContext) -> None:
            ctx.emit(Diagnostic(Severity.WARNING, "careful", op.location.file_loc()))

    try:
        ctx = PassContext()
        PassManager.parse("test_p.module(test-warn)").run(module(), ctx)
        assert [d.message for d in ctx.emitted] == ["careful"]
    finally:
        registry._REGISTRY.pop("test-warn")
        registry._BY_NAME.pop("test-warn")


# --------------------------------------------------------------------------- instrumentation


def _dump_headers(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("// -----// IR Dump")]


def test_ir_printing() -> None:
    m = module()
    func(m, "f", visibility="private", line=2)
    out = io.StringIO()
    pm = PassManager.parse(
        "test_p.module(symbol-dce,test_p.func(test-record-func))",
        print_ir_before_all=True,
        print_ir_after_all=True,
        ir_stream=out,
    )
    func(m, "g", line=10)
    pm.run(m)
    text = out.getvalue()
    assert _dump_headers(text) == [
        "// -----// IR Dump Before SymbolDCE (symbol-dce) //----- //",
        "// -----// IR Dump After SymbolDCE (symbol-dce) //----- //",
        "// -----// IR Dump Before RecordFunc (test-record-func) //----- //",
        "// -----// IR Dump After RecordFunc (test-record-func) //----- //",
    ]
    from llh_opt.printer import print_operation

    # A top-level op ends with a newline, a nested one does not; each dump adds "\n\n".
    after_dce = text.split("//----- //\n")[2]
    assert after_dce.startswith(print_operation(m) + "\n\n")
    g = body(m).first
    assert g is not None and _label(g) == "test_p.func@g"
    assert text.endswith("//----- //\n" + print_operation(g).rstrip("\n") + "\n\n")


def test_ir_printing_options() -> None:
    m = _two_funcs()
    out = io.StringIO()
    pm = PassManager.parse(
        "test_p.module(test_p.func(test-record-func,test-fail))",
        print_ir_after=["test-record-func"],
        print_ir_after_failure=True,
        print_ir_module_scope=True,
        ir_stream=out,
    )
    with pytest.raises(DiagnosticError):
        pm.run(m)
    assert _dump_headers(out.getvalue()) == [
        "// -----// IR Dump After Fail Failed (test-fail) ('test_p.func' operation: @f) //----- //",
        "// -----// IR Dump After Fail Failed (test-fail) ('test_p.func' operation: @g) //----- //",
    ]


_TIMING_LINE = re.compile(r"  +\d+\.\d{4} \( *\d+\.\d%\)  (.*)")


def test_timing_report() -> None:
    m = _two_funcs()
    out = io.StringIO()
    pm = PassManager.parse(
        "test_p.module(test-record,test_p.func(test-record-func),test_p.module(test-record))",
        timing=True,
        timing_stream=out,
    )
    pm.run(m)
    lines = out.getvalue().splitlines()
    assert lines[:3] == [
        "===" + "-" * 73 + "===",
        " " * 25 + "... Execution time report ...",
        "===" + "-" * 73 + "===",
    ]
    assert re.fullmatch(r"  Total Execution Time: \d+\.\d{4} seconds", lines[3])
    assert lines[4:6] == ["", "  ----Wall Time----  ----Name----"]
    names = []
    for line in lines[6:]:
        match = _TIMING_LINE.fullmatch(line)
        assert match, line
        names.append(match.group(1))
    # Adjacent nested pipelines merge into one "Pipeline Collection" (sorted by anchor name).
    assert names == [
        "Record",
        "Pipeline Collection : ['test_p.func', 'test_p.module']",
        "  'test_p.func' Pipeline",
        "    RecordFunc",
        "Rest",
        "Total",
    ]


def test_timing_manager_shared_with_caller() -> None:
    tm = TimingManager()
    with tm.nest("parser", "Parser").measure():
        m = _two_funcs()
    pm = PassManager.parse("test_p.module(test_p.func(test-record-func))", timing=tm)
    pm.run(m)
    pm.run(m)  # timers accumulate
    with tm.nest("output", "Output").measure():
        pass
    names = [_TIMING_LINE.fullmatch(line).group(1) for line in tm.report().splitlines()[6:]]  # type: ignore[union-attr]
    assert names == [
        "Parser",
        "'test_p.func' Pipeline",
        "  RecordFunc",
        "Output",
        "Rest",
        "Total",
    ]
    listed = [_TIMING_LINE.fullmatch(line).group(1) for line in tm.report("list").splitlines()[6:]]  # type: ignore[union-attr]
    assert set(listed) >= {"root", "Parser", "RecordFunc", "Rest", "Total"}


# --------------------------------------------------------------------------- symbol-dce


def run(text: str, m: Operation, **kw: Any) -> None:
    PassManager.parse(text, **kw).run(m)


def test_symbol_dce_basics() -> None:
    m = module()
    func(m, "dead", "private")
    func(m, "nested_vis", "nested")  # discardable: the top-level table is hidden
    func(m, "live")
    func(m, "used", "private")
    func(m, "used_by_type", "private")
    func(m, "unused_by_private", "private")
    f = func(m, "user", refs=ArrayAttr((SymbolRefAttr("used"),)))
    ty = RankedTensorType((4,), f32, DictionaryAttr({"s": SymbolRefAttr("used_by_type")}))
    first = f.regions[0].blocks[0].first
    assert first is not None
    first.results[0].type = ty
    func(m, "private_user", "private", refs=SymbolRefAttr("unused_by_private"))
    run("test_p.module(symbol-dce)", m)
    assert symbols(m) == [
        "test_p.func@live",
        "test_p.func@used",
        "test_p.func@used_by_type",
        "test_p.func@user",
    ]


def test_symbol_dce_nested_tables() -> None:
    m = module()
    anon = module(line=2)
    body(m).append(anon)
    func(anon, "inner", "private")
    pub = module("pub", line=3)
    body(m).append(pub)
    func(pub, "x", "private")
    func(pub, "y")
    priv = module("priv", "private", line=4)
    body(m).append(priv)
    func(priv, "keep")
    hidden = module("hidden", "private", line=5)
    body(m).append(hidden)
    func(hidden, "z")
    func(m, "user", refs=ArrayAttr((SymbolRefAttr("priv"), SymbolRefAttr("pub", ("x",)))))
    run("test_p.module(symbol-dce)", m)
    # Anonymous modules are not symbols (live); a nested reference to a private symbol does not
    # resolve (MLIR's lookup rule), so @pub::@x dies; @priv is referenced, @hidden is not.
    assert symbols(m) == [
        "test_p.module",
        "test_p.module@pub",
        "test_p.module@priv",
        "test_p.func@user",
    ]
    assert symbols(anon) == []
    assert symbols(pub) == ["test_p.func@y"]
    assert symbols(priv) == ["test_p.func@keep"]


def test_symbol_dce_nested_reference_resolves_path() -> None:
    m = module()
    priv = module("priv", "private")
    body(m).append(priv)
    func(priv, "pub_in_priv")
    func(m, "user", refs=SymbolRefAttr("priv", ("pub_in_priv",)))
    run("test_p.module(symbol-dce)", m)
    assert symbols(m) == ["test_p.module@priv", "test_p.func@user"]


def test_symbol_dce_requires_symbol_table() -> None:
    m = _two_funcs()
    with pytest.raises(DiagnosticError) as info:
        run("test_p.module(test_p.func(symbol-dce))", m)
    assert (
        messages(info.value)
        == [
            "'test_p.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table"
        ]
        * 2
    )


def test_symbol_dce_unknown_symbol_table() -> None:
    m = module()
    func(m, "a", "private")
    r = Operation.create("foo.r", regions=1, location=loc(7))
    r.regions[0].add_block(Block()).append(
        Operation.create("foo.x", attributes={"s": SymbolRefAttr("a")})
    )
    body(m).append(r)
    with pytest.raises(DiagnosticError) as info:
        run("test_p.module(symbol-dce)", m, allow_unregistered=True)
    assert messages(info.value) == [
        (
            "operation contains potentially unknown symbol table, meaning that we can't reliable "
            "compute symbol uses"
        )
    ]
    assert info.value.diagnostic.loc.line == 7


def test_symbol_dce_type_attribute_references() -> None:
    m = module()
    func(m, "t", "private")
    ty = RankedTensorType((2,), f32, DictionaryAttr({"a": SymbolRefAttr("t")}))
    func(m, "user", attr=TypeAttr(ty))
    run("test_p.module(symbol-dce)", m)
    assert symbols(m) == ["test_p.func@t", "test_p.func@user"]


# --------------------------------------------------------------------------- strip-debuginfo


def test_strip_debuginfo() -> None:
    m = _two_funcs()
    f = body(m).first
    assert f is not None
    entry = f.regions[0].blocks[0]
    entry.add_argument(i32, NameLoc("arg"))
    run("test_p.module(strip-debuginfo)", m)
    unknown = UnknownLoc()
    seen = 0
    for op in m.walk():
        assert op.location is unknown
        seen += 1
        for region in op.regions:
            for block in region.blocks:
                assert all(a.location is unknown for a in block.args)
    assert seen == 9
