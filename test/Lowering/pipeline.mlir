// RUN: llh-opt %s --split-input-file --lower-to-llvm="weight-dir=%S/Inputs" --emit=mlir | filecheck %s
// RUN: not llh-opt %s --split-input-file --lower-to-llvm 2>&1 | filecheck %s --check-prefix=MISSING

// The pipeline infers the symbols (the module has none), loads the weight from its .npy file,
// canonicalizes and lowers: the weight is a private constant global read with get_global.
// Canonicalization makes the broadcast explicit (reshape folded into the constant, then
// llh.broadcast_to); the broadcast stays virtual: the multiply reads the global at row 0.
// CHECK-LABEL: module attributes {llh.shape_checks = ["argument 0 dimension 1 (static size 4)"]}
// CHECK: func.func private @llh_shape_error(i32, i64, i64)
// CHECK: memref.global "private" constant @__llh_weight_0 : memref<1x4xf32> = dense<{{\[\[}}1.500000e+00, -2.000000e+00, 2.500000e-01, 3.000000e+00]]>
// CHECK: func.func @main(%[[X:.*]]: memref<?x4xf32> {{.*}}) -> memref<?x4xf32>
// CHECK-NOT: llh.
// CHECK: %[[W:.*]] = memref.get_global @__llh_weight_0 : memref<1x4xf32>
// CHECK-NEXT: %[[R:.*]] = memref.alloc(%{{.*}}) : memref<?x4xf32>
// CHECK-NEXT: scf.parallel (%[[I:.*]]) =
// CHECK-NEXT: scf.for %[[J:.*]] = %c0 to %c4 step %c1
// CHECK-NEXT: %[[A:.*]] = memref.load %[[X]][%[[I]], %[[J]]]
// CHECK-NEXT: %[[B:.*]] = memref.load %[[W]][%c0, %[[J]]] : memref<1x4xf32>
// CHECK-NEXT: arith.mulf %[[A]], %[[B]] : f32
// CHECK: return %[[R]] : memref<?x4xf32>
// CHECK-NOT: llh.
// CHECK-NOT: __symbol__
// MISSING: error: 'llh.weight' op weight file '{{.*}}w4.npy' does not exist
func.func @main(%x: tensor<?x4xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c4"}) -> tensor<?x4xf32> attributes {entrance} {
  %w = "llh.weight"() <{weight_file = "w4.npy"}> : () -> tensor<4xf32>
  %0 = "llh.mul"(%x, %w) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

// A private function taking tensors is inlined (and removed) by the pipeline.
// CHECK-LABEL: module
// CHECK-NOT: @helper
// CHECK: func.func @main
// CHECK: arith.maximumf
// CHECK: math.exp
// CHECK-NOT: call
func.func private @helper(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "llh.relu"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func @main(%x: tensor<?x4xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c4"}) -> tensor<?x4xf32> attributes {entrance} {
  %0 = call @helper(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "llh.exp"(%0) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %1 : tensor<?x4xf32>
}
