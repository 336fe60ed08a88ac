#!/usr/bin/env python3
"""Benchmarks of the Python package against NumPy, in one run on the same machine
(`make bench-python`, or `PYTHONPATH=build/release/python .venv/bin/python
bench/python_cases.py`): the call overhead on tiny arrays, large arrays through Python, and
examples/trg_ising.py on both namespaces. Prints a Markdown table: nd's time, NumPy's, and
the ratio NumPy / nd (above 1: nd is faster), each the best of several rounds.

Targets (issue 27): tiny-array calls at most 1.5x NumPy's time (ratio >= 0.67); a + b.T at
4000x4000 float64 at least 4x NumPy; sort of 10M float64 at least 5x; the TRG at chi = 24 at
least 1.5x. nd.fft (issue 28): a tiny transform's call within 2x NumPy's time; large
transforms with cached plans at least 1.5x NumPy on one thread, 2.5x on two.

NumPy's protocols and Dask (issue 38), in two more tables: np.add(x, y) and np.sin(x) on nd
arrays of 10 elements cost at most 1.5 us more than nd.add and nd.sin (the dispatch through
__array_ufunc__); dask.array over nd blocks on the local threaded scheduler at least as fast
as over NumPy blocks (ratio >= 1) for (x + x.T).sum(axis=0) at 8000x8000 (blocks of 2000)
and x @ x at 4000x4000 (blocks of 1000), with nd's default threads and with one nd thread
(nd.set_num_threads(1), which should make no difference: a BLAS call that starts while
another Dask thread's runs gets one thread). Each Dask case runs in its own process, the kinds of blocks alternately, so
that neither library's idle threads slow the other. --protocols runs only these tables."""
import argparse
import importlib.util
import os
import subprocess
import sys
import timeit

import numpy as np

import nd


def best(stmt, number, rounds=7):
    """Best time per call over `rounds` rounds of `number` calls."""
    return min(timeit.repeat(stmt, number=number, repeat=rounds)) / number


def tiny_cases():
    out = []
    for xp in (nd, np):
        x = xp.asarray([float(i) for i in range(10)])
        y = xp.asarray([float(2 * i) for i in range(10)])
        m = xp.reshape(xp.arange(20.0), (4, 5))
        i = xp.asarray([1, 2, 3])
        out.append({
            "x + y": lambda x=x, y=y: x + y,
            "x * 2.0": lambda x=x: x * 2.0,
            "x[1:3]": lambda x=x: x[1:3],
            "x[1]": lambda x=x: x[1],
            "m[1, 2]": lambda m=m: m[1, 2],
            "x[1] = 2.0": lambda x=x: x.__setitem__(1, 2.0),
            "x[1:3] = y[:2]": lambda x=x, y=y: x.__setitem__(slice(1, 3), y[:2]),
            "x[i]": lambda x=x, i=i: x[i],
            "x[i] = 1.0": lambda x=x, i=i: x.__setitem__(i, 1.0),
            "xp.sum(x)": lambda x=x, xp=xp: xp.sum(x),
            "x @ x": lambda x=x: x @ x,
            "xp.asarray([1.0, 2.0])": lambda xp=xp: xp.asarray([1.0, 2.0]),
        })
    return out


def large_cases(n, sort_n):
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((n, n)), rng.standard_normal((n, n))
    s = rng.standard_normal(sort_n)
    na, nb, ns = nd.asarray(a), nd.asarray(b), nd.asarray(s)
    return [
        {f"a + b.T ({n}x{n} float64)": lambda: na + nb.T, f"sort ({sort_n} float64)": lambda: nd.sort(ns)},
        {f"a + b.T ({n}x{n} float64)": lambda: a + b.T, f"sort ({sort_n} float64)": lambda: np.sort(s)},
    ]


def fft_cases(quick):
    """nd.fft against np.fft (issue 28's cases, complex128): the call on a tiny transform,
    where the plan cache's hit cost shows, and large ones with cached plans (each case is
    warmed up first, so that nd's AUTO planner has replaced its estimated plans by measured
    ones)."""
    rng = np.random.default_rng(1)
    c = lambda *shape: rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
    t16, big, batch = c(16), c(2**16 if quick else 2**20), c(256 if quick else 1024, 4096)
    two = c(*((512, 512) if quick else (2048, 2048)))
    out = []
    for xp in (nd, np):
        a16, abig, abatch, atwo = (xp.asarray(v) for v in (t16, big, batch, two))
        out.append({
            "xp.fft.fft(x) (16 complex128)": lambda a=a16, xp=xp: xp.fft.fft(a),
            f"fft ({big.size} complex128)": lambda a=abig, xp=xp: xp.fft.fft(a),
            f"fft along axis 0 of {batch.shape}": lambda a=abatch, xp=xp: xp.fft.fft(a, axis=0),
            f"fftn of {two.shape}": lambda a=atwo, xp=xp: xp.fft.fftn(a),
        })
    for f in out[0].values():  # nd's planner: estimated plans first, measured ones after use
        for _ in range(30):
            f()
    return out


def dispatch_cases():
    """The same call on arrays of 10 elements: nd's function on nd arrays, NumPy's ufunc on
    nd arrays (dispatched to nd through __array_ufunc__ / __array_function__), NumPy's ufunc
    on NumPy arrays."""
    a = np.arange(10.0)
    x, y = nd.asarray(a), nd.asarray(2 * a)
    b = 2 * a
    return [("add(x, y)", lambda: nd.add(x, y), lambda: np.add(x, y), lambda: np.add(a, b)),
            ("sin(x)", lambda: nd.sin(x), lambda: np.sin(x), lambda: np.sin(a)),
            ("sum(x)", lambda: nd.sum(x), lambda: np.sum(x), lambda: np.sum(a)),
            ("concatenate([x, y])", lambda: nd.concat([x, y]), lambda: np.concatenate([x, y]),
             lambda: np.concatenate([a, b]))]


# name -> (shape, blocks, the graph on a dask array x)
DASK_CASES = {"(x + x.T).sum(axis=0)": (8000, 2000, lambda x: (x + x.T).sum(axis=0)),
              "x @ x": (4000, 1000, lambda x: x @ x)}


def dask_case(name, blocks_of, quick):
    """One Dask case in this process: the best of 3 computes, in seconds. blocks_of: "numpy",
    "nd", or "nd1" (nd blocks with nd.set_num_threads(1): Dask's threads then are the only
    ones)."""
    import dask
    import dask.array as da
    n, b, graph = DASK_CASES[name]
    if quick:
        n, b = n // 4, b // 4
    if blocks_of == "nd1":
        nd.set_num_threads(1)
    a = np.random.default_rng(2).standard_normal((n, n))
    x = da.from_array(a if blocks_of == "numpy" else nd.asarray(a), chunks=b, asarray=False)
    with dask.config.set(scheduler="threads"):
        g = graph(x)
        r = g.compute()
        assert isinstance(r, nd.Array) == (blocks_of != "numpy")
        return best(g.compute, 1, 3)


def dask_rows(quick, rounds=3):
    """Each Dask case in fresh processes, the kinds of blocks alternately; minima."""
    rows = []
    for name in DASK_CASES:
        times = {"nd": [], "nd1": [], "numpy": []}
        for _ in range(rounds):
            for blocks_of in times:
                cmd = [sys.executable, __file__, "--dask-case", name, "--blocks", blocks_of]
                out = subprocess.run(cmd + (["--quick"] if quick else []), capture_output=True,
                                     text=True, check=True).stdout
                times[blocks_of].append(float(out.split()[-1]))
        rows.append((name, min(times["nd"]), min(times["nd1"]), min(times["numpy"])))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dask-case", help=argparse.SUPPRESS)
    ap.add_argument("--blocks", help=argparse.SUPPRESS)
    ap.add_argument("--chi", type=int, default=24)
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--quick", action="store_true", help="smaller large cases, no TRG")
    ap.add_argument("--protocols", action="store_true",
                    help="only NumPy's dispatch to nd and Dask over nd blocks (issue 38)")
    args = ap.parse_args()
    if args.dask_case:
        print(dask_case(args.dask_case, args.blocks, args.quick))
        return
    print(f"nd {nd.__version__} ({nd.get_num_threads()} threads), NumPy {np.__version__}\n")
    if not args.protocols:
        library_table(args)
    protocol_tables(args)


def library_table(args):
    """nd against NumPy on the same work: tiny calls, large arrays, fft, the TRG."""
    rows = []
    ndc, npc = tiny_cases()
    for name in ndc:
        rows.append((name, best(ndc[name], 20000), best(npc[name], 20000), "<= 1.5x NumPy's time"))
    ndl, npl = large_cases(1000 if args.quick else 4000, 10**6 if args.quick else 10**7)
    for name in ndl:
        rows.append((name, best(ndl[name], 1, 5), best(npl[name], 1, 5), ">= 4x" if "b.T" in name else ">= 5x"))
    if hasattr(nd, "fft"):
        ndf, npf = fft_cases(args.quick)
        for name in ndf:
            tiny = name.startswith("xp.")
            rows.append((name, best(ndf[name], 20000 if tiny else 1, 7), best(npf[name], 20000 if tiny else 1, 7),
                         "<= 2x NumPy's time" if tiny else ">= 1.5x (1 thread), 2.5x (2)"))
    if not args.quick:
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "trg_ising.py")
        spec = importlib.util.spec_from_file_location("trg_ising", path)
        trg = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(trg)
        tn = best(lambda: trg.trg(nd, 0.4, args.chi, args.steps), 1, 3)
        tp = best(lambda: trg.trg(np, 0.4, args.chi, args.steps), 1, 3)
        rows.append((f"trg_ising.py chi={args.chi} steps={args.steps}", tn, tp, ">= 1.5x"))
    print("| case | nd | NumPy | NumPy / nd | target |")
    print("|---|---|---|---|---|")
    for name, tn, tp, target in rows:
        unit, f = ("us", 1e6) if tp < 1e-3 else ("ms", 1e3)
        print(f"| {name} | {tn * f:.3g} {unit} | {tp * f:.3g} {unit} | {tp / tn:.2f} | {target} |")


def protocol_tables(args):
    """Issue 38: NumPy's API dispatched to nd, and Dask over nd blocks."""
    print("\n| on arrays of 10 elements | nd.f(nd) | np.f(nd), dispatched | overhead | target "
          "| np.f(NumPy) |")
    print("|---|---|---|---|---|---|")
    for name, direct, dispatched, numpy in dispatch_cases():
        td, tu, tn = best(direct, 20000), best(dispatched, 20000), best(numpy, 20000)
        print(f"| {name} | {td * 1e6:.3g} us | {tu * 1e6:.3g} us | {(tu - td) * 1e6:.2f} us "
              f"| <= 1.5 us | {tn * 1e6:.3g} us |")
    try:
        import dask.array  # noqa: F401
    except ImportError:
        return
    print("\n| dask.array, threaded scheduler | nd blocks | nd blocks, 1 nd thread | NumPy blocks "
          "| NumPy / nd | NumPy / nd (1 thread) | target |")
    print("|---|---|---|---|---|---|---|")
    for name, tn, tn1, tp in dask_rows(args.quick):
        n, b, _ = DASK_CASES[name]
        shape = f"{n // 4 if args.quick else n}, blocks {b // 4 if args.quick else b}"
        print(f"| {name} ({shape}) | {tn * 1e3:.3g} ms | {tn1 * 1e3:.3g} ms | {tp * 1e3:.3g} ms "
              f"| {tp / tn:.2f} | {tp / tn1:.2f} | >= 1 |")

if __name__ == "__main__":
    main()
