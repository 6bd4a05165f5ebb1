// Textual pipelines: nesting, `any`, options in braces, spacing.
// RUN: llh-opt %s --pass-pipeline='builtin.module(func.func(strip-debuginfo),symbol-dce)' | filecheck %s
// RUN: llh-opt %s --pass-pipeline=' builtin.module( func.func( strip-debuginfo ) , symbol-dce ) ' | filecheck %s
// RUN: llh-opt %s --pass-pipeline='builtin.module(any(strip-debuginfo),symbol-dce{})' | filecheck %s
// RUN: llh-opt %s --pass-pipeline='any(symbol-dce)' | filecheck %s
// RUN: llh-opt %s --pass-pipeline='builtin.module()' | filecheck %s --check-prefix=NOTHING
// RUN: llh-opt %s --strip-debuginfo --symbol-dce | filecheck %s

// CHECK-LABEL: module {
// CHECK-NOT:     @dead
// CHECK:         func.func @live
// NOTHING-LABEL: module {
// NOTHING:         func.func private @dead
// NOTHING:         func.func @live
// Errors are reported the way mlir-opt reports them.

// RUN: not llh-opt %s --pass-pipeline='builtin.module(foo)' 2>&1 | filecheck %s --check-prefix=UNKNOWN
// UNKNOWN:      <unknown>:0: error: MLIR Textual PassPipeline Parser:1:1: error: 'foo' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: {{^}}foo{{$}}
// UNKNOWN-NEXT: {{^}}^{{$}}

// RUN: not llh-opt %s --pass-pipeline='builtin.module(symbol-dce,)' 2>&1 | filecheck %s --check-prefix=EMPTY
// EMPTY:      <unknown>:0: error: MLIR Textual PassPipeline Parser:1:12: error: '' does not refer to a registered pass or pass pipeline
// EMPTY-NEXT: {{^}}symbol-dce,{{$}}
// EMPTY-NEXT: {{^}}           ^{{$}}

// RUN: not llh-opt %s --pass-pipeline='builtin.module(func.func(symbol-dce), func.func(strip-debuginfo)' 2>&1 | filecheck %s --check-prefix=UNBALANCED
// UNBALANCED:      <unknown>:0: error: MLIR Textual PassPipeline Parser:1:34: error: encountered unbalanced parentheses while parsing pipeline
// UNBALANCED-NEXT: {{^}}func.func(symbol-dce), func.func(strip-debuginfo{{$}}
// UNBALANCED-NEXT: {{^}}                                 ^{{$}}

// RUN: not llh-opt %s --pass-pipeline='builtin.module(symbol-dce))' 2>&1 | filecheck %s --check-prefix=EXTRA
// EXTRA:      <unknown>:0: error: MLIR Textual PassPipeline Parser:1:11: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
// EXTRA-NEXT: {{^}}symbol-dce){{$}}
// EXTRA-NEXT: {{^}}          ^{{$}}

// RUN: not llh-opt %s --pass-pipeline='builtin.module(func.func(symbol-dce) strip-debuginfo)' 2>&1 | filecheck %s --check-prefix=COMMA
// COMMA:      <unknown>:0: error: MLIR Textual PassPipeline Parser:1:23: error: expected ',' after parsing pipeline
// COMMA-NEXT: {{^}}func.func(symbol-dce) strip-debuginfo{{$}}
// COMMA-NEXT: {{^}}                      ^{{$}}

// RUN: not llh-opt %s --pass-pipeline='builtin.module(symbol-dce{)' 2>&1 | filecheck %s --check-prefix=BRACE
// BRACE:      <unknown>:0: error: MLIR Textual PassPipeline Parser:1:11: error: missing closing '}' while processing pass options
// BRACE-NEXT: {{^}}symbol-dce{{{$}}
// BRACE-NEXT: {{^}}          ^{{$}}

// RUN: not llh-opt %s --pass-pipeline='symbol-dce' 2>&1 | filecheck %s --check-prefix=WRAP
// RUN: not llh-opt %s --pass-pipeline='builtin.module(func.func(symbol-dce' 2>&1 | filecheck %s --check-prefix=WRAP
// WRAP: <unknown>:0: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'

// RUN: not llh-opt %s --pass-pipeline='builtin.module(symbol-dce{bad=1})' 2>&1 | filecheck %s --check-prefix=OPTION
// OPTION:      <unknown>:0: error: <Pass-Options-Parser>: no such option bad
// OPTION-EMPTY:
// OPTION-NEXT: {{^}}failed to add `symbol-dce` with options `bad=1`{{$}}

// RUN: not llh-opt %s --pass-pipeline='builtin.module(func.func(symbol-dce{bad=1}))' 2>&1 | filecheck %s --check-prefix=INNER
// INNER:      <unknown>:0: error: <Pass-Options-Parser>: no such option bad
// INNER-EMPTY:
// INNER-NEXT: {{^}}failed to add `symbol-dce` with options `bad=1`{{$}}
// INNER-NEXT: {{^}}failed to add `func.func` with options `` to inner pipeline{{$}}

// A pass flag with bad options: two diagnostics.
// RUN: not llh-opt %s --symbol-dce=bad=1 2>&1 | filecheck %s --check-prefix=FLAG
// FLAG:      <unknown>:0: error: <Pass-Options-Parser>: no such option bad
// FLAG-EMPTY:
// FLAG-NEXT: <unknown>:0: error: failed to add `symbol-dce` with options `bad=1`

// The pipeline's anchor must match the top-level op.
// RUN: not llh-opt %s --pass-pipeline='func.func(symbol-dce)' 2>&1 | filecheck %s --check-prefix=ANCHOR
// ANCHOR: error: can't run 'func.func' pass manager on 'builtin.module' op

func.func private @dead() {
  return
}
func.func @live() {
  return
}
