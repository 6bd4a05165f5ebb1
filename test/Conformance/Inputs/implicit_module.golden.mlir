"builtin.module"() ({
  "test.a"() : () -> ()
  %0 = "test.b"() : () -> i32
}) : () -> ()

// -----
"builtin.module"() ({
^bb0:
}) : () -> ()

// -----
"builtin.module"() <{sym_name = "only"}> ({
  "test.x"() : () -> ()
}) {test.a = 1 : i32} : () -> ()

// -----
"builtin.module"() ({
  "builtin.module"() ({
  ^bb0:
  }) : () -> ()
  "builtin.module"() <{sym_name = "b"}> ({
    "test.x"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "builtin.module"() ({
  ^bb0:
  }) : () -> ()
  "test.after_module"() : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

// -----
"builtin.module"() ({
^bb0:
}) : () -> ()

// -----
"builtin.module"() ({
  "test.generic_module_body"() : () -> ()
}) : () -> ()

// -----
"builtin.module"() <{sym_name = "gen"}> ({
^bb0:
}) {test.attr} : () -> ()

// -----
"builtin.module"() ({
  "builtin.module"() <{sym_name = "inner"}> ({
    "test.deep"() : () -> ()
  }) : () -> ()
}) {test.x} : () -> ()

