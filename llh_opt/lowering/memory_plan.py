"""The symbolic static memory plan of one loop-level function: which buffers, when live, where.

``plan_function(func)`` looks at every ``memref.alloc`` of a function lowered by
``convert-llh-to-loops`` and returns a `Plan`:

* **Planned buffers.** An allocation is planned when it is a temporary: freed by exactly one
  ``memref.dealloc`` in its own block, never returned, passed to a call, yielded out of a region
  or branched with, and used (through views: subview, cast, reinterpret_cast, collapse/expand
  shape) only inside the block it is allocated in. Its size must be an expression of the
  function's input sizes: each dynamic size operand is traced through ``arith`` index arithmetic
  down to ``memref.dim`` of an entry argument or an integer entry argument (named after the
  argument's ``func.input_symbol_<d>`` when it has one, else ``a<arg>d<dim>``) or to a
  ``func.call`` without operands returning an integer (a run-time query such as a thread
  count: a symbol ``callee()``, called again where the plan needs it). Allocations inside
  an ``scf.parallel`` body (per-iteration scratch of a parallel loop) are NOT planned: they keep
  their ``memref.alloc`` (a per-thread slot would need the thread index); so are data-dependent
  sizes and allocations with an alignment above 64. Each exclusion is recorded with its reason.
* **Liveness.** Ops are numbered in pre-order over the whole function (nested regions included).
  A buffer is live from its allocation to the end of the subtree of the last op of its block
  that uses it or one of its views (its dealloc included), so a buffer used inside a loop is live
  for the whole loop and a buffer allocated inside a loop body is live only inside it.
* **Sizes.** A buffer's byte size is ``S = bytes(element) * d0 * d1 * ...``; its slot is ``S``
  rounded up to 64 bytes (``A = 64 * ceildiv(S, 64)``), so every offset is a multiple of 64.
  ``S`` is kept as a polynomial with non-negative coefficients in *size variables* (symbols, and
  floor/ceil divisions of such polynomials by positive constants, e.g. a conv's output size
  ``floor((s1 + 1)/2)``; a dimension that is no such polynomial is a variable itself). Slots
  with the same polynomial are the same *atom* and are interchangeable. A dimension bounded by
  a constant through ``min``/``max`` (e.g. a chunk count ``max(1, min(8, n))``) gets a slot for
  its bound, so such buffers share one constant-size class.
* **Placement (greedy, symbolic).** Offsets are *max-plus expressions*:
  ``max(sum_1, sum_2, ...)`` where each sum is a constant plus non-negative multiples of atoms.
  Buffers are placed one at a time, in four orders (largest first, program order, longest-lived
  first, largest size x lifetime first; sizes compared at a sample point); the placement with the
  smallest workspace (proved, else at the sample point) is kept. The order only affects quality,
  never validity. For buffer `i`, with `C` the already-placed buffers whose live
  ranges overlap `i`'s, the candidates are ``0`` and the top ``O_k + A_k`` of each `k` in `C`
  (lowest sample value first); a candidate `o` is taken when, for every `k` in `C`, it is PROVED
  that ``O_k + A_k <= o`` (k lies below) or ``o + A_i <= O_k`` (k lies above). If none is proved,
  `i` goes at ``max_{k in C}(O_k + A_k)``, which is above every conflicting buffer by
  construction. The workspace size is ``max_i(O_i + A_i)``.
* **Proofs** hold for every value of the input sizes that is >= 0 (a size may be 0, so nothing
  assumes a symbolic size is >= 1): ``max(s..) <= max(t..)`` when each `s` is <= some `t`; a sum
  `s` <= a sum `t` when, after cancelling equal atoms, each remaining atom of `s` is matched to a
  distinct atom of `t` whose size polynomial dominates it coefficient by coefficient (so it is at
  least as large: ``ceil`` is monotone) and the constants compare. So buffers of provably equal or
  comparable sizes reuse each other's space; incomparable sizes are stacked through ``max``, which
  the function evaluates at run time. Guarantee: for every input size, two buffers that are live
  at the same time occupy disjoint byte ranges of ``[0, workspace size)``, each 64-byte aligned.
  ``memory_plan_check.py`` verifies this independently (symbolically and at sampled sizes).

What does not live here: rewriting the IR (``workspace.py``), the pass and its report
(``passes/plan_memory.py``), the checker (``memory_plan_check.py``).
"""

from __future__ import annotations

from typing import Any

import sympy
from sympy import Add, Integer, Mul, Symbol

from llh_opt.ir.attributes import DictionaryAttr, IntegerAttr, StringAttr
from llh_opt.ir.core import Block, BlockArgument, Operation, Value
from llh_opt.ir.types import DYNAMIC, FloatType, IndexType, IntegerType, MemRefType
from llh_opt.symbolic.expressions import CeilDiv, FloorDiv, Mod, evaluate_expr, expr_str

__all__ = [
    "ALIGNMENT",
    "Buffer",
    "MaxSum",
    "Plan",
    "Sum",
    "evaluate",
    "plan_function",
]

ALIGNMENT = 64
MAX_TERMS = 32  # a max-plus expression with more sums is bounded by one sum (atom-wise maximum)
RETURNED = "returned (owned by the caller)"
SAMPLE = 56  # the value every input size takes when sizes are compared to choose an order

_VIEW_OPS = frozenset(
    (
        "memref.subview",
        "memref.cast",
        "memref.reinterpret_cast",
        "memref.collapse_shape",
        "memref.expand_shape",
        "memref.view",
    )
)
_ESCAPING = frozenset(
    ("func.return", "func.call", "scf.yield", "scf.condition", "cf.br", "cf.cond_br")
)


# --------------------------------------------------------------------------- expressions


evaluate = evaluate_expr
"""The integer value of a size/offset expression with the symbols taken from `env`."""


def element_bytes(t: Any) -> int | None:
    if isinstance(t, FloatType):
        return {"f16": 2, "bf16": 2, "f32": 4, "f64": 8}.get(t.name)
    if isinstance(t, IntegerType):
        return max(1, (t.width + 7) // 8)
    if isinstance(t, IndexType):
        return 8
    return None


class _Tracer:
    """Index SSA values → sympy expressions over the function's input sizes (None when a value
    is not such an expression, e.g. loaded from memory)."""

    __slots__ = ("entry", "func", "leaves", "memo")

    def __init__(self, func: Operation) -> None:
        self.func = func
        self.entry: Block = func.regions[0].blocks[0]
        self.memo: dict[Value, sympy.Expr | None] = {}
        # symbol → ("arg", argument, dim or None) or ("call", callee, result type)
        self.leaves: dict[Symbol, tuple[Any, ...]] = {}

    def _arg_symbol(self, arg: BlockArgument, dim: int | None) -> sympy.Expr:
        i = arg.index  # type: ignore[attr-defined]
        name = None
        attrs = self.func.properties.get("arg_attrs")
        if dim is not None and attrs is not None and i < len(attrs.value):  # type: ignore[attr-defined]
            d = attrs.value[i]  # type: ignore[attr-defined]
            if isinstance(d, DictionaryAttr):
                a = d.get(f"func.input_symbol_{dim}")
                if isinstance(a, StringAttr):
                    name = a.value
        if name is not None and name.startswith("c") and name[1:].lstrip("-").isdigit():
            return Integer(int(name[1:]))
        if name is None:
            name = f"a{i}" if dim is None else f"a{i}d{dim}"
        s = Symbol(name, integer=True, nonnegative=True)
        self.leaves.setdefault(s, ("arg", i, dim))
        return s

    def trace(self, v: Value) -> sympy.Expr | None:
        if v in self.memo:
            return self.memo[v]
        r = self._trace(v)
        self.memo[v] = r
        return r

    def _trace(self, v: Value) -> sympy.Expr | None:
        if isinstance(v, BlockArgument):
            if v.owner is self.entry and isinstance(v.type, (IntegerType, IndexType)):
                return self._arg_symbol(v, None)
            return None
        op = v.owner
        assert isinstance(op, Operation)
        name = op.name
        if name == "arith.constant":
            a = op.properties.get("value")
            return Integer(a.value) if isinstance(a, IntegerAttr) else None
        if name == "memref.dim":
            src, idx = op.operands
            d = self.trace(idx)
            t = src.type
            if d is None or not d.is_Integer or not isinstance(t, MemRefType):
                return None
            k = int(d)
            if not 0 <= k < len(t.shape):
                return None
            if t.shape[k] != DYNAMIC:
                return Integer(t.shape[k])
            if isinstance(src, BlockArgument) and src.owner is self.entry:
                return self._arg_symbol(src, k)
            return None
        if name in ("arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui"):
            return self.trace(op.operands[0])
        if name == "func.call" and not op.operands and len(op.results) == 1:
            # A query without arguments (e.g. the thread count): evaluated again where needed.
            callee = getattr(op.properties.get("callee"), "root", None)
            t = op.results[0].type
            if callee is None or not isinstance(t, (IntegerType, IndexType)):
                return None
            s = Symbol(f"{callee}()", integer=True, nonnegative=True)
            self.leaves.setdefault(s, ("call", callee, t))
            return s
        args = [self.trace(x) for x in op.operands]
        if any(a is None for a in args):
            return None
        fn = _ARITH.get(name)
        if fn is None or len(args) != 2:
            return None
        try:
            return fn(*args)
        except ZeroDivisionError:
            return None


_ARITH: dict[str, Any] = {
    "arith.addi": lambda a, b: a + b,
    "arith.subi": lambda a, b: a - b,
    "arith.muli": lambda a, b: a * b,
    "arith.floordivsi": FloorDiv,
    "arith.divsi": FloorDiv,  # sizes are non-negative: truncation is floor
    "arith.divui": FloorDiv,
    "arith.ceildivsi": CeilDiv,
    "arith.remsi": Mod,
    "arith.remui": Mod,
    "arith.maxsi": lambda a, b: sympy.Max(a, b),
    "arith.minsi": lambda a, b: sympy.Min(a, b),
}


# --------------------------------------------------------------------------- max-plus algebra


Poly = tuple[tuple[tuple[sympy.Expr, ...], int], ...]  # ((monomial, coefficient), ...) sorted


class Atom:
    """One distinct slot size: ``64 * ceildiv(S, 64)`` bytes, ``S`` a polynomial with
    non-negative coefficients in non-negative size variables (`poly`)."""

    __slots__ = ("expr", "id", "poly", "sample")

    def __init__(self, id: int, poly: Poly, sample: int) -> None:
        self.id = id
        self.poly = dict(poly)
        self.sample = sample
        size = poly_expr(poly)
        self.expr = Integer(ALIGNMENT) * FloorDiv(size + (ALIGNMENT - 1), Integer(ALIGNMENT))

    def le(self, other: Atom) -> bool:
        """Provably ``self <= other`` for every size >= 0: each coefficient of `self`'s size
        polynomial is at most `other`'s (``ceil`` is monotone)."""
        if self is other:
            return True
        theirs = other.poly
        return all(c <= theirs.get(m, 0) for m, c in self.poly.items())


def poly_expr(poly: Poly) -> sympy.Expr:
    return Add(*(Mul(Integer(c), *m) for m, c in poly)) if poly else Integer(0)


class Sum:
    """``const + sum(count * atom)``: an offset or a top built by stacking slots."""

    __slots__ = ("atoms", "const")

    def __init__(self, const: int = 0, atoms: dict[Atom, int] | None = None) -> None:
        self.const = const
        self.atoms: dict[Atom, int] = dict(atoms or {})

    def plus(self, a: Atom | None, const: int = 0) -> Sum:
        s = Sum(self.const + const, self.atoms)
        if a is not None:
            s.atoms[a] = s.atoms.get(a, 0) + 1
        return s

    def sample(self) -> int:
        return self.const + sum(a.sample * n for a, n in self.atoms.items())

    def le(self, other: Sum) -> bool:
        """Provably ``self <= other`` (see the module docstring)."""
        mine: list[Atom] = []
        theirs = dict(other.atoms)
        for a, n in self.atoms.items():
            common = min(n, theirs.get(a, 0))
            if common:
                theirs[a] -= common
            mine += [a] * (n - common)
        if not mine:
            return self.const <= other.const
        pool = sorted((a for a, n in theirs.items() for _ in range(n)), key=lambda a: a.sample)
        used = [False] * len(pool)
        for a in sorted(mine, key=lambda a: -a.sample):
            k = next((k for k, b in enumerate(pool) if not used[k] and a.le(b)), None)
            if k is None:
                return False
            used[k] = True
        return self.const <= other.const

    def expr(self) -> sympy.Expr:
        return Add(Integer(self.const), *(n * a.expr for a, n in self.atoms.items()))

    def key(self) -> tuple[Any, ...]:
        return (self.const, tuple(sorted((a.id, n) for a, n in self.atoms.items())))


class MaxSum:
    """``max(sum_1, ..., sum_n)`` with no sum provably below another (n <= MAX_TERMS)."""

    __slots__ = ("sums",)

    def __init__(self, sums: list[Sum]) -> None:
        kept: list[Sum] = []
        seen: set[tuple[Any, ...]] = set()
        for i, s in enumerate(sums):
            k = s.key()
            if k in seen:
                continue
            if any(j != i and s.le(t) and not (t.le(s) and j > i) for j, t in enumerate(sums)):
                continue
            seen.add(k)
            kept.append(s)
        if not kept:
            kept = [Sum()]
        if len(kept) > MAX_TERMS:  # bounded by the atom-wise maximum (atoms are >= 0)
            bound = Sum(max(s.const for s in kept))
            for s in kept:
                for a, n in s.atoms.items():
                    bound.atoms[a] = max(bound.atoms.get(a, 0), n)
            kept = [bound]
        self.sums = kept

    @staticmethod
    def zero() -> MaxSum:
        return MaxSum([Sum()])

    def plus(self, a: Atom) -> MaxSum:
        return MaxSum([s.plus(a) for s in self.sums])

    def le(self, other: MaxSum) -> bool:
        return all(any(s.le(t) for t in other.sums) for s in self.sums)

    def sample(self) -> int:
        return max(s.sample() for s in self.sums)

    def expr(self) -> sympy.Expr:
        parts = [s.expr() for s in self.sums]
        return parts[0] if len(parts) == 1 else sympy.Max(*parts, evaluate=False)

    @staticmethod
    def union(values: list[MaxSum]) -> MaxSum:
        return MaxSum([s for v in values for s in v.sums])


# --------------------------------------------------------------------------- the plan


class Buffer:
    """A planned allocation: live ``[start, end]`` (pre-order positions), `size` in bytes and its
    64-byte slot (`atom`), `offset` into the workspace."""

    __slots__ = ("alloc", "atom", "end", "name", "offset", "size", "start")

    def __init__(self, alloc: Operation, start: int, end: int, size: sympy.Expr, atom: Atom):
        self.alloc = alloc
        self.start = start
        self.end = end
        self.size = size
        self.atom = atom
        self.offset = MaxSum.zero()
        self.name = ""

    def overlaps(self, other: Buffer) -> bool:
        return self.start <= other.end and other.start <= self.end

    @property
    def top(self) -> MaxSum:
        return self.offset.plus(self.atom)


class Plan:
    """The plan of one function (see the module docstring)."""

    __slots__ = ("buffers", "excluded", "func", "leaves", "size")

    def __init__(self, func: Operation) -> None:
        self.func = func
        self.buffers: list[Buffer] = []  # in program order
        self.excluded: list[tuple[Operation, str]] = []
        self.leaves: dict[Symbol, tuple[Any, ...]] = {}
        self.size: MaxSum = MaxSum.zero()

    @property
    def size_expr(self) -> sympy.Expr:
        return self.size.expr()

    def unplanned_expr(self) -> sympy.Expr:
        """The sum of the planned buffers' byte sizes (what separate allocations would hold if
        they were all live at once)."""
        return Add(*(b.size for b in self.buffers)) if self.buffers else Integer(0)

    def describe(self) -> str:
        return expr_str(self.size_expr)


def _preorder(func: Operation) -> tuple[dict[Operation, int], dict[Operation, int]]:
    pos: dict[Operation, int] = {}
    end: dict[Operation, int] = {}
    counter = 0

    def visit(op: Operation) -> None:
        nonlocal counter
        pos[op] = counter
        counter += 1
        for r in op.regions:
            for b in r.blocks:
                for o in b.ops:
                    visit(o)
        end[op] = counter - 1

    for b in func.regions[0].blocks:
        for o in b.ops:
            visit(o)
    return pos, end


def _ancestor_in(op: Operation, block: Block) -> Operation | None:
    cur: Operation | None = op
    while cur is not None and cur.parent is not block:
        cur = cur.parent_op
    return cur


def _inside_parallel(op: Operation, func: Operation) -> bool:
    p = op.parent_op
    while p is not None and p is not func:
        if p.name == "scf.parallel" or p.name == "scf.forall":
            return True
        p = p.parent_op
    return False


def _aliases(m: Value) -> tuple[list[Value], str | None]:
    """`m` and its views; a reason when one of them escapes."""
    out = [m]
    i = 0
    while i < len(out):
        v = out[i]
        i += 1
        for use in v.uses:
            user = use.owner
            if user.name == "func.return":
                return out, RETURNED
            if user.name in _ESCAPING:
                return out, f"passed to '{user.name}'"
            if user.name in _VIEW_OPS:
                out.extend(user.results)
            elif any(isinstance(r.type, MemRefType) for r in user.results):
                return out, f"aliased by '{user.name}'"
    return out, None


def _is_variable(f: sympy.Expr) -> bool:
    """A size variable known to be >= 0 for sizes >= 0: a symbol, or a floor/ceil division or
    remainder of a non-negative polynomial by a positive constant."""
    if f.is_Symbol:
        return True
    if f.func in (FloorDiv, CeilDiv, Mod):
        a, b = f.args
        return bool(b.is_Integer and int(b) > 0 and _dim_poly(a) is not None)
    return False


def _dim_poly(d: sympy.Expr) -> dict[tuple[sympy.Expr, ...], int] | None:
    """`d` as a polynomial with non-negative integer coefficients in size variables, or None."""
    out: dict[tuple[sympy.Expr, ...], int] = {}
    for term in Add.make_args(sympy.expand(d, deep=False)):
        c, rest = term.as_coeff_Mul()
        if not c.is_Integer or int(c) < 0:
            return None
        mono: list[sympy.Expr] = []
        for f in Mul.make_args(rest):
            if f is sympy.S.One:
                continue
            if f.is_Pow and f.args[1].is_Integer and int(f.args[1]) > 0:
                base, n = f.args[0], int(f.args[1])
            else:
                base, n = f, 1
            if not _is_variable(base):
                return None
            mono += [base] * n
        key = tuple(sorted(mono, key=sympy.default_sort_key))
        out[key] = out.get(key, 0) + int(c)
    return {m: c for m, c in out.items() if c}


def _upper_bound(e: sympy.Expr) -> int | None:
    """A constant upper bound of `e` when `max`/`min` with constants give one."""
    if e.is_Integer:
        return int(e)
    if e.func is sympy.Min:
        bounds = [b for b in (_upper_bound(a) for a in e.args) if b is not None]
        return min(bounds) if bounds else None
    if e.func is sympy.Max:
        bounds = [_upper_bound(a) for a in e.args]
        return None if any(b is None for b in bounds) else max(bounds)  # type: ignore[type-var]
    return None


def _size_poly(dims: list[sympy.Expr], elt: int) -> Poly:
    """``elt * d0 * d1 * ...`` as a polynomial; a dimension that is not a polynomial in size
    variables is a variable itself (a size is >= 0)."""
    acc: dict[tuple[sympy.Expr, ...], int] = {(): elt}
    for d in dims:
        ub = _upper_bound(d) if d.func in (sympy.Max, sympy.Min) else None
        p = {(): ub} if ub is not None else _dim_poly(d)
        if p is None:
            p = {(d,): 1}
        nxt: dict[tuple[sympy.Expr, ...], int] = {}
        for m1, c1 in acc.items():
            for m2, c2 in p.items():
                m = tuple(sorted(m1 + m2, key=sympy.default_sort_key))
                nxt[m] = nxt.get(m, 0) + c1 * c2
        acc = nxt
    return tuple(sorted(((m, c) for m, c in acc.items() if c), key=sympy.default_sort_key))


def plan_function(func: Operation, sample: dict[str, int] | None = None) -> Plan:
    """Analyse and place the temporaries of loop-level function `func` (nothing is rewritten)."""
    plan = Plan(func)
    if not func.regions or not func.regions[0].blocks:
        return plan
    tracer = _Tracer(func)
    pos, end = _preorder(func)
    atoms: dict[Poly, Atom] = {}
    env_memo: dict[Any, int] = {}

    def sample_of(e: sympy.Expr) -> int:
        env = {s: (sample or {}).get(str(s), SAMPLE) for s in e.free_symbols}
        try:
            return max(0, evaluate(e, env, env_memo))  # type: ignore[arg-type]
        except (ValueError, ZeroDivisionError, KeyError):
            return 0

    for op in list(func.walk()):
        if op.name != "memref.alloc":
            continue
        m = op.results[0]
        t = m.type
        reason = None
        if not isinstance(t, MemRefType) or t.layout is not None:
            reason = "has a layout"
        elif element_bytes(t.element_type) is None:
            reason = f"element type '{t.element_type}' has no byte size"
        elif _inside_parallel(op, func):
            reason = "allocated inside an scf.parallel body (per-iteration scratch)"
        else:
            align = op.properties.get("alignment")
            if isinstance(align, IntegerAttr) and align.value > ALIGNMENT:
                reason = f"alignment {align.value} exceeds {ALIGNMENT}"
        views: list[Value] = []
        if reason is None:
            views, reason = _aliases(m)
        deallocs: list[Operation] = []
        if reason is None:
            deallocs = [u.owner for v in views for u in v.uses if u.owner.name == "memref.dealloc"]
            if len(deallocs) != 1 or deallocs[0].parent is not op.parent:
                reason = "not freed exactly once in its own block"
        last = pos[op]
        if reason is None:
            block = op.parent
            assert block is not None
            for v in views:
                for u in v.uses:
                    top = _ancestor_in(u.owner, block)
                    if top is None:
                        reason = "used outside its block"
                        break
                    last = max(last, end[top])
        dims: list[sympy.Expr] = []
        if reason is None:
            assert isinstance(t, MemRefType)
            dyn = iter(op.operands)
            for d in t.shape:
                if d != DYNAMIC:
                    dims.append(Integer(d))
                    continue
                e = tracer.trace(next(dyn))
                if e is None:
                    reason = "its size is not an expression of the input sizes"
                    break
                dims.append(e)
        if reason is not None:
            plan.excluded.append((op, reason))
            continue
        assert isinstance(t, MemRefType)
        eb = element_bytes(t.element_type)
        assert eb is not None
        poly = _size_poly(dims, eb)
        atom = atoms.get(poly)
        if atom is None:
            atom = Atom(len(atoms), poly, 0)
            atom.sample = sample_of(atom.expr)
            atoms[poly] = atom
        size = Mul(Integer(eb), *dims)
        plan.buffers.append(Buffer(op, pos[op], last, size, atom))
    plan.leaves = dict(tracer.leaves)
    plan.size = _best_placement(plan.buffers)
    return plan


ORDERS = ("size", "program", "lifetime", "area")


def _order(buffers: list[Buffer], how: str) -> list[int]:
    """Placement orders: largest first, program order, longest-lived first, largest
    size x lifetime first (sizes at the sample point; ties in program order)."""
    idx = list(range(len(buffers)))
    if how == "size":
        idx.sort(key=lambda i: (-buffers[i].atom.sample, i))
    elif how == "lifetime":
        idx.sort(key=lambda i: (buffers[i].start - buffers[i].end, i))
    elif how == "area":
        idx.sort(key=lambda i: (-buffers[i].atom.sample * (buffers[i].end - buffers[i].start), i))
    return idx


def _best_placement(buffers: list[Buffer]) -> MaxSum:
    """Place `buffers` in each of `ORDERS`; keep the smallest workspace (proved smaller, else
    smaller at the sample sizes). Every placement is valid; the order only changes its size."""
    if not buffers:
        return MaxSum.zero()
    best: tuple[MaxSum, list[MaxSum]] | None = None
    for how in ORDERS:
        _place(buffers, _order(buffers, how))
        total = MaxSum.union([b.top for b in buffers])
        if best is None or total.le(best[0]) and not best[0].le(total):
            better = True
        else:
            better = not best[0].le(total) and total.sample() < best[0].sample()
        if better:
            best = (total, [b.offset for b in buffers])
    assert best is not None
    for b, o in zip(buffers, best[1]):
        b.offset = o
    return best[0]


def _place(buffers: list[Buffer], order: list[int] | None = None) -> None:
    """Greedy placement in `order` (default: largest first), see the module docstring; sets
    each buffer's `offset`."""
    if order is None:
        order = _order(buffers, "size")
    placed: list[Buffer] = []
    for i in order:
        b = buffers[i]
        conflicts = [k for k in placed if k.overlaps(b)]
        if not conflicts:
            b.offset = MaxSum.zero()
            placed.append(b)
            continue
        tops = [k.top for k in conflicts]
        candidates = sorted([MaxSum.zero(), *tops], key=lambda o: o.sample())
        chosen = None
        for o in candidates:
            mine = o.plus(b.atom)
            if all(top.le(o) or mine.le(k.offset) for k, top in zip(conflicts, tops)):
                chosen = o
                break
        b.offset = chosen if chosen is not None else MaxSum.union(tops)
        placed.append(b)
