"""Dialect-interface lookups for generic passes (MLIR's `getInterfaceFor`): which `Dialect` hook
answers for an op, and what upstream MLIR answers for dialects llh-opt does not register (IR using
them is accepted with `--allow-unregistered-dialect` and must behave as in mlir-opt).

What does not live here: the hooks themselves (`Dialect` in ``ir/opdef.py`` and each dialect's
subclass) and the passes using them.
"""

from __future__ import annotations

from llh_opt.ir.core import Operation
from llh_opt.ir.opdef import DIALECTS

__all__ = ["UNREGISTERED_INLINABLE_DIALECTS", "is_legal_to_inline"]

UNREGISTERED_INLINABLE_DIALECTS = frozenset(
    ("affine", "cf", "complex", "linalg", "math", "memref", "scf", "vector")
)
"""Upstream dialects whose MLIR `DialectInlinerInterface` accepts all their ops and regions: their
unregistered ops inline as in mlir-opt. Not consulted for a dialect llh-opt registers (its
`Dialect(..., inlinable=True)` says it)."""


def is_legal_to_inline(op: Operation) -> bool:
    """MLIR's `DialectInlinerInterface` check for `op`: its registered dialect's hook
    (`Dialect.is_legal_to_inline`); for an unregistered dialect, whether upstream MLIR's interface
    accepts all its ops (`UNREGISTERED_INLINABLE_DIALECTS`). Ops of any other dialect, and ops
    without a dialect prefix, are not."""
    name = op.name
    i = name.find(".")
    namespace = name[:i] if i > 0 else ""
    d = DIALECTS.get(namespace)
    if d is not None:
        return d.is_legal_to_inline(op)
    return namespace in UNREGISTERED_INLINABLE_DIALECTS
