// RUN: llh-opt --allow-unregistered-dialect %s | filecheck %s
// RUN: llh-opt --allow-unregistered-dialect %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: llh-opt --allow-unregistered-dialect %s | llh-opt --allow-unregistered-dialect | filecheck %s
// RUN: llh-opt --allow-unregistered-dialect %s --mlir-print-op-generic | llh-opt --allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: func.func @constants() {
// CHECK-NEXT:    %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT:    %c3_i32_0 = arith.constant 3 : i32
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c1_1 = arith.constant 1 : index
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    %c-2_i8 = arith.constant -2 : i8
// CHECK-NEXT:    %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:    %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT:    %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %cst_2 = arith.constant 5.000000e-01 : f64
// CHECK-NEXT:    %cst_3 = arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT:    %cst_4 = arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK-NEXT:    %c3_i64 = arith.constant {symbol = @c3} 3 : i64
// GENERIC-LABEL: sym_name = "constants"
// GENERIC:         %{{[0-9]+}} = "arith.constant"() <{value = 3 : i32}> : () -> i32
// GENERIC:         "arith.constant"() <{value = true}> : () -> i1
// GENERIC:         "arith.constant"() <{value = 3 : i64}> {symbol = @c3} : () -> i64
func.func @constants() {
  %0 = arith.constant 3 : i32
  %1 = arith.constant 3 : i32
  %2 = arith.constant 1 : index
  %3 = arith.constant 1 : index
  %4 = arith.constant true
  %5 = arith.constant false
  %6 = arith.constant -2 : i8
  %7 = arith.constant 255 : i8
  %8 = arith.constant 18446744073709551615 : i64
  %9 = arith.constant 1.0 : f32
  %10 = arith.constant 0.5 : f64
  %11 = arith.constant dense<[1, 2]> : tensor<2xi32>
  %12 = arith.constant dense<1.0> : vector<4xf32>
  %13 = arith.constant {symbol = @c3} 3 : i64
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13) : (i32, i32, index, index, i1, i1, i8, i8, i64, f32, f64, tensor<2xi32>, vector<4xf32>, i64) -> ()
  return
}

// CHECK-LABEL: func.func @integer(%arg0: i32, %arg1: i32) {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %1 = arith.addi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT:    %2 = arith.subi %arg0, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT:    %3 = arith.muli %arg0, %arg1 {symbol = @s0} : i32
// CHECK-NEXT:    %4 = arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT:    %5 = arith.divui %arg0, %arg1 : i32
// CHECK-NEXT:    %6 = arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT:    %7 = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT:    %8 = arith.andi %arg0, %arg1 : i32
// CHECK-NEXT:    %9 = arith.ori %arg0, %arg1 : i32
// CHECK-NEXT:    %10 = arith.xori %arg0, %arg1 : i32
// CHECK-NEXT:    %11 = arith.maxsi %arg0, %arg1 : i32
// CHECK-NEXT:    %12 = arith.minsi %arg0, %arg1 : i32
// CHECK-NEXT:    %13 = arith.maxui %arg0, %arg1 : i32
// CHECK-NEXT:    %14 = arith.minui %arg0, %arg1 : i32
// CHECK-NEXT:    %15 = arith.floordivsi %arg0, %arg1 : i32
// CHECK-NEXT:    %16 = arith.ceildivsi %arg0, %arg1 : i32
// CHECK-NEXT:    %17 = arith.shli %arg0, %arg1 overflow<nuw> : i32
// CHECK-NEXT:    %18 = arith.shrsi %arg0, %arg1 : i32
// CHECK-NEXT:    %19 = arith.shrui %arg0, %arg1 : i32
// CHECK-NEXT:    %20 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT:    %21 = arith.cmpi uge, %arg0, %arg1 {x.y} : i32
// CHECK-NEXT:    %22 = arith.select %20, %arg0, %arg1 : i32
// GENERIC-LABEL: sym_name = "integer"
// GENERIC:         "arith.addi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// GENERIC:         "arith.addi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
// GENERIC:         "arith.subi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{overflowFlags = #arith.overflow<nsw, nuw>}> : (i32, i32) -> i32
// GENERIC:         "arith.muli"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{overflowFlags = #arith.overflow<none>}> {symbol = @s0} : (i32, i32) -> i32
// GENERIC:         "arith.divsi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i32) -> i32
// GENERIC:         "arith.shli"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{overflowFlags = #arith.overflow<nuw>}> : (i32, i32) -> i32
// GENERIC:         "arith.cmpi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{predicate = 2 : i64}> : (i32, i32) -> i1
// GENERIC:         "arith.cmpi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{predicate = 9 : i64}> {x.y} : (i32, i32) -> i1
// GENERIC:         "arith.select"(%{{[0-9]+}}, %arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i1, i32, i32) -> i32
func.func @integer(%a: i32, %b: i32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  %2 = arith.subi %a, %b overflow<nuw, nsw> : i32
  %3 = arith.muli %a, %b {symbol = @s0} : i32
  %4 = arith.divsi %a, %b : i32
  %5 = arith.divui %a, %b : i32
  %6 = arith.remsi %a, %b : i32
  %7 = arith.remui %a, %b : i32
  %8 = arith.andi %a, %b : i32
  %9 = arith.ori %a, %b : i32
  %10 = arith.xori %a, %b : i32
  %11 = arith.maxsi %a, %b : i32
  %12 = arith.minsi %a, %b : i32
  %13 = arith.maxui %a, %b : i32
  %14 = arith.minui %a, %b : i32
  %15 = arith.floordivsi %a, %b : i32
  %16 = arith.ceildivsi %a, %b : i32
  %17 = arith.shli %a, %b overflow<nuw> : i32
  %18 = arith.shrsi %a, %b : i32
  %19 = arith.shrui %a, %b : i32
  %20 = arith.cmpi slt, %a, %b : i32
  %21 = arith.cmpi uge, %a, %b {x.y} : i32
  %22 = arith.select %20, %a, %b : i32
  return
}

// CHECK-LABEL: func.func @float(%arg0: f32, %arg1: f32) {
// CHECK-NEXT:    %0 = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT:    %1 = arith.addf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT:    %2 = arith.subf %arg0, %arg1 : f32
// CHECK-NEXT:    %3 = arith.mulf %arg0, %arg1 fastmath<reassoc,afn> : f32
// CHECK-NEXT:    %4 = arith.divf %arg0, %arg1 : f32
// CHECK-NEXT:    %5 = arith.maxnumf %arg0, %arg1 fastmath<nnan,ninf> : f32
// CHECK-NEXT:    %6 = arith.minnumf %arg0, %arg1 : f32
// CHECK-NEXT:    %7 = arith.negf %arg0 : f32
// CHECK-NEXT:    %8 = arith.negf %arg0 fastmath<nsz> : f32
// CHECK-NEXT:    %9 = arith.cmpf olt, %arg0, %arg1 : f32
// CHECK-NEXT:    %10 = arith.cmpf une, %arg0, %arg1 fastmath<fast> : f32
// GENERIC-LABEL: sym_name = "float"
// GENERIC:         "arith.addf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC:         "arith.addf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
// GENERIC:         "arith.negf"(%arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC:         "arith.cmpf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
func.func @float(%x: f32, %y: f32) {
  %0 = arith.addf %x, %y : f32
  %1 = arith.addf %x, %y fastmath<fast> : f32
  %2 = arith.subf %x, %y : f32
  %3 = arith.mulf %x, %y fastmath<afn,reassoc> : f32
  %4 = arith.divf %x, %y : f32
  %5 = arith.maxnumf %x, %y fastmath<nnan,ninf> : f32
  %6 = arith.minnumf %x, %y : f32
  %7 = arith.negf %x : f32
  %8 = arith.negf %x fastmath<nsz> : f32
  %9 = arith.cmpf olt, %x, %y : f32
  %10 = arith.cmpf une, %x, %y fastmath<fast> : f32
  return
}

// CHECK-LABEL: func.func @casts(%arg0: i32, %arg1: index, %arg2: f32, %arg3: vector<4xi32>) {
// CHECK-NEXT:    %0 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT:    %1 = arith.index_castui %arg1 : index to i64
// CHECK-NEXT:    %2 = arith.extsi %arg0 : i32 to i64
// CHECK-NEXT:    %3 = arith.extui %arg0 : i32 to i64
// CHECK-NEXT:    %4 = arith.extui %arg0 nneg : i32 to i64
// CHECK-NEXT:    %5 = arith.trunci %arg0 : i32 to i8
// CHECK-NEXT:    %6 = arith.trunci %arg0 overflow<nsw> : i32 to i8
// CHECK-NEXT:    %7 = arith.sitofp %arg0 : i32 to f32
// CHECK-NEXT:    %8 = arith.fptosi %arg2 : f32 to i32
// CHECK-NEXT:    %9 = arith.index_cast %arg3 : vector<4xi32> to vector<4xindex>
// CHECK-NEXT:    %10 = arith.cmpi eq, %arg3, %arg3 : vector<4xi32>
// CHECK-NEXT:    %11 = arith.select %10, %arg3, %arg3 : vector<4xi1>, vector<4xi32>
// GENERIC-LABEL: sym_name = "casts"
// GENERIC:         "arith.extui"(%arg{{[0-9]+}}) : (i32) -> i64
// GENERIC:         "arith.extui"(%arg{{[0-9]+}}) <{nonNeg}> : (i32) -> i64
// GENERIC:         "arith.trunci"(%arg{{[0-9]+}}) <{overflowFlags = #arith.overflow<none>}> : (i32) -> i8
func.func @casts(%a: i32, %i: index, %x: f32, %v: vector<4xi32>) {
  %0 = arith.index_cast %a : i32 to index
  %1 = arith.index_castui %i : index to i64
  %2 = arith.extsi %a : i32 to i64
  %3 = arith.extui %a : i32 to i64
  %4 = arith.extui %a nneg : i32 to i64
  %5 = arith.trunci %a : i32 to i8
  %6 = arith.trunci %a overflow<nsw> : i32 to i8
  %7 = arith.sitofp %a : i32 to f32
  %8 = arith.fptosi %x : f32 to i32
  %9 = arith.index_cast %v : vector<4xi32> to vector<4xindex>
  %10 = arith.cmpi eq, %v, %v : vector<4xi32>
  %11 = arith.select %10, %v, %v : vector<4xi1>, vector<4xi32>
  return
}

// Generic input without the default-valued properties prints them back.
// CHECK-LABEL: func.func @generic_input(%arg0: i64, %arg1: f32) {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg0 : i64
// CHECK-NEXT:    %1 = arith.addf %arg1, %arg1 : f32
// GENERIC-LABEL: sym_name = "generic_input"
// GENERIC:         "arith.addi"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
// GENERIC:         "arith.addf"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
func.func @generic_input(%c: i64, %x: f32) {
  %0 = "arith.addi"(%c, %c) : (i64, i64) -> i64
  %1 = "arith.addf"(%x, %x) : (f32, f32) -> f32
  return
}
