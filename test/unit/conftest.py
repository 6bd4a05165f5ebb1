"""pytest configuration for the unit tests: hypothesis profiles.

Under CI (`CI=true`) property tests run derandomized, so a submission's result does not depend on
the seed of the day; locally they explore new examples on every run.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_configure(config):  # type: ignore[no-untyped-def]
    config.addinivalue_line(
        "markers", "slow: end-to-end model tests (about a minute); deselect with -m 'not slow'"
    )
