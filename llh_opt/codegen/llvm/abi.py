"""The C ABI of a translated module: entry wrappers, the shape-error runtime, the manifest.

For each public function `f` (whose translated core is internal, with exploded memref arguments):
* `void _mlir_ciface_f([R *result,] D0 *arg0, ..., scalars by value)` — MLIR's C interface: each
  memref argument is a pointer to its descriptor; a single scalar result is returned by value,
  anything else (a memref, several results packed in a struct) is written through `result`;
* `int32_t f_status([R *result,] args...)` — the same call returning 0, or 1 when an input shape
  check failed (the outputs are then empty buffers; still free them).
Shape errors: the lowering calls `llh_shape_error(i32 id, i64 expected, i64 actual)`, defined here
(internal to each object) to record the first error of the call in a thread-local state; the
state and `const char *llh_last_error(void)` are weak, so objects of several models link together.
`const char *llh_manifest(void)` returns the JSON signatures of the object's entries (weak: with
several models in one library, one of them), `__llh_signature_<f>()` those of entry `f` (`load()`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llvmlite import ir

from llh_opt.codegen.llvm.descriptor import ALIGNED, ALLOCATED, OFFSET, SIZES, STRIDES
from llh_opt.codegen.llvm.signature import manifest_json, signature_of
from llh_opt.codegen.llvm.types import (
    I8,
    I32,
    I64,
    PTR,
    VOID,
    descriptor_type,
    global_variable,
    llvm_type,
)
from llh_opt.ir.types import MemRefType

if TYPE_CHECKING:
    from llh_opt.codegen.llvm.translator import FunctionInfo, ModuleTranslator

STATE = "llh_error_state"
MESSAGE = "llh_error_message"
LAST_ERROR = "llh_last_error"
MANIFEST = "llh_manifest"
SIGNATURE = "__llh_signature_"
MESSAGE_BYTES = 512
# {ptr table (null: no error), i64 table length, i64 id, i64 expected, i64 actual}
STATE_TYPE = ir.LiteralStructType([PTR, I64, I64, I64, I64])


class _Global(ir.GlobalVariable):
    """A global that may be `thread_local` (llvmlite has no flag for it)."""

    thread_local = False

    def descr(self, buf: list[str]) -> None:
        start = len(buf)
        super().descr(buf)
        if self.thread_local:
            for i in range(start, len(buf)):
                if buf[i].startswith(("global ", "constant ")):
                    buf.insert(i, "thread_local ")
                    break


def _cstring(module: ir.Module, name: str, text: str) -> ir.GlobalVariable:
    data = bytearray(text.encode("utf-8") + b"\0")
    gv = global_variable(module, ir.ArrayType(I8, len(data)), name)
    gv.global_constant = True
    gv.linkage = "private"
    gv.unnamed_addr = True
    gv.initializer = ir.Constant(ir.ArrayType(I8, len(data)), data)
    return gv


class ErrorRuntime:
    """The thread-local shape-error state and the functions reading and writing it."""

    def __init__(self, mt: ModuleTranslator) -> None:
        self.mt = mt
        module = mt.module
        self.state = global_variable(module, STATE_TYPE, STATE, _Global)
        self.state.linkage = "weak"
        self.state.thread_local = mt.tls
        self.state.initializer = ir.Constant(STATE_TYPE, None)
        self._shape_error: ir.Function | None = None

    def field(self, b: ir.IRBuilder, i: int) -> ir.Value:
        if i == 0:
            return self.state
        return b.gep(
            self.state, [ir.Constant(I32, 0), ir.Constant(I32, i)], source_etype=STATE_TYPE
        )

    def emit_reset(self, b: ir.IRBuilder) -> None:
        """Clear the error state (at the start of each call of an entry)."""
        b.store(ir.Constant(PTR, None), self.field(b, 0))

    def shape_error_function(self) -> ir.Function:
        if self._shape_error is None:
            fn = ir.Function(
                self.mt.module, ir.FunctionType(VOID, [I32, I64, I64]), name="llh_shape_error"
            )
            fn.linkage = "internal"
            for a, n in zip(fn.args, ("id", "expected", "actual")):
                a.name = n
            self._shape_error = fn
        return self._shape_error

    def finish(self) -> None:
        """Define `llh_shape_error` (when used), `llh_last_error` and `llh_manifest`."""
        module = self.mt.module
        checks = self.mt.shape_checks
        strings = [_cstring(module, f"__llh_check_{i}", s) for i, s in enumerate(checks)]
        table_t = ir.ArrayType(PTR, len(strings))
        table = global_variable(module, table_t, "__llh_shape_checks")
        table.global_constant = True
        table.linkage = "internal"
        table.initializer = ir.Constant(table_t, strings)
        if self._shape_error is not None:
            fn = self._shape_error
            b = ir.IRBuilder(fn.append_basic_block("entry"))
            first = fn.append_basic_block("first")
            done = fn.append_basic_block("done")
            cur = b.load(self.field(b, 0), typ=PTR)
            b.cbranch(b.icmp_unsigned("==", cur, ir.Constant(PTR, None)), first, done)
            b.position_at_end(first)
            b.store(table, self.field(b, 0))
            b.store(ir.Constant(I64, len(strings)), self.field(b, 1))
            b.store(b.sext(fn.args[0], I64), self.field(b, 2))
            b.store(fn.args[1], self.field(b, 3))
            b.store(fn.args[2], self.field(b, 4))
            b.branch(done)
            b.position_at_end(done)
            b.ret_void()
        self._define_last_error()
        self._define_manifest()

    def _define_last_error(self) -> None:
        module = self.mt.module
        msg_t = ir.ArrayType(I8, MESSAGE_BYTES)
        msg = global_variable(module, msg_t, MESSAGE, _Global)
        msg.linkage = "weak"
        msg.thread_local = self.mt.tls
        msg.initializer = ir.Constant(msg_t, None)
        fmt = _cstring(module, "__llh_fmt_named", "%s: expected %lld, got %lld")
        fmt_id = _cstring(module, "__llh_fmt_id", "shape check %lld: expected %lld, got %lld")
        empty = _cstring(module, "__llh_empty", "")
        snprintf = module.globals.get("snprintf")
        if snprintf is None:
            snprintf = ir.Function(
                module, ir.FunctionType(I32, [PTR, I64, PTR], var_arg=True), name="snprintf"
            )
        fn = ir.Function(module, ir.FunctionType(PTR, []), name=LAST_ERROR)
        fn.linkage = "weak"
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        none = fn.append_basic_block("none")
        some = fn.append_basic_block("some")
        named = fn.append_basic_block("named")
        numbered = fn.append_basic_block("numbered")
        table = b.load(self.field(b, 0), typ=PTR)
        b.cbranch(b.icmp_unsigned("==", table, ir.Constant(PTR, None)), none, some)
        b.position_at_end(none)
        b.ret(empty)
        b.position_at_end(some)
        count = b.load(self.field(b, 1), typ=I64)
        ident = b.load(self.field(b, 2), typ=I64)
        expected = b.load(self.field(b, 3), typ=I64)
        actual = b.load(self.field(b, 4), typ=I64)
        size = ir.Constant(I64, MESSAGE_BYTES)
        in_range = b.and_(
            b.icmp_signed(">=", ident, ir.Constant(I64, 0)), b.icmp_signed("<", ident, count)
        )
        b.cbranch(in_range, named, numbered)
        b.position_at_end(named)
        entry = b.load(b.gep(table, [ident], source_etype=PTR), typ=PTR)
        b.call(snprintf, [msg, size, fmt, entry, expected, actual])
        b.ret(msg)
        b.position_at_end(numbered)
        b.call(snprintf, [msg, size, fmt_id, ident, expected, actual])
        b.ret(msg)

    def _define_manifest(self) -> None:
        module = self.mt.module
        sigs = [
            signature_of(info.op)
            for info in self.mt.functions.values()
            if info.public and not info.declaration
        ]
        checks = len(self.mt.shape_checks)
        text = _cstring(module, "__llh_manifest_text", manifest_json(sigs, checks))
        fn = ir.Function(module, ir.FunctionType(PTR, []), name=MANIFEST)
        fn.linkage = "weak"
        ir.IRBuilder(fn.append_basic_block("entry")).ret(text)
        # Per entry (strong symbols): found by name when several models share one library.
        for sig in sigs:
            one = _cstring(module, f"__llh_signature_text_{sig.name}", manifest_json([sig], checks))
            fn = ir.Function(module, ir.FunctionType(PTR, []), name=f"{SIGNATURE}{sig.name}")
            ir.IRBuilder(fn.append_basic_block("entry")).ret(one)


def ciface_param_types(info: FunctionInfo) -> tuple[ir.Type, list[ir.Type], bool]:
    """(return type, parameter types, has result pointer) of `_mlir_ciface_<name>`."""
    results = info.type.results
    direct = len(results) == 1 and not isinstance(results[0], MemRefType)
    params: list[ir.Type] = [] if direct or not results else [PTR]
    for t in info.type.inputs:
        params.append(PTR if isinstance(t, MemRefType) else llvm_type(t))
    ret = llvm_type(results[0]) if direct else VOID
    return ret, params, bool(results) and not direct


def emit_entry_wrappers(mt: ModuleTranslator, info: FunctionInfo) -> None:
    ret, params, result_ptr = ciface_param_types(info)
    module = mt.module
    ciface = ir.Function(module, ir.FunctionType(ret, params), name=f"_mlir_ciface_{info.name}")
    _name_wrapper_args(ciface, info, result_ptr)
    _c_extensions(ciface)
    b = ir.IRBuilder(ciface.append_basic_block("entry"))
    args = list(ciface.args)
    out_ptr = args.pop(0) if result_ptr else None
    core_args: list[Any] = []
    for t, a in zip(info.type.inputs, args):
        if isinstance(t, MemRefType):
            rank = len(t.shape)
            d = b.load(a, typ=descriptor_type(rank))
            core_args += [b.extract_value(d, ALLOCATED), b.extract_value(d, ALIGNED)]
            core_args.append(b.extract_value(d, OFFSET))
            core_args += [b.extract_value(d, [SIZES, i]) for i in range(rank)]
            core_args += [b.extract_value(d, [STRIDES, i]) for i in range(rank)]
        else:
            core_args.append(a)
    res = b.call(info.fn, core_args)
    if out_ptr is not None:
        b.store(res, out_ptr)
        b.ret_void()
    elif ret is VOID:
        b.ret_void()
    else:
        b.ret(res)

    # `<name>_status`: result pointer first whenever there are results (scalars too).
    results = info.type.results
    status_params = ([PTR] if results else []) + [
        PTR if isinstance(t, MemRefType) else llvm_type(t) for t in info.type.inputs
    ]
    status = ir.Function(module, ir.FunctionType(I32, status_params), name=f"{info.name}_status")
    _name_wrapper_args(status, info, bool(results))
    _c_extensions(status)
    b = ir.IRBuilder(status.append_basic_block("entry"))
    sargs = list(status.args)
    rt = mt.error_runtime
    rt.emit_reset(b)
    if results and not result_ptr:
        out = sargs[0]
        val = b.call(ciface, sargs[1:])
        b.store(val, out)
    else:
        b.call(ciface, sargs)
    table = b.load(rt.field(b, 0), typ=PTR)
    failed = b.icmp_unsigned("!=", table, ir.Constant(PTR, None))
    b.ret(b.zext(failed, I32))


def _c_extension(t: ir.Type) -> str | None:
    """C passes bool zero-extended and small signed integers sign-extended (as clang marks)."""
    if isinstance(t, ir.IntType) and t.width < 32:
        return "zeroext" if t.width == 1 else "signext"
    return None


def _c_extensions(fn: ir.Function) -> None:
    ext = _c_extension(fn.function_type.return_type)
    if ext:
        fn.return_value.add_attribute(ext)
    for a in fn.args:
        ext = _c_extension(a.type)
        if ext:
            a.add_attribute(ext)


def _name_wrapper_args(fn: ir.Function, info: FunctionInfo, result_ptr: bool) -> None:
    args = list(fn.args)
    if result_ptr:
        args.pop(0).name = "result"
    for i, a in enumerate(args):
        a.name = f"arg{i}"


__all__ = ["ErrorRuntime", "ciface_param_types", "emit_entry_wrappers"]
