// RUN: llh-opt %s | filecheck %s
// RUN: llh-opt %s | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// The vector subset (load, store, broadcast, fma, reduction) as upstream mlir-opt prints it
// (checked against it in upstream.mlir).

// GENERIC: "vector.load"(%{{.*}}, %{{.*}}, %{{.*}}) <{nontemporal = true}> : (memref<?x8xf32>, index, index) -> vector<8xf32>
// GENERIC: "vector.reduction"(%{{.*}}) <{fastmath = #arith.fastmath<none>, kind = #vector.kind<add>}> : (vector<8xf32>) -> f32
// GENERIC: "vector.reduction"(%{{.*}}, %{{.*}}) <{fastmath = #arith.fastmath<fast>, kind = #vector.kind<maxnumf>}> : (vector<8xf32>, f32) -> f32



// CHECK-LABEL: func.func @vector_ops(%arg0: memref<?x8xf32>, %arg1: index, %arg2: f32, %arg3: vector<8xf32>, %arg4: vector<4xi32>) -> f32 {
// CHECK-NEXT:   %0 = vector.load %arg0[%arg1, %arg1] : memref<?x8xf32>, vector<8xf32>
// CHECK-NEXT:   %1 = vector.load %arg0[%arg1, %arg1] {nontemporal = true} : memref<?x8xf32>, vector<8xf32>
// CHECK-NEXT:   vector.store %0, %arg0[%arg1, %arg1] : memref<?x8xf32>, vector<8xf32>
// CHECK-NEXT:   vector.store %1, %arg0[%arg1, %arg1] : memref<?x8xf32>, vector<8xf32>
// CHECK-NEXT:   %2 = vector.broadcast %arg2 : f32 to vector<8xf32>
// CHECK-NEXT:   %3 = vector.broadcast %arg3 : vector<8xf32> to vector<2x8xf32>
// CHECK-NEXT:   %4 = vector.fma %0, %1, %2 : vector<8xf32>
// CHECK-NEXT:   %5 = vector.reduction <add>, %4 : vector<8xf32> into f32
// CHECK-NEXT:   %6 = vector.reduction <maxnumf>, %4, %arg2 fastmath<fast> : vector<8xf32> into f32
// CHECK-NEXT:   %7 = vector.reduction <maximumf>, %4 : vector<8xf32> into f32
// CHECK-NEXT:   %8 = vector.reduction <xor>, %arg4 : vector<4xi32> into i32
// CHECK-NEXT:   %9 = vector.reduction <mul>, %arg3 {tag} : vector<8xf32> into f32
// CHECK-NEXT:   %10 = vector.load %arg0[%arg1, %arg1] {alignment = 32 : i64} : memref<?x8xf32>, vector<8xf32>
// CHECK-NEXT:   %11 = vector.broadcast %arg3 : vector<8xf32> to vector<8xf32>
// CHECK-NEXT:   %12 = vector.fma %3, %3, %3 : vector<2x8xf32>
// CHECK-NEXT:   return %5 : f32
func.func @vector_ops(%m: memref<?x8xf32>, %i: index, %a: f32, %v: vector<8xf32>, %iv: vector<4xi32>) -> f32 {
  %0 = vector.load %m[%i, %i] : memref<?x8xf32>, vector<8xf32>
  %1 = vector.load %m[%i, %i] {nontemporal = true} : memref<?x8xf32>, vector<8xf32>
  vector.store %0, %m[%i, %i] : memref<?x8xf32>, vector<8xf32>
  vector.store %1, %m[%i, %i] {nontemporal = false} : memref<?x8xf32>, vector<8xf32>
  %2 = vector.broadcast %a : f32 to vector<8xf32>
  %3 = vector.broadcast %v : vector<8xf32> to vector<2x8xf32>
  %4 = vector.fma %0, %1, %2 : vector<8xf32>
  %5 = vector.reduction <add>, %4 : vector<8xf32> into f32
  %6 = vector.reduction <maxnumf>, %4, %a fastmath<fast> : vector<8xf32> into f32
  %7 = vector.reduction <maximumf>, %4 : vector<8xf32> into f32
  %8 = vector.reduction <xor>, %iv : vector<4xi32> into i32
  %9 = vector.reduction <mul>, %v {tag} : vector<8xf32> into f32
  %10 = vector.load %m[%i, %i] {alignment = 32 : i64} : memref<?x8xf32>, vector<8xf32>
  %11 = vector.broadcast %v : vector<8xf32> to vector<8xf32>
  %12 = vector.fma %3, %3, %3 : vector<2x8xf32>
  return %5 : f32
}
