"""`--load-weight` (spec §6.2, D9): every `llh.weight <{weight_file = "w.npy"}>` becomes an
`llh.constant` holding the array stored in that `.npy` file (greedy, top-down).

* Path: an absolute `weight_file` is used as is; a relative one is resolved against the option
  `weight-dir` when given, else against the directory of the file the op was parsed from (its
  location), else the working directory (input from stdin).
* Reading: `numpy.load(..., allow_pickle=False)` after checking the `.npy` magic. Any byte order
  and both C and Fortran order are read correctly (the reference reads little-endian `<f4`/`<i8`
  only and ignores `fortran_order`). Element types: `f2/f4/f8` → f16/f32/f64, `i1..i8` →
  i8..i64, `u1..u8` → ui8..ui64, `b1` → i1.
* Checks, each an error at the op naming the resolved path: the file is missing or unreadable,
  is not a `.npy` file (an `.npz` archive, a pickle, anything else), is truncated or has a
  malformed header, holds objects / strings / complex / structured data, holds an element type
  other than the result's, or a shape that contradicts the result's static sizes (rank and every
  static dimension; a `?` is refined from the file, and a 0-d file fits the `tensor<1xE>` that
  ``--operation-legalization`` gives rank-0 weights). All failing weights are reported.
* Result type: the weight's, with `?` sizes refined (its encoding kept, so infer-on-create
  records each `?` symbol equal to the file's size, D3); an unranked result takes the file's
  shape and gets its encoding by infer-on-create.

What does not live here: the ops (``dialects/llh``), dense attributes (``ir/attributes.py``,
``ir/dense.py``), the driver (``rewrite/greedy.py``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from llh_opt.dialects.llh.rewriter import LLHPatternRewriter
from llh_opt.diagnostics import DiagnosticError
from llh_opt.dialects.llh.data_ops import ConstantOp
from llh_opt.ir.attributes import DenseElementsAttr
from llh_opt.ir.core import Operation
from llh_opt.ir.opdef import VerifyError
from llh_opt.ir.types import (
    DYNAMIC,
    SIGNLESS,
    UNSIGNED,
    IntegerType,
    RankedTensorType,
    Type,
    UnrankedTensorType,
    f16,
    f32,
    f64,
    i1,
)
from llh_opt.passes.pass_manager import PassContext
from llh_opt.passes.pattern_pass import GreedyPatternPass
from llh_opt.passes.registry import PassOption, register_pass
from llh_opt.rewrite.greedy import GreedyResult
from llh_opt.rewrite.rewriter import PatternRewriter, RewritePattern

if TYPE_CHECKING:
    import numpy

__all__ = [
    "LoadWeight",
    "LoadWeightPass",
    "WeightFileError",
    "dense_values",
    "element_type_of_dtype",
    "read_npy",
    "resolve_weight_path",
    "weight_constant",
]

_NPY_MAGIC = b"\x93NUMPY"
_ZIP_MAGIC = b"PK\x03\x04"


class WeightFileError(Exception):
    """A weight file that cannot become a constant; the message names the file."""


def resolve_weight_path(op: Operation, weight_dir: str) -> str:
    """Where the file of `op`'s `weight_file` is (see the module docstring)."""
    name = op.properties["weight_file"].value  # type: ignore[attr-defined]
    if os.path.isabs(name):
        return name  # type: ignore[no-any-return]
    if weight_dir:
        return os.path.join(weight_dir, name)
    loc = op.location.file_loc() if op.location is not None else None
    source = getattr(loc, "filename", None)
    if source and source not in ("-", "<stdin>"):
        return os.path.join(os.path.dirname(source), name)
    return name  # type: ignore[no-any-return]


def element_type_of_dtype(dtype: numpy.dtype) -> Type | None:
    """The MLIR element type numpy `dtype` stores exactly, or None (complex, strings, objects,
    records, dates, ...)."""
    kind, size = dtype.kind, dtype.itemsize
    if dtype.fields is not None or dtype.subdtype is not None:
        return None
    if kind == "f":
        return {2: f16, 4: f32, 8: f64}.get(size)
    if kind == "b":
        return i1
    if kind in "iu" and size in (1, 2, 4, 8):
        return IntegerType(8 * size, UNSIGNED if kind == "u" else SIGNLESS)
    return None


def read_npy(path: str) -> numpy.ndarray:
    """The array stored in the `.npy` file `path`; raises `WeightFileError` saying what is wrong
    with it."""
    import numpy as np

    try:
        with open(path, "rb") as f:
            magic = f.read(len(_NPY_MAGIC))
    except FileNotFoundError:
        raise WeightFileError(f"weight file '{path}' does not exist") from None
    except IsADirectoryError:
        raise WeightFileError(f"weight file '{path}' is a directory") from None
    except OSError as e:
        raise WeightFileError(f"cannot read weight file '{path}': {e.strerror}") from None
    if magic != _NPY_MAGIC:
        what = "an .npz archive" if magic.startswith(_ZIP_MAGIC) else "no .npy magic"
        raise WeightFileError(f"weight file '{path}' is not a .npy file ({what})")
    try:
        array = np.load(path, allow_pickle=False)
    except ValueError as e:
        if "allow_pickle" in str(e) or "Object arrays" in str(e):
            raise WeightFileError(
                f"weight file '{path}' holds Python objects, which are never unpickled"
            ) from None
        raise WeightFileError(f"weight file '{path}' is malformed: {e}") from None
    except (EOFError, OSError, SyntaxError, TypeError) as e:
        raise WeightFileError(f"weight file '{path}' is malformed: {e}") from None
    if not isinstance(array, np.ndarray):
        raise WeightFileError(f"weight file '{path}' does not hold an array")
    return array


def dense_values(array: numpy.ndarray, elt: Type) -> tuple[Any, ...]:
    """The flat storage values of `array` (row-major, whatever its byte or memory order) for a
    dense attribute of element type `elt` (`element_type_of_dtype(array.dtype)`): float bit
    patterns read as unsigned integers, integers as their canonical stored value."""
    import numpy as np

    dt = array.dtype
    size = dt.itemsize
    if dt.kind == "f":
        flat = np.ascontiguousarray(array, dtype=f"<f{size}").reshape(-1)
        return tuple(flat.view(f"<u{size}").tolist())
    if dt.kind == "b":
        return tuple(np.ascontiguousarray(array, dtype=np.uint8).reshape(-1).tolist())
    kind = "u" if dt.kind == "u" else "i"
    return tuple(np.ascontiguousarray(array, dtype=f"<{kind}{size}").reshape(-1).tolist())


def _result_shape(op: Operation, path: str, shape: tuple[int, ...], t: Type) -> tuple[int, ...]:
    """The constant's shape: the file's, checked against the result type."""
    if not isinstance(t, RankedTensorType):
        return shape
    want = t.shape
    if shape == () and want == (1,):
        return want  # the rank-1 form operation-legalization gives rank-0 weights
    if len(shape) != len(want) or any(w != DYNAMIC and w != s for s, w in zip(shape, want)):
        raise WeightFileError(
            f"weight file '{path}' holds an array of shape {_fmt_shape(shape)} but the result "
            f"type is '{t}'"
        )
    return shape


def _fmt_shape(shape: tuple[int, ...]) -> str:
    return "(" + ", ".join(map(str, shape)) + ("," if len(shape) == 1 else "") + ")"


def weight_constant(op: Operation, path: str) -> ConstantOp:
    """The (unattached) `llh.constant` replacing weight `op` with the data of `path`; raises
    `WeightFileError`."""
    array = read_npy(path)
    t = op.results[0].type
    want = t.element_type  # type: ignore[attr-defined]
    elt = element_type_of_dtype(array.dtype)
    if elt is None:
        raise WeightFileError(
            f"weight file '{path}' holds data of numpy type '{array.dtype.str}', which has no "
            "LLH element type"
        )
    if elt is not want:
        raise WeightFileError(
            f"weight file '{path}' holds {elt} data ('{array.dtype.str}') but the result "
            f"element type is {want}"
        )
    shape = _result_shape(op, path, tuple(array.shape), t)
    value = DenseElementsAttr(RankedTensorType(shape, elt), dense_values(array, elt))
    if isinstance(t, RankedTensorType):
        result_type: Type = RankedTensorType(shape, elt, t.encoding)
    else:
        assert isinstance(t, UnrankedTensorType)
        result_type = RankedTensorType(shape, elt)
    return ConstantOp.build(value, result_type=result_type, location=op.location)


class LoadWeight(RewritePattern):
    """`llh.weight` → `llh.constant` with the file's data (§6.2). A file that cannot be loaded is
    recorded in `errors` (one per op) and the weight kept; the pass then fails with all of them."""

    ROOT = "llh.weight"

    def __init__(self, weight_dir: str) -> None:
        self.weight_dir = weight_dir
        self.errors: dict[Operation, VerifyError] = {}

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> bool:
        if op in self.errors:
            return False
        path = resolve_weight_path(op, self.weight_dir)
        try:
            new = weight_constant(op, path)
        except WeightFileError as e:
            self.errors[op] = VerifyError(op, str(e))
            return False
        rewriter.set_insertion_point(op)
        rewriter.insert(new)
        rewriter.replace_op(op, new)
        return True


@register_pass
class LoadWeightPass(GreedyPatternPass):
    NAME = "load-weight"
    SUMMARY = "Replace llh.weight by an llh.constant holding the .npy file's data"
    REWRITER = LLHPatternRewriter
    DESCRIPTION = (
        "Reads the .npy file each llh.weight names (relative to weight-dir, else to the input "
        "file's directory) and replaces the weight by an llh.constant with that data; missing "
        "or malformed files and type or shape mismatches are errors."
    )
    ANCHOR = "builtin.module"
    OPTIONS = {
        "weight-dir": PassOption(
            str,
            "",
            "Directory relative weight_file paths are resolved against (default: the directory "
            "of the input file)",
            value_name="string",
        ),
    }
    REQUIRES_CONVERGENCE = True

    __slots__ = ()

    def patterns(self) -> Iterable[RewritePattern]:
        return [LoadWeight(self.options["weight-dir"])]

    def run(self, op: Operation, ctx: PassContext) -> None:
        for p in self.frozen_patterns():
            p.errors.clear()  # type: ignore[attr-defined]
        super().run(op, ctx)

    def finish(self, op: Operation, result: GreedyResult, ctx: PassContext) -> None:
        (pattern,) = self.frozen_patterns()
        errors = list(pattern.errors.values())  # type: ignore[attr-defined]
        if errors:
            raise DiagnosticError([d for e in errors for d in e.diagnostics])
