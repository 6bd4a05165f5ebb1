"""Rewriting a function by its memory plan: one workspace, views into it, the workspace API.

``apply_plan(func, plan)`` turns public function ``@f`` (with at least one planned buffer) into
three public functions, inserted in this order where ``@f`` was:

* ``@f(args) -> results`` — same signature and attributes as before: ``%n = call
  @f_workspace_size(args)``, ``%ws = memref.alloc(%n) {alignment = 64} : memref<?xi8>``, ``call
  @f_with_workspace(args, %ws)``, ``memref.dealloc %ws``: one allocation per call, none inside
  the graph;
* ``@f_with_workspace(args, %ws: memref<?xi8>) -> results`` — the original body; each planned
  ``memref.alloc`` is now ``memref.view %ws[%offset][sizes]`` (its ``memref.dealloc`` removed);
  the offsets are computed once at the top of the entry block from the input sizes; it carries
  ``llh.workspace = {alignment = 64, size = "<bytes>", unplanned = "<sum of sizes>",
  buffers = [{live = [first, last], offset = "...", size = "..."}, ...]}`` (buffers in program
  order, sizes in bytes before rounding to 64);
* ``@f_workspace_size(args) -> index`` — the number of bytes ``%ws`` needs for these inputs
  (at least 0; 64-byte alignment of the base is the caller's job).

Allocations the plan excludes keep their ``memref.alloc``/``memref.dealloc``.

What does not live here: the analysis and placement (``memory_plan.py``), the pass.
"""

from __future__ import annotations

from typing import Any

import sympy
from sympy import Add, Mul, Pow

from llh_opt.ir.attributes import (
    ArrayAttr,
    Attribute,
    DenseArrayAttr,
    DictionaryAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
)
from llh_opt.ir.core import Block, Operation, Region, Value
from llh_opt.ir.types import DYNAMIC, FunctionType, MemRefType, i8, i32, i64, index
from llh_opt.lowering.context import InsertionPoint, LoweringContext
from llh_opt.lowering.memory_plan import ALIGNMENT, Plan, _aliases
from llh_opt.symbolic.expressions import CeilDiv, FloorDiv, Mod, expr_str

__all__ = ["WORKSPACE_ATTR", "WORKSPACE_TYPE", "apply_plan", "api_names"]

WORKSPACE_ATTR = "llh.workspace"
WORKSPACE_TYPE = MemRefType((DYNAMIC,), i8)


def api_names(name: str) -> tuple[str, str]:
    """(the planned body's name, the size function's name) of entry `name`."""
    return f"{name}_with_workspace", f"{name}_workspace_size"


class _Emitter:
    """Size/offset expressions → `index` SSA values at the context's insertion point, memoized."""

    __slots__ = ("ctx", "env", "memo")

    def __init__(self, ctx: LoweringContext, env: dict[sympy.Symbol, Any]) -> None:
        self.ctx = ctx
        self.env = env
        self.memo: dict[Any, Value] = {}

    def emit(self, e: sympy.Expr) -> Value:
        v = self.memo.get(e)
        if v is None:
            v = self.memo[e] = self._emit(e)
        return v

    def _emit(self, e: sympy.Expr) -> Value:
        ctx = self.ctx
        if e.is_Integer:
            return ctx.c(int(e))
        if e.is_Symbol:
            return self.env[e]()  # type: ignore[index, no-any-return]
        f = e.func
        if f is Add:
            pos, neg = [], []
            for a in e.args:
                c, rest = a.as_coeff_Mul()
                (neg if c.is_negative else pos).append(a if not c.is_negative else -a)
            acc = self.emit(pos[0]) if pos else ctx.c(0)
            for a in pos[1:]:
                acc = ctx.addi(acc, self.emit(a))
            for a in neg:
                acc = ctx.subi(acc, self.emit(a))
            return acc
        if f is Mul:
            c, rest = e.as_coeff_Mul()
            if c.is_negative:
                return ctx.subi(ctx.c(0), self.emit(-e))
            vals = [self.emit(a) for a in e.args]
            acc = vals[0]
            for x in vals[1:]:
                acc = ctx.muli(acc, x)
            return acc
        if f is Pow and e.args[1].is_Integer and int(e.args[1]) > 0:
            base = self.emit(e.args[0])
            acc = base
            for _ in range(int(e.args[1]) - 1):
                acc = ctx.muli(acc, base)
            return acc
        binary = {
            FloorDiv: ctx.floordivsi,
            CeilDiv: ctx.ceildivsi,
            Mod: ctx.remsi,
            sympy.Max: ctx.maxsi,
            sympy.Min: ctx.minsi,
        }.get(f)
        if binary is None:
            raise ValueError(f"cannot emit {e}")
        vals = [self.emit(a) for a in e.args]
        acc = vals[0]
        for x in vals[1:]:
            acc = binary(acc, x)
        return acc


def _leaf_values(ctx: LoweringContext, plan: Plan, args: list[Value]) -> dict[sympy.Symbol, Any]:
    """Each size symbol → a function emitting its value (at the emitter's insertion point, once:
    only symbols an emitted expression uses cost an op)."""

    def make(leaf: tuple[Any, ...]) -> Any:
        def emit() -> Value:
            if leaf[0] == "call":
                r = ctx.create1("func.call", (), leaf[2], {"callee": SymbolRefAttr(leaf[1], ())})
                return r if r.type is index else ctx.index_cast(r, index)
            _, i, d = leaf
            a = args[i]
            if d is None:
                return a if a.type is index else ctx.index_cast(a, index)
            return ctx.create1("memref.dim", (a, ctx.c(d)), index)

        return emit

    return {sym: make(leaf) for sym, leaf in plan.leaves.items()}


def _after_constants(block: Block) -> InsertionPoint:
    op = block.first
    while op is not None and op.name == "arith.constant":
        op = op.next
    return InsertionPoint(block, op)


def _plan_attr(plan: Plan) -> DictionaryAttr:
    buffers = []
    for b in plan.buffers:
        buffers.append(
            DictionaryAttr(
                {
                    "live": ArrayAttr((IntegerAttr(b.start, i64), IntegerAttr(b.end, i64))),
                    "offset": StringAttr(expr_str(b.offset.expr())),
                    "size": StringAttr(expr_str(b.size)),
                }
            )
        )
    return DictionaryAttr(
        {
            "alignment": IntegerAttr(ALIGNMENT, i64),
            "size": StringAttr(expr_str(plan.size_expr)),
            "unplanned": StringAttr(expr_str(plan.unplanned_expr())),
            "buffers": ArrayAttr(tuple(buffers)),
        }
    )


def _rewrite_body(func: Operation, plan: Plan) -> None:
    entry = func.regions[0].blocks[0]
    args = list(entry.args)
    ws = entry.add_argument(WORKSPACE_TYPE)
    ctx = LoweringContext(func, None)
    ctx.ip = _after_constants(entry)
    env = _leaf_values(ctx, plan, args)
    em = _Emitter(ctx, env)
    offsets = [em.emit(b.offset.expr()) for b in plan.buffers]
    for b, off in zip(plan.buffers, offsets):
        alloc = b.alloc
        m = alloc.results[0]
        views, _ = _aliases(m)
        for v in views:
            for u in list(v.uses):
                if u.owner.name == "memref.dealloc":
                    u.owner.erase()
        with ctx.at(InsertionPoint.before_op(alloc)):
            view = ctx.create1("memref.view", (ws, off, *alloc.operands), m.type)
        m.replace_all_uses_with(view)
        alloc.erase()
    ft = func.properties["function_type"].type  # type: ignore[attr-defined]
    func.properties["function_type"] = TypeAttr(
        FunctionType((*ft.inputs, WORKSPACE_TYPE), ft.results)
    )
    arg_attrs = func.properties.get("arg_attrs")
    if isinstance(arg_attrs, ArrayAttr):
        func.properties["arg_attrs"] = ArrayAttr((*arg_attrs.value, DictionaryAttr({})))
    func.attributes[WORKSPACE_ATTR] = _plan_attr(plan)


def _new_function(name: str, ft: FunctionType, template: Operation) -> tuple[Operation, Block]:
    props: dict[str, Attribute] = {
        "sym_name": StringAttr(name),
        "function_type": TypeAttr(ft),
    }
    arg_attrs = template.properties.get("arg_attrs")
    if isinstance(arg_attrs, ArrayAttr):
        props["arg_attrs"] = ArrayAttr(arg_attrs.value[: len(ft.inputs)])
    res_attrs = template.properties.get("res_attrs")
    if isinstance(res_attrs, ArrayAttr) and len(res_attrs.value) == len(ft.results):
        props["res_attrs"] = res_attrs
    attrs = {k: v for k, v in template.attributes.items() if k != WORKSPACE_ATTR}
    block = Block(list(ft.inputs))
    op = Operation.create(
        "func.func", (), (), props, attrs, [Region([block])], location=template.location
    )
    return op, block


def apply_plan(func: Operation, plan: Plan) -> None:
    """Rewrite `func` and add its workspace API next to it (see the module docstring)."""
    name = func.properties["sym_name"].value  # type: ignore[attr-defined]
    body_name, size_name = api_names(name)
    ft: FunctionType = func.properties["function_type"].type  # type: ignore[attr-defined]
    module_block = func.parent
    assert module_block is not None

    size_fn, block = _new_function(size_name, FunctionType(ft.inputs, (index,)), func)
    ctx = LoweringContext(size_fn, None)
    ctx.ip = InsertionPoint(block)
    em = _Emitter(ctx, _leaf_values(ctx, plan, list(block.args)))
    total = plan.size_expr
    n = ctx.c(max(int(total), 0)) if total.is_Integer else ctx.maxsi(em.emit(total), ctx.c(0))
    ctx.create("func.return", (n,))

    wrapper, block = _new_function(name, ft, func)
    ctx = LoweringContext(wrapper, None)
    ctx.ip = InsertionPoint(block)
    args = list(block.args)
    n = ctx.create1("func.call", args, index, {"callee": SymbolRefAttr(size_name, ())})
    ws = ctx.create1(
        "memref.alloc",
        (n,),
        WORKSPACE_TYPE,
        {
            "alignment": IntegerAttr(ALIGNMENT, i64),
            "operandSegmentSizes": DenseArrayAttr(i32, (1, 0)),
        },
    )
    call = ctx.create(
        "func.call", (*args, ws), ft.results, {"callee": SymbolRefAttr(body_name, ())}
    )
    ctx.dealloc(ws)
    ctx.create("func.return", call.results)

    _rewrite_body(func, plan)
    func.properties["sym_name"] = StringAttr(body_name)
    module_block.insert_before(func, wrapper)
    module_block.insert_after(func, size_fn)
