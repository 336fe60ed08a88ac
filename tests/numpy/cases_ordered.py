"""Differential cases for reductions whose result depends on the order of the elements, on
reversed, stepped, permuted and broadcast views: prod and cumulative_prod (and their
dtype= forms), min and max with ties between signed zeros, argmax and argmin with ties;
and clip with mixed scalar bounds (integers beyond the dtype's range, floats, NaN, signed
zeros).

Products and clip compare bit for bit with NumPy, signed zeros included; a NaN only has to
be NaN in the same place (real and imaginary parts apart): NaN's sign and payload bits are
not part of the contract. min and max compare by value with NumPy, whose choice between
0.0 and -0.0 depends on its loop, and bit for bit with nd's own rule: of equal elements
the later in index order is kept, the same on every layout."""
import ctypes
import warnings

import numpy as np

from ndlib import CODE, P, int_arg, scalar, shape_arg, Scalar

AXIS_NONE = -2147483648
INEXACT = ["float32", "float64", "complex64", "complex128"]
SPECIALS = [np.inf, -np.inf, np.nan, 0.0, -0.0, 1e30, 1e-30, -1e30]


def fn(lib, name, res, args):
    f = getattr(lib, name)
    f.restype, f.argtypes = res, args
    return f


def values(rng, n, dtype, specials):
    """n values of dtype whose products round differently in every order (magnitudes near
    1), sometimes with infinities, NaN, zeros and values that overflow or underflow."""
    dt = np.dtype(dtype)
    if dt.kind == "b":
        return rng.integers(0, 2, n).astype(bool)
    if dt.kind in "iu":
        info = np.iinfo(dt)
        return rng.integers(max(info.min, -3), min(info.max, 4) + 1, n).astype(dt)
    v = rng.random(n) * 0.5 + 0.75
    if dt.kind == "c":
        v = v * np.exp(2j * np.pi * rng.random(n))
    if specials and rng.random() < 0.6:
        pick = rng.random(n) < 0.1
        s = rng.choice(SPECIALS, int(pick.sum()))
        if dt.kind == "c":  # a special real or imaginary part, the other 0, 1 or -1
            other = rng.choice([0.0, 1.0, -1.0], s.size)
            real = rng.random(s.size) < 0.5
            z = np.empty(s.size, complex)
            z.real, z.imag = np.where(real, s, other), np.where(real, other, s)
            s = z
        v[pick] = s
    return v.astype(dt)


def ordered_view(lib, rng, log, dtype, specials=False, pool=None, max_ndim=4):
    """A view of a random array, in NumPy and in nd alike: each axis stepped by +-1..3,
    axes permuted, and sometimes an axis broadcast from one element (stride 0) or a
    broadcast axis added in front. The base array is C or F ordered."""
    nd = int(rng.integers(1, max_ndim + 1))
    big = rng.random() < 0.15
    shape = [int(rng.integers(1, 40 if big else 7)) for _ in range(nd)]
    while int(np.prod(shape)) > 30000:
        shape[int(np.argmax(shape))] //= 2
    steps = [int(rng.choice([1, 1, 2, -1, -1, -2, 3, -3])) for _ in range(nd)]
    bshape = [s * abs(st) for s, st in zip(shape, steps)]
    n = int(np.prod(bshape))
    v = rng.choice(pool, n).astype(dtype) if pool is not None else values(rng, n, dtype, specials)
    base = v.reshape(bshape)
    order = "F" if rng.random() < 0.3 else "C"
    base = np.asfortranarray(base) if order == "F" else base
    a = lib.array(base, order)
    spec = ",".join("::%d" % st for st in steps)
    cut = ",".join(":%d" % s for s in shape)
    x = base[tuple(slice(None, None, st) for st in steps)][tuple(slice(0, s) for s in shape)]
    h = lib.check(lib.nd_index(a.h, spec.encode()))
    h = lib.check(lib.nd_index(h.h, cut.encode()))
    perm = [int(p) for p in rng.permutation(nd)]
    x = x.transpose(perm)
    n_, pa = int_arg(perm)
    h = lib.check(lib.nd_permute(h.h, n_, pa))
    what = "%s %s %s[%s][%s].transpose(%s)" % (dtype, order, tuple(bshape), spec, cut, perm)
    if rng.random() < 0.15:  # one axis broadcast from its first element
        ax = int(rng.integers(nd))
        one = ",".join("0:1" if i == ax else ":" for i in range(nd))
        x = np.broadcast_to(x[tuple(slice(0, 1) if i == ax else slice(None) for i in range(nd))], x.shape)
        h = lib.check(lib.nd_index(h.h, one.encode()))
        k, sh = shape_arg(x.shape)
        h = lib.check(lib.nd_broadcast_to(h.h, k, sh))
        what += " broadcast axis %d" % ax
    if rng.random() < 0.1:  # a broadcast axis in front
        full = (int(rng.integers(2, 4)),) + x.shape
        x = np.broadcast_to(x, full)
        k, sh = shape_arg(full)
        h = lib.check(lib.nd_broadcast_to(h.h, k, sh))
        what += " broadcast to %s" % (full,)
    log.append("%s -> shape %s strides %s" % (what, x.shape, x.strides))
    return x, h


def random_axes(rng, ndim):
    if rng.random() < 0.25:
        return None
    k = int(rng.integers(0, ndim + 1))
    return [int(a) - (ndim if rng.random() < 0.3 else 0) for a in rng.choice(ndim, k, replace=False)]


def parts(x):
    x = np.asarray(x)
    return np.stack([x.real, x.imag]) if x.dtype.kind == "c" else x


def assert_bits(got, want, what):
    """Same shape, dtype and bits; a NaN need only be NaN in the same place."""
    want = np.asarray(want)
    assert got.shape == want.shape, "%s: shape %s vs %s" % (what, got.shape, want.shape)
    assert got.dtype == want.dtype, "%s: dtype %s vs %s" % (what, got.dtype, want.dtype)
    g, w = parts(got), parts(want)
    if g.dtype.kind == "f":
        gn, wn = np.isnan(g), np.isnan(w)
        ok = np.array_equal(gn, wn) and np.where(gn, 0, g).tobytes() == np.where(wn, 0, w).tobytes()
    else:
        ok = g.tobytes() == w.tobytes()
    if not ok:
        if g.dtype.kind == "f":
            bad = (gn != wn) | (~gn & ((g != w) | (np.signbit(g) != np.signbit(w))))
        else:
            bad = g != w
        raise AssertionError("%s: bits differ at %s\n%r\nvs\n%r"
                             % (what, np.argwhere(bad)[:4].tolist(), got, want))


def numpy_or_none(f):
    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return np.asarray(f())
    except (ValueError, TypeError, OverflowError, np.exceptions.AxisError):
        return None


def check_both(lib, log, want, h):
    """NumPy's result (None: it refused) against nd's handle, bit for bit."""
    if want is None:
        assert not h, "NumPy rejects %s but nd accepts it" % log[-1]
        lib.nd_clear_error()
        return
    if not h:
        raise AssertionError("nd rejects %s: %s" % (log[-1], lib.error()))
    assert_bits(lib.check(h).numpy(), want, log[-1])


DTYPE_ARG = {"float32": ["float64", "complex64", "complex128"], "float64": ["complex128"],
             "complex64": ["complex128"], "complex128": [], "int16": ["float32", "float64"],
             "bool": ["float64", "complex64"]}


def case_prod(lib, rng, log):
    t = str(rng.choice(INEXACT + ["int16", "bool"]))
    x, h = ordered_view(lib, rng, log, t, specials=True)
    axes = random_axes(rng, x.ndim)
    keep = bool(rng.random() < 0.3)
    dt = str(rng.choice(DTYPE_ARG[t])) if DTYPE_ARG[t] and rng.random() < 0.25 else None
    log.append("prod axes=%s keepdims=%s dtype=%s" % (axes, keep, dt))
    want = numpy_or_none(lambda: np.prod(x, axis=None if axes is None else tuple(axes),
                                         keepdims=keep, dtype=dt))
    n, arr = (-1, None) if axes is None else int_arg(axes)
    args = [P, ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.c_bool]
    if dt is None:
        got = fn(lib, "nd_prod", P, args)(h.h, n, arr, keep)
    else:
        got = fn(lib, "nd_prod_dtype", P, args + [ctypes.c_int])(h.h, n, arr, keep, CODE[dt])
    check_both(lib, log, want, got)


def case_cumulative_prod(lib, rng, log):
    t = str(rng.choice(INEXACT + ["int16"]))
    x, h = ordered_view(lib, rng, log, t, specials=True, max_ndim=3)
    axis = None if x.ndim == 1 and rng.random() < 0.3 else int(rng.integers(-x.ndim, x.ndim))
    init = bool(rng.random() < 0.3)
    dt = str(rng.choice(DTYPE_ARG[t])) if DTYPE_ARG[t] and rng.random() < 0.25 else None
    log.append("cumulative_prod axis=%s include_initial=%s dtype=%s" % (axis, init, dt))
    want = numpy_or_none(lambda: np.cumulative_prod(x, axis=axis, dtype=dt, include_initial=init))
    c_axis = AXIS_NONE if axis is None else axis
    args = [P, ctypes.c_int, ctypes.c_bool]
    if dt is None:
        got = fn(lib, "nd_cumulative_prod", P, args)(h.h, c_axis, init)
    else:
        got = fn(lib, "nd_cumulative_prod_dtype", P, args + [ctypes.c_int])(h.h, c_axis, init, CODE[dt])
    check_both(lib, log, want, got)


def later_wins(x, axes, op):
    """nd's rule: x folded in C index order over the reduced axes, NaN propagating and, of
    equal elements, the later kept (max(a, b) = a if a > b or a is NaN, else b)."""
    axes = list(range(x.ndim)) if axes is None else sorted({a % x.ndim for a in axes})
    kept = [a for a in range(x.ndim) if a not in axes]
    y = x.transpose(kept + axes).reshape([x.shape[a] for a in kept] + [-1])
    acc = y[..., 0].copy()
    for j in range(1, y.shape[-1]):
        v = y[..., j]
        keep = ((acc > v) if op == "max" else (acc < v)) | np.isnan(acc)
        acc = np.where(keep, acc, v)
    return acc


def case_minmax_zeros(lib, rng, log):
    t = str(rng.choice(["float32", "float64"]))
    pool = [0.0, -0.0, -1.0, 1.0, -2.0] + ([np.nan] if rng.random() < 0.2 else [])
    x, h = ordered_view(lib, rng, log, t, pool=pool)
    axes = random_axes(rng, x.ndim)
    if axes == []:
        axes = None
    op = str(rng.choice(["max", "min"]))
    log.append("%s axes=%s (signed-zero ties)" % (op, axes))
    n, arr = (-1, None) if axes is None else int_arg(axes)
    got = lib.check(fn(lib, "nd_" + op, P, [P, ctypes.c_int, ctypes.POINTER(ctypes.c_int),
                                            ctypes.c_bool])(h.h, n, arr, False)).numpy()
    assert_bits(got, later_wins(x, axes, op), log[-1] + " (the later of equal elements)")
    want = getattr(np, op)(x, axis=None if axes is None else tuple(axes))
    assert np.array_equal(got, want, equal_nan=True), "%s: values differ from NumPy's\n%r\nvs\n%r" % (log[-1], got, want)


def case_argminmax_ties(lib, rng, log):
    t = str(rng.choice(["float32", "float64", "int8", "uint16", "bool"]))
    pool = [0, 1, 2] if t in ("int8", "uint16", "bool") else \
        [0.0, -0.0, 1.0, -1.0] + ([np.nan] if rng.random() < 0.3 else [])
    if t == "bool":
        pool = [False, True]
    x, h = ordered_view(lib, rng, log, t, pool=pool)
    op = str(rng.choice(["argmax", "argmin"]))
    axis = None if rng.random() < 0.25 else int(rng.integers(-x.ndim, x.ndim))
    keep = bool(rng.random() < 0.3)
    log.append("%s axis=%s keepdims=%s" % (op, axis, keep))
    want = getattr(np, op)(x, axis=axis, keepdims=keep).astype(np.int64)
    got = fn(lib, "nd_" + op, P, [P, ctypes.c_int, ctypes.c_bool])(
        h.h, AXIS_NONE if axis is None else axis, keep)
    check_both(lib, log, want, got)


CLIP_INTS = [0, 1, -1, 5, -5, 100, 127, 128, -128, -129, 255, 256, 300, 400, -300, 65535, 65536,
             -32769, 2**31, -2**31 - 1, 2**32, 2**63 - 1, -2**63]
CLIP_FLOATS = [0.0, -0.0, 0.5, 1.5, -1.5, 2.0, 300.0, 400.0, -300.0, np.nan, np.inf, -np.inf, 1e20]
CLIP_DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
               "float32", "float64"]


def clip_bound(rng):
    r = rng.random()
    if r < 0.5:
        return int(rng.choice(CLIP_INTS))
    if r < 0.95:
        return float(rng.choice(CLIP_FLOATS))
    return bool(rng.random() < 0.5)


def case_clip_scalars(lib, rng, log):
    t = str(rng.choice(CLIP_DTYPES))
    pool = [0, 1, 2, 3, 127] if t != "bool" else [False, True]
    if t.startswith("float"):
        pool = [0.0, -0.0, 1.0, 2.5, -3.0, 300.0, np.nan]
    x, h = ordered_view(lib, rng, log, t, pool=pool, max_ndim=2)
    lo, hi = clip_bound(rng), clip_bound(rng)
    log.append("clip(%r, %r)" % (lo, hi))
    want = numpy_or_none(lambda: np.clip(x, lo, hi))
    f = fn(lib, "nd_clip_scalar", P, [P, Scalar, Scalar])
    check_both(lib, log, want, f(h.h, scalar(lo), scalar(hi)))


CASES = [("prod", case_prod, 4), ("cumulative_prod", case_cumulative_prod, 2),
         ("minmax_zeros", case_minmax_zeros, 2), ("argminmax_ties", case_argminmax_ties, 1),
         ("clip_scalars", case_clip_scalars, 2)]
