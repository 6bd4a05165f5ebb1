"""End to end through `torch.compile(model, backend="llh", dynamic=True)`: single-op models, an
MLP, a small CNN, a ResNet-18-like network and a transformer encoder block, each at two or more
input sizes from ONE compile (`STATS` unchanged after the first size), equal to torch eager within
rel 1e-4 (f32). Sizes avoid 0/1 and values equal to static sizes of the model (torch specializes
those, which would make the first compile static).
"""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from .backend_support import run_sizes  # noqa: E402
from .models import MLP, EncoderBlock, ResNet18  # noqa: E402

nn = torch.nn
F = torch.nn.functional


def _rand(*shape: int, seed: int = 0) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed + sum(shape))
    return torch.randn(*shape, generator=g)


class Lambda(nn.Module):
    def __init__(self, fn) -> None:  # type: ignore[no-untyped-def]
        super().__init__()
        self.fn = fn

    def forward(self, *args):  # type: ignore[no-untyped-def]
        return self.fn(*args)


# name → (function, rank of its inputs). Rank 2: sizes 5x7 then 9x6; rank 3: 5x3x7 then 9x3x6
# (the middle size static: conv1d's channels); rank 4: 2x3x9x11 then 3x3x12x7.
SINGLE_OPS = {
    "relu": (lambda x: torch.relu(x), 2),
    "add": (lambda x, y: x + y, 2),
    "mul_scalar": (lambda x: x * 2.5 - 1.0, 2),
    "div": (lambda x, y: x / (y.abs() + 1.0), 2),
    "exp_sqrt": (lambda x: torch.exp(x) + torch.sqrt(x.abs()), 2),
    "sigmoid_tanh": (lambda x: torch.sigmoid(x) * torch.tanh(x), 2),
    "where_compare": (lambda x, y: torch.where(x > y, x, y * 2.0), 2),
    "maximum_clamp": (lambda x, y: torch.maximum(x, y).clamp(-0.5, 0.75), 2),
    "softmax": (lambda x: torch.softmax(x, dim=-1), 2),
    "sum_mean": (lambda x: x.sum(dim=1) + x.mean(dim=1), 2),
    "amax": (lambda x: torch.amax(x, dim=0), 2),
    "matmul": (lambda x, y: x @ y.transpose(0, 1), 2),
    "cat_slice": (lambda x, y: torch.cat([x, y[:, 1:]], dim=1) * 2.0, 2),
    "two_outputs": (lambda x: (torch.relu(x), x.sum(dim=0) * 0.5), 2),
    "layer_norm": (lambda x: F.layer_norm(x.transpose(1, 2), (3,)), 3),
    "flatten": (lambda x: torch.flatten(x * 2.0, 1), 3),
    "conv1d": (lambda x: F.conv1d(x, torch.ones(4, 3, 3) * 0.25, padding=1), 3),
    "max_pool2d": (lambda x: F.max_pool2d(x, 2) + 1.0, 4),
    "adaptive_avg_pool2d": (lambda x: F.adaptive_avg_pool2d(x, (2, 3)), 4),
}

_SHAPES = {
    2: [(5, 7), (9, 6)],
    3: [(5, 3, 7), (9, 3, 6)],
    4: [(2, 3, 9, 11), (3, 3, 12, 7)],
}


def _single_inputs(name: str, rank: int) -> list[tuple[torch.Tensor, ...]]:
    arity = SINGLE_OPS[name][0].__code__.co_argcount
    return [tuple(_rand(*s, seed=i) for i in range(arity)) for s in _SHAPES[rank]]


@pytest.mark.parametrize("name", sorted(SINGLE_OPS))
def test_single_op(name: str) -> None:
    fn, rank = SINGLE_OPS[name]
    run_sizes(Lambda(fn).eval(), _single_inputs(name, rank))


def test_linear_dynamic_batch() -> None:
    model = nn.Linear(12, 5).eval()
    run_sizes(model, [(_rand(3, 12),), (_rand(7, 12),), (_rand(20, 12),)])


def test_mlp() -> None:
    torch.manual_seed(0)
    run_sizes(MLP().eval(), [(_rand(3, 16),), (_rand(11, 16),), (_rand(29, 16),)])


class SmallCNN(nn.Module):
    """conv-bn-relu-pool twice, global average pool, linear."""

    def __init__(self) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, padding=1)
        self.bn1 = nn.BatchNorm2d(8)
        self.conv2 = nn.Conv2d(8, 12, 3, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(12)
        self.pool = nn.MaxPool2d(2)
        self.gap = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(12, 5)

    def forward(self, x):  # type: ignore[no-untyped-def]
        x = self.pool(F.relu(self.bn1(self.conv1(x))))
        x = self.pool(F.relu(self.bn2(self.conv2(x))))
        return self.fc(torch.flatten(self.gap(x), 1))


def _randomize_bn(model: nn.Module) -> nn.Module:
    """Non-trivial running statistics (a fresh BatchNorm is the identity)."""
    g = torch.Generator().manual_seed(1)
    for m in model.modules():
        if isinstance(m, nn.BatchNorm2d):
            m.running_mean.copy_(torch.randn(m.num_features, generator=g) * 0.1)
            m.running_var.copy_(torch.rand(m.num_features, generator=g) + 0.5)
            m.weight.data.copy_(torch.rand(m.num_features, generator=g) + 0.5)
            m.bias.data.copy_(torch.randn(m.num_features, generator=g) * 0.1)
    return model


def test_small_cnn() -> None:
    torch.manual_seed(0)
    model = _randomize_bn(SmallCNN()).eval()
    run_sizes(model, [(_rand(2, 3, 16, 20),), (_rand(3, 3, 22, 14),)])


@pytest.mark.slow
def test_resnet18_like() -> None:
    """ResNet-18's topology at width 8 (the full network's compile is dominated by LLVM's -O2)."""
    torch.manual_seed(0)
    model = _randomize_bn(ResNet18(width=8)).eval()
    run_sizes(model, [(_rand(2, 3, 40, 48),), (_rand(3, 3, 56, 44),)])


def test_transformer_encoder_block() -> None:
    """Multi-head attention written out (view/transpose head split, batched matmuls, softmax),
    layer norms, GELU feed-forward, dropout (eval: the identity)."""
    torch.manual_seed(0)
    model = EncoderBlock().eval()
    run_sizes(model, [(_rand(2, 5, 16),), (_rand(3, 9, 16),)])
