"""`index` dialect ops → LLVM i64 arithmetic (index is i64 on every target we emit for).

Division variants reuse the arith expansions; `index.cmp` reads its predicate from the attribute
text (`#index<cmp_predicate slt>`), so it works for registered and generic-form ops alike.
"""

from __future__ import annotations


from llvmlite import ir

from llh_opt.codegen.llvm.errors import TranslationError
from llh_opt.codegen.llvm.ops_arith import (
    binary,
    icmp,
    int_resize,
    intrinsic_binary,
    signed_div_round,
)
from llh_opt.codegen.llvm.translator import FunctionTranslator, handles
from llh_opt.codegen.llvm.types import I1, I64
from llh_opt.ir.attributes import IntegerAttr
from llh_opt.ir.core import Operation


@handles("index.constant")
def _constant(op: Operation, ft: FunctionTranslator) -> None:
    attr = op.properties.get("value")
    if not isinstance(attr, IntegerAttr):
        raise TranslationError(op, "has no integer 'value'")
    ft.bind(op.results[0], ir.Constant(I64, attr.value & ((1 << 64) - 1)))


@handles("index.bool.constant")
def _bool_constant(op: Operation, ft: FunctionTranslator) -> None:
    attr = op.properties.get("value")
    ft.bind(op.results[0], ir.Constant(I1, 1 if getattr(attr, "value", 0) else 0))


@handles("index.sizeof")
def _sizeof(op: Operation, ft: FunctionTranslator) -> None:
    ft.bind(op.results[0], ir.Constant(I64, 8))


for _name, _fn in {
    "add": "add",
    "sub": "sub",
    "mul": "mul",
    "divs": "sdiv",
    "divu": "udiv",
    "rems": "srem",
    "remu": "urem",
    "and": "and_",
    "or": "or_",
    "xor": "xor",
    "shl": "shl",
    "shrs": "ashr",
    "shru": "lshr",
}.items():
    handles(f"index.{_name}")(binary(_fn))


for _name, _intr in {"maxs": "smax", "mins": "smin", "maxu": "umax", "minu": "umin"}.items():
    handles(f"index.{_name}")(intrinsic_binary(_intr))


@handles("index.floordivs")
def _floordivs(op: Operation, ft: FunctionTranslator) -> None:
    a, d = ft.operands(op)
    ft.bind(op.results[0], signed_div_round(ft.b, a, d, "floor"))


@handles("index.ceildivs")
def _ceildivs(op: Operation, ft: FunctionTranslator) -> None:
    a, d = ft.operands(op)
    ft.bind(op.results[0], signed_div_round(ft.b, a, d, "ceil"))


@handles("index.ceildivu")
def _ceildivu(op: Operation, ft: FunctionTranslator) -> None:
    a, d = ft.operands(op)
    b = ft.b
    q = b.udiv(a, d)
    inexact = b.icmp_unsigned("!=", b.urem(a, d), ir.Constant(I64, 0))
    ft.bind(op.results[0], b.add(q, b.zext(inexact, I64)))


_CMP = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")


@handles("index.cmp")
def _cmp(op: Operation, ft: FunctionTranslator) -> None:
    attr = op.properties.get("pred") or op.attributes.get("pred")
    text = str(attr) if attr is not None else ""
    pred = next((p for p in _CMP if text.rstrip(">").endswith(" " + p) or text == p), None)
    if pred is None:
        raise TranslationError(op, "has no valid 'pred'")
    lhs, rhs = ft.operands(op)
    ft.bind(op.results[0], icmp(ft.b, pred, lhs, rhs))


@handles("index.casts", "index.castu")
def _cast(op: Operation, ft: FunctionTranslator) -> None:
    (x,) = ft.operands(op)
    src, dst = op.input.type, op.results[0].type  # type: ignore[attr-defined]
    ft.type_of(op, dst)
    ft.bind(op.results[0], int_resize(ft.b, x, src, dst, signed=op.name == "index.casts"))
