// RUN: llh-opt %s | filecheck %s
// RUN: llh-opt %s | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// The memref custom forms round-trip as upstream mlir-opt prints them (checked against it in
// upstream.mlir): result names (%alloc, %dim, %subview, ...), globals with their initializer
// typed by the memref, `nontemporal = false` elided, views with MLIR's strided layouts.



// CHECK: memref.global "private" constant @weights : memref<2x2xf32> = dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.500000e+00]]>
memref.global "private" constant @weights : memref<2x2xf32> = dense<[[1.0, 2.0], [3.0, 4.5]]>

// CHECK: memref.global "private" constant @splat : memref<4xi64> = dense<7> {alignment = 64 : i64}
memref.global "private" constant @splat : memref<4xi64> = dense<7> {alignment = 64 : i64}

// CHECK: memref.global @state : memref<3xf32> = uninitialized
memref.global @state : memref<3xf32> = uninitialized

// CHECK: memref.global "private" @external : memref<8xi8>
memref.global "private" @external : memref<8xi8>

// CHECK-LABEL: func.func @alloc_ops(%arg0: index, %arg1: index) -> memref<?x64xf32> {
// CHECK-NEXT:   %alloc = memref.alloc(%arg0) : memref<?x64xf32>
// CHECK-NEXT:   %alloc_0 = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
// CHECK-NEXT:   %alloc_1 = memref.alloc(%arg0, %arg1) : memref<?x?xi32>
// CHECK-NEXT:   %alloc_2 = memref.alloc(%arg0)[%arg1] : memref<?xf32, #map>
// CHECK-NEXT:   %alloca = memref.alloca() : memref<16xf16>
// CHECK-NEXT:   %alloca_3 = memref.alloca(%arg1) : memref<?xindex>
// CHECK-NEXT:   memref.dealloc %alloc_0 : memref<4x4xf32>
// CHECK-NEXT:   memref.dealloc %alloc_1 : memref<?x?xi32>
// CHECK-NEXT:   memref.dealloc %alloc_2 : memref<?xf32, #map>
// CHECK-NEXT:   return %alloc : memref<?x64xf32>
func.func @alloc_ops(%n: index, %m: index) -> memref<?x64xf32> {
  %a = memref.alloc(%n) : memref<?x64xf32>
  %b = memref.alloc() {alignment = 64 : i64} : memref<4x4xf32>
  %c = memref.alloc(%n, %m) : memref<?x?xi32>
  %d = memref.alloc(%n)[%m] : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  %e = memref.alloca() : memref<16xf16>
  %f = memref.alloca(%m) : memref<?xindex>
  memref.dealloc %b : memref<4x4xf32>
  memref.dealloc %c : memref<?x?xi32>
  memref.dealloc %d : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return %a : memref<?x64xf32>
}

// CHECK-LABEL: func.func @access_ops(%arg0: memref<?x?xf32>, %arg1: memref<4xi64>, %arg2: memref<f32>, %arg3: index, %arg4: f32) -> f32 {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %0 = memref.load %arg0[%arg3, %c0] : memref<?x?xf32>
// CHECK-NEXT:   %1 = memref.load %arg2[] : memref<f32>
// CHECK-NEXT:   %2 = memref.load %arg1[%arg3] {nontemporal = true} : memref<4xi64>
// CHECK-NEXT:   memref.store %arg4, %arg0[%c0, %arg3] : memref<?x?xf32>
// CHECK-NEXT:   memref.store %1, %arg2[] : memref<f32>
// CHECK-NEXT:   memref.store %2, %arg1[%c0] : memref<4xi64>
// CHECK-NEXT:   %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// CHECK-NEXT:   %3 = arith.addf %0, %1 : f32
// CHECK-NEXT:   return %3 : f32
func.func @access_ops(%m: memref<?x?xf32>, %v: memref<4xi64>, %s: memref<f32>, %i: index, %x: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %0 = memref.load %m[%i, %c0] : memref<?x?xf32>
  %1 = memref.load %s[] : memref<f32>
  %2 = memref.load %v[%i] {nontemporal = true} : memref<4xi64>
  memref.store %x, %m[%c0, %i] : memref<?x?xf32>
  memref.store %1, %s[] : memref<f32>
  memref.store %2, %v[%c0] {nontemporal = false} : memref<4xi64>
  %dim = memref.dim %m, %c0 : memref<?x?xf32>
  %3 = arith.addf %0, %1 : f32
  return %3 : f32
}

// CHECK-LABEL: func.func @globals() -> f32 {
// CHECK-NEXT:   %0 = memref.get_global @weights : memref<2x2xf32>
// CHECK-NEXT:   %1 = memref.get_global @splat : memref<4xi64>
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   %2 = memref.load %0[%c1, %c1] : memref<2x2xf32>
// CHECK-NEXT:   return %2 : f32
func.func @globals() -> f32 {
  %w = memref.get_global @weights : memref<2x2xf32>
  %s = memref.get_global @splat : memref<4xi64>
  %c1 = arith.constant 1 : index
  %x = memref.load %w[%c1, %c1] : memref<2x2xf32>
  return %x : f32
}

// CHECK-LABEL: func.func @copy_and_cast(%arg0: memref<4x?xf32>, %arg1: memref<4x8xf32>) -> memref<*xf32> {
// CHECK-NEXT:   memref.copy %arg0, %arg1 : memref<4x?xf32> to memref<4x8xf32>
// CHECK-NEXT:   %cast = memref.cast %arg1 : memref<4x8xf32> to memref<?x?xf32>
// CHECK-NEXT:   %cast_0 = memref.cast %cast : memref<?x?xf32> to memref<*xf32>
// CHECK-NEXT:   %cast_1 = memref.cast %arg0 : memref<4x?xf32> to memref<4x?xf32, strided<[?, 1]>>
// CHECK-NEXT:   return %cast_0 : memref<*xf32>
func.func @copy_and_cast(%a: memref<4x?xf32>, %b: memref<4x8xf32>) -> memref<*xf32> {
  memref.copy %a, %b : memref<4x?xf32> to memref<4x8xf32>
  %0 = memref.cast %b : memref<4x8xf32> to memref<?x?xf32>
  %1 = memref.cast %0 : memref<?x?xf32> to memref<*xf32>
  %2 = memref.cast %a : memref<4x?xf32> to memref<4x?xf32, strided<[?, 1]>>
  return %1 : memref<*xf32>
}

// CHECK-LABEL: func.func @views(%arg0: memref<16x16xf32>, %arg1: memref<?x?xf32>, %arg2: index, %arg3: index) {
// CHECK-NEXT:   %subview = memref.subview %arg0[0, 0] [4, 4] [1, 1] : memref<16x16xf32> to memref<4x4xf32, strided<[16, 1]>>
// CHECK-NEXT:   %subview_0 = memref.subview %arg0[2, 3] [1, 4] [1, 2] : memref<16x16xf32> to memref<4xf32, strided<[2], offset: 35>>
// CHECK-NEXT:   %subview_1 = memref.subview %arg1[%arg2, 1] [4, %arg3] [1, 1] : memref<?x?xf32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:   %subview_2 = memref.subview %arg0[%arg2, 0] [2, 16] [%arg3, 1] : memref<16x16xf32> to memref<2x16xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT:   %reinterpret_cast = memref.reinterpret_cast %arg0 to offset: [0], sizes: [256], strides: [1] : memref<16x16xf32> to memref<256xf32>
// CHECK-NEXT:   %reinterpret_cast_3 = memref.reinterpret_cast %arg1 to offset: [%arg2], sizes: [%arg3, 8], strides: [8, 1] : memref<?x?xf32> to memref<?x8xf32, strided<[8, 1], offset: ?>>
// CHECK-NEXT:   %reinterpret_cast_4 = memref.reinterpret_cast %arg0 to offset: [3], sizes: [4, 4], strides: [%arg3, 1] {note} : memref<16x16xf32> to memref<4x4xf32, strided<[?, 1], offset: 3>>
// CHECK-NEXT:   return
func.func @views(%m: memref<16x16xf32>, %d: memref<?x?xf32>, %i: index, %n: index) {
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<16x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  %1 = memref.subview %m[2, 3] [1, 4] [1, 2] : memref<16x16xf32> to memref<4xf32, strided<[2], offset: 35>>
  %2 = memref.subview %d[%i, 1] [4, %n] [1, 1] : memref<?x?xf32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
  %3 = memref.subview %m[%i, 0] [2, 16] [%n, 1] : memref<16x16xf32> to memref<2x16xf32, strided<[?, 1], offset: ?>>
  %4 = memref.reinterpret_cast %m to offset: [0], sizes: [256], strides: [1] : memref<16x16xf32> to memref<256xf32>
  %5 = memref.reinterpret_cast %d to offset: [%i], sizes: [%n, 8], strides: [8, 1] : memref<?x?xf32> to memref<?x8xf32, strided<[8, 1], offset: ?>>
  %6 = memref.reinterpret_cast %m to offset: [3], sizes: [4, 4], strides: [%n, 1] {note} : memref<16x16xf32> to memref<4x4xf32, strided<[?, 1], offset: 3>>
  return
}

// CHECK-LABEL: func.func @reshapes(%arg0: memref<4x8x2xf32>, %arg1: memref<?x64xf32>, %arg2: index) {
// CHECK-NEXT:   %collapse_shape = memref.collapse_shape %arg0 [[0, 1], [2]] : memref<4x8x2xf32> into memref<32x2xf32>
// CHECK-NEXT:   %collapse_shape_0 = memref.collapse_shape %arg0 [[0, 1, 2]] : memref<4x8x2xf32> into memref<64xf32>
// CHECK-NEXT:   %collapse_shape_1 = memref.collapse_shape %arg1 [[0, 1]] : memref<?x64xf32> into memref<?xf32>
// CHECK-NEXT:   %expand_shape = memref.expand_shape %collapse_shape_1 [[0, 1]] output_shape [%arg2, 64] : memref<?xf32> into memref<?x64xf32>
// CHECK-NEXT:   %expand_shape_2 = memref.expand_shape %collapse_shape_0 [[0, 1, 2]] output_shape [2, 4, 8] : memref<64xf32> into memref<2x4x8xf32>
// CHECK-NEXT:   return
func.func @reshapes(%m: memref<4x8x2xf32>, %d: memref<?x64xf32>, %n: index) {
  %0 = memref.collapse_shape %m [[0, 1], [2]] : memref<4x8x2xf32> into memref<32x2xf32>
  %1 = memref.collapse_shape %m [[0, 1, 2]] : memref<4x8x2xf32> into memref<64xf32>
  %2 = memref.collapse_shape %d [[0, 1]] : memref<?x64xf32> into memref<?xf32>
  %3 = memref.expand_shape %2 [[0, 1]] output_shape [%n, 64] : memref<?xf32> into memref<?x64xf32>
  %4 = memref.expand_shape %1 [[0, 1, 2]] output_shape [2, 4, 8] : memref<64xf32> into memref<2x4x8xf32>
  return
}

// Generic form: tensor-typed initializers, `uninitialized` as a unit, MLIR's INT64_MIN for
// dynamic offsets/sizes/strides, segment sizes.
// GENERIC: "memref.global"() <{constant, initial_value = dense<{{.*}}> : tensor<2x2xf32>, sym_name = "weights", sym_visibility = "private", type = memref<2x2xf32>}> : () -> ()
// GENERIC: "memref.global"() <{initial_value, sym_name = "state", type = memref<3xf32>}> : () -> ()
// GENERIC: "memref.alloc"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1>}> : (index, index) -> memref<?xf32, #map>
// GENERIC: "memref.load"(%{{.*}}, %{{.*}}) <{nontemporal = true}> : (memref<4xi64>, index) -> i64
// GENERIC: "memref.get_global"() <{name = @weights}> : () -> memref<2x2xf32>
// GENERIC: "memref.subview"(%{{.*}}, %{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, static_offsets = array<i64: -9223372036854775808, 1>, static_sizes = array<i64: 4, -9223372036854775808>, static_strides = array<i64: 1, 1>}> : (memref<?x?xf32>, index, index) -> memref<4x?xf32, strided<[?, 1], offset: ?>>
// GENERIC: "memref.reinterpret_cast"(%{{.*}}, %{{.*}}) <{operandSegmentSizes = array<i32: 1, 0, 0, 1>, static_offsets = array<i64: 3>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: -9223372036854775808, 1>}> {note} : (memref<16x16xf32>, index) -> memref<4x4xf32, strided<[?, 1], offset: 3>>
// GENERIC: "memref.collapse_shape"(%{{.*}}) <{reassociation = {{\[\[}}0, 1], [2]]}> : (memref<4x8x2xf32>) -> memref<32x2xf32>
// GENERIC: "memref.expand_shape"(%{{.*}}, %{{.*}}) <{reassociation = {{\[\[}}0, 1]], static_output_shape = array<i64: -9223372036854775808, 64>}> : (memref<?xf32>, index) -> memref<?x64xf32>
