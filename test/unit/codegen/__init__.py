"""Unit tests of `llh_opt.codegen`."""
