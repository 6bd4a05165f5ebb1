"""MLIR's exact spelling of scalar literals: floats, strings and integers.

Here: converting float values to and from the bit patterns of MLIR's float types
(APFloat's semantics and rounding: IEEE formats, x87 f80, tf32, and the 8/6/4-bit
formats without infinities, without NaNs, without negative zero, or -- f8E8M0FNU --
without zero and sign bit), printing a float bit pattern exactly as MLIR's
``printFloatValue`` does (including APFloat::toString's algorithm), parsing float
and hex-float literal text, string escaping/unescaping, and integer
wrapping/validation/printing.

Not here: tokenizing (the lexer decides what text is a literal), attribute and
type syntax, dense-elements hex blobs, and any IR object.  Everything is a pure
function of its arguments.
"""

from __future__ import annotations

import math
import struct
import sys
from typing import NamedTuple

from llh_opt.regex_cache import compile as _compile

# ---------------------------------------------------------------------------
# Float semantics
# ---------------------------------------------------------------------------


# How a format represents non-finite values (APFloat's fltNonfiniteBehavior / fltNanEncoding).
_IEEE754, _NAN_ONLY, _FINITE_ONLY = 0, 1, 2
_NAN_IEEE, _NAN_ALL_ONES, _NAN_NEGATIVE_ZERO = 0, 1, 2


class _Semantics(NamedTuple):
    """An APFloat ``fltSemantics``: the parameters of a binary float format."""

    width: int  # bits in the storage format
    precision: int  # significand bits, including the (implicit) integer bit
    emax: int  # largest unbiased exponent of a finite value
    emin: int  # smallest unbiased exponent of a normal value
    explicit_int: bool = False  # x87 f80 stores the integer bit
    nonfinite: int = _IEEE754  # IEEE inf/NaN, NaN only (no inf), or neither
    nan_encoding: int = _NAN_IEEE  # all-ones exponent; all ones; the negative-zero pattern
    has_zero: bool = True  # f8E8M0FNU has no zero: its all-zeros pattern is 2**-127
    signed: bool = True  # f8E8M0FNU has no sign bit


_SEMANTICS: dict[str, _Semantics] = {
    "f16": _Semantics(16, 11, 15, -14),
    "bf16": _Semantics(16, 8, 127, -126),
    "tf32": _Semantics(19, 11, 127, -126),
    "f32": _Semantics(32, 24, 127, -126),
    "f64": _Semantics(64, 53, 1023, -1022),
    "f80": _Semantics(80, 64, 16383, -16382, explicit_int=True),
    "f128": _Semantics(128, 113, 16383, -16382),
    "f8E5M2": _Semantics(8, 3, 15, -14),
    "f8E5M2FNUZ": _Semantics(8, 3, 15, -15, False, _NAN_ONLY, _NAN_NEGATIVE_ZERO),
    "f8E4M3": _Semantics(8, 4, 7, -6),
    "f8E4M3FN": _Semantics(8, 4, 8, -6, False, _NAN_ONLY, _NAN_ALL_ONES),
    "f8E4M3FNUZ": _Semantics(8, 4, 7, -7, False, _NAN_ONLY, _NAN_NEGATIVE_ZERO),
    "f8E4M3B11FNUZ": _Semantics(8, 4, 4, -10, False, _NAN_ONLY, _NAN_NEGATIVE_ZERO),
    "f8E3M4": _Semantics(8, 5, 3, -2),
    "f8E8M0FNU": _Semantics(8, 1, 127, -127, False, _NAN_ONLY, _NAN_ALL_ONES, False, False),
    "f6E3M2FN": _Semantics(6, 3, 4, -2, False, _FINITE_ONLY),
    "f6E2M3FN": _Semantics(6, 4, 2, 0, False, _FINITE_ONLY),
    "f4E2M1FN": _Semantics(4, 2, 2, 0, False, _FINITE_ONLY),
}
"""APFloat's semantics of every MLIR float type (LLVM's ``APFloat.cpp`` table).

The bit pattern of a value is APFloat's ``bitcastToAPInt``, with one exception: a value of
the unsigned ``f8E8M0FNU`` still carries APFloat's sign (``-2.0 : f8E8M0FNU`` prints with its
minus), kept here as bit 8 above the 8 stored bits (see :func:`storage_bits`)."""

FLOAT_WIDTH: dict[str, int] = {kind: sem.width for kind, sem in _SEMANTICS.items()}
"""Storage width in bits of every supported float kind."""

# Categories returned by _decode.
_ZERO, _FINITE, _INF, _NAN = 0, 1, 2, 3

# Error messages, spelled exactly as MLIR's parser spells them.
HEX_FLOAT_OUT_OF_RANGE = "hexadecimal float constant out of range for type"
HEX_FLOAT_NEGATIVE = "hexadecimal float literal should not have a leading minus"
DECIMAL_INT_FOR_FLOAT = "unexpected decimal integer literal for a floating point value"
DECIMAL_INT_FOR_FLOAT_NOTE = "add a trailing dot to make the literal a float"
INT_OUT_OF_RANGE = "integer constant out of range for attribute"
INT_NEGATIVE_UNSIGNED = "negative integer literal not valid for unsigned integer type"
UNKNOWN_STRING_ESCAPE = "unknown escape in string literal"
UNTERMINATED_STRING = "expected '\"' in string literal"


def _sem(kind: str) -> _Semantics:
    try:
        return _SEMANTICS[kind]
    except KeyError:
        raise ValueError(f"unsupported float kind {kind!r}") from None


def _field_layout(sem: _Semantics) -> tuple[int, int, int]:
    """Return (stored fraction bits, exponent field bits, exponent bias).

    A zero exponent field holds denormals (exponent ``emin``), so the bias is ``1 - emin``;
    without a zero (f8E8M0FNU) it holds the normal ``2**emin``: the bias is ``-emin``."""
    frac_bits = sem.precision if sem.explicit_int else sem.precision - 1
    exp_bits = sem.width - frac_bits - (1 if sem.signed else 0)
    return frac_bits, exp_bits, (1 if sem.has_zero else 0) - sem.emin


def _sign_bit(sem: _Semantics) -> int:
    """The position of the sign (bit 8 for the unsigned f8E8M0FNU, see `_SEMANTICS`)."""
    return sem.width - 1 if sem.signed else sem.width


def storage_bits(bits: int, kind: str) -> int:
    """The stored bit pattern of a value (APFloat's ``bitcastToAPInt``), as dense elements
    hold it. The identity except for a negative ``f8E8M0FNU`` value, whose sign APFloat ORs
    into the top exponent bit (``dense<-1.0> : tensor<f8E8M0FNU>`` is the NaN pattern)."""
    if kind == "f8E8M0FNU" and bits >> 8:
        return (bits & 0xFF) | 0x80
    return bits


def _decode(bits: int, sem: _Semantics) -> tuple[int, bool, int, int]:
    """Split a bit pattern into (category, negative, exp, sig): value = sig * 2**exp.

    For finite non-zero values ``exp`` and ``sig`` are APFloat's view: ``sig`` has
    ``precision`` bits (integer bit set for normals) and ``exp`` is the exponent
    of its least significant bit.
    """
    frac_bits, exp_bits, bias = _field_layout(sem)
    neg = bool((bits >> _sign_bit(sem)) & 1)
    all_ones = (1 << exp_bits) - 1
    field = (bits >> frac_bits) & all_ones
    frac = bits & ((1 << frac_bits) - 1)
    if sem.explicit_int:
        return _decode_x87(neg, field, frac, sem)
    lsb_shift = sem.precision - 1
    if sem.nonfinite == _IEEE754:
        if field == all_ones:
            return (_NAN if frac else _INF), neg, 0, frac
    elif sem.nan_encoding == _NAN_ALL_ONES:
        if field == all_ones and frac == (1 << frac_bits) - 1:
            return _NAN, neg, 0, frac
    elif sem.nan_encoding == _NAN_NEGATIVE_ZERO:
        if field == 0 and frac == 0 and neg:
            return _NAN, neg, 0, 0
    if field == 0 and sem.has_zero:
        if frac == 0:
            return _ZERO, neg, 0, 0
        return _FINITE, neg, sem.emin - lsb_shift, frac
    return _FINITE, neg, field - bias - lsb_shift, frac | (1 << lsb_shift)


def _decode_x87(neg: bool, field: int, frac: int, sem: _Semantics) -> tuple[int, bool, int, int]:
    """f80 decoding, following APFloat's initFromF80LongDoubleAPInt."""
    int_bit = 1 << 63
    if field == 0 and frac == 0:
        return _ZERO, neg, 0, 0
    if field == 0x7FFF:
        return (_INF if frac == int_bit else _NAN), neg, 0, frac
    if not frac & int_bit and field != 0:
        return _NAN, neg, 0, frac  # "unnormal": APFloat treats it as NaN
    exponent = sem.emin if field == 0 else field - sem.emax
    return _FINITE, neg, exponent - 63, frac


def _encode_finite(neg: bool, exp: int, sig: int, sem: _Semantics) -> int:
    """Assemble the bits of sig * 2**exp, already rounded (sig < 2**precision)."""
    frac_bits, _, bias = _field_layout(sem)
    sign = int(neg) << _sign_bit(sem)
    top = sem.precision - 1
    if sig >> top:  # normal
        field = exp + top + bias
        frac = sig if sem.explicit_int else sig & ((1 << top) - 1)
        return sign | (field << frac_bits) | frac
    return sign | sig  # denormal or zero: exponent field 0


def _inf_bits(neg: bool, sem: _Semantics) -> int:
    frac_bits, exp_bits, _ = _field_layout(sem)
    frac = (1 << 63) if sem.explicit_int else 0
    return (int(neg) << (sem.width - 1)) | (((1 << exp_bits) - 1) << frac_bits) | frac


def _largest_bits(neg: bool, sem: _Semantics) -> int:
    """The largest finite magnitude (APFloat's makeLargest)."""
    sig = (1 << sem.precision) - 1
    if sem.nonfinite == _NAN_ONLY and sem.nan_encoding == _NAN_ALL_ONES and sem.signed:
        sig -= 1  # all ones is the NaN
    return _encode_finite(neg, sem.emax - sem.precision + 1, sig, sem)


def _nan_only_bits(neg: bool, sem: _Semantics) -> int:
    """APFloat's makeNaN for a format without infinities."""
    if sem.nan_encoding == _NAN_NEGATIVE_ZERO:
        return 1 << (sem.width - 1)
    if not sem.signed:
        return (1 << sem.width) - 1
    return (int(neg) << (sem.width - 1)) | ((1 << (sem.width - 1)) - 1)


def _overflow_bits(neg: bool, sem: _Semantics) -> int:
    """APFloat's handleOverflow when rounding to nearest: inf, NaN or the largest value."""
    if sem.nonfinite == _IEEE754:
        return _inf_bits(neg, sem)
    if sem.nonfinite == _NAN_ONLY:
        return _nan_only_bits(neg, sem)
    return _largest_bits(neg, sem)


def _zero_bits(neg: bool, sem: _Semantics) -> int:
    """A zero result (APFloat's normalize/convert): +0 where NaN is the negative-zero pattern,
    the smallest normal where there is no zero."""
    if not sem.has_zero:
        return _encode_finite(False, sem.emin, 1, sem)
    if sem.nan_encoding == _NAN_NEGATIVE_ZERO:
        return 0
    return int(neg) << _sign_bit(sem)


def _round_rational(neg: bool, num: int, den: int, sem: _Semantics) -> int:
    """Round num/den (> 0) to ``sem`` with round-to-nearest-even; return bits."""
    p = sem.precision
    exp_min = sem.emin - (p - 1)
    exp = max(num.bit_length() - den.bit_length() - p, exp_min)
    q, r, d = _scaled_divmod(num, den, exp)
    if q >> p:  # one bit too many: the estimate was low by one
        exp += 1
        q, r, d = _scaled_divmod(num, den, exp)
    if 2 * r > d or (2 * r == d and q & 1):
        q += 1
        if q >> p:
            q >>= 1
            exp += 1
    if q == 0:
        return _zero_bits(neg, sem)
    if exp + p - 1 > sem.emax:
        return _overflow_bits(neg, sem)
    if (
        sem.nonfinite == _NAN_ONLY
        and sem.nan_encoding == _NAN_ALL_ONES
        and sem.signed
        and exp + p - 1 == sem.emax
        and q == (1 << p) - 1
    ):
        return _overflow_bits(neg, sem)  # the all-ones pattern is the NaN
    return _encode_finite(neg, exp, q, sem)


def _scaled_divmod(num: int, den: int, exp: int) -> tuple[int, int, int]:
    """(q, r, d) with num / (den * 2**exp) = q + r/d."""
    if exp >= 0:
        d = den << exp
        q, r = divmod(num, d)
        return q, r, d
    q, r = divmod(num << -exp, den)
    return q, r, den


def _round_decimal(neg: bool, digits: int, exp10: int, sem: _Semantics) -> int:
    """Correctly round digits * 10**exp10 to ``sem`` (APFloat's string parsing)."""
    if digits == 0:
        return _zero_bits(neg, sem)
    if sem is _SEMANTICS["f64"]:
        text = f"-{digits}e{exp10}" if neg else f"{digits}e{exp10}"
        return struct.unpack("<Q", struct.pack("<d", float(text)))[0]
    if exp10 >= 0:
        return _round_rational(neg, digits * 10**exp10, 1, sem)
    return _round_rational(neg, digits, 10**-exp10, sem)


# ---------------------------------------------------------------------------
# Value <-> bits
# ---------------------------------------------------------------------------


def float_to_bits(value: float, kind: str) -> int:
    """Round a Python float to ``kind`` (nearest-even, overflow to ±inf); return bits.

    This is APFloat's ``convert(semantics, rmNearestTiesToEven)`` from a double.
    A NaN keeps its sign and the top bits of its payload and is made quiet.
    """
    sem = _sem(kind)
    if kind == "f64":
        return struct.unpack("<Q", struct.pack("<d", value))[0]
    if kind == "f32":
        if math.isnan(value):
            return _nan_bits(value, sem)
        try:
            return struct.unpack("<I", struct.pack("<f", value))[0]
        except OverflowError:
            return _inf_bits(value < 0, sem)
    neg = struct.pack("<d", value)[7] >= 0x80
    if math.isnan(value):
        if sem.nonfinite == _NAN_ONLY:
            return _nan_only_bits(neg, sem)
        if sem.nonfinite == _FINITE_ONLY:
            raise ValueError(f"{kind} has no NaN")
        return _nan_bits(value, sem)
    if value in (float("inf"), float("-inf")):
        # APFloat leaves an inf in a finite-only format undefined; saturate.
        return _inf_bits(neg, sem) if sem.nonfinite == _IEEE754 else _overflow_bits(neg, sem)
    if value == 0.0:
        return _zero_bits(neg, sem)
    num, den = abs(value).as_integer_ratio()
    return _round_rational(neg, num, den, sem)


def _nan_bits(value: float, sem: _Semantics) -> int:
    """Convert a double NaN to ``sem``: truncate the payload, set the quiet bit."""
    dbits = struct.unpack("<Q", struct.pack("<d", value))[0]
    neg = bool(dbits >> 63)
    payload = dbits & ((1 << 52) - 1)
    frac_bits, exp_bits, _ = _field_layout(sem)
    top = sem.precision - 1  # explicit fraction bits below the integer bit
    payload = payload >> (52 - top) if top <= 52 else payload << (top - 52)
    payload |= 1 << (top - 1)  # quiet bit
    if sem.explicit_int:
        payload |= 1 << 63
    return (int(neg) << (sem.width - 1)) | (((1 << exp_bits) - 1) << frac_bits) | payload


def bits_to_float(bits: int, kind: str) -> float:
    """The value of a bit pattern as a Python float (exact for f16/bf16/f32/f64).

    NaN and ±inf are preserved (with their sign); f80/f128/tf32 values are rounded
    to the nearest double, overflowing to ±inf; the 8-, 6- and 4-bit kinds are exact.
    """
    if kind == "f64":
        return struct.unpack("<d", struct.pack("<Q", bits))[0]
    if kind == "f32":
        return struct.unpack("<f", struct.pack("<I", bits))[0]
    if kind == "f16":
        return struct.unpack("<e", struct.pack("<H", bits))[0]
    if kind == "bf16":
        return struct.unpack("<f", struct.pack("<I", bits << 16))[0]
    category, neg, exp, sig = _decode(bits, _sem(kind))
    if category == _NAN:
        return -float("nan") if neg else float("nan")
    if category == _INF:
        return -float("inf") if neg else float("inf")
    if category == _ZERO:
        return -0.0 if neg else 0.0
    magnitude = _ldexp_round(sig, exp)
    return -magnitude if neg else magnitude


def _ldexp_round(sig: int, exp: int) -> float:
    """sig * 2**exp correctly rounded to a double (inf on overflow)."""
    bits = _round_rational(False, sig << max(exp, 0), 1 << max(-exp, 0), _SEMANTICS["f64"])
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


# ---------------------------------------------------------------------------
# Parsing literal text
# ---------------------------------------------------------------------------

_FLOAT_LITERAL_RE = _compile(r"[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?\Z")
_DECIMAL_INT_RE = _compile(r"[0-9]+\Z")
_HEX_RE = _compile(r"0x([0-9a-fA-F]+)\Z")


def parse_float_literal(text: str, kind: str, *, allow_integer: bool = False) -> int:
    """Parse MLIR float-literal text (optionally preceded by ``-``) into bits of ``kind``.

    Like MLIR, the decimal text is first rounded to a double and then converted to
    ``kind`` (so e.g. f128 literals carry only double precision).  ``0x...`` text
    is delegated to :func:`parse_hex_float_literal`.  MLIR rejects decimal integer
    text (``3``) for float types; pass ``allow_integer=True`` to accept it anyway.
    """
    negative = text.startswith("-")
    body = text[1:] if negative else text
    if body.startswith("0x"):
        if negative:
            raise ValueError(HEX_FLOAT_NEGATIVE)
        return parse_hex_float_literal(body, kind)
    if not _FLOAT_LITERAL_RE.match(body):
        if not _DECIMAL_INT_RE.match(body):
            raise ValueError(f"invalid floating point literal {text!r}")
        if not allow_integer:
            raise ValueError(DECIMAL_INT_FOR_FLOAT)
    value = float(body)
    return float_to_bits(-value if negative else value, kind)


def parse_hex_float_literal(text: str, kind: str) -> int:
    """Parse ``0x...`` as the raw bit pattern of ``kind``.

    Leading zeros are allowed; a value needing more bits than the kind's width is
    rejected with MLIR's message, as is a leading minus.
    """
    if text.startswith("-"):
        raise ValueError(HEX_FLOAT_NEGATIVE)
    match = _HEX_RE.match(text)
    if match is None:
        raise ValueError(f"invalid hexadecimal float literal {text!r}")
    value = int(match.group(1), 16)
    if value.bit_length() > _sem(kind).width:
        raise ValueError(HEX_FLOAT_OUT_OF_RANGE)
    return value


# ---------------------------------------------------------------------------
# Printing floats
# ---------------------------------------------------------------------------


def format_float_bits(bits: int, kind: str) -> str:
    """Spell a float bit pattern exactly as MLIR's ``printFloatValue`` does.

    1. ``APFloat::toString(6, 0, false)`` (``1.000000e-05``) if it parses back to
       the identical bits;
    2. else APFloat's default ``toString()`` if that contains a ``.``;
    3. else (and for inf/NaN) the bit pattern in hex, ``0x7FC00000``.
    """
    sem = _sem(kind)
    category, neg, exp, sig = _decode(bits, sem)
    if category == _ZERO:
        return "-0.000000e+00" if neg else "0.000000e+00"
    if category == _FINITE:
        digits, exp10 = _decimal_digits(exp, sig, 6)
        if _round_decimal(neg, int(digits), exp10, sem) == bits:
            return _format_scientific(neg, digits, exp10, 6, truncate_zero=False)
        text = _apfloat_to_string(neg, exp, sig, sem.precision)
        if "." in text:
            return text
    return f"0x{_bitcast_bits(bits, category, sem):X}"


def _bitcast_bits(bits: int, category: int, sem: _Semantics) -> int:
    """APFloat's bitcastToAPInt of the value loaded from ``bits``.

    Identity for IEEE formats; f80 NaNs (including "unnormals") are re-encoded
    with an all-ones exponent field; the sign of an f8E8M0FNU value is dropped.
    """
    if not sem.signed:
        return bits & ((1 << sem.width) - 1)
    if not sem.explicit_int or category != _NAN:
        return bits
    return (bits & ((1 << 79) | ((1 << 64) - 1))) | (0x7FFF << 64)


def _decimal_digits(exp: int, sig: int, precision: int) -> tuple[str, int]:
    """APFloat toStringImpl's digit generation for sig * 2**exp (sig > 0).

    Returns (digits, exp10) with value ~ int(digits) * 10**exp10, at most
    ``precision`` digits and no trailing zeros.  Reproduces APFloat's quirks:
    the binary value is first *truncated* to a few digits more than needed,
    then the decimal digits are rounded half-up.
    """
    trailing = (sig & -sig).bit_length() - 1
    exp += trailing
    sig >>= trailing
    if exp > 0:
        sig <<= exp
        exp = 0
    elif exp < 0:
        sig *= 5**-exp
    bits_required = (precision * 196 + 58) // 59
    excess = sig.bit_length() - bits_required
    if excess > 0:
        tens = excess * 59 // 196
        if tens:
            exp += tens
            sig //= 10**tens
    text = str(sig)
    digits = text.rstrip("0")
    exp += len(text) - len(digits)
    return _round_digits(digits, exp, precision)


def _round_digits(digits: str, exp: int, precision: int) -> tuple[str, int]:
    """APFloat's AdjustToPrecision on a digit buffer: round half-up, drop zeros."""
    n = len(digits)
    if n <= precision:
        return digits, exp
    kept = digits[:precision]
    if digits[precision] < "5":
        kept = kept.rstrip("0")
        return kept, exp + n - len(kept)
    kept = kept.rstrip("9")
    if not kept:
        return "1", exp + n
    return kept[:-1] + chr(ord(kept[-1]) + 1), exp + n - len(kept)


def _format_scientific(
    neg: bool, digits: str, exp10: int, precision: int, *, truncate_zero: bool
) -> str:
    """toStringImpl's scientific branch, e.g. ``1.500000e+00`` or ``1.5E+20``."""
    exponent = exp10 + len(digits) - 1
    mantissa = digits[0] + "." + ("0" if len(digits) == 1 and truncate_zero else digits[1:])
    if not truncate_zero and precision > len(digits) - 1:
        mantissa += "0" * (precision - len(digits) + 1)
    exp_text = str(abs(exponent))
    if not truncate_zero and len(exp_text) < 2:
        exp_text = "0" + exp_text
    marker = "E" if truncate_zero else "e"
    sign = "+" if exponent >= 0 else "-"
    return f"{'-' if neg else ''}{mantissa}{marker}{sign}{exp_text}"


def _apfloat_to_string(neg: bool, exp: int, sig: int, sem_precision: int) -> str:
    """APFloat's default ``toString()``: shortest-ish round-trip digits.

    FormatPrecision = 2 + precision*59/196, FormatMaxPadding = 3,
    TruncateZero = true.
    """
    precision = 2 + sem_precision * 59 // 196
    digits, exp10 = _decimal_digits(exp, sig, precision)
    ndigits = len(digits)
    if exp10 >= 0:
        scientific = exp10 > 3 or ndigits + exp10 > precision
    else:
        scientific = -(exp10 + ndigits - 1) > 3
    if scientific:
        return _format_scientific(neg, digits, exp10, precision, truncate_zero=True)
    sign = "-" if neg else ""
    if exp10 >= 0:
        return sign + digits + "0" * exp10
    whole = exp10 + ndigits
    if whole > 0:
        return f"{sign}{digits[:whole]}.{digits[whole:]}"
    return f"{sign}0.{'0' * -whole}{digits}"


# ---------------------------------------------------------------------------
# Strings
# ---------------------------------------------------------------------------

_PLAIN_ASCII_RE = _compile(r"[ !#-\[\]-~]*\Z")
_ESCAPE_TABLE: tuple[str, ...] = tuple(
    "\\\\" if b == 0x5C else chr(b) if 0x20 <= b <= 0x7E and b != 0x22 else f"\\{b:02X}"
    for b in range(256)
)
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")
_SIMPLE_ESCAPES = {'"': b'"', "\\": b"\\", "n": b"\n", "t": b"\t"}


def escape_string(s: str | bytes) -> str:
    """The text MLIR prints between the quotes of a string (llvm::printEscapedString).

    Printable ASCII except ``"`` and ``\\`` is kept; ``\\`` becomes ``\\\\``; every
    other byte (including each UTF-8 byte of non-ASCII text) becomes ``\\XX``.
    """
    if isinstance(s, str):
        if _PLAIN_ASCII_RE.match(s):
            return s
        s = s.encode("utf-8", "surrogateescape")
    return "".join(map(_ESCAPE_TABLE.__getitem__, s))


def unescape_string(body: str) -> bytes:
    """Decode the text between the quotes of an MLIR string literal to bytes.

    Accepts the lexer's escapes ``\\"``, ``\\\\``, ``\\n``, ``\\t`` and ``\\XX`` (two
    hex digits, any case); other characters are taken as UTF-8.  Raises
    ValueError for an unknown escape or a raw newline, vertical tab or form feed.
    """
    if "\\" not in body:
        _check_raw_chars(body)
        return body.encode("utf-8", "surrogateescape")
    out = bytearray()
    i, n = 0, len(body)
    while i < n:
        j = body.find("\\", i)
        if j < 0:
            j = n
        _check_raw_chars(body[i:j])
        out += body[i:j].encode("utf-8", "surrogateescape")
        if j == n:
            break
        i = _unescape_one(body, j + 1, out)
    return bytes(out)


def _unescape_one(body: str, i: int, out: bytearray) -> int:
    """Decode the escape whose first character (after ``\\``) is at ``i``."""
    c1 = body[i : i + 1]
    if c1 in _SIMPLE_ESCAPES:
        out += _SIMPLE_ESCAPES[c1]
        return i + 1
    c2 = body[i + 1 : i + 2]
    if c1 in _HEX_DIGITS and c2 in _HEX_DIGITS:
        out.append(int(c1 + c2, 16))
        return i + 2
    raise ValueError(UNKNOWN_STRING_ESCAPE)


def _check_raw_chars(text: str) -> None:
    if "\n" in text or "\v" in text or "\f" in text:
        raise ValueError(UNTERMINATED_STRING)


# ---------------------------------------------------------------------------
# Integers
# ---------------------------------------------------------------------------

_SIGNEDNESS = frozenset({"signless", "signed", "unsigned"})


def wrap_integer(value: int, width: int, signedness: str) -> int:
    """Reduce ``value`` modulo 2**width to the canonical stored value.

    Canonical: unsigned types hold [0, 2**w); signed and signless types hold the
    two's-complement signed value, except signless i1, which holds 0 or 1 (MLIR
    treats it as a boolean).
    """
    if signedness not in _SIGNEDNESS:
        raise ValueError(f"unknown signedness {signedness!r}")
    if width == 0:
        return 0
    value &= (1 << width) - 1
    if signedness == "unsigned" or (width == 1 and signedness == "signless"):
        return value
    if value >> (width - 1):
        return value - (1 << width)
    return value


MAX_INT_WIDTH = 16777215
"""MLIR's widest integer type (``IntegerType::kMaxWidth``)."""
_MAX_DECIMAL_DIGITS = int(MAX_INT_WIDTH * math.log10(2)) + 2
_MAX_HEX_DIGITS = MAX_INT_WIDTH // 4 + 1
_TOO_WIDE: int | None = None


def too_wide() -> int:
    """`TOO_WIDE`: what :func:`literal_magnitude` returns for a literal no MLIR integer type can
    hold (2**(MAX_INT_WIDTH + 1), a 2 MiB integer: made on first use, not at import)."""
    global _TOO_WIDE
    if _TOO_WIDE is None:
        _TOO_WIDE = 1 << (MAX_INT_WIDTH + 1)
    return _TOO_WIDE


def __getattr__(name: str) -> int:
    if name == "TOO_WIDE":
        return too_wide()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def literal_magnitude(digits: str) -> int:
    """The value of an unsigned integer literal token (``123``, ``0x1F``) of any length.

    Python refuses to convert more than 4300 decimal digits by default (and the conversion is
    quadratic); this one converts any literal an MLIR integer type can hold, and returns
    :data:`TOO_WIDE` (out of range for every type) for longer ones without converting them."""
    hexa = digits[:2] in ("0x", "0X")
    body = (digits[2:] if hexa else digits).lstrip("0")
    if not body:
        return 0
    if hexa:
        return int(body, 16) if len(body) <= _MAX_HEX_DIGITS else too_wide()
    if len(body) <= 4000:
        return int(body)
    if len(body) > _MAX_DECIMAL_DIGITS:
        return too_wide()
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return int(body)
    finally:
        sys.set_int_max_str_digits(old)


def check_integer_literal(magnitude: int, negative: bool, width: int, signedness: str) -> int:
    """Validate an integer literal as MLIR's attribute parser does; return its canonical value.

    ``magnitude`` is the unsigned value of the literal token and ``negative``
    whether a ``-`` preceded it (``-0`` is distinguishable this way: MLIR rejects
    it).  Mirrors ``buildAttributeAPInt``: the magnitude must fit in ``width`` bits;
    a negated value must have its sign bit set; a positive signed value must not.
    Signless types accept the full unsigned range (``255 : i8`` is ``-1``).
    Raises ValueError with MLIR's message (see INT_OUT_OF_RANGE /
    INT_NEGATIVE_UNSIGNED; dense and array literals word these differently).
    """
    if negative and signedness == "unsigned":
        raise ValueError(INT_NEGATIVE_UNSIGNED)
    if magnitude < 0 or magnitude.bit_length() > width:
        raise ValueError(INT_OUT_OF_RANGE)
    mask = (1 << width) - 1
    if width == 0:
        if negative:
            raise ValueError(INT_OUT_OF_RANGE)
        return 0
    sign_bit = 1 << (width - 1)
    if negative:
        if not (-magnitude & mask) & sign_bit:
            raise ValueError(INT_OUT_OF_RANGE)
        return wrap_integer(-magnitude, width, signedness)
    if signedness == "signed" and magnitude & sign_bit:
        raise ValueError(INT_OUT_OF_RANGE)
    return wrap_integer(magnitude, width, signedness)


def format_integer(value: int, width: int, signedness: str) -> str:
    """Spell an IntegerAttr value of type ``[s|u]i<width>`` as MLIR prints it.

    Signless i1 prints ``true``/``false``; unsigned types print the unsigned
    value; signed and other signless types print the two's-complement signed
    value.  ``value`` may be any int; it is wrapped to the width first.
    """
    wrapped = wrap_integer(value, width, signedness)
    if width == 1 and signedness == "signless":
        return "true" if wrapped else "false"
    return str(wrapped)


def format_dense_integer(value: int, width: int, signedness: str) -> str:
    """Spell an integer element of a dense/array literal (any i1 prints as a bool)."""
    if width == 1:
        return "true" if value & 1 else "false"
    return format_integer(value, width, signedness)
