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
"builtin.module"() ({
  "func.func"() <{function_type = (f32) -> f32, sym_name = "unary_f32"}> ({
  ^bb0(%arg3: f32):
    %4 = "math.sqrt"(%arg3) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %5 = "math.exp"(%4) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %6 = "math.log"(%5) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %7 = "math.tanh"(%6) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %8 = "math.absf"(%7) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %9 = "math.floor"(%8) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %10 = "math.ceil"(%9) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %11 = "math.roundeven"(%10) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %12 = "math.rsqrt"(%11) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %13 = "math.erf"(%12) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
    %14 = "math.powf"(%13, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    %15 = "math.fma"(%14, %arg3, %arg3) <{fastmath = #arith.fastmath<none>}> : (f32, f32, f32) -> f32
    "func.return"(%15) : (f32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f16) -> f16, sym_name = "half_erf"}> ({
  ^bb0(%arg2: f16):
    %3 = "math.erf"(%arg2) <{fastmath = #arith.fastmath<none>}> : (f16) -> f16
    "func.return"(%3) : (f16) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f64) -> f64, sym_name = "exp_f64"}> ({
  ^bb0(%arg1: f64):
    %1 = "math.exp"(%arg1) <{fastmath = #arith.fastmath<none>}> : (f64) -> f64
    %2 = "math.log1p"(%1) <{fastmath = #arith.fastmath<none>}> : (f64) -> f64
    "func.return"(%2) : (f64) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> i32, sym_name = "absi"}> ({
  ^bb0(%arg0: i32):
    %0 = "math.absi"(%arg0) : (i32) -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
