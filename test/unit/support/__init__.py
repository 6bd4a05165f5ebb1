"""Test-support code shared by the unit tests (not tests themselves): the numpy reference
interpreter for LLH (``llh_interpreter``) and its numpy window computations and result comparison
(``np_reference``), the lit corpus as data (``corpus``), the lookup of the reference MLIR tool,
and compiling and linking llh-opt's objects from C (``c_build``)."""
