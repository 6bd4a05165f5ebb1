"""Mutation of existing MLIR files, for the fuzz harness.

`mutate(text, rng)` applies one to three random edits that keep the text close to valid input, so
the parser, the verifier and the passes are reached rather than rejected at the first token:
delete / duplicate / swap lines, replace a token by another of the file, replace a number by an
extreme one (0, -1, 2^63, a 300-digit integer, 1e400, nan), truncate, insert a delimiter, nest a
line's brackets deeper, or rename an SSA value / symbol. `corpus(root)` lists the `.mlir` files of
a test tree split at `// -----` (each chunk is one input).

What does not live here: generating modules from scratch (``generate.py``), running llh-opt
(``check.py``).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

__all__ = ["corpus", "mutate"]

_TOKEN = re.compile(
    r"%[\w.$-]+|@[\w.$-]+|#[\w.$-]+|\"[^\"\n]*\"|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|\w+|[^\s\w]"
)
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:e[+-]?\d+)?")
_EXTREMES = ("0", "-1", "1", "9223372036854775808", "18446744073709551616", "1" + "0" * 300,
             "1.0e400", "-0.0", "0x7FC00000", "4294967296")  # fmt: skip
_DELIMS = (
    "{",
    "}",
    "(",
    ")",
    "<",
    ">",
    "[",
    "]",
    ",",
    ":",
    "=",
    "->",
    "^bb0",
    "%",
    "@",
    "#",
    '"',
    "?",
    "x",
)


def corpus(root: Path) -> list[str]:
    """Every `// -----` chunk of every `.mlir` file under `root` (sorted, deterministic)."""
    out: list[str] = []
    for path in sorted(root.rglob("*.mlir")):
        try:
            text = path.read_text()
        except (UnicodeDecodeError, OSError):
            continue
        out.extend(c for c in re.split(r"^// -----\s*$", text, flags=re.M) if c.strip())
    return out


def _tokens(text: str) -> list[re.Match[str]]:
    return list(_TOKEN.finditer(text))


def _one(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    kind = rng.randrange(10)
    if kind == 0 and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if kind == 1:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "\n".join(lines)
    if kind == 2 and len(lines) > 1:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    toks = _tokens(text)
    if not toks:
        return text + rng.choice(_DELIMS)
    t = rng.choice(toks)
    if kind == 3:
        other = rng.choice(toks).group()
        return text[: t.start()] + other + text[t.end() :]
    if kind == 4:
        nums = [m for m in toks if _NUMBER.fullmatch(m.group())]
        t = rng.choice(nums) if nums else t
        return text[: t.start()] + rng.choice(_EXTREMES) + text[t.end() :]
    if kind == 5:
        return text[: rng.randrange(len(text) + 1)]
    if kind == 6:
        return text[: t.start()] + rng.choice(_DELIMS) + text[t.start() :]
    if kind == 7:
        return text[: t.start()] + text[t.end() :]
    if kind == 8:  # nest: wrap a bracketed token in more of the same brackets
        depth = rng.choice((2, 10, 50))
        opener, closer = rng.choice((("[", "]"), ("(", ")"), ("<", ">"), ("{", "}")))
        return text[: t.start()] + opener * depth + t.group() + closer * depth + text[t.end() :]
    # rename: every occurrence of one SSA name / symbol becomes another token of the same kind
    named = [m.group() for m in toks if m.group()[0] in "%@"]
    if len(named) < 2:
        return text
    a, b = rng.sample(sorted(set(named)), 2) if len(set(named)) > 1 else (named[0], named[0])
    return re.sub(re.escape(a) + r"(?![\w.$-])", b, text)


def mutate(text: str, rng: random.Random) -> str:
    """`text` after one to three random edits (see the module docstring)."""
    for _ in range(rng.randint(1, 3)):
        text = _one(text, rng)
    return text
