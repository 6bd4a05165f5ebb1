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
"builtin.module"() ({
  "func.func"() <{function_type = (index) -> index, sym_name = "sum_to"}> ({
  ^bb0(%arg0: index):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "scf.for"(%0, %arg0, %1, %0) ({
    ^bb0(%arg1: index, %arg2: index):
      %3 = "arith.addi"(%arg2, %arg1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
      "scf.yield"(%3) : (index) -> ()
    }) : (index, index, index, index) -> index
    "func.return"(%2) : (index) -> ()
  }) : () -> ()
}) : () -> ()

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
"builtin.module"() ({
  "func.func"() <{function_type = (i1, f32, f32) -> f32, sym_name = "choose"}> ({
  ^bb0(%arg3: i1, %arg4: f32, %arg5: f32):
    %1 = "scf.if"(%arg3) ({
      %3 = "arith.addf"(%arg4, %arg5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "scf.yield"(%3) : (f32) -> ()
    }, {
      %2 = "arith.mulf"(%arg4, %arg5) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "scf.yield"(%2) : (f32) -> ()
    }) : (i1) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i1, memref<4xf32>, f32) -> (), sym_name = "maybe_store"}> ({
  ^bb0(%arg0: i1, %arg1: memref<4xf32>, %arg2: f32):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    "scf.if"(%arg0) ({
      "memref.store"(%arg2, %arg1, %0) : (f32, memref<4xf32>, index) -> ()
      "scf.yield"() : () -> ()
    }, {
    }) : (i1) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----

// scf.parallel runs serially: one loop per dimension; a reduction accumulates in an entry-block
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
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?x?xf32>) -> f32, sym_name = "total"}> ({
  ^bb0(%arg0: memref<?x?xf32>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %3 = "memref.dim"(%arg0, %0) : (memref<?x?xf32>, index) -> index
    %4 = "memref.dim"(%arg0, %1) : (memref<?x?xf32>, index) -> index
    %5 = "scf.parallel"(%0, %0, %3, %4, %1, %1, %2) <{operandSegmentSizes = array<i32: 2, 2, 2, 1>}> ({
    ^bb0(%arg1: index, %arg2: index):
      %6 = "memref.load"(%arg0, %arg1, %arg2) : (memref<?x?xf32>, index, index) -> f32
      "scf.reduce"(%6) ({
      ^bb0(%arg3: f32, %arg4: f32):
        %7 = "arith.addf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "scf.reduce.return"(%7) : (f32) -> ()
      }) : (f32) -> ()
    }) : (index, index, index, index, index, index, f32) -> f32
    "func.return"(%5) : (f32) -> ()
  }) : () -> ()
}) : () -> ()
