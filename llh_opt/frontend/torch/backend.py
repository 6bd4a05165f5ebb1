"""The `torch.compile` backend: `torch.compile(model, backend="llh", dynamic=True)`.

`llh_backend(gm, example_inputs)` receives the FX graph dynamo captured (torch-level ops; with
`dynamic=True` its placeholders include SymInt inputs and tensors with symbolic sizes; parameters
lifted as inputs) and:

1. **Inference only.** Grad mode on with an input that requires grad (a parameter of a model
   called outside `torch.no_grad()`), or a graph that trains (batch norm in training mode,
   dropout): a warning, and the graph runs in torch (eager) -- never a wrong answer.
2. **ATen.** `aot_autograd` traces the graph to functional ATen ops with symbolic sizes (the
   importer is an ATen importer), in inference mode (no joint graph).
3. **Partition.** `partition.py` fuses the nodes the importer supports (`is_supported`) into
   `fused_<N>` submodules; the rest run in torch.
4. **Compile.** Each fused submodule is imported (`import_graph_module`, torch's symbols carried
   as `func.input_symbol_N`), lowered with `lower-to-llvm` and JIT-compiled by
   `llh_opt.runtime.compile`; the submodule is replaced by a `runtime_bridge.CompiledGraph`.
   The compiled code is shape-generic: one compile serves every size the symbols allow, and
   dynamo's guards do not recompile when only a dynamic size changes. Compiled modules are also
   cached by their IR text, so a recompile of the same graph (another dynamo frame, a reset)
   reuses the JIT.

A subgraph that fails to import or compile runs in torch with a warning (or raises with
`options={"strict": True}` / `LLH_TORCH_STRICT=1`). `STATS` counts what happened (tests use
`STATS.compiles` to check that a new input size does not recompile).

Registered as backend "llh" through the entry point group `torch_dynamo_backends`, and on import
of this module when that entry point is not installed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import tempfile
import threading
import warnings
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

import torch
from torch._dynamo.backends.common import aot_autograd

from llh_opt.frontend.torch import partition as partition_mod
from llh_opt.frontend.torch.runtime_bridge import (
    ArgPlan,
    CompiledGraph,
    LLHBackendWarning,
    OutputPlan,
)

BACKEND_NAME = "llh"

__all__ = ["BACKEND_NAME", "STATS", "LLHBackendWarning", "Stats", "clear_cache", "llh_backend"]


@dataclasses.dataclass
class Stats:
    """What the backend did since the last `reset()`.

    `graphs`: FX graphs dynamo handed the backend; `compiles`: JIT compilations of imported
    subgraphs (cache hits excluded); `cache_hits`: subgraphs whose IR was compiled before;
    `subgraphs`: fused subgraphs replaced by compiled code; `fallbacks`: graphs or subgraphs left to
    torch (training, grad, import/compile failure); `torch_ops`: aten ops left to torch by the
    partitioner (names)."""

    graphs: int = 0
    compiles: int = 0
    cache_hits: int = 0
    subgraphs: int = 0
    fallbacks: int = 0
    torch_ops: set[str] = dataclasses.field(default_factory=set)

    def reset(self) -> None:
        self.graphs = self.compiles = self.cache_hits = self.subgraphs = self.fallbacks = 0
        self.torch_ops = set()


STATS = Stats()

_CACHE_SIZE = 64
_cache: OrderedDict[str, Any] = OrderedDict()
_cache_lock = threading.Lock()


def clear_cache() -> None:
    """Forget the compiled modules (the next compile of any graph runs the JIT again)."""
    with _cache_lock:
        _cache.clear()


# ----------------------------------------------------------------------------------------------
# Inference-only guard


def _needs_autograd(example_inputs: Sequence[Any]) -> bool:
    if not torch.is_grad_enabled():
        return False
    return any(isinstance(x, torch.Tensor) and x.requires_grad for x in example_inputs)


def _short(target: Any) -> str:
    if isinstance(target, torch._ops.OpOverload):
        return target.overloadpacket.__name__
    return getattr(target, "__name__", str(target))


def _arg(node: torch.fx.Node, index: int, name: str, default: Any = None) -> Any:
    if len(node.args) > index:
        return node.args[index]
    return node.kwargs.get(name, default)


def _training_op(gm: torch.fx.GraphModule) -> torch.fx.Node | None:
    """The first node of the ATen graph that only a model in training mode runs: batch norm
    updating its running statistics, dropout with `train=True`. (Random ops on their own are not
    training: the importer does not take them, so they run in torch.)"""
    for node in gm.graph.nodes:
        if node.op != "call_function":
            continue
        name = _short(node.target)
        if name == "_native_batch_norm_legit_functional":
            return node
        if name in {"native_batch_norm", "batch_norm", "_native_batch_norm_legit"}:
            # (input, weight, bias, running_mean, running_var, training, ...): batch statistics
            # without running ones (track_running_stats=False) is inference, not training.
            if _arg(node, 5, "training") is True and _arg(node, 3, "running_mean") is not None:
                return node
        elif name in {"native_dropout", "dropout", "feature_dropout", "alpha_dropout"}:
            if _arg(node, 2, "train") is True:
                return node
    return None


# ----------------------------------------------------------------------------------------------
# Compiling one fused subgraph


def _strict(options: dict[str, Any]) -> bool:
    if "strict" in options:
        return bool(options["strict"])
    return os.environ.get("LLH_TORCH_STRICT", "") not in {"", "0"}


def _placeholders(gm: torch.fx.GraphModule) -> list[torch.fx.Node]:
    return [n for n in gm.graph.nodes if n.op == "placeholder"]


def _example_values(gm: torch.fx.GraphModule) -> list[Any]:
    return [n.meta.get("val", n.meta.get("example_value")) for n in _placeholders(gm)]


def _jit(imported: Any, opt_level: int) -> Any:
    """Lower and JIT-compile an imported graph (its `.npy` weights, if the import wrote any,
    written to a temporary directory for `load-weight`); cached by a hash of the module's text."""
    from llh_opt import runtime
    from llh_opt.passes import PassManager

    module = imported.module
    key = hashlib.sha256(f"O{opt_level}\n{module}".encode()).hexdigest()
    with _cache_lock:
        hit = _cache.get(key)
        if hit is not None:
            _cache.move_to_end(key)
            STATS.cache_hits += 1
            return hit
    store = imported.store
    if store is not None and store.mode == "npy" and store.files:
        with tempfile.TemporaryDirectory(prefix="llh-weights-") as wd:
            store.save(wd)
            PassManager.parse(f"builtin.module(lower-to-llvm{{weight-dir={wd}}})").run(module)
            compiled = runtime.compile(module, opt_level)
    else:
        compiled = runtime.compile(module, opt_level)
    STATS.compiles += 1
    with _cache_lock:
        _cache[key] = compiled
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return compiled


def _plans(sub: torch.fx.GraphModule, imported: Any) -> tuple[ArgPlan, OutputPlan]:
    """The calling convention of the compiled entry in terms of the submodule's: tensor inputs
    are memref arguments and SymInt inputs `i64` arguments, in placeholder order (int inputs are
    constants of the IR); tensor and SymInt outputs are the entry's results in order, constant
    outputs are returned as they are."""
    sources: list[int] = []
    is_tensor: list[bool] = []
    for i, spec in enumerate(imported.input_specs):
        if spec.kind in ("tensor", "symint"):
            sources.append(i)
            is_tensor.append(spec.kind == "tensor")
    items: list[tuple[str, Any]] = []
    dtypes: list[torch.dtype | None] = []
    result = 0
    for spec in imported.output_specs:
        if spec.kind in ("tensor", "symint"):
            items.append(("result", result))
            result += 1
        else:
            items.append(("const", spec.value))
        dtypes.append(spec.dtype if spec.kind == "tensor" else None)
    output = next(n for n in sub.graph.nodes if n.op == "output")
    single = not isinstance(output.args[0], tuple | list)
    return (
        ArgPlan(tuple(sources), tuple(is_tensor)),
        OutputPlan(tuple(items), tuple(dtypes), single),
    )


def compile_subgraph(
    sub: torch.fx.GraphModule, options: dict[str, Any], name: str = ""
) -> CompiledGraph:
    """Import, lower and JIT-compile one fused submodule; the callable that replaces it."""
    from llh_opt.frontend.torch import import_graph_module

    imported = import_graph_module(sub, _example_values(sub), binds=False, func_name="main")
    compiled = _jit(imported, int(options.get("opt_level", 2)))
    args, outputs = _plans(sub, imported)
    return CompiledGraph(compiled["main"], args, outputs, name, fallback=sub)


def _compile_aten(
    gm: torch.fx.GraphModule, example_inputs: Sequence[Any], options: dict[str, Any]
) -> Callable[..., Any]:
    """aot_autograd's inference compiler: partition the ATen graph, compile the fused parts."""
    from llh_opt.frontend.torch import is_supported

    trains = _training_op(gm)
    if trains is not None:
        STATS.fallbacks += 1
        warnings.warn(
            f"llh backend: the graph trains ({trains.target} at node '{trains.name}'); it runs "
            "in torch. Call model.eval() for inference with compiled code.",
            LLHBackendWarning,
            stacklevel=2,
        )
        return gm
    parted = partition_mod.partition(gm, is_supported)
    STATS.torch_ops.update(parted.unsupported)
    pgm = parted.gm
    for name in parted.fused:
        sub = getattr(pgm, name)
        try:
            compiled = compile_subgraph(sub, options, name)
        except Exception as e:
            if _strict(options):
                raise
            STATS.fallbacks += 1
            warnings.warn(
                f"llh backend: subgraph {name} runs in torch: {type(e).__name__}: {e}",
                LLHBackendWarning,
                stacklevel=2,
            )
            continue
        delattr(pgm, name)
        setattr(pgm, name, compiled)
        STATS.subgraphs += 1
    pgm.recompile()
    return pgm


def _decompositions() -> dict[Any, Any]:
    """torch's core-ATen decompositions: the op set the importer translates (the same table
    `torch.export` programs are decomposed with before import)."""
    return dict(torch.export.default_decompositions())


def llh_backend(
    gm: torch.fx.GraphModule,
    example_inputs: Sequence[Any],
    *,
    options: dict[str, Any] | None = None,
) -> Callable[..., Any]:
    """The dynamo backend (see the module docstring). `options` (from
    `torch.compile(..., options={...})`): `strict` (raise instead of falling back when a supported
    subgraph fails to import or compile), `opt_level` (LLVM, default 2)."""
    opts = dict(options or {})
    STATS.graphs += 1
    if _needs_autograd(example_inputs):
        STATS.fallbacks += 1
        warnings.warn(
            "llh backend: inference only -- an input requires grad and grad mode is on; the graph "
            "runs in torch. Use torch.no_grad() or torch.inference_mode() to run compiled code.",
            LLHBackendWarning,
            stacklevel=2,
        )
        return gm.forward

    def inference_compiler(agm: torch.fx.GraphModule, inputs: Sequence[Any]) -> Any:
        return _compile_aten(agm, inputs, opts)

    return aot_autograd(
        fw_compiler=inference_compiler,
        inference_compiler=inference_compiler,
        decompositions=_decompositions(),
    )(gm, example_inputs)


def _register() -> None:
    """Register "llh" with dynamo unless its entry point is installed (then dynamo loads this
    function through it, and registering twice would be an error)."""
    from torch._dynamo.backends import registry

    if BACKEND_NAME in registry._COMPILER_FNS:
        return
    if registry._BACKENDS.get(BACKEND_NAME) is not None:
        return
    registry.register_backend(llh_backend, name=BACKEND_NAME)


_register()
