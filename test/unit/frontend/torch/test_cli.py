"""`llh-import-torch`: a model file's factory exported with named dynamic sizes → `.mlir` plus
`.npy` weights that `llh-opt` reads back (`--infer-symbolic-shape`, `--load-weight`); every
failure is one `error:` line and exit 1, never a traceback, with no output written."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("torch")

MODEL = textwrap.dedent(
    """
    import torch

    class Net(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv = torch.nn.Conv2d(3, 4, 3, stride=2, padding=1)
            self.bn = torch.nn.BatchNorm2d(4)

        def forward(self, x):
            return torch.relu(self.bn(self.conv(x))).mean((2, 3))

    class Bad(torch.nn.Module):
        def forward(self, x):
            return torch.cumsum(x, 0)

    def factory():
        return Net()

    def with_inputs():
        return Net(), (torch.randn(2, 3, 16, 16),)

    def bad():
        return Bad()

    def not_a_module():
        return 42
    """
)


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    code = "from llh_opt.frontend.torch.cli import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=cwd, capture_output=True, text=True, timeout=300
    )


def _llh_opt(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    code = "from llh_opt.cli import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=cwd, capture_output=True, text=True, timeout=300
    )


def test_cli_writes_mlir_and_weights_that_llh_opt_reads(tmp_path: Path) -> None:
    (tmp_path / "model.py").write_text(MODEL)
    r = _cli("model.py:factory", "--input", "1x3xHxW", "--dynamic", "H=W", "--range", "H=4:512",
             "-o", "out/m.mlir",
             cwd=tmp_path)  # fmt: skip
    assert r.returncode == 0, r.stderr
    out = tmp_path / "out"
    text = (out / "m.mlir").read_text()
    assert 'func.input_symbol_2 = "s' in text and '"llh.torch_symbolic_int"' in text
    assert sorted(p.name for p in out.glob("*.npy")) == [
        "bn_bias.npy", "bn_running_mean.npy", "bn_running_var.npy", "bn_weight.npy",
        "conv_bias.npy", "conv_weight.npy",
    ]  # fmt: skip
    r = _llh_opt(str(out / "m.mlir"), "--infer-symbolic-shape", "--load-weight", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert '"llh.weight"' not in r.stdout and "#llh.encoding" in r.stdout


def test_cli_factory_with_example_inputs_and_inline_weights(tmp_path: Path) -> None:
    (tmp_path / "model.py").write_text(MODEL)
    r = _cli("model.py:with_inputs", "--input", "Bx3x16x16", "--weights", "inline", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "tensor<?x3x16x16xf32>" in r.stdout and '"llh.weight"' not in r.stdout
    assert not list(tmp_path.glob("*.npy"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["model.py:bad", "--input", "Nx3"], "unsupported op 'aten.cumsum'"),
        (["model.py:not_a_module", "--input", "1x3"], "returned int, not an nn.Module"),
        (["model.py:missing", "--input", "1x3"], "no callable 'missing'"),
        (["nofile.py:factory", "--input", "1x3"], "nofile.py: no such file"),
        (["model.py:factory", "--input", "1x3x?"], "'?' is neither a size nor a dimension name"),
        (["model.py:factory", "--input", "1x5xHxH"], "torch.export failed"),
        (["model.py:factory", "--input", "1x3xHxW", "--dynamic", "H=Z"], "'Z' is not a dimension"),
        (["model.py:factory"], "give the input shapes with --input"),
    ],
)
def test_cli_errors_are_one_message_and_exit_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    # In process (torch is imported once for all cases); the subprocess test above covers the
    # real command.
    from click.testing import CliRunner

    from llh_opt.frontend.torch.cli import main

    (tmp_path / "model.py").write_text(MODEL)
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, [*args, "-o", "never.mlir"])
    assert r.exit_code == 1
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert "error: " in r.stderr and message in r.stderr, r.stderr
    assert "Traceback" not in r.stderr
    assert not (tmp_path / "never.mlir").exists() and not list(tmp_path.glob("*.npy"))


def test_unsupported_op_is_a_located_diagnostic_at_the_model_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from click.testing import CliRunner

    from llh_opt.frontend.torch.cli import main

    (tmp_path / "model.py").write_text(MODEL)
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["model.py:bad", "--input", "Nx3"])
    assert r.exit_code == 1
    lines = r.stderr.splitlines()
    code = "        return torch.cumsum(x, 0)"
    line_no = MODEL.splitlines().index(code) + 1
    where = f"model.py:{line_no}:9:"
    assert where in lines[0], lines[0]
    assert f"{where} error: unsupported op 'aten.cumsum' (FX node 'cumsum'" in lines[0]
    assert lines[1:3] == [code, " " * 8 + "^"]
    assert f"{where} note: supported ATen ops: " in lines[3]
