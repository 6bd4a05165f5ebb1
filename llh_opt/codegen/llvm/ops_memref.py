"""`memref` ops → descriptor manipulation, loads/stores, malloc/free, memcpy.

* alloc: `malloc(bytes + alignment - 1)`, the aligned pointer rounded up inside it (MLIR's
  scheme: `allocated` is what `free` takes); alloca: a stack slot (in the entry block when static);
* load/store: one GEP at `aligned + offset + Σ index·stride` (static strides folded);
* views (subview, reinterpret_cast, collapse/expand_shape, reshape, cast): new descriptors over the
  same buffer; copy: one memcpy for identity layouts, an element loop nest otherwise;
* get_global: a descriptor over the LLVM global (``globals.py``).
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir

from llh_opt.codegen.llvm.descriptor import (
    SIZES,
    MemRefDescriptor,
    add,
    build_descriptor,
    i64,
    mul,
    product,
    row_major_strides,
)
from llh_opt.codegen.llvm.errors import TranslationError
from llh_opt.codegen.llvm.translator import FunctionTranslator, handles, segments
from llh_opt.codegen.llvm.types import (
    I8,
    I64,
    PTR,
    VOID,
    UnsupportedType,
    element_size,
    memref_strides,
    scalar_type,
)
from llh_opt.ir.attributes import IntegerAttr
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.types import DYNAMIC, MemRefType

KDYNAMIC = -(1 << 63)
"""MLIR's `ShapedType::kDynamic` in `static_*` arrays."""

DEFAULT_ALLOC_ALIGNMENT = 64


def _memref(op: Operation, v: Value) -> MemRefType:
    t = v.type
    if not isinstance(t, MemRefType):
        raise TranslationError(op, f"cannot be translated to LLVM IR: {t} is not a ranked memref")
    try:
        memref_strides(t)
        scalar_type(t.element_type)
    except UnsupportedType as e:
        raise TranslationError(op, f"cannot be translated to LLVM IR: {e}") from None
    return t


def descriptor(ft: FunctionTranslator, op: Operation, v: Value) -> MemRefDescriptor:
    return MemRefDescriptor(ft.b, ft.get(v), _memref(op, v))


def _int_prop(op: Operation, name: str, default: int) -> int:
    a = op.properties.get(name) or op.attributes.get(name)
    return a.value if isinstance(a, IntegerAttr) else default


def _result_sizes(
    ft: FunctionTranslator, op: Operation, t: MemRefType, dyn: list[Any]
) -> list[Any]:
    sizes = []
    it = iter(dyn)
    for s in t.shape:
        if s == DYNAMIC:
            v = next(it, None)
            if v is None:
                raise TranslationError(op, "has fewer dynamic sizes than '?' dimensions")
            sizes.append(v)
        else:
            sizes.append(i64(s))
    if next(it, None) is not None:
        raise TranslationError(op, "has more dynamic sizes than '?' dimensions")
    return sizes


def _identity_check(op: Operation, t: MemRefType) -> None:
    """Allocations are dense row-major (a static strided layout equal to it is accepted)."""
    strides, offset = memref_strides(t)
    if t.layout is not None and (offset != 0 or any(s == DYNAMIC for s in strides)):
        raise TranslationError(op, "cannot be translated to LLVM IR: allocation with a layout")


@handles("memref.alloc", "memref.alloca")
def _alloc(op: Operation, ft: FunctionTranslator) -> None:
    t = _memref(op, op.results[0])
    _identity_check(op, t)
    n_dyn = segments(op, 2)[0] if ("operandSegmentSizes" in op.properties) else len(op.operands)
    sizes = _result_sizes(ft, op, t, ft.operands(op)[:n_dyn])
    b = ft.b
    esize = element_size(t.element_type)
    elt = scalar_type(t.element_type)
    count = product(b, sizes)
    strides = row_major_strides(b, sizes)
    rank = len(t.shape)
    if op.name == "memref.alloca":
        align = _int_prop(op, "alignment", 0)
        if all(isinstance(s, ir.Constant) for s in sizes):
            slot = ft.entry_alloca(ir.ArrayType(elt, count.constant))
        else:
            slot = b.alloca(elt, size=count)
        if align:
            slot.align = align
        d = build_descriptor(b, rank, slot, slot, i64(0), sizes, strides)
        ft.bind(op.results[0], d)
        return
    align = _int_prop(op, "alignment", DEFAULT_ALLOC_ALIGNMENT)
    if align <= 0 or align & (align - 1):
        raise TranslationError(op, "alignment must be a power of two")
    nbytes = (
        b.mul(count, i64(esize))
        if not isinstance(count, ir.Constant)
        else i64(count.constant * esize)
    )
    raw = ft.call_runtime("malloc", PTR, [b.add(nbytes, i64(align - 1))])
    addr = b.ptrtoint(raw, I64)
    pad = b.and_(b.sub(i64(0), addr), i64(align - 1))
    aligned = b.gep(raw, [pad], inbounds=True, source_etype=I8)
    ft.bind(op.results[0], build_descriptor(b, rank, raw, aligned, i64(0), sizes, strides))


@handles("memref.dealloc")
def _dealloc(op: Operation, ft: FunctionTranslator) -> None:
    d = descriptor(ft, op, op.memref)  # type: ignore[attr-defined]
    ft.call_runtime("free", VOID, [d.allocated()])


@handles("memref.load")
def _load(op: Operation, ft: FunctionTranslator) -> None:
    src, *idx = op.operands
    d = descriptor(ft, op, src)
    if len(idx) != d.rank:
        raise TranslationError(op, "expects one index per dimension")
    p = d.element_pointer([ft.get(i) for i in idx])
    ft.bind(op.results[0], ft.b.load(p, typ=scalar_type(d.type.element_type)))


@handles("memref.store")
def _store(op: Operation, ft: FunctionTranslator) -> None:
    val, dst, *idx = op.operands
    d = descriptor(ft, op, dst)
    if len(idx) != d.rank:
        raise TranslationError(op, "expects one index per dimension")
    p = d.element_pointer([ft.get(i) for i in idx])
    ft.b.store(ft.get(val), p)


def _constant_index(v: Value) -> int | None:
    owner = v.owner
    if isinstance(owner, Operation) and owner.name in ("arith.constant", "index.constant"):
        a = owner.properties.get("value")
        if isinstance(a, IntegerAttr):
            return a.value
    return None


@handles("memref.dim")
def _dim(op: Operation, ft: FunctionTranslator) -> None:
    src, index = op.operands
    d = descriptor(ft, op, src)
    k = _constant_index(index)
    if k is not None:
        if not 0 <= k < d.rank:
            raise TranslationError(op, f"dimension index {k} is out of bounds")
        # The descriptor's field, even for a static dimension: entry shape checks compare what
        # the caller passed with what the type assumes (LLVM folds it for our own buffers).
        ft.bind(op.results[0], ft.b.extract_value(d.value, [SIZES, k]))
    else:
        ft.bind(op.results[0], d.size_dynamic_index(ft.get(index)))


@handles("memref.rank")
def _rank(op: Operation, ft: FunctionTranslator) -> None:
    ft.bind(op.results[0], i64(len(_memref(op, op.operands[0]).shape)))


@handles("memref.cast")
def _cast(op: Operation, ft: FunctionTranslator) -> None:
    src = _memref(op, op.source)  # type: ignore[attr-defined]
    dst = _memref(op, op.results[0])
    if len(src.shape) != len(dst.shape):
        raise TranslationError(op, "cannot be translated to LLVM IR: rank-changing cast")
    d = descriptor(ft, op, op.source)  # type: ignore[attr-defined]
    # Static information of the result may be new (a `?` becoming 4): store what the type says.
    ft.bind(op.results[0], _rebuild(ft, d, dst))


def _rebuild(ft: FunctionTranslator, d: MemRefDescriptor, dst: MemRefType) -> Any:
    return build_descriptor(
        ft.b, d.rank, d.allocated(), d.aligned(), d.offset(), d.sizes(), d.strides()
    )


def _mixed(
    ft: FunctionTranslator, op: Operation, static_name: str, dynamic: list[Any]
) -> list[Any]:
    """Static values with `kDynamic` holes filled from `dynamic` operands, in order."""
    attr = op.properties.get(static_name) or op.attributes.get(static_name)
    values = getattr(attr, "values", None)
    if values is None:
        raise TranslationError(op, f"has no '{static_name}'")
    it = iter(dynamic)
    out = []
    for v in values:
        if v == KDYNAMIC:
            x = next(it, None)
            if x is None:
                raise TranslationError(op, f"has too few dynamic values for '{static_name}'")
            out.append(x)
        else:
            out.append(i64(v))
    return out


@handles("memref.subview")
def _subview(op: Operation, ft: FunctionTranslator) -> None:
    _, n_off, n_size, n_stride = segments(op, 4)
    vals = ft.operands(op)[1:]
    offsets = _mixed(ft, op, "static_offsets", vals[:n_off])
    sizes = _mixed(ft, op, "static_sizes", vals[n_off : n_off + n_size])
    steps = _mixed(ft, op, "static_strides", vals[n_off + n_size : n_off + n_size + n_stride])
    src = descriptor(ft, op, op.source)  # type: ignore[attr-defined]
    dst = _memref(op, op.results[0])
    b = ft.b
    offset = src.offset()
    for k, o in enumerate(offsets):
        offset = add(b, offset, mul(b, o, src.stride(k)))
    strides = [mul(b, s, src.stride(k)) for k, s in enumerate(steps)]
    keep = _kept_dims(op, [getattr(s, "constant", None) for s in sizes], dst)
    sizes = [sizes[k] for k in keep]
    strides = [strides[k] for k in keep]
    ft.bind(
        op.results[0],
        build_descriptor(b, len(keep), src.allocated(), src.aligned(), offset, sizes, strides),
    )


def _kept_dims(op: Operation, static_sizes: list[Any], dst: MemRefType) -> list[int]:
    """Which source dimensions a (possibly rank-reducing) subview keeps: unit dims are dropped
    from the front until the ranks match, skipping ones the result shape needs."""
    n = len(static_sizes)
    drop = n - len(dst.shape)
    if drop < 0:
        raise TranslationError(op, "result rank exceeds the source rank")
    keep = []
    j = 0
    for k in range(n):
        want = dst.shape[j] if j < len(dst.shape) else None
        if drop and static_sizes[k] == 1 and not (want == 1 and n - k == len(dst.shape) - j):
            drop -= 1
            continue
        keep.append(k)
        j += 1
    if drop:
        raise TranslationError(op, "cannot infer the dimensions a rank-reducing subview drops")
    return keep


@handles("memref.view")
def _view(op: Operation, ft: FunctionTranslator) -> None:
    """A dense row-major buffer `byte_shift` bytes into a 1-D `i8` source: the same allocated
    pointer (nothing to free), the aligned pointer moved, offset 0."""
    vals = ft.operands(op)
    src = descriptor(ft, op, op.operands[0])
    t = _memref(op, op.results[0])
    _identity_check(op, t)
    b = ft.b
    shift = add(b, src.offset(), vals[1])
    aligned = b.gep(src.aligned(), [shift], inbounds=True, source_etype=I8)
    sizes = _result_sizes(ft, op, t, vals[2:])
    strides = row_major_strides(b, sizes)
    ft.bind(
        op.results[0],
        build_descriptor(b, len(sizes), src.allocated(), aligned, i64(0), sizes, strides),
    )


@handles("memref.reinterpret_cast")
def _reinterpret_cast(op: Operation, ft: FunctionTranslator) -> None:
    _, n_off, n_size, n_stride = segments(op, 4)
    vals = ft.operands(op)[1:]
    (offset,) = _mixed(ft, op, "static_offsets", vals[:n_off])
    sizes = _mixed(ft, op, "static_sizes", vals[n_off : n_off + n_size])
    strides = _mixed(ft, op, "static_strides", vals[n_off + n_size : n_off + n_size + n_stride])
    src = descriptor(ft, op, op.source)  # type: ignore[attr-defined]
    ft.bind(
        op.results[0],
        build_descriptor(ft.b, len(sizes), src.allocated(), src.aligned(), offset, sizes, strides),
    )


def _reassociation(op: Operation) -> list[list[int]]:
    attr = op.properties.get("reassociation")
    if attr is None:
        attr = op.attributes.get("reassociation")
    groups = getattr(attr, "value", None)
    if groups is None:
        raise TranslationError(op, "has no 'reassociation'")
    return [[x.value for x in g.value] for g in groups]  # type: ignore[attr-defined]


@handles("memref.collapse_shape")
def _collapse_shape(op: Operation, ft: FunctionTranslator) -> None:
    src = descriptor(ft, op, op.src)  # type: ignore[attr-defined]
    groups = _reassociation(op)
    b = ft.b
    sizes = [product(b, [src.size(k) for k in g]) for g in groups]
    strides = [src.stride(g[-1]) if g else i64(1) for g in groups]
    ft.bind(
        op.results[0],
        build_descriptor(
            b, len(groups), src.allocated(), src.aligned(), src.offset(), sizes, strides
        ),
    )


@handles("memref.expand_shape")
def _expand_shape(op: Operation, ft: FunctionTranslator) -> None:
    src = descriptor(ft, op, op.src)  # type: ignore[attr-defined]
    dst = _memref(op, op.results[0])
    groups = _reassociation(op)
    b = ft.b
    dyn = ft.operands(op)[1:]
    if op.properties.get("static_output_shape") is not None:
        sizes = _mixed(ft, op, "static_output_shape", dyn)
    else:
        sizes = _result_sizes(ft, op, dst, dyn)
    strides: list[Any] = [None] * len(sizes)
    for k, g in enumerate(groups):
        running = src.stride(k)
        for j in reversed(g):
            strides[j] = running
            running = mul(b, running, sizes[j])
    # A rank-0 source has no groups: every (unit) result dimension has stride 1.
    strides = [i64(1) if s is None else s for s in strides]
    ft.bind(
        op.results[0],
        build_descriptor(
            b, len(sizes), src.allocated(), src.aligned(), src.offset(), sizes, strides
        ),
    )


@handles("memref.reshape")
def _reshape(op: Operation, ft: FunctionTranslator) -> None:
    src = descriptor(ft, op, op.operands[0])
    shape_d = descriptor(ft, op, op.operands[1])
    dst = _memref(op, op.results[0])
    b = ft.b
    sizes = []
    for k, s in enumerate(dst.shape):
        if s != DYNAMIC:
            sizes.append(i64(s))
            continue
        v = b.load(shape_d.element_pointer([i64(k)]), typ=scalar_type(shape_d.type.element_type))
        sizes.append(v if v.type == I64 else b.sext(v, I64))
    strides = row_major_strides(b, sizes)
    ft.bind(
        op.results[0],
        build_descriptor(
            b, len(sizes), src.allocated(), src.aligned(), src.offset(), sizes, strides
        ),
    )


def _is_contiguous(t: MemRefType) -> bool:
    """Dense row-major for sure: the identity layout, or static strides equal to it (a `?` stride
    may be a view's larger one)."""
    if t.layout is None:
        return True
    strides, _ = memref_strides(t)
    dense = memref_strides(MemRefType(t.shape, t.element_type))[0]
    return DYNAMIC not in strides and strides == dense


@handles("memref.copy")
def _copy(op: Operation, ft: FunctionTranslator) -> None:
    from llh_opt.codegen.llvm.ops_scf import emit_loop_nest

    src = descriptor(ft, op, op.source)  # type: ignore[attr-defined]
    dst = descriptor(ft, op, op.target)  # type: ignore[attr-defined]
    b = ft.b
    esize = element_size(src.type.element_type)
    if _is_contiguous(src.type) and _is_contiguous(dst.type):
        count = product(b, src.sizes())
        nbytes = b.mul(count, i64(esize))
        sp = src.element_pointer([i64(0)] * src.rank)
        dp = dst.element_pointer([i64(0)] * dst.rank)
        ft.call_intrinsic("memcpy", VOID, [dp, sp, nbytes, ir.Constant(ir.IntType(1), 0)])
        return
    elt = scalar_type(src.type.element_type)

    def element(ivs: list[Any]) -> None:
        v = b.load(src.element_pointer(ivs), typ=elt)
        b.store(v, dst.element_pointer(ivs))

    emit_loop_nest(ft, src.rank, lambda k: (i64(0), src.size(k), i64(1)), element, name="copy")


@handles("memref.get_global")
def _get_global(op: Operation, ft: FunctionTranslator) -> None:
    sym = op.properties.get("name") or op.attributes.get("name")
    name = getattr(sym, "root", None)
    if name is None:
        raise TranslationError(op, "has no global 'name'")
    gv, gtype = ft.mt.globals.lookup(op, name)
    t = _memref(op, op.results[0])
    if t.shape != gtype.shape or t.element_type is not gtype.element_type:
        raise TranslationError(op, f"result type {t} does not match the global's type {gtype}")
    b = ft.b
    sizes = [i64(s) for s in t.shape]
    # `allocated` is null: the memory is not the heap's (`free` of it is a no-op; a caller
    # receiving such a view copies it).
    ft.bind(
        op.results[0],
        build_descriptor(
            b, len(sizes), ir.Constant(PTR, None), gv, i64(0), sizes, row_major_strides(b, sizes)
        ),
    )


@handles("memref.extract_aligned_pointer_as_index")
def _aligned_pointer(op: Operation, ft: FunctionTranslator) -> None:
    d = descriptor(ft, op, op.operands[0])
    ft.bind(op.results[0], ft.b.ptrtoint(d.aligned(), I64))


@handles("memref.extract_strided_metadata")
def _strided_metadata(op: Operation, ft: FunctionTranslator) -> None:
    d = descriptor(ft, op, op.operands[0])
    base = build_descriptor(ft.b, 0, d.allocated(), d.aligned(), i64(0), [], [])
    ft.bind_results(op, [base, d.offset(), *d.sizes(), *d.strides()])


@handles("memref.assume_alignment")
def _assume_alignment(op: Operation, ft: FunctionTranslator) -> None:
    if op.results:
        ft.bind(op.results[0], ft.get(op.operands[0]))


@handles("memref.prefetch")
def _prefetch(op: Operation, ft: FunctionTranslator) -> None:
    return None
