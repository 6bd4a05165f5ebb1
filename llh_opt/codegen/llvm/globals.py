"""`memref.global` → LLVM globals, and how large constant data (weights) reaches the output.

A global whose data is smaller than `TargetOptions.external_data_bytes` gets an ordinary LLVM
initializer. A larger one is *external data*: in the `ir.Module` it is declared
`external hidden constant [N x i8]`, and the bytes are supplied at emission time (``target.py``):
* object file / JIT: `module asm` defines the symbol in a read-only section with `.incbin` of a
  temporary raw file, so the data never passes through LLVM IR text or the IR parser;
* textual LLVM IR / assembly: the initializer is written as one `c"\\xx..."` string, formatted with
  numpy (the text must stand alone).
Raw bytes come from the DenseElementsAttr as numpy arrays (`dense_raw_bytes`).
"""

from __future__ import annotations

import array
import re
from typing import TYPE_CHECKING, Any

from llvmlite import ir

from llh_opt.codegen.llvm.errors import TranslationError
from llh_opt.codegen.llvm.types import (
    I8,
    BFloatType,
    UnsupportedType,
    element_size,
    global_variable,
    scalar_type,
)
from llh_opt.ir.attributes import DenseElementsAttr, IntegerAttr
from llh_opt.ir.core import Operation
from llh_opt.ir.types import FloatType, IndexType, IntegerType, MemRefType, Type

if TYPE_CHECKING:
    import numpy as np

    from llh_opt.codegen.llvm.translator import ModuleTranslator

_SAFE_SYMBOL = re.compile(r"^[A-Za-z_][A-Za-z0-9_.$]*$")
DEFAULT_ALIGNMENT = 64


def dense_raw_bytes(attr: DenseElementsAttr) -> np.ndarray:
    """The little-endian storage bytes of a dense attribute as a flat uint8 array."""
    import numpy as np

    et = attr.type.element_type
    n = attr.type.num_elements
    backing = getattr(attr, "array", None)
    if isinstance(backing, np.ndarray):
        arr = np.ascontiguousarray(backing)
        return arr.reshape(-1).view(np.uint8) if n else np.zeros(0, np.uint8)
    size = element_size(et)
    if isinstance(et, FloatType):
        dtype = {2: np.uint16, 4: np.uint32, 8: np.uint64}[size]
        vals: Any = attr.values
    elif isinstance(et, (IntegerType, IndexType)):
        dtype = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[size]
        mask = (1 << (8 * size)) - 1
        vals = [v & mask for v in attr.values]
    else:
        raise UnsupportedType(f"dense elements of type {et} cannot be emitted")
    if attr.is_splat:
        data = np.full(n, vals[0], dtype=dtype)
    else:
        # array.array converts a tuple of Python ints about twice as fast as np.array.
        code = _ARRAY_CODES.get(size)
        data = (
            np.frombuffer(array.array(code, vals), dtype=dtype) if code else np.array(vals, dtype)
        )
    return data.astype(data.dtype.newbyteorder("<"), copy=False).view(np.uint8)


_ARRAY_CODES = {
    array.array(c).itemsize: c for c in ("Q", "L", "I", "H", "B") if array.array(c).itemsize
}


class ExternalData:
    """A large constant global whose bytes are attached at emission time."""

    __slots__ = ("gv", "symbol", "attr", "nbytes", "align", "_raw")

    def __init__(
        self, gv: ir.GlobalVariable, attr: DenseElementsAttr, nbytes: int, align: int
    ) -> None:
        self.gv = gv
        self.symbol = gv.name
        self.attr = attr
        self.nbytes = nbytes
        self.align = align
        self._raw: np.ndarray | None = None

    def raw(self) -> np.ndarray:
        if self._raw is None:
            self._raw = dense_raw_bytes(self.attr)
        return self._raw


class RawInitializer:
    """An initializer whose LLVM text is already formatted (avoids llvmlite's per-byte escaping)."""

    __slots__ = ("type", "text")

    def __init__(self, type: ir.Type, text: str) -> None:
        self.type = type
        self.text = text

    def get_reference(self) -> str:
        return self.text


def llvm_string_literal(raw: np.ndarray) -> str:
    """`c"\\xx\\yy..."` for raw bytes, every byte escaped (fast: one numpy gather)."""
    import numpy as np

    digits = np.frombuffer(b"0123456789ABCDEF", dtype=np.uint8)
    out = np.empty((raw.size, 3), dtype=np.uint8)
    out[:, 0] = ord("\\")
    out[:, 1] = digits[raw >> 4]
    out[:, 2] = digits[raw & 15]
    return 'c"' + out.tobytes().decode("ascii") + '"'


class GlobalTable:
    """The module's `memref.global`s: their LLVM globals, types, and the external data list."""

    def __init__(self, mt: ModuleTranslator) -> None:
        self.mt = mt
        self.globals: dict[str, tuple[ir.GlobalVariable, MemRefType]] = {}
        self.external: list[ExternalData] = []

    def declare(self, op: Operation) -> None:
        name = getattr(op.properties.get("sym_name"), "value", None)
        mtype = getattr(op.properties.get("type"), "type", None)
        if not isinstance(name, str) or not isinstance(mtype, MemRefType):
            raise TranslationError(op, "needs 'sym_name' and a memref 'type'")
        if name in self.globals:
            raise TranslationError(op, f"redefinition of symbol '{name}'")
        if not mtype.has_static_shape:
            raise TranslationError(op, "cannot be translated to LLVM IR: dynamic global shape")
        try:
            elt = scalar_type(mtype.element_type)
            esize = element_size(mtype.element_type)
        except UnsupportedType as e:
            raise TranslationError(op, f"cannot be translated to LLVM IR: {e}") from None
        n = mtype.num_elements
        nbytes = n * esize
        align_attr = op.properties.get("alignment")
        align = align_attr.value if isinstance(align_attr, IntegerAttr) else DEFAULT_ALIGNMENT
        init = op.properties.get("initial_value")
        constant = "constant" in op.properties or "constant" in op.attributes
        vis = getattr(op.properties.get("sym_visibility"), "value", "public")
        llname = name if _SAFE_SYMBOL.match(name) else f"__llh_global_{len(self.globals)}"
        module = self.mt.module
        if (
            isinstance(init, DenseElementsAttr)
            and constant
            and nbytes >= self.mt.options.external_data_bytes
            and not _is_zero_splat(init)
        ):
            gv = global_variable(module, ir.ArrayType(I8, nbytes), llname)
            gv.global_constant = True
            gv.linkage = "external"
            gv.visibility = "hidden"
            gv.align = align
            self.external.append(ExternalData(gv, init, nbytes, align))
        else:
            gv = global_variable(module, ir.ArrayType(elt, n), llname)
            gv.global_constant = constant
            gv.align = align
            if vis == "private":
                gv.linkage = "internal"
            gv.initializer = _initializer(op, init, mtype, elt, n)
        self.globals[name] = (gv, mtype)

    def lookup(self, op: Operation, name: str) -> tuple[ir.GlobalVariable, MemRefType]:
        entry = self.globals.get(name)
        if entry is None:
            raise TranslationError(op, f"refers to an unknown global '@{name}'")
        return entry


def _is_zero_splat(attr: DenseElementsAttr) -> bool:
    return attr.is_splat and attr.values[0] in (0, (0, 0))


def _initializer(op: Operation, init: Any, mtype: MemRefType, elt: ir.Type, n: int) -> ir.Constant:
    at = ir.ArrayType(elt, n)
    if not isinstance(init, DenseElementsAttr) or _is_zero_splat(init):
        return ir.Constant(at, None)
    if init.type.num_elements != n:
        raise TranslationError(op, "initial value does not match the global's type")
    et: Type = mtype.element_type
    vals = init.full_values()
    if isinstance(et, FloatType):
        from llh_opt.ir.literals import bits_to_float

        if isinstance(elt, BFloatType):
            items = [ir.Constant(elt, v) for v in vals]
        else:
            items = [ir.Constant(elt, bits_to_float(v, et.name)) for v in vals]
    else:
        width = elt.width  # type: ignore[attr-defined]
        mask = (1 << width) - 1
        items = [ir.Constant(elt, v & mask) for v in vals]
    return ir.Constant(at, items)
