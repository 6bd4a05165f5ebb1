// Result names of arith.constant in the default printing: value-derived names
// (%c0_i64, %c-5 for index, %c-1_i8 after wrap-around, %true, %cst for floats
// and dense values) and the conflict counter shared by a whole isolated
// region tree: a name already used in an enclosing region (even if defined
// later in the text) gets the next suffix.
// The expected output below is copied verbatim from torch-mlir-opt.
//
// RUN: llh-opt --allow-unregistered-dialect %s | filecheck %s
// RUN: llh-opt --allow-unregistered-dialect %s | llh-opt --allow-unregistered-dialect | filecheck %s

func.func @constant_names() {
  %0 = arith.constant 0 : i64
  %1 = arith.constant -5 : index
  %2 = arith.constant 255 : i8
  %3 = arith.constant 1 : i1
  %4 = arith.constant 0.0 : f16
  %5 = arith.constant dense<1> : tensor<4xi32>
  %6 = arith.constant dense<true> : vector<2xi1>
  %7 = arith.constant 0x7FC00000 : f32
  %8 = arith.constant 123456789012 : i64
  %9 = arith.constant 1 : i128
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (i64, index, i8, i1, f16, tensor<4xi32>, vector<2xi1>, f32, i64, i128) -> ()
  return
}
func.func @conflicts(%arg0: i1) -> (i1, i1) {
  %t = arith.constant true
  %r = "test.region"() ({
    %t1 = arith.constant true
    %c = arith.constant 3 : i32
    "test.yield"(%t1) : (i1) -> ()
  }) : () -> i1
  %t2 = arith.constant true
  %c2 = arith.constant 3 : i32
  return %t, %t2 : i1, i1
}

// CHECK: module {
// CHECK-NEXT:   func.func @constant_names() {
// CHECK-NEXT:     %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT:     %c-5 = arith.constant -5 : index
// CHECK-NEXT:     %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %cst = arith.constant 0.000000e+00 : f16
// CHECK-NEXT:     %cst_0 = arith.constant dense<1> : tensor<4xi32>
// CHECK-NEXT:     %cst_1 = arith.constant dense<true> : vector<2xi1>
// CHECK-NEXT:     %cst_2 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:     %c123456789012_i64 = arith.constant 123456789012 : i64
// CHECK-NEXT:     %c1_i128 = arith.constant 1 : i128
// CHECK-NEXT:     "test.use"(%c0_i64, %c-5, %c-1_i8, %true, %cst, %cst_0, %cst_1, %cst_2, %c123456789012_i64, %c1_i128) : (i64, index, i8, i1, f16, tensor<4xi32>, vector<2xi1>, f32, i64, i128) -> ()
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @conflicts(%arg0: i1) -> (i1, i1) {
// CHECK-NEXT:     %true = arith.constant true
// CHECK-NEXT:     %0 = "test.region"() ({
// CHECK-NEXT:       %true_1 = arith.constant true
// CHECK-NEXT:       %c3_i32_2 = arith.constant 3 : i32
// CHECK-NEXT:       "test.yield"(%true_1) : (i1) -> ()
// CHECK-NEXT:     }) : () -> i1
// CHECK-NEXT:     %true_0 = arith.constant true
// CHECK-NEXT:     %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:     return %true, %true_0 : i1, i1
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
