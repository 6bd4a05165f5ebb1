"""The reference of a dialect's ops, generated from the registered op classes.

`op_reference("llh")` renders one Markdown table row per op — name, summary, operands, results,
properties (kind and default), and what the class implements (folder, canonicalization patterns,
symbolic shape rule) — read from the class declarations (`OPERANDS`, `RESULTS`, `PROPERTIES`,
`fold`/`integer_fn`/..., `get_canonical_patterns`, `infer_symbolic_shape`), so it cannot drift from
the code. The README's op reference is this text (a test compares them) and `llh-opt --show-ops`
prints it.

What does not live here: the op classes (``dialects/llh/``), the CLI flag (``cli.py``).
"""

from __future__ import annotations

from llh_opt.ir.core import OP_CLASSES, Operation

__all__ = ["op_reference"]

_FOLD_HOOKS = ("fold", "integer_fn", "float_fn", "numpy_fn", "reduce_fn")


def _overrides(cls: type[Operation], name: str) -> bool:
    mine = getattr(cls, name, None)
    return mine is not None and mine is not getattr(Operation, name, None)


def _has_patterns(cls: type[Operation]) -> bool:
    get = getattr(cls, "get_canonical_patterns", None)
    if get is None:
        return False
    try:
        return bool(list(get()))
    except TypeError:  # an instance method needing an op
        return True


def _operand(d: object) -> str:
    name = getattr(d, "name", "?")
    desc = getattr(getattr(d, "constraint", None), "description", "") or "any type"
    if getattr(d, "variadic", False):
        name += "…"
    elif getattr(d, "optional", False):
        name += "?"
    return f"`{name}`: {desc}"


def _property(p: object) -> str:
    name = getattr(p, "name", "?")
    desc = getattr(getattr(p, "kind", None), "description", "") or "attribute"
    default = getattr(p, "default", None)
    if default is not None:
        return f"`{name}`: {desc} (default `{default}`)"
    if getattr(p, "optional", False):
        return f"`{name}`?: {desc}"
    return f"`{name}`: {desc}"


def _cell(items: list[str]) -> str:
    return "<br>".join(items) if items else "–"


def op_reference(dialect: str = "llh") -> str:
    """The Markdown table of every registered op of `dialect` (sorted by name)."""
    from llh_opt.dialects import load_all

    load_all()  # every dialect registered

    prefix = dialect + "."
    rows = [
        "| op | summary | operands | results | properties | implements |",
        "|---|---|---|---|---|---|",
    ]
    for name in sorted(n for n in OP_CLASSES if n.startswith(prefix)):
        cls = OP_CLASSES[name]
        impl = []
        if any(_overrides(cls, h) for h in _FOLD_HOOKS):
            impl.append("folder")
        if _has_patterns(cls):
            impl.append("patterns")
        if _overrides(cls, "infer_symbolic_shape"):
            impl.append("shape rule")
        summary = (cls.SUMMARY or "").replace("|", "\\|")
        rows.append(
            f"| `{name}` | {summary} | {_cell([_operand(o) for o in cls.OPERANDS])} | "
            f"{_cell([_operand(r) for r in cls.RESULTS])} | "
            f"{_cell([_property(p) for p in cls.PROPERTIES])} | {', '.join(impl) or '–'} |"
        )
    return "\n".join(rows) + "\n"
