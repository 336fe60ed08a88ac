"""Differential cases for libnd_fft (run when run_diff.py gets --fft-lib): every transform
with random n (cut, default, padded), axes (negative too), s, norm, on random views of
random dtypes, against np.fft; _out forms into random views, in place and overlapping;
fftfreq, rfftfreq, fftshift, ifftshift. Both must reject the same calls, except where nd
deliberately differs (listed where the case avoids them). Values compare within a relative
tolerance per dtype, scaled by log2 of the transform size."""
import ctypes as C
import warnings

import numpy as np

from cases_compute import random_view
from ndlib import CODE, DTYPES, I64P, INTP, P, NdError

NORMS = ["backward", "ortho", "forward"]
ONE_AXIS = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft"]
N_AXES = ["fftn", "ifftn", "rfftn", "irfftn"]
REAL_IN = ("rfft", "ihfft", "rfftn")
EPS = {"float32": 1.2e-7, "complex64": 1.2e-7, "float64": 2.3e-16, "complex128": 2.3e-16}


def declare(fft):
    """Signatures of libnd_fft's functions on the ctypes library."""
    for name in ONE_AXIS:
        getattr(fft, "nd_fft_" + name).restype = P
        getattr(fft, "nd_fft_" + name).argtypes = [P, C.c_int64, C.c_int, C.c_int]
        getattr(fft, "nd_fft_%s_out" % name).restype = C.c_int
        getattr(fft, "nd_fft_%s_out" % name).argtypes = [P, P, C.c_int64, C.c_int, C.c_int]
    for name in N_AXES:
        getattr(fft, "nd_fft_" + name).restype = P
        getattr(fft, "nd_fft_" + name).argtypes = [P, C.c_int, INTP, C.c_int, I64P, C.c_int]
        getattr(fft, "nd_fft_%s_out" % name).restype = C.c_int
        getattr(fft, "nd_fft_%s_out" % name).argtypes = [P, P, C.c_int, INTP, C.c_int, I64P, C.c_int]
    for name in ("fftfreq", "rfftfreq"):
        getattr(fft, "nd_fft_" + name).restype = P
        getattr(fft, "nd_fft_" + name).argtypes = [C.c_int64, C.c_double, C.c_int]
    for name in ("fftshift", "ifftshift"):
        getattr(fft, "nd_fft_" + name).restype = P
        getattr(fft, "nd_fft_" + name).argtypes = [P, C.c_int, INTP]


def assert_close(got, want, points, what):
    """Within the tolerance for a transform of `points` points; points 0: exactly."""
    assert got.shape == want.shape, "%s: shape %s vs NumPy %s" % (what, got.shape, want.shape)
    assert got.dtype == want.dtype, "%s: dtype %s vs NumPy %s" % (what, got.dtype, want.dtype)
    if want.size == 0:
        return
    if points == 0:
        assert np.array_equal(got, want), "%s: values differ\n%s\nvs NumPy\n%s" % (what, got, want)
        return
    eps = EPS[want.dtype.name]
    tol = 16 * eps * (1 + np.log2(points + 1))
    scale = np.sqrt(np.mean(np.abs(want.astype(np.complex128)) ** 2))
    err = np.sqrt(np.mean(np.abs(got.astype(np.complex128) - want) ** 2))
    assert err <= tol * max(scale, 1e-300), "%s: rms error %.3g above %.3g (scale %.3g)\n%s\nvs NumPy\n%s" % (
        what, err, tol * scale, scale, got, want)


def run_pair(lib, log, fx, fa, points):
    """NumPy then nd: both reject, or both succeed and agree."""
    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            want = fx()
    except (ValueError, TypeError, IndexError, np.exceptions.AxisError, ZeroDivisionError):
        want = None
    h = fa()
    if want is None:
        assert not h, "NumPy rejects %s but nd accepts it" % log[-1]
        lib.nd_clear_error()
        return
    if not h:
        raise AssertionError("nd rejects %s: %s" % (log[-1], lib.error()))
    assert_close(lib.check(h).numpy(), np.asarray(want), points, log[-1])


def pick_dtype(rng, real_only):
    names = [d for d in DTYPES if not (real_only and d.startswith("complex"))]
    if rng.random() < 0.6:  # mostly the inexact dtypes
        names = [d for d in names if d.startswith(("float", "complex"))]
    return str(rng.choice(names))


def case_one_axis(lib, rng, log):
    name = str(rng.choice(ONE_AXIS))
    real_in = name in REAL_IN
    xv, av = random_view(lib, rng, log, dtype=pick_dtype(rng, real_in and rng.random() < 0.95), max_ndim=3)
    if xv.ndim == 0:
        axis = -1
    else:
        axis = int(rng.integers(-xv.ndim, xv.ndim + (1 if rng.random() < 0.05 else 0)))
    n = None if rng.random() < 0.4 else int(rng.integers(1, 12))
    norm = str(rng.choice(NORMS))
    log.append("%s(n=%s, axis=%d, norm=%s)" % (name, n, axis, norm))
    f = getattr(lib.fft, "nd_fft_" + name)
    m = xv.shape[axis] if -xv.ndim <= axis < xv.ndim else 1
    if m == 0 and name in ("irfft", "hfft"):
        return  # NumPy 2.4 returns uninitialised memory for an empty axis; nd zeros (unit-tested)
    points = n or max(m, 1)
    run_pair(lib, log, lambda: getattr(np.fft, name)(xv, n=n, axis=axis, norm=norm),
             lambda: f(av.h, n or 0, axis, NORMS.index(norm)), points)


def case_n_axes(lib, rng, log):
    name = str(rng.choice(N_AXES))
    xv, av = random_view(lib, rng, log, dtype=pick_dtype(rng, name in REAL_IN), max_ndim=3)
    nd = xv.ndim
    if rng.random() < 0.25 or nd == 0:
        axes = None
    else:  # distinct axes (nd rejects repeats, NumPy transforms twice: unit-tested)
        k = int(rng.integers(1, nd + 1))
        axes = [int(a) - (nd if rng.random() < 0.4 else 0) for a in rng.permutation(nd)[:k]]
    count = nd if axes is None else len(axes)
    if name in ("rfftn", "irfftn") and count == 0:
        return  # NumPy fails with IndexError on no axes, nd with its own message (unit-tested)
    # s entries of -1 (NumPy 2: the axis length, also for irfftn's last axis) now and then
    s = None if rng.random() < 0.4 or count == 0 else [
        -1 if rng.random() < 0.2 else int(rng.integers(1, 9)) for _ in range(count)]
    if s is not None and axes is None:
        axes = list(range(nd))  # NumPy 2 deprecates s without axes
    norm = str(rng.choice(NORMS))
    log.append("%s(s=%s, axes=%s, norm=%s)" % (name, s, axes, norm))
    if count == 0 and name in ("fftn", "ifftn"):
        # no axes: NumPy returns x itself, nd a complex copy (the Array API's dtype rule)
        h = getattr(lib.fft, "nd_fft_" + name)(av.h, 0 if axes is not None else -1, None, -1, None, 0)
        got = lib.check(h).numpy()
        assert np.array_equal(got, xv.astype(got.dtype)), "no axes: %s vs %s" % (got, xv)
        return
    last = (axes or list(range(nd)))[-1] if count else 0
    if name == "irfftn" and xv.shape[last] == 0:
        return  # NumPy 2.4 returns uninitialised memory for an empty last axis; nd zeros
    na, ax = (-1, None) if axes is None else (len(axes), (C.c_int * len(axes))(*axes))
    ns, sa = (-1, None) if s is None else (len(s), (C.c_int64 * len(s))(*s))
    f = getattr(lib.fft, "nd_fft_" + name)
    shape = xv.shape
    lens = [shape[a] for a in (axes or range(nd))] if s is None else [
        shape[a] if v == -1 else v for v, a in zip(s, axes or range(nd))]
    points = int(np.prod(lens or [1]))
    run_pair(lib, log, lambda: getattr(np.fft, name)(xv, s=s, axes=axes, norm=norm),
             lambda: f(av.h, na, ax, ns, sa, NORMS.index(norm)), max(points, 1))


def case_out(lib, rng, log):
    """_out forms: into a random view of a bigger array, into x itself, and into an array
    overlapping x."""
    name = str(rng.choice(["fft", "ifft", "rfft", "irfft", "fftn"]))
    dt = "complex128" if name not in REAL_IN else "float64"
    if rng.random() < 0.3:
        dt = {"complex128": "complex64", "float64": "float32"}[dt]
    xv, av = random_view(lib, rng, log, dtype=dt, max_ndim=3)
    if xv.ndim == 0 or xv.size == 0:
        return
    axis = int(rng.integers(-xv.ndim, xv.ndim))
    if name == "fftn":
        want = np.fft.fftn(xv)
        call = lambda out, x: lib.fft.nd_fft_fftn_out(out, x, -1, None, -1, None, 0)
    else:
        if name == "irfft" and xv.shape[axis] < 2:
            return
        want = getattr(np.fft, name)(xv, axis=axis)
        f = getattr(lib.fft, "nd_fft_%s_out" % name)
        call = lambda out, x: f(out, x, 0, axis, 0)
    points = max(xv.size, 1)
    mode = rng.random()
    if mode < 0.3 and name in ("fft", "ifft", "fftn"):  # in place: out is x
        log.append("%s_out in place" % name)
        lib.check_status(call(av.h, av.h))
        got = lib.check(lib.nd_copy(av.h, ord("C"))).numpy()
    elif mode < 0.5 and name in ("fft", "ifft", "fftn") and xv.ndim >= 1:
        # overlapping: out and x are two different views of one buffer
        log.append("%s_out overlapping" % name)
        buf = lib.array(np.concatenate([xv.reshape(-1), np.zeros(xv.size + 3, xv.dtype)]))
        shape = xv.shape
        head = lib.check(lib.nd_index(buf.h, b":%d" % xv.size))
        tail = lib.check(lib.nd_index(buf.h, b"2:%d" % (xv.size + 2)))
        x_in = lib.check(lib.nd_reshape(head.h, len(shape), (C.c_int64 * len(shape))(*shape), ord("C")))
        out = lib.check(lib.nd_reshape(tail.h, len(shape), (C.c_int64 * len(shape))(*shape), ord("C")))
        lib.check_status(call(out.h, x_in.h))
        got = out.numpy()
        want = np.fft.fftn(xv) if name == "fftn" else getattr(np.fft, name)(xv, axis=axis)
    else:
        log.append("%s_out into a view" % name)
        big = tuple(2 * e + 1 for e in want.shape)
        holder = lib.array(np.zeros(big, want.dtype))
        spec = ", ".join("1::2" if rng.random() < 0.5 or e == 0 else "%d::-2" % (2 * e - 1) for e in want.shape)
        out = lib.check(lib.nd_index(holder.h, spec.encode()))
        lib.check_status(call(out.h, av.h))
        got = out.numpy()
    assert_close(got, want, points, log[-1])


def case_freq_shift(lib, rng, log):
    r = rng.random()
    if r < 0.4:
        name = str(rng.choice(["fftfreq", "rfftfreq"]))
        n = int(rng.integers(-1, 12))
        d = float(rng.choice([1.0, 0.5, -2.0, 0.0, 1e-3]))
        dt = str(rng.choice(["float32", "float64", "int64", "complex128"]))
        log.append("%s(%d, d=%g, dtype=%s)" % (name, n, d, dt))

        def fx():
            if dt not in ("float32", "float64"):
                raise TypeError("dtype")
            if n < 1:
                raise ValueError("n")
            return getattr(np.fft, name)(n, d).astype(dt)
        run_pair(lib, log, fx, lambda: getattr(lib.fft, "nd_fft_" + name)(n, d, CODE[dt]), 0)
        return
    name = str(rng.choice(["fftshift", "ifftshift"]))
    xv, av = random_view(lib, rng, log, max_ndim=3)
    nd = xv.ndim
    if rng.random() < 0.3 or nd == 0:
        axes, na, ax = None, -1, None
    else:  # repeated axes shift twice, as NumPy does
        axes = [int(rng.integers(-nd, nd + (1 if rng.random() < 0.05 else 0))) for _ in range(int(rng.integers(0, nd + 2)))]
        na, ax = len(axes), (C.c_int * max(1, len(axes)))(*axes)
    log.append("%s(axes=%s)" % (name, axes))
    if nd == 0:  # NumPy fails on a 0-d array (an unpacking error); nd returns a copy
        got = lib.check(getattr(lib.fft, "nd_fft_" + name)(av.h, -1, None)).numpy()
        assert np.array_equal(got, xv)
        return
    run_pair(lib, log, lambda: getattr(np.fft, name)(xv, axes=axes),
             lambda: getattr(lib.fft, "nd_fft_" + name)(av.h, na, ax), 0)


CASES = [("fft_one_axis", case_one_axis, 4), ("fft_n_axes", case_n_axes, 3), ("fft_out", case_out, 1),
         ("fft_freq_shift", case_freq_shift, 1)]
