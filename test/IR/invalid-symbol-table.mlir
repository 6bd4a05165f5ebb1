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

// -----

// A symbol's parent must be a symbol table (a nested func.func used to print as `func @g`,
// which does not re-parse).

func.func @outer() {
  // expected-error@+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func @inner() {
    return
  }
  return
}

// -----

func.func @holder() {
  // expected-error@+1 {{'memref.global' op symbol's parent must have the SymbolTable trait}}
  memref.global "private" @g : memref<2xf32>
  return
}

// -----

// An unregistered parent is not checked (MLIR cannot know its traits), nor is a nested module.

func.func @opaque() {
  "test.wrapper"() ({
    func.func private @in_unregistered()
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
module @nested {
  func.func private @in_nested_module()
}
