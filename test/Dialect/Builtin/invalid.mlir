// RUN: llh-opt --allow-unregistered-dialect %s -split-input-file -verify-diagnostics

// expected-error@+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'foo'}}
module attributes {foo} {
}

// -----

// expected-error@+1 {{'builtin.module' op region should have no arguments}}
"builtin.module"() ({
^bb0(%a: i32):
}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "test.br"()[^bb1] : () -> ()
^bb1:
}) : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op requires zero results}}
%0 = "builtin.module"() ({
^bb0:
}) : () -> i32

// -----

func.func @f(%a: i64) {
  // expected-error@+1 {{'builtin.unrealized_conversion_cast' op expected at least one result for cast operation}}
  "builtin.unrealized_conversion_cast"(%a) : (i64) -> ()
  return
}

// -----

// expected-error@+1 {{'builtin.module' op region #0 ('bodyRegion') failed to verify constraint: region with 1 blocks}}
"builtin.module"() ({
}) : () -> ()
