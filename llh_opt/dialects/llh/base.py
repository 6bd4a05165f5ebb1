"""The base class of LLH ops and what the op modules share: building an unattached op, reading
constant integer operands, and the verifier checks several ops use (conv/pool windows, layouts,
compatible shapes).

Op declarations live in ``symbol_ops.py``, ``data_ops.py`` and ``compute_ops.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from llh_opt.dialects.llh.attrs import LayoutAttr
from llh_opt.dialects.llh.constraints import (
    EncodingsMatchShapes,
    dims_compatible,
    format_shape,
    is_llh_float,
    is_tensor,
    ranked_shape,
)
from llh_opt.ir.attributes import (
    Attribute,
    DenseArrayAttr,
    IntegerAttr,
    LocationAttr,
    SymbolRefAttr,
    UnknownLoc,
)
from llh_opt.ir.core import Operation, OpResult, Value
from llh_opt.ir.opdef import VerifyError, constant_like_value, get_prop, register
from llh_opt.ir.types import (
    DYNAMIC,
    IndexType,
    IntegerType,
    Type,
    element_type_of,
)

if TYPE_CHECKING:
    from llh_opt.rewrite.rewriter import RewritePattern

UNKNOWN_LOC = UnknownLoc()


class LLHOp(Operation):
    """Base of every LLH op (all print in generic form: no `print_custom`).

    Declared facts (OPERANDS, RESULTS, PROPERTIES, TRAITS) are checked by ``opdef``; `verify_op`
    adds the op's own rules. Ops with the `SymbolicInferShape` trait state their shape rule as an
    `infer_symbolic_shape` method; ops that fold have `fold(operands)` (their arithmetic on the
    class, rules in ``fold.py``) and ops with canonicalization patterns return them, built from
    the pattern classes of ``canonicalize.py``, from `get_canonical_patterns`."""

    __slots__ = ()
    # LLH verifiers read only types, properties, attributes and constant operands (opdef memo).
    VERIFY_MEMO = True
    # Property name → the summary of its value that the op's verifiers read (e.g. only whether a
    # file name is empty); the memo key holds that summary instead of the value (opdef).
    VERIFY_MEMO_PROPS: ClassVar[dict[str, Callable[[Attribute], Any]]] = {}

    @classmethod
    def get_canonical_patterns(cls) -> list[RewritePattern]:
        """The op's canonicalization patterns, rooted at it (MLIR's
        `getCanonicalizationPatterns`): an op with patterns overrides this and builds them from
        the pattern classes of ``canonicalize.py`` (loaded on first use: it needs the rewrite
        machinery, which start-up does not)."""
        return []

    @classmethod
    def create_op(
        cls,
        operands: Sequence[Value] = (),
        result_types: Sequence[Type] = (),
        properties: dict[str, Attribute | None] | None = None,
        attributes: dict[str, Attribute] | None = None,
        location: LocationAttr = UNKNOWN_LOC,
    ) -> Any:
        """An unattached op of this class; `None` property values are left out."""
        props = {k: v for k, v in (properties or {}).items() if v is not None}
        return Operation.create(
            cls.OPERATION_NAME,
            operands,
            result_types,
            props,
            dict(attributes) if attributes else None,
            location=location,
        )

    # ------------------------------------------------------------------ property access

    def int_array(self, name: str) -> tuple[int, ...]:
        a = self.properties.get(name)
        return a.values if isinstance(a, DenseArrayAttr) else ()

    def int_prop(self, name: str) -> int | None:
        a = get_prop(self, name)
        return a.value if isinstance(a, IntegerAttr) else None

    @property
    def symbol(self) -> str | None:
        """The `symbol = @name` property of scalar-valued ops, as a name."""
        a = self.properties.get("symbol")
        return a.root if isinstance(a, SymbolRefAttr) else None

    def error(self, message: str) -> VerifyError:
        return VerifyError(self, message)


def llh_op(cls: type[LLHOp]) -> type[LLHOp]:
    """Register an LLH op class (`opdef.register`), adding the dialect-wide trait
    `EncodingsMatchShapes` to its declared traits."""
    if EncodingsMatchShapes not in cls.TRAITS:
        cls.TRAITS = (*cls.TRAITS, EncodingsMatchShapes)
    return register(cls)  # type: ignore[return-value]


def symbol_ref(name: str | None) -> SymbolRefAttr | None:
    return SymbolRefAttr(name) if name is not None else None


def i64_array(values: Sequence[int] | None) -> DenseArrayAttr | None:
    return DenseArrayAttr.i64(values) if values is not None else None


# --------------------------------------------------------------------------- constant operands


def constant_int(value: Value) -> int | None:
    """The integer a value is known to hold: the result of a `ConstantLike` op (`llh.constant`,
    `arith.constant`, `index.constant`) with an integer value; None otherwise."""
    if not isinstance(value, OpResult):
        return None
    a = constant_like_value(value.op)
    if isinstance(a, IntegerAttr) and isinstance(a.type, (IntegerType, IndexType)):
        return a.value
    return None


def sizes_from_operands(values: Sequence[Value]) -> tuple[int, ...]:
    """A shape whose sizes are the constant operands (`?` for the others)."""
    out = []
    for v in values:
        c = constant_int(v)
        out.append(c if c is not None and c >= 0 else DYNAMIC)
    return tuple(out)


# --------------------------------------------------------------------------- shared checks


def check_compatible_shapes(op: LLHOp, a: Type, b: Type, what: str = "result") -> None:
    """`a` (an operand) and `b` (`what`) must have the same rank and compatible sizes when both
    are ranked."""
    sa, sb = ranked_shape(a), ranked_shape(b)
    if sa is None or sb is None:
        return
    if len(sa) != len(sb) or not all(dims_compatible(x, y) for x, y in zip(sa, sb)):
        raise op.error(
            f"{what} shape {format_shape(sb)} is incompatible with the input shape "
            f"{format_shape(sa)}"
        )


def check_both_tensors_or_scalars(op: LLHOp, types: Sequence[Type]) -> None:
    """The reference's BINARY rule: all tensors, all integers or all floats."""
    if all(is_tensor(t) for t in types):
        return
    if all(isinstance(t, IntegerType) for t in types):
        return
    if all(is_llh_float(t) for t in types):
        return
    listed = ", ".join(f"'{t}'" for t in types)
    raise op.error(
        f"operands and result must be all tensors, all integers or all floats, got {listed}"
    )


def check_same_element_type(op: LLHOp, types: Sequence[Type]) -> None:
    """All of `types` have one element type (the type itself for scalars)."""
    e0 = element_type_of(types[0])
    for t in types[1:]:
        if element_type_of(t) is not e0:
            raise op.error(f"element types differ: '{e0}' vs '{element_type_of(t)}'")


class WindowInfo:
    """The conv/pool window attributes of an op, checked against each other and the input rank."""

    __slots__ = ("dilation", "kernel", "pad", "rank", "stride")

    def __init__(self, op: LLHOp, input_type: Type) -> None:
        self.kernel: tuple[int, ...] = op.kernel_shape.values  # type: ignore[attr-defined]
        self.stride: tuple[int, ...] = op.stride.values  # type: ignore[attr-defined]
        self.dilation: tuple[int, ...] = op.dilation.values  # type: ignore[attr-defined]
        self.pad: tuple[int, ...] = op.pad.values  # type: ignore[attr-defined]
        k = len(self.kernel)
        if k == 0:
            raise op.error("'kernel_shape' must not be empty")
        for name, values, want in (
            ("stride", self.stride, k),
            ("dilation", self.dilation, k),
            ("pad", self.pad, 2 * k),
        ):
            if len(values) != want:
                raise op.error(
                    f"'{name}' has {len(values)} elements but the {k}-D window needs {want}"
                )
        for name, values in (
            ("kernel_shape", self.kernel),
            ("stride", self.stride),
            ("dilation", self.dilation),
        ):
            for v in values:
                if v <= 0:
                    raise op.error(f"'{name}' values must be positive, got {v}")
        for v in self.pad:
            if v < 0:
                raise op.error(f"'pad' values must be non-negative, got {v}")
        shape = ranked_shape(input_type)
        self.rank = k + 2
        if shape is not None and len(shape) != k + 2:
            raise op.error(
                f"input of rank {len(shape)} does not match the {k}-D window "
                f"(expected rank {k + 2})"
            )

    def extent(self, i: int) -> int:
        """How many input elements the dilated window covers along spatial axis `i`."""
        return self.dilation[i] * (self.kernel[i] - 1) + 1

    def padded(self, size: int, i: int) -> int:
        return size + self.pad[i] + self.pad[i + len(self.kernel)]

    def output_size(self, size: int, i: int, ceil_mode: bool = False) -> int:
        """Spatial output size for input size `size` along spatial axis `i` (`?` stays `?`)."""
        if size == DYNAMIC:
            return DYNAMIC
        span = self.padded(size, i) - self.extent(i)
        if span < 0:
            return 0
        if not ceil_mode:
            return span // self.stride[i] + 1
        out = -(-span // self.stride[i]) + 1
        # As PyTorch: the last window must start inside the (front-padded) input.
        if (out - 1) * self.stride[i] >= size + self.pad[i]:
            out -= 1
        return out


def input_layout(op: LLHOp, name: str = "layout") -> LayoutAttr:
    """The op's input layout (default NCHW / channels first); must be an input layout."""
    a = op.properties.get(name)
    if a is None:
        return LayoutAttr("NCHW")
    assert isinstance(a, LayoutAttr)
    if not a.is_input_layout:
        raise op.error(f"'{name}' must be an input layout (NCHW, NHWC, NCW, NWC), got {a.case}")
    return a


def weight_layout(op: LLHOp, name: str = "weight_layout") -> LayoutAttr:
    """The op's weight layout (default FCHW / feature first); must be a weight layout."""
    a = op.properties.get(name)
    if a is None:
        return LayoutAttr("FCHW")
    assert isinstance(a, LayoutAttr)
    if not a.is_weight_layout:
        raise op.error(
            f"'{name}' must be a weight layout (FCHW, HWCF, FHWC, FCW, WCF), got {a.case}"
        )
    return a


def check_window_output(
    op: LLHOp,
    window: WindowInfo,
    layout: LayoutAttr,
    input_type: Type,
    result_type: Type,
    channels: int,
    ceil_mode: bool = False,
) -> None:
    """The window fits the static input sizes, and the result of a conv/pool has the rank, batch,
    channel (`channels`) and spatial sizes the static input sizes determine."""
    ishape = ranked_shape(input_type)
    rank = window.rank
    spatial: list[int] = []
    if ishape is not None:
        for i, axis in enumerate(layout.spatial_indices(rank)):
            size = ishape[axis]
            if size != DYNAMIC and window.padded(size, i) < window.extent(i):
                raise op.error(
                    f"window of extent {window.extent(i)} does not fit spatial dimension {i} "
                    f"of size {size} (padded: {window.padded(size, i)})"
                )
            spatial.append(window.output_size(size, i, ceil_mode))
    rshape = ranked_shape(result_type)
    if rshape is None:
        return
    if len(rshape) != rank:
        raise op.error(
            f"result of rank {len(rshape)} does not match the {rank - 2}-D window "
            f"(expected rank {rank})"
        )
    c = layout.feature_index(rank)
    if not dims_compatible(channels, rshape[c]):
        raise op.error(f"result has {rshape[c]} channels but {channels} are expected")
    if ishape is None:
        return
    if not dims_compatible(ishape[0], rshape[0]):
        raise op.error(f"result batch size {rshape[0]} differs from the input's {ishape[0]}")
    for i, axis in enumerate(layout.spatial_indices(rank)):
        if not dims_compatible(spatial[i], rshape[axis]):
            raise op.error(
                f"result spatial dimension {i} is {rshape[axis]} but the window gives {spatial[i]}"
            )
