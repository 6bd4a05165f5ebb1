"""Calling a planned entry with a workspace the runtime keeps: `WorkspaceEntry`.

A module lowered with ``plan-memory`` exports, for entry ``f``, ``f_workspace_size(args)`` (the
bytes the plan needs for these inputs) and ``f_with_workspace(args, ws)``. `WorkspaceEntry`
replaces ``f`` in a `CompiledModule`: each call asks for the size, reuses this thread's
workspace when it is large enough (else allocates a new 64-byte aligned one) and calls
``f_with_workspace``; so repeated calls at the same sizes allocate nothing for intermediates.

``LLH_POISON_WORKSPACE`` (read at each call): ``1``/``ff`` fills the workspace with 0xFF bytes
(a NaN in every float lane, -1 in every integer) before the call, ``nan`` with float32 quiet NaNs;
a correct plan never reads a byte it has not written, so results do not change.

What does not live here: the entry calling convention (``entry.py``).
"""

from __future__ import annotations

import os
import threading
from typing import Any

import numpy as np

from llh_opt.runtime.entry import EntryPoint

__all__ = ["POISON_ENV", "WorkspaceEntry", "poison_workspace"]

POISON_ENV = "LLH_POISON_WORKSPACE"
ALIGNMENT = 64


def poison_workspace(ws: np.ndarray, mode: str | None) -> None:
    """Fill `ws` per `mode` (the value of ``LLH_POISON_WORKSPACE``; empty/``0``: untouched)."""
    mode = (mode or "").strip().lower()
    if mode in ("", "0", "false", "no", "off"):
        return
    if mode == "nan":
        whole = ws[: ws.size - ws.size % 4].view(np.float32)
        whole.fill(np.nan)
        ws[whole.size * 4 :] = -1
        return
    ws.fill(-1)  # 0xFF


class WorkspaceEntry:
    """Entry `f` called through `f_with_workspace` with a reused, per-thread workspace."""

    __slots__ = ("body", "entry", "size", "_local")

    def __init__(self, entry: EntryPoint, body: EntryPoint, size: EntryPoint) -> None:
        self.entry = entry
        self.body = body
        self.size = size
        self._local = threading.local()

    @property
    def signature(self) -> Any:
        return self.entry.signature

    @property
    def name(self) -> str:
        return self.entry.name

    def __repr__(self) -> str:
        return f"<EntryPoint {self.name} (planned workspace)>"

    def workspace_size(self, *args: Any) -> int:
        return int(self.size(*args))

    def workspace(self, nbytes: int) -> np.ndarray:
        """This thread's workspace, at least `nbytes` long, 64-byte aligned (int8)."""
        ws = getattr(self._local, "ws", None)
        if ws is None or ws.size < nbytes:
            raw = np.empty(max(nbytes, 1) + ALIGNMENT, np.int8)
            shift = (-raw.ctypes.data) % ALIGNMENT
            ws = raw[shift : shift + max(nbytes, 1)]
            self._local.ws = ws
        return ws

    def __call__(self, *args: Any) -> Any:
        if len(args) != len(self.signature.args):
            return self.entry(*args)  # the plain entry reports the arity error
        n = self.workspace_size(*args)
        ws = self.workspace(n)
        poison_workspace(ws, os.environ.get(POISON_ENV))
        return self.body(*args, ws)


def with_workspaces(entries: dict[str, Any]) -> dict[str, Any]:
    """`entries` with each planned entry replaced by its `WorkspaceEntry`."""
    out = dict(entries)
    for name, e in entries.items():
        body = entries.get(f"{name}_with_workspace")
        size = entries.get(f"{name}_workspace_size")
        if (
            isinstance(e, EntryPoint)
            and isinstance(body, EntryPoint)
            and isinstance(size, EntryPoint)
        ):
            out[name] = WorkspaceEntry(e, body, size)
    return out
