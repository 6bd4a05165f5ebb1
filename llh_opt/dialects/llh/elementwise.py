"""The arithmetic LLH's elementwise and reduction ops name on their classes (`integer_fn`,
`float_fn`, `numpy_fn`, `reduce_fn`), written once for every domain it is evaluated in:

* Python ints — the scalar folder (``fold.py``);
* numpy arrays and float64 scalars — the tensor folder and the float folder;
* sympy integer expressions — the integer-scalar shape rule (``compute_ops._infer_scalar``).

`floor_div` is `llh.div` on integers (spec §8.22: the `FloorDiv` relation's meaning, for
constants and symbols alike); it never divides by zero (ZeroDivisionError in every domain).
numpy and sympy are loaded on first use (start-up time); what each op computes is on its class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llh_opt.lazy import lazy_import

if TYPE_CHECKING:
    import numpy

np = lazy_import("numpy")
R = lazy_import("llh_opt.dialects.llh.shape_rules")

__all__ = [
    "absolute",
    "exp",
    "floor_div",
    "maximum",
    "minimum",
    "power",
    "reduce_max",
    "reduce_min",
    "reduce_sum",
    "relu",
    "rsqrt",
    "sqrt",
    "true_div",
]


def _is_int(x: Any) -> bool:
    return x.__class__ is int


def _is_numpy(x: Any) -> bool:
    return type(x).__module__ == "numpy"


# --------------------------------------------------------------------------- binary


def floor_div(a: Any, b: Any) -> Any:
    """`floor(a / b)` of integers: Python ints, numpy integer arrays (elementwise) or sympy
    integer expressions (`shape_rules.floordiv`, which keeps affine parts exact:
    `floor_div(2*s0 + 5, 2) == s0 + 2`). Raises ZeroDivisionError for a zero divisor."""
    if _is_int(a) and _is_int(b):
        return a // b
    if _is_numpy(a) or _is_numpy(b):
        if np.any(np.asarray(b) == 0):
            raise ZeroDivisionError("integer division by zero")
        return np.floor_divide(a, b)
    return R.floordiv(a, b)


def true_div(a: Any, b: Any) -> Any:
    """`a / b` of floats (IEEE: by zero gives ±inf or NaN)."""
    return np.true_divide(a, b)


def maximum(a: Any, b: Any) -> Any:
    """Elementwise maximum: `max` on Python ints, numpy's (a NaN wins) otherwise."""
    if _is_int(a) and _is_int(b):
        return max(a, b)
    return np.maximum(a, b)


def minimum(a: Any, b: Any) -> Any:
    """Elementwise minimum: `min` on Python ints, numpy's (a NaN wins) otherwise."""
    if _is_int(a) and _is_int(b):
        return min(a, b)
    return np.minimum(a, b)


def power(a: Any, b: Any) -> Any:
    """`a ** b` of floats (numpy's)."""
    return np.power(a, b)


# --------------------------------------------------------------------------- unary (numpy)


def absolute(x: numpy.ndarray) -> numpy.ndarray:
    return np.abs(x)


def relu(x: numpy.ndarray) -> numpy.ndarray:
    """max(x, 0); NaN stays NaN."""
    return np.where(x < 0, np.zeros_like(x), x)


def sqrt(x: numpy.ndarray) -> numpy.ndarray:
    return np.sqrt(x)


def rsqrt(x: numpy.ndarray) -> numpy.ndarray:
    return 1 / np.sqrt(x)


def exp(x: numpy.ndarray) -> numpy.ndarray:
    return np.exp(x)


# --------------------------------------------------------------------------- reductions (numpy)


def reduce_sum(x: numpy.ndarray, axis: tuple[int, ...]) -> numpy.ndarray:
    """The sum over `axis`, in the element type (integers wrap as the type does)."""
    return np.sum(x, axis=axis, dtype=x.dtype)


def reduce_max(x: numpy.ndarray, axis: tuple[int, ...]) -> numpy.ndarray:
    return np.max(x, axis=axis)


def reduce_min(x: numpy.ndarray, axis: tuple[int, ...]) -> numpy.ndarray:
    return np.min(x, axis=axis)
