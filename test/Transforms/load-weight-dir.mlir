// RUN: llh-opt %s --load-weight="weight-dir=%S/Inputs/load-weight" | filecheck %s
// RUN: llh-opt %s --pass-pipeline="builtin.module(load-weight{weight-dir=%S/Inputs/load-weight})" | filecheck %s
// Without the option the path is relative to this file's directory, where there is no f32.npy.
// RUN: not llh-opt %s --load-weight 2>&1 | filecheck %s --check-prefix=DEFAULT

// --load-weight's weight-dir option: relative weight_file paths are resolved against it.

// CHECK-LABEL: func.func @weight_dir()
//       CHECK:   %0 = "llh.constant"() <{value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}> : () -> tensor<2xf32>
// DEFAULT: load-weight-dir.mlir:[[# @LINE + 2]]:8: error: 'llh.weight' op weight file '{{.*}}Transforms/f32.npy' does not exist
func.func @weight_dir() -> tensor<2xf32> {
  %0 = "llh.weight"() <{weight_file = "f32.npy"}> : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
