// RUN: llh-opt %s --emit=llvm -O0 | filecheck %s

// The vector subset → LLVM vector IR: loads/stores of `<8 x float>` at the element address
// (element-aligned unless the op says more), splats as insertelement + shufflevector, `vector.fma`
// as `llvm.fma`, reductions as `llvm.vector.reduce.*` (ordered fadd unless reassoc), arith on
// vectors as the plain vector instructions.

// CHECK-LABEL: define internal float @vector_ops(
// CHECK: %[[P0:.*]] = getelementptr inbounds float, ptr %{{.*}}, i64 %{{.*}}
// CHECK-NEXT: %[[A:.*]] = load <8 x float>, ptr %[[P0]], align 4
// CHECK: %[[B:.*]] = load <8 x float>, ptr %{{.*}}, align 32
// CHECK-NEXT: %[[S1:.*]] = insertelement <1 x float> undef, float %arg2, i32 0
// CHECK-NEXT: %[[S:.*]] = shufflevector <1 x float> %[[S1]], <1 x float> undef, <8 x i32> zeroinitializer
// CHECK-NEXT: %[[F:.*]] = call <8 x float> @llvm.fma.v8f32(<8 x float> %[[A]], <8 x float> %[[B]], <8 x float> %[[S]])
// CHECK-NEXT: %[[ADD:.*]] = fadd <8 x float> %[[F]], <float 0.000000e+00, float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00, float 0.000000e+00>
// CHECK-NEXT: %[[MAX:.*]] = call <8 x float> @llvm.maximum.v8f32(<8 x float> %[[ADD]], <8 x float> zeroinitializer)
// CHECK: store <8 x float> %[[MAX]], ptr %{{.*}}, align 4
// CHECK: %[[R0:.*]] = call float @llvm.vector.reduce.fadd.v8f32(float -0.000000e+00, <8 x float> %[[F]])
// CHECK-NEXT: %[[R1:.*]] = call fast float @llvm.vector.reduce.fmax.v8f32(<8 x float> %[[F]])
// CHECK-NEXT: call float @llvm.maxnum.f32(float %[[R1]], float %arg2)
// CHECK-NEXT: %[[X:.*]] = call i32 @llvm.vector.reduce.xor.v4i32(<4 x i32> %arg3)
// CHECK-NEXT: xor i32 %[[X]], %arg4
// CHECK-NEXT: %[[R3:.*]] = call reassoc float @llvm.vector.reduce.fadd.v8f32(float %[[R0]], <8 x float> %[[F]])
// CHECK-NEXT: call i32 @llvm.vector.reduce.smax.v4i32(<4 x i32> %arg3)
// CHECK-NEXT: ret float %[[R3]]
func.func private @vector_ops(%m: memref<?x8xf32>, %i: index, %a: f32, %iv: vector<4xi32>, %acc: i32) -> f32 {
  %cst = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 0.0, 0.0, 0.0, 0.0]> : vector<8xf32>
  %zero = arith.constant dense<0.0> : vector<8xf32>
  %0 = vector.load %m[%i, %i] : memref<?x8xf32>, vector<8xf32>
  %1 = vector.load %m[%i, %i] {alignment = 32 : i64} : memref<?x8xf32>, vector<8xf32>
  %2 = vector.broadcast %a : f32 to vector<8xf32>
  %4 = vector.fma %0, %1, %2 : vector<8xf32>
  %5 = arith.addf %4, %cst : vector<8xf32>
  %6 = arith.maximumf %5, %zero : vector<8xf32>
  vector.store %6, %m[%i, %i] : memref<?x8xf32>, vector<8xf32>
  %7 = vector.reduction <add>, %4 : vector<8xf32> into f32
  %8 = vector.reduction <maxnumf>, %4, %a fastmath<fast> : vector<8xf32> into f32
  %9 = vector.reduction <xor>, %iv, %acc : vector<4xi32> into i32
  %10 = vector.reduction <add>, %4, %7 fastmath<reassoc> : vector<8xf32> into f32
  %11 = vector.reduction <maxsi>, %iv : vector<4xi32> into i32
  return %10 : f32
}

// Vector iteration arguments of `scf.for` become vector phis.
// CHECK-LABEL: define internal void @dot(
// CHECK: phi <8 x float>
// CHECK: call <8 x float> @llvm.fma.v8f32
func.func private @dot(%a: memref<?xf32>, %b: memref<?xf32>, %out: memref<1xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant dense<0.0> : vector<8xf32>
  %r = scf.for %i = %c0 to %n step %c8 iter_args(%acc = %z) -> (vector<8xf32>) {
    %x = vector.load %a[%i] : memref<?xf32>, vector<8xf32>
    %y = vector.load %b[%i] : memref<?xf32>, vector<8xf32>
    %f = vector.fma %x, %y, %acc : vector<8xf32>
    scf.yield %f : vector<8xf32>
  }
  %s = vector.reduction <add>, %r : vector<8xf32> into f32
  memref.store %s, %out[%c0] : memref<1xf32>
  return
}

// CHECK: declare <8 x float> @llvm.fma.v8f32(<8 x float>, <8 x float>, <8 x float>)
