// RUN: not llh-opt %s --split-input-file 2>&1 | filecheck %s
// Verifier errors carry mlir-opt's "see current operation" note (generic form, values named
// from the enclosing function); a multi-line op starts on the next line.

func.func @f(%a: i32) -> i64 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
// CHECK: see-current-operation.mlir:7:3: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f
// CHECK-NEXT: {{^}}  return %0 : i32
// CHECK-NEXT: {{^}}  ^
// CHECK-NEXT: see-current-operation.mlir:7:3: note: see current operation: "func.return"(%0) : (i32) -> ()

// -----

module attributes {foo = 1 : i64} {
}
// CHECK: see-current-operation.mlir:16:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'
// CHECK: see-current-operation.mlir:16:1: note: see current operation: {{$}}
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: ^bb0:
// CHECK-NEXT: }) {foo = 1 : i64} : () -> ()
