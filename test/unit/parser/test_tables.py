"""The cached parser tables (`llh_opt.parser.tables`) and the compiled-regex cache
(`llh_opt.regex_cache`): the driver over the tables builds what the driver over Lark's own objects
builds, and the caches survive damaged, stale and unwritable files."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from support.paths import REPO_ROOT

from llh_opt import regex_cache
from llh_opt.diagnostics import DiagnosticError
from llh_opt.parser import errors, grammar_loader, parse_source
from llh_opt.parser.builder import Builder
from llh_opt.parser.driver import FastDriver
from llh_opt.parser.tables import FORMAT, TableDriver, load_tables, tables_key
from llh_opt.printer import print_operation


def _outcome(text: str) -> str:
    try:
        module = parse_source(text, "t.mlir", allow_unregistered=True)
    except DiagnosticError as e:
        return "error: " + " | ".join(f"{d.loc} {d.message}" for d in e.diagnostics)
    return print_operation(module, generic=True, debuginfo=True)


def _chunks() -> list[str]:
    out = []
    for area in ("Conformance", "Parser", "Dialect"):
        for path in sorted((REPO_ROOT / "test" / area).rglob("*.mlir")):
            out.extend(path.read_text("utf-8", "surrogateescape").split("// -----"))
    return out


def test_table_driver_builds_what_the_driver_over_lark_builds(monkeypatch) -> None:
    _lark, driver, _builder = grammar_loader.machinery()
    assert isinstance(driver, TableDriver)
    chunks = _chunks()
    assert len(chunks) > 200
    ours = [_outcome(c) for c in chunks]
    fresh = Builder()
    lark = grammar_loader._build(fresh)
    monkeypatch.setattr(grammar_loader, "_MACHINERY", (lark, FastDriver(lark), fresh))
    # Syntax-error wording is learned from example parses keyed by state stacks, and Lark may
    # number its states differently from the process that wrote the cached tables: learn it
    # again for this machinery.
    monkeypatch.setattr(errors, "_STACK_MESSAGES", None)
    theirs = [_outcome(c) for c in chunks]
    assert ours == theirs
    assert any(o.startswith("error: ") for o in ours)  # the error paths were compared too


def _tiny_tables() -> dict:
    return {"format": FORMAT, "rules": [], "terminals": [], "terminal_callbacks": [], "x": 1}


def test_tables_are_built_once_then_read_back(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    builds = []

    def build() -> dict:
        builds.append(1)
        return _tiny_tables()

    assert load_tables("grammar a", object(), build) == _tiny_tables()
    assert load_tables("grammar a", object(), build) == _tiny_tables()
    assert len(builds) == 1
    files = list((tmp_path / "llh-opt").iterdir())
    assert len(files) == 1 and files[0].name.startswith("parser-tables-")
    # Another grammar is another key: built again, kept beside the first.
    load_tables("grammar b", object(), build)
    assert len(builds) == 2
    assert len(list((tmp_path / "llh-opt").iterdir())) == 2


def test_damaged_or_stale_tables_are_rebuilt(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    builds = []

    def build() -> dict:
        builds.append(1)
        return _tiny_tables()

    load_tables("g", object(), build)
    (path,) = (tmp_path / "llh-opt").iterdir()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])  # truncated
    assert load_tables("g", object(), build) == _tiny_tables()
    path.write_bytes(b"\x00garbage")
    assert load_tables("g", object(), build) == _tiny_tables()
    assert len(builds) == 3
    # A builder that grew a method for a rule Lark had no callback for: rebuilt.
    import marshal

    key = tables_key("g")
    stale = dict(_tiny_tables(), rules=[("r", 1, (("n", "region"), False, None, 0))])
    path.write_bytes(marshal.dumps((key, stale)))

    class WithRegion:
        def region(self, c: list) -> None:
            pass

    assert load_tables("g", WithRegion(), build) == _tiny_tables()
    assert len(builds) == 4


def test_unusable_user_cache_falls_back_to_the_temporary_directory(
    tmp_path: Path, monkeypatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # a file: no directory can go under it
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    builds = []
    load_tables("g", object(), lambda: builds.append(1) or _tiny_tables())
    load_tables("g", object(), lambda: builds.append(1) or _tiny_tables())
    assert len(builds) == 1
    assert any((tmp_path / "tmp").glob("llh-opt-*/parser-tables-*"))


def test_a_shared_temporary_directory_open_to_others_is_not_used(
    tmp_path: Path, monkeypatch
) -> None:
    """A fallback directory anyone may write to (made by someone else, say) is neither read
    nor written: its files could have been planted."""
    import os

    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    shared = tmp_path / "tmp" / f"llh-opt-{os.getuid()}"
    shared.mkdir(parents=True)
    shared.chmod(0o777)
    builds = []
    load_tables("g", object(), lambda: builds.append(1) or _tiny_tables())
    load_tables("g", object(), lambda: builds.append(1) or _tiny_tables())
    assert len(builds) == 2  # built each time, from memory
    assert not list(shared.iterdir())


def test_nothing_writable_still_parses(tmp_path: Path, monkeypatch) -> None:
    """No cache directory at all: the tables are built and used from memory."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))  # a file: no directory under it
    monkeypatch.setenv("TMPDIR", str(blocker))
    builds = []
    assert load_tables("g", object(), lambda: builds.append(1) or _tiny_tables()) == (
        _tiny_tables()
    )
    assert builds == [1]


PATTERNS = [
    (r"%([A-Za-z_$.\-][\w$.\-]*)(?:#([0-9]+))?", 0),
    (r"(?P<a>tensor<)(?P<b>[^>]*)>", 0),
    (r"dense<(.*)>\s*:\s*(\S.*?)\s*\Z", re.DOTALL),
    (r"(?i:abc)|[\u00e9-\u00ff]+", 0),
]
SAMPLES = ["%x#2", "%arg0", "tensor<4xf32>", "dense<1> : i32", "ABC", "éè", "", "no match"]


@pytest.mark.parametrize(("pattern", "flags"), PATTERNS)
def test_regex_programs_match_what_re_compiles(pattern: str, flags: int) -> None:
    program = regex_cache.regex_program(pattern, flags)
    assert program is not None
    ours, theirs = regex_cache.load_regex(program), re.compile(pattern, flags)
    assert (ours.pattern, ours.flags, ours.groupindex) == (
        theirs.pattern,
        theirs.flags,
        theirs.groupindex,
    )
    for s in SAMPLES:
        for pos in range(len(s) + 1):
            a, b = ours.match(s, pos), theirs.match(s, pos)
            assert (a and (a.span(), a.groups())) == (b and (b.span(), b.groups()))


def test_a_refused_program_is_compiled_from_its_pattern() -> None:
    program = regex_cache.regex_program(r"a(b+)c", 0)
    assert program is not None
    damaged = (program[0], program[1], [999999, 1, 2], *program[3:])
    compiled = regex_cache.load_regex(damaged)
    m = compiled.match("abbc")
    assert m is not None and m.group(1) == "bb"


def test_stale_tables_of_other_keys_are_pruned_fresh_ones_kept(tmp_path: Path, monkeypatch) -> None:
    import os
    import time

    from llh_opt import user_cache

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    directory = tmp_path / "llh-opt"
    directory.mkdir()
    old = time.time() - user_cache.STALE_SECONDS - 3600
    suffix = f"-py{sys.version_info[0]}{sys.version_info[1]}.bin"
    stale = directory / f"parser-tables-deadbeef-1{suffix}"
    recent = directory / f"parser-tables-feedface-2{suffix}"
    other = directory / "regex-programs-x.bin"
    for p in (stale, recent, other):
        p.write_bytes(b"x")
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    load_tables("g", object(), _tiny_tables)
    names = {p.name for p in directory.iterdir()}
    assert stale.name not in names
    assert recent.name in names and other.name in names
    assert len(names) == 3  # the new file replaced the stale one
    # A file in use is kept fresh when read.
    (new,) = (p for p in directory.iterdir() if p.name not in (recent.name, other.name))
    os.utime(new, (old, old))
    load_tables("g", object(), _tiny_tables)
    assert time.time() - new.stat().st_mtime < 3600


def test_regex_cache_is_written_at_exit_and_bounded(tmp_path: Path, monkeypatch) -> None:
    import marshal

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(regex_cache, "_store", None)
    monkeypatch.setattr(regex_cache, "_new", set())
    monkeypatch.setattr(regex_cache, "_used", set())
    monkeypatch.setattr(regex_cache, "MAX_ENTRIES", 3)
    for p in ("a+", "b+", "c+"):
        assert regex_cache.compile(p).match(p[0] * 2) is not None
    regex_cache._save()  # what the exit hook does
    (path,) = (tmp_path / "llh-opt").iterdir()
    _build, entries = marshal.loads(path.read_bytes())
    assert set(entries) == {("a+", 0), ("b+", 0), ("c+", 0)}
    # A new process: two served from the file, one new pattern -> over the bound: the unused
    # pattern is dropped, the used and the new ones kept.
    monkeypatch.setattr(regex_cache, "_store", None)
    monkeypatch.setattr(regex_cache, "_new", set())
    monkeypatch.setattr(regex_cache, "_used", set())
    assert regex_cache.compile("a+").match("aa") is not None
    assert regex_cache.compile("b+").match("bb") is not None
    assert regex_cache._new == set()  # both were served from the file
    assert regex_cache.compile("d+", re.IGNORECASE).match("DD") is not None
    regex_cache._save()
    _build, entries = marshal.loads(path.read_bytes())
    assert set(entries) == {("a+", 0), ("b+", 0), ("d+", int(re.IGNORECASE))}
