"""Ranked memref descriptors as LLVM SSA aggregates: building, reading fields, element addresses.

A descriptor is `{allocated, aligned, offset, sizes[N], strides[N]}` (MLIR's layout). Sizes,
strides and the offset known statically from the memref type are used as constants, so an access
into a static or identity-layout buffer never reads the descriptor for them.
"""

from __future__ import annotations

from collections.abc import Sequence

from llvmlite import ir

from llh_opt.codegen.llvm.types import I64, descriptor_type, memref_strides, scalar_type
from llh_opt.ir.types import DYNAMIC, MemRefType

ALLOCATED, ALIGNED, OFFSET, SIZES, STRIDES = 0, 1, 2, 3, 4


def i64(v: int) -> ir.Constant:
    return ir.Constant(I64, v)


class MemRefDescriptor:
    """Accessors over one descriptor value of memref type `type`."""

    __slots__ = ("b", "value", "type", "static_strides", "static_offset")

    def __init__(self, b: ir.IRBuilder, value: ir.Value, type: MemRefType) -> None:
        self.b = b
        self.value = value
        self.type = type
        self.static_strides, self.static_offset = memref_strides(type)

    @property
    def rank(self) -> int:
        return len(self.type.shape)

    def allocated(self) -> ir.Value:
        return self.b.extract_value(self.value, ALLOCATED)

    def aligned(self) -> ir.Value:
        return self.b.extract_value(self.value, ALIGNED)

    def offset(self) -> ir.Value:
        if self.static_offset != DYNAMIC:
            return i64(self.static_offset)
        return self.b.extract_value(self.value, OFFSET)

    def size(self, i: int) -> ir.Value:
        s = self.type.shape[i]
        if s != DYNAMIC:
            return i64(s)
        return self.b.extract_value(self.value, [SIZES, i])

    def stride(self, i: int) -> ir.Value:
        s = self.static_strides[i]
        if s != DYNAMIC:
            return i64(s)
        return self.b.extract_value(self.value, [STRIDES, i])

    def sizes(self) -> list[ir.Value]:
        return [self.size(i) for i in range(self.rank)]

    def strides(self) -> list[ir.Value]:
        return [self.stride(i) for i in range(self.rank)]

    def size_dynamic_index(self, index: ir.Value) -> ir.Value:
        """sizes[index] for a run-time index (memref.dim with a non-constant operand): a chain of
        selects, no stack slot (it may sit in a loop)."""
        b = self.b
        result: ir.Value = i64(0)
        for k in reversed(range(self.rank)):
            hit = b.icmp_signed("==", index, i64(k))
            result = b.select(hit, self.b.extract_value(self.value, [SIZES, k]), result)
        return result

    def linear_index(self, indices: Sequence[ir.Value]) -> ir.Value:
        """offset + Σ index_k · stride_k (constants folded by the builder where static)."""
        b = self.b
        total: ir.Value | None = None
        if self.static_offset != 0:
            total = self.offset()
        for k, idx in enumerate(indices):
            term = _mul(b, idx, self.stride(k))
            total = term if total is None else add(b, total, term)
        return total if total is not None else i64(0)

    def element_pointer(self, indices: Sequence[ir.Value]) -> ir.Value:
        """Address of the element at `indices`."""
        elt = scalar_type(self.type.element_type)
        return self.b.gep(
            self.aligned(), [self.linear_index(indices)], inbounds=True, source_etype=elt
        )


def build_descriptor(
    b: ir.IRBuilder,
    rank: int,
    allocated: ir.Value,
    aligned: ir.Value,
    offset: ir.Value,
    sizes: Sequence[ir.Value],
    strides: Sequence[ir.Value],
) -> ir.Value:
    """A descriptor value from its fields."""
    d: ir.Value = ir.Constant(descriptor_type(rank), ir.Undefined)
    d = b.insert_value(d, allocated, ALLOCATED)
    d = b.insert_value(d, aligned, ALIGNED)
    d = b.insert_value(d, offset, OFFSET)
    for i, s in enumerate(sizes):
        d = b.insert_value(d, s, [SIZES, i])
    for i, s in enumerate(strides):
        d = b.insert_value(d, s, [STRIDES, i])
    return d


def row_major_strides(b: ir.IRBuilder, sizes: Sequence[ir.Value]) -> list[ir.Value]:
    """Identity-layout strides for `sizes` (innermost 1)."""
    strides: list[ir.Value] = []
    running: ir.Value = i64(1)
    for s in reversed(sizes):
        strides.append(running)
        running = _mul(b, running, s)
    strides.reverse()
    return strides


def product(b: ir.IRBuilder, values: Sequence[ir.Value]) -> ir.Value:
    """Π values, the constant factors folded into one."""
    const = 1
    total: ir.Value | None = None
    for v in values:
        if isinstance(v, ir.Constant):
            const *= v.constant
        else:
            total = v if total is None else b.mul(total, v)
    if total is None:
        return i64(const)
    return total if const == 1 else b.mul(total, i64(const))


def add(b: ir.IRBuilder, x: ir.Value, y: ir.Value) -> ir.Value:
    """x + y, folded when both are constants or one is 0."""
    if isinstance(x, ir.Constant) and isinstance(y, ir.Constant):
        return i64(x.constant + y.constant)
    if isinstance(x, ir.Constant) and x.constant == 0:
        return y
    if isinstance(y, ir.Constant) and y.constant == 0:
        return x
    return b.add(x, y)


def mul(b: ir.IRBuilder, x: ir.Value, y: ir.Value) -> ir.Value:
    """x * y, folded when both are constants or one is 1."""
    return _mul(b, x, y)


def _mul(b: ir.IRBuilder, x: ir.Value, y: ir.Value) -> ir.Value:
    if isinstance(x, ir.Constant) and isinstance(y, ir.Constant):
        return i64(x.constant * y.constant)
    if isinstance(x, ir.Constant) and x.constant == 1:
        return y
    if isinstance(y, ir.Constant) and y.constant == 1:
        return x
    return b.mul(x, y)


__all__ = [
    "MemRefDescriptor",
    "add",
    "mul",
    "build_descriptor",
    "i64",
    "product",
    "row_major_strides",
]
