"""Shared checks of the torch importer tests: export a model with dynamic sizes, import it, run
`--infer-symbolic-shape` (which checks every `llh.symbolic_bind` against its own derivation,
spec D8: a disagreement is an error), and run the imported module in the LLH reference
interpreter (`support/llh_interpreter.py`) against torch eager at several sizes.

torch eager is the oracle for values (rel 1e-4), torch's FakeTensor shapes for sizes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import torch
from support.llh_interpreter import interpret

from llh_opt.frontend.torch import import_exported_program_full
from llh_opt.ir.core import Operation
from llh_opt.parser import parse_source
from llh_opt.passes import PassManager
from llh_opt.printer import print_operation

Inputs = Callable[[int], tuple[torch.Tensor, ...]]


def export(model: torch.nn.Module, example: tuple[Any, ...], dynamic: Any) -> Any:
    model.eval()
    with torch.no_grad():
        return torch.export.export(model, example, dynamic_shapes=dynamic)


def infer(text: str) -> Operation:
    """Parse imported IR and run `--infer-symbolic-shape` (raises on a bind disagreement)."""
    module = parse_source(text)
    PassManager.parse("builtin.module(infer-symbolic-shape)").run(module)
    return module


def run_imported(module: Operation, args: Sequence[Any], weight_dir: Path | None) -> list[Any]:
    values = [a.detach().numpy() if isinstance(a, torch.Tensor) else int(a) for a in args]
    return interpret(module, values, weight_dir=weight_dir)


def assert_close(got: Any, want: torch.Tensor, what: str) -> None:
    w = want.detach().numpy()
    g = np.asarray(got)
    assert g.shape == w.shape, f"{what}: shape {g.shape} vs torch {w.shape}"
    if w.dtype == np.bool_:
        assert np.array_equal(g.astype(bool), w), what
        return
    np.testing.assert_allclose(
        g.astype(np.float64), w.astype(np.float64), rtol=1e-4, atol=1e-5, err_msg=what
    )


def check_model(
    model: torch.nn.Module,
    make_inputs: Inputs,
    dynamic: Any,
    sizes: Sequence[int],
    tmp_path: Path,
    *,
    weights: str = "npy",
    decompose: bool = True,
) -> str:
    """Export at `sizes[0]`, import, infer, and compare with torch at every size; the IR text."""
    model.eval()
    ep = export(model, make_inputs(sizes[0]), dynamic)
    imported = import_exported_program_full(
        ep, weights=weights, weight_dir=tmp_path, decompose=decompose
    )
    text = print_operation(imported.module)
    infer(text)  # zero disagreements between torch's binds and the shape rules
    # The same import without the torch ops (which have no run-time meaning) to run.
    plain = import_exported_program_full(
        ep, binds=False, weights=weights, weight_dir=tmp_path, decompose=decompose
    )
    module = infer(print_operation(plain.module))
    for n in sizes:
        args = make_inputs(n)
        with torch.no_grad():
            want = model(*args)
        wants = list(want) if isinstance(want, (tuple, list)) else [want]
        got = run_imported(module, args, tmp_path)
        assert len(got) == len(wants)
        for i, (g, w) in enumerate(zip(got, wants)):
            assert_close(g, w, f"output {i} at size {n}")
    return text
