// RUN: llh-opt %s --split-input-file --canonicalize | filecheck %s
// RUN: llh-opt %s --split-input-file --canonicalize="disable-patterns=FoldTwoAbsOpPattern" | filecheck %s --check-prefix=DISABLE
// RUN: llh-opt %s --split-input-file --canonicalize="enable-patterns=EraseNoUserOp" | filecheck %s --check-prefix=ENABLE
// RUN: llh-opt %s --split-input-file --canonicalize="filter-dialects=arith" | filecheck %s --check-prefix=FILTER
// RUN: llh-opt %s --split-input-file --canonicalize="max-iterations=1" | filecheck %s --check-prefix=ONE
// RUN: not llh-opt %s --split-input-file --canonicalize="max-iterations=1 test-convergence" 2>&1 | filecheck %s --check-prefix=CONVERGE
// RUN: not llh-opt %s --canonicalize="region-simplify=foo" 2>&1 | filecheck %s --check-prefix=BADOPT
// RUN: llh-opt %s --split-input-file --pass-pipeline="builtin.module(func.func(canonicalize))" | filecheck %s --check-prefix=NESTED
// RUN: llh-opt %s --split-input-file --inline | filecheck %s --check-prefix=INLINE

// Driver options (MLIR's): pattern filters by name, dialect filter (folders still run: they are
// not patterns), the iteration bound (non-convergence fails only with test-convergence, with a
// diagnostic), option errors, nesting under func.func (the module-level symbol step does not
// run), and `--inline`, whose simplification pipeline is `canonicalize`.

// CHECK-LABEL: func.func @options
// CHECK-NEXT:    %[[C8:.+]] = "llh.constant"() <{value = 8 : i64}>
// CHECK-NEXT:    %[[A:.+]] = "llh.abs"(%arg0)
// CHECK-NEXT:    return %[[A]], %[[C8]]

// DISABLE-LABEL: func.func @options
// DISABLE-NEXT:    %[[C8:.+]] = "llh.constant"() <{value = 8 : i64}>
// DISABLE-NEXT:    %[[A:.+]] = "llh.abs"(%arg0)
// DISABLE-NEXT:    %[[B:.+]] = "llh.abs"(%[[A]])
// DISABLE-NEXT:    return %[[B]], %[[C8]]

// ENABLE-LABEL: func.func @options
// ENABLE-NEXT:    %[[C8:.+]] = "llh.constant"() <{value = 8 : i64}>
// ENABLE-NEXT:    %[[A:.+]] = "llh.abs"(%arg0)
// ENABLE-NEXT:    %[[B:.+]] = "llh.abs"(%[[A]])
// ENABLE-NEXT:    return %[[B]], %[[C8]]

// Without LLH patterns the unused constants stay (EraseNoUserOp is an LLH pattern).
// FILTER-LABEL: func.func @options
// FILTER-NEXT:    %[[C8:.+]] = "llh.constant"() <{value = 8 : i64}>
// FILTER-NEXT:    "llh.constant"() <{value = 6 : i64}>
// FILTER-NEXT:    "llh.constant"() <{value = 3 : i64}>
// FILTER-NEXT:    "llh.constant"() <{value = 2 : i64}>
// FILTER-NEXT:    %[[A:.+]] = "llh.abs"(%arg0)
// FILTER-NEXT:    %[[B:.+]] = "llh.abs"(%[[A]])
// FILTER-NEXT:    return %[[B]], %[[C8]]

// One iteration: the folded constant is not hoisted yet (the next iteration would).
// ONE-LABEL: func.func @options
// ONE-NEXT:    %[[A:.+]] = "llh.abs"(%arg0)
// ONE-NEXT:    %[[C8:.+]] = "llh.constant"() <{value = 8 : i64}>
// ONE-NEXT:    return %[[A]], %[[C8]]

// CONVERGE: error: 'builtin.module' op canonicalization did not converge after 1 iterations

// BADOPT: error: for the --region-simplify option: Cannot find option named 'foo'!
// BADOPT: error: failed to add `canonicalize` with options `region-simplify=foo`

// NESTED-LABEL: func.func @options
// NESTED-NEXT:    %[[C8:.+]] = "llh.constant"() <{value = 8 : i64}>
func.func @options(%x: tensor<3xf32>) -> (tensor<3xf32>, i64) {
  %a = "llh.abs"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  %b = "llh.abs"(%a) : (tensor<3xf32>) -> tensor<3xf32>
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %c3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %m = "llh.mul"(%c2, %c3) : (i64, i64) -> i64
  %s = "llh.add"(%m, %c2) : (i64, i64) -> i64
  return %b, %s : tensor<3xf32>, i64
}

// -----

// Nested under func.func the symbol step (a module-level rewrite) does not run: the EQ relation
// and s1 stay; the function body is still folded (the new constant is named by infer-on-create,
// which declares @c4 in the module, as the reference does: spec 8.32).
// NESTED-LABEL: func.func @nested
// NESTED-NEXT:    %[[C:.+]] = "llh.constant"() <{symbol = @c4, value = 4 : i64}>
// NESTED-NEXT:    return %arg0, %[[C]] : tensor<?xf32, #llh.encoding<shapes = @s1>>, i64
// NESTED:       "llh.symbol_relation"() <{relation = @s1, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s0}>
// CHECK-LABEL:  func.func @nested
// CHECK-NEXT:     %[[C:.+]] = "llh.constant"() <{symbol = @c4, value = 4 : i64}>
// CHECK-NEXT:     return %arg0, %[[C]] : tensor<?xf32, #llh.encoding<shapes = @s0>>, i64
// CHECK-NOT:    module @__symbol__
"llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
func.func @nested(%x: tensor<?xf32, #llh.encoding<shapes = @s1>>) -> (tensor<?xf32, #llh.encoding<shapes = @s1>>, i64) {
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %0 = "llh.add"(%c2, %c2) : (i64, i64) -> i64
  return %x, %0 : tensor<?xf32, #llh.encoding<shapes = @s1>>, i64
}
module @__symbol__ {
  "llh.symbol_relation"() <{relation = @s1, relation_kind = #llh.SymbolRelation<EQ>, symbol = @s0}> : () -> ()
}

// -----

// After inlining, the caller is canonicalized: the callee's identities and constants fold.
// INLINE-LABEL: func.func @caller
// INLINE-NEXT:    %[[C:.+]] = "llh.constant"() <{value = 5 : i64}>
// INLINE-NEXT:    return %arg0, %[[C]]
// INLINE-NOT:   func.func private @callee
func.func private @callee(%x: tensor<2xf32>, %n: i64) -> (tensor<2xf32>, i64) {
  %z = "llh.constant"() <{value = dense<-0.0> : tensor<2xf32>}> : () -> tensor<2xf32>
  %0 = "llh.add"(%x, %z) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %c3 = "llh.constant"() <{value = 3 : i64}> : () -> i64
  %1 = "llh.add"(%n, %c3) : (i64, i64) -> i64
  return %0, %1 : tensor<2xf32>, i64
}
func.func @caller(%x: tensor<2xf32>) -> (tensor<2xf32>, i64) {
  %c2 = "llh.constant"() <{value = 2 : i64}> : () -> i64
  %0:2 = func.call @callee(%x, %c2) : (tensor<2xf32>, i64) -> (tensor<2xf32>, i64)
  return %0#0, %0#1 : tensor<2xf32>, i64
}
