// RUN: llh-opt %s -split-input-file --allow-unregistered-dialect --encoding-to-bind | filecheck %s --match-full-lines --strict-whitespace
// RUN: llh-opt %s -split-input-file --allow-unregistered-dialect --unload-and-bind-encoding | filecheck %s --match-full-lines --strict-whitespace
// RUN: llh-opt %s -split-input-file --allow-unregistered-dialect --pass-pipeline="builtin.module(encoding-to-bind)" | filecheck %s --match-full-lines --strict-whitespace
// Idempotent: a second run changes nothing.
// RUN: llh-opt %s -split-input-file --allow-unregistered-dialect --encoding-to-bind --encoding-to-bind | filecheck %s --match-full-lines --strict-whitespace

// --encoding-to-bind (spec §6.1, D7): every #llh.encoding leaves its type and is recorded by an
// llh.encoding_bind right after the defining op (arguments: at the top of the block); integer ops
// carrying a `symbol` get an llh.symbol_bind (the attribute stays); function types are rebuilt.

// Seed 000's "encoding" example ("符号传递" 2), reproduced exactly.
module {
  "llh.symbolic_int"() <{sym_name = "s3"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
  func.func @encoding(%arg0: tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>) -> tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>> attributes {entrance} {
      %0 = "llh.add"(%arg0, %arg0) : (tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>, tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>) -> tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>
      return %0 : tensor<?x?x?x?xf32, #llh.encoding<shapes = @s0, @s1, @s2, @s3>>
  }
}

//      CHECK:module {
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s3"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s2"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
// CHECK-NEXT:  "llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
// CHECK-NEXT:  func.func @encoding(%arg0: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> attributes {entrance} {
// CHECK-NEXT:    "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @s1, @s2, @s3>}> : (tensor<?x?x?x?xf32>) -> ()
// CHECK-NEXT:    %0 = "llh.add"(%arg0, %arg0) : (tensor<?x?x?x?xf32>, tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32>
// CHECK-NEXT:    "llh.encoding_bind"(%0) <{encoding = #llh.encoding<shapes = @s0, @s1, @s2, @s3>}> : (tensor<?x?x?x?xf32>) -> ()
// CHECK-NEXT:    return %0 : tensor<?x?x?x?xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

// -----

// §6.1 second case: a constant and a dim carrying `symbol` get an llh.symbol_bind right after
// them; so does a non-LLH integer op with a discardable `symbol` (HEAD: tensor.dim, arith).
func.func @scalars(%arg0: tensor<?x512x1x1xf32, #llh.encoding<shapes = @s0, @c512, @c1, @c1>>) -> i64 attributes {entrance} {
  %i0 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
  %104 = "llh.dim"(%arg0, %i0) <{symbol = @s0}> : (tensor<?x512x1x1xf32, #llh.encoding<shapes = @s0, @c512, @c1, @c1>>, i64) -> i64
  %c1 = arith.constant {symbol = @c1} 1 : index
  %f = "llh.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
  return %104 : i64
}

//      CHECK:  func.func @scalars(%arg0: tensor<?x512x1x1xf32>) -> i64 attributes {entrance} {
// CHECK-NEXT:    "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0, @c512, @c1, @c1>}> : (tensor<?x512x1x1xf32>) -> ()
// CHECK-NEXT:    %0 = "llh.constant"() <{symbol = @c0, value = 0 : i64}> : () -> i64
// CHECK-NEXT:    "llh.symbol_bind"(%0) <{symbol = @c0}> : (i64) -> ()
// CHECK-NEXT:    %1 = "llh.dim"(%arg0, %0) <{symbol = @s0}> : (tensor<?x512x1x1xf32>, i64) -> i64
// CHECK-NEXT:    "llh.symbol_bind"(%1) <{symbol = @s0}> : (i64) -> ()
// CHECK-NEXT:    %c1 = arith.constant {symbol = @c1} 1 : index
// CHECK-NEXT:    "llh.symbol_bind"(%c1) <{symbol = @c1}> : (index) -> ()
// CHECK-NEXT:    %2 = "llh.constant"() <{value = 1.000000e+00 : f32}> : () -> f32
// CHECK-NEXT:    return %1 : i64
// CHECK-NEXT:  }

// -----

// Several arguments: their binds in argument order at the top of the entry block (unencoded
// arguments get none); several results: in result order after the op; nested blocks: at the top
// of their block; a declaration's type is stripped too.
func.func private @decl(tensor<2xf32, #llh.encoding<shapes = @c2>>) -> tensor<?xf32, #llh.encoding<shapes = @s9>>
func.func @many(%a: tensor<?xf32, #llh.encoding<shapes = @s0>>, %n: i64, %b: tensor<3xf32, #llh.encoding<shapes = @c3>>, %c: tensor<?xf32>) -> tensor<3xf32, #llh.encoding<shapes = @c3>> attributes {entrance} {
  %0:2 = "test.two"(%a) : (tensor<?xf32, #llh.encoding<shapes = @s0>>) -> (tensor<?xf32, #llh.encoding<shapes = @s1>>, tensor<2xf32, #llh.encoding<shapes = @c2>>)
  "test.region"() ({
  ^bb0(%x: tensor<?xf32, #llh.encoding<shapes = @s1>>, %y: tensor<?xf32, #llh.encoding<shapes = @s0>>):
    "test.use"(%x, %y) : (tensor<?xf32, #llh.encoding<shapes = @s1>>, tensor<?xf32, #llh.encoding<shapes = @s0>>) -> ()
  }) : () -> ()
  return %b : tensor<3xf32, #llh.encoding<shapes = @c3>>
}

//      CHECK:  func.func private @decl(tensor<2xf32>) -> tensor<?xf32>
// CHECK-NEXT:  func.func @many(%arg0: tensor<?xf32>, %arg1: i64, %arg2: tensor<3xf32>, %arg3: tensor<?xf32>) -> tensor<3xf32> attributes {entrance} {
// CHECK-NEXT:    "llh.encoding_bind"(%arg0) <{encoding = #llh.encoding<shapes = @s0>}> : (tensor<?xf32>) -> ()
// CHECK-NEXT:    "llh.encoding_bind"(%arg2) <{encoding = #llh.encoding<shapes = @c3>}> : (tensor<3xf32>) -> ()
// CHECK-NEXT:    %0:2 = "test.two"(%arg0) : (tensor<?xf32>) -> (tensor<?xf32>, tensor<2xf32>)
// CHECK-NEXT:    "llh.encoding_bind"(%0#0) <{encoding = #llh.encoding<shapes = @s1>}> : (tensor<?xf32>) -> ()
// CHECK-NEXT:    "llh.encoding_bind"(%0#1) <{encoding = #llh.encoding<shapes = @c2>}> : (tensor<2xf32>) -> ()
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:    ^bb0(%arg4: tensor<?xf32>, %arg5: tensor<?xf32>):
// CHECK-NEXT:      "llh.encoding_bind"(%arg4) <{encoding = #llh.encoding<shapes = @s1>}> : (tensor<?xf32>) -> ()
// CHECK-NEXT:      "llh.encoding_bind"(%arg5) <{encoding = #llh.encoding<shapes = @s0>}> : (tensor<?xf32>) -> ()
// CHECK-NEXT:      "test.use"(%arg4, %arg5) : (tensor<?xf32>, tensor<?xf32>) -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    return %arg2 : tensor<3xf32>
// CHECK-NEXT:  }

// -----

// Nothing to do: IR without encodings or symbols is unchanged (no __symbol__ or declarations).
func.func @plain(%a: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "llh.relu"(%a) : (tensor<?xf32>) -> tensor<?xf32>
  return %0 : tensor<?xf32>
}

//      CHECK:module {
// CHECK-NEXT:  func.func @plain(%arg0: tensor<?xf32>) -> tensor<?xf32> {
// CHECK-NEXT:    %0 = "llh.relu"(%arg0) : (tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    return %0 : tensor<?xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}
