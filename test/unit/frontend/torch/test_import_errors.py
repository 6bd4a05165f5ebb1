"""What the importer refuses, and how: an unsupported op (named with its FX node, torch's source
line and the supported list), a data-dependent size, a non-tensor input, a call of a supported op
it cannot take; `is_supported` for the backend's partitioner; and a deliberately wrong torch
binding, which `--infer-symbolic-shape` reports (spec D8)."""

from __future__ import annotations

from typing import Any

import pytest

torch = pytest.importorskip("torch")

from llh_opt.diagnostics import DiagnosticError  # noqa: E402
from llh_opt.dialects.llh import SymbolicBindOp  # noqa: E402
from llh_opt.frontend.torch import (  # noqa: E402
    SUPPORTED_ATEN,
    DataDependentError,
    TorchImportError,
    UnsupportedOpError,
    import_exported_program,
    import_graph_module,
    is_supported,
)
from llh_opt.ir.affine import AffineMap, affine_symbol  # noqa: E402
from llh_opt.ir.attributes import AffineMapAttr  # noqa: E402
from llh_opt.printer import print_operation  # noqa: E402

from .torch_check import export, infer  # noqa: E402

Dim = torch.export.Dim


class Cumsum(torch.nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.relu(x)
        return torch.cumsum(y, 0)  # the unsupported op


class Nonzero(torch.nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.nonzero(x) + 1


def test_unsupported_op_names_op_node_source_line_and_supported_ops() -> None:
    ep = export(Cumsum(), (torch.randn(4, 3),), ({0: Dim("batch", min=2)},))
    with pytest.raises(UnsupportedOpError) as info:
        import_exported_program(ep)
    msg = str(info.value)
    assert "unsupported op 'aten.cumsum'" in msg
    assert "FX node 'cumsum'" in msg
    assert "test_import_errors.py" in msg and "torch.cumsum(y, 0)" in msg
    assert "supported ATen ops: " in msg and "aten.conv2d" in msg and "aten.relu" in msg
    assert info.value.op == "aten.cumsum" and info.value.node_name == "cumsum"


def test_is_supported_separates_the_graph_for_a_partitioner() -> None:
    ep = export(Cumsum(), (torch.randn(4, 3),), None).run_decompositions()
    verdict = {n.name: is_supported(n) for n in ep.graph.nodes if n.op == "call_function"}
    assert verdict == {"relu": True, "cumsum": False}
    assert "aten.cumsum" not in SUPPORTED_ATEN and "aten.conv2d" in SUPPORTED_ATEN


def test_data_dependent_shape_is_a_clear_error_naming_the_op() -> None:
    ep = export(Nonzero(), (torch.randn(3, 4),), None)
    with pytest.raises(DataDependentError, match=r"data-dependent shape: 'aten.nonzero'.*unbacked"):
        import_exported_program(ep)
    node = next(n for n in ep.graph.nodes if n.name == "nonzero")
    assert not is_supported(node)


def _graph_with_float_input() -> tuple[Any, list[Any]]:
    g = torch.fx.Graph()
    x = g.placeholder("x")
    a = g.placeholder("a")
    y = g.call_function(torch.ops.aten.mul.Tensor, (x, a))
    g.output((y,))
    x.meta["val"] = torch.empty(2, 3)
    a.meta["val"] = 0.5
    y.meta["val"] = torch.empty(2, 3)
    return torch.fx.GraphModule(torch.nn.Module(), g), [torch.randn(2, 3), 0.5]


def test_non_tensor_input_is_a_clear_error() -> None:
    gm, inputs = _graph_with_float_input()
    with pytest.raises(TorchImportError, match=r"unsupported graph input 'a' of type float"):
        import_graph_module(gm, inputs)


def test_a_call_a_handler_cannot_take_is_unsupported_with_the_reason() -> None:
    class Train(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> torch.Tensor:
            return torch.nn.functional.dropout(x, 0.5, training=True)

    ep = export(Train(), (torch.randn(4, 3),), None)
    with pytest.raises(UnsupportedOpError, match="dropout"):
        import_exported_program(ep, decompose=False)


@pytest.mark.parametrize("which", ["spatial", "channels"])
def test_wrong_bind_is_reported_by_infer_symbolic_shape(which: str) -> None:
    conv = torch.nn.Conv2d(3, 4, 3, stride=2, padding=1)
    hw = Dim("hw", min=8, max=256)
    ep = export(conv, (torch.randn(1, 3, 16, 16),), ({2: hw, 3: hw},))
    module = import_exported_program(ep, weights="inline")
    infer(print_operation(module))  # torch's binds agree
    binds = [op for op in module.walk() if isinstance(op, SymbolicBindOp)]
    conv_bind = next(b for b in binds if getattr(b.input.owner, "name", "") == "llh.conv_bias")
    s0 = affine_symbol(0)
    if which == "spatial":  # claims the stride-2 conv grows the size by one
        wrong = AffineMap(0, 1, [1, 4, s0 + 1, s0 + 1])
    else:  # claims 5 output channels
        wrong = AffineMap(0, 1, [1, 5, (s0 - 1).floordiv(2) + 1, (s0 - 1).floordiv(2) + 1])
    conv_bind.properties["expressions"] = AffineMapAttr(wrong)
    with pytest.raises(DiagnosticError, match="torch binding disagrees with the shape rules"):
        infer(print_operation(module))


def test_getitem_follows_its_source_for_the_partitioner() -> None:
    class Pool(torch.nn.Module):
        def forward(self, x: torch.Tensor) -> Any:
            return torch.nn.functional.max_pool2d(x, 2, return_indices=True)

    ep = export(Pool(), (torch.randn(1, 2, 4, 4),), None).run_decompositions()
    verdict = {n.name: is_supported(n) for n in ep.graph.nodes if n.op == "call_function"}
    assert verdict == {"max_pool2d_with_indices": False, "getitem": False, "getitem_1": False}
    with pytest.raises(UnsupportedOpError, match="indices are used"):
        import_exported_program(ep)
