// RUN: llh-opt %s --emit=llvm -O0 | filecheck %s

// math ops become LLVM intrinsics overloaded on the float type; functions LLVM has no intrinsic
// for call libm (f16 widened to float and narrowed back); rsqrt is 1/sqrt.
// CHECK-LABEL: define internal float @unary_f32(float %arg0)
// CHECK: call float @llvm.sqrt.f32
// CHECK: call float @llvm.exp.f32
// CHECK: call float @llvm.log.f32
// CHECK: call float @llvm.tanh.f32
// CHECK: call float @llvm.fabs.f32
// CHECK: call float @llvm.floor.f32
// CHECK: call float @llvm.ceil.f32
// CHECK: call float @llvm.roundeven.f32
// CHECK: %[[S:.*]] = call float @llvm.sqrt.f32
// CHECK-NEXT: fdiv float 1.000000e+00, %[[S]]
// CHECK: call float @erff(float
// CHECK: call float @llvm.pow.f32
// CHECK: call float @llvm.fma.f32
// CHECK-LABEL: define internal half @half_erf(half %arg0)
// CHECK: %[[W:.*]] = fpext half %arg0 to float
// CHECK-NEXT: %[[E:.*]] = call float @erff(float %[[W]])
// CHECK-NEXT: fptrunc float %[[E]] to half
// CHECK-LABEL: define internal double @exp_f64(double %arg0)
// CHECK: call double @llvm.exp.f64
// CHECK: call double @log1p(double
// CHECK-LABEL: define internal i32 @absi(i32 %arg0)
// CHECK: call i32 @llvm.abs.i32(i32 %arg0, i1 false)
module {
  func.func @unary_f32(%arg0: f32) -> f32 {
    %0 = math.sqrt %arg0 : f32
    %1 = math.exp %0 : f32
    %2 = math.log %1 : f32
    %3 = math.tanh %2 : f32
    %4 = math.absf %3 : f32
    %5 = math.floor %4 : f32
    %6 = math.ceil %5 : f32
    %7 = math.roundeven %6 : f32
    %8 = math.rsqrt %7 : f32
    %9 = math.erf %8 : f32
    %10 = math.powf %9, %arg0 : f32
    %11 = math.fma %10, %arg0, %arg0 : f32
    return %11 : f32
  }
  func.func @half_erf(%arg0: f16) -> f16 {
    %0 = math.erf %arg0 : f16
    return %0 : f16
  }
  func.func @exp_f64(%arg0: f64) -> f64 {
    %0 = math.exp %arg0 : f64
    %1 = math.log1p %0 : f64
    return %1 : f64
  }
  func.func @absi(%arg0: i32) -> i32 {
    %0 = math.absi %arg0 : i32
    return %0 : i32
  }
}
