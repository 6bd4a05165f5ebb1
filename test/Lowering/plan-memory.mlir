// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops --plan-memory | filecheck %s
// RUN: llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops --plan-memory="report sizes=s0=10" -o %t 2>&1 | filecheck %s --check-prefix=REPORT
// RUN: %if mlir-opt %{ llh-opt %s --split-input-file --infer-symbolic-shape --convert-llh-to-loops --plan-memory | %mlir-opt --split-input-file > /dev/null %}

// Three temporaries of 16*s0 bytes (each used twice, so not fused away), all live at the last
// op: three 64-byte aligned slots. The
// returned result keeps its allocation; @main allocates the workspace once and calls the body.
// CHECK-LABEL: func.func @main(
// CHECK-NEXT: %[[N:.*]] = call @main_workspace_size(%arg0, %arg1)
// CHECK-NEXT: %[[WS:.*]] = memref.alloc(%[[N]]) {alignment = 64 : i64} : memref<?xi8>
// CHECK-NEXT: %[[R:.*]] = call @main_with_workspace(%arg0, %arg1, %[[WS]])
// CHECK-NEXT: memref.dealloc %[[WS]] : memref<?xi8>
// CHECK-NEXT: return %[[R]]
// CHECK: func.func @main_with_workspace({{.*}}, %arg2: memref<?xi8>) -> memref<?x4xf32> attributes {entrance, llh.workspace = {alignment = 64 : i64, buffers = [{live = [38, 208], offset = "0", size = "16*s0"}, {live = [77, 207], offset = "64*floor((16*s0 + 63)/64)", size = "16*s0"}, {live = [114, 206], offset = "128*floor((16*s0 + 63)/64)", size = "16*s0"}], size = "192*floor((16*s0 + 63)/64)", unplanned = "48*s0"}}
// CHECK: %[[D:.*]] = memref.dim %arg0, %c0
// CHECK-NEXT: %[[A:.*]] = arith.muli %c16, %[[D]]
// CHECK-NEXT: %[[B:.*]] = arith.addi %c63, %[[A]]
// CHECK-NEXT: %[[C:.*]] = arith.floordivsi %[[B]], %c64
// CHECK-NEXT: %[[O1:.*]] = arith.muli %c64, %[[C]]
// CHECK-NEXT: %[[O2:.*]] = arith.muli %c128, %[[C]]
// CHECK: ^bb2:
// CHECK: %[[V0:.*]] = memref.view %arg2[%c0][%{{.*}}] : memref<?xi8> to memref<?x4xf32>
// CHECK: memref.view %arg2[%[[O1]]][%{{.*}}] : memref<?xi8> to memref<?x4xf32>
// CHECK: memref.view %arg2[%[[O2]]][%{{.*}}] : memref<?xi8> to memref<?x4xf32>
// CHECK: %[[OUT:.*]] = memref.alloc(%{{.*}}) : memref<?x4xf32>
// CHECK-NOT: memref.dealloc
// CHECK: return %[[OUT]]
// CHECK-LABEL: func.func @main_workspace_size(
// CHECK: %[[S:.*]] = arith.muli %c192,
// CHECK-NEXT: %[[M:.*]] = arith.maxsi %[[S]], %c0 : index
// CHECK-NEXT: return %[[M]] : index
// REPORT: remark: memory plan of @main: peak workspace 192*floor((16*s0 + 63)/64) bytes for 3 buffers of 48*s0 bytes; 576 of 480 bytes at s0=10
func.func @main(%x: tensor<?x4xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c4"}, %y: tensor<?x4xf32> {func.input_symbol_0 = "s0", func.input_symbol_1 = "c4"}) -> tensor<?x4xf32> attributes {entrance} {
  %0 = "llh.relu"(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "llh.exp"(%0) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %2 = "llh.add"(%1, %y) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %3 = "llh.mul"(%2, %0) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %4 = "llh.add"(%3, %1) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  %5 = "llh.mul"(%4, %2) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %5 : tensor<?x4xf32>
}

// -----

// A chain of equal static sizes (transposes: each one materialized) ping-pongs between two slots
// (sizes provably equal share).
// CHECK-LABEL: func.func @chain_with_workspace
// CHECK-SAME: buffers = [{live = [28, 38], offset = "0", size = "256"}, {live = [33, 44], offset = "256", size = "256"}, {live = [39, 50], offset = "0", size = "256"}, {live = [45, 65], offset = "256", size = "256"}], size = "512", unplanned = "1024"
// CHECK: memref.view %arg1[%c0][] : memref<?xi8> to memref<16x4xf32>
// CHECK: memref.view %arg1[%c256][] : memref<?xi8> to memref<4x16xf32>
// CHECK: memref.view %arg1[%c0][] : memref<?xi8> to memref<16x4xf32>
// CHECK: memref.view %arg1[%c256][] : memref<?xi8> to memref<4x16xf32>
// CHECK-LABEL: func.func @chain_workspace_size
// CHECK: return %c512 : index
// REPORT: remark: memory plan of @chain: peak workspace 512 bytes for 4 buffers of 1024 bytes; 512 of 1024 bytes
func.func @chain(%x: tensor<4x16xf32>) -> tensor<4x16xf32> attributes {entrance} {
  %0 = "llh.transpose"(%x) <{perms = array<i64: 1, 0>}> : (tensor<4x16xf32>) -> tensor<16x4xf32>
  %1 = "llh.transpose"(%0) <{perms = array<i64: 1, 0>}> : (tensor<16x4xf32>) -> tensor<4x16xf32>
  %2 = "llh.transpose"(%1) <{perms = array<i64: 1, 0>}> : (tensor<4x16xf32>) -> tensor<16x4xf32>
  %3 = "llh.transpose"(%2) <{perms = array<i64: 1, 0>}> : (tensor<16x4xf32>) -> tensor<4x16xf32>
  %4 = "llh.relu"(%3) : (tensor<4x16xf32>) -> tensor<4x16xf32>
  return %4 : tensor<4x16xf32>
}

// -----

// Sizes of different symbols are not comparable: stacked (the report needs s1 to evaluate).
// CHECK-LABEL: func.func @two_with_workspace
// CHECK-SAME: size = "64*floor((4*s0 + 63)/64) + 64*floor((4*s1 + 63)/64)", unplanned = "4*s0 + 4*s1"
// REPORT: remark: memory plan of @two: peak workspace 64*floor((4*s0 + 63)/64) + 64*floor((4*s1 + 63)/64) bytes for 2 buffers of 4*s0 + 4*s1 bytes; dynamic sizes: s1 (give them with sizes=...)
func.func @two(%x: tensor<?xf32> {func.input_symbol_0 = "s0"}, %y: tensor<?xf32> {func.input_symbol_0 = "s1"}) -> (tensor<?xf32>, tensor<?xf32>) attributes {entrance} {
  %0 = "llh.relu"(%x) : (tensor<?xf32>) -> tensor<?xf32>
  %1 = "llh.relu"(%y) : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "llh.exp"(%0) : (tensor<?xf32>) -> tensor<?xf32>
  %3 = "llh.exp"(%1) : (tensor<?xf32>) -> tensor<?xf32>
  %4 = "llh.add"(%2, %0) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  %5 = "llh.add"(%3, %1) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  return %4, %5 : tensor<?xf32>, tensor<?xf32>
}

// -----

// Loop-level input: buffers inside a serial loop are planned (live only inside the body, so
// they stack on the buffer live across the loop); per-iteration scratch of an scf.parallel
// body and a size read from memory keep their allocations. Without input symbols, sizes are
// named a<argument>d<dim>.
// CHECK-LABEL: func.func @loops_with_workspace
// CHECK-SAME: buffers = [{live = [5, 24], offset = "0", size = "4*a0d0"}, {live = [7, 11], offset = "64*floor((4*a0d0 + 63)/64)", size = "64"}, {live = [9, 12], offset = "64*floor((4*a0d0 + 63)/64) + 64", size = "64"}], size = "64*floor((4*a0d0 + 63)/64) + 128"
// CHECK: scf.for
// CHECK-NEXT: memref.view %arg2[%{{.*}}][] : memref<?xi8> to memref<16xf32>
// CHECK-NOT: memref.dealloc
// CHECK: scf.parallel
// CHECK-NEXT: %[[S:.*]] = memref.alloc() : memref<8xf32>
// CHECK: memref.dealloc %[[S]] : memref<8xf32>
// CHECK: %[[D:.*]] = memref.alloc(%{{.*}}) : memref<?xf32>
// CHECK: memref.dealloc %[[D]] : memref<?xf32>
// REPORT: remark: memory plan of @loops: peak workspace 64*floor((4*a0d0 + 63)/64) + 128 bytes for 3 buffers of 4*a0d0 + 128 bytes; dynamic sizes: a0d0 (give them with sizes=...); kept as allocations: 1 allocated inside an scf.parallel body (per-iteration scratch); 1 its size is not an expression of the input sizes
func.func @loops(%x: memref<?xf32>, %idx: memref<1xindex>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %cst = arith.constant 0.000000e+00 : f32
  %n = memref.dim %x, %c0 : memref<?xf32>
  %big = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    %t = memref.alloc() : memref<16xf32>
    memref.store %cst, %t[%c0] : memref<16xf32>
    %u = memref.alloc() : memref<16xf32>
    memref.store %cst, %u[%c0] : memref<16xf32>
    memref.dealloc %t : memref<16xf32>
    memref.dealloc %u : memref<16xf32>
  }
  scf.parallel (%j) = (%c0) to (%n) step (%c1) {
    %s = memref.alloc() : memref<8xf32>
    memref.store %cst, %s[%c0] : memref<8xf32>
    memref.dealloc %s : memref<8xf32>
    scf.reduce
  }
  %k = memref.load %idx[%c0] : memref<1xindex>
  %d = memref.alloc(%k) : memref<?xf32>
  memref.store %cst, %d[%c0] : memref<?xf32>
  memref.dealloc %d : memref<?xf32>
  %r = memref.load %big[%c0] : memref<?xf32>
  memref.dealloc %big : memref<?xf32>
  return %r : f32
}

// -----

// A size from a query without arguments (e.g. a thread count) is a symbol of the plan: the
// body and the size function call it again; the offset-0 buffer needs no call in the body
// prologue beyond its own size.
// CHECK-LABEL: func.func @scratch_with_workspace
// CHECK-SAME: buffers = [{live = [5, 9], offset = "0", size = "256*threads()"}], size = "256*threads()"
// CHECK: memref.view %arg1[%c0][%{{.*}}] : memref<?xi8> to memref<?xf32>
// CHECK-LABEL: func.func @scratch_workspace_size
// CHECK: %[[T:.*]] = call @threads() : () -> i32
// CHECK-NEXT: %[[I:.*]] = arith.index_cast %[[T]] : i32 to index
// CHECK-NEXT: %[[B:.*]] = arith.muli %c256, %[[I]] : index
// CHECK-NEXT: %[[M:.*]] = arith.maxsi %[[B]], %c0 : index
// CHECK-NEXT: return %[[M]] : index
// REPORT: remark: memory plan of @scratch: peak workspace 256*threads() bytes for 1 buffers of 256*threads() bytes; dynamic sizes: threads() (give them with sizes=...)
func.func private @threads() -> i32
func.func @scratch(%x: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %t = func.call @threads() : () -> i32
  %ti = arith.index_cast %t : i32 to index
  %n = arith.muli %ti, %c64 : index
  %p = memref.alloc(%n) : memref<?xf32>
  %v = memref.load %x[%c0] : memref<?xf32>
  memref.store %v, %p[%c0] : memref<?xf32>
  %r = memref.load %p[%c0] : memref<?xf32>
  memref.dealloc %p : memref<?xf32>
  return %r : f32
}
