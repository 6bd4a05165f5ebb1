// RUN: llh-opt %s -verify-diagnostics --pass-pipeline="builtin.module(func.func(symbol-dce))"

// symbol-dce must run on a symbol table. Scheduled on functions, each function
// reports it (mlir-opt runs sibling functions independently).

// expected-error@+1 {{'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table}}
func.func @f() {
  return
}
// expected-error@+1 {{'func.func' op  was scheduled to run under SymbolDCE, but does not define a symbol table}}
func.func private @g() {
  return
}
