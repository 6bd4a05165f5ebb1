"""Passes: the registry (`register_pass`, `all_passes`, `lookup_pass`), the `PassManager`
(pipelines, nesting, instrumentation) and the passes themselves, one module each.

A new pass module is added to `_PASS_MODULES` with the names it registers; modules are imported
on first lookup, so start-up never pays for sympy.
"""

from __future__ import annotations

from llh_opt.passes.pass_manager import OpPassManager, PassContext, PassManager
from llh_opt.passes.registry import (
    Pass,
    PassOption,
    PassOptionsError,
    all_passes,
    create_pass,
    declare_pass_module,
    format_pass_list,
    lookup_pass,
    register_pass,
)
from llh_opt.passes.timing import Timer, TimingManager

# Each pass module, with the names and aliases it registers; imported on first use.
_PASS_MODULES = {
    "llh_opt.passes.canonicalize": ("canonicalize",),
    "llh_opt.passes.cse": ("cse",),
    "llh_opt.passes.inline": ("inline",),
    "llh_opt.passes.strip_debuginfo": ("strip-debuginfo",),
    "llh_opt.passes.symbol_dce": ("symbol-dce",),
    "llh_opt.passes.encoding_to_bind": ("encoding-to-bind", "unload-and-bind-encoding"),
    "llh_opt.passes.infer_symbolic_shape": ("infer-symbolic-shape", "infer-symbol-shape"),
    "llh_opt.passes.remove_redundant_ops": ("remove-redundant-ops",),
    "llh_opt.passes.operation_legalization": ("operation-legalization",),
    "llh_opt.passes.load_weight": ("load-weight",),
    "llh_opt.passes.transform_layout": ("transform-layout",),
    "llh_opt.passes.fold_batch_norm": ("fold-batch-norm",),
    "llh_opt.passes.lowering": ("llh-bufferize", "convert-llh-to-loops", "lower-to-llvm"),
}

for _module, _names in _PASS_MODULES.items():
    declare_pass_module(_module, *_names)

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
