// RUN: llh-opt %s | filecheck %s
// RUN: llh-opt %s | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// The math custom forms round-trip as upstream mlir-opt prints them (checked against it in
// upstream.mlir): float ops carry `fastmath` (`#arith.fastmath`, `none` by default and elided
// from the custom form), `math.absi` has none.

// GENERIC: "math.exp"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GENERIC: "math.rsqrt"(%{{.*}}) <{fastmath = #arith.fastmath<nnan,ninf>}> : (f32) -> f32
// GENERIC: "math.trunc"(%{{.*}}) <{fastmath = #arith.fastmath<none>}> {tag} : (f32) -> f32
// GENERIC: "math.fma"(%{{.*}}, %{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<fast>}> : (f32, f32, f32) -> f32
// GENERIC: "math.absi"(%{{.*}}) : (index) -> index



// CHECK-LABEL: func.func @unary(%arg0: f32, %arg1: vector<4xf16>, %arg2: tensor<2xf64>) -> f32 {
// CHECK-NEXT:   %0 = math.exp %arg0 : f32
// CHECK-NEXT:   %1 = math.exp2 %arg0 : f32
// CHECK-NEXT:   %2 = math.log %0 : f32
// CHECK-NEXT:   %3 = math.log2 %1 : f32
// CHECK-NEXT:   %4 = math.log1p %2 : f32
// CHECK-NEXT:   %5 = math.sqrt %3 fastmath<fast> : f32
// CHECK-NEXT:   %6 = math.rsqrt %5 fastmath<nnan,ninf> : f32
// CHECK-NEXT:   %7 = math.absf %6 : f32
// CHECK-NEXT:   %8 = math.tanh %7 : f32
// CHECK-NEXT:   %9 = math.erf %8 : f32
// CHECK-NEXT:   %10 = math.sin %9 : f32
// CHECK-NEXT:   %11 = math.cos %10 : f32
// CHECK-NEXT:   %12 = math.floor %11 : f32
// CHECK-NEXT:   %13 = math.ceil %12 : f32
// CHECK-NEXT:   %14 = math.round %13 : f32
// CHECK-NEXT:   %15 = math.roundeven %14 : f32
// CHECK-NEXT:   %16 = math.trunc %15 {tag} : f32
// CHECK-NEXT:   %17 = math.exp %arg1 : vector<4xf16>
// CHECK-NEXT:   %18 = math.sqrt %arg2 : tensor<2xf64>
// CHECK-NEXT:   return %16 : f32
func.func @unary(%x: f32, %v: vector<4xf16>, %t: tensor<2xf64>) -> f32 {
  %0 = math.exp %x : f32
  %1 = math.exp2 %x : f32
  %2 = math.log %0 : f32
  %3 = math.log2 %1 : f32
  %4 = math.log1p %2 : f32
  %5 = math.sqrt %3 fastmath<fast> : f32
  %6 = math.rsqrt %5 fastmath<nnan,ninf> : f32
  %7 = math.absf %6 : f32
  %8 = math.tanh %7 : f32
  %9 = math.erf %8 : f32
  %10 = math.sin %9 : f32
  %11 = math.cos %10 : f32
  %12 = math.floor %11 : f32
  %13 = math.ceil %12 : f32
  %14 = math.round %13 : f32
  %15 = math.roundeven %14 : f32
  %16 = math.trunc %15 {tag} : f32
  %17 = math.exp %v : vector<4xf16>
  %18 = math.sqrt %t : tensor<2xf64>
  return %16 : f32
}

// CHECK-LABEL: func.func @binary_ternary(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: i32, %arg4: index) -> f32 {
// CHECK-NEXT:   %0 = math.powf %arg0, %arg1 : f32
// CHECK-NEXT:   %1 = math.powf %0, %arg1 fastmath<contract> : f32
// CHECK-NEXT:   %2 = math.fma %arg0, %arg1, %1 : f32
// CHECK-NEXT:   %3 = math.fma %arg0, %arg1, %2 fastmath<fast> : f32
// CHECK-NEXT:   %4 = math.absi %arg3 : i32
// CHECK-NEXT:   %5 = math.absi %arg4 : index
// CHECK-NEXT:   return %3 : f32
func.func @binary_ternary(%a: f32, %b: f32, %c: f32, %i: i32, %n: index) -> f32 {
  %0 = math.powf %a, %b : f32
  %1 = math.powf %0, %b fastmath<contract> : f32
  %2 = math.fma %a, %b, %1 : f32
  %3 = math.fma %a, %b, %2 fastmath<fast> : f32
  %4 = math.absi %i : i32
  %5 = math.absi %n : index
  return %3 : f32
}
