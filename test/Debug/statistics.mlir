// `--mlir-pass-statistics`: the counters each pass declares (MLIR's
// `Statistic`), in mlir-opt's report format. SymbolDCE and CSE keep MLIR's
// counters (also checked on upstream mlir-opt when installed); the greedy
// pattern passes (Canonicalizer, the LLH clean-up passes) count rewrites,
// folds and dead ops erased.

// RUN: llh-opt %s --split-input-file --mlir-pass-statistics --pass-pipeline='builtin.module(symbol-dce,func.func(cse,canonicalize))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPE --match-full-lines --strict-whitespace

// PIPE:===-------------------------------------------------------------------------===
// PIPE-NEXT:                         ... Pass statistics report ...
// PIPE-NEXT:===-------------------------------------------------------------------------===
// PIPE-NEXT:SymbolDCE
// PIPE-NEXT:  (S) 2 num-dce'd - Number of symbols DCE'd
// PIPE-NEXT:'func.func' Pipeline
// PIPE-NEXT:  CSE
// PIPE-NEXT:    (S) 2 num-cse'd - Number of operations CSE'd
// PIPE-NEXT:    (S) 1 num-dce'd - Number of operations DCE'd
// PIPE-NEXT:  Canonicalizer
// PIPE-NEXT:    (S) 1 num-erased   - Number of trivially dead operations erased
// PIPE-NEXT:    (S) 1 num-folds    - Number of operations folded
// PIPE-NEXT:    (S) 0 num-rewrites - Number of pattern rewrites applied
// PIPE-EMPTY:

// The same layout from upstream mlir-opt (its CSE counts each eliminated op
// twice, so only SymbolDCE's counter is compared).
// RUN: %if mlir-opt %{ %mlir-opt %s --split-input-file --mlir-pass-statistics --pass-pipeline='builtin.module(symbol-dce,func.func(cse,canonicalize))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=UP --match-full-lines --strict-whitespace %}
// UP:===-------------------------------------------------------------------------===
// UP-NEXT:                         ... Pass statistics report ...
// UP-NEXT:===-------------------------------------------------------------------------===
// UP-NEXT:SymbolDCE
// UP-NEXT:  (S) 2 num-dce'd - Number of symbols DCE'd
// UP-NEXT:'func.func' Pipeline
// UP-NEXT:  CSE
// UP-NEXT:    (S) {{[0-9]}} num-cse'd - Number of operations CSE'd
// UP-NEXT:    (S) 1 num-dce'd - Number of operations DCE'd
// UP-NEXT:  Canonicalizer
// UP-EMPTY:

// The list display merges passes by name, sorted, and leaves out passes
// without statistics (Canonicalizer in mlir-opt).
// RUN: llh-opt %s --split-input-file --mlir-pass-statistics --mlir-pass-statistics-display=list --pass-pipeline='builtin.module(symbol-dce,func.func(cse),symbol-dce,func.func(cse))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=LIST --match-full-lines --strict-whitespace
// RUN: %if mlir-opt %{ %mlir-opt %s --split-input-file --mlir-pass-statistics --mlir-pass-statistics-display=list --pass-pipeline='builtin.module(symbol-dce,func.func(cse),symbol-dce,func.func(cse))' -o /dev/null 2>&1 | FileCheck %s --check-prefix=UP-LIST --match-full-lines --strict-whitespace %}

// LIST:===-------------------------------------------------------------------------===
// LIST-NEXT:                         ... Pass statistics report ...
// LIST-NEXT:===-------------------------------------------------------------------------===
// LIST-NEXT:  CSE
// LIST-NEXT:    (S) 2 num-cse'd - Number of operations CSE'd
// LIST-NEXT:    (S) 1 num-dce'd - Number of operations DCE'd
// LIST-NEXT:  SymbolDCE
// LIST-NEXT:    (S) 2 num-dce'd - Number of symbols DCE'd
// LIST-EMPTY:
// UP-LIST:===-------------------------------------------------------------------------===
// UP-LIST-NEXT:                         ... Pass statistics report ...
// UP-LIST-NEXT:===-------------------------------------------------------------------------===
// UP-LIST-NEXT:  CSE
// UP-LIST-NEXT:    (S) {{[0-9]}} num-cse'd - Number of operations CSE'd
// UP-LIST-NEXT:    (S) 1 num-dce'd - Number of operations DCE'd
// UP-LIST-NEXT:  SymbolDCE
// UP-LIST-NEXT:    (S) 2 num-dce'd - Number of symbols DCE'd
// UP-LIST-EMPTY:

// Counters are per run: with --split-input-file each chunk gets its report.
// RUN: llh-opt %s --split-input-file --mlir-pass-statistics --symbol-dce -o /dev/null 2>&1 | FileCheck %s --check-prefix=SPLIT
// SPLIT: (S) 2 num-dce'd - Number of symbols DCE'd
// SPLIT: (S) 0 num-dce'd - Number of symbols DCE'd

func.func private @dead1() {
  return
}
func.func private @dead2() {
  return
}
func.func @live(%a: i32) -> (i32, i32, i32) {
  %unused = arith.muli %a, %a : i32
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.addi %a, %a : i32
  %c0 = arith.constant 0 : i32
  %3 = arith.addi %2, %c0 : i32
  return %0, %1, %3 : i32, i32, i32
}

// -----

func.func @other() {
  return
}
