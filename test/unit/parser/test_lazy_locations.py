"""Parsed ops carry their source offset and make their `FileLineColLoc` on the first read
(`Operation.set_source_offset`), with the same line and column the parser reported before."""

from __future__ import annotations

from llh_opt.ir.attributes import FileLineColLoc, NameLoc
from llh_opt.parser import parse_source

TEXT = (
    '%0 = "t.a"() : () -> i32\n'
    '  %1 = "t.b"(%0) : (i32) -> i32\n'
    '"t.c"(%1) : (i32) -> () loc("given.py":7:3)\n'
)


def _ops():  # type: ignore[no-untyped-def]
    module = parse_source(TEXT, "in.mlir", allow_unregistered=True)
    return list(module.regions[0].blocks[0].ops)


def test_a_parsed_location_is_made_on_first_read_at_the_op_name() -> None:
    a, b, c = _ops()
    assert a._location_source is not None  # not made yet
    loc = b.location
    assert b._location_source is None
    assert isinstance(loc, FileLineColLoc)
    assert (loc.filename, loc.line, loc.col) == ("in.mlir", 2, 8)
    assert b.location is loc  # kept, and interned like any FileLineColLoc
    assert a.location is FileLineColLoc("in.mlir", 1, 6)
    # A written location is the op's location from the start.
    assert c._location_source is None
    assert (c.location.filename, c.location.line, c.location.col) == ("given.py", 7, 3)


def test_assigning_or_cloning_keeps_the_lazy_location_right() -> None:
    a, b, _ = _ops()
    named = NameLoc("x")
    a.location = named
    assert a.location is named and a._location_source is None
    copy = b.clone()
    assert copy.location is b.location
    assert (copy.location.line, copy.location.col) == (2, 8)
