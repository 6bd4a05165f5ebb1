// RUN: llh-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

func.func @no_terminator() {
  // expected-error@+1 {{block with no terminator, has "func.call"() <{callee = @no_terminator}> : () -> ()}}
  func.call @no_terminator() : () -> ()
}

// -----

// expected-error@+1 {{empty block: expect at least a terminator}}
func.func @empty_block() {
^bb0:
  return
^bb1:
}

// -----

func.func @successor_in_the_middle() {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  "test.br"()[^bb1] : () -> ()
  "test.op"() : () -> ()
^bb1:
  return
}

// -----

// expected-error@+1 {{entry block of region may not have predecessors}}
func.func @entry_predecessor() {
^bb0:
  "test.br"()[^bb0] : () -> ()
}

// -----

// Regions of unregistered ops and of builtin.module need no terminator.

"test.region"() ({
  "test.op"() : () -> ()
}) : () -> ()
module {
  "test.op"() : () -> ()
}

// -----

// An op unknown to a registered dialect is always an error.

// expected-error@+1 {{unregistered operation 'func.foo' found in dialect ('func') that does not allow unknown operations}}
"func.foo"() : () -> ()
