// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/ops_regions_blocks.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/ops_regions_blocks.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/ops_regions_blocks.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Regions, blocks, block arguments and successors in the generic form:
// block labels are renumbered ^bbN, predecessor comments are printed,
// entry-block labels appear only when needed (arguments or empty entry block),
// and values may be referenced before their definition across blocks.

"test.cfg"() ({
^bb0(%arg0: i64, %arg1: i1):
  "test.cond_br"(%arg1, %arg0)[^bb1, ^bb2] : (i1, i64) -> ()
^bb1(%x: i64):
  "test.br"(%x)[^bb3] : (i64) -> ()
^bb2:
  "test.br"()[^exit] : () -> ()
^exit:
  "test.return"(%arg0) : (i64) -> ()
^bb3(%y: i64, %z: f32):
  "test.loop"(%y)[^bb3, ^bb3] : (i64) -> ()
}) : () -> ()
"test.forward_refs"() ({
  "test.br"()[^later] : () -> ()
^mid:
  "test.use"(%v) : (i32) -> ()
  "test.term"() : () -> ()
^later:
  %v = "test.def"() : () -> i32
  "test.br"()[^mid] : () -> ()
}) : () -> ()
"test.empty"() ({ }) : () -> ()
"test.empty2"() ({}, {}) : () -> ()
"test.empty_block"() ({
^bb0:
}) : () -> ()
"test.multi"() ({
  "test.a"() : () -> ()
}, {
^bb0(%x: i32):
  "test.b"(%x) : (i32) -> ()
}, {
}) : () -> ()
"test.nested"() ({
  "test.l1"() ({
    "test.l2"() ({
      "test.l3"() ({
        "test.leaf"() : () -> ()
      }) : () -> ()
    }) : () -> ()
  }) : () -> ()
}) {attr = "after"} : () -> ()
%r = "test.with_result"() ({
  "test.yield"() : () -> ()
}) : () -> i32
"test.unreachable_blocks"() ({
  "test.a"() : () -> ()
^bb5:
  "test.b"() : () -> ()
^bb2(%q: i1):
  "test.c"() : () -> ()
}) : () -> ()
"test.entry_label_no_args"() ({
^entry:
  "test.a"() : () -> ()
}) : () -> ()
"test.all_parts"() ({
^bb0(%a: i32):
  "test.op"(%a)[^bb1] <{p = 1 : i32}> ({
    "test.in"() : () -> ()
  }) {b = [1.0, 2.5 : f32], a = 0.5} : (i32) -> ()
^bb1:
  "test.t"() : () -> ()
}) : () -> ()
"test.props"() <{}> : () -> ()
"test.props2"() <{b = 2, a = 1}> {} : () -> ()
"test.props3"() <{x}> {x} : () -> ()
"test.many_preds"() ({
  %c = "test.c"() : () -> i1
  "test.switch"(%c)[^bb1, ^bb2, ^bb1, ^bb3] : (i1) -> ()
^bb1:
  "test.br"()[^bb3] : () -> ()
^bb2:
  "test.br"()[^bb3] : () -> ()
^bb3:
  "test.ret"() : () -> ()
}) : () -> ()
"test.uses_outer"(%r) ({
^bb0(%inner: i32):
  "test.use"(%r, %inner) : (i32, i32) -> ()
}) : (i32) -> ()
