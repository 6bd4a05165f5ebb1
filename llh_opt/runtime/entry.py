"""Calling compiled entry points with numpy arrays: `EntryPoint` and `CompiledModule`.

Each call goes through `<name>_status` (C interface: result pointer first, memref arguments as
descriptor pointers, scalars by value). Before the call, arity, dtype, rank and static sizes are
checked in Python; after it, a non-zero status becomes `ShapeError(llh_last_error())` and the
(empty) outputs are freed. Outputs come back as numpy arrays owning the callee's buffers.
An entry with a memory plan is called through its workspace variant (``workspace.py``).
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from llh_opt.codegen.llvm.signature import EntrySignature, ValueSpec
from llh_opt.runtime.errors import ShapeError
from llh_opt.runtime.memref import (
    DTYPES,
    OwnedBuffer,
    array_from_descriptor,
    ctype_of,
    describe,
    numpy_dtype,
)


class EntryPoint:
    """A callable compiled function: `entry(*arrays) -> array | tuple of arrays | scalar`."""

    __slots__ = (
        "signature",
        "check_static",
        "_status",
        "_last_error",
        "_result_type",
        "_keepalive",
    )

    def __init__(
        self,
        signature: EntrySignature,
        status_address: int,
        last_error: Callable[[], bytes | None],
        keepalive: Any,
        *,
        check_static: bool = True,
    ) -> None:
        self.signature = signature
        self.check_static = check_static
        self._last_error = last_error
        self._keepalive = keepalive
        results = signature.results
        argtypes: list[Any] = []
        self._result_type: Any = None
        if results:
            if len(results) == 1:
                self._result_type = ctype_of(results[0])
            else:
                fields = [(f"r{i}", ctype_of(r)) for i, r in enumerate(results)]
                self._result_type = type("Results", (ctypes.Structure,), {"_fields_": fields})
            argtypes.append(ctypes.c_void_p)
        for a in signature.args:
            argtypes.append(ctypes.c_void_p if a.kind == "memref" else ctype_of(a))
        proto = ctypes.CFUNCTYPE(ctypes.c_int32, *argtypes)
        self._status = proto(status_address)

    @property
    def name(self) -> str:
        return self.signature.name

    def __repr__(self) -> str:
        return f"<EntryPoint {self.name}>"

    def __call__(self, *args: Any) -> Any:
        sig = self.signature
        if len(args) != len(sig.args):
            raise TypeError(f"{sig.name}() takes {len(sig.args)} arguments ({len(args)} given)")
        keep: list[Any] = []
        cargs: list[Any] = []
        inputs: set[int] = set()
        for i, (value, spec) in enumerate(zip(args, sig.args)):
            if spec.kind == "memref":
                arr = _check_array(sig.name, i, value, spec, self.check_static)
                keep.append(arr)
                desc = describe(arr)
                keep.append(desc)
                inputs.add(arr.ctypes.data)
                cargs.append(ctypes.addressof(desc))
            else:
                cargs.append(_scalar(sig.name, i, value, spec))
        result = self._result_type() if self._result_type is not None else None
        if result is not None:
            cargs.insert(0, ctypes.addressof(result))
        status = self._status(*cargs)
        outputs = self._collect(result, inputs)
        if status != 0:
            message = self._last_error() or b"input shape check failed"
            del outputs
            raise ShapeError(message.decode("utf-8", "replace"))
        if not sig.results:
            return None
        return outputs[0] if len(outputs) == 1 else tuple(outputs)

    def _collect(self, result: Any, inputs: set[int]) -> list[Any]:
        results = self.signature.results
        if result is None:
            return []
        values = (
            [result]
            if len(results) == 1
            else [getattr(result, f"r{i}") for i in range(len(results))]
        )
        owners: dict[int, OwnedBuffer] = {}
        out: list[Any] = []
        for v, spec in zip(values, results):
            if spec.kind != "memref":
                out.append(v.value if hasattr(v, "value") else v)
                continue
            allocated = v.allocated or 0
            if allocated in inputs or allocated == 0:
                # An output aliasing an input (the caller owns that memory) or constant data
                # (null `allocated`): copy it.
                out.append(np.array(array_from_descriptor(v, spec, None)))
                continue
            owner = owners.get(allocated)
            if owner is None:
                owner = owners[allocated] = OwnedBuffer(allocated)
            out.append(array_from_descriptor(v, spec, owner))
        return out


def _check_array(name: str, i: int, value: Any, spec: ValueSpec, check_static: bool) -> np.ndarray:
    """dtype and rank always; static sizes only when the module does not check them itself
    (its own message names the symbol)."""
    if not isinstance(value, np.ndarray):
        raise TypeError(f"{name}() argument {i} must be a numpy array, got {type(value).__name__}")
    want = numpy_dtype(spec)
    if value.dtype != want:
        raise TypeError(
            f"{name}() argument {i} must have dtype {want} (memref element {spec.dtype}), "
            f"got {value.dtype}"
        )
    if value.ndim != spec.rank:
        raise ShapeError(f"argument {i}: expected rank {spec.rank}, got {value.ndim}")
    for d, (expected, actual) in enumerate(zip(spec.shape, value.shape)):
        if check_static and expected >= 0 and expected != actual:
            raise ShapeError(f"argument {i} dimension {d}: expected {expected}, got {actual}")
    return np.ascontiguousarray(value)


def _scalar(name: str, i: int, value: Any, spec: ValueSpec) -> Any:
    ct = DTYPES[spec.dtype][1]
    if ct is None:
        raise TypeError(f"{name}() argument {i}: {spec.dtype} scalars are not supported")
    if isinstance(value, np.ndarray) and value.ndim:
        raise TypeError(f"{name}() argument {i} must be a scalar")
    if spec.dtype.startswith("f"):
        return ct(float(value))
    return ct(int(value))


class CompiledModule:
    """The entry points of one compiled module, as attributes (`compiled.main(...)`) and by name
    (`compiled["main"]`)."""

    def __init__(self, entries: Sequence[EntryPoint], keepalive: Any = None) -> None:
        from llh_opt.runtime.workspace import with_workspaces

        self._entries = with_workspaces({e.name: e for e in entries})
        self._keepalive = keepalive

    @property
    def entries(self) -> dict[str, Any]:
        return dict(self._entries)

    def __getitem__(self, name: str) -> Any:
        return self._entries[name]

    def __getattr__(self, name: str) -> Any:
        entries = self.__dict__.get("_entries", {})
        if name in entries:
            return entries[name]
        raise AttributeError(
            f"compiled module has no entry point '{name}' (has: {', '.join(entries)})"
        )

    def __dir__(self) -> list[str]:
        return [*super().__dir__(), *self._entries]

    def __repr__(self) -> str:
        return f"<CompiledModule entries={list(self._entries)}>"
