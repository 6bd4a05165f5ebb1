"""LLH canonicalization patterns (spec §5.3, P1–P14, corrected where §8 marks the reference
wrong), plus a few tree rewrites of the same kind. Each op class returns its own, built from these
classes and rules, from `get_canonical_patterns()` (patterns that serve several ops take the root
op name); other passes construct the ones they need (``passes/transform_layout.py``: P9–P12).

| name | root | what (fix) |
|---|---|---|
| EraseNoUserOp (P1) | constant, abs | erase when unused |
| FoldTwoAbsOpPattern (P2, DRR) | abs | `abs(abs(x)) → abs(x)` when the inner one has one use |
| FoldTwoRelu, AbsOfRelu, ReluOfAbs (DRR) | relu, abs | `relu(relu(x))`, `abs(relu(x))` → the inner op; `relu(abs(x))` → `abs(x)` |
| (P3 DimOpToConst) | dim | the folder does it (D4) |
| SimplyBinaryOpReshape (P4, 100) | add…min | lower-rank operand reshaped to `1…1 × shape` (any static/dynamic mix, §8.25) |
| SimplyBinaryOpInsertBraodcast (P5, 99) | add…min | each operand with a size-1 dim where the result's is not is broadcast (either operand; attributes kept, §8.26) |
| ExtractOpRefine (P6, 101) | extract | negative constant index `k` → `dim(x, 0) + k` (§8.24) |
| AddConvLayoutAttr / AddLayoutAttr (P7, P8) | conv, conv_bias / max_pool | missing `layout` / `weight_layout` from `builtin.gloabal_layout` (not when the op would then fail to verify: a missing layout reads as NCHW) |
| ReplaceSymbolIfEquel (P9) | symbol_relation | free `EQ` free: later symbol → earlier everywhere |
| RemoveSymbolRelationIfAllConst (P10) | symbol_relation | erase; a false one is an error (D9) |
| RemoveSymbolBinaryRelationIfAllConst (P11) | symbol_binary_relation, symbol_relation_map | erase |
| SinkSymbolBindOp (P12, 101) | symbol_bind | bind the input of an `arith.index_cast` |
| MoveSymbolBindOp (P13) | symbol_bind | bind the input of `index.castu/casts`, right after its definition |
| MoveEncodingBindOp (P14) | encoding_bind | right after the operand's definition (block start for arguments) unless only constants and binds are in between (§8.27: no success without a move) |
| TransposeOfTranspose, ReshapeOfReshape | transpose, reshape | compose |

What does not live here: folds (``fold.py``), the driver (``rewrite/greedy.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from llh_opt.diagnostics import Diagnostic, DiagnosticError, Severity
from llh_opt.dialects.llh.attrs import LayoutAttr, SymbolRelationAttr, constant_symbol_value
from llh_opt.dialects.llh.compute_ops import AddOp
from llh_opt.dialects.llh.data_ops import BroadcastToOp, ConstantOp, DimOp, ReshapeOp
from llh_opt.dialects.llh.symbol_ops import SymbolBindOp
from llh_opt.ir.attributes import (
    ArrayAttr,
    DenseArrayAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
)
from llh_opt.ir.core import BlockArgument, Operation, OpResult, Value
from llh_opt.ir.opdef import ConstantLike, verify_op_definition
from llh_opt.ir.types import DYNAMIC, IndexType, IntegerType, RankedTensorType, i64
from llh_opt.rewrite.drr import Pat, has_one_use
from llh_opt.rewrite.folding import constant_value
from llh_opt.rewrite.rewriter import PatternRewriter, RewritePattern

__all__ = [
    "ABS_OF_RELU",
    "FOLD_TWO_ABS",
    "FOLD_TWO_RELU",
    "RELU_OF_ABS",
    "AddConvLayoutAttr",
    "AddLayoutAttr",
    "EraseNoUserOp",
    "ExtractOpRefine",
    "MoveEncodingBindOp",
    "MoveSymbolBindOp",
    "RemoveSymbolBinaryRelationIfAllConst",
    "RemoveSymbolRelationIfAllConst",
    "ReplaceSymbolIfEquel",
    "ReshapeOfReshape",
    "SimplyBinaryOpInsertBraodcast",
    "SimplyBinaryOpReshape",
    "SinkSymbolBindOp",
    "TransposeOfTranspose",
]


def _int(rewriter: PatternRewriter, value: int, op: Operation) -> Value:
    return rewriter.create(ConstantOp, IntegerAttr(value, i64), location=op.location).results[0]


def _dim(rewriter: PatternRewriter, src: Value, i: int, op: Operation) -> Value:
    k = _int(rewriter, i, op)
    return rewriter.create(DimOp, src, k, location=op.location).results[0]


def _size(rewriter: PatternRewriter, src: Value, i: int, op: Operation) -> Value:
    """Dimension `i` of `src`: a constant when static, else `llh.dim`."""
    d = src.type.shape[i]  # type: ignore[attr-defined]
    return _int(rewriter, d, op) if d != DYNAMIC else _dim(rewriter, src, i, op)


# --------------------------------------------------------------------------- P1, P2 and friends


class EraseNoUserOp(RewritePattern):
    """P1: erase an op none of whose results is used (for ops that are not Pure, whose dead
    copies the driver's DCE would keep)."""

    def __init__(self, root: str) -> None:
        self.ROOT = root  # type: ignore[misc]

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        for r in op.results:
            if r.uses:
                return False
        rewriter.erase_op(op)
        return True


FOLD_TWO_ABS = Pat(
    "(llh.abs (llh.abs:$res $input))",
    "(llh.abs $input)",
    [has_one_use("res")],
    name="FoldTwoAbsOpPattern",
)
FOLD_TWO_RELU = Pat("(llh.relu (llh.relu:$inner $x))", "$inner", name="FoldTwoRelu")
ABS_OF_RELU = Pat("(llh.abs (llh.relu:$inner $x))", "$inner", name="AbsOfRelu")
RELU_OF_ABS = Pat("(llh.relu (llh.abs:$inner $x))", "$inner", name="ReluOfAbs")


# --------------------------------------------------------------------------- P4, P5


def _ranked(v: Value) -> RankedTensorType | None:
    t = v.type
    return t if t.__class__ is RankedTensorType else None  # type: ignore[return-value]


class SimplyBinaryOpReshape(RewritePattern):
    """P4: operands of different ranks — reshape the lower-rank one `L` to `1 × … × 1 × L.shape`
    (numpy broadcasting aligns trailing dimensions, so this is always right)."""

    BENEFIT = 100

    def __init__(self, root: str) -> None:
        self.ROOT = root  # type: ignore[misc]

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        a, b = _ranked(op.lhs), _ranked(op.rhs)  # type: ignore[attr-defined]
        if a is None or b is None or len(a.shape) == len(b.shape):
            return False
        low = 0 if len(a.shape) < len(b.shape) else 1
        src = op.lhs if low == 0 else op.rhs  # type: ignore[attr-defined]
        lt = a if low == 0 else b
        k = abs(len(a.shape) - len(b.shape))
        sizes: list[Value] = []
        if k:
            one = _int(rewriter, 1, op)
            sizes.extend([one] * k)
        sizes.extend(_size(rewriter, src, j, op) for j in range(len(lt.shape)))
        new_type = RankedTensorType((1,) * k + lt.shape, lt.element_type)
        reshape = rewriter.create(ReshapeOp, src, sizes, result_type=new_type, location=op.location)
        rewriter.modify_op_in_place(op, lambda: op.set_operand(low, reshape.results[0]))
        return True


class SimplyBinaryOpInsertBraodcast(RewritePattern):
    """P5 (sic): operands of the result's rank with a size-1 dimension where the result's is not
    1 are broadcast to the result type (`cast_dims` = those dimensions); sizes are constants for
    static dimensions and `llh.dim` of an operand that has the result's size (the same encoding
    symbol when there is one) for dynamic ones."""

    BENEFIT = 99

    def __init__(self, root: str) -> None:
        self.ROOT = root  # type: ignore[misc]

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        rt = _ranked(op.results[0])
        if rt is None:
            return False
        operands = (op.lhs, op.rhs)  # type: ignore[attr-defined]
        types = [_ranked(v) for v in operands]
        rank = len(rt.shape)
        if any(t is None or len(t.shape) != rank for t in types):
            return False
        plan: list[tuple[int, list[int]]] = []
        for idx, t in enumerate(types):
            cast = [i for i, (d, r) in enumerate(zip(t.shape, rt.shape)) if d == 1 and r != 1]  # type: ignore[union-attr]
            if cast:
                plan.append((idx, cast))
        if not plan:
            return False
        sources: list[Value | None] = []
        for i, r in enumerate(rt.shape):
            sources.append(None if r != DYNAMIC else self._source(operands, rt, types, i))
            if r == DYNAMIC and sources[-1] is None:
                return False
        new_operands: dict[int, Value] = {}
        for idx, cast in plan:
            dims = [
                _int(rewriter, r, op) if src is None else _dim(rewriter, src, i, op)
                for i, (r, src) in enumerate(zip(rt.shape, sources))
            ]
            b = rewriter.create(
                BroadcastToOp, operands[idx], dims, cast, result_type=rt, location=op.location
            )
            new_operands[idx] = b.results[0]

        def update() -> None:
            for idx, v in new_operands.items():
                op.set_operand(idx, v)

        rewriter.modify_op_in_place(op, update)
        return True

    @staticmethod
    def _source(
        operands: Sequence[Value], rt: RankedTensorType, types: list[Any], i: int
    ) -> Value | None:
        want = _symbol_at(rt, i)
        fallback = None
        for idx, t in enumerate(types):
            if t.shape[i] != DYNAMIC:
                continue
            if want is not None and _symbol_at(t, i) == want:
                return operands[idx]
            if fallback is None:
                fallback = operands[idx]
        return fallback


def _symbol_at(t: RankedTensorType, i: int) -> str | None:
    enc = t.encoding
    symbols = getattr(enc, "symbols", None)
    return symbols[i] if symbols is not None and i < len(symbols) else None


# --------------------------------------------------------------------------- P6


class ExtractOpRefine(RewritePattern):
    """P6: `extract(x, k)` with a negative constant `k` → index `dim(x, 0) + k` (a constant when
    dimension 0 is static; HEAD's fix of §8.24)."""

    ROOT = "llh.extract"
    BENEFIT = 101

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        k = constant_value(op.index)  # type: ignore[attr-defined]
        t = _ranked(op.input)  # type: ignore[attr-defined]
        if not isinstance(k, IntegerAttr) or k.value >= 0 or t is None or not t.shape:
            return False
        n = t.shape[0]
        if n != DYNAMIC:
            if n + k.value < 0:
                return False
            index = _int(rewriter, n + k.value, op)
        else:
            d = _dim(rewriter, op.input, 0, op)  # type: ignore[attr-defined]
            index = rewriter.create(AddOp, d, op.index, location=op.location).results[0]  # type: ignore[attr-defined]
        rewriter.modify_op_in_place(op, lambda: op.set_operand(1, index))
        return True


# --------------------------------------------------------------------------- P7, P8

_INPUT_LAYOUT = {("NCHW", 4): "NCHW", ("NCHW", 3): "NCW", ("NHWC", 4): "NHWC", ("NHWC", 3): "NWC"}
_WEIGHT_LAYOUT = {"NCHW": "FCHW", "NCW": "FCW", "NHWC": "FHWC", "NWC": "WCF"}


def _global_layout(op: Operation) -> str | None:
    """`builtin.gloabal_layout` (sic) of the nearest enclosing module that has it: a string
    (`"NCHW"`) or, at HEAD, a `#llh.Layout<...>`."""
    m = op.parent_op
    while m is not None:
        if m.name == "builtin.module":
            a = m.attributes.get("builtin.gloabal_layout")
            if isinstance(a, StringAttr):
                return a.value
            if isinstance(a, LayoutAttr):
                return a.case
        m = m.parent_op
    return None


def _window_rank(op: Operation) -> int:
    k = op.kernel_shape  # type: ignore[attr-defined]
    return len(k.values) + 2 if isinstance(k, DenseArrayAttr) else 2


class AddConvLayoutAttr(RewritePattern):
    """P7: a conv without `layout` / `weight_layout` gets them from the module's
    `builtin.gloabal_layout` and its rank (spec §1.2 table); one it has is kept, and a missing
    `weight_layout` follows the op's own `layout`."""

    def __init__(self, root: str) -> None:
        self.ROOT = root  # type: ignore[misc]

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        props = op.properties
        if "layout" in props and "weight_layout" in props:
            return False
        updates: dict[str, LayoutAttr] = {}
        layout = props.get("layout")
        if layout is None:
            g = _global_layout(op)
            name = _INPUT_LAYOUT.get((g, _window_rank(op))) if g is not None else None
            if name is None:
                return False
            layout = updates["layout"] = LayoutAttr(name)
        if "weight_layout" not in props:
            w = _WEIGHT_LAYOUT.get(layout.case)  # type: ignore[attr-defined]
            if w is not None:
                updates["weight_layout"] = LayoutAttr(w)
        return _set_layouts(op, updates, rewriter)


class AddLayoutAttr(RewritePattern):
    """P8: a max_pool without `layout` gets it from `builtin.gloabal_layout`."""

    ROOT = "llh.max_pool"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        if "layout" in op.properties:
            return False
        g = _global_layout(op)
        name = _INPUT_LAYOUT.get((g, _window_rank(op))) if g is not None else None
        if name is None:
            return False
        return _set_layouts(op, {"layout": LayoutAttr(name)}, rewriter)


def _set_layouts(op: Operation, updates: dict[str, LayoutAttr], rewriter: PatternRewriter) -> bool:
    """Set the layout properties unless the op would no longer verify: a missing layout reads as
    NCHW / FCHW, so a global NHWC layout may contradict the shapes the op was checked with."""
    if not updates:
        return False
    props = op.properties
    props.update(updates)
    try:
        verify_op_definition(op)
    except DiagnosticError:
        for k in updates:
            del props[k]
        return False
    for k in updates:  # set again through the rewriter, which reports the change
        del props[k]
    rewriter.modify_op_in_place(op, lambda: props.update(updates))
    return True


# --------------------------------------------------------------------------- P9–P11


def _ref(op: Operation, key: str) -> str | None:
    a = op.properties.get(key)
    return a.root if isinstance(a, SymbolRefAttr) else None


def _analysis(op: Operation) -> Any:
    from llh_opt.symbolic import SymbolAnalysis

    try:
        return SymbolAnalysis.get(op)
    except ValueError:
        return None


class ReplaceSymbolIfEquel(RewritePattern):
    """P9 (sic): `a EQ b` between free symbols — the later symbol is replaced by the earlier one
    everywhere (types, attributes, relations; every free = free class at once) and the relation
    and the replaced declarations disappear (D3)."""

    ROOT = "llh.symbol_relation"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        kind = op.properties.get("relation_kind")
        a, b = _ref(op, "symbol"), _ref(op, "relation")
        if not isinstance(kind, SymbolRelationAttr) or kind.case != "EQ" or a is None or b is None:
            return False
        if constant_symbol_value(a) is not None or constant_symbol_value(b) is not None:
            return False
        sa = _analysis(op)
        if sa is None:
            return False
        if a != b:
            sa.merge(a, b, at_op=op)
        rewriter.erase_op(op)
        sa.apply_equalities(constants=False)
        return True


def _relation_error(op: Operation, message: str) -> DiagnosticError:
    loc = op.location.file_loc() if op.location is not None else None
    err = DiagnosticError(Diagnostic(Severity.ERROR, f"'{op.name}' op {message}", loc))
    err.op = op  # type: ignore[attr-defined]
    return err


_HOLDS: dict[str, Callable[[int, int], bool]] = {
    "EQ": lambda x, y: x == y,
    "GE": lambda x, y: x >= y,
    "LE": lambda x, y: x <= y,
    "GT": lambda x, y: x > y,
    "LT": lambda x, y: x < y,
    "NOTEQ": lambda x, y: x != y,
}


class RemoveSymbolRelationIfAllConst(RewritePattern):
    """P10: a comparison between two constant symbols says nothing — erased; one that is false
    (`@c2 GT @c3`) is an error (D9)."""

    ROOT = "llh.symbol_relation"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        a, b = _ref(op, "symbol"), _ref(op, "relation")
        va = constant_symbol_value(a) if a is not None else None
        vb = constant_symbol_value(b) if b is not None else None
        if va is None or vb is None:
            return False
        kind = op.properties.get("relation_kind")
        case = kind.case if isinstance(kind, SymbolRelationAttr) else ""
        holds = _HOLDS.get(case)
        if holds is not None and not holds(va, vb):
            raise _relation_error(op, f"relation @{a} {case} @{b} does not hold")
        rewriter.erase_op(op)
        return True


class RemoveSymbolBinaryRelationIfAllConst(RewritePattern):
    """P11: a definition (`symbol_binary_relation`, `symbol_relation_map`) whose symbols are all
    constants is erased."""

    def __init__(self, root: str) -> None:
        self.ROOT = root  # type: ignore[misc]

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        names: list[str | None] = [_ref(op, "symbol")]
        if op.name == "llh.symbol_binary_relation":
            names += [_ref(op, "relations_lhs"), _ref(op, "relations_rhs")]
        else:
            rels = op.properties.get("relations")
            if not isinstance(rels, ArrayAttr):
                return False
            names += [r.root if isinstance(r, SymbolRefAttr) else None for r in rels.value]
        if any(n is None or constant_symbol_value(n) is None for n in names):
            return False
        rewriter.erase_op(op)
        return True


# --------------------------------------------------------------------------- P12–P14


def _bindable(v: Value) -> bool:
    t = v.type
    return isinstance(t, IndexType) or (isinstance(t, IntegerType) and t.signedness == 0)


class SinkSymbolBindOp(RewritePattern):
    """P12: `symbol_bind(arith.index_cast(x))` binds `x` instead."""

    ROOT = "llh.symbol_bind"
    BENEFIT = 101

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        v = op.input  # type: ignore[attr-defined]
        if v.__class__ is not OpResult or v.op.name != "arith.index_cast":  # type: ignore[attr-defined]
            return False
        src = v.op.input  # type: ignore[attr-defined]
        if not _bindable(src):
            return False
        rewriter.modify_op_in_place(op, lambda: op.set_operand(0, src))
        return True


class MoveSymbolBindOp(RewritePattern):
    """P13: `symbol_bind(index.castu/casts(x))` → a `symbol_bind(x)` right after `x`'s
    definition; the old bind is erased."""

    ROOT = "llh.symbol_bind"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        v = op.input  # type: ignore[attr-defined]
        if v.__class__ is not OpResult or v.op.name not in ("index.castu", "index.casts"):  # type: ignore[attr-defined]
            return False
        src = v.op.input  # type: ignore[attr-defined]
        sym = _ref(op, "symbol")
        if sym is None or not _bindable(src):
            return False
        rewriter.set_insertion_point_after_value(src)
        rewriter.create(SymbolBindOp, src, sym, location=op.location)
        rewriter.erase_op(op)
        return True


_BINDS = frozenset(("llh.encoding_bind", "llh.symbol_bind"))


def _settled(op: Operation, v: Value) -> bool:
    """`op` (a bind of `v`) follows `v`'s definition (the block start for an argument) with only
    constants and binds in between."""
    p = op.prev
    target = v.op if isinstance(v, OpResult) else None
    if isinstance(v, BlockArgument) and v.block is not op.parent:
        return False
    while p is not None:
        if p is target:
            return True
        if p.name not in _BINDS and ConstantLike not in type(p).TRAIT_SET:  # type: ignore[attr-defined]
            return False
        p = p.prev
    return target is None


class MoveEncodingBindOp(RewritePattern):
    """P14: an `encoding_bind` moves right after its operand's definition (to the block start
    for a block argument), unless only constants and binds separate them already — so it never
    reports success without moving, and never fights constant hoisting."""

    ROOT = "llh.encoding_bind"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        v = op.input  # type: ignore[attr-defined]
        if _settled(op, v):
            return False
        if isinstance(v, OpResult):
            if v.op.parent is not op.parent:
                return False
            anchor = v.op
            rewriter.modify_op_in_place(op, lambda: op.move_after(anchor))
        else:
            block = v.block  # type: ignore[attr-defined]
            if block is not op.parent:
                return False
            first = block.first
            rewriter.modify_op_in_place(op, lambda: op.move_before(first))
        return True


# --------------------------------------------------------------------------- compositions


class TransposeOfTranspose(RewritePattern):
    """`transpose(transpose(x, p), q)` → `transpose(x, p∘q)`, or `x` when that is the identity
    (and the types agree)."""

    ROOT = "llh.transpose"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        v = op.input  # type: ignore[attr-defined]
        if v.__class__ is not OpResult or v.op.name != "llh.transpose":  # type: ignore[attr-defined]
            return False
        inner = v.op  # type: ignore[attr-defined]
        p = inner.perms
        q = op.perms  # type: ignore[attr-defined]
        if len(p) != len(q):
            return False
        composed = tuple(p[i] for i in q)
        x = inner.input
        rt = op.results[0].type
        if composed == tuple(range(len(composed))):
            if x.type is not rt:
                return False
            rewriter.replace_op(op, [x])
            return True
        new = Operation.create(
            "llh.transpose", (x,), [rt], {"perms": DenseArrayAttr.i64(composed)},
            location=op.location,
        )  # fmt: skip
        rewriter.set_insertion_point(op)
        rewriter.insert(new)
        rewriter.replace_op(op, new)
        return True


class ReshapeOfReshape(RewritePattern):
    """`reshape(reshape(x, ...), sizes)` → `reshape(x, sizes)` (row-major order is kept)."""

    ROOT = "llh.reshape"

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        v = op.input  # type: ignore[attr-defined]
        if v.__class__ is not OpResult or v.op.name != "llh.reshape":  # type: ignore[attr-defined]
            return False
        src = v.op.input  # type: ignore[attr-defined]
        rewriter.modify_op_in_place(op, lambda: op.set_operand(0, src))
        return True
