// RUN: llh-opt %s --split-input-file --emit=llvm -O0 | filecheck %s

// scf.for: a header block with the induction variable and the carried values as phis, a signed
// `<` test against the upper bound, the body, and the increment on the back edge.
// CHECK-LABEL: define internal i64 @sum_to(i64 %{{.*}})
// CHECK: br label %[[HEAD:for.header]]
// CHECK: [[HEAD]]:
// CHECK-NEXT: %[[IV:.*]] = phi i64 [ 0, %body ], [ %[[NEXT:.*]], %[[LATCH:.*]] ]
// CHECK-NEXT: %[[ACC:.*]] = phi i64 [ 0, %body ], [ %[[SUM:.*]], %[[LATCH]] ]
// CHECK-NEXT: %[[C:.*]] = icmp slt i64 %[[IV]], %{{.*}}
// CHECK-NEXT: br i1 %[[C]], label %[[BODY:.*]], label %[[EXIT:.*]]
// CHECK: [[BODY]]:
// CHECK-NEXT: %[[SUM]] = add i64 %[[ACC]], %[[IV]]
// CHECK-NEXT: %[[NEXT]] = add i64 %[[IV]], 1
// CHECK-NEXT: br label %[[HEAD]]
// CHECK: [[EXIT]]:
// CHECK-NEXT: ret i64 %[[ACC]]
module {
  func.func @sum_to(%arg0: index) -> index {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %c0) -> (index) {
      %1 = arith.addi %arg2, %arg1 : index
      scf.yield %1 : index
    }
    return %0 : index
  }
}

// -----

// scf.if with results: a diamond whose merge block has one phi per result.
// CHECK-LABEL: define internal float @choose(i1 %{{.*}}, float %{{.*}}, float %{{.*}})
// CHECK: br i1 %{{.*}}, label %if.then, label %if.else
// CHECK: if.then:
// CHECK: %[[T:.*]] = fadd float
// CHECK: br label %if.end
// CHECK: if.else:
// CHECK: %[[E:.*]] = fmul float
// CHECK: br label %if.end
// CHECK: if.end:
// CHECK-NEXT: %[[P:.*]] = phi float [ %[[T]], %if.then ], [ %[[E]], %if.else ]
// CHECK-NEXT: ret float %[[P]]

// An scf.if without else branches straight to the merge block.
// CHECK-LABEL: define internal void @maybe_store(
// CHECK: br i1 %{{.*}}, label %if.then, label %if.end
module {
  func.func @choose(%arg0: i1, %arg1: f32, %arg2: f32) -> f32 {
    %0 = scf.if %arg0 -> (f32) {
      %1 = arith.addf %arg1, %arg2 : f32
      scf.yield %1 : f32
    } else {
      %1 = arith.mulf %arg1, %arg2 : f32
      scf.yield %1 : f32
    }
    return %0 : f32
  }
  func.func @maybe_store(%arg0: i1, %arg1: memref<4xf32>, %arg2: f32) {
    %c0 = arith.constant 0 : index
    scf.if %arg0 {
      memref.store %arg2, %arg1[%c0] : memref<4xf32>
    }
    return
  }
}

// -----

// scf.parallel with a reduction runs serially (not on the thread pool): one loop per dimension;
// the reduction accumulates in an entry-block
// stack slot (promoted to a register by LLVM's mem2reg/SROA at -O1 and above).
// CHECK-LABEL: define internal float @total(
// CHECK: entry:
// CHECK-NEXT: %[[SLOT:.*]] = alloca float
// CHECK: store float 0.000000e+00, ptr %[[SLOT]]
// CHECK: par.header:
// CHECK: par.exit:
// CHECK-NEXT: %[[R:.*]] = load float, ptr %[[SLOT]]
// CHECK-NEXT: ret float %[[R]]
// CHECK: par.header.1:
// CHECK: %[[X:.*]] = load float, ptr
// CHECK: %[[ACC:.*]] = load float, ptr %[[SLOT]]
// CHECK-NEXT: %[[S:.*]] = fadd float %[[ACC]], %[[X]]
// CHECK-NEXT: store float %[[S]], ptr %[[SLOT]]
module {
  func.func @total(%arg0: memref<?x?xf32>) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 0.000000e+00 : f32
    %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
    %dim_0 = memref.dim %arg0, %c1 : memref<?x?xf32>
    %0 = scf.parallel (%arg1, %arg2) = (%c0, %c0) to (%dim, %dim_0) step (%c1, %c1) init (%cst) -> f32 {
      %1 = memref.load %arg0[%arg1, %arg2] : memref<?x?xf32>
      scf.reduce(%1 : f32) {
      ^bb0(%arg3: f32, %arg4: f32):
        %2 = arith.addf %arg3, %arg4 : f32
        scf.reduce.return %2 : f32
      }
    }
    return %0 : f32
  }
}
