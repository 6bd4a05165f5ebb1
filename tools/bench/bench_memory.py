"""Memory of compiled ResNet-18: the static plan's peak workspace and the peak RSS of a run.

What lives here:

* the plan: ResNet-18 (``tools/gen_resnet18.py``, NCHW) lowered once; for each size, the peak
  workspace of ``plan-memory`` (its symbolic expression evaluated), the sum of all planned
  intermediates (what one allocation per temporary holds if nothing were freed) and the largest
  number of bytes live at once (a lower bound for any placement);
* the peak RSS of running it: each engine in a fresh process that loads the model, measures its
  resident set (``/proc/self/status`` VmRSS), runs ``--runs`` inferences per size and reports the
  high-water mark (``VmHWM``) and its growth over the loaded state: llh-opt with the plan (a
  shared library from ``--emit=obj`` loaded by ``llh_opt.runtime.load``), llh-opt without it
  (``--lower-to-llvm=plan-memory=false``), and torch eager (2 threads) on the same weights.

A Markdown table is printed; RESULTS.md is the bench helper's (copy the table there).

Usage: ``python tools/bench/bench_memory.py [--sizes 224,160] [--runs 2]``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(HERE))

import gen_resnet18  # noqa: E402

_CHILD = r"""
import json, sys
import numpy as np
sys.path.insert(0, {tools!r}); sys.path.insert(0, {bench!r})

def status():
    out = {{}}
    for line in open("/proc/self/status"):
        k, _, v = line.partition(":")
        if k in ("VmRSS", "VmHWM"):
            out[k] = int(v.split()[0]) * 1024
    return out

engine, target, sizes, runs = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), int(sys.argv[4])
if engine == "torch":
    import gen_resnet18, bench_lowering
    run = bench_lowering.torch_model(gen_resnet18.load_weights(target))
else:
    from llh_opt import runtime
    run = runtime.load(target).main
rng = np.random.default_rng(0)
xs = [rng.standard_normal((1, 3, s, s)).astype(np.float32) for s in sizes]
before = status()
for x in xs:
    for _ in range(runs):
        run(x)
after = status()
print(json.dumps({{"loaded": before["VmRSS"], "hwm_before": before["VmHWM"],
                  "hwm": after["VmHWM"]}}))
"""


def _mib(n: float) -> str:
    return f"{n / 2**20:.1f}"


def plan_numbers(model: Path, weights: Path, sizes: Sequence[int]) -> list[tuple[int, ...]]:
    from llh_opt.lowering.memory_plan import evaluate, plan_function
    from llh_opt.parser import parse_source
    from llh_opt.passes import PassManager

    m = parse_source(model.read_text())
    PassManager.parse(
        f"builtin.module(lower-to-llvm{{plan-memory=false weight-dir={weights}}})"
    ).run(m)
    main = next(
        op
        for op in m.regions[0].blocks[0].ops
        if op.name == "func.func" and op.properties["sym_name"].value == "main"
    )
    rows = []
    for s in sizes:
        p = plan_function(main, {"s0": 1, "s1": s})
        env = {sym: {"s0": 1, "s1": s}[str(sym)] for sym in p.leaves}
        events = []
        for b in p.buffers:
            n = evaluate(b.size, env)
            events += [(b.start, n), (b.end + 1, -n)]
        live = best = 0
        for _, d in sorted(events, key=lambda e: (e[0], e[1])):
            live += d
            best = max(best, live)
        rows.append(
            (s, evaluate(p.size_expr, env), evaluate(p.unplanned_expr(), env), best, len(p.buffers))
        )
    return rows


def _object(model: Path, out: Path, plan: bool) -> Path:
    opt = "--lower-to-llvm" if plan else "--lower-to-llvm=plan-memory=false"
    obj, so = out.with_suffix(".o"), out.with_suffix(".so")
    cli = "import sys; from llh_opt.cli import main; sys.argv[0] = 'llh-opt'; main()"
    cmd = [sys.executable, "-c", cli, str(model), opt, "--emit=obj", "-o", str(obj)]
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=model.parent)
    if r.returncode:
        raise SystemExit(r.stderr)
    subprocess.run(["cc", "-shared", str(obj), "-o", str(so), "-lm", "-lpthread"], check=True)
    return so


def _rss(engine: str, target: Path, sizes: Sequence[int], runs: int) -> dict[str, int]:
    code = _CHILD.format(tools=str(ROOT / "tools"), bench=str(HERE))
    r = subprocess.run(
        [sys.executable, "-c", code, engine, str(target), json.dumps(list(sizes)), str(runs)],
        capture_output=True,
        text=True,
    )
    if r.returncode:
        raise SystemExit(r.stderr)
    return json.loads(r.stdout.splitlines()[-1])


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="224,160")
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--no-torch", action="store_true")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        model = Path(gen_resnet18.write_resnet18(str(out), seed=0))
        print("| input | peak workspace MiB | sum of intermediates MiB | max live MiB | buffers |")
        print("|---|---|---|---|---|")
        for s, peak, total, live, n in plan_numbers(model, out, sizes):
            print(f"| 1x3x{s}x{s} | {_mib(peak)} | {_mib(total)} | {_mib(live)} | {n} |")
        print()
        engines = [
            ("llh-opt (plan)", "llh", _object(model, out / "planned", True)),
            ("llh-opt (no plan)", "llh", _object(model, out / "unplanned", False)),
        ]
        if not args.no_torch:
            engines.append(("torch eager", "torch", out))
        print(f"Peak RSS running sizes {sizes}, {args.runs} runs each (fresh process per engine):")
        print()
        print("| engine | RSS loaded MiB | peak RSS MiB | peak - loaded MiB |")
        print("|---|---|---|---|")
        for label, engine, target in engines:
            r = _rss(engine, target, sizes, args.runs)
            grow = r["hwm"] - r["loaded"]
            print(f"| {label} | {_mib(r['loaded'])} | {_mib(r['hwm'])} | {_mib(grow)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
