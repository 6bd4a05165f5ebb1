"""Hand-written loop-level modules (the translator's input) for the codegen/runtime tests.

Each sample is kept in MLIR's custom form (documentation, and the input of the upstream check)
and in the generic form our parser reads without the loop dialects' custom syntax. The generic
text was printed by upstream `mlir-opt --mlir-print-op-generic` from the custom text.
"""

from __future__ import annotations

ELEMENTWISE_CUSTOM = r"""
func.func @elementwise(%a: memref<?x?xf32>, %b: memref<?x?xf32>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f32
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  %out = memref.alloc(%n, %m) : memref<?x?xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) {
    %x = memref.load %a[%i, %j] : memref<?x?xf32>
    %y = memref.load %b[%i, %j] : memref<?x?xf32>
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %p, %x : f32
    %d = arith.subf %s, %y : f32
    %q = arith.divf %d, %half : f32
    %mx = arith.maximumf %q, %y : f32
    %mn = arith.minimumf %mx, %x : f32
    %ng = arith.negf %mn : f32
    %c = arith.cmpf ogt, %x, %y : f32
    %r = arith.select %c, %ng, %q : f32
    memref.store %r, %out[%i, %j] : memref<?x?xf32>
    scf.reduce
  }
  return %out : memref<?x?xf32>
}
"""

ELEMENTWISE = r"""
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?x?xf32>, memref<?x?xf32>) -> memref<?x?xf32>, sym_name = "elementwise"}> ({
  ^bb0(%arg0: memref<?x?xf32>, %arg1: memref<?x?xf32>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 5.000000e-01 : f32}> : () -> f32
    %3 = "memref.dim"(%arg0, %0) : (memref<?x?xf32>, index) -> index
    %4 = "memref.dim"(%arg0, %1) : (memref<?x?xf32>, index) -> index
    %5 = "memref.alloc"(%3, %4) <{operandSegmentSizes = array<i32: 2, 0>}> : (index, index) -> memref<?x?xf32>
    "scf.parallel"(%0, %0, %3, %4, %1, %1) <{operandSegmentSizes = array<i32: 2, 2, 2, 0>}> ({
    ^bb0(%arg2: index, %arg3: index):
      %6 = "memref.load"(%arg0, %arg2, %arg3) : (memref<?x?xf32>, index, index) -> f32
      %7 = "memref.load"(%arg1, %arg2, %arg3) : (memref<?x?xf32>, index, index) -> f32
      %8 = "arith.mulf"(%6, %7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %9 = "arith.addf"(%8, %6) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %10 = "arith.subf"(%9, %7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %11 = "arith.divf"(%10, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %12 = "arith.maximumf"(%11, %7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %13 = "arith.minimumf"(%12, %6) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %14 = "arith.negf"(%13) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %15 = "arith.cmpf"(%6, %7) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (f32, f32) -> i1
      %16 = "arith.select"(%15, %14, %11) : (i1, f32, f32) -> f32
      "memref.store"(%16, %5, %arg2, %arg3) : (f32, memref<?x?xf32>, index, index) -> ()
      "scf.reduce"() : () -> ()
    }) : (index, index, index, index, index, index) -> ()
    "func.return"(%5) : (memref<?x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

"""

MATH_CUSTOM = r"""
func.func @math(%a: memref<?xf32>) -> (memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %n = memref.dim %a, %c0 : memref<?xf32>
  %o0 = memref.alloc(%n) : memref<?xf32>
  %o1 = memref.alloc(%n) : memref<?xf32>
  %o2 = memref.alloc(%n) : memref<?xf32>
  %o3 = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xf32>
    %ab = math.absf %x : f32
    %sq = math.sqrt %ab : f32
    %ex = math.exp %x : f32
    %lg = math.log1p %ab : f32
    %t0 = arith.addf %sq, %ex : f32
    %t1 = arith.addf %t0, %lg : f32
    memref.store %t1, %o0[%i] : memref<?xf32>
    %th = math.tanh %x : f32
    %er = math.erf %x : f32
    %t2 = arith.subf %th, %er : f32
    memref.store %t2, %o1[%i] : memref<?xf32>
    %fl = math.floor %x : f32
    %ce = math.ceil %x : f32
    %re = math.roundeven %x : f32
    %t3 = arith.addf %fl, %ce : f32
    %t4 = arith.addf %t3, %re : f32
    memref.store %t4, %o2[%i] : memref<?xf32>
    %ab1 = arith.addf %ab, %one : f32
    %rs = math.rsqrt %ab1 : f32
    %pw = math.powf %ab1, %x : f32
    %t5 = arith.mulf %rs, %pw : f32
    memref.store %t5, %o3[%i] : memref<?xf32>
  }
  return %o0, %o1, %o2, %o3 : memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>
}
"""

MATH = r"""
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?xf32>) -> (memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>), sym_name = "math"}> ({
  ^bb0(%arg0: memref<?xf32>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %3 = "memref.dim"(%arg0, %0) : (memref<?xf32>, index) -> index
    %4 = "memref.alloc"(%3) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
    %5 = "memref.alloc"(%3) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
    %6 = "memref.alloc"(%3) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
    %7 = "memref.alloc"(%3) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
    "scf.for"(%0, %3, %1) ({
    ^bb0(%arg1: index):
      %8 = "memref.load"(%arg0, %arg1) : (memref<?xf32>, index) -> f32
      %9 = "math.absf"(%8) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %10 = "math.sqrt"(%9) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %11 = "math.exp"(%8) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %12 = "math.log1p"(%9) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %13 = "arith.addf"(%10, %11) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %14 = "arith.addf"(%13, %12) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "memref.store"(%14, %4, %arg1) : (f32, memref<?xf32>, index) -> ()
      %15 = "math.tanh"(%8) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %16 = "math.erf"(%8) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %17 = "arith.subf"(%15, %16) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "memref.store"(%17, %5, %arg1) : (f32, memref<?xf32>, index) -> ()
      %18 = "math.floor"(%8) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %19 = "math.ceil"(%8) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %20 = "math.roundeven"(%8) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %21 = "arith.addf"(%18, %19) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %22 = "arith.addf"(%21, %20) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "memref.store"(%22, %6, %arg1) : (f32, memref<?xf32>, index) -> ()
      %23 = "arith.addf"(%9, %2) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %24 = "math.rsqrt"(%23) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
      %25 = "math.powf"(%23, %8) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %26 = "arith.mulf"(%24, %25) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "memref.store"(%26, %7, %arg1) : (f32, memref<?xf32>, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"(%4, %5, %6, %7) : (memref<?xf32>, memref<?xf32>, memref<?xf32>, memref<?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

"""

INTOPS_CUSTOM = r"""
func.func @intops(%a: memref<?xi32>, %b: memref<?xi32>) -> (memref<?x6xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %s3 = arith.constant 3 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %out = memref.alloc(%n) : memref<?x6xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x = memref.load %a[%i] : memref<?xi32>
    %y = memref.load %b[%i] : memref<?xi32>
    %fd = arith.floordivsi %x, %y : i32
    %cd = arith.ceildivsi %x, %y : i32
    %rm = arith.remsi %x, %y : i32
    %dv = arith.divsi %x, %y : i32
    %sh = arith.shrsi %x, %s3 : i32
    %sl = arith.shli %y, %s3 : i32
    %mx = arith.maxsi %sh, %sl : i32
    %mn = arith.minsi %rm, %dv : i32
    %xo = arith.xori %mx, %mn : i32
    memref.store %fd, %out[%i, %c0] : memref<?x6xi32>
    memref.store %cd, %out[%i, %c1] : memref<?x6xi32>
    memref.store %rm, %out[%i, %c2] : memref<?x6xi32>
    memref.store %dv, %out[%i, %c3] : memref<?x6xi32>
    memref.store %xo, %out[%i, %c4] : memref<?x6xi32>
    %mul = arith.muli %x, %y : i32
    %sub = arith.subi %mul, %x : i32
    memref.store %sub, %out[%i, %c5] : memref<?x6xi32>
    scf.reduce
  }
  return %out : memref<?x6xi32>
}
"""

INTOPS = r"""
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?xi32>, memref<?xi32>) -> memref<?x6xi32>, sym_name = "intops"}> ({
  ^bb0(%arg0: memref<?xi32>, %arg1: memref<?xi32>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 2 : index}> : () -> index
    %3 = "arith.constant"() <{value = 3 : index}> : () -> index
    %4 = "arith.constant"() <{value = 4 : index}> : () -> index
    %5 = "arith.constant"() <{value = 5 : index}> : () -> index
    %6 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %7 = "memref.dim"(%arg0, %0) : (memref<?xi32>, index) -> index
    %8 = "memref.alloc"(%7) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?x6xi32>
    "scf.parallel"(%0, %7, %1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%arg2: index):
      %9 = "memref.load"(%arg0, %arg2) : (memref<?xi32>, index) -> i32
      %10 = "memref.load"(%arg1, %arg2) : (memref<?xi32>, index) -> i32
      %11 = "arith.floordivsi"(%9, %10) : (i32, i32) -> i32
      %12 = "arith.ceildivsi"(%9, %10) : (i32, i32) -> i32
      %13 = "arith.remsi"(%9, %10) : (i32, i32) -> i32
      %14 = "arith.divsi"(%9, %10) : (i32, i32) -> i32
      %15 = "arith.shrsi"(%9, %6) : (i32, i32) -> i32
      %16 = "arith.shli"(%10, %6) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %17 = "arith.maxsi"(%15, %16) : (i32, i32) -> i32
      %18 = "arith.minsi"(%13, %14) : (i32, i32) -> i32
      %19 = "arith.xori"(%17, %18) : (i32, i32) -> i32
      "memref.store"(%11, %8, %arg2, %0) : (i32, memref<?x6xi32>, index, index) -> ()
      "memref.store"(%12, %8, %arg2, %1) : (i32, memref<?x6xi32>, index, index) -> ()
      "memref.store"(%13, %8, %arg2, %2) : (i32, memref<?x6xi32>, index, index) -> ()
      "memref.store"(%14, %8, %arg2, %3) : (i32, memref<?x6xi32>, index, index) -> ()
      "memref.store"(%19, %8, %arg2, %4) : (i32, memref<?x6xi32>, index, index) -> ()
      %20 = "arith.muli"(%9, %10) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %21 = "arith.subi"(%20, %9) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "memref.store"(%21, %8, %arg2, %5) : (i32, memref<?x6xi32>, index, index) -> ()
      "scf.reduce"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"(%8) : (memref<?x6xi32>) -> ()
  }) : () -> ()
}) : () -> ()

"""

REDUCE_CUSTOM = r"""
func.func @reduce(%a: memref<?x?xf32>) -> (memref<?xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %n = memref.dim %a, %c0 : memref<?x?xf32>
  %m = memref.dim %a, %c1 : memref<?x?xf32>
  %rows = memref.alloc(%n) : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %s = scf.for %j = %c0 to %m step %c1 iter_args(%acc = %zero) -> (f32) {
      %x = memref.load %a[%i, %j] : memref<?x?xf32>
      %t = arith.addf %acc, %x : f32
      scf.yield %t : f32
    }
    memref.store %s, %rows[%i] : memref<?xf32>
    scf.reduce
  }
  %mx = scf.parallel (%i, %j) = (%c0, %c0) to (%n, %m) step (%c1, %c1) init (%ninf) -> f32 {
    %x = memref.load %a[%i, %j] : memref<?x?xf32>
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      %v = arith.maximumf %l, %r : f32
      scf.reduce.return %v : f32
    }
  }
  return %rows, %mx : memref<?xf32>, f32
}
"""

REDUCE = r"""
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?x?xf32>) -> (memref<?xf32>, f32), sym_name = "reduce"}> ({
  ^bb0(%arg0: memref<?x?xf32>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 0.000000e+00 : f32}> : () -> f32
    %3 = "arith.constant"() <{value = 0xFF800000 : f32}> : () -> f32
    %4 = "memref.dim"(%arg0, %0) : (memref<?x?xf32>, index) -> index
    %5 = "memref.dim"(%arg0, %1) : (memref<?x?xf32>, index) -> index
    %6 = "memref.alloc"(%4) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
    "scf.parallel"(%0, %4, %1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
    ^bb0(%arg5: index):
      %10 = "scf.for"(%0, %5, %1, %2) ({
      ^bb0(%arg6: index, %arg7: f32):
        %11 = "memref.load"(%arg0, %arg5, %arg6) : (memref<?x?xf32>, index, index) -> f32
        %12 = "arith.addf"(%arg7, %11) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "scf.yield"(%12) : (f32) -> ()
      }) : (index, index, index, f32) -> f32
      "memref.store"(%10, %6, %arg5) : (f32, memref<?xf32>, index) -> ()
      "scf.reduce"() : () -> ()
    }) : (index, index, index) -> ()
    %7 = "scf.parallel"(%0, %0, %4, %5, %1, %1, %3) <{operandSegmentSizes = array<i32: 2, 2, 2, 1>}> ({
    ^bb0(%arg1: index, %arg2: index):
      %8 = "memref.load"(%arg0, %arg1, %arg2) : (memref<?x?xf32>, index, index) -> f32
      "scf.reduce"(%8) ({
      ^bb0(%arg3: f32, %arg4: f32):
        %9 = "arith.maximumf"(%arg3, %arg4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
        "scf.reduce.return"(%9) : (f32) -> ()
      }) : (f32) -> ()
    }) : (index, index, index, index, index, index, f32) -> f32
    "func.return"(%6, %7) : (memref<?xf32>, f32) -> ()
  }) : () -> ()
}) : () -> ()

"""

VIEWS_CUSTOM = r"""
func.func @views(%a: memref<?x4xf32>) -> (memref<?xf32>, memref<?x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %a, %c0 : memref<?x4xf32>
  %n1 = arith.subi %n, %c1 : index
  %tail = memref.subview %a[1, 0][%n1, 4][1, 1] : memref<?x4xf32> to memref<?x4xf32, strided<[4, 1], offset: 4>>
  %copy = memref.alloc(%n1) : memref<?x4xf32>
  memref.copy %tail, %copy : memref<?x4xf32, strided<[4, 1], offset: 4>> to memref<?x4xf32>
  %flat = memref.collapse_shape %copy [[0, 1]] : memref<?x4xf32> into memref<?xf32>
  %len = arith.muli %n1, %c2 : index
  %pairs = memref.expand_shape %flat [[0, 1]] output_shape [%len, 2] : memref<?xf32> into memref<?x2xf32>
  %cols = memref.subview %a[0, 1][%n, 2][1, 2] : memref<?x4xf32> to memref<?x2xf32, strided<[4, 2], offset: 1>>
  %out = memref.alloc(%n) : memref<?x2xf32>
  memref.copy %cols, %out : memref<?x2xf32, strided<[4, 2], offset: 1>> to memref<?x2xf32>
  %res = memref.alloc(%len) : memref<?xf32>
  scf.for %i = %c0 to %len step %c1 {
    %x = memref.load %pairs[%i, %c0] : memref<?x2xf32>
    %y = memref.load %pairs[%i, %c1] : memref<?x2xf32>
    %s = arith.subf %x, %y : f32
    memref.store %s, %res[%i] : memref<?xf32>
  }
  memref.dealloc %copy : memref<?x4xf32>
  return %res, %out : memref<?xf32>, memref<?x2xf32>
}
"""

VIEWS = r"""
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?x4xf32>) -> (memref<?xf32>, memref<?x2xf32>), sym_name = "views"}> ({
  ^bb0(%arg0: memref<?x4xf32>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 2 : index}> : () -> index
    %3 = "memref.dim"(%arg0, %0) : (memref<?x4xf32>, index) -> index
    %4 = "arith.subi"(%3, %1) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %5 = "memref.subview"(%arg0, %4) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 1, 0>, static_sizes = array<i64: -9223372036854775808, 4>, static_strides = array<i64: 1, 1>}> : (memref<?x4xf32>, index) -> memref<?x4xf32, strided<[4, 1], offset: 4>>
    %6 = "memref.alloc"(%4) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?x4xf32>
    "memref.copy"(%5, %6) : (memref<?x4xf32, strided<[4, 1], offset: 4>>, memref<?x4xf32>) -> ()
    %7 = "memref.collapse_shape"(%6) <{reassociation = [[0, 1]]}> : (memref<?x4xf32>) -> memref<?xf32>
    %8 = "arith.muli"(%4, %2) <{overflowFlags = #arith.overflow<none>}> : (index, index) -> index
    %9 = "memref.expand_shape"(%7, %8) <{reassociation = [[0, 1]], static_output_shape = array<i64: -9223372036854775808, 2>}> : (memref<?xf32>, index) -> memref<?x2xf32>
    %10 = "memref.subview"(%arg0, %3) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, static_offsets = array<i64: 0, 1>, static_sizes = array<i64: -9223372036854775808, 2>, static_strides = array<i64: 1, 2>}> : (memref<?x4xf32>, index) -> memref<?x2xf32, strided<[4, 2], offset: 1>>
    %11 = "memref.alloc"(%3) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?x2xf32>
    "memref.copy"(%10, %11) : (memref<?x2xf32, strided<[4, 2], offset: 1>>, memref<?x2xf32>) -> ()
    %12 = "memref.alloc"(%8) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
    "scf.for"(%0, %8, %1) ({
    ^bb0(%arg1: index):
      %13 = "memref.load"(%9, %arg1, %0) : (memref<?x2xf32>, index, index) -> f32
      %14 = "memref.load"(%9, %arg1, %1) : (memref<?x2xf32>, index, index) -> f32
      %15 = "arith.subf"(%13, %14) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "memref.store"(%15, %12, %arg1) : (f32, memref<?xf32>, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "memref.dealloc"(%6) : (memref<?x4xf32>) -> ()
    "func.return"(%12, %11) : (memref<?xf32>, memref<?x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()

"""

CONTROL_CUSTOM = r"""
func.func @control(%a: memref<?xi64>, %k: i64) -> (memref<?xi64>, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %n = memref.dim %a, %c0 : memref<?xi64>
  %out = memref.alloc(%n) : memref<?xi64>
  %cnt = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i64) {
    %x = memref.load %a[%i] : memref<?xi64>
    %neg = arith.cmpi slt, %x, %z : i64
    %v, %inc = scf.if %neg -> (i64, i64) {
      %q = arith.floordivsi %x, %k : i64
      %one = arith.constant 1 : i64
      scf.yield %q, %one : i64, i64
    } else {
      %q = arith.ceildivsi %x, %k : i64
      scf.yield %q, %z : i64, i64
    }
    memref.store %v, %out[%i] : memref<?xi64>
    %a2 = arith.addi %acc, %inc : i64
    scf.yield %a2 : i64
  }
  %big = arith.cmpi sgt, %cnt, %k : i64
  cf.cond_br %big, ^many(%cnt : i64), ^few
^many(%c: i64):
  %c2 = arith.muli %c, %c : i64
  return %out, %c2 : memref<?xi64>, i64
^few:
  return %out, %cnt : memref<?xi64>, i64
}
"""

CONTROL = r"""
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?xi64>, i64) -> (memref<?xi64>, i64), sym_name = "control"}> ({
  ^bb0(%arg0: memref<?xi64>, %arg1: i64):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %3 = "memref.dim"(%arg0, %0) : (memref<?xi64>, index) -> index
    %4 = "memref.alloc"(%3) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xi64>
    %5 = "scf.for"(%0, %3, %1, %2) ({
    ^bb0(%arg2: index, %arg3: i64):
      %9 = "memref.load"(%arg0, %arg2) : (memref<?xi64>, index) -> i64
      %10 = "arith.cmpi"(%9, %2) <{predicate = 2 : i64}> : (i64, i64) -> i1
      %11:2 = "scf.if"(%10) ({
        %14 = "arith.floordivsi"(%9, %arg1) : (i64, i64) -> i64
        %15 = "arith.constant"() <{value = 1 : i64}> : () -> i64
        "scf.yield"(%14, %15) : (i64, i64) -> ()
      }, {
        %13 = "arith.ceildivsi"(%9, %arg1) : (i64, i64) -> i64
        "scf.yield"(%13, %2) : (i64, i64) -> ()
      }) : (i1) -> (i64, i64)
      "memref.store"(%11#0, %4, %arg2) : (i64, memref<?xi64>, index) -> ()
      %12 = "arith.addi"(%arg3, %11#1) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      "scf.yield"(%12) : (i64) -> ()
    }) : (index, index, index, i64) -> i64
    %6 = "arith.cmpi"(%5, %arg1) <{predicate = 4 : i64}> : (i64, i64) -> i1
    "cf.cond_br"(%6, %5)[^bb1, ^bb2] <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (i1, i64) -> ()
  ^bb1(%7: i64):  // pred: ^bb0
    %8 = "arith.muli"(%7, %7) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
    "func.return"(%4, %8) : (memref<?xi64>, i64) -> ()
  ^bb2:  // pred: ^bb0
    "func.return"(%4, %5) : (memref<?xi64>, i64) -> ()
  }) : () -> ()
}) : () -> ()

"""

DTYPES_CUSTOM = r"""
func.func @dtypes(%a: memref<?xf64>, %h: memref<?xf16>, %i: memref<?xi8>) -> (memref<?xf64>, memref<?xf16>, memref<?xi1>, memref<?xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = arith.constant 0.25 : f64
  %n = memref.dim %a, %c0 : memref<?xf64>
  %o0 = memref.alloc(%n) : memref<?xf64>
  %o1 = memref.alloc(%n) : memref<?xf16>
  %o2 = memref.alloc(%n) : memref<?xi1>
  %o3 = memref.alloc(%n) : memref<?xi64>
  scf.for %k = %c0 to %n step %c1 {
    %x = memref.load %a[%k] : memref<?xf64>
    %y = memref.load %h[%k] : memref<?xf16>
    %b = memref.load %i[%k] : memref<?xi8>
    %yf = arith.extf %y : f16 to f64
    %s = arith.addf %x, %yf : f64
    %m = arith.mulf %s, %t : f64
    memref.store %m, %o0[%k] : memref<?xf64>
    %yy = arith.mulf %y, %y : f16
    memref.store %yy, %o1[%k] : memref<?xf16>
    %c = arith.cmpf olt, %x, %yf : f64
    memref.store %c, %o2[%k] : memref<?xi1>
    %w = arith.extsi %b : i8 to i64
    %ki = arith.index_cast %k : index to i64
    %r = arith.muli %w, %ki : i64
    memref.store %r, %o3[%k] : memref<?xi64>
  }
  return %o0, %o1, %o2, %o3 : memref<?xf64>, memref<?xf16>, memref<?xi1>, memref<?xi64>
}
func.func @scalar(%x: f32, %y: i64) -> f32 {
  %f = arith.sitofp %y : i64 to f32
  %r = arith.mulf %x, %f : f32
  return %r : f32
}
"""

DTYPES = r"""
"builtin.module"() ({
  "func.func"() <{function_type = (memref<?xf64>, memref<?xf16>, memref<?xi8>) -> (memref<?xf64>, memref<?xf16>, memref<?xi1>, memref<?xi64>), sym_name = "dtypes"}> ({
  ^bb0(%arg2: memref<?xf64>, %arg3: memref<?xf16>, %arg4: memref<?xi8>):
    %2 = "arith.constant"() <{value = 0 : index}> : () -> index
    %3 = "arith.constant"() <{value = 1 : index}> : () -> index
    %4 = "arith.constant"() <{value = 2.500000e-01 : f64}> : () -> f64
    %5 = "memref.dim"(%arg2, %2) : (memref<?xf64>, index) -> index
    %6 = "memref.alloc"(%5) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf64>
    %7 = "memref.alloc"(%5) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf16>
    %8 = "memref.alloc"(%5) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xi1>
    %9 = "memref.alloc"(%5) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xi64>
    "scf.for"(%2, %5, %3) ({
    ^bb0(%arg5: index):
      %10 = "memref.load"(%arg2, %arg5) : (memref<?xf64>, index) -> f64
      %11 = "memref.load"(%arg3, %arg5) : (memref<?xf16>, index) -> f16
      %12 = "memref.load"(%arg4, %arg5) : (memref<?xi8>, index) -> i8
      %13 = "arith.extf"(%11) : (f16) -> f64
      %14 = "arith.addf"(%10, %13) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      %15 = "arith.mulf"(%14, %4) <{fastmath = #arith.fastmath<none>}> : (f64, f64) -> f64
      "memref.store"(%15, %6, %arg5) : (f64, memref<?xf64>, index) -> ()
      %16 = "arith.mulf"(%11, %11) <{fastmath = #arith.fastmath<none>}> : (f16, f16) -> f16
      "memref.store"(%16, %7, %arg5) : (f16, memref<?xf16>, index) -> ()
      %17 = "arith.cmpf"(%10, %13) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f64, f64) -> i1
      "memref.store"(%17, %8, %arg5) : (i1, memref<?xi1>, index) -> ()
      %18 = "arith.extsi"(%12) : (i8) -> i64
      %19 = "arith.index_cast"(%arg5) : (index) -> i64
      %20 = "arith.muli"(%18, %19) <{overflowFlags = #arith.overflow<none>}> : (i64, i64) -> i64
      "memref.store"(%20, %9, %arg5) : (i64, memref<?xi64>, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"(%6, %7, %8, %9) : (memref<?xf64>, memref<?xf16>, memref<?xi1>, memref<?xi64>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (f32, i64) -> f32, sym_name = "scalar"}> ({
  ^bb0(%arg0: f32, %arg1: i64):
    %0 = "arith.sitofp"(%arg1) : (i64) -> f32
    %1 = "arith.mulf"(%arg0, %0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
    "func.return"(%1) : (f32) -> ()
  }) : () -> ()
}) : () -> ()

"""

WEIGHTS_CUSTOM = r"""
memref.global "private" constant @__llh_weight_0 : memref<1100xf32> = dense<"0x000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F"> {alignment = 64 : i64}
memref.global "private" constant @bias : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
func.func @weights(%x: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c1100 = arith.constant 1100 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %w = memref.get_global @__llh_weight_0 : memref<1100xf32>
  %b = memref.get_global @bias : memref<4xf32>
  %out = memref.alloc(%n) : memref<?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %k = arith.remsi %i, %c1100 : index
    %j = arith.remsi %i, %c4 : index
    %v = memref.load %x[%i] : memref<?xf32>
    %wv = memref.load %w[%k] : memref<1100xf32>
    %bv = memref.load %b[%j] : memref<4xf32>
    %p = arith.mulf %v, %wv : f32
    %s = arith.addf %p, %bv : f32
    memref.store %s, %out[%i] : memref<?xf32>
  }
  return %out : memref<?xf32>
}
"""

WEIGHTS = r"""
"builtin.module"() ({
  "memref.global"() <{alignment = 64 : i64, constant, initial_value = dense<"0x000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F0000004000001040000020400000304000004040000080BF000040BF000000BF000080BE000000000000803E0000003F0000403F0000803F0000A03F0000C03F0000E03F"> : tensor<1100xf32>, sym_name = "__llh_weight_0", sym_visibility = "private", type = memref<1100xf32>}> : () -> ()
  "memref.global"() <{constant, initial_value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>, sym_name = "bias", sym_visibility = "private", type = memref<4xf32>}> : () -> ()
  "func.func"() <{function_type = (memref<?xf32>) -> memref<?xf32>, sym_name = "weights"}> ({
  ^bb0(%arg0: memref<?xf32>):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 1 : index}> : () -> index
    %2 = "arith.constant"() <{value = 4 : index}> : () -> index
    %3 = "arith.constant"() <{value = 1100 : index}> : () -> index
    %4 = "memref.dim"(%arg0, %0) : (memref<?xf32>, index) -> index
    %5 = "memref.get_global"() <{name = @__llh_weight_0}> : () -> memref<1100xf32>
    %6 = "memref.get_global"() <{name = @bias}> : () -> memref<4xf32>
    %7 = "memref.alloc"(%4) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
    "scf.for"(%0, %4, %1) ({
    ^bb0(%arg1: index):
      %8 = "arith.remsi"(%arg1, %3) : (index, index) -> index
      %9 = "arith.remsi"(%arg1, %2) : (index, index) -> index
      %10 = "memref.load"(%arg0, %arg1) : (memref<?xf32>, index) -> f32
      %11 = "memref.load"(%5, %8) : (memref<1100xf32>, index) -> f32
      %12 = "memref.load"(%6, %9) : (memref<4xf32>, index) -> f32
      %13 = "arith.mulf"(%10, %11) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %14 = "arith.addf"(%13, %12) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "memref.store"(%14, %7, %arg1) : (f32, memref<?xf32>, index) -> ()
      "scf.yield"() : () -> ()
    }) : (index, index, index) -> ()
    "func.return"(%7) : (memref<?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

"""

SAMPLES = {
    "elementwise": (ELEMENTWISE, ELEMENTWISE_CUSTOM),
    "math": (MATH, MATH_CUSTOM),
    "intops": (INTOPS, INTOPS_CUSTOM),
    "reduce": (REDUCE, REDUCE_CUSTOM),
    "views": (VIEWS, VIEWS_CUSTOM),
    "control": (CONTROL, CONTROL_CUSTOM),
    "dtypes": (DTYPES, DTYPES_CUSTOM),
    "weights": (WEIGHTS, WEIGHTS_CUSTOM),
}
