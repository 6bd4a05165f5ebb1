"""Unit tests of `llh_opt.dialects`."""
