"builtin.module"() ({
  "test.a"() : () -> ()
  "test.b"() : () -> ()
  "test.c"() : () -> ()
  "test.d"() : () -> ()
  "test.e"() : () -> ()
  "test.f"() : () -> ()
  "test.g"() : () -> ()
  "test.h"() : () -> ()
  "test.i"() : () -> ()
  %0 = "test.j"() ({
  ^bb0(%arg1: i32, %arg2: f32):
    "test.k"() : () -> ()
  }) : () -> i32
  "test.l"() : () -> ()
  "test.m"() : () -> ()
  "test.n"() : () -> ()
  "test.o"() : () -> ()
  "test.p"() : () -> ()
  "test.q"() {a = 1 : i32} : () -> ()
  "test.r"() : () -> ()
  "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    "func.return"(%arg0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

