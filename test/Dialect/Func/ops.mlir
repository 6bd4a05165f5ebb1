// RUN: llh-opt --allow-unregistered-dialect %s | filecheck %s
// RUN: llh-opt --allow-unregistered-dialect %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: llh-opt --allow-unregistered-dialect %s | llh-opt --allow-unregistered-dialect | filecheck %s
// RUN: llh-opt --allow-unregistered-dialect %s --mlir-print-op-generic | llh-opt --allow-unregistered-dialect | filecheck %s

// CHECK: func.func private @decl(i32, f32) -> i64
// GENERIC: "func.func"() <{function_type = (i32, f32) -> i64, sym_name = "decl", sym_visibility = "private"}> ({
// GENERIC-NEXT: }) : () -> ()
func.func private @decl(i32, f32) -> i64

// CHECK: func.func private @decl_attrs(i32 {x.arg = 1 : i32}, tensor<?xf32> {x.a, x.b = "s"}) -> (f32 {x.res})
// GENERIC: "func.func"() <{arg_attrs = [{x.arg = 1 : i32}, {x.a, x.b = "s"}], function_type = (i32, tensor<?xf32>) -> f32, res_attrs = [{x.res}], sym_name = "decl_attrs", sym_visibility = "private"}> ({
func.func private @decl_attrs(i32 {x.arg = 1 : i32}, tensor<?xf32> {x.a, x.b = "s"}) -> (f32 {x.res = unit})

// CHECK: func.func nested @fn_result() -> ((i32) -> i32)
func.func nested @fn_result() -> ((i32) -> i32)

// CHECK-LABEL: func.func @public_fn(%arg0: i32, %arg1: i1) -> (i32, i1) attributes {x.fn_attr = 3 : i64} {
// CHECK-NEXT:    return %arg0, %arg1 : i32, i1
// CHECK-NEXT:  }
// GENERIC-LABEL: "func.func"() <{function_type = (i32, i1) -> (i32, i1), sym_name = "public_fn"}> ({
// GENERIC-NEXT:  ^bb0(%arg{{[0-9]+}}: i32, %arg{{[0-9]+}}: i1):
// GENERIC-NEXT:    "func.return"(%arg{{[0-9]+}}, %arg{{[0-9]+}}) : (i32, i1) -> ()
// GENERIC-NEXT:  }) {x.fn_attr = 3 : i64} : () -> ()
func.func @public_fn(%a: i32, %b: i1) -> (i32, i1) attributes {x.fn_attr = 3 : i64} {
  func.return %a, %b : i32, i1
}

// CHECK-LABEL: func.func public @explicit_public() {
// CHECK-NEXT:    return
func.func public @explicit_public() {
  return
}

// CHECK-LABEL: func.func @args_with_attrs(%arg0: tensor<?xf32> {x.in = 0 : i64}, %arg1: i64) -> (tensor<?xf32> {x.out}) {
func.func @args_with_attrs(%a: tensor<?xf32> {x.in = 0 : i64}, %b: i64) -> (tensor<?xf32> {x.out}) {
  return %a : tensor<?xf32>
}

// CHECK-LABEL: func.func @calls(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = call @calls(%arg0) : (i32) -> i32
// CHECK-NEXT:    %1 = call @calls(%0) {x.call_attr} : (i32) -> i32
// CHECK-NEXT:    call @noret() : () -> ()
// CHECK-NEXT:    %f = constant @calls : (i32) -> i32
// CHECK-NEXT:    %2 = call_indirect %f(%1) : (i32) -> i32
// CHECK-NEXT:    %f_0 = constant @noret : () -> ()
// CHECK-NEXT:    call_indirect %f_0() : () -> ()
// CHECK-NEXT:    return %2 : i32
// GENERIC-LABEL: sym_name = "calls"
// GENERIC:       = "func.call"(%{{.*}}) <{callee = @calls}> : (i32) -> i32
// GENERIC:       = "func.call"(%{{.*}}) <{callee = @calls}> {x.call_attr} : (i32) -> i32
// GENERIC:       "func.call"() <{callee = @noret}> : () -> ()
// GENERIC:       = "func.constant"() <{value = @calls}> : () -> ((i32) -> i32)
// GENERIC:       = "func.call_indirect"(%{{.*}}, %{{.*}}) : ((i32) -> i32, i32) -> i32
func.func @calls(%arg0: i32) -> i32 {
  %r = call @calls(%arg0) : (i32) -> i32
  %r2 = func.call @calls(%r) {x.call_attr} : (i32) -> i32
  func.call @noret() : () -> ()
  %f = func.constant @calls : (i32) -> i32
  %r3 = func.call_indirect %f(%r2) : (i32) -> i32
  %g = func.constant @noret : () -> ()
  func.call_indirect %g() : () -> ()
  return %r3 : i32
}
func.func private @noret()

// CHECK-LABEL: func.func @multi_block(%arg0: i32, %arg1: i1) -> i32 {
// CHECK-NEXT:    "test.cond_br"(%arg1)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    "test.br"(%c1_i32)[^bb3] : (i32) -> ()
// CHECK-NEXT:  ^bb2:  // pred: ^bb0
// CHECK-NEXT:    "test.br"(%arg0)[^bb3] : (i32) -> ()
// CHECK-NEXT:  ^bb3(%0: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    return %0 : i32
// CHECK-NEXT:  }
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

// Value numbers restart in every function; nested regions continue from their parent region.
// CHECK-LABEL: func.func @numbering(%arg0: i32) -> i32 {
// CHECK-NEXT:    %0 = "test.a"(%arg0) : (i32) -> i32
// CHECK-NEXT:    "test.r"() ({
// CHECK-NEXT:    ^bb0(%arg1: i32):
// CHECK-NEXT:      %2 = "test.b"(%arg1) : (i32) -> i32
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:    %1 = "test.c"(%0) : (i32) -> i32
// CHECK-NEXT:    return %1 : i32
func.func @numbering(%x: i32) -> i32 {
  %a = "test.a"(%x) : (i32) -> i32
  "test.r"() ({
  ^bb0(%y: i32):
    %b = "test.b"(%y) : (i32) -> i32
  }) : () -> ()
  %c = "test.c"(%a) : (i32) -> i32
  return %c : i32
}
