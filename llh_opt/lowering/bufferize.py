"""Stage 1, `llh-bufferize`: the signature of every public function becomes memrefs.

For each public `func.func` with a body:

* tensor arguments become identity-layout memrefs (`tensor<?x64xf32, #llh.encoding<...>>` →
  `memref<?x64xf32>`); inside, a `builtin.unrealized_conversion_cast` turns each back into the
  tensor the LLH ops use (stage 2 removes the casts);
* tensor results become memrefs; each `func.return` casts its tensors to memrefs;
* the entry prologue (``entry.py``): symbol values and input shape checks.

Scalars (`i64`, `f32`, ...) stay as they are. Unranked tensors, functions with more than one
block and private functions taking or returning tensors are errors at the function.

What does not live here: op lowerings (stage 2, ``passes.py`` + op-family modules).
"""

from __future__ import annotations

from typing import Any

from llh_opt.ir.attributes import StringAttr, TypeAttr
from llh_opt.ir.core import Operation
from llh_opt.ir.types import FunctionType, RankedTensorType, Type, UnrankedTensorType
from llh_opt.lowering.context import (
    InsertionPoint,
    LoweringContext,
    lowering_error,
    memref_type_of,
)
from llh_opt.lowering.entry import emit_entry

__all__ = ["bufferize_function", "bufferize_module", "is_tensor_function", "public_functions"]

CAST = "builtin.unrealized_conversion_cast"


def _is_tensor(t: Type) -> bool:
    return isinstance(t, RankedTensorType | UnrankedTensorType)


def is_tensor_function(func: Operation) -> bool:
    ft = func.properties["function_type"]
    assert isinstance(ft, TypeAttr) and isinstance(ft.type, FunctionType)
    return any(_is_tensor(t) for t in (*ft.type.inputs, *ft.type.results))


def public_functions(module: Operation) -> list[Operation]:
    """The `func.func` definitions of `module` (public ones, with a body)."""
    out = []
    for region in module.regions:
        for block in region.blocks:
            for op in block.ops:
                if op.name != "func.func" or not op.regions or not op.regions[0].blocks:
                    continue
                vis = op.properties.get("sym_visibility")
                if isinstance(vis, StringAttr) and vis.value != "public":
                    if is_tensor_function(op):
                        raise lowering_error(
                            op,
                            "private function with tensor arguments or results cannot be "
                            "lowered (inline it first: --inline)",
                        )
                    continue
                out.append(op)
    return out


def _check_ranked(func: Operation) -> None:
    block = func.regions[0].blocks[0]
    for i, a in enumerate(block.args):
        if isinstance(a.type, UnrankedTensorType):
            raise lowering_error(
                func, f"argument {i} has unranked type '{a.type}': only ranked tensors lower"
            )
    for op in func.walk():
        for r in op.results:
            if isinstance(r.type, UnrankedTensorType):
                raise lowering_error(
                    op, f"'{op.name}' op result has unranked type '{r.type}': only ranked "
                    "tensors lower (run --infer-symbolic-shape first)",
                )  # fmt: skip


def bufferize_function(func: Operation, sa: Any) -> None:
    """Bufferize the signature of `func` and emit its entry prologue (see module docstring)."""
    if len(func.regions[0].blocks) != 1:
        raise lowering_error(func, "only single-block functions can be lowered")
    _check_ranked(func)
    ft_attr = func.properties["function_type"]
    assert isinstance(ft_attr, TypeAttr) and isinstance(ft_attr.type, FunctionType)
    ft = ft_attr.type
    block = func.regions[0].blocks[0]
    first = block.first
    arg_types = [a.type for a in block.args]
    for a in block.args:
        t = a.type
        if not isinstance(t, RankedTensorType):
            continue
        mt = memref_type_of(t, func)
        uses = [u for u in a.uses]
        a.type = mt
        cast = Operation.create(CAST, (a,), (t,), location=func.location)
        if first is None:
            block.append(cast)
        else:
            block.insert_before(first, cast)
        for u in uses:
            u.set(cast.results[0])
    new_results = tuple(memref_type_of(t, func) if _is_tensor(t) else t for t in ft.results)
    new_inputs = tuple(memref_type_of(t, func) if _is_tensor(t) else t for t in ft.inputs)
    func.properties["function_type"] = TypeAttr(FunctionType(new_inputs, new_results))
    for op in list(func.walk()):
        if op.name != "func.return" or op.parent_op is not func:
            continue
        for i, v in enumerate(op.operands):
            if isinstance(v.type, RankedTensorType):
                cast = Operation.create(CAST, (v,), (memref_type_of(v.type, op),),
                                        location=op.location)  # fmt: skip
                InsertionPoint.before_op(op).insert(cast)
                op.set_operand(i, cast.results[0])
    ctx = LoweringContext(func, sa)
    emit_entry(func, arg_types, ctx)


def bufferize_module(module: Operation, sa: Any) -> list[Operation]:
    """Bufferize every public function of `module`; returns them."""
    funcs = public_functions(module)
    for f in funcs:
        if _already_bufferized(f):
            continue
        bufferize_function(f, sa)
    return funcs


def _already_bufferized(func: Operation) -> bool:
    """True when `func` has no tensor in its signature (already bufferized, or scalar-only
    with no LLH tensor inside)."""
    return not is_tensor_function(func)
