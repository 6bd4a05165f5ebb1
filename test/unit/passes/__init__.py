"""Unit tests of `llh_opt.passes`."""
