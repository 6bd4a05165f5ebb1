"""The parser's text memos and the verifier's signature memo stay bounded.

Texts unique to one op (`weight_file = "w7.npy"`) must not live until the end of the parse (or
of the process); bounding must not change what is parsed or what the verifier reports.
"""

from __future__ import annotations

import pytest

from llh_opt.diagnostics import DiagnosticError
from llh_opt.ir import opdef
from llh_opt.ir.verifier import verify
from llh_opt.parser import decode, parse_source
from llh_opt.printer import print_operation


def _weights(n: int) -> str:
    lines = [
        f'  %w{i} = "llh.weight"() <{{weight_file = "w{i}.npy"}}> : () -> tensor<{i % 7 + 1}xf32>'
        for i in range(n)
    ]
    adds = [
        f'  %a{i} = "llh.add"(%w{i}, %w{i}) : (tensor<{i % 7 + 1}xf32>, tensor<{i % 7 + 1}xf32>) -> tensor<{i % 7 + 1}xf32>'
        for i in range(n)
    ]
    return "module {\n" + "\n".join(lines + adds) + "\n}\n"


def test_bounded_cache_starts_over_when_full(monkeypatch) -> None:
    monkeypatch.setattr(decode, "_PARSE_LIMIT", 3)
    cache = decode.BoundedCache()
    for i in range(3):
        cache[str(i)] = i
    assert len(cache) == 3 and cache.get("0") == 0
    cache["3"] = 3
    assert dict(cache) == {"3": 3}


def test_small_caches_parse_the_same_module(monkeypatch) -> None:
    text = _weights(300)
    reference = print_operation(parse_source(text), generic=True, debuginfo=True)
    monkeypatch.setattr(decode, "_PARSE_LIMIT", 4)
    monkeypatch.setattr(decode, "_GLOBAL_LIMIT", 2)
    decode._global_attrs.clear()
    decode._global_groups.clear()
    decode._global_types.clear()
    assert print_operation(parse_source(text), generic=True, debuginfo=True) == reference
    assert len(decode._global_attrs) <= 2 and len(decode._global_groups) <= 2


def test_process_wide_caches_do_not_keep_a_files_unique_texts() -> None:
    parse_source(_weights(decode._GLOBAL_LIMIT + 100))
    assert len(decode._global_attrs) <= decode._GLOBAL_LIMIT
    assert len(decode._global_groups) <= decode._GLOBAL_LIMIT


def test_verifier_memo_keeps_two_bounded_generations(monkeypatch) -> None:
    monkeypatch.setattr(opdef, "_VERIFIED_LIMIT", 8)
    monkeypatch.setattr(opdef, "_VERIFIED", set())
    monkeypatch.setattr(opdef, "_VERIFIED_OLD", set())
    verify(parse_source(_weights(200)))
    assert len(opdef._VERIFIED) <= 8 and len(opdef._VERIFIED_OLD) <= 8
    # Verified signatures (the adds) come back after the memo turned over; a wrong op is
    # still reported whatever the memo holds.
    verify(parse_source(_weights(200)))
    bad = _weights(3).replace("-> tensor<3xf32>\n}", "-> tensor<3xi32>\n}")
    assert bad != _weights(3)
    module = parse_source(bad)
    with pytest.raises(DiagnosticError, match="same element type"):
        verify(module)
