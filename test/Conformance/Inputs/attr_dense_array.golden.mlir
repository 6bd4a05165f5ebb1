"builtin.module"() ({
  "test.ints"() {a = array<i64: 1, 2, 3>, b = array<i64>, c = array<i32>, d = array<i32: -1, 0, 2147483647>, h = array<i8: 127, -128>, i = array<i16: 300, -300>, k = array<i64: -9223372036854775808, 9223372036854775807>, l = array<i8: -1>} : () -> ()
  "test.bools"() {g = array<i1: true, false>, j = array<i1>, m = array<i1: false>, n = array<i1: true, true, false, true>} : () -> ()
  "test.floats"() {e = array<f32: 1.000000e+00, 1.000000e-01, -2.500000e+00>, f = array<f64: 1.000000e-01, 1.000000e+10>, o = array<f32>, p = array<f64>, q = array<f32: 0x7FC00000>, r = array<f64: 3.14159265358979, 0.30000000000000004>, s = array<f32: 9.99999904, 0x4B3C614E>} : () -> ()
  "test.nested"() {a = [array<i64: 1>, array<i32>], b = {x = array<i1: true>}} : () -> ()
}) : () -> ()

