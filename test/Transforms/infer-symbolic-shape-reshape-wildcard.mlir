// RUN: llh-opt %s --infer-symbolic-shape | filecheck %s
//
// One `-1` size is the remaining element count (HEAD semantics); the verifier accepts it once the
// rule has made the result type static (regression: it used to reject any negative size).

func.func @wildcard(%x: tensor<?x3x4xf32>) -> tensor<*xf32> attributes {entrance} {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %cm1 = "llh.constant"() <{value = -1 : i64}> : () -> i64
  %d0 = "llh.dim"(%x, %c0) : (tensor<?x3x4xf32>, i64) -> i64
  %r = "llh.reshape"(%x, %d0, %cm1) : (tensor<?x3x4xf32>, i64, i64) -> tensor<*xf32>
  return %r : tensor<*xf32>
}

// CHECK: "llh.reshape"{{.*}} -> tensor<?x12xf32, #llh.encoding<shapes = @s0, @c12>>
