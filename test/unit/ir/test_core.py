"""Unit tests of the IR graph in llh_opt/ir/core.py: linked op lists, use lists, cloning."""

from __future__ import annotations

from llh_opt.ir.core import Block, Operation, Region, new_module
from llh_opt.ir.types import i32, i64
from llh_opt.parser import parse_source


def _ops(block: Block) -> list[str]:
    return [op.name for op in block.ops]


def test_insert_erase_and_move_keep_the_linked_list_consistent() -> None:
    b = Block()
    a = b.append(Operation.create("t.a"))
    c = b.append(Operation.create("t.c"))
    b.insert_before(c, Operation.create("t.b"))
    b.prepend(Operation.create("t.first"))
    assert _ops(b) == ["t.first", "t.a", "t.b", "t.c"] and len(b) == 4
    a.move_after(c)
    assert _ops(b) == ["t.first", "t.b", "t.c", "t.a"]
    a.erase()
    assert _ops(b) == ["t.first", "t.b", "t.c"] and b.last is c and len(b) == 3
    # Erasing while iterating is safe.
    for op in b.ops:
        op.erase()
    assert b.first is None and b.last is None and len(b) == 0


def test_use_lists_follow_set_operand_and_replace_all_uses() -> None:
    b = Block([i32])
    x = b.args[0]
    d = b.append(Operation.create("t.def", [], [i32]))
    u = b.append(Operation.create("t.use", [x, x]))
    assert len(x.uses) == 2 and d.result.use_empty()
    u.set_operand(1, d.result)
    assert len(x.uses) == 1 and d.result.has_one_use()
    x.replace_all_uses_with(d.result)
    assert x.use_empty() and u.operands == [d.result, d.result]
    u.erase()
    assert d.result.use_empty()


def test_clone_remaps_values_and_keeps_the_original() -> None:
    m = new_module()
    body = m.regions[0].blocks[0]
    d = body.append(Operation.create("t.def", [], [i64]))
    op = Operation.create("t.r", [d.result], [i64], regions=[Region([Block([i64])])])
    inner = op.regions[0].blocks[0]
    inner.append(Operation.create("t.use", [inner.args[0], d.result]))
    body.append(op)
    mapping: dict = {}
    copy = op.clone(mapping)
    assert mapping[op.results[0]] is copy.results[0]
    new_inner = copy.regions[0].blocks[0]
    use = new_inner.first
    assert use is not None and use.operands[0] is new_inner.args[0]
    assert use.operands[1] is d.result  # defined outside: shared, not copied
    assert inner.first is not None and inner.first.operands[0] is inner.args[0]


def test_clone_of_a_cfg_region_remaps_uses_defined_in_a_later_block() -> None:
    # Regression: a use in ^bb1 of a value defined in ^bb2 kept pointing at the original.
    text = """
    "foo.r"() ({
      "foo.br"()[^bb2] : () -> ()
    ^bb1:
      "foo.use"(%0) : (i32) -> ()
      "foo.end"() : () -> ()
    ^bb2:
      %0 = "foo.def"() : () -> i32
      "foo.br"()[^bb1] : () -> ()
    }) : () -> ()
    """
    module = parse_source(text, "cfg.mlir", allow_unregistered=True)
    op = module.regions[0].blocks[0].first
    assert op is not None
    copy = op.clone()
    blocks = copy.regions[0].blocks
    use, definition = blocks[1].first, blocks[2].first
    assert use is not None and definition is not None
    assert use.operands[0] is definition.results[0]
    assert copy.regions[0].blocks[0].last.successors == [blocks[2]]


def test_interning_rejects_floats_where_ints_are_stored() -> None:
    # Regression: interning keys compare by value (0.0 == 0), so a DenseElementsAttr built with
    # a float instead of a bit pattern was handed to every later user of the same attribute.
    import numpy as np
    import pytest

    from llh_opt.ir.attributes import DenseElementsAttr, FloatAttr, IntegerAttr
    from llh_opt.ir.types import RankedTensorType, f32

    t = RankedTensorType((1,), f32)
    with pytest.raises(TypeError):
        DenseElementsAttr(t, (0.0,))
    with pytest.raises(TypeError):
        IntegerAttr(2.0, i64)
    with pytest.raises(TypeError):
        FloatAttr(1.5, f32)
    assert DenseElementsAttr(t, (np.int64(0),)).values[0].__class__ is int
    assert IntegerAttr(True, i64) is IntegerAttr(1, i64)
