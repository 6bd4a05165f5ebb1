// REQUIRES: torch-mlir-opt
// RUN: %torch-mlir-opt --allow-unregistered-dialect --inline="default-pipeline=" --mlir-print-op-generic --mlir-print-debuginfo %S/inline.mlir > %t.ref
// RUN: llh-opt --allow-unregistered-dialect --inline="default-pipeline=" --mlir-print-op-generic --mlir-print-debuginfo %S/inline.mlir > %t.llh
// RUN: diff %t.ref %t.llh
// RUN: %torch-mlir-opt --allow-unregistered-dialect --inline="default-pipeline=cse" --mlir-print-op-generic %S/inline.mlir > %t.ref.cse
// RUN: llh-opt --allow-unregistered-dialect --inline="default-pipeline=cse" --mlir-print-op-generic %S/inline.mlir > %t.llh.cse
// RUN: diff %t.ref.cse %t.llh.cse
// RUN: %torch-mlir-opt --allow-unregistered-dialect --inline="default-pipeline= inlining-threshold=100" --mlir-print-op-generic %S/inline.mlir > %t.ref.th
// RUN: llh-opt --allow-unregistered-dialect --inline="default-pipeline= inlining-threshold=100" --mlir-print-op-generic %S/inline.mlir > %t.llh.th
// RUN: diff %t.ref.th %t.llh.th
// RUN: %torch-mlir-opt --allow-unregistered-dialect --inline="default-pipeline= inlining-threshold=0" --mlir-print-op-generic %S/inline.mlir > %t.ref.th0
// RUN: llh-opt --allow-unregistered-dialect --inline="default-pipeline= inlining-threshold=0" --mlir-print-op-generic %S/inline.mlir > %t.llh.th0
// RUN: diff %t.ref.th0 %t.llh.th0
// RUN: %torch-mlir-opt --inline="default-pipeline= max-iterations=1" --mlir-print-op-generic %s > %t.ref.it1
// RUN: llh-opt --inline="default-pipeline= max-iterations=1" --mlir-print-op-generic %s > %t.llh.it1
// RUN: diff %t.ref.it1 %t.llh.it1
// RUN: %torch-mlir-opt --inline="default-pipeline= max-iterations=3" --mlir-print-op-generic --mlir-print-debuginfo %s > %t.ref.it3
// RUN: llh-opt --inline="default-pipeline= max-iterations=3" --mlir-print-op-generic --mlir-print-debuginfo %s > %t.llh.it3
// RUN: diff %t.ref.it3 %t.llh.it3
// RUN: %torch-mlir-opt --inline="default-pipeline=cse" --mlir-print-op-generic %s > %t.ref.it4
// RUN: llh-opt --inline="default-pipeline=cse" --mlir-print-op-generic %s > %t.llh.it4
// RUN: diff %t.ref.it4 %t.llh.it4
// RUN: %torch-mlir-opt --allow-unregistered-dialect --inline --mlir-print-op-generic %S/inline-default-pipeline.mlir > %t.ref.def
// RUN: llh-opt --allow-unregistered-dialect --inline --mlir-print-op-generic %S/inline-default-pipeline.mlir > %t.llh.def
// RUN: diff %t.ref.def %t.llh.def

// llh-opt's inliner gives exactly torch-mlir-opt's output (generic form, so that
// `cf` ops print alike; with locations) on inline.mlir and, below, on a
// recursive SCC whose result depends on `max-iterations`: the bottom-up SCC
// order, the inline history that stops cycles, the use counts that decide
// between cloning and moving a callee, and the erasure of dead private
// functions all have to agree.

func.func @a(%v: i32, %c: i1) -> i32 {
  %0 = arith.addi %v, %v : i32
  %1 = call @b(%0, %c) : (i32, i1) -> i32
  return %1 : i32
}
func.func @b(%v: i32, %c: i1) -> i32 {
  %0 = arith.muli %v, %v : i32
  %1 = call @c(%0, %c) : (i32, i1) -> i32
  return %1 : i32
}
func.func @c(%v: i32, %c: i1) -> i32 {
  %0 = arith.subi %v, %v : i32
  %1 = call @a(%0, %c) : (i32, i1) -> i32
  %2 = call @d(%1) : (i32) -> i32
  return %2 : i32
}
func.func private @d(%v: i32) -> i32 {
  %0 = arith.xori %v, %v : i32
  return %0 : i32
}
func.func @main(%v: i32, %c: i1) -> (i32, i32) {
  %0 = call @a(%v, %c) : (i32, i1) -> i32
  %1 = call @c(%v, %c) : (i32, i1) -> i32
  return %0, %1 : i32, i32
}
