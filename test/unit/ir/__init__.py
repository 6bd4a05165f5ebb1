"""Unit tests of `llh_opt.ir`."""
