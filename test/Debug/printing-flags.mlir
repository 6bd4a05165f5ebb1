// mlir-opt's printing flags on the output (and on IR dumps): each RUN line is
// repeated on upstream mlir-opt against the same CHECK lines when it is
// installed.

// --mlir-elide-elementsattrs-if-larger=N: dense attributes with more than N
// elements print as MLIR's elided resource; splats are never elided.
// RUN: llh-opt %s --mlir-elide-elementsattrs-if-larger=2 | FileCheck %s --check-prefix=ELIDE
// RUN: %if mlir-opt %{ %mlir-opt %s --mlir-elide-elementsattrs-if-larger=2 | FileCheck %s --check-prefix=ELIDE %}
// ELIDE-LABEL: func.func @f(
// ELIDE:       %cst = arith.constant dense_resource<__elided__> : tensor<3xi32>
// ELIDE-NEXT:  %cst_0 = arith.constant dense<{{\[\[}}1, 2]]> : tensor<1x2xi32>
// ELIDE-NEXT:  %cst_1 = arith.constant dense<7> : tensor<64xi32>

// RUN: llh-opt %s --mlir-elide-elementsattrs-if-larger=3 | FileCheck %s --check-prefix=KEEP
// KEEP: arith.constant dense<[1, 2, 3]> : tensor<3xi32>

// --mlir-print-skip-regions
// RUN: llh-opt %s --mlir-print-skip-regions | FileCheck %s --check-prefix=SKIP --match-full-lines
// RUN: %if mlir-opt %{ %mlir-opt %s --mlir-print-skip-regions | FileCheck %s --check-prefix=SKIP --match-full-lines %}
// SKIP: module {...}
// RUN: llh-opt %s --mlir-print-skip-regions --mlir-print-op-generic | FileCheck %s --check-prefix=SKIP-GENERIC --match-full-lines
// RUN: %if mlir-opt %{ %mlir-opt %s --mlir-print-skip-regions --mlir-print-op-generic | FileCheck %s --check-prefix=SKIP-GENERIC --match-full-lines %}
// SKIP-GENERIC: "builtin.module"() ({...}) : () -> ()

// --mlir-print-unique-ssa-ids: sibling regions do not reuse numbers.
// RUN: llh-opt %s --mlir-print-unique-ssa-ids | FileCheck %s --check-prefix=UNIQUE
// RUN: %if mlir-opt %{ %mlir-opt %s --mlir-print-unique-ssa-ids | FileCheck %s --check-prefix=UNIQUE %}
// UNIQUE-LABEL: func.func @g(
// UNIQUE:       %0:2 = scf.if %arg0 -> (i32, i32) {
// UNIQUE-NEXT:    %3 = arith.addi %arg1, %arg1 : i32
// UNIQUE:       } else {
// UNIQUE-NEXT:    %1 = arith.muli %arg1, %arg1 : i32
// UNIQUE-NEXT:    %2 = arith.muli %1, %arg1 : i32
// RUN: llh-opt %s | FileCheck %s --check-prefix=SHARED
// SHARED-LABEL: func.func @g(
// SHARED:       %0:2 = scf.if %arg0 -> (i32, i32) {
// SHARED-NEXT:    %1 = arith.addi %arg1, %arg1 : i32
// SHARED:       } else {
// SHARED-NEXT:    %1 = arith.muli %arg1, %arg1 : i32

// --mlir-print-value-users: users as comments; result-less ops get an id.
// RUN: llh-opt %s --mlir-print-value-users | FileCheck %s --check-prefix=USERS
// RUN: %if mlir-opt %{ %mlir-opt %s --mlir-print-value-users | FileCheck %s --check-prefix=USERS %}
// USERS-LABEL: func.func @g(
// USERS-NEXT:    // %arg0 is used by %3#0, %3#1
// USERS-NEXT:    // %arg1 is used by %6, %5, %6, %5
// USERS-NEXT:    // %arg2 is unused
// USERS-NEXT:    %3:2 = scf.if %arg0 -> (i32, i32) {
// USERS-NEXT:      %5 = arith.addi %arg1, %arg1 : i32 // user: %6
// USERS-NEXT:      scf.yield %5, %arg1 : i32, i32 // id: %6
// USERS-NEXT:    } else {
// USERS-NEXT:      %5 = arith.muli %arg1, %arg1 : i32 // users: %7, %6
// USERS-NEXT:      %6 = arith.muli %5, %arg1 : i32 // user: %7
// USERS-NEXT:      scf.yield %5, %6 : i32, i32 // id: %7
// USERS-NEXT:    } // users: (%4), (%4)
// USERS-NEXT:    return %3#0, %3#1 : i32, i32 // id: %4

// --mlir-print-local-scope: aliases are inlined; the module ends without the
// extra newline (as a nested op prints).
// RUN: llh-opt %s --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL
// RUN: %if mlir-opt %{ %mlir-opt %s --mlir-print-local-scope | FileCheck %s --check-prefix=LOCAL %}
// LOCAL-NOT:   #map =
// LOCAL-LABEL: func.func private @h(memref<4xf32, affine_map<(d0) -> (d0 + 1)>>)
// LOCAL-NEXT:  }
// LOCAL-NOT:   {{.}}
// RUN: llh-opt %s | FileCheck %s --check-prefix=ALIAS
// ALIAS: #map = affine_map<(d0) -> (d0 + 1)>
// ALIAS: func.func private @h(memref<4xf32, #map>)

#map = affine_map<(d0) -> (d0 + 1)>
func.func @f() -> (tensor<3xi32>, tensor<1x2xi32>, tensor<64xi32>) {
  %a = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %b = arith.constant dense<[[1, 2]]> : tensor<1x2xi32>
  %c = arith.constant dense<7> : tensor<64xi32>
  return %a, %b, %c : tensor<3xi32>, tensor<1x2xi32>, tensor<64xi32>
}
func.func @g(%c: i1, %a: i32, %u: i32) -> (i32, i32) {
  %0:2 = scf.if %c -> (i32, i32) {
    %x = arith.addi %a, %a : i32
    scf.yield %x, %a : i32, i32
  } else {
    %y = arith.muli %a, %a : i32
    %z = arith.muli %y, %a : i32
    scf.yield %y, %z : i32, i32
  }
  return %0#0, %0#1 : i32, i32
}
func.func private @h(%m: memref<4xf32, #map>)
