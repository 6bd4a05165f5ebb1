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


# --------------------------------------------------------------------------- streamed output

LLH_OPT = [sys.executable, "-c", "from llh_opt.cli import main; main()"]

# Aliases are known only when the first aliasable attribute is printed: the streamed output
# starts over in the file (here after 3000 ops printed: more than one piece was written).
_ALIASED = "".join(f'"test.op{i}"() : () -> ()\n' for i in range(3000)) + (
    '"test.m"() {m = affine_map<(d0) -> (d0 + 1)>} : () -> ()\n'
)
_PLAIN = (
    "func.func @f(%a: i32) -> i32 {\n"
    + "".join(f"  %v{i} = arith.addi %a, %a : i32\n" for i in range(3000))
    + "  return %a : i32\n}\n"
)


def _run(args: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*LLH_OPT, "--allow-unregistered-dialect", *args], capture_output=True, text=True, **kw
    )


@pytest.mark.parametrize("source", [_PLAIN, _ALIASED], ids=["plain", "aliases"])
def test_output_file_holds_exactly_what_stdout_shows(tmp_path, source: str) -> None:
    src = tmp_path / "in.mlir"
    src.write_text(source)
    shown = _run([str(src)])
    assert shown.returncode == 0, shown.stderr
    out = tmp_path / "out.mlir"
    out.write_text("x" * 1_000_000)  # longer than the output: a restart must truncate
    written = _run([str(src), "-o", str(out)])
    assert written.returncode == 0, written.stderr
    assert out.read_text() == shown.stdout
    assert shown.stdout.endswith("}\n\n") or shown.stdout.endswith("()\n\n")
    if source is _ALIASED:
        assert shown.stdout.startswith("#map = affine_map<(d0) -> (d0 + 1)>\n")
    if os.path.exists(os.devnull) and stat.S_ISCHR(os.stat(os.devnull).st_mode):
        assert _run([str(src), "-o", os.devnull]).returncode == 0


def test_output_file_is_not_written_on_failure(tmp_path) -> None:
    src = tmp_path / "in.mlir"
    src.write_text(_PLAIN.replace("return %a", "return %nope"))
    out = tmp_path / "out.mlir"
    out.write_text("before\n")
    r = _run([str(src), "-o", str(out)])
    assert r.returncode == 1 and "undeclared SSA value" in r.stderr
    assert out.read_text() == "before\n"
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".llh-opt-")]


def test_split_input_file_output_is_unchanged(tmp_path) -> None:
    src = tmp_path / "in.mlir"
    src.write_text(_ALIASED + "// -----\n" + _PLAIN)
    out = tmp_path / "out.mlir"
    r = _run([str(src), "--split-input-file", "-o", str(out)])
    assert r.returncode == 0, r.stderr
    first, second = out.read_text().split("// -----\n")
    assert first.startswith("#map = ") and second.startswith("module {\n  func.func @f")


def test_timing_report_covers_the_streamed_output(tmp_path) -> None:
    src = tmp_path / "in.mlir"
    src.write_text(_PLAIN)
    r = _run([str(src), "-o", str(tmp_path / "out.mlir"), "--mlir-timing"])
    assert r.returncode == 0, r.stderr
    assert "Output" in r.stderr
    assert (tmp_path / "out.mlir").read_text().startswith("module {\n")
