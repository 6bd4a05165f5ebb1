"""Running llh-opt on one input, in-process, and judging the outcome, for the fuzz harness.

`check(text, passes)` runs the CLI's own entry (`llh_opt.cli.run_cli`) on `text` with the given
pass flags and returns a `Finding` when llh-opt failed internally (exit code 2, or any exception
escaping `run_cli`) or when a successful output does not re-parse; a clean rejection (a diagnostic,
exit 1) is no finding. `check_valid(text)` additionally runs every pass of `VALID_PIPELINES` on a
module that is valid, and checks that `--canonicalize` twice is a fixed point.

What does not live here: producing inputs (``generate.py``, ``mutate.py``), long runs and
minimization (``run_fuzz.py``).
"""

from __future__ import annotations

import io
import os
import tempfile
from contextlib import redirect_stdout
from dataclasses import dataclass

from llh_opt.cli import run_cli

__all__ = ["VALID_PIPELINES", "Finding", "check", "check_valid"]

VALID_PIPELINES: tuple[tuple[str, ...], ...] = (
    (),
    ("--mlir-print-op-generic",),
    ("--canonicalize",),
    ("--cse",),
    ("--infer-symbolic-shape",),
    ("--infer-symbolic-shape", "--canonicalize"),
    ("--infer-symbolic-shape", "--encoding-to-bind"),
    ("--remove-redundant-ops",),
    ("--operation-legalization",),
    ("--transform-layout",),
    ("--symbol-dce", "--inline"),
    ("--infer-symbolic-shape", "--convert-llh-to-loops"),
)
"""Pass flags each generated valid module goes through (none of them may fail internally)."""


@dataclass
class Finding:
    """An internal failure: which flags, what llh-opt said, the input."""

    flags: tuple[str, ...]
    message: str
    text: str

    def __str__(self) -> str:
        return f"llh-opt {' '.join(self.flags)}: {self.message}"


def _run(text: str, flags: tuple[str, ...]) -> tuple[int, str, str | None]:
    """(exit code, stderr, output text or None) of `llh-opt <file> flags -o <out>`."""
    with tempfile.TemporaryDirectory() as d:
        src, out = os.path.join(d, "in.mlir"), os.path.join(d, "out.mlir")
        with open(src, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
        err = io.StringIO()
        with redirect_stdout(io.StringIO()):
            try:
                code = run_cli([src, *flags, "-o", out], stderr=err)
            except BaseException as e:  # noqa: BLE001 - anything escaping run_cli is a finding
                return 2, f"{type(e).__name__}: {e}", None
        result = None
        if code == 0 and os.path.exists(out):
            with open(out, encoding="utf-8", errors="surrogateescape") as f:
                result = f.read()
        return code, err.getvalue(), result


def check(text: str, flags: tuple[str, ...] = (), *, reparse: bool = True) -> Finding | None:
    """Run llh-opt on `text`; a finding when it fails internally or its output does not re-parse."""
    allow = ("--allow-unregistered-dialect",)
    code, err, out = _run(text, (*allow, *flags))
    if code not in (0, 1):
        return Finding(flags, err.strip().splitlines()[-1] if err.strip() else f"exit {code}", text)
    if code == 0 and out is not None and reparse and "--emit" not in " ".join(flags):
        code2, err2, _ = _run(out, allow)
        if code2 != 0:
            return Finding(flags, f"output does not re-parse: {err2.strip()[:300]}", text)
    return None


def check_valid(text: str) -> Finding | None:
    """Every pipeline of `VALID_PIPELINES` on a valid module, and canonicalization's fixed point."""
    for flags in VALID_PIPELINES:
        f = check(text, flags)
        if f is not None:
            return f
    code, err, once = _run(text, ("--canonicalize",))
    if code == 0 and once is not None:
        code2, err2, twice = _run(once, ("--canonicalize",))
        if code2 != 0:
            return Finding(("--canonicalize", "twice"), err2.strip()[:300], text)
        if twice != once:
            return Finding(("--canonicalize", "twice"), "not a fixed point", text)
    return None
