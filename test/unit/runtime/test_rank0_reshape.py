"""Rank-0 memrefs reshaped to and from all-ones shapes (`memref.expand_shape %m []` /
`memref.collapse_shape %m []`, as MLIR allows): verified, translated, and run. The LLH form is
what the torch importer emits to broadcast a 0-d tensor (a Python float under `torch.compile`)."""

from __future__ import annotations

import numpy as np

from llh_opt import runtime

LOOP_LEVEL = """
func.func @up(%m: memref<f32>) -> memref<1x1xf32> {
  %0 = memref.expand_shape %m [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  %1 = memref.alloc() : memref<1x1xf32>
  memref.copy %0, %1 : memref<1x1xf32> to memref<1x1xf32>
  return %1 : memref<1x1xf32>
}
func.func @down(%m: memref<1x1x1xf32>) -> memref<f32> {
  %0 = memref.collapse_shape %m [] : memref<1x1x1xf32> into memref<f32>
  %1 = memref.alloc() : memref<f32>
  memref.copy %0, %1 : memref<f32> to memref<f32>
  return %1 : memref<f32>
}
"""

LLH = """
func.func @main(%x: tensor<?x?xf32>, %a: tensor<f32>) -> tensor<?x?xf32> attributes {entrance} {
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %b = "llh.reshape"(%a, %c1, %c1) : (tensor<f32>, i64, i64) -> tensor<1x1xf32>
  %y = "llh.mul"(%x, %b) : (tensor<?x?xf32>, tensor<1x1xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
"""


def test_rank0_expand_and_collapse_run() -> None:
    compiled = runtime.compile(LOOP_LEVEL)
    up = compiled.up(np.array(2.5, dtype=np.float32))
    assert up.shape == (1, 1) and up[0, 0] == np.float32(2.5)
    down = compiled.down(np.full((1, 1, 1), -4.0, dtype=np.float32))
    assert down.shape == () and float(down) == -4.0


def test_llh_reshape_of_a_rank0_tensor_broadcasts() -> None:
    compiled = runtime.compile(LLH)
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    got = compiled.main(x, np.array(-0.5, dtype=np.float32))
    np.testing.assert_array_equal(got, x * np.float32(-0.5))
