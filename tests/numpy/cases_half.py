"""Differential cases for float16: elementwise functions that both libraries round once from
an exact or float32 result (arithmetic, sqrt, rounding, comparisons, nextafter), with
broadcasting and promotion against other dtypes, casts both ways and max/min reductions,
on random views with NaN, infinities and signed zeros. Compared bit for bit (NaN payloads
aside; max and min by value, since which of equal zeros they return is nd's own rule). The transcendental functions are compared on every float16 value in
tests/python/test_half.py (their float32 routines differ from NumPy's in the last bit, which
decides a 16-bit result next to a rounding tie)."""
import ctypes

import numpy as np

from cases_compute import broadcast_partner, random_view, run_both as run_both_checked
from ndlib import CODE, P, int_arg


def same_bits(got, want, what):
    """Equal shapes and dtypes; equal values, float16 and float32 by their bits (so signed
    zeros count) with NaN where NumPy has NaN."""
    assert got.shape == want.shape, "%s: shape %s vs NumPy %s" % (what, got.shape, want.shape)
    assert got.dtype == want.dtype, "%s: dtype %s vs NumPy %s" % (what, got.dtype, want.dtype)
    if want.dtype.kind != "f":
        assert np.array_equal(got, want), "%s: values differ\n%s\nvs NumPy\n%s" % (what, got, want)
        return
    nan = np.isnan(want)
    bits = {2: np.uint16, 4: np.uint32, 8: np.uint64}[want.dtype.itemsize]
    ok = np.array_equal(np.isnan(got), nan) and np.array_equal(
        got[~nan].view(bits), want[~nan].view(bits))
    assert ok, "%s: values differ\n%s\nvs NumPy\n%s" % (what, got, want)


def same_values(got, want, what):
    assert got.shape == want.shape and got.dtype == want.dtype, (what, got.dtype, got.shape)
    assert np.array_equal(got, want, equal_nan=True), "%s: values differ\n%s\nvs NumPy\n%s" % (
        what, got, want)


def run_both(lib, log, fx, fa):
    """NumPy then nd: both reject, or both give the same bits."""
    run_both_checked(lib, log, fx, fa, compare=same_bits)


BINARY = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "copysign",
          "nextafter", "equal", "less", "greater_equal", "not_equal"]
PARTNERS = ["float16"] * 6 + ["float32", "float64", "int8", "uint8", "int16", "bool"]


def case_half_binary(lib, rng, log):
    op = str(rng.choice(BINARY))
    xv, av = random_view(lib, rng, log, dtype="float16", specials=True)
    y, b = broadcast_partner(lib, rng, log, xv.shape, str(rng.choice(PARTNERS)))
    if rng.random() < 0.5:
        xv, av, y, b = y, b, xv, av
    log.append(op)
    if op in ("copysign", "nextafter") and np.result_type(xv, y).kind != "f":
        return  # bool with bool: no float loop in NumPy
    f = getattr(lib, "nd_" + op)
    f.restype, f.argtypes = P, [P, P]
    run_both(lib, log, lambda: getattr(np, op)(xv, y), lambda: f(av.h, b.h))


UNARY = ["negative", "abs", "square", "sqrt", "floor", "ceil", "trunc", "round", "sign",
         "reciprocal", "isnan", "isinf", "signbit"]


def case_half_unary(lib, rng, log):
    op = str(rng.choice(UNARY))
    xv, av = random_view(lib, rng, log, dtype="float16", specials=True)
    log.append(op)
    f = getattr(lib, "nd_" + op)
    f.restype, f.argtypes = P, [P]
    run_both(lib, log, lambda: getattr(np, op)(xv), lambda: f(av.h))


def case_half_cast(lib, rng, log):
    src = str(rng.choice(["float16", "float32", "float64"]))
    dst = "float16" if src != "float16" else str(rng.choice(["float32", "float64", "int16", "int32"]))
    ints = dst.startswith("int")
    xv, av = random_view(lib, rng, log, dtype=src, specials=not ints)
    if src != "float16":  # values that round: a non-representable fraction, an overflow
        xv = xv * np.asarray(1.0009765625 + rng.random() * 1e-3, dtype=src)
        if rng.random() < 0.2:
            xv = xv * np.asarray(2000.0, dtype=src)
        av = lib.array(xv)
    log.append("astype %s" % dst)
    lib.nd_astype.restype, lib.nd_astype.argtypes = P, [P, ctypes.c_int]
    run_both(lib, log, lambda: xv.astype(dst), lambda: lib.nd_astype(av.h, CODE[dst]))


def case_half_reduce(lib, rng, log):
    op = str(rng.choice(["max", "min"]))
    xv, av = random_view(lib, rng, log, dtype="float16", specials=True, max_ndim=4)
    k = int(rng.integers(0, xv.ndim + 1))
    axes = sorted(int(v) for v in rng.choice(np.arange(xv.ndim), k, replace=False)) if xv.ndim else []
    keep = bool(rng.random() < 0.3)
    log.append("%s axes=%s keepdims=%s" % (op, axes, keep))
    f = getattr(lib, "nd_" + op)
    f.restype = P
    f.argtypes = [P, ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.c_bool]
    n, arr = int_arg(axes)
    # which of equal zeros max and min return is nd's rule (the later one, as for every
    # float dtype: cases_ordered.py), not NumPy's: values compared, -0.0 == 0.0
    run_both_checked(lib, log, lambda: getattr(np, op)(xv, axis=tuple(axes), keepdims=keep),
                     lambda: f(av.h, n, arr, keep), compare=same_values)


CASES = [("half_binary", case_half_binary, 2), ("half_unary", case_half_unary, 1),
         ("half_cast", case_half_cast, 1), ("half_reduce", case_half_reduce, 1)]
