#map = affine_map<(d0) -> (d0 + 1)>
"builtin.module"() ({
  "test.a"() {m = #map} : () -> ()
}) : () -> ()

// -----
#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0) -> (d0 * 2)>
"builtin.module"() ({
  %0 = "test.b"() {m = #map1} : () -> memref<4xf32, #map>
}) : () -> ()

// -----
"builtin.module"() <{sym_name = "m"}> ({
^bb0:
}) : () -> ()

// -----
"builtin.module"() ({
  %0 = "test.c"() : () -> i32
  "test.d"(%0) : (i32) -> ()
}) : () -> ()

// -----
"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "g"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.constant"() <{value = 5 : i32}> : () -> i32
    %1 = "func.call"(%0) <{callee = @g}> : (i32) -> i32
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

