// RUN: not llh-opt %s --split-input-file --allow-unregistered-dialect --emit=llvm 2>&1 | filecheck %s
// RUN: echo keep > %t.o
// RUN: not llh-opt %s --split-input-file --allow-unregistered-dialect --emit=asm -o %t.o
// RUN: filecheck %s --input-file=%t.o --check-prefix=KEEP
// RUN: not llh-opt %s --emit=obj 2>&1 | filecheck %s --check-prefix=NOOUT
// RUN: not llh-opt %s --emit=wasm 2>&1 | filecheck %s --check-prefix=KIND
// RUN: not llh-opt %s --emit=llvm --opt-level=7 2>&1 | filecheck %s --check-prefix=LEVEL
// RUN: not llh-opt %S/scf.mlir --split-input-file --emit=llvm --target-triple=nonsense-none-none 2>&1 | filecheck %s --check-prefix=TRIPLE

// Translation errors are diagnostics at the op, never tracebacks; -o is written only on success.
// KEEP: keep
// NOOUT: llh-opt: error: '--emit=obj' writes a binary object: give an output file with -o
// KIND: llh-opt: error: Cannot find option named 'wasm'! (for --emit: supported: mlir, llvm, asm, obj, header)
// LEVEL: llh-opt: error: invalid optimization level '7'
// TRIPLE: llh-opt: error: unknown target triple 'nonsense-none-none'

// CHECK: invalid.mlir:[[# @LINE + 2]]:3: error: 'foo.compute' op cannot be translated to LLVM IR: unsupported operation
func.func @unknown_op() {
  "foo.compute"() : () -> ()
  return
}

// -----

// CHECK: invalid.mlir:[[# @LINE + 1]]:1: error: 'func.func' op cannot be translated to LLVM IR: type tensor<4xf32> has no LLVM lowering (bufferize first: --lower-to-llvm)
func.func @tensor_arg(%t: tensor<4xf32>) {
  return
}

// -----

// Only fixed 1-D vectors have an LLVM lowering.
// CHECK: invalid.mlir:[[# @LINE + 2]]:8: error: 'arith.constant' op cannot be translated to LLVM IR: type vector<2x4xf32> has no LLVM lowering (only fixed 1-D vectors)
func.func @vector_op() {
  %v = arith.constant dense<1.0> : vector<2x4xf32>
  return
}
