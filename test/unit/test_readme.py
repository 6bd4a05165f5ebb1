"""The README stays true: its Python snippets run as written, its op reference is what the op
classes say, and its `--infer-symbolic-shape` listing is what llh-opt prints for the example.

What does not live here: the CLI's own tests (``test_cli*.py``), the lit suites.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from llh_opt.op_reference import op_reference

from support.paths import REPO_ROOT as REPO

README = (REPO / "README.md").read_text()
LLH_OPT = [sys.executable, "-c", "from llh_opt.cli import main; main()"]


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README, re.S)


def test_op_reference_is_generated_from_the_op_classes() -> None:
    m = re.search(r"<!-- op-reference:begin -->\n(.*?)<!-- op-reference:end -->", README, re.S)
    assert m is not None, "README lacks the op reference markers"
    assert m.group(1) == op_reference("llh"), (
        "README's op reference is stale: regenerate it from llh_opt.op_reference.op_reference()"
    )


def test_op_reference_lists_every_llh_op() -> None:
    import llh_opt.dialects  # noqa: F401
    from llh_opt.ir.core import OP_CLASSES

    table = op_reference("llh")
    names = [n for n in OP_CLASSES if n.startswith("llh.")]
    assert names
    for n in names:
        assert f"| `{n}` |" in table


def test_infer_symbolic_shape_listing_matches_the_example() -> None:
    listing = next(b for b in _blocks("mlir") if "@matmul" in b and "__symbol__" in b)
    out = subprocess.run(
        [*LLH_OPT, str(REPO / "examples/symbolic/matmul.mlir"),
         "--infer-symbolic-shape"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert out.rstrip("\n") == listing.rstrip("\n")


@pytest.mark.parametrize("index", range(len(_blocks("python"))))
def test_python_snippet_runs_as_written(index: int, tmp_path: Path) -> None:
    code = _blocks("python")[index]
    if "import torch" in code:
        pytest.importorskip("torch")
    os.symlink(REPO / "examples", tmp_path / "examples")
    if "libmodel.so" in code:
        cc = shutil.which("cc")
        if cc is None:
            pytest.skip("no C compiler")
        subprocess.run(
            [*LLH_OPT, "examples/c_api/model.mlir", "--lower-to-llvm",
             "--emit=obj", "-o", "model.o"],
            cwd=tmp_path, check=True,
        )  # fmt: skip
        subprocess.run(
            [cc, "-shared", "model.o", "-o", "libmodel.so", "-lpthread", "-lm"],
            cwd=tmp_path,
            check=True,
        )
    r = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert r.returncode == 0, r.stderr
