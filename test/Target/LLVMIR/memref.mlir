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
module {
  func.func @load2d(%arg0: memref<3x4xf32>, %arg1: index, %arg2: index) -> f32 {
    %0 = memref.load %arg0[%arg1, %arg2] : memref<3x4xf32>
    return %0 : f32
  }
  func.func @store_dyn(%arg0: memref<?x?xf64>, %arg1: index, %arg2: f64) {
    memref.store %arg2, %arg0[%arg1, %arg1] : memref<?x?xf64>
    return
  }
}

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
module {
  func.func @alloc_free(%arg0: index) {
    %alloc = memref.alloc(%arg0) {alignment = 64 : i64} : memref<?x4x4xf32>
    memref.dealloc %alloc : memref<?x4x4xf32>
    return
  }
  func.func @stack(%arg0: i32) {
    %c0 = arith.constant 0 : index
    %alloca = memref.alloca() : memref<2x4xi32>
    memref.store %arg0, %alloca[%c0, %c0] : memref<2x4xi32>
    return
  }
}

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
module {
  func.func @views(%arg0: memref<?x4xf32>, %arg1: index) -> memref<?xf32> {
    %subview = memref.subview %arg0[1, 0] [2, 4] [1, 1] : memref<?x4xf32> to memref<2x4xf32, strided<[4, 1], offset: 4>>
    %collapse_shape = memref.collapse_shape %arg0 [[0, 1]] : memref<?x4xf32> into memref<?xf32>
    %expand_shape = memref.expand_shape %collapse_shape [[0, 1]] output_shape [%arg1, 4] : memref<?xf32> into memref<?x4xf32>
    memref.copy %arg0, %expand_shape : memref<?x4xf32> to memref<?x4xf32>
    return %collapse_shape : memref<?xf32>
  }
  func.func @strided_copy(%arg0: memref<4x4xi16>, %arg1: memref<2x2xi16>) {
    %subview = memref.subview %arg0[0, 0] [2, 2] [2, 2] : memref<4x4xi16> to memref<2x2xi16, strided<[8, 2]>>
    memref.copy %subview, %arg1 : memref<2x2xi16, strided<[8, 2]>> to memref<2x2xi16>
    return
  }
}

// -----

// Globals: a small constant has an LLVM initializer; get_global builds a descriptor over it
// (`allocated` is null: not heap memory, `free` of it does nothing).
// CHECK: @small = internal constant [4 x float] [float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00], align 64
// CHECK: @zeros = internal global [16 x i32] zeroinitializer, align 64
// CHECK-LABEL: define internal float @read_global(
// CHECK: insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } undef, ptr null, 0
// CHECK-NEXT: insertvalue { ptr, ptr, i64, [2 x i64], [2 x i64] } %{{.*}}, ptr @small, 1
module {
  memref.global "private" constant @small : memref<2x2xf32> = dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> {alignment = 64 : i64}
  memref.global "private" @zeros : memref<16xi32> = dense<0>
  func.func @read_global(%arg0: index) -> f32 {
    %0 = memref.get_global @small : memref<2x2xf32>
    %1 = memref.load %0[%arg0, %arg0] : memref<2x2xf32>
    return %1 : f32
  }
}
