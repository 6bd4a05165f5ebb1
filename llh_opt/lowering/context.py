"""Per-function lowering state and the op-building helpers every lowering module uses.

A `LoweringContext` lives while `convert-llh-to-loops` rewrites one `func.func`. It holds:

* ``buffer(v)`` / ``set_buffer(v, m, root=None)`` — the memref that holds LLH tensor value `v`
  (identity layout; ``root`` is the allocation it is a view of, for deallocation);
* ``scalar(v)`` / ``set_scalar(v, x)`` — the SSA value of an LLH scalar (`i64`, `f32`, ...);
  ``index_of(v)`` the same integer as an `index`;
* ``sym(name)`` — the `index` value of symbol `name` (computed once at the entry, see
  ``entry.py``; constants give `arith.constant`), ``dims(v)`` / ``dim(v, i)`` — the size values of
  tensor `v`'s dimensions (a static size is a constant, a `?` is its encoding symbol's value);
* an insertion point (``ip``) and op creation: ``create(name, operands, result_types, props,
  regions)`` inserts at the insertion point and returns the op; thin helpers name each op the
  lowering emits (``load``, ``store``, ``alloc``, ``dealloc``, ``addi``, ``cmpi``, ``select``, ...);
* constants hoisted to the entry block and shared: ``c(n)`` (index), ``const(x, type)``;
* loops: ``with ctx.loop_nest(sizes) as ivs:`` emits one ``scf.parallel`` (or an ``scf.for``
  nest with ``parallel=False``) over ``[0, size)`` and puts the insertion point in its body;
  ``with ctx.for_loop(lo, hi, step=None, iter_args=()) as loop:`` is one ``scf.for`` whose body
  must end with ``loop.yield_(values)`` when it carries values (``loop.iv``, ``loop.args``,
  ``loop.results`` after the block); ``with ctx.if_(cond):`` an ``scf.if`` without results;
* ``alloc_for(v)`` — a fresh buffer of tensor value `v`'s type, sized from the symbols, recorded
  as a temporary (freed after its last use unless it is returned);
* ``load_broadcast(operand, out_ivs)`` — an operand element under numpy broadcasting as an index
  map: trailing alignment, a static size-1 dimension reads index 0 (no materialized broadcast,
  no per-element index arithmetic); ``load_at(v, ivs)`` one element of tensor `v`;
* ``set_broadcast(v, src, mapping, dims)`` / ``set_splat(v, x, dims)`` — `v` is a virtual
  broadcast of tensor `src` (explicit ``broadcast_to``/``expand``) or of scalar `x` (a splat
  constant): loads through ``load_at``/``load_broadcast`` read `src` directly;
  ``buffer(v)`` materializes it (before the op being lowered) only for ops that need memory;
* fusion state: ``mark_fused(op)`` / ``is_fused(op)`` (an op absorbed by a conv/matmul
  epilogue), ``defer(v, operands, fn)`` / ``deferred(v)`` (an elementwise value computed inside
  its consumer's loop, ``fusion.py``), ``bucket(key, make_pred)`` (a shape-bucket predicate
  computed once before ``bucket_anchor``, ``buckets.py``);
* ``error(op, msg)`` — the `DiagnosticError` (`file:line:col: error: ...`) to raise for input
  the lowering cannot handle.

Ops are built with ``Operation.create`` by name with MLIR's operand order and property names, so
the registered classes of ``llh_opt/dialects/{scf,memref,math,cf}.py`` are used when present and
the printed IR is what upstream ``mlir-opt`` prints.

What does not live here: reading symbols and checking inputs (``entry.py``), the signature
change (``bufferize.py``), per-op lowerings (one module per op family), the pass (``passes.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.ir.attributes import (
    Attribute,
    DenseArrayAttr,
    FloatAttr,
    IntegerAttr,
)
from llh_opt.ir.core import Block, Operation, Region, Value
from llh_opt.ir.types import (
    DYNAMIC,
    FloatType,
    IndexType,
    IntegerType,
    MemRefType,
    RankedTensorType,
    Type,
    i1,
    i32,
    i64,
    index,
)
from llh_opt.symbolic.analysis import encoding_of

__all__ = [
    "SYMBOL_ATTR",
    "int_list",
    "ForLoop",
    "InsertionPoint",
    "LoweringContext",
    "lowering_error",
    "memref_type_of",
]

SYMBOL_ATTR = "llh.symbol"
"""Discardable attribute naming the symbol an entry-prologue op computes (between stages)."""


def int_list(x: Any) -> list[int]:
    """The integers of an array property as read through an accessor (a `DenseArrayAttr`, or
    the tuple an op class's own accessor returns)."""
    values = getattr(x, "values", x)
    return [int(v) for v in values]


def lowering_error(op: Operation, message: str) -> DiagnosticError:
    """`file:line:col: error: <message>` at `op`."""
    return DiagnosticError(Diagnostic(Severity.ERROR, message, op.location))


def memref_type_of(t: Type, op: Operation | None = None) -> MemRefType:
    """The identity-layout memref holding a ranked tensor of type `t` (encoding dropped)."""
    if not isinstance(t, RankedTensorType):
        if op is not None:
            raise lowering_error(
                op,
                f"'{op.name}' op cannot be lowered: operand or result type "
                f"'{t}' is not a ranked tensor",
            )
        raise TypeError(f"not a ranked tensor: {t}")
    return MemRefType(t.shape, t.element_type)


class InsertionPoint:
    """Where new ops go: before `before` in `block`, or at the block's end when `before` is None."""

    __slots__ = ("before", "block")

    def __init__(self, block: Block, before: Operation | None = None) -> None:
        self.block = block
        self.before = before

    def insert(self, op: Operation) -> Operation:
        if self.before is None:
            return self.block.append(op)
        return self.block.insert_before(self.before, op)

    @staticmethod
    def before_op(op: Operation) -> InsertionPoint:
        assert op.parent is not None
        return InsertionPoint(op.parent, op)


class ForLoop:
    """A built `scf.for`: `iv`, `args` (the iteration arguments in the body), `op`, and `results`
    (usable after the `with` block)."""

    __slots__ = ("args", "ctx", "iv", "op", "yielded")

    def __init__(self, ctx: LoweringContext, op: Operation) -> None:
        self.ctx = ctx
        self.op = op
        body = op.regions[0].blocks[0]
        self.iv = body.args[0]
        self.args = list(body.args[1:])
        self.yielded = False

    @property
    def results(self) -> list[Value]:
        return list(self.op.results)

    def yield_(self, values: Sequence[Value]) -> None:
        self.ctx.create("scf.yield", values)
        self.yielded = True


class LoweringContext:
    """The state of lowering one function (see the module docstring)."""

    __slots__ = (
        "_buffers",
        "_buckets",
        "_casts",
        "_consts",
        "_deferred",
        "_fused",
        "_roots",
        "_scalars",
        "_symbols",
        "_virtual",
        "_last_const",
        "bucket_anchor",
        "entry_block",
        "func",
        "ip",
        "op",
        "returned",
        "sa",
        "temporaries",
    )

    def __init__(self, func: Operation, sa: Any) -> None:
        self.func = func
        self.sa = sa  # SymbolAnalysis of the module (None when the IR has no symbols)
        self.entry_block: Block = func.regions[0].blocks[0]
        self._last_const: Operation | None = None
        self.ip = InsertionPoint(self.entry_block)
        self.op: Operation | None = None  # the LLH op being lowered (for diagnostics)
        self._buffers: dict[Value, Value] = {}
        self._roots: dict[Value, Value] = {}
        self._scalars: dict[Value, Value] = {}
        self._casts: dict[tuple[Value, Type], Value] = {}
        self._virtual: dict[Value, tuple[Value, list[int | None] | None, list[Value]]] = {}
        self._symbols: dict[str, Value] = {}
        self._consts: dict[tuple[Attribute, Type], Value] = {}
        self.temporaries: list[Value] = []  # buffers allocated by the lowering, in order
        self._fused: set[Operation] = set()
        self._deferred: dict[Value, tuple[list[Value], Callable[[list[Value]], Value]]] = {}
        self._buckets: dict[str, Value] = {}
        self.bucket_anchor: Operation | None = None  # bucket predicates go before this op
        self.returned: set[Value] = set()
        for op in self.entry_block.ops:  # constants of an earlier stage are reused
            if op.name != "arith.constant":
                break
            attr = op.properties.get("value")
            if attr is not None:
                self._consts.setdefault((attr, op.results[0].type), op.results[0])
                self._last_const = op

    # ------------------------------------------------------------------ diagnostics

    def error(self, op: Operation | None, message: str) -> DiagnosticError:
        return lowering_error(op if op is not None else self.func, message)

    # ------------------------------------------------------------------ fusion state

    def mark_fused(self, op: Operation) -> None:
        """`op` was absorbed by another op's lowering (an epilogue): the pass skips it."""
        self._fused.add(op)

    def is_fused(self, op: Operation) -> bool:
        return op in self._fused

    def defer(self, v: Value, operands: list[Value],
              fn: Callable[[list[Value]], Value]) -> None:  # fmt: skip
        """Tensor `v` is computed elementwise inside its consumer's loop as `fn(elements of
        operands)` (``fusion.element_at``); it has no buffer."""
        self._deferred[v] = (operands, fn)

    def deferred(self, v: Value) -> tuple[list[Value], Callable[[list[Value]], Value]] | None:
        return self._deferred.get(v)

    def is_deferred(self, v: Value) -> bool:
        return v in self._deferred

    def bucket(self, key: str, make_pred: Callable[[], Value]) -> Value:
        """The `i1` predicate `key`, built by `make_pred` once per function before
        ``bucket_anchor`` (the first lowered op, after the symbol reads) and shared by every
        site with the same key (``buckets.py``)."""
        v = self._buckets.get(key)
        if v is None:
            anchor = self.bucket_anchor
            ip = InsertionPoint.before_op(anchor) if anchor is not None else self.ip
            with self.at(ip):
                v = make_pred()
            self._buckets[key] = v
        return v

    # ------------------------------------------------------------------ op creation

    def create(
        self,
        name: str,
        operands: Sequence[Value] = (),
        result_types: Sequence[Type] = (),
        properties: dict[str, Attribute] | None = None,
        regions: Sequence[Region] | int = 0,
        successors: Sequence[Block] = (),
        attributes: dict[str, Attribute] | None = None,
    ) -> Operation:
        loc = self.op.location if self.op is not None else self.func.location
        op = Operation.create(
            name, operands, result_types, properties, attributes, regions, successors, loc
        )
        return self.ip.insert(op)

    def create1(self, name: str, operands: Sequence[Value], result_type: Type,
                properties: dict[str, Attribute] | None = None) -> Value:  # fmt: skip
        return self.create(name, operands, (result_type,), properties).results[0]

    @contextmanager
    def at(self, ip: InsertionPoint) -> Iterator[None]:
        """Temporarily move the insertion point."""
        saved = self.ip
        self.ip = ip
        try:
            yield
        finally:
            self.ip = saved

    # ------------------------------------------------------------------ constants

    def const(self, value: int | float | bool, type: Type) -> Value:
        """An `arith.constant` of `type` (index, integer or float), hoisted to the top of the entry
        block and shared by the whole function."""
        if isinstance(type, FloatType):
            attr: Attribute = FloatAttr.from_value(float(value), type)
        else:
            attr = IntegerAttr(int(value), type)
        key = (attr, type)
        v = self._consts.get(key)
        if v is None:
            op = Operation.create("arith.constant", (), (type,), {"value": attr},
                                  location=self.func.location)  # fmt: skip
            if self._last_const is None:
                self.entry_block.prepend(op)
            else:
                self.entry_block.insert_after(self._last_const, op)
            self._last_const = op
            v = self._consts[key] = op.results[0]
        return v

    def c(self, n: int) -> Value:
        """The `index` constant `n`."""
        return self.const(n, index)

    # ------------------------------------------------------------------ symbols and sizes

    def set_symbol(self, name: str, value: Value) -> None:
        self._symbols[name] = value

    def has_symbol(self, name: str) -> bool:
        return name in self._symbols

    def sym(self, name: str, op: Operation | None = None) -> Value:
        """The `index` value of symbol `name`."""
        v = self._symbols.get(name)
        if v is not None:
            return v
        if self.sa is not None:
            known = self.sa.known_value(name)
            if known is not None:
                return self.c(known)
            rep = self.sa.representative(name)
            v = self._symbols.get(rep)
            if v is not None:
                return v
        from llh_opt.symbolic.expressions import constant_symbol_value

        cv = constant_symbol_value(name)
        if cv is not None:
            return self.c(cv)
        raise self.error(
            op or self.op,
            f"symbol '{name}' is not determined by the function's inputs (no size of an input "
            "or computed integer gives its value)",
        )

    def dims(self, v: Value, sizes: Sequence[Value] | None = None) -> list[Value]:
        """The `index` size of each dimension of tensor value `v`: a constant for a static size,
        else its encoding symbol's value; when that symbol is not determined by the inputs and
        `sizes` (the op's i64 size operands, one per dimension) are given, the size operand."""
        t = v.type
        if not isinstance(t, RankedTensorType):
            raise self.error(self.op, f"'{t}' is not a ranked tensor")
        syms = encoding_of(t)
        out = []
        for i, d in enumerate(t.shape):
            if d != DYNAMIC:
                out.append(self.c(d))
                continue
            if syms is not None and (sizes is None or self.determined(syms[i])):
                out.append(self.sym(syms[i]))
            elif sizes is not None:
                x = self.index_of(sizes[i])
                if syms is not None:  # the symbol's value from now on (top-level, dominates)
                    self._symbols.setdefault(syms[i], x)
                out.append(x)
            else:
                raise self.error(
                    self.op,
                    f"dimension {i} of '{t}' is dynamic and has no symbol: run "
                    "--infer-symbolic-shape first (it annotates the functions marked "
                    "`attributes {entrance}`)",
                )
        return out

    def determined(self, name: str) -> bool:
        """Whether symbol `name`'s value is available (computed at the entry, or constant)."""
        if name in self._symbols:
            return True
        if self.sa is None:
            return False
        if self.sa.known_value(name) is not None:
            return True
        return self.sa.representative(name) in self._symbols

    def dim(self, v: Value, i: int) -> Value:
        return self.dims(v)[i]

    # ------------------------------------------------------------------ buffers and scalars

    def set_buffer(self, v: Value, m: Value, root: Value | None = None) -> None:
        """Record that tensor `v` lives in memref `m`, a view of allocation `root` (default:
        `m` itself, or the root of `m` when `m` is already known)."""
        self._buffers[v] = m
        if root is None:
            root = self._roots.get(m, m)
        self._roots[m] = root

    def buffer(self, v: Value) -> Value:
        """The memref of tensor `v` (a virtual broadcast is materialized here, before the op
        being lowered)."""
        m = self._buffers.get(v)
        if m is None:
            if v in self._virtual:
                return self._materialize(v)
            raise self.error(
                self.op,
                f"operand of type '{v.type}' has no buffer (defined by an op that was not lowered)",
            )
        return m

    def alias(self, v: Value, src: Value) -> None:
        """Tensor `v` holds exactly `src`'s elements (same shape): share its buffer, or its
        virtual broadcast."""
        virt = self._virtual.get(src)
        if virt is not None and src not in self._buffers:
            self._virtual[v] = virt
        else:
            self.set_buffer(v, self.buffer(src))

    def set_broadcast(self, v: Value, src: Value, mapping: Sequence[int | None],
                      dims: Sequence[Value]) -> None:  # fmt: skip
        """Make tensor `v` a virtual broadcast of tensor `src`: element `v[ivs]` is
        `src[ivs[mapping[0]], ...]` (index 0 where `mapping[k]` is None); `dims` are `v`'s
        sizes. Nothing is copied unless an op needs `v`'s buffer (``buffer``)."""
        self._virtual[v] = (src, list(mapping), list(dims))

    def set_splat(self, v: Value, x: Value, dims: Sequence[Value]) -> None:
        """Make tensor `v` a virtual splat of scalar `x` (every element is `x`; `dims` are `v`'s
        sizes): loads are `x` itself; a buffer is filled only if an op needs one."""
        self._virtual[v] = (x, None, list(dims))

    def virtual(self, v: Value) -> tuple[Value, list[int | None] | None, list[Value]] | None:
        """`(src, mapping, dims)` when `v` is a virtual broadcast (`mapping` None: a splat of
        scalar `src`) and has no buffer yet, else None."""
        if v in self._buffers:
            return None
        return self._virtual.get(v)

    def add_view(self, view: Value, of: Value) -> None:
        """Record memref `view` as a view of buffer `of` (its allocation is freed after the
        view's last use too)."""
        self._roots[view] = self._roots.get(of, of)

    def _materialize(self, v: Value) -> Value:
        _, _, dims = self._virtual[v]
        ip = InsertionPoint.before_op(self.op) if self.op is not None else self.ip
        with self.at(ip):
            m = self.alloc(memref_type_of(v.type, self.op), dims)
            self.set_buffer(v, m)
            with self.loop_nest(dims) as ivs:
                self.store(self._load_virtual(v, ivs), m, ivs)
        return m

    def _load_virtual(self, v: Value, ivs: Sequence[Value]) -> Value:
        src, mapping, _ = self._virtual[v]
        if mapping is None:
            return src
        return self.load_at(src, [self.c(0) if j is None else ivs[j] for j in mapping])

    def load_at(self, v: Value, ivs: Sequence[Value]) -> Value:
        """Element `ivs` of tensor `v` (through a virtual broadcast when `v` is one)."""
        m = self._buffers.get(v)
        if m is None and v in self._virtual:
            return self._load_virtual(v, ivs)
        return self.load(self.buffer(v) if m is None else m, ivs)

    def views(self) -> dict[Value, list[Value]]:
        """Each allocation → the buffers that are it or views of it."""
        out: dict[Value, list[Value]] = {}
        for m, root in self._roots.items():
            out.setdefault(root, []).append(m)
        return out

    def root_of(self, m: Value) -> Value:
        return self._roots.get(m, m)

    def set_scalar(self, v: Value, x: Value) -> None:
        """Record the lowered value of LLH scalar `v`: of `v`'s type, or an `index` for an
        integer scalar (converted on demand, once, right after `x`'s definition)."""
        self._scalars[v] = x

    def _constant_scalar(self, v: Value) -> Value | None:
        """An `llh.constant` scalar, materialized on first use (hoisted, so unused constants
        such as a slice's open end cost nothing)."""
        owner = v.owner
        if not isinstance(owner, Operation) or owner.name != "llh.constant":
            return None
        attr = owner.properties.get("value")
        t = v.type
        if isinstance(attr, IntegerAttr) and isinstance(t, IntegerType):
            x = self.c(attr.value) if t.width == 64 else self.const(attr.value, t)
        elif isinstance(attr, FloatAttr) and isinstance(t, FloatType):
            x = self.const(attr.value, t)
        else:
            return None
        self._scalars[v] = x
        return x

    def scalar(self, v: Value) -> Value:
        """The lowered value of LLH scalar `v`, of `v`'s own type."""
        x = self._scalars.get(v) or self._constant_scalar(v)
        if x is None:
            if _from_llh(v):
                raise self.error(self.op, f"scalar operand of type '{v.type}' has no lowered value")
            return v  # a function argument or a non-LLH value: already a loop-level scalar
        if x.type is v.type:
            return x
        return self._converted(v, x, v.type)

    def index_of(self, v: Value) -> Value:
        """Integer LLH scalar `v` as an `index`."""
        x = self._scalars.get(v) or self._constant_scalar(v)
        if x is None:
            if _from_llh(v):
                raise self.error(self.op, f"scalar operand of type '{v.type}' has no lowered value")
            x = v
        if isinstance(x.type, IndexType):
            return x
        return self._converted(v, x, index)

    def _converted(self, v: Value, x: Value, to: Type) -> Value:
        key = (v, to)
        c = self._casts.get(key)
        if c is None:
            owner = x.owner
            if isinstance(owner, Operation) and owner.parent is not None:
                block = owner.parent
                nxt = owner.next
            else:
                block = x.owner  # type: ignore[assignment]
                nxt = block.first  # type: ignore[union-attr]
            with self.at(InsertionPoint(block, nxt)):  # type: ignore[arg-type]
                c = self.convert(x, to)
            self._casts[key] = c
        return c

    # ------------------------------------------------------------------ memref ops

    def alloc(self, t: MemRefType, sizes: Sequence[Value], temporary: bool = True) -> Value:
        """`memref.alloc` of `t` with `sizes` (one per dimension; those of static dims are
        ignored); recorded as a temporary (deallocated after its last use) unless `temporary`
        is False."""
        dyn = [s for s, d in zip(sizes, t.shape) if d == DYNAMIC]
        m = self.create1(
            "memref.alloc", dyn, t, {"operandSegmentSizes": DenseArrayAttr(i32, (len(dyn), 0))}
        )
        if temporary:
            self.temporaries.append(m)
        self._roots[m] = m
        return m

    def alloc_for(self, v: Value) -> Value:
        """A fresh buffer for tensor value `v` (its shape from the symbols), bound to `v`."""
        m = self.alloc(memref_type_of(v.type, self.op), self.dims(v))
        self.set_buffer(v, m)
        return m

    def dealloc(self, m: Value) -> None:
        self.create("memref.dealloc", (m,))

    def load(self, m: Value, ivs: Sequence[Value]) -> Value:
        return self.create1("memref.load", (m, *ivs), m.type.element_type)  # type: ignore[attr-defined]

    def store(self, x: Value, m: Value, ivs: Sequence[Value]) -> None:
        self.create("memref.store", (x, m, *ivs))

    def memref_dim(self, m: Value, i: int) -> Value:
        return self.create1("memref.dim", (m, self.c(i)), index)

    def copy(self, src: Value, dst: Value) -> None:
        self.create("memref.copy", (src, dst))

    def load_broadcast(self, operand: Value, out_ivs: Sequence[Value]) -> Value:
        """Element of tensor `operand` at output position `out_ivs` under numpy broadcasting:
        dimensions aligned from the end, a static size-1 dimension read at index 0."""
        t = operand.type
        if not isinstance(t, RankedTensorType):
            raise self.error(self.op, f"'{t}' is not a ranked tensor")
        rank, out_rank = len(t.shape), len(out_ivs)
        ivs = []
        for i, d in enumerate(t.shape):
            j = out_rank - rank + i
            ivs.append(self.c(0) if d == 1 else out_ivs[j])
        return self.load_at(operand, ivs)

    # ------------------------------------------------------------------ loops

    @contextmanager
    def loop_nest(self, sizes: Sequence[Value], parallel: bool = True) -> Iterator[list[Value]]:
        """Loops over `[0, sizes[k])` for each k; yields the induction variables with the
        insertion point inside the innermost body (restored afterwards). `parallel=True` emits
        one `scf.parallel`; otherwise a nest of `scf.for`. No sizes: no loop, `[]`."""
        if not sizes:
            yield []
            return
        n = len(sizes)
        zero, one = self.c(0), self.c(1)
        saved = self.ip
        if parallel:
            body = Block([index] * n)
            op = self.create(
                "scf.parallel",
                [zero] * n + list(sizes) + [one] * n,
                (),
                {"operandSegmentSizes": DenseArrayAttr(i32, (n, n, n, 0))},
                regions=[Region([body])],
            )
            term = Operation.create("scf.reduce", (), (), location=op.location)
            body.append(term)
            self.ip = InsertionPoint(body, term)
            try:
                yield list(body.args)
            finally:
                self.ip = saved
            return
        ivs: list[Value] = []
        for s in sizes:
            body = Block([index])
            op = self.create("scf.for", (zero, s, one), (), regions=[Region([body])])
            term = Operation.create("scf.yield", (), (), location=op.location)
            body.append(term)
            self.ip = InsertionPoint(body, term)
            ivs.append(body.args[0])
        try:
            yield ivs
        finally:
            self.ip = saved

    @contextmanager
    def for_loop(
        self,
        lo: Value,
        hi: Value,
        step: Value | None = None,
        iter_args: Sequence[Value] = (),
    ) -> Iterator[ForLoop]:
        """One `scf.for %iv = lo to hi step step iter_args(...)`; with iteration arguments the
        body must end with `loop.yield_(...)` (without, the empty `scf.yield` is added)."""
        step = step if step is not None else self.c(1)
        body = Block([index, *(a.type for a in iter_args)])
        op = self.create(
            "scf.for",
            (lo, hi, step, *iter_args),
            [a.type for a in iter_args],
            regions=[Region([body])],
        )
        loop = ForLoop(self, op)
        saved = self.ip
        self.ip = InsertionPoint(body)
        try:
            yield loop
            if not loop.yielded:
                if iter_args:
                    raise AssertionError("scf.for with iter_args needs loop.yield_(...)")
                loop.yield_(())
        finally:
            self.ip = saved

    @contextmanager
    def if_(self, cond: Value) -> Iterator[None]:
        """`scf.if %cond { ... }` without results or else branch."""
        body = Block()
        op = self.create("scf.if", (cond,), (), regions=[Region([body]), Region()])
        term = Operation.create("scf.yield", (), (), location=op.location)
        body.append(term)
        saved = self.ip
        self.ip = InsertionPoint(body, term)
        try:
            yield
        finally:
            self.ip = saved

    # ------------------------------------------------------------------ arith helpers

    def _bin(self, name: str, a: Value, b: Value, props: dict[str, Attribute] | None = None
             ) -> Value:  # fmt: skip
        return self.create1(name, (a, b), a.type, props)

    def addi(self, a: Value, b: Value) -> Value:
        return self._bin("arith.addi", a, b)

    def subi(self, a: Value, b: Value) -> Value:
        return self._bin("arith.subi", a, b)

    def muli(self, a: Value, b: Value) -> Value:
        return self._bin("arith.muli", a, b)

    def floordivsi(self, a: Value, b: Value) -> Value:
        return self._bin("arith.floordivsi", a, b)

    def ceildivsi(self, a: Value, b: Value) -> Value:
        return self._bin("arith.ceildivsi", a, b)

    def divsi(self, a: Value, b: Value) -> Value:
        return self._bin("arith.divsi", a, b)

    def remsi(self, a: Value, b: Value) -> Value:
        return self._bin("arith.remsi", a, b)

    def maxsi(self, a: Value, b: Value) -> Value:
        return self._bin("arith.maxsi", a, b)

    def minsi(self, a: Value, b: Value) -> Value:
        return self._bin("arith.minsi", a, b)

    def ori(self, a: Value, b: Value) -> Value:
        return self._bin("arith.ori", a, b)

    def cmpi(self, predicate: str, a: Value, b: Value) -> Value:
        p = _CMPI.index(predicate)
        return self.create1("arith.cmpi", (a, b), i1, {"predicate": IntegerAttr(p, i64)})

    def cmpf(self, predicate: str, a: Value, b: Value) -> Value:
        p = _CMPF.index(predicate)
        return self.create1("arith.cmpf", (a, b), i1, {"predicate": IntegerAttr(p, i64)})

    def select(self, c: Value, a: Value, b: Value) -> Value:
        return self.create1("arith.select", (c, a, b), a.type)

    def index_cast(self, x: Value, to: Type) -> Value:
        return self.create1("arith.index_cast", (x,), to)

    def to_i64(self, x: Value) -> Value:
        """An `index` or integer value as i64."""
        t = x.type
        if isinstance(t, IndexType):
            return self.index_cast(x, i64)
        if isinstance(t, IntegerType) and t.width < 64:
            return self.create1("arith.extsi", (x,), i64)
        return x

    def convert(self, x: Value, to: Type) -> Value:
        """Numeric conversion between scalar types with numpy `astype` semantics (float → int
        truncates toward zero, int → i1 is `!= 0`, i1 → int is 0/1, signed integers)."""
        src = x.type
        if src is to:
            return x
        if isinstance(src, IndexType) or isinstance(to, IndexType):
            if isinstance(src, FloatType):
                return self.index_cast(self.create1("arith.fptosi", (x,), i64), to)
            if isinstance(to, FloatType):
                return self.create1("arith.sitofp", (self.index_cast(x, i64),), to)
            return self.index_cast(x, to)
        if isinstance(to, IntegerType) and to.width == 1:
            zero = self.const(0, src)
            if isinstance(src, FloatType):
                return self.cmpf("une", x, zero)
            return self.cmpi("ne", x, zero)
        if isinstance(src, FloatType) and isinstance(to, FloatType):
            if _float_width(src) < _float_width(to):
                return self.create1("arith.extf", (x,), to)
            if _float_width(src) > _float_width(to) or src.name != to.name:
                if _float_width(src) == _float_width(to):  # f16 <-> bf16 through f32
                    from llh_opt.ir.types import f32

                    return self.create1("arith.truncf", (self.convert(x, f32),), to)
                return self.create1("arith.truncf", (x,), to)
            return x
        if isinstance(src, FloatType) and isinstance(to, IntegerType):
            return self.create1("arith.fptosi", (x,), to)
        if isinstance(src, IntegerType) and isinstance(to, FloatType):
            if src.width == 1:
                return self.create1("arith.uitofp", (x,), to)
            return self.create1("arith.sitofp", (x,), to)
        if isinstance(src, IntegerType) and isinstance(to, IntegerType):
            if src.width < to.width:
                return self.create1("arith.extui" if src.width == 1 else "arith.extsi", (x,), to)
            if src.width > to.width:
                return self.create1("arith.trunci", (x,), to)
            return x
        raise self.error(self.op, f"cannot convert '{src}' to '{to}'")


def _from_llh(v: Value) -> bool:
    owner = v.owner
    return isinstance(owner, Operation) and owner.name.startswith("llh.")


def _float_width(t: FloatType) -> int:
    return {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}.get(t.name, 32)


_CMPI = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
_CMPF = (
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
)  # fmt: skip
