// The IR-dump flags of mlir-opt (LLVM 22), with its banners byte for byte:
// `// -----// IR Dump {Before|After} <Pass name> (<pass argument>) //----- //`.
// Every RUN line is repeated on upstream mlir-opt against the same CHECK lines
// when it is installed (lit feature "mlir-opt").

// RUN: llh-opt %s --mlir-print-ir-before=cse --mlir-print-ir-after=symbol-dce,canonicalize --pass-pipeline='builtin.module(symbol-dce,func.func(canonicalize,cse))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAMED
// RUN: %if mlir-opt %{ %mlir-opt %s --mlir-print-ir-before=cse --mlir-print-ir-after=symbol-dce,canonicalize --pass-pipeline='builtin.module(symbol-dce,func.func(canonicalize,cse))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NAMED %}

// NAMED:      // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// NAMED-NEXT: module {
// NAMED-NEXT:   func.func @live(%arg0: i32) -> i32 {
// NAMED:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// NAMED-NEXT: func.func @live(%arg0: i32) -> i32 {
// NAMED-NEXT:   %0 = arith.addi %arg0, %arg0 : i32
// NAMED-NEXT:   return %0 : i32
// NAMED-NEXT: }
// NAMED-EMPTY:
// NAMED-NEXT: // -----// IR Dump Before CSE (cse) //----- //
// NAMED-NEXT: func.func @live(%arg0: i32) -> i32 {
// NAMED-NOT:  IR Dump

// After-change: only the passes that changed the IR are dumped (CSE changes
// nothing after canonicalize).

// RUN: llh-opt %s --mlir-print-ir-after-all --mlir-print-ir-after-change --pass-pipeline='builtin.module(symbol-dce,func.func(canonicalize,cse))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE
// RUN: %if mlir-opt %{ %mlir-opt %s --mlir-print-ir-after-all --mlir-print-ir-after-change --pass-pipeline='builtin.module(symbol-dce,func.func(canonicalize,cse))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=CHANGE %}

// CHANGE:     // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// CHANGE:     // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHANGE-NOT: IR Dump

// Module scope: the banner names the op the pass ran on, the dump is the whole
// module.

// RUN: llh-opt %s --mlir-disable-threading --mlir-print-ir-after-all --mlir-print-ir-module-scope --pass-pipeline='builtin.module(symbol-dce,func.func(cse))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE
// RUN: %if mlir-opt %{ %mlir-opt %s --mlir-disable-threading --mlir-print-ir-after-all --mlir-print-ir-module-scope --pass-pipeline='builtin.module(symbol-dce,func.func(cse))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCOPE %}

// SCOPE:      // -----// IR Dump After SymbolDCE (symbol-dce) ('builtin.module' operation) //----- //
// SCOPE-NEXT: module {
// SCOPE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @live) //----- //
// SCOPE-NEXT: module {
// SCOPE-NEXT:   func.func @live(%arg0: i32) -> i32 {

func.func private @dead() {
  return
}
func.func @live(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.addi %0, %0 : i32
  return %1 : i32
}

