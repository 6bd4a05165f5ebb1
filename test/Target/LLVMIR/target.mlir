// RUN: llh-opt %s --emit=llvm | filecheck %s --check-prefix=O2
// RUN: llh-opt %s --emit=llvm --opt-level=0 | filecheck %s --check-prefix=O0
// RUN: llh-opt %s --emit=asm --target-triple=aarch64-unknown-linux-gnu --target-cpu=cortex-a72 | filecheck %s --check-prefix=A64
// RUN: llh-opt %s --emit=asm -O1 --target-triple=x86_64-pc-windows-msvc | filecheck %s --check-prefix=WIN
// RUN: llh-opt %s --emit=obj -o %t.o
// RUN: llh-opt %s --emit=obj --target-triple=aarch64-unknown-linux-gnu -o %t.a64.o

// -O2 (the default) runs LLVM's default<O2> pipeline: the internal core is inlined into the
// C-interface wrapper and the loop is vectorized for the host.
// O2: target triple = "{{.*}}"
// O2-NOT: define internal
// O2: define void @_mlir_ciface_scale(
// O2: vector.body:
// O0: define internal { ptr, ptr, i64, [1 x i64], [1 x i64] } @scale(
// O0-NOT: vector.body
// A64: .text
// A64: _mlir_ciface_scale:
// A64: fmul
// A64: scale_status:
// WIN: _mlir_ciface_scale:
// WIN: scale_status:
func.func @scale(%a: memref<?xf32>, %s: f32) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  %r = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xf32>
    %y = arith.mulf %x, %s : f32
    memref.store %y, %r[%i] : memref<?xf32>
  }
  return %r : memref<?xf32>
}
