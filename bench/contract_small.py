#!/usr/bin/env python3
"""Per-call cost of tiny contractions: one einsum, tensordot or matmul of float64
operands of extent n = 2..32, in NumPy, in nd's Python package and through nd's C API
(bench/contract_bench.c). Each library runs in its own process, the processes alternate
for --rounds rounds and each case keeps its best time per call (calls are timed in loops
of about 20 us). NumPy's einsum is called with optimize=True, as in bench/contract.py.

    python bench/contract_small.py [--build build/release] [--rounds 3]
"""
import argparse
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SIZES = (2, 4, 8, 16, 24, 32)


def cases():
    """(name, kind, subscripts or axes, shapes): kind is einsum, tensordot or matmul."""
    out = []
    for n in SIZES:
        out.append(("einsum ij,jk->ik n=%d" % n, "einsum", "ij,jk->ik", [(n, n), (n, n)]))
        out.append(("einsum abc,cd->abd n=%d" % n, "einsum", "abc,cd->abd", [(n, n, n), (n, n)]))
        out.append(("tensordot [n,n,n].[n,n] n=%d" % n, "tensordot", 1, [(n, n, n), (n, n)]))
        out.append(("matmul [n,n]@[n,n] n=%d" % n, "matmul", None, [(n, n), (n, n)]))
    return out


def per_call(fn, budget):
    """Best time per call of fn(), timed in loops of about 20 us, for about `budget` s."""
    t0 = time.perf_counter()
    fn()
    first = time.perf_counter() - t0
    inner = max(1, int(20e-6 / max(first, 1e-8)))
    best, spent = float("inf"), 0.0
    while spent < budget:
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        dt = time.perf_counter() - t0
        best = min(best, dt / inner)
        spent += dt
    return best


def worker(lib, budget):
    import numpy as np
    xp = np
    if lib == "nd":
        import nd as xp
    rng = np.random.default_rng(7)
    res = {}
    for name, kind, arg, shapes in cases():
        ops = [xp.asarray(rng.uniform(-0.5, 0.5, s)) for s in shapes]
        if kind == "einsum":
            if lib == "numpy":
                fn = lambda: np.einsum(arg, *ops, optimize=True)
            else:
                fn = lambda: xp.einsum(arg, *ops)
        elif kind == "tensordot":
            fn = lambda: xp.tensordot(ops[0], ops[1], arg)
        else:
            fn = lambda: xp.matmul(ops[0], ops[1])
        res[name] = per_call(fn, budget)
    print(json.dumps(res))


def c_worker(build, budget):
    lines = []
    for name, kind, arg, shapes in cases():
        sh = ";".join("x".join(map(str, s)) for s in shapes)
        key = name.replace(" ", "_")
        if kind == "einsum":
            lines.append("einsum %s %s %s" % (key, arg, sh))
        elif kind == "tensordot":
            lines.append("tensordot %s %d %s" % (key, arg, sh))
        else:
            lines.append("matmul %s %s" % (key, sh))
    exe = os.path.join(build, "bench", "bench_contract")
    out = subprocess.run([exe, str(budget)], input="\n".join(lines) + "\n", capture_output=True,
                         text=True, check=True).stdout
    back = {name.replace(" ", "_"): name for name, *_ in cases()}
    return {back[k]: float(v) for k, v in (l.split("\t") for l in out.splitlines())}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--worker", choices=["numpy", "nd"])
    ap.add_argument("--build", default="build/release")
    ap.add_argument("--budget", type=float, default=0.05, help="seconds per case and round")
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args()
    if a.worker:
        worker(a.worker, a.budget)
        return
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.join(os.path.abspath(a.build), "python") + os.pathsep + env.get("PYTHONPATH", "")
    best = {"numpy": {}, "nd": {}, "nd C": {}}
    for _ in range(a.rounds):
        for lib in ("numpy", "nd", "nd C"):
            if lib == "nd C":
                r = c_worker(a.build, a.budget)
            else:
                out = subprocess.run([sys.executable, __file__, "--worker", lib, "--budget", str(a.budget)],
                                     env=env, capture_output=True, text=True, check=True).stdout
                r = json.loads(out)
            for k, v in r.items():
                best[lib][k] = min(v, best[lib].get(k, float("inf")))
    print("| call | NumPy us | nd us | nd C us | NumPy/nd | NumPy/nd C |")
    print("|---|---|---|---|---|---|")
    for name, *_ in cases():
        t = [best[l][name] * 1e6 for l in ("numpy", "nd", "nd C")]
        print("| %s | %.2f | %.2f | %.2f | %.2f | %.2f |" % (name, t[0], t[1], t[2], t[0] / t[1], t[0] / t[2]))


if __name__ == "__main__":
    main()
