"""Entry-point signatures of a loop-level module as plain data (no llvmlite).

The C header (``header.py``), the object's `llh_manifest()` string (``abi.py``) and the Python
runtime all describe an entry the same way: its name, and for each argument/result either a memref
(element dtype, static sizes with -1 for `?`) or a scalar dtype. Serialized as JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from llh_opt.ir.core import Operation
from llh_opt.ir.types import DYNAMIC, FloatType, IndexType, IntegerType, MemRefType, Type


@dataclass(frozen=True)
class ValueSpec:
    """One argument or result: `kind` is "memref" or "scalar"; `shape` is () for scalars."""

    kind: str
    dtype: str
    shape: tuple[int, ...] = ()

    @property
    def rank(self) -> int:
        return len(self.shape)

    def to_json(self) -> dict[str, object]:
        d: dict[str, object] = {"kind": self.kind, "dtype": self.dtype}
        if self.kind == "memref":
            d["shape"] = list(self.shape)
        return d

    @staticmethod
    def from_json(d: dict[str, object]) -> ValueSpec:
        shape = d.get("shape", [])
        assert isinstance(shape, list)
        return ValueSpec(str(d["kind"]), str(d["dtype"]), tuple(int(s) for s in shape))


@dataclass(frozen=True)
class EntrySignature:
    name: str
    args: tuple[ValueSpec, ...]
    results: tuple[ValueSpec, ...]
    arg_names: tuple[str, ...] = ()

    @property
    def returns_directly(self) -> bool:
        """MLIR's C interface returns a single scalar result by value; anything else is written
        through a result pointer passed first."""
        return len(self.results) == 1 and self.results[0].kind == "scalar"

    def to_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "args": [a.to_json() for a in self.args],
            "results": [r.to_json() for r in self.results],
        }

    @staticmethod
    def from_json(d: dict[str, object]) -> EntrySignature:
        args = d["args"]
        results = d["results"]
        assert isinstance(args, list) and isinstance(results, list)
        return EntrySignature(
            str(d["name"]),
            tuple(ValueSpec.from_json(a) for a in args),
            tuple(ValueSpec.from_json(r) for r in results),
        )


def dtype_name(t: Type) -> str:
    if isinstance(t, IndexType):
        return "index"
    if isinstance(t, IntegerType):
        return f"i{t.width}"
    if isinstance(t, FloatType):
        return t.name
    raise ValueError(f"type {t} is not a scalar")


def value_spec(t: Type) -> ValueSpec:
    if isinstance(t, MemRefType):
        return ValueSpec(
            "memref",
            dtype_name(t.element_type),
            tuple(DYNAMIC if s == DYNAMIC else s for s in t.shape),
        )
    return ValueSpec("scalar", dtype_name(t))


def entry_functions(module: Operation) -> list[Operation]:
    """The public function definitions of a module (the entry points), in order."""
    out = []
    for region in module.regions:
        for block in region.blocks:
            for op in block.ops:
                if op.name != "func.func" or not op.regions or not op.regions[0].blocks:
                    continue
                vis = getattr(op.properties.get("sym_visibility"), "value", "public")
                if vis == "public":
                    out.append(op)
    return out


def signature_of(func: Operation) -> EntrySignature:
    name = func.properties["sym_name"].value  # type: ignore[attr-defined]
    ft = func.properties["function_type"].type  # type: ignore[attr-defined]
    return EntrySignature(
        name,
        tuple(value_spec(t) for t in ft.inputs),
        tuple(value_spec(t) for t in ft.results),
    )


def module_signatures(module: Operation) -> list[EntrySignature]:
    return [signature_of(f) for f in entry_functions(module)]


def manifest_json(signatures: list[EntrySignature], shape_checks: int = 0) -> str:
    """`shape_checks`: how many input checks the module makes itself (0: the caller should
    check static sizes)."""
    return json.dumps(
        {
            "version": 1,
            "shape_checks": shape_checks,
            "entries": [s.to_json() for s in signatures],
        }
    )


def parse_manifest(text: str) -> tuple[list[EntrySignature], int]:
    """(entries, number of shape checks the module makes) from `manifest_json` text."""
    d = json.loads(text)
    return [EntrySignature.from_json(e) for e in d["entries"]], int(d.get("shape_checks", 0))
