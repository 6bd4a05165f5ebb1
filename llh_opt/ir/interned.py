"""The shared base of types and attributes: interned, immutable values that cache their own text.

Each subclass keeps its own intern table (`_cache`, keyed by its defining fields), so equality is
identity. What a value *is* lives in ``types.py`` and ``attributes.py``.
"""

from __future__ import annotations

from typing import Any, ClassVar


class Interned:
    """An interned value whose MLIR spelling (`render(None)`) is computed once."""

    __slots__ = ("_text", "may_alias")
    _cache: ClassVar[dict[Any, Any]]

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._cache = {}

    def _init(self, may_alias: bool = False) -> None:
        self._text: str | None = None
        self.may_alias = may_alias

    def __str__(self) -> str:
        text = self._text
        if text is None:
            text = self._text = self.render(None)
        return text

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"

    def render(self, aliases: dict[Any, str] | None) -> str:
        """The spelling with attribute aliases (`#map`) substituted when `aliases` is given."""
        raise NotImplementedError(type(self).__name__)

    def children(self) -> tuple[Any, ...]:
        """Sub-types and attributes in printing order (used to collect aliases)."""
        return ()

    @classmethod
    def singleton(cls) -> Any:
        """The one instance of a field-less class (`IndexType()`, `UnitAttr()`, ...)."""
        self = cls._cache.get(None)
        if self is None:
            self = object.__new__(cls)
            self._init()
            cls._cache[None] = self
        return self
