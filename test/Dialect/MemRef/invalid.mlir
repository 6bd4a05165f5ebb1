// RUN: llh-opt %s -split-input-file -verify-diagnostics

func.func @alloc_dynamic_count() {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 0, expected 1}}
  %0 = memref.alloc() : memref<?xf32>
  return
}

// -----

func.func @alloc_static_count(%n: index) {
  // expected-error@+1 {{'memref.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = memref.alloc(%n) : memref<4xf32>
  return
}

// -----

func.func @alloc_alignment() {
  // expected-error@+1 {{'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0}}
  %0 = "memref.alloc"() <{alignment = 3 : i64, operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<4xf32>
  return
}

// -----

func.func @alloc_symbols(%n: index) {
  // expected-error@+1 {{'memref.alloc' op symbol operand count does not equal memref symbol count: expected 0, got 1}}
  %0 = memref.alloc()[%n] : memref<4xf32>
  return
}

// -----

func.func @load_rank(%n: index, %m: memref<4xf32>) {
  // expected-error@+1 {{'memref.load' op incorrect number of indices for load, expected 1 but got 2}}
  %0 = memref.load %m[%n, %n] : memref<4xf32>
  return
}

// -----

func.func @load_result(%n: index, %m: memref<4xf32>) {
  // expected-error@+1 {{'memref.load' op failed to verify that result type matches element type of 'memref'}}
  %0 = "memref.load"(%m, %n) : (memref<4xf32>, index) -> f16
  return
}

// -----

func.func @store_rank(%n: index, %m: memref<4xf32>, %f: f32) {
  // expected-error@+1 {{'memref.store' op store index operand count not equal to memref rank}}
  memref.store %f, %m[%n, %n] : memref<4xf32>
  return
}

// -----

func.func @store_value(%n: index, %m: memref<4xf32>, %f: f16) {
  // expected-error@+1 {{'memref.store' op failed to verify that type of 'value' matches element type of 'memref'}}
  "memref.store"(%f, %m, %n) : (f16, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @get_global_missing() {
  // expected-error@+1 {{'memref.get_global' op 'nope' does not reference a valid global memref}}
  %g = memref.get_global @nope : memref<2xf32>
  return
}

// -----

memref.global "private" constant @w : memref<2xf32> = dense<[1.0, 2.0]>
func.func @get_global_type() {
  // expected-error@+1 {{'memref.get_global' op result type 'memref<3xf32>' does not match type 'memref<2xf32>' of the global memref @w}}
  %g = memref.get_global @w : memref<3xf32>
  return
}

// -----

// expected-error@+1 {{inferred shape of elements literal ([3]) does not match type ([2])}}
memref.global "private" constant @w : memref<2xf32> = dense<[1.0, 2.0, 3.0]>

// -----

// expected-error@+1 {{'memref.global' op initial value shape expected to be 2 but was 3}}
"memref.global"() <{sym_name = "w", type = memref<2xf32>, initial_value = dense<1.0> : tensor<3xf32>}> : () -> ()

// -----

// expected-error@+1 {{'memref.global' op type should be static shaped memref, but got 'memref<?xf32>'}}
"memref.global"() <{sym_name = "w", type = memref<?xf32>}> : () -> ()

// -----

func.func @copy_element(%m: memref<4xf32>, %k: memref<4xf16>) {
  // expected-error@+1 {{'memref.copy' op requires the same element type for all operands}}
  memref.copy %m, %k : memref<4xf32> to memref<4xf16>
  return
}

// -----

func.func @copy_shape(%m: memref<4xf32>, %k: memref<5xf32>) {
  // expected-error@+1 {{'memref.copy' op requires the same shape for all operands}}
  memref.copy %m, %k : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @cast_shape(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<5xf32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<5xf32>
  return
}

// -----

func.func @cast_element(%m: memref<4xf32>) {
  // expected-error@+1 {{'memref.cast' op operand type 'memref<4xf32>' and result type 'memref<4xi32>' are cast incompatible}}
  %0 = memref.cast %m : memref<4xf32> to memref<4xi32>
  return
}

// -----

func.func @collapse_size(%m: memref<4x4xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op collapsed dim size (15) must equal reassociation group size (16)}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x4xf32> into memref<15xf32>
  return
}

// -----

func.func @expand_size(%m: memref<16xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op collapsed dim size (16) must equal reassociation group size (20)}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4, 5] : memref<16xf32> into memref<4x5xf32>
  return
}

// -----

func.func @expand_rank0_non_unit(%m: memref<f32>) {
  // expected-error@+1 {{'memref.expand_shape' op rank 0 memrefs can only be extended/collapsed with/from ones}}
  %0 = memref.expand_shape %m [] output_shape [1, 2] : memref<f32> into memref<1x2xf32>
  return
}

// -----

func.func @subview_layout(%m: memref<16x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<16x16xf32> to memref<4x4xf32>
  return
}

// -----

func.func @subview_sizes(%m: memref<16x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result sizes), but got 'memref<4x5xf32, strided<[16, 1]>>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<16x16xf32> to memref<4x5xf32, strided<[16, 1]>>
  return
}

// -----

func.func @subview_rank_reduced_layout(%m: memref<16x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<1x4xf32, strided<[16, 2], offset: 35>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4xf32, strided<[1], offset: 35>>'}}
  %0 = memref.subview %m[2, 3] [1, 4] [1, 2] : memref<16x16xf32> to memref<4xf32, strided<[1], offset: 35>>
  return
}

// -----

func.func @subview_count(%m: memref<16x16xf32>) {
  // expected-error@+1 {{expected mixed offsets rank to match mixed sizes rank (1 vs 2) so the rank of the result type is well-formed.}}
  %0 = memref.subview %m[0] [4, 4] [1, 1] : memref<16x16xf32> to memref<4x4xf32, strided<[16, 1]>>
  return
}

// -----

func.func @reinterpret_size(%m: memref<16x16xf32>) {
  // expected-error@+1 {{expected result type with size = 255 instead of 256 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [255], strides: [1] : memref<16x16xf32> to memref<256xf32>
  return
}

// -----

func.func @reinterpret_offset(%m: memref<16x16xf32>) {
  // expected-error@+1 {{expected result type with offset = 2 instead of 0}}
  %0 = memref.reinterpret_cast %m to offset: [2], sizes: [256], strides: [1] : memref<16x16xf32> to memref<256xf32>
  return
}

// -----

func.func @reinterpret_stride(%m: memref<16x16xf32>) {
  // expected-error@+1 {{expected result type with stride = 8 instead of 16 in dim = 0}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [16, 16], strides: [8, 1] : memref<16x16xf32> to memref<16x16xf32>
  return
}

// -----

func.func @reinterpret_element(%m: memref<16x16xf32>) {
  // expected-error@+1 {{different element types specified for source type 'memref<16x16xf32>' and result memref type 'memref<256xi32>'}}
  %0 = memref.reinterpret_cast %m to offset: [0], sizes: [256], strides: [1] : memref<16x16xf32> to memref<256xi32>
  return
}

// -----

func.func @dealloc_type(%f: f32) {
  // expected-error@+1 {{'memref.dealloc' op operand #0 must be ranked or unranked memref of any type values, but got 'f32'}}
  "memref.dealloc"(%f) : (f32) -> ()
  return
}

// -----

func.func @load_type(%f: f32, %i: index) {
  // expected-error@+1 {{custom op 'memref.load' invalid kind of type specified: expected builtin.memref, but found 'f32'}}
  %0 = memref.load %f[%i] : f32
  return
}

// -----

func.func @dim_type(%f: memref<f32>, %i: index) {
  // expected-error@+1 {{'memref.dim' op operand #0 must be unranked.memref of any type values or non-0-ranked.memref of any type values, but got 'memref<f32>'}}
  %0 = memref.dim %f, %i : memref<f32>
  return
}

// -----

func.func @subview_offset_out_of_bounds(%m: memref<16x4xf32>) {
  // expected-error@+1 {{offset 1 is out-of-bounds: 4 >= 4}}
  %0 = memref.subview %m[0, 4] [1, 1] [1, 1] : memref<16x4xf32> to memref<1x1xf32, strided<[4, 1], offset: 4>>
  return
}

// -----

func.func @subview_slice_out_of_bounds(%m: memref<16x4xf32>) {
  // expected-error@+1 {{slice along dimension 0 runs out-of-bounds: 18 >= 16}}
  %0 = memref.subview %m[2, 0] [9, 4] [2, 1] : memref<16x4xf32> to memref<9x4xf32, strided<[8, 1], offset: 8>>
  return
}

// -----

func.func @reshape_layout(%m: memref<4x8xf32>) {
  // expected-error@+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<32xf32>' but found 'memref<32xf32, strided<[1]>>'}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32> into memref<32xf32, strided<[1]>>
  return
}

// -----

func.func @reshape_layout(%m: memref<4x8xf32, strided<[16, 1]>>) {
  // expected-error@+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32, strided<[16, 1]>> into memref<32xf32>
  return
}

// -----

func.func @reshape_layout(%m: memref<4x8x2xf32, strided<[32, 2, 1], offset: 5>>) {
  // expected-error@+1 {{'memref.collapse_shape' op expected collapsed type to be 'memref<4x16xf32, strided<[32, 1], offset: 5>>' but found 'memref<4x16xf32>'}}
  %0 = memref.collapse_shape %m [[0], [1, 2]] : memref<4x8x2xf32, strided<[32, 2, 1], offset: 5>> into memref<4x16xf32>
  return
}

// -----

func.func @reshape_layout(%m: memref<32xf32>) {
  // expected-error@+1 {{'memref.expand_shape' op expected expanded type to be 'memref<4x8xf32>' but found 'memref<4x8xf32, strided<[8, 1]>>'}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4, 8] : memref<32xf32> into memref<4x8xf32, strided<[8, 1]>>
  return
}

// -----

func.func @reshape_layout(%m: memref<32xf32, strided<[2], offset: 3>>) {
  // expected-error@+1 {{'memref.expand_shape' op expected expanded type to be 'memref<4x8xf32, strided<[16, 2], offset: 3>>' but found 'memref<4x8xf32>'}}
  %0 = memref.expand_shape %m [[0, 1]] output_shape [4, 8] : memref<32xf32, strided<[2], offset: 3>> into memref<4x8xf32>
  return
}

// -----

func.func @reshape_layout(%m: memref<4x8xf32, strided<[16, 1]>>) {
  // expected-error@+1 {{'memref.collapse_shape' op invalid source layout map or collapsing non-contiguous dims}}
  %0 = memref.collapse_shape %m [[0, 1]] : memref<4x8xf32, strided<[16, 1]>> into memref<32xf32, strided<[1]>>
  return
}

// -----

func.func @subview_result(%m: memref<16x16xf32>) {
  // expected-error@+1 {{expected result rank to be smaller or equal to the source rank, but got 'memref<4x4x1xf32, strided<[16, 1, 1]>>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<16x16xf32> to memref<4x4x1xf32, strided<[16, 1, 1]>>
  return
}

// -----

func.func @subview_result(%m: memref<16x16xf32>) {
  // expected-error@+1 {{expected result element type to be 'f32', but got 'memref<4x4xi32, strided<[16, 1]>>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<16x16xf32> to memref<4x4xi32, strided<[16, 1]>>
  return
}

// -----

func.func @subview_result(%m: memref<16x16xf32>) {
  // expected-error@+1 {{expected result type to be 'memref<4x4xf32, strided<[16, 1]>>' or a rank-reduced version. (mismatch of result layout), but got 'memref<4x4xf32, strided<[16, 1], offset: 2>>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<16x16xf32> to memref<4x4xf32, strided<[16, 1], offset: 2>>
  return
}

// -----

func.func @subview_result(%m: memref<16x16xf32>) {
  // expected-error@+1 {{different memory spaces specified for base memref type 'memref<16x16xf32>' and subview memref type 'memref<4x4xf32, strided<[16, 1]>, 1>'}}
  %0 = memref.subview %m[0, 0] [4, 4] [1, 1] : memref<16x16xf32> to memref<4x4xf32, strided<[16, 1]>, 1>
  return
}

// -----

// Layouts must match the memref's rank (an identity map of another rank used to be dropped
// silently, a wrong-rank map or stride list kept).

// expected-error@+1 {{memref layout mismatch between rank and affine map: 2 != 1}}
func.func @layout_rank(%a: memref<4x4xf32, affine_map<(d0) -> (d0)>>) {
  return
}

// -----

// expected-error@+1 {{memref layout mismatch between rank and affine map: 1 != 2}}
func.func @layout_rank_wider(%a: memref<4xf32, affine_map<(d0, d1) -> (d0 + d1)>>) {
  return
}

// -----

// expected-error@+1 {{expected the number of strides to match the rank}}
func.func @strided_rank(%a: memref<4x4xf32, strided<[1]>>) {
  return
}

// -----

// expected-error@+1 {{cannot have affine map for unranked memref type}}
func.func @unranked_layout(%a: memref<*xf32, affine_map<(d0) -> (d0)>>) {
  return
}
