"""Import a `torch.export.ExportedProgram` or an ATen-level FX `GraphModule` into LLH IR.

The result is a `builtin.module` (attribute `builtin.gloabal_layout = "NCHW"`, torch's layout)
holding one `entrance` function:

* every user input becomes an argument; a tensor argument carries `func.input_symbol_<d>` (the
  torch symbol of a dynamic size, `c<n>` for a static one) when its sizes are plain symbols;
  a `SymInt` input is an `i64` argument; an `int` input is a constant (not an argument);
* parameters, buffers and constant tensors become `llh.weight` ops reading `<name>.npy` (or inline
  `llh.constant`s, `weights="inline"`), see `weights.py`;
* every call of a supported ATen op becomes LLH ops (`aten.py`), its results typed from the
  FakeTensor shapes torch recorded (`?` for a symbolic size);
* with `binds=True` (default): one `llh.torch_symbolic_int` per torch symbol of the inputs, and an
  `llh.symbolic_bind` of every tensor (and non-constant integer) the graph produces, its affine map
  built from torch's sympy expression of each size (floor division and modulo included), so
  `--infer-symbolic-shape` checks its own derivation against torch's (spec D8).

Errors: `UnsupportedOpError` (an op without a handler, or a call a handler cannot take; names the
op, the node, torch's recorded source line and the supported list), `DataDependentError` (a size
torch could only express with an unbacked symbol), `ImportError_` for anything else (a non-tensor
input, an unsupported dtype, ...). Nothing is partially imported.

What does not live here: per-op translations (`aten.py`), the op-building helpers
(`builder.py`), torch's symbol expressions (`symbols.py`), the command line (`cli.py`).
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import sympy
import torch

from llh_opt.dialects.builtin import ModuleOp
from llh_opt.dialects.func import FuncOp, ReturnOp
from llh_opt.dialects.llh import SymbolicBindOp, TorchSymbolicIntOp
from llh_opt.ir.affine import AffineMap
from llh_opt.ir.attributes import StringAttr, TypeAttr, UnitAttr
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import FunctionType, Type, i64

from .aten import (
    CHECKS,
    HANDLERS,
    IGNORED_ATEN,
    SCALAR_FUNCTIONS,
    SUPPORTED_ATEN,
    SYMBOOL_FUNCTIONS,
)
from .builder import (
    GraphBuilder,
    ImportError_,
    element_type,
    node_location,
    source_frame,
    source_line,
    tensor_type,
)
from .symbols import (
    NotAffine,
    SizeExpr,
    free_symbol_names,
    is_static,
    size_expr,
    static_value,
    to_affine,
    unbacked_symbols,
)
from .weights import WeightStore

__all__ = [
    "DataDependentError",
    "ImportError_",
    "ImportedGraph",
    "InputSpec",
    "OutputSpec",
    "UnsupportedOpError",
    "aten_name",
    "import_exported_program",
    "import_graph_module",
    "is_supported",
]


class UnsupportedOpError(ImportError_):
    """An ATen op (or one particular call of it) the importer cannot translate."""

    def __init__(self, op: str, node: torch.fx.Node, reason: str | None = None) -> None:
        self.op = op
        self.node_name = node.name
        self.source = source_line(node)
        self.frame = source_frame(node)
        what = reason or f"unsupported op '{op}'"
        self.headline = f"{what} (FX node '{node.name}': {node.format_node()})"
        self.notes = ["supported ATen ops: " + ", ".join(sorted(SUPPORTED_ATEN))]
        lines = [self.headline]
        if self.source:
            lines.append(f"  at {self.source}")
        lines.append("  " + self.notes[0])
        super().__init__("\n".join(lines))


class DataDependentError(ImportError_):
    """A size that depends on tensor data (an unbacked symbol): LLH shapes cannot express it."""

    def __init__(self, op: str, node: torch.fx.Node, symbols: Sequence[str]) -> None:
        self.op = op
        self.node_name = node.name
        src = source_line(node)
        self.frame = source_frame(node)
        msg = (
            f"data-dependent shape: '{op}' (FX node '{node.name}') produces a size that depends "
            f"on tensor values (unbacked symbol {', '.join(symbols)}); LLH needs sizes computable "
            "from the input shapes"
        )
        self.headline = msg
        super().__init__(msg + (f"\n  at {src}" if src else ""))


@dataclass
class InputSpec:
    """One graph input: `kind` is `"tensor"` (an argument), `"symint"` (an `i64` argument),
    `"int"` (a constant folded into the IR, `value`) or `"constant"` (a non-tensor input torch
    specialized away: nothing uses it)."""

    name: str
    kind: str
    shape: tuple[SizeExpr, ...] = ()
    dtype: torch.dtype | None = None
    value: Any = None
    symbol: str | None = None


@dataclass
class OutputSpec:
    """One graph output: `"tensor"` / `"symint"` (a function result) or `"constant"` (`value`,
    e.g. None or an int, not returned by the function)."""

    kind: str
    shape: tuple[SizeExpr, ...] = ()
    dtype: torch.dtype | None = None
    value: Any = None


@dataclass
class ImportedGraph:
    module: Operation
    input_specs: list[InputSpec] = field(default_factory=list)
    output_specs: list[OutputSpec] = field(default_factory=list)
    weights: dict[str, np.ndarray] = field(default_factory=dict)
    store: WeightStore | None = None


def aten_name(node: torch.fx.Node) -> str | None:
    """`"aten.conv2d"` for a call of an ATen overload, else None."""
    t = node.target
    if isinstance(t, torch._ops.OpOverload):
        return f"{t.namespace}.{t.overloadpacket.__name__}"
    if isinstance(t, torch._ops.OpOverloadPacket):
        return f"aten.{t.__name__}"
    return None


def _unsupported_reason(node: torch.fx.Node) -> tuple[str, str | None] | None:
    """(op name, reason) when `node` cannot be imported, else None."""
    if node.op in ("placeholder", "output", "get_attr"):
        return None
    if node.op != "call_function":
        return (f"{node.op} {node.target}", f"unsupported FX node kind '{node.op}'")
    t = node.target
    if t is operator.getitem or t in SCALAR_FUNCTIONS or t in SYMBOOL_FUNCTIONS:
        return None
    name = aten_name(node)
    if name is None:
        return (str(getattr(t, "__name__", t)), None)
    if name in IGNORED_ATEN:
        return None
    if name not in HANDLERS:
        return (name, None)
    check = CHECKS.get(name)
    reason = check(node) if check is not None else None
    return (name, f"unsupported use of '{name}': {reason}") if reason else None


def is_supported(node: torch.fx.Node) -> bool:
    """Whether the importer translates `node` (for partitioning a graph). A `getitem` of a
    multi-result op goes with that op; a `getitem` of an output the importer does not produce
    (max-pool indices, batch-norm statistics) is unsupported."""
    if _unsupported_reason(node) is not None:
        return False
    if node.target is operator.getitem and isinstance(node.args[0], torch.fx.Node):
        src = node.args[0]
        if src.op == "call_function" and not is_supported(src):
            return False
    return not _unbacked_in(node)


def _unbacked_in(node: torch.fx.Node) -> list[str]:
    val = node.meta.get("val")
    vals = val if isinstance(val, (tuple, list)) else [val]
    exprs: list[SizeExpr] = []
    for v in vals:
        if isinstance(v, torch.Tensor):
            exprs.extend(size_expr(d) for d in v.shape)
        elif isinstance(v, torch.SymInt):
            exprs.append(size_expr(v))
    return unbacked_symbols(exprs)


# --------------------------------------------------------------------------- the import


class _Importer:
    """One import: see the module docstring."""

    def __init__(self, graph: torch.fx.Graph, binds: bool, store: WeightStore, func_name: str):
        self.graph = graph
        self.binds = binds
        self.store = store
        self.func_name = func_name
        self.torch_ints: dict[str, Value] = {}
        self.bound: set[Value] = set()

    def run(
        self, user_inputs: dict[torch.fx.Node, Any], weights: dict[torch.fx.Node, tuple[str, Any]]
    ) -> ImportedGraph:
        specs: list[InputSpec] = []
        arg_nodes: list[torch.fx.Node] = []
        arg_types: list[Type] = []
        arg_attrs: list[dict[str, Any]] = []
        for node, val in user_inputs.items():
            spec = self._input_spec(node, val)
            specs.append(spec)
            if spec.kind == "tensor":
                arg_nodes.append(node)
                arg_types.append(tensor_type(spec.shape, element_type(spec.dtype)))  # type: ignore[arg-type]
                attrs: dict[str, Any] = {}
                if all(is_static(d) or isinstance(d, sympy.Symbol) for d in spec.shape):
                    for i, d in enumerate(spec.shape):
                        name = f"c{static_value(d)}" if is_static(d) else d.name  # type: ignore[union-attr]
                        attrs[f"func.input_symbol_{i}"] = StringAttr(name)
                arg_attrs.append(attrs)
            elif spec.kind == "symint":
                arg_nodes.append(node)
                arg_types.append(i64)
                arg_attrs.append({})
        module = ModuleOp.build(attributes={"builtin.gloabal_layout": StringAttr("NCHW")})
        func = FuncOp.build(
            self.func_name,
            FunctionType(tuple(arg_types), ()),
            arg_attrs=arg_attrs if any(arg_attrs) else None,
            attributes={"entrance": UnitAttr()},
        )
        module.regions[0].blocks[0].append(func)
        block = func.regions[0].blocks[0]
        b = GraphBuilder(block)
        self.b = b
        for node, arg in zip(arg_nodes, block.args):
            b.values[node] = arg
            val = user_inputs[node]
            if isinstance(val, torch.Tensor):
                shape = tuple(size_expr(d) for d in val.shape)
                b.set_shape(arg, shape)
                for i, d in enumerate(shape):
                    if isinstance(d, sympy.Symbol):
                        b.sym_sources.setdefault(d.name, (arg, i))
            else:
                e = size_expr(val)
                if isinstance(e, sympy.Symbol):
                    b.sym_sources.setdefault(e.name, (arg, None))
        for spec, node in zip(specs, user_inputs):
            if spec.kind == "int":
                b.values[node] = spec.value
        if self.binds:
            names = free_symbol_names(
                d for s in specs for d in (s.shape if s.kind == "tensor" else ())
            )
            names += [s.symbol for s in specs if s.symbol and s.symbol not in names]
            for n in names:
                self.torch_ints[n] = b.emit(TorchSymbolicIntOp.build(n))
            for node, arg in zip(arg_nodes, block.args):
                self._bind(arg, user_inputs[node])
        outputs: list[OutputSpec] = []
        results: list[Value] = []
        for node in self.graph.nodes:
            b.node = node
            b.location = node_location(node)
            if node.op == "placeholder":
                if node in weights and node.users:  # (an unused buffer is left out)
                    name, data = weights[node]
                    b.values[node] = self._weight(name, data)
                continue
            if node.op == "get_attr":
                if not node.users:
                    continue
                name, data = weights[node]
                b.values[node] = self._weight(name, data)
                continue
            if node.op == "output":
                outputs, results = self._outputs(node)
                continue
            self._call(node)
        block.append(ReturnOp.build(results))
        func.properties["function_type"] = TypeAttr(
            FunctionType(tuple(arg_types), tuple(r.type for r in results))
        )
        return ImportedGraph(module, specs, outputs, dict(self.store.arrays), self.store)

    # ------------------------------------------------------------------ inputs, weights

    def _input_spec(self, node: torch.fx.Node, val: Any) -> InputSpec:
        if isinstance(val, torch.Tensor):
            shape = tuple(size_expr(d) for d in val.shape)
            bad = unbacked_symbols(shape)
            if bad:
                raise DataDependentError("input", node, bad)
            element_type(val.dtype)
            return InputSpec(node.name, "tensor", shape, val.dtype)
        if isinstance(val, torch.SymInt):
            e = size_expr(val)
            if is_static(e):
                return InputSpec(node.name, "int", value=static_value(e))
            sym = e.name if isinstance(e, sympy.Symbol) else None
            return InputSpec(node.name, "symint", symbol=sym)
        if isinstance(val, bool) or not isinstance(val, int):
            if not node.users:  # specialized away by torch: nothing refers to it
                return InputSpec(node.name, "constant", value=val)
            raise ImportError_(
                f"unsupported graph input '{node.name}' of type {type(val).__name__}: the importer "
                "takes tensors, SymInts and ints"
            )
        return InputSpec(node.name, "int", value=int(val))

    def _weight(self, name: str, data: Any) -> Value:
        if not isinstance(data, torch.Tensor):
            raise ImportError_(f"weight '{name}' is a {type(data).__name__}, not a tensor")
        t = data.detach().cpu()
        elt = element_type(t.dtype)
        if t.dtype == torch.bfloat16:
            raise ImportError_(f"weight '{name}': bf16 weights cannot be stored as .npy")
        array = t.contiguous().numpy()
        shape = tuple(int(d) for d in t.shape)
        op = self.store.op_for(name, array, tensor_type(shape, elt))
        v = self.b.emit(op, shape)
        return v

    # ------------------------------------------------------------------ calls

    def _call(self, node: torch.fx.Node) -> None:
        b = self.b
        bad = _unbacked_in(node)
        if bad:
            raise DataDependentError(aten_name(node) or str(node.target), node, bad)
        problem = _unsupported_reason(node)
        if problem is not None:
            raise UnsupportedOpError(problem[0], node, problem[1])
        t = node.target
        if t is operator.getitem:
            src = b.values.get(node.args[0])  # type: ignore[arg-type]
            if not isinstance(src, (tuple, list)):
                raise UnsupportedOpError("operator.getitem", node, "getitem of a non-tuple value")
            v = src[node.args[1]]  # type: ignore[index]
            if v is None:
                raise UnsupportedOpError(
                    "operator.getitem",
                    node,
                    f"result #{node.args[1]} of '{node.args[0]}' is not imported",
                )
            b.values[node] = v
            self._bind_node(node, v)
            return
        if t in SYMBOOL_FUNCTIONS:  # only torch's runtime asserts use these
            b.values[node] = None
            return
        if t in SCALAR_FUNCTIONS:
            val = node.meta.get("val")
            e = size_expr(val) if val is not None else None
            if e is not None and is_static(e):
                b.values[node] = static_value(e)
                return
            lhs, rhs = (b.int_operand(a) for a in node.args)
            v = b.emit(SCALAR_FUNCTIONS[t].build(lhs, rhs))
            b.values[node] = v
            self._remember_size(node, v)
            self._bind_node(node, v)
            return
        name = aten_name(node)
        if name in IGNORED_ATEN:
            b.values[node] = None
            return
        try:
            v = HANDLERS[name](b, node)  # type: ignore[index]
        except ImportError_:
            raise
        except Exception as err:  # a handler's assumption about its arguments failed
            raise UnsupportedOpError(
                name, node, f"cannot import this call of '{name}': {err}"
            ) from err  # type: ignore[arg-type]
        b.values[node] = v
        self._remember_size(node, v)
        self._bind_node(node, v)

    def _remember_size(self, node: torch.fx.Node, v: Any) -> None:
        """A SymInt-valued node's value computes its expression: reuse it for that size."""
        val = node.meta.get("val")
        if isinstance(v, Value) and isinstance(val, torch.SymInt):
            e = size_expr(val)
            if not is_static(e):
                self.b.sizes.setdefault(e, v)

    def _outputs(self, node: torch.fx.Node) -> tuple[list[OutputSpec], list[Value]]:
        outs = node.args[0]
        if not isinstance(outs, (tuple, list)):
            outs = (outs,)
        specs: list[OutputSpec] = []
        results: list[Value] = []
        for o in outs:
            if isinstance(o, torch.fx.Node):
                v = self.b.values.get(o)
                val = o.meta.get("val")
                if isinstance(v, Value) and isinstance(val, torch.Tensor):
                    specs.append(
                        OutputSpec("tensor", tuple(size_expr(d) for d in val.shape), val.dtype)
                    )
                    results.append(v)
                    continue
                if isinstance(v, Value):
                    specs.append(OutputSpec("symint"))
                    results.append(v)
                    continue
                specs.append(OutputSpec("constant", value=v))
            else:
                specs.append(OutputSpec("constant", value=o))
        return specs, results

    # ------------------------------------------------------------------ binds (D8)

    def _bind_node(self, node: torch.fx.Node, v: Any) -> None:
        if not self.binds:
            return
        val = node.meta.get("val")
        if isinstance(v, (tuple, list)):
            vals = val if isinstance(val, (tuple, list)) else [val]
            for x, m in zip(v, vals):
                if isinstance(x, Value):
                    self._bind(x, m)
        elif isinstance(v, Value):
            self._bind(v, val)

    def _bind(self, v: Value, val: Any) -> None:
        if v in self.bound:
            return
        if isinstance(val, torch.Tensor):
            exprs = [size_expr(d) for d in val.shape]
        elif isinstance(val, torch.SymInt):
            exprs = [size_expr(val)]
            if is_static(exprs[0]):
                return
        else:
            return
        names = free_symbol_names(exprs)
        if any(n not in self.torch_ints for n in names):
            return
        pos = {n: i for i, n in enumerate(names)}
        try:
            amap = AffineMap(0, len(names), [to_affine(e, pos) for e in exprs])
        except NotAffine:
            return
        self.bound.add(v)
        op = SymbolicBindOp.build(v, [self.torch_ints[n] for n in names], amap)
        self.b.emit(op)


# --------------------------------------------------------------------------- public API


# Composite ops LLH has natively: kept out of torch's decompositions (adaptive average pooling
# would become a mean or a gather-based form, max_pool2d a max_pool2d_with_indices).
KEPT_COMPOSITES = ("adaptive_avg_pool1d", "adaptive_avg_pool2d", "max_pool2d")


def decomposition_table() -> Any:
    """torch's default (core ATen) decompositions, without those of `KEPT_COMPOSITES`."""
    table = torch.export.default_decompositions()
    for name in KEPT_COMPOSITES:
        table.pop(getattr(torch.ops.aten, name).default, None)
    return table


def import_exported_program(
    ep: torch.export.ExportedProgram,
    *,
    binds: bool = True,
    weights: str = "npy",
    weight_dir: str | Path | None = None,
    func_name: str = "main",
    decompose: bool = True,
) -> Operation:
    """The LLH module of `ep` (see the module docstring). `decompose`: run torch's core-ATen
    decompositions first (`decomposition_table()`). `weight_dir`: write the `.npy` files there (mode `"npy"`)."""
    return import_exported_program_full(
        ep, binds=binds, weights=weights, weight_dir=weight_dir, func_name=func_name,
        decompose=decompose,
    ).module  # fmt: skip


def import_exported_program_full(
    ep: torch.export.ExportedProgram,
    *,
    binds: bool = True,
    weights: str = "npy",
    weight_dir: str | Path | None = None,
    func_name: str = "main",
    decompose: bool = True,
) -> ImportedGraph:
    """`import_exported_program` returning the `ImportedGraph` (specs and weight arrays)."""
    if decompose:
        ep = ep.run_decompositions(decomposition_table())
    from torch.export.graph_signature import InputKind

    placeholders = {n.name: n for n in ep.graph.nodes if n.op == "placeholder"}
    user: dict[torch.fx.Node, Any] = {}
    wts: dict[torch.fx.Node, tuple[str, Any]] = {}
    for spec in ep.graph_signature.input_specs:
        node = placeholders[spec.arg.name]  # type: ignore[union-attr]
        if spec.kind == InputKind.USER_INPUT:
            user[node] = node.meta.get("val")
        elif spec.kind in (InputKind.PARAMETER, InputKind.BUFFER):
            data = ep.state_dict.get(spec.target)  # type: ignore[arg-type]
            if data is None:  # a non-persistent buffer
                data = ep.constants.get(spec.target)  # type: ignore[arg-type]
            wts[node] = (spec.target, data)  # type: ignore[assignment]
        elif spec.kind == InputKind.CONSTANT_TENSOR:
            wts[node] = (spec.target, ep.constants[spec.target])  # type: ignore[assignment, index]
        else:
            raise ImportError_(f"unsupported input '{spec.arg.name}' of kind {spec.kind.name}")  # type: ignore[union-attr]
    imp = _Importer(ep.graph, binds, WeightStore(weights), func_name)
    out = imp.run(user, wts)
    if weight_dir is not None:
        imp.store.save(weight_dir)
    return out


def import_graph_module(
    gm: torch.fx.GraphModule,
    example_inputs: Sequence[Any],
    *,
    binds: bool = True,
    func_name: str = "main",
    weights: str = "inline",
) -> ImportedGraph:
    """Import an ATen-level FX graph (what `aot_autograd` / `make_fx` produce; the graph a
    torch.compile backend gets after ATen tracing): placeholders are the function inputs in
    order (their `meta["val"]` FakeTensors give the symbolic sizes; without one, the example
    input's sizes are used), `get_attr` nodes are weights read from `gm`."""
    placeholders = [n for n in gm.graph.nodes if n.op == "placeholder"]
    if len(placeholders) != len(example_inputs):
        raise ImportError_(
            f"the graph has {len(placeholders)} inputs but {len(example_inputs)} example inputs "
            "were given"
        )
    user: dict[torch.fx.Node, Any] = {}
    for node, ex in zip(placeholders, example_inputs):
        val = node.meta.get("val")
        user[node] = val if val is not None else ex
    wts: dict[torch.fx.Node, tuple[str, Any]] = {}
    for node in gm.graph.nodes:
        if node.op == "get_attr":
            obj: Any = gm
            for part in str(node.target).split("."):
                obj = getattr(obj, part)
            wts[node] = (str(node.target), obj)
    imp = _Importer(gm.graph, binds, WeightStore(weights), func_name)
    return imp.run(user, wts)
