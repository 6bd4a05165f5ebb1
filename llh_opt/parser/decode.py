"""Decoding the text of coarse tokens: memoized, by small regexes, else by the grammar.

What lives here: `DecodeMixin`, turning the text of a coarse token (`tensor<...>`, `: (...) ->
...`, `<{...}>`, `{...}`, `dense<...>`, `array<...>`, `strided<...>`, `loc(...)`) or of one
attribute/type inside it into IR values. Every decoder first looks the text up in a cache (per
parse; texts that cannot involve aliases or dialect hooks — no `#`, no `!` — also in a process-wide
cache), then tries a regex fast path for the common shapes, and otherwise parses the text with the
grammar rule of the same construct (`Builder.sub_parse`), which also reports every error.
What does not: what the values mean (``attrs.py``) or the grammar itself.
"""

from __future__ import annotations

from sys import intern

from typing import Any

from llh_opt.ir.attributes import (
    ArrayAttr,
    Attribute,
    BoolAttr,
    DictionaryAttr,
    FileLineColLoc,
    StridedLayoutAttr,
    StringAttr,
    TypeAttr,
    UnitAttr,
    UnknownLoc,
)
from llh_opt.ir.types import DYNAMIC, FunctionType, RankedTensorType, Type
from llh_opt.parser.errors import ParseError
from llh_opt.parser.lexemes import (
    ARRAY_FAST_RE,
    ARROW_RE,
    ATOM_RE,
    BLANKS_RE,
    DENSE_FAST_RE,
    DICT_KEY_RE,
    LIST_ITEM_RE,
    PLAIN_STRING_ITEM_RE,
    SINGLE_STRING_PROPS_RE,
    LOC_ALIAS_RE,
    LOC_FILE_RE,
    NUMBER_RE,
    SIMPLE_SCALAR_RE,
    STRIDED_FAST_RE,
    STRING_ATTR_RE,
    SYMBOL_REF_RE,
    TENSOR_FAST_RE,
)

_GLOBAL_LIMIT = 1 << 12
"""Entries a process-wide cache keeps (it starts over when full): they only serve later parses
(`--split-input-file` chunks, `parse_type`), and texts unique to one file (`weight_file = "w7.npy"`,
`loc(...)`) must not stay alive for the life of the process (issue 13's peak RSS)."""
_PARSE_LIMIT = 1 << 13
"""Entries a per-parse cache (`BoundedCache`) keeps before it starts over."""
_global_types: dict[str, Type] = {}
_global_attrs: dict[str, Any] = {}
_global_groups: dict[str, Any] = {}
_dims_cache: dict[str, tuple[int, ...]] = {}

_BUILTIN_TYPE_HEADS = frozenset(("tensor", "vector", "memref", "complex", "tuple"))


def _context_free(text: str) -> bool:
    return "#" not in text and "!" not in text


def _remember(cache: dict[str, Any], text: str, value: Any) -> None:
    if len(cache) >= _GLOBAL_LIMIT:
        cache.clear()
    cache[text] = value


class BoundedCache(dict):  # type: ignore[type-arg]
    """A per-parse text → value memo that starts over once it holds `_PARSE_LIMIT` entries: the
    texts that repeat (types, common property groups) come back at once, the ones that never
    repeat (file names, locations) no longer live until the end of the parse. Lookups are the
    plain `dict.get`; only insertion (a miss) pays for the check."""

    __slots__ = ()

    def __setitem__(self, key: str, value: Any) -> None:
        if len(self) >= _PARSE_LIMIT:
            self.clear()
        dict.__setitem__(self, key, value)


def _dims(prefix: str) -> tuple[int, ...] | None:
    """The dimensions of a `4x?x` prefix; None when one may not fit int64 (the grammar then
    reports MLIR's "invalid dimension")."""
    d = _dims_cache.get(prefix)
    if d is None:
        parts = prefix.split("x")[:-1]
        if any(len(p) > 18 for p in parts):
            return None
        d = tuple(DYNAMIC if p == "?" else int(p) for p in parts)
        _dims_cache[prefix] = d
    return d


class _Failed(Exception):
    """A fast path gave up: the grammar decides."""


class DecodeMixin:
    """Decoders for coarse tokens (see the module docstring)."""

    # ------------------------------------------------------------------ types

    def decode_type(self, text: str, off: int) -> Type:
        """A `tensor<...>`/`vector<...>`/`memref<...>`/`complex<...>`/`tuple<...>` token."""
        t = self.type_cache.get(text)
        if t is not None:
            return t
        free = _context_free(text)
        if free:
            t = _global_types.get(text)
            if t is not None:
                self.type_cache[text] = t
                return t
        t = self._tensor_fast(text, off)
        if t is None:
            t = self.sub_parse(text, "fine", off)
        self.type_cache[text] = t
        if free:
            _remember(_global_types, text, t)
        return t

    def _tensor_fast(self, text: str, off: int) -> Type | None:
        m = TENSOR_FAST_RE.match(text)
        if m is None:
            return None
        from llh_opt.parser.attrs import scalar_type

        elt = scalar_type(m.group(2))
        if elt is None:
            return None
        enc_text = m.group(3)
        enc = None
        if enc_text is not None:
            if ATOM_RE.fullmatch(enc_text) is None:
                return None
            enc = self.attr_cache.get(enc_text)
            if enc is None:
                enc = self.attr_cache[enc_text] = self.make_hash_attr(enc_text, off + m.start(3))
        dims = _dims(m.group(1))
        if dims is None:
            return None
        return RankedTensorType(dims, elt, enc)

    def type_text(self, text: str, off: int) -> Type:
        """Any one type spelled by `text` (found at absolute `off`)."""
        t = self.type_cache.get(text)
        if t is not None:
            return t
        from llh_opt.parser.attrs import scalar_type

        t = scalar_type(text)
        if t is None:
            lt = text.find("<")
            head = text[:lt] if lt > 0 else ""
            if head in _BUILTIN_TYPE_HEADS and text.endswith(">"):
                t = self.decode_type(text, off)
            elif text.startswith("!") and ATOM_RE.fullmatch(text):
                t = self.make_dialect_type(text, off)
            else:
                t = self.sub_parse(text, "type", off)
        self.type_cache[text] = t
        return t

    def decode_functype(self, text: str, off: int) -> FunctionType:
        """A generic op's `: (inputs) -> results` token."""
        ft = self.group_cache.get(text)
        if ft is not None:
            return ft
        free = _context_free(text)
        if free:
            ft = _global_groups.get(text)
            if ft is not None:
                self.group_cache[text] = ft
                return ft
        ft = self._functype_fast(text, off)
        if ft is None:
            ft = self.sub_parse(text, "fine", off)
        self.group_cache[text] = ft
        if free:
            _remember(_global_groups, text, ft)
        return ft

    def _functype_fast(self, text: str, off: int) -> FunctionType | None:
        """`: (A, B) -> C` / `-> (C, D)` where every type is one atom (no function types)."""
        i = text.find("(") + 1
        if i == 0:
            return None
        ins, i = self._type_atoms(text, i, off)
        if ins is None:
            return None
        m = ARROW_RE.match(text, i)
        if m is None:
            return None
        i = m.end()
        if text.startswith("(", i):
            outs, i = self._type_atoms(text, i + 1, off)
            if outs is None:
                return None
        else:
            a = ATOM_RE.match(text, i)
            if a is None or text[i] == "#":
                return None
            outs = (self.type_text(a.group(), off + i),)
            i = a.end()
        if i != len(text):
            return None
        return FunctionType(ins, outs)

    def _type_atoms(self, text: str, i: int, off: int) -> tuple[Any, int]:
        """The atoms of a parenthesized type list starting after its `(`, and the offset after
        its `)`; (None, i) if it is not such a list."""
        out = []
        blanks = BLANKS_RE.match
        i = blanks(text, i).end()
        if text.startswith(")", i):
            return (), i + 1
        while True:
            a = ATOM_RE.match(text, i)
            if a is None or text[i] == "#":
                return None, i
            out.append(self.type_text(a.group(), off + i))
            i = blanks(text, a.end()).end()
            ch = text[i : i + 1]
            if ch == ")":
                return tuple(out), i + 1
            if ch != ",":
                return None, i
            i = blanks(text, i + 1).end()

    # ------------------------------------------------------------------ dictionaries

    def decode_props(self, text: str, off: int) -> tuple[tuple[str, Attribute], ...]:
        """A `<{...}>` token: its (name, attribute) pairs."""
        single = SINGLE_STRING_PROPS_RE.match(text)
        if single is not None:
            return ((intern(single.group(1)), StringAttr(single.group(2))),)
        items = self.group_cache.get(text)
        if items is not None:
            return items
        free = _context_free(text)
        if free:
            items = _global_groups.get(text)
            if items is not None:
                self.group_cache[text] = items
                return items
        try:
            items = self._entries(text, 2, len(text) - 2, off)
        except _Failed:
            items = tuple(self.sub_parse(text, "fine", off))
        self.group_cache[text] = items
        if free:
            _remember(_global_groups, text, items)
        return items

    def decode_dict(self, text: str, off: int) -> DictionaryAttr:
        """A `{...}` token."""
        d = self.attr_cache.get(text)
        if d is not None:
            return d
        free = _context_free(text)
        if free:
            d = _global_attrs.get(text)
            if d is not None:
                self.attr_cache[text] = d
                return d
        try:
            d = DictionaryAttr(self._entries(text, 1, len(text) - 1, off))
        except _Failed:
            d = self.sub_parse(text, "fine", off)
        self.attr_cache[text] = d
        if free:
            _remember(_global_attrs, text, d)
        return d

    def _entries(
        self, text: str, start: int, end: int, off: int
    ) -> tuple[tuple[str, Attribute], ...]:
        """The entries of a dictionary body `text[start:end]` (fast path; `_Failed` otherwise)."""
        out = []
        seen = set()
        pos = start
        comma = True
        key_match = DICT_KEY_RE.match
        item_match = LIST_ITEM_RE.match
        plain_string = PLAIN_STRING_ITEM_RE.match
        attr_text = self.attr_text
        while True:
            while pos < end and text[pos] in " \t\r\n":
                pos += 1
            if pos >= end:
                if out and comma:
                    raise _Failed
                break
            if not comma:
                raise _Failed
            m = key_match(text, pos, end)
            if m is None:
                raise _Failed
            key = m.group(1)
            if key[0] == '"':
                if "\\" in key:
                    raise _Failed
                key = key[1:-1]
                if not key:
                    raise _Failed
            if key in seen:
                raise _Failed
            seen.add(key)
            if m.group(2):
                v = plain_string(text, m.end(), end)
                if v is not None:
                    # Mostly distinct (file names, symbol names): not worth the text caches.
                    out.append((key, StringAttr(v.group(1))))
                    comma = v.group(2) is not None
                    pos = v.end()
                    continue
                v = item_match(text, m.end(), end)
                vtext = v.group(1).rstrip() if v is not None else ""
                if not vtext:
                    raise _Failed
                value: Attribute = attr_text(vtext, off + v.start(1))
                comma = bool(v.group(2))
                pos = v.end()
            else:
                value = UnitAttr()
                pos = m.end()
                comma = text.startswith(",", pos)
                if comma:
                    pos += 1
            out.append((key, value))
        return tuple(out)

    # ------------------------------------------------------------------ attributes

    def attr_text(self, text: str, off: int) -> Attribute:
        """One attribute spelled by `text` (found at absolute `off`)."""
        a = self.attr_cache.get(text)
        if a is not None:
            return a
        free = _context_free(text)
        if free:
            a = _global_attrs.get(text)
            if a is not None:
                self.attr_cache[text] = a
                return a
        try:
            a = self._attr_fast(text, off)
        except _Failed:
            a = None
        except ParseError:
            a = None
        if a is None:
            a = self.sub_parse(text, "attr", off)
        self.attr_cache[text] = a
        if free:
            _remember(_global_attrs, text, a)
        return a

    def _attr_fast(self, text: str, off: int) -> Attribute | None:
        c = text[0]
        if c == '"':
            m = STRING_ATTR_RE.match(text)
            if m is None:
                return None
            ty = self.type_text(m.group(2), off + m.start(2)) if m.group(2) else None
            if ty is not None and str(ty) == "none":
                ty = None
            return StringAttr(self.unescape(m.group(1), off), ty)
        if c == "-" or c.isdigit():
            m = NUMBER_RE.match(text)
            if m is None:
                return None
            ty = self.type_text(m.group(3), off + m.start(3)) if m.group(3) else None
            if m.group(1) is None:
                return self.make_int(m.group(2), off, ty)
            return self.make_float(m.group(1), off, ty, 0)
        if c == "#":
            if ATOM_RE.fullmatch(text) is None:
                return None
            return self.make_hash_attr(text, off)
        if c == "@":
            if SYMBOL_REF_RE.match(text) is None:
                return None
            return self.make_symbol_ref(text, off)
        if c == "[":
            if not text.endswith("]"):
                return None
            return ArrayAttr(self._items(text, 1, len(text) - 1, off))
        if c == "{":
            if not text.endswith("}"):
                return None
            return DictionaryAttr(self._entries(text, 1, len(text) - 1, off))
        if text == "true":
            return BoolAttr(True)
        if text == "false":
            return BoolAttr(False)
        if text == "unit":
            return UnitAttr()
        if text.startswith("array<"):
            return self.decode_dense_array(text, off)
        if text.startswith("dense<"):
            m = DENSE_FAST_RE.match(text)
            if m is None:
                return None
            body_end = m.end(1) + 1
            lit = self.decode_dense_body(text[:body_end], off)
            return self.make_dense(lit, self.type_text(m.group(2), off + m.start(2)))
        if text.startswith("strided<"):
            return self.decode_strided(text, off)
        if text.startswith("affine_map<"):
            return self.make_affine_map(text, off)
        if text.startswith("loc("):
            return None
        if ATOM_RE.fullmatch(text) is not None:
            return TypeAttr(self.type_text(text, off))
        return None

    def _items(self, text: str, start: int, end: int, off: int) -> tuple[Attribute, ...]:
        out = []
        pos = start
        comma = True
        while True:
            while pos < end and text[pos] in " \t\r\n":
                pos += 1
            if pos >= end:
                if out and comma:
                    raise _Failed
                break
            if not comma:
                raise _Failed
            m = LIST_ITEM_RE.match(text, pos, end)
            item = m.group(1).rstrip() if m is not None else ""
            if not item:
                raise _Failed
            out.append(self.attr_text(item, off + m.start(1)))
            comma = bool(m.group(2))
            pos = m.end()
        return tuple(out)

    # ------------------------------------------------------------------ dense, array, strided

    def decode_dense_body(self, text: str, off: int) -> Any:
        """A `dense<...>` token (without its type): a `DenseLiteral`."""
        from llh_opt.parser.attrs import DenseList, DenseLiteral

        body = text[6:-1]
        end = off + len(text)
        m = SIMPLE_SCALAR_RE.match(body)
        if m is not None:
            kind = m.lastindex
            lit = m.group(kind)
            ttype = ("INT_LIT", "FLOAT_LIT", "TRUE_KW")[kind - 1]
            if kind == 3 and lit == "false":
                ttype = "FALSE_KW"
            return DenseLiteral(self.make_leaf(ttype, lit, off + 6 + m.start(kind)), off, end)
        stripped = body.strip()
        if (
            stripped.startswith("[")
            and stripped.endswith("]")
            and "[" not in stripped[1:]
            and ("(" not in stripped and '"' not in stripped)
        ):
            lst = DenseList()
            inner_start = off + 6 + body.index("[") + 1
            pos = 0
            inner = stripped[1:-1]
            if inner.strip():
                for part in inner.split(","):
                    m = SIMPLE_SCALAR_RE.match(part)
                    if m is None:
                        break
                    kind = m.lastindex
                    lit = m.group(kind)
                    ttype = ("INT_LIT", "FLOAT_LIT", "TRUE_KW")[kind - 1]
                    if kind == 3 and lit == "false":
                        ttype = "FALSE_KW"
                    lst.append(self.make_leaf(ttype, lit, inner_start + pos + m.start(kind)))
                    pos += len(part) + 1
                else:
                    lst.end = inner_start + len(inner)
                    return DenseLiteral(lst, off, end)
            else:
                lst.end = inner_start
                return DenseLiteral(lst, off, end)
        return self.sub_parse(text, "fine", off)

    def decode_dense_array(self, text: str, off: int) -> Attribute:
        """An `array<T: ...>` token."""
        a = self.attr_cache.get(text)
        if a is not None:
            return a
        m = ARRAY_FAST_RE.match(text)
        a = None
        if m is not None:
            from llh_opt.parser.attrs import scalar_type

            et = scalar_type(m.group(1))
            items: list[tuple[str, str, int]] | None = []
            body = m.group(2)
            if et is not None and body is not None:
                pos = off + m.start(2)
                for part in body.split(","):
                    s = SIMPLE_SCALAR_RE.match(part)
                    if s is None:
                        items = None
                        break
                    kind = s.lastindex
                    lit = s.group(kind)
                    ttype = ("INT_LIT", "FLOAT_LIT", "TRUE_KW")[kind - 1]
                    if kind == 3 and lit == "false":
                        ttype = "FALSE_KW"
                    items.append((ttype, lit, pos + s.start(kind)))
                    pos += len(part) + 1
            if et is not None and items is not None:
                try:
                    a = self.make_dense_array(et, items, off + m.start(1))
                except ParseError:
                    a = None
        if a is None:
            a = self.sub_parse(text, "fine", off)
        self.attr_cache[text] = a
        return a

    def decode_strided(self, text: str, off: int) -> Attribute:
        m = STRIDED_FAST_RE.match(text)
        if m is not None:
            parts = [p.strip() for p in m.group(1).split(",")] if m.group(1).strip() else []
            try:
                strides = tuple(DYNAMIC if p == "?" else int(p) for p in parts)
                o = m.group(2)
                offset = 0 if o is None else (DYNAMIC if o == "?" else int(o))
                return StridedLayoutAttr(offset, strides)
            except ValueError:
                pass
        return self.sub_parse(text, "fine", off)

    # ------------------------------------------------------------------ locations

    def decode_loc(self, text: str, off: int) -> Any:
        """A `loc(...)` token: a location, or a `DeferredLoc` for a not-yet-defined alias."""
        loc = self.attr_cache.get(text)
        if loc is not None:
            return loc
        m = LOC_ALIAS_RE.match(text)
        if m is not None and "." not in m.group(1):
            return self.loc_from_alias(m.group(1)[1:], off + m.start(1))
        m = LOC_FILE_RE.match(text)
        if (
            m is not None
            and "\\" not in m.group(1)
            and len(m.group(2)) < 10
            and len(m.group(3)) < 10
        ):
            loc = FileLineColLoc(m.group(1)[1:-1], int(m.group(2)), int(m.group(3)))
        elif text == "loc(unknown)":
            loc = UnknownLoc()
        else:
            loc = self.sub_parse(text, "fine", off)
            if not isinstance(loc, Attribute):
                return loc
        self.attr_cache[text] = loc
        return loc


__all__ = ["DecodeMixin"]
