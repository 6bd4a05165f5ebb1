// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/ops_locations.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/ops_locations.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/ops_locations.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// Trailing locations of every form (and location aliases, defined before or
// after use) are parsed but not printed without --mlir-print-debuginfo.

#loc = loc("aliased.mlir":10:20)
#loc1 = loc("callee")
"test.a"() : () -> () loc(unknown)
"test.b"() : () -> () loc("f.mlir":1:2)
"test.c"() : () -> () loc("name")
"test.d"() : () -> () loc("name"("f.mlir":3:4))
"test.e"() : () -> () loc(callsite("callee" at "caller.mlir":5:6))
"test.f"() : () -> () loc(fused["a.mlir":1:1, "b.mlir":2:2])
"test.g"() : () -> () loc(fused<"meta">["a.mlir":1:1, unknown])
"test.h"() : () -> () loc(#loc)
"test.i"() : () -> () loc(callsite(#loc1 at #loc))
%0 = "test.j"() ({
^bb0(%arg0: i32 loc("arg.mlir":7:8), %arg1: f32 loc(unknown)):
  "test.k"() : () -> () loc("inner")
}) : () -> i32 loc("f.mlir":9:9)
"test.l"() : () -> () loc("f.mlir":1:2 to 3:4)
"test.m"() : () -> () loc("f.mlir":1:2 to :5)
"test.n"() : () -> () loc(fused[])
"test.o"() : () -> () loc(#later)
"test.p"() : () -> () loc(fused[#loc, "x"(#loc1)])
"test.q"() {a = 1 : i32} : () -> () loc(callsite(callsite("a" at "b":1:1) at fused["c":2:2]))
"test.r"() : () -> () loc("with \"quote\"":1:1)
func.func @f(%a: i32 loc("farg":1:1)) -> i32 {
  return %a : i32 loc("ret")
} loc("func")
#later = loc("defined after use":100:1)
