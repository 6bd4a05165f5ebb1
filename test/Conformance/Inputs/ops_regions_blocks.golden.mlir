"builtin.module"() ({
  "test.cfg"() ({
  ^bb0(%arg3: i64, %arg4: i1):
    "test.cond_br"(%arg4, %arg3)[^bb1, ^bb2] : (i1, i64) -> ()
  ^bb1(%4: i64):  // pred: ^bb0
    "test.br"(%4)[^bb4] : (i64) -> ()
  ^bb2:  // pred: ^bb0
    "test.br"()[^bb3] : () -> ()
  ^bb3:  // pred: ^bb2
    "test.return"(%arg3) : (i64) -> ()
  ^bb4(%5: i64, %6: f32):  // 3 preds: ^bb1, ^bb4, ^bb4
    "test.loop"(%5)[^bb4, ^bb4] : (i64) -> ()
  }) : () -> ()
  "test.forward_refs"() ({
    "test.br"()[^bb2] : () -> ()
  ^bb1:  // pred: ^bb2
    "test.use"(%3) : (i32) -> ()
    "test.term"() : () -> ()
  ^bb2:  // pred: ^bb0
    %3 = "test.def"() : () -> i32
    "test.br"()[^bb1] : () -> ()
  }) : () -> ()
  "test.empty"() ({
  }) : () -> ()
  "test.empty2"() ({
  }, {
  }) : () -> ()
  "test.empty_block"() ({
  ^bb0:
  }) : () -> ()
  "test.multi"() ({
    "test.a"() : () -> ()
  }, {
  ^bb0(%arg2: i32):
    "test.b"(%arg2) : (i32) -> ()
  }, {
  }) : () -> ()
  "test.nested"() ({
    "test.l1"() ({
      "test.l2"() ({
        "test.l3"() ({
          "test.leaf"() : () -> ()
        }) : () -> ()
      }) : () -> ()
    }) : () -> ()
  }) {attr = "after"} : () -> ()
  %0 = "test.with_result"() ({
    "test.yield"() : () -> ()
  }) : () -> i32
  "test.unreachable_blocks"() ({
    "test.a"() : () -> ()
  ^bb1:  // no predecessors
    "test.b"() : () -> ()
  ^bb2(%2: i1):  // no predecessors
    "test.c"() : () -> ()
  }) : () -> ()
  "test.entry_label_no_args"() ({
    "test.a"() : () -> ()
  }) : () -> ()
  "test.all_parts"() ({
  ^bb0(%arg1: i32):
    "test.op"(%arg1)[^bb1] <{p = 1 : i32}> ({
      "test.in"() : () -> ()
    }) {a = 5.000000e-01 : f64, b = [1.000000e+00, 2.500000e+00 : f32]} : (i32) -> ()
  ^bb1:  // pred: ^bb0
    "test.t"() : () -> ()
  }) : () -> ()
  "test.props"() <{}> : () -> ()
  "test.props2"() <{a = 1 : i64, b = 2 : i64}> : () -> ()
  "test.props3"() <{x}> {x} : () -> ()
  "test.many_preds"() ({
    %1 = "test.c"() : () -> i1
    "test.switch"(%1)[^bb1, ^bb2, ^bb1, ^bb3] : (i1) -> ()
  ^bb1:  // 2 preds: ^bb0, ^bb0
    "test.br"()[^bb3] : () -> ()
  ^bb2:  // pred: ^bb0
    "test.br"()[^bb3] : () -> ()
  ^bb3:  // 3 preds: ^bb0, ^bb1, ^bb2
    "test.ret"() : () -> ()
  }) : () -> ()
  "test.uses_outer"(%0) ({
  ^bb0(%arg0: i32):
    "test.use"(%0, %arg0) : (i32, i32) -> ()
  }) : (i32) -> ()
}) : () -> ()

