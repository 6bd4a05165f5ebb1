// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/ops_value_numbering.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/ops_value_numbering.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/ops_value_numbering.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// SSA value numbering in the generic form (--mlir-print-op-generic implies
// unique SSA ids): names are unique across the whole module.  Regions are
// numbered from a stack: a region's own ops first, then the regions nested in
// its ops, the *last* one first.  Entry-block arguments use a separate %argN
// counter that follows the same traversal.

%top = "test.top"() : () -> i32
"test.r1"() ({
  %a = "test.a"() : () -> i32
  "test.r1inner"() ({
    %aa = "test.aa"() : () -> i32
  }) : () -> ()
  %a2 = "test.a2"() : () -> i32
}) : () -> ()
"test.r2"() ({
  %b = "test.b"() : () -> i32
}, {
  %c = "test.c"() : () -> i32
}) : () -> ()
func.func @f(%x: i32) -> i32 {
  %fa = "test.fa"(%x) : (i32) -> i32
  "test.fr"() ({
  ^bb0(%y: i32):
    %fb = "test.fb"(%y) : (i32) -> i32
  }) : () -> ()
  return %fa : i32
}
func.func @g(%x: i32, %x2: i32) -> i32 {
  %ga = "test.ga"(%x, %x2) : (i32, i32) -> i32
  return %ga : i32
}
"test.r3"() ({
^bb0(%z: i32):
  %d = "test.d"() : () -> i32
^bb1(%w: i32, %w2: i32):
  %e = "test.e"(%w) : (i32) -> i32
}) : () -> ()
module {
  %m = "test.m"() : () -> i32
  "test.mr"() ({
  ^bb0(%v: i32):
    %n = "test.n"() : () -> i32
  }) : () -> ()
}
%top2 = "test.top2"() : () -> i32
