"""Scalars, sizes and constants: ``llh.constant``, ``llh.dim``, integer scalar arithmetic,
``llh.scalar_cast``, and weights / dense constants as ``memref.global``.

* An integer ``llh.constant`` is an ``arith.constant`` (index when it is used as a size);
  a float one an ``arith.constant`` of its type.
* ``llh.dim`` is the size value of the dimension (a constant, or the symbol's value computed at
  the entry) — no ``memref.dim`` in the body.
* ``llh.add/sub/mul/div/max/min`` on ``i64`` compute in ``index`` (``arith.addi``, ...,
  ``floordivsi``); when the op carries ``symbol = @sN`` whose value the entry already computed, that
  value is used instead (no recomputation). Float scalars use the elementwise formulas.
* A splat dense constant is virtual (loads are the scalar constant; a buffer is filled only when
  an op needs one). Any other ``DenseElementsAttr`` constant (weights after ``load-weight``)
  becomes ``memref.global "private" constant @__llh_weight_N : memref<...> = dense<...>`` and a
  ``memref.get_global`` (never freed, copied when returned).
* ``llh.weight`` still present means its data was not loaded: an error at the op.
* ``llh.shape_of`` gives the size values; ``llh.symbolic_cast`` shares its operand's buffer.

What does not live here: tensor elementwise ops (``elementwise.py``).
"""

from __future__ import annotations

from llh_opt.dialects.llh.base import constant_int
from llh_opt.ir.attributes import (
    DenseElementsAttr,
    FloatAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
)
from llh_opt.ir.core import Operation, module_body
from llh_opt.ir.types import FloatType, IntegerType, RankedTensorType
from llh_opt.lowering.context import LoweringContext, memref_type_of
from llh_opt.lowering.registry import lowers

__all__ = ["global_buffer", "lower_scalar_binary"]


def _symbol_name(op: Operation) -> str | None:
    s = op.properties.get("symbol")
    if isinstance(s, SymbolRefAttr):
        return s.root
    return None


@lowers("llh.constant")
def lower_constant(op: Operation, ctx: LoweringContext) -> None:
    r = op.results[0]
    value = op.value
    if isinstance(r.type, RankedTensorType):
        if not isinstance(value, DenseElementsAttr):
            raise ctx.error(op, "'llh.constant' op with a tensor result needs a dense value")
        if value.is_splat and value.type.num_elements != 1:  # type: ignore[attr-defined]
            ctx.set_splat(r, _splat_scalar(ctx, value), ctx.dims(r))
            return
        ctx.set_buffer(r, global_buffer(ctx, value, r.type))
        return
    ok_int = isinstance(value, IntegerAttr) and isinstance(r.type, IntegerType)
    ok_float = isinstance(value, FloatAttr) and isinstance(r.type, FloatType)
    if not (ok_int or ok_float):
        raise ctx.error(op, f"'llh.constant' op value '{value}' cannot be lowered")
    # Scalars are materialized on first use (`LoweringContext.scalar`; i64 sizes as index).


def _splat_scalar(ctx: LoweringContext, value: DenseElementsAttr) -> object:
    elt = value.element_type
    bits = value.values[0]
    if isinstance(elt, FloatType):
        return ctx.const(FloatAttr(bits, elt).value, elt)
    if isinstance(elt, IntegerType) and elt.width > 1:
        w = elt.width
        v = bits - (1 << w) if bits >= 1 << (w - 1) else bits  # stored as the signed value or bits
        return ctx.const(v, elt)
    return ctx.const(int(bool(bits)), elt)


@lowers("llh.weight")
def lower_weight(op: Operation, ctx: LoweringContext) -> None:
    name = op.properties.get("weight_file")
    file = name.value if isinstance(name, StringAttr) else "?"
    raise ctx.error(
        op,
        f"'llh.weight' op: the data of weight '{file}' is not loaded (run --load-weight; "
        "a missing file is an error there)",
    )


def global_buffer(ctx: LoweringContext, value: DenseElementsAttr, t: RankedTensorType) -> object:
    """A `memref.get_global` of a new private constant global holding `value`."""
    module = ctx.func
    while module.parent_op is not None:
        module = module.parent_op
    body = module_body(module)
    mt = memref_type_of(RankedTensorType(t.shape, t.element_type), ctx.op)
    if value.type.shape != mt.shape:  # type: ignore[attr-defined]
        raise ctx.error(ctx.op, f"constant of shape {value.type} does not fit '{t}'")
    init = value
    if getattr(value.type, "encoding", None) is not None:
        init = DenseElementsAttr(RankedTensorType(mt.shape, mt.element_type), value.values)
    name = _fresh_global_name(body)
    glob = Operation.create(
        "memref.global",
        (),
        (),
        {
            "constant": UnitAttr(),
            "initial_value": init,
            "sym_name": StringAttr(name),
            "sym_visibility": StringAttr("private"),
            "type": TypeAttr(mt),
        },
        location=ctx.op.location if ctx.op is not None else ctx.func.location,
    )
    body.insert_before(ctx.func, glob)
    m = ctx.create1("memref.get_global", (), mt, {"name": SymbolRefAttr(name, ())})
    # get_global sits at the op's position; hoisting is left to canonicalization
    return m


def _fresh_global_name(body: object) -> str:
    n = 0
    names = set()
    for op in body.ops:  # type: ignore[attr-defined]
        s = op.properties.get("sym_name")
        if isinstance(s, StringAttr):
            names.add(s.value)
    while f"__llh_weight_{n}" in names:
        n += 1
    return f"__llh_weight_{n}"


@lowers("llh.dim")
def lower_dim(op: Operation, ctx: LoweringContext) -> None:
    k = constant_int(op.dim)
    t = op.input.type
    if not isinstance(t, RankedTensorType):
        raise ctx.error(op, "'llh.dim' op input is not a ranked tensor")
    if k is None:
        raise ctx.error(op, "'llh.dim' op with a non-constant dimension cannot be lowered")
    if k < 0:
        k += len(t.shape)
    if not 0 <= k < len(t.shape):
        raise ctx.error(op, f"'llh.dim' op dimension {k} is out of range")
    ctx.set_scalar(op.results[0], ctx.dim(op.input, k))


def lower_scalar_binary(op: Operation, ctx: LoweringContext) -> None:
    """`llh.add/...` on scalars: integers in `index` (reusing the entry's symbol value when the
    op names one), floats with the elementwise formulas."""
    from llh_opt.lowering.elementwise import INT_BINARY, float_binary

    r = op.results[0]
    t = r.type
    if isinstance(t, IntegerType) and t.width == 64 and op.name in INT_BINARY:
        sym = _symbol_name(op)
        if sym is not None and ctx.has_symbol(sym):
            ctx.set_scalar(r, ctx.sym(sym))
            return
        a, b = ctx.index_of(op.lhs), ctx.index_of(op.rhs)
        ctx.set_scalar(r, ctx.create1(INT_BINARY[op.name], (a, b), a.type))
        return

    ctx.set_scalar(r, float_binary(ctx, op.name, ctx.scalar(op.lhs), ctx.scalar(op.rhs)))


@lowers("llh.scalar_cast")
def lower_scalar_cast(op: Operation, ctx: LoweringContext) -> None:
    r = op.results[0]
    x = op.input
    if isinstance(r.type, RankedTensorType):
        out = ctx.alloc_for(r)
        ctx.store(ctx.scalar(x), out, [ctx.c(0)] * len(r.type.shape))
        return
    t = x.type
    assert isinstance(t, RankedTensorType)
    ctx.set_scalar(r, ctx.load(ctx.buffer(x), [ctx.c(0)] * len(t.shape)))


@lowers("llh.shape_of")
def lower_shape_of(op: Operation, ctx: LoweringContext) -> None:
    """One size value per dimension (the entry's symbol values, or constants)."""
    for r, d in zip(op.results, ctx.dims(op.input)):
        ctx.set_scalar(r, d)


@lowers("llh.symbolic_cast")
def lower_symbolic_cast(op: Operation, ctx: LoweringContext) -> None:
    """A re-typing: the result is the operand's buffer."""
    src = op.operand
    if not isinstance(src.type, RankedTensorType) or not isinstance(
        op.results[0].type, RankedTensorType
    ):
        raise ctx.error(op, "'llh.symbolic_cast' op needs ranked tensors")
    if src.type.shape != op.results[0].type.shape:
        raise ctx.error(op, "'llh.symbolic_cast' op changes the shape")
    ctx.alias(op.results[0], src)
