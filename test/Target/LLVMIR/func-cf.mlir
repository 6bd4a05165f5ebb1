// RUN: llh-opt %s --emit=llvm -O0 | filecheck %s

// Blocks become LLVM blocks, block arguments phis; a call passes memref descriptors as their
// fields and unpacks several results from a struct.
// CHECK-LABEL: define internal { i64, float } @pair(i64 %arg0, float %arg1)
// CHECK: insertvalue { i64, float } undef, i64 %arg0, 0
// CHECK: ret { i64, float }
// CHECK-LABEL: define internal i64 @branches(i1 %arg0, i64 %arg1, ptr %arg2.allocated
// CHECK: %[[P:.*]] = call { i64, float } @pair(i64 %arg1, float 1.000000e+00)
// CHECK-NEXT: %[[A:.*]] = extractvalue { i64, float } %[[P]], 0
// CHECK: call float @first(ptr %{{.*}}, ptr %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, i64 %{{.*}})
// CHECK: br i1 %arg0, label %bb1, label %bb2
// CHECK: bb1:
// CHECK-NEXT: br label %bb3
// CHECK: bb2:
// CHECK-NEXT: %[[D:.*]] = mul i64 %[[A]], 2
// CHECK-NEXT: br label %bb3
// CHECK: bb3:
// CHECK-NEXT: %[[R:.*]] = phi i64 {{\[ %[^,]+, %bb[12] \], \[ %[^,]+, %bb[12] \]}}
// CHECK-NEXT: ret i64 %[[R]]
// CHECK-LABEL: define internal float @first(

// A declaration becomes an external declaration.
// CHECK: declare double @external_fn(double)
module {
  func.func private @pair(%arg0: i64, %arg1: f32) -> (i64, f32) {
    return %arg0, %arg1 : i64, f32
  }
  func.func @branches(%arg0: i1, %arg1: i64, %arg2: memref<?xf32>) -> i64 {
    %cst = arith.constant 1.000000e+00 : f32
    %c2_i64 = arith.constant 2 : i64
    %0:2 = call @pair(%arg1, %cst) : (i64, f32) -> (i64, f32)
    %1 = call @first(%arg2) : (memref<?xf32>) -> f32
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    cf.br ^bb3(%0#0 : i64)
  ^bb2:  // pred: ^bb0
    %2 = arith.muli %0#0, %c2_i64 : i64
    cf.br ^bb3(%2 : i64)
  ^bb3(%3: i64):  // 2 preds: ^bb1, ^bb2
    return %3 : i64
  }
  func.func private @first(%arg0: memref<?xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %0 = memref.load %arg0[%c0] : memref<?xf32>
    return %0 : f32
  }
  func.func private @external_fn(f64) -> f64
}
