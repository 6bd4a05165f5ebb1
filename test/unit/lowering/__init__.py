"""Unit tests of `llh_opt.lowering`."""
