// RUN: llh-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

// Uses must follow their definition in a block...

func.func @use_before_def() {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  %0 = "test.op"(%1) : (i32) -> i32
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %1 = "test.def"() : () -> i32
  return
}

// -----

// ... and be dominated by it across blocks.

func.func @not_dominated(%cond: i1) {
  "test.cond_br"(%cond)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %0 = "test.def"() : () -> i32
  "test.br"()[^bb3] : () -> ()
^bb2:
  "test.br"()[^bb3] : () -> ()
^bb3:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "test.use"(%0) : (i32) -> ()
  return
}

// -----

// expected-note@+1 {{operand defined as a block argument (block #2 in the same region)}}
func.func @block_argument(%cond: i1) {
  "test.cond_br"(%cond)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "test.br"()[^bb3] : () -> ()
^bb2(%x: i32):
  "test.br"()[^bb3] : () -> ()
^bb3:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "test.use"(%x) : (i32) -> ()
  return
}

// -----

func.func @later_value_in_parent_region() {
  "test.region"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "test.use"(%0) : (i32) -> ()
  }, {}) : () -> ()
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %0 = "test.def"() : () -> i32
  return
}

// -----

// Regions of unregistered ops may be graph regions: no order within a block,
// but blocks still need dominance.

func.func @unregistered_region() {
  "test.region"() ({
    "test.use"(%0) : (i32) -> ()
    %0 = "test.def"() : () -> i32
  }) : () -> ()
  "test.region"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "test.use"(%1) : (i32) -> ()
    "test.br"()[^bb1] : () -> ()
  ^bb1:
    // expected-note@+1 {{operand defined here (op in the same region)}}
    %1 = "test.def"() : () -> i32
    "test.terminator"() : () -> ()
  }) : () -> ()
  return
}

// -----

// builtin.module is a graph region; unreachable blocks are not checked.

"test.use"(%0) : (i32) -> ()
%0 = "test.def"() : () -> i32

func.func @unreachable() {
  return
^bb1:
  "test.use"(%1) : (i32) -> ()
  %1 = "test.def"() : () -> i32
  "test.br"()[^bb1] : () -> ()
}
