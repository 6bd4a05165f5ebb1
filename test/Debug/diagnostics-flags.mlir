// Diagnostics-related flags: --mlir-diagnostic-verbosity-level, --color,
// --log-actions-to, and LLVM's "Did you mean" suggestions.

// RUN: llh-opt %s --mlir-diagnostic-verbosity-level=errors -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERRORS --allow-empty
// ERRORS-NOT: warning
// RUN: llh-opt %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ALL
// ALL: warning: 'llh.constant' op symbol @c0 does not match the value 2 (expected @c2)

// RUN: not llh-opt %S/Inputs/bad-return.mlir --color 2>&1 | FileCheck %s --check-prefix=COLOR
// RUN: %if mlir-opt %{ not %mlir-opt %S/Inputs/bad-return.mlir --color 2>&1 | FileCheck %s --check-prefix=COLOR %}
// COLOR:      {{.\[1m.*}}bad-return.mlir:3:3: {{.\[0m.\[0;1;31m}}error: {{.\[0m.\[1m}}'func.return' op has 1 operands, but enclosing function (@f) returns 0
// COLOR-NEXT: {{.\[0m}}  return %0 : i32
// COLOR-NEXT: {{.\[0;1;32m}}  ^
// COLOR-NEXT: {{.\[0m.\[1m.*}}bad-return.mlir:3:3: {{.\[0m.\[0;1;30m}}note: {{.\[0m.\[1m}}see current operation: "func.return"(%0) : (i32) -> ()

// --log-actions-to logs each pass execution (pass-level actions only).
// RUN: llh-opt %s --log-actions-to=%t.log --pass-pipeline='builtin.module(symbol-dce,func.func(cse))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG-STDERR
// RUN: FileCheck %s --input-file=%t.log --check-prefix=LOG
// LOG-STDERR: ExecutionContext registered on the context
// LOG:      [thread llh-opt] begins (no breakpoint) Action `pass-execution` running `SymbolDCE` on Operation `builtin.module` (module {...})`
// LOG-NEXT: [thread llh-opt] completed `pass-execution`
// LOG-NEXT: [thread llh-opt] begins (no breakpoint) Action `pass-execution` running `mlir::detail::OpToOpPassAdaptor` on Operation `builtin.module` (module {...})`
// LOG-NEXT: [thread llh-opt] begins (no breakpoint) Action `pass-execution` running `CSE` on Operation `func.func` (func.func @f() {...})`
// LOG-NEXT: [thread llh-opt] completed `pass-execution`
// LOG-NEXT: [thread llh-opt] completed `pass-execution`

// Misspelled flags, pipeline pass names and pass options name the nearest
// known spelling (LLVM's edit-distance rule).
// RUN: not llh-opt %s --canonicalze 2>&1 | FileCheck %s --check-prefix=FLAG
// RUN: %if mlir-opt %{ not %mlir-opt %s --canonicalze 2>&1 | FileCheck %s --check-prefix=FLAG %}
// FLAG: Unknown command line argument '--canonicalze'.
// FLAG-NEXT: Did you mean '--canonicalize'?
// RUN: not llh-opt %s --mlir-print-ir-afterall=1 2>&1 | FileCheck %s --check-prefix=FLAG-VALUE
// FLAG-VALUE: llh-opt: Did you mean '--mlir-print-ir-after-all=1'?
// RUN: not llh-opt %s --pass-pipeline='builtin.module(canonicalze)' 2>&1 | FileCheck %s --check-prefix=PIPELINE
// PIPELINE: error: MLIR Textual PassPipeline Parser:1:1: error: 'canonicalze' does not refer to a registered pass or pass pipeline
// PIPELINE: note: did you mean 'canonicalize'?
// RUN: not llh-opt %s --canonicalize='max-iteration=3' 2>&1 | FileCheck %s --check-prefix=OPTION
// OPTION: error: <Pass-Options-Parser>: no such option max-iteration
// OPTION: note: did you mean 'max-iterations'?
// RUN: not llh-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize{top-dow=false}))' 2>&1 | FileCheck %s --check-prefix=NESTED-OPTION
// NESTED-OPTION: note: did you mean 'top-down'?

func.func @f() {
  %0 = "llh.constant"() <{symbol = @c0, value = 2 : i64}> : () -> i64
  return
}
