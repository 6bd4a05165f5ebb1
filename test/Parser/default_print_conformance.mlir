// RUN: llh-opt --allow-unregistered-dialect --split-input-file %s > %t.llh
// RUN: diff %S/Inputs/default_print_conformance.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --split-input-file %t.llh | diff %S/Inputs/default_print_conformance.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --split-input-file %s | diff %S/Inputs/default_print_conformance.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Default (custom-form) printing must match mlir-opt byte for byte on inputs
// using module / func.func / return / call / arith.constant custom forms and
// unregistered generic ops with regions.

#layout = affine_map<(d0, d1) -> (d1, d0)>
module @named attributes {test.flag, test.version = 2 : i32} {
  func.func private @decl(i32, tensor<?xf32> {test.arg}) -> (f32 {test.res = 1 : i64})
  func.func nested @nested_decl()
  func.func @visible(%x: i32 {test.in}, %y: f32) -> (i32 {test.out}) attributes {test.fn} {
    return %x : i32
  }
  func.func @dups() -> (i32, i32, i32, f32, f32, index, index, i1, i1, i64) {
    %0 = arith.constant 7 : i32
    %1 = arith.constant 7 : i32
    %2 = arith.constant 8 : i32
    %3 = arith.constant 1.0 : f32
    %4 = arith.constant 1.0 : f32
    %5 = arith.constant 0 : index
    %6 = arith.constant 0 : index
    %7 = arith.constant true
    %8 = arith.constant true
    %9 = arith.constant -1 : i64
    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i32, i32, i32, f32, f32, index, index, i1, i1, i64
  }
  func.func @calls(%arg0: i32) -> i32 {
    %0 = func.call @calls(%arg0) : (i32) -> i32
    %1 = call @calls(%0) {test.tail} : (i32) -> i32
    func.call @nested_decl() : () -> ()
    func.return %1 : i32
  }
  func.func @blocks(%arg0: i32, %flag: i1) -> i32 {
    "test.cond_br"(%flag)[^bb1, ^bb2] : (i1) -> ()
  ^bb1:
    %c = arith.constant 1 : i32
    "test.br"(%c)[^bb3] : (i32) -> ()
  ^bb2:
    "test.br"(%arg0)[^bb3] : (i32) -> ()
  ^bb3(%r: i32):
    return %r : i32
  }
  func.func @regions(%arg0: memref<4x4xf32, #layout>) {
    "test.r"() ({
      %a = "test.a"() : () -> i32
    }, {
      %b = "test.b"() : () -> i32
    }) : () -> ()
    %m:2 = "test.m"() <{p = 1 : i32}> ({
    ^bb0(%x: f32):
      %cst = arith.constant 2.0 : f32
      "test.yield"(%x, %cst) : (f32, f32) -> ()
    }) {a = [1, 2]} : () -> (i32, f32)
    "test.use"(%m#1) : (f32) -> () loc("somewhere":1:1)
    return
  }
}

// -----

"test.top"() : () -> ()
%0 = "test.val"() : () -> i32

// -----

module {
}

// -----

module @m attributes {test.a = "b"} {
  "test.x"() : () -> ()
}

// -----

func.func @f() {
  return
}
func.func private @g() -> i32

// -----

"test.outer"() ({
  %a = "test.a"() : () -> i32
  "test.inner"() ({
  ^bb0(%x: i32):
    %b = "test.b"(%x, %a) : (i32, i32) -> i32
  }) : () -> ()
}, {
  %c = "test.c"() : () -> i32
}) : () -> ()
%d = "test.d"() : () -> i32

// -----

"test.empty_regions"() ({ }, {
^bb0:
}) : () -> ()
"test.attrs"() {z = 1, a = "s", m = affine_map<(d0) -> (d0 + 1)>, t = tensor<?xf32, #llh.encoding<shapes = @s0>>} : () -> memref<2xf32, affine_map<(d0) -> (d0 * 2)>>

// -----

module {
  module @inner {
    func.func @in_inner(%arg0: i32) -> i32 {
      %c = arith.constant 42 : i32
      return %c : i32
    }
  }
}

// -----

func.func @constant_names() {
  %0 = arith.constant 0 : i64
  %1 = arith.constant -5 : index
  %2 = arith.constant 255 : i8
  %3 = arith.constant 1 : i1
  %4 = arith.constant 0.0 : f16
  %5 = arith.constant dense<1> : tensor<4xi32>
  %6 = arith.constant dense<true> : vector<2xi1>
  %7 = arith.constant 0x7FC00000 : f32
  %8 = arith.constant 123456789012 : i64
  %9 = arith.constant 1 : i128
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (i64, index, i8, i1, f16, tensor<4xi32>, vector<2xi1>, f32, i64, i128) -> ()
  return
}
func.func @conflicts(%arg0: i1) -> (i1, i1) {
  %t = arith.constant true
  %r = "test.region"() ({
    %t1 = arith.constant true
    %c = arith.constant 3 : i32
    "test.yield"(%t1) : (i1) -> ()
  }) : () -> i1
  %t2 = arith.constant true
  %c2 = arith.constant 3 : i32
  return %t, %t2 : i1, i1
}
