"""Writes the inputs of nesting-limit.mlir under the prefix argv[1]: nesting past the parser's
limit (`*.deep-*.mlir`) and just below it (`*.near-*.mlir`)."""

import sys


def regions(n: int) -> str:
    return '"t.r"() ({\n' * n + "}) : () -> ()\n" * n


def arrays(n: int) -> str:
    return '"t.a"() {v = ' + "[" * n + "]" * n + "} : () -> ()\n"


def tuples(n: int) -> str:
    return '"t.a"() : () -> ' + "tuple<" * n + "i32" + ">" * n + "\n"


def loops(n: int) -> str:
    heads = "".join(f"    scf.for %i{k} = %a to %a step %a {{\n" for k in range(n))
    return "func.func @f(%a: index) {\n" + heads + "    }\n" * n + "  return\n}\n"


CASES = {
    "deep-regions": regions(10_000),
    "deep-arrays": arrays(10_000),
    "deep-tuples": tuples(5_000),
    "deep-loops": loops(3_000),
    "near-regions": regions(495),
    "near-arrays": arrays(1_990),
    "near-tuples": tuples(990),
    "near-loops": loops(480),
}

for name, text in CASES.items():
    with open(f"{sys.argv[1]}.{name}.mlir", "w") as f:
        f.write(text)
