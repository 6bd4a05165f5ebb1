"builtin.module"() ({
  %0:3 = "test.llh_types"() : () -> (!llh.x<...>, !llh.x<4, "a">, !llh.tensor<?x3xf32>)
  "test.llh_type_attr"() {t = !llh.x<...>} : () -> ()
}) : () -> ()

