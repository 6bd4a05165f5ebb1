// Default (custom-form) printing of module / func.func / return / call /
// arith.constant and unregistered generic ops, as printed by mlir-opt.
// The expected output below is copied verbatim from torch-mlir-opt.
// The second RUN line checks that the printed form re-parses to itself.
//
// RUN: llh-opt --allow-unregistered-dialect %s | filecheck %s
// RUN: llh-opt --allow-unregistered-dialect %s | llh-opt --allow-unregistered-dialect | filecheck %s

#layout = affine_map<(d0, d1) -> (d1, d0)>
module @named attributes {test.flag, test.version = 2 : i32} {
  func.func private @decl(i32, tensor<?xf32> {test.arg}) -> (f32 {test.res = 1 : i64})
  func.func nested @nested_decl()
  func.func @visible(%x: i32 {test.in}, %y: f32) -> (i32 {test.out}) attributes {test.fn} {
    return %x : i32
  }
  func.func @dups() -> (i32, i32, i32, f32, f32, index, index, i1, i1, i64) {
    %0 = arith.constant 7 : i32
    %1 = arith.constant 7 : i32
    %2 = arith.constant 8 : i32
    %3 = arith.constant 1.0 : f32
    %4 = arith.constant 1.0 : f32
    %5 = arith.constant 0 : index
    %6 = arith.constant 0 : index
    %7 = arith.constant true
    %8 = arith.constant true
    %9 = arith.constant -1 : i64
    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i32, i32, i32, f32, f32, index, index, i1, i1, i64
  }
  func.func @calls(%arg0: i32) -> i32 {
    %0 = func.call @calls(%arg0) : (i32) -> i32
    %1 = call @calls(%0) {test.tail} : (i32) -> i32
    func.call @nested_decl() : () -> ()
    func.return %1 : i32
  }
  func.func @blocks(%arg0: i32, %flag: i1) -> i32 {
    "test.cond_br"(%flag)[^bb1, ^bb2] : (i1) -> ()
  ^bb1:
    %c = arith.constant 1 : i32
    "test.br"(%c)[^bb3] : (i32) -> ()
  ^bb2:
    "test.br"(%arg0)[^bb3] : (i32) -> ()
  ^bb3(%r: i32):
    return %r : i32
  }
  func.func @regions(%arg0: memref<4x4xf32, #layout>) {
    "test.r"() ({
      %a = "test.a"() : () -> i32
    }, {
      %b = "test.b"() : () -> i32
    }) : () -> ()
    %m:2 = "test.m"() <{p = 1 : i32}> ({
    ^bb0(%x: f32):
      %cst = arith.constant 2.0 : f32
      "test.yield"(%x, %cst) : (f32, f32) -> ()
    }) {a = [1, 2]} : () -> (i32, f32)
    "test.use"(%m#1) : (f32) -> () loc("somewhere":1:1)
    return
  }
}

// Notes: arith.constant results get value-derived names (%c7_i32, %c-1_i64,
// %c0 for index, %true/%false, %cst for floats/dense) and conflicting names get
// a function-wide counter suffix (_0, _1, ...); entry-block arguments are
// renamed %argN; sibling regions of a non-isolated op reuse value numbers.

// CHECK: #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: module @named attributes {test.flag, test.version = 2 : i32} {
// CHECK-NEXT:   func.func private @decl(i32, tensor<?xf32> {test.arg}) -> (f32 {test.res = 1 : i64})
// CHECK-NEXT:   func.func nested @nested_decl()
// CHECK-NEXT:   func.func @visible(%arg0: i32 {test.in}, %arg1: f32) -> (i32 {test.out}) attributes {test.fn} {
// CHECK-NEXT:     return %arg0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @dups() -> (i32, i32, i32, f32, f32, index, index, i1, i1, i64) {
// CHECK-NEXT:     %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:     %c7_i32_0 = arith.constant 7 : i32
// CHECK-NEXT:     %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT:     %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     %cst_1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c0_2 = arith.constant 0 : index
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %true_3 = arith.constant true
// CHECK-NEXT:     %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT:     return %c7_i32, %c7_i32_0, %c8_i32, %cst, %cst_1, %c0, %c0_2, %true, %true_3, %c-1_i64 : i32, i32, i32, f32, f32, index, index, i1, i1, i64
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @calls(%arg0: i32) -> i32 {
// CHECK-NEXT:     %0 = call @calls(%arg0) : (i32) -> i32
// CHECK-NEXT:     %1 = call @calls(%0) {test.tail} : (i32) -> i32
// CHECK-NEXT:     call @nested_decl() : () -> ()
// CHECK-NEXT:     return %1 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @blocks(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:     "test.cond_br"(%arg1)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT:   ^bb1:  // pred: ^bb0
// CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:     "test.br"(%c1_i32)[^bb3] : (i32) -> ()
// CHECK-NEXT:   ^bb2:  // pred: ^bb0
// CHECK-NEXT:     "test.br"(%arg0)[^bb3] : (i32) -> ()
// CHECK-NEXT:   ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:     return %0 : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @regions(%arg0: memref<4x4xf32, #map>) {
// CHECK-NEXT:     "test.r"() ({
// CHECK-NEXT:       %1 = "test.a"() : () -> i32
// CHECK-NEXT:     }, {
// CHECK-NEXT:       %1 = "test.b"() : () -> i32
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     %0:2 = "test.m"() <{p = 1 : i32}> ({
// CHECK-NEXT:     ^bb0(%arg1: f32):
// CHECK-NEXT:       %cst = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:       "test.yield"(%arg1, %cst) : (f32, f32) -> ()
// CHECK-NEXT:     }) {a = [1, 2]} : () -> (i32, f32)
// CHECK-NEXT:     "test.use"(%0#1) : (f32) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
