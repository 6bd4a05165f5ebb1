"""The MLIR text parser: ``grammar/mlir.lark`` run by Lark (LALR, contextual lexer), building IR.

Public API:

* `parse_source(text, filename="-", *, first_line=1, allow_unregistered=False)` → the
  `builtin.module` (ops outside a `module {}` are wrapped in an implicit one, like mlir-opt);
  errors raise `DiagnosticError` at MLIR's `file:line:col` with MLIR's wording.
* `parse_type(text)` / `parse_attribute(text)` — one type / attribute (for dialect hooks and tests).

What lives here: the entry points (registry import, GC handling, error conversion). The grammar
is in ``grammar/mlir.lark``; Lark set-up in ``grammar_loader.py``; the parse loop in
``driver.py``; IR building in ``builder.py`` (+ ``attrs.py``, ``decode.py``, ``custom.py``);
scopes in ``scopes.py``; offsets → locations in ``source.py``; coarse-token regexes in
``lexemes.py``; syntax-error wording in ``errors.py`` and ``messages.py``.
"""

from __future__ import annotations

import gc
from typing import Any

from llh_opt.diagnostics import DiagnosticError
from llh_opt.parser.driver import FastDriver, SyntaxFailure
from llh_opt.parser.errors import ParseError, ParseErrors, register_examples, to_diagnostic
from llh_opt.parser.source import SourceText

__all__ = ["parse_attribute", "parse_source", "parse_type"]

_dialects_loaded = False

FAST_OPS_MIN_TEXT = 1 << 16
"""Files at least this long (characters) read generic ops whole (`driver.FastOps`): compiling
its regex costs a few milliseconds, repaid after a few hundred ops."""


def _load_dialects() -> None:
    """Import ``llh_opt.dialects`` (if present) so the op/dialect registry is filled."""
    global _dialects_loaded
    if not _dialects_loaded:
        _dialects_loaded = True
        try:
            import llh_opt.dialects  # noqa: F401
        except ImportError:
            pass


def _run(
    text: str,
    filename: str,
    first_line: int,
    allow_unregistered: bool,
    start: str,
    reference: bool = False,
) -> Any:
    from llh_opt.parser.grammar_loader import machinery, reference_machinery

    _load_dialects()
    _lark, driver, builder = reference_machinery() if reference else machinery()
    src = SourceText(text, filename, first_line)
    gc_enabled = gc.isenabled()
    gc.disable()
    builder.begin(src, allow_unregistered, driver)
    try:
        if start == "start" and len(text) >= FAST_OPS_MIN_TEXT and isinstance(driver, FastDriver):
            try:
                result = driver.parse(text, start, 0, fast_ops=True)
            except SyntaxFailure:
                # Report it as the token-by-token parse does (see `FastOps`).
                builder.end()
                builder.begin(src, allow_unregistered, driver)
                result = driver.parse(text, start, 0)
        else:
            result = driver.parse(text, start, 0)
        if start == "start":
            result = builder.finish()
        return result
    except (ParseError, ParseErrors, SyntaxFailure) as e:
        raise to_diagnostic(e, src) from None
    except RecursionError:
        raise DiagnosticError(
            to_diagnostic(ParseError("nesting too deep", 0), src).diagnostics
        ) from None
    finally:
        builder.end()
        if gc_enabled:
            gc.enable()


def parse_source(
    text: str,
    filename: str = "-",
    *,
    first_line: int = 1,
    allow_unregistered: bool = False,
    _reference: bool = False,
) -> Any:
    """Parse MLIR text into a `builtin.module` operation."""
    return _run(text, filename, first_line, allow_unregistered, "start", _reference)


def parse_type(text: str, *, allow_unregistered: bool = True) -> Any:
    """Parse one type (no aliases are defined)."""
    return _run(text, "-", 1, allow_unregistered, "type")


def parse_attribute(text: str, *, allow_unregistered: bool = True) -> Any:
    """Parse one attribute (no aliases are defined)."""
    return _run(text, "-", 1, allow_unregistered, "attr")


def _parse_example(text: str) -> None:
    from llh_opt.parser.grammar_loader import machinery

    _lark, driver, builder = machinery()
    builder.begin(SourceText(text, "-", 1), True, driver)
    try:
        driver.parse(text, "start", 0)
    finally:
        builder.end()


def _install_examples() -> None:
    from llh_opt.parser.messages import EXAMPLES, NO_BACKUP

    register_examples(EXAMPLES, NO_BACKUP, _parse_example)


_install_examples()
