"""Long fuzz runs of llh-opt, writing minimized reproducers.

    python tools/fuzz/run_fuzz.py --seconds 600 --out fuzz-findings/ [--seed 1] [--mode mix]

Each case is either a mutated chunk of the test corpus (``mutate.py``) run through a random
pipeline of ``check.VALID_PIPELINES``, or a generated valid module (``generate.py``) run through all
of them (``check_valid``). A finding (an internal error, an output that does not re-parse, a
canonicalization that is not a fixed point) is minimized — whole lines dropped, then single tokens,
as long as the same kind of failure remains — and written to ``OUT/finding-<n>.mlir`` with the
flags and the message in a leading comment; a summary line is printed at the end. Every bug found
this way gets a regression test under ``test/`` (the reproducer, minimized, with its expected
diagnostic) once fixed.

What does not live here: the in-CI property test (``test/unit/fuzz/test_fuzz.py``).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from check import VALID_PIPELINES, Finding, check, check_valid  # noqa: E402
from generate import random_module  # noqa: E402
from mutate import _TOKEN, corpus, mutate  # noqa: E402

REPO = HERE.parent.parent


def _kind(f: Finding) -> str:
    return f.message.split(":")[0] + f.message.split(":")[1] if ":" in f.message else f.message


def minimize(f: Finding, budget: float = 60.0) -> Finding:
    """Drop lines, then tokens, while the failure keeps its kind (time-bounded)."""
    deadline = time.monotonic() + budget
    kind = _kind(f)

    def still(text: str) -> Finding | None:
        g = check(text, f.flags) if f.flags != ("--canonicalize", "twice") else check_valid(text)
        return g if g is not None and _kind(g) == kind else None

    best = f
    lines = best.text.split("\n")
    i = 0
    while i < len(lines) and time.monotonic() < deadline:
        trial = lines[:i] + lines[i + 1 :]
        g = still("\n".join(trial))
        if g is not None:
            lines, best = trial, g
        else:
            i += 1
    text = "\n".join(lines)
    toks = list(_TOKEN.finditer(text))
    for t in reversed(toks):
        if time.monotonic() >= deadline:
            break
        trial = text[: t.start()] + text[t.end() :]
        g = still(trial)
        if g is not None:
            text, best = trial, g
    return best


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--out", type=Path, default=Path("fuzz-findings"))
    ap.add_argument("--mode", choices=("mix", "mutate", "generate"), default="mix")
    ap.add_argument("--corpus", type=Path, default=REPO / "test")
    args = ap.parse_args(argv)
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    chunks = corpus(args.corpus)
    deadline = time.monotonic() + args.seconds
    cases = found = 0
    seen: set[str] = set()
    while time.monotonic() < deadline:
        cases += 1
        if args.mode == "generate" or (args.mode == "mix" and rng.random() < 0.2):
            f = check_valid(random_module(rng))
        else:
            f = check(mutate(rng.choice(chunks), rng), rng.choice(VALID_PIPELINES))
        if f is None or _kind(f) in seen:
            continue
        seen.add(_kind(f))
        f = minimize(f)
        found += 1
        args.out.mkdir(parents=True, exist_ok=True)
        path = args.out / f"finding-{found}.mlir"
        path.write_text(f"// llh-opt {' '.join(f.flags)}\n// {f.message}\n{f.text}\n")
        print(f"finding {found}: {f} -> {path}", flush=True)
    print(f"fuzz: {cases} cases in {args.seconds:.0f} s, seed {seed}, {found} distinct findings")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
