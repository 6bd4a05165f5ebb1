func.func @f() {
  %0 = arith.constant 1 : i32
  return %0 : i32
}
