"""Running LLH shape rules on real IR: `SymbolicShapeContext`, the `ShapeContext` of
``shape_context.py`` implemented on `SymbolAnalysis`, and `check_and_infer(op)`, the per-op step
shared by ``--infer-symbolic-shape`` (its walk) and the `LLHPatternRewriter` (``rewriter.py``,
infer-on-create, spec §4.4).

The rules themselves are the ops' `infer_symbolic_shape` methods; seeding, torch bindings and the
symbol phase belong to the pass (``passes/infer_symbolic_shape.py``).

How the context maps the protocol onto the symbol system:

* `shape(v)` reads `v`'s `#llh.encoding` (or, without one, an `llh.encoding_bind` of `v`, D7) and
  gives each dimension as the *representative* of its symbol's class: an `Integer` when the class
  is a constant, else the representative's atom. Unencoded values give None (NO_ENC, §4.5).
* `scalar(v)` reads integer constants, the `symbol` of the defining op (property or discardable
  attribute), an `llh.symbol_bind` of `v`, a `torch_symbolic_int`'s name, or a block argument's
  `func.symbol_int`.
* `set_shape(r, dims)` names every dimension with `sa.define` (hash-consed: equal expressions share
  a symbol, D2; a `None` dimension is the declared static size or a fresh symbol), refines `?` and
  unranked result types where a dimension is a known constant, and writes the encoding. A static
  declared size the rule cannot derive is recorded equal to it; one it derives differently is an
  error. An existing encoding (type or bind) is kept, as the reference's HAS_ENC guard does, but
  not trusted blindly: a symbol not provably equal to the derived one is merged with it
  (contradictions are diagnostics). Keeping it makes the pass idempotent.
* `set_scalar(r, e)` writes `symbol = @name` on the defining op: its property when the op declares
  one, else a discardable attribute (a side table for multi-result ops, e.g. `llh.shape_of`). An
  existing `symbol` is kept and checked the same way, except a constant symbol contradicting the
  value, which is replaced (the verifier warns about it, §8.33).
* `equate(a, b, op)` merges the symbols of `a` and `b` (an `EQ` relation); two different constants
  are `'op' op dimension mismatch: 512 vs 256` at `op` (D3).

Hot path (every op of 100k-op graphs, ``tools/bench``): no `simplify`; dimension expressions of
unchanged symbols are dict lookups; result types are built through interned constructors and a
per-context cache keyed by (declared type, symbol names).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import lcm
from typing import TYPE_CHECKING, NoReturn

import sympy
from sympy import Add, Integer, Mul

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.dialects.llh.attrs import EncodingAttr, constant_symbol_value
from llh_opt.ir.attributes import (
    ArrayAttr,
    DictionaryAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
)
from llh_opt.ir.core import BlockArgument, Operation, OpResult, Value
from llh_opt.ir.opdef import VerifyError, constant_like_value
from llh_opt.ir.types import (
    DYNAMIC,
    FunctionType,
    IndexType,
    IntegerType,
    RankedTensorType,
    Type,
    UnrankedTensorType,
)
from llh_opt.symbolic import (
    CeilDiv,
    FloorDiv,
    SymbolAnalysis,
    SymbolExpressionError,
    atom,
    root_module,
)

if TYPE_CHECKING:
    from llh_opt.dialects.llh.shape_context import Dim

__all__ = [
    "SymbolicShapeContext",
    "check_and_infer",
    "encoding_names",
    "function_of",
    "scalar_symbol_name",
    "sync_function_results",
]

# --------------------------------------------------------------------------- reading the IR


def encoding_names(value: Value) -> tuple[str, ...] | None:
    """The dimension symbols recorded for a ranked tensor value: its `#llh.encoding`, else the
    encoding of an `llh.encoding_bind` of it (of the right rank); `()` for a rank-0 tensor; None
    when nothing is recorded or the value is not a ranked tensor."""
    t = value.type
    if t.__class__ is not RankedTensorType:
        return None
    enc = t.encoding  # type: ignore[attr-defined]
    if enc.__class__ is EncodingAttr:
        return enc.symbols  # type: ignore[no-any-return, union-attr]
    rank = len(t.shape)  # type: ignore[attr-defined]
    if not rank:
        return ()
    for use in value.uses:
        owner = use.owner
        if owner.name == "llh.encoding_bind":
            e = owner.properties.get("encoding")
            if isinstance(e, EncodingAttr) and len(e.symbols) == rank:
                return e.symbols
    return None


def scalar_symbol_name(value: Value) -> str | None:
    """The symbol recorded for an integer value: the `symbol` of its single-result defining op
    (property or discardable attribute), an `llh.symbol_bind` of it, a `torch_symbolic_int`'s
    name, or a block argument's `func.symbol_int`; None otherwise."""
    if isinstance(value, OpResult):
        op = value.op
        if len(op.results) == 1:
            a = op.properties.get("symbol") or op.attributes.get("symbol")
            if isinstance(a, SymbolRefAttr):
                return a.root
            if op.name == "llh.torch_symbolic_int":
                n = op.properties.get("sym_name")
                if isinstance(n, StringAttr):
                    return n.value
    elif isinstance(value, BlockArgument):
        name = _arg_symbol_int(value)
        if name is not None:
            return name
    for use in value.uses:
        owner = use.owner
        if owner.name == "llh.symbol_bind":
            a = owner.properties.get("symbol")
            if isinstance(a, SymbolRefAttr):
                return a.root
    return None


def _arg_symbol_int(arg: BlockArgument) -> str | None:
    """`func.symbol_int` of an entry-block argument of a `func.func` (HEAD, spec §4.9)."""
    block = arg.block
    func = block.parent_op
    if func is None or func.name != "func.func" or func.regions[0].blocks[0] is not block:
        return None
    attrs = func.properties.get("arg_attrs")
    if not isinstance(attrs, ArrayAttr) or arg.index >= len(attrs.value):
        return None
    d = attrs.value[arg.index]
    a = d.get("func.symbol_int") if isinstance(d, DictionaryAttr) else None
    if isinstance(a, SymbolRefAttr):
        return a.root
    if isinstance(a, StringAttr):
        return a.value
    return None


def _constant_value(value: Value) -> int | None:
    if isinstance(value, OpResult):
        a = constant_like_value(value.op)
        if a is not None and isinstance(getattr(a, "type", None), (IntegerType, IndexType)):
            return int(a.value)  # type: ignore[attr-defined]
    return None


def function_of(op: Operation) -> Operation | None:
    """The nearest enclosing `func.func` of `op`."""
    p = op.parent_op
    while p is not None and p.name != "func.func":
        p = p.parent_op
    return p


def sync_function_results(func: Operation) -> bool:
    """The return fix-up (`COMMON_CHECK`, §4.4): `func`'s type becomes (entry argument types) ->
    (operand types of its first `func.return`). Returns whether it changed."""
    if func.name != "func.func" or not func.regions or not func.regions[0].blocks:
        return False
    region = func.regions[0]
    inputs = tuple(a.type for a in region.blocks[0].args)
    old = func.properties.get("function_type")
    results: tuple[Type, ...] | None = None
    for block in region.blocks:
        term = block.last
        if term is not None and term.name == "func.return":
            results = tuple(term.operand_types)
            break
    if results is None:
        results = old.type.results if isinstance(old, TypeAttr) else ()  # type: ignore[attr-defined]
    new = FunctionType(inputs, results)
    if isinstance(old, TypeAttr) and old.type is new:
        return False
    func.properties["function_type"] = TypeAttr(new)
    return True


# --------------------------------------------------------------------------- rule expressions


def _quotient(x: sympy.Expr) -> tuple[sympy.Expr, sympy.Expr]:
    """(numerator, denominator) of `x`; fast for the rules' `(a + k)/n` with an integer `n` (sympy
    distributes it: `a/n + k/n`), `together` otherwise."""
    den = 1
    for t in Add.make_args(x):
        c, rest = t.as_coeff_Mul()
        if not c.is_Rational:
            break
        if any(f.is_Pow and f.exp.is_negative for f in Mul.make_args(rest)):
            break
        den = lcm(den, int(c.q))  # type: ignore[attr-defined]
    else:
        if den == 1:
            return x, sympy.S.One
        terms = []
        for t in Add.make_args(x):
            c, rest = t.as_coeff_Mul()
            k = int(c.p) * (den // int(c.q))  # type: ignore[attr-defined]
            terms.append(Integer(k) if rest is sympy.S.One else rest if k == 1 else Mul(k, rest))
        return Add(*terms), Integer(den)
    num, d = sympy.fraction(sympy.together(x))
    return num, d


def engine_form(e: sympy.Expr, memo: dict[sympy.Expr, sympy.Expr]) -> sympy.Expr:
    """`e` with sympy's `floor`/`ceiling` of a quotient (how the rules write division, built
    unevaluated) turned into the engine's `FloorDiv`/`CeilDiv`. Needed for speed: re-building an
    unevaluated `floor` (as substitution does) evaluates it, which costs milliseconds."""
    r = memo.get(e)
    if r is not None:
        return r
    if e.is_Atom:
        r = e
    else:
        func = e.func
        if func is sympy.floor or func is sympy.ceiling:
            num, den = _quotient(engine_form(e.args[0], memo))
            r = (FloorDiv if func is sympy.floor else CeilDiv)(num, den)
        else:
            args = tuple(engine_form(a, memo) for a in e.args)
            r = func(*args) if any(x is not y for x, y in zip(args, e.args)) else e
    memo[e] = r
    return r


# --------------------------------------------------------------------------- the context


class SymbolicShapeContext:
    """The `ShapeContext` of the real IR: dimensions and scalars are symbols of `sa`
    (see the module docstring for the mapping)."""

    __slots__ = ("_dims", "_forms", "_scalars", "_types", "sa")

    def __init__(self, sa: SymbolAnalysis) -> None:
        self.sa = sa
        self._forms: dict[sympy.Expr, sympy.Expr] = {}
        # shape() of encoded types; what it returns only changes when classes merge (cleared).
        self._dims: dict[Type, tuple[sympy.Expr, ...]] = {}
        self._scalars: dict[Value, str] = {}  # scalars of ops without a `symbol` property
        self._types: dict[tuple[Type, tuple[str, ...]], Type] = {}

    @classmethod
    def of(cls, op: Operation) -> SymbolicShapeContext:
        """A context on the (cached) analysis of `op`'s root module."""
        return cls(SymbolAnalysis.get(op))

    # ------------------------------------------------------------------ names ↔ expressions

    def expr(self, name: str) -> sympy.Expr:
        """What a rule sees for symbol `name`: an `Integer` for a constant class, else the atom of
        the class representative."""
        sa = self.sa
        rep = sa.representative(name)
        v = sa.classes.value(rep)
        return v if v.is_Integer else atom(rep)

    def define(self, e: sympy.Expr | int, op: Operation | None) -> str:
        """The symbol naming `e` (declared; a known constant gives `c<N>`)."""
        sa = self.sa
        if isinstance(e, int):
            return sa.const(e, op)
        if e.is_Integer:
            return sa.const(int(e), op)
        if e.is_Symbol:  # fast path: what shape() hands out is mostly passed through
            rep = sa.representative(e.name)  # type: ignore[attr-defined]
            v = sa.classes.value(rep)
            if v.is_Integer:
                return sa.const(int(v), op)
            if sa.is_declared(rep):
                return rep
        try:
            name = sa.define(e if e.is_Atom else engine_form(e, self._forms), at_op=op)
        except (SymbolExpressionError, TypeError) as err:
            self._fail(op, f"unsupported shape expression '{e}': {err}")
        v = sa.known_value(name)
        if v is not None and constant_symbol_value(name) != v:
            name = sa.const(v, op)
        return name

    def merge(self, a: str, b: str, op: Operation | None, context: str | None = None) -> None:
        """Record `a == b`; a contradiction is an error at `op`."""
        if a == b:
            return
        self._dims.clear()
        try:
            self.sa.merge(a, b, at_op=op, context=context)
        except VerifyError:
            raise
        except DiagnosticError as err:
            self._fail(op, err.diagnostics[0].message)

    def _fail(self, op: Operation | None, message: str) -> NoReturn:
        if op is None:
            raise DiagnosticError(Diagnostic(Severity.ERROR, message))
        raise VerifyError(op, message)

    # ------------------------------------------------------------------ ShapeContext: reading

    def shape(self, value: Value) -> tuple[sympy.Expr, ...] | None:
        t = value.type
        cached = self._dims.get(t)
        if cached is not None:
            return cached
        names = encoding_names(value)
        if names is None:
            return None
        sizes = t.shape  # type: ignore[attr-defined]
        if len(names) != len(sizes):
            self._fail(
                _owner_op(value),
                f"type '{t}' has {len(names)} encoding symbols for rank {len(sizes)}",
            )
        out: list[sympy.Expr] = []
        for name, size in zip(names, sizes):
            if size == DYNAMIC:
                out.append(self.expr(name))
                continue
            if constant_symbol_value(name) != size:  # a free symbol naming a static size
                self.merge(name, self.sa.const(size), _owner_op(value))
            out.append(Integer(size))
        dims = tuple(out)
        if t.encoding is not None:  # type: ignore[attr-defined]
            self._dims[t] = dims
        return dims

    def scalar(self, value: Value) -> sympy.Expr | None:
        c = _constant_value(value)
        if c is not None:
            return Integer(c)
        name = self._scalars.get(value)
        if name is None:
            name = scalar_symbol_name(value)
            if name is None:
                return None
            self.sa.get_or_build(name)
        return self.expr(name)

    # ------------------------------------------------------------------ ShapeContext: recording

    def set_shape(self, result: Value, dims: Sequence[Dim]) -> None:
        op = _owner_op(result)
        t = result.type
        if isinstance(t, RankedTensorType):
            declared = t.shape
            if len(declared) != len(dims):
                self._fail(
                    op,
                    f"result type '{t}' has rank {len(declared)} but the shape rule gives rank "
                    f"{len(dims)}",
                )
        elif isinstance(t, UnrankedTensorType):
            declared = (DYNAMIC,) * len(dims)
        else:
            self._fail(op, f"the shape rule gives a shape to a non-tensor value of type '{t}'")
        sa = self.sa
        old = encoding_names(result)
        if old is not None and len(old) != len(dims):
            self._fail(op, f"the encoding of '{t}' has {len(old)} symbols for {len(dims)} dims")
        names: list[str] = []
        for i, (d, size) in enumerate(zip(dims, declared)):
            if d is None:
                if old is not None:
                    name = old[i]
                else:
                    name = sa.const(size, op) if size != DYNAMIC else sa.fresh(op)
            else:
                name = self.define(d, op)
                v = sa.known_value(name)
                if v is not None and v < 0:
                    self._fail(op, f"result dimension {i} would have the negative size {v}")
                if size != DYNAMIC:
                    if v is None:
                        self.merge(name, sa.const(size, op), op, f"result dimension {i}")
                        name = sa.const(size, op)
                    elif v != size:
                        self._fail(
                            op,
                            f"dimension mismatch: result dimension {i} is declared {size} but "
                            f"the shape rule gives {v}",
                        )
            if old is not None and old[i] != name and not sa.provably_equal(old[i], name):
                self.merge(old[i], name, op, f"result dimension {i}")
            names.append(name)
        if old is not None:
            return  # an existing annotation stays (checked above), as the reference's HAS_ENC
        key = tuple(names)
        cache_key = (t, key)
        new = self._types.get(cache_key)
        if new is None:
            shape = tuple(
                size if size != DYNAMIC else _static_or_dynamic(name)
                for size, name in zip(declared, key)
            )
            new = RankedTensorType(shape, t.element_type, EncodingAttr(key) if key else None)  # type: ignore[attr-defined]
            self._types[cache_key] = new
        result.type = new

    def set_scalar(self, result: Value, expr: sympy.Expr) -> None:
        op = _owner_op(result)
        name = self.define(expr, op)
        if not isinstance(result, OpResult):
            self._scalars[result] = name
            return
        owner = result.op
        if len(owner.results) != 1:
            self._scalars[result] = name
            return
        # The `symbol` property where the op declares one, else a discardable attribute.
        where = (
            owner.properties
            if "symbol" in type(owner).PROPERTY_NAMES  # type: ignore[attr-defined]
            else owner.attributes
        )
        old = where.get("symbol")
        if isinstance(old, SymbolRefAttr) and old.root != name:
            a, b = constant_symbol_value(old.root), constant_symbol_value(name)
            if a is None or b is None:  # a wrong constant symbol is corrected, anything else kept
                if not self.sa.provably_equal(old.root, name):
                    self.merge(old.root, name, op, "scalar symbol")
                return
        where["symbol"] = SymbolRefAttr(name)

    def equate(self, a: sympy.Expr, b: sympy.Expr, op: Operation) -> None:
        na, nb = self.define(a, op), self.define(b, op)
        if constant_symbol_value(na) is not None and constant_symbol_value(nb) is None:
            na, nb = nb, na  # the relation reads `s1 EQ c512`, as the reference writes it
        self.merge(na, nb, op)

    def error(self, op: Operation, message: str) -> NoReturn:
        raise VerifyError(op, message)


def _static_or_dynamic(name: str) -> int:
    v = constant_symbol_value(name)
    return v if v is not None and v >= 0 else DYNAMIC


def _owner_op(value: Value) -> Operation | None:
    if isinstance(value, OpResult):
        return value.op
    if isinstance(value, BlockArgument):
        return value.block.parent_op
    return None


# --------------------------------------------------------------------------- one op


def check_and_infer(op: Operation, ctx: SymbolicShapeContext | None = None) -> bool:
    """Run `op`'s shape rule (its `infer_symbolic_shape` method, if any) and, when it succeeds, the
    return fix-up of the functions returning its results. `ctx` defaults to a context on the
    analysis of `op`'s root module (the op must be inside a module). Returns whether the rule
    applied."""
    rule = getattr(op, "infer_symbolic_shape", None)
    if rule is None:
        return False
    if ctx is None:
        try:
            root_module(op)
        except ValueError:
            return False  # not in a module yet: nothing to name symbols in
        ctx = SymbolicShapeContext.of(op)
    if not rule(ctx):
        return False
    for r in op.results:
        for use in r.uses:
            if use.owner.name == "func.return":
                func = use.owner.parent_op
                if func is not None:
                    sync_function_results(func)
    return True
