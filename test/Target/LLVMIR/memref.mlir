// RUN: llh-opt %s --split-input-file --emit=llvm -O0 | filecheck %s
// Memref arguments are exploded into descriptor fields {allocated, aligned, offset, sizes, strides}
// and packed again into the descriptor struct; a load addresses aligned + i*stride0 + j, the
// static inner stride (1) and the row stride of a static shape (4) being constants.
// CHECK-LABEL: define internal float @load2d(ptr %{{.*}}, ptr %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, i64 %{{.*}})
// CHECK: insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } undef, ptr
// CHECK: %[[AL:.*]] = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %{{.*}}, 1
// CHECK-NEXT: %[[ROW:.*]] = mul i64 %{{.*}}, 4
// CHECK-NEXT: %[[LIN:.*]] = add i64 %[[ROW]], %{{.*}}
// CHECK-NEXT: %[[P:.*]] = getelementptr inbounds float, ptr %[[AL]], i64 %[[LIN]]
// CHECK-NEXT: load float, ptr %[[P]]
// A dynamic row stride comes from the descriptor.
// CHECK-LABEL: define internal void @store_dyn(
// CHECK: %[[ST:.*]] = extractvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %{{.*}}, 4, 0
// CHECK-NEXT: mul i64 %{{.*}}, %[[ST]]
// CHECK: store double
"builtin.module"() ({
  "func.func"() <{function_type = (memref<3x4xf32>, index, index) -> f32, sym_name = "load2d"}> ({
  ^bb0(%arg3: memref<3x4xf32>, %arg4: index, %arg5: index):
    %0 = "memref.load"(%arg3, %arg4, %arg5) : (memref<3x4xf32>, index, index) -> f32
    "func.return"(%0) : (f32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (memref<?x?xf64>, index, f64) -> (), sym_name = "store_dyn"}> ({
  ^bb0(%arg0: memref<?x?xf64>, %arg1: index, %arg2: f64):
    "memref.store"(%arg2, %arg0, %arg1, %arg1) : (f64, memref<?x?xf64>, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// alloc: malloc(bytes + alignment - 1), aligned pointer rounded up inside it, row-major strides;
// dealloc frees the allocated pointer.
// CHECK-LABEL: define internal void @alloc_free(i64 %{{.*}})
// CHECK: %[[N4:.*]] = mul i64 %[[N:.*]], 16
// CHECK: %[[BYTES:.*]] = mul i64 %{{.*}}, 4
// CHECK-NEXT: %[[PAD:.*]] = add i64 %[[BYTES]], 63
// CHECK-NEXT: %[[RAW:.*]] = call ptr @malloc(i64 %[[PAD]])
// CHECK-NEXT: %[[ADDR:.*]] = ptrtoint ptr %[[RAW]] to i64
// CHECK-NEXT: %[[NEG:.*]] = sub i64 0, %[[ADDR]]
// CHECK-NEXT: %[[OFF:.*]] = and i64 %[[NEG]], 63
// CHECK-NEXT: %[[ALIGNED:.*]] = getelementptr inbounds i8, ptr %[[RAW]], i64 %[[OFF]]
// CHECK: %[[A:.*]] = extractvalue { ptr, ptr, i64, [3 x i64], [3 x i64] } %{{.*}}, 0
// CHECK-NEXT: call void @free(ptr %[[A]])
// A static alloca is a stack slot in the entry block.
// CHECK-LABEL: define internal void @stack(
// CHECK: entry:
// CHECK-NEXT: alloca [8 x i32]
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> (), sym_name = "alloc_free"}> ({
  ^bb0(%arg1: index):
    %2 = "memref.alloc"(%arg1) <{alignment = 64 : i64, operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?x4x4xf32>
    "memref.dealloc"(%2) : (memref<?x4x4xf32>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> (), sym_name = "stack"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "memref.alloca"() <{operandSegmentSizes = array<i32: 0, 0>}> : () -> memref<2x4xi32>
    "memref.store"(%arg0, %1, %0, %0) : (i32, memref<2x4xi32>, index, index) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// Views share the buffer: subview offsets accumulate offset*stride, collapse_shape multiplies
// sizes, expand_shape splits a stride; memref.copy of identity layouts is one memcpy.
// CHECK-LABEL: define internal { ptr, ptr, i64, [1 x i64], [1 x i64] } @views(
// CHECK: insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %{{.*}}, i64 4, 2
// CHECK-NEXT: insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %{{.*}}, i64 2, 3, 0
// CHECK: call void @llvm.memcpy.p0.p0.i64(ptr %{{.*}}, ptr %{{.*}}, i64 %{{.*}}, i1 false)
// A copy out of a strided view is an element loop.
// CHECK-LABEL: define internal void @strided_copy(
// CHECK: copy.header:
// CHECK: copy.header.1:
// CHECK: load i16
// CHECK: store i16
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?x4xf32>, index) -> memref<?xf32>, sym_name = "views"}> ({
  ^bb0(%arg2: memref<?x4xf32>, %arg3: index):
    %1 = "memref.subview"(%arg2) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 1, 0>, static_sizes = array<i64: 2, 4>, static_strides = array<i64: 1, 1>}> : (memref<?x4xf32>) -> memref<2x4xf32, strided<[4, 1], offset: 4>>
    %2 = "memref.collapse_shape"(%arg2) <{reassociation = [[0, 1]]}> : (memref<?x4xf32>) -> memref<?xf32>
    %3 = "memref.expand_shape"(%2, %arg3) <{reassociation = [[0, 1]], static_output_shape = array<i64: -9223372036854775808, 4>}> : (memref<?xf32>, index) -> memref<?x4xf32>
    "memref.copy"(%arg2, %3) : (memref<?x4xf32>, memref<?x4xf32>) -> ()
    "func.return"(%2) : (memref<?xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (memref<4x4xi16>, memref<2x2xi16>) -> (), sym_name = "strided_copy"}> ({
  ^bb0(%arg0: memref<4x4xi16>, %arg1: memref<2x2xi16>):
    %0 = "memref.subview"(%arg0) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>, static_offsets = array<i64: 0, 0>, static_sizes = array<i64: 2, 2>, static_strides = array<i64: 2, 2>}> : (memref<4x4xi16>) -> memref<2x2xi16, strided<[8, 2]>>
    "memref.copy"(%0, %arg1) : (memref<2x2xi16, strided<[8, 2]>>, memref<2x2xi16>) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// Globals: a small constant has an LLVM initializer; get_global builds a descriptor over it
// (allocated and aligned both point at the global).
// CHECK: @small = internal constant [4 x float] [float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00], align 64
// CHECK: @zeros = internal global [16 x i32] zeroinitializer, align 64
// CHECK-LABEL: define internal float @read_global(
// CHECK: insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } undef, ptr @small, 0
// CHECK-NEXT: insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %{{.*}}, ptr @small, 1
"builtin.module"() ({
  "memref.global"() <{alignment = 64 : i64, constant, initial_value = dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>, sym_name = "small", sym_visibility = "private", type = memref<2x2xf32>}> : () -> ()
  "memref.global"() <{initial_value = dense<0> : tensor<16xi32>, sym_name = "zeros", sym_visibility = "private", type = memref<16xi32>}> : () -> ()
  "func.func"() <{function_type = (index) -> f32, sym_name = "read_global"}> ({
  ^bb0(%arg0: index):
    %0 = "memref.get_global"() <{name = @small}> : () -> memref<2x2xf32>
    %1 = "memref.load"(%0, %arg0, %arg0) : (memref<2x2xf32>, index, index) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
}) : () -> ()
