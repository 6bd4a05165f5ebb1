// RUN: llh-opt %s | filecheck %s
// RUN: llh-opt %s | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// The scf custom forms round-trip as upstream mlir-opt prints them (checked against it in
// upstream.mlir): `scf.yield` is elided when a loop or `if` carries no values, the induction
// variable type follows iter_args (`step %s  : i32 {`, two blanks as MLIR), regions have no
// default dialect, and an empty `scf.reduce` keeps MLIR's trailing blank.

// CHECK-LABEL: func.func @for_loops(%arg0: index, %arg1: index, %arg2: index, %arg3: f32, %arg4: memref<?xf32>) -> f32 {
// CHECK-NEXT:   scf.for %arg5 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:     memref.store %arg3, %arg4[%arg5] : memref<?xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3) -> (f32) {
// CHECK-NEXT:     %2 = memref.load %arg4[%arg5] : memref<?xf32>
// CHECK-NEXT:     %3 = arith.addf %arg6, %2 : f32
// CHECK-NEXT:     scf.yield %3 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = scf.for %arg5 = %arg0 to %arg1 step %arg2 iter_args(%arg6 = %arg3, %arg7 = %0) -> (f32, f32) {
// CHECK-NEXT:     scf.yield %arg7, %arg6 : f32, f32
// CHECK-NEXT:   } {tag = "swap"}
// CHECK-NEXT:   scf.for %arg5 = %arg0 to %arg1 step %arg2 {
// CHECK-NEXT:     scf.for %arg6 = %arg5 to %arg1 step %arg2 {
// CHECK-NEXT:       memref.store %1#1, %arg4[%arg6] : memref<?xf32>
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   return %1#0 : f32
func.func @for_loops(%lb: index, %ub: index, %step: index, %init: f32, %m: memref<?xf32>) -> f32 {
  scf.for %i = %lb to %ub step %step {
    memref.store %init, %m[%i] : memref<?xf32>
  }
  %sum = scf.for %i = %lb to %ub step %step iter_args(%acc = %init) -> (f32) {
    %v = memref.load %m[%i] : memref<?xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  %r:2 = scf.for %i = %lb to %ub step %step iter_args(%a = %init, %b = %sum) -> (f32, f32) {
    scf.yield %b, %a : f32, f32
  } {tag = "swap"}
  scf.for %i = %lb to %ub step %step {
    scf.for %j = %i to %ub step %step {
      memref.store %r#1, %m[%j] : memref<?xf32>
    }
  }
  return %r#0 : f32
}

// CHECK-LABEL: func.func @for_integer(%arg0: i32, %arg1: f32) -> f32 {
// CHECK-NEXT:   %0 = scf.for unsigned %arg2 = %arg0 to %arg0 step %arg0 iter_args(%arg3 = %arg1) -> (f32)  : i32 {
// CHECK-NEXT:     scf.yield %arg3 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.for %arg2 = %arg0 to %arg0 step %arg0  : i32 {
// CHECK-NEXT:   }
// CHECK-NEXT:   return %0 : f32
func.func @for_integer(%n: i32, %z: f32) -> f32 {
  %r = scf.for unsigned %i = %n to %n step %n iter_args(%a = %z) -> (f32) : i32 {
    scf.yield %a : f32
  }
  scf.for %i = %n to %n step %n : i32 {
  }
  return %r : f32
}

// CHECK-LABEL: func.func @if_ops(%arg0: i1, %arg1: f32, %arg2: memref<2xf32>) -> f32 {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg1, %arg2[%c0] : memref<2xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   scf.if %arg0 {
// CHECK-NEXT:     memref.store %arg1, %arg2[%c0] : memref<2xf32>
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %2 = arith.negf %arg1 : f32
// CHECK-NEXT:     memref.store %2, %arg2[%c0] : memref<2xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = scf.if %arg0 -> (f32) {
// CHECK-NEXT:     scf.yield %arg1 : f32
// CHECK-NEXT:   } else {
// CHECK-NEXT:     %2 = arith.mulf %arg1, %arg1 : f32
// CHECK-NEXT:     scf.yield %2 : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = scf.if %arg0 -> (f32, i1) {
// CHECK-NEXT:     scf.yield %0, %arg0 : f32, i1
// CHECK-NEXT:   } else {
// CHECK-NEXT:     scf.yield %arg1, %arg0 : f32, i1
// CHECK-NEXT:   } {note = 1 : i64}
// CHECK-NEXT:   return %1#0 : f32
func.func @if_ops(%c: i1, %x: f32, %m: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  scf.if %c {
    memref.store %x, %m[%c0] : memref<2xf32>
  }
  scf.if %c {
    memref.store %x, %m[%c0] : memref<2xf32>
  } else {
    %y = arith.negf %x : f32
    memref.store %y, %m[%c0] : memref<2xf32>
  }
  %r = scf.if %c -> (f32) {
    scf.yield %x : f32
  } else {
    %y = arith.mulf %x, %x : f32
    scf.yield %y : f32
  }
  %p:2 = scf.if %c -> (f32, i1) {
    scf.yield %r, %c : f32, i1
  } else {
    scf.yield %x, %c : f32, i1
  } {note = 1 : i64}
  return %p#0 : f32
}

// CHECK-LABEL: func.func @parallel_ops(%arg0: index, %arg1: memref<?x?xf32>, %arg2: f32) -> f32 {
// CHECK-NEXT:   %c0 = arith.constant 0 : index
// CHECK-NEXT:   %c1 = arith.constant 1 : index
// CHECK-NEXT:   scf.parallel (%arg3, %arg4) = (%c0, %c0) to (%arg0, %arg0) step (%c1, %c1) {
// CHECK-NEXT:     memref.store %arg2, %arg1[%arg3, %arg4] : memref<?x?xf32>
// CHECK-NEXT:     scf.reduce 
// CHECK-NEXT:   }
// CHECK-NEXT:   %0 = scf.parallel (%arg3) = (%c0) to (%arg0) step (%c1) init (%arg2) -> f32 {
// CHECK-NEXT:     %2 = memref.load %arg1[%arg3, %arg3] : memref<?x?xf32>
// CHECK-NEXT:     scf.reduce(%2 : f32) {
// CHECK-NEXT:     ^bb0(%arg4: f32, %arg5: f32):
// CHECK-NEXT:       %3 = arith.addf %arg4, %arg5 : f32
// CHECK-NEXT:       scf.reduce.return %3 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   %1:2 = scf.parallel (%arg3) = (%c0) to (%arg0) step (%c1) init (%arg2, %arg2) -> (f32, f32) {
// CHECK-NEXT:     scf.reduce(%arg2, %0 : f32, f32) {
// CHECK-NEXT:     ^bb0(%arg4: f32, %arg5: f32):
// CHECK-NEXT:       %2 = arith.maximumf %arg4, %arg5 : f32
// CHECK-NEXT:       scf.reduce.return %2 : f32
// CHECK-NEXT:     }, {
// CHECK-NEXT:     ^bb0(%arg4: f32, %arg5: f32):
// CHECK-NEXT:       %2 = arith.minimumf %arg4, %arg5 : f32
// CHECK-NEXT:       scf.reduce.return %2 : f32
// CHECK-NEXT:     }
// CHECK-NEXT:   } {mapping = "none"}
// CHECK-NEXT:   return %1#1 : f32
func.func @parallel_ops(%n: index, %m: memref<?x?xf32>, %z: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
    memref.store %z, %m[%i, %j] : memref<?x?xf32>
  }
  %sum = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z) -> f32 {
    %v = memref.load %m[%i, %i] : memref<?x?xf32>
    scf.reduce(%v : f32) {
    ^bb0(%lhs: f32, %rhs: f32):
      %s = arith.addf %lhs, %rhs : f32
      scf.reduce.return %s : f32
    }
  }
  %two:2 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%z, %z) -> (f32, f32) {
    scf.reduce(%z, %sum : f32, f32) {
    ^bb0(%lhs: f32, %rhs: f32):
      %s = arith.maximumf %lhs, %rhs : f32
      scf.reduce.return %s : f32
    }, {
    ^bb0(%lhs: f32, %rhs: f32):
      %s = arith.minimumf %lhs, %rhs : f32
      scf.reduce.return %s : f32
    }
  } {mapping = "none"}
  return %two#1 : f32
}

// The generic form shows the implicit terminators, the empty else region and the segments.
// GENERIC-LABEL: sym_name = "for_loops"
// GENERIC:         "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}) ({
// GENERIC-NEXT:    ^bb0(%{{.*}}: index):
// GENERIC-NEXT:      "memref.store"
// GENERIC-NEXT:      "scf.yield"() : () -> ()
// GENERIC-NEXT:    }) : (index, index, index) -> ()
// GENERIC-LABEL: sym_name = "for_integer"
// GENERIC:         "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) <{unsignedCmp}> ({
// GENERIC-NEXT:    ^bb0(%{{.*}}: i32, %{{.*}}: f32):
// GENERIC-LABEL: sym_name = "if_ops"
// GENERIC:         "scf.if"(%{{.*}}) ({
// GENERIC-NEXT:      "memref.store"
// GENERIC-NEXT:      "scf.yield"() : () -> ()
// GENERIC-NEXT:    }, {
// GENERIC-NEXT:    }) : (i1) -> ()
// GENERIC-LABEL: sym_name = "parallel_ops"
// GENERIC:         "scf.parallel"(%{{.*}}) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
// GENERIC-NEXT:    ^bb0(%{{.*}}: index, %{{.*}}: index):
// GENERIC-NEXT:      "memref.store"
// GENERIC-NEXT:      "scf.reduce"() : () -> ()
// GENERIC:           "scf.reduce"(%{{.*}}) ({
// GENERIC-NEXT:      ^bb0(%{{.*}}: f32, %{{.*}}: f32):
// GENERIC-NEXT:        "arith.addf"
// GENERIC-NEXT:        "scf.reduce.return"(%{{.*}}) : (f32) -> ()
// GENERIC-NEXT:      }) : (f32) -> ()

// Explicit empty terminators are elided, empty regions get one (an empty `else` prints back).
// CHECK-LABEL: func.func @implicit_terminators
// CHECK-NEXT:    scf.for %{{.*}} = %arg0 to %arg0 step %arg0 {
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg1 {
// CHECK-NEXT:    } else {
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg1 {
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.parallel (%{{.*}}) = (%arg0) to (%arg0) step (%arg0) {
// CHECK-NEXT:      scf.reduce{{ $}}
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @implicit_terminators(%n: index, %c: i1) {
  scf.for %i = %n to %n step %n {
    scf.yield
  }
  scf.if %c {
  } else {
  }
  scf.if %c {
    scf.yield
  }
  scf.parallel (%i) = (%n) to (%n) step (%n) {
  }
  return
}
