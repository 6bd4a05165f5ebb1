"""The state of one FX-graph import and the helpers the ATen handlers build LLH ops with.

`GraphBuilder` owns the entrance function's body block and appends every op through the op
classes (`llh_opt.dialects.llh`), never through text. It knows, for each FX node, the LLH value
(or tuple of values, or Python scalar) it became, and for each tensor value its torch shape (ints
and sympy expressions over torch's symbols), from which result types are built (`?` for every
size that is not a constant). Sizes needed at run time (reshape targets, slice bounds, element
counts) are computed from the argument dimensions by `size_value(expr)`: a torch symbol is an
`llh.dim` of the first argument dimension that carries it, and `+`, `*`, floor division and
modulo become `llh.add` / `llh.mul` / `llh.div` / `llh.sub` on `i64` scalars (memoized).

What does not live here: the per-op translations (`aten.py`), walking the graph and the public
API (`importer.py`), torch symbol → affine map (`symbols.py`).
"""

from __future__ import annotations

import linecache
import re
from collections.abc import Sequence
from typing import Any

import numpy as np
import sympy
import torch

from llh_opt.dialects.llh import (
    AddOp,
    CompareOp,
    ConstantOp,
    ConvertToOp,
    DimOp,
    DivOp,
    MulOp,
    ReshapeOp,
    ScalarCastOp,
    SubOp,
)
from llh_opt.ir.attributes import FileLineColLoc, LocationAttr, UnknownLoc
from llh_opt.ir.core import Block, Operation, Value
from llh_opt.ir.dense import dense_from_numpy
from llh_opt.ir.types import (
    DYNAMIC,
    SIGNLESS,
    UNSIGNED,
    FloatType,
    IntegerType,
    RankedTensorType,
    Type,
    element_type_of,
    i64,
)

from .symbols import SizeExpr, is_static, size_expr, static_value

__all__ = [
    "DTYPES",
    "GraphBuilder",
    "ImportError_",
    "element_type",
    "node_location",
    "source_frame",
    "source_line",
]

DTYPES: dict[torch.dtype, Type] = {
    torch.float32: FloatType("f32"),
    torch.float64: FloatType("f64"),
    torch.float16: FloatType("f16"),
    torch.bfloat16: FloatType("bf16"),
    torch.int64: IntegerType(64, SIGNLESS),
    torch.int32: IntegerType(32, SIGNLESS),
    torch.int16: IntegerType(16, SIGNLESS),
    torch.int8: IntegerType(8, SIGNLESS),
    torch.uint8: IntegerType(8, UNSIGNED),
    torch.bool: IntegerType(1, SIGNLESS),
}


class ImportError_(Exception):  # noqa: N801 - `ImportError` is a builtin
    """An FX graph that cannot be imported (the base of every importer error). `frame`: the
    (file, line, code) torch recorded for the offending node, when known; `headline` and `notes`:
    the message split for a diagnostic at that place."""

    frame: tuple[str, int, str] | None = None
    notes: list[str] = []  # (read-only default)

    @property
    def headline(self) -> str:
        return self.__dict__.get("_headline") or str(self)

    @headline.setter
    def headline(self, value: str) -> None:
        self.__dict__["_headline"] = value


def element_type(dtype: torch.dtype) -> Type:
    t = DTYPES.get(dtype)
    if t is None:
        raise ImportError_(f"unsupported element type {dtype}")
    return t


_FRAME = re.compile(r'File "([^"]+)", line (\d+)')


def node_location(node: torch.fx.Node) -> LocationAttr:
    """The Python source line torch recorded for `node` (the innermost frame), as a location."""
    trace = node.meta.get("stack_trace") or ""
    frames = _FRAME.findall(trace)
    if not frames:
        return UnknownLoc()
    file, line = frames[-1]
    return FileLineColLoc(file, int(line), 0)


def source_frame(node: torch.fx.Node) -> tuple[str, int, str] | None:
    """(file, line, code) of the innermost frame torch recorded for `node`, or None."""
    lines = (node.meta.get("stack_trace") or "").rstrip().splitlines()
    for i in range(len(lines) - 1, -1, -1):
        m = _FRAME.search(lines[i])
        if m:
            file, line = m.group(1), int(m.group(2))
            # The file's own line (torch's trace re-indents it), else the trace's.
            code = linecache.getline(file, line).rstrip("\r\n")
            if not code.strip():
                code = lines[i + 1].rstrip() if i + 1 < len(lines) else ""
            return file, line, code
    return None


def source_line(node: torch.fx.Node) -> str | None:
    """`file:line: code` of the innermost frame torch recorded for `node`, or None."""
    trace = (node.meta.get("stack_trace") or "").rstrip()
    if not trace:
        return None
    lines = trace.splitlines()
    for i in range(len(lines) - 1, -1, -1):
        m = _FRAME.search(lines[i])
        if m:
            code = lines[i + 1].strip() if i + 1 < len(lines) else ""
            return f"{m.group(1)}:{m.group(2)}: {code}".rstrip(": ")
    return lines[-1].strip()


def _numpy_dtype(elt: Type) -> Any:
    if isinstance(elt, FloatType):
        return {"f16": np.float16, "f32": np.float32, "f64": np.float64}.get(elt.name, np.float32)
    assert isinstance(elt, IntegerType)
    if elt.width == 1:
        return np.bool_
    return np.dtype(f"{'u' if elt.signedness == UNSIGNED else 'i'}{max(elt.width // 8, 1)}")


def tensor_type(shape: Sequence[SizeExpr], elt: Type) -> RankedTensorType:
    return RankedTensorType(
        tuple(static_value(d) if is_static(d) else DYNAMIC for d in shape),  # type: ignore[misc]
        elt,
    )


class GraphBuilder:
    """Appends LLH ops for one FX graph to `block` (see the module docstring)."""

    __slots__ = (
        "block",
        "location",
        "node",
        "shapes",
        "sizes",
        "sym_sources",
        "values",
    )

    def __init__(self, block: Block) -> None:
        self.block = block
        self.values: dict[torch.fx.Node, Any] = {}
        self.shapes: dict[Value, tuple[SizeExpr, ...]] = {}
        self.sym_sources: dict[str, tuple[Value, int | None]] = {}  # name → (value, dim | scalar)
        self.sizes: dict[Any, Value] = {}  # memo of `size_value`
        self.location: LocationAttr = UnknownLoc()
        self.node: torch.fx.Node | None = None

    # ------------------------------------------------------------------ ops

    def emit(self, op: Operation, shape: Sequence[SizeExpr] | None = None) -> Value:
        """Append `op` (located at the current node); its result takes `shape` when given."""
        if isinstance(op.location, UnknownLoc):
            op.location = self.location
        self.block.append(op)
        if not op.results:
            return None  # type: ignore[return-value]
        r = op.results[0]
        if shape is not None:
            shape = tuple(shape)
            r.type = tensor_type(shape, element_type_of(r.type))
            self.shapes[r] = shape
        return r

    def shape(self, v: Value) -> tuple[SizeExpr, ...]:
        s = self.shapes.get(v)
        if s is None:
            t = v.type
            if not isinstance(t, RankedTensorType) or DYNAMIC in t.shape:
                raise ImportError_(f"no known shape for a value of type {t}")
            s = tuple(t.shape)
            self.shapes[v] = s
        return s

    def set_shape(self, v: Value, shape: Sequence[SizeExpr]) -> None:
        self.shapes[v] = tuple(shape)

    # ------------------------------------------------------------------ scalars and sizes

    def const_int(self, value: int) -> Value:
        key = ("int", value)
        v = self.sizes.get(key)
        if v is None:
            v = self.emit(ConstantOp.build_int(value))
            self.sizes[key] = v
        return v

    def size_value(self, e: SizeExpr) -> Value:
        """An `i64` value equal to the torch size `e` at run time."""
        if is_static(e):
            return self.const_int(static_value(e))  # type: ignore[arg-type]
        v = self.sizes.get(e)
        if v is not None:
            return v
        v = self._size_value(e)  # type: ignore[arg-type]
        self.sizes[e] = v
        return v

    def _size_value(self, e: sympy.Expr) -> Value:
        if isinstance(e, sympy.Symbol):
            src = self.sym_sources.get(e.name)
            if src is None:
                raise ImportError_(f"the size symbol {e.name} is not a size of any input")
            value, dim = src
            if dim is None:
                return value
            return self.emit(DimOp.build(value, self.const_int(dim)))
        if isinstance(e, (sympy.Add, sympy.Mul)):
            cls = AddOp if isinstance(e, sympy.Add) else MulOp
            acc = self.size_value(e.args[0])
            for a in e.args[1:]:
                acc = self.emit(cls.build(acc, self.size_value(a)))
            return acc
        if isinstance(e, sympy.Pow) and e.args[1].is_Integer and int(e.args[1]) >= 1:
            base = self.size_value(e.args[0])
            acc = base
            for _ in range(int(e.args[1]) - 1):
                acc = self.emit(MulOp.build(acc, base))
            return acc
        name = type(e).__name__
        if name in ("FloorDiv", "CleanDiv"):
            return self.emit(DivOp.build(self.size_value(e.args[0]), self.size_value(e.args[1])))
        if name in ("Mod", "PythonMod"):
            a, b = self.size_value(e.args[0]), self.size_value(e.args[1])
            q = self.emit(MulOp.build(self.emit(DivOp.build(a, b)), b))
            return self.emit(SubOp.build(a, q))
        raise ImportError_(f"cannot compute the size {e} with LLH scalar ops")

    def int_operand(self, x: Any) -> Value:
        """An `i64` value for an FX argument that is an int, a SymInt or an FX node of one."""
        if isinstance(x, torch.fx.Node):
            v = self.values.get(x)
            if isinstance(v, Value):
                return v
            val = x.meta.get("val")
            if val is None:
                raise ImportError_(f"node {x.name} has no value")
            return self.size_value(size_expr(val))
        if isinstance(x, bool):
            return self.const_int(int(x))
        if isinstance(x, torch.SymInt):
            return self.size_value(size_expr(x))
        return self.const_int(int(x))

    # ------------------------------------------------------------------ tensors

    def splat(self, value: float | int | bool, elt: Type, rank: int) -> Value:
        """A constant tensor of shape `1x...x1` (`rank` ones) holding `value`."""
        key = ("splat", repr(value), elt, rank)
        v = self.sizes.get(key)
        if v is not None:
            return v
        t = RankedTensorType((1,) * rank, elt)
        attr = dense_from_numpy(np.full((1,) * rank, value, dtype=_numpy_dtype(elt)), t)
        v = self.emit(ConstantOp.build(attr, result_type=t), (1,) * rank)
        self.sizes[key] = v
        return v

    def scalar_tensor(self, x: Value, elt: Type, rank: int) -> Value:
        """An `i64` scalar value as a `1x...x1` tensor of `elt`."""
        t = self.emit(ScalarCastOp.build(x, RankedTensorType((1,) * rank, i64)), (1,) * rank)
        return self.convert(t, elt)

    def convert(self, v: Value, elt: Type) -> Value:
        """`v` converted to element type `elt` (itself when it already is)."""
        if element_type_of(v.type) is elt:
            return v
        return self.emit(ConvertToOp.build(v, elt), self.shape(v))

    def reshape(self, v: Value, shape: Sequence[SizeExpr]) -> Value:
        """`v` reshaped to the torch sizes `shape` (itself when the shape is the same)."""
        shape = tuple(shape)
        if self.shapes.get(v) == shape:
            return v
        sizes = [self.size_value(d) for d in shape]
        return self.emit(ReshapeOp.build(v, sizes), shape)

    def align_rank(self, v: Value, rank: int) -> Value:
        """`v` with leading size-1 dimensions up to `rank` (numpy broadcasting made explicit)."""
        s = self.shape(v)
        if len(s) >= rank:
            return v
        return self.reshape(v, (1,) * (rank - len(s)) + s)

    def compare(self, a: Value, b: Value, kind: str, shape: Sequence[SizeExpr]) -> Value:
        return self.emit(CompareOp.build(a, b, kind), shape)
