"""The README's supported-op table is generated from the handlers (tools/gen_torch_op_table.py)
and cannot drift; every handler states its translation."""

from __future__ import annotations

import importlib.util

import pytest

pytest.importorskip("torch")

from support.paths import REPO_ROOT  # noqa: E402

from llh_opt.frontend.torch.aten import HANDLERS, SUPPORTED_ATEN, TRANSLATIONS  # noqa: E402


def _tool():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "gen", REPO_ROOT / "tools" / "gen_torch_op_table.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_every_handler_has_a_translation() -> None:
    assert {fn.__name__ for fn in HANDLERS.values()} == set(TRANSLATIONS)
    assert SUPPORTED_ATEN == frozenset(HANDLERS)


def test_readme_table_is_up_to_date() -> None:
    tool = _tool()
    text = (REPO_ROOT / "README.md").read_text()
    assert tool.render(text) == text, "run tools/gen_torch_op_table.py"
    for name in SUPPORTED_ATEN:
        assert f"`{name}`" in text
