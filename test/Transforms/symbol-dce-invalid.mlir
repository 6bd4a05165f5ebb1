// RUN: llh-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect --symbol-dce

// An op of an unknown dialect with one region may define a symbol table, so the
// symbol uses of a live op holding it cannot be computed.

func.func private @a() {
  return
}
// expected-error@+1 {{operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses}}
"test.unknown_table"() ({
  "test.use"() {ref = @a} : () -> ()
}) : () -> ()

// -----

// The same, nested in a live function: the function reports it.

func.func private @b() {
  return
}
// expected-error@+1 {{operation contains potentially unknown symbol table, meaning that we can't reliable compute symbol uses}}
func.func @holder() {
  "test.unknown_table"() ({
    "test.use"() {ref = @b} : () -> ()
  }) : () -> ()
  return
}

// -----

// Unknown ops without regions are fine: their references count.

func.func private @c() {
  return
}
"test.use"() {ref = @c} : () -> ()
