// Two functions separated by a custom split marker (driver-flags.mlir).
func.func @a() {
  return
}
// @@@
func.func @b() {
  return
}
