"""Whole models through the importer: ResNet-18, an MLP and a transformer encoder block, each
exported with dynamic sizes, imported, checked by `--infer-symbolic-shape` (zero disagreements
with torch's binds) and run in the reference interpreter against torch eager at two sizes."""

from __future__ import annotations

from typing import Any

import pytest

torch = pytest.importorskip("torch")

from .models import MLP, EncoderBlock, ResNet18  # noqa: E402
from .torch_check import check_model  # noqa: E402

Dim = torch.export.Dim


def _randn(*shape: int) -> torch.Tensor:
    return torch.randn(*shape, generator=torch.Generator().manual_seed(sum(shape)))


@pytest.mark.slow
def test_resnet18_dynamic_spatial_size(tmp_path: Any) -> None:
    torch.manual_seed(0)
    hw = Dim("hw", min=33, max=512)
    text = check_model(
        ResNet18(), lambda n: (_randn(1, 3, n, n),), ({2: hw, 3: hw},), (64, 40), tmp_path
    )
    assert text.count('"llh.conv"') == 20  # 17 3x3/7x7 convolutions + 3 downsampling 1x1
    assert text.count('"llh.batch_norm"') == 20
    assert "floordiv" in text  # torch's conv/pool sizes as affine maps


def test_mlp_dynamic_batch(tmp_path: Any) -> None:
    torch.manual_seed(0)
    batch = Dim("batch", min=2, max=1024)
    check_model(MLP(), lambda n: (_randn(n, 16),), ({0: batch},), (3, 17), tmp_path)


def test_transformer_encoder_block_dynamic_batch_and_sequence(tmp_path: Any) -> None:
    torch.manual_seed(0)
    batch, seq = Dim("batch", min=2, max=64), Dim("seq", min=2, max=128)
    text = check_model(
        EncoderBlock(),
        lambda n: (_randn(n // 3 + 1, n, 16),),
        ({0: batch, 1: seq},),
        (5, 9),
        tmp_path,
    )
    assert '"llh.layer_norm"' in text and '"llh.batch_matmul"' in text
