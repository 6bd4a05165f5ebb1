// RUN: llh-opt %s --split-input-file --emit=llvm -O0 | filecheck %s
// RUN: llh-opt %s --split-input-file --emit=llvm -O0 | filecheck %s --check-prefix=POOL
// RUN: llh-opt %s --split-input-file --emit=llvm -O0 --threads=3 | filecheck %s --check-prefix=THREE
// RUN: llh-opt %s --split-input-file --emit=llvm -O2 | filecheck %s --check-prefix=OPT
// RUN: not llh-opt %s --emit=llvm --threads=-1 2>&1 | filecheck %s --check-prefix=BAD

// The outermost scf.parallel is outlined: all dimensions but the last are linearized into the
// range [begin, end) of @scale.par0 (the last stays a whole inner loop); the values the body
// uses (the descriptors and %s) travel in a context struct on the caller's stack, constants
// stay constants. The caller calls the pool with the trip count, a cost estimate per iteration
// (ops x the inner trip count) and the compile-time thread count (0 = the online CPUs).
// CHECK-LABEL: define internal void @scale(
// CHECK: entry:
// CHECK-NEXT: %[[CTX:.*]] = alloca { { ptr, ptr, i64, [2 x i64], [2 x i64] }, float, { ptr, ptr, i64, [2 x i64], [2 x i64] }, i64, i64, i64 }
// CHECK: store float %arg2, ptr
// CHECK: call void @__llh_pool_parallel(ptr @scale.par0, ptr %[[CTX]], i64 %[[TOTAL:.*]], i64 %{{.*}}, i32 0)
// CHECK-NEXT: ret void
// CHECK-LABEL: define internal void @scale.par0(ptr %ctx, i64 %begin, i64 %end)
// CHECK: load { ptr, ptr, i64, [2 x i64], [2 x i64] }, ptr
// CHECK: load float, ptr
// CHECK: chunk.header:
// CHECK-NEXT: %chunk.iv = phi i64 [ %begin, %body ]
// CHECK: icmp slt i64 %chunk.iv, %end
// CHECK: par.header:
// CHECK: par.body:
// CHECK: fmul float
// CHECK: ret void
// The pool lives in the object: weak globals and entry (shared by several models in one
// program), pthread workers, a claim counter updated with cmpxchg, the env variable name.
// POOL-DAG: @__llh_pool_mutex = weak global [64 x i8] zeroinitializer
// POOL-DAG: @__llh_pool_next = weak global i64 0, align 64
// POOL-DAG: @__llh_pool_env_name = internal constant [16 x i8] c"LLH_NUM_THREADS\00"
// POOL-DAG: define internal void @__llh_pool_chunks(
// POOL-DAG: cmpxchg ptr @__llh_pool_next
// POOL-DAG: define internal ptr @__llh_pool_worker(
// POOL-DAG: call i32 @pthread_cond_wait(ptr @__llh_pool_cv_work, ptr @__llh_pool_mutex)
// POOL-DAG: define weak void @__llh_pool_parallel(ptr %body, ptr %ctx, i64 %total, i64 %cost, i32 %threads)
// POOL-DAG: call ptr @getenv(ptr @__llh_pool_env_name)
// POOL-DAG: call i32 @pthread_create(
// POOL-DAG: declare i32 @pthread_mutex_lock(ptr)
// THREE: call void @__llh_pool_parallel(ptr @scale.par0, ptr %{{.*}}, i64 %{{.*}}, i64 %{{.*}}, i32 3)
// At -O2 the body's inner loop is vectorized as usual.
// OPT: define internal void @scale.par0(
// OPT: <{{[0-9]+}} x float>
// OPT: call void @__llh_pool_parallel(ptr nonnull @scale.par0,
// BAD: llh-opt: error: invalid thread count '-1' (for --threads: a number, 0 = the online CPUs)
module {
  func.func @scale(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>, %s: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %d0 = memref.dim %arg0, %c0 : memref<?x?xf32>
    %d1 = memref.dim %arg0, %c1 : memref<?x?xf32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%d0, %d1) step (%c1, %c1) {
      %v = memref.load %arg0[%i, %j] : memref<?x?xf32>
      %w = arith.mulf %v, %s : f32
      memref.store %w, %arg1[%i, %j] : memref<?x?xf32>
      scf.reduce
    }
    return
  }
}

// -----

// A body with loops of its own: every dimension is linearized (begin is split into the
// multi-index with urem/udiv once, then incremented with wrap-around selects). A nested
// scf.parallel inside the outlined body runs serially (no second pool call, no second outlined
// function), as does a parallel loop with a reduction.
// CHECK-LABEL: define internal void @rows(
// CHECK: call void @__llh_pool_parallel(ptr @rows.par0,
// CHECK-NOT: call void @__llh_pool_parallel
// CHECK: ret void
// CHECK-LABEL: define internal void @rows.par0(
// CHECK: urem i64 %begin
// CHECK: udiv i64 %begin
// CHECK: chunk.header:
// CHECK: par.header:
// CHECK: par.exit:
// CHECK: %[[WRAP:.*]] = icmp eq i64
// CHECK-NEXT: select i1 %[[WRAP]], i64 0,
// CHECK: par.header.1:
// CHECK-NOT: @__llh_pool_parallel(
// CHECK: ret void
// CHECK-NOT: define internal void @rows.par1
module {
  func.func @rows(%arg0: memref<?x?x?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %cst = arith.constant 0.000000e+00 : f32
    %d0 = memref.dim %arg0, %c0 : memref<?x?x?x?xf32>
    %d1 = memref.dim %arg0, %c1 : memref<?x?x?x?xf32>
    %d2 = memref.dim %arg0, %c2 : memref<?x?x?x?xf32>
    %d3 = memref.dim %arg0, %c3 : memref<?x?x?x?xf32>
    scf.parallel (%i, %j) = (%c0, %c0) to (%d0, %d1) step (%c1, %c1) {
      scf.parallel (%k, %l) = (%c0, %c0) to (%d2, %d3) step (%c1, %c1) {
        memref.store %cst, %arg0[%i, %j, %k, %l] : memref<?x?x?x?xf32>
        scf.reduce
      }
      scf.reduce
    }
    return
  }
}
