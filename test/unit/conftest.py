"""pytest configuration for the unit tests: hypothesis profiles, and the import path of the shared
test-support package (``support/``: the LLH reference interpreter, the reference-tool lookup),
importable from tests in any subdirectory as ``from support.llh_interpreter import interpret``.

Under CI (`CI=true`) property tests run derandomized, so a submission's result does not depend on
the seed of the day; locally they explore new examples on every run.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import settings

_UNIT_ROOT = str(Path(__file__).resolve().parent)
if _UNIT_ROOT not in sys.path:
    sys.path.insert(0, _UNIT_ROOT)

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_configure(config):  # type: ignore[no-untyped-def]
    config.addinivalue_line(
        "markers", "slow: end-to-end model tests (about a minute); deselect with -m 'not slow'"
    )
