// RUN: llh-opt %s | filecheck %s
// RUN: llh-opt %s | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// The cf custom forms round-trip as upstream mlir-opt prints them (checked against it in
// upstream.mlir).

// GENERIC: "cf.assert"(%{{.*}}) <{msg = "x must be positive"}> : (i1) -> ()
// GENERIC: "cf.br"(%{{.*}})[^bb1] : (f32) -> ()
// GENERIC: "cf.cond_br"(%{{.*}}, %{{.*}}, %{{.*}})[^bb2, ^bb3] <{operandSegmentSizes = array<i32: 1, 0, 2>}> : (i1, f32, i32) -> ()

// CHECK-LABEL: func.func @branches(%arg0: i1, %arg1: f32, %arg2: i32) -> f32 {
// CHECK-NEXT:   cf.assert %arg0, "x must be positive"
// CHECK-NEXT:   cf.assert %arg0, "quote \22 and newline \0A" {tag}
// CHECK-NEXT:   cf.br ^bb1(%arg1 : f32)
// CHECK-NEXT: ^bb1(%0: f32):  // 2 preds: ^bb0, ^bb2
// CHECK-NEXT:   cf.cond_br %arg0, ^bb2, ^bb3(%0, %arg2 : f32, i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb1
// CHECK-NEXT:   cf.cond_br %arg0, ^bb1(%0 : f32), ^bb3(%0, %arg2 : f32, i32) {hint}
// CHECK-NEXT: ^bb3(%1: f32, %2: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:   cf.br ^bb4
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT:   return %1 : f32
// CHECK-NEXT: }
func.func @branches(%c: i1, %x: f32, %i: i32) -> f32 {
  cf.assert %c, "x must be positive"
  cf.assert %c, "quote \" and newline \n" {tag}
  cf.br ^bb1(%x : f32)
^bb1(%a: f32):
  cf.cond_br %c, ^bb2, ^bb3(%a, %i : f32, i32)
^bb2:
  cf.cond_br %c, ^bb1(%a : f32), ^bb3(%a, %i : f32, i32) {hint}
^bb3(%b: f32, %j: i32):
  cf.br ^bb4
^bb4:
  return %b : f32
}
