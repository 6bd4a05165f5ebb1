"""End to end through `torch.compile(model, backend="llh", dynamic=True)`: single-op models, an
MLP, a small CNN, a ResNet-18-like network and a transformer encoder block, each at two or more
input sizes from ONE compile (`STATS` unchanged after the first size), equal to torch eager within
rel 1e-4 (f32). Sizes avoid 0/1 and values equal to static sizes of the model (torch specializes
those, which would make the first compile static).
"""

from __future__ import annotations

import math

import pytest

torch = pytest.importorskip("torch")

from torch_backend_support import run_sizes  # noqa: E402

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


SINGLE_OPS = {
    "relu": (lambda x: torch.relu(x), 2),
    "add": (lambda x, y: x + y, 2),
    "mul_scalar": (lambda x: x * 2.5 - 1.0, 2),
    "div": (lambda x, y: x / (y.abs() + 1.0), 2),
    "exp_sqrt": (lambda x: torch.exp(x) + torch.sqrt(x.abs()), 2),
    "softmax": (lambda x: torch.softmax(x, dim=-1), 2),
    "sum_mean": (lambda x: x.sum(dim=1) + x.mean(dim=1), 2),
    "matmul": (lambda x, y: x @ y.transpose(0, 1), 2),
    "flatten": (lambda x: torch.flatten(x * 2.0, 1), 3),
}


def _single_inputs(name: str, rank: int) -> list[tuple[torch.Tensor, ...]]:
    arity = SINGLE_OPS[name][0].__code__.co_argcount
    if rank == 2:
        shapes = [(5, 7), (9, 6)]
    else:
        shapes = [(5, 3, 7), (9, 3, 6)]
    return [tuple(_rand(*s, seed=i) for i in range(arity)) for s in shapes]


@pytest.mark.parametrize("name", sorted(SINGLE_OPS))
def test_single_op(name: str) -> None:
    fn, rank = SINGLE_OPS[name]
    run_sizes(Lambda(fn).eval(), _single_inputs(name, rank))


def test_linear_dynamic_batch() -> None:
    model = nn.Linear(12, 5).eval()
    run_sizes(model, [(_rand(3, 12),), (_rand(7, 12),), (_rand(20, 12),)])


class MLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc1 = nn.Linear(16, 32)
        self.fc2 = nn.Linear(32, 24)
        self.fc3 = nn.Linear(24, 10)

    def forward(self, x):  # type: ignore[no-untyped-def]
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return F.log_softmax(self.fc3(x), dim=1)


def test_mlp() -> None:
    torch.manual_seed(0)
    run_sizes(MLP().eval(), [(_rand(3, 16),), (_rand(11, 16),)])


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


class BasicBlock(nn.Module):
    def __init__(self, cin: int, cout: int, stride: int) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.Sequential(
                nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout)
            )

    def forward(self, x):  # type: ignore[no-untyped-def]
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        identity = x if self.down is None else self.down(x)
        return F.relu(out + identity)


class ResNet18(nn.Module):
    """ResNet-18's topology (7x7/2 stem, 3x3/2 max pool, 4 stages of 2 basic blocks, global
    average pool, linear) at reduced width, so the test stays quick."""

    def __init__(self, width: int = 8, classes: int = 10) -> None:
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 7, 2, 3, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.maxpool = nn.MaxPool2d(3, 2, 1)
        layers = []
        cin = width
        for i, mult in enumerate((1, 2, 4, 8)):
            cout = width * mult
            stride = 1 if i == 0 else 2
            layers += [BasicBlock(cin, cout, stride), BasicBlock(cout, cout, 1)]
            cin = cout
        self.layers = nn.Sequential(*layers)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(cin, classes)

    def forward(self, x):  # type: ignore[no-untyped-def]
        x = self.maxpool(F.relu(self.bn1(self.conv1(x))))
        x = self.layers(x)
        return self.fc(torch.flatten(self.avgpool(x), 1))


def test_resnet18_like() -> None:
    torch.manual_seed(0)
    model = _randomize_bn(ResNet18()).eval()
    run_sizes(model, [(_rand(2, 3, 40, 48),), (_rand(3, 3, 56, 44),)])


class EncoderBlock(nn.Module):
    """A pre-norm transformer encoder block: multi-head self-attention (written out: q/k/v
    projections, scaled dot products, softmax) and a GELU feed-forward, each with a residual."""

    def __init__(self, d: int = 32, heads: int = 4, ff: int = 64) -> None:
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)
        self.ln2 = nn.LayerNorm(d)
        self.ff1 = nn.Linear(d, ff)
        self.ff2 = nn.Linear(ff, d)

    def forward(self, x):  # type: ignore[no-untyped-def]
        b, t, d = x.shape
        h = self.heads
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=-1)
        q = q.reshape(b, t, h, d // h).transpose(1, 2)
        k = k.reshape(b, t, h, d // h).transpose(1, 2)
        v = v.reshape(b, t, h, d // h).transpose(1, 2)
        att = torch.softmax(q @ k.transpose(-2, -1) / math.sqrt(d // h), dim=-1)
        y = (att @ v).transpose(1, 2).reshape(b, t, d)
        x = x + self.proj(y)
        return x + self.ff2(F.gelu(self.ff1(self.ln2(x))))


def test_transformer_encoder_block() -> None:
    torch.manual_seed(0)
    model = EncoderBlock().eval()
    run_sizes(model, [(_rand(2, 5, 32),), (_rand(3, 9, 32),)])
