"""Shape buckets: specialized variants of a loop nest chosen at run time by predicates on the
symbols (contract §3, seed 001's bucketing).

* ``LoweringContext.bucket(key, make_pred)`` (``context.py``) builds an ``i1`` once, before the
  function's first lowered op (after the symbol reads), and shares it between every site asking
  for the same key;
* the predicates here: ``is_one(ctx, size)`` (a broadcastable dimension that is 1 at run time)
  and ``divisible(ctx, size, n)`` (an inner size that is a multiple of the vector width) — a
  static size gives a Python bool instead of a runtime test;
* ``variants(ctx, pred, fast, generic)`` emits ``scf.if %pred { fast() } else { generic() }``.

A predicate is only hoisted when every size it reads is available at the function's entry (a
symbol read there, or a constant); otherwise it is computed at the site (still one ``scf.if``).

What does not live here: the loops that use the variants (``vector_loops.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from llh_opt.ir.attributes import IntegerAttr
from llh_opt.ir.core import Block, Operation, Region, Value
from llh_opt.lowering.context import InsertionPoint, LoweringContext

__all__ = ["divisible", "is_one", "product", "static_value", "variants"]


def static_value(v: Value) -> int | None:
    """The integer of an `arith.constant` index value, else None."""
    owner = v.owner
    if isinstance(owner, Operation) and owner.name == "arith.constant":
        attr = owner.properties.get("value")
        if isinstance(attr, IntegerAttr):
            return attr.value
    return None


def product(ctx: LoweringContext, sizes: Sequence[Value]) -> Value:
    """`sizes[0] · sizes[1] · …` (constants folded; computed once at the entry when every size
    is available there)."""
    k = 1
    dyn: list[Value] = []
    for s in sizes:
        c = static_value(s)
        if c is None:
            dyn.append(s)
        else:
            k *= c
    if not dyn:
        return ctx.c(k)
    if len(dyn) == 1 and k == 1:
        return dyn[0]

    def make() -> Value:
        out = dyn[0]
        for s in dyn[1:]:
            out = ctx.muli(out, s)
        return ctx.muli(out, ctx.c(k)) if k != 1 else out

    if _hoistable(ctx, dyn):  # computed once at the entry, shared
        return ctx.bucket(f"prod({_key(dyn)})*{k}", make)
    return make()


def _hoistable(ctx: LoweringContext, sizes: Sequence[Value]) -> bool:
    anchor = ctx.bucket_anchor
    if anchor is None or anchor.parent is None:
        return False
    for s in sizes:
        owner = s.owner
        if isinstance(owner, Block):
            if owner is not ctx.entry_block:
                return False
            continue
        if owner.name == "arith.constant" and owner.parent is ctx.entry_block:
            continue
        if owner.parent is ctx.entry_block and owner.parent is not anchor.parent:
            continue
        if owner.parent is anchor.parent and owner.is_before_in_block(anchor):
            continue
        return False
    return True


def _pred(ctx: LoweringContext, key: str, sizes: Sequence[Value],
          make: Callable[[], Value]) -> Value:  # fmt: skip
    if _hoistable(ctx, sizes):
        return ctx.bucket(key, make)
    return make()


def _key(sizes: Sequence[Value]) -> str:
    return ",".join(str(id(s)) for s in sizes)


def is_one(ctx: LoweringContext, size: Value) -> Value | bool:
    """Whether `size` is 1 (a bucket predicate; a bool for a constant)."""
    c = static_value(size)
    if c is not None:
        return c == 1
    return _pred(ctx, f"eq1({_key([size])})", [size], lambda: ctx.cmpi("eq", size, ctx.c(1)))


def divisible(ctx: LoweringContext, sizes: Sequence[Value], n: int) -> Value | bool:
    """Whether the product of `sizes` is a multiple of `n` (a bucket predicate; a bool when
    constant)."""
    k = 1
    for s in sizes:
        c = static_value(s)
        k *= c if c is not None else 1
    if k % n == 0:  # a static factor is a multiple of n
        return True
    if all(static_value(s) is not None for s in sizes):
        return False

    def make() -> Value:
        rem = ctx.remsi(product(ctx, sizes), ctx.c(n))
        return ctx.cmpi("eq", rem, ctx.c(0))

    return _pred(ctx, f"mod{n}({_key(sizes)})", sizes, make)


def variants(
    ctx: LoweringContext,
    pred: Value | bool,
    fast: Callable[[], None],
    generic: Callable[[], None],
) -> None:
    """`scf.if %pred { fast } else { generic }` (just one of them for a constant predicate)."""
    if pred is True:
        fast()
        return
    if pred is False:
        generic()
        return
    then_b, else_b = Block(), Block()
    op = ctx.create("scf.if", (pred,), (), regions=[Region([then_b]), Region([else_b])])
    for block, emit in ((then_b, fast), (else_b, generic)):
        term = Operation.create("scf.yield", (), (), location=op.location)
        block.append(term)
        with ctx.at(InsertionPoint(block, term)):
            emit()
