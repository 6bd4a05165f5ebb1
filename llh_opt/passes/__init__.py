"""Passes: the registry (`register_pass`, `all_passes`, `lookup_pass`), the `PassManager`
(pipelines, nesting, instrumentation) and the passes themselves, one module each.

Importing this package registers every pass; a new pass module is added to `_PASS_MODULES`.
"""

from __future__ import annotations

import importlib

from llh_opt.passes.pass_manager import OpPassManager, PassContext, PassManager
from llh_opt.passes.registry import (
    Pass,
    PassOption,
    PassOptionsError,
    all_passes,
    create_pass,
    format_pass_list,
    lookup_pass,
    register_pass,
)
from llh_opt.passes.timing import Timer, TimingManager

_PASS_MODULES = (
    "llh_opt.passes.cse",
    "llh_opt.passes.inline",
    "llh_opt.passes.strip_debuginfo",
    "llh_opt.passes.symbol_dce",
    "llh_opt.passes.encoding_to_bind",
    "llh_opt.passes.infer_symbolic_shape",
)

for _module in _PASS_MODULES:
    importlib.import_module(_module)

__all__ = [
    "OpPassManager",
    "Pass",
    "PassContext",
    "PassManager",
    "PassOption",
    "PassOptionsError",
    "Timer",
    "TimingManager",
    "all_passes",
    "create_pass",
    "format_pass_list",
    "lookup_pass",
    "register_pass",
]
