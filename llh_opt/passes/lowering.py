"""The lowering passes: `llh-bufferize`, `convert-llh-to-loops` and the pipeline `lower-to-llvm`.

* ``llh-bufferize`` (stage 1, ``bufferize.py`` + ``entry.py``): memref signatures, casts, the
  entry prologue (symbol values, shape checks).
* ``convert-llh-to-loops`` (stage 2): runs stage 1 on functions that still have tensors in their
  signature, then lowers every LLH op of every public function with the function registered for
  it (``registry.py``), in program order, into scf/memref/arith/math; results become fresh
  buffers owned by the caller (a copy when the value is an argument, a constant or shared);
  temporaries get a ``memref.dealloc`` after their last use (views included); ops absorbed by
  an earlier op's lowering (``ctx.is_fused``: a conv/matmul epilogue) are skipped; the symbol
  declarations, ``module @__symbol__`` and the stage-1 ``llh.symbol`` tags are removed. An op
  without a lowering, an unranked tensor, an ``llh.weight`` whose data is not loaded are errors at
  the op.
* ``lower-to-llvm``: ``inline`` + ``symbol-dce`` when private functions take or return tensors,
  ``infer-symbolic-shape`` when the module has no symbols yet, ``load-weight``,
  ``fold-batch-norm``, ``canonicalize``, then the two stages. (The CLI then translates the
  loop-level module.)

What does not live here: op lowerings (op-family modules), the translation (``codegen/llvm``).
"""

from __future__ import annotations

from typing import Any

from llh_opt.ir.attributes import ArrayAttr, StringAttr, SymbolRefAttr
from llh_opt.ir.core import Block, Operation
from llh_opt.ir.types import IntegerType, MemRefType, RankedTensorType
from llh_opt.lowering.bufferize import CAST, bufferize_module, public_functions
from llh_opt.lowering.context import (
    SYMBOL_ATTR,
    InsertionPoint,
    LoweringContext,
    lowering_error,
    memref_type_of,
)
from llh_opt.lowering.registry import lookup
from llh_opt.passes.pass_manager import PassContext
from llh_opt.passes.registry import Pass, PassOption, create_pass, register_pass

__all__ = [
    "ConvertLLHToLoopsPass",
    "LLHBufferizePass",
    "LowerToLLVMPass",
    "convert_function",
    "convert_module",
]

# Ops that only carry shape information and disappear in the loop-level module.
_SIDE_RECORDS = frozenset(
    (
        "llh.encoding_bind",
        "llh.symbol_bind",
        "llh.symbolic_int",
        "llh.symbol_relation",
        "llh.symbol_binary_relation",
        "llh.symbol_relation_map",
    )
)


def _analysis(module: Operation) -> Any:
    from llh_opt.symbolic.analysis import SymbolAnalysis

    return SymbolAnalysis.get(module)


# --------------------------------------------------------------------------- stage 2


def _top_level(op: Operation, block: Block) -> Operation:
    while op.parent is not block:
        parent = op.parent_op
        if parent is None:
            return op
        op = parent
    return op


def convert_function(func: Operation, sa: Any) -> None:
    """Lower every LLH op of bufferized `func` (see the module docstring)."""
    ctx = LoweringContext(func, sa)
    blocks = list(func.regions[0].blocks)
    for block in blocks:
        for op in block.ops:
            tag = op.attributes.pop(SYMBOL_ATTR, None)
            if isinstance(tag, ArrayAttr):
                for name in tag.value:
                    if isinstance(name, StringAttr):
                        ctx.set_symbol(name.value, op.results[0])
    first = _first_llh_op(blocks)
    if first is not None:  # bucket predicates go before everything the lowering emits
        ctx.bucket_anchor = Operation.create(BUCKET_POINT, location=first.location)
        assert first.parent is not None
        first.parent.insert_before(first, ctx.bucket_anchor)
    lowered: list[Operation] = []
    for block in blocks:
        for op in list(block.ops):
            name = op.name
            if op is ctx.bucket_anchor:
                continue
            if name == CAST:
                src = op.inputs[0]  # type: ignore[attr-defined]
                if isinstance(src.type, MemRefType) and isinstance(
                    op.results[0].type, RankedTensorType
                ):
                    ctx.set_buffer(op.results[0], src)
                    lowered.append(op)
                elif isinstance(src.type, RankedTensorType):
                    lowered.append(op)  # tensor -> memref before a return: see _lower_return
                continue
            if name.startswith("llh."):
                if name in _SIDE_RECORDS:
                    lowered.append(op)
                    continue
                if op.results and all(not r.uses for r in op.results):
                    lowered.append(op)  # dead: LLH ops without results in use compute nothing
                    continue
                if ctx.is_fused(op):
                    lowered.append(op)  # computed by an earlier op's lowering (an epilogue)
                    continue
                fn = lookup(name)
                if fn is None:
                    raise lowering_error(op, f"'{name}' op has no lowering to loops")
                ctx.op = op
                ctx.ip = InsertionPoint.before_op(op)
                fn(op, ctx)
                _bind_scalar_symbol(op, ctx)
                lowered.append(op)
                ctx.op = None
                continue
            if name == "func.return":
                _lower_return(op, ctx)
                continue
            for v in op.operands:
                if isinstance(v.type, RankedTensorType):
                    raise lowering_error(
                        op, f"'{name}' op uses a tensor value and has no lowering to loops"
                    )
    # Scalar results still used by non-LLH ops take their lowered values.
    for op in lowered:
        for r in op.results:
            if isinstance(r.type, RankedTensorType):
                continue
            if any(not u.owner.name.startswith("llh.") for u in r.uses):
                ctx.op = op
                r.replace_uses_if(ctx.scalar(r), lambda u: not u.owner.name.startswith("llh."))
    for op in reversed(lowered):
        op.drop_all_references()
    for op in reversed(lowered):
        for r in op.results:
            if r.uses:
                user = next(iter(r.uses)).owner
                raise lowering_error(user, f"'{user.name}' op still uses a lowered LLH value")
        op.detach()
    if ctx.bucket_anchor is not None:
        ctx.bucket_anchor.erase()
    _insert_deallocs(ctx)


BUCKET_POINT = "llh.bucket_point"
"""A placeholder op marking where shape-bucket predicates go (erased after the lowering)."""


def _first_llh_op(blocks: list[Block]) -> Operation | None:
    """The first op to lower (shape-bucket predicates are computed before it)."""
    for block in blocks:
        for op in block.ops:
            if op.name.startswith("llh.") and op.name not in _SIDE_RECORDS:
                return op
    return None


def _bind_scalar_symbol(op: Operation, ctx: LoweringContext) -> None:
    """An integer LLH scalar naming a symbol (`symbol = @s3`) not computed at the entry gives
    that symbol's value to the rest of the function (sizes known only from integers)."""
    sym = op.properties.get("symbol")
    if not isinstance(sym, SymbolRefAttr) or len(op.results) != 1:
        return
    r = op.results[0]
    if not isinstance(r.type, IntegerType) or ctx.determined(sym.root):
        return
    ctx.set_symbol(sym.root, ctx.index_of(r))


def _lower_return(op: Operation, ctx: LoweringContext) -> None:
    """Each returned tensor becomes a buffer the caller owns: the result buffer itself when it
    is a temporary returned once (identity layout), else a copy."""
    ctx.op = op
    ctx.ip = InsertionPoint.before_op(op)
    for i, v in enumerate(op.operands):
        owner = v.owner
        if not (isinstance(owner, Operation) and owner.name == CAST):
            continue
        t = owner.inputs[0]  # type: ignore[attr-defined]
        if not isinstance(t.type, RankedTensorType):
            continue
        m = ctx.buffer(t)
        root = ctx.root_of(m)
        want = memref_type_of(t.type)
        if root in ctx.temporaries and root not in ctx.returned and m.type is want:
            ctx.returned.add(root)
            op.set_operand(i, m)
            continue
        fresh = ctx.alloc(want, ctx.dims(t), temporary=False)
        ctx.copy(m, fresh)
        op.set_operand(i, fresh)
    ctx.op = None


def _insert_deallocs(ctx: LoweringContext) -> None:
    """`memref.dealloc` of every temporary not returned, after the last top-level op that uses
    it or one of its views."""
    aliases = ctx.views()
    for root in ctx.temporaries:
        if root in ctx.returned:
            continue
        owner = root.owner
        assert isinstance(owner, Operation)
        block = owner.parent
        assert block is not None
        last: Operation = owner
        for m in aliases.get(root, [root]):
            for u in m.uses:
                top = _top_level(u.owner, block)
                if top.parent is block and last.is_before_in_block(top):
                    last = top
        if last.name == "func.return":
            continue
        dealloc = Operation.create("memref.dealloc", (root,), (), location=owner.location)
        block.insert_after(last, dealloc)


def _strip_symbols(module: Operation) -> None:
    body = module.regions[0].blocks[0]
    for op in list(body.ops):
        if op.name in _SIDE_RECORDS:
            op.erase()
        elif op.name == "builtin.module":
            n = op.properties.get("sym_name")
            if isinstance(n, StringAttr) and n.value == "__symbol__":
                op.erase()


def convert_module(module: Operation) -> None:
    """Stages 1 and 2 on every public function of `module`."""
    sa = _analysis(module)
    bufferize_module(module, sa)
    for f in public_functions(module):
        convert_function(f, sa)
    _strip_symbols(module)
    from llh_opt.symbolic.analysis import SymbolAnalysis

    SymbolAnalysis.clear(module)


# --------------------------------------------------------------------------- passes


@register_pass
class LLHBufferizePass(Pass):
    NAME = "llh-bufferize"
    SUMMARY = "Bufferize LLH entry functions: memref signatures, symbol values, shape checks"
    DESCRIPTION = (
        "Tensor arguments and results of public functions become identity-layout memrefs "
        "(casts back to tensors inside); the entry reads each free symbol once, computes each "
        "derived symbol once and checks the inputs (llh.shape_checks, llh_shape_error)."
    )
    ANCHOR = "builtin.module"
    __slots__ = ()

    def run(self, op: Operation, ctx: PassContext) -> None:
        bufferize_module(op, _analysis(op))


@register_pass
class ConvertLLHToLoopsPass(Pass):
    NAME = "convert-llh-to-loops"
    SUMMARY = "Lower LLH ops to scf/memref/arith/math loop nests over buffers"
    DESCRIPTION = (
        "Bufferizes what is not yet bufferized, then lowers every LLH op of each public function "
        "to loops; results are fresh buffers owned by the caller, temporaries are deallocated "
        "after their last use."
    )
    ANCHOR = "builtin.module"
    __slots__ = ()

    def run(self, op: Operation, ctx: PassContext) -> None:
        convert_module(op)


def _has_private_tensor_functions(module: Operation) -> bool:
    from llh_opt.lowering.bufferize import is_tensor_function

    for op in module.regions[0].blocks[0].ops:
        if op.name == "func.func" and op.regions and op.regions[0].blocks:
            vis = op.properties.get("sym_visibility")
            if isinstance(vis, StringAttr) and vis.value == "private" and is_tensor_function(op):
                return True
    return False


def _has_symbols(module: Operation) -> bool:
    for op in module.regions[0].blocks[0].ops:
        if op.name == "llh.symbolic_int":
            return True
    return False


@register_pass
class LowerToLLVMPass(Pass):
    NAME = "lower-to-llvm"
    SUMMARY = "LLH to the loop-level module: infer shapes, load weights, canonicalize, lower"
    DESCRIPTION = (
        "Runs inline and symbol-dce (when private functions take tensors), "
        "infer-symbolic-shape (when the module has no symbols yet), load-weight, "
        "fold-batch-norm, canonicalize, llh-bufferize and convert-llh-to-loops. The CLI then "
        "translates the loop-level module (--emit)."
    )
    ANCHOR = "builtin.module"
    OPTIONS = {
        "weight-dir": PassOption(
            str, "", "Directory relative weight_file paths are resolved against",
            value_name="string",
        ),
    }  # fmt: skip
    __slots__ = ()

    def run(self, op: Operation, ctx: PassContext) -> None:
        if _has_private_tensor_functions(op):
            create_pass("inline").run(op, ctx)
            create_pass("symbol-dce").run(op, ctx)
        if not _has_symbols(op):
            create_pass("infer-symbolic-shape").run(op, ctx)
        wd = self.options["weight-dir"]
        create_pass("load-weight", f"weight-dir={wd}" if wd else None).run(op, ctx)
        create_pass("fold-batch-norm").run(op, ctx)
        create_pass("canonicalize").run(op, ctx)
        convert_module(op)
