// RUN: llh-opt %s --mlir-print-ir-before-all --mlir-print-ir-after-all --symbol-dce --strip-debuginfo -o /dev/null 2>&1 | filecheck %s
// RUN: llh-opt %s --mlir-print-ir-after-all --pass-pipeline='builtin.module(symbol-dce,func.func(strip-debuginfo))' -o /dev/null 2>&1 | filecheck %s --check-prefix=NESTED

// Each dump is a header naming the pass (its LLVM 22 name, then its argument in
// parentheses), the IR of the op the pass ran on, and an empty line; a
// top-level op ends with a newline of its own.

// CHECK:      // -----// IR Dump Before SymbolDCE (symbol-dce) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func private @dead() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @live() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT: // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @live() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT: // -----// IR Dump Before StripDebugInfo (strip-debuginfo) //----- //
// CHECK:      // -----// IR Dump After StripDebugInfo (strip-debuginfo) //----- //
// CHECK-NEXT: module {

// A pass nested on functions prints the function alone (no trailing newline of
// its own, so one empty line follows).

// NESTED:      // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// NESTED:      // -----// IR Dump After StripDebugInfo (strip-debuginfo) //----- //
// NESTED-NEXT: func.func @live() {
// NESTED-NEXT:   return
// NESTED-NEXT: }
// NESTED-EMPTY:
// NESTED-NOT:  {{.}}

func.func private @dead() {
  return
}
func.func @live() {
  return
}
