"""The MLIR textual-format grammar (mlir.lark), installed as the package ``llh_opt.grammar``.

Only the data file lives here; the parser that drives it is ``llh_opt.parser``, and
``llh_opt.ir.lexicon`` reads its terminals.
"""
