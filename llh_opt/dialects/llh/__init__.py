"""The LLH dialect: registers the `llh` namespace (with its attribute hook) and every LLH op.

Attributes are in ``attrs.py``, type constraints and traits in ``constraints.py``, ops in
``symbol_ops.py`` (spec §3.1), ``data_ops.py`` (§3.2) and ``compute_ops.py`` (§3.3), plus the HEAD
ops of §9. Shape rules, folders and patterns belong to the passes, not here.
"""

from __future__ import annotations

from llh_opt.ir.opdef import Dialect, register_dialect

from llh_opt.dialects.llh import attrs, compute_ops, constraints, data_ops, symbol_ops
from llh_opt.dialects.llh.attrs import (
    AutoPadAttr,
    CeilModeAttr,
    CompareAttr,
    EncodingAttr,
    LayoutAttr,
    ModeAttr,
    ShiftDirectionAttr,
    SymbolRelationAttr,
    parse_llh_attribute,
)
from llh_opt.dialects.llh.compute_ops import *  # noqa: F403 - the op classes
from llh_opt.dialects.llh.data_ops import *  # noqa: F403
from llh_opt.dialects.llh.symbol_ops import *  # noqa: F403

# `!llh.*` types are not part of the dialect (spec §1.3): they stay opaque, as before.
LLH = register_dialect(Dialect("llh", parse_attribute=parse_llh_attribute))

__all__ = [
    "LLH",
    "AutoPadAttr",
    "CeilModeAttr",
    "CompareAttr",
    "EncodingAttr",
    "LayoutAttr",
    "ModeAttr",
    "ShiftDirectionAttr",
    "SymbolRelationAttr",
    "attrs",
    "compute_ops",
    "constraints",
    "data_ops",
    "symbol_ops",
    *compute_ops.__all__,
    *data_ops.__all__,
    *symbol_ops.__all__,
]
