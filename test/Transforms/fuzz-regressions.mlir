// RUN: llh-opt %s --split-input-file --canonicalize | filecheck %s
// RUN: llh-opt %s --split-input-file --canonicalize | llh-opt --split-input-file --canonicalize | filecheck %s

// Regressions found by the fuzz harness (tools/fuzz); each case names what it found.

// Found by run_fuzz.py (canonicalize twice was not a fixed point): in a module with symbolic
// information, a constant-folded LLH op whose result type has no encoding was kept, because the
// materialized constant got an encoding from infer-on-create and the types no longer matched.
// CHECK-LABEL: func.func @fold_in_symbolic_module
// CHECK-NEXT:    %[[C:.+]] = "llh.constant"() <{value = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
// CHECK-NEXT:    return %[[C]] : tensor<1xf32>
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
func.func @fold_in_symbolic_module(%arg0: tensor<?xf32>) -> tensor<1xf32> {
  %0 = "llh.constant"() <{value = dense<1.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
  %1 = "llh.constant"() <{value = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
  %2 = "llh.mul"(%0, %1) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  return %2 : tensor<1xf32>
}

// -----

// The same, dead: the folded op and both constants go in one run.
// CHECK-LABEL: func.func @dead_fold_in_symbolic_module
// CHECK-NEXT:    return %arg0 : tensor<?xf32>
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
func.func @dead_fold_in_symbolic_module(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "llh.constant"() <{value = dense<1.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
  %1 = "llh.mul"(%arg0, %0) : (tensor<?xf32>, tensor<1xf32>) -> tensor<?xf32>
  %2 = "llh.constant"() <{value = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
  %3 = "llh.mul"(%0, %2) : (tensor<1xf32>, tensor<1xf32>) -> tensor<1xf32>
  return %arg0 : tensor<?xf32>
}

// -----

// Found by run_fuzz.py: the same with an unranked result (the constant the fold materializes is
// ranked by infer-on-create; it takes the folded result's type).
// CHECK-LABEL: func.func @fold_unranked_in_symbolic_module
// CHECK-NEXT:    return %arg0 : tensor<?xf32>
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
func.func @fold_unranked_in_symbolic_module(%arg0: tensor<?xf32>) -> tensor<?xf32> {
  %0 = "llh.constant"() <{value = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
  %1 = "llh.min"(%0, %0) : (tensor<1xf32>, tensor<1xf32>) -> tensor<*xf32>
  return %arg0 : tensor<?xf32>
}
