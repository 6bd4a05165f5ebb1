"""`arith` ops → LLVM instructions (scalars of integer, index and float types).

Integer division variants MLIR has and LLVM lacks (`ceildivsi`, `floordivsi`, `ceildivui`) are
expanded with one division and one remainder. Elementwise ops and `arith.constant dense<...>`
accept fixed 1-D vector operands (`<N x T>`); comparisons/selects/casts on vectors are not
supported (a diagnostic).
Fast-math flags are dropped, which is always correct.
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir

from llh_opt.codegen.llvm.errors import TranslationError
from llh_opt.codegen.llvm.translator import FunctionTranslator, handles
from llh_opt.codegen.llvm.types import I1, BFloatType, scalar_type
from llh_opt.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from llh_opt.ir.core import Operation
from llh_opt.ir.literals import bits_to_float
from llh_opt.ir.types import FloatType, IndexType, IntegerType, Type, VectorType

CMPI = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")
CMPF = (
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
    "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true",
)  # fmt: skip
_ICMP_OP = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
_FCMP_OP = {
    "eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">=", "ord": "ord", "no": "uno",
}  # fmt: skip


def float_constant(t: Type, bits: int) -> ir.Constant:
    """An exact float constant of MLIR float type `t` from its bit pattern."""
    assert isinstance(t, FloatType)
    lt = scalar_type(t)
    if isinstance(lt, BFloatType):
        return ir.Constant(lt, bits)
    return ir.Constant(lt, bits_to_float(bits, t.name))


def constant_of(op: Operation, attr: Any, t: Type) -> ir.Constant:
    """The LLVM constant for an `arith.constant`-style attribute of scalar type `t`."""
    if isinstance(attr, FloatAttr):
        return float_constant(t, attr.bits)
    if isinstance(attr, IntegerAttr):
        if isinstance(t, FloatType):
            raise TranslationError(op, "integer attribute for a float constant")
        lt = scalar_type(t)
        width = lt.width  # type: ignore[attr-defined]
        return ir.Constant(lt, attr.value & ((1 << width) - 1))
    raise TranslationError(op, f"cannot be translated to LLVM IR: constant {attr} is not a scalar")


@handles("arith.constant")
def _constant(op: Operation, ft: FunctionTranslator) -> None:
    t = op.results[0].type
    lt = ft.type_of(op, t)
    attr = op.properties.get("value")
    if isinstance(t, VectorType):
        if not isinstance(attr, DenseElementsAttr):
            raise TranslationError(op, f"cannot be translated to LLVM IR: constant {attr}")
        elt = t.element_type
        lanes = [_dense_element(op, elt, x) for x in attr.full_values()]
        ft.bind(op.results[0], ir.Constant(lt, lanes))
        return
    ft.bind(op.results[0], constant_of(op, attr, t))


def _dense_element(op: Operation, elt: Type, x: Any) -> ir.Constant:
    """One lane of a dense vector constant (floats are stored as bit patterns)."""
    if isinstance(elt, FloatType):
        return float_constant(elt, x)
    if isinstance(x, bool) or isinstance(x, int):
        lt = scalar_type(elt)
        return ir.Constant(lt, int(x) & ((1 << lt.width) - 1))  # type: ignore[attr-defined]
    raise TranslationError(op, f"cannot be translated to LLVM IR: element {x!r}")


def binary(fn_name: str) -> Any:
    """The handler of a binary op that is one `IRBuilder` method (`add`, `fdiv`, ...)."""

    def translate(op: Operation, ft: FunctionTranslator) -> None:
        _scalar_check(op, ft)
        lhs, rhs = ft.operands(op)
        ft.bind(op.results[0], getattr(ft.b, fn_name)(lhs, rhs))

    return translate


def _scalar_check(op: Operation, ft: FunctionTranslator) -> None:
    for v in (*op.operands, *op.results):
        ft.type_of(op, v.type)


for _name, _fn in {
    "addi": "add",
    "subi": "sub",
    "muli": "mul",
    "divsi": "sdiv",
    "divui": "udiv",
    "remsi": "srem",
    "remui": "urem",
    "andi": "and_",
    "ori": "or_",
    "xori": "xor",
    "shli": "shl",
    "shrsi": "ashr",
    "shrui": "lshr",
    "addf": "fadd",
    "subf": "fsub",
    "mulf": "fmul",
    "divf": "fdiv",
    "remf": "frem",
}.items():
    handles(f"arith.{_name}")(binary(_fn))


def intrinsic_binary(intrinsic: str) -> Any:
    """The handler of a binary op that is one LLVM intrinsic (`smax`, `minnum`, ...)."""

    def translate(op: Operation, ft: FunctionTranslator) -> None:
        _scalar_check(op, ft)
        lhs, rhs = ft.operands(op)
        ft.bind(op.results[0], ft.call_intrinsic(intrinsic, lhs.type, [lhs, rhs]))

    return translate


for _name, _intr in {
    "maxsi": "smax",
    "minsi": "smin",
    "maxui": "umax",
    "minui": "umin",
    "maximumf": "maximum",
    "minimumf": "minimum",
    "maxnumf": "maxnum",
    "minnumf": "minnum",
}.items():
    handles(f"arith.{_name}")(intrinsic_binary(_intr))


@handles("arith.negf")
def _negf(op: Operation, ft: FunctionTranslator) -> None:
    _scalar_check(op, ft)
    (x,) = ft.operands(op)
    ft.bind(op.results[0], ft.b.fneg(x))


def signed_div_round(b: ir.IRBuilder, a: ir.Value, d: ir.Value, mode: str) -> ir.Value:
    """floor (`mode="floor"`) or ceil division of signed integers: one sdiv and one srem."""
    zero = ir.Constant(a.type, 0)
    q = b.sdiv(a, d)
    r = b.srem(a, d)
    inexact = b.icmp_signed("!=", r, zero)
    if mode == "floor":
        # Round toward -inf when the exact quotient is negative: signs of r and d differ.
        differ = b.icmp_signed("!=", b.icmp_signed("<", r, zero), b.icmp_signed("<", d, zero))
        adjust = b.and_(inexact, differ)
        return b.sub(q, b.zext(adjust, a.type))
    same = b.icmp_signed("==", b.icmp_signed(">", r, zero), b.icmp_signed(">", d, zero))
    adjust = b.and_(inexact, same)
    return b.add(q, b.zext(adjust, a.type))


@handles("arith.floordivsi")
def _floordivsi(op: Operation, ft: FunctionTranslator) -> None:
    _scalar_check(op, ft)
    a, d = ft.operands(op)
    ft.bind(op.results[0], signed_div_round(ft.b, a, d, "floor"))


@handles("arith.ceildivsi")
def _ceildivsi(op: Operation, ft: FunctionTranslator) -> None:
    _scalar_check(op, ft)
    a, d = ft.operands(op)
    ft.bind(op.results[0], signed_div_round(ft.b, a, d, "ceil"))


@handles("arith.ceildivui")
def _ceildivui(op: Operation, ft: FunctionTranslator) -> None:
    _scalar_check(op, ft)
    a, d = ft.operands(op)
    b = ft.b
    q = b.udiv(a, d)
    r = b.urem(a, d)
    inexact = b.icmp_unsigned("!=", r, ir.Constant(a.type, 0))
    ft.bind(op.results[0], b.add(q, b.zext(inexact, a.type)))


def _predicate(op: Operation, names: tuple[str, ...]) -> str:
    attr = op.properties.get("predicate") or op.attributes.get("predicate")
    if isinstance(attr, IntegerAttr) and 0 <= attr.value < len(names):
        return names[attr.value]
    raise TranslationError(op, "has no valid 'predicate'")


def icmp(b: ir.IRBuilder, pred: str, lhs: ir.Value, rhs: ir.Value) -> ir.Value:
    """`arith.cmpi` predicate names (`slt`, `uge`, `eq`, ...) on LLVM values."""
    if pred in ("eq", "ne"):
        return b.icmp_signed(_ICMP_OP[pred], lhs, rhs)
    cmp = _ICMP_OP[pred[1:]]
    if pred[0] == "s":
        return b.icmp_signed(cmp, lhs, rhs)
    return b.icmp_unsigned(cmp, lhs, rhs)


@handles("arith.cmpi")
def _cmpi(op: Operation, ft: FunctionTranslator) -> None:
    _scalar_check(op, ft)
    lhs, rhs = ft.operands(op)
    ft.bind(op.results[0], icmp(ft.b, _predicate(op, CMPI), lhs, rhs))


def fcmp(b: ir.IRBuilder, pred: str, lhs: ir.Value, rhs: ir.Value) -> ir.Value:
    if pred == "false":
        return ir.Constant(I1, 0)
    if pred == "true":
        return ir.Constant(I1, 1)
    if pred == "ord":
        return b.fcmp_ordered("ord", lhs, rhs)
    if pred == "uno":
        return b.fcmp_unordered("uno", lhs, rhs)
    cmp = _FCMP_OP[pred[1:]]
    if pred[0] == "o":
        return b.fcmp_ordered(cmp, lhs, rhs)
    return b.fcmp_unordered(cmp, lhs, rhs)


@handles("arith.cmpf")
def _cmpf(op: Operation, ft: FunctionTranslator) -> None:
    _scalar_check(op, ft)
    lhs, rhs = ft.operands(op)
    ft.bind(op.results[0], fcmp(ft.b, _predicate(op, CMPF), lhs, rhs))


@handles("arith.select")
def _select(op: Operation, ft: FunctionTranslator) -> None:
    ft.type_of(op, op.results[0].type)
    c, x, y = ft.operands(op)
    if not isinstance(c.type, ir.IntType) or c.type.width != 1:
        raise TranslationError(op, "cannot be translated to LLVM IR: non-scalar condition")
    ft.bind(op.results[0], ft.b.select(c, x, y))


def _width(t: Type) -> int:
    if isinstance(t, IndexType):
        return 64
    if isinstance(t, IntegerType):
        return t.width
    if isinstance(t, FloatType):
        return {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}[t.name]
    return 0


def int_resize(b: ir.IRBuilder, x: ir.Value, src: Type, dst: Type, signed: bool) -> ir.Value:
    """Extend (sign or zero) or truncate an integer/index value to `dst`'s width."""
    ws, wd = _width(src), _width(dst)
    lt = scalar_type(dst)
    if wd > ws:
        return b.sext(x, lt) if signed else b.zext(x, lt)
    if wd < ws:
        return b.trunc(x, lt)
    return x


def _cast(kind: str) -> Any:
    def translate(op: Operation, ft: FunctionTranslator) -> None:
        _scalar_check(op, ft)
        (x,) = ft.operands(op)
        src = op.input.type  # type: ignore[attr-defined]
        dst = op.results[0].type
        lt = scalar_type(dst)
        b = ft.b
        if kind in ("index_cast", "extsi", "trunci"):
            v = int_resize(b, x, src, dst, signed=True)
        elif kind in ("index_castui", "extui"):
            v = int_resize(b, x, src, dst, signed=False)
        elif kind == "extf":
            v = b.fpext(x, lt)
        elif kind == "truncf":
            v = b.fptrunc(x, lt)
        elif kind == "sitofp":
            v = b.sitofp(x, lt)
        elif kind == "uitofp":
            v = b.uitofp(x, lt)
        elif kind == "fptosi":
            v = b.fptosi(x, lt)
        elif kind == "fptoui":
            v = b.fptoui(x, lt)
        else:  # bitcast
            v = x if x.type == lt else b.bitcast(x, lt)
        ft.bind(op.results[0], v)

    return translate


for _kind in (
    "index_cast",
    "index_castui",
    "extsi",
    "extui",
    "trunci",
    "extf",
    "truncf",
    "sitofp",
    "uitofp",
    "fptosi",
    "fptoui",
    "bitcast",
):
    handles(f"arith.{_kind}")(_cast(_kind))
