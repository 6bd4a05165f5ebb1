"""Unit tests of `llh_opt.parser`."""
