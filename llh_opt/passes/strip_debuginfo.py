"""`strip-debuginfo`: every op location and block-argument location becomes `loc(unknown)`
(MLIR's StripDebugInfo). Locations inside attributes are left alone, as in MLIR."""

from __future__ import annotations

from llh_opt.ir.attributes import UnknownLoc
from llh_opt.ir.core import Operation
from llh_opt.passes.pass_manager import PassContext
from llh_opt.passes.registry import Pass, register_pass

__all__ = ["StripDebugInfoPass"]


@register_pass
class StripDebugInfoPass(Pass):
    NAME = "strip-debuginfo"
    SUMMARY = "Strip debug info from all operations"
    ANCHOR = "any"

    __slots__ = ()

    def run(self, op: Operation, ctx: PassContext) -> None:
        unknown = UnknownLoc()
        stack = [op]
        while stack:
            current = stack.pop()
            current.location = unknown
            for region in current.regions:
                for block in region.blocks:
                    for arg in block.args:
                        arg.location = unknown
                    child = block.first
                    while child is not None:
                        stack.append(child)
                        child = child.next
