"""Regenerate the golden imported IR of test/Frontend/Torch/Inputs from Inputs/models.py.

    python tools/gen_torch_goldens.py

Each golden is exactly what `llh-import-torch` prints for the command line in `GOLDENS`
(`test/Frontend/Torch/live-import.mlir` re-runs those commands and diffs, when torch is
installed). Needs torch.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INPUTS = ROOT / "test" / "Frontend" / "Torch" / "Inputs"

# golden file → llh-import-torch arguments (run in INPUTS)
GOLDENS: dict[str, list[str]] = {
    "conv_block.mlir": ["models.py:conv_block", "--input", "1x3xHxW", "--dynamic", "H=W",
                        "--range", "H=8:512", "--weights", "inline"],
    "mlp.mlir": ["models.py:mlp", "--input", "Bx4", "--weights", "inline"],
    "slicing.mlir": ["models.py:slicing", "--input", "Bx3", "--weights", "inline"],
}  # fmt: skip


def main() -> int:
    for name, args in GOLDENS.items():
        r = subprocess.run(
            [sys.executable, "-m", "llh_opt.frontend.torch.cli", *args],
            cwd=INPUTS, capture_output=True, text=True,
        )  # fmt: skip
        if r.returncode:
            sys.stderr.write(r.stderr)
            return 1
        (INPUTS / name).write_text(r.stdout)
        print(f"wrote {INPUTS / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
