"""`import llh_opt` and the `llh-opt` command never import torch (the torch front end is an
optional extra, loaded only by `llh_opt.frontend.torch`)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

CODE = """
import sys
import llh_opt
from llh_opt.cli import main
sys.argv = ["llh-opt", {path!r}, "--infer-symbolic-shape", "--canonicalize"]
try:
    main()
except SystemExit as e:
    assert not e.code, e.code
loaded = sorted(m for m in sys.modules if m == "torch" or m.startswith("torch."))
assert not loaded, loaded
print("no torch")
"""


def test_llh_opt_and_its_cli_do_not_import_torch(tmp_path: Path) -> None:
    f = tmp_path / "m.mlir"
    f.write_text(
        "func.func @main(%arg0: tensor<?x3xf32>) -> tensor<?x3xf32> attributes {entrance} {\n"
        '  %0 = "llh.relu"(%arg0) : (tensor<?x3xf32>) -> tensor<?x3xf32>\n'
        "  return %0 : tensor<?x3xf32>\n}\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", CODE.format(path=str(f))],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith("no torch")


_WITHOUT_TORCH = "import sys; sys.modules['torch'] = None\n"


def test_llh_import_torch_without_torch_is_one_clean_message() -> None:
    """With torch absent, the console script reports it in one line and exits 1 (the package's
    names load lazily, so its `__init__` does not fail first with a traceback)."""
    code = _WITHOUT_TORCH + (
        "from llh_opt.frontend.torch.cli import main\n"
        "sys.argv = ['llh-import-torch', 'model.py:make', '--input', '1x3']\n"
        "main()\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    assert "torch is not installed" in r.stderr


def test_frontend_names_without_torch_raise_an_import_error_naming_the_extra() -> None:
    code = _WITHOUT_TORCH + (
        "import llh_opt.frontend.torch as t\n"
        "try:\n"
        "    t.import_exported_program\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "pip install 'llh-opt[torch]'" in r.stdout
