"""The `plan-memory` pass: a symbolic static memory plan for each loop-level public function.

Runs on the output of ``convert-llh-to-loops`` (``lower-to-llvm`` runs it last, unless its option
``plan-memory=false``). For each public function with at least one planned temporary, the plan
(``lowering/memory_plan.py``) places every temporary in one workspace and the rewrite
(``lowering/workspace.py``) adds ``@f_with_workspace`` / ``@f_workspace_size`` and turns ``@f``
into the wrapper that allocates the workspace once per call. The plan is printed as the
``llh.workspace`` attribute of ``@f_with_workspace``.

Options: ``report`` emits a remark per function with the peak workspace expression, the sum of
all planned sizes it replaces, the allocations kept and why, and the values at the sizes given by
``sizes`` (``sizes=s0=1,s2=224``; a plan without symbols needs none). A function whose API names
are already taken is left alone (with a remark under ``report``).

What does not live here: the analysis/placement, the rewrite, the checker.
"""

from __future__ import annotations

from llh_opt.diagnostics import Diagnostic
from llh_opt.ir.attributes import StringAttr
from llh_opt.ir.core import Operation
from llh_opt.passes.pass_manager import PassContext
from llh_opt.passes.registry import Pass, PassOption, PassOptionsError, register_pass

__all__ = ["PlanMemoryPass", "plan_module"]


def _public_functions(module: Operation) -> list[Operation]:
    out = []
    for op in module.regions[0].blocks[0].ops:
        if op.name != "func.func" or not op.regions or not op.regions[0].blocks:
            continue
        vis = op.properties.get("sym_visibility")
        if isinstance(vis, StringAttr) and vis.value != "public":
            continue
        out.append(op)
    return out


def _parse_sizes(items: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for it in items:
        name, eq, value = it.partition("=")
        if not eq or not value.strip().lstrip("-").isdigit():
            raise ValueError(f"size '{it}' is not name=integer")
        out[name.strip()] = int(value)
    return out


def _report(func: Operation, plan: object, sizes: dict[str, int]) -> str:
    from llh_opt.lowering.memory_plan import RETURNED, Plan, evaluate
    from llh_opt.symbolic.expressions import expr_str

    assert isinstance(plan, Plan)
    name = func.properties["sym_name"].value  # type: ignore[attr-defined]
    peak, total = plan.size_expr, plan.unplanned_expr()
    text = (
        f"memory plan of @{name}: peak workspace {expr_str(peak)} bytes for "
        f"{len(plan.buffers)} buffers of {expr_str(total)} bytes"
    )
    syms = {str(s): s for e in (peak, total) for s in e.free_symbols}
    if all(n in sizes for n in syms):
        env = {s: sizes[n] for n, s in syms.items()}
        at = ", ".join(f"{n}={sizes[n]}" for n in sorted(syms))
        text += f"; {evaluate(peak, env)} of {evaluate(total, env)} bytes" + (
            f" at {at}" if at else ""
        )
    else:
        missing = ", ".join(sorted(n for n in syms if n not in sizes))
        text += f"; dynamic sizes: {missing} (give them with sizes=...)"
    kept = [why for _, why in plan.excluded if why != RETURNED]
    if kept:
        reasons: dict[str, int] = {}
        for why in kept:
            reasons[why] = reasons.get(why, 0) + 1
        text += "; kept as allocations: " + "; ".join(f"{n} {w}" for w, n in reasons.items())
    return text


def plan_module(
    module: Operation, report: bool = False, sizes: dict[str, int] | None = None,
    ctx: PassContext | None = None,
) -> list[object]:  # fmt: skip
    """Plan and rewrite every public function; returns the plans (with their functions)."""
    from llh_opt.lowering.memory_plan import plan_function
    from llh_opt.lowering.workspace import api_names, apply_plan

    sizes = sizes or {}
    taken = {
        op.properties["sym_name"].value  # type: ignore[attr-defined]
        for op in module.regions[0].blocks[0].ops
        if op.name == "func.func"
    }
    plans: list[object] = []
    for func in _public_functions(module):
        name = func.properties["sym_name"].value  # type: ignore[attr-defined]
        if name.endswith("_workspace_size") or "llh.workspace" in func.attributes:
            continue
        plan = plan_function(func, sizes)
        if not plan.buffers:
            continue
        clash = [n for n in api_names(name) if n in taken]
        if clash:
            if report and ctx is not None:
                ctx.emit(
                    Diagnostic.remark(
                        f"memory plan of @{name} not applied: @{clash[0]} already exists",
                        func.location,
                    )
                )
            continue
        if report and ctx is not None:
            ctx.emit(Diagnostic.remark(_report(func, plan, sizes), func.location))
        apply_plan(func, plan)
        taken.update(api_names(name))
        plans.append(plan)
    return plans


@register_pass
class PlanMemoryPass(Pass):
    NAME = "plan-memory"
    SUMMARY = "Place every temporary buffer in one workspace per call (symbolic static plan)"
    DESCRIPTION = (
        "Plans the memref.alloc/dealloc temporaries of each public loop-level function by "
        "liveness into one 64-byte aligned workspace whose offsets are expressions of the input "
        "sizes; rewrites them to memref.view, adds @f_with_workspace and @f_workspace_size and "
        "makes @f allocate the workspace once per call."
    )
    ANCHOR = "builtin.module"
    OPTIONS = {
        "report": PassOption(bool, False, "Emit a remark with each function's peak workspace"),
        "sizes": PassOption(
            list[str], [], "Symbol values (name=value) the report evaluates the plan at",
        ),
    }  # fmt: skip
    __slots__ = ()

    def run(self, op: Operation, ctx: PassContext) -> None:
        try:
            sizes = _parse_sizes(self.options["sizes"])
        except ValueError as e:
            raise PassOptionsError(
                self.NAME, ",".join(self.options["sizes"]), f"plan-memory: option 'sizes': {e}\n"
            ) from None
        plan_module(op, self.options["report"], sizes, ctx)
