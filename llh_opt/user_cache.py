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

__all__ = ["cache_dirs", "publish", "read"]


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


def read(name: str) -> Iterator[bytes]:
    """The contents of every cache file called `name`, the preferred directory's first."""
    for directory in cache_dirs():
        try:
            with open(os.path.join(directory, name), "rb") as f:
                data = f.read()
        except OSError:
            continue
        yield data


def publish(name: str, data: bytes) -> bool:
    """Write `data` as the cache file `name` in the first directory that takes it (atomically:
    a private file renamed into place); False if none does."""
    for directory in cache_dirs():
        tmp = os.path.join(directory, f".{name}.{os.getpid()}.tmp")
        try:
            os.makedirs(directory, mode=0o700, exist_ok=True)
            with open(tmp, "wb") as f:
                f.write(data)
            os.replace(tmp, os.path.join(directory, name))
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            continue
        return True
    return False
