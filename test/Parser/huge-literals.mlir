// Integer literals of any length: MLIR's diagnostics (never Python's 4300-digit int limit),
// dimensions above int64 and result counts that are not a uint64 >= 1 rejected at the literal,
// and huge in-range values printed back in full. The inputs are generated (100,000-digit
// literals); see Inputs/huge_literals.py.
// RUN: %python %S/Inputs/huge_literals.py %t
// RUN: llh-opt --allow-unregistered-dialect %t.errors.mlir --split-input-file --verify-diagnostics
// RUN: llh-opt --allow-unregistered-dialect %t.ok.mlir | llh-opt --allow-unregistered-dialect | filecheck %s

// CHECK: "t.a"() {v = 9999{{9+}} : i20000, w = -9999{{9+}} : si20000} : () -> ()
// CHECK: "t.a"() : () -> tensor<9223372036854775807xf32>
