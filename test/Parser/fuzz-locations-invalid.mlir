// RUN: llh-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// Found by the fuzz harness: out-of-range file-location numbers were accepted; MLIR rejects
// numbers that do not fit in 32 bits.

// expected-error@+1 {{expected integer line number in FileLineColRange}}
"t.op"() : () -> () loc("a.mlir":99999999999:1)

// -----

// expected-error@+1 {{expected integer column number in FileLineColRange}}
"t.op"() : () -> () loc("a.mlir":4294967295:4294967296)

// -----

// expected-error@+1 {{expected integer column number in FileLineColRange}}
"t.op"() : () -> () loc("a.mlir":1:2 to :99999999999)
