"""Splitting an ATen FX graph into the parts LLH compiles and the parts torch runs.

`partition(gm, is_supported)` groups the nodes the importer supports into maximal acyclic
partitions (torch's `CapabilityBasedPartitioner`) and fuses each into a `fused_<N>` submodule of
`gm` (a `GraphModule` whose placeholders keep the original nodes' `meta`, FakeTensors with SymInt
sizes included). Nodes outside every partition stay in `gm` and run in torch. What to do with the
fused submodules (import, compile, swap in a compiled callable) is `backend.py`'s job, not this
module's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import torch
from torch.fx.experimental.symbolic_shapes import free_unbacked_symbols
from torch.fx.passes.infra.partitioner import CapabilityBasedPartitioner
from torch.fx.passes.operator_support import OperatorSupportBase

# Nodes that compute nothing on their own: a partition made only of these is not worth a compile
# (a lone `view` or `getitem` runs in torch at no cost).
_TRIVIAL_TARGETS = frozenset(
    {
        "getitem",
        "sym_size",
        "view",
        "_unsafe_view",
        "reshape",
        "t",
        "transpose",
        "permute",
        "unsqueeze",
        "squeeze",
        "expand",
        "clone",
        "alias",
        "detach",
        "slice",
        "select",
    }
)


def _passable(value: Any) -> bool:
    """Whether a value can cross into compiled code: a tensor, an int or SymInt (a tuple of
    tensors for a multi-result op), sized by symbols of the input shapes. SymBool / SymFloat /
    float values produced by the graph (the operands of `_assert_scalar`, symbolic float
    arithmetic) cannot, nor a value whose size depends on data (an unbacked symbol `u<N>`)."""
    if isinstance(value, torch.Tensor | torch.SymInt):
        return not free_unbacked_symbols(value)
    if value is None or isinstance(value, int):
        return not isinstance(value, bool)
    if isinstance(value, tuple | list):
        return all(
            v is None or (isinstance(v, torch.Tensor) and not free_unbacked_symbols(v))
            for v in value
        )
    return False


def _inputs_passable(node: torch.fx.Node) -> bool:
    for arg in node.all_input_nodes:
        meta = arg.meta
        if "val" in meta and not _passable(meta["val"]):
            return False
    return True


class LLHOperatorSupport(OperatorSupportBase):
    """`call_function` nodes the importer accepts (`is_supported(node)`) whose operands can be
    passed to compiled code (see `_passable`); placeholders, outputs, `get_attr` and module
    calls never belong to a partition."""

    def __init__(self, is_supported: Callable[[torch.fx.Node], bool]) -> None:
        super().__init__()
        self._is_supported = is_supported

    def is_node_supported(
        self, submodules: Mapping[str, torch.nn.Module], node: torch.fx.Node
    ) -> bool:
        if node.op != "call_function":
            return False
        if not _inputs_passable(node):
            return False
        try:
            return bool(self._is_supported(node))
        except Exception:  # an importer that cannot judge a node does not get it
            return False


@dataclass(frozen=True)
class Partitioned:
    """`gm` rewritten with one `call_module` per partition; `fused` names those submodules in
    graph order; `unsupported` lists the targets of the nodes left to torch (for reports)."""

    gm: torch.fx.GraphModule
    fused: tuple[str, ...]
    unsupported: tuple[str, ...]


def _target_name(node: torch.fx.Node) -> str:
    target = node.target
    if isinstance(target, torch._ops.OpOverload):
        return str(target.overloadpacket)  # "aten.relu"
    return getattr(target, "__name__", str(target))


def _short_name(node: torch.fx.Node) -> str:
    """`aten.view.default` → `view`; `operator.getitem` → `getitem`."""
    target = node.target
    if isinstance(target, torch._ops.OpOverload):
        return target.overloadpacket.__name__
    return getattr(target, "__name__", str(target))


def _is_trivial(nodes: list[torch.fx.Node]) -> bool:
    return all(_short_name(n) in _TRIVIAL_TARGETS for n in nodes)


def partition(
    gm: torch.fx.GraphModule, is_supported: Callable[[torch.fx.Node], bool]
) -> Partitioned:
    """Fuse the supported regions of `gm` into `fused_<N>` submodules (in place; also returned).

    A region made only of shape bookkeeping (views, getitem, sym_size, ...) is left to torch."""
    support = LLHOperatorSupport(is_supported)
    partitioner = CapabilityBasedPartitioner(gm, support, allows_single_node_partition=True)
    proposed = [p for p in partitioner.propose_partitions() if not _is_trivial(list(p.nodes))]
    unsupported = tuple(
        sorted(
            {
                _target_name(n)
                for n in gm.graph.nodes
                if n.op == "call_function" and not support.is_node_supported({}, n)
            }
        )
    )
    if not proposed:
        return Partitioned(gm, (), unsupported)
    fused_gm = partitioner.fuse_partitions(proposed)
    fused = tuple(
        str(n.target)
        for n in fused_gm.graph.nodes
        if n.op == "call_module" and str(n.target).startswith("fused_")
    )
    return Partitioned(fused_gm, fused, unsupported)
