// RUN: llh-opt %s | filecheck %s
// RUN: llh-opt %s | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// The arith ops the loop-level IR adds (maximumf, minimumf, remf, ceildivui, uitofp, fptoui,
// extf, truncf with rounding modes, bitcast), as upstream mlir-opt prints them (checked against
// it in upstream-loop-ops.mlir). extf/truncf have an optional `fastmath` (no default printed).

// GENERIC: "arith.maximumf"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GENERIC: "arith.extf"(%{{.*}}) : (f16) -> f32
// GENERIC: "arith.extf"(%{{.*}}) <{fastmath = #arith.fastmath<contract>}> : (f32) -> f64
// GENERIC: "arith.truncf"(%{{.*}}) <{roundingmode = 0 : i32}> : (f32) -> bf16
// GENERIC: "arith.truncf"(%{{.*}}) <{fastmath = #arith.fastmath<fast>, roundingmode = 3 : i32}> : (f32) -> f16



// CHECK-LABEL: func.func @float_ops(%arg0: f32, %arg1: f32, %arg2: vector<4xf32>) -> f32 {
// CHECK-NEXT:   %0 = arith.maximumf %arg0, %arg1 : f32
// CHECK-NEXT:   %1 = arith.minimumf %0, %arg1 fastmath<nnan> : f32
// CHECK-NEXT:   %2 = arith.remf %1, %arg1 : f32
// CHECK-NEXT:   %3 = arith.maximumf %arg2, %arg2 fastmath<fast> : vector<4xf32>
// CHECK-NEXT:   return %2 : f32
func.func @float_ops(%a: f32, %b: f32, %v: vector<4xf32>) -> f32 {
  %0 = arith.maximumf %a, %b : f32
  %1 = arith.minimumf %0, %b fastmath<nnan> : f32
  %2 = arith.remf %1, %b : f32
  %3 = arith.maximumf %v, %v fastmath<fast> : vector<4xf32>
  return %2 : f32
}

// CHECK-LABEL: func.func @int_ops(%arg0: i32, %arg1: i32) -> i32 {
// CHECK-NEXT:   %0 = arith.ceildivui %arg0, %arg1 : i32
// CHECK-NEXT:   return %0 : i32
func.func @int_ops(%a: i32, %b: i32) -> i32 {
  %0 = arith.ceildivui %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @casts(%arg0: i32, %arg1: f16, %arg2: f32, %arg3: tensor<2xi32>) -> f64 {
// CHECK-NEXT:   %0 = arith.uitofp %arg0 : i32 to f32
// CHECK-NEXT:   %1 = arith.fptoui %arg2 : f32 to i64
// CHECK-NEXT:   %2 = arith.extf %arg1 : f16 to f32
// CHECK-NEXT:   %3 = arith.extf %arg2 fastmath<contract> : f32 to f64
// CHECK-NEXT:   %4 = arith.truncf %arg2 : f32 to f16
// CHECK-NEXT:   %5 = arith.truncf %arg2 to_nearest_even : f32 to bf16
// CHECK-NEXT:   %6 = arith.truncf %arg2 toward_zero fastmath<fast> : f32 to f16
// CHECK-NEXT:   %7 = arith.bitcast %arg2 : f32 to i32
// CHECK-NEXT:   %8 = arith.bitcast %arg1 : f16 to bf16
// CHECK-NEXT:   %9 = arith.bitcast %arg3 : tensor<2xi32> to tensor<2xf32>
// CHECK-NEXT:   %10 = arith.uitofp %arg3 : tensor<2xi32> to tensor<2xf32>
// CHECK-NEXT:   return %3 : f64
func.func @casts(%i: i32, %h: f16, %f: f32, %t: tensor<2xi32>) -> f64 {
  %0 = arith.uitofp %i : i32 to f32
  %1 = arith.fptoui %f : f32 to i64
  %2 = arith.extf %h : f16 to f32
  %3 = arith.extf %f fastmath<contract> : f32 to f64
  %4 = arith.truncf %f : f32 to f16
  %5 = arith.truncf %f to_nearest_even : f32 to bf16
  %6 = arith.truncf %f toward_zero fastmath<fast> : f32 to f16
  %7 = arith.bitcast %f : f32 to i32
  %8 = arith.bitcast %h : f16 to bf16
  %9 = arith.bitcast %t : tensor<2xi32> to tensor<2xf32>
  %10 = arith.uitofp %t : tensor<2xi32> to tensor<2xf32>
  return %3 : f64
}
