"""Property: print → parse → print is a fixed point, in generic and in custom form.

Random modules are built with the Python IR API (random types, attributes, results, regions, blocks,
successors), so the test exercises the printer and the parser against each other.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from llh_opt.dialects.llh.attrs import EncodingAttr, LayoutAttr, SymbolRelationAttr
from llh_opt.ir import attributes as A
from llh_opt.ir import literals
from llh_opt.ir import types as T
from llh_opt.ir.affine import AffineMap
from llh_opt.parser.affine_parser import parse_affine_map
from llh_opt.ir.core import Block, Operation, Region, new_module
from llh_opt.parser import parse_source
from llh_opt.printer import print_operation

# ----------------------------------------------------------------------------- types

int_types = st.builds(
    T.IntegerType, st.sampled_from([1, 8, 16, 32, 64, 3]), st.sampled_from([0, 1, 2])
)
float_types = st.sampled_from([T.f16, T.bf16, T.f32, T.f64])
scalar_types = st.one_of(int_types, float_types, st.just(T.index))
dims = st.lists(st.one_of(st.integers(0, 9), st.just(T.DYNAMIC)), max_size=4).map(tuple)
symbol_names = st.sampled_from(["s0", "s1", "c64", "c-1", "a_b", "x.y"])
encodings = st.lists(symbol_names, min_size=1, max_size=3).map(lambda ns: EncodingAttr(tuple(ns)))


def tensor_types(elems: st.SearchStrategy[T.Type]) -> st.SearchStrategy[T.Type]:
    return st.one_of(
        st.builds(T.RankedTensorType, dims, elems),
        st.builds(T.RankedTensorType, dims, elems, encodings),
        st.builds(T.UnrankedTensorType, elems),
        st.builds(
            T.VectorType,
            dims.filter(lambda d: T.DYNAMIC not in d and 0 not in d and d != ()),
            elems,
        ),
        st.builds(T.MemRefType, dims, elems),
    )


types = st.recursive(
    st.one_of(scalar_types, tensor_types(scalar_types), st.just(T.none)),
    lambda inner: st.one_of(
        st.builds(T.ComplexType, float_types),
        st.lists(inner, max_size=3).map(lambda ts: T.TupleType(tuple(ts))),
        st.builds(
            lambda i, r: T.FunctionType(tuple(i), tuple(r)),
            st.lists(inner, max_size=2),
            st.lists(inner, max_size=2),
        ),
    ),
    max_leaves=4,
)

# ----------------------------------------------------------------------------- attributes


def _int_attr(t: T.IntegerType, v: int) -> A.IntegerAttr:
    sign = ("signless", "signed", "unsigned")[t.signedness]
    return A.IntegerAttr(literals.wrap_integer(v, t.width, sign), t)


int_attrs = st.builds(_int_attr, int_types, st.integers(-(2**70), 2**70))
float_attrs = st.builds(
    lambda t, x: A.FloatAttr(literals.float_to_bits(x, t.name), t),
    float_types,
    st.floats(allow_nan=False, allow_infinity=False, width=64),
)
strings = st.text(max_size=8)
affine_maps = st.sampled_from(
    [
        "(d0, d1)[s0] -> (d0 + s0, d1 floordiv 2)",
        "(d0) -> (d0)",
        "() -> (0)",
        "(d0)[s0, s1] -> (d0 * 2 - s1, s0 mod 3)",
    ]
).map(lambda body: A.AffineMapAttr(parse_affine_map(body)))

leaf_attrs = st.one_of(
    int_attrs,
    float_attrs,
    st.builds(A.StringAttr, strings),
    st.just(A.UnitAttr()),
    st.builds(A.SymbolRefAttr, symbol_names, st.lists(symbol_names, max_size=2).map(tuple)),
    st.builds(A.TypeAttr, types),
    st.builds(A.DenseArrayAttr.i64, st.lists(st.integers(-(2**63), 2**63 - 1), max_size=4)),
    affine_maps,
    st.sampled_from([LayoutAttr("NCHW"), SymbolRelationAttr("EQ")]),
    st.builds(A.OpaqueAttr, st.just("foo"), st.sampled_from([".bar<1, [2]>", '<"x">'])),
)
attrs = st.recursive(
    leaf_attrs,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3).map(lambda xs: A.ArrayAttr(tuple(xs))),
        st.dictionaries(st.sampled_from(["a", "b", "x.y", "q-r"]), inner, max_size=3).map(
            A.DictionaryAttr
        ),
    ),
    max_leaves=6,
)
attr_dicts = st.dictionaries(st.sampled_from(["a", "b", "llh.k", "z"]), attrs, max_size=3)

# ----------------------------------------------------------------------------- modules


@st.composite
def modules(draw: st.DrawFn) -> Operation:
    module = new_module()
    body = module.regions[0].blocks[0]
    values: list = []

    def add_ops(block: Block, depth: int, avail: list) -> None:
        for _ in range(draw(st.integers(0, 4))):
            operands = draw(st.lists(st.sampled_from(avail), max_size=3)) if avail else []
            nres = draw(st.integers(0, 3))
            nested = depth < 2 and draw(st.booleans())
            region = Region()
            op = Operation.create(
                draw(st.sampled_from(["foo.a", "foo.b", "test.op"])),
                operands,
                [draw(types) for _ in range(nres)],
                properties=draw(attr_dicts),
                attributes=draw(attr_dicts),
                regions=[region] if nested else (),
            )
            if nested:
                inner = Block(draw(st.lists(types, max_size=2)))
                region.add_block(inner)
                add_ops(inner, depth + 1, avail + list(inner.args) + [])
            block.append(op)
            avail = avail + list(op.results)

    add_ops(body, 0, values)
    return module


def _roundtrip(module: Operation, generic: bool) -> None:
    text1 = print_operation(module, generic=generic)
    reparsed = parse_source(text1, "roundtrip.mlir", allow_unregistered=True)
    text2 = print_operation(reparsed, generic=generic)
    assert text1 == text2


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(modules())
def test_generic_print_parse_print_is_fixed_point(module: Operation) -> None:
    _roundtrip(module, generic=True)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(modules())
def test_custom_print_parse_print_is_fixed_point(module: Operation) -> None:
    _roundtrip(module, generic=False)


@settings(max_examples=300, deadline=None)
@given(types)
def test_type_text_reparses_to_same_object(t: T.Type) -> None:
    text = f'"foo.t"() {{t = {t}}} : () -> ()'
    module = parse_source(text, "t.mlir", allow_unregistered=True)
    op = module.regions[0].blocks[0].first
    assert op is not None
    assert op.attributes["t"] is A.TypeAttr(t)


@settings(max_examples=300, deadline=None)
@given(attrs)
def test_attribute_text_reparses_to_same_object(a: A.Attribute) -> None:
    text = f'"foo.t"() {{a = {a}}} : () -> ()'
    module = parse_source(text, "a.mlir", allow_unregistered=True)
    op = module.regions[0].blocks[0].first
    assert op is not None
    assert op.attributes["a"] is a


def test_affine_map_module_level_alias_round_trip() -> None:
    m = A.AffineMapAttr(AffineMap(1, 0, ()))
    module = new_module()
    module.regions[0].blocks[0].append(Operation.create("foo.a", attributes={"m": m}))
    _roundtrip(module, generic=True)
