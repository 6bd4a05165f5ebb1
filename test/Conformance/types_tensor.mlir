// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/types_tensor.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/types_tensor.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/types_tensor.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Ranked and unranked tensors, with and without encodings.  An encoding may be
// a dialect attribute or any builtin attribute.

"test.ranked"() : () -> (tensor<f32>, tensor<4xf32>, tensor<?xf32>, tensor<?x3xf32>, tensor<2x?x?x4xi8>, tensor<0xf32>, tensor<1x0x?xi64>)
"test.elements"() : () -> (tensor<1x2xcomplex<f32>>, tensor<4xvector<4xf32>>, tensor<3x!test.elt>, tensor<2xindex>, tensor<8xi1>, tensor<2xbf16>)
"test.unranked"() : () -> (tensor<*xf32>, tensor<*xi1>, tensor<*xcomplex<f64>>, tensor<*x!test.elt>)
"test.encoded"() : () -> (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, tensor<?x?xf32, #llh.encoding<shapes = @s0, @s1>>, tensor<f32, #test.enc>)
"test.builtin_encodings"() : () -> (tensor<4xf32, "foo">, tensor<4xf32, 1 : i64>, tensor<4xf32, 7 : i8>, tensor<?xi32, {a = 1 : i64}>, tensor<4xf32, [1, 2]>, tensor<f32, @sym>, tensor<2xf32, #foo<"x">>, tensor<2xf32, unit>, tensor<2xf32, true>, tensor<2xf32, 1.5 : f32>, tensor<2xf32, i32>)
%0 = "test.src"() : () -> tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>
"test.sink"(%0) : (tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>) -> ()
"test.tensor_type_attrs"() {a = tensor<?x3xf32, #llh.encoding<shapes = @s0, @c3>>, b = tensor<*xf32>, c = tensor<4xf32, "foo">} : () -> ()
