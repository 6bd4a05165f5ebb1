"""Unit tests for llh_opt.diagnostics and llh_opt.verify_diagnostics.

Expected outputs were captured from the real ``torch-mlir-opt`` (see CAPTURED at
the bottom of this file); torch-mlir-opt is not run at test time.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from llh_opt.diagnostics import (
    Diagnostic,
    DiagnosticEngine,
    DiagnosticError,
    Severity,
    SourceLoc,
    SourceManager,
    format_internal_error,
    render,
)
from llh_opt.verify_diagnostics import ExpectedDiagnostics

# ----------------------------------------------------------------------------
# helpers
# ----------------------------------------------------------------------------


class _NamedLoc:
    """A non-file location such as MLIR's ``loc("name")``."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text


class _FileLoc:
    """Some other class exposing the location protocol (IR attributes do)."""

    def __init__(self, filename: str, line: int, col: int) -> None:
        self.filename = filename
        self.line = line
        self.col = col


class _WrappedLoc:
    """A location wrapping a file location (like ``loc("x"("f.mlir":1:2))``)."""

    def __init__(self, inner: object) -> None:
        self.inner = inner

    def file_loc(self) -> object:
        return self.inner

    def __str__(self) -> str:
        return "loc(wrapped)"


def _loc(spec: Any) -> Any:
    if spec is None:
        return None
    if isinstance(spec, str):
        return _NamedLoc(spec)
    return SourceLoc(*spec)


def _diag(spec: tuple[Any, ...]) -> Diagnostic:
    severity, loc, message = spec[:3]
    notes = spec[3] if len(spec) > 3 else []
    return Diagnostic(Severity[severity.upper()], message, _loc(loc), [_diag(n) for n in notes])


def _case(name: str) -> tuple[dict[str, Any], SourceManager, list[Diagnostic]]:
    case = CAPTURED[name]
    srcmgr = SourceManager()
    srcmgr.add_buffer(f"{name}.mlir", case["text"])
    return case, srcmgr, [_diag(d) for d in case.get("emitted", [])]


def _text(*lines: str) -> str:
    return "\n".join(lines)


def _render_all(diags: list[Diagnostic], srcmgr: SourceManager | None) -> str:
    return "".join(render(d, srcmgr) for d in diags)


def _lines(exp: ExpectedDiagnostics) -> list[tuple[str, int | None, str]]:
    return [(e.severity.label, e.line, e.substring) for e in exp.expectations]


# ----------------------------------------------------------------------------
# value types
# ----------------------------------------------------------------------------


def test_severity_labels_and_order() -> None:
    assert [s.label for s in Severity] == ["note", "remark", "warning", "error"]
    assert Severity.NOTE < Severity.REMARK < Severity.WARNING < Severity.ERROR


def test_source_loc_is_immutable_hashable_and_slotted() -> None:
    loc = SourceLoc("a.mlir", 3, 7)
    assert (loc.filename, loc.line, loc.col) == ("a.mlir", 3, 7)
    assert loc == SourceLoc("a.mlir", 3, 7)
    assert loc != SourceLoc("a.mlir", 3, 8)
    assert len({loc, SourceLoc("a.mlir", 3, 7)}) == 1
    assert str(loc) == "a.mlir:3:7"
    with pytest.raises(AttributeError):
        loc.line = 4  # type: ignore[misc]
    assert not hasattr(loc, "__dict__")


def test_diagnostic_notes_and_slots() -> None:
    diag = Diagnostic(Severity.ERROR, "bad", SourceLoc("a.mlir", 1, 1))
    note = diag.attach_note("here", SourceLoc("a.mlir", 2, 1))
    unknown_note = diag.attach_note("somewhere")
    assert diag.notes == [note, unknown_note]
    assert note.severity is Severity.NOTE and note.loc == SourceLoc("a.mlir", 2, 1)
    assert unknown_note.loc is None
    assert not hasattr(diag, "__dict__")
    assert Diagnostic.error("x") == Diagnostic(Severity.ERROR, "x")
    assert Diagnostic.warning("x").severity is Severity.WARNING
    assert Diagnostic.remark("x").severity is Severity.REMARK


def test_diagnostic_error_carries_diagnostics() -> None:
    d1, d2 = Diagnostic.error("one"), Diagnostic.error("two")
    err = DiagnosticError(d1)
    assert err.diagnostics == [d1] and err.diagnostic is d1
    assert DiagnosticError(d1, d2).diagnostics == [d1, d2]
    assert DiagnosticError([d1, d2]).diagnostics == [d1, d2]
    assert str(DiagnosticError(d1, d2)) == "error: one\nerror: two"
    with pytest.raises(ValueError):
        DiagnosticError()
    with pytest.raises(DiagnosticError) as info:
        raise DiagnosticError(d1)
    assert info.value.diagnostics[0].message == "one"


def test_format_internal_error() -> None:
    assert (
        format_internal_error(KeyError("x"))
        == "llh-opt: internal error: KeyError: 'x' (please report this bug)"
    )
    assert (
        format_internal_error(RuntimeError("two\nlines"))
        == "llh-opt: internal error: RuntimeError: two lines (please report this bug)"
    )
    assert (
        format_internal_error(AssertionError())
        == "llh-opt: internal error: AssertionError (please report this bug)"
    )
    assert "\n" not in format_internal_error(ValueError("a\r\nb\n"))


# ----------------------------------------------------------------------------
# source manager
# ----------------------------------------------------------------------------


def test_source_manager_whole_file() -> None:
    sm = SourceManager()
    sm.add_buffer("a.mlir", "one\ntwo\r\nthree")
    assert [sm.line_text("a.mlir", n) for n in range(5)] == [None, "one", "two", "three", None]
    assert sm.line_text("b.mlir", 1) is None
    assert sm.has_file("a.mlir") and not sm.has_file("b.mlir")
    sm.add_buffer("c.mlir", "x\n")
    assert sm.line_text("c.mlir", 2) == ""  # the empty line after the final newline


def test_source_manager_chunks_report_original_lines() -> None:
    text = "a\nb\n// -----\nc\nd // ----- e\nf\n"
    sm = SourceManager()
    sm.add_buffer("s.mlir", "a\nb\n", first_line=1)
    sm.add_buffer("s.mlir", "\nc\nd ", first_line=3, first_col=9)
    sm.add_buffer("s.mlir", " e\nf\n", first_line=5, first_col=11)
    assert [sm.line_text("s.mlir", n) for n in (1, 2, 4, 6)] == ["a", "b", "c", "f"]
    # A line holding a split marker is pieced together; the marker is unknown.
    assert sm.line_text("s.mlir", 5) == "d          e"
    # Registering the whole file as well gives MLIR's exact text.
    sm.add_buffer("s.mlir", text)
    assert sm.line_text("s.mlir", 5) == "d // ----- e"
    assert sm.line_text("s.mlir", 3) == "// -----"


# ----------------------------------------------------------------------------
# rendering (byte-exact against torch-mlir-opt)
# ----------------------------------------------------------------------------

RENDER_CASES = ["p1", "p2", "t1", "t2", "c7", "u1", "u2", "u3", "u4", "u5", "u6", "u7"]
RENDER_CASES += ["n1", "c1", "c3", "c5"]


@pytest.mark.parametrize("name", RENDER_CASES)
def test_render_matches_mlir(name: str) -> None:
    case, srcmgr, diags = _case(name)
    assert _render_all(diags, srcmgr) == case["stderr"]


def test_render_parse_error_exact() -> None:
    sm = SourceManager()
    sm.add_buffer("p1.mlir", '"foo.x"() : () -> (i32\n')
    diag = Diagnostic(Severity.ERROR, "expected ')'", SourceLoc("p1.mlir", 1, 23))
    assert render(diag, sm) == (
        "p1.mlir:1:23: error: expected ')'\n\"foo.x\"() : () -> (i32\n                      ^\n"
    )


def test_render_multiline_note_at_same_location() -> None:
    case = CAPTURED["n1_full"]
    sm = SourceManager()
    sm.add_buffer("n1.mlir", case["text"])
    diag = Diagnostic.error("redefinition of symbol named 'f'", SourceLoc("n1.mlir", 4, 1))
    diag.attach_note(
        "see current operation: \n"
        '"func.func"() <{function_type = () -> (), sym_name = "f"}> ({\n'
        '  "func.return"() : () -> ()\n'
        "}) : () -> ()",
        SourceLoc("n1.mlir", 4, 1),
    )
    diag.attach_note("see existing symbol definition here", SourceLoc("n1.mlir", 1, 1))
    assert render(diag, sm) == case["stderr"]


def test_render_unknown_and_non_file_locations() -> None:
    assert render(Diagnostic.error("boom")) == "<unknown>:0: error: boom\n"
    assert render(Diagnostic.warning("w")) == "<unknown>:0: warning: w\n"
    assert render(Diagnostic.remark("r")) == "<unknown>:0: remark: r\n"
    named = Diagnostic.error("boom", _NamedLoc('loc("n")'))
    assert render(named) == '<unknown>:0: error: loc("n"): boom\n'
    # An IR-side unknown location object is the same as None.
    assert render(Diagnostic.error("boom", _NamedLoc("loc(unknown)"))) == (
        "<unknown>:0: error: boom\n"
    )


def test_render_duck_typed_locations() -> None:
    sm = SourceManager()
    sm.add_buffer("d.mlir", "abc\n")
    expected = "d.mlir:1:2: error: m\nabc\n ^\n"
    assert render(Diagnostic.error("m", _FileLoc("d.mlir", 1, 2)), sm) == expected
    assert render(Diagnostic.error("m", _WrappedLoc(_FileLoc("d.mlir", 1, 2))), sm) == expected
    # A note whose location equals the previous one (across types) omits the source.
    diag = Diagnostic.error("m", _FileLoc("d.mlir", 1, 2))
    diag.attach_note("n", SourceLoc("d.mlir", 1, 2))
    assert render(diag, sm) == expected + "d.mlir:1:2: note: n\n"


def test_render_without_source_manager_prints_header_only() -> None:
    diag = Diagnostic.error("m", SourceLoc("x.mlir", 3, 7))
    assert render(diag) == "x.mlir:3:7: error: m\n"
    assert render(diag, SourceManager()) == "x.mlir:3:7: error: m\n"


def test_render_span_and_tabs() -> None:
    sm = SourceManager()
    sm.add_buffer("t.mlir", "a\tbcdef\n")
    assert render(Diagnostic(Severity.ERROR, "m", SourceLoc("t.mlir", 1, 3), span=3), sm) == (
        "t.mlir:1:3: error: m\na       bcdef\n        ^~~\n"
    )
    # A range over a tab repeats the range character across the expansion.
    assert render(Diagnostic(Severity.ERROR, "m", SourceLoc("t.mlir", 1, 1), span=3), sm) == (
        "t.mlir:1:1: error: m\na       bcdef\n^~~~~~~~~\n"
    )


def test_render_split_input_reports_original_lines() -> None:
    case = CAPTURED["s10"]
    text = case["text"]
    for register_chunks in (False, True):
        sm = SourceManager()
        if register_chunks:
            sm.add_buffer("s10.mlir", text[: text.index("// -----")])
            sm.add_buffer("s10.mlir", text[text.index("// -----") + 8 :], first_line=2, first_col=9)
        else:
            sm.add_buffer("s10.mlir", text)
        diag = Diagnostic.error("expected ')'", SourceLoc("s10.mlir", 1, 23))
        assert render(diag, sm) == (
            "s10.mlir:1:23: error: expected ')'\n"
            '"foo.x"() : () -> (i32\n'
            "                      ^\n"
        )
        diag = Diagnostic.error("x", SourceLoc("s10.mlir", 3, 2))
        assert render(diag, sm) == 's10.mlir:3:2: error: x\n"foo.y"() : () -> ()\n ^\n'


# ----------------------------------------------------------------------------
# engine
# ----------------------------------------------------------------------------


def test_engine_renders_with_notes_attached_after_emission() -> None:
    sm = SourceManager()
    sm.add_buffer("e.mlir", "abc\ndef\n")
    out = io.StringIO()
    engine = DiagnosticEngine(sm, out)
    engine.error("first", SourceLoc("e.mlir", 1, 1)).attach_note("n", SourceLoc("e.mlir", 2, 2))
    assert out.getvalue() == ""  # still in flight
    engine.warning("second", SourceLoc("e.mlir", 2, 1))
    assert out.getvalue() == ("e.mlir:1:1: error: first\nabc\n^\ne.mlir:2:2: note: n\ndef\n ^\n")
    engine.flush()
    assert out.getvalue().endswith("e.mlir:2:1: warning: second\ndef\n^\n")
    engine.flush()
    assert out.getvalue().count("second") == 1
    assert engine.has_errors
    assert [d.message for d in engine.diagnostics] == ["first", "second"]


def test_engine_collect_mode_and_has_errors() -> None:
    out = io.StringIO()
    engine = DiagnosticEngine(stream=out, collect=True)
    engine.remark("r")
    engine.warning("w")
    assert not engine.has_errors
    engine.emit(Diagnostic.error("e"))
    engine.flush()
    assert engine.has_errors and out.getvalue() == ""
    assert [d.severity for d in engine.diagnostics] == [
        Severity.REMARK,
        Severity.WARNING,
        Severity.ERROR,
    ]
    with pytest.raises(ValueError):
        engine.emit(Diagnostic(Severity.NOTE, "n"))
    engine.clear()
    assert engine.diagnostics == [] and not engine.has_errors


def test_engine_defaults_to_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    engine = DiagnosticEngine()
    engine.error("oops")
    engine.flush()
    assert capsys.readouterr().err == "<unknown>:0: error: oops\n"


# ----------------------------------------------------------------------------
# --verify-diagnostics (byte-exact against torch-mlir-opt)
# ----------------------------------------------------------------------------

VERIFY_CASES = ["v1", "v2", "v3", "v4", "v5", "v6", "v8", "r1", "r3", "c2"]


@pytest.mark.parametrize("name", VERIFY_CASES)
def test_verify_matches_mlir(name: str) -> None:
    case, srcmgr, emitted = _case(name)
    expected = ExpectedDiagnostics.from_text(f"{name}.mlir", case["text"])
    failures = expected.verify(emitted)
    assert _render_all(failures, srcmgr) == case["stderr"]
    assert (case["rc"] == 0) == (not failures)
    # verify() is pure: a second run gives the same answer.
    assert expected.verify(emitted) == failures


@pytest.mark.parametrize("name", VERIFY_CASES)
def test_verify_only_expected_matches_mlir(name: str) -> None:
    case, srcmgr, emitted = _case(name)
    expected = ExpectedDiagnostics.from_text(f"{name}.mlir", case["text"])
    failures = expected.verify(emitted, only_expected=True)
    assert _render_all(failures, srcmgr) == case["only_expected"]


@pytest.mark.parametrize("name", ["s7", "s8", "s10"])
def test_verify_split_input_file_matches_mlir(name: str) -> None:
    # mlir-opt (this version) builds one verifier over the whole file and feeds it
    # the diagnostics of every chunk; designators may refer across chunks.
    case, srcmgr, emitted = _case(name)
    expected = ExpectedDiagnostics.from_text(f"{name}.mlir", case["text"])
    failures = expected.verify(emitted)
    assert _render_all(failures, srcmgr) == case["stderr"]
    assert (case["rc"] == 0) == (not failures)


def test_designator_forms() -> None:
    text = _text(
        "// expected-error@+2 {{plus}}",  # 1 -> 3
        "x",  # 2
        "x // expected-warning {{same}}",  # 3 -> 3
        "// expected-remark@-2 {{minus}}",  # 4 -> 2
        "// expected-note@above {{above}}",  # 5 -> 2 (line 3/4 are designator lines)
        "",  # 6: blank lines are ordinary lines
        "// expected-error@above {{above blank}}",  # 7 -> 6
        "// expected-error@below {{below 1}}",  # 8 -> 10
        "// expected-error@below {{below 2}}",  # 9 -> 10
        "y",  # 10
        "// expected-error-re@+1 {{re {{[0-9]+}}}}",  # 11 -> 12
        "// expected-error@unknown {{anywhere}}",  # 12 -> unknown
        "// expected-error  @+010 {{octal}}",  # 13 -> 21
        "//expected-error{{tight}}",  # 14 -> 14
        "// expected-error@5 {{absolute is not a designator}}",  # 15
        "// expected-error@+1 no braces",  # 16
        "// expected-error {{trailing}} text",  # 17
        "// expected-error {{a}} {{b}}   ",  # 18 -> 18, message 'a}} {{b'
        "// expected-error@below {{dangling}}",  # 19 -> 20 (the last line)
        "// expected-error@below {{dangling 2}}",  # 20 -> 20
    )
    exp = ExpectedDiagnostics.from_text("d.mlir", text)
    assert _lines(exp) == [
        ("error", 3, "plus"),
        ("warning", 3, "same"),
        ("remark", 2, "minus"),
        ("note", 2, "above"),
        ("error", 6, "above blank"),
        ("error", 10, "below 1"),
        ("error", 10, "below 2"),
        ("error", 12, "re {{[0-9]+}}"),
        ("error", 21, "octal"),
        ("error", 14, "tight"),
        ("error", 18, "a}} {{b"),
        ("error", 20, "dangling"),
        ("error", 20, "dangling 2"),
        ("error", None, "anywhere"),
    ]
    by_text = {e.substring: e for e in exp.expectations}
    assert by_text["plus"].loc == SourceLoc("d.mlir", 1, 4)
    assert by_text["same"].loc == SourceLoc("d.mlir", 3, 6)
    assert by_text["tight"].loc == SourceLoc("d.mlir", 14, 3)
    assert by_text["anywhere"].loc is None
    assert by_text["re {{[0-9]+}}"].is_regex and not by_text["plus"].is_regex
    assert exp.errors == []


def test_designators_in_a_chunk_use_original_lines_and_columns() -> None:
    whole = "a\n// ----- // expected-error@+1 {{x}}\nb\n// expected-error@above {{y}}\n"
    chunk = whole[whole.index("// -----") + 8 :]
    exp = ExpectedDiagnostics.from_text("c.mlir", chunk, first_line=2, first_col=9)
    assert _lines(exp) == [("error", 3, "x"), ("error", 3, "y")]
    assert [e.loc for e in exp.expectations] == [
        SourceLoc("c.mlir", 2, 13),
        SourceLoc("c.mlir", 4, 4),
    ]
    # A diagnostic satisfies the first designator on its line that it matches.
    x_and_y = Diagnostic.error("x and y", SourceLoc("c.mlir", 3, 1))
    just_y = Diagnostic.error("y", SourceLoc("c.mlir", 3, 1))
    assert exp.verify([x_and_y, just_y]) == []
    assert [f.message for f in exp.verify([x_and_y, x_and_y])] == [
        'expected error "y" was not produced'
    ]
    failures = exp.verify([Diagnostic.error("x", SourceLoc("c.mlir", 2, 1))])
    sm = SourceManager()
    sm.add_buffer("c.mlir", whole)
    assert _render_all(failures, sm) == (
        "c.mlir:2:1: error: unexpected error: x\n"
        "// ----- // expected-error@+1 {{x}}\n"
        "^\n"
        'c.mlir:2:13: error: expected error "x" was not produced\n'
        "// ----- // expected-error@+1 {{x}}\n"
        "            ^\n"
        'c.mlir:4:4: error: expected error "y" was not produced\n'
        "// expected-error@above {{y}}\n"
        "   ^\n"
    )


def test_literal_and_regex_matching() -> None:
    text = _text(
        "// expected-error {{a.b (c)}}",
        "// expected-error-re {{a.b {{\\(c\\)}}}}",
        "// expected-error-re {{{{^[[:alpha:]]+}} {{[0-9][0-9]$}}}}",
        "// expected-error-re {{^{{.*}}$}}",
        "// expected-error-re {{x{{.}}y}}",
        "// expected-error-re {{{{\\d}}}}",
    )
    exp = ExpectedDiagnostics.from_text("m.mlir", text)
    assert exp.errors == []
    literal, regex, anchored, literal_anchors, dot, backslash = exp.expectations
    assert literal.matches("xx a.b (c) yy") and not literal.matches("axb (c)")
    assert regex.matches("a.b (c)") and not regex.matches("axb (c)")
    assert anchored.matches("abc 42") and not anchored.matches("abc 42 ")
    assert not anchored.matches("abc 4") and not anchored.matches("1abc 42")
    # Outside {{...}} everything is literal, even ^ and $.
    assert literal_anchors.matches("x^ y $") and not literal_anchors.matches("anything")
    assert dot.matches("x\ny")  # POSIX '.' also matches a newline
    assert backslash.matches("d") and not backslash.matches("7")  # '\d' is a literal 'd'


@pytest.mark.parametrize(
    ("regex", "message"),
    [
        ("\\", "trailing backslash (\\)"),
        ("[a", "brackets ([ ]) not balanced"),
        ("[z-a]", "invalid character range"),
        ("[[:foo:]]", "invalid character class"),
        ("a{300}", "invalid repetition count(s)"),
        ("\\1", "invalid backreference number"),
        ("[[.foo.]]", "invalid collating element"),
        ("a|", "empty (sub)expression"),
        ("", "empty (sub)expression"),
        ("a**", "repetition-operator operand invalid"),
        ("^*", "repetition-operator operand invalid"),
        ("a{2,1}", "invalid repetition count(s)"),
        ("(", "parentheses not balanced"),
        (")", "parentheses not balanced"),
        ("[--z]", "invalid character range"),
    ],
)
def test_invalid_regex_is_reported_like_mlir(regex: str, message: str) -> None:
    line = f"// expected-error-re {{{{m {{{{{regex}}}}} n}}}}"
    exp = ExpectedDiagnostics.from_text("r.mlir", line)
    assert exp.expectations == []
    [failure] = exp.errors
    assert failure.message == f"invalid regex: {message}"
    assert failure.loc == SourceLoc("r.mlir", 1, 4)
    substring = re.search(r"\{\{(.*)\}\}$", line)
    assert substring is not None
    assert failure.span == len(substring.group(1))
    assert exp.verify([]) == [failure]


def test_unterminated_regex_block() -> None:
    exp = ExpectedDiagnostics.from_text("r.mlir", "// expected-error-re {{a {{b}}")
    assert [f.message for f in exp.verify([])] == ["found start of regex with no end '}}'"]


def test_failure_kinds_and_notes() -> None:
    text = _text(
        "op1 // expected-error {{one}}",
        "op2 // expected-warning {{two}}",
        "op3 // expected-note {{three}}",
        "op4",
    )
    exp = ExpectedDiagnostics.from_text("k.mlir", text)
    main = Diagnostic.error("one", SourceLoc("k.mlir", 1, 1))
    main.attach_note("three", SourceLoc("k.mlir", 3, 1))  # expected note: fine
    main.attach_note("stray", SourceLoc("k.mlir", 4, 1))  # unexpected note
    wrong_kind = Diagnostic.error("two", SourceLoc("k.mlir", 2, 1))
    unknown = Diagnostic.error("lost")
    failures = exp.verify([main, wrong_kind, unknown])
    assert [(f.message, f.loc) for f in failures] == [
        ("unexpected note: stray", SourceLoc("k.mlir", 4, 1)),
        ("'error' diagnostic emitted when expecting a 'warning'", SourceLoc("k.mlir", 2, 8)),
        ("unexpected error: lost", None),
        ('expected warning "two" was not produced', SourceLoc("k.mlir", 2, 8)),
    ]
    assert exp.verify([main, wrong_kind, unknown], only_expected=True) == failures[-1:]
    # One designator absorbs any number of identical diagnostics on its line.
    again = Diagnostic.error("one", SourceLoc("k.mlir", 1, 9))
    ok = exp.verify([Diagnostic.error("one", SourceLoc("k.mlir", 1, 1)), again])
    assert [f.message for f in ok] == [
        'expected warning "two" was not produced',
        'expected note "three" was not produced',
    ]


def test_unknown_location_designators_are_reported_twice_like_mlir() -> None:
    exp = ExpectedDiagnostics.from_text("u.mlir", "// expected-error@unknown {{gone}}\n")
    failures = exp.verify([])
    assert _render_all(failures, None) == (
        '<unknown>:0: error: expected error "gone" was not produced\n' * 2
    )
    assert exp.verify([Diagnostic.error("it is gone")]) == []
    # A diagnostic in a file is never matched by an @unknown designator.
    assert exp.verify([Diagnostic.error("gone", SourceLoc("u.mlir", 1, 1))])[0].message == (
        "unexpected error: gone"
    )


def test_diagnostic_in_another_file_is_unexpected() -> None:
    exp = ExpectedDiagnostics.from_text("a.mlir", "x // expected-error {{boom}}\n")
    failures = exp.verify([Diagnostic.error("boom", SourceLoc("b.mlir", 1, 1))])
    assert [f.message for f in failures] == [
        "unexpected error: boom",
        'expected error "boom" was not produced',
    ]
    sm = SourceManager()
    sm.add_buffer("a.mlir", "x // expected-error {{boom}}\n")
    assert render(failures[0], sm) == "b.mlir:1:1: error: unexpected error: boom\n"


def test_non_ascii_designator_columns_are_bytes() -> None:
    exp = ExpectedDiagnostics.from_text("n.mlir", "// é expected-error {{héllo}}")
    [failure] = exp.verify([])
    assert failure.loc == SourceLoc("n.mlir", 1, 7)
    assert failure.span == len("héllo".encode())
    assert exp.verify([Diagnostic.error("say héllo", SourceLoc("n.mlir", 1, 1))]) == []


# ----------------------------------------------------------------------------
# captured ground truth
# ----------------------------------------------------------------------------

# Captured from torch-mlir-opt (LLVM 24.0.0git) by running it on `text` saved as
# <name>.mlir with --allow-unregistered-dialect --mlir-disable-threading; `stderr` is
# its exact output (with --verify-diagnostics[=only-expected] for verifier cases),
# `emitted` the diagnostics it reports without --verify-diagnostics.
CAPTURED: dict[str, dict[str, Any]] = {
    "p1": {
        "text": '"foo.x"() : () -> (i32\n',
        "emitted": [("error", ("p1.mlir", 1, 23), "expected ')'", [])],
        "stderr": "p1.mlir:1:23: error: expected ')'\n"
        '"foo.x"() : () -> (i32\n'
        "                      ^\n",
    },
    "p2": {
        "text": "func.func @f() { return %0 : i32 }\n",
        "emitted": [("error", ("p2.mlir", 1, 25), "use of undeclared SSA value name", [])],
        "stderr": "p2.mlir:1:25: error: use of undeclared SSA value name\n"
        "func.func @f() { return %0 : i32 }\n"
        "                        ^\n",
    },
    "t1": {
        "text": 'func.func @f() {\n\t\t%x = "foo.x"() : () -> (i32\n}\n',
        "emitted": [("error", ("t1.mlir", 2, 30), "expected ')'", [])],
        "stderr": "t1.mlir:2:30: error: expected ')'\n"
        '                %x = "foo.x"() : () -> (i32\n'
        "                                           ^\n",
    },
    "t2": {
        "text": '"foo.a"() {s = "héllo\\t"} : () -> (i32\n',
        "emitted": [("error", ("t2.mlir", 1, 40), "expected ')'", [])],
        "stderr": 't2.mlir:1:40: error: expected \')\'\n"foo.a"() {s = "héllo\\t"} : () -> (i32\n',
    },
    "c7": {
        "text": 'func.func @f() -> i32 {\n\t\t"func.return"() : () -> () loc("c7.mlir":2:2)\n}\n',
        "emitted": [
            (
                "error",
                ("c7.mlir", 2, 2),
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            )
        ],
        "stderr": "c7.mlir:2:2: error: 'func.return' op has 0 operands, but enclosing function "
        "(@f) returns 1\n"
        '                "func.return"() : () -> () loc("c7.mlir":2:2)\n'
        "        ^^^^^^^^\n",
    },
    "u1": {
        "text": 'func.func @f() -> i32 {\n  "func.return"() : () -> () loc(unknown)\n}\n',
        "emitted": [
            (
                "error",
                None,
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            )
        ],
        "stderr": "<unknown>:0: error: 'func.return' op has 0 operands, but enclosing function "
        "(@f) returns 1\n",
    },
    "u2": {
        "text": 'func.func @f() -> i32 {\n  "func.return"() : () -> () loc("myname")\n}\n',
        "emitted": [
            (
                "error",
                'loc("myname")',
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            )
        ],
        "stderr": "<unknown>:0: error: loc(\"myname\"): 'func.return' op has 0 operands, but "
        "enclosing function (@f) returns 1\n",
    },
    "u3": {
        "text": 'func.func @f() -> i32 {\n  "func.return"() : () -> () loc("other.mlir":4:5)\n}\n',
        "emitted": [
            (
                "error",
                ("other.mlir", 4, 5),
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            )
        ],
        "stderr": "other.mlir:4:5: error: 'func.return' op has 0 operands, but enclosing "
        "function (@f) returns 1\n",
    },
    "u4": {
        "text": 'func.func @f() -> i32 {\n  "func.return"() : () -> () loc("u4.mlir":1:3)\n}\n',
        "emitted": [
            (
                "error",
                ("u4.mlir", 1, 3),
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            )
        ],
        "stderr": "u4.mlir:1:3: error: 'func.return' op has 0 operands, but enclosing function "
        "(@f) returns 1\n"
        "func.func @f() -> i32 {\n"
        "  ^\n",
    },
    "u5": {
        "text": 'func.func @f() -> i32 {\n  "func.return"() : () -> () loc("u5.mlir":100:3)\n}\n',
        "emitted": [
            (
                "error",
                ("u5.mlir", 100, 3),
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            )
        ],
        "stderr": "u5.mlir:100:3: error: 'func.return' op has 0 operands, but enclosing "
        "function (@f) returns 1\n",
    },
    "u6": {
        "text": 'func.func @f() -> i32 {\n  "func.return"() : () -> () loc("u6.mlir":1:300)\n}\n',
        "emitted": [
            (
                "error",
                ("u6.mlir", 1, 300),
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            )
        ],
        "stderr": "u6.mlir:1:300: error: 'func.return' op has 0 operands, but enclosing "
        "function (@f) returns 1\n",
    },
    "u7": {
        "text": 'func.func @f() -> i32 {\n  "func.return"() : () -> () loc("u7.mlir":0:0)\n}\n',
        "emitted": [
            (
                "error",
                ("u7.mlir", 0, 0),
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            )
        ],
        "stderr": "u7.mlir:0:0: error: 'func.return' op has 0 operands, but enclosing function "
        "(@f) returns 1\n",
    },
    "n1": {
        "text": "func.func @f() {\n  return\n}\nfunc.func @f() {\n  return\n}\n",
        "emitted": [
            (
                "error",
                ("n1.mlir", 4, 1),
                "redefinition of symbol named 'f'",
                [("note", ("n1.mlir", 1, 1), "see existing symbol definition here")],
            )
        ],
        "stderr": "n1.mlir:4:1: error: redefinition of symbol named 'f'\n"
        "func.func @f() {\n"
        "^\n"
        "n1.mlir:1:1: note: see existing symbol definition here\n"
        "func.func @f() {\n"
        "^\n",
    },
    "c1": {
        "text": 'func.func @f() -> i32 {\n  "func.return"() : () -> ()\n}\n',
        "emitted": [
            (
                "error",
                ("c1.mlir", 2, 3),
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            )
        ],
        "stderr": "c1.mlir:2:3: error: 'func.return' op has 0 operands, but enclosing function "
        "(@f) returns 1\n"
        '  "func.return"() : () -> ()\n'
        "  ^\n",
    },
    "c3": {
        "text": 'func.func @f() -> i32 {\n  "func.return"() : () -> () loc("c3.mlir":4:1)\n}\n',
        "emitted": [
            (
                "error",
                ("c3.mlir", 4, 1),
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            )
        ],
        "stderr": "c3.mlir:4:1: error: 'func.return' op has 0 operands, but enclosing function "
        "(@f) returns 1\n"
        "\n"
        "^\n",
    },
    "c5": {
        "text": 'func.func @f() -> i32 {\n  "func.return"() : () -> () loc("c5.mlir":3:2)\n}',
        "emitted": [
            (
                "error",
                ("c5.mlir", 3, 2),
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            )
        ],
        "stderr": "c5.mlir:3:2: error: 'func.return' op has 0 operands, but enclosing function "
        "(@f) returns 1\n"
        "}\n"
        " ^\n",
    },
    "n1_full": {
        "text": "func.func @f() {\n  return\n}\nfunc.func @f() {\n  return\n}\n",
        "stderr": "n1.mlir:4:1: error: redefinition of symbol named 'f'\n"
        "func.func @f() {\n"
        "^\n"
        "n1.mlir:4:1: note: see current operation: \n"
        '"func.func"() <{function_type = () -> (), sym_name = "f"}> ({\n'
        '  "func.return"() : () -> ()\n'
        "}) : () -> ()\n"
        "n1.mlir:1:1: note: see existing symbol definition here\n"
        "func.func @f() {\n"
        "^\n",
    },
    "v1": {
        "text": "func.func @f() -> i32 {\n"
        "  // expected-error@+1 {{has 0 operands}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @g() -> i32 {\n"
        '  "func.return"() : () -> ()\n'
        "  // expected-error@-1 {{has 0 operands}}\n"
        "}\n"
        "func.func @h() -> i32 {\n"
        '  "func.return"() : () -> () // expected-error {{has 0 operands}}\n'
        "}\n"
        "func.func @i() -> i32 {\n"
        '  "func.return"() : () -> ()\n'
        "  // expected-error@above {{has 0 operands}}\n"
        "  // expected-error@above {{has 0 operands}}\n"
        "}\n"
        "func.func @j() -> i32 {\n"
        "  // expected-error@below {{has 0 operands}}\n"
        "  // expected-error@below {{has 0 operands}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @k() -> i32 {\n"
        "  // expected-error-re@+1 {{has {{[0-9]+}} operands, but enclosing function "
        "(@k)}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @l() -> i32 {\n"
        '  "func.return"() : () -> () loc(unknown)\n'
        "}\n"
        "// expected-error@unknown {{(@l) returns 1}}\n"
        "func.func @m() -> i32 {\n"
        '  "func.return"() : () -> ()\n'
        "\n"
        "  // expected-error@above {{(@m)}}\n"
        "}\n",
        "emitted": [
            (
                "error",
                ("v1.mlir", 3, 3),
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            ),
            (
                "error",
                ("v1.mlir", 6, 3),
                "'func.return' op has 0 operands, but enclosing function (@g) returns 1",
                [],
            ),
            (
                "error",
                ("v1.mlir", 10, 3),
                "'func.return' op has 0 operands, but enclosing function (@h) returns 1",
                [],
            ),
            (
                "error",
                ("v1.mlir", 13, 3),
                "'func.return' op has 0 operands, but enclosing function (@i) returns 1",
                [],
            ),
            (
                "error",
                ("v1.mlir", 20, 3),
                "'func.return' op has 0 operands, but enclosing function (@j) returns 1",
                [],
            ),
            (
                "error",
                ("v1.mlir", 24, 3),
                "'func.return' op has 0 operands, but enclosing function (@k) returns 1",
                [],
            ),
            (
                "error",
                None,
                "'func.return' op has 0 operands, but enclosing function (@l) returns 1",
                [],
            ),
            (
                "error",
                ("v1.mlir", 31, 3),
                "'func.return' op has 0 operands, but enclosing function (@m) returns 1",
                [],
            ),
        ],
        "stderr": "v1.mlir:31:3: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@m) returns 1\n"
        '  "func.return"() : () -> ()\n'
        "  ^\n"
        'v1.mlir:15:6: error: expected error "has 0 operands" was not produced\n'
        "  // expected-error@above {{has 0 operands}}\n"
        "     ^~~~~~~~~~~~~~\n"
        'v1.mlir:19:6: error: expected error "has 0 operands" was not produced\n'
        "  // expected-error@below {{has 0 operands}}\n"
        "     ^~~~~~~~~~~~~~\n"
        'v1.mlir:33:6: error: expected error "(@m)" was not produced\n'
        "  // expected-error@above {{(@m)}}\n"
        "     ^~~~\n",
        "rc": 1,
        "only_expected": 'v1.mlir:15:6: error: expected error "has 0 operands" was not '
        "produced\n"
        "  // expected-error@above {{has 0 operands}}\n"
        "     ^~~~~~~~~~~~~~\n"
        'v1.mlir:19:6: error: expected error "has 0 operands" was not '
        "produced\n"
        "  // expected-error@below {{has 0 operands}}\n"
        "     ^~~~~~~~~~~~~~\n"
        'v1.mlir:33:6: error: expected error "(@m)" was not produced\n'
        "  // expected-error@above {{(@m)}}\n"
        "     ^~~~\n",
    },
    "v2": {
        "text": "func.func @f() -> i32 {\n"
        "  // expected-error@+1 {{has 0 operands}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @g() -> i32 {\n"
        '  "func.return"() : () -> () loc("v2.mlir":3:5)\n'
        "}\n"
        "func.func @h() -> i32 {\n"
        "  // expected-warning@+1 {{has 0 operands}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @i() -> i32 {\n"
        '  "func.return"() : () -> () loc(unknown)\n'
        "}\n"
        "func.func @j() -> i32 {\n"
        '  "func.return"() : () -> () loc("elsewhere.mlir":3:5)\n'
        "}\n"
        "func.func @k() -> i32 {\n"
        '  "func.return"() : () -> () loc("named"("v2.mlir":20:1))\n'
        "}\n"
        "// expected-error@+1 {{}}\n"
        "func.func @l() -> i32 {\n"
        '  "func.return"() : () -> () loc("justname")\n'
        "}\n",
        "emitted": [
            (
                "error",
                ("v2.mlir", 3, 3),
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            ),
            (
                "error",
                ("v2.mlir", 3, 5),
                "'func.return' op has 0 operands, but enclosing function (@g) returns 1",
                [],
            ),
            (
                "error",
                ("v2.mlir", 10, 3),
                "'func.return' op has 0 operands, but enclosing function (@h) returns 1",
                [],
            ),
            (
                "error",
                None,
                "'func.return' op has 0 operands, but enclosing function (@i) returns 1",
                [],
            ),
            (
                "error",
                ("elsewhere.mlir", 3, 5),
                "'func.return' op has 0 operands, but enclosing function (@j) returns 1",
                [],
            ),
            (
                "error",
                ("v2.mlir", 20, 1),
                "'func.return' op has 0 operands, but enclosing function (@k) returns 1",
                [],
            ),
            (
                "error",
                'loc("justname")',
                "'func.return' op has 0 operands, but enclosing function (@l) returns 1",
                [],
            ),
        ],
        "stderr": "v2.mlir:9:6: error: 'error' diagnostic emitted when expecting a 'warning'\n"
        "  // expected-warning@+1 {{has 0 operands}}\n"
        "     ^\n"
        "<unknown>:0: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@i) returns 1\n"
        "elsewhere.mlir:3:5: error: unexpected error: 'func.return' op has 0 "
        "operands, but enclosing function (@j) returns 1\n"
        "v2.mlir:20:1: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@k) returns 1\n"
        "}\n"
        "^\n"
        "<unknown>:0: error: loc(\"justname\"): unexpected error: 'func.return' op "
        "has 0 operands, but enclosing function (@l) returns 1\n"
        'v2.mlir:9:6: error: expected warning "has 0 operands" was not produced\n'
        "  // expected-warning@+1 {{has 0 operands}}\n"
        "     ^~~~~~~~~~~~~~\n"
        'v2.mlir:21:4: error: expected error "" was not produced\n'
        "// expected-error@+1 {{}}\n"
        "   ^\n",
        "rc": 1,
        "only_expected": 'v2.mlir:9:6: error: expected warning "has 0 operands" was not '
        "produced\n"
        "  // expected-warning@+1 {{has 0 operands}}\n"
        "     ^~~~~~~~~~~~~~\n"
        'v2.mlir:21:4: error: expected error "" was not produced\n'
        "// expected-error@+1 {{}}\n"
        "   ^\n",
    },
    "v3": {
        "text": "// expected-error@+1 has 0 operands\n"
        "// expected-error @+1 {{spaced}}\n"
        "// expected-error@+1{{nospace}}\n"
        "// expected-error@+1 {{trail}} trailing\n"
        "// expected-error {{a}} {{b}}\n"
        "// expected-error@+100 {{far}}\n"
        "// expected-error@+010 {{octal}}\n"
        "// expected-error@-20 {{negative}}\n"
        "// expected-error-re {{bad {{(}} regex}}\n"
        "// expected-error-re {{unterminated {{ regex}}\n"
        "// expected-note {{note}}   \t\n"
        "// expected-remark@above {{remark}}\n"
        "// expected-error@+08 {{badoctal}}\n"
        "//expected-error{{tight}}\n"
        "// xexpected-error {{prefixed}}\n"
        "// expected-error-re {{empty {{}} regex}}\n"
        "// expected-error-re {{star {{*}} regex}}\n"
        "// expected-error-re {{brace {{a{1}} regex}}\n",
        "emitted": [],
        "stderr": "v3.mlir:9:4: error: invalid regex: parentheses not balanced\n"
        "// expected-error-re {{bad {{(}} regex}}\n"
        "   ^~~~~~~~~~~~~~~\n"
        "v3.mlir:10:4: error: found start of regex with no end '}}'\n"
        "// expected-error-re {{unterminated {{ regex}}\n"
        "   ^~~~~~~~~~~~~~~~~~~~~\n"
        "v3.mlir:16:4: error: invalid regex: empty (sub)expression\n"
        "// expected-error-re {{empty {{}} regex}}\n"
        "   ^~~~~~~~~~~~~~~~\n"
        "v3.mlir:17:4: error: invalid regex: repetition-operator operand invalid\n"
        "// expected-error-re {{star {{*}} regex}}\n"
        "   ^~~~~~~~~~~~~~~~\n"
        "v3.mlir:18:4: error: invalid regex: braces not balanced\n"
        "// expected-error-re {{brace {{a{1}} regex}}\n"
        "   ^~~~~~~~~~~~~~~~~~~\n"
        'v3.mlir:2:4: error: expected error "spaced" was not produced\n'
        "// expected-error @+1 {{spaced}}\n"
        "   ^~~~~~\n"
        'v3.mlir:3:4: error: expected error "nospace" was not produced\n'
        "// expected-error@+1{{nospace}}\n"
        "   ^~~~~~~\n"
        'v3.mlir:5:4: error: expected error "a}} {{b" was not produced\n'
        "// expected-error {{a}} {{b}}\n"
        "   ^~~~~~~\n"
        'v3.mlir:6:4: error: expected error "far" was not produced\n'
        "// expected-error@+100 {{far}}\n"
        "   ^~~\n"
        'v3.mlir:7:4: error: expected error "octal" was not produced\n'
        "// expected-error@+010 {{octal}}\n"
        "   ^~~~~\n"
        'v3.mlir:8:4: error: expected error "negative" was not produced\n'
        "// expected-error@-20 {{negative}}\n"
        "   ^~~~~~~~\n"
        'v3.mlir:11:4: error: expected note "note" was not produced\n'
        "// expected-note {{note}}       \n"
        "   ^~~~\n"
        'v3.mlir:12:4: error: expected remark "remark" was not produced\n'
        "// expected-remark@above {{remark}}\n"
        "   ^~~~~~\n"
        'v3.mlir:13:4: error: expected error "badoctal" was not produced\n'
        "// expected-error@+08 {{badoctal}}\n"
        "   ^~~~~~~~\n"
        'v3.mlir:14:3: error: expected error "tight" was not produced\n'
        "//expected-error{{tight}}\n"
        "  ^~~~~\n"
        'v3.mlir:15:5: error: expected error "prefixed" was not produced\n'
        "// xexpected-error {{prefixed}}\n"
        "    ^~~~~~~~\n",
        "rc": 1,
        "only_expected": "v3.mlir:9:4: error: invalid regex: parentheses not balanced\n"
        "// expected-error-re {{bad {{(}} regex}}\n"
        "   ^~~~~~~~~~~~~~~\n"
        "v3.mlir:10:4: error: found start of regex with no end '}}'\n"
        "// expected-error-re {{unterminated {{ regex}}\n"
        "   ^~~~~~~~~~~~~~~~~~~~~\n"
        "v3.mlir:16:4: error: invalid regex: empty (sub)expression\n"
        "// expected-error-re {{empty {{}} regex}}\n"
        "   ^~~~~~~~~~~~~~~~\n"
        "v3.mlir:17:4: error: invalid regex: repetition-operator operand "
        "invalid\n"
        "// expected-error-re {{star {{*}} regex}}\n"
        "   ^~~~~~~~~~~~~~~~\n"
        "v3.mlir:18:4: error: invalid regex: braces not balanced\n"
        "// expected-error-re {{brace {{a{1}} regex}}\n"
        "   ^~~~~~~~~~~~~~~~~~~\n"
        'v3.mlir:2:4: error: expected error "spaced" was not produced\n'
        "// expected-error @+1 {{spaced}}\n"
        "   ^~~~~~\n"
        'v3.mlir:3:4: error: expected error "nospace" was not produced\n'
        "// expected-error@+1{{nospace}}\n"
        "   ^~~~~~~\n"
        'v3.mlir:5:4: error: expected error "a}} {{b" was not produced\n'
        "// expected-error {{a}} {{b}}\n"
        "   ^~~~~~~\n"
        'v3.mlir:6:4: error: expected error "far" was not produced\n'
        "// expected-error@+100 {{far}}\n"
        "   ^~~\n"
        'v3.mlir:7:4: error: expected error "octal" was not produced\n'
        "// expected-error@+010 {{octal}}\n"
        "   ^~~~~\n"
        'v3.mlir:8:4: error: expected error "negative" was not produced\n'
        "// expected-error@-20 {{negative}}\n"
        "   ^~~~~~~~\n"
        'v3.mlir:11:4: error: expected note "note" was not produced\n'
        "// expected-note {{note}}       \n"
        "   ^~~~\n"
        'v3.mlir:12:4: error: expected remark "remark" was not produced\n'
        "// expected-remark@above {{remark}}\n"
        "   ^~~~~~\n"
        'v3.mlir:13:4: error: expected error "badoctal" was not produced\n'
        "// expected-error@+08 {{badoctal}}\n"
        "   ^~~~~~~~\n"
        'v3.mlir:14:3: error: expected error "tight" was not produced\n'
        "//expected-error{{tight}}\n"
        "  ^~~~~\n"
        'v3.mlir:15:5: error: expected error "prefixed" was not produced\n'
        "// xexpected-error {{prefixed}}\n"
        "    ^~~~~~~~\n",
    },
    "v4": {
        "text": "// expected-note@+1 {{see existing symbol definition here}}\n"
        "func.func @f() {\n"
        "  return\n"
        "}\n"
        "// expected-error@+1 {{redefinition of symbol named 'f'}}\n"
        "func.func @f() {\n"
        "  return\n"
        "}\n"
        "func.func @g() {\n"
        "  return\n"
        "}\n"
        "// expected-error@+1 {{redefinition of symbol named 'g'}}\n"
        "func.func @g() {\n"
        "  return\n"
        "}\n"
        "// expected-error@unknown {{never}}\n"
        "// expected-warning@unknown {{never2}}\n",
        "emitted": [
            (
                "error",
                ("v4.mlir", 6, 1),
                "redefinition of symbol named 'f'",
                [("note", ("v4.mlir", 2, 1), "see existing symbol definition here")],
            )
        ],
        "stderr": "v4.mlir:12:4: error: expected error \"redefinition of symbol named 'g'\" "
        "was not produced\n"
        "// expected-error@+1 {{redefinition of symbol named 'g'}}\n"
        "   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
        '<unknown>:0: error: expected error "never" was not produced\n'
        '<unknown>:0: error: expected warning "never2" was not produced\n'
        '<unknown>:0: error: expected error "never" was not produced\n'
        '<unknown>:0: error: expected warning "never2" was not produced\n',
        "rc": 1,
        "only_expected": 'v4.mlir:12:4: error: expected error "redefinition of symbol named '
        "'g'\" was not produced\n"
        "// expected-error@+1 {{redefinition of symbol named 'g'}}\n"
        "   ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
        '<unknown>:0: error: expected error "never" was not produced\n'
        '<unknown>:0: error: expected warning "never2" was not produced\n'
        '<unknown>:0: error: expected error "never" was not produced\n'
        '<unknown>:0: error: expected warning "never2" was not produced\n',
    },
    "v5": {
        "text": "// expected-remark@unknown {{has 0 operands}}\n"
        "func.func @f() -> i32 {\n"
        '  "func.return"() : () -> () loc(unknown)\n'
        "}\n"
        "func.func @g() -> i32 {\n"
        '  "func.return"() : () -> () loc("v5.mlir":0:0)\n'
        "}\n"
        "func.func @h() -> i32 {\n"
        '  "func.return"() : () -> () loc("v5.mlir":7:0)\n'
        "}\n",
        "emitted": [
            (
                "error",
                None,
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            ),
            (
                "error",
                ("v5.mlir", 0, 0),
                "'func.return' op has 0 operands, but enclosing function (@g) returns 1",
                [],
            ),
            (
                "error",
                ("v5.mlir", 7, 0),
                "'func.return' op has 0 operands, but enclosing function (@h) returns 1",
                [],
            ),
        ],
        "stderr": "<unknown>:0: error: 'error' diagnostic emitted when expecting a 'remark'\n"
        "v5.mlir:0:0: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@g) returns 1\n"
        "v5.mlir:7:0: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@h) returns 1\n"
        '<unknown>:0: error: expected remark "has 0 operands" was not produced\n'
        '<unknown>:0: error: expected remark "has 0 operands" was not produced\n',
        "rc": 1,
        "only_expected": '<unknown>:0: error: expected remark "has 0 operands" was not '
        "produced\n"
        '<unknown>:0: error: expected remark "has 0 operands" was not '
        "produced\n",
    },
    "v6": {
        "text": "func.func @f() {\n"
        "  return\n"
        "}\n"
        "// expected-error@+1 {{redefinition of symbol named 'f'}}\n"
        "func.func @f() {\n"
        "  return\n"
        "}\n",
        "emitted": [
            (
                "error",
                ("v6.mlir", 5, 1),
                "redefinition of symbol named 'f'",
                [("note", ("v6.mlir", 1, 1), "see existing symbol definition here")],
            )
        ],
        "stderr": "v6.mlir:1:1: error: unexpected note: see existing symbol definition here\n"
        "func.func @f() {\n"
        "^\n",
        "rc": 1,
        "only_expected": "",
    },
    "v8": {
        "text": "// expected-error@5 {{absolute}}\n"
        "func.func @f() -> i32 {\n"
        '  "func.return"() : () -> () loc("v8.mlir":3:200)\n'
        "}\n"
        "func.func @g() -> i32 {\n"
        "\t\"func.return\"() : () -> ()\t// expected-error-re {{^'func.return' op has "
        "[[:digit:]]+ operands, but enclosing function \\(@g\\) returns 1$}}\n"
        "}\n"
        "func.func @h() -> i32 {\n"
        '  "func.return"() : () -> () // expected-error-re {{func{{.*}}(@h)}}\n'
        "}\n",
        "emitted": [
            (
                "error",
                ("v8.mlir", 3, 200),
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            ),
            (
                "error",
                ("v8.mlir", 6, 2),
                "'func.return' op has 0 operands, but enclosing function (@g) returns 1",
                [],
            ),
            (
                "error",
                ("v8.mlir", 9, 3),
                "'func.return' op has 0 operands, but enclosing function (@h) returns 1",
                [],
            ),
        ],
        "stderr": "v8.mlir:3:200: error: unexpected error: 'func.return' op has 0 operands, "
        "but enclosing function (@f) returns 1\n"
        "v8.mlir:6:2: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@g) returns 1\n"
        '        "func.return"() : () -> ()      // expected-error-re '
        "{{^'func.return' op has [[:digit:]]+ operands, but enclosing function "
        "\\(@g\\) returns 1$}}\n"
        "        ^\n"
        "v8.mlir:6:32: error: expected error \"^'func.return' op has [[:digit:]]+ "
        'operands, but enclosing function \\(@g\\) returns 1$" was not produced\n'
        '        "func.return"() : () -> ()      // expected-error-re '
        "{{^'func.return' op has [[:digit:]]+ operands, but enclosing function "
        "\\(@g\\) returns 1$}}\n"
        "                                           "
        "^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n",
        "rc": 1,
        "only_expected": "v8.mlir:6:32: error: expected error \"^'func.return' op has "
        '[[:digit:]]+ operands, but enclosing function \\(@g\\) returns 1$" '
        "was not produced\n"
        '        "func.return"() : () -> ()      // expected-error-re '
        "{{^'func.return' op has [[:digit:]]+ operands, but enclosing "
        "function \\(@g\\) returns 1$}}\n"
        "                                           "
        "^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n",
    },
    "r1": {
        "text": "// expected-error-re {{a {{\\}}}}\n"
        "// expected-error-re {{b {{[a}}}}\n"
        "// expected-error-re {{c {{[z-a]}}}}\n"
        "// expected-error-re {{d {{[[:foo:]]}}}}\n"
        "// expected-error-re {{e {{a{300}}}}}\n"
        "// expected-error-re {{f {{\\1}}}}\n"
        "// expected-error-re {{g {{[[.foo.]]}}}}\n"
        "// expected-error-re {{h {{a|}}}}\n"
        "// expected-error-re {{i {{a**}}}}\n"
        "// expected-error-re {{j {{^*}}}}\n"
        "// expected-error-re {{k {{a{2,1}}}}}\n"
        "// expected-error-re {{l {{a{1x}}}}}\n"
        "// expected-error-re {{m {{)}}}}\n"
        "// expected-error-re {{n {{(}}}}\n"
        "// expected-error-re {{o {{[a-]}}}}\n"
        "// expected-error-re {{p {{[[:alpha:]}}}}\n"
        "// expected-error-re {{q {{[[=a=]]x}}}}\n"
        "// expected-error-re {{r {{a{,3}}}}}\n"
        "// expected-error-re {{s {{{1}}}}}\n"
        "// expected-error-re {{t {{(a)\\1}}}}\n"
        "// expected-error-re {{u {{()}}}}\n"
        "// expected-error-re {{v {{[[.space.]]}}}}\n"
        "// expected-error-re {{w {{[--z]}}}}\n"
        "// expected-error-re {{x {{[a-c-e]}}}}\n",
        "emitted": [],
        "stderr": "r1.mlir:1:4: error: invalid regex: trailing backslash (\\)\n"
        "// expected-error-re {{a {{\\}}}}\n"
        "   ^~~~~~~\n"
        "r1.mlir:2:4: error: invalid regex: brackets ([ ]) not balanced\n"
        "// expected-error-re {{b {{[a}}}}\n"
        "   ^~~~~~~~\n"
        "r1.mlir:3:4: error: invalid regex: invalid character range\n"
        "// expected-error-re {{c {{[z-a]}}}}\n"
        "   ^~~~~~~~~~~\n"
        "r1.mlir:4:4: error: invalid regex: invalid character class\n"
        "// expected-error-re {{d {{[[:foo:]]}}}}\n"
        "   ^~~~~~~~~~~~~~~\n"
        "r1.mlir:5:4: error: invalid regex: invalid repetition count(s)\n"
        "// expected-error-re {{e {{a{300}}}}}\n"
        "   ^~~~~~~~~~~~\n"
        "r1.mlir:6:4: error: invalid regex: invalid backreference number\n"
        "// expected-error-re {{f {{\\1}}}}\n"
        "   ^~~~~~~~\n"
        "r1.mlir:7:4: error: invalid regex: invalid collating element\n"
        "// expected-error-re {{g {{[[.foo.]]}}}}\n"
        "   ^~~~~~~~~~~~~~~\n"
        "r1.mlir:8:4: error: invalid regex: empty (sub)expression\n"
        "// expected-error-re {{h {{a|}}}}\n"
        "   ^~~~~~~~\n"
        "r1.mlir:9:4: error: invalid regex: repetition-operator operand invalid\n"
        "// expected-error-re {{i {{a**}}}}\n"
        "   ^~~~~~~~~\n"
        "r1.mlir:10:4: error: invalid regex: repetition-operator operand invalid\n"
        "// expected-error-re {{j {{^*}}}}\n"
        "   ^~~~~~~~\n"
        "r1.mlir:11:4: error: invalid regex: invalid repetition count(s)\n"
        "// expected-error-re {{k {{a{2,1}}}}}\n"
        "   ^~~~~~~~~~~~\n"
        "r1.mlir:12:4: error: invalid regex: braces not balanced\n"
        "// expected-error-re {{l {{a{1x}}}}}\n"
        "   ^~~~~~~~~~~\n"
        "r1.mlir:13:4: error: invalid regex: parentheses not balanced\n"
        "// expected-error-re {{m {{)}}}}\n"
        "   ^~~~~~~\n"
        "r1.mlir:14:4: error: invalid regex: parentheses not balanced\n"
        "// expected-error-re {{n {{(}}}}\n"
        "   ^~~~~~~\n"
        "r1.mlir:16:4: error: invalid regex: brackets ([ ]) not balanced\n"
        "// expected-error-re {{p {{[[:alpha:]}}}}\n"
        "   ^~~~~~~~~~~~~~~~\n"
        "r1.mlir:19:4: error: invalid regex: repetition-operator operand invalid\n"
        "// expected-error-re {{s {{{1}}}}}\n"
        "   ^~~~~~~~~\n"
        "r1.mlir:23:4: error: invalid regex: invalid character range\n"
        "// expected-error-re {{w {{[--z]}}}}\n"
        "   ^~~~~~~~~~~\n"
        "r1.mlir:24:4: error: invalid regex: invalid character range\n"
        "// expected-error-re {{x {{[a-c-e]}}}}\n"
        "   ^~~~~~~~~~~~~\n"
        'r1.mlir:15:4: error: expected error "o {{[a-]}}" was not produced\n'
        "// expected-error-re {{o {{[a-]}}}}\n"
        "   ^~~~~~~~~~\n"
        'r1.mlir:17:4: error: expected error "q {{[[=a=]]x}}" was not produced\n'
        "// expected-error-re {{q {{[[=a=]]x}}}}\n"
        "   ^~~~~~~~~~~~~~\n"
        'r1.mlir:18:4: error: expected error "r {{a{,3}}}" was not produced\n'
        "// expected-error-re {{r {{a{,3}}}}}\n"
        "   ^~~~~~~~~~~\n"
        'r1.mlir:20:4: error: expected error "t {{(a)\\1}}" was not produced\n'
        "// expected-error-re {{t {{(a)\\1}}}}\n"
        "   ^~~~~~~~~~~\n"
        'r1.mlir:21:4: error: expected error "u {{()}}" was not produced\n'
        "// expected-error-re {{u {{()}}}}\n"
        "   ^~~~~~~~\n"
        'r1.mlir:22:4: error: expected error "v {{[[.space.]]}}" was not produced\n'
        "// expected-error-re {{v {{[[.space.]]}}}}\n"
        "   ^~~~~~~~~~~~~~~~~\n",
        "rc": 1,
        "only_expected": "r1.mlir:1:4: error: invalid regex: trailing backslash (\\)\n"
        "// expected-error-re {{a {{\\}}}}\n"
        "   ^~~~~~~\n"
        "r1.mlir:2:4: error: invalid regex: brackets ([ ]) not balanced\n"
        "// expected-error-re {{b {{[a}}}}\n"
        "   ^~~~~~~~\n"
        "r1.mlir:3:4: error: invalid regex: invalid character range\n"
        "// expected-error-re {{c {{[z-a]}}}}\n"
        "   ^~~~~~~~~~~\n"
        "r1.mlir:4:4: error: invalid regex: invalid character class\n"
        "// expected-error-re {{d {{[[:foo:]]}}}}\n"
        "   ^~~~~~~~~~~~~~~\n"
        "r1.mlir:5:4: error: invalid regex: invalid repetition count(s)\n"
        "// expected-error-re {{e {{a{300}}}}}\n"
        "   ^~~~~~~~~~~~\n"
        "r1.mlir:6:4: error: invalid regex: invalid backreference number\n"
        "// expected-error-re {{f {{\\1}}}}\n"
        "   ^~~~~~~~\n"
        "r1.mlir:7:4: error: invalid regex: invalid collating element\n"
        "// expected-error-re {{g {{[[.foo.]]}}}}\n"
        "   ^~~~~~~~~~~~~~~\n"
        "r1.mlir:8:4: error: invalid regex: empty (sub)expression\n"
        "// expected-error-re {{h {{a|}}}}\n"
        "   ^~~~~~~~\n"
        "r1.mlir:9:4: error: invalid regex: repetition-operator operand "
        "invalid\n"
        "// expected-error-re {{i {{a**}}}}\n"
        "   ^~~~~~~~~\n"
        "r1.mlir:10:4: error: invalid regex: repetition-operator operand "
        "invalid\n"
        "// expected-error-re {{j {{^*}}}}\n"
        "   ^~~~~~~~\n"
        "r1.mlir:11:4: error: invalid regex: invalid repetition count(s)\n"
        "// expected-error-re {{k {{a{2,1}}}}}\n"
        "   ^~~~~~~~~~~~\n"
        "r1.mlir:12:4: error: invalid regex: braces not balanced\n"
        "// expected-error-re {{l {{a{1x}}}}}\n"
        "   ^~~~~~~~~~~\n"
        "r1.mlir:13:4: error: invalid regex: parentheses not balanced\n"
        "// expected-error-re {{m {{)}}}}\n"
        "   ^~~~~~~\n"
        "r1.mlir:14:4: error: invalid regex: parentheses not balanced\n"
        "// expected-error-re {{n {{(}}}}\n"
        "   ^~~~~~~\n"
        "r1.mlir:16:4: error: invalid regex: brackets ([ ]) not balanced\n"
        "// expected-error-re {{p {{[[:alpha:]}}}}\n"
        "   ^~~~~~~~~~~~~~~~\n"
        "r1.mlir:19:4: error: invalid regex: repetition-operator operand "
        "invalid\n"
        "// expected-error-re {{s {{{1}}}}}\n"
        "   ^~~~~~~~~\n"
        "r1.mlir:23:4: error: invalid regex: invalid character range\n"
        "// expected-error-re {{w {{[--z]}}}}\n"
        "   ^~~~~~~~~~~\n"
        "r1.mlir:24:4: error: invalid regex: invalid character range\n"
        "// expected-error-re {{x {{[a-c-e]}}}}\n"
        "   ^~~~~~~~~~~~~\n"
        'r1.mlir:15:4: error: expected error "o {{[a-]}}" was not produced\n'
        "// expected-error-re {{o {{[a-]}}}}\n"
        "   ^~~~~~~~~~\n"
        'r1.mlir:17:4: error: expected error "q {{[[=a=]]x}}" was not '
        "produced\n"
        "// expected-error-re {{q {{[[=a=]]x}}}}\n"
        "   ^~~~~~~~~~~~~~\n"
        'r1.mlir:18:4: error: expected error "r {{a{,3}}}" was not produced\n'
        "// expected-error-re {{r {{a{,3}}}}}\n"
        "   ^~~~~~~~~~~\n"
        'r1.mlir:20:4: error: expected error "t {{(a)\\1}}" was not produced\n'
        "// expected-error-re {{t {{(a)\\1}}}}\n"
        "   ^~~~~~~~~~~\n"
        'r1.mlir:21:4: error: expected error "u {{()}}" was not produced\n'
        "// expected-error-re {{u {{()}}}}\n"
        "   ^~~~~~~~\n"
        'r1.mlir:22:4: error: expected error "v {{[[.space.]]}}" was not '
        "produced\n"
        "// expected-error-re {{v {{[[.space.]]}}}}\n"
        "   ^~~~~~~~~~~~~~~~~\n",
    },
    "r3": {
        "text": "func.func @f0() -> i32 {\n"
        "  // expected-error-re@+1 {{{{.*}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f1() -> i32 {\n"
        "  // expected-error-re@+1 {{has {{[0-9]}} operands}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f2() -> i32 {\n"
        "  // expected-error-re@+1 {{has {{[[:digit:]]+}} operands}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f3() -> i32 {\n"
        "  // expected-error-re@+1 {{{{^'func}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f4() -> i32 {\n"
        "  // expected-error-re@+1 {{{{^func}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f5() -> i32 {\n"
        "  // expected-error-re@+1 {{returns {{1$}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f6() -> i32 {\n"
        "  // expected-error-re@+1 {{returns {{1}}$}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f7() -> i32 {\n"
        "  // expected-error-re@+1 {{{{returns 1$}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f8() -> i32 {\n"
        "  // expected-error-re@+1 {{{{\\d}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f9() -> i32 {\n"
        "  // expected-error-re@+1 {{has {{\\0}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f10() -> i32 {\n"
        "  // expected-error-re@+1 {{{{(a|b|has)}} 0}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f11() -> i32 {\n"
        "  // expected-error-re@+1 {{{{[^x]+}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f12() -> i32 {\n"
        "  // expected-error-re@+1 {{{{[]a]}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f13() -> i32 {\n"
        "  // expected-error-re@+1 {{{{[[:<:]]has}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f14() -> i32 {\n"
        "  // expected-error-re@+1 {{{{op[[:>:]]}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f15() -> i32 {\n"
        "  // expected-error-re@+1 {{(@f{{[0-9]*}})}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f16() -> i32 {\n"
        "  // expected-error-re@+1 {{{{x?}}has}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f17() -> i32 {\n"
        "  // expected-error-re@+1 {{{{h(a)s}} 0 {{o}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f18() -> i32 {\n"
        "  // expected-error-re@+1 {{{{(a)\\1}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f19() -> i32 {\n"
        "  // expected-error-re@+1 {{{{(o)p}} has {{\\1}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f20() -> i32 {\n"
        "  // expected-error-re@+1 {{{{[[.space.]]}}has}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f21() -> i32 {\n"
        "  // expected-error-re@+1 {{{{[[=h=]]}}as}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f22() -> i32 {\n"
        "  // expected-error-re@+1 {{has {{0{1,2}}} operands}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f23() -> i32 {\n"
        "  // expected-error-re@+1 {{has {{0{2}}} operands}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f24() -> i32 {\n"
        "  // expected-error-re@+1 {{{{a{,3}}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f25() -> i32 {\n"
        "  // expected-error-re@+1 {{{{.}}func}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f26() -> i32 {\n"
        "  // expected-error-re@+1 {{{{[a-c-]}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f27() -> i32 {\n"
        "  // expected-error-re@+1 {{{{\\.}}return}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f28() -> i32 {\n"
        "  // expected-error-re@+1 {{{{\\(}}@}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f29() -> i32 {\n"
        "  // expected-error-re@+1 {{{{[.]}}return}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f30() -> i32 {\n"
        "  // expected-error-re@+1 {{{{has|xyz}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f31() -> i32 {\n"
        "  // expected-error-re@+1 {{{{(has)|(xyz)}} 0}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f32() -> i32 {\n"
        "  // expected-error-re@+1 {{{{[[:upper:]]}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f33() -> i32 {\n"
        "  // expected-error-re@+1 {{enclosing {{function \\(@[a-z]+\\)}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f34() -> i32 {\n"
        "  // expected-error-re@+1 {{{{$}}}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f35() -> i32 {\n"
        "  // expected-error-re@+1 {{{{^}}'}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "func.func @f36() -> i32 {\n"
        "  // expected-error-re@+1 {{has {{0+?}} op}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n",
        "emitted": [
            (
                "error",
                ("r3.mlir", 3, 3),
                "'func.return' op has 0 operands, but enclosing function (@f0) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 7, 3),
                "'func.return' op has 0 operands, but enclosing function (@f1) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 11, 3),
                "'func.return' op has 0 operands, but enclosing function (@f2) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 15, 3),
                "'func.return' op has 0 operands, but enclosing function (@f3) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 19, 3),
                "'func.return' op has 0 operands, but enclosing function (@f4) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 23, 3),
                "'func.return' op has 0 operands, but enclosing function (@f5) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 27, 3),
                "'func.return' op has 0 operands, but enclosing function (@f6) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 31, 3),
                "'func.return' op has 0 operands, but enclosing function (@f7) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 35, 3),
                "'func.return' op has 0 operands, but enclosing function (@f8) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 39, 3),
                "'func.return' op has 0 operands, but enclosing function (@f9) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 43, 3),
                "'func.return' op has 0 operands, but enclosing function (@f10) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 47, 3),
                "'func.return' op has 0 operands, but enclosing function (@f11) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 51, 3),
                "'func.return' op has 0 operands, but enclosing function (@f12) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 55, 3),
                "'func.return' op has 0 operands, but enclosing function (@f13) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 59, 3),
                "'func.return' op has 0 operands, but enclosing function (@f14) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 63, 3),
                "'func.return' op has 0 operands, but enclosing function (@f15) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 67, 3),
                "'func.return' op has 0 operands, but enclosing function (@f16) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 71, 3),
                "'func.return' op has 0 operands, but enclosing function (@f17) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 75, 3),
                "'func.return' op has 0 operands, but enclosing function (@f18) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 79, 3),
                "'func.return' op has 0 operands, but enclosing function (@f19) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 83, 3),
                "'func.return' op has 0 operands, but enclosing function (@f20) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 87, 3),
                "'func.return' op has 0 operands, but enclosing function (@f21) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 91, 3),
                "'func.return' op has 0 operands, but enclosing function (@f22) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 95, 3),
                "'func.return' op has 0 operands, but enclosing function (@f23) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 99, 3),
                "'func.return' op has 0 operands, but enclosing function (@f24) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 103, 3),
                "'func.return' op has 0 operands, but enclosing function (@f25) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 107, 3),
                "'func.return' op has 0 operands, but enclosing function (@f26) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 111, 3),
                "'func.return' op has 0 operands, but enclosing function (@f27) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 115, 3),
                "'func.return' op has 0 operands, but enclosing function (@f28) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 119, 3),
                "'func.return' op has 0 operands, but enclosing function (@f29) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 123, 3),
                "'func.return' op has 0 operands, but enclosing function (@f30) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 127, 3),
                "'func.return' op has 0 operands, but enclosing function (@f31) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 131, 3),
                "'func.return' op has 0 operands, but enclosing function (@f32) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 135, 3),
                "'func.return' op has 0 operands, but enclosing function (@f33) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 139, 3),
                "'func.return' op has 0 operands, but enclosing function (@f34) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 143, 3),
                "'func.return' op has 0 operands, but enclosing function (@f35) returns 1",
                [],
            ),
            (
                "error",
                ("r3.mlir", 147, 3),
                "'func.return' op has 0 operands, but enclosing function (@f36) returns 1",
                [],
            ),
        ],
        "stderr": "r3.mlir:78:6: error: invalid regex: invalid backreference number\n"
        "  // expected-error-re@+1 {{{{(o)p}} has {{\\1}}}}\n"
        "     ^~~~~~~~~~~~~~~~~~~\n"
        "r3.mlir:90:6: error: invalid regex: braces not balanced\n"
        "  // expected-error-re@+1 {{has {{0{1,2}}} operands}}\n"
        "     ^~~~~~~~~~~~~~~~~~~~~~~\n"
        "r3.mlir:94:6: error: invalid regex: braces not balanced\n"
        "  // expected-error-re@+1 {{has {{0{2}}} operands}}\n"
        "     ^~~~~~~~~~~~~~~~~~~~~\n"
        "r3.mlir:146:6: error: invalid regex: repetition-operator operand invalid\n"
        "  // expected-error-re@+1 {{has {{0+?}} op}}\n"
        "     ^~~~~~~~~~~~~~\n"
        "r3.mlir:19:3: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@f4) returns 1\n"
        '  "func.return"() : () -> ()\n'
        "  ^\n"
        "r3.mlir:27:3: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@f6) returns 1\n"
        '  "func.return"() : () -> ()\n'
        "  ^\n"
        "r3.mlir:75:3: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@f18) returns 1\n"
        '  "func.return"() : () -> ()\n'
        "  ^\n"
        "r3.mlir:79:3: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@f19) returns 1\n"
        '  "func.return"() : () -> ()\n'
        "  ^\n"
        "r3.mlir:91:3: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@f22) returns 1\n"
        '  "func.return"() : () -> ()\n'
        "  ^\n"
        "r3.mlir:95:3: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@f23) returns 1\n"
        '  "func.return"() : () -> ()\n'
        "  ^\n"
        "r3.mlir:99:3: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@f24) returns 1\n"
        '  "func.return"() : () -> ()\n'
        "  ^\n"
        "r3.mlir:131:3: error: unexpected error: 'func.return' op has 0 operands, "
        "but enclosing function (@f32) returns 1\n"
        '  "func.return"() : () -> ()\n'
        "  ^\n"
        "r3.mlir:135:3: error: unexpected error: 'func.return' op has 0 operands, "
        "but enclosing function (@f33) returns 1\n"
        '  "func.return"() : () -> ()\n'
        "  ^\n"
        "r3.mlir:147:3: error: unexpected error: 'func.return' op has 0 operands, "
        "but enclosing function (@f36) returns 1\n"
        '  "func.return"() : () -> ()\n'
        "  ^\n"
        'r3.mlir:18:6: error: expected error "{{^func}}" was not produced\n'
        "  // expected-error-re@+1 {{{{^func}}}}\n"
        "     ^~~~~~~~~\n"
        'r3.mlir:26:6: error: expected error "returns {{1}}$" was not produced\n'
        "  // expected-error-re@+1 {{returns {{1}}$}}\n"
        "     ^~~~~~~~~~~~~~\n"
        'r3.mlir:74:6: error: expected error "{{(a)\\1}}" was not produced\n'
        "  // expected-error-re@+1 {{{{(a)\\1}}}}\n"
        "     ^~~~~~~~~\n"
        'r3.mlir:98:6: error: expected error "{{a{,3}}}" was not produced\n'
        "  // expected-error-re@+1 {{{{a{,3}}}}}\n"
        "     ^~~~~~~~~\n"
        'r3.mlir:130:6: error: expected error "{{[[:upper:]]}}" was not produced\n'
        "  // expected-error-re@+1 {{{{[[:upper:]]}}}}\n"
        "     ^~~~~~~~~~~~~~~\n"
        'r3.mlir:134:6: error: expected error "enclosing {{function \\(@[a-z]+\\)}}" '
        "was not produced\n"
        "  // expected-error-re@+1 {{enclosing {{function \\(@[a-z]+\\)}}}}\n"
        "     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n",
        "rc": 1,
        "only_expected": "r3.mlir:78:6: error: invalid regex: invalid backreference number\n"
        "  // expected-error-re@+1 {{{{(o)p}} has {{\\1}}}}\n"
        "     ^~~~~~~~~~~~~~~~~~~\n"
        "r3.mlir:90:6: error: invalid regex: braces not balanced\n"
        "  // expected-error-re@+1 {{has {{0{1,2}}} operands}}\n"
        "     ^~~~~~~~~~~~~~~~~~~~~~~\n"
        "r3.mlir:94:6: error: invalid regex: braces not balanced\n"
        "  // expected-error-re@+1 {{has {{0{2}}} operands}}\n"
        "     ^~~~~~~~~~~~~~~~~~~~~\n"
        "r3.mlir:146:6: error: invalid regex: repetition-operator operand "
        "invalid\n"
        "  // expected-error-re@+1 {{has {{0+?}} op}}\n"
        "     ^~~~~~~~~~~~~~\n"
        'r3.mlir:18:6: error: expected error "{{^func}}" was not produced\n'
        "  // expected-error-re@+1 {{{{^func}}}}\n"
        "     ^~~~~~~~~\n"
        'r3.mlir:26:6: error: expected error "returns {{1}}$" was not '
        "produced\n"
        "  // expected-error-re@+1 {{returns {{1}}$}}\n"
        "     ^~~~~~~~~~~~~~\n"
        'r3.mlir:74:6: error: expected error "{{(a)\\1}}" was not produced\n'
        "  // expected-error-re@+1 {{{{(a)\\1}}}}\n"
        "     ^~~~~~~~~\n"
        'r3.mlir:98:6: error: expected error "{{a{,3}}}" was not produced\n'
        "  // expected-error-re@+1 {{{{a{,3}}}}}\n"
        "     ^~~~~~~~~\n"
        'r3.mlir:130:6: error: expected error "{{[[:upper:]]}}" was not '
        "produced\n"
        "  // expected-error-re@+1 {{{{[[:upper:]]}}}}\n"
        "     ^~~~~~~~~~~~~~~\n"
        'r3.mlir:134:6: error: expected error "enclosing {{function '
        '\\(@[a-z]+\\)}}" was not produced\n'
        "  // expected-error-re@+1 {{enclosing {{function \\(@[a-z]+\\)}}}}\n"
        "     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n",
    },
    "c2": {
        "text": "// é expected-error {{héllo}}\n"
        "//\texpected-error {{a\tb}}\n"
        "// expected-error {{x}}",
        "emitted": [],
        "stderr": 'c2.mlir:1:7: error: expected error "héllo" was not produced\n'
        "// é expected-error {{héllo}}\n"
        'c2.mlir:2:4: error: expected error "a\tb" was not produced\n'
        "//      expected-error {{a      b}}\n"
        "        ^~~\n"
        'c2.mlir:3:4: error: expected error "x" was not produced\n'
        "// expected-error {{x}}\n"
        "   ^\n",
        "rc": 1,
        "only_expected": 'c2.mlir:1:7: error: expected error "héllo" was not produced\n'
        "// é expected-error {{héllo}}\n"
        'c2.mlir:2:4: error: expected error "a\tb" was not produced\n'
        "//      expected-error {{a      b}}\n"
        "        ^~~\n"
        'c2.mlir:3:4: error: expected error "x" was not produced\n'
        "// expected-error {{x}}\n"
        "   ^\n",
    },
    "s7": {
        "text": "func.func @f() -> i32 {\n"
        "  // expected-error@+1 {{has 0 operands}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "// -----\n"
        "func.func @g() -> i32 {\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "// expected-error@above {{nope}}\n"
        "// -----   // expected-error {{on marker line}}\n"
        "func.func @h() -> i32 {\n"
        "  // expected-error@+1 {{has 1 operands}}\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "// -----\n"
        "// expected-warning@below {{never}}\n",
        "emitted": [
            (
                "error",
                ("s7.mlir", 3, 3),
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            ),
            (
                "error",
                ("s7.mlir", 7, 3),
                "'func.return' op has 0 operands, but enclosing function (@g) returns 1",
                [],
            ),
            (
                "error",
                ("s7.mlir", 13, 3),
                "'func.return' op has 0 operands, but enclosing function (@h) returns 1",
                [],
            ),
        ],
        "stderr": "s7.mlir:7:3: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@g) returns 1\n"
        '  "func.return"() : () -> ()\n'
        "  ^\n"
        "s7.mlir:13:3: error: unexpected error: 'func.return' op has 0 operands, but "
        "enclosing function (@h) returns 1\n"
        '  "func.return"() : () -> ()\n'
        "  ^\n"
        's7.mlir:9:4: error: expected error "nope" was not produced\n'
        "// expected-error@above {{nope}}\n"
        "   ^~~~\n"
        's7.mlir:10:15: error: expected error "on marker line" was not produced\n'
        "// -----   // expected-error {{on marker line}}\n"
        "              ^~~~~~~~~~~~~~\n"
        's7.mlir:12:6: error: expected error "has 1 operands" was not produced\n'
        "  // expected-error@+1 {{has 1 operands}}\n"
        "     ^~~~~~~~~~~~~~\n"
        's7.mlir:16:4: error: expected warning "never" was not produced\n'
        "// expected-warning@below {{never}}\n"
        "   ^~~~~\n",
        "rc": 1,
    },
    "s8": {
        "text": "func.func @f() -> i32 {\n"
        '  "func.return"() : () -> ()\n'
        "}\n"
        "// -----\n"
        "// expected-error@-3 {{has 0 operands}}\n"
        "func.func @g() -> i32 {\n"
        '  "func.return"() : () -> ()\n'
        "// -----\n"
        "// expected-error@above {{custom op}}\n",
        "emitted": [
            (
                "error",
                ("s8.mlir", 2, 3),
                "'func.return' op has 0 operands, but enclosing function (@f) returns 1",
                [],
            ),
            ("error", ("s8.mlir", 7, 29), "expected operation name in quotes", []),
        ],
        "stderr": "s8.mlir:7:29: error: unexpected error: expected operation name in quotes\n"
        '  "func.return"() : () -> ()\n'
        "                            ^\n"
        's8.mlir:9:4: error: expected error "custom op" was not produced\n'
        "// expected-error@above {{custom op}}\n"
        "   ^~~~~~~~~\n",
        "rc": 1,
    },
    "s10": {
        "text": '"foo.x"() : () -> (i32\n'
        "// ----- // expected-error@above {{expected}}\n"
        '"foo.y"() : () -> ()\n',
        "emitted": [("error", ("s10.mlir", 1, 23), "expected ')'", [])],
        "stderr": "",
        "rc": 0,
    },
}


def test_str_of_diagnostic_error_carries_the_location_like_the_cli() -> None:
    """Issue 13 item 5: `str()` of the Python API's error reads like the CLI's first line."""
    import llh_opt

    text = 'func.func @f() {\n  %0 = "llh.bogus"() : () -> i32\n  return\n}\n'
    with pytest.raises(DiagnosticError) as e:
        llh_opt.parse(text, filename="model.mlir")
    assert str(e.value).startswith("model.mlir:2:8: error: unregistered operation 'llh.bogus'")


def test_str_of_diagnostic_error_without_location_and_with_notes() -> None:
    d = Diagnostic(Severity.ERROR, "boom")
    d.attach_note("see here", SourceLoc("a.mlir", 3, 4))
    assert str(DiagnosticError(d)) == "error: boom\na.mlir:3:4: note: see here"
