// RUN: llh-opt %s --allow-unregistered-dialect --split-input-file --cse | filecheck %s
// RUN: llh-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline="builtin.module(func.func(cse))" | filecheck %s
// RUN: llh-opt %s --allow-unregistered-dialect --split-input-file --cse --mlir-print-debuginfo | filecheck %s --check-prefix=LOC

// Modelled on mlir/test/Transforms/cse.mlir; the expected IR is torch-mlir-opt's
// `--cse` output on the same input (cse-reference.mlir diffs the two tools).
// `cf` ops print generically here (llh-opt does not register cf), so their
// lines are matched loosely.

// CHECK-LABEL: @simple_constant
// CHECK-NEXT:    %[[C1:.+]] = arith.constant 1 : i32
// CHECK-NEXT:    return %[[C1]], %[[C1]] : i32, i32

func.func @simple_constant() -> (i32, i32) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1 : i32
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: @basic
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[M:.+]] = arith.muli %[[C0]], %[[C0]] : index
// CHECK-NEXT:    return %[[M]], %[[M]] : index, index

func.func @basic() -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 0 : index
  %0 = arith.muli %c0, %c0 : index
  %1 = arith.muli %c1, %c1 : index
  return %0, %1 : index, index
}

// -----

// CHECK-LABEL: @many
// CHECK-NEXT:    %[[V0:.+]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT:    %[[V1:.+]] = arith.addf %[[V0]], %[[V0]] : f32
// CHECK-NEXT:    %[[V2:.+]] = arith.addf %[[V1]], %[[V1]] : f32
// CHECK-NEXT:    %[[V3:.+]] = arith.addf %[[V2]], %[[V2]] : f32
// CHECK-NEXT:    return %[[V3]] : f32

func.func @many(f32, f32) -> (f32) {
^bb0(%a : f32, %b : f32):
  %c = arith.addf %a, %b : f32
  %d = arith.addf %a, %b : f32
  %e = arith.addf %a, %b : f32
  %f = arith.addf %a, %b : f32
  %g = arith.addf %c, %d : f32
  %h = arith.addf %e, %f : f32
  %i = arith.addf %c, %e : f32
  %j = arith.addf %g, %h : f32
  %k = arith.addf %h, %i : f32
  %l = arith.addf %j, %k : f32
  return %l : f32
}

// -----

// Operations with different operands or properties are not eliminated.
// CHECK-LABEL: @different_ops
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[C1:.+]] = arith.constant 1 : i32
// CHECK-NEXT:    return %[[C0]], %[[C1]] : i32, i32

func.func @different_ops() -> (i32, i32) {
  %0 = arith.constant 0 : i32
  %1 = arith.constant 1 : i32
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: @different_results
// CHECK-NEXT:    %[[A:.+]] = tensor.cast %{{.*}} : tensor<*xf32> to tensor<?x?xf32>
// CHECK-NEXT:    %[[B:.+]] = tensor.cast %{{.*}} : tensor<*xf32> to tensor<4x?xf32>
// CHECK-NEXT:    return %[[A]], %[[B]] : tensor<?x?xf32>, tensor<4x?xf32>

func.func @different_results(%arg0: tensor<*xf32>) -> (tensor<?x?xf32>, tensor<4x?xf32>) {
  %0 = tensor.cast %arg0 : tensor<*xf32> to tensor<?x?xf32>
  %1 = tensor.cast %arg0 : tensor<*xf32> to tensor<4x?xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<4x?xf32>
}

// -----

// The generic form with `predicate = 1` is the same op as `arith.cmpi ne`.
// CHECK-LABEL: @different_attributes
// CHECK-NEXT:    %[[LT:.+]] = arith.cmpi slt, %{{.*}}, %{{.*}} : index
// CHECK-NEXT:    %[[NE:.+]] = arith.cmpi ne, %{{.*}}, %{{.*}} : index
// CHECK-NEXT:    return %[[LT]], %[[NE]], %[[NE]] : i1, i1, i1

func.func @different_attributes(index, index) -> (i1, i1, i1) {
^bb0(%a : index, %b : index):
  %0 = arith.cmpi slt, %a, %b : index
  %1 = arith.cmpi ne, %a, %b : index
  %2 = "arith.cmpi"(%a, %b) {predicate = 1} : (index, index) -> i1
  return %0, %1, %2 : i1, i1, i1
}

// -----

// CHECK-LABEL: @different_flags
// CHECK-NEXT:    %[[P:.+]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[NSW:.+]] = arith.addi %arg0, %arg1 overflow<nsw> : i32
// CHECK-NEXT:    %[[FAST:.+]] = arith.mulf %arg2, %arg2 fastmath<fast> : f32
// CHECK-NEXT:    %[[MUL:.+]] = arith.mulf %arg2, %arg2 : f32
// CHECK-NEXT:    return %[[P]], %[[NSW]], %[[NSW]], %[[FAST]], %[[MUL]]

func.func @different_flags(%a: i32, %b: i32, %x: f32) -> (i32, i32, i32, f32, f32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %a, %b overflow<nsw> : i32
  %2 = arith.addi %a, %b overflow<nsw> : i32
  %3 = arith.mulf %x, %x fastmath<fast> : f32
  %4 = arith.mulf %x, %x : f32
  return %0, %1, %2, %3, %4 : i32, i32, i32, f32, f32
}

// -----

// Discardable attributes must match too (their order does not matter).
// CHECK-LABEL: @discardable_attributes
// CHECK-NEXT:    %[[X:.+]] = arith.subi %arg0, %arg1 {other = 2 : i32, tag = "x"} : i32
// CHECK-NEXT:    %[[Y:.+]] = arith.subi %arg0, %arg1 {other = 2 : i32, tag = "y"} : i32
// CHECK-NEXT:    %[[N:.+]] = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:    return %[[X]], %[[X]], %[[Y]], %[[N]]

func.func @discardable_attributes(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = arith.subi %a, %b {tag = "x", other = 2 : i32} : i32
  %1 = arith.subi %a, %b {other = 2 : i32, tag = "x"} : i32
  %2 = arith.subi %a, %b {tag = "y", other = 2 : i32} : i32
  %3 = arith.subi %a, %b : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// Operands of commutative ops are compared as a multiset.
// CHECK-LABEL: @commutative
// CHECK-NEXT:    %[[ADD:.+]] = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[SUB0:.+]] = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT:    %[[SUB1:.+]] = arith.subi %arg1, %arg0 : i32
// CHECK-NEXT:    %[[MUL:.+]] = arith.mulf %arg2, %arg3 : f32
// CHECK-NEXT:    %[[MAX:.+]] = arith.maxnumf %arg2, %arg3 : f32
// CHECK-NEXT:    return %[[ADD]], %[[ADD]], %[[SUB0]], %[[SUB1]], %[[MUL]], %[[MUL]], %[[MAX]], %[[MAX]]

func.func @commutative(%a: i32, %b: i32, %x: f32, %y: f32) -> (i32, i32, i32, i32, f32, f32, f32, f32) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.addi %b, %a : i32
  %2 = arith.subi %a, %b : i32
  %3 = arith.subi %b, %a : i32
  %4 = arith.mulf %x, %y : f32
  %5 = arith.mulf %y, %x : f32
  %6 = arith.maxnumf %x, %y : f32
  %7 = arith.maxnumf %y, %x : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, f32, f32, f32, f32
}

// -----

// Calls and unregistered ops may have side effects: never eliminated.
// CHECK-LABEL: @side_effect
// CHECK-NEXT:    %[[A:.+]] = call @callee(%arg0) : (i32) -> i32
// CHECK-NEXT:    %[[B:.+]] = call @callee(%arg0) : (i32) -> i32
// CHECK-NEXT:    %[[C:.+]] = "foo.pure_looking"(%arg0) : (i32) -> i32
// CHECK-NEXT:    %[[D:.+]] = "foo.pure_looking"(%arg0) : (i32) -> i32
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %[[D]]

func.func private @callee(i32) -> i32

func.func @side_effect(%a: i32) -> (i32, i32, i32, i32) {
  %0 = func.call @callee(%a) : (i32) -> i32
  %1 = func.call @callee(%a) : (i32) -> i32
  %2 = "foo.pure_looking"(%a) : (i32) -> i32
  %3 = "foo.pure_looking"(%a) : (i32) -> i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}

// -----

// Ops that are already trivially dead when visited are erased (MLIR's CSE
// does); ops that become dead only then (%0) stay: there is no worklist.
// Side-effecting ops stay.
// CHECK-LABEL: @dead_code
// CHECK-NEXT:    %[[C1:.+]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[C2:.+]] = arith.constant 2 : i32
// CHECK-NEXT:    %{{.+}} = arith.addi %arg0, %[[C2]] : i32
// CHECK-NEXT:    %{{.+}} = call @keep(%arg0) : (i32) -> i32
// CHECK-NEXT:    "foo.unused"(%arg0) : (i32) -> ()
// CHECK-NEXT:    return %[[C1]] : i32

func.func @dead_code(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %a, %c2 : i32
  %1 = arith.muli %0, %0 : i32
  %2 = func.call @keep(%a) : (i32) -> i32
  "foo.unused"(%a) : (i32) -> ()
  return %c1 : i32
}
func.func private @keep(i32) -> i32
// -----

// %1 is replaced by %0; %2 then is unused when visited, so it is erased
// instead of being recorded, and %3 stays.
// CHECK-LABEL: @dead_duplicate
// CHECK-NEXT:    %[[A:.+]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %[[M:.+]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:    return %[[M]] : i32

func.func @dead_duplicate(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.muli %1, %1 : i32
  %3 = arith.muli %0, %0 : i32
  return %3 : i32
}

// -----

// Definitions are visible in the blocks they dominate.
// CHECK-LABEL: @down_propagate
// CHECK-NEXT:    %[[C1:.+]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[TRUE:.+]] = arith.constant true
// CHECK-NEXT:    cf.cond_br %[[TRUE]], ^bb1, ^bb2(%[[C1]] : i32)
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb2(%[[C1]] : i32)

func.func @down_propagate() -> i32 {
  %0 = arith.constant 1 : i32
  %cond = arith.constant true
  cf.cond_br %cond, ^bb1, ^bb2(%0 : i32)
^bb1:
  %1 = arith.constant 1 : i32
  cf.br ^bb2(%1 : i32)
^bb2(%arg : i32):
  return %arg : i32
}

// -----

// ... but not in blocks they do not dominate.
// CHECK-LABEL: @up_propagate
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[TRUE:.+]] = arith.constant true
// CHECK-NEXT:    cf.cond_br
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[C1:.+]] = arith.constant 1 : i32
// CHECK-NEXT:    cf.br{{.*}}%[[C1]]
// CHECK-NEXT:  ^bb2(%[[ARG:.+]]: i32):
// CHECK-NEXT:    %[[C1_0:.+]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[ADD:.+]] = arith.addi %[[ARG]], %[[C1_0]] : i32
// CHECK-NEXT:    return %[[ADD]] : i32

func.func @up_propagate() -> i32 {
  %0 = arith.constant 0 : i32
  %cond = arith.constant true
  cf.cond_br %cond, ^bb1, ^bb2(%0 : i32)
^bb1:
  %1 = arith.constant 1 : i32
  cf.br ^bb2(%1 : i32)
^bb2(%arg : i32):
  %2 = arith.constant 1 : i32
  %add = arith.addi %arg, %2 : i32
  return %add : i32
}

// -----

// CHECK-LABEL: @diamond
// CHECK-NEXT:    %[[SQ:.+]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    cf.cond_br
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[S1:.+]] = arith.subi %[[SQ]], %arg0 : i32
// CHECK-NEXT:    cf.br{{.*}}%[[S1]]
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    %[[S2:.+]] = arith.subi %[[SQ]], %arg0 : i32
// CHECK-NEXT:    cf.br{{.*}}%[[S2]]
// CHECK-NEXT:  ^bb3(%{{.*}}: i32):
// CHECK-NEXT:    %[[S3:.+]] = arith.subi %[[SQ]], %arg0 : i32
// CHECK-NEXT:    return %[[S3]], %[[SQ]] : i32, i32

func.func @diamond(%a: i32, %c: i1) -> (i32, i32) {
  %0 = arith.muli %a, %a : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = arith.muli %a, %a : i32
  %2 = arith.subi %1, %a : i32
  cf.br ^bb3(%2 : i32)
^bb2:
  %3 = arith.subi %0, %a : i32
  cf.br ^bb3(%3 : i32)
^bb3(%r: i32):
  %4 = arith.subi %0, %a : i32
  %5 = arith.muli %a, %a : i32
  return %4, %5 : i32, i32
}

// -----

// Unreachable blocks are not in the dominator tree: left alone.
// CHECK-LABEL: @unreachable
// CHECK-NEXT:    %[[A:.+]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %[[A]] : i32
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    %[[B:.+]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %{{.+}} = arith.constant 7 : i32
// CHECK-NEXT:    return %[[B]] : i32

func.func @unreachable(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
^bb1:
  %1 = arith.addi %a, %a : i32
  %2 = arith.constant 7 : i32
  return %1 : i32
}

// -----

// A multi-block region of an unregistered op may be a graph region: skipped.
// CHECK-LABEL: @up_propagate_region
// CHECK-NEXT:    "foo.region"
// CHECK-NEXT:      arith.constant 0 : i32
// CHECK-NEXT:      arith.constant true
// CHECK-NEXT:      cf.cond_br
// CHECK-NEXT:    ^bb1:
// CHECK-NEXT:      arith.constant 1 : i32
// CHECK-NEXT:      cf.br
// CHECK-NEXT:    ^bb2(%{{.*}}: i32):
// CHECK-NEXT:      arith.constant 1 : i32
// CHECK-NEXT:      arith.addi

func.func @up_propagate_region() -> i32 {
  %0 = "foo.region"() ({
    %1 = arith.constant 0 : i32
    %true = arith.constant true
    cf.cond_br %true, ^bb1, ^bb2(%1 : i32)
  ^bb1:
    %c1_i32 = arith.constant 1 : i32
    cf.br ^bb2(%c1_i32 : i32)
  ^bb2(%arg : i32):
    %c1_i32_0 = arith.constant 1 : i32
    %2 = arith.addi %arg, %c1_i32_0 : i32
    "foo.yield" (%2) : (i32) -> ()
  }) : () -> (i32)
  return %0 : i32
}

// -----

// Regions of isolated ops (and of unregistered ops, which might be isolated)
// start with an empty scope, but are simplified inside.
// CHECK-LABEL: @nested_isolated
// CHECK-NEXT:    %[[OUTER:.+]] = arith.constant 1 : i32
// CHECK-NEXT:    builtin.module
// CHECK-NEXT:      func.func @nested_func
// CHECK-NEXT:        %[[IN1:.+]] = arith.constant 1 : i32
// CHECK-NEXT:        "foo.yield"(%[[IN1]], %[[IN1]])
// CHECK:         "foo.region"
// CHECK-NEXT:      %[[IN2:.+]] = arith.constant 1 : i32
// CHECK-NEXT:      "foo.yield"(%[[IN2]], %[[IN2]])
// CHECK:         return %[[OUTER]] : i32

func.func @nested_isolated() -> i32 {
  %0 = arith.constant 1 : i32
  builtin.module {
    func.func @nested_func() {
      %foo = arith.constant 1 : i32
      %bar = arith.constant 1 : i32
      "foo.yield"(%foo, %bar) : (i32, i32) -> ()
    }
  }
  "foo.region"() ({
    %foo = arith.constant 1 : i32
    %bar = arith.constant 1 : i32
    "foo.yield"(%foo, %bar) : (i32, i32) -> ()
  }) : () -> ()
  return %0 : i32
}

// -----

// Graph regions: a duplicate whose user was visited before it keeps that use.
// CHECK-LABEL: @use_before_def
// CHECK-NEXT:    "foo.graph"
// CHECK-NEXT:      %[[ADD:.+]] = arith.addi %[[A:.+]], %[[B:.+]] : i32
// CHECK-NEXT:      %[[A]] = arith.constant 1 : i32
// CHECK-NEXT:      %[[B]] = arith.constant 1 : i32
// CHECK-NEXT:      "foo.yield"(%[[ADD]]) : (i32) -> ()

func.func @use_before_def() {
  "foo.graph"() ({
    %0 = arith.addi %1, %2 : i32
    %1 = arith.constant 1 : i32
    %2 = arith.constant 1 : i32
    "foo.yield"(%0) : (i32) -> ()
  }) : () -> ()
  return
}

// -----

// CHECK-LABEL: @graph_region_replaces_later_uses
// CHECK-NEXT:    "foo.graph"
// CHECK-NEXT:      %[[C:.+]] = arith.constant 1 : i32
// CHECK-NEXT:      %[[ADD:.+]] = arith.addi %[[C]], %[[C]] : i32
// CHECK-NEXT:      "foo.yield"(%[[ADD]]) : (i32) -> ()

func.func @graph_region_replaces_later_uses() {
  "foo.graph"() ({
    %1 = arith.constant 1 : i32
    %2 = arith.constant 1 : i32
    %0 = arith.addi %2, %2 : i32
    "foo.yield"(%0) : (i32) -> ()
  }) : () -> ()
  return
}

// -----

// CHECK-LABEL: @unknown_location_is_refined
// CHECK-NEXT:    %[[A:.+]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %[[A]], %[[A]] : i32, i32
// The survivor had an unknown location: it takes the duplicate's.
// LOC-LABEL: @unknown_location_is_refined
// LOC-NEXT:    arith.addi %arg0, %arg0 : i32 loc(#[[REFINED:.+]])
// LOC:         #[[REFINED]] = loc("refined.mlir":4:2)

func.func @unknown_location_is_refined(%a: i32) -> (i32, i32) {
  %0 = arith.addi %a, %a : i32 loc(unknown)
  %1 = arith.addi %a, %a : i32 loc("refined.mlir":4:2)
  return %0, %1 : i32, i32
}

// -----

// CHECK-LABEL: @tensor_ops
// CHECK-NEXT:    %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:    %[[DIM:.+]] = tensor.dim %arg0, %[[C0]] : tensor<?x4xf32>
// CHECK-NEXT:    %[[FE:.+]] = tensor.from_elements %[[DIM]], %arg1 : tensor<2xindex>
// CHECK-NEXT:    return %[[DIM]], %[[DIM]], %[[FE]], %[[FE]]

func.func @tensor_ops(%t: tensor<?x4xf32>, %i: index) -> (index, index, tensor<2xindex>, tensor<2xindex>) {
  %c0 = arith.constant 0 : index
  %d0 = tensor.dim %t, %c0 : tensor<?x4xf32>
  %d1 = tensor.dim %t, %c0 : tensor<?x4xf32>
  %f0 = tensor.from_elements %d0, %i : tensor<2xindex>
  %f1 = tensor.from_elements %d1, %i : tensor<2xindex>
  return %d0, %d1, %f0, %f1 : index, index, tensor<2xindex>, tensor<2xindex>
}
