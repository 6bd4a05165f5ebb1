"""The verifier's memo for LLH ops (``opdef.verify_op_definition``): ops of one signature are
checked once, `llh.weight`s that differ only in their file name share a signature, and no
failure is ever hidden by an earlier success of a look-alike op."""

from __future__ import annotations

import pytest

from llh_opt.diagnostics import DiagnosticError
from llh_opt.dialects.llh.data_ops import WeightOp, _weight_file_summary
from llh_opt.ir import opdef
from llh_opt.ir.attributes import StringAttr
from llh_opt.ir.types import i32
from llh_opt.ir.verifier import verify
from llh_opt.parser import parse_source


def weights(files: list[str], ty: str = "tensor<2xf32>") -> str:
    body = "".join(
        f'  %{i} = "llh.weight"() <{{weight_file = {f}}}> : () -> {ty}\n'
        for i, f in enumerate(files)
    )
    return f"func.func @f() {{\n{body}  return\n}}\n"


def check(text: str) -> None:
    verify(parse_source(text, "m.mlir"))


def test_weights_of_one_type_share_one_memo_entry() -> None:
    opdef._VERIFIED.clear()
    check(weights([f'"w{i}.npy"' for i in range(200)]))
    keys = [k for k in opdef._VERIFIED if k[0] is WeightOp]
    assert len(keys) == 1
    check(weights(['"a.npy"'], "tensor<3xf32>"))
    assert len([k for k in opdef._VERIFIED if k[0] is WeightOp]) == 2


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ('""', "requires a non-empty 'weight_file'"),
        ('"c" : i32', "'weight_file' failed to satisfy constraint: string attribute"),
    ],
)
def test_memoized_weight_never_hides_a_bad_one(bad: str, message: str) -> None:
    opdef._VERIFIED.clear()
    check(weights(['"a.npy"']))  # memoized
    with pytest.raises(DiagnosticError) as err:
        check(weights(['"a.npy"', '"b.npy"', bad]))
    text = str(err.value)
    assert message in text and "m.mlir:4:8:" in text
    # Twice in a row: the failure is not memoized either.
    with pytest.raises(DiagnosticError):
        check(weights([bad]))


def test_weight_file_summary() -> None:
    s = _weight_file_summary
    assert s(StringAttr("a.npy")) == s(StringAttr("b/c.npy"))
    assert s(StringAttr("")) != s(StringAttr("a.npy"))
    assert s(StringAttr("a.npy", i32)) != s(StringAttr("a.npy"))


def test_memo_key_keeps_other_properties_whole() -> None:
    """Without a summary, a property enters the key as itself."""
    m = parse_source(weights(['"a.npy"', '"b.npy"']), "m.mlir")
    func = m.regions[0].blocks[0].first
    a = func.regions[0].blocks[0].first
    b = a.next
    assert opdef._memo_key(a) != opdef._memo_key(b)
    summary = WeightOp.VERIFY_MEMO_PROPS
    assert opdef._memo_key(a, summary) == opdef._memo_key(b, summary)
