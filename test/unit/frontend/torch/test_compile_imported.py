"""Imported models compiled by the JIT (`llh_opt.runtime.compile`, the `lower-to-llvm`
pipeline) after `infer-symbolic-shape, remove-redundant-ops` (which turns torch's symbol ops into
`llh.dim`s): one compile serves two sizes of the dynamic dimensions, equal to torch eager."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from llh_opt.frontend.torch import import_exported_program  # noqa: E402
from llh_opt.parser import parse_source  # noqa: E402
from llh_opt.passes import PassManager  # noqa: E402
from llh_opt.printer import print_operation  # noqa: E402
from llh_opt.runtime import compile as jit_compile  # noqa: E402

from .test_import_ops import CASES  # noqa: E402
from .torch_check import assert_close, export  # noqa: E402

# Every case compiles (checked when this list was made); a representative dozen run here, to
# keep the suite's time reasonable.
COMPILED = [
    "conv1d_groups_dilation", "conv2d_stride_pad_bias", "batch_norm_eval", "max_pool2d",
    "addmm_linear", "matmul_3d_2d_and_batched", "slice_select_narrow", "sum_amax_amin_mean",
    "softmax_log_softmax", "gelu", "layer_norm", "where_comparisons", "sym_size_arithmetic",
    "full_zeros_ones_like",
]  # fmt: skip


@pytest.mark.parametrize("name", COMPILED)
def test_imported_model_compiles_and_matches_torch(name: str, tmp_path: Any) -> None:
    make, inputs, dynamic, sizes = CASES[name]
    torch.manual_seed(0)
    model = make().eval()
    ep = export(model, inputs(sizes[0]), (dynamic,))
    module = parse_source(print_operation(import_exported_program(ep, weights="inline")))
    PassManager.parse("builtin.module(infer-symbolic-shape, remove-redundant-ops)").run(module)
    compiled = jit_compile(module)
    for n in sizes:
        args = inputs(n)
        with torch.no_grad():
            want = model(*args)
        wants = list(want) if isinstance(want, (tuple, list)) else [want]
        got = compiled.main(*[a.numpy() for a in args])
        got = list(got) if isinstance(got, (tuple, list)) else [got]
        assert len(got) == len(wants)
        for i, (g, w) in enumerate(zip(got, wants)):
            assert_close(np.asarray(g), w, f"{name}: output {i} at size {n}")
