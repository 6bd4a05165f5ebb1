// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %s > %t.llh
// RUN: diff %S/Inputs/attr_string_unit_bool.golden.mlir %t.llh
// RUN: llh-opt --allow-unregistered-dialect --mlir-print-op-generic %t.llh | diff %S/Inputs/attr_string_unit_bool.golden.mlir -
// RUN: %if torch-mlir-opt %{ %torch-mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s | diff %S/Inputs/attr_string_unit_bool.golden.mlir - %}
// (Inputs/*.golden.mlir hold torch-mlir-opt's output: test/Conformance/update_goldens.py)
//
// String attributes (escapes, non-ASCII bytes printed as \XX), typed strings,
// unit attributes and booleans, and attribute-name quoting in dictionaries.

"test.strings"() {a = "", b = "hello", c = "with \"quotes\"", d = "back\\slash", e = "tab\there", f = "nl\nx", g = "\00\01\1F\7F\FF", h = "héllo wörld ✓ 日本", i = "\41\42\63", j = "a'b"} : () -> ()
"test.more_strings"() {a = "\"", b = "\\n", c = "\\", d = "}", e = "{\"k\": [1, 2]}", f = "\0A\0D\09", g = "~!@#$%^&*()_+`-=", h = "\e2\82\ac"} : () -> ()
"test.typed_strings"() {a = "x" : i32, b = "typed" : tensor<2xf32>, c = "" : none, d = "s" : !test.str} : () -> ()
"test.unit"() {u, v = unit, w = [unit, unit], x = {y}} : () -> ()
"test.bool"() {t = true, f = false, l = [true, false, true]} : () -> ()
"test.names"() {"quoted key" = 1 : i32, "a-b" = 2 : i32, _x = 3 : i32, a.b = 4 : i32, a$b = 5 : i32, "0abc" = 6 : i32, "a\"q" = 7 : i32, Z = 8 : i32, "über" = 9 : i32} : () -> ()
