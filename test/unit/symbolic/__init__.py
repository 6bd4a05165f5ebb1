"""Unit tests of `llh_opt.symbolic`."""
