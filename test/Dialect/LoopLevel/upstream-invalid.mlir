// REQUIRES: mlir-opt
// Upstream mlir-opt reports exactly the diagnostics invalid-custom-forms.mlir expects.
// RUN: %mlir-opt %S/invalid-custom-forms.mlir -split-input-file -verify-diagnostics
