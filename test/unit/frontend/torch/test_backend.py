"""The `torch.compile` backend's mechanics: registration, graph breaks, partitioning around an
unsupported op, non-tensor inputs, data-dependent shapes, the inference-only guard, fallbacks,
and the zero-copy bridge between torch tensors and the runtime's numpy arrays.

Results are compared with torch eager on the same module (rel 1e-4, f32).
"""

from __future__ import annotations

import copy
import subprocess
import sys
import warnings

import pytest

torch = pytest.importorskip("torch")

from .backend_support import assert_matches, run_sizes  # noqa: E402

from llh_opt.frontend.torch import backend  # noqa: E402
from llh_opt.frontend.torch.partition import partition  # noqa: E402
from llh_opt.frontend.torch.runtime_bridge import (  # noqa: E402
    CompiledGraph,
    from_numpy,
    to_numpy,
)

nn = torch.nn
F = torch.nn.functional


def _rand(*shape: int, seed: int = 0) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed + 31 * sum(shape))
    return torch.randn(*shape, generator=g)


@pytest.fixture(autouse=True)
def _fresh_dynamo():  # type: ignore[no-untyped-def]
    torch._dynamo.reset()
    backend.STATS.reset()
    yield
    torch._dynamo.reset()


# ---------------------------------------------------------------------------------------------
# Registration


def test_backend_is_registered_by_name() -> None:
    from torch._dynamo.backends.registry import lookup_backend

    assert "llh" in torch._dynamo.list_backends()
    assert lookup_backend("llh") is backend.llh_backend


def test_entry_point_loads_backend_in_a_fresh_interpreter() -> None:
    """Through the `torch_dynamo_backends` entry point alone: nothing of llh_opt imported first."""
    code = (
        "import sys, torch\n"
        "f = torch.compile(lambda x: torch.relu(x) + 1.0, backend='llh', dynamic=True)\n"
        "x = torch.randn(4, 5)\n"
        "with torch.no_grad():\n"
        "    y = f(x)\n"
        "assert torch.allclose(y, torch.relu(x) + 1.0)\n"
        "from llh_opt.frontend.torch import backend\n"
        "assert backend.STATS.compiles + backend.STATS.cache_hits == 1, backend.STATS\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.strip().endswith("ok")


# ---------------------------------------------------------------------------------------------
# Graph breaks


class PrintBreak(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc = nn.Linear(6, 4)

    def forward(self, x):  # type: ignore[no-untyped-def]
        y = torch.relu(self.fc(x))
        print("llh-backend-test: between the two graphs")
        return y * 2.0 + 1.0


def test_graph_break_print(capsys: pytest.CaptureFixture[str]) -> None:
    torch.manual_seed(0)
    run_sizes(PrintBreak().eval(), [(_rand(3, 6),), (_rand(8, 6),)])
    assert backend.STATS.graphs == 2  # one graph on each side of the print
    assert "between the two graphs" in capsys.readouterr().out


class ItemBranch(nn.Module):
    """A branch on a tensor's value: dynamo breaks the graph at `.item()`."""

    def forward(self, x):  # type: ignore[no-untyped-def]
        y = torch.relu(x) - 0.5
        if y.sum().item() > 0:
            return y * 3.0
        return torch.exp(y)


def test_graph_break_item_branch() -> None:
    pos = [(_rand(4, 5).abs() + 1.0,), (_rand(7, 3).abs() + 1.0,)]
    compiled = run_sizes(ItemBranch(), pos)
    # The other branch: compiles its own continuation, still right.
    neg = -_rand(5, 4).abs() - 1.0
    with torch.no_grad():
        assert_matches(compiled(neg), ItemBranch()(neg))


# ---------------------------------------------------------------------------------------------
# Partitioning: an op the importer does not support runs in torch


class WithCumsum(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc = nn.Linear(5, 6)

    def forward(self, x):  # type: ignore[no-untyped-def]
        y = torch.relu(self.fc(x))
        z = torch.cumsum(y, dim=1)  # not an LLH op
        return torch.softmax(z * 0.5, dim=1) + y


def test_unsupported_op_runs_in_torch() -> None:
    torch.manual_seed(0)
    run_sizes(WithCumsum().eval(), [(_rand(3, 5),), (_rand(9, 5),)])
    assert "aten.cumsum" in backend.STATS.torch_ops
    assert backend.STATS.subgraphs == 2  # before and after the cumsum


def test_partition_leaves_view_only_regions_to_torch() -> None:
    from torch.fx.experimental.proxy_tensor import make_fx

    def fn(x):  # type: ignore[no-untyped-def]
        a = torch.relu(x).view(-1)
        b = torch.cumsum(a, 0)
        return b.view(2, -1).t()

    gm = make_fx(fn)(torch.randn(2, 3))
    supported = {"relu", "view", "t"}
    parted = partition(
        gm,
        lambda n: getattr(getattr(n.target, "overloadpacket", None), "__name__", "") in supported,
    )
    # relu+view is one partition; the trailing view+t alone is not worth a compile.
    assert len(parted.fused) == 1
    assert "aten.cumsum" in parted.unsupported
    sub = getattr(parted.gm, parted.fused[0])
    names = [n.target.overloadpacket.__name__ for n in sub.graph.nodes if n.op == "call_function"]
    assert names == ["relu", "view"]
    x = torch.randn(2, 3)
    assert torch.equal(parted.gm(x), fn(x))


# ---------------------------------------------------------------------------------------------
# Non-tensor inputs


class IntArg(nn.Module):
    def forward(self, x, n: int):  # type: ignore[no-untyped-def]
        return torch.relu(x) * n + x.shape[0]


def test_int_input() -> None:
    # dynamo turns the int into a SymInt input of the graph: one compile for every value.
    run_sizes(IntArg(), [(_rand(3, 4), 3), (_rand(6, 5), 7)])


class FloatArg(nn.Module):
    def forward(self, x, alpha: float):  # type: ignore[no-untyped-def]
        return torch.relu(x) * alpha


def test_float_input() -> None:
    # dynamo passes a float as a 0-d tensor input (torch >= 2.6 does not specialize floats): one
    # compile for every value.
    run_sizes(FloatArg(), [(_rand(3, 4), 0.5), (_rand(5, 2), -2.0)])


# ---------------------------------------------------------------------------------------------
# Data-dependent shapes


class MaskSelect(nn.Module):
    def forward(self, x):  # type: ignore[no-untyped-def]
        y = torch.relu(x) * 2.0
        picked = y[y > 1.0]  # size depends on the data
        return picked.sum() + y.mean()


def test_data_dependent_shape_breaks_the_graph() -> None:
    """By default dynamo does not capture ops whose output size depends on data: it breaks the
    graph there; the boolean mask runs in torch, the rest compiled. A clean fallback."""
    run_sizes(MaskSelect(), [(_rand(4, 5),), (_rand(6, 7),)])


def test_data_dependent_shape_captured_runs_in_torch() -> None:
    """With `capture_dynamic_output_shape_ops`, the mask is in the graph and its result has an
    unbacked size (`u0`): the partitioner leaves every node producing or consuming such a value
    (and the SymBool runtime assertion on it) to torch; the rest is compiled. Still right, no
    warning, no recompile."""
    with torch._dynamo.config.patch(capture_dynamic_output_shape_ops=True):
        with warnings.catch_warnings():
            warnings.simplefilter("error", backend.LLHBackendWarning)
            run_sizes(MaskSelect(), [(_rand(4, 5),), (_rand(6, 7),)])
    assert "aten.index" in backend.STATS.torch_ops


# ---------------------------------------------------------------------------------------------
# Inference only


def test_grad_mode_falls_back_to_eager_with_a_warning() -> None:
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(4, 3), nn.ReLU())
    compiled = torch.compile(model, backend="llh", dynamic=True)
    x = _rand(5, 4)
    with pytest.warns(backend.LLHBackendWarning, match="inference only"):
        y = compiled(x)
    assert_matches(y, model(x))
    y.sum().backward()  # autograd works: torch ran the graph
    assert model[0].weight.grad is not None
    assert backend.STATS.compiles == 0


def test_training_mode_falls_back_to_eager_with_a_warning() -> None:
    torch.manual_seed(0)
    model = nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU()).train()
    twin = copy.deepcopy(model)
    compiled = torch.compile(model, backend="llh", dynamic=True)
    x = _rand(2, 3, 9, 7)
    with torch.no_grad():
        with pytest.warns(backend.LLHBackendWarning, match="trains"):
            y = compiled(x)
        ref = twin(x)
    assert_matches(y, ref)
    # The running statistics were updated as eager updates them.
    assert_matches(model[1].running_mean, twin[1].running_mean)
    assert_matches(model[1].running_var, twin[1].running_var)
    assert backend.STATS.compiles == 0


def test_dropout_in_training_mode_falls_back_to_eager() -> None:
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(6, 8), nn.Dropout(0.5)).train()
    compiled = torch.compile(model, backend="llh", dynamic=True)
    x = _rand(5, 6)
    with torch.no_grad():
        torch.manual_seed(3)
        with pytest.warns(backend.LLHBackendWarning, match="trains"):
            y = compiled(x)
        torch.manual_seed(3)
        ref = model(x)
    assert_matches(y, ref)  # the same random mask: torch ran it
    assert backend.STATS.compiles == 0


class Noisy(nn.Module):
    """A random op in an inference graph is not training: it runs in torch, the rest compiles."""

    def forward(self, x):  # type: ignore[no-untyped-def]
        return torch.relu(x) + torch.rand_like(x) * 0.0 + 1.0


def test_random_op_in_inference_is_partitioned_out() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", backend.LLHBackendWarning)
        run_sizes(Noisy(), [(_rand(3, 4),), (_rand(5, 7),)])
    assert backend.STATS.subgraphs >= 1


# ---------------------------------------------------------------------------------------------
# Failures of a supported subgraph: torch runs it (or an error with strict)


def test_compile_failure_falls_back_or_raises_when_strict(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def broken(*args, **kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("lowering exploded")

    monkeypatch.setattr(backend, "compile_subgraph", broken)
    fn = nn.Sequential(nn.Linear(4, 3), nn.ReLU()).eval()
    x = _rand(5, 4)
    compiled = torch.compile(fn, backend="llh", dynamic=True)
    with torch.no_grad(), pytest.warns(backend.LLHBackendWarning, match="lowering exploded"):
        assert_matches(compiled(x), fn(x))
    torch._dynamo.reset()
    strict = torch.compile(fn, backend="llh", dynamic=True, options={"strict": True})
    with torch.no_grad(), pytest.raises(Exception, match="lowering exploded"):
        strict(x)


# ---------------------------------------------------------------------------------------------
# The bridge: zero copies for contiguous tensors


def test_to_numpy_shares_contiguous_memory() -> None:
    t = torch.arange(12, dtype=torch.float32).reshape(3, 4)
    a = to_numpy(t)
    assert a.ctypes.data == t.data_ptr()
    nc = t.t()
    b = to_numpy(nc)
    assert b.flags.c_contiguous and b.shape == (4, 3)
    assert (b == nc.numpy()).all()


def test_from_numpy_shares_memory_and_keeps_dtype() -> None:
    import numpy as np

    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    t = from_numpy(a, torch.float32)
    assert t.data_ptr() == a.ctypes.data
    bf = from_numpy(np.array([0x3F80, 0x4000], dtype=np.uint16), torch.bfloat16)
    assert bf.dtype == torch.bfloat16 and bf.tolist() == [1.0, 2.0]


def test_shape_error_runs_the_subgraph_in_torch() -> None:
    """Compiled code that rejects its inputs (a size constraint torch did not guard): that call
    runs the replaced submodule in torch, with a warning."""
    from llh_opt import runtime
    from llh_opt.frontend.torch.runtime_bridge import ArgPlan, OutputPlan

    compiled = runtime.compile(
        "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> attributes {entrance} {\n"
        '  %0 = "llh.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>\n'
        "  return %0 : tensor<4xf32>\n}\n"
    )
    graph = CompiledGraph(
        compiled.main,
        ArgPlan((0,), (True,)),
        OutputPlan((("result", 0),), (torch.float32,), single=True),
        "fused_0",
        fallback=nn.ReLU(),
    )
    x = _rand(4)
    assert_matches(graph(x), torch.relu(x))
    y = _rand(5)
    with pytest.warns(backend.LLHBackendWarning, match="rejects them"):
        assert_matches(graph(y), torch.relu(y))


@pytest.mark.parametrize("dtype", [torch.float64, torch.int64, torch.int32])
def test_other_dtypes(dtype: torch.dtype) -> None:
    def fn(x, y):  # type: ignore[no-untyped-def]
        return torch.maximum(x * 3 + y, y - x)

    def inputs(*shape: int) -> tuple[torch.Tensor, torch.Tensor]:
        return tuple(  # type: ignore[return-value]
            (_rand(*shape, seed=s) * 10).to(dtype) for s in (0, 1)
        )

    run_sizes(fn, [inputs(3, 5), inputs(6, 2)])


def test_compiled_graph_counts_calls() -> None:
    before = CompiledGraph.calls
    run_sizes(nn.ReLU(), [(_rand(3, 4),), (_rand(5, 6),)])
    assert CompiledGraph.calls >= before + 2


def test_non_contiguous_input_is_made_contiguous() -> None:
    """A transposed view: the bridge hands the compiled code a contiguous copy."""
    model = nn.Sequential(nn.Linear(5, 4), nn.ReLU()).eval()
    run_sizes(model, [(_rand(5, 3).t(),), (_rand(5, 8).t(),)])


def test_inference_mode() -> None:
    model = nn.Sequential(nn.Linear(5, 4), nn.Tanh()).eval()
    compiled = torch.compile(model, backend="llh", dynamic=True)
    calls = CompiledGraph.calls
    with torch.inference_mode():
        for x in (_rand(3, 5), _rand(7, 5)):
            assert_matches(compiled(x), model(x))
    assert CompiledGraph.calls == calls + 2
    assert backend.STATS.compiles + backend.STATS.cache_hits == 1


def test_no_warning_on_the_compiled_path() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", backend.LLHBackendWarning)
        run_sizes(
            nn.Sequential(nn.Linear(5, 7), nn.ReLU()).eval(), [(_rand(3, 5),), (_rand(4, 5),)]
        )
