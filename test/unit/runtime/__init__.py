"""Unit tests of `llh_opt.runtime`."""
