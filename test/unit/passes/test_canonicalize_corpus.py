"""`--canonicalize` on every lit input (issue #5: "the driver converges on every lit input"): each
`// -----` chunk of every ``test/**/*.mlir`` file that parses and verifies is canonicalized with
`test-convergence` and the rewrite checks on (every pattern that reports success changed the IR);
the result must verify, and a second run must change nothing (idempotence).

Chunks that do not parse or verify must be negative tests (an `expected-error` annotation in the
chunk, or a file whose RUN lines expect failure with `not llh-opt`); a diagnostic from
canonicalization must be one the chunk announces with `expected-error {{...}}` (a contradiction
stated on purpose). Anything else fails the test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.corpus import FILES, TEST_ROOT, chunks

from llh_opt.diagnostics import DiagnosticError
from llh_opt.ir.verifier import verify
from llh_opt.parser import parse_source
from llh_opt.passes import PassManager
from llh_opt.symbolic import SymbolAnalysis


_EXPECTED_ERROR = re.compile(r"expected-error(?:@\S+)?\s*\{\{(.*?)\}\}")


def _expected_errors(chunk: str) -> list[str]:
    """The texts of the chunk's `expected-error {{...}}` annotations."""
    return _EXPECTED_ERROR.findall(chunk)


def _expects_failure(path: Path) -> bool:
    """Whether a RUN line of the file expects llh-opt to fail (`not llh-opt`)."""
    return any(
        "RUN:" in line and "not llh-opt" in line
        for line in path.read_text(encoding="utf-8").splitlines()
    )


@pytest.fixture(autouse=True)
def _checks(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("LLH_OPT_CHECK_REWRITES", "1")
    SymbolAnalysis.clear()
    yield
    SymbolAnalysis.clear()


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(TEST_ROOT)))
def test_canonicalize_converges_and_is_idempotent(path: Path) -> None:
    negative_file = _expects_failure(path)
    for first_line, chunk in chunks(path):
        SymbolAnalysis.clear()
        try:
            m = parse_source(chunk, str(path), first_line=first_line, allow_unregistered=True)
            verify(m, allow_unregistered=True)
        except DiagnosticError as err:
            if not (negative_file or "expected-error" in chunk):
                pytest.fail(
                    f"{path}:{first_line}: chunk rejected but not a negative test: "
                    f"{err.diagnostics[0].message}"
                )
            continue
        pm = PassManager.parse("builtin.module(canonicalize{test-convergence})")
        pm.verify_each = False
        try:
            pm.run(m)
        except DiagnosticError as err:
            message = str(err.diagnostics[0].message)
            if not any(text in message for text in _expected_errors(chunk)):
                pytest.fail(
                    f"{path}:{first_line}: unexpected diagnostic from --canonicalize: {message}"
                )
            continue
        verify(m, allow_unregistered=True)
        once = m.print(generic=True)
        SymbolAnalysis.clear()
        again = PassManager.parse("builtin.module(canonicalize)")
        again.verify_each = False
        again.run(m)
        assert m.print(generic=True) == once, f"{path}:{first_line}: not idempotent"
