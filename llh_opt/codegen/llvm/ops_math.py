"""`math` ops → LLVM intrinsics, or libm calls where LLVM has no intrinsic.

Intrinsics (`llvm.sqrt`, `llvm.exp`, `llvm.tanh`, ...) are overloaded on the float type; libm
functions (`erff`, `expm1`, ...) exist for float and double only, so f16/bf16 arguments are widened
to f32 and the result narrowed back. `math.rsqrt` is `1 / sqrt(x)`; `math.absi`/`math.ipowi` use
integer intrinsics / a square-and-multiply loop.
"""

from __future__ import annotations

from typing import Any

from llvmlite import ir

from llh_opt.codegen.llvm.errors import TranslationError
from llh_opt.codegen.llvm.translator import FunctionTranslator, handles
from llh_opt.codegen.llvm.types import I1
from llh_opt.ir.core import Operation

_UNARY_INTRINSICS = {
    "sqrt": "sqrt",
    "exp": "exp",
    "exp2": "exp2",
    "log": "log",
    "log2": "log2",
    "log10": "log10",
    "sin": "sin",
    "cos": "cos",
    "tan": "tan",
    "asin": "asin",
    "acos": "acos",
    "atan": "atan",
    "sinh": "sinh",
    "cosh": "cosh",
    "tanh": "tanh",
    "absf": "fabs",
    "ceil": "ceil",
    "floor": "floor",
    "round": "round",
    "roundeven": "roundeven",
    "trunc": "trunc",
}
_BINARY_INTRINSICS = {"powf": "pow", "copysign": "copysign", "atan2": "atan2"}
_UNARY_LIBM = {"erf": "erf", "erfc": "erfc", "log1p": "log1p", "expm1": "expm1", "cbrt": "cbrt",
               "asinh": "asinh", "acosh": "acosh", "atanh": "atanh"}  # fmt: skip


def _float_ops(op: Operation, ft: FunctionTranslator, vectors: bool = False) -> list[Any]:
    """The operands, checked to be floats (or, with `vectors`, fixed vectors of floats: the
    overloaded intrinsics take both)."""
    vals = ft.operands(op)
    for v in vals:
        t = v.type.element if vectors and isinstance(v.type, ir.VectorType) else v.type
        if not isinstance(t, (ir.HalfType, ir.FloatType, ir.DoubleType)) and str(t) != "bfloat":
            raise TranslationError(op, "cannot be translated to LLVM IR: expects scalar floats")
    return vals


def _unary_intrinsic(name: str) -> Any:
    def translate(op: Operation, ft: FunctionTranslator) -> None:
        (x,) = _float_ops(op, ft, vectors=True)
        ft.bind(op.results[0], ft.call_intrinsic(name, x.type, [x]))

    return translate


def _binary_intrinsic(name: str) -> Any:
    def translate(op: Operation, ft: FunctionTranslator) -> None:
        x, y = _float_ops(op, ft)
        ft.bind(op.results[0], ft.call_intrinsic(name, x.type, [x, y]))

    return translate


def libm_call(ft: FunctionTranslator, name: str, args: list[Any]) -> Any:
    """`name`f / `name` from libm on float/double; narrower floats go through float."""
    t = args[0].type
    b = ft.b
    if isinstance(t, ir.DoubleType):
        return ft.call_runtime(name, t, args)
    if isinstance(t, ir.FloatType):
        return ft.call_runtime(name + "f", t, args)
    f32 = ir.FloatType()
    wide = [b.fpext(a, f32) for a in args]
    return b.fptrunc(ft.call_runtime(name + "f", f32, wide), t)


def _unary_libm(name: str) -> Any:
    def translate(op: Operation, ft: FunctionTranslator) -> None:
        (x,) = _float_ops(op, ft)
        ft.bind(op.results[0], libm_call(ft, name, [x]))

    return translate


for _m, _i in _UNARY_INTRINSICS.items():
    handles(f"math.{_m}")(_unary_intrinsic(_i))
for _m, _i in _BINARY_INTRINSICS.items():
    handles(f"math.{_m}")(_binary_intrinsic(_i))
for _m, _i in _UNARY_LIBM.items():
    handles(f"math.{_m}")(_unary_libm(_i))


@handles("math.rsqrt")
def _rsqrt(op: Operation, ft: FunctionTranslator) -> None:
    (x,) = _float_ops(op, ft)
    s = ft.call_intrinsic("sqrt", x.type, [x])
    ft.bind(op.results[0], ft.b.fdiv(ir.Constant(x.type, 1.0), s))


@handles("math.fma")
def _fma(op: Operation, ft: FunctionTranslator) -> None:
    a, b_, c = _float_ops(op, ft)
    ft.bind(op.results[0], ft.call_intrinsic("fma", a.type, [a, b_, c]))


@handles("math.fpowi")
def _fpowi(op: Operation, ft: FunctionTranslator) -> None:
    x, n = ft.operands(op)
    if n.type.width != 32:
        n = ft.b.trunc(n, ir.IntType(32)) if n.type.width > 32 else ft.b.sext(n, ir.IntType(32))
    ft.bind(op.results[0], ft.call_intrinsic("powi", x.type, [x, n]))


@handles("math.absi")
def _absi(op: Operation, ft: FunctionTranslator) -> None:
    (x,) = ft.operands(op)
    ft.bind(op.results[0], ft.call_intrinsic("abs", x.type, [x, ir.Constant(I1, 0)]))


@handles("math.ctlz", "math.cttz", "math.ctpop")
def _bitcount(op: Operation, ft: FunctionTranslator) -> None:
    (x,) = ft.operands(op)
    name = op.name.split(".", 1)[1]
    args = [x] if name == "ctpop" else [x, ir.Constant(I1, 0)]
    ft.bind(op.results[0], ft.call_intrinsic(name, x.type, args))


@handles("math.ipowi")
def _ipowi(op: Operation, ft: FunctionTranslator) -> None:
    """base^exp by squaring; a negative exponent gives 0 unless |base| == 1 (MLIR's rule)."""
    base, exp = ft.operands(op)
    b = ft.b
    t = base.type
    zero, one = ir.Constant(t, 0), ir.Constant(t, 1)
    pre = b.block
    loop = ft.fn.append_basic_block("ipowi.loop")
    done = ft.fn.append_basic_block("ipowi.done")
    neg = b.icmp_signed("<", exp, zero)
    b.cbranch(b.icmp_signed(">", exp, zero), loop, done)
    b.position_at_end(loop)
    acc = b.phi(t)
    sq = b.phi(t)
    e = b.phi(t)
    odd = b.trunc(e, I1)
    acc2 = b.select(odd, b.mul(acc, sq), acc)
    sq2 = b.mul(sq, sq)
    e2 = b.lshr(e, one)
    acc.add_incoming(one, pre)
    sq.add_incoming(base, pre)
    e.add_incoming(exp, pre)
    acc.add_incoming(acc2, loop)
    sq.add_incoming(sq2, loop)
    e.add_incoming(e2, loop)
    b.cbranch(b.icmp_signed("!=", e2, zero), loop, done)
    b.position_at_end(done)
    res = b.phi(t)
    res.add_incoming(one, pre)
    res.add_incoming(acc2, loop)
    # Negative exponent: 1 for base 1, ±1 for base -1 (by parity), else 0.
    minus_one = ir.Constant(t, -1)
    odd_exp = b.trunc(exp, I1)
    neg_val = b.select(
        b.icmp_signed("==", base, one),
        one,
        b.select(b.icmp_signed("==", base, minus_one), b.select(odd_exp, minus_one, one), zero),
    )
    ft.bind(op.results[0], b.select(neg, neg_val, res))
