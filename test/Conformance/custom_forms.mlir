// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/custom_forms.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/custom_forms.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/custom_forms.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Custom assembly forms of builtin.module, func.func/return/call and
// arith.constant as input, printed back in the generic form.

module @outer attributes {foo.attr = "x", foo.frontend = "torch"} {
  func.func private @decl(i32, f32) -> i64
  func.func private @decl_attrs(i32 {foo.arg = 1 : i32}, tensor<?xf32> {foo.a, foo.b = "s"}) -> (f32 {foo.res = unit})
  func.func @public_fn(%arg0: i32, %arg1: i1) -> (i32, i1) attributes {foo.fn_attr = 3 : i64} {
    %c = arith.constant 1.0 : f32
    %0 = func.call @decl(%arg0, %c) : (i32, f32) -> i64
    return %arg0, %arg1 : i32, i1
  }
  func.func nested @nested_vis() {
    return
  }
  func.func @args_with_attrs(%a: tensor<?xf32> {foo.in = 0 : i64}, %b: i64) -> (tensor<?xf32> {foo.out}) {
    func.return %a : tensor<?xf32>
  }
  func.func @constants() {
    %c3_i32 = arith.constant 3 : i32
    %c-2 = arith.constant -2 : i8
    %i = arith.constant 1 : index
    %t = arith.constant true
    %f = arith.constant false
    %x = arith.constant 0.5 : f64
    %d = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
    %s = arith.constant dense<0> : vector<4xi32>
    %big = arith.constant 255 : i8
    %bf = arith.constant 1.0 : bf16
    "foo.use"(%c3_i32, %c-2, %i, %t, %f, %x, %d, %s, %big, %bf) : (i32, i8, index, i1, i1, f64, tensor<2xf32>, vector<4xi32>, i8, bf16) -> ()
    return
  }
  func.func @calls(%arg0: i32) -> i32 {
    %r = call @calls(%arg0) : (i32) -> i32
    %r2 = func.call @calls(%r) {foo.call_attr} : (i32) -> i32
    func.call @noret() : () -> ()
    return %r2 : i32
  }
  func.func private @noret()
  func.func @arith_constants() -> (i64, f32, tensor<2x2xi1>, vector<2xf64>) {
    %0 = arith.constant 0 : i64
    %1 = arith.constant -0.0 : f32
    %2 = arith.constant dense<[[true, false], [false, true]]> : tensor<2x2xi1>
    %3 = arith.constant dense<[0.1, 2.0]> : vector<2xf64>
    %4 = arith.constant 0x7FC00000 : f32
    %5 = arith.constant -9223372036854775808 : i64
    "test.use"(%4, %5) : (f32, i64) -> ()
    return %0, %1, %2, %3 : i64, f32, tensor<2x2xi1>, vector<2xf64>
  }
  func.func @generic_inside(%arg0: tensor<?xf32>) -> tensor<?xf32> {
    %0 = "test.map"(%arg0) ({
    ^bb0(%x: f32):
      %c = arith.constant 2.0 : f32
      %y = "test.mul"(%x, %c) : (f32, f32) -> f32
      "test.yield"(%y) : (f32) -> ()
    }) : (tensor<?xf32>) -> tensor<?xf32>
    return %0 : tensor<?xf32>
  }
  func.func @multi_block(%arg0: i32, %flag: i1) -> i32 {
    "test.cond_br"(%flag)[^bb1, ^bb2] : (i1) -> ()
  ^bb1:
    %c1 = arith.constant 1 : i32
    "test.br"(%c1)[^bb3] : (i32) -> ()
  ^bb2:
    "test.br"(%arg0)[^bb3] : (i32) -> ()
  ^bb3(%r: i32):
    return %r : i32
  }
  "func.func"() <{function_type = (i32) -> i32, sym_name = "generic_func"}> ({
  ^bb0(%a: i32):
    "func.return"(%a) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "generic_decl", sym_visibility = "private"}> ({
  }) : () -> ()
}
