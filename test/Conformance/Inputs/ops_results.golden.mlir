"builtin.module"() ({
  "test.noresult"() : () -> ()
  %0 = "test.one"() : () -> i32
  %1:2 = "test.two"() : () -> (i32, f32)
  %2:3 = "test.three"() : () -> (i1, i2, i3)
  %3:4 = "test.mixed"() : () -> (i8, i16, i16, i32)
  "test.use"(%0, %1#0, %1#1, %2#0, %2#1, %2#2, %3#0, %3#1, %3#2, %3#3) : (i32, i32, f32, i1, i2, i3, i8, i16, i16, i32) -> ()
  %4 = "test.use2"(%2#2, %2#2, %0) {attr = 1 : i32} : (i3, i3, i32) -> tensor<?xf32>
  %5 = "test.numbered"() : () -> index
  %6 = "test.numbered"(%5) : (index) -> index
  %7 = "test.dotted"(%6) : (index) -> index
  %8 = "test.dash"(%7) : (index) -> index
  %9 = "test.under"(%8) : (index) -> index
  %10 = "test.dollar"(%9) : (index) -> index
  %11:12 = "test.many"() : () -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1)
  "test.use_many"(%11#11, %11#0, %11#10) : (i1, i1, i1) -> ()
  %12 = "test.single_group"() : () -> f64
  "test.use_single"(%12, %12) : (f64, f64) -> ()
  %13 = "test.tuple_result"() : () -> tuple<i32, f32>
  %14 = "test.func_result"() : () -> ((i32) -> i32)
  "test.use_fn"(%13, %14) : (tuple<i32, f32>, (i32) -> i32) -> ()
}) : () -> ()

