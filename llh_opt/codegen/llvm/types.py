"""MLIR builtin types → llvmlite IR types, as MLIR's LLVM type converter maps them.

index → i64; iN → iN; f16/bf16/f32/f64 → half/bfloat/float/double; `vector<NxT>` → `<N x T>`; a ranked memref → the descriptor
struct `{ptr allocated, ptr aligned, i64 offset, [N x i64] sizes, [N x i64] strides}` (rank 0 has no
arrays). Function signatures (exploded memref arguments, packed results) live in ``translator.py``.
"""

from __future__ import annotations

from llvmlite import ir

from llh_opt.ir.types import (
    DYNAMIC,
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    NoneType,
    RankedTensorType,
    Type,
    UnrankedTensorType,
    VectorType,
)


class BFloatType(ir.types._BaseFloatType):
    """LLVM's `bfloat` (llvmlite has no such type). Constants are given as their 16-bit pattern."""

    null = "0.0"
    intrinsic_name = "bf16"

    def __str__(self) -> str:
        return "bfloat"

    def format_constant(self, value: int) -> str:
        return f"0xR{int(value) & 0xFFFF:04X}"


BFloatType._create_instance()

I1 = ir.IntType(1)
I8 = ir.IntType(8)
I32 = ir.IntType(32)
I64 = ir.IntType(64)
PTR = ir.PointerType()
VOID = ir.VoidType()

_FLOATS: dict[str, ir.Type] = {
    "f16": ir.HalfType(),
    "bf16": BFloatType(),
    "f32": ir.FloatType(),
    "f64": ir.DoubleType(),
}
FLOAT_WIDTH = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}

_DESCRIPTORS: dict[int, ir.LiteralStructType] = {}


class UnsupportedType(Exception):
    """A type with no LLVM counterpart here; the caller turns it into a diagnostic at its op."""


def descriptor_type(rank: int) -> ir.LiteralStructType:
    """The ranked memref descriptor struct of `rank`."""
    t = _DESCRIPTORS.get(rank)
    if t is None:
        fields: list[ir.Type] = [PTR, PTR, I64]
        if rank:
            fields += [ir.ArrayType(I64, rank), ir.ArrayType(I64, rank)]
        t = _DESCRIPTORS[rank] = ir.LiteralStructType(fields)
    return t


def scalar_type(t: Type) -> ir.Type:
    """The LLVM type of an integer, index or float MLIR type."""
    if isinstance(t, IndexType):
        return I64
    if isinstance(t, IntegerType):
        return ir.IntType(t.width)
    if isinstance(t, FloatType):
        ft = _FLOATS.get(t.name)
        if ft is not None:
            return ft
    if isinstance(t, (RankedTensorType, UnrankedTensorType)):
        raise UnsupportedType(f"type {t} has no LLVM lowering (bufferize first: --lower-to-llvm)")
    raise UnsupportedType(f"type {t} has no LLVM lowering")


def llvm_type(t: Type) -> ir.Type:
    """The LLVM type of an SSA value of MLIR type `t`."""
    if isinstance(t, MemRefType):
        return descriptor_type(len(t.shape))
    if isinstance(t, VectorType):
        return vector_type(t)
    if isinstance(t, NoneType):
        return VOID
    return scalar_type(t)


def vector_type(t: VectorType) -> ir.VectorType:
    """A fixed-size 1-D `vector<NxT>` → `<N x T>` (scalable and n-D vectors have no lowering
    here: the lowerings only build 1-D ones)."""
    if t.scalable is not None or len(t.shape) != 1:
        raise UnsupportedType(f"type {t} has no LLVM lowering (only fixed 1-D vectors)")
    return ir.VectorType(scalar_type(t.element_type), t.shape[0])


def element_size(t: Type) -> int:
    """Bytes one element of scalar type `t` takes in memory (i1 takes one byte, as in LLVM)."""
    if isinstance(t, IndexType):
        return 8
    if isinstance(t, IntegerType):
        return max(1, (t.width + 7) // 8) if t.width <= 8 else _pow2_bytes(t.width)
    if isinstance(t, FloatType) and t.name in FLOAT_WIDTH:
        return FLOAT_WIDTH[t.name] // 8
    raise UnsupportedType(f"type {t} has no LLVM lowering")


def _pow2_bytes(width: int) -> int:
    b = 1
    while b * 8 < width:
        b *= 2
    return b


def is_float(t: Type) -> bool:
    return isinstance(t, FloatType)


def memref_strides(t: MemRefType) -> tuple[tuple[int, ...], int]:
    """Static strides and offset of `t` (DYNAMIC where only the descriptor knows).

    Identity layout: row-major strides from the static sizes (dynamic from the first `?` size
    outward). A `strided<...>` layout gives them directly."""
    from llh_opt.ir.attributes import StridedLayoutAttr

    layout = t.layout
    if isinstance(layout, StridedLayoutAttr):
        return tuple(layout.strides), layout.offset
    if layout is not None and not _is_identity_map(layout):
        raise UnsupportedType(f"memref layout {layout} is not supported (use strided<...>)")
    strides: list[int] = []
    running = 1
    for size in reversed(t.shape):
        strides.append(running)
        if running != DYNAMIC:
            running = DYNAMIC if size == DYNAMIC else running * size
    return tuple(reversed(strides)), 0


def _is_identity_map(layout: object) -> bool:
    amap = getattr(layout, "map", None)
    if amap is None:
        return False
    return str(amap).replace(" ", "") in {
        _identity_text(n) for n in range(len(getattr(amap, "results", ())) + 1)
    }


def _identity_text(n: int) -> str:
    dims = ",".join(f"d{i}" for i in range(n))
    return f"({dims})->({dims})"


def function_results_type(results: tuple[Type, ...]) -> ir.Type:
    """MLIR packs several results into one literal struct; none is void."""
    if not results:
        return VOID
    if len(results) == 1:
        return llvm_type(results[0])
    return ir.LiteralStructType([llvm_type(r) for r in results])


def exploded_arg_types(t: Type) -> list[ir.Type]:
    """The LLVM parameters one MLIR argument becomes (a memref: its descriptor fields)."""
    if isinstance(t, MemRefType):
        rank = len(t.shape)
        return [PTR, PTR, I64] + [I64] * (2 * rank)
    return [llvm_type(t)]


def core_function_type(ft: FunctionType) -> ir.FunctionType:
    """The signature of a translated `func.func` (memref arguments exploded, like MLIR)."""
    params: list[ir.Type] = []
    for t in ft.inputs:
        params += exploded_arg_types(t)
    return ir.FunctionType(function_results_type(ft.results), params)


def global_variable(
    module: ir.Module, typ: ir.Type, name: str, cls: type[ir.GlobalVariable] = ir.GlobalVariable
) -> ir.GlobalVariable:
    """A global whose address is an opaque `ptr` (llvmlite would type it `T*`, which makes its
    own type checks reject loads and stores through field addresses)."""
    gv = cls(module, typ, name)
    gv.type = PTR
    return gv
