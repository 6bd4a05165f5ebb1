"""`dense<...>` elements: building the flat value list from parsed literals or hex, and printing it.

The attribute class itself is `DenseElementsAttr` in ``attributes.py``; numpy conversion for folding
lives here too (`dense_to_numpy`, `dense_from_numpy`). Float elements hold APFloat's stored bit
pattern (`literals.storage_bits`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llh_opt.ir import literals
from llh_opt.ir.types import ComplexType, FloatType, IndexType, IntegerType, ShapedType, Type

if TYPE_CHECKING:
    import numpy as np

    from llh_opt.ir.attributes import DenseElementsAttr

HEX_THRESHOLD = 100
"""MLIR prints a non-splat dense attribute with more elements than this as a hex string."""


class DenseLiteralError(ValueError):
    """A dense literal that does not fit its type; the message is MLIR's wording."""


def _signedness(t: IntegerType) -> str:
    return ("signless", "signed", "unsigned")[t.signedness]


def element_byte_width(t: Type) -> int:
    if isinstance(t, IntegerType):
        return 1 if t.width == 1 else (t.width + 7) // 8
    if isinstance(t, IndexType):
        return 8
    if isinstance(t, FloatType):
        return (literals.FLOAT_WIDTH[t.name] + 7) // 8
    if isinstance(t, ComplexType):
        return 2 * element_byte_width(t.element_type)
    raise DenseLiteralError(f"unsupported dense element type {t}")


def _scalar_from_hex(raw: int, t: Type) -> Any:
    if isinstance(t, IntegerType):
        if t.width == 1:
            return 1 if raw else 0
        return literals.wrap_integer(raw, t.width, _signedness(t))
    if isinstance(t, IndexType):
        return literals.wrap_integer(raw, 64, "signless")
    return raw  # float bits


def _scalar_to_raw(v: Any, t: Type) -> int:
    if isinstance(t, IntegerType):
        return v & ((1 << max(t.width, 1)) - 1) if t.width > 1 else (1 if v else 0)
    if isinstance(t, IndexType):
        return v & ((1 << 64) - 1)
    return v


def values_from_hex(hex_body: str, type: ShapedType) -> tuple[Any, ...]:
    """Decode `0x...` (little-endian raw data) into the flat value list; one element = splat."""
    if not hex_body.startswith("0x"):
        raise DenseLiteralError("expected string containing hex digits starting with `0x`")
    try:
        data = bytes.fromhex(hex_body[2:])
    except ValueError:
        raise DenseLiteralError(
            "expected string containing hex digits starting with `0x`"
        ) from None
    et = type.element_type
    width = element_byte_width(et)
    n = type.num_elements
    count = len(data) // width if width else 0
    if count * width != len(data) or (count != n and count != 1):
        raise DenseLiteralError(f"elements hex data size is invalid for provided type: {type}")
    out = []
    for i in range(count):
        chunk = data[i * width : (i + 1) * width]
        if isinstance(et, ComplexType):
            half = width // 2
            re_ = _scalar_from_hex(int.from_bytes(chunk[:half], "little"), et.element_type)
            im_ = _scalar_from_hex(int.from_bytes(chunk[half:], "little"), et.element_type)
            out.append((re_, im_))
        else:
            out.append(_scalar_from_hex(int.from_bytes(chunk, "little"), et))
    return tuple(out)


def _hex_of(attr: DenseElementsAttr) -> str:
    et = attr.type.element_type
    width = element_byte_width(et)
    parts = []
    for v in attr.values:
        if isinstance(et, ComplexType):
            half = width // 2
            sub = et.element_type
            raw = _scalar_to_raw(v[0], sub).to_bytes(half, "little") + _scalar_to_raw(
                v[1], sub
            ).to_bytes(half, "little")
        else:
            raw = _scalar_to_raw(v, et).to_bytes(width, "little")
        parts.append(raw.hex().upper())
    return '"0x' + "".join(parts) + '"'


def _format_scalar(v: Any, t: Type) -> str:
    if isinstance(t, FloatType):
        return literals.format_float_bits(v, t.name)
    if isinstance(t, IntegerType) and t.width == 1:
        return "true" if v else "false"
    if isinstance(t, ComplexType):
        return f"({_format_scalar(v[0], t.element_type)},{_format_scalar(v[1], t.element_type)})"
    if isinstance(v, str):
        return '"' + literals.escape_string(v.encode("utf-8", "surrogateescape")) + '"'
    return str(v)


def format_dense_body(attr: DenseElementsAttr) -> str:
    """The text between `dense<` and `>`, exactly as MLIR prints it."""
    t = attr.type
    et = t.element_type
    values = attr.values
    n = t.num_elements
    if len(values) == 1:
        return _format_scalar(values[0], et)
    if not values:
        return ""
    if n > HEX_THRESHOLD and not isinstance(values[0], str):
        return _hex_of(attr)
    items = [_format_scalar(v, et) for v in values]
    shape = t.shape
    if not shape:
        return items[0]
    return _nest(items, shape)


def _nest(items: list[str], shape: tuple[int, ...]) -> str:
    # Group innermost-first: [[a, b], [c, d]].
    for dim in reversed(shape[1:]):
        items = ["[" + ", ".join(items[i : i + dim]) + "]" for i in range(0, len(items), dim)]
    return "[" + ", ".join(items) + "]"


# --------------------------------------------------------------------------- building from literals


def flatten_literal(lit: Any, shape: tuple[int, ...], type: ShapedType) -> list[Any]:
    """Flatten a nested parsed literal (lists of leaves) checking it against `shape`."""
    if not isinstance(lit, list):
        return [lit]
    out: list[Any] = []

    def walk(node: Any, depth: int) -> None:
        if isinstance(node, list):
            if depth >= len(shape):
                raise DenseLiteralError(
                    f"inferred shape of elements literal ([...]) does not match type ({type})"
                )
            if len(node) != shape[depth]:
                raise DenseLiteralError(
                    f"inferred shape of elements literal does not match type ({type})"
                )
            for x in node:
                walk(x, depth + 1)
        else:
            if depth != len(shape):
                raise DenseLiteralError(
                    f"inferred shape of elements literal does not match type ({type})"
                )
            out.append(node)

    walk(lit, 0)
    return out


def convert_leaf(leaf: Any, t: Type) -> Any:
    """Convert one parsed leaf to the stored value for element type `t`.

    Leaves are ('int', int) / ('float', text) / ('bool', bool) / ('hexint', text) /
    ('str', str) / ('complex', leaf, leaf)."""
    kind = leaf[0]
    if isinstance(t, ComplexType):
        if kind != "complex":
            raise DenseLiteralError("expected complex element")
        return (convert_leaf(leaf[1], t.element_type), convert_leaf(leaf[2], t.element_type))
    if kind == "complex":
        raise DenseLiteralError(f"unexpected complex element for type {t}")
    if isinstance(t, FloatType):
        if kind == "float":
            # Dense storage holds APFloat's bit pattern (a negative f8E8M0FNU loses its sign).
            return literals.storage_bits(literals.parse_float_literal(leaf[1], t.name), t.name)
        if kind == "hexint":
            return literals.parse_hex_float_literal(leaf[1], t.name)
        if kind == "int":
            raise DenseLiteralError("unexpected decimal integer literal for a floating point value")
        if kind == "bool":
            raise DenseLiteralError("expected floating point literal")
        raise DenseLiteralError("expected floating point literal")
    if isinstance(t, (IntegerType, IndexType)):
        if kind == "bool":
            if isinstance(t, IntegerType) and t.width == 1:
                return 1 if leaf[1] else 0
            raise DenseLiteralError("expected integer elements, but parsed boolean")
        if kind == "float":
            raise DenseLiteralError("expected integer elements, but parsed floating-point")
        value = int(leaf[1], 16) if kind == "hexint" else leaf[1]
        if isinstance(t, IndexType):
            return literals.wrap_integer(value, 64, "signless")
        if t.width == 1:
            if value not in (0, 1):
                raise DenseLiteralError("integer constant out of range for type")
            return value
        if t.signedness == 2 and value < 0:
            raise DenseLiteralError("expected unsigned integer elements, but parsed negative value")
        lo = -(1 << (t.width - 1)) if t.signedness != 2 else 0
        hi = (1 << t.width) - 1 if t.signedness != 1 else (1 << (t.width - 1)) - 1
        if not lo <= value <= hi:
            raise DenseLiteralError("integer constant out of range for type")
        return literals.wrap_integer(value, t.width, _signedness(t))
    if kind == "str":
        return leaf[1]
    raise DenseLiteralError(f"unsupported dense element type {t}")


def values_from_literal(lit: Any, type: ShapedType) -> tuple[Any, ...]:
    """The flat value list for a parsed literal: a single leaf is a splat."""
    et = type.element_type
    if not isinstance(lit, list):
        return (convert_leaf(lit, et),)
    flat = flatten_literal(lit, type.shape, type)
    return tuple(convert_leaf(x, et) for x in flat)


# --------------------------------------------------------------------------- numpy bridge


_NP_FLOAT = {"f16": "float16", "f32": "float32", "f64": "float64"}


def dense_to_numpy(attr: DenseElementsAttr) -> np.ndarray:
    """The attribute's data as a numpy array of its shape (bf16 is widened to float32)."""
    import numpy as np

    et = attr.type.element_type
    vals = attr.full_values()
    if isinstance(et, FloatType):
        floats = [literals.bits_to_float(b, et.name) for b in vals]
        arr = np.array(floats, dtype=_NP_FLOAT.get(et.name, "float32"))
    elif isinstance(et, IntegerType):
        if et.width == 1:
            arr = np.array(vals, dtype=bool)
        else:
            w = 8 if et.width <= 8 else 16 if et.width <= 16 else 32 if et.width <= 32 else 64
            kind = "uint" if et.signedness == 2 else "int"
            arr = np.array(vals, dtype=f"{kind}{w}")
    elif isinstance(et, IndexType):
        arr = np.array(vals, dtype="int64")
    else:
        raise DenseLiteralError(f"cannot convert {et} elements to numpy")
    return arr.reshape(attr.type.shape)


def dense_from_numpy(array: np.ndarray, type: ShapedType) -> DenseElementsAttr:
    from llh_opt.ir.attributes import DenseElementsAttr

    et = type.element_type
    flat = array.reshape(-1).tolist()
    if isinstance(et, FloatType):
        name = et.name
        vals = tuple(
            literals.storage_bits(literals.float_to_bits(float(x), name), name) for x in flat
        )
    elif isinstance(et, IntegerType):
        vals = tuple(literals.wrap_integer(int(x), et.width, _signedness(et)) for x in flat)
    else:
        vals = tuple(int(x) for x in flat)
    return DenseElementsAttr(type, vals)
