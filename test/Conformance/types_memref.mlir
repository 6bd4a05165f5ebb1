// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/types_memref.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/types_memref.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/types_memref.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// memref types: ranked/unranked, memory spaces, strided and affine_map layouts.
// Identity layouts, offset 0 and memory space 0 are elided by the printer.

"test.plain"() : () -> (memref<4xf32>, memref<?x?xf32>, memref<f32>, memref<*xf32>, memref<0xi8>, memref<4x?xindex>)
"test.memory_space"() : () -> (memref<4xf32, 1>, memref<*xf32, 2>, memref<4xf32, 1 : i32>, memref<4xf32, 0>, memref<4xf32, 5 : i64>, memref<*xf32, 3 : i16>)
"test.strided"() : () -> (memref<4x4xf32, strided<[4, 1]>>, memref<?x?xf32, strided<[?, 1], offset: ?>>, memref<4xf32, strided<[1], offset: 4>>, memref<4x4xf32, strided<[?, ?], offset: 0>>, memref<4x4xf32, strided<[4, 1], offset: 0>, 3>, memref<f32, strided<[]>>, memref<f32, strided<[], offset: ?>>)
"test.affine_layout"() : () -> (memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<4x4xf32, affine_map<(d0, d1)[s0] -> (d0 * 4 + d1 + s0)>, 1>, memref<4xf32, affine_map<(d0) -> (d0)>>, memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>)
"test.memref_elements"() : () -> (memref<2xvector<4xf32>>, memref<2xcomplex<f32>>, memref<2xmemref<4xi8>>, memref<?xi1>)
"test.memref_type_attrs"() {a = memref<4xf32, 1>, b = memref<?x?xf32, strided<[?, 1], offset: ?>>, c = memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>} : () -> ()
