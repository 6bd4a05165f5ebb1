// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --canonicalize | filecheck %s
// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --canonicalize > %t.1.mlir
// RUN: llh-opt %t.1.mlir --split-input-file --canonicalize="test-convergence" > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// `--infer-symbolic-shape --canonicalize`: the symbol phase of inference keeps `s EQ c`
// relations (spec 4.8); canonicalization applies them (D3): the free symbols become the
// constants, the `?` dims they named become static, the function signature follows.
// CHECK-LABEL: module {
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "c4"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
// CHECK-NEXT:    func.func @main(%arg0: tensor<4x3xf32, #llh.encoding<shapes = @c4, @c3>>, %arg1: tensor<4x3xf32, #llh.encoding<shapes = @c4, @c3>>) -> tensor<4x3xf32, #llh.encoding<shapes = @c4, @c3>>
// CHECK-NEXT:      %0 = "llh.add"(%arg0, %arg1) : (tensor<4x3xf32, #llh.encoding<shapes = @c4, @c3>>, tensor<4x3xf32, #llh.encoding<shapes = @c4, @c3>>) -> tensor<4x3xf32, #llh.encoding<shapes = @c4, @c3>>
// CHECK-NEXT:      return %0
// CHECK-NEXT:    }
func.func @main(%arg0: tensor<?x3xf32>, %arg1: tensor<4x?xf32>) -> tensor<?x?xf32> attributes {entrance} {
  %0 = "llh.add"(%arg0, %arg1) : (tensor<?x3xf32>, tensor<4x?xf32>) -> tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// -----

// The seed's ResNet example (seed 000, "after"), shortened: conv / max_pool get their layouts
// from `builtin.gloabal_layout` (P7, P8); the flatten's llh.dim / llh.mul chain on static sizes
// folds to constants that keep symbols, hoisted to the top; the repeated 3x3 stride-1 convs keep
// their input's symbols (D2); the bias is reshaped before the add (P4); symbols nothing uses are
// gone and the two derived sizes stay defined in `__symbol__`.
// CHECK-LABEL: module attributes {builtin.gloabal_layout = "NCHW"} {
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "c10"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "c7"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "c64"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "c3"}> : () -> ()
// CHECK-NEXT:    "llh.symbolic_int"() <{sym_name = "c1"}> : () -> ()
// CHECK-NEXT:    func.func @main(%arg0: tensor<1x3x?x?xf32, #llh.encoding<shapes = @c1, @c3, @s1, @s1>> {{{.*}}}) -> tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>> attributes {entrance} {
// CHECK-NEXT:      %[[C10:.+]] = "llh.constant"() <{symbol = @c10, value = 10 : i64}> : () -> i64
// CHECK-NEXT:      %[[C64:.+]] = "llh.constant"() <{symbol = @c64, value = 64 : i64}> : () -> i64
// CHECK-NEXT:      %[[C1:.+]] = "llh.constant"() <{symbol = @c1, value = 1 : i64}> : () -> i64
// CHECK:           "llh.conv"(%arg0, %{{.+}}) <{{{.*}}layout = #llh.Layout<NCHW>{{.*}}weight_layout = #llh.Layout<FCHW>}> : {{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s0, @s0>>
// CHECK:           %[[POOL:.+]] = "llh.max_pool"({{.*}}layout = #llh.Layout<NCHW>{{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s2, @s2>>
// CHECK-NEXT:      "llh.conv"(%[[POOL]], {{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s2, @s2>>
// CHECK-NEXT:      "llh.relu"
// CHECK-NEXT:      "llh.conv"({{.*}} -> tensor<1x64x?x?xf32, #llh.encoding<shapes = @c1, @c64, @s2, @s2>>
// CHECK:           %[[FLAT:.+]] = "llh.reshape"(%{{.+}}, %[[C1]], %[[C64]]) : (tensor<1x64x1x1xf32, #llh.encoding<shapes = @c1, @c64, @c1, @c1>>, i64, i64) -> tensor<1x64xf32, #llh.encoding<shapes = @c1, @c64>>
// CHECK:           %[[MM:.+]] = "llh.matmul"(%[[FLAT]],
// CHECK-NEXT:      %[[BIAS:.+]] = "llh.reshape"(%{{.+}}, %[[C1]], %[[C10]]) : (tensor<10xf32, #llh.encoding<shapes = @c10>>, i64, i64) -> tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>>
// CHECK-NEXT:      %[[OUT:.+]] = "llh.add"(%[[MM]], %[[BIAS]]) : (tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>>, tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>>) -> tensor<1x10xf32, #llh.encoding<shapes = @c1, @c10>>
// CHECK-NEXT:      return %[[OUT]]
// CHECK-NEXT:    }
// CHECK-NEXT:    module @__symbol__ {
// CHECK-NEXT:      "llh.symbol_relation_map"() <{express = "floor((s0 + 1)/2)", relation = #map, relations = [@s0], symbol = @s2}> : () -> ()
// CHECK-NEXT:      "llh.symbol_relation_map"() <{express = "floor((s1 + 1)/2)", relation = #map, relations = [@s1], symbol = @s0}> : () -> ()
// CHECK-NEXT:    }
module attributes {builtin.gloabal_layout = "NCHW"} {
func.func @main(%arg0: tensor<1x3x?x?xf32> {func.input_symbol_0 = "c1", func.input_symbol_1 = "c3", func.input_symbol_2 = "s1", func.input_symbol_3 = "s1"}) -> tensor<1x10xf32> attributes {entrance} {
  %0 = "llh.constant"() <{symbol = @c3, value = 3 : i64}> : () -> i64
  %1 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
  %2 = "llh.constant"() <{symbol = @c2, value = 2 : i64}> : () -> i64
  %3 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %4 = "llh.weight"() <{weight_file = "w0.npy"}> : () -> tensor<64x3x7x7xf32>
  %5 = "llh.weight"() <{weight_file = "w1.npy"}> : () -> tensor<64xf32>
  %6 = "llh.weight"() <{weight_file = "w2.npy"}> : () -> tensor<64xf32>
  %7 = "llh.weight"() <{weight_file = "w3.npy"}> : () -> tensor<64x64x3x3xf32>
  %8 = "llh.weight"() <{weight_file = "w4.npy"}> : () -> tensor<64x64x3x3xf32>
  %9 = "llh.weight"() <{weight_file = "w5.npy"}> : () -> tensor<10x64xf32>
  %10 = "llh.weight"() <{weight_file = "w6.npy"}> : () -> tensor<10xf32>
  %68 = "llh.conv"(%arg0, %4) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 7, 7>, pad = array<i64: 3, 3, 3, 3>, stride = array<i64: 2, 2>}> : (tensor<1x3x?x?xf32>, tensor<64x3x7x7xf32>) -> tensor<1x64x?x?xf32>
  %69 = "llh.batch_norm"(%68, %5, %6, %5, %6) <{epsilon = 1.000000e-05 : f64, feature_index = 1 : i64, momentum = 1.000000e-01 : f64}> : (tensor<1x64x?x?xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<1x64x?x?xf32>
  %70 = "llh.relu"(%69) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
  %71 = "llh.max_pool"(%70) <{ceil_mode = false, dilation = array<i64: 1, 1>, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 2, 2>}> : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
  %72 = "llh.conv"(%71, %7) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x64x?x?xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x?x?xf32>
  %74 = "llh.relu"(%72) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
  %75 = "llh.conv"(%74, %8) <{dilation = array<i64: 1, 1>, group = 1 : i64, kernel_shape = array<i64: 3, 3>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x64x?x?xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x?x?xf32>
  %77 = "llh.add"(%75, %71) : (tensor<1x64x?x?xf32>, tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
  %78 = "llh.relu"(%77) : (tensor<1x64x?x?xf32>) -> tensor<1x64x?x?xf32>
  %79 = "llh.adaptive_average_pool"(%78) <{out_size = array<i64: 1, 1>}> : (tensor<1x64x?x?xf32>) -> tensor<1x64x1x1xf32>
  %102 = "llh.dim"(%79, %1) : (tensor<1x64x1x1xf32>, i64) -> i64
  %103 = "llh.dim"(%79, %3) : (tensor<1x64x1x1xf32>, i64) -> i64
  %104 = "llh.dim"(%79, %2) : (tensor<1x64x1x1xf32>, i64) -> i64
  %105 = "llh.dim"(%79, %0) : (tensor<1x64x1x1xf32>, i64) -> i64
  %106 = "llh.mul"(%103, %104) : (i64, i64) -> i64
  %107 = "llh.mul"(%106, %105) : (i64, i64) -> i64
  %108 = "llh.reshape"(%79, %102, %107) : (tensor<1x64x1x1xf32>, i64, i64) -> tensor<1x64xf32>
  %109 = "llh.transpose"(%9) <{perms = array<i64: 1, 0>}> : (tensor<10x64xf32>) -> tensor<64x10xf32>
  %110 = "llh.matmul"(%108, %109) : (tensor<1x64xf32>, tensor<64x10xf32>) -> tensor<1x10xf32>
  %111 = "llh.add"(%110, %10) : (tensor<1x10xf32>, tensor<10xf32>) -> tensor<1x10xf32>
  return %111 : tensor<1x10xf32>
}
}
