// RUN: llh-opt %s --emit=llvm -O0 | filecheck %s

// The index dialect: index is i64; casts sign- or zero-extend (truncate) like arith's.
// CHECK-LABEL: define internal i64 @index_ops(i64 %arg0, i32 %arg1)
// CHECK: %[[A:.*]] = add i64 %arg0, 5
// CHECK-NEXT: %[[S:.*]] = sub i64 %[[A]], %arg0
// CHECK-NEXT: %[[M:.*]] = mul i64 %[[S]], %[[A]]
// CHECK-NEXT: %[[X:.*]] = sext i32 %arg1 to i64
// CHECK-NEXT: %[[U:.*]] = zext i32 %arg1 to i64
// CHECK-NEXT: %[[T:.*]] = add i64 %[[M]], %[[X]]
// CHECK-NEXT: %[[R:.*]] = add i64 %[[T]], %[[U]]
// CHECK-NEXT: ret i64 %[[R]]
func.func @index_ops(%a: index, %b: i32) -> index {
  %c5 = index.constant 5
  %0 = index.add %a, %c5
  %1 = index.sub %0, %a
  %2 = index.mul %1, %0
  %3 = index.casts %b : i32 to index
  %4 = index.castu %b : i32 to index
  %5 = index.add %2, %3
  %6 = index.add %5, %4
  return %6 : index
}
