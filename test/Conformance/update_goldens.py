"""Regenerate the golden outputs of the conformance tests (``Inputs/<name>.golden.mlir``) with the
reference tool, torch-mlir-opt.

Each conformance file diffs llh-opt's output against its golden file on every run; the live
comparison with torch-mlir-opt runs only where that tool is installed (`%if torch-mlir-opt`). This
script runs the file's own `%torch-mlir-opt` RUN line (its flags, `%s` = the file) and writes what
the tool prints. With `--check` it writes nothing and exits 1 when a golden differs.

    python test/Conformance/update_goldens.py [--check] [FILE.mlir ...]   (default: Conformance/*.mlir)

torch-mlir-opt is found as in ``test/lit.cfg.py``: next to the `torch_mlir` package, else on PATH.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
_TOOL_RUN = re.compile(r"%torch-mlir-opt\s+(.*?)\s+%s\b")


def find_torch_mlir_opt() -> str | None:
    spec = importlib.util.find_spec("torch_mlir")
    dirs: list[str] = []
    if spec is not None:
        dirs.extend(spec.submodule_search_locations or [])
        if spec.origin and spec.origin not in ("namespace", "built-in"):
            dirs.append(os.path.dirname(spec.origin))
    for d in dirs:
        candidate = os.path.join(d, "_mlir_libs", "torch-mlir-opt")
        if os.access(candidate, os.X_OK):
            return candidate
    return shutil.which("torch-mlir-opt")


def golden_path(test: Path) -> Path:
    return test.parent / "Inputs" / f"{test.stem}.golden.mlir"


def tool_flags(test: Path) -> list[str]:
    """The flags of the file's `%torch-mlir-opt ... %s` RUN line."""
    for line in test.read_text(encoding="utf-8").splitlines():
        m = _TOOL_RUN.search(line) if "RUN:" in line else None
        if m:
            return shlex.split(m.group(1))
    raise SystemExit(f"{test}: no '%torch-mlir-opt ... %s' RUN line")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare only, write nothing")
    parser.add_argument("files", nargs="*", type=Path)
    args = parser.parse_args(argv)
    tool = find_torch_mlir_opt()
    if tool is None:
        print("torch-mlir-opt not found", file=sys.stderr)
        return 2
    files = args.files or sorted(HERE.glob("*.mlir"))
    stale = 0
    for test in files:
        test = test.resolve()
        proc = subprocess.run(
            [tool, *tool_flags(test), str(test)], capture_output=True, text=True, check=False
        )
        if proc.returncode != 0:
            print(f"{test.name}: torch-mlir-opt failed:\n{proc.stderr}", file=sys.stderr)
            return 1
        golden = golden_path(test)
        old = golden.read_text(encoding="utf-8") if golden.exists() else None
        if old == proc.stdout:
            continue
        stale += 1
        if args.check:
            print(f"{golden.relative_to(HERE.parent)}: differs from torch-mlir-opt's output")
        else:
            golden.parent.mkdir(exist_ok=True)
            golden.write_text(proc.stdout, encoding="utf-8")
            print(f"wrote {golden.relative_to(HERE.parent)}")
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
