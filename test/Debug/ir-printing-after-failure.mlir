// `--mlir-print-ir-after-failure`, as mlir-opt (LLVM 22) prints it; the RUN
// line is repeated on upstream mlir-opt when it is installed.

// After-failure: only a failing pass is dumped, with "Failed" after its name,
// after the pass's error (stderr byte-identical to mlir-opt's on this input).

// RUN: not llh-opt %s --allow-unregistered-dialect --mlir-print-ir-after-failure --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: %if mlir-opt %{ not %mlir-opt %s --allow-unregistered-dialect --mlir-print-ir-after-failure --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAIL %}

// RUN: not llh-opt %s --allow-unregistered-dialect --mlir-print-ir-after-failure --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' -o /dev/null 2> %t.llh
// RUN: %if mlir-opt %{ not %mlir-opt %s --allow-unregistered-dialect --mlir-print-ir-after-failure --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' -o /dev/null 2> %t.upstream %}
// RUN: %if mlir-opt %{ diff %t.llh %t.upstream %}

// FAIL-NOT:   IR Dump After CSE
// FAIL:       ir-printing-after-failure.mlir:[[# @LINE + 14]]:1: error: operation contains potentially unknown symbol table
// FAIL:       note: see current operation:
// FAIL:       // -----// IR Dump After SymbolDCE Failed (symbol-dce) //----- //
// FAIL-NEXT:  module {
// FAIL-NEXT:    func.func private @a() {
// FAIL-NEXT:      return
// FAIL-NEXT:    }
// FAIL-NEXT:    "test.unknown_table"() ({

func.func private @a() {
  %c = arith.constant 1 : i32
  %d = arith.constant 1 : i32
  return
}
"test.unknown_table"() ({
  "test.use"() {ref = @a} : () -> ()
}) : () -> ()
