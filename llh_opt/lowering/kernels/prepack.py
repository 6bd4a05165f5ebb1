"""Compile-time packing of constant GEMM operands (MegCC's way: the run time only runs kernels).

When a kernel operand is a constant (a `memref.get_global` of a private constant global with
dense data: weights after ``--load-weight`` or a folded batch norm), the packed panels are
computed here with numpy and emitted as a new constant global, so the generated code reads
the packed layout directly and never packs at run time.

* ``constant_array(ctx, m)`` — the data behind memref `m` as a numpy array of its shape
  (float bit patterns decoded), or None when `m` is not such a constant;
* ``packed_constant(ctx, data, elt)`` — a `memref.get_global` of a new global holding `data`
  (already in packed order), typed `memref<d0 x d1 x d2 x elt>`.

What does not live here: which packed layout an operand needs (the kernels: ``gemm.py`` /
``conv2d.py`` call these with numpy reshapes/transposes of the weight).
"""

from __future__ import annotations

import numpy as np

from llh_opt.ir.attributes import DenseElementsAttr
from llh_opt.ir.core import Operation, Value, module_body
from llh_opt.ir.types import FloatType, RankedTensorType
from llh_opt.lowering.context import LoweringContext

__all__ = ["constant_array", "drop_unpacked", "packed_constant"]

_BITS = {"f32": (np.uint32, np.float32), "f64": (np.uint64, np.float64)}
MAX_PREPACK_ELEMENTS = 1 << 24
"""Larger constants are packed at run time (the IR would hold a second copy of the data)."""


def _module(ctx: LoweringContext) -> Operation:
    module = ctx.func
    while module.parent_op is not None:
        module = module.parent_op
    return module


def constant_array(ctx: LoweringContext, m: Value) -> np.ndarray | None:
    """The constant data of memref `m` (see the module docstring), else None."""
    owner = m.owner
    if not isinstance(owner, Operation) or owner.name != "memref.get_global":
        return None
    sym = owner.properties.get("name") or owner.attributes.get("name")
    name = getattr(sym, "root", None)
    if name is None:
        return None
    for op in module_body(_module(ctx)).ops:
        if op.name != "memref.global":
            continue
        if getattr(op.properties.get("sym_name"), "value", None) != name:
            continue
        if op.properties.get("constant") is None:
            return None
        init = op.properties.get("initial_value")
        if not isinstance(init, DenseElementsAttr):
            return None
        elt = init.element_type
        if not isinstance(elt, FloatType) or elt.name not in _BITS:
            return None
        shape = tuple(init.type.shape)
        if int(np.prod(shape)) > MAX_PREPACK_ELEMENTS:
            return None
        bits_t, float_t = _BITS[elt.name]
        raw = np.array(init.values, dtype=bits_t)
        if init.is_splat:
            raw = np.full(shape, raw[0], dtype=bits_t)
        return raw.view(float_t).reshape(shape)
    return None


def packed_constant(ctx: LoweringContext, data: np.ndarray, elt: FloatType) -> Value:
    """A `memref.get_global` of a new constant global holding `data` (row-major)."""
    from llh_opt.lowering.scalar import global_buffer

    bits_t, float_t = _BITS[elt.name]
    flat = np.ascontiguousarray(data, dtype=float_t).reshape(-1).view(bits_t)
    t = RankedTensorType(tuple(data.shape), elt)
    value = DenseElementsAttr(t, tuple(flat.tolist()))
    return global_buffer(ctx, value, t)  # type: ignore[return-value]


def drop_unpacked(ctx: LoweringContext, m: Value, tensor: Value) -> None:
    """After packing constant memref `m` (the buffer of LLH value `tensor`): when the op being
    lowered is the tensor's only user and nothing reads `m`, erase its `memref.get_global` and,
    when no other op refers to it, its global (the object holds the packed copy only)."""
    op = ctx.op
    owner = m.owner
    if op is None or not isinstance(owner, Operation) or m.uses:
        return
    if any(u.owner is not op for u in tensor.uses):
        return
    name = getattr(owner.properties.get("name"), "root", None)
    owner.erase()
    module = _module(ctx)
    for other in module.walk():
        if (
            other.name == "memref.get_global"
            and getattr(other.properties.get("name"), "root", None) == name
        ):
            return
    for g in module_body(module).ops:
        if (
            g.name == "memref.global"
            and getattr(g.properties.get("sym_name"), "value", None) == name
        ):
            g.erase()
            return
