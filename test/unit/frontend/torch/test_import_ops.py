"""Single-op models through the importer: torch.export with dynamic sizes → LLH →
`--infer-symbolic-shape` with zero bind disagreements → the reference interpreter equals torch
eager (rel 1e-4) at two sizes of the dynamic dimensions (the importer's IR is size-generic)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

torch = pytest.importorskip("torch")

import torch.nn.functional as F  # noqa: E402

from .torch_check import check_model  # noqa: E402

Dim = torch.export.Dim


class Fn(torch.nn.Module):
    """A module computing `fn(self, *inputs)` (parameters made by `init(self)`)."""

    def __init__(
        self, fn: Callable[..., Any], init: Callable[[torch.nn.Module], None] | None = None
    ):
        super().__init__()
        self.fn = fn
        if init is not None:
            init(self)

    def forward(self, *xs: Any) -> Any:
        return self.fn(self, *xs)


def _randn(*shape: int, seed: int = 0) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed + sum(shape))
    return torch.randn(*shape, generator=g)


def _conv(m: torch.nn.Module, *a: Any, **k: Any) -> None:
    m.conv = torch.nn.Conv2d(*a, **k)


def _bn_init(m: torch.nn.Module) -> None:
    m.bn = torch.nn.BatchNorm2d(4)
    with torch.no_grad():
        m.bn.running_mean.copy_(torch.linspace(-1, 1, 4))
        m.bn.running_var.copy_(torch.linspace(0.5, 2, 4))
        m.bn.weight.copy_(torch.linspace(0.5, 1.5, 4))
        m.bn.bias.copy_(torch.linspace(-0.2, 0.2, 4))


B = Dim("batch", min=2, max=64)
N = Dim("seq", min=4, max=64)
H = Dim("hw", min=8, max=64)

# name: (model, inputs at size n, dynamic shapes, sizes)
CASES: dict[
    str, tuple[Callable[[], torch.nn.Module], Callable[[int], tuple], Any, tuple[int, ...]]
] = {
    "conv1d_groups_dilation": (
        lambda: Fn(
            lambda m, x: m.c(x),
            lambda m: setattr(m, "c", torch.nn.Conv1d(4, 6, 3, groups=2, dilation=2, padding=2)),
        ),
        lambda n: (_randn(2, 4, n),),
        ({2: N},),
        (9, 16),
    ),
    "conv2d_stride_pad_bias": (
        lambda: Fn(lambda m, x: m.conv(x), lambda m: _conv(m, 3, 8, 3, stride=2, padding=1)),
        lambda n: (_randn(1, 3, n, n),),
        ({2: H, 3: H},),
        (9, 16),
    ),
    "conv2d_same_groups_nobias": (
        lambda: Fn(
            lambda m, x: m.conv(x),
            lambda m: _conv(m, 4, 4, 3, padding="same", groups=4, bias=False, dilation=2),
        ),
        lambda n: (_randn(2, 4, n, n + 1),),
        ({2: H, 3: H + 1},),
        (8, 12),
    ),
    "conv3d": (
        lambda: Fn(
            lambda m, x: m.c(x),
            lambda m: setattr(m, "c", torch.nn.Conv3d(2, 3, 2, stride=(1, 2, 1))),
        ),
        lambda n: (_randn(1, 2, 4, n, 3),),
        ({3: H},),
        (8, 11),
    ),
    "batch_norm_eval": (
        lambda: Fn(lambda m, x: m.bn(x), _bn_init),
        lambda n: (_randn(n, 4, 3, 5),),
        ({0: B},),
        (2, 5),
    ),
    "relu": (lambda: Fn(lambda m, x: torch.relu(x)), lambda n: (_randn(n, 3),), ({0: B},), (2, 7)),
    "max_pool2d": (
        lambda: Fn(lambda m, x: F.max_pool2d(x, 3, 2, 1)),
        lambda n: (_randn(1, 2, n, n + 2),),
        ({2: H, 3: H + 2},),
        (8, 13),
    ),
    "adaptive_avg_pool2d": (
        lambda: Fn(lambda m, x: F.adaptive_avg_pool2d(x, (2, 3))),
        lambda n: (_randn(n, 2, 6, 9),),
        ({0: B},),
        (2, 3),
    ),
    "add_sub_alpha_broadcast": (
        lambda: Fn(lambda m, x, y: torch.add(x, y, alpha=2) - torch.sub(y, 1.5, alpha=3)),
        lambda n: (_randn(n, 4), _randn(4)),
        ({0: B}, None),
        (2, 6),
    ),
    "mul_div_scalar_tensor": (
        lambda: Fn(lambda m, x, y: x * 3 / (y.abs() + 1) + 2 / (x * x + 1)),
        lambda n: (_randn(n, 5), _randn(n, 5, seed=1)),
        ({0: B}, {0: B}),
        (3, 8),
    ),
    "pow": (
        lambda: Fn(lambda m, x: (x.abs() + 0.5) ** 3 + torch.pow(x.abs() + 1, x) + x**2),
        lambda n: (_randn(n, 3),),
        ({0: B},),
        (2, 9),
    ),
    "sqrt_rsqrt_exp_abs": (
        lambda: Fn(lambda m, x: torch.sqrt(x.abs()) + torch.rsqrt(x.abs() + 1) + torch.exp(x)),
        lambda n: (_randn(n, 4),),
        ({0: B},),
        (2, 5),
    ),
    "maximum_minimum": (
        lambda: Fn(lambda m, x, y: torch.maximum(x, y) - torch.minimum(x, y.sum(0))),
        lambda n: (_randn(n, 4), _randn(n, 4, seed=2)),
        ({0: B}, {0: B}),
        (2, 5),
    ),
    "where_comparisons": (
        lambda: Fn(
            lambda m, x, y: (
                torch.where(x > y, x, y - 1),
                (x <= 0.1) & (y != x),
                (x < 0) | ~(y > 1),
                x.eq(x),
            )
        ),
        lambda n: (_randn(n, 6), _randn(n, 6, seed=3)),
        ({0: B}, {0: B}),
        (2, 4),
    ),
    "mm_bmm": (
        lambda: Fn(lambda m, x, y, z: (torch.mm(x, y), torch.bmm(z, z.transpose(1, 2)))),
        lambda n: (_randn(n, 5), _randn(5, 3), _randn(2, n, 4)),
        ({0: B}, None, {1: B}),
        (2, 6),
    ),
    "matmul_3d_2d_and_batched": (
        lambda: Fn(lambda m, x, y, z: (torch.matmul(x, y), torch.matmul(x, z))),
        lambda n: (_randn(2, n, 5), _randn(5, 3), _randn(1, 5, 2)),
        ({1: B}, None, None),
        (3, 7),
    ),
    "addmm_linear": (
        lambda: Fn(
            lambda m, x, y: (m.lin(x), torch.addmm(y[0], y, y.t(), beta=0.5, alpha=2)),
            lambda m: setattr(m, "lin", torch.nn.Linear(6, 4)),
        ),
        lambda n: (_randn(2, n, 6), _randn(n, n)),
        ({1: B}, {0: B, 1: B}),
        (3, 5),
    ),
    "t_transpose_permute": (
        lambda: Fn(lambda m, x: (x[0].t(), x.transpose(0, 2), x.permute(1, 2, 0))),
        lambda n: (_randn(2, n, 3),),
        ({1: B},),
        (2, 5),
    ),
    "view_reshape_flatten": (
        lambda: Fn(
            lambda m, x: (
                x.view(x.shape[0], -1),
                x.reshape(-1, 4),
                x.flatten(),
                x.flatten(1).unflatten(1, (2, 6)),
            )
        ),
        lambda n: (_randn(n, 3, 4),),
        ({0: B},),
        (2, 5),
    ),
    "unsqueeze_squeeze_expand": (
        lambda: Fn(
            lambda m, x: (
                x.unsqueeze(1).expand(-1, 3, -1) + 1,
                x[:, :1].squeeze(1),
                x.unsqueeze(0).squeeze(0),
            )
        ),
        lambda n: (_randn(n, 4),),
        ({0: B},),
        (2, 5),
    ),
    "cat": (
        lambda: Fn(lambda m, x, y: (torch.cat([x, y, x], 1), torch.cat([x, x], 0))),
        lambda n: (_randn(n, 2), _randn(n, 3)),
        ({0: B}, {0: B}),
        (2, 5),
    ),
    "slice_select_narrow": (
        lambda: Fn(
            lambda m, x: (
                x[:, 1:],
                x[:, ::2],
                x[:, -3:-1],
                x.select(1, 2),
                x.narrow(1, 1, 3),
                x[1:-1],
            )
        ),
        lambda n: (_randn(n, n + 1),),
        ({0: N, 1: N + 1},),
        (5, 9),
    ),
    "layer_norm": (
        lambda: Fn(
            lambda m, x: (m.ln(x), F.layer_norm(x, (5,))),
            lambda m: setattr(m, "ln", torch.nn.LayerNorm([3, 5])),
        ),
        lambda n: (_randn(n, 3, 5),),
        ({0: B},),
        (2, 4),
    ),
    "sum_amax_amin_mean": (
        lambda: Fn(
            lambda m, x: (
                x.sum(-1),
                x.sum(),
                x.amax(1, keepdim=True),
                x.amin((0, 2)),
                x.mean(1),
                x.mean((0, 2), keepdim=True),
            )
        ),
        lambda n: (_randn(n, 3, 4),),
        ({0: B},),
        (2, 5),
    ),
    "softmax_log_softmax": (
        lambda: Fn(lambda m, x: (torch.softmax(x, -1), torch.log_softmax(x, 1), F.softmax(x, 0))),
        lambda n: (_randn(3, n) * 4,),
        ({1: B},),
        (2, 7),
    ),
    "gelu": (
        lambda: Fn(lambda m, x: (F.gelu(x), F.gelu(x, approximate="tanh"))),
        lambda n: (torch.linspace(-6, 6, n * 8).reshape(n, 8),),
        ({0: B},),
        (2, 5),
    ),
    "sigmoid_tanh_silu_neg": (
        lambda: Fn(
            lambda m, x: (torch.sigmoid(x), torch.tanh(x), F.silu(x), -x, torch.clamp(x, -0.5, 0.5))
        ),
        lambda n: (_randn(n, 4) * 3,),
        ({0: B},),
        (2, 5),
    ),
    "hardtanh_relu6_leaky_relu": (
        lambda: Fn(lambda m, x: (F.hardtanh(x, -0.5, 2.0), F.relu6(x * 4), F.leaky_relu(x, 0.2))),
        lambda n: (_randn(n, 4) * 3,),
        ({0: B},),
        (2, 5),
    ),
    "dropout_eval": (
        lambda: Fn(lambda m, x: m.d(x) * 2, lambda m: setattr(m, "d", torch.nn.Dropout(0.5))),
        lambda n: (_randn(n, 4),),
        ({0: B},),
        (2, 5),
    ),
    "to_dtype": (
        lambda: Fn(
            lambda m, x: (
                x.to(torch.float64) * 2,
                (x > 0).float() + x.to(torch.int32).to(torch.float32),
                x.double().float(),
            )
        ),
        lambda n: (_randn(n, 4) * 3,),
        ({0: B},),
        (2, 5),
    ),
    "rank0_buffer_and_tensor_constant": (
        lambda: Fn(
            lambda m, x: x * m.s + m.p + torch.tensor(1.5),
            lambda m: (
                m.register_buffer("s", torch.tensor(2.0)),
                setattr(m, "p", torch.nn.Parameter(torch.tensor([3.0]))),
            ),
        ),
        lambda n: (_randn(n, 3),),
        ({0: B},),
        (2, 5),
    ),
    "full_zeros_ones_like": (
        lambda: Fn(
            lambda m, x: (
                x + torch.full((x.shape[0], 1), 2.5),
                torch.zeros_like(x),
                torch.ones(3, 2),
                x.new_full((2, x.shape[0]), 7.0),
            )
        ),
        lambda n: (_randn(n, 3),),
        ({0: B},),
        (2, 5),
    ),
    "sym_size_arithmetic": (
        lambda: Fn(
            lambda m, x: (x + x.shape[0], x.reshape(x.shape[0] * 2, 2), x.sum(0) / x.shape[0])
        ),
        lambda n: (_randn(n, 4),),
        ({0: B},),
        (2, 5),
    ),
}


@pytest.mark.parametrize("form", ["core-aten", "export-ir"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_single_op_model(name: str, form: str, tmp_path: Any) -> None:
    """`core-aten`: after torch's decompositions (the default); `export-ir`: torch's export IR
    as is (`aten.conv2d`, `aten.linear`, `aten.batch_norm`, `aten.softmax`, ...)."""
    make, inputs, dynamic, sizes = CASES[name]
    torch.manual_seed(0)
    # (`*xs` is one argument of the model: its dynamic shapes are one tuple)
    check_model(make(), inputs, (dynamic,), sizes, tmp_path, decompose=form == "core-aten")


def test_there_are_at_least_25_single_op_models() -> None:
    assert len(CASES) >= 25
