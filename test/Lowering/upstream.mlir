// The loop-level IR of every lowering test is accepted by upstream MLIR's mlir-opt.
// REQUIRES: mlir-opt
// RUN: llh-opt %S/elementwise.mlir --split-input-file --infer-symbolic-shape --convert-llh-to-loops | %mlir-opt --split-input-file > /dev/null
// RUN: llh-opt %S/data-movement.mlir --split-input-file --infer-symbolic-shape --convert-llh-to-loops | %mlir-opt --split-input-file > /dev/null
// RUN: llh-opt %S/scalar.mlir --infer-symbolic-shape --convert-llh-to-loops | %mlir-opt > /dev/null
// RUN: llh-opt %S/broadcast.mlir --infer-symbolic-shape --convert-llh-to-loops | %mlir-opt > /dev/null
// RUN: llh-opt %S/entry-relations.mlir --infer-symbolic-shape --canonicalize --convert-llh-to-loops | %mlir-opt > /dev/null
// RUN: llh-opt %S/bufferize.mlir --infer-symbolic-shape --convert-llh-to-loops | %mlir-opt > /dev/null
// RUN: llh-opt %S/bufferize.mlir --infer-symbolic-shape --llh-bufferize --mlir-print-op-generic | %mlir-opt --allow-unregistered-dialect > /dev/null
// RUN: llh-opt %S/pipeline.mlir --lower-to-llvm="weight-dir=%S/Inputs" --emit=mlir | %mlir-opt > /dev/null
// The same after upstream's own lowering to the LLVM dialect (the independent path of the
// translator check). Not elementwise.mlir: upstream's memref-to-llvm asserts on stores to i1
// memrefs (MemRefToLLVM.cpp, "integralElementType.getWidth() >= 8"), which compare produces.
// RUN: llh-opt %S/bufferize.mlir --infer-symbolic-shape --convert-llh-to-loops | %mlir-opt --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts > /dev/null
// RUN: llh-opt %S/scalar.mlir --infer-symbolic-shape --convert-llh-to-loops | %mlir-opt --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts > /dev/null
// RUN: llh-opt %S/data-movement.mlir --split-input-file --infer-symbolic-shape --convert-llh-to-loops | %mlir-opt --split-input-file --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts > /dev/null
