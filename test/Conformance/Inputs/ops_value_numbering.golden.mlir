"builtin.module"() ({
  %0 = "test.top"() : () -> i32
  "test.r1"() ({
    %13 = "test.a"() : () -> i32
    "test.r1inner"() ({
      %15 = "test.aa"() : () -> i32
    }) : () -> ()
    %14 = "test.a2"() : () -> i32
  }) : () -> ()
  "test.r2"() ({
    %12 = "test.b"() : () -> i32
  }, {
    %11 = "test.c"() : () -> i32
  }) : () -> ()
  "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg4: i32):
    %9 = "test.fa"(%arg4) : (i32) -> i32
    "test.fr"() ({
    ^bb0(%arg5: i32):
      %10 = "test.fb"(%arg5) : (i32) -> i32
    }) : () -> ()
    "func.return"(%9) : (i32) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "g"}> ({
  ^bb0(%arg2: i32, %arg3: i32):
    %8 = "test.ga"(%arg2, %arg3) : (i32, i32) -> i32
    "func.return"(%8) : (i32) -> ()
  }) : () -> ()
  "test.r3"() ({
  ^bb0(%arg1: i32):
    %4 = "test.d"() : () -> i32
  ^bb1(%5: i32, %6: i32):  // no predecessors
    %7 = "test.e"(%5) : (i32) -> i32
  }) : () -> ()
  "builtin.module"() ({
    %2 = "test.m"() : () -> i32
    "test.mr"() ({
    ^bb0(%arg0: i32):
      %3 = "test.n"() : () -> i32
    }) : () -> ()
  }) : () -> ()
  %1 = "test.top2"() : () -> i32
}) : () -> ()

