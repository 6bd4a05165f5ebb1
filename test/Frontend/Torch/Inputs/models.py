"""Tiny models whose imports are the golden lit inputs of test/Frontend/Torch (regenerate with
`python tools/gen_torch_goldens.py`; `live-import.mlir` checks they have not drifted)."""

import torch
import torch.nn.functional as F


class ConvBlock(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3, stride=2, padding=1)
        self.bn = torch.nn.BatchNorm2d(4)
        self.fc = torch.nn.Linear(4, 2)

    def forward(self, x):
        y = F.max_pool2d(torch.relu(self.bn(self.conv(x))), 3, 2, 1)
        return self.fc(torch.flatten(F.adaptive_avg_pool2d(y, 1), 1))


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l1 = torch.nn.Linear(4, 8)
        self.l2 = torch.nn.Linear(8, 3)

    def forward(self, x):
        return torch.softmax(self.l2(F.gelu(self.l1(x), approximate="tanh")), -1)


class Slicing(torch.nn.Module):
    def forward(self, x):
        return torch.cat([x[:, 1:], x[:, :1] * 2], 1).reshape(x.shape[0] * x.shape[1], 1)


def _seeded(cls):
    torch.manual_seed(0)
    return cls().eval()


def conv_block():
    return _seeded(ConvBlock)


def mlp():
    return _seeded(MLP)


def slicing():
    return _seeded(Slicing)
