"""Frontends: bringing models from other frameworks into LLH (`frontend/torch`: PyTorch).

Optional: nothing in the rest of `llh_opt` imports this package, and importing it imports no
framework; each framework's subpackage imports its framework.
"""
