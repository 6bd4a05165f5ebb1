"""Exceptions of the runtime: `ShapeError` for inputs the compiled module rejects.

Raised before the call (rank, static sizes checked in Python) or after it, with the message of the
module's own shape checks (`llh_last_error()`), e.g. "argument 0 (%x) dimension 2 (symbol s1):
expected 224, got 160".
"""

from __future__ import annotations


class ShapeError(ValueError):
    """An input shape the compiled entry point does not accept."""


class RuntimeLoadError(Exception):
    """A module that cannot be compiled/loaded for calling (no entries, missing manifest, ...)."""
