"""Pairs of equal arrays in NumPy and nd, laid out the same way (C, F, transposed,
reversed, stepped, broadcast, 0-d, size 0), and the comparison of results."""
import numpy as np
from hypothesis import strategies as st

import nd

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float32", "float64", "complex64", "complex128"]
INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float32", "float64"]
COMPLEX = ["complex64", "complex128"]
REAL = ["bool"] + INTS + FLOATS
NUMERIC = INTS + FLOATS + COMPLEX
LAYOUTS = ["C", "F", "T", "reversed", "stepped", "broadcast", "0d", "empty"]


def values(rng, dtype, shape, special=False):
    """Random values of a dtype: small integers, floats of mixed signs and magnitudes (with
    NaN, infinities and signed zeros when special)."""
    n = int(np.prod(shape))
    if dtype == "bool":
        return rng.integers(0, 2, n).astype(bool).reshape(shape)
    if dtype.startswith("int"):
        return rng.integers(-20, 20, n).astype(dtype).reshape(shape)
    if dtype.startswith("uint"):
        return rng.integers(0, 40, n).astype(dtype).reshape(shape)
    re = rng.standard_normal(n) * rng.choice([0.5, 3.0, 50.0], n)
    if special and n:
        k = rng.integers(0, n, max(1, n // 4))
        re[k] = rng.choice([np.nan, np.inf, -np.inf, 0.0, -0.0], len(k))
    if dtype.startswith("complex"):
        im = rng.standard_normal(n) * 2
        return (re + 1j * im).astype(dtype).reshape(shape)
    return re.astype(dtype).reshape(shape)


def pair(rng, dtype, shape, layout, special=False):
    """The same array in NumPy and nd (nd's own copy of the data), both viewed through the
    same layout operation."""
    if layout == "0d":
        shape = ()
    elif layout == "empty":
        shape = tuple(shape[:-1]) + (0,) if shape else (0,)
    elif layout == "stepped":
        shape = tuple(2 * e for e in shape)
    base = values(rng, dtype, shape, special)
    a = nd.asarray(base, copy=True)
    n = base
    if layout == "F":
        n = np.asfortranarray(base)
        a = nd.asarray(n, copy=True)  # the copy keeps the F layout (order K)
    elif layout == "T":
        n, a = base.T, a.T
    elif layout == "reversed" and base.ndim:
        key = (slice(None, None, -1),) * base.ndim
        n, a = base[key], a[key]
    elif layout == "stepped" and base.ndim:
        key = (slice(None, None, 2),) * base.ndim
        n, a = base[key], a[key]
    elif layout == "broadcast" and base.ndim:
        n = np.broadcast_to(base[:1], (3,) + base.shape[1:]) if base.shape[0] else base
        a = nd.broadcast_to(a[:1], (3,) + base.shape[1:]) if base.shape[0] else a
    return n, a


shapes = st.lists(st.integers(1, 4), min_size=1, max_size=3).map(tuple)
layouts = st.sampled_from(LAYOUTS)
seeds = st.integers(0, 2**32 - 1)


def tol(dtype, loose=False):
    if dtype in ("float32", "complex64"):
        return 2e-5 if loose else 2e-6
    return 1e-12 if loose else 1e-14


def check(got, want, rtol=None, dtype=True):
    """nd's result equals NumPy's: shape, dtype (by name) and values (NaN equal to NaN;
    floats within rtol of the magnitude)."""
    if isinstance(want, tuple):
        assert isinstance(got, tuple) and len(got) == len(want)
        for g, w in zip(got, want):
            check(g, w, rtol, dtype)
        return
    assert isinstance(got, nd.Array), type(got)
    w = np.asarray(want)
    g = np.asarray(got)
    assert g.shape == w.shape, (g.shape, w.shape)
    if dtype:
        assert str(got.dtype) == str(w.dtype), (got.dtype, w.dtype)
    if w.dtype.kind in "fc" and rtol is not None:
        scale = np.max(np.abs(w[np.isfinite(w)]), initial=1.0)
        np.testing.assert_allclose(g, w, rtol=rtol, atol=rtol * scale, equal_nan=True)
    else:
        np.testing.assert_array_equal(g, w)
