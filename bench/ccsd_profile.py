#!/usr/bin/env python3
"""The CCSD update of bench/ccsd.py split call by call, NumPy against nd.

The update runs against a namespace that times every call it makes: each einsum (with its
subscripts), permute_dims, eye, and every arithmetic operator of the arrays it returns
(+, -, *, /, unary -, indexing), each with the layouts of its array operands and of its
result ("C", "F", or the axis order by decreasing stride when neither, "v" marking a
view that does not own its data). Each library runs in its own process at high
priority in its own autogroup with OpenBLAS's forced settings lifted (bench/contract.py's
environment); the processes alternate for --rounds rounds and each call keeps its best
time (over --reps updates per process: the first pays the page faults of fresh memory).
The calls are the same in both (the same code), so they are matched by position.

    python bench/ccsd_profile.py [--rounds 3] [--build build/release] [--nocc 21 --nvir 93]

Prints a Markdown table: every call of at least --min-ms in either library, then the
totals per kind of call (einsum, elementwise, permute_dims, ...), and the least time the
elementwise calls can take: the bytes they must read and write at the STREAM copy
bandwidth (bench_stream of --build)."""
import argparse
import json
import operator
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def layout(a):
    """C, F, or the axes by decreasing |stride| (e.g. 0213); a leading v marks a view."""
    s = tuple(abs(x) for x in a.strides)
    f = a.flags
    if f.c_contiguous:
        name = "C"
    elif f.f_contiguous:
        name = "F"
    else:
        name = "".join(str(i) for i in sorted(range(len(s)), key=lambda i: -s[i]))
    return name if f.owndata or a.ndim == 0 else "v" + name


class Timed:
    """An array whose operators are timed into the shared log."""

    __slots__ = ("a", "log")

    def __init__(self, a, log):
        self.a, self.log = a, log

    @property
    def shape(self):
        return self.a.shape

    def _op(self, name, other, reverse=False):
        b = other.a if isinstance(other, Timed) else other
        x, y = (b, self.a) if reverse else (self.a, b)
        fn = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}[name]
        return self.log.call(name, lambda: fn(x, y), (x, y))

    def __add__(self, o): return self._op("+", o)
    def __radd__(self, o): return self._op("+", o, True)
    def __sub__(self, o): return self._op("-", o)
    def __rsub__(self, o): return self._op("-", o, True)
    def __mul__(self, o): return self._op("*", o)
    def __rmul__(self, o): return self._op("*", o, True)
    def __truediv__(self, o): return self._op("/", o)
    def __rtruediv__(self, o): return self._op("/", o, True)
    def __neg__(self): return self.log.call("neg", lambda: -self.a, (self.a,))

    def __getitem__(self, k):
        return self.log.call("[]", lambda: self.a[k], (self.a,))


class Log:
    def __init__(self, xp):
        self.xp, self.rows = xp, []

    def call(self, name, fn, args):
        ins = " ".join(layout(a) if hasattr(a, "strides") else "s" for a in args)
        t0 = time.perf_counter()
        r = fn()
        dt = time.perf_counter() - t0
        shape = "x".join(str(n) for n in r.shape)
        moved = sum(a.nbytes for a in args if hasattr(a, "nbytes")) + r.nbytes
        self.rows.append([name, ins, layout(r), shape, dt, moved])
        return Timed(r, self)


class Namespace:
    """xp as bench/ccsd.py uses it, every call timed."""

    def __init__(self, log):
        self.log = log

    def einsum(self, subscripts, *ops):
        raw = [o.a for o in ops]
        kw = {"optimize": True} if self.log.xp.__name__ == "numpy" else {}
        return self.log.call(subscripts, lambda: self.log.xp.einsum(subscripts, *raw, **kw), raw)

    def permute_dims(self, x, axes):
        return self.log.call("permute_dims" + "".join(map(str, axes)),
                             lambda: self.log.xp.permute_dims(x.a, axes), (x.a,))

    def eye(self, n):
        return self.log.call("eye", lambda: self.log.xp.eye(n), ())


def worker(lib, nocc, nvir, reps):
    import numpy as np
    import ccsd
    xp = np if lib == "numpy" else __import__("nd")
    p = ccsd.random_problem(nocc, nvir, seed=1)

    def conv(v):
        return {k: conv(x) for k, x in v.items()} if isinstance(v, dict) else xp.asarray(v)

    p = conv(p)
    log = Log(xp)

    def wrap(v):
        return {k: wrap(x) for k, x in v.items()} if isinstance(v, dict) else Timed(v, log)

    # the first update pays the page faults of fresh memory (and nd's plans): each call
    # keeps its best of `reps` updates in this process, as the benchmark times its best
    best_rows, total = None, float("inf")
    for _ in range(reps):
        log.rows = []
        t0 = time.perf_counter()
        ccsd.run(Namespace(log), wrap(p))
        t = time.perf_counter() - t0
        if t < total:  # the best update, and its time outside the timed calls
            total, outside = t, t - sum(r[4] for r in log.rows)
        if best_rows is None:
            best_rows = log.rows
        for row, new in zip(best_rows, log.rows):
            row[4] = min(row[4], new[4])
    print(json.dumps({"total": total, "outside": outside, "rows": best_rows}), flush=True)


def kind(name):
    if "->" in name:
        return "einsum"
    if name.startswith("permute_dims"):
        return "permute_dims"
    return {"+": "elementwise", "-": "elementwise", "*": "elementwise", "/": "elementwise",
            "neg": "elementwise"}.get(name, name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--build", default=os.path.join(os.path.dirname(HERE), "build", "release"))
    ap.add_argument("--nocc", type=int, default=21)
    ap.add_argument("--nvir", type=int, default=93)
    ap.add_argument("--min-ms", type=float, default=5.0)
    ap.add_argument("--reps", type=int, default=2, help="updates per process")
    ap.add_argument("--worker")
    args = ap.parse_args()
    if args.worker:
        return worker(args.worker, args.nocc, args.nvir, args.reps)
    import contract
    env = contract.quiet_env()
    env["PYTHONPATH"] = os.path.join(args.build, "python") + os.pathsep + env.get("PYTHONPATH", "")
    best = {}
    for _ in range(args.rounds):
        for lib in ("numpy", "nd"):
            out = subprocess.run([sys.executable, __file__, "--worker", lib, "--nocc", str(args.nocc),
                                  "--nvir", str(args.nvir), "--reps", str(args.reps)], env=env, capture_output=True, text=True,
                                 preexec_fn=contract.high_priority)
            if out.returncode:
                sys.exit(out.stderr)
            r = json.loads(out.stdout.strip().splitlines()[-1])
            if lib not in best:
                best[lib] = r
                continue
            b = best[lib]
            if r["total"] < b["total"]:
                b["total"], b["outside"] = r["total"], r["outside"]
            for row, new in zip(b["rows"], r["rows"]):
                row[4] = min(row[4], new[4])
    npr, ndr = best["numpy"]["rows"], best["nd"]["rows"]
    print("| # | operation | shape | NumPy in -> out | NumPy ms | nd in -> out | nd ms | NumPy/nd |")
    print("|---|---|---|---|---|---|---|---|")
    sums = {}
    for i, (a, b) in enumerate(zip(npr, ndr)):
        k = kind(a[0])
        s = sums.setdefault(k, [0.0, 0.0, 0])
        s[0] += a[4]
        s[1] += b[4]
        s[2] += 1
        if max(a[4], b[4]) * 1e3 >= args.min_ms:
            print("| %d | `%s` | %s | %s -> %s | %.1f | %s -> %s | %.1f | %.2f |"
                  % (i, a[0], a[3], a[1], a[2], a[4] * 1e3, b[1], b[2], b[4] * 1e3, a[4] / max(b[4], 1e-9)))
    print()
    print("| kind | calls | NumPy ms | nd ms | NumPy/nd |")
    print("|---|---|---|---|---|")
    for k, (tn, td, c) in sorted(sums.items(), key=lambda kv: -kv[1][0]):
        print("| %s | %d | %.1f | %.1f | %.2f |" % (k, c, tn * 1e3, td * 1e3, tn / max(td, 1e-9)))
    tn, td = best["numpy"]["total"], best["nd"]["total"]
    on, od = best["numpy"]["outside"], best["nd"]["outside"]
    print("| outside the calls (best update) | | %.1f | %.1f | |" % (on * 1e3, od * 1e3))
    print("| whole update (best) | | %.1f | %.1f | %.2f |" % (tn * 1e3, td * 1e3, tn / td))
    # the least the elementwise calls can take: the bytes they read and write (each array
    # operand once, the result once) at the STREAM copy bandwidth
    moved = sum(r[5] for r in ndr if kind(r[0]) == "elementwise")
    stream = subprocess.run([os.path.join(args.build, "bench", "bench_stream")], check=True,
                            capture_output=True, text=True, env=env,
                            preexec_fn=contract.high_priority).stdout
    copy = dict(line.split("\t") for line in stream.split("\n") if line.strip())["stream_copy"]
    print("\nelementwise traffic %.2f GB; at the STREAM copy bandwidth (%.1f GB/s) %.1f ms"
          % (moved / 1e9, float(copy), moved / float(copy) / 1e6))


if __name__ == "__main__":
    main()
