// RUN: llh-opt %s --emit=llvm -O0 | filecheck %s
// RUN: llh-opt %s --emit=header | filecheck %s --check-prefix=HEADER

// The C interface: `_mlir_ciface_<name>` takes a result pointer first (a memref result) and a
// pointer to each memref argument's descriptor; scalars are passed by value. `<name>_status`
// clears the thread-local error state, calls it and reports whether a shape check failed.
// `llh_shape_error` is defined here (internal): it keeps the first error of the call.

// CHECK: @llh_error_state = weak thread_local global { ptr, i64, i64, i64, i64 } zeroinitializer
// CHECK: @__llh_check_0 = private unnamed_addr constant [{{[0-9]+}} x i8] c"argument 0 (%x) dimension 1 (symbol s1)\00"
// CHECK: @__llh_shape_checks = internal constant [1 x ptr] [ptr @__llh_check_0]
// CHECK: @llh_error_message = weak thread_local global [512 x i8] zeroinitializer

// CHECK-LABEL: define internal void @llh_shape_error(i32 %id, i64 %expected, i64 %actual)
// CHECK: %[[CUR:.*]] = load ptr, ptr @llh_error_state
// CHECK-NEXT: %[[NONE:.*]] = icmp eq ptr %[[CUR]], null
// CHECK-NEXT: br i1 %[[NONE]], label %first, label %done
// CHECK: first:
// CHECK-NEXT: store ptr @__llh_shape_checks, ptr @llh_error_state

// The public function's core is internal (memref arguments exploded); it clears the error
// state on entry.
// CHECK-LABEL: define internal { ptr, ptr, i64, [2 x i64], [2 x i64] } @square(ptr %arg0.allocated, ptr %arg0.aligned, i64 %arg0.offset, i64 %arg0.size0, i64 %arg0.size1, i64 %arg0.stride0, i64 %arg0.stride1, i64 %arg1)
// CHECK: body:
// CHECK: store ptr null, ptr @llh_error_state
// CHECK: call void @llh_shape_error(i32 0, i64 %{{.*}}, i64 %{{.*}})

// CHECK-LABEL: define weak ptr @llh_last_error()
// CHECK: call i32 (ptr, i64, ptr, ...) @snprintf(ptr @llh_error_message, i64 512, ptr @__llh_fmt_named
// CHECK-LABEL: define weak ptr @llh_manifest()

// CHECK-LABEL: define void @_mlir_ciface_square(ptr %result, ptr %arg0, i64 %arg1)
// CHECK: %[[D:.*]] = load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr %arg0
// CHECK: %[[R:.*]] = call { ptr, ptr, i64, [2 x i64], [2 x i64] } @square(
// CHECK-NEXT: store { ptr, ptr, i64, [2 x i64], [2 x i64] } %[[R]], ptr %result

// CHECK-LABEL: define i32 @square_status(ptr %result, ptr %arg0, i64 %arg1)
// CHECK: store ptr null, ptr @llh_error_state
// CHECK-NEXT: call void @_mlir_ciface_square(ptr %result, ptr %arg0, i64 %arg1)
// CHECK-NEXT: %[[T:.*]] = load ptr, ptr @llh_error_state
// CHECK-NEXT: %[[F:.*]] = icmp ne ptr %[[T]], null
// CHECK-NEXT: %[[S:.*]] = zext i1 %[[F]] to i32
// CHECK-NEXT: ret i32 %[[S]]

// A single scalar result is returned by value; the status wrapper stores it.
// CHECK-LABEL: define float @_mlir_ciface_scale(float %arg0)
// CHECK-LABEL: define i32 @scale_status(ptr %result, float %arg0)
// CHECK: %[[V:.*]] = call float @_mlir_ciface_scale(float %arg0)
// CHECK-NEXT: store float %[[V]], ptr %result

// HEADER: typedef struct { float *allocated; float *aligned; int64_t offset; int64_t sizes[2]; int64_t strides[2]; } llh_memref_2d_f32;
// HEADER: /* square: (memref<?x?xf32>, index) -> (memref<?x?xf32>) */
// HEADER-NEXT: void _mlir_ciface_square(llh_memref_2d_f32 *result, llh_memref_2d_f32 *arg0, int64_t arg1);
// HEADER-NEXT: int32_t square_status(llh_memref_2d_f32 *result, llh_memref_2d_f32 *arg0, int64_t arg1);
// HEADER: /* scale: (f32) -> (f32) */
// HEADER-NEXT: float _mlir_ciface_scale(float arg0);
// HEADER-NEXT: int32_t scale_status(float *result, float arg0);
// HEADER: const char *llh_last_error(void);
module attributes {llh.shape_checks = ["argument 0 (%x) dimension 1 (symbol s1)"]} {
  func.func private @llh_shape_error(i32, i64, i64)
  func.func @square(%arg0: memref<?x?xf32>, %arg1: index) -> memref<?x?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i32 = arith.constant 0 : i32
    %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
    %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf32>
    %0 = arith.cmpi ne, %dim_0, %dim : index
    scf.if %0 {
      %1 = arith.index_cast %dim : index to i64
      %2 = arith.index_cast %dim_0 : index to i64
      func.call @llh_shape_error(%c0_i32, %1, %2) : (i32, i64, i64) -> ()
    }
    cf.cond_br %0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %alloc = memref.alloc(%c0, %c0) : memref<?x?xf32>
    return %alloc : memref<?x?xf32>
  ^bb2:  // pred: ^bb0
    %alloc_1 = memref.alloc(%dim, %dim) : memref<?x?xf32>
    memref.copy %arg0, %alloc_1 : memref<?x?xf32> to memref<?x?xf32>
    return %alloc_1 : memref<?x?xf32>
  }
  func.func @scale(%arg0: f32) -> f32 {
    %cst = arith.constant 2.000000e+00 : f32
    %0 = arith.mulf %arg0, %cst : f32
    return %0 : f32
  }
}
