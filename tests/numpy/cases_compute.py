"""Differential cases for computation: elementwise functions with broadcasting and type
promotion, reductions over random axes, matmul, einsum and .npy files, each on random
views (steps, negative steps, transposes, broadcasts, 0-d, size 0) of random dtypes.
Integers and layout work compare exactly; floats within a relative tolerance per dtype
(summation order and vector math routines may differ from NumPy's by a few ulp)."""
import ctypes
import os
import tempfile
import warnings

import numpy as np

from cases_layout import random_array, random_index, np_index
from ndlib import DTYPES, NdError, int_arg, P

NUMERIC = [d for d in DTYPES if d != "bool"]
FLOAT = ["float32", "float64"]
INEXACT = ["float32", "float64", "complex64", "complex128"]
RTOL = {"float32": 2e-5, "complex64": 2e-5, "float64": 1e-12, "complex128": 1e-12}


SPECIALS = [np.nan, -0.0, 0.0, np.inf, -np.inf]


def random_view(lib, rng, log, dtype=None, max_ndim=3, specials=False):
    """A random array and a random view of it, in NumPy and in nd alike. With `specials`,
    float arrays often hold NaN, infinities and signed zeros too."""
    x = random_array(rng, max_ndim=max_ndim, max_extent=5, dtype=dtype)
    if specials and x.dtype.kind == "f" and x.size and rng.random() < 0.6:
        flat = x.reshape(-1)
        pick = rng.random(flat.size) < 0.2
        flat[pick] = rng.choice(SPECIALS, int(pick.sum()))
    if rng.random() < 0.3:
        x = np.asfortranarray(x)
    a = lib.array(x, "F" if x.flags.f_contiguous and not x.flags.c_contiguous else "C")
    spec = random_index(rng, x.ndim, x.shape) if rng.random() < 0.6 else "..."
    try:
        xv = np_index(x, spec)
    except (IndexError, ValueError, TypeError):
        spec = "..."
        xv = x[...]
    av = lib.check(lib.nd_index(a.h, spec.encode()))
    if rng.random() < 0.3 and xv.ndim >= 2:
        xv, av = xv.T, lib.check(lib.nd_transpose(av.h))
        spec += " .T"
    log.append("%s %s[%s] -> %s" % (x.dtype, x.shape, spec, xv.shape))
    return xv, av


def broadcast_partner(lib, rng, log, shape, dtype):
    """A view whose shape broadcasts against `shape` (trailing axes kept, some set to 1)."""
    keep = int(rng.integers(0, len(shape) + 1))
    sh = tuple(1 if rng.random() < 0.3 else s for s in shape[len(shape) - keep:])
    if rng.random() < 0.1 and sh:  # sometimes incompatible
        sh = sh[:-1] + (sh[-1] + 1,)
    y = (np.arange(int(np.prod(sh)), dtype=np.float64).reshape(sh) % 7 - 2).astype(dtype)
    if rng.random() < 0.5 and y.ndim >= 2:
        y = np.ascontiguousarray(y.T).T  # F layout, same values
    b = lib.array(np.array(y, order="C"))
    log.append("partner %s %s" % (y.dtype, y.shape))
    return y, b


def assert_close(got, want, what):
    assert got.shape == want.shape, "%s: shape %s vs NumPy %s" % (what, got.shape, want.shape)
    assert got.dtype == want.dtype, "%s: dtype %s vs NumPy %s" % (what, got.dtype, want.dtype)
    if want.dtype.kind in "fc":
        rtol = RTOL[want.dtype.name]
        scale = np.max(np.abs(want[np.isfinite(want)]), initial=1.0)
        ok = np.allclose(got, want, rtol=rtol, atol=rtol * scale, equal_nan=True)
    else:
        ok = np.array_equal(got, want)
    assert ok, "%s: values differ\n%s\nvs NumPy\n%s" % (what, got, want)


def run_both(lib, log, fx, fa, fx32=None, compare=assert_close):
    """Runs NumPy then nd; both must reject, or both succeed and agree (by `compare`). Where
    NumPy computes in float16 (8-bit integer inputs), nd uses float32: fx32 gives NumPy's
    result on float32 inputs to compare with."""
    try:
        with np.errstate(all="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)  # mean of an empty slice
            want = fx()
    except (ValueError, TypeError, np.exceptions.AxisError, IndexError, OverflowError):
        want = None
    h = fa()
    if want is None:
        assert not h, "NumPy rejects %s but nd accepts it" % log[-1]
        lib.nd_clear_error()
        return
    if not h:
        raise AssertionError("nd rejects %s: %s" % (log[-1], lib.error()))
    want = np.asarray(want)
    if want.dtype == np.float16 and fx32 is not None:
        with np.errstate(all="ignore"):
            want = np.asarray(fx32())
    compare(lib.check(h).numpy(), want, log[-1])


def floor_divide_ref(x, y):
    """NumPy's floor_divide with the Array API's special cases for one infinite operand,
    which nd follows and NumPy does not: finite // inf is a signed zero, inf // finite a
    signed infinity (NumPy: -1.0 or NaN)."""
    r = np.asarray(np.floor_divide(x, y))
    if r.dtype.kind == "f":
        xs, ys = np.asarray(x), np.asarray(y)
        fix = (np.isinf(xs) != np.isinf(ys)) & (ys != 0)
        r = np.where(fix, np.true_divide(xs, ys).astype(r.dtype), r)
    return r


BINARY = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "equal", "less",
          "greater_equal", "bitwise_and", "floor_divide", "remainder", "hypot", "atan2"]


def case_binary(lib, rng, log):
    op = str(rng.choice(BINARY))
    xv, av = random_view(lib, rng, log, dtype=str(rng.choice(DTYPES)))
    yt = str(rng.choice(DTYPES))
    y, b = broadcast_partner(lib, rng, log, xv.shape, yt)
    if rng.random() < 0.5:
        xv, av, y, b = y, b, xv, av
    log.append(op)
    if op in ("floor_divide", "remainder") and np.result_type(xv, y).kind in "c":
        return  # NumPy has no complex floor_divide/remainder; nd rejects it (unit-tested)
    f = getattr(lib, "nd_" + op)
    f.restype, f.argtypes = P, [P, P]
    fn = floor_divide_ref if op == "floor_divide" else getattr(np, op)
    run_both(lib, log, lambda: fn(xv, y), lambda: f(av.h, b.h),
             lambda: fn(xv.astype(np.float32), y.astype(np.float32)))


UNARY = ["exp", "log", "sqrt", "sin", "cos", "tanh", "abs", "negative", "floor", "square",
         "sign", "expm1", "log1p", "isnan", "round", "reciprocal"]


def case_unary(lib, rng, log):
    op = str(rng.choice(UNARY))
    t = str(rng.choice(FLOAT if op in ("floor", "round") else INEXACT if rng.random() < 0.7
                       else NUMERIC))
    xv, av = random_view(lib, rng, log, dtype=t)
    log.append(op)
    f = getattr(lib, "nd_" + op)
    f.restype, f.argtypes = P, [P]
    fx = getattr(np, op)
    if xv.dtype.kind in "iu" and op in ("exp", "log", "sqrt", "sin", "cos", "tanh", "expm1", "log1p"):
        # nd computes 8-bit integers in float32 where NumPy uses float16: compare values
        h = f(av.h)
        if not h:
            raise AssertionError("nd rejects %s: %s" % (op, lib.error()))
        got = lib.check(h).numpy()
        with np.errstate(all="ignore"):
            want = fx(xv.astype(got.dtype))
        assert_close(got, want, op)
        return
    run_both(lib, log, lambda: fx(xv), lambda: f(av.h))


REDUCE = ["sum", "prod", "max", "min", "mean"]


def case_reduce(lib, rng, log):
    op = str(rng.choice(REDUCE))
    t = str(rng.choice(DTYPES))
    if op in ("max", "min") and t.startswith("complex"):
        t = "float64"  # complex has no ordering (nd rejects it; unit-tested)
    xv, av = random_view(lib, rng, log, dtype=t, max_ndim=4)
    keep = bool(rng.random() < 0.3)
    if rng.random() < 0.25:
        axes = None
    else:
        k = int(rng.integers(0, xv.ndim + 1))
        axes = [int(v) for v in rng.choice(np.arange(-xv.ndim, xv.ndim), k, replace=False)] if xv.ndim else []
        axes = [a for i, a in enumerate(axes) if a % max(xv.ndim, 1) not in [b % max(xv.ndim, 1) for b in axes[:i]]]
    log.append("%s axes=%s keepdims=%s" % (op, axes, keep))
    if op == "prod" and xv.dtype.kind in "fc" and \
            np.prod(np.maximum(np.abs(xv.astype(np.complex128)), 1.0)) > np.finfo(xv.dtype).max:
        return  # a partial product may overflow: inf * 0 gives NaN or 0 by summation order
    f = getattr(lib, "nd_" + op)
    f.restype = P
    n, arr = (-1, None) if axes is None else int_arg(axes)
    f.argtypes = [P, ctypes.c_int, ctypes.POINTER(ctypes.c_int), ctypes.c_bool]
    npf = {"max": np.max, "min": np.min}.get(op, getattr(np, op))
    tax = None if axes is None else tuple(axes)
    run_both(lib, log, lambda: npf(xv, axis=tax, keepdims=keep), lambda: f(av.h, n, arr, keep))


def case_matmul(lib, rng, log):
    t = str(rng.choice(["float32", "float64", "complex64", "complex128", "int64", "int32"]))
    m, k, n = (int(rng.integers(0, 7)) if rng.random() < 0.1 else int(rng.integers(1, 7)) for _ in range(3))
    batch = tuple(int(rng.integers(1, 4)) for _ in range(int(rng.integers(0, 3))))
    bb = tuple(1 if rng.random() < 0.3 else s for s in batch[int(rng.integers(0, len(batch) + 1)):])
    shapes = [batch + (m, k), bb + (k, n)]
    if rng.random() < 0.15:
        shapes[0] = (k,)
    if rng.random() < 0.15:
        shapes[1] = (k,)
    if rng.random() < 0.1:
        shapes[1] = shapes[1][:-2] + (k + 1,) + shapes[1][-1:] if len(shapes[1]) >= 2 else (k + 1,)
    xs, hs = [], []
    for sh in shapes:
        x = (rng.integers(-4, 5, int(np.prod(sh))) * 0.5).reshape(sh)
        x = x.astype(t) if not t.startswith("int") else np.round(x).astype(t)
        if x.ndim >= 2 and rng.random() < 0.4:  # a transposed view of an F copy
            a = lib.array(np.ascontiguousarray(np.swapaxes(x, -1, -2)))
            h = lib.check(lib.nd_matrix_transpose(a.h))
        else:
            h = lib.array(x)
        xs.append(x)
        hs.append(h)
    log.append("matmul %s %s @ %s" % (t, shapes[0], shapes[1]))
    f = lib.nd_matmul
    f.restype, f.argtypes = P, [P, P]
    run_both(lib, log, lambda: np.matmul(xs[0], xs[1]), lambda: f(hs[0].h, hs[1].h))


EINSUM = [("ij,jk->ik", "ij jk"), ("ii->i", "ii"), ("ij->ji", "ij"), ("bij,bjk->bik", "bij bjk"),
          ("i,i->", "i i"), ("ijk->k", "ijk"), ("ij,j->i", "ij j"), ("ijk,kl->ijl", "ijk kl"),
          ("ii", "ii"), ("ij,ij->ij", "ij ij"), ("i,j->ij", "i j"), ("...ij,...jk", "bij bjk")]


def case_einsum(lib, rng, log):
    subs, letters = EINSUM[int(rng.integers(len(EINSUM)))]
    t = str(rng.choice(["float64", "float32", "complex128", "int64"]))
    dims = {c: int(rng.integers(1, 5)) for c in "bijkl"}
    xs, hs = [], []
    for term in letters.split():
        sh = tuple(dims[c] for c in term)
        x = (rng.integers(-3, 4, int(np.prod(sh))) * 0.5).reshape(sh)
        x = np.round(x).astype(t) if t == "int64" else x.astype(t)
        a = lib.array(x)
        if x.ndim >= 2 and rng.random() < 0.3:  # reversed view of a reversed copy: same values
            r = lib.array(np.ascontiguousarray(x[::-1]))
            a = lib.check(lib.nd_index(r.h, b"::-1"))
        xs.append(x)
        hs.append(a)
    log.append("einsum %r %s %s" % (subs, t, [x.shape for x in xs]))
    ops = (ctypes.c_void_p * len(hs))(*[h.h.value for h in hs])
    f = lib.nd_einsum
    f.restype, f.argtypes = P, [ctypes.c_char_p, ctypes.c_int, ctypes.c_void_p]
    run_both(lib, log, lambda: np.einsum(subs, *xs), lambda: f(subs.encode(), len(hs), ops))


def case_npy(lib, rng, log):
    xv, av = random_view(lib, rng, log, dtype=str(rng.choice(DTYPES)), max_ndim=4)
    fd, path = tempfile.mkstemp(suffix=".npy")
    os.close(fd)
    try:
        lib.nd_save_npy.argtypes = [ctypes.c_char_p, P]
        lib.nd_save_npy.restype = ctypes.c_int
        log.append("save_npy, np.load")
        lib.check_status(lib.nd_save_npy(path.encode(), av.h))
        got = np.load(path)
        assert got.dtype == xv.dtype and np.array_equal(got, xv, equal_nan=True), \
            "np.load of nd's file gives\n%s\nvs\n%s" % (got, xv)
        fortran = bool(rng.random() < 0.5)
        log.append("np.save (fortran order %s), load_npy" % fortran)
        np.save(path, np.array(xv, order="F" if fortran else "C"))
        lib.nd_load_npy.argtypes = [ctypes.c_char_p]
        lib.nd_load_npy.restype = P
        back = lib.check(lib.nd_load_npy(path.encode())).numpy()
        assert back.dtype == xv.dtype and np.array_equal(back, xv, equal_nan=True), \
            "load_npy of NumPy's file gives\n%s\nvs\n%s" % (back, xv)
    finally:
        os.unlink(path)


CASES = [("binary", case_binary, 5), ("unary", case_unary, 3), ("reduce", case_reduce, 4),
         ("matmul", case_matmul, 3), ("einsum", case_einsum, 2), ("npy", case_npy, 1)]
