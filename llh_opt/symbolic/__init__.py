"""The symbolic engine: symbols, their sympy values, equality classes and relations (spec §4, D2–D6).

* ``analysis.py`` — `SymbolAnalysis`, the per-root-module facade passes and shape rules use;
* ``expressions.py`` — atoms, `FloorDiv`/`CeilDiv`/`Mod`, canonical form, evaluation;
* ``equality.py`` — union-find classes with hash-consed values and congruence closure;
* ``table.py`` — `llh.symbolic_int` declarations, fresh names, the `module @__symbol__`;
* ``materialize.py`` — building `llh.symbol_relation` / `symbol_binary_relation` /
  `symbol_relation_map` ops;
* ``rewrite.py`` — renaming symbol references and collecting referenced names in one walk;
* ``affine_convert.py`` — sympy expressions ↔ affine maps of symbols.
"""

from __future__ import annotations

from llh_opt.symbolic.affine_convert import (
    from_affine_expr,
    from_affine_map,
    to_affine_expr,
    to_affine_map,
)
from llh_opt.symbolic.analysis import COMPARE_KINDS, SymbolAnalysis, encoding_of, root_module
from llh_opt.symbolic.equality import SymbolClasses, SymbolConflict
from llh_opt.symbolic.expressions import (
    Canonicalizer,
    CeilDiv,
    ExprLike,
    FloorDiv,
    Mod,
    SymbolExpressionError,
    atom,
    ceildiv,
    constant_symbol_name,
    constant_symbol_value,
    evaluate_expr,
    floordiv,
    mod,
    window_output_size,
)
from llh_opt.symbolic.table import SYMBOL_MODULE_NAME, SymbolTable, is_symbol_module

__all__ = [
    "COMPARE_KINDS",
    "SYMBOL_MODULE_NAME",
    "Canonicalizer",
    "CeilDiv",
    "ExprLike",
    "FloorDiv",
    "Mod",
    "SymbolAnalysis",
    "SymbolClasses",
    "SymbolConflict",
    "SymbolExpressionError",
    "SymbolTable",
    "atom",
    "ceildiv",
    "constant_symbol_name",
    "constant_symbol_value",
    "encoding_of",
    "evaluate_expr",
    "floordiv",
    "from_affine_expr",
    "from_affine_map",
    "is_symbol_module",
    "mod",
    "root_module",
    "to_affine_expr",
    "to_affine_map",
    "window_output_size",
]
