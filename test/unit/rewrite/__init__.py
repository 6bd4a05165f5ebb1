"""Unit tests of `llh_opt.rewrite`."""
