"""The math dialect subset the loop-level IR uses: float unary ops (`exp`, `exp2`, `log`, `log2`,
`sqrt`, `rsqrt`, `absf`, `tanh`, `erf`, `sin`, `cos`, `floor`, `ceil`, `round`,
`roundeven`, `trunc`), `powf`, `fma`, and the integer `absi`, with MLIR's custom forms
(`math.exp %x fastmath<fast> : f32`) and builders. Float ops carry the `fastmath` property
(`#arith.fastmath<...>`, default `none`), as in MLIR.

Parsing the custom forms lives in ``parser/custom.py``; numerics live in the translator.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llh_opt.dialects.arith import FASTMATH_NONE, FastMathFlagsAttr
from llh_opt.ir.attributes import Attribute, LocationAttr, UnknownLoc
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.opdef import (
    AttrKind,
    Dialect,
    OperandDef,
    PropDef,
    Pure,
    ResultDef,
    SameOperandsAndResultType,
    TypeConstraint,
    register,
    register_dialect,
)
from llh_opt.ir.types import FloatType, IndexType, IntegerType, ShapedType, Type

if TYPE_CHECKING:
    from llh_opt.printer import Printer

__all__ = ["MATH", "UNARY_FLOAT_OPS", "AbsIOp", "FmaOp", "PowFOp"]

MATH = register_dialect(Dialect("math", inlinable=True))

_UNKNOWN = UnknownLoc()


def _like(pred: Any) -> Any:
    def check(t: Type) -> bool:
        if isinstance(t, ShapedType):
            return pred(t.element_type)
        return pred(t)

    return check


FLOAT_LIKE = TypeConstraint("floating-point-like", _like(lambda t: isinstance(t, FloatType)))
SIGNLESS_INTEGER_LIKE = TypeConstraint(
    "signless-integer-like",
    _like(lambda t: isinstance(t, IndexType) or (isinstance(t, IntegerType) and t.signedness == 0)),
)
_FASTMATH = PropDef(
    "fastmath",
    AttrKind("Floating point fast math flags", FastMathFlagsAttr),
    default=FASTMATH_NONE,
)


class _MathOp(Operation):
    """`math.<op> %a[, %b[, %c]] [fastmath<...>] {attrs} : T` (all operands and the result of
    type T)."""

    __slots__ = ()
    FLAGS_PROP: Any = "fastmath"
    GENERIC_DEFAULTS: Any = (("fastmath", FASTMATH_NONE),)

    @classmethod
    def build(
        cls, *operands: Value, fastmath: Attribute | None = None, location: LocationAttr = _UNKNOWN
    ) -> Any:
        assert len(operands) == len(cls.OPERANDS), f"{cls.OPERATION_NAME} operand count"
        props = {"fastmath": fastmath} if fastmath is not None and cls.FLAGS_PROP else None
        return Operation.create(
            cls.OPERATION_NAME, operands, [operands[0].type], props, location=location
        )

    def print_custom(self, p: Printer) -> None:
        p.write(" ")
        p.print_operands(self.operands)
        elided: tuple[str, ...] = ()
        if self.FLAGS_PROP:
            flags = self.properties.get("fastmath")
            if isinstance(flags, FastMathFlagsAttr) and flags.value:
                p.write(" fastmath" + flags.body())
            elided = ("fastmath",)
        p.print_optional_attr_dict(p.op_attributes(self, elided))
        p.write(" : ")
        p.print_type(self.results[0].type)


def _math_op(name: str, mnemonic: str, summary: str, arity: int, integer: bool = False) -> Any:
    c = SIGNLESS_INTEGER_LIKE if integer else FLOAT_LIKE
    names = ("operand",) if arity == 1 else ("lhs", "rhs") if arity == 2 else ("a", "b", "c")
    attrs: dict[str, Any] = {
        "__slots__": (),
        "OPERATION_NAME": f"math.{mnemonic}",
        "SUMMARY": summary,
        "OPERANDS": tuple(OperandDef(n, c) for n in names),
        "RESULTS": (ResultDef("result", c),),
        "TRAITS": (Pure, SameOperandsAndResultType),
    }
    if integer:
        attrs["FLAGS_PROP"] = None
        attrs["GENERIC_DEFAULTS"] = ()
    else:
        attrs["PROPERTIES"] = (_FASTMATH,)
    return register(type(name, (_MathOp,), attrs))


UNARY_FLOAT_OPS = {
    "absf": ("AbsFOp", "floating point absolute-value operation"),
    "ceil": ("CeilOp", "ceiling of the specified value"),
    "cos": ("CosOp", "cosine of the specified value"),
    "erf": ("ErfOp", "error function of the specified value"),
    "exp": ("ExpOp", "base-e exponential of the specified value"),
    "exp2": ("Exp2Op", "base-2 exponential of the specified value"),
    "floor": ("FloorOp", "floor of the specified value"),
    "log": ("LogOp", "base-e logarithm of the specified value"),
    "log2": ("Log2Op", "base-2 logarithm of the specified value"),
    "log1p": ("Log1pOp", "Computes the natural logarithm of one plus the given value"),
    "round": ("RoundOp", "round of the specified value"),
    "roundeven": ("RoundEvenOp", "round of the specified value with halfway cases to even"),
    "rsqrt": ("RsqrtOp", "reciprocal of sqrt (1 / sqrt of the specified value)"),
    "sin": ("SinOp", "sine of the specified value"),
    "sqrt": ("SqrtOp", "sqrt of the specified value"),
    "tanh": ("TanhOp", "hyperbolic tangent of the specified value"),
    "trunc": ("TruncOp", "trunc of the specified value"),
}

for _mnemonic, (_cls, _summary) in UNARY_FLOAT_OPS.items():
    globals()[_cls] = _math_op(_cls, _mnemonic, _summary, 1)

PowFOp = _math_op("PowFOp", "powf", "floating point raised to the power of operation", 2)
FmaOp = _math_op("FmaOp", "fma", "floating point fused multipy-add operation", 3)
AbsIOp = _math_op("AbsIOp", "absi", "integer absolute-value operation", 1, integer=True)

__all__ += [c for c, _ in UNARY_FLOAT_OPS.values()]
