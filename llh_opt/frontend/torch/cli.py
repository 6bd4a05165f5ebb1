"""`llh-import-torch model.py:factory --input 1x3xHxW --dynamic H=W -o model.mlir`.

Loads `model.py`, calls `factory()` (an `nn.Module`, or `(module, example_inputs)`), exports it
with `torch.export` (the module in eval mode, under `torch.no_grad()`), imports the program
(`import_exported_program`) and writes the `.mlir` plus one `.npy` per weight beside it.

Inputs: one `--input` per model input, sizes separated by `x`: a number is a static size, a name
a dynamic one (`torch.export.Dim`); the same name twice is the same size. `--dynamic H=W` ties
names together (one symbol), `--range H=8:1024` bounds a name, `--example H=64` sets the size of
the random example input used for tracing (default: 64, or the range's minimum if larger).
`--dtype` is the element type of the generated example inputs (default float32). When the factory
supplies example inputs, `--input` may be left out (all sizes static) or given to name the
dynamic sizes of those tensors (numbers must match).

Every failure (bad arguments, a model file that does not load, torch.export refusing the model,
an unsupported op) is one `error:` message on stderr and exit status 1, never a traceback; the
output and weights are written only on success.
"""

from __future__ import annotations

import importlib.util
import re
import sys
import traceback
import warnings
from pathlib import Path
from typing import Any

import click

__all__ = ["main"]

_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_DTYPES = ("float32", "float64", "float16", "int64", "int32")


class CliError(Exception):
    pass


def _parse_input(spec: str) -> list[int | str]:
    dims: list[int | str] = []
    for part in spec.split("x") if spec else []:
        part = part.strip()
        if part.isdigit():
            dims.append(int(part))
        elif _NAME.match(part):
            dims.append(part)
        else:
            raise CliError(f"--input {spec!r}: '{part}' is neither a size nor a dimension name")
    if not spec:
        dims = []
    return dims


def _parse_pairs(values: tuple[str, ...], option: str) -> list[tuple[str, str]]:
    out = []
    for v in values:
        if "=" not in v:
            raise CliError(f"{option} {v!r}: expected NAME=VALUE")
        a, b = v.split("=", 1)
        out.append((a.strip(), b.strip()))
    return out


def _load_factory(target: str) -> Any:
    path_text, sep, name = target.rpartition(":")
    if not sep or not name:
        raise CliError(f"{target!r}: expected path/to/model.py:factory")
    path = Path(path_text)
    if not path.is_file():
        raise CliError(f"{path}: no such file")
    spec = importlib.util.spec_from_file_location(f"_llh_model_{abs(hash(path))}", path)
    if spec is None or spec.loader is None:
        raise CliError(f"{path}: cannot be loaded as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.path.insert(0, str(path.parent.resolve()))
    try:
        spec.loader.exec_module(module)
    except Exception as err:
        raise CliError(f"{path}: loading failed: {_last_line(err)}") from err
    finally:
        sys.path.pop(0)
    fn = getattr(module, name, None)
    if fn is None or not callable(fn):
        raise CliError(f"{path}: no callable '{name}'")
    return fn


def _last_line(err: BaseException) -> str:
    tb = traceback.extract_tb(err.__traceback__)
    where = f" ({Path(tb[-1].filename).name}:{tb[-1].lineno})" if tb else ""
    text = str(err).strip().splitlines()
    return f"{type(err).__name__}: {text[0] if text else ''}{where}"


def _build(
    factory: Any,
    inputs: tuple[str, ...],
    dynamic: tuple[str, ...],
    ranges: tuple[str, ...],
    examples: tuple[str, ...],
    dtype_name: str,
) -> tuple[Any, tuple[Any, ...], Any]:
    import torch

    try:
        made = factory()
    except Exception as err:
        raise CliError(f"the factory failed: {_last_line(err)}") from err
    example: tuple[Any, ...] | None = None
    if isinstance(made, tuple) and len(made) == 2 and isinstance(made[0], torch.nn.Module):
        model, ex = made
        example = tuple(ex) if isinstance(ex, (tuple, list)) else (ex,)
    else:
        model = made
    if not isinstance(model, torch.nn.Module):
        raise CliError(
            f"the factory returned {type(model).__name__}, not an nn.Module or (module, inputs)"
        )
    model.eval()
    specs = [_parse_input(s) for s in inputs]
    if example is None and not specs:
        raise CliError("give the input shapes with --input (or return example inputs)")
    if example is not None and specs and len(specs) != len(example):
        raise CliError(f"{len(specs)} --input options for {len(example)} example inputs")
    # Names: ties (union-find), ranges, example sizes.
    parent: dict[str, str] = {}

    def find(n: str) -> str:
        while parent.get(n, n) != n:
            n = parent[n]
        return n

    names = {d for s in specs for d in s if isinstance(d, str)}
    for v in dynamic:
        group = [p.strip() for p in v.split("=")]
        for g in group:
            if not _NAME.match(g) or g not in names:
                raise CliError(f"--dynamic {v!r}: '{g}' is not a dimension name of an --input")
        for g in group[1:]:
            parent[find(g)] = find(group[0])
    bounds: dict[str, tuple[int, int | None]] = {}
    for n, r in _parse_pairs(ranges, "--range"):
        if n not in names:
            raise CliError(f"--range {n}: not a dimension name of an --input")
        lo, _, hi = r.partition(":")
        try:
            bounds[find(n)] = (int(lo) if lo else 2, int(hi) if hi else None)
        except ValueError:
            raise CliError(f"--range {n}={r}: expected MIN:MAX") from None
    sizes: dict[str, int] = {}
    for n, v in _parse_pairs(examples, "--example"):
        if n not in names or not v.isdigit():
            raise CliError(f"--example {n}={v}: expected a dimension name and a size")
        sizes[find(n)] = int(v)
    dims: dict[str, Any] = {}
    for n in sorted({find(n) for n in names}):
        lo, hi = bounds.get(n, (2, None))
        dims[n] = (
            torch.export.Dim(n, min=lo, max=hi) if hi is not None else torch.export.Dim(n, min=lo)
        )
        sizes.setdefault(n, max(64, lo) if hi is None else min(max(64, lo), hi))
    dtype = getattr(torch, dtype_name)
    if example is None:
        gen = torch.Generator().manual_seed(0)
        tensors = []
        for s in specs:
            shape = [d if isinstance(d, int) else sizes[find(d)] for d in s]
            if dtype.is_floating_point:
                tensors.append(torch.randn(shape, generator=gen).to(dtype))
            else:
                tensors.append(torch.randint(0, 8, shape, generator=gen).to(dtype))
        example = tuple(tensors)
    elif specs:
        for i, (s, t) in enumerate(zip(specs, example)):
            if not isinstance(t, torch.Tensor) or len(s) != t.dim():
                raise CliError(f"--input #{i + 1} has {len(s)} sizes for example input {i + 1}")
            for d, real in zip(s, t.shape):
                if isinstance(d, int) and d != real:
                    raise CliError(f"--input #{i + 1}: size {d} but the example has {real}")
    dynamic_shapes = None
    if names:
        dynamic_shapes = tuple(
            {i: dims[find(d)] for i, d in enumerate(s) if isinstance(d, str)} or None for s in specs
        )
    return model, example, dynamic_shapes


@click.command(context_settings={"help_option_names": ["-h", "--help"]})
@click.argument("target", metavar="MODEL.py:FACTORY")
@click.option(
    "--input", "inputs", multiple=True, metavar="SHAPE", help="e.g. 1x3xHxW (once per input)"
)
@click.option("--dynamic", multiple=True, metavar="A=B", help="dimension names that are equal")
@click.option("--range", "ranges", multiple=True, metavar="N=MIN:MAX", help="bounds of a name")
@click.option("--example", "examples", multiple=True, metavar="N=SIZE", help="tracing size")
@click.option("--dtype", type=click.Choice(_DTYPES), default="float32", show_default=True)
@click.option(
    "-o", "--output", type=click.Path(dir_okay=False), help="output .mlir (default stdout)"
)
@click.option("--weights", type=click.Choice(["npy", "inline"]), default="npy", show_default=True)
@click.option("--weight-dir", type=click.Path(file_okay=False), help="default: beside -o, else .")
@click.option("--no-binds", is_flag=True, help="no llh.torch_symbolic_int / llh.symbolic_bind")
@click.option(
    "--no-decompose", is_flag=True, help="import torch's export IR without core-ATen decompositions"
)
@click.option("--func-name", default="main", show_default=True)
def main(
    target: str, inputs: tuple[str, ...], dynamic: tuple[str, ...], ranges: tuple[str, ...],
    examples: tuple[str, ...], dtype: str, output: str | None, weights: str,
    weight_dir: str | None, no_binds: bool, no_decompose: bool, func_name: str,
) -> None:  # fmt: skip
    """Import a PyTorch model into LLH IR (torch.export)."""
    try:
        text, store = _run(
            target, inputs, dynamic, ranges, examples, dtype, weights, not no_binds,
            not no_decompose, func_name,
        )  # fmt: skip
    except CliError as err:
        text = str(err)
        first = text.split("\n", 1)[0]
        if re.match(r"^.+:\d+:\d+: error: ", first):  # already a located diagnostic
            click.echo(text, err=True)
        else:
            click.echo(f"llh-import-torch: error: {text}", err=True)
        sys.exit(1)
    except Exception as err:  # a bug of the importer: still one message, no traceback
        click.echo(f"llh-import-torch: error: internal error: {_last_line(err)}", err=True)
        sys.exit(1)
    wdir = Path(weight_dir) if weight_dir else (Path(output).parent if output else Path.cwd())
    try:
        store.save(wdir)
        if output:
            Path(output).write_text(text)
        else:
            click.echo(text, nl=False)
    except OSError as err:
        click.echo(f"llh-import-torch: error: {err}", err=True)
        sys.exit(1)


def _run(
    target: str, inputs: tuple[str, ...], dynamic: tuple[str, ...], ranges: tuple[str, ...],
    examples: tuple[str, ...], dtype: str, weights: str, binds: bool, decompose: bool,
    func_name: str,
) -> tuple[str, Any]:  # fmt: skip
    warnings.filterwarnings("ignore", category=FutureWarning)
    warnings.filterwarnings("ignore", category=UserWarning)
    try:
        import torch
    except ImportError:
        raise CliError("torch is not installed (pip install 'llh-opt[torch]')") from None
    from llh_opt.printer import print_operation

    from .builder import ImportError_
    from .importer import import_exported_program_full

    factory = _load_factory(target)
    model, example, dynamic_shapes = _build(factory, inputs, dynamic, ranges, examples, dtype)
    try:
        with torch.no_grad():
            ep = torch.export.export(model, example, dynamic_shapes=dynamic_shapes)
    except Exception as err:
        raise CliError(f"torch.export failed: {_export_message(err)}") from err
    try:
        imported = import_exported_program_full(
            ep, binds=binds, weights=weights, func_name=func_name, decompose=decompose
        )
    except ImportError_ as err:
        raise CliError(_diagnostic(err)) from err
    return print_operation(imported.module), imported.store


def _diagnostic(err: Any) -> str:
    """MLIR's form at the Python line torch recorded (`file:line:col: error: ...`, the line, a
    caret, notes), or the plain message when torch recorded none."""
    if err.frame is None:
        return str(err)
    file, line, code = err.frame
    col = len(code) - len(code.lstrip()) + 1
    where = f"{file}:{line}:{col}"
    out = [f"{where}: error: {err.headline}", code, " " * (col - 1) + "^"]
    out += [f"{where}: note: {n}" for n in err.notes]
    return "\n".join(out)


def _export_message(err: BaseException) -> str:
    lines = [ln for ln in str(err).strip().splitlines() if ln.strip()]
    keep = [ln for ln in lines if not ln.startswith("The error above occurred")][:6]
    return f"{type(err).__name__}: " + "\n  ".join(keep)


if __name__ == "__main__":
    main()
