// RUN: llh-opt %s --split-input-file --emit=llvm -O0 | filecheck %s

// Integer arithmetic maps one to one; floor/ceil division expand to sdiv + srem + a fix-up.
// CHECK-LABEL: define internal i64 @int_ops(i64 %{{.*}}, i64 %{{.*}})
// CHECK: add i64
// CHECK: sub i64
// CHECK: mul i64
// CHECK: sdiv i64
// CHECK: udiv i64
// CHECK: srem i64
// CHECK: urem i64
// CHECK: and i64
// CHECK: or i64
// CHECK: xor i64
// CHECK: shl i64
// CHECK: ashr i64
// CHECK: lshr i64
// CHECK: call i64 @llvm.smax.i64
// CHECK: call i64 @llvm.smin.i64
// CHECK: call i64 @llvm.umax.i64
// CHECK: call i64 @llvm.umin.i64

// floordivsi
// CHECK: %[[Q:.*]] = sdiv i64 %[[A:.*]], %[[B:.*]]
// CHECK: %[[R:.*]] = srem i64 %[[A]], %[[B]]
// CHECK: icmp ne i64 %[[R]], 0
// CHECK: sub i64 %[[Q]],

// ceildivsi
// CHECK: sdiv i64
// CHECK: srem i64
// CHECK: add i64

// ceildivui
// CHECK: udiv i64
// CHECK: urem i64
// CHECK: ret i64
func.func @int_ops(%a: i64, %b: i64) -> i64 {
  %0 = arith.addi %a, %b : i64
  %1 = arith.subi %0, %b : i64
  %2 = arith.muli %1, %b : i64
  %3 = arith.divsi %2, %b : i64
  %4 = arith.divui %3, %b : i64
  %5 = arith.remsi %4, %b : i64
  %6 = arith.remui %5, %b : i64
  %7 = arith.andi %6, %b : i64
  %8 = arith.ori %7, %b : i64
  %9 = arith.xori %8, %b : i64
  %10 = arith.shli %9, %b : i64
  %11 = arith.shrsi %10, %b : i64
  %12 = arith.shrui %11, %b : i64
  %13 = arith.maxsi %12, %b : i64
  %14 = arith.minsi %13, %b : i64
  %15 = arith.maxui %14, %b : i64
  %16 = arith.minui %15, %b : i64
  %17 = arith.floordivsi %16, %b : i64
  %18 = arith.ceildivsi %17, %b : i64
  %19 = arith.ceildivui %18, %b : i64
  return %19 : i64
}

// -----

// CHECK-LABEL: define internal float @float_ops(float %{{.*}}, float %{{.*}})
// CHECK: fadd float
// CHECK: fsub float
// CHECK: fmul float
// CHECK: fdiv float
// CHECK: frem float
// CHECK: fneg float
// CHECK: call float @llvm.maximum.f32
// CHECK: call float @llvm.minimum.f32
// CHECK: call float @llvm.maxnum.f32
// CHECK: call float @llvm.minnum.f32
// CHECK: ret float
func.func @float_ops(%a: f32, %b: f32) -> f32 {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %0, %b : f32
  %2 = arith.mulf %1, %b : f32
  %3 = arith.divf %2, %b : f32
  %4 = arith.remf %3, %b : f32
  %5 = arith.negf %4 : f32
  %6 = arith.maximumf %5, %b : f32
  %7 = arith.minimumf %6, %b : f32
  %8 = arith.maxnumf %7, %b : f32
  %9 = arith.minnumf %8, %b : f32
  return %9 : f32
}

// -----

// Constants are exact (hex floats), half and bfloat included; comparisons and select.
// CHECK-LABEL: define internal i1 @compare(double %{{.*}}, i32 %{{.*}})
// CHECK: fcmp olt double %{{.*}}, 1.000000e-01
// CHECK: fcmp une double
// CHECK: fcmp uno double
// CHECK: icmp sge i32 %{{.*}}, -7
// CHECK: icmp ult i32
// CHECK: select i1 %{{.*}}, i1 %{{.*}}, i1 %{{.*}}
func.func @compare(%a: f64, %i: i32) -> i1 {
  %c = arith.constant 0.1 : f64
  %m = arith.constant -7 : i32
  %0 = arith.cmpf olt, %a, %c : f64
  %1 = arith.cmpf une, %a, %c : f64
  %2 = arith.cmpf uno, %a, %a : f64
  %3 = arith.cmpi sge, %i, %m : i32
  %4 = arith.cmpi ult, %i, %m : i32
  %5 = arith.select %0, %3, %4 : i1
  return %5 : i1
}

// -----

// CHECK-LABEL: define internal half @half_const()
// CHECK: ret half 0xH3C00
func.func @half_const() -> f16 {
  %c = arith.constant 1.0 : f16
  return %c : f16
}

// CHECK-LABEL: define internal bfloat @bf16_add(bfloat %{{.*}})
// CHECK: fadd bfloat %{{.*}}, 0xR4040
func.func @bf16_add(%x: bf16) -> bf16 {
  %c = arith.constant 3.0 : bf16
  %0 = arith.addf %x, %c : bf16
  return %0 : bf16
}

// -----

// Casts: index is i64; index_cast sign-extends or truncates, index_castui zero-extends.
// CHECK-LABEL: define internal i64 @casts(i32 %{{.*}}, float %{{.*}}, i1 %{{.*}})
// CHECK: sext i32 %{{.*}} to i64
// CHECK: zext i32 %{{.*}} to i64
// CHECK: fptosi float %{{.*}} to i64
// CHECK: trunc i64 %{{.*}} to i16
// CHECK: sext i16 %{{.*}} to i32
// CHECK: zext i1 %{{.*}} to i32
// CHECK: fpext float %{{.*}} to double
// CHECK: fptrunc double %{{.*}} to half
// CHECK: sitofp i32 %{{.*}} to float
// CHECK: uitofp i32 %{{.*}} to float
// CHECK: fptosi float %{{.*}} to i64
// CHECK: fptoui float %{{.*}} to i8
// CHECK: bitcast float %{{.*}} to i32
func.func @casts(%i: i32, %f: f32, %b: i1) -> index {
  %0 = arith.index_cast %i : i32 to index
  %1 = arith.index_castui %i : i32 to index
  %t = arith.fptosi %f : f32 to i64
  %2 = arith.trunci %t : i64 to i16
  %3 = arith.extsi %2 : i16 to i32
  %4 = arith.extui %b : i1 to i32
  %5 = arith.extf %f : f32 to f64
  %6 = arith.truncf %5 : f64 to f16
  %7 = arith.sitofp %i : i32 to f32
  %8 = arith.uitofp %i : i32 to f32
  %9 = arith.fptosi %f : f32 to i64
  %10 = arith.fptoui %f : f32 to i8
  %11 = arith.bitcast %f : f32 to i32
  return %1 : index
}
