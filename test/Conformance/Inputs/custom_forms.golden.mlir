"builtin.module"() <{sym_name = "outer"}> ({
  "func.func"() <{function_type = (i32, f32) -> i64, sym_name = "decl", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{arg_attrs = [{foo.arg = 1 : i32}, {foo.a, foo.b = "s"}], function_type = (i32, tensor<?xf32>) -> f32, res_attrs = [{foo.res}], sym_name = "decl_attrs", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = (i32, i1) -> (i32, i1), sym_name = "public_fn"}> ({
  ^bb0(%arg8: i32, %arg9: i1):
    %23 = "arith.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
    %24 = "func.call"(%arg8, %23) <{callee = @decl}> : (i32, f32) -> i64
    "func.return"(%arg8, %arg9) : (i32, i1) -> ()
  }) {foo.fn_attr = 3 : i64} : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "nested_vis", sym_visibility = "nested"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{arg_attrs = [{foo.in = 0 : i64}, {}], function_type = (tensor<?xf32>, i64) -> tensor<?xf32>, res_attrs = [{foo.out}], sym_name = "args_with_attrs"}> ({
  ^bb0(%arg6: tensor<?xf32>, %arg7: i64):
    "func.return"(%arg6) : (tensor<?xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "constants"}> ({
    %13 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %14 = "arith.constant"() <{value = -2 : i8}> : () -> i8
    %15 = "arith.constant"() <{value = 1 : index}> : () -> index
    %16 = "arith.constant"() <{value = true}> : () -> i1
    %17 = "arith.constant"() <{value = false}> : () -> i1
    %18 = "arith.constant"() <{value = 5.000000e-01 : f64}> : () -> f64
    %19 = "arith.constant"() <{value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %20 = "arith.constant"() <{value = dense<0> : vector<4xi32>}> : () -> vector<4xi32>
    %21 = "arith.constant"() <{value = -1 : i8}> : () -> i8
    %22 = "arith.constant"() <{value = 1.000000e+00 : bf16}> : () -> bf16
    "foo.use"(%13, %14, %15, %16, %17, %18, %19, %20, %21, %22) : (i32, i8, index, i1, i1, f64, tensor<2xf32>, vector<4xi32>, i8, bf16) -> ()
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> i32, sym_name = "calls"}> ({
  ^bb0(%arg5: i32):
    %11 = "func.call"(%arg5) <{callee = @calls}> : (i32) -> i32
    %12 = "func.call"(%11) <{callee = @calls}> {foo.call_attr} : (i32) -> i32
    "func.call"() <{callee = @noret}> : () -> ()
    "func.return"(%12) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "noret", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{function_type = () -> (i64, f32, tensor<2x2xi1>, vector<2xf64>), sym_name = "arith_constants"}> ({
    %5 = "arith.constant"() <{value = 0 : i64}> : () -> i64
    %6 = "arith.constant"() <{value = -0.000000e+00 : f32}> : () -> f32
    %7 = "arith.constant"() <{value = dense<[[true, false], [false, true]]> : tensor<2x2xi1>}> : () -> tensor<2x2xi1>
    %8 = "arith.constant"() <{value = dense<[1.000000e-01, 2.000000e+00]> : vector<2xf64>}> : () -> vector<2xf64>
    %9 = "arith.constant"() <{value = 0x7FC00000 : f32}> : () -> f32
    %10 = "arith.constant"() <{value = -9223372036854775808 : i64}> : () -> i64
    "test.use"(%9, %10) : (f32, i64) -> ()
    "func.return"(%5, %6, %7, %8) : (i64, f32, tensor<2x2xi1>, vector<2xf64>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<?xf32>) -> tensor<?xf32>, sym_name = "generic_inside"}> ({
  ^bb0(%arg3: tensor<?xf32>):
    %2 = "test.map"(%arg3) ({
    ^bb0(%arg4: f32):
      %3 = "arith.constant"() <{value = 2.000000e+00 : f32}> : () -> f32
      %4 = "test.mul"(%arg4, %3) : (f32, f32) -> f32
      "test.yield"(%4) : (f32) -> ()
    }) : (tensor<?xf32>) -> tensor<?xf32>
    "func.return"(%2) : (tensor<?xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, i1) -> i32, sym_name = "multi_block"}> ({
  ^bb0(%arg1: i32, %arg2: i1):
    "test.cond_br"(%arg2)[^bb1, ^bb2] : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
    "test.br"(%0)[^bb3] : (i32) -> ()
  ^bb2:  // pred: ^bb0
    "test.br"(%arg1)[^bb3] : (i32) -> ()
  ^bb3(%1: i32):  // 2 preds: ^bb1, ^bb2
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> i32, sym_name = "generic_func"}> ({
  ^bb0(%arg0: i32):
    "func.return"(%arg0) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "generic_decl", sym_visibility = "private"}> ({
  }) : () -> ()
}) {foo.attr = "x", foo.frontend = "torch"} : () -> ()

