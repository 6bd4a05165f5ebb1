"builtin.module"() ({
  %0:9 = "test.int_types"() : () -> (i1, i8, i16, i32, i64, i128, i0, i17, i1024)
  %1:12 = "test.signed_types"() : () -> (si1, si8, si16, si32, si64, ui1, ui8, ui16, ui32, ui64, si7, ui3)
  %2:3 = "test.misc_types"() : () -> (index, none, index)
  %3:7 = "test.float_types"() : () -> (f16, bf16, f32, f64, tf32, f80, f128)
  %4 = "test.single"() : () -> i32
  %5 = "test.single_paren"() : () -> f32
  "test.operand_types"(%4, %5) : (i32, f32) -> ()
  "test.type_attrs"() {a = i1, b = si8, c = ui16, d = index, e = none, f = f16, g = bf16, h = f64, i = [i32, f32, index]} : () -> ()
}) : () -> ()

