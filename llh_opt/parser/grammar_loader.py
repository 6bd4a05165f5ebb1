"""Setting up the parser for ``grammar/mlir.lark`` once per process.

What lives here: `machinery()`, which returns the process-wide (Lark or None, driver, Builder)
triple. Normally the driver is a `TableDriver` over the parser tables cached by
``tables.py`` and Lark is not even imported (None); when the tables must be (re)built, or
cannot be used, `Lark(parser="lalr", lexer="contextual", transformer=<the Builder>,
cache=<file>)` is built with every start symbol the decoders need (Lark's own cache file lives in
the user's cache directory, keyed by the grammar's hash and the Lark version), the tables are
derived from it, and if that fails the fused `FastDriver` runs over Lark's objects (or Lark's own
`parse` if the fast driver cannot be built either). `lark_parser()`: that Lark object on demand.
What does not: the grammar text (``llh_opt.ir.lexicon.grammar_text``), the callbacks, error wording.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from llh_opt.ir.lexicon import grammar_text

START_SYMBOLS = ["start", "type", "attr", "fine"]
"""The file; one type or attribute; the fine-grained form of a coarse token."""

_MACHINERY: tuple[Any, Any, Any] | None = None
_REFERENCE: tuple[Any, Any, Any] | None = None
_LARK: Any = None


def _cache_path(text: str) -> str:
    import hashlib
    import tempfile

    import lark

    digest = hashlib.sha256(
        (text + "|" + lark.__version__ + "|" + ",".join(START_SYMBOLS)).encode()
    ).hexdigest()[:16]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    directory = os.path.join(base, "llh-opt")
    try:
        os.makedirs(directory, exist_ok=True)
        probe = os.path.join(directory, ".w")
        with open(probe, "w"):
            pass
        os.remove(probe)
    except OSError:
        directory = tempfile.gettempdir()
    return os.path.join(
        directory, f"mlir-grammar-{digest}-py{sys.version_info[0]}{sys.version_info[1]}.lark"
    )


def _build(builder: Any) -> Any:
    from lark import Lark

    text = grammar_text()
    path = _cache_path(text)
    options = {
        "parser": "lalr",
        "lexer": "contextual",
        "transformer": builder,
        "start": START_SYMBOLS,
        "maybe_placeholders": True,
        "propagate_positions": False,
    }
    if os.path.exists(path):
        return Lark(text, cache=path, **options)
    # First run: let Lark write the cache under a private name, then publish it atomically, so
    # that processes starting in parallel never read a half-written file.
    tmp = f"{path}.{os.getpid()}.tmp"
    lark = Lark(text, cache=tmp, **options)
    try:
        os.replace(tmp, path)
    except OSError:
        pass
    return lark


def machinery() -> tuple[Any, Any, Any]:
    """The (Lark or None, driver, Builder) of this process, built on first use."""
    global _MACHINERY, _LARK
    if _MACHINERY is None:
        from llh_opt.parser.builder import Builder
        from llh_opt.parser.driver import FastDriver, LarkDriver
        from llh_opt.parser.errors import register_terminal_text
        from llh_opt.parser.tables import TableDriver, derive_tables, load_tables

        builder = Builder()

        def build() -> dict[str, Any]:
            global _LARK
            _LARK = _build(builder)
            return derive_tables(_LARK, builder)

        driver: Any
        try:
            tables = load_tables(grammar_text(), builder, build)
            driver = TableDriver(tables, builder)
            driver._state(tables["start_states"]["start"])  # fail now, not mid-parse
            register_terminal_text(tables["terminal_text"])
        except Exception:  # noqa: BLE001 - Lark internals differ: run over Lark's own objects
            if _LARK is None:
                _LARK = _build(builder)
            lark = _LARK
            register_terminal_text(
                {t.name: t.pattern.value for t in lark.terminals if t.pattern.type == "str"}
            )
            try:
                driver = FastDriver(lark)
            except Exception:  # noqa: BLE001 - Lark internals differ: use Lark's own loop
                driver = LarkDriver(lark)
        _MACHINERY = (_LARK, driver, builder)
    return _MACHINERY


def lark_parser() -> Any:
    """The `Lark` object of this process's machinery, or (when the tables were cached and Lark
    never built) a new one over a fresh Builder: for looking at the grammar's terminals and
    lexers (tests), not for parsing with the machinery's Builder."""
    global _LARK
    machinery()
    if _LARK is None:
        from llh_opt.parser.builder import Builder

        _LARK = _build(Builder())
    return _LARK


def reference_machinery() -> tuple[Any, Any, Any]:
    """A second (Lark, LarkDriver, Builder) running Lark's own parse loop (for tests)."""
    global _REFERENCE
    if _REFERENCE is None:
        from llh_opt.parser.builder import Builder
        from llh_opt.parser.driver import LarkDriver

        builder = Builder()
        lark = _build(builder)
        _REFERENCE = (lark, LarkDriver(lark), builder)
    return _REFERENCE
