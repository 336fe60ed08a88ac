#!/usr/bin/env python3
"""`make bench`: runs nd's benchmark cases and the same operations in NumPy in one run and
prints a Markdown table (also written to bench/results.md).

Ratio = NumPy time / nd time (above 1: nd is faster). For bandwidth-bound cases the table
also gives nd's GB/s and its share of the STREAM bandwidth measured at the start. Where
PyTorch is installed, two more columns give its time and PyTorch time / nd time for the
cases bench/torch_cases.py covers."""
import argparse
import os
import subprocess
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from numpy_cases import CASES, FFT_FIRST, ND_PAIRS  # noqa: E402

try:
    from torch_cases import TORCH_CASES, TORCH_VERSION  # noqa: E402
except ImportError:  # PyTorch is optional
    TORCH_CASES, TORCH_VERSION = None, None


def time_case(cases, name, budget):
    """Best time of one repetition of cases[name] (NaN when the library has no such case)."""
    if name not in cases:
        return float("nan")
    setup, run = cases[name]
    state = setup()
    run(state)
    best, spent, reps = float("inf"), 0.0, 0
    while (reps < 3 or spent < budget) and reps < 200:
        t0 = time.perf_counter()
        run(state)
        dt = time.perf_counter() - t0
        best = min(best, dt)
        spent += dt
        reps += 1
    return best


def run_trg(cmd):
    """Runs one TRG program; returns (lnZ/N, seconds) parsed from its output line."""
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    fields = dict(f.split("=", 1) for f in out.split() if "=" in f)
    return float(fields["lnZ/N"]), float(fields["time"].rstrip("s"))


def trg_rows(build):
    """examples/trg_ising.c against bench/trg_ising.py (the same algorithm in NumPy): best of
    two runs each, and the two free energies, which must agree to 1e-10."""
    rows = []
    here = os.path.dirname(os.path.abspath(__file__))
    for chi in (16, 24):
        opts = ["--beta", "0.4", "--chi", str(chi), "--steps", "30"]
        nd_runs = [run_trg([os.path.join(build, "examples", "trg_ising")] + opts) for _ in range(2)]
        np_runs = [run_trg([sys.executable, os.path.join(here, "trg_ising.py")] + opts) for _ in range(2)]
        t_nd, t_np = min(r[1] for r in nd_runs), min(r[1] for r in np_runs)
        diff = abs(nd_runs[0][0] - np_runs[0][0])
        row = "| trg_ising beta=0.4 steps=30 (lnZ/N differs by %.1e%s) | chi=%d | %s | %s | %.2f |  |  |  |" % (
            diff, "" if diff <= 1e-10 else ", MORE THAN 1e-10", chi, fmt_time(t_nd), fmt_time(t_np), t_np / t_nd)
        if TORCH_CASES is not None:
            row += " |  |"
        print(row, flush=True)
        rows.append(row)
    return rows


def first_call_rows(build, prefixes):
    """First calls (planning, page faults included) of the FFT cases: each library in a
    fresh process, alternately, best of five."""
    rows = []
    here = os.path.dirname(os.path.abspath(__file__))
    for name, (data, stmt) in FFT_FIRST.items():
        if prefixes and not any(name.startswith(p) for p in prefixes):
            continue
        nd_t = np_t = float("inf")
        shape = ""
        for _ in range(5):
            out = subprocess.run([os.path.join(build, "bench", "bench_nd"), "--first", name],
                                 check=True, capture_output=True, text=True).stdout
            _, shape, secs, _ = out.strip().split("\t")
            nd_t = min(nd_t, float(secs))
            code = ("import sys, time; sys.path.insert(0, %r); import numpy as np, numpy.fft; "
                    "from numpy_cases import _fft_data; x = %s; t = time.perf_counter(); %s; "
                    "print(time.perf_counter() - t)" % (here, data, stmt))
            np_t = min(np_t, float(subprocess.run([sys.executable, "-c", code], check=True,
                                                  capture_output=True, text=True).stdout))
        row = "| %s (first call, fresh process) | %s | %s | %s | %.2f |  |  |  |" % (
            name.replace("_1thread", ""), shape, fmt_time(nd_t), fmt_time(np_t), np_t / nd_t)
        if TORCH_CASES is not None:
            row += "  |  |"
        print(row, flush=True)
        rows.append(row)
    return rows


def pair_rows(nd_lines):
    """nd against nd (ND_PAIRS): the baseline case's time over the case's, from this run,
    as a table of its own."""
    times = {}
    for line in nd_lines:
        name, _, secs, _ = line.rstrip("\n").split("\t")
        times[name] = float(secs)
    rows = []
    for case, base, what in ND_PAIRS:
        if case in times and base in times:
            rows.append("| %s | %s: %s | %s: %s | %.2f |" % (
                what, case, fmt_time(times[case]), base, fmt_time(times[base]),
                times[base] / times[case]))
    if rows:
        rows = ["", "| nd against nd | case | baseline | ratio (baseline / case) |",
                "|---|---|---|---|"] + rows
        print("\n".join(rows), flush=True)
    return rows


def fmt_time(s):
    if s < 1e-6:
        return "%.0f ns" % (s * 1e9)
    if s < 1e-3:
        return "%.1f us" % (s * 1e6)
    if s < 1:
        return "%.2f ms" % (s * 1e3)
    return "%.2f s" % s


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build/release")
    ap.add_argument("--budget", type=float, default=0.5, help="seconds per case and library")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results.md"))
    ap.add_argument("prefixes", nargs="*", help="only cases whose names start with these")
    args = ap.parse_args()

    stream = {}
    out = subprocess.run([os.path.join(args.build, "bench", "bench_stream")], check=True,
                         capture_output=True, text=True).stdout
    for line in out.split("\n"):
        if line.strip():
            k, v = line.split("\t")
            stream[k] = float(v)

    env = dict(os.environ, ND_BENCH_BUDGET=str(args.budget))
    proc = subprocess.Popen([os.path.join(args.build, "bench", "bench_nd")] + args.prefixes,
                            stdout=subprocess.PIPE, text=True, env=env)
    rows = []
    header = ("| operation | shape | nd | NumPy | ratio (NumPy/nd) | nd GB/s | % of STREAM copy "
              "| % of STREAM add |")
    rule = "|---|---|---|---|---|---|---|---|"
    if TORCH_CASES is not None:
        header += " PyTorch | ratio (PyTorch/nd) |"
        rule += "---|---|"
    header += "\n" + rule
    print("STREAM on this machine: copy %.1f GB/s, add %.1f GB/s (%d threads)\n" %
          (stream["stream_copy"], stream["stream_add"], os.cpu_count()))
    print(header)
    # bench_nd finishes before NumPy is timed: timing both at once would make them share
    # the cores (the C cases would run while Python times the previous one).
    nd_lines = proc.stdout.readlines()
    if proc.wait() != 0:
        sys.exit("bench_nd failed")
    for line in nd_lines:
        name, shape, secs, nbytes = line.rstrip("\n").split("\t")
        secs, nbytes = float(secs), float(nbytes)
        npt = time_case(CASES, name, args.budget)
        gbs = nbytes / secs / 1e9 if nbytes > 0 else None
        row = "| %s | %s | %s | %s | %.2f | %s | %s | %s |" % (
            name, shape, fmt_time(secs), fmt_time(npt), npt / secs,
            "%.1f" % gbs if gbs else "", "%.0f%%" % (100 * gbs / stream["stream_copy"]) if gbs else "",
            "%.0f%%" % (100 * gbs / stream["stream_add"]) if gbs else "")
        if TORCH_CASES is not None:
            tt = time_case(TORCH_CASES, name, args.budget)
            row += " %s | %s |" % ((fmt_time(tt), "%.2f" % (tt / secs)) if tt == tt else ("", ""))
        print(row, flush=True)
        rows.append(row)
    rows += first_call_rows(args.build, args.prefixes)
    if not args.prefixes or any("trg".startswith(p) or p.startswith("trg") for p in args.prefixes):
        rows += trg_rows(args.build)
    rows += pair_rows(nd_lines)
    with open(args.out, "w") as f:
        f.write("# nd benchmark results\n\n")
        f.write("NumPy %s, %d CPUs, STREAM copy %.1f GB/s, add %.1f GB/s. Ratio = NumPy time / nd "
                "time.%s\n\n" % (np.__version__, os.cpu_count(), stream["stream_copy"], stream["stream_add"],
                                   " PyTorch %s (CPU)." % TORCH_VERSION if TORCH_VERSION else ""))
        f.write(header + "\n" + "\n".join(rows) + "\n")


if __name__ == "__main__":
    main()
