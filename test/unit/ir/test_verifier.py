"""Unit tests for llh_opt.ir.verifier, on IR built with the Python API.

The ops are throwaway `test_v.*` ops registered here; messages and notes are MLIR's (checked with
torch-mlir-opt on the equivalent textual IR, see test/IR/*.mlir).
"""

from __future__ import annotations

from support.complexity import assert_linear

from typing import Any

import pytest

from llh_opt.diagnostics import DiagnosticError
from llh_opt.ir.attributes import FileLineColLoc, StringAttr
from llh_opt.ir.core import Block, Operation, Region
from llh_opt.ir.opdef import (
    STRING_ATTR,
    GraphRegion,
    IsolatedFromAbove,
    IsTerminator,
    NoTerminator,
    OperandDef,
    PropDef,
    Pure,
    ResultDef,
    SingleBlock,
    SymbolTableTrait,
    SymbolTrait,
    op_error,
    register,
)
from llh_opt.ir.types import i1, i32
from llh_opt.ir.symbol_table import (
    SymbolTableCollection,
    is_symbol_table,
    nearest_symbol_table,
    symbol_visibility,
)
from llh_opt.ir.verifier import verify

# --------------------------------------------------------------------------- test ops


@register
class _Module(Operation):
    __slots__ = ()
    OPERATION_NAME = "test_v.module"
    PROPERTIES = (
        PropDef("sym_name", STRING_ATTR, optional=True),
        PropDef("sym_visibility", STRING_ATTR, optional=True),
    )
    NUM_REGIONS = 1
    TRAITS = (SingleBlock, NoTerminator, SymbolTableTrait, IsolatedFromAbove, GraphRegion)


@register
class _Func(Operation):
    __slots__ = ()
    OPERATION_NAME = "test_v.func"
    PROPERTIES = (PropDef("sym_name", STRING_ATTR), PropDef("sym_visibility", STRING_ATTR, True))
    NUM_REGIONS = 1
    TRAITS = (SymbolTrait, IsolatedFromAbove)


@register
class _Return(Operation):
    __slots__ = ()
    OPERATION_NAME = "test_v.return"
    OPERANDS = (OperandDef("args", variadic=True),)
    TRAITS = (IsTerminator,)


@register
class _Br(Operation):
    __slots__ = ()
    OPERATION_NAME = "test_v.br"
    OPERANDS = (OperandDef("args", variadic=True),)
    NUM_SUCCESSORS = 1
    TRAITS = (IsTerminator,)


@register
class _CondBr(Operation):
    __slots__ = ()
    OPERATION_NAME = "test_v.cond_br"
    OPERANDS = (OperandDef("cond"),)
    NUM_SUCCESSORS = 2
    TRAITS = (IsTerminator,)


@register
class _Const(Operation):
    __slots__ = ()
    OPERATION_NAME = "test_v.const"
    RESULTS = (ResultDef("r"),)
    TRAITS = (Pure,)


@register
class _Add(Operation):
    __slots__ = ()
    OPERATION_NAME = "test_v.add"
    OPERANDS = (OperandDef("a"), OperandDef("b"))
    RESULTS = (ResultDef("r"),)


@register
class _Scope(Operation):
    """A non-isolated op with one region that needs a terminator (like scf.execute_region)."""

    __slots__ = ()
    OPERATION_NAME = "test_v.scope"
    NUM_REGIONS = 1


@register
class _Call(Operation):
    __slots__ = ()
    OPERATION_NAME = "test_v.call"
    PROPERTIES = (PropDef("callee", STRING_ATTR),)

    def verify_symbol_uses(self, tables: SymbolTableCollection) -> None:
        name = self.properties["callee"].value  # type: ignore[attr-defined]
        if not isinstance(tables.lookup_nearest_symbol_from(self, name), _Func):
            raise op_error(self, f"'{name}' does not reference a valid function")


# --------------------------------------------------------------------------- builders


def loc(line: int, col: int = 1) -> FileLineColLoc:
    return FileLineColLoc("t.mlir", line, col)


def module(line: int = 1) -> tuple[Operation, Block]:
    m = Operation.create("test_v.module", regions=1, location=loc(line))
    body = m.regions[0].add_block(Block())
    return m, body


def func(parent: Block, name: str, line: int, arg_types: tuple[Any, ...] = (i32,)) -> Block:
    f = Operation.create(
        "test_v.func", properties={"sym_name": StringAttr(name)}, regions=1, location=loc(line)
    )
    parent.append(f)
    return f.regions[0].add_block(Block(arg_types))


def op(
    block: Block, name: str, operands: list[Any] = (), results: int = 0, line: int = 0, **kw: Any
) -> Operation:
    o = Operation.create(name, operands, [i32] * results, location=loc(line), **kw)
    block.append(o)
    return o


def errors(root: Operation, **kw: Any) -> list[tuple[str, int, list[tuple[str, int]]]]:
    """(message, line, [(note, line)]) of each diagnostic, or [] when the IR verifies."""
    try:
        verify(root, **kw)
    except DiagnosticError as err:
        return [
            (
                d.message,
                d.loc.line if d.loc is not None else 0,
                [(n.message, n.loc.line if n.loc is not None else 0) for n in d.notes],
            )
            for d in err.diagnostics
        ]
    return []


# --------------------------------------------------------------------------- tests


def test_valid_function_verifies() -> None:
    m, body = module()
    b = func(body, "f", 2)
    c = op(b, "test_v.const", results=1, line=3)
    a = op(b, "test_v.add", [c.result, b.args[0]], 1, line=4)
    op(b, "test_v.return", [a.result], line=5)
    assert errors(m) == []


def test_use_before_def_in_block() -> None:
    m, body = module()
    b = func(body, "f", 2)
    c = op(b, "test_v.const", results=1, line=3)
    a = op(b, "test_v.add", [c.result, c.result], 1, line=4)
    op(b, "test_v.return", [a.result], line=5)
    a.move_before(c)
    assert errors(m) == [
        (
            "operand #0 does not dominate this use",
            4,
            [("operand defined here (op in the same block)", 3)],
        )
    ]


def test_self_use_does_not_dominate() -> None:
    m, body = module()
    b = func(body, "f", 2)
    a = op(b, "test_v.add", [b.args[0], b.args[0]], 1, line=3)
    a.set_operand(1, a.result)
    op(b, "test_v.return", line=4)
    assert errors(m)[0][:2] == ("operand #1 does not dominate this use", 3)


def _diamond() -> tuple[Operation, list[Block]]:
    """entry -> (then | else) -> join; returns the module and the four blocks."""
    m, body = module()
    entry = func(body, "f", 2, (i1,))
    region = entry.parent
    assert region is not None
    then, other, join = Block(), Block([i32]), Block()
    for blk in (then, other, join):
        region.add_block(blk)
    op(entry, "test_v.cond_br", [entry.args[0]], line=3, successors=[then, other])
    return m, [entry, then, other, join]


def test_cross_block_dominance() -> None:
    m, (_entry, then, other, join) = _diamond()
    v = op(then, "test_v.const", results=1, line=5)
    op(then, "test_v.br", line=6, successors=[join])
    op(other, "test_v.br", line=8, successors=[join])
    op(join, "test_v.add", [v.result, v.result], 1, line=10)
    op(join, "test_v.return", line=11)
    assert errors(m) == [
        (
            "operand #0 does not dominate this use",
            10,
            [("operand defined here (op in the same region)", 5)],
        )
    ]


def test_entry_dominates_everything() -> None:
    m, (entry, then, other, join) = _diamond()
    v = op(entry, "test_v.const", results=1, line=3)
    v.move_before(entry.first)  # type: ignore[arg-type]
    op(then, "test_v.br", line=6, successors=[join])
    op(other, "test_v.br", line=8, successors=[join])
    op(join, "test_v.add", [v.result, v.result], 1, line=10)
    op(join, "test_v.return", line=11)
    assert errors(m) == []


def test_block_argument_dominance() -> None:
    m, (_entry, then, other, join) = _diamond()
    op(then, "test_v.br", line=6, successors=[join])
    op(other, "test_v.br", line=8, successors=[join])
    op(join, "test_v.add", [other.args[0], other.args[0]], 1, line=10)
    op(join, "test_v.return", line=11)
    assert errors(m) == [
        (
            "operand #0 does not dominate this use",
            10,
            [("operand defined as a block argument (block #2 in the same region)", 2)],
        )
    ]


def test_unreachable_blocks_are_not_checked() -> None:
    m, body = module()
    entry = func(body, "f", 2)
    region = entry.parent
    assert region is not None
    dead = region.add_block(Block())
    op(entry, "test_v.return", line=3)
    a = op(dead, "test_v.add", [entry.args[0], entry.args[0]], 1, line=5)
    a.set_operand(0, a.result)
    op(dead, "test_v.return", line=6)
    assert errors(m) == []


def test_values_of_enclosing_regions_are_visible() -> None:
    m, body = module()
    b = func(body, "f", 2)
    c = op(b, "test_v.const", results=1, line=3)
    scope = op(b, "test_v.scope", line=4, regions=1)
    inner = scope.regions[0].add_block(Block())
    op(inner, "test_v.add", [c.result, b.args[0]], 1, line=5)
    op(inner, "test_v.return", line=6)
    later = op(b, "test_v.const", results=1, line=7)
    op(b, "test_v.return", line=8)
    assert errors(m) == []
    inner.first.set_operand(1, later.result)  # type: ignore[union-attr]
    assert errors(m) == [
        (
            "operand #1 does not dominate this use",
            5,
            [("operand defined here (op in a parent region)", 7)],
        )
    ]


def test_use_of_nested_value_outside_its_region() -> None:
    m, body = module()
    b = func(body, "f", 2)
    scope = op(b, "test_v.scope", line=3, regions=1)
    inner = scope.regions[0].add_block(Block())
    v = op(inner, "test_v.const", results=1, line=4)
    op(inner, "test_v.return", line=5)
    op(b, "test_v.add", [v.result, v.result], 1, line=6)
    op(b, "test_v.return", line=7)
    assert errors(m) == [
        (
            "operand #0 does not dominate this use",
            6,
            [("operand defined here (op in a child region)", 4)],
        )
    ]


def test_graph_region_needs_no_dominance() -> None:
    m, body = module()
    later = Operation.create("foo.def", (), [i32], location=loc(3))
    op(body, "foo.use", [later.result], line=2)
    body.append(later)
    assert errors(m, allow_unregistered=True) == []


def test_unregistered_op_regions() -> None:
    m, body = module()
    b = func(body, "f", 2)
    r = op(b, "foo.r", line=3, regions=1)
    op(b, "test_v.return", line=9)
    rb = r.regions[0].add_block(Block())
    late = Operation.create("foo.b", (), [i32], location=loc(5))
    op(rb, "foo.a", [late.result], 1, line=4)
    rb.append(late)  # use before def in the same block: allowed (maybe a graph region)
    assert errors(m, allow_unregistered=True) == []
    # ... but not across blocks: the entry block does not dominate ^bb1.
    second = r.regions[0].add_block(Block())
    late.detach()
    second.append(late)
    op(rb, "foo.br", line=6, successors=[second])
    assert errors(m, allow_unregistered=True) == [
        (
            "operand #0 does not dominate this use",
            4,
            [("operand defined here (op in the same region)", 5)],
        )
    ]


def test_isolated_from_above() -> None:
    m, body = module()
    outer = op(body, "test_v.const", results=1, line=2)
    b = func(body, "f", 3)
    op(b, "test_v.add", [outer.result, b.args[0]], 1, line=4)
    op(b, "test_v.return", line=5)
    assert errors(m) == [
        (
            "'test_v.add' op using value defined outside the region",
            4,
            [("required by region isolation constraints", 3)],
        )
    ]


def test_isolation_errors_come_before_dominance_errors() -> None:
    m, body = module()
    outer = op(body, "test_v.const", results=1, line=2)
    b = func(body, "f", 3)
    c = op(b, "test_v.const", results=1, line=4)
    bad = op(b, "test_v.add", [c.result, c.result], 1, line=5)
    bad.move_before(c)  # a dominance error first in the block...
    op(b, "test_v.add", [outer.result, outer.result], 1, line=6)  # ... an isolation error later
    op(b, "test_v.return", line=7)
    assert errors(m) == [
        (
            "'test_v.add' op using value defined outside the region",
            6,
            [("required by region isolation constraints", 3)],
        )
    ]


def test_isolation_is_checked_in_unreachable_blocks() -> None:
    m, body = module()
    outer = op(body, "test_v.const", results=1, line=2)
    entry = func(body, "f", 3)
    op(entry, "test_v.return", line=4)
    dead = entry.parent.add_block(Block())  # type: ignore[union-attr]
    op(dead, "test_v.add", [outer.result, outer.result], 1, line=6)
    op(dead, "test_v.return", line=7)
    assert [e[:2] for e in errors(m)] == [
        ("'test_v.add' op using value defined outside the region", 6)
    ]


def test_symbol_redefinition() -> None:
    m, body = module()
    for line in (2, 4):
        op(func(body, "f", line), "test_v.return", line=line + 1)
    assert errors(m) == [
        ("redefinition of symbol named 'f'", 4, [("see existing symbol definition here", 2)])
    ]


def test_symbol_users_are_verified() -> None:
    m, body = module()
    b = func(body, "f", 2)
    op(b, "test_v.call", line=3, properties={"callee": StringAttr("f")})
    call = op(b, "test_v.call", line=4, properties={"callee": StringAttr("g")})
    op(b, "test_v.return", line=5)
    assert errors(m) == [("'test_v.call' op 'g' does not reference a valid function", 4, [])]
    call.properties["callee"] = StringAttr("f")
    assert errors(m) == []


def test_unregistered_ops() -> None:
    m, body = module()
    op(body, "foo.bar", line=2)
    msg = (
        "'foo.bar' op created with unregistered dialect. If this is intended, please call "
        "allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect "
        "with the MLIR opt tool used"
    )
    assert errors(m) == [(msg, 2, [])]
    assert errors(m, allow_unregistered=True) == []
    op(body, "test_v.nonsense", line=3)
    assert errors(m, allow_unregistered=True) == [
        (
            (
                "unregistered operation 'test_v.nonsense' found in dialect ('test_v') that does not "
                "allow unknown operations"
            ),
            3,
            [],
        )
    ]


def test_terminators() -> None:
    m, body = module()
    b = func(body, "f", 2)
    op(b, "test_v.const", results=1, line=3)
    ((message, line, _),) = errors(m)
    assert message.startswith("block with no terminator, has ") and line == 3
    assert "test_v.const" in message
    # An empty block of a registered op needs a terminator; the graph module and
    # regions of unregistered ops do not.
    m, body = module()
    func(body, "f", 2)
    assert errors(m) == [("empty block: expect at least a terminator", 2, [])]
    m, body = module()
    r = op(body, "foo.r", line=2, regions=1)
    op(r.regions[0].add_block(Block()), "test_v.const", results=1, line=3)
    assert errors(m, allow_unregistered=True) == []


def test_successors_must_be_last() -> None:
    m, (entry, then, other, join) = _diamond()
    op(entry, "test_v.const", results=1, line=4)
    for blk in (then, other, join):
        op(blk, "test_v.return", line=9)
    assert errors(m) == [("operation with block successors must terminate its parent block", 3, [])]


def test_entry_block_may_not_have_predecessors() -> None:
    m, body = module()
    entry = func(body, "f", 2)
    op(entry, "test_v.br", line=3, successors=[entry])
    assert errors(m) == [("entry block of region may not have predecessors", 2, [])]


def test_spec_errors_come_from_opdef() -> None:
    m, body = module()
    b = func(body, "f", 2)
    op(b, "test_v.add", [b.args[0]], 1, line=3)
    op(b, "test_v.return", line=4)
    assert errors(m) == [("'test_v.add' op expected 2 operands, but found 1", 3, [])]


def test_sibling_functions_all_report() -> None:
    m, body = module()
    for name, line in (("f", 2), ("g", 6)):
        b = func(body, name, line)
        c = op(b, "test_v.const", results=1, line=line + 1)
        a = op(b, "test_v.add", [c.result, c.result], 1, line=line + 2)
        op(b, "test_v.return", line=line + 3)
        a.move_before(c)
    assert [e[:2] for e in errors(m)] == [
        ("operand #0 does not dominate this use", 4),
        ("operand #0 does not dominate this use", 8),
    ]


def test_structure_errors_come_before_dominance() -> None:
    m, body = module()
    b = func(body, "f", 2)
    c = op(b, "test_v.const", results=1, line=3)
    a = op(b, "test_v.add", [c.result, c.result], 1, line=4)
    op(b, "test_v.add", [c.result], 1, line=5)  # wrong arity, later in the block
    op(b, "test_v.return", line=6)
    a.move_before(c)
    assert errors(m) == [("'test_v.add' op expected 2 operands, but found 1", 5, [])]


def test_non_recursive_verification() -> None:
    m, body = module()
    b = func(body, "f", 2)
    op(b, "test_v.add", [b.args[0]], 1, line=3)  # invalid, but nested
    op(b, "test_v.return", line=4)
    assert errors(m, recursive=False) == []
    assert errors(m) != []


def test_large_function_is_linear() -> None:
    """The verifier's hot path: ops in one block, every op using its predecessor; the work grows
    linearly (counted calls, see support/complexity.py; speed itself is in tools/bench)."""

    def run_at(n: int):  # type: ignore[no-untyped-def]
        m, body = module()
        b = func(body, "big", 2)
        prev = b.args[0]
        for _ in range(n):
            o = Operation.create("test_v.add", [prev, b.args[0]], [i32])
            b.append(o)
            prev = o.results[0]
        b.append(Operation.create("test_v.return", [prev]))
        return lambda: verify(m)

    assert_linear(run_at, 2_000)


def test_symbol_table_collection_rules() -> None:
    m, body = module()
    func(body, "f", 2)
    inner = Operation.create(
        "test_v.module", regions=1, properties={"sym_name": StringAttr("inner")}
    )
    body.append(inner)
    ib = inner.regions[0].add_block(Block())
    func(ib, "pub", 5)
    priv = func(ib, "priv", 6).parent.parent  # type: ignore[union-attr]
    priv.properties["sym_visibility"] = StringAttr("private")  # type: ignore[union-attr]
    from llh_opt.ir.attributes import SymbolRefAttr

    tables = SymbolTableCollection()
    assert tables.lookup_symbol_in(m, "f").properties["sym_name"].value == "f"  # type: ignore[union-attr]
    path = tables.resolve(m, SymbolRefAttr("inner", ("pub",)))
    assert path is not None and [p.properties["sym_name"].value for p in path] == ["inner", "pub"]  # type: ignore[attr-defined]
    # A nested reference may not name a private symbol (MLIR's lookupSymbolIn).
    assert tables.resolve(m, SymbolRefAttr("inner", ("priv",))) is None
    assert tables.resolve(m, SymbolRefAttr("f", ("x",))) is None
    # The helpers of ir/symbol_table.py.
    pub = tables.lookup_symbol_in(inner, "pub")
    assert pub is not None and symbol_visibility(pub) == "public"
    assert symbol_visibility(priv) == "private"  # type: ignore[arg-type]
    assert is_symbol_table(m) and is_symbol_table(inner) and not is_symbol_table(pub)
    assert nearest_symbol_table(pub) is inner and nearest_symbol_table(inner) is inner
    assert tables.lookup_nearest_symbol_from(pub, "priv") is priv
    assert tables.lookup_nearest_symbol_from(pub, "f") is None  # only the nearest table


@pytest.mark.parametrize("recursive", [True, False])
def test_region_without_parent_op(recursive: bool) -> None:
    region = Region([Block()])
    assert region.parent is None
    m, _body = module()
    assert errors(m, recursive=recursive) == []
