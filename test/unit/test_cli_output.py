"""`-o` onto something that is not a regular file (`/dev/null`) writes into it: the atomic
replace used for files must never turn a device into a regular file."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest


@pytest.mark.skipif(not os.path.exists(os.devnull), reason="no null device")
def test_output_to_dev_null_keeps_the_device(tmp_path) -> None:
    src = tmp_path / "in.mlir"
    src.write_text("func.func @f() {\n  return\n}\n")
    if not stat.S_ISCHR(os.stat(os.devnull).st_mode):
        pytest.skip("the null device is already a regular file (replaced by an older llh-opt)")
    r = subprocess.run(
        [sys.executable, "-c", "from llh_opt.cli import main; main()", str(src), "-o", os.devnull],
        capture_output=True,
        text=True,
    )
    after = os.stat(os.devnull)
    assert stat.S_ISCHR(after.st_mode), "llh-opt replaced the null device by a regular file"
    assert r.returncode == 0, r.stderr
