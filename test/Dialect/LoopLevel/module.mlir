// REQUIRES: mlir-opt
// A loop-level module of the shape the LLH lowering produces (issue 10's contract: symbol reads
// with memref.dim, derived symbols with floordivsi/ceildivsi/remsi, shape checks calling
// @llh_shape_error under scf.if, the cf.cond_br to a ^fail block, a weight global, fresh result
// buffers, scf.for/scf.parallel nests, views): upstream mlir-opt reprints llh-opt's custom and
// generic output byte for byte, and lowers it to the LLVM dialect and LLVM IR.
// RUN: llh-opt %s -o %t.llh.mlir
// RUN: %mlir-opt %t.llh.mlir -o %t.upstream.mlir
// RUN: diff %t.llh.mlir %t.upstream.mlir
// RUN: llh-opt %s --mlir-print-op-generic -o %t.llh-generic.mlir
// RUN: %mlir-opt %s --mlir-print-op-generic -o %t.upstream-generic.mlir
// RUN: diff %t.llh-generic.mlir %t.upstream-generic.mlir
// RUN: %mlir-opt %t.llh.mlir --convert-scf-to-cf --expand-strided-metadata --lower-affine --convert-to-llvm --reconcile-unrealized-casts | filecheck %s
// RUN: llh-opt %s | llh-opt | filecheck %s --check-prefix=ROUNDTRIP

// CHECK: llvm.mlir.global private constant @__llh_weight_0(dense<[1.000000e+00, -2.000000e+00, 5.000000e-01, 3.000000e+00]> : tensor<4xf32>)
// CHECK: llvm.func @llh_shape_error(i32, i64, i64)
// CHECK: llvm.func @main(
// CHECK-NOT: scf.
// CHECK-NOT: memref.

// ROUNDTRIP-LABEL: func.func @main(%arg0: memref<?x?xf32>, %arg1: memref<?xf32>) -> memref<?x?xf32> {
// ROUNDTRIP:         %dim = memref.dim %arg0, %c0 : memref<?x?xf32>
// ROUNDTRIP:         %[[BAD:.*]] = arith.cmpi ne, %dim_0, %dim : index
// ROUNDTRIP-NEXT:    scf.if %[[BAD]] {
// ROUNDTRIP:           func.call @llh_shape_error(%{{.*}}, %{{.*}}, %{{.*}}) : (i32, i64, i64) -> ()
// ROUNDTRIP-NEXT:    }
// ROUNDTRIP:         cf.cond_br %{{.*}}, ^bb1, ^bb2
// ROUNDTRIP:         scf.parallel (%{{.*}}) = (%c0) to (%dim) step (%c1) {
// ROUNDTRIP:           scf.reduce
// ROUNDTRIP:         cf.assert %{{.*}}, "negative total"

module attributes {llh.shape_checks = ["argument 0 (%x) dimension 1 (symbol s1)", "argument 1 (%w) dimension 0 (static 4)"]} {
  memref.global "private" constant @__llh_weight_0 : memref<4xf32> = dense<[1.0, -2.0, 0.5, 3.0]>
  func.func private @llh_shape_error(i32, i64, i64)

  func.func @main(%x: memref<?x?xf32>, %w: memref<?xf32>) -> memref<?x?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %s0 = memref.dim %x, %c0 : memref<?x?xf32>
    %s1 = memref.dim %x, %c1 : memref<?x?xf32>
    %wd = memref.dim %w, %c0 : memref<?xf32>
    %s2 = arith.floordivsi %s1, %c2 : index
    %s3 = arith.ceildivsi %s1, %c2 : index
    %s4 = arith.remsi %s1, %c2 : index
    %bad0 = arith.cmpi ne, %s1, %s0 : index
    scf.if %bad0 {
      %id = arith.constant 0 : i32
      %e = arith.index_cast %s0 : index to i64
      %a = arith.index_cast %s1 : index to i64
      func.call @llh_shape_error(%id, %e, %a) : (i32, i64, i64) -> ()
    }
    %bad1 = arith.cmpi ne, %wd, %c4 : index
    scf.if %bad1 {
      %id = arith.constant 1 : i32
      %e = arith.constant 4 : i64
      %a = arith.index_cast %wd : index to i64
      func.call @llh_shape_error(%id, %e, %a) : (i32, i64, i64) -> ()
    }
    %any = arith.ori %bad0, %bad1 : i1
    cf.cond_br %any, ^fail, ^body
  ^fail:
    %empty = memref.alloc() : memref<0x0xf32>
    %ecast = memref.cast %empty : memref<0x0xf32> to memref<?x?xf32>
    return %ecast : memref<?x?xf32>
  ^body:
    %weights = memref.get_global @__llh_weight_0 : memref<4xf32>
    %out = memref.alloc(%s0, %s1) {alignment = 64 : i64} : memref<?x?xf32>
    %tmp = memref.alloc(%s0) : memref<?xf32>
    %zero = arith.constant 0.0 : f32
    scf.parallel (%i) = (%c0) to (%s0) step (%c1) {
      %sum = scf.for %j = %c0 to %s1 step %c1 iter_args(%acc = %zero) -> (f32) {
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        %k = arith.remsi %j, %c4 : index
        %wk = memref.load %weights[%k] : memref<4xf32>
        %p = math.fma %v, %wk, %acc : f32
        scf.yield %p : f32
      }
      memref.store %sum, %tmp[%i] : memref<?xf32>
      scf.reduce
    }
    scf.for %i = %c0 to %s0 step %c1 {
      %t = memref.load %tmp[%i] : memref<?xf32>
      scf.for %j = %c0 to %s1 step %c1 {
        %v = memref.load %x[%i, %j] : memref<?x?xf32>
        %d = arith.subf %v, %t : f32
        %e = math.exp %d : f32
        %r = arith.maximumf %e, %zero : f32
        %q = math.sqrt %r : f32
        %isneg = arith.cmpf olt, %d, %zero : f32
        %sel = arith.select %isneg, %zero, %q : f32
        memref.store %sel, %out[%i, %j] : memref<?x?xf32>
      }
    }
    %flat = memref.collapse_shape %out [[0, 1]] : memref<?x?xf32> into memref<?xf32>
    %n = arith.muli %s0, %s1 : index
    %half = memref.subview %flat[0] [%s2] [2] : memref<?xf32> to memref<?xf32, strided<[2]>>
    %total = scf.for %i = %c0 to %s2 step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = memref.load %half[%i] : memref<?xf32, strided<[2]>>
      %s = arith.addf %acc, %v : f32
      scf.yield %s : f32
    }
    %ok = arith.cmpf oge, %total, %zero : f32
    cf.assert %ok, "negative total"
    memref.dealloc %tmp : memref<?xf32>
    return %out : memref<?x?xf32>
  }
}
