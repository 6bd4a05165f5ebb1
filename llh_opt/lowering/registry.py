"""Which function lowers which LLH op: ``LOWERINGS`` maps an op name to ``lower_x(op, ctx)``.

A lowering module registers its functions with the decorator::

    @lowers("llh.relu", "llh.abs")
    def lower_unary(op: Operation, ctx: LoweringContext) -> None: ...

A lowering function reads its operands through the op's named accessors (``op.lhs``,
``op.input``, ``op.perms``), gets operand buffers with ``ctx.buffer(v)`` / scalars with
``ctx.scalar(v)``, emits ops at ``ctx.ip`` and binds each result with ``ctx.set_buffer`` (or
``ctx.alloc_for``) / ``ctx.set_scalar``. It does not erase the op (the pass does). Modules are
imported lazily by ``lookup`` (``FAMILY_MODULES``), so importing the registry is cheap.

What does not live here: the context (``context.py``), the pass driver (``passes.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from llh_opt.ir.core import Operation
    from llh_opt.lowering.context import LoweringContext

__all__ = ["FAMILY_MODULES", "LOWERINGS", "LowerFn", "lookup", "lowers"]

LowerFn = Callable[["Operation", "LoweringContext"], None]

LOWERINGS: dict[str, LowerFn] = {}

FAMILY_MODULES = (
    "llh_opt.lowering.scalar",
    "llh_opt.lowering.elementwise",
    "llh_opt.lowering.broadcast",
    "llh_opt.lowering.reduce",
    "llh_opt.lowering.data_movement",
    "llh_opt.lowering.matmul",
    "llh_opt.lowering.conv",
    "llh_opt.lowering.pool",
    "llh_opt.lowering.norm",
)
"""Op-family modules; a missing module (not written yet) is skipped."""

_loaded = False


def lowers(*names: str) -> Callable[[LowerFn], LowerFn]:
    """Register the decorated function as the lowering of the ops `names`."""

    def deco(fn: LowerFn) -> LowerFn:
        for n in names:
            LOWERINGS[n] = fn
        return fn

    return deco


def _load() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for m in FAMILY_MODULES:
        try:
            importlib.import_module(m)
        except ModuleNotFoundError as e:
            if e.name != m:
                raise


def lookup(name: str) -> LowerFn | None:
    """The lowering function of op `name`, if any."""
    _load()
    return LOWERINGS.get(name)
