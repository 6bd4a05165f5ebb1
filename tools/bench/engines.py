"""Reference engines of the compiled-code benchmarks: torch (eager, torch.compile) and IREE.

What lives here:

* :class:`ResNet18` — ``tools/gen_resnet18.py``'s network as a ``torch.nn.Module`` on the same
  weights (the generator's layer list, walked in ``forward``), for torch eager, torch.compile
  and the IREE export;
* :func:`iree_status` — whether IREE can be used here (``iree.compiler``/``iree.runtime`` from
  the ``iree-base-compiler``/``iree-base-runtime`` wheels, and torch-mlir's FX importer), with the
  reason when not;
* :func:`iree_compile` — a torch module → ``torch.export`` → torch-mlir FX importer (``torch``
  dialect, weights inlined as ``dense_resource``) → ``iree-compile --iree-input-type=torch``
  for ``llvm-cpu`` on the host CPU → a callable on the IREE runtime's ``local-task`` driver with
  a given number of worker threads (``--task_topology_max_group_count``; IREE parses it once
  per process, so every IREE module of one process shares the first count asked for).

What does not live here: timing, checking, reports (the scripts and ``common.py``).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # tools/: gen_resnet18

import gen_resnet18  # noqa: E402

# --------------------------------------------------------------------------- torch


def resnet18_module(params: dict[str, np.ndarray]) -> Any:
    """ResNet-18 as a ``torch.nn.Module`` (eval mode, no grad) on `params`."""
    import torch
    import torch.nn.functional as F

    layers = gen_resnet18._architecture()

    class ResNet18(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            for name, arr in params.items():
                p = torch.nn.Parameter(torch.from_numpy(arr), requires_grad=False)
                self.register_parameter(name, p)

        def forward(self, x: Any) -> Any:
            vals: dict[int, Any] = {-1: x}
            w = dict(self.named_parameters())
            for i, layer in enumerate(layers):
                a = vals[layer.inputs[0]]
                at = layer.attrs
                if layer.kind == "conv":
                    r = F.conv2d(a, w[layer.weights[0]], stride=at["stride"], padding=at["pad"])
                elif layer.kind == "bn":
                    s, b, m, v = (w[n] for n in layer.weights)
                    r = F.batch_norm(a, m, v, s, b, False, 0.1, gen_resnet18.EPS)
                elif layer.kind == "relu":
                    r = F.relu(a)
                elif layer.kind == "maxpool":
                    r = F.max_pool2d(a, at["k"], at["stride"], at["pad"])
                elif layer.kind == "add":
                    r = a + vals[layer.inputs[1]]
                elif layer.kind == "avgpool":
                    r = F.adaptive_avg_pool2d(a, 1)
                elif layer.kind == "flatten":
                    r = torch.flatten(a, 1)
                else:
                    r = F.linear(a, w["fc_w"], w["fc_b"])
                vals[i] = r
            return vals[len(layers) - 1]

    return ResNet18().eval()


def torch_callable(module: Any, threads: int) -> Callable[..., np.ndarray]:
    """numpy in, numpy out through `module` under ``inference_mode`` with `threads` intra-op
    threads (set on every call, so engines with different counts can be interleaved)."""
    import torch

    def run(*arrays: np.ndarray) -> np.ndarray:
        torch.set_num_threads(threads)
        with torch.inference_mode():
            out = module(*(torch.from_numpy(a) for a in arrays))
        return out.numpy()

    return run


def torch_compiled(module: Any, example: np.ndarray, threads: int) -> Callable[..., np.ndarray]:
    """``torch.compile(mode="max-autotune-no-cudagraphs")`` with inductor's ``freezing`` on;
    compiled (and autotuned) by a first call on `example`."""
    import torch
    import torch._inductor.config as inductor_config

    inductor_config.freezing = True
    torch.set_num_threads(threads)
    compiled = torch.compile(module, mode="max-autotune-no-cudagraphs")
    run = torch_callable(compiled, threads)
    run(example)
    return run


# --------------------------------------------------------------------------- IREE


def iree_status() -> str | None:
    """None when IREE can compile and run here, else why not."""
    try:
        import iree.compiler  # noqa: F401
        import iree.runtime  # noqa: F401
    except ImportError as e:
        return f"IREE is not installed ({e}); `pip install iree-base-compiler iree-base-runtime`"
    try:
        import torch_mlir.fx  # noqa: F401
    except ImportError as e:
        return f"torch-mlir's FX importer is missing ({e})"
    if _iree_compile_exe() is None:
        return "no iree-compile executable next to the Python interpreter or on PATH"
    return None


def iree_version() -> str:
    """The installed ``iree-base-compiler`` version (``?`` if unknown)."""
    from importlib import metadata

    try:
        return metadata.version("iree-base-compiler")
    except metadata.PackageNotFoundError:
        return "?"


def _iree_compile_exe() -> str | None:
    exe = Path(sys.executable).with_name("iree-compile")
    if exe.exists():
        return str(exe)
    for venv in ("/work/venv/bin/iree-compile",):
        if Path(venv).exists():
            return venv
    return shutil.which("iree-compile")


IREE_FLAGS = (
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
    "--iree-input-type=torch",
)

_IREE_THREADS: list[int] = []


@dataclass
class IreeModule:
    """A compiled IREE module: its callable and how long importing and compiling took."""

    run: Callable[..., np.ndarray]
    import_seconds: float
    compile_seconds: float
    vmfb_bytes: int
    threads: int


def iree_compile(
    module: Any,
    examples: Sequence[np.ndarray],
    workdir: Path,
    threads: int,
    name: str = "main",
    cache: Path | None = None,
) -> IreeModule:
    """Export `module` at the shapes of `examples`, compile it with IREE for the host CPU and
    load it on the ``local-task`` driver with `threads` workers. With `cache`, an existing
    ``.vmfb`` there is loaded instead (import and compile times then 0) and a new one is kept
    there. Raises RuntimeError with the failing step's message."""
    import iree.runtime as rt

    workdir.mkdir(parents=True, exist_ok=True)
    vmfb = workdir / f"{name}.vmfb"
    t0 = t1 = t2 = time.perf_counter()
    if cache is not None and cache.exists():
        shutil.copyfile(cache, vmfb)
    else:
        import torch
        import torch_mlir.fx as fx

        mlir = workdir / f"{name}.torch.mlir"
        with torch.no_grad():
            imported = fx.export_and_import(
                module,
                *(torch.from_numpy(a) for a in examples),
                output_type="torch",
                func_name=name,
            )
        mlir.write_text(str(imported))
        t1 = time.perf_counter()
        exe = _iree_compile_exe()
        if exe is None:
            raise RuntimeError("iree-compile not found")
        proc = subprocess.run(
            [exe, str(mlir), *IREE_FLAGS, "-o", str(vmfb)], capture_output=True, text=True
        )
        t2 = time.perf_counter()
        if proc.returncode != 0:
            raise RuntimeError(f"iree-compile failed: {proc.stderr.strip()[:500]}")
        if cache is not None:
            cache.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(vmfb, cache)
    if not _IREE_THREADS:
        rt.flags.parse_flags(f"--task_topology_max_group_count={threads}")
        _IREE_THREADS.append(threads)
    config = rt.Config("local-task")
    ctx = rt.SystemContext(config=config)
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb.read_bytes()))
    fn = ctx.modules.module[name]

    def run(*arrays: np.ndarray) -> np.ndarray:
        return np.asarray(fn(*arrays).to_host())

    return IreeModule(run, t1 - t0, t2 - t1, vmfb.stat().st_size, _IREE_THREADS[0])
