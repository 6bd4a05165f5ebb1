"builtin.module"() ({
  "test.strings"() {a = "", b = "hello", c = "with \22quotes\22", d = "back\\slash", e = "tab\09here", f = "nl\0Ax", g = "\00\01\1F\7F\FF", h = "h\C3\A9llo w\C3\B6rld \E2\9C\93 \E6\97\A5\E6\9C\AC", i = "ABc", j = "a'b"} : () -> ()
  "test.more_strings"() {a = "\22", b = "\\n", c = "\\", d = "}", e = "{\22k\22: [1, 2]}", f = "\0A\0D\09", g = "~!@#$%^&*()_+`-=", h = "\E2\82\AC"} : () -> ()
  "test.typed_strings"() {a = "x" : i32, b = "typed" : tensor<2xf32>, c = "", d = "s" : !test.str} : () -> ()
  "test.unit"() {u, v, w = [unit, unit], x = {y}} : () -> ()
  "test.bool"() {f = false, l = [true, false, true], t = true} : () -> ()
  "test.names"() {"0abc" = 6 : i32, Z = 8 : i32, _x = 3 : i32, "a\22q" = 7 : i32, a$b = 5 : i32, "a-b" = 2 : i32, a.b = 4 : i32, "quoted key" = 1 : i32, "\C3\BCber" = 9 : i32} : () -> ()
}) : () -> ()

