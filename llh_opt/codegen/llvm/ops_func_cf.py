"""`func` (return, call) and `cf` (br, cond_br, assert) ops → LLVM calls, returns and branches.

Calls follow the core calling convention of ``translator.py``: memref operands are passed as their
descriptor fields, several results come back packed in one struct. Branch operands feed the phis
that stand for the target block's arguments.
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir

from llh_opt.codegen.llvm.descriptor import ALIGNED, ALLOCATED, OFFSET, SIZES, STRIDES
from llh_opt.codegen.llvm.errors import TranslationError
from llh_opt.codegen.llvm.translator import FunctionTranslator, handles, segments
from llh_opt.codegen.llvm.types import VOID
from llh_opt.ir.core import Operation
from llh_opt.ir.types import MemRefType


@handles("func.return")
def _return(op: Operation, ft: FunctionTranslator) -> None:
    vals = ft.operands(op)
    ret_t = ft.fn.function_type.return_type
    if len(vals) != len(ft.info.type.results):
        raise TranslationError(op, "returns a different number of values than the function type")
    b = ft.b
    if not vals:
        b.ret_void()
    elif len(vals) == 1:
        b.ret(vals[0])
    else:
        agg: Any = ir.Constant(ret_t, ir.Undefined)
        for i, v in enumerate(vals):
            agg = b.insert_value(agg, v, i)
        b.ret(agg)


def exploded_args(ft: FunctionTranslator, op: Operation) -> list[Any]:
    """Operand values as core-convention parameters (memref descriptors split into fields)."""
    out: list[Any] = []
    b = ft.b
    for v in op.operands:
        llv = ft.get(v)
        t = v.type
        if isinstance(t, MemRefType):
            rank = len(t.shape)
            out += [b.extract_value(llv, ALLOCATED), b.extract_value(llv, ALIGNED)]
            out.append(b.extract_value(llv, OFFSET))
            out += [b.extract_value(llv, [SIZES, i]) for i in range(rank)]
            out += [b.extract_value(llv, [STRIDES, i]) for i in range(rank)]
        else:
            out.append(llv)
    return out


@handles("func.call")
def _call(op: Operation, ft: FunctionTranslator) -> None:
    callee = op.properties.get("callee") or op.attributes.get("callee")
    name = getattr(callee, "root", None)
    info = ft.mt.functions.get(name) if name is not None else None
    if info is None:
        raise TranslationError(op, f"calls an unknown function '@{name}'")
    if len(op.operands) != len(info.type.inputs) or len(op.results) != len(info.type.results):
        raise TranslationError(op, f"does not match the signature of '@{name}'")
    res = ft.b.call(info.fn, exploded_args(ft, op))
    if len(op.results) == 1:
        ft.bind(op.results[0], res)
    elif op.results:
        ft.bind_results(op, [ft.b.extract_value(res, i) for i in range(len(op.results))])
    elif info.fn.function_type.return_type != VOID:
        raise TranslationError(op, "drops the callee's results")


@handles("cf.br")
def _br(op: Operation, ft: FunctionTranslator) -> None:
    (target,) = op.successors
    ft.branch_to(target, ft.operands(op))
    ft.b.branch(ft.llvm_block(op, target))


@handles("cf.cond_br")
def _cond_br(op: Operation, ft: FunctionTranslator) -> None:
    n_cond, n_true, n_false = segments(op, 3)
    vals = ft.operands(op)
    cond = vals[0]
    true_args = vals[n_cond : n_cond + n_true]
    false_args = vals[n_cond + n_true : n_cond + n_true + n_false]
    t_blk, f_blk = op.successors
    targets = []
    for blk, args in ((t_blk, true_args), (f_blk, false_args)):
        if t_blk is f_blk and blk.args:
            # One LLVM block cannot be both successors with different phi inputs: trampoline.
            tramp = ft.fn.append_basic_block("cond_br.edge")
            here = ft.b.block
            ft.b.position_at_end(tramp)
            ft.branch_to(blk, args)
            ft.b.branch(ft.llvm_block(op, blk))
            ft.b.position_at_end(here)
            targets.append(tramp)
        else:
            ft.branch_to(blk, args)
            targets.append(ft.llvm_block(op, blk))
    ft.b.cbranch(cond, targets[0], targets[1])


@handles("cf.assert")
def _assert(op: Operation, ft: FunctionTranslator) -> None:
    (cond,) = ft.operands(op)
    b = ft.b
    fail = ft.fn.append_basic_block("assert.fail")
    cont = ft.fn.append_basic_block("assert.ok")
    b.cbranch(cond, cont, fail)
    b.position_at_end(fail)
    ft.call_runtime("abort", VOID, [])
    b.unreachable()
    b.position_at_end(cont)
