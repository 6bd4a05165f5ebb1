"""The fuzz harness in CI: a few hundred generated and mutated inputs through llh-opt, none of which
may make it fail internally (issue 13 item 2).

Inputs come from ``tools/fuzz`` (``generate.py``: valid LLH modules; ``mutate.py``: edits of the
test corpus); ``check.py`` runs the CLI in-process. Hypothesis is derandomized (always under
``CI=true``; elsewhere too unless ``LLH_FUZZ_RANDOM=1`` asks for fresh cases), so the suite is
repeatable; ``LLH_FUZZ_EXAMPLES`` scales the number of cases. Long runs with minimized reproducers:
``python tools/fuzz/run_fuzz.py --seconds 600``.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from support.paths import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "tools" / "fuzz"))

from check import VALID_PIPELINES, _run, check, check_valid  # noqa: E402
from generate import random_module  # noqa: E402
from mutate import corpus, mutate  # noqa: E402

_SCALE = float(os.environ.get("LLH_FUZZ_EXAMPLES", "1"))
_SETTINGS = dict(
    deadline=None,
    derandomize=os.environ.get("CI") == "true" or os.environ.get("LLH_FUZZ_RANDOM") != "1",
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
)
_CORPUS = corpus(REPO_ROOT / "test")


@settings(max_examples=max(1, int(40 * _SCALE)), **_SETTINGS)
@given(st.randoms(use_true_random=False))
def test_generated_modules_are_valid(rng: random.Random) -> None:
    text = random_module(rng)
    code, err, _ = _run(text, ())
    assert code == 0, f"generator produced an invalid module:\n{text}\n{err}"


@settings(max_examples=max(1, int(40 * _SCALE)), **_SETTINGS)
@given(st.randoms(use_true_random=False))
def test_every_pass_on_generated_modules(rng: random.Random) -> None:
    text = random_module(rng)
    finding = check_valid(text)
    assert finding is None, f"{finding}\n{text}"


@settings(max_examples=max(1, int(250 * _SCALE)), **_SETTINGS)
@given(st.randoms(use_true_random=False), st.sampled_from(VALID_PIPELINES))
def test_mutated_corpus_never_fails_internally(rng: random.Random, flags: tuple[str, ...]) -> None:
    text = mutate(rng.choice(_CORPUS), rng)
    finding = check(text, flags)
    assert finding is None, f"{finding}\n{text}"


def test_the_checker_reports_internal_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness is not vacuous: an exception inside llh-opt is a finding."""
    import llh_opt.cli as cli

    text = "func.func @f() {\n  return\n}\n"

    monkeypatch.setattr(cli, "OptRunner", _Exploding)
    finding = check(text)
    assert finding is not None and "internal error" in finding.message


class _Exploding:
    def __init__(self, *args: object) -> None:
        pass

    def run(self) -> int:
        raise ZeroDivisionError("injected")


def test_corpus_is_not_empty() -> None:
    assert len(_CORPUS) > 100
    assert Path(REPO_ROOT / "tools" / "fuzz" / "run_fuzz.py").is_file()
