"""Writes the inputs of huge-literals.mlir: `<out>.errors.mlir` (one case per `// -----`, with
the expected diagnostics) and `<out>.ok.mlir` (huge literals that are in range)."""

import sys

BIG = "9" * 100_000  # far past Python's 4300-digit str->int limit
MID = "9" * 5_000  # past that limit, still fits an i20000

CASES = [
    ("integer constant out of range for attribute", f'"t.a"() {{v = {BIG} : i64}} : () -> ()'),
    ("integer constant out of range for attribute", f'"t.a"() {{v = {BIG}}} : () -> ()'),
    ("integer constant out of range for attribute", f'"t.a"() {{v = -{BIG} : si64}} : () -> ()'),
    ("integer constant out of range for attribute", f'"t.a"() {{v = {BIG} : index}} : () -> ()'),
    (
        "integer constant out of range for attribute",
        f'"t.a"() {{v = 0x{"F" * 100_000} : i64}} : () -> ()',
    ),
    (
        "integer constant out of range for type",
        f'"t.a"() {{v = dense<{BIG}> : tensor<2xi32>}} : () -> ()',
    ),
    ("invalid dimension", f'"t.a"() : () -> tensor<{BIG}xf32>'),
    ("invalid dimension", f'"t.a"() : () -> memref<4x{BIG}xf32>'),
    ("invalid dimension", '"t.a"() : () -> tensor<99999999999999999999xf32>'),
    ("invalid dimension", '"t.a"() : () -> tensor<4x9223372036854775808xf32>'),
    (
        "constant too large for index",
        f'"t.a"() {{v = affine_map<(d0) -> (d0 + {BIG})>}} : () -> ()',
    ),
    ("expected named operation to have at least 1 result", f'%0:{BIG} = "t.a"() : () -> ()'),
    ("expected named operation to have at least 1 result", '%0:0 = "t.a"() : () -> ()'),
    (
        "expected named operation to have at least 1 result",
        '%0:2, %1:0 = "t.a"() : () -> (i32, i32)',
    ),
]


def main() -> None:
    out = sys.argv[1]
    parts = [f"// expected-error@+1 {{{{{msg}}}}}\n{line}\n" for msg, line in CASES]
    with open(out + ".errors.mlir", "w") as f:
        f.write("\n// -----\n\n".join(parts))
    with open(out + ".ok.mlir", "w") as f:
        f.write(f'"t.a"() {{v = {MID} : i20000, w = -{MID} : si20000}} : () -> ()\n')
        f.write('"t.a"() : () -> tensor<9223372036854775807xf32>\n')


main()
