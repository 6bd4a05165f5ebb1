"""`--infer-symbolic-shape` (alias `--infer-symbol-shape`, spec §4.3–§4.9, §6.1, D1–D3, D7, D8):
seed the `entrance` functions' arguments with symbols, run every op's shape rule in the walk order
of §4.4, check torch bindings, rebuild function signatures, then apply the equalities found.

What does not live here: the rules (the ops' `infer_symbolic_shape`), how a rule's expressions
become symbols and types (`dialects/llh/shape_inference.py`), the symbol system (`symbolic/`), and the
unloading of encodings into binds (`encoding_to_bind.py`, reused by `use-encoding=false`).

Steps, per root module (nested non-`__symbol__` modules are root modules of their own):

1. a fresh `SymbolAnalysis` (re-read from the IR) and `module @__symbol__` (always created by this
   pass, §4.1); the names of `llh.torch_symbolic_int` ops are declared, so fresh `s<N>` never
   collide with torch's names;
2. seeding (§4.3): every tensor argument of an `entrance` function gets the symbols named by
   `func.input_symbol_<d>` (declared in dimension order), else `c<size>` / a fresh `s<N>`; an
   encoding already present (type or `llh.encoding_bind`) is checked against them. Integer
   arguments get `func.symbol_int = @s<N>` (HEAD §4.9, in both modes, so both record the same
   facts);
3. the walk: post-order (nested regions first, program order; a function called by an earlier
   one is walked before it, so a `func.call`'s results take the callee's inferred types),
   `check_and_infer` on every op;
   `llh.symbolic_bind` (D8) — its affine map over the bound scalars gives each dimension of the
   bound value: a value the rules left unknown is seeded with it, a dimension whose symbol is still
   free is merged with it, and a dimension the rules derived must be the same expression (else an
   error naming both). A binding is applied as soon as its value is defined (arguments: after
   seeding), or when the walk reaches it if its scalars were not known yet;
4. every function's type follows its arguments and its `func.return` (the return fix-up); a call
   whose operands gained encodings its callee's signature lacks is an error (inline it first:
   the reference only sees inlined graphs, §6.4);
5. the symbol phase (D3): classes are renamed to their representative (free = free: later →
   earlier), free = constant stays an `EQ` relation (`s1 EQ c512`, §4.8), trivial and all-constant
   relations are erased;
6. `use-encoding=false` (alias `use-binding=false`, D7): the encodings are unloaded into
   `llh.encoding_bind` / `llh.symbol_bind` exactly as `--encoding-to-bind` does.

Hot path (10k/100k-op graphs, ``tools/bench``): one linked-list walk, one rule call per op; the
symbol work is hash-consed in `SymbolAnalysis`.
"""

from __future__ import annotations

from collections.abc import Iterator

import sympy

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.dialects.llh import EncodingAttr
from llh_opt.ir.affine import AffineMap
from llh_opt.ir.attributes import (
    AffineMapAttr,
    ArrayAttr,
    DictionaryAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
)
from llh_opt.ir.core import Block, BlockArgument, Operation, OpResult, Value
from llh_opt.ir.opdef import VerifyError
from llh_opt.ir.types import (
    DYNAMIC,
    IndexType,
    IntegerType,
    RankedTensorType,
    Type,
    UnrankedTensorType,
)
from llh_opt.passes.encoding_to_bind import encoding_to_bind
from llh_opt.passes.pass_manager import PassContext
from llh_opt.passes.registry import Pass, PassOption, register_pass
from llh_opt.dialects.llh.shape_inference import (
    SymbolicShapeContext,
    check_and_infer,
    encoding_names,
    scalar_symbol_name,
    sync_function_results,
)
from llh_opt.symbolic import (
    SymbolAnalysis,
    constant_symbol_value,
    from_affine_expr,
    is_symbol_module,
)
from llh_opt.symbolic.expressions import expr_str

__all__ = ["InferSymbolicShapePass", "infer_symbolic_shapes"]

_SKIPPED = frozenset(("llh.symbolic_int", "llh.symbolic_bind"))


# --------------------------------------------------------------------------- walking


def _root_modules(op: Operation) -> list[Operation]:
    """`op` (a module) and every nested `builtin.module` that is not a `__symbol__` module,
    innermost first."""
    out: list[Operation] = []
    for o in op.walk(pre_order=False):
        if o.name == "builtin.module" and (o is op or not is_symbol_module(o)):
            out.append(o)
    return out


class _Scan:
    """What one walk of a root module (not entering nested modules) finds: torch ops (D8) and
    calls, with the function containing each call."""

    __slots__ = ("binds", "calls", "torch_ints")

    def __init__(self, module: Operation) -> None:
        self.torch_ints: list[Operation] = []
        self.binds: list[Operation] = []
        self.calls: list[tuple[Operation, Operation]] = []  # (enclosing top-level op, call)
        for top in module.regions[0].blocks[0].ops:
            if top.name == "builtin.module" or not top.regions:
                continue
            stack = [top]
            while stack:
                op = stack.pop()
                name = op.name
                if name == "llh.torch_symbolic_int":
                    self.torch_ints.append(op)
                elif name == "llh.symbolic_bind":
                    self.binds.append(op)
                elif name == "func.call":
                    self.calls.append((top, op))
                for region in op.regions:
                    for block in region.blocks:
                        o = block.last
                        while o is not None:
                            if o.name != "builtin.module":
                                stack.append(o)
                            o = o.prev


def _top_level_order(module: Operation, scan: _Scan) -> list[Operation]:
    """The ops of `module`'s body to walk, in order: program order, except that a function called
    (`func.call`) by an earlier one is moved before it (callees first, so a call's results can take
    the callee's inferred types); nested modules and declarations are left out."""
    body = module.regions[0].blocks[0]
    tops = [op for op in body.ops if op.name != "builtin.module" and op.name != "llh.symbolic_int"]
    funcs = {
        op.properties["sym_name"].value: op  # type: ignore[attr-defined]
        for op in tops
        if op.name == "func.func"
    }
    calls: dict[Operation, list[Operation]] = {}
    for top, call in scan.calls:
        callee = funcs.get(call.properties["callee"].root)  # type: ignore[attr-defined]
        if callee is not None and callee is not top:
            calls.setdefault(top, []).append(callee)
    if not calls:
        return tops
    order: list[Operation] = []
    state: dict[Operation, int] = {}  # 1: in progress, 2: done
    for op in tops:
        stack = [(op, iter(calls.get(op, ())))]
        if state.get(op):
            continue
        state[op] = 1
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                stack.pop()
                state[node] = 2
                order.append(node)
            elif not state.get(nxt):  # a cycle (state 1) keeps program order
                state[nxt] = 1
                stack.append((nxt, iter(calls.get(nxt, ()))))
    return order


def _post_order(ops: list[Operation]) -> Iterator[Operation]:
    """The ops nested in `ops` (and `ops` themselves) in MLIR's post-order: an op's nested regions
    before the op, program order within a block, without entering nested modules."""
    frames: list[tuple[Operation, list[Block]]] = []
    blocks: list[Block] = []
    pending = list(reversed(ops))
    op: Operation | None = None
    while True:
        if op is not None:
            if op.name == "builtin.module":
                op = op.next
            elif op.regions:
                frames.append((op, blocks))
                blocks = [b for r in op.regions for b in r.blocks]
                op = None
            else:
                nxt = op.next
                yield op
                op = nxt
        elif blocks:
            op = blocks.pop(0).first
        elif frames:
            parent, blocks = frames.pop()
            nxt = parent.next if frames else None
            yield parent
            op = nxt
        elif pending:
            top = pending.pop()
            if top.regions:
                frames.append((top, blocks))
                blocks = [b for r in top.regions for b in r.blocks]
            else:
                yield top
        else:
            return


# --------------------------------------------------------------------------- the pass driver


class _Inference:
    """One run of the pass on one root module."""

    __slots__ = ("applied", "binds", "ctx", "module", "sa", "scan", "use_encoding")

    def __init__(self, module: Operation, use_encoding: bool) -> None:
        SymbolAnalysis.clear(module)
        self.module = module
        self.sa = SymbolAnalysis.get(module)
        self.sa.symbol_module(create=True)
        self.ctx = SymbolicShapeContext(self.sa)
        self.use_encoding = use_encoding
        self.binds: dict[Value, list[Operation]] = {}
        self.applied: set[Operation] = set()
        self.scan = _Scan(module)

    def run(self) -> None:
        self._collect_torch_ops()
        body = self.module.regions[0].blocks[0]
        for op in list(body.ops):
            if op.name == "func.func" and "entrance" in op.attributes and op.regions[0].blocks:
                self._seed(op)
        binds, ctx = self.binds, self.ctx
        for op in _post_order(_top_level_order(self.module, self.scan)):
            name = op.name
            if name == "func.call":
                self._infer_call(op)
                continue
            if name in _SKIPPED:
                if name == "llh.symbolic_bind" and op not in self.applied:
                    self._apply_bind(op, final=True)
                continue
            if check_and_infer(op, ctx) and binds:
                for r in op.results:
                    pending = binds.pop(r, None)
                    if pending:
                        for b in pending:
                            self._apply_bind(b, final=False)
        for op in list(body.ops):
            if op.name == "func.func":
                sync_function_results(op)
        self._check_calls()
        self.sa.apply_equalities(constants=False)
        if not self.use_encoding:
            encoding_to_bind(self.module)

    # ------------------------------------------------------------------ calls

    def _callee(self, call: Operation) -> Operation | None:
        ref = call.properties.get("callee")
        if not isinstance(ref, SymbolRefAttr) or ref.nested:
            return None
        for op in self.module.regions[0].blocks[0].ops:
            name = op.properties.get("sym_name")
            if op.name == "func.func" and isinstance(name, StringAttr) and name.value == ref.root:
                return op
        return None

    def _infer_call(self, call: Operation) -> None:
        """A call's results take the callee's (already inferred) result types where they only
        add an encoding or refine `?`/unranked sizes."""
        callee = self._callee(call)
        ft = callee.properties.get("function_type") if callee is not None else None
        if not isinstance(ft, TypeAttr):
            return
        for r, t in zip(call.results, ft.type.results):  # type: ignore[attr-defined]
            if r.type is not t and _refines(t, r.type):
                r.type = t
                pending = self.binds.pop(r, None)
                for b in pending or ():
                    self._apply_bind(b, final=False)

    def _check_calls(self) -> None:
        """A call whose operands gained encodings the callee's signature lacks would not verify:
        say so plainly (the reference only sees inlined graphs, §6.4)."""
        for _, op in self.scan.calls:
            callee = self._callee(op)
            ft = callee.properties.get("function_type") if callee is not None else None
            if not isinstance(ft, TypeAttr):
                continue
            for i, (v, t) in enumerate(zip(op.operands, ft.type.inputs)):  # type: ignore[attr-defined]
                if v.type is not t:
                    raise VerifyError(
                        op,
                        f"operand #{i} has type '{v.type}' after symbolic shape inference but "
                        f"@{op.properties['callee'].root} expects '{t}' (inline the call, or "  # type: ignore[attr-defined]
                        "make the callee an entrance function)",
                    )

    # ------------------------------------------------------------------ torch (D8)

    def _collect_torch_ops(self) -> None:
        for op in self.scan.torch_ints:
            n = op.properties.get("sym_name")
            if isinstance(n, StringAttr):
                self.sa.get_or_build(n.value, op)
        for op in self.scan.binds:
            self.binds.setdefault(op.input, []).append(op)

    def _bound_exprs(self, bind: Operation) -> list[sympy.Expr | None] | None:
        """The expressions `bind` gives, None where they use an unknown scalar; None when some
        scalar is unknown."""
        amap = bind.properties.get("expressions")
        if not isinstance(amap, AffineMapAttr):
            return None
        m: AffineMap = amap.map
        syms: list[sympy.Expr | None] = [self.ctx.scalar(v) for v in bind.bind_symbols]
        unknown = [sympy.Symbol(f"?{i}") for i in range(m.num_symbols)]
        operands = [s if s is not None else unknown[i] for i, s in enumerate(syms)]
        operands += unknown[len(operands) :]
        out: list[sympy.Expr | None] = []
        for r in m.results:
            try:
                e = from_affine_expr(r, operands)
            except (ValueError, TypeError):
                out.append(None)
                continue
            out.append(None if any(s.name.startswith("?") for s in e.free_symbols) else e)
        return out

    def _apply_bind(self, bind: Operation, final: bool) -> None:
        """Check or seed the value `bind` binds (see the module docstring, step 3)."""
        if not final and any(self.ctx.scalar(v) is None for v in bind.bind_symbols):
            return  # applied when the walk reaches the bind
        self.applied.add(bind)
        exprs = self._bound_exprs(bind)
        if exprs is None:
            return
        value = bind.input
        ctx = self.ctx
        t = value.type
        if isinstance(t, (IntegerType, IndexType)):
            if len(exprs) != 1 or exprs[0] is None:
                return
            current = scalar_symbol_name(value)
            if current is None:
                if isinstance(value, OpResult):
                    ctx.set_scalar(value, exprs[0])
                return
            self._agree(bind, "the value", current, exprs[0])
            return
        names = encoding_names(value)
        if names is None:
            if isinstance(t, RankedTensorType) and len(t.shape) != len(exprs):
                raise VerifyError(
                    bind,
                    f"binds {len(exprs)} dimensions to a value of rank {len(t.shape)}",
                )
            ctx.set_shape(value, exprs)
            if isinstance(value, BlockArgument):
                sync_function_results(value.block.parent_op)  # type: ignore[arg-type]
            return
        if len(names) != len(exprs):
            raise VerifyError(
                bind, f"binds {len(exprs)} dimensions to a value of rank {len(names)}"
            )
        for i, (name, e) in enumerate(zip(names, exprs)):
            if e is not None:
                self._agree(bind, f"dimension {i}", name, e)

    def _agree(self, bind: Operation, what: str, name: str, e: sympy.Expr) -> None:
        """`name` (what the rules found) and `e` (the binding) must be equal: merged when one of
        them is still a free symbol, else an error showing both."""
        ctx, sa = self.ctx, self.sa
        other = ctx.define(e, bind)
        if sa.provably_equal(name, other):
            return
        if sa.classes.is_free(name) or sa.classes.is_free(other):
            ctx.merge(name, other, bind, f"torch binding of {what}")
            return
        raise VerifyError(
            bind,
            f"torch binding disagrees with the shape rules: {what} is "
            f"{expr_str(sa.expr_of(name))} by the shape rules but {expr_str(sa.expr_of(other))} "
            f"by the binding",
        )

    # ------------------------------------------------------------------ seeding (§4.3)

    def _seed(self, func: Operation) -> None:
        sa = self.sa
        block = func.regions[0].blocks[0]
        attrs = func.properties.get("arg_attrs")
        arg_dicts = list(attrs.value) if isinstance(attrs, ArrayAttr) else []
        new_dicts = list(arg_dicts)
        dicts_changed = False
        for i, arg in enumerate(block.args):
            d = arg_dicts[i] if i < len(arg_dicts) else None
            t = arg.type
            if isinstance(t, RankedTensorType):
                seed_tensor_argument(self.sa, self.ctx, func, arg, d)
            elif isinstance(t, (IntegerType, IndexType)):
                if scalar_symbol_name(arg) is None:
                    items = dict(d.items) if isinstance(d, DictionaryAttr) else {}
                    items["func.symbol_int"] = SymbolRefAttr(sa.fresh(func))
                    while len(new_dicts) < len(block.args):
                        new_dicts.append(DictionaryAttr({}))
                    new_dicts[i] = DictionaryAttr(items)
                    dicts_changed = True
                elif isinstance(d, DictionaryAttr):
                    given = d.get("func.symbol_int")
                    if isinstance(given, StringAttr):  # a string is turned into a reference
                        sa.get_or_build(given.value, func)
                        items = dict(d.items)
                        items["func.symbol_int"] = SymbolRefAttr(given.value)
                        new_dicts[i] = DictionaryAttr(items)
                        dicts_changed = True
        if dicts_changed:
            func.properties["arg_attrs"] = ArrayAttr(tuple(new_dicts))
        for arg in block.args:
            pending = self.binds.pop(arg, None)
            if pending:
                for b in pending:
                    self._apply_bind(b, final=False)
        sync_function_results(func)


def seed_tensor_argument(
    sa: SymbolAnalysis, ctx: SymbolicShapeContext, func: Operation, arg: BlockArgument, d: object
) -> None:
    """Seed one ranked tensor argument of an entrance function (spec §4.3 step 1): the symbols
    its `func.input_symbol_<k>` attributes name (declared), `c<N>` for other static sizes and
    fresh symbols for the other `?`; an encoding already there is kept and checked against the
    names. Shared with ``--remove-redundant-ops``."""
    t = arg.type
    assert isinstance(t, RankedTensorType)
    rank = len(t.shape)
    if not rank:
        return
    given: list[str | None] = [None] * rank
    if isinstance(d, DictionaryAttr):
        for k in range(rank):
            a = d.get(f"func.input_symbol_{k}")
            if isinstance(a, StringAttr) and a.value:
                given[k] = a.value
            elif isinstance(a, SymbolRefAttr):
                given[k] = a.root
    for k, name in enumerate(given):
        if name is None:
            continue
        sa.get_or_build(name, func)
        size = t.shape[k]
        value = constant_symbol_value(name)
        if size != DYNAMIC and value is not None and value != size:
            raise VerifyError(
                func,
                f'argument #{arg.index}: func.input_symbol_{k} = "{name}" names a dimension '
                f"of static size {size}",
            )
    existing = encoding_names(arg)
    if existing is not None and len(existing) != rank:
        raise VerifyError(
            func,
            f"argument #{arg.index} type '{t}' has {len(existing)} encoding symbols for "
            f"rank {rank}",
        )
    if existing is not None:  # kept, checked against the names given
        for k, name in enumerate(given):
            if name is not None:
                ctx.merge(existing[k], name, func, f"argument #{arg.index} dimension {k}")
        return
    names: list[str] = []
    for k, size in enumerate(t.shape):
        name = given[k]
        if name is None:
            name = sa.fresh(func) if size == DYNAMIC else sa.const(size, func)
        elif size != DYNAMIC and constant_symbol_value(name) is None:
            ctx.merge(name, sa.const(size, func), func, f"argument #{arg.index}")
        names.append(name)
    arg.type = t.with_encoding(EncodingAttr(tuple(names)))


def _refines(new: Type, old: Type) -> bool:
    """`new` is `old` with an encoding added and/or `?` (or unranked) sizes made static."""
    if isinstance(old, UnrankedTensorType):
        return isinstance(new, RankedTensorType) and new.element_type is old.element_type
    if not isinstance(old, RankedTensorType) or not isinstance(new, RankedTensorType):
        return False
    return (
        new.element_type is old.element_type
        and len(new.shape) == len(old.shape)
        and all(a == b or b == DYNAMIC for a, b in zip(new.shape, old.shape))
    )


def infer_symbolic_shapes(root: Operation, use_encoding: bool = True) -> None:
    """Run the inference on `root` (a `builtin.module`) and every nested root module; raises
    `DiagnosticError` on contradictions."""
    if root.name != "builtin.module":
        raise DiagnosticError(
            Diagnostic(Severity.ERROR, "infer-symbolic-shape expects a builtin.module")
        )
    for module in _root_modules(root):
        _Inference(module, use_encoding).run()


@register_pass
class InferSymbolicShapePass(Pass):
    NAME = "infer-symbolic-shape"
    ALIASES = ("infer-symbol-shape",)
    SUMMARY = "Infer symbolic shapes of LLH ops and record them in tensor encodings"
    DESCRIPTION = (
        "Seeds the entrance functions' arguments with symbols (func.input_symbol_N), runs every "
        "op's symbolic shape rule, checks torch bindings, rebuilds function signatures and "
        "applies the equalities found; declarations and relations go to the module and its "
        "__symbol__ module."
    )
    OPTIONS = {
        "use-encoding": PassOption(
            bool,
            True,
            "Record dimension symbols in tensor encodings (false: llh.encoding_bind ops)",
            aliases=("use-binding",),
        ),
        "clean-symbol-cache": PassOption(
            bool, True, "Drop the module's cached symbol analysis when done"
        ),
    }
    ANCHOR = "builtin.module"

    __slots__ = ()

    def run(self, op: Operation, ctx: PassContext) -> None:
        try:
            infer_symbolic_shapes(op, use_encoding=self.options["use-encoding"])
        finally:
            if self.options["clean-symbol-cache"]:
                for m in _root_modules(op):
                    SymbolAnalysis.clear(m)
