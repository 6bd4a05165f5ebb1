"""Test-support code shared by the unit tests (not tests themselves): the numpy reference
interpreter for LLH (``llh_interpreter``) with its window computations and result comparison
(``np_reference``), the lit corpus as data (``corpus``), repository paths (``paths``), the
reference MLIR tool (``mlir_reference``), loop-level sample modules (``loop_ir_samples``), C
builds (``c_build``) and counted-call complexity checks (``complexity``). See test/README.md."""
