"""The PyTorch front end (optional: `pip install llh-opt[torch]`).

`import_exported_program(ep)` turns a `torch.export.ExportedProgram` into an LLH module;
`import_graph_module(gm, example_inputs)` an ATen-level FX graph (for a torch.compile backend)
into an `ImportedGraph`. `SUPPORTED_ATEN` / `is_supported(node)` say what is translated;
`UnsupportedOpError` / `DataDependentError` say what is not. The command line is
`llh-import-torch` (`cli.py`). Importing this package imports torch; `import llh_opt` does not.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "SUPPORTED_ATEN": "aten",
    "DataDependentError": "importer",
    "ImportedGraph": "importer",
    "InputSpec": "importer",
    "OutputSpec": "importer",
    "UnsupportedOpError": "importer",
    "import_exported_program": "importer",
    "import_exported_program_full": "importer",
    "import_graph_module": "importer",
    "is_supported": "importer",
    "WeightStore": "weights",
    "TorchImportError": "builder",
}
"""Public name → the submodule defining it. Loaded on first use (PEP 562), so that
`llh-import-torch` (``cli.py``, a submodule) starts and reports a missing torch as one clean
message instead of failing in this package's import."""


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    try:
        mod = importlib.import_module(f".{module}", __name__)
    except ModuleNotFoundError as e:
        if e.name != "torch":
            raise
        raise ImportError(
            "llh_opt.frontend.torch needs PyTorch: pip install 'llh-opt[torch]' (torch==2.13.0)"
        ) from None
    value = getattr(mod, "ImportError_" if name == "TorchImportError" else name)
    globals()[name] = value
    return value


__all__ = [
    "SUPPORTED_ATEN",
    "DataDependentError",
    "ImportedGraph",
    "InputSpec",
    "OutputSpec",
    "TorchImportError",
    "UnsupportedOpError",
    "WeightStore",
    "import_exported_program",
    "import_exported_program_full",
    "import_graph_module",
    "is_supported",
]
