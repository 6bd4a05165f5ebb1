"""Front ends: model formats of other frameworks imported into LLH IR.

`frontend/torch/` imports `torch.export` programs and FX graphs (optional: needs the `torch`
extra). Nothing in the rest of `llh_opt` imports this package; it sits above the IR, dialects,
passes and runtime (see `test/unit/test_layering.py`).
"""
