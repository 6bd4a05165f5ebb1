"""Building the Lark parser for ``grammar/mlir.lark`` once per process, with Lark's cache.

What lives here: `machinery()`, which returns the process-wide (Lark, driver, Builder) triple:
`Lark(parser="lalr", lexer="contextual", transformer=<the Builder>, cache=<file>)` with every
start symbol the decoders need, and the fused `FastDriver` over its tables (or Lark's own
`parse` if the fast driver cannot be built). The cache file lives in the user's cache directory
and is keyed by the grammar's hash and the Lark version (Lark re-checks the hash on load).
What does not: the grammar text (``llh_opt.ir.lexicon.grammar_text``), the callbacks, error wording.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from typing import Any

from llh_opt.ir.lexicon import grammar_text

START_SYMBOLS = ["start", "type", "attr", "fine"]
"""The file; one type or attribute; the fine-grained form of a coarse token."""

_MACHINERY: tuple[Any, Any, Any] | None = None
_REFERENCE: tuple[Any, Any, Any] | None = None


def _cache_path(text: str) -> str:
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
    """The (Lark, driver, Builder) of this process, built on first use."""
    global _MACHINERY
    if _MACHINERY is None:
        from llh_opt.parser.builder import Builder
        from llh_opt.parser.driver import FastDriver, LarkDriver
        from llh_opt.parser.errors import register_terminal_text

        builder = Builder()
        lark = _build(builder)
        register_terminal_text(
            {t.name: t.pattern.value for t in lark.terminals if t.pattern.type == "str"}
        )
        try:
            driver: Any = FastDriver(lark)
        except Exception:  # noqa: BLE001 - Lark internals differ: use Lark's own loop
            driver = LarkDriver(lark)
        _MACHINERY = (lark, driver, builder)
    return _MACHINERY


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
