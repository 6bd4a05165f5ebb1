// RUN: llh-opt %s --allow-unregistered-dialect --mlir-print-debuginfo | filecheck %s

// Found by the fuzz harness: file-location numbers written in hex made llh-opt fail internally.
// MLIR reads them as unsigned 32-bit integers, hex included (out-of-range ones:
// fuzz-locations-invalid.mlir).

// CHECK: "t.op"() : () -> () loc(#[[L:loc[0-9]*]])
// CHECK: #[[L]] = loc("a.mlir":7:16)
"t.op"() : () -> () loc("a.mlir":0x7:0x10)
