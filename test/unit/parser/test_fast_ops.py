"""The whole-op fast path of the parse loop (`driver.FastOps`) builds exactly what the
token-by-token path builds, and reports exactly its errors.

Large files use it (``FAST_OPS_MIN_TEXT``); lit inputs are small, so here every chunk of the test
corpus, generated modules and mutated chunks are parsed both ways (the threshold forced to 0 and
to infinity) and compared: the generic form with locations when both succeed, the diagnostic when
both fail.
"""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import llh_opt.parser as parser_pkg
from llh_opt.diagnostics import DiagnosticError
from llh_opt.parser import parse_source
from llh_opt.printer import print_operation
from support.paths import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "tools" / "fuzz"))

from generate import random_module  # noqa: E402
from mutate import corpus, mutate  # noqa: E402

_CORPUS = corpus(REPO_ROOT / "test")


@pytest.fixture(autouse=True, scope="module")
def _long_integers():  # type: ignore[no-untyped-def]
    """As `llh-opt` runs: integers of any length print, deep nesting prints (the corpus has
    both)."""
    old = sys.get_int_max_str_digits(), sys.getrecursionlimit()
    sys.set_int_max_str_digits(0)
    sys.setrecursionlimit(max(old[1], 20000))
    yield
    sys.set_int_max_str_digits(old[0])
    sys.setrecursionlimit(old[1])


def _outcome(text: str, fast: bool, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(parser_pkg, "FAST_OPS_MIN_TEXT", 0 if fast else 1 << 62)
    try:
        module = parse_source(text, "in.mlir", allow_unregistered=True)
    except DiagnosticError as e:
        return "error: " + str(e)
    except RecursionError:
        return "recursion"
    return print_operation(module, generic=True, debuginfo=True)


def _same(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    slow = _outcome(text, False, monkeypatch)
    fast = _outcome(text, True, monkeypatch)
    assert fast == slow, text


def test_every_corpus_chunk_parses_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(_CORPUS) > 500
    for chunk in _CORPUS:
        _same(chunk, monkeypatch)


@pytest.mark.parametrize(
    "text",
    [
        # comments between the parts and after the op, and a location on the next line
        '%0 = "t.a"() /*x*/ : () -> i32\n',
        '%0 = "t.a"() // c\n : () -> i32 // d\n%1 = "t.b"(%0) : (i32) -> i32 loc("x":1:2)\n',
        '%0 = "t.a"() : () -> i32\n  loc(#l)\n#l = loc("f":3:4)\n',
        # an op that is not complete, a bad token after a complete one
        '%0 = "t.a"() : () -> i32 %1\n',
        '%0 = "t.a"() : () -> i32 }\n',
        '"t.a"() : () -> () "t.b"() <{x = 1}> {y} : () -> () loc(\n',
        # results bound to the wrong count, an undefined operand, a type mismatch
        '%0:2 = "t.a"() : () -> i32\n',
        '"t.a"(%x) : (i32) -> ()\n',
        '%0 = "t.a"() : () -> i32\n"t.b"(%0) : (f32) -> ()\n',
        # inside regions and blocks
        '"t.r"() ({\n^bb0(%a: i32):\n  %0 = "t.a"(%a) : (i32) -> i32\n  "t.y"(%0) : (i32) -> ()\n'
        "}) : () -> ()\n",
    ],
)
def test_edge_cases_parse_the_same(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _same(text, monkeypatch)


_SETTINGS = dict(
    deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow], database=None
)


@settings(max_examples=60, **_SETTINGS)
@given(st.randoms(use_true_random=False))
def test_generated_modules_parse_the_same(rng: random.Random) -> None:
    with pytest.MonkeyPatch.context() as mp:
        _same(random_module(rng), mp)


@settings(max_examples=300, **_SETTINGS)
@given(st.randoms(use_true_random=False))
def test_mutated_chunks_parse_the_same(rng: random.Random) -> None:
    with pytest.MonkeyPatch.context() as mp:
        _same(mutate(rng.choice(_CORPUS), rng), mp)


def test_a_large_file_takes_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """Above the threshold the fast path really builds the ops (counted), and agrees."""
    from llh_opt.parser.grammar_loader import machinery

    ops = "".join(f'  %{i} = "t.a"(%{i - 1}) : (i32) -> i32\n' for i in range(1, 3000))
    text = '%0 = "t.z"() : () -> i32\n' + ops
    assert len(text) >= parser_pkg.FAST_OPS_MIN_TEXT
    fast = machinery()[1].fast_ops()
    built = []
    original = fast.build

    def counting(m, groups):  # type: ignore[no-untyped-def]
        built.append(1)
        return original(m, groups)

    monkeypatch.setattr(fast, "build", counting)
    module = parse_source(text, "in.mlir", allow_unregistered=True)
    assert len(built) == 3000
    monkeypatch.undo()
    _same(text, monkeypatch)
    assert len(list(module.regions[0].blocks[0].ops)) == 3000
