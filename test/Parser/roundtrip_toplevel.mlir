// Default printing of top-level structure (implicit module, empty module,
// named module with attributes, nested modules), value-number scoping in
// nested regions and affine-map aliases, one case per split chunk.
// The expected output below is copied verbatim from torch-mlir-opt.
//
// RUN: llh-opt --allow-unregistered-dialect --split-input-file %s | filecheck %s
// RUN: llh-opt --allow-unregistered-dialect --split-input-file %s | llh-opt --allow-unregistered-dialect --split-input-file | filecheck %s

"test.top"() : () -> ()
%0 = "test.val"() : () -> i32

// -----

module {
}

// -----

module @m attributes {test.a = "b"} {
  "test.x"() : () -> ()
}

// -----

func.func @f() {
  return
}
func.func private @g() -> i32

// -----

"test.outer"() ({
  %a = "test.a"() : () -> i32
  "test.inner"() ({
  ^bb0(%x: i32):
    %b = "test.b"(%x, %a) : (i32, i32) -> i32
  }) : () -> ()
}, {
  %c = "test.c"() : () -> i32
}) : () -> ()
%d = "test.d"() : () -> i32

// -----

"test.empty_regions"() ({ }, {
^bb0:
}) : () -> ()
"test.attrs"() {z = 1, a = "s", m = affine_map<(d0) -> (d0 + 1)>, t = tensor<?xf32, #llh.encoding<shapes = @s0>>} : () -> memref<2xf32, affine_map<(d0) -> (d0 * 2)>>

// -----

module {
  module @inner {
    func.func @in_inner(%arg0: i32) -> i32 {
      %c = arith.constant 42 : i32
      return %c : i32
    }
  }
}

// Expected output (all chunks, joined by separator lines):
// CHECK: module {
// CHECK-NEXT:   "test.top"() : () -> ()
// CHECK-NEXT:   %0 = "test.val"() : () -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // {{-----}}
// CHECK-NEXT: module {
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // {{-----}}
// CHECK-NEXT: module @m attributes {test.a = "b"} {
// CHECK-NEXT:   "test.x"() : () -> ()
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // {{-----}}
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func private @g() -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // {{-----}}
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.outer"() ({
// CHECK-NEXT:     %1 = "test.a"() : () -> i32
// CHECK-NEXT:     "test.inner"() ({
// CHECK-NEXT:     ^bb0(%arg0: i32):
// CHECK-NEXT:       %2 = "test.b"(%arg0, %1) : (i32, i32) -> i32
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:   }, {
// CHECK-NEXT:     %1 = "test.c"() : () -> i32
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   %0 = "test.d"() : () -> i32
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // {{-----}}
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   "test.empty_regions"() ({
// CHECK-NEXT:   }, {
// CHECK-NEXT:   ^bb0:
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT:   %0 = "test.attrs"() {a = "s", m = #map1, t = tensor<?xf32, #llh.encoding<shapes = @s0>>, z = 1 : i64} : () -> memref<2xf32, #map>
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: // {{-----}}
// CHECK-NEXT: module {
// CHECK-NEXT:   module @inner {
// CHECK-NEXT:     func.func @in_inner(%arg0: i32) -> i32 {
// CHECK-NEXT:       %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT:       return %c42_i32 : i32
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
