"""Where llh-opt keeps files from one run to the next: `cache_dirs()` and `publish()`.

The user's cache directory (``$XDG_CACHE_HOME/llh-opt``, else ``~/.cache/llh-opt``) first, then
a private directory under the temporary one when that is not usable. Files are written whole
under a private name and renamed into place, so processes starting together never read a
half-written one, and a cache that cannot be written is simply not kept.
What does not live here: what the files hold (``regex_cache.py``, ``parser/tables.py``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

__all__ = ["cache_dirs", "keep_fresh", "prune", "publish", "read"]

STALE_SECONDS = 30 * 24 * 3600
"""A cache file untouched this long (its family's newer files taking over) is removed."""
FRESH_SECONDS = 24 * 3600


def cache_dirs() -> Iterator[str]:
    """The directories a cache file may live in, the preferred first."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    yield os.path.join(base, "llh-opt")
    tmp = os.environ.get("TMPDIR")
    if not tmp:
        import tempfile  # only when the user's cache directory was not usable

        tmp = tempfile.gettempdir()
    getuid = getattr(os, "getuid", None)
    yield os.path.join(tmp, f"llh-opt-{getuid() if getuid is not None else 'user'}")


def _private(directory: str) -> bool:
    """Whether `directory` is a real directory of this user that nobody else may write to (a
    directory under the shared temporary one may have been made by someone else)."""
    import stat

    try:
        st = os.lstat(directory)
    except OSError:
        return False
    getuid = getattr(os, "getuid", None)
    return (
        stat.S_ISDIR(st.st_mode)
        and (getuid is None or st.st_uid == getuid())
        and not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def read(name: str) -> Iterator[tuple[str, bytes]]:
    """(path, contents) of every cache file called `name`, the preferred directory's first."""
    for directory in cache_dirs():
        if not _private(directory):
            continue
        path = os.path.join(directory, name)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            continue
        yield path, data


def keep_fresh(path: str) -> None:
    """Mark a cache file as in use (its time is renewed at most daily), so `prune` keeps it."""
    import time

    try:
        if time.time() - os.stat(path).st_mtime > FRESH_SECONDS:
            os.utime(path)
    except OSError:
        pass


def prune(directory: str, prefix: str, suffix: str) -> None:
    """Remove the files `prefix*suffix` of `directory` unused for `STALE_SECONDS` (the caches of
    old grammars and sources)."""
    import time

    now = time.time()
    try:
        names = os.listdir(directory)
    except OSError:
        return
    for name in names:
        if name.startswith(prefix) and name.endswith(suffix):
            path = os.path.join(directory, name)
            try:
                if now - os.stat(path).st_mtime > STALE_SECONDS:
                    os.unlink(path)
            except OSError:
                pass


def publish(name: str, data: bytes) -> str | None:
    """Write `data` as the cache file `name` in the first directory that takes it (atomically:
    a private file renamed into place); that directory, or None if none takes it."""
    for directory in cache_dirs():
        tmp = os.path.join(directory, f".{name}.{os.getpid()}.tmp")
        try:
            os.makedirs(directory, mode=0o700, exist_ok=True)
            if not _private(directory):
                continue
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, os.path.join(directory, name))
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            continue
        return directory
    return None
