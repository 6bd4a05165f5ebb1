// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/types_complex_tuple_vector.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/types_complex_tuple_vector.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/types_complex_tuple_vector.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// complex, tuple and vector types (fixed, scalable and 0-d vectors).

"test.complex"() : () -> (complex<f32>, complex<f64>, complex<f16>, complex<bf16>, complex<i32>, complex<si8>)
"test.tuple"() : () -> (tuple<>, tuple<i32>, tuple<i32, f32>, tuple<i32, f32, tuple<index, none>>, tuple<complex<f16>, vector<4xf32>, tensor<?xf32>>, tuple<tuple<>>)
"test.vector"() : () -> (vector<4xf32>, vector<4x8xi32>, vector<1x2x3x4xindex>, vector<f32>, vector<2xi1>, vector<3xindex>)
"test.scalable"() : () -> (vector<[4]xf32>, vector<2x[4]xf32>, vector<[2]x[4]xi1>, vector<[1]xi8>, vector<4x[8]x2xf16>)
"test.nested_vector"() : () -> (tensor<4xvector<4xf32>>, memref<2xvector<[4]xi32>>, tuple<vector<[16]xi8>>)
"test.type_attrs"() {c = complex<f64>, t = tuple<i1, tuple<>>, v = vector<[4]xf32>, v0 = vector<i64>} : () -> ()
