"""Test-support code shared by the unit tests (not tests themselves): the numpy reference
interpreter for LLH and the lookup of the reference MLIR tool."""
