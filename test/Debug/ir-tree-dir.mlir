// `--mlir-print-ir-tree-dir`: each dump goes to its own file under the
// directory, one directory level per ancestor op (`<op name>_<symbol>`), named
// `<dump counts of the ancestors>_<pass argument>.mlir`, as mlir-opt writes it.

// RUN: rm -rf %t && llh-opt %s --mlir-print-ir-after-all --mlir-print-ir-before=cse --mlir-print-ir-tree-dir=%t --pass-pipeline='builtin.module(symbol-dce,func.func(canonicalize,cse))' | FileCheck %s --check-prefix=OUT
// RUN: cat %t/builtin_module_no-symbol-name/0_symbol-dce.mlir | FileCheck %s --check-prefix=DCE
// RUN: cat %t/builtin_module_no-symbol-name/func_func_live/0_0_canonicalize.mlir | FileCheck %s --check-prefix=CANON
// RUN: cat %t/builtin_module_no-symbol-name/func_func_live/0_1_cse.mlir | FileCheck %s --check-prefix=BEFORE-CSE
// RUN: cat %t/builtin_module_no-symbol-name/func_func_live/0_2_cse.mlir | FileCheck %s --check-prefix=AFTER-CSE
// RUN: %if mlir-opt %{ rm -rf %t.ref && %mlir-opt %s --mlir-print-ir-after-all --mlir-print-ir-before=cse --mlir-print-ir-tree-dir=%t.ref --pass-pipeline='builtin.module(symbol-dce,func.func(canonicalize,cse))' -o /dev/null && diff -r %t %t.ref %}

// Nothing goes to stderr or stdout besides the output module.
// OUT:      module {
// OUT-NOT:  IR Dump

// DCE:      // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// DCE-NEXT: module {
// DCE-NOT:  @dead

// CANON:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CANON-NEXT: func.func @live(%arg0: i32) -> i32 {
// CANON-NEXT:   %0 = arith.addi %arg0, %arg0 : i32

// BEFORE-CSE: // -----// IR Dump Before CSE (cse) //----- //
// AFTER-CSE:  // -----// IR Dump After CSE (cse) //----- //

func.func private @dead() {
  return
}
func.func @live(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %0 = arith.addi %a, %c0 : i32
  %1 = arith.addi %0, %0 : i32
  return %1 : i32
}
