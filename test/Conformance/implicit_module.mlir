// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic --split-input-file %s > %t.llh
// RUN: diff %S/Inputs/implicit_module.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic --split-input-file %t.llh | diff %S/Inputs/implicit_module.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic --split-input-file %s | diff %S/Inputs/implicit_module.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Top-level handling: a single top-level builtin.module is used as is; anything
// else (other ops, several modules, nothing at all) is wrapped in an implicit
// module.  An empty module body prints as a block label `^bb0:`.

"test.a"() : () -> ()
%0 = "test.b"() : () -> i32

// -----

module {
}

// -----

module @only attributes {test.a = 1 : i32} {
  "test.x"() : () -> ()
}

// -----

module {
}
module @b {
  "test.x"() : () -> ()
}

// -----

module {
}
"test.after_module"() : () -> ()

// -----

func.func @f() {
  return
}

// -----

// Only a comment.

// -----

"builtin.module"() ({
  "test.generic_module_body"() : () -> ()
}) : () -> ()

// -----

"builtin.module"() <{sym_name = "gen"}> ({
^bb0:
}) {test.attr} : () -> ()

// -----

module attributes {test.x} {
  module @inner {
    "test.deep"() : () -> ()
  }
}
