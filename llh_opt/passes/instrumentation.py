"""Pass instrumentation output in mlir-opt's (LLVM 22) formats: IR dump banners and the
`--mlir-print-ir-tree-dir` file tree, the change fingerprint of `--mlir-print-ir-after-change`,
the `--mlir-pass-statistics` report, and crash reproducers (`--mlir-pass-pipeline-crash-reproducer`).

Imported by the pass manager only when one of those flags is on (start-up time). Running passes
and deciding *when* to print is ``pass_manager.py``'s job; the printer is ``printer.py``.
Formats follow ``mlir/lib/Pass/{IRPrinting,PassStatistics,PassCrashRecovery}.cpp``.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from llh_opt.ir.core import Operation
    from llh_opt.passes.registry import Pass

__all__ = [
    "dump_banner",
    "fingerprint",
    "parse_reproducer",
    "reproducer_text",
    "statistics_report",
    "symbol_name",
    "tree_dump_path",
]

_RULE = "===" + "-" * 73 + "==="


# --------------------------------------------------------------------------- IR dumps


def symbol_name(op: Operation) -> str | None:
    """The op's `sym_name` (property or attribute), if it is a string."""
    sym = op.properties.get("sym_name") or op.attributes.get("sym_name")
    value = getattr(sym, "value", None)
    return value if isinstance(value, str) else None


def dump_banner(when: str, p: Pass, op: Operation, failed: bool, module_scope: bool) -> str:
    """`// -----// IR Dump After CSE (cse) //----- //`, `... After CSE Failed (cse) ...`, with
    `('func.func' operation: @f)` before the closing rule under module scope."""
    head = f"// -----// IR Dump {when} {p.display_name()}"
    if failed:
        head += " Failed"
    head += f" ({p.NAME})"
    if module_scope:
        head += f" ('{op.name}' operation"
        sym = symbol_name(op)
        if sym is not None:
            head += f": @{sym}"
        head += ")"
    return head + " //----- //\n"


def tree_dump_path(root: str, op: Operation, pass_name: str, counters: dict[int, int]) -> str:
    """The file `--mlir-print-ir-tree-dir` writes a dump of `op` to: one directory per ancestor
    (`builtin_module_no-symbol-name/func_func_f/`) and `<counters>_<pass>.mlir`, where each
    ancestor contributes how many dumps it has had (the op's own count is bumped first)."""
    key = id(op)
    counters[key] = counters.get(key, -1) + 1
    parts: list[str] = []
    counts: list[str] = []
    it: Operation | None = op
    while it is not None:
        counts.append(str(counters.setdefault(id(it), 0)))
        sym = symbol_name(it)
        parts.append(
            it.name.replace(".", "_") + "_" + (sym if sym is not None else "no-symbol-name")
        )
        it = it.parent_op
    parts.reverse()
    counts.reverse()
    return os.path.join(root, *parts, "_".join(counts) + "_" + pass_name + ".mlir")


def fingerprint(op: Operation) -> int:
    """MLIR's `OperationFingerPrint`: identity of every nested op, its parent, attributes,
    properties, blocks and their arguments, location, operands, successors and result types.
    Equal fingerprints before and after a pass mean it changed nothing."""
    parts: list[Any] = []
    add = parts.append
    stack = [op]
    while stack:
        o = stack.pop()
        add(id(o))
        add(id(o.parent_op) if o is not op else 0)
        add(o.name)
        for k, v in o.attributes.items():
            add(k)
            add(id(v))
        for k, v in o.properties.items():
            add(k)
            add(id(v))
        add(id(o.location))
        for u in o.operand_uses:
            add(id(u.value))
        for s in o.successors:
            add(id(s))
        for r in o.results:
            add(id(r.type))
        for region in o.regions:
            add("(")
            for block in region.blocks:
                add(id(block))
                for a in block.args:
                    add(id(a))
                    add(id(a.type))
                child = block.first
                while child is not None:
                    stack.append(child)
                    child = child.next
    return hash(tuple(parts))


# --------------------------------------------------------------------------- statistics


def _entry(indent: int, name: str, stats: Iterable[tuple[str, str, int]] = ()) -> list[str]:
    lines = [" " * indent + name]
    stats = sorted(stats)
    if not stats:
        return lines
    name_w = max(len(s[0]) for s in stats)
    value_w = max(len(str(s[2])) for s in stats)
    for sname, desc, value in stats:
        lines.append(" " * (indent + 2) + f"(S) {value:>{value_w}} {sname:<{name_w}} - {desc}")
    return lines


def _stats_of(p: Pass) -> list[tuple[str, str, int]]:
    return [(n, d, p.statistics.get(n, 0)) for n, d in type(p).STATISTICS.items()]


def statistics_report(pm: Any, display: str = "pipeline") -> str:
    """`--mlir-pass-statistics`: the banner, then every pass of the pipeline with its counters
    (`pipeline`: nested as run, passes without statistics included; `list`: merged by pass name,
    sorted, only passes that declare statistics), then an empty line."""
    from llh_opt.passes.pass_manager import OpPassManager
    from llh_opt.passes.registry import Pass

    title = "... Pass statistics report ..."
    lines = [_RULE, " " * ((80 - len(title)) // 2) + title, _RULE]
    if display == "list":
        merged: dict[str, dict[str, tuple[str, int]]] = {}
        stack: list[Any] = list(pm.passes)
        while stack:
            item = stack.pop()
            if isinstance(item, OpPassManager):
                stack.extend(item.passes)
                continue
            if not type(item).STATISTICS:
                continue
            entry = merged.setdefault(item.display_name(), {})
            for sname, desc, value in _stats_of(item):
                old = entry.get(sname, (desc, 0))
                entry[sname] = (desc, old[1] + value)
        for name in sorted(merged):
            stats = [(s, d, v) for s, (d, v) in merged[name].items()]
            lines.extend(_entry(2, name, stats))
    elif display == "pipeline":

        def walk(items: list[Any], indent: int) -> None:
            # Adjacent nested pass managers form one adaptor, as when they run.
            i = 0
            while i < len(items):
                item = items[i]
                if isinstance(item, Pass):
                    lines.extend(_entry(indent, item.display_name(), _stats_of(item)))
                    i += 1
                    continue
                group: dict[str, list[Any]] = {}
                while i < len(items) and isinstance(items[i], OpPassManager):
                    group.setdefault(items[i].anchor, []).extend(items[i].passes)
                    i += 1
                inner = indent
                if len(group) > 1:
                    anchors = ", ".join(f"'{a}'" for a in sorted(group))
                    lines.append(" " * indent + f"Pipeline Collection : [{anchors}]")
                    inner += 2
                for anchor in sorted(group, key=lambda a: (a == "any", a)):
                    lines.append(" " * inner + f"'{anchor}' Pipeline")
                    walk(group[anchor], inner + 2)

        walk(list(pm.passes), 0)
    else:
        raise ValueError(f"unknown statistics display '{display}' (expected list or pipeline)")
    return "\n".join(lines) + "\n\n"


# --------------------------------------------------------------------------- crash reproducers


def reproducer_text(
    module_text: str, pipeline: str, disable_threading: bool, verify_each: bool
) -> str:
    """An MLIR reproducer: the IR, then its `mlir_reproducer` external resource."""
    esc = _escape(pipeline)
    return (
        module_text
        + "\n{-#\n  external_resources: {\n    mlir_reproducer: {\n"
        + f'      pipeline: "{esc}",\n'
        + f"      disable_threading: {'true' if disable_threading else 'false'},\n"
        + f"      verify_each: {'true' if verify_each else 'false'}\n"
        + "    }\n  }\n#-}\n"
    )


_METADATA_START = re.compile(r"^[ \t]*\{-#", re.MULTILINE)
"""Where a `{-# ... #-}` file metadata dictionary starts (on its own line, not in a comment)."""


def _escape(text: str) -> str:
    """llvm::printEscapedString: printable ASCII but `"` as is, `\\` doubled, the rest `\\XX`."""
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif " " <= ch <= "~" and ch != '"':
            out.append(ch)
        else:
            out.extend(f"\\{b:02X}" for b in ch.encode("utf-8", "surrogateescape"))
    return "".join(out)


_HEX = "0123456789abcdefABCDEF"


def _read_string(body: str, pos: int) -> tuple[str, int]:
    """The MLIR string literal starting at the `"` at `pos` (escapes decoded), and the position
    after its closing quote."""
    n = len(body)
    buf = bytearray()
    j = pos + 1
    while j < n and body[j] != '"':
        ch = body[j]
        if ch == "\\" and j + 1 < n:
            nxt = body[j + 1]
            if nxt in _HEX and j + 2 < n and body[j + 2] in _HEX:
                buf.append(int(body[j + 1 : j + 3], 16))
                j += 3
                continue
            buf.extend({"n": b"\n", "t": b"\t"}.get(nxt, nxt.encode("utf-8", "surrogateescape")))
            j += 2
            continue
        buf.extend(ch.encode("utf-8", "surrogateescape"))
        j += 1
    if j >= n:
        raise ReproducerError("unterminated string in the file metadata")
    return buf.decode("utf-8", "surrogateescape"), j + 1


def _metadata_end(text: str, pos: int) -> int:
    """Where the `#-}` closing the metadata opened before `pos` is (strings skipped), or -1."""
    n = len(text)
    while pos < n:
        if text[pos] == '"':
            _, pos = _read_string(text, pos)
            continue
        if text.startswith("#-}", pos):
            return pos
        pos += 1
    return -1


class ReproducerError(ValueError):
    """A `{-# ... #-}` section `--run-reproducer` cannot use."""


def parse_reproducer(text: str) -> tuple[str, dict[str, Any] | None]:
    """Split a file into (IR text, the `mlir_reproducer` settings or None). The `{-# #-}` file
    metadata block is blanked out (newlines kept, so diagnostics keep their positions)."""
    starts = [m.start() for m in _METADATA_START.finditer(text)]
    if not starts:
        return text, None
    start = starts[-1]
    end = _metadata_end(text, text.index("{-#", start) + 3)
    if end < 0:
        raise ReproducerError("expected '#-}' to end the file metadata dictionary")
    body = text[start + 3 : end]
    ir = text[:start] + "".join(c if c == "\n" else " " for c in text[start : end + 3])
    ir += text[end + 3 :]
    idx = body.find("mlir_reproducer")
    if idx < 0:
        return ir, None
    pos = body.find("{", idx)
    if pos < 0:
        raise ReproducerError("malformed 'mlir_reproducer' resource")
    pos += 1
    settings: dict[str, Any] = {}
    n = len(body)
    while True:
        while pos < n and body[pos] in " \t\r\n,":
            pos += 1
        if pos >= n:
            raise ReproducerError("expected '}' to end the 'mlir_reproducer' resource")
        if body[pos] == "}":
            break
        colon = body.find(":", pos)
        if colon < 0:
            raise ReproducerError("malformed 'mlir_reproducer' resource")
        key = body[pos:colon].strip()
        pos = colon + 1
        while pos < n and body[pos] in " \t\r\n":
            pos += 1
        if body.startswith('"', pos):
            settings[key], pos = _read_string(body, pos)
        else:
            j = pos
            while j < n and body[j] not in ",}\n":
                j += 1
            word = body[pos:j].strip()
            if word not in ("true", "false"):
                raise ReproducerError(f"unexpected value '{word}' for '{key}' in mlir_reproducer")
            settings[key] = word == "true"
            pos = j
    if "pipeline" not in settings:
        raise ReproducerError("expected 'pipeline' in the 'mlir_reproducer' resource")
    return ir, settings
