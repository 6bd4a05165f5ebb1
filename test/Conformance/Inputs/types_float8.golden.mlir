"builtin.module"() ({
  %0:7 = "test.f8"() : () -> (f8E4M3FN, f8E5M2, f8E4M3FNUZ, f8E5M2FNUZ, f8E4M3B11FNUZ, f8E4M3, f8E3M4)
  %1:4 = "test.f6_f4"() : () -> (f4E2M1FN, f6E2M3FN, f6E3M2FN, f8E8M0FNU)
  %2:3 = "test.f8_in_shaped"() : () -> (tensor<4xf8E4M3FN>, vector<2xf8E5M2>, memref<8xf8E4M3FNUZ>)
  "test.f8_type_attr"() {t = f8E5M2} : () -> ()
}) : () -> ()

