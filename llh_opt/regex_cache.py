"""Compiled regexes kept from one run to the next: `compile(pattern, flags)`.

The parser's regexes are fixed strings built at import (the grammar's terminals, the fast-path
lexemes); compiling them with `re` costs milliseconds of every start-up. `compile` serves them
from a cache file of compiled programs -- what CPython's regex compiler (`re._compiler`) hands
to `_sre.compile` -- keyed by the exact Python build and `_sre.MAGIC`. A pattern not in the file
is compiled by `re` as usual and the file is rewritten when the process exits (each program
checked against `re.compile`'s result first); a program `_sre` refuses is compiled from its
pattern instead. Only fixed patterns belong here: past `MAX_ENTRIES` the file keeps only the
patterns the writing process used (old grammars' patterns do not pile up).
`regex_program` / `load_regex`: one program, for caches of their own (``parser/tables.py``).
What does not live here: where cache files go (``user_cache.py``), the patterns themselves.
"""

from __future__ import annotations

import marshal
import re
import sys
from typing import Any

import _sre

__all__ = ["compile", "load_regex", "regex_program"]

MAX_ENTRIES = 512

_FILE = f"regex-programs-py{sys.version_info[0]}{sys.version_info[1]}-{_sre.MAGIC}.bin"
_BUILD = f"{sys.version}|{_sre.MAGIC}|{getattr(_sre, 'CODESIZE', '')}|{sys.maxunicode}"
"""The Python build the programs were made by (stored in the file and compared on load)."""

_store: dict[tuple[str, int], tuple[Any, ...]] | None = None
_new: set[tuple[str, int]] = set()
_used: set[tuple[str, int]] = set()


def compile(pattern: str, flags: int = 0) -> re.Pattern[str]:  # noqa: A001 - re's name
    """`re.compile(pattern, flags)`, from the cache file when it holds the pattern."""
    store = _store if _store is not None else _load()
    key = (pattern, int(flags))
    program = store.get(key)
    if program is not None:
        try:
            compiled: re.Pattern[str] = _sre.compile(*program)
        except Exception:  # noqa: BLE001 - a damaged entry: compile it the usual way
            pass
        else:
            _used.add(key)
            return compiled
    compiled = re.compile(pattern, flags)
    if not _new:
        import atexit

        atexit.register(_save)
    _new.add(key)
    return compiled


def _load() -> dict[tuple[str, int], tuple[Any, ...]]:
    global _store
    from llh_opt.user_cache import read

    _store = {}
    for _path, data in read(_FILE):
        try:
            build, entries = marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            continue
        if build == _BUILD and isinstance(entries, dict):
            _store = entries
            break
    return _store


def _save() -> None:
    """Add the patterns compiled in this process to the cache file (at exit)."""
    from llh_opt.user_cache import publish

    store = dict(_store or {})
    if len(store) + len(_new) > MAX_ENTRIES:
        store = {k: v for k, v in store.items() if k in _used}
    for pattern, flags in _new:
        try:
            program = regex_program(pattern, flags)
        except Exception:  # noqa: BLE001 - a pattern the program form cannot express: skip it
            continue
        if program is not None:
            store[(pattern, flags)] = program
    _new.clear()
    try:
        publish(_FILE, marshal.dumps((_BUILD, store)))
    except ValueError:
        pass


def regex_program(pattern: str, flags: int = 0) -> tuple[Any, ...] | None:
    """What `re.compile(pattern, flags)` hands to `_sre.compile`, as plain data; None if the
    program, loaded back, does not give what `re.compile` gives."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    parsed = _parser.parse(pattern, flags)
    code = [int(c) for c in _compiler._code(parsed, flags)]
    groupindex = {str(k): int(v) for k, v in parsed.state.groupdict.items()}
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for k, i in groupindex.items():
        indexgroup[i] = k
    program = (
        pattern,
        int(flags | parsed.state.flags),
        code,
        parsed.state.groups - 1,
        groupindex,
        tuple(indexgroup),
    )
    expected = re.compile(pattern, flags)
    got = _sre.compile(*program)
    same = (got.pattern, got.flags, got.groups, got.groupindex) == (
        expected.pattern,
        expected.flags,
        expected.groups,
        expected.groupindex,
    )
    return program if same else None


def load_regex(program: tuple[Any, ...]) -> re.Pattern[str]:
    """The compiled pattern of a `regex_program` (compiled from its pattern if `_sre` refuses
    the program)."""
    try:
        return _sre.compile(*program)  # type: ignore[no-any-return]
    except Exception:  # noqa: BLE001 - another build's program: compile it the usual way
        return re.compile(program[0], program[1])
