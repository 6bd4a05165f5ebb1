// RUN: not llh-opt %s --allow-unregistered-dialect --mlir-print-ir-after-all --symbol-dce -o /dev/null 2>&1 | filecheck %s

// A failing pass is dumped with "Failed" after its name (mlir-opt reports the
// error first; llh-opt once the pass has returned).

// CHECK-DAG: // -----// IR Dump After SymbolDCE Failed (symbol-dce) //----- //
// CHECK-DAG: error: operation contains potentially unknown symbol table

func.func private @a() {
  return
}
"test.unknown_table"() ({
  "test.use"() {ref = @a} : () -> ()
}) : () -> ()
