"""`vector` ops → LLVM vector IR (fixed-size 1-D vectors, `<N x T>`).

* `vector.load` / `vector.store`: one `<N x T>` load/store at the element address of the indices
  (the innermost dimension must be unit-stride, which identity-layout memrefs guarantee); aligned
  to the element size unless the op carries an `alignment` (MLIR's default as well: the address
  is only provably element-aligned);
* `vector.broadcast`: a scalar → `insertelement` + a zero-mask `shufflevector` (a splat); a
  vector of the same shape passes through, a `vector<1xT>` source is splat from its lane 0;
* `vector.fma`: `llvm.fma.vNfT` (fused, as the op's semantics say);
* `vector.reduction <kind>`: `llvm.vector.reduce.*`; float `add`/`mul` are the ordered
  reductions (start value: the accumulator, else -0.0 / 1.0) unless the op's fastmath flags
  allow reassociation; min/max kinds and integer kinds combine the accumulator afterwards.

What does not live here: arith/math on vectors (``ops_arith.py`` handles vector operands through
the same builder calls), masks and n-D vectors (not produced by the lowerings).
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir

from llh_opt.codegen.llvm.errors import TranslationError
from llh_opt.codegen.llvm.ops_memref import descriptor
from llh_opt.codegen.llvm.translator import FunctionTranslator, handles
from llh_opt.codegen.llvm.types import I32, element_size
from llh_opt.ir.attributes import IntegerAttr
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import FloatType, MemRefType, VectorType

_FLOAT_REDUCE = {
    "add": "fadd",
    "mul": "fmul",
    "minnumf": "fmin",
    "maxnumf": "fmax",
    "minimumf": "fminimum",
    "maximumf": "fmaximum",
}
_INT_REDUCE = {
    "add": "add",
    "mul": "mul",
    "and": "and",
    "or": "or",
    "xor": "xor",
    "minsi": "smin",
    "maxsi": "smax",
    "minui": "umin",
    "maxui": "umax",
}
# Combining the reduced value with the accumulator (float min/max kinds and integer kinds).
_FLOAT_COMBINE = {"minnumf": "minnum", "maxnumf": "maxnum", "minimumf": "minimum",
                  "maximumf": "maximum"}  # fmt: skip
_INT_COMBINE = {"add": "add", "mul": "mul", "and": "and_", "or": "or_", "xor": "xor"}
_INT_COMBINE_INTRINSIC = {"minsi": "smin", "maxsi": "smax", "minui": "umin", "maxui": "umax"}


def _vector_type(ft: FunctionTranslator, op: Operation, v: Value) -> ir.VectorType:
    t = ft.type_of(op, v.type)
    if not isinstance(t, ir.VectorType):
        raise TranslationError(op, f"cannot be translated to LLVM IR: {v.type} is not a vector")
    return t


def _access(ft: FunctionTranslator, op: Operation, base: Value, indices: list[Value]) -> Any:
    d = descriptor(ft, op, base)
    if len(indices) != d.rank:
        raise TranslationError(op, "expects one index per dimension")
    return d.element_pointer([ft.get(i) for i in indices])


def _alignment(op: Operation, base: Value) -> int:
    a = op.properties.get("alignment") or op.attributes.get("alignment")
    if isinstance(a, IntegerAttr) and a.value > 0:
        return a.value
    t = base.type
    assert isinstance(t, MemRefType)
    return element_size(t.element_type)


@handles("vector.load")
def _load(op: Operation, ft: FunctionTranslator) -> None:
    base, *indices = op.operands
    vt = _vector_type(ft, op, op.results[0])
    p = _access(ft, op, base, indices)
    ft.bind(op.results[0], ft.b.load(p, typ=vt, align=_alignment(op, base)))


@handles("vector.store")
def _store(op: Operation, ft: FunctionTranslator) -> None:
    value, base, *indices = op.operands
    _vector_type(ft, op, value)
    p = _access(ft, op, base, indices)
    ft.b.store(ft.get(value), p, align=_alignment(op, base))


def splat(b: ir.IRBuilder, x: Any, vt: ir.VectorType) -> Any:
    """`<N x T>` with every lane `x` (insertelement + zero-mask shufflevector)."""
    one = b.insert_element(
        ir.Constant(ir.VectorType(vt.element, 1), ir.Undefined), x, ir.Constant(I32, 0)
    )
    mask = ir.Constant(ir.VectorType(I32, vt.count), [0] * vt.count)
    return b.shuffle_vector(one, ir.Constant(one.type, ir.Undefined), mask)


@handles("vector.broadcast")
def _broadcast(op: Operation, ft: FunctionTranslator) -> None:
    src = op.source  # type: ignore[attr-defined]
    vt = _vector_type(ft, op, op.results[0])
    x = ft.get(src)
    b = ft.b
    if isinstance(src.type, VectorType):
        st = _vector_type(ft, op, src)
        if st.count == vt.count:
            ft.bind(op.results[0], x)
            return
        x = b.extract_element(x, ir.Constant(I32, 0))
    ft.bind(op.results[0], splat(b, x, vt))


@handles("vector.fma")
def _fma(op: Operation, ft: FunctionTranslator) -> None:
    vt = _vector_type(ft, op, op.results[0])
    a, m, c = ft.operands(op)
    ft.bind(op.results[0], ft.call_intrinsic("fma", vt, [a, m, c]))


def _flags(op: Operation) -> tuple[str, ...]:
    a = op.properties.get("fastmath")
    value = getattr(a, "value", 0)
    if not value:
        return ()
    body = a.body() if hasattr(a, "body") else ""  # type: ignore[union-attr]
    names = body.strip("<>").replace(" ", "").split(",")
    allowed = {"nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", "fast"}
    return tuple(n for n in names if n in allowed)


@handles("vector.reduction")
def _reduction(op: Operation, ft: FunctionTranslator) -> None:
    kind = op.kind  # type: ignore[attr-defined]
    src = op.operands[0]
    vt = _vector_type(ft, op, src)
    v = ft.get(src)
    acc = ft.get(op.operands[1]) if len(op.operands) > 1 else None
    b = ft.b
    elt = vt.element
    is_float = isinstance(src.type.element_type, FloatType)  # type: ignore[attr-defined]
    if is_float:
        name = _FLOAT_REDUCE.get(kind)
        if name is None:
            raise TranslationError(op, f"cannot be translated to LLVM IR: kind '{kind}' on floats")
        flags = _flags(op)
        if kind in ("add", "mul"):
            start = acc if acc is not None else ir.Constant(elt, -0.0 if kind == "add" else 1.0)
            fn = ft.mt.intrinsic(f"vector.reduce.{name}", elt, [elt, vt])
            ft.bind(op.results[0], b.call(fn, [start, v], fastmath=flags))
            return
        fn = ft.mt.intrinsic(f"vector.reduce.{name}", elt, [vt])
        r = b.call(fn, [v], fastmath=flags)
        if acc is not None:
            r = ft.call_intrinsic(_FLOAT_COMBINE[kind], elt, [r, acc])
        ft.bind(op.results[0], r)
        return
    name = _INT_REDUCE.get(kind)
    if name is None:
        raise TranslationError(op, f"cannot be translated to LLVM IR: kind '{kind}' on integers")
    r = b.call(ft.mt.intrinsic(f"vector.reduce.{name}", elt, [vt]), [v])
    if acc is not None:
        if kind in _INT_COMBINE:
            r = getattr(b, _INT_COMBINE[kind])(r, acc)
        else:
            r = ft.call_intrinsic(_INT_COMBINE_INTRINSIC[kind], elt, [r, acc])
    ft.bind(op.results[0], r)
