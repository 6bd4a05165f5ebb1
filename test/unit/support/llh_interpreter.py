"""A numpy reference interpreter for LLH programs, shared by the numerics tests.

`interpret(module, args)` runs a function of a parsed module (LLH ops, `func.call/return`, the
scalar `arith` and `index` ops and the `tensor` ops llh-opt registers) on numpy values and returns
its results. It is the test suite's statement of what each op computes (spec §3 and the HEAD ops
of §9), written independently of the code under test: it walks the IR classes to find ops,
operands and properties, but every computation is numpy written in the tests (here, and
convolution and pooling by explicit windows and einsum in ``np_reference.py``). It never calls a
folder, a shape rule or a lowering of `llh_opt`.

Values: a ranked tensor is an `np.ndarray` of the element type's dtype (bf16 is float32 rounded to
bf16, i1 is bool); an integer or index scalar is a Python `int` wrapped to the type's width (i1 a
`bool`); a float scalar is a numpy scalar of its dtype. Float ops compute in float64 and round once
to the result's type. Every result is checked against its declared type (rank, static sizes,
dtype) and against the symbols of its type encoding (`#llh.encoding<shapes = @s0, @c3>`: `c3` is
3, a free symbol one size throughout a run), as are `llh.encoding_bind` / `llh.symbol_bind` and
the `func.input_symbol_<d>` of arguments. Undefined behaviour (integer division by zero, an
out-of-range index, a shape that does not fit) raises `InterpreterError` instead of producing a
value.

Semantics chosen where the spec leaves room (stated here once): `llh.drop` is inference-mode
dropout (the identity); `llh.empty` yields NaN (floats) / zeros; integer tensors wrap on overflow;
`llh.div` on integers is floor division; `llh.convert_to` to i1 is `x != 0`, from float to integer
truncates toward zero; `llh.expand` is torch's expand (`-1` keeps a size); `llh.slice` /
`llh.stride_slice` use Python slice semantics per dimension.

What does not live here: random program generators and the properties themselves (in the tests).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .np_reference import (
    data_from_ncs,
    data_to_ncs,
    np_adaptive_avg_pool,
    np_conv,
    np_max_pool,
    round_bf16,
    weight_to_fcs,
)

from llh_opt.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
from llh_opt.ir.core import Operation, Value
from llh_opt.ir.dense import dense_to_numpy
from llh_opt.ir.types import DYNAMIC, RankedTensorType, Type, UnrankedTensorType

__all__ = ["Interpreter", "InterpreterError", "dtype_of", "interpret"]


class InterpreterError(AssertionError):
    """The program has no defined value (or an op has no interpretation)."""


# --------------------------------------------------------------------------- types and values

_FLOAT_DTYPES = {"f16": np.float16, "bf16": np.float32, "f32": np.float32, "f64": np.float64}
_INT_WIDTHS = (8, 16, 32, 64)


def _type_text(t: Type) -> str:
    return str(t)


def _is_tensor(t: Type) -> bool:
    return isinstance(t, (RankedTensorType, UnrankedTensorType))


def _element(t: Type) -> Type:
    return t.element_type if _is_tensor(t) else t  # type: ignore[attr-defined,no-any-return]


def _int_info(t: Type) -> tuple[int, bool] | None:
    """(width, signed) of an integer or index type, None for anything else."""
    text = _type_text(t)
    if text == "index":
        return 64, True
    for prefix, signed in (("ui", False), ("si", True), ("i", True)):
        if text.startswith(prefix) and text[len(prefix) :].isdigit():
            return int(text[len(prefix) :]), signed
    return None


def _is_float(t: Type) -> bool:
    return _type_text(_element(t)) in _FLOAT_DTYPES


def dtype_of(t: Type) -> np.dtype:
    """The numpy dtype holding elements (or a scalar) of type `t`."""
    e = _element(t)
    text = _type_text(e)
    if text in _FLOAT_DTYPES:
        return np.dtype(_FLOAT_DTYPES[text])
    info = _int_info(e)
    if info is None:
        raise InterpreterError(f"no numpy dtype for '{text}'")
    width, signed = info
    if width == 1:
        return np.dtype(bool)
    if width not in _INT_WIDTHS:
        raise InterpreterError(f"no numpy dtype for '{text}'")
    return np.dtype(f"{'int' if signed else 'uint'}{width}")


def _wrap(v: int, t: Type) -> int | bool:
    """An integer scalar of type `t`: two's complement wrap to the width (i1 is a bool)."""
    info = _int_info(t)
    assert info is not None, t
    width, signed = info
    if width == 1:
        return bool(v & 1)
    v &= (1 << width) - 1
    if signed and v >> (width - 1):
        v -= 1 << width
    return v


def _to_type(value: Any, t: Type) -> Any:
    """`value` as a value of type `t` (rounded / wrapped / cast; tensors keep their shape)."""
    if _is_tensor(t):
        dt = dtype_of(t)
        with np.errstate(all="ignore"):
            arr = np.asarray(value)
            if dt.kind in "iu" and arr.dtype.kind == "f":
                arr = np.trunc(arr)
            out = arr.astype(dt)
        if _type_text(_element(t)) == "bf16":
            out = round_bf16(out)
        return out
    if _int_info(t) is not None:
        return _wrap(int(value), t)
    if _is_float(t):
        dt = dtype_of(t)
        with np.errstate(all="ignore"):
            out = dt.type(value)
        return dt.type(round_bf16(out)) if _type_text(t) == "bf16" else out
    raise InterpreterError(f"no value of type '{t}'")


def _check_type(value: Any, t: Type, what: str) -> None:
    if isinstance(t, RankedTensorType):
        if not isinstance(value, np.ndarray):
            raise InterpreterError(f"{what}: expected a tensor of type {t}, got {value!r}")
        if value.ndim != len(t.shape) or any(
            d != DYNAMIC and d != s for d, s in zip(t.shape, value.shape)
        ):
            raise InterpreterError(f"{what}: shape {value.shape} does not fit {t}")
        if value.dtype != dtype_of(t):
            raise InterpreterError(f"{what}: dtype {value.dtype} does not fit {t}")
    elif isinstance(t, UnrankedTensorType):
        if not isinstance(value, np.ndarray) or value.dtype != dtype_of(t):
            raise InterpreterError(f"{what}: {value!r} does not fit {t}")
    elif _int_info(t) is not None:
        if _int_info(t)[0] == 1:  # type: ignore[index]
            ok = isinstance(value, (bool, np.bool_))
        else:
            ok = isinstance(value, int) and not isinstance(value, bool)
        if not ok or _wrap(int(value), t) != value:
            raise InterpreterError(f"{what}: {value!r} is not a value of type {t}")
    elif _is_float(t):
        if not isinstance(value, np.floating) or value.dtype != dtype_of(t):
            raise InterpreterError(f"{what}: {value!r} is not a value of type {t}")


def _narrow(out: np.ndarray, t: Type) -> np.ndarray:
    """Integer results as the (tensor) type's dtype, wrapping; i1 keeps the low bit."""
    dt = dtype_of(t)
    if dt == np.dtype(bool):
        return (out.astype(np.int64) & 1).astype(bool)
    with np.errstate(all="ignore"):
        return out.astype(dt)


def _float64(x: Any) -> Any:
    return np.asarray(x, dtype=np.float64) if isinstance(x, np.ndarray) else np.float64(x)


# --------------------------------------------------------------------------- the interpreter

Handler = Callable[["Interpreter", Operation, list[Any]], Any]
_HANDLERS: dict[str, Handler] = {}


def _op(*names: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        for name in names:
            _HANDLERS[name] = fn
        return fn

    return register


def _prop(op: Operation, name: str) -> Any:
    return op.properties.get(name)


def _ints(op: Operation, name: str) -> tuple[int, ...]:
    attr = _prop(op, name)
    if attr is None:
        raise InterpreterError(f"'{op.name}' has no '{name}'")
    return tuple(attr.values)


def _int(op: Operation, name: str, default: int | None = None) -> int:
    attr = _prop(op, name)
    if attr is None:
        if default is None:
            raise InterpreterError(f"'{op.name}' has no '{name}'")
        return default
    return int(attr.value)


def _float(op: Operation, name: str) -> float:
    return float(_prop(op, name).value)


def _enum(op: Operation, name: str, default: str) -> str:
    attr = _prop(op, name)
    return default if attr is None else str(attr.case)


def _result_type(op: Operation, i: int = 0) -> Type:
    return op.results[i].type


class Interpreter:
    """Runs functions of one module (calls nest at most `MAX_CALL_DEPTH` deep). `printed` collects what `llh.print` printed, in order, as
    `(prefix, value)` pairs; `weight_dir` resolves the relative file names of `llh.weight`."""

    MAX_CALL_DEPTH = 64

    def __init__(self, module: Operation, weight_dir: str | Path | None = None) -> None:
        self.module = module
        self.weight_dir = Path(weight_dir) if weight_dir is not None else Path.cwd()
        self.printed: list[tuple[str, Any]] = []
        self._depth = 0
        self.symbols: dict[str, int] = {}  # free symbol → its size in the current run
        self.functions: dict[str, Operation] = {}
        for op in module.walk():
            if op.name == "func.func":
                self.functions[op.properties["sym_name"].value] = op  # type: ignore[attr-defined]

    def entry(self) -> Operation:
        """The function `interpret` runs by default: the `entrance` one, else `@main`, else the
        only function."""
        funcs = list(self.functions.values())
        for f in funcs:
            if "entrance" in f.attributes:
                return f
        if "main" in self.functions:
            return self.functions["main"]
        if len(funcs) != 1:
            raise InterpreterError(f"which function? {sorted(self.functions)}")
        return funcs[0]

    def call(self, func: Operation | str, args: Sequence[Any]) -> list[Any]:
        """Run `func` on `args` (coerced to the argument types) and return its results."""
        if isinstance(func, str):
            if func not in self.functions:
                raise InterpreterError(f"no function @{func}")
            func = self.functions[func]
        if not func.regions or not func.regions[0].blocks:
            raise InterpreterError(f"@{func.properties['sym_name'].value} is a declaration")  # type: ignore[attr-defined]
        if self._depth == 0:
            self.symbols = {}
        if self._depth >= self.MAX_CALL_DEPTH:
            raise InterpreterError(f"call depth exceeds {self.MAX_CALL_DEPTH} (recursion?)")
        self._depth += 1
        try:
            return self._run_body(func, args)
        finally:
            self._depth -= 1

    def _run_body(self, func: Operation, args: Sequence[Any]) -> list[Any]:
        block = func.regions[0].blocks[0]
        if len(args) != len(block.args):
            raise InterpreterError(f"{len(args)} arguments for {len(block.args)} parameters")
        env: dict[Value, Any] = {}
        params: dict[Value, str] = {}
        arg_attrs = func.properties.get("arg_attrs")
        for i, (param, arg) in enumerate(zip(block.args, args)):
            env[param] = _argument(arg, param.type, i)
            params[param] = f"argument {i}"
            self._bind_encoding(param.type, env[param], params[param])
            if arg_attrs is not None:
                self._bind_input_symbols(arg_attrs.value[i], env[param], params[param])  # type: ignore[attr-defined]
        for op in block.ops:
            values = [env[v] for v in op.operands]
            if op.name == "func.return":
                return values
            if op.name in _BIND_OPS:
                self._bind_op(op, values[0], params.get(op.operands[0], op.name))
            out = self.execute(op, values)
            if len(op.results) == 1:
                out = (out,)
            elif not op.results:
                continue
            for j, (r, v) in enumerate(zip(op.results, out, strict=True)):
                what = f"{op.name} result {j}"
                _check_type(v, r.type, what)
                self._bind_encoding(r.type, v, what)
                env[r] = v
        raise InterpreterError("function without func.return")

    # Symbols (spec §0): a constant symbol `c<N>` is the number N; a free symbol is one unknown
    # size, the same everywhere in a run. Type encodings and `llh.encoding_bind` /
    # `llh.symbol_bind` state which symbol each dimension / scalar is; a run checks them. A
    # violation at a function argument is a precondition the caller broke (the message starts
    # with "argument"); anywhere else the program contradicts its own symbols.

    def _bind(self, name: str, value: int, what: str) -> None:
        m = _CONSTANT_SYMBOL.fullmatch(name)
        expected = int(m.group(1)) if m else self.symbols.setdefault(name, value)
        if value != expected:
            raise InterpreterError(f"{what}: @{name} is {value} here but {expected} elsewhere")

    def _bind_encoding(self, t: Type, value: Any, what: str) -> None:
        encoding = getattr(t, "encoding", None)
        symbols = getattr(encoding, "symbols", None)
        if symbols is None or not isinstance(value, np.ndarray):
            return
        if len(symbols) != value.ndim:
            raise InterpreterError(f"{what}: {len(symbols)} symbols for rank {value.ndim}")
        for name, size in zip(symbols, value.shape):
            self._bind(name, int(size), what)

    def _bind_input_symbols(self, attrs: Any, value: Any, what: str) -> None:
        """`func.input_symbol_<d> = "s0"` on an entrance argument: dimension d is symbol s0."""
        for key, attr in attrs.as_dict().items():
            if key.startswith("func.input_symbol_") and isinstance(value, np.ndarray):
                d = int(key.rpartition("_")[2])
                if d >= value.ndim:
                    raise InterpreterError(f"{what}: {key} of a rank-{value.ndim} tensor")
                self._bind(attr.value, int(value.shape[d]), what)

    def _bind_op(self, op: Operation, value: Any, what: str) -> None:
        if op.name == "llh.encoding_bind":
            t = RankedTensorType(
                np.shape(value), _element(op.operands[0].type), op.properties["encoding"]
            )
            self._bind_encoding(t, value, what)
        else:
            self._bind(op.properties["symbol"].root, int(value), what)  # type: ignore[attr-defined]

    def execute(self, op: Operation, values: list[Any]) -> Any:
        """The value(s) of one op given its operand values (a tuple for several results)."""
        handler = _HANDLERS.get(op.name)
        if handler is None:
            raise InterpreterError(f"no interpretation for '{op.name}'")
        try:
            return handler(self, op, values)
        except ValueError as err:  # numpy: shapes that do not broadcast / concatenate
            raise InterpreterError(f"{op.name}: {err}") from err


def _argument(arg: Any, t: Type, i: int) -> Any:
    """Argument `i` as a value of type `t`: floats are rounded to the type, integers must fit
    exactly (no silent truncation or wrap of test data)."""
    value = _to_type(arg, t)
    if _is_tensor(t):
        if np.shape(arg) != value.shape:
            raise InterpreterError(f"argument {i}: shape {np.shape(arg)}")
        exact = dtype_of(t).kind != "f" and not np.array_equal(np.asarray(arg), value)
    else:
        exact = _int_info(t) is not None and value != arg
    if exact:
        raise InterpreterError(f"argument {i}: {arg!r} is not exactly a value of type {t}")
    _check_type(value, t, f"argument {i}")
    return value


def interpret(
    module: Operation, args: Sequence[Any], func: str | None = None,
    weight_dir: str | Path | None = None,
) -> list[Any]:  # fmt: skip
    """Run `func` (default: see `Interpreter.entry`) of `module` on `args`; its results."""
    it = Interpreter(module, weight_dir)
    return it.call(func if func is not None else it.entry(), args)


# --------------------------------------------------------------------------- func, symbols


@_op("func.call")
def _call(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    out = it.call(op.properties["callee"].root, v)  # type: ignore[attr-defined]
    return out[0] if len(op.results) == 1 else tuple(out)


_CONSTANT_SYMBOL = re.compile(r"c(-?[0-9]+)")
_BIND_OPS = ("llh.encoding_bind", "llh.symbol_bind")


@_op("llh.encoding_bind", "llh.symbol_bind", "llh.symbolic_bind")
def _record_only(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return ()


@_op("llh.symbolic_cast")
def _identity_cast(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return v[0]


@_op("llh.print")
def _print(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    prefix = _prop(op, "prefix_description")
    it.printed.append((prefix.value if prefix is not None else "", v[0]))
    return ()


# --------------------------------------------------------------------------- constants, data


def _constant_value(op: Operation) -> Any:
    value = op.properties["value"]
    rt = _result_type(op)
    if isinstance(value, DenseElementsAttr):
        return _to_type(dense_to_numpy(value), rt)
    if isinstance(value, IntegerAttr):
        return _to_type(value.value, value.type)
    if isinstance(value, FloatAttr):
        return _to_type(value.value, value.type)
    raise InterpreterError(f"constant {value}")


@_op("llh.constant", "arith.constant")
def _constant(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return _constant_value(op)


@_op("llh.weight")
def _weight(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    path = it.weight_dir / op.properties["weight_file"].value  # type: ignore[attr-defined]
    try:
        data = np.load(path, allow_pickle=False)
    except (OSError, ValueError) as err:
        raise InterpreterError(f"llh.weight: cannot read {path}: {err}") from err
    rt = _result_type(op)
    if not isinstance(data, np.ndarray) or data.dtype.newbyteorder("=") != dtype_of(rt):
        raise InterpreterError(f"llh.weight: {path} holds {getattr(data, 'dtype', data)}, not {rt}")
    return data.astype(dtype_of(rt))


@_op("llh.dim")
def _dim(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    x, k = v
    if not 0 <= k < x.ndim:
        raise InterpreterError(f"llh.dim {k} of a rank-{x.ndim} tensor")
    return int(x.shape[k])


@_op("llh.shape_of")
def _shape_of(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return tuple(int(d) for d in v[0].shape)


def _sizes(values: Sequence[Any], what: str, allow_minus_one: bool = False) -> tuple[int, ...]:
    sizes = tuple(int(s) for s in values)
    for s in sizes:
        if s < 0 and not (allow_minus_one and s == -1):
            raise InterpreterError(f"{what}: negative size {s}")
    return sizes


@_op("llh.reshape")
def _reshape(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    x, sizes = v[0], _sizes(v[1:], "llh.reshape", allow_minus_one=True)
    if sizes.count(-1) > 1:
        raise InterpreterError("llh.reshape with two -1 sizes")
    known = math.prod(s for s in sizes if s != -1)
    if (-1 in sizes and (known == 0 or x.size % known)) or (-1 not in sizes and known != x.size):
        raise InterpreterError(f"llh.reshape of {x.shape} to {sizes}")
    return x.reshape(sizes)


@_op("llh.empty")
def _empty(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    rt = _result_type(op)
    dt = dtype_of(rt)
    return np.full(_sizes(v, "llh.empty"), np.nan if dt.kind == "f" else 0, dtype=dt)


@_op("llh.broadcast_to")
def _broadcast_to(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    x, sizes = v[0], _sizes(v[1:], "llh.broadcast_to")
    cast = {d % len(sizes) for d in _ints(op, "cast_dims")} if sizes else set()
    offset = len(sizes) - x.ndim
    if offset < 0:
        raise InterpreterError(f"llh.broadcast_to of rank {x.ndim} to rank {len(sizes)}")
    # HEAD's optional hints: `expand_dims` are result dims whose input size is 1,
    # `noexpand_dims` result dims that keep the input size.
    hints = {
        name: {d % len(sizes) for d in _ints(op, name)} if _prop(op, name) is not None else set()
        for name in ("expand_dims", "noexpand_dims")
    }
    for i, d in enumerate(x.shape):
        r = offset + i
        if d != sizes[r] and not (d == 1 and r in cast):
            raise InterpreterError(
                f"llh.broadcast_to: input dim {i} of size {d} to {sizes[r]} "
                f"(cast_dims {sorted(cast)})"
            )
        if (r in hints["expand_dims"] and d != 1) or (
            r in hints["noexpand_dims"] and d != sizes[r]
        ):
            raise InterpreterError(f"llh.broadcast_to: input dim {i} of size {d} breaks a hint")
    return np.broadcast_to(x, sizes).copy()


@_op("llh.expand")
def _expand(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    x, sizes = v[0], list(_sizes(v[1:], "llh.expand", allow_minus_one=True))
    offset = len(sizes) - x.ndim
    if offset < 0:
        raise InterpreterError(f"llh.expand of rank {x.ndim} to rank {len(sizes)}")
    for i, s in enumerate(sizes):
        if s == -1:
            if i < offset:
                raise InterpreterError("llh.expand: -1 for a new dimension")
            sizes[i] = x.shape[i - offset]
        elif i >= offset and x.shape[i - offset] not in (1, s):
            raise InterpreterError(f"llh.expand of {x.shape} to {sizes}")
    return np.broadcast_to(x, sizes).copy()


@_op("llh.extract")
def _extract(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    x, index = v
    if x.ndim == 0 or not -x.shape[0] <= index < x.shape[0]:
        raise InterpreterError(f"llh.extract {index} of {x.shape}")
    out = x[index]
    rt = _result_type(op)
    if not _is_tensor(rt):
        return _to_type(out.item(), rt)
    return np.asarray(out)


def _segments(op: Operation, values: list[Any]) -> list[list[Any]]:
    sizes = _ints(op, "operandSegmentSizes")
    out, at = [], 0
    for n in sizes:
        out.append(values[at : at + n])
        at += n
    return out


@_op("llh.slice", "llh.stride_slice")
def _slice(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    groups = _segments(op, v)
    (x,), starts, ends = groups[0], groups[1], groups[2]
    strides = groups[3] if op.name == "llh.stride_slice" else [1] * x.ndim
    if not len(starts) == len(ends) == len(strides) == x.ndim:
        raise InterpreterError(f"{op.name}: one start/end/stride per dimension of {x.shape}")
    if 0 in strides:
        raise InterpreterError(f"{op.name}: zero stride")
    return x[tuple(slice(s, e, k) for s, e, k in zip(starts, ends, strides))].copy()


@_op("llh.cat")
def _cat(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return np.concatenate(v, axis=_int(op, "dim"))


@_op("llh.flatten")
def _flatten(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    x, k = v
    if not 0 <= k < max(x.ndim, 1):
        raise InterpreterError(f"llh.flatten from {k} of rank {x.ndim}")
    return x.reshape((*x.shape[:k], math.prod(x.shape[k:])))


@_op("llh.transpose")
def _transpose(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    perms = _ints(op, "perms")
    if sorted(perms) != list(range(v[0].ndim)):
        raise InterpreterError(f"llh.transpose perms {perms} of rank {v[0].ndim}")
    return np.transpose(v[0], perms).copy()


@_op("llh.scalar_cast")
def _scalar_cast(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    rt = _result_type(op)
    if _is_tensor(rt):
        rank = len(rt.shape) if isinstance(rt, RankedTensorType) else 1
        return _to_type(np.asarray(v[0]).reshape((1,) * rank), rt)
    if v[0].size != 1:
        raise InterpreterError(f"llh.scalar_cast of {v[0].shape}")
    return _to_type(v[0].reshape(()).item(), rt)


@_op("llh.convert_to")
def _convert_to(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    rt = _result_type(op)
    x = v[0]
    if dtype_of(rt) == np.dtype(bool):
        return np.asarray(x) != 0 if _is_tensor(rt) else bool(x != 0)
    if _is_tensor(rt):
        return _to_type(x, rt)
    if _int_info(rt) is not None and isinstance(x, np.floating):
        if not np.isfinite(x):
            raise InterpreterError(f"llh.convert_to of {x} to {rt}")
        return _to_type(math.trunc(float(x)), rt)
    return _to_type(int(x) if isinstance(x, bool) else x, rt)


# --------------------------------------------------------------------------- elementwise


def _elementwise_float(fn: Callable[..., Any], op: Operation, args: Sequence[Any]) -> Any:
    with np.errstate(all="ignore"):
        return _to_type(fn(*map(_float64, args)), _result_type(op))


_UNARY: dict[str, Callable[[Any], Any]] = {
    "llh.abs": np.abs,
    "llh.relu": lambda x: np.where(x < 0, np.zeros_like(x), x),
    "llh.sqrt": np.sqrt,
    "llh.rsqrt": lambda x: 1.0 / np.sqrt(x),
    "llh.exp": np.exp,
}


@_op(*_UNARY)
def _unary(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    fn = _UNARY[op.name]
    rt = _result_type(op)
    if _is_float(rt):
        return _elementwise_float(fn, op, v)
    if op.name not in ("llh.abs", "llh.relu"):
        raise InterpreterError(f"{op.name} of an integer")
    if _is_tensor(rt):
        with np.errstate(all="ignore"):
            return _narrow(np.asarray(fn(v[0])), rt)
    return _wrap(int(fn(v[0])), rt)


@_op("llh.drop")
def _drop(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return v[0].copy()


def _floor_div(a: Any, b: Any) -> Any:
    if np.any(np.asarray(b) == 0):
        raise InterpreterError("integer division by zero")
    return (
        np.floor_divide(a, b) if isinstance(a, np.ndarray) or isinstance(b, np.ndarray) else a // b
    )


def _int_pow(a: Any, b: Any) -> Any:
    if np.any(np.asarray(b) < 0):
        raise InterpreterError("integer power with a negative exponent")
    return np.power(a, b) if isinstance(a, np.ndarray) or isinstance(b, np.ndarray) else a**b


_BINARY: dict[str, tuple[Callable[[Any, Any], Any], Callable[[Any, Any], Any]]] = {
    # op: (float function on float64 values, integer function)
    "llh.add": (np.add, lambda a, b: a + b),
    "llh.sub": (np.subtract, lambda a, b: a - b),
    "llh.mul": (np.multiply, lambda a, b: a * b),
    "llh.div": (np.true_divide, _floor_div),
    "llh.max": (np.maximum, lambda a, b: np.maximum(a, b) if isinstance(a, np.ndarray) else max(a, b)),
    "llh.min": (np.minimum, lambda a, b: np.minimum(a, b) if isinstance(a, np.ndarray) else min(a, b)),
    "llh.pow": (np.power, _int_pow),
}  # fmt: skip


@_op(*_BINARY)
def _binary(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    float_fn, int_fn = _BINARY[op.name]
    rt = _result_type(op)
    if _is_float(rt):
        return _elementwise_float(float_fn, op, v)
    if _is_tensor(rt):
        # Exact integer arithmetic in Python ints would be slow; int64 wraps like any width
        # once the result is narrowed (two's complement), except floor division and max/min,
        # which are exact in the operands' own dtype.
        a, b = (np.asarray(x) for x in v)
        with np.errstate(all="ignore"):
            if op.name in ("llh.add", "llh.sub", "llh.mul", "llh.pow"):
                out = int_fn(a.astype(np.int64), b.astype(np.int64))
            else:
                out = int_fn(a, b)
        return _narrow(np.asarray(out), rt)
    return _wrap(int(int_fn(int(v[0]), int(v[1]))), rt)


_COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "EQ": np.equal, "NE": np.not_equal, "LT": np.less, "LE": np.less_equal,
    "GT": np.greater, "GE": np.greater_equal,
}  # fmt: skip


@_op("llh.compare")
def _compare(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    out = _COMPARE[_enum(op, "kind", "")](v[0], v[1])
    return np.asarray(out) if _is_tensor(_result_type(op)) else bool(out)


@_op("llh.where")
def _where(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    rt = _result_type(op)
    if not _is_tensor(rt):
        return v[1] if v[0] else v[2]
    return np.where(np.asarray(v[0], dtype=bool), v[1], v[2]).astype(dtype_of(rt))


# --------------------------------------------------------------------------- reductions, linalg


def _axes(op: Operation, rank: int) -> tuple[int, ...]:
    axes = _ints(op, "axis")
    if any(not -rank <= a < rank for a in axes):
        raise InterpreterError(f"{op.name}: axis {axes} of rank {rank}")
    norm = tuple(a % rank for a in axes)
    if len(set(norm)) != len(norm):
        raise InterpreterError(f"{op.name}: repeated axis {axes}")
    return norm


@_op("llh.reduce_sum", "llh.reduce_max", "llh.reduce_min")
def _reduce(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    x = v[0]
    axes = _axes(op, x.ndim)
    rt = _result_type(op)
    if op.name == "llh.reduce_sum":
        if x.dtype.kind == "f":
            return _to_type(np.sum(x.astype(np.float64), axis=axes), rt)
        with np.errstate(all="ignore"):
            return _narrow(np.asarray(np.sum(x.astype(np.int64), axis=axes)), rt)
    if any(x.shape[a] == 0 for a in axes):
        raise InterpreterError(f"{op.name} over an empty dimension")
    fn = np.max if op.name == "llh.reduce_max" else np.min
    return np.asarray(fn(x, axis=axes))


def _matmul(x: np.ndarray, y: np.ndarray, rt: Type) -> np.ndarray:
    if x.shape[-1] != y.shape[-2] or x.shape[:-2] != y.shape[:-2]:
        raise InterpreterError(f"matmul of {x.shape} and {y.shape}")
    if x.dtype.kind == "f":
        return _to_type(  # type: ignore[no-any-return]
            np.einsum("...mk,...kn->...mn", x.astype(np.float64), y.astype(np.float64)), rt
        )
    with np.errstate(all="ignore"):
        out = np.einsum("...mk,...kn->...mn", x.astype(np.int64), y.astype(np.int64))
    return _narrow(out, rt)


@_op("llh.matmul")
def _matmul2d(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    if v[0].ndim != 2 or v[1].ndim != 2:
        raise InterpreterError("llh.matmul needs rank-2 operands")
    return _matmul(v[0], v[1], _result_type(op))


@_op("llh.batch_matmul")
def _batch_matmul(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    if v[0].ndim != 3 or v[1].ndim != 3:
        raise InterpreterError("llh.batch_matmul needs rank-3 operands")
    return _matmul(v[0], v[1], _result_type(op))


# --------------------------------------------------------------------------- windows, norms


def _window(op: Operation, spatial: int) -> tuple[tuple[int, ...], ...]:
    kernel, stride, pad, dilation = (
        _ints(op, k) for k in ("kernel_shape", "stride", "pad", "dilation")
    )
    if len(kernel) != spatial or len(stride) != spatial or len(dilation) != spatial:
        raise InterpreterError(f"{op.name}: window of the wrong rank for {spatial}-D data")
    if len(pad) != 2 * spatial:
        raise InterpreterError(f"{op.name}: pad {pad} for {spatial}-D data")
    return kernel, stride, pad, dilation


@_op("llh.conv", "llh.conv_bias")
def _conv(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    layout = _enum(op, "layout", "NCHW")
    weight_layout = _enum(op, "weight_layout", "FCHW")
    x = data_to_ncs(v[0], layout)
    w = weight_to_fcs(v[1], weight_layout)
    kernel, stride, pad, dilation = _window(op, x.ndim - 2)
    if tuple(w.shape[2:]) != kernel:
        raise InterpreterError(f"{op.name}: weight {v[1].shape} vs kernel_shape {kernel}")
    y = np_conv(x, w, stride, pad, dilation, _int(op, "group", 1))
    if op.name == "llh.conv_bias":
        b = np.asarray(v[2], dtype=np.float64)
        if b.shape != (y.shape[1],):
            raise InterpreterError(f"llh.conv_bias: bias {b.shape} for {y.shape[1]} features")
        y = y + b.reshape((1, -1) + (1,) * (y.ndim - 2))
    return _to_type(data_from_ncs(y, layout), _result_type(op))


@_op("llh.max_pool")
def _max_pool(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    layout = _enum(op, "layout", "NCHW")
    x = data_to_ncs(v[0], layout)
    kernel, stride, pad, dilation = _window(op, x.ndim - 2)
    ceil_mode = bool(_prop(op, "ceil_mode").value)
    y = np_max_pool(x, kernel, stride, pad, dilation, ceil_mode)
    return data_from_ncs(y, layout).copy()


@_op("llh.adaptive_average_pool")
def _adaptive_average_pool(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return _to_type(np_adaptive_avg_pool(v[0], _ints(op, "out_size")), _result_type(op))


@_op("llh.batch_norm")
def _batch_norm(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    x, scale, bias, mean, var = (np.asarray(a, dtype=np.float64) for a in v)
    k = _int(op, "feature_index")
    if not 0 <= k < x.ndim:
        raise InterpreterError(f"llh.batch_norm feature_index {k} of rank {x.ndim}")
    shape = [1] * x.ndim
    shape[k] = x.shape[k]
    p = [a.reshape(shape) for a in (scale, bias, mean, var)]
    with np.errstate(all="ignore"):
        y = (x - p[2]) / np.sqrt(p[3] + _float(op, "epsilon")) * p[0] + p[1]
    return _to_type(y, _result_type(op))


@_op("llh.layer_norm")
def _layer_norm(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    x, scale, bias = (np.asarray(a, dtype=np.float64) for a in v)
    axis = _int(op, "axis")
    if not -x.ndim <= axis < x.ndim:
        raise InterpreterError(f"llh.layer_norm axis {axis} of rank {x.ndim}")
    axes = tuple(range(axis % x.ndim, x.ndim))
    mean = x.mean(axis=axes, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=axes, keepdims=True)
    with np.errstate(all="ignore"):
        y = (x - mean) / np.sqrt(var + _float(op, "epsilon")) * scale + bias
    return _to_type(y, _result_type(op))


# --------------------------------------------------------------------------- arith (scalars)


def _trunc_div(a: int, b: int) -> int:
    if b == 0:
        raise InterpreterError("integer division by zero")
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _unsigned(v: int, t: Type) -> int:
    return v & ((1 << _int_info(t)[0]) - 1)  # type: ignore[index]


def _ceil_div(a: int, b: int) -> int:
    if b == 0:
        raise InterpreterError("integer division by zero")
    return -(-a // b)


_ARITH_INT: dict[str, Callable[[int, int, Type], int]] = {
    "arith.addi": lambda a, b, t: a + b,
    "arith.subi": lambda a, b, t: a - b,
    "arith.muli": lambda a, b, t: a * b,
    "arith.divsi": lambda a, b, t: _trunc_div(a, b),
    "arith.divui": lambda a, b, t: _trunc_div(_unsigned(a, t), _unsigned(b, t)),
    "arith.remsi": lambda a, b, t: a - b * _trunc_div(a, b),
    "arith.remui": lambda a, b, t: _unsigned(a, t) % _unsigned(b, t) if b else _trunc_div(1, 0),
    "arith.floordivsi": lambda a, b, t: _floor_div(a, b),
    "arith.ceildivsi": lambda a, b, t: _ceil_div(a, b),
    "arith.ceildivui": lambda a, b, t: _ceil_div(_unsigned(a, t), _unsigned(b, t)),
    "arith.andi": lambda a, b, t: a & b,
    "arith.ori": lambda a, b, t: a | b,
    "arith.xori": lambda a, b, t: a ^ b,
    "arith.maxsi": lambda a, b, t: max(a, b),
    "arith.minsi": lambda a, b, t: min(a, b),
    "arith.maxui": lambda a, b, t: a if _unsigned(a, t) >= _unsigned(b, t) else b,
    "arith.minui": lambda a, b, t: a if _unsigned(a, t) <= _unsigned(b, t) else b,
    "arith.shli": lambda a, b, t: a << b,
    "arith.shrsi": lambda a, b, t: a >> b,
    "arith.shrui": lambda a, b, t: _unsigned(a, t) >> b,
}
_SHIFTS = ("arith.shli", "arith.shrsi", "arith.shrui")


@_op(*_ARITH_INT)
def _arith_int(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    rt = _result_type(op)
    if _is_tensor(rt):
        raise InterpreterError(f"{op.name} on tensors")
    a, b = (int(x) for x in v)
    if op.name in _SHIFTS and not 0 <= _unsigned(b, rt) < _int_info(rt)[0]:  # type: ignore[index]
        raise InterpreterError(f"{op.name} by {b}")
    return _wrap(_ARITH_INT[op.name](a, b, rt), rt)


_ARITH_FLOAT: dict[str, Callable[..., Any]] = {
    "arith.addf": np.add,
    "arith.subf": np.subtract,
    "arith.mulf": np.multiply,
    "arith.divf": np.true_divide,
    "arith.maximumf": np.maximum,
    "arith.minimumf": np.minimum,
    "arith.maxnumf": np.fmax,
    "arith.minnumf": np.fmin,
    "arith.negf": np.negative,
}


@_op(*_ARITH_FLOAT)
def _arith_float(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return _elementwise_float(_ARITH_FLOAT[op.name], op, v)


# MLIR's arith.cmpi predicate numbering.
_CMPI = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")


@_op("arith.cmpi")
def _cmpi(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    pred = _CMPI[_int(op, "predicate")]
    t = op.operands[0].type
    a, b = int(v[0]), int(v[1])
    if pred[0] == "u":
        a, b = _unsigned(a, t), _unsigned(b, t)
    kind = pred if pred in ("eq", "ne") else pred[1:]
    return bool(
        {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b, "ge": a >= b}[kind]
    )


@_op("arith.select")
def _select(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return v[1] if v[0] else v[2]


@_op("arith.index_cast", "arith.extsi", "arith.trunci")
def _int_cast(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return _wrap(int(v[0]), _result_type(op))


@_op("arith.extui", "arith.index_castui")
def _uint_cast(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return _wrap(_unsigned(int(v[0]), op.operands[0].type), _result_type(op))


@_op("arith.sitofp")
def _sitofp(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return _to_type(int(v[0]), _result_type(op))


@_op("arith.fptosi")
def _fptosi(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    rt = _result_type(op)
    value = math.trunc(float(v[0])) if np.isfinite(v[0]) else None
    if value is None or _wrap(value, rt) != value:
        raise InterpreterError(f"arith.fptosi of {v[0]} to {rt} (poison)")
    return value


# --------------------------------------------------------------------------- index, tensor


@_op("index.constant")
def _index_constant(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return _wrap(int(op.properties["value"].value), _result_type(op))  # type: ignore[attr-defined]


@_op("index.add", "index.sub", "index.mul")
def _index_binary(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return _wrap(
        _ARITH_INT["arith." + op.name[6:] + "i"](v[0], v[1], _result_type(op)), _result_type(op)
    )


@_op("index.casts")
def _index_casts(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return _wrap(int(v[0]), _result_type(op))


@_op("index.castu")
def _index_castu(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return _wrap(_unsigned(int(v[0]), op.operands[0].type), _result_type(op))


@_op("tensor.dim")
def _tensor_dim(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return _dim(it, op, v)


@_op("tensor.cast")
def _tensor_cast(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    return v[0]


@_op("tensor.empty")
def _tensor_empty(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    rt = _result_type(op)
    dynamic = iter(v)
    sizes = [next(dynamic) if d == DYNAMIC else d for d in rt.shape]  # type: ignore[attr-defined]
    dt = dtype_of(rt)
    return np.full(_sizes(sizes, "tensor.empty"), np.nan if dt.kind == "f" else 0, dtype=dt)


@_op("tensor.extract")
def _tensor_extract(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    x, index = v[0], tuple(v[1:])
    if len(index) != x.ndim or any(not 0 <= i < d for i, d in zip(index, x.shape)):
        raise InterpreterError(f"tensor.extract {index} of {x.shape}")
    return _to_type(x[index].item(), _result_type(op))


@_op("tensor.from_elements")
def _tensor_from_elements(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    rt = _result_type(op)
    return _to_type(np.asarray(v), rt).reshape(rt.shape)  # type: ignore[attr-defined]


@_op("tensor.reshape")
def _tensor_reshape(it: Interpreter, op: Operation, v: list[Any]) -> Any:
    sizes = _sizes(v[1].tolist(), "tensor.reshape")
    if math.prod(sizes) != v[0].size:
        raise InterpreterError(f"tensor.reshape of {v[0].shape} to {sizes}")
    return v[0].reshape(sizes)
