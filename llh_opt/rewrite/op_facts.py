"""Per-op-class facts the rewrite layer reads on hot paths: trait flags computed once per class
(constant-like, trivially dead when unused, commutative, maybe isolated, has a folder).

What does not live here: the traits themselves (``ir/opdef.py``) and what is done with the flags
(``greedy.py``, ``region_utils.py``).
"""

from __future__ import annotations

from llh_opt.ir.core import Operation
from llh_opt.ir.opdef import (
    Commutative,
    ConstantLike,
    IsolatedFromAbove,
    IsTerminator,
    Pure,
    SymbolTrait,
)

F_CONST = 1  # ConstantLike: hoisted and de-duplicated, never folded
F_DEAD = 2  # MLIR's wouldOpBeTriviallyDead: Pure, not a terminator, not a symbol
F_COMM = 4  # Commutative: constants move to the end of the operands
F_ISOLATED = 8  # might be IsolatedFromAbove (registered isolated ops and unregistered ops)
F_FOLD = 16  # has a `fold` method

CLASS_FLAGS: dict[type, int] = {}


def class_flags(cls: type) -> int:
    traits = cls.TRAIT_SET  # type: ignore[attr-defined]
    flags = 0
    if ConstantLike in traits:
        flags |= F_CONST
    if Pure in traits and IsTerminator not in traits and SymbolTrait not in traits:
        flags |= F_DEAD
    if Commutative in traits:
        flags |= F_COMM
    if IsolatedFromAbove in traits or not cls.registered:  # type: ignore[attr-defined]
        flags |= F_ISOLATED
    if callable(getattr(cls, "fold", None)):
        flags |= F_FOLD
    CLASS_FLAGS[cls] = flags
    return flags


def op_flags(op: Operation) -> int:
    f = CLASS_FLAGS.get(op.__class__)
    return f if f is not None else class_flags(op.__class__)
