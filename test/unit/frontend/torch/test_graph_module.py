"""`import_graph_module` on the ATen graph a torch.compile backend gets (aot_autograd with
`dynamic=True`): parameters arrive as inputs, sizes as SymInt inputs; the imported function
takes the same arguments and computes what the graph computes, at two input sizes."""

from __future__ import annotations

from typing import Any

import pytest

torch = pytest.importorskip("torch")

from torch._dynamo.backends.common import aot_autograd  # noqa: E402
from support.llh_interpreter import interpret  # noqa: E402

from llh_opt.frontend.torch import import_graph_module, is_supported  # noqa: E402
from llh_opt.printer import print_operation  # noqa: E402

from .models import MLP  # noqa: E402
from .torch_check import assert_close, infer  # noqa: E402


class ConvNet(torch.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3, padding=1)
        self.fc = torch.nn.Linear(4, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.relu(self.conv(x)) + x.shape[2]
        return torch.softmax(self.fc(y.mean((2, 3))), -1)


def _capture(model: torch.nn.Module, inputs: list[tuple[torch.Tensor, ...]]) -> list[Any]:
    """Run `model` compiled with a recording backend; [(imported graph, gm, calls)]."""
    graphs: list[Any] = []

    def fw(gm: torch.fx.GraphModule, example_inputs: list[Any]) -> Any:
        assert all(is_supported(n) for n in gm.graph.nodes)
        entry: list[Any] = [import_graph_module(gm, example_inputs, binds=True), gm, []]
        graphs.append(entry)

        def run(*args: Any) -> Any:
            entry[2].append(args)
            return gm(*args)

        return run

    compiled = torch.compile(model, backend=aot_autograd(fw_compiler=fw), dynamic=True)
    with torch.no_grad():
        for args in inputs:
            compiled(*args)
    return graphs


@pytest.mark.parametrize(
    ("model", "inputs"),
    [
        (ConvNet, [(torch.randn(2, 3, 8, 8),), (torch.randn(3, 3, 11, 11),)]),
        (MLP, [(torch.randn(5, 16),), (torch.randn(9, 16),)]),
    ],
)
def test_aot_graph_imports_and_computes_the_same(model: Any, inputs: Any) -> None:
    torch.manual_seed(0)
    graphs = _capture(model().eval(), inputs)
    assert len(graphs) == 1  # one (dynamic) graph for both sizes
    imported, gm, calls = graphs[0]
    kinds = [s.kind for s in imported.input_specs]
    assert "tensor" in kinds and set(kinds) <= {"tensor", "symint", "int"}
    text = print_operation(imported.module)
    infer(text)  # torch's binds agree with the shape rules
    plain = import_graph_module(
        gm, [n.meta["val"] for n in gm.graph.nodes if n.op == "placeholder"], binds=False
    )
    module = infer(print_operation(plain.module))
    assert len(calls) == len(inputs)
    for args in calls:
        runtime = [a for a, s in zip(args, imported.input_specs) if s.kind in ("tensor", "symint")]
        got = interpret(
            module, [a.detach().numpy() if isinstance(a, torch.Tensor) else int(a) for a in runtime]
        )
        want = gm(*args)
        want = [
            w
            for w in (want if isinstance(want, (tuple, list)) else [want])
            if isinstance(w, torch.Tensor)
        ]
        tensors = [
            g
            for g, s in zip(got, [s for s in imported.output_specs if s.kind != "constant"])
            if s.kind == "tensor"
        ]
        assert len(tensors) == len(want)
        for g, w in zip(tensors, want):
            assert_close(g, w, "graph output")
