"""The translation driver: a loop-level `builtin.module` → an llvmlite `ir.Module`.

`ModuleTranslator` walks the module's symbols (functions, globals) and hands each op of a function
body to the handler registered for its name (``ops_*.py`` register them in `HANDLERS`).
`FunctionTranslator` holds the per-function state: the SSA value map, the builder, the blocks of a
CFG region, and helpers the handlers share (constants, runtime calls, inline regions).
What does not live here: op semantics (``ops_*.py``), the C ABI wrappers and shape-error runtime
(``abi.py``), constant data (``globals.py``), LLVM optimization and emission (``target.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from llvmlite import ir

from llh_opt.codegen.llvm.errors import TranslationError
from llh_opt.codegen.llvm.options import TargetOptions
from llh_opt.codegen.llvm.types import (
    I64,
    PTR,
    UnsupportedType,
    core_function_type,
    llvm_type,
)
from llh_opt.ir.core import Block, Operation, Region, Value
from llh_opt.ir.types import FunctionType, MemRefType, Type

Handler = Callable[[Operation, "FunctionTranslator"], None]

HANDLERS: dict[str, Handler] = {}
"""Op name → translation function; filled by the ``ops_*`` modules."""

# Ops that only annotate the IR for the symbolic engine; they have no run-time meaning.
ANNOTATION_OPS = frozenset(
    {
        "llh.symbolic_int",
        "llh.symbol_relation",
        "llh.symbol_binary_relation",
        "llh.symbol_relation_map",
        "llh.symbol_bind",
        "llh.encoding_bind",
    }
)

SHAPE_ERROR_FN = "llh_shape_error"


def handles(*names: str) -> Callable[[Handler], Handler]:
    """Register a translation function for the ops `names`."""

    def deco(fn: Handler) -> Handler:
        for n in names:
            HANDLERS[n] = fn
        return fn

    return deco


def segments(op: Operation, n: int) -> list[int]:
    """The `n` sizes of `op`'s `operandSegmentSizes` (the operand groups of a variadic op)."""
    seg = op.properties.get("operandSegmentSizes") or op.attributes.get("operandSegmentSizes")
    values = getattr(seg, "values", None)
    if values is None or len(values) != n:
        raise TranslationError(op, "has no valid 'operandSegmentSizes'")
    return list(values)


def _load_handlers() -> None:
    # Imported for their registrations.
    from llh_opt.codegen.llvm import (  # noqa: F401
        ops_arith,
        ops_func_cf,
        ops_index,
        ops_math,
        ops_memref,
        ops_scf,
        ops_vector,
    )


class FunctionInfo:
    """One translated `func.func`: its LLVM function and MLIR signature."""

    __slots__ = ("op", "name", "type", "fn", "public", "declaration")

    def __init__(self, op: Operation, name: str, type: FunctionType, fn: ir.Function) -> None:
        self.op = op
        self.name = name
        self.type = type
        self.fn = fn
        vis = op.properties.get("sym_visibility")
        self.public = vis is None or getattr(vis, "value", "public") == "public"
        self.declaration = not op.regions or not op.regions[0].blocks


class ModuleTranslator:
    """Translates one loop-level module. `translate()` fills `self.module` (an `ir.Module`)."""

    def __init__(
        self, module: Operation, options: TargetOptions | None = None, *, tls: bool = True
    ) -> None:
        from llh_opt.codegen.llvm.globals import GlobalTable

        _load_handlers()
        self.options = options if options is not None else TargetOptions()
        self.mlir_module = module
        self.module = ir.Module(name="llh")
        self.functions: dict[str, FunctionInfo] = {}
        self.globals = GlobalTable(self)
        self.tls = tls
        self._runtime_decls: dict[str, ir.Function] = {}
        self._intrinsics: dict[tuple[str, tuple[str, ...]], ir.Function] = {}
        self.shape_checks: list[str] = self._read_shape_checks()
        self.error_runtime: Any = None
        # Outlined `scf.parallel` bodies (ops_scf.py) and the thread pool entry (threadpool.py).
        self.outlined = 0
        self.pool: ir.Function | None = None

    # ------------------------------------------------------------------ module level

    def _read_shape_checks(self) -> list[str]:
        attr = self.mlir_module.get_attr("llh.shape_checks")
        if attr is None:
            return []
        items = getattr(attr, "value", None)
        if not isinstance(items, tuple):
            raise TranslationError(
                self.mlir_module, "'llh.shape_checks' must be an array of strings"
            )
        out = []
        for a in items:
            s = getattr(a, "value", None)
            if not isinstance(s, str):
                raise TranslationError(
                    self.mlir_module, "'llh.shape_checks' must be an array of strings"
                )
            out.append(s)
        return out

    def top_level_ops(self) -> list[Operation]:
        if self.mlir_module.name != "builtin.module":
            raise TranslationError(self.mlir_module, "expected a 'builtin.module' to translate")
        ops = []
        for region in self.mlir_module.regions:
            for block in region.blocks:
                for op in block.ops:
                    if op.name in ANNOTATION_OPS:
                        continue
                    if op.name == "builtin.module":
                        sym = op.get_attr("sym_name")
                        if sym is not None and getattr(sym, "value", "") == "__symbol__":
                            continue
                    ops.append(op)
        return ops

    def translate(self) -> ir.Module:
        from llh_opt.codegen.llvm.abi import ErrorRuntime, emit_entry_wrappers

        ops = self.top_level_ops()
        self.error_runtime = ErrorRuntime(self)
        for op in ops:
            if op.name == "memref.global":
                self.globals.declare(op)
            elif op.name == "func.func":
                self._declare_function(op)
            else:
                raise TranslationError(op, "cannot be translated to LLVM IR at module level")
        for info in self.functions.values():
            if not info.declaration:
                FunctionTranslator(self, info).translate_body()
        self.error_runtime.finish()
        for info in list(self.functions.values()):
            if info.public and not info.declaration:
                emit_entry_wrappers(self, info)
        return self.module

    def _declare_function(self, op: Operation) -> None:
        name = op.properties["sym_name"].value  # type: ignore[attr-defined]
        ftype = op.properties["function_type"].type  # type: ignore[attr-defined]
        if name in self.functions:
            raise TranslationError(op, f"redefinition of symbol '{name}'")
        if name == SHAPE_ERROR_FN:
            # The shape-error hook is defined by the translator itself (see abi.ErrorRuntime).
            fn = self.error_runtime.shape_error_function()
            info = FunctionInfo(op, name, ftype, fn)
            info.declaration = True
            info.public = False
            self.functions[name] = info
            return
        try:
            fty = core_function_type(ftype)
        except UnsupportedType as e:
            raise TranslationError(op, f"cannot be translated to LLVM IR: {e}") from None
        fn = ir.Function(self.module, fty, name=name)
        name_arguments(fn, ftype)
        info = FunctionInfo(op, name, ftype, fn)
        if not info.declaration:
            # Exported symbols are the C-interface wrappers; the core keeps its MLIR name inside.
            fn.linkage = "internal"
        self.functions[name] = info

    # ------------------------------------------------------------------ runtime declarations

    def runtime_function(self, name: str, ret: ir.Type, args: Sequence[ir.Type]) -> ir.Function:
        """A C library function (malloc, free, memcpy, libm), declared once."""
        fn = self._runtime_decls.get(name)
        if fn is None:
            existing = self.module.globals.get(name)
            if isinstance(existing, ir.Function):
                fn = existing
            else:
                fn = ir.Function(self.module, ir.FunctionType(ret, list(args)), name=name)
            self._runtime_decls[name] = fn
        return fn

    def intrinsic(self, name: str, ret: ir.Type, args: Sequence[ir.Type]) -> ir.Function:
        """`llvm.<name>.<overload types>` declared once."""
        suffix = tuple(_intrinsic_suffix(t) for t in _overload_types(name, ret, args))
        key = (name, suffix)
        fn = self._intrinsics.get(key)
        if fn is None:
            full = "llvm." + name + "".join("." + s for s in suffix)
            fn = self.module.globals.get(full)
            if fn is None:
                fn = ir.Function(self.module, ir.FunctionType(ret, list(args)), name=full)
            self._intrinsics[key] = fn
        return fn


def name_arguments(fn: ir.Function, ftype: FunctionType, first: int = 0) -> None:
    """`%arg0`, or `%arg0.allocated`, `.aligned`, `.offset`, `.size0`, `.stride0` for a memref."""
    args = iter(fn.args[first:])
    for i, t in enumerate(ftype.inputs):
        if isinstance(t, MemRefType):
            rank = len(t.shape)
            fields = ["allocated", "aligned", "offset"]
            fields += [f"size{k}" for k in range(rank)] + [f"stride{k}" for k in range(rank)]
            for f in fields:
                next(args).name = f"arg{i}.{f}"
        else:
            next(args).name = f"arg{i}"


def _overload_types(name: str, ret: ir.Type, args: Sequence[ir.Type]) -> list[ir.Type]:
    if name in ("memcpy", "memmove"):
        return [PTR, PTR, I64]
    if name == "memset":
        return [PTR, I64]
    if name in ("powi",):
        return [ret, args[1]]
    if name in ("stacksave", "stackrestore"):
        return [PTR]
    if name.startswith("vector.reduce."):
        return [args[-1]]
    return [ret]


def _intrinsic_suffix(t: ir.Type) -> str:
    if isinstance(t, ir.VectorType):
        return f"v{t.count}{_intrinsic_suffix(t.element)}"
    if isinstance(t, ir.PointerType):
        return "p0"
    if isinstance(t, ir.IntType):
        return f"i{t.width}"
    return t.intrinsic_name


class FunctionTranslator:
    """Translates the body of one function; handlers call its helpers."""

    __slots__ = ("mt", "info", "fn", "b", "values", "blocks", "phis", "entry_builder", "serial")

    def __init__(self, mt: ModuleTranslator, info: FunctionInfo) -> None:
        self.mt = mt
        self.info = info
        self.fn = info.fn
        self.b = ir.IRBuilder()
        self.values: dict[Value, Any] = {}
        self.blocks: dict[Block, ir.Block] = {}
        self.phis: dict[Block, list[ir.PhiInstr]] = {}
        self.entry_builder: ir.IRBuilder | None = None
        # True in the outlined body of a parallel loop: nested `scf.parallel` runs serially.
        self.serial = False

    # ------------------------------------------------------------------ values

    def get(self, v: Value) -> Any:
        try:
            return self.values[v]
        except KeyError:
            owner = v.owner
            op = owner if isinstance(owner, Operation) else self.info.op
            raise TranslationError(op, "uses a value that was not translated") from None

    def operands(self, op: Operation) -> list[Any]:
        return [self.get(v) for v in op.operands]

    def bind(self, v: Value, llv: Any) -> None:
        self.values[v] = llv

    def bind_results(self, op: Operation, values: Sequence[Any]) -> None:
        for r, v in zip(op.results, values):
            self.values[r] = v

    def type_of(self, op: Operation, t: Type) -> ir.Type:
        try:
            return llvm_type(t)
        except UnsupportedType as e:
            raise TranslationError(op, f"cannot be translated to LLVM IR: {e}") from None

    # ------------------------------------------------------------------ body

    def translate_body(self) -> None:
        op = self.info.op
        region = op.regions[0]
        entry = region.blocks[0]
        # "entry" holds the stack slots only (`entry_alloca`) and falls through to the body, so
        # inserting a slot never moves the main builder's insertion point.
        allocas = self.fn.append_basic_block("entry")
        llbody = self.fn.append_basic_block("body")
        self.entry_builder = ir.IRBuilder(allocas)
        self.b.position_at_end(llbody)
        self._bind_entry_arguments(entry)
        if self.mt.shape_checks and self.info.public:
            self.mt.error_runtime.emit_reset(self.b)
        self.translate_cfg_region(region, llbody)
        self.entry_builder.branch(llbody)

    def _bind_entry_arguments(self, entry: Block) -> None:
        from llh_opt.codegen.llvm.descriptor import build_descriptor

        params = list(self.fn.args)
        pos = 0
        for arg in entry.args:
            t = arg.type
            if isinstance(t, MemRefType):
                rank = len(t.shape)
                fields = params[pos : pos + 3 + 2 * rank]
                pos += 3 + 2 * rank
                d = build_descriptor(
                    self.b,
                    rank,
                    fields[0],
                    fields[1],
                    fields[2],
                    fields[3 : 3 + rank],
                    fields[3 + rank :],
                )
                self.bind(arg, d)
            else:
                self.bind(arg, params[pos])
                pos += 1

    def translate_cfg_region(self, region: Region, first: ir.Block) -> None:
        """A multi-block region (a function body): blocks in reverse post-order so definitions
        are translated before their uses; block arguments become phis."""
        order = _reverse_post_order(region)
        reachable = set(order)
        # LLVM blocks follow the region's order (readable output); translation follows RPO.
        for blk in region.blocks:
            if blk not in reachable:
                continue
            if blk is region.blocks[0]:
                self.blocks[blk] = first
                continue
            llb = self.fn.append_basic_block(f"bb{region.blocks.index(blk)}")
            self.blocks[blk] = llb
            b = ir.IRBuilder(llb)
            phis = []
            for a in blk.args:
                phi = b.phi(self.type_of(self.info.op, a.type))
                self.bind(a, phi)
                phis.append(phi)
            self.phis[blk] = phis
        for blk in order:
            self.b.position_at_end(self.blocks[blk])
            self.translate_ops(blk)
        # Blocks unreachable from the entry are not translated (MLIR drops them as well).

    def branch_to(self, target: Block, args: Sequence[Any]) -> None:
        """Record the incoming values of `target`'s phis from the current block."""
        for phi, v in zip(self.phis.get(target, ()), args):
            phi.add_incoming(v, self.b.block)

    def llvm_block(self, op: Operation, target: Block) -> ir.Block:
        llb = self.blocks.get(target)
        if llb is None:
            raise TranslationError(op, "branches to a block outside its region")
        return llb

    def translate_ops(self, block: Block, stop_at_terminator: bool = False) -> Operation | None:
        """Translate the ops of `block` in order. With `stop_at_terminator`, the terminator is not
        translated but returned (structured regions: the parent reads its operands)."""
        op = block.first
        while op is not None:
            if stop_at_terminator and op is block.last:
                return op
            self.translate_op(op)
            op = op.next
        return None

    def translate_op(self, op: Operation) -> None:
        handler = HANDLERS.get(op.name)
        if handler is None:
            if op.name in ANNOTATION_OPS:
                return
            hint = " (lower it first: --lower-to-llvm)" if op.dialect in ("llh", "tensor") else ""
            raise TranslationError(
                op, f"cannot be translated to LLVM IR: unsupported operation{hint}"
            )
        handler(op, self)

    def inline_region(self, op: Operation, region: Region, args: Sequence[Any]) -> Operation:
        """Translate a single-block region in place with its arguments bound to `args`; returns
        its terminator (not translated)."""
        if len(region.blocks) != 1:
            raise TranslationError(op, "expects single-block regions")
        blk = region.blocks[0]
        if len(blk.args) != len(args):
            raise TranslationError(op, "region argument count does not match")
        for a, v in zip(blk.args, args):
            self.bind(a, v)
        term = self.translate_ops(blk, stop_at_terminator=True)
        if term is None:
            raise TranslationError(op, "region has no terminator")
        return term

    # ------------------------------------------------------------------ helpers for handlers

    def entry_alloca(self, t: ir.Type, name: str = "") -> ir.Value:
        """A stack slot in the function's entry block (so loops do not grow the stack)."""
        eb = self.entry_builder
        assert eb is not None
        return eb.alloca(t, name=name)

    def call_runtime(self, name: str, ret: ir.Type, args: Sequence[Any]) -> Any:
        fn = self.mt.runtime_function(name, ret, [a.type for a in args])
        return self.b.call(fn, list(args))

    def call_intrinsic(self, name: str, ret: ir.Type, args: Sequence[Any]) -> Any:
        fn = self.mt.intrinsic(name, ret, [a.type for a in args])
        return self.b.call(fn, list(args))


def _reverse_post_order(region: Region) -> list[Block]:
    entry = region.blocks[0]
    seen = {entry}
    post: list[Block] = []
    stack: list[tuple[Block, Any]] = [(entry, iter(entry.successors()))]
    while stack:
        blk, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            stack.pop()
            post.append(blk)
        elif nxt not in seen:
            seen.add(nxt)
            stack.append((nxt, iter(nxt.successors())))
    post.reverse()
    return post


__all__ = [
    "ANNOTATION_OPS",
    "HANDLERS",
    "FunctionInfo",
    "FunctionTranslator",
    "ModuleTranslator",
    "handles",
]
