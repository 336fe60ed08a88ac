"""Differential cases for sorting, searching, sets, scans, statistics and manipulation
(sort, argsort, searchsorted, unique_*, argmax/argmin, var/std, cumulative_sum, diff,
concat, take, roll, repeat, tile), on random views of random dtypes whose float values
include NaN, infinities and signed zeros. Orders and indices compare exactly."""
import ctypes
import warnings

import numpy as np

from cases_compute import assert_close, random_view, run_both
from cases_layout import random_array
from ndlib import DTYPES, int_arg, P

REAL = [d for d in DTYPES if not d.startswith("complex")]
AXIS_NONE = -2147483648


def random_axis(rng, ndim, none_ok=True):
    if none_ok and rng.random() < 0.2:
        return None
    return int(rng.integers(-max(ndim, 1), max(ndim, 1))) if ndim else -1


def c_axis(axis):
    return AXIS_NONE if axis is None else axis


def fn(lib, name, res, args):
    f = getattr(lib, name)
    f.restype, f.argtypes = res, args
    return f


def np_sort_desc(x, axis, arg):
    """The Array API's stable descending sort on NumPy: the reverse of the stable
    ascending sort of the reversed array (NaNs first, equal elements in input order)."""
    if axis is None:
        x, axis = x.reshape(-1), -1
    if x.ndim == 0:
        return np.zeros(1, np.int64) if arg else x.reshape(1)
    r = np.flip(np.argsort(np.flip(x, axis), axis=axis, kind="stable"), axis)
    r = x.shape[axis] - 1 - r
    return r if arg else np.take_along_axis(x, r, axis)


def case_sort(lib, rng, log):
    xv, av = random_view(lib, rng, log, specials=True, dtype=str(rng.choice(REAL)))
    axis, desc, arg = random_axis(rng, xv.ndim), bool(rng.random() < 0.4), bool(rng.random() < 0.5)
    name = "nd_argsort" if arg else "nd_sort"
    log.append("%s axis=%s descending=%s" % (name, axis, desc))
    f = fn(lib, name, P, [P, ctypes.c_int, ctypes.c_bool])

    def want():
        if xv.ndim == 0 and axis not in (None, -1, 0):
            raise np.exceptions.AxisError("axis")
        r = (np.argsort if arg else np.sort)(xv, axis=axis, kind="stable")  # NumPy's checks
        if desc:
            return np_sort_desc(xv, axis, arg)
        return r.astype(np.int64) if arg else r
    run_both(lib, log, want, lambda: f(av.h, c_axis(axis), desc))


def case_searchsorted(lib, rng, log):
    t = str(rng.choice(["int32", "int64", "uint8", "float32", "float64"]))
    base = random_array(rng, max_ndim=1, max_extent=12, dtype=t).reshape(-1)
    if base.dtype.kind == "f" and rng.random() < 0.5 and base.size:
        base[rng.random(base.size) < 0.2] = np.nan
    srt = np.sort(base)
    vt = str(rng.choice(["int64", "float64", t]))
    vals, vh = random_view(lib, rng, log, specials=True, dtype=vt)
    side = "right" if rng.random() < 0.5 else "left"
    use_sorter = rng.random() < 0.4
    log.append("searchsorted %s %s side=%s sorter=%s" % (srt.dtype, srt.shape, side, use_sorter))
    f = fn(lib, "nd_searchsorted", P, [P, P, ctypes.c_int, P])
    if use_sorter:
        perm = rng.permutation(srt.size)
        unsorted = srt[perm]
        sorter = np.argsort(perm).astype(np.int64)
        s_nd, so_nd = lib.array(unsorted), lib.array(sorter)
        run_both(lib, log, lambda: np.searchsorted(unsorted, vals, side, sorter=sorter),
                 lambda: f(s_nd.h, vh.h, 1 if side == "right" else 0, so_nd.h))
    else:
        s_nd = lib.array(srt)
        run_both(lib, log, lambda: np.searchsorted(srt, vals, side),
                 lambda: f(s_nd.h, vh.h, 1 if side == "right" else 0, None))


def case_unique(lib, rng, log):
    xv, av = random_view(lib, rng, log, specials=True, dtype=str(rng.choice(REAL)))
    log.append("unique_all")
    out = [ctypes.c_void_p() for _ in range(4)]
    f = fn(lib, "nd_unique_all", ctypes.c_int, [P] + [ctypes.POINTER(ctypes.c_void_p)] * 4)
    lib.check_status(f(av.h, *[ctypes.byref(o) for o in out]))
    vals, idx, inv, cnt = [lib.check(o.value).numpy() for o in out]
    flat = xv.reshape(-1)
    # every NaN distinct, -0.0 == 0.0, values sorted (NaNs last), first occurrences
    wv, wi, winv, wc = np.unique(flat, return_index=True, return_inverse=True,
                                 return_counts=True, equal_nan=False)
    assert_close(vals, wv, "unique values")
    assert_close(idx, wi.astype(np.int64), "unique indices")
    assert_close(inv, winv.astype(np.int64).reshape(xv.shape), "unique inverse")
    assert_close(cnt, wc.astype(np.int64), "unique counts")


def case_argminmax(lib, rng, log):
    xv, av = random_view(lib, rng, log, specials=True, dtype=str(rng.choice(REAL)), max_ndim=4)
    op = "argmax" if rng.random() < 0.5 else "argmin"
    axis, keep = random_axis(rng, xv.ndim), bool(rng.random() < 0.3)
    log.append("%s axis=%s keepdims=%s" % (op, axis, keep))
    f = fn(lib, "nd_" + op, P, [P, ctypes.c_int, ctypes.c_bool])
    run_both(lib, log, lambda: getattr(np, op)(xv, axis=axis, keepdims=keep).astype(np.int64),
             lambda: f(av.h, c_axis(axis), keep))


def case_var(lib, rng, log):
    t = str(rng.choice(["float32", "float64", "int32", "complex128"]))
    xv, av = random_view(lib, rng, log, specials=True, dtype=t)
    op = "var" if rng.random() < 0.5 else "std"
    corr = float(rng.choice([0.0, 1.0, 0.5]))
    keep = bool(rng.random() < 0.3)
    axis = random_axis(rng, xv.ndim)
    axes = None if axis is None or xv.ndim == 0 else [axis]
    log.append("%s axes=%s correction=%s keepdims=%s" % (op, axes, corr, keep))
    n, arr = (-1, None) if axes is None else int_arg(axes)
    f = fn(lib, "nd_" + op, P,
           [P, ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.c_double, ctypes.c_bool])
    run_both(lib, log, lambda: getattr(np, op)(xv, axis=None if axes is None else tuple(axes),
                                               ddof=corr, keepdims=keep),
             lambda: f(av.h, n, arr, corr, keep))


def case_cumsum(lib, rng, log):
    xv, av = random_view(lib, rng, log, specials=True, dtype=str(rng.choice(DTYPES)))
    axis = random_axis(rng, xv.ndim, none_ok=xv.ndim <= 1)
    init = bool(rng.random() < 0.4)
    log.append("cumulative_sum axis=%s include_initial=%s" % (axis, init))
    f = fn(lib, "nd_cumulative_sum", P, [P, ctypes.c_int, ctypes.c_bool])
    run_both(lib, log, lambda: np.cumulative_sum(xv, axis=axis, include_initial=init),
             lambda: f(av.h, c_axis(axis), init))


def case_diff(lib, rng, log):
    xv, av = random_view(lib, rng, log, specials=True, dtype=str(rng.choice(DTYPES)))
    axis, n = random_axis(rng, xv.ndim, none_ok=False), int(rng.integers(0, 3))
    log.append("diff axis=%s n=%d" % (axis, n))
    f = fn(lib, "nd_diff", P, [P, ctypes.c_int, ctypes.c_int, P, P])
    run_both(lib, log, lambda: np.diff(xv, n=n, axis=axis), lambda: f(av.h, axis, n, None, None))


def case_concat(lib, rng, log):
    xv, av = random_view(lib, rng, log, specials=True, dtype=str(rng.choice(DTYPES)))
    axis = random_axis(rng, xv.ndim)
    other = np.asarray(xv)
    if axis is not None and xv.ndim and rng.random() < 0.7:
        sh = list(xv.shape)
        sh[axis] = int(rng.integers(0, 4))
        other = np.arange(int(np.prod(sh)), dtype=np.int64).reshape(sh) % 5
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # complex to real, NaN to int: as NumPy casts
        other = other.astype(str(rng.choice(DTYPES)))
    if other.ndim >= 2 and rng.random() < 0.5:
        other = np.asfortranarray(other)
    oh = lib.array(other, "F" if other.flags.f_contiguous and not other.flags.c_contiguous else "C")
    log.append("concat with %s %s axis=%s" % (other.dtype, other.shape, axis))
    arrs = (ctypes.c_void_p * 2)(av.h.value, oh.h.value)
    f = fn(lib, "nd_concat", P, [ctypes.c_int, ctypes.c_void_p, ctypes.c_int])
    run_both(lib, log, lambda: np.concat([xv, other], axis=axis), lambda: f(2, arrs, c_axis(axis)))


def case_take(lib, rng, log):
    xv, av = random_view(lib, rng, log, specials=True, dtype=str(rng.choice(DTYPES)))
    axis = random_axis(rng, xv.ndim)
    ext = xv.size if axis is None else (xv.shape[axis] if xv.ndim else 1)
    ish = tuple(int(rng.integers(0, 4)) for _ in range(int(rng.integers(0, 3))))
    lo, hi = -max(ext, 1), max(ext, 1) + (1 if rng.random() < 0.1 else 0)
    idx = rng.integers(lo, hi, ish).astype(str(rng.choice(["int64", "int32", "uint8", "int8"])))
    if idx.dtype.kind == "u":
        idx = np.abs(idx.astype(np.int64)).astype(idx.dtype)
    ih = lib.array(idx)
    log.append("take %s %s axis=%s" % (idx.dtype, idx.shape, axis))
    f = fn(lib, "nd_take", P, [P, P, ctypes.c_int])
    run_both(lib, log, lambda: np.take(xv, idx, axis=axis), lambda: f(av.h, ih.h, c_axis(axis)))


def case_roll(lib, rng, log):
    xv, av = random_view(lib, rng, log, specials=True, dtype=str(rng.choice(DTYPES)))
    if xv.ndim == 0 or rng.random() < 0.2:
        shift = int(rng.integers(-8, 9))
        log.append("roll flat shift=%d" % shift)
        f = fn(lib, "nd_roll", P,
               [P, ctypes.c_int, ctypes.POINTER(ctypes.c_int64), ctypes.c_int, P])
        run_both(lib, log, lambda: np.roll(xv, shift),
                 lambda: f(av.h, 1, (ctypes.c_int64 * 1)(shift), -1, None))
        return
    k = int(rng.integers(1, 3))
    axes = [int(rng.integers(-xv.ndim, xv.ndim)) for _ in range(k)]
    shifts = [int(rng.integers(-8, 9)) for _ in range(k)]
    log.append("roll shifts=%s axes=%s" % (shifts, axes))
    f = fn(lib, "nd_roll", P, [P, ctypes.c_int, ctypes.POINTER(ctypes.c_int64), ctypes.c_int,
                               ctypes.POINTER(ctypes.c_int)])
    run_both(lib, log, lambda: np.roll(xv, shifts, axes),
             lambda: f(av.h, k, (ctypes.c_int64 * k)(*shifts), k, (ctypes.c_int * k)(*axes)))


def case_repeat_tile(lib, rng, log):
    xv, av = random_view(lib, rng, log, specials=True, dtype=str(rng.choice(DTYPES)))
    if rng.random() < 0.5:
        axis, r = random_axis(rng, xv.ndim), int(rng.integers(0, 4))
        log.append("repeat %d axis=%s" % (r, axis))
        f = fn(lib, "nd_repeat", P, [P, ctypes.c_int64, ctypes.c_int])
        run_both(lib, log, lambda: np.repeat(xv, r, axis=axis), lambda: f(av.h, r, c_axis(axis)))
    else:
        reps = [int(rng.integers(0, 3)) for _ in range(int(rng.integers(0, 4)))]
        log.append("tile %s" % reps)
        f = fn(lib, "nd_tile", P, [P, ctypes.c_int, ctypes.POINTER(ctypes.c_int64)])
        run_both(lib, log, lambda: np.tile(xv, reps),
                 lambda: f(av.h, len(reps), (ctypes.c_int64 * max(1, len(reps)))(*reps)))


CASES = [("sort", case_sort, 4), ("searchsorted", case_searchsorted, 2), ("unique", case_unique, 2),
         ("argminmax", case_argminmax, 2), ("var_std", case_var, 2), ("cumsum", case_cumsum, 2),
         ("diff", case_diff, 1), ("concat", case_concat, 2), ("take", case_take, 2),
         ("roll", case_roll, 1), ("repeat_tile", case_repeat_tile, 2)]
