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
"builtin.module"() ({
  "func.func"() <{function_type = (i64, f32) -> (i64, f32), sym_name = "pair", sym_visibility = "private"}> ({
  ^bb0(%arg4: i64, %arg5: f32):
    "func.return"(%arg4, %arg5) : (i64, f32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i1, i64, memref<?xf32>) -> i64, sym_name = "branches"}> ({
  ^bb0(%arg1: i1, %arg2: i64, %arg3: memref<?xf32>):
    %2 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %3 = "arith.constant"() <{value = 2 : i64}> : () -> i64
    %4:2 = "func.call"(%arg2, %2) <{callee = @pair}> : (i64, f32) -> (i64, f32)
    %5 = "func.call"(%arg3) <{callee = @first}> : (memref<?xf32>) -> f32
    "cf.cond_br"(%arg1)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()
  ^bb1:  // pred: ^bb0
    "cf.br"(%4#0)[^bb3] : (i64) -> ()
  ^bb2:  // pred: ^bb0
    %6 = "arith.muli"(%4#0, %3) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    "cf.br"(%6)[^bb3] : (i64) -> ()
  ^bb3(%7: i64):  // 2 preds: ^bb1, ^bb2
    "func.return"(%7) : (i64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (memref<?xf32>) -> f32, sym_name = "first", sym_visibility = "private"}> ({
  ^bb0(%arg0: memref<?xf32>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "memref.load"(%arg0, %0) : (memref<?xf32>, index) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f64) -> f64, sym_name = "external_fn", sym_visibility = "private"}> ({
  }) : () -> ()
}) : () -> ()
