// RUN: llh-opt %s --emit=llvm -O0 | filecheck %s

// A constant global of at least 4096 bytes is "external data": objects and the JIT get its bytes
// through `.incbin` of a raw file (never through LLVM IR text); textual LLVM IR stays standalone,
// with the bytes as one escaped string.
// CHECK: @__llh_weight_0 = internal constant [8192 x i8] c"\00\00\C0?\00\00\C0?{{(\\00\\00\\C0\?)+}}", align 64
// CHECK: @__llh_weight_1 = internal constant [4 x float] [float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00], align 64
// CHECK-LABEL: define internal float @use(
// CHECK: ptr @__llh_weight_0
module {
  memref.global "private" constant @__llh_weight_0 : memref<2048xf32> = dense<1.500000e+00> {alignment = 64 : i64}
  memref.global "private" constant @__llh_weight_1 : memref<4xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> {alignment = 64 : i64}
  func.func @use(%arg0: index) -> f32 {
    %0 = memref.get_global @__llh_weight_0 : memref<2048xf32>
    %1 = memref.load %0[%arg0] : memref<2048xf32>
    return %1 : f32
  }
}
