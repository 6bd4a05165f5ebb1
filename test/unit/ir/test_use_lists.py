"""Use lists threaded through `OpOperand`s, and the per-op containers made only when needed.

A value's uses are an intrusive doubly linked list (no container per value): these tests check
it against a plain reference model under random edits (hypothesis), and the shapes the lazy
containers take (`()` for no regions/successors/operands/results, `attributes` made on access).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from llh_opt.ir.attributes import StringAttr, UnitAttr
from llh_opt.ir.core import Block, Operation, Region, UseList, Value, new_module
from llh_opt.ir.types import IntegerType
from llh_opt.printer import print_operation

I32 = IntegerType(32)


def _check_links(v: Value, expected: list) -> None:
    """`v.uses` is `expected` (oldest first) by every accessor, with consistent links."""
    uses = list(v.uses)
    assert uses == expected
    assert list(reversed(v.uses)) == expected[::-1]
    assert len(v.uses) == len(expected)
    assert bool(v.uses) == bool(expected)
    assert v.use_empty() == (not expected)
    assert v.has_one_use() == (len(expected) == 1)
    assert v.users == [u.owner for u in expected]
    for i, u in enumerate(expected):
        assert u.value is v and u in v.uses and u.is_linked()
        assert u._prev is (expected[i - 1] if i else None)
        assert u._next is (expected[i + 1] if i + 1 < len(expected) else None)
    assert v._first_use is (expected[0] if expected else None)
    assert v._last_use is (expected[-1] if expected else None)


# One step of an edit script: (kind, a, b, c) with small indices picked modulo what exists.
_STEP = st.tuples(
    st.sampled_from(["create", "set", "rauw", "erase", "set_operands", "drop", "clear"]),
    st.integers(0, 50),
    st.integers(0, 50),
    st.lists(st.integers(0, 50), max_size=4),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_STEP, max_size=40))
def test_use_lists_follow_a_reference_model(steps) -> None:
    module = new_module()
    body = module.regions[0].blocks[0]
    block = Block([I32, I32])
    values: list[Value] = list(block.args)
    model: dict[Value, list] = {v: [] for v in values}
    ops: list[Operation] = []

    def pick(seq, k):
        return seq[k % len(seq)] if seq else None

    def discard(u) -> None:  # a dropped use is in no list
        if u in model.get(u.value, ()):
            model[u.value].remove(u)

    for kind, a, b, cs in steps:
        if kind == "create":
            operands = [values[c % len(values)] for c in cs]
            op = Operation.create("test.op", operands, [I32] * (a % 3))
            body.append(op)
            ops.append(op)
            for u in op.operand_uses:
                model[u.value].append(u)
            for r in op.results:
                values.append(r)
                model[r] = []
        elif kind == "set" and ops:
            op = pick(ops, a)
            if op.operand_uses:
                u = pick(op.operand_uses, b)
                new = pick(values, cs[0] if cs else b)
                discard(u)
                u.set(new)
                model[new].append(u)
        elif kind == "rauw":
            old, new = pick(values, a), pick(values, b)
            old.replace_all_uses_with(new)
            if old is not new:
                model[new].extend(model[old])
                model[old] = []
        elif kind == "erase" and ops:
            op = pick(ops, a)
            if all(r.use_empty() for r in op.results):
                for u in op.operand_uses:
                    discard(u)
                op.erase()
                ops.remove(op)
                for r in op.results:
                    values.remove(r)
                    del model[r]
        elif kind == "set_operands" and ops:
            op = pick(ops, a)
            for u in op.operand_uses:
                discard(u)
            op.set_operands([values[c % len(values)] for c in cs])
            for u in op.operand_uses:
                model[u.value].append(u)
        elif kind == "drop" and ops:
            op = pick(ops, a)
            if op.operand_uses:
                u = pick(op.operand_uses, b)
                discard(u)
                u.drop()
                u.drop()  # dropping twice is harmless, as `dict.pop(key, None)` was
                assert not u.is_linked()
        elif kind == "clear":
            v = pick(values, a)
            v.uses.clear()
            model[v] = []
        for v in values:
            _check_links(v, model[v])


def test_iterating_survives_moving_the_current_use() -> None:
    block = Block([I32, I32])
    x, y = block.args
    ops = [Operation.create("test.op", [x, x]) for _ in range(3)]
    for use in x.uses:
        use.set(y)
    assert x.use_empty()
    assert [(u.owner, u.index) for u in y.uses] == [(op, i) for op in ops for i in (0, 1)]


def test_a_use_list_view_is_live() -> None:
    block = Block([I32])
    (x,) = block.args
    view = x.uses
    assert isinstance(view, UseList) and not view
    op = Operation.create("test.op", [x])
    assert len(view) == 1 and list(view) == list(op.operand_uses)
    op.erase()
    assert not view


def test_empty_containers_are_shared_tuples_and_filled_ones_lists() -> None:
    op = Operation.create("test.op")
    assert op.operand_uses == () and op.results == () and op.regions == ()
    assert op.successors == ()
    assert op._attributes is None and op.get_attr("x") is None
    assert not op.has_attributes and list(op.discardable_items()) == []
    region = Region()
    full = Operation.create("test.op", result_types=[I32], regions=[region], successors=[Block()])
    assert isinstance(full.results, tuple) and full.results[0].op is full
    assert full.regions == [region] and region.parent is full
    assert isinstance(full.successors, list)
    assert len(Operation.create("test.op", regions=2).regions) == 2


def test_attributes_are_made_on_first_access_and_kept() -> None:
    op = Operation.create("test.op", attributes={})
    assert op._attributes is None
    op.attributes["b"] = UnitAttr()
    op.attributes["a"] = StringAttr("x")
    assert op.has_attributes and op.get_attr("a") is StringAttr("x")
    assert print_operation(op).strip() == '"test.op"() {a = "x", b} : () -> ()'
    op.attributes = {"c": UnitAttr()}
    assert list(op.discardable_items()) == [("c", UnitAttr())]
    clone = op.clone()
    assert clone.attributes == {"c": UnitAttr()} and clone.attributes is not op.attributes


def test_registered_ops_share_their_class_name_string() -> None:
    import llh_opt.dialects  # noqa: F401 - registers the dialects

    name = "".join(["arith.", "constant"])  # a fresh string, as the parser makes
    a = Operation.create(name)
    b = Operation.create("arith.constant")
    assert a.name is b.name is type(a).OPERATION_NAME
