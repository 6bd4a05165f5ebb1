// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/ops_results.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/ops_results.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/ops_results.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Operations with zero, one and many results; result groups (`%a, %b:2 = ...`)
// collapse into a single `%N:K` name; uses of multi-result values print as %N#i.

"test.noresult"() : () -> ()
%a = "test.one"() : () -> i32
%b, %c = "test.two"() : () -> (i32, f32)
%d:3 = "test.three"() : () -> (i1, i2, i3)
%e, %f:2, %g = "test.mixed"() : () -> (i8, i16, i16, i32)
"test.use"(%a, %b, %c, %d#0, %d#1, %d#2, %e, %f#0, %f#1, %g) : (i32, i32, f32, i1, i2, i3, i8, i16, i16, i32) -> ()
%h = "test.use2"(%d#2, %d#2, %a) {attr = 1 : i32} : (i3, i3, i32) -> tensor<?xf32>
%0 = "test.numbered"() : () -> index
%42 = "test.numbered"(%0) : (index) -> index
%x.y = "test.dotted"(%42) : (index) -> index
%x-y = "test.dash"(%x.y) : (index) -> index
%_ = "test.under"(%x-y) : (index) -> index
%$ = "test.dollar"(%_) : (index) -> index
%many:12 = "test.many"() : () -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1)
"test.use_many"(%many#11, %many#0, %many#10) : (i1, i1, i1) -> ()
%single:1 = "test.single_group"() : () -> f64
"test.use_single"(%single#0, %single) : (f64, f64) -> ()
%t = "test.tuple_result"() : () -> tuple<i32, f32>
%fn = "test.func_result"() : () -> ((i32) -> i32)
"test.use_fn"(%t, %fn) : (tuple<i32, f32>, (i32) -> i32) -> ()
