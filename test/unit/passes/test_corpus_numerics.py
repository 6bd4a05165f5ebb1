"""The passes preserve values on the lit corpus: every function of every `// -----` chunk of
``test/**/*.mlir`` that the shared reference interpreter can run (``support/llh_interpreter.py``)
is run on random arguments — every `?` dimension 1, then 3; integer scalars from 1 to 4 — before
and after a pipeline; the results must agree (floats within 1e-5, NaN = NaN, integers exactly).

Functions with more than `MAX_ELEMENTS` argument elements are left out (ResNet-sized examples:
the reference convolution is slow). A function counts only if it runs before the pipeline (unsupported ops, recursion or arguments
outside what the program allows are not expectations). After the pipeline it must still run,
except that its argument types may have been refined (`?` → a static size, inference assuming
equal broadcast dimensions), which excludes arguments the program never admitted. Chunks that
do not parse or verify, and pipelines that fail with a diagnostic, are the other tests' business
(``test_canonicalize_corpus.py``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support.corpus import FILES, TEST_ROOT, chunks
from support.llh_interpreter import Interpreter, InterpreterError
from support.np_reference import same_values

from llh_opt.diagnostics import DiagnosticError
from llh_opt.ir.core import Operation
from llh_opt.ir.types import DYNAMIC, RankedTensorType
from llh_opt.ir.verifier import verify
from llh_opt.parser import parse_source
from llh_opt.passes import PassManager
from llh_opt.symbolic import SymbolAnalysis

SIZES = (1, 3)
MAX_ELEMENTS = 20_000  # per call, over all arguments: keeps ResNet-sized examples out (time)

# Known bugs the property finds: chunk → (pipeline, why). These must keep failing (so that the
# entry is removed with the fix); every other chunk must pass.
KNOWN_FAILURES = {
    "Transforms/canonicalize-folds.mlir:35": (
        "infer-symbolic-shape,encoding-to-bind,canonicalize",
        "scalar symbols ignore the integer width: i8 100 + 100 is bound to @c200, its value is -56",
    ),
}

# Chunks whose inferred IR assumes more than numpy broadcasting does: a `?` dimension broadcast
# against a static size is that size (spec: static beats dynamic), so a size-1 input that numpy
# would broadcast is outside the inferred program's domain. chunk → why.
ASSUMED_DOMAIN = {
    "Lowering/entry-relations.mlir:1": "s0*s1 broadcast against 12 is inferred to be 12",
}

PIPELINES = [
    "canonicalize,cse",
    "inline,symbol-dce",
    "remove-redundant-ops,operation-legalization,transform-layout{target-layout=NHWC}",
    "infer-symbolic-shape,encoding-to-bind,canonicalize",
]


def _arguments(func: Operation, size: int, rng: np.random.Generator) -> list[Any] | None:
    """Random arguments: `?` dimensions are `size`, integer scalars 1..4; None when an argument
    type is not one the interpreter takes."""
    out: list[Any] = []
    for arg in func.regions[0].blocks[0].args:
        t = arg.type
        if isinstance(t, RankedTensorType):
            shape = tuple(size if d == DYNAMIC else d for d in t.shape)
            elt = str(t.element_type)
            if elt in ("f16", "bf16", "f32", "f64"):
                out.append(rng.standard_normal(shape))
            elif elt == "i1":
                out.append(rng.integers(0, 2, shape).astype(bool))
            elif elt in ("i8", "i16", "i32", "i64", "index"):
                out.append(rng.integers(-5, 6, shape))
            else:
                return None
        elif str(t) in ("i32", "i64", "index"):
            out.append(int(rng.integers(1, 5)))
        elif str(t) in ("f32", "f64"):
            out.append(1.5)
        else:
            return None
    return out


def _runs(it: Interpreter, rng: np.random.Generator) -> dict[tuple[str, int], tuple[list, list]]:
    """(function, size) → (arguments, results) for every function that runs."""
    runs = {}
    for name, func in it.functions.items():
        if not func.regions or not func.regions[0].blocks:
            continue
        for size in SIZES:
            args = _arguments(func, size, rng)
            if args is None or sum(np.size(a) for a in args) > MAX_ELEMENTS:
                break
            try:
                runs[(name, size)] = (args, it.call(func, args))
            except InterpreterError:
                continue
    return runs


@pytest.fixture(autouse=True)
def _checks(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("LLH_OPT_CHECK_REWRITES", "1")
    SymbolAnalysis.clear()
    yield
    SymbolAnalysis.clear()


@pytest.mark.parametrize("pipeline", PIPELINES)
def test_pipeline_preserves_values_on_the_corpus(pipeline: str) -> None:
    compared = 0
    failures: list[str] = []
    known = {k for k, (p, _) in KNOWN_FAILURES.items() if p == pipeline}
    for path in FILES:
        for first_line, chunk in chunks(path):
            SymbolAnalysis.clear()
            where = f"{path.relative_to(TEST_ROOT)}:{first_line}"
            try:
                m = parse_source(chunk, str(path), first_line=first_line, allow_unregistered=True)
                verify(m, allow_unregistered=True)
            except DiagnosticError:
                continue
            runs = _runs(Interpreter(m, weight_dir=path.parent), np.random.default_rng(0))
            if not runs:
                continue
            SymbolAnalysis.clear()
            try:
                PassManager.parse(f"builtin.module({pipeline})").run(m)
            except DiagnosticError:
                continue
            after = Interpreter(m, weight_dir=path.parent)
            for (name, size), (args, before) in runs.items():
                if name not in after.functions:  # inlined and erased
                    continue
                try:
                    results = after.call(name, args)
                except InterpreterError as err:
                    if str(err).startswith("argument "):
                        continue  # the pipeline refined the argument types
                    failures.append(f"{where} @{name} (size {size}): no longer runs: {err}")
                    continue
                compared += 1
                if len(results) != len(before) or not all(
                    same_values(a, b, rtol=1e-5, atol=1e-5) for a, b in zip(results, before)
                ):
                    failures.append(f"{where} @{name} (size {size}): {before!r} -> {results!r}")
    failed = {f.partition(" ")[0] for f in failures}
    assert failed >= known, f"known failures now pass, remove them: {sorted(known - failed)}"
    failures = [f for f in failures if f.partition(" ")[0] not in known | set(ASSUMED_DOMAIN)]
    assert not failures, "\n".join(failures)
    # The corpus has hundreds of runnable LLH/arith functions; far fewer means the interpreter or
    # the argument generator stopped working, not that the pipeline is right.
    assert compared >= 200, f"only {compared} functions compared"
