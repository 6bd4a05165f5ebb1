// RUN: llh-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// expected-note@+1 {{see existing symbol definition here}}
func.func @f() {
  return
}
// expected-error@+1 {{redefinition of symbol named 'f'}}
func.func @f() {
  return
}

// -----

// Any op with a `sym_name` string attribute defines a symbol.

module {
  // expected-note@+1 {{see existing symbol definition here}}
  "test.symbol"() {sym_name = "s"} : () -> ()
  // expected-error@+1 {{redefinition of symbol named 's'}}
  "test.symbol"() {sym_name = "s"} : () -> ()
}

// -----

// Nested symbol tables are separate scopes.

module @a {
  func.func private @f()
}
module @b {
  func.func private @f()
}
func.func private @f()

// -----

// Symbol uses are verified once the enclosing table is.

func.func @caller() {
  // expected-error@+1 {{'func.call' op 'missing' does not reference a valid function}}
  func.call @missing() : () -> ()
  return
}
