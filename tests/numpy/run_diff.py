#!/usr/bin/env python3
"""Differential tests: random, seeded, reproducible cases run through nd (via ctypes) and
NumPy, compared per case family. A failure prints a one-line reproducer.

    run_diff.py --lib build/release/libnd.so [--fft-lib build/release/libnd_fft.so]
                [--seed S] [--cases N] [--only K] [-v]

With --fft-lib, the FFT component's cases (cases_fft.py) run too.
"""
import ctypes
import argparse
import os
import sys
import traceback

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ndlib import Lib  # noqa: E402

MODULES = ["cases_layout", "cases_compute", "cases_linalg", "cases_sorting", "cases_ordered",
           "cases_random", "cases_half"]


def load_cases(with_fft):
    cases = []
    for m in MODULES + (["cases_fft"] if with_fft else []):
        try:
            mod = __import__(m)
        except ImportError as e:  # an area not built in this tree
            print("skipping %s: %s" % (m, e))
            continue
        cases += mod.CASES
    return cases


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--fft-lib", help="libnd_fft, for the FFT cases")
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--cases", type=int, default=4000)
    ap.add_argument("--only", type=int, default=None, help="run only case number K")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    lib = Lib(os.path.abspath(args.lib))
    if args.fft_lib:
        import cases_fft
        lib.fft = ctypes.CDLL(os.path.abspath(args.fft_lib))
        cases_fft.declare(lib.fft)
    families = load_cases(bool(args.fft_lib))
    weights = np.array([w for _, _, w in families], dtype=float)
    weights /= weights.sum()
    failures = 0
    counts = {}
    for k in range(args.cases):
        if args.only is not None and k != args.only:
            continue
        rng = np.random.default_rng([args.seed, k])
        name, fn, _ = families[int(rng.choice(len(families), p=weights))]
        counts[name] = counts.get(name, 0) + 1
        log = []
        try:
            fn(lib, rng, log)
            if args.v:
                print("case %d %s: %s" % (k, name, " | ".join(log)))
        except Exception as e:
            failures += 1
            print("FAIL case %d (%s): %s\n  steps: %s\n  reproduce: %s %s --lib %s%s --seed %d --only %d -v"
                  % (k, name, e, " | ".join(log), sys.executable, os.path.abspath(__file__),
                     args.lib, " --fft-lib " + args.fft_lib if args.fft_lib else "", args.seed, k))
            if args.v:
                traceback.print_exc()
            if failures >= 20:
                break
    total = sum(counts.values())
    print("differential: %d cases (%s), %d failures" % (
        total, ", ".join("%s %d" % kv for kv in sorted(counts.items())), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
