#!/usr/bin/env python3
"""`make bench-contract`: the contraction benchmark (cases in bench/contract_cases.py).

Each library runs in its own process (NumPy's and nd's OpenBLAS threads spin for a while
after each call, and spinning threads of one library would slow the other), the processes
alternate for --rounds rounds, and each case keeps its best time. Columns:

- NumPy: `numpy.einsum(..., optimize=True)` or `numpy.tensordot`, as the case is written;
- nd: the same code with `xp = nd` (the Python package);
- nd C: the case's einsum through nd's C API (bench/contract_bench.c), where the case is one
  einsum call;
- limit: the matrix products the contraction maps to, timed on operands already laid out
  for them ([B, M, K] @ [B, K, N], contiguous: the best of one cblas_dgemm per batch
  element and nd_matmul), plus, for a step whose operands no matrix-product mapping can
  read in place, the copy of the operand that must be permuted at the STREAM copy
  bandwidth. The steps are those of the pairwise path with the fewest flops among NumPy's
  (optimal, greedy) and nd's. Elementwise work (the additions and divisions of the CCSD
  update) is not in the limit.
- GFLOP: 2 B M N K summed over those steps; nd GFLOP/s = that / nd's time; of limit =
  limit / nd time (1.0 means at the limit; the target is at least 0.8); NumPy/nd above 1
  means nd is faster.

Results are checked: every case's result (a checksum of it) must agree between NumPy and
nd. The table goes to stdout and to bench/contract_results.md."""
import argparse
import json
import math
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


# ---- the worker: one library, times the cases --------------------------------------------

def checksum(r):
    import numpy as np
    parts = r if isinstance(r, tuple) else (r,)
    s = []
    for p in parts:
        a = np.asarray(p, dtype=float)
        s += [float(a.sum()), float(np.abs(a).sum())]
    return s


def agree(a, b):
    """Checksums (sum, sum of magnitudes per array) equal to rounding: each sum within
    1e-9 of the magnitudes' sum."""
    if len(a) != len(b):
        return False
    for i in range(0, len(a), 2):
        scale = max(abs(a[i + 1]), 1e-300)
        if abs(a[i] - b[i]) > 1e-9 * scale or abs(a[i + 1] - b[i + 1]) > 1e-9 * scale:
            return False
    return True


def numpy_gives_up(subscripts, shapes):
    """Whether NumPy's einsum(optimize=True) ends its path with one step over more than two
    operands (its greedy search keeps intermediates below the largest operand and stops
    where it cannot): that step runs as one nested loop over every label."""
    import numpy as np
    path = np.einsum_path(subscripts, *[np.empty(s) for s in shapes], optimize=True)[0]
    return any(len(p) > 2 for p in path[1:])


def worker(lib, names, budget):
    import numpy as np
    import contract_cases as cc
    if lib == "nd":
        import nd as xp
    else:
        xp = np

    def convert(v):
        if isinstance(v, dict):
            return {k: convert(x) for k, x in v.items()}
        if isinstance(v, list):
            return [convert(x) for x in v]
        return xp.asarray(v)

    for name in names:
        case = cc.BY_NAME[name]
        data = convert(case.make())
        if lib == "numpy" and case.spec and numpy_gives_up(*case.spec):
            # checked against NumPy on nd's path instead; not timed
            import nd
            path = nd.einsum_path(case.spec[0], *[nd.empty(s) for s in case.spec[1]])[0]
            sums = checksum(np.einsum(case.spec[0], *data, optimize=path))
            print(json.dumps({"name": name, "time": None, "sum": sums}), flush=True)
            continue
        # every call is timed, the first (page faults, plans) too: at least two calls, then
        # more until the budget is spent
        best, spent, reps, sums = math.inf, 0.0, 0, None
        while (reps < 2 or spent < budget) and reps < 1000:
            t0 = time.perf_counter()
            r = case.run(xp, data)
            dt = time.perf_counter() - t0
            if sums is None:
                sums = checksum(r)
            del r
            best, spent, reps = min(best, dt), spent + dt, reps + 1
        print(json.dumps({"name": name, "time": best, "sum": sums}), flush=True)
        del data


# ---- the limit: pairwise steps, their matrix products, the permutations ------------------

class Tracer:
    """A namespace over NumPy that records the einsum and tensordot calls of a case."""

    def __init__(self):
        import numpy
        self.np, self.calls = numpy, []

    def __getattr__(self, name):
        return getattr(self.np, name)

    def einsum(self, subscripts, *ops, **kw):
        self.calls.append(("einsum", subscripts, [o.shape for o in ops]))
        return self.np.einsum(subscripts, *ops, **kw)

    def tensordot(self, a, b, axes=2):
        a, b = self.np.asarray(a), self.np.asarray(b)
        if isinstance(axes, int):
            aa, ab = list(range(a.ndim - axes, a.ndim)), list(range(axes))
        else:
            aa, ab = list(axes[0]), list(axes[1])
        la = [chr(97 + i) for i in range(a.ndim)]
        lb = [chr(65 + i) for i in range(b.ndim)]
        for i, j in zip(aa, ab):
            lb[j] = la[i]
        out = [l for i, l in enumerate(la) if i not in aa] + [l for j, l in enumerate(lb) if j not in ab]
        # each operand as laid out in memory (a permuted view's labels in stride order), so
        # that the limit counts the copy a permuted operand needs, as for einsum's
        (sa, sha), (sb, shb) = in_memory_order(a, la), in_memory_order(b, lb)
        subs = sa + "," + sb + "->" + "".join(out)
        self.calls.append(("tensordot", subs, [sha, shb]))
        return self.np.tensordot(a, b, axes=(aa, ab))


def in_memory_order(a, labels):
    """The labels and shape of array a with its axes by decreasing |stride|."""
    order = sorted(range(a.ndim), key=lambda i: -abs(a.strides[i]))
    return "".join(labels[i] for i in order), tuple(a.shape[i] for i in order)


def parse(subscripts, shapes):
    ins, out = subscripts.split("->")
    terms = ins.split(",")
    dim = {}
    for t, s in zip(terms, shapes):
        for c, e in zip(t, s):
            dim[c] = max(dim.get(c, 1), e)
    return terms, out, dim


def path_steps(subscripts, shapes, path):
    """The pairwise steps of `path` (NumPy's format): (x labels, y labels, result labels)
    per step, each result in the order x's kept labels then y's (the matrix product's)."""
    terms, out, dim = parse(subscripts, shapes)
    terms = list(terms)
    steps = []
    for pair in path:
        if len(pair) == 1:
            continue
        i, j = sorted(pair)
        x, y = terms[i], terms[j]
        rest = [t for k, t in enumerate(terms) if k not in (i, j)]
        need = set(out).union(*rest) if rest else set(out)
        res = "".join(c for c in x if c in need) + "".join(c for c in y if c in need and c not in x)
        steps.append((x, y, res))
        terms = rest + [res]
    return steps, dim


def step_gemm(x, y, res, dim):
    """(B, M, N, K) of the step x,y->res, and whether some operand must be permuted: x is
    read in place when its M labels and its K labels each sit together (adjacent, in any
    batch arrangement), y likewise with N and K, and K in the same order in both."""
    def size(ls):
        return math.prod(dim[c] for c in ls)
    B = [c for c in res if c in x and c in y]
    M = [c for c in res if c in x and c not in y]
    N = [c for c in res if c in y and c not in x]
    K = [c for c in x if c in y and c not in res] + [c for c in x + y if c not in res and ((c in x) != (c in y))]

    def together(t, group):
        pos = sorted(t.index(c) for c in group if dim[c] > 1 and c in t)
        return all(b - a == 1 for a, b in zip(pos, pos[1:]))

    def korder(t):
        return [c for c in t if c in K and dim[c] > 1]
    fx = together(x, M) and together(x, K)
    fy = together(y, N) and together(y, K)
    moved = 0
    if not fx:
        moved += size(x)
    if not fy:
        moved += size(y)
    if fx and fy and korder(x) != korder(y):
        moved += min(size(x), size(y))
    return (size(B), size(M), size(N), size(K)), moved


def best_steps(subscripts, shapes):
    """The steps of the path with the fewest flops among NumPy's and nd's."""
    import numpy as np
    ops = [np.empty(s) for s in shapes]
    paths = []
    kinds = ["greedy"] + (["optimal"] if len(shapes) <= 5 else [])
    for kind in kinds:
        paths.append(np.einsum_path(subscripts, *ops, optimize=kind)[0][1:])
    try:
        import nd
        paths.append(nd.einsum_path(subscripts, *[nd.empty(s) for s in shapes])[0][1:])
    except Exception:  # noqa: BLE001 - nd is optional for the limit
        pass
    best = None
    for p in paths:
        if any(len(pair) > 2 for pair in p):
            continue
        steps, dim = path_steps(subscripts, shapes, p)
        gemms = [step_gemm(x, y, r, dim) for x, y, r in steps]
        flops = sum(2 * b * m * n * k for (b, m, n, k), _ in gemms)
        if best is None or flops < best[0]:
            best = (flops, gemms)
    return best


def trace(case):
    """(flops, [((B, M, N, K), elements to permute) per step]) of the case's contractions."""
    if case.spec:
        calls = [case.spec]
    else:
        t = Tracer()
        case.run(t, case.make())
        calls = [c[1:] for c in t.calls]
    if not calls:
        return None
    flops, gemms = 0, []
    for subs, shapes in calls:
        if len(shapes) == 1:
            continue
        f, g = best_steps(subs, shapes)
        flops += f
        gemms += g
    return flops, gemms


# ---- the driver ------------------------------------------------------------------------

def quiet_env():
    env = dict(os.environ)
    for k in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"):
        env.pop(k, None)
    return env


def high_priority():
    """In the child: its own session and autogroup at the highest priority, where allowed
    (other programs on a shared machine then disturb the timings less)."""
    try:
        os.setsid()
        with open("/proc/self/autogroup", "w") as f:
            f.write("-20")
        os.nice(-20)
    except OSError:
        pass


def run_python(lib, names, budget, build):
    env = quiet_env()
    # the NumPy worker imports nd only for the paths of cases NumPy gives up on (untimed)
    env["PYTHONPATH"] = os.path.join(build, "python") + os.pathsep + env.get("PYTHONPATH", "")
    p = subprocess.run([sys.executable, __file__, "--worker", lib, "--budget", str(budget)] + names,
                       env=env, capture_output=True, text=True, preexec_fn=high_priority)
    if p.returncode:
        sys.exit("the %s worker failed:\n%s" % (lib, p.stderr))
    out = p.stdout
    return {d["name"]: d for d in map(json.loads, out.split("\n")[:-1])}


def run_c(lines, budget, build):
    exe = os.path.join(build, "bench", "bench_contract")
    out = subprocess.run([exe, str(budget)], input="\n".join(lines) + "\n", env=quiet_env(),
                         check=True, capture_output=True, text=True, preexec_fn=high_priority).stdout
    res = {}
    for line in out.split("\n"):
        if line:
            name, secs = line.split("\t")[:2]
            res[name] = float(secs)
    return res


def fmt_time(s):
    if s != s or s is None:
        return ""
    if s < 1e-3:
        return "%.1f us" % (s * 1e6)
    if s < 1:
        return "%.2f ms" % (s * 1e3)
    return "%.2f s" % s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--worker", choices=["numpy", "nd"])
    ap.add_argument("--build", default="build/release")
    ap.add_argument("--budget", type=float, default=0.5, help="seconds per case, library and round")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--out", default=os.path.join(HERE, "contract_results.md"))
    ap.add_argument("prefixes", nargs="*", help="only cases whose names start with these")
    args = ap.parse_args()
    import contract_cases as cc
    names = [c.name for c in cc.CASES if not args.prefixes or any(c.name.startswith(p) for p in args.prefixes)]
    if args.worker:
        worker(args.worker, names, args.budget)
        return
    import numpy as np
    build = os.path.abspath(args.build)
    sys.path.insert(0, os.path.join(build, "python"))  # nd, for its paths

    stream = {}
    out = subprocess.run([os.path.join(build, "bench", "bench_stream")], check=True,
                         capture_output=True, text=True, preexec_fn=high_priority).stdout
    for line in out.split("\n"):
        if line.strip():
            k, v = line.split("\t")
            stream[k] = float(v)
    bandwidth = stream["stream_copy"] * 1e9

    traced = {n: trace(cc.BY_NAME[n]) for n in names}
    gemm_shapes = sorted({g for t in traced.values() if t for g, _ in t[1]})
    c_lines = ["gemm gemm%d %d %d %d %d" % ((i,) + g) for i, g in enumerate(gemm_shapes)]
    for n in names:
        spec = cc.BY_NAME[n].spec
        if spec:
            c_lines.append("einsum %s %s %s" % (n, spec[0], ";".join("x".join(map(str, s)) for s in spec[1])))

    best = {lib: {} for lib in ("numpy", "nd", "c")}
    sums = {}
    for r in range(args.rounds):
        order = ["numpy", "nd", "c"] if r % 2 == 0 else ["c", "nd", "numpy"]
        for lib in order:
            if lib == "c":
                res = run_c(c_lines, args.budget, build)
            else:
                got = run_python(lib, names, args.budget, build)
                sums[lib] = got
                res = {k: d["time"] for k, d in got.items() if d["time"] is not None}
            for k, t in res.items():
                best[lib][k] = min(best[lib].get(k, math.inf), t)
        print("round %d done" % (r + 1), file=sys.stderr, flush=True)

    gemm_time = {g: best["c"]["gemm%d" % i] for i, g in enumerate(gemm_shapes)}
    header = ("| case | contraction | GFLOP | NumPy | nd | nd C | limit | nd GFLOP/s | of limit | NumPy/nd |\n"
              "|---|---|---|---|---|---|---|---|---|---|")
    rows, bad = [], []
    for n in names:
        case = cc.BY_NAME[n]
        a, b = sums["numpy"][n]["sum"], sums["nd"][n]["sum"]
        if not agree(a, b):
            bad.append(n)
        t_np, t_nd, t_c = best["numpy"].get(n, float("nan")), best["nd"][n], best["c"].get(n, float("nan"))
        if traced[n]:
            flops, gemms = traced[n]
            limit = sum(gemm_time[g] + 16 * moved / bandwidth for g, moved in gemms)
            cols = ("%.2f" % (flops / 1e9), fmt_time(limit), "%.1f" % (flops / t_nd / 1e9), "%.2f" % (limit / t_nd))
        else:
            cols = ("", "", "", "")
        rows.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            n, case.what.replace("|", "\\|"), cols[0], fmt_time(t_np), fmt_time(t_nd), fmt_time(t_c),
            cols[1], cols[2], cols[3], "%.2f" % (t_np / t_nd) if t_np == t_np else "NumPy's path gives up"))
    head = ("NumPy %s, %d CPUs, STREAM copy %.1f GB/s, %d rounds, best times. Ratio NumPy/nd above 1: nd faster; "
            "of limit = limit / nd time.\n" % (np.__version__, os.cpu_count(), stream["stream_copy"], args.rounds))
    text = head + "\n" + header + "\n" + "\n".join(rows) + "\n"
    if bad:
        text += "\nRESULTS DIFFER between NumPy and nd: %s\n" % ", ".join(bad)
    print(text)
    with open(args.out, "w") as f:
        f.write("# nd contraction benchmark\n\n" + text)
    if bad:
        sys.exit(1)


if __name__ == "__main__":
    main()
