// RUN: llh-opt %s -split-input-file -verify-diagnostics

func.func @for_iv_type(%n: index) {
  // expected-error@+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%n, %n, %n) ({
  ^bb0(%i: i32):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_bound_types(%n: index, %g: i32) {
  // expected-error@+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%n, %g, %n) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, i32, index) -> ()
  return
}

// -----

func.func @for_iter_args_count(%n: index, %f: f32) {
  // expected-error@+1 {{'scf.for' op different number of inits and region iter_args: 1 != 0}}
  %r = "scf.for"(%n, %n, %n, %f) ({
  ^bb0(%i: index):
    "scf.yield"(%f) : (f32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @for_init_type(%n: index, %f: f32, %g: i32) {
  // expected-error@+1 {{'scf.for' op 0-th init and 0-th region iter_arg have different type: 'f32' != 'i32'}}
  %r = "scf.for"(%n, %n, %n, %f) ({
  ^bb0(%i: index, %x: i32):
    "scf.yield"(%g) : (i32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @for_yield_type(%n: index, %f: f32, %g: i32) {
  // expected-error@+1 {{'scf.for' op 0-th region iter_arg and 0-th yielded value have different type: 'f32' != 'i32'}}
  %r = "scf.for"(%n, %n, %n, %f) ({
  ^bb0(%i: index, %x: f32):
    "scf.yield"(%g) : (i32) -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @for_yield_count(%n: index, %f: f32) {
  // expected-error@+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = "scf.for"(%n, %n, %n, %f) ({
  ^bb0(%i: index, %x: f32):
    // expected-note@+1 {{region branch point}}
    "scf.yield"() : () -> ()
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @for_no_terminator(%n: index, %f: f32) {
  %r = "scf.for"(%n, %n, %n, %f) ({
  ^bb0(%i: index, %x: f32):
    // expected-error@+1 {{block with no terminator}}
    %y = arith.addf %x, %x : f32
  }) : (index, index, index, f32) -> f32
  return
}

// -----

func.func @if_results_without_else(%c: i1, %f: f32) {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %r = scf.if %c -> f32 {
    scf.yield %f : f32
  }
  return
}

// -----

func.func @if_yield_type(%c: i1, %f: f32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i1' should match successor input type #0 'f32'}}
  %r = scf.if %c -> f32 {
    scf.yield %f : f32
  } else {
    // expected-note@+1 {{region branch point}}
    scf.yield %c : i1
  }
  return
}

// -----

func.func @if_yield_count(%c: i1, %f: f32) {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: region branch point has 2 operands, but region successor needs 1 inputs}}
  %r = scf.if %c -> f32 {
    // expected-note@+1 {{region branch point}}
    scf.yield %f, %f : f32, f32
  } else {
    scf.yield %f : f32
  }
  return
}

// -----

func.func @if_condition(%c: i32) {
  // expected-error@+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @yield_parent(%f: f32) {
  // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield %f : f32
}

// -----

func.func @parallel_results(%c: index, %f: f32) {
  // expected-error@+1 {{'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0}}
  %r = scf.parallel (%i) = (%c) to (%c) step (%c) init (%f) -> f32 {
    scf.reduce
  }
  return
}

// -----

func.func @parallel_step(%c: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'scf.parallel' op constant step operand must be positive}}
  scf.parallel (%i) = (%c) to (%c) step (%c0) {
  }
  return
}

// -----

func.func @reduce_operand_type(%c: index, %f: f32) {
  %r = scf.parallel (%i) = (%c) to (%c) step (%c) init (%f) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expects type of 0-th reduction operand: 'index' to be the same as the 0-th result type: 'f32'}}
    scf.reduce(%c : index) {
    ^bb0(%a: index, %b: index):
      scf.reduce.return %a : index
    }
  }
  return
}

// -----

func.func @reduce_block_args(%c: index, %f: f32) {
  %r = scf.parallel (%i) = (%c) to (%c) step (%c) init (%f) -> f32 {
    // expected-error@+1 {{'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region}}
    scf.reduce(%f : f32) {
    ^bb0(%a: f32):
      scf.reduce.return %a : f32
    }
  }
  return
}

// -----

func.func @reduce_return_type(%c: index, %f: f32) {
  %r = scf.parallel (%i) = (%c) to (%c) step (%c) init (%f) -> f32 {
    scf.reduce(%f : f32) {
    ^bb0(%a: f32, %b: f32):
      // expected-error@+1 {{'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)}}
      scf.reduce.return %c : index
    }
  }
  return
}

// -----

func.func @parallel_bound_count(%c: index) {
  // expected-error@+1 {{custom op 'scf.parallel' expected 1 operands}}
  scf.parallel (%i) = (%c) to (%c, %c) step (%c) {
  }
  return
}

// -----

func.func @scf_region_has_no_default_dialect() {
  %c1 = arith.constant 1 : index
  scf.for %i = %c1 to %c1 step %c1 {
    // expected-error@+2 {{Dialect `' not found for custom op 'return'  (tried '.return' as well)}}
    // expected-note@+1 {{Available dialects: }}
    return
  }
  return
}

// -----

// The parser adds an empty `scf.yield` to a loop body without one, as MLIR does.
func.func @for_missing_yield(%n: index, %z: f32) {
  // expected-error@+2 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  // expected-note@+1 {{region branch point}}
  %r = scf.for %i = %n to %n step %n iter_args(%a = %z) -> (f32) {
  }
  return
}

// -----

func.func @for_two_blocks(%n: index) {
  // expected-error@+1 {{'scf.for' op expects region #0 to have 0 or 1 blocks}}
  scf.for %i = %n to %n step %n {
    cf.br ^bb1
  ^bb1:
    cf.br ^bb1
  }
  return
}

// -----

// The terminator kind is a region trait: nested ops are verified first.
func.func @if_wrong_terminator(%c: i1) {
  "scf.if"(%c) ({
    // expected-error@+1 {{'scf.reduce' op expects parent op 'scf.parallel'}}
    "scf.reduce"() : () -> ()
  }, {}) : (i1) -> ()
  return
}

// -----

// Found by the fuzz harness: a region without a block was accepted (and printed in a custom form
// that does not re-parse); MLIR's SizedRegion<1> constraint rejects it.
func.func @for_without_block(%n: index) {
  // expected-error@+1 {{'scf.for' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.for"(%n, %n, %n) ({
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @parallel_without_block(%n: index) {
  // expected-error@+1 {{'scf.parallel' op region #0 ('region') failed to verify constraint: region with 1 blocks}}
  "scf.parallel"(%n, %n, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>}> ({
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @if_without_then_block(%c: i1, %x: f32) -> f32 {
  // expected-error@+1 {{'scf.if' op region #0 ('thenRegion') failed to verify constraint: region with 1 blocks}}
  %0 = "scf.if"(%c) ({
  }, {
    "scf.yield"(%x) : (f32) -> ()
  }) : (i1) -> f32
  return %0 : f32
}
