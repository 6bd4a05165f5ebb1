"""Import discipline of a plain `llh-opt FILE`: what a parse / verify / print run loads.

Start-up time is mostly imports (issue 13: `llh-opt` on a small file within 4x a bare
`python3 -c pass`), so a plain run must not load the heavy or unneeded modules: no command-line
framework (click), no Lark (the parser tables are cached: ``llh_opt/parser/tables.py``), no sympy /
numpy / llvmlite / torch (lazy modules registered but never executed), none of the standard
library's slower modules. Checked in fresh interpreters, with a private cache directory (the first
run builds the cache and may load Lark; the second is the one checked). No timing is asserted.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

FORBIDDEN = (
    "click",
    "lark",
    "sympy",
    "numpy",
    "llvmlite",
    "torch",
    "tempfile",
    "dataclasses",
    "inspect",
    "hashlib",
    "pickle",
    "logging",
    "zipfile",
    "importlib.resources",
    "llh_opt.passes.canonicalize",
    "llh_opt.dialects.arith",
    "llh_opt.dialects.memref",
    "llh_opt.dialects.scf",
    "llh_opt.dialects.vector",
    "llh_opt.dialects.tensor",
    "llh_opt.symbolic",
    "llh_opt.codegen",
    "llh_opt.lowering",
    "llh_opt.runtime",
    "llh_opt.frontend",
)
"""Modules (and their submodules) a plain parse / verify / print run must not execute (the
dialects are loaded when an op or attribute of theirs is first looked up)."""

_PROBE = r"""
import json, sys
from llh_opt.cli import run_cli
code = run_cli(sys.argv[1:])
def executed(m):
    # lazy_import registers a module object that runs only on first attribute access
    return m is not None and type(m).__name__ != "_LazyModule"
print(json.dumps({"code": code, "modules": sorted(n for n, m in sys.modules.items() if executed(m))}))
"""

SMALL = """\
func.func @main(%arg0: tensor<?x3x?x?xf32>) -> tensor<?x3x?x?xf32> {
  %0 = "llh.weight"() <{weight_file = "w0.npy"}> : () -> tensor<3xf32>
  %1 = "llh.relu"(%arg0) : (tensor<?x3x?x?xf32>) -> tensor<?x3x?x?xf32>
  %2 = "llh.add"(%1, %arg0) : (tensor<?x3x?x?xf32>, tensor<?x3x?x?xf32>) -> tensor<?x3x?x?xf32>
  return %2 : tensor<?x3x?x?xf32>
}
"""


def _run(args: list[str], cache: Path) -> dict:
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    r = subprocess.run(
        [sys.executable, "-c", _PROBE, *args], capture_output=True, text=True, env=env
    )
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def _loaded(modules: list[str], name: str) -> list[str]:
    return [m for m in modules if m == name or m.startswith(name + ".")]


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A private cache directory, filled by one run (which may build the parser tables)."""
    cache = tmp_path_factory.mktemp("cache")
    src = cache / "warm.mlir"
    src.write_text(SMALL)
    assert _run([str(src), "-o", os.devnull], cache)["code"] == 0
    return cache


@pytest.mark.parametrize("text", ["module {\n}\n", SMALL], ids=["empty", "small"])
def test_plain_run_loads_no_heavy_module(text: str, cache_dir: Path, tmp_path: Path) -> None:
    src = tmp_path / "in.mlir"
    src.write_text(text)
    out = tmp_path / "out.mlir"
    result = _run([str(src), "-o", str(out)], cache_dir)
    assert result["code"] == 0
    assert out.read_text().startswith("module {")
    for name in FORBIDDEN:
        assert not _loaded(result["modules"], name), f"a plain run imported {name}"
    # The parser ran over its cached tables; the dialects of the ops read were registered.
    assert "llh_opt.parser.tables" in result["modules"]
    assert "llh_opt.dialects.builtin" in result["modules"]
    assert ("llh_opt.dialects.llh" in result["modules"]) == ("llh." in text)
    assert ("llh_opt.dialects.func" in result["modules"]) == ("func." in text)


def test_cache_files_are_written_where_the_user_cache_is(cache_dir: Path) -> None:
    names = sorted(p.name for p in (cache_dir / "llh-opt").iterdir())
    assert any(n.startswith("parser-tables-") for n in names), names
    assert any(n.startswith("regex-programs-") for n in names), names
    assert not any(n.endswith(".tmp") for n in names), names


def test_help_and_pass_suggestions_still_see_everything(cache_dir: Path) -> None:
    """What is not loaded for a plain run is still listed where the user asks for it."""
    env = dict(os.environ, XDG_CACHE_HOME=str(cache_dir))
    cmd = [sys.executable, "-c", "from llh_opt.cli import main; main()"]
    r = subprocess.run([*cmd, "--show-dialects"], capture_output=True, text=True, env=env)
    assert r.returncode == 0
    for dialect in ("arith", "builtin", "func", "llh", "memref", "scf", "tensor", "vector"):
        assert dialect in r.stdout.split(": ", 1)[1].strip().split(",")
    r = subprocess.run([*cmd, "--help"], capture_output=True, text=True, env=env)
    assert r.returncode == 0 and "--canonicalize" in r.stdout and "--lower-to-llvm" in r.stdout
    r = subprocess.run(
        [*cmd, "--canonicalise", os.devnull], capture_output=True, text=True, env=env
    )
    assert r.returncode == 1 and "Did you mean '--canonicalize'?" in r.stderr
