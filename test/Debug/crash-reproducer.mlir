// `--mlir-pass-pipeline-crash-reproducer=FILE`: when a pass fails, FILE gets an
// MLIR reproducer (the IR as the pipeline received it and the pipeline, in an
// `mlir_reproducer` external resource) and the failure is reported as
// mlir-opt reports it; `--run-reproducer` replays the file. With
// `--mlir-pass-pipeline-local-reproducer` the reproducer holds the IR just
// before the failing pass and that pass alone.

// RUN: not llh-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-pass-pipeline-crash-reproducer=%t.repro.mlir 2>&1 | FileCheck %s --check-prefix=ERR -DFILE=%t.repro.mlir
// RUN: FileCheck %s --input-file=%t.repro.mlir --check-prefix=REPRO --match-full-lines --strict-whitespace
// RUN: %if mlir-opt %{ not %mlir-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-pass-pipeline-crash-reproducer=%t.upstream.mlir 2>&1 | FileCheck %s --check-prefix=ERR -DFILE=%t.upstream.mlir %}
// RUN: %if mlir-opt %{ diff %t.repro.mlir %t.upstream.mlir %}

// ERR:      error: operation contains potentially unknown symbol table
// ERR:      :0:0: error: Failures have been detected while processing an MLIR pass pipeline
// ERR-NEXT: :0:0: note: Pipeline failed while executing [`SymbolDCE` on 'builtin.module' operation]: reproducer generated at `[[FILE]]`

// REPRO:module {
// REPRO-NEXT:  func.func private @a() {
// REPRO-NEXT:    %c1_i32 = arith.constant 1 : i32
// REPRO-NEXT:    %c1_i32_0 = arith.constant 1 : i32
// REPRO-NEXT:    return
// REPRO-NEXT:  }
// REPRO-NEXT:  "test.unknown_table"() ({
// REPRO-NEXT:    "test.use"() {ref = @a} : () -> ()
// REPRO-NEXT:  }) : () -> ()
// REPRO-NEXT:}
// REPRO-EMPTY:
// REPRO-NEXT:{-#
// REPRO-NEXT:  external_resources: {
// REPRO-NEXT:    mlir_reproducer: {
// REPRO-NEXT:      pipeline: "builtin.module(func.func(cse), symbol-dce)",
// REPRO-NEXT:      disable_threading: false,
// REPRO-NEXT:      verify_each: true
// REPRO-NEXT:    }
// REPRO-NEXT:  }
// REPRO-NEXT:#-}

// Replaying runs the recorded pipeline (CSE, then the failing SymbolDCE, whose
// error comes before its dump, as in mlir-opt).
// RUN: not llh-opt %t.repro.mlir --run-reproducer --allow-unregistered-dialect --mlir-print-ir-after-all 2>&1 | FileCheck %s --check-prefix=REPLAY
// REPLAY:      // -----// IR Dump After CSE (cse) //----- //
// REPLAY-NEXT: func.func private @a() {
// REPLAY-NEXT:   return
// REPLAY-NEXT: }
// REPLAY:      repro.mlir:7:3: error: operation contains potentially unknown symbol table
// REPLAY:      // -----// IR Dump After SymbolDCE Failed (symbol-dce) //----- //

// The local reproducer: CSE has run, the pipeline is SymbolDCE alone, and
// --mlir-disable-threading is recorded.
// RUN: not llh-opt %s --allow-unregistered-dialect --mlir-disable-threading --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' --mlir-pass-pipeline-crash-reproducer=%t.local.mlir --mlir-pass-pipeline-local-reproducer 2>&1 | FileCheck %s --check-prefix=LOCAL-ERR
// RUN: FileCheck %s --input-file=%t.local.mlir --check-prefix=LOCAL
// LOCAL-ERR: note: Pipeline failed while executing `SymbolDCE` on 'builtin.module' operation: reproducer generated at
// LOCAL:      func.func private @a() {
// LOCAL-NEXT:   return
// LOCAL-NEXT: }
// LOCAL:      pipeline: "builtin.module(symbol-dce)",
// LOCAL-NEXT: disable_threading: true,

// A file without the resource cannot be replayed.
// RUN: not llh-opt %s --run-reproducer 2>&1 | FileCheck %s --check-prefix=NO-RESOURCE
// NO-RESOURCE: llh-opt: error: '{{.*}}crash-reproducer.mlir' holds no 'mlir_reproducer' resource to run

func.func private @a() {
  %c = arith.constant 1 : i32
  %d = arith.constant 1 : i32
  return
}
"test.unknown_table"() ({
  "test.use"() {ref = @a} : () -> ()
}) : () -> ()
