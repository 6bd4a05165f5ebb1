#map = affine_map<(d0, d1) -> (d1, d0)>
module @named attributes {test.flag, test.version = 2 : i32} {
  func.func private @decl(i32, tensor<?xf32> {test.arg}) -> (f32 {test.res = 1 : i64})
  func.func nested @nested_decl()
  func.func @visible(%arg0: i32 {test.in}, %arg1: f32) -> (i32 {test.out}) attributes {test.fn} {
    return %arg0 : i32
  }
  func.func @dups() -> (i32, i32, i32, f32, f32, index, index, i1, i1, i64) {
    %c7_i32 = arith.constant 7 : i32
    %c7_i32_0 = arith.constant 7 : i32
    %c8_i32 = arith.constant 8 : i32
    %cst = arith.constant 1.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %c0 = arith.constant 0 : index
    %c0_2 = arith.constant 0 : index
    %true = arith.constant true
    %true_3 = arith.constant true
    %c-1_i64 = arith.constant -1 : i64
    return %c7_i32, %c7_i32_0, %c8_i32, %cst, %cst_1, %c0, %c0_2, %true, %true_3, %c-1_i64 : i32, i32, i32, f32, f32, index, index, i1, i1, i64
  }
  func.func @calls(%arg0: i32) -> i32 {
    %0 = call @calls(%arg0) : (i32) -> i32
    %1 = call @calls(%0) {test.tail} : (i32) -> i32
    call @nested_decl() : () -> ()
    return %1 : i32
  }
  func.func @blocks(%arg0: i32, %arg1: i1) -> i32 {
    "test.cond_br"(%arg1)[^bb1, ^bb2] : (i1) -> ()
  ^bb1:  // pred: ^bb0
    %c1_i32 = arith.constant 1 : i32
    "test.br"(%c1_i32)[^bb3] : (i32) -> ()
  ^bb2:  // pred: ^bb0
    "test.br"(%arg0)[^bb3] : (i32) -> ()
  ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
    return %0 : i32
  }
  func.func @regions(%arg0: memref<4x4xf32, #map>) {
    "test.r"() ({
      %1 = "test.a"() : () -> i32
    }, {
      %1 = "test.b"() : () -> i32
    }) : () -> ()
    %0:2 = "test.m"() <{p = 1 : i32}> ({
    ^bb0(%arg1: f32):
      %cst = arith.constant 2.000000e+00 : f32
      "test.yield"(%arg1, %cst) : (f32, f32) -> ()
    }) {a = [1, 2]} : () -> (i32, f32)
    "test.use"(%0#1) : (f32) -> ()
    return
  }
}

// -----
module {
  "test.top"() : () -> ()
  %0 = "test.val"() : () -> i32
}

// -----
module {
}

// -----
module @m attributes {test.a = "b"} {
  "test.x"() : () -> ()
}

// -----
module {
  func.func @f() {
    return
  }
  func.func private @g() -> i32
}

// -----
module {
  "test.outer"() ({
    %1 = "test.a"() : () -> i32
    "test.inner"() ({
    ^bb0(%arg0: i32):
      %2 = "test.b"(%arg0, %1) : (i32, i32) -> i32
    }) : () -> ()
  }, {
    %1 = "test.c"() : () -> i32
  }) : () -> ()
  %0 = "test.d"() : () -> i32
}

// -----
#map = affine_map<(d0) -> (d0 * 2)>
#map1 = affine_map<(d0) -> (d0 + 1)>
module {
  "test.empty_regions"() ({
  }, {
  ^bb0:
  }) : () -> ()
  %0 = "test.attrs"() {a = "s", m = #map1, t = tensor<?xf32, #llh.encoding<shapes = @s0>>, z = 1 : i64} : () -> memref<2xf32, #map>
}

// -----
module {
  module @inner {
    func.func @in_inner(%arg0: i32) -> i32 {
      %c42_i32 = arith.constant 42 : i32
      return %c42_i32 : i32
    }
  }
}

// -----
module {
  func.func @constant_names() {
    %c0_i64 = arith.constant 0 : i64
    %c-5 = arith.constant -5 : index
    %c-1_i8 = arith.constant -1 : i8
    %true = arith.constant true
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant dense<1> : tensor<4xi32>
    %cst_1 = arith.constant dense<true> : vector<2xi1>
    %cst_2 = arith.constant 0x7FC00000 : f32
    %c123456789012_i64 = arith.constant 123456789012 : i64
    %c1_i128 = arith.constant 1 : i128
    "test.use"(%c0_i64, %c-5, %c-1_i8, %true, %cst, %cst_0, %cst_1, %cst_2, %c123456789012_i64, %c1_i128) : (i64, index, i8, i1, f16, tensor<4xi32>, vector<2xi1>, f32, i64, i128) -> ()
    return
  }
  func.func @conflicts(%arg0: i1) -> (i1, i1) {
    %true = arith.constant true
    %0 = "test.region"() ({
      %true_1 = arith.constant true
      %c3_i32_2 = arith.constant 3 : i32
      "test.yield"(%true_1) : (i1) -> ()
    }) : () -> i1
    %true_0 = arith.constant true
    %c3_i32 = arith.constant 3 : i32
    return %true, %true_0 : i1, i1
  }
}

