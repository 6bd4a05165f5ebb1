"""`--encoding-to-bind` (alias `--unload-and-bind-encoding`, spec §6.1, D7): move every tensor
encoding into an `llh.encoding_bind` op and bind every symbol-carrying integer with
`llh.symbol_bind`, so passes that do not know `#llh.encoding` see plain types.

What it does not do: infer anything (``infer_symbolic_shape.py``), or remove the binds again
(`remove-symbol`).

Placement (the reference's, with its bug §8.34 fixed): a value's bind goes right after its defining
op (several results: in result order), a block argument's at the top of its block (several
arguments: in argument order); `llh.symbol_bind` right after a single-result integer op with a
`symbol` (property or discardable attribute — the attribute stays). Function types are rebuilt
without encodings. A value that already has an identical bind gets no second one, so the pass is
idempotent.
"""

from __future__ import annotations

from llh_opt.dialects.llh import EncodingAttr
from llh_opt.ir.attributes import SymbolRefAttr, TypeAttr
from llh_opt.ir.core import Block, Operation, Value
from llh_opt.ir.types import FunctionType, IndexType, IntegerType, RankedTensorType, Type
from llh_opt.passes.pass_manager import PassContext
from llh_opt.passes.registry import Pass, register_pass

__all__ = ["EncodingToBindPass", "encoding_to_bind", "strip_encoding"]


def strip_encoding(t: Type) -> Type:
    """`t` without an `#llh.encoding` (other types and encodings unchanged)."""
    if t.__class__ is RankedTensorType and t.encoding.__class__ is EncodingAttr:  # type: ignore[attr-defined]
        return t.with_encoding(None)  # type: ignore[attr-defined, no-any-return]
    return t


def _has_bind(value: Value, name: str, key: str, attr: object) -> bool:
    for use in value.uses:
        owner = use.owner
        if owner.name == name and owner.properties.get(key) is attr:
            return True
    return False


def _encoding_bind(value: Value, enc: EncodingAttr, location: object) -> Operation:
    return Operation.create(
        "llh.encoding_bind",
        (value,),
        properties={"encoding": enc},
        location=location,  # type: ignore[arg-type]
    )


def _unload(value: Value) -> EncodingAttr | None:
    """Strip `value`'s `#llh.encoding` and return it (None when it had none)."""
    t = value.type
    if t.__class__ is not RankedTensorType:
        return None
    enc = t.encoding  # type: ignore[attr-defined]
    if enc.__class__ is not EncodingAttr:
        return None
    value.type = t.with_encoding(None)  # type: ignore[attr-defined]
    return enc  # type: ignore[no-any-return]


def _bind_block_arguments(block: Block, location: object) -> bool:
    anchor: Operation | None = None
    changed = False
    for arg in block.args:
        enc = _unload(arg)
        if enc is None:
            continue
        changed = True
        if _has_bind(arg, "llh.encoding_bind", "encoding", enc):
            continue
        bind = _encoding_bind(arg, enc, location)
        if anchor is None:
            block.prepend(bind)
        else:
            block.insert_after(anchor, bind)
        anchor = bind
    return changed


def _bind_results(op: Operation) -> bool:
    block = op.parent
    anchor = op
    changed = False
    for r in op.results:
        enc = _unload(r)
        if enc is None:
            continue
        changed = True
        if block is None or _has_bind(r, "llh.encoding_bind", "encoding", enc):
            continue
        bind = _encoding_bind(r, enc, op.location)
        block.insert_after(anchor, bind)
        anchor = bind
    if len(op.results) == 1 and block is not None:
        r = op.results[0]
        sym = op.properties.get("symbol") or op.attributes.get("symbol")
        if (
            isinstance(sym, SymbolRefAttr)
            and _bindable_scalar(r.type)
            and not _has_bind(r, "llh.symbol_bind", "symbol", sym)
        ):
            bind = Operation.create(
                "llh.symbol_bind", (r,), properties={"symbol": sym}, location=op.location
            )
            block.insert_after(anchor, bind)
            changed = True
    return changed


def _bindable_scalar(t: Type) -> bool:
    """What `llh.symbol_bind` accepts: a signless integer or index."""
    return isinstance(t, IndexType) or (isinstance(t, IntegerType) and t.signedness == 0)


def _strip_function_type(func: Operation) -> bool:
    a = func.properties.get("function_type")
    if not isinstance(a, TypeAttr) or not isinstance(a.type, FunctionType):
        return False
    ft = a.type
    new = FunctionType(
        tuple(strip_encoding(t) for t in ft.inputs), tuple(strip_encoding(t) for t in ft.results)
    )
    if new is ft:
        return False
    func.properties["function_type"] = TypeAttr(new)
    return True


def encoding_to_bind(root: Operation) -> bool:
    """Unload every `#llh.encoding` under `root` into binds (see the module docstring). Returns
    whether the IR changed."""
    changed = False
    ops = list(root.walk())
    for op in ops:
        for region in op.regions:
            for block in region.blocks:
                if block.args:
                    changed |= _bind_block_arguments(block, op.location)
        if op.results:
            changed |= _bind_results(op)
        if op.name == "func.func":
            changed |= _strip_function_type(op)
    return changed


@register_pass
class EncodingToBindPass(Pass):
    NAME = "encoding-to-bind"
    ALIASES = ("unload-and-bind-encoding",)
    SUMMARY = "Move tensor encodings into llh.encoding_bind ops and bind scalar symbols"
    DESCRIPTION = (
        "Strips #llh.encoding from every type, recording it with an llh.encoding_bind right "
        "after the defining op (at the top of the block for arguments); integer ops carrying a "
        "symbol get an llh.symbol_bind. Function types are rebuilt. Idempotent."
    )
    ANCHOR = "builtin.module"

    __slots__ = ()

    def run(self, op: Operation, ctx: PassContext) -> None:
        encoding_to_bind(op)
