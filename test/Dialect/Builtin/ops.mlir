// RUN: llh-opt --allow-unregistered-dialect %s | filecheck %s
// RUN: llh-opt --allow-unregistered-dialect %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: llh-opt --allow-unregistered-dialect %s | llh-opt --allow-unregistered-dialect | filecheck %s
// RUN: llh-opt --allow-unregistered-dialect %s --mlir-print-op-generic | llh-opt --allow-unregistered-dialect | filecheck %s

// CHECK-LABEL: module @outer attributes {sym_visibility = "private", x.attr = "x"} {
// GENERIC-LABEL: "builtin.module"() <{sym_name = "outer", sym_visibility = "private"}> ({
"builtin.module"() <{sym_name = "outer", sym_visibility = "private"}> ({
  // CHECK-NEXT: %0 = "test.x"() : () -> i32
  %a = "test.x"() : () -> i32
  // CHECK-NEXT: %1 = unrealized_conversion_cast %0 : i32 to i64
  // GENERIC: %1 = "builtin.unrealized_conversion_cast"(%0) : (i32) -> i64
  %0 = builtin.unrealized_conversion_cast %a : i32 to i64
  // CHECK-NEXT: %2:2 = unrealized_conversion_cast %0, %1 : i32, i64 to i64, i32
  // GENERIC: %2:2 = "builtin.unrealized_conversion_cast"(%0, %1) : (i32, i64) -> (i64, i32)
  %1:2 = builtin.unrealized_conversion_cast %a, %0 : i32, i64 to i64, i32
  // CHECK-NEXT: %3 = unrealized_conversion_cast to i64 {x.y}
  %2 = builtin.unrealized_conversion_cast to i64 {x.y}
  // CHECK-NEXT: module @inner attributes {x.z} {
  // CHECK-NEXT: }
  // GENERIC: "builtin.module"() <{sym_name = "inner"}> ({
  // GENERIC-NEXT: ^bb0:
  // GENERIC-NEXT: }) {x.z} : () -> ()
  module @inner attributes {x.z} {
  }
  // CHECK-NEXT: module {
  // CHECK-NEXT: }
  builtin.module {
  }
  // Inside an unregistered op the `builtin.` prefix is kept.
  // CHECK-NEXT: "test.r"() ({
  // CHECK-NEXT:   builtin.module {
  // CHECK-NEXT:     %{{.*}} = unrealized_conversion_cast to i64
  "test.r"() ({
    module {
      %3 = builtin.unrealized_conversion_cast to i64
    }
  }) : () -> ()
}) {x.attr = "x"} : () -> ()
