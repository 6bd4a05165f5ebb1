"""Where imported parameters and buffers go: `.npy` files beside the output, or inline constants.

`WeightStore(mode)` collects the arrays of an import (name → numpy array, in graph order) and
makes the op that stands for each one: an `llh.weight <{weight_file = "<name>.npy"}>` (mode
`"npy"`; the file name is the torch name with every character that is not alphanumeric, `_` or `-`
replaced by `_`, made unique) or an `llh.constant` holding a dense literal (mode `"inline"`).
`save(directory)` writes the `.npy` files (the CLI calls it next to the `.mlir` it writes; a
caller of the Python API may call it, or pass `weight_dir` to `import_exported_program`).

What does not live here: reading weights back (`--load-weight`, `passes/load_weight.py`).
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from llh_opt.dialects.llh import ConstantOp, WeightOp
from llh_opt.ir.attributes import LocationAttr, UnknownLoc
from llh_opt.ir.core import Operation
from llh_opt.ir.dense import dense_from_numpy
from llh_opt.ir.types import RankedTensorType

__all__ = ["WEIGHT_MODES", "WeightStore", "weight_file_name"]

WEIGHT_MODES = ("npy", "inline")
_UNSAFE = re.compile(r"[^A-Za-z0-9_\-]")


def weight_file_name(name: str) -> str:
    """`conv1.weight` → `conv1_weight` (the stem of the `.npy` file)."""
    return _UNSAFE.sub("_", name) or "weight"


class WeightStore:
    """The weights of one import, and the ops that reference them."""

    __slots__ = ("arrays", "files", "mode")

    def __init__(self, mode: str = "npy") -> None:
        if mode not in WEIGHT_MODES:
            raise ValueError(f"weights must be one of {', '.join(WEIGHT_MODES)}, not {mode!r}")
        self.mode = mode
        self.arrays: dict[str, np.ndarray] = {}  # torch name → data
        self.files: dict[str, str] = {}  # torch name → .npy file name

    def op_for(
        self, name: str, array: np.ndarray, type: RankedTensorType,
        location: LocationAttr | None = None,
    ) -> Operation:  # fmt: skip
        """The op standing for weight `name` (recorded for `save`)."""
        loc = location if location is not None else UnknownLoc()
        array = np.array(array, order="C", copy=True)  # (ascontiguousarray makes 0-d 1-d)
        self.arrays[name] = array
        if self.mode == "inline":
            return ConstantOp.build(dense_from_numpy(array, type), result_type=type, location=loc)
        stem = weight_file_name(name)
        file = f"{stem}.npy"
        taken = set(self.files.values())
        n = 1
        while file in taken:
            file = f"{stem}_{n}.npy"
            n += 1
        self.files[name] = file
        return WeightOp.build(file, type, location=loc)

    def save(self, directory: str | Path) -> list[Path]:
        """Write the `.npy` files into `directory` (created if missing); the paths written."""
        out: list[Path] = []
        if self.mode != "npy":
            return out
        d = Path(directory)
        d.mkdir(parents=True, exist_ok=True)
        for name, file in self.files.items():
            path = d / file
            np.save(path, self.arrays[name], allow_pickle=False)
            out.append(path)
        return out
