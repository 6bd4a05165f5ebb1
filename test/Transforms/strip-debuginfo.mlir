// RUN: llh-opt %s --allow-unregistered-dialect --strip-debuginfo --mlir-print-debuginfo | filecheck %s

// Every op and block-argument location becomes loc(unknown); locations inside
// attributes are left alone.

// CHECK: #[[UNKNOWN:loc[0-9]*]] = loc(unknown)
// CHECK: #[[ATTR:loc[0-9]*]] = loc("attribute")
// CHECK-LABEL: module {
// CHECK-NEXT:   func.func @f(%arg0: i32 loc(unknown), %arg1: i32 loc(unknown)) -> i32 {
// CHECK-NEXT:     %0 = "test.op"(%arg0) {keep = #[[ATTR]]} : (i32) -> i32 loc(#[[UNKNOWN]])
// CHECK-NEXT:     "test.region"() ({
// CHECK-NEXT:     ^bb0(%arg2: i32 loc(unknown)):
// CHECK-NEXT:       "test.inner"() : () -> () loc(#[[UNKNOWN]])
// CHECK-NEXT:     }) : () -> () loc(#[[UNKNOWN]])
// CHECK-NEXT:     return %0 : i32 loc(#[[UNKNOWN]])
// CHECK-NEXT:   } loc(#[[UNKNOWN]])
// CHECK-NEXT: } loc(#[[UNKNOWN]])
module {
  func.func @f(%arg0: i32 loc("argument"), %arg1: i32) -> i32 {
    %0 = "test.op"(%arg0) {keep = loc("attribute")} : (i32) -> i32 loc(fused["a", "b"])
    "test.region"() ({
    ^bb0(%x: i32 loc("inner argument")):
      "test.inner"() : () -> () loc(callsite("callee" at "caller"))
    }) : () -> ()
    return %0 : i32 loc("return")
  } loc("function")
} loc("module")
