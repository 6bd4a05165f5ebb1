// RUN: llh-opt %s --canonicalize | filecheck %s
// RUN: llh-opt %s --canonicalize > %t.1.mlir
// RUN: llh-opt %t.1.mlir --canonicalize="test-convergence" > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir

// The arith / tensor folders (constants and identities, MLIR's ArithOps.cpp `fold` methods)
// and the driver's constant de-duplication, hoisting and dead-code erasure. The output is
// exactly torch-mlir-opt's (canonicalize-reference.mlir diffs the two, also with options).

// CHECK-LABEL: func.func @int_consts
// CHECK-NEXT:    %c12_i32 = arith.constant 12 : i32
// CHECK-NEXT:    %c22_i32 = arith.constant 22 : i32
// CHECK-NEXT:    %c-85_i32 = arith.constant -85 : i32
// CHECK-NEXT:    %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:    %c17_i32 = arith.constant 17 : i32
// CHECK-NEXT:    %c-5_i32 = arith.constant -5 : i32
// CHECK-NEXT:    %c-22_i32 = arith.constant -22 : i32
// CHECK-NEXT:    %c-40_i32 = arith.constant -40 : i32
// CHECK-NEXT:    %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:    %c536870911_i32 = arith.constant 536870911 : i32
// CHECK-NEXT:    %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT:    return %c12_i32, %c22_i32, %c-85_i32, %c-3_i32, %c0_i32, %c2_i32, %c17_i32, %c17_i32, %c-5_i32, %c-22_i32, %c17_i32, %c17_i32, %c-40_i32, %c-1_i32, %c536870911_i32, %c-2_i32, %c-1_i32 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
func.func @int_consts() -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %a = arith.constant 17 : i32
  %b = arith.constant -5 : i32
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.remsi %a, %b : i32
  %6 = arith.remui %a, %b : i32
  %7 = arith.andi %a, %b : i32
  %8 = arith.ori %a, %b : i32
  %9 = arith.xori %a, %b : i32
  %10 = arith.maxsi %a, %b : i32
  %11 = arith.minui %a, %b : i32
  %c3 = arith.constant 3 : i32
  %12 = arith.shli %b, %c3 : i32
  %13 = arith.shrsi %b, %c3 : i32
  %14 = arith.shrui %b, %c3 : i32
  %15 = arith.floordivsi %b, %c3 : i32
  %16 = arith.ceildivsi %b, %c3 : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @no_fold
// CHECK-NEXT:    %c-56_i8 = arith.constant -56 : i8
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    %c-2147483648_i32 = arith.constant -2147483648 : i32
// CHECK-NEXT:    %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:    %c40_i32 = arith.constant 40 : i32
// CHECK-NEXT:    %0 = arith.divsi %arg0, %c0_i32 : i32
// CHECK-NEXT:    %1 = arith.divsi %c-2147483648_i32, %c-1_i32 : i32
// CHECK-NEXT:    %2 = arith.shli %arg0, %c40_i32 : i32
// CHECK-NEXT:    return %0, %1, %2, %c-56_i8 : i32, i32, i32, i8
func.func @no_fold(%x: i32) -> (i32, i32, i32, i8) {
  %z = arith.constant 0 : i32
  %m = arith.constant -2147483648 : i32
  %n = arith.constant -1 : i32
  %c40 = arith.constant 40 : i32
  %0 = arith.divsi %x, %z : i32
  %1 = arith.divsi %m, %n : i32
  %2 = arith.shli %x, %c40 : i32
  %c = arith.constant 100 : i8
  %3 = arith.addi %c, %c : i8
  return %0, %1, %2, %3 : i32, i32, i32, i8
}

// CHECK-LABEL: func.func @identities
// CHECK-NEXT:    %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT:    return %arg0, %c0_i64, %arg0, %c0_i64, %arg0, %c0_i64, %arg0, %arg0, %c0_i64, %arg0, %arg0, %arg0 : i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64
func.func @identities(%x: i64, %y: i64) -> (i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64) {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %m1 = arith.constant -1 : i64
  %0 = arith.addi %c0, %x : i64
  %1 = arith.subi %x, %x : i64
  %2 = arith.muli %c1, %x : i64
  %3 = arith.muli %x, %c0 : i64
  %4 = arith.divsi %x, %c1 : i64
  %5 = arith.remui %x, %c1 : i64
  %6 = arith.andi %x, %m1 : i64
  %7 = arith.ori %x, %x : i64
  %8 = arith.xori %x, %x : i64
  %d = arith.subi %x, %y : i64
  %9 = arith.addi %d, %y : i64
  %s = arith.addi %x, %y : i64
  %10 = arith.subi %s, %y : i64
  %11 = arith.maxsi %x, %x : i64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64, i64
}

// CHECK-LABEL: func.func @floats
// CHECK-NEXT:    %cst = arith.constant -1.500000e+00 : f32
// CHECK-NEXT:    %cst_0 = arith.constant 2.3333333333333335 : f64
// CHECK-NEXT:    %cst_1 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %cst_2 = arith.constant 1.600000e+00 : f32
// CHECK-NEXT:    %cst_3 = arith.constant 1.500000e-01 : f32
// CHECK-NEXT:    %cst_4 = arith.constant 0x7F800000 : f32
// CHECK-NEXT:    %0 = arith.addf %arg0, %cst_1 : f32
// CHECK-NEXT:    return %cst_2, %cst_3, %cst_4, %arg0, %0, %arg0, %arg0, %cst_0, %cst, %arg0 : f32, f32, f32, f32, f32, f32, f32, f64, f32, f32
func.func @floats(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32, f64, f32, f32) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 0.1 : f32
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %0 = arith.addf %a, %b : f32
  %1 = arith.mulf %a, %b : f32
  %2 = arith.divf %a, %pz : f32
  %3 = arith.addf %x, %nz : f32
  %4 = arith.addf %x, %pz : f32
  %5 = arith.mulf %one, %x : f32
  %6 = arith.subf %x, %pz : f32
  %c = arith.constant 3.0 : f64
  %d = arith.constant 7.0 : f64
  %7 = arith.divf %d, %c : f64
  %8 = arith.negf %a : f32
  %n = arith.negf %x : f32
  %9 = arith.negf %n : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : f32, f32, f32, f32, f32, f32, f32, f64, f32, f32
}

// CHECK-LABEL: func.func @cmp_select_cast
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %c-3_i64 = arith.constant -3 : i64
// CHECK-NEXT:    %c4294967293_i64 = arith.constant 4294967293 : i64
// CHECK-NEXT:    %c-3_i16 = arith.constant -3 : i16
// CHECK-NEXT:    %c-3 = arith.constant -3 : index
// CHECK-NEXT:    %cst = arith.constant -3.000000e+00 : f32
// CHECK-NEXT:    %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT:    return %false, %true, %true, %arg0, %arg2, %c-3_i64, %c4294967293_i64, %c-3_i16, %c-3, %arg0, %cst, %c-2_i32 : i1, i1, i1, i32, i32, i64, i64, i16, index, i32, f32, i32
func.func @cmp_select_cast(%x: i32, %p: i1, %q: i32) -> (i1, i1, i1, i32, i32, i64, i64, i16, index, i32, f32, i32) {
  %a = arith.constant 5 : i32
  %b = arith.constant -3 : i32
  %0 = arith.cmpi slt, %a, %b : i32
  %1 = arith.cmpi ult, %a, %b : i32
  %2 = arith.cmpi sge, %x, %x : i32
  %t = arith.constant true
  %3 = arith.select %t, %x, %q : i32
  %4 = arith.select %p, %q, %q : i32
  %5 = arith.extsi %b : i32 to i64
  %6 = arith.extui %b : i32 to i64
  %7 = arith.trunci %b : i32 to i16
  %8 = arith.index_cast %b : i32 to index
  %e = arith.extsi %x : i32 to i64
  %9 = arith.trunci %e : i64 to i32
  %10 = arith.sitofp %b : i32 to f32
  %f = arith.constant -2.75 : f32
  %11 = arith.fptosi %f : f32 to i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i1, i1, i1, i32, i32, i64, i64, i16, index, i32, f32, i32
}

// CHECK-LABEL: func.func @tensors
// CHECK-NEXT:    %cst = arith.constant dense<12> : tensor<4xi32>
// CHECK-NEXT:    %cst_0 = arith.constant dense<[-9, 22]> : tensor<2xi32>
// CHECK-NEXT:    %cst_1 = arith.constant dense<[2.000000e+00, 5.000000e+00]> : tensor<2xf32>
// CHECK-NEXT:    return %arg0, %cst, %cst_0, %cst_1 : tensor<4xi32>, tensor<4xi32>, tensor<2xi32>, tensor<2xf32>
func.func @tensors(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<2xi32>, tensor<2xf32>) {
  %z = arith.constant dense<0> : tensor<4xi32>
  %0 = arith.addi %x, %z : tensor<4xi32>
  %s = arith.constant dense<3> : tensor<4xi32>
  %t = arith.constant dense<4> : tensor<4xi32>
  %1 = arith.muli %s, %t : tensor<4xi32>
  %u = arith.constant dense<[1, 2]> : tensor<2xi32>
  %v = arith.constant dense<[10, -20]> : tensor<2xi32>
  %2 = arith.subi %u, %v : tensor<2xi32>
  %f = arith.constant dense<[1.0, 2.5]> : tensor<2xf32>
  %3 = arith.addf %f, %f : tensor<2xf32>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi32>, tensor<2xi32>, tensor<2xf32>
}

// CHECK-LABEL: func.func @hoist_and_dedup
// CHECK-NEXT:    %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %1 = arith.muli %0, %c7_i32 : i32
// CHECK-NEXT:    %2 = arith.addi %1, %c7_i32 : i32
// CHECK-NEXT:    return %1, %2, %c7_i32 : i32, i32, i32
func.func @hoist_and_dedup(%x: i32) -> (i32, i32, i32) {
  %0 = arith.addi %x, %x : i32
  %c7 = arith.constant 7 : i32
  %1 = arith.muli %0, %c7 : i32
  %c7b = arith.constant 7 : i32
  %2 = arith.addi %1, %c7b : i32
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  %3 = arith.addi %c2, %c5 : i32
  %dead = arith.muli %x, %c2 : i32
  return %1, %2, %3 : i32, i32, i32
}

// CHECK-LABEL: func.func @index_and_tensor
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c5 = arith.constant 5 : index
// CHECK-NEXT:    %dim = tensor.dim %arg0, %c0 : tensor<?x3xf32>
// CHECK-NEXT:    return %c5, %dim : index, index

func.func @index_and_tensor(%t: tensor<?x3xf32>) -> (index, index) {
  %c1 = arith.constant 1 : index
  %d = tensor.dim %t, %c1 : tensor<?x3xf32>
  %c2 = arith.constant 2 : index
  %0 = arith.addi %d, %c2 : index
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x3xf32>
  return %0, %d0 : index, index
}

