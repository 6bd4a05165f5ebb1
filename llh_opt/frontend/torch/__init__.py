"""The PyTorch front end (optional: `pip install llh-opt[torch]`).

`import_exported_program(ep)` turns a `torch.export.ExportedProgram` into an LLH module;
`import_graph_module(gm, example_inputs)` an ATen-level FX graph (for a torch.compile backend)
into an `ImportedGraph`. `SUPPORTED_ATEN` / `is_supported(node)` say what is translated;
`UnsupportedOpError` / `DataDependentError` say what is not. The command line is
`llh-import-torch` (`cli.py`). Importing this package imports torch; `import llh_opt` does not.
"""

from __future__ import annotations

from .aten import SUPPORTED_ATEN
from .builder import ImportError_
from .importer import (
    DataDependentError,
    ImportedGraph,
    InputSpec,
    OutputSpec,
    UnsupportedOpError,
    import_exported_program,
    import_exported_program_full,
    import_graph_module,
    is_supported,
)
from .weights import WeightStore

TorchImportError = ImportError_

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
