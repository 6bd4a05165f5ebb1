"""numpy arrays ↔ MLIR memref descriptors through ctypes, and ownership of callee-made outputs.

Arguments: a C-contiguous array (copied when it is not) is described by a descriptor whose
`allocated`/`aligned` point at its data. Results: the callee `malloc`s each output; the returned
numpy array views that memory through `OwnedBuffer`, which `free`s it when the last array
referencing it dies. Pure ctypes + numpy: usable for the JIT and for shared libraries alike.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from typing import Any

import numpy as np

from llh_opt.codegen.llvm.signature import ValueSpec

# MLIR element type name → (numpy dtype, ctypes scalar type or None when ctypes cannot pass it).
DTYPES: dict[str, tuple[Any, Any]] = {
    "f64": (np.float64, ctypes.c_double),
    "f32": (np.float32, ctypes.c_float),
    "f16": (np.float16, None),
    "bf16": (np.uint16, None),  # bit patterns: numpy has no bfloat16
    "i1": (np.bool_, ctypes.c_bool),
    "i8": (np.int8, ctypes.c_int8),
    "i16": (np.int16, ctypes.c_int16),
    "i32": (np.int32, ctypes.c_int32),
    "i64": (np.int64, ctypes.c_int64),
    "index": (np.int64, ctypes.c_int64),
}

_DESCRIPTORS: dict[int, type[ctypes.Structure]] = {}


def descriptor_class(rank: int) -> type[ctypes.Structure]:
    """`struct {void *allocated, *aligned; int64_t offset, sizes[rank], strides[rank];}`."""
    cls = _DESCRIPTORS.get(rank)
    if cls is None:
        fields: list[tuple[str, Any]] = [
            ("allocated", ctypes.c_void_p),
            ("aligned", ctypes.c_void_p),
            ("offset", ctypes.c_int64),
        ]
        if rank:
            fields += [("sizes", ctypes.c_int64 * rank), ("strides", ctypes.c_int64 * rank)]
        cls = type(f"MemRef{rank}D", (ctypes.Structure,), {"_fields_": fields})
        _DESCRIPTORS[rank] = cls
    return cls


def ctype_of(spec: ValueSpec) -> Any:
    """The ctypes type a value of `spec` occupies inside a result struct."""
    if spec.kind == "memref":
        return descriptor_class(spec.rank)
    ct = DTYPES[spec.dtype][1]
    if ct is None:
        raise TypeError(f"scalar {spec.dtype} values cannot be passed through ctypes")
    return ct


def numpy_dtype(spec: ValueSpec) -> Any:
    return np.dtype(DTYPES[spec.dtype][0])


def describe(array: np.ndarray) -> ctypes.Structure:
    """A descriptor over a C-contiguous array's data."""
    cls = descriptor_class(array.ndim)
    d = cls()
    ptr = array.ctypes.data
    d.allocated = ptr
    d.aligned = ptr
    d.offset = 0
    if array.ndim:
        d.sizes[:] = list(array.shape)
        item = array.itemsize
        d.strides[:] = [s // item for s in array.strides] if array.size else _row_major(array.shape)
    return d


def _row_major(shape: tuple[int, ...]) -> list[int]:
    strides = []
    running = 1
    for s in reversed(shape):
        strides.append(running)
        running *= s
    return list(reversed(strides))


def _libc_free() -> Any:
    """The C library's `free` (the process's, which the compiled code's `malloc` pairs with)."""
    libc = ctypes.CDLL(None) if os.name == "posix" else ctypes.CDLL(ctypes.util.find_library("c"))
    free = libc.free
    free.argtypes = [ctypes.c_void_p]
    free.restype = None
    return free


_free = _libc_free()


class OwnedBuffer:
    """Memory `malloc`ed by a compiled function; freed when the last array over it dies."""

    __slots__ = ("address", "__weakref__")

    def __init__(self, address: int) -> None:
        self.address = address

    def __del__(self) -> None:
        address, self.address = self.address, 0
        if address:
            _free(address)


class _ArrayView:
    """`__array_interface__` over raw memory, keeping `owner` alive through the array's base."""

    __slots__ = ("__array_interface__", "owner")

    def __init__(self, owner: Any, interface: dict[str, Any]) -> None:
        self.owner = owner
        self.__array_interface__ = interface


def array_from_descriptor(d: ctypes.Structure, spec: ValueSpec, owner: Any) -> np.ndarray:
    """A numpy array over the memory `d` describes; `owner` keeps that memory alive."""
    dtype = numpy_dtype(spec)
    rank = spec.rank
    shape = tuple(d.sizes[:rank]) if rank else ()
    strides = tuple(s * dtype.itemsize for s in d.strides[:rank]) if rank else ()
    count = 1
    for s in shape:
        count *= s
    base = (d.aligned or 0) + d.offset * dtype.itemsize
    if count == 0 or not base:
        return np.zeros(shape, dtype=dtype)
    interface = {
        "version": 3,
        "shape": shape,
        "typestr": dtype.str,
        "data": (base, False),
        "strides": strides,
    }
    return np.asarray(_ArrayView(owner, interface))
