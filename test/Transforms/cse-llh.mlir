// RUN: llh-opt %s --split-input-file --cse | filecheck %s

// CSE on LLH IR follows the op trait table (spec section 3): only ops declared
// Pure (or NoMemoryEffect) are eliminated or erased when dead. At the reference
// commit `llh.constant` is ConstantLike but not Pure, and most compute ops
// (llh.add, llh.relu, ...) have no effect declaration: MLIR's CSE leaves them
// alone, and so does ours (`--canonicalize` folds duplicate constants).

"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()

// CHECK-LABEL: func.func @dims
// CHECK-NEXT:    %[[C0:.+]] = "llh.constant"() <{value = 0 : i64}> : () -> i64
// CHECK-NEXT:    %[[C0_DUP:.+]] = "llh.constant"() <{value = 0 : i64}> : () -> i64
// CHECK-NEXT:    %[[C1:.+]] = "llh.constant"() <{value = 1 : i64}> : () -> i64
// CHECK-NEXT:    "llh.constant"() <{value = 1 : i64}> : () -> i64
// CHECK-NEXT:    %[[D0:.+]] = "llh.dim"(%arg0, %[[C0]]) : (tensor<?x?xf32>, i64) -> i64
// CHECK-NEXT:    %[[D2:.+]] = "llh.dim"(%arg0, %[[C0_DUP]]) : (tensor<?x?xf32>, i64) -> i64
// CHECK-NEXT:    %[[D3:.+]] = "llh.dim"(%arg0, %[[C0]]) <{symbol = @s0}> : (tensor<?x?xf32>, i64) -> i64
// CHECK-NEXT:    %[[D5:.+]] = "llh.dim"(%arg0, %[[C1]]) <{symbol = @s1}> : (tensor<?x?xf32>, i64) -> i64
// CHECK-NEXT:    return %[[D0]], %[[D0]], %[[D2]], %[[D3]], %[[D3]], %[[D5]]
func.func @dims(%arg0: tensor<?x?xf32>) -> (i64, i64, i64, i64, i64, i64) {
  %c0 = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c0_dup = "llh.constant"() <{value = 0 : i64}> : () -> i64
  %c1 = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %c1_unused = "llh.constant"() <{value = 1 : i64}> : () -> i64
  %d0 = "llh.dim"(%arg0, %c0) : (tensor<?x?xf32>, i64) -> i64
  %d1 = "llh.dim"(%arg0, %c0) : (tensor<?x?xf32>, i64) -> i64
  // Not the same operand: the duplicate constant is not CSE'd, so neither is this.
  %d2 = "llh.dim"(%arg0, %c0_dup) : (tensor<?x?xf32>, i64) -> i64
  // The `symbol` property takes part in equivalence.
  %d3 = "llh.dim"(%arg0, %c0) <{symbol = @s0}> : (tensor<?x?xf32>, i64) -> i64
  %d4 = "llh.dim"(%arg0, %c0) <{symbol = @s0}> : (tensor<?x?xf32>, i64) -> i64
  %d5 = "llh.dim"(%arg0, %c1) <{symbol = @s1}> : (tensor<?x?xf32>, i64) -> i64
  // Pure and unused: erased.
  %dead = "llh.dim"(%arg0, %c1) : (tensor<?x?xf32>, i64) -> i64
  return %d0, %d1, %d2, %d3, %d4, %d5 : i64, i64, i64, i64, i64, i64
}

// -----

// Multi-result ops: all results are replaced.
// CHECK-LABEL: func.func @shape_of
// CHECK-NEXT:    %[[S:.+]]:2 = "llh.shape_of"(%arg0) : (tensor<?x4xf32>) -> (i64, i64)
// CHECK-NEXT:    return %[[S]]#0, %[[S]]#0, %[[S]]#1, %[[S]]#1
func.func @shape_of(%arg0: tensor<?x4xf32>) -> (i64, i64, i64, i64) {
  %0:2 = "llh.shape_of"(%arg0) : (tensor<?x4xf32>) -> (i64, i64)
  %1:2 = "llh.shape_of"(%arg0) : (tensor<?x4xf32>) -> (i64, i64)
  return %0#0, %1#0, %0#1, %1#1 : i64, i64, i64, i64
}

// -----

// CHECK-LABEL: func.func @compute
// CHECK-NEXT:    %[[EXP:.+]] = "llh.exp"(%arg0)
// CHECK-NEXT:    %[[ADD0:.+]] = "llh.add"(%arg0, %arg1)
// CHECK-NEXT:    %[[ADD1:.+]] = "llh.add"(%arg0, %arg1)
// CHECK-NEXT:    %[[SQRT:.+]] = "llh.sqrt"(%arg2)
// CHECK-NEXT:    %[[GE:.+]] = "llh.compare"(%arg0, %arg1) <{kind = #llh.Compare<GE>}>
// CHECK-NEXT:    %[[LT:.+]] = "llh.compare"(%arg0, %arg1) <{kind = #llh.Compare<LT>}>
// CHECK-NEXT:    "llh.relu"(%arg0)
// CHECK-NEXT:    return %[[EXP]], %[[EXP]], %[[ADD0]], %[[ADD1]], %[[SQRT]], %[[SQRT]], %[[GE]], %[[LT]]
func.func @compute(%a: tensor<?x4xf32>, %b: tensor<4xf32>, %i: i64) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, i64, i64, tensor<?x4xi1>, tensor<?x4xi1>) {
  %0 = "llh.exp"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "llh.exp"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %2 = "llh.add"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %3 = "llh.add"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %4 = "llh.sqrt"(%i) : (i64) -> i64
  %5 = "llh.sqrt"(%i) : (i64) -> i64
  %6 = "llh.compare"(%a, %b) <{kind = #llh.Compare<GE>}> : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xi1>
  %7 = "llh.compare"(%a, %b) <{kind = #llh.Compare<LT>}> : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xi1>
  // Unused, but without declared effects: kept.
  %8 = "llh.relu"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x4xf32>, i64, i64, tensor<?x4xi1>, tensor<?x4xi1>
}

// -----

// Result types include the encoding: differently encoded results are different ops.
"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "s1"}> : () -> ()
"llh.symbolic_int"() <{sym_name = "c4"}> : () -> ()

// CHECK-LABEL: func.func @encodings
// CHECK-NEXT:    %[[A:.+]] = "llh.exp"(%arg0) : {{.*}} -> tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
// CHECK-NEXT:    %[[B:.+]] = "llh.exp"(%arg0) : {{.*}} -> tensor<?x4xf32, #llh.encoding<shapes = @s1, @c4>>
// CHECK-NEXT:    return %[[A]], %[[A]], %[[B]]
func.func @encodings(%a: tensor<?x4xf32>) -> (tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>, tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>, tensor<?x4xf32, #llh.encoding<shapes = @s1, @c4>>) {
  %0 = "llh.exp"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
  %1 = "llh.exp"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>
  %2 = "llh.exp"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32, #llh.encoding<shapes = @s1, @c4>>
  return %0, %1, %2 : tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>, tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>, tensor<?x4xf32, #llh.encoding<shapes = @s1, @c4>>
}
