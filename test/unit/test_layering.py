"""The layering of the `llh_opt` packages: data flows one way, no package imports backwards.

Every module's imports are read with `ast`: `import` and `from ... import` statements anywhere in
the file (module level, inside functions, under `TYPE_CHECKING`) and every string literal that is
exactly the name of an `llh_opt` module -- how imports are deferred: `lazy_import("...")`,
`importlib.import_module("...")`, the pass registry's table of pass modules. A `from P import x`
names the module `P.x` when that is a module, else `P`. Each module belongs to one node of the
graph below (longest dotted prefix in `NODES`); the nodes are ordered in layers, lowest first:

 0. support          -- diagnostics, lazy imports, the LLVM regex, `--verify-diagnostics`,
                        the on-disk caches (`user_cache`, `regex_cache`)
 1. ir               -- `ir/` and `printer.py` (the textual form is part of the IR, as MLIR's
                        AsmPrinter is in lib/IR: `str(op)` and verifier notes print ops)
 2. rewrite          -- `rewrite/`: rewriter, greedy driver, DRR, folding support, region utils;
                        dialect-independent (dialects plug in through `Dialect` hooks)
 3. dialects         -- `dialects/<name>` for every dialect but LLH (builtin, func, arith, ...),
                        and `dialects/interfaces.py` (dialect-interface lookups)
    llh-attrs        -- `dialects/llh/attrs.py`: the LLH attributes and constant-symbol names
 4. symbolic         -- `symbolic/`: the symbol engine (reads `#llh.encoding` and relations)
 5. llh              -- the rest of `dialects/llh/`: ops, folds, patterns, shape rules, shape
                        inference and the infer-on-create `LLHPatternRewriter`
 6. dialect-registry -- `dialects/__init__.py`: loads every dialect
 7. parser, lowering -- text → IR (needs every dialect registered); LLH → loop-level IR
 8. passes
 9. codegen
10. runtime
11. cli              -- `cli.py` and the package's `__init__` (the Python API)
12. frontend         -- `frontend/`: importers of other frameworks' models (torch); nothing
                        below imports them (`import llh_opt` never imports torch)

The rule: a module may import modules of its own node, or of a node in a strictly lower layer;
two nodes of the same layer never import each other. This makes the node graph acyclic, which is
checked on its own too (a cycle is reported as such).

Why `dialects/llh/attrs.py` is a node of its own: the symbol engine reads and writes LLH
attributes (`#llh.encoding`, `#llh.symbol_relation`, the `c<N>` names of constant symbols), while
the LLH ops use the engine (shape inference, the infer-on-create rewriter, folds that keep a
symbol, symbol-aware canonicalization). With `dialects/llh` as one node that is a cycle; the
attributes depend on nothing above `ir`, so as their own node below `symbolic` it is not.

Importing a submodule runs its parent packages' `__init__` first; that is not an edge here (the
parents' own imports are). That it closes no cycle at run time is checked by importing the
modules below `cli` in fresh interpreters, each first.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import REPO_ROOT

ROOT = REPO_ROOT / "llh_opt"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("support",),
    ("ir",),
    ("rewrite",),
    ("dialects", "llh-attrs"),
    ("symbolic",),
    ("llh",),
    ("dialect-registry",),
    ("parser", "lowering"),
    ("passes",),
    ("codegen",),
    ("runtime",),
    ("cli",),
    ("frontend",),
)
RANK = {node: i for i, layer in enumerate(LAYERS) for node in layer}

NODES: dict[str, str] = {
    "llh_opt": "cli",
    "llh_opt.cli": "cli",
    "llh_opt.cli_options": "cli",
    "llh_opt.op_reference": "cli",
    "llh_opt.suggest": "support",
    "llh_opt.diagnostics": "support",
    "llh_opt.lazy": "support",
    "llh_opt.llvm_regex": "support",
    "llh_opt.regex_cache": "support",
    "llh_opt.user_cache": "support",
    "llh_opt.verify_diagnostics": "support",
    "llh_opt.ir": "ir",
    "llh_opt.printer": "ir",
    "llh_opt.rewrite": "rewrite",
    "llh_opt.dialects": "dialect-registry",
    "llh_opt.dialects.*": "dialects",
    "llh_opt.dialects.llh": "llh",
    "llh_opt.dialects.llh.attrs": "llh-attrs",
    "llh_opt.symbolic": "symbolic",
    "llh_opt.parser": "parser",
    "llh_opt.lowering": "lowering",
    "llh_opt.passes": "passes",
    "llh_opt.codegen": "codegen",
    "llh_opt.runtime": "runtime",
    "llh_opt.frontend": "frontend",
}
"""Module prefix → node; `P.*` matches the submodules of `P` (not `P` itself); `llh_opt` only
itself (the package `__init__`)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, Path] = {module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def node_of(module: str) -> str | None:
    """The node of `module`: its longest matching prefix in `NODES`."""
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        prefix = ".".join(parts[:n])
        if n < len(parts) and prefix + ".*" in NODES:
            return NODES[prefix + ".*"]
        if prefix in NODES and (n > 1 or n == len(parts)):
            return NODES[prefix]
    return None


def _resolve(name: str) -> str | None:
    """The `llh_opt` module `name` refers to (a module, or the module defining the name)."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str) -> list[tuple[str, int]]:
    """(imported llh_opt module, line) for every import of `module` (see the module docstring)."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(), str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend((a.name, node.lineno) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for a in node.names:
                full = f"{source}.{a.name}"
                names.append((full if full in MODULES else source, node.lineno))
        elif isinstance(node, ast.Constant) and node.value in MODULES:
            names.append((node.value, node.lineno))  # a deferred import by name
    out: dict[tuple[str, int], None] = {}
    for name, line in names:
        if name == "llh_opt" or name.startswith("llh_opt."):
            target = _resolve(name)
            if target is not None:
                out[target, line] = None
    return list(out)


def node_graph() -> dict[str, dict[str, list[str]]]:
    """node → imported node → the imports that make the edge (`module:line -> module`)."""
    graph: dict[str, dict[str, list[str]]] = {}
    for module in MODULES:
        a = node_of(module)
        assert a is not None
        for target, line in imports_of(module):
            b = node_of(target)
            assert b is not None
            if a != b:
                graph.setdefault(a, {}).setdefault(b, []).append(f"{module}:{line} -> {target}")
    return graph


def find_cycle(graph: dict[str, dict[str, list[str]]]) -> list[str] | None:
    """A cycle of `graph` as a node path (first node repeated at the end), or None."""
    state: dict[str, int] = {}  # 1 = on the stack, 2 = done
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, {})):
            if state.get(m) == 1:
                return stack[stack.index(m) :] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(graph):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


# --------------------------------------------------------------------------- the checker itself


def test_find_cycle_finds_cycles_and_only_cycles() -> None:
    assert find_cycle({"a": {"b": []}, "b": {"c": []}}) is None
    assert find_cycle({"a": {"b": []}, "b": {"c": []}, "c": {"a": []}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"a2": []}, "b": {"c": []}, "c": {"b": []}}) == ["b", "c", "b"]


def test_imports_are_read_at_every_level() -> None:
    """Function-level imports and module names in strings count (the ones that used to hide
    cycles)."""
    canon = dict(imports_of("llh_opt.dialects.llh.rewriter"))
    assert "llh_opt.symbolic" in canon  # imported inside `on_create`
    assert "llh_opt.rewrite.rewriter" in canon
    compute = dict(imports_of("llh_opt.dialects.llh.compute_ops"))
    assert "llh_opt.dialects.llh.shape_rules" in compute  # lazy_import("...")
    assert "llh_opt.dialects.llh" in dict(imports_of("llh_opt.dialects"))  # import_module
    assert "llh_opt.passes.cse" in dict(imports_of("llh_opt.passes"))  # the pass-module table


def test_node_of_uses_the_longest_prefix() -> None:
    assert node_of("llh_opt.dialects.llh.attrs") == "llh-attrs"
    assert node_of("llh_opt.dialects.llh.canonicalize") == "llh"
    assert node_of("llh_opt.dialects.arith") == "dialects"
    assert node_of("llh_opt.dialects") == "dialect-registry"
    assert node_of("llh_opt.printer") == "ir"
    assert node_of("llh_opt") == "cli"
    assert node_of("llh_opt.somewhere_new") is None


# --------------------------------------------------------------------------- the layering


def test_every_module_belongs_to_a_node() -> None:
    unknown = sorted(m for m in MODULES if node_of(m) is None)
    assert not unknown, f"classify these modules in NODES / LAYERS: {unknown}"
    assert set(NODES.values()) == set(RANK)


def test_package_graph_is_acyclic() -> None:
    graph = node_graph()
    cycle = find_cycle(graph)
    if cycle is not None:
        why = [f"{a} -> {b}: {graph[a][b][:3]}" for a, b in zip(cycle, cycle[1:])]
        pytest.fail("import cycle between packages:\n" + "\n".join(why))


def test_imports_only_go_down_the_layers() -> None:
    bad = []
    for a, targets in sorted(node_graph().items()):
        for b, why in sorted(targets.items()):
            if RANK[b] >= RANK[a]:
                bad.extend(f"{a} (layer {RANK[a]}) -> {b} (layer {RANK[b]}): {w}" for w in why)
    assert not bad, "imports against the data flow:\n" + "\n".join(bad)


def test_symbolic_uses_only_the_attributes_of_llh() -> None:
    """The symbol engine knows LLH's attributes, not its ops, rewriter or passes."""
    for module in MODULES:
        if node_of(module) != "symbolic":
            continue
        for target, line in imports_of(module):
            if target.startswith("llh_opt.dialects.llh"):
                assert target == "llh_opt.dialects.llh.attrs", f"{module}:{line} -> {target}"


def test_generic_rewriting_names_no_dialect() -> None:
    """`rewrite/` compares no op name or dialect namespace with a literal: dialects plug in through
    their `Dialect` hooks and op traits."""
    namespaces = ("llh", "arith", "index", "tensor", "func", "builtin")
    for module, path in MODULES.items():
        if node_of(module) != "rewrite":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                v = node.value
                named = v in namespaces or any(
                    v.startswith(ns + ".") and " " not in v for ns in namespaces
                )
                assert not named, f"{module}:{node.lineno} names {v!r}"


@pytest.mark.parametrize(
    "module",
    [
        "llh_opt.symbolic",
        "llh_opt.rewrite.greedy",
        "llh_opt.dialects.llh.attrs",
        "llh_opt.dialects.llh.shape_inference",
        "llh_opt.dialects.llh.rewriter",
        "llh_opt.passes",
    ],
)
def test_module_imports_first_in_a_fresh_interpreter(module: str) -> None:
    """No cycle at run time either (parent packages' `__init__` included): each of these imports
    cleanly as the first `llh_opt` module of a process."""
    r = subprocess.run(
        [sys.executable, "-c", f"import {module}"], capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0, r.stderr


ROUND_TRIP = """
import sys
import llh_opt
from llh_opt.ir.verifier import verify
from llh_opt.printer import print_operation

m = llh_opt.parse(sys.stdin.read())
verify(m)
print_operation(m)
loaded = [n for n in ("sympy.core", "numpy.core", "llh_opt.symbolic", "llh_opt.passes",
                      "llh_opt.dialects.llh.shape_inference") if n in sys.modules]
print(loaded)
"""


def test_a_round_trip_loads_no_symbol_engine() -> None:
    """Parsing, verifying and printing LLH (encodings, relations, folds declared) never executes
    sympy, numpy, the symbol engine or the passes: start-up stays fast (tools/bench)."""
    t = "tensor<?x4xf32, #llh.encoding<shapes = @s0, @c4>>"
    text = (
        '"llh.symbolic_int"() <{sym_name = "s0"}> : () -> ()\n'
        f"func.func @f(%a: {t}) -> {t} {{\n"
        f'  %r = "llh.relu"(%a) : ({t}) -> {t}\n'
        f"  return %r : {t}\n"
        "}\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", ROUND_TRIP], input=text, capture_output=True, text=True, timeout=120
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"
