"""The lit corpus as test data: the `.mlir` files under ``test/`` (outside `Output/` and
`Inputs/`) and their `// -----` chunks, for the unit tests that run something over all of them."""

from __future__ import annotations

from pathlib import Path

from .paths import TEST_ROOT


FILES = sorted(
    p for p in TEST_ROOT.rglob("*.mlir") if "Output" not in p.parts and "Inputs" not in p.parts
)


def chunks(path: Path) -> list[tuple[int, str]]:
    """The file's `// -----` chunks with the line each starts on."""
    text = path.read_text(encoding="utf-8")
    out = []
    line = 1
    for chunk in text.split("// -----"):
        out.append((line, chunk))
        line += chunk.count("\n")
    return out
