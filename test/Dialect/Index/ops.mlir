// RUN: llh-opt %s | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: llh-opt %s | llh-opt | filecheck %s
// RUN: llh-opt %s --mlir-print-op-generic | llh-opt | filecheck %s
//
// torch-mlir-opt does not register the index dialect: these forms follow MLIR's IndexOps.td
// (`index.constant` names its result `%idx<value>`, IndexOps.cpp).

// CHECK-LABEL: func.func @index_ops(%arg0: i64, %arg1: index) -> i64 {
// CHECK-NEXT:    %idx3 = index.constant 3
// CHECK-NEXT:    %idx-2 = index.constant -2
// CHECK-NEXT:    %idx3_0 = index.constant 3
// CHECK-NEXT:    %0 = index.castu %arg0 : i64 to index
// CHECK-NEXT:    %1 = index.add %0, %idx3
// CHECK-NEXT:    %2 = index.sub %1, %idx-2
// CHECK-NEXT:    %3 = index.mul %2, %idx3_0 {x.y}
// CHECK-NEXT:    %4 = index.casts %3 : index to i64
// CHECK-NEXT:    %5 = index.castu %arg1 {symbol = @s0} : index to i64
// CHECK-NEXT:    return %4 : i64
// GENERIC:       %[[C3:.*]] = "index.constant"() <{value = 3 : index}> : () -> index
// GENERIC-NEXT:  %[[CM2:.*]] = "index.constant"() <{value = -2 : index}> : () -> index
// GENERIC-NEXT:  %[[C3B:.*]] = "index.constant"() <{value = 3 : index}> : () -> index
// GENERIC-NEXT:  %[[U:.*]] = "index.castu"(%arg{{[0-9]+}}) : (i64) -> index
// GENERIC-NEXT:  %[[A:.*]] = "index.add"(%[[U]], %[[C3]]) : (index, index) -> index
// GENERIC-NEXT:  %[[S:.*]] = "index.sub"(%[[A]], %[[CM2]]) : (index, index) -> index
// GENERIC-NEXT:  %[[M:.*]] = "index.mul"(%[[S]], %[[C3B]]) {x.y} : (index, index) -> index
// GENERIC-NEXT:  "index.casts"(%[[M]]) : (index) -> i64
// GENERIC-NEXT:  "index.castu"(%arg{{[0-9]+}}) {symbol = @s0} : (index) -> i64
func.func @index_ops(%j: i64, %i: index) -> i64 {
  %c3 = index.constant 3
  %cm2 = index.constant -2
  %c3b = index.constant 3
  %u = index.castu %j : i64 to index
  %a = index.add %u, %c3
  %s = index.sub %a, %cm2
  %m = index.mul %s, %c3b {x.y}
  %r = index.casts %m : index to i64
  %r2 = index.castu %i {symbol = @s0} : index to i64
  return %r : i64
}
