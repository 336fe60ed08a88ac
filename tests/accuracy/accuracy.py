#!/usr/bin/env python3
"""Accuracy of nd's transcendental functions against MPFR (through gmpy2) at 128 bits:
75 more than float64 has. For every function and dtype (float64, float32) it measures the
largest error in ulps on random inputs over the whole domain and on the hard regions
(near the zeros of sin/cos/tan, near 1 for log and log1p, the overflow and underflow
thresholds, subnormals, huge arguments) plus the standard's special values, and fails
when nd's error passes the function's bound. NumPy runs on the same inputs for the
comparison column.

    accuracy.py --lib build/release/libnd.so [--full] [--table FILE] [--only NAME,...]

Without --full, a sample (a few thousand inputs per function and dtype: ctest's
`accuracy` test); --full is `make accuracy` (about 150 000 per function and dtype).
--table writes the Markdown table of docs/guide/elementwise.md.

Error in ulps: |y - f(x)| / ulp(f(x)), where ulp(v) is the spacing of the dtype's values
at |v| (2^(e - p + 1) for 2^e <= |v| < 2^(e+1), never below the smallest subnormal), f(x)
the exact value (the 128-bit reference as a pair of doubles). A NaN must answer a NaN, an
infinity the same infinity, a zero the zero of the same sign; anything else there counts
as an infinite error."""
import argparse
import os
import sys

import gmpy2
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "numpy"))
from ndlib import P, Lib  # noqa: E402

sys.path.insert(0, HERE)
from functions import COMPLEX_FUNCTIONS, FUNCTIONS, TRIVIAL  # noqa: E402

PREC = 128
DTYPES = {"float64": (53, -1022), "float32": (24, -126)}  # precision, smallest normal exponent


SCALE = 2.0 ** 400  # tiny references are split after scaling up, so that lo keeps its bits


def reference(fn, args):
    """The exact values of fn at the points args (tuples of Python floats) as float64
    arrays hi + lo (hi the nearest double), and whether each was scaled by SCALE (values
    below 2^-600, whose lo would underflow)."""
    ctx = gmpy2.get_context()
    ctx.precision = PREC
    hi, lo, scaled = np.empty(len(args)), np.empty(len(args)), np.zeros(len(args), dtype=bool)
    for i, a in enumerate(args):
        r = fn(*map(gmpy2.mpfr, a))
        if gmpy2.is_finite(r) and r != 0 and abs(r) < 2.0 ** -600:
            r, scaled[i] = r * SCALE, True
        h = float(r)
        hi[i] = h
        lo[i] = float(r - h) if gmpy2.is_finite(r) and abs(h) != float("inf") else 0.0
    return hi, lo, scaled


def ulp_errors(y, ref, dtype, floor=0.0):
    """Errors in ulps of y (any float dtype) against ref = (hi, lo, scaled), in the
    precision of dtype; ulps of max(|ref|, floor) if floor is given (a number or an array
    of one per element)."""
    hi, lo, scaled = ref
    p, emin = DTYPES[dtype]
    y = y.astype(np.float64)
    with np.errstate(all="ignore"):
        ys = np.where(scaled, y * SCALE, y)  # exact: y is as tiny as the reference
        e = np.frexp(hi)[1] - 1 - np.where(scaled, 400, 0)
        if np.any(floor):
            e = np.maximum(e, np.frexp(floor)[1] - 1)
        ulp = np.ldexp(1.0, np.maximum(e, emin) - (p - 1) + np.where(scaled, 400, 0))
        err = np.abs((ys - hi) - lo) / ulp
        hi = np.where(scaled, hi / SCALE, hi)
        ref_d = hi.astype(dtype).astype(np.float64)  # the exact value rounded to dtype
    special = ~np.isfinite(hi) | ~np.isfinite(ref_d) | ~np.isfinite(y) | (hi == 0)
    if special.any():
        ys, rs = y[special], ref_d[special]
        same = (np.isnan(ys) & np.isnan(rs)) | ((ys == rs) & (np.signbit(ys) == np.signbit(rs)))
        # a nonzero result next to a zero reference is measured in subnormal ulps
        near = (rs == 0) & np.isfinite(ys) & (ys != 0) & (np.signbit(ys) == np.signbit(rs))
        err[special] = np.where(same, 0.0, np.where(near, err[special], np.inf))
    return err


def nd_apply(lib, name, xs):
    f = getattr(lib, "nd_" + name)
    f.restype, f.argtypes = P, [P] * len(xs)
    arrays = [lib.array(x) for x in xs]
    return lib.check(f(*[a.h for a in arrays])).numpy()


def measure(lib, fn, dtype, full, seed):
    """(nd's max error, its input, NumPy's max error) for one function and dtype."""
    rng = np.random.default_rng(seed)
    n = 12000 if full else 300
    cols = fn.inputs(rng, np.dtype(dtype), n)  # arrays of dtype, one per argument
    args = list(zip(*(c.astype(np.float64).tolist() for c in cols)))
    ref = reference(fn.mpfr, args)
    got = nd_apply(lib, fn.name, cols)
    err = ulp_errors(got, ref, dtype, fn.floor)
    with np.errstate(all="ignore"):
        npy = getattr(np, fn.numpy)(*cols)
    np_err = ulp_errors(npy, ref, dtype, fn.floor)
    k = int(np.argmax(err))
    return err[k], args[k], got.ravel()[k], float(np.max(np_err))


CDTYPES = {"complex128": "float64", "complex64": "float32"}


def creference(fn, zs):
    """The exact values of fn at the complex points zs, as (hi, lo, scaled) per part."""
    ctx = gmpy2.get_context()
    ctx.precision = PREC
    n = len(zs)
    parts = [(np.empty(n), np.empty(n), np.zeros(n, dtype=bool)) for _ in range(2)]
    for i, z in enumerate(zs):
        w = fn(gmpy2.mpc(z.real, z.imag))
        for k, r in enumerate((w.real, w.imag)):
            hi, lo, sc = parts[k]
            if gmpy2.is_finite(r) and r != 0 and abs(r) < 2.0 ** -600:
                r, sc[i] = r * SCALE, True
            h = float(r)
            hi[i] = h
            lo[i] = float(r - h) if gmpy2.is_finite(r) and abs(h) != float("inf") else 0.0
    return parts


def cmeasure(lib, fn, dtype, full, seed):
    """Per part (real, imaginary): (nd's max error, its input, NumPy's max error)."""
    rng = np.random.default_rng(seed)
    z = fn.inputs(rng, np.dtype(dtype), 3000 if full else 100)
    with np.errstate(all="ignore"):
        z = z[np.isfinite(z)]
    refs = creference(fn.mpc, z.astype(np.complex128).tolist())
    got = nd_apply(lib, fn.name, [z])
    with np.errstate(all="ignore"):
        npy = getattr(np, fn.numpy)(z)
    out = []
    for k, part in enumerate((np.real, np.imag)):
        floor = fn.floor[k](z.astype(np.complex128)) if fn.floor[k] else 0.0
        err = ulp_errors(part(got), refs[k], CDTYPES[dtype], floor)
        np_err = ulp_errors(part(npy), refs[k], CDTYPES[dtype], floor)
        i = int(np.argmax(err))
        out.append((err[i], complex(z[i]), float(np.max(np_err))))
    return out


def complex_table(lib, args, only):
    """The complex functions' table: max error per part, nd and NumPy; failures."""
    rows, failures = [], []
    head = ("| function | complex128 real: nd | NumPy | imag: nd | NumPy | complex64 real: nd "
            "| NumPy | imag: nd | NumPy | nd's bound (real, imag) |")
    print("\n" + head + "\n|---|---|---|---|---|---|---|---|---|---|")
    for i, fn in enumerate(COMPLEX_FUNCTIONS):
        if only and fn.name not in only:
            continue
        cells = []
        for j, dtype in enumerate(CDTYPES):
            for k, (err, z, np_err) in enumerate(cmeasure(lib, fn, dtype, args.full,
                                                          [args.seed, 100 + i, j])):
                cells += [fmt(err), fmt(np_err)]
                if args.v:
                    print("   %s(%s) %s part: %s ulp at z = %r" % (fn.name, dtype, "ri"[k], fmt(err), z))
                if not err <= fn.bound[k]:
                    failures.append("%s(%s) %s part: %s ulp at z = %r" % (fn.name, dtype,
                                                                          ("real", "imag")[k],
                                                                          fmt(err), z))
        row = "| %s | %s | %s |" % (fn.name, " | ".join(cells), fn.bound_text)
        print(row, flush=True)
        rows.append(row)
    return head, rows, failures


def trivial_failures(lib, only):
    """The trivial cases (functions.TRIVIAL): nd's result must be the exact value rounded
    to the dtype, bit for bit."""
    mpfr = {fn.name: fn.mpfr for fn in FUNCTIONS}
    failures = []
    for name, gen in TRIVIAL:
        if only and name not in only:
            continue
        for dtype in DTYPES:
            cols = gen(np.dtype(dtype))
            args = list(zip(*(c.astype(np.float64).tolist() for c in cols)))
            hi, lo, scaled = reference(mpfr[name], args)
            want = np.where(scaled, hi / SCALE, hi).astype(dtype)
            got = nd_apply(lib, name, cols)
            same = (got == want) & (np.signbit(got) == np.signbit(want))
            for k in np.flatnonzero(~same):
                failures.append("%s(%s) at x = %s: nd gives %r, the correctly rounded value is %r"
                                % (name, dtype, ", ".join(map(repr, args[k])), float(got[k]),
                                   float(want[k])))
    return failures


def fmt(e):
    return "inf" if not np.isfinite(e) else "%.3f" % e


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--lib", required=True)
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--seed", type=int, default=20270401)
    ap.add_argument("--only", default="", help="comma-separated function names")
    ap.add_argument("--table", help="write the Markdown table here")
    ap.add_argument("-v", action="store_true", help="print each worst input")
    args = ap.parse_args()
    lib = Lib(os.path.abspath(args.lib))
    only = set(filter(None, args.only.split(",")))
    rows, failures = [], []
    print("| function | float64: nd | NumPy | float32: nd | NumPy | nd's bound |")
    print("|---|---|---|---|---|---|")
    for i, fn in enumerate(FUNCTIONS):
        if only and fn.name not in only:
            continue
        cells = []
        for j, dtype in enumerate(DTYPES):
            err, x, y, np_err = measure(lib, fn, dtype, args.full, [args.seed, i, j])
            cells += [fmt(err), fmt(np_err)]
            if args.v:
                print("   %s(%s): %s ulp at x = %s (nd gives %r)"
                      % (fn.name, dtype, fmt(err), ", ".join(map(repr, x)), y))
            if not err <= fn.bound:
                failures.append("%s(%s) %s: %s ulp at x = %s (nd gives %r)"
                                % (fn.name, dtype, fn.name, fmt(err), ", ".join(map(repr, x)), y))
        row = "| %s | %s | %s | %s | %s | %s |" % ((fn.name,) + tuple(cells) + (fn.bound_text,))
        print(row, flush=True)
        rows.append(row)
    chead, crows, cfail = complex_table(lib, args, only)
    failures += cfail + trivial_failures(lib, only)
    if args.table:
        with open(args.table, "w") as f:
            f.write("| function | float64: nd | NumPy | float32: nd | NumPy | nd's bound |\n")
            f.write("|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n\n")
            f.write(chead + "\n|---|---|---|---|---|---|---|---|---|---|\n" + "\n".join(crows) + "\n")
    for msg in failures:
        print("FAIL " + msg)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
