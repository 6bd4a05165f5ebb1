"""Affine expressions and affine maps, reproducing MLIR exactly.

What lives here:

* ``AffineExpr`` and its subclasses (dims, symbols, constants, binary ops): immutable,
  interned (structurally equal expressions are the same object), built through operators
  that apply the construction-time simplifications of ``mlir/lib/IR/AffineExpr.cpp``
  (``simplifyAdd``/``simplifyMul``/``simplifyFloorDiv``/``simplifyCeilDiv``/``simplifyMod``,
  the int64 overflow guards on constant folding, and the ordering of commutative dim/symbol
  operands done when a binary node is created);
* the printer of ``mlir/lib/IR/AsmPrinter.cpp`` (``printAffineExprInternal`` and
  ``printAffineMap``) as ``str()``;
* ``AffineMap`` (interned);
* evaluation of expressions and maps on concrete integers.

What does not live here: the parser of ``affine_map<...>`` bodies (``parse_affine_map`` in
``llh_opt/parser/affine_parser.py``; data flows text → parser → IR, so nothing here imports it),
integer sets, affine maps of SSA ids (``affine.apply`` operand syntax), the flattening
simplifier (``simplifyAffineExpr``/``simplifyAffineMap``), and the ``affine_map<`` ``>``
attribute wrapper, which belongs to the attribute printer/parser.

Observed with the reference binary (LLVM 24.0.0git) and kept on purpose:

* the printer is not structure-faithful: ``d0 + (d1 + d2)`` prints ``d0 + d1 + d2``, which
  parses back as ``(d0 + d1) + d2`` (so ``parse(str(m)) is m`` only holds for maps without
  an addition nested as the right operand of an addition);
* ``x floordiv c`` / ``x ceildiv c`` fold for any nonzero constant ``c`` (also negative), but
  ``x mod c`` only for ``c >= 1``; constant folding that would overflow int64 is refused
  (``9223372036854775807 + 1`` stays as is), while the other rules wrap like C++ int64;
* ``x floordiv x``, ``x ceildiv x`` and ``x mod x`` fold to 1, 1 and 0 for non-constant ``x``.

Calling ``AffineBinaryExpr(kind, lhs, rhs)`` builds the node as given (no simplification);
the operators, ``floordiv``/``ceildiv`` and ``get_affine_binary_op_expr`` simplify. Like
MLIR's C++ API, the operators also accept non-affine forms the parser rejects (``d0 * d1``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, ClassVar, Union

if TYPE_CHECKING:
    from typing_extensions import Self

__all__ = [
    "BINARY_KINDS",
    "AffineBinaryExpr",
    "AffineConstantExpr",
    "AffineDimExpr",
    "AffineExpr",
    "AffineMap",
    "AffineSymbolExpr",
    "affine_constant",
    "affine_dim",
    "affine_symbol",
    "get_affine_binary_op_expr",
]

INT64_MIN = -(1 << 63)
INT64_MAX = (1 << 63) - 1

BINARY_KINDS = ("add", "mul", "mod", "floordiv", "ceildiv")

ExprLike = Union["AffineExpr", int]


def _wrap64(value: int) -> int:
    """Wrap an integer to int64 like two's-complement C++ arithmetic does."""
    return ((value - INT64_MIN) & 0xFFFFFFFFFFFFFFFF) + INT64_MIN


def _in_int64(value: int) -> bool:
    return INT64_MIN <= value <= INT64_MAX


def _trunc_div(a: int, b: int) -> int:
    """C++ integer division (truncating toward zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


# ---------------------------------------------------------------------------------------
# Expressions
# ---------------------------------------------------------------------------------------


class AffineExpr:
    """Base class of affine expressions; instances are interned and immutable.

    Equality is identity (structurally equal expressions are the same object), hashing is
    the default identity hash.
    """

    __slots__ = ("_divisor", "_symconst")

    _symconst: bool  # isSymbolicOrConstant(), cached
    _divisor: int  # getLargestKnownDivisor(), cached (int64 semantics)

    kind: str

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __copy__(self) -> AffineExpr:
        return self

    def __deepcopy__(self, memo: dict) -> AffineExpr:
        return self

    # -- operators (MLIR's AffineExpr operator overloads) ---------------------------------

    def __add__(self, other: ExprLike) -> AffineExpr:
        return _add(self, _coerce(other))

    def __radd__(self, other: int) -> AffineExpr:
        # C++: operator+(int64_t val, AffineExpr expr) { return expr + val; }
        return _add(self, _coerce(other))

    def __mul__(self, other: ExprLike) -> AffineExpr:
        return _mul(self, _coerce(other))

    def __rmul__(self, other: int) -> AffineExpr:
        # C++: operator*(int64_t val, AffineExpr expr) { return expr * val; }
        return _mul(self, _coerce(other))

    def __neg__(self) -> AffineExpr:
        return _mul(self, AffineConstantExpr(-1))

    def __sub__(self, other: ExprLike) -> AffineExpr:
        if isinstance(other, AffineExpr):
            return _add(self, -other)
        # C++: operator-(int64_t v) { return *this + (-v); }  (int64 negation)
        return _add(self, AffineConstantExpr(_wrap64(-_check_int(other))))

    def __rsub__(self, other: int) -> AffineExpr:
        # C++: operator-(int64_t val, AffineExpr expr) { return expr * (-1) + val; }
        return _add(-self, _coerce(other))

    def __mod__(self, other: ExprLike) -> AffineExpr:
        return _mod(self, _coerce(other))

    def __rmod__(self, other: int) -> AffineExpr:
        return _mod(_coerce(other), self)

    def floordiv(self, other: ExprLike) -> AffineExpr:
        return _floordiv(self, _coerce(other))

    def ceildiv(self, other: ExprLike) -> AffineExpr:
        return _ceildiv(self, _coerce(other))

    __floordiv__ = floordiv

    def __rfloordiv__(self, other: int) -> AffineExpr:
        return _floordiv(_coerce(other), self)

    # -- queries -------------------------------------------------------------------------

    def is_symbolic_or_constant(self) -> bool:
        """True if the expression contains no dimension (MLIR ``isSymbolicOrConstant``)."""
        return self._symconst

    def is_pure_affine(self) -> bool:
        """MLIR ``isPureAffine``: mul/div/mod only with constants."""
        for e in _unique_post_order(self):
            if isinstance(e, AffineBinaryExpr):
                if e.kind == "mul":
                    if not (
                        isinstance(e.lhs, AffineConstantExpr)
                        or isinstance(e.rhs, AffineConstantExpr)
                    ):
                        return False
                elif e.kind != "add" and not isinstance(e.rhs, AffineConstantExpr):
                    return False
        return True

    def largest_known_divisor(self) -> int:
        """MLIR ``getLargestKnownDivisor`` (with its int64 arithmetic)."""
        return self._divisor

    def is_function_of_dim(self, position: int) -> bool:
        return AffineDimExpr(position) in _unique_post_order(self)

    def is_function_of_symbol(self, position: int) -> bool:
        return AffineSymbolExpr(position) in _unique_post_order(self)

    def walk(self) -> Iterator[AffineExpr]:
        """Yield every sub-expression in post-order (MLIR ``AffineExpr::walk``).

        Shared sub-expressions are yielded once per occurrence, like MLIR does.
        """
        stack: list[tuple[AffineExpr, bool]] = [(self, False)]
        while stack:
            expr, expanded = stack.pop()
            if isinstance(expr, AffineBinaryExpr) and not expanded:
                stack.append((expr, True))
                stack.append((expr.rhs, False))
                stack.append((expr.lhs, False))
            else:
                yield expr

    def replace_dims_and_symbols(
        self, dims: Sequence[AffineExpr], symbols: Sequence[AffineExpr]
    ) -> AffineExpr:
        """MLIR ``replaceDimsAndSymbols``: substitute and rebuild with simplification.

        Positions beyond the given replacement lists are left alone.
        """
        memo: dict[AffineExpr, AffineExpr] = {}
        for e in _unique_post_order(self):
            if isinstance(e, AffineDimExpr):
                memo[e] = dims[e.position] if e.position < len(dims) else e
            elif isinstance(e, AffineSymbolExpr):
                memo[e] = symbols[e.position] if e.position < len(symbols) else e
            elif isinstance(e, AffineBinaryExpr):
                lhs, rhs = memo[e.lhs], memo[e.rhs]
                if lhs is e.lhs and rhs is e.rhs:
                    memo[e] = e
                else:
                    memo[e] = get_affine_binary_op_expr(e.kind, lhs, rhs)
            else:
                memo[e] = e
        return memo[self]

    def eval(self, dims: Sequence[int] = (), symbols: Sequence[int] = ()) -> int:
        """Evaluate with exact integers.

        ``floordiv``/``ceildiv`` round toward -inf/+inf, ``mod`` is the remainder matching
        ``floordiv`` (non-negative for a positive divisor); a zero divisor raises
        ``ZeroDivisionError``. No int64 wrap-around is applied.
        """
        values: dict[AffineExpr, int] = {}
        for e in _unique_post_order(self):
            if isinstance(e, AffineBinaryExpr):
                values[e] = _eval_binary(e.kind, values[e.lhs], values[e.rhs])
            elif isinstance(e, AffineConstantExpr):
                values[e] = e.value
            elif isinstance(e, AffineDimExpr):
                if e.position >= len(dims):
                    raise IndexError(f"no value for d{e.position}")
                values[e] = int(dims[e.position])
            else:
                assert isinstance(e, AffineSymbolExpr)
                if e.position >= len(symbols):
                    raise IndexError(f"no value for s{e.position}")
                values[e] = int(symbols[e.position])
        return values[self]

    # -- printing ------------------------------------------------------------------------

    def __str__(self) -> str:
        return _print_expr(self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


def _unique_post_order(root: AffineExpr) -> list[AffineExpr]:
    """Distinct sub-expressions of ``root``, each after its operands (linear in the DAG)."""
    order: list[AffineExpr] = []
    seen: set[AffineExpr] = set()
    stack: list[tuple[AffineExpr, bool]] = [(root, False)]
    while stack:
        expr, expanded = stack.pop()
        if expanded:
            order.append(expr)
            continue
        if expr in seen:
            continue
        seen.add(expr)
        stack.append((expr, True))
        if isinstance(expr, AffineBinaryExpr):
            stack.append((expr.rhs, False))
            stack.append((expr.lhs, False))
    return order


def _eval_binary(kind: str, a: int, b: int) -> int:
    if kind == "add":
        return a + b
    if kind == "mul":
        return a * b
    if b == 0:
        raise ZeroDivisionError(f"affine {kind} by zero")
    if kind == "floordiv":
        return a // b
    if kind == "ceildiv":
        return -((-a) // b)
    return a % b  # mod


class AffineDimExpr(AffineExpr):
    """``d<position>``."""

    __slots__ = ("_position",)
    _position: int
    kind = "dim"
    _cache: ClassVar[dict[int, AffineDimExpr]] = {}

    def __new__(cls, position: int) -> Self:
        expr = cls._cache.get(position) if type(position) is int else None
        if expr is None:
            position = _check_position(position)
            expr = object.__new__(cls)
            object.__setattr__(expr, "_position", position)
            object.__setattr__(expr, "_symconst", False)
            object.__setattr__(expr, "_divisor", 1)
            expr = cls._cache.setdefault(position, expr)
        return expr

    @property
    def position(self) -> int:
        return self._position

    def __reduce__(self) -> tuple:
        return (AffineDimExpr, (self._position,))


class AffineSymbolExpr(AffineExpr):
    """``s<position>``."""

    __slots__ = ("_position",)
    _position: int
    kind = "symbol"
    _cache: ClassVar[dict[int, AffineSymbolExpr]] = {}

    def __new__(cls, position: int) -> Self:
        expr = cls._cache.get(position) if type(position) is int else None
        if expr is None:
            position = _check_position(position)
            expr = object.__new__(cls)
            object.__setattr__(expr, "_position", position)
            object.__setattr__(expr, "_symconst", True)
            object.__setattr__(expr, "_divisor", 1)
            expr = cls._cache.setdefault(position, expr)
        return expr

    @property
    def position(self) -> int:
        return self._position

    def __reduce__(self) -> tuple:
        return (AffineSymbolExpr, (self._position,))


class AffineConstantExpr(AffineExpr):
    """An int64 constant."""

    __slots__ = ("_value",)
    _value: int
    kind = "constant"
    _cache: ClassVar[dict[int, AffineConstantExpr]] = {}

    def __new__(cls, value: int) -> Self:
        expr = cls._cache.get(value) if type(value) is int else None
        if expr is None:
            value = _check_int(value)
            expr = object.__new__(cls)
            object.__setattr__(expr, "_value", value)
            object.__setattr__(expr, "_symconst", True)
            object.__setattr__(expr, "_divisor", _wrap64(abs(value)))
            expr = cls._cache.setdefault(value, expr)
        return expr

    @property
    def value(self) -> int:
        return self._value

    def __reduce__(self) -> tuple:
        return (AffineConstantExpr, (self._value,))


class AffineBinaryExpr(AffineExpr):
    """A binary node ``lhs <kind> rhs``.

    Calling the class builds the node exactly as given (MLIR's storage uniquer): no
    simplification, no operand ordering. Use the operators or
    ``get_affine_binary_op_expr`` to build expressions the way MLIR does.
    """

    __slots__ = ("_kind", "_lhs", "_rhs")
    _kind: str
    _lhs: AffineExpr
    _rhs: AffineExpr
    _cache: ClassVar[dict[tuple[str, AffineExpr, AffineExpr], AffineBinaryExpr]] = {}

    def __new__(cls, kind: str, lhs: ExprLike, rhs: ExprLike) -> Self:
        lhs_e, rhs_e = _coerce(lhs), _coerce(rhs)
        key = (kind, lhs_e, rhs_e)
        expr = cls._cache.get(key)
        if expr is None:
            if kind not in BINARY_KINDS:
                raise ValueError(f"unknown affine binary kind {kind!r}")
            expr = object.__new__(cls)
            object.__setattr__(expr, "_kind", kind)
            object.__setattr__(expr, "_lhs", lhs_e)
            object.__setattr__(expr, "_rhs", rhs_e)
            object.__setattr__(expr, "_symconst", lhs_e._symconst and rhs_e._symconst)
            object.__setattr__(expr, "_divisor", _binary_divisor(kind, lhs_e, rhs_e))
            expr = cls._cache.setdefault(key, expr)
        return expr

    @property
    def kind(self) -> str:  # type: ignore[override]
        return self._kind

    @property
    def lhs(self) -> AffineExpr:
        return self._lhs

    @property
    def rhs(self) -> AffineExpr:
        return self._rhs

    def __reduce__(self) -> tuple:
        return (AffineBinaryExpr, (self._kind, self._lhs, self._rhs))


def _binary_divisor(kind: str, lhs: AffineExpr, rhs: AffineExpr) -> int:
    """MLIR ``getLargestKnownDivisor`` for a binary node, from its operands' divisors."""
    if kind == "mul":
        return _wrap64(lhs._divisor * rhs._divisor)
    if kind in ("add", "mod"):
        # std::gcd((uint64_t)a, (uint64_t)b), returned as int64.
        return _wrap64(
            math.gcd(lhs._divisor & 0xFFFFFFFFFFFFFFFF, rhs._divisor & 0xFFFFFFFFFFFFFFFF)
        )
    # floordiv / ceildiv
    if isinstance(rhs, AffineConstantExpr) and rhs.value != 0:
        lhs_div = lhs._divisor
        if lhs_div % rhs.value == 0:
            return _wrap64(abs(_wrap64(_trunc_div(lhs_div, rhs.value))))
    return 1


def _check_position(position: int) -> int:
    if isinstance(position, bool) or not isinstance(position, int):
        raise TypeError(f"affine dim/symbol position must be an int, got {position!r}")
    if position < 0 or position >= 1 << 32:
        raise ValueError(f"affine dim/symbol position out of range: {position}")
    return position


def _check_int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"expected an int or an AffineExpr, got {value!r}")
    if not _in_int64(value):
        raise ValueError(f"affine constant does not fit in int64: {value}")
    return value


def _coerce(value: ExprLike) -> AffineExpr:
    if isinstance(value, AffineExpr):
        return value
    return AffineConstantExpr(_check_int(value))


def affine_dim(position: int) -> AffineDimExpr:
    return AffineDimExpr(position)


def affine_symbol(position: int) -> AffineSymbolExpr:
    return AffineSymbolExpr(position)


def affine_constant(value: int) -> AffineConstantExpr:
    return AffineConstantExpr(value)


def get_affine_binary_op_expr(kind: str, lhs: ExprLike, rhs: ExprLike) -> AffineExpr:
    """MLIR ``getAffineBinaryOpExpr``: build ``lhs <kind> rhs`` with simplification."""
    lhs_e, rhs_e = _coerce(lhs), _coerce(rhs)
    if kind == "add":
        return _add(lhs_e, rhs_e)
    if kind == "mul":
        return _mul(lhs_e, rhs_e)
    if kind == "floordiv":
        return _floordiv(lhs_e, rhs_e)
    if kind == "ceildiv":
        return _ceildiv(lhs_e, rhs_e)
    if kind == "mod":
        return _mod(lhs_e, rhs_e)
    raise ValueError(f"unknown affine binary kind {kind!r}")


# ---------------------------------------------------------------------------------------
# Construction-time simplification (mlir/lib/IR/AffineExpr.cpp)
# ---------------------------------------------------------------------------------------


def _const(expr: AffineExpr) -> AffineConstantExpr | None:
    return expr if isinstance(expr, AffineConstantExpr) else None


def _binary(expr: AffineExpr, kind: str) -> AffineBinaryExpr | None:
    if isinstance(expr, AffineBinaryExpr) and expr.kind == kind:
        return expr
    return None


def _order_commutative(lhs: AffineExpr, rhs: AffineExpr) -> tuple[AffineExpr, AffineExpr]:
    """Operand order of a new add/mul node: dims/symbols by position, dims first."""
    if isinstance(lhs, AffineSymbolExpr):
        if isinstance(rhs, AffineSymbolExpr):
            return (rhs, lhs) if lhs.position > rhs.position else (lhs, rhs)
        if isinstance(rhs, AffineDimExpr):
            return rhs, lhs
    elif isinstance(lhs, AffineDimExpr) and isinstance(rhs, AffineDimExpr):
        return (rhs, lhs) if lhs.position > rhs.position else (lhs, rhs)
    return lhs, rhs


def _add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    simplified = _simplify_add(lhs, rhs)
    if simplified is not None:
        return simplified
    lhs, rhs = _order_commutative(lhs, rhs)
    return AffineBinaryExpr("add", lhs, rhs)


def _mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    simplified = _simplify_mul(lhs, rhs)
    if simplified is not None:
        return simplified
    lhs, rhs = _order_commutative(lhs, rhs)
    return AffineBinaryExpr("mul", lhs, rhs)


def _floordiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    simplified = _simplify_floordiv(lhs, rhs)
    if simplified is not None:
        return simplified
    return AffineBinaryExpr("floordiv", lhs, rhs)


def _ceildiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    simplified = _simplify_ceildiv(lhs, rhs)
    if simplified is not None:
        return simplified
    return AffineBinaryExpr("ceildiv", lhs, rhs)


def _mod(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr:
    simplified = _simplify_mod(lhs, rhs)
    if simplified is not None:
        return simplified
    return AffineBinaryExpr("mod", lhs, rhs)


def _simplify_add(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    lhs_const, rhs_const = _const(lhs), _const(rhs)
    # Fold constants unless the sum overflows int64.
    if lhs_const is not None and rhs_const is not None:
        total = lhs_const.value + rhs_const.value
        return AffineConstantExpr(total) if _in_int64(total) else None

    # Canonicalize so that only the RHS is a constant (4 + d0 -> d0 + 4); if only one
    # operand is symbolic, make it the RHS.
    if lhs_const is not None or (lhs._symconst and not rhs._symconst):
        return _add(rhs, lhs)

    # Addition with zero.
    if rhs_const is not None and rhs_const.value == 0:
        return lhs

    # (d0 + 2) + 3 -> d0 + 5.
    l_add = _binary(lhs, "add")
    if l_add is not None and rhs_const is not None:
        lrhs = _const(l_add.rhs)
        if lrhs is not None:
            return _add(l_add.lhs, AffineConstantExpr(_wrap64(lrhs.value + rhs_const.value)))

    # c1 * expr + c2 * expr -> (c1 + c2) * expr.
    l_mul = _binary(lhs, "mul")
    if l_mul is not None and isinstance(l_mul.rhs, AffineConstantExpr):
        first, c1 = l_mul.lhs, l_mul.rhs.value
    else:
        first, c1 = lhs, 1
    r_mul = _binary(rhs, "mul")
    if r_mul is not None and isinstance(r_mul.rhs, AffineConstantExpr):
        second, c2 = r_mul.lhs, r_mul.rhs.value
    else:
        second, c2 = rhs, 1
    if first is second:
        return _mul(first, AffineConstantExpr(_wrap64(c1 + c2)))

    # (d0 + 2) + d1 -> (d0 + d1) + 2.
    if l_add is not None and isinstance(l_add.rhs, AffineConstantExpr):
        return _add(_add(l_add.lhs, rhs), l_add.rhs)

    # expr - q * (expr floordiv q) -> expr mod q.
    if not isinstance(rhs, AffineBinaryExpr):
        return None
    lrhs_e, rrhs = rhs.lhs, rhs.rhs

    # ((expr floordiv q) * q) * -1 with a symbolic q.
    rrhs_const = _const(rrhs)
    lrhs_mul = _binary(lrhs_e, "mul")
    if rrhs_const is not None and rrhs_const.value == -1 and lrhs_mul is not None:
        llrhs_fd = _binary(lrhs_mul.lhs, "floordiv")
        if llrhs_fd is None:
            return None
        if llrhs_fd.rhs is lrhs_mul.rhs and lhs is llrhs_fd.lhs:
            return _mod(lhs, lrhs_mul.rhs)

    # (expr floordiv c) * -c with a positive constant c.
    lr_fd = _binary(lrhs_e, "floordiv")
    if lr_fd is None or rhs.kind != "mul":
        return None
    llrhs, rlrhs = lr_fd.lhs, lr_fd.rhs
    rlrhs_const = _const(rlrhs)
    is_positive = rlrhs_const is not None and rlrhs_const.value > 0
    if is_positive and lhs is llrhs and rlrhs is -rrhs:
        return _mod(lhs, rlrhs)
    # Try to simplify the last operand of the LHS sum with the RHS:
    # (x + y) + (y floordiv c) * -c -> x + (y + (y floordiv c) * -c) -> x + y mod c.
    # Like MLIR, any simplification of that pair is taken, not only the modulo one.
    if l_add is not None:
        simplified = _simplify_add(l_add.rhs, rhs)
        if simplified is not None:
            return _add(l_add.lhs, simplified)
    return None


def _simplify_mul(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    lhs_const, rhs_const = _const(lhs), _const(rhs)
    if lhs_const is not None and rhs_const is not None:
        product = lhs_const.value * rhs_const.value
        return AffineConstantExpr(product) if _in_int64(product) else None

    # Non-affine product (no symbolic operand): nothing to canonicalize.
    if not lhs._symconst and not rhs._symconst:
        return None

    # Put the constant / symbolic operand on the RHS; a constant LHS always moves.
    if not rhs._symconst or lhs_const is not None:
        return _mul(rhs, lhs)

    if rhs_const is not None:
        if rhs_const.value == 1:
            return lhs
        if rhs_const.value == 0:
            return rhs_const

    # (d0 * 2) * 3 -> d0 * 6.
    l_mul = _binary(lhs, "mul")
    if l_mul is not None and rhs_const is not None:
        lrhs = _const(l_mul.rhs)
        if lrhs is not None:
            return _mul(l_mul.lhs, AffineConstantExpr(_wrap64(lrhs.value * rhs_const.value)))

    # (d0 * 2) * d1 -> (d0 * d1) * 2.
    if l_mul is not None and isinstance(l_mul.rhs, AffineConstantExpr):
        return _mul(_mul(l_mul.lhs, rhs), l_mul.rhs)

    return None


def _simplify_floordiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    lhs_const, rhs_const = _const(lhs), _const(rhs)
    # x floordiv x -> 1 for a non-constant x.
    if lhs is rhs and rhs_const is None:
        return AffineConstantExpr(1)
    if rhs_const is None or rhs_const.value == 0:
        return None
    c = rhs_const.value
    if lhs_const is not None:
        if lhs_const.value == INT64_MIN and c == -1:
            return None
        return AffineConstantExpr(lhs_const.value // c)
    if c == 1:
        return lhs

    # (expr * k) floordiv c -> expr * (k / c) when c divides k.
    l_bin = lhs if isinstance(lhs, AffineBinaryExpr) else None
    if l_bin is not None and l_bin.kind == "mul":
        lrhs = _const(l_bin.rhs)
        if lrhs is not None and lrhs.value % c == 0:
            return _mul(l_bin.lhs, AffineConstantExpr(_wrap64(_trunc_div(lrhs.value, c))))

    # (e1 + e2) floordiv c when e1 or e2 is a known multiple of c.
    if (
        l_bin is not None
        and l_bin.kind == "add"
        and (l_bin.lhs._divisor % c == 0 or l_bin.rhs._divisor % c == 0)
    ):
        return _add(_floordiv(l_bin.lhs, rhs_const), _floordiv(l_bin.rhs, rhs_const))
    return None


def _simplify_ceildiv(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    lhs_const, rhs_const = _const(lhs), _const(rhs)
    # x ceildiv x -> 1 for a non-constant x.
    if lhs is rhs and rhs_const is None:
        return AffineConstantExpr(1)
    if rhs_const is None or rhs_const.value == 0:
        return None
    c = rhs_const.value
    if lhs_const is not None:
        if lhs_const.value == INT64_MIN and c == -1:
            return None
        return AffineConstantExpr(-((-lhs_const.value) // c))
    if c == 1:
        return lhs

    # (expr * k) ceildiv c -> expr * (k / c) when c divides k.
    l_mul = _binary(lhs, "mul")
    if l_mul is not None:
        lrhs = _const(l_mul.rhs)
        if lrhs is not None and lrhs.value % c == 0:
            return _mul(l_mul.lhs, AffineConstantExpr(_wrap64(_trunc_div(lrhs.value, c))))
    return None


def _simplify_mod(lhs: AffineExpr, rhs: AffineExpr) -> AffineExpr | None:
    lhs_const, rhs_const = _const(lhs), _const(rhs)
    # x mod x -> 0 for a non-constant x.
    if lhs is rhs and rhs_const is None:
        return AffineConstantExpr(0)
    # mod by zero or a negative number is left alone.
    if rhs_const is None or rhs_const.value < 1:
        return None
    c = rhs_const.value
    if lhs_const is not None:
        return AffineConstantExpr(lhs_const.value % c)

    # A known multiple of c: (i * 128) mod 64 -> 0.
    if lhs._divisor % c == 0:
        return AffineConstantExpr(0)

    # (e1 + e2) mod c when e1 or e2 is a known multiple of c.
    l_bin = lhs if isinstance(lhs, AffineBinaryExpr) else None
    if l_bin is not None and l_bin.kind == "add":
        if l_bin.lhs._divisor % c == 0:
            return _mod(l_bin.rhs, rhs_const)
        if l_bin.rhs._divisor % c == 0:
            return _mod(l_bin.lhs, rhs_const)

    # (e mod a) mod c -> e mod c when c divides a.
    if l_bin is not None and l_bin.kind == "mod":
        inner = _const(l_bin.rhs)
        if inner is not None and inner.value >= 1 and inner.value % c == 0:
            return _mod(l_bin.lhs, rhs_const)
    return None


# ---------------------------------------------------------------------------------------
# Printing (mlir/lib/IR/AsmPrinter.cpp)
# ---------------------------------------------------------------------------------------

_SPELLING = {
    "add": " + ",
    "mul": " * ",
    "floordiv": " floordiv ",
    "ceildiv": " ceildiv ",
    "mod": " mod ",
}

_PrintItem = str | tuple[AffineExpr, bool]


def _print_expr(expr: AffineExpr, strong: bool = False) -> str:
    """``printAffineExprInternal``; ``strong`` is the enclosing binding strength."""
    out: list[str] = []
    stack: list[_PrintItem] = [(expr, strong)]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
            continue
        e, strong = item
        if isinstance(e, AffineDimExpr):
            out.append(f"d{e.position}")
        elif isinstance(e, AffineSymbolExpr):
            out.append(f"s{e.position}")
        elif isinstance(e, AffineConstantExpr):
            out.append(str(e.value))
        else:
            assert isinstance(e, AffineBinaryExpr)
            pieces = _binary_pieces(e)
            if strong:
                pieces = ["(", *pieces, ")"]
            stack.extend(reversed(pieces))
    return "".join(out)


def _binary_pieces(e: AffineBinaryExpr) -> list[_PrintItem]:
    lhs, rhs = e.lhs, e.rhs
    if e.kind != "add":
        # Multiplication by -1 prints as a negation.
        if e.kind == "mul" and isinstance(rhs, AffineConstantExpr) and rhs.value == -1:
            return ["-", (lhs, True)]
        return [(lhs, True), _SPELLING[e.kind], (rhs, True)]

    # Addition of a product with a negative constant prints as a subtraction.
    if isinstance(rhs, AffineBinaryExpr) and rhs.kind == "mul":
        rrhs = rhs.rhs
        if isinstance(rrhs, AffineConstantExpr):
            if rrhs.value == -1:
                return [(lhs, False), " - ", (rhs.lhs, rhs.lhs.kind == "add")]
            if rrhs.value < -1:
                return [(lhs, False), " - ", (rhs.lhs, True), f" * {_wrap64(-rrhs.value)}"]
    # Addition of a negative constant prints as a subtraction.
    if isinstance(rhs, AffineConstantExpr) and rhs.value < 0:
        return [(lhs, False), f" - {_wrap64(-rhs.value)}"]
    return [(lhs, False), " + ", (rhs, False)]


# ---------------------------------------------------------------------------------------
# Affine maps
# ---------------------------------------------------------------------------------------


class AffineMap:
    """``(d0, ..)[s0, ..] -> (results)``; immutable and interned."""

    __slots__ = ("_num_dims", "_num_symbols", "_results")
    _num_dims: int
    _num_symbols: int
    _results: tuple[AffineExpr, ...]
    _cache: ClassVar[dict[tuple[int, int, tuple[AffineExpr, ...]], AffineMap]] = {}

    def __new__(cls, num_dims: int, num_symbols: int, results: Iterable[ExprLike] = ()) -> Self:
        exprs = tuple(_coerce(r) for r in results)
        key = (num_dims, num_symbols, exprs)
        amap = cls._cache.get(key) if type(num_dims) is type(num_symbols) is int else None
        if amap is None:
            num_dims = _check_count(num_dims, "dims")
            num_symbols = _check_count(num_symbols, "symbols")
            for expr in exprs:
                for sub in _unique_post_order(expr):
                    if isinstance(sub, AffineDimExpr) and sub.position >= num_dims:
                        raise ValueError(f"d{sub.position} out of range in a {num_dims}-dim map")
                    if isinstance(sub, AffineSymbolExpr) and sub.position >= num_symbols:
                        raise ValueError(
                            f"s{sub.position} out of range in a map with {num_symbols} symbols"
                        )
            amap = object.__new__(cls)
            object.__setattr__(amap, "_num_dims", num_dims)
            object.__setattr__(amap, "_num_symbols", num_symbols)
            object.__setattr__(amap, "_results", exprs)
            amap = cls._cache.setdefault(key, amap)
        return amap

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("AffineMap is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("AffineMap is immutable")

    def __copy__(self) -> AffineMap:
        return self

    def __deepcopy__(self, memo: dict) -> AffineMap:
        return self

    def __reduce__(self) -> tuple:
        return (AffineMap, (self._num_dims, self._num_symbols, self._results))

    @classmethod
    def identity(cls, num_dims: int) -> AffineMap:
        return cls(num_dims, 0, tuple(AffineDimExpr(i) for i in range(num_dims)))

    @classmethod
    def constant(cls, values: Iterable[int]) -> AffineMap:
        return cls(0, 0, tuple(AffineConstantExpr(v) for v in values))

    @property
    def num_dims(self) -> int:
        return self._num_dims

    @property
    def num_symbols(self) -> int:
        return self._num_symbols

    @property
    def num_inputs(self) -> int:
        return self._num_dims + self._num_symbols

    @property
    def results(self) -> tuple[AffineExpr, ...]:
        return self._results

    @property
    def num_results(self) -> int:
        return len(self._results)

    def is_identity(self) -> bool:
        return self._num_dims == len(self._results) and all(
            isinstance(r, AffineDimExpr) and r.position == i for i, r in enumerate(self._results)
        )

    def eval(self, dims: Sequence[int] = (), symbols: Sequence[int] = ()) -> tuple[int, ...]:
        """Evaluate every result (see ``AffineExpr.eval`` for the semantics)."""
        if len(dims) != self._num_dims or len(symbols) != self._num_symbols:
            raise ValueError(
                f"expected {self._num_dims} dims and {self._num_symbols} symbols, "
                f"got {len(dims)} and {len(symbols)}"
            )
        return tuple(r.eval(dims, symbols) for r in self._results)

    def text(self) -> str:
        """The map body as MLIR prints it (without the ``affine_map<`` ``>`` wrapper)."""
        dims = ", ".join(f"d{i}" for i in range(self._num_dims))
        syms = ""
        if self._num_symbols:
            syms = "[" + ", ".join(f"s{i}" for i in range(self._num_symbols)) + "]"
        results = ", ".join(_print_expr(r) for r in self._results)
        return f"({dims}){syms} -> ({results})"

    __str__ = text

    def __repr__(self) -> str:
        return f"<AffineMap {self.text()}>"


def _check_count(value: int, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"number of {what} must be a non-negative int, got {value!r}")
    return value
