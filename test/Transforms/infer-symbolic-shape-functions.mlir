// RUN: llh-opt %s -split-input-file --infer-symbolic-shape | filecheck %s

// Functions and modules: every `entrance` function is seeded (one symbol counter per root
// module); nested modules are root modules of their own (their own declarations and
// `__symbol__`); non-entrance functions are walked but not seeded; a call's results take the
// callee's inferred types (callees are walked first).

module {
  func.func @first(%a: tensor<?x3xf32>) -> tensor<?x3xf32> attributes {entrance} {
    return %a : tensor<?x3xf32>
  }
  func.func @second(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<*xf32> attributes {entrance} {
    %0 = "llh.mul"(%a, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<*xf32>
    return %0 : tensor<*xf32>
  }
  module @inner {
    func.func @nested(%a: tensor<?xf32>) -> tensor<?xf32> attributes {entrance} {
      return %a : tensor<?xf32>
    }
  }
}

//      CHECK: module {
// CHECK-NEXT:   "llh.symbolic_int"() <{sym_name = "s3"}> : () -> ()
// CHECK-NEXT:   "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
// CHECK-NEXT:   "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
// CHECK-NEXT:   "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:   func.func @first(%arg0: tensor<?x3xf32, #llh.encoding<shapes = @s1, @c3>>) -> tensor<?x3xf32, #llh.encoding<shapes = @s1, @c3>> attributes {entrance} {
//      CHECK:   func.func @second(%arg0: tensor<?x?xf32, #llh.encoding<shapes = @s2, @s3>>, %arg1: tensor<?x?xf32, #llh.encoding<shapes = @s2, @s3>>) -> tensor<?x?xf32, #llh.encoding<shapes = @s2, @s3>> attributes {entrance} {
//      CHECK:   module @inner {
// CHECK-NEXT:     "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:     func.func @nested(%arg0: tensor<?xf32, #llh.encoding<shapes = @s0>>) -> tensor<?xf32, #llh.encoding<shapes = @s0>> attributes {entrance} {
//      CHECK:     module @__symbol__ {
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   module @__symbol__ {
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// The callee (defined after its caller) is walked first: the call's result gets its encoded type
// and the add after the call is inferred.
func.func @main(%x: tensor<?x4xf32>) -> tensor<?x4xf32> attributes {entrance} {
  %w = func.call @helper() : () -> tensor<4xf32>
  %0 = "llh.add"(%x, %w) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
func.func private @helper() -> tensor<4xf32> {
  %w = "llh.weight"() <{weight_file = "w.npy"}> : () -> tensor<4xf32>
  return %w : tensor<4xf32>
}

// CHECK-LABEL: func.func @main(%arg0: tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>) -> tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>> attributes {entrance} {
//  CHECK-NEXT:   %0 = call @helper() : () -> tensor<4xf32, #llh.encoding<shapes = @c4>>
//  CHECK-NEXT:   %1 = "llh.add"(%arg0, %0) : (tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>, tensor<4xf32, #llh.encoding<shapes = @c4>>) -> tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
//       CHECK: func.func private @helper() -> tensor<4xf32, #llh.encoding<shapes = @c4>> {
