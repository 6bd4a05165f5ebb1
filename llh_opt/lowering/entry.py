"""The entry prologue of a bufferized function: symbol values and input shape checks.

``emit_entry(func, arg_types, ctx)`` runs once per public function, after ``bufferize.py``
retyped its tensor arguments to memrefs (``arg_types`` are the original tensor types, with their
``#llh.encoding``). At the top of the entry block it emits:

* for each free symbol (a class whose value is not an expression of others), one
  ``memref.dim %argI, %cD`` at the first input dimension that carries it (or an
  ``arith.index_cast`` of an integer argument bound to it with ``func.symbol_int``);
* for each derived symbol used in the function, its defining expression over the free symbols
  (``SymbolAnalysis.expr_of``) with ``arith`` ops: ``+ - *``, ``floordiv`` → ``arith.floordivsi``,
  ``ceildiv`` → ``arith.ceildivsi``, ``mod`` → ``arith.remsi``; common sub-expressions are
  computed once;
* every op whose result is a symbol's value carries ``{llh.symbol = ["s1", ...]}`` so the next
  stage (``convert-llh-to-loops``) finds the values without recomputing them (the attribute is
  removed there);
* the shape checks of the lowering contract: for every other input dimension (a static size, or
  a symbol already known), ``%bad = arith.cmpi ne, %actual, %expected`` and
  ``scf.if %bad { func.call @llh_shape_error(%id, %expected, %actual) }``; the module attribute
  ``llh.shape_checks`` lists the description of each check id ("argument 0 dimension 3 (symbol
  s1)"); the OR of all ``%bad`` branches with ``cf.cond_br`` to a block that returns zero-sized
  buffers (``^fail``) or to the body;
* one more check per recorded equation between sizes that the inputs decide (e.g. a flattened
  ``128 * s3 * s3`` equated with a linear weight's 100352): "size relation <lhs> = <rhs>";
* a bound check (``arith.cmpi slt``) per constant start/end of a ``slice``/``stride_slice`` and
  constant index of an ``extract`` on a dynamic dimension: the shape rules assume those in
  range, so a smaller input is an error, not an out-of-bounds read.

What does not live here: the signature change and casts (``bufferize.py``), op lowerings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import sympy
from sympy import Add, Mul, Pow

from llh_opt.ir.attributes import ArrayAttr, StringAttr, TypeAttr
from llh_opt.ir.core import Block, Operation, Value, module_body
from llh_opt.ir.types import (
    DYNAMIC,
    FloatType,
    FunctionType,
    IntegerType,
    MemRefType,
    RankedTensorType,
    Type,
    i32,
    i64,
    index,
)
from llh_opt.lowering.context import SYMBOL_ATTR, InsertionPoint, LoweringContext
from llh_opt.symbolic.analysis import encoding_of
from llh_opt.symbolic.expressions import CeilDiv, FloorDiv, Mod, expr_str

__all__ = ["SHAPE_CHECKS_ATTR", "SHAPE_ERROR_FN", "emit_entry", "used_symbols"]

SHAPE_CHECKS_ATTR = "llh.shape_checks"
SHAPE_ERROR_FN = "llh_shape_error"


class _Undetermined(Exception):
    pass


def used_symbols(func: Operation, arg_types: Sequence[Type]) -> list[str]:
    """Symbol names in the encodings of the function's argument types and of every value
    defined in it, in order of first appearance."""
    seen: dict[str, None] = {}

    def add(t: Type) -> None:
        syms = encoding_of(t)
        if syms:
            for s in syms:
                seen.setdefault(s, None)

    for t in arg_types:
        add(t)
    for op in func.walk():
        if op is func:
            continue
        for r in op.results:
            add(r.type)
        for region in op.regions:
            for block in region.blocks:
                for a in block.args:
                    add(a.type)
    return list(seen)


class _ExprEmitter:
    """sympy expressions over free-symbol atoms → `index` SSA values, memoized."""

    __slots__ = ("ctx", "env", "memo")

    def __init__(self, ctx: LoweringContext) -> None:
        self.ctx = ctx
        self.env: dict[sympy.Expr, Value] = {}
        self.memo: dict[sympy.Expr, Value] = {}

    def emit(self, e: sympy.Expr) -> Value:
        v = self.memo.get(e)
        if v is not None:
            return v
        ctx = self.ctx
        if e.is_Integer:
            return ctx.c(int(e))
        if e.is_Symbol:
            v = self.env.get(e)
            if v is None:
                raise _Undetermined(str(e))
            return v
        func = e.func
        if func is Add:
            pos = [a for a in e.args if not _negated(a)]
            neg = [_negate(a) for a in e.args if _negated(a)]
            acc = self.emit(pos[0]) if pos else ctx.c(0)
            for a in pos[1:]:
                acc = ctx.addi(acc, self.emit(a))
            for a in neg:
                acc = ctx.subi(acc, self.emit(a))
            v = acc
        elif func is Mul:
            coeff, rest = e.as_coeff_Mul()
            if coeff == -1:
                v = ctx.subi(ctx.c(0), self.emit(rest))
            else:
                factors = [self.emit(a) for a in e.args]
                v = factors[0]
                for f in factors[1:]:
                    v = ctx.muli(v, f)
        elif func is Pow and e.args[1].is_Integer and int(e.args[1]) > 0:
            base = self.emit(e.args[0])
            v = base
            for _ in range(int(e.args[1]) - 1):
                v = ctx.muli(v, base)
        elif func is FloorDiv:
            v = ctx.floordivsi(self.emit(e.args[0]), self.emit(e.args[1]))
        elif func is CeilDiv:
            v = ctx.ceildivsi(self.emit(e.args[0]), self.emit(e.args[1]))
        elif func is Mod:
            v = ctx.remsi(self.emit(e.args[0]), self.emit(e.args[1]))
        else:
            raise _Undetermined(str(e))
        self.memo[e] = v
        return v


def _negated(a: sympy.Expr) -> bool:
    if a.is_Integer:
        return int(a) < 0
    if a.func is Mul:
        c, _ = a.as_coeff_Mul()
        return bool(c.is_negative)
    return False


def _negate(a: sympy.Expr) -> sympy.Expr:
    return -a


def _tag(v: Value, name: str) -> None:
    owner = v.owner
    if not isinstance(owner, Operation) or owner.name == "arith.constant":
        return
    old = owner.attributes.get(SYMBOL_ATTR)
    names = list(old.value) if isinstance(old, ArrayAttr) else []
    if StringAttr(name) not in names:
        names.append(StringAttr(name))
    owner.attributes[SYMBOL_ATTR] = ArrayAttr(tuple(names))


def emit_entry(func: Operation, arg_types: Sequence[Type], ctx: LoweringContext) -> None:
    """Emit the prologue at the top of `func`'s entry block (see the module docstring); the
    rest of the entry block moves to a new body block when there are checks."""
    sa = ctx.sa
    entry = ctx.entry_block
    body_first = entry.first
    ctx.ip = InsertionPoint(entry, body_first)
    emitter = _ExprEmitter(ctx)
    args = entry.args
    dims_read: dict[tuple[int, int], Value] = {}

    def read(i: int, d: int) -> Value:
        v = dims_read.get((i, d))
        if v is None:
            v = dims_read[(i, d)] = ctx.memref_dim(args[i], d)
        return v

    def value_of(name: str) -> sympy.Expr:
        return sa.expr_of(name) if sa is not None else sympy.Symbol(name)

    # Free symbols: bound at their first input dimension.
    # (description, expected expr | int, actual: () -> Value)
    checks: list[tuple[str, Any, Any]] = []
    for i, t in enumerate(arg_types):
        if not isinstance(t, RankedTensorType):
            continue
        syms = encoding_of(t)
        for d, size in enumerate(t.shape):
            name = syms[d] if syms is not None else None
            if size != DYNAMIC:
                checks.append(
                    (f"argument {i} dimension {d} (static size {size})", size, _reader(read, i, d))
                )
                continue
            if name is None:
                continue
            e = value_of(name)
            if e.is_Symbol and e not in emitter.env:
                v = read(i, d)
                emitter.env[e] = v
                _tag(v, name)
                continue
            checks.append((f"argument {i} dimension {d} (symbol {name})", e, _reader(read, i, d)))

    # Integer arguments bound to a symbol (`func.symbol_int = @sN`, set by the inference).
    arg_attrs = func.properties.get("arg_attrs")
    if isinstance(arg_attrs, ArrayAttr):
        for i, d in enumerate(arg_attrs.value):
            bound = d.get("func.symbol_int") if hasattr(d, "get") else None
            name = getattr(bound, "root", None)
            if name is None or i >= len(args) or not isinstance(args[i].type, IntegerType):
                continue
            e = value_of(name)
            if e.is_Symbol and e not in emitter.env:
                v = ctx.index_cast(args[i], index)
                emitter.env[e] = v
                _tag(v, name)

    # Every symbol the function uses: its value, computed once. A derived one is a tensor size
    # computed from the inputs' (a conv's output height, say): an input too small for a window
    # makes it negative, which is a shape error, never an allocation of a negative size.
    names = used_symbols(func, arg_types)
    sizes_at_least_0: list[tuple[str, int, Any]] = []
    for name in names:
        e = value_of(name)
        if e.is_Integer:
            continue
        try:
            v = emitter.emit(e)
        except _Undetermined:
            continue  # not determined by the inputs: an error if a lowering needs it
        _tag(v, name)
        ctx.set_symbol(name, v)
        if not e.is_Symbol and not _nonnegative_for_sizes(e):
            sizes_at_least_0.append(
                (f"size {name} = {expr_str(e)} must be at least 0", 0, lambda v=v: v)
            )

    # Recorded equations between sizes (e.g. a flattened size equal to a weight's static one)
    # hold only for some inputs: each is checked once its sides are computable.
    if sa is not None:
        for lhs, rhs in sa.classes.equations:
            if lhs == rhs:
                continue
            if lhs.is_Integer and not rhs.is_Integer:
                lhs, rhs = rhs, lhs
            if not lhs.free_symbols or not lhs.free_symbols <= set(emitter.env):
                continue
            if not rhs.free_symbols <= set(emitter.env):
                continue
            expected = int(rhs) if rhs.is_Integer else rhs
            checks.append(
                (
                    f"size relation {expr_str(lhs)} = {expr_str(rhs)}",
                    expected,
                    _emitting(emitter, lhs),
                )  # fmt: skip
            )

    # Constant slice bounds and extract indices on dynamic dimensions: the shape rules assume
    # them in range (the result sizes do not depend on the input's), so they are checked.
    bounds = _index_bounds(func, value_of, emitter) + sizes_at_least_0

    if not checks and not bounds:
        return
    module = _root_module(func)
    table = _check_table(module)
    error_fn = _declare_error_fn(module)
    bads: list[Value] = []
    all_checks = [(w, e, g, "ne") for w, e, g in checks] + [(w, e, g, "slt") for w, e, g in bounds]
    for what, expected, get_actual, predicate in all_checks:
        try:
            exp = ctx.c(expected) if isinstance(expected, int) else emitter.emit(expected)
            actual = get_actual()
        except _Undetermined:
            continue
        bad = ctx.cmpi(predicate, actual, exp)
        check_id = len(table)
        table.append(what)
        with ctx.if_(bad):
            ctx.create(
                "func.call",
                (
                    ctx.const(check_id, i32),
                    ctx.const(expected, i64) if isinstance(expected, int) else ctx.to_i64(exp),
                    ctx.to_i64(actual),
                ),
                (),
                {"callee": _symbol_ref(error_fn)},
            )
        bads.append(bad)
    module.attributes[SHAPE_CHECKS_ATTR] = ArrayAttr(tuple(StringAttr(s) for s in table))
    if not bads:
        return
    anybad = bads[0]
    for b in bads[1:]:
        anybad = ctx.ori(anybad, b)

    # Split: entry (prologue) -> ^fail | ^body (the original ops).
    region = func.regions[0]
    body = Block()
    fail = Block()
    op = body_first
    while op is not None:
        nxt = op.next
        op.detach()
        body.append(op)
        op = nxt
    region.add_block(fail)
    region.add_block(body)
    from llh_opt.ir.attributes import DenseArrayAttr

    ctx.ip = InsertionPoint(entry)
    ctx.create(
        "cf.cond_br",
        (anybad,),
        (),
        {"operandSegmentSizes": DenseArrayAttr(i32, (1, 0, 0))},
        successors=(fail, body),
    )
    ftype = func.properties["function_type"]
    assert isinstance(ftype, TypeAttr) and isinstance(ftype.type, FunctionType)
    with ctx.at(InsertionPoint(fail)):
        results = []
        for t in ftype.type.results:
            if isinstance(t, MemRefType):
                sizes = [ctx.c(0)] * len(t.shape)
                results.append(ctx.alloc(t, sizes, temporary=False))
            elif isinstance(t, FloatType):
                results.append(ctx.const(0.0, t))
            else:
                results.append(ctx.const(0, t))
        ctx.create("func.return", results)


_OPEN_END = 2**62  # slice ends at or above this mean "to the end" (torch's sys.maxsize)


def _where(op: Operation) -> str:
    loc = op.location
    line, col = getattr(loc, "line", None), getattr(loc, "col", None)
    if line is None:
        return f"'{op.name}'"
    return f"'{op.name}' at {getattr(loc, 'filename', '-')}:{line}:{col}"


def _index_bounds(func: Operation, value_of: Any, emitter: _ExprEmitter) -> list[tuple]:
    """(description, minimum size, () -> size) for every constant index of a slice,
    stride_slice or extract that reads a dynamic input dimension."""
    from llh_opt.dialects.llh.base import constant_int

    out: list[tuple] = []

    def need(op: Operation, x: Value, d: int, at_least: int) -> None:
        t = x.type
        if not isinstance(t, RankedTensorType) or t.shape[d] != DYNAMIC or at_least <= 0:
            return
        syms = encoding_of(t)
        if syms is None:
            return
        e = value_of(syms[d])
        if e.is_Integer or not e.free_symbols <= set(emitter.env):
            return
        out.append(
            (f"{_where(op)} needs input dimension {d} (symbol {syms[d]}) of size at least "
             f"{at_least}", at_least, _emitting(emitter, e))
        )  # fmt: skip

    for op in func.walk():
        if op.name in ("llh.slice", "llh.stride_slice"):
            x = op.input  # type: ignore[attr-defined]
            starts, ends = op.start, op.end  # type: ignore[attr-defined]
            strides = op.stride if op.name == "llh.stride_slice" else None  # type: ignore[attr-defined]
            for d in range(min(len(starts), len(ends))):
                s0, e0 = constant_int(starts[d]), constant_int(ends[d])
                st = constant_int(strides[d]) if strides is not None else 1
                if st is None or st <= 0:
                    continue
                if s0 is not None:
                    need(op, x, d, -s0 if s0 < 0 else s0)
                if e0 is not None and e0 < _OPEN_END:
                    need(op, x, d, -e0 if e0 < 0 else e0)
        elif op.name == "llh.extract":
            k = constant_int(op.index)  # type: ignore[attr-defined]
            if k is not None:
                need(op, op.input, 0, -k if k < 0 else k + 1)  # type: ignore[attr-defined]
    return out


def _nonnegative_for_sizes(e: sympy.Expr) -> bool:
    """Whether `e` is provably >= 0 when its free symbols (sizes) are (e.g. `(s0 + 1) // 2`)."""
    sizes = {x: sympy.Dummy(nonnegative=True, integer=True) for x in e.free_symbols}
    return bool(e.subs(sizes).is_nonnegative)


def _reader(read: Any, i: int, d: int) -> Any:
    return lambda: read(i, d)


def _emitting(emitter: _ExprEmitter, e: sympy.Expr) -> Any:
    return lambda: emitter.emit(e)


def _root_module(op: Operation) -> Operation:
    m = op
    while m.parent_op is not None:
        m = m.parent_op
    return m


def _check_table(module: Operation) -> list[str]:
    old = module.attributes.get(SHAPE_CHECKS_ATTR)
    if isinstance(old, ArrayAttr):
        return [a.value for a in old.value if isinstance(a, StringAttr)]
    return []


def _symbol_ref(name: str) -> Any:
    from llh_opt.ir.attributes import SymbolRefAttr

    return SymbolRefAttr(name, ())


def _declare_error_fn(module: Operation) -> str:
    """Declare `func.func private @llh_shape_error(i32, i64, i64)` once per module."""
    body = module_body(module)
    for op in body.ops:
        if op.name == "func.func":
            n = op.properties.get("sym_name")
            if isinstance(n, StringAttr) and n.value == SHAPE_ERROR_FN:
                return SHAPE_ERROR_FN
    from llh_opt.dialects.func import FuncOp

    decl = FuncOp.build(
        SHAPE_ERROR_FN, FunctionType((i32, i64, i64), ()), visibility="private", declaration=True
    )
    body.prepend(decl)
    return SHAPE_ERROR_FN
